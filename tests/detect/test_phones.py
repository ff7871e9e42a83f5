from __future__ import annotations

import pytest

from coatcheck.detect.phones import PhoneDetector


def found(text):
    return [text[s.start : s.end] for s in PhoneDetector().detect(text)]


@pytest.mark.parametrize(
    "text,value",
    [
        ("call +39 347 123 4567 today", "+39 347 123 4567"),
        ("Tel. +49 30 901820", "+49 30 901820"),
        ("phone: (415) 555-2671", "(415) 555-2671"),
        ("Telefono: 347 123 4567", "347 123 4567"),
        ("téléphone : 06 12 34 56 78", "06 12 34 56 78"),
        ("móvil 612 345 678", "612 345 678"),
        ("whatsapp 0044 20 7946 0958", "0044 20 7946 0958"),
    ],
)
def test_phones_found(text, value):
    assert value in found(text)


@pytest.mark.parametrize(
    "text",
    ["order 3471234567 shipped", "2026-11-29 17:20:01", "version 10.2.3.4", "pid 4123456 exited", "ts=1732900000123", "+1 or +2 votes"],
)
def test_not_phones(text):
    assert found(text) == []


@pytest.mark.parametrize("text", [
    "# 51 Franklin Street, Fifth Floor, Boston, MA\n# 02110-1301 USA",
    "Copyright: 2002-2012, Nicholas Nethercote",
    "Copyright (C) 2008-2019, 2021, 2022 Anthony Green",
    "Thanks to Frank Heimes. LP: #1908756.\n  * Call dh_dwz.",
])
def test_zip_codes_year_ranges_and_bug_numbers_are_not_phones(text):
    from coatcheck.detect.phones import PhoneDetector

    assert PhoneDetector().detect(text) == []
