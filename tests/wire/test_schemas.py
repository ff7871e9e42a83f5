"""Tool schemas are data: a parameter may be called ``type``, ``id``, ``name``, ``data`` or ``signature`` and is
then a property of the schema, never a protocol field. Every API walks such schemas without error, and the
descriptions inside are masked like any other text."""

from __future__ import annotations

import pytest

import coatcheck

EMAIL = "giulia.ferraro@example-mail.it"
PARAMS = ("type", "id", "name", "data", "signature", "model", "role", "encrypted_content", "content", "text")


def _schema() -> dict:
    props = {p: {"type": "string", "description": f"the {p}; ask {EMAIL}"} for p in PARAMS}
    props["nested"] = {"type": "object", "properties": {"type": {"type": {"enum": ["a", "b"]}, "description": EMAIL}}}
    return {"type": "object", "properties": props, "required": ["type"],
            "$defs": {"type": {"type": "string", "description": EMAIL}}}


def _count(obj: object) -> int:
    return str(obj).count(EMAIL)


@pytest.mark.parametrize("api", ["anthropic", "openai-chat", "openai-responses"])
def test_a_schema_with_protocol_named_parameters_is_walked_and_masked(api):
    if api == "anthropic":
        body = {"model": "m", "tools": [{"name": "crm_lookup", "description": "CRM", "input_schema": _schema()}],
                "messages": [{"role": "user", "content": "hi"}]}
    elif api == "openai-chat":
        body = {"model": "m", "tools": [{"type": "function", "function": {"name": "crm_lookup", "parameters": _schema()}}],
                "messages": [{"role": "user", "content": "hi"}]}
    else:
        body = {"model": "m", "tools": [{"type": "function", "name": "crm_lookup", "parameters": _schema()}],
                "input": [{"role": "user", "content": "hi"}]}
    masked = coatcheck.mask_messages(body, coatcheck.Conversation(), api=api)
    assert _count(body) == len(PARAMS) + 2 and _count(masked) == 0
    # the structure a provider validates is untouched: tool names, schema keywords, property names
    assert "crm_lookup" in str(masked) and "'required': ['type']" in str(masked) and "'enum': ['a', 'b']" in str(masked)


def test_an_mcp_schema_through_the_anthropic_walker_keeps_block_rules_outside_schemas():
    conv = coatcheck.Conversation()
    body = {"model": "m", "tools": [{"name": "t", "input_schema": _schema()}], "messages": [
        {"role": "assistant", "content": [{"type": "thinking", "thinking": f"mail {EMAIL}", "signature": "sig"}]},
        {"role": "user", "content": [{"type": "text", "text": f"mail {EMAIL}"}]}]}
    masked = coatcheck.mask_messages(body, conv, api="anthropic")
    # thinking is the model's own text and goes back byte for byte; the user's text is masked
    assert masked["messages"][0]["content"][0]["thinking"] == f"mail {EMAIL}"
    assert EMAIL not in masked["messages"][1]["content"][0]["text"]
