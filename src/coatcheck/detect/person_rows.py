"""Person-bound numbers by the letters before them and the row they sit in (data/vocab/numbers.toml
[id_prefixes]): an id whose prefix spells its holder (``EMP-4471``, ``MRN-2048556``, ``CUST0098123``) is a person's
number wherever it stands; one behind a single letter (``E92558``, ``C-55489``, ``L-792127``) is one on a line that
names or reaches a person (a name, an e-mail, a phone, an address, an IBAN, a national id, a login found there):
an HR form's "Employee: Baptiste Moreau (ID E92558)", an ORM's row ``('E-83442', 'Tobias', 'Böhm', …)``."""

from __future__ import annotations

import bisect
import functools

import regex

from ..spans import Span
from .tables import column_name, thing_column
from .vocabulary import vocabulary_words

NAME = "person-rows"
# what makes a line a person's row
PERSON_CATEGORIES = frozenset({"person", "email", "phone", "address", "iban", "national_id", "username"})
_ID_LABEL = regex.compile(r"(?i)\b(?:id|nr|no|num|number|n°|nº|#)\.?:?[ \t]*$")
_ID = regex.compile(r"(?<![\w./#:-])(?P<p>[A-Z]{1,8})(?P<sep>[-_]?)(?P<n>\d{4,12})(?![\w-]|\.\d)")


# a platform's typed key (numbers.toml [typed_id_prefixes]): the holder's abbreviation, an underscore, then a random
# run of letters and digits mixed (two of each at least; not a word then a number, "settings2024")
_TYPED = regex.compile(r"(?<![\w.#:@-])(?P<p>[a-z]{2,12})_(?![a-z]+\d+(?![\w-]))"
                       r"(?=[A-Za-z0-9]*\d[A-Za-z0-9]*\d)(?=[A-Za-z0-9]*[A-Za-z][A-Za-z0-9]*[A-Za-z])[A-Za-z0-9]{10,32}(?![\w-])")


@functools.cache
def _typed_prefixes() -> frozenset[str]:
    return frozenset(vocabulary_words("numbers", "typed_id_prefixes"))


@functools.cache
def _prefixes() -> tuple[frozenset[str], frozenset[str]]:
    return (frozenset(vocabulary_words("numbers", "id_prefixes")),
            frozenset(vocabulary_words("numbers", "id_prefix_letters")))


def person_row_ids(text: str, spans: list[Span]) -> list[Span]:
    """The prefixed person-bound ids of ``text``, given the spans found there (the rows they mark as a person's)."""
    if not any(c.isdigit() for c in text):
        return []
    out: list[Span] = []
    if "_" in text:
        typed = _typed_prefixes()
        out += [Span(m.start(), m.end(), "account", f"{NAME}:typed", 0.8) for m in _TYPED.finditer(text) if m["p"] in typed]
    spelled, letters = _prefixes()
    rows: list[int] | None = None  # starts of the person spans, sorted (built on the first one-letter id)
    for m in _ID.finditer(text):
        prefix, digits = m.group("p"), m.group("n")
        if m.group("sep") == "_":
            continue  # MEM_4096, SUB_1000: a constant's name
        if prefix in spelled:
            out.append(Span(m.start(), m.end(), "account", NAME, 0.8))
            continue
        if prefix not in letters or len(digits) < 5:
            continue
        if not m.group("sep") and _ID_LABEL.search(text, max(0, m.start() - 12), m.start()) is None:
            continue  # E11000 duplicate key error: a code; "ID E92558", "E-83442" are ids
        if rows is None:
            rows = sorted(s.start for s in spans if s.category in PERSON_CATEGORIES)
        if (head := column_name(text, m.start())) is not None and thing_column(head):
            continue  # a CRM's "ID lead", a dealer's "N° prospect" column: the record's number, not the person's
        if _on_a_row(text, rows, m.start(), m.end()):
            out.append(Span(m.start(), m.end(), "account", NAME, 0.75))
    for s in spans:
        if s.category == "email":  # "customer k.boateng@fastmail.com (09428018)": the address's owner's number
            if (n := _NUMBER_AFTER_NAME.match(text, s.end)) is not None:
                out.append(Span(n.start("n"), n.end("n"), "account", NAME, 0.75))
            continue
        if s.category != "person":
            continue
        if (n := _NUMBER_AFTER_NAME.match(text, s.end)) is not None:
            out.append(Span(n.start("n"), n.end("n"), "account", NAME, 0.75))
        elif ((n := _LABELLED_AFTER_NAME.match(text, s.end)) is not None
              and n["label"].split()[-1].lower().rstrip(".:") not in _NOT_A_HOLDERS_LABEL):
            out.append(Span(n.start("n"), n.end("n"), "account", NAME, 0.75))
        elif (n := _PHONE_AFTER_NAME.match(text, s.end)) is not None:
            out.append(Span(n.start("n"), n.end("n"), "phone", NAME, 0.75))
    return out


# a person's own number in brackets right after their name, as remote-support tools, directories and HR notices print it:
# "Anja Lindemann (255876107)", "Matteo Rinaldi (ID [454386783,-466956355])"; not a year, a count or a version
# (an HR tool's employee number with its staff prefix too: "Xabier Olmedo (EMP-99406)"; a count's "(12500)", a
# flight's "(LH4012)", a room's "(B1204)", a pull request's "(#12345)" and an issue key's "(PROJ-1234)" stay)
_NUMBER_AFTER_NAME = regex.compile(r"[ \t]?\((?:ID[ \t:]*\[?|#[ \t]?)?(?P<n>\d{6,12}|(?:EMP|EMPL|PERS|STAFF|MATR|PNR)-?\d{4,10})(?=[,)\]])")
# a person's licence, badge or registration number after their name, its label first: "Emre Yılmaz (licenza
# 6501972736158890)", "Alfie Whitfield (ADI 063269)", "M. Tran (badge CEO4988)", "Sergio Ruiz (formwork) badge
# W481468", "Margaux Dubois (vet reg. RCVS 2074884)": one to three words, then five digits or more, letters before
_LABELLED_AFTER_NAME = regex.compile(
    r"[ \t]{0,3}(?:\([^()\n]{1,30}\)[ \t]+)?\(?(?P<label>(?:\p{L}[\p{L}.'’-]{0,15}[ \t]){1,3})"
    r"(?P<n>(?=(?:[A-Z./ -]{0,8}\d){5}|[A-Z]{2,6}\d{4}(?!\w))[A-Z]{0,6}[ ./-]?\d[\dA-Z]*(?:[ /.-]\d+){0,3}(?:/[A-Z]{1,4})?)"
    r"(?=[,;)\]]|[ \t]*(?:\r?\n|$))")
# words before a number that make it no person's: a version, a process, a port, a change, a phone, an age
_NOT_A_HOLDERS_LABEL = frozenset({"v", "ver", "version", "rev", "revision", "pid", "port", "pr", "issue", "commit",
                                  "build", "release", "since", "until", "from", "to", "at", "on", "in", "tel",
                                  "phone", "mobile", "fax", "ext", "age", "aged", "born", "est", "and", "or", "of",
                                  "the", "ticket", "order", "invoice", "case", "job", "run", "step", "line", "page",
                                  "room", "seat", "table", "flight", "train", "bus", "route", "code", "pin"})
# a person's phone in brackets right after their name ("Kunde Ulrike Hoffmann (+49 154 7871707) hat angerufen"):
# an international number whatever its area code
_PHONE_AFTER_NAME = regex.compile(r"[ \t]?\((?:tel\.?[ \t:]*|phone[ \t:]*|mobile[ \t:]*)?(?P<n>\+\d{1,3}(?:[ .-]?\(?\d{1,5}\)?){2,5})(?=[,)])", regex.I)


def _on_a_row(text: str, rows: list[int], start: int, end: int) -> bool:
    """One of ``rows`` (sorted starts of the spans that mark a line as a person's) stands on the line of
    ``text[start:end]``."""
    if not rows:
        return False
    ls = text.rfind("\n", 0, start) + 1
    le = text.find("\n", end)
    le = len(text) if le < 0 else le
    k = bisect.bisect_left(rows, ls)
    return k < len(rows) and rows[k] < le


# whose a line is: the categories that name a person there (an address of theirs makes it a row of records, not a
# machine's line)
_MACHINE_OWNERS = frozenset({"person", "email", "username"})


def person_machines(text: str, private: list[Span], spans: list[Span]) -> list[Span]:
    """The private addresses of ``private`` that stand on a line where ``spans`` (the detections the policy kept)
    found a person's login, e-mail or name: that person's machine (``smbstatus``'s client column, a print log's
    host, an audit line's ``addr=``, "my laptop has 192.168.1.20"), as a person's data."""
    rows = sorted(s.start for s in spans if s.category in _MACHINE_OWNERS)
    return [Span(s.start, s.end, "ip", f"{NAME}:machine", s.score) for s in private if _on_a_row(text, rows, s.start, s.end)]
