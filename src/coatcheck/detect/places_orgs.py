"""Locations and organisations, the optional categories of the document policy (on in strict).

- ``location``: the names of keep/places.txt (GeoNames, CC BY 4.0: countries, first-level regions, cities of 15,000
  inhabitants or more), as whole capitalised words: ``Madhya Pradesh``, ``Wien``, ``Roma``.
- ``organization``: a run of capitalised words (particles such as ``di``, ``of``, ``der`` inside) that ends with a
  legal form (``Acme Widgets GmbH``, ``Oriental Insurance Co Ltd``) or holds an institution's word of
  data/vocab/names.toml ``[thing_words]`` (``Supreme Court``, ``Università di Bergamo``, ``Kultusgemeinde Wien``).
"""

from __future__ import annotations

from functools import cache

import ahocorasick
import regex

from .._data import word_list
from ..spans import Span
from .vocabulary import calendar_words, company_suffixes, name_particles, vocab_cache, word_set


@cache
def _places() -> ahocorasick.Automaton:
    auto = ahocorasick.Automaton()
    for name in word_list("places"):
        auto.add_word(name, len(name))
    auto.make_automaton()
    return auto


class LocationDetector:
    """Place names from the GeoNames gazetteer, whole words, longest first."""

    name = "locations"
    produces = frozenset({"location"})

    def detect(self, text: str) -> list[Span]:
        out: list[Span] = []
        last_end = -1
        calendar = calendar_words()
        hits = sorted(((end + 1 - n, end + 1) for end, n in _places().iter(text)), key=lambda h: (h[0], -h[1]))
        for start, end in hits:
            if start < last_end:
                continue
            before = text[start - 1] if start else " "
            after = text[end] if end < len(text) else " "
            if before.isalnum() or before in "_-@./" or after.isalnum() or after in "_-@/":
                continue
            if text[start:end].lower() in calendar:  # March, Mai: a month before a place of that name
                continue
            out.append(Span(start, end, "location", self.name, 0.6))
            last_end = end
        return out


# an article before an organisation's name is not part of it: "The Supreme Court", "La Corte", "Der Bundesgerichtshof"
_ARTICLES = frozenset({"the", "a", "an", "la", "il", "lo", "le", "les", "l'", "der", "die", "das", "dem", "den", "des",
                       "el", "los", "las", "un", "una", "une", "ein", "eine", "this", "that"})
_CAP = r"(?:\p{Lu}[\p{L}'’&.-]*)"


@vocab_cache
def _org_run() -> regex.Pattern[str]:
    particles = "|".join(regex.escape(p) for p in sorted(name_particles() | {"of", "for", "and", "&", "und", "et", "e", "y"},
                                                          key=len, reverse=True))
    return regex.compile(rf"(?<![\w]){_CAP}(?:[ ](?:(?:{particles})[ ])?{_CAP}){{0,6}}(?![\w])")


class OrganizationDetector:
    """Organisations by their legal form or an institution's word."""

    name = "organizations"
    produces = frozenset({"organization"})

    def detect(self, text: str) -> list[Span]:
        things, suffixes = word_set("names", "thing_words"), company_suffixes()
        out: list[Span] = []
        for m in _org_run().finditer(text):
            words = m.group().split()
            low = [w.strip(".,;:()").lower() for w in words]
            if len(words) < 2 and low[-1] not in things:
                continue
            start = m.start()
            while len(words) > 1 and low[0] in _ARTICLES:
                start += len(words[0]) + 1
                words, low = words[1:], low[1:]
            if low[-1] in suffixes or (len(words) >= 2 and any(w in things for w in low)):
                out.append(Span(start, m.end(), "organization", self.name, 0.6))
        return out
