"""A normalised view of a text (NFKC, zero-width characters removed, homoglyphs folded)
whose offsets map back to the original, so that ``ghp_…`` written with a Cyrillic ``р`` or
split by a zero-width space is still found, and masked in the original text."""

from __future__ import annotations

import re
import unicodedata
from bisect import bisect_right
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Protocol

ZERO_WIDTH = frozenset("\u200b\u200c\u200d\u2060\ufeff\u00ad\u180e\u2061\u2062\u2063\u2064")

# Common confusables (Cyrillic, Greek, fullwidth handled by NFKC) folded to ASCII.
HOMOGLYPHS = str.maketrans(
    {
        "а": "a", "в": "B", "е": "e", "к": "k", "м": "M", "н": "H", "о": "o", "р": "p", "с": "c", "т": "T",
        "у": "y", "х": "x", "ѕ": "s", "і": "i", "ј": "j", "ԁ": "d", "ɡ": "g", "һ": "h", "ӏ": "l", "ԛ": "q",
        "ԝ": "w", "А": "A", "В": "B", "Е": "E", "К": "K", "М": "M", "Н": "H", "О": "O", "Р": "P", "С": "C",
        "Т": "T", "Х": "X", "У": "Y", "І": "I", "Ј": "J", "Ѕ": "S", "ο": "o", "α": "a", "ε": "e", "ι": "i",
        "κ": "k", "ν": "v", "ρ": "p", "τ": "t", "υ": "u", "χ": "x", "Α": "A", "Β": "B", "Ε": "E", "Ζ": "Z",
        "Η": "H", "Ι": "I", "Κ": "K", "Μ": "M", "Ν": "N", "Ο": "O", "Ρ": "P", "Τ": "T", "Υ": "Y", "Χ": "X",
        "‐": "-", "‑": "-", "‒": "-", "–": "-", "—": "-", "−": "-", "＠": "@", "﹫": "@", "․": ".", "。": ".",
    }
)
_FOLD_CHARS = frozenset(k for k in HOMOGLYPHS if isinstance(k, int)) | frozenset(
    ord(c) for c in ZERO_WIDTH
)


# Folds that matter to the model: its tokenizer applies NFKC and turns every space character into a space itself,
# so the normalised view tells it something new only where letters change (homoglyphs, zero-width characters inside
# a word, compatibility letters such as fullwidth or mathematical ones), not dashes, dots or spaces.
_MODEL_FOLD = frozenset(k for k in HOMOGLYPHS if isinstance(k, int) and chr(k).isalpha()) | frozenset(ord(c) for c in ZERO_WIDTH)


@dataclass(frozen=True)
class NormalizedView:
    """``text`` is the normalised string; ``origin[i]`` is the original index of ``text[i]``."""

    text: str
    origin: list[int]

    def to_original(self, start: int, end: int) -> tuple[int, int]:
        return self.origin[start], self.origin[end - 1] + 1


def needs_view(text: str) -> bool:
    """False for the common case (ASCII, or already NFKC with nothing to fold): skip the view."""
    if text.isascii():
        return False
    if not unicodedata.is_normalized("NFKC", text):
        return True
    return any(ord(c) in _FOLD_CHARS for c in text if ord(c) > 127)


def needs_model_view(text: str) -> bool:
    """True when the normalised view of ``text`` differs from it in letters, not only in spaces or punctuation:
    the model, whose tokenizer normalises NFKC and spaces itself, reads that view only then."""
    if text.isascii():
        return False
    for c in text:
        if ord(c) <= 127:
            continue
        if ord(c) in _MODEL_FOLD:
            return True
        n = unicodedata.normalize("NFKC", c)
        if n != c and any(x.isalnum() or ord(x) in _MODEL_FOLD for x in n):
            return True
    return False


_NON_ASCII = re.compile(r"[^\x00-\x7f]")


def normalized_view(text: str) -> NormalizedView:
    out: list[str] = []
    origin: list[int] = []
    pos = 0
    for m in _NON_ASCII.finditer(text):  # ASCII runs are copied whole; only other characters are looked at
        i = m.start()
        out.append(text[pos:i])
        origin.extend(range(pos, i))
        ch = text[i]
        if ch not in ZERO_WIDTH:
            n = unicodedata.normalize("NFKC", ch).translate(HOMOGLYPHS)
            out.append(n)
            origin.extend([i] * len(n))
        pos = i + 1
    out.append(text[pos:])
    origin.extend(range(pos, len(text)))
    return NormalizedView("".join(out), origin)


_ESCAPE = re.compile(
    r"""\\(?:u[0-9a-fA-F]{4}|x[0-9a-fA-F]{2}|[nrt"'\\/bf])|&\#(?:[0-9]{2,7}|[xX][0-9a-fA-F]{2,6});|&(?:amp|lt|gt|quot|apos|commat|period|colon|plus|nbsp);"""
)
_ENTITIES = {"amp": "&", "lt": "<", "gt": ">", "quot": '"', "apos": "'", "commat": "@", "period": ".", "colon": ":",
             "plus": "+", "nbsp": " "}
_SIMPLE = {"n": "\n", "r": "\r", "t": "\t", '"': '"', "'": "'", "\\": "\\", "/": "/", "b": "\b", "f": "\f"}


@dataclass(frozen=True)
class UnescapedView:
    """``text`` with JSON/C string escapes (``\\n``, ``\\"``, ``\\u00e9``, ``\\x41``) and HTML character references
    (``&#115;``, ``&#x73;``, ``&commat;``) decoded, up to two layers
    (JSON inside a JSON string); ``spans[i]`` is the original ``(start, end)`` that ``text[i]`` came from."""

    text: str
    spans: list[tuple[int, int]]

    def to_original(self, start: int, end: int) -> tuple[int, int]:
        return self.spans[start][0], self.spans[end - 1][1]


def needs_unescaped_view(text: str) -> bool:
    """True when ``text`` holds a string escape (a tool call's ``new_string``, a ``.ipynb`` cell, escaped JSON)
    or an HTML character reference (``&#115;&#107;…``, ``&commat;``), or a ZPL label's fields (``^FD…^FS``)."""
    return ("\\" in text or "&" in text) and _ESCAPE.search(text) is not None or ("^FD" in text or "^FV" in text) and "^FS" in text


def rewrite(text: str, pattern: re.Pattern[str],
            replace: Callable[[re.Match[str]], Iterable[tuple[str, tuple[int, int]]]]) -> tuple[str, list[tuple[int, int]]]:
    """``text`` with each match of ``pattern`` replaced by the characters ``replace`` gives for it, and for every
    character of the result the ``(start, end)`` of ``text`` it came from. The offset map behind every view."""
    out: list[str] = []
    spans: list[tuple[int, int]] = []
    pos = 0
    for m in pattern.finditer(text):
        out.extend(text[pos : m.start()])
        spans.extend((i, i + 1) for i in range(pos, m.start()))
        for ch, span in replace(m):
            out.append(ch)
            spans.append(span)
        pos = m.end()
    out.extend(text[pos:])
    spans.extend((i, i + 1) for i in range(pos, len(text)))
    return "".join(out), spans


def _unescaped_char(m: re.Match[str]) -> Iterable[tuple[str, tuple[int, int]]]:
    esc = m.group()
    if esc[0] == "&":
        if esc[1] == "#":
            num = esc[2:-1]
            code = int(num[1:], 16) if num[:1] in "xX" else int(num)
            ch = chr(code) if 0 < code < 0x110000 else "\ufffd"
        else:
            ch = _ENTITIES[esc[1:-1]]
    elif esc[1] in "ux":
        ch = chr(int(esc[2:], 16))
    else:
        ch = _SIMPLE[esc[1]]
    return [(ch, m.span())]


# The opening quote of a JSON string value whose text runs over lines ("output": "root:x:0:0…\nbin:x:1:1…"): its
# first line starts at the quote, so the view starts it on a line of its own, as the tool printed it. The look-ahead
# is bounded, so that many unclosed quotes cost linear time.
_MULTILINE_STRING = re.compile(r'(?:(?<=[:\[,])|(?<=[:\[,] ))"(?=(?:[^"\\\n]|\\[^n\n]){0,2000}\\n)')
# A ZPL label's commands (a label printer's ^XA … ^XZ): a field's data (^FD … ^FS) read as a line of its own, the
# commands that place and style it (^FO20,48, ^A0N,22,22, ^CI28, ^BQN,2,4) as nothing ("^FDDOB 27/03/1983^FS" is
# "DOB 27/03/1983" on its line)
_ZPL = re.compile(r"\^F[DVS]|\^(?!F[DVS])[A-Z@][A-Z0-9@][^\^\n]{0,40}(?=\^)")
_ESCAPE_OR_OPENING = re.compile(f"{_MULTILINE_STRING.pattern}|{_ESCAPE.pattern}|{_ZPL.pattern}")


def _unescaped_or_opening(m: re.Match[str]) -> Iterable[tuple[str, tuple[int, int]]]:
    if m.group() == '"':
        return [('"', m.span()), ("\n", m.span())]
    if m.group()[0] == "^":
        return [("\n", m.span())] if m.group()[1] == "F" and m.group()[2] in "DVS" else []
    return _unescaped_char(m)


def _unescape_once(text: str) -> tuple[str, list[tuple[int, int]]]:
    return rewrite(text, _ESCAPE_OR_OPENING, _unescaped_or_opening)


def unescaped_view(text: str) -> UnescapedView:
    first, spans = _unescape_once(text)
    if needs_unescaped_view(first):
        second, inner = _unescape_once(first)
        spans = [(spans[a][0], spans[b - 1][1]) for a, b in inner]
        first = second
    return UnescapedView(first, spans)


# Five or more single characters each followed by one space: "a l i c e @ a c m e . c o m", "+ 4 9 3 0 1 2 …".
_SPACED_OUT = re.compile(r"(?<!\S)(?:\S[ \u00a0]){4,}\S(?!\S)")


def needs_despaced_view(text: str) -> bool:
    """True when ``text`` holds a value spelled out one character at a time."""
    return _SPACED_OUT.search(text) is not None


def despaced_view(text: str) -> UnescapedView:
    """``text`` with the spaces inside spelled-out runs removed (``a l i c e @ …`` → ``alice@…``); offsets map
    back so that a hit masks the whole spelled-out run's characters."""

    def letters(m: re.Match[str]) -> Iterable[tuple[str, tuple[int, int]]]:
        return [(text[i], (i, i + 2 if i + 2 < m.end() else i + 1)) for i in range(m.start(), m.end(), 2)]

    return UnescapedView(*rewrite(text, _SPACED_OUT, letters))


class View(Protocol):
    """A rewritten text whose spans map back to the original."""

    @property
    def text(self) -> str: ...

    def to_original(self, start: int, end: int) -> tuple[int, int]: ...


# Blocks are runs of lines between blank lines: what a key, a value and a table's header share.
_BLOCK_BREAK = re.compile(r"\n[ \t\r]*\n")
_JOIN = "\n\n"


@dataclass(frozen=True)
class PartialView:
    """A view built only over the blocks of a text that need it, joined by blank lines. Detectors read ``text``;
    ``to_original`` maps through the view of the block where a span starts (and where it ends)."""

    text: str
    starts: list[int]  # where each block's view starts in ``text``
    bases: list[int]  # where each block starts in the original
    views: list[View]

    def _at(self, i: int) -> tuple[int, int]:
        k = max(0, bisect_right(self.starts, i) - 1)
        local = i - self.starts[k]
        size = len(self.views[k].text)
        if local >= size:  # in the blank line between two blocks: the next block's first character
            k, local = min(k + 1, len(self.views) - 1), 0 if k + 1 < len(self.views) else size - 1
        return k, local

    def to_original(self, start: int, end: int) -> tuple[int, int]:
        k, a = self._at(start)
        j, b = self._at(max(start, end - 1))
        return (self.bases[k] + self.views[k].to_original(a, a + 1)[0],
                self.bases[j] + self.views[j].to_original(b, b + 1)[1])


def blocks(text: str) -> list[tuple[int, int]]:
    """``(start, end)`` of every block of ``text`` (its lines between blank lines)."""
    out, pos = [], 0
    for m in _BLOCK_BREAK.finditer(text):
        out.append((pos, m.start() + 1))
        pos = m.end()
    out.append((pos, len(text)))
    return [(s, e) for s, e in out if e > s]


def partial_view(text: str, needed: Callable[[str], bool], build: Callable[[str], View]) -> View | None:
    """The view ``build`` makes, over only the blocks of ``text`` that ``needed`` says need it (None when none
    does): a long agent transcript with one fullwidth character or one escaped JSON string gets a view of that
    block, not a second copy of the whole text to run every detector over."""
    chosen = [(s, e) for s, e in blocks(text) if needed(text[s:e])]
    if not chosen:
        return None
    if len(chosen) == 1 and chosen[0] == (0, len(text)):
        return build(text)
    parts: list[str] = []
    starts: list[int] = []
    views: list[View] = []
    pos = 0
    for s, e in chosen:
        v = build(text[s:e])
        starts.append(pos)
        views.append(v)
        parts.append(v.text)
        pos += len(v.text) + len(_JOIN)
    return PartialView(_JOIN.join(parts), starts, [s for s, _ in chosen], views)
