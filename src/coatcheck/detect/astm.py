"""The patient record of an ASTM E1394 / CLSI LIS2-A2 message, as laboratory analysers and their middleware print it
(blood banks, clinical chemistry): a header ``H|\\^&|…``, then ``P|1|<practice id>|<lab id>|<id 3>|<LAST^FIRST>|
<mother's maiden name>|<YYYYMMDD>|<sex>|…|<address>|…|<phone>|<attending physician>``. Its fields are the patient's
by their place: the record's layout says what each is, as HL7's segments do (:mod:`.hl7`). A frame number may lead
the record (``2P|1|…``, the low-level protocol's). Linear in the text."""

from __future__ import annotations

import regex

from ..spans import Span
from .keep import kept_by

NAME = "astm-records"
# the header's delimiters (|\^&) are the message's mark wherever its record starts (a frame's STX, a log's prefix)
_HEADER = regex.compile(r"\d?H\|\\\^&")
# a patient record: at a line's start (a CR alone ends an ASTM record), after a frame's STX (the byte or "<STX>"), a
# log's "RX: " or an indent; it ends at the line's end or the frame's ETX
_PATIENT = regex.compile(r"(?:^|(?<=[\r\n\x02>])|(?<=\w: ))[ \t]*\d?P\|[^\r\n\x03<]*")
# the patient record's fields by their place (0: the record's type), and the category each holds
_FIELDS = {2: "account", 3: "account", 4: "account", 5: "person", 6: "person", 7: "birth_date", 10: "address",
           12: "phone", 13: "person"}
_ID = regex.compile(r"(?=[^\d]*\d)[A-Za-z0-9][A-Za-z0-9-]{3,30}")
_DATE = regex.compile(r"(?:19|20)\d\d(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])(?:\d{4,6})?")
_KEEPS = ("is_templated", "is_placeholder_value")


class AstmDetector:
    """A patient record's fields in an ASTM E1394 message (see the module)."""

    name = NAME
    produces = frozenset(set(_FIELDS.values()))

    def detect(self, text: str) -> list[Span]:
        if _HEADER.search(text) is None:
            return []
        out: list[Span] = []
        for m in _PATIENT.finditer(text):
            pos = m.start() + len(m.group()) - len(m.group().lstrip(" \t"))
            record = m.group().lstrip(" \t")
            if regex.match(r"\d?P\|\d*\|QC\b", record):
                continue  # (a quality control's pseudo-patient)
            for k, field in enumerate(record.split("|")):
                cat = _FIELDS.get(k)
                if cat is not None:
                    # a name's or an address's components apart by "^": each part its own span
                    part_at = pos
                    for part in field.split("^") if cat in ("person", "address") else [field]:
                        if self._holds(cat, part) and kept_by(text, part_at, part_at + len(part), _KEEPS) is None:
                            out.append(Span(part_at, part_at + len(part), cat, NAME, 0.85))
                        part_at += len(part) + 1
                pos += len(field) + 1
        return out

    @staticmethod
    def _holds(cat: str, value: str) -> bool:
        if not value.strip():
            return False
        if cat == "account":
            return _ID.fullmatch(value) is not None
        if cat == "birth_date":
            return _DATE.fullmatch(value) is not None
        if cat == "phone":
            return sum(c.isdigit() for c in value) >= 6
        return any(c.isalpha() for c in value)
