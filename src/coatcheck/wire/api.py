"""What one wire protocol is: the :class:`Api` description that holds every per-API fact, and the stream
transformer protocol its module implements.

Adding an API is adding one module under :mod:`.apis` that builds its :class:`Api` values, and listing them in
:mod:`.registry`. Nothing here knows HTTP: an error shape is a JSON body, the gateway turns it into a response.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol

from .session import Session
from .sse import Event


class StreamTransformer(Protocol):
    """Upstream SSE events in, events for the client out."""

    def process(self, ev: Event) -> Iterable[Event]:
        """Transform one upstream event (restore, hold back, or inject)."""
        ...

    def finish(self, broken: bool) -> Iterable[Event]:
        """The stream ended (``broken``: it did not end the way the protocol ends a stream): flush every tail
        and, when broken, close with the protocol's error event."""
        ...


ErrorShape = Callable[[str, str], dict[str, Any]]  # (error type, message) -> the protocol's error body
Family = Literal["anthropic", "openai"]


def anthropic_error(kind: str, message: str) -> dict[str, Any]:
    return {"type": "error", "error": {"type": kind, "message": message}}


def openai_error(kind: str, message: str) -> dict[str, Any]:
    return {"error": {"message": message, "type": kind, "code": None}}


def never(item: Any) -> bool:
    return False


@dataclass(frozen=True)
class Api:
    """One wire protocol (or one endpoint of it) and every fact the layers above need about it.

    ``paths``: full-match patterns over a normalised request path (the registry tries APIs in order).
    ``family``: which upstream the request goes to. ``history``: the body keys that hold the conversation, and
    ``model_output``: which history entry the model itself produced (a fork or resume resends the start up to the
    model's first output). ``session_headers`` / ``session_body_key``: where a client names its conversation
    (``session_prefix`` keeps two families' ids apart; the gateway honours every registered API's hints). ``pass_headers``: request headers of this protocol and its
    clients that carry no content and go upstream unchanged. ``error``: the protocol's error body.
    """

    name: str
    family: Family
    mask_request: Callable[[Any, Session], Any]
    restore_response: Callable[[Any, Session], Any] | None  # None: the response is passed back as it came
    stream: Callable[[Session], StreamTransformer] | None
    error: ErrorShape
    paths: tuple[str, ...] = ()
    history: tuple[str, ...] = ()
    model_output: Callable[[Any], bool] = never
    session_headers: tuple[str, ...] = ()
    session_body_key: str | None = None
    session_prefix: str = ""
    pass_headers: frozenset[str] = field(default_factory=frozenset)

    def history_of(self, body: Any) -> Any:
        """The conversation history a request body carries (None if it carries none)."""
        if not isinstance(body, dict):
            return None
        for key in self.history:
            if key in body:
                return body[key]
        return None
