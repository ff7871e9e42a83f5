"""Request headers: protocol and credential headers pass unchanged; every other header's value is masked like
body text, because clients put content there (Codex's ``x-codex-turn-metadata`` carries the workspace path and
so the OS user name; W3C ``baggage`` carries whatever an app puts in it, e-mail addresses included). The lists
are the documented pass-through lists: HTTP's own below, and every registered API's
(:data:`coatcheck.wire.registry.PASS_HEADERS`, from each :class:`~coatcheck.wire.api.Api` description), by exact
name only: no prefix passes a header a client can name freely. ``traceparent`` passes only in its one fixed
shape. Anything else is masked."""

from __future__ import annotations

import re
from collections.abc import Mapping

from ..wire.registry import PASS_HEADERS as API_HEADERS
from ..wire.session import Session

# Facts: HTTP semantics whose values are protocol tokens (a content type's multipart boundary is random and must
# reach the upstream as it is); credentials go upstream by design.
PASS_THROUGH = frozenset({
    "authorization", "content-type", "accept", "accept-language", "idempotency-key", "x-request-id",
    "cache-control", "pragma", "priority",
})
# W3C trace context: version-traceid-parentid-flags, all hex; anything else in it is content
_SHAPED = {"traceparent": re.compile(r"[0-9a-f]{2}-[0-9a-f]{32}-[0-9a-f]{16}-[0-9a-f]{2}")}


def passes_unchanged(name: str, value: str = "") -> bool:
    """True when header ``name`` (with ``value``) goes upstream as it is."""
    low = name.lower()
    shape = _SHAPED.get(low)
    if shape is not None:
        return shape.fullmatch(value.strip()) is not None
    return low in PASS_THROUGH or low in API_HEADERS


def masked_headers(headers: Mapping[str, str], session: Session) -> dict[str, str]:
    """``headers`` with every value not on the pass-through lists masked through ``session`` (placeholders are
    ASCII, so a masked value is still a valid header value)."""
    return {k: (v if not v or passes_unchanged(k, v) else session.mask(v)) for k, v in headers.items()}
