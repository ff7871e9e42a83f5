"""Identifiers of court and administrative documents for the document policy (category ``identifier``): case,
docket, application and file numbers.

- After a number sign of any of the five languages (``No.``, ``Nr.``, ``n.``, ``nº``, ``n°``), with the case type's
  capitalised words and abbreviations before it, on one line: ``Criminal Appeal No.1211/2018``, ``W.P.(C) No. 17110
  of 2020``, ``ricorso n. 1234/2019``, ``pourvoi n° 19-12.345``. The number has three digits or more, or a year
  part (``/2018``, ``of 2009``): ``Respondent No. 4`` is a party, not a case.
- After a label of data/vocab/labels.toml ``[case_number]`` (``Az.``, ``Aktenzeichen``, ``RG``, ``expediente``,
  ``docket``) or ``[record_number]`` (``NHC``, ``IPP``, ``Versicherungsnummer``, ``reg.``, ``ORCID``), whatever its
  layout or check characters: ``Az. 12 O 345/19``, ``RG 2019/01234``, ``Fall-Nr.: 9756-067236``.
- By shape alone: German file numbers (``2 BvR 1234/19``, ``VI ZR 123/19``) and the EU courts' (``C-123/19``).
"""

from __future__ import annotations

from collections.abc import Iterator

import regex

from ..spans import Span
from .vocabulary import alternation, vocab_cache, vocabulary_labels, vocabulary_words

_NUMBER = r"\d+(?:[./-]\d+)*(?:[ ]?[-–][ ]?\d+(?:[./-]\d+)*)?"
_YEAR_TAIL = r"(?:[ ](?:of|OF|del|de|du|vom|dell'anno)[ ](?:19|20)\d\d)"
# a Turkish court's register and decision numbers, each with its letter ("2008/742 E., 2014/344 K.")
_ESAS_KARAR = regex.compile(r"[ ]E\.(?:,[ ]\d{4}/\d{1,7}[ ]K\.)?|[ ]K\.")
_SIGN = r"(?:No|NO|no|Nos|NOS|nos|Nr|nr|Nrn|[nN]\.[ ]?[º°o](?![\p{L}])|[nN][º°]\.?|n|N|núm|Núm|num|Num)\.?"
# the case type before the sign: capitalised words or dotted abbreviations (W.P.(C), Crl.A., OA(EKM)), at most five
_KIND = r"(?:(?:\p{Lu}[\p{L}]*\.?|\p{Lu}(?:\.\p{Lu})+\.?)(?:\([\p{L}]+\))?[ ]?){0,5}"


@vocab_cache
def _patterns() -> tuple[regex.Pattern[str], ...]:
    signed = regex.compile(
        rf"(?<![\w])(?P<kind>{_KIND})(?<![\p{{L}}]){_SIGN}(?![\p{{L}}])[ ]?(?P<num>{_NUMBER})(?P<year>{_YEAR_TAIL})?(?![\w])")
    labels = alternation(vocabulary_labels("case_number") + vocabulary_labels("record_number"))
    # after the label (and a number sign, a colon): chunks of letters and digits joined by . / - : or by one space
    # before a chunk with a digit or a short capital code; never a word, two spaces or the line's end ("NHC: 26113667
    # Cama", "reg. ND94 FTB,", "Versicherungsnummer: 79 859607 E 678")
    labelled = regex.compile(
        rf"(?i)(?<![\w])(?:{labels}|(?-i:\p{{Lu}}[\p{{L}}.]{{0,12}})-(?:nr|nummer))\.?(?:[ ]\([\p{{L}}.]{{1,8}}\))?\s?(?:{_SIGN}(?![\p{{L}}])[ ]?)?[:#]?[ ]{{0,2}}"
        rf"(?P<num>(?-i:\[?(?:[A-Z]{{1,5}}(?![a-z])|[A-Z0-9]*\d[A-Za-z0-9]*)\]?(?:(?:[.:/-]|[ ](?=[A-Z0-9]*\d|[A-Z]{{1,4}}(?![\p{{L}}])))"
        rf"\(?[A-Za-z0-9]+\)?){{0,6}}))(?![\w])")
    shaped = regex.compile(
        r"(?<![\w/-])(?:\d{1,3}[a-z]?[ ](?:[A-Z][A-Za-z]{0,3}(?:-\d{1,5})?|[IVX]{1,4}[ ][A-Z]{1,3})[ ]"   # 2 BvR 1234/19
        r"(?:(?:\d{1,5}[ ])?[A-Z][a-z]{1,2}[ ])?\d{1,5}/\d{2}(?:-\d{1,4}/\d{2})?(?:\.[A-Z]{1,2})?"           # 23 Ds-721 Js 4418/23
        r"|[CTF]-\d{1,4}/\d{2}"                                                                  # C-123/19
        r"|ECLI:[A-Z]{2}:[A-Z0-9]{1,10}:\d{4}:[0-9A-Za-z.]{1,25}[0-9A-Za-z]"                      # ECLI:ES:TS:2023:2871
        r"|[A-Z]{2}\d{2}(?:[ ]?[A-Z0-9]{4}){3,7}(?:[ ]?[A-Z0-9]{1,3})?(?<=(?:\D*\d){12}\D*)"          # an IBAN's shape
        r"|(?:STS|ATS|STSJ|SAP|AAP|SAN|AAN|STC|ATC|SJPI|SJSO|SJM|AJPI)(?:[ ][A-Z]{1,4})?[ ]\d{1,6}/\d{4}"  # Roj: STS 2871/2023
        r"|[A-Z0-9]{4}-[A-Z]-[A-Z0-9]{3}-[A-Z0-9]{4}"                                              # Portalis DBVX-V-B7G-OKLM
        r"|[A-Z]{2}-\d{3}-[A-Z]{2}"                                                                # a French plate EX-417-RT
        r"|[A-Z]{2}\d{2}[ ][A-Z]{3}"                                                               # a British plate BX71 KPF
        r"|\d{2}[A-Z]{2,4}\d{4,}"                                                                  # 21DR08812
        r"|[A-Z][ ]\d{1,3}[ ][A-Z]{1,3}[ ]\d{1,5}/\d{2}"                                            # A 14 K 2207/24
        r"|\d{2}/\d{5}"                                                                          # N° RG 24/01187
        r"|(?:\d{3,7}|1[3-9]|[2-9]\d)/(?:19|20)\d\d(?:-\d{2})?"                                     # 1187/2023, 88/2024
        r"|(?<=RCS[ ]\p{Lu}[\p{L}-]+[ ])\d{3}[ ]\d{3}[ ]\d{3}"                                       # RCS Marseille 509 331 874
        r")(?![\w/])")
    # a code of capitals and digits: a short prefix and four digits or more ("RAI-2290417", "VA/0412/23",
    # "INC0098812", "BG1190244801187"), or seven digits and more alone ("7103385")
    coded = regex.compile(
        r"(?<![\w/.,-])(?:[A-Z]{1,5}(?:[-/][A-Z]{1,3})?[-/]?\d[\d/-]{2,}\d(?:[-/][A-Z0-9]{1,4})?|\d{7,})(?![\w/]|[.,-]\d)")
    # a number sign, a word or two naming the number, then the number ("N° RG 22/03417", "Nº de Recurso: 6218/2020",
    # "N° minute : 23/4471", "n.º 312/2018")
    sign_named = regex.compile(
        rf"(?<![\w]){_SIGN}(?![\p{{L}}])[ ]?(?:(?:de|del|du|de[ ]la|des)[ ])?(?:\p{{L}}[\p{{L}}.]*[ ]?)?:?[ ]?"
        rf"(?P<num>\d{{1,4}}(?:[ ]\d{{2,4}}){{1,4}}(?![\d/])|[0-9A-Z]*\d[0-9A-Z./-]*\d|[A-Z]{{1,5}}-\d[\d./-]*\d(?:-\d)?)(?![\w/])")
    return signed, labelled, shaped, coded, sign_named


# a number of a part of a document, not of a case: "page No. 245", "Article No. 12", "Seite Nr. 12"
_PARTS = frozenset({"page", "pages", "p", "pp", "section", "sec", "paragraph", "para", "article", "art", "rule", "item",
                    "exhibit", "annexure", "annex", "room", "serial", "sl", "table", "figure", "fig", "chapter", "clause",
                    "schedule", "note", "volume", "vol", "line", "seite", "abs", "absatz", "artikel", "pagina", "articolo",
                    "comma", "página", "artículo", "alinéa", "tome", "house", "flat", "plot", "survey", "door", "ward"})


_YEAR_ALONE = regex.compile(r"(?:1[89]|20)\d\d")
# a date or a year range written like a code ("2019/2020", "12/03/2024", "2019-2021"): the date detectors' own
_DATE_LIKE = regex.compile(r"\d{1,4}[./-]\d{1,2}[./-]\d{2,4}|(?:1[89]|20)\d\d[/-](?:1[89]|20)?\d\d")


def _worth(num: str, year: str | None, kind: str = "x") -> bool:
    """A case's number: three digits or more after a case type, or a year part (``/2018``, ``of 2009``); not
    ``No. 4`` nor a page's or a section's number."""
    words = kind.replace(".", " ").split()
    if words and words[-1].lower() in _PARTS:
        return False
    dated = year is not None or "/" in num
    return dated or (bool(words) and sum(c.isdigit() for c in num) >= 3)


_RANGE_PARTS = regex.compile(r"(\d{1,4}(?:[.,]\d{1,2})?)[ ]?[-–][ ]?([1-9]\d{0,3}(?:[.,]\d{1,2})?|0[.,]\d{1,2})\)?")


class _Range:
    """A range of values ("135-145", "3.5-5.1", "40-45"): its low end no higher than its high end; not a file number
    ("19-12.345", "9756-067236")."""

    @staticmethod
    def fullmatch(value: str) -> bool:
        m = _RANGE_PARTS.fullmatch(value)
        return m is not None and float(m.group(1).replace(",", ".")) <= float(m.group(2).replace(",", "."))


_RANGE = _Range()
# what a code of digits also is: an amount, a measure, a phone or an account after its cue, a code system's entry
_AMOUNT_AFTER = regex.compile(r"[ ]?(?:eur|euro|euros|€|\$|£|usd|chf|gbp|fr|ptas|kg|mg|km|m²|qm)(?![\p{L}])", regex.I)
_CUE_BEFORE = regex.compile(r"(?i)(?:tel|telefon|telephone|phone|fax|mobil|mobile|handy|tél|téléphone|teléfono|telefono|cell|"
                            r"konto|kontonummer|account|compte|cuenta|conto|iban|snomed(?:[ ]ct)?|pzn|icd(?:-10)?|atc|loinc|"
                            r"ean|gtin|isbn|issn|doi|pmid|nct|ral|din|en|iso|orden|streitwert|betrag|summe|montant|importe|"
                            r"importo)\.?[ :]{0,3}(?:nr\.?[ ]?)?(?:\(?\d{2,5}\)?[ /-])?$")


def _other_number(text: str, m: regex.Match[str]) -> bool:
    return (_AMOUNT_AFTER.match(text, m.end()) is not None or _CUE_BEFORE.search(text, max(0, m.start() - 30), m.start()) is not None
            or regex.match(r"(?:RAL|EN|DIN|ISO|NCT|SCO|PZN)(?:[-/]|\d)", m.group()) is not None)


@vocab_cache
def _statute_words() -> frozenset[str]:
    return frozenset(vocabulary_words("dates", "statute_words")) | _LAW_ABBREVIATIONS


_LAW_ABBREVIATIONS = frozenset({"lo", "rd", "rdl", "d.lgs", "dlgs", "d.l", "dl", "l", "dpr", "d.p.r", "directiva", "directive",
                                "direttiva", "richtlinie", "orgánica", "organica", "legislativo", "real", "ue", "ce", "cee"})


def _statute_before(text: str, start: int) -> bool:
    words = regex.findall(r"[\p{L}.]+", text[max(0, start - 25):start])
    return bool(words) and words[-1].lower().rstrip(".") in {w.rstrip(".") for w in _statute_words()}


# a blood pressure in a note's vital signs ("RR 90/50", "PA 95/50", "TA 120/80"), not a court's register and number
_VITAL_SIGN = regex.compile(r"(?<![\w])(?:RR|PA|TA|BP|TAS|PAS|HF|FC)[ ]\d{2,3}/\d{2,3}$")


class DocumentIdDetector:
    """Case, docket and file numbers (category ``identifier``)."""

    name = "doc-ids"
    produces = frozenset({"identifier"})

    def detect(self, text: str) -> list[Span]:
        if not any(c.isdigit() for c in text):
            return []
        signed, labelled, shaped, coded, sign_named = _patterns()
        out: list[Span] = []
        for m in signed.finditer(text):
            if not _worth(m.group("num"), m.group("year"), m.group("kind")):
                continue
            end = m.end()
            if "/" in m.group("num") and m.group("year") is None and (k := _ESAS_KARAR.match(text, end)) is not None:
                end = k.end()  # "2008/742 E., 2014/344 K.": the register's and the decision's numbers
            if not m.group("kind").strip() and _statute_before(text, m.start()):
                continue  # "legge n. 89 del 2001", "L. n. 296/2006": a law's number
            kind_words = m.group("kind").replace(".", " ").split()
            if kind_words and kind_words[-1].lower() in _statute_words():
                continue  # "Law no. 5271", "Act No. 12 of 2005": a law's number
            start = m.start("kind") if m.group("kind").strip() else m.start()
            out.append(Span(start, end, "identifier", "doc-ids:signed", 0.85))
        for m in labelled.finditer(text):
            num = m.group("num").rstrip(".:-/ ")
            if num.endswith(")") and num.count("(") < num.count(")"):
                num = num[:-1]  # the bracket the label's sentence closes: "(registration BX71 KPF)"
            digits, alnum = sum(c.isdigit() for c in num), sum(c.isalnum() for c in num)
            # three digits, or two in a code of five letters and digits (a plate: "ND94 FTB"); "fall 2019" is a season
            if _RANGE.fullmatch(num):
                continue  # "(reference 135-145)", "ID: 40-45 years": a range of values, no one's number
            dashed = alnum >= 8 and digits >= 1 and sum(num.count(c) for c in "-/") >= 2  # DBVX-V-B7G-OKLM
            if (digits >= 3 or (digits >= 2 and alnum >= 5) or dashed) and not _YEAR_ALONE.fullmatch(num):
                out.append(Span(m.start("num"), m.start("num") + len(num), "identifier", "doc-ids:labelled", 0.85))
        for m in shaped.finditer(text):
            if "/" in m.group() and (_statute_before(text, m.start()) or _DATE_LIKE.fullmatch(m.group())
                                     or _VITAL_SIGN.search(m.group())):
                continue  # "Ley 29/1998", "d.lgs. 23/2015", "Directiva 2004/38": a law's number
            out.append(Span(m.start(), m.end(), "identifier", "doc-ids:shape", 0.8))
        for m in coded.finditer(text):
            value = m.group()
            if sum(c.isdigit() for c in value) >= 4 and not _DATE_LIKE.fullmatch(value) and not _other_number(text, m):
                out.append(Span(m.start(), m.end(), "identifier", "doc-ids:coded", 0.75))
        for m in sign_named.finditer(text):
            num = m.group("num")
            before = text[max(0, m.start() - 12):m.start()].split()
            if before and before[-1].lower().strip(".") in _PARTS:
                continue  # "page No. 245"
            named = bool(text[m.start():m.start("num")].strip(" .:º°").split()[1:])  # a word between sign and number
            grouped = regex.fullmatch(r"\d{1,3}(?:\.\d{3})+", num) is not None  # "finca registral n.º 24.517"
            ls, le = text.rfind("\n", 0, m.start()) + 1, text.find("\n", m.end())
            alone = not text[ls:m.start()].strip() and not text[m.end():le if le >= 0 else len(text)].strip() \
                and sum(c.isdigit() for c in num) >= 5  # "N° 143810" on its own line: a decision's heading
            if _RANGE.fullmatch(num) or not named and "/" not in num and "-" not in num and not grouped and not alone:
                continue  # "No. 12345" in a sentence is nobody's case
            if sum(c.isdigit() for c in num) >= 3 and not _YEAR_ALONE.fullmatch(num) and not _DATE_LIKE.fullmatch(num):
                out.append(Span(m.start("num"), m.end("num"), "identifier", "doc-ids:sign-named", 0.8))
        return out + list(_coordinated(text, out))


# the numbers listed after one ("nos. 16949/06, 2830/06 and 57193/06", "Az. 3 O 12/19 und 3 O 14/19")
_NEXT_NUMBER = regex.compile(r"(?:,[ ]?|;[ ]|[ ](?:and|und|et|e|y|or|oder|ou|o|&)[ ]|,[ ](?:and|und|et|e|y)[ ])"
                             r"(?P<num>[A-Z0-9][A-Z0-9./ -]{1,24}?)(?=[\s,;)\]]|[.:](?:\s|$)|$)")
_SHAPE_DIGITS = regex.compile(r"\d+")


def _shape(value: str) -> str:
    """A number's layout with its digit runs as one digit ("16949/06" and "2830/06" are one shape)."""
    return _SHAPE_DIGITS.sub("9", value)


def _coordinated(text: str, found: list[Span]) -> Iterator[Span]:
    """The numbers of the same layout that a list joins to a number found (comma, "and" in the five languages)."""
    for sp in found:
        value = text[sp.start:sp.end]
        num = value.split()[-1] if sp.detector == "doc-ids:signed" else value
        if not any(c.isdigit() for c in num):
            continue
        end = sp.end
        while (m := _NEXT_NUMBER.match(text, end)) is not None and _shape(m.group("num")) == _shape(num):
            yield Span(m.start("num"), m.end("num"), "identifier", "doc-ids:listed", sp.score)
            end = m.end("num")
