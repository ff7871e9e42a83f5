"""A script in one dialect given as the last word of a POSIX command (``pwsh -Command '…'`` sent to a Bash tool):
where that word starts, and the command with that word replaced, when the POSIX shell and :mod:`shlex` are sure
to read the command alike."""

from __future__ import annotations

import shlex

from . import posix
from .base import DialectSyntaxError

# outside quotes, only characters that no POSIX shell expands, splits on or reads as an operator
_PLAIN_SAFE = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-./:=+,@%' \t\"")


def last_word_start(cmd: str, words: list[str]) -> int | None:
    """Where the last of ``words`` (``shlex.split(cmd)``) starts in ``cmd``; None unless ``cmd`` is a plain list of
    words that a POSIX shell reads as shlex does: no expansion (``$``, backticks, globs, ``~``), no operator, no
    escape outside quotes, nothing but quotes and plain characters."""
    if len(words) < 2:
        return None
    try:
        ctx = posix.contexts(cmd)
    except DialectSyntaxError:
        return None
    for i, c in enumerate(cmd):
        if ctx[i] == posix.SINGLE:
            continue
        if ctx[i] == posix.DOUBLE:
            if c in "$`" or (c == "\\" and cmd[i + 1:i + 2] in ("\n", "\r", "")):
                return None
            continue
        if ctx[i] != posix.PLAIN or c not in _PLAIN_SAFE:
            return None
    for k in range(len(cmd) - 1, 0, -1):
        if cmd[k - 1] in " \t" and ctx[k - 1] == posix.PLAIN and cmd[k] not in " \t":
            try:
                if shlex.split(cmd[k:]) == words[-1:] and shlex.split(cmd[:k]) == words[:-1]:
                    return k
            except ValueError:
                continue
    return None


def replace_last_word(cmd: str, start: int, words: list[str], new: str) -> str | None:
    """``cmd`` with its last word (from ``start``) replaced by ``new`` in single quotes; None unless shlex then
    reads exactly ``words`` with the last one replaced."""
    rest = cmd[start:]
    body = rest.rstrip(" \t\r\n")
    out = cmd[:start] + "'" + new.replace("'", "'\\''") + "'" + rest[len(body):]
    try:
        if shlex.split(out) != [*words[:-1], new]:
            return None
    except ValueError:
        return None
    return out
