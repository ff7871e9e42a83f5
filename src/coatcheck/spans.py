"""The Span type, overlap resolution, and widening to whole backslash escapes."""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Iterable
from dataclasses import dataclass, field, replace

from .categories import category


@dataclass(frozen=True, order=True)
class Span:
    """A detected value at ``text[start:end]`` (Python str offsets, end-exclusive)."""

    start: int
    end: int
    category: str = field(compare=False)
    detector: str = field(compare=False, default="")
    score: float = field(compare=False, default=1.0)

    def shifted(self, delta: int) -> Span:
        return replace(self, start=self.start + delta, end=self.end + delta)

    def __len__(self) -> int:
        return self.end - self.start


def _rank(span: Span) -> tuple[int, float, int]:
    return (category(span.category).priority, span.score, len(span))


def resolve(spans: list[Span]) -> list[Span]:
    """Merge overlapping spans into disjoint ones, sorted by start.

    Overlapping spans become one span covering their union (nothing detected is left
    uncovered); its category and detector come from the highest-ranked member.
    """
    out: list[Span] = []
    for s in sorted(spans, key=lambda s: (s.start, -s.end)):
        if s.end <= s.start:
            continue
        if out and s.start < out[-1].end:
            prev = out[-1]
            best = max(prev, s, key=_rank)
            out[-1] = replace(best, start=prev.start, end=max(prev.end, s.end), score=max(prev.score, s.score))
        else:
            out.append(s)
    return out


# The characters a backslash escapes in JSON, Python, JavaScript, C, Go and shell strings.
_ESCAPED = frozenset("\\\"'/`$bfnrtuvaxeUN01234567\n")


def _escape_bounds(text: str, i: int) -> tuple[int, int] | None:
    """If offset ``i`` falls strictly inside a backslash escape (``\\n``, ``\\"``, ``\\u00e9``), its bounds."""
    for back in range(1, 6):
        p = i - back
        if p < 0:
            break
        if text[p] != "\\":
            continue
        run = 0
        while p - run >= 0 and text[p - run] == "\\":
            run += 1
        if run % 2 == 0:
            return None  # an escaped backslash, not the start of an escape
        nxt = text[p + 1] if p + 1 < len(text) else ""
        if nxt not in _ESCAPED:
            return None  # "C:\Users\ogunleye": a Windows path's separator, not an escape of any string syntax
        length = 6 if nxt == "u" and all(c in "0123456789abcdefABCDEF" for c in text[p + 2 : p + 6]) else 2
        return (p, p + length) if p < i < p + length else None
    return None


def escape_safe(text: str, span: Span) -> Span:
    """Widen a span so it never cuts a backslash escape in half (keeps JSON and string literals valid)."""
    start, end = span.start, span.end
    b = _escape_bounds(text, start)
    if b:
        start = b[0]
    b = _escape_bounds(text, end)
    if b:
        end = b[1]
    elif end > 0 and text[end - 1] == "\\":
        run = 0
        while end - 1 - run >= start and text[end - 1 - run] == "\\":
            run += 1
        if run % 2 == 1 and end < len(text):
            end += 1
    if (start, end) == (span.start, span.end):
        return span
    return replace(span, start=start, end=end)


class Intervals:
    """Spans sorted by start, for overlap and containment questions in logarithmic time (their longest length
    bounds how far back a span that reaches a point can start)."""

    def __init__(self, spans: Iterable[tuple[int, int]]) -> None:
        self.spans = sorted(spans)
        self.starts = [a for a, _ in self.spans]
        self.longest = max((b - a for a, b in self.spans), default=0)

    def _near(self, start: int, end: int) -> list[tuple[int, int]]:
        return self.spans[bisect_left(self.starts, start - self.longest):bisect_left(self.starts, end)]

    def overlaps(self, start: int, end: int) -> bool:
        return any(a < end and start < b for a, b in self._near(start, end))

    def contains(self, start: int, end: int) -> bool:
        return any(a <= start and end <= b for a, b in self._near(start, end))
