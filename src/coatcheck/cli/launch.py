"""Running a client through a gateway: the gateway token and log files, the gateway a launcher talks to, and the
client's own subprocess. What ``serve`` is started with is the caller's (``cli/serve.py``); nothing here imports
the gateway: the caller hands in the probe that checks a gateway's proof of the token
(:func:`coatcheck.gateway.challenge.probe`).

Each launcher run gets a private gateway (:func:`start_private`): ``coatcheck serve`` on a socket the launcher
binds itself on 127.0.0.1 (a random free port unless ``--port``) and hands to the child, and keeps open until the
client has exited, so no other program can take the port while the client uses it; the gateway is stopped with
the client. A long-running ``coatcheck serve`` is used only when the user names it (:func:`attach`), and only
once it proved it holds the token. Nothing is sent to a gateway before it proved that: not the token, not the
provider key, not a prompt.
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import IO, Any, NoReturn
from urllib.request import ProxyHandler, Request, build_opener

import typer

from ..errors import CoatcheckError
from .common import err, fail

Probe = Callable[[str, str], Mapping[str, str] | None]
"""``probe(base_url, token)``: the gateway's proven info, None when nothing answers (yet); raises
:class:`CoatcheckError` when something answers without proving it holds the token."""

START_SECONDS = 90.0  # the first start may load the detection model
SHARED_CHECK_SECONDS = 5.0
SHARED_MISSES = 3  # a shared gateway that does not answer this many checks in a row is gone
SUMMARY_SECONDS = 3.0


def token_path(path: Path | None = None) -> Path:
    """Where the gateway token lives: ``--token-file``, ``$COATCHECK_GATEWAY_TOKEN_FILE`` or the config dir."""
    return Path(path or os.environ.get("COATCHECK_GATEWAY_TOKEN_FILE") or Path.home() / ".config" / "coatcheck" / "gateway.token")


def gateway_token(path: Path | None = None) -> str:
    """The gateway token (created 0600 on first use): clients send it in ``x-coatcheck-token``. A token path that
    cannot be a token file (a directory, unreadable, not UTF-8) is a :class:`CoatcheckError` naming it."""
    from ..vault import secret_file

    where = token_path(path)
    if where.is_dir():
        raise CoatcheckError(f"the token file {where} is a directory; pass --token-file with the path of a file")
    try:
        return secret_file(where, "token file").decode("utf-8")
    except UnicodeDecodeError:
        raise CoatcheckError(f"the token file {where} is not a coatcheck token (not UTF-8 text)") from None
    except OSError as exc:
        raise CoatcheckError(f"cannot read or create the token file {where} ({exc.strerror or exc.__class__.__name__})") from None


def default_gateway_log() -> Path:
    """Where the output of a gateway that ``coatcheck claude``/``codex`` start goes without ``--gateway-log``."""
    return Path.home() / ".config" / "coatcheck" / "gateway.log"


class Gateway:
    """The gateway a launched client talks to: ``base`` URL, the ``token``, the ``info`` it proved
    (policy, restore mode, vault kind); ``private`` when this launcher started it."""

    def __init__(self, base: str, token: str, info: Mapping[str, str], probe: Probe, *, log_path: Path | None = None,
                 server: subprocess.Popen[bytes] | None = None, sock: socket.socket | None = None,
                 log_fh: IO[bytes] | None = None) -> None:
        self.base, self.token, self.info, self.log_path = base, token, dict(info), log_path
        self._probe = probe
        self._server, self._sock, self._log_fh = server, sock, log_fh
        self._next_check = time.monotonic() + SHARED_CHECK_SECONDS
        self._misses = 0

    @property
    def private(self) -> bool:
        return self._server is not None

    def summary(self) -> dict[str, Any] | None:
        """What the gateway did (``/coatcheck/summary``: counts and labels only), None when it does not answer."""
        if self._server is not None and self._server.poll() is not None:
            return None
        req = Request(self.base + "/coatcheck/summary", headers={"x-coatcheck-token": self.token})
        try:  # never through a proxy: the token goes to the gateway that proved it holds it, and nowhere else
            with build_opener(ProxyHandler({})).open(req, timeout=SUMMARY_SECONDS) as resp:
                data = json.loads(resp.read())
        except (OSError, ValueError):
            return None
        return data if isinstance(data, dict) else None

    def failure(self) -> str | None:
        """Why the gateway can no longer serve the client, or None while it can. A private gateway is checked
        every call (its process); a shared one at most every few seconds (its proof, again)."""
        if self._server is not None:
            code = self._server.poll()
            return None if code is None else f"the gateway stopped (exit code {code})"
        now = time.monotonic()
        if now < self._next_check:
            return None
        self._next_check = now + SHARED_CHECK_SECONDS
        try:
            if self._probe(self.base, self.token) is None:
                self._misses += 1
                return f"the gateway at {self.base} stopped answering" if self._misses >= SHARED_MISSES else None
        except CoatcheckError as exc:
            return str(exc)
        self._misses = 0
        return None

    def close(self) -> None:
        """Stop the gateway if this launcher started it, and release its port."""
        if self._server is not None:
            if self._server.poll() is None:
                self._server.terminate()
                try:
                    self._server.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    self._server.kill()
                    self._server.wait()
        if self._sock is not None:
            self._sock.close()
            self._sock = None
        if self._log_fh is not None:
            self._log_fh.close()
            self._log_fh = None


def bind_loopback(port: int | None) -> socket.socket:
    """A listening TCP socket on 127.0.0.1:``port`` (None: a free one the system picks), inheritable by a child."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    try:
        sock.bind(("127.0.0.1", port or 0))
    except OSError:
        sock.close()
        raise CoatcheckError(f"port {port} on 127.0.0.1 is in use: leave out --port for a free one, or, to use a "
                             f"`coatcheck serve` running there, pass --gateway http://127.0.0.1:{port}") from None
    sock.listen(128)
    return sock


def _last_line(path: Path, offset: int) -> str:
    """The last non-empty line the gateway wrote to its log since ``offset`` (its own error message: no values)."""
    try:
        with open(path, "rb") as fh:
            fh.seek(offset)
            lines = [x.strip() for x in fh.read().decode("utf-8", "replace").splitlines() if x.strip()]
    except OSError:
        return ""
    return lines[-1][:300] if lines else ""


def start_private(serve_args: list[str], token: str, port: int | None, log_file: Path | None, probe: Probe) -> Gateway:
    """``coatcheck serve serve_args`` on a socket bound here (``port``, or a free one), its output appended to
    ``log_file``; returned once it proved it holds ``token``. The child runs in its own session, so a Ctrl-C meant
    for the client does not stop it; it is stopped by :meth:`Gateway.close`."""
    sock = bind_loopback(port)
    bound = sock.getsockname()[1]
    base = f"http://127.0.0.1:{bound}"
    log_path = Path(log_file or default_gateway_log())
    log_path.parent.mkdir(parents=True, exist_ok=True)
    log_fh = open(log_path, "ab")
    offset = log_fh.tell()
    cmd = [sys.executable, "-m", "coatcheck", "serve", *serve_args]
    if os.name == "posix":  # the child serves on this very socket: the port is never free for someone else to take
        sock.set_inheritable(True)
        server = subprocess.Popen([*cmd, "--fd", str(sock.fileno())], pass_fds=(sock.fileno(),), stdout=log_fh,
                                  stderr=log_fh, stdin=subprocess.DEVNULL, start_new_session=True)
    else:  # no descriptor passing: the child binds the port itself, and the proof below shows it is ours
        sock.close()
        sock = None  # type: ignore[assignment]
        server = subprocess.Popen([*cmd, "--port", str(bound)], stdout=log_fh, stderr=log_fh, stdin=subprocess.DEVNULL)
    gw = Gateway(base, token, {}, probe, log_path=log_path, server=server, sock=sock, log_fh=log_fh)
    deadline = time.monotonic() + START_SECONDS
    try:
        while True:
            code = server.poll()
            if code is not None:
                said = _last_line(log_path, offset)
                raise CoatcheckError(f"the gateway exited at start (exit code {code})" + (f": {said}" if said else "") + f"; log: {log_path}")
            info = probe(base, token)
            if info is not None:
                gw.info = dict(info)
                return gw
            if time.monotonic() > deadline:
                raise CoatcheckError(f"the gateway did not start within {START_SECONDS:.0f} s; log: {log_path}")
            time.sleep(0.1)
    except BaseException:
        gw.close()
        raise


def attach(url: str, token: str, probe: Probe) -> Gateway:
    """The long-running gateway at ``url``, once it proved it holds ``token``; a :class:`CoatcheckError` at once
    when nothing answers or what answers does not prove it."""
    base = url.rstrip("/")
    if base.endswith("/v1"):
        base = base[: -len("/v1")]
    info = probe(base, token)
    if info is None:
        raise CoatcheckError(f"no gateway answers at {base}; start one with `coatcheck serve`, or leave out --gateway "
                             "for a private one")
    return Gateway(base, token, info, probe)


def _stop(proc: subprocess.Popen[bytes]) -> None:
    proc.terminate()
    try:
        proc.wait(timeout=5)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


def find_client(executable: str, name: str) -> str:
    """The client's executable on PATH (looked up before any gateway starts); exits 2 naming it if missing."""
    import shutil

    exe = shutil.which(executable)
    if exe is None:
        fail(CoatcheckError(f"{executable!r} not found on PATH; install {name} or pass --executable"))
    return exe


def summary_line(summary: Mapping[str, Any] | None, private: bool = True) -> str:
    """The launcher's exit line: values masked per category, placeholders kept (tool and reason) and how to allow
    them. Counts and labels only."""
    if summary is None:
        return "coatcheck: the gateway's summary is not available (it stopped)"
    masked = {str(k): int(v) for k, v in dict(summary.get("masked") or {}).items() if int(v) > 0}
    what = ", ".join(f"{n} {cat}" for cat, n in sorted(masked.items(), key=lambda kv: -kv[1])) or "nothing"
    scope = "" if private else " (the shared gateway, all its clients since it started)"
    line = f"coatcheck{scope}: masked {what} in {int(summary.get('requests') or 0)} request(s)"
    kept = [k for k in summary.get("kept") or [] if isinstance(k, dict)]
    if not kept:
        return line + "; no placeholder kept in tool calls"
    total = sum(int(k.get("count") or 0) for k in kept)
    shown = "; ".join(f"{k.get('tool')}: {k.get('reason')} ({k.get('count')})" for k in kept[:3])
    more = f"; and {len(kept) - 3} more" if len(kept) > 3 else ""
    return (f"{line}; kept {total} placeholder(s) in tool calls ({shown}{more}); to allow one, add the tool to "
            "[restore] allow_tools (e.g. \"mcp__crm__*\") or the host to [restore] allow_hosts in your policy (--policy)")


def run_client(gw: Gateway, exe: str, name: str, args: list[str], env: dict[str, str]) -> NoReturn:
    """Run the client ``exe`` with ``args`` and ``env`` while watching the gateway; stop the gateway if this command
    started it; exit with the client's exit code. If the gateway dies first, the client is stopped (a client left
    talking to a dead gateway retries for minutes, or waits forever) and the launcher says so and exits 1.

    Ctrl-C belongs to the client (it interrupts a turn there): the launcher ignores it; a SIGTERM or SIGHUP sent to
    the launcher is passed on to the client."""
    # handlers, not SIG_IGN: a handler is reset in the child at exec, an ignored signal would stay ignored there
    proc: subprocess.Popen[bytes] | None = None

    def forward(signum: int, frame: object) -> None:
        if proc is not None and proc.poll() is None:
            proc.send_signal(signum)

    passed_on = {signal.SIGTERM, getattr(signal, "SIGHUP", signal.SIGTERM)}
    previous = {s: signal.getsignal(s) for s in (signal.SIGINT, *passed_on)}
    signal.signal(signal.SIGINT, lambda signum, frame: None)  # the terminal sends it to the client itself
    for s in passed_on:
        signal.signal(s, forward)
    failure: str | None = None
    summary: dict[str, Any] | None = None
    try:
        proc = subprocess.Popen([exe, *args], env=env)
        while True:
            try:
                code = proc.wait(timeout=0.5)
                break
            except subprocess.TimeoutExpired:
                pass
            failure = gw.failure()
            if failure is not None:
                _stop(proc)
                code = 1
                break
        if failure is None:
            summary = gw.summary()
    finally:
        for s, h in previous.items():
            signal.signal(s, h)
        gw.close()
    if failure is not None:
        where = f"; gateway log: {gw.log_path}" if gw.log_path else ""
        err.print(f"coatcheck: {failure} while {name} was running; {name} was stopped{where}", markup=False, highlight=False)
    else:
        err.print(summary_line(summary, gw.private), markup=False, highlight=False)
    raise typer.Exit(code)
