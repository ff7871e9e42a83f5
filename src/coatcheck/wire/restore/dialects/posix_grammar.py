"""A parser for the POSIX/bash subset agents write: where each word of a shell command goes when bash runs it.

:mod:`.posix` knows the quoting context of every character; this module knows the grammar: simple commands with
their assignment prefixes, words and redirections, joined by ``;`` ``&`` ``&&`` ``||`` ``|`` ``|&`` and newlines,
inside subshells, groups, ``if``/``while``/``until``/``for``/``case`` bodies and nested ``$(…)``, backquotes and
process substitutions. Every word carries the exact string bash would pass in argv (quote removal, backslashes,
``$'…'`` decoding) or None where any part of it is only known at run time, so ``cu''rl``, ``$'\\x63url'`` and
``"https://api.github.com"@evil`` read as bash reads them.

What it does not model precisely (function definitions, ``case``, arithmetic commands, ``coproc``, ``select``,
arrays, odd ``[[ ]]``, aliases) it still parses as far as it can and flags with :attr:`Script.complex`, so a caller
can refuse to decide. ``$'\\u…'`` is decoded as in a UTF-8 locale; bytes that are not UTF-8 (``$'\\xff'``) are
kept as lone surrogates (``surrogateescape``), as Python's ``sys.argv`` holds them.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

from .base import DialectSyntaxError

__all__ = ["Assignment", "Redirect", "Script", "SimpleCommand", "Word", "command_at", "parse"]


@dataclass(frozen=True)
class Word:
    """One shell word as written in the source, ``source[start:end]``.

    ``value`` is the argument bash passes after quote removal, backslash removal and ``$'…'`` decoding, or None
    if any part is expanded at run time; ``expansions`` names what made it so (``parameter``, ``command``,
    ``arithmetic``, ``process``, ``glob``, ``tilde``, ``brace``). ``quoted``: some part was quoted or escaped."""

    start: int
    end: int
    value: str | None
    quoted: bool
    expansions: tuple[str, ...] = ()


@dataclass(frozen=True)
class Assignment:
    """``NAME=word`` (``append``: ``NAME+=word``; ``array``: ``NAME=(…)``, whose ``word`` spans the parentheses
    and has no value) before a command name or alone. ``start``/``end`` span the whole assignment."""

    name: str
    word: Word
    start: int
    end: int
    append: bool = False
    array: bool = False


@dataclass
class Redirect:
    """One redirection. ``op`` includes its file descriptor (``2>``, ``2>&``, ``{fd}>``); ``target`` is the file,
    descriptor or here-string word, None for a here-document, whose body is ``source[body[0]:body[1]]`` (tabs
    not yet stripped for ``<<-``); ``body_expanded``: the delimiter was unquoted, so the body is expanded."""

    op: str
    target: Word | None
    body: tuple[int, int] | None = None
    body_expanded: bool = False
    start: int = 0
    end: int = 0
    delimiter: str = ""


@dataclass
class SimpleCommand:
    """One simple command: ``assignments`` then ``words`` (``words[0]`` the command name; none for a command of
    assignments or redirections alone) and ``redirects``. ``depth`` counts the ``$(…)``, backquotes and process
    substitutions around it; ``context`` is the innermost construct around it (``top``, ``subshell``, ``group``,
    ``substitution``, ``process-substitution``, ``control``). A command with ``wraps`` set is not one the
    source wrote: it carries the redirections of a compound command (``{ …; } >file`` has ``wraps='{'``)."""

    assignments: list[Assignment]
    words: list[Word]
    redirects: list[Redirect]
    start: int
    end: int
    depth: int = 0
    in_pipeline: bool = False
    context: str = "top"
    wraps: str | None = None


@dataclass
class Script:
    """A parsed command line. ``commands``: every simple command, nested ones included, in source order.
    ``loose``: words that belong to no simple command (``for`` lists, ``case`` subjects and patterns, arithmetic
    ``for``). ``complex``: the source uses constructs this parser does not model precisely; ``reasons`` says
    which."""

    commands: list[SimpleCommand]
    complex: bool
    loose: list[Word] = field(default_factory=list)
    reasons: list[str] = field(default_factory=list)


_BLANK = " \t"
_META = frozenset(" \t\n;&|()<>")
_WORD_END = re.compile(r"[ \t\n;&|()<>]|$")
_RESERVED = ("if", "then", "elif", "else", "fi", "do", "done", "case", "esac", "while", "until", "for", "select",
             "function", "in", "time", "coproc", "{", "}", "!", "[[", "]]")
_RESERVED_RE = re.compile("(" + "|".join(re.escape(w) for w in sorted(_RESERVED, key=len, reverse=True))
                          + r")(?=[ \t\n;&|()<>]|$)")
_ASSIGN = re.compile(r"([A-Za-z_][A-Za-z0-9_]*)(\[[^\]\n]*\])?(\+?)=")
_ASSIGN_LIKE = re.compile(r"[A-Za-z_][A-Za-z0-9_]*=")
_REDIR = re.compile(r"(\d+|\{[A-Za-z_][A-Za-z0-9_]*\})?(&>>|&>|>>|>&|>\||<<<|<<-|<<|<&|<>|>|<)")
_EMPTY_PARENS = re.compile(r"\([ \t]*\)")
_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
# runs of characters that are literal and uninteresting in each lexical state
_PLAIN_RUN = re.compile(r"[^ \t\n;&|()<>\\'\"$`*?\[\]~{}]+")
_DQ_RUN = re.compile(r"[^\"\\$`]+")
_QUOTED_MARK = "\x00"  # stands for a quoted character in a word's unquoted-character mask
_ANSI_SIMPLE = {"a": "\a", "b": "\b", "e": "\x1b", "E": "\x1b", "f": "\f", "n": "\n", "r": "\r", "t": "\t",
                "v": "\v", "\\": "\\", "'": "'", '"': '"', "?": "?"}
_MAX_NESTING = 200


def parse(source: str) -> Script:
    """Parse shell source ``source`` as bash would. Returns every simple command with its words, assignments and
    redirections; raises :class:`DialectSyntaxError` where bash would not run it (unbalanced quotes,
    substitutions or here-documents, a misplaced operator or reserved word, nesting deeper than 200)."""
    state = _State()
    parser = _Parser(source, state, state.commands, state.loose, depth=0, context="top")
    try:
        parser.parse_script(closer=False)
    except RecursionError:
        raise DialectSyntaxError("the command nests too deeply to follow") from None
    state.commands.sort(key=lambda c: (c.start, -c.end, c.depth))
    state.loose.sort(key=lambda w: w.start)
    return Script(state.commands, bool(state.reasons), state.loose, sorted(set(state.reasons)))


def command_at(script: Script, offset: int) -> tuple[SimpleCommand, str, int] | None:
    """The innermost simple command of ``script`` whose word, assignment, redirection target or here-document
    body holds source offset ``offset``, with the role there (``name``, ``argument``, ``assignment``,
    ``redirect-target``, ``heredoc``, ``here-string``) and the index of that word (in ``words``), assignment (in
    ``assignments``) or redirection (in ``redirects``). None where no command holds it (a comment, a blank, an
    operator, a ``for`` list)."""
    starts, reach, ordered = _extents(script)
    best: tuple[SimpleCommand, str, int] | None = None
    best_key: tuple[int, int] = (-1, 0)
    # commands that start at or before ``offset``, latest first, until none of the earlier ones reaches it: one or
    # two steps for a list of commands, so a script with thousands of placeholders is read in linear time
    i = bisect.bisect_right(starts, offset) - 1
    while i >= 0 and reach[i] > offset:
        cmd = ordered[i]
        hit = _role_in(cmd, offset)
        if hit is not None:
            role, index, span = hit
            key = (cmd.depth, -span)
            if key > best_key:
                best, best_key = (cmd, role, index), key
        i -= 1
    return best


_EXTENTS: dict[int, tuple[Script, list[int], list[int], list[SimpleCommand]]] = {}


def _extent(cmd: SimpleCommand) -> tuple[int, int]:
    lo, hi = cmd.start, cmd.end
    for a in cmd.assignments:
        lo, hi = min(lo, a.start), max(hi, a.end)
    for w in cmd.words:
        lo, hi = min(lo, w.start), max(hi, w.end)
    for r in cmd.redirects:
        if r.target is not None:
            lo, hi = min(lo, r.target.start), max(hi, r.target.end)
        if r.body is not None:
            lo, hi = min(lo, r.body[0]), max(hi, r.body[1])
    return lo, hi


def _extents(script: Script) -> tuple[list[int], list[int], list[SimpleCommand]]:
    """The script's commands sorted by where their parts start, those starts, and the furthest end reached by any
    command up to each position (cached for the last scripts asked about)."""
    cached = _EXTENTS.get(id(script))
    if cached is not None and cached[0] is script:
        return cached[1], cached[2], cached[3]
    spans = sorted(((*_extent(c), n) for n, c in enumerate(script.commands)), key=lambda t: (t[0], t[2]))
    starts = [lo for lo, _, _ in spans]
    reach: list[int] = []
    furthest = -1
    for _, hi, _ in spans:
        furthest = max(furthest, hi)
        reach.append(furthest)
    ordered = [script.commands[n] for _, _, n in spans]
    if len(_EXTENTS) > 64:
        _EXTENTS.clear()
    _EXTENTS[id(script)] = (script, starts, reach, ordered)
    return starts, reach, ordered


def _role_in(cmd: SimpleCommand, offset: int) -> tuple[str, int, int] | None:
    for i, a in enumerate(cmd.assignments):
        if a.start <= offset < a.end:
            return "assignment", i, a.end - a.start
    for i, w in enumerate(cmd.words):
        if w.start <= offset < w.end:
            return ("name" if i == 0 else "argument"), i, w.end - w.start
    for i, r in enumerate(cmd.redirects):
        if r.target is not None and r.target.start <= offset < r.target.end:
            role = "here-string" if r.op.endswith("<<<") else "redirect-target"
            return role, i, r.target.end - r.target.start
        if r.body is not None and r.body[0] <= offset < r.body[1]:
            return "heredoc", i, r.body[1] - r.body[0]
    return None


class _State:
    """What every parser of one source shares: the reasons the source is complex."""

    def __init__(self) -> None:
        self.commands: list[SimpleCommand] = []
        self.loose: list[Word] = []
        self.reasons: list[str] = []


@dataclass
class _Scan:
    """A word as scanned: its literal text (None once anything expands), the mask of its unquoted characters
    (quoted ones are ``_QUOTED_MARK``), and what expands."""

    start: int
    end: int
    text: list[str]
    mask: list[str]
    quoted: bool = False
    expansions: list[str] = field(default_factory=list)


@dataclass
class _Heredoc:
    redirect: Redirect
    delimiter: str
    quoted: bool
    strip_tabs: bool


class _Parser:
    """A recursive-descent parser over ``src`` from ``pos``; nested ``$(…)`` and process substitutions are
    parsed by a child parser over the same text, backquotes by one over their unescaped content."""

    def __init__(self, src: str, state: _State, commands: list[SimpleCommand], loose: list[Word], *,
                 depth: int, context: str, pos: int = 0, nesting: int = 0) -> None:
        self.s = src
        self.n = len(src)
        self.pos = pos
        self.state = state
        self.commands = commands
        self.loose = loose
        self.depth = depth
        self.context = context
        self.pending: list[_Heredoc] = []
        self.nesting = nesting

    # ---- errors and flags -------------------------------------------------------------------------------
    def error(self, what: str) -> DialectSyntaxError:
        return DialectSyntaxError(f"{what} at offset {self.pos}")

    def flag(self, reason: str) -> None:
        self.state.reasons.append(reason)

    @contextmanager
    def within(self, context: str) -> Iterator[None]:
        saved = self.context
        self.context = context
        self.nesting += 1
        if self.nesting > _MAX_NESTING:
            raise self.error("the command nests too deeply")
        try:
            yield
        finally:
            self.context = saved
            self.nesting -= 1

    # ---- lexical helpers --------------------------------------------------------------------------------
    def skip(self) -> None:
        """Skip blanks, backslash-newline continuations and a comment (up to, not past, its newline)."""
        s, n, i = self.s, self.n, self.pos
        while i < n:
            c = s[i]
            if c in _BLANK:
                i += 1
            elif c == "\\" and s.startswith("\n", i + 1):
                i += 2
            elif c == "#":
                j = s.find("\n", i)
                i = n if j < 0 else j
            else:
                break
        self.pos = i

    def skip_newlines(self) -> None:
        while True:
            self.skip()
            if self.pos < self.n and self.s[self.pos] == "\n":
                self.newline()
            else:
                return

    def newline(self) -> None:
        """Consume a newline token and the bodies of the here-documents announced on its line."""
        self.pos += 1
        pending, self.pending = self.pending, []
        for doc in pending:
            self.heredoc_body(doc)

    def heredoc_body(self, doc: _Heredoc) -> None:
        s, n = self.s, self.n
        i = body_start = self.pos
        while True:
            if i >= n:
                raise self.error(f"here-document delimited by {doc.delimiter!r} never ends")
            j = s.find("\n", i)
            j = n if j < 0 else j
            line = s[i:j]
            if (line.lstrip("\t") if doc.strip_tabs else line) == doc.delimiter:
                break
            i = j + 1
        body_end = min(i, n)
        doc.redirect.body = (body_start, body_end)
        doc.redirect.body_expanded = not doc.quoted
        self.pos = min(j + 1, n)
        if not doc.quoted:
            self.scan_heredoc(body_start, body_end)

    def scan_heredoc(self, start: int, end: int) -> None:
        """Find the substitutions in an expanded here-document body (their commands run)."""
        s = self.s
        i = start
        sink = _Scan(start, start, [], [])
        while i < end:
            c = s[i]
            if c == "\\":
                i += 2
            elif c == "$":
                i = self.dollar(i, sink, in_dq=True)
            elif c == "`":
                i = self.backquote(i, sink, in_dq=False)
            else:
                i += 1

    def control_op(self) -> str | None:
        """The control operator at ``pos`` (``;;&`` ``;;`` ``;&`` ``;`` ``&&`` ``&`` ``||`` ``|&`` ``|`` ``(``
        ``)`` newline), None if a word or redirection starts there."""
        s, i = self.s, self.pos
        if i >= self.n:
            return None
        c = s[i]
        if c == ";":
            for op in (";;&", ";;", ";&"):
                if s.startswith(op, i):
                    return op
            return ";"
        if c == "&":
            if s.startswith("&&", i):
                return "&&"
            return None if s.startswith("&>", i) else "&"
        if c == "|":
            return "||" if s.startswith("||", i) else "|&" if s.startswith("|&", i) else "|"
        if c in "()\n":
            return c
        return None

    def reserved(self) -> str | None:
        """The reserved word at ``pos`` (only meaningful where a command name may start)."""
        m = _RESERVED_RE.match(self.s, self.pos)
        return m.group(1) if m else None

    def expect(self, word: str) -> None:
        self.skip_newlines()
        if self.reserved() != word:
            raise self.error(f"expected {word!r}")
        self.pos += len(word)

    # ---- grammar ----------------------------------------------------------------------------------------
    def parse_script(self, closer: bool) -> None:
        """A whole script (``closer``: up to the ``)`` that ends a substitution, which is consumed)."""
        self.parse_list(frozenset())
        self.skip_newlines()
        if closer:
            if self.pos >= self.n or self.s[self.pos] != ")":
                raise self.error("unterminated substitution")
            self.pos += 1
        elif self.pos < self.n:
            raise self.error(f"unexpected {self.s[self.pos]!r}")
        if self.pending:
            raise self.error("here-document without a body")

    def parse_list(self, terminators: frozenset[str]) -> None:
        """And-or lists separated by ``;``, ``&`` and newlines, up to a reserved word in ``terminators``, a
        ``)``, a ``;;`` or the end."""
        while True:
            self.skip_newlines()
            if self.pos >= self.n:
                return
            op = self.control_op()
            if op is not None and op not in ("(",):
                return
            word = self.reserved()
            if word is not None and word in terminators:
                return
            self.and_or()
            self.skip()
            op = self.control_op()
            if op in (";", "&"):
                self.pos += 1
            elif op == "\n":
                self.newline()
            else:
                return

    def and_or(self) -> None:
        self.pipeline()
        while True:
            self.skip()
            op = self.control_op()
            if op not in ("&&", "||"):
                return
            self.pos += 2
            self.skip_newlines()
            self.pipeline()

    def pipeline(self) -> None:
        self.skip()
        while True:
            word = self.reserved()
            if word == "time":
                self.pos += 4
                self.skip()
                if self.s.startswith("-p", self.pos) and _WORD_END.match(self.s, self.pos + 2):
                    self.pos += 2
                    self.skip()
            elif word == "!":
                self.pos += 1
                self.skip()
            else:
                break
        first = len(self.commands)
        elements = 1
        self.command()
        while True:
            self.skip()
            op = self.control_op()
            if op not in ("|", "|&"):
                break
            self.pos += len(op)
            self.skip_newlines()
            self.command()
            elements += 1
        if elements > 1:
            for cmd in self.commands[first:]:
                if cmd.depth == self.depth:
                    cmd.in_pipeline = True

    def command(self) -> None:
        self.skip()
        if self.pos >= self.n:
            raise self.error("a command is missing")
        word = self.reserved()
        start = self.pos
        if word is not None:
            compound: dict[str, Callable[[int], None]] = {
                "if": self.compound_if, "while": self.compound_while, "until": self.compound_until,
                "for": self.compound_for, "select": self.compound_select, "case": self.compound_case,
                "{": self.compound_group, "function": self.compound_function, "[[": self.compound_test,
                "coproc": self.compound_coproc}
            if word in compound:
                self.pos += len(word)
                compound[word](start)
                return
            raise self.error(f"unexpected {word!r}")
        if self.s[self.pos] == "(":
            self.subshell_or_arith(start)
            return
        self.simple_command()

    def compound_redirects(self, start: int, wraps: str) -> None:
        """Redirections after a compound command: kept on a command that ``wraps`` it."""
        redirects: list[Redirect] = []
        while True:
            self.skip()
            r = self.redirect()
            if r is None:
                break
            redirects.append(r)
        if redirects:
            self.commands.append(SimpleCommand([], [], redirects, redirects[0].start, redirects[-1].end,
                                               self.depth, False, self.context, wraps))

    def subshell_or_arith(self, start: int) -> None:
        if self.s.startswith("((", self.pos):
            mark = len(self.commands)
            end = self.arith(self.pos + 2, _Scan(start, start, [], []))
            if end is not None:
                self.flag("arithmetic command")
                self.pos = end
                self.compound_redirects(start, "((")
                return
            del self.commands[mark:]
        self.pos += 1
        with self.within("subshell"):
            self.parse_list(frozenset())
            self.skip_newlines()
            if self.pos >= self.n or self.s[self.pos] != ")":
                raise self.error("unterminated subshell")
            self.pos += 1
        self.compound_redirects(start, "(")

    def compound_group(self, start: int) -> None:
        with self.within("group"):
            self.parse_list(frozenset({"}"}))
            self.expect("}")
        self.compound_redirects(start, "{")

    def compound_if(self, start: int) -> None:
        with self.within("control"):
            self.parse_list(frozenset({"then"}))
            self.expect("then")
            self.parse_list(frozenset({"elif", "else", "fi"}))
            while True:
                self.skip_newlines()
                word = self.reserved()
                if word == "elif":
                    self.pos += 4
                    self.parse_list(frozenset({"then"}))
                    self.expect("then")
                    self.parse_list(frozenset({"elif", "else", "fi"}))
                elif word == "else":
                    self.pos += 4
                    self.parse_list(frozenset({"fi"}))
                    self.expect("fi")
                    break
                else:
                    self.expect("fi")
                    break
        self.compound_redirects(start, "if")

    def compound_while(self, start: int, keyword: str = "while") -> None:
        with self.within("control"):
            self.parse_list(frozenset({"do"}))
            self.do_done()
        self.compound_redirects(start, keyword)

    def compound_until(self, start: int) -> None:
        self.compound_while(start, "until")

    def do_done(self) -> None:
        self.skip_newlines()
        if self.reserved() == "{":  # bash's undocumented `for x in a; { …; }`
            self.flag("brace body of a loop")
            self.pos += 1
            self.parse_list(frozenset({"}"}))
            self.expect("}")
            return
        self.expect("do")
        self.parse_list(frozenset({"done"}))
        self.expect("done")

    def compound_select(self, start: int) -> None:
        self.flag("select")
        self.compound_for(start, "select")

    def compound_for(self, start: int, keyword: str = "for") -> None:
        with self.within("control"):
            self.skip()
            if self.s.startswith("((", self.pos):
                self.flag("arithmetic for")
                end = self.arith(self.pos + 2, _Scan(self.pos, self.pos, [], []))
                if end is None:
                    raise self.error("unterminated arithmetic for")
                self.pos = end
                self.skip()
                if self.control_op() == ";":
                    self.pos += 1
            else:
                name = _NAME.match(self.s, self.pos)
                if name is None:
                    raise self.error(f"{keyword} needs a variable name")
                self.pos = name.end()
                self.skip_newlines()
                if self.reserved() == "in":
                    self.pos += 2
                    while True:
                        self.skip()
                        if self.pos >= self.n or self.control_op() is not None:
                            break
                        self.loose.append(self.word_token("argument"))
                    op = self.control_op()
                    if op in (";", "\n"):
                        if op == ";":
                            self.pos += 1
                        else:
                            self.newline()
                    else:
                        raise self.error(f"{keyword} list must end with ';' or a newline")
                elif self.control_op() == ";":
                    self.pos += 1
            self.do_done()
        self.compound_redirects(start, keyword)

    def compound_case(self, start: int) -> None:
        self.flag("case")
        with self.within("control"):
            self.skip()
            self.loose.append(self.word_token("argument"))
            self.skip_newlines()
            if self.reserved() != "in":
                raise self.error("case needs 'in'")
            self.pos += 2
            while True:
                self.skip_newlines()
                if self.reserved() == "esac":
                    self.pos += 4
                    break
                if self.pos >= self.n:
                    raise self.error("case never reaches 'esac'")
                if self.s[self.pos] == "(":
                    self.pos += 1
                while True:
                    self.skip()
                    self.loose.append(self.word_token("argument"))
                    self.skip()
                    c = self.s[self.pos] if self.pos < self.n else ""
                    if c == "|":
                        self.pos += 1
                    elif c == ")":
                        self.pos += 1
                        break
                    else:
                        raise self.error("a case pattern must end with ')'")
                self.parse_list(frozenset({"esac"}))
                self.skip_newlines()
                op = self.control_op()
                if op in (";;", ";&", ";;&"):
                    self.pos += len(op)
                elif self.reserved() != "esac":
                    raise self.error("expected ';;' or 'esac'")
        self.compound_redirects(start, "case")

    def compound_function(self, start: int) -> None:
        self.flag("function definition")
        self.skip()
        self.word_token("argument")
        self.skip()
        m = _EMPTY_PARENS.match(self.s, self.pos)
        if m:
            self.pos = m.end()
        self.function_body(start)

    def function_body(self, start: int) -> None:
        """A function's body: ``control`` context, its usual ``{ …; }`` included."""
        self.skip_newlines()
        if self.reserved() != "{":
            with self.within("control"):
                self.command()
            return
        self.pos += 1
        with self.within("control"):
            self.parse_list(frozenset({"}"}))
            self.expect("}")
        self.compound_redirects(start, "function")

    def compound_coproc(self, start: int) -> None:
        self.flag("coproc")
        self.skip()
        m = _NAME.match(self.s, self.pos)
        if m and self.reserved() is None:
            after = self.s[m.end():].lstrip(" \t")[:1]
            if after in ("{", "("):  # coproc NAME { …; }
                self.pos = m.end()
        self.command()

    def compound_test(self, start: int) -> None:
        """``[[ … ]]``, kept as a command named ``[[`` whose words are its operands and operators."""
        words = [Word(start, start + 2, "[[", False)]
        odd = False
        while True:
            self.skip()
            if self.pos >= self.n:
                raise self.error("[[ never reaches ]]")
            c = self.s[self.pos]
            if self.s.startswith("]]", self.pos) and _WORD_END.match(self.s, self.pos + 2):
                words.append(Word(self.pos, self.pos + 2, "]]", False))
                self.pos += 2
                break
            if c == "\n":
                odd = True
                self.newline()
                continue
            op = next((o for o in ("&&", "||", "(", ")", "<", ">") if self.s.startswith(o, self.pos)), None)
            if op is not None:
                odd = odd or op in "()<>"
                words.append(Word(self.pos, self.pos + len(op), op, False))
                self.pos += len(op)
                continue
            if words[-1].value == "=~":
                odd = True
                words.append(self.regex_operand())
                continue
            words.append(self.word_token("argument"))
        if odd:
            self.flag("[[ ]] with parentheses, redirection-like operators, newlines or =~")
        self.commands.append(SimpleCommand([], words, [], start, words[-1].end, self.depth, False, self.context))
        self.compound_redirects(start, "[[")

    def regex_operand(self) -> Word:
        """The right side of ``=~``: up to a blank at parenthesis depth 0 (``|`` and ``(`` are regex syntax)."""
        s, i, level = self.s, self.pos, 0
        start = i
        while i < self.n:
            c = s[i]
            if c == "\\":
                i += 2
                continue
            if c in "'\"":
                j = s.find(c, i + 1)
                if j < 0:
                    raise self.error("unterminated quote")
                i = j + 1
                continue
            if c == "(":
                level += 1
            elif c == ")":
                level -= 1
            elif c in " \t\n" and level <= 0:
                break
            i += 1
        self.pos = i
        return Word(start, i, None, True, ("regex",))

    def simple_command(self) -> None:
        assignments: list[Assignment] = []
        words: list[Word] = []
        redirects: list[Redirect] = []
        start = self.pos
        while True:
            self.skip()
            if self.pos >= self.n:
                break
            r = self.redirect()
            if r is not None:
                redirects.append(r)
                continue
            op = self.control_op()
            if op == "(":
                if len(words) == 1 and not assignments:
                    m = _EMPTY_PARENS.match(self.s, self.pos)
                    if m:
                        self.flag("function definition")
                        self.pos = m.end()
                        self.function_body(start)
                        return
                raise self.error("unexpected '('")
            if op is not None:
                break
            if not words:
                m = _ASSIGN.match(self.s, self.pos)
                if m:
                    assignments.append(self.assignment(m))
                    continue
            words.append(self.word_token("name" if not words else "argument"))
            if len(words) == 1 and words[0].value == "alias":
                self.flag("alias")
        if not (assignments or words or redirects):
            raise self.error("a command is missing")
        ends = [a.end for a in assignments] + [w.end for w in words] + [r.end for r in redirects]
        self.commands.append(SimpleCommand(assignments, words, redirects, start, max(ends), self.depth, False,
                                           self.context))

    def assignment(self, m: re.Match[str]) -> Assignment:
        start = self.pos
        if m.group(2):
            self.flag("array element assignment")
        self.pos = m.end()
        if self.s.startswith("(", self.pos):
            self.flag("array assignment")
            open_at = self.pos
            self.pos += 1
            while True:
                self.skip_newlines()
                if self.pos >= self.n:
                    raise self.error("unterminated array assignment")
                if self.s[self.pos] == ")":
                    self.pos += 1
                    break
                self.word_token("argument")
            word = Word(open_at, self.pos, None, False, ("array",))
            return Assignment(m.group(1), word, start, self.pos, bool(m.group(3)), True)
        word = self.word_token("assignment")
        return Assignment(m.group(1), word, start, word.end, bool(m.group(3)))

    def redirect(self) -> Redirect | None:
        m = _REDIR.match(self.s, self.pos)
        if m is None:
            return None
        base = m.group(2)
        if base in ("<", ">") and self.s.startswith("(", m.end()):
            return None  # <( … ) and >( … ) are process substitutions, words
        start = self.pos
        self.pos = m.end()
        self.skip()
        if self.pos >= self.n or (self.s[self.pos] in _META and not (
                self.s[self.pos] in "<>" and self.s.startswith("(", self.pos + 1))):
            raise self.error(f"{m.group(0)!r} needs a word after it")
        if m.group(1) and m.group(1).startswith("{"):
            self.flag("redirection to a named file descriptor")
        if base in ("<<", "<<-"):
            w_start = self.pos
            scan = self.scan_word()
            delimiter, quoted = _heredoc_delimiter(self.s[w_start:scan.end])
            r = Redirect(m.group(0), None, None, False, start, scan.end, delimiter)
            self.pending.append(_Heredoc(r, delimiter, quoted, base == "<<-"))
            return r
        target = self.word_token("argument")
        return Redirect(m.group(0), target, None, False, start, target.end)

    # ---- words ------------------------------------------------------------------------------------------
    def word_token(self, role: str) -> Word:
        """Scan the word at ``pos`` and give its argv value for ``role`` (``assignment`` values are neither
        globbed nor brace-expanded)."""
        scan = self.scan_word()
        if scan.end == scan.start and role != "assignment":
            raise self.error("a word is missing")
        return _finish(scan, role)

    def scan_word(self) -> _Scan:
        s, n = self.s, self.n
        i = self.pos
        w = _Scan(i, i, [], [])
        text, mask = w.text, w.mask
        while i < n:
            c = s[i]
            if c in _META:
                if c in "<>" and s.startswith("(", i + 1):
                    i = self.substitution(i + 2, "process-substitution")
                    w.expansions.append("process")
                    continue
                break
            if c == "\\":
                if i + 1 >= n:
                    text.append("\\")
                    mask.append("\\")
                    i += 1
                    continue
                if s[i + 1] != "\n":
                    text.append(s[i + 1])
                    mask.append(_QUOTED_MARK)
                    w.quoted = True
                i += 2
            elif c == "'":
                j = s.find("'", i + 1)
                if j < 0:
                    self.pos = i
                    raise self.error("unterminated single quote")
                text.append(s[i + 1:j])
                mask.append(_QUOTED_MARK * (j - i - 1))
                w.quoted = True
                i = j + 1
            elif c == '"':
                i = self.double_quoted(i, w)
            elif c == "$":
                i = self.dollar(i, w, in_dq=False)
            elif c == "`":
                i = self.backquote(i, w, in_dq=False)
            else:
                m = _PLAIN_RUN.match(s, i)
                chunk = m.group() if m else c
                text.append(chunk)
                mask.append(chunk)
                i += len(chunk)
        w.end = self.pos = i
        return w

    def double_quoted(self, i: int, w: _Scan) -> int:
        """Scan ``"…"`` from its opening quote at ``i``; returns the offset after the closing one."""
        s, n = self.s, self.n
        w.quoted = True
        i += 1
        while True:
            if i >= n:
                self.pos = i
                raise self.error("unterminated double quote")
            c = s[i]
            if c == '"':
                return i + 1
            if c == "\\" and i + 1 < n and s[i + 1] in '$`"\\\n':
                if s[i + 1] != "\n":
                    w.text.append(s[i + 1])
                    w.mask.append(_QUOTED_MARK)
                i += 2
            elif c == "$":
                i = self.dollar(i, w, in_dq=True)
            elif c == "`":
                i = self.backquote(i, w, in_dq=True)
            else:
                m = _DQ_RUN.match(s, i)
                chunk = m.group() if m else c
                w.text.append(chunk)
                w.mask.append(_QUOTED_MARK * len(chunk))
                i += len(chunk)

    def dollar(self, i: int, w: _Scan, *, in_dq: bool) -> int:
        """Scan what a ``$`` at ``i`` starts; returns the offset after it."""
        s = self.s
        nxt = s[i + 1] if i + 1 < self.n else ""
        if nxt == "'" and not in_dq:
            j = i + 2
            while j < self.n and s[j] != "'":
                j += 2 if s[j] == "\\" else 1
            if j >= self.n:
                self.pos = i
                raise self.error("unterminated $'…'")
            decoded = _ansi_c(s[i + 2:j])
            w.text.append(decoded)
            w.mask.append(_QUOTED_MARK * len(decoded))
            w.quoted = True
            return j + 1
        if nxt == '"' and not in_dq:
            return self.double_quoted(i + 1, w)
        if nxt == "(":
            if s.startswith("((", i + 1):
                mark = len(self.commands)
                end = self.arith(i + 3, w)
                if end is not None:
                    w.expansions.append("arithmetic")
                    return end
                del self.commands[mark:]
            w.expansions.append("command")
            return self.substitution(i + 2, "substitution")
        if nxt == "{":
            w.expansions.append("parameter")
            return self.braced_parameter(i + 2)
        if nxt == "[":
            w.expansions.append("arithmetic")
            j = s.find("]", i + 2)
            if j < 0:
                self.pos = i
                raise self.error("unterminated $[…]")
            return j + 1
        if nxt and (nxt.isdigit() or nxt in "@*#?-$!"):
            w.expansions.append("parameter")
            return i + 2
        m = _NAME.match(s, i + 1)
        if m:
            w.expansions.append("parameter")
            return m.end()
        w.text.append("$")
        w.mask.append(_QUOTED_MARK if in_dq else "$")
        return i + 1

    def substitution(self, i: int, context: str) -> int:
        """Parse the commands of ``$(…)``/``<(…)``/``>(…)`` whose body starts at ``i``; returns the offset after
        its ``)``."""
        if self.nesting >= _MAX_NESTING:
            self.pos = i
            raise self.error("the command nests too deeply")
        child = _Parser(self.s, self.state, self.commands, self.loose, depth=self.depth + 1, context=context,
                        pos=i, nesting=self.nesting + 1)
        child.parse_script(closer=True)
        return child.pos

    def arith(self, i: int, w: _Scan) -> int | None:
        """Scan ``$((…))``/``((…))`` whose body starts at ``i``: the offset after ``))``, or None when the
        parentheses close otherwise (then it was a command substitution of a subshell)."""
        s, n = self.s, self.n
        level = 0
        while i < n:
            c = s[i]
            if c == "\\":
                i += 2
            elif c == "$":
                i = self.dollar(i, w, in_dq=True)
            elif c == "`":
                i = self.backquote(i, w, in_dq=True)
            elif c in "'\"":
                j = s.find(c, i + 1)
                if j < 0:
                    return None
                i = j + 1
            elif c == "(":
                level += 1
                i += 1
            elif c == ")":
                if level == 0:
                    return i + 2 if s.startswith("))", i) else None
                level -= 1
                i += 1
            else:
                i += 1
        return None

    def braced_parameter(self, i: int) -> int:
        """Scan ``${…}`` whose body starts at ``i`` (substitutions inside it are parsed)."""
        s, n = self.s, self.n
        inner = _Scan(i, i, [], [])
        while i < n:
            c = s[i]
            if c == "}":
                return i + 1
            if c == "\\":
                i += 2
            elif c == "'":
                j = s.find("'", i + 1)
                if j < 0:
                    break
                i = j + 1
            elif c == '"':
                i = self.double_quoted(i, inner)
            elif c == "$":
                i = self.dollar(i, inner, in_dq=False)
            elif c == "`":
                i = self.backquote(i, inner, in_dq=False)
            else:
                i += 1
        self.pos = i
        raise self.error("unterminated ${…}")

    def backquote(self, i: int, w: _Scan, *, in_dq: bool) -> int:
        """Parse the commands of a backquoted substitution opening at ``i`` (its content is unescaped first:
        ``\\$``, ``\\```, ``\\\\`` and, inside double quotes, ``\\"``); returns the offset after it."""
        s, n = self.s, self.n
        w.expansions.append("command")
        chars: list[str] = []
        begin: list[int] = []  # where each unescaped character's source text begins
        where: list[int] = []  # and the offset of its last source character
        j = i + 1
        escapable = '$`\\"' if in_dq else "$`\\"
        while True:
            if j >= n:
                self.pos = i
                raise self.error("unterminated backquote")
            c = s[j]
            if c == "`":
                break
            if c == "\\" and j + 1 < n:
                if s[j + 1] in escapable:
                    chars.append(s[j + 1])
                    begin.append(j)
                    where.append(j + 1)
                else:
                    chars.extend((c, s[j + 1]))
                    begin.extend((j, j + 1))
                    where.extend((j, j + 1))
                j += 2
                continue
            chars.append(c)
            begin.append(j)
            where.append(j)
            j += 1
        begin.append(j)
        if self.nesting >= _MAX_NESTING:
            raise self.error("the command nests too deeply")
        commands: list[SimpleCommand] = []
        loose: list[Word] = []
        child = _Parser("".join(chars), self.state, commands, loose, depth=self.depth + 1, context="substitution",
                        nesting=self.nesting + 1)
        try:
            child.parse_script(closer=False)
        except DialectSyntaxError as e:
            raise DialectSyntaxError(f"in the backquoted command at offset {i}: {e}") from None
        remap = _Remap(begin, where)
        self.commands.extend(remap.command(c) for c in commands)
        self.loose.extend(remap.word(x) for x in loose)
        return j + 1


def _finish(scan: _Scan, role: str) -> Word:
    """The :class:`Word` of a scan: its argv value for ``role`` unless something in it expands."""
    expansions = list(scan.expansions)
    text = "".join(scan.text)
    mask = "".join(scan.mask)
    if role == "assignment":
        if mask.startswith("~") or ":~" in mask:
            expansions.append("tilde")
    else:
        if mask.startswith("~") or (_ASSIGN_LIKE.match(mask) and ("=~" in mask or ":~" in mask)):
            expansions.append("tilde")  # bash expands ~ after = and : in any word that looks like an assignment
        if "*" in mask or "?" in mask or ("[" in mask and "]" in text[mask.index("["):]):
            expansions.append("glob")
        if _brace_expands(mask, text):
            expansions.append("brace")
    value: str | None = None
    if not expansions:
        value = _normalise(text)
    return Word(scan.start, scan.end, value, scan.quoted, tuple(dict.fromkeys(expansions)))


def _brace_expands(mask: str, text: str) -> bool:
    """Could bash brace-expand this word? (An unquoted ``{`` before an unquoted ``}`` with ``,`` or ``..``
    between them: a superset of the real rule, which is enough to refuse a value.)"""
    first = mask.find("{")
    if first < 0:
        return False
    last = mask.rfind("}")
    if last <= first:
        return False
    inner = text[first:last]
    return "," in inner or ".." in inner


def _normalise(text: str) -> str:
    """Bytes written as ``$'\\xHH'`` are lone surrogates; where consecutive ones form UTF-8, bash's argv holds
    that character."""
    try:
        return text.encode("utf-8", "surrogateescape").decode("utf-8", "surrogateescape")
    except UnicodeError:
        return text


def _byte(value: int) -> str:
    value &= 0xFF
    return chr(value) if value < 0x80 else chr(0xDC00 + value)


def _ansi_c(body: str) -> str:
    """Decode the body of ``$'…'`` as bash does (a NUL ends the string)."""
    out: list[str] = []
    k, n = 0, len(body)
    while k < n:
        c = body[k]
        if c != "\\":
            j = body.find("\\", k)
            j = n if j < 0 else j
            out.append(body[k:j])
            k = j
            continue
        k += 1
        if k >= n:
            out.append("\\")
            break
        e = body[k]
        k += 1
        piece: str
        if e in _ANSI_SIMPLE:
            piece = _ANSI_SIMPLE[e]
        elif e in "01234567":
            digits = e
            while len(digits) < 3 and k < n and body[k] in "01234567":
                digits += body[k]
                k += 1
            piece = _byte(int(digits, 8))
        elif e in "xuU":
            limit = {"x": 2, "u": 4, "U": 8}[e]
            digits = ""
            while len(digits) < limit and k < n and body[k] in "0123456789abcdefABCDEF":
                digits += body[k]
                k += 1
            if not digits:
                piece = "\\" + e
            elif e == "x":
                piece = _byte(int(digits, 16))
            else:
                code = int(digits, 16)
                piece = chr(code) if code < 0x110000 else "\\" + e + digits
        elif e == "c":
            if k >= n:
                piece = "\\c"
            else:
                ch = body[k]
                k += 1
                piece = "\x7f" if ch == "?" else chr(ord(ch.upper()) & 0x1F) if ord(ch) < 0x80 else ch
        else:
            piece = "\\" + e
        if "\x00" in piece:
            break
        out.append(piece)
    return "".join(out)


def _heredoc_delimiter(raw: str) -> tuple[str, bool]:
    """A here-document delimiter word's text after quote removal (nothing expands in it), and whether any part
    was quoted (then the body is not expanded)."""
    out: list[str] = []
    quoted = False
    i, n = 0, len(raw)
    while i < n:
        c = raw[i]
        if c == "\\" and i + 1 < n:
            out.append(raw[i + 1])
            quoted = True
            i += 2
        elif c == "'" or (c == "$" and raw.startswith("'", i + 1)):
            i += 1 if c == "'" else 2
            j = raw.find("'", i)
            j = n if j < 0 else j
            out.append(raw[i:j])
            quoted = True
            i = j + 1
        elif c == '"' or (c == "$" and raw.startswith('"', i + 1)):
            i += 1 if c == '"' else 2
            while i < n and raw[i] != '"':
                if raw[i] == "\\" and i + 1 < n and raw[i + 1] in '$`"\\':
                    i += 1
                out.append(raw[i])
                i += 1
            quoted = True
            i += 1
        else:
            out.append(c)
            i += 1
    return "".join(out), quoted


class _Remap:
    """Maps offsets in a backquoted command's unescaped text back to the source."""

    def __init__(self, begin: list[int], last: list[int]) -> None:
        self.begin = begin
        self.last = last

    def start(self, k: int) -> int:
        return self.begin[k]

    def end(self, k: int) -> int:
        return self.last[k - 1] + 1 if k > 0 else self.begin[0]

    def word(self, w: Word) -> Word:
        return Word(self.start(w.start), self.end(w.end) if w.end > w.start else self.start(w.start), w.value,
                    w.quoted, w.expansions)

    def assignment(self, a: Assignment) -> Assignment:
        return Assignment(a.name, self.word(a.word), self.start(a.start), self.end(a.end), a.append, a.array)

    def redirect(self, r: Redirect) -> Redirect:
        body = None if r.body is None else (self.start(r.body[0]), self.start(r.body[1]))
        return Redirect(r.op, None if r.target is None else self.word(r.target), body, r.body_expanded,
                        self.start(r.start), self.end(r.end), r.delimiter)

    def command(self, c: SimpleCommand) -> SimpleCommand:
        return SimpleCommand([self.assignment(a) for a in c.assignments], [self.word(w) for w in c.words],
                             [self.redirect(r) for r in c.redirects], self.start(c.start), self.end(c.end),
                             c.depth, c.in_pipeline, c.context, c.wraps)
