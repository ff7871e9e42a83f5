"""One module per wire protocol (walker, stream transformer, error shape) behind one small description.

Adding an API is adding a module with an :class:`Api` and its paths in :mod:`..routes`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, Literal, Protocol

from starlette.responses import JSONResponse

from ..sessions import Session
from ..sse import Event


class StreamTransformer(Protocol):
    """Upstream SSE events in, events for the client out."""

    def process(self, ev: Event) -> Iterable[Event]:
        """Transform one upstream event (restore, hold back, or inject)."""
        ...

    def finish(self, broken: bool) -> Iterable[Event]:
        """The stream ended (``broken``: it did not end the way the protocol ends a stream): flush every tail
        and, when broken, close with the protocol's error event."""
        ...


ErrorShape = Callable[[int, str, str], JSONResponse]


@dataclass(frozen=True)
class Api:
    name: str
    family: Literal["anthropic", "openai"]  # which upstream it goes to
    mask_request: Callable[[Any, Session], Any]
    restore_response: Callable[[Any, Session], Any] | None  # None: the response is passed back as it came
    stream: Callable[[Session], StreamTransformer] | None
    error: ErrorShape


def anthropic_error(status: int, kind: str, message: str) -> JSONResponse:
    return JSONResponse({"type": "error", "error": {"type": kind, "message": message}}, status_code=status)


def openai_error(status: int, kind: str, message: str) -> JSONResponse:
    return JSONResponse({"error": {"message": message, "type": kind, "code": None}}, status_code=status)
