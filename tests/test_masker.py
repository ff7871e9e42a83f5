from __future__ import annotations

import json
from concurrent.futures import ThreadPoolExecutor

import pytest

from coatcheck import Masker, MaskingError, Policy, Vault
from coatcheck.vault import PLACEHOLDER_RE

PEM = "-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQ\nAAAAC3NzaC1lZDI1NTE5AAAAIDm3kQ9x\n-----END OPENSSH PRIVATE KEY-----"


def test_multi_line_value_is_masked_line_by_line(masker: Masker):
    text = f"key:\n{PEM}\nafter"
    out = masker.mask(text).text
    assert out.count("\n") == text.count("\n")
    assert all(PLACEHOLDER_RE.fullmatch(line) for line in out.splitlines()[1:5])
    assert masker.restore(out) == text


def test_diff_hunk_line_counts_survive(masker: Masker):
    diff = "@@ -1,3 +1,3 @@\n-API_KEY=old\n+API_KEY=Zq8xLm2Kp9Tr4Wv\n context\n"
    out = masker.mask(diff).text
    assert [ln[:1] for ln in out.splitlines()] == [ln[:1] for ln in diff.splitlines()]


def test_json_with_escapes_stays_valid(masker: Masker):
    doc = {"password": 'Zq8x"Lm2\\Kp9Tr4Wv', "pem": PEM, "note": "mail giulia.ferraro@acme-dev.it\nbye"}
    text = json.dumps(doc)
    out = masker.mask(text).text
    parsed = json.loads(out)
    assert "Zq8x" not in out and "giulia" not in out and parsed["note"].endswith("\nbye")
    assert masker.restore(out) == text


def test_same_value_same_placeholder_across_calls():
    v = Vault(b"s" * 32)
    a = Masker(vault=v).mask("token ghp_aB3dE5fG7hI9jK1lM3nO5pQ7rS9tU1vW3xY5").text
    b = Masker(vault=Vault(b"s" * 32)).mask("again: ghp_aB3dE5fG7hI9jK1lM3nO5pQ7rS9tU1vW3xY5").text
    assert a.split()[-1] == b.split()[-1]


def test_readable_things_stay_readable(masker: Masker):
    text = (
        "Upgraded django 4.2.7 -> 5.0.1 on 2026-11-29 (commit 3f2a9c81d0e4b6a7c5d8e9f0a1b2c3d4e5f6a7b8).\n"
        "request_id=123e4567-e89b-12d3-a456-426614174000 host=api.github.com local=127.0.0.1 "
        "doc=192.0.2.10 lan=10.0.0.12 see https://example.com/docs and /usr/lib/python3.11/site.py\n"
        "API_KEY=YOUR_API_KEY_HERE password=${DB_PASSWORD} AKIAIOSFODNN7EXAMPLE\n"
        "class UserRepository(BaseRepository): def find_by_email(self, email: str) -> User: ...\n"
    )
    assert masker.mask(text).text == text


def test_policy_switches_categories_and_terms():
    policy = Policy.from_dict({"categories": {"email": False}, "always_mask": ["Project Falcon"], "never_mask": ["34.117.59.81"]})
    m = Masker(policy=policy)
    out = m.mask("Project Falcon: mail giulia.ferraro@acme-dev.it from 34.117.59.81 and 81.2.69.160").text
    assert "Project Falcon" not in out and "CUSTOM_" in out
    assert "giulia.ferraro@acme-dev.it" in out and "34.117.59.81" in out and "81.2.69.160" not in out


def test_private_ips_configurable():
    text = "db at 10.0.0.12"
    assert Masker().mask(text).text == text
    assert Masker(policy=Policy.builtin("strict")).mask(text).text != text


def test_thread_safe_shared_masker(masker: Masker):
    texts = [f"user{i}: token ghp_{i:04d}B3dE5fG7hI9jK1lM3nO5pQ7rS9tU1vW3x and giulia{i}@acme-dev.it" for i in range(200)]
    with ThreadPoolExecutor(8) as pool:
        outs = list(pool.map(lambda t: masker.mask(t).text, texts))
    assert [masker.restore(o) for o in outs] == texts
    assert len({o.split()[2] for o in outs}) == 200


def test_fail_closed(masker: Masker, monkeypatch):
    def boom(_text, _known=None):
        raise RuntimeError("detector crashed")

    m = Masker(vault=Vault(b"f" * 32))
    monkeypatch.setattr(m.pipeline, "detect", boom)
    with pytest.raises(MaskingError, match="nothing was forwarded"):
        m.mask("password=Zq8xLm2Kp9Tr4Wv")


def test_empty_input(masker: Masker):
    assert masker.mask("").text == "" and masker.mask("").spans == []


def test_result_carries_the_placeholders_it_wrote():
    m = Masker(vault=Vault(b"p" * 32))
    text = f"token ghp_aB3dE5fG7hI9jK1lM3nO5pQ7rS9tU1vW3xY5 then\n{PEM}\nmail giulia.ferraro@acme-dev.it"
    r = m.mask(text)
    assert len(r.placeholders) == len(r.spans) >= 3
    assert all(ph in r.text for phs in r.placeholders for ph in phs)
    assert sum(len(phs) for phs in r.placeholders) == len(PLACEHOLDER_RE.findall(r.text))
    pem = next(phs for s, phs in zip(r.spans, r.placeholders, strict=True) if "BEGIN" in text[s.start : s.end])
    assert len(pem) == 4  # one per line of the key
    for s, phs in zip(r.spans, r.placeholders, strict=True):
        assert [m.restore(ph) for ph in phs] == [ln.strip() for ln in text[s.start : s.end].split("\n") if ln.strip()]
