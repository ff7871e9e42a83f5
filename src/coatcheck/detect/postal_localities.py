"""A postal code and its town written as one field's whole value of a person's record: ``"location": "50674 Köln"``
beside a contact's name, ``<TwnNm>80331 München</TwnNm>`` under a debtor's street, a register's ``| 59000 Lille |``
cell in a client's row, ``Comune di residenza ..... 90138 Palermo PA``.

Alone, a town is no one's address (a weather query's, a branch's); with the postal code of a street's block it
is the part of a person's address a record keeps in one field, and the continent writes it so (five digits, or
four where the town is one the place list knows: Austria's, Switzerland's, Belgium's). A person's detail (a name, a
contact, a street, an IBAN, a document's number) stands on its line or near it; a branch's locality alone stays. The value
must fill its field: a quote, a tag, a table's bar or tab, a label's colon or dotted leader before it, the same or the line's
end or a wide gap after it; not a sentence's number ("20000 Requests served").
"""

from __future__ import annotations

import bisect

import regex

from .._data import word_list
from ..spans import Span
from .row_keys import PERSON_DETAILS
from .vocabulary import dictionary_words, is_product, plain_words

POSTAL_LOCALITY = "postal-locality"

# (a town: one to three words, capitalised or in capitals, its linking words, its province after it: "(MI)", " TO")
_LINK = r"(?:de|del|della|di|la|le|les|am|an|der|im|sur|sous|en|y|i|d'|l'|DE|DEL|DELLA|DI|LA|LE|LES|AM|AN|DER|IM|SUR|EN)"
_WORD = r"\p{Lu}(?:[\p{L}\p{M}'’.-]*[\p{L}\p{M}])?"  # (a sentence's full stop after the town is no part of it)
_VALUE = regex.compile(
    rf"(?P<code>(?:[A-Z]{{1,2}}-)?\d{{4,5}})[ ]+(?P<town>{_WORD}(?:[ -](?:{_LINK}[ ])?{_WORD}){{0,3}})"
    rf"(?:[ ]\([A-Z]{{2}}\)|[ ][A-Z]{{2}}|[ ]\(\p{{Lu}}\p{{L}}+\))?")
# what comes before a field's whole value, up to the value: a record's delimiter (a quote, a tag, a bar, a tab, a
# semicolon, a comma, an equals sign), or a line's start, a label's colon or its dotted leader (blanks after them)
_CELL_BEFORE = regex.compile(r"[\"'>|\t;,=][ ]*\Z")
_LINE_BEFORE = regex.compile(r"(?:\A|\\n|:|\.{2,})[ ]*\Z")
# what comes after it: a line's end, a quote, a tag, a bar, a tab, a semicolon, two blanks or more
_AFTER = regex.compile(r"[ ]*(?:$|[\"'<|\t;]|[ ]{1,}(?=[ ]))|(?=\\n)", regex.M)
_YEAR = regex.compile(r"(?:19|20)\d\d")
# a size's, a rate's or a frequency's unit after a number is no town ("| 16384 MiB |", "48000 Hz")
_UNITS = frozenset({"kib", "mib", "gib", "tib", "kbps", "mbps", "gbps", "khz", "mhz", "ghz", "rpm", "bytes", "bps",
                    "kbit", "mbit", "gbit", "msec", "usec", "nsec", "secs", "mins", "hrs", "pts", "eur", "usd", "gbp",
                    "chf"})


def _town(town: str, code: str, cell: bool) -> bool:
    """A town's words: the first one a place the list knows, or (after five digits, in a record's cell) words that are
    not all the dictionary's, prose's or code's, no product's name, no CamelCase or capitals' name (an error's
    ``23505 UniqueViolation``, ``10061 WSAECONNREFUSED``); a line's own value (a process list's ``12345 Xwayland``)
    must be a known place."""
    words = regex.findall(r"\p{L}[\p{L}\p{M}'’.-]*", town)
    if not words or len(words[0]) < 3 or is_product(words[0]) or words[0].lower() in _UNITS:
        return False
    if words[0].lower() in word_list("places_lower"):
        return True
    digits = code.rsplit("-", 1)[-1]
    if not cell or len(digits) != 5 or any(_ODD_CASE.search(w) for w in words):
        return False
    return not all(w.lower() in dictionary_words() or w.lower() in plain_words() for w in words)


# a capital after a small letter (UniqueViolation, iPhone) or a word in capitals (ECONNREFUSED): no unknown town's
_ODD_CASE = regex.compile(r"\p{Ll}\p{Lu}|^\p{Lu}{2,}$")


_NEAR = 300  # how far (no blank line between) a person's detail may stand from the locality


def postal_localities(text: str, spans: list[Span]) -> list[Span]:
    """The postal localities filling a field (see the module's docstring) of a person's record: a person's detail
    among ``spans`` on the same line or near it with no blank line between. A branch's ``<City>10115 Berlin</City>``
    with no one's name beside it stays."""
    anchors = sorted(s.start for s in spans if s.category in PERSON_DETAILS)
    if not anchors:
        return []
    out: list[Span] = []
    for s in _candidates(text):
        lo, hi = max(0, s.start - _NEAR), min(len(text), s.end + _NEAR)
        gap = text.rfind("\n\n", lo, s.start)
        lo = gap + 2 if gap >= 0 else lo
        gap = text.find("\n\n", s.end, hi)
        hi = gap if gap >= 0 else hi
        k = bisect.bisect_left(anchors, lo)
        if k < len(anchors) and anchors[k] < hi:
            out.append(s)
    return out


def _candidates(text: str) -> list[Span]:
    """Every postal locality filling a field, whoever's record it is."""
    out: list[Span] = []
    for m in _VALUE.finditer(text):
        start, end = m.span()
        code = m.group("code")
        escaped_line = text[max(0, start - 2):start] == "\\n"  # a JSON string's escaped line break
        if start > 0 and (text[start - 1].isalnum() and not escaped_line or text[start - 1] in "-+./_"):
            continue  # inside a number, a version or a path
        if start > 1 and text[start - 1] == ":" and not text[start - 2].isspace() and text[start - 2] not in "\"'":
            continue  # a host's port: 127.0.0.1:31337 Quokka
        if len(code) == 4 and _YEAR.fullmatch(code):
            continue  # "2024 Paris": a year, an edition
        line = text.rfind("\n", 0, start) + 1
        cell = _CELL_BEFORE.search(text, max(line, start - 40), start) is not None
        if not cell and _LINE_BEFORE.search(text, max(line, start - 40), start) is None:
            continue
        if _AFTER.match(text, end) is None or not _town(m.group("town"), code, cell):
            continue
        out.append(Span(start, end, "address", POSTAL_LOCALITY, 0.8))
    return out
