"""Declarative rule packs (``rules/*.toml``) and the detector that runs them.

A record::

    [[rule]]
    id = "github-pat"                 # unique across packs
    category = "secret"
    description = "GitHub personal access token (classic)"
    pattern = '''\\bghp_[A-Za-z0-9]{36}\\b'''
    # or, for a keyword-anchored rule, the parts that are its own; detect.grammar builds the pattern
    # in every assignment syntax and the value is group "v":
    # key = '''(?:cloudflare|cf)'''          # regex for the key's name, or
    # labels = "account"                   # a label list in data/vocab/labels.toml (all languages)
    # value = '''[A-Za-z0-9_-]{40}'''
    # tail = '''[\\w.-]{0,20}'''            # what may follow the key's name (default: nothing)
    # loose = true                         # a space alone may separate key and value
    # brackets = true                      # the value may stand in <…>, […] or (…)
    group = "v"                       # optional: the named/numbered group that is the value (default: whole match)
    keywords = ["ghp_"]               # literal prefilter, case-insensitive; no keywords = always run
    validator = "luhn"                # optional: name in detect.validators.VALIDATORS
    entropy = 3.5                     # optional: minimum Shannon entropy of the value
    keep = ["is_placeholder_value"]   # optional: keep predicates (detect.keep) that veto a candidate
    ignore_case = false
    score = 0.9
    examples = { positive = ["…"], negative = ["…"] }

Patterns use the ``regex`` module's syntax (``\\p{Lu}`` etc.). ``{vocab:TABLE}`` in a pattern or a key stands for the
words of ``[TABLE]`` in data/vocab/rules.toml, every language, as a literal alternation (see that file); as a keyword,
it adds the longest part of each of those words that no other keyword covers.
"""

from __future__ import annotations

from functools import cache
from importlib import resources
from bisect import bisect_left, bisect_right
from collections.abc import Iterable, Iterator
from typing import Any

import ahocorasick
import regex
from pydantic import BaseModel, Field, ValidationError, field_validator, model_validator

from ..._data import load_toml
from ...categories import categories
from ...errors import ConfigError
from ...spans import Span
from ..entropy import shannon_entropy
from ..grammar import assignment, label_regex
from ..vocabulary import (alternation, composed_keywords, composed_labels, vocab_cache, vocabulary_labels,
                          vocabulary_words)
from ..keep import KEEPS, SECRET_KEEPS
from ..validators import VALIDATORS


_VOCAB_REF = regex.compile(r"\{vocab:(\w+)\}")  # {vocab:TABLE}: a word list of data/vocab/rules.toml


class Examples(BaseModel):
    positive: list[str] = Field(min_length=1)
    negative: list[str] = Field(min_length=1)


class Rule(BaseModel):
    """One detection rule, validated on load."""

    model_config = {"extra": "forbid"}

    id: str
    category: str
    description: str
    pattern: str = ""
    key: str | None = None
    labels: str | None = None
    value: str | None = None
    tail: str = ""
    prefix: bool = True
    loose: bool = False
    brackets: bool = False
    group: int | str = 0
    keywords: list[str] = []
    validator: str | None = None
    entropy: float | None = None
    keep: list[str] = []
    ignore_case: bool = False
    score: float = 0.9
    provider: str | None = None
    examples: Examples

    @model_validator(mode="after")
    def _build_pattern(self) -> Rule:
        """Either ``pattern``, or ``key``/``labels`` + ``value`` that the shared grammar turns into one."""
        self.pattern = self._vocabulary(self.pattern)
        if self.key is not None:
            self.key = self._vocabulary(self.key)
        self._vocabulary_keywords()
        if self.pattern:
            if self.key or self.labels or self.value:
                raise ValueError("give either pattern, or key/labels + value")
            return self
        if self.value is None or (self.key is None) == (self.labels is None):
            raise ValueError("without a pattern, give value and exactly one of key or labels")
        key = self.key
        if self.labels is not None:
            labels = vocabulary_labels(self.labels)
            # every label reaches the keyword prefilter (and the search windows): its longest word is a keyword
            own = [k.lower() for k in self.keywords]
            for label in labels:
                low = label.lower()
                if not any(regex.search(r"(?<!\p{L})" + regex.escape(k), low) for k in own):
                    self.keywords.append(max(low.split(), key=len))
                # the label glued ("dbuser", "sshuser"): a keyword inside a word is no key's start, so the glued
                # form is a keyword of its own unless it starts with one
                glued = "".join(low.split())
                if glued != low and not any(glued.startswith(k) for k in own) and glued not in self.keywords:
                    self.keywords.append(glued)
            key = label_regex(labels)
            composed = composed_labels(self.labels)
            if composed is not None:
                key = f"(?:{key}|{composed})"
                self.keywords.extend(k for k in composed_keywords(self.labels) if k not in own)
        assert key is not None  # exactly one of key and labels, checked above
        # a label matches with "_", "-", "." or nothing for its blanks (national_id, Social-Security-Number,
        # customerno): so must its keywords, or the prefilter never lets the rule look
        self.keywords.extend(v for k in list(self.keywords) if " " in k
                             for v in (k.replace(" ", j) for j in ("_", "-", ".", "")) if v not in self.keywords)
        self.pattern = assignment(key, self.value, tail=self.tail, prefix=self.prefix, loose=self.loose,
                                  brackets=self.brackets, case_insensitive_value=self.ignore_case)
        self.group = "v"
        return self

    @staticmethod
    def _vocabulary(pattern: str) -> str:
        """``pattern`` with each ``{vocab:TABLE}`` replaced by the words of data/vocab/rules.toml's ``[TABLE]``."""
        return _VOCAB_REF.sub(lambda m: alternation(vocabulary_words("rules", m.group(1))), pattern)

    def _vocabulary_keywords(self) -> None:
        """A keyword ``{vocab:TABLE}``: each word of the table that no other keyword covers adds its longest part."""
        tables = [m.group(1) for k in self.keywords if (m := _VOCAB_REF.fullmatch(k))]
        if not tables:
            return
        self.keywords = [k for k in self.keywords if not _VOCAB_REF.fullmatch(k)]
        for table in tables:
            for word in vocabulary_words("rules", table):
                low = word.lower()
                if not any(k.lower() in low for k in self.keywords):
                    self.keywords.append(max(low.split(), key=len))

    @field_validator("category")
    @classmethod
    def _known_category(cls, v: str) -> str:
        if v not in categories():
            raise ValueError(f"unknown category {v!r}")
        return v

    @field_validator("validator")
    @classmethod
    def _known_validator(cls, v: str | None) -> str | None:
        if v is not None and v not in VALIDATORS:
            raise ValueError(f"unknown validator {v!r}")
        return v

    @field_validator("keep")
    @classmethod
    def _known_keeps(cls, v: list[str]) -> list[str]:
        for name in v:
            if name not in KEEPS:
                raise ValueError(f"unknown keep predicate {name!r}")
        return v


# A grammar-built pattern starts with a key alternation behind lookbehinds: searched, the regex engine tries it
# at every position. Such rules are tried only at word starts up to this far before one of their keywords.
_WINDOW_BEFORE = 48


def word_heads(text: str, starts: Iterable[int]) -> list[int]:
    """Sorted positions at most _WINDOW_BEFORE characters before one of ``starts`` where a word or a word part
    begins: not after a letter or digit, unless a lower-case letter is followed by an upper-case one (dbUser)."""
    spans: list[list[int]] = []
    for ks in sorted(set(starts)):
        lo = max(0, ks - _WINDOW_BEFORE)
        if spans and lo <= spans[-1][1] + 1:
            spans[-1][1] = max(spans[-1][1], ks)
        else:
            spans.append([lo, ks])
    out: list[int] = []
    for lo, hi in spans:
        prev = text[lo - 1] if lo > 0 else " "
        for p in range(lo, hi + 1):
            c = text[p] if p < len(text) else " "
            if not prev.isalnum() or (prev.islower() and c.isupper()):
                out.append(p)
            prev = c
    return out


@cache
def _compiled(pattern: str, flags: int) -> regex.Pattern[str]:
    """Compiled once per process: the pack has ~800 patterns, past the regex module's own cache, and every
    Masker (one per gateway session, per test) would compile them again."""
    return regex.compile(pattern, flags)


# A pattern that can run over many lines (a PEM block, a multi-line string) is searched in the whole text: one with
# a dot-all class or flag, or a line break inside a repeated group. Others span at most a line or two.
_MULTILINE = regex.compile(r"\[\\s\\S\]|\[\\S\\s\]|\(\?[a-z]*s|\\Z|\\[nr].*\)(?:[+*]|\{\d*,\d*\})")


class CompiledRule:
    """A rule ready to run. Its pattern is compiled on first use: a process that never meets a rule's keywords never
    pays for it (compiling all ~800 patterns took most of a cold start)."""

    __slots__ = ("rule", "_regex", "validator", "keeps", "anchored", "_anchor", "windowed")

    def __init__(self, rule: Rule) -> None:
        self.rule = rule
        self._regex: regex.Pattern[str] | None = None
        self._anchor: regex.Pattern[str] | None = None
        # A grammar rule (key = value) is tried only just before its keywords (see _matches).
        self.anchored = bool((rule.key or rule.labels) and rule.keywords)
        # A keyword rule whose matches stay within a line or two is searched only around its keywords' lines.
        self.windowed = bool(rule.keywords) and not self.anchored and _MULTILINE.search(rule.pattern) is None
        self.validator = VALIDATORS[rule.validator] if rule.validator else None
        keeps = [KEEPS[k] for k in rule.keep]
        if rule.category == "secret":
            keeps.extend(k for k in SECRET_KEEPS if k not in keeps)
        if rule.key or rule.labels:  # a label's neighbour in a table's header line is the next column's name
            keeps.append(KEEPS["is_header_cell"])
        self.keeps = tuple(keeps)

    @property
    def compiled(self) -> regex.Pattern[str]:
        if self._regex is None:
            flags = regex.V0 | (regex.IGNORECASE if self.rule.ignore_case else 0)
            self._regex = _compiled(self.rule.pattern, flags)
        return self._regex

    @property
    def anchor(self) -> regex.Pattern[str] | None:
        """The rule's keywords as one case-insensitive pattern (anchored rules only)."""
        if self._anchor is None and self.anchored:
            words = sorted(set(self.rule.keywords), key=len, reverse=True)
            self._anchor = _compiled("|".join(regex.escape(k) for k in words), regex.IGNORECASE)
        return self._anchor

    def _matches(self, text: str, windows: list[tuple[int, int]] | None = None,
                 starts: list[int] | None = None, heads: list[int] | None = None) -> Iterator[regex.Match[str]]:
        if not self.anchored:
            if windows is None:
                yield from self.compiled.finditer(text)
            else:
                for ws, we in windows:
                    yield from self.compiled.finditer(text, ws, we)
            return
        # A key starts a word (or a word part: POSTGRES_|USER, db|User) at most _WINDOW_BEFORE characters
        # before its keyword: try the pattern only at those starts, in order, never inside a previous match.
        # ``starts``: where the keywords start, when the caller already knows (the detector's keyword automaton);
        # ``heads``: the word starts near them, sorted, when the caller already computed them (word_heads).
        if starts is None:
            assert self.anchor is not None
            starts = [k.start() for k in self.anchor.finditer(text)]
        if heads is None:
            heads = word_heads(text, starts)
        seen_to = 0
        for ks in sorted(set(starts)):
            if ks > 0 and text[ks - 1].isalpha() and not (text[ks - 1].islower() and text[ks].isupper()):
                continue  # a key's keyword starts a word or a word part: "hotel" is no "tel"; POSTGRES_USER, dbUser are
            first = max(seen_to, ks - _WINDOW_BEFORE)
            for i in range(bisect_left(heads, first), bisect_right(heads, ks)):
                m = self.compiled.match(text, heads[i])
                if m is not None:
                    seen_to = m.end()
                    yield m
                    break

    def find(self, text: str, windows: list[tuple[int, int]] | None = None, starts: list[int] | None = None,
             heads: list[int] | None = None) -> list[Span]:
        """Spans of this rule in ``text`` (only inside ``windows``, when given, for a windowed rule; only before the
        keyword ``starts``, when given, for an anchored one, at the word ``heads`` among them when given)."""
        r = self.rule
        out: list[Span] = []
        for m in self._matches(text, windows, starts, heads):
            start, end = m.span(r.group)
            if start < 0 or end <= start:
                continue
            # "Account Name: CORP\mkowalski": the login is checked, and masked with its domain
            login_at = text.rindex("\\", start, end) + 1 if r.category == "username" and "\\" in text[start:end] else start
            if login_at > start and text[start:login_at - 1].upper() in _WINDOWS_AUTHORITIES:
                continue  # "BUILTIN\Administrators", "NT AUTHORITY\SYSTEM": Windows' own principals
            checked = self._validated_end(text, login_at, end)
            if checked is None:
                continue
            end = checked
            value = text[start:end]
            if r.entropy is not None and shannon_entropy(value) < r.entropy:
                continue
            if any(k(text, start, end) for k in self.keeps):
                continue
            out.append(Span(start, end, r.category, r.id, r.score))
        return out

    def _validated_end(self, text: str, start: int, end: int) -> int | None:
        """``end`` if the validator accepts the value; else retry without up to two trailing
        space-separated chunks (``DE89 3704 … 00 EUR`` matched one group too many)."""
        if self.validator is None:
            return end
        for _ in range(3):
            while end - start > 1 and text[end - 1] in " .,;:-":
                end -= 1
            if self.validator(text[start:end]):
                return end
            if self.rule.category == "username":
                return None  # a login is one token: ec2-user refused is not ec2 accepted
            cut = max(text.rfind(" ", start, end), text.rfind("-", start, end))
            if cut <= start:
                return None
            end = cut
        return None


# the authorities of Windows' built-in principals (whoami /all, icacls, event logs): no one's domain
_WINDOWS_AUTHORITIES = frozenset({"BUILTIN", "NT AUTHORITY", "AUTHORITY", "NT SERVICE", "SERVICE", "IIS APPPOOL", "APPPOOL",
                                  "WINDOW MANAGER", "FONT DRIVER HOST", "NT VIRTUAL MACHINE", "MACHINE", "MANDATORY LABEL",
                                  "LABEL", "APPLICATION PACKAGE AUTHORITY"})


def _pack_files() -> list[resources.abc.Traversable]:
    base = resources.files("coatcheck").joinpath("detect", "rules")
    return sorted((f for f in base.iterdir() if f.name.endswith(".toml")), key=lambda f: f.name)


@vocab_cache
def load_rules() -> tuple[Rule, ...]:
    """Every record of every bundled pack, validated; a bad record raises ConfigError naming it. Patterns are
    compiled when a rule first runs (``check_patterns`` compiles them all)."""
    rules: list[Rule] = []
    seen: set[str] = set()
    for f in _pack_files():
        data: dict[str, Any] = load_toml(f)
        for i, rec in enumerate(data.get("rule", [])):
            try:  # patterns compile on first use; tests/detect compile every bundled one
                rule = Rule.model_validate(rec)
            except ValidationError as exc:
                raise ConfigError(f"{f.name}: rule #{i} ({rec.get('id', '?')}): {exc}") from exc
            if rule.id in seen:
                raise ConfigError(f"{f.name}: duplicate rule id {rule.id!r}")
            seen.add(rule.id)
            rules.append(rule)
    return tuple(rules)


def check_patterns(rules: tuple[Rule, ...] | None = None) -> None:
    """Compile every pattern now; a bad one raises ConfigError naming its rule (tests, ``coatcheck doctor``)."""
    for rule in rules if rules is not None else load_rules():
        try:
            _compiled(rule.pattern, regex.V0 | (regex.IGNORECASE if rule.ignore_case else 0))
        except regex.error as exc:
            raise ConfigError(f"rule {rule.id!r}: {exc}") from exc


class RuleDetector:
    """Runs the rule packs; rules with keywords run only when a keyword occurs in the text."""

    name = "rules"

    def __init__(self, rules: tuple[Rule, ...] | None = None, disabled: frozenset[str] = frozenset()) -> None:
        self.rules = [CompiledRule(r) for r in (rules if rules is not None else load_rules()) if r.category not in disabled]
        self.produces = frozenset(c.rule.category for c in self.rules)
        self._always = [c for c in self.rules if not c.rule.keywords]
        self._automaton = ahocorasick.Automaton()
        by_kw: dict[str, list[int]] = {}
        for i, c in enumerate(self.rules):
            for kw in c.rule.keywords:
                by_kw.setdefault(kw.lower(), []).append(i)
        for kw, idx in by_kw.items():
            self._automaton.add_word(kw, (len(kw), tuple(idx)))
        if by_kw:
            self._automaton.make_automaton()
        self._has_keywords = bool(by_kw)

    def _hits(self, low: str) -> dict[int, list[tuple[int, int]]]:
        """For each rule with a keyword in ``low`` (the lower-cased text), where its keywords start and end (the
        index of their last character), in order of end."""
        if not self._has_keywords:
            return {}
        by_rules: dict[tuple[int, ...], list[tuple[int, int]]] = {}
        for end, (n, idx) in self._automaton.iter(low):
            by_rules.setdefault(idx, []).append((end - n + 1, end))
        hits: dict[int, list[tuple[int, int]]] = {}
        for idx, found in by_rules.items():
            for i in idx:
                hits.setdefault(i, []).extend(found)
        if len(by_rules) > 1:  # a rule named by two keywords has both keywords' hits: back in order of end
            for found in hits.values():
                found.sort(key=lambda h: h[1])
        return hits

    def triggered(self, text: str) -> list[CompiledRule]:
        return self._always + [self.rules[i] for i in sorted(self._hits(text.lower()))]

    def detect(self, text: str) -> list[Span]:
        out: list[Span] = []
        for c in self._always:
            out.extend(c.find(text))
        low = text.lower()
        exact = len(low) == len(text)  # keyword offsets are the text's own (no case folding grew a char)
        hits = sorted(self._hits(low).items())
        heads = word_heads(text, (s for i, found in hits if self.rules[i].anchored for s, _ in found)) if exact else []
        windows: dict[tuple[int, ...], list[tuple[int, int]]] = {}  # rules sharing keywords share their windows
        for i, found in hits:
            c = self.rules[i]
            if not exact:
                out.extend(c.find(text))
            elif c.anchored:
                out.extend(c.find(text, starts=[s for s, _ in found], heads=heads))
            elif c.windowed:
                ends = tuple(e for _, e in found)
                if ends not in windows:
                    windows[ends] = keyword_windows(text, list(ends))
                out.extend(c.find(text, windows[ends]))
            else:
                out.extend(c.find(text))
        return out


def keyword_windows(text: str, ends: list[int]) -> list[tuple[int, int]]:
    """Merged ``(start, end)`` windows of the line before, the line of, and the line after each keyword end."""
    out: list[tuple[int, int]] = []
    for e in ends:
        ls = text.rfind("\n", 0, max(0, e - 1))
        start = text.rfind("\n", 0, ls) + 1 if ls > 0 else 0
        le = text.find("\n", e)
        nxt = text.find("\n", le + 1) if le >= 0 else -1
        end = len(text) if le < 0 or nxt < 0 else nxt + 1
        if out and start <= out[-1][1]:
            out[-1] = (out[-1][0], max(out[-1][1], end))
        else:
            out.append((start, end))
    return out
