"""What an agent needs to read, whatever found it: per-category keep predicates (data/keep/readable.toml) applied to
every span after detection, to the values found again and to the caller's known values.

A detector's own keeps see only its own candidates; these see every span of a category, so ``class Grace(Ada)``
stays code whether the model tagged ``Grace`` or a session had learnt it from a customer list.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import cache

from .._data import data_path, load_toml, word_list
from ..errors import ConfigError
from ..spans import Span
from .doc_persons import TITLED
from .keep import KEEPS, KeepPredicate, is_code_identifier, is_place_name, is_thing_field_value

# rules whose slot holds a person's name or its parts ("lastName": "Takahashi", N:Lyon;Marie): a place's name there is hers
_PERSON_SLOTS = frozenset({"name-part-field", "name-part-element", "person-field", "vcard-name-parts", "hl7-fields",
                           "tables:person", "doc-names:form", "doc-names:born", "doc-parties:cited", "doc-parties:case",
                           "names:birth-name", "transcript-speaker", "person-records",
                           # a device or a smart home's entity named for its owner: the name is the entity id's part
                           "device-host-of-owner", "device-host-of-named-owner", "home-assistant-person-entity"})


@cache
def category_keeps() -> dict[str, tuple[KeepPredicate, ...]]:
    """Category -> its keep predicates, from data/keep/readable.toml; an unknown predicate is a ConfigError."""
    data = load_toml(data_path("keep", "readable.toml"))
    out: dict[str, tuple[KeepPredicate, ...]] = {}
    for category, names in data.items():
        if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
            raise ConfigError(f"data/keep/readable.toml: {category!r} must be a list of keep predicate names")
        unknown = [n for n in names if n not in KEEPS]
        if unknown:
            raise ConfigError(f"data/keep/readable.toml: {category!r}: unknown keep predicate {unknown[0]!r} "
                              f"(known: detect/keep.py KEEPS)")
        out[category] = tuple(KEEPS[n] for n in names)
    return out


_TITLE_BEFORE = re.compile(r"""\btitle["']?\s*[:=]\s*["']$""", re.IGNORECASE)


def kept_span(text: str, span: Span) -> bool:
    """True when a keep predicate of the span's category says the agent needs ``text[span]`` readable. A person's
    name found again is that person, not the place it is also the name of ("Douglas Hamilton … Hamilton left")."""
    keeps = category_keeps().get(span.category)
    if keeps is None:
        return False
    # a name found again is that person; one after a courtesy title is a person ("Mr Beaumont"), not the place
    # (and a surname a file's or a folder's name joins to a first name: "Contratto_Colombo_Davide.pdf")
    place_ok = span.category == "person" and (span.detector.startswith("repeat:") or span.detector in TITLED
                                              or span.detector == "names:file"
                                              and text[span.start:span.end].title() in word_list("last_names")
                                              or span.detector in _PERSON_SLOTS)
    # a slot's value is no code either: <wd:Last_Name>Dornbusch</wd:Last_Name> is markup around a name
    slotted = span.category == "person" and span.detector in _PERSON_SLOTS
    # nor a name a document glues to its courtesy title ("Smt.Jayalakshmi", "Mr.Siddhant Kaushik")
    slotted = slotted or (span.category == "person" and span.detector == "names:titled")
    # and a full name found again is the person wherever it stands, a link's title="…" too (title keys name a thing:
    # a job's title, a picture's)
    again = (span.category == "person" and span.detector.startswith("repeat:") and " " in text[span.start:span.end]
             and _TITLE_BEFORE.search(text, max(0, span.start - 12), span.start) is not None)
    return any(k(text, span.start, span.end) for k in keeps
               if not (place_ok and k is is_place_name) and not (slotted and k is is_code_identifier)
               and not (again and k is is_thing_field_value))


def drop_readable(text: str, spans: Iterable[Span]) -> list[Span]:
    """``spans`` without those :func:`kept_span` keeps."""
    return [s for s in spans if not kept_span(text, s)]
