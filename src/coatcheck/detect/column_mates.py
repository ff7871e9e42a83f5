"""Values by their company: the other cells of a column, and the other values of a repeated key, that holds names,
logins or phone numbers another stage found.

A column holds one kind of value, whatever its header says or whether it has one: a Markdown report's ``Tech``
column (``Owen G.`` found, ``Priya O.`` beside it), a fixed-width round sheet with no header at all (``KOWALCZYK K.``
under names, ``07842776856`` under numbers the phone stage read), an HTML table's member column, a receiver log's
``op=`` field on every line, the ``"tech"`` key of each object of a JSON list. Once a third of a column's values
(a quarter for names, a fifth for phone numbers; one at least) are found to be of a kind (person, username or phone), its other values of that kind's shape
are that kind too: a name's words from the name lists, a login's shape (:func:`.logins_features.is_candidate`), a
number valid as a phone for the row's country. Columns: separated rows (bars, box rules, tabs, semicolons, commas),
rows whose cells are set apart by runs of blanks (by the column where a cell starts), HTML table rows, ``key=value``
fields and JSON string fields (by their key); a SQL dump's rows, one per line, as a CSV's. A JSON or key=value field
whose key names a person's name (``patient_nom="Lefebvre"``) or a person's role with a full name (``"shooter": "Wen
Castellanos"``) holds a person alone on its line too, where the name lists know the name. A value another stage covers
is left to it. One pass over the lines
and the fields: linear in the text.
"""

from __future__ import annotations

import bisect
import functools
from collections import defaultdict
from collections.abc import Callable, Hashable

import regex

from .._data import word_list
from ..spans import Span
from .keep import is_product_name, is_tool_token, kept_by
from .logins_features import is_candidate
from .tables import _lines, column_category, holder_columns, norm_header, thing_column
from .validators import person_login
from .vocabulary import dictionary_words, is_product, vocab_cache, word_set
from .row_cells import _DATE_START, _DEFAULT_REGIONS, _name_cell, _name_shape, _regions, _separator, valid_in

NAME = "column-mate"
CATEGORIES = ("person", "username", "phone")
_KEEPS = ("is_placeholder_value", "is_templated", "is_service_username", "is_fictional_person", "is_uuid",
          "is_version", "is_code_word")
# (a field's name alone on its line may be a documentation's example: a docstring's {"first": "John", "last": "Doe"})
_FIELD_KEEPS = (*_KEEPS, "is_documented_example")
_DOCTEST = regex.compile(r"[ \t]*(?:>>>|\.\.\.)[ \t]")
_DIVIDER = regex.compile(r"[\s|│┃─━═┼╪+:=.-]*")
_GAP = regex.compile(r"[ \t]{2,}")
_CSV_FIELD = regex.compile(r'"(?:[^"\n]|"")*"|\'(?:[^\'\n]|\\\')*\'|[^,\n]*')
_SQL_VALUES = regex.compile(r"(?i)[ \t]*INSERT[ \t]+INTO[ \t]+[^()\n]{1,120}?VALUES[ \t]*\(")
_SQL_TUPLE_END = regex.compile(r"\)[ \t]*[,;]?[ \t]*$")
_KEY_VALUE = regex.compile(r'(?<![\w.-])(?P<k>[A-Za-z_][\w.-]{0,30})=(?:"(?P<q>[^"\n]{1,80})"|(?P<v>[^\s"\',;&]{1,80}))')
_JSON_FIELD = regex.compile(r'"(?P<k>[\w.-]{1,40})"[ \t]*:[ \t]*"(?P<v>[^"\\\n]{1,80})"')
_HTML_ROW = regex.compile(r"<tr\b[^>]{0,200}>(?P<row>.{0,4000}?)</tr>", regex.S | regex.I)
_HTML_CELL = regex.compile(r"<td\b[^>]{0,200}>(?P<v>[^<]{0,200})</td>", regex.I)
_HTML_HEAD = regex.compile(r"<th\b[^>]{0,200}>(?P<v>[^<]{0,200})</th>", regex.I)
# a person's initial after or before a name's words: "Priya O.", "OSEI G.", "J. Smith"
_INITIAL = regex.compile(r"\p{Lu}\.")  # (with its full stop: "Jenkins X" is a program's name)
_NAME_CHARS = regex.compile(r"[\p{L}'’ .,-]{2,60}")
_MAX_CELLS = 20000
_HEADER_CELL = regex.compile(r"@?\p{L}[\p{L} _./#°º-]{0,40}")  # (Elastic's and GitHub's exports head with "@timestamp")
# how much of a column must be found of a kind: a quarter for names (the name lists check the rest), a fifth for phone
# numbers (each must be valid for the row's country), a third for logins (whose shape other values share)
_SHARE = {"person": 4, "username": 3, "phone": 5}
# a phone number as a column prints it: (646)882-0694, 07842776856, +34 620 023 154
_PHONE = regex.compile(r"\+?\(?\d[\d ()./-]{6,18}\d")

Key = tuple[Hashable, ...]  # a column's: (table, row kind, column), ("html", column), ("kv" or "json", key)
Cell = tuple[Key, int, int]
# a cell, and its row's place: 0 a row of values, 1 the table's first row (its header, if it has one), 2 a header a
# rule under it confirms
_Placed = tuple[Key, int, int, int]


def _trim(text: str, a: int, b: int) -> tuple[int, int]:
    while a < b and text[a] in " \t\"'":
        a += 1
    while b > a and text[b - 1] in " \t\"'":
        b -= 1
    return a, b


def _line_cells(text: str, table: int, a: int, line: str) -> list[Cell] | None:
    """A table row's cells keyed by (table, column): separated cells by their index, blank-aligned ones by the column
    they start at; None where the line is no row."""
    sep = _separator(line)
    parts: list[tuple[int, int]] = []
    if sep is not None:
        pos = 0
        for part in line.split(sep):
            parts.append((pos, pos + len(part)))
            pos += len(part) + 1
        # (a comma-separated row without quotes is the same table's as one with them: a CSV's header and its rows)
        key: Hashable = ("csv", len(parts)) if sep == "," else ("sep", sep, len(parts))
        return [((table, key, i), *_trim(text, a + s, a + e)) for i, (s, e) in enumerate(parts)]
    lead = len(line) - len(line.lstrip())
    if (values := _SQL_VALUES.match(line)) is not None:
        lead = values.end() - 1  # the dump's first row on its INSERT's line
    kind = "csv"
    if (line.count(",") >= 2 and line[lead:].startswith("(") and (tail := _SQL_TUPLE_END.search(line)) is not None):
        # a SQL dump's row, one per line: (4475,'Camila Kowalski','1977-04-03'), — its values are cells as a CSV's
        a, line, kind = a + lead + 1, line[lead + 1:tail.start()], "sql"
    if line.count(",") >= 2 and not line.lstrip().startswith(("{", "[", "(", "#", "//")):
        pos, n = 0, len(line)
        while pos <= n:
            m = _CSV_FIELD.match(line, pos)
            assert m is not None
            parts.append(m.span())
            pos = m.end() + 1
            if m.end() >= n or line[m.end()] != ",":
                break
        if pos <= n:
            return None  # a quote opened and not closed: prose with commas, not a row
        key = (kind, len(parts))
        return [((table, key, i), *_trim(text, a + s, a + e)) for i, (s, e) in enumerate(parts)]
    gaps = list(_GAP.finditer(line.rstrip()))
    if len(gaps) >= 2:
        starts = [0 if not line[:1].isspace() else gaps[0].end(), *(g.end() for g in gaps)]
        ends = [g.start() for g in gaps] + [len(line.rstrip())]
        if line[:1].isspace():
            starts, ends = starts[:-1], ends[1:]
        return [((table, "gap", s), a + s, a + e) for s, e in zip(starts, ends, strict=True) if e > s]
    return None


def _style(row: list[Cell]) -> tuple[Hashable, ...]:
    """How a row's cells are set apart: "csv" or "sql" fields, a separator's cells, blank-aligned cells (not how many)."""
    key = row[0][0]
    kind = key[1] if isinstance(key, tuple) else key
    return tuple(kind[:-1]) if isinstance(kind, tuple) else (kind,)


@functools.lru_cache(maxsize=2)
def _cells(text: str) -> tuple[_Placed, ...]:
    """Every cell of ``text`` with its column's key and its row's place (:data:`_Placed`); remembered for the last
    texts (the pipeline asks for a text's cells up to three times: the thing veto, the stage and its second pass)."""
    out: list[_Placed] = []
    table, rows, first = 0, 0, 0
    style: tuple[Hashable, ...] = ()
    for a, e in _lines(text):  # (rows may end in "\n" escapes too: a tool's output in a JSON string)
        line = text[a:e]
        if _DIVIDER.fullmatch(line) and line.strip():
            if rows == 1:  # the rule under a header: the header's words are no values of its columns
                out[first:] = [(key, a, b, 2) for key, a, b, _ in out[first:]]
            continue  # a rule between rows: the table goes on
        row = _line_cells(text, table, a, line)
        if row is None:
            if rows:
                table += 1
            rows = 0
            continue
        row_style = _style(row)
        if rows and row_style != style and row_style[0] == "sep":
            # a separated row under a row of another layout starts another table: psql's header under the query line
            # that printed it (``SELECT id, first_name, …`` reads as a CSV row), whose rule then marks the header;
            # (a blank-aligned table's row with commas in a cell, "dev,ops,oncall", is still that table's)
            table, rows = table + 1, 0
            row = _line_cells(text, table, a, line)
            assert row is not None
        style = row_style
        if not rows:
            first = len(out)
        out.extend((*cell, 1 if rows == 0 else 0) for cell in row)
        rows += 1
        if len(out) > _MAX_CELLS:
            return tuple(out)
    for i, m in enumerate(_HTML_ROW.finditer(text)):
        cells = list(_HTML_CELL.finditer(text, m.start("row"), m.end("row")))
        if not cells:  # a row of <th> heads its columns
            cells = list(_HTML_HEAD.finditer(text, m.start("row"), m.end("row")))
            out.extend((("html", j), *_trim(text, *c.span("v")), 1) for j, c in enumerate(cells))
            continue
        for j, c in enumerate(cells):
            out.append((("html", j), *_trim(text, *c.span("v")), 0))
        if i > _MAX_CELLS:
            break
    for m in _KEY_VALUE.finditer(text):
        g = "q" if m.group("q") is not None else "v"
        out.append((("kv", m.group("k").lower()), *m.span(g), 0))
    for m in _JSON_FIELD.finditer(text):
        out.append((("json", m.group("k").lower()), *m.span("v"), 0))
    return tuple(out)


def _person(value: str) -> bool:
    """Name words from the lists, with a person's initials beside them: ``Priya O.``, ``OSEI G.``, ``Haruto Zhou``."""
    if not _NAME_CHARS.fullmatch(value) or value[-1] == ",":
        return False
    words = [w for w in value.replace(",", " ").split() if not _INITIAL.fullmatch(w)]
    if not words or len(words) > 3 or all(len(w) < 2 for w in words):
        return False
    return _name_cell(" ".join(words))


def _person_key(key: Hashable) -> bool:
    """A JSON or key=value field whose key names a person's name (``full_name``, ``customer_name``), not a generic
    ``name``."""
    k = str(key[1]) if isinstance(key, tuple) and len(key) > 1 else ""
    k = norm_header(k)
    return column_category(k) == "person" and k not in word_set("names", "name_columns")


@vocab_cache
def _role_words() -> frozenset[str]:
    # (not a generic holder's or traveller's word: a lock's holder is a program, a card's its brand)
    return ((holder_columns() | word_set("column_words", "role_columns") | word_set("column_words", "person_roles"))
            - word_set("names", "name_columns"))


def _role_key(key: Hashable) -> bool:
    """A JSON or key=value field named for a person's role alone ("shooter", "rider", "guest", "agent")."""
    return isinstance(key, tuple) and len(key) > 1 and norm_header(str(key[1])) in _role_words()


def _keyed(key: Hashable) -> bool:
    """Whether a column's key is a JSON or key=value field's (not a table's column)."""
    return isinstance(key, tuple) and key[:1] in (("kv",), ("json",))


def _person_shape(value: str) -> bool:
    """Two capitalised words (or one and an initial) no list holds and no dictionary either: a name among names (``Mei
    McAllister``, ``Oluwaseun A.``, a register's ``Outeiriño, Xosé``; not ``Vacant``, ``Grafana Agent``, ``Ops
    Rotation``)."""
    if value.count(",") == 1 and regex.fullmatch(r"[^,]+, [^,]+", value):
        value = value.replace(",", "")  # surname first, then the given name
    tokens = value.split()
    words = [w for w in tokens if not _INITIAL.fullmatch(w)]
    return (len(tokens) >= 2 and bool(words) and _NAME_CHARS.fullmatch(value) is not None
            and _name_shape(" ".join(words)) and not any(w.lower() in dictionary_words() for w in words))


def _covered(spans: list[tuple[int, int, str]], starts: list[int], text: str, a: int, b: int) -> tuple[set[str], bool] | None:
    """The categories of the spans that touch ``text[a:b]`` and whether they cover every letter and digit of it;
    None where none touches it."""
    i = bisect.bisect_right(starts, b) - 1
    touching: list[tuple[int, int, str]] = []
    while i >= 0 and len(touching) < 8:
        s, e, c = spans[i]
        if e > a and s < b:
            touching.append((s, e, c))
        elif e <= a and s < a - 400:
            break
        i -= 1
    if not touching:
        return None
    cats = {c for _, _, c in touching}
    whole = all(any(s <= k < e for s, e, _ in touching) for k in range(a, b) if text[k].isalnum())
    return cats, whole


def thing_cells(text: str, named: Callable[[str], bool] | None = None) -> list[tuple[int, int]]:
    """The cells of ``text``'s tables under a header that names a thing (:func:`.tables.thing_column`: an article's
    number, a batch, an order): a login classifier's guess there is no one's login or number. With ``named``, the
    cells under the headers it accepts (as :func:`.tables.norm_header` writes them) alone."""
    if "\n" not in text and "\\n" not in text:
        return []
    cells = _cells(text)
    heads: dict[Key, str] = {key: text[a:b] for key, a, b, place in cells if place and not _keyed(key)}
    # a header row is words alone, every cell of it (a first row of values, a JSON prefix before it, is none)
    # (a table's column's key is (table, row kind, column))
    tables: dict[Hashable, bool] = {}
    for key, head in heads.items():
        tables[key[0]] = tables.get(key[0], True) and _HEADER_CELL.fullmatch(head) is not None
    things = {key for key, head in heads.items() if tables[key[0]] and (named or thing_column)(norm_header(head))}
    if named is None:
        # a JSON or key=value field named for a thing ("job_id", "order_ref", "booking"): its values are the thing's
        things |= {key for key, _, _, _ in cells if _keyed(key) and _thing_key(norm_header(str(key[1])))}
    return [(a, b) for key, a, b, place in cells if key in things and (not place or _keyed(key))]


_NUMBER_WORDS = frozenset({"id", "ref", "no", "nr", "num", "number", "code", "key", "uuid"})
# what a program numbers that is never a person's: a field named for one holds its number ("job_id", "order_ref");
# not an application's, a reference's or an account's, which a person's record keys by
_THING_KEYS = frozenset({"job", "order", "invoice", "ticket", "build", "run", "task", "batch", "shipment", "sku",
                         "product", "item", "transaction", "txn", "trace", "span", "request", "req", "event",
                         "incident", "issue", "commit", "deploy", "deployment", "release", "pipeline", "workflow",
                         "auftrag", "ordine", "commande", "pedido", "rechnung", "fattura", "facture", "factura"})


def _thing_key(name: str) -> bool:
    """A field named for a thing's number or the thing ("job_id", "order_ref", "auftrag"), not for a person of it
    ("ticket_assignee", "job_owner": the last word is the person)."""
    parts = [p for p in name.split("_") if p]
    if not parts:
        return False
    last = parts[-1]
    return last in _THING_KEYS or (last in _NUMBER_WORDS and len(parts) > 1 and parts[-2] in _THING_KEYS)


def column_mates(text: str, found: list[Span]) -> list[Span]:
    """The cells of ``text``'s columns and repeated keys that hold, beside values of ``found`` of a kind (person,
    username, phone) in a third of them at least, more values of that kind's shape."""
    mates = any(s.category in CATEGORIES for s in found)
    if not mates and "=" not in text and '":' not in text:
        return []
    cells = _cells(text)
    if not cells:
        return []
    spans = sorted((s.start, s.end, s.category) for s in found)
    starts = [s for s, _, _ in spans]
    out = _person_fields(text, cells, spans, starts)
    if not mates:
        return out
    by_slot: dict[Hashable, list[tuple[int, int, tuple[set[str], bool] | None, bool]]] = defaultdict(list)
    for key, a, b, place in cells:
        if place < 2 and b > a and any(c.isalnum() for c in text[a:b]):
            by_slot[key].append((a, b, _covered(spans, starts, text, a, b), place == 1))
    seen: set[tuple[int, int]] = {(s.start, s.end) for s in out}
    for slot_key, slot in by_slot.items():
        if not _keyed(slot_key) and len(slot) >= 3 and not any(cov for _, _, cov, _ in slot):
            if any(opens and norm_header(text[a:b]) in _MACHINE_HEADERS for a, b, _, opens in slot):
                continue  # hosts named for scientists (Dijkstra, Knuth): a machine's column
            for a, b in _listed_column(text, [(a, b) for a, b, _, opens in slot if not opens]):
                seen.add((a, b))
                out.append(Span(a, b, "person", f"{NAME}:listed", 0.75))
            continue
        if len(slot) < 2:
            continue
        votes = {c: sum(1 for _, _, cov, _ in slot if cov and cov[1] and c in cov[0]) for c in CATEGORIES}
        cat = max(CATEGORIES, key=lambda c: votes[c])
        if cat == "person" and _keyed(slot_key) and not _person_key(slot_key):
            continue  # {"name": …} names anything: a list of members holds programs and bots beside its people
        if votes[cat] == 0 or _SHARE[cat] * votes[cat] < len(slot):
            continue
        # two found values and half the column: its names need no list to vouch for them ("Mei McAllister")
        # (a key's values in JSON or key=value fields may name anything, "name" a program's as well: only names the
        # lists know spread there)
        strong = votes[cat] >= 2 and 2 * votes[cat] >= len(slot) and not _keyed(slot_key)
        check = _check(cat, strong)
        for a, b, cov, opens in slot:
            if (opens and (strong or cat == "username" and text[a:b].isalpha()) or (a, b) in seen
                    or cov is not None and (cov[1] or cat != "person" or cov[0] != {"person"})):
                # (a table's first row may be its header: "Customer" over the names is no name, "tech" over the
                # logins no login)
                continue  # a value another stage covers is its; a name the model cut short ("Ngozi" of "Ngozi N.") is whole here
            value = text[a:b]
            if cat == "person" and value.isupper() and column_category(norm_header(value)) == "person":
                continue  # a header under a comment line ("HOLDER", "NAME"): the column's name, no one's
            if check(value, text, a, b) and kept_by(text, a, b, _KEEPS) is None:
                seen.add((a, b))
                out.append(Span(a, b, cat, f"{NAME}:{cat}", 0.8))
    return out


_MACHINE_HEADERS = frozenset({"host", "hostname", "host_name", "server", "node", "machine", "vm", "instance", "cluster",
                              "device", "computer", "box", "nodo", "rechner", "serveur", "servidor"})
_ONE_NAME = regex.compile(r"\p{Lu}[\p{Ll}'’]+(?:-\p{Lu}[\p{Ll}'’]+)?")
_LISTED_SHARE = 0.6  # of a column's cells: names the lists know, for its other single words to be names too


def _plain(word: str) -> bool:
    """A word of a dictionary, of prose or of a product's name."""
    low = word.lower()
    return (low in dictionary_words() or word in word_list("common_words") or low in word_list("english_words")
            or is_product(word))


def _listed_column(text: str, cells: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """A column no other stage found anything in whose cells are single surnames (a timesheet's "Familie"): where most
    of them (three at least) are names the first- or last-name lists know and no word, two of them at least surnames
    only, each single capitalised word of it that is no word is a name too (Delacroix, Kılıç beside Nakamura,
    Brunner). A taxonomy's, a place's or a product's column has words, places or products; a storm's or a pet's names
    are given names."""
    values = [(a, b) for a, b in cells if _ONE_NAME.fullmatch(text, a, b)]
    if len(values) < 3 or len(values) < _LISTED_SHARE * len(cells) or len({text[a:b] for a, b in values}) < 2:
        return []
    listed = [1 for a, b in values if (text[a:b] in word_list("last_names") or text[a:b] in word_list("first_names"))
              and not _plain(text[a:b])]
    distinct = {text[a:b] for a, b in values}
    surnames = sum(1 for a, b in values if text[a:b] in word_list("last_names") and text[a:b] not in word_list("first_names"))
    if (len(listed) < 3 or len(listed) < _LISTED_SHARE * len(cells) or surnames < 2
            or 2 * sum(1 for v in distinct if v in word_list("places")) > len(distinct)):
        return []  # (a column of towns: Berlin, Florence, Lincoln are surnames too)
    return [(a, b) for a, b in values if not _plain(text[a:b]) and kept_by(text, a, b, _KEEPS) is None]


def _person_fields(text: str, cells: tuple[_Placed, ...], spans: list[tuple[int, int, str]],
                   starts: list[int]) -> list[Span]:
    """The values of JSON and key=value fields whose key names a person's name (``patient_nom="Patel"``,
    ``"guest_surname": "Okafor"``; not a generic ``name``) that the name lists know, alone on their line as well."""
    out: list[Span] = []
    for key, a, b, _ in cells:
        if not _keyed(key) or b <= a or _covered(spans, starts, text, a, b) is not None:
            continue
        value = text[a:b]
        # (or a key naming the person's role, "shooter", "rider", "guest", with a full name: two words or more)
        if not (_person_key(key) or len(value.split()) >= 2 and _role_key(key)):
            continue
        line = text.rfind("\n", 0, a) + 1
        if _DOCTEST.match(text, line):
            continue  # a docstring's example: {"first": "John", "last": "Doe"} after >>> or ...
        if (_person(value) and not is_product_name(text, a, b) and not is_tool_token(text, a, b)
                and kept_by(text, a, b, _FIELD_KEEPS) is None):
            out.append(Span(a, b, "person", f"{NAME}:person-field", 0.8))
    return out


def _check(cat: str, strong: bool = False) -> Callable[[str, str, int, int], bool]:
    if cat == "person":
        return lambda v, t, a, b: ((_person(v) or strong and _person_shape(v)) and not is_product_name(t, a, b)
                                   and not is_tool_token(t, a, b))
    if cat == "username":
        # (a login has small letters: W-STD-METERED, CC-0918-24 are a tariff's and a contract's codes)
        # (and a person's: "tf-apply", "ci-deploy" are a pipeline's accounts)
        return lambda v, t, a, b: (is_candidate(v) and any(c.islower() for c in v) and person_login(v)
                                   and not is_tool_token(t, a, b))

    def phone(v: str, t: str, a: int, b: int) -> bool:
        if not _PHONE.fullmatch(v) or not 9 <= sum(c.isdigit() for c in v) <= 15 or _DATE_START.match(v):
            return False
        ls, le = t.rfind("\n", 0, a) + 1, t.find("\n", b)
        # the row's country first (its e-mail's domain, a calling code), then the usual ones: the column says phone
        return valid_in(v, dict.fromkeys((*_regions(t[ls:le if le >= 0 else len(t)]), *_DEFAULT_REGIONS)))
    return phone
