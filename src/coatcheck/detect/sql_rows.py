"""Rows of SQL dumps read by their columns: ``INSERT INTO t (c1, c2) VALUES (…), (…)``, and ``INSERT INTO t VALUES
(…)`` after the ``CREATE TABLE t (c1 TYPE, …)`` that names its columns (sqlite3 ``.dump``, ``pg_dump --inserts``,
``mysqldump``). Each value is judged as a cell under its column's header would be (detect/tables.py): a birth date
under ``data_nascita``, a phone under ``telefono``, whatever its own shape says. One pass over each statement."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import regex

from ..spans import Span
from .keep import kept_by
from .tables import _CELL_KEEPS, _category, norm_header, cell_category, column_categories, column_checks

NAME = "sql-rows"
_NAME = r"[`\"\[]?(?P<t>[\w.]+)[`\"\]]?"
_CREATE = regex.compile(rf"(?i)\bCREATE[ \t]+TABLE[ \t]+(?:IF[ \t]+NOT[ \t]+EXISTS[ \t]+)?{_NAME}[ \t]*\(")
_INSERT = regex.compile(rf"(?i)\bINSERT[ \t]+(?:OR[ \t]+\w+[ \t]+|IGNORE[ \t]+)?INTO[ \t]+{_NAME}[ \t]*"
                        r"(?:\((?P<cols>[^()\n]{1,2000})\)[ \t]*)?VALUES\s*")  # the tuples may start on the next line
_CONSTRAINT = regex.compile(r"(?i)(?:PRIMARY|FOREIGN|UNIQUE|CONSTRAINT|CHECK|KEY|INDEX|FULLTEXT)\b")
_NEXT_TUPLE = regex.compile(r"\s*,\s*")
_MAX_ROWS = 5000


def _split_top(text: str, start: int, end: int) -> list[tuple[int, int]]:
    """(start, end) of each comma-separated part of ``text[start:end]`` at bracket depth 0, outside quotes."""
    parts, depth, quote, s = [], 0, "", start
    for i in range(start, end):
        c = text[i]
        if quote:
            if c == quote:
                quote = ""
        elif c in "'\"`":
            quote = c
        elif c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
        elif c == "," and depth == 0:
            parts.append((s, i))
            s = i + 1
    parts.append((s, end))
    return parts


def _closing(text: str, open_at: int, limit: int = 4000) -> int | None:
    """The offset of the bracket closing the one at ``open_at`` (quotes respected), within ``limit`` characters."""
    depth, quote = 0, ""
    for i in range(open_at, min(len(text), open_at + limit)):
        c = text[i]
        if quote:
            if c == quote:
                quote = ""
        elif c == "'":
            quote = c
        elif c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
            if depth == 0:
                return i
        elif c == ";" or c == "\n" and text.startswith(("INSERT", "CREATE", "insert", "create"), i + 1):
            return None  # the statement ended unclosed: no row here (and no scan past it)
    return None


def _column_names(text: str, parts: list[tuple[int, int]]) -> list[str]:
    names = []
    for a, b in parts:
        m = regex.match(r"\s*[`\"\[]?([\w]+)", text[a:b])
        names.append(m.group(1) if m is not None and not _CONSTRAINT.match(text[a:b].lstrip()) else "")
    return names


def _tables(text: str) -> dict[str, list[str]]:
    """Each created table's column names, in order."""
    out = {}
    for m in _CREATE.finditer(text):
        close = _closing(text, m.end() - 1)
        if close is not None:
            names = [n for n in _column_names(text, _split_top(text, m.end(), close)) if n]
            out[m["t"].lower()] = names
    return out


def _tuples(text: str, pos: int) -> Iterator[tuple[int, int]]:
    """(start, end) inside the brackets of each ``(…)`` tuple of a VALUES list starting at ``pos``."""
    while pos < len(text) and text[pos] == "(":
        close = _closing(text, pos)
        if close is None:
            return
        yield pos + 1, close
        m = _NEXT_TUPLE.match(text, close + 1)
        if m is None:
            return
        pos = m.end()


def _column_checks(names: list[str]) -> dict[int, tuple[str, Callable[[str], bool]]] | None:
    """Column index -> (category, check) for the personal columns among ``names``, as a table's header would map
    them (detect/tables.py); None when no column is personal."""
    cols = column_categories()
    normed = [norm_header(n) for n in names]
    cats = {k: cat for k, n in enumerate(normed) if n and (cat := _category(n, cols)) is not None}
    return column_checks(normed, cats) if cats else None


# the words of a column that numbers a person by an integer key (user_id, customer_no, player_id); not an account's,
# a tenant's or a pod's: a SaaS database's organisations and things are keyed so too
_PERSON_KEYS = frozenset({"user", "customer", "cust", "member", "patient", "employee", "emp", "player", "subscriber",
                          "student", "client", "sender", "recipient", "participant", "donor", "voter", "passenger",
                          "guest", "rider", "author", "bidder", "consignor", "claimant", "applicant", "resident"})


def _held_by_person(name: str) -> bool:
    """A column named for the person its integer numbers (``user_id``, ``customerNo``, ``player_id``)."""
    return any(p in _PERSON_KEYS for p in norm_header(name).split("_"))


def _cell_span(text: str, s: int, e: int, category: str, check: Callable[[str], bool]) -> Span | None:
    """The span of cell ``text[s:e]`` when it passes its column's check and no keep claims it."""
    if e - s >= 2 and check(text[s:e]) and kept_by(text, s, e, _CELL_KEEPS) is None:
        found = cell_category(category, text[s:e])
        return Span(s, e, found, f"{NAME}:{found}", 0.8)
    return None


class SqlRowDetector:
    """Values of SQL INSERT rows, judged by their columns' names."""

    name = NAME

    def __init__(self) -> None:
        self.produces = frozenset(column_categories().values())  # the column headers' categories

    def detect(self, text: str) -> list[Span]:
        out = _selected_rows(text) if _SELECT.search(text) is not None else []
        if "FROM stdin" in text or "from stdin" in text:
            out += _copied_rows(text)
        if _INSERT.search(text) is None:  # no copy of the text: every text of every request passes here
            return out
        created = _tables(text)
        rows = 0
        for m in _INSERT.finditer(text):
            if m["cols"] is not None:
                names = _column_names(m["cols"], _split_top(m["cols"], 0, len(m["cols"])))
            else:
                names = created.get(m["t"].lower(), [])
            if not names or (mapped := _column_checks(names)) is None:
                continue
            for a, b in _tuples(text, m.end()):
                rows += 1
                if rows > _MAX_ROWS:
                    return out
                values = _split_top(text, a, b)
                if len(values) != len(names):
                    continue
                for k, (category, check) in mapped.items():
                    s, e = values[k]
                    raw = text[s:e].strip()
                    if category == "account" and raw.isdigit() and len(raw) >= 5 and _held_by_person(names[k]):
                        # a person's number written as an integer (user_id, member_no): the column decides it too
                        # (five digits or more: a table's small foreign keys, petition_id 412, are a thing's)
                        s = text.index(raw, s)
                        if (span := _cell_span(text, s, s + len(raw), category, check)) is not None:
                            out.append(span)
                        continue
                    if len(raw) < 2 or raw[0] != "'" or raw[-1] != "'":
                        continue  # a number, NULL or an expression: the rules judge those
                    s = text.index("'", s) + 1
                    if (span := _cell_span(text, s, s + len(raw) - 2, category, check)) is not None:
                        out.append(span)
        return out


# a query's select list, then the rows a client prints for it with no header line (sqlite3's list and column modes,
# psql -At, mysql -N): "sqlite> SELECT badge_no, name, email FROM attendees;" then "HTF25-8818  Guillaume Garnier …"
_SELECT = regex.compile(r"(?im)\bSELECT[ \t]+(?!\*|DISTINCT[ \t]+\*)(?P<cols>[^;\n]{3,600}?)[ \t]+FROM[ \t]+[^\n]*$")
_ALIAS = regex.compile(r"(?i)^(?:[\w.`\"\[\]]+[ \t]+AS[ \t]+|[\w.`\"\[\]]+[ \t]+)?[`\"\[]?(?:\w+\.)?[`\"\[]?(?P<n>\w+)[`\"\]]?$")
_WIDE_GAP = regex.compile(r"[ \t]{2,}|\t")
_PROMPT = regex.compile(r"^\s*(?:[\w.-]*[>$#%]|\(\d+ rows?\)|\d+ rows? in set)")


_NULLS = frozenset({"\\N", "NULL", "null", "None", "(null)"})


def _select_names(cols: str) -> list[str] | None:
    """The column names of a select list (an alias's, a table-qualified column's own), or None when a part is an
    expression, a function's call or a star."""
    names = []
    for part in _split_top(cols, 0, len(cols)):
        m = _ALIAS.match(cols[part[0]:part[1]].strip())
        if m is None or "*" in cols[part[0]:part[1]]:
            return None
        names.append(m["n"])
    return names if len(names) >= 2 else None


def _row_cells(line: str, width: int) -> list[tuple[int, int]] | None:
    """The cells of a printed row: split at its pipes (sqlite3's list mode) or at gaps of two blanks or a tab (column
    mode, psql -A -F, mysql -N); None unless there are ``width`` of them."""
    piped = line.count("|") == width - 1 and not line.lstrip().startswith("|")
    if piped:  # (sqlite3 prints NULL as an empty cell between its pipes)
        bounds, pos = [], 0
        for part in line.split("|"):
            bounds.append((pos, pos + len(part)))
            pos += len(part) + 1
    else:
        bounds, pos = [], 0
        for gap in _WIDE_GAP.finditer(line.rstrip()):
            bounds.append((pos, gap.start()))
            pos = gap.end()
        bounds.append((pos, len(line.rstrip())))
    out = []
    for a, b in bounds:
        while a < b and line[a] == " ":
            a += 1
        while b > a and line[b - 1] == " ":
            b -= 1
        out.append((a, b))
    return out if len(out) == width and (piped or all(b > a for a, b in out)) else None


def _selected_rows(text: str) -> list[Span]:
    """Cells of the header-less rows printed after a query, judged by the query's column names."""
    out: list[Span] = []
    for m in _SELECT.finditer(text):
        names = _select_names(m["cols"])
        if names is None or (mapped := _column_checks(names)) is None:
            continue
        pos = text.find("\n", m.end())
        rows = 0
        while pos >= 0 and rows < _MAX_ROWS:
            ls = pos + 1
            le = text.find("\n", ls)
            le = len(text) if le < 0 else le
            line = text[ls:le].rstrip("\r")
            if not line.strip() or _PROMPT.match(line):
                break
            cells = _row_cells(line, len(names))
            if cells is None:
                break
            if [line[a:b].lower() for a, b in cells] == [n.lower() for n in names]:
                break  # a header line: the tables' stages read that table
            rows += 1
            for k, (category, check) in mapped.items():
                a, b = cells[k]
                if line[a:b] not in _NULLS and (span := _cell_span(text, ls + a, ls + b, category, check)) is not None:
                    out.append(span)
            pos = le if le < len(text) else -1
    return out


# pg_dump's COPY block: its column list, then one row per line, tab-separated, "\N" for NULL, ended by "\."
_COPY = regex.compile(rf"(?im)^COPY[ \t]+(?:[\w\"]+\.)?{_NAME}[ \t]*\((?P<cols>[^()\n]{{1,2000}})\)[ \t]+FROM[ \t]+stdin;[ \t]*\r?$")


def _copied_rows(text: str) -> list[Span]:
    """Cells of the rows of a pg_dump COPY block, judged by its column names."""
    out: list[Span] = []
    for m in _COPY.finditer(text):
        names = _column_names(m["cols"], _split_top(m["cols"], 0, len(m["cols"])))
        if (mapped := _column_checks(names)) is None:
            continue
        ls = m.end() + 1
        rows = 0
        while ls < len(text) and rows < _MAX_ROWS:
            le = text.find("\n", ls)
            le = len(text) if le < 0 else le
            line = text[ls:le].rstrip("\r")
            if line == "\\." or not line:
                break
            parts = line.split("\t")
            if len(parts) != len(names):
                break
            rows += 1
            starts = [ls]
            for part in parts[:-1]:
                starts.append(starts[-1] + len(part) + 1)
            for k, (category, check) in mapped.items():
                if parts[k] != "\\N" and (span := _cell_span(text, starts[k], starts[k] + len(parts[k]), category, check)) is not None:
                    out.append(span)
            ls = le + 1
    return out
