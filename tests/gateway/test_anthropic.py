"""The official anthropic SDK through the real gateway over HTTP, against the fake upstream."""

from __future__ import annotations

import json

import anthropic
import httpx

from .fake_upstream import SIGNATURE, THINKING

# values with quotes, backslashes and non-ASCII, each detected in its context
PASSWORD = 'Zq8"Lm2\\Kp9é'
EMAIL = "josé.müller@acme-dev.it"
KEY = "ghp_aB3dE5fG7hI9jK1lM3nO5pQ7rS9tU1vW3xY5"
PROMPT = f"Deploy fails.\nexport DB_PASSWORD={PASSWORD}\ncontact {EMAIL} — token {KEY}\nthanks"
ORIGINALS = [PASSWORD, EMAIL, KEY, "Zq8", "josé.müller"]


def client(gateway, session="s-anthropic"):
    return anthropic.Anthropic(base_url=gateway.url, api_key="sk-ant-test", default_headers={"x-claude-code-session-id": session}, max_retries=0)


def upstream_saw_no_value(upstream, since=0):
    blob = json.dumps(upstream.requests[since:], ensure_ascii=False)
    return not any(v in blob for v in ORIGINALS)


def test_non_streaming_text_and_tool_use(gateway, upstream):
    n = len(upstream.requests)
    msg = client(gateway).messages.create(model="claude-test", max_tokens=100, system=[{"type": "text", "text": f"user email {EMAIL}", "cache_control": {"type": "ephemeral"}}],
                                          messages=[{"role": "user", "content": PROMPT}])
    assert upstream_saw_no_value(upstream, n)
    sent = upstream.requests[n]
    assert sent["system"][0]["cache_control"] == {"type": "ephemeral"} and "EMAIL_" in sent["system"][0]["text"]
    thinking, text, tool = msg.content
    assert thinking.thinking == THINKING and thinking.signature == SIGNATURE
    assert text.text == f"You said: {PROMPT}"
    assert tool.input == {"file_path": "notes.txt", "content": PROMPT} and tool.id == "toolu_01"


def test_streaming_text_tool_use_and_thinking(gateway, upstream):
    n = len(upstream.requests)
    with client(gateway).messages.stream(model="claude-test", max_tokens=100, messages=[{"role": "user", "content": PROMPT}]) as stream:
        streamed = "".join(stream.text_stream)
        final = stream.get_final_message()
    assert upstream_saw_no_value(upstream, n)
    assert streamed == f"You said: {PROMPT}"
    thinking, text, tool = final.content
    assert thinking.thinking == THINKING and thinking.signature == SIGNATURE  # byte-identical, placeholder-like text untouched
    assert text.text == f"You said: {PROMPT}"
    assert tool.input == {"file_path": "notes.txt", "content": PROMPT}


def test_raw_stream_keeps_event_lines_and_pings(gateway):
    body = {"model": "claude-test", "max_tokens": 10, "stream": True, "messages": [{"role": "user", "content": PROMPT}]}
    with httpx.stream("POST", gateway.url + "/v1/messages?beta=true", json=body, headers={"x-api-key": "k", "anthropic-version": "2023-06-01"}) as r:
        raw = r.read().decode()
    frames = [f for f in raw.split("\n\n") if f.strip()]
    assert all(f.startswith("event: ") for f in frames)
    assert sum(1 for f in frames if f.startswith("event: ping")) == 1
    assert frames[-1].startswith("event: message_stop")


def test_headers_forwarded_and_errors_passed_through(gateway, upstream):
    upstream.fail_next = 429
    r = httpx.post(gateway.url + "/v1/messages", json={"model": "m", "max_tokens": 1, "messages": [{"role": "user", "content": "hi"}]},
                   headers={"authorization": "Bearer tok-123", "anthropic-version": "2023-06-01", "anthropic-beta": "a-1,b-2"})
    assert r.status_code == 429 and r.headers["retry-after"] == "7" and r.headers["anthropic-ratelimit-unified-status"] == "rejected"
    assert r.json()["error"]["message"] == "slow down SECRET_aaaaaaaaa2"  # error bodies unmodified
    h = upstream.headers[-1]
    assert h["authorization"] == "Bearer tok-123" and h["anthropic-beta"] == "a-1,b-2" and h["anthropic-version"] == "2023-06-01"


def test_count_tokens_is_masked_and_other_paths_pass_through(gateway, upstream):
    n = len(upstream.requests)
    r = httpx.post(gateway.url + "/v1/messages/count_tokens", json={"model": "m", "messages": [{"role": "user", "content": PROMPT}]})
    assert r.status_code == 200 and "input_tokens" in r.json() and upstream_saw_no_value(upstream, n)
    assert httpx.get(gateway.url + "/v1/models?limit=1000").json()["data"][0]["id"] == "claude-test"
    assert httpx.get(gateway.url + "/health").json()["status"] == "ok"


def test_bad_requests_are_not_forwarded(gateway, upstream):
    n = len(upstream.requests)
    r = httpx.post(gateway.url + "/v1/messages", content=b"{not json", headers={"content-type": "application/json"})
    assert r.status_code == 400 and r.json()["type"] == "error"
    r = httpx.post(gateway.url + "/v1/messages", content=b'{"x": "' + b"a" * 2_100_000 + b'"}')
    assert r.status_code == 413
    assert len(upstream.requests) == n


def test_masking_failure_fails_closed(gateway, upstream, monkeypatch):
    gw = gateway.app.state.gateway
    session = gw.sessions.get("s-broken")

    def boom(_text):
        raise RuntimeError("detector crashed")

    monkeypatch.setattr(session, "mask", boom)
    n = len(upstream.requests)
    r = httpx.post(gateway.url + "/v1/messages", json={"model": "m", "max_tokens": 1, "messages": [{"role": "user", "content": PROMPT}]},
                   headers={"x-claude-code-session-id": "s-broken"})
    assert r.status_code == 500 and "not forwarded" in r.json()["error"]["message"] and len(upstream.requests) == n
    assert KEY not in r.text
