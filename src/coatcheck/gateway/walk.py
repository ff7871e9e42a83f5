"""Protocol walkers: plain functions over parsed request/response bodies that mask or restore string leaves
in place and touch nothing else (ids, names, signatures, thinking, cache_control, base64 media, key order)."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from .sessions import Session

Str = Callable[[str], str]
BILLING_PREFIX = "x-anthropic-billing-header:"


def map_leaves(value: Any, fn: Str) -> Any:
    """Every string leaf of a JSON value through ``fn`` (keys untouched, order kept)."""
    if isinstance(value, str):
        return fn(value)
    if isinstance(value, list):
        return [map_leaves(v, fn) for v in value]
    if isinstance(value, dict):
        return {k: map_leaves(v, fn) for k, v in value.items()}
    return value


# ---------------------------------------------------------------------------------------- Anthropic
def _anthropic_block(block: Any, fn: Str) -> None:
    if not isinstance(block, dict):
        return
    t = block.get("type")
    if t == "text" and isinstance(block.get("text"), str):
        block["text"] = fn(block["text"])
    elif t == "tool_use" and "input" in block:
        block["input"] = map_leaves(block["input"], fn)
    elif t == "tool_result":
        c = block.get("content")
        if isinstance(c, str):
            block["content"] = fn(c)
        elif isinstance(c, list):
            for b in c:
                _anthropic_block(b, fn)
    elif t == "document":
        src = block.get("source")
        if isinstance(src, dict) and src.get("type") == "text" and isinstance(src.get("data"), str):
            src["data"] = fn(src["data"])
        elif isinstance(src, dict) and src.get("type") == "content" and isinstance(src.get("content"), list):
            for b in src["content"]:
                _anthropic_block(b, fn)
        for k in ("title", "context"):
            if isinstance(block.get(k), str):
                block[k] = fn(block[k])
    elif t == "search_result":
        for k in ("title", "source"):
            if isinstance(block.get(k), str):
                block[k] = fn(block[k])
        for b in block.get("content") or []:
            _anthropic_block(b, fn)
    # thinking, redacted_thinking, image, compaction, server tool blocks …: never touched


def mask_anthropic_request(body: dict, session: Session) -> None:
    fn = session.mask
    system = body.get("system")
    if isinstance(system, str):
        if not system.startswith(BILLING_PREFIX):
            body["system"] = fn(system)
    elif isinstance(system, list):
        for i, block in enumerate(system):
            if i == 0 and isinstance(block, dict) and str(block.get("text", "")).startswith(BILLING_PREFIX):
                continue  # the attribution block is stripped positionally upstream: leave it byte-identical
            _anthropic_block(block, fn)
    for message in body.get("messages") or []:
        if not isinstance(message, dict):
            continue
        content = message.get("content")
        if isinstance(content, str):
            message["content"] = fn(content)
        elif isinstance(content, list):
            for block in content:
                _anthropic_block(block, fn)


def restore_anthropic_response(body: dict, session: Session) -> None:
    for block in body.get("content") or []:
        if not isinstance(block, dict):
            continue
        if block.get("type") == "text" and isinstance(block.get("text"), str):
            block["text"] = session.restore_echoed(block["text"])
        elif block.get("type") == "tool_use" and "input" in block:
            block["input"] = map_leaves(block["input"], session.restore_echoed)


def remember_json_echo(session: Session, upstream_json: str, restored_json: str) -> None:
    """After a streamed tool_use block: pair the leaves of the upstream and restored inputs for the echo map."""
    try:
        u, s = json.loads(upstream_json or "{}"), json.loads(restored_json or "{}")
    except ValueError:
        return

    def walk(a: Any, b: Any) -> None:
        if isinstance(a, str) and isinstance(b, str):
            session.remember_echo(a, b)
        elif isinstance(a, list) and isinstance(b, list):
            for x, y in zip(a, b):
                walk(x, y)
        elif isinstance(a, dict) and isinstance(b, dict):
            for k in a:
                if k in b:
                    walk(a[k], b[k])

    walk(u, s)


# ---------------------------------------------------------------------------------------- OpenAI
def _openai_content(content: Any, fn: Str) -> Any:
    if isinstance(content, str):
        return fn(content)
    if isinstance(content, list):
        for part in content:
            if isinstance(part, dict) and isinstance(part.get("text"), str) and part.get("type") in ("text", "input_text", "output_text", None):
                part["text"] = fn(part["text"])
            elif isinstance(part, dict) and part.get("type") == "refusal" and isinstance(part.get("refusal"), str):
                part["refusal"] = fn(part["refusal"])
    return content


def mask_chat_request(body: dict, session: Session) -> None:
    for m in body.get("messages") or []:
        if not isinstance(m, dict):
            continue
        if "content" in m:
            m["content"] = _openai_content(m["content"], session.mask)
        for call in m.get("tool_calls") or []:
            fnc = call.get("function") if isinstance(call, dict) else None
            if isinstance(fnc, dict) and isinstance(fnc.get("arguments"), str):
                fnc["arguments"] = session.mask_json_source(fnc["arguments"])
        fc = m.get("function_call")
        if isinstance(fc, dict) and isinstance(fc.get("arguments"), str):
            fc["arguments"] = session.mask_json_source(fc["arguments"])


def restore_chat_response(body: dict, session: Session) -> None:
    for choice in body.get("choices") or []:
        msg = choice.get("message") if isinstance(choice, dict) else None
        if not isinstance(msg, dict):
            continue
        if isinstance(msg.get("content"), str):
            msg["content"] = session.restore_echoed(msg["content"])
        for call in msg.get("tool_calls") or []:
            fnc = call.get("function") if isinstance(call, dict) else None
            if isinstance(fnc, dict) and isinstance(fnc.get("arguments"), str):
                fnc["arguments"] = session.restore_echoed(fnc["arguments"], json_string=True)


def mask_responses_request(body: dict, session: Session) -> None:
    if isinstance(body.get("instructions"), str):
        body["instructions"] = session.mask(body["instructions"])
    inp = body.get("input")
    if isinstance(inp, str):
        body["input"] = session.mask(inp)
        return
    for item in inp or []:
        if not isinstance(item, dict):
            continue
        t = item.get("type", "message")
        if t == "message" and "content" in item:
            item["content"] = _openai_content(item["content"], session.mask)
        elif t == "function_call" and isinstance(item.get("arguments"), str):
            item["arguments"] = session.mask_json_source(item["arguments"])
        elif t in ("function_call_output", "custom_tool_call_output", "local_shell_call_output", "shell_call_output"):
            if "output" in item:
                item["output"] = _openai_content(item["output"], session.mask)
        elif t == "custom_tool_call" and isinstance(item.get("input"), str):
            item["input"] = session.mask(item["input"])
        # reasoning (encrypted_content), item_reference, compaction …: untouched


def restore_responses_item(item: Any, session: Session) -> None:
    if not isinstance(item, dict):
        return
    t = item.get("type")
    if t == "message":
        for part in item.get("content") or []:
            if isinstance(part, dict) and isinstance(part.get("text"), str):
                part["text"] = session.restore_echoed(part["text"])
    elif t == "function_call" and isinstance(item.get("arguments"), str):
        item["arguments"] = session.restore_echoed(item["arguments"], json_string=True)
    elif t == "custom_tool_call" and isinstance(item.get("input"), str):
        item["input"] = session.restore_echoed(item["input"])


def restore_responses_response(body: dict, session: Session) -> None:
    for item in body.get("output") or []:
        restore_responses_item(item, session)
    if isinstance(body.get("output_text"), str):
        body["output_text"] = session.restore(body["output_text"])
