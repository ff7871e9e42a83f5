"""The fields of a form where their names and their values stand apart:

- a multipart form as an HTTP dump prints it (RFC 7578): each part's ``Content-Disposition: form-data;
  name="date_of_birth"`` header, a blank line, then the field's value up to the next boundary (uploaded files' contents,
  a part with a ``filename``, are left to the other stages);
- a form builder's answers as its webhook sends them (Typeform, Jotform and the like): ``{"field": "Date de
  naissance", "date": "1986-05-07"}``, the field's label and its value in one object;
- a patch's operations (JSON Patch, RFC 6902; SCIM's PatchOp, RFC 7644 §3.5.2): ``{"op": "replace", "path":
  "name.familyName", "value": "Kowalczyk"}``, the path's last attribute names the value;
- a table of fields and values (an import's error report, an audit of changes): ``row,field,value,error`` with
  ``14,phone,+39 347 119 2288x,invalid format``, each row's field names its own value;
- an HTML form's inputs as a saved page or DevTools' "Copy outerHTML" prints them: ``<input id="dob" name="dob"
  type="date" value="1983-05-06">``, the input's name says what its value is;
- a form's answers as its notification e-mail lists them (Google Forms, Microsoft Forms): each question alone on its
  line after a blank one, the answer on the next line, a blank line after it (``Date of birth`` then ``2002-11-03``);
- XML pairs of a field's name element and its value element (DocuSign's ``<tabLabel>dob</tabLabel><tabValue>…``).

The field's name or label says what the value is, as a table's column header does (data/vocab/columns.toml,
:func:`.tables.column_checks`): a birth date, an e-mail, a phone, a password, a person-bound number.
"""

from __future__ import annotations

from collections.abc import Callable

import regex

from .._data import word_list
from ..spans import Span
from .keep import kept_by
from .validators import role_mailbox
from .tables import _CELL_KEEPS, _fields, _lines, cell_category, column_checks, header_categories, norm_header

NAME = "form-parts"
_PART = regex.compile(
    r"""(?im)^content-disposition:[ \t]*form-data;[ \t]*name=(?P<q>["']?)(?P<name>[^"'\r\n;]{1,80})(?P=q)"""
    r"""(?P<file>[ \t]*;[ \t]*filename)?[^\r\n]*\r?\n(?:[\w-]{1,40}:[^\r\n]*\r?\n){0,4}\r?\n"""
    r"""(?P<v>[^\r\n]{1,200})(?=\r?\n)""")


# one object of a form's answers: its label's key and its value's key, in either order, nothing nested
_ANSWER = regex.compile(r"""\{[^{}\[\]]{0,600}\}""")
# (a cookie's or a header's name too, as a HAR file, a cookie editor's export and Playwright's storage state write
# them: {"name": "uid", "value": "6776401"})
_LABEL = regex.compile(r"""["'](?:field|label|question|title|key|path|name)["'][ \t]*:[ \t]*"(?P<l>[^"\n]{1,80})(?=")""")
# a patch path's filters and its sub-attribute: emails[type eq "work"].value, /name/familyName, phoneNumbers[0]
_PATH_FILTER = regex.compile(r"""\[[^\]]*\]|\.value$|^/""")
_PATH_STEP = regex.compile(r"[./]")
# a path has no blanks outside its filters and does not end in a dot ("Phone no.", "Kunden-Nr." are labels)
_PATH_LIKE = regex.compile(r"""/?[A-Za-z_][\w-]*(?:(?:\.|/)[\w-]+|\[[^\]\n]{1,60}\])+""")
_FIELD_BRACKET = regex.compile(r"\[([A-Za-z_]\w*)\]")  # user[birth_date]: a field's name in brackets
# a table's column of field names and its column of their values (an import's error report, a change log)
_FIELD_COLUMNS = frozenset({"field", "field_name", "fieldname", "attribute", "column", "column_name", "property", "path",
                            "campo", "feld", "feldname", "champ", "attribut"})
_VALUE_COLUMNS = frozenset({"value", "raw_value", "input", "input_value", "old_value", "new_value", "given_value",
                            "valore", "wert", "valeur", "valor"})
_TYPED_ADDRESS = regex.compile(r"[\w.+-]{2,64}@[\w-]{2,63}(?:[.,][\w-]{2,63})*")
_TABLE_SEPARATORS = (",", ";", "\t", "|")
# an HTML input with a name (or an id) and a value, in either order
_INPUT = regex.compile(r"""<input\b[^<>]{0,600}>""", regex.I)
_INPUT_NAME = regex.compile(r"""\s(?:name|id)=(?P<q>["'])(?P<n>[^"'<>\n]{1,80})(?P=q)""", regex.I)
_INPUT_VALUE = regex.compile(r"""\svalue=(?P<q>["'])(?P<v>[^"'<>\n]{1,200})(?P=q)""", regex.I)
# a question alone on its line between a blank line and its answer's line, the answer's line then a blank one
_STANZA = regex.compile(r"""(?:^|(?<=\n[ \t]*\r?\n))[ \t]*(?P<l>\p{L}[\p{L}'’ .-]{1,40}?)[ \t]*:?[ \t]*\r?\n[ \t]*"""
                        r"""(?P<v>[^\s][^\r\n]{0,120}?)[ \t]*(?=\r?\n[ \t]*\r?\n|\r?\n?\Z)""")
_ANSWER_VALUE = regex.compile(r"""["'](?:value|answer|text|date|email|phone_number|phone|number|response)["'][ \t]*:[ \t]*"""
                              r"""(?:"(?P<v>[^"\n]{1,200})"|(?P<n>\d[\d.-]{3,30}))""")


# what a question over its answer's line may name (a name's or a login's check says too little about a line of prose)
_STANZA_CATEGORIES = frozenset({"birth_date", "phone", "email", "iban", "national_id", "passport", "driver_license"})


# an XML element pair of a field's name and its value (DocuSign's tabStatus, a SOAP property bag, a settings export):
# <tabLabel>dob</tabLabel><tabValue>1999-06-17</tabValue>, <Name>email</Name><Value>…</Value>
_XML_PAIR = regex.compile(r"<(?P<t>(?:tab|field|property|attribute|param)?(?i:label|name|key))>(?P<l>[^<>\n]{1,60})</(?P=t)>"
                          r"[ \t]*(?:\r?\n[ \t]*)?<(?P<vt>(?:tab|field|property|attribute|param)?(?i:value))>"
                          r"(?P<v>[^<>\n]{1,200})</(?P=vt)>")


def _checked(name: str) -> tuple[str, Callable[[str], bool]] | None:
    if _PATH_LIKE.fullmatch(name):
        # a patch's path (name.familyName, /emails/0/value, emails[type eq "work"].value) or a nested form field's
        # name (user[birth_date]): its last attribute
        name = _PATH_STEP.split(_PATH_FILTER.sub("", _FIELD_BRACKET.sub(r".\1", name)))[-1] or name
    names = [norm_header(name), ""]  # a column with its header, as a table of one column
    checks = column_checks(names, header_categories(names))
    if checks.get(0) is None and len(parts := names[0].split("_")) > 2:
        # a vendor's prefix before a field's own name (Segment's cookie "ajs_user_id"): the last two words
        names = ["_".join(parts[-2:]), ""]
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
        if ('"field"' in text or '"label"' in text or '"question"' in text or '"key"' in text or '"path"' in text
                or '"name"' in text and '"value"' in text):
            for obj in _ANSWER.finditer(text):
                label = _LABEL.search(text, obj.start(), obj.end())
                value = _ANSWER_VALUE.search(text, obj.start(), obj.end())
                if label is not None and value is not None:
                    s, e = value.span("v" if value.group("v") is not None else "n")
                    self._field(text, label.group("l"), s, e, out)
        self._field_tables(text, out)
        if "<input" in text or "<INPUT" in text:
            for m in _INPUT.finditer(text):
                named = _INPUT_NAME.search(m.group())
                valued = _INPUT_VALUE.search(m.group())
                if named is not None and valued is not None:
                    s, e = m.start() + valued.start("v"), m.start() + valued.end("v")
                    self._field(text, named.group("n"), s, e, out)
        if "Label>" in text or "Name>" in text or "Key>" in text or "label>" in text or "name>" in text or "key>" in text:
            for m in _XML_PAIR.finditer(text):
                a, b = m.span("v")
                self._field(text, m.group("l"), a, b, out)
        if "\n\n" in text or "\n\r\n" in text:
            for m in _STANZA.finditer(text):
                a, b = m.span("v")
                self._field(text, m.group("l"), a, b, out, stanza=True)
        return out

    def _field_tables(self, text: str, out: list[Span]) -> None:
        """The rows of tables with a field column and a value column: each value checked as its field says."""
        lines = _lines(text)
        header: tuple[str, int, list[int], int] | None = None  # separator, field column, value columns, width
        for ls, le in lines:
            if header is not None:
                sep, fk, vks, width = header
                fields = _fields(text, ls, le, sep)
                if len(fields) == width:
                    fs, fe = fields[fk]
                    for vk in vks:  # value, or old_value and new_value
                        vs, ve = fields[vk]
                        if vs < ve:
                            self._field(text, text[fs:fe], vs, ve, out)
                    continue
                header = None
            for sep in _TABLE_SEPARATORS:
                if text.count(sep, ls, le) < 1:
                    continue
                names = [norm_header(text[a:b]) for a, b in _fields(text, ls, le, sep)]
                named = next((k for k, n in enumerate(names) if n in _FIELD_COLUMNS), None)
                values = [k for k, n in enumerate(names) if n in _VALUE_COLUMNS]
                if named is not None and values:
                    header = (sep, named, values, len(names))
                    break

    def _field(self, text: str, name: str, s: int, e: int, out: list[Span], stanza: bool = False) -> None:
        checked = _checked(name)
        if checked is None:
            return
        cat, check = checked
        if stanza and cat not in _STANZA_CATEGORIES:
            return  # (a heading over a line of prose: only a value whose check says much counts there)
        if stanza and cat == "email" and role_mailbox(text[s:e].split("@")[0].lower()):
            return  # (a form's own support@ address)
        if cat == "email" and "@" not in text[s:e] and "%40" not in text[s:e]:
            return  # (an e-mail field's setting, its description or Swagger's "string": no address without its @)
        e = s + len(text[s:e].rstrip())
        value = text[s:e]
        # context beats format: a mistyped address in an e-mail field is still somebody's (mario.rossi@libero, a@b,it)
        typo = (cat == "email" and _TYPED_ADDRESS.fullmatch(value) is not None
                and value.split("@")[0].lower() not in word_list("service_mailboxes"))  # noreply@github: a bot's
        if value and (check(value) or typo) and kept_by(text, s, e, _CELL_KEEPS) is None:
            found = cell_category(cat, value)
            if found in self.produces:
                out.append(Span(s, e, found, f"{NAME}:{found}", 0.8))
