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
from .vocabulary import is_product, plain_words

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
_FILE_IN = regex.compile(r"[\w-]\.(?:md|rst|txt|py|js|ts|tsx|json|toml|ya?ml|rs|go|java|kt|c|h|cpp|html?|css|sh|lock)"
                         r"(?![A-Za-z0-9])")
_FORMAT = regex.compile(r"%[-#0-9.]*[A-Za-z]")  # strftime and printf fields: D:%Y%m%d%H%M%S
_SYMBOLS = frozenset("!#$%&*+,-./:;?@^_|~")
# a capitalised word, one sign and a year or two to four digits (the way people make a password from a word)
_WORD_SIGN_DIGITS = regex.compile(r"(?P<word>\p{Lu}\p{Ll}{2,11})[!@$%^&*?~]\d{2,4}[!?]?")  # not "#" (Issue#1234), "+"
_LETTERS = regex.compile(r"[A-Za-z]+")
_CAMEL = regex.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])")
_ITEM_SPLIT = regex.compile(r"[,;:|]+")
_HEX_ITEM = regex.compile(r"#?[0-9A-Fa-f]{1,8}")
_FORMAT_RUNS = regex.compile(r"([A-Za-z])\1*(?:[./ -]([A-Za-z])\2*)*")  # dd.MM.yy: one letter per field
_VERSION = regex.compile(r"v?\d+(?:\.\d+)+")
_LONG_RUN = regex.compile(r"\p{Ll}{6,}|\p{Lu}{7,}")
_PAIRS = regex.compile(r"(?:^|[,;&])(?:[A-Za-z_-]{1,16}=|[a-z]{3,16}:)|_")  # a=1;b=2, app:web1,tier:fe2, en_US:de
_KEEPS = ("is_templated", "is_public_token", "is_placeholder_value", "is_documented_example", "is_path", "is_version", "is_date",
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
    if _FORMAT.search(value) or _FILE_IN.search(value):
        return False  # a format field, a file reference ("F:README.md†L5-L14", a citation)
    dictionary = word_list("dictionary_words")
    for run in _LETTERS.findall(value):
        for part in _CAMEL.findall(run):  # DataFrame: Data, Frame
            if len(part) >= 4 and (part.lower() in dictionary or part.lower() in plain_words()):
                return False
    if _PAIRS.search(value):
        return False  # "en-US,en;q=0.9", "a=1;b=2", "app:Web1,tier:Fe2", "de_DE:en_US": parameters and codes
    if _LONG_RUN.search(value):
        return False  # "Anmeldungen!A1:E4": a word of some language and a cell range, not a generator's output
    if _a_list(value):
        return False
    kinds = [0 if c.isdigit() else 1 if c.isupper() else 2 for c in alnum]
    switches = sum(a != b for a, b in zip(kinds, kinds[1:], strict=False))
    return switches >= 0.35 * (len(kinds) - 1)


def _tool_word(word: str) -> bool:
    """A product or a word of technical prose (React@18, Python@311, Release@2024): a version or a tag, no password."""
    return is_product(word) or word.lower() in plain_words()


def _shape(item: str) -> str:
    """The kinds of an item's characters, runs collapsed: "iOS15" and "macOS12" are both "lUd"."""
    kinds = ["d" if c.isdigit() else "U" if c.isupper() else "l" if c.isalpha() else c for c in item]
    return "".join(k for i, k in enumerate(kinds) if not i or kinds[i - 1] != k)


def _a_list(value: str) -> bool:
    """Items of one kind joined by commas, colons or semicolons: a list, an address or a range, not a password
    ("h1,h2,H3", "iOS15,macOS12;tvOS15", "fe80::a00:27ff:fE4e", "#1a2B3c,#4D5e6F", "3.11.4:Ab12")."""
    items = [i for i in _ITEM_SPLIT.split(value) if i]
    if len(items) < 2:
        return False
    if (all(_HEX_ITEM.fullmatch(i) for i in items) or any(_VERSION.fullmatch(i) for i in items)
            or all(i.startswith("-") for i in items) or all(_FORMAT_RUNS.fullmatch(i) for i in items)):
        return True  # addresses, versions, options (-Xmx4g,-Xms1G), date formats (dd.MM.yy,HH:mm)
    shapes = [_shape(i) for i in items]
    common = max(shapes.count(x) for x in shapes)
    return common == len(items) if len(items) == 2 else common >= 0.8 * len(items)


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
            made = _WORD_SIGN_DIGITS.fullmatch(value)
            word_made = made is not None and not _tool_word(made.group("word"))
            if not (word_made or random_password(value)) or kept_by(text, s, e, _KEEPS) is not None:
                continue
            out.append(Span(s, e, "secret", f"{self.name}:{'word-made' if word_made else 'random'}", 0.7))
        return out
