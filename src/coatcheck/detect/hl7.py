"""HL7 v2 messages read by position: each segment's fields split at ``|``, repetitions at ``~``, components at ``^``,
and each field that holds a person's data (data/hl7_fields.toml: PID-5 the patient's name, PV1-7 the attending
clinician, OBR-16 the ordering provider, IN1-36 the policy number …) masked by its data type, whatever its value looks
like. A field named in prose or a log line (``PID-5 RICHTER^FELIX``, ``PID-7: 19860814``) is read the same way.

A segment is read when the text holds a message header (``MSH|``) or the segment has five fields or more, so a
``PID|`` column of a process table is no message. Components equal to a placeholder (``TEST^PATIENT``) stay."""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache

import regex

from .._data import data_path, load_toml, word_list
from ..errors import ConfigError
from ..spans import Span
from .lines import separated

NAME = "hl7-fields"
_KINDS = frozenset({"name", "clinician", "id", "address", "telecom", "birth", "licence", "interpreter"})
# a segment starts where no word or HL7 delimiter stands before its id (a line's start, a log line's prefix, the
# blank that joins segments flattened onto one line) and runs to the line's end or to the next segment's id
_SEGMENT = regex.compile(r"(?<![\w|^~\\&])(?P<seg>[A-Z][A-Z0-9]{2})\|(?P<body>(?:[^\r\n ]|[ ](?![A-Z][A-Z0-9]{2}\|))*)")
# the end of a JSON string that held the message: a closing quote and the brackets after it belong to the JSON
_JSON_END = regex.compile(r'"[\]},\s]*$')
_REFERENCE = regex.compile(r"(?<![\w-])(?P<seg>[A-Z][A-Z0-9]{2})-(?P<field>\d{1,2})(?:\.1)?(?:[ \t]*[:=][ \t]*|[ \t]+)"
                           r"(?P<v>[^\s|,;()\[\]]+)")
_ID = regex.compile(r"[A-Za-z0-9][\w.-]{2,}")
_LETTER = regex.compile(r"\p{L}")
_BIRTH = regex.compile(r"(?:1[89]|20)\d{6}(?:\d{2,6})?(?:[+-]\d{4})?")
_PHONE = regex.compile(r"(?:\D*\d){4}")
_DIGIT = regex.compile(r"\d")
_NAME_PART = regex.compile(r"\p{L}[\p{L}'’ -]{1,40}")
_AT = regex.compile("@")


@cache
def _fields() -> tuple[dict[str, dict[int, str]], frozenset[str]]:
    """(segment -> field number -> kind, placeholders in upper case) from data/hl7_fields.toml."""
    raw = load_toml(data_path("hl7_fields.toml"))
    table: dict[str, dict[int, str]] = {}
    for seg, fields in raw.get("segments", {}).items():
        table[seg] = {}
        for num, kind in fields.items():
            if kind not in _KINDS or not num.isdigit():
                raise ConfigError(f"hl7_fields.toml: [segments.{seg}] {num} = {kind!r}: unknown kind or field number")
            table[seg][int(num)] = kind
    return table, frozenset(w.upper() for w in raw.get("placeholders", []))


class Hl7Detector:
    """Person data in HL7 v2 segments by field position (see the module)."""

    name = NAME
    produces = frozenset({"person", "account", "address", "phone", "email", "birth_date", "driver_license"})

    def detect(self, text: str) -> list[Span]:
        table, _ = _fields()
        out: list[Span] = []
        message = "MSH|" in text
        for m in _SEGMENT.finditer(text) if "|" in text else ():
            seg = m.group("seg")
            kinds = table.get(seg)
            body = m.group("body")
            # outside a message, a segment of five fields or more that has components ("PID|USER|%CPU|…" is a
            # process table's header)
            if seg == "MSH" or (not message and (kinds is None or body.count("|") < 4 or "^" not in body)):
                continue
            body_end = m.end("body")
            if (j := _JSON_END.search(m.group("body"))) is not None and m.group("body").count('"') % 2 == 1:
                body_end = m.start("body") + j.start()
            for n, (s, e) in enumerate(separated(text, m.start("body"), body_end, "|"), 1):
                kind = (kinds or {}).get(n)
                if e <= s:
                    continue
                if kind is not None:
                    out.extend(self._field(text, s, e, kind))
                elif "^" in text[s:e]:
                    out.extend(self._clinician_shaped(text, s, e))
        if "-" in text:
            for m in _REFERENCE.finditer(text):
                kind = table.get(m.group("seg"), {}).get(int(m.group("field")))
                value = m.group("v")
                if kind in ("name", "clinician") and "^" not in value and not (value.isupper() and value.isalpha()):
                    continue  # "PID-5 is the patient's name": a word of the sentence, not the field's value
                if kind is not None:
                    out.extend(self._field(text, m.start("v"), m.end("v"), kind))
        return out

    def _clinician_shaped(self, text: str, start: int, end: int) -> Iterator[Span]:
        """A field no table entry names, shaped as a clinician (``2608562007^BARBIERI^ALESSANDRO``: an id with digits,
        a family name, a given name the gazetteers know): a sender that shifted its fields still names a person
        there. A coded element (``2345-7^Glucose^LN``) has a coding system where the given name would be."""
        for rs, re_ in separated(text, start, end, "~"):
            comps = list(separated(text, rs, re_, "^"))
            if len(comps) < 3:
                continue
            ident, family, given = (text[a:b] for a, b in comps[:3])
            if (_ID.fullmatch(ident) and any(c.isdigit() for c in ident) and _NAME_PART.fullmatch(family)
                    and _NAME_PART.fullmatch(given) and given.title() in word_list("first_names")):
                yield from self._components(text, comps, "clinician")

    def _field(self, text: str, start: int, end: int, kind: str) -> Iterator[Span]:
        for rs, re_ in separated(text, start, end, "~"):
            comps = list(separated(text, rs, re_, "^"))
            yield from self._components(text, comps, kind)

    def _components(self, text: str, comps: list[tuple[int, int]], kind: str) -> Iterator[Span]:
        _, placeholders = _fields()

        def value(i: int) -> str:
            return text[comps[i][0]:comps[i][1]] if i < len(comps) else ""

        def run(first: int, last: int, category: str, need: regex.Pattern[str]) -> Iterator[Span]:
            """One span over the non-empty components first..last (0-based), when one of them matches ``need`` and
            none is a placeholder."""
            idx = [i for i in range(first, min(last, len(comps) - 1) + 1) if value(i).strip(' "')]
            if not idx or any(value(i).strip().upper() in placeholders for i in idx):
                return
            if not any(need.search(value(i)) for i in idx):
                return
            yield Span(comps[idx[0]][0], comps[idx[-1]][1], category, NAME, 0.85)

        if kind == "name":
            yield from run(0, 2, "person", _LETTER)
        elif kind == "clinician":
            if _ID.fullmatch(value(0)) and any(c.isdigit() for c in value(0)):
                yield from run(0, 0, "account", _ID)
            elif (_NAME_PART.fullmatch(value(0)) and _NAME_PART.fullmatch(value(1))
                  and (value(1).title() in word_list("first_names") or value(0).title() in word_list("last_names"))
                  and not (value(0).isupper() and len(value(0)) <= 4)):
                # a sender that leaves the id out and starts at the family name (Wojcik^Halina^^^DR): a name's order
                # (not a department's code and its words: LAB^Laboratory, ER^Emergency^Department)
                yield from run(0, 3, "person", _LETTER)
                return
            yield from run(1, 3, "person", _LETTER)
        elif kind == "interpreter":
            s, e = comps[0]
            subs = list(separated(text, s, e, "&"))
            ident = text[subs[0][0]:subs[0][1]]
            if _ID.fullmatch(ident) and any(c.isdigit() for c in ident):
                yield Span(subs[0][0], subs[0][1], "account", NAME, 0.85)
            names = [(a, b) for a, b in subs[1:4] if b > a]
            if names and not any(text[a:b].upper() in placeholders for a, b in names):
                yield Span(names[0][0], names[-1][1], "person", NAME, 0.85)
        elif kind == "id":
            if _ID.fullmatch(value(0)) and any(c.isdigit() for c in value(0)) and set(value(0)) != {"0"}:
                yield from run(0, 0, "account", _ID)
        elif kind == "licence":
            if _ID.fullmatch(value(0)) and any(c.isdigit() for c in value(0)):
                yield from run(0, 0, "driver_license", _ID)
        elif kind == "birth":
            if _BIRTH.fullmatch(value(0)) and not value(0).startswith("19000101"):
                yield from run(0, 0, "birth_date", _BIRTH)
        elif kind == "address":
            yield from run(0, 4, "address", _DIGIT)
        elif kind == "telecom":
            if _PHONE.match(value(0)):
                yield from run(0, 0, "phone", _PHONE)
            if "@" in value(3):
                yield from run(3, 3, "email", _AT)
            yield from run(4, 6, "phone", _PHONE)
