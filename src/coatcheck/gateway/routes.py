"""Which API a request speaks: the path normalised the way HTTP servers read it, then looked up in the wire
registry."""

from __future__ import annotations

import re

from ..wire.api import Api
from ..wire.registry import route as _route


def normalise(path: str) -> str:
    """Repeated slashes collapsed, the trailing slash dropped: ``//v1/messages/`` is ``/v1/messages``."""
    path = re.sub(r"/{2,}", "/", path or "/")
    if len(path) > 1:
        path = path.rstrip("/") or "/"
    return path


def route(path: str) -> Api:
    """The API for a request path (normalised first)."""
    return _route(normalise(path))
