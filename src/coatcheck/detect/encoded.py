"""Decoded views: values hidden in base64, URL-encoding or hex.

A base64 or hex blob that decodes to readable text is scanned by the inner detectors; a hit masks the
whole encoded blob (its category taken from the hit). URL-encoded runs are decoded with an offset map,
so a hit masks exactly the encoded characters of the value.
"""

from __future__ import annotations

import base64
import binascii
import codecs
import itertools
from collections.abc import Callable, Sequence
from dataclasses import replace
from functools import lru_cache

import regex

from ..normalize import rewrite
from ..spans import Span
from .vocabulary import identifier_words, is_credential_key

# A blob may start right after "=" (KEY=blob): padding only ends a blob, it never starts one.
_B64 = regex.compile(r"(?<![A-Za-z0-9+/_-])[A-Za-z0-9+/_-]{12,}={0,2}(?![A-Za-z0-9+/=_-])")
# possessive: backtracking into a long run cannot change the outcome (every shorter even prefix is followed by a
# hex digit) and made the search quadratic in the run's length
_HEX = regex.compile(r"(?<![0-9A-Za-z])(?:[0-9a-fA-F]{2}){8,}+(?![0-9A-Za-z])")
# Runs are whole whitespace/quote-delimited words that hold a %HH escape. Found as words first, then checked:
# a pattern with the escape in the middle (``[^\s]*%HH[^\s]*``) backtracks over every start of a long line.
_WORD_RUN = regex.compile(r"[^\s\"'<>]+")
_PCT = regex.compile(r"%([0-9A-Fa-f]{2})")  # "+" stays literal: it is a space only in form bodies
_PCT_FORM = regex.compile(r"%([0-9A-Fa-f]{2})|\+")
_FORM_BODY = regex.compile(r"[\w.\[\]-]{1,60}=[^&\s]*(?:&[\w.\[\]-]{1,60}=[^&\s]*)+$")
# A Kubernetes Secret's data values (YAML "key: blob" or JSON "key": "blob") are masked whole whatever they
# decode to (the manifest says they are secret), except a short plain setting (mode: "prod", port: "5432")
# under a key that does not name a credential, and a placeholder or a service's account written in base64.
# Only the `data` block of a document that is a Secret counts: a YAML stream's other documents (a GitRepository's
# `branch: main`, a Provider's `channel: deploys`) are not the Secret's data.
_K8S_SECRET = regex.compile(r"""(?:kind["']?\s*:\s*["']?Secret\b)""")
_YAML_DOC_SEP = regex.compile(r"(?m)^---[ \t]*(?:#.*)?$")
_YAML_DATA = regex.compile(r"(?m)^(?P<i>[ \t]*)(?:-[ \t]+)?data:[ \t]*(?:#.*)?$")
_JSON_DATA = regex.compile(r'"data"\s*:\s*\{[^{}]*\}')
_K8S_VALUE = regex.compile(
    r"""(?m)(?:^[ \t]+(?P<k>[\w.-]+):[ \t]*|"(?P<j>[\w.-]+)"\s*:\s*")(?P<v>[A-Za-z0-9+/]{4,}={0,2})(?=["\s,}]|$)"""
)
# the last word of a key naming a login (POSTGRES_USER, db-user, username)
_USER_KEYS = frozenset({"user", "username", "usr", "login", "userid", "account", "uid"})
_NESTED_DEPTH = 2
SECRET_DATA = "encoded:k8s-secret-data"


def _readable(data: bytes) -> str | None:
    try:
        s = data.decode("utf-8")
    except UnicodeDecodeError:
        return None
    if len(s) < 6:
        return None
    printable = sum(c.isprintable() or c in "\n\r\t" for c in s)
    return s if printable >= 0.95 * len(s) else None


def base64_bytes(blob: str) -> bytes | None:
    """The bytes of base64 or base64url (``-``/``_``), padding optional, or None if it is not."""
    core = blob.rstrip("=")
    if len(core) % 4 == 1:
        return None
    padded = core + "=" * (-len(core) % 4)
    try:
        if "-" in core or "_" in core:
            return base64.urlsafe_b64decode(padded)
        return base64.b64decode(padded, validate=True)
    except (binascii.Error, ValueError):
        return None


def decode_base64(blob: str) -> str | None:
    """The text a base64/base64url blob decodes to, if it is readable text."""
    data = base64_bytes(blob)
    return _readable(data) if data is not None else None


def decode_hex(blob: str) -> str | None:
    try:
        return _readable(bytes.fromhex(blob))
    except ValueError:
        return None


def decode_percent(run: str, form: bool = False) -> tuple[str, list[tuple[int, int]]]:
    """The URL-decoded text and, for each decoded character, the ``(start, end)`` it came from in ``run``; a
    multi-byte character maps to all of its escapes. ``form``: a form body's, where "+" is a space."""
    decoder = codecs.getincrementaldecoder("utf-8")("replace")
    first = -1

    def decoded(m: regex.Match[str]) -> list[tuple[str, tuple[int, int]]]:
        nonlocal first
        if m.group() == "+":
            return [(" ", m.span())]
        if first < 0:
            first = m.start()
        chars = decoder.decode(bytes([int(m.group(1), 16)]))
        span = (first, m.end())
        if chars:
            first = -1
        return [(ch, span) for ch in chars]

    return rewrite(run, _PCT_FORM if form else _PCT, decoded)


def form_body(run: str) -> bool:
    """``run`` is an application/x-www-form-urlencoded body (``a=1&b=x+y``): its "+" are spaces."""
    return "&" in run and "+" in run and _FORM_BODY.match(run) is not None


def _pct_runs(text: str):
    """(word, is a form body) of each word holding at least one ``%HH`` escape, or a form body's ``+`` (linear in the
    text)."""
    if "%" not in text and "+" not in text:
        return
    for m in _WORD_RUN.finditer(text):
        form = form_body(m.group())
        if form or ("%" in m.group() and _PCT.search(m.group())):
            yield m, form


@lru_cache(maxsize=4)  # the detector and the encoded-copy search ask for the same text's blobs one after the other
def _blobs(text: str) -> tuple[tuple[int, int, str, bool], ...]:
    """(start, end, decoded, is base64) for every base64 / hex blob that decodes to readable text."""
    out = []
    for pattern, decode in ((_B64, decode_base64), (_HEX, decode_hex)):
        for m in pattern.finditer(text):
            decoded = decode(m.group())
            if decoded is not None:
                out.append((m.start(), m.end(), decoded, pattern is _B64))
    return tuple(out)


def _yaml_block_end(text: str, start: int, indent: int) -> int:
    """Where the block of lines after ``start`` indented deeper than ``indent`` characters ends."""
    pos = start
    while pos < len(text):
        nl = text.find("\n", pos)
        line = text[pos:] if nl < 0 else text[pos:nl]
        if line.strip() and len(line) - len(line.lstrip(" \t")) <= indent:
            return pos
        if nl < 0:
            return len(text)
        pos = nl + 1
    return pos


def _secret_data_regions(text: str) -> list[tuple[int, int]]:
    """(start, end) of every ``data`` block that belongs to a Secret: in a YAML stream, within a document (between
    ``---`` lines) that says ``kind: Secret``; in JSON, a ``"data": {…}`` object of a text that does."""
    regions: list[tuple[int, int]] = []
    bounds = [0, *(m.end() for m in _YAML_DOC_SEP.finditer(text)), len(text)]
    for a, b in itertools.pairwise(bounds):
        if not _K8S_SECRET.search(text, a, b):
            continue
        for m in _YAML_DATA.finditer(text, a, b):
            body = m.end() + 1
            regions.append((body, min(b, _yaml_block_end(text, body, m.group().index("data")))))
        regions.extend(m.span() for m in _JSON_DATA.finditer(text, a, b))
    return regions


def _decoded_category(decoded: str | None, key: str) -> str | None:
    """What a Secret's value is once decoded: ``username`` under a user key (unless a service's account),
    nothing for a placeholder's shape or a short plain setting, else ``secret`` (binary included)."""
    from .keep import is_service_username, is_templated, placeholder_shape

    if decoded is None or not decoded.strip() or not decoded.strip().isprintable():
        return "secret"
    value = decoded.strip()
    # only a placeholder's shape (<GITHUB_TOKEN>, ${X}, xxxx, REPLACE_ME): a word like "mypassword" in a live
    # Secret is that Secret's weak password, not documentation
    if placeholder_shape(value) or is_templated(value, 0, len(value)):
        return None
    words = identifier_words(key.replace("-", "_"))
    if words and words[-1].lower() in _USER_KEYS:
        return None if is_service_username(value, 0, len(value)) else "username"
    if len(value) < 8 and not is_credential_key(key):
        return None
    return "secret"


@lru_cache(maxsize=4)
def secret_data_values(text: str) -> tuple[tuple[int, int, str | None], ...]:
    """(start, end, category or None to keep) of every base64 value in a Kubernetes Secret's ``data`` block, as
    decided by the value decoded; the pipeline drops what other stages found there."""
    if "Secret" not in text or not _K8S_SECRET.search(text):
        return ()
    out = []
    for a, b in _secret_data_regions(text):
        for m in _K8S_VALUE.finditer(text, a, b):
            data = base64_bytes(m.group("v"))  # a Secret may hold binary: a keystore, a DER key
            if data is None:
                continue
            try:
                decoded: str | None = data.decode("utf-8")
            except UnicodeDecodeError:
                decoded = None
            out.append((m.start("v"), m.end("v"), _decoded_category(decoded, m.group("k") or m.group("j") or "")))
    return tuple(out)


class EncodedDetector:
    """Runs ``inner`` on decoded views of base64, hex and percent-encoded runs. ``produces``: what ``inner`` produce
    that ``is_dangerous`` lets through, and ``secret`` (a Kubernetes Secret's data)."""

    name = "encoded"

    def __init__(self, inner: Sequence[Callable[[str], list[Span]]], is_dangerous: Callable[[str], bool],
                 produces: frozenset[str] = frozenset({"secret"})) -> None:
        self.inner = inner
        self.is_dangerous = is_dangerous
        self.produces = produces

    def _hits(self, text: str, depth: int = 0) -> list[Span]:
        """Dangerous spans in a decoded text, including those inside its own encoded parts (base64 of a
        URL-encoded e-mail), down to :data:`_NESTED_DEPTH` layers."""
        spans: list[Span] = []
        for detect in self.inner:
            spans.extend(s for s in detect(text) if self.is_dangerous(s.category))
        if depth + 1 < _NESTED_DEPTH:
            spans.extend(self.detect(text, depth + 1))
        return spans

    def detect(self, text: str, depth: int = 0) -> list[Span]:
        out: list[Span] = []
        if depth == 0:
            out.extend(Span(a, b, c, SECRET_DATA, 0.9) for a, b, c in secret_data_values(text) if c is not None)
        for start, end, decoded, is_b64 in _blobs(text):
            hits = self._hits(decoded, depth)
            if hits:
                best = max(hits, key=lambda s: s.score)
                kind = "base64" if is_b64 else "hex"
                out.append(Span(start, end, best.category, f"encoded:{kind}:{best.detector}", best.score))
        for m, form in _pct_runs(text):
            decoded, origin = decode_percent(m.group(), form)
            if decoded == m.group():
                continue
            for hit in self._hits(decoded, depth):
                s, e = origin[hit.start][0], origin[hit.end - 1][1]
                out.append(Span(m.start() + s, m.start() + e, hit.category, f"encoded:url:{hit.detector}", hit.score))
        return out


# Where a decoded text holds values already known to be sensitive: (start in the decoded text, value, the span it
# repeats), in order of preference.
Lookup = Callable[[str], list[tuple[int, str, Span]]]


def encoded_copies(text: str, lookups: Sequence[Lookup], blob_lookups: Sequence[Lookup] | None = None) -> list[Span]:
    """Encoded copies of known values: a base64/hex blob whose decoded text holds one is masked whole (as the first
    value the first of ``blob_lookups`` finds there; default ``lookups``); inside a URL-encoded run, exactly the
    encoded characters of each value's first occurrence."""
    out: list[Span] = []
    for start, end, decoded, is_b64 in (_blobs(text) if blob_lookups is None or blob_lookups else ()):
        for lookup in (lookups if blob_lookups is None else blob_lookups):
            hits = lookup(decoded)
            if hits:
                span = hits[0][2]
                out.append(replace(span, start=start, end=end, detector=f"repeat:{'base64' if is_b64 else 'hex'}:{span.detector}"))
                break
    for m, _ in _pct_runs(text):
        decoded, origin = decode_percent(m.group())  # known values are searched as URLs encode them, "+" kept
        if decoded == m.group():
            continue
        seen: set[str] = set()
        for lookup in lookups:
            for i, value, span in lookup(decoded):
                if value in seen:
                    continue
                seen.add(value)
                s, e = origin[i][0], origin[i + len(value) - 1][1]
                out.append(Span(m.start() + s, m.start() + e, span.category, f"repeat:url:{span.detector}", span.score))
    return out


_PEM_CONTENT = regex.compile(rb"-----BEGIN (?!.*PRIVATE)[A-Z0-9 ]+-----")
# file signatures: base64 of an image, archive, document, certificate or public key is content, not a key
_MAGIC = (b"\x89PNG", b"GIF8", b"\xff\xd8\xff", b"%PDF", b"PK\x03\x04", b"\x1f\x8b", b"RIFF", b"wOF", b"\x00\x01\x00\x00",
          b"<svg", b"<?xml", b"\x00\x00\x00\x0bssh-ed25519", b"\x00\x00\x00\x07ssh-rsa", b"\x00\x00\x00\x13ecdsa-sha2",
          b"0\x82", b"\x7fELF", b"BM")


def encoded_content(value: str) -> bool:
    """Base64 whose decoded bytes are readable text (the encoded-copy search reads that text for secrets) or begin
    with a file signature."""
    data = base64_bytes(value)
    return data is not None and (_readable(data) is not None or data.startswith(_MAGIC)
                                 or _PEM_CONTENT.match(data) is not None)
