"""Anthropic Messages (``/v1/messages``, count_tokens, batches, legacy ``/v1/complete``; Bedrock/Vertex bodies).

Masked: every string of the request except the opaque list below, so tool definitions, metadata, citations,
MCP results and block types that do not exist yet are masked too. Never touched: thinking and its signature,
redacted thinking, compaction blocks (the API checks them byte for byte), ids, tool names, ``cache_control``,
base64 media, schema keywords, the attribution block ``system[0]``.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from typing import Any

from ..blocks import BlockKey, BlockTable, TextBlock, remember_leaves
from ..media import documents_as_text
from ..restore.provenance import UNKNOWN_TOOL, Source, source_for
from ...policy import MediaSettings
from ..session import Session
from ..sse import Event, json_event
from ..walk import Walk, media_settings, block_type, opaque_field, property_map
from ..api import Api, anthropic_error
from .families import ANTHROPIC_HEADERS, ANTHROPIC_SESSION_HEADERS, assistant_message
from .notices import Turn, appended, current_turn, split_appended, split_parts

BILLING_PREFIX = "x-anthropic-billing-header:"
# The attribution line Claude Code sends first in ``system``, whole: the prefix and a few ``key=value;`` pairs of
# short version/hash tokens (``cc_version=2.1.3.abc; cc_entrypoint=cli; cch=0f3a2;``). Only a line of exactly
# this shape is left as it is; anything else that starts with the prefix is text and is masked.
BILLING_LINE = re.compile(r"x-anthropic-billing-header:(?: ?[a-z][a-z0-9_]{0,31}=[A-Za-z0-9._-]{0,64};){1,8} ?")


def is_billing_line(text: object) -> bool:
    """True when ``text`` is exactly one attribution line (see :data:`BILLING_LINE`)."""
    return isinstance(text, str) and len(text) <= 512 and BILLING_LINE.fullmatch(text) is not None
OPAQUE_KEYS = frozenset({
    "type", "id", "tool_use_id", "model", "role", "signature", "encrypted_content", "encrypted_index",
    "cache_control", "media_type", "anthropic_version", "anthropic_beta", "service_tier", "speed", "stop_reason",
    "stop_sequence", "container", "file_id", "custom_id", "tool_name", "effort",
})
OPAQUE_BLOCKS = frozenset({"thinking", "redacted_thinking", "compaction"})
NAMED_TOOL_BLOCKS = frozenset({"tool_use", "server_tool_use", "mcp_tool_use", "tool_reference"})


def _opaque(path: tuple, parent: Any, key: Any) -> bool:
    if isinstance(parent, dict):
        kind = block_type(path, parent)
        if opaque_field(path, parent, key, OPAQUE_KEYS) or kind in OPAQUE_BLOCKS:
            return True
        return key == "name" and not property_map(path) and (kind in NAMED_TOOL_BLOCKS or "tools" in path or "tool_choice" in path
                                  or "input_schema" in parent or "mcp_servers" in path)
    if isinstance(parent, list) and path == ("system",) and key == 0:
        first = parent[0]
        return (isinstance(first, dict) and first.get("type") == "text" and set(first) <= {"type", "text", "cache_control"}
                and is_billing_line(first.get("text")))
    return False


def _tool_sources(body: dict) -> dict[str, Source]:
    out: dict[str, Source] = {}
    for m in body.get("messages") or []:
        if isinstance(m, dict) and isinstance(m.get("content"), list):
            for b in m["content"]:
                if isinstance(b, dict) and b.get("type") in NAMED_TOOL_BLOCKS and isinstance(b.get("id"), str):
                    out[b["id"]] = source_for(str(b.get("name")), b.get("input"))
    return out


def mask_request(body: Any, session: Session) -> Any:
    """Mask a Messages request (also count_tokens, Bedrock ``invoke`` and Vertex ``rawPredict`` bodies)."""
    if not isinstance(body, dict):
        return Walk(lambda s, src: session.mask(s, src), _opaque, media=media_settings(session)).run(body)
    sources = _tool_sources(body)
    drop_notices(body.get("messages"), session, current_turn())
    documents_as_text(body, media_settings(session) or MediaSettings())  # PDFs -> their text, masked by the walk
    system = body.get("system")
    skip_system = False
    if isinstance(system, str):
        head, sep, rest = system.partition("\n")
        if is_billing_line(head):  # the attribution line as it is, the rest of the string masked
            body["system"] = head + sep + (session.mask(rest) if rest else rest)
            skip_system = True

    def source(node: Any) -> Source | None:
        if node.get("type") in ("tool_result", "mcp_tool_result", "web_search_tool_result", "web_fetch_tool_result",
                                "code_execution_tool_result", "server_tool_result"):
            return sources.get(node.get("tool_use_id")) or UNKNOWN_TOOL
        return None

    def opaque(path: tuple, parent: Any, key: Any) -> bool:
        return (skip_system and path == () and key == "system") or _opaque(path, parent, key)

    return Walk(lambda s, src: session.mask(s, src), opaque, source, media_settings(session)).run(body)


def _prompt(message: Any) -> bool:
    """A user message that starts a turn: one that answers no tool call."""
    if not isinstance(message, dict) or message.get("role") != "user":
        return False
    content = message.get("content")
    return not (isinstance(content, list) and any(isinstance(b, dict) and b.get("type") == "tool_result" for b in content))


def drop_notices(messages: Any, session: Session, turn: Turn) -> None:
    """Our own notices go back out of the history, as the model never wrote them: notice blocks, and notices
    appended to the model's text (a final answer's). Those of the current turn (after its prompt) are noted in
    ``turn``: the turn's final answer repeats them."""
    if not isinstance(messages, list):
        return
    start = max((i for i, m in enumerate(messages) if _prompt(m)), default=-1)
    for i, m in enumerate(messages):
        if not (isinstance(m, dict) and m.get("role") == "assistant"):
            continue
        found: list[str] = []
        content = m.get("content")
        if isinstance(content, str):
            cut = split_appended(content, session.is_our_notice)
            if cut is not None:
                m["content"], lines = cut
                found += lines
        elif isinstance(content, list):
            m["content"], lines = split_parts(content, session.is_our_notice, lambda b: b.get("type") == "text")
            found += lines
        if i > start:
            turn.note(found)


def final(stop_reason: Any) -> bool:
    """The response ends the turn (the client prints it): it stops for any reason but a tool call or a pause."""
    return stop_reason is not None and stop_reason not in ("tool_use", "pause_turn")


def mask_batch(body: Any, session: Session) -> Any:
    """``/v1/messages/batches``: each request's ``params`` is a Messages request."""
    if isinstance(body, dict) and isinstance(body.get("requests"), list):
        for r in body["requests"]:
            if isinstance(r, dict) and isinstance(r.get("params"), dict):
                mask_request(r["params"], session)
        rest = {k: v for k, v in body.items() if k != "requests"}
        Walk(lambda s, src: session.mask(s, src), _opaque, media=media_settings(session)).run(rest)
        body.update(rest)
        return body
    return mask_request(body, session)


def _restore_block(block: dict, session: Session, table: BlockTable) -> None:
    t = block.get("type")
    if t == "text" and isinstance(block.get("text"), str):
        block["text"] = session.restore_echoed(block["text"])
        for c in block.get("citations") or []:
            if isinstance(c, dict) and isinstance(c.get("cited_text"), str):
                c["cited_text"] = session.restore(c["cited_text"])
    elif t == "tool_use" and "input" in block:
        restored, kept = session.tools.restore_input(str(block.get("name")), block["input"])
        remember_leaves(session, block["input"], restored)
        block["input"] = restored
        table.kept.extend(kept)
    # thinking keeps its placeholders (signed); server tool blocks ran upstream with placeholders


def restore_response(body: Any, session: Session) -> Any:
    if not isinstance(body, dict):
        return body
    if body.get("type") == "completion" and isinstance(body.get("completion"), str):  # legacy /v1/complete
        body["completion"] = session.restore(body["completion"])
        return body
    table = BlockTable(session)
    content = body.get("content")
    if isinstance(content, list):
        for block in content:
            if isinstance(block, dict):
                _restore_block(block, session, table)
        if final(body.get("stop_reason")):  # the clients print the last text block of the final answer
            lines = table.final_notices()
            last = next((b for b in reversed(content) if isinstance(b, dict) and b.get("type") == "text"
                         and isinstance(b.get("text"), str)), None)
            if lines and last is not None:
                last["text"] = appended(last["text"], lines)
            elif lines:
                content.append({"type": "text", "text": "\n".join(lines)})
            return body
        text = table.take_notice()
        if text:
            content.append({"type": "text", "text": text})
    return body


class Stream:
    """Messages SSE: text blocks restored as they stream, tool inputs restored by provenance at block end,
    a notice block appended before ``message_delta`` when something was kept. The end of the latest text block is
    held until the next block starts or the message ends: a final answer gets the turn's notices appended to it
    (the clients print its last text block)."""

    def __init__(self, session: Session) -> None:
        self.session = session
        self.table = BlockTable(session)
        self.max_index = -1
        self.ended = False
        self.started: set[Any] = set()  # content-block indexes opened so far
        self.disordered = False  # a block re-opened or opened out of index order: no tool call is restored
        self.held: tuple[Any, bool, Event] | None = None  # (index, whether it has text, its content_block_stop)

    def _release(self) -> Iterator[Event]:
        if self.held is not None:
            ev = self.held[2]
            self.held = None
            yield ev

    def _close(self, index: Any) -> Iterator[Event]:
        for kind in ("text", "tool"):
            key = BlockKey(kind, index)
            if key not in self.table.blocks:
                continue
            out = self.table.close(key)
            if out:
                delta = {"type": "text_delta", "text": out} if kind == "text" else {"type": "input_json_delta", "partial_json": out}
                yield json_event("content_block_delta", {"type": "content_block_delta", "index": index, "delta": delta})

    def _notice(self, text: str | None = None) -> Iterator[Event]:
        text = text or self.table.take_notice()
        if not text:
            return
        i = self.max_index = self.max_index + 1
        yield json_event("content_block_start", {"type": "content_block_start", "index": i, "content_block": {"type": "text", "text": ""}})
        yield json_event("content_block_delta", {"type": "content_block_delta", "index": i, "delta": {"type": "text_delta", "text": text}})
        yield json_event("content_block_stop", {"type": "content_block_stop", "index": i})

    def _flush_all(self) -> Iterator[Event]:
        for key in self.table.open_keys():
            if key.kind == "text":
                yield from self._close(key.at)
            else:
                self.table.blocks.pop(key, None)  # an unfinished tool input is not sent: it never completed

    def process(self, ev: Event) -> Iterator[Event]:
        payload: Any = json.loads(ev.data) if ev.data else None  # ValueError: the app turns it into an error event
        if not isinstance(payload, dict):
            yield ev
            return
        if isinstance(payload.get("index"), int):
            self.max_index = max(self.max_index, payload["index"])
        if payload.get("type") not in ("ping", "message_delta"):
            yield from self._release()
        handler = self._HANDLERS.get(payload.get("type"))
        yield from handler(self, ev, payload) if handler else (ev,)

    # -- one handler per event type (anything else passes unchanged) ------------------------------------------
    def _block_start(self, ev: Event, payload: dict) -> Iterator[Event]:
        block = payload.get("content_block") or {}
        index = payload.get("index")
        # blocks open once each, in index order: Claude Code files a block under its index (a second start wins),
        # the SDK in arrival order; a stream where the two readings differ gets no value in any tool call of it
        out_of_order = index in self.started or index != len(self.started)
        self.started.add(index)
        if out_of_order:
            self.disordered = True
            for key in self.table.open_keys():
                self.table.refuse(key)
        if block.get("type") == "text":
            tb = self.table.text(BlockKey("text", index))
            if block.get("text"):
                block["text"] = tb.feed(block["text"])
        elif block.get("type") == "tool_use":
            self.table.tool(BlockKey("tool", index), str(block.get("name")))
            if self.disordered:
                self.table.refuse(BlockKey("tool", index))
            if block.get("input") and self.disordered:
                self.table.kept.extend(self.session.tools.refuse(str(block.get("name")), json.dumps(block["input"]),
                                                                 "the stream renamed or re-opened the tool call"))
            elif block.get("input"):  # an input given whole at the start: restore it now
                restored, kept = self.session.tools.restore_input(str(block.get("name")), block["input"])
                remember_leaves(self.session, block["input"], restored)
                block["input"] = restored
                self.table.kept.extend(kept)
        yield json_event(ev.event, payload)

    def _block_delta(self, ev: Event, payload: dict) -> Iterator[Event]:
        index = payload.get("index")
        delta = payload.get("delta") or {}
        if delta.get("type") == "text_delta" and isinstance(delta.get("text"), str) and BlockKey("text", index) in self.table.blocks:
            delta["text"] = self.table.text(BlockKey("text", index)).feed(delta["text"])
            yield json_event(ev.event or "content_block_delta", payload)
        elif delta.get("type") == "input_json_delta" and BlockKey("tool", index) in self.table.blocks:
            self.table.tool(BlockKey("tool", index)).feed(str(delta.get("partial_json") or ""))  # held until the block ends
        else:
            yield ev

    def _block_stop(self, ev: Event, payload: dict) -> Iterator[Event]:
        index = payload.get("index")
        block = self.table.blocks.get(BlockKey("text", index))
        yield from self._close(index)
        if isinstance(block, TextBlock):
            self.held = (index, any(block.restored), ev)
        else:
            yield ev

    def _message_delta(self, ev: Event, payload: dict) -> Iterator[Event]:
        yield from self._flush_all()
        delta = payload.get("delta")
        if isinstance(delta, dict) and final(delta.get("stop_reason")):
            lines = self.table.final_notices()
            if lines and self.held is not None:
                index, has_text, _ = self.held
                text = appended("x", lines)[1:] if has_text else "\n".join(lines)
                yield json_event("content_block_delta", {"type": "content_block_delta", "index": index,
                                                         "delta": {"type": "text_delta", "text": text}})
                yield from self._release()
            elif lines:
                yield from self._release()
                yield from self._notice("\n".join(lines))
        yield from self._release()
        yield from self._notice()
        yield ev

    def _message_stop(self, ev: Event, payload: dict) -> Iterator[Event]:
        yield from self._message_delta(ev, payload)
        self.ended = True

    def _error(self, ev: Event, payload: dict) -> Iterator[Event]:
        yield from self._flush_all()
        yield from self._release()
        self.ended = True
        yield ev

    def _message_start(self, ev: Event, payload: dict) -> Iterator[Event]:
        if isinstance(payload.get("message"), dict):
            restore_response(payload["message"], self.session)
            yield json_event(ev.event, payload)
        else:
            yield ev

    _HANDLERS: dict[Any, Callable[[Stream, Event, dict], Iterator[Event]]] = {
        "message_start": _message_start,
        "content_block_start": _block_start,
        "content_block_delta": _block_delta,
        "content_block_stop": _block_stop,
        "message_delta": _message_delta,
        "message_stop": _message_stop,
        "error": _error,
    }

    def finish(self, broken: bool) -> Iterator[Event]:
        yield from self._release()
        if self.ended and not broken:
            return
        yield from self._flush_all()
        err = {"type": "error", "error": {"type": "api_error", "message": "coatcheck: the upstream stream ended early or was malformed"}}
        yield json_event("error", err)
        self.ended = True


_VERTEX = r"/v1(?:beta1)?/projects/[^/]+/locations/[^/]+/publishers/anthropic/models/[^/:]+"
_FACTS: dict[str, Any] = {"history": ("messages",), "model_output": assistant_message,
                          "session_headers": ANTHROPIC_SESSION_HEADERS, "pass_headers": ANTHROPIC_HEADERS}
# Bedrock (Anthropic bodies under /model/…) and Vertex AI (publishers/anthropic) carry Messages bodies too
MESSAGES = Api("anthropic-messages", "anthropic", mask_request, restore_response, Stream, anthropic_error,
               paths=(r"/v1/messages", r"/model/[^/]+/invoke", _VERTEX + r":(?:rawPredict|streamRawPredict)"), **_FACTS)
COUNT_TOKENS = Api("anthropic-count-tokens", "anthropic", mask_request, None, None, anthropic_error,
                   # the AWS event-stream reply of invoke-with-response-stream is passed back masked
                   paths=(r"/v1/messages/count_tokens", r"/model/[^/]+/invoke-with-response-stream", _VERTEX + r":countTokens"),
                   **_FACTS)
BATCHES = Api("anthropic-batches", "anthropic", mask_batch, None, None, anthropic_error, paths=(r"/v1/messages/batches",),
              **_FACTS)
COMPLETE = Api("anthropic-complete", "anthropic", mask_request, restore_response, None, anthropic_error,
               paths=(r"/v1/complete",), **_FACTS)
API_LIST = (MESSAGES, COUNT_TOKENS, BATCHES, COMPLETE)
