"""The keyless-secret classifier: tokens no provider rule claims, scored from their characters and context."""

from __future__ import annotations

import base64

import numpy as np
import pytest

from coatcheck import Masker
from coatcheck.detect.keyless import KeylessDetector, KeylessModel, encoded_content
from coatcheck.detect.keyless_features import BUCKETS, buckets, candidates, features, hashed
from coatcheck.errors import ConfigError

# values made up here, in the shapes credentials take, where no provider name or credential key helps
SECRETS = [
    "the example works but ours is Q7vX2mK9pL4wZ8rT1nB6yH3cF5dJ0sGa. Why?",
    "[2026-10-03 12:01:33] WARN rejected token=Zr8Kp2Wq9Lm4Xv7Tn3Bc6Hy1 for client 17",
    "la password di admin è yKa7QDAPGZd11R6ljG3tEo e l'utente è mario",
    "Mot de passe temporaire p2OH%Sw!HJPtmS54qe2H, forcer la réinitialisation.",
    "const k = 'Lq8Zr3Xw9Vb2Nm7Kp4Tj6Hd1';",
    "export PDFSHIFT_KEY=ed367751a82ed1aee5ec8ee9f36bf7a9",  # hex, but a service's key name says what it is
    "[Interface]\nPrivateKey = WUPWkqeFPbORQlq7rzKLL9wDbab2K18CGNOD5vPP00=",  # the same shape, a private label
    # a short type prefix before a long random body is a provider's token shape, named or not
    "use wqt_Hc81Lm2Pz7Qx4Rt9Vb3Nk6Jd0Yf5Gs2Wa8Ek for the deploy step",
    "curl -s https://api.example.net/v2/sites -d @body.json # zorb_p3Kd9Xq2Lw7Mn4Tv8Bc1Hy6Rf0Js5Gz3Ua",
]
# what must stay readable in the same kinds of places
READABLE = [
    "commit 3f2a9c1e8b7d6f5a4c3b2a1908f7e6d5c4b3a291\nAuthor: dev",
    'integrity="sha384-oqVuAfXRKap7fdgcCY5uykM6+R9GqQ8K/uxy9rx7HNQlGYl1kPzQho1wx4JwY8wC"',
    "golang.org/x/net v0.20.0 h1:aCL9BSgETF1k+blQaYUBx9hJ9LOGP3gAVemcZlf1Kpo=",
    "x-request-id: 0f8e2c4a-1b3d-4e5f-8a9b-0c1d2e3f4a5b",
    "def getUserAccountSettings2(self): return self.settings",
    "const key = process.env.API_KEY;",
    "token = YOUR_API_TOKEN_HERE",
    "$ md5sum backup.tar\nf184076749a3820f0dff4cd1a3e2d816  backup.tar",
    "Sentry event 575913d83eb09c210b327807bf4ebcc2 (release orders@ef4e32d63a2ce64c0e9300f7f58c063489c889fb)",
    "order ord_01J8J8HC8X8092D932B7JXTHJ3 paid, refund re_Nfon7MgvT8OXPCUejeZLG7T3 pending",
    "msg_01XFDUDYJgAACzvnptvVoYEL and resp_67ccd2bed1ec8190b14f964abc0542670bb6a6b452d3795b finished",
    "pub   ed25519/14D68E0FB717DA34 2024-03-01 [SC]",
    "< cf-ray: e26f5ebe25884273-FRA",
    "access_key     ****************TI4Q shared-credentials-file",
    '<a href="#v8getheapcodestatistics">v8.getHeapCodeStatistics()</a>',
    'index a93720b..53cdccb 100644',
    "[2.654730755743257e+16, -1.5E-10]",
    "[Peer]\nPublicKey = kqeFPbORQlq7rzKLL9wDbab2K18CGNOD5vPPu00/zqM=",
    "interface: wg0\n  public key: Z2zxbz5BsrqOfKTkNUPLdeeV7J/dykXdr5UgJnkXHJo=\npeer: rAx3+Rwezp+Ag+/TczNi0OD5xggVYyabx9dzFfAdbRg=",
    "INFO worker batch=01KV0V4AAV8AG46EBVMSE180A5 ok",
    "  - recipient: age1rmzaxv65avkee8t3l3ln0tt7v0g656mvv9q5vpk77drsgngmupylr5e2",
    "$ nix hash file --type sha256 --base32 ./src.tar.gz\nriyq9hdp0603m4by37bq6p4zf4kl792zawm2y1l279f7i2y2z6qz",
    "via: 1.1 f3fa6842062fe9dcd0050f20bf4c0dae.cloudfront.net (CloudFront)",
    "$ ipfs add -r ./site\nadded QmL2JKrZH3qo3ic3iiEWqHvni77n91XNLQ1ZJWcxnGiRx4 site/index.html",
    "bafybei4tlkneon2g4u3gmpiixtyky7fbq3ibvdsucdmljoked22rjwdg5g",
    "search-dx96z45vzn-4gzvp   1/1     Running",
    "trace=6aa185084ef37656f16b82b294fae0b7 span=e7a577b3158bd5a9 req=5bGOnFDOy1zEVXsWlpxvd job=124384204375077",
    "func TestSendUsesFallback(t *testing.T) { // fixture id 29hq3FCVdq27bkgy9PHHQ19PvFZ",
    "The job that makes it is export-01ks8kdjm9q3ncvs8qptp6ebxk.",
    "go.uber.org/zap v1.27.0 h1:9WaF+CTf8TRZCMrxgnCxMxYw5y6zXgyHTnV9WKe6Zbk=",
    '{\\"uid\\":\\"9LnVlOHQc1OLeh\\",\\"traceId\\":\\"694143137bcf90ca6dc0de5d22e8ff37\\"}',
    "npm ERR! sha512-Zckf8C/ByQzNZCD+WRWmYzQiPxcsUleqloocGRCTwp4VRrySQSm3EHBukCCy== integrity checksum failed",
    "const cacheKey = 'v3-fc81a0f626c3b556';\ngtag('config', 'G-ZCC9S7V87H');",
    "-----BEGIN CERTIFICATE-----\nMIIBszCCAVmgAwIBAgIUQ7xK2mZ9pL4wR8tV1nB6yH3cF5dJ0sGaMAoGCCqGSM49\n-----END CERTIFICATE-----",
]


@pytest.mark.parametrize("text", SECRETS)
def test_a_token_with_no_name_on_it_is_masked(text: str) -> None:
    spans = KeylessDetector().detect(text)
    assert spans, text
    masker = Masker()
    result = masker.mask(text)
    assert masker.restore(result.text) == text
    assert all(text[s.start:s.end] not in result.text for s in spans)


@pytest.mark.parametrize("text", READABLE)
def test_hashes_ids_identifiers_and_placeholders_stay(text: str) -> None:
    assert KeylessDetector().detect(text) == []


def test_a_certificate_in_base64_is_content_and_a_private_key_is_not() -> None:
    cert = base64.b64encode(b"-----BEGIN CERTIFICATE-----\nMIIBszCCAVmgAwIBAgIUQ7xK2mZ9pL4w\n").decode()
    key = base64.b64encode(b"-----BEGIN RSA PRIVATE KEY-----\nMIIBszCCAVmgAwIBAgIUQ7xK2mZ9pL4w\n").decode()
    assert encoded_content(cert)
    # a private key's base64 is read decoded: the private-key rule finds it there and the whole blob is masked
    text = f"tls.crt: {cert}\ntls.key: {key}\n"
    out = Masker().mask(text).text
    assert cert in out and key not in out


def test_candidates_skip_urls_paths_numbers_and_plain_words() -> None:
    text = "see https://example.org/a/Zr8Kp2Wq9Lm4Xv7Tn3 and /usr/lib/x86_64-linux-gnu 1234567890 documentation"
    assert list(candidates(text)) == []


def test_base64_padding_belongs_to_the_token_but_a_keys_equals_sign_does_not() -> None:
    text = "a = dGhpcyBpcyBhIHRlc3Qgc3RyaW5nIQ== ; example_number=5"
    found = [text[s:e] for s, e in candidates(text)]
    assert "dGhpcyBpcyBhIHRlc3Qgc3RyaW5nIQ==" in found
    assert not any(f.startswith("example_number") for f in found)


def test_features_are_stable_names_hashed_the_same_everywhere() -> None:
    text = "export FOO_KEY=Zr8Kp2Wq9Lm4Xv7Tn3Bc6Hy1"
    s = text.index("Zr8")
    names = features(text, s, len(text))
    assert "slot:key" in names and "klast:key" in names and "k:foo" in names
    assert hashed(["klast:key"]) == [hashed(["klast:key"])[0]] and 0 <= hashed(["klast:key"])[0] < BUCKETS


def test_a_model_of_the_wrong_size_is_refused() -> None:
    with pytest.raises(ConfigError):
        KeylessModel(np.zeros(10, dtype=np.float32), 0.0, 0.5)


def test_a_keyless_token_inside_a_base64_blob_masks_the_blob() -> None:
    blob = base64.b64encode(b"deploy login: Zr8Kp2Wq9Lm4Xv7Tn3Bc6Hy1").decode()
    text = f"echo '{blob}' | base64 -d"
    masker = Masker()
    out = masker.mask(text).text
    assert blob not in out and masker.restore(out) == text


def test_a_short_decoded_blob_is_not_read_by_the_classifier() -> None:
    assert Masker().mask("[2.654730755743257e+16]").text == "[2.654730755743257e+16]"


def test_runtime_buckets_are_the_trainings_features_hashed() -> None:
    text = "\n".join(SECRETS + READABLE)
    for s, e in candidates(text):
        assert sorted(buckets(text, s, e)) == sorted(hashed(features(text, s, e)))


def test_a_long_token_is_one_candidate_and_a_long_line_stays_linear() -> None:
    token = "Zr8Kp2Wq9Lm4Xv7Tn3Bc6Hy1" * 13  # 312 characters
    assert list(candidates(f"use {token} here")) == [(4, 4 + len(token))]
    KeylessDetector().detect("1#3*5^7~9%1 " * 2000)  # a word search from the line start per candidate was quadratic


def test_an_unclosed_pem_header_hides_only_its_own_lines() -> None:
    text = "-----BEGIN CERTIFICATE-----\nMIIBszCCAVmgAwIBAgIUQ7xK2mZ9pL4w\n\nuse q8W7e6R5t4Y3u2I1zzQ for the staging API"
    assert [text[s.start:s.end] for s in KeylessDetector().detect(text)] == ["q8W7e6R5t4Y3u2I1zzQ"]


@pytest.mark.parametrize("text", [
    '    k = "5d2e9c0a71b84f36a9e0c3d18b7f4a62"',
    '{"key": "X", "value": "a22def067cad323b9ab1e3dce258f23f"}',
    "INFO resolved build arg X=9f8e7d6c5b4a39281706f5e4d3c2b1a0",
])
def test_a_long_hex_given_to_a_key_that_names_no_digest_is_a_key(text: str) -> None:
    out = Masker().mask(text).text
    assert not any(len(w) >= 32 for w in __import__("re").findall(r"[0-9a-f]+", out))


@pytest.mark.parametrize("text", [
    '{"files": {"Cargo.toml": "eaf7b92f17d7deef4cba81cacce917b5f621572eb816f08ab6a531fbf8003617"}}',
    "  annotations:\n    checksum/config: 7c5201ff129644367690c4a2c857c347ceb19612445cd26c66d5e557a3b6136b",
    '    Expected: "05e7d76ae7755c0e08681b1fb388f54402769704cfd288290817bed6eb5f10e5"',
    '{"AccountTag":"c8f149cebde429f89093a0c8d209ae61"}',
    'sha256 = "2c26b46b68ffc68ff99b453c1d30413413422d706483bfa0f98a5e886266e7ae"',
])
def test_a_long_hex_under_a_file_name_a_digest_or_a_test_assertion_stays(text: str) -> None:
    assert Masker().mask(text).text == text


@pytest.mark.parametrize("text", [
    '[6.4, "o", "$ git rev-parse HEAD\\r\\n9958f88e8fa12d564f12f33a5a07decd9dcfa1b3\\r\\n"]',
    "+3b0ab1beae60d79028f12491c29901252bbcb505 tools/lint-rules (v3.17.0-2-g1f2e3d4)",
    "      <pubkey>qv4Cw4WhEGQIdg9pYcZFw1GtEbvpvcsW286atAnvNoE=</pubkey>",
    '    "src/secret.rs": "ab351e4b928408f71a3b02c507c5238c5d47a6e2865b42b4b97d2dd731f514f2",',
    "la deploy key c'est la partie publique : ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIPYlMuHcIEkWCNY4cxGAuDPdcO20BGuZgQd4Tu/4dBNv",
    "  AccessKey : minioadmin\n  SecretKey : minioadmin",
])
def test_commits_after_an_escape_checksum_maps_and_public_keys_stay(text: str) -> None:
    assert Masker().mask(text).text == text


def test_a_url_userinfo_is_no_path_and_a_properties_key_is_no_file() -> None:
    from coatcheck.detect.keep import file_name_key

    assert not file_name_key("https://x-token-auth:", 8, "x-token-auth")
    assert not file_name_key(" db.pwd", 1, "db.pwd") and file_name_key(' "Cargo.toml"', 2, "Cargo.toml")


def test_security_advisory_ids_are_public_identifiers() -> None:
    text = "jinja2   3.1.3    GHSA-h75v-3vvj-5mfj 3.1.4\nwerkzeug 3.0.1    GHSA-2g68-c3qc-8985 3.0.3\nRUSTSEC-2024-0332"
    assert Masker().mask(text).text == text


def test_a_tables_identifier_column_keeps_its_random_cells_and_a_key_column_does_not() -> None:
    from coatcheck.detect.tables import column_name

    refs = ["QW7RT2ZKPB9MXN4D", "HN3VJX8CQLW5TYR2", "ZP6MKD4WGT9BQS7X"]
    rows = "\n".join(f"Ledgerline,{r},INV-{i:05d},EUR,{12.5 * (i + 1):.2f}" for i, r in enumerate(refs))
    text = "Merchant,Gateway Reference,Invoice,Currency,Amount\n" + rows + "\n"
    assert column_name(text, text.index(refs[1])) == "gateway_reference"
    assert Masker().mask(text).text == text
    keys = ["sk9Xw2Lq7RmT4vBz8NpK3cYd", "Hq4Zr8Tm2Wx6Lp9Vb3Nc7Kd5"]
    keyed = "service;api_key;region\n" + "\n".join(f"billing-{i};{k};eu-west-1" for i, k in enumerate(keys)) + "\n"
    out = Masker().mask(keyed).text
    assert all(k not in out for k in keys) and "eu-west-1" in out


def test_a_column_name_is_found_only_in_rows_under_a_header() -> None:
    from coatcheck.detect.tables import column_name

    text = "see QW7RT2ZKPB9MXN4D, or HN3VJX8CQLW5TYR2\nname,ref\nalpha,TX88\n"
    assert column_name(text, 4) is None
    assert column_name(text, text.index("TX88")) == "ref"
    assert column_name(text, text.index("alpha")) == "name"
