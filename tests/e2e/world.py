"""What the real-client tests share: the planted values, a home folder and workspace per client (:class:`World`), and
the checks over what the scripted model recorded (planted values, thinking replays, placeholders)."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from gateway.conftest import free_port  # tests/ is on sys.path (rootdir packages)
from . import mcp_server
from .scripted import PLACEHOLDER, ScriptedModel

TOKEN = "sk-ant-api03-" + "Xf8kQ2mZ7vR4tL9pW3nB6yH1cJ5dG0sA8eU2iO7qT4rY6wE9zX3vN5bM1kL8jH0gF2dS4aP6oI9uY7tR5eW3qQ1A-B2c3D4eAA"
ENV_FILE = (
    "DATABASE_URL=postgres://app:Qm7vT2xLp9wRz4@db.internal:5432/app\n"
    f"API_TOKEN={TOKEN}\n"
    "OWNER_EMAIL=priscilla.hartwell@example-corp.io\n"
    "OWNER_NAME=Priscilla Hartwell\n"
)
PROJECT_NOTES = "# Project notes\n\nRelease manager: Casimir Oyelaran-Whitfield (c.oyelaran@northwind-labs.io, +44 7911 123456).\n"
PLANTED = {"db password": "Qm7vT2xLp9wRz4", "api token": TOKEN, "owner email": "priscilla.hartwell@example-corp.io",
           "owner name": "Hartwell", "notes name": "Oyelaran-Whitfield", "notes email": "c.oyelaran@northwind-labs.io",
           "notes phone": "7911 123456", **mcp_server.PLANTED}
PROMPT = "Read {env} and write the API_TOKEN value into token.txt"
FOLLOW_UP = "What did you write into token.txt?"
TIMEOUT = 180




class World:
    """One home folder, workspace and scripted model for a client's scenarios, run in order. ``home`` and ``work``
    default to ``root/home`` and ``root/work``; a caller may put the workspace inside the home, as people do."""

    def __init__(self, root: Path, exe: Path, model: ScriptedModel, url: str, *, home: Path | None = None,
                 work: Path | None = None) -> None:
        self.home, self.work = home or root / "home", work or root / "work"
        self.home.mkdir(parents=True)
        self.work.mkdir(parents=True)
        (self.work / ".env").write_text(ENV_FILE)
        # project instructions the clients load into their context by themselves: user content inside their blocks
        (self.work / "CLAUDE.md").write_text(PROJECT_NOTES)
        (self.work / "AGENTS.md").write_text(PROJECT_NOTES)
        (self.work / "mcp.json").write_text(json.dumps({"mcpServers": {"crm": {"command": sys.executable, "args": [mcp_server.__file__]}}}))
        self.exe, self.model, self.url = exe, model, url
        self.results: dict[str, Any] = {}

    def env(self, **extra: str) -> dict[str, str]:
        keep = {k: v for k, v in os.environ.items() if k in ("PATH", "LANG", "LC_ALL", "TMPDIR", "VIRTUAL_ENV", "PYTHONPATH")}
        return {**keep, "HOME": str(self.home), "COATCHECK_VAULT_KEY": "e2e-vault-key", "ANTHROPIC_API_KEY": "sk-ant-e2e-key",
                "OPENAI_API_KEY": "sk-e2e-key", "NO_COLOR": "1", **extra}

    def launcher(self, client: str, *, vault: Path | None | bool = True, port: bool = True) -> list[str]:
        """``coatcheck <client> … --``. ``vault``: True for ``home/vault``, a path for that folder, None/False for
        none given (the launcher's default per-project folder); ``port``: False to let the launcher pick one."""
        h = self.home
        cmd = [sys.executable, "-m", "coatcheck", client, "--upstream", self.url, "--executable", str(self.exe),
               "--token-file", str(h / "gateway.token"), "--gateway-log", str(h / "gateway.log"), "--audit", str(h / "audit.jsonl")]
        if port:
            cmd += ["--port", str(free_port())]
        if vault:
            cmd += ["--vault", str(h / "vault" if vault is True else vault)]
        return [*cmd, "--"]

    def run(self, cmd: list[str], env: dict[str, str]) -> tuple[str, list[dict[str, Any]]]:
        """(stdout, the requests the model recorded during the run)."""
        before = len(self.model.requests)
        started = time.monotonic()
        r = subprocess.run(cmd, cwd=self.work, env=env, capture_output=True, text=True, timeout=TIMEOUT)
        self.results.setdefault("seconds", []).append(round(time.monotonic() - started, 1))
        self.results.setdefault("stderr", []).append(r.stderr)
        assert r.returncode == 0, f"exit {r.returncode}\nstdout: {r.stdout[-3000:]}\nstderr: {r.stderr[-3000:]}"
        new = self.model.requests[before:]
        assert new, "the client sent nothing upstream"
        return r.stdout, new


def leaks(requests: list[dict[str, Any]]) -> list[str]:
    """Which planted values occur in any recorded body, header or path (raw bytes and JSON-decoded)."""
    found = []
    for req in requests:
        blob = req["body"].decode("utf-8", "replace") + json.dumps(req["json"], ensure_ascii=False) + json.dumps(req["headers"]) + req["path"]
        found += [f"{name} in {req['path']}" for name, value in PLANTED.items() if value in blob]
    return found


def strip(node: Any) -> Any:
    """A message list without cache_control markers (the client moves them from turn to turn)."""
    if isinstance(node, dict):
        return {k: strip(v) for k, v in node.items() if k != "cache_control"}
    if isinstance(node, list):
        return [strip(v) for v in node]
    return node


def token_placeholder(requests: list[dict[str, Any]]) -> str:
    for req in requests:
        m = re.search(r"API_TOKEN=(" + PLACEHOLDER.pattern + ")", req["body"].decode())
        if m:
            return m.group(1)
    raise AssertionError("the token's placeholder never reached the model")


def replayed_thinking(model: ScriptedModel, requests: list[dict[str, Any]]) -> int:
    """How many thinking blocks / reasoning items came back; each must be one the model sent, byte for byte."""
    sent = set(model.sent_thinking)
    n = 0
    for req in requests:
        body = req["json"]
        for m in body.get("messages") or []:
            for b in m["content"] if isinstance(m.get("content"), list) else []:
                if b.get("type") == "thinking":
                    assert (b["thinking"], b["signature"]) in sent, b
                    n += 1
        for it in body.get("input") or [] if isinstance(body.get("input"), list) else []:
            if isinstance(it, dict) and it.get("type") == "reasoning":
                text = "".join(p.get("text", "") for p in it.get("summary") or [])
                assert (text, it.get("encrypted_content")) in sent, it
                n += 1
    return n


def same_history(before: dict[str, Any], after: dict[str, Any]) -> None:
    """The earlier session's messages (its last request) open the later request, byte for byte but for markers."""
    old, new = strip(before["messages"]), strip(after["messages"])
    old = [m for m in old if m["role"] != "system"]
    new = [m for m in new if m["role"] != "system"]
    assert new[: len(old)] == old


def same_input(before: dict[str, Any], after: dict[str, Any], *, ids: bool = True) -> None:
    """The earlier thread's input opens the later request as it was masked then (with ``ids=False``: but for item
    ids, which Codex renews in a forked thread)."""
    def items(body: dict[str, Any]) -> list[Any]:
        return [it if ids else {k: v for k, v in it.items() if k != "id"} for it in body["input"]]

    old = items(before)
    assert items(after)[: len(old)] == old
