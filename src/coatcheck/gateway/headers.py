"""Request headers: protocol and credential headers pass unchanged; every other header's value is masked like
body text, because clients put content there (Codex's ``x-codex-turn-metadata`` carries the workspace path and
so the OS user name). The list below is the documented pass-through list; anything not on it is masked."""

from __future__ import annotations

from collections.abc import Mapping

from .sessions import Session

# Facts: Anthropic and OpenAI API references, the official SDKs' x-stainless-* telemetry, Claude Code's gateway
# headers (docs/gateway-protocol.md in the team's shared folder), W3C trace context.
PASS_THROUGH = frozenset({
    "authorization", "x-api-key", "api-key", "content-type", "accept", "accept-language", "user-agent",
    "anthropic-version", "anthropic-beta", "anthropic-dangerous-direct-browser-access",
    "openai-organization", "openai-project", "openai-beta", "idempotency-key", "x-request-id",
    "x-claude-code-session-id", "x-claude-code-agent-id", "x-claude-code-parent-agent-id",
    "x-claude-code-request-class", "x-claude-code-agent-type", "x-claude-code-compaction",
    "x-claude-code-context-compacted", "x-claude-code-prev-tool-durations", "x-claude-code-prompt-id",
    "x-app", "originator", "session_id", "session-id", "chatgpt-account-id", "version", "conversation_id",
    "traceparent", "tracestate", "baggage", "cache-control", "pragma", "priority",
    "x-oai-attestation",  # forwarded verbatim (docs/gateway-protocol.md §5.3)
})
PASS_THROUGH_PREFIXES = ("x-stainless-", "sec-", "x-test-")  # SDK telemetry, browser fetch metadata, our test harness


def passes_unchanged(name: str) -> bool:
    low = name.lower()
    return low in PASS_THROUGH or low.startswith(PASS_THROUGH_PREFIXES)


def masked_headers(headers: Mapping[str, str], session: Session) -> dict[str, str]:
    """``headers`` with every value not on the pass-through list masked through ``session`` (placeholders are
    ASCII, so a masked value is still a valid header value)."""
    return {k: (v if passes_unchanged(k) or not v else session.mask(v)) for k, v in headers.items()}
