"""Request headers: protocol and credential headers pass unchanged; every other header's value is masked like
body text, because clients put content there (Codex's ``x-codex-turn-metadata`` carries the workspace path and
so the OS user name). The lists are the documented pass-through lists: HTTP's own below, and every registered
API's (:data:`coatcheck.wire.registry.PASS_HEADERS`, from each :class:`~coatcheck.wire.api.Api` description);
anything not on them is masked."""

from __future__ import annotations

from collections.abc import Mapping

from ..wire.registry import PASS_HEADERS as API_HEADERS
from ..wire.session import Session

# Facts: HTTP semantics, the official SDKs' x-stainless-* telemetry, W3C trace context.
PASS_THROUGH = frozenset({
    "authorization", "content-type", "accept", "accept-language", "user-agent", "idempotency-key", "x-request-id",
    "traceparent", "tracestate", "baggage", "cache-control", "pragma", "priority",
})
PASS_THROUGH_PREFIXES = ("x-stainless-", "sec-", "x-test-")  # SDK telemetry, browser fetch metadata, our test harness


def passes_unchanged(name: str) -> bool:
    low = name.lower()
    return low in PASS_THROUGH or low in API_HEADERS or low.startswith(PASS_THROUGH_PREFIXES)


def masked_headers(headers: Mapping[str, str], session: Session) -> dict[str, str]:
    """``headers`` with every value not on the pass-through lists masked through ``session`` (placeholders are
    ASCII, so a masked value is still a valid header value)."""
    return {k: (v if passes_unchanged(k) or not v else session.mask(v)) for k, v in headers.items()}
