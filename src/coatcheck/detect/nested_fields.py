"""Identity-document and person-bound numbers that a JSON object names only by where they sit: ``"document": {"number": "PTM087608",
"type": "ID_CARD"}`` (Veriff), ``"document_numbers": [{"type": "document_number", "value": "NV0727784"}]`` (Onfido),
``"passport": {"no": "…"}``. The leaf's own key (``number``, ``value``, ``no``) says nothing; its parent's key or its
object's ``type`` says what it numbers (names.toml [document_contexts]). A bare "document" context (an invoice's
``document.number`` too) counts only in an object tree that shows it is an identity check: an identity key
(``issuing_country``, ``date_of_expiry``, ``nationality``, ``mrz`` …) or a document type (``PASSPORT``, ``ID_CARD``)
somewhere in the same top-level object. A person's own number is named so too: ``"policy": {"number":
"MTR-IT-2021-1711260"}``, ``"membership": {"no": "M-004411"}`` (names.toml [number_contexts]): a value of five
characters or more, four of them digits, no UUID."""

from __future__ import annotations

import functools
from dataclasses import dataclass, field

import regex

from ..spans import Span
from .tables import norm_header
from .validators import document_number, licence_number, person_name_any_case
from .vocabulary import identifier_words, vocabulary_words, word_set

NAME = "nested-fields"
_TOKEN = regex.compile(r'"(?P<s>(?:[^"\\\n]|\\.){0,300})"|(?P<p>[{}\[\]:,])|(?P<n>-?[0-9][0-9.eE+-]{0,40})|(?P<w>true|false|null)|(?P<ws>\s+)')
# a leaf key that says only "a number of": its context says of what
_LEAF_KEYS = frozenset({"number", "value", "no", "nr", "num", "numero", "número", "nummer", "numéro"})
_NUMBER_KEYS = _LEAF_KEYS - {"value"}
# (Sumsub's and similar KYC webhooks name it "idDocType", "documentType")
_TYPE_KEYS = frozenset({"type", "kind", "document_type", "doc_type", "id_type", "iddoctype", "id_doc_type", "documenttype",
                        "doctype"})
_MAX_OBJECT = 200_000


@dataclass
class _Frame:
    key: str | None  # the key this object or array hangs under
    array: bool = False
    type: str | None = None  # the object's "type" value
    leaves: list[tuple[int, int]] = field(default_factory=list)  # the values of its generic leaves (start, end)
    numbers: list[tuple[int, int]] = field(default_factory=list)  # those under a number's key (number, no, nr …)
    wrapped: list[tuple[int, int]] = field(default_factory=list)  # those under "value" alone ({"value": "Giulia"})


_UUID = regex.compile(r"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}")


def _own_number(value: str) -> bool:
    """A person's number as registers issue them: five to thirty letters, digits and dashes, four digits at least, no
    UUID, not one digit throughout."""
    digits = [c for c in value if c.isdigit()]
    return (5 <= len(value) <= 30 and len(digits) >= 4 and len(set(digits)) > 1
            and regex.fullmatch(r"[A-Za-z0-9][A-Za-z0-9/._-]*", value) is not None and _UUID.fullmatch(value) is None)


@functools.cache
def _name_fields() -> frozenset[str]:
    return frozenset(norm_header(w) for w in vocabulary_words("rules", "name_part_fields"))


def _name_field(key: str) -> bool:
    """A key that holds a first or a last name (``first_name``, ``lastName``, ``cognome``), whose value an HR or CRM
    API wraps in an object: ``"first_name": {"value": "Giulia"}`` (Personio), ``"lastName": {"value": …}``."""
    return norm_header(key) in _name_fields()


def _words(name: str) -> str:
    return " ".join(w.lower() for w in identifier_words(name.replace("-", "_")))


class NestedFieldDetector:
    """Identity-document numbers named by their parent key or their object's type."""

    name = NAME
    produces = frozenset({"passport", "account", "person"})

    def detect(self, text: str) -> list[Span]:
        if '"' not in text or "{" not in text:
            return []
        out: list[Span] = []
        pos = text.find("{")
        while 0 <= pos < len(text):
            end, found = self._object(text, pos)
            out += found
            pos = text.find("{", max(end, pos + 1))
        return out

    def _object(self, text: str, start: int) -> tuple[int, list[Span]]:
        """Read the JSON value that opens at ``start``; return where reading stopped and the numbers found."""
        contexts = word_set("names", "document_contexts")
        evidence = word_set("names", "identity_evidence")
        stack: list[_Frame] = []
        candidates: list[tuple[int, int, bool | None]] = []  # (start, end, the context is a document's alone)
        wrapped_names: list[tuple[int, int]] = []  # a name field's value wrapped in an object
        identity = False
        key: str | None = None
        last_string: tuple[str, int, int] | None = None
        pos = start
        limit = min(len(text), start + _MAX_OBJECT)
        while pos < limit:
            m = _TOKEN.match(text, pos)
            if m is None:
                break
            pos = m.end()
            if m.group("ws") is not None:
                continue
            p = m.group("p")
            if p == ":":
                if last_string is None:
                    break
                key = last_string[0]
                last_string = None
                if _words(key) in evidence:
                    identity = True
                continue
            if p in ("{", "["):
                # an object in an array hangs under the array's key
                parent = key if key is not None else (stack[-1].key if stack and stack[-1].array else None)
                stack.append(_Frame(parent, array=p == "["))
                key = None
                continue
            if p in ("}", "]"):
                if not stack:
                    break
                frame = stack.pop()
                if frame.wrapped and frame.key is not None and not frame.array and _name_field(frame.key):
                    wrapped_names += frame.wrapped
                self._settle(frame, stack, contexts, candidates)
                key = None
                if not stack:
                    break
                continue
            if p == ",":
                key = None
                continue
            if not stack:
                break
            if m.group("s") is not None:
                value = m.group("s")
                if key is None:
                    last_string = (value, m.start("s"), m.end("s"))
                    continue
                frame = stack[-1]
                k = key.lower()
                if k in _TYPE_KEYS:
                    frame.type = value
                    if _words(value) in evidence:
                        identity = True
                elif k in _LEAF_KEYS:
                    frame.leaves.append(m.span("s"))
                    if k in _NUMBER_KEYS:
                        frame.numbers.append(m.span("s"))
                    elif k == "value":
                        frame.wrapped.append(m.span("s"))
                key = None
                continue
            key = None  # a number, true, false or null
        spans = [Span(s, e, "passport", f"{NAME}:document", 0.85) for s, e, bare in candidates
                 if bare is not None and (identity or not bare)
                 and (document_number(text[s:e]) or licence_number(text[s:e]))]
        spans += [Span(s, e, "account", f"{NAME}:number", 0.8) for s, e, bare in candidates
                  if bare is None and _own_number(text[s:e])]
        spans += [Span(s, e, "person", f"{NAME}:name", 0.8) for s, e in wrapped_names
                  if person_name_any_case(text[s:e])]
        return pos, spans

    @staticmethod
    def _settle(frame: _Frame, stack: list[_Frame], contexts: frozenset[str],
                candidates: list[tuple[int, int, bool | None]]) -> None:
        """The leaves of a closed object whose type or parent key names an identity document."""
        if not frame.leaves:
            return
        for context in (frame.type, frame.key):
            if not context:
                continue
            words = _words(context).removesuffix("s")
            if words in contexts:
                bare = words in ("document", "document number", "doc")
                candidates += [(s, e, bare) for s, e in frame.leaves]
                return
            if words in word_set("names", "number_contexts"):
                # (a "value" there is an amount, an address, a version as often: {"contract": {"value": "150000.00"}})
                candidates += [(s, e, None) for s, e in frame.numbers]
                return
