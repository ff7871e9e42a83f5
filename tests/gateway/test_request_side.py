"""Request side: what reaches the upstream is masked whatever shape the content takes — UTF-16 text in a string,
a body in a declared charset, files inside the JSON (PDF, data: URLs, base64 sources), headers, query keys, path
segments, a system prompt dressed as the attribution line — or it is refused; logs carry no raw path; streamed
transforms leave the event loop free."""

from __future__ import annotations

import base64
import json
import threading
import time

import httpx
import pytest

from coatcheck.detect.widechar import needs_wide_view, wide_view
from coatcheck.gateway.app import GatewayConfig, create_app
from coatcheck.policy import Policy
from coatcheck.wire.apis import anthropic

from .conftest import Server

TOKEN = "ghp_Hq7Lm2Vx9Rt4Kp8Wz3Nc6Bd1Fg5Js0Ya2Ue7"  # GitHub token shape, not a real one
MAIL = "ottilie.brandvold@fjordline-logistics.no"
BODY = {"model": "m", "max_tokens": 5}


def _msg(content, **extra):
    return {**BODY, "messages": [{"role": "user", "content": content}], **extra}


def _sent(upstream, since: int) -> str:
    """Everything the upstream received since ``since`` (JSON bodies and raw bodies), as one text."""
    parts = [json.dumps(b, ensure_ascii=False) for b in upstream.requests[since[0]:]]
    parts += [p + " " + body.decode("utf-8", "replace") for p, _, body in upstream.raw[since[1]:]]
    return "\n".join(parts)


def _mark(upstream):
    return len(upstream.requests), len(upstream.raw)


def _pdf(lines: list[str]) -> bytes:
    """A one-page PDF that shows ``lines`` (Helvetica), built by hand."""
    ops = "BT /F1 11 Tf 50 750 Td 14 TL " + " ".join(f"({ln}) Tj T*" for ln in lines) + " ET"
    objects = [b"<< /Type /Catalog /Pages 2 0 R >>", b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
               b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
               b"<< /Length %d >>\nstream\n%s\nendstream" % (len(ops), ops.encode()),
               b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"]
    out = bytearray(b"%PDF-1.7\n")
    offsets = []
    for n, obj in enumerate(objects, 1):
        offsets.append(len(out))
        out += b"%d 0 obj\n%s\nendobj\n" % (n, obj)
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    out += b"".join(b"%010d 00000 n \n" % o for o in offsets)
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, xref)
    return bytes(out)


# ------------------------------------------------------------------------------------------ the wide view
def test_wide_view_maps_back_to_the_interleaved_run():
    text = "\ufeff" + "\x00".join(f"API_TOKEN={TOKEN}\n") + "\x00"
    assert needs_wide_view(text) and not needs_wide_view("a\x00b")
    view = wide_view(text)
    assert view.text == f"API_TOKEN={TOKEN}\n"
    i = view.text.index(TOKEN)
    start, end = view.to_original(i, i + len(TOKEN))
    assert text[start:end].replace("\x00", "") == TOKEN


@pytest.mark.parametrize("order", ["le", "be"])
def test_wide_text_masks_and_restores_byte_for_byte(order):
    from coatcheck import Masker

    m = Masker()
    plain = f"DEPLOY_KEY={TOKEN}\n"
    wide = "".join(c + "\x00" if order == "le" else "\x00" + c for c in plain)
    out = m.mask(wide).text
    assert TOKEN not in out.replace("\x00", "") and m.restore(out) == wide


def test_prose_that_starts_with_data_is_text_and_percent_data_urls_are_masked(gateway, upstream):
    since = _mark(upstream)
    url = "data:text/plain," + f"DEPLOY_KEY%3D{TOKEN}"
    r = httpx.post(gateway.url + "/v1/messages", json=_msg([{"type": "text", "text": "data: one, two"}, {"type": "text", "text": url}]), timeout=30)
    assert r.status_code == 200
    content = upstream.requests[since[0]]["messages"][0]["content"]
    assert content[0]["text"] == "data: one, two" and content[1]["text"].startswith("data:text/plain,") and TOKEN not in content[1]["text"]


def test_utf16_text_in_a_tool_result_is_masked_and_round_trips(gateway, upstream):
    since = _mark(upstream)
    wide = "\ufeff" + "\x00".join(f"DEPLOY_KEY={TOKEN}\nowner={MAIL}\n") + "\x00"
    r = httpx.post(gateway.url + "/v1/messages", json=_msg([{"type": "tool_result", "tool_use_id": "t1", "content": wide}]), timeout=30)
    assert r.status_code == 200
    sent = _sent(upstream, since).replace("\\u0000", "").replace("\x00", "")
    assert TOKEN not in sent and MAIL not in sent


# ------------------------------------------------------------------------------------------ declared charsets
def test_a_body_in_a_declared_charset_is_decoded_masked_and_sent_as_utf8(gateway, upstream):
    since = _mark(upstream)
    r = httpx.post(gateway.url + "/v1/uploads/notes", content=f"DEPLOY_KEY={TOKEN}\n".encode("utf-16-le"),
                   headers={"content-type": "text/plain; charset=utf-16le"}, timeout=30)
    assert r.status_code == 200
    path, ctype, body = upstream.raw[since[1]]
    assert "charset=utf-8" in ctype and TOKEN not in body.decode("utf-8") and "DEPLOY_KEY=" in body.decode("utf-8")
    assert TOKEN not in body.decode("utf-16-le", "replace")


def test_a_json_body_in_utf16_is_masked(gateway, upstream):
    since = _mark(upstream)
    raw = json.dumps(_msg(f"key {TOKEN}")).encode("utf-16")
    r = httpx.post(gateway.url + "/v1/messages", content=raw, headers={"content-type": "application/json; charset=utf-16"}, timeout=30)
    assert r.status_code == 200 and TOKEN not in _sent(upstream, since)


@pytest.mark.parametrize("charset", ["x-no-such-charset", "base64"])
def test_an_unknown_charset_is_refused(gateway, upstream, charset):
    since = _mark(upstream)
    r = httpx.post(gateway.url + "/v1/uploads/notes", content=b"hello", headers={"content-type": f"text/plain; charset={charset}"}, timeout=30)
    assert r.status_code == 415 and "charset" in r.json()["error"]["message"]
    assert _mark(upstream) == since


# ------------------------------------------------------------------------------------------ files in JSON
def test_a_pdf_document_becomes_its_masked_text(gateway, upstream):
    since = _mark(upstream)
    doc = base64.b64encode(_pdf(["Runbook", f"DEPLOY_KEY={TOKEN}", f"on call: {MAIL}"])).decode()
    r = httpx.post(gateway.url + "/v1/messages", json=_msg([
        {"type": "document", "source": {"type": "base64", "media_type": "application/pdf", "data": doc}},
        {"type": "text", "text": "summarise"}]), timeout=30)
    assert r.status_code == 200
    got = upstream.requests[since[0]]["messages"][0]["content"][0]["source"]
    assert got["type"] == "text" and "Runbook" in got["data"] and "DEPLOY_KEY=" in got["data"]
    assert TOKEN not in got["data"] and MAIL not in got["data"]


def test_pdfs_are_refused_by_policy_and_where_they_cannot_become_text(upstream):
    pdf = _pdf([f"DEPLOY_KEY={TOKEN}"])
    policy = Policy.from_dict({"media": {"pdf": "refuse"}})
    srv = Server(create_app(GatewayConfig(upstream=upstream.url, master_key=b"m" * 32, policy=policy)))
    try:
        since = _mark(upstream)
        r = httpx.post(srv.url + "/v1/messages", json=_msg([{"type": "document", "source": {
            "type": "base64", "media_type": "application/pdf", "data": base64.b64encode(pdf).decode()}}]), timeout=30)
        assert r.status_code == 400 and "document" in r.json()["error"]["message"] and "pdf" in r.json()["error"]["message"]
        # a PDF labelled as an image is a PDF
        r = httpx.post(srv.url + "/v1/messages", json=_msg([{"type": "image", "source": {
            "type": "base64", "media_type": "image/png", "data": base64.b64encode(pdf).decode()}}]), timeout=30)
        assert r.status_code == 400
        assert _mark(upstream) == since
    finally:
        srv.stop()
    since = _mark(upstream)
    url = "data:application/pdf;base64," + base64.b64encode(pdf).decode()
    r = httpx.post(_default_gateway_url(upstream) + "/v1/responses",
                   json={"model": "g", "input": [{"role": "user", "content": [{"type": "input_file", "filename": "r.pdf", "file_data": url}]}]},
                   timeout=30)
    assert r.status_code == 400 and "input_file" in r.json()["error"]["message"]
    assert _mark(upstream) == since


_DEFAULT: dict[str, Server] = {}


def _default_gateway_url(upstream) -> str:
    if "srv" not in _DEFAULT:
        _DEFAULT["srv"] = Server(create_app(GatewayConfig(upstream=upstream.url, master_key=b"d" * 32)))
    return _DEFAULT["srv"].url


@pytest.mark.parametrize("charset", ["", ";charset=utf-16"])
def test_data_urls_of_text_are_masked_in_any_part(gateway, upstream, charset):
    codec = "utf-16" if charset else "utf-8"
    url = f"data:text/plain{charset};base64," + base64.b64encode(f"DEPLOY_KEY={TOKEN}\n".encode(codec)).decode()
    since = _mark(upstream)
    r = httpx.post(gateway.url + "/v1/responses", json={"model": "g", "input": [{"role": "user", "content": [
        {"type": "input_file", "filename": "notes.txt", "file_data": url}, {"type": "input_text", "text": "read it"}]}]}, timeout=30)
    assert r.status_code == 200
    part = upstream.requests[since[0]]["input"][0]["content"][0]
    head, _, payload = part["file_data"].partition(",")
    text = base64.b64decode(payload).decode(codec)
    assert head == url.partition(",")[0] and text.startswith("DEPLOY_KEY=") and TOKEN not in text


def test_text_labelled_as_something_else_is_still_text(gateway, upstream):
    since = _mark(upstream)
    data = base64.b64encode(f"DEPLOY_KEY={TOKEN}\n".encode()).decode()
    r = httpx.post(gateway.url + "/v1/chat/completions", json={"model": "g", "messages": [{"role": "user", "content": [
        {"type": "file", "file": {"filename": "x.bin", "file_data": "data:application/octet-stream;base64," + data}}]}]}, timeout=30)
    assert r.status_code == 200 and TOKEN not in base64.b64decode(
        upstream.requests[since[0]]["messages"][0]["content"][0]["file"]["file_data"].partition(",")[2]).decode()


def test_an_image_that_is_not_an_image_is_refused(gateway, upstream):
    since = _mark(upstream)
    fake = base64.b64encode(b"\x00\x01\x02 binary " * 20).decode()
    r = httpx.post(gateway.url + "/v1/messages", json=_msg([{"type": "image", "source": {"type": "base64", "media_type": "image/png", "data": fake}}]), timeout=30)
    assert r.status_code == 400 and "image" in r.json()["error"]["message"]
    assert _mark(upstream) == since


def test_a_real_image_passes_unchanged(gateway, upstream):
    png = base64.b64encode(b"\x89PNG\r\n\x1a\n" + b"\x00" * 64).decode()
    since = _mark(upstream)
    r = httpx.post(gateway.url + "/v1/messages", json=_msg([{"type": "image", "source": {"type": "base64", "media_type": "image/png", "data": png}}]), timeout=30)
    assert r.status_code == 200 and upstream.requests[since[0]]["messages"][0]["content"][0]["source"]["data"] == png


# ------------------------------------------------------------------------------------------ headers, URL, billing
def test_headers_are_masked_except_protocol_ones(gateway, upstream):
    since = _mark(upstream)
    tp = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01"
    r = httpx.post(gateway.url + "/v1/messages", json=_msg("hi"), headers={
        "x-test-debug": f"DEPLOY_KEY={TOKEN}", "baggage": f"user.email={MAIL}", "traceparent": tp, "x-stainless-note": TOKEN}, timeout=30)
    assert r.status_code == 200
    h = upstream.headers[since[0]]
    assert TOKEN not in json.dumps(h) and MAIL not in json.dumps(h) and h["traceparent"] == tp


def test_query_keys_and_path_segments_are_masked_and_never_logged(upstream, tmp_path, caplog):
    audit = tmp_path / "audit.jsonl"
    srv = Server(create_app(GatewayConfig(upstream=upstream.url, master_key=b"q" * 32, audit_path=str(audit), token="tok")))
    try:
        since = _mark(upstream)
        with caplog.at_level("INFO", logger="coatcheck.gateway"):
            r = httpx.post(srv.url + f"/v1/files/{TOKEN}/content?{TOKEN}&note={MAIL}", json={"purpose": "x"},
                           headers={"x-coatcheck-token": "tok"}, timeout=30)
            assert r.status_code == 200
            assert httpx.post(srv.url + f"/v1/files/{TOKEN}/content", json={}, timeout=30).status_code == 401
    finally:
        srv.stop()
    path = upstream.raw[since[1]][0]
    assert TOKEN not in path and MAIL not in path and path.startswith("/v1/files/") and path.split("?")[0].endswith("/content")
    lines = [json.loads(x) for x in audit.read_text().splitlines()]
    assert all(TOKEN not in json.dumps(x) for x in lines) and TOKEN not in caplog.text
    assert lines[0]["route"] == "generic-openai" and lines[1]["path"] == "/v1/files/*/content"


def test_only_the_exact_attribution_line_is_left_unmasked():
    from coatcheck.wire.session import Session  # noqa: F401  (the gateway's session type)

    line = "x-anthropic-billing-header: cc_version=2.1.40.f3a; cc_entrypoint=cli; cch=9c1e2;"
    assert anthropic.is_billing_line(line)
    assert not anthropic.is_billing_line(line + f" notes: DEPLOY_KEY={TOKEN}")
    assert not anthropic.is_billing_line(f"x-anthropic-billing-header: DEPLOY_KEY={TOKEN}")


@pytest.mark.parametrize("system", [
    "x-anthropic-billing-header: cc_version=2.1.40; cch=00000;\nProject notes: DEPLOY_KEY={T}",
    "x-anthropic-billing-header: notes DEPLOY_KEY={T}",
    [{"type": "text", "text": "x-anthropic-billing-header: cc_version=2.1.40; DEPLOY_KEY={T}"}],
])
def test_a_system_prompt_that_starts_like_the_attribution_line_is_masked(gateway, upstream, system):
    since = _mark(upstream)
    system = json.loads(json.dumps(system).replace("{T}", TOKEN))
    r = httpx.post(gateway.url + "/v1/messages", json=_msg("hi", system=system), timeout=30)
    assert r.status_code == 200 and TOKEN not in _sent(upstream, since)


def test_the_attribution_line_itself_is_sent_as_it_is(gateway, upstream):
    since = _mark(upstream)
    line = "x-anthropic-billing-header: cc_version=2.1.40.f3a; cc_entrypoint=cli; cch=9c1e2;"
    r = httpx.post(gateway.url + "/v1/messages", json=_msg("hi", system=[{"type": "text", "text": line}, {"type": "text", "text": f"key {TOKEN}"}]), timeout=30)
    assert r.status_code == 200
    sent = upstream.requests[since[0]]["system"]
    assert sent[0]["text"] == line and TOKEN not in sent[1]["text"]


# ------------------------------------------------------------------------------------------ streams off the loop
def test_a_slow_stream_transform_does_not_block_health(upstream, monkeypatch):
    original = anthropic.Stream.process

    def slow(self, ev):
        if "message_delta" in (ev.data or ""):
            time.sleep(1.5)  # a CPU-heavy tool restore, simulated by blocking the thread it runs in
        return original(self, ev)

    monkeypatch.setattr(anthropic.Stream, "process", slow)
    srv = Server(create_app(GatewayConfig(upstream=upstream.url, master_key=b"s" * 32)))
    try:
        body = {**_msg("tell me a long story about ports and harbours " * 5), "stream": True}
        out: list[bytes] = []
        t = threading.Thread(target=lambda: out.append(httpx.post(srv.url + "/v1/messages", json=body, timeout=60).content))
        t.start()
        waits = []
        with httpx.Client(timeout=10) as client:
            while t.is_alive() and len(waits) < 200:
                t0 = time.perf_counter()
                assert client.get(srv.url + "/health").status_code == 200
                waits.append(time.perf_counter() - t0)
                time.sleep(0.05)
        t.join(timeout=60)
        assert out and b"message_stop" in out[0]
        assert len(waits) > 5 and max(waits) < 0.75, waits  # never waited behind the stream's 1.5 s transform
    finally:
        srv.stop()


def teardown_module(module):
    if "srv" in _DEFAULT:
        _DEFAULT.pop("srv").stop()
