"""The ids of records that are people: ``"customer": {"id": "6689393409394", …}``, ``{"object": "customer", "id":
"cus_…"}``, ``"author": {"account_id": "557058:…"}``, ``"__typename": "Customer", "legacyId": "9657825"``.

An API prints a person as an object; the key that holds it (customer, user, author, member …) or its own type field
says so, and its id fields are then that person's number (issue 23: person-bound ids), whatever their shape. Only
the object's own fields count (not those of objects nested in it), a value needs five characters and a digit, and a
bare UUID stays (agents correlate records by them). Record words: data/vocab/handles.toml [person_records].
"""

from __future__ import annotations

import regex

from ..spans import Span
from .keep import kept_by
from .vocabulary import vocab_cache, vocabulary_words

PERSON_RECORDS = "person-records"
_SPAN = 3000  # how far an object may reach
_ID_KEYS = frozenset({"id", "accountid", "userid", "customerid", "memberid", "legacyid", "externalid", "uid",
                      "employeeid", "studentid", "patientid", "personid", "contactid", "subscriberid", "profileid"})
_FIELD = regex.compile(r"""["']?(?P<k>[A-Za-z_][\w-]{0,40})["']?[ \t]*:[ \t]*(?:"(?P<s>[^"\n]{1,100})"|'(?P<q>[^'\n]{1,100})'|(?P<n>\d{5,20})(?=[ \t]*[,}\n]))""")
_UUID = regex.compile(r"\{?[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}\}?")
_KEEPS = ("is_templated", "is_placeholder_value", "is_documented_example")


@vocab_cache
def _patterns() -> tuple[regex.Pattern[str], regex.Pattern[str]]:
    words = sorted({w.lower() for w in vocabulary_words("handles", "person_records")}, key=lambda w: (-len(w), w))
    alt = "|".join(regex.escape(w) for w in words)
    keyed = regex.compile(rf"""(?i)["']?(?:\w+[_.-])?(?:{alt})["']?[ \t]*:[ \t]*\{{""")
    typed = regex.compile(rf"""(?i)["']?(?:object|type|__typename|kind|resourceType)["']?[ \t]*:[ \t]*["'](?:{alt})["']""")
    return keyed, typed


def _close(text: str, open_at: int) -> int:
    """The offset of the brace that closes the object opened at ``open_at`` (or where the search gave up)."""
    depth = 0
    for i in range(open_at, min(len(text), open_at + _SPAN)):
        c = text[i]
        if c == "{":
            depth += 1
        elif c == "}":
            depth -= 1
            if depth == 0:
                return i
    return min(len(text), open_at + _SPAN)


def _open(text: str, at: int) -> int | None:
    """The offset of the brace that opens the object holding offset ``at``."""
    depth = 0
    for i in range(at - 1, max(-1, at - _SPAN), -1):
        c = text[i]
        if c == "}":
            depth += 1
        elif c == "{":
            if depth == 0:
                return i
            depth -= 1
    return None


class PersonRecordDetector:
    """Id fields of objects that are people."""

    name = PERSON_RECORDS
    produces = frozenset({"account"})

    def detect(self, text: str) -> list[Span]:
        """The id values of ``text``'s person records."""
        if "{" not in text:
            return []
        keyed, typed = _patterns()
        opens = {m.end() - 1 for m in keyed.finditer(text)}
        for m in typed.finditer(text):
            o = _open(text, m.start())
            if o is not None:
                opens.add(o)
        out: list[Span] = []
        for o in sorted(opens):
            out += self._ids(text, o, _close(text, o))
        return out

    def _ids(self, text: str, start: int, end: int) -> list[Span]:
        out = []
        depth = 0
        i = start + 1
        while i < end:
            c = text[i]
            if c in "{[":
                depth += 1
            elif c in "}]":
                depth -= 1
            elif depth == 0 and (m := _FIELD.match(text, i)) is not None:
                key = m["k"].lower().replace("_", "").replace("-", "")
                group = next(g for g in ("s", "q", "n") if m.group(g) is not None)
                s, e = m.span(group)
                value = text[s:e]
                if (key in _ID_KEYS and len(value) >= 5 and any(ch.isdigit() for ch in value)
                        and not _UUID.fullmatch(value) and kept_by(text, s, e, _KEEPS) is None):
                    out.append(Span(s, e, "account", self.name, 0.8))
                i = m.end()
                continue
            i += 1
        return out
