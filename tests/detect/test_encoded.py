from __future__ import annotations

import base64
import json
import urllib.parse

from coatcheck import Masker
from coatcheck.detect.encoded import decode_percent

DSN = "postgres://app:T7xkP2qLm9zQ@db.acme.io:5432/app"
KEY = "ghp_aB3dE5fG7hI9jK1lM3nO5pQ7rS9tU1vW3xY5"


def test_base64_blob_hiding_a_dsn_is_masked_whole(masker: Masker):
    blob = base64.b64encode(DSN.encode()).decode()
    text = f"data:\n  url: {blob}\n"
    spans = masker.detect(text)
    assert any(text[s.start : s.end] == blob for s in spans)
    assert blob not in masker.mask(text).text


def test_kubectl_secret_yaml(masker: Masker):
    blob = base64.b64encode(KEY.encode()).decode()
    text = f"apiVersion: v1\nkind: Secret\ndata:\n  GH_TOKEN: {blob}\n  mode: cHJvZA==\n"
    out = masker.mask(text).text
    assert blob not in out and "cHJvZA==" in out


def test_url_encoded_value_masks_exactly_its_encoded_characters(masker: Masker):
    enc = urllib.parse.quote(f"token={KEY}&x=1", safe="")
    text = f"GET /cb?state={enc} HTTP/1.1"
    out = masker.mask(text).text
    assert "aB3dE5fG7hI9" not in out
    assert out.startswith("GET /cb?state=token%3D")


def test_hex_encoded_secret(masker: Masker):
    hexed = KEY.encode().hex()
    out = masker.mask(f"payload={hexed}").text
    assert hexed not in out


def test_harmless_base64_is_left_alone(masker: Masker):
    blob = base64.b64encode(b"hello world, this is fine").decode()
    assert masker.mask(f"x: {blob}").text == f"x: {blob}"


def test_decode_percent_offsets():
    text, origin = decode_percent("a%C3%A9b+c")
    assert text == "aéb+c"
    assert origin[1] == (1, 7) and origin[2] == (7, 8)


def _b64(s: str) -> str:
    return base64.b64encode(s.encode()).decode()


def test_an_encoded_value_slot_is_masked_whatever_it_decodes_to(masker: Masker):
    for text in (f"PAYLOAD_B64={_b64('jimmie.flood')}", f"basic credentials header={_b64('pauline.staples')}",
                 f"export CONFIG_BASE64={_b64('Zq8xLm2Kp9-rt')}"):
        blob = text.split("=", 1)[1]
        assert blob not in masker.mask(text).text, text


def test_a_blob_right_after_an_equals_sign_is_decoded(masker: Masker):
    blob = _b64("ellen.eaton600@copper-retail.io")
    assert blob not in masker.mask(f"X={blob}").text


def test_two_layers_base64_of_a_url_encoded_email(masker: Masker):
    blob = _b64("maltman488%40marlow-tech.net")
    assert blob not in masker.mask(f"header: {blob}").text


def test_kubectl_secret_json_masks_every_credential_value(masker: Masker):
    blob = _b64("Castle!1360ior")
    text = json.dumps({"apiVersion": "v1", "kind": "Secret", "data": {"DB_PASSWORD": blob, "mode": _b64("prod")}})
    out = masker.mask(text).text
    assert blob not in out and _b64("prod") in out


def test_a_blob_over_64_kib_is_still_decoded(masker: Masker):
    inner = "x " * 40_000 + KEY
    blob = _b64(inner)
    assert len(blob) > 1 << 16
    assert blob not in masker.mask(f"data={blob}").text


def test_secret_data_is_only_the_secret_documents_data_block(masker: Masker):
    token = _b64("glpat-Xk2vR8mQ4zT7nW1pL5sY")
    text = ("apiVersion: source.toolkit.fluxcd.io/v1\nkind: GitRepository\nspec:\n  interval: 5m0s\n  ref:\n"
            "    branch: trunk\n---\napiVersion: v1\nkind: Secret\nmetadata:\n  name: repo-auth\ntype: Opaque\n"
            f"data:\n  token: {token}\n---\napiVersion: notification.toolkit.fluxcd.io/v1beta3\nkind: Provider\n"
            "spec:\n  channel: releases\n")
    out = masker.mask(text).text
    assert token not in out
    for kept in ("interval: 5m0s", "branch: trunk", "channel: releases", "name: repo-auth"):
        assert kept in out


def test_secret_data_decoded_placeholders_and_service_accounts_stay(masker: Masker):
    person, password = _b64("okowalczyk"), _b64("Wn7#tq2Lr9vB")
    text = ("kind: Secret\ndata:\n"
            f"  username: {_b64('svc-backup')}\n  password: {_b64('<REGISTRY_TOKEN>')}\n  api_key: {_b64('${API_KEY}')}\n"
            f"  owner: {person}\n  db_password: {password}\n")
    out = masker.mask(text).text
    for kept in (_b64("svc-backup"), _b64("<REGISTRY_TOKEN>"), _b64("${API_KEY}")):
        assert kept in out
    assert password not in out and person not in out


def test_secret_data_personal_login_is_masked_as_a_username(masker: Masker):
    login = _b64("tnguyen84")
    text = f'{{"apiVersion":"v1","data":{{"user":"{login}"}},"kind":"Secret","metadata":{{"name":"ftp"}}}}'
    spans = masker.detect(text)
    assert [(text[s.start:s.end], s.category) for s in spans] == [(login, "username")]
