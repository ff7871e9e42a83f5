"""What every detector is: a named callable from text to spans on that text's offsets."""

from __future__ import annotations

from typing import Protocol

from ..spans import Span


class Detector(Protocol):
    name: str
    produces: frozenset[str]  # the categories of the spans it returns

    def detect(self, text: str) -> list[Span]:
        """Candidate spans on ``text``'s own offsets, before policy and overlap resolution."""
        ...
