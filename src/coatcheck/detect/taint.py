"""Tainted copies of known values: what a local shell transform leaves of a secret in command output.

Masking a session's known values verbatim is defeated by any trivial transform the agent runs on them: ``rev``,
``fold -w 4``, ``cut -c1-20``, ``tr a-z A-Z``, ``tr`` rot13, ``od -An -tu1``, ``xxd -p``, ``base64``, a glued
suffix. :class:`TaintFinder` finds any run of at least ``min_run`` characters (bytes, for the encodings) of a known
value in any of these forms:

- verbatim, reversed, rot13, rot13 + reversed: case-folded, split by whitespace at any width;
- hex, lower or upper case, bare or separated by whitespace, ``:``, ``,``, ``;``, ``-``, with ``0x``/``\\x``
  prefixes;
- decimal (``od -An -tu1``, ``104, 101, …``) and 3-digit octal (``od -An -to1``) byte lists;
- base64 and base64url at each of the 3 byte alignments, padded or not, wrapped or not.

How: every ``min_run``-gram of each form is a needle of one Aho-Corasick automaton per view; a view is a normalised
copy of the text (case-folded, whitespace and hex separators removed, number lists turned into bytes) with a map
back to the original offsets. Hits are merged, extended as far as the value's form goes on matching, and mapped
back to spans of the original text that cover the whole region, whitespace inside it included.

Precision (``bench/taint_precision.py``: 0 false spans in 15 MB of code, docs and ``git log -p`` for 100 random
tokens and 30 word+digit passwords):

- a low-entropy run (a word or glued words, letterless runs shorter than 12, a keyboard walk, fewer than 4 distinct
  characters) is no needle: the window is lengthened until it is not weak (:func:`is_weak_run`); a found run is
  still extended over the weak parts of the value;
- dropping whitespace glues words into runs nobody wrote (``this package`` in a password ``Thispackage42``): in
  the folded views a run across whitespace counts only when it is ``2 * min_run`` long or the whole value.
"""

from __future__ import annotations

import base64
import re
import string
from bisect import bisect_right
from collections.abc import Collection, Iterator, Mapping
from dataclasses import dataclass
from functools import cache

import ahocorasick

from ..spans import Span, resolve

DETECTOR = "taint"

_LOWER = str.maketrans(string.ascii_uppercase, string.ascii_lowercase)
_ROT13 = str.maketrans(string.ascii_lowercase, string.ascii_lowercase[13:] + string.ascii_lowercase[:13])
_SPACE = re.compile(r"\s+")
_NON_SPACE = re.compile(r"\S+")
# A hex run, whole "0x"/"\x" items first so that the "0" of "0x" is not taken for a digit; separators between runs.
_HEX_REGION = re.compile(r"(?:(?:(?:\\x|0x)[0-9a-f]+|[0-9a-f]+)[\s:,;\-]*)+")
_HEX_ITEM = re.compile(r"(?:\\x|0x)?([0-9a-f]+)")
_DIGITS = re.compile(r"\d+")
_LETTER = re.compile(r"[^\W\d_]")
_BREAK = "\uffff"  # between number lists in a byte view: never part of a needle
# A weak run may be lengthened by up to this many characters to become a needle (see _strong_windows).
_EXTRA = 8
# Sources kept per needle for extending a hit: one in practice (two values sharing a run are rare).
_MAX_SOURCES = 4
# Keyboard walks and alphabet runs that passwords are made of (checked both ways).
_WALKS = ("abcdefghijklmnopqrstuvwxyz", "01234567890", "qwertyuiop", "asdfghjkl", "zxcvbnm", "qwertzuiop",
          "azertyuiop", "1qaz2wsx3edc4rfv", "1q2w3e4r5t6y")
# Runs with no letter (digits, dates, IPs, version numbers, times) are common in logs and code: they need 12.
_LETTERLESS_MIN = 12
_MIN_DISTINCT = 4  # "aaaaaaaa", "abababab", "12121212" are not evidence of anything
# Names are words passwords are made of (and the gazetteers hold many English words: Sunshine, Summer); short ones
# would let too many random letter runs pass for glued words.
_NAME_MIN = 5
# The words most passwords are built on that neither the prose nor the name lists hold. (Data: to move to
# data/keep/ beside the other word lists when this module is wired in.)
_PASSWORD_WORDS = ("password", "passw0rd", "letmein", "monkey", "dragon", "football", "baseball", "soccer",
                   "hockey", "shadow", "master", "sunshine", "princess", "superman", "batman", "iloveyou",
                   "trustno", "starwars", "whatever", "freedom", "welcome", "qwerty", "secret", "admin",
                   "login", "hello", "cheese", "cookie", "butterfly", "chocolate", "computer", "internet",
                   "summer", "winter", "spring", "autumn", "flower", "purple", "orange", "banana", "tiger",
                   "killer", "hunter", "ranger", "buster", "pepper", "ginger", "maggie", "cowboy", "mustang",
                   "corvette", "ferrari", "harley", "yankees", "lakers", "liverpool", "arsenal", "chelsea")


@cache
def _lexicon() -> tuple[frozenset[str], frozenset[str], frozenset[str], frozenset[str]]:
    """Words of the bundled English prose, code and common word lists, their prefixes, their suffixes, and their
    inner runs of 8 or more letters."""
    from .._data import word_list

    names = {w for w in word_list("first_names") | word_list("last_names") if len(w) >= _NAME_MIN}
    words = frozenset(w.lower() for w in word_list("prose_words") | word_list("code_words")
                      | word_list("common_words_lower") | names | set(_PASSWORD_WORDS) if w.isalpha() and w.isascii())
    prefixes = frozenset(w[:i] for w in words for i in range(1, len(w) + 1))
    suffixes = frozenset(w[i:] for w in words for i in range(len(w)))
    inner = frozenset(w[i:j] for w in words for i in range(len(w)) for j in range(i + 8, len(w) + 1))
    return words, prefixes, suffixes, inner


@cache
def _walk_runs() -> frozenset[str]:
    """Every run of 4 or more characters of a keyboard or alphabet walk, either way."""
    walks = list(_WALKS) + [w[::-1] for w in _WALKS]
    return frozenset(w[i:j] for w in walks for i in range(len(w)) for j in range(i + 4, len(w) + 1))


def _wordy(s: str) -> bool:
    """``s`` (lower-case letters) is what words written one after another hold: the end of a word, whole words,
    the start of a word (``deEncode`` of ``UnicodeEncodeError``; ``languageLa`` of ``LanguageLayer``). A password
    made of words shares such runs with code and prose; a random token rarely does."""
    words, prefixes, suffixes, inner = _lexicon()
    n = len(s)
    if s in inner or s in suffixes or s in prefixes:
        return True
    reach = [i > 0 and s[:i] in suffixes for i in range(n + 1)]
    for i in range(1, n):
        if not reach[i]:
            continue
        if s[i:] in prefixes:
            return True
        for j in range(i + 1, n + 1):
            if s[i:j] in words:
                reach[j] = True
    return reach[n]


def is_weak_run(run: str) -> bool:
    """True when ``run`` (a piece of a value, or of its bytes read as Latin-1) is too plain to be a needle: fewer
    than 4 distinct characters, no letter and shorter than 12, a piece of a keyboard or alphabet walk, or letters
    only that words hold, one word or several glued (:func:`_wordy`)."""
    s = run.translate(_LOWER)
    if len(set(s)) < _MIN_DISTINCT:
        return True
    if len(s) < _LETTERLESS_MIN and _LETTER.search(s) is None:
        return True
    if s in _walk_runs():
        return True
    return s.isascii() and s.isalpha() and _wordy(s)


def _strong_windows(s: str, n: int) -> Iterator[tuple[int, int]]:
    """For each start in ``s``, the shortest window of at least ``n`` characters (and at most n + _EXTRA) that is
    not weak, if any."""
    for i in range(len(s) - n + 1):
        for j in range(i + n, min(len(s), i + n + _EXTRA) + 1):
            if not is_weak_run(s[i:j]):
                yield i, j
                break


def _b64_cores(data: bytes) -> Iterator[tuple[int, int, str]]:
    """For each byte alignment 0, 1, 2: (alignment, index in the encoding of the core's first character, core),
    the core being the characters that depend on ``data`` alone (not on the bytes around it nor on padding)."""
    for o in range(3):
        enc = base64.b64encode(b"\0" * o + data).decode("ascii")
        c0 = -(-8 * o // 6)  # first character whose 6 bits lie inside data
        c1 = 8 * (o + len(data)) // 6
        if c1 > c0:
            yield o, c0, enc[c0:c1]


@dataclass(frozen=True)
class _View:
    """A normalised copy of a text: ``text[seg_view[k]:…]`` came from the original at ``seg_orig[k]``; in a unit
    view each character is one whole token ``original[seg_orig[k]:seg_end[k]]`` (a number)."""

    text: str
    seg_view: list[int]
    seg_orig: list[int]
    seg_end: list[int] | None = None

    def bounds(self, vs: int, ve: int) -> tuple[int, int]:
        """The original offsets of ``text[vs:ve]``."""
        k = bisect_right(self.seg_view, vs) - 1
        m = bisect_right(self.seg_view, ve - 1) - 1
        if self.seg_end is not None:
            return self.seg_orig[k], self.seg_end[m]
        return self.seg_orig[k] + vs - self.seg_view[k], self.seg_orig[m] + ve - self.seg_view[m]


def _folded_view(norm: str) -> _View:
    """The case-folded text without its whitespace."""
    parts: list[str] = []
    seg_view: list[int] = []
    seg_orig: list[int] = []
    n = 0
    for m in _NON_SPACE.finditer(norm):
        part = m.group()
        seg_view.append(n)
        seg_orig.append(m.start())
        parts.append(part)
        n += len(part)
    return _View("".join(parts), seg_view, seg_orig)


def _hex_view(norm: str, min_digits: int) -> _View:
    """The hex digits of the case-folded text's hex runs, separators and ``0x``/``\\x`` prefixes dropped; runs
    with fewer than ``min_digits`` digits left out, a break between runs."""
    parts: list[str] = []
    seg_view: list[int] = []
    seg_orig: list[int] = []
    n = 0
    for region in _HEX_REGION.finditer(norm):
        if region.end() - region.start() < min_digits:
            continue
        for m in _HEX_ITEM.finditer(norm, region.start(), region.end()):
            seg_view.append(n)
            seg_orig.append(m.start(1))
            parts.append(m.group(1))
            n += m.end(1) - m.start(1)
        parts.append(_BREAK)
        seg_view.append(n)
        seg_orig.append(region.end())
        n += 1
    return _View("".join(parts), seg_view, seg_orig)


def _byte_view(text: str, region: re.Pattern[str], base: int) -> _View:
    """Number lists read as text: each number of a list (``region``) in ``base`` up to 255 becomes the character of
    that byte, case-folded, whitespace bytes dropped (as the folded view drops them); anything else a break."""
    parts: list[str] = []
    seg_view: list[int] = []
    seg_orig: list[int] = []
    seg_end: list[int] = []
    for r in region.finditer(text):
        for m in _DIGITS.finditer(text, r.start(), r.end()):
            value = int(m.group(), base) if len(m.group()) <= 3 else 256
            char = chr(value).translate(_LOWER) if value <= 255 else _BREAK
            if char.isspace():
                continue
            parts.append(char)
            seg_view.append(len(seg_view))
            seg_orig.append(m.start())
            seg_end.append(m.end())
        parts.append(_BREAK)
        seg_view.append(len(seg_view))
        seg_orig.append(r.end())
        seg_end.append(r.end())
    return _View("".join(parts), seg_view, seg_orig, seg_end)


class _Needles:
    """Needles of one view: needle -> sources ``(form index, position of the needle in the form)``."""

    def __init__(self) -> None:
        self.sources: dict[str, list[tuple[int, int]]] = {}

    def add(self, needle: str, form: int, pos: int) -> None:
        found = self.sources.setdefault(needle, [])
        if len(found) < _MAX_SOURCES:
            found.append((form, pos))

    def automaton(self) -> ahocorasick.Automaton | None:
        if not self.sources:
            return None
        automaton = ahocorasick.Automaton()
        for needle, sources in self.sources.items():
            automaton.add_word(needle, (len(needle), tuple(sources)))
        automaton.make_automaton()
        return automaton


class TaintFinder:
    """Finds transformed copies of known values in a text (see the module docstring for the forms).

    ``values``: each value's category; a value shorter than ``min_run`` is ignored (the verbatim search finds it).
    ``min_run``: the shortest run of a value (characters; bytes for hex, base64 and number lists) that counts.
    Build once per set of values, search many texts; the search is linear in the length of the text."""

    def __init__(self, values: Mapping[str, str], min_run: int = 8, every_window: Collection[str] = ()) -> None:
        """``every_window``: values whose every window is a needle, weak ones too (values handed to a tool call:
        a handed name must not come back upper-cased and reversed because its words are common)."""
        self.min_run = n = min_run
        every = frozenset(every_window)

        def windows_of(s: str, value: str) -> list[tuple[int, int]]:
            if value in every:
                return [(i, i + n) for i in range(len(s) - n + 1)]
            return list(_strong_windows(s, n))

        self._forms: list[str] = []  # each form of each value, as a view holds it
        self._categories: list[str] = []  # each form's value's category
        # rot13 is a view (the folded text translated), not needles: half the needles for the same matches
        text, hexed = _Needles(), _Needles()
        for value, cat in values.items():
            if len(value) < n:
                continue
            plain = _SPACE.sub("", value).translate(_LOWER)
            windows = windows_of(plain, value)
            if windows:
                size = len(plain)
                plain_id, rev_id = self._form(plain, cat), self._form(plain[::-1], cat)
                for i, j in windows:
                    text.add(plain[i:j], plain_id, i)
                    rev = plain[i:j][::-1]
                    if value in every or not (rev.isalpha() and rev.isascii() and _wordy(rev)):  # "drowssap" is "password" reversed
                        text.add(rev, rev_id, size - j)
            data = value.encode("utf-8")
            latin = data.decode("latin-1")
            if len(data) < n:
                continue
            if latin.translate(_LOWER) != plain:  # whitespace inside, or not ASCII: windows of its own bytes
                windows = windows_of(latin, value)
            if not value.isascii():  # number lists decode to bytes, read as Latin-1
                byte_id = self._form(latin.translate(_LOWER), cat)
                for i, j in windows:
                    text.add(self._forms[byte_id][i:j], byte_id, i)
            hex_id = self._form(data.hex(), cat)
            for i, j in windows:
                hexed.add(self._forms[hex_id][2 * i : 2 * j], hex_id, 2 * i)
            self._add_base64(text, data, latin, cat)
        self._text = text.automaton()
        self._hex = hexed.automaton()
        # Number lists long enough to hold a needle: decimal 0-255 (od -tu1, "104, 101"), octal 000-377 (od -to1).
        sep = r"[\s,;]+"
        self._decimal = re.compile(rf"(?<!\d)\d{{1,3}}(?!\d)(?:{sep}\d{{1,3}}(?!\d)){{{n - 1},}}")
        self._octal = re.compile(rf"(?<!\d)[0-3][0-7]{{2}}(?!\d)(?:{sep}[0-3][0-7]{{2}}(?!\d)){{{n - 1},}}")

    def _form(self, form: str, cat: str) -> int:
        self._forms.append(form)
        self._categories.append(cat)
        return len(self._forms) - 1

    def _add_base64(self, needles: _Needles, data: bytes, latin: str, cat: str) -> None:
        """Needles of the base64 and base64url encodings at each alignment: runs of the core as long as
        ``min_run`` bytes encode to, unless the bytes under them are weak. One every 4 characters: a whole
        value's encoding (or any piece of 3 bytes more than ``min_run``) still holds one, and the hit is extended
        over the rest; it keeps the automaton small."""
        n = self.min_run
        width = -(-4 * n // 3)
        weak: dict[tuple[int, int], bool] = {}
        for o, c0, core in _b64_cores(data):
            variants = dict.fromkeys((core, core.replace("+", "-").replace("/", "_")))
            for variant in variants:
                form = variant.translate(_LOWER)
                fid = self._form(form, cat)
                for p in range(0, len(core) - width + 1, 4):
                    window = (6 * (c0 + p) // 8 - o, -(-6 * (c0 + p + width) // 8) - o)
                    if window not in weak:
                        weak[window] = is_weak_run(latin[window[0] : window[1]])
                    if not weak[window]:
                        needles.add(form[p : p + width], fid, p)

    def spans(self, text: str) -> list[Span]:
        """Every region of ``text`` holding a run of a value in one of the forms: ``Span(start, end, category,
        "taint", 1.0)`` in offsets of ``text``, sorted and merged (overlaps resolved by category rank)."""
        found: list[Span] = []
        norm = text.translate(_LOWER)
        if self._text is not None:
            folded = _folded_view(norm)
            rot13 = _View(folded.text.translate(_ROT13), folded.seg_view, folded.seg_orig)
            for view in (folded, rot13, _byte_view(text, self._decimal, 10), _byte_view(text, self._octal, 8)):
                found += self._scan(view, self._text, text, joined=view.seg_end is None)
        if self._hex is not None:
            for s in self._scan(_hex_view(norm, 2 * self.min_run), self._hex):
                start = s.start - 2 if norm[max(0, s.start - 2) : s.start] in ("0x", "\\x") else s.start
                found.append(Span(start, s.end, s.category, DETECTOR, 1.0))
        return resolve(found)

    def _unjoined(self, view: _View, vs: int, ve: int, category: str) -> list[Span]:
        """The words of a short run across whitespace that are runs of their own: ``min_run`` long and not weak
        (the run may have taken in a word's last character by chance)."""
        out = []
        k = bisect_right(view.seg_view, vs) - 1
        while k < len(view.seg_view) and view.seg_view[k] < ve:
            a = max(vs, view.seg_view[k])
            b = min(ve, view.seg_view[k + 1] if k + 1 < len(view.seg_view) else len(view.text))
            if b - a >= self.min_run and not is_weak_run(view.text[a:b]):
                out.append(Span(*view.bounds(a, b), category, DETECTOR, 1.0))
            k += 1
        return out

    def _scan(self, view: _View, automaton: ahocorasick.Automaton, original: str = "", joined: bool = False) -> list[
            Span]:
        """The hits of one view, merged into clusters, each extended as far as its value's form goes on matching,
        mapped back to the original text.

        ``joined``: the view joins the words of ``original``. Joined words make runs that no one wrote (``this
        package`` is a run of a password ``Thispackage42``), so a run that spans whitespace counts only when it is
        twice ``min_run`` long or the whole value (``fold`` output)."""
        vt = view.text
        if not vt:
            return []
        hits = sorted((end - length + 1, end + 1, sources) for end, (length, sources) in automaton.iter(vt))
        out: list[Span] = []
        i = 0
        while i < len(hits):
            start, end, first = hits[i]
            last = hits[i]
            i += 1
            while i < len(hits) and hits[i][0] <= end:
                if hits[i][1] > end:
                    end, last = hits[i][1], hits[i]
                i += 1
            # extend left along the first hit's forms, right along the last hit's: over the weak parts of a value
            # that have no needle of their own
            new_start, new_end = start, end
            for fid, pos in first:
                form, v, p = self._forms[fid], start, pos
                while v > 0 and p > 0 and vt[v - 1] == form[p - 1]:
                    v, p = v - 1, p - 1
                new_start = min(new_start, v)
            for fid, pos in last[2]:
                form, v, p = self._forms[fid], last[1], pos + last[1] - last[0]
                while v < len(vt) and p < len(form) and vt[v] == form[p]:
                    v, p = v + 1, p + 1
                new_end = max(new_end, v)
            category = self._categories[first[0][0]]
            a, b = view.bounds(new_start, new_end)
            if joined and new_end - new_start < min(2 * self.min_run, len(self._forms[first[0][0]])):
                if _SPACE.search(original, a, b):
                    out += self._unjoined(view, new_start, new_end, category)
                    continue
            out.append(Span(a, b, category, DETECTOR, 1.0))
        return out
