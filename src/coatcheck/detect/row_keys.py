"""The key column and the birth dates of a table whose rows are people, whatever its header says or whether it has one.

A register prints each person with a number that identifies them (``HH-24347``, ``VIS-674718``, ``737062712``,
``FR.FCL.PPL.A.11389``) and, often, a date of birth; an export with no header, a header of its own ("Nucleo",
"visitor_ref", "ID manager") or a layout line nobody lists says nothing a label list can read. The rows say it: once
other stages have found a person's name, contact or document on every row of a column's table (issue 23: context
beats format), the column's values are that person's when

- **a key column**: each value is an issuer's number (letters then four digits or more, ``X116689``, ``OWN-8404-4238``;
  or six digits or more), the values are distinct and no counting run (a database's 41200, 41207, 41214 are its rows'
  numbers), and the column has a header that names a key ("id", "Nummer") or a holder's number ("member_id",
  "player_id") but no record's reference ("ref", "rif_prenotazione", "loan_id", "Az.": a case's, a booking's, a
  loan's), in a table that does not name its person in a column of their own ("patient": then the row is a sample's
  or a visit's, and so is its key); or no header, and the column is not the rows' first (a headerless export's
  first cell is its record's key: a round's stop, a ticket);
- **a birth-date column**: full dates at one place of three rows or more (a fixed-width export's column), no time
  after them, every year at least ten years back, distinct, not in order where there are five or more (a log's or a
  history's dates are; people's birthdays are not, and three or four may be by chance), under a header word that
  names a birth date, or under none and ten years apart at least (an event's, a release's or a commit's dates
  cluster).

A separated column (a CSV's, a SQL dump's rows, a Markdown table's) of such dates counts too, by its cells' place
rather than their characters' (a CSV's fields do not line up): under a header whose words or last word name a birth
date, or under none (or one its rows do not line up with, an address's unquoted comma) a generation apart.

And a date glued after a person's name in a file's name (``EZE_Ngozi_1990-05-10_before.jpg``), sixteen years back
at least and followed by no document's word ("_scan", "_contract"), is that person's birth date.

Only rows anchored by a value no program prints by chance count (a name, an e-mail, a phone, an address, an IBAN, a
national id, a passport, a card); a login is no anchor (``ps`` and ``ls -l`` print logins beside their PIDs and their
files' dates). A value another stage covers is left to it. One pass over the cells and the lines: linear in the text.
"""

from __future__ import annotations

import bisect
import datetime
from collections import defaultdict
from collections.abc import Hashable

import regex

from ..spans import Span
from .column_mates import Key, _cells, _keyed
from .keep import kept_by
from .tables import (_id_cell, _person_column, column_category, holder_columns, lead_names_a_thing, norm_header,
                     open_number_column, text_lines, thing_column)
from .vocabulary import word_set

NAME = "row-keys"
ANCHORS = frozenset({"person", "email", "phone", "address", "iban", "national_id", "passport", "card"})
# what makes a row a person's for a postcode or a locality in it: a value no program prints by chance, less a card
# (a payment's row)
PERSON_DETAILS = ANCHORS - {"card"}
_KEEPS = ("is_placeholder_value", "is_templated", "is_uuid", "is_version", "is_code_word")
# an issuer's number: letters (groups of them, with their signs, or the issuer's initials and a blank) then four
# digits or more (X116689, HH-24347, OWN-8404-4238, FR.FCL.PPL.A.11389, DKRX-17393754, PADI 4015279); or six digits
# or more
# (or digits grouped in threes, as a licensing authority prints them: ALS 588-286-476)
_LETTERED = regex.compile(r"(?P<p>[A-Z]{1,5}(?:[-_.][A-Z]{1,5}){0,4})[-_. ]?(?P<n>\d{4,12}(?:[-_.]\d{2,12})?|\d{3}(?:[-.]\d{3}){2,3})[A-Z]?")
_DIGITS = regex.compile(r"(?P<n>\d{6,14}|(?=(?:-?\d){6})\d{2,8}(?:-\d{2,8}){1,2})[A-Z]?")
_HEADER = regex.compile(r"\p{L}[\p{L}\p{N} _./#°º()-]{0,40}")
# a date as a register prints it: 13/04/2012, 02/13/2005, 1952-08-25, 17.10.1964, 22 Nov 1959, 19651208
_DATE = regex.compile(r"(?<![\w./-])(?:(?P<d1>\d{1,2})[/.-](?P<m1>\d{1,2})[/.-](?P<y1>(?:19|20)\d\d)"
                      r"|(?P<y2>(?:19|20)\d\d)-(?P<m2>\d\d)-(?P<d2>\d\d)"
                      r"|(?P<d3>\d{1,2})[ -](?P<mon>[A-Z][a-z]{2})[ -](?P<y3>(?:19|20)\d\d)"
                      r"|(?P<y4>(?:19|20)\d\d)(?P<m4>[01]\d)(?P<d4>[0-3]\d))(?![\d./:-]|[ T]\d{1,2}:\d\d)")
_MONTHS = {m: i for i, m in enumerate(("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov",
                                       "Dec"), 1)}
_HEADER_TOKEN = regex.compile(r"[\p{L}_][\p{L}\p{N}_./#°º()-]*")
# a header line: words and the signs headers carry, no digit but in a word ("ID_DOC", "ADDR2")
_HEADER_LINE = regex.compile(r"[ \t]*[\p{L}_][\p{L}\p{N}_./#°º()-]*(?:[ \t]+[\p{L}_][\p{L}\p{N}_./#°º()-]*)+[ \t]*")
_KEY_WORDS = frozenset({"id", "no", "nr", "num", "number", "n", "n°", "nº", "numero", "número", "nummer", "numéro",
                        "kennung", "ident", "identifiant"})
# what a record's own reference names: a case, a booking, a loan, a voucher (their registers key rows by them, and
# builders of such files read them as the record's, not the person's): "ref", "rif_prenotazione", "loan_id", "Az."
_RECORD_WORDS = frozenset({"ref", "rif", "reference", "referencia", "riferimento", "référence", "referenz", "code",
                           "codice", "código", "codigo", "az", "aktenzeichen", "pratica", "dossier", "fall", "vorgang",
                           "case", "caso", "booking", "prenotazione", "reserva", "réservation", "reservation",
                           "buchung", "loan", "prestito", "préstamo", "prestamo", "prêt", "darlehen", "bon", "beleg",
                           "voucher", "titre", "titolo", "pignoramento", "refund", "rimborso", "claim", "sample",
                           "echantillon", "échantillon", "campione", "muestra", "probe", "visit", "visita", "session",
                           "sessione", "request", "richiesta", "solicitud", "demande", "antrag", "record",
                           "subscription", "abonnement", "abbonamento", "suscripción", "suscripcion",
                           # a legal matter's, a charge's or a call's record, a sale's lead, an order's or a job's
                           "matter", "cdr", "transaction", "txn", "trip", "charge", "event", "order", "invoice", "job",
                           "ticket", "lead", "shipment", "parcel", "incident", "call",
                           # a lab sample's accession, a pharmacy's dispensing
                           "accession", "delivrance", "délivrance", "dispensing"})


# the records whose references a login classifier's "person's number" never is: a file's case folder, a lab's
# accession, a pharmacy's dispensing, a shop's order, an invoice, a ticket, a booking, a shipment, a job, a message
# (not a loan's, a claim's, a case's or an application's: a borrower's, a claimant's and an applicant's own)
_THING_RECORDS = frozenset({"dossier", "accession", "delivrance", "délivrance", "dispensing", "transaction", "txn",
                            "order", "invoice", "ticket", "shipment", "parcel", "incident", "job", "event", "sample",
                            "echantillon", "échantillon", "campione", "muestra", "message", "msg", "batch", "lot",
                            # a booking's (README: bookings, reservations and folios stay readable)
                            "booking", "bookingref", "reservation", "réservation", "reserva", "prenotazione",
                            "buchung", "folio"})


def names_a_record(name: str | None) -> bool:
    """A header or a key naming a thing's record ("dossier", "accession_no", "order_ref"), not a person's number: its
    cells are what the file is about."""
    parts = [p for p in norm_header(name or "").split("_") if p]
    return bool(parts) and any(p in _THING_RECORDS for p in parts) and not any(_person_column(p) for p in parts)


# the headers of a person's own name, for :func:`_key_columns`
_OWN_NAME_HEADERS = frozenset({"name", "full_name", "fullname", "first_name", "firstname", "last_name", "lastname",
                               "surname", "given_name", "family_name", "nome", "cognome", "nominativo", "nom", "prenom",
                               "prénom", "nombre", "apellido", "apellidos", "vorname", "nachname", "member_name",
                               "customer_name", "contact_name"})
# a person's own login as a listing heads it: a table with one lists accounts ("ID  USERNAME  EMAIL")
_OWN_LOGIN_HEADERS = frozenset({"username", "user_name", "login", "login_name", "handle", "nutzername", "benutzername",
                                "nome_utente", "identifiant", "nom_d_utilisateur", "usuario", "nombre_de_usuario"})
_MIN_AGE = 10  # years: a date this recent in a person's row may be anything (a visit, a sign-up)
_BIRTH_SPREAD = 10  # years between the oldest and the newest of a headerless column's dates of birth
_SEPARATED_SPREAD = 20  # the same in a separated column with no header (a CSV's, a dump's rows): its cells line up anyway
_FILE_MIN_AGE = 16  # years: a date in a file's name this old beside its person's name is their birth
# what a file's name says its date is, after the date: the document's own day (a scan's, a contract's)
_DOCUMENT_WORDS = frozenset({"scan", "scanned", "contract", "contratto", "contrat", "contrato", "vertrag", "invoice",
                             "fattura", "facture", "factura", "rechnung", "report", "receipt", "ricevuta", "statement",
                             "letter", "lettera", "lettre", "brief", "minutes", "signed", "firmato", "signé", "firmado",
                             "offer", "quote", "preventivo", "devis", "angebot", "presupuesto", "order", "backup"})


def _row_kind(column: Key) -> tuple[str, tuple[Hashable, ...], int] | None:
    """The kind of rows a table column's key was read from ("csv", "sql", "sep", "gap"), their key and the column's
    index in them; None for an HTML table's column."""
    if len(column) == 3 and isinstance(column[1], tuple) and isinstance(column[2], int):
        return str(column[1][0]), column[1], column[2]
    return None


def _columns(text: str) -> dict[Key, list[tuple[int, int, int]]]:
    """The non-empty cells of ``text``'s tables (:func:`.column_mates._cells`, keyed fields left out) by column:
    (start, end, row's place)."""
    columns: dict[Key, list[tuple[int, int, int]]] = defaultdict(list)
    for key, a, b, place in _cells(text):
        if not _keyed(key) and b > a:
            columns[key].append((a, b, place))
    return columns


def _birthdays(dates: list[tuple[int, int, int]]) -> bool:
    """Whether dates read as people's birthdays rather than a history: three or more, distinct, not in order where
    there are five or more (a log's or a history's dates are; three or four may be by chance)."""
    ordered = dates in (sorted(dates), sorted(dates, reverse=True))
    return len(dates) >= 3 and len(set(dates)) == len(dates) and not (ordered and len(dates) >= 5)


def _anchored_lines(text: str, found: list[Span]) -> tuple[list[tuple[int, int]], list[int], set[int]]:
    """The text's lines, their starts, and the indexes of the lines an anchor category was found on."""
    lines = list(text_lines(text))
    starts = [a for a, _ in lines]
    anchored: set[int] = set()
    for s in found:
        if s.category in ANCHORS:
            anchored.add(bisect.bisect_right(starts, s.start) - 1)
    return lines, starts, anchored


def _covered(found: list[tuple[int, int]], ends: list[int], a: int, b: int) -> bool:
    """Whether a found span touches ``[a, b)``."""
    i = bisect.bisect_right(ends, a)
    return i < len(found) and found[i][0] < b


def _number(value: str) -> int | None:
    """The digits of an issuer's number as an int (their run's), or None where the value is no such number."""
    m = _LETTERED.fullmatch(value) or _DIGITS.fullmatch(value)
    # (a zero-padded amount or counter, 000000667834, is no one's)
    if m is None or value.startswith("000") or not _id_cell(value) or lead_names_a_thing(value) or _DATE.fullmatch(value):
        return None  # (a packed date, 20271022, is a document's expiry or a record's day)
    return int(regex.sub(r"\D", "", m.group("n")))


def _word_above(text: str, lines: list[tuple[int, int]], starts: list[int], a: int, b: int) -> str | None:
    """The word of the line above ``text[a:b]``'s that overlaps its columns, when that line is a header's (words
    alone); None otherwise."""
    i = bisect.bisect_right(starts, a) - 1
    if i <= 0:
        return None
    la, lb = lines[i - 1]
    col_a, col_b = a - starts[i], b - starts[i]
    line = text[la:lb]
    if not _HEADER_LINE.fullmatch(line):
        return None
    for m in _HEADER_TOKEN.finditer(line):
        if m.start() < col_b and m.end() > col_a:
            return m.group()
    return None


def _leads(text: str, starts: list[int], a: int) -> bool:
    """Whether the cell at ``a`` is its row's first (only blanks, bars and quotes before it on its line)."""
    line = starts[bisect.bisect_right(starts, a) - 1]
    return text[line:a].strip(" \t|│┃\"'") == ""


def _key_header(text: str, a: int, b: int) -> bool | None:
    """A first row's cell read as a header: True where it may head a person's key (:func:`key_name`), False where it
    names a thing, another category or a record's reference, None where the cell is a value."""
    cell = text[a:b].strip()
    if not _HEADER.fullmatch(cell) or _number(cell) is not None:
        return None
    return key_name(norm_header(cell))


def key_name(name: str) -> bool:
    """Whether a column's name (:func:`.tables.norm_header`'s) may head a person's key: a key's word ("id",
    "Nummer"), a person's number ("member_id"), a noun's ("player_id"); not a thing's, another category's or a
    record's reference ("ref", "rif_prenotazione", "loan_id")."""
    if thing_column(name) or any(part in _RECORD_WORDS for part in name.split("_")):
        return False
    return (name in _KEY_WORDS or all(p in _KEY_WORDS for p in name.split("_"))  # ID-NO, Nr_ID
            or column_category(name) in ("account", "holder") or _person_column(name)
            # what a person carries alone ("Licence", "Permit", "Tessera"): in a table whose every row is a person's
            or name in word_set("numbers", "credential_markers")
            or open_number_column(name, ids=True))


def _holders_key(head: str) -> bool:
    """A header of a holder's word and a key's ("client_id", "Policy No"): the holder's own number where the table's
    rows are people (:func:`key_name` refuses "client", "policy", "contract" alone: an application's, a thing's)."""
    parts = [p for p in head.split("_") if p]
    nouns = [p for p in parts if p not in _KEY_WORDS]
    return bool(nouns) and len(nouns) < len(parts) and all(p in word_set("numbers", "holders") for p in nouns)


def _key_columns(text: str, lines: list[tuple[int, int]], starts: list[int], anchored: set[int],
                 spans: list[tuple[int, int]], ends: list[int],
                 columns: dict[Key, list[tuple[int, int, int]]]) -> list[Span]:
    # a table that names its person in a column of their own ("patient", "cliente") is a record of something else
    # (a sample, a visit): its keys are that thing's, unless their header says they are the person's ("ipp")
    held: set[Hashable] = set()
    for key, cells in columns.items():
        for a, b, place in cells:
            if place != 0 and (head := norm_header(text[a:b])) in holder_columns() \
                    and head not in word_set("numbers", "credential_markers"):  # (a "licence" column is the key itself)
                held.add(key[0])
    # a table that names its rows' people by their own name ("name", "first_name", "cognome"): its rows are people,
    # not a ticket's or a build's that names its assignee or author
    named: set[Hashable] = {key[0] for key, cells in columns.items() if isinstance(key, tuple)
                            for a, b, place in cells if place != 0
                            and norm_header(text[a:b]) in _OWN_NAME_HEADERS | _OWN_LOGIN_HEADERS}
    out: list[Span] = []
    for column, cells in columns.items():
        rows = _row_kind(column)
        if rows is not None and rows[0] == "sql" and not all(_LETTERED.fullmatch(text, a, b) for a, b, _ in cells):
            continue  # (a dump's rows carry no header here: its bare numbers may be a thing's, a book's barcode)
        values = [(a, b) for a, b, place in cells if place == 0]
        heads = [(a, b) for a, b, place in cells if place != 0]
        headed = False
        for a, b in heads:
            h = _key_header(text, a, b)
            head = norm_header(text[a:b])
            if h is False and isinstance(column, tuple) and column[0] in named and _holders_key(head):
                h = True  # "Client ID" over a register of people by name: the client's (an OAuth client has no name)
            if h is False or h and isinstance(column, tuple) and column[0] in held \
                    and column_category(head) != "account" and head not in word_set("numbers", "credential_markers"):
                values = []
            elif h is None:
                values.insert(0, (a, b))  # a first row of values, no header
            else:
                headed = True
        if values and not headed and not heads:
            # a printer's header over right-aligned values (a data frame's "refund_ref" over "RF-636578") starts
            # elsewhere than they do: the header word above that overlaps the first value names the column
            above = _word_above(text, lines, starts, *values[0])
            if above is not None:
                if not key_name(norm_header(above)):
                    continue
                headed = True
        # (a SQL dump's row opens with its bracket: a separated row's first cell is told by its index)
        first = rows is not None and rows[0] in ("csv", "sep") and rows[2] == 0
        if len(values) < 2 or not headed and (column[0] == "html" or first
                                              or all(_leads(text, starts, a) for a, _ in values)):
            continue  # (with no header, a row's first cell is the record's own key: a round's stop, a ticket)
        if (any(bisect.bisect_right(starts, a) - 1 not in anchored for a, _ in values)
                or not key_column([text[a:b] for a, b in values], headed and isinstance(column, tuple) and column[0] in named)):
            continue
        for a, b in values:
            if not _covered(spans, ends, a, b) and kept_by(text, a, b, _KEEPS) is None:
                out.append(Span(a, b, "account", f"{NAME}:key", 0.8))
    return out


# a key column's header and its holder's word: "target_id", "userId", "member_no"
_ID_HEADER = regex.compile(r"(?P<p>[a-z][a-z0-9]{1,20})_?(?:id|no|nr|num|number)")
# the sibling that names the same holder: "target_label", "user_name", "member_display_name"
_NAME_SUFFIXES = ("_name", "_label", "_display_name", "_displayname", "_full_name", "_fullname", "name", "_title")
_SIBLING_VALUE = regex.compile(r"(?=[A-Za-z_-]{0,12}\d{4})[A-Za-z]{0,6}[-_]?\d[\dA-Za-z]{3,24}")


def _sibling_keys(text: str, starts: list[int], spans: list[tuple[int, int]], ends: list[int],
                  persons: list[tuple[int, int]], columns: dict[Key, list[tuple[int, int, int]]]) -> list[Span]:
    """A key column beside the column that names the same holder (``target_id`` and ``target_label``, ``user_id`` and
    ``user_name``): in each row whose name cell is a person found, the key cell is that person's number (an audit
    log's rows name a sitter, a family or a report; only the person's rows count)."""
    if not persons:
        return []
    tables: dict[Hashable, dict[str, Key]] = defaultdict(dict)
    for key, cells in columns.items():
        if isinstance(key, tuple) and _row_kind(key) is not None:
            head = next((norm_header(text[a:b]) for a, b, place in cells if place != 0), None)
            if head:
                tables[(key[0], key[1])][head] = key
    p_starts = [a for a, _ in persons]
    out: list[Span] = []
    for heads in tables.values():
        for head, key in heads.items():
            m = _ID_HEADER.fullmatch(head)
            if m is None or thing_column(m["p"]) and m["p"] not in word_set("numbers", "holders"):
                continue
            sibling = next((heads[m["p"] + suffix] for suffix in _NAME_SUFFIXES if m["p"] + suffix in heads), None)
            if sibling is None:
                continue
            names = {bisect.bisect_right(starts, a) - 1: (a, b) for a, b, place in columns[sibling] if place == 0}
            for a, b, place in columns[key]:
                cell = names.get(bisect.bisect_right(starts, a) - 1)
                if place != 0 or cell is None or not _SIBLING_VALUE.fullmatch(text, a, b):
                    continue
                k = bisect.bisect_right(p_starts, cell[0]) - 1
                if (k >= 0 and persons[k][0] <= cell[0] and persons[k][1] >= cell[1] - 1
                        and not _covered(spans, ends, a, b) and kept_by(text, a, b, _KEEPS) is None):
                    out.append(Span(a, b, "account", f"{NAME}:sibling-key", 0.8))
    return out


def key_column(values: list[str], named_people: bool = False) -> bool:
    """Whether a column's values are an issuer's numbers (:func:`_number`), distinct at least by half, and no
    counting run (a database's 41200, 41207, 41214 are its rows' numbers). Under a header that names a key, in a
    table that names its people by their own name (``named_people``), four or five digits (a member register's 57301) and a platform's opaque keys (``wrk_dk0f6nhtv1``)
    count too: the header and the rows say together what no shape says alone."""
    if named_people and all(_OPAQUE.fullmatch(v) or _TYPED_DIGITS.fullmatch(v) for v in values):
        return len(set(values)) >= max(2, (len(values) + 1) // 2)
    numbers = [_number(v) if not named_people or _number(v) is not None else _short_number(v) for v in values]
    ns = [n for n in numbers if n is not None]
    if len(ns) < len(numbers) or len(set(ns)) < max(2, (len(ns) + 1) // 2):
        return False
    return max(ns) - min(ns) >= 10 * len(ns)


# a platform's opaque key: a type's short prefix, an underscore, then random letters and digits (Stripe's cus_…)
_OPAQUE = regex.compile(r"[a-z]{2,6}_(?=[a-z0-9]*\d[a-z0-9]*\d)(?=[a-z0-9]*[a-z][a-z0-9]*[a-z])[a-z0-9]{8,32}|[A-Z]{2,6}_(?=[A-Za-z0-9]*\d)[A-Za-z0-9]{10,32}")
_SHORT = regex.compile(r"[1-9]\d{3,4}")
_TYPED_DIGITS = regex.compile(r"[a-z]{1,6}_\d{5,12}")  # a listing's typed key of digits: u_714443, usr_8812345


def _short_number(value: str) -> int | None:
    """Four or five digits, no zero first, as an int: a register's number under its key's header."""
    return int(value) if _SHORT.fullmatch(value) and _id_cell(value) else None


def _year(m: regex.Match[str]) -> tuple[int, int, int] | None:
    """(year, month, day) of a date match where it is a calendar date, else None."""
    if m.group("y1"):
        d, mo, y = int(m.group("d1")), int(m.group("m1")), int(m.group("y1"))
        if mo > 12:
            d, mo = mo, d  # 02/13/2005: the month first
    elif m.group("y2"):
        y, mo, d = int(m.group("y2")), int(m.group("m2")), int(m.group("d2"))
    elif m.group("y3"):
        mon = _MONTHS.get(m.group("mon"))
        if mon is None:
            return None
        y, mo, d = int(m.group("y3")), mon, int(m.group("d3"))
    else:
        y, mo, d = int(m.group("y4")), int(m.group("m4")), int(m.group("d4"))
    if not (1 <= mo <= 12 and 1 <= d <= 31):
        return None
    return y, mo, d


def _births(text: str, lines: list[tuple[int, int]], starts: list[int], a: int, b: int,
            dates: list[tuple[int, int, int]]) -> bool:
    """Whether a column of old dates in people's rows holds their births: a header word above it that names a birth
    date, or none and years a generation apart at least (an event's dates, a log's, a release history's cluster)."""
    above = _word_above(text, lines, starts, a, b)
    if above is not None:
        return column_category(norm_header(above)) == "birth_date"
    years = [d[0] for d in dates]
    return max(years) - min(years) >= _BIRTH_SPREAD


def _birth_dates(text: str, lines: list[tuple[int, int]], starts: list[int], anchored: set[int],
                 spans: list[tuple[int, int]], ends: list[int]) -> list[Span]:
    last_year = datetime.date.today().year - _MIN_AGE
    runs: dict[int, list[tuple[int, int, int, tuple[int, int, int]]]] = defaultdict(list)
    out: list[Span] = []

    def close(col: int) -> None:
        run = runs.pop(col, [])
        dates = [d for _, _, _, d in run]
        if _birthdays(dates) and _births(text, lines, starts, run[0][1], run[0][2], dates):
            out.extend(Span(a, b, "birth_date", f"{NAME}:birth-date", 0.8) for _, a, b, _ in run
                       if not _covered(spans, ends, a, b))

    for i, (la, lb) in enumerate(lines):
        seen: set[int] = set()
        if i in anchored:
            for m in _DATE.finditer(text, la, lb):
                date = _year(m)
                col = m.start() - la
                if date is None or not 1900 <= date[0] <= last_year or col in seen:
                    continue
                run = runs[col]
                if run and run[-1][0] != i - 1:
                    close(col)
                runs[col].append((i, m.start(), m.end(), date))
                seen.add(col)
        for col in [c for c, run in runs.items() if run[-1][0] < i and c not in seen]:
            close(col)
    for col in list(runs):
        close(col)
    return out


def _date_columns(text: str, starts: list[int], anchored: set[int], spans: list[tuple[int, int]],
                  ends: list[int], columns: dict[Key, list[tuple[int, int, int]]]) -> list[Span]:
    """A separated column (a CSV's, a SQL dump's rows, a Markdown table's) of full dates in people's rows whose
    header names a birth date, or that has none (or one its rows do not line up with) and whose dates are a
    generation apart: three dates or more, each ten years back at least, distinct, not in order where there are
    five or more."""
    last_year = datetime.date.today().year - _MIN_AGE
    out: list[Span] = []
    for column, cells in columns.items():
        dates: list[tuple[int, int, tuple[int, int, int]]] = []
        header: str | None = _insert_column(text, column, cells[0][0]) if cells else None
        for a, b, place in cells:
            m = _DATE.fullmatch(text, a, b)
            date = _year(m) if m is not None else None
            if date is None:
                if place != 0 and header is None:
                    header = norm_header(text[a:b])
                    continue
                dates = []
                break
            dates.append((a, b, date))
        days = [d for _, _, d in dates]
        if not _birthdays(days) or any(not 1900 <= d[0] <= last_year for d in days):
            continue
        if any(bisect.bisect_right(starts, a) - 1 not in anchored for a, _, _ in dates):
            continue
        years = [d[0] for d in days]
        # (a header's last word may say it alone: "Note Attributes DOB", "member_geburtsdatum"; with none, the dates
        # must be a generation and more apart: an order's, a hire's or a release's dates of old exports spread less)
        if header is not None and "birth_date" not in (column_category(header), column_category(header.rsplit("_", 1)[-1])) or \
                header is None and max(years) - min(years) < _SEPARATED_SPREAD:
            continue
        out.extend(Span(a, b, "birth_date", f"{NAME}:birth-date-column", 0.8) for a, b, _ in dates
                   if not _covered(spans, ends, a, b))
    return out


# a SQL dump's INSERT with its column list: the names of the values of the rows after it
_INSERT_COLUMNS = regex.compile(r"(?i)INSERT[ \t]+INTO[ \t]+[^()\n]{1,120}?\((?P<names>[^()\n]{1,2000})\)[ \t\r\n]*VALUES")


def _insert_column(text: str, key: Key, at: int) -> str | None:
    """The name a SQL dump's INSERT gives the column ``key`` of the rows from ``at`` on (normalised), None where the
    column is no dump's or its INSERT lists no names (or not as many as the rows hold)."""
    rows = _row_kind(key)
    if rows is None or rows[0] != "sql":
        return None
    start = text.rfind("INSERT", max(0, at - 3000), at)
    if start < 0:
        start = text.rfind("insert", max(0, at - 3000), at)
    m = _INSERT_COLUMNS.match(text, start) if start >= 0 else None
    if m is None:
        return None
    names = [n.strip(" `\"'[]") for n in m.group("names").split(",")]
    _, (_, width), index = rows
    return norm_header(names[index]) if len(names) == width else None


def row_keys(text: str, found: list[Span]) -> list[Span]:
    """The key numbers and the birth dates of ``text``'s tables whose rows hold a person's values in ``found``."""
    if not any(s.category in ANCHORS for s in found):
        return []
    out = _file_birth_dates(text, found)
    lines, starts, anchored = _anchored_lines(text, found)
    if len(anchored) < 2:
        return out
    spans = sorted((s.start, s.end) for s in found)
    ends = _reach(spans)
    columns = _columns(text)
    births = _birth_dates(text, lines, starts, anchored, spans, ends)
    seen = {(s.start, s.end) for s in births}
    persons = sorted((s.start, s.end) for s in found if s.category == "person")
    return [*out, *_key_columns(text, lines, starts, anchored, spans, ends, columns), *births,
            *_sibling_keys(text, starts, spans, ends, persons, columns),
            *(s for s in _date_columns(text, starts, anchored, spans, ends, columns) if (s.start, s.end) not in seen)]


# a date glued after a person's name in a file's name: EZE_Ngozi_1990-05-10_before.jpg, ROSSI_MARIO_19840317.pdf
_FILE_DATE = regex.compile(r"[_-](?P<d>(?P<y>(?:19|20)\d\d)-?(?P<m>[01]\d)-?(?P<dd>[0-3]\d))(?=[_.-])")


def _file_birth_dates(text: str, found: list[Span]) -> list[Span]:
    """The date a file's name gives after its person's name, when it is sixteen years back at least (a scan's or a
    visit's date is recent; a person's birth is not) and no document's word follows it ("_scan", "_contract")."""
    last_year = datetime.date.today().year - _FILE_MIN_AGE
    out: list[Span] = []
    for s in found:
        if s.category != "person" or not s.detector.startswith("names:file"):
            continue
        m = _FILE_DATE.match(text, s.end)
        if m is None:
            continue
        after = regex.match(r"[_-]?(\p{L}+)", text[m.end():m.end() + 40])
        if after is not None and after.group(1).lower() in _DOCUMENT_WORDS:
            continue  # Maria_Rossi_2013-04-02_scan.pdf: the scan's day
        if 1900 <= int(m.group("y")) <= last_year and 1 <= int(m.group("m")) <= 12 and 1 <= int(m.group("dd")) <= 31:
            out.append(Span(m.start("d"), m.end("d"), "birth_date", f"{NAME}:file-birth-date", 0.7))
    return out


def _reach(spans: list[tuple[int, int]]) -> list[int]:
    """The running maximum of the spans' ends (sorted by start), so that a bisect finds any span reaching past a
    point."""
    out, top = [], -1
    for _, e in spans:
        top = max(top, e)
        out.append(top)
    return out
