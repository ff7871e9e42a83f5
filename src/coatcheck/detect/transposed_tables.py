"""Tables printed sideways: a record's fields as rows, one person per column.

A fact-find, a comparison or a "before/after" table in Markdown or a pipe-separated listing puts each field on a row
of its own and each person in a column: ``| DOB | 25/10/1970 | 17/01/1977 |`` under ``| Name | Eleanor … | Callum …
|``. The row's first cell names what the others hold (data/vocab/columns.toml, as a header would), so each other cell
that passes that field's check (a name the gazetteers know, a real e-mail address, a valid IBAN or national id, a
possible phone number, a date) is masked as its category; a schema's documentation (a Type, Description or Default
column) is none. Two such rows at least make a
sideways table; a key/value table's two-cell row is :mod:`.grammar`'s. Linear in the text.
"""

from __future__ import annotations

import regex

from ..spans import Span
from .keep import kept_by
from .tables import cell_check, column_category
from .validators import email, gazetteer_name_any_case, iban, national_id, possible_phone

NAME = "transposed-tables"
# the fields whose values a check can vouch for (a name the gazetteers know, a real e-mail address, a valid IBAN or
# national id, a possible phone number, a date)
_CHECKS = {
    "birth_date": cell_check("birth_date"),
    "email": email,
    "phone": lambda v: sum(c.isdigit() for c in v) >= 7 and possible_phone(v),
    "person": gazetteer_name_any_case,
    "national_id": national_id,
    "iban": lambda v: iban(v.replace(" ", "")),
    "passport": cell_check("passport"),
}
_CATEGORIES = frozenset(_CHECKS)
# a schema's or an API's documentation: its rows are fields, its columns say what each field is, not whose
_SCHEMA_WORDS = regex.compile(r"(?i)\|[ \t]*(?:type|data[ _]type|description|default|nullable|null|required|example|"
                              r"format|constraints?|tipo|descrizione|beschreibung|typ|pflicht|descripción|obligatoire)"
                              r"[ \t]*(?=\|)")
_ROW = regex.compile(r"(?m)^[ \t]*\|(?P<cells>[^\n]*\|)[ \t]*\r?$")
_KEEPS = ("is_placeholder_value", "is_templated")


class TransposedTableDetector:
    """Personal values of tables whose rows are fields (see the module docstring)."""

    name = NAME
    produces = _CATEGORIES

    def detect(self, text: str) -> list[Span]:
        if "|" not in text:
            return []
        out: list[Span] = []
        block: list[tuple[str, list[tuple[int, int]]]] = []
        last_end = -2
        schema = False
        for m in _ROW.finditer(text):
            if m.start() != last_end + 1:
                out += [] if schema else self._block(text, block)
                block = []
                schema = False
            last_end = m.end()
            if _SCHEMA_WORDS.search(text, m.start(), m.end()):
                schema = True
                continue
            cells = self._cells(text, m.start("cells"), m.end("cells"))
            if len(cells) < 3:
                continue
            label = text[cells[0][0]:cells[0][1]]
            cat = column_category(label) if label and len(label) <= 40 else None
            if cat in _CATEGORIES:
                block.append((cat, cells[1:]))
        out += [] if schema else self._block(text, block)
        return out

    @staticmethod
    def _cells(text: str, start: int, end: int) -> list[tuple[int, int]]:
        out = []
        pos = start
        while pos < end:
            bar = text.find("|", pos, end)
            if bar < 0:
                break
            a, b = pos, bar
            while a < b and text[a] in " \t":
                a += 1
            while b > a and text[b - 1] in " \t":
                b -= 1
            out.append((a, b))
            pos = bar + 1
        return out

    @staticmethod
    def _block(text: str, block: list[tuple[str, list[tuple[int, int]]]]) -> list[Span]:
        if len(block) < 2:
            return []
        out = []
        for cat, cells in block:
            check = _CHECKS[cat]
            for a, b in cells:
                if b - a >= 2 and check(text[a:b]) and kept_by(text, a, b, _KEEPS) is None:
                    out.append(Span(a, b, cat, f"{NAME}:{cat}", 0.8))
        return out
