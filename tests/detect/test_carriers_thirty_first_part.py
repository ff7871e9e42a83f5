"""Agent traffic, thirty-first part (issue 23): the login a system greets its user by, in five languages, and a
directory's account of a person in an HR sync's fields. And what stays: a team, a machine, a program or a role
greeted, a service account in the same field. The values here are our own."""

from __future__ import annotations

import pytest

from coatcheck import Masker, Policy

from .spans import covered, touched


@pytest.fixture(scope="module")
def masker() -> Masker:
    return Masker(policy=Policy.builtin("agent"))


@pytest.mark.parametrize("text,value", [
    ("Gentile gbianchi4,\nil backup notturno non è riuscito.", "gbianchi4"),
    ("Hi oandersen77,\nyour export is ready to download.", "oandersen77"),
    ("Hallo t.brenner_3,\nIhr Passwort läuft in 5 Tagen ab.", "t.brenner_3"),
    ("Bonjour lvasseur92,\nvotre demande a été enregistrée.", "lvasseur92"),
    ("Hola mgarrido_8:\ntu pedido ya está en camino.", "mgarrido_8"),
    ("2026-11-21 02:00:11 hr-sync employee=E5531 ad_account=qlindholm result=ok", "qlindholm"),
    ('{"event": "joiner", "domain_login": "okarsten", "site": "LDS"}', "okarsten"),
])
def test_masked(masker: Masker, text: str, value: str) -> None:
    masked = masker.mask(text).text
    assert covered(masker, text, value), masked
    assert masker.restore(masked) == text


@pytest.mark.parametrize("text,value", [
    ("Hi team,\nthe build is green again.", "team"),
    ("Hello node1, are you still there?", "node1"),
    ("Hi python3,\nthis is a test message.", "python3"),
    ("Dear admin2,\nthe quota is full.", "admin2"),
    ("Hi v2.1, what changed?", "v2.1"),
    ("2026-11-21 02:00:11 hr-sync ad_account=svc_backup result=ok", "svc_backup"),
    ("The AD account for the new hire is created tomorrow.", "account"),
])
def test_kept(masker: Masker, text: str, value: str) -> None:
    assert not touched(masker, text, value)
