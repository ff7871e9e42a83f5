"""POSIX shells (sh, bash, zsh, dash, ksh): the quoting context of every character, how a value is quoted for a
context so the shell reads exactly that value inside the same word, and the re-check that the token structure did
not move.

Restoring ``SECRET_x`` raw into ``PGPASSWORD='SECRET_x' psql`` turns a value such as ``a'$(id)'`` into code.
So every value goes in escaped for the context its placeholder sits in (unquoted, single quotes, double quotes,
``$'…'``, here-documents); where the context cannot be quoted safely (backticks, a value with a newline in a
here-document) the placeholder is kept. A final check re-tokenises the command with :mod:`shlex` and keeps every
placeholder if the token structure moved.
"""

from __future__ import annotations

import re
import shlex

from ....vault import PLACEHOLDER_RE
from .base import DialectSyntaxError, FunctionDialect

PLAIN, SINGLE, DOUBLE, ANSI, BACKTICK, HEREDOC_RAW, HEREDOC_EXP, COMMENT = (
    "plain", "single", "double", "ansi", "backtick", "heredoc-raw", "heredoc-exp", "comment")

_SAFE_BARE = re.compile(r"[A-Za-z0-9@%+=:,./_-]+")
_HEREDOC = re.compile(r"<<(-?)[ \t]*(?:'([^'\n]*)'|\"([^\"\n]*)\"|\\?([A-Za-z0-9_.-]+))")


_QUOTED = {"single": ("'", SINGLE, False), "double": ('"', DOUBLE, True), "ansi": ("'", ANSI, True), "backtick": ("`", BACKTICK, True)}


def contexts(cmd: str) -> list[str]:
    """The quoting context of every character of ``cmd`` (a one-pass lexer for the POSIX shell subset agents
    write: quotes, backslashes, ``$'…'``, ``$(…)``, backticks, comments and here-documents)."""
    n = len(cmd)
    ctx = [PLAIN] * n
    stack: list[str] = ["plain"]  # plain, sub (inside $( … )), single, double, ansi, backtick
    pending: list[tuple[str, bool, bool]] = []  # here-documents announced on this line: (delimiter, quoted, strip tabs)
    word_start = True
    i = 0
    while i < n:
        top = stack[-1]
        c = cmd[i]
        if top in ("plain", "sub"):
            ctx[i] = PLAIN
            if c == "\\":
                if i + 1 < n:
                    ctx[i + 1] = PLAIN
                i += 2
                word_start = False
                continue
            if c == "'":
                stack.append("single")
            elif c == '"':
                stack.append("double")
            elif c == "$" and cmd.startswith("'", i + 1):
                stack.append("ansi")
                ctx[i + 1] = PLAIN
                i += 2
                word_start = False
                continue
            elif c == "$" and cmd.startswith("(", i + 1):
                stack.append("sub")
                ctx[i + 1] = PLAIN
                i += 2
                word_start = True
                continue
            elif c == "`":
                stack.append("backtick")
            elif c == "(" and top == "sub":
                stack.append("sub")  # a nested group; its ")" pops it again
            elif c == ")" and top == "sub":
                stack.pop()
            elif c == "#" and word_start:
                j = cmd.find("\n", i)
                j = n if j < 0 else j
                for k in range(i, j):
                    ctx[k] = COMMENT
                i = j
                continue
            elif c == "<" and cmd.startswith("<", i + 1) and not cmd.startswith("<", i + 2):
                m = _HEREDOC.match(cmd, i)
                if m:
                    delim = m.group(2) if m.group(2) is not None else m.group(3) if m.group(3) is not None else m.group(4)
                    quoted = m.group(2) is not None or m.group(3) is not None or m.group(0).find("\\") >= 0
                    pending.append((delim, quoted, m.group(1) == "-"))
                    i = m.end()
                    word_start = True
                    continue
            elif c == "\n" and pending:
                i = _heredoc_bodies(cmd, i + 1, pending, ctx)
                pending = []
                word_start = True
                continue
            word_start = c in " \t\n;&|()<>"
            i += 1
            continue
        # inside quotes or backticks: (closing character, context, backslash escapes the next character)
        close, inner, escapes = _QUOTED[top]
        if escapes and c == "\\" and i + 1 < n:
            ctx[i] = ctx[i + 1] = inner
            i += 2
            continue
        if c == close:
            ctx[i] = PLAIN if top != "backtick" else BACKTICK
            stack.pop()
        elif top == "double" and c == "$" and cmd.startswith("(", i + 1):
            ctx[i] = ctx[i + 1] = DOUBLE
            stack.append("sub")
            i += 2
            word_start = True
            continue
        else:
            ctx[i] = inner
            if top == "double" and c == "`":
                stack.append("backtick")
        i += 1
    if len(stack) != 1 or pending:
        raise DialectSyntaxError("unbalanced quoting")
    return ctx


def _heredoc_bodies(cmd: str, i: int, pending: list[tuple[str, bool, bool]], ctx: list[str]) -> int:
    n = len(cmd)
    for delim, quoted, strip_tabs in pending:
        while True:
            if i >= n:
                raise DialectSyntaxError("unterminated here-document")
            j = cmd.find("\n", i)
            j = n if j < 0 else j
            line = cmd[i:j]
            if (line.lstrip("\t") if strip_tabs else line) == delim:
                i = j + 1
                break
            for k in range(i, j):
                ctx[k] = HEREDOC_RAW if quoted else HEREDOC_EXP
            i = j + 1
    return i


def quote_for(value: str, context: str) -> str | None:
    """``value`` written so that, in ``context``, the shell reads exactly ``value`` as part of the same word;
    None where that cannot be guaranteed (the caller keeps the placeholder)."""
    if context == PLAIN:
        if value and _SAFE_BARE.fullmatch(value):
            return value
        return "'" + value.replace("'", "'\\''") + "'"
    if context == SINGLE:
        return value.replace("'", "'\\''")
    if context == DOUBLE:
        return re.sub(r'([\\"$`])', r"\\\1", value)
    if context == ANSI:
        return "".join(_ansi_char(c) for c in value)
    if context == HEREDOC_RAW:
        return None if "\n" in value or "\r" in value else value
    if context == HEREDOC_EXP:
        return None if "\n" in value or "\r" in value else re.sub(r"([\\$`])", r"\\\1", value)
    if context == COMMENT:
        return None if "\n" in value or "\r" in value else value
    return None  # backticks: their escaping rules nest; keep the placeholder


def _ansi_char(c: str) -> str:
    if c in "\\'":
        return "\\" + c
    if c.isprintable():
        return c
    return {"\n": "\\n", "\t": "\\t", "\r": "\\r"}.get(c, f"\\x{ord(c):02x}" if ord(c) < 256 else c)


def same_tokens(masked: str, restored: str, literal: list[tuple[str, str]], ctx: list[str]) -> bool:
    """shlex's reading of ``restored`` must be its reading of ``masked`` with each placeholder replaced by its
    value. Commands shlex cannot read the way a shell does (here-documents, ``$'…'``) rely on the lexer alone."""
    if HEREDOC_RAW in ctx or HEREDOC_EXP in ctx or ANSI in ctx:
        return True
    try:
        before = shlex.split(masked, comments=COMMENT in ctx)
        after = shlex.split(restored, comments=COMMENT in ctx)
    except ValueError:
        return False
    queue = list(literal)  # in order of appearance; shlex keeps that order
    expected = []
    for tok in before:
        out, pos = [], 0
        for m in PLACEHOLDER_RE.finditer(tok):
            if not queue or queue[0][0] != m.group():
                continue  # a placeholder the vault does not know: left as it is
            out.append(tok[pos:m.start()])
            out.append(queue.pop(0)[1])
            pos = m.end()
        out.append(tok[pos:])
        expected.append("".join(out))
    return after == expected


POSIX = FunctionDialect("posix", contexts, quote_for, same_tokens)
