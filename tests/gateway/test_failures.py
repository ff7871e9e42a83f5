"""Upstream and client disconnects, audit lines without values, per-session vault files."""

from __future__ import annotations

import json
import os

import httpx
import pytest

from coatcheck.gateway.app import GatewayConfig, create_app

from .conftest import Server
from .test_anthropic import KEY, ORIGINALS, PROMPT


def test_upstream_disconnect_mid_stream_ends_with_an_error_event(gateway):
    body = {"model": "m", "max_tokens": 5, "stream": True, "messages": [{"role": "user", "content": f"token {KEY}"}]}
    with httpx.stream("POST", gateway.url + "/v1/messages", json=body, headers={"x-test-drop": "1"}, timeout=30) as r:
        raw = r.read().decode()
    frames = [f for f in raw.split("\n\n") if f.strip()]
    assert frames[-1].startswith("event: error") and "ended early" in frames[-1]
    assert f"partial token {KEY}" in raw  # what had arrived was restored and flushed before the error


def test_client_disconnect_does_not_hang_the_gateway(gateway):
    body = {"model": "m", "max_tokens": 5, "stream": True, "messages": [{"role": "user", "content": PROMPT}]}
    with httpx.stream("POST", gateway.url + "/v1/messages", json=body, timeout=30) as r:
        next(r.iter_raw())  # read one chunk, then walk away
    r2 = httpx.post(gateway.url + "/v1/messages", json={**body, "stream": False}, timeout=30)
    assert r2.status_code == 200 and httpx.get(gateway.url + "/health").status_code == 200


def test_audit_lines_and_vault_files_hold_no_values(upstream, tmp_path, caplog):
    audit, vaults = tmp_path / "audit.jsonl", tmp_path / "vaults"
    vaults.mkdir()
    srv = Server(create_app(GatewayConfig(upstream=upstream.url, master_key=b"a" * 32, audit_path=str(audit), vault_dir=str(vaults))))
    try:
        with caplog.at_level("INFO", logger="coatcheck.gateway"):
            r = httpx.post(srv.url + "/v1/messages", json={"model": "m", "max_tokens": 5, "messages": [{"role": "user", "content": PROMPT}]},
                           headers={"x-claude-code-session-id": "audited"}, timeout=30)
        assert r.status_code == 200
    finally:
        srv.stop()
    line = json.loads(audit.read_text().splitlines()[-1])
    assert line["path"] == "/v1/messages" and line["masked"]["secret"] >= 2 and line["masked"]["email"] == 1
    blobs = [audit.read_text(), caplog.text] + [p.read_bytes().decode("latin-1") for p in vaults.iterdir()]
    assert all(v not in blob for blob in blobs for v in ORIGINALS)
    files = list(vaults.iterdir())
    assert len(files) == 1 and oct(os.stat(files[0]).st_mode & 0o777) == "0o600"


@pytest.mark.parametrize("ending", ["eof", "malformed"])
def test_early_end_and_malformed_events_flush_the_tail_then_send_an_error(gateway, ending):
    body = {"model": "m", "max_tokens": 5, "stream": True, "messages": [{"role": "user", "content": f"token {KEY}"}]}
    with httpx.stream("POST", gateway.url + "/v1/messages", json=body, headers={"x-test-ending": ending}, timeout=30) as r:
        raw = r.read().decode()
    frames = [f for f in raw.split("\n\n") if f.strip()]
    assert frames[-1].startswith("event: error") and "ended early or was malformed" in frames[-1]
    text = "".join(json.loads(f.split("data: ", 1)[1])["delta"]["text"] for f in frames if '"text_delta"' in f)
    assert text == f"it is {KEY}"  # the held-back placeholder was restored and sent before the error
    assert "{not json" not in raw


def test_refused_requests_get_an_audit_line(upstream, tmp_path):
    audit = tmp_path / "audit.jsonl"
    srv = Server(create_app(GatewayConfig(upstream=upstream.url, master_key=b"a" * 32, audit_path=str(audit), token="tok")))
    try:
        assert httpx.post(srv.url + "/v1/messages", json={}, timeout=10).status_code == 401
        assert httpx.post(srv.url + "/v1/messages", content=b"{", headers={"x-coatcheck-token": "tok", "content-type": "application/json"}, timeout=10).status_code == 400
    finally:
        srv.stop()
    lines = [json.loads(x) for x in audit.read_text().splitlines()]
    assert [(x["status"], x["refused"]) for x in lines] == [(401, "authentication_error"), (400, "invalid_request_error")]
