"""A document's person spans, at their edges and against the document's own evidence (document policy only).

Whatever found a person (the model, a gazetteer, a register pattern), its span is cut to the name:

* leading words that are no part of a name go: articles, pronouns and possessives ("Meine Tante Berta"), roles and
  titles, abbreviated ones too ("Hr. Müller", "Lagerarzt Dr. Koller", "Justice Vaibhavi Nanavati"), German
  compound roles by their last part ("Landesgerichtsrat", "Hausärztin"); trailing ones likewise ("… Nanavati Sd");
* a German genitive inside the span ends it ("Lage der Dinge", "Geist der Initianten"; "van der Merwe" stays);
* a span made only of words that the same document writes as common nouns (after an article, a possessive or a
  quantifier: "der Mann", "eine Tante", "viele Menschen") is no name, unless a title or a role named it somewhere
  in the document. The evidence is the document's own, so it holds for words no list knows.
"""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache

import regex

from .._data import word_list
from ..spans import Span
from .vocabulary import document_particles, first_names, name_roles, vocab_cache, vocab_lru, vocabulary_words

_WORD = regex.compile(r"\S+")
_EDGE_PUNCT = ".,;:()[]\"'«»„“”‘’"
# a detector whose span says a title or a role stood before the name
TITLED = frozenset({"names:titled", "names:titled-initial", "names:role", "doc-names:role", "doc-parties:case",
                    "doc-parties:party", "doc-parties:role", "doc-parties:defined"})
"""Detectors whose person spans a title or a role stood before: a person even where the words name a place too."""
_TITLED = TITLED
# detectors of names written in lower case ("daughter astrid", "lukas vogel"): their lower-case words are the name
_LOWER_CASE = ("names:lower-case", "doc-names:lower", "doc-names:signed", "doc-parties:initials", "doc-parties:kin")
# initials a layout gives ("Our ref: HF/sr"): two or three letters, cut from nothing, whatever word they also spell
_AS_FOUND = frozenset({"doc-parties:initials"})
_COLUMN_GAP = regex.compile(r"[ ]{3,}|\t|\n")
_TITLE_BEFORE = regex.compile(r"(?<![\w])(?:Dr|Pr|Prof|Me|Mr|Mrs|Ms|Dra|Dott|Dott\.ssa|Sr|Sra|Srta|Sig|Sig\.ra|Mme|Herr|Frau|Avv)\.?[ ]{1,2}$")  # "Dr M. Tessier": M. is her initial
_TITLE_INITIAL = regex.compile(r"[DM]\.|D\.ª|Dª")
_SENTENCE_ARTICLES = ("der", "die", "das", "dem", "den", "ein", "eine", "einen", "einem", "einer", "eines")
_GENITIVE = frozenset({"der", "des", "dem", "den", "die", "das", "einer", "eines"})
_GENITIVE_OK_AFTER = frozenset({"van", "von", "vom", "zu", "ter", "de"})


@vocab_cache
def function_words() -> frozenset[str]:
    """names.toml [function_words], every language, lower case."""
    return frozenset(w.lower() for w in vocabulary_words("names", "function_words"))


@vocab_cache
def _determiners() -> regex.Pattern[str]:
    words = sorted({w for w in vocabulary_words("names", "determiners")}, key=len, reverse=True)
    # case-sensitive: a sentence's first word ("La", "Des") may be a name particle; German articles begin sentences
    capitalised = [w.title() for w in _SENTENCE_ARTICLES]
    return regex.compile(rf"(?<![\w-])(?:{'|'.join(regex.escape(w) for w in [*words, *capitalised])})[ ]+(\p{{Lu}}[\p{{L}}\p{{M}}'’-]*)")


@vocab_cache
def _role_stems() -> tuple[str, ...]:
    return tuple(sorted({w.lower() for w in vocabulary_words("names", "role_stems")}, key=len, reverse=True))


@lru_cache(maxsize=4096)
def is_role_word(word: str, compounds: bool = True) -> bool:
    """A role or a title, written whole (``Justice``, ``Hr.``, ``Tante``) or, with ``compounds``, as the last part
    of a German compound, inflected or not (``Lagerarzt``, ``Landesgerichtsrat``, ``Lagerkommandanten``; only
    before a name: ``Baumeister`` is a surname too)."""
    low = word.lower().strip(_EDGE_PUNCT.replace(".", ""))
    roles = name_roles()
    if low in roles or low.rstrip(".") in roles or (low.endswith("s") and low[:-1] in roles):
        return True  # "Advocates", "Bischofs" too
    if not compounds or not word[:1].isupper() or len(low) < 6:
        return False
    for stem in _role_stems():
        for ending in ("", "n", "en", "s", "es", "in", "innen", "e"):
            if low.endswith(stem + ending) and len(low) > len(stem) + len(ending):
                return True
    return False


_AFTER_PARTICLE = regex.compile(r"(?i)(?<![\w])(?:van|von|de|di|da|vom|ter)[ ]$")
_CAPITALISED = regex.compile(r"(?<![\w'’-])\p{Lu}[\p{L}\p{M}]*")


@vocab_lru(2)  # a document's persons are refined twice (its detections, then its names found again)
def document_nouns(text: str) -> frozenset[str]:
    """Capitalised words the document writes after an article, a demonstrative or a quantifier at least half the
    times it writes them: its common nouns ("der Mann"; not "Franscini", once of twice after a relative "den")."""
    after: dict[str, int] = {}
    for m in _determiners().finditer(text):
        if _AFTER_PARTICLE.search(text, max(0, m.start() - 8), m.start()):
            continue  # "van der Merwe", "van den Broek": a surname's particles, not an article
        w = m.group(1).rstrip("'’-")
        after[w] = after.get(w, 0) + 1
    if not after:
        return frozenset()
    seen: dict[str, int] = {}
    for m in _CAPITALISED.finditer(text):
        w = m.group()
        if w in after:
            seen[w] = seen.get(w, 0) + 1
    return frozenset(w for w, n in after.items() if 2 * n > seen.get(w, n))


def _particle_begins(word: str, following: str) -> bool:
    """A capitalised particle before a capitalised name word begins a surname ("Dalla Valle", "Lo Presti", "DI
    STEFANO"), though the lower-case word is a preposition; not before a role ("Le Président", "Der Kläger")."""
    w, nxt = word.strip(_EDGE_PUNCT), following.strip(_EDGE_PUNCT)
    return (w[:1].isupper() and w.lower() in document_particles() and nxt[:1].isupper() and not is_role_word(nxt)
            and nxt.lower() not in function_words())


def _no_name_part(word: str, leading: bool = False, trailing: bool = False, lower_ok: bool = False) -> bool:
    low = word.lower()
    stripped = low.strip(_EDGE_PUNCT)
    if len(stripped) == 1 and word[:1].isupper():
        return False  # an initial ("D. Nanavati"); "M." for Monsieur is the model's to trim
    return (stripped in function_words() or low in function_words() or (not trailing and is_role_word(word, leading))
            or (not lower_ok and stripped.isalpha() and word[:1].islower() and stripped not in document_particles()))


_ROMANCE = regex.compile(r"(?i)(?<![\w'])(?:le|la|les|des|du|est|une|et|el|los|las|del|que|una|con|y|il|della|che|di)(?![\w'])")
_ENGLISH = regex.compile(r"(?i)(?<![\w'])(?:the|and|of|to|with|was|is|for|that|on)(?![\w'])")


@vocab_cache
def _german_thing_words() -> tuple[str, ...]:
    return tuple(w for w in vocabulary_words("names", "thing_words", only=("de",)) if len(w) >= 5)


@vocab_cache
def _term_endings() -> tuple[str, ...]:
    return tuple(w.lower() for w in vocabulary_words("names", "term_endings"))


def is_term_or_institution(word: str) -> bool:
    """A clinical term by its ending, ten letters or more ("Cholezystektomie", "Kardiomyopathie"), or a German
    compound ending in an institution's word ("Bezirksklinikum", "Landratsamt"); never a name the gazetteers know
    ("Braithwaite", "Betancourt", "Kalvaitis" stay names)."""
    w = word.strip(_EDGE_PUNCT)
    low = w.lower()
    if len(low) < 9 or _gazetteer_name(w):
        return False
    if len(low) >= 10 and low.endswith(_term_endings()):
        return True
    return any(low.endswith(t) and len(low) >= len(t) + 4 for t in _german_thing_words())


@vocab_cache
def _eponym_cues() -> tuple[regex.Pattern[str], regex.Pattern[str]]:
    """names.toml [eponym_before] (ending right before a name) and [eponym_after] (starting right after it)."""
    def alt(table: str) -> str:
        cues = sorted({w.lower() for w in vocabulary_words("names", table)}, key=len, reverse=True)
        return "|".join(regex.escape(c).replace("'", "['’]") for c in cues) or "(?!)"
    return (regex.compile(rf"(?i)(?<![\w])(?:{alt('eponym_before')})[ ]$"),
            regex.compile(rf"(?i)(?:[ ](?:{alt('eponym_after')})|(?:{alt('eponym_after')}))(?![\w])"))


@vocab_cache
def _greetings() -> frozenset[str]:
    """names.toml [greetings], one word each ("Caro", "Cher", "Dear")."""
    return frozenset(w for w in vocabulary_words("names", "greetings") if " " not in w)


def _eponym(text: str, start: int, end: int) -> bool:
    """``text[start:end]`` names a disease, a sign or a score, not a person ("morbo di Parkinson", "Parkinson's
    disease", "Basedow-Krankheit")."""
    if " " in text[start:end].strip():
        return False  # a full name before "disease" or after "scala di" is a person's ("Gareth Pritchard's disease")
    before, after = _eponym_cues()
    return before.search(text, max(0, start - 30), start) is not None or after.match(text, end) is not None


def _gazetteer_name(word: str) -> bool:
    w = word.strip(_EDGE_PUNCT)
    return w in first_names() or w in word_list("last_names")


@lru_cache(maxsize=2)
def romance(text: str) -> bool:
    """The document is French, Spanish or Italian more than English, by its function words: there "M." and "D." before
    a name are Monsieur and Don, in English an initial."""
    return len(_ROMANCE.findall(text)) > len(_ENGLISH.findall(text))


def _cut(text: str, words: list[tuple[int, int]], lower_ok: bool = False,
         titles: bool = False, titled: bool = False) -> tuple[int, int, bool] | None:
    """The name within ``words`` (offsets of a span's words): (start, end, whether a role or title stood before it),
    or None when no name is left. ``titles``: "M." and "D." are titles (:func:`romance`)."""
    words = list(words)
    after_title = _TITLE_BEFORE.search(text, max(0, words[0][0] - 12), words[0][0]) is not None if words else False
    if len(words) >= 2 and _TITLE_INITIAL.fullmatch(text, words[0][0], words[0][1]) and not after_title and (
            titles or len(words) >= 3 and text[words[1][0]:words[1][1]].strip(_EDGE_PUNCT) in first_names()) and \
            not regex.fullmatch(r"\p{Lu}\.", text[words[1][0]:words[1][1]]):
        words.pop(0)  # "D. Juan Pérez", "M. Dupont": Don and Monsieur, not an initial
    roled = False
    # a word before a comma is a register's surname ("KING, Martin", "Kaiser, Thomas"), never a role to trim
    while len(words) > 1 and not text[words[0][0]:words[0][1]].endswith(",") and \
            not _particle_begins(text[words[0][0]:words[0][1]], text[words[1][0]:words[1][1]]) and \
            _no_name_part(text[words[0][0]:words[0][1]], leading=True, lower_ok=lower_ok):
        roled = roled or is_role_word(text[words[0][0]:words[0][1]])
        words.pop(0)
    for i in range(1, len(words)):
        if text[words[i][0]:words[i][1]] in _GENITIVE and text[words[i - 1][0]:words[i - 1][1]].lower() not in _GENITIVE_OK_AFTER:
            words = words[:i]
            break
    while len(words) > 1 and _no_name_part(text[words[-1][0]:words[-1][1]], trailing=True, lower_ok=lower_ok):
        words.pop()  # not a role: "Philip Kaiser", "Antonio Conte"
    if not words or (len(words) == 1 and _no_name_part(text[words[0][0]:words[0][1]], lower_ok=lower_ok)
                     and not (titled and _gazetteer_name(text[words[0][0]:words[0][1]]))):
        return None  # a role or an article alone ("Mr. King", "Frau Richter": after a title a known name is a name)
    start, end = words[0][0], words[-1][1]
    while end > start and text[end - 1] in ",;:(":
        end -= 1
    return (start, end, roled) if end > start else None


def refine(text: str, spans: list[Span], context: list[Span] | None = None) -> list[Span]:
    """The person spans of ``spans`` cut to their names (see the module); other spans as they are. ``context``: the
    document's other spans, whose titled names count as evidence too (the repeats of a name are refined with the
    spans they repeat as context)."""
    nouns: frozenset[str] | None = None
    titles: bool | None = None
    titled_words: set[str] = set()
    for s in [*spans, *(context or [])]:
        if s.category == "person" and s.detector in _TITLED:
            titled_words.update(w.strip(_EDGE_PUNCT) for w in text[s.start:s.end].split())
    out: list[Span] = []
    for s in spans:
        if s.category != "person" or s.detector.removeprefix("repeat:") in _AS_FOUND:
            out.append(s)
            continue
        words = [(s.start + m.start(), s.start + m.end()) for m in _WORD.finditer(text[s.start:s.end])]
        groups: list[list[tuple[int, int]]] = [[]]
        for i, w in enumerate(words):  # two columns of a letter's signature are two names, not one
            if i and _COLUMN_GAP.search(text, words[i - 1][1], w[0]):
                groups.append([])
            groups[-1].append(w)
        titled = s.detector.removeprefix("repeat:") in _TITLED
        for group in groups:
            if titles is None:
                titles = romance(text)
            cut = _cut(text, group, lower_ok=s.detector.endswith(_LOWER_CASE), titles=titles,
                       titled=titled)
            if cut is None:
                continue
            start, end, roled = cut
            if not titled and _eponym(text, start, end):
                continue  # "maladie de Parkinson", "Horton's arteritis": a disease's name
            if not titled and all(is_role_word(w) or w in _greetings() for w in text[start:end].split()):
                continue  # "Cher Confrère", "Caro Collega": a salutation of a colleague, no one's name
            names = [w.strip(_EDGE_PUNCT) for w in text[start:end].split()]
            if not roled and not titled and any(map(is_term_or_institution, names)):
                continue  # "Laparoskopische Cholezystektomie", "Bezirksklinikum Obermain"
            names = [w for w in names if w and w.lower() not in document_particles() and not (len(w) <= 2 and w.isupper())]
            if names and not roled and s.detector not in _TITLED:
                if nouns is None:
                    nouns = document_nouns(text)
                if all(w in nouns and w not in titled_words for w in names):
                    continue  # "Arbeit", "Kameraden", "Wiener Juden": the document's own nouns
            start = _with_particles(text, start, end)
            out.append(s if (start, end) == (s.start, s.end) else replace(s, start=start, end=end))
    return out


_CAPS_PARTICLES_BEFORE = regex.compile(r"(?<![\w'’])(?:(?:VAN|VON|DER|DEN|DE|LA|LE|DI|DA|DEL|DELLA|DALLA|DEGLI|DEI|LO|DOS|DAS|DU|"
                                       r"DES|ZU|ZUR|TER|TEN|MC|MAC)[ ]){1,2}$")
_GLUED_PARTICLE_BEFORE = regex.compile(r"(?<![\w'’])(?:[DL]|DELL|Dell)['’]$")


def _with_particles(text: str, start: int, end: int) -> int:
    """The start of a name in capitals moved back over its particles ("VAN DER MERWE", "DE LA FUENTE", "D'AMICO"):
    a detector that read the capitals alone left them out."""
    first = text[start:end].split()[0] if text[start:end].split() else ""
    if len(first) < 2 or not first.isupper():
        return start
    m = _CAPS_PARTICLES_BEFORE.search(text, max(0, start - 14), start) or _GLUED_PARTICLE_BEFORE.search(text, max(0, start - 5), start)
    return m.start() if m is not None else start
