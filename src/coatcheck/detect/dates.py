"""Dates are dates: git's default format, RFC 2822 and HTTP dates, syslog and ctime stamps, ISO 8601, and
month names with a year in every language of data/vocab/dates.toml. The pipeline drops any address, person, phone or account
candidate that overlaps one, whichever stage (rules, model, normalised view) proposed it."""

from __future__ import annotations

import regex

from ..spans import Span
from .vocabulary import alternation, vocab_cache, vocabulary_words

_TIME = r"\d{1,2}:\d{2}(?::\d{2}(?:[.,]\d+)?)?"
_TZ = r"(?:[ \t]+(?:[+-]\d{4}|[+-]\d{2}:\d{2}|GMT|UTC|Z|[A-Z]{3,4}))?"


@vocab_cache
def _date_regex() -> regex.Pattern[str]:
    """Every date format below, with the month and weekday names of data/vocab/dates.toml."""
    wday = alternation(vocabulary_words("dates", "weekdays")) + r"\.?"
    month = alternation(vocabulary_words("dates", "months")) + r"\.?"
    connectors = vocabulary_words("dates", "connectors")
    of = rf"(?:{alternation(connectors)}[ \t]+)?" if connectors else ""  # "3 de marzo de 2024"
    return regex.compile(
        rf"""(?ix)
        (?<![\w])(?:
            {wday},?[ \t]+{month}[ \t]+\d{{1,2}}[ \t]+{_TIME}[ \t]+\d{{4}}{_TZ}            # git default / ctime
          | (?:{wday},?[ \t]+)?\d{{1,2}}[ \t]+{month}[ \t]+\d{{4}}(?:[ \t]+{_TIME}{_TZ})?  # RFC 2822, HTTP, 3 March 2024
          | {month}[ \t]+\d{{1,2}}[ \t]+{_TIME}(?:[ \t]+\d{{4}})?                           # syslog
          | {month}[ \t]+\d{{1,2}}(?:st|nd|rd|th)?,?[ \t]+\d{{4}}                          # March 3, 2024
          | \d{{1,2}}\.?[ \t]+{of}{month}[ \t]+{of}\d{{4}}                                # 3. März 2024, 3 de marzo de 2024
          | {month}[ \t]+{of}\d{{4}}                                                         # September 2024
          | [12]\d{{3}}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])(?:[T ]{_TIME}(?:Z|[+-]\d{{2}}:?\d{{2}})?)?  # ISO 8601 (a real month and day)
        )(?![\w])"""
    )


_YEAR_OR_TIME = regex.compile(r"\d{4}|\d:\d\d")
_REACH = 48  # longer than any date this module knows
VETOED = frozenset({"address", "person", "phone", "account", "driver_license"})


def date_ranges(text: str) -> list[tuple[int, int]]:
    """Every date in ``text`` as (start, end), in order, not overlapping."""
    return [m.span() for m in _date_regex().finditer(text)]


def drop_dates(text: str, spans: list[Span]) -> list[Span]:
    """``spans`` without the address/person/phone/account candidates that overlap a date. Only the text around
    each such candidate is searched (a date overlapping it starts or ends within ``_REACH`` characters)."""
    out = []
    on_date: dict[tuple[int, int], bool] = {}  # several detectors and views often find the same candidate
    for s in spans:
        if s.category in VETOED:
            where = (s.start, s.end)
            if where not in on_date:
                lo, hi = max(0, s.start - _REACH), min(len(text), s.end + _REACH)
                # every date this module knows has a 4-digit year or a clock time: most candidates have neither near
                on_date[where] = _YEAR_OR_TIME.search(text, lo, hi) is not None and any(
                    m.start() < s.end and s.start < m.end() for m in _date_regex().finditer(text, lo, hi))
            if on_date[where]:
                continue
        out.append(s)
    return out
