"""Values a SQL statement compares with or assigns to a personal column: ``WHERE cognome ILIKE 'Raghunathan%'``,
``"auth_user"."username" = 'sfairweather'``, ``UPDATE members SET email = …, phone = '…'``.

A slow-query log, an ORM's debug output or a DBA's ticket prints the query with its literals in place; the column
names what each literal is, as a table's header names its cells (detect/tables.py). Each literal after ``WHERE``,
``AND``, ``OR``, ``ON``, ``HAVING`` or ``SET`` (and the next assignments of a ``SET`` list) is judged as a cell
under its column would be; a ``LIKE`` pattern's leading and trailing ``%`` are left out. One pass over the
statements' comparisons: linear in the text.
"""

from __future__ import annotations

from dataclasses import replace

import regex

from ..spans import Span
from .sql_rows import _cell_span, _column_checks

NAME = "sql-predicates"
_COLUMN = r"(?:[`\"\[]?\w+[`\"\]]?\.){0,2}[`\"\[]?(?P<c>\w+)[`\"\]]?"
_OPERATOR = r"(?P<op>=|<>|!=|(?i:(?:NOT[ \t]+)?I?LIKE))"
# a comparison or an assignment of a quoted literal, after the keyword that opens a condition or a SET list
_COMPARED = regex.compile(
    rf"(?i:\b(?:WHERE|AND|OR|ON|HAVING|SET)\b)[ \t(]+(?:(?i:NOT)[ \t]+)?{_COLUMN}[ \t]*{_OPERATOR}[ \t]*"
    r"(?i:[EN](?='))?'(?P<v>(?:[^'\n\\]|''){1,160})'")
# a SET list's next assignment: ", phone = '…'", or one of an expression the list goes on past (", updated_at = NOW()")
_NEXT_ASSIGNMENT = regex.compile(rf"[ \t]*,[ \t]*{_COLUMN}[ \t]*=[ \t]*(?:(?i:[EN](?='))?'(?P<v>(?:[^'\n\\]|''){{1,160}})'"
                                 r"|(?P<x>[\w.]{1,60}(?:\([^()'\n]{0,60}\))?))")


class SqlPredicateDetector:
    """Literals compared with or assigned to a personal column in a SQL statement."""

    name = NAME
    produces = frozenset({"person", "username", "email", "phone", "address", "account", "birth_date", "national_id"})

    def detect(self, text: str) -> list[Span]:
        if "'" not in text:
            return []
        out: list[Span] = []
        pos = 0
        while (m := _COMPARED.search(text, pos)) is not None:
            pos = m.end()
            out += self._literal(text, m)
            if m.group(0)[:3].upper() == "SET":
                while (n := _NEXT_ASSIGNMENT.match(text, pos)) is not None:
                    pos = n.end()
                    if n["v"] is not None:
                        out += self._literal(text, n)
        return out

    @staticmethod
    def _literal(text: str, m: regex.Match[str]) -> list[Span]:
        mapped = _column_checks([m["c"]])
        if mapped is None:
            return []
        category, check = mapped[0]
        s, e = m.span("v")
        if "LIKE" in (m.groupdict().get("op") or "").upper():  # a pattern's wildcards are no part of the value
            while s < e and text[s] == "%":
                s += 1
            while e > s and text[e - 1] == "%":
                e -= 1
        span = _cell_span(text, s, e, category, check)
        return [replace(span, detector=f"{NAME}:{span.category}")] if span is not None else []
