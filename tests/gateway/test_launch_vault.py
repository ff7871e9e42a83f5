"""Without --vault the gateway keeps its session vaults in a folder that outlives it: after a restart (every
launcher run starts its own gateway), a value it restored into a tool call and that the client resends bare, with
the context that revealed it gone (compaction), is masked again, not sent upstream in clear."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time

import httpx

from coatcheck.cli.vault_folders import project_vault_dir, serve_vault_dir

from .conftest import free_port

PASSWORD = "Xb7#qR2m9Lz4wK!t"
TOOL = "toolu_01" + "Pz3Kq8Lm2Vx7Nr4Wt9Yb5H"


def _serve(env: dict[str, str], upstream: str, token_file) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    proc = subprocess.Popen([sys.executable, "-m", "coatcheck", "serve", "--port", str(port), "--upstream", upstream,
                             "--token-file", str(token_file)], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    deadline = time.time() + 90
    while True:
        try:
            if httpx.get(url + "/health", timeout=1).status_code == 200:
                return proc, url
        except httpx.HTTPError:
            pass
        assert proc.poll() is None and time.time() < deadline
        time.sleep(0.1)


def _post(url: str, token: str, messages: list[dict]) -> None:
    httpx.post(url + "/v1/messages", timeout=60, json={"model": "m", "max_tokens": 5, "messages": messages},
               headers={"x-coatcheck-token": token, "x-api-key": "k", "x-claude-code-session-id": "sess-restart"})


def test_a_restarted_gateway_without_vault_option_still_knows_the_sessions_values(tmp_path, upstream):
    env = {**os.environ, "HOME": str(tmp_path), "XDG_STATE_HOME": str(tmp_path / "state"), "COATCHECK_MODEL": "0"}
    env.pop("COATCHECK_VAULT_KEY", None)  # the key file in HOME, created on first use, as a user has it
    token_file = tmp_path / "gw.token"
    first, url = _serve(env, upstream.url, token_file)
    token = token_file.read_text().strip()
    try:
        _post(url, token, [{"role": "user", "content": "check redis"},
                           {"role": "assistant", "content": [{"type": "tool_use", "id": TOOL, "name": "Read", "input": {"file_path": ".env"}}]},
                           {"role": "user", "content": [{"type": "tool_result", "tool_use_id": TOOL, "content": f"REDIS_PASSWORD={PASSWORD}\n"}]}])
        assert PASSWORD not in json.dumps(upstream.requests[-1])
    finally:
        first.terminate()
        first.wait(timeout=10)
    second, url = _serve(env, upstream.url, token_file)  # the restart
    try:
        n = len(upstream.requests)
        call = "toolu_01" + "Mq2Zr8Kx3Lp7Vw4Nt9Yb6C"
        _post(url, token, [{"role": "user", "content": "Summary so far: we read .env. Continue."},
                           {"role": "assistant", "content": [{"type": "tool_use", "id": call, "name": "Bash",
                                                              "input": {"command": f"redis-cli -a '{PASSWORD}' ping"}}]},
                           {"role": "user", "content": [{"type": "tool_result", "tool_use_id": call, "content": "PONG"}]}])
        assert len(upstream.requests) == n + 1 and PASSWORD not in json.dumps(upstream.requests[-1])
    finally:
        second.terminate()
        second.wait(timeout=10)
    assert any(serve_vault_dir().name == p.name for p in (tmp_path / "state" / "coatcheck" / "vaults").iterdir())


def test_each_project_has_its_own_default_vault_folder(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    for name in ("shop", "other/shop"):
        (tmp_path / name / ".git").mkdir(parents=True)
        (tmp_path / name / "src" / "deep").mkdir(parents=True)
    shop = project_vault_dir(tmp_path / "shop" / "src" / "deep")
    assert shop == project_vault_dir(tmp_path / "shop")  # one folder for the whole work tree
    assert shop != project_vault_dir(tmp_path / "other" / "shop")  # same name, another project
    assert shop.parent == tmp_path / "state" / "coatcheck" / "vaults" and shop.name.startswith("shop-")
