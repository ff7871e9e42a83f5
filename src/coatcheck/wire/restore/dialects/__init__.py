"""Shell dialects for restoring values into commands, and which dialect a program speaks.

The facts (which program speaks which dialect, which tools run PowerShell, PowerShell's command-line parameters,
the programs a PowerShell script may hand text to) are data in ``data/sinks.toml``; :func:`dialect_for` is the one
place that maps a program to its dialect.
"""

from __future__ import annotations

import base64
import binascii
import functools
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from ...._data import data_path, load_toml
from ....vault import PLACEHOLDER_RE
from .base import Dialect, DialectSyntaxError, Restored, restore_command
from .cmd import CMD, UNKNOWN_SHELL, Refusing
from .posix import POSIX
from .powershell import POWERSHELL

__all__ = [
    "CMD", "POSIX", "POWERSHELL", "UNKNOWN_SHELL", "Dialect", "DialectSyntaxError", "PowerShellCall", "Refusing",
    "Restored", "decode_encoded_command", "dialect_for", "mentions", "powershell_call", "program_name",
    "names_windows_shell", "powershell_evaluators", "restore_command", "restore_script", "shell_facts",
    "tool_dialect",
]

DIALECTS: dict[str, Dialect] = {"posix": POSIX, "powershell": POWERSHELL, "cmd": CMD}


@dataclass(frozen=True)
class ShellFacts:
    programs: dict[str, Dialect]  # program name (lower case, no .exe) -> dialect
    tools: dict[str, Dialect]  # tool name -> dialect of its command fields
    shell_fields: frozenset[str]  # argument fields that name the shell a command runs in
    ps_command: frozenset[str]
    ps_encoded: frozenset[str]
    ps_file: frozenset[str]
    ps_switches: frozenset[str]
    ps_options: frozenset[str]
    ps_evaluators: tuple[str, ...]  # what a PowerShell script can hand text to, to be read as code again
    ps_markers: tuple[str, ...]  # text that marks a command as PowerShell


@functools.cache
def shell_facts() -> ShellFacts:
    sh = load_toml(data_path("sinks.toml"))["shell"]
    ps = sh["powershell"]
    return ShellFacts(
        programs={k.lower(): DIALECTS[v] for k, v in sh["dialects"].items()},
        tools={k: DIALECTS[v] for k, v in sh["tool_dialects"].items()},
        shell_fields=frozenset(sh["shell_fields"]),
        ps_command=frozenset(ps["command"]),
        ps_encoded=frozenset(ps["encoded_command"]),
        ps_file=frozenset(ps["file"]),
        ps_switches=frozenset(ps["switches"]),
        ps_options=frozenset(ps["options"]),
        ps_evaluators=tuple(ps["evaluators"]),
        ps_markers=tuple(ps["markers"]),
    )


def program_name(program: str) -> str:
    """``C:\\Windows\\System32\\WindowsPowerShell\\v1.0\\powershell.exe`` -> ``powershell``; ``/usr/bin/pwsh``
    -> ``pwsh``: the last part of a path, lower case, without ``.exe``."""
    name = re.split(r"[\\/]", program.strip().strip("\"'"))[-1].lower()
    return name[:-4] if name.endswith(".exe") else name


def dialect_for(program: str) -> Dialect | None:
    """The dialect of the script a program runs (``sh``, ``bash`` … POSIX; ``pwsh``, ``powershell.exe``
    PowerShell; ``cmd.exe`` cmd, which restores nothing), any case, any path; None for a program that is not a
    shell coatcheck knows."""
    return shell_facts().programs.get(program_name(program))


def tool_dialect(tool: str) -> Dialect | None:
    """The dialect of a shell tool's command fields when the tool says it (Claude Code's ``PowerShell``)."""
    return shell_facts().tools.get(tool)


@dataclass(frozen=True)
class PowerShellCall:
    """Where a ``pwsh`` / ``powershell.exe`` argv puts its script."""

    script: int | None = None  # index of the -Command script
    encoded: int | None = None  # index of the -EncodedCommand text
    file: int | None = None  # index of the -File path (what follows are the script's arguments)
    problem: str | None = None  # why the command line cannot be followed


def _parameter(arg: str) -> str | None:
    if arg.startswith("--"):
        key = arg[2:]
    elif arg[:1] in ("-", "/"):
        key = arg[1:]
    else:
        return None
    return None if not key or ":" in key else key.lower()


def powershell_call(argv: list[str]) -> PowerShellCall:
    """Read a PowerShell command line (``argv[0]`` is the program). Parameters are the ones both PowerShells
    document (spelled in full or by their documented aliases, with ``-``, ``--`` or ``/``); anything else, or
    arguments after a ``-Command`` script (PowerShell joins them into the script), is a problem."""
    facts = shell_facts()
    i = 1
    while i < len(argv):
        key = _parameter(argv[i])
        if key is None:
            return PowerShellCall(problem="the PowerShell command line has an argument coatcheck cannot place")
        if key in facts.ps_command:
            if i + 2 < len(argv):
                return PowerShellCall(problem="arguments after the PowerShell script are joined into it")
            return PowerShellCall(script=i + 1) if i + 1 < len(argv) else PowerShellCall()
        if key in facts.ps_encoded:
            return PowerShellCall(encoded=i + 1) if i + 1 < len(argv) else PowerShellCall()
        if key in facts.ps_file:
            return PowerShellCall(file=i + 1) if i + 1 < len(argv) else PowerShellCall()
        if key in facts.ps_switches:
            i += 1
        elif key in facts.ps_options:
            i += 2
        else:
            return PowerShellCall(problem="the PowerShell command line has a parameter coatcheck does not know")
    return PowerShellCall()


def decode_encoded_command(text: str) -> str | None:
    """The script behind ``-EncodedCommand`` (base64 of UTF-16LE), or None."""
    try:
        return base64.b64decode(text.strip(), validate=True).decode("utf-16-le")
    except (binascii.Error, ValueError, UnicodeDecodeError):
        return None


@functools.cache
def _mention_re(names: tuple[str, ...]) -> re.Pattern[str]:
    parts = []
    for name in names:
        if re.fullmatch(r"[\w-]+", name):  # a program or command name: a whole word, optionally .exe
            parts.append(r"(?<![^\s|;&({'\"`\\/])(?<!\./)" + re.escape(name) + r"(?:\.exe)?(?=$|[\s|;&)}'\"`])")
        else:  # a member or type name: anywhere
            parts.append(re.escape(name))
    return re.compile("|".join(parts), re.IGNORECASE)


def mentions(text: str, names: Iterable[str]) -> str | None:
    """The first of ``names`` that ``text`` names as a command (a whole word, any case, any path, optionally
    ``.exe``; names with punctuation anywhere), in lower case; None if none."""
    names = tuple(names)
    if not names:
        return None
    m = _mention_re(names).search(text)
    return m.group().lower() if m else None


def names_windows_shell(text: str) -> str | None:
    """A PowerShell or cmd.exe program that POSIX source ``text`` runs (``pwsh`` anywhere as a word; ``cmd`` as
    ``cmd.exe`` or followed by a ``/c``-style switch, since a bare ``cmd`` is a common directory name), or None.
    POSIX quoting does not protect a script handed to one of them."""
    programs = shell_facts().programs
    found = mentions(text, sorted(p for p, d in programs.items() if d is POWERSHELL))
    if found:
        return found
    cmd = _cmd_re()
    m = cmd.search(text) if cmd else None
    return m.group().split()[0].lower() if m else None


@functools.cache
def _cmd_re() -> re.Pattern[str] | None:
    """``cmd.exe``, or ``cmd`` followed by a ``/c``-style switch, for every program whose dialect is cmd."""
    names = "|".join(re.escape(p) for p, d in sorted(shell_facts().programs.items()) if d is CMD)
    return re.compile(r"(?<![\w.-])(?:" + names + r")(?:\.exe(?![\w.-])|\s+/[a-z?])", re.IGNORECASE) if names else None


def powershell_evaluators() -> tuple[str, ...]:
    """What a PowerShell script can hand text to, to be read as code again: the data's list and every shell."""
    return (*shell_facts().ps_evaluators, *sorted(shell_facts().programs))


def restore_script(cmd: str, value_of: Callable[[str], str | None], allowed: Callable[[str, int], str | None],
                   dialect: Dialect) -> Restored:
    """:func:`restore_command`, except that a dialect with a ``refusal`` (cmd.exe, an unknown shell) keeps every
    placeholder the vault knows, with that reason."""
    refusal = getattr(dialect, "refusal", None)
    if refusal:
        return Restored(cmd, [(m.group(), refusal) for m in PLACEHOLDER_RE.finditer(cmd) if value_of(m.group()) is not None])
    return restore_command(cmd, value_of, allowed, dialect)
