"""A date of birth written right after the person it is of: "Betroffene Person: Élodie Adeyemi, 11.05.2002",
"Co-intestatario: Henrik Fontaine (27/05/1973)", "Marta Ruiz (born 03/04/1961)". A date of a generation ago at least
(fourteen years before this one) in brackets or after a comma right behind a person's name is that person's birth
date; a later date (a visit's, a contract's) stays readable. Linear in the number of names found."""

from __future__ import annotations

import datetime

import regex

from ..spans import Span

NAME = "name-births"
_MIN_AGE = 14
_AFTER = regex.compile(
    # (a report's columns may set the bracket apart by a few blanks: "Occupier   Nnamdi Ramasamy  (24/07/1949)")
    # (or under the name in its table cell: "<td><a href=…>Xiaoling Hu</a><br><small>11/08/1989</small></td>")
    r"(?:,[ ]|[ ]{1,4}\((?:(?i:born|b\.|nato|nata|nato/a|née?|geb\.|geboren|nacid[oa]|n\.)[ ](?:(?i:on|il|le|am|el)[ ])?)?"
    r"|(?:</a>)?[ ]?<br[ ]?/?>[ ]?<small>)"
    r"(?P<v>(?P<d>\d{1,2})[./-](?P<m>\d{1,2})[./-](?P<y>\d{4})|(?P<y2>\d{4})-(?P<m2>\d{2})-(?P<d2>\d{2}))"
    # (then a bracket, the line's end, or a number after a comma: "Élodie Adeyemi, 11.05.2002, 29507438697"; a time or
    # a commit's subject after it makes it a moment, "Maria Rossi, 2011-03-04, Fix login")
    # (the small print closing a table's cell: a comment's date under its author is no birth date)
    r"(?=\)|[ \t]*\r?\n|[ \t]*$|,[ ]?[+\d]|;|</small>[ \t]*</td>)")
# who wrote, signed, reviewed or made something, on the name's line: the date after the name is when
_AUTHORSHIP = regex.compile(r"(?i)\b(?:author|authored|by|copyright|written|signed|reviewed|approved|created|modified|"
                            r"updated|commented|posted|erstellt|geändert|autor|autore|autrice|auteur|approvato|creato|"
                            r"scritto|firmado|creado|aprobado|von|par|por|da)\b|\(c\)|©|%an")


def births_beside_names(text: str, spans: list[Span]) -> list[Span]:
    """The birth dates right after the persons among ``spans`` (see the module)."""
    last = datetime.date.today().year - _MIN_AGE
    out = []
    for s in spans:
        if s.category != "person":
            continue
        m = _AFTER.match(text, s.end)
        if m is None:
            continue
        if _AUTHORSHIP.search(text, text.rfind("\n", 0, s.start) + 1, s.start):
            continue  # "@author Giuseppe Verdi (2006-07-08)", "Reviewed-by: Peter Müller, 2008-11-02"
        year, month, day = (int(m["y"]), int(m["m"]), int(m["d"])) if m["y"] else (int(m["y2"]), int(m["m2"]), int(m["d2"]))
        if m["y"] and month > 12 >= day:
            month, day = day, month  # the US order, 03/25/1980
        if 1900 <= year <= last and 1 <= month <= 12 and 1 <= day <= 31:
            out.append(Span(m.start("v"), m.end("v"), "birth_date", NAME, 0.8))
    return out
