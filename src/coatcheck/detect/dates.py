"""Dates are dates: git's default format, RFC 2822 and HTTP dates, syslog and ctime stamps, ISO 8601, and
month names with a year in five languages. The pipeline drops any address, person, phone or account
candidate that overlaps one, whichever stage (rules, model, normalised view) proposed it."""

from __future__ import annotations

import regex

from ..spans import Span

_MONTHS = (
    "january february march april may june july august september october november december "
    "gennaio febbraio marzo aprile maggio giugno luglio agosto settembre ottobre novembre dicembre "
    "januar jänner februar märz april mai juni juli august september oktober november dezember "
    "janvier février mars avril mai juin juillet août septembre octobre novembre décembre "
    "enero febrero marzo abril mayo junio julio agosto septiembre setiembre octubre noviembre diciembre "
    "jan feb mar apr jun jul aug sep sept oct nov dec gen giu lug ago set ott dic mär okt dez janv févr avr "
    "juil déc ene abr"
).split()
_WDAYS = (
    "monday tuesday wednesday thursday friday saturday sunday mon tue tues wed thu thur thurs fri sat sun "
    "lunedì martedì mercoledì giovedì venerdì sabato domenica lun mar mer gio ven sab dom "
    "montag dienstag mittwoch donnerstag freitag samstag sonntag mo di mi do fr sa so "
    "lundi mardi mercredi jeudi vendredi samedi dimanche jeu "
    "lunes martes miércoles jueves viernes sábado domingo mié jue vie sáb"
).split()
_WDAY = "(?:" + "|".join(sorted(set(_WDAYS), key=len, reverse=True)) + r")\.?"
_MONTH = "(?:" + "|".join(sorted(set(_MONTHS), key=len, reverse=True)) + r")\.?"
_TIME = r"\d{1,2}:\d{2}(?::\d{2}(?:[.,]\d+)?)?"
_TZ = r"(?:[ \t]+(?:[+-]\d{4}|[+-]\d{2}:\d{2}|GMT|UTC|Z|[A-Z]{3,4}))?"
_DATE = regex.compile(
    rf"""(?ix)
    (?<![\w])(?:
        {_WDAY},?[ \t]+{_MONTH}[ \t]+\d{{1,2}}[ \t]+{_TIME}[ \t]+\d{{4}}{_TZ}            # git default / ctime
      | (?:{_WDAY},?[ \t]+)?\d{{1,2}}[ \t]+{_MONTH}[ \t]+\d{{4}}(?:[ \t]+{_TIME}{_TZ})?  # RFC 2822, HTTP, 3 March 2024
      | {_MONTH}[ \t]+\d{{1,2}}[ \t]+{_TIME}(?:[ \t]+\d{{4}})?                           # syslog
      | {_MONTH}[ \t]+\d{{1,2}}(?:st|nd|rd|th)?,?[ \t]+\d{{4}}                          # March 3, 2024
      | \d{{1,2}}\.?[ \t]+(?:de[ \t]+)?{_MONTH}[ \t]+(?:de[ \t]+)?\d{{4}}                # 3. März 2024, 3 de marzo de 2024
      | {_MONTH}[ \t]+(?:de[ \t]+)?\d{{4}}                                               # September 2024
      | \d{{4}}-\d{{2}}-\d{{2}}(?:[T ]{_TIME}(?:Z|[+-]\d{{2}}:?\d{{2}})?)?                # ISO 8601
    )(?![\w])"""
)
_YEAR_OR_TIME = regex.compile(r"\d{4}|\d:\d\d")
_REACH = 48  # longer than any date this module knows
VETOED = frozenset({"address", "person", "phone", "account", "driver_license"})


def date_ranges(text: str) -> list[tuple[int, int]]:
    """Every date in ``text`` as (start, end), in order, not overlapping."""
    return [m.span() for m in _DATE.finditer(text)]


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
                    m.start() < s.end and s.start < m.end() for m in _DATE.finditer(text, lo, hi))
            if on_date[where]:
                continue
        out.append(s)
    return out
