"""Upstream and client disconnects, audit lines without values, per-session vault files."""

from __future__ import annotations

import json
import os

import httpx

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
