"""The real Claude Code and Codex CLIs (from npm) through ``coatcheck claude`` / ``coatcheck codex``, headless, against
a scripted model on 127.0.0.1 (``scripted.py``): read a planted ``.env``, write the token's placeholder into a file
with the shell tool, answer. Each launcher run starts its own gateway (with a vault folder), so every later scenario
also crosses a gateway restart.

For each client and scenario (plain, continue/resume, fork, MCP; thinking/reasoning is on in all of them):
- no planted value in any request body, header or path the upstream recorded (the values are in a ``.env`` the
  model reads, in CLAUDE.md / AGENTS.md the clients load themselves, and in an MCP server's definitions);
- the real token in the written file, and in the answer the user sees;
- the client's own system prompt and built-in tool definitions reach the upstream with no placeholder, byte-identical
  from one session to the next (a shared prompt-cache prefix);
- thinking blocks / reasoning items come back exactly as the model sent them;
- a continued or forked session sends the earlier turns with the same placeholders.

The clients are installed into ``~/.cache/coatcheck/e2e-clients`` (``COATCHECK_E2E_CACHE``) on first use; when npm or
its registry is unreachable the tier fails and says so.
"""

from __future__ import annotations

import json
import sys
from typing import Any

import pytest

from . import mcp_server
from .scripted import PLACEHOLDER
from .world import FOLLOW_UP, PROMPT, TOKEN, World
from .world import leaks as _leaks
from .world import replayed_thinking as _replayed_thinking
from .world import same_history as _same_history
from .world import same_input as _same_input
from .world import strip as _strip
from .world import token_placeholder as _token_placeholder


# ---------------------------------------------------------------------------------------------------- Claude Code
@pytest.fixture(scope="module")
def claude(tmp_path_factory, clients, model) -> World:
    return World(tmp_path_factory.mktemp("claude"), clients["claude"], model, model.url)


def _claude(world: World, prompt: str, *args: str, **env: str) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    cmd = [*world.launcher("claude"), "-p", prompt, "--output-format", "stream-json", "--verbose", "--allowedTools", "Read,Bash", *args]
    out, requests = world.run(cmd, world.env(**env))
    events = [json.loads(line) for line in out.splitlines() if line.startswith("{")]
    result = next(e for e in reversed(events) if e.get("type") == "result")
    assert not result.get("is_error"), result
    return result, [r for r in requests if r["path"] == "/v1/messages"]


def _builtin(body: dict[str, Any]) -> tuple[str, str]:
    """Claude Code's system prompt and built-in tool definitions, as sent."""
    tools = [t for t in body.get("tools") or [] if not str(t.get("name", "")).startswith("mcp__")]
    return json.dumps(_strip(body.get("system"))), json.dumps(_strip(tools))


def test_claude_code_plain(claude: World):
    result, requests = _claude(claude, PROMPT.format(env=claude.work / ".env"))
    assert not _leaks(claude.model.requests), _leaks(claude.model.requests)
    assert "Release manager: " in requests[0]["body"].decode()  # CLAUDE.md went out, masked
    assert (claude.work / "token.txt").read_text() == TOKEN
    assert TOKEN in result["result"] and not PLACEHOLDER.search(result["result"])
    system, tools = _builtin(requests[0]["json"])
    assert not PLACEHOLDER.search(system) and not PLACEHOLDER.search(tools)
    assert all(_builtin(r["json"]) == (system, tools) for r in requests)
    assert _replayed_thinking(claude.model, requests) >= 2
    claude.results.update(session=result["session_id"], last=requests[-1]["json"], builtin=(system, tools),
                          token_ph=_token_placeholder(requests))


def test_claude_code_continue(claude: World):
    assert "session" in claude.results, "the plain scenario did not run"
    (claude.work / "token.txt").unlink()
    result, requests = _claude(claude, FOLLOW_UP, "--continue")
    assert not _leaks(claude.model.requests)
    assert TOKEN in result["result"] and not PLACEHOLDER.search(result["result"])
    assert _token_placeholder(requests) == claude.results["token_ph"]
    _same_history(claude.results["last"], requests[0]["json"])
    assert _builtin(requests[0]["json"]) == claude.results["builtin"]
    assert _replayed_thinking(claude.model, requests) >= 3


def test_claude_code_fork(claude: World):
    assert "session" in claude.results, "the plain scenario did not run"
    result, requests = _claude(claude, FOLLOW_UP, "--resume", claude.results["session"], "--fork-session")
    assert result["session_id"] != claude.results["session"]
    assert requests[0]["headers"].get("x-claude-code-session-id") == result["session_id"]
    assert not _leaks(claude.model.requests)
    assert TOKEN in result["result"] and not PLACEHOLDER.search(result["result"])
    # a new session id, the same placeholders: the forked history is a prompt-cache hit
    assert _token_placeholder(requests) == claude.results["token_ph"]
    _same_history(claude.results["last"], requests[0]["json"])
    assert _builtin(requests[0]["json"]) == claude.results["builtin"]


def test_claude_code_mcp_tool_definitions(claude: World):
    # tool search off: every MCP tool's definition goes out in tools[] on every request, as most setups send it
    result, requests = _claude(claude, PROMPT.format(env=claude.work / ".env"), "--mcp-config", str(claude.work / "mcp.json"),
                               ENABLE_TOOL_SEARCH="false")
    assert not _leaks(claude.model.requests), _leaks(claude.model.requests)
    assert TOKEN in result["result"]
    body = requests[0]["json"]
    mcp = [t for t in body["tools"] if t["name"] == "mcp__crm__crm_query"]
    assert mcp and PLACEHOLDER.search(json.dumps(mcp)), "the MCP tool was not sent, or sent unmasked"
    # the server's instructions (the user's data) are masked wherever the client puts them; the client's own system
    # prompt and built-in tools are as in every other session
    text = requests[0]["body"].decode()
    section = text[text.index("# MCP Server Instructions"):][:2000]
    assert "CRM lives at" in section and PLACEHOLDER.search(section)
    system, tools = _builtin(body)  # (tool search off sends more built-in tools than the other sessions)
    assert system == claude.results["builtin"][0] and not PLACEHOLDER.search(tools)


# ---------------------------------------------------------------------------------------------------- Codex
@pytest.fixture(scope="module")
def codex(tmp_path_factory, clients, model) -> World:
    return World(tmp_path_factory.mktemp("codex"), clients["codex"], model, model.url)


def _codex(world: World, *args: str, mcp: bool = False) -> tuple[str, str, list[dict[str, Any]]]:
    """(the last agent message, the thread id, requests to /v1/responses)."""
    last = world.home / "last-message.txt"
    extra = ["-c", f'mcp_servers.crm.command="{sys.executable}"', "-c", f'mcp_servers.crm.args=["{mcp_server.__file__}"]'] if mcp else []
    cmd = [*world.launcher("codex"), *extra, "exec", "--skip-git-repo-check", "--dangerously-bypass-approvals-and-sandbox",
           "-m", "gpt-5", "--json", "-o", str(last), *args]
    out, requests = world.run(cmd, world.env())
    events = [json.loads(line) for line in out.splitlines() if line.startswith("{")]
    thread = next((e.get("thread_id") for e in events if e.get("type") == "thread.started"), None)
    return last.read_text(), str(thread), [r for r in requests if r["path"].endswith("/responses")]


def _codex_builtin(body: dict[str, Any]) -> tuple[str, str]:
    tools = [t for t in body.get("tools") or [] if "crm" not in json.dumps(t)]
    return json.dumps(body.get("instructions")), json.dumps(tools)


def test_codex_plain(codex: World):
    answer, thread, requests = _codex(codex, PROMPT.format(env=codex.work / ".env"))
    assert not _leaks(codex.model.requests), _leaks(codex.model.requests)
    assert "Release manager: " in requests[0]["body"].decode()  # AGENTS.md went out, masked
    assert (codex.work / "token.txt").read_text() == TOKEN
    assert TOKEN in answer and not PLACEHOLDER.search(answer)
    instructions, tools = _codex_builtin(requests[0]["json"])
    assert not PLACEHOLDER.search(instructions) and not PLACEHOLDER.search(tools)
    assert all(_codex_builtin(r["json"]) == (instructions, tools) for r in requests)
    # client metadata (body and x-codex-turn-metadata header) is protocol data here: nothing in it to mask
    assert not PLACEHOLDER.search(json.dumps(requests[0]["json"].get("client_metadata")))
    assert not PLACEHOLDER.search(requests[0]["headers"].get("x-codex-turn-metadata", ""))
    assert _replayed_thinking(codex.model, requests) >= 2
    codex.results.update(thread=thread, last=requests[-1]["json"], builtin=(instructions, tools), token_ph=_token_placeholder(requests))


def test_codex_resume(codex: World):
    assert "thread" in codex.results, "the plain scenario did not run"
    answer, _, requests = _codex(codex, "resume", "--last", FOLLOW_UP)
    assert not _leaks(codex.model.requests)
    assert TOKEN in answer and not PLACEHOLDER.search(answer)
    assert _token_placeholder(requests) == codex.results["token_ph"]
    _same_input(codex.results["last"], requests[0]["json"])
    assert _codex_builtin(requests[0]["json"]) == codex.results["builtin"]


def test_codex_fork(codex: World):
    assert "thread" in codex.results, "the plain scenario did not run"
    answer, thread, requests = _codex(codex, "fork", codex.results["thread"], FOLLOW_UP)
    assert thread != codex.results["thread"]
    assert not _leaks(codex.model.requests)
    assert TOKEN in answer and not PLACEHOLDER.search(answer)
    assert _token_placeholder(requests) == codex.results["token_ph"]
    _same_input(codex.results["last"], requests[0]["json"], ids=False)


def test_codex_mcp_tool_definitions(codex: World):
    (codex.work / "token.txt").unlink(missing_ok=True)
    answer, _, requests = _codex(codex, PROMPT.format(env=codex.work / ".env"), mcp=True)
    assert not _leaks(codex.model.requests), _leaks(codex.model.requests)
    assert (codex.work / "token.txt").read_text() == TOKEN and TOKEN in answer
    body = json.dumps(requests[0]["json"])
    assert "crm_query" in body, "the MCP tool never reached the model"
    # Codex sends an MCP server as a "namespace" tool: the server's instructions as its description, its tools inside
    mcp = [t for t in requests[0]["json"].get("tools") or [] if "crm" in json.dumps(t)]
    assert mcp and PLACEHOLDER.search(json.dumps(mcp)), "the MCP server's tools were not sent, or sent unmasked"
    assert "CRM lives at" in json.dumps(mcp)
