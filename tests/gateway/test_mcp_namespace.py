"""One MCP allow rule for both clients (issue 22 item 8): Codex calls an MCP tool as ``name`` + ``namespace``
(Responses ``function_call``), Claude Code as ``mcp__server__tool``; ``allow_tools = ["mcp__crm__*"]`` matches both,
and without it both are MCP sinks that keep the placeholder."""

from __future__ import annotations

import json
from coatcheck.detect.pipeline import Pipeline
from coatcheck.policy import Policy
from coatcheck.wire.apis import anthropic, responses
from coatcheck.wire.apis.notices import begin_turn
from coatcheck.wire.session import Session

from .test_echo_identity import PH

POLICY = Policy.builtin("agent")
MAIL = "t.lindqvist@harbourline-example.se"


def _session(allow: tuple[str, ...]) -> tuple[Session, str]:
    policy = POLICY.model_copy(update={"restore": POLICY.restore.model_copy(update={"allow_tools": allow})})
    s = Session(b"m" * 32, Pipeline(policy), policy)
    m = PH.search(s.mask(f"customer e-mail {MAIL}"))
    assert m
    return s, m.group()


def _codex_call(s: Session, ph: str) -> tuple[str, str]:
    begin_turn()
    out = responses.restore_response({"status": "completed", "output": [
        {"type": "function_call", "id": "fc_1", "call_id": "call_0123456789abcdefgh", "namespace": "mcp__crm", "name": "crm_query",
         "arguments": json.dumps({"email": ph})}]}, s)["output"]
    return out[0]["arguments"], json.dumps(out[1:])


def _claude_call(s: Session, ph: str) -> str:
    begin_turn()
    out = anthropic.restore_response({"type": "message", "role": "assistant", "stop_reason": "tool_use", "content": [
        {"type": "tool_use", "id": "toolu_0123456789abcdef", "name": "mcp__crm__crm_query", "input": {"email": ph}}]}, s)
    return json.dumps(out["content"][0]["input"])


def test_the_allow_rule_matches_codex_namespaces_and_claude_code_names() -> None:
    s, ph = _session(("mcp__crm__*",))
    args, notices = _codex_call(s, ph)
    assert MAIL in args and "[coatcheck]" not in notices
    assert MAIL in _claude_call(s, ph)


def test_without_the_rule_both_are_mcp_sinks() -> None:
    s, ph = _session(())
    args, notices = _codex_call(s, ph)
    assert MAIL not in args and "mcp__crm__crm_query is an MCP tool the policy does not allow" in notices
    assert MAIL not in _claude_call(s, ph)
    s2, ph2 = _session(("mcp__other__*",))
    assert MAIL not in _codex_call(s2, ph2)[0]


def test_the_namespace_goes_upstream_unchanged() -> None:
    s, _ = _session(())
    body = {"input": [{"type": "function_call", "call_id": "call_0123456789abcdefgh", "namespace": "mcp__crm", "name": "crm_query",
                       "arguments": "{}"}]}
    assert responses.mask_request(body, s)["input"][0]["namespace"] == "mcp__crm"
    assert responses.tool_name({"name": "crm_query", "namespace": "mcp__crm__"}) == "mcp__crm__crm_query"
    assert responses.tool_name({"name": "mcp__crm__crm_query", "namespace": "mcp__crm"}) == "mcp__crm__crm_query"
