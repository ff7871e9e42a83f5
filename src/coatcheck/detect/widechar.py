"""The wide-character view: UTF-16 text read as if it were 8-bit, with its NULs taken out.

A UTF-16 file that a tool prints without decoding (``cat .env`` of a file Windows PowerShell 5.1 wrote with
``echo … > .env``) reaches the gateway as text with a NUL after (little-endian) or before (big-endian) every
ASCII character, often behind a byte-order mark. No detector matches ``G\\0I\\0T\\0…``, yet a model reads it fine.
This view drops the NULs and byte-order marks (and their escaped spellings ``\\u0000`` / ``\\x00``, for text that
went through a JSON or C string once more); each remaining character maps back to its own original offset, so a
hit covers the whole interleaved run in the original and restoring gives the original characters back.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from ..normalize import UnescapedView, rewrite

# What a wide character's padding looks like in a string leaf: a NUL, its escaped spellings, a byte-order mark
# (U+FEFF, and U+FFFE as a byte-swapped one read as UTF-16 of the other order).
_PADDING = re.compile(r"\x00|\\u0000|\\x00|\ufeff|\ufffe")
# At least four characters in a row each padded by one NUL: wide text, not a stray terminator.
_WIDE_RUN = re.compile(r"(?:[^\x00]\x00){4}|(?:\x00[^\x00]){4}|(?:[^\\]\\u0000){4}|(?:[^\\]\\x00){4}")


def needs_wide_view(text: str) -> bool:
    """True when ``text`` holds a run of NUL-interleaved (UTF-16 read as 8-bit) characters."""
    return ("\x00" in text or "\\u0000" in text or "\\x00" in text) and _WIDE_RUN.search(text) is not None


def _dropped(m: re.Match[str]) -> Iterable[tuple[str, tuple[int, int]]]:
    return ()


def wide_view(text: str) -> UnescapedView:
    """``text`` without NULs and byte-order marks; ``spans[i]`` is the original ``(start, end)`` of ``text[i]``,
    so a span over the view maps to the original run from its first to its last character, padding included."""
    return UnescapedView(*rewrite(text, _PADDING, _dropped))
