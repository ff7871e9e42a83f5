"""Which client credential a request carries, as a hash: two conversations are joined into one session only when
they were sent with the same credential (see :meth:`coatcheck.gateway.sessions.SessionStore.fingerprint`).

The hash of the request being handled is held in a context variable for the length of the handler
(:func:`credential_scope` wraps it), so the session table can read it without the handler passing it along.
The credential itself is never stored: only a SHA-256 of it, and that only inside a keyed fingerprint.
"""

from __future__ import annotations

import hashlib
from collections.abc import Awaitable, Callable, Mapping
from contextvars import ContextVar

from starlette.requests import Request
from starlette.responses import Response

# Facts: the headers the provider APIs authenticate with (Anthropic x-api-key or an OAuth bearer, OpenAI and
# compatible servers Authorization, Azure OpenAI api-key, Gemini's OpenAI-compatible endpoint x-goog-api-key).
CREDENTIAL_HEADERS = ("authorization", "x-api-key", "api-key", "x-goog-api-key")

_current: ContextVar[bytes] = ContextVar("coatcheck_credential", default=b"")


def credential_hash(headers: Mapping[str, str]) -> bytes:
    """A SHA-256 over the credential headers present (name and value); ``b""`` when there are none."""
    low = {k.lower(): v for k, v in headers.items()}
    present = [f"{name}:{low[name]}" for name in CREDENTIAL_HEADERS if low.get(name)]
    if not present:
        return b""
    return hashlib.sha256(b"coatcheck credential\x00" + "\n".join(present).encode("utf-8", "surrogatepass")).digest()


def current_credential() -> bytes:
    """The credential hash of the request being handled (``b""`` outside a request or without a credential)."""
    return _current.get()


def credential_scope(handler: Callable[[Request], Awaitable[Response]]) -> Callable[[Request], Awaitable[Response]]:
    """``handler`` with :func:`current_credential` set to its request's credential hash while it runs."""

    async def scoped(request: Request) -> Response:
        token = _current.set(credential_hash(request.headers))
        try:
            return await handler(request)
        finally:
            _current.reset(token)

    scoped.__doc__ = handler.__doc__
    return scoped
