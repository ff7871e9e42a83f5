"""The payer's or the payee's own number in a payment's remittance text (ISO 20022 ``<Ustrd>``; issue 23:
person-bound ids).

A SEPA direct debit (pain.008), a credit transfer (pain.001) or a statement's entry (camt.053/054) carries, in its
unstructured remittance information, the reference its creditor gives the person it collects from or pays: a
member's, a donor's, a patient's, a poll worker's number ("Dauerspende Kinderlicht SP-18419", "Orthodontic
instalment 18/24 Pat. 61575", "Dieta miembro de mesa E96239", a bare "D280543"). Where the transaction names its
person (a person's name was found inside the transaction's element: an account alone may be a firm's), the
remittance text's numbers are that person's, unless a word of what is paid for comes before them in the text (an
invoice's, an order's, a delivery note's, a loan's: "Rechnung 2025118", "Rechnungsnr. 91549", "Invoices 91570 /
91571"; numbers.toml [payment_things] and [document_numbers]) or a thing's letters lead them ("INV-4471"). No date,
month ("2026-10"), quarter ("Q1-2025"), instalment count ("4/24"), amount or year is a number of a person. Linear in
the text.
"""

from __future__ import annotations

import bisect
import functools

import regex

from ..spans import Intervals, Span
from .keep import NUMBER_KEEPS, kept_by
from .tables import lead_names_a_thing
from .validators import digits as digits_of, person_number
from .vocabulary import company_suffixes, word_set

NAME = "remittance"
# a transaction's element: a direct debit's, a credit transfer's, a statement entry's details
_TRANSACTION = regex.compile(r"<(?P<ns>[A-Za-z][\w.-]*:)?(?P<tag>DrctDbtTxInf|CdtTrfTxInf|TxDtls)\b[^>]{0,200}>")
_USTRD = regex.compile(r"<(?:[A-Za-z][\w.-]*:)?Ustrd>(?P<v>[^<]{1,140})</(?:[A-Za-z][\w.-]*:)?Ustrd>")
# a number in the text: an issuer's letters and four digits or more, or five digits (four where a letter or a
# "Pat."-like abbreviation leads it is the letters' case); not glued to a slash (an instalment's "4/24")
_NUMBER = regex.compile(r"(?<![\w/.-])(?P<n>(?:[A-Z]{1,4}-?)?\d[\d-]{2,18}\d)(?![\w/-]|[.,]\d)")
_LETTERS = regex.compile(r"\p{L}+")
_NEXT_WORD = regex.compile(r"[ \t]+(\p{L}+)")
_NAME = regex.compile(r"<(?:[A-Za-z][\w.-]*:)?Nm>(?P<v>[^<]{1,140})</(?:[A-Za-z][\w.-]*:)?Nm>")
_GLUED_MARK = regex.compile(r"(?:nr|nummer|no|num)$")
# (a person's name: every transaction has an account, a firm's too)
_ANCHORS = frozenset({"person"})
_DATEISH = regex.compile(r"(?:19|20)\d\d(?:-?[01]\d(?:-?[0-3]\d)?)?|\d{1,2}-\d{1,2}-\d{2,4}|[QH][1-4]-?(?:19|20)\d\d")


@functools.cache
def _payment_things() -> frozenset[str]:
    return word_set("numbers", "payment_things") | word_set("numbers", "document_numbers")


def _payment_word(word: str) -> bool:
    """A word of what is paid for, alone, in the plural or glued to its number's word ("Rechnungen", "Invoices",
    "Rechnungsnr", "ReNr", "Bestellnr")."""
    w = word.lower()
    things = _payment_things()
    forms = {w, _GLUED_MARK.sub("", w) if len(w) > 4 else w}
    forms |= {f[:-1] for f in forms if f.endswith(("s", "e", "i"))} | {f[:-2] for f in forms if f.endswith(("en", "es"))}
    # (a compound's last word: "Werkvertrag", "Sammelrechnung")
    return any(f in things for f in forms if f) or len(w) > 7 and any(w.endswith(t) for t in _long_things())


@functools.cache
def _long_things() -> tuple[str, ...]:
    return tuple(t for t in _payment_things() if len(t) >= 6 and t.isalpha())


def _person_named(text: str, start: int, end: int, persons: list[Span], starts: list[int]) -> bool:
    """Whether a name element (``<Nm>``) between ``start`` and ``end`` is a person's: a found person covers most of
    its letters and no firm's legal form stands in it ("Schreinerei Peter Müller e.K.", "Dr. Hans Becker
    Steuerberatungsgesellschaft mbH" are firms). ``persons`` sorted by start, ``starts`` their starts."""
    for nm in _NAME.finditer(text, start, end):
        n0, n1 = nm.span("v")
        lo = bisect.bisect_left(starts, n0)
        hi = bisect.bisect_left(starts, n1)
        inside = [p for p in persons[lo:hi] if p.end <= n1]
        if not inside:
            continue
        letters = sum(c.isalpha() for c in text[n0:n1])
        covered = sum(c.isalpha() for p in inside for c in text[p.start:p.end])
        words = {w.lower().strip(".,") for w in text[n0:n1].split()}
        if covered * 10 >= letters * 7 and not words & _legal_forms():
            return True
    return False


@functools.cache
def _legal_forms() -> frozenset[str]:
    return frozenset(w.lower().strip(".,") for w in company_suffixes()) | {"e.k", "ek", "mbh", "gbr", "ohg"}


def remittance_numbers(text: str, spans: list[Span]) -> list[Span]:
    """The numbers in the remittance texts of transactions whose person ``spans`` found."""
    if "Ustrd>" not in text:
        return []
    persons = sorted((s for s in spans if s.category in _ANCHORS), key=lambda p: p.start)
    anchors = [p.start for p in persons]
    if not anchors:
        return []
    taken = Intervals((s.start, s.end) for s in spans)
    out: list[Span] = []
    for t in _TRANSACTION.finditer(text):
        b0 = t.end()
        b1 = text.find(f"</{t.group('ns') or ''}{t.group('tag')}>", b0)
        if b1 < 0:
            continue
        i = bisect.bisect_left(anchors, b0)
        if i == len(anchors) or anchors[i] >= b1 or not _person_named(text, b0, b1, persons, anchors):
            continue  # no person in this transaction (a firm's, a utility's, a sole trader's)
        for u in _USTRD.finditer(text, b0, b1):
            u0 = u.start("v")
            for m in _NUMBER.finditer(u.group("v")):
                s, e = u0 + m.start("n"), u0 + m.end("n")
                value = text[s:e]
                digits = len(digits_of(value))
                if digits < 4 or taken.overlaps(s, e) or _DATEISH.fullmatch(value) or not person_number(value):
                    continue
                after = _NEXT_WORD.match(text, e, u.end("v"))
                if after is not None and _payment_word(after.group(1)):
                    continue  # "448812 Rechnung": the invoice's number, its word after it
                if (lead_names_a_thing(value) or _payment_word(regex.match(r"[A-Za-z]*", value).group())
                        or any(_payment_word(w) for w in _LETTERS.findall(text, u0, s))):
                    continue  # "Rechnung 2025118", "Rechnungsnr. 91549", "INV-4471", "Order 88123": a thing's number
                if kept_by(text, s, e, NUMBER_KEEPS) is None:
                    out.append(Span(s, e, "account", NAME, 0.75))
    return out
