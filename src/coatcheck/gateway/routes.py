"""Which API a request speaks: the path normalised the way HTTP servers read it, then looked up in the wire
registry. Paths carry data too (resource ids, project names, a token pasted into a base URL), so a path is
masked segment by segment before it goes upstream, and what the audit line and the log show is the masked path,
or, before a request has a session to mask with, the path with every segment that is not a word of a registered
API path replaced by ``*``."""

from __future__ import annotations

import re
from collections.abc import Callable
from urllib.parse import quote, unquote

from ..wire.api import Api
from ..wire.apis.generic import OPENAI_PREFIXES
from ..wire.registry import APIS
from ..wire.registry import route as _route

# The literal words of every registered path pattern and of the OpenAI surface prefixes: what a path may show
# without a session to mask it ("v1", "messages", "chat", "completions", "deployments" …).
_WORDS = frozenset(w for text in (*(p for api in APIS for p in api.paths), *OPENAI_PREFIXES, "/health", "/v1/files/content",
                                  "/v1/models")
                   for w in re.findall(r"(?<![\\\[^])\b[A-Za-z][A-Za-z0-9_-]*", text)
                   if w not in ("Z",))


def normalise(path: str) -> str:
    """Repeated slashes collapsed, the trailing slash dropped: ``//v1/messages/`` is ``/v1/messages``."""
    path = re.sub(r"/{2,}", "/", path or "/")
    if len(path) > 1:
        path = path.rstrip("/") or "/"
    return path


def route(path: str) -> Api:
    """The API for a request path (normalised first)."""
    return _route(normalise(path))


def masked_path(path: str, mask: Callable[[str], str]) -> str:
    """``path`` with each segment's text (percent-decoded) masked through ``mask``; a segment that needed no
    masking keeps its original spelling byte for byte, a masked one is percent-encoded again."""
    out: list[str] = []
    for seg in path.split("/"):
        if not seg:
            out.append(seg)
            continue
        text = unquote(seg, errors="surrogateescape")
        masked = mask(text)
        out.append(seg if masked == text else quote(masked, safe=":@!$&'()*+,;=-._~", errors="surrogateescape"))
    return "/".join(out)


def redacted_path(path: str) -> str:
    """``path`` for a log line when no session can mask it: segments that are words of a registered API path stay,
    every other segment is ``*`` (``/v1/files/*/content``)."""
    return "/".join(seg if not seg or seg in _WORDS else "*" for seg in path.split("/"))
