"""Agent traffic, eighth part: classes read from a fresh blind set's learned half (the values here are our own):
a phone number as a config value, a mention that ends a sentence, an SSH key's comment, an abbreviated customer key,
German compound password labels, streets that begin with a preposition; and what stays readable: an option's value,
a pod's generated name, the distroless user."""

from __future__ import annotations

import pytest

from coatcheck.masker import Masker

from .spans import found


@pytest.fixture(scope="module")
def m() -> Masker:
    return Masker()



@pytest.mark.parametrize("text,value", [
    ("alerts.sms.to=+49 159 05515103\nserver.port=8443\n", "+49 159 05515103"),
    ("Reviewe PR #666 von @gerlinde-vosskamp. Da ist der Webhook", "gerlinde-vosskamp"),
    ("256 SHA256:Qk8s1Zc0bT3xYy0Hh9fVv2Lr5Nn7Mm6Pp4Ww1Ee3Rr8 okeller@thinkpad (ED25519)", "okeller"),
    ("INFO [cust=2283117] c.v.ship.LabelPrinter - label printed", "2283117"),
    ("Zugang:\n  Initialpasswort: BrezelMond47. (beim ersten Login ändern)\n", "BrezelMond47."),
    ("Einmalkennwort: Dachs19x\n", "Dachs19x"),
    ("Versandetikett gedruckt für Am Lindenhof 12, 70173 Stuttgart", "Am Lindenhof 12, 70173 Stuttgart"),
])
def test_values_of_the_fresh_carriers_are_masked(m: Masker, text: str, value: str) -> None:
    assert value in found(m, text)


@pytest.mark.parametrize("text,value", [
    ("$ git log -3 --format=fuller\ncommit c09acbe68d726dedcf6a4a\n", "fuller"),
    ("NAME                        READY   STATUS    RESTARTS   AGE\nworker-7kx9q2vbm4-p2zrt     1/1     Running   0          3d\n",
     "worker-7kx9q2vbm4-p2zrt"),
    ("FROM gcr.io/distroless/static\nUSER nonroot:nonroot\n", "nonroot"),
    ('import cfg from "@babel.config"\n', "babel.config"),
])
def test_option_values_pod_names_and_the_distroless_user_stay_readable(m: Masker, text: str, value: str) -> None:
    assert not any(value in v for v in found(m, text))


def test_a_login_given_to_a_user_option_is_still_one(m: Masker) -> None:
    assert "mrossi" in found(m, "$ docker run --user mrossi img\n")


@pytest.mark.parametrize("text", ["token «q8Zr4Tn2Lx7Vb9Kp3Wm6Yc1H» for prod", "I set it to ‘q8Zr4Tn2Lx7Vb9Kp3Wm6Yc1H’ yesterday",
                                  "密钥是q8Zr4Tn2Lx7Vb9Kp3Wm6Yc1H"])
def test_a_key_between_quotes_or_after_another_script_is_still_found(m: Masker, text: str) -> None:
    assert "q8Zr4Tn2Lx7Vb9Kp3Wm6Yc1H" in found(m, text)


def test_a_german_compound_word_is_no_key(m: Masker) -> None:
    assert not found(m, "Koronare 2-Gefäßerkrankung, seit 2019 bekannt.")


@pytest.mark.parametrize("text,value", [
    ("Mr Chambers said the build is broken.", "Chambers"),
    ("Li Wei opened the PR; li.wei approved it.", "li.wei"),
])
def test_surnames_that_are_words_of_records_stay_names(m: Masker, text: str, value: str) -> None:
    assert any(value in v for v in found(m, text))
