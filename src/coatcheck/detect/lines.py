"""Line-at-a-time detection: the lines of a text, and a bounded cache of a detector's findings per line.

Detectors whose findings depend on a line (the keyless classifier: the line alone; the login classifier: the line
and its neighbours' first words, part of its key) score each distinct line once: the views of a text and the turns
of a conversation, resent whole, repeat most lines.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from functools import lru_cache
from typing import Generic, TypeVar

_T = TypeVar("_T")
CACHED_LINE = 4096  # longer lines are scored every time (rare; they would crowd the cache)
CACHE_CHARS = 4_000_000  # the cache holds at most this many characters of lines (then starts afresh)


def lines(text: str) -> Iterator[tuple[int, int]]:
    """``(start, end)`` of each non-empty line of ``text`` (``end`` before its newline)."""
    ls, n = 0, len(text)
    while ls < n:
        le = text.find("\n", ls)
        le = n if le < 0 else le
        if le > ls:
            yield ls, le
        ls = le + 1


@lru_cache(maxsize=4)
def separated(text: str, start: int, end: int, sep: str) -> Iterator[tuple[int, int]]:
    """``(start, end)`` of each ``sep``-separated part of ``text[start:end]``, empty parts included (a record's fields:
    HL7's ``|``, ``~`` and ``^``, X12's elements)."""
    s = start
    while (i := text.find(sep, s, end)) >= 0:
        yield s, i
        s = i + 1
    yield s, end


def newline_offsets(text: str) -> list[int]:
    """The offsets of ``text``'s newlines, in order, found once per text (stages and keep predicates that run per span
    look a span's line up in them by bisection, not by scanning back; callers must not change the list)."""
    return [m.start() for m in re.finditer("\n", text)]


class LineCache(Generic[_T]):
    """``get(line)``: ``compute(line)``, remembered while the lines held stay under :data:`CACHE_CHARS`.
    Thread-safe in the way that matters: a concurrent clear only makes a lookup miss."""

    def __init__(self, compute: Callable[[str], _T]) -> None:
        self._compute = compute
        self._lines: dict[str, _T] = {}
        self._chars = 0

    def clear(self) -> None:
        """Forget every line (a benchmark timing first reads)."""
        self._lines = {}
        self._chars = 0

    def peek(self, line: str) -> _T | None:
        """What is remembered for ``line``, or None."""
        return self._lines.get(line)

    def put(self, line: str, found: _T) -> None:
        """Remember ``found`` for ``line`` (unless the line is too long to keep)."""
        if len(line) <= CACHED_LINE:
            if self._chars + len(line) > CACHE_CHARS:
                self._lines = {}  # a reader holding the old dict only misses
                self._chars = 0
            self._lines[line] = found
            self._chars += len(line)

    def get(self, line: str) -> _T:
        found = self._lines.get(line)
        if found is None:
            found = self._compute(line)
            self.put(line, found)
        return found
