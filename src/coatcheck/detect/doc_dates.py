"""Dates as the document policy masks them: every calendar date a letter, a record or a judgment writes, in the five
languages of data/vocab/dates.toml. Numeric (``03/04/2021``, ``3.4.21``, ``2021-04-03``, ``04/2021``), written out
(``3 March 2024``, ``March 3rd, 2024``, ``le 1er mars 2020``, ``3. März 2024``, ``3 de marzo de 2024``, ``1° marzo``),
partial (``March 2024``, ``3 March``, ``Spring 2020``), a year after a word that makes it a date (``in 2019``,
``im Jahr 2019``, ``nel 2019``) and a day of the month alone (``on the 3rd``). Durations and ages are no dates:
nothing here reads a number of days, months or years.

With ``keep_year`` (the policy's ``dates = "year"``, as HIPAA's Safe Harbor allows) the year of each date stays
readable and a bare year is no finding.

The agent policy never builds this detector: an agent reads its dates (see :mod:`.dates`, which keeps them).
"""

from __future__ import annotations

import regex

from ..spans import Span
from .vocabulary import alternation, plain_words, vocab_cache, vocabulary_words

_DAY = r"(?:[12]\d|3[01]|0?[1-9])"
_YEAR4 = r"(?:1[6-9]\d\d|20\d\d)"
_TIME = r"(?:[T ]\d{1,2}:\d{2}(?::\d{2}(?:[.,]\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?"
_SPACE = r"[ \t\u00a0]{1,3}"  # bounded: a run of blanks is never read back and forth (lookbehinds see it too)
_TRIM = " \t\u00a0,.;:-/"
# what makes a year-like number a quantity: "1800 mg", "2000 €", "2000 Fr.", "1500 km", "1999 %"
_UNIT = (r"(?:mg|ml|g|kg|km|m|cm|mm|h|min|l|dl|mmol|µg|mcg|ug|iu|ui|kcal|eur|euro|euros|usd|dollars|rs|fr|frs|chf|"
         r"sfr|dm|mark|lire|pesetas|francs|franken|[%€$£])(?![\w])")


def _words(table: str) -> list[str]:
    return list(vocabulary_words("dates", table))


@vocab_cache
def _document_date_regex() -> regex.Pattern[str]:
    """One pattern for every form; the group ``year`` holds the year where the form has one."""
    months = _words("months")
    full = [m for m in months if len(m) > 3]
    # a month abbreviation that is also a word ("may", "set", "mar") names a month before a year, or with a full stop
    month_any = alternation(months) + r"(?:[ ]?\.)?"  # "Oct. 1937", and "Oct . 1937" as tokenised text writes it
    # an abbreviation no language writes as a word is a month on its own ("3 Feb", "Sat 18 Jan"; not "may", "mar",
    # "set", "ago")
    plain = plain_words()
    sure_short = [m for m in months if len(m) == 3 and m not in plain and m not in _WORD_ABBREVIATIONS]
    month_sure = rf"(?:{alternation(full)}|{alternation(months)}\.|{alternation(sure_short)}(?![\w.]))"
    month_cue = alternation(_words("month_cues"))
    statute = alternation(_words("statute_words"))
    wdays = _words("weekdays")
    wday = rf"(?:{alternation([w for w in wdays if len(w) > 3])}|{alternation(wdays)}\.)"
    suffix = rf"(?:{alternation(_words('day_suffixes'))})?\.?"
    join = alternation(_words("day_joins") + _words("connectors"))
    season = alternation(_words("seasons"))
    cue = alternation(_words("year_cues"))
    day_cue = rf"(?:{alternation(_words('day_cues'))}|{alternation([w for w in wdays if len(w) >= 3])}\.?)"
    month_three = alternation([m for m in months if len(m) == 3])
    range_join = alternation(_words("month_range_joins"))
    section = r"ziffer|abschnitt|tabelle|tab|abb|abbildung|kapitel|nr|no|nummer|punkt|ziff|anlage|anhang|section|table|fig|chapitre|point|apartado|punto|sezione|art|§"
    atom = alternation(_words("number_words"))
    # the first word of a number is a number, not its "and" ("John and April", "January and March")
    first_atom = alternation([w for w in _words("number_words") if w not in ("and", "et", "y", "e", "und")])
    thousand = alternation(_words("thousand_words"))
    # atomic and bounded: a run of number words ("sept sept sept …") is read once, never backtracked over
    spelled = rf"(?>(?:{first_atom})(?:[ -](?:{atom})){{0,5}})"  # "treinta y uno", "vingt-six", "twenty-third"
    # a year written out holds its thousand: "dos mil veintitrés", "deux mille vingt-quatre", "duemilaventiquattro"
    spelled_year = rf"(?>(?:(?:{first_atom})[ -]){{0,2}}(?:{thousand})\p{{L}}*(?:[ -](?:{atom})){{0,5}})"
    year = rf"(?P<year>{_YEAR4}|'\d\d)"
    day = rf"{_DAY}(?:[ ]?\.)?{suffix}"  # "12. März", and "12 . März" as tokenised text writes it
    lead = rf"(?:{wday},?{_SPACE}(?:(?:the|le|il|el|den){_SPACE})?)?"
    return regex.compile(
        rf"""(?ix)
        (?<![\w./-])(?:
            (?P<year>\d{{4}})-(?:1[0-2]|0[1-9])-(?:[12]\d|3[01]|0[1-9]){_TIME}                     # 2024-03-05
          | (?P<year>{_YEAR4})(?P<s>[./])(?:1[0-2]|0?[1-9])(?P=s){_DAY}                            # 2024/03/05
          | (?P<a>[0-3]?\d)(?P<s>[./-])(?P<b>[0-3]?\d)(?P=s)(?P<year>\d{{4}}|\d{{2}})            # 05/03/2024, 5.3.24
          | (?P<a>[0-3]?\d)[ ]?\.[ ](?P<b>[0-3]?\d)[ ]?\.[ ](?P<year>{_YEAR4})                      # 6. 9. 1903
          | (?:0[1-9]|1[0-2])(?P<s>[./-])(?P<year>(?:19|20)\d\d)                                    # 03/2024
          | {lead}{day}{_SPACE}(?:{join}{_SPACE})?{month_any},?{_SPACE}(?:{join}{_SPACE})?{year}     # 3 March 2024
          | {lead}{month_any}{_SPACE}{day}[ ]?,?{_SPACE}{year}                                    # March 3rd, 2024
          | {lead}{day}{_SPACE}(?:{join}{_SPACE})?{month_sure}                                     # 3 March
          | {lead}{month_sure}{_SPACE}{_DAY}(?:st|nd|rd|th)?(?![\d:])                              # March 3rd
          | (?:{season}|{month_any})[ ]?,?{_SPACE}(?:{join}{_SPACE})?{year}                       # March 2024
          | (?<=(?<![\w'])(?:{month_cue}){_SPACE}){alternation(full)}(?![\w])                       # im April
          | (?:mid|mi|early|late)-{alternation(full)}(?![\w])                                         # mid-May
          | (?:{spelled}[ ](?:day[ ])?(?:{join}[ ])?)?{alternation(full)}(?:,?[ ](?:{join}[ ]|dell'anno[ ]|of[ ]the[ ]year[ ])?{spelled_year})  # treinta y uno de marzo de dos mil veintitrés
          | {spelled}[ ](?:day[ ])?(?:{join}[ ])?{alternation(full)}(?![\w])                          # vingt février
          | (?<=(?<![\w'])(?:{month_cue}){_SPACE})(?-i:(?=\p{{Lu}})){month_three}(?![\w.])          # seit Mai
          | {alternation(full)}(?={_SPACE}(?:{range_join}){_SPACE}{month_any}(?![\w]))            # Januar bis Juni
          | (?<=(?<![\w]){alternation(full)}{_SPACE}(?:{range_join}){_SPACE}){alternation(full)}(?![\w])    # juillet et septembre
          | (?<!(?:{section})\.?[ ])(?:{_DAY}\.?[/–-])?(?P<a>[0-3]?\d)[ ]?\.[ ]?(?P<b>[01]?\d)[ ]?\.(?P<year>{_YEAR4}|\d\d)?(?![ ]?\d(?!\d?:\d\d))(?<=\d\d[ ]?\.[ ]?\d\d[ ]?\.|\d{{2,4}})  # 08.04., 27./28.01.2024; not Ziffer 12.10.
          | (?<=(?<![\w'])(?:{day_cue})[ ]?,?{_SPACE})(?P<a>[0-3]?\d)(?P<s>[./])(?P<b>[0-3]?\d)(?P=s)?(?![\d/]|[.]\d)  # on 24/04, am 8.4., on 2/24
          | (?P<a>[01]?\d)/(?P<b>[0-3]?\d)[ ](?:[01]\d|2[0-3])[0-5]\d(?![\d:/.])                      # 2/23 1500: a note's date and 24-hour time
          | (?<=(?<![\w])(?-i:[Aa]m)[ ])(?:[12]\d|3[01]|0?[1-9])\.(?=[ ](?-i:\p{{Ll}}))                         # "Am 26. entfieberte": the day of the month a German letter means
          | (?<=(?<![\w])(?i:vom|von|ab|seit|zwischen[ ]dem|du|del|dal|from|between)[ ]){_DAY}\.?(?=[ ]?(?:bis(?:[ ]zum)?|auf[ ]den|und|au|al|to|and|-|–)[ ]?[0-3]?\d(?:[./][01]?\d|\.?[ ](?:de[ ]|di[ ])?(?:{month_any})(?![\w])))  # vom 19. bis 04.10.2019, du 19 au 24/10
          | (?<=(?<![\w])(?:bis|ab)[ ])[0-3]?\d\.[01]?\d\.(?![ ]?\d)                                        # (bis 9.3.): with its full stops, not "bis 1.3 mg/dl"
          | (?P<a>1[3-9]|2\d|3[01]|0[1-9])/(?P<b>0?[1-9]|1[0-2])(?=[ ]?(?:and|und|et|y|e|–|-)[ ]?[0-3]?\d/[01]?\d(?!\d))  # 16/07 and 17/07, not 4/5 and 5/5
          | (?P<a>[0-3]?\d)/(?P<b>[01]?\d)(?=[ ]\d{{1,2}}:\d\d(?!\d))                                   # 21/11 09:30
          | (?P<a>0[1-9]|[12]\d|3[01])/(?P<b>0[1-9]|1[0-2])(?<=0\d/\d\d|1[3-9]/\d\d|[23]\d/\d\d|\d\d/0\d)(?![\d/]|[.,]\d)  # 06/03, 29/08: not 5/7, 3/12, 10/10
          | {_DAY}-{month_any}-{year}                                                                  # 09-Apr-1979
          | {_DAY}[ ]?[-–][ ]?{_DAY}{_SPACE}{month_sure}(?:,?{_SPACE}{year})?                          # 17-19 May
          | (?<=(?<![\w'])(?:{day_cue})[ ]?,?{_SPACE}){_DAY}(?:[ ]?\.)?{_SPACE}(?:{join}{_SPACE})?{month_any}(?![\w])  # on 15 May, du 29 mai
          | (?<=(?<![\w'])(?:{cue}){_SPACE})(?P<bare>{_YEAR4}(?:[-/–](?:{_YEAR4}|\d\d))?)(?!\s*%)  # in 2019
          | (?<=\b(?:on|from|by|until|since|before|after)[ ]the[ ]){_DAY}(?:st|nd|rd|th)           # on the 3rd
          | (?<!\d[ ]?)(?<!(?<![\w]){statute}[ ,]{{1,2}}(?:(?:of|von|de|del|du|di)[ ])?)(?P<bare>(?:1[89]\d|20[0-2])\d(?:[–/-](?:(?:1[89]\d|20[0-2])\d|\d\d(?!\d)))?)(?![ ]+{statute}(?![\w]))(?<!\((?:1[89]|20)\d\d(?=[ ]?\)))(?-i:(?![ ]+\p{{Lu}}{{2,}}))(?![ ]?{_UNIT})(?=[ ]?[.,;:)?]{{0,2}}(?:\s|$))  # 1942, (R, 2019)
        )(?![\w]|[./]\d|-\d(?!\d?/\d))"""
    )


@vocab_cache
def _join_tail() -> regex.Pattern[str]:
    return regex.compile(rf"(?i)[ \t\u00a0]+{alternation(_words('day_joins') + _words('connectors'))}$")


# a time of day written right after its date is part of it ("31/08/19 20:00", "13/05/2024 ore 10.30", "11.03.2023 um
# 9:30 Uhr", "le 3 mars à 14h30"): a clock with a colon, or with a full stop or an "h" after a time word or before "Uhr"
_CLOCK = r"(?:[01]?\d|2[0-3])"
_TIME_AFTER = regex.compile(
    rf"(?i)(?:\.?[ ]{{1,2}}|,[ ]{{1,2}}|[ ][-–][ ])"
    rf"(?:(?P<cue>at|à|a[ ]las|alle[ ]ore|alle|ore|um|h|dalle|vers)[ ]{{1,2}})?"
    rf"(?:{_CLOCK}:[0-5]\d(?::[0-5]\d)?(?:[ ]?(?-i:Uhr)|[ ]?(?:h|hrs|horas|heures|am|pm|a\.m\.|p\.m\.)(?![\w]))?"
    rf"|(?<=(?:à|alle|ore|um|h|at|las)[ ]{{1,2}}){_CLOCK}(?:[.h][0-5]\d)?(?:[ ]?(?:(?-i:Uhr)|heures?|horas|h|ore|am|pm|a\.m\.|p\.m\.)(?![\w])|(?<=alle[ ]{{1,2}}\d\d?|alle[ ]{{1,2}}\d\d?[.]\d\d))"
    rf"|{_CLOCK}h[0-5]\d|{_CLOCK}[.][0-5]\d(?:[ ]?(?:(?-i:Uhr)|am|pm)|(?=[ ]|$)))(?![\d:.]\d|[\w])")

_DAY_MONTH_DOTTED = regex.compile(r"(?:[0-3]?\d\.?[/–-])?[0-3]?\d(?:\.[01]?\d)?")

# clinical shorthand for a duration: 5/7 days, 3/12 months, 2/52 weeks
_DURATION = regex.compile(r"\d/(?:7|12)|\d{1,2}/52")


def _valid_numeric(m: regex.Match[str]) -> bool:
    """A numeric day-month(-year) whose day and month can be a date read either way (D/M or M/D), and no clinical
    duration ("5/7")."""
    if _DURATION.fullmatch(m.group()):
        return False
    a, b = m.group("a"), m.group("b")
    if a is None:
        return True
    x, y = int(a), int(b)
    return 1 <= x <= 31 and 1 <= y <= 31 and (x <= 12 or y <= 12)


# three-letter month abbreviations that are words of one of the languages ("set", "ago", "gen", "dic", "mar")
_WORD_ABBREVIATIONS = frozenset({"may", "mar", "set", "ago", "gen", "dic", "ene", "sun", "mai", "jan", "dec", "ott", "lug", "giu"})
_REACH = 48  # longer than any date's words before or after its first digit ("Wednesday, 3 September")


@vocab_cache
def _anchors() -> regex.Pattern[str]:
    """What every date form holds: a digit, or a month's name (``im April``, ``seit Mai``)."""
    names = [m for m in _words("months") if len(m) >= 3]  # "seit Mai" too
    return regex.compile(rf"(?i)\d+|(?<![\w]){alternation(names)}(?![\w])")


def _windows(text: str) -> list[tuple[int, int]]:
    """The stretches of ``text`` around its digits and month names, merged: prose has few."""
    out: list[tuple[int, int]] = []
    for m in _anchors().finditer(text):
        lo, hi = max(0, m.start() - _REACH), min(len(text), m.end() + _REACH)
        if out and lo <= out[-1][1]:
            out[-1] = (out[-1][0], hi)
        else:
            out.append((lo, hi))
    return out


def _matches(text: str) -> list[regex.Match[str]]:
    """The date regex's matches, searched only near digits; a window's edge is no word boundary (the pattern's
    lookarounds see the whole text)."""
    pattern, out, last = _document_date_regex(), [], 0
    for lo, hi in _windows(text):
        for m in pattern.finditer(text, max(lo, last), hi):
            out.append(m)
            last = m.end()
    return out


# a note's entries that open with a 24-hour clock ("0715  Rec'd report", "1440 - pt ambulated", "2100: meds given")
_CLOCK_ENTRY = regex.compile(r"(?m)^[ \t]*(?:[01]\d|2[0-3])[0-5]\d(?=[ ]{2,}|\t|[ ]?[-–:][ ])")
_YEAR_SHAPED = regex.compile(r"(?:1[89]|20[0-2])\d")


def _clock_column(text: str) -> set[int]:
    """Where the entries of a note that opens its lines with 24-hour clocks start them, when two clocks or more do and
    one of them can be no year (0715, 1440): a year-shaped one there (1900, 2000) is a time of day too."""
    starts = [(m.end() - 4, m.group()[-4:]) for m in _CLOCK_ENTRY.finditer(text)]
    if len(starts) < 2 or all(_YEAR_SHAPED.fullmatch(v) for _, v in starts):
        return set()
    return {s for s, _ in starts}


def document_dates(text: str, keep_year: bool = False) -> list[tuple[int, int]]:
    """Every date of ``text`` as ``(start, end)``, in order; with ``keep_year``, the parts of each date around its
    year (a bare year gives none)."""
    out: list[tuple[int, int]] = []
    clocks = _clock_column(text)
    for m in _matches(text):
        if not _valid_numeric(m):
            continue
        start, end = m.span()
        if m.group("bare") is not None and start in clocks:
            continue  # "1900  Family verbalized understanding": a note's time of day, in a column of them
        pieces = [(start, end)]
        if keep_year and m.group("bare") is not None:
            continue
        if keep_year and m.group("year") is not None:
            ys, ye = m.span("year")
            pieces = [(start, ys), (ye, end)]
        for s, e in pieces:
            while s < e and text[s] in _TRIM:
                s += 1
            while e > s and text[e - 1] in _TRIM:
                e -= 1
            tail = _join_tail().search(text, s, e)
            if tail is not None:  # "3 de marzo de" before a kept year
                e = tail.start()
            if e < m.end() and text[e] == "." and _DAY_MONTH_DOTTED.fullmatch(text, s, e):
                e += 1  # "am 19.09.": a German day and month end with their full stop
            if e > s and any(c.isalnum() for c in text[s:e]):
                if m.group("bare") is None and (t := _TIME_AFTER.match(text, e)) is not None:
                    e = t.end()
                out.append((s, e))
    return out


class DocumentDateDetector:
    """Calendar dates for the document and strict policies (category ``date``)."""

    name = "doc-dates"
    produces = frozenset({"date"})

    def __init__(self, keep_year: bool = False) -> None:
        self.keep_year = keep_year

    def detect(self, text: str) -> list[Span]:
        return [Span(s, e, "date", self.name, 0.9) for s, e in document_dates(text, self.keep_year)]
