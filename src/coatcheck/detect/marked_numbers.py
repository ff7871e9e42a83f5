"""A person's number after a number's word beside the register that issued it, or given as someone's (issue 23:
context beats format).

A letter, a vCard's note, a ticket or a register's page gives a person's number after "Nr.", "n°", "n.º", "number",
"numéro", "Nummer" and the register, chamber, board or college that numbers people who practise: "Kammer-Nr.
482664", "iscritta all'Albo dei Medici Chirurghi al n. 11189", "su número de colegiado será el 50431", "votre numéro
d'inscription au tableau sera le P7682" (numbers.toml [register_words]); or after a possessive that makes it
someone's: "Meine Registernummer ist PF-180711", "Mon numéro ordinal est le 484518520" ([person_possessives]). The
issuers are too many to list one by one, so the slot names the kind: a register's, or the person's own. The words
around the number's word must not name a thing's, a document's, a firm's or a program's number
([thing_numbers], [document_numbers], [org_numbers], [own_not_a_person]: "your order no.", "Registered charity no.",
"Vereinsregister-Nr.", "loi n° 2004-575"), and a person's value found near it (a name, an e-mail, a phone, an
address, a login, a birth date, a document number: within :data:`_REACH` characters) anchors it.

The value: three digits or more with an issuer's letters before them, or four digits or more, and letters, hyphens,
slashes and dots between them; no date, year alone, time, amount, version or placeholder. Linear in the text.
"""

from __future__ import annotations

import bisect
import functools

import regex

from ..spans import Intervals, Span
from .keep import NUMBER_KEEPS, kept_by
from .tables import thing_numbers
from .validators import person_number
from .vocabulary import word_set

NAME = "marked-numbers"
_REACH = 600
# the values a person-bound number stands near
_ANCHORS = frozenset({"person", "email", "phone", "address", "username", "birth_date", "national_id", "iban",
                      "account", "passport"})
# the number's word on its own ("n.", "Nr", "n°", "n.º", "número"), or closing a German compound ("Kammer-Nr.",
# "Registernummer", "Identifikationsnr."): found first, then read around (a pattern that tried the words before it at
# every word of a text would cost half the pipeline's budget)
_MARKER = regex.compile(r"(?i)n\.º|n\.°|nº|n°|no\.|nr\.?|n\.|núm\.|num\.|number|numéro|numero|número|nummer")
_STANDALONE = frozenset({"n.º", "n.°", "nº", "n°", "no.", "nr", "nr.", "n.", "núm.", "num.", "number", "numéro", "numero",
                         "número", "nummer"})
_GLUED = frozenset({"nummer", "nr", "nr."})
_STEM = regex.compile(r"(\p{L}{3,40})-?$")
_LEAD_WORDS = regex.compile(r"(?:[^\W\d_][\w'’/.,]*[^\S\n]+){0,10}$")
# a professional order named as such ("l'Ordine degli Ingegneri", "l'Ordre des médecins"): a register, where
# "numéro d'ordre" alone is a sequence's number
_ORDER_OF = regex.compile(r"(?i)\b(?:ordine|ordre)[^\S\n]+(?:dei|degli|delle|des|du|de[^\S\n]+la)\b")
# a court register's letters before a firm's, an association's or a partnership's number (Handelsregister HRA/HRB,
# Vereinsregister VR, Partnerschaftsregister PR, Genossenschaftsregister GnR)
_FIRM_REGISTERS = regex.compile(r"(?:HRA|HRB|VR|PR|GnR|GsR)[ ]?\d")
# a language that names the holder after the number's word ("numéro d'inscription au tableau", "número de
# colegiado", "numero di iscrizione all'Albo"): a join, then up to four words
_JOINED = r"(?:[^\S\n]+(?:de|del|de la|di|della|dell['’]|d['’]|du|des|au|à|al|all['’]|alla|of|the|el|la|le|il|of the)(?:[^\S\n]+|(?<=['’])))"
_WORD = r"[^\W\d_][\w'’/]*"
# (each word after a blank or a join: words never split a longer word, which would make the pattern's cost grow with
# the word's length to the fourth power)
_AFTER = rf"(?P<after>(?:(?:{_JOINED}|[^\S\n]+){_WORD}){{1,4}}?)"
_LINK = r"(?:is|was|will be|ist|lautet|war|wird|est|était|sera|è|era|sarà|es|será|:)"
_ARTICLE = r"(?:le|la|el|il|the|der|die|das|lo)"
# the value: an issuer's letters and three digits, or four digits; letters, hyphens, slashes and dots inside
_VALUE = (r"(?P<value>(?=(?:[A-Za-z]{1,4}[-/ ]?)?(?:[\w/.-]*\d){3})(?=[A-Za-z]{1,4}|(?:[\w/.-]*\d){4})"
          r"(?:(?-i:[A-Z]{1,4})[ ](?=\d))?[A-Za-z0-9](?:[A-Za-z0-9]|[-/.](?=[A-Za-z0-9])){2,23})(?![\w-]|[.,/]\d|[ ]\d)")
# what follows the number's word: the holder's words and a link ("numéro d'inscription au tableau sera le …"), or the
# value right after the word ("Kammer-Nr. 482664", "al n. 11189"), an optional link and article before it
_TAIL = regex.compile(rf"(?i)(?:{_AFTER},?[^\S\n]+{_LINK}|[^\S\n]*(?P<plain>{_LINK})?)(?:[^\S\n]+{_ARTICLE})?"
                      rf"[^\S\n]*[\"'«“]?{_VALUE}")
_SPLIT = regex.compile(r"[\s'’/-]+|(?<=\.)")
_AMOUNT = regex.compile(r"\d{1,3}(?:[.,]\d{3})+(?:[.,]\d{1,2})?|\d+[.,]\d{1,2}")
_YEAR = regex.compile(r"(?:19|20)\d\d")


@functools.cache
def _vetoes() -> frozenset[str]:
    """The words that make a number a thing's, a document's, a firm's or a program's."""
    return ((thing_numbers() | word_set("numbers", "own_not_a_person") | word_set("numbers", "org_numbers")
             | word_set("numbers", "document_numbers")) - {"license", "licence", "tax", "steuer"} - _registers())


@functools.cache
def _registers() -> frozenset[str]:
    return word_set("numbers", "register_words")


def _names_register(word: str) -> bool:
    """A register's word, alone or closing a German compound ("Ärztekammer", "Ingenieurkammer")."""
    w = word.lower().strip(".:,;'’")
    # (not a word that only starts with one: "Registered number 09123455" is a company's)
    return w in _registers() or len(w) > 6 and any(len(r) >= 5 and w.endswith(r) for r in _registers())


def thing_word(word: str) -> bool:
    """A word that names a thing's number: listed, singular or plural, or a compound of eight letters or more ending
    in one of five letters or more ("Kundenbestell", "Fahrzeugserien")."""
    w = word.lower().strip(".:,;'’")
    if not w:
        return False
    vetoes = _vetoes()
    if w in vetoes or w.rstrip("s") in vetoes or w.endswith("es") and w[:-2] in vetoes:
        return True
    return len(w) > 7 and any(w.endswith(v) for v in _long_vetoes())


@functools.cache
def _long_vetoes() -> tuple[str, ...]:
    return tuple(v for v in _vetoes() if len(v) >= 5 and v.isalpha())


def _words(*parts: str | None) -> list[str]:
    return [w for p in parts if p for w in _SPLIT.split(p) if w and w[0].isalpha()]


def _value_ok(text: str, s: int, e: int) -> bool:
    value = text[s:e]
    if _AMOUNT.fullmatch(value) or _YEAR.fullmatch(value) or not person_number(value):
        return False
    if regex.fullmatch(r"\d{1,2}[.:]\d\d(?:[.:]\d\d)?", value):
        return False  # a time
    return kept_by(text, s, e, NUMBER_KEEPS) is None


def marked_numbers(text: str, spans: list[Span]) -> list[Span]:
    """The numbers after a number's word that name no thing, near a person's value among ``spans``."""
    anchors = sorted(s.start for s in spans if s.category in _ANCHORS)
    if not anchors or not any(c.isdigit() for c in text):
        return []
    taken = Intervals((s.start, s.end) for s in spans)
    out: list[Span] = []
    for k in _MARKER.finditer(text):
        ms, me = k.span()
        if me < len(text) and (text[me].isalnum() or text[me] in "-_"):
            continue  # inside a longer word ("numbers", "Nummernschild")
        word = k.group().lower()
        stem = None
        if ms > 0 and (text[ms - 1].isalnum() or text[ms - 1] == "-"):
            st = _STEM.search(text, max(0, ms - 41), ms)
            if word not in _GLUED or st is None or st.start() > 0 and (text[st.start() - 1].isalnum() or text[st.start() - 1] in "-_"):
                continue  # glued to letters that are no compound's head ("Kundennr" is one; "abcnumber" no word)
            stem = st.group(1)
            lead_end = st.start()
        elif word in _STANDALONE:
            lead_end = ms
        else:
            continue
        m = _TAIL.match(text, me)
        if m is None:
            continue
        s, e = m.span("value")
        if taken.overlaps(s, e):
            continue
        i = bisect.bisect_left(anchors, s - _REACH)
        if i == len(anchors) or anchors[i] > e + _REACH:
            continue
        line_start = text.rfind("\n", 0, lead_end) + 1
        lead_m = _LEAD_WORDS.search(text, max(line_start, lead_end - 200), lead_end)
        lead_text = lead_m.group() if lead_m is not None else ""
        if stem is None and not m.group("after") and not lead_text.strip() and not m.group("plain"):
            continue  # "Nr. 4471" opening a line: a list's or a house's number as often
        lead = _words(lead_text)
        tail = _words(stem, m.group("after"))
        # (the words next to the number's word say whose number it is; a register may be named further back: "iscritta
        # all'Ordine dei Farmacisti al n. …")
        if any(thing_word(w) for w in [*lead[-2:], *tail]) or _FIRM_REGISTERS.match(text, s):
            continue
        words = [*lead, *tail]
        if not (any(_names_register(w) for w in words) or _ORDER_OF.search(lead_text)
                or any(w.lower() in word_set("numbers", "person_possessives") for w in lead[-3:])):
            continue  # a number's word with no register and no one's: a law's, a delivery note's, a house's
        if _value_ok(text, s, e):
            out.append(Span(s, e, "account", NAME, 0.75))
    return out
