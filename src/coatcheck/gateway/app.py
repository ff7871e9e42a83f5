"""The gateway app: every request is authenticated, its body masked (deny by default: any path, any JSON), and
forwarded with httpx; responses are restored (streamed or not) by the API module the path belongs to.

Fail closed: a body that cannot be parsed or masked is refused with a clear error and never forwarded.
"""

from __future__ import annotations

import codecs
import contextlib
import hmac
import json
import logging
import secrets
import time
import uuid
from collections import Counter
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import parse_qsl, quote, urlencode

import anyio
import httpx
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.datastructures import UploadFile
from starlette.requests import Request
from starlette.responses import JSONResponse, Response, StreamingResponse
from starlette.routing import Route

from ..errors import CoatcheckError
from ..policy import Policy
from ..wire.api import Api, StreamTransformer
from ..wire.apis.generic import Unmaskable, mask_generic
from ..wire.apis.notices import begin_turn
from ..wire.media import MediaRefused
from ..wire.registry import SESSION_BODY_KEYS, SESSION_HEADERS
from ..wire.session import Session
from ..wire.sse import SSEParser
from ..wire.walk import TooDeep
from . import challenge
from .credentials import credential_scope
from .headers import masked_headers
from .routes import masked_path, normalise, redacted_path, route
from .sessions import SessionStore
from .summary import Summary

log = logging.getLogger("coatcheck.gateway")
TOKEN_HEADER = "x-coatcheck-token"
HOP_BY_HOP = {"connection", "keep-alive", "proxy-authenticate", "proxy-authorization", "te", "trailers", "transfer-encoding",
              "upgrade", "host", "content-length", "accept-encoding", TOKEN_HEADER, "x-coatcheck-session", "origin", "referer"}
# server and date are the gateway's own (uvicorn writes them); the upstream's copies would be duplicates
RESPONSE_DROP = {"content-length", "content-encoding", "transfer-encoding", "connection", "keep-alive", "server", "date"}
LOOPBACK_HOSTS = frozenset({"127.0.0.1", "localhost", "::1", "[::1]"})
TEXT_TYPES = ("text/", "application/json", "application/jsonl", "application/x-ndjson", "application/xml",
              "application/yaml", "application/x-yaml", "application/toml")
# The gateway's own refusals (bad token, upstream unreachable, masking failed, WebSocket upgrade) are final: the
# official SDKs (anthropic, openai; Claude Code's) retry 408/409/429/5xx and connection errors unless the response
# says ``x-should-retry: false``, and a retry of a refusal only delays the one-line message by minutes.
NO_RETRY = {"x-should-retry": "false"}
# Streamed responses are transformed (restored, tool calls decided) in worker threads, this many at once, so that
# one long tool call never holds the event loop that serves every other request and /health.
STREAM_WORKERS = 8


def declared_charset(content_type: str) -> str | None:
    """The ``charset`` parameter of a Content-Type header value (None when it names none)."""
    for part in content_type.split(";")[1:]:
        name, _, value = part.partition("=")
        if name.strip().lower() == "charset" and value.strip():
            return value.strip().strip('"').lower()
    return None


def text_codec(charset: str | None) -> str:
    """The codec a declared charset names (utf-8 when none is declared); Refused when it names none, or a codec
    that is not a text encoding (``base64``, ``rot13``)."""
    try:
        info = codecs.lookup(charset or "utf-8")
    except LookupError:
        raise Refused(415, "invalid_request_error", "coatcheck: the request body's charset is unknown; not forwarded",
                      "unknown_charset") from None
    if not getattr(info, "_is_text_encoding", True):
        raise Refused(415, "invalid_request_error", "coatcheck: the request body's charset is not a text encoding; "
                                                    "not forwarded", "unknown_charset")
    return info.name


def decode_body(raw: bytes, charset: str | None) -> str:
    """A text body decoded by its declared charset (UTF-8 when none is declared; a UTF-8 byte-order mark is
    dropped). Refused when the charset is unknown or not a text encoding, or the bytes are not in it: a body read
    in another charset than the upstream reads it could hide a value from masking."""
    name = text_codec(charset)
    try:
        return raw.decode("utf-8-sig" if name == "utf-8" else name, "strict")
    except (UnicodeDecodeError, ValueError):
        raise Refused(415, "invalid_request_error", f"coatcheck: the request body is not valid {name} text; not "
                                                    "forwarded", "bad_charset") from None


def mask_pairs(pairs: list[tuple[str, str]], session: Session) -> list[tuple[str, str]]:
    """Form or query pairs masked: each key on its own (a value pasted as a bare key, ``?ghp_…``), each value in
    the context of its key (``password=…`` says what the value is)."""
    out: list[tuple[str, str]] = []
    for k, v in pairs:
        mk = session.mask(k)
        if not v:
            out.append((mk, v))
            continue
        joint = session.mask(f"{k}={v}")
        out.append((mk, joint[len(k) + 1:] if joint.startswith(k + "=") else session.mask(v)))
    return out


def utf8_content_type(content_type: str) -> str:
    """``content_type`` with its charset parameter set to utf-8 (the body goes upstream re-encoded as UTF-8)."""
    parts = [p for p in content_type.split(";") if p.strip() and p.partition("=")[0].strip().lower() != "charset"]
    return "; ".join([parts[0].strip() if parts else "text/plain", *(p.strip() for p in parts[1:]), "charset=utf-8"])


@dataclass
class GatewayConfig:
    upstream: str = "https://api.anthropic.com"
    openai_upstream: str | None = None  # defaults to ``upstream``
    policy: Policy | None = None
    master_key: bytes | None = None
    token: str | None = None  # clients must send it in ``x-coatcheck-token``; None disables the check (library use)
    allowed_hosts: frozenset[str] = field(default_factory=frozenset)  # Host header values besides loopback names
    allowed_origins: frozenset[str] = field(default_factory=frozenset)
    max_body_bytes: int = 32 * 1024 * 1024
    timeout: float = 600.0
    audit_path: str | None = None
    vault_dir: str | None = None


class Refused(Exception):
    """A request the gateway will not forward: status, error type and a message without values."""

    def __init__(self, status: int, kind: str, message: str, reason: str | None = None) -> None:
        super().__init__(message)
        self.status, self.kind, self.message = status, kind, message
        self.reason = reason or kind  # the audit line's label


class Gateway:
    def __init__(self, config: GatewayConfig) -> None:
        self.config = config
        policy = config.policy or Policy.builtin("agent")
        self.sessions = SessionStore(config.master_key or secrets.token_bytes(32), policy, vault_dir=config.vault_dir)
        self.client = httpx.AsyncClient(timeout=httpx.Timeout(config.timeout, connect=30.0), follow_redirects=False)
        self._audit = open(config.audit_path, "a", encoding="utf-8") if config.audit_path else None
        self.summary = Summary()
        self._limiter: anyio.CapacityLimiter | None = None  # made on the event loop, at the first stream

    # -- checks ----------------------------------------------------------------------------------
    def _check_client(self, request: Request) -> None:
        host = (request.headers.get("host") or "").lower()
        name = host.rsplit(":", 1)[0] if not host.endswith("]") else host
        if name not in LOOPBACK_HOSTS and name not in self.config.allowed_hosts and host not in self.config.allowed_hosts:
            raise Refused(403, "permission_error", "coatcheck: Host header is not this gateway's (DNS rebinding guard); "
                                                   "start the gateway with --allow-host to accept it")
        origin = request.headers.get("origin")
        if origin is not None and origin not in self.config.allowed_origins:
            raise Refused(403, "permission_error", "coatcheck: requests from web pages are refused (Origin header present)")
        if self.config.token is not None:
            given = request.headers.get(TOKEN_HEADER, "")
            if not hmac.compare_digest(given.encode(), self.config.token.encode()):
                raise Refused(401, "authentication_error", f"coatcheck: missing or wrong {TOKEN_HEADER} header; the token is in "
                                                           "the file `coatcheck serve` printed at start")

    def _session(self, request: Request, body: Any, api: Api) -> Session:
        """The session a request belongs to: the conversation its client names (any registered API's header hint,
        coatcheck's own ``x-coatcheck-session``, then any API's body hint), joined to the one it forks from; else a
        fresh ephemeral one."""
        start = self.sessions.fingerprint(api.history_of(body), api.model_output)
        for h in (*SESSION_HEADERS, "x-coatcheck-session"):
            if request.headers.get(h):
                return self.sessions.get(request.headers[h], start)
        if isinstance(body, dict):
            for key, prefix in SESSION_BODY_KEYS:
                if isinstance(body.get(key), str):
                    return self.sessions.get(prefix + body[key], start)
        return self.sessions.ephemeral()

    def _url(self, path: str, query: str, api: Api) -> str:
        base = (self.config.openai_upstream or self.config.upstream) if api.family == "openai" else self.config.upstream
        return base.rstrip("/") + path + ("?" + query if query else "")

    def _audit_line(self, rid: str, path: str, api: str, status: int, counts: Counter, kept: Counter, seconds: float,
                    refused: str | None = None) -> None:
        """One audit record and one log line. ``path`` is the masked (or redacted) path, never the raw one."""
        record: dict[str, Any] = {"id": rid, "route": api, "path": path, "api": api, "status": status,
                                  "masked": dict(counts), "ms": round(1000 * seconds, 1)}
        if kept:
            record["kept_in_tool_calls"] = dict(kept)
        if refused:
            record["refused"] = refused
        self.summary.add(counts, refused)
        log.info("request %s %s %s -> %s masked=%s kept=%s%s in %.1f ms", rid, api, path, status, dict(counts), dict(kept),
                 f" refused ({refused})" if refused else "", 1000 * seconds)
        if self._audit:
            self._audit.write(json.dumps(record) + "\n")
            self._audit.flush()

    # -- bodies ----------------------------------------------------------------------------------
    async def _read(self, request: Request) -> bytes:
        raw = bytearray()
        async for chunk in request.stream():
            raw += chunk
            if len(raw) > self.config.max_body_bytes:
                raise Refused(413, "request_too_large", f"coatcheck: request body over {self.config.max_body_bytes} bytes; not forwarded")
        return bytes(raw)

    @staticmethod
    def _json(raw: bytes | str) -> Any:
        try:
            return json.loads(raw)
        except RecursionError:
            raise Refused(400, "invalid_request_error", "coatcheck: request body nests too deeply; not forwarded") from None
        except ValueError:
            raise Refused(400, "invalid_request_error", "coatcheck: request body is not valid JSON; not forwarded") from None

    async def _masked_body(self, request: Request, raw: bytes, api: Api) -> tuple[bytes | None, dict[str, str], Session, Counter]:
        """The body to forward (masked), header overrides, the session, and its counts before masking. A body with a
        declared charset is decoded by it and goes upstream as UTF-8 with its Content-Type saying so."""
        full_type = request.headers.get("content-type", "")
        ctype = full_type.split(";", 1)[0].strip().lower()
        charset = declared_charset(full_type)
        # a declared charset other than UTF-8: the body is re-encoded, and the header must say what it now is
        recode = {"content-type": utf8_content_type(full_type)} if text_codec(charset) != "utf-8" else {}
        if not raw:
            session = self._session(request, None, api)
            return raw, {}, session, Counter(session.counts)
        if ctype in ("application/json", "") or ctype.endswith("+json"):
            body = self._json(decode_body(raw, charset) if charset else raw)
            session = self._session(request, body, api)
            before = Counter(session.counts)
            body = await run_in_threadpool(api.mask_request, body, session)
            return json.dumps(body, ensure_ascii=False, separators=(",", ":")).encode("utf-8"), recode, session, before
        session = self._session(request, None, api)
        before = Counter(session.counts)
        if ctype in ("application/jsonl", "application/x-ndjson"):
            text = decode_body(raw, charset)
            return (await run_in_threadpool(self._mask_jsonl, text, session)).encode(), recode, session, before
        if ctype == "multipart/form-data":
            content, headers = await self._mask_multipart(request, raw, session)
            return content, headers, session, before
        if ctype == "application/x-www-form-urlencoded":
            pairs = parse_qsl(decode_body(raw, None), keep_blank_values=True, encoding=charset or "utf-8", errors="strict")
            masked = await run_in_threadpool(mask_pairs, pairs, session)
            return urlencode(masked).encode(), recode, session, before
        if ctype.startswith(TEXT_TYPES):
            text = decode_body(raw, charset)
            return (await run_in_threadpool(session.mask, text)).encode("utf-8"), recode, session, before
        raise Refused(415, "invalid_request_error", f"coatcheck: a {ctype} body cannot be masked; not forwarded")

    def _mask_jsonl(self, text: str, session: Session) -> str:
        """JSONL: each line masked; OpenAI batch lines (``{"url", "body"}``) by the API their url names."""
        out = []
        for n, line in enumerate(text.split("\n"), 1):
            if not line.strip():
                out.append(line)
                continue
            try:
                doc = json.loads(line)
            except (ValueError, RecursionError):
                raise Refused(400, "invalid_request_error", f"coatcheck: JSONL line {n} is not valid JSON; not forwarded") from None
            if isinstance(doc, dict) and isinstance(doc.get("url"), str) and isinstance(doc.get("body"), dict):
                doc["body"] = route(doc["url"].split("?", 1)[0]).mask_request(doc["body"], session)
                rest = {k: v for k, v in doc.items() if k != "body"}
                mask_generic(rest, session)
                doc.update(rest)
            else:
                doc = mask_generic(doc, session)
            out.append(json.dumps(doc, ensure_ascii=False, separators=(",", ":")))
        return "\n".join(out)

    async def _mask_multipart(self, request: Request, raw: bytes, session: Session) -> tuple[bytes, dict[str, str]]:
        done = False

        async def receive() -> dict[str, Any]:  # the body was read already (size limit): replay it to the parser
            nonlocal done
            if done:
                return {"type": "http.disconnect"}
            done = True
            return {"type": "http.request", "body": raw, "more_body": False}

        try:
            form = await Request(request.scope, receive).form(max_files=100, max_fields=1000)
        except Exception:  # the parser's errors vary by version
            raise Refused(400, "invalid_request_error", "coatcheck: multipart body could not be parsed; not forwarded") from None
        data: list[tuple[str, str]] = []
        files: list[tuple[str, tuple[str | None, bytes, str]]] = []
        for name, value in form.multi_items():
            if isinstance(value, UploadFile):
                content = await value.read()
                ctype = (value.content_type or "application/octet-stream").split(";", 1)[0].lower()
                fname = value.filename or ""
                texty = ctype.startswith(TEXT_TYPES) or fname.lower().endswith((".jsonl", ".json", ".txt", ".md", ".csv", ".yaml", ".yml", ".log"))
                if not texty:
                    raise Refused(415, "invalid_request_error", f"coatcheck: an uploaded {ctype} file cannot be masked; not forwarded")
                file_type = value.content_type or "application/octet-stream"
                file_charset = declared_charset(file_type)
                text = decode_body(content, file_charset)  # by its declared charset, or refused
                if fname.lower().endswith(".jsonl") or ctype in ("application/jsonl", "application/x-ndjson"):
                    masked = await run_in_threadpool(self._mask_jsonl, text, session)
                else:
                    masked = await run_in_threadpool(session.mask, text)
                if text_codec(file_charset) != "utf-8":
                    file_type = utf8_content_type(file_type)
                files.append((name, (fname or None, masked.encode("utf-8"), file_type)))
            else:
                data.append((name, await run_in_threadpool(session.mask, value)))
        built = httpx.Request("POST", "http://x/", data=dict(data) if len({k for k, _ in data}) == len(data) else data, files=files or None)  # type: ignore[arg-type]
        return built.read(), {"content-type": built.headers["content-type"]}

    @staticmethod
    def _query(query: str, session: Session) -> str:
        """The query string with its keys and values masked (unchanged, byte for byte, when nothing was)."""
        if not query:
            return query
        pairs = parse_qsl(query, keep_blank_values=True, errors="surrogateescape")
        masked = mask_pairs(pairs, session)
        return query if masked == pairs else urlencode(masked, quote_via=quote, errors="surrogateescape")

    # -- the one handler -------------------------------------------------------------------------
    def refusal(self, api: Api, status: int, kind: str, message: str) -> JSONResponse:
        """The gateway's own refusal in ``api``'s error shape: one line, and a header that stops SDK retries."""
        return JSONResponse(api.error(kind, message), status_code=status, headers=NO_RETRY)

    async def handle(self, request: Request) -> Response:
        rid = uuid.uuid4().hex[:12]
        t0 = time.perf_counter()
        path = normalise(request.url.path)
        api = route(path)
        shown = redacted_path(path)  # what logs and the audit line show: never the raw path
        counts: Counter = Counter()
        begin_turn()  # what the request's history says about the current turn (its notices so far)
        try:
            self._check_client(request)
            if "websocket" in request.headers.get("upgrade", "").lower():
                raise Refused(426, "invalid_request_error", "coatcheck: WebSocket is not supported by this gateway; use "
                                                            "HTTP (Codex: supports_websockets = false)", "websocket")
            raw = await self._read(request)
            try:
                content, extra_headers, session, before = await self._masked_body(request, raw, api)
                path = shown = await run_in_threadpool(masked_path, path, session.mask)
                query = await run_in_threadpool(self._query, request.url.query, session)
                forwarded = {k: v for k, v in request.headers.items() if k.lower() not in HOP_BY_HOP}
                forwarded = await run_in_threadpool(masked_headers, forwarded, session)
            except Refused:
                raise
            except Unmaskable as exc:
                raise Refused(400, "invalid_request_error", f"coatcheck: {exc}; not forwarded", "unmaskable") from None
            except TooDeep as exc:
                raise Refused(400, "invalid_request_error", f"coatcheck: {exc}", "too_deep") from None
            except MediaRefused as exc:
                raise Refused(400, "invalid_request_error", f"coatcheck: {exc}", "media_refused") from None
            except UnicodeDecodeError:
                raise Refused(415, "invalid_request_error", "coatcheck: request body is not UTF-8 text; not forwarded", "not_utf8") from None
            except Exception as exc:  # fail closed: nothing unmasked leaves
                log.error("request %s: masking failed (%s); not forwarded", rid, exc.__class__.__name__)
                raise Refused(500, "api_error", "coatcheck: masking failed; the request was not forwarded") from None
        except Refused as r:
            self._audit_line(rid, shown, api.name, r.status, counts, Counter(), time.perf_counter() - t0, refused=r.reason)
            return self.refusal(api, r.status, r.kind, r.message)
        counts = session.counts - before
        kept_before = Counter(session.kept)
        reasons_before = Counter(session.kept_reasons)
        headers = forwarded
        if extra_headers:
            headers = {k: v for k, v in headers.items() if k.lower() != "content-type"} | extra_headers
        try:
            upstream_req = self.client.build_request(request.method, self._url(path, query, api), headers=headers, content=content)
            upstream = await self.client.send(upstream_req, stream=True)
        except httpx.HTTPError as exc:
            self._audit_line(rid, shown, api.name, 502, counts, Counter(), time.perf_counter() - t0, refused="upstream_unreachable")
            return self.refusal(api, 502, "api_error", f"coatcheck: the upstream API is unreachable ({exc.__class__.__name__}); "
                                                       "check the network or the gateway's --upstream")
        resp_headers = {k: v for k, v in upstream.headers.items() if k.lower() not in RESPONSE_DROP}
        ctype = upstream.headers.get("content-type", "")
        if "text/event-stream" in ctype and api.stream is not None and upstream.status_code < 400:
            transformer = api.stream(session)

            finished: list[bool] = []

            def done() -> None:
                if finished:  # once: at the stream's end, or when the client leaves before it
                    return
                finished.append(True)
                self._audit_line(rid, shown, api.name, upstream.status_code, counts, session.kept - kept_before, time.perf_counter() - t0)
                self.summary.keep(session.kept_reasons - reasons_before)

            return StreamingResponse(self._audited(self._restore_stream(upstream, transformer, done), done),
                                     status_code=upstream.status_code,
                                     headers=resp_headers, media_type="text/event-stream")
        if upstream.status_code >= 400 or api.restore_response is None or "json" not in ctype:
            if "text/event-stream" in ctype or upstream.headers.get("transfer-encoding") == "chunked" and "json" not in ctype:
                self._audit_line(rid, shown, api.name, upstream.status_code, counts, Counter(), time.perf_counter() - t0)
                return StreamingResponse(self._relay(upstream), status_code=upstream.status_code, headers=resp_headers)
            data = await upstream.aread()
            await upstream.aclose()
            self._audit_line(rid, shown, api.name, upstream.status_code, counts, Counter(), time.perf_counter() - t0)
            return Response(data, status_code=upstream.status_code, headers=resp_headers)
        data = await upstream.aread()
        await upstream.aclose()
        try:
            out = json.loads(data)
            out = await run_in_threadpool(api.restore_response, out, session)
            data = json.dumps(out, ensure_ascii=False).encode("utf-8")
        except (ValueError, RecursionError):
            pass  # not JSON we can read: pass it on as it came (it holds placeholders, never values)
        except CoatcheckError as exc:
            log.error("request %s: restoring failed (%s); response passed back masked", rid, exc.__class__.__name__)
        self._audit_line(rid, shown, api.name, upstream.status_code, counts, session.kept - kept_before, time.perf_counter() - t0)
        self.summary.keep(session.kept_reasons - reasons_before)
        return Response(data, status_code=upstream.status_code, headers=resp_headers)

    async def summary_endpoint(self, request: Request) -> Response:
        """``GET /coatcheck/summary`` (token required): what this gateway did since it started, as counts and
        labels only (masked per category, placeholders kept per tool and reason): the launchers print it at exit."""
        try:
            self._check_client(request)
        except Refused as r:
            return JSONResponse({"error": r.message}, status_code=r.status, headers=NO_RETRY)
        return JSONResponse(self.summary.as_dict())

    @staticmethod
    async def _relay(upstream: httpx.Response) -> AsyncIterator[bytes]:
        try:
            async for chunk in upstream.aiter_bytes():
                yield chunk
        finally:
            await upstream.aclose()

    async def _restore_stream(self, upstream: httpx.Response, transformer: StreamTransformer, done: Any) -> AsyncIterator[bytes]:
        """The upstream SSE stream through ``transformer``. Each chunk is parsed and transformed in a worker thread
        (:data:`STREAM_WORKERS` at once over all streams), one chunk after the other, so the bytes come out in
        the order they would on the event loop while the loop stays free for every other request."""
        parser = SSEParser()
        broken = False
        if self._limiter is None:
            self._limiter = anyio.CapacityLimiter(STREAM_WORKERS)
        limiter = self._limiter

        def feed(chunk: bytes | None) -> tuple[bytes, Exception | None]:
            """What one chunk becomes, and the error that stopped it (what came before it is still sent)."""
            out: list[bytes] = []
            try:
                for ev in parser.feed(chunk) if chunk is not None else parser.flush():
                    out.extend(e.encode() for e in transformer.process(ev))
            except Exception as exc:  # re-raised on the event loop, after the bytes before it
                return b"".join(out), exc
            return b"".join(out), None

        try:
            async for chunk in upstream.aiter_bytes():
                data, exc = await anyio.to_thread.run_sync(feed, chunk, limiter=limiter)
                if data:
                    yield data
                if exc is not None:
                    raise exc
            data, exc = await anyio.to_thread.run_sync(feed, None, limiter=limiter)
            if data:
                yield data
            if exc is not None:
                raise exc
        except httpx.HTTPError as exc:
            log.warning("upstream stream broke (%s)", exc.__class__.__name__)
            broken = True
        except Exception as exc:  # a malformed event, or a restore that failed: end the stream cleanly, audited
            log.warning("the stream could not be transformed (%s); it was ended", exc.__class__.__name__)
            broken = True
        finally:
            await upstream.aclose()
        try:
            tail = await anyio.to_thread.run_sync(lambda: b"".join(out.encode() for out in transformer.finish(broken)),
                                                  limiter=limiter)
        except Exception as exc:  # nothing held back is sent unrestored: the tail is dropped
            log.warning("the stream's end could not be transformed (%s)", exc.__class__.__name__)
            tail = b""
        if tail:
            yield tail
        done()

    async def _audited(self, stream: AsyncIterator[bytes], done: Any) -> AsyncIterator[bytes]:
        """``stream``, with ``done`` called however it ends (a client such as Codex closes the connection as soon as
        it has the completed response, which cancels the generator before its own last line)."""
        try:
            async for chunk in stream:
                yield chunk
        finally:
            done()
            with contextlib.suppress(Exception):
                await stream.aclose()  # type: ignore[attr-defined]  # closes the upstream response too

    async def close(self) -> None:
        await self.client.aclose()
        if self._audit:
            self._audit.close()


def create_app(config: GatewayConfig | None = None) -> Starlette:
    gw = Gateway(config or GatewayConfig())

    async def health(request: Request) -> Response:
        """Liveness without a token; with ``?challenge=<nonce>`` the proof that this gateway holds the token
        (:mod:`coatcheck.gateway.challenge`), bound to the port the connection came in on."""
        nonce = request.query_params.get("challenge")
        if nonce is None:
            return JSONResponse({"status": "ok"})
        server = request.scope.get("server")
        info = {"policy": gw.sessions.policy.name, "restore_secrets": gw.sessions.policy.restore.secrets,
                "vault": "folder" if gw.config.vault_dir else "memory"}
        status, body = challenge.answer(gw.config.token, nonce, server[1] if server else None, info)
        return JSONResponse(body, status_code=status)

    routes = [
        Route("/health", health, methods=["GET"]),
        Route("/coatcheck/summary", gw.summary_endpoint, methods=["GET"]),
        Route("/{path:path}", credential_scope(gw.handle), methods=["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"]),
    ]

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        yield
        await gw.close()

    app = Starlette(routes=routes, lifespan=lifespan)
    app.state.gateway = gw
    return app

