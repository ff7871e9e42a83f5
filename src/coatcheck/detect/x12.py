"""ASC X12 interchanges (837 claims, 270/271 eligibility, 834 enrolment …) read by segment: elements split at ``*``,
segments ended by ``~`` or a line end. A person's name entity (``NM1*IL*1*PRITCHARD*NOAH****MI*5DT9PA3EF33``: entity
type 1 is a person) gives the name and its identifier; the address (``N3``, ``N4``), reference numbers (``REF``) and
contact (``PER``) segments after it are that person's, until the next name entity; ``DMG`` holds a birth date; the
interchange header's security information (``ISA04`` when ``ISA03`` is ``01``) is a password. Everything else in
the interchange (control numbers, dates, version codes, payer ids) is structure, and :func:`x12_line` lets the keyless
secret detector leave it alone.

Element positions are facts of the X12 005010 implementation guides (NM1-02 entity type, NM1-03..05 last, first,
middle name, NM1-09 identifier; N3-01..02 street lines; N4-01..03 city, state, postcode; DMG-02 birth date; REF-02
reference number; PER-02 contact name, PER-03/05/07 qualifiers of the numbers after them)."""

from __future__ import annotations

import functools
from collections.abc import Iterator

import regex

from ..spans import Span
from .lines import separated

NAME = "x12-segments"
_SEGMENT_IDS = ("ISA", "GS", "ST", "BHT", "NM1", "N1", "N3", "N4", "DMG", "REF", "PER", "CLM", "HL", "TRN", "EQ", "EB",
                "SE", "GE", "IEA", "SBR", "PAT", "DTP", "HI", "LX", "SV1", "PRV", "AAA", "INS", "BGN", "HD")
_IDS = "|".join(_SEGMENT_IDS)
# a segment starts where no word, element separator or HL7 delimiter stands before its id: a line's start, after the
# terminator, a quote, a log line's prefix
_MARK = regex.compile(rf"(?<![\w*|^])(?:{_IDS})\*")
_WHOLE = regex.compile(rf"(?<![\w*|^])(?:{_IDS})\*[^~\n*]*\*[^~\n]*~")
# the interchange header names its own delimiters: the element separator right after "ISA", the segment terminator
# right after ISA16 (X12.5 control structures: ISA is fixed-length, 16 elements)
_ISA = regex.compile(r"(?<![\w])ISA(?P<sep>[^\w\s])")
# REF qualifiers that name a person's number wherever they stand: subscriber, client, Medicare, social security
_PERSON_REFS = frozenset({"0F", "23", "F6", "SY"})
_CONTACT = {"TE": "phone", "FX": "phone", "CP": "phone", "HP": "phone", "WP": "phone", "EM": "email"}


def x12_line(line: str) -> bool:
    """``line`` holds X12 segments written with ``*``: one whole segment (``N4*VERONA*WI*53593~``, wherever it
    stands on the line), or two segment marks or more (what :class:`X12Detector` reads, so that the keyless reader leaves it to it)."""
    if "*" not in line:
        return False
    if _WHOLE.search(line):
        return True
    found = 0
    for _ in _MARK.finditer(line):
        found += 1
        if found >= 2:
            return True
    return False


def _delimiters(text: str) -> tuple[str, str]:
    """(element separator, segment terminator): the interchange header's, else ``*`` and ``~``."""
    m = _ISA.search(text)
    if m is None:
        return "*", "~"
    sep, pos = m.group("sep"), m.end()
    for _ in range(15):  # ISA02 … ISA16: fifteen more separators
        pos = text.find(sep, pos, pos + 200)
        if pos < 0:
            return sep, "~"
        pos += 1
    term = text[pos + 1:pos + 2]  # the one-character component separator (ISA16), then the terminator
    return sep, (term if term and not term.isalnum() and term != sep else "~")


@functools.lru_cache(maxsize=8)
def _segment_pattern(sep: str, term: str) -> regex.Pattern[str]:
    s, t = regex.escape(sep), regex.escape(term)
    return regex.compile(rf"(?<![\w{s}|^])(?P<id>{_IDS}){s}(?P<body>[^{t}\r\n]*)")


class X12Detector:
    """Person data in X12 interchanges (see the module)."""

    name = NAME
    produces = frozenset({"person", "account", "address", "birth_date", "phone", "email", "secret"})

    def detect(self, text: str) -> list[Span]:
        sep, term = _delimiters(text) if "ISA" in text else ("*", "~")
        if sep not in text:
            return []
        matches = list(_segment_pattern(sep, term).finditer(text))
        # an interchange (two segments or more), or one segment closed by its terminator with two elements or more
        if not matches or (len(matches) == 1 and not (text.startswith(term, matches[0].end())
                                                       and sep in matches[0].group("body"))):
            return []
        out: list[Span] = []
        person = False  # the last name entity was a person's
        for m in matches:
            seg = m.group("id")
            els = list(separated(text, m.start("body"), m.end("body"), sep))

            def el(n: int, els: list[tuple[int, int]] = els) -> str:
                return text[els[n - 1][0]:els[n - 1][1]].strip() if n <= len(els) else ""

            if seg == "INS":
                person = True  # an enrolment's member loop: its REF (subscriber number) comes before its NM1
            elif seg in ("NM1", "N1"):
                person = seg == "NM1" and el(2) == "1"
                if person:
                    out.extend(self._run(text, els, 3, 5, "person"))
                    if el(9) and any(c.isdigit() for c in el(9)):
                        out.append(Span(*els[8], "account", NAME, 0.85))
            elif seg in ("N3", "N4") and person:
                out.extend(self._run(text, els, 1, 2 if seg == "N3" else 3, "address"))
            elif seg == "DMG" and el(2).isdigit() and len(el(2)) in (6, 8):
                out.append(Span(*els[1], "birth_date", NAME, 0.85))
            elif seg == "REF" and (person or el(1) in _PERSON_REFS) and any(c.isdigit() for c in el(2)):
                out.append(Span(*els[1], "account", NAME, 0.8))
            elif seg == "PER":
                out.extend(self._run(text, els, 2, 2, "person"))
                for q in (3, 5, 7):
                    category = _CONTACT.get(el(q))
                    if category and el(q + 1):
                        out.append(Span(*els[q], category, NAME, 0.85))
            elif seg == "ISA" and el(3) == "01" and el(4):
                s, e = els[3]
                value = text[s:e]
                s += len(value) - len(value.lstrip())
                e -= len(value) - len(value.rstrip())
                out.append(Span(s, e, "secret", NAME, 0.9))
        return out

    @staticmethod
    def _run(text: str, els: list[tuple[int, int]], first: int, last: int, category: str) -> Iterator[Span]:
        """One span over the non-empty elements first..last (1-based) holding a letter or a digit."""
        idx = [i for i in range(first - 1, min(last, len(els))) if any(c.isalnum() for c in text[els[i][0]:els[i][1]])]
        if idx:
            yield Span(els[idx[0]][0], els[idx[-1]][1], category, NAME, 0.85)
