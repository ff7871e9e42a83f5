"""A scripted model on 127.0.0.1 for the real Claude Code and Codex CLIs: it records every request (path, headers,
body) and plays one conversation, reading the request the way a model would:

1. the user asks to read a ``.env`` file (an absolute path in the prompt): the model calls the client's file or
   shell tool on it;
2. the tool result comes back (masked by the gateway): the model finds the placeholder on the ``API_TOKEN=`` line
   and calls the shell tool to use it as a credential: ``curl -H 'Authorization: Bearer …' -o token.txt`` against
   this server's ``/echo-auth`` (a stand-in for the provider's API on 127.0.0.1), which answers with the token it
   was given, so ``token.txt`` shows what the gateway restored (a secret comes back only as a credential);
3. the shell result comes back: the model answers in text, naming the placeholder (the gateway restores it);
4. any later prompt (``--continue``, a fork): the model answers with the placeholder it finds in the history.

Two more plays for other scenarios: a prompt with a line ``Run: <command>`` makes the model run that command with
the client's shell tool and answer "Done."; lines ``Call: <tool> <json input>`` (Anthropic only) make it call each
named tool in turn, one per turn, then answer "Done.". A prompt holding :data:`SLOW` makes every main answer of that
conversation wait ``slow_seconds`` first, or until :attr:`ScriptedModel.go` is set (a turn still in flight when
another session ends, or a gateway is killed).

Requests without the shell tool (Claude Code's title and summary side requests) get a short text. With thinking
asked for (Anthropic) or always (Responses), each answer starts with a thinking/reasoning block whose text names
the placeholder and whose signature / encrypted content the client must send back unchanged. Streams are cut into
7-character deltas, so placeholders arrive split.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import re
import threading
import time
from collections.abc import Iterator
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response, StreamingResponse
from starlette.routing import Route

from gateway.fake_upstream import pieces, response_events, sse  # tests/ is on sys.path

PLACEHOLDER = re.compile(r"\b[A-Z]+_[a-z2-7]{9}[2-7]\b")
TOKEN_LINE = re.compile(r"API_TOKEN=(\S+)")
ENV_PATH = re.compile(r"(/\S*?\.env)\b")
RUN_LINE = re.compile(r"^Run: (.+)$", re.M)
CALL_LINE = re.compile(r"^Call: (\S+) (\{.*\})$", re.M)
SLOW = "Take it slowly."
SIGNATURE = "RXFRQkNrWUlCeGdDS2tCc2NyaXB0ZWQtc2lnbmF0dXJlLW9mLXRoZS1lMmUtbW9kZWw="
ENCRYPTED = "gAAAAABscripted-encrypted-reasoning-of-the-e2e-model-0123456789abcdef"


def _text_of(content: Any) -> str:
    """All text inside a message content / tool result / Responses item, however nested."""
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "\n".join(_text_of(c) for c in content)
    if isinstance(content, dict):
        return "\n".join(_text_of(content[k]) for k in ("text", "content", "output") if k in content)
    return ""


class ScriptedModel:
    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.requests: list[dict[str, Any]] = []  # {"path", "headers", "body" (bytes), "json"}
        self.sent_thinking: list[tuple[str, str]] = []  # (thinking text, signature) the model sent
        self._ids = itertools.count(1)
        self.url = ""  # set by whoever serves it (the /echo-auth address the script uses)
        self.slow_seconds = 4.0
        self.go = threading.Event()  # set: slow answers go at once
        self.app = Starlette(routes=[
            Route("/v1/messages", self.messages, methods=["POST"]),
            Route("/v1/messages/count_tokens", self.count_tokens, methods=["POST"]),
            Route("/v1/responses", self.responses, methods=["POST"]),
            Route("/v1/models", self.models, methods=["GET"]),
            Route("/_recorded", self.recorded, methods=["GET"]),
            Route("/echo-auth", self.echo_auth, methods=["GET"]),
            Route("/{path:path}", self.other, methods=["GET", "POST", "PUT", "PATCH", "DELETE"]),
        ])

    async def _record(self, request: Request) -> dict[str, Any]:
        raw = await request.body()
        try:
            body = json.loads(raw) if raw else {}
        except ValueError:
            body = {}
        with self.lock:
            self.requests.append({"path": request.url.path, "headers": dict(request.headers), "body": raw, "json": body})
        return body

    async def _hold(self) -> None:
        go, deadline = self.go, time.monotonic() + self.slow_seconds
        while not go.is_set() and time.monotonic() < deadline:
            await asyncio.sleep(0.05)

    def _id(self) -> int:
        with self.lock:
            return next(self._ids)

    # ------------------------------------------------------------------ the script
    def _step(self, history: list[tuple[str, str]], last_kind: str, last_text: str, last_call: str,
              calls_done: int = 0) -> tuple[str, str | None, Any]:
        """(text, action, argument): action None (answer), "read" (path), "shell" or "run" (command), or "call"
        ((tool name, input))."""
        everything = "\n".join(t for _, t in history)
        run = RUN_LINE.search(last_text) if last_kind == "prompt" else None
        if run:
            return "Running it.", "run", run.group(1)
        if last_kind == "result" and last_call == "run":
            return "Done.", None, None
        wanted = CALL_LINE.findall(everything)
        if wanted and ((last_kind == "prompt" and CALL_LINE.search(last_text)) or (last_kind == "result" and last_call == "call")):
            if calls_done < len(wanted):
                name, arguments = wanted[calls_done]
                return f"Calling {name}.", "call", (name, json.loads(arguments))
            return "Done.", None, None
        found = TOKEN_LINE.search(everything)
        ph = found.group(1) if found else None
        if last_kind == "result" and last_call == "read":
            if ph is None:
                return "The file has no API_TOKEN line.", None, None
            return ("Writing the token to token.txt.", "shell",
                    f"curl -s -H 'Authorization: Bearer {ph}' -o token.txt {self.url}/echo-auth")
        if last_kind == "result" and last_call == "shell":
            return f"Done: {ph} is now in token.txt.", None, None
        path = ENV_PATH.search(last_text)
        if path and ph is None:
            return "Reading the file first.", "read", path.group(1)
        return f"Earlier I wrote {ph} to token.txt." if ph else "Hello.", None, None

    # ------------------------------------------------------------------ Anthropic Messages
    async def messages(self, request: Request) -> Response:
        body = await self._record(request)
        tools = {t.get("name") for t in body.get("tools") or []}
        messages = body.get("messages") or []
        history: list[tuple[str, str]] = []
        calls: dict[str, str] = {}
        for m in messages:
            for b in m["content"] if isinstance(m["content"], list) else [{"type": "text", "text": m["content"]}]:
                if b.get("type") == "tool_use":
                    calls[b["id"]] = b["id"].split("_")[1]
                history.append((m["role"], _text_of(b) if b.get("type") != "tool_use" else json.dumps(b.get("input"))))
        # (Claude Code may end the list with a role "system" message: the environment, reminders)
        last = next((m for m in reversed(messages) if m.get("role") == "user"), {"content": ""})
        blocks = last["content"] if isinstance(last["content"], list) else [{"type": "text", "text": last["content"]}]
        results = [b for b in blocks if b.get("type") == "tool_result"]
        if results:
            kind, text, call = "result", _text_of(results[-1].get("content")), calls.get(results[-1]["tool_use_id"], "")
        else:
            kind, text, call = "prompt", "\n".join(_text_of(b) for b in blocks if b.get("type") == "text"), ""
        if "Bash" not in tools:  # a side request: the session title, a summary
            answer, action, arg = "Coatcheck end-to-end session", None, None
        else:
            if SLOW in json.dumps(messages):
                await self._hold()
            answer, action, arg = self._step(history, kind, text, call, sum(1 for c in calls.values() if c == "call"))
        content: list[dict[str, Any]] = []
        thinking = (body.get("thinking") or {}).get("type") in ("enabled", "adaptive")
        if thinking:
            ph = TOKEN_LINE.search("\n".join(t for _, t in history))
            thought = f"The user wants the token handled; it is {ph.group(1) if ph else 'not read yet'}."
            with self.lock:
                self.sent_thinking.append((thought, SIGNATURE))
            content.append({"type": "thinking", "thinking": thought, "signature": SIGNATURE})
        content.append({"type": "text", "text": answer})
        if action == "read":
            content.append({"type": "tool_use", "id": f"toolu_read_{self._id()}", "name": "Read", "input": {"file_path": arg}})
        elif action in ("shell", "run"):
            content.append({"type": "tool_use", "id": f"toolu_{action}_{self._id()}", "name": "Bash",
                            "input": {"command": arg, "description": "Write the token" if action == "shell" else "Run it"}})
        elif action == "call":
            content.append({"type": "tool_use", "id": f"toolu_call_{self._id()}", "name": arg[0], "input": arg[1]})
        stop = "tool_use" if action else "end_turn"
        msg = {"id": f"msg_{self._id()}", "type": "message", "role": "assistant", "model": body.get("model", "m"),
               "content": content, "stop_reason": stop, "stop_sequence": None,
               "usage": {"input_tokens": 100, "output_tokens": 20, "cache_read_input_tokens": 0, "cache_creation_input_tokens": 0}}
        if not body.get("stream"):
            return JSONResponse(msg)

        def gen() -> Iterator[str]:
            yield sse("message_start", {"type": "message_start", "message": {**msg, "content": [], "stop_reason": None,
                                                                             "usage": {**msg["usage"], "output_tokens": 1}}})
            for i, block in enumerate(content):
                kind = block["type"]
                empty = {"type": "thinking", "thinking": "", "signature": ""} if kind == "thinking" else \
                    {"type": "text", "text": ""} if kind == "text" else {**block, "input": {}}
                yield sse("content_block_start", {"type": "content_block_start", "index": i, "content_block": empty})
                if kind == "thinking":
                    for p in pieces(block["thinking"], 7):
                        yield sse("content_block_delta", {"type": "content_block_delta", "index": i, "delta": {"type": "thinking_delta", "thinking": p}})
                    yield sse("content_block_delta", {"type": "content_block_delta", "index": i, "delta": {"type": "signature_delta", "signature": block["signature"]}})
                elif kind == "text":
                    for p in pieces(block["text"], 7):
                        yield sse("content_block_delta", {"type": "content_block_delta", "index": i, "delta": {"type": "text_delta", "text": p}})
                else:
                    for p in pieces(json.dumps(block["input"]), 7):
                        yield sse("content_block_delta", {"type": "content_block_delta", "index": i, "delta": {"type": "input_json_delta", "partial_json": p}})
                yield sse("content_block_stop", {"type": "content_block_stop", "index": i})
            yield sse("message_delta", {"type": "message_delta", "delta": {"stop_reason": stop, "stop_sequence": None}, "usage": {"output_tokens": 20}})
            yield sse("message_stop", {"type": "message_stop"})

        return StreamingResponse(gen(), media_type="text/event-stream")

    async def count_tokens(self, request: Request) -> Response:
        body = await self._record(request)
        return JSONResponse({"input_tokens": len(json.dumps(body)) // 4})

    async def models(self, request: Request) -> Response:
        await self._record(request)
        return JSONResponse({"data": [{"id": "claude-sonnet-4-5", "type": "model", "display_name": "test", "created_at": "2025-01-01T00:00:00Z"}],
                             "has_more": False, "object": "list"})

    async def echo_auth(self, request: Request) -> Response:
        """The provider API stand-in: answers with the bearer token it was sent (not recorded: it is not the model)."""
        return Response(request.headers.get("authorization", "").removeprefix("Bearer "), media_type="text/plain")

    async def recorded(self, request: Request) -> Response:  # for manual runs
        with self.lock:
            return JSONResponse([{**r, "body": r["body"].decode("utf-8", "replace")} for r in self.requests])

    async def other(self, request: Request) -> Response:
        await self._record(request)
        return JSONResponse({}, status_code=404)

    # ------------------------------------------------------------------ OpenAI Responses (Codex)
    @staticmethod
    def _shell_call(tools: list[dict[str, Any]], command: str) -> tuple[str, dict[str, Any]]:
        """The client's shell tool and its arguments for ``command``, whichever shape it declares."""
        by_name = {t.get("name"): t for t in tools if t.get("type") == "function"}
        for name in ("exec_command", "shell_command", "shell", "local_shell"):
            tool = by_name.get(name)
            if tool is None:
                continue
            props = (tool.get("parameters") or {}).get("properties") or {}
            key = "cmd" if "cmd" in props else "command"
            if (props.get(key) or {}).get("type") == "array":
                return name, {key: ["bash", "-lc", command]}
            return name, {key: command}
        raise AssertionError(f"no shell tool among {sorted(by_name)}")

    async def responses(self, request: Request) -> Response:
        body = await self._record(request)
        items = body.get("input") or []
        if isinstance(items, str):
            items = [{"type": "message", "role": "user", "content": items}]
        history: list[tuple[str, str]] = []
        calls: dict[str, str] = {}
        for it in items:
            t = it.get("type", "message")
            if t == "function_call":
                calls[it.get("call_id", "")] = it.get("call_id", "").split("_")[1] if it.get("call_id", "").startswith("call_") else ""
                history.append(("assistant", it.get("arguments", "")))
            elif t in ("function_call_output", "custom_tool_call_output"):
                history.append(("tool", _text_of(it.get("output"))))
            elif t == "message":
                history.append((it.get("role", ""), _text_of(it.get("content"))))
        last = items[-1] if items else {}
        if last.get("type") in ("function_call_output", "custom_tool_call_output"):
            kind, text, call = "result", _text_of(last.get("output")), calls.get(last.get("call_id", ""), "")
        else:
            kind, text, call = "prompt", _text_of(last.get("content")), ""
        if SLOW in json.dumps(items):
            await self._hold()
        answer, action, arg = self._step(history, kind, text, call)
        assert action != "call", "Call: lines are played for Anthropic clients only"
        out: list[dict[str, Any]] = []
        ph = TOKEN_LINE.search("\n".join(t for _, t in history))
        thought = f"The user wants the token handled; it is {ph.group(1) if ph else 'not read yet'}."
        n = self._id()
        out.append({"id": f"rs_{n}", "type": "reasoning", "summary": [{"type": "summary_text", "text": thought}],
                    "encrypted_content": ENCRYPTED})
        with self.lock:
            self.sent_thinking.append((thought, ENCRYPTED))
        out.append({"id": f"msg_{n}", "type": "message", "role": "assistant", "status": "completed",
                    "content": [{"type": "output_text", "text": answer, "annotations": []}]})
        if action is not None:
            command = f"cat {arg}" if action == "read" else arg
            name, args = self._shell_call(body.get("tools") or [], command)
            out.append({"id": f"fc_{n}", "type": "function_call", "call_id": f"call_{action}_{n}", "name": name,
                        "arguments": json.dumps(args), "status": "completed"})
        resp = {"id": f"resp_{n}", "object": "response", "created_at": 1, "model": body.get("model", "m"), "status": "completed",
                "output": out, "parallel_tool_calls": False, "tool_choice": "auto", "tools": [],
                "usage": {"input_tokens": 100, "output_tokens": 20, "total_tokens": 120,
                          "input_tokens_details": {"cached_tokens": 0}, "output_tokens_details": {"reasoning_tokens": 5}}}
        if not body.get("stream"):
            return JSONResponse(resp)

        return StreamingResponse(response_events(resp, 7, 7), media_type="text/event-stream")


if __name__ == "__main__":  # a manual run: cd tests && python -m e2e.scripted PORT
    import sys

    import uvicorn

    model = ScriptedModel()
    uvicorn.run(model.app, host="127.0.0.1", port=int(sys.argv[1]), log_level="info")
