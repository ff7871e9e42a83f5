"""A person's name in a slot whose label says it holds one, whatever the layout and whatever the case.

Forms, registers, reports and exports name their subject by a label: ``Fluggast: BARTOSZ ACHTERBERG``, ``Candidate
SIOBHAN WIERZBICKI`` in a report's aligned columns, ``<Denominazione>ROSALBA ZANOTELLI</Denominazione>``,
``"caller_name": "GASPARD LE GOFF"``, ``NOMBRE          IBARRA, ROISIN``, ``Passenger name ......... NAKAMURA/DRAGAN``.
The label decides (data/vocab/names.toml ``[person_slots]`` for a full name, ``[name_part_slots]`` for a surname or
a given name alone); the value needs only to read as a name: words of letters (capitals too, where the model, which
reads case, sees none), no word of a language, of code, a place, a month, a company's legal form or a product, two
of them at least after a full name's label (one after a name part's). The assignment syntaxes are :mod:`.grammar`'s;
a form's aligned layout (the label at the line's start, two blanks or more, the value up to two blanks or the line's
end) is added here. Linear in the text.
"""

from __future__ import annotations

import functools

import regex

from .._data import word_list
from ..spans import Span
from .grammar import assignment, label_regex
from .keep import kept_by
from .tables import column_category, norm_header
from .validators import _NOT_A_NAME_IN_CAPS, _STATUS_WORDS
from .vocabulary import (calendar_words, company_suffixes, dictionary_words, is_product, name_particles, plain_words,
                         vocabulary_words, word_set)

NAME = "person-slots"
_KEEPS = ("is_templated", "is_placeholder_value", "is_fictional_person", "is_product_name")
# a name's words: letters, an apostrophe or a hyphen inside (O'NEILL, JEAN-LUC), an initial with its full stop; apart
# by a blank, a comma (IBARRA, ROISIN) or an airline's slash (NAKAMURA/DRAGAN)
_WORD = r"\p{L}[\p{L}'’-]*\p{L}\.?|\p{Lu}\."
_VALUE = rf"(?=\p{{Lu}})(?:{_WORD})(?:(?:,?[ ]|/)(?:{_WORD})){{0,4}}"
# where a value ends: a quote, a tag, a separator, the line's end, a gap of two blanks, a bracket, the next key=
_END = r"(?=[\"'`<,;}\]|]|\r?$|\n|[ \t]*\r?\n|[ \t]*$|[ \t]{2,}|[ \t]+\(|[ \t]+[\w.-]+=)"
_SPLIT = regex.compile(r"(?:,?[ ]|/)")


@functools.cache
def _keys() -> tuple[str, str]:
    """The label alternations of a full name's slots and of a name part's."""
    return (label_regex(vocabulary_words("names", "person_slots")),
            label_regex(vocabulary_words("names", "name_part_slots")))


@functools.cache
def _patterns() -> tuple[regex.Pattern[str], ...]:
    out = []
    for key in _keys():
        assigned = assignment(key, _VALUE, prefix=False) + _END
        # a form's aligned line: "Candidate                   SIOBHAN WIERZBICKI", "  NOMBRE          IBARRA, ROISIN"
        aligned = rf"(?m)^[ \t]*(?:[-*•][ \t]+)?(?i:{key})(?:[ \t]*\([^()\n]{{1,30}}\))?(?:[ \t]{{2,}}+|\t[ \t]*+)(?P<v>{_VALUE}){_END}"
        out.append(regex.compile(rf"{assigned}|{aligned}"))
    return tuple(out)


@functools.cache
def _labels() -> regex.Pattern[str]:
    """Any label of either list: the slots' patterns run only on the lines around one (most texts hold none)."""
    return regex.compile(rf"(?i)(?<![\w])(?:{'|'.join(_keys())})")


@functools.cache
def _person_only() -> regex.Pattern[str]:
    """The labels that hold nothing but a person (names.toml [person_only_slots])."""
    return regex.compile(label_regex(vocabulary_words("names", "person_only_slots")), regex.IGNORECASE)


@functools.cache
def _names() -> tuple[frozenset[str], frozenset[str]]:
    return word_list("first_names_lower"), word_list("last_names_lower")


def _never_a_name(low: str) -> bool:
    """A word of code, a placeholder's, a schema's or a status word in capitals: never a name's, whatever the name lists
    say ("CHAR", "LOREM")."""
    return (low in word_list("code_words_lower") or low in word_list("placeholder_values_lower")
            or low.upper() in _NOT_A_NAME_IN_CAPS or low.upper() in _STATUS_WORDS or low in _FILLER)


_FILLER = frozenset({"lorem", "ipsum", "dolor", "amet", "foo", "bar", "baz", "qux"})


def _no_name(low: str) -> bool:
    """A word of a language, of code, a place, a month, a legal form, a trade's or a thing's: no name's word."""
    return (low in dictionary_words() or low in plain_words() or low in word_list("common_words_lower")
            or low in word_list("places_lower") or low in calendar_words() or low in company_suffixes()
            or low.upper() in _NOT_A_NAME_IN_CAPS or low.upper() in _STATUS_WORDS
            or low in word_set("names", "trade_words") or low in word_set("names", "thing_words"))


# the labels of a name's part that hold nothing else ("Familienname ....... Ehrhardt"): one capitalised word there is
# a name, the gazetteers' or not ("nom", "nome", "nombre" also name a thing)
_STRICT_PART = regex.compile(r"(?i)surname|[fl]name|last[\s_.-]*name|family[\s_.-]*name|first[\s_.-]*name|given[\s_.-]*names?|"
                             r"forenames?|cognome|nachname|vorname|familienname|geburtsname|pr[ée]noms?|nom[\s_.-]+de[\s_.-]+famille|"
                             r"apellidos?")


def reads_as_name(value: str, least: int, vouched: bool = False, person_only: bool = False) -> bool:
    """``value`` reads as a person's name of ``least`` words at least (an initial counts as half a name's: "ABDOULAYE
    S." is one and an initial): no word of code, a placeholder's, a place, a month, a legal form, a trade's or a
    thing's, no product; no word of a language unless the gazetteers know it as a name. The gazetteers must vouch for
    one word at least unless the label holds nothing but a person (``person_only``: a passenger, an insured, a
    candidate …) or its own name part alone (``vouched``: "Cognome", "Familienname"); in mixed case (which the model
    reads) for the first word; a word alone after a bare "nom", "nome", "nombre" must be a first name or a surname of
    the lists and no place ("Nome: DARIO"; "nome": "IVA", "nom": "PARIS" are a tax's and a town's)."""
    if is_product(value) or is_product(value.title()) or column_category(norm_header(value)) is not None:
        return False  # a product; a label itself (<label for="surname">Cognome</label>)
    firsts, lasts = _names()
    particles = name_particles()
    places = word_list("places_lower")
    core: list[str] = []
    initials = 0
    for word in _SPLIT.split(value):
        low = word.lower().rstrip(".")
        if not word:
            continue
        if len(low) == 1:
            initials += 1
            continue
        if low in particles and core:
            continue  # DI STEFANO, LE GOFF, van der Berg: a particle inside the name
        if not regex.fullmatch(r"[\p{L}'’-]+", low) or _never_a_name(low):
            return False
        if low not in firsts and low not in lasts and _no_name(low):
            return False
        core.append(low)
    if not core:
        return False
    known = [w for w in core if (w in firsts or w in lasts) and w not in places]
    if not value.isupper():
        # in mixed case the model reads the name; here the gazetteers must vouch ("Dépôt SFTP", "Newsletter
        # Subscribed", "Jenkins Nightly" are a step's, an event's and a job's names): for one word of it after a label
        # that holds only a person, for its first word and every word after the others
        if not vouched and (least == 1 and len(core) == 1 or (not known if person_only else
                                                              core[0] not in firsts and core[0] not in lasts
                                                              or len(known) < len(core))):
            return False
    elif len(core) == 1 and not vouched and (not known or len(core[0]) <= 3):
        return False  # "nome": "IVA", "nom": "TVA": an acronym
    elif not (vouched or person_only or (any(w in firsts for w in known) or len(known) == len(core))
              and not any(w in word_list("vehicle_makes_lower") for w in core)):
        return False  # "Driver: NVIDIA RTX", "Kunde: DEUTSCHE TELEKOM", "Customer: FORD, CHEVROLET": after a broad
        # label a first name of the lists, or every word a name of them, makes capitals a person's
    return len(core) >= least or len(core) >= 1 and initials >= 1 and least <= 2


def _given_after_comma(value: str) -> bool:
    """A register's "Surname, Given" in mixed case whose given name the gazetteer knows ("Pfannenstiel, Volker")."""
    given = value.partition(",")[2].split()
    return bool(given) and given[0].lower() in _names()[0]


class PersonSlotDetector:
    """Names in their labelled slots (see the module docstring)."""

    name = NAME
    produces = frozenset({"person"})

    def detect(self, text: str) -> list[Span]:
        out: list[Span] = []
        windows: list[tuple[int, int]] = []
        for hit in _labels().finditer(text):
            start = text.rfind("\n", 0, hit.start()) + 1
            end = text.find("\n", hit.end())
            end = len(text) if end < 0 else text.find("\n", end + 1)  # the label's line and the next
            end = len(text) if end < 0 else end
            if windows and start <= windows[-1][1]:
                windows[-1] = (windows[-1][0], max(windows[-1][1], end))
            else:
                windows.append((start, end))
        for least, pattern in zip((2, 1), _patterns(), strict=True):
            for ws, we in windows:
                for m in pattern.finditer(text, ws, we):
                    span = self._span(text, m, least)
                    if span is not None:
                        out.append(span)
        return out

    @staticmethod
    def _span(text: str, m: regex.Match[str], least: int) -> Span | None:
        a, b = m.span("v")
        value = text[a:b]
        if value.endswith(".") and not regex.search(r"(?:^|[ /,])\p{Lu}\.$", value):
            b -= 1  # the sentence's full stop, not an initial's
            value = value[:-1]
        vouched = least == 1 and " " not in value and _STRICT_PART.search(text, m.start(), a) is not None
        # (a register's "Surname, Given" with a given name the lists know is a person's wherever its label stands)
        only = (least == 2 and _person_only().search(text, m.start(), a) is not None
                or value.count(",") == 1 and _given_after_comma(value))
        if reads_as_name(value, least, vouched, only) and kept_by(text, a, b, _KEEPS) is None:
            return Span(a, b, "person", NAME, 0.8)
        return None
