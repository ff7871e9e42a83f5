"""OpenAI Chat Completions (``/v1/chat/completions``, Azure ``/openai/deployments/*/chat/completions``).

Masked: every string except the opaque list (ids, roles, model, tool and function names, base64 media);
``arguments`` are JSON source and are masked in place. Participant ``name``, ``user``, ``prediction``, tool
descriptions and schemas are masked like any other text.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

from ..blocks import BlockKey, BlockTable, TextBlock
from ..restore.provenance import UNKNOWN_TOOL, Source, source_for
from ..session import Session
from ..sse import Event, json_event
from ..walk import Walk, media_settings, json_or_none, opaque_field, property_map
from ..api import Api, openai_error
from .families import OPENAI_HEADERS, OPENAI_SESSION_KEY, OPENAI_SESSION_PREFIX, assistant_message
from .notices import Turn, appended, current_turn, split_appended, split_parts

OPAQUE_KEYS = frozenset({"type", "id", "tool_call_id", "model", "role", "encrypted_content", "prompt_cache_key",
                         "service_tier", "reasoning_effort", "verbosity", "modalities", "voice", "format", "detail",
                         "arguments"})


def _opaque(path: tuple, parent: Any, key: Any) -> bool:
    if not isinstance(parent, dict):
        return False
    if opaque_field(path, parent, key, OPAQUE_KEYS):
        return True
    return key == "name" and not property_map(path) and ("function" in path[-1:] or "tools" in path or "tool_choice" in path or "function_call" in path[-1:])


def mask_request(body: Any, session: Session) -> Any:
    if not isinstance(body, dict):
        return Walk(lambda s, src: session.mask(s, src), _opaque, media=media_settings(session)).run(body)
    sources: dict[str, Source] = {}
    drop_notices(body.get("messages"), session, current_turn())
    for m in body.get("messages") or []:
        if not isinstance(m, dict):
            continue
        for call in m.get("tool_calls") or []:
            fnc = call.get("function") if isinstance(call, dict) else None
            if isinstance(fnc, dict) and isinstance(fnc.get("arguments"), str):
                if isinstance(call.get("id"), str):
                    sources[call["id"]] = source_for(str(fnc.get("name")), json_or_none(fnc["arguments"]))
                fnc["arguments"] = session.mask_json_source(fnc["arguments"])
        fc = m.get("function_call")
        if isinstance(fc, dict) and isinstance(fc.get("arguments"), str):
            fc["arguments"] = session.mask_json_source(fc["arguments"])

    def source(node: Any) -> Source | None:
        return (sources.get(node.get("tool_call_id")) or UNKNOWN_TOOL) if node.get("role") in ("tool", "function") else None

    return Walk(lambda s, src: session.mask(s, src), _opaque, source, media_settings(session)).run(body)


def drop_notices(messages: Any, session: Session, turn: Turn) -> None:
    """Our own notices, appended to the assistant's content, go back out of the history (the model never wrote
    them); those of the current turn (after its last user message) are noted in ``turn``."""
    if not isinstance(messages, list):
        return
    start = max((i for i, m in enumerate(messages) if isinstance(m, dict) and m.get("role") == "user"), default=-1)
    for i, m in enumerate(messages):
        if not (isinstance(m, dict) and m.get("role") == "assistant"):
            continue
        found: list[str] = []
        content = m.get("content")
        if isinstance(content, str):
            cut = split_appended(content, session.is_our_notice)
            if cut is not None:
                found += cut[1]
                m["content"] = cut[0] if cut[0] or not m.get("tool_calls") else None
        elif isinstance(content, list):
            m["content"], lines = split_parts(content, session.is_our_notice, lambda p: True)
            found += lines
        if i > start:
            turn.note(found)


def final(finish_reason: Any, msg: dict) -> bool:
    """A choice that ends the turn: it finished for any reason but tool calls, and holds none."""
    return finish_reason not in (None, "tool_calls", "function_call") and not msg.get("tool_calls") and not msg.get("function_call")


def _restore_message(msg: dict, session: Session, table: BlockTable, finish_reason: Any = None) -> None:
    upstream = msg.get("content")
    if isinstance(upstream, str):
        msg["content"] = session.restore_echoed(upstream)
    if isinstance(msg.get("refusal"), str):
        msg["refusal"] = session.restore_echoed(msg["refusal"])
    for call in msg.get("tool_calls") or []:
        fnc = call.get("function") if isinstance(call, dict) else None
        if isinstance(fnc, dict) and isinstance(fnc.get("arguments"), str):
            fnc["arguments"] = table.finish_tool(str(fnc.get("name")), fnc["arguments"])
    fc = msg.get("function_call")
    if isinstance(fc, dict) and isinstance(fc.get("arguments"), str):
        fc["arguments"] = table.finish_tool(str(fc.get("name")), fc["arguments"])
    if final(finish_reason, msg):
        lines = table.final_notices()
    else:
        text = table.take_notice()
        lines = [text] if text else []
    if lines:
        visible = appended(msg["content"] if isinstance(msg.get("content"), str) else "", lines)
        session.remember_echo(upstream if isinstance(upstream, str) else "", visible)
        msg["content"] = visible


def restore_response(body: Any, session: Session) -> Any:
    if not isinstance(body, dict):
        return body
    for choice in body.get("choices") or []:
        if isinstance(choice, dict) and isinstance(choice.get("message"), dict):
            _restore_message(choice["message"], session, BlockTable(session), choice.get("finish_reason"))
    return body


class Stream:
    """``chat.completion.chunk`` frames (no event names, ``[DONE]`` at the end)."""

    def __init__(self, session: Session) -> None:
        self.session = session
        self.table = BlockTable(session)
        self.template: dict | None = None
        self.done = False

    def _close_choice(self, i: int, finish_reason: Any = None) -> tuple[str, dict[int, str], str | None]:
        """Tail text, restored tool arguments by call index, and a notice for choice ``i`` (with the turn's
        earlier notices when it finished the turn)."""
        text = ""
        key = BlockKey("text", i)
        block = self.table.blocks.get(key)
        upstream = restored = ""
        if isinstance(block, TextBlock):
            upstream = "".join(block.upstream)
            text = self.table.close(key)
            restored = "".join(block.restored)
        calls = {k.sub: self.table.close(k) for k in self.table.open_keys() if k.kind == "tool" and k.at == i}
        if not calls and finish_reason not in (None, "tool_calls", "function_call"):
            lines = self.table.final_notices()
            notice = "\n".join(lines) if lines else None
        else:
            notice = self.table.take_notice()
        if notice:
            self.session.remember_echo(upstream, restored + ("\n\n" if restored else "") + notice)
            notice = ("\n\n" if restored else "") + notice
        return text, {int(j): a for j, a in calls.items() if a is not None and j is not None}, notice

    @staticmethod
    def _apply(delta: dict, text: str, calls: dict[int, str], notice: str | None) -> None:
        if text or notice:
            delta["content"] = (delta.get("content") or "") + text + (notice or "")
        for j, args in calls.items():
            if not args:
                continue
            entry = next((c for c in delta.get("tool_calls") or [] if c.get("index", 0) == j), None)
            if entry is None:
                delta.setdefault("tool_calls", []).append({"index": j, "function": {"arguments": args}})
            else:
                entry.setdefault("function", {})["arguments"] = (entry["function"].get("arguments") or "") + args

    def _tail_chunk(self) -> Event | None:
        choices = sorted({int(k.at) for k in self.table.open_keys() if k.at is not None})  # chat keys are choice indexes
        out = []
        for i in choices:
            delta: dict = {}
            self._apply(delta, *self._close_choice(i))
            if delta:
                out.append({"index": i, "delta": delta})
        if not out:
            return None
        return json_event(None, {**(self.template or {"object": "chat.completion.chunk"}), "choices": out})

    def process(self, ev: Event) -> Iterator[Event]:
        if ev.data is None:
            yield ev
            return
        done = ev.data.strip() == "[DONE]"
        payload = None if done else json.loads(ev.data)
        if done or (isinstance(payload, dict) and "error" in payload and "choices" not in payload):  # the end, or an error
            tail = self._tail_chunk()
            if tail:
                yield tail
            self.done = True
            yield ev
            return
        if not isinstance(payload, dict) or not isinstance(payload.get("choices"), list):
            raise ValueError("not a chat.completion.chunk")
        self.template = {k: v for k, v in payload.items() if k not in ("choices", "usage")}
        for choice in payload["choices"]:
            i = choice.get("index", 0)
            delta = choice.get("delta") or {}
            if isinstance(delta.get("content"), str):
                delta["content"] = self.table.text(BlockKey("text", i)).feed(delta["content"])
            for call in delta.get("tool_calls") or []:
                fnc = call.get("function") or {}
                block = self.table.tool(BlockKey("tool", i, call.get("index", 0)), str(fnc.get("name") or ""))
                if isinstance(fnc.get("arguments"), str):
                    fnc["arguments"] = block.feed(fnc["arguments"])  # held until the choice finishes
            if choice.get("finish_reason"):
                self._apply(delta, *self._close_choice(i, choice["finish_reason"]))
                choice["delta"] = delta
        yield Event(ev.event, json_event(None, payload).data, ev.other)

    def finish(self, broken: bool) -> Iterator[Event]:
        if self.done and not broken:
            return
        tail = self._tail_chunk()
        if tail:
            yield tail
        yield Event(None, json.dumps({"error": {"message": "coatcheck: the upstream stream ended early or was malformed", "type": "api_error", "code": None}}))
        self.done = True


OPENAI_BASES = r"(?:/v1|/openai/v1|/openai)?"  # OpenAI, Azure OpenAI's v1 surface, and base URLs without /v1
CHAT = Api("openai-chat", "openai", mask_request, restore_response, Stream, openai_error,
           paths=(OPENAI_BASES + r"/chat/completions", r"/openai/deployments/[^/]+/chat/completions"),
           history=("messages",), model_output=assistant_message, session_body_key=OPENAI_SESSION_KEY,
           session_prefix=OPENAI_SESSION_PREFIX, pass_headers=OPENAI_HEADERS)
API_LIST = (CHAT,)
