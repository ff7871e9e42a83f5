"""Values a validation error prints after naming their field.

A form or an API that rejects a record says which field failed and, often, what it was given: a JSON log's
``"err":"validation failed for field date_of_birth","value":"1958-07-26"``, a key=value line's ``field=email
value=…``, pydantic's ``date_of_birth`` line followed by ``[type=date_from_datetime_parsing,
input_value='1958-07-26', input_type=str]``. The value has no key of its own that says what it is; the field's name
does (data/vocab/columns.toml, as a table's header would); so does a traceback's code line that reads the field by its
key (``row['dob']``) above the error that prints the value. The value is masked as the field's category when it
passes that category's cell check (a date of birth must read as a date, a name as a name). Linear in the text.
"""

from __future__ import annotations

import regex

from ..spans import Span
from .keep import kept_by
from .tables import cell_check, column_category
from .validators import gazetteer_name_any_case, possible_phone

NAME = "field-errors"
# the categories a field's name may give its value (a category whose cell check says little is left out)
_CATEGORIES = frozenset({"birth_date", "email", "phone", "person", "national_id", "passport", "driver_license", "iban",
                         "account", "address"})
# "field X" (five languages) or a "field" key, then on the same line the value it was given
_FIELD_THEN_VALUE = regex.compile(
    r"""(?i)\b(?:field|champ|campo|feld)(?:[ \t]+|["']?[ \t]*[:=][ \t]*["']?)[`'"]?(?P<f>[A-Za-z][\w.]{1,40}?)[`'"]?"""
    r"""(?![\w.])[^\n]{0,160}?(?<![\w])(?:value|input_value|valeur|valore|valor|wert|got)["']?[ \t]*[:=][ \t]*"""
    r"""(?:(?P<q>["'])(?P<v>[^"'\n]{2,80}?)(?P=q)|(?P<u>[^\s"',}\]]{2,80}))""")
# pydantic: the field's path alone on its line, the error under it with the input it rejected
_PYDANTIC = regex.compile(
    r"""(?m)^(?P<f>[A-Za-z_][\w]*(?:\.[\w]+)*)[ \t]*\r?\n[ \t]+[^\n]{0,200}?\[type=[\w.]+,[ \t]*input_value=(?P<q>['"])"""
    r"""(?P<v>[^'"\n]{2,80})(?P=q),""")
# "field 'dob' invalid date '12.10.1983'": the field, a few words on what is wrong, then the value it was given quoted
_FIELD_WORDS_VALUE = regex.compile(
    r"""(?i)\b(?:field|champ|campo|feld)[ \t]+(?P<fq>[`'"])(?P<f>[A-Za-z][\w.]{1,40}?)(?P=fq)[ \t]+"""
    r"""(?:[\p{L}-]+[ \t]+){1,5}?(?:[:=][ \t]*)?(?P<q>['"])(?P<v>[^"'\n]{2,80}?)(?P=q)""")
# a traceback: the code line reads a record's field by its key (row['dob'], raw["email"]), the error under it prints
# the value it failed on (Python quotes it: "ValueError: time data '12.10.1983' does not match format …")
_TRACEBACK = regex.compile(
    r"""\[(?P<fq>['"])(?P<f>[A-Za-z_]\w{1,40})(?P=fq)\][^\n]*\r?\n(?:[ \t]+[^\n]*\r?\n){0,3}?"""
    r"""[\w.]*(?:Error|Exception)\b:[^\n']{0,80}?'(?P<v>[^'\n]{2,80})'""")
# a unique constraint that refused a row names the value and the index it collided in: MySQL's "Duplicate entry
# '68120734940' for key 'uk_claimant_national_id'" (8.0 prefixes the table: 'users.uk_email'), PostgreSQL's "Key
# (email)=(ana@example.org) already exists."; the index's or the column's name says what the value is
_DUPLICATE = regex.compile(r"""Duplicate entry '(?P<v>[^'\n]{2,80})' for key '(?:[\w$]+\.)?(?P<f>[A-Za-z_][\w$]{1,60})'""")
# (the column quoted, or in a case-folding index's function: Key ("username")=…, Key (lower(email::text))=…)
_ALREADY_EXISTS = regex.compile(r"""\bKey \((?:\w{1,20}\()?"?(?P<f>[A-Za-z_]\w{1,60})"?(?:::\w+)?\)?\)=\((?P<v>[^()\n]{2,80})\) already exists""")
# what an API's try-it form and a test fill a field with
_FILLER = regex.compile(r"(?i)string|test\d*|admin|administrator|user\d*|demo|foo|bar|example|sample|null|none|value")
_SERVICE_KEEPS = ("is_service_username", "is_code_word", "is_placeholder_value")
# what an index's name wraps its column in (uk_, uq_, unique_, idx_, ux_, key_ before it; _key, _unique, _idx after it,
# as PostgreSQL names a constraint "users_email_key")
_INDEX_AFFIXES = regex.compile(r"^(?:uk|uq|unique|idx|ux|ak|key|index|u)_|_(?:key|unique|uniq|uk|uq|idx|index)$")
# the words a value comes after, to skip texts with none (no lower-cased copy of the text)
_VALUE_WORD = regex.compile(r"(?i)value|valeur|valor|wert|got|field|champ|campo|feld|error|duplicate|already exists")
_KEEPS = ("is_placeholder_value", "is_templated")
# a name must be one the gazetteers know (pydantic prints a "name" field's "Hello World" too), a phone possible and no
# date; the other categories take their column's check
_CHECKS = {"person": gazetteer_name_any_case,
           # (a login a unique index refused: one token, a letter in it)
           "username": lambda v: regex.fullmatch(r"(?=[^\s]*\p{L})[\w.@+-]{2,40}", v) is not None,
           "phone": lambda v: possible_phone(v) and not regex.fullmatch(r"(?:19|20)\d{6}|\d{4}-\d{2}-\d{2}", v)}


def _index_category(name: str) -> str | None:
    """The category of the column a unique index is named for ("uk_claimant_national_id", "users_email_key",
    "idx_member_no"): its name less the index's affixes, or its last two words or its last word."""
    stripped = _INDEX_AFFIXES.sub("", _INDEX_AFFIXES.sub("", name.lower()))
    parts = stripped.split("_")
    for candidate in ("_".join(parts), "_".join(parts[-2:]), parts[-1]):
        if candidate and (cat := column_category(candidate)) is not None:
            return cat
    return None


class FieldErrorDetector:
    """Values that a validation error names by their field (see the module docstring)."""

    name = NAME
    produces = _CATEGORIES | {"username"}

    def detect(self, text: str) -> list[Span]:
        if _VALUE_WORD.search(text) is None:
            return []
        out: list[Span] = []
        for pattern in (_FIELD_THEN_VALUE, _PYDANTIC, _FIELD_WORDS_VALUE, _TRACEBACK, _DUPLICATE, _ALREADY_EXISTS):
            for m in pattern.finditer(text):
                field = m.group("f").rsplit(".", 1)[-1]
                # (a unique index's name wraps its column's)
                indexed = pattern in (_DUPLICATE, _ALREADY_EXISTS)
                cat = _index_category(field) if indexed else column_category(field)
                if indexed and (cat == "address" or _FILLER.fullmatch(m.group("v") or "")
                                or cat == "username" and kept_by(text, m.start("v"), m.end("v"), _SERVICE_KEEPS) is not None):
                    continue  # (a postcode alone by its index; Swagger's "string", a test's "admin", a service's login)
                if cat not in _CATEGORIES and not (indexed and cat == "username"):
                    continue
                a, b = m.span("v") if m.group("v") is not None else m.span("u")
                while b > a and text[b - 1] in " \t":
                    b -= 1
                if b - a >= 2 and _CHECKS.get(cat, cell_check(cat))(text[a:b]) and kept_by(text, a, b, _KEEPS) is None:
                    out.append(Span(a, b, cat, f"{NAME}:{cat}", 0.8))
        return out
