"""Names as records and judgments write them around their people (document policy only, category ``person``):

- after a role, a kinship word or a title, a name no gazetteer knows: "Wife (Ngozi)", "Husband Nikos", "Dietitian
  Sinéad", "Secretary: Janine", "Sachverständige Wittkamp"; in lower case where notes are typed so, if the gazetteers
  know the word ("daughter astrid", "dr mensah", "tochter ute", "pat. fr. grabowski, elfriede");
- the next names of a list of people joined by "und", "and", "et", "y", "e" after one found this way ("Richter
  Hennig und Stolle", "Dr. Yavuz und Pohlmann");
- an initial before a surname in capitals ("S. LEFRANC"), a surname in capitals and a comma before a first name
  ("OKAFOR, Chidi"), and a staff member's initial and surname as notes sign them ("t.nguyen", "p.osei-bonsu").

The roles are those of data/vocab/names.toml [roles] and [honorifics]; a name is never a word prose writes, a role,
a place or a thing word.
"""

from __future__ import annotations

import regex

from .._data import word_list
from ..spans import Span
from .doc_persons import is_role_word
from .vocabulary import (SURNAME_PREFIX, alternation, company_suffixes, document_particle_regex, is_product, name_particles,
                         name_roles, phrase_alternation, plain_words, roman_heading, vocab_cache, vocabulary_words,
                         word_set)

_LOWER_TITLES = ("dr", "dr.", "mr", "mr.", "mrs", "mrs.", "ms", "ms.", "herr", "frau", "hr.", "fr.", "mme", "sig.", "sig.ra",
                 "sr.", "sra.", "dott.", "dott.ssa", "prof.", "prof")
# titles that stay titles capitalised before a name in lower case ("Dr okafor"; "Frau" is also a wife, "Fr." a franc)
_LOWER_TITLES_CAPITALISED = ("Dr", "Dr.", "DR", "DR.", "Prof", "Prof.", "Mr", "Mr.", "Mrs", "Mrs.", "Ms", "Ms.", "Dott.", "Dott.ssa",
                             "Sig.", "Sig.ra", "Dra.", "Sr.", "Sra.", "Mme", "Mme.")
_CAPWORD = SURNAME_PREFIX + r"?\p{Lu}\p{M}*\p{Ll}[\p{Ll}\p{M}'’]*(?:-\p{Lu}\p{Ll}[\p{Ll}\p{M}'’]*)?"
# a surname in capitals with its particles ("DE LOS SANTOS", "GOIKOETXEA", "DEL RÍO", "D'AMICO")
_CAPS_SURNAME = (r"(?:(?:DA|DE|DI|DEL|DELLA|DALLA|DOS|DAS|LOS|LAS|VAN|VON|DER|DEN|LE|LA|LO|EL|MC|MAC)[ ]){0,2}"
                 r"\p{Lu}(?:\p{Lu}|['’]\p{Lu}){2,}(?:-\p{Lu}{2,})?")
_LOWWORD = r"\p{Ll}[\p{Ll}'’]{2,}(?:-\p{Ll}{2,})?"


# roles too short or too common in prose to name a person before an unknown word ("call me Bob", French "son")
_WEAK_ROLES = frozenset({"me", "son", "don", "d.", "m.", "ra", "on.", "sa", "ing", "ing.", "md", "rn", "pt", "sir", "lady",
                         "lord", "brother", "sister", "father", "mother", "padre", "madre", "general", "major",
                         # job titles that a title or a specialty follows more often than a name ("Consultant
                         # Cardiologist", "Chief Executive", "Oberarzt Kardiologie"): a known name after them only
                         "consultant", "chief", "vice", "principal", "member", "director", "manager", "engineer",
                         "speaker", "superintendent", "collector", "registrar", "teacher", "officer", "secretary",
                         "president", "minister", "commissioner", "deputy", "oberarzt", "oberärztin", "chefarzt",
                         "chefärztin", "professor", "prof", "prof.", "doctor", "docteur", "doctora", "dottore",
                         "presidente", "président", "ministro", "ministre", "secretario", "secrétaire", "direktor",
                         "direktorin", "präsident", "sekretär"})


@vocab_cache
def _patterns() -> tuple[regex.Pattern[str], ...]:
    roles = alternation(tuple(sorted(name_roles() - _WEAK_ROLES, key=len, reverse=True)))
    after_role = regex.compile(
        rf"(?<![\w.])(?i:{roles})(?P<sep>[ ]{{1,2}}|[ ]?\([ ]?|[ ]?:[ ]|,[ ])(?P<name>{_CAPWORD}(?:[ ]{_CAPWORD})?)(?![\w(@/\\-])")
    lower = regex.compile(
        rf"(?<![\w.])(?P<role>{roles})(?:[ ]{{1,2}}|[ ]?\([ ]?|[ ]?:[ ])(?P<name>{_LOWWORD}(?:,?[ ]{_LOWWORD})?)(?![\w@/\\-])")
    # a courtesy title typed in lower case before a name no gazetteer knows ("dr osei", "mrs hemsworth",
    # "dr van der merwe")
    particle = alternation(tuple(sorted(name_particles(), key=len, reverse=True)))
    lower_titled = regex.compile(
        rf"(?<![\w.])(?:{alternation(_LOWER_TITLES + _LOWER_TITLES_CAPITALISED)})[ ]{{1,2}}(?P<name>(?:(?:{particle})[ ]){{0,2}}{_LOWWORD})(?![\w@/\\-])")
    # a comma joins the next name only in an enumeration that "und/and/et/y/e" closes ("Pfannkuch, Kleinschmidt und
    # Oberndorfer"), never a name and the word after it ("Son Of X, Aged 45")
    joined = regex.compile(rf"\G(?:[ ](?:und|and|et|y|e|sowie)[ ]|,[ ](?=(?:{_CAPWORD},[ ]){{0,4}}{_CAPWORD}[ ](?:und|and|et|y|e)[ ]{_CAPWORD}))"
                           rf"(?P<name>{_CAPWORD})(?![\w(@/-])")
    caps_initial = regex.compile(r"(?<![\w.])(?:\p{Lu}\.[ ]?){1,2}(?P<sur>\p{Lu}{3,}(?:-\p{Lu}{2,})?)(?![\w-])")
    caps_comma = regex.compile(
        rf"(?<![\w'’-])(?P<sur>(?:{_CAPS_SURNAME})(?:[ ]{_CAPS_SURNAME})?),[ ](?P<first>{_CAPWORD}|\p{{Lu}}{{3,}}(?:[ ]\p{{Lu}}{{3,}})?)(?![\w-])")
    signed = regex.compile(r"(?<![\w.@/-])(?P<i>\p{Ll})\.(?P<sur>\p{Ll}{2,}(?:-\p{Ll}{2,})?)(?![\w@/]|\.\w)")
    # a German compound role before a name ("Lagerführer Ludolph", "Innenminister Černy", "Amtsvorstand Engel")
    compound = regex.compile(rf"(?<![\w-])(?P<role>\p{{Lu}}\p{{Ll}}{{5,}})[ ]{{1,2}}(?:-[ ])?(?P<name>{_CAPWORD})(?![\w(@/\\-])")
    # a register's "SURNAME Given" whatever the gazetteers know ("ZHANG Wei", "DIALLO Aminata", "SISSOKO Fatoumata")
    caps = r"\p{Lu}(?:\p{Lu}|['’]\p{Lu}){2,}(?:-\p{Lu}{2,})?"
    caps_given = (regex.compile(rf"(?<![\w'’-])(?P<sur>{caps})[ ](?P<first>{_CAPWORD})(?![\w'’-])"),
                  regex.compile(rf"(?<![\w'’-])(?P<first>{_CAPWORD})[ ](?P<sur>{caps})(?![\w'’-])"))
    # a clinician's credential before the name ("RT William", "MD O'Leary"), in capitals exactly
    clinical = regex.compile(
        rf"(?<![\w.-])(?:{alternation(vocabulary_words('names', 'clinical_titles'))})[ ](?P<name>{_CAPWORD})(?![\w(@/\\-])")
    return after_role, lower, joined, caps_initial, caps_comma, signed, compound, lower_titled, caps_given, clinical


@vocab_cache
def _born_after() -> regex.Pattern[str]:
    """A name right before the clause that gives the person's birth ("ZHAO MEILING, nata a Pescara il …", "Jan Nowak,
    born on 3 May 1961"): names.toml [birth_clauses]."""
    clauses = phrase_alternation(vocabulary_words("names", "birth_clauses"))
    word = rf"(?:{_CAPWORD}|{_CAPS_SURNAME})"
    return regex.compile(rf"(?<![\w.'’-])(?P<name>{word}(?:[ ](?:(?i:{document_particle_regex()})[ ])?{word}){{1,3}}),[ ]"
                         rf"(?:{clauses})(?![\w])")


@vocab_cache
def _aliased() -> regex.Pattern[str]:
    """Two names of one person around an alias marker ("Abhay Dewan alias Gappy", "Killu @ Kailash"): names.toml
    [alias_markers]."""
    name = rf"{_CAPWORD}(?:[ ]{_CAPWORD}){{0,2}}"
    return regex.compile(rf"(?<![\w.'’@-])(?P<a>{name})[ ]{alternation(vocabulary_words('names', 'alias_markers'))}[ ]"
                         rf"(?P<b>{name})(?![\w(@/\\-])")


@vocab_cache
def _form_name_line() -> regex.Pattern[str]:
    """A form's line of a label and a name alone (names.toml [form_name_labels])."""
    labels = phrase_alternation(vocabulary_words("names", "form_name_labels"))
    word = rf"(?:{_CAPWORD}|{_CAPS_SURNAME})"
    return regex.compile(rf"(?m)(?:^|(?<=\.[ ]))[ \t]*(?i:{labels})[ ]?:[ \t]*(?P<name>{word}(?:[ ]{word}){{0,3}})"
                         rf"(?=[ \t]*\.?[ \t]*\r?$|\.[ ]+\p{{Lu}}[\p{{L}} ]{{2,30}}:)")


_COUNTRY_INITIALS = frozenset({"US", "UK", "EU", "UN", "USA", "UAE", "NHS", "ER", "ED", "OR", "ICU"})


@vocab_cache
def _clinical_initials() -> regex.Pattern[str]:
    """A clinician's initials after the credential or the job a note names them by, or before their credential."""
    titles = alternation((*vocabulary_words("names", "clinical_titles"), "tech", "Tech", "nurse", "Nurse", "resident", "Resident"))
    initials = r"(?:\p{Lu}\.){2,3}"
    return regex.compile(rf"(?<![\w.-])(?:{titles})[ ](?P<a>{initials})(?![\w])"
                         rf"|(?<![\w.])(?P<b>{initials}|{_CAPWORD}[ ]\p{{Lu}}\.),?[ ]"
                         rf"(?:{alternation(vocabulary_words('names', 'clinical_titles'))})(?![\w])"
                         # a surname in capitals before a nurse's or a physician's credential ("FEVERELL RN /"); not
                         # before DO, PA or RT, which capitals also write as words ("JURISDICTIONS DO NOT")
                         rf"|(?<![\w.])(?P<c>\p{{Lu}}{{4,}}(?:-\p{{Lu}}{{2,}})?),?[ ](?:RN|MD|LPN|CNA|NP|CRNA|RRT|IDE|IADE|DUE)(?![\w])")


@vocab_cache
def _role_caps() -> regex.Pattern[str]:
    """A name in capitals after a role and its colon, as a record's header writes it ("Patient: WYNNE PENHALIGON
    Acct#", "Paziente: ROSSI MARIA"): two or three words of capitals up to two spaces, a comma or the line's end."""
    roles = alternation(tuple(sorted(name_roles() - _WEAK_ROLES, key=len, reverse=True)))
    word = r"\p{Lu}{2,}(?:['’-]\p{Lu}{2,})?"
    return regex.compile(rf"(?<![\w.])(?i:{roles})[ ]?:[ ]{{1,2}}(?P<name>{word}(?:,?[ ]{word}){{1,2}})(?=[ ]{{2}}|[ \t]*\r?$|[ \t]*\n|,)",
                         regex.MULTILINE)


@vocab_cache
def _signed_initials() -> regex.Pattern[str]:
    """Initials that sign a document or a note: after a courtesy title ("Dr. T.P."), after who wrote, dictated or
    signed it ("Dictated by J.P.", "Fdo.: M.Q.", "gez. K.L.") or a role and its colon ("Il Medico Radiologo: E.M."):
    names.toml [signature_markers]."""
    titles = alternation((*vocabulary_words("names", "honorifics"), *vocabulary_words("names", "document_honorifics")))
    markers = phrase_alternation(vocabulary_words("names", "signature_markers"))
    roles = alternation(tuple(sorted(name_roles() - _WEAK_ROLES, key=len, reverse=True)))
    return regex.compile(rf"(?:(?<![\w]){titles}[ ]|(?<![\w])(?i:{markers})[ ]?:?[ ]?|(?<![\w.])(?i:{roles})[ ]?:[ ]?)"
                         rf"(?P<name>\p{{Lu}}\.(?:[ ]?\p{{Lu}}\.){{1,2}})(?![\w]|[ ]?\p{{Lu}}\.)")


_GIVEN_AFTER = regex.compile(rf",[ ](?P<given>{_CAPWORD}(?:[ ]{_CAPWORD})?)(?=,|[ \t]*\n|[ \t]*$|[ ]\()")


def _not_a_name(word: str, places: bool = True) -> bool:
    low = word.lower()
    return (low in plain_words() or low in word_list("dictionary_words") or is_role_word(word) or low + "." in name_roles()
            or low in name_particles() or (places and word in word_list("places"))
            or word in word_list("common_words") or low in word_set("names", "thing_words") or is_product(word)
            or low in word_set("names", "function_words") or low in word_set("names", "person_nouns"))


def _written_lower(text: str, word: str) -> bool:
    """The document writes ``word`` in lower case somewhere: a word of its language ("ARRÊT attaqué"), no name."""
    return regex.search(rf"(?<![\w]){regex.escape(word.lower())}(?![\w])", text) is not None


class DocumentNameDetector:
    """Names around their roles, in lists and in register forms (see the module)."""

    name = "doc-names"
    produces = frozenset({"person"})

    def detect(self, text: str) -> list[Span]:
        after_role, lower, joined, caps_initial, caps_comma, signed, compound, lower_titled, caps_given, clinical = _patterns()
        first_lower, last_lower = word_list("first_names_lower"), word_list("last_names_lower")
        out: list[Span] = []
        for m in after_role.finditer(text, overlapped=True):
            s, e = m.span("name")
            words = m.group("name").split()
            # "Wife (Ngozi)": a role and a bracket make a town's name a person's; otherwise it may be the place
            if _not_a_name(words[0], places="(" not in m.group("sep")):
                continue
            if len(words) > 1 and words[1].lower() in word_set("names", "thing_words"):
                continue  # "Supreme Court", "Municipal Administration": an institution
            if len(words) > 1 and _not_a_name(words[1], places=False):
                e = s + len(words[0])
            if ":" in m.group("sep") and len(words) == 1 and (g := _GIVEN_AFTER.match(text, e)) is not None \
                    and not any(_not_a_name(w, places=False) for w in g.group("given").split()):
                e = g.end("given")  # "Patient: Guo, Lei, geb. …": a form's surname, a comma, the given names
            out.append(Span(s, e, "person", "doc-names:role", 0.7))
            out.extend(self._joined(text, e, joined))
        for m in compound.finditer(text, overlapped=True):
            role = m.group("role")
            if role.lower() not in name_roles() and is_role_word(role) and not _not_a_name(m.group("name"), places=False):
                out.append(Span(m.start("name"), m.end("name"), "person", "doc-names:role", 0.7))
                out.extend(self._joined(text, m.end("name"), joined))
        for m in clinical.finditer(text):
            # a credential also heads a note's section ("RN Assessment"): a name the gazetteers know
            name = m.group("name")
            known = {name, regex.sub(r"^(?:O['’]|D['’]|Mc|Mac)(?=\p{Lu})", "", name)}
            if (any(k in word_list("first_names") or k in word_list("last_names") for k in known)
                    and not _not_a_name(name, places=False)):
                out.append(Span(m.start("name"), m.end("name"), "person", "doc-names:role", 0.7))
        for m in _born_after().finditer(text):  # "ZHAO MEILING, nata a Pescara", "Raffaele Lo Russo, nato a …"
            words = [w for w in m.group("name").split() if w.lower() not in name_particles()]
            if words and not any(_not_a_name(w.title() if w.isupper() else w, places=False) for w in words):
                out.append(Span(m.start("name"), m.end("name"), "person", "doc-names:born", 0.7))
        for m in _aliased().finditer(text):
            out.extend(self._alias_names(text, m))
        for m in _form_name_line().finditer(text):
            if not any(_not_a_name(w.title() if w.isupper() else w, places=False) for w in m.group("name").split()):
                out.append(Span(m.start("name"), m.end("name"), "person", "doc-names:form", 0.7))
        for m in _role_caps().finditer(text):
            words = [w.strip(",") for w in m.group("name").split()]
            if not any(_not_a_name(w.title(), places=False) for w in words):
                out.append(Span(m.start("name"), m.end("name"), "person", "doc-names:role", 0.7))
        for m in _signed_initials().finditer(text):
            name = m.group("name")
            if name.replace(".", "").replace(" ", "") not in _COUNTRY_INITIALS and \
                    name.replace(".", "").replace(" ", "").lower() not in word_set("parties", "not_initials"):
                out.append(Span(m.start("name"), m.end("name"), "person", "doc-names:signed-initials", 0.7))
        for m in _clinical_initials().finditer(text):  # "report from night RN B.C.", "Monitor tech C.H.", "-- D.N., RN"
            g = "a" if m.group("a") is not None else "b" if m.group("b") is not None else "c"
            if m.group(g).isupper() and m.group(g).isalpha() and _not_a_name(m.group(g).title(), places=False):
                continue  # "NOTE RN", "CHART RN": a word in capitals before the credential, not a surname
            if " " in m.group(g) and _not_a_name(m.group(g).split()[0], places=False):
                continue  # "Monitor B., RN": a word, not a given name
            if m.group(g).replace(".", "") in _COUNTRY_INITIALS or m.group(g).replace(".", "").lower() in word_set("parties", "not_initials"):
                continue  # "the U.S. MD team", "P.O., RN": a country or a record's abbreviation, not a clinician
            out.append(Span(m.start(g), m.end(g), "person", "doc-names:clinical-initials", 0.7))
        for m in lower.finditer(text, overlapped=True):
            s = e = m.start("name")
            for w in regex.finditer(r"[^\s,]+", m.group("name")):  # the first word, and the second if a name too
                if (w.group() in first_lower or w.group() in last_lower) and not _not_a_name(w.group()):
                    e = m.start("name") + w.end()
                else:
                    break
            if e > s:
                out.append(Span(s, e, "person", "doc-names:lower", 0.6))
        for m in lower_titled.finditer(text):
            last = m.group("name").split()[-1]
            if not _not_a_name(last) and len(last) >= 3:
                out.append(Span(m.start("name"), m.end("name"), "person", "doc-names:lower", 0.6))
        for m in caps_initial.finditer(text):
            sur = m.group("sur")
            if (regex.search(r"[AEIOUYÀ-ÖØ-Ý]", sur) and not regex.fullmatch(r"[IVXLCDM]+", sur) and not _not_a_name(sur.title())
                    and not roman_heading(text, m.start())):
                out.append(Span(m.start(), m.end(), "person", "doc-names:initial", 0.7))
        for m in caps_comma.finditer(text):
            sur, first = m.group("sur").split()[-1].title(), m.group("first").split()[0].title()
            # a register's layout: the surname may be a town's name too ("NAKAMURA, Emi")
            if m.group("first").isupper() and first not in word_list("first_names"):
                continue  # "DEMOCRATS, ORGANIZE", "NEW-YORK, SATURDAY": a first name in capitals must be one
            if regex.search(r"[AEIOUY]", m.group("sur")) and not _not_a_name(sur, places=False) and not _not_a_name(first):
                out.append(Span(m.start(), m.end(), "person", "doc-names:surname-first", 0.65))
        for pattern in caps_given:
            for m in pattern.finditer(text, overlapped=True):
                sur, first = m.group("sur"), m.group("first")
                # a town after a capitals acronym is an institution's ("CHU Amiens", "COUR D'APPEL Paris")
                if (len(sur) >= 4 and regex.search(r"[AEIOUY]", sur) and sur.lower() not in company_suffixes()
                        and not _not_a_name(sur.title(), places=False)
                        and not _not_a_name(first, places=first.split("-")[0] not in word_list("first_names"))
                        and not regex.fullmatch(r"[IVXLCDM]+", sur) and not _written_lower(text, first)):
                    out.append(Span(m.start(), m.end(), "person", "doc-names:surname-first", 0.6))
        for m in signed.finditer(text):
            if m.group("sur").split("-")[0] in last_lower and m.group("sur") not in plain_words():
                out.append(Span(m.start(), m.end(), "person", "doc-names:signed", 0.6))
        return out

    @staticmethod
    def _alias_names(text: str, m: regex.Match[str]) -> list[Span]:
        """Both sides of an alias marker, each cut to the name words next to the marker; nothing when either side's
        word beside it is no name ("Report @ Home")."""
        a_words = list(regex.finditer(r"\S+", m.group("a")))
        b_words = list(regex.finditer(r"\S+", m.group("b")))
        while a_words and _not_a_name(a_words[0].group(), places=False):
            a_words.pop(0)
        kept_b: list[regex.Match[str]] = []
        for w in b_words:
            if _not_a_name(w.group(), places=False):
                break
            kept_b.append(w)
        if not a_words or not kept_b or any(_not_a_name(w.group(), places=False) for w in a_words):
            return []
        a0, b0 = m.start("a"), m.start("b")
        return [Span(a0 + a_words[0].start(), a0 + a_words[-1].end(), "person", "doc-names:alias", 0.65),
                Span(b0 + kept_b[0].start(), b0 + kept_b[-1].end(), "person", "doc-names:alias", 0.65)]

    @staticmethod
    def _joined(text: str, end: int, joined: regex.Pattern[str]) -> list[Span]:
        """The names after ``end`` joined to it as a list ("Hennig und Stolle")."""
        out = []
        while (m := joined.match(text, end)) is not None and not _not_a_name(m.group("name")):
            out.append(Span(m.start("name"), m.end("name"), "person", "doc-names:list", 0.65))
            end = m.end("name")
        return out
