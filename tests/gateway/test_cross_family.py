"""One gateway serves clients of every family on every path: an API's pass-through headers and conversation hints
hold on another family's paths too (an OpenAI-compatible route called with Anthropic headers, a router that sends
Claude Code's session id to a Chat Completions path)."""

from __future__ import annotations

import httpx

ANTHROPIC_KEY = "sk-ant-api03-" + "Q7x" * 30  # made up; a credential header is never masked
EMAIL = "hannah.koenig@example-mail.de"


def _chat(gateway, headers: dict, body_extra: dict | None = None) -> httpx.Response:
    body = {"model": "m", "messages": [{"role": "user", "content": f"mail {EMAIL}"}], **(body_extra or {})}
    return httpx.post(gateway.url + "/v1/chat/completions", json=body, headers=headers, timeout=30)


def test_credential_and_protocol_headers_of_either_family_pass_on_any_path(gateway, upstream):
    n = len(upstream.headers)
    _chat(gateway, {"x-api-key": ANTHROPIC_KEY, "anthropic-version": "2023-06-01", "openai-beta": "assistants=v2"})
    sent = upstream.headers[n]
    assert sent["x-api-key"] == ANTHROPIC_KEY and sent["anthropic-version"] == "2023-06-01"
    assert sent["openai-beta"] == "assistants=v2"
    n = len(upstream.headers)
    httpx.post(gateway.url + "/v1/messages", json={"model": "m", "max_tokens": 5, "messages": [{"role": "user", "content": "hi"}]},
               headers={"api-key": ANTHROPIC_KEY, "openai-organization": "org-Example"}, timeout=30)
    sent = upstream.headers[n]
    assert sent["api-key"] == ANTHROPIC_KEY and sent["openai-organization"] == "org-Example"


def _placeholder(upstream, n: int) -> str:
    text = upstream.requests[n]["messages"][0]["content"]
    assert EMAIL not in text
    return text.split("mail ", 1)[1]


def test_a_session_named_by_either_family_is_found_on_any_path(gateway, upstream):
    n = len(upstream.requests)
    _chat(gateway, {"x-claude-code-session-id": "cross-1"})
    _chat(gateway, {"x-claude-code-session-id": "cross-1"})
    assert _placeholder(upstream, n) == _placeholder(upstream, n + 1)  # one session: the same placeholder
    n = len(upstream.requests)
    _chat(gateway, {"x-claude-code-session-id": "cross-1"}, {"prompt_cache_key": "other"})
    _chat(gateway, {}, {"prompt_cache_key": "other"})
    # the header names the conversation before the body does
    assert _placeholder(upstream, n) != _placeholder(upstream, n + 1)
