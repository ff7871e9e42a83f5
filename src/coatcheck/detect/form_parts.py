"""The fields of a form where their names and their values stand apart:

- a multipart form as an HTTP dump prints it (RFC 7578): each part's ``Content-Disposition: form-data;
  name="date_of_birth"`` header, a blank line, then the field's value up to the next boundary (uploaded files' contents,
  a part with a ``filename``, are left to the other stages);
- a form builder's answers as its webhook sends them (Typeform, Jotform and the like): ``{"field": "Date de
  naissance", "date": "1986-05-07"}``, the field's label and its value in one object.

The field's name or label says what the value is, as a table's column header does (data/vocab/columns.toml,
:func:`.tables.column_checks`): a birth date, an e-mail, a phone, a password, a person-bound number.
"""

from __future__ import annotations

from collections.abc import Callable

import regex

from ..spans import Span
from .keep import kept_by
from .tables import _CELL_KEEPS, cell_category, column_checks, header_categories, norm_header

NAME = "form-parts"
_PART = regex.compile(
    r"""(?im)^content-disposition:[ \t]*form-data;[ \t]*name=(?P<q>["']?)(?P<name>[^"'\r\n;]{1,80})(?P=q)"""
    r"""(?P<file>[ \t]*;[ \t]*filename)?[^\r\n]*\r?\n(?:[\w-]{1,40}:[^\r\n]*\r?\n){0,4}\r?\n"""
    r"""(?P<v>[^\r\n]{1,200})(?=\r?\n)""")


# one object of a form's answers: its label's key and its value's key, in either order, nothing nested
_ANSWER = regex.compile(r"""\{[^{}\[\]]{0,600}\}""")
_LABEL = regex.compile(r"""["'](?:field|label|question|title|key)["'][ \t]*:[ \t]*"(?P<l>[^"\n]{1,80})(?=")""")
_ANSWER_VALUE = regex.compile(r"""["'](?:value|answer|text|date|email|phone_number|phone|number|response)["'][ \t]*:[ \t]*"""
                              r"""(?:"(?P<v>[^"\n]{1,200})"|(?P<n>\d[\d.-]{3,30}))""")


def _checked(name: str) -> tuple[str, Callable[[str], bool]] | None:
    names = [norm_header(name), ""]  # a column with its header, as a table of one column
    checks = column_checks(names, header_categories(names))
    return checks.get(0)


class FormPartDetector:
    """Values of multipart form fields, by the field's name."""

    name = NAME
    produces = frozenset({"birth_date", "email", "phone", "secret", "account", "person", "address", "username",
                          "national_id", "iban", "passport", "driver_license"})

    def detect(self, text: str) -> list[Span]:
        out: list[Span] = []
        if "form-data" in text or "Form-Data" in text:
            for m in _PART.finditer(text):
                if not m.group("file"):
                    s, e = m.span("v")
                    self._field(text, m.group("name"), s, e, out)
        if '"field"' in text or '"label"' in text or '"question"' in text or '"key"' in text:
            for obj in _ANSWER.finditer(text):
                label = _LABEL.search(text, obj.start(), obj.end())
                value = _ANSWER_VALUE.search(text, obj.start(), obj.end())
                if label is not None and value is not None:
                    s, e = value.span("v" if value.group("v") is not None else "n")
                    self._field(text, label.group("l"), s, e, out)
        return out

    def _field(self, text: str, name: str, s: int, e: int, out: list[Span]) -> None:
        checked = _checked(name)
        if checked is None:
            return
        cat, check = checked
        e = s + len(text[s:e].rstrip())
        value = text[s:e]
        if value and check(value) and kept_by(text, s, e, _CELL_KEEPS) is None:
            found = cell_category(cat, value)
            if found in self.produces:
                out.append(Span(s, e, found, f"{NAME}:{found}", 0.8))
