"""A person's own numbers in the record that names them (issue 23: person-bound ids). A log line, a JSON object, an
XML element or a block of ``Label: value`` lines that holds a person's full name is that person's record; its fields
whose key says "the number of" something no thing is, or names what a person carries, hold the person's number:

- ``RUECKSTELLUNG spender=32809160 name="Birgit Zimmermann"``, ``repartidor="Hugo González" id_rider=R4735872``,
  ``door=Lager-2 badge=29F2332F user=schmidt.b name="Birgit Schmidt"``, ``Conducteur: AURÉLIE LEFÈVRE
  card=F210207763748300``;
- ``{"nom": "Camille Leroy", "coworker_id": 88836905}``, ``{"name": "Rocío Domínguez", "gas_safe_reg": "800463"}``;
- ``<Person><FullName>…</FullName><Course cert="1768473113"/></Person>``, ``<socio numero="458697"><nombre>…``;
- ``Fochino: Matteo Bianchi`` over ``Patentino n.: UWU/661281``; ``name = "Javier García"`` over ``dqc_number = …``.

A log line's login or e-mail anchors that line alone, and there only a key naming a person's role holds their
number (``session start user=lorenzo1986 member=108280609``; a licence, a tenant's or a cloud account's id beside a
login may be a purchase's or a program's).

An identity document's key ("doc", "passport", "ausweis": names.toml [document_contexts]) holds the person's
document number ("doc=PP Z3AU82TKZ"). Otherwise a key qualifies as a people table's column header does (:func:`.tables.open_number_column`: a number word or a card's,
a licence's, a certificate's word with a noun that is no thing's, numbers.toml), or as the holder's word alone
("spender", "badge", "card"); a bare "id" or "numero" only in an element named for a person ("<socio numero=…>"). The
value needs four digits or more (a letter prefix, a hex card UID), and is no date, time, amount, version or UUID.
"""

from __future__ import annotations

import bisect

import regex

from .._data import word_list
from ..spans import Intervals, Span
from .keep import kept_by
from .person_records import closing_brace, open_brace
from .tables import VEHICLE_COLUMNS, holder_columns, norm_header, open_number_column, vehicle_plate
from .vocabulary import vocab_cache, vocab_lru, word_set

NAME = "person-fields"
_KEEPS = ("is_templated", "is_placeholder_value", "is_documented_example")
_REACH = 2000  # how far a record may reach around its person's name
_BLOCK_LINES = 25
# a plate as a record prints it: letter and digit groups apart (GUL-5512, AB-123-CD, M AB 1234) or two letters, digits,
# two letters (GH512KL); a model's name (EQS450, F150XL, AMG-GT63) mixes letters and digits in one group
_RECORD_PLATE = regex.compile(r"\p{Lu}{1,3}[- ]\d{1,4}(?:[- ]\p{Lu}{1,3})?|\p{Lu}{1,3}[- ]\p{Lu}{1,2}[- ]\d{1,4}|\d{1,3}[- ]\p{Lu}{1,3}[- ]\d{1,4}|\p{Lu}{2}\d{3}\p{Lu}{2}")

# key=value, key="value" (a log line, an element's attributes)
# (a document's type code and a blank may lead the value: doc=PP Z3AU82TKZ)
_PAIR = regex.compile(r"""(?<![\w.-])(?P<k>[\p{L}_][\w.-]{0,40})=(?:"(?P<d>[^"\n]{1,80})"|'(?P<s>[^'\n]{1,80})'|(?P<v>(?:[A-Z]{1,3}[ ](?=[A-Z0-9]{6,12}(?![\w.-])))?[^\s"',;&|)\]}>]{1,80}))""")
# Label: value pairs on one line, apart by two blanks or more, a pipe or a semicolon (a form's or a report's line:
# "Name: Harry Crowley  GOC: 01-77498  OPL: OPL441964")
_COLON_PAIR = regex.compile(r"(?:(?<=^)|(?<=[ \t]{2})|(?<=[|;][ \t]?))(?P<k>\p{L}[\p{L}\w.'’°º#/-]{0,30}(?:[ ]\p{L}[\p{L}\w.]{0,15}){0,2}):"
                            r"[ \t]+(?P<v>[^\s|;]{1,40}(?:[ ][^\s|;:]{1,40}){0,3}?)(?=[ \t]{2,}|[ \t]*[|;]|[ \t]*$)", regex.M)
# "key": value (a JSON object's field)
_JSON = regex.compile(r"""["'](?P<k>[\p{L}_][\w. -]{0,40})["'][ \t]*:[ \t]*(?:"(?P<d>[^"\n]{1,80})"|(?P<v>-?\d[\w-]{0,40}))""")
# <Key>value</Key> (an XML leaf)
_LEAF = regex.compile(r"<(?P<k>[\p{L}_][\w.-]{0,40})(?:[ \t][^<>\n]*)?>(?P<v>[^<>\n]{1,80})</(?P=k)>")
# Label: value (a form, a TOML or INI section, a YAML mapping, a report's lines)
_LINE = regex.compile(r"""[ \t]*(?:-[ \t]+)?(?P<k>\p{L}[\p{L}\w .'’°º#/()-]{0,40}?)[ \t]*(?::|=|:=)[ \t]*["']?(?P<v>[^"'\n]{1,80}?)["']?[ \t]*,?[ \t]*$""")
_OPEN_TAG = regex.compile(r"<(?P<t>[\p{L}_][\w.-]{0,40})(?:[ \t\n][^<>]*)?(?<!/)>")

# (a register's prefix of up to two letter groups: INS-IY799334, FIDAL-6081700)
_NUMBER = regex.compile(r"(?=(?:[^\d\n]*\d){5}|[A-Za-z])(?=(?:[^\d\n]*\d){4})(?:[A-Za-z]{1,6}[-_ /]?){0,2}\d[\dA-Z]*(?:[-/ .]\d[\dA-Z]*){0,3}|(?:0x)?(?=[A-F]*\d)(?=\d*[A-F])[0-9A-F]{8,20}")
_NOT_A_NUMBER = regex.compile(
    r"\d+[.,]\d{1,2}|\d{1,4}[./-]\d{1,2}[./-]\d{1,4}(?:[ T].*)?|\d{1,2}[.:]\d{2}(?::\d{2})?|(?:19|20)\d\d|v?\d+(?:\.\d+){1,3}"
    r"|[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}|\+.*")


@vocab_cache
def _person_elements() -> frozenset[str]:
    """Element names of a person's record ("socio", "member", "Person"): a bare "numero" or "id" there is theirs."""
    return holder_columns() | word_set("handles", "person_records") | {"person", "persona", "personne", "cardholder",
                                                                        "holder", "titular", "titolare", "inhaber"}


@vocab_cache
def _bare_markers() -> frozenset[str]:
    return word_set("numbers", "open_markers") | {"id"}


@vocab_cache
def _document_keys() -> frozenset[str]:
    """Keys of an identity document (names.toml [document_contexts], as norm_header writes them): "doc", "passport",
    "id_card", "ausweis", "documento"."""
    return frozenset(norm_header(w) for w in word_set("names", "document_contexts"))


# an identity document's number, its type's code before it at most: "PP Z3AU82TKZ", "DL 8Y3DM2RCO", "X4092329P"
_DOCUMENT = regex.compile(r"(?:[A-Z]{1,3}[ :-])?(?=[A-Z0-9]{0,11}\d)(?=[A-Z0-9]{0,11}[A-Z])[A-Z0-9]{6,12}")


@vocab_cache
def _holder_nouns() -> frozenset[str]:
    """The people a key may name on a log line ([holders], [bare], [id_holders] of numbers.toml, one word each)."""
    words = [*word_set("numbers", "holders"), *word_set("numbers", "bare"), *word_set("numbers", "id_holders")]
    # (not the words software names its own records by: a tenant's, an account's, a subscription's id)
    return frozenset(norm_header(w) for w in words if " " not in w) - word_set("numbers", "thing_numbers") - _SOFTWARE_RECORDS


_SOFTWARE_RECORDS = frozenset({"tenant", "account", "subscription", "membership", "loyalty", "payroll", "utenza",
                               "konto", "compte", "cuenta", "conto"})


@vocab_lru(4096)
def numbering_key(key: str, person_element: bool = False, first: bool = False, closed: bool = False) -> bool:
    """A field's key that holds its record's person's number: "id_rider", "gas_safe_reg", "Patentino n.", "spender",
    "badge"; a bare number word too in an element named for a person (``person_element``). A "<noun>_id" key that
    is its record's ``first`` field is the record's own key, as a table's first column is. ``closed`` (a log line's
    key, where the line only mentions someone): the noun must name a person (id_rider, employee_no), not any noun
    that is no thing's (req_no, chunk_no, tenant_id)."""
    k = norm_header(key)
    carried = word_set("numbers", "credential_markers")
    if k in carried or k in holder_columns():
        return True  # "card", "badge", "spender": what the person carries, or the person's role
    if not k or k in word_set("numbers", "thing_numbers"):
        return False
    if open_number_column(k, ids=not first):
        if not closed:
            return True
        nouns = [p for p in k.split("_") if p and p not in _bare_markers() and p not in carried]
        return bool(nouns) and all(p in _holder_nouns() or p in carried for p in nouns) or any(
            p in carried for p in k.split("_"))
    return person_element and k in _bare_markers()


def _strong_key(key: str) -> bool:
    """A key that names the holder or what they carry outright ("badge", "employee_no"): its number may be short."""
    k = norm_header(key)
    return (k in word_set("numbers", "credential_markers") or k in holder_columns()
            or any(p in _holder_nouns() for p in k.split("_")))


def _holder_key(key: str) -> bool:
    """A key that names a person by their role ("member", "patient_no", "badge"): beside a login or an e-mail alone,
    only such a key's number is theirs (a "licencia" or a "cert" there may be a purchase's, a tenant's id a
    program's)."""
    parts = [p for p in norm_header(key).split("_") if p]
    carried = word_set("numbers", "credential_markers")
    # (at a door's reader the badge or the card is the person's own: badge=…, card_uid=…)
    return ((any(p in _holder_nouns() and p not in carried for p in parts) or any(p in ("badge", "card") for p in parts))
            and not any(p in _SOFTWARE_RECORDS for p in parts))


def _number(value: str, short: bool = False) -> bool:
    """A person's number: five digits or more, or four after a letter (four alone too with ``short``); no date, time,
    amount, version or UUID."""
    v = value.strip()
    if short and regex.fullmatch(r"\d{4}", v) and _NOT_A_NUMBER.fullmatch(v) is None:
        return True
    return len(v) <= 24 and _NUMBER.fullmatch(v) is not None and _NOT_A_NUMBER.fullmatch(v) is None


def _line_of(text: str, at: int) -> tuple[int, int]:
    s = text.rfind("\n", 0, at) + 1
    e = text.find("\n", at)
    return s, len(text) if e < 0 else e


def _indent(line: str) -> int:
    """A line's indentation, a YAML list item's dash counted as blanks ("- name: …" over "  licence: …")."""
    return len(line) - len(line.lstrip(" \t-"))


def _block(text: str, at: int) -> tuple[int, int] | None:
    """The run of ``Label: value`` lines, at one indentation, around the line at ``at``; None when that line is none."""
    s, e = _line_of(text, at)
    if _LINE.fullmatch(text, s, e) is None:
        return None
    indent = _indent(text[s:e])
    lo, hi = s, e
    # a YAML list's item is a record of its own: its dash opens it ("- name: …" over "  licence: …"), the next
    # dash opens the next one
    for _ in range(_BLOCK_LINES):  # up
        if lo == 0 or _item(text[lo:e]):
            break
        ps, pe = _line_of(text, lo - 1)
        if _LINE.fullmatch(text, ps, pe) is None or _indent(text[ps:pe]) != indent:
            break
        lo = ps
    for _ in range(_BLOCK_LINES):  # down
        if hi >= len(text):
            break
        ns, ne = _line_of(text, hi + 1)
        if _LINE.fullmatch(text, ns, ne) is None or _indent(text[ns:ne]) != indent or _item(text[ns:ne]):
            break
        hi = ne
    return lo, hi


def _item(line: str) -> bool:
    """A line that opens a YAML list's item ("  - name: …")."""
    return line.lstrip(" \t").startswith("- ")


def _json_object(text: str, s: int, e: int) -> tuple[int, int] | None:
    """The JSON object whose string value ``text[s:e]`` is (the innermost braces around it)."""
    if not (s > 0 and text[s - 1] in "\"'"):
        return None
    opened = open_brace(text, s)
    if opened is None:
        return None
    close = closing_brace(text, opened, _REACH * 2)
    return (opened, close + 1) if close is not None and close >= e else None


def _xml_parent(text: str, s: int, e: int) -> tuple[int, int, str] | None:
    """The element that holds the leaf or the attribute ``text[s:e]`` sits in: (start, end, name)."""
    lo = max(0, s - _REACH)
    tags = list(_OPEN_TAG.finditer(text, lo, s))
    for m in reversed(tags):
        t = m.group("t")
        close = text.find(f"</{t}>", m.end(), e + _REACH)
        if close < 0 or close < e:
            continue
        if text[m.end():s].strip() == "" and text[e:close].strip() == "":
            continue  # the leaf that is the name itself: <nombre>Sofía Rodríguez</nombre>
        return m.start(), close + len(t) + 3, t
    return None


def _groups(m: regex.Match[str]) -> tuple[int, int] | None:
    for g in ("d", "s", "v"):
        if g in m.re.groupindex and m.group(g) is not None:
            return m.span(g)
    return None


def _fields(text: str, a: int, b: int, kind: str) -> list[tuple[str, int, int, bool, bool]]:
    """(key, value start, value end, whether a bare number word counts, whether the field is a JSON or XML one) of a
    region's fields, in order."""
    out: list[tuple[str, int, int, bool, bool]] = []
    if kind == "line" or kind.startswith("xml:"):
        person_element = kind.startswith("xml:") and norm_header(kind[4:]).rsplit("_", 1)[-1] in _person_elements()
        out += [(m.group("k"), *g, person_element, False) for m in _PAIR.finditer(text, a, b) if (g := _groups(m)) is not None]
        out += [(m.group("k"), *m.span("v"), False, True) for m in _LEAF.finditer(text, a, b)]
    if kind in ("line", "json"):
        out += [(m.group("k"), *g, False, True) for m in _JSON.finditer(text, a, b) if (g := _groups(m)) is not None]
    if kind == "line" and len(pairs := list(_COLON_PAIR.finditer(text, a, b))) >= 2:
        out += [(m.group("k"), *m.span("v"), False, False) for m in pairs]
    if kind == "block":
        pos = a
        while pos <= b:
            s, e = _line_of(text, pos)
            if (m := _LINE.fullmatch(text, s, e)) is not None:
                out.append((m.group("k"), *m.span("v"), False, False))
            pos = e + 1
    return sorted(out, key=lambda f: f[1])


def _vouched_name(value: str) -> bool:
    parts = [w.strip(".,'\"()") for w in value.split()]
    if len(parts) < 2:
        return False
    first, last = word_list("first_names"), word_list("last_names")
    return any(p in first or p.capitalize() in first or p in last or p.capitalize() in last for p in parts)


def person_field_ids(text: str, spans: list[Span]) -> list[Span]:
    """The person-bound numbers of ``text``'s person records, given the spans found there (its persons)."""
    # a record is anchored by a full name with a first name or a surname the gazetteer knows (a product's name the
    # model took for a person's, "Maxforce Quantum", anchors none)
    persons = [s for s in spans if s.category == "person" and _vouched_name(text[s.start:s.end])]
    # a log line's login or e-mail names its person as well (``session start user=lorenzo1986 member=108280609``),
    # for that line alone: a login's line holds no object or form of theirs
    logins = [s for s in spans if s.category in ("username", "email")]
    if not (persons or logins) or not any(c.isdigit() for c in text):
        return []
    person_starts = sorted({s.start for s in persons})
    taken = Intervals((s.start, s.end) for s in spans)  # another stage's already
    out: dict[tuple[int, int], Span] = {}
    seen: set[tuple[int, int, str]] = set()
    braces = "{" in text

    named_lines = {_line_of(text, p.start) for p in persons}
    for p in [*persons, *logins]:
        regions: list[tuple[int, int, str]] = []
        ls, le = _line_of(text, p.start)
        by_login = p.category != "person" and (ls, le) not in named_lines
        if by_login and (ls, le, "line") in seen:
            continue
        regions.append((ls, le, "line"))
        if not by_login:
            if braces and (obj := _json_object(text, p.start, p.end)) is not None:
                regions.append((*obj, "json"))
            if "<" in text[max(0, p.start - _REACH):p.start] and (el := _xml_parent(text, p.start, p.end)) is not None:
                regions.append((el[0], el[1], "xml:" + el[2]))
            if (block := _block(text, p.start)) is not None:
                regions.append((*block, "block"))
        for a, b, kind in regions:
            if (a, b, kind) in seen:
                continue
            seen.add((a, b, kind))
            # a record is one person's: an object, an element or a block naming two or more is a list of them
            # (a line or a form may name two: a log's actor and subject, a form's client and clerk)
            if bisect.bisect_left(person_starts, b) - bisect.bisect_left(person_starts, a) > (2 if kind in ("line", "block") else 1):
                continue
            fields = _fields(text, a, b, kind)
            # an object's, an element's or a block's first field is its own key (a log line's first pair is not)
            keyed = kind != "line" or bool(fields and fields[0][4])
            for n, (key, va, vb, person_element, _) in enumerate(fields):
                while vb > va and text[vb - 1] in " \t.,;":
                    vb -= 1
                value = text[va:vb]
                numbered = (_number(value, short=_strong_key(key))
                            and numbering_key(key, person_element, first=keyed and n == 0, closed=kind == "line")
                            # (beside a login, only a person's own noun: a tenant's or a cloud account's id is not)
                            and not (by_login and not _holder_key(key)))
                # a person's identity document under its key: doc=PP Z3AU82TKZ beside name="…"
                documented = not numbered and _DOCUMENT.fullmatch(value) is not None and norm_header(key) in _document_keys()
                # a person's car in their record (a gate's log: holder="…" vehicle=GUL-5512): its plate, where a name
                # anchors the record (beside a login alone the vehicle may be a fleet's)
                documented = documented or (not by_login and norm_header(key) in VEHICLE_COLUMNS
                                            and vehicle_plate(value) and _RECORD_PLATE.fullmatch(value) is not None)
                if ((va, vb) not in out and (numbered or documented) and not taken.overlaps(va, vb)
                        and kept_by(text, va, vb, _KEEPS) is None):
                    out[(va, vb)] = Span(va, vb, "account", NAME, 0.75)
    return list(out.values())
