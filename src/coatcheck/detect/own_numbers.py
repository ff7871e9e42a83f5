"""A person's own number, given as theirs in a sentence: "My Discord ID is 725898288040487151", "Meine
Speaker-ID lautet SPK-117-RYCZUN", "Mon numéro de badge est le HTF25-1635", "Mi ID de miembro de Meetup es
160081565", "Il mio id iscritto è 72a6f159…".

The speaker's "my" and a number noun make the slot (issue 23: context beats format), whatever the platform or the
issuer calls the number, so no holder list is needed; the words between them must not make it a thing's, a
program's or a phone's ("my order number", "my AWS account ID", "my phone number"). The words are data:
``[own_possessives]``, ``[own_id_nouns]`` and ``[own_not_a_person]`` of ``data/vocab/numbers.toml``, with
``[thing_numbers]``.
"""

from __future__ import annotations

import functools

import regex

from ..spans import Span
from .keep import NUMBER_KEEPS, kept_by
from .validators import person_number
from .vocabulary import phrase_alternation, vocabulary_words, word_set

# the value: letters, digits and the signs issuers put between them, three digits or more
# (an issuer's initials may lead it: "PADI 47802072", "SSI 2899327")
_VALUE = r"(?:(?<!\w)(?-i:[A-Z]{2,5})[ ](?=\d{4}))?(?=[\w/.-]*\d[\w/.-]*\d[\w/.-]*\d)[A-Za-z0-9](?:[A-Za-z0-9]|[-/.](?=[A-Za-z0-9])){3,47}"
# the link between the noun and the value, and an article after it
_LINK = r"(?:is|was|è|e|ist|lautet|war|est|était|es|era|:|=)"
_ARTICLE = r"(?:le|la|il|el|the|der|die|das)"
_WORD = r"[^\W\d_][\w'’]*"
# the preposition that says whose number follows ("numéro d'adhérent", "ID de miembro"; "my number if paged: …" is a
# phone's)
_OF = regex.compile(r"(?i)[^\S\n]+(?:de|del|di|della|dello|du|des|d['’]|of|für)(?![\w-])|[^\S\n]+d['’]")
# the nouns that say "identifier" alone, with no word naming whose ("my ID is …")
_ALONE = frozenset({"id", "identifier", "identifiant", "identificador", "identificativo", "kennung"})


@functools.cache
def _sentence() -> regex.Pattern[str]:
    mine = phrase_alternation(vocabulary_words("numbers", "own_possessives"))
    nouns = phrase_alternation([*vocabulary_words("numbers", "own_id_nouns"), *vocabulary_words("numbers", "own_credentials")])
    # "my" and up to three words, then the noun (glued to the last word by a hyphen, or in a German compound:
    # "Discord-Nutzer-ID", "Mitgliedsnummer"); then up to three words saying whose number it is ("de miembro de
    # Meetup"), the link and the value
    return regex.compile(
        rf"(?i)(?<![\w-])(?P<mine>{mine})[^\S\n]+(?P<words>(?:{_WORD}(?:-{_WORD})*[^\S\n]+){{0,3}}?)"
        rf"(?P<noun>(?:{_WORD}-)*(?:{nouns}))(?![\w-])"
        rf"(?P<after>(?:[^\S\n]+(?:de|del|di|della|du|d'|of)?[^\S\n]*{_WORD}){{0,4}}?)"
        rf"[^\S\n]*{_LINK}(?:[^\S\n]+{_ARTICLE})?[^\S\n]*[\"'`«“]?(?P<value>{_VALUE})(?![\w-]|[.,/]\w)")


_SPLIT = regex.compile(r"[\s'’-]+")


def _parts(words: str) -> list[str]:
    """The lower-case words of ``words`` (split at blanks, apostrophes and hyphens)."""
    return [p for p in _SPLIT.split(words.lower()) if p]


@functools.cache
def _holders() -> frozenset[str]:
    return (word_set("numbers", "holders") | word_set("numbers", "bare") | word_set("numbers", "id_holders")
            | word_set("numbers", "own_holders"))


def _a_persons(words: str) -> bool:
    """Whether the words name whose number it is by a person's role or a person's platform account ("member",
    "badge", "Steam", "jugador", "osservatore"): "my Jira ID", "my pixel ID", "my migration number" are a program's or
    a thing's (a noun's ending says nothing: "servidor", "serveur", "fornitore" are things and firms)."""
    return any(p in _holders() or p.rstrip("s") in _holders() for p in _parts(words))


@functools.cache
def _vetoes() -> frozenset[str]:
    return (word_set("numbers", "own_not_a_person") | word_set("numbers", "thing_numbers")) - word_set("numbers", "own_program_ids")


def _whose(words: str) -> bool:
    """Whether the words between "my" and the value leave it a person's (none a thing's, a program's or a phone's)."""
    return not any(p in _vetoes() or p.rstrip("s") in _vetoes() for p in _parts(words))


def _program(words: str) -> bool:
    """Whether the words make an "ID" a program's ("client ID", "app ID")."""
    return any(p in word_set("numbers", "own_program_ids") for p in _parts(words))


class OwnNumberDetector:
    """Numbers a sentence gives as the speaker's own."""

    name = "own-numbers"
    produces = frozenset({"account"})

    def detect(self, text: str) -> list[Span]:
        out: list[Span] = []
        for m in _sentence().finditer(text):
            s, e = m.span("value")
            value = text[s:e]
            noun = m.group("noun").lower()
            if (noun not in _ALONE and noun in word_set("numbers", "own_id_nouns") and not m.group("words").strip()
                    and not _OF.match(m.group("after")) and not _a_persons(m.group("after"))):
                continue  # "my number is …", "mi número es …", "my code is …": a phone's or a program's as often
                # (not "il mio codice osservatore è …": Italian names the holder after the noun with no "di")
            words = f"{m.group('words')} {noun.rpartition('-')[0]} {m.group('after')}"
            if not _whose(words) or (noun in _ALONE or noun.endswith("id")) and _program(words):
                continue
            if words.strip() and not _a_persons(words) and noun.rpartition("-")[2] not in word_set("numbers", "own_credentials"):
                continue  # (no words at all: "my ID is …" is the speaker's; a certificate is its holder's)
            if person_number(value) and kept_by(text, s, e, NUMBER_KEEPS) is None:
                out.append(Span(s, e, "account", "own-numbers", 0.8))
        return out
