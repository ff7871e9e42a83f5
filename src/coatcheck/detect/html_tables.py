"""Cells of HTML tables: a report, a mail or a dashboard's ``<tr><th>Fahrer</th><th>Staff no</th>…</tr>`` over
``<tr><td>Torsten Hartmann</td><td>99164</td>…</tr>``. The header row (all ``<th>`` cells, or the first row of a
``<thead>``) names the columns as a separated table's header line does (:mod:`.tables`: data/vocab/columns.toml, a
people table's number columns); each body row with as many cells is checked column by column.
"""

from __future__ import annotations

import regex

from ..spans import Span
from .keep import kept_by
from .tables import _CELL_KEEPS, cell_category, column_categories, column_checks, header_categories, norm_header, row_has_card

NAME = "html-tables"
_ROW = regex.compile(r"<tr\b[^<>]{0,200}>(?P<body>(?:(?!</?tr\b).){0,4000}?)</tr\s*>", regex.I | regex.S)
_CELL = regex.compile(r"<(?P<t>t[hd])\b[^<>]{0,200}>(?P<c>(?:(?!</?t[hdr]\b).){0,1000}?)</(?P=t)\s*>", regex.I | regex.S)
# a cell's text inside the elements that style it: <td><span class="x">Torsten Hartmann</span></td>
_INNER = regex.compile(r"\s*(?:<[^<>]{1,200}>\s*)*(?P<v>[^<>]*?)\s*(?:</?[^<>]{1,200}>\s*)*", regex.S)
_TAG = regex.compile(r"<[^<>]{1,200}>")
_TEXT = regex.compile(r"[^<>\s](?:[^<>]*[^<>\s])?")
# what may stand between two rows of one table
_BETWEEN = regex.compile(r"(?:\s|</?(?:thead|tbody|tfoot)\b[^<>]{0,100}>|<!--.{0,200}?-->)*", regex.I | regex.S)
_HEAD = regex.compile(r"<thead\b[^<>]{0,100}>\s*$", regex.I)


def _cells(m: regex.Match[str]) -> list[tuple[str, int, int]]:
    """(tag, start, end) of a row's cells' texts."""
    out = []
    for c in _CELL.finditer(m.string, m.start("body"), m.end("body")):
        inner = _INNER.fullmatch(m.string, c.start("c"), c.end("c"))
        if inner is None:
            # markup inside the text ("Torsten <b>Hartmann</b>"): the cell from its first to its last character of
            # text, its tags with it
            texts = list(_TEXT.finditer(m.string, c.start("c"), c.end("c")))
            out.append((c.group("t").lower(), texts[0].start(), texts[-1].end()) if texts
                       else (c.group("t").lower(), c.start("c"), c.start("c")))
        else:
            out.append((c.group("t").lower(), *inner.span("v")))
    return out


class HtmlTableDetector:
    """Personal cells of HTML tables, by their column's header."""

    name = NAME
    produces = property(lambda self: frozenset(column_categories().values()))

    def detect(self, text: str) -> list[Span]:
        lowered = text.lower()
        if "<tr" not in lowered or "<td" not in lowered:
            return []
        out: list[Span] = []
        rows = list(_ROW.finditer(text))
        i = 0
        while i < len(rows):
            cells = _cells(rows[i])
            in_head = _HEAD.search(text, max(0, rows[i].start() - 120), rows[i].start()) is not None
            if len(cells) < 2 or not (in_head or all(t == "th" for t, _, _ in cells)):
                i += 1
                continue
            names = [norm_header(text[a:b]) for _, a, b in cells]
            cats = header_categories(names)
            checks = column_checks(names, cats) if cats else {}
            i += 1
            while i < len(rows) and _BETWEEN.fullmatch(text, rows[i - 1].end(), rows[i].start()):
                body = _cells(rows[i])
                if body and all(t == "th" for t, _, _ in body):
                    break  # the next table's header
                if len(body) != len(cells):
                    i += 1  # a subtotal's or a section's row (colspan): the table goes on under it
                    continue
                for k, (cat, check) in checks.items():
                    _, a, b = body[k]
                    if cat == "card" and not row_has_card(text[rows[i].start():rows[i].end()]):
                        continue
                    value = _TAG.sub("", text[a:b])
                    if b - a >= 2 and check(value) and kept_by(text, a, b, _CELL_KEEPS) is None:
                        found = cell_category(cat, value)
                        out.append(Span(a, b, found, f"{NAME}:{found}", 0.8))
                i += 1
        return out
