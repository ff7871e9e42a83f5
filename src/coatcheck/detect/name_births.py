"""A date of birth written right after the person it is of: "Betroffene Person: Élodie Adeyemi, 11.05.2002",
"Co-intestatario: Henrik Fontaine (27/05/1973)", "Marta Ruiz (born 03/04/1961)". A date of a generation ago at least
(fourteen years before this one) in brackets or after a comma right behind a person's name is that person's birth
date; a later date (a visit's, a contract's) stays readable. Linear in the number of names found."""

from __future__ import annotations

import datetime

import regex

from ..spans import Span
from .validators import gazetteer_name

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
# a delimited row's next cell after a name's cell (or the one after a number's cell between them): "…,Yannick
# Benali,18/10/1959,ybenali@…", "DISC/2025/915;Priya Adeyemi;9621946766;2000-11-22;1" (the date fills its cell)
# (the cell between is a number, never a date: "Maria Rossi;1985-03-04;1990-05-06" has its birth date first)
_CELL_AFTER = regex.compile(
    r"\"?(?P<sep>[,;\t])(?:\"?(?!\d{4}-\d\d-\d\d\"?(?P=sep)|\d{1,2}[./-]\d{1,2}[./-]\d{2,4}\"?(?P=sep))"
    r"(?=[A-Z0-9-]*\d)[A-Z0-9-]++\"?(?P=sep))?\"?"
    r"(?P<v>(?P<d>\d{1,2})[./-](?P<m>\d{1,2})[./-](?P<y>\d{4})|(?P<y2>\d{4})-(?P<m2>\d{2})-(?P<d2>\d{2}))"
    r"\"?(?=(?P=sep)|[ \t]*\r?$)", regex.M)
# a cell of words after the date: a subject, a message ("Fix login", "Update README.md", "updated the schema")
_SUBJECT = regex.compile(r"\"?[,;\t]\"?\p{L}\p{Ll}*[ ]\S")
# a column's header that names a birth date (a header row above the date's cell must name one)
_BIRTH_HEADER = regex.compile(r"(?i)birth|\bdob\b|\bborn\b|bday|geburt|\bgeb\b|nascita|\bnato\b|\bnata\b|naissance|"
                              r"\bn[ée]e?\b|nacimiento|fecha_?nac|f_?nac|\bnac\b")
# who wrote, signed, reviewed or made something, on the name's line: the date after the name is when
_AUTHORSHIP = regex.compile(r"(?i)\b(?:author|authored|by|copyright|written|signed|reviewed|approved|created|modified|"
                            r"updated|commented|posted|erstellt|geändert|autor|autore|autrice|auteur|approvato|creato|"
                            r"scritto|firmado|creado|aprobado|von|par|por|da)\b|\(c\)|©|%an")


def _cell_start(text: str, start: int) -> bool:
    """The name starts a delimited row's cell: the line's start, a comma, a semicolon or a tab before it (a quote
    between)."""
    before = start - 1 if start > 0 and text[start - 1] == '"' else start
    return before == 0 or text[before - 1] in ",;\t\n"


_HEADER_REACH = 200  # rows looked up for a table's header
_DIGIT = regex.compile(r"\d")


def _cells_before(row: str, sep: str) -> int:
    """How many cells a delimited row's start holds (a quoted cell's separators are its own: "Ravel, Octave")."""
    count, quoted = 0, False
    for c in row:
        if c == '"':
            quoted = not quoted
        elif c == sep and not quoted:
            count += 1
    return count


def _birth_column(text: str, m: regex.Match[str]) -> bool:
    """The date's cell is a birth date's by its column: the table's header row (the nearest row above without digits)
    names a birth date at the date's index, or the table has no header row (a pasted row, a headerless export). A
    header that names another date ("joined", "created") is that date's."""
    sep = m.group("sep")
    line_start = text.rfind("\n", 0, m.start("v")) + 1
    header = None
    end = line_start - 1
    for _ in range(_HEADER_REACH):  # up the rows to the first without digits: the header (a blank line ends the table)
        if end <= 0:
            break
        start = text.rfind("\n", 0, end) + 1
        line = text[start:end]
        if not line.strip() or sep not in line:
            break
        if _DIGIT.search(line) is None:
            header = line
            break
        end = start - 1
    if header is None:
        return True  # no header row above: the row alone
    index = _cells_before(text[line_start:m.start("v")], sep)
    cells = header.split(sep)
    return index < len(cells) and _BIRTH_HEADER.search(cells[index]) is not None


def births_beside_names(text: str, spans: list[Span]) -> list[Span]:
    """The birth dates right after the persons among ``spans`` (see the module)."""
    last = datetime.date.today().year - _MIN_AGE
    out = []
    for s in spans:
        if s.category != "person":
            continue
        m = _AFTER.match(text, s.end)
        if m is None and _cell_start(text, s.start) and gazetteer_name(text[s.start:s.end]):
            m = _CELL_AFTER.match(text, s.end)
            if m is not None and (_SUBJECT.match(text, m.end()) is not None or not _birth_column(text, m)):
                continue  # "Maria Rossi,2011-03-04,Fix login": a commit's author, date and subject
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
