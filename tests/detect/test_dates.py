"""Dates stay dates in every stage, the model included. Names and addresses are made up."""

import pytest

from coatcheck import Masker
from coatcheck.detect.dates import date_ranges

DATES = [
    "Thu Sep 22 08:15:57 2022 -0700",  # git's default
    "Wed, 21 Oct 2015 07:28:00 GMT",  # HTTP
    "Tue, 3 Mar 2020 10:00:00 +0100",  # RFC 2822
    "Dec  3 10:11:12",  # syslog
    "2026-05-09",
    "September 2024",
    "3. März 2024",
    "3 de marzo de 2024",
    "12 settembre 2023",
    "lun. 3 mars 2024",
    "March 3, 2024",
]


@pytest.mark.parametrize("date", DATES)
def test_date_formats_are_recognised_whole(date: str) -> None:
    assert date_ranges(f"x {date} y") == [(2, 2 + len(date))]


@pytest.mark.parametrize("text", ["Marco 2024", "Helm 2", "Via Roma 12, 20121 Milano", "Vim 8"])
def test_names_and_versions_are_not_dates(text: str) -> None:
    assert date_ranges(text) == []


def test_git_log_keeps_every_date_and_masks_the_author() -> None:
    log = (
        "commit 2f73aa91c0ffee1234567890abcdef1234567890\n"
        "Author:     Tracy Abrams <tabrams@fjordanalytics.dev>\n"
        "AuthorDate: Thu Dec 19 09:27:43 2024 -0600\n"
        "Commit:     Tracy Abrams <tabrams@fjordanalytics.dev>\n"
        "CommitDate: Fri Dec 20 05:46:25 2024 +0100\n\n    go mod 1.23\n"
    )
    masked = Masker().mask(log).text
    assert "Thu Dec 19 09:27:43 2024 -0600" in masked and "Fri Dec 20 05:46:25 2024 +0100" in masked
    assert "tabrams@fjordanalytics.dev" not in masked


def test_bundled_example_has_no_date_masked_as_an_address() -> None:
    from pathlib import Path

    text = (Path(__file__).parents[2] / "examples" / "agent-session.txt").read_text(encoding="utf-8")
    spans = Masker().detect(text)
    ranges = date_ranges(text)
    for s in spans:
        if s.category == "address":
            assert not any(a < s.end and s.start < b for a, b in ranges), text[s.start : s.end]
