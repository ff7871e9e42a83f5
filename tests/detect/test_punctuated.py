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


@pytest.mark.parametrize("text", [
    'k = "Ctrl+K,Ctrl+C"', 'k = "h1,h2,h3,H4,h5"', 'c = "#1a2B3c,#4D5e6F"', 'a = "fe80::a00:27ff:fE4e:66a1"',
    "LANGUAGE=de_DE:de:en_US:En", 'o = "-Xmx4g,-Xms1G"', 'p = "iOS15,macOS12;tvOS15"', 'r = "3.11.4:Ab12"',
    'f = "dd.MM.yy,HH:mm"', "trace=aB12:cD34,eF56", 'w = "Mo,Di,Mi,Do,Fr,Sa,So"', 't = "app:Web1,tier:Fe2"',
    'title = "Issue#1234"', 'v = "React@18"', 'y = "Release@2024"',
    '- NEVER output inline citations like "【F:README.md†L5-L14】" in your outputs.',  # a coding agent's own prompt
])
def test_lists_addresses_options_formats_and_tags_are_no_password(text: str) -> None:
    assert PunctuatedSecretDetector().detect(text) == []
