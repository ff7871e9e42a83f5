"""Contact details of documents for the document policy: every e-mail address, URL and IP address a record, a letter
or a judgment writes belongs to someone or points at them, whatever its domain.

The agent policy keeps documentation domains (``example.com``), role mailboxes (``office@…``), public web pages and
documentation networks readable, because a coding agent needs them; a document leaving its organisation does not.
URLs are parsed with :mod:`urllib.parse`, IP addresses with :mod:`ipaddress`.
"""

from __future__ import annotations

import ipaddress
from urllib.parse import urlsplit

import phonenumbers
import regex

from ..spans import Span
from .keep import is_date
from .phones import _CANDIDATE, _CLOCK_RANGE, REGIONS, _keywords

_EMAIL = regex.compile(
    r"(?<![\w.%+-])[\p{L}\p{N}][\p{L}\p{N}._%+-]*@(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?\.)+\p{L}{2,24}(?![\w-])")
_URL = regex.compile(r"(?i)(?<![\w@/])(?:https?://|ftp://|www\.)[^\s<>\"'«»“”]+")
_IPV4 = regex.compile(r"(?<![\w.])(?:\d{1,3}\.){3}\d{1,3}(?:/\d{1,2})?(?![\w.]|\.\d)")
_IPV6 = regex.compile(r"(?<![\w:])(?:[0-9A-Fa-f]{0,4}:){2,7}[0-9A-Fa-f]{0,4}(?![\w:])")
# a switchboard's extension, a pager: "bleep 4471", "pgr 9-9639", "ext. 4410", "Piepser 4417", "Tel. App. 5521", "poste 2231"
_EXTENSION = regex.compile(r"(?i)(?<![\w])(?:bleep|pager|pgr|beeper|ext|extn|extension|piepser|durchwahl|app|apparat|poste|"
                           r"interno|int|extensión)\.?[ ]?:?[ ]?#?(?P<n>\d{3,6}|\d-\d{4})(?![\d]|[.,/:]\d)")
# "Software version 4.2.0.1": a release, no host
_VERSION_BEFORE = regex.compile(r"(?i)(?:version|versión|versione|ver|release|build|rev|v)\.?[ ]?$")
# a URL ends before the punctuation that closes its sentence or its brackets
_TRAILING = ".,;:!?)]}>'\""


def _url_end(text: str, start: int, end: int) -> int:
    opened, closed = text.count("(", start, end), text.count(")", start, end)
    while end > start and text[end - 1] in _TRAILING:
        if text[end - 1] == ")":
            if opened >= closed:
                break  # a balanced bracket belongs to the URL (Wikipedia's "…_(disambiguation)")
            closed -= 1
        end -= 1
    return end


class DocumentContactDetector:
    """E-mail addresses, URLs and IP addresses of a document, all of them; phone numbers a cue announces that no
    numbering plan has allocated yet (a possible number is someone's number in a record), extensions and pagers."""

    name = "doc-contacts"
    produces = frozenset({"email", "url", "ip", "phone"})

    def detect(self, text: str) -> list[Span]:
        out: list[Span] = []
        if "@" in text:
            out.extend(Span(m.start(), m.end(), "email", "doc-contacts:email", 0.95) for m in _EMAIL.finditer(text))
        for m in _URL.finditer(text):
            end = _url_end(text, m.start(), m.end())
            value = text[m.start():end]
            url = value if "://" in value else "http://" + value
            try:
                host = urlsplit(url).hostname or ""
            except ValueError:
                continue
            if "." in host and len(host) >= 4:
                out.append(Span(m.start(), end, "url", "doc-contacts:url", 0.9))
        for pattern in (_IPV4, _IPV6):
            for m in pattern.finditer(text):
                value = m.group().split("/", 1)[0]
                if pattern is _IPV6 and sum(1 for g in value.split(":") if g) < 3:
                    continue  # "434::" after a citation, a clock's "10:30:00" is no address either
                try:
                    ip = ipaddress.ip_address(value)
                except ValueError:
                    continue
                if not ip.is_unspecified and not _VERSION_BEFORE.search(text, max(0, m.start() - 16), m.start()):
                    out.append(Span(m.start(), m.end(), "ip", "doc-contacts:ip", 0.9))
        out.extend(self._phones(text))
        return out

    @staticmethod
    def _phones(text: str) -> list[Span]:
        out = [Span(m.start("n"), m.end("n"), "phone", "doc-contacts:extension", 0.8) for m in _EXTENSION.finditer(text)]
        for m in _CANDIDATE.finditer(text):
            raw = m.group()
            digits = sum(c.isdigit() for c in raw)
            if not 9 <= digits <= 13 or _CLOCK_RANGE.fullmatch(raw) or is_date(text, m.start(), m.end()):
                continue
            if not _keywords().search(text, max(0, m.start() - 40), m.start()):
                continue
            number = "+" + raw[2:] if raw.startswith("00") else raw
            for region in REGIONS:
                try:
                    if phonenumbers.is_possible_number(phonenumbers.parse(number, region)):
                        out.append(Span(m.start(), m.end(), "phone", "doc-contacts:phone", 0.75))
                        break
                except phonenumbers.NumberParseException:
                    continue
        return out
