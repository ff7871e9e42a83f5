"""The detection pipeline: detectors → normalised view → policy filter → overlap resolution."""

from __future__ import annotations

import ipaddress
import os
from collections.abc import Iterable, Iterator
from dataclasses import replace

import ahocorasick
import regex

from ..categories import categories, category
from ..normalize import (
    despaced_view,
    needs_despaced_view,
    needs_model_view,
    needs_unescaped_view,
    needs_view,
    normalized_view,
    partial_view,
    unescaped_view,
)
from ..policy import Policy
from ..spans import Span, resolve
from .base import Detector
from .context import ContextDetector
from .dates import drop_dates
from .examples import drop_documented
from .encoded import EncodedDetector
from .names import NameDetector
from .phones import PhoneDetector
from .rules import RuleDetector
from .tables import TableDetector
from .validators import gazetteer_name
from .vocabulary import all_plain_words, is_product
from .terms import TermDetector


# pyahocorasick's iter() walks each position's chain of shorter matches: on periodic text a long pattern makes
# that quadratic (100 KB of "password=" took 1.8 s). Long values are found with str.find instead.
_AUTOMATON_MAX = 64


class ValueFinder:
    """Finds every occurrence (overlapping ones too) of a fixed set of values: short values through one
    Aho-Corasick automaton, long ones with ``str.find``. Build once, search many texts."""

    def __init__(self, values: Iterable[str]) -> None:
        values = list(dict.fromkeys(values))
        self.long = [v for v in values if len(v) > _AUTOMATON_MAX]
        short = [v for v in values if len(v) <= _AUTOMATON_MAX]
        self.automaton: ahocorasick.Automaton | None = None
        if short:
            self.automaton = ahocorasick.Automaton()
            for value in short:
                self.automaton.add_word(value, value)
            self.automaton.make_automaton()

    def iter(self, text: str) -> Iterator[tuple[int, str]]:
        """``(start, value)`` for every occurrence in ``text``."""
        if self.automaton is not None:
            for end_idx, value in self.automaton.iter(text):
                yield end_idx - len(value) + 1, value
        for value in self.long:
            i = text.find(value)
            while i >= 0:
                yield i, value
                i = text.find(value, i + 1)


_PLAIN_WORD = regex.compile(r"[A-Za-z][A-Za-z_'-]*")
_NAME_WORD = regex.compile(r"\p{Lu}\p{Ll}{2,}")


def inside_token(text: str, start: int, end: int) -> bool:
    """The occurrence is part of a longer word or identifier (``proxy_headers`` for ``headers``)."""
    before = text[start - 1] if start > 0 else " "
    after = text[end] if end < len(text) else " "
    return before.isalnum() or before == "_" or after.isalnum() or after == "_"


def known_values(text: str, found: list[Span]) -> dict[str, Span]:
    """The values of ``found`` worth masking wherever else they occur: at least five characters, one line,
    not a literal, not a plain word unless a person's name; plus each capitalised word of a detected full
    name. One component for the masker, the encoded-copy search and the gateway session."""
    from .._data import word_list

    known: dict[str, Span] = {}
    common = word_list("common_words")
    first, last = word_list("first_names"), word_list("last_names")

    def name_word(w: str) -> bool:  # a gazetteer name, so that one model slip ("Valgrind") does not spread
        return (bool(_NAME_WORD.fullmatch(w)) and (w in first or w in last) and w not in common
                and not is_product(w) and not all_plain_words([w]))

    for s in found:
        value = text[s.start : s.end]
        if "\n" in value or s.category == "literal":
            continue
        words = value.split()
        if s.category == "person":
            if len(words) > 1 and len(value) >= 5:
                known.setdefault(value, s)
            if len(words) > 1 and gazetteer_name(value):  # the parts of a credible full name only
                for w in words:
                    if name_word(w):
                        known.setdefault(w, s)
        elif len(value) >= 5 and not _PLAIN_WORD.fullmatch(value):
            known.setdefault(value, s)
    return known


class Pipeline:
    """The ordered stages that turn a text into spans to mask. Stateless after construction, thread-safe.

    ``extra`` detectors (the model, later) run beside the built-in ones on the original and normalised views.
    """

    def __init__(self, policy: Policy, extra: list[Detector] | None = None) -> None:
        self.policy = policy
        disabled = frozenset(c for c in categories() if not policy.masks(c))
        base: list[Detector] = [RuleDetector(disabled=disabled)]
        if policy.masks("secret"):
            base.append(ContextDetector())
        if policy.masks("phone"):
            base.append(PhoneDetector())
        if policy.masks("person"):
            base.append(NameDetector())
        base.append(TableDetector())
        base.extend(extra or [])
        self.base = base
        # The model runs on the original text and, when one is needed, on the normalised view (homoglyph names);
        # not on decoded views: it is the costliest stage.
        self.model = None
        if (policy.masks("person") or policy.masks("address")) and os.environ.get("COATCHECK_MODEL", "1") != "0":
            from .model import ModelDetector, available

            if available():
                self.model = ModelDetector()
        self.terms = TermDetector(policy.always_mask)
        self.encoded = EncodedDetector([d.detect for d in base], lambda c: policy.masks(c) and category(c).dangerous)
        self._networks = policy.networks()

    @property
    def stages(self) -> list[str]:
        """Stage names in order, for ``coatcheck doctor`` and ``--explain``."""
        model = ["model"] if self.model is not None else []
        return ["normalize", *(d.name for d in self.base), *model, "terms", "encoded", "policy", "resolve"]

    def detect(self, text: str) -> list[Span]:
        spans: list[Span] = []
        for d in (*self.base, self.terms, self.encoded):
            spans.extend(d.detect(text))
        if self.model is not None:
            spans.extend(self.model.detect(text))
        # Views whose offsets map back to the original: the normalised one (homoglyphs, zero-width, fullwidth; the
        # model reads it too, for homoglyph names); the unescaped one (KEY=VALUE lines inside a JSON string, a tool
        # call's new_string, kubectl -o json, .ipynb cells, HTML character references: "\n" ends a line and a
        # value); the despaced one (values spelled out one character at a time).
        # Each view covers only the blocks (lines between blank lines) that need it. The model reads the normalised
        # view only where letters change: its tokenizer folds NFKC and spaces itself.
        model = [self.model] if self.model is not None else []
        rest = [*self.base, self.terms]
        for needed, build, label, detectors in ((needs_view, normalized_view, "normalized", rest),
                                                (needs_model_view, normalized_view, "normalized", model),
                                                (needs_unescaped_view, unescaped_view, "unescaped", rest),
                                                (needs_despaced_view, despaced_view, "despaced", rest)):
            view = partial_view(text, needed, build) if detectors else None
            if view is not None:
                for d in detectors:
                    for s in d.detect(view.text):
                        start, end = view.to_original(s.start, s.end)
                        spans.append(replace(s, start=start, end=end, detector=f"{label}:{s.detector}"))
        found = resolve(drop_documented(text, drop_dates(text, [s for s in spans if self._allowed(text, s)])))
        return resolve(found + self._repeats(text, found))

    def _repeats(self, text: str, found: list[Span]) -> list[Span]:
        """Once a value is known to be sensitive, mask its other occurrences too: verbatim (as a whole
        token, never inside an identifier or a longer word) and inside encoded blobs, even where no context
        would have flagged them. Only strong values repeat: a plain word that one weak slot took for a
        username or a password (``Annotated``, ``return``) does not spread through the file. The words of a
        detected full name do (``Grace Dodge`` … ``— Grace``)."""
        known = known_values(text, found)
        if not known:
            return []
        out: list[Span] = []
        for start, value in ValueFinder(known).iter(text):
            end = start + len(value)
            if inside_token(text, start, end):
                continue
            s = known[value]
            out.append(replace(s, start=start, end=end, detector=f"repeat:{s.detector}"))
        out.extend(self.encoded.repeats(text, known))
        return out

    def _allowed(self, text: str, span: Span) -> bool:
        if not self.policy.masks(span.category):
            return False
        value = text[span.start : span.end]
        if value in self.policy.never_mask:
            return False
        if span.category == "ip" and not self.policy.mask_private_ips:
            try:
                ip = ipaddress.ip_address(value.split("%", 1)[0])
            except ValueError:
                return True
            if any(ip in n for n in self._networks if n.version == ip.version):
                return False
        return True
