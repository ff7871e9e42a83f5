"""Cells of tables whose header names a personal column (``first_name``, ``phone``, ``address`` …).

CSV/TSV exports and query results pasted into a prompt or returned by a tool hold names and
addresses with no other context: the header is the context. Rows may be separated by real newlines
or by ``\\n`` escapes (a table inside a JSON string).
"""

from __future__ import annotations

import bisect
import functools
from collections.abc import Callable, Sequence

import regex

from .._data import word_list
from ..spans import Span
from .keep import is_documented_example, is_order_number, kept_by
from .device_serials import serial_shaped
from .validators import (card, e164_digits, email, gazetteer_name, named_login, national_id, person_handle, person_name,
                         person_name_any_case, person_number)
from .vocabulary import (composed_labels, dictionary_words, is_credential_key, plain_words, vocab_cache, vocab_lru,
                         vocabulary_labels, vocabulary_tables, vocabulary_words, word_set)

_CELL_KEEPS = ("is_placeholder_value", "is_templated", "is_service_username")


def _has_alnum(value: str) -> bool:
    return any(c.isalnum() for c in value)


_TEST_CARD_CODES = frozenset({"123", "1234", "000", "0000", "111", "999"})

_CELL_CHECKS = {
    "username": lambda v: bool(regex.fullmatch(r"[A-Za-z][A-Za-z0-9._-]{1,38}", v)),
    "email": lambda v: "@" not in v or email(v),  # a documentation or service address in an e-mail column stays
    "phone": lambda v: sum(c.isdigit() for c in v) >= 6,
    # a street with its number, or a postal code (38485, BS18 2WP, 00184, D-10115)
    "address": lambda v: ((any(c.isdigit() for c in v) and any(c.isalpha() for c in v))
                          or bool(regex.fullmatch(r"[A-Z]{0,2}-?\d{4,5}", v))),
    # a person-bound number: five digits or more, a letter prefix at most (CUST-435045, C155388975, 0906028772), four
    # after a letter prefix (CH-8709, M4471), or a licence as European authorities write it (DE.FCL.93291); no
    # placeholder's (TEST-000000) and no counting run's; a trial subject's number after its study's code
    # (NEURO-ALS-302-104-0249, as CDISC's USUBJID writes it)
    "account": lambda v: bool(regex.fullmatch(r"[A-Za-z]{0,5}[-_ ]?\d(?:[-/ .]?\d){4,}(?:[-/][A-Za-z]{1,4})?"
                                              r"|(?:[A-Z][A-Z0-9]{1,11}-){1,3}\d(?:[-/.]?\d){4,}"
                                              # a badge's RFID UID (four, seven or ten bytes: no MAC's six)
                                              r"|[0-9A-F]{2}(?::[0-9A-F]{2}){3}(?:(?::[0-9A-F]{2}){3}){0,2}"
                                              r"|[A-Za-z]{1,5}[-_]?\d{4}(?:-[A-Za-z]{1,2})?"
                                              r"|[A-Z]{2}\.[A-Z0-9]{2,4}\.\d{3,9}[A-Z0-9]{0,3}", v)) and person_number(v),
    # a document number: six to eighteen letters and digits, a digit in it (YA9447024, K564FW4GF, 500397493; an "ID
    # document" column holds a driving licence's sixteen too)
    "passport": lambda v: bool(regex.fullmatch(r"(?=.*\d)[A-Z0-9]{6,18}", v.replace(" ", ""))),
    # a licence number: five to sixteen letters and digits, a digit in it, dashes and spaces between them
    "driver_license": lambda v: bool(regex.fullmatch(r"(?=.*\d)[A-Za-z0-9]{5,16}", regex.sub(r"[ -]", "", v))),
    # a date of birth, or a birthday's month and day (a mailing list's "Birthday" column: 09/07, 21.01.)
    # a credential: six characters or more, no placeholder (NULL, ***, <redacted> stay)
    # (no published constant: a documented example key, the empty password's hash of a hash dump)
    "secret": lambda v: len(v) >= 6 and not regex.fullmatch(r"(?i)null|none|\*+|x+|<[^<>]*>|\[[^\[\]]*\]|redacted|n/a", v)
    and not _published(v.strip()),
    # a card's security code (three or four digits) or its expiry (MM/YY, MM/YYYY)
    # (not the code every test card is given: 123, 000)
    "card": lambda v: bool(regex.fullmatch(r"\d{3,4}|(?:0[1-9]|1[0-2])/(?:\d{2}|20\d{2})", v)) and v not in _TEST_CARD_CODES,
    # (or written out: 27 Nov 1965, 4-Apr-2006, Nov 27, 1965)
    "birth_date": lambda v: bool(regex.fullmatch(r"\d{4}-\d{1,2}-\d{1,2}|\d{1,2}[./-]\d{1,2}(?:[./-](?:\d{4}|\d{2})|\.)?"
                                                 r"|\d{1,2}\.?[ -]\p{L}{3,9}\.?[ -]\d{4}|\p{L}{3,9}\.? \d{1,2},? \d{4}", v))
    or _packed_date(v),
}


def _packed_date(value: str) -> bool:
    """A date written as eight digits with no separator, as fixed-width exports print it: DDMMYYYY or YYYYMMDD, a
    real day of a year from 1900 to 2099."""
    if len(value) != 8 or not (value.isascii() and value.isdigit()):
        return False
    for d, m, y in ((value[:2], value[2:4], value[4:]), (value[6:], value[4:6], value[:4])):
        if 1900 <= int(y) <= 2099 and 1 <= int(m) <= 12 and 1 <= int(d) <= 31:
            return True
    return False


_CARD_RUN = regex.compile(r"(?<![\d-])\d(?:[ -]?\d){11,18}(?![\d-])")


_LICENCE_KEY_COLUMNS = frozenset({"license_key", "licence_key", "product_key", "serial_key", "activation_key",
                                  "activation_code", "registration_key", "chiave_licenza", "chiave_di_licenza",
                                  "codice_attivazione"})
# a key as licence servers issue them: groups of four to six capitals and digits (B7EAX-XNMGA-GJANU-XU7FE-2X2J7), or
# sixteen random characters and more with a digit (no SPDX name, no Stripe product id "prod_…", no "AG-GRID-TRIAL")
_LICENCE_KEY = regex.compile(r"(?=[A-Z0-9-]*\d)[A-Z0-9]{4,6}(?:-[A-Z0-9]{4,6}){2,7}|(?=[^_]{16,64}$)(?=.*\d)(?=.*[A-Za-z])[A-Za-z0-9+/=-]{16,64}")


def _licence_key(value: str) -> bool:
    return bool(_LICENCE_KEY.fullmatch(value)) and not value.lower().startswith(("prod_", "price_", "sku"))


def row_has_card(row: str) -> bool:
    """Whether a table's row holds a payment card's number (a security code's or an expiry's column names a card's
    only beside one: an experiment's "exp", a cache's "expiry", a certificate's "valid thru" are no card's)."""
    return any(card(m.group()) and not is_documented_example(row, *m.span()) for m in _CARD_RUN.finditer(row))


def _published(value: str) -> bool:
    """A documented example key, or a hash of the empty password in either case (a hash dump prints it upper case)."""
    return is_documented_example(value, 0, len(value)) or is_documented_example(value.lower(), 0, len(value))


def cell_check(cat: str) -> Callable[[str], bool]:
    """The check a cell of a ``cat`` column must pass (:data:`_CELL_CHECKS`; a person's cell: a name in any case; a
    category with no check of its own: any letter or digit)."""
    if cat == "person":
        return _any_case(person_name)
    return _CELL_CHECKS.get(cat, _has_alnum)


_BREAK = regex.compile(r"\r?\n|\\n")
# (DC4, \x14, is a Concordance load file's field separator: þfieldþ\x14þfieldþ, the thorn its quote)
_SEPARATORS = (",", ";", "\t", "|", "\x14")
_DIVIDER = regex.compile(r"[\s|+:=-]{3,}")


# label lists of labels.toml whose labels also head a column of that category (a form's "Führerschein-Nr." is an
# export's column too): the documents' numbers, checked like a passport's
_LABELLED_COLUMNS = {"driver_license": "driver_license", "id_document": "passport", "supply_point": "account",
                     "vehicle_plate": "account"}
# labels too generic for a column ("license_number" of a software inventory)
_GENERIC_LABELS = frozenset({"license number", "licence number", "permis", "ausweis", "plate", "placa", "plaque",
                             "contract id", "cups", "kfz"})


@vocab_cache
def column_categories() -> dict[str, str]:
    """Column header -> category, from data/vocab/columns.toml (one table per category) and the labels of
    labels.toml's document numbers (:data:`_LABELLED_COLUMNS`) as a header writes them."""
    out = {norm_header(label): cat for lst, cat in _LABELLED_COLUMNS.items() for label in vocabulary_labels(lst)
           if label not in _GENERIC_LABELS}
    out.update({name: cat for cat in vocabulary_tables("columns") for name in vocabulary_words("columns", cat)})
    # a header written in camel case arrives glued ("DateNaissance", "CarteFidélité"): each listed name's glued form
    # names the same column, unless the glued form is a listed name of its own
    for name, cat in list(out.items()):
        out.setdefault(name.replace("_", ""), cat)
    return out


def _lines(text: str) -> list[tuple[int, int]]:
    """(start, end) of each line; a line ends at a newline or at a literal ``\\n`` escape. A line an agent's file
    reader numbered (``     2→CUST-1,Ana``, ``cat -n``'s ``     2<tab>``) starts after its number: the file's own line
    is what its columns line up with."""
    out, pos = [], 0
    for m in _BREAK.finditer(text):
        out.append((_after_gutter(text, pos, m.start()), _record_end(text, m.start())))
        pos = m.end()
    out.append((_after_gutter(text, pos, len(text)), _record_end(text, len(text))))
    return out


def _record_end(text: str, b: int) -> int:
    """A line's end before the ``[]`` a LEDES 1998B invoice file closes each record with (LEDES format spec: records
    end in ``[]``), so that its last column is a cell like the others."""
    return b - 2 if b >= 2 and text.startswith("[]", b - 2) else b


# the line number an agent's file reader puts before each line: "     2→" (the arrow, wherever a tool result's JSON
# string starts on its line), or cat -n's six columns and a tab (escaped in a JSON string), blanks before the number
# (a TSV's own first column of numbers, 402211<tab>DUVAL, is not padded)
_ARROW_GUTTER = regex.compile(r'(?:\G|(?<=["\[]))[ ]{0,8}\d{1,7}→')
_TAB_GUTTER = regex.compile(r"(?=[ \d]{6}(?:\t|\\t))[ ]{1,5}\d{1,5}(?:\t|\\t)")


def _after_gutter(text: str, a: int, b: int) -> int:
    """Where line ``text[a:b]``'s own content starts: after a file reader's line number, if it has one."""
    if "→" in text[a:min(b, a + 400)]:
        m = _ARROW_GUTTER.search(text, a, min(b, a + 400))
        if m is not None:
            return m.end()
    m = _TAB_GUTTER.match(text, a, b)
    return a if m is None else m.end()


def _fields(text: str, s: int, e: int, sep: str) -> list[tuple[int, int]]:
    """(start, end) of each field's content, quotes excluded."""
    out = []
    i = s
    while i <= e:
        if i < e and text[i] in "\"'þ" and (text[i] == '"' or sep != ","):
            q = text[i]
            j = text.find(q, i + 1, e)
            j = e if j < 0 else j
            out.append((i + 1, j))
            k = text.find(sep, j, e)
            i = e + 1 if k < 0 else k + 1
            continue
        k = text.find(sep, i, e)
        k = e if k < 0 else k
        a, b = i, k
        while a < b and text[a] == " ":
            a += 1
        while b > a and text[b - 1] == " ":
            b -= 1
        out.append((a, b))
        i = k + 1
    return out


_HEADER_GAP = regex.compile(r"[\s.\-]+")
_TRAILING_WORD = regex.compile(r"\w+$")
_HEADER_NAME = regex.compile(r"[\w°º#()/'’]{1,60}")
_NOT_A_HEADER = regex.compile(r"[{}\[\]\"=<>]")  # a JSON or markup line holding a table, not its header


_CAMEL = regex.compile(r"(?<=\p{Ll})(?=\p{Lu})")


# a header written for either gender: Né(e) le, Nato/a il, Mitarbeiter(in), Nacido/a
_GENDER_ENDING = regex.compile(r"(?<=\p{L})(?:\((?:e|a|in|innen|es|s)\)|/(?:a|e|in))(?!\p{L})", regex.I)


def norm_header(header: str) -> str:
    """A column header or a field's key as the vocabulary lists write it: lower case, words joined by "_"
    ("Staff no" -> "staff_no", "EmployeeNo" -> "employee_no", "Mitarbeiter(in)" -> "mitarbeiter")."""
    # a camel-case header's words apart (EmployeeFirst, ContactPhone): its qualifiers come off as a spaced one's
    header = _CAMEL.sub("_", _GENDER_ENDING.sub("", header.strip().strip("\"'þ")))
    return _HEADER_GAP.sub("_", header.lower()).strip("_")


@vocab_cache
def _composed_headers() -> dict[str, regex.Pattern[str]]:
    """Category -> the headers its composed labels name (``N. socio``, ``Mitgliedsnr.``, ``numéro_de_police``)."""
    out = {}
    for cat in vocabulary_tables("columns"):
        if (pattern := composed_labels(cat)) is not None:
            out[cat] = regex.compile(pattern, regex.IGNORECASE)
    return out


@vocab_cache
def _qualifiers() -> frozenset[str]:
    return word_set("column_words", "qualifiers")


@vocab_lru(4096)
def _composed_category(name: str) -> str | None:
    return next((cat for cat, pattern in _composed_headers().items() if pattern.fullmatch(name)), None)


def _singulars(name: str) -> list[str]:
    """``name`` with its last word in the singular, the ways the five languages make plurals (users, addresses,
    utenti, indirizzi, usuarios, direcciones)."""
    head, _, last = name.rpartition("_")
    pre = head + "_" if head else ""
    out = []
    if len(last) > 4 and last.endswith("es"):
        out.append(pre + last[:-2])
    if len(last) > 3 and last.endswith("s"):
        out.append(pre + last[:-1])
    if len(last) > 3 and last.endswith("i"):
        out += [pre + last[:-1] + "e", pre + last[:-1] + "o"]
    return out


def _category(name: str, cols: dict[str, str]) -> str | None:
    """The category of the column named ``name`` (normalised): listed, named by a composed label, or listed once
    its qualifiers are left out (``billing_zip``, ``telefono_casa``)."""
    parts = name.split("_")
    stripped = "_".join(p for p in parts if p not in _qualifiers())
    # a qualifier stripped down to a word of another language is no column name: "Shipping Via" holds no street
    candidates = [name, stripped if stripped not in ("via", "cp", "cap", "rue") else ""]
    # leading qualifiers left out one by one: "crew_pilot_id" is a pilot's id (a qualifier may name the holder too)
    for i in range(1, len(parts) - 1):
        if parts[i - 1] not in _qualifiers():
            break
        candidates.append("_".join(parts[i:]))
    if "_" in name:
        candidates.append(name.replace("_", ""))  # a camel-case header split apart (ReisepassNr) is its glued name too
    # a header in the plural names the same cells: Users, Utenti, Utilisateurs, Usuarios, E-mails, Indirizzi
    candidates += [c for n in candidates if n for c in _singulars(n)]
    for candidate in candidates:
        if not candidate:
            continue
        if candidate in cols:
            return cols[candidate]
        cat = _composed_category(candidate)
        if cat is not None:
            return cat
    if len(parts) >= 2 and parts[-1] in _SECRET_LAST_WORDS and not any(p in _NOT_THE_SECRET for p in parts[:-1]):
        return "secret"  # whatever it opens, a PIN's or a password's column (clock_pin, Stempel-PIN, gallery_password)
    if by_key(parts):
        return "by_person"  # who did it: booked_by, last_run_by, letto_da, modifié_par, creado_por
    if _role_login(parts):
        return "username"  # a role's login: reported_user, host_login, reviewer_handle
    for n in (2, 1):
        # a person's date of birth, e-mail, phone or IBAN column names itself in its last words after the person
        # (pupil_dob, rider_geburtsdatum): the words before name whose it is (numbers.toml holders), not what a
        # program does with it (send_email, verify_phone)
        if (len(parts) > n and (cat := cols.get("_".join(parts[-n:]))) in _SELF_NAMING
                and all(p in _person_words() for p in parts[:-n])):
            return cat
    return None


@vocab_cache
def _person_words() -> frozenset[str]:
    """Words that name a person before a column's own name: numbers.toml [holders] and [id_holders], less the
    holders that are documents and agreements (account, contract, policy, licence, certificate)."""
    return (word_set("numbers", "holders") | word_set("numbers", "id_holders")) - {"account", "contract", "policy",
                                                                                     "licence", "license", "certificate"}


_SELF_NAMING = frozenset({"birth_date", "email", "phone", "iban"})


def by_key(parts: Sequence[str]) -> bool:
    """A key's or a header's words (lower case) end in a past participle and "by" or its four other languages' word
    (booked_by, last_run_by, signed_off_by, letto_da, geändert_von, modifié_par, creado_por), and do not name how
    code sorts, groups or splits (indexed_by, partitioned_by: rules.toml [by_code_words]; sort_by, left_by have no
    participle)."""
    if not (2 <= len(parts) <= 4 and all(p.isalpha() for p in parts)):
        return False
    by, words = parts[-1], [p for p in parts[:-1] if p not in ("off", "up", "in", "out")]
    if not words or any(w in word_set("rules", "by_code_words") for w in words):
        return False
    participle = _PARTICIPLES.get(by)
    return participle is not None and participle.fullmatch(words[-1]) is not None


def _role_login(parts: Sequence[str]) -> bool:
    """A header's words (lower case) name a login and, before it, whose: ``reported_user``, ``host_login``,
    ``assignee_handle``; not a count, a time or a program's account (``last_login``, ``max_users``, ``db_user``:
    column_words.toml [not_login_holders]), and the cells must still read as logins."""
    return (len(parts) == 2 and all(p.isalpha() for p in parts) and parts[1] in word_set("column_words", "login_words")
            and parts[0] not in word_set("column_words", "not_login_holders"))


# the past participles each language writes before its "by" (regular endings and the common irregular English ones)
_PARTICIPLES = {
    "by": regex.compile(r"\p{L}{2,}ed|run|done|made|set|sent|read|paid|kept|held|led|seen|taken|given|written|"
                        r"drawn|driven|chosen|shown|brought|bought|taught|found|won|hit|cut|put|shut|let|begun"),
    "da": regex.compile(r"\p{L}{2,}(?:at|it|ut|tt|ss|st)[oa]"),
    "von": regex.compile(r"ge\p{L}{2,}(?:t|en)|\p{L}{2,}iert"),
    # (a schema's keys drop the accents: cree_par, modifie_par)
    "par": regex.compile(r"\p{L}{2,}(?:é|ée|és|ées|e|ee|es|ees|i|ie|u|ue|it|ert|ais|is)"),
    "por": regex.compile(r"\p{L}{2,}(?:ad|id)[oa]s?|\p{L}{2,}(?:ch|t|st)[oa]"),
}


# the last word of a header that makes its column a credential's, whatever comes before it
_SECRET_LAST_WORDS = frozenset({"pin", "puk", "passcode", "password", "passwort", "kennwort", "contraseña", "mdp",
                                # a subscriber's confirmation, reset or session token: whoever holds it acts as them
                                "token", "secret"})
# words before it that make the column a setting, a date or a wire about the credential, not the credential
# (use_password, last_password, enforce_password, signal_pin, gpio_pin)
_NOT_THE_SECRET = frozenset({"use", "uses", "check", "enforce", "require", "required", "requires", "last", "old",
                             "previous", "min", "max", "reset", "change", "changed", "expire", "expires", "expiry",
                             "length", "policy", "hash", "hashed", "salt", "strength", "signal", "gpio", "ground",
                             "led", "pwm", "adc", "data", "clock_line", "has", "is", "needs", "allow", "no",
                             # a page's cursor, a request's idempotency key, a model's token counts
                             "page", "next", "continuation", "cursor", "sync", "idempotency", "request", "trace",
                             "prompt", "input", "output", "completion", "total", "count", "type"})


class TableDetector:
    name = "tables"
    produces = property(lambda self: frozenset(column_categories().values()))  # the column headers' categories

    def detect(self, text: str) -> list[Span]:
        if not any(sep in text for sep in _SEPARATORS):
            return []
        cols = column_categories()
        out: list[Span] = []
        lines = _lines(text)
        i = 0
        while i < len(lines):
            s, e = lines[i]
            # a Markdown row names columns only above its divider ("| Password | hunter2x |" under "| Field | Value |"
            # and its divider is a key/value table's body row)
            # (Jira's and Confluence's wiki markup heads its columns with double pipes: "|| Name || Email ||")
            head = text[s:e].lstrip()
            markdown_body = (head.startswith("|") and not head.startswith("||")
                             and not (i + 1 < len(lines) and _under_header(text, *lines[i + 1])))
            found = None if markdown_body else self._header(text, s, e, cols)
            if not found:
                i += 1
                continue
            sep, width, mapped = found
            i += 1
            if i < len(lines) and _under_header(text, *lines[i]):
                i += 1
            rows: list[list[tuple[int, int]]] = []
            first = len(out)
            while i < len(lines):
                rs, re_ = lines[i]
                # fields read quote-aware: a quoted cell may hold the separator ("12 Main St, Leeds"), and the rows
                # after it are still rows of the table
                fields = _fields(text, rs, re_, sep) if re_ > rs and sep in text[rs:re_] else []
                if len(fields) != width:
                    break
                carded: bool | None = None
                row_start = len(out)
                for col, (cat, check) in mapped.items():
                    if cat == PERSON_CODE:
                        continue
                    a, b = fields[col]
                    if cat == "person" and text.startswith("~", a):
                        # WhatsApp writes a member who is no saved contact as "~ Name" (their own profile name)
                        a = regex.match(r"~[ \t\u202f\u00a0]*", text[a:b]).end() + a
                    if cat == "card" and not (carded := row_has_card(text[rs:re_]) if carded is None else carded):
                        continue
                    if b - a >= 2 and check(text[a:b]) and kept_by(text, a, b, _CELL_KEEPS) is None:
                        cat = cell_category(cat, text[a:b])
                        out.append(Span(a, b, cat, f"tables:{cat}", 0.8))
                named = any(span.category == "person" for span in out[row_start:]) or any(
                    cat == "person" and first_named(text[slice(*fields[col])]) for col, (cat, _) in mapped.items())
                if named:
                    # the row names its person: a code column's cell is theirs
                    out += [Span(a, b, "secret", "tables:person-code", 0.8) for col, (cat, check) in mapped.items()
                            if cat == PERSON_CODE for a, b in [_stripped(text, *fields[col])]
                            if b - a >= 4 and check(text[a:b]) and kept_by(text, a, b, _CELL_KEEPS) is None]
                rows.append(fields)
                i += 1
            if any(span.category == "person" for span in out[first:]):  # a table of people: its rows name them
                out += _login_columns(text, rows, mapped)
        return out

    @classmethod
    def _header(cls, text: str, s: int, e: int, cols: dict[str, str]) -> tuple[str, int, dict[int, tuple[str, Callable[[str], bool]]]] | None:
        if (names_at := _names_start(text, s)) > s:
            return cls._header_of(text[names_at:e], cols)
        found = cls._header_of(text[s:e], cols)
        if found is None and '"' in text[s:e]:
            # a table that starts inside a JSON string: {"type":"tool_result","content":"id,first_name,…
            found = cls._header_of(text[s:e].rsplit('"', 1)[-1], cols)
        return found

    @staticmethod
    def _header_of(line: str, cols: dict[str, str]) -> tuple[str, int, dict[int, tuple[str, Callable[[str], bool]]]] | None:
        if line.lstrip().startswith("||"):
            line = line.replace("||", "|")  # a wiki table's header row: its rows have single pipes
        for sep in _SEPARATORS:
            if line.count(sep) < 1:
                continue
            names = [norm_header(h) for h in line.split(sep)]
            lead = _TRAILING_WORD.search(names[0])
            if lead and not _HEADER_NAME.fullmatch(names[0]):
                names[0] = lead.group()  # a table starting inside a JSON string: {"content":"id,name,…
            # a markdown row's outer pipes leave empty names at both ends: kept, so that name k is field k of the rows
            cats = header_categories(names, cols)
            if not cats or sum(1 for n in names if n) < 2:
                continue
            # a header of names; a question or a sentence among them ("How satisfied are you?", a survey's) only
            # where two columns or more are personal ones, so that a line of prose with a comma is no header
            if not all(_HEADER_NAME.fullmatch(n) for n in names if n) and (len(cats) < 2 or _NOT_A_HEADER.search(line)):
                continue
            return sep, line.count(sep) + 1, column_checks(names, cats, person_columns=True)
        return None


def header_categories(names: list[str], cols: dict[str, str] | None = None) -> dict[int, str]:
    """Column index -> category of a header's personal columns (``names`` normalised, :func:`norm_header`)."""
    cols = column_categories() if cols is None else cols
    cats = {k: cat for k, n in enumerate(names) if n and (cat := _category(n, cols)) is not None}
    # a column named for the person who works the row (an agent, an adviser, a seller): a who-did-it column
    cats.update({k: "by_person" for k, n in enumerate(names) if k not in cats and n in word_set("column_words", "role_columns")})
    # a call detail record's parties (Src, Dst, msisdn), in any table
    cats.update({k: "call_party" for k, n in enumerate(names) if k not in cats and n in _call_parties()})
    if any(cat == "address" and names[k] not in _GENERIC_ADDRESS for k, cat in cats.items()):
        # a street or a postcode column: the town beside it is the same address's (a bare "address" column may hold
        # a machine's: ip,address,city)
        towns = word_set("column_words", "address_city")
        cats.update({k: "town" for k, n in enumerate(names) if k not in cats and (
            n in towns or "_".join(p for p in n.split("_") if p not in _qualifiers()) in towns)})
    return cats


@vocab_cache
def _call_parties() -> frozenset[str]:
    """labels.toml [call_party] as headers write them (one set, not a tuple built for every header line)."""
    return frozenset(norm_header(label) for label in vocabulary_labels("call_party"))


_GENERIC_ADDRESS = frozenset({"address", "adresse", "indirizzo", "dirección", "direccion", "addr", "adres", "anschrift",
                              "domicilio"})


def _wallet(value: str) -> bool:
    """A wallet's address: an Ethereum address (0x and 40 hex) or a base58 key of 32 to 44 characters."""
    return bool(regex.fullmatch(r"0x[0-9a-fA-F]{40}|[1-9A-HJ-NP-Za-km-z]{32,44}", value.strip()))


def _town(value: str) -> bool:
    """A town's name: words of letters (Manchester, Saint-Étienne, L'Aquila), no number."""
    return bool(regex.fullmatch(r"\p{L}[\p{L}'’. -]{1,60}", value.strip()))


def _lower_part(check: Callable[[str], bool]) -> Callable[[str], bool]:
    """``check`` that also takes one word in lower case, as an ad platform's customer list normalises a first or a last
    name's column (Meta's and Google's fn, ln: "ronja", "dressler"): letters only, no word of a language or of code."""
    def read(v: str) -> bool:
        if v.islower() and v.isalpha() and len(v) >= 2:
            return (v not in dictionary_words() and v not in plain_words() and v not in word_list("common_words_lower")
                    and v not in word_list("places_lower"))
        return check(v)
    return read


def _any_case(check: Callable[[str], bool]) -> Callable[[str], bool]:
    """``check`` that also reads a name written in capitals (ROSSI MARIO, and COLOMBO/SIMONE as reservation and
    airline records write SURNAME/GIVEN) as its title-case form, and one typed in lower case (siobhan mcallister)
    when the gazetteers know its every word."""
    def read(v: str) -> bool:
        if v.isupper():
            return check(_SLASH_CAPS.sub(" ", v).title())
        if _CAPS_THEN_TITLED.fullmatch(v.strip()) and any(
                w.lower() in word_list("first_names_lower") for w in v.split() if not w.isupper()):
            # a register's SURNAME Given (GARCÍA Irene, VAN DER BERG Anna): the surname in capitals, a given name the
            # gazetteer knows after it ("AWS Lambda", "VIP Suite" are no one's)
            return check(" ".join(w.title() if w.isupper() else w for w in v.split()))
        if v.islower() and " " in v.strip():
            return person_name_any_case(v.strip()) and check(v.strip().title())
        return check(v)
    return read


_CAPS_THEN_TITLED = regex.compile(r"\p{Lu}[\p{Lu}'’-]+(?: \p{Lu}[\p{Lu}'’-]+){0,2}(?: \p{Lu}\p{Ll}+(?:-\p{Lu}\p{Ll}+)?){1,2}")
_SLASH_CAPS = regex.compile(r"(?<=^\p{Lu}[\p{Lu}'-]+)[/,](?=\p{Lu}[\p{Lu} '-]+$)")  # COLOMBO/SIMONE, GALLAGHER,SIOBHAN


_PEOPLE_COLUMNS = frozenset({"email", "phone", "address", "username", "national_id", "iban", "birth_date", "passport",
                             "driver_license", "card"})


def column_checks(names: list[str], cats: dict[int, str],
                  person_columns: bool = False) -> dict[int, tuple[str, Callable[[str], bool]]]:
    """Column index -> (category, the check a cell's value must pass). A column headed by a generic word ("name")
    holds persons only in a table of people (one with an e-mail, phone, address, login, person-bound number or
    identity document column) or when the name is one a gazetteer vouches for. With ``person_columns`` (a reader
    that knows which of its rows name a person), a code's column gets the deferred category :data:`PERSON_CODE`."""
    # a table with a contact, login, person-bound number or identity document column, or a first or last name one,
    # is a table of people
    contacts = any(c in _PEOPLE_COLUMNS for c in cats.values()) or any(
        cat == "person" and names[k] not in word_set("names", "name_columns") for k, cat in cats.items())
    # a person's number column (Personalnr, member_no, employee_id) makes the rows people too, but its "name" column may
    # still hold a role ("HR Manager"): a name there is one the gazetteers know
    numbered = any(cat == "account" and _person_column(names[k]) for k, cat in cats.items())
    # a holder's column (an access system's CARD# … HOLDER): the rows are people holding what the others number
    holders = any(cat == "person" and "holder" in names[k] for k, cat in cats.items())
    people_table = contacts or numbered or holders
    named = any(cat == "person" for cat in cats.values())
    mapped: dict[int, tuple[str, Callable[[str], bool]]] = {}
    # a listing of groups or bindings (kubectl's role bindings: NAME, USERS, GROUPS) names groups in its name column
    accounts = (any(n in word_set("names", "account_listing") for n in names)
                and not any(n in word_set("names", "group_listing") for n in names))
    # a shop's product export (Shopify's Handle, Title, Vendor, Variant SKU …): its handle is the product's
    products = any(n in _PRODUCT_COLUMNS for n in names)
    for k, cat in cats.items():
        if cat == "username" and products and names[k] in ("handle", "slug", "product_handle"):
            continue
        if cat == "person" and accounts and names[k] in word_set("names", "name_columns"):
            mapped[k] = ("username", _CELL_CHECKS.get("username", _has_alnum))  # Get-LocalUser's Name, argocd's NAME
        elif cat == "person":
            generic = names[k] in word_set("names", "name_columns")
            # a password manager's export (name, url, username, password): its name is the entry's, a site's
            entries = generic and any(n in _URL_COLUMNS for n in names)
            mapped[k] = (cat, (_any_case(person_name) if generic else _lower_part(_any_case(person_name)))
                         if (contacts and not entries or not generic)
                         else _register_name if numbered else _any_case(gazetteer_name))
        elif cat == "town":
            mapped[k] = ("address", _town)  # the town of a street or postcode column beside it
        elif cat == "account" and "wallet" in names[k]:
            mapped[k] = (cat, _wallet)  # a person's crypto wallet in a payout or members sheet
        elif cat == "account" and names[k] in _plate_columns():
            mapped[k] = (cat, _plate)  # a vehicle's plate: letters and two digits or more (FB-294-QE, GH512KL)
        elif cat == "account" and names[k] in _meter_columns():
            mapped[k] = (cat, _meter_id)  # a supply point, a meter or a charging card: letters among the digits
        elif cat == "account" and names[k] in holder_columns():
            mapped[k] = ("holder", _holder_cell)  # "patient", "cliente": the holder's number or the holder's name
        elif cat == "account" and _STAFF_COLUMN.search(names[k]):
            mapped[k] = (cat, _staff_number)  # a personnel or badge number: three digits or more (PersNr 2472)
        elif cat == "account" and _holder_numbered(names[k]):
            mapped[k] = (cat, _numbered_account)  # a member's number (member_no 0463): four digits do
        elif cat == "secret" and names[k] in _LICENCE_KEY_COLUMNS:
            mapped[k] = (cat, _licence_key)  # a program's key for one customer: its groups or its random run
        elif cat == "secret" and names[k] not in column_categories() and names[k].rsplit("_", 1)[-1] in ("token", "secret"):
            mapped[k] = (cat, _token_cell)  # a confirmation or a reset token: a random run, never a type or a name
        elif cat == "secret" and names[k] not in column_categories() and names[k].rsplit("_", 1)[-1] in _SECRET_LAST_WORDS \
                and names[k].rsplit("_", 1)[-1] not in ("pin", "puk", "passcode"):
            mapped[k] = (cat, _password_cell)  # a password column named by its last word: no setting's word or date
        elif cat == "secret" and (names[k].rsplit("_", 1)[-1].rstrip("0123456789") in ("pin", "puk", "code", "passcode")
                                  or names[k] in _PLACE_CODE_COLUMNS):
            mapped[k] = (cat, _pin)  # a PIN or a code (a SIM's PIN1, PUK2): four digits or more, where a password needs eight
        elif cat == "by_person":
            mapped[k] = (cat, _by_person_cell)  # a login or a full name
        elif cat == "call_party":
            mapped[k] = ("phone", e164_digits)  # a full international number (an extension, an IP or a path is none)
        elif cat == "birth_date" and names[k].rsplit("_", 1)[-1] in _DATE_PARTS:
            mapped[k] = (cat, _DATE_PARTS[names[k].rsplit("_", 1)[-1]])  # Birth Year / Birth Month / Birth Day
        elif cat == "birth_date" and names[k] in _BIRTH_YEAR_COLUMNS:
            mapped[k] = (cat, _DATE_PARTS["year"])  # a race's or a club's YOB, Jahrgang, anno di nascita: the year alone
        else:
            mapped[k] = (cat, _CELL_CHECKS.get(cat, _has_alnum))
        if mapped[k][0] == "account" and (numbered and _person_column(names[k]) or contacts and named):
            # the column says whose number it is (badge_no, speaker_code, member_no), or it stands beside the row's
            # person's name and contacts (account_number beside customer_name and email; not a CRM's company
            # accounts beside their phone): the slot decides, whatever the issuer's letters and groups (HTF25-1660,
            # SPK-808-HPCQBL, OLF-M-77691, A-F4F76434)
            mapped[k] = ("account", _either(mapped[k][1], _lettered_id))
        if mapped[k][0] == "account" and contacts and any(w in names[k] for w in _MEMBER_STEMS):
            # beside the members' contacts or identity numbers, a small club's three or four digits (N° d'adhérent
            # 911, Mitgliedsnr. 853) are the member's too
            mapped[k] = ("account", _either(mapped[k][1], _short_member_number))
    if any(any(w in _PLACE_CODE_NOUNS for w in n.split("_")) or n in _PLACE_CODE_NOUNS for n in names):
        # a register of key safes (its box's place, "Posizione cassetta"): its bare "Codice" or "PIN" column is the
        # code that opens each box
        for k, n in enumerate(names):
            if k not in mapped and n in _BARE_CODE_COLUMNS:
                mapped[k] = ("secret", _pin)
    if any(n in _IMEI_COLUMNS for n in names):
        # a phone's record (a repair shop's or an MDM's export): its serial is the customer's device's, as its IMEI
        for k, n in enumerate(names):
            if k not in cats and n in _SERIAL_COLUMNS:
                mapped[k] = ("account", serial_shaped)
    for k, n in enumerate(names):
        if person_columns and k not in mapped and k not in cats and n and (n in _BARE_CODE_COLUMNS or is_credential_key(n)):
            # a code's or a password's column no list names ("CODE" beside "NAME" in a panel's user list,
            # "palabra_clave" in a keyholder export): each row that names a person holds that person's code (the
            # readers check the row; a product's "Code" beside a product's "Name" names no one)
            # (a bare "Code" holds a PIN's digits alone: a course's CS1010, an order's ORD-88123, a staff number's
            # EMP-0042 stand in such columns too)
            mapped[k] = (PERSON_CODE, _digits_code if n in _BARE_CODE_COLUMNS else _either(_pin, _password_cell))
    if people_table or any(check[0] == "holder" for check in mapped.values()):
        # a table of people: a column headed by a number word and any noun but a thing's ("Envelope No",
        # "n_candidato", "Umschlag-Nr"), or by what a person carries alone ("registration", "licence"), holds each
        # row's person's number
        for k, n in enumerate(names):
            if k not in cats and n and (open_number_column(n, ids=k > 0) or n in word_set("numbers", "credential_markers")):
                mapped[k] = ("account", _id_cell if n in word_set("numbers", "credential_markers") else _open_number)
            elif k not in cats and n in word_set("numbers", "number_columns") and "account" not in cats.values():
                # a number word alone ("Nummer", "numero", "número") beside a person's columns: the row's person's
                # number, whatever its letters (DE-VLT-C25001168-5, TLP640512701, 9BA344FD)
                mapped[k] = ("account", _id_cell)
            elif k not in cats and n in _role_columns():
                # the staff a row names by their role ("tech", "vet", "guard", "operator" beside a customer's columns):
                # their login or their name
                mapped[k] = ("by_person", _by_person_cell)
            elif k not in cats and n in ("tax_code", "taxcode"):
                mapped[k] = ("national_id", national_id)  # a person's tax code (a product's fails every country's check)
            elif k not in cats and n in VEHICLE_COLUMNS:
                mapped[k] = ("account", vehicle_plate)  # a guest's, a member's or a customer's car: its plate
            elif (k not in cats and len(parts := n.split("_")) >= 2 and parts[-1] in _ACCOUNT_WORDS
                  and not any(p in _MACHINE_ACCOUNTS for p in parts)):
                # an account named for what it bills, beside a person's columns ("ctax_account", "water_account",
                # "conto_luce"): the row's person's number (a service's or a cloud's account is a machine's)
                mapped[k] = ("account", _id_cell)

    return mapped


@vocab_cache
def _role_columns() -> frozenset[str]:
    """Headers that name the staff who work a row by their role (rules.toml [login_roles], [login_roles_suffixed] and
    [role_columns]): in a table of people their cells are logins or names."""
    words = [*vocabulary_words("rules", "login_roles"), *vocabulary_words("rules", "login_roles_suffixed"),
             *vocabulary_words("rules", "role_columns")]
    return frozenset(norm_header(w) for w in words if " " not in w)


def _person_column(name: str) -> bool:
    """A header that names a person's number by its holder: a holder's or a staff word among its words."""
    return bool(_STAFF_COLUMN.search(name)) or _holder_numbered(name) or any(p in _person_words() for p in name.split("_"))


def _lettered_id(value: str) -> bool:
    """An issuer's number with its letters (HTF25-1660, OLF-M-77691): a plain row number (1000, 1001) is no person's
    by its column's name alone."""
    return any(c.isalpha() for c in value) and _id_cell(value)


def _either(first: Callable[[str], bool], second: Callable[[str], bool]) -> Callable[[str], bool]:
    return lambda v: first(v) or second(v)


_URL_COLUMNS = frozenset({"url", "uri", "login_uri", "website", "web_site", "site_url", "login_url", "href"})
_PRODUCT_COLUMNS = frozenset({"sku", "variant_sku", "price", "variant_price", "product_type", "barcode", "ean", "gtin",
                              "upc", "compare_at_price", "variant_barcode", "inventory_qty", "product_title",
                              "product_name", "product_handle", "product_slug", "product_sku"})


# a vehicle's column: in a table of people its plate is the person's car (on a fleet's round sheet it is the fleet's,
# and no person column stands beside it)
_ACCOUNT_WORDS = frozenset({"account", "acct", "konto", "conto", "cuenta", "compte"})
_MACHINE_ACCOUNTS = frozenset({"service", "svc", "aws", "gcp", "azure", "cloud", "storage", "iam", "bank", "system",
                               "bot", "robot", "api", "db", "database", "admin", "root", "test", "demo"})
VEHICLE_COLUMNS = frozenset({"vehicle", "car", "auto", "veicolo", "fahrzeug", "kfz", "véhicule", "vehicule", "voiture",
                              "vehículo", "vehiculo", "coche", "matricula_vehiculo", "vehicle_reg", "car_reg", "plate",
                              "license_plate", "licence_plate", "number_plate", "targa", "kennzeichen", "immatriculation",
                              "plaque", "matricula", "matrícula"})


@vocab_cache
def thing_numbers() -> frozenset[str]:
    """The nouns whose numbers name a thing, a place, a transaction or a step (numbers.toml [thing_numbers])."""
    return word_set("numbers", "thing_numbers") | {norm_header(w) for w in vocabulary_words("numbers", "thing_numbers")}


_JOINS = frozenset({"of", "di", "del", "della", "de", "du", "des", "la", "d'", "der"})
_GLUED_MARKER = regex.compile(r"(\p{L}{3,}?)(?:nummer|nr)")


def thing_column(name: str) -> bool:
    """A header that names a thing's number or a thing ("artikelnr", "sku", "charge", "order_id", "produkt"): its
    cells are no person's."""
    parts = [p for p in name.split("_") if p]
    if len(parts) == 1 and (m := _GLUED_MARKER.fullmatch(parts[0])):
        parts = [m.group(1)]  # Artikelnr, Bestellnummer
    return bool(parts) and (name in _PRODUCT_COLUMNS or any(p in thing_numbers() for p in parts))


def open_number_column(name: str, ids: bool = False) -> bool:
    """A header of a number word and a noun that is no thing's ([open_markers], [thing_numbers] of numbers.toml):
    "envelope_no", "n_candidato", "umschlag_nr", "n_º_voluntario", "umschlagnummer"; or of a card's, a licence's or
    a certificate's word and its noun ([credential_markers]): "cscs_card", "cert_opito", "gas_safe_reg"; with ``ids`` (a column after the
    row's first, which is the row's own key) also "<noun>_id": "fei_id", "nutzer_id"."""
    parts = [p for p in name.split("_") if p]
    if len(parts) == 1 and parts[0].endswith("#") and parts[0][:-1] in word_set("numbers", "credential_markers"):
        parts = [parts[0][:-1], "#"]  # "card#", "badge#": the sign is the number word (not "inv#", "tkt#": a record's)
    markers = word_set("numbers", "open_markers") | {"id"} if ids else word_set("numbers", "open_markers")
    carried = word_set("numbers", "credential_markers")
    if not any(p in markers for p in parts):
        if len(parts) == 1 and (m := _GLUED_MARKER.fullmatch(parts[0])):
            parts = [m.group(1)]  # a German compound: Umschlagnummer, Spendernr
        elif not any(p in carried for p in parts) or len(parts) == 1:
            return False
    nouns = [p for p in parts if p not in markers and p not in _JOINS]
    if not any(p in markers for p in parts) and parts[-1] not in carried and any(
            len(p) < 4 or _dictionary_word(p) or p in thing_numbers() or p[:-1] in thing_numbers()
            for p in nouns if p not in carried):
        return False  # a card's or a licence's word as a modifier: card_limit, pass_rate, licence_seats
    if any(p not in carried for p in nouns):
        nouns = [p for p in nouns if p not in carried]  # "cscs_card", "cert_opito": the card's noun ("licence_no": its own)
    elif nouns:
        nouns = nouns[:1]  # "licence_card": a licence's
    if not nouns or len(nouns) > 3 or not all(regex.fullmatch(r"\p{L}+", p) for p in nouns):
        return False
    if not any(len(p) >= 3 for p in nouns):
        return False
    if parts[-1] in _LICENCE_MARKERS and not any(p in word_set("names", "thing_keys") or p in _SOFTWARE_NOUNS for p in nouns):
        return True  # a licence, a permit or a registration is its holder's whatever it licenses: dog_licence, fishing_permit
    if all(p in carried for p in nouns) and "id" not in parts:
        return True  # a card's or a pass's number beside a person ("card_no", "n_tessera"): what the person carries
    things = thing_numbers()
    return not any(p in things for p in nouns) and "_".join(nouns) not in things


# what a software licence or a course's registration is for, never a person's permit
_SOFTWARE_NOUNS = frozenset({"product", "software", "app", "plan", "seat", "seats", "site", "api", "server", "code",
                             "source", "open", "user", "key", "course", "domain", "company", "business", "event"})
# the credential markers that name what an authority grants a person (not a card, a badge or a pass, which a room or a
# gift has too)
_LICENCE_MARKERS = frozenset({"licence", "license", "permit", "registration", "licenza", "permesso", "lizenz", "schein",
                              "zulassung", "permis", "agrément", "agrement"})


def _dictionary_word(word: str) -> bool:
    """A word of the dictionary, prose or code, or its plural (seats, slots): no issuer's code (opito, cscs)."""
    words = dictionary_words()
    return word in words or (word.endswith("s") and word[:-1] in words)


_OPEN_NUMBER = regex.compile(r"[A-Za-z]{0,4}[-_ ]?\d(?:[-/ .]?\d){2,}[A-Za-z]?")
_AMOUNT_OR_DATE = regex.compile(r"\d+[.,]\d{2}|\d{1,4}[./-]\d{1,2}[./-]\d{1,4}|\d{1,2}[.:]\d{2}|(?:19|20)\d\d[-/.](?:0?[1-9]|1[0-2])")


def _open_number(value: str) -> bool:
    """A person's number in a column an open number header names: three digits or more, a letter prefix at most
    (U-754, 288, G350032, 178/824/3044); no amount, date or time."""
    v = value.strip()
    return _OPEN_NUMBER.fullmatch(v) is not None and _AMOUNT_OR_DATE.fullmatch(v) is None


# (an umlaut in the issuer's letters, a slash between digits: a German authority's "WÜ-6430/23")
_ID_CELL = regex.compile(r"(?=(?:[^\d]*\d){3})[\p{L}0-9](?:[\p{L}0-9*_-]|(?<=\d)[ /](?=\d)|(?<=^[A-Z]{1,5}) (?=\d{6}|\d{3}[-.]\d{3}[-.]\d{3})){3,31}")
_LEAD_LETTERS = regex.compile(r"[A-Za-z]*")
# the prefixes of what is no person's number: an error's, a status's, a product's, an invoice's
_THING_PREFIXES = frozenset({"http", "err", "error", "prd", "prod", "inv", "ord", "po", "so", "sku", "item",
                             "art", "ref", "tkt", "case", "job", "task", "bug", "req", "inc", "chg", "rfc", "cve", "v"})
_NOT_AN_ID_CELL = regex.compile(r"v?\d+(?:\.\d+){1,3}|\d+[.,]\d{1,2}|[0-9a-fA-F]{8}(?:-[0-9a-fA-F]{4}){3}-[0-9a-fA-F]{12}"
                                r"|[0-9a-f]{32,}|\d{1,4}[./-]\d{1,2}[./-]\d{1,4}|(?:19|20)\d\d-\d\d(?:-\d\d)?.*|\d{1,2}:\d{2}.*")


def _id_cell(value: str) -> bool:
    """A person's number in a column a number word or a carried card's word heads: letters, digits and the signs
    issuers put between them (DE-VLT-C25001168-5, 95AC96626, FR*VLT*E4679358*D, 2485 1481 20), three digits or
    more; no version, amount, date, time, UUID or hash."""
    v = value.strip()
    if (_ID_CELL.fullmatch(v) is None or _NOT_AN_ID_CELL.fullmatch(v) is not None or is_order_number(v, 0, len(v))
            or not person_number(v)):
        return False  # (person_number: no placeholder's XX000000, no counting 123456)
    return _LEAD_LETTERS.match(v).group().lower() not in _THING_PREFIXES and not lead_names_a_thing(v)


def lead_names_a_thing(value: str) -> bool:
    """Whether the letters a number starts with are a thing's noun (numbers.toml [thing_numbers]: ``SKU-AB12345``,
    ``ORDER1182``): a record's number, no person's."""
    return _LEAD_LETTERS.match(value).group().lower() in thing_numbers()


def _holder_numbered(name: str) -> bool:
    """A header of a number word and a holder's noun (member_no, mitglieds_nr, n_tessera, num_socio): the column of a
    register of people, whose four-digit numbers are theirs (a ledger's account_no 1200 is an account's code)."""
    parts = [p for p in name.split("_") if p]
    return (any(p in word_set("numbers", "open_markers") for p in parts)
            and any(p in _MEMBER_NOUNS or p in holder_columns() for p in parts) and "account" not in parts)


# the members of a club, a society or an association, as their registers head the column (five languages)
_MEMBER_NOUNS = frozenset({"member", "membership", "mitglied", "mitglieds", "socio", "tessera", "adherent", "adhérent",
                           "membre", "miembro", "iscritto", "abonnent", "abonné", "abonado"})


def _numbered_account(value: str) -> bool:
    """A person's number in a column a number word heads ("member_no", "n_tessera", "Mitglieds-Nr."): as an account
    column's, or four digits (a club's member 0463); an "_id" column's four digits are a database's row ids."""
    return _CELL_CHECKS["account"](value) or regex.fullmatch(r"\d{4}", value.strip()) is not None


# the stems of a member's noun in a register's number header (adhérent, Mitglied, socio, member, tessera, miembro)
_MEMBER_STEMS = ("adh", "mitglied", "socio", "member", "membre", "tessera", "miembro", "membro")


def _short_member_number(value: str) -> bool:
    """Three or four digits, no zero first (a register's member 911 or 4471)."""
    return regex.fullmatch(r"[1-9]\d{2,3}", value.strip()) is not None


def cell_category(cat: str, value: str) -> str:
    """The category of a cell that passed its column's check: a holder column's cell is the holder's number or name,
    a "… by" column's the person's login or name."""
    if cat == "holder":
        if _CELL_CHECKS["account"](value):
            return "account"
        return "username" if person_handle(value) else "person"
    if cat == "by_person":
        return "username" if named_login(value) or person_handle(value) or " " not in value.strip() else "person"
    return cat


@vocab_cache
def holder_columns() -> frozenset[str]:
    """Headers that name the person alone ("patient", "Kunde", "cliente": numbers.toml [holders] and [bare]): their
    cells hold the person's number or the person's name."""
    words = [*vocabulary_words("numbers", "holders"), *vocabulary_words("numbers", "bare")]
    return frozenset(norm_header(w) for w in words if " " not in w)


# a register's surname and initial ("KEMBLE I", "Vaughan-Jones S", "D. O'Sullivan"): no company writes itself so
_SURNAME_AND_INITIAL = regex.compile(r"\p{Lu}[\p{L}'’-]{1,30}(?: \p{Lu}[\p{L}'’-]{1,30})?,? \p{Lu}\.?|\p{Lu}\. ?\p{Lu}[\p{L}'’-]{1,30}")


def _register_name(value: str) -> bool:
    """A name in a register's name column that a gazetteer vouches for, in either order and any case ("Lohmöller,
    Dirk", "KEMBLE I" as a surname and initial)."""
    if _SURNAME_AND_INITIAL.fullmatch(value.strip()):
        return True
    name = value.replace(",", "") if value.count(",") == 1 else value
    return _any_case(gazetteer_name)(name) or _any_case(gazetteer_name)(" ".join(reversed(name.split())))


def _holder_cell(value: str) -> bool:
    """A person-bound number, a person's login, or a person's name a gazetteer vouches for (any case, a register's
    "Surname, Given" too): a B2B export's "customer" holds companies ("Globex Industries")."""
    return _CELL_CHECKS["account"](value) or person_handle(value) or _register_name(value)


def _login_columns(text: str, rows: list[list[tuple[int, int]]], mapped: dict[int, tuple[str, Callable[[str], bool]]]) -> list[Span]:
    """The cells of a column its header does not name, in a table of people, when every one of them is a login made
    of a name or shaped like one and one at least carries a login's mark (``matteo_zane``, ``f.wendt``,
    ``henrike.albrecht``): the staff who work the rows, whatever the header calls them (Patologo, Fallbearbeiter)."""
    if len(rows) < 2:
        return []
    out = []
    for col in range(len(rows[0])):
        if col in mapped:
            continue
        cells = [_stripped(text, a, b) for a, b in (row[col] for row in rows)]
        values = [text[a:b] for a, b in cells if b > a]
        if (len(set(values)) < 2 or not all(_LOGIN_CELL.fullmatch(v) and _by_person_cell(v) and not _worded(v) for v in values)
                or not any(_LOGIN_MARK.search(v) for v in values) or any(_FILE_EXTENSION.search(v) for v in values)):
            # (one value in every row is a template's or a default's, not the staff who work each row)
            continue
        out += [Span(a, b, "username", "tables:login-column", 0.75) for a, b in cells
                if b > a and kept_by(text, a, b, _CELL_KEEPS) is None]
    return out


_LOGIN_CELL = regex.compile(r"[a-z][a-z0-9._-]{2,30}[a-z0-9]")


def _worded(value: str) -> bool:
    """A part of ``value`` is a word of the dictionary (a queue's ``support.tier1``, a team's ``data_eng``)."""
    return any(len(p) >= 4 and (p in dictionary_words() or p in word_list("english_words"))
               for p in regex.split(r"[._-]|\d+", value))


_LOGIN_MARK = regex.compile(r"[a-z][._][a-z]")
_FILE_EXTENSION = regex.compile(r"\.(?:docx?|xlsx?|pdf|csv|txt|json|xml|html?|png|jpe?g|zip|log|md|py|js|ts|sql|ya?ml)$")


def _by_person_cell(value: str) -> bool:
    """Who did something or works the row: a login made of a person's name (mrossi7, anna.kowalski) or shaped like
    one (paulafer66, ferraro.s), or a person's full name; a carrier, a tool or a team stays (dhl, warehouse3)."""
    v = value.strip()
    return named_login(v) or person_handle(v) or (" " in v and _any_case(person_name)(v))


_TOKEN_CELL = regex.compile(r"(?=[^\s]*\d)(?=[^\s]*[A-Za-z])[A-Za-z0-9_\-+/=.]{16,}")


def _token_cell(value: str) -> bool:
    """A token in a column its last word names (confirm_token, api_secret): sixteen characters or more of a token's
    alphabet with letters and digits, no blank (a code's "last_token,  # type: util.Token" is none)."""
    return _TOKEN_CELL.fullmatch(value.strip()) is not None


def _password_cell(value: str) -> bool:
    """A password in a column its last word names: six characters or more, a digit, a sign or a capital among
    letters (not "enabled", "changed", a date)."""
    v = value.strip()
    return (_CELL_CHECKS["secret"](v) and not regex.fullmatch(r"\p{Ll}+", v) and not regex.fullmatch(r"[\d\s./:-]+", v))


# a column of codes that open a place, short numbers however its header is written (keysafe, digicode, Torcode)
_PLACE_CODE_COLUMNS = frozenset({"keysafe", "key_safe", "lockbox", "keybox", "cassetta_chiavi", "schlüsselsafe",
                                 "schluesselsafe", "schlüsseltresor", "torcode", "türcode", "tuercode", "digicode",
                                 "boite_a_cles", "boîte_à_clés", "caja_de_llaves", "parkcode",
                                 # a smart lock's keypad: its users' and guests' codes
                                 "keypad_code", "lock_code", "guest_code", "codice_tastierino", "codice_ospite",
                                 "tastaturcode", "gastcode", "code_clavier", "code_invité", "code_invite",
                                 "código_teclado", "codigo_teclado", "código_invitado", "codigo_invitado"})


# the words of a header that names a key safe or a lockbox, and the bare headers of the code beside it
_PLACE_CODE_NOUNS = frozenset({"cassetta", "keysafe", "key_safe", "lockbox", "schlüsselsafe", "schluesselsafe",
                               "schlüsseltresor", "schlüsselkasten", "boite_a_cles", "boîte_à_clés", "caja_de_llaves",
                               "cajetin"})


def _stripped(text: str, a: int, b: int) -> tuple[int, int]:
    """A cell's bounds without the blanks around its value."""
    value = text[a:b]
    return a + len(value) - len(value.lstrip()), b - len(value) + len(value.rstrip())


def _digits_code(value: str) -> bool:
    """A PIN or a keypad code: four to eight digits and nothing else."""
    return bool(regex.fullmatch(r"\d{4,8}", value))


def first_named(value: str) -> bool:
    """A name column's cell that starts with a first name the gazetteer knows, capitalised: "Fátima", "Nerea
    Rodríguez Peña" (a panel's user list prints first names alone; "Engineer", "Master" are none)."""
    words = value.split()
    return (1 <= len(words) <= 4 and words[0][:1].isupper() and words[0].lower() in word_list("first_names_lower")
            and words[0] not in word_list("ambiguous_first_names") and words[0].lower() not in word_list("common_words"))


# the deferred category of a code column (column_checks): a secret in the rows where a person is found
PERSON_CODE = "person_code"

_BARE_CODE_COLUMNS = frozenset({"code", "codice", "código", "codigo", "pin", "combination", "combinazione",
                                "kombination", "combinaison", "combinación", "combinacion", "zahlencode"})


# a column of staff, personnel or badge numbers: short numbers there are still a person's
# (an auction bidder's paddle, three digits: "paddle", "paletta", "panneau", "Bieternr")
_STAFF_COLUMN = regex.compile(r"emp|pers|staff|badge|matric|ausweis|paddle|palet|panneau|bieter|bidder")


@vocab_cache
def _meter_columns() -> frozenset[str]:
    """Headers of supply points, meters, charging cards (labels.toml [supply_point]) and plates ([vehicle_plate]),
    a meter's serial number written short (MSN) and an Italian supply point (POD)."""
    return frozenset({"msn", "pod", *(norm_header(label) for label in vocabulary_labels("supply_point"))})


@vocab_cache
def _plate_columns() -> frozenset[str]:
    """Headers of vehicles' plates (labels.toml [vehicle_plate] as a header writes them)."""
    return frozenset(norm_header(label) for label in vocabulary_labels("vehicle_plate"))


_PLATE = regex.compile(r"(?=[A-Z0-9 -]{0,10}\d[A-Z0-9 -]{0,10}\d)(?=[A-Z0-9 -]{0,10}[A-Z])[A-Z0-9](?:[ -]?[A-Z0-9]){3,9}")


def vehicle_plate(value: str) -> bool:
    """A plate under a bare "vehicle" or "car" column: five letters and digits or more, two of each (a model's name,
    GT86 or T100, is shorter)."""
    chars = [c for c in value if c.isalnum()]
    return (_plate(value) and len(chars) >= 5 and sum(c.isdigit() for c in chars) >= 2
            and sum(c.isalpha() for c in chars) >= 2)


def _plate(value: str) -> bool:
    """A registration plate's shape: four to ten capitals and digits, two digits or more, a letter."""
    return _PLATE.fullmatch(value) is not None


_METER_ID = regex.compile(r"(?=(?:[^\d]*\d){4})[A-Z0-9](?:[ -]?[A-Za-z0-9]){4,40}")


def _meter_id(value: str) -> bool:
    """A supply point's, a meter's, a card's or a plate's id: five to forty letters and digits, four digits or more."""
    return _METER_ID.fullmatch(value) is not None


def _pin(v: str) -> bool:
    return bool(regex.fullmatch(r"[A-Za-z0-9-]{4,16}", v)) and sum(c.isdigit() for c in v) >= 4


_IMEI_COLUMNS = frozenset({"imei", "imei1", "imei_1", "imei2", "imei_2", "meid"})
_SERIAL_COLUMNS = frozenset({"serial", "serial_no", "serial_number", "serialnumber", "sn", "s/n", "seriale",
                             "numero_serie", "numero_di_serie", "seriennummer", "seriennr", "serien_nr",
                             "numéro_de_série", "numero_de_serie", "número_de_serie", "n°_de_série", "nº_de_serie",
                             "device_serial"})


def _staff_number(v: str) -> bool:
    """A personnel or badge number: a short prefix and three digits or more, or an access card's facility code and
    card number (``241:5930``, as HID and Wiegand systems print a card)."""
    return bool(regex.fullmatch(r"[A-Za-z]{0,5}[-_ ]?\d{3,}|\d{1,5}:\d{3,8}", v))


def is_header_cell(text: str, start: int, end: int) -> bool:
    """``text[start:end]`` is a whole cell of a table's header line (``worker<TAB>login<TAB>employee_no``) and names a
    column itself: a label's neighbour there is the next column's name, not its value."""
    value = text[start:end]
    if column_category(value) is None:
        return False
    ls = text.rfind("\n", 0, start) + 1
    le = text.find("\n", end)
    line = text[ls:len(text) if le < 0 else le].rstrip("\r")
    a, b = start - ls, end - ls
    for sep in _SEPARATORS:
        if sep not in line:
            continue
        before, after = line[:a].rstrip(" \"'"), line[b:].lstrip(" \"'")
        if (before and not before.endswith(sep)) or (after and not after.startswith(sep)):
            continue
        cells = line.strip(" |").split(sep) if sep == "|" else line.split(sep)
        if _column_names([norm_header(c) for c in cells]):
            return True
    return False


def _column_names(names: Sequence[str]) -> bool:
    """Two names or more, each a column's name: words (a digit or two after one), no value."""
    return len(names) >= 2 and all(n and _HEADER_NAME.fullmatch(n) and _NAME_PARTS.fullmatch(n) for n in names)


# a birth date split over columns (an address book's Birth Year, Birth Month, Birth Day): each cell a part of it
# the year of birth under a header that is no "…_year" (a race's entry list, a club's roster)
_BIRTH_YEAR_COLUMNS = frozenset({"yob", "year_of_birth", "birthyear", "geburtsjahr", "anno_nascita",
                                 "anno_di_nascita", "année_naissance", "année_de_naissance", "annee_naissance",
                                 "año_nacimiento", "año_de_nacimiento", "ano_nacimiento"})
_DATE_PARTS: dict[str, Callable[[str], bool]] = {
    "year": lambda v: bool(regex.fullmatch(r"(?:19|20)\d\d", v)),
    "month": lambda v: v.isdigit() and 1 <= int(v) <= 12,
    "day": lambda v: v.isdigit() and 1 <= int(v) <= 31,
}


def column_category(header: str) -> str | None:
    """The category of a column headed ``header`` (as written), or None."""
    return _category(norm_header(header), column_categories())


# a column's name is made of words (a digit or two after one: address_line2), never of codes or values
_NAME_PARTS = regex.compile(r"(?:[\p{L}°º#()/'’]+\d{0,2})(?:_(?:[\p{L}°º#()/'’]+\d{0,2}|\d{1,2}))*")


@functools.lru_cache(maxsize=4)
def text_lines(text: str) -> tuple[tuple[int, int], ...]:
    """(start, end) of each line of ``text`` (:func:`_lines`: newlines and literal ``\\n`` escapes), remembered for the
    last texts (tables, row cells)."""
    return tuple(_lines(text))


@functools.lru_cache(maxsize=4)
def _starts(text: str) -> tuple[list[int], list[int]]:
    """The starts of ``text``'s lines and of its headed tables, for bisection."""
    return [a for a, _ in text_lines(text)], [t[0] for t in _headed_tables(text)]


# Zeek's TSV logs name their columns on a "#fields" line and give their types on the "#types" line after it
_ZEEK_FIELDS = "#fields\t"
_ZEEK_TYPES = "#types\t"


def _names_start(text: str, start: int) -> int:
    """Where the column names of the header line at ``start`` begin: after a Zeek log's ``#fields`` mark."""
    return start + len(_ZEEK_FIELDS) if text.startswith(_ZEEK_FIELDS, start) else start


def _under_header(text: str, start: int, end: int) -> bool:
    """The line right under a header is no row: a psql or Markdown divider, a Zeek log's column types."""
    return bool(_DIVIDER.fullmatch(text, start, end)) or text.startswith(_ZEEK_TYPES, start)


@functools.lru_cache(maxsize=4)
def _headed_tables(text: str) -> tuple[tuple[int, int, str, tuple[str, ...]], ...]:
    """(start, end, separator, column names) of every separated table of ``text`` whose first line names its
    columns, whatever they are (``Merchant Account,Psp Reference,…``), with at least one row of as many fields."""
    lines = text_lines(text)
    out = []
    i = 0
    while i < len(lines):
        s, e = lines[i]
        line = text[_names_start(text, s):e]
        found = None
        for sep in _SEPARATORS:
            if sep not in line:
                continue
            names = tuple(norm_header(h) for h in line.split(sep))
            # a Markdown header's outer bars leave an empty name at both ends (kept: name k is field k of the rows)
            inner = names[1:-1] if sep == "|" and len(names) >= 4 and not names[0] and not names[-1] else names
            if _column_names(inner):
                found = sep, names
                break
        if found is None:
            i += 1
            continue
        sep, names = found
        j = i + 1
        if j < len(lines) and _under_header(text, *lines[j]):
            j += 1
        while j < len(lines) and len(_fields(text, *lines[j], sep)) == len(names):
            j += 1
        if j > i + 1:
            out.append((lines[i + 1][0], lines[j - 1][1], sep, names))
        i = max(j, i + 1)
    return tuple(out)


# a column that holds digests of values, not the values (``fly secrets list``: NAME, DIGEST, STATUS)
DIGEST_COLUMNS = frozenset({"digest", "hash", "checksum", "sha", "sha1", "sha256", "md5", "etag", "fingerprint"})


def column_name(text: str, pos: int) -> str | None:
    """The header (normalised: ``psp_reference``) of the separated table's column that holds ``text[pos]``, or None
    where ``pos`` is in no row of a table with a header line."""
    if not any(sep in text for sep in _SEPARATORS):
        return None
    tables = _headed_tables(text)
    line_starts, table_starts = _starts(text)
    k = bisect.bisect_right(table_starts, pos) - 1
    if k < 0 or pos >= tables[k][1]:
        return None
    _, _, sep, names = tables[k]
    ls, le = text_lines(text)[bisect.bisect_right(line_starts, pos) - 1]
    for col, (a, b) in enumerate(_fields(text, ls, le, sep)):
        if a <= pos <= b:
            return names[col] if col < len(names) else None
    return None
