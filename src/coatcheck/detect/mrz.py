"""The machine-readable zone of a passport, an identity card or a visa (ICAO Doc 9303): two lines of 44 characters
(TD3, passports; MRV-A visas), two of 36 (TD2; MRV-B) or three of 30 (TD1, identity cards), drawn from ``A-Z``,
``0-9`` and the filler ``<``. The line that spells the holder's name (``SURNAME<<GIVEN<NAMES``) is masked as a person,
the lines of the document number, the birth date and the expiry as an account number. Each line is read only at its
exact width; a number line is read only where its birth and expiry dates sit at their positions, and alone (a KYC
tool's JSON prints ``"mrz_line2"`` without the first) only where its check digits hold; a names line alone only where
it opens with a document code and spells a name."""

from __future__ import annotations

import regex

from ..spans import Span

NAME = "mrz"
# (an XML element's closing tag, "…<<<</mrz1>", ends the line: its "<" is no filler)
_LINE = regex.compile(r"(?<![A-Z0-9<])[A-Z0-9<]{30}(?:[A-Z0-9<]{6}(?:[A-Z0-9<]{8})?)?(?![A-Z0-9]|<(?!/))")
# a names line: document code (P, I, A, C, V and a second letter or filler), issuing state, then the names
_NAMES = {
    44: regex.compile(r"[PV][A-Z<][A-Z<]{3}(?P<n>[A-Z]+<<[A-Z<]*[A-Z][A-Z<]*)"),
    36: regex.compile(r"[PIACV][A-Z<][A-Z<]{3}(?P<n>[A-Z]+<<[A-Z<]*[A-Z][A-Z<]*)"),
    30: regex.compile(r"(?P<n>[A-Z]+<<[A-Z<]*[A-Z][A-Z<]*)"),
}
_DATE = r"\d\d(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])"
# the number lines: document number + check, nationality, birth date + check, sex, expiry + check
_NUMBERS = {
    44: regex.compile(rf"[A-Z0-9<]{{9}}\d[A-Z<]{{3}}{_DATE}\d[MFX<]{_DATE}\d[A-Z0-9<]{{14}}[\d<]\d"),
    36: regex.compile(rf"[A-Z0-9<]{{9}}\d[A-Z<]{{3}}{_DATE}\d[MFX<]{_DATE}\d[A-Z0-9<]{{7}}\d"),
    # TD1: line one (code, state, document number + check, optional data), line two (birth, sex, expiry, nationality)
    30: regex.compile(rf"[AIC][A-Z<][A-Z<]{{3}}[A-Z0-9<]{{9}}\d[A-Z0-9<]{{15}}|{_DATE}\d[MFX<]{_DATE}\d[A-Z<]{{3}}[A-Z0-9<]{{11}}\d"),
}
_VALUES = {c: i for i, c in enumerate("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ")}


def check_digit(field: str) -> int:
    """Doc 9303's check digit of ``field``: weights 7, 3, 1 repeated; letters count 10-35, the filler 0."""
    return sum(_VALUES.get(c, 0) * (7, 3, 1)[i % 3] for i, c in enumerate(field)) % 10


def _checks_hold(line: str) -> bool:
    """The check digits of a TD3 or TD2 number line (document number, birth date, expiry) all hold."""
    return all(check_digit(line[a:b]) == int(line[b]) for a, b in ((0, 9), (13, 19), (21, 27)))


class MrzDetector:
    """The names and number lines of machine-readable zones."""

    name = NAME
    produces = frozenset({"person", "account"})

    def detect(self, text: str) -> list[Span]:
        if "<" not in text:
            return []
        out: list[Span] = []
        taken: set[int] = set()
        lines = [(m.start(), m.end()) for m in _LINE.finditer(text)]
        for i, (s, e) in enumerate(lines):
            if s in taken:
                continue
            width = e - s
            group = self._zone(text, lines, i, width)
            if group is None:
                continue
            for gs, ge in group:
                taken.add(gs)
                line = text[gs:ge]
                category = "person" if _NAMES[width].fullmatch(line) and not _NUMBERS[width].fullmatch(line) else "account"
                out.append(Span(gs, ge, category, f"{NAME}:zone", 0.9))
        out += [s for s in self._numbers_alone(text, lines) if s.start not in taken]
        return out

    @staticmethod
    def _zone(text: str, lines: list[tuple[int, int]], i: int, width: int) -> list[tuple[int, int]] | None:
        """The lines of the zone that starts with line ``i``: the next one or two lines of the same width, each on
        the line right after the one before, with one names line and the rest number lines."""
        count = 3 if width == 30 else 2
        group = [lines[i]]
        for j in range(i + 1, min(i + count, len(lines))):
            pe = group[-1][1]
            s, e = lines[j]
            if e - s != width or text[pe:s].strip(" \t\r") != "\n":
                return None
            group.append((s, e))
        if len(group) != count:
            return None
        rows = [text[s:e] for s, e in group]
        names = [r for r in rows if _NAMES[width].fullmatch(r)]
        numbers = [r for r in rows if _NUMBERS[width].fullmatch(r)]
        if not names or len(numbers) < count - 1:
            return None
        return group

    @staticmethod
    def _numbers_alone(text: str, lines: list[tuple[int, int]]) -> list[Span]:
        """A TD3 or TD2 number line printed alone (``lines``: the text's lines of a zone's widths), taken only where
        its three check digits hold."""
        out: list[Span] = []
        for s, e in lines:
            line = text[s:e]
            if len(line) in (44, 36) and _NUMBERS[len(line)].fullmatch(line) and _checks_hold(line):
                out.append(Span(s, e, "account", f"{NAME}:number-line", 0.85))
            elif len(line) == 44 and line.startswith("P") and _NAMES[44].fullmatch(line) and line.endswith("<<"):
                out.append(Span(s, e, "person", f"{NAME}:names-line", 0.85))
        return out
