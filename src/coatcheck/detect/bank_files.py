"""Fixed-width bank files read by position: a NACHA (ACH) file's entry detail records, 94 characters each, record type
``6`` (Nacha Operating Rules, appendix three: positions 13-29 the receiver's account number, 40-54 the individual's
identification number, 55-76 the individual's name; routing numbers, amounts and trace numbers stay readable). A
line is read only when it has the record's exact width and its fixed numeric fields, so a line of digits that starts
with a 6 is no record."""

from __future__ import annotations

import regex

from ..spans import Span

NAME = "nacha-entry"
_ENTRY = regex.compile(r"(?m)^6[2-5]\d\d{9}(?P<acct>[ -~]{17})\d{10}(?P<id>[ -~]{15})(?P<name>[ -~]{22})[ -~]{2}[01]\d{15}[ \t]*\r?$")
_ACCOUNT = regex.compile(r"[0-9A-Za-z-]*\d[0-9A-Za-z-]*")
_NAME_VALUE = regex.compile(r"\p{L}[\p{L}'’ .,-]*\p{L}")


def _trimmed(m: regex.Match[str], group: str) -> tuple[int, int, str]:
    s, e = m.span(group)
    value = m.group(group)
    lead = len(value) - len(value.lstrip())
    return s + lead, e - (len(value) - len(value.rstrip())), value.strip()


class NachaDetector:
    """The receiver's account, identification number and name of each NACHA entry detail record."""

    name = NAME
    produces = frozenset({"account", "person"})

    def detect(self, text: str) -> list[Span]:
        if "\n6" not in text and not text.startswith("6"):
            return []
        out: list[Span] = []
        for m in _ENTRY.finditer(text):
            for group, category, shape in (("acct", "account", _ACCOUNT), ("id", "account", _ACCOUNT),
                                           ("name", "person", _NAME_VALUE)):
                s, e, value = _trimmed(m, group)
                if value and shape.fullmatch(value):
                    out.append(Span(s, e, category, NAME, 0.85))
        return out
