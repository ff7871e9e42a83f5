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
# the words a value comes after, to skip texts with none (no lower-cased copy of the text)
_VALUE_WORD = regex.compile(r"(?i)value|valeur|valor|wert|got|field|champ|campo|feld|error")
_KEEPS = ("is_placeholder_value", "is_templated")
# a name must be one the gazetteers know (pydantic prints a "name" field's "Hello World" too), a phone possible and no
# date; the other categories take their column's check
_CHECKS = {"person": gazetteer_name_any_case,
           "phone": lambda v: possible_phone(v) and not regex.fullmatch(r"(?:19|20)\d{6}|\d{4}-\d{2}-\d{2}", v)}


class FieldErrorDetector:
    """Values that a validation error names by their field (see the module docstring)."""

    name = NAME
    produces = _CATEGORIES

    def detect(self, text: str) -> list[Span]:
        if _VALUE_WORD.search(text) is None:
            return []
        out: list[Span] = []
        for pattern in (_FIELD_THEN_VALUE, _PYDANTIC, _FIELD_WORDS_VALUE, _TRACEBACK):
            for m in pattern.finditer(text):
                field = m.group("f").rsplit(".", 1)[-1]
                cat = column_category(field)
                if cat not in _CATEGORIES:
                    continue
                a, b = m.span("v") if m.group("v") is not None else m.span("u")
                while b > a and text[b - 1] in " \t":
                    b -= 1
                if b - a >= 2 and _CHECKS.get(cat, cell_check(cat))(text[a:b]) and kept_by(text, a, b, _KEEPS) is None:
                    out.append(Span(a, b, cat, f"{NAME}:{cat}", 0.8))
        return out
