"""Passwords that punctuation hides from the token classifier: a quoted or assigned value whose characters are drawn
at random from letters of both cases, digits and punctuation (``jI3lLV,q2mMyL``, ``s3H;2La:RPT``, ``WZH:LN6w4:eE:28``),
and the way people make one from a word (``Meadow@2023``, ``Pickle*1996``).

The keyless classifier (:mod:`.keyless`) cuts tokens at ``, ; : ( ) [ ] { } < > | =``, so such a value reaches it in
pieces too short to score. Here the whole literal is read, under no key at all (``ARG3 = "…"``, ``.y = "…"``,
``<string>…</string>``): its shape decides. A value with a word of the language in it (``color:red;font-size:12px``),
a format (``%Y:%m``), a path or a URL is no password.
"""

from __future__ import annotations

import regex

from .._data import word_list
from ..spans import Span
from .keep import kept_by
from .vocabulary import plain_words

# a string literal (also with JSON escape backslashes before its closing quote), a plist/XML string element, or a
# value after "=" up to the next whitespace. No bracket, no "=" inside: code (pd.DataFrame(, SortedList([3,), regular
# expressions ([a-zA-Z0-9+.-]*) and parameter lists are not read at all.
_LITERAL = regex.compile(
    r"""(?P<q>["'`])(?P<v>[^\s"'`\\()\[\]{}<>=]{8,64})\\{0,3}(?P=q)"""
    r"""|<string>(?P<x>[^\s<>()\[\]{}=]{8,64})</string>"""
    r"""|(?<=[\w\]"'][ \t]?=[ \t]?)(?P<b>[^\s"'`=()\[\]{}<>]{8,64})(?=\s|$|\\[nrt])"""
)
# the characters the classifier cuts at (brackets and "=" never reach here)
_CUT = frozenset(",;:|")
_FORMAT = regex.compile(r"%[-#0-9.]*[A-Za-z]")  # strftime and printf fields: D:%Y%m%d%H%M%S
_SYMBOLS = frozenset("!#$%&*+,-./:;<=>?@[]^_{|}~()")
# a capitalised word, one sign and a year or two to four digits (the way people make a password from a word)
_WORD_SIGN_DIGITS = regex.compile(r"\p{Lu}\p{Ll}{2,11}[!@#$%^&*+?~]\d{2,4}[!?]?")
_LETTERS = regex.compile(r"[A-Za-z]+")
_CAMEL = regex.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])")
_LONG_RUN = regex.compile(r"\p{Ll}{6,}|\p{Lu}{7,}")
_PAIRS = regex.compile(r"(?:^|[,;&])[A-Za-z_-]{1,16}=")
_KEEPS = ("is_templated", "is_placeholder_value", "is_documented_example", "is_path", "is_version", "is_date",
          "is_uuid")


def random_password(value: str) -> bool:
    """Letters of both cases, and digits or signs, mixed as a generator mixes them, with punctuation the classifier
    cuts at inside: no run of letters is a word technical English writes (four letters or more), no ``name=`` pair,
    and the kind of character (upper, lower, digit) changes often."""
    if not any(c in _CUT for c in value.strip(",;:")):
        return False
    alnum = [c for c in value if c.isalnum()]
    if len(alnum) < 7 or not any(c.isupper() for c in alnum) or not any(c.islower() for c in alnum):
        return False
    if not any(c.isdigit() for c in alnum) and sum(c in _SYMBOLS for c in value) < 2:
        return False
    if _FORMAT.search(value):
        return False
    dictionary = word_list("dictionary_words")
    for run in _LETTERS.findall(value):
        for part in _CAMEL.findall(run):  # DataFrame: Data, Frame
            if len(part) >= 4 and (part.lower() in dictionary or part.lower() in plain_words()):
                return False
    if _PAIRS.search(value):
        return False  # "en-US,en;q=0.9", "UTF-8;q=0.7", "a=1;b=2": parameters, not a password
    if _LONG_RUN.search(value):
        return False  # "Anmeldungen!A1:E4": a word of some language and a cell range, not a generator's output
    kinds = [0 if c.isdigit() else 1 if c.isupper() else 2 for c in alnum]
    switches = sum(a != b for a, b in zip(kinds, kinds[1:], strict=False))
    return switches >= 0.35 * (len(kinds) - 1)


class PunctuatedSecretDetector:
    """Literal values shaped as generated or word-made passwords (see the module docstring)."""

    name = "punctuated"
    produces = frozenset({"secret"})

    def detect(self, text: str) -> list[Span]:
        out: list[Span] = []
        for m in _LITERAL.finditer(text):
            group = "v" if m.group("v") is not None else "x" if m.group("x") is not None else "b"
            s, e = m.span(group)
            value = text[s:e]
            if "://" in value or value.startswith(("$", "%", "/", "~", "./")):
                continue
            word_made = _WORD_SIGN_DIGITS.fullmatch(value) is not None
            if not (word_made or random_password(value)) or kept_by(text, s, e, _KEEPS) is not None:
                continue
            out.append(Span(s, e, "secret", f"{self.name}:{'word-made' if word_made else 'random'}", 0.7))
        return out
