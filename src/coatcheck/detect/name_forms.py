"""The other forms a text writes a found person's surname in: once a full name is found (``Siobhan Delacroix``), the
same surname stands for a person again where it is written as names are (issue 23: context beats format):

- after an initial or two: ``K. Delacroix``, ``J.-P. Delacroix``;
- before a comma and a given name, as registers and search forms write it: ``Delacroix, Keisha``;
- after a courtesy title: ``Mr. Delacroix``, ``Frau Delacroix``, ``Mme Delacroix``;
- in capitals after a title (``MR. DELACROIX:``, a transcript's speaker) or beside another word in capitals that is a
  given name (``INGRID DELACROIX``: both words);
- opening a file's name before a document's word (``Mandate\\Delacroix_Vollmacht.docx``).

A surname alone in prose is not masked here (it may be a word: Rose, Hill, Baker); a surname the gazetteers know
spreads everywhere already (:func:`.pipeline.known_values`). One alternation of the text's surnames, one pass: linear
in the text.
"""

from __future__ import annotations

import unicodedata

import regex

from .._data import word_list
from ..spans import Span
from .vocabulary import calendar_words, dictionary_words, is_product

NAME = "name-forms"
# a surname a full name ends with: capitalised, three letters or more, a hyphenated or an apostrophed part allowed
_SURNAME = regex.compile(r"(?:\p{Lu}['’])?\p{Lu}\p{Ll}{2,}(?:-\p{Lu}\p{Ll}+)?")
_TITLES = (r"Mr|Mrs|Ms|Miss|Dr|Prof|Herr|Frau|Hr|Fr|Sig|Sig\.ra|Sigg|Dott|Dott\.ssa|Avv|Mme|Mlle|M|Me|Sr|Sra|Srta|Dña|"
           r"Don|Doña")
_CAPS_TITLES = r"MR|MRS|MS|MISS|DR|PROF|HERR|FRAU|MME|ME|SR|SRA"


_FILE_NAME = regex.compile(r"(?<![\w.-])[\w.-]{1,80}\.(?P<ext>pdf|docx?|odt|rtf|txt|xlsx?|eml|msg|jpe?g|png)(?![\w])", regex.I)
_FILE_WORD = regex.compile(r"[^\W_\d]+")


_LETTERS = str.maketrans({"ı": "i", "ø": "o", "ł": "l", "đ": "d", "ß": "ss", "æ": "ae", "œ": "oe"})


def _fold(word: str) -> str:
    """A word as file names write it: lower case, no accents (Yıldırım and yildirim, Wöhrle and Wohrle are one)."""
    plain = unicodedata.normalize("NFKD", word.lower().translate(_LETTERS))
    return "".join(c for c in plain if not unicodedata.combining(c))


# the words a personal document's file name opens or ends with (a CV, a payslip, an identity paper, a contract)
_PERSONAL_DOCUMENTS = frozenset({"cv", "resume", "curriculum", "lebenslauf", "isee", "passport", "passaporto", "pasaporte",
                                 "passeport", "ausweis", "contract", "contratto", "vertrag", "contrat", "contrato",
                                 "mandat", "mandato", "vollmacht", "procura", "dissertation", "tesi", "thesis", "these",
                                 "certificate", "certificato", "zeugnis", "diploma", "payslip", "cedolino", "busta",
                                 "lohnabrechnung", "nomina", "fiche", "bulletin", "visa", "permesso", "id", "dni"})


def _given_names(text: str, spans: list[Span]) -> set[str]:
    """The first words of the full names found in ``text``, folded."""
    out = set()
    for s in spans:
        if s.category == "person":
            words = text[s.start:s.end].replace(",", " ").split()
            if len(words) >= 2:
                out.add(_fold(words[0]))
                out.add(_fold(words[-1]))  # (a register's "Wöhrle, Henrike" gives its name last)
    return out


def _surnames(text: str, spans: list[Span]) -> set[str]:
    """The last words of the full names (two to four words) found in ``text``."""
    common = word_list("common_words")
    out: set[str] = set()
    for s in spans:
        if s.category != "person":
            continue
        value = text[s.start:s.end]
        words = value.replace(",", " ").split()
        if not 2 <= len(words) <= 4:
            continue
        # (a register's "Wöhrle, Henrike" names the surname first)
        last = (value.split(",")[0].split()[-1] if value.count(",") == 1 and value.split(",")[0].split()
                else words[-1]).strip(".;:()")
        if (_SURNAME.fullmatch(last) and last.lower() not in common and last.lower() not in dictionary_words()
                and not is_product(last)):
            out.add(last)
    return out


# a surname's initial right after a given name: "Federica T.", "Ilaria V." (not "Maria S. Rossi": the full name's)
_SURNAME_INITIAL = regex.compile(r"[ ]\p{Lu}\.(?![\w.-]|[ ]\p{Lu}\p{Ll})")


def name_forms(text: str, spans: list[Span]) -> list[Span]:
    """The spans of the other name forms of the surnames of the full names ``spans`` found in ``text``, and a found
    given name with its surname's initial ("Federica T.", a staff rota's or a chat's short form)."""
    initials = [Span(s.start, m.end(), "person", NAME, 0.75) for s in spans
                if s.category == "person" and " " not in text[s.start:s.end]
                and (m := _SURNAME_INITIAL.match(text, s.end)) is not None]
    surnames = _surnames(text, spans)
    if not surnames:
        return initials
    alt = "|".join(regex.escape(s) for s in sorted(surnames, key=len, reverse=True))
    caps = "|".join(regex.escape(s.upper()) for s in sorted(surnames, key=len, reverse=True))
    pattern = regex.compile(
        rf"(?<![\w.])(?P<v>\p{{Lu}}\.(?:-?\p{{Lu}}\.)?[ ]?(?:{alt}))(?![\w-])"  # K. Delacroix, J.-P. Delacroix
        # Delacroix, Keisha (not a list's "Georg Brandl, Matthäus Chajdas": no name before, none after)
        rf"|(?<![\w-])(?<!\p{{Lu}}[\p{{L}}'’-]*[ ])(?P<v>(?:{alt}),[ ](?P<given>\p{{Lu}}\p{{Ll}}+(?:-\p{{Lu}}\p{{Ll}}+)?))(?![\w-]|[ ]\p{{Lu}}|[ ]&)"
        rf"|(?<![\w.])(?:{_TITLES})\.?[ ](?P<v>(?:{alt}))(?![\w-])"  # Mr. Delacroix
        rf"|(?<![\w.])(?:{_CAPS_TITLES})\.?[ ](?P<v>(?:{caps}))(?![\w-])"  # MR. DELACROIX
        rf"|(?<![\w-])(?P<first>\p{{Lu}}{{2,}})[ ](?P<v>(?:{caps}))(?![\w-])"  # INGRID DELACROIX
        # a file's name that opens with the surname before a document's word: Mandate\Benali_Mandat.docx
        rf"|(?<=[\\/])(?P<v>(?:{alt}))(?=_\p{{L}}[\p{{L}}\d-]*\.(?:pdf|docx?|odt|rtf|txt|xlsx?|eml|msg|jpe?g|png)(?![\w]))"
    )
    firsts = word_list("first_names")
    out: list[Span] = []
    # a document's file name with the surname among its parts, in any case: cv_manzanares.pdf, Lebenslauf-BENALI.docx
    # (beside the person's given name or initial, or after a personal document's word: "conti_2024.pdf" may be the
    # Italian accounts', "cv_conti.pdf" is Conti's)
    low = {_fold(s): s for s in surnames}
    givens = _given_names(text, spans)
    for f in _FILE_NAME.finditer(text):
        parts = list(_FILE_WORD.finditer(text, f.start(), f.start("ext")))
        folded = [_fold(p.group()) for p in parts]
        for k, p in enumerate(parts):
            if len(p.group()) < 3 or folded[k] not in low:
                continue
            beside = folded[max(0, k - 1):k] + folded[k + 1:k + 2]
            if any(b in givens or b in _PERSONAL_DOCUMENTS or len(b) == 1 and b.isalpha() for b in beside):
                out.append(Span(p.start(), p.end(), "person", NAME, 0.75))
    for m in pattern.finditer(text):
        start, end = m.span("v")
        first, given = m.group("first"), m.group("given")
        if given is not None and (given not in firsts or given.lower() in calendar_words()):
            continue  # "Peterson, September 2002": a date after a name, no given name
        if first is not None:
            if first.title() not in firsts:
                continue
            start = m.start("first")
        out.append(Span(start, end, "person", NAME, 0.75))
    return out + initials
