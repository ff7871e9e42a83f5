"""A fake LLM upstream on 127.0.0.1 that records what it receives and answers like the real APIs,
echoing the (masked) user text back in text, tool calls and streamed deltas split into tiny pieces."""

from __future__ import annotations

import itertools
import json
import re
import threading
from collections.abc import Iterator

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response, StreamingResponse
from starlette.routing import Route

THINKING = "I should call SECRET_aaaaaaaaa2 carefully; the user said so."
SIGNATURE = "EqQBCkYIBxgCKkBvY3VtZW50ZWQtZmFrZS1zaWduYXR1cmUtdGhhdC1sb29rcy1saWtlLWEtc2VjcmV0"


def sse(name: str | None, payload) -> str:
    data = payload if isinstance(payload, str) else json.dumps(payload)
    return (f"event: {name}\n" if name else "") + f"data: {data}\n\n"


PH = re.compile(r"\b([A-Z]+)_[a-z2-7]{9}[2-7]\b")


def scripted_tool(request: Request, said: str) -> tuple[str, dict]:
    """The tool call the fake model makes: by default a ``Write`` of what the user said; a test can script one
    with the ``x-test-tool`` header ({"name", "input"}), where ``{TAG}`` in an input string stands for the first
    placeholder with that tag in the (masked) user text, as a model told to use it would write it."""
    spec = request.headers.get("x-test-tool")
    if not spec:
        return "Write", {"file_path": "notes.txt", "content": said}
    tool = json.loads(spec)
    found: dict[str, str] = {}
    for m in PH.finditer(said):
        found.setdefault(m.group(1), m.group())

    def fill(v):
        if isinstance(v, str):
            return re.sub(r"\{([A-Z]+)\}", lambda m: found.get(m.group(1), m.group()), v)
        if isinstance(v, list):
            return [fill(x) for x in v]
        if isinstance(v, dict):
            return {k: fill(x) for k, x in v.items()}
        return v

    return tool["name"], fill(tool["input"])


def pieces(text: str, n: int = 3) -> list[str]:
    return [text[i : i + n] for i in range(0, len(text), n)] or [""]


def response_events(resp: dict, text_piece: int = 3, args_piece: int = 5) -> Iterator[str]:
    """A completed Responses object as the stream the API sends: created; each output item (reasoning, message,
    function call) added, its text or arguments in deltas of ``text_piece`` / ``args_piece`` characters, done;
    completed. Sequence numbers count from 0."""
    seq = itertools.count()
    yield sse("response.created", {"type": "response.created", "sequence_number": next(seq), "response": {**resp, "status": "in_progress", "output": []}})
    for i, item in enumerate(resp["output"]):
        if item["type"] == "message":
            text, where = item["content"][0]["text"], {"item_id": item["id"], "output_index": i, "content_index": 0}
            yield sse("response.output_item.added", {"type": "response.output_item.added", "sequence_number": next(seq), "output_index": i, "item": {**item, "status": "in_progress", "content": []}})
            yield sse("response.content_part.added", {"type": "response.content_part.added", "sequence_number": next(seq), **where, "part": {"type": "output_text", "text": "", "annotations": []}})
            for p in pieces(text, text_piece):
                yield sse("response.output_text.delta", {"type": "response.output_text.delta", "sequence_number": next(seq), **where, "delta": p, "logprobs": []})
            yield sse("response.output_text.done", {"type": "response.output_text.done", "sequence_number": next(seq), **where, "text": text, "logprobs": []})
            yield sse("response.content_part.done", {"type": "response.content_part.done", "sequence_number": next(seq), **where, "part": {"type": "output_text", "text": text, "annotations": []}})
        elif item["type"] == "function_call":
            where = {"item_id": item["id"], "output_index": i}
            yield sse("response.output_item.added", {"type": "response.output_item.added", "sequence_number": next(seq), "output_index": i, "item": {**item, "arguments": "", "status": "in_progress"}})
            for p in pieces(item["arguments"], args_piece):
                yield sse("response.function_call_arguments.delta", {"type": "response.function_call_arguments.delta", "sequence_number": next(seq), **where, "delta": p})
            yield sse("response.function_call_arguments.done", {"type": "response.function_call_arguments.done", "sequence_number": next(seq), **where, "arguments": item["arguments"]})
        else:  # reasoning: its summary arrives with the done event
            yield sse("response.output_item.added", {"type": "response.output_item.added", "sequence_number": next(seq), "output_index": i, "item": {**item, "summary": []}})
        yield sse("response.output_item.done", {"type": "response.output_item.done", "sequence_number": next(seq), "output_index": i, "item": item})
    yield sse("response.completed", {"type": "response.completed", "sequence_number": next(seq), "response": resp})


class Upstream:
    def __init__(self) -> None:
        self.requests: list[dict] = []
        self.headers: list[dict] = []
        self.lock = threading.Lock()
        self.fail_next: int | None = None
        self.app = Starlette(routes=[
            Route("/v1/messages", self.messages, methods=["POST"]),
            Route("/v1/messages/count_tokens", self.count_tokens, methods=["POST"]),
            Route("/v1/chat/completions", self.chat, methods=["POST"]),
            Route("/v1/responses", self.responses, methods=["POST"]),
            Route("/v1/responses/compact", self.responses, methods=["POST"]),
            Route("/v1/models", self.models, methods=["GET"]),
            Route("/{path:path}", self.anything, methods=["GET", "POST", "PUT", "PATCH", "DELETE"]),
        ])
        self.raw: list[tuple[str, str, bytes]] = []  # (path, content-type, body) of every request to other paths

    async def _record(self, request: Request) -> dict:
        body = json.loads(await request.body())
        with self.lock:
            self.requests.append(body)
            self.headers.append(dict(request.headers))
        return body

    @staticmethod
    def _last_user_text(body: dict) -> str:
        for m in reversed(body.get("messages") or []):
            if m.get("role") == "user":
                c = m["content"]
                if isinstance(c, str):
                    return c
                return "".join(b.get("text", "") for b in c if isinstance(b, dict) and b.get("type") == "text")
        inp = body.get("input")
        if isinstance(inp, str):
            return inp
        for item in reversed(inp or []):
            if isinstance(item, dict) and item.get("role") == "user":
                c = item["content"]
                return c if isinstance(c, str) else "".join(p.get("text", "") for p in c)
        return ""

    # ---------------------------------------------------------------- Anthropic
    async def messages(self, request: Request) -> Response:
        body = await self._record(request)
        if self.fail_next:
            status, self.fail_next = self.fail_next, None
            return JSONResponse({"type": "error", "error": {"type": "rate_limit_error", "message": "slow down SECRET_aaaaaaaaa2"}},
                                status_code=status, headers={"retry-after": "7", "anthropic-ratelimit-unified-status": "rejected"})
        said = self._last_user_text(body)
        tool_name, tool_input = scripted_tool(request, said)
        if request.headers.get("x-test-array"):  # a misbehaving upstream: a JSON array instead of a message
            return JSONResponse([{"type": "text", "text": said}])
        if not body.get("stream"):
            return JSONResponse({
                "id": "msg_01", "type": "message", "role": "assistant", "model": body.get("model"),
                "content": [
                    {"type": "thinking", "thinking": THINKING, "signature": SIGNATURE},
                    {"type": "text", "text": f"You said: {said}"},
                    {"type": "tool_use", "id": "toolu_01", "name": tool_name, "input": tool_input},
                ],
                "stop_reason": "tool_use", "stop_sequence": None, "usage": {"input_tokens": 10, "output_tokens": 5},
            })

        if request.headers.get("x-test-drop"):
            def broken() -> Iterator[str]:
                yield sse("message_start", {"type": "message_start", "message": {"id": "m", "type": "message", "role": "assistant", "model": "m", "content": [], "stop_reason": None, "stop_sequence": None, "usage": {"input_tokens": 1, "output_tokens": 1}}})
                yield sse("content_block_start", {"type": "content_block_start", "index": 0, "content_block": {"type": "text", "text": ""}})
                yield sse("content_block_delta", {"type": "content_block_delta", "index": 0, "delta": {"type": "text_delta", "text": f"partial {said[:40]}"}})
                raise ConnectionResetError("upstream went away")
            return StreamingResponse(broken(), media_type="text/event-stream")

        ending = request.headers.get("x-test-ending")  # "eof": a clean end before message_stop; "malformed": bad JSON
        if ending:
            found = PH.search(said)
            placeholder = found.group() if found else "none"

            def cut() -> Iterator[str]:
                yield sse("message_start", {"type": "message_start", "message": {"id": "m", "type": "message", "role": "assistant", "model": "m", "content": [], "stop_reason": None, "stop_sequence": None, "usage": {"input_tokens": 1, "output_tokens": 1}}})
                yield sse("content_block_start", {"type": "content_block_start", "index": 0, "content_block": {"type": "text", "text": ""}})
                # the text ends with a placeholder, which the gateway may still hold back when the stream stops
                yield sse("content_block_delta", {"type": "content_block_delta", "index": 0, "delta": {"type": "text_delta", "text": f"it is {placeholder}"}})
                if ending == "malformed":
                    yield "event: content_block_delta\ndata: {not json\n\n"
            return StreamingResponse(cut(), media_type="text/event-stream")

        def gen() -> Iterator[str]:
            yield sse("message_start", {"type": "message_start", "message": {"id": "msg_02", "type": "message", "role": "assistant", "model": body.get("model"),
                                                                           "content": [], "stop_reason": None, "stop_sequence": None, "usage": {"input_tokens": 10, "output_tokens": 1}}})
            yield sse("content_block_start", {"type": "content_block_start", "index": 0, "content_block": {"type": "thinking", "thinking": "", "signature": ""}})
            for p in pieces(THINKING, 7):
                yield sse("content_block_delta", {"type": "content_block_delta", "index": 0, "delta": {"type": "thinking_delta", "thinking": p}})
            yield sse("content_block_delta", {"type": "content_block_delta", "index": 0, "delta": {"type": "signature_delta", "signature": SIGNATURE}})
            yield sse("content_block_stop", {"type": "content_block_stop", "index": 0})
            yield sse("ping", {"type": "ping"})
            yield sse("content_block_start", {"type": "content_block_start", "index": 1, "content_block": {"type": "text", "text": ""}})
            for p in pieces(f"You said: {said}"):
                yield sse("content_block_delta", {"type": "content_block_delta", "index": 1, "delta": {"type": "text_delta", "text": p}})
            yield sse("content_block_stop", {"type": "content_block_stop", "index": 1})
            yield sse("content_block_start", {"type": "content_block_start", "index": 2, "content_block": {"type": "tool_use", "id": "toolu_02", "name": tool_name, "input": {}}})
            yield sse("content_block_delta", {"type": "content_block_delta", "index": 2, "delta": {"type": "input_json_delta", "partial_json": ""}})
            for p in pieces(json.dumps(tool_input), 4):
                yield sse("content_block_delta", {"type": "content_block_delta", "index": 2, "delta": {"type": "input_json_delta", "partial_json": p}})
            yield sse("content_block_stop", {"type": "content_block_stop", "index": 2})
            yield sse("message_delta", {"type": "message_delta", "delta": {"stop_reason": "tool_use", "stop_sequence": None}, "usage": {"output_tokens": 20}})
            yield sse("message_stop", {"type": "message_stop"})

        return StreamingResponse(gen(), media_type="text/event-stream")

    async def count_tokens(self, request: Request) -> Response:
        body = await self._record(request)
        return JSONResponse({"input_tokens": len(json.dumps(body)) // 4})

    async def anything(self, request: Request) -> Response:
        body = await request.body()
        with self.lock:
            self.raw.append((request.url.path + ("?" + request.url.query if request.url.query else ""), request.headers.get("content-type", ""), body))
        return JSONResponse({"ok": True, "path": request.url.path})

    async def models(self, request: Request) -> Response:
        return JSONResponse({"data": [{"id": "claude-test", "type": "model"}], "has_more": False})

    # ---------------------------------------------------------------- OpenAI chat
    async def chat(self, request: Request) -> Response:
        body = await self._record(request)
        said = self._last_user_text(body)
        tool_name, tool_input = scripted_tool(request, said)
        args = json.dumps(tool_input)
        if not body.get("stream"):
            return JSONResponse({"id": "chatcmpl-1", "object": "chat.completion", "created": 1, "model": body.get("model"),
                                 "choices": [{"index": 0, "finish_reason": "tool_calls", "message": {
                                     "role": "assistant", "content": f"You said: {said}",
                                     "tool_calls": [{"id": "call_1", "type": "function", "function": {"name": tool_name, "arguments": args}}]}}],
                                 "usage": {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2}})

        def gen() -> Iterator[str]:
            base = {"id": "chatcmpl-2", "object": "chat.completion.chunk", "created": 1, "model": body.get("model")}
            yield sse(None, {**base, "choices": [{"index": 0, "delta": {"role": "assistant", "content": ""}, "finish_reason": None}]})
            for p in pieces(f"You said: {said}"):
                yield sse(None, {**base, "choices": [{"index": 0, "delta": {"content": p}, "finish_reason": None}]})
            yield sse(None, {**base, "choices": [{"index": 0, "delta": {"tool_calls": [{"index": 0, "id": "call_2", "type": "function", "function": {"name": tool_name, "arguments": ""}}]}, "finish_reason": None}]})
            for p in pieces(args, 5):
                yield sse(None, {**base, "choices": [{"index": 0, "delta": {"tool_calls": [{"index": 0, "function": {"arguments": p}}]}, "finish_reason": None}]})
            yield sse(None, {**base, "choices": [{"index": 0, "delta": {}, "finish_reason": "tool_calls"}]})
            yield sse(None, "[DONE]")

        return StreamingResponse(gen(), media_type="text/event-stream")

    # ---------------------------------------------------------------- OpenAI responses
    async def responses(self, request: Request) -> Response:
        body = await self._record(request)
        said = self._last_user_text(body)
        tool_name, tool_input = scripted_tool(request, said)
        text, args = f"You said: {said}", json.dumps(tool_input)
        msg = {"id": "msg_r1", "type": "message", "role": "assistant", "status": "completed", "content": [{"type": "output_text", "text": text, "annotations": []}]}
        call = {"id": "fc_1", "type": "function_call", "call_id": "call_r1", "name": tool_name, "arguments": args, "status": "completed"}
        resp = {"id": "resp_1", "object": "response", "created_at": 1, "model": body.get("model"), "status": "completed", "output": [msg, call],
                "parallel_tool_calls": True, "tool_choice": "auto", "tools": [], "usage": {"input_tokens": 1, "output_tokens": 1, "total_tokens": 2,
                "input_tokens_details": {"cached_tokens": 0}, "output_tokens_details": {"reasoning_tokens": 0}}}
        if not body.get("stream"):
            return JSONResponse(resp)

        return StreamingResponse(response_events(resp), media_type="text/event-stream")
