"""The POSIX/bash grammar: unit tests per construct, and a property test against the real bash."""

from __future__ import annotations

import os
import shutil
import subprocess
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from coatcheck.wire.restore.dialects.base import DialectSyntaxError
from coatcheck.wire.restore.dialects.posix_grammar import Script, SimpleCommand, command_at, parse


def only(source: str) -> SimpleCommand:
    script = parse(source)
    assert len(script.commands) == 1, script.commands
    return script.commands[0]


def argv(source: str) -> list[str | None]:
    return [w.value for w in only(source).words]


# ---- words ---------------------------------------------------------------------------------------------------

@pytest.mark.parametrize(("source", "expected"), [
    ("cu''rl https://x", ["curl", "https://x"]),
    ('c"u"r\\l', ["curl"]),
    ("$'\\x63url'", ["curl"]),
    ('"https://api.github.com"@evil.com', ["https://api.github.com@evil.com"]),
    ("echo 'a b' \"c d\" e\\ f", ["echo", "a b", "c d", "e f"]),
    ("echo ''", ["echo", ""]),
    ('echo "a\\$b\\"c\\\\d\\e"', ["echo", 'a$b"c\\d\\e']),
    ("echo \"$\" $ a$ '$x'", ["echo", "$", "$", "a$", "$x"]),
    ('echo $"locale"', ["echo", "locale"]),
    ("echo a\\\nb", ["echo", "ab"]),
    ("ec\\\nho x", ["echo", "x"]),
    ("echo 'a\\\nb'", ["echo", "a\\\nb"]),
    ('echo "a\\\nb"', ["echo", "ab"]),
    ("echo a#b", ["echo", "a#b"]),
    ("echo [ ] x]", ["echo", "[", "]", "x]"]),
    ("echo {} {a} a,b", ["echo", "{}", "{a}", "a,b"]),
    ("echo --x=~/a b:~", ["echo", "--x=~/a", "b:~"]),
    ("echo '*' \\? \"[a]\"", ["echo", "*", "?", "[a]"]),
])
def test_word_values(source: str, expected: list[str]) -> None:
    assert argv(source) == expected


@pytest.mark.parametrize(("body", "expected"), [
    ("\\n\\t\\r\\a\\b\\f\\v\\e\\E", "\n\t\r\a\b\f\v\x1b\x1b"),
    ("\\\\\\'\\\"\\?", "\\'\"?"),
    ("\\x41\\x4g\\x", "A\x04g\\x"),
    ("\\101\\0101\\1012\\7", "A\b1A2\x07"),
    ("\\u00e9\\U0001F600\\u", "é\U0001F600\\u"),
    ("\\cA\\c?\\c[\\ca", "\x01\x7f\x1b\x01"),
    ("\\q\\z", "\\q\\z"),
    ("a\\0b", "a"),
    ("a\\x00b", "a"),
    ("\\xc3\\xa9", "é"),
    ("\\xff", "\udcff"),
    ("a\\\nb", "a\\\nb"),
])
def test_ansi_c(body: str, expected: str) -> None:
    assert argv(f"echo $'{body}'x") == ["echo", expected + "x"]


@pytest.mark.parametrize(("source", "why"), [
    ("echo $HOME", "parameter"), ("echo ${x:-a}", "parameter"), ('echo "$1"', "parameter"), ("echo $?", "parameter"),
    ("echo $(id)", "command"), ("echo `id`", "command"), ("echo $((1+2))", "arithmetic"), ("echo $[1]", "arithmetic"),
    ("echo *.py", "glob"), ("echo a?", "glob"), ("echo [ab]", "glob"), ("echo ~", "tilde"), ("echo ~/x", "tilde"),
    ("echo a=~/x", "tilde"), ("echo a=b:~", "tilde"), ("echo {a,b}", "brace"), ("echo x{1..3}", "brace"),
    ("echo <(id)", "process"), ("echo a<(id)b", "process"),
])
def test_expanded_words_have_no_value(source: str, why: str) -> None:
    word = only(source).words[1] if why not in ("command", "process") else parse(source).commands[0].words[1]
    assert word.value is None
    assert why in word.expansions


def test_word_offsets_and_quoted() -> None:
    src = "curl 'https://x' plain"
    cmd = only(src)
    assert [(src[w.start:w.end], w.quoted) for w in cmd.words] == [("curl", False), ("'https://x'", True),
                                                                      ("plain", False)]
    assert (cmd.start, cmd.end) == (0, len(src))


# ---- assignments ---------------------------------------------------------------------------------------------

def test_assignments() -> None:
    cmd = only("A=1 B+='x y' C= D=* E=~/x curl x=1")
    assert [(a.name, a.word.value, a.append) for a in cmd.assignments] == [
        ("A", "1", False), ("B", "x y", True), ("C", "", False), ("D", "*", False), ("E", None, False)]
    assert [w.value for w in cmd.words] == ["curl", "x=1"]


def test_assignment_only_and_arrays() -> None:
    script = parse("TOKEN=abc\nA=(x y) B[1]=z")
    assert [c.words for c in script.commands] == [[], []]
    assert script.commands[0].assignments[0].word.value == "abc"
    assert script.commands[1].assignments[0].array
    assert script.complex and "array assignment" in script.reasons


# ---- operators, lists and compound commands -----------------------------------------------------------------

def test_lists_and_pipelines() -> None:
    script = parse("a | b |& c && d || e; f & g\nh")
    names = [(c.words[0].value, c.in_pipeline) for c in script.commands]
    assert names == [("a", True), ("b", True), ("c", True), ("d", False), ("e", False), ("f", False),
                     ("g", False), ("h", False)]
    assert not script.complex


def test_negation_and_time() -> None:
    assert [c.words[0].value for c in parse("! a | b; time -p c; time ! d").commands] == ["a", "b", "c", "d"]


def test_subshell_and_group() -> None:
    script = parse("(a; (b)) ; { c; { d; }; } > out")
    assert [(c.words and c.words[0].value, c.context) for c in script.commands] == [
        ("a", "subshell"), ("b", "subshell"), ("c", "group"), ("d", "group"), ([], "top")]
    wrapper = script.commands[-1]
    assert wrapper.wraps == "{" and wrapper.redirects[0].target is not None
    assert wrapper.redirects[0].target.value == "out"


def test_control_structures() -> None:
    src = ("if a; then b; elif c\nthen d; else e; fi\nwhile f; do g; done; until h; do i; done\n"
           "for x in 1 '2 3'; do j $x; done; for y; do k; done; for ((n=0;n<3;n++)); do l; done")
    script = parse(src)
    assert [c.words[0].value for c in script.commands] == list("abcdefghijkl")
    assert {c.context for c in script.commands} == {"control"}
    assert [w.value for w in script.loose] == ["1", "2 3"]
    assert script.complex and script.reasons == ["arithmetic for"]


def test_reserved_words_only_in_command_position() -> None:
    assert argv("echo if then fi done { } !") == ["echo", "if", "then", "fi", "done", "{", "}", "!"]
    assert argv("'if' x") == ["if", "x"]
    with pytest.raises(DialectSyntaxError):
        parse("then x")


def test_case_is_parsed_and_flagged() -> None:
    script = parse("case $x in\n a|b) echo a;;\n (c) echo c ;&\n *) echo d;;& esac")
    assert [c.words[1].value for c in script.commands] == ["a", "c", "d"]
    assert script.complex and "case" in script.reasons


@pytest.mark.parametrize(("source", "reason"), [
    ("f() { curl x; }", "function definition"),
    ("function f { curl x; }", "function definition"),
    ("function f() ( curl x )", "function definition"),
    ("((x = 1 + 2))", "arithmetic command"),
    ("coproc curl x", "coproc"),
    ("select x in a b; do curl $x; done", "select"),
    ("alias curl=wget; curl x", "alias"),
    ("exec {fd}>file", "redirection to a named file descriptor"),
    ("[[ $x =~ ^(a|b)$ ]]", "[[ ]] with parentheses, redirection-like operators, newlines or =~"),
])
def test_flagged_constructs(source: str, reason: str) -> None:
    script = parse(source)
    assert script.complex and reason in script.reasons


def test_function_body_is_control() -> None:
    script = parse("f() { curl x; }")
    assert [(c.words[0].value, c.context) for c in script.commands] == [("curl", "control")]


def test_double_bracket() -> None:
    script = parse("[[ -n $x && $y == 'z' ]] && curl q")
    assert [w.value for w in script.commands[0].words] == ["[[", "-n", None, "&&", None, "==", "z", "]]"]
    assert not script.complex


def test_exec_command_builtin_are_ordinary_names() -> None:
    assert [c.words[0].value for c in parse("exec curl x; command curl y; builtin echo z").commands] == [
        "exec", "command", "builtin"]


def test_comments() -> None:
    script = parse("# leading\ncurl x # trailing 'unbalanced\necho a#b ;#c")
    assert [[w.value for w in c.words] for c in script.commands] == [["curl", "x"], ["echo", "a#b"]]


# ---- redirections -------------------------------------------------------------------------------------------

def test_redirections() -> None:
    cmd = only("cmd 2>&1 >out >>app <in 2>err &>both &>>b2 >|clob <>rw 3<&0 >&- {fd}>named <<<'here str'")
    assert [(r.op, r.target.value if r.target else None) for r in cmd.redirects] == [
        ("2>&", "1"), (">", "out"), (">>", "app"), ("<", "in"), ("2>", "err"), ("&>", "both"), ("&>>", "b2"),
        (">|", "clob"), ("<>", "rw"), ("3<&", "0"), (">&", "-"), ("{fd}>", "named"), ("<<<", "here str")]
    assert [w.value for w in cmd.words] == ["cmd"]


def test_redirect_before_and_between_words() -> None:
    cmd = only(">out A=1 cmd <in arg")
    assert [a.name for a in cmd.assignments] == ["A"]
    assert [w.value for w in cmd.words] == ["cmd", "arg"]


def test_digits_not_followed_by_operator_are_words() -> None:
    script = parse("echo 2 >x 2>(cat)")
    assert [w.value for w in script.commands[0].words] == ["echo", "2", None]
    assert [r.op for r in script.commands[0].redirects] == [">"]


def test_process_substitution_as_redirect_target() -> None:
    script = parse("while read l; do :; done < <(curl x)")
    curl = next(c for c in script.commands if c.words and c.words[0].value == "curl")
    assert (curl.depth, curl.context) == (1, "process-substitution")


def test_heredocs() -> None:
    src = "cat <<EOF | cat <<-'E2' <<\"E3\"\nhello $(whoami)\nEOF\n\tbody\n\tE2\nraw $x\nE3\necho done"
    script = parse(src)
    first, second = script.commands[0], script.commands[1]
    assert first.redirects[0].body is not None
    assert src[slice(*first.redirects[0].body)] == "hello $(whoami)\n" and first.redirects[0].body_expanded
    bodies = [(src[slice(*r.body)], r.body_expanded) for r in second.redirects if r.body]
    assert bodies == [("\tbody\n", False), ("raw $x\n", False)]
    assert [(c.words[0].value, c.depth) for c in script.commands[2:]] == [("whoami", 1), ("echo", 0)]


def test_heredoc_delimiter_forms() -> None:
    for delim, word in [("E\\OF", "EOF"), ("'E'O\"F\"", "EOF"), ("$X", "$X")]:
        src = f"cat <<{delim}\nbody\n{word}\n"
        r = only(src).redirects[0]
        assert r.delimiter == word and r.body is not None and src[slice(*r.body)] == "body\n"
        assert r.body_expanded is (delim == "$X")


def test_heredoc_at_end_without_newline_and_inside_substitution() -> None:
    assert parse("cat <<E\nx\nE").commands[0].redirects[0].body == (8, 10)
    script = parse("echo $(cat <<E\n)\nE\n)")
    assert [c.words[0].value for c in script.commands] == ["echo", "cat"]


# ---- substitutions ------------------------------------------------------------------------------------------

def test_nested_substitutions() -> None:
    script = parse('echo "$(curl "$(cat f)" `id`)" ${x:-$(whoami)} $( (sub) ) $((1 + $(n)))')
    got = [(c.words[0].value, c.depth, c.context) for c in script.commands]
    assert got == [("echo", 0, "top"), ("curl", 1, "substitution"), ("cat", 2, "substitution"),
                   ("id", 2, "substitution"), ("whoami", 1, "substitution"), ("sub", 1, "subshell"),
                   ("n", 1, "substitution")]


def test_backquote_escaping() -> None:
    src = 'echo `echo \\\\\\\\ \\$HOME \\"a\\" \\`id\\``'
    script = parse(src)
    inner = script.commands[1]
    assert [w.value for w in inner.words] == ["echo", "\\", None, '"a"', None]
    assert src[inner.words[1].start:inner.words[1].end] == "\\\\\\\\"
    assert script.commands[2].words[0].value == "id" and script.commands[2].depth == 2
    dq = parse('echo "`echo \\"q\\"`"').commands[1]
    assert [w.value for w in dq.words] == ["echo", "q"]


def test_case_inside_substitution() -> None:
    script = parse("echo $(case x in x) curl a;; esac)")
    assert [c.words[0].value for c in script.commands] == ["echo", "curl"]


# ---- command_at ---------------------------------------------------------------------------------------------

def test_command_at_roles() -> None:
    src = "A=SECRET curl -H \"X: SECRET\" https://x 2>SECRET <<<SECRET $(echo SECRET) # SECRET\ncat <<E\nSECRET\nE\n"
    script = parse(src)

    def at(nth: int) -> tuple[str | None, str, int] | None:
        offset = -1
        for _ in range(nth + 1):
            offset = src.index("SECRET", offset + 1)
        hit = command_at(script, offset)
        return None if hit is None else (hit[0].words[0].value, hit[1], hit[2])

    assert at(0) == ("curl", "assignment", 0)
    assert at(1) == ("curl", "argument", 2)
    assert at(2) == ("curl", "redirect-target", 0)
    assert at(3) == ("curl", "here-string", 1)
    assert at(4) == ("echo", "argument", 1)
    assert at(5) is None
    assert at(6) == ("cat", "heredoc", 0)
    assert command_at(script, src.index("curl")) is not None
    assert command_at(script, src.index("curl"))[1] == "name"  # type: ignore[index]


# ---- errors and scale ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("source", [
    "echo 'x", 'echo "x', "echo $'x", "echo $(x", "echo `x", "echo ${x", "cat <<E\nx", "if a; then b",
    "a |", "a && ", ")", "echo (", "(a", "{ a; ", "case x in a) b", "for x in a; do b", "echo >", "a;;",
])
def test_syntax_errors(source: str) -> None:
    with pytest.raises(DialectSyntaxError):
        parse(source)


def test_deep_nesting_is_an_error_not_a_crash() -> None:
    with pytest.raises(DialectSyntaxError):
        parse("echo " + "$(" * 2000 + ")" * 2000)
    assert len(parse("echo " + "$(echo " * 50 + ")" * 50).commands) == 51


def test_large_inputs_parse_in_linear_work() -> None:
    # quadratic behaviour would take minutes on these; linear takes well under a second each
    word = "a'b'\"c\"\\d$'\\x65'" * 7000  # ~100 KB, one word
    assert argv("echo " + word) == ["echo", "abcde" * 7000]
    many = " ".join(f"'w{i}'" for i in range(20000))
    assert len(only("echo " + many).words) == 20001
    lines = "\n".join(f"curl -H 'k: {i}' x | grep y && echo $(id) # c" for i in range(2000))
    assert len(parse(lines).commands) == 8000
    heredocs = "cat <<E\n" + "line\n" * 20000 + "E\n"
    assert only(heredocs).redirects[0].body == (8, 8 + 5 * 20000)


# ---- property test against the real bash --------------------------------------------------------------------

_PRELUDE = ("p() { local s; printf -v s '%s\\1' \"${V1-@unset}\" \"$@\"; printf '%s' \"$s\" >\"$RECORDS/$1\"; }\n"
            "exec >/dev/null\n")
_PLAIN = "abcxyzABZ019_./:,+%@-="
_TEXT = "abz AZ09 \t\n!#$%&()*+,-./:;<=>?@[]^_{|}~\\\"`é"


@dataclass
class Piece:
    source: str
    value: str | None
    nested: list[tuple[str, list[str | None]]] = field(default_factory=list)


def _sq(text: str) -> Piece:
    return Piece("'" + text + "'", text)


_ansi_escapes = st.sampled_from([
    ("\\n", "\n"), ("\\t", "\t"), ("\\\\", "\\"), ("\\'", "'"), ('\\"', '"'), ("\\a", "\a"), ("\\e", "\x1b"),
    ("\\E", "\x1b"), ("\\f", "\f"), ("\\r", "\r"), ("\\v", "\v"), ("\\?", "?"), ("\\q", "\\q"), ("\\101", "A"),
    # escapes whose digits could run on into the text after them are written at full width (\x07, not \x7)
    ("\\060", "0"), ("\\cZ", "\x1a"), ("\\c?", "\x7f"), ("\\x41", "A"), ("\\x07", "\x07"), ("\\xc3\\xa9", "é"),
    ("\\u00e9", "é"), ("\\U0001F600", "\U0001F600"), ("\\u263a", "\u263a"), ("\\xff", "\udcff"),
])


@st.composite
def _ansi(draw: st.DrawFn) -> Piece:
    src, val = ["$'"], []
    for _ in range(draw(st.integers(0, 4))):
        if draw(st.booleans()):
            s, v = draw(_ansi_escapes)
        else:
            s = v = draw(st.text(_TEXT.replace("\\", "").replace("'", ""), max_size=4))
        src.append(s)
        val.append(v)
    src.append("'")
    return Piece("".join(src), "".join(val))


_dq_segments = st.one_of(
    st.text(_TEXT.replace("\\", "").replace('"', "").replace("$", "").replace("`", ""), min_size=1, max_size=4)
    .map(lambda t: (t, t)),
    st.sampled_from([("\\$", "$"), ('\\"', '"'), ("\\\\", "\\"), ("\\`", "`"), ("\\a", "\\a"), ("\\\n", ""),
                     ("$ ", "$ "), ("$/", "$/")]),
)


@st.composite
def _dq(draw: st.DrawFn) -> Piece:
    segs = draw(st.lists(_dq_segments, max_size=4))
    prefix = draw(st.sampled_from(['"', '"', '$"']))
    return Piece(prefix + "".join(s for s, _ in segs) + '"', "".join(v for _, v in segs))


_TAGS = iter(range(10**9))


@st.composite
def _nested(draw: st.DrawFn) -> Piece:
    tag = f"n{next(_TAGS)}"
    args = draw(st.lists(st.one_of(st.text(_PLAIN, min_size=1, max_size=4).map(lambda t: Piece(t, t)),
                                   st.text(_TEXT.replace("'", ""), max_size=4).map(_sq)), max_size=2))
    source = '"$(p ' + tag + "".join(" " + a.source for a in args) + ')"'
    expected: list[str | None] = ["@unset", "p", tag]
    expected += [a.value for a in args]
    return Piece(source, None, [(tag, expected)])


_piece = st.one_of(
    st.text(_PLAIN, min_size=1, max_size=5).map(lambda t: Piece(t, t)),
    st.sampled_from("abz!#$%&()*+,;<>?[]^{|}~ \t\"'`\\").map(lambda c: Piece("\\" + c, c)),
    st.just(Piece("\\\n", "")),
    st.text(_TEXT.replace("'", ""), max_size=5).map(_sq),
    _dq(), _ansi(), _nested(),
    st.just(Piece('"$V2"', None)),
)


@st.composite
def _word(draw: st.DrawFn) -> Piece:
    pieces = draw(st.lists(_piece, min_size=1, max_size=4))
    if pieces[0].source.startswith("\\\n") or all(p.source == "\\\n" for p in pieces):
        pieces.insert(0, Piece("w", "w"))
    values = [p.value for p in pieces]
    value = None if None in values else "".join(v for v in values if v is not None)
    return Piece("".join(p.source for p in pieces), value, [n for p in pieces for n in p.nested])


@dataclass
class Gen:
    """A generated command list: its source, the here-document bodies it still owes, and the argv it expects
    per tag."""

    source: str
    bodies: list[str] = field(default_factory=list)
    expected: dict[str, list[str | None]] = field(default_factory=dict)


_REDIRECTS = [" 2>/dev/null", " >/dev/null", " </dev/null", " 2>&1", " >|/dev/null", " &>/dev/null", " 1>&2",
              " <<<'here string'", " <>/dev/null"]


@st.composite
def _simple(draw: st.DrawFn) -> Gen:
    tag = f"t{next(_TAGS)}"
    gen = Gen("")
    parts: list[str] = []
    v1: str | None = "@unset"
    if draw(st.integers(0, 3)) == 0:
        w = draw(_word())
        parts.append("V1=" + w.source)
        v1 = w.value
        gen.expected.update(dict(w.nested))
    parts.append("p " + tag)
    values: list[str | None] = [v1, "p", tag]
    for _ in range(draw(st.integers(0, 4))):
        if draw(st.integers(0, 4)) == 0:
            parts.append(draw(st.sampled_from(_REDIRECTS)).strip())
            continue
        w = draw(_word())
        parts.append(w.source)
        values.append(w.value)
        gen.expected.update(dict(w.nested))
    if draw(st.integers(0, 5)) == 0:
        delim = draw(st.sampled_from(["EOF", "'EOF'", '"EOF"', "-EOF", "-'EOF'"]))
        body = draw(st.text("abc xyz.", max_size=10)) + "\n"
        strip = delim.startswith("-")
        parts.append("<<" + delim)
        gen.bodies.append(("\t" if strip else "") + body + ("\t" if strip else "") + "EOF\n")
    gen.source = " ".join(parts)
    gen.expected[tag] = values
    return gen


def _join(left: Gen, sep: str, right: Gen) -> Gen:
    expected = {**left.expected, **right.expected}
    if sep == "\n" and left.bodies:
        return Gen(left.source + "\n" + "".join(left.bodies) + right.source, right.bodies, expected)
    return Gen(left.source + sep + right.source, left.bodies + right.bodies, expected)


def _flush(gen: Gen) -> str:
    return gen.source + ("\n" + "".join(gen.bodies) if gen.bodies else "")


@st.composite
def _list(draw: st.DrawFn, depth: int = 0) -> Gen:
    def unit() -> Gen:
        kind = draw(st.integers(0, 9)) if depth < 2 else 0
        if kind == 7:
            inner = draw(_list(depth + 1))
            return Gen("( " + _flush(inner) + " )", [], inner.expected)
        if kind == 8:
            inner = draw(_list(depth + 1))
            return Gen("{ " + _flush(inner) + ("\n" if inner.bodies else "; ") + "}", [], inner.expected)
        if kind == 9:
            cond, body = draw(_simple()), draw(_list(depth + 1))
            src = "if " + _flush(cond) + ("\n" if cond.bodies else "; ") + "then " + _flush(body)
            return Gen(src + ("\n" if body.bodies else "; ") + "fi", [], {**cond.expected, **body.expected})
        return draw(_simple())

    gen = unit()
    for _ in range(draw(st.integers(0, 3))):
        seps = [" | ", " |& ", " && ", " || ", "; ", "\n", " # note 'x\n"] + ([" & "] if depth == 0 else [])
        sep = draw(st.sampled_from(seps))
        right = unit()
        if gen.bodies and right.source[0] in "({i":
            sep = "\n"  # bash would read the pending here-document bodies at the compound's first newline
        if sep.startswith(" #"):
            gen, sep = Gen(gen.source + sep[:-1], gen.bodies, gen.expected), "\n"
        gen = _join(gen, sep, right)
    return gen


BASH = shutil.which("bash")


def _run_bash(script: str, records_dir: Path) -> dict[str, list[str]]:
    """Run ``script`` in bash; ``p`` writes each argv to a file named by its tag (concurrent pipeline members
    and background jobs would interleave a shared stream: bash line-buffers its builtins' output)."""
    assert BASH is not None
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "LC_ALL": "C.UTF-8", "HOME": "/nonexistent",
           "RECORDS": str(records_dir)}
    done = subprocess.run([BASH, "--norc", "--noprofile", "-c", _PRELUDE + script + "\nwait\n"],
                          stdin=subprocess.DEVNULL, capture_output=True, env=env, timeout=20, check=False)
    assert done.returncode == 0, done.stderr.decode(errors="replace")
    records: dict[str, list[str]] = {}
    for path in records_dir.iterdir():
        fields = [f.decode("utf-8", "surrogateescape") for f in path.read_bytes().split(b"\x01")[:-1]]
        records[path.name] = [fields[0], "p", *fields[1:]]  # "$@" leaves out the function's name
    return records


def _parsed_argv(script: Script) -> dict[str, list[str | None]]:
    out: dict[str, list[str | None]] = {}
    for cmd in script.commands:
        if not cmd.words or cmd.words[0].value != "p":
            continue
        tag = cmd.words[1].value
        assert tag is not None
        v1: str | None = "@unset"
        for a in cmd.assignments:
            if a.name == "V1":
                v1 = a.word.value
        out[tag] = [v1] + [w.value for w in cmd.words]
    return out


@pytest.mark.skipif(BASH is None, reason="needs bash")
@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(gen=_list())
def test_argv_matches_bash(gen: Gen, tmp_path_factory: pytest.TempPathFactory) -> None:
    source = _flush(gen)
    script = parse(source)
    parsed = _parsed_argv(script)
    assert parsed == gen.expected  # the generator's model and the parser agree on every word
    ran = _run_bash(source, tmp_path_factory.mktemp("argv"))
    assert ran, "bash ran no command"
    for tag, fields in ran.items():
        mine = parsed[tag]
        assert len(mine) == len(fields), (tag, mine, fields)
        for value, actual in zip(mine, fields, strict=True):
            if value is not None:
                assert value == actual, (tag, value, actual)


@settings(max_examples=300, deadline=None)
@given(st.text("ab $'\"`\\(){};&|<>#=~*\n\tEOF-", max_size=40))
def test_any_text_parses_or_raises_syntax_error(source: str) -> None:
    try:
        script = parse(source)
    except DialectSyntaxError:
        return
    for cmd in script.commands:
        for w in cmd.words:
            assert 0 <= w.start <= w.end <= len(source)
            hit = command_at(script, w.start)
            assert w.start == w.end or hit is not None
