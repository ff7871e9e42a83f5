"""What the whole pipeline finds in a text, as the carrier tests read it."""

from __future__ import annotations

from coatcheck import Masker


def found(masker: Masker, text: str) -> dict[str, str]:
    """Each value the pipeline would mask in ``text``, with its category."""
    return {text[s.start:s.end]: s.category for s in masker.pipeline.detect(text)}


def touched(masker: Masker, text: str, value: str) -> bool:
    """Whether any span the pipeline finds in ``text`` overlaps the first occurrence of ``value``."""
    start = text.index(value)
    return any(s.start < start + len(value) and s.end > start for s in masker.pipeline.detect(text))


def covered(masker: Masker, text: str, value: str) -> bool:
    """Whether every letter and digit of the first occurrence of ``value`` in ``text`` lies inside a span the
    pipeline finds (its punctuation may stay outside)."""
    start = text.index(value)
    spans = masker.pipeline.detect(text)
    return all(any(s.start <= k < s.end for s in spans) for k in range(start, start + len(value)) if text[k].isalnum())
