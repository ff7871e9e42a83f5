"""The gateway's own refusals stop the SDKs' retry loops (issue 22 items 7 and 11): a wrong or missing token, an
unreachable upstream, a WebSocket upgrade; each a one-line message with ``x-should-retry: false`` (honoured by the
anthropic and openai SDKs and by Claude Code). And the launchers' exit line comes from ``/coatcheck/summary``."""

from __future__ import annotations

import anthropic
import time

import httpx
import openai
import pytest

from coatcheck.cli.launch import summary_line
from coatcheck.gateway.app import GatewayConfig, create_app
from coatcheck.gateway.summary import reason_label

from .conftest import Server, free_port

TOKEN = "refusals-token"


@pytest.fixture(scope="module")
def gw(upstream):
    srv = Server(create_app(GatewayConfig(upstream=upstream.url, master_key=b"f" * 32, token=TOKEN)))
    yield srv
    srv.stop()


@pytest.fixture(scope="module")
def dead():
    srv = Server(create_app(GatewayConfig(upstream=f"http://127.0.0.1:{free_port()}", master_key=b"f" * 32, token=TOKEN)))
    yield srv
    srv.stop()


def _one_line(r: httpx.Response) -> str:
    body = r.json()
    message = body["error"]["message"]
    assert "\n" not in message and message.startswith("coatcheck: ")
    return message


def test_a_wrong_token_is_final(gw):
    r = httpx.post(gw.url + "/v1/messages", json={"model": "m"}, headers={"x-coatcheck-token": "wrong"})
    assert r.status_code == 401 and r.headers["x-should-retry"] == "false"
    assert "x-coatcheck-token" in _one_line(r) and TOKEN not in r.text


def test_an_unreachable_upstream_is_final_for_the_sdks(dead):
    r = httpx.post(dead.url + "/v1/messages", json={"model": "m", "max_tokens": 5, "messages": [{"role": "user", "content": "hi"}]},
                   headers={"x-coatcheck-token": TOKEN})
    assert r.status_code == 502 and r.headers["x-should-retry"] == "false" and "unreachable" in _one_line(r)
    def served() -> int:
        return httpx.get(dead.url + "/coatcheck/summary", headers={"x-coatcheck-token": TOKEN}).json()["requests"]

    n = served()
    c = anthropic.Anthropic(base_url=dead.url, api_key="k", default_headers={"x-coatcheck-token": TOKEN}, max_retries=3)
    with pytest.raises(anthropic.InternalServerError):
        c.messages.create(model="m", max_tokens=5, messages=[{"role": "user", "content": "hi"}])
    o = openai.OpenAI(base_url=dead.url + "/v1", api_key="k", default_headers={"x-coatcheck-token": TOKEN}, max_retries=3)
    with pytest.raises(openai.InternalServerError):
        o.responses.create(model="m", input="hi")
    assert served() == n + 2  # one request each: no retries


def test_websocket_upgrades_are_refused(gw, upstream):
    n = len(upstream.requests)
    r = httpx.get(gw.url + "/v1/responses", headers={"x-coatcheck-token": TOKEN, "upgrade": "websocket", "connection": "Upgrade",
                                                      "sec-websocket-version": "13", "sec-websocket-key": "dGhlIHNhbXBsZSBub25jZQ=="})
    assert r.status_code == 426 and r.headers["x-should-retry"] == "false" and "WebSocket" in _one_line(r)
    assert len(upstream.requests) == n


def test_the_summary_needs_the_token_and_shows_counts_only(gw):
    assert httpx.get(gw.url + "/coatcheck/summary").status_code == 401
    body = {"model": "m", "max_tokens": 5, "messages": [{"role": "user", "content": "token ghp_R8kT2mV6xZ0bN4qW7eY1uI3oP5aS9dF2gH6j"}]}
    httpx.post(gw.url + "/v1/messages", json=body, headers={"x-coatcheck-token": TOKEN, "x-coatcheck-session": "sum"}, timeout=30)
    summary = httpx.get(gw.url + "/coatcheck/summary", headers={"x-coatcheck-token": TOKEN}).json()
    assert summary["masked"].get("secret", 0) >= 1 and summary["requests"] >= 1
    assert "ghp_" not in str(summary)
    line = summary_line(summary)
    assert line.startswith("coatcheck: masked ") and "secret" in line


def test_summary_line_and_reason_labels():
    assert reason_label("the value was never seen with evil.example, 10.0.0.1") == "the value was never seen with … …"
    line = summary_line({"requests": 3, "masked": {"secret": 2, "person": 1},
                         "kept": [{"tool": "WebFetch", "reason": "WebFetch fetches from the web", "count": 1}]})
    assert "masked 2 secret, 1 person in 3 request(s)" in line and "WebFetch: WebFetch fetches from the web (1)" in line
    assert "allow_tools" in line and "\n" not in line
    assert "not available" in summary_line(None)


def test_a_stream_the_client_leaves_early_is_still_counted(gw):
    """Codex closes the connection as soon as it has the completed response: the request is still audited."""
    before = httpx.get(gw.url + "/coatcheck/summary", headers={"x-coatcheck-token": TOKEN}).json()["requests"]
    body = {"model": "m", "max_tokens": 5, "stream": True, "messages": [{"role": "user", "content": "say a fairly long sentence " * 40}]}
    with httpx.stream("POST", gw.url + "/v1/messages", json=body, timeout=30,
                      headers={"x-coatcheck-token": TOKEN, "x-coatcheck-session": "early"}) as r:
        next(r.iter_bytes())  # one chunk, then the client goes away
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        now = httpx.get(gw.url + "/coatcheck/summary", headers={"x-coatcheck-token": TOKEN}).json()["requests"]
        if now > before:
            break
        time.sleep(0.05)
    assert now == before + 1
