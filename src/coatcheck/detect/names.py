"""Person names in prose by gazetteer: a stop-gap until the model detector (issue 4) lands.

``Giulia Ferraro``, ``Dr. Hans Becker``, ``Sig.ra Bianchi``, ``Mme Moreau``: a known first name followed by
one or two capitalised surname words, or a courtesy title followed by a capitalised surname. First names
that are also common words (``Max``, ``Grace``, ``Will``) count only before a known last name or after a
title, so ``Max Retries`` and ``Grace Period`` stay readable.
"""

from __future__ import annotations


from dataclasses import replace
from typing import NamedTuple

import regex

from .._data import word_list
from ..spans import Span
from .keep import DOC_EXTENSION, public_figure_names
from .validators import login_word
from .vocabulary import (SURNAME_PREFIX, all_plain_words, alternation, calendar_words, dictionary_words, document_particle_regex, first_names,
                         first_names_of, guess_language, is_product, name_particles, name_roles,
                         particle_regex, phrase_regex, plain_words, roman_heading, title_abbreviations, vocab_cache,
                         vocabulary_words, word_set)

# an apostrophe only inside a word (O'Neil's "O'", D'Amico), never as its last character: a closing quote
_WORD = SURNAME_PREFIX + r"?\p{Lu}\p{Ll}(?:[\p{Ll}'’]*\p{Ll})?(?:-\p{Lu}\p{Ll}(?:[\p{Ll}'’]*\p{Ll})?)?"

_NAME_OR_CAPS = rf"(?:{_WORD}|(?:Mc|Mac|\p{{Lu}}['’]|DELL['’])?\p{{Lu}}{{2,}}(?:-\p{{Lu}}{{2,}})?)"  # N'DIAYE, D'ARCY


class _Patterns(NamedTuple):
    full: regex.Pattern[str]
    titled: regex.Pattern[str]
    titled_caps: regex.Pattern[str]
    titled_upper: regex.Pattern[str]
    roled_at: regex.Pattern[str]
    roled: regex.Pattern[str]
    titled_initial: regex.Pattern[str]
    titled_bare: regex.Pattern[str]
    greeting: regex.Pattern[str]
    introduction: regex.Pattern[str]
    introduced_after: regex.Pattern[str]
    birth_name: regex.Pattern[str]
    street_types: frozenset[str]


# the officers a German court names by the court ("Richterin am Landgericht …", "Staatsanwalt beim Landgericht …")
_JUDGES = ("richter", "richterin", "vorsitzende", "vorsitzender", "vorsitzende richterin", "vorsitzender richter",
           "präsident", "präsidentin", "vizepräsident", "vizepräsidentin", "direktor", "direktorin", "staatsanwalt",
           "staatsanwältin", "oberstaatsanwalt", "oberstaatsanwältin", "rechtspfleger", "rechtspflegerin", "notar",
           "notarin", "urkundsbeamter", "urkundsbeamtin", "justizangestellte", "justizangestellter")


# a ledger's line: a debit and a credit ("Dr Inventory 500.00 / Cr Cash 500.00"), no doctor
_LEDGER = regex.compile(r"(?<![\w.])Cr[ ]\p{Lu}|(?<![\w.])Dr[ ]\p{Lu}[\p{L} ]*[ \t]\d[\d,]*\.\d\d(?!\d)")
# the words before a title that address or meet a person: "with Dr …", "Dear Dr …", "bei Dr …"
_MEETING_BEFORE = regex.compile(r"(?i)(?<![\w])(?:with|dear|hi|hello|by|see|saw|from|to|ask|call|contact|mit|bei|von|"
                                r"an|liebe|lieber|avec|chez|par|con|da|dal|dalla|del|caro|cara|gentile|estimado|estimada|"
                                r"querido|querida|hola|ciao|bonjour|hallo|thanks|thank[ ]you|regards|cheers|best|"
                                r"sincerely|grazie|danke|merci|gracias|saluti|grüße|gruß|cordialement|saludos|"
                                r"atentamente)[ ,]+$")
# the titles an agent's text writes without their full stop too; the name after them must be no word ("Dr Pepper",
# "Dr Who", "Prof Hash" are none)
_BARE_TITLES = ("Dr", "Prof", "Dra")


def _names_list(table: str) -> tuple[str, ...]:
    return vocabulary_words("names", table)


@vocab_cache
def _patterns() -> _Patterns:
    """The name patterns, built from data/vocab/names.toml (particles, honorifics, greetings) and streets.toml."""
    particle = particle_regex()
    return _Patterns(
        full=regex.compile(
            rf"(?:(?<![\w.@/\\$#-])|(?<=(?:^|\n)--))(?P<first>{_WORD})(?:[ ](?P<mid>\p{{Lu}}\.))?[ ](?P<last>(?:{particle}[ ]){{0,3}}{_WORD}(?:[ ]{_WORD})?)(?![\w(@/\\-]|\.\w)"
        ),
        # the name may start with initials ("Mr D. O'Sullivan", "Ms R. J. Ashdown")
        titled=regex.compile(
            rf"(?<![\w])(?P<title>{phrase_regex('honorifics')})[ ]"
            rf"(?P<name>(?:\p{{Lu}}\.[ ]?){{0,2}}(?:{_WORD}[ ])?(?:{particle}[ ]){{0,3}}{_WORD})(?![\w(@/\\-])"
        ),
        # a bank statement's or a payment file's payee in capitals: "TFR TO MRS A K PEMBERTON-SMYTHE", "MR J HALVORSEN"
        titled_upper=regex.compile(
            r"(?<![\w])(?:MR|MRS|MS|MISS|DR|MX)\.?[ ](?P<name>(?:[A-Z]\.?[ ]){0,3}(?:MC|MAC|O'|D')?[A-Z]{2,}(?:[- ][A-Z]{2,})?)(?![\w@/\\-])"
        ),
        # a document's titled name may be written in capitals ("Monsieur DUPONT Jean", "Me SCHMITT")
        titled_caps=regex.compile(
            rf"(?<![\w])(?P<title>{alternation((*_names_list('honorifics'), *_names_list('document_honorifics')))})(?:[ ]{{1,2}}|(?<=\.)(?=\p{{Lu}}\p{{Ll}}))"
            rf"(?P<name>(?:\p{{Lu}}\.?(?:-\p{{Lu}}\.)?[ ]{{1,2}}){{0,2}}(?:{_NAME_OR_CAPS}[ ])?(?:(?i:{particle})[ ]){{0,3}}{_NAME_OR_CAPS})(?![\w(@/\\-])"
        ),
        # a German court's judge by the court ("Richterin am Landgericht Schulte-Borowski", "Richter am
        # Arbeitsgericht Dr. Wendt"): the name after the court is a person whatever the gazetteers know
        roled_at=regex.compile(
            rf"(?<![\w])(?i:{alternation(_JUDGES)})[ ](?:am|beim|an[ ]der|des)[ ]\p{{Lu}}[\p{{L}}-]*(?:gericht|gerichtshof|gerichts|hof|amt|anwaltschaft)[ ]"
            rf"(?:(?:Dr|Prof)\.(?:[ ]med\.)?[ ])*(?P<name>{_WORD}(?:[ ]{_WORD})?)(?![\w(@/\\-])"
        ),
        roled=regex.compile(
            rf"(?<![\w])(?i:{alternation(name_roles())})[ ]+"
            rf"(?P<name>(?:{_WORD}[ ])?(?:{particle}[ ]){{0,3}}{_WORD})(?![\w(@/\\-])"
        ),
        titled_initial=regex.compile(rf"(?<![\w]){phrase_regex('honorifics')}[ ](?P<name>\p{{Lu}}\.)(?![\w]|[ ]?\p{{Lu}})"),
        # "Dr Nakamura", "Prof Lindqvist" without the full stop (an agent's text; a document's are titled_caps)
        # (a street's "Dr" after its number and name is Drive: "45 Birchwood Dr Austin TX")
        titled_bare=regex.compile(rf"(?<![\w.])(?:{alternation(_BARE_TITLES)})(?<!\d\w*(?:[ ]\p{{Lu}}[\p{{L}}'’-]*){{1,3}}[ ]\w+)[ ](?P<name>(?:{_WORD}[ ])?{_WORD})(?![\w(@/\\-]|\.\w)"),
        greeting=regex.compile(
            rf"(?<![\w]){phrase_regex('greetings')}[ ,\n]+(?P<name>{_WORD})(?=[,!.:;\s]|$)"
        ),
        # "(I'm Oluwaseun from the billing team)", "C'est Inès :": a speaker naming themself
        introduction=regex.compile(
            rf"(?<![\w])(?P<intro>{phrase_regex('introductions')}|{phrase_regex('naming')})[ ](?P<name>{_WORD})(?![\w'’-])"
            rf"(?P<after>,?[ ](?:from|von[ ]der|vom|aus[ ]der|de[ ]la|du|dal|dalla|del|della)[ ])?"),
        # "Oluwaseun here, from billing", "Hi all — Jonas hier:": at a line's start or after a greeting's punctuation
        introduced_after=regex.compile(
            rf"(?:(?<=^|\n)[ \t]*|(?<=[,!.;—–-][ ]))(?P<name>\p{{Lu}}\p{{Ll}}+(?:-\p{{Lu}}\p{{Ll}}+)?)"
            rf"[ ](?P<post>{phrase_regex('introductions_after')})(?=[ ]?[,—–!:-])"),
        # "Mme Awa épouse N'DIAYE", "Anna Weber, geb. Schulze": a capitalised word before the marker
        birth_name=regex.compile(
            rf"(?<=\p{{Lu}}[\p{{L}}'’.-]*,?[ ])(?:{phrase_regex('birth_name_markers')})[ ](?P<name>{_NAME_OR_CAPS}"
            rf"(?:-{_NAME_OR_CAPS})?)(?![\w@/\\-]|\.\w)"),
        street_types=word_set("streets", "ends_a_name"),
    )


# a document's file name: a CV, a payslip, a contract is often named after its person ("CV_Stefan_Petersen.pdf")
# a document file name's stem: back from its extension (keep.DOC_EXTENSION) to a separator or the line's start
_STEM = regex.compile(r"[\w '’-]{3,80}$")
_PERSONAL_FILE = regex.compile(
    r"(?i)(?<![a-z])(?:licen[cs]e|passport|passaporto|pasaporte|passeport|reisepass|ausweis|id|dl|dni|nie|cv|resume|"
    r"lebenslauf|curriculum|payslip|busta[_-]?paga|nomina|fiche[_-]?de[_-]?paie|gehaltsabrechnung|contract|contratto|"
    r"vertrag|contrat|contrato|consent|referral|screenshot|scan|audiogram|psg|ecg|eeg|mri|xray|x-ray|"
    # a hiring file's offer and letters (Offer_Letter_…, lettera_offerta_…, Bewerbung_…, Zeugnis_…)
    r"offer|offerta|oferta|offre|angebot|letter|lettera|lettre|carta|anschreiben|bewerbung|zeugnis|candidatura|"
    r"candidature)(?![a-z])"
    r"|(?<!\d)(?:19|20)\d\d(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])(?!\d)")
# a document's file, or a record's that an export writes one per person (kyc/2025/hartmann_niklas.json)
_RECORD_FILE = regex.compile(DOC_EXTENSION.pattern[:-3] + r"|(?:nd)?json|jsonl|ya?ml|html?)\b", regex.I)
# a folder of people's records, whose files are named after them: kyc/2025/, customers/, patients/, /members/
_PERSON_DIR = regex.compile(r"(?i)/(?:kyc|customers?|clients?|patients?|members?|people|persons?|employees?|staff|"
                            r"students?|users|profiles?|applicants?|candidates?|tenants?|donors?|volunteers?|"
                            r"personnel|hr|clienti|pazienti|kunden|mitarbeiter|patienten|clientes|pacientes)/(?:[^/\s\"']*/)*[^/\s\"']*$")
_PLACE_PREFIXES = frozenset({"San", "Santa", "Santo", "São", "Saint", "Sainte", "St", "North", "South", "East", "West",
                             "New", "Los", "Las", "El", "La", "Le", "Port", "Fort", "Mount", "Bad", "Nord", "Sud",
                             "Ost", "Neu", "Alt", "Porto", "Puerto", "Villa", "Val", "Monte"})
# a person's own folder inside a folder of people's records: "Clienti/Lombardi_Davide/", "clientes/Morales_Javier/"
_PERSON_FOLDER = regex.compile(r"(?i:/(?:kyc|customers?|clients?|patients?|members?|people|persons?|employees?|staff|"
                               r"students?|users|profiles?|applicants?|candidates?|tenants?|donors?|volunteers?|"
                               r"personnel|hr|clienti|pazienti|kunden|mitarbeiter|patienten|clientes|pacientes)/)"
                               r"(?P<a>\p{Lu}\p{Ll}[\p{L}'’-]+)[_ ](?P<b>\p{Lu}\p{Ll}[\p{L}'’-]+)/")
_STEM_WORD = regex.compile(r"[\w'’-]{3,80}$")
_CAPS_WORD = regex.compile(r"(?<![\p{L}])\p{Lu}{2,}(?![\p{L}])")


def _titled(m: regex.Match[str]) -> str:
    """A word in capitals as a name list spells it, when that keeps its length (offsets map one to one)."""
    w = m.group()
    t = w[0] + w[1:].lower()
    return t if len(t) == len(w) else w


_FILE_PAIR_LOWER = regex.compile(r"(?<![\p{L}])(\p{Ll}{3,})[_-](\p{Ll}{3,})(?![\p{L}])")
_FILE_PAIR = regex.compile(r"(?<![\p{L}])(\p{Lu}\p{Ll}+)[ _-](\p{Lu}\p{Ll}+(?:[ _-]\p{Lu}\p{Ll}+)?)(?![\p{L}])")


# a device's name: words joined by "-" or "_" (an owner's possessive "'s" or "s" glued to a first name)
_DEVICE = regex.compile(r"(?<![\w./-])[A-Za-z][A-Za-z0-9]*(?:[-_'’][A-Za-z0-9]+){1,5}(?![\w@]|[-.]\w)")
_CAMEL_PARTS = regex.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])|\d+")
_OWNER_JOINS = frozenset({"de", "di", "von", "du", "of", "da", "del"})
_STRONG_DEVICE = regex.compile(r"(?i)iphone|ipad|ipod|macbook|imac|laptop|desktop|(?<![a-z])pc(?![a-z])|thinkpad|"
                               r"chromebook|notebook|tablet|portatil|portátil|movil|móvil|handy|galaxy-[a-z]\d|pixel-\d|"
                               r"(?<=[a-z]s-)(?:galaxy|pixel|android|redmi|xiaomi|huawei|oneplus)(?![a-z])")


# initials before a surname ("K. Natarajan", "N.V. Ramana", "S.Manikumar", "Mrs.V.Sheela"): a name in a document's prose
@vocab_cache
def _initials_regex() -> regex.Pattern[str]:
    """Initials before a surname, particles and all ("N. Dalla Valle", "G. van der Merwe", "F. D'Amico")."""
    return regex.compile(
        r"(?:(?<![\w.@/-])|(?<=(?<![\w])(?:Mr|Mrs|Ms|Dr|Smt|Shri|Sri|Prof)\.))(?:\p{Lu}\.[ ]?|(?:Ch|Th|Ph|Wm|Jn|Chr|Fr)\.[ ]?){1,3}"
        rf"(?P<sur>(?:(?i:{document_particle_regex()})[ ]){{0,2}}(?:Mc|Mac|O['’]|D['’]|Dell['’])?\p{{Lu}}\p{{Ll}}{{2,}}(?:-\p{{Lu}}\p{{Ll}}{{2,}})?)(?![\w@(/-]|\.\w)")


# a register's names: two or three words in capitals ("ROSSI MARIO", "VAN DER MERWE REUBEN"), a surname (in capitals
# or not) and a comma before a first name ("STONE, Bethany", "Winter, Stefan"), or lower case ("lukas vogel")
_CAPS_NAME = regex.compile(r"(?<![\w-])\p{Lu}{2,}(?:[ ]\p{Lu}\.)?(?:(?:[ ]{1,2}|['-])\p{Lu}{2,}){1,3}(?![\w-])")
# a document's "SURNAME Given" and "Given SURNAME" ("RAKOTOMALALA Fenohasina", "Marc-Antoine FOURNIER")
_MIXED_CAPS = (regex.compile(r"(?<![\w-])(?P<sur>\p{Lu}{3,}(?:[ -]\p{Lu}{2,}){0,2})[ ](?P<first>\p{Lu}\p{Ll}+(?:-\p{Lu}\p{Ll}+)?)(?![\w-])"),
               regex.compile(r"(?<![\w-])(?P<first>\p{Lu}\p{Ll}+(?:-\p{Lu}\p{Ll}+)?)[ ](?P<sur>\p{Lu}{3,}(?:[ -]\p{Lu}{2,}){0,2})(?![\w-])"))
_SURNAME_FIRST = regex.compile(r"(?<![\w-])(?<!\^)(?<!\^F[DV])(?P<sur>\p{Lu}{2,}(?:[ -]\p{Lu}{2,}){0,2}|\p{Lu}\p{Ll}+(?:-\p{Lu}\p{Ll}+)?),[ ]"
                               r"(?P<first>\p{Lu}\p{Ll}+)(?![\w-])")
_LIST_AFTER = regex.compile(r"[ ]\p{Lu}\p{Ll}")
# a list item's start, or a second person of the same item after "+" or "&", right before a name
_LIST_ITEM = regex.compile(r"(?:(?:^|\n)[ \t]*(?:\d{1,3}[.)]|[-*•])[ \t]+|[ ][+&][ ])$")
_WORD_BEFORE = regex.compile(r"(\p{Lu}\p{Ll}+)[ ]$")
# an airline's and a travel record's name: SURNAME/GIVEN ("LEMAIRE/BERENICE", "VAN DER LINDE/JOOST MR"); the title
# codes a booking adds after the given name (MR, MRS, CHD …) stay
_SLASH_NAME = regex.compile(r"(?<![\p{L}/-])(?<!\p{L}\.)(?P<sur>\p{Lu}{2,}(?:[ '-]\p{Lu}{2,}){0,3})/(?P<first>\p{Lu}{2,}(?:[ ](?!(?:MR|MRS|MS|MSTR|MISS|DR|PROF|CHD|INF)\b)\p{Lu}{2,})?)"
                            r"(?![\w/-]|\.\w)")
# a capitalised word alone: no capitalised word, initial or name-joining mark right before or after it
_FIRST_ALONE = regex.compile(r"(?<![\p{L}\p{M}\p{N}.'’@/_-])(?<!\p{Lu}\p{L}*[ ])\p{Lu}\p{Ll}{2,}(?:-\p{Lu}\p{Ll}+)?"
                             r"(?![\p{L}\p{M}\p{N}'’@/_-]|[ ]\p{Lu}|\.\w)")
_LOWER_WORDS = regex.compile(r"(?<![\w])\p{Ll}[\p{Ll}'’]*(?![\w])")
# a sentence's or a line's first word (a bullet or a number before it too)
_SENTENCE_START = regex.compile(r"(?:^|[.!?:;]\s+|\n[ \t]*(?:[-*•–]|\d+[.)])?[ \t]*)$")
# a place's preposition or an article before the word: a place, a thing or a title ("a Stella", "en Lorraine", "an
# Silvester", "of Derby", "in Kent", "la Marine", "the …"); "from Richard", "per Rosemary", "mit Erna" stay names
_PLACE_OR_ARTICLE_BEFORE = regex.compile(
    r"(?i)(?<![\w])(?:a|à|en|in|an|at|de|des|del|della|di|desde|of|nel|nella|im|am|au|aux|the|la|le|les|el|il|lo|los|las|"
    r"der|die|das|den|dem|des|un|una|une|ein|eine|su|sa|son|his|her|its|their)[ ]$")
# a saint's name is a place's or an institution's ("San Giovanni", "St. Mary's", "Sainte-Anne")
_SAINT_BEFORE = regex.compile(r"(?i)(?:san|santa|santo|sant['’]|st\.?|ste\.?|saint|sainte|sankt|são)[ -]?$")
_LOWER_NAME = regex.compile(r"(?<![\w.@/-])\p{Ll}{3,}(?:[ ]\p{Ll}{3,}){1,2}(?![\w@/-])")


# salutations that open a message: the word after one and a comma is its addressee
# words an opening salutation addresses that name no one ("Dear Sir,", "Hi Maintainers,")
_ADDRESSED_GROUPS = frozenset({"Sir", "Sirs", "Madam", "Madame", "Maintainers", "Colleagues", "Everyone", "Everybody",
                               "All", "Team", "Folks", "Friends", "Reviewers", "Users", "Customer", "Client", "Guys",
                               "Tutti", "Colleghi", "Kollegen", "Kolleginnen", "Collègues", "Compañeros", "Equipo"})
_OPENINGS = frozenset({"Hi", "Hey", "Hello", "Dear", "Ciao", "Caro", "Cara", "Gentile", "Hallo", "Liebe", "Lieber",
                       "Bonjour", "Salut", "Cher", "Chère", "Hola", "Querido", "Querida", "Estimado", "Estimada"})


# the thanks that sign a message off before the writer's first name ("Gracias, Abdoulaye", "Danke, Svenja")
_CLOSINGS = frozenset({"Thanks", "Cheers", "Grazie", "Danke", "Merci", "Gracias"})


_NUMBER_BEFORE = regex.compile(r"\d[A-Za-z]?[ \t]+$")


class NameDetector:
    name = "names"
    produces = frozenset({"person"})

    def __init__(self, documents: bool = False) -> None:
        self.documents = documents
        self.first = first_names()
        self.first_lower = frozenset(w.lower() for w in self.first) - word_list("ambiguous_first_names_lower")
        self.last_lower = frozenset(w.lower() for w in word_list("last_names"))
        self.last = word_list("last_names")
        self.ambiguous = word_list("ambiguous_first_names")
        self.patterns = _patterns()

    def detect(self, text: str) -> list[Span]:
        out: list[Span] = []
        p = self.patterns
        roles, abbreviations = name_roles(), title_abbreviations()
        for m in (p.titled_caps if self.documents else p.titled).finditer(text, overlapped=True):
            s, e = m.span("name")
            words = text[s:e].split()
            first = words[0]
            if text.startswith(".", s + len(first)) and (first + ".").lower() in abbreviations:
                continue  # "Herr Dr. med. …": a second title, no name ("Mr. King." is a name)
            if len(words) == 1 and first.lower() in roles and first not in self.last and first not in self.first:
                continue  # "Señor Presidente", "Frau Kommissarin": a role after the courtesy title ("Frau Richter" is a name)
            if not is_product(text[s:e]):
                out.append(Span(s, e, "person", "names:titled", 0.8))
        if not self.documents:
            for m in p.titled_bare.finditer(text):
                if self._bare_titled(text, m):
                    out.append(Span(m.start("name"), m.end("name"), "person", "names:titled", 0.7))
        for m in p.titled_upper.finditer(text):
            s, e = m.span("name")
            words = text[s:e].split()
            initials = [w for w in words if len(w.rstrip(".")) == 1]
            surname = [w for w in words if len(w.rstrip(".")) > 1]
            parts = [p.lower() for w in surname for p in w.split("-")]
            # initials before a surname that is no word ("MRS A K PEMBERTON-SMYTHE"; "MISS A LOT", "MR A NEW
            # FEATURE" are words), or a surname the gazetteer knows ("MR HALVORSEN", "MS ROSS-SMITH")
            known = any(p.title() in self.last for p in parts)
            if len(surname) == 2 and surname[1].lower() in dictionary_words():
                e = s + text[s:e].rindex(" ")  # "MR J HALVORSEN REF": the surname, not the reference's word
                parts = parts[:-1]
            worded = any(p in dictionary_words() or p in word_list("common_words_lower") for p in parts)
            if (known or initials and not worded) and not is_product(" ".join(surname).title()):
                out.append(Span(s, e, "person", "names:titled", 0.75))
        if self.documents:
            for m in p.roled_at.finditer(text):
                s, e = m.span("name")
                first = text[s:e].split()[0]
                if first.lower() not in roles and not is_product(text[s:e]) and not all_plain_words(text[s:e].split()):
                    out.append(Span(s, e, "person", "names:titled", 0.8))
            for m in p.roled.finditer(text):  # "le docteur Jean Dupont", "Richterin Weber": a known name after a role
                s, e = m.span("name")
                words = text[s:e].split()
                if (words[0].lower() not in roles and any(w in self.first or w in self.last for w in words)
                        and not is_product(text[s:e]) and not all_plain_words(words)):
                    out.append(Span(s, e, "person", "names:role", 0.7))
        for m in p.greeting.finditer(text):
            name = m.group("name")
            s, e = m.span("name")
            # an opening salutation and a comma name the addressee whatever the gazetteers know ("Hi Meenakshi,"),
            # unless the word is one of the language ("Hi Team,", "Hello World,")
            word = m.group(0).split()[0].rstrip(",")
            # a letter's "Hola Abdoulaye:" ends its salutation with a colon; a message's "Gracias, Abdoulaye" signs off
            # at its line's end
            after = text[e:e + 1]
            addressed = (word in _OPENINGS and (after == "," or after == ":" and text[e + 1:e + 2] in ("\n", "\r", ""))
                         or word in _CLOSINGS and text[m.start():s].rstrip().endswith(",")
                         and text[e:e + 2].rstrip(" \t")[:1] in ("\n", "\r", ""))
            opening = (addressed and name[1:].islower()
                       and name not in _ADDRESSED_GROUPS
                       and name.lower() not in word_list("dictionary_words") and not all_plain_words([name])
                       and not is_product(name) and name not in word_list("common_words"))
            if (name in self.first and name not in self.ambiguous) or opening:
                out.append(Span(s, e, "person", "names:greeting", 0.6))
        for m in p.introduction.finditer(text):
            name, intro = m.group("name"), m.group("intro")
            known = name in self.first and name not in self.ambiguous
            # "I'm Oluwaseun from the billing team", "My name is Oluwaseun": a word no gazetteer knows, the speaker's
            unknown_ok = (intro in _names_list("naming")
                          or intro.lower() in word_set("names", "first_person") and m.group("after") is not None)
            if (known or unknown_ok) and not self._ordinary([name]) \
                    and name.lower() not in plain_words() and name not in word_list("common_words") \
                    and name not in word_list("places") and not is_product(name):
                out.append(Span(m.start("name"), m.end("name"), "person", "names:introduction", 0.6))
        for m in p.introduced_after.finditer(text):
            name = m.group("name")
            # a name the gazetteers know: "Dockerfile here:", "Repro here:" are no one
            known = name in self.first and name not in self.ambiguous
            if known and not self._ordinary([name]) and name.lower() not in plain_words() \
                    and name not in word_list("common_words") and name not in word_list("places") and not is_product(name):
                out.append(Span(m.start("name"), m.end("name"), "person", "names:introduction", 0.6))
        out.extend(self._in_file_names(text))
        out.extend(self._in_person_folders(text))
        out.extend(self._device_names(text))
        if self.documents:
            for m in p.birth_name.finditer(text):
                name = m.group("name")
                if name.lower() not in plain_words() and name.title() not in word_list("places") and not is_product(name):
                    out.append(Span(m.start("name"), m.end("name"), "person", "names:birth-name", 0.7))
            out.extend(Span(m.start("name"), m.end("name"), "person", "names:titled-initial", 0.7)
                       for m in p.titled_initial.finditer(text))
            out.extend(self._initialled(text))
            out.extend(self._lower_case(text))
            out.extend(self._first_alone(text))
        out.extend(self._written_otherwise(text))
        for m in p.full.finditer(text, overlapped=True):
            first, last = m.group("first"), m.group("last")
            hyphenated = "-" in first
            if first not in self.first and not (hyphenated and first.split("-")[0] in self.first):
                continue
            last_words = last.split()
            surname_known = any(w in self.last for w in last_words)
            if first in self.ambiguous and not hyphenated and not surname_known:
                continue
            if last_words[0] in self.first and not surname_known and len(last_words) == 1:
                continue  # "Anna Maria": two first names, probably a list of people or a title
            if is_product(f"{first} {last}") or is_product(last) or all_plain_words([first, *last_words]):
                continue
            if last_words[-1].lower() in p.street_types:
                continue  # "Franklin Street": a street, the address detectors' job
            # Title Case headings ("Mark Complete Task Handler"): drop when more capitalised words follow.
            tail = text[m.end() : m.end() + 30]
            if regex.match(r" \p{Lu}\p{Ll}+ \p{Lu}\p{Ll}+", tail) and not surname_known:
                continue
            start, end = m.span()
            if len(last_words) == 2 and last_words[1] not in self.last and last_words[0] in self.last:
                end = m.start("last") + len(last_words[0])
            out.append(Span(start, end, "person", "names:gazetteer", 0.75 if surname_known else 0.6))
        return out

    def _written_otherwise(self, text: str) -> list[Span]:
        """Names as records, registers and exports write them: ``ROSSI MARIO``, ``KENJI WOOD``, ``STONE, Bethany``,
        ``Kettering, Hollis``, ``LEMAIRE/BERENICE``: a known first name with a known surname (either order in
        capitals), after a surname and its comma, or after a surname and a slash as airlines write them."""
        out = []
        common = word_list("common_words")
        particles, plain, places = name_particles(), plain_words(), word_list("places")
        for m in _CAPS_NAME.finditer(text):
            words = [w.title() for w in m.group().split()]
            if any((w.lower() in plain or w in common) and w.lower() not in particles and w not in self.first
                   and w not in self.last for w in words):
                continue  # "MARK AS READ": a heading or a button, not a name
            if not self.documents and self._ordinary(words):
                continue  # "GREEK SMALL LETTER THETA" in code and its documentation
            if _NUMBER_BEFORE.search(text, max(0, m.start() - 8), m.start()) and (
                    any(w.lower() in word_set("streets", "after") for w in words[1:])
                    or words[0].lower() in word_set("streets", "before")):
                continue  # "27 LINDEN STREET", "12 VIA ROMA": a street in capitals, its house number before it
            firsts = [w for w in words if w in self.first and w not in common]
            others = [w for w in words if w != firsts[0]] if firsts else []
            # a month that is no first name makes it a date ("VINGT FÉVRIER DEUX MILLE"; "JUNE CARTER" is a name)
            if firsts and not any(w.lower() in calendar_words() and w not in self.first and w.lower() not in particles
                                   for w in words) and (
                    any(w in self.last or w in self.first for w in others)
                           or self.documents and firsts[0] not in self.ambiguous and all(map(self._surname_like, others))):
                # in a document a known first name with unlisted surnames too ("WINIFRED  AKINYI  OTIENO")
                out.append(Span(m.start(), m.end(), "person", "names:capitals", 0.7))
        for m in _SURNAME_FIRST.finditer(text):
            first, sur = m.group("first"), m.group("sur").title()
            if sur in places or first in places:  # "London, Paris and Rome", "Paris, France": places
                continue
            if not self.documents and (self._ordinary([first, *sur.split()]) or is_product(sur) or is_product(first)):
                continue  # "Floor, Boston", "NA, True", "DOS, Mac", "Dagster, Luigi": words of a list, not a name
            before, after = text[max(0, m.start() - 30):m.start()], text[m.end():m.end() + 3]
            if _LIST_AFTER.match(after) or (w := _WORD_BEFORE.search(before)) and w.group(1) in self.first:
                continue  # "Marie Dupont, Jean Dupont": names in a list, each in its usual order
            if (first in self.first and first not in common
                    and (sur in self.last or m.group("sur").isupper() and not all_plain_words(sur.split()[-1:])
                         or self.documents and first not in self.ambiguous and self._surname_like(sur))):
                # an unlisted surname only in a document: in tool output "Dagster, Luigi" lists products
                out.append(Span(m.start(), m.end(), "person", "names:surname-first", 0.7))
        listed: list[Span] = []
        for pattern in _MIXED_CAPS:
            for m in pattern.finditer(text, overlapped=True):
                first, sur = m.group("first"), m.group("sur").title()
                given = first.split("-")[0]
                if not (given in self.first and given not in common and (given not in self.ambiguous or "-" in first)
                        and regex.search(r"[AEIOUYÀ-ÖØ-Ý]", m.group("sur")) and sur not in places):
                    continue
                unlisted = all(self._surname_like(w) or w in self.last for w in sur.split())
                if (unlisted if self.documents
                        # a rooming list's or a manifest's "FERRER Yuliana" in an agent's text: a surname the
                        # gazetteer knows, no word of a program's
                        else all(w in self.last for w in sur.split()) and not self._ordinary([*sur.split()])
                        and not is_product(sur) and not is_product(m.group()) and sur.lower() not in word_list("vehicle_makes")):
                    out.append(Span(m.start(), m.end(), "person", "names:capitals", 0.7))
                elif (unlisted and len(m.group("sur").replace(" ", "")) >= 4 and not self._ordinary([*sur.split()])
                      and not is_product(sur) and not is_product(m.group())
                      and sur.lower() not in word_list("vehicle_makes")
                      and _LIST_ITEM.search(text, max(0, m.start() - 12), m.start())):
                    listed.append(Span(m.start(), m.end(), "person", "names:capitals", 0.7))
        if len(listed) >= 2:
            # a list of people written SURNAME Given, one or two to an item ("4. PUIGDEMUNT Fermín – DBL", "+ CHEN
            # Ruggero"): an unlisted surname there too, where two items or more read so
            out.extend(listed)
        if "/" in text:
            for m in _SLASH_NAME.finditer(text):
                first = m.group("first").split()[0].title()
                sur = m.group("sur").title()
                if (first in self.first and first not in common and first not in self.ambiguous
                        and not self._ordinary([first, *sur.split()]) and sur not in places
                        and not is_product(sur) and not is_product(first)
                        and (sur in self.last or self.documents and self._surname_like(sur))):
                    out.append(Span(m.start(), m.end(), "person", "names:surname-slash", 0.7))
        return out

    @staticmethod
    def _ordinary(words: list[str]) -> bool:
        """A word of the list is one technical English writes (keep/dictionary_words.txt) or a month or weekday: in
        code and tool output a first name that is also such a word (Mark, Will, April) needs more than a register's
        layout to be a name."""
        dictionary = word_list("dictionary_words")
        return any(w.lower() in dictionary or w.lower() in calendar_words() for w in words)

    def _bare_titled(self, text: str, m: regex.Match[str]) -> bool:
        """A name after "Dr" or "Prof" written without the full stop: a surname or a first name the gazetteers know, or
        one no word is after words that address or meet a person ("with Dr Okwuosa", "Dear Dr Okwuosa"); never a
        character, a product or a ledger's debit ("Dr Watson", "Dr Pepper", "Dr Inventory 500.00 Cr Cash")."""
        name, words = m.group("name"), m.group("name").split()
        line_start, line_end = text.rfind("\n", 0, m.start()) + 1, text.find("\n", m.end())
        line = text[line_start:line_end if line_end >= 0 else len(text)]
        if (any(self._worded(w) for w in words) or is_product(name) or is_product(m.group())
                or m.group().lower() in word_set("names", "titled_characters") or _LEDGER.search(line)):
            return False
        if any(w in self.last or w in self.first for w in words):
            return True
        return _MEETING_BEFORE.search(text, max(0, m.start() - 30), m.start()) is not None

    @staticmethod
    def _worded(word: str) -> bool:
        """A word of the language or of code in any case ("Pepper", "House", "Hash"): no name after a bare title."""
        low = word.lower()
        return (low in dictionary_words() or low in plain_words() or low in word_list("common_words_lower")
                or word in word_list("common_words") or any(p in dictionary_words() for p in low.split("-")))

    def _surname_like(self, word: str) -> bool:
        """A capitalised word no dictionary or place list holds, the way an unlisted surname reads."""
        return all(w.lower() not in plain_words() and w not in word_list("common_words") and w not in word_list("places")
                   and w.lower() not in name_particles() and w.lower() not in calendar_words()
                   and w.lower() not in word_set("dates", "number_words") for w in regex.split(r"[ '-]", word) if w)

    def _first_alone(self, text: str) -> list[Span]:
        """A first name standing alone in a document ("report rec'd from Richard", "il familiare (Salvatore)",
        "- Bérénice, née le …"), when the document's own language gives that name (keep/first_names_by_language.toml:
        German writes "Tage" and "Jude" as nouns, capitalised) and it is no word of prose, place, month, product, saint's
        or street's name, nor the first word of a longer capitalised name (the other detectors read those)."""
        lang = guess_language(text)
        if lang is None:
            return []
        given = first_names_of(lang)
        out = []
        common, places, plain = word_list("common_words"), word_list("places"), plain_words()
        lowered = {w.lower() for w in _LOWER_WORDS.findall(text)}  # once per text: linear in it
        for m in _FIRST_ALONE.finditer(text):
            word = m.group()
            if (word not in given or word not in self.first or word in self.ambiguous or word in common or word in places
                    or word.lower() in plain or word.lower() in calendar_words() or word.lower() in word_list("dictionary_words")
                    or is_product(word) or _SAINT_BEFORE.search(text, max(0, m.start() - 12), m.start())):
                continue
            if word.lower() in lowered:
                continue  # the document writes it in lower case too: a word of its language ("durante", "ernst")
            before = text[max(0, m.start() - 24):m.start()]
            if _SENTENCE_START.search(before) or _PLACE_OR_ARTICLE_BEFORE.search(before):
                continue  # "Donna di 75 anni", "Segundo: …": a sentence's first word; "a Stella", "la Marine", "of Derby"
            out.append(Span(m.start(), m.end(), "person", "names:first-alone", 0.55))
        return out

    def _lower_case(self, text: str) -> list[Span]:
        """Names written in lower case (documents only: in code, lower-case words are identifiers): ``lukas vogel``."""
        out = []
        plain, last_lower = plain_words(), self.last_lower
        for m in _LOWER_NAME.finditer(text, overlapped=True):
            first, *rest = m.group().split()
            if (first in self.first_lower and first not in plain and all(w in last_lower for w in rest)
                    and not any(w in word_set("names", "function_words") for w in rest)):  # "davon aus", "gilda di"
                out.append(Span(m.start(), m.end(), "person", "names:lower-case", 0.6))
        return out

    def _initialled(self, text: str) -> list[Span]:
        """Initials before a capitalised surname no dictionary holds (documents only: code writes ``A.Config``)."""
        out = []
        common, places, roles = word_list("common_words"), word_list("places"), name_roles()
        for m in _initials_regex().finditer(text):
            sur = m.group("sur").split()[-1]
            if (sur in common or sur in places or sur.lower() in roles or all_plain_words([sur]) or is_product(sur)
                    or sur.lower() in calendar_words() or roman_heading(text, m.start())):
                continue
            out.append(Span(m.start(), m.end(), "person", "names:initials", 0.7))
        return out

    def _in_file_names(self, text: str) -> list[Span]:
        """A first and a last name the gazetteers know, joined by ``_``, ``-`` or a space in a document's file
        name, in either order (``CV_Stefan_Petersen.pdf``, ``Contratto Giulia Ferraro.docx``, ``Weber_Lukas.xlsx``)."""
        out = []
        for ext in _RECORD_FILE.finditer(text):
            # a data file is a person's in a folder of people's records (kyc/, customers/, patients/); elsewhere only
            # where both its words are listed names (an app's export of one user: sleepwise_export_kenji_watanabe.ndjson)
            listed_only = DOC_EXTENSION.match(text, ext.start()) is None and _PERSON_DIR.search(
                text, max(0, ext.start() - 120), ext.start()) is None
            f = _STEM.search(text, max(0, ext.start() - 80), ext.start())
            if f is not None and f.group().count(" ") > 2:
                # a sentence before a dot, or a listing's columns ("Mar 14 15:57 SUTHERLAND_Orla_licence_….pdf"):
                # the file name is the last word, when separators join it
                f = _STEM_WORD.search(text, max(0, ext.start() - 80), ext.start())
                if f is None or not regex.search(r"[_-]", f.group()):
                    continue
            if f is None:
                continue
            # a name in capitals as archives and labs file it (PSG_SCHAFER_LUKAS_20250905.edf): read as "Schafer"
            stem = _CAPS_WORD.sub(_titled, f.group())
            # a surname no list holds is read beside a first name only in a person's document's name: an identity
            # check's scan, a CV, a payslip, a study with its date ("Sarah_Onboarding.pdf", "Floyd_Warshall.pdf" stay)
            personal = _PERSONAL_FILE.search(f.group()) is not None and not listed_only
            figures = public_figure_names()  # a public figure's name stays readable in a file's name too
            for m in _FILE_PAIR.finditer(stem, overlapped=True):
                first, last = m.group(1), m.group(2)
                if f"{first} {last}".lower() in figures or f"{last} {first}".lower() in figures:
                    continue  # a public figure's page or portrait (ada_lovelace.html, Donald_Knuth.pdf)
                lasts = regex.split(r"[ _-]", last)
                if first in self.first and first not in self.ambiguous and lasts[0] in self.last:
                    words = [first, *(lasts if len(lasts) == 1 or lasts[1] in self.last else lasts[:1])]
                elif first in self.last and lasts[0] in self.first and lasts[0] not in self.ambiguous:
                    words = [first, lasts[0]]  # surname first, as lists and archives file them: "Weber_Lukas.xlsx"
                elif personal and first in self.first and first not in self.ambiguous and self._file_surname(lasts[0]):
                    words = [first, lasts[0]]  # a surname no list holds beside a first name one does: "Marta_Kowalski"
                elif personal and lasts[0] in self.first and lasts[0] not in self.ambiguous and self._file_surname(first):
                    words = [first, lasts[0]]
                else:
                    continue
                pos = m.start()
                for w in words:  # each word on its own: "Stefan_Petersen" whole reads as a code identifier
                    pos = stem.index(w, pos)
                    out.append(Span(f.start() + pos, f.start() + pos + len(w), "person", "names:file", 0.7))
                    pos += len(w)
            # a name in lower case, as exports and payroll runs name their files: payslip_gisela_brandtner_2026-03.pdf
            words_ok = dictionary_words()
            for m in _FILE_PAIR_LOWER.finditer(text, f.start(), f.end(), overlapped=True):
                a, b = m.group(1), m.group(2)
                if f"{a} {b}" in figures or f"{b} {a}" in figures:
                    continue
                fictional = word_list("fictional_people")
                if a in words_ok or b in words_ok or f"{a.title()} {b.title()}" in fictional or f"{a.title()} {b.title()} *" in fictional:
                    continue  # a word, or a placeholder's name (mario_rossi.txt)
                # (a surname no list holds beside a first name: only where "_" joins them, as exports name files;
                # "emote-love", "andrew-inset" are words joined as icons and types are named)
                loose = m.group()[len(a)] == "_" and personal
                if ((a in self.first_lower and (b in self.last_lower or loose and self._file_surname(b.title())))
                        or (b in self.first_lower and (a in self.last_lower or loose and self._file_surname(a.title())))):
                    out.append(Span(m.start(1), m.end(1), "person", "names:file", 0.7))
                    out.append(Span(m.start(2), m.end(2), "person", "names:file", 0.7))
        return out

    def _in_person_folders(self, text: str) -> list[Span]:
        """A folder named after its person in a folder of people's records (``Clienti/Lombardi_Davide/``,
        ``/srv/clientes/Morales_Javier/``): a first name the gazetteers know and a surname beside it, in either order."""
        out: list[Span] = []
        if "/" not in text:
            return out
        places = word_list("places")
        for m in _PERSON_FOLDER.finditer(text):
            a, b = m.group("a"), m.group("b")
            if f"{a} {b}" in places or a in places and b in places or a in _PLACE_PREFIXES:
                continue  # a region's or a town's folder: North_America, San_Diego
            if ((a in self.first and a not in self.ambiguous and (b in self.last or self._file_surname(b)))
                    or (b in self.first and b not in self.ambiguous and (a in self.last or self._file_surname(a)))):
                out.append(Span(m.start("a"), m.end("a"), "person", "names:file", 0.7))
                out.append(Span(m.start("b"), m.end("b"), "person", "names:file", 0.7))
        return out

    def _file_surname(self, word: str) -> bool:
        """A word of a file's name that may be a surname beside a first name: no word of the dictionary, place,
        product or first name ("Grace_Hopper_Award": hopper is a word; "Anna_Final": a word)."""
        # (a place's name is a surname too beside a first name: Takahashi, Lincoln; the document's own word is none:
        # "Mehmet_Lebenslauf", "Anna_Payslip")
        return (len(word) >= 3 and word.lower() not in dictionary_words() and word not in self.first
                and _PERSONAL_FILE.fullmatch(word) is None and word not in word_list("common_words")
                and not is_product(word) and word.lower() not in calendar_words())

    def _device_names(self, text: str) -> list[Span]:
        """A device named after its owner (``Ethans-iPad``, ``Galaxy-S23-Liam``, ``PC-Henrik``, ``iPhone-de-Mikel``,
        ``AdaezeAdeyemi-PC``): a device word and a first name the gazetteer knows (possessive ``s`` allowed) among
        its parts; the whole name is masked."""
        devices = word_set("names", "device_words")
        firsts = self.first_lower
        out: list[Span] = []
        if _STRONG_DEVICE.search(text) is None:
            return out
        for m in _DEVICE.finditer(text):
            pieces = regex.split(r"[-_'’]", m.group())
            low = [p.lower() for p in pieces] + [p.lower() for piece in pieces for p in _CAMEL_PARTS.findall(piece)]
            if not any(p in devices for p in low) or _STRONG_DEVICE.search(m.group()) is None:
                continue  # "galaxy-brain", "pro-sterling": a model's word alone names no device
            # (a shell prompt's host named for the login before its "@": "solinegarnier@solinegarniers-MacBook-Pro")
            login = text[max(0, m.start() - 41):m.start()].rpartition("@")
            prompt_user = login[1] and login[2] == "" and regex.search(r"[\w.-]+$", login[0])
            owner = any(p not in devices and p not in _OWNER_JOINS and len(p) >= 3
                        and (p in firsts or (p.endswith("s") and p[:-1] in firsts)
                             or prompt_user and p.removesuffix("s") == prompt_user.group().lower() and login_word(p.removesuffix("s")))
                        for p in low)
            if owner:
                out.append(Span(m.start(), m.end(), "person", "names:device", 0.75))
        return out


@vocab_cache
def _title_before() -> regex.Pattern[str]:
    # (not a document's bare "Me", "Pr", "D.": "Ask Me Schmitt" is an agent's sentence)
    titles = alternation((*vocabulary_words("names", "honorifics"), "Dr", "Prof", "Dra", "Dra.", "Dña.", "Miss",
                          "Mister", "Madam", "Mademoiselle", "Señorita", "Signorina"))
    return regex.compile(rf"(?<![\w.])(?:{titles})[ \u00a0]$")


def with_titles(text: str, spans: list[Span]) -> list[Span]:
    """``spans`` with each person's name widened over the courtesy title right before it ("Mrs Achatz", "Herr
    Petrović", "Dra. Lucía Paredes"): in an agent's text the title is part of how the person is named, and it tells
    their gender (a document keeps its titles readable: issue 25)."""
    out = []
    for s in spans:
        if s.category == "person" and s.start > 0 and (m := _title_before().search(text, max(0, s.start - 16), s.start)):
            s = replace(s, start=m.start())
        out.append(s)
    return out
