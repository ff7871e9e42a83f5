"""The names an ORM binds into a statement, one parameter per line, beside a person's contact value bound with them.

Hibernate's trace logs each bound value on its own line (``binding parameter [3] as [VARCHAR] - [Ilaria]`` in
Hibernate 5, ``binding parameter (3:VARCHAR) <- [Ilaria]`` in Hibernate 6): a record's fields with no key, as
:mod:`.row_cells` reads them on one line. The lines of one statement are read as one row: once another stage has
found a person's e-mail, phone, IBAN or national id among its values, the values that read as a given name or a
surname of the name lists (:func:`.row_cells._name_cell`) are that person's too. A statement's parameters start again
at 1; a line that binds nothing ends them. One pass over the lines: linear in the text.
"""

from __future__ import annotations

import regex

from ..spans import Span
from .row_cells import ANCHORS, _name_cell, _name_shape, _not_a_name

NAME = "binder-records"
_BOUND = regex.compile(
    r"binding parameter[ \t]+(?:\[(?P<i>\d{1,3})\][ \t]+as[ \t]+\[(?P<t>\w+)\][ \t]+-|\((?P<j>\d{1,3}):(?P<u>\w+)\)[ \t]+<-)"
    r"[ \t]+\[(?P<v>[^\]\n]{1,120})\][ \t]*\r?$")
_TEXT_TYPES = frozenset({"VARCHAR", "NVARCHAR", "CHAR", "NCHAR", "LONGVARCHAR", "CLOB", "STRING", "TEXT"})


def binder_records(text: str, spans: list[Span]) -> list[Span]:
    """The name values of each bound statement of ``text`` that binds a contact value among ``spans``."""
    if "binding parameter" not in text or not any(s.category in ANCHORS for s in spans):
        return []
    anchors = sorted((s.start, s.end) for s in spans if s.category in ANCHORS)
    taken = [(s.start, s.end) for s in spans]
    out: list[Span] = []
    record: list[tuple[int, int, str]] = []  # (start, end, type) of the current statement's values

    def settle() -> None:
        if any(a <= s and e <= b for s, e, _ in record for a, b in anchors):
            free = [kind.upper() in _TEXT_TYPES and not any(a < e and s < b for a, b in taken) for s, e, kind in record]
            names = [free[k] and _name_cell(text[s:e]) for k, (s, e, _) in enumerate(record)]
            for k, (s, e, _) in enumerate(record):
                # a surname the lists lack bound beside a given name they hold: "Ilaria", then "Bonacorsi"
                beside = any(names[j] for j in (k - 1, k + 1) if 0 <= j < len(record))
                if names[k] or (free[k] and beside and _name_shape(text[s:e]) and not _not_a_name(text[s:e])):
                    out.append(Span(s, e, "person", NAME, 0.75))
        record.clear()

    pos = 0
    while pos < len(text):
        end = text.find("\n", pos)
        end = len(text) if end < 0 else end
        m = _BOUND.search(text, pos, end)
        if m is None:
            if record:
                settle()
        else:
            index = int(m["i"] or m["j"])
            if index == 1 and record:
                settle()
            record.append((m.start("v"), m.end("v"), m["t"] or m["u"]))
        pos = end + 1
    if record:
        settle()
    return out
