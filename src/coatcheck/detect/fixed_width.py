"""Fixed-width records: the fields of batch files, payment runs, registers and mainframe exports, cut where their
columns are, whether a header, a layout line or nothing names them.

A fixed-width file pads each field to its width and glues fields that fill it (``D9733645031CLARKE``,
``CHO-1167-451FONTAINE MARGAUX``), often with no header at all (``H``/``D``/``T`` records) or with a layout written
beside it (``layout: rec(1) uid(14) last(20) first(14) dob(8)``, ``layout: 1-8 id, 9-38 name, 39-49 date_of_birth``).
Separator-free, its cells are invisible to the table stages; their columns are not:

- **blocks**: two or more consecutive lines of similar length with no separator (a tab, a bar, a semicolon);
- **fields**: runs of character positions that are not blank on every row (a gutter is blank on all), cut again
  where every row turns from digits to a word at the same place (a number glued to a name), or, where a layout line
  in the text declares the widths (``name(width)`` or ``start-end name``) and its total fits the rows, by the layout;
- **what a field holds**: the layout's or the header's name for it (data/vocab/columns.toml, as in :mod:`.tables`),
  each cell passing the column's check; with no name, its cells say it: name words the name lists know in three
  rows of four and no other word (a surname or a given-name column, in capitals or not), dates of birth (every year ten
  years back at least, distinct, not in order where there are five or more), card numbers (each with its Luhn
  digit and an issuer's prefix), or, in a block whose rows hold a person, an issuer's distinct numbers
  (:mod:`.row_keys`).

A cell another stage covers is left to it. Linear in the text: one pass over the lines, one over each block's rows.
"""

from __future__ import annotations

import bisect
import datetime
from collections import Counter
from collections.abc import Callable

import regex

from .._data import word_list
from ..spans import Span
from .keep import kept_by
from .row_keys import (_BIRTH_SPREAD, _DATE, _HEADER_LINE, _MIN_AGE, ANCHORS, _covered, _reach, _year, key_column,
                       key_name)
from .tables import cell_category, column_category, column_checks, norm_header, text_lines, thing_column
from .validators import _NOT_A_NAME_IN_CAPS, _STATUS_WORDS, card
from .vocabulary import calendar_words, dictionary_words, is_product, plain_words

NAME = "fixed-width"
_KEEPS = ("is_placeholder_value", "is_templated", "is_service_username", "is_uuid", "is_version", "is_code_word")
_SEPARATORS = regex.compile(r"[\t|│┃;]|\\[nt]|[{}\[\]<>=\"]|^[ \t]*[\w-]+:[ \t]")
_MIN_LINE = 24
_MAX_ROWS = 2000
# a layout line's fields: "rec(1) uid(14) last(20)", "LAST(15) FIRST(12)"; or "1-8 id, 9-38 name, 70- ssn"
_WIDTH_FIELD = regex.compile(r"(?P<n>[A-Za-z_][\w.]{0,30})\((?P<w>\d{1,3})\)")
_RANGE_FIELD = regex.compile(r"(?<![\w-])(?P<a>\d{1,3})-(?P<b>\d{1,3})?[ \t]+(?P<n>[A-Za-z_][\w.]{0,30})")
_HEADER_WORD = regex.compile(r"[\p{L}_][\p{L}\p{N}_./#°º()-]{0,40}(?: [\p{L}_][\p{L}\p{N}_./#°º()-]{0,40})?")
_NAME_CELL = regex.compile(r"(?:\p{Lu}[\p{L}'’.-]*)(?: \p{Lu}[\p{L}'’.-]*){0,2}")
_COMMENT = frozenset("#*/;-=")

Field = tuple[int, int, str]  # (start column, end column, name: "" where none is known)


def _layouts(text: str) -> tuple[list[list[Field]], set[int]]:
    """The layouts a text declares: fields with their columns (0-based, end exclusive) and names; and the lines
    that declare them."""
    out: list[list[Field]] = []
    where: set[int] = set()
    for i, (a, b) in enumerate(text_lines(text)):
        line = text[a:b]
        if "(" in line:
            widths = list(_WIDTH_FIELD.finditer(line))
            if len(widths) >= 3:
                pos, fields = 0, []
                for m in widths:
                    w = int(m.group("w"))
                    fields.append((pos, pos + w, m.group("n")))
                    pos += w
                out.append(fields)
                where.add(i)
                continue
        ranges = list(_RANGE_FIELD.finditer(line))
        if len(ranges) >= 3:
            fields = []
            for i, m in enumerate(ranges):
                start = int(m.group("a")) - 1
                end = int(m.group("b")) if m.group("b") else (int(ranges[i + 1].group("a")) - 1 if i + 1 < len(ranges) else 10_000)
                if end <= start:
                    break
                fields.append((start, end, m.group("n")))
            else:
                out.append(fields)
                where.add(i)
    return out, where


def _blocks(text: str, lines: tuple[tuple[int, int], ...], layout_lines: set[int]) -> list[tuple[int, list[tuple[int, int]]]]:
    """Runs of two or more consecutive record lines (long, no separator, no comment or layout line, of similar
    length): (index of the line before the run, the rows). A first row of words alone is the run's header."""
    out: list[tuple[int, list[tuple[int, int]]]] = []
    run: list[tuple[int, int]] = []
    first = top = 0
    for i, (a, b) in enumerate([*lines, (len(text), len(text))]):
        while b > a and text[b - 1] in " \r":
            b -= 1
        good = (b - a >= _MIN_LINE and _SEPARATORS.search(text, a, b) is None and "  " in text[a:b]
                and text[a:b].lstrip()[:1] not in _COMMENT and i not in layout_lines)
        fits = not run or 0.8 * top <= b - a <= top / 0.8
        if good and fits and len(run) < _MAX_ROWS:
            if not run:
                first = i
            run.append((a, b))
            top = max(top, b - a)
            continue
        if run and _HEADER_LINE.fullmatch(text, *run[0]):
            first, run = first + 1, run[1:]
        if len(run) >= 5 or len(run) >= 3 and all(not text[s + 1].isalpha() for s, _ in run):
            # a batch's header and trailer records ("H 61234 …", "T 0000005") around its detail records ("D …"): a
            # record type is one letter before a blank or a digit on every row
            kinds = Counter(text[s] for s, _ in run if not text[s + 1].isalpha())
            kind, n = kinds.most_common(1)[0] if kinds else ("", 0)
            if n >= len(run) - 2 and kind.isalpha():
                if text[run[0][0]] != kind:
                    first, run = first + 1, run[1:]
                if text[run[-1][0]] != kind:
                    run = run[:-1]
        if len(run) >= 2:
            out.append((first - 1, run))
        run, top = [], 0
        if good:
            first, run, top = i, [(a, b)], b - a
    return out


def _fields(text: str, rows: list[tuple[int, int]]) -> list[Field]:
    """The fields of a block's rows by their gutters, cut again where every row turns from digits to letters."""
    width = max(b - a for a, b in rows)
    blank = [True] * width
    for a, b in rows:
        for p in range(b - a):
            if text[a + p] != " ":
                blank[p] = False
    fields: list[Field] = []
    p = 0
    while p < width:
        if blank[p]:
            p += 1
            continue
        q = p
        while q < width and not blank[q]:
            q += 1
        cuts = [p]
        for c in range(p + 1, q - 1):
            if all(b - a > c + 1 and text[a + c - 1].isdigit() and text[a + c].isalpha() and text[a + c + 1].isalpha()
                   for a, b in rows):
                cuts.append(c)
        cuts.append(q)
        fields.extend((s, e, "") for s, e in zip(cuts, cuts[1:], strict=False))
        p = q
    return fields


def _header_names(text: str, line: tuple[int, int] | None, fields: list[Field]) -> list[Field]:
    """The fields named by the header line above the rows, where one stands there: each field takes the header word
    that starts in it (or up to three columns before it)."""
    if line is None:
        return fields
    a, b = line
    if _HEADER_LINE.fullmatch(text, a, b) is None:
        return fields  # a batch's header record ("H 70412 ZQ9 20260311"), a title with its date: no column names
    words = [(m.start() - a, m.group()) for m in _HEADER_WORD.finditer(text, a, b)]
    if len(words) < 2:
        return fields
    starts = [s for s, _ in words]
    out: list[Field] = []
    for s, e, _ in fields:
        i = bisect.bisect_left(starts, s - 3)
        name = words[i][1] if i < len(words) and starts[i] < e else ""
        out.append((s, e, name))
    return out


def _cell(text: str, row: tuple[int, int], s: int, e: int) -> tuple[int, int]:
    a, b = row
    ca, cb = min(a + s, b), min(a + e, b)
    while ca < cb and text[ca] == " ":
        ca += 1
    while cb > ca and text[cb - 1] == " ":
        cb -= 1
    return ca, cb


def _name_column(values: list[str]) -> bool:
    """A column of names: each value name-shaped words, three in four of them holding a word the name lists know (the
    lists are large: a thing's word may be a surname somewhere), no word a schema, a status or a placeholder writes
    in capitals."""
    firsts, lasts, places = word_list("first_names"), word_list("last_names"), word_list("places")
    words_of = dictionary_words() | plain_words()
    known = 0
    for v in values:
        if not _NAME_CELL.fullmatch(v):
            return False
        words = [w.strip(".") for w in v.split()]
        if any(w.upper() in _NOT_A_NAME_IN_CAPS or w.upper() in _STATUS_WORDS or w.lower() in calendar_words()
               for w in words):
            return False  # (a schema's, a status's or a calendar's word: "NULL", "FAIL", "Mar")
        if all(w.title() in places for w in words) or is_product(v):
            return False  # a town's or a company's name ("Boston", "Dell EMC"): the surname lists hold many of them
        lower = [w.lower() for w in words if len(w) > 1]
        if lower and all(w in words_of and w.title() not in firsts for w in lower):
            return False  # a thing's words ("OAK COFFER", "TEA CADDY"): the surname lists hold some of them too
        if any(w.title() in firsts or w.title() in lasts for w in words if len(w) > 1 and w.lower() not in words_of):
            known += 1
        elif v.isupper() and any(w.title() in firsts for w in words if len(w) > 1):
            known += 1  # a given name that is a word too, as registers write it ("GRACE", "HOPE"; "True." is a word)
    return 4 * known >= 3 * len(values) and known >= 2


def _birth_column(values: list[str]) -> bool:
    """A column of dates of birth: each a date ten years back at least, distinct, not in order where five or more."""
    last_year = datetime.date.today().year - _MIN_AGE
    dates = []
    for v in values:
        m = _DATE.fullmatch(v)
        date = _year(m) if m is not None else None
        if date is None or not 1900 <= date[0] <= last_year:
            return False
        dates.append(date)
    ordered = dates in (sorted(dates), sorted(dates, reverse=True))
    years = [d[0] for d in dates]
    return (len(set(dates)) == len(dates) and not (ordered and len(dates) >= 5)
            and max(years) - min(years) >= _BIRTH_SPREAD)


# a line's first words up to a gap of two blanks: a form's label
_LEADING_LABEL = regex.compile(r"[ \t]*(\S+(?:[ ]\S+)*)")
_INITIAL = regex.compile(r"\p{Lu}\.(?:-?\p{Lu}\.)?")


def fixed_width(text: str, found: list[Span]) -> list[Span]:
    """The personal fields of ``text``'s fixed-width records (see the module's docstring)."""
    if text.count("\n") + text.count("\\n") < 2:
        return []
    lines = text_lines(text)
    layouts, layout_lines = _layouts(text)
    blocks = _blocks(text, lines, layout_lines)
    if not blocks:
        return []
    spans = sorted((s.start, s.end) for s in found)
    ends = _reach(spans)
    anchors = sorted(s.start for s in found if s.category in ANCHORS)
    out: list[Span] = []
    for before, rows in blocks:
        width = max(b - a for a, b in rows)
        layout = next((f for f in layouts if abs(min(f[-1][1], width) - width) <= 2 and f[-1][0] < width
                       and f[0][0] == 0), None)
        fields = layout if layout is not None else _header_names(text, lines[before] if before >= 0 else None,
                                                                 _fields(text, rows))
        out.extend(_block_spans(text, rows, fields, anchors, spans, ends))
    return out


def _block_spans(text: str, rows: list[tuple[int, int]], fields: list[Field], anchors: list[int],
                 spans: list[tuple[int, int]], ends: list[int]) -> list[Span]:
    """The spans of one block's fields. ``anchors``: the starts of the values other stages found that make a row a
    person's (:data:`.row_keys.ANCHORS`), sorted."""
    cells = [[_cell(text, row, s, e) for row in rows] for s, e, _ in fields]
    names = [norm_header(n) for _, _, n in fields]
    cats = {k: c for k, n in enumerate(names) if n and not thing_column(n) and (c := column_category(n))}
    if cats and 2 * sum((m := _LEADING_LABEL.match(text, a, b)) is not None and column_category(norm_header(m.group(1)))
                        is not None for a, b in rows) > len(rows):
        cats = {}  # a form's lines ("Date of Birth   04/10/1981", "Address   14 Elm Road"), its first line no header
        # ("Candidate   SIOBHAN WIERZBICKI"): each line's label names its own value
    checks: dict[int, tuple[str, Callable[[str], bool]]] = column_checks(names, cats) if cats else {}
    for k, col in enumerate(cells):
        if k in checks:
            continue
        values = [text[a:b] for a, b in col if b > a]
        if values and all(card(v) for v in values):
            checks[k] = ("card", card)  # a layout's glued card numbers (pan(16)), each with its Luhn digit
        elif (not names[k] and len(values) >= 2 and len(values) >= len(col) - 1 and _name_column(values)
              and 4 * sum(a - row[0] == fields[k][0] for (a, _), row in zip(col, rows, strict=True)) >= 3 * len(rows)):
            # (under no header: one that names no person's column names a codename's, a city's, a storm's; and
            # padded to the right, as records pad their fields: a name that starts anywhere is prose's)
            checks[k] = ("person", lambda v: _NAME_CELL.fullmatch(v) is not None)
    out: list[Span] = []
    for k, (cat, check) in checks.items():
        # a column of initials right before the names ("A. Ruiz", "W. Quispe"): the blank after each initial is a
        # gutter on every row, yet the initial is the name's
        initials = cells[k - 1] if cat == "person" and k > 0 and k - 1 not in checks else None
        for r, (a, b) in enumerate(cells[k]):
            if b > a and not _covered(spans, ends, a, b) and check(text[a:b]) and kept_by(text, a, b, _KEEPS) is None:
                if initials is not None and (ia := initials[r][0]) < (ib := initials[r][1]) and _INITIAL.fullmatch(
                        text[ia:ib]) and not text[ib:a].strip():
                    a = ia
                out.append(Span(a, b, cell_category(cat, text[a:b]), f"{NAME}:{cat}", 0.8))
    # a block of people: its dates of birth and its key column are theirs
    here = sorted([*anchors, *(s.start for s in out if s.category in ANCHORS)])
    if not all((i := bisect.bisect_left(here, a)) < len(here) and here[i] < b for a, b in rows):
        return out
    for k, col in enumerate(cells):
        if k in checks or names[k] and (thing_column(names[k]) or column_category(names[k]) not in (None, "account")):
            continue
        values = [text[a:b] for a, b in col]
        if not all(values):
            continue
        if not names[k] and _birth_column(values):
            out.extend(Span(a, b, "birth_date", f"{NAME}:birth_date", 0.8) for a, b in col
                       if not _covered(spans, ends, a, b))
        elif (key_name(names[k]) if names[k] else k > 0) and key_column(values):
            # (a header that names a record's reference, or no header over the rows' first field: the record's key)
            out.extend(Span(a, b, "account", f"{NAME}:key", 0.8) for a, b in col
                       if not _covered(spans, ends, a, b) and kept_by(text, a, b, _KEEPS) is None)
    return out


