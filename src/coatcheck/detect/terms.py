"""The user's always-mask terms, found with one Aho-Corasick automaton (case-insensitive, whole words)."""

from __future__ import annotations

from collections.abc import Sequence

import ahocorasick

from ..policy import Term
from ..spans import Span


class TermDetector:
    name = "terms"

    def __init__(self, terms: Sequence[Term]) -> None:
        self._automaton = ahocorasick.Automaton()
        for t in terms:
            self._automaton.add_word(t.term.lower(), (len(t.term), t.category))
        self._empty = not terms
        self.produces = frozenset({"custom", *(t.category for t in terms)})
        if terms:
            self._automaton.make_automaton()

    def detect(self, text: str) -> list[Span]:
        if self._empty:
            return []
        low = text.lower()
        if len(low) != len(text):  # lower() changed lengths (rare scripts): fall back to casefold-free search
            low = "".join(c.lower() if len(c.lower()) == 1 else c for c in text)
        out: list[Span] = []
        for end_idx, (n, category) in self._automaton.iter(low):
            start, end = end_idx - n + 1, end_idx + 1
            if start > 0 and (text[start - 1].isalnum() or text[start - 1] == "_"):
                continue
            if end < len(text) and (text[end].isalnum() or text[end] == "_"):
                continue
            out.append(Span(start, end, category, "terms:always_mask", 1.0))
        return out
