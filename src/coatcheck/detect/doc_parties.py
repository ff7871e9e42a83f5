"""People a document names by its layout rather than by a title (document policy only, category ``person``):

- a judgment's parties in its title: "CASE OF HUSSAIN v. ROMANIA", "AFFAIRE X c. FRANCE", "In der Rechtssache X gegen
  Deutschland" (the applicant, never the state; "and others" stays);
- a party's name on the line above its role in a judgment's heading ("BETWEEN:\\nJANE ROE\\nClaimant");
- a letter's reference line of initials, the writer's and the typist's ("Our ref: HF/gs", "Unser Zeichen: zu/fb"),
  and the same pair alone on the last lines under a signature ("NA/sr");
- initials a note defines in brackets after a name ("Handover from Callum (CR)", "R. Thistlethwaite RN (rt)"): the
  letters must be the name's own initials, and a one-word name a gazetteer's first name;
- initials that sign a note's entry at the end of its line ("heels offloaded. — IM", "Fersen frei gelagert. /tb",
  "Hz.: mh");
- a name before a relative's role in brackets, typed in lower case or not ("gareth (husband) rang");
- the patient a letter's subject line names ("Re: Ffion Winterbottom   DOB 16/02/1950");
- a surname in capitals after a role in capitals ("DISTRICT JUDGE QUIGLEY", "LADY JUSTICE WINTERBOTTOM").

The cue words are data: data/vocab/parties.toml. A candidate is never a word prose writes, a role, a place or a
thing word (:func:`.doc_names._not_a_name`).
"""

from __future__ import annotations

import regex

from .._data import word_list
from ..spans import Span
from .doc_names import _not_a_name
from .doc_persons import is_role_word
from .vocabulary import (SURNAME_PREFIX, company_suffixes, country_names, document_particle_regex, document_particles,
                         name_roles, phrase_alternation, plain_words, vocab_cache, vocabulary_words, word_set)

_UPPER_WORD = r"(?:\p{Lu}['’])?\p{Lu}{2,}(?:-\p{Lu}{2,})?"
_TITLE_WORD = SURNAME_PREFIX + r"?\p{Lu}\p{Ll}+(?:-\p{Lu}\p{Ll}+)?"
# signatures are letters only; entries never end in these ("— OK", "/na")
_JOINS = regex.compile(r",[ ]|[ ](?i:and|et|e|und|y)[ ]")
_NOT_INITIALS = frozenset({"ok", "no", "si", "sì", "ja", "na", "nd", "etc", "tbc", "tba", "and", "und", "et", "the"})


def _words(file_table: str) -> str:
    file, table = file_table.split(":")
    return phrase_alternation(vocabulary_words(file, table))


@vocab_cache
def _patterns() -> dict[str, regex.Pattern[str]]:
    particle = rf"(?i:{document_particle_regex()})"
    word = rf"(?:{_UPPER_WORD}|{_TITLE_WORD}|{particle}|\p{{Lu}}\.)"
    name = rf"{word}(?:[ ]{word}){{0,4}}"
    upper_roles = "|".join(regex.escape(r.upper()) for r in vocabulary_words("parties", "court_titles"))
    staff = "|".join(regex.escape(s) for s in vocabulary_words("parties", "staff_suffixes"))
    return {
        "case_title": regex.compile(
            rf"(?<![\w])(?i:{_words('parties:case_title')})[ ]+(?P<parties>{name}(?:(?:{_JOINS.pattern}){name}){{0,4}})"
            rf"(?:[ ](?i:{_words('parties:co_parties')}))?[ ]+(?i:{_words('parties:versus')})[ ]+\S"),
        # a case cited in the text by its parties ("see Frydlender v. France [GC]", "Kowalski and Others v. Romania"):
        # a party is read only where it is one to three words no dictionary holds (no title opens the citation)
        "cited": regex.compile(
            rf"(?<![\w.'’-])(?P<parties>{name})(?:[ ](?i:{_words('parties:co_parties')}))?[ ]+(?:v\.|vs\.|c\.)[ ]+"
            rf"(?:the[ ]|THE[ ])?\p{{Lu}}"),
        "party_block": regex.compile(
            rf"(?m)^[ \t]*(?:\(\d\)[ ]+)?(?P<name>{name})[ \t]*(?:\n[ \t]*|[ \t]{{2,}})(?:\(\d\)[ ]+)?"
            rf"(?i:{_words('parties:party_roles')})[ \t]*$"),
        "reference": regex.compile(
            rf"(?<![\w])(?i:{_words('parties:reference_labels')})(?:\.[ ]?:?|[ ]?:|[ ])[ \t]*(?P<a>\p{{L}}{{1,3}})/(?P<b>\p{{L}}{{1,3}})(?![\w/])"),
        "typist_line": regex.compile(r"(?m)^[ \t]*(?P<a>\p{Lu}{2,3})/(?P<b>\p{Ll}{2,3})[ \t]*$"),
        "defined": regex.compile(
            rf"(?<![\w.])(?P<name>(?:\p{{Lu}}\.[ ]?){{0,2}}{_TITLE_WORD}(?:[ ](?:{particle}[ ]){{0,2}}{_TITLE_WORD}){{0,2}})"
            rf"(?:[ ](?:{staff}))?[ ]\((?P<ini>\p{{L}}{{2,3}}|(?:\p{{Lu}}\.){{2,4}})\)"),
        "signed": regex.compile(r"(?m)(?<=[.!)][ \t]{1,3})(?:—|–|--?|/)[ ]?(?P<ini>\p{L}{2,3}|(?:\p{Lu}\.){2,4})[ \t]*$"),
        "signed_label": regex.compile(
            r"(?im)(?<![\w])(?:hz|hdz|handzeichen|visto|initials?|enf|inf)\.?[ ]?:[ ]*(?P<ini>\p{L}{2,3}|(?:\p{Lu}\.){2,4})[ \t]*$"),
        "kin": regex.compile(
            rf"(?<![\w.@/-])(?:(?P<first>{_TITLE_WORD})[ ])?(?P<name>\p{{Ll}}[\p{{Ll}}'’-]*\p{{Ll}}|{_TITLE_WORD})[ ]\((?i:{_words('parties:kinship')})\)"),
        # a relative's name after the relation ("accompanied by brother Oleksandr", "Ansprechpartner: Bruder Kamran
        # Das", "two children: Mamadou, Ousmane")
        "kin_before": regex.compile(
            rf"(?<![\w])(?:(?i:{_words('parties:kinship')})|(?i:{_words('parties:kin_plurals')}))[ ]?:?[ ]"
            rf"(?P<names>{_TITLE_WORD}(?:[ ]{_TITLE_WORD})?(?:(?:,[ ]|[ ](?:and|und|et|e|y)[ ]){_TITLE_WORD}(?:[ ]{_TITLE_WORD})?){{0,5}})"
            rf"(?![\w-])"),
        # a letter's subject line names its patient ("Re: Ffion Winterbottom   DOB …", "Re: Mr Ian PRICE, 4 Elm Row")
        "regarding": regex.compile(rf"(?m)^[ \t]*(?i:re|betr|betreff|oggetto|objet|asunto)\.?:[ ]+(?:(?:Mr|Mrs|Ms|Miss|Dr|Herr|Frau|Sig\.(?:ra)?|M\.|Mme|Sr\.|Sra\.)[ ])?"
                                   rf"(?P<name>{_TITLE_WORD}(?:[ ](?:{particle}[ ]){{0,2}}(?:{_TITLE_WORD}|{_UPPER_WORD})){{1,2}})(?=[ \t]{{2,}}|,|[ ]\(|[ \t]*$)"),
        # a form's role label in capitals before a name in capitals ("ABOGADO: AINHOA FERNÁNDEZ SOLER")
        "upper_field": regex.compile(
            rf"(?<![\w])(?:{'|'.join(regex.escape(r.upper()) for r in sorted(name_roles() - word_set('parties', 'case_party_roles'), key=len, reverse=True) if len(r) > 3)})"
            rf"[ ]?:[ ]+(?P<name>{_UPPER_WORD}(?:[ ]{_UPPER_WORD}){{1,3}})(?=[ \t]*(?:\n|$|,))"),
        "upper_role": regex.compile(rf"(?<![\w])(?:{upper_roles})[ ]+(?P<name>{_UPPER_WORD}(?:[ ]{_UPPER_WORD})?)(?![\w])")
        if upper_roles else regex.compile("(?!)"),
    }


_OTHER_PARTY = regex.compile(r"(\p{Lu}[\p{L}'’ -]*?\p{L})(?=[,.;:)\]\s]|$)")
_KIN_JOINS = regex.compile(r",[ ]|[ ](?:and|und|et|e|y)[ ]")


def _person_words(value: str) -> bool:
    """Every word of ``value`` (particles aside) could be a name: no word of the language, role, place or thing."""
    particles = document_particles()
    words = [w.strip(",.") for w in value.split()]
    named = [w for w in words if w.lower() not in particles]
    if not named:
        return False
    for w in named:
        base = w.title() if w.isupper() else w
        if w.lower() in company_suffixes() or not regex.search(r"[AEIOUYÀ-ÖØ-Ýaeiouyà-öø-ý]", w):
            return False
        if any(_not_a_name(part, places=False) for part in base.split("-")):
            return False
    return True


@vocab_cache
def _co_parties() -> regex.Pattern[str]:
    return regex.compile(rf"(?i)[ ](?:{_words('parties:co_parties')})$")


def _party_words(value: str) -> bool:
    """A case title's applicant: in that layout a surname may be a word too (PRETTY, LAMBERT, LE PEN); not a state
    (CYPRUS v. TURKEY), a role, an institution or a company."""
    words = [w.strip(",.") for w in value.split()]
    states = country_names()
    if not words or " ".join(words).title() in states or words[-1].title() in states or " ".join(words) in states:
        return False
    for w in words:
        base = w.title() if w.isupper() else w
        low = base.lower()
        if low in company_suffixes() or low in word_set("names", "thing_words") or is_role_word(base) or \
                low in word_set("names", "function_words") and low not in document_particles():
            return False
    return True


def _initials_of(name: str, ini: str) -> bool:
    """``ini`` spells the first letters of ``name``'s words: every word ("Ruth Thistle": RT), or the first and the last
    ("Karl-Heinz Stoll": KS, KHS)."""
    letters = [w[0].lower() for part in name.replace(".", ". ").split() for w in part.split("-") if w[:1].isalpha()
               and w.lower() not in document_particles()]
    ini = ini.replace(".", "").lower()
    if not letters:
        return False
    return ini == "".join(letters) or (ini[0] == letters[0] and (len(letters) == 1 or ini[-1] == letters[-1]))


@vocab_cache
def _abbreviations() -> frozenset[str]:
    """parties.toml [not_initials]: abbreviations a note ends a line with or a reference line holds that name no one."""
    return word_set("parties", "not_initials")


class DocumentPartyDetector:
    """Names by their place in a document's layout (see the module)."""

    name = "doc-parties"
    produces = frozenset({"person"})

    def detect(self, text: str) -> list[Span]:
        p = _patterns()
        out: list[Span] = []
        for m in p["case_title"].finditer(text):
            out.extend(self._parties(m.group("parties"), m.start("parties")))
        first, last = word_list("first_names"), word_list("last_names")
        titled = {sp.start for sp in out}
        for m in p["cited"].finditer(text):
            words = m.group("parties").split()
            start = m.start("parties")
            while words and (words[0].lower() in word_set("parties", "citation_leads") or words[0].lower() in plain_words()):
                start += len(words[0]) + 1
                words = words[1:]
            party = " ".join(words)
            other = _OTHER_PARTY.match(text, m.end() - 1)
            state = other is not None and other.group(1) in country_names()
            known = any((w.title() if w.isupper() else w) in last for w in words)
            if (1 <= len(words) <= 3 and text.startswith(party, start) and start not in titled and _party_words(party)
                    and (state or known)  # "Frydlender v. France", "Brown v. Board"; not "Pepsi v. Coke"
                    and not any(_not_a_name(w.title() if w.isupper() else w, places=False) for w in words
                                if w.lower() not in document_particles())):
                out.append(Span(start, start + len(party), "person", "doc-parties:cited", 0.7))
        for m in p["kin_before"].finditer(text):
            base = m.start("names")
            at = 0
            for sep in [*_KIN_JOINS.finditer(m.group("names")), None]:
                end = sep.start() if sep is not None else len(m.group("names"))
                name = m.group("names")[at:end]
                # a name the gazetteers know: "mother Diabetes", "figli: Nessuno", German "Vater Arbeiter" are none
                if _person_words(name) and any(w in first or w in last for w in name.split()):
                    out.append(Span(base + at, base + end, "person", "doc-parties:kin", 0.65))
                if sep is not None:
                    at = sep.end()
        for m in p["party_block"].finditer(text):
            if _person_words(m.group("name")) and len(m.group("name").split()) <= 4:
                out.append(Span(m.start("name"), m.end("name"), "person", "doc-parties:party", 0.7))
        for pattern in (p["reference"], p["typist_line"]):
            for m in pattern.finditer(text):
                if m.group("a").lower() in _abbreviations() or m.group("b").lower() in _abbreviations():
                    continue  # "Ref: TCP/IP", "Our ref: MRI/ct"
                for g in ("a", "b"):
                    out.append(Span(m.start(g), m.end(g), "person", "doc-parties:initials", 0.6))
        first = word_list("first_names")
        for m in p["defined"].finditer(text):
            name, ini = m.group("name"), m.group("ini")
            words = [w for w in name.split() if not w.endswith(".")]
            if not _initials_of(name, ini) or not words or not _person_words(" ".join(words)):
                continue
            if not any(w in first for w in words):
                continue  # "Bundesministerium (BM)", "Pronto Soccorso (PS)": an acronym's words, not a person's name
            out.append(Span(m.start("name"), m.end("name"), "person", "doc-parties:defined", 0.7))
            out.append(Span(m.start("ini"), m.end("ini"), "person", "doc-parties:initials", 0.7))
        for pattern in (p["signed"], p["signed_label"]):
            for m in pattern.finditer(text):
                ini = m.group("ini")
                if (ini.lower() not in _NOT_INITIALS and ini.replace(".", "").lower() not in _abbreviations()
                        and (ini.isupper() or ini.islower() or "." in ini)):
                    out.append(Span(m.start("ini"), m.end("ini"), "person", "doc-parties:initials", 0.6))
        kin = word_set("parties", "kinship")
        for m in p["kin"].finditer(text):
            name = m.group("name")
            if name.lower() in kin or not _person_words(name.replace("'", " ").replace("’", " ").title()):
                continue
            start = m.start("name")
            if m.group("first") is not None and _person_words(m.group("first")):
                start = m.start("first")  # "Updated Gwilym (husband)": "Updated" is no name, "Mary Jones (wife)" is
            out.append(Span(start, m.end("name"), "person", "doc-parties:kin", 0.65))
        last = word_list("last_names")
        for m in p["regarding"].finditer(text):
            words = [w for w in m.group("name").split() if w.lower() not in document_particles()]
            # "Re: Atrial Fibrillation", "Oggetto: Convocazione Assemblea": a subject, unless a name the gazetteers know
            if _person_words(m.group("name")) and any(w in first or w.title() in last or w in last for w in words):
                out.append(Span(m.start("name"), m.end("name"), "person", "doc-parties:party", 0.7))
        for m in p["upper_field"].finditer(text):  # "ABOGADO: TURNO DE OFICIO" is a duty roster, no one
            gazetteer = [w.title() for w in m.group("name").split() if w.lower() not in document_particles()
                         and (w.title() in first or w.title() in last)]
            # a given name the gazetteers know, or two known words: "TESTIGO: GUARDIA CIVIL" is a police force
            if _person_words(m.group("name")) and (any(w in first for w in gazetteer) or len(gazetteer) >= 2):
                out.append(Span(m.start("name"), m.end("name"), "person", "doc-parties:role", 0.7))
        for m in p["upper_role"].finditer(text):
            if _person_words(m.group("name")):
                out.append(Span(m.start("name"), m.end("name"), "person", "doc-parties:role", 0.7))
        return out

    @staticmethod
    def _parties(value: str, base: int) -> list[Span]:
        """Each applicant of a case title's parties ("SMITH AND JONES", "Rossi e Bianchi")."""
        value = _co_parties().sub(lambda m: " " * len(m.group()), value)  # "ROSSI E ALTRI": the others are no name
        out, start = [], 0
        for sep in [*_JOINS.finditer(value), None]:
            end = sep.start() if sep is not None else len(value)
            part = value[start:end].strip()
            if len(part) >= 2 and _party_words(part):
                offset = base + start + (len(value[start:end]) - len(value[start:end].lstrip()))
                out.append(Span(offset, offset + len(part), "person", "doc-parties:case", 0.75))
            if sep is not None:
                start = sep.end()
        return out
