"""The launchers with real processes: each run gets a private gateway on its own port, stopped with its client; a
running gateway is used only when named with --gateway and only once it proved it holds the token (nothing is
sent to anything else: not the token, not the provider key, not a prompt); failures are one line, fast."""

from __future__ import annotations

import os
import signal
import stat
import subprocess
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from coatcheck.cli.vault_folders import project_vault_dir

from .conftest import free_port

# A stand-in for Claude Code: what it does with ANTHROPIC_BASE_URL / ANTHROPIC_CUSTOM_HEADERS / ANTHROPIC_API_KEY.
# STANDIN_OUT: where it writes its base URL; STANDIN_WAIT: a file it waits for before its request; STANDIN_KILL_GATEWAY:
# kill the sibling gateway process (found through the launcher's children) and then hang like a client on a dead one.
STANDIN = r'''#!{python}
import os, pathlib, signal, sys, time, urllib.request, urllib.error
base = os.environ["ANTHROPIC_BASE_URL"]
out = pathlib.Path(os.environ["STANDIN_OUT"])
out.write_text(base)
if os.environ.get("STANDIN_KILL_GATEWAY"):
    ppid = os.getppid()
    for pid in pathlib.Path(f"/proc/{{ppid}}/task/{{ppid}}/children").read_text().split():
        if b"serve" in pathlib.Path(f"/proc/{{pid}}/cmdline").read_bytes():
            os.kill(int(pid), signal.SIGKILL)
    time.sleep(120)
wait = os.environ.get("STANDIN_WAIT")
while wait and not os.path.exists(wait):
    time.sleep(0.05)
headers = dict(h.split(": ", 1) for h in os.environ["ANTHROPIC_CUSTOM_HEADERS"].split("\n") if ": " in h)
headers["x-api-key"] = os.environ.get("ANTHROPIC_API_KEY", "k")
req = urllib.request.Request(base + "/v1/messages", data=b'{{"model": "m", "max_tokens": 1, "messages": []}}',
                             headers={{"content-type": "application/json", **headers}})
try:
    status = urllib.request.urlopen(req, timeout=30).status
except urllib.error.HTTPError as e:
    status = e.code
out.write_text(f"{{base}} {{status}}")
'''


@pytest.fixture
def world(tmp_path: Path):
    exe = tmp_path / "claude-standin"
    exe.write_text(STANDIN.format(python=sys.executable))
    exe.chmod(exe.stat().st_mode | stat.S_IEXEC)
    env = {**os.environ, "HOME": str(tmp_path / "home"), "XDG_STATE_HOME": str(tmp_path / "state"), "COATCHECK_VAULT_KEY": "k",
           "COATCHECK_MODEL": "0", "ANTHROPIC_API_KEY": "sk-ant-api03-users-own-key"}
    env.pop("COATCHECK_GATEWAY_TOKEN_FILE", None)
    return tmp_path, exe, env


def _claude(world, *args: str, out: str = "out", extra_env: dict[str, str] | None = None, wait: bool = True):
    tmp, exe, env = world
    own = [] if "--gateway" in args else ["--upstream", "http://127.0.0.1:9", "--gateway-log", str(tmp / "gw.log")]
    cmd = [sys.executable, "-m", "coatcheck", "claude", "--executable", str(exe), *own, *args]
    proc = subprocess.Popen(cmd, env={**env, "STANDIN_OUT": str(tmp / out), **(extra_env or {})}, cwd=tmp,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if not wait:
        return proc
    stdout, stderr = proc.communicate(timeout=120)
    return proc.returncode, stdout, stderr


class Impostor:
    """Something else on a port: answers 200 {"status": "ok"} to everything and records what it was sent."""

    def __init__(self) -> None:
        self.seen: list[tuple[str, str, dict[str, str]]] = []
        outer = self

        class H(BaseHTTPRequestHandler):
            def log_message(self, *a: object) -> None:
                pass

            def _any(self) -> None:
                n = int(self.headers.get("content-length") or 0)
                self.rfile.read(n)
                outer.seen.append((self.command, self.path, {k.lower(): v for k, v in self.headers.items()}))
                body = b'{"status": "ok"}'
                self.send_response(200)
                self.send_header("content-type", "application/json")
                self.send_header("content-length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            do_GET = do_POST = _any

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), H)
        self.port = self.server.server_address[1]
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


def test_the_launcher_starts_a_private_gateway_and_says_where_its_vault_is(world, monkeypatch):
    tmp = world[0]
    monkeypatch.setenv("XDG_STATE_HOME", world[2]["XDG_STATE_HOME"])
    rc, _, stderr = _claude(world)
    assert rc == 0, stderr
    base, status = (tmp / "out").read_text().split()
    assert base.startswith("http://127.0.0.1:") and base != "http://127.0.0.1:8787" and status == "502"  # past the gateway
    line = stderr.strip().splitlines()[0]
    assert "private gateway" in line and "[restore] secrets = credentials" in line and "policy agent" in line
    assert f"vault {project_vault_dir(tmp)}" in line and str(tmp / "state") in line
    assert stat.S_IMODE(os.stat(tmp / "home" / ".config" / "coatcheck" / "gateway.token").st_mode) == 0o600


def test_two_launchers_run_side_by_side_and_the_first_to_exit_leaves_the_other_alone(world):
    tmp = world[0]
    first = _claude(world, out="a", extra_env={"STANDIN_WAIT": str(tmp / "go-a")}, wait=False)
    second = _claude(world, out="b", extra_env={"STANDIN_WAIT": str(tmp / "go-b")}, wait=False)
    try:
        deadline = time.time() + 90
        while not ((tmp / "a").exists() and (tmp / "b").exists()):
            assert time.time() < deadline and first.poll() is None and second.poll() is None, (first.poll() is None or first.communicate(), second.poll() is None or second.communicate())
            time.sleep(0.05)
        assert (tmp / "a").read_text() != (tmp / "b").read_text()  # two gateways, two ports
        (tmp / "go-b").touch()
        assert second.wait(timeout=60) == 0
        (tmp / "go-a").touch()  # the second launcher stopped its gateway; the first one's still serves
        assert first.wait(timeout=60) == 0, first.stderr.read() if first.stderr else ""
        assert (tmp / "a").read_text().endswith(" 502")
    finally:
        for p in (first, second):
            if p.poll() is None:
                p.kill()
            p.communicate()


def test_an_impostor_on_the_requested_port_gets_nothing(world):
    imp = Impostor()
    try:
        t0 = time.monotonic()
        rc, _, stderr = _claude(world, "--port", str(imp.port))
        assert rc == 2 and time.monotonic() - t0 < 30
        assert "in use" in stderr and "Traceback" not in stderr
        assert imp.seen == []
    finally:
        imp.close()


def test_an_impostor_named_with_gateway_gets_a_nonce_and_nothing_else(world):
    imp = Impostor()
    try:
        rc, _, stderr = _claude(world, "--gateway", f"http://127.0.0.1:{imp.port}")
        assert rc == 2 and "not a coatcheck gateway" in stderr and "Traceback" not in stderr
        assert [(m, p.split("?")[0]) for m, p, _ in imp.seen] == [("GET", "/health")]
        assert not any("x-coatcheck-token" in h or "x-api-key" in h for _, _, h in imp.seen)
        assert not (world[0] / "out").exists()  # the client never ran
    finally:
        imp.close()


@pytest.fixture
def running_serve(world):
    tmp, _, env = world
    port = free_port()
    token = tmp / "serve.token"
    proc = subprocess.Popen([sys.executable, "-m", "coatcheck", "serve", "--port", str(port), "--upstream", "http://127.0.0.1:9",
                             "--token-file", str(token), "--memory-vault"], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    import httpx

    deadline = time.time() + 90
    while True:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/health", timeout=1).status_code == 200:
                break
        except httpx.HTTPError:
            pass
        assert proc.poll() is None and time.time() < deadline
        time.sleep(0.1)
    yield port, token, proc
    proc.terminate()
    proc.wait(timeout=10)


def test_a_named_gateway_that_proves_the_token_is_used(world, running_serve):
    port, token, _ = running_serve
    rc, _, stderr = _claude(world, "--gateway", f"http://127.0.0.1:{port}", "--token-file", str(token))
    assert rc == 0, stderr
    assert (world[0] / "out").read_text() == f"http://127.0.0.1:{port} 502"
    assert "proved it holds the token" in stderr and "vault in memory" in stderr


def test_a_named_gateway_with_another_token_is_one_line_at_once(world, running_serve):
    port, _, _ = running_serve
    t0 = time.monotonic()
    rc, _, stderr = _claude(world, "--gateway", f"http://127.0.0.1:{port}", "--token-file", str(world[0] / "other.token"))
    assert rc == 2 and time.monotonic() - t0 < 30
    assert "did not prove it holds this token" in stderr and len(stderr.strip().splitlines()) == 1
    assert not (world[0] / "out").exists()


def test_options_for_a_private_gateway_are_refused_with_gateway(world, running_serve):
    port, token, _ = running_serve
    rc, _, stderr = _claude(world, "--gateway", f"http://127.0.0.1:{port}", "--token-file", str(token), "--policy", "strict",
                            "--vault", str(world[0] / "v"))
    assert rc == 2 and "--policy" in stderr and "--vault" in stderr and "coatcheck serve" in stderr
    assert not (world[0] / "out").exists()


def test_a_token_path_that_is_a_directory_is_a_clear_error(world):
    tmp = world[0]
    (tmp / "tokdir").mkdir()
    rc, _, stderr = _claude(world, "--token-file", str(tmp / "tokdir"))
    assert rc == 2 and "is a directory" in stderr and "Traceback" not in stderr
    r = subprocess.run([sys.executable, "-m", "coatcheck", "serve", "--port", str(free_port()), "--token-file", str(tmp / "tokdir")],
                       env=world[2], capture_output=True, text=True, timeout=60)
    assert r.returncode == 2 and "is a directory" in r.stderr and "Traceback" not in r.stderr


@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="the stand-in finds the gateway through /proc")
def test_a_dead_gateway_stops_the_client_and_says_so(world):
    t0 = time.monotonic()
    rc, _, stderr = _claude(world, extra_env={"STANDIN_KILL_GATEWAY": "1"})
    assert rc == 1 and time.monotonic() - t0 < 60
    assert f"the gateway stopped (exit code -{int(signal.SIGKILL)})" in stderr and "Claude Code was stopped" in stderr
