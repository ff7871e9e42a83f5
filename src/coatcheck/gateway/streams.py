"""Streaming restore, event by event, for the three wire formats.

Each transformer takes upstream SSE events and yields events to send on: one restorer per content block /
choice / tool call / output item, holding back only a possible placeholder prefix; tails are flushed as one
extra delta before the block ends (or before an error or the end of the stream); every frame keeps its
``event:`` line; pings and unknown events pass straight through.
"""

from __future__ import annotations

import json
from collections.abc import Iterator

from ..restore import StreamRestorer
from .sse import Event
from .sessions import Session
from .walk import remember_json_echo, restore_anthropic_response, restore_responses_item, restore_responses_response


def _ev(name: str | None, payload: dict) -> Event:
    return Event(name, json.dumps(payload, ensure_ascii=False, separators=(",", ":")))


class _Block:
    def __init__(self, restorer: StreamRestorer, kind: str) -> None:
        self.restorer = restorer
        self.kind = kind  # "text" or "json"
        self.upstream: list[str] = []
        self.restored: list[str] = []

    def feed(self, s: str) -> str:
        self.upstream.append(s)
        out = self.restorer.feed(s)
        self.restored.append(out)
        return out

    def flush(self) -> str:
        out = self.restorer.flush()
        self.restored.append(out)
        return out


class AnthropicStream:
    def __init__(self, session: Session) -> None:
        self.session = session
        self.blocks: dict[int, _Block] = {}

    def _flush(self, index: int) -> Iterator[Event]:
        block = self.blocks.pop(index, None)
        if block is None:
            return
        tail = block.flush()
        if tail:
            delta = {"type": "text_delta", "text": tail} if block.kind == "text" else {"type": "input_json_delta", "partial_json": tail}
            yield _ev("content_block_delta", {"type": "content_block_delta", "index": index, "delta": delta})
        upstream, restored = "".join(block.upstream), "".join(block.restored)
        if block.kind == "text":
            self.session.remember_echo(upstream, restored)
        else:
            remember_json_echo(self.session, upstream, restored)

    def flush_all(self) -> Iterator[Event]:
        for i in list(self.blocks):
            yield from self._flush(i)

    def process(self, ev: Event) -> Iterator[Event]:
        try:
            payload = json.loads(ev.data) if ev.data else None
        except ValueError:
            payload = None
        kind = payload.get("type") if isinstance(payload, dict) else None
        if kind == "content_block_start":
            block = payload.get("content_block") or {}
            index = payload.get("index")
            if block.get("type") == "text":
                self.blocks[index] = _Block(self.session.restorer(), "text")
                if block.get("text"):
                    block["text"] = self.blocks[index].feed(block["text"])
                    yield _ev(ev.event, payload)
                    return
            elif block.get("type") == "tool_use":
                self.blocks[index] = _Block(self.session.restorer(json_string=True), "json")
        elif kind == "content_block_delta":
            block = self.blocks.get(payload.get("index"))
            delta = payload.get("delta") or {}
            if block is not None and delta.get("type") == "text_delta" and isinstance(delta.get("text"), str):
                delta["text"] = block.feed(delta["text"])
                yield _ev(ev.event or "content_block_delta", payload)
                return
            if block is not None and delta.get("type") == "input_json_delta" and isinstance(delta.get("partial_json"), str):
                delta["partial_json"] = block.feed(delta["partial_json"])
                yield _ev(ev.event or "content_block_delta", payload)
                return
        elif kind == "content_block_stop":
            yield from self._flush(payload.get("index"))
        elif kind in ("error", "message_stop"):
            yield from self.flush_all()
        elif kind == "message_start" and isinstance(payload.get("message"), dict):
            restore_anthropic_response(payload["message"], self.session)
            yield _ev(ev.event, payload)
            return
        yield ev


class ChatStream:
    """OpenAI chat.completion.chunk streams (data-only frames, ``[DONE]`` at the end)."""

    def __init__(self, session: Session) -> None:
        self.session = session
        self.content: dict[int, _Block] = {}
        self.calls: dict[tuple[int, int], _Block] = {}
        self.template: dict | None = None

    def _content(self, i: int) -> _Block:
        if i not in self.content:
            self.content[i] = _Block(self.session.restorer(), "text")
        return self.content[i]

    def _call(self, i: int, j: int) -> _Block:
        if (i, j) not in self.calls:
            self.calls[(i, j)] = _Block(self.session.restorer(json_string=True), "json")
        return self.calls[(i, j)]

    def _tails(self, choice_index: int | None = None) -> tuple[dict[int, str], dict[tuple[int, int], str]]:
        text = {i: b.flush() for i, b in list(self.content.items()) if choice_index in (None, i)}
        calls = {k: b.flush() for k, b in list(self.calls.items()) if choice_index in (None, k[0])}
        for i in text:
            b = self.content.pop(i)
            self.session.remember_echo("".join(b.upstream), "".join(b.restored))
        for k in calls:
            b = self.calls.pop(k)
            self.session.remember_echo("".join(b.upstream), "".join(b.restored))
        return text, calls

    def process(self, ev: Event) -> Iterator[Event]:
        if ev.data is None or ev.data.strip() == "[DONE]":
            if ev.data is not None:
                text, calls = self._tails()
                if (any(text.values()) or any(calls.values())) and self.template is not None:
                    yield self._tail_chunk(text, calls)
            yield ev
            return
        try:
            payload = json.loads(ev.data)
        except ValueError:
            yield ev
            return
        if not isinstance(payload, dict) or not isinstance(payload.get("choices"), list):
            yield ev
            return
        self.template = {k: v for k, v in payload.items() if k not in ("choices", "usage")}
        for choice in payload["choices"]:
            i = choice.get("index", 0)
            delta = choice.get("delta") or {}
            if isinstance(delta.get("content"), str):
                delta["content"] = self._content(i).feed(delta["content"])
            for call in delta.get("tool_calls") or []:
                fnc = call.get("function") or {}
                if isinstance(fnc.get("arguments"), str):
                    fnc["arguments"] = self._call(i, call.get("index", 0)).feed(fnc["arguments"])
            if choice.get("finish_reason"):
                text, calls = self._tails(i)
                if text.get(i):
                    delta["content"] = (delta.get("content") or "") + text[i]
                for (ci, j), tail in calls.items():
                    if tail:
                        entry = next((c for c in delta.get("tool_calls") or [] if c.get("index", 0) == j), None)
                        if entry is None:
                            delta.setdefault("tool_calls", []).append({"index": j, "function": {"arguments": tail}})
                        else:
                            entry.setdefault("function", {})["arguments"] = (entry["function"].get("arguments") or "") + tail
                choice["delta"] = delta
        yield Event(ev.event, json.dumps(payload, ensure_ascii=False, separators=(",", ":")), ev.other)

    def _tail_chunk(self, text: dict[int, str], calls: dict[tuple[int, int], str]) -> Event:
        choices: dict[int, dict] = {}
        for i, t in text.items():
            if t:
                choices.setdefault(i, {"index": i, "delta": {}})["delta"]["content"] = t
        for (i, j), t in calls.items():
            if t:
                choices.setdefault(i, {"index": i, "delta": {}})["delta"].setdefault("tool_calls", []).append({"index": j, "function": {"arguments": t}})
        return Event(None, json.dumps({**(self.template or {}), "choices": list(choices.values())}, ensure_ascii=False, separators=(",", ":")))


class ResponsesStream:
    """OpenAI Responses API streams (named events with ``sequence_number``)."""

    def __init__(self, session: Session) -> None:
        self.session = session
        self.blocks: dict[tuple, _Block] = {}
        self.shift = 0

    def _seq(self, payload: dict) -> dict:
        if isinstance(payload.get("sequence_number"), int):
            payload["sequence_number"] += self.shift
        return payload

    def _flush(self, key: tuple, ev_name: str, base: dict) -> Iterator[Event]:
        block = self.blocks.pop(key, None)
        if block is None:
            return
        tail = block.flush()
        if tail:
            delta_type = "response.output_text.delta" if key[0] == "text" else "response.function_call_arguments.delta"
            extra = {**{k: v for k, v in base.items() if k in ("item_id", "output_index", "content_index")}, "type": delta_type, "delta": tail}
            if isinstance(base.get("sequence_number"), int):
                extra["sequence_number"] = base["sequence_number"] + self.shift
                self.shift += 1
            yield _ev(delta_type, extra)

    def process(self, ev: Event) -> Iterator[Event]:
        try:
            payload = json.loads(ev.data) if ev.data else None
        except ValueError:
            payload = None
        if not isinstance(payload, dict):
            yield ev
            return
        t = payload.get("type") or ev.event
        if t == "response.output_text.delta":
            key = ("text", payload.get("item_id"), payload.get("content_index"))
            block = self.blocks.setdefault(key, _Block(self.session.restorer(), "text"))
            payload["delta"] = block.feed(payload.get("delta") or "")
        elif t == "response.function_call_arguments.delta":
            key = ("args", payload.get("item_id"))
            block = self.blocks.setdefault(key, _Block(self.session.restorer(json_string=True), "json"))
            payload["delta"] = block.feed(payload.get("delta") or "")
        elif t == "response.output_text.done":
            yield from self._flush(("text", payload.get("item_id"), payload.get("content_index")), t, payload)
            if isinstance(payload.get("text"), str):
                payload["text"] = self.session.restore_echoed(payload["text"])
        elif t == "response.function_call_arguments.done":
            yield from self._flush(("args", payload.get("item_id")), t, payload)
            if isinstance(payload.get("arguments"), str):
                payload["arguments"] = self.session.restore_echoed(payload["arguments"], json_string=True)
        elif t == "response.content_part.done" and isinstance(payload.get("part"), dict):
            part = payload["part"]
            if isinstance(part.get("text"), str):
                part["text"] = self.session.restore(part["text"])
        elif t in ("response.output_item.done", "response.output_item.added") and isinstance(payload.get("item"), dict):
            restore_responses_item(payload["item"], self.session)
        elif t in ("response.completed", "response.incomplete", "response.failed") and isinstance(payload.get("response"), dict):
            for key in list(self.blocks):
                yield from self._flush(key, t, payload)
            restore_responses_response(payload["response"], self.session)
        elif t == "error":
            for key in list(self.blocks):
                yield from self._flush(key, t, payload)
        yield _ev(ev.event, self._seq(payload))
