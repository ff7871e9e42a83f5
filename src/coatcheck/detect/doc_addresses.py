"""Postal addresses of documents for the document policy (category ``address``), by their parts:

- a street with its number, the type word before the name ("24 montée des Carmélites-Basses", "calle Portales del
  Ebro 31", "Via Roma 12", "5 rue Jean-Baptiste-Lebas") or after it ("14 Cobblers Rise", "3 Station Approach"),
  a German street in one word or two ("Rheinuferpromenade 44", "Herforder Straße 240");
- a postcode with its town ("33609 Bielefeld", "06108 Halle (Saale)", "F-75008 Paris Cedex 08"), where a street
  comes before it, the town is a known place, or it stands alone on its line as letterheads write it;
- a British postcode ("MB1 4RF") with the town before it.

Parts on one line joined by a comma, a space or a floor ("2.º 1.ª", "puerta 9") are one address, and so is the
street before a postcode ("Im Grün 22, 79183 Waldkirch"). Street types: data/vocab/streets.toml.
"""

from __future__ import annotations

from bisect import bisect_left

import regex

from .._data import word_list
from ..spans import Intervals, Span
from .doc_dates import document_dates
from .validators import gazetteer_name_any_case
from .vocabulary import (alternation, calendar_words, dictionary_words, is_product, phrase_alternation, plain_words, vocab_cache,
                         vocabulary_words)

_CAP = r"\p{Lu}[\p{L}\p{M}'’]*(?:-\p{L}[\p{L}\p{M}'’]*)*"
_LINK = r"(?:de|del|de[ ]la|de[ ]los|de[ ]las|des|du|de[ ]l['’]|d['’]|di|della|dei|degli|delle|dello|von|vom|of|the|la|le|les|el|y|i|et|sur|sous|en|an[ ]der|am)(?![\p{L}'’])"
# a street's name: capitalised words and the links between them, at least one capitalised ("des Carmélites", never
# "cours des 3", "largo de 3")
_NAME = rf"(?:{_LINK}[ ]){{0,3}}{_CAP}(?:[ ](?:{_CAP}|{_LINK}|\d{{1,2}}(?=[ ]\p{{Lu}}))){{0,6}}"
# a number that measures something is no house number ("route de 5 km", "Aortenbogen 32 mm", "Cobb-Winkel 35°")
_NOT_UNIT = r"(?![ ]?(?:km|m|cm|mm|kg|g|mg|ml|l|h|min|°|%|mois|meses|mesi|jours|días|giorni|tage|wochen|jahre|ans|años|anni|volte|fois|veces|horas|heures|ore|stunden|minutes|minutos|minuti)(?![\p{L}]))"
_HOUSE = r"\d{1,4}(?:[-–/]\d{1,4}(?![./]\d))?(?:[ ]?[a-zA-Z](?![\p{L}])|[ ]?(?:bis|ter|quater)(?![\p{L}]))?"
_SHORT_HOUSE = r"\d{1,3}(?:[ ]?[a-zA-Z](?![\p{L}]))?"  # after a one-word street: not "Heidelberg 1945"
_NUMBER_SIGN = r"(?:n\.?[ ]?[ºo°]\.?|nº|n°|no\.|nr\.|núm\.|num\.|s/n)"
_GAP = (r"(?:,?[ ]+(?:\d{1,2}\.?[ ]?[ºª°oa]\.?(?:[ ]?\d{1,2}\.?[ ]?[ºª°oa]\.?|[ ](?:dcha|izda|izq|der|centro|ext|int)\.?)?|puerta[ ]\d+|piso[ ]\d+|bajo|planta[ ]\d+|"
        r"esc(?:alera)?\.?[ ]\w+|\d+r[ ]\d+a|interno[ ]\d+|int\.[ ]\d+|scala[ ]\w+|étage[ ]\d+|(?:bâtiment|bât\.)[ ]\w+|"
        r"appartement[ ]\d+|apt\.?[ ]\d+|(?:flat|unit|suite)[ ]\d+\w?|top[ ]\d+|\d+\.[ ]?(?:OG|Stock))(?=[, ]))*(?:(?:[ ]*,)?[ ]{1,3}|[ ]·[ ])")


_TOWN_BEFORE = regex.compile(r"(?<![\w-])(?P<town>\p{Lu}[\p{L}'’-]+(?:[ ]\p{Lu}[\p{L}'’-]+){0,2})(?:[ ]\([A-Z]{2}\))?,[ ]$")


@vocab_cache
def _street_types(kind: str) -> str:
    """One regex alternation of data/vocab/streets.toml's street types of ``kind`` ("before", "after", "compound"),
    with the ones only documents use."""
    return alternation((*vocabulary_words("streets", kind), *vocabulary_words("streets", f"document_{kind}")))


@vocab_cache
def _typed_street_before() -> regex.Pattern[str]:
    before = _street_types("before")
    return regex.compile(rf"(?<![\w-])(?i:{before})[ ]{_NAME},[ ]*$")


_LINE_END = regex.compile(r"[ ,.]*(?:\n|$)")
_ABBREVIATED = frozenset({"st", "rd", "ave", "av", "blvd", "bd", "str", "hwy", "pkwy", "ct", "ln", "dr", "pl", "sq"})
_STREET_LINE_ABOVE = regex.compile(rf"(?:^|(?<=\n))(?P<street>(?:{_CAP}[ ]){{0,3}}{_CAP}[ ]{_SHORT_HOUSE})[ ,]*\n$")


@vocab_cache
def _uk_street_before() -> regex.Pattern[str]:
    after = _street_types("after")
    return regex.compile(rf"(?<![\w-])(?:{_HOUSE}[ ])?(?:{_CAP}[ ]){{1,3}}(?i:{after})\.?,[ ]$")


_TOWN = regex.compile(r"(?:,[ ]|[ ]in[ ])(\p{Lu}[\p{L}\p{M}'’-]+(?:[ ](?:de|del|di|la|le|sur|am|an[ ]der)[ ]\p{Lu}[\p{L}\p{M}'’-]+)?)(?![\w-])")


@vocab_cache
def _patterns() -> tuple[regex.Pattern[str], ...]:
    before, after, compound = _street_types("before"), _street_types("after"), _street_types("compound")
    between = alternation(vocabulary_words("streets", "document_between"))
    street = regex.compile(
        rf"(?<![\w.,/-])(?:"
        rf"{_HOUSE},?[ ](?i:{before})[ ]{_NAME}"                                    # 24 montée des Carmélites
        rf"|(?i:{before})[ ]{_NAME}(?:,?[ ](?:{_NUMBER_SIGN}[ ]?)?){_HOUSE}(?!\d){_NOT_UNIT}"  # calle Portales del Ebro 31
        rf"|{_HOUSE}[ ](?:{_CAP}[ ]){{1,3}}(?i:{after})\.?(?![\p{{L}}])(?![ ]+\p{{L}})"   # 14 Cobblers Rise
        rf"|\p{{Lu}}[\p{{L}}-]*(?i:{compound})[ ]{_SHORT_HOUSE}(?!\d){_NOT_UNIT}"     # Rheinuferpromenade 44
        rf"|\p{{Lu}}\p{{L}}+(?:er|sche|sches)[ ](?i:straße|strasse|weg|platz|allee|gasse|bogen|{compound})[ ]{_HOUSE}(?!\d){_NOT_UNIT}"  # Tauchnitzer Bogen 22
        rf"|\p{{Lu}}[\p{{L}}-]*(?:str|Str)\.[ ]{_SHORT_HOUSE}(?!\d)"                                     # Bahnhofstr. 14
        rf"|(?:{_CAP}[ ]){{1,3}}(?i:{between})[ ]{_SHORT_HOUSE}(?!\d){_NOT_UNIT}"                       # İnönü Bulvarı 10
        rf")")
    postcode = regex.compile(
        r"(?<![\w.,/-])(?:[A-Z]{1,2}-)?\d{5}[ ]+(?P<town>\p{Lu}[\p{L}\p{M}'’-]+(?:[ ](?:\p{Lu}[\p{L}\p{M}'’-]+|an[ ]der|am|im|"
        r"bei|sur|de|del|di|la|le|en)){0,3}(?:[ ]\(\p{Lu}[\p{L}\p{M} .-]*\))?(?:[ ](?i:cedex)(?:[ ]\d{1,2})?)?)(?![\w-])")
    uk = regex.compile(r"(?<![\w-])(?:(?:\p{Lu}[\p{L}'’-]+[ ]){1,2})?[A-Z]{1,2}\d[A-Z\d]?[ ]\d[A-Z]{2}(?![\w-])")
    gap = regex.compile(_GAP)
    return street, postcode, uk, gap


def _parts(text: str) -> list[tuple[int, int, str]]:
    street, postcode, uk, gap = _patterns()
    places = word_list("places")
    out: list[tuple[int, int, str]] = []
    streets = [(m.start(), m.end(), "street") for m in street.finditer(text)]
    out.extend(streets)
    street_ends = sorted({e for _, e, _ in streets})
    for m in postcode.finditer(text):
        s, e = m.span()
        town = m.group("town")
        # an address's parts sit close together: look back 80 characters, never the whole line
        line_start = text.rfind("\n", max(0, s - 80), s) + 1 or max(0, s - 80)
        before = text[line_start:s].rstrip(" ,")
        # alone on its line as a letterhead writes it, under a street line ("Am Schloßberg 2" / "35576 Wetzlar")
        alone = (not before and (line_start == 0 or text[line_start - 1] == "\n") and _LINE_END.match(text, e) is not None
                 and _STREET_LINE_ABOVE.search(text, max(0, line_start - 80), line_start) is not None)
        near = street_ends[bisect_left(street_ends, s - 40):bisect_left(street_ends, s)]
        after_street = any(gap.fullmatch(text[se:s]) for se in near) or bool(
            regex.search(rf"{_HOUSE},?[ ]*$", before))
        typed = _typed_street_before().search(text, line_start, s) is not None  # "Località Platamona, 07037 Sorso"
        head = town.split()[0].split("-")[0]
        if alone or after_street or typed or head in places or head.title() in places:
            out.append((s, e, "postcode"))
    out.extend((m.start(), m.end(), "uk") for m in uk.finditer(text))
    return sorted(out)


@vocab_cache
def _residence() -> regex.Pattern[str]:
    """A town after a residence cue ("lives in Plovdiv", "risiede a San Donà di Piave"), and a post office box."""
    cues = phrase_alternation(vocabulary_words("streets", "residence_cues"))
    boxes = phrase_alternation(vocabulary_words("streets", "post_boxes"))
    town = r"(?>\p{Lu}[\p{L}\p{M}'’]*(?:-\p{L}[\p{L}\p{M}'’]*)*)"  # atomic: a run of hyphens is read once
    link = rf"(?:{_LINK}|upon|on|im|in[ ]der|sur[ ]le|nell['’]|sull['’]|dell['’])"
    return regex.compile(
        rf"(?<![\w])(?i:{cues})[ ]+(?P<town>{town}(?:(?:[ ](?:{link}[ ]?)?|['’]){town}){{0,3}})(?![\w-])"
        rf"|(?<![\w.])(?P<box>(?i:{boxes})[ ]?\d{{1,6}}(?:[ ]\d{{2}}){{0,3}})(?![\w])")


# a second person's town joined to a residence ("lives in Mersin and the second applicant in Batman")
_AND_IN = regex.compile(r"[ ](?:and|und|et|e|y)[ ](?:\p{Ll}+[ ]){1,3}(?:in|a|à|en)[ ](?P<town>\p{Lu}[\p{L}\p{M}'’]+(?:-\p{Lu}[\p{L}\p{M}'’]+)*)(?![\w-])")
# a line that opens with a town, a comma and its date ("Düsseldorf, den 29. August 2020", "Frankfurt am Main, 1.8.")
_DATED_PLACE = regex.compile(
    r"(?m)^[ \t]*(?P<town>\p{Lu}[\p{L}\p{M}'’]+(?:-\p{L}[\p{L}\p{M}'’]*)*(?:[ ](?:am|im|an[ ]der|sur|sous|en|de|di|del|upon|on)"
    r"[ ]\p{Lu}[\p{L}\p{M}'’]+|[ ]\p{Lu}[\p{L}\p{M}'’]+)?),[ ]{1,2}(?:(?:den|le|il|lì|li|el|am|on|the|ce)[ ])?")


@vocab_cache
def _complement_line() -> regex.Pattern[str]:
    """A line that opens with an address complement's word and holds a number or a capitalised name."""
    words = alternation(vocabulary_words("streets", "complements"))
    cue = r"(?:demeurant(?:[ ]ensemble)?|domiciliée?|wohnhaft|residing[ ]at|living[ ]at|residente[ ]in|domiciliad[oa][ ]en)[ ]"
    return regex.compile(rf"[ \t]*(?i:{cue})?(?P<complement>(?i:{words})(?![\p{{L}}])[^\n]{{0,60}}?(?:\d|\p{{Lu}})[^\n]{{0,40}}?)[ \t,]*")


@vocab_cache
def _residence_far() -> regex.Pattern[str]:
    """A known town a few words after a verb of living with someone or alone ("lebt mit ihrem Ehemann in Kirchhain",
    "vive con il marito, Salvatore, a Firenze"), or before a German one ("der in Heidelberg wohnt")."""
    verbs = phrase_alternation(vocabulary_words("streets", "residence_verbs"))
    after = phrase_alternation(vocabulary_words("streets", "residence_verbs_after"))
    town = r"\p{Lu}[\p{L}\p{M}'’]*(?:-\p{L}[\p{L}\p{M}'’]*)*(?:[ ](?:im|am|an[ ]der|sur|de|di)[ ]\p{Lu}[\p{L}\p{M}'’]*)?"
    return regex.compile(
        rf"(?<![\w])(?i:{verbs})[ ](?i:with|w/|mit|con|avec|chez|junto|alone|allein|sola|solo|seul|seule)"
        rf"(?:[ ,]{{1,2}}[\w/'’-]+){{0,5}}?,?[ ](?:in|a|à|en|at)[ ](?P<town>{town})(?![\w-])"
        rf"|(?<![\w])in[ ](?P<before>{town})[ ](?:{after})(?![\w])")


# a letter's address block: the street line, one or two lines of district and town, then the postcode alone
_TOWN_LINES_ABOVE = regex.compile(rf"(?:^|(?<=\n))(?P<street>(?:{_CAP}[ ]){{0,3}}{_CAP}[ ]{_SHORT_HOUSE}|{_SHORT_HOUSE}[ ](?:{_CAP}[ ]?){{1,4}})[ ,]*\n"
                                  rf"(?P<towns>(?:[ \t]*{_CAP}(?:[ ]{_CAP}){{0,2}}[ ,]*\n){{1,2}})$")


class DocumentAddressDetector:
    """Postal addresses of a document, from their parts (see the module)."""

    name = "doc-addresses"
    produces = frozenset({"address"})

    def detect(self, text: str) -> list[Span]:
        out = self._residences(text)
        if not any(c.isdigit() for c in text):
            return out
        out.extend(self._parts_joined(text))
        out.extend(self._dated_places(text))
        return out

    @staticmethod
    def _dated_places(text: str) -> list[Span]:
        """The town of a letter's place-and-date line ("Berlin, 19.04.2021", "Marseille, le 25 février 2023",
        "Brescia, 31/01/2024"): where its sender writes from; a word of the language, a weekday or a month is none."""
        out = []
        for m in _DATED_PLACE.finditer(text):
            town = m.group("town")
            first = town.split()[0]
            if not (town in word_list("places") or first in word_list("places")) or first.lower() in calendar_words():
                continue  # a known place only: "Amended, 1 January 2021", "Hinweis, 12.03.2021" are words
            after = m.end()
            dates = document_dates(text[after:after + 40])
            if dates and dates[0][0] == 0:
                out.append(Span(m.start("town"), m.end("town"), "address", "doc-addresses:dated-place", 0.7))
        return out

    @staticmethod
    def _residences(text: str) -> list[Span]:
        out = []
        places = word_list("places")
        for m in _residence().finditer(text):
            g = "town" if m.group("town") is not None else "box"
            start, end = m.span(g)
            if g == "town":
                value = m.group(g)
                words = value.split()
                # the longest run of its words that names a known place ("Le Havre", "Newcastle" of "Newcastle
                # Road"), else words no dictionary holds, a town's prefix aside ("Bad Homburg", "St Ives")
                known = next((" ".join(words[:k]) for k in range(len(words), 0, -1) if " ".join(words[:k]) in places), None)
                if known is not None and known == value or known is not None and len(known.split()) > 1:
                    end = start + len(known)
                elif any(_not_a_town(w) for w in words if w[:1].isupper() and w not in _town_prefixes()):
                    if known is None:
                        continue
                    end = start + len(known)
                if any(w.lower() in _not_towns() for w in text[start:end].split()):
                    continue  # "lives in Nursing Home", "vive en Residencia": a care setting, not a town
            out.append(Span(start, end, "address", "doc-addresses:residence", 0.75))
            if g == "town" and (a := _AND_IN.match(text, end)) is not None and not _not_a_town(a.group("town")) \
                    and a.group("town").lower() not in _not_towns() and a.group("town").lower() not in calendar_words():
                # "lives in Mersin and the second applicant in Batman": the other's town
                out.append(Span(a.start("town"), a.end("town"), "address", "doc-addresses:residence", 0.7))
        for m in _residence_far().finditer(text):
            g = "town" if m.group("town") is not None else "before"
            if m.group(g) in places:  # a known place only: the words between may be anything
                out.append(Span(m.start(g), m.end(g), "address", "doc-addresses:residence", 0.7))
        return out

    @staticmethod
    def _parts_joined(text: str) -> list[Span]:
        _, _, _, gap = _patterns()
        parts = _parts(text)
        out: list[Span] = []
        i = 0
        while i < len(parts):
            s, e, _kind = parts[i]
            j = i + 1
            while j < len(parts):
                start = parts[j][0]
                if start > e:
                    between = text[e:start]
                    if len(between) > 40 or "\n" in between or not gap.fullmatch(between):
                        break
                e = max(e, parts[j][1])
                j += 1
            if _kind == "uk":  # "Pellingham Road, Northmoor NM4 7QT": the street without its number
                m = _uk_street_before().search(text, max(0, s - 80), s)
                if m is not None:
                    s = m.start()
            # the street a letterhead writes on the line above the postcode ("Am Schloßberg 2\n35576 Wetzlar")
            if _kind in ("postcode", "uk") and (s == 0 or text[s - 1] == "\n"):
                m = _STREET_LINE_ABOVE.search(text, max(0, s - 80), s)
                if m is None:  # "137 Tanner's Walk\nHillhead\nGlasgow\nG12 8QQ": the town lines go with it
                    m = _TOWN_LINES_ABOVE.search(text, max(0, s - 160), s)
                    if m is not None and not any(o.start <= m.start("towns") < o.end for o in out):
                        out.append(Span(m.start("towns"), m.end("towns") - 1, "address", "doc-addresses", 0.8))
                if m is not None and not any(o.start <= m.start() < o.end for o in out):
                    out.append(Span(m.start(), m.end("street"), "address", "doc-addresses", 0.8))
            # the house number and street a postcode follows on its line ("Im Grün 22, 79183 Waldkirch")
            if _kind == "postcode":
                line_start = text.rfind("\n", max(0, s - 80), s) + 1 or max(0, s - 80)
                m = regex.search(rf"(?<![\w-])(?:{_CAP}[ ]){{0,3}}{_CAP}[ ]{_HOUSE}(?:,[ ]*|[ ]·[ ])$", text[line_start:s])
                if m is None:  # a street type and a name without a number: "Lieu-dit Le Grand Bernet, 33190 …"
                    m = _typed_street_before().search(text[line_start:s])
                if m is not None:
                    s = line_start + m.start()
            if _kind == "street":  # the town and its province before the street: "Milano, Corso di Porta Romana 63"
                m = _TOWN_BEFORE.search(text, max(0, s - 60), s)
                if m is not None and m.group("town").split()[0] in word_list("places"):
                    s = m.start()
            # the town after a street, without its postcode ("calle Portales del Ebro 31, Logroño")
            if parts[j - 1][2] == "street":
                m = _TOWN.match(text, e)
                if m is not None and m.group(1).split("-")[0] in word_list("places"):
                    if text.startswith(" in ", e):  # "İnönü Bulvarı 10 in Diyarbakır": the street, then the town
                        out.append(Span(s, e, "address", "doc-addresses", 0.8))
                        s = m.start(1)
                    e = m.end()
            if text[e - 1] == "." and regex.sub(r"\W", "", text[s:e].split()[-1]).lower() not in _ABBREVIATED:
                e -= 1  # the sentence's full stop, not an abbreviation's ("6120 Larkspur Pike.", but "Market St.")
            line_start = text.rfind("\n", 0, s) + 1
            if line_start > 1 and not text[line_start:s].strip():
                above = text.rfind("\n", 0, line_start - 1) + 1  # the complement line above the street
                if (c := _complement_line().fullmatch(text, above, line_start - 1)) is not None:
                    s = c.start("complement")
            out.append(Span(s, e, "address", "doc-addresses", 0.8))
            i = j
        return out


@vocab_cache
def _town_prefixes() -> frozenset[str]:
    return frozenset(vocabulary_words("streets", "town_prefixes"))


@vocab_cache
def _not_towns() -> frozenset[str]:
    return frozenset(w.lower() for w in vocabulary_words("streets", "not_towns"))


def _not_a_town(word: str) -> bool:
    """A capitalised word after a residence cue that names no town: a word of the language ("lives in Poverty"), a
    month or a weekday ("nato a Gennaio"), a product."""
    low = word.lower()
    return (low in plain_words() or low in word_list("dictionary_words") or low in word_list("common_words")
            or low in calendar_words() or is_product(word))


def confirm_model_addresses(text: str, spans: list[Span]) -> list[Span]:
    """A document's addresses as the model reads them only where a rule found an address part too: in records and
    judgments the model takes lab values, citations of statutes and courts for addresses ("Abs. 1 i. V. m. Anlage
    2", "Juzgado de Primera Instancia n.º 4 de Gandía")."""
    ruled = Intervals((s.start, s.end) for s in spans if s.category == "address" and "model:" not in s.detector)
    return [s for s in spans if not (s.category == "address" and "model:" in s.detector and not ruled.overlaps(s.start, s.end))]


# an address the street rules cannot vouch for but its own shape does: a town after a comma ("7360 Pinecrest Ct,
# Tucson, AZ 85719"), or a German street named by its preposition ("Am Rosengarten 154", "An der Linde 3")
# (a house number before the comma and a town after it, or the house number right after the street's comma, as
# Italian, Spanish and German write it: "Via Roma, 12"; a name, a comma and a date is no address)
_ADDRESS_SHAPE = regex.compile(r"[^,\n]*\d[^,\n]*,[ \t]*\p{Lu}.*|[^,\n]*,[ \t]*\d{1,5}[a-zA-Z]?(?:[ \t/,-].*)?"
                               r"|(?:Am|An der|An den|Im|In der|In den|Auf der|Auf dem|Zum|Zur|Unter den|Hinter der|Vor dem)"
                               r"[ \t]+\p{Lu}\p{L}+(?:[ \t-]\p{L}+)?[ \t]+\d{1,4}[a-z]?", regex.S)


# a part only an address has: a US state and ZIP code, a UK postcode, a house number before an abbreviated street
# type ("45 Birchwood Dr"), a flat's or a unit's number
_ADDRESS_PART = regex.compile(r"\b[A-Z]{2}[ \t]+\d{5}(?:-\d{4})?\b|\b[A-Z]{1,2}\d[A-Z\d]?[ \t]*\d[A-Z]{2}\b"
                              r"|\b\d{1,5}[a-z]?[ \t]+\p{Lu}\p{L}+[ \t]+(?:Dr|Ct|Ln|Pl|Cir|St|Rd|Ave|Blvd|Ter|Pkwy|Hwy|Sq)\b"
                              r"|\b(?:Flat|Apt|Apartment|Unit|Suite)\.?[ \t]+\d{1,4}[A-Za-z]?\b")


def confirm_agent_model_addresses(text: str, spans: list[Span], street: regex.Pattern[str]) -> list[Span]:
    """The model's addresses in an agent's traffic where a rule (any address stage, or the street rules of
    :class:`DocumentAddressDetector`), a street word of the vocabulary (``street``: a street word with a number) or
    the span's own shape vouches for them: alone, the model takes a product with a number for an address ("Shimano
    105 chain CN-HG601", "Alprazolam 0.5 MG", "Hobby 560 KMFe", "Site 6")."""
    model = [s for s in spans if s.category == "address" and "model:" in s.detector]
    if not model:
        return spans
    ruled = Intervals((s.start, s.end) for s in spans if s.category == "address" and "model:" not in s.detector)
    bare = [s for s in model if not ruled.overlaps(s.start, s.end) and _ADDRESS_SHAPE.fullmatch(text, s.start, s.end) is None
            and _ADDRESS_PART.search(text, max(0, s.start - 12), s.end) is None
            and not any(m.end() > s.start for m in street.finditer(text, max(0, s.start - 30), s.end))]
    if not bare:
        return spans
    streets = Intervals((s.start, s.end) for s in DocumentAddressDetector().detect(text))
    dropped = {(s.start, s.end) for s in bare if not streets.overlaps(s.start, s.end)}
    return [s for s in spans if not (s.category == "address" and "model:" in s.detector and (s.start, s.end) in dropped)]


# a town of one to three capitalised words, and a British postcode
_TOWN_WORDS = r"\p{Lu}[\p{L}'’.-]+(?:[ \t]\p{Lu}[\p{L}'’.-]+){0,2}"
_UK_POSTCODE = r"(?:GIR[ \t]?0AA|[A-Z]{1,2}\d[A-Z\d]?[ \t]?\d[A-Z]{2})"
# after a street: ", Reading RG1 5AQ", ", Leeds, LS6 2QT", ", Milton Keynes MK9 3HL" (a British town and postcode)
# (a comma, an iCalendar's escaped one or an HTML line break between the street and the town: "129 Elmhurst
# Avenue\\, Brighton BN2 9SA", "5 Wellington Road<br>Cardiff CF5 1QE")
_PART_BREAK = r"[ \t]*(?:\\?,|<br[ \t]*/?>)[ \t]*"
_TOWN_AND_POSTCODE = regex.compile(rf"{_PART_BREAK}{_TOWN_WORDS},?[ \t]+{_UK_POSTCODE}(?![\w])")
# after a street, the continent's way: a house number written after it ("n. 76"), the postcode before the town, the
# town's linking words, its province in brackets (", 12051 Alba (CN)", " 41500 Alcalá de Guadaíra (Sevilla)")
_POSTCODE_AND_TOWN = regex.compile(
    rf"(?:[ \t]*,?[ \t]*(?:n\.|nº|n°|no\.)[ \t]?\d{{1,4}}[A-Za-z]?)?(?:{_PART_BREAK}|[ \t]+)(?:[A-Z]{{1,2}}-)?\d{{5}}[ \t]+"
    rf"{_CAP}(?:[ \t](?:{_LINK}[ \t])?{_CAP}){{0,3}}(?:[ \t]+\([\p{{L}} .]{{2,20}}\))?(?![\w-])")
# a British postcode the span cut in two ("Cardiff CF5" of "Cardiff CF5 1QE"): its inward half
_POSTCODE_REST = regex.compile(r"[ \t]\d[A-Z]{2}(?![\w])")
# a town the span cut after its first word, and its province ("41500 Alcalá" then " de Guadaíra (Sevilla)")
_TOWN_REST = regex.compile(rf"(?:[ \t](?:{_LINK}[ \t])?{_CAP}){{0,3}}(?:[ \t]+\([\p{{L}} .]{{2,20}}\))?(?![\w-])")
_ENDS_IN_POSTCODE_TOWN = regex.compile(rf"(?:[A-Z]{{1,2}}-)?\d{{5}}[ \t]+{_CAP}(?:[ \t](?:{_LINK}[ \t])?{_CAP}){{0,3}}$")
# a street's type in lower case before the model's address ("via dei Colli 41": the model took "Colli 41")
_STREET_TYPE_BEFORE = regex.compile(rf"(?i:via|viale|vicolo|piazza|corso|largo|calle|avenida|paseo|plaza|rue|chemin|"
                                    rf"allée|boulevard|place)[ \t](?:{_LINK}[ \t])?$")


def _town_words(words: str) -> bool:
    """A town's words: not all of them words of the dictionary ("Tests Passed" is no town; "Alba", "Bassano del
    Grappa" are)."""
    caps = [w for w in regex.findall(r"\p{Lu}[\p{L}'’-]*", words)]
    return bool(caps) and not all(w.lower() in dictionary_words() for w in caps)


# an address block's last line: "Norwich NR2 3BX", "LONDON SW1A 1AA", "37138 Verona", "75011 Paris" alone on it
_TOWN_LINE = regex.compile(
    rf"[ \t]*\r?\n[ \t]*(?:{_TOWN_WORDS},?[ \t]+{_UK_POSTCODE}|(?:[A-Z]{{1,2}}-)?(?P<code>\d{{4,5}})[ \t]+(?P<town>{_TOWN_WORDS}))[ \t]*(?=\r?\n|$)")


def postcode_town(code: str | None, town: str) -> bool:
    """A postcode and the town after it on a line under a street: five digits (or none: a British postcode's line), or
    four (Austria's, Switzerland's, Belgium's) and a town the place list knows: "2024 Release Notes" and "8080 Tomcat"
    under a street are a heading and a port."""
    return code is None or len(code) == 5 or town.split()[0] in word_list("places")


def _town_line(m: regex.Match[str] | None) -> bool:
    """A town line under a street (:func:`postcode_town`)."""
    return m is not None and postcode_town(m.group("code"), m.group("town") or "")
# the addressee's line above a street in a letter's or a statement's address block: two or three name words
_ADDRESSEE = regex.compile(r"(?m)^[ \t]*(?P<n>\p{Lu}[\p{L}'’-]+(?:[ \t]\p{Lu}[\p{L}'’-]+){1,2})[ \t]*\r?\n[ \t]*\Z")


# a street's, a company's or a team's line above the address, no one's name ("One Microsoft Way", "Acme Ltd")
_NOT_AN_ADDRESSEE = regex.compile(
    r"(?i)\b(?:way|street|st|road|rd|avenue|ave|lane|drive|close|court|place|square|gardens|rise|grove|park|house|"
    r"building|via|viale|piazza|rue|calle|avenida|plaza|stra(?:ss|ß)e|weg|platz|corporation|corp|inc|ltd|limited|llc|"
    r"plc|gmbh|ag|sa|srl|spa|sas|team|department|dept|office|services|foundation|sales|support|accounts|billing|"
    r"reception|hr|it|desk|helpdesk|finance|payroll|marketing|operations|admin|administration|enquiries|customer)$")


# a quote that closes a cell inside a span: after the cell's last letter or digit, before a comma, a bracket or the
# end ("…NW1 6XE', 'ABCD1234'"); an apostrophe inside a word (O'Connell) or a GPS position's minutes (38' 48") is none
_CLOSING_QUOTE = regex.compile(r"(?<=[\p{L}\d.])['\"](?=[ \t]*(?:[,;)\]}]|$))")


def trim_address_cells(text: str, spans: list[Span]) -> list[Span]:
    """Address spans (the model's, the street rules') cut at a quote that closes a record's cell: a dump's or a list's
    next cell and the quote itself are no part of the address ("'221B Baker Street, London NW1 6XE', 'ABCD1234'",
    "('Via Gorizia 78, 37138 Verona','2025-…')")."""
    out = []
    for s in spans:
        if s.category == "address" and (m := _CLOSING_QUOTE.search(text, s.start + 1, s.end)) is not None:
            end = m.start()
            while end > s.start and text[end - 1] in " \t,;":
                end -= 1
            if end - s.start < 4:
                continue
            s = Span(s.start, end, s.category, s.detector, s.score)
        out.append(s)
    return out


# a flat's, an apartment's or a unit's number right before the street's ("Flat 4, 151 Kingsway Gardens", "Apt 3B, 12 Elm
# Street", "Unit 7 "), or before the span that holds its number ("Flat " then "4, 151 …")
_UNIT_BEFORE = regex.compile(r"(?<![\w-])(?:Flat|Apt\.?|Apartment|Unit|Suite|Studio|Appartement|Appartamento|Interno|Wohnung|Piso)"
                             r"(?:[ \t]+[0-9]{1,4}[A-Za-z]?(?:,[ \t]*|[ \t]+)|[ \t]+)$")


def extend_to_postcode(text: str, spans: list[Span]) -> list[Span]:
    """An address span that stops at its street is the whole address with the town and the postcode written right
    after it ("14 Priory Gardens, Reading RG1 5AQ") or on the next line of an address block ("71 Sandringham
    Drive" then "Norwich NR2 3BX"); and the block's line above the street, a name the gazetteers know, is its
    addressee's."""
    out = []
    for s in spans:
        if s.category == "address":
            if (u := _UNIT_BEFORE.search(text, max(0, s.start - 40), s.start)) is not None:
                s = Span(u.start(), s.end, s.category, s.detector, s.score)  # "Flat 4, 151 Kingsway Gardens": the flat's too
            block = _line_starts_at(text, s.start)  # the span opens its line, as an address block's street does
            if (b := _STREET_TYPE_BEFORE.search(text, max(0, s.start - 16), s.start)) is not None:
                s = Span(b.start(), s.end, s.category, s.detector, s.score)
            if (m := _TOWN_AND_POSTCODE.match(text, s.end)) is not None or (
                    (m := _POSTCODE_AND_TOWN.match(text, s.end)) is not None and _town_words(
                        regex.sub(r"\([^()]*\)", "", m.group()))) or (
                    block and _town_line(m := _TOWN_LINE.match(text, s.end))):
                s = Span(s.start, m.end(), s.category, s.detector, s.score)
            elif _ENDS_IN_POSTCODE_TOWN.search(text, max(0, s.start), s.end) and (
                    m := _TOWN_REST.match(text, s.end)) is not None and m.end() > s.end:
                s = Span(s.start, m.end(), s.category, s.detector, s.score)
            elif regex.search(rf"{_UK_POSTCODE[:-1]}|[A-Z]{{1,2}}\d[A-Z\d]?)$", text[max(0, s.end - 8):s.end]) and (
                    m := _POSTCODE_REST.match(text, s.end)) is not None:
                s = Span(s.start, m.end(), s.category, s.detector, s.score)
            if block and (n := _ADDRESSEE.search(text, max(0, s.start - 80), s.start)) is not None \
                    and _NOT_AN_ADDRESSEE.search(n.group("n")) is None and gazetteer_name_any_case(n.group("n")):
                out.append(Span(n.start("n"), n.end("n"), "person", "address-block", 0.75))
        out.append(s)
    return out


def _line_starts_at(text: str, pos: int) -> bool:
    """Only blanks between the line's start and ``pos``."""
    ls = text.rfind("\n", 0, pos) + 1
    return not text[ls:pos].strip()


def drop_streets_named_after_people(text: str, spans: list[Span]) -> list[Span]:
    """A person's name inside an address a rule found is the street's ("Calle Miguel Benítez 90", "Via Giuseppe
    Verdi 3"): the address is the finding."""
    streets = Intervals((s.start, s.end) for s in spans if s.detector == DocumentAddressDetector.name)
    if not streets.spans:
        return spans
    return [s for s in spans if not (s.category == "person" and streets.contains(s.start, s.end))]
