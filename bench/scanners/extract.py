"""Extract positive / negative test vectors from public secret scanners' own test fixtures.

Stdlib only (Python 3.11).  Reads the repositories unpacked under ``work/src/<name>`` and writes
``work/cases.jsonl`` (one JSON object per case) plus ``work/extract_report.json`` (counts, skips, commits).

Sources:
  gitleaks      cmd/generate/config/rules/*.go  -- the ``tps`` / ``fps`` slices of every rule function
  trufflehog    pkg/detectors/**/*_test.go      -- test tables with ``input:`` / ``want:`` (+ valid/invalidPattern)
  detect-secrets tests/plugins/*_test.py        -- pytest parametrize tables
  CredSweeper   tests/samples/* + tests/data/*.json (expected findings)

A tiny Go expression evaluator (string literals, ``+``, composite literals, ``append``, ``fmt.Sprintf``,
the gitleaks ``utils.*`` helpers, ``secrets.NewSecret`` via a seeded regex generator) is used for the
Go sources; a small ``ast`` evaluator for the Python ones.  Anything it cannot evaluate is skipped and
counted.  See README.md.
"""

# ruff: noqa: B023  -- the closures below are called within the loop iteration that defines them
from __future__ import annotations

import argparse
import ast
import collections
import json
import math
import random
import re
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
WORK = HERE / "work"

REPOS = {
    "gitleaks": "gitleaks/gitleaks",
    "trufflehog": "trufflesecurity/trufflehog",
    "detect-secrets": "Yelp/detect-secrets",
    "CredSweeper": "Samsung/CredSweeper",
}


# ----------------------------------------------------------------------------------------------
# Go tokenizer
# ----------------------------------------------------------------------------------------------

_GO_TOK = re.compile(
    r"""
     (?P<ws>[ \t\r\f]+)
    |(?P<nl>\n)
    |(?P<lc>//[^\n]*)
    |(?P<bc>/\*.*?\*/)
    |(?P<raw>`[^`]*`)
    |(?P<str>"(?:[^"\\\n]|\\.)*")
    |(?P<rune>'(?:[^'\\\n]|\\[^']+)')
    |(?P<num>0[xX][0-9a-fA-F_]+|\d[\d_]*(?:\.\d+)?(?:[eE][+-]?\d+)?)
    |(?P<ident>[A-Za-z_\u0080-\U0010ffff][A-Za-z0-9_\u0080-\U0010ffff]*)
    |(?P<op>\.\.\.|:=|<<=|>>=|&\^=|&&|\|\||<-|\+\+|--|==|!=|<=|>=|\+=|-=|\*=|/=|%=|&=|\|=|\^=|<<|>>|&\^|[-+*/%&|^<>=!(){}\[\],;.:~])
    """,
    re.S | re.X,
)
_SEMI_AFTER_KW = {"break", "continue", "fallthrough", "return"}


class Tok:
    __slots__ = ("kind", "val", "line")

    def __init__(self, kind, val, line):
        self.kind, self.val, self.line = kind, val, line

    def __repr__(self):
        return f"Tok({self.kind},{self.val!r},{self.line})"


def go_unquote(lit: str) -> str:
    if lit.startswith("`"):
        return lit[1:-1].replace("\r", "")
    body = lit[1:-1]
    out = bytearray()
    i = 0
    simple = {"n": 10, "t": 9, "r": 13, "a": 7, "b": 8, "f": 12, "v": 11, "\\": 92, '"': 34, "'": 39}
    while i < len(body):
        c = body[i]
        if c != "\\":
            out += c.encode("utf-8")
            i += 1
            continue
        n = body[i + 1]
        if n in simple:
            out.append(simple[n])
            i += 2
        elif n == "x":
            out.append(int(body[i + 2 : i + 4], 16))
            i += 4
        elif n == "u":
            out += chr(int(body[i + 2 : i + 6], 16)).encode("utf-8", "surrogatepass")
            i += 6
        elif n == "U":
            out += chr(int(body[i + 2 : i + 10], 16)).encode("utf-8")
            i += 10
        elif n in "01234567":
            out.append(int(body[i + 1 : i + 4], 8) & 0xFF)
            i += 4
        else:
            raise ValueError(f"bad escape \\{n}")
    return out.decode("utf-8", errors="replace")


def go_tokenize(src: str) -> list[Tok]:
    toks: list[Tok] = []
    line = 1
    pos = 0

    def semi_needed():
        if not toks:
            return False
        t = toks[-1]
        if t.kind in ("ident",):
            return True if t.val not in _GO_KEYWORDS_NOSEMI else t.val in _SEMI_AFTER_KW
        if t.kind in ("str", "num", "rune"):
            return True
        return t.kind == "op" and t.val in (")", "]", "}", "++", "--")

    while pos < len(src):
        m = _GO_TOK.match(src, pos)
        if not m:
            raise ValueError(f"tokenize error at line {line}: {src[pos:pos+20]!r}")
        kind = m.lastgroup
        val = m.group()
        if kind == "nl" or (kind == "bc" and "\n" in val):
            if semi_needed():
                toks.append(Tok("op", ";", line))
        elif kind in ("ws", "lc", "bc"):
            pass
        elif kind == "raw":
            toks.append(Tok("str", val, line))
        else:
            toks.append(Tok(kind, val, line))
        line += val.count("\n")
        pos = m.end()
    if semi_needed():
        toks.append(Tok("op", ";", line))
    return toks


_GO_KEYWORDS_NOSEMI = {
    "break", "case", "chan", "const", "continue", "default", "defer", "else", "fallthrough", "for", "func",
    "go", "goto", "if", "import", "interface", "map", "package", "range", "return", "select", "struct",
    "switch", "type", "var",
}


# ----------------------------------------------------------------------------------------------
# Go values
# ----------------------------------------------------------------------------------------------


class Unk:
    """A value we could not evaluate."""

    __slots__ = ("why",)

    def __init__(self, why):
        self.why = why

    def __repr__(self):
        return f"Unk({self.why})"


class SStr(str):
    """A string produced by gitleaks' GenerateSampleSecret(s): remembers the embedded secret."""

    secret: str | None = None
    template: str = ""


class GoMap(dict):
    """A keyed composite literal (struct or map)."""

    line = 0


class GoRegex(str):
    """A regex source string (from regexp.MustCompile & co.)."""


def is_unk(v):
    return isinstance(v, Unk)


# ---- gitleaks helpers --------------------------------------------------------------------------

GITLEAKS_SAMPLE_TEMPLATES = {
    "ini - quoted1": '{i}Token="{s}"',
    "ini - quoted2": '{i}Token = "{s}"',
    "ini - unquoted1": "{i}Token={s}",
    "ini - unquoted2": "{i}Token = {s}",
    "json - string": '{\n    "{i}_token": "{s}"\n}',
    "json - escaped newline in string": '{"config.ini": "{I}_TOKEN={s}\\nBACKUP_ENABLED=true"}',
    "xml - element multiline": "<{i}Token>\n    {s}\n</{i}Token>",
    "yaml - singleline - unquoted": "{i}_token: {s}",
    "yaml - singleline - single quote": "{i}_token: '{s}'",
    "yaml - singleline - double quote": '{i}_token: "{s}"',
    "C#": 'string {i}Token = "{s}";',
    "go - normal": 'var {i}Token string = "{s}"',
    "go - short": '{i}Token := "{s}"',
    "go - backticks": "{i}Token := `{s}`",
    "java": 'String {i}Token = "{s}";',
    "kotlin - notype": 'var {i}Token = "{s}"',
    "php - string concat": '${i}Token .= "{s}"',
    "python - single quote": "{i}Token = '{s}'",
    "python - double quote": '{i}Token = "{s}"',
    "misc - comma operator": 'System.setProperty("{I}_TOKEN", "{s}")',
    "logstash": '  "{i}Token" => "{s}"',
    "make - recursive assignment": '{i}_TOKEN = "{s}"',
    "make - simple assignment": '{i}_TOKEN := "{s}"',
    "make - shell assignment": '{i}_TOKEN ::= "{s}"',
    "make - evaluated shell assignment": '{i}_TOKEN :::= "{s}"',
    "make - conditional assignment": '{i}_TOKEN ?= "{s}"',
}


def _sample_templates_from_source(root: Path) -> dict[str, str]:
    """Read the GenerateSampleSecrets template map from the checked-out gitleaks (falls back to the copy above)."""
    p = root / "cmd/generate/config/utils/generate.go"
    try:
        src = p.read_text()
        body = src[src.index("func GenerateSampleSecrets") :]
        body = body[body.index("map[string]string{") : body.index("replacer :=")]
        toks = go_tokenize(body)  # drops comments, so the commented-out TODO templates are not taken
        out = {}
        for a, colon, b in zip(toks, toks[1:], toks[2:], strict=False):
            if a.kind == "str" and colon.val == ":" and b.kind == "str":
                out[go_unquote(a.val)] = go_unquote(b.val)
        if len(out) >= 10:
            return out
    except Exception:
        pass
    return GITLEAKS_SAMPLE_TEMPLATES


def gitleaks_sample(identifier: str, secret: str, template: str, tname: str) -> SStr:
    v = template.replace("{i}", identifier).replace("{I}", identifier.upper()).replace("{s}", secret)
    s = SStr(v)
    s.secret = secret
    s.template = tname
    return s


GL_IDENT_PREFIX = r"[\w.-]{0,50}?(?:"
GL_IDENT_CI_PREFIX = r"[\w.-]{0,50}?(?i:"
GL_IDENT_SUFFIX = r")(?:[ \t\w.-]{0,20})[\s'\"]{0,3}"
GL_OPERATOR = r"(?:=|>|:{1,3}=|\|\||:|=>|\?=|,)"
GL_SECRET_PREFIX_UNIQUE = r"\b("
GL_SECRET_PREFIX = r"[\x60'\"\s=]{0,5}("
GL_SECRET_SUFFIX = r")(?:[\x60'\"\s;]|\\[nr]|$)"


def gl_semi_generic(ids, secret_re, ci):
    idpart = GL_IDENT_PREFIX + "|".join(ids) + GL_IDENT_SUFFIX
    if ci:
        pre = "(?i)" + idpart
    else:
        pre = GL_IDENT_CI_PREFIX + idpart + ")"
    return GoRegex(pre + GL_OPERATOR + GL_SECRET_PREFIX + secret_re + GL_SECRET_SUFFIX)


def gl_unique(secret_re, ci):
    return GoRegex(("(?i)" if ci else "") + GL_SECRET_PREFIX_UNIQUE + secret_re + GL_SECRET_SUFFIX)


# ---- a small regex -> sample generator (for secrets.NewSecret) ----------------------------------


class RegexGen:
    """Generate one string matching a (simple) regex, like github.com/lucasjones/reggen with limit 1."""

    def __init__(self, pattern: str, rng: random.Random, limit: int = 1):
        self.p = pattern
        self.i = 0
        self.rng = rng
        self.limit = limit

    def gen(self) -> str:
        out = self._alt()
        if self.i != len(self.p):
            raise ValueError("trailing regex")
        return out

    def _alt(self):
        branches = [self._seq()]
        while self.i < len(self.p) and self.p[self.i] == "|":
            self.i += 1
            branches.append(self._seq())
        return self.rng.choice(branches)

    def _seq(self):
        out = []
        while self.i < len(self.p) and self.p[self.i] not in "|)":
            atom = self._atom()
            lo, hi = self._quant()
            n = self.rng.randint(lo, hi) if hi >= lo else lo
            out.append("".join(atom() for _ in range(n)))
        return "".join(out)

    def _quant(self):
        p = self.p
        if self.i >= len(p):
            return 1, 1
        c = p[self.i]
        if c == "{":
            j = p.index("}", self.i)
            body = p[self.i + 1 : j]
            self.i = j + 1
            if "," in body:
                a, b = body.split(",", 1)
                lo = int(a or 0)
                hi = int(b) if b else lo + self.limit
            else:
                lo = hi = int(body)
        elif c == "?":
            self.i += 1
            lo, hi = 0, 1
        elif c == "*":
            self.i += 1
            lo, hi = 0, self.limit
        elif c == "+":
            self.i += 1
            lo, hi = 1, 1 + self.limit
        else:
            return 1, 1
        if self.i < len(p) and p[self.i] in "?+":
            self.i += 1
        return lo, hi

    _CLASS_ESC = {
        "d": "0123456789",
        "w": "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_",
        "s": " ",
    }

    def _atom(self):
        p = self.p
        c = p[self.i]
        if c == "(":
            self.i += 1
            if p.startswith("?:", self.i):
                self.i += 2
            elif p.startswith("?P<", self.i) or p.startswith("?<", self.i):
                self.i = p.index(">", self.i) + 1
            elif p.startswith("?", self.i):
                j = self.i
                while p[j] not in ":)":
                    j += 1
                if p[j] == ")":  # a flag group like (?i)
                    self.i = j + 1
                    return lambda: ""
                self.i = j + 1
            start = self.i
            self._alt()  # parse once to find the end; regenerate on each repetition
            end = self.i
            if p[self.i] != ")":
                raise ValueError("unclosed group")
            self.i += 1
            sub = p[start:end]
            return lambda: RegexGen(sub, self.rng, self.limit).gen()
        if c == "[":
            chars = self._class()
            return lambda: self.rng.choice(chars)
        if c == "\\":
            e = p[self.i + 1]
            self.i += 2
            if e in self._CLASS_ESC:
                chars = self._CLASS_ESC[e]
                return lambda: self.rng.choice(chars)
            if e == "x":
                if p[self.i] == "{":
                    j = p.index("}", self.i)
                    ch = chr(int(p[self.i + 1 : j], 16))
                    self.i = j + 1
                else:
                    ch = chr(int(p[self.i : self.i + 2], 16))
                    self.i += 2
                return lambda: ch
            if e in "bBAz":
                return lambda: ""
            if e == "n":
                return lambda: "\n"
            if e == "t":
                return lambda: "\t"
            if e.isalnum():
                raise ValueError(f"unsupported escape \\{e}")
            return lambda: e
        if c in "^$":
            self.i += 1
            return lambda: ""
        if c == ".":
            self.i += 1
            chars = self._CLASS_ESC["w"]
            return lambda: self.rng.choice(chars)
        self.i += 1
        return lambda: c

    def _class(self):
        p = self.p
        self.i += 1
        neg = False
        if p[self.i] == "^":
            neg = True
            self.i += 1
        items = []
        first = True
        while first or p[self.i] != "]":
            first = False
            if p.startswith("[:", self.i):
                j = p.index(":]", self.i)
                name = p[self.i + 2 : j]
                self.i = j + 2
                items.extend(_POSIX.get(name, ""))
                continue
            c = p[self.i]
            if c == "\\":
                e = p[self.i + 1]
                self.i += 2
                if e in self._CLASS_ESC:
                    items.extend(self._CLASS_ESC[e])
                    continue
                if e == "x":
                    c = chr(int(p[self.i : self.i + 2], 16))
                    self.i += 2
                elif e == "n":
                    c = "\n"
                elif e == "t":
                    c = "\t"
                else:
                    c = e
            else:
                self.i += 1
            if p[self.i] == "-" and p[self.i + 1] != "]":
                self.i += 1
                d = p[self.i]
                if d == "\\":
                    d = p[self.i + 1]
                    self.i += 2
                else:
                    self.i += 1
                items.extend(chr(x) for x in range(ord(c), ord(d) + 1))
            else:
                items.append(c)
        self.i += 1
        if neg:
            allowed = [chr(x) for x in range(33, 127) if chr(x) not in items]
            return allowed
        return sorted(set(items))


_POSIX = {
    "alnum": "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789",
    "alpha": "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
    "digit": "0123456789",
    "xdigit": "0123456789abcdefABCDEF",
    "upper": "ABCDEFGHIJKLMNOPQRSTUVWXYZ",
    "lower": "abcdefghijklmnopqrstuvwxyz",
    "space": " ",
    "word": "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_",
}


def new_secret(pattern: str, rng: random.Random) -> str:
    return RegexGen(pattern, rng).gen()


# ---- Go -> Python regex ------------------------------------------------------------------------


def go_regex_to_py(src: str) -> re.Pattern | None:
    s = src.replace(r"\z", r"\Z")
    for name, chars in _POSIX.items():
        s = s.replace(f"[:{name}:]", re.escape(chars) if name != "space" else r"\s")
    # Go allows a flag group like (?i) anywhere (it applies to the rest of the enclosing group);
    # Python only at the very start, so rewrite  X(?i)Y)  as  X(?i:Y))
    out = []
    opened = []  # per open group: how many scoped-flag groups we opened inside it
    i = 0
    in_class = False
    closers = [0]
    while i < len(s):
        c = s[i]
        if c == "\\":
            out.append(s[i : i + 2])
            i += 2
            continue
        if in_class:
            if c == "]":
                in_class = False
            out.append(c)
            i += 1
            continue
        if c == "[":
            in_class = True
            out.append(c)
            if s[i + 1 : i + 2] == "]":
                out.append("]")
                i += 1
            elif s[i + 1 : i + 3] == "^]":
                out.append("^]")
                i += 2
            i += 1
            continue
        m = re.match(r"\(\?([imsU-]+)\)", s[i:])
        if m:
            fl = m.group(1).replace("U", "")
            if fl.strip("-"):
                out.append(f"(?{fl}:")
                closers[-1] += 1
            i += m.end()
            continue
        if c == "(":
            closers.append(0)
        elif c == ")":
            out.append(")" * closers.pop())
            if not closers:
                closers = [0]
        elif c == "|" and closers[-1]:
            # alternation ends the scope of a (?i) inside this group in our rewrite: close and reopen
            out.append(")" * closers[-1])
            closers[-1] = 0
        out.append(c)
        i += 1
    out.append(")" * closers[-1])
    _ = opened
    try:
        return re.compile("".join(out))
    except re.error:
        return None


def regex_secret(rx: re.Pattern, text: str, group: int) -> str | None:
    m = rx.search(text)
    if not m:
        return None
    if group and group <= (rx.groups or 0):
        v = m.group(group)
        return v or None
    for g in range(1, (rx.groups or 0) + 1):
        if m.group(g):
            return m.group(g)
    return m.group(0) or None


# ----------------------------------------------------------------------------------------------
# Go parser / evaluator
# ----------------------------------------------------------------------------------------------


class ParseError(Exception):
    pass


class GoEval:
    """Evaluates Go expressions / simple statement lists over a token list."""

    BIN_PREC = {
        "||": 1, "&&": 2, "==": 3, "!=": 3, "<": 3, "<=": 3, ">": 3, ">=": 3,
        "+": 4, "-": 4, "|": 4, "^": 4, "*": 5, "/": 5, "%": 5, "<<": 5, ">>": 5, "&": 5, "&^": 5,
    }

    def __init__(self, toks: list[Tok], ctx: dict):
        self.t = toks
        self.i = 0
        self.ctx = ctx  # shared context: rng, templates, hooks
        self.env_stack: list[dict] = [{}]

    # -- token helpers
    def peek(self, k=0):
        j = self.i + k
        return self.t[j] if j < len(self.t) else Tok("eof", "", -1)

    def at(self, val, k=0):
        tk = self.peek(k)
        return tk.kind == "op" and tk.val == val

    def next(self):
        tk = self.peek()
        self.i += 1
        return tk

    def expect(self, val):
        tk = self.next()
        if not (tk.kind == "op" and tk.val == val):
            raise ParseError(f"expected {val!r} got {tk!r}")
        return tk

    def skip_balanced(self):
        """At an opening bracket: skip to after its match."""
        open_tok = self.next().val
        pairs = {"(": ")", "[": "]", "{": "}"}
        depth = 1
        stack = [pairs[open_tok]]
        while self.i < len(self.t):
            tk = self.next()
            if tk.kind == "op":
                if tk.val in pairs:
                    stack.append(pairs[tk.val])
                elif stack and tk.val == stack[-1]:
                    stack.pop()
                    if not stack:
                        return
        _ = depth

    def skip_statement(self):
        """Skip to after the next ';' at bracket depth 0 (or to a closing '}' of the enclosing block)."""
        while self.i < len(self.t):
            tk = self.peek()
            if tk.kind == "op" and tk.val in "([{":
                self.skip_balanced()
                continue
            if tk.kind == "op" and tk.val == "}":
                return
            self.i += 1
            if tk.kind == "op" and tk.val == ";":
                return

    # -- env
    def lookup(self, name):
        for env in reversed(self.env_stack):
            if name in env:
                return env[name]
        if name == "nil":
            return None
        if name in ("true", "false"):
            return name == "true"
        return Unk(f"name {name}")

    def assign(self, name, val, define=False):
        if name == "_":
            return
        if not define:
            for env in reversed(self.env_stack):
                if name in env:
                    env[name] = val
                    self.ctx.get("on_assign", lambda *a: None)(name, val)
                    return
        self.env_stack[-1][name] = val
        self.ctx.get("on_assign", lambda *a: None)(name, val)

    # -- types
    def skip_type(self):
        """Skip a Go type expression."""
        tk = self.peek()
        if tk.kind == "op" and tk.val == "*":
            self.i += 1
            return self.skip_type()
        if tk.kind == "op" and tk.val == "[":
            self.skip_balanced()
            return self.skip_type()
        if tk.kind == "ident" and tk.val == "map":
            self.i += 1
            self.skip_balanced()
            return self.skip_type()
        if tk.kind == "ident" and tk.val in ("struct", "interface"):
            self.i += 1
            self.skip_balanced()
            return
        if tk.kind == "ident" and tk.val == "func":
            self.i += 1
            self.skip_balanced()
            if self.at("("):
                self.skip_balanced()
            elif self.peek().kind == "ident" or self.at("*") or self.at("["):
                self.skip_type()
            return
        if tk.kind == "ident" and tk.val == "chan":
            self.i += 1
            return self.skip_type()
        if tk.kind == "ident":
            self.i += 1
            while self.at(".") and self.peek(1).kind == "ident":
                self.i += 2
            if self.at("["):  # generic instantiation
                self.skip_balanced()
            return
        raise ParseError(f"type expected, got {tk!r}")

    # -- expressions
    def expr(self, prec=1):
        left = self.unary()
        while True:
            tk = self.peek()
            if tk.kind != "op" or tk.val not in self.BIN_PREC or self.BIN_PREC[tk.val] < prec:
                return left
            op = tk.val
            self.i += 1
            right = self.expr(self.BIN_PREC[op] + 1)
            left = self.binop(op, left, right)

    def binop(self, op, a, b):
        if is_unk(a):
            return a
        if is_unk(b):
            return b
        if op == "+":
            if isinstance(a, str) and isinstance(b, str):
                return str(a) + str(b)
            if isinstance(a, int) and isinstance(b, int):
                return a + b
        if op == "*" and isinstance(a, int) and isinstance(b, int):
            return a * b
        if op == "-" and isinstance(a, int) and isinstance(b, int):
            return a - b
        if op == "/" and isinstance(a, int) and isinstance(b, int) and b:
            return a // b
        if op in ("==", "!=") and type(a) is type(b):
            return (a == b) if op == "==" else (a != b)
        return Unk(f"binop {op}")

    def unary(self):
        tk = self.peek()
        if tk.kind == "op" and tk.val in ("-", "!", "&", "*", "^", "<-", "+"):
            self.i += 1
            v = self.unary()
            if tk.val == "-" and isinstance(v, int):
                return -v
            if tk.val in ("&", "+"):
                return v
            if tk.val == "!" and isinstance(v, bool):
                return not v
            return Unk("unary")
        return self.primary()

    def primary(self):
        tk = self.peek()
        val = None
        qual = None
        if tk.kind == "str":
            self.i += 1
            val = go_unquote(tk.val)
        elif tk.kind == "num":
            self.i += 1
            try:
                val = int(tk.val.replace("_", ""), 0)
            except ValueError:
                val = Unk("float")
        elif tk.kind == "rune":
            self.i += 1
            try:
                val = ord(go_unquote('"' + tk.val[1:-1] + '"'))
            except Exception:
                val = Unk("rune")
        elif tk.kind == "op" and tk.val == "(":
            self.i += 1
            val = self.expr()
            self.expect(")")
        elif tk.kind == "op" and tk.val == "[":
            # []T{...} or []T(x)
            self.skip_type()
            if self.at("{"):
                val = self.composite()
            elif self.at("("):
                self.i += 1
                val = self.expr()
                self.expect(")")
            else:
                raise ParseError("type without literal")
        elif tk.kind == "ident" and tk.val in ("map", "struct"):
            self.skip_type()
            if self.at("{"):
                val = self.composite()
            else:
                raise ParseError("map/struct type without literal")
        elif tk.kind == "ident" and tk.val == "func":
            self.i += 1
            self.skip_balanced()  # params
            while not self.at("{"):
                if self.at("("):
                    self.skip_balanced()
                elif self.peek().kind == "eof":
                    raise ParseError("eof in func literal")
                else:
                    self.i += 1
            self.skip_balanced()
            val = Unk("func literal")
        elif tk.kind == "ident":
            self.i += 1
            qual = tk.val
            while self.at(".") and self.peek(1).kind == "ident":
                qual += "." + self.peek(1).val
                self.i += 2
            val = None  # resolved below
        else:
            raise ParseError(f"unexpected {tk!r}")

        # postfix
        while True:
            if self.at("("):
                args, spread = self.call_args()
                if qual is not None:
                    val = self.call(qual, args, spread)
                    qual = None
                else:
                    val = Unk("call of value")
            elif self.at("["):
                if qual is not None:
                    val = self.resolve(qual)
                    qual = None
                self.i += 1
                lo = hi = None
                is_slice = False
                if not self.at(":"):
                    lo = self.expr()
                if self.at(":"):
                    is_slice = True
                    self.i += 1
                    if not self.at("]"):
                        hi = self.expr()
                self.expect("]")
                val = self.index(val, lo, hi, is_slice)
            elif self.at("{") and qual is not None and self.ctx.get("allow_composite", True):
                line = self.peek().line
                val = self.composite()
                if isinstance(val, GoMap):
                    val["__type__"] = qual
                    val.line = line
                qual = None
            elif self.at(".") and self.peek(1).kind == "ident":
                if qual is not None:
                    val = self.resolve(qual)
                    qual = None
                name = self.peek(1).val
                self.i += 2
                if isinstance(val, dict) and name in val:
                    val = val[name]
                elif self.at("("):
                    args, spread = self.call_args()
                    val = self.method(val, name, args)
                else:
                    val = Unk(f"field {name}")
            elif self.at(".") and self.at("(", 1):  # type assertion x.(T)
                self.i += 1
                self.skip_balanced()
                val = Unk("type assertion")
            else:
                break
        if qual is not None:
            val = self.resolve(qual)
        return val

    def resolve(self, qual):
        parts = qual.split(".")
        v = self.lookup(parts[0])
        for p in parts[1:]:
            if isinstance(v, dict) and p in v:
                v = v[p]
            else:
                return Unk(f"name {qual}")
        return v

    def call_args(self):
        self.expect("(")
        args = []
        spread = False
        while not self.at(")"):
            if self.at(";"):
                self.i += 1
                continue
            # conversions/type args like make([]string, 0)
            tk = self.peek()
            if tk.kind == "op" and tk.val == "[" and self.at("]", 1) and not self._is_literal_after_type():
                self.skip_type()
                args.append(Unk("type"))
            elif tk.kind == "ident" and tk.val in ("map", "chan") and not self._is_literal_after_type():
                self.skip_type()
                args.append(Unk("type"))
            else:
                args.append(self.expr())
            if self.at("..."):
                self.i += 1
                spread = True
            if self.at(","):
                self.i += 1
            elif not self.at(")"):
                raise ParseError(f"bad call args at {self.peek()!r}")
        self.expect(")")
        return args, spread

    def _is_literal_after_type(self):
        j = self.i
        save = self.i
        try:
            self.skip_type()
            return self.at("{") or self.at("(")
        except ParseError:
            return False
        finally:
            self.i = save
            _ = j

    def index(self, v, lo, hi, is_slice):
        if is_unk(v):
            return v
        try:
            if is_slice:
                if isinstance(v, (str, list)):
                    return v[(lo or 0) : (hi if hi is not None else len(v))]
            else:
                if isinstance(v, list) and isinstance(lo, int):
                    return v[lo]
                if isinstance(v, dict) and isinstance(lo, (str, int)):
                    return v[lo]
                if isinstance(v, str) and isinstance(lo, int):
                    return ord(v[lo])
        except Exception:
            pass
        return Unk("index")

    def composite(self):
        line = self.peek().line
        self.expect("{")
        items = []
        keyed = GoMap()
        keyed.line = line
        has_key = False
        while not self.at("}"):
            if self.at(";") or self.at(","):
                self.i += 1
                continue
            start = self.i
            try:
                if self.at("{"):
                    v = self.composite()
                    key = None
                else:
                    key = None
                    if self.peek().kind == "ident" and self.at(":", 1):
                        key = self.peek().val
                        self.i += 2
                    v = self.composite() if self.at("{") else self.expr()
                    if key is None and self.at(":"):
                        key = v
                        self.i += 1
                        v = self.composite() if self.at("{") else self.expr()
            except ParseError as e:
                # skip this element
                self.i = start
                self._skip_element()
                v, key = Unk(f"parse: {e}"), None
            if key is not None:
                has_key = True
                if isinstance(key, (str, int)):
                    keyed[key] = v
                else:
                    keyed[repr(key)] = v
            else:
                items.append(v)
            if self.at(","):
                self.i += 1
            elif not self.at("}"):
                self._skip_element()
        self.expect("}")
        if has_key and not items:
            return keyed
        return items

    def _skip_element(self):
        while self.i < len(self.t):
            if self.at(",") or self.at("}"):
                return
            if self.peek().kind == "op" and self.peek().val in "([{":
                self.skip_balanced()
            else:
                self.i += 1

    def method(self, recv, name, args):
        if is_unk(recv):
            return recv
        if isinstance(recv, str):
            if name == "String":
                return recv
        return Unk(f"method {name}")

    def call(self, qual, args, spread):
        name = qual
        a = args
        unk = next((x for x in a if is_unk(x)), None)
        rng = self.ctx["rng"]
        short = name.split(".")[-1]
        # conversions
        if name in ("string", "[]byte", "byte", "strings.TrimSpace") and len(a) == 1:
            if unk:
                return unk
            if isinstance(a[0], str):
                return a[0].strip() if name == "strings.TrimSpace" else a[0]
            if isinstance(a[0], int) and name == "string":
                return chr(a[0])
            return Unk("conv")
        if name == "append":
            if not a:
                return Unk("append")
            base = a[0]
            if is_unk(base):
                base = []
            if base is None:
                base = []
            if not isinstance(base, list):
                return Unk("append base")
            out = list(base)
            rest = a[1:]
            if spread and rest:
                for x in rest[:-1]:
                    out.append(x)
                last = rest[-1]
                if isinstance(last, list):
                    out.extend(last)
                else:
                    out.append(Unk("spread of unknown"))
            else:
                out.extend(rest)
            return out
        if name == "fmt.Sprintf":
            if not a or not isinstance(a[0], str):
                return Unk("sprintf fmt")
            return go_sprintf(a[0], a[1:])
        if name == "fmt.Sprint":
            if unk:
                return unk
            return "".join(str(x) for x in a)
        if name == "strings.Repeat" and len(a) == 2:
            if unk:
                return unk
            return a[0] * a[1]
        if name == "strings.Join" and len(a) == 2:
            if unk:
                return unk
            if isinstance(a[0], list) and all(isinstance(x, str) for x in a[0]):
                return a[1].join(a[0])
            return Unk("join")
        if name in ("strings.ToUpper", "strings.ToLower") and len(a) == 1:
            if unk:
                return unk
            return a[0].upper() if short == "ToUpper" else a[0].lower()
        if name in ("strings.ReplaceAll", "strings.Replace") and len(a) >= 3:
            if unk:
                return unk
            n = a[3] if len(a) > 3 else -1
            return a[0].replace(a[1], a[2], n if n >= 0 else -1) if n != -1 else a[0].replace(a[1], a[2])
        if name in ("regexp.MustCompile", "regexp.Compile") and len(a) == 1:
            if unk:
                return unk
            return GoRegex(a[0])
        # gitleaks helpers
        if name == "utils.GenerateSampleSecret" and len(a) == 2:
            if unk:
                return unk
            s = gitleaks_sample(a[0], a[1], '{i}_api_token = "{s}"', "GenerateSampleSecret")
            return s
        if name == "utils.GenerateSampleSecrets" and len(a) == 2:
            if unk:
                return unk
            tmpl = self.ctx["templates"]
            return [gitleaks_sample(a[0], a[1], v, k) for k, v in sorted(tmpl.items())]
        if name == "secrets.NewSecret" and len(a) == 1:
            if unk:
                return unk
            try:
                return new_secret(a[0], rng)
            except Exception as e:  # noqa: BLE001
                return Unk(f"NewSecret: {e}")
        pat = {
            "utils.Numeric": "[0-9]{%s}",
            "utils.Hex": "[a-f0-9]{%s}",
            "utils.AlphaNumeric": "[a-z0-9]{%s}",
            "utils.AlphaNumericExtendedShort": "[a-z0-9_-]{%s}",
            "utils.AlphaNumericExtended": r"[a-z0-9=_\-]{%s}",
            "utils.AlphaNumericExtendedLong": r"[a-z0-9\/=_\+\-]{%s}",
        }
        if name in pat and len(a) == 1:
            if unk:
                return unk
            return pat[name] % a[0]
        if name == "utils.Hex8_4_4_4_12":
            return "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"
        if name == "utils.GenerateUniqueTokenRegex" and len(a) == 2:
            if unk:
                return unk
            return gl_unique(a[0], bool(a[1]))
        if name == "utils.GenerateSemiGenericRegex" and len(a) == 3:
            if unk:
                return unk
            if not isinstance(a[0], list) or not all(isinstance(x, str) for x in a[0]):
                return Unk("semigeneric ids")
            return gl_semi_generic(a[0], a[1], bool(a[2]))
        if name in ("base64.StdEncoding.EncodeToString", "b64.StdEncoding.EncodeToString") and len(a) == 1:
            if unk:
                return unk
            import base64

            return base64.b64encode(a[0].encode()).decode()
        return Unk(f"call {name}")

    # -- statements
    def block(self, on_func=None, top=False):
        """Execute statements until '}' or EOF."""
        while self.i < len(self.t):
            tk = self.peek()
            if tk.kind == "op" and tk.val == "}":
                return
            if tk.kind == "op" and tk.val == ";":
                self.i += 1
                continue
            start = self.i
            try:
                self.statement(on_func, top)
            except (ParseError, ValueError, IndexError) as e:
                self.ctx.setdefault("stmt_errors", collections.Counter())[str(e)[:60]] += 1
                self.i = start
                self.skip_statement()
            if self.i == start:
                self.i += 1

    def statement(self, on_func, top):
        tk = self.peek()
        if tk.kind == "ident" and tk.val in ("package", "import", "type"):
            self.i += 1
            self.skip_statement()
            return
        if tk.kind == "ident" and tk.val in ("var", "const"):
            self.i += 1
            if self.at("("):
                self.i += 1
                while not self.at(")"):
                    if self.at(";"):
                        self.i += 1
                        continue
                    st = self.i
                    try:
                        self.var_spec()
                    except (ParseError, ValueError, IndexError):
                        self.i = st
                        while not (self.at(";") or self.at(")")):
                            if self.peek().kind == "op" and self.peek().val in "([{":
                                self.skip_balanced()
                            else:
                                self.i += 1
                self.expect(")")
            else:
                self.var_spec()
            return
        if tk.kind == "ident" and tk.val == "func":
            self.i += 1
            if self.at("("):
                self.skip_balanced()  # receiver
            name = self.next().val
            if self.at("["):
                self.skip_balanced()
            self.skip_balanced()  # params
            while not self.at("{"):
                if self.at("("):
                    self.skip_balanced()
                elif self.at(";"):
                    return  # declaration without body
                else:
                    self.i += 1
            body_start = self.i
            self.skip_balanced()
            if on_func:
                on_func(name, body_start, self.i)
            return
        if tk.kind == "ident" and tk.val in (
            "for", "if", "switch", "select", "go", "defer", "return", "break", "continue", "goto",
        ):
            self.skip_statement()
            return
        if tk.kind == "op" and tk.val == "{":
            self.skip_balanced()
            return
        # simple statement: identlist (:=|=|+=) exprlist
        if tk.kind == "ident":
            names = []
            j = self.i
            while self.t[j].kind == "ident":
                names.append(self.t[j].val)
                if self.t[j + 1].kind == "op" and self.t[j + 1].val == ",":
                    j += 2
                    continue
                j += 1
                break
            op = self.t[j] if j < len(self.t) else Tok("eof", "", 0)
            if op.kind == "op" and op.val in (":=", "=", "+="):
                self.i = j + 1
                vals = [self.expr()]
                while self.at(","):
                    self.i += 1
                    vals.append(self.expr())
                if op.val == "+=" and len(names) == 1:
                    vals = [self.binop("+", self.lookup(names[0]), vals[0])]
                if len(vals) == len(names):
                    for n, v in zip(names, vals, strict=False):
                        self.assign(n, v, define=op.val == ":=")
                else:
                    for n in names:
                        self.assign(n, Unk("multi-assign"), define=op.val == ":=")
                if not (self.at(";") or self.at("}") or self.peek().kind == "eof"):
                    self.skip_statement()
                return
        self.skip_statement()

    def var_spec(self):
        names = [self.next().val]
        while self.at(","):
            self.i += 1
            names.append(self.next().val)
        if not self.at("=") and not self.at(";") and not self.at(")"):
            self.skip_type()
        if self.at("="):
            self.i += 1
            vals = [self.expr()]
            while self.at(","):
                self.i += 1
                vals.append(self.expr())
            if len(vals) == len(names):
                for n, v in zip(names, vals, strict=False):
                    self.assign(n, v, define=True)
        else:
            for n in names:
                self.assign(n, None, define=True)


def go_sprintf(fmt: str, args: list):
    out = []
    ai = 0
    i = 0
    while i < len(fmt):
        c = fmt[i]
        if c != "%":
            out.append(c)
            i += 1
            continue
        m = re.match(r"%([-+# 0]*)(\d*)(?:\.(\d+))?([a-zA-Z%])", fmt[i:])
        if not m:
            return Unk("sprintf parse")
        verb = m.group(4)
        i += m.end()
        if verb == "%":
            out.append("%")
            continue
        if ai >= len(args):
            return Unk("sprintf args")
        v = args[ai]
        ai += 1
        if is_unk(v):
            return v
        if verb in ("s", "v"):
            if isinstance(v, bool):
                out.append("true" if v else "false")
            elif isinstance(v, (str, int)):
                s = str(v)
                w = int(m.group(2) or 0)
                out.append(s.rjust(w) if "-" not in m.group(1) else s.ljust(w))
            else:
                return Unk("sprintf %s of non-string")
        elif verb == "d" and isinstance(v, int):
            out.append(str(v).rjust(int(m.group(2) or 0), "0" if "0" in m.group(1) else " "))
        elif verb == "q" and isinstance(v, str):
            out.append(json.dumps(v, ensure_ascii=False))
        elif verb in ("x", "X") and isinstance(v, int):
            out.append(format(v, verb))
        elif verb in ("x", "X") and isinstance(v, str):
            out.append(v.encode().hex() if verb == "x" else v.encode().hex().upper())
        else:
            return Unk(f"sprintf %{verb}")
    return "".join(out)


# ----------------------------------------------------------------------------------------------
# Case collection
# ----------------------------------------------------------------------------------------------


class Collector:
    def __init__(self):
        self.cases: list[dict] = []
        self.skips: dict[str, collections.Counter] = collections.defaultdict(collections.Counter)

    def add(self, project, source, kind, text, secret, family, all_secrets=None, tags=None):
        if not isinstance(text, str) or not text.strip():
            self.skips[project]["empty text"] += 1
            return
        if "\x00" in text:
            self.skips[project]["binary text"] += 1
            return
        secrets_ = [s for s in (all_secrets or ([secret] if secret else [])) if s]
        if secret and secret not in text:
            self.skips[project]["secret not in text (kept, secret=null)"] += 1
            secret = None
            secrets_ = [s for s in secrets_ if s in text]
        self.cases.append(
            {
                "project": project,
                "source": source,
                "kind": kind,
                "text": text,
                "secret": secret,
                "family": family,
                "all_secrets": secrets_,
                "tags": sorted(set(tags or [])),
            }
        )

    def skip(self, project, why, n=1):
        self.skips[project][why] += n

    def dedup(self):
        seen: dict[tuple, int] = {}
        out: list[dict] = []
        stats = collections.Counter()
        for c in self.cases:
            k = (c["project"], c["text"])
            if k not in seen:
                seen[k] = len(out)
                out.append(c)
                continue
            prev = out[seen[k]]
            stats[c["project"], "duplicate"] += 1
            if prev["kind"] == c["kind"]:
                if c["kind"] == "positive":
                    for s in c["all_secrets"]:
                        if s not in prev["all_secrets"]:
                            prev["all_secrets"].append(s)
                    if prev["secret"] is None and c["secret"]:
                        prev["secret"] = c["secret"]
                continue
            # conflicting labels for the same text: the positive label wins (it names a real secret)
            stats[c["project"], "label conflict (positive kept)"] += 1
            if c["kind"] == "positive":
                out[seen[k]] = c
        self.cases = out
        return stats


def shannon(s: str) -> float:
    if not s:
        return 0.0
    n = len(s)
    return -sum(v / n * math.log2(v / n) for v in collections.Counter(s).values())


def secretness(s: str) -> float:
    return shannon(s) * math.log2(1 + len(s))


# ---- gitleaks --------------------------------------------------------------------------------


def extract_gitleaks(root: Path, col: Collector):
    P = "gitleaks"
    templates = _sample_templates_from_source(root)
    rules_dir = root / "cmd/generate/config/rules"
    nfuncs = 0
    for path in sorted(rules_dir.glob("*.go")):
        if path.name.endswith("_test.go"):
            continue
        src = path.read_text(encoding="utf-8")
        toks = go_tokenize(src)
        rel = path.relative_to(root).as_posix()
        ctx = {"rng": random.Random(f"gitleaks:{rel}"), "templates": templates}
        top = GoEval(toks, ctx)
        funcs = []
        top.block(on_func=lambda n, s, e: funcs.append((n, s, e)))
        file_env = top.env_stack[0]
        for fname, s, e in funcs:
            body = toks[s + 1 : e - 1]
            if not any(t.kind == "ident" and t.val in ("tps", "fps") for t in body):
                continue
            nfuncs += 1

            def run(seed):
                ctx["rng"] = random.Random(f"gitleaks:{rel}:{fname}:{seed}")
                ctx["stmt_errors"] = collections.Counter()
                ev = GoEval(body + [Tok("op", ";", 0)], ctx)
                ev.env_stack = [dict(file_env), {}]
                ev.block()
                env = ev.env_stack[-1]
                rule = env.get("r")
                rx, group, rule_id = None, 0, fname
                if isinstance(rule, dict):
                    if isinstance(rule.get("RuleID"), str):
                        rule_id = rule["RuleID"]
                    if isinstance(rule.get("Regex"), str):
                        rx = go_regex_to_py(rule["Regex"])
                    if isinstance(rule.get("SecretGroup"), int):
                        group = rule["SecretGroup"]
                tps = env.get("tps")
                items = list(tps.values()) if isinstance(tps, dict) else (tps if isinstance(tps, list) else [])
                misses = sum(1 for x in items if isinstance(x, str) and rx is not None and not rx.search(x))
                return misses, env, rx, group, rule_id

            # secrets.NewSecret draws random values; like gitleaks' own test run, a draw can fall outside
            # the rule's regex -- take the seed (of a few) whose samples the rule regex matches best.
            best = None
            for seed in range(5):
                res = run(seed)
                if best is None or res[0] < best[0]:
                    best = res
                if res[0] == 0:
                    break
            _, env, rx, group, rule_id = best
            if rx is None:
                col.skip(P, "rule regex not portable to Python (secret=null for literal tps)")
            # loops / closures we did not run
            loops = sum(1 for t in body if t.kind == "ident" and t.val == "for")
            if loops:
                col.skip(P, "rule functions with for-loops (loop bodies not evaluated)")
            for var, kind in (("tps", "positive"), ("fps", "negative")):
                v = env.get(var)
                if v is None:
                    continue
                if is_unk(v):
                    col.skip(P, f"{var}: whole slice unevaluable ({v.why[:40]})")
                    continue
                items = list(v.values()) if isinstance(v, dict) else v
                for idx, item in enumerate(items):
                    src_ = f"{rel}:{fname}:{var}[{idx}]"
                    if is_unk(item):
                        col.skip(P, f"{kind}: unevaluable entry ({item.why.split(':')[0][:40]})")
                        continue
                    if not isinstance(item, str):
                        col.skip(P, f"{kind}: non-string entry")
                        continue
                    tags = []
                    secret = None
                    if isinstance(item, SStr) and item.secret:
                        secret = item.secret
                        tags.append("sample-template:" + item.template)
                    if kind == "positive" and rx is not None and not rx.search(item):
                        tags.append("rule-regex-no-match")  # our Go->Python regex port disagrees
                    if kind == "positive" and secret is None and rx is not None:
                        secret = regex_secret(rx, item, group)
                        if secret:
                            tags.append("secret-by-rule-regex")
                    if kind == "positive" and secret is None and rx is None:
                        tags.append("rule-regex-unavailable")
                    if isinstance(v, dict):
                        tags.append("path-keyed")
                    col.add(P, src_, kind, item, secret if kind == "positive" else None, rule_id, tags=tags)
        errs = ctx.get("stmt_errors")
        if errs:
            for k, n in errs.items():
                col.skip(P, f"statement parse error ({k[:40]})", n)
    return {"rule_functions": nfuncs, "sample_templates": len(templates)}


# ---- trufflehog ------------------------------------------------------------------------------


def decompose_want(want: str, text: str) -> list[str]:
    """Split a wanted Raw/RawV2 value into the pieces that literally occur in the input text."""
    if want in text:
        return [want]
    pieces = []
    try:
        j = json.loads(want)
        if isinstance(j, dict):
            for v in j.values():
                if isinstance(v, str) and len(v) >= 4 and v in text:
                    pieces.append(v)
            if pieces:
                return pieces
    except Exception:
        pass
    i = 0
    while i < len(want):
        best = 0
        lo, hi = 4, len(want) - i
        if want[i : i + lo] not in text:
            i += 1
            continue
        # binary search the longest prefix of want[i:] that occurs in text
        while lo <= hi:
            mid = (lo + hi) // 2
            if want[i : i + mid] in text:
                best = mid
                lo = mid + 1
            else:
                hi = mid - 1
        if best >= 6:
            pieces.append(want[i : i + best])
        i += max(best, 1)
    return pieces


def extract_trufflehog(root: Path, col: Collector):
    P = "trufflehog"
    base = root / "pkg/detectors"
    files = sorted(p for p in base.rglob("*_test.go") if not p.name.endswith("_integration_test.go")
                   and "integreation" not in p.name)
    stats = collections.Counter()
    for path in files:
        rel = path.relative_to(root).as_posix()
        family = path.parent.relative_to(base).as_posix()
        family = re.sub(r"/v\d+$", "", family) or path.stem
        try:
            src = path.read_text(encoding="utf-8")
            toks = go_tokenize(src)
        except Exception as e:  # noqa: BLE001
            col.skip(P, f"tokenize failed ({type(e).__name__})")
            continue
        n_input_keys = sum(
            1 for k, t in enumerate(toks[:-1]) if t.kind == "ident" and t.val == "input" and toks[k + 1].val == ":"
        )
        stats["input: keys in files"] += n_input_keys
        found: list[tuple[str, dict]] = []
        seen_ids = set()

        def on_assign(name, val, found=found, seen_ids=seen_ids):
            def walk(v, depth=0):
                if depth > 6 or id(v) in seen_ids:
                    return
                if isinstance(v, dict):
                    if "input" in v:
                        seen_ids.add(id(v))
                        found.append((name, v))
                        return
                    for x in v.values():
                        walk(x, depth + 1)
                elif isinstance(v, list):
                    for x in v:
                        walk(x, depth + 1)

            walk(val)

        ctx = {"rng": random.Random(rel), "templates": {}, "on_assign": on_assign}
        top = GoEval(toks, ctx)
        funcs = []
        top.block(on_func=lambda n, s, e: funcs.append((n, s, e)))
        file_env = top.env_stack[0]
        for fname, s, e in funcs:
            if not fname.startswith("Test"):
                continue
            body = toks[s + 1 : e - 1] + [Tok("op", ";", 0)]
            ev = GoEval(body, ctx)
            ev.env_stack = [dict(file_env), {}]
            ev.block()
        used_texts = set()
        file_pieces: list[str] = []
        for _varname, case in found:
            line = getattr(case, "line", 0)
            src_ = f"{rel}:{line}"
            name = case.get("name")
            inp = case.get("input")
            want = case.get("want", Unk("no want field"))
            if is_unk(inp) or not isinstance(inp, str):
                col.skip(P, "input unevaluable")
                continue
            if isinstance(want, bool) or "want" not in case:
                col.skip(P, "table without want []string (other test kind)")
                continue
            if is_unk(want):
                col.skip(P, f"want unevaluable ({want.why.split(' ')[0][:30]})")
                continue
            used_texts.add(inp)
            tags = []
            if isinstance(name, str):
                tags.append("case:" + name[:80])
            if want is None or (isinstance(want, list) and len(want) == 0):
                col.add(P, src_, "negative", inp, None, family, tags=tags)
                stats["table negatives"] += 1
                continue
            if isinstance(want, str):
                want = [want]
            if not isinstance(want, list):
                col.skip(P, "want of unexpected type")
                continue
            wants = []
            for w in want:
                if isinstance(w, dict):  # []detectors.Result{{Raw: []byte(...), RawV2: ...}}
                    w = w.get("RawV2") if isinstance(w.get("RawV2"), str) and w.get("RawV2") else w.get("Raw")
                wants.append(w)
            if any(is_unk(w) or not isinstance(w, str) for w in wants):
                good = [w for w in wants if isinstance(w, str)]
                if not good:
                    col.skip(P, "want entries unevaluable")
                    continue
                tags.append("some-wants-unevaluable")
                wants = good
            pieces: list[str] = []
            for w in wants:
                ps = decompose_want(w, inp)
                if ps and ps != [w]:
                    tags.append("want-decomposed")
                for p in ps:
                    if p not in pieces:
                        pieces.append(p)
            if not pieces:
                tags.append("want-not-in-input")
            primary = max(pieces, key=secretness) if pieces else None
            file_pieces.extend(p for p in pieces if p not in file_pieces)
            col.add(P, src_, "positive", inp, primary, family, all_secrets=pieces, tags=tags)
            stats["table positives"] += 1
        # validPattern / invalidPattern style constants that no table used verbatim
        for k, v in file_env.items():
            if not isinstance(v, str) or v in used_texts or not v.strip():
                continue
            kl = k.lower()
            if re.match(r"^(valid|invalid)\w*pattern$", kl) or re.match(r"^(valid|invalid)pattern", kl):
                kind = "negative" if kl.startswith("invalid") else "positive"
                pieces = []
                if kind == "positive":
                    # the wanted values of this file's tables that occur in the constant
                    pieces = [p for p in file_pieces if p in v]
                    if not pieces and not re.search(r"\s", v.strip()):
                        pieces = [v.strip()]
                secret = max(pieces, key=secretness) if pieces else None
                col.add(P, f"{rel}:{k}", kind, v, secret, family, all_secrets=pieces, tags=["pattern-constant"])
                stats[f"pattern constants ({kind})"] += 1
        errs = ctx.pop("stmt_errors", None)
        if errs:
            col.skip(P, "statement parse errors", sum(errs.values()))
    stats["test files"] = len(files)
    return dict(stats)


# ---- detect-secrets --------------------------------------------------------------------------


class PyUnk(Exception):
    pass


def py_eval(node, env):
    E = lambda n: py_eval(n, env)  # noqa: E731
    if isinstance(node, ast.Constant):
        return node.value
    if isinstance(node, ast.Name):
        if node.id in env:
            v = env[node.id]
            if isinstance(v, PyUnk):
                raise v
            return v
        raise PyUnk(f"name {node.id}")
    if isinstance(node, (ast.Tuple, ast.List)):
        vals = [E(e) for e in node.elts]
        return vals if isinstance(node, ast.List) else tuple(vals)
    if isinstance(node, ast.Set):
        return {E(e) for e in node.elts}
    if isinstance(node, ast.Dict):
        return {E(k): E(v) for k, v in zip(node.keys, node.values, strict=False)}
    if isinstance(node, ast.JoinedStr):
        out = []
        for v in node.values:
            if isinstance(v, ast.Constant):
                out.append(v.value)
            else:
                val = E(v.value)
                spec = py_eval(v.format_spec, env) if v.format_spec else ""
                if v.conversion == ord("r"):
                    val = repr(val)
                elif v.conversion == ord("s"):
                    val = str(val)
                out.append(format(val, spec))
        return "".join(out)
    if isinstance(node, ast.BinOp):
        a, b = E(node.left), E(node.right)
        if isinstance(node.op, ast.Add):
            return a + b
        if isinstance(node.op, ast.Mult):
            return a * b
        if isinstance(node.op, ast.Mod):
            return a % b
        raise PyUnk("binop")
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        return -E(node.operand)
    if isinstance(node, ast.Subscript):
        v = E(node.value)
        sl = node.slice
        if isinstance(sl, ast.Slice):
            return v[slice(E(sl.lower) if sl.lower else None, E(sl.upper) if sl.upper else None,
                           E(sl.step) if sl.step else None)]
        return v[E(sl)]
    if isinstance(node, ast.Call):
        f = node.func
        args = [E(a) for a in node.args if not isinstance(a, ast.Starred)]
        kwargs = {k.arg: E(k.value) for k in node.keywords if k.arg}
        if isinstance(f, ast.Attribute):
            if isinstance(f.value, ast.Name) and f.value.id == "textwrap" and f.attr == "dedent":
                import textwrap

                return textwrap.dedent(*args)
            if isinstance(f.value, ast.Name) and f.value.id == "pytest" and f.attr == "param":
                return tuple(args)
            if isinstance(f.value, ast.Name) and f.value.id == "base64" and f.attr in ("b64encode", "b64decode"):
                import base64

                return getattr(base64, f.attr)(*args)
            recv = E(f.value)
            if isinstance(recv, (str, bytes)) and f.attr in (
                "format", "strip", "lstrip", "rstrip", "lower", "upper", "join", "replace", "encode", "decode",
                "splitlines", "split",
            ):
                return getattr(recv, f.attr)(*args, **kwargs)
            raise PyUnk(f"method {f.attr}")
        if isinstance(f, ast.Name):
            if f.id in ("str", "bytes", "list", "tuple", "int") and len(args) <= 2:
                return {"str": str, "bytes": bytes, "list": list, "tuple": tuple, "int": int}[f.id](*args)
            if f.id == "parse_test_cases":  # detect-secrets keyword_test helper (flattens (ext, cases) pairs)
                return [(ext, line, sec) for ext, cases in args[0] for line, sec in cases]
            if f.id in env and isinstance(env[f.id], type):
                return env[f.id].__name__
            raise PyUnk(f"call {f.id}")
        raise PyUnk("call")
    if isinstance(node, ast.Attribute):
        if isinstance(node.value, ast.Name):
            return f"{node.value.id}.{node.attr}"
        raise PyUnk("attribute")
    raise PyUnk(type(node).__name__)


def _param_rows(dec, env, col, P, where):
    """(names, rows) of a @pytest.mark.parametrize decorator, rows evaluated one by one."""
    if not (isinstance(dec, ast.Call) and isinstance(dec.func, ast.Attribute) and dec.func.attr == "parametrize"):
        return None
    try:
        names = py_eval(dec.args[0], env)
    except PyUnk:
        return None
    if isinstance(names, str):
        names = [n.strip() for n in names.split(",") if n.strip()]
    else:
        names = list(names)
    rows = []
    argnode = dec.args[1]
    elts = argnode.elts if isinstance(argnode, (ast.List, ast.Tuple)) else None
    if elts is None:
        try:
            vals = py_eval(argnode, env)
            elts_vals = list(vals)
        except PyUnk as e:
            col.skip(P, f"parametrize list unevaluable ({str(e)[:40]}) in {where}")
            return names, []
        for v in elts_vals:
            rows.append(dict(zip(names, v if len(names) > 1 else (v,), strict=False)))
        return names, rows
    for el in elts:
        try:
            v = py_eval(el, env)
        except (PyUnk, Exception) as e:  # noqa: BLE001
            col.skip(P, f"parametrize row unevaluable ({str(e)[:30]})")
            continue
        if len(names) == 1:
            v = (v,) if not (isinstance(v, tuple) and len(v) == 1) else v
        rows.append(dict(zip(names, v, strict=False)))
    return names, rows


def detect_secrets_plugin_regexes(root: Path, module: str) -> list[re.Pattern]:
    """The re.compile(...) patterns of a detect-secrets plugin module, in source order."""
    p = root / (module.replace(".", "/") + ".py")
    if not p.is_file():
        return []
    tree = ast.parse(p.read_text(encoding="utf-8"))
    env: dict = {}
    for st in tree.body:
        if isinstance(st, ast.Assign) and len(st.targets) == 1 and isinstance(st.targets[0], ast.Name):
            try:
                env[st.targets[0].id] = py_eval(st.value, env)
            except Exception:  # noqa: BLE001
                pass
    flagmap = {"re.IGNORECASE": re.I, "re.I": re.I, "re.MULTILINE": re.M, "re.M": re.M, "re.DOTALL": re.S,
               "re.S": re.S, "re.VERBOSE": re.X, "re.X": re.X}
    out = []
    for node in ast.walk(tree):
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "compile"
                and isinstance(node.func.value, ast.Name) and node.func.value.id == "re" and node.args):
            try:
                pat = py_eval(node.args[0], env)
                flags = 0
                fnode = node.args[1] if len(node.args) > 1 else next(
                    (k.value for k in node.keywords if k.arg == "flags"), None)
                if fnode is not None:
                    for part in ast.walk(fnode):
                        if isinstance(part, ast.Attribute) and isinstance(part.value, ast.Name):
                            flags |= flagmap.get(f"{part.value.id}.{part.attr}", 0)
                if isinstance(pat, str):
                    out.append((node.lineno, node.col_offset, re.compile(pat, flags)))
            except Exception:  # noqa: BLE001
                continue
    return [r for _, _, r in sorted(out, key=lambda t: (t[0], t[1]))]


def regex_findall_secret(rxs: list[re.Pattern], text: str) -> str | None:
    """What detect-secrets' RegexBasedDetector.analyze_string would yield first."""
    for rx in rxs:
        for m in rx.finditer(text):
            # detect-secrets yields the first non-empty group; some plugins only capture a prefix
            # (gitlab: "glpat"), so fall back to the whole match when the group is short.
            g = next((x for x in m.groups() if x), "")
            v = g if len(g) >= 8 else m.group(0)
            v = v.strip().strip("\"'`=:,;")
            v = re.sub(r"^[A-Za-z_-]{3,30}[=:]\s*", "", v)  # "AccountKey=<key>" -> "<key>"
            if len(v) >= 4:
                return v
    return None


def extract_detect_secrets(root: Path, col: Collector):
    P = "detect-secrets"
    stats = collections.Counter()
    for path in sorted((root / "tests/plugins").glob("*_test.py")):
        rel = path.relative_to(root).as_posix()
        family = path.name[: -len("_test.py")]
        tree = ast.parse(path.read_text(encoding="utf-8"))
        env: dict = {}

        def load_assigns(body, env):
            for st in body:
                if isinstance(st, ast.Assign) and len(st.targets) == 1 and isinstance(st.targets[0], ast.Name):
                    try:
                        env[st.targets[0].id] = py_eval(st.value, env)
                    except Exception as e:  # noqa: BLE001
                        env[st.targets[0].id] = PyUnk(str(e))
                elif isinstance(st, (ast.ClassDef,)):
                    env[st.name] = type(st.name, (), {})
                elif isinstance(st, ast.ImportFrom):
                    for a in st.names:
                        env[a.asname or a.name] = type(a.name, (), {})

        load_assigns(tree.body, env)
        plugin_mods = [st.module for st in tree.body if isinstance(st, ast.ImportFrom) and st.module
                       and st.module.startswith("detect_secrets.plugins.")]
        plugin_rx = [] if family in ("private_key", "keyword", "high_entropy_strings") else [
            r for m in plugin_mods for r in detect_secrets_plugin_regexes(root, m)]

        def funcs(body, class_decs, class_env):
            for st in body:
                if isinstance(st, ast.ClassDef):
                    cenv = dict(class_env)
                    load_assigns(st.body, cenv)
                    yield from funcs(st.body, class_decs + st.decorator_list, cenv)
                elif isinstance(st, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    yield st, class_decs + st.decorator_list, class_env

        for fn, decs, fenv in funcs(tree.body, [], env):
            tables = []
            for d in decs:
                r = _param_rows(d, fenv, col, P, f"{rel}:{fn.name}")
                if r:
                    tables.append(r)
            if not tables:
                continue
            # cross product of all parametrize tables
            rows = [dict()]
            for _names, trows in tables:
                rows = [{**a, **b} for a in rows for b in trows]
            body_src = ast.get_source_segment(path.read_text(encoding="utf-8"), fn) or ""
            allnames = set().union(*(set(n) for n, _ in tables))
            for row in rows:
                text = None
                for k in ("line", "payload", "content", "file_content"):
                    if isinstance(row.get(k), str):
                        text = row[k]
                        break
                if text is None and isinstance(row.get("format"), str):
                    try:
                        text = row["format"].format(**{k: v for k, v in row.items() if isinstance(v, str)})
                    except Exception:  # noqa: BLE001
                        text = None
                if text is None:
                    if allnames & {"line", "payload", "content", "file_content", "format"}:
                        col.skip(P, "row text unevaluable")
                    continue
                fam = family
                if "plugin" in row and isinstance(row["plugin"], str):
                    fam = f"{family}[{row['plugin']}]"
                if "file_extension" in row:
                    fam = f"{family}[.{row['file_extension']}]"
                src_ = f"{rel}:{fn.lineno}:{fn.name}"
                tags = []
                orig_add = col.add

                def add(project, source, kind, text, secret, fam, all_secrets=None, tags=tags):
                    if kind == "positive" and not secret and plugin_rx:
                        secret = regex_findall_secret(plugin_rx, text)
                        if secret:
                            tags = tags + ["secret-by-plugin-regex"]
                    orig_add(project, source, kind, text, secret, fam, all_secrets=all_secrets, tags=tags)

                col_add = add
                if "should_flag" in row or "should_be_caught" in row:
                    flag = row.get("should_flag", row.get("should_be_caught"))
                    kind = "positive" if flag else "negative"
                    secret = None
                    if kind == "positive" and isinstance(row.get("secret"), str) and row["secret"] in text:
                        secret = row["secret"]
                    col_add(P, src_, kind, text, secret, fam, tags=tags)
                elif "expected_secret" in row:
                    es = row["expected_secret"]
                    if es:
                        col_add(P, src_, "positive", text, es, fam, tags=tags)
                    else:
                        col_add(P, src_, "negative", text, None, fam, tags=tags)
                elif "expected_output" in row:
                    if family != "aws_key":
                        # cloudant / softlayer / ibm_cos_hmac helpers extract the *paired identifier*
                        # (host name, user name, access key id) used for verification, not a secret.
                        col.skip(P, f"{family}: helper test extracting a paired identifier, not a secret")
                        continue
                    exp = row["expected_output"]
                    if exp:
                        exp = list(exp)
                        col_add(P, src_, "positive", text, exp[0], fam, all_secrets=exp, tags=tags)
                    else:
                        col_add(P, src_, "negative", text, None, fam, tags=tags)
                elif "num_results" in row:
                    kind = "positive" if row["num_results"] else "negative"
                    secret = row.get("secret") if isinstance(row.get("secret"), str) else None
                    col_add(P, src_, kind, text, secret if kind == "positive" else None, fam, tags=tags)
                elif len(allnames - {"plugin", "non_secret", "secret"}) == 1:
                    negated = re.search(r"assert\s+not\b", body_src) is not None
                    col_add(P, src_, "negative" if negated else "positive", text, None, fam, tags=tags)
                else:
                    col.skip(P, "parametrize shape not understood")
                    continue
                stats[fam] += 1
    return {"families": len(stats)}


# ---- CredSweeper -----------------------------------------------------------------------------

CS_RESULT_FILES = ["output.json", "depth_3_pedantic.json", "doc.json"]  # strict: never negatives
CS_LOOSE_FILES = ["no_ml.json", "no_filters_no_ml.json"]  # lines only these flag = hard negatives
BINARY_EXT = {
    ".zip", ".gz", ".bz2", ".tar", ".jks", ".rpm", ".deb", ".pdf", ".docx", ".xlsx", ".pptx", ".png", ".jpg",
    ".jpeg", ".gif", ".class", ".pyc", ".p12", ".pfx", ".der", ".7z", ".xz", ".lzma", ".apk", ".jar", ".odt",
    ".ods", ".eml", ".msg", ".bin", ".sqlite", ".db", ".ico", ".bmp", ".webp", ".mp3", ".wav", ".ipynb",
}


def read_text_file(p: Path) -> str | None:
    data = p.read_bytes()
    if b"\x00" in data[:4096] and not (data.startswith(b"\xff\xfe") or data.startswith(b"\xfe\xff")):
        return None
    for enc in ("utf-8", "utf-16") if data[:2] in (b"\xff\xfe", b"\xfe\xff") else ("utf-8",):
        try:
            return data.decode(enc)
        except UnicodeDecodeError:
            continue
    try:
        return data.decode("cp1252")
    except UnicodeDecodeError:
        return None


def extract_credsweeper(root: Path, col: Collector, neg_cap: int):
    P = "CredSweeper"
    stats = collections.Counter()
    data_dir = root / "tests/data"

    def load(name):
        p = data_dir / name
        if not p.exists():
            return []
        return json.loads(p.read_text(encoding="utf-8"))

    def norm(path):
        return path[2:] if path.startswith("./") else path

    strict_lines: set[tuple[str, int]] = set()
    for fn in CS_RESULT_FILES:
        for f in load(fn):
            for ld in f.get("line_data_list", []):
                strict_lines.add((norm(ld["path"]), ld["line_num"]))
    loose_rules: dict[tuple[str, int], str] = {}
    for fn in CS_LOOSE_FILES:
        for f in load(fn):
            for ld in f.get("line_data_list", []):
                loose_rules.setdefault((norm(ld["path"]), ld["line_num"]), f["rule"])

    file_cache: dict[str, list[str] | None] = {}

    def lines_of(path):
        if path not in file_cache:
            p = root / path
            if not p.is_file():
                file_cache[path] = None
            else:
                t = read_text_file(p)
                file_cache[path] = t.split("\n") if t is not None else None
        return file_cache[path]

    for f in load("output.json"):
        rule = f["rule"]
        lds = f.get("line_data_list", [])
        if not lds:
            continue
        path = norm(lds[0]["path"])
        lines = lines_of(path)
        if len(lds) == 1:
            ld = lds[0]
            ln = ld["line_num"]
            text = None
            if lines and 0 < ln <= len(lines) and ld["value"] in lines[ln - 1]:
                text = lines[ln - 1]
            elif ld["value"] in ld.get("line", ""):
                text = ld["line"]  # CredSweeper's own (normalised) view of the line, e.g. XML flattened
                stats["positives using CredSweeper's normalised line"] += 1
            if text is None:
                col.skip(P, "finding value not found in its line")
                continue
            col.add(P, f"{path}:{ln}", "positive", text, ld["value"], rule)
            continue
        # multi-line finding (PEM key, paired id+secret): text = the span of lines
        nums = [ld["line_num"] for ld in lds]
        if lines and all(0 < n <= len(lines) for n in nums) and len({ld["path"] for ld in lds}) == 1:
            lo, hi = min(nums), max(nums)
            text = "\n".join(lines[lo - 1 : hi])
        else:
            text = "\n".join(ld["line"] for ld in lds)
        vals = []
        for ld in lds:
            v = ld["value"].strip()
            if len(v) < 8 or v.startswith("-----") or v.startswith('"kty"'):
                continue
            if v in text and v not in vals:
                vals.append(v)
        if not vals:
            col.skip(P, "multi-line finding without usable value")
            continue
        primary = max(vals, key=secretness)
        col.add(P, f"{path}:{min(nums)}-{max(nums)}", "positive", text, primary, rule, all_secrets=vals,
                tags=["multi-line-finding"])
        stats["multi-line positives"] += 1

    # negatives: lines of sample files that no strict result lists
    samples = root / "tests/samples"
    for p in sorted(samples.rglob("*")):
        if not p.is_file():
            continue
        rel = p.relative_to(root).as_posix()
        if p.suffix.lower() in BINARY_EXT:
            col.skip(P, "binary/archive sample file (negatives not taken)")
            continue
        lines = lines_of(rel)
        if lines is None:
            col.skip(P, "undecodable/binary sample file")
            continue
        hard, soft = [], []
        for i, line in enumerate(lines, 1):
            if (rel, i) in strict_lines:
                continue
            if len(line.strip()) < 4:
                continue
            if (rel, i) in loose_rules:
                hard.append((i, line))
            else:
                soft.append((i, line))
        # keep every hard negative (lines a looser CredSweeper run flags, that the default run must not);
        # cap the rest per file
        taken = hard + soft[: max(0, neg_cap - len(hard))]
        if len(soft) > max(0, neg_cap - len(hard)):
            col.skip(P, "negative lines over the per-file cap", len(soft) - max(0, neg_cap - len(hard)))
        for i, line in taken:
            hard_rule = loose_rules.get((rel, i))
            fam = hard_rule if hard_rule else "sample:" + p.name
            col.add(P, f"{rel}:{i}", "negative", line, None, fam,
                    tags=["hard-negative"] if hard_rule else [])
            stats["hard negatives" if hard_rule else "plain negatives"] += 1
    return dict(stats)


# ----------------------------------------------------------------------------------------------


def repo_commit(name: str, src: Path) -> str | None:
    """The fixture commit: from a git checkout under src/<name>, else from work/commits.json (written when the
    repositories were unpacked from an archive)."""
    if (src / name / ".git").exists():
        import subprocess

        r = subprocess.run(["git", "-C", str(src / name), "rev-parse", "HEAD"], capture_output=True, text=True)
        if r.returncode == 0:
            return r.stdout.strip()
    f = WORK / "commits.json"
    if f.exists():
        return json.loads(f.read_text()).get(name)
    return None


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--src", default=str(WORK / "src"), help="folder holding the unpacked repositories")
    ap.add_argument("--out", default=str(WORK / "cases.jsonl"))
    ap.add_argument("--neg-cap", type=int, default=40, help="CredSweeper: max plain negative lines per sample file")
    ap.add_argument("--only", nargs="*", help="projects to extract (default all)")
    args = ap.parse_args(argv)
    src = Path(args.src)
    col = Collector()
    info = {}
    jobs = {
        "gitleaks": lambda: extract_gitleaks(src / "gitleaks", col),
        "trufflehog": lambda: extract_trufflehog(src / "trufflehog", col),
        "detect-secrets": lambda: extract_detect_secrets(src / "detect-secrets", col),
        "CredSweeper": lambda: extract_credsweeper(src / "CredSweeper", col, args.neg_cap),
    }
    for name, job in jobs.items():
        if args.only and name not in args.only:
            continue
        if not (src / name).is_dir():
            print(f"[skip] {name}: {src / name} missing", file=sys.stderr)
            continue
        info[name] = job()
    raw = collections.Counter((c["project"], c["kind"]) for c in col.cases)
    dstats = col.dedup()
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    with out.open("w", encoding="utf-8") as fh:
        for c in col.cases:
            fh.write(json.dumps(c, ensure_ascii=False) + "\n")
    counts = collections.Counter((c["project"], c["kind"]) for c in col.cases)
    null_secret = collections.Counter(c["project"] for c in col.cases if c["kind"] == "positive" and not c["secret"])
    report = {"commits": {}, "projects": {}}
    for name in jobs:
        if name not in info:
            continue
        report["commits"][name] = repo_commit(name, src)
        report["projects"][name] = {
            "positives": counts[name, "positive"],
            "negatives": counts[name, "negative"],
            "positives_without_secret_value": null_secret[name],
            "before_dedup": {"positives": raw[name, "positive"], "negatives": raw[name, "negative"]},
            "dedup": {k[1]: v for k, v in dstats.items() if k[0] == name},
            "skipped": dict(col.skips.get(name, {})),
            "info": info[name],
        }
    (out.parent / "extract_report.json").write_text(json.dumps(report, indent=1, ensure_ascii=False))
    for name, r in report["projects"].items():
        print(f"{name:15s} commit {str(report['commits'][name])[:12]}  positives {r['positives']:6d}  "
              f"negatives {r['negatives']:6d}  (no secret value: {r['positives_without_secret_value']})")
        for why, n in sorted(r["skipped"].items(), key=lambda kv: -kv[1]):
            print(f"    skipped {n:6d}  {why}")
        for why, n in r["dedup"].items():
            print(f"    dedup   {n:6d}  {why}")
    print(f"wrote {len(col.cases)} cases to {out}")


if __name__ == "__main__":
    main()
