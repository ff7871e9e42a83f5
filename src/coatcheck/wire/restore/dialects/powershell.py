"""PowerShell (Windows PowerShell 5.1 and PowerShell 7): the quoting context of every character of a script, how a
value is written for a context so PowerShell reads exactly that value in the same token, and a re-check that the
token structure did not move.

Restoring ``SECRET_x`` raw into ``$env:TOKEN='SECRET_x'`` turns a value such as ``a'; Remove-Item -Recurse ~; '``
into code. The facts this module follows (about_Quoting_Rules, about_Special_Characters, about_Parsing):

- single-quoted strings are verbatim; a single quote inside is written twice. PowerShell reads the typographic
  quotes U+2018, U+2019, U+201A and U+201B as single quotes and U+201C, U+201D and U+201E as double quotes, and two
  quote characters of a kind in a row, whichever, stand for one.
- double-quoted strings expand ``$name``, ``${…}`` and ``$( … )``; the backtick escapes the next character.
- here-strings ``@'…'@`` (verbatim) and ``@"…"@`` (expandable) end at a line that starts with ``'@`` / ``"@``.
- outside quotes, a command's arguments are read in argument mode (generic tokens); a bare value stays bare only
  when it is made of a small safe alphabet, else it is single-quoted where a quoted part keeps the token whole.
- ``#`` starts a comment at the start of a token, ``<# … #>`` is a block comment, a backtick at the end of a line
  continues it, and ``--%`` passes the rest of the line to a native program unparsed.

A value that reaches a command's arguments may reach a native program, whose command line Windows PowerShell
builds without escaping embedded double quotes or a trailing backslash, which a batch file (``npm.cmd``) reads
again with cmd.exe's rules, and which Windows may convert to the ANSI code page with "best fit" (``＂`` becomes
``"``); so there a value is restored only when it holds none of ``" % ! ^ & | < > ( )``, no control character,
nothing beyond ASCII but letters and digits, and does not end in a backslash. A string that is only assigned to a
variable (``$env:TOKEN = '…'``) or piped (``@'…'@ | python -``) at the top level of the script takes any value, as
long as the script does not read that variable (or ``$_``) again.

Where PowerShell's own tokenizer reads text in a way this lexer cannot be sure to follow (a ``$( )`` inside a
string or a generic token, which PowerShell ends by counting parentheses regardless of quotes; ``#``, ``<#`` or
``@'`` right after a redirection or a string; an assembly name in a type literal) the whole script is refused.

Anything else (a placeholder in a variable name, after a backtick, in a command name, inside ``--%`` …) keeps its
placeholder. :func:`tokens` is a small tokenizer for the same subset, used to re-check a restored script.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field

from ....vault import PLACEHOLDER_RE
from .base import FunctionDialect, DialectSyntaxError

SQ = "'\u2018\u2019\u201a\u201b"  # what PowerShell reads as a single quote
DQ = '"\u201c\u201d\u201e'  # … and as a double quote

SINGLE, DOUBLE, HERE_SINGLE, HERE_DOUBLE = "single", "double", "here-single", "here-double"
BARE_WORD, BARE_PREFIX, BARE_INNER = "bare-word", "bare-prefix", "bare-inner"
BARE_OPTION, BARE_OPTION_NAME = "bare-option", "bare-option-name"
CODE, VARIABLE, ESCAPED, COMMENT, BLOCK_COMMENT = "code", "variable", "escaped", "comment", "block-comment"
VALUE = "-value"  # suffix: a string that is only assigned or piped, never a command's argument

_BREAKS = "\r\n\x0b\x0c\x85\u2028\u2029"  # line ends, and characters some readers take for one
_ODD = "\x00\x0b\x0c\x1c\x1d\x1e\x1f\x85\u2028\u2029"  # whitespace or line ends PowerShell may read otherwise
_NATIVE_UNSAFE = frozenset('"%!^&|<>()')
_PLAIN = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_./\\:~+=-")
_WORD_START = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_/\\~")
_SAFE_WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_./\\:~+=-]*")
_SAFE_CHARS = re.compile(r"[A-Za-z0-9_./\\:~+=-]+")
_ALNUM = re.compile(r"[A-Za-z0-9_]+")
_IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_NAME_CHAR = re.compile(r"[\w?:]", re.UNICODE)
# a string that is the whole right-hand side of `$name =`, or a statement of its own, at the top level of the script
_VALUE_BEFORE = re.compile(r"[ \t]*(?:\$([A-Za-z_][\w:]*)[ \t]*=[ \t]*)?")
_VALUE_AFTER = re.compile(r"[ \t]*(?:[;\r\n]|(\|)(?!\|)|#|\Z)")
_PIPELINE_VARIABLE = re.compile(r"\$(?:_|psitem|input)(?![\w:])", re.IGNORECASE)
# statements that are not commands: what follows them is never an argument list
KEYWORDS = frozenset({
    "begin", "break", "catch", "class", "clean", "configuration", "continue", "data", "default", "define", "do",
    "dynamicparam", "else", "elseif", "end", "enum", "exit", "filter", "finally", "for", "foreach", "from",
    "function", "hidden", "if", "in", "inlinescript", "parallel", "param", "process", "return", "sequence",
    "static", "switch", "throw", "trap", "try", "until", "using", "var", "while", "workflow",
})


@dataclass
class _Code:
    """Script text: the top level, or inside ( ), $( ), @( ), { } or @{ }."""

    closer: str  # "" at the top level, else ")" or "}"
    start: int  # where its first pipeline element starts
    table: bool = False  # a hash table literal: `key = value` statements, never commands
    in_double: bool = False  # a $( ) inside a double-quoted string: closing it returns to the string
    end: int = -1  # where PowerShell ends this $( ) by counting parentheses (inside strings and generic tokens)
    head: bool = True  # waiting for the pipeline element's first token
    name: int = -1  # start of the command name being read
    args: bool = False  # past the command name, followed by whitespace: the element's tokens are arguments
    word: bool = False  # inside a token
    plain: bool = True  # the token so far is made of plain characters
    generic: bool = False  # the token started as a generic token would (a letter, _, /, \ or ~)


@dataclass
class _Double:
    """A double-quoted string or an expandable here-string."""

    start: int
    here: bool
    value: str | None  # opened where a string may be only assigned or piped: the variable assigned, or ""
    sub: bool = False  # holds a $( )


@dataclass
class _Lexer:
    s: str
    ctx: list[str] = field(default_factory=list)
    arg: list[bool] = field(default_factory=list)
    stack: list[_Code | _Double] = field(default_factory=list)
    values: list[tuple[int, int, str, bool]] = field(default_factory=list)  # text, variable, piped

    def run(self) -> list[str]:
        s = self.s
        if any(c in _ODD for c in s):
            raise DialectSyntaxError("a character PowerShell may read as a space or a line end")
        self.ctx = [CODE] * len(s)
        self.arg = [False] * len(s)
        self.stack = [_Code("", 0)]
        i = 0
        while i < len(s):
            top = self.stack[-1]
            i = self._code(i, top) if isinstance(top, _Code) else self._double(i, top)
        if len(self.stack) != 1:
            raise DialectSyntaxError("unbalanced quoting or brackets")
        for a, b, variable, piped in self.values:
            name = variable.rsplit(":", 1)[-1]
            if name and len(re.findall(r"(?<![\w-])" + re.escape(name) + r"(?![\w-])", s, re.IGNORECASE)) > 1:
                continue  # the variable is read again: the value may reach a command's arguments through it
            if piped and _PIPELINE_VARIABLE.search(s):
                continue  # … or through $_
            for k in range(a, b):
                if self.ctx[k] in (SINGLE, DOUBLE, HERE_SINGLE, HERE_DOUBLE):
                    self.ctx[k] += VALUE
        for m in PLACEHOLDER_RE.finditer(s):
            if self.ctx[m.start()] == CODE:
                self.ctx[m.start()] = self._bare(m.start(), m.end())
        return self.ctx

    # -- tokens in script text ---------------------------------------------------------------------------------
    def _token(self, f: _Code, i: int, plain: bool) -> None:
        """A token character (or construct) at ``i``."""
        if not f.word:
            f.word, f.plain, f.generic = True, True, self.s[i] in _WORD_START
            if f.head:
                f.head = False
                if not f.table and plain and self.s[i].isascii() and (self.s[i].isalpha() or self.s[i] == "_"):
                    f.name = i
                else:
                    f.args = False
        if not plain:
            f.plain = False
        self.arg[i] = f.args

    def _space(self, f: _Code, i: int) -> None:
        """Whitespace at ``i`` ends a token; after a command name, arguments follow."""
        if f.name >= 0:
            f.args = f.plain and self.s[f.name:i].lower() not in KEYWORDS
            f.name = -1
        f.word, f.plain = False, True

    def _boundary(self, f: _Code) -> None:
        """A metacharacter ends a token; a command name ended that way gives no plain argument list."""
        if f.name >= 0:
            f.name, f.args = -1, False
        f.word, f.plain = False, True

    def _reset(self, f: _Code, start: int) -> None:
        """A new pipeline element starts at ``start``."""
        f.head, f.name, f.args, f.word, f.plain, f.start = True, -1, False, False, True, start

    def _code(self, i: int, f: _Code) -> int:
        s, n = self.s, len(self.s)
        c = s[i]
        nxt = s[i + 1] if i + 1 < n else ""
        if c in " \t":
            self._space(f, i)
            return i + 1
        if c in "\r\n":
            self._reset(f, i + 1)
            return i + 1
        if c == "`":
            if not nxt:
                raise DialectSyntaxError("a backtick at the end of the script")
            if nxt in "\r\n":  # line continuation
                self._space(f, i)
                return i + (3 if s.startswith("\r\n", i + 1) else 2)
            if nxt in " \t" and not f.word:  # between tokens, a backtick before whitespace is whitespace
                self._space(f, i)
                return i + 2
            if f.head or f.name >= 0:
                f.name, f.args = -1, False
            self._token(f, i, plain=False)
            self.ctx[i + 1] = ESCAPED
            return i + 2
        if c == ";":
            self._reset(f, i + 1)
            return i + 1
        if c in "|&":
            if nxt == c:
                self._reset(f, i + 2)
                return i + 2
            if c == "&" and f.head:  # the call operator: what it calls is no plain command name
                f.head, f.args = False, False
                return i + 1
            self._reset(f, i + 1)
            return i + 1
        if c == "#":
            if f.word and f.plain and self._in_generic(f):
                self._token(f, i, plain=False)  # inside a generic token: a literal
                return i + 1
            if f.word or (i > 0 and s[i - 1] in "<>"):
                raise DialectSyntaxError("a '#' that may or may not start a comment")
            j = _line_end(s, i)
            for k in range(i, j):
                self.ctx[k] = COMMENT
            return j
        if c == "<" and nxt == "#":
            if f.word or (i > 0 and s[i - 1] in "<>"):
                raise DialectSyntaxError("a '<#' that may or may not start a comment")
            j = s.find("#>", i + 2)
            if j < 0:
                raise DialectSyntaxError("unterminated block comment")
            for k in range(i, j + 2):
                self.ctx[k] = BLOCK_COMMENT
            self._space(f, i)
            return j + 2
        if c in "<>,":
            self._boundary(f)
            j = i + (2 if c == ">" and nxt and nxt in "&>" else 1)
            if c != "," and j < n and (s[j] in "#<@" or s.startswith("$(", j)):
                # inside a generic token PowerShell reads < and > as plain characters: what follows may be
                # a comment, a here-string or a sub-expression to one reader and text to the other
                raise DialectSyntaxError("a redirection followed by a character read two ways")
            return j
        if c in SQ:
            return self._single(i, f)
        if c in DQ:
            self._token(f, i, plain=False)
            self._boundary_name(f)
            self.stack.append(_Double(i, False, self._value_before(f, i)))
            return i + 1
        if c == "@" and f.word:
            if self._in_generic(f):  # inside a generic token, '@' is a plain character (a quote after it is a string)
                self._token(f, i, plain=False)
                return i + 1
            if nxt and (nxt in SQ or nxt in DQ or nxt in "({"):  # after an operator or a string: a new token
                raise DialectSyntaxError("an '@' that may or may not start a here-string or an array")
        if c == "@":
            if nxt and (nxt in SQ or nxt in DQ):
                return self._here(i, f)
            if nxt and nxt in "({":
                self._token(f, i, plain=False)
                self._boundary_name(f)
                self.stack.append(_Code(")" if nxt == "(" else "}", i + 2, table=nxt == "{"))
                return i + 2
            if nxt and _NAME_CHAR.match(nxt):  # splatting: @name
                self._token(f, i, plain=False)
                return self._variable_name(i + 1)
            self._token(f, i, plain=False)
            return i + 1
        if c == "$":
            inside = f.word  # a $( ) inside a generic token is read like one inside a string
            self._token(f, i, plain=False)
            self._boundary_name(f)
            if nxt == "(":
                self.stack.append(_Code(")", i + 2, end=_subexpression_end(s, i + 2) if inside else -1))
                return i + 2
            return self._variable(i)
        if c in "({":
            self._token(f, i, plain=False)
            self._boundary_name(f)
            self.stack.append(_Code(")" if c == "(" else "}", i + 1))
            return i + 1
        if c in ")}":
            if f.closer != c:
                raise DialectSyntaxError("unbalanced brackets")
            if f.end >= 0 and f.end != i:
                raise DialectSyntaxError("PowerShell ends this $( ) elsewhere: it counts parentheses inside quotes too")
            self.stack.pop()
            parent = self.stack[-1]
            if isinstance(parent, _Code):
                parent.word, parent.plain = True, False  # what follows a group starts a new argument
            return i + 1
        if c == "-" and s.startswith("--%", i) and not f.word:
            raise DialectSyntaxError("the stop-parsing token --% passes text to a native program unparsed")
        if ord(c) < 32 or ord(c) == 127 or unicodedata.category(c) == "Zs":
            raise DialectSyntaxError("a control character or a non-ASCII space in the script")
        if c == "[" and not f.word:
            _type_literal(s, i)
        self._token(f, i, plain=c in _PLAIN)
        return i + 1

    @staticmethod
    def _in_generic(f: _Code) -> bool:
        """Inside a token that PowerShell reads as a generic token: one that started with a letter (or _, /, backslash, ~)
        where a command name or its arguments stand."""
        return f.word and f.generic and (f.args or f.name >= 0)

    def _boundary_name(self, f: _Code) -> None:
        """A quote, ``$``, ``(`` or ``@`` inside a command name: the element has no plain argument list."""
        if f.name >= 0:
            f.name, f.args = -1, False

    def _value_before(self, f: _Code, i: int) -> str | None:
        """At the top level, after nothing or after ``$name =``: the name (or ""); else None."""
        if len(self.stack) != 1 or f is not self.stack[0]:
            return None
        m = _VALUE_BEFORE.fullmatch(self.s, f.start, i)
        if m is None or (m.group(1) or "").lower().startswith("env:"):
            return None  # an environment variable reaches child processes (a .cmd file reads %NAME% as cmd.exe code)
        return m.group(1) or ""

    def _closed(self, opened: int, closing: int, end: int, value: str | None) -> None:
        """A string whose text is ``[opened, closing)`` closed; its delimiter ends before ``end``. It is a value
        when it is all of its statement, or piped to the next command, and what it is assigned to is not read
        again in the script (:meth:`run`)."""
        m = _VALUE_AFTER.match(self.s, end)
        if value is not None and m:
            self.values.append((opened, closing, value, m.group(1) is not None))

    def _single(self, i: int, f: _Code) -> int:
        s, n = self.s, len(self.s)
        self._token(f, i, plain=False)
        self._boundary_name(f)
        value = self._value_before(f, i)
        j = i + 1
        while True:
            if j >= n:
                raise DialectSyntaxError("unterminated single-quoted string")
            if s[j] in SQ:
                if j + 1 < n and s[j + 1] in SQ:
                    self.ctx[j] = self.ctx[j + 1] = SINGLE
                    j += 2
                    continue
                break
            self.ctx[j] = SINGLE
            j += 1
        self._closed(i + 1, j, j + 1, value)
        return j + 1

    def _here(self, i: int, f: _Code) -> int:
        s, n = self.s, len(self.s)
        quote = s[i + 1]
        self._token(f, i, plain=False)
        self._boundary_name(f)
        value = self._value_before(f, i)
        body = _here_body(s, i)
        if quote in DQ:
            self.stack.append(_Double(body, True, value))
            return body
        j = body
        while True:
            if j >= n:
                raise DialectSyntaxError("unterminated here-string")
            if _line_start(s, j):
                if s[j] in SQ and s.startswith("@", j + 1):
                    break
                k = j
                while k < n and s[k] in " \t":
                    k += 1
                if k > j and k < n and s[k] in SQ and s.startswith("@", k + 1):
                    raise DialectSyntaxError("an indented here-string terminator")
            self.ctx[j] = HERE_SINGLE
            j += 1
        self._closed(body, j, j + 2, value)
        return j + 2

    def _variable(self, i: int) -> int:
        """``$`` at ``i`` (not ``$(``): a variable reference, or a literal ``$``."""
        s, n = self.s, len(self.s)
        nxt = s[i + 1] if i + 1 < n else ""
        if nxt == "{":
            j = i + 2
            while j < n and s[j] != "}":
                if s[j] in DQ or s[j] == "{":
                    raise DialectSyntaxError("a quote or a brace inside ${...}")
                j += 2 if s[j] == "`" else 1
            if j >= n:
                raise DialectSyntaxError("unterminated ${...} variable")
            for k in range(i + 1, j + 1):
                self.ctx[k] = VARIABLE
            return j + 1
        if nxt in ("$", "^", "?"):
            self.ctx[i + 1] = VARIABLE
            return i + 2
        if nxt and _NAME_CHAR.match(nxt):
            return self._variable_name(i + 1)
        return i + 1

    def _variable_name(self, j: int) -> int:
        s, n = self.s, len(self.s)
        while j < n and _NAME_CHAR.match(s[j]):
            self.ctx[j] = VARIABLE
            j += 1
        return j

    # -- double-quoted strings and expandable here-strings -----------------------------------------------------
    def _double(self, i: int, d: _Double) -> int:
        s, n = self.s, len(self.s)
        c = s[i]
        nxt = s[i + 1] if i + 1 < n else ""
        kind = HERE_DOUBLE if d.here else DOUBLE
        if d.here and _line_start(s, i):
            if c in DQ and nxt == "@":
                return self._close_double(d, i, i + 2)
            k = i
            while k < n and s[k] in " \t":
                k += 1
            if k > i and k < n and s[k] in DQ and s.startswith("@", k + 1):
                raise DialectSyntaxError("an indented here-string terminator")
        if not d.here and c in DQ:
            if nxt and nxt in DQ:
                self.ctx[i] = self.ctx[i + 1] = kind
                return i + 2
            return self._close_double(d, i, i + 1)
        if c == "`":
            if not nxt or (d.here and nxt in "\r\n"):
                raise DialectSyntaxError("a backtick at the end of a string or line")
            self.ctx[i] = kind
            self.ctx[i + 1] = ESCAPED
            return i + 2
        if c == "$":
            self.ctx[i] = kind
            if nxt == "(":
                if d.here:
                    raise DialectSyntaxError("a $( ) inside an expandable here-string is not followed")
                d.sub = True
                self.stack.append(_Code(")", i + 2, in_double=True, end=_subexpression_end(s, i + 2)))
                return i + 2
            return self._variable(i)
        self.ctx[i] = kind
        return i + 1

    def _close_double(self, d: _Double, i: int, end: int) -> int:
        self.stack.pop()
        self._closed(d.start, i, end, None if d.sub else d.value)
        return end

    # -- placeholders outside quotes ---------------------------------------------------------------------------
    def _bare(self, a: int, b: int) -> str:
        """The context of a placeholder at ``[a, b)`` in script text: an argument of a command, or code."""
        s, ctx, n = self.s, self.ctx, len(self.s)
        if not self.arg[a]:
            return CODE
        ws = a
        while ws > 0 and ctx[ws - 1] == CODE and s[ws - 1] in _PLAIN:
            ws -= 1
        we = b
        while we < n and ctx[we] == CODE and s[we] in _PLAIN:
            we += 1
        if ws == 0 or s[ws - 1] not in " \t" or ctx[ws - 1] != CODE or not self.arg[ws]:
            return CODE  # the token does not start after whitespace in an argument list
        if we < n and s[we] not in " \t\r\n;|&)}":
            return CODE  # the token goes on with a quote, a variable, a comma …
        if ws == a:
            return BARE_WORD if we == b else BARE_PREFIX
        if s[ws] == "-":
            return BARE_OPTION_NAME if set(s[ws:a]) == {"-"} else BARE_OPTION
        return BARE_INNER if s[ws] in _WORD_START else CODE


def _type_literal(s: str, i: int) -> None:
    """A ``[`` that may start a type literal: PowerShell reads the assembly name after a comma in it (``[T, A]``)
    without quotes or escapes, so such a bracket is not followed."""
    depth = paren = 0
    for k in range(i, len(s)):
        c = s[k]
        if c in "\r\n":
            return
        if c == "[":
            depth += 1
        elif c == "]":
            depth -= 1
            if depth == 0:
                return
        elif c == "(":
            paren += 1
        elif c == ")":
            paren -= 1
        elif c == "," and paren <= 0:
            raise DialectSyntaxError("a type name with an assembly name")


def _subexpression_end(s: str, j: int) -> int:
    """Where PowerShell's tokenizer ends a ``$(`` inside a string or a generic token whose text starts at ``j``: at
    the ``)`` that balances the parentheses, counted without regard to quotes. It also reads a backtick or a
    double quote followed by a double quote there as that quote alone; such text is not followed."""
    depth = 1
    for k in range(j, len(s)):
        c = s[k]
        if (c == "`" or c in DQ) and k + 1 < len(s) and s[k + 1] in DQ:
            raise DialectSyntaxError("an escaped double quote inside $( ) in a string")
        if c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
            if depth == 0:
                return k
    raise DialectSyntaxError("unterminated $( )")


def _here_body(s: str, i: int) -> int:
    """Where the body of the here-string whose ``@'``/``@"`` opens at ``i`` starts: its header must end its line."""
    n = len(s)
    j = i + 2
    while j < n and s[j] in " \t":
        j += 1
    if j >= n or s[j] not in "\r\n":
        raise DialectSyntaxError("a here-string header must end its line")
    return j + (2 if s.startswith("\r\n", j) else 1)


def _line_start(s: str, i: int) -> bool:
    if i == 0:
        return True
    if s[i - 1] == "\n":
        return True
    return s[i - 1] == "\r" and (i >= len(s) or s[i] != "\n")


def _line_end(s: str, i: int) -> int:
    for j in range(i, len(s)):
        if s[j] in "\r\n":
            return j
    return len(s)


def contexts(cmd: str) -> list[str]:
    """The quoting context of every character of PowerShell script ``cmd``; a placeholder outside quotes gets the
    context of its token (``bare-word``, ``bare-prefix`` …, or ``code`` where it is not a command's argument).
    Raises :class:`DialectSyntaxError` where the script's quoting cannot be followed with certainty."""
    return _Lexer(cmd).run()


def _breaks(value: str) -> bool:
    return any(c in _BREAKS for c in value)


def _native_char(c: str) -> bool:
    if c.isascii():
        return c not in _NATIVE_UNSAFE and (c == " " or c.isprintable())
    # beyond ASCII, only letters and digits that are their own compatibility form: Windows' "best fit" conversion
    # of a command line for a program that reads it in the ANSI code page turns ＂ into ", ¥ into \ …
    return unicodedata.category(c)[0] in "LN" and unicodedata.normalize("NFKC", c) == c


def _native_safe(value: str) -> bool:
    """``value`` survives any native program's command line as one argument, written by either PowerShell."""
    return bool(value) and not value.endswith("\\") and all(_native_char(c) for c in value)


def _single(value: str) -> str:
    return "".join(c + c if c in SQ else c for c in value)


def _double(value: str) -> str:
    return "".join("`" + c if c in "`$" or c in DQ else c for c in value)


def quote_for(value: str, context: str) -> str | None:
    """``value`` written so that, in ``context``, PowerShell reads exactly ``value`` in the same token; None where
    that cannot be guaranteed (the caller keeps the placeholder)."""
    if any(c in _ODD for c in value):
        return None  # a character the script itself may not hold (see contexts)
    if context == COMMENT:
        return None if _breaks(value) else value
    if context == BLOCK_COMMENT:
        return None if "#" in value or ">" in value else value
    base = context.removesuffix(VALUE)
    if base == context and not _native_safe(value):
        return None  # an argument: it may reach a native program's command line
    if base == SINGLE:
        return _single(value)
    if base == DOUBLE:
        return _double(value)
    if base == HERE_SINGLE:  # nor a line that starts (perhaps indented) with a closing quote
        return None if _breaks(value) or value.lstrip()[:1] in tuple(SQ) else value
    if base == HERE_DOUBLE:
        return None if _breaks(value) else _double(value)
    if base == BARE_WORD:
        return value if _SAFE_WORD.fullmatch(value) else "'" + _single(value) + "'"
    if base == BARE_PREFIX:
        return value if _SAFE_WORD.fullmatch(value) else None
    if base == BARE_INNER:
        return value if _SAFE_CHARS.fullmatch(value) else "'" + _single(value) + "'"
    if base == BARE_OPTION:
        return value if _ALNUM.fullmatch(value) else None
    if base == BARE_OPTION_NAME:
        return value if _IDENT.fullmatch(value) else None
    return None  # code, a variable name, an escaped character


# -- the re-check's tokenizer ----------------------------------------------------------------------------------
_ESCAPES = {"0": "\0", "a": "\a", "b": "\b", "e": "\x1b", "f": "\f", "n": "\n", "r": "\r", "t": "\t", "v": "\v"}
_TOKEN_END = " \t\r\n;|&(){},<>"

Token = tuple  # ("nl",), ("op", text), ("group", opener, tokens), ("str", text), ("dstr", parts), ("here1", text),
# ("here2", parts), ("comment", text), ("head", parts) or ("word", parts); parts: ("lit", text), ("var", name),
# ("sub", tokens)


class _Tokenizer:
    """Splits a script into tokens the way PowerShell's reader does for the subset :func:`contexts` follows:
    strings decoded, generic tokens joined with their quoted parts, variables and sub-expressions kept apart."""

    def __init__(self, s: str) -> None:
        self.s = s

    def run(self) -> list[Token]:
        toks, i = self._seq(0, "")
        return toks

    def _seq(self, i: int, closer: str) -> tuple[list[Token], int]:
        s, n = self.s, len(self.s)
        out: list[Token] = []
        head = True
        while i < n:
            c = s[i]
            nxt = s[i + 1] if i + 1 < n else ""
            if c in " \t":
                i += 1
            elif c == "`" and nxt in ("\r", "\n"):
                i += 3 if s.startswith("\r\n", i + 1) else 2
            elif c == "`" and nxt in (" ", "\t"):
                i += 2
            elif c in "\r\n":
                out.append(("nl",))
                i += 2 if s.startswith("\r\n", i) else 1
                head = True
            elif c == "#":
                j = _line_end(s, i)
                out.append(("comment", s[i + 1:j]))
                i = j
            elif c == "<" and nxt == "#":
                j = s.find("#>", i + 2)
                if j < 0:
                    raise DialectSyntaxError("unterminated block comment")
                out.append(("comment", s[i + 2:j]))
                i = j + 2
            elif closer and c == closer:
                return out, i + 1
            elif c in ")}":
                raise DialectSyntaxError("unbalanced brackets")
            elif c in "|&" and nxt == c:
                out.append(("op", c + c))
                i += 2
                head = True
            elif c in ";|&":
                out.append(("op", c))
                i += 1
                head = True
            elif c in ",<>":
                out.append(("op", c))
                i += 1
            elif c in "({" or (c in "@$" and nxt in ("(", "{") and not (c == "$" and nxt == "{")):
                opener = c if c in "({" else c + nxt
                sub, i = self._seq(i + len(opener), ")" if opener[-1] == "(" else "}")
                out.append(("group", opener, tuple(sub)))
                head = False
            elif c == "@" and nxt and (nxt in SQ or nxt in DQ):
                tok, i = self._here(i)
                out.append(tok)
                head = False
            elif c in SQ:
                text, i = self._single(i)
                out.append(("str", text))
                head = False
            elif c in DQ:
                parts, i = self._double(i, here=False)
                out.append(("dstr", tuple(parts)))
                head = False
            else:
                parts, i = self._word(i)
                if not head and all(p[0] == "lit" for p in parts):
                    out.append(("str", "".join(p[1] for p in parts)))  # an argument of plain text is a string
                else:
                    out.append(("head" if head else "word", tuple(parts)))
                head = False
        if closer:
            raise DialectSyntaxError("unbalanced brackets")
        return out, i

    def _single(self, i: int) -> tuple[str, int]:
        s, n = self.s, len(self.s)
        out = []
        j = i + 1
        while True:
            if j >= n:
                raise DialectSyntaxError("unterminated single-quoted string")
            if s[j] in SQ:
                if j + 1 < n and s[j + 1] in SQ:
                    out.append(s[j + 1])
                    j += 2
                    continue
                return "".join(out), j + 1
            out.append(s[j])
            j += 1

    def _here(self, i: int) -> tuple[Token, int]:
        s, n = self.s, len(self.s)
        quote = s[i + 1]
        body = _here_body(s, i)
        if quote in DQ:
            parts, end = self._double(body, here=True)
            return ("here2", tuple(parts)), end
        j = body
        while j < n and not (_line_start(s, j) and s[j] in SQ and s.startswith("@", j + 1)):
            j += 1
        if j >= n:
            raise DialectSyntaxError("unterminated here-string")
        return ("here1", s[body:j]), j + 2

    def _double(self, i: int, here: bool) -> tuple[list[tuple], int]:
        """Parts of a double-quoted string starting at its opening quote (or, for a here-string, at its body)."""
        s, n = self.s, len(self.s)
        parts: list[tuple] = []
        j = i if here else i + 1
        while True:
            if j >= n:
                raise DialectSyntaxError("unterminated double-quoted string")
            c = s[j]
            nxt = s[j + 1] if j + 1 < n else ""
            if here and _line_start(s, j) and c in DQ and nxt == "@":
                return parts, j + 2
            if not here and c in DQ:
                if nxt and nxt in DQ:
                    _lit(parts, nxt)
                    j += 2
                    continue
                return parts, j + 1
            if c == "`":
                if not nxt:
                    raise DialectSyntaxError("a backtick at the end of a string")
                _lit(parts, _ESCAPES.get(nxt, nxt))
                j += 2
            elif c == "$":
                j = self._dollar(j, parts)
            else:
                _lit(parts, c)
                j += 1

    def _dollar(self, j: int, parts: list[tuple]) -> int:
        s, n = self.s, len(self.s)
        nxt = s[j + 1] if j + 1 < n else ""
        if nxt == "(":
            sub, end = self._seq(j + 2, ")")
            parts.append(("sub", tuple(sub)))
            return end
        if nxt == "{":
            k = s.find("}", j + 2)
            if k < 0:
                raise DialectSyntaxError("unterminated ${...} variable")
            parts.append(("var", s[j + 2:k]))
            return k + 1
        if nxt in ("$", "^", "?"):
            parts.append(("var", nxt))
            return j + 2
        k = j + 1
        while k < n and _NAME_CHAR.match(s[k]):
            k += 1
        if k == j + 1:
            _lit(parts, "$")
            return j + 1
        parts.append(("var", s[j + 1:k]))
        return k

    def _word(self, i: int) -> tuple[list[tuple], int]:
        """A generic token: plain characters, backtick escapes, embedded quoted strings and variables."""
        s, n = self.s, len(self.s)
        parts: list[tuple] = []
        generic = s[i] not in "$@"  # a token that starts with a variable ends at a quote
        j = i
        while j < n:
            c = s[j]
            nxt = s[j + 1] if j + 1 < n else ""
            if c in _TOKEN_END and j > i or (not generic and (c in SQ or c in DQ)):
                break
            if c == "`":
                if not nxt or nxt in "\r\n":
                    break
                _lit(parts, _ESCAPES.get(nxt, nxt))
                j += 2
            elif c in SQ and j > i:
                text, j = self._single(j)
                _lit(parts, text)
            elif c in DQ and j > i:
                dparts, j = self._double(j, here=False)
                for p in dparts:
                    if p[0] == "lit":
                        _lit(parts, p[1])
                    else:
                        parts.append(p)
            elif c == "$":
                j = self._dollar(j, parts)
            elif c == "@" and j == i and nxt and _NAME_CHAR.match(nxt):
                k = j + 1
                while k < n and _NAME_CHAR.match(s[k]):
                    k += 1
                parts.append(("splat", s[j + 1:k]))
                j = k
            else:
                _lit(parts, c)
                j += 1
        return parts, j


def _lit(parts: list[tuple], text: str) -> None:
    if not text:
        return
    if parts and parts[-1][0] == "lit":
        parts[-1] = ("lit", parts[-1][1] + text)
    else:
        parts.append(("lit", text))


def tokens(script: str) -> list[Token]:
    """PowerShell's token structure of ``script``, for the subset :func:`contexts` follows."""
    return _Tokenizer(script).run()


def _substitute(node: object, queue: list[tuple[str, str]]) -> object:
    if isinstance(node, str):
        out, pos = [], 0
        for m in PLACEHOLDER_RE.finditer(node):
            if not queue or queue[0][0] != m.group():
                continue  # a placeholder the vault does not know: left as it is
            out.append(node[pos:m.start()])
            out.append(queue.pop(0)[1])
            pos = m.end()
        out.append(node[pos:])
        return "".join(out)
    if isinstance(node, tuple):  # a part left empty by its value is no part (as the tokenizer reads it)
        return tuple(x for x in (_substitute(y, queue) for y in node) if x != ("lit", ""))
    if isinstance(node, list):
        return [_substitute(x, queue) for x in node]
    return node


def same_tokens(masked: str, restored: str, literal: list[tuple[str, str]], ctx: list[str]) -> bool:
    """The tokens of ``restored`` are those of ``masked`` with each placeholder replaced by its literal, and every
    placeholder was found where the tokenizer reads text."""
    try:
        contexts(restored)  # the restored script must still be one whose quoting is followed
        before = tokens(masked)
        after = tokens(restored)
    except (DialectSyntaxError, RecursionError):
        return False
    queue = list(literal)
    expected = _substitute(before, queue)
    return not queue and after == expected


POWERSHELL = FunctionDialect("powershell", contexts, quote_for, same_tokens)
