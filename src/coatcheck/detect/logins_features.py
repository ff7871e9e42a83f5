"""Candidates and features of the login classifier (:mod:`.logins`), shared with its training (``training/logins/``).

A candidate is a token that could be a person's login, handle or person-bound number: a word with digits or
separators (``arthur_p``, ``b.kasper``, ``chavesa2``), a lower-case word no prose or code writes (``ltino``), a
prefixed or plain number of five digits or more (``CUST-435045``, ``0906028772``). Its features are names hashed into
buckets: the token's shape (character-class runs, prefix letters, length, which of its parts are known first or
last names, prose or code words, initials) and its place on the line: the tokens before and after it (words folded
to lower case, digits to 0, punctuation as itself), the key or label it is given to, its column, whether it repeats
on the line. The model learns which places hold logins (a prompt's ``user@host``, ``ls -l``'s owner column, ``uid=…(x)``,
an access log's user field, ``principal=``, ``login as``, ``Benutzer``, ``(x)`` after a name) from the carrier
catalogue, and which hold code, words and ids from real material.
"""

from __future__ import annotations

import functools
import gzip
import hashlib
from collections.abc import Iterator
from pathlib import Path

import regex

from .._data import data_path, load_toml, word_list
from .hashed_model import FeatureHasher
from .vocabulary import plain_words as _live_plain_words

BUCKETS = 1 << 18
LABELS = ("O", "USER", "ACCOUNT")
FEATURES_VERSION = "5"

# one line's tokens: words (with inner . _ - joins), numbers, single punctuation marks
_TOKENS = regex.compile(r"[\p{L}\p{N}]+(?:[._-][\p{L}\p{N}]+)*|[^\s\p{L}\p{N}]")
_CANDIDATE_SHAPE = regex.compile(r"[A-Za-z][A-Za-z0-9]*(?:[._-][A-Za-z0-9]+){0,3}|[A-Z]{0,5}[-_]?\d{5,14}(?:-\d{1,8}){0,2}|[A-Z]{2,5}-\d{4}-\d{4,8}")
_VERSIONISH = regex.compile(r"v?\d+(?:\.\d+)+|[\w-]+(?:\.[\w-]+)*\.(?:py|pyi|js|mjs|ts|tsx|jsx|md|rst|txt|json|toml|yaml|yml|"
                           r"cfg|ini|conf|sh|rs|go|c|h|cc|cpp|hpp|java|kt|rb|php|pl|log|csv|tsv|html?|css|scss|xml|svg|png|jpe?g|gif|pdf|"
                           r"zip|gz|tgz|tar|whl|lock|sql|db|sqlite|env|pem|crt|key|pub|bak|tmp|swp|so|dll|exe|bin|dat|jsonl|ipynb|vue)")
# host names (a last label that is a top-level domain), constants, header names, versioned names (python3.11)
_NOT_A_LOGIN = regex.compile(_VERSIONISH.pattern + r"|[\w-]+(?:\.[\w-]+)*\.(?:com|org|net|edu|gov|mil|int|io|dev|app|ai|co|"
                             r"info|biz|cloud|tech|online|site|xyz|me|tv|local|internal|lan|corp|home|localdomain|[a-z]{2})"
                             r"|[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+|[A-Z][a-z]*(?:-[A-Z][a-z0-9]*)+|[a-z]+\d+(?:\.\d+)+"
                             # a room's, a rack's or a zone's code in capitals (AGING-CAVE-B, COLD-ROOM)
                             r"|[A-Z]{2,}(?:-[A-Z][A-Z0-9]*)+"
                             # a name with a date in it: a backup archive's, a snapshot's (nas01-2026-11-30T02)
                             r"|[\w.-]*(?:19|20)\d\d-[01]\d-[0-3]\d(?:[T_.-][\w.-]*)?")
_FIRST_DOT_SHORT = regex.compile(r"[a-z]+\.[a-z]{2}")  # wei.xu, j.li: checked against the first names below
_SHAPE = str.maketrans({**{c: "a" for c in "abcdefghijklmnopqrstuvwxyz"},
                        **{c: "A" for c in "ABCDEFGHIJKLMNOPQRSTUVWXYZ"}, **{c: "9" for c in "0123456789"}})
_RUN = regex.compile(r"(.)\1*")
_PARTS = regex.compile(r"[A-Za-z]+|\d+")
_DIGITS = regex.compile(r"\d+")
_JOINS = regex.compile(r"[._-]+")
MAX_LINE = 2000  # characters of a line read (a minified line is no carrier of logins)


# The word lists the features read are frozen with the weights (data/logins/vocabulary.txt.gz, written by training):
# the model reads the words it was trained with, and the vocabulary files stay free to change for other detectors.
VOCABULARY_FILE = "vocabulary.txt.gz"
_KINDS = ("context", "dictionary", "first", "last", "plain")
_live = False


def use_live_vocabulary() -> None:
    """Training: read the word lists as data/ holds them now, not as the shipped model froze them."""
    global _live
    _live = True
    _lists.cache_clear()
    for fn in (context_words, _ctx, token_features):
        fn.cache_clear()


def _live_lists() -> dict[str, frozenset[str]]:
    words = set(_live_plain_words()) | word_list("dictionary_words")
    for file in sorted(data_path("vocab").iterdir(), key=lambda f: f.name):
        if file.name.endswith(".toml") and file.name != "languages.toml":
            for table in load_toml(file).values():
                for entries in table.values() if isinstance(table, dict) else ():
                    for entry in entries:
                        words.update(w.lower() for w in regex.findall(r"[\p{L}]+", str(entry)))
    return {"context": frozenset(words), "dictionary": word_list("dictionary_words"),
            # the curated names, not the census's: its surnames spell words ("Unch", "Hore"), and read as names they
            # cost the model a fifth of the person-bound numbers it found on learned sets (2026-12-06)
            "first": frozenset(w.lower() for w in word_list("first_names_base")),
            "last": frozenset(w.lower() for w in word_list("last_names_base")), "plain": _live_plain_words()}


@functools.cache
def _lists() -> dict[str, frozenset[str]]:
    """The five word lists by kind: the shipped model's frozen copy, or the live ones (training, or no model)."""
    shipped = data_path("logins", VOCABULARY_FILE)
    if _live or not shipped.is_file():
        return _live_lists()
    out: dict[str, set[str]] = {k: set() for k in _KINDS}
    for line in gzip.decompress(shipped.read_bytes()).decode("utf-8").splitlines():
        kind, _, word = line.partition("\t")
        out[kind].add(word)
    return {k: frozenset(v) for k, v in out.items()}


def write_vocabulary(path: Path) -> None:
    """The word lists the features read now, as the file shipped beside the weights (sorted: reproducible)."""
    lists = _lists()
    body = "".join(f"{k}\t{w}\n" for k in _KINDS for w in sorted(lists[k]))
    path.write_bytes(gzip.compress(body.encode("utf-8"), mtime=0))


def plain_words() -> frozenset[str]:
    """Prose and code words, as the model was trained with them."""
    return _lists()["plain"]


def _names() -> tuple[frozenset[str], frozenset[str]]:
    return _lists()["first"], _lists()["last"]


def is_candidate(token: str) -> bool:
    """Worth scoring: a login or number shape, not a word prose or code writes, not a version, a file or host name,
    a constant's name (``REGISTRY_TOKEN``) or a header's (``Content-Type``)."""
    if not 2 <= len(token) <= 40 or not _CANDIDATE_SHAPE.fullmatch(token):
        return False
    if _NOT_A_LOGIN.fullmatch(token) and not (_FIRST_DOT_SHORT.fullmatch(token) and _first_or_initial(token)):
        return False
    low = token.lower()
    if low in plain_words() or _random_mix(token):
        return False
    if token.isalpha():  # a word: only a lower-case one no dictionary holds ("ltino", not "config" or "Kafka")
        return token.islower() and len(token) >= 3 and low not in _dictionary()
    return True


def _random_mix(token: str) -> bool:
    """A generated id (``QIYFJS9Wz4o9OLjWctcKYn``, a webhook's event id): twelve characters or more that change
    between capitals, small letters and digits at almost every other character; a login changes at its name's parts
    (``MariaGarciaLopez1987``)."""
    if len(token) < 12:
        return False
    kinds = [0 if c.isupper() else 1 if c.islower() else 2 if c.isdigit() else 3 for c in token]
    changes = sum(a != b for a, b in zip(kinds, kinds[1:], strict=False))
    return len(set(kinds) - {3}) == 3 and changes >= 0.4 * len(token)


def _first_or_initial(token: str) -> bool:
    """``wei.xu``, ``j.li``: a first name or an initial before a two-letter last name, not a host (``web.de``)."""
    head = token.split(".", 1)[0]
    return len(head) == 1 or head in _names()[0]


def _dictionary() -> frozenset[str]:
    return _lists()["dictionary"]


def line_tokens(line: str) -> list[tuple[int, int, str]]:
    """``(start, end, token)`` of each token of ``line``; a JSON string's escaped line break or tab is no part of the
    word after it (``\\n6146340e1`` is the commit ``6146340e1``)."""
    out = []
    for m in _TOKENS.finditer(line[:MAX_LINE]):
        s, t = m.start(), m.group()
        if s and line[s - 1] == "\\" and t[0] in "ntr" and len(t) > 1 and t[1].isalnum():
            s, t = s + 1, t[1:]
        out.append((s, m.end(), t))
    return out


@functools.cache
def context_words() -> frozenset[str]:
    """Words read as themselves around a candidate: prose, code and dictionary words, and every word of the shipped
    vocabulary files at training time (labels, column names, cues in every language: "user", "Benutzer", "utente",
    "login"). Any other neighbour (a host, a path part, a name, an id) is read by its shape, so that the model learns
    places, not the values its training data happened to put around them. The shipped files only: a user's extra
    vocabulary (``$COATCHECK_VOCAB_DIR``) must not change what the shipped model reads."""
    return _lists()["context"]


def vocabulary_digest() -> str:
    """A digest of every word list the features read (context words, dictionary, names): written with the weights
    by training and checked by a test against the frozen lists shipped beside them."""
    first, last = _names()
    h = hashlib.sha256()
    for words in (context_words(), _dictionary(), first, last, plain_words()):
        h.update("\n".join(sorted(words)).encode("utf-8"))
        h.update(b"\0")
    return h.hexdigest()[:16]


@functools.lru_cache(maxsize=65536)
def _ctx(token: str) -> str:
    """A context token as the model reads it: punctuation as itself, a vocabulary word in lower case, anything
    else as its shape (``ci-runner-4`` → ``#a-a-9``)."""
    if len(token) == 1 and not token.isalnum():
        return token
    low = token.lower()
    words = context_words()
    if low in words or all(part in words for part in _JOINS.split(low) if part):
        return low  # a word, or words joined by _ . - ("display_name", "real-name")
    return "#" + _shape_runs(_DIGITS.sub("0", token))


def _shape_runs(token: str) -> str:
    """Character classes with runs collapsed: ``b.kasper`` → ``a.a+``, ``CUST-435045`` → ``A+-9+``."""
    return "".join(m.group(1) + ("" if len(m.group()) == 1 else "+") for m in _RUN.finditer(token.translate(_SHAPE)))


@functools.lru_cache(maxsize=32768)
def token_features(token: str) -> tuple[str, ...]:
    """What the token itself looks like."""
    f = ["sh:" + _shape_runs(token), f"len:{min(len(token), 24)}"]
    first, last = _names()
    plain = plain_words()
    letters = [p.lower() for p in _PARTS.findall(token) if p.isalpha()]
    digits = [p for p in _PARTS.findall(token) if p.isdigit()]
    for sep in "._-":
        if sep in token:
            f.append("sep:" + sep)
    if digits:
        d = digits[-1]
        f.append(f"dig:{min(len(d), 8)}")
        if len(d) == 4 and d[:2] in ("19", "20"):
            f.append("dig:year")
        if token[-1].isdigit():
            f.append("dig:end")
    if not letters:
        f.append("num")
    for p in letters:
        kind = ("first" if p in first else "last" if p in last else "plain" if p in plain else
                "initial" if len(p) == 1 else "other")
        f.append("part:" + kind)
        if len(p) >= 4 and kind == "other":
            for s in range(len(p) - 3):  # a name glued to an initial ("jsmith", "smithj"): its halves
                head, tail = p[:s + 1], p[s + 1:]
                if (len(head) == 1 and tail in last) or (len(tail) == 1 and head in last) or (head in first and tail in last):
                    f.append("part:joined-name")
                    break
    if token[0].isupper() and any(c.isdigit() for c in token):
        pre = regex.match(r"[A-Z]+", token)
        f.append("pfx:" + (pre.group() if pre else ""))
    if token.lower() in context_words():
        f.append("tok:" + token.lower())
    return tuple(f)


class LineFeatures:
    """The context of every token of one line, read once: each token as the model reads it (:func:`_ctx`), its
    coarse class, which tokens repeat; ``names(i)`` is every feature of token ``i`` (:func:`features`)."""

    def __init__(self, tokens: list[tuple[int, int, str]], prev: str = "^", nxt: str = "^") -> None:
        self.tokens = tokens
        self.ctx = [_ctx(t) for _, _, t in tokens]
        self.coarse = [_coarse(t) for _, _, t in tokens]
        seen: dict[str, int] = {}
        for _, _, t in tokens:
            seen[t] = seen.get(t, 0) + 1
        self.repeated = {t for t, k in seen.items() if k > 1}
        self.near = ("P:" + prev, "N:" + nxt)

    def context(self, i: int) -> list[str]:
        """Where token ``i`` stands on its line."""
        tokens, ctx = self.tokens, self.ctx
        f: list[str] = []
        n = len(tokens)
        left = ctx[max(0, i - 4):i][::-1]  # nearest first
        right = ctx[i + 1:min(n, i + 4)]
        for k, t in enumerate(left):
            f.append(f"L{k + 1}:{t}")
        for k, t in enumerate(right):
            f.append(f"R{k + 1}:{t}")
        if not left:
            f.append("L1:^")
        if not right:
            f.append("R1:$")
        if left:
            f.append("L12:" + "|".join(left[:2]))
        if right:
            f.append("R12:" + "|".join(right[:2]))
        if left and right:
            f.append("LR:" + left[0] + "|" + right[0])
        words = [ctx[j] for j in range(max(0, i - 8), i) if len(tokens[j][2]) > 1]
        for w in words[-5:]:
            f.append("lw:" + w)
        gap_before = tokens[i][0] - tokens[i - 1][1] if i else 0
        f.append(f"gap:{min(gap_before, 3)}")
        f.append(f"col:{min(i, 12)}")
        f.append("l0:" + (ctx[0] if i else "^"))
        if tokens[i][2] in self.repeated:
            f.append("dup")
        # the line's pattern around the candidate in coarse classes (punctuation as itself, w a vocabulary word, 0
        # a number, x anything else): "^ C @ x : ~" is a prompt whatever the host is called
        head = (["^"] if i < 2 else []) + self.coarse[max(0, i - 2):i]
        after = self.coarse[i + 1:min(n, i + 4)]
        f.append("seq:" + " ".join([*head, "C", *after]))
        f.append("seqL:" + " ".join([*head, "C"]))
        f.append("seqR:" + " ".join(["C", *after]))
        return f

    def names(self, i: int) -> list[str]:
        """Every feature of token ``i``, crosses of its shape with its nearest neighbours and of the neighbouring
        lines' first words with its left context included."""
        tf = token_features(self.tokens[i][2])
        cf = self.context(i)
        sh = "|" + tf[0]
        crossed = [c for c in cf if c[:3] in ("L1:", "R1:", "L12")]  # L1:, R1: and L12: (L12 sorts after L1:)
        crosses = [c + sh for c in crossed]
        near = [*self.near, *(n + "|" + c for n in self.near for c in crossed if c[:3] == "L12")]
        return [*tf, *cf, *crosses, *near]


@functools.lru_cache(maxsize=65536)
def _coarse(token: str) -> str:
    if len(token) == 1 and not token.isalnum():
        return token
    if token.isdigit():
        return "0"
    return "w" if token.lower() in context_words() else "x"


def line_context(text: str) -> list[tuple[int, int, str, str]]:
    """``(start, end, prev, next)`` of each non-empty line of ``text``: ``prev`` and ``next`` are the first words
    (:func:`neighbour_word`) of the lines right before and after it, ``^`` where that line is empty or absent. The
    same for training and at run time."""
    out: list[tuple[int, int, str, str]] = []
    pos = 0
    physical = text.split("\n")
    words = [neighbour_word(x) if x else "^" for x in physical]
    for n, line in enumerate(physical):
        if line:
            out.append((pos, pos + len(line), words[n - 1] if n else "^", words[n + 1] if n + 1 < len(physical) else "^"))
        pos += len(line) + 1
    return out


def neighbour_word(line: str) -> str:
    """The first word of a neighbouring line as the model reads it (the key of the next or previous entry: a
    manifest's ``version`` after its ``name``), ``^`` for none."""
    for m in _TOKENS.finditer(line, 0, min(len(line), 200)):
        if m.group()[0].isalnum():
            return _ctx(m.group())
    return "^"


def features(tokens: list[tuple[int, int, str]], i: int, prev: str = "^", nxt: str = "^") -> list[str]:
    """Every feature of token ``i`` on a line between lines starting with the words ``prev`` and ``nxt``
    (:func:`neighbour_word`)."""
    return LineFeatures(tokens, prev, nxt).names(i)


hashed = FeatureHasher(BUCKETS)  # the bucket of each feature name


def candidates(line: str) -> Iterator[tuple[list[tuple[int, int, str]], int]]:
    """``(tokens, i)`` for each candidate token ``i`` of ``line``."""
    tokens = line_tokens(line)
    for i, (_, _, t) in enumerate(tokens):
        if is_candidate(t):
            yield tokens, i
