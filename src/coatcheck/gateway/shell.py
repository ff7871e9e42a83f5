"""Shell commands the model writes: where each placeholder sits (quoting context), how a value is quoted so the
command's token structure cannot change, and which network destinations a command names.

Restoring ``SECRET_x`` raw into ``PGPASSWORD='SECRET_x' psql`` turns a value such as ``a'$(id)'`` into code.
So every value goes in escaped for the context its placeholder sits in (unquoted, single quotes, double quotes,
``$'…'``, here-documents); where the context cannot be quoted safely (backticks, a value with a newline in a
here-document) the placeholder is kept. A final check re-tokenises the command with :mod:`shlex` and keeps every
placeholder if the token structure moved.
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from urllib.parse import quote

from ..vault import PLACEHOLDER_RE

PLAIN, SINGLE, DOUBLE, ANSI, BACKTICK, HEREDOC_RAW, HEREDOC_EXP, COMMENT = (
    "plain", "single", "double", "ansi", "backtick", "heredoc-raw", "heredoc-exp", "comment")

_SAFE_BARE = re.compile(r"[A-Za-z0-9@%+=:,./_-]+")
_HEREDOC = re.compile(r"<<(-?)[ \t]*(?:'([^'\n]*)'|\"([^\"\n]*)\"|\\?([A-Za-z0-9_.-]+))")


_QUOTED = {"single": ("'", SINGLE, False), "double": ('"', DOUBLE, True), "ansi": ("'", ANSI, True), "backtick": ("`", BACKTICK, True)}


class ShellSyntaxError(ValueError):
    """The command's quoting could not be followed (unbalanced quotes or substitutions)."""


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
        raise ShellSyntaxError("unbalanced quoting")
    return ctx


def _heredoc_bodies(cmd: str, i: int, pending: list[tuple[str, bool, bool]], ctx: list[str]) -> int:
    n = len(cmd)
    for delim, quoted, strip_tabs in pending:
        while True:
            if i >= n:
                raise ShellSyntaxError("unterminated here-document")
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


# ------------------------------------------------------------------------------------------------- URLs
_URL_START = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*://")
_UNRESERVED = "-._~"
_PCT_HH = re.compile(r"%[0-9A-Fa-f]{2}")


def url_component(text: str, start: int) -> str | None:
    """If offset ``start`` of ``text`` sits inside a URL, which part: ``userinfo``, ``host``, ``path`` or
    ``query``; None when it is not in a URL."""
    left = start
    while left > 0 and not text[left - 1].isspace() and text[left - 1] not in "'\"<>()`":
        left -= 1
    word = text[left:start]
    m = None
    for m in _URL_START.finditer(word):  # noqa: B007 -- the last match is the one wanted
        pass
    if m is None:
        return None
    rest = word[m.end():]
    if any(c in rest for c in "?#"):
        return "query"
    if "/" in rest:
        return "path"
    right = start
    while right < len(text) and not text[right].isspace() and text[right] not in "'\"<>()`/?#":
        right += 1
    if "@" in rest:
        return "host"
    return "userinfo" if "@" in text[start:right] else "host"


def url_encode(value: str, component: str) -> str | None:
    """Percent-encode what ``component`` cannot hold literally; existing ``%HH`` escapes are kept as they are
    (the vault holds a value as it was written in its URL). None for a host that is not a plain host name."""
    if component == "host":
        return value if re.fullmatch(r"[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\]", value) else None
    safe = _UNRESERVED + ("!$&'()*+,;=" if component == "userinfo" else "!$'()*+,;:@/")
    out, pos = [], 0
    for m in _PCT_HH.finditer(value):
        out.append(quote(value[pos:m.start()], safe=safe))
        out.append(m.group())
        pos = m.end()
    out.append(quote(value[pos:], safe=safe))
    return "".join(out)


# ------------------------------------------------------------------------------------------------- restore
@dataclass
class Restored:
    text: str
    kept: list[tuple[str, str]]  # (placeholder, reason)


def restore_command(cmd: str, value_of: Callable[[str], str | None], allowed: Callable[[str], str | None]) -> Restored:
    """Restore placeholders in shell source ``cmd``. ``value_of(ph)`` is the vault value (None if unknown);
    ``allowed(ph)`` returns None to restore or a reason to keep. Values are URL-encoded inside URLs and quoted
    for their shell context; if the result would tokenise differently, every placeholder is kept."""
    matches = list(PLACEHOLDER_RE.finditer(cmd))
    if not matches:
        return Restored(cmd, [])
    try:
        ctx = contexts(cmd)
    except ShellSyntaxError:
        return Restored(cmd, [(m.group(), "the command's quoting could not be followed") for m in matches if value_of(m.group()) is not None])
    out: list[str] = []
    literal: list[tuple[str, str]] = []  # placeholder -> the literal text the shell will see
    kept: list[tuple[str, str]] = []
    pos = 0
    for m in matches:
        ph = m.group()
        value = value_of(ph)
        if value is None:
            continue
        reason = allowed(ph)
        inserted: str | None = None
        if reason is None:
            component = url_component(cmd, m.start())
            plain = url_encode(value, component) if component else value
            if plain is None:
                reason = "the value cannot be written into this part of a URL"
            else:
                inserted = quote_for(plain, ctx[m.start()])
                if inserted is None:
                    reason = f"the value cannot be quoted safely in {ctx[m.start()]} context"
                else:
                    literal.append((ph, plain))
        if inserted is None:
            kept.append((ph, reason or "kept"))
            literal.append((ph, ph))
            continue
        out.append(cmd[pos:m.start()])
        out.append(inserted)
        pos = m.end()
    out.append(cmd[pos:])
    restored = "".join(out)
    if len(kept) < len(literal) and not _same_tokens(cmd, restored, literal, ctx):
        return Restored(cmd, [(m.group(), "restoring would change the command's structure") for m in matches if value_of(m.group()) is not None])
    return Restored(restored, kept)


def _same_tokens(masked: str, restored: str, literal: list[tuple[str, str]], ctx: list[str]) -> bool:
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


# ------------------------------------------------------------------------------------------------- destinations
_URL_HOST = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*://(?:[^/\s'\"@]*@)?(\[[0-9A-Fa-f:.]+\]|[^/\s'\":?#\\]+)")
_AT_HOST = re.compile(r"(?<![\w.+-])[\w.+-]+@(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*)(?=[:\s'\"]|$)")
_DEV_TCP = re.compile(r"/dev/(?:tcp|udp)/([^/\s]+)/")
_WORD = re.compile(r"[A-Za-z0-9_.+/-]+")


@dataclass
class Destinations:
    network: bool  # the command can reach the network
    hosts: set[str]  # the hosts it names
    hidden: bool  # it may reach a host it does not name (inline code, a variable, a decoded string)


def destinations(cmd: str | list[str], rules: ShellRules) -> Destinations:
    """Which network destinations a command (shell source or an argv list) names. Conservative: a network
    program named anywhere makes it a network command; one whose host cannot be read is ``hidden``."""
    text = cmd if isinstance(cmd, str) else " ".join(cmd)
    words = [w.rsplit("/", 1)[-1] for w in _WORD.findall(text)]
    wordset = set(words)
    programs = set()
    for w in wordset & rules.network_programs:
        subs = rules.network_subcommands.get(w)
        if subs is None or wordset & subs:
            programs.add(w)
    hosts = {h.strip("[]").lower() for h in _URL_HOST.findall(text)}
    hosts |= {h.lower() for h in _DEV_TCP.findall(text)}
    try:
        argv = cmd if isinstance(cmd, list) else shlex.split(text, comments=False)
    except ValueError:
        argv = text.split()
    if programs & rules.ssh_like:
        hosts |= {h.strip("[]").lower() for h in _AT_HOST.findall(text)}
    for i, tok in enumerate(argv):
        base = tok.rsplit("/", 1)[-1]
        if base in programs and base in rules.host_flags:
            hosts |= _flag_values(argv[i + 1:], rules.host_flags[base])
        if base in programs and base in rules.positional_host:
            first = next((a for a in argv[i + 1:] if not a.startswith("-")), None)
            if first and not _URL_START.match(first):
                hosts.add(first.rsplit("@", 1)[-1].split(":", 1)[0].strip("[]").lower())
    hidden = bool(wordset & rules.interpreters) and any(a in rules.inline_flags for a in argv + text.split())
    hidden = hidden or bool(wordset & rules.hidden_programs) or bool(wordset & rules.decoders and wordset & rules.shells)
    network = bool(programs) or bool(hosts) or hidden or "/dev/tcp/" in text or "/dev/udp/" in text
    if programs - rules.needs_no_host and not hosts:
        hidden = True  # a network program whose destination we could not read
    if programs and re.search(r"\$[{(]?[A-Za-z_]", text):
        hidden = True  # a destination may come from a variable or a substitution
    return Destinations(network, {h for h in hosts if h}, hidden)


def _flag_values(args: Iterable[str], flags: frozenset[str]) -> set[str]:
    out: set[str] = set()
    args = list(args)
    for j, a in enumerate(args):
        if a in flags and j + 1 < len(args):
            out.add(args[j + 1].lower())
        for f in flags:
            if f.startswith("--") and a.startswith(f + "="):
                out.add(a[len(f) + 1:].lower())
            elif not f.startswith("--") and a.startswith(f) and len(a) > len(f) and a[len(f)] != "-":
                out.add(a[len(f):].lower())
    return {h.split(":", 1)[0] if h.count(":") == 1 else h for h in out}


@dataclass(frozen=True)
class ShellRules:
    """Facts about commands, from ``data/sinks.toml``."""

    network_programs: frozenset[str]
    ssh_like: frozenset[str]
    positional_host: frozenset[str]
    host_flags: dict[str, frozenset[str]]
    interpreters: frozenset[str]
    inline_flags: frozenset[str]
    hidden_programs: frozenset[str]
    decoders: frozenset[str]
    shells: frozenset[str]
    network_subcommands: dict[str, frozenset[str]]
    needs_no_host: frozenset[str]  # network programs that default to the local machine (psql, mysql, redis-cli)
