"""User names in home paths, every encoding (issue 22 item 1): a name read in one encoding is masked in each."""

from __future__ import annotations

import pytest

from coatcheck import Masker
from coatcheck.detect.home_paths import HomePathDetector, examples, slug_form

NAME = "tbrennan"  # fictional


@pytest.mark.parametrize("text", examples()["positive"])
def test_positive_examples_are_found(text: str) -> None:
    assert HomePathDetector().detect(text)


@pytest.mark.parametrize("text", examples()["negative"])
def test_negative_examples_are_not(text: str) -> None:
    assert HomePathDetector().detect(text) == []


ENCODINGS = [
    f"/home/{NAME}/shop/app.py",
    f'{{"cwd": "\\/home\\/{NAME}\\/shop"}}',
    f"GET /open?path=%2Fhome%2F{NAME}%2Fshop",
    f"GET /open?path=%2fUsers%2f{NAME}%2fshop",
    f"C:\\Users\\{NAME}\\AppData",
    f'"C:\\\\Users\\\\{NAME}\\\\AppData"',
    f"C:/Users/{NAME}/AppData",
    f"C%3A%5CUsers%5C{NAME}%5CAppData",
    f"/Users/{NAME}/Library",
    f"cp a.txt ~{NAME}/inbox/",
    f"~/.claude/projects/-home-{NAME}-shop/memory/",
    f"~/.claude/projects/-Users-{NAME}-shop/memory/",
    f"C:\\x\\.claude\\projects\\C--Users-{NAME}-shop\\memory",
]


@pytest.mark.parametrize("text", ENCODINGS)
def test_every_encoding_masks_the_name(text: str) -> None:
    out = Masker().mask(text).text
    assert NAME not in out


def test_a_name_from_one_encoding_bounds_the_slug_and_the_bare_name() -> None:
    text = ("Primary working directory: /home/marta.kowalczyk/shop\n"
            "memory: ~/.claude/projects/-home-marta-kowalczyk-shop/memory/\n$ whoami\nmarta.kowalczyk\n")
    spans = Masker().detect(text)
    values = {text[s.start : s.end] for s in spans}
    assert values == {"marta.kowalczyk", slug_form("marta.kowalczyk")}  # the repository's name stays readable
    assert slug_form("marta.kowalczyk") == "marta-kowalczyk"


def test_a_slug_alone_is_masked_to_its_end() -> None:
    text = "memory: ~/.claude/projects/-home-marta-kowalczyk-shop/memory/"
    out = Masker().mask(text).text
    assert "marta" not in out and "kowalczyk" not in out and "/memory/" in out


def test_windows_name_with_a_space() -> None:
    text = 'open "C:\\Users\\Marta Kowalczyk\\Documents\\a.txt"'
    out = Masker().mask(text).text
    assert "Marta" not in out and "Kowalczyk" not in out and "Documents" in out


@pytest.mark.parametrize("text", ["takes ~seconds to run", "pip install 'x~=1.0'", "see the-home-page-layout",
                                  "~/.claude/projects/-home-user-app/memory/", "/home/runner/work/app"])
def test_no_name_no_span(text: str) -> None:
    assert Masker().detect(text) == []


def test_round_trip() -> None:
    m = Masker()
    for text in ENCODINGS:
        assert m.restore(m.mask(text).text) == text


@pytest.mark.parametrize("text,value", [
    ("PS C:\\Users\\ogunleye.adebayo\\source> git status", "ogunleye.adebayo"),  # "\o" is no escape: the path keeps its "\"
    ('{"cwd": "C:\\\\Users\\\\ogunleye.adebayo\\\\source"}', "ogunleye.adebayo"),
    ("C:\\Users\\nadia.okafor\\x", "\\nadia.okafor"),  # "\n" may be an escape: the span keeps it whole
])
def test_a_windows_separator_is_kept_unless_it_may_start_an_escape(text: str, value: str) -> None:
    m = Masker()
    assert [text[s.start:s.end] for s in m.detect(text)] == [value]
    assert m.restore(m.mask(text).text) == text
