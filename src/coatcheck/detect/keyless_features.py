"""Candidates and features of the keyless-secret classifier (:mod:`.keyless`), shared with its training.

A candidate is a run of token characters that could be a credential on its own: 8–256 characters, not a URL,
path, e-mail address or number, with digits, mixed case or symbols in it. Its features are names (strings) hashed
into a fixed number of buckets, so that the training (``training/keyless/``) and this package compute exactly the
same thing: the token's shape (character classes, n-grams of its class string, length, entropy, case changes,
dictionary words in it, its first characters) and its context (the key or label it is assigned to, the words
before and after it on its line, how it is quoted), with a few crossed features (key word × composition).
"""

from __future__ import annotations

import functools
import math
import operator
from collections import Counter
from collections.abc import Iterator

import regex

from .hashed_model import FeatureHasher
from .vocabulary import plain_words

BUCKETS = 1 << 18
FEATURES_VERSION = "3"  # bump when a feature changes: a model trained on other features is refused
MIN_LEN, MAX_LEN = 8, 256

_STOP = "\\s\"'`=:,;(){}\\[\\]<>|\\\\"
# a token: no space, quote, bracket or separator; base64 padding kept
# (no upper bound: a 300-character token is one candidate, never its first 256 characters)
CANDIDATE = regex.compile(rf"(?<![^{_STOP}])[^{_STOP}]{{{MIN_LEN},}}+(?:={{1,2}}(?![^{_STOP}]))?")
_TRAILING = ".,!?*"
_FORM_FIELD = regex.compile(r"&[A-Za-z_][\w.\[\]-]{0,60}$")
_BASE64 = regex.compile(r"[A-Za-z0-9+/_-]+={1,2}")
_URL = regex.compile(r"[A-Za-z][A-Za-z0-9+.-]{1,15}://[^\s\"'<>`]+")
_ARN = regex.compile(r"(?<![\w-])arn:aws[\w-]*:[\w-]+:[\w-]*:\d{0,12}:[^\s\"'<>`]+")
# a PEM block; one with no END line runs over its base64 lines only (to the first blank line or other text)
PEM_BLOCK = regex.compile(r"-----BEGIN [A-Z0-9 ]{1,40}-----(?:.{0,65536}?-----END [A-Z0-9 ]{1,40}-----"
                          r"|(?:(?:\r?\n|\\n)[ \t]*[A-Za-z0-9+/=:\\-]+)*)", regex.S)
_AT_VERSION = regex.compile(r"[A-Za-z@][\w./-]*@(?:[0-9a-fA-F]{7,64}|v?\d[\w.+-]*)")  # pkg@1.2.3, app@<commit>
_ANCHOR = regex.compile(r"#[A-Za-z0-9_.-]+")
_PERCENT = regex.compile(r"%[0-9A-Fa-f]{2}")
_EMAIL = regex.compile(r"^[\w.+-]+@[\w-]+(?:\.[\w-]+)+$")
KEY_BEFORE = regex.compile(r"([A-Za-z_$@][\w.$@-]{0,60})[\"'\]]?\s*(?::=|=>|[:=])\s*[\"'`]?$")
_FLAG_BEFORE = regex.compile(r"(?:^|\s)(--?[A-Za-z][\w-]{0,30})(?:=|\s+)[\"']?$")
_WORD = regex.compile(r"[\p{L}][\p{L}\p{M}']*")
_CAMEL = regex.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])|\d+")
_ALPHA_RUN = regex.compile(r"[A-Za-z]{3,}")
_HEX = regex.compile(r"[0-9a-fA-F]+")
_B64 = regex.compile(r"[A-Za-z0-9+/]+={0,2}")
_B64URL = regex.compile(r"[A-Za-z0-9_-]+")
_NUMBERISH = regex.compile(r"[\d.,:/+-]+")


def _entropy(value: str) -> float:
    n = len(value)
    return -sum(c / n * math.log2(c / n) for c in Counter(value).values())


_SHAPE_TABLE = str.maketrans({**{c: "a" for c in "abcdefghijklmnopqrstuvwxyz"},
                              **{c: "A" for c in "ABCDEFGHIJKLMNOPQRSTUVWXYZ"}, **{c: "9" for c in "0123456789"}})


def _shape(value: str) -> str:
    shape = value.translate(_SHAPE_TABLE)
    if shape.isascii():
        return shape
    return "".join("L" if ch.isalpha() and not ch.isascii() else ch for ch in shape)


_PLAIN_SHAPE = frozenset("aA9L_-.")


def plausible(value: str) -> bool:
    """Worth scoring: not a URL, path, e-mail address, number or plain lower-case word."""
    return _plausible(value) if len(value) <= MAX_LEN else _plausible.__wrapped__(value)


@functools.lru_cache(maxsize=32768)
def _plausible(value: str) -> bool:
    if len(value) < MIN_LEN or "://" in value or value[0] in "/~" or value.startswith(("./", "../", "$", "%", "&")):
        return False
    if _ANCHOR.fullmatch(value) or _AT_VERSION.fullmatch(value):
        return False  # href="#section-name", an issue or channel reference
    if _NUMBERISH.fullmatch(value) or _EMAIL.match(value) or _PERCENT.search(value):
        return False  # percent-encoded text is read decoded (the encoded-copy search)
    if value.count("/") >= 2 and not _B64.fullmatch(value):
        return False  # a path
    shape = _shape(value)
    kinds = set(shape)
    has_digit = "9" in kinds
    has_upper = "A" in shape[1:]
    has_symbol = bool(kinds - _PLAIN_SHAPE)
    if not (has_digit or has_upper or has_symbol):
        return False
    if not has_digit and not has_symbol:  # letters only: an identifier unless long and changing case at random
        cases = list(map(str.isupper, value))
        if len(value) < 20 or sum(map(operator.ne, cases, cases[1:])) < 0.3 * len(value):
            return False
    return _entropy(value) >= 2.5


_HL7_SEGMENT = regex.compile(r"[ \t]*[A-Z][A-Z0-9]{2}\|")
_ZPL_COMMAND = regex.compile(r"\^(?:F[DOSBT]|A0|XA|XZ|B[CY3Q])")


def candidates(text: str) -> Iterator[tuple[int, int]]:
    """``(start, end)`` of each plausible candidate token of ``text``, none inside a URL (a URL's credentials are
    its userinfo and its parameters, which the URL rules read by name) or a PEM block."""
    urls = [m.span() for m in _URL.finditer(text)] if "://" in text else []
    if "arn:" in text:  # an ARN names a resource (arn:aws:secretsmanager:…:secret:billing/smtp-Qx8vPa), no key
        urls = sorted(urls + [m.span() for m in _ARN.finditer(text)])
    if "-----BEGIN " in text:  # PEM blocks: a private key is the key rules' (whole block); the rest is content
        urls = sorted(urls + [m.span() for m in PEM_BLOCK.finditer(text)])
    u = 0
    for m in CANDIDATE.finditer(text):
        start, end = m.span()
        while u < len(urls) and urls[u][1] <= start:
            u += 1
        if u < len(urls) and urls[u][0] < end:
            continue
        if start and text[start - 1] == "\\" and text[start] in "nrt":
            start += 1  # "HEAD\r\n9958f88…": a JSON string's escaped line break is no part of the token
        if text[end - 1] == "=" and ((end - start) % 4 or not _BASE64.fullmatch(text, start, end)):
            # not base64 padding: a key's own '=' (``name=``, ``@__customerId_0=``)
            end = start + len(text[start:end].rstrip("="))
        if end < len(text) and text[end] == "=" and "&" in text[start:end]:
            # a form body (``Sid=SM7f…&NumMedia=0``): the value ends where the next field's name begins
            field = _FORM_FIELD.search(text, start, end)
            if field is not None:
                end = field.start()
        while end > start and text[end - 1] in _TRAILING and not (text[end - 1] in "!*" and end - start > MIN_LEN
                                                                    and text[end - 2].isalnum()):
            end -= 1
        if "^" in text[start:end] and _HL7_SEGMENT.match(text, text.rfind("\n", 0, start) + 1):
            continue  # an HL7 field's components (2345-7^Glucose^LN, a coded value): the HL7 rules read its fields
        if "^" in text[start:end] and _ZPL_COMMAND.search(text, start, end):
            # a ZPL label's commands (^FO50,140^A0N,30,30^FD…) are a printer's layout: only a field's data is read
            data = text.rfind("^FD", start, end)
            if data < 0:
                continue
            start = data + 3
            stop = text.find("^", start, end)
            end = end if stop < 0 else stop
        if end - start >= MIN_LEN and plausible(text[start:end]):
            yield start, end


def _bucket(x: float, step: float, top: int) -> int:
    return min(int(x / step), top)


def _key_parts(key: str) -> list[str]:
    parts: list[str] = []
    for chunk in regex.split(r"[._$@-]+", key):
        parts.extend(p.lower() for p in _CAMEL.findall(chunk))
    return [p for p in parts if p and not p.isdigit()]


def token_features(value: str) -> list[str]:
    """What the token itself looks like."""
    f: list[str] = []
    n = len(value)
    ent = _entropy(value)
    upper = sum(map(str.isupper, value))
    lower = sum(map(str.islower, value))
    digit = sum(map(str.isdigit, value))
    sym = n - upper - lower - digit
    comp = ("U" if upper else "") + ("l" if lower else "") + ("d" if digit else "") + ("s" if sym else "")
    f.append("comp:" + comp)
    f.append(f"len:{_bucket(n, 4, 20)}")
    f.append(f"ent:{_bucket(ent, 0.25, 24)}")
    f.append(f"entlen:{_bucket(ent / max(math.log2(n), 1), 0.1, 12)}")
    f.append(f"dig:{_bucket(digit / n, 0.1, 10)}")
    f.append(f"up:{_bucket(upper / n, 0.1, 10)}")
    f.append(f"sym:{_bucket(sym / n, 0.05, 10)}")
    shape = _shape(value)
    changes = sum(map(operator.ne, shape, shape[1:]))
    f.append(f"chg:{_bucket(changes / n, 0.05, 20)}")
    if _HEX.fullmatch(value):
        f.append("hex")
        f.append(f"hexlen:{n}" if n in (16, 20, 24, 32, 40, 48, 56, 64, 96, 128) else "hexlen:other")
    elif _B64URL.fullmatch(value):
        f.append("b64url")
    elif _B64.fullmatch(value):
        f.append("b64")
        if value.endswith("="):
            f.append("b64pad")
    for ch in {c for c in value if not c.isalnum()}:
        f.append("ch:" + ch)
    # the shape as runs: Aa9 classes with run-length buckets, n-grams over them
    runs: list[str] = []
    for m in regex.finditer(r"(.)\1*", shape):
        k = len(m.group())
        runs.append(m.group(1) + ("1" if k == 1 else "2" if k <= 3 else "4" if k <= 7 else "8"))
    f.append(f"nruns:{_bucket(len(runs) / n, 0.05, 20)}")
    for i in range(len(runs)):
        f.append("r2:" + "".join(runs[i:i + 2]))
        f.append("r3:" + "".join(runs[i:i + 3]))
    f.append("s0:" + shape[:4])
    f.append("s9:" + shape[-4:])
    f.append("p3:" + value[:3].lower())
    f.append("p4:" + value[:4].lower())
    # words of a language in it: identifiers and sentences are made of them, random strings are not
    common = plain_words()
    in_words = 0
    for m in _ALPHA_RUN.finditer(value):
        for part in _CAMEL.findall(m.group()):
            low = part.lower()
            if len(low) >= 3 and low in common:
                in_words += len(low)
                f.append("tw:" + low)
    f.append(f"wfrac:{_bucket(in_words / n, 0.1, 10)}")
    return f


def context_features(text: str, start: int, end: int) -> list[str]:
    """What surrounds the token on its line: the key or flag it is given to, the words before and after."""
    f: list[str] = []
    ls = text.rfind("\n", 0, start) + 1
    le = text.find("\n", end)
    le = len(text) if le < 0 else le
    # escaped JSON inside a string (\"uid\":\"…) reads as the JSON it is
    before = text[max(ls, start - 80):start].replace("\\", "")
    after = text[end:min(le, end + 40)].replace("\\", "")
    prev = before[-1:] or "^"
    nxt = after[:1] or "$"
    f.append("prev:" + (prev if not prev.isalnum() else "w"))
    f.append("next:" + (nxt if not nxt.isalnum() else "w"))
    key = KEY_BEFORE.search(before)
    flag = _FLAG_BEFORE.search(before) if key is None else None
    if key:
        parts = _key_parts(key.group(1))
        f.append("slot:key")
        for p in parts[-3:]:
            f.append("k:" + p)
        if parts:
            f.append("klast:" + parts[-1])
    elif flag:
        f.append("slot:flag")
        f.append("flag:" + flag.group(1).lower().lstrip("-"))
    else:
        f.append("slot:none")
    words = [w.lower() for w in _WORD.findall(before)]
    for w in words[-6:]:
        f.append("w:" + w)
    if words:
        f.append("w1:" + words[-1])
    for w in [w.lower() for w in _WORD.findall(after)][:3]:
        f.append("a:" + w)
    first = None  # a word starting within the line's first four characters (a search of the whole line would make
    for i in range(ls, min(ls + 4, start)):  # a long line quadratic)
        if (first := _WORD.match(text, i, start)) is not None:
            break
    f.append("l0:" + (first.group().lower() if first else text[ls:ls + 1]))
    return f


def features(text: str, start: int, end: int) -> list[str]:
    """Every feature of the candidate ``text[start:end]``, crosses included."""
    tf = token_features(text[start:end])
    cf = context_features(text, start, end)
    comp = tf[0]
    crosses = [c + "|" + comp for c in cf if c.startswith(("klast:", "w1:", "flag:", "slot:"))]
    return tf + cf + crosses


hashed = FeatureHasher(BUCKETS)  # the bucket of each feature name


@functools.lru_cache(maxsize=16384)
def _token_buckets(value: str) -> tuple[tuple[int, ...], str]:
    names = token_features(value)
    return tuple(hashed(names)), names[0]


def buckets(text: str, start: int, end: int) -> list[int]:
    """``hashed(features(text, start, end))`` (the same buckets, in another order), faster: a token's own
    features are computed once per distinct token."""
    value = text[start:end]
    token, comp = _token_buckets(value) if len(value) <= MAX_LEN else _token_buckets.__wrapped__(value)
    cf = context_features(text, start, end)
    crosses = [c + "|" + comp for c in cf if c.startswith(("klast:", "w1:", "flag:", "slot:"))]
    return [*token, *hashed(cf), *hashed(crosses)]
