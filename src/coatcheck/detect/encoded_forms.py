"""Encoded copies of known values, found by encoding the values (not by decoding the text).

For each value the forms an encoder would print: base64 at each of the three alignments a value can take inside a
longer blob (the characters its bytes alone decide), with and without padding, in the standard and URL-safe
alphabets; hex in both cases; URL-encoding; JSON and ``\\uXXXX`` escaping. One Aho-Corasick automaton finds them all
in one pass: linear in the text, whatever the number of values. A base64 or hex hit masks the whole run of its
alphabet around it (the neighbouring characters carry bits of the value too); an escaped form masks itself.
"""

from __future__ import annotations

import base64
import json
from collections.abc import Mapping
from urllib.parse import quote, quote_plus

import ahocorasick
import regex

from ..spans import Span

MIN_FORM = 6  # shorter forms occur by chance in unrelated blobs
# longer values are left to the decoding search (detect/encoded.py): their copies are blobs long enough to decode,
# and an automaton of very long words is what pyahocorasick handles worst
MAX_VALUE = 64
_B64_RUN = regex.compile(r"[A-Za-z0-9+/_-]+={0,2}")
_HEX_RUN = regex.compile(r"[0-9A-Fa-f]+")
_URLSAFE = str.maketrans("+/", "-_")


def _base64_cores(data: bytes) -> set[str]:
    """The base64 characters ``data`` decides alone, at offsets 0, 1 and 2 of a 3-byte group, plus its own
    padded and unpadded encodings."""
    out: set[str] = set()
    whole = base64.b64encode(data).decode()
    out |= {whole, whole.rstrip("=")}
    for k in (0, 1, 2):
        enc = base64.b64encode(b"\0" * k + data).decode().rstrip("=")
        first = -(-8 * k // 6)  # the characters with a bit of the unknown bytes before are left out …
        last = 8 * (k + len(data)) // 6  # … and so is the last one with a bit of the unknown bytes after
        out.add(enc[first:last])
    return out | {f.translate(_URLSAFE) for f in out}


def encoded_forms(value: str) -> dict[str, str]:
    """Each encoded form of ``value`` (at least :data:`MIN_FORM` characters, differing from it) -> its kind
    (``base64``, ``hex``, ``url``, ``json``)."""
    data = value.encode("utf-8")
    forms: dict[str, str] = {}
    for f in _base64_cores(data):
        forms.setdefault(f, "base64")
    forms.setdefault(data.hex(), "hex")
    forms.setdefault(data.hex().upper(), "hex")
    for f in (quote(value, safe=""), quote_plus(value, safe=""), quote(value, safe="/:@")):
        forms.setdefault(f, "url")
    forms.setdefault(json.dumps(value)[1:-1], "json")
    forms.setdefault("".join(f"\\u{ord(c):04x}" for c in value), "json")
    return {f: k for f, k in forms.items() if len(f) >= MIN_FORM and f != value}


class EncodedFormFinder:
    """Finds the encoded forms of a fixed set of values (value -> the span that found it or its category)."""

    def __init__(self, values: Mapping[str, Span]) -> None:
        self.automaton: ahocorasick.Automaton | None = None
        entries: dict[str, tuple[str, Span]] = {}
        for value, span in values.items():
            if len(value) > MAX_VALUE:
                continue
            for form, kind in encoded_forms(value).items():
                entries.setdefault(form, (kind, span))
        if entries:
            self.automaton = ahocorasick.Automaton()
            for form, (kind, span) in entries.items():
                self.automaton.add_word(form, (form, kind, span))
            self.automaton.make_automaton()

    def spans(self, text: str) -> list[Span]:
        if self.automaton is None:
            return []
        out: list[Span] = []
        last_run = (-1, -1)
        for end_idx, (form, kind, span) in self.automaton.iter(text):
            start, end = end_idx - len(form) + 1, end_idx + 1
            if kind in ("base64", "hex"):
                start, end = _run(text, start, end, _B64_RUN if kind == "base64" else _HEX_RUN)
                if (start, end) == last_run:
                    continue
                last_run = (start, end)
            out.append(Span(start, end, span.category, f"repeat:{kind}:{span.detector}", span.score))
        return out


def _run(text: str, start: int, end: int, alphabet: regex.Pattern[str]) -> tuple[int, int]:
    """The whole run of ``alphabet`` characters around ``text[start:end]`` (bounded: 4,096 each way)."""
    lo = start
    while lo > 0 and start - lo < 4096 and alphabet.fullmatch(text[lo - 1]):
        lo -= 1
    hi = end
    while hi < len(text) and hi - end < 4096 and (alphabet.fullmatch(text[hi]) or text[hi] == "="):
        hi += 1
    return lo, hi


