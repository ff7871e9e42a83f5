"""The Span type and overlap resolution."""

from __future__ import annotations

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
