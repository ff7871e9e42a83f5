"""Encoded copies of known values, found by encoding the values (not by decoding the text).

For each value the forms an encoder would print: base64 at each of the three alignments a value can take inside a
longer blob (the characters its bytes alone decide), with and without padding, in the standard and URL-safe
alphabets; hex in both cases; URL-encoding; JSON and ``\\uXXXX`` escaping. One Aho-Corasick automaton finds them all
in one pass, and the runs of the base64 and hex alphabets by one scan each: linear in the text, whatever the number of
values. A base64 or hex hit masks the whole run of its alphabet around it (the neighbouring characters carry bits of
the value too); an escaped form masks itself. Values longer than :data:`MAX_VALUE` are the decoding search's.
"""

from __future__ import annotations

import base64
import bisect
import functools
import ipaddress
import json
from collections.abc import Mapping
from types import MappingProxyType
from urllib.parse import quote, quote_plus

import ahocorasick
import regex

from ..spans import Span

MIN_FORM = 6  # shorter forms occur by chance in unrelated blobs
# longer values are left to the decoding search (detect/encoded.py): their copies are blobs long enough to decode,
# and an automaton of very long words is what pyahocorasick handles worst
MAX_VALUE = 64
# the runs a base64 or hex form is masked with: the whole token of its alphabet (padding only at its end)
_RUNS = {"base64": regex.compile(r"[A-Za-z0-9+/_-]+={0,2}"), "hex": regex.compile(r"[0-9A-Fa-f]+")}
# the same alphabets read backwards from a hit, to find where its run starts without scanning the whole text
_RUN_STARTS = {"base64": regex.compile(r"(?r)[A-Za-z0-9+/_-]*"), "hex": regex.compile(r"(?r)[0-9A-Fa-f]*")}
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


@functools.lru_cache(maxsize=8192)
def encoded_forms(value: str) -> Mapping[str, str]:
    """Each encoded form of ``value`` (at least :data:`MIN_FORM` characters, differing from it) -> its kind
    (``base64``, ``hex``, ``url``, ``json``, ``address``). Read-only: the result is shared."""
    data = value.encode("utf-8")
    forms: dict[str, str] = {}
    for f in _base64_cores(data):
        forms.setdefault(f, "base64")
    forms.setdefault(data.hex(), "hex")
    forms.setdefault(data.hex().upper(), "hex")
    for f in (quote(value, safe=""), quote_plus(value, safe=""), quote(value, safe="/:@")):
        forms.setdefault(f, "url")
    forms.setdefault(json.dumps(value)[1:-1], "json")
    # every character escaped, as UTF-16 code units (a character past the BMP is a surrogate pair)
    if (packed := _ipv4_packed(value)) is not None:
        # an address as ISP and cloud host names spell it: its four bytes in hex (p6dc4c2f2.dip0.t-ipconnect.de),
        # its numbers joined by hyphens (ip-81-2-3-4, 81-2-3-4.dyn.example.net)
        forms.setdefault(packed.hex(), "hex")
        forms.setdefault(packed.hex().upper(), "hex")
        forms.setdefault("-".join(map(str, packed)), "address")
    units = value.encode("utf-16-be")
    forms.setdefault("".join(f"\\u{units[i]:02x}{units[i + 1]:02x}" for i in range(0, len(units), 2)), "json")
    return MappingProxyType({f: k for f, k in forms.items() if len(f) >= MIN_FORM and f != value})


def _ipv4_packed(value: str) -> bytes | None:
    """The four bytes of a dotted IPv4 address, or None."""
    try:
        return ipaddress.IPv4Address(value).packed
    except ValueError:
        return None


class EncodedFormFinder:
    """Finds the encoded forms of a fixed set of values (value -> the span that found it or its category). Built
    whole in the constructor: one finder may be shared by threads."""

    def __init__(self, values: Mapping[str, Span]) -> None:
        self.automaton: ahocorasick.Automaton | None = None
        entries: dict[str, tuple[str, Span]] = {}
        for value, span in values.items():
            if len(value) > MAX_VALUE:
                continue
            for form, kind in encoded_forms(value).items():
                entries.setdefault(form, (kind, span))
        if entries:
            automaton = ahocorasick.Automaton()
            for form, (kind, span) in entries.items():
                automaton.add_word(form, (form, kind, span))
            automaton.make_automaton()
            self.automaton = automaton

    def spans(self, text: str) -> list[Span]:
        """The encoded forms in ``text``: a base64 or hex form masks the whole run of its alphabet around it (each run
        read once, so the search stays linear), an escape masks itself."""
        if self.automaton is None:
            return []
        out: list[Span] = []
        # the runs found so far per alphabet, sorted by start: a hit inside a known run is not read again, so a
        # long run with many hits costs its length once
        runs: dict[str, tuple[list[int], list[int], list[bool]]] = {}
        for end_idx, (form, kind, span) in self.automaton.iter(text):
            start, end = end_idx - len(form) + 1, end_idx + 1
            if kind in _RUNS:
                starts, ends, masked = runs.setdefault(kind, ([], [], []))
                k = bisect.bisect_right(starts, start) - 1
                if k < 0 or start >= ends[k]:
                    m = _RUN_STARTS[kind].match(text, 0, start)
                    left = m.start() if m else start
                    run = _RUNS[kind].match(text, left)
                    k = bisect.bisect_right(starts, left)
                    starts.insert(k, left)
                    ends.insert(k, run.end() if run else start)
                    masked.insert(k, False)
                if masked[k] or ends[k] < end:
                    continue
                masked[k] = True
                start, end = starts[k], ends[k]
            out.append(Span(start, end, span.category, f"repeat:{kind}:{span.detector}", span.score))
        return out
