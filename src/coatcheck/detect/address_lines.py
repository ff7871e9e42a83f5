"""The line that finishes a found street address in a letter's, an invoice's or a label's address block, or the field
that does in a record (the next XML element, JSON field or CSV cell, a label printer's next ZPL field): the postcode and the town written under the
street, a flat's or a staircase's line between them too (``Kastanienallee 58`` / ``04109 Leipzig``, ``Calle de Alcalá, 24, 7º D<br>`` /
``29005 Málaga``, ``14 Alder Row`` / ``Dundee DD2 1QT``, ``12 Elm St`` / ``Salem, OR 97301``, ``101 Wellington Street`` /
``Salford`` / ``M6 5PJ``). A postcode and a town
alone on a line are masked only right under a street another stage found: elsewhere they may be a branch's or a
court's. One match per address span: linear in the text.
"""

from __future__ import annotations

import bisect

import regex

from ..spans import Span
from .doc_addresses import postcode_town
from .row_keys import PERSON_DETAILS

NAME = "address-lines"
# the end of the street's line (an HTML break too), then the postcode and town line: a continental postcode (a
# country's letter before it) and a town (a province in brackets), a British town and postcode, or an American town,
# state and ZIP code
_NEXT_LINE = regex.compile(
    r"(?:(?:[ \t]*(?:<br[ ]?/?>)?[ \t]*\r?\n|(?<=\n))[ \t]*"
    # or the next field of the same record: an XML element (<Line1>…</Line1><CityLine>), a JSON field
    # ("streetAddress1": "…", "cityStateZip": "…"), a CSV's next cell ("Gran Vía 141, 4º izq.","48011 Bilbao")
    # (the next field's key names a town's line: CityLine, cityStateZip, Line2, plz, cap …)
    r"|</[\w:.-]{1,40}>\s{0,40}<(?=[\w:.-]{0,30}(?i:city|zip|post|town|plz|ort|cap|cp|ville|ciudad|citt|line|addr|locality|municip))[\w:.-]{1,40}(?:[ \t][^<>\n]{0,80})?>"
    r"|\\?\"[ \t]*,\s{0,40}\\?\"(?=[\w.-]{0,30}(?i:city|zip|post|town|plz|ort|cap|cp|ville|ciudad|citt|line|addr|locality|municip))[\w.-]{1,40}\\?\"[ \t]*:[ \t]*\\?\""
    r"|(?<=[^\s,;])\"?[,;]\"?(?=\d{4,5}[ ])"
    # or a label printer's next text field (ZPL: ^FS, then ^FO<x>,<y>, a font, ^FD)
    r"|\^FS[ \t]*\r?\n?[ \t]*\^FO\d{1,4},\d{1,4}(?:\^A[0-9A-Z]?[NRIB]?(?:,\d{1,4}){0,2})?\^FD)"
    # a flat's, a staircase's or a floor's line between the street and the town ("Flat 3", "Escalera 2, 4º 1ª")
    r"(?P<v>(?:(?i:flat|apt\.?|apartment|suite|unit|floor|escalera|esc\.|piso|planta|puerta|scala|interno|piano|"
    r"bâtiment|bât\.?|bat\.|appartement|app\.|wohnung|whg\.|c/o)[ ][^\n<]{1,40}?[ \t]*(?:<br[ ]?/?>)?[ \t]*\r?\n[ \t]*)?"
    r"(?:(?:(?:D|A|CH|F|I|E|B|L|NL|P)-)?(?P<code>\d{4,5})[ \t]+(?P<town>\p{Lu}[\p{L}'’.-]*)(?:[ -]\p{L}[\p{L}'’.-]*){0,3}(?:[ \t]*\([A-Z]{2}\))?"
    r"|\p{Lu}[\p{L}'’.-]*(?:[ ]\p{Lu}[\p{L}'’.-]*){0,2},?[ ]+[A-Z]{1,2}\d[A-Z\d]?[ ]\d[A-Z]{2}"
    # a British postcode before its town, as a label printer writes the line ("LE2 3AD Leicester")
    r"|[A-Z]{1,2}\d[A-Z\d]?[ ]\d[A-Z]{2}[ ]+\p{Lu}[\p{L}'’.-]*(?:[ ]\p{Lu}[\p{L}'’.-]*){0,2}"
    r"|\p{Lu}[\p{L}'’.-]*(?:[ ]\p{Lu}[\p{L}'’.-]*){0,2},[ ][A-Z]{2}[ ]\d{5}(?:-\d{4})?"
    # a British letter's block: the town on its line, then the postcode on the next ("Salford" / "M6 5PJ"), or the
    # postcode alone under the street
    r"|(?:\p{Lu}[\p{L}'’.-]*(?:[ ]\p{Lu}[\p{L}'’.-]*){0,2}[ \t]*(?:<br[ ]?/?>)?[ \t]*\r?\n[ \t]*)?"
    r"[A-Z]{1,2}\d[A-Z\d]?[ ]\d[A-Z]{2}))"
    r"(?=[ \t]*(?:<br[ ]?/?>)?[ \t]*(?:\r?\n|$)|</|\\?\"|[ \t]*[;,|\t]|\^FS)")


# a record's town on the line under its street, after its own label (a control panel's "City:   Eugene", an XML
# element <city>Strasbourg</city>), the label's padding kept as the panel prints it
_TOWN_FIELD = regex.compile(
    r"(?:</[\w:.-]{1,40}>)?[ \t]*\r?\n[ \t]*(?:(?i:city|town|ort|stadt|wohnort|città|citta|comune|località|ville|commune|ciudad|localidad|"
    r"municipio|población)[ \t]*:[ \t]*|<(?P<tag>(?:[\w-]+:)?(?i:city|town|ort|citta|ville|ciudad|locality))>)"
    r"(?P<v>\p{Lu}[\p{L}'’.-]*(?:[ -]\p{L}[\p{L}'’.-]*){0,3})(?=[ \t]*(?:\r?\n|$)|</)")


def address_lines(text: str, spans: list[Span]) -> list[Span]:
    """The postcode-and-town lines right under the street addresses of ``spans``, and the town a record's next
    labelled line names."""
    out: list[Span] = []
    for s in spans:
        if s.category != "address":
            continue
        m = _NEXT_LINE.match(text, s.end)
        if m is not None and postcode_town(m.group("code"), m.group("town") or ""):
            out.append(Span(m.start("v"), m.end("v"), "address", NAME, 0.7))
        elif (t := _TOWN_FIELD.match(text, s.end)) is not None and (t["tag"] is None or text.startswith(
                f"</{t['tag']}>", t.end("v"))):
            out.append(Span(t.start("v"), t.end("v"), "address", NAME, 0.7))
    return out


# a postcode of a shape no other number has, alone in a separated cell: British (EH4 4TY, SW1A 1AA), Irish (D02 XE80),
# Canadian (K1A 0B6); not a Dutch one, which a sum and its currency look like ("1500 EUR")
# (blanks only after the separator: a tab is one, and a run of them must not be read again from each)
_POSTCODE_CELL = regex.compile(
    r"(?:(?<=^)|(?<=[,;\t|]))[ ]*\"?(?P<v>[A-Z]{1,2}\d[A-Z\d]?[ ]\d[A-Z]{2}|[AC-FHKNPRTV-Y]\d{2}[ ](?=\d{0,3}[AC-FHKNPRTV-Y])[0-9AC-FHKNPRTV-Y]{4}"
    r"|[A-Z]\d[A-Z][ ]\d[A-Z]\d)\"?[ ]*(?=[,;\t|]|\r?$)")
def postcode_cells(text: str, spans: list[Span]) -> list[Span]:
    """The postcode cells of separated rows (a CSV's, a Markdown table's) that hold a person's name, e-mail, phone,
    street, IBAN or document: a subscriber export's ``…,+44 7400 783451,paused,E8 2JS``. A postcode alone elsewhere
    may be a depot's or a branch's and stays. Each line is read once."""
    anchored = sorted(s.start for s in spans if s.category in PERSON_DETAILS)
    out: list[Span] = []
    if not anchored:
        return out
    ls = 0
    for line in text.split("\n"):
        le = ls + len(line)
        k = bisect.bisect_left(anchored, ls)
        if k < len(anchored) and anchored[k] < le and sum(line.count(c) for c in ",;\t|") >= 2:
            out.extend(Span(ls + m.start("v"), ls + m.end("v"), "address", NAME, 0.7) for m in _POSTCODE_CELL.finditer(line))
        ls = le + 1
    return out
