"""The gateway app: Starlette routes, upstream forwarding with httpx, fail-closed masking, streaming restore."""

from __future__ import annotations

import contextlib
import json
import logging
import secrets
import time
import uuid
from collections import Counter
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass

import httpx
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response, StreamingResponse
from starlette.routing import Route

from ..policy import Policy
from .sessions import Session, SessionStore
from .sse import Event, events
from .streams import AnthropicStream, ChatStream, ResponsesStream
from .walk import (
    mask_anthropic_request,
    mask_chat_request,
    mask_responses_request,
    restore_anthropic_response,
    restore_chat_response,
    restore_responses_response,
)

log = logging.getLogger("coatcheck.gateway")
HOP_BY_HOP = {"connection", "keep-alive", "proxy-authenticate", "proxy-authorization", "te", "trailers", "transfer-encoding",
              "upgrade", "host", "content-length", "accept-encoding"}
RESPONSE_DROP = {"content-length", "content-encoding", "transfer-encoding", "connection", "keep-alive"}


@dataclass
class GatewayConfig:
    upstream: str = "https://api.anthropic.com"
    openai_upstream: str | None = None  # defaults to ``upstream``
    policy: Policy | None = None
    master_key: bytes | None = None
    default_session: str = "default"
    max_body_bytes: int = 32 * 1024 * 1024
    timeout: float = 600.0
    audit_path: str | None = None
    vault_dir: str | None = None


def _anthropic_error(status: int, kind: str, message: str) -> JSONResponse:
    return JSONResponse({"type": "error", "error": {"type": kind, "message": message}}, status_code=status)


def _openai_error(status: int, kind: str, message: str) -> JSONResponse:
    return JSONResponse({"error": {"message": message, "type": kind, "code": None}}, status_code=status)


class Gateway:
    def __init__(self, config: GatewayConfig) -> None:
        self.config = config
        policy = config.policy or Policy.builtin("agent")
        self.sessions = SessionStore(config.master_key or secrets.token_bytes(32), policy, vault_dir=config.vault_dir)
        self.client = httpx.AsyncClient(timeout=httpx.Timeout(config.timeout, connect=30.0), follow_redirects=False)
        self._audit = open(config.audit_path, "a", encoding="utf-8") if config.audit_path else None

    # -- helpers ---------------------------------------------------------------------------------
    def _session_key(self, request: Request, body: dict | None) -> str:
        for h in ("x-claude-code-session-id", "x-coatcheck-session"):
            if request.headers.get(h):
                return request.headers[h]
        if body and isinstance(body.get("prompt_cache_key"), str):
            return "openai:" + body["prompt_cache_key"]
        return self.config.default_session

    @staticmethod
    def _forward_headers(request: Request) -> dict[str, str]:
        return {k: v for k, v in request.headers.items() if k.lower() not in HOP_BY_HOP}

    def _url(self, request: Request, openai: bool = False) -> str:
        base = (self.config.openai_upstream or self.config.upstream) if openai else self.config.upstream
        url = base.rstrip("/") + request.url.path
        return url + ("?" + request.url.query if request.url.query else "")

    def _audit_line(self, rid: str, path: str, status: int, counts: Counter, seconds: float) -> None:
        log.info("request %s %s -> %s masked=%s in %.1f ms", rid, path, status, dict(counts), 1000 * seconds)
        if self._audit:
            self._audit.write(json.dumps({"id": rid, "path": path, "status": status, "masked": dict(counts), "ms": round(1000 * seconds, 1)}) + "\n")
            self._audit.flush()

    # -- the masked routes ------------------------------------------------------------------------
    async def handle(self, request: Request, mask_fn: Callable, restore_fn: Callable, stream_cls, error: Callable, openai: bool) -> Response:
        rid = uuid.uuid4().hex[:12]
        t0 = time.perf_counter()
        raw = b""
        async for chunk in request.stream():
            raw += chunk
            if len(raw) > self.config.max_body_bytes:
                return error(413, "request_too_large", f"coatcheck: request body over {self.config.max_body_bytes} bytes; not forwarded")
        try:
            body = json.loads(raw)
            if not isinstance(body, dict):
                raise ValueError
        except ValueError:
            return error(400, "invalid_request_error", "coatcheck: request body is not a JSON object; not forwarded")
        session = self.sessions.get(self._session_key(request, body))
        before = Counter(session.counts)
        try:
            await run_in_threadpool(mask_fn, body, session)
            payload = json.dumps(body, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
        except Exception as exc:  # fail closed: nothing unmasked leaves
            log.error("request %s: masking failed (%s); not forwarded", rid, exc.__class__.__name__)
            return error(500, "api_error", "coatcheck: masking failed; the request was not forwarded")
        counts = session.counts - before
        headers = self._forward_headers(request)
        try:
            upstream_req = self.client.build_request(request.method, self._url(request, openai), headers=headers, content=payload)
            upstream = await self.client.send(upstream_req, stream=True)
        except httpx.HTTPError as exc:
            self._audit_line(rid, request.url.path, 502, counts, time.perf_counter() - t0)
            return error(502, "api_error", f"coatcheck: upstream unreachable ({exc.__class__.__name__})")
        resp_headers = {k: v for k, v in upstream.headers.items() if k.lower() not in RESPONSE_DROP}
        ctype = upstream.headers.get("content-type", "")
        if upstream.status_code >= 400 or restore_fn is None:
            data = await upstream.aread()
            await upstream.aclose()
            self._audit_line(rid, request.url.path, upstream.status_code, counts, time.perf_counter() - t0)
            return Response(data, status_code=upstream.status_code, headers=resp_headers)
        if "text/event-stream" in ctype:
            self._audit_line(rid, request.url.path, upstream.status_code, counts, time.perf_counter() - t0)
            return StreamingResponse(self._restore_stream(upstream, stream_cls(session), openai), status_code=upstream.status_code,
                                     headers=resp_headers, media_type="text/event-stream")
        data = await upstream.aread()
        await upstream.aclose()
        try:
            out = json.loads(data)
            await run_in_threadpool(restore_fn, out, session)
            data = json.dumps(out, ensure_ascii=False).encode("utf-8")
        except ValueError:
            pass  # not JSON: pass it on as it came
        self._audit_line(rid, request.url.path, upstream.status_code, counts, time.perf_counter() - t0)
        return Response(data, status_code=upstream.status_code, headers=resp_headers)

    async def _restore_stream(self, upstream: httpx.Response, transformer, openai: bool) -> AsyncIterator[bytes]:
        try:
            async for ev in events(upstream.aiter_bytes()):
                for out in transformer.process(ev):
                    yield out.encode()
        except httpx.HTTPError as exc:
            log.warning("upstream stream broke (%s)", exc.__class__.__name__)
            if isinstance(transformer, AnthropicStream):
                for out in transformer.flush_all():
                    yield out.encode()
                err = {"type": "error", "error": {"type": "api_error", "message": "coatcheck: upstream connection lost mid-stream"}}
                yield Event("error", json.dumps(err)).encode()
        finally:
            await upstream.aclose()

    async def passthrough(self, request: Request) -> Response:
        headers = self._forward_headers(request)
        body = await request.body()
        try:
            upstream = await self.client.send(self.client.build_request(request.method, self._url(request), headers=headers, content=body), stream=True)
        except httpx.HTTPError as exc:
            return _anthropic_error(502, "api_error", f"coatcheck: upstream unreachable ({exc.__class__.__name__})")
        resp_headers = {k: v for k, v in upstream.headers.items() if k.lower() not in RESPONSE_DROP}

        async def relay() -> AsyncIterator[bytes]:
            try:
                async for chunk in upstream.aiter_bytes():
                    yield chunk
            finally:
                await upstream.aclose()

        return StreamingResponse(relay(), status_code=upstream.status_code, headers=resp_headers)

    async def close(self) -> None:
        await self.client.aclose()
        if self._audit:
            self._audit.close()


def create_app(config: GatewayConfig | None = None) -> Starlette:
    gw = Gateway(config or GatewayConfig())

    async def messages(request: Request) -> Response:
        return await gw.handle(request, mask_anthropic_request, restore_anthropic_response, AnthropicStream, _anthropic_error, False)

    async def count_tokens(request: Request) -> Response:
        return await gw.handle(request, mask_anthropic_request, None, AnthropicStream, _anthropic_error, False)

    async def chat(request: Request) -> Response:
        return await gw.handle(request, mask_chat_request, restore_chat_response, ChatStream, _openai_error, True)

    async def responses(request: Request) -> Response:
        return await gw.handle(request, mask_responses_request, restore_responses_response, ResponsesStream, _openai_error, True)

    async def health(request: Request) -> Response:
        return JSONResponse({"status": "ok", "sessions": len(gw.sessions)})

    routes = [
        Route("/health", health, methods=["GET"]),
        Route("/v1/messages", messages, methods=["POST"]),
        Route("/v1/messages/count_tokens", count_tokens, methods=["POST"]),
        Route("/v1/chat/completions", chat, methods=["POST"]),
        Route("/v1/responses", responses, methods=["POST"]),
        Route("/v1/responses/compact", responses, methods=["POST"]),  # Codex compaction: same input items
        Route("/{path:path}", gw.passthrough, methods=["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"]),
    ]
    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        yield
        await gw.close()

    app = Starlette(routes=routes, lifespan=lifespan)
    app.state.gateway = gw
    return app
