"""OpenAI Responses (``/v1/responses``, ``/compact``, ``/input_tokens``; Azure ``/openai/v1/responses``).

Masked: instructions and every input item's strings except the opaque list (ids, call ids, status, names,
``encrypted_content``, base64 media) and reasoning items (the model's own text, written with placeholders and
replayed beside its ``encrypted_content``: it goes back byte for byte, as Anthropic's thinking does); ``arguments``
are JSON source masked in place. Unknown item types
(``shell_call_output``, ``apply_patch_call_output``, ``tool_search_output`` …) are masked like any other.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from typing import Any

from ..blocks import BlockKey, BlockTable, remember_leaves
from ..restore.provenance import UNKNOWN_TOOL, Source, source_for
from ..session import Session
from ..sse import Event, json_event
from ..walk import Walk, media_settings, block_type, json_or_none, opaque_field, property_map
from ..api import Api, openai_error
from .chat import OPENAI_BASES
from .families import OPENAI_HEADERS, OPENAI_SESSION_KEY, OPENAI_SESSION_PREFIX, responses_output
from .notices import Turn, appended, current_turn, split_appended, split_parts

OPAQUE_KEYS = frozenset({"type", "id", "call_id", "item_id", "model", "role", "status", "encrypted_content",
                         "previous_response_id", "prompt_cache_key", "service_tier", "include", "truncation",
                         "arguments", "detail", "file_id", "effort", "verbosity", "conversation"})
NOTICE_ID = "msg_coatcheck_notice"
TOOL_CALLS = frozenset({"function_call", "custom_tool_call", "local_shell_call", "shell_call", "mcp_call",
                        "apply_patch_call", "computer_call"})


def tool_name(item: dict) -> str:
    """The name a tool call is decided under: ``name``, qualified by its ``namespace`` (Codex calls an MCP tool
    ``crm_query`` in namespace ``mcp__crm``: ``mcp__crm__crm_query``, the name Claude Code gives the same tool, so
    one ``allow_tools`` pattern matches both)."""
    name = str(item.get("name") or "")
    namespace = item.get("namespace")
    if not isinstance(namespace, str) or not namespace:
        return name
    prefix = namespace.rstrip("_") + "__"
    return name if name.startswith(prefix) else prefix + name


def _opaque(path: tuple, parent: Any, key: Any) -> bool:
    if not isinstance(parent, dict):
        return False
    if opaque_field(path, parent, key, OPAQUE_KEYS):
        return True
    kind = block_type(path, parent)
    if kind == "reasoning" and key in ("summary", "content"):
        return True  # the model's own reasoning, replayed with its encrypted_content: like Anthropic's thinking
    return key in ("name", "namespace") and not property_map(path) and (
        kind in ("function_call", "custom_tool_call", "function", "custom", "mcp_call", "mcp_list_tools", "tool_search_call")
        or "tools" in path or "tool_choice" in path)


def mask_request(body: Any, session: Session) -> Any:
    if not isinstance(body, dict):
        return Walk(lambda s, src: session.mask(s, src), _opaque, media=media_settings(session)).run(body)
    sources: dict[str, Source] = {}
    items = body.get("input")
    if isinstance(items, list):
        body["input"] = items = drop_notices(items, session, current_turn())
        for it in items:
            if not isinstance(it, dict):
                continue
            t = it.get("type")
            cid = it.get("call_id")
            if t == "function_call" and isinstance(it.get("arguments"), str):
                if isinstance(cid, str):
                    sources[cid] = source_for(tool_name(it), json_or_none(it["arguments"]))
                it["arguments"] = session.mask_json_source(it["arguments"])
            elif t in ("custom_tool_call", "local_shell_call", "shell_call") and isinstance(cid, str):
                action: dict[str, Any] = it["action"] if isinstance(it.get("action"), dict) else {}
                cmd = action.get("command") or action.get("commands")
                sources[cid] = source_for(str(it.get("name") or t), {"command": " ".join(cmd) if isinstance(cmd, list) else cmd})

    def source(node: Any) -> Source | None:
        if str(node.get("type", "")).endswith("_output"):
            return sources.get(node.get("call_id")) or UNKNOWN_TOOL
        return None

    return Walk(lambda s, src: session.mask(s, src), _opaque, source, media_settings(session)).run(body)


def drop_notices(items: list, session: Session, turn: Turn) -> list:
    """``items`` without our own notices (notice items, and notices appended to the model's text): the model
    never wrote them. Those of the current turn (after its last user message) are noted in ``turn``."""
    start = max((i for i, it in enumerate(items) if isinstance(it, dict) and it.get("role") == "user"), default=-1)
    out = []
    for i, it in enumerate(items):
        if not (isinstance(it, dict) and it.get("type", "message") == "message" and it.get("role") == "assistant"):
            out.append(it)
            continue
        found: list[str] = []
        content = it.get("content")
        if isinstance(content, str):
            cut = split_appended(content, session.is_our_notice)
            if cut is not None:
                it["content"], lines = cut
                found += lines
        elif isinstance(content, list):
            it["content"], lines = split_parts(content, session.is_our_notice, lambda p: True)
            found += lines
        if i > start:
            turn.note(found)
        if it.get("content") or not found:
            out.append(it)
    return out


def final(output: Any) -> bool:
    """A response that ends the turn: its output holds no tool call (``codex exec -o`` writes its last message)."""
    return isinstance(output, list) and not any(isinstance(it, dict) and it.get("type") in TOOL_CALLS for it in output)


def append_notices(output: list, lines: list[str]) -> dict | None:
    """``lines`` appended to the last text of the last assistant message in ``output`` (returned), or None when
    there is none."""
    for it in reversed(output):
        if isinstance(it, dict) and it.get("type") == "message" and it.get("role", "assistant") == "assistant":
            for part in reversed(it.get("content") or []):
                if isinstance(part, dict) and isinstance(part.get("text"), str):
                    part["text"] = appended(part["text"], lines)
                    return it
            return None
    return None


def notice_item(text: str) -> dict:
    return {"type": "message", "id": NOTICE_ID, "role": "assistant", "status": "completed",
            "content": [{"type": "output_text", "text": text, "annotations": []}]}


class _Items:
    """Restores output items once per (item id, tool name, input), so deltas, ``.done`` events and the final
    response agree. An id that comes back under another name or with other input (announced as ``update_plan``,
    completed as ``shell``) is refused: every placeholder of it stays, in that event and every later one."""

    def __init__(self, session: Session, table: BlockTable) -> None:
        self.session = session
        self.table = table
        self.done: dict[str, tuple[str, str, str]] = {}  # id -> (name, upstream input, restored input)
        self.refused: set[str] = set()

    def tool(self, item_id: Any, name: str, upstream: str, *, json_input: bool) -> str:
        key = str(item_id)
        seen = self.done.get(key)
        if key in self.refused or seen is not None and (seen[0], seen[1]) != (name, upstream):
            self.refused.add(key)
            self.table.kept.extend(self.session.tools.refuse(name, upstream, "the tool call changed its name or input after it was announced"))
            return upstream
        if seen is None:
            seen = self.done[key] = (name, upstream, self.table.finish_tool(name, upstream, json_input=json_input))
        return seen[2]

    def refuse_duplicates(self, items: Any) -> None:
        """Output items of one response that share an id but differ: none of them is restored."""
        if not isinstance(items, list):
            return
        seen: dict[str, str] = {}
        for it in items:
            if isinstance(it, dict) and it.get("type") != "message":
                key = str(it.get("id") or it.get("call_id"))
                body = json.dumps({k: it.get(k) for k in ("type", "name", "arguments", "input", "action")}, sort_keys=True)
                if seen.setdefault(key, body) != body:
                    self.refused.add(key)

    def item(self, item: Any) -> None:
        if not isinstance(item, dict):
            return
        t = item.get("type")
        if t == "message":
            for part in item.get("content") or []:
                if isinstance(part, dict) and isinstance(part.get("text"), str):
                    part["text"] = self.session.restore_echoed(part["text"])
        elif t == "function_call" and isinstance(item.get("arguments"), str) and item.get("status") != "in_progress":
            item["arguments"] = self.tool(item.get("id") or item.get("call_id"), tool_name(item), item["arguments"], json_input=True)
        elif t == "custom_tool_call" and isinstance(item.get("input"), str) and item.get("status") != "in_progress":
            item["input"] = self.tool(item.get("id") or item.get("call_id"), tool_name(item), item["input"], json_input=False)
        elif t in ("local_shell_call", "shell_call") and isinstance(item.get("action"), dict):
            key = str(item.get("id") or item.get("call_id"))
            upstream = json.dumps(item["action"], sort_keys=True)
            seen = self.done.get(key)
            if key in self.refused or seen is not None and (seen[0], seen[1]) != (t, upstream):
                self.refused.add(key)
                self.table.kept.extend(self.session.tools.refuse(t, upstream, "the tool call changed its name or input after it was announced"))
                return
            if seen is None:
                restored, kept = self.session.tools.restore_input("local_shell", item["action"])
                remember_leaves(self.session, item["action"], restored)  # the client sends the action back
                self.table.kept.extend(kept)
                seen = self.done[key] = (t, upstream, json.dumps(restored))
            item["action"] = json.loads(seen[2])


def restore_response(body: Any, session: Session) -> Any:
    if not isinstance(body, dict):
        return body
    table = BlockTable(session)
    items = _Items(session, table)
    items.refuse_duplicates(body.get("output"))
    for item in body.get("output") or []:
        items.item(item)
    if isinstance(body.get("output_text"), str):
        body["output_text"] = session.restore(body["output_text"])
    output = body.get("output")
    if isinstance(output, list) and final(output) and body.get("status", "completed") != "in_progress":
        lines = table.final_notices()
        if lines and append_notices(output, lines) is not None:
            if isinstance(body.get("output_text"), str):
                body["output_text"] = appended(body["output_text"], lines)
        elif lines:
            output.append(notice_item("\n".join(lines)))
        return body
    text = table.take_notice()
    if text and isinstance(output, list):
        output.append(notice_item(text))
    return body


class Stream:
    """Named events with ``sequence_number`` (renumbered: the gateway adds and holds back events). The closing
    events of the latest assistant message (``output_text.done``, ``content_part.done``, ``output_item.done``) are
    held until another item starts or the response ends: a final answer gets the turn's notices appended to its
    text (``codex exec -o`` writes the last agent message)."""

    _CLOSING = frozenset({"response.output_text.done", "response.content_part.done", "response.output_item.done"})
    _ENDS = frozenset({"response.completed", "response.incomplete", "response.failed"})

    def __init__(self, session: Session) -> None:
        self.session = session
        self.table = BlockTable(session)
        self.items = _Items(session, self.table)
        self.seq = 0
        self.outputs = 0
        self.ended = False
        self.held: list[tuple[str | None, dict]] = []
        self.held_item: Any = None
        self.held_index: Any = 0

    @staticmethod
    def _item_id(t: str, payload: dict) -> Any:
        item = payload.get("item")
        if t == "response.output_item.done":
            return item.get("id") if isinstance(item, dict) and item.get("type") == "message" else None
        return payload.get("item_id")

    def _holds(self, t: str, payload: dict) -> bool:
        """The event closes the message whose end is held (or, for ``output_text.done``, starts holding it)."""
        if t not in self._CLOSING:
            return False
        item_id = self._item_id(t, payload)
        if item_id is None:
            return False
        return item_id == self.held_item or (not self.held and t == "response.output_text.done")

    def _release(self, lines: list[str] | None = None) -> Iterator[Event]:
        """The held closing events, with notice ``lines`` appended to the message's text first."""
        if not self.held:
            return
        held, self.held = self.held, []
        if lines:
            suffix = appended("x", lines)[1:]
            yield self._emit("response.output_text.delta", {"type": "response.output_text.delta", "item_id": self.held_item,
                                                            "output_index": self.held_index, "content_index": 0, "delta": suffix})
            for _, payload in held:
                if isinstance(payload.get("text"), str):
                    payload["text"] = appended(payload["text"], lines)
                part = payload.get("part")
                if isinstance(part, dict) and isinstance(part.get("text"), str):
                    part["text"] = appended(part["text"], lines)
                if isinstance(payload.get("item"), dict):
                    append_notices([payload["item"]], lines)
        for name, payload in held:
            yield self._emit(name, payload)
        self.held_item = None

    def _emit(self, name: str | None, payload: dict) -> Event:
        payload["sequence_number"] = self.seq
        self.seq += 1
        return json_event(name, payload)

    def _flush_text(self) -> Iterator[Event]:
        for key in self.table.open_keys():
            if key.kind != "text":
                continue
            tail = self.table.close(key)
            if tail:
                yield self._emit("response.output_text.delta", {"type": "response.output_text.delta", "item_id": key.at,
                                                                "output_index": 0, "content_index": key.sub, "delta": tail})

    def process(self, ev: Event) -> Iterator[Event]:
        payload: Any = json.loads(ev.data) if ev.data else None
        if not isinstance(payload, dict):
            if ev.data is None:
                yield ev
                return
            raise ValueError("not a Responses event")
        t = payload.get("type") or ev.event
        if isinstance(payload.get("output_index"), int):
            self.outputs = max(self.outputs, payload["output_index"] + 1)
        holds = self._holds(str(t), payload)
        if self.held and not holds and t not in self._ENDS:
            yield from self._release()
        handler = self._HANDLERS.get(t)
        held = False
        if handler is not None:
            for out in handler(self, str(t), payload):
                if out is None:
                    held = True  # the event is held back (a tool call's input until it is complete)
                else:
                    yield out
        if held:
            return
        if holds:
            self.held.append((ev.event, payload))
            self.held_item = self._item_id(str(t), payload)
            self.held_index = payload.get("output_index", self.held_index)
        else:
            yield self._emit(ev.event, payload)

    # -- one handler per event type: each yields events to send before the event itself, or None to hold it --
    def _text_delta(self, t: str, payload: dict) -> Iterator[Event | None]:
        key = BlockKey("text", payload.get("item_id"), payload.get("content_index"))
        payload["delta"] = self.table.text(key).feed(payload.get("delta") or "")
        yield from ()

    def _tool_delta(self, t: str, payload: dict) -> Iterator[Event | None]:
        key = BlockKey("tool", payload.get("item_id"))
        self.table.tool(key, json_input=t.startswith("response.function")).feed(payload.get("delta") or "")
        yield None  # held until .done

    def _text_done(self, t: str, payload: dict) -> Iterator[Event | None]:
        key = BlockKey("text", payload.get("item_id"), payload.get("content_index"))
        tail = self.table.close(key)
        if tail:
            yield self._emit("response.output_text.delta", {**{k: payload.get(k) for k in ("item_id", "output_index", "content_index")},
                                                            "type": "response.output_text.delta", "delta": tail})
        if isinstance(payload.get("text"), str):
            payload["text"] = self.session.restore_echoed(payload["text"])

    def _tool_done(self, t: str, payload: dict) -> Iterator[Event | None]:
        field = "arguments" if t.startswith("response.function") else "input"
        key = BlockKey("tool", payload.get("item_id"))
        block = self.table.tool(key)
        self.table.blocks.pop(key, None)
        upstream: str = payload[field] if isinstance(payload.get(field), str) else "".join(block.parts)
        restored = self.items.tool(payload.get("item_id"), block.name or str(payload.get("name") or ""), upstream, json_input=field == "arguments")
        delta_type = t.replace(".done", ".delta")
        yield self._emit(delta_type, {**{k: payload.get(k) for k in ("item_id", "output_index")}, "type": delta_type, "delta": restored})
        payload[field] = restored

    def _part_done(self, t: str, payload: dict) -> Iterator[Event | None]:
        part = payload.get("part")
        if isinstance(part, dict) and isinstance(part.get("text"), str):
            part["text"] = self.session.restore(part["text"])
        yield from ()

    def _item_added(self, t: str, payload: dict) -> Iterator[Event | None]:
        item = payload.get("item")
        if isinstance(item, dict):
            if item.get("type") in ("function_call", "custom_tool_call"):
                self.table.tool(BlockKey("tool", item.get("id")), tool_name(item), json_input=item["type"] == "function_call")
            self.items.item(item)
        yield from ()

    def _item_done(self, t: str, payload: dict) -> Iterator[Event | None]:
        if isinstance(payload.get("item"), dict):
            self.items.item(payload["item"])
        yield from ()

    def _completed(self, t: str, payload: dict) -> Iterator[Event | None]:
        response = payload.get("response")
        if not isinstance(response, dict):
            yield from self._release()
            return
        yield from self._flush_text()
        self.items.refuse_duplicates(response.get("output"))
        for item in response.get("output") or []:
            self.items.item(item)
        if isinstance(response.get("output_text"), str):
            response["output_text"] = self.session.restore(response["output_text"])
        output = response.get("output")
        if t == "response.completed" and isinstance(output, list) and final(output):
            lines = self.table.final_notices()
            if lines and self.held:  # the held message is the response's last item
                append_notices(output, lines)
                if isinstance(response.get("output_text"), str):
                    response["output_text"] = appended(response["output_text"], lines)
                yield from self._release(lines)
                self.ended = True
                return
            yield from self._release()
            text: str | None = "\n".join(lines) if lines else None
        else:
            yield from self._release()
            text = self.table.take_notice()
        if text:
            item = notice_item(text)
            yield self._emit("response.output_item.added", {"type": "response.output_item.added", "output_index": self.outputs, "item": item})
            yield self._emit("response.output_item.done", {"type": "response.output_item.done", "output_index": self.outputs, "item": item})
            if isinstance(response.get("output"), list):
                response["output"].append(item)
        self.ended = True

    def _error(self, t: str, payload: dict) -> Iterator[Event | None]:
        yield from self._flush_text()
        yield from self._release()
        self.ended = True

    _HANDLERS: dict[Any, Callable[[Stream, str, dict], Iterator[Event | None]]] = {
        "response.output_text.delta": _text_delta,
        "response.function_call_arguments.delta": _tool_delta,
        "response.custom_tool_call_input.delta": _tool_delta,
        "response.output_text.done": _text_done,
        "response.function_call_arguments.done": _tool_done,
        "response.custom_tool_call_input.done": _tool_done,
        "response.content_part.done": _part_done,
        "response.output_item.added": _item_added,
        "response.output_item.done": _item_done,
        "response.completed": _completed,
        "response.incomplete": _completed,
        "response.failed": _completed,
        "error": _error,
    }

    def finish(self, broken: bool) -> Iterator[Event]:
        yield from self._release()
        if self.ended and not broken:
            return
        yield from self._flush_text()
        yield self._emit("error", {"type": "error", "code": "stream_error", "param": None,
                                   "message": "coatcheck: the upstream stream ended early or was malformed", "sequence_number": 0})
        self.ended = True


_FACTS: dict[str, Any] = {"history": ("input",), "model_output": responses_output, "session_body_key": OPENAI_SESSION_KEY,
                          "session_prefix": OPENAI_SESSION_PREFIX, "pass_headers": OPENAI_HEADERS}
RESPONSES = Api("openai-responses", "openai", mask_request, restore_response, Stream, openai_error,
                paths=(OPENAI_BASES + r"/responses", OPENAI_BASES + r"/responses/compact"), **_FACTS)
INPUT_TOKENS = Api("openai-responses-input-tokens", "openai", mask_request, None, None, openai_error,
                   paths=(OPENAI_BASES + r"/responses/input_tokens",), **_FACTS)
API_LIST = (RESPONSES, INPUT_TOKENS)
