"""Passwords that punctuation hides from the token classifier: their whole literal is read, under any key or none."""

from __future__ import annotations

import pytest

from coatcheck import Masker
from coatcheck.detect.punctuated import PunctuatedSecretDetector, random_password

MASKER = Masker()


@pytest.mark.parametrize("text, value", [
    ('const cfg = .{ .host = "db-2", .opt = "qR7;vX2m,Lp9" };', "qR7;vX2m,Lp9"),
    ('\tz:     "N4b:Tq8;wKe"\n', "N4b:Tq8;wKe"),
    ("<key>EXTRA</key>\n<string>Hv2:kP9x:Qm:41</string>", "Hv2:kP9x:Qm:41"),
    ('    "OPT_B": "7wQz,K3p,dY8n",', "7wQz,K3p,dY8n"),
    ("build --action_env=EXTRA=Saddle#2031", "Saddle#2031"),
    ('  default = "Walrus@1977"', "Walrus@1977"),
])
def test_a_generated_or_word_made_password_is_masked_under_any_key(text: str, value: str) -> None:
    out = MASKER.mask(text).text
    assert value not in out and MASKER.restore(out) == text


@pytest.mark.parametrize("text", [
    'style = "color:red;font-size:12px"', 'fmt = "%Y-%m-%d:%H"', 'ns = "xs:Element"', 'h = "Content-Type:text/plain"',
    'pair = "key1=v1;key2=v2"', 'lang = "en-US,en;q=0.9"', 'enc = "UTF-8;q=0.7"', 'v = "Python@3.11"',
    "df = pd.DataFrame(\n", "sl = SortedList([3, 1, 2])", 'r = "[A-Za-z0-9]+"', 'p = "D:%Y%m%d%H%M%S%z"',
    'greeting = "Hello,World"', 'tz = "Europe/Rome;UTC"',
])
def test_code_formats_and_parameters_are_no_password(text: str) -> None:
    assert PunctuatedSecretDetector().detect(text) == []


def test_the_shape_alone_needs_punctuation_the_classifier_cuts_at() -> None:
    assert not random_password("Zx9vK2mQ7pL4")  # the token classifier's: no cut inside
    assert random_password("Zx9v,K2mQ;7pL4")
