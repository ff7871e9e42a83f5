"""Facts shared by every API of one provider family: the headers its clients send that carry no content, where
they name a conversation, and which history entries the model produced.

Sources: Anthropic and OpenAI API references, Claude Code's gateway headers and Codex's request headers (the
team's gateway-protocol notes), Azure OpenAI's ``api-key``."""

from __future__ import annotations

from typing import Any

ANTHROPIC_HEADERS = frozenset({
    "x-api-key", "anthropic-version", "anthropic-beta", "anthropic-dangerous-direct-browser-access",
    "x-claude-code-session-id", "x-claude-code-agent-id", "x-claude-code-parent-agent-id",
    "x-claude-code-request-class", "x-claude-code-agent-type", "x-claude-code-compaction",
    "x-claude-code-context-compacted", "x-claude-code-prev-tool-durations", "x-claude-code-prompt-id", "x-app",
})
OPENAI_HEADERS = frozenset({
    "api-key", "openai-organization", "openai-project", "openai-beta", "originator", "session_id", "session-id",
    "chatgpt-account-id", "version", "conversation_id",
    "x-oai-attestation",  # forwarded verbatim (gateway-protocol notes §5.3)
})
ANTHROPIC_SESSION_HEADERS = ("x-claude-code-session-id",)
OPENAI_SESSION_KEY = "prompt_cache_key"  # Codex sends its thread id here
OPENAI_SESSION_PREFIX = "openai:"

# Responses output items the model produced (besides assistant messages)
RESPONSES_MODEL_ITEMS = frozenset({"reasoning", "function_call", "custom_tool_call", "local_shell_call", "shell_call", "compaction"})


def assistant_message(item: Any) -> bool:
    """A Messages or Chat history entry the model produced."""
    return isinstance(item, dict) and item.get("role") == "assistant"


def responses_output(item: Any) -> bool:
    """A Responses input item the model produced: an assistant message or one of its output items."""
    return assistant_message(item) or (isinstance(item, dict) and item.get("type") in RESPONSES_MODEL_ITEMS)
