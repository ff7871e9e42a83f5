"""Tables a program returns as JSON: the columns' names in one list, each row as a list of values beside it.

A SQL tool's result (an MCP server's ``postgres_query``, Trino's and Databricks' statement APIs, pandas'
``orient="split"``, a BI tool's export) prints a table as ``{"columns": ["id", "member_no", "cardholder", …],
"rows": [[13768, "012078036", "YUSUF DEMIR", …], …]}``. The k-th value of each row is the k-th column's, so the
column's name says what the value is, as a CSV header does: the same header vocabulary and cell checks as
:mod:`.tables` (a table of people's member number, name, card). Columns may be written as names or as objects with a
``"name"`` (``{"name": "email", "type": "varchar"}``). Linear in the text.
"""

from __future__ import annotations

import json
from collections.abc import Iterator

import regex

from ..spans import Span
from .keep import kept_by
from .tables import cell_category, column_categories, column_checks, header_categories, norm_header, row_has_card

NAME = "json-tables"
_KEEPS = ("is_placeholder_value", "is_templated", "is_service_username")
# (Kusto writes "Columns" and "ColumnName", Snowflake "rowType", ClickHouse "meta")
_COLUMNS = regex.compile(r'(?i)"(?:columns|cols|column_?names|fields|headers|header|schema|rowtype|meta)"[ \t]*:[ \t\r\n]*(?=\[[ \t\r\n]*["{])\[')
_NAME_KEYS = ("name", "column_name", "columnName", "ColumnName", "label", "title", "key")
_SPAN = 50_000  # how much text a columns list may take (a bounded slice: a failed decode costs no more than it)
# the rows beside the columns, in the same object (Trino's "data", an SQL tool's "rows"); Databricks alone puts its
# "data_array" in another object ("manifest": {"schema": {"columns": …}}, "result": {"data_array": …}). Grafana's
# "values" are columns, not rows, and stay.
_ROWS = regex.compile(r'(?i)"(?:rows|data|records)"[ \t]*:[ \t\r\n]*\[')
_ANY_ROWS = regex.compile(r'(?i)"(?:data_array|dataArray)"[ \t]*:[ \t\r\n]*\[')
_REACH = 2000  # how far after the columns their rows may start (a schema's other fields, a row count between them)
_MAX_COLUMNS = 200
_STRING = regex.compile(r'"(?:[^"\\\n]|\\.){0,400}"')
_SCALAR = regex.compile(r'[ \t\r\n]*(?:"(?P<s>(?:[^"\\\n]|\\.){0,300})"|(?P<n>-?\d[\d.eE+-]{0,40})|true|false|null|NaN|-?Infinity)[ \t\r\n]*')
_GAP = regex.compile(r"[ \t\r\n]*")
_DECODER = json.JSONDecoder()


def _column_names(text: str, at: int) -> tuple[list[str], int] | None:
    """The names of a columns list starting at ``at`` (its ``[``) and where it ends, or None when it is no list of
    names (or of objects with a name)."""
    try:
        value, end = _DECODER.raw_decode(text[at:at + _SPAN])
    except (ValueError, RecursionError):
        return None
    end += at
    if not isinstance(value, list) or not 2 <= len(value) <= _MAX_COLUMNS:
        return None
    names: list[str] = []
    for col in value:
        if isinstance(col, dict):
            col = next((col[k] for k in _NAME_KEYS if isinstance(col.get(k), str)), None)
        if not isinstance(col, str):
            return None
        names.append(norm_header(col))
    return names, end


def _sibling(text: str, start: int, end: int) -> bool:
    """Whether ``text[start:end]`` (from a value's end to the next key) stays in the same object: no bracket closes
    more than opened in it (strings skipped)."""
    depth = 0
    i = start
    while i < end:
        c = text[i]
        if c == '"':
            m = _STRING.match(text, i)
            if m is None:
                return False
            i = m.end()
            continue
        if c in "{[":
            depth += 1
        elif c in "}]":
            depth -= 1
            if depth < 0:
                return False
        i += 1
    return depth == 0


def _rows(text: str, at: int, width: int) -> Iterator[tuple[int, int, list[tuple[int, int] | None]]]:
    """Each row of ``width`` cells of a rows list starting at ``at`` (its ``[``): ``(row_start, row_end, cells)`` with
    each cell's value span (inside its quotes), or None for a null, a boolean or a list or an object in the cell. A row
    of another width is skipped; the list's end, or anything that is no row, stops the reading."""
    i = at + 1
    while True:
        i = _GAP.match(text, i).end()
        if not text.startswith("[", i):
            return
        start = i
        i += 1
        cells: list[tuple[int, int] | None] = []
        while True:
            m = _SCALAR.match(text, i)
            if m is None or m.end() == i:
                i = _GAP.match(text, i).end()
                if not text.startswith(("[", "{"), i):
                    return
                try:  # a list or an object in a cell (tags, a nested record): no value of its column, the row goes on
                    _, used = _DECODER.raw_decode(text[i:i + _SPAN])
                except (ValueError, RecursionError):
                    return
                cells.append(None)
                i = _GAP.match(text, i + used).end()
            else:
                group = "s" if m.group("s") is not None else "n" if m.group("n") is not None else None
                cells.append((m.start(group), m.end(group)) if group else None)
                i = m.end()
            if text.startswith(",", i):
                i += 1
                continue
            if text.startswith("]", i):
                i += 1
                break
            return
        if len(cells) == width:  # (a row of another width is no row of these columns: the next may be)
            yield start, i, cells
        i = _GAP.match(text, i).end()
        if text.startswith(",", i):
            i += 1
            continue
        return


class JsonTableDetector:
    name = NAME
    produces = property(lambda self: frozenset(column_categories().values()))

    def detect(self, text: str) -> list[Span]:
        if '"' not in text or "[" not in text:
            return []
        out: list[Span] = []
        pos = 0
        while (m := _COLUMNS.search(text, pos)) is not None:
            pos = m.end()
            found = _column_names(text, m.end() - 1)
            if found is None:
                continue
            names, end = found
            cats = header_categories(names, column_categories())
            if not cats:
                continue
            reach = min(len(text), end + _REACH)
            rows = _ROWS.search(text, end, reach)
            if rows is not None and not _sibling(text, end, rows.start()):
                rows = None
            if rows is None:
                rows = _ANY_ROWS.search(text, end, reach)
            if rows is None:
                continue
            mapped = column_checks(names, cats)
            for rs, re_, cells in _rows(text, rows.end() - 1, len(names)):
                carded: bool | None = None
                for col, (cat, check) in mapped.items():
                    cell = cells[col]
                    if cell is None:
                        continue
                    a, b = cell
                    value = text[a:b]
                    # (an escape, a control character or a lone surrogate: no value to mask as it stands)
                    if b - a < 2 or "\\" in value or not value.isprintable() or cat == "email" and "@" not in value \
                            or not check(value):
                        continue
                    if cat == "card" and not (carded := row_has_card(text[rs:re_]) if carded is None else carded):
                        continue
                    if kept_by(text, a, b, _KEEPS) is None:
                        cat = cell_category(cat, value)
                        out.append(Span(a, b, cat, f"{NAME}:{cat}", 0.8))
                pos = max(pos, re_)
        return out
