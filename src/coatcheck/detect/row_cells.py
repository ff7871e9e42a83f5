"""The other cells of a person's record: names, towns, postcodes and phone numbers that sit beside an e-mail address,
a phone number, an IBAN or a national id on the same row.

An ORM's parameter list (``-- PARAMETERS: ["l.fournier@sfr.fr","Moreau","Cédric"]``, ``Parameters: 4613(Long), Via
Garibaldi 53(String), 50122(String), Firenze(String)``), a ``COPY`` dump's tab-separated line, a client's boxed
table row: a record prints its fields with no key, and the row is what says whose they are. Once another stage has
found a person's contact value on the row (issue 23: context beats format), its cells that read as a given name or a
surname (name lists), a town (GeoNames places), a phone number valid for the row's country, or a postcode beside a
town or a street are that person's too. Rows with no such anchor are not touched, and a cell another stage already
covers is left to it. One pass over the anchored lines: linear in the text.
"""

from __future__ import annotations

import bisect
import datetime
import functools
from collections.abc import Iterable

import phonenumbers
import regex

from .._data import word_list
from ..spans import Span
from .keep import is_calendar_date, is_order_number, is_product_name, is_tool_token
from .tables import lead_names_a_thing, text_lines
from .vocabulary import dictionary_words

NAME = "row-cells"
# what makes a row a person's record: a value no code or prose prints by chance
ANCHORS = frozenset({"email", "phone", "iban", "national_id", "card", "address"})
_QUOTED = regex.compile(r"""'(?P<v>[^'\n]{1,80})'(?![ \t]*:)|"(?P<w>[^"\n]{1,80})"(?![ \t]*:)""")
_TYPED = regex.compile(r"(?:(?<=:[ \t])|(?<=,[ \t]?))(?P<v>[^,()\n]{1,80})\([A-Z][A-Za-z]{1,15}\)(?=,|[ \t]*$)")
# a name's word: Moreau, McDonald, O'Brien, DiMaggio, Garrido-Marín, MOREAU; and the particles of surnames
_NAME_WORD = regex.compile(r"(?:\p{Lu}['’])?\p{Lu}\p{Ll}+(?:\p{Lu}\p{Ll}+)*(?:-\p{Lu}\p{Ll}+)*|\p{Lu}{2,}")
_PARTICLES = frozenset({"van", "von", "der", "den", "de", "di", "da", "del", "della", "du", "la", "le", "dos", "das",
                        "y", "zu", "ten", "ter", "bin", "al"})
_INITIAL = regex.compile(r"\p{Lu}\.")  # (with its full stop: "Jenkins X" is a program's name)
_INNER_CAPITAL = regex.compile(r"\p{Ll}\p{Lu}|['’]\p{Lu}")
_PHONE_CELL = regex.compile(r"\+?[\d][\d ()./-]{6,18}\d")
_POSTCODE = regex.compile(r"\d{4,5}|[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}|\d{4} ?[A-Z]{2}")
_STREET_NUMBER = regex.compile(r"\p{L}{3,}.*\s\d{1,4}[a-zA-Z]?\b|\d{1,5}\s+\p{L}{3,}")
# an e-mail's country-code domain or a number's calling code says which country's numbers the row holds
_TLD_REGIONS = {"it": "IT", "fr": "FR", "de": "DE", "es": "ES", "uk": "GB", "at": "AT", "ch": "CH", "nl": "NL",
                "be": "BE", "pt": "PT", "ie": "IE", "pl": "PL", "se": "SE", "dk": "DK", "no": "NO", "fi": "FI"}
_DEFAULT_REGIONS = ("US", "GB", "DE", "FR", "IT", "ES")


@functools.cache
def _names() -> tuple[frozenset[str], frozenset[str], frozenset[str]]:
    return word_list("first_names"), word_list("last_names"), word_list("common_words_lower")


def _separator(line: str) -> str | None:
    """What separates a record's cells on ``line``: tabs, a box's or a Markdown row's bars, a semicolon- or
    pipe-separated export's signs (sqlite3's list mode, a CSV of Europe), a comma-separated row's commas; None where
    its cells are quoted values."""
    if line.count("\t") >= 2:
        return "\t"
    if line.count("│") >= 2:
        return "│"
    if line.count(" | ") >= 2 or line.count("|") >= 3 and line.count(";") < 3:
        return "|"
    if line.count(";") >= 3:
        return ";"
    if _csv_row(line):
        return ","  # a CSV row without its header (grep's match, a file's first line): no blank after its commas
    return None


def _csv_row(part: str) -> bool:
    """Comma-separated values with no quotes and no blank after most commas (no sentence, no SQL tuple)."""
    return part.count(",") >= 4 and part.count(", ") * 2 <= part.count(",") and '"' not in part and "'" not in part


def _quoted_csv(line: str) -> tuple[int, int] | None:
    """Where a CSV row stands between a line's quotes (a JSON string's, up to a ``\\n`` escape), or None."""
    pos = 0
    for part in line.split('"'):
        if _csv_row(part):
            return pos, pos + len(part)
        pos += len(part) + 1
    return None


def _cells(line: str) -> tuple[list[tuple[int, int]], bool, bool, bool]:
    """The cells of a record's line: separated fields (:func:`_separator`), else a CSV row inside a line's quotes, else
    quoted values (not a JSON key) and ``value(Type)`` parameters, else cells set apart by blanks; each trimmed of
    blanks. Also whether they are quoted values (a dump's or a parameter list's, with no column rule: what such a cell
    holds is read from its shape), whether blanks set them apart (a printed row: its numbers are read by their
    header), and whether they are a headerless CSV row's (read at its commas)."""
    raw: list[tuple[int, int]] = []
    gapped = False
    sep = _separator(line)
    csv = sep == ","
    if sep is not None:
        pos = 0
        for part in line.split(sep):
            raw.append((pos, pos + len(part)))
            pos += len(part) + 1
    elif '"' in line and (inner := _quoted_csv(line)) is not None:
        # a tool result's CSV row inside a JSON string ("content":"348:45998691,Leilani,…)
        csv = True
        pos = inner[0]
        for part in line[inner[0]:inner[1]].split(","):
            raw.append((pos, pos + len(part)))
            pos += len(part) + 1
    else:
        for m in _QUOTED.finditer(line):
            raw.append(m.span("v") if m.group("v") is not None else m.span("w"))
        for m in _TYPED.finditer(line):
            raw.append(m.span("v"))
        if not raw:
            raw.append((0, len(line)))
        # a data frame's or a fixed-width export's row, alone or in a notebook's string: cells set apart by blanks
        # (whose numbers are read by their header, where they have one: not taken for a person's here)
        split = [part for a, b in raw for part in _gap_cells(line, a, b)]
        gapped = len(split) > len(raw)
        raw = sorted(split)
    out = []
    for a, b in raw:
        while a < b and line[a] in " \t":
            a += 1
        while b > a and line[b - 1] in " \t":
            b -= 1
        if b > a:
            out.append((a, b))
    return out, sep is None and not gapped, gapped, csv


_GAP = regex.compile(r"[ \t]{2,}|\\n")


def _gap_cells(line: str, a: int, b: int) -> list[tuple[int, int]]:
    """``line[a:b]`` split at runs of two blanks or more where it holds three such cells or more (a printed row),
    else the one cell."""
    parts, pos = [], a
    for m in _GAP.finditer(line, a, b):
        parts.append((pos, m.start()))
        pos = m.end()
    parts.append((pos, b))
    parts = [(x, y) for x, y in parts if y > x]
    return parts if len(parts) >= 3 else [(a, b)] if b > a and (a, b) != (0, len(line)) else []


def _name_cell(value: str) -> bool:
    """One to three capitalised words, one of them a given name or a surname of the name lists, none a common
    word (``Moreau``, ``Garrido Marín``, ``Ute``; not ``Active`` or ``Firenze``)."""
    if value.count(",") == 1 and regex.fullmatch(r"[^,]+, [^,]+", value):
        value = value.replace(",", "")  # a register's "Vogelsang, Kerstin": surname, then the given name
    words = [w for w in value.split() if w not in _PARTICLES]
    if len(words) > 1 and any(not _INITIAL.fullmatch(w) for w in words):
        words = [w for w in words if not _INITIAL.fullmatch(w)]  # a round sheet's "OSEI G.", a report's "Priya O."
    if not 1 <= len(words) <= 3 or not all(_NAME_WORD.fullmatch(w) for w in words):
        return False
    first, last, common = _names()
    plain = [w.title() if w.isupper() or _INNER_CAPITAL.search(w) else w for w in words]
    return (any(w in first or w in last for w in plain)
            and not any(w.lower() in common for w in words) and value not in word_list("places"))


_NAME_HEADER = regex.compile(r"(?i)(?<![\w])(?:name|full_?name|nominativo|nome|nom|nombre|nachname|vorname|"
                              r"cognome|apellidos?|surname|last_?name|first_?name)(?![\w])")


def _named_header(text: str, bounds: tuple[tuple[int, int], ...], k: int) -> bool:
    """Whether a header naming a name column heads the printed rows above line ``k`` (the nearest line with no digit,
    within twenty lines)."""
    for j in range(k - 1, max(-1, k - 21), -1):
        line = text[bounds[j][0]:bounds[j][1]]
        if line.strip() and not any(c.isdigit() for c in line):
            return _NAME_HEADER.search(line) is not None
    return False


def _not_a_name(value: str) -> bool:
    """A CSV cell that is a product's, a tool's or a dictionary's word (Jenkins, Stripe, Premium, Timeout)."""
    return (is_product_name(value, 0, len(value)) or is_tool_token(value, 0, len(value))
            or any(w.lower() in dictionary_words() for w in value.split()))


def _name_shape(value: str) -> bool:
    """One or two capitalised words, no common word and no place: a name the lists may lack."""
    words = [w for w in value.split() if w not in _PARTICLES]
    _, _, common = _names()
    return (1 <= len(words) <= 2 and all(_NAME_WORD.fullmatch(w) and not w.isupper() for w in words)
            and not any(w.lower() in common for w in words) and value not in word_list("places"))


def _regions(line: str) -> tuple[str, ...]:
    found: list[str] = []
    for m in regex.finditer(r"@[\w.-]+\.([a-z]{2})\b", line):
        r = _TLD_REGIONS.get(m.group(1))
        if r and r not in found:
            found.append(r)
    for m in regex.finditer(r"\+(\d{1,3})", line):
        r = phonenumbers.region_code_for_country_code(int(m.group(1)))
        if r and r != "ZZ" and r not in found:
            found.append(r)
    return tuple(found) or _DEFAULT_REGIONS


_ZIP_PLUS_FOUR = regex.compile(r"\d{5}-\d{4}")  # a US postcode (02110-1301), no phone
_DATE_START = regex.compile(r"(?:19|20)\d\d[-/.](?:0[1-9]|1[0-2])[-/.](?:0[1-9]|[12]\d|3[01])(?!\d)")


def _phone_cell(value: str, regions: tuple[str, ...]) -> bool:
    if not _PHONE_CELL.fullmatch(value) or not 9 <= sum(c.isdigit() for c in value) <= 15:
        return False
    if value.isdigit() and not value.startswith("0"):
        return False  # a bare run of digits with no trunk prefix: a count, an id or a timestamp (1716292495)
    if is_calendar_date(value, 0, len(value)) or _DATE_START.match(value) or _ZIP_PLUS_FOUR.fullmatch(value):
        return False  # a shift's date and hours ("2025-04-25 08-12"), a date written with dashes
    return valid_in(value, regions)


def valid_in(value: str, regions: Iterable[str]) -> bool:
    """Whether ``value`` is a valid phone number read in one of ``regions``, in order."""
    for region in regions:
        try:
            if phonenumbers.is_valid_number(phonenumbers.parse(value, region)):
                return True
        except phonenumbers.NumberParseException:
            continue
    return False


# a record's number in a dump's quoted cell: letters and five digits or more, four of them in a row, a letter among
# them (AC46450648, CR772245, 4541D23A, RDR-49898); no date, version, hash or UUID, no model name (RTX4090, V100X32G)
_ID_CELL = regex.compile(r"(?=(?:[A-Z-]*\d){5})(?=[A-Z0-9-]*\d{4})(?=[\d-]*[A-Z])[A-Z0-9](?:[A-Z0-9]|-(?=[A-Z0-9])){4,19}")
# a whole address in one cell: a house number, a street, a comma, a town and a postcode ("73 Station Approach, Leeds
# LS6 2QT", "Via Gorizia 78, 37138 Verona", "12 rue Oberkampf, 75011 Paris")
_ADDRESS_CELL = regex.compile(
    r"(?:\d{1,4}[a-zA-Z]?,?[ \t]+\p{L}[\p{L}'’. -]{2,40}|\p{L}[\p{L}'’. -]{2,40}[ \t]+\d{1,4}[a-zA-Z]?),[ \t]*"
    r"(?:\d{4,5}[ \t]+\p{Lu}[\p{L}'’. -]{1,30}|\p{Lu}[\p{L}'’. -]{1,30}[ \t]+(?:[A-Z]{1,2}\d[A-Z\d]?[ \t]?\d[A-Z]{2}|\d{4,5}))")


def row_cells(text: str, spans: list[Span]) -> list[Span]:
    """The cells of ``text`` that share a row with a person's contact value among ``spans``."""
    if not any(s.category in ANCHORS for s in spans):
        return []
    bounds = text_lines(text)  # (a tool result's rows end at its "\n" escapes)
    starts = [a for a, _ in bounds]
    anchored = sorted({bisect.bisect_right(starts, s.start) - 1 for s in spans if s.category in ANCHORS})
    taken = sorted((s.start, s.end, s.category) for s in spans)
    out: list[Span] = []
    places = word_list("places")
    for k in anchored:
        ls, le = bounds[k]
        line = text[ls:le]
        # (a headerless CSV row: its words are a tool's, a product's or a status as often)
        cells, quoted, gapped, csv = _cells(line)
        if len(cells) < 3:
            continue
        over = [_overlapping(taken, ls + a, ls + b) for a, b in cells]
        free = [c is None for c in over]
        kinds: list[str | None] = [None] * len(cells)
        regions: tuple[str, ...] | None = None
        for i, (a, b) in enumerate(cells):
            value = line[a:b]
            if not free[i]:
                # a cell another stage found: a person's (its neighbours may be the rest of the name), a street
                kinds[i] = ("person" if over[i] == "person" else
                            "address" if over[i] == "address" or _STREET_NUMBER.fullmatch(value) else "taken")
                continue
            if value in places:
                kinds[i] = "town"
            elif (_name_cell(value) and (not gapped or len(value.split()) >= 2) and not (csv and _not_a_name(value))
                  and not is_product_name(value, 0, len(value))):  # (a dealer's "Kia Niro EV": a car)
                kinds[i] = "person"  # (a printed row's one word may be its city's: "Boston")
            elif (gapped and len(value.split()) == 2 and _name_shape(value) and not _not_a_name(value)
                  and _named_header(text, bounds, k)):
                kinds[i] = "person"  # a data frame's row under a "name" header: two capitalised words the lists lack
            elif any(c.isdigit() for c in value):
                regions = regions or _regions(line)
                if _born(value):
                    kinds[i] = "born"
                elif _phone_cell(value, regions):
                    kinds[i] = "phone"
                elif quoted and _ADDRESS_CELL.fullmatch(value):
                    kinds[i] = "address"
                elif (quoted and i > 0 and _ID_CELL.fullmatch(value) and not is_order_number(value, 0, len(value))
                      and not lead_names_a_thing(value)
                      and not is_product_name(value, 0, len(value)) and not is_tool_token(value, 0, len(value))):
                    kinds[i] = "id"  # a dump's row of a person: its lettered number is theirs (the first cell is the row's key)
        if csv:
            one = [" " not in line[a:b].strip() for a, b in cells]
            for i, (a, b) in enumerate(cells):
                if (free[i] and kinds[i] is None and one[i] and _name_shape(line[a:b]) and not _not_a_name(line[a:b])
                        and any(kinds[j] == "person" and one[j] for j in (i - 1, i + 1) if 0 <= j < len(cells))):
                    kinds[i] = "person"  # "Leilani,Kahale": a surname the lists lack beside its given name
            for i in range(len(cells)):
                if (kinds[i] == "person" and free[i] and one[i]
                        and not any(kinds[j] == "person" and one[j] for j in (i - 1, i + 1) if 0 <= j < len(cells))):
                    kinds[i] = None
        for i, (a, b) in enumerate(cells):
            value = line[a:b]
            # 'Ainhoa', 'Garrido Marín': a given name the lists lack, beside its surname (a neighbour of one word: beside
            # a whole name, "Jonas Lindemann | Kamera", the cell is the next column's, a department or a role)
            if (free[i] and kinds[i] is None and not csv and _name_shape(value)
                    and any(kinds[j] == "person" and len(line[cells[j][0]:cells[j][1]].split()) == 1
                            for j in (i - 1, i + 1) if 0 <= j < len(cells))):
                kinds[i] = "person"
            if free[i] and kinds[i] is None and _POSTCODE.fullmatch(value) and (
                    any(kinds[j] == "town" for j in (i - 1, i + 1) if 0 <= j < len(cells))
                    or i > 0 and kinds[i - 1] == "address"):  # a street, then its postcode
                kinds[i] = "postcode"
            if free[i] and kinds[i] == "town" and not any(
                    kinds[j] in ("postcode", "address") or j > i and _POSTCODE.fullmatch(line[cells[j][0]:cells[j][1]])
                    for j in (i - 2, i - 1, i + 1) if 0 <= j < len(cells)):
                continue  # a town alone is no one's address (a customer's city column); beside a street or a postcode it is
            if free[i] and kinds[i] in ("town", "postcode"):
                out.append(Span(ls + a, ls + b, "address", NAME, 0.75))
            elif kinds[i] == "person" and (free[i] or ("," in value or over[i] == "person") and _name_cell(value)):
                # (a register's "Surname, Given" or a "Given Surname" of which another stage found one part: the whole
                # cell is the name)
                out.append(Span(ls + a, ls + b, "person", NAME, 0.75))
            elif free[i] and kinds[i] == "phone":
                out.append(Span(ls + a, ls + b, "phone", NAME, 0.8))
            elif free[i] and kinds[i] == "address":
                out.append(Span(ls + a, ls + b, "address", NAME, 0.75))
            elif free[i] and kinds[i] == "id" and any(k == "person" for k in kinds):
                out.append(Span(ls + a, ls + b, "account", NAME, 0.7))
            elif free[i] and kinds[i] == "born" and any(k == "person" for k in kinds) \
                    and (len({c for c in over if c in _CONTACTS} | ({"phone"} if "phone" in kinds else set())) >= 2
                         or "national_id" in over) \
                    and not _dated_header(text, ls):
                out.append(Span(ls + a, ls + b, "birth_date", NAME, 0.7))
    return out


# a person's contact values and numbers: with a name and two of them, the row is a person's record (a name and an
# address alone are a maintainer's or a committer's line, whose dates are releases and commits)
_CONTACTS = frozenset({"email", "phone", "address", "iban", "national_id", "card"})
# a date as a record writes it: 1976-04-28, 04/28/1976, 17.08.1963, 4 Apr 2006, Nov 27, 1965
_DATE_CELL = regex.compile(r"(?P<y>\d{4})-\d{1,2}-\d{1,2}|\d{1,2}[./-]\d{1,2}[./-](?P<y>\d{4})"
                           r"|\d{1,2}\.?[ -]\p{L}{3,9}\.?[ -](?P<y>\d{4})|\p{L}{3,9}\.? \d{1,2},? (?P<y>\d{4})")
_YOUNGEST = datetime.date.today().year - 12


# a header's words for a record's own dates: a date under one is the hire's, the join's or the signup's
_RECORD_DATES = regex.compile(r"(?i)(?<![\p{L}])(?:hired?|joined?|join_date|created|updated|modified|since|start(?:ed)?|"
                              r"signup|signed_up|registered|enrolled|released?|committed|opened|open_date|issued|"
                              r"effective|maturity|renewal|renewed|due|visit|first_visit|appointment|loan|valid|expir\w*|"
                              r"assunt[oa]|eingestellt|beitritt|eintritt|eröffnet|inscrit|ouverture|embauch\w*|alta|"
                              r"ingreso|apertura|iscrizione|last_login|seen)(?![\p{L}])")


def _dated_header(text: str, ls: int) -> bool:
    """Whether a header a few lines above the row (its table's first line, before a rule or the rows) names a record's
    date (hired, joined, created …)."""
    pos, seen = ls, 0
    while pos > 0 and seen < 40:
        ps = text.rfind("\n", 0, pos - 1) + 1
        line = text[ps:pos - 1]
        if not line.strip():
            return False  # the table starts below a blank line: no header above it that says so
        if _RECORD_DATES.search(line) and not any(c.isdigit() for c in line):
            return True
        pos, seen = ps, seen + 1
    return False


def _born(value: str) -> bool:
    """A date on a person's record that is no record's own (created, joined, renewed): a year twelve years ago or
    more, since 1900. On a row with a name and a contact value, it is the person's date of birth."""
    m = _DATE_CELL.fullmatch(value)
    return m is not None and 1900 <= int(m.group("y")) <= _YOUNGEST


def _overlapping(taken: list[tuple[int, int, str]], a: int, b: int) -> str | None:
    """The category of a span that overlaps ``[a, b)``, if any (spans sorted by start; the last few before ``b``)."""
    k = bisect.bisect_left(taken, (b, b, ""))
    return next((c for s, e, c in reversed(taken[max(0, k - 8):k]) if s < b and a < e), None)
