"""Restore by provenance: which placeholders in a tool call the model wrote become real values.

Restoring into prose shown to the user is safe (the user owns the value). A tool call acts, and whoever steers
the model (a prompt injection in a file it read) can ask it to write a placeholder where the attacker can read
it: a ``WebFetch`` URL, a ``curl`` to a foreign host. So in tool-call inputs a value comes back only where it
belongs (the sink table in ``data/sinks.toml``):

- file writes and local tools: restored
- shell commands: restored, quoted for their shell context, unless the command can reach a host the value was
  never seen with (its provider's hosts, hosts seen beside it, hosts the user allows), or hides its destination.
  The shell is the program that runs the script (``bash -c``, ``pwsh -Command``, ``cmd /c``; argv lists and command
  strings alike), the shell a tool or an argument field declares (Claude Code's ``PowerShell`` tool, a ``shell``
  field), else POSIX; its dialect (``dialects``) quotes the value, and cmd.exe restores nothing
- fetch, sub-agent, MCP and unknown tools: kept, unless the user's policy allows the tool

Every kept placeholder is reported (tool, field, reason) so the gateway can show a notice and write an audit line.
"""

from __future__ import annotations

import fnmatch
import functools
import json
import re
import shlex
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..._data import data_path, load_toml
from ...policy import RestoreSettings
from ...vault import PLACEHOLDER_RE, Vault
from .destinations import Destinations, ShellRules, destinations
from .dialects import (CMD, POSIX, POWERSHELL, UNKNOWN_SHELL, Dialect, decode_encoded_command, dialect_for, mentions,
                       names_windows_shell, powershell_call, powershell_evaluators, restore_script, shell_facts,
                       tool_dialect)
from .dialects.nesting import last_word_start, replace_last_word
from .urls import for_position

LOOPBACK = frozenset({"localhost", "127.0.0.1", "::1", "0.0.0.0", "host.docker.internal"})


@dataclass(frozen=True)
class Sinks:
    kinds: dict[str, str]  # tool name -> sink kind
    command_fields: frozenset[str]
    shell: ShellRules
    provider_hosts: dict[str, tuple[str, ...]]
    powershell: ShellRules  # shell, with PowerShell's network cmdlets (names in lower case)
    powershell_network_types: tuple[str, ...]

    def kind(self, tool: str) -> str:
        if tool in self.kinds:
            return self.kinds[tool]
        if tool.startswith("mcp__"):
            return "mcp"
        return "unknown"


@functools.cache
def sinks() -> Sinks:
    raw = load_toml(data_path("sinks.toml"))
    kinds = {name: kind for kind, names in raw["tools"].items() for name in names}
    sh = raw["shell"]
    rules = ShellRules(
        network_programs=frozenset(sh["network_programs"]),
        ssh_like=frozenset(sh["ssh_like"]),
        positional_host=frozenset(sh["positional_host"]),
        host_flags={k: frozenset(v) for k, v in sh["host_flags"].items()},
        interpreters=frozenset(sh["interpreters"]),
        inline_flags=frozenset(sh["inline_flags"]),
        hidden_programs=frozenset(sh["hidden_programs"]),
        decoders=frozenset(sh["decoders"]),
        shells=frozenset(k.lower() for k, v in sh["dialects"].items() if v == "posix"),
        network_subcommands={k: frozenset(v) for k, v in sh["network_subcommands"].items()},
        needs_no_host=frozenset(sh["needs_no_host"]),
    )
    ps = sh["powershell"]
    ps_rules = ShellRules(
        network_programs=rules.network_programs | frozenset(ps["network_programs"]),
        ssh_like=rules.ssh_like,
        positional_host=rules.positional_host | frozenset(ps["positional_host"]),
        host_flags={**rules.host_flags, **{k: frozenset(v) for k, v in ps["host_flags"].items()}},
        interpreters=rules.interpreters,
        inline_flags=rules.inline_flags | {"-command"},
        hidden_programs=rules.hidden_programs,
        decoders=rules.decoders,
        shells=rules.shells,
        network_subcommands=rules.network_subcommands,
        needs_no_host=rules.needs_no_host,
    )
    return Sinks(kinds, frozenset(sh["command_fields"]), rules,
                 {k: tuple(v) for k, v in raw["provider_hosts"].items()}, ps_rules, tuple(ps["network_types"]))


@functools.cache
def _rule_providers() -> dict[str, str]:
    from ...detect.rules import load_rules

    return {r.id: r.provider for r in load_rules() if r.provider}


def provider_hosts(detector: str) -> tuple[str, ...]:
    """The provider's own hosts for a span found by ``detector`` (``rule-id``, ``repeat:rule-id`` …)."""
    rule = detector.rsplit(":", 1)[-1]
    provider = _rule_providers().get(rule)
    return sinks().provider_hosts.get(provider, ()) if provider else ()


def host_allowed(host: str, patterns: set[str] | frozenset[str] | tuple[str, ...]) -> bool:
    host = host.lower().rstrip(".")
    if host in LOOPBACK or host.startswith("127."):
        return True
    for p in patterns:
        p = p.lower()
        if p.startswith("*."):
            if host == p[2:] or host.endswith(p[1:]):
                return True
        elif host == p:
            return True
    return False


@dataclass(frozen=True)
class Kept:
    placeholder: str
    tool: str
    field: str
    reason: str


class ToolRestorer:
    """Restores one session's placeholders in tool-call inputs according to the sink table and the policy."""

    def __init__(self, vault: Vault, settings: RestoreSettings) -> None:
        self.vault = vault
        self.settings = settings
        self.sinks = sinks()

    # -- decisions -------------------------------------------------------------------------------
    def _mode(self, placeholder: str) -> str:
        entry = self.vault.entry(placeholder)
        return self.settings.categories.get(entry[0], "provenance") if entry else "provenance"

    def _decide(self, placeholder: str, sink: str, tool: str, dest: Destinations | None) -> str | None:
        """None to restore, else why the placeholder stays."""
        mode = self._mode(placeholder)
        if mode == "never":
            return "the policy never restores this category into tool calls"
        if mode == "always" or sink in ("file", "local", "allowed"):
            return None
        if sink == "shell":
            if dest is None or not dest.network:
                return None
            if dest.hidden:
                return "the command may reach a host it does not name"
            allowed = set(self.vault.provenance(placeholder).hosts) | set(self.settings.allow_hosts)
            foreign = sorted(h for h in dest.hosts if not host_allowed(h, allowed))
            if foreign:
                return f"the value was never seen with {', '.join(foreign[:3])}"
            return None
        return {
            "fetch": f"{tool} fetches from the web",
            "agent": f"{tool} hands text to another model",
            "mcp": f"{tool} is an MCP tool the policy does not allow",
        }.get(sink, f"{tool} is not a tool coatcheck knows")

    def _sink(self, tool: str) -> str:
        if any(fnmatch.fnmatchcase(tool, pat) for pat in self.settings.allow_tools):
            return "allowed"
        return self.sinks.kind(tool)

    # -- restoring -------------------------------------------------------------------------------
    def _value(self, placeholder: str) -> str | None:
        return self.vault.lookup(placeholder)

    def _plain(self, text: str, decide: Callable[[str], str | None], kept: list[Kept], tool: str, field: str) -> str:
        out: list[str] = []
        pos = 0
        for m in PLACEHOLDER_RE.finditer(text):
            value = self._value(m.group())
            if value is None:
                continue
            reason = decide(m.group())
            if reason is None:
                inserted = for_position(text, m.start(), value)
                if inserted is None:
                    reason = "the value cannot be written into this part of a URL"
            if reason is not None:
                kept.append(Kept(m.group(), tool, field, reason))
                continue
            out.append(text[pos:m.start()])
            out.append(inserted)  # type: ignore[arg-type]
            pos = m.end()
        out.append(text[pos:])
        return "".join(out)

    def _command(self, cmd: str, sink: str, tool: str, field: str, kept: list[Kept], dialect: Dialect | None = None) -> str:
        """Shell source ``cmd``, in ``dialect`` (else the tool's, else POSIX), with placeholders restored where
        they belong and quoted for their context."""
        dialect = dialect or tool_dialect(tool) or POSIX
        if dialect is POSIX:
            nested = self._posix_runs_windows_shell(cmd, sink, tool, field, kept)
            if nested is not None:
                return nested
        elif dialect is POWERSHELL:
            handed = mentions(cmd, powershell_evaluators())
            if handed:
                return self._keep(cmd, tool, field, kept, f"the script hands text to {handed}, which reads it again")
        dest = self._destinations(cmd, dialect)
        result = restore_script(cmd, self._value, lambda ph: self._decide(ph, sink, tool, dest), dialect)
        kept.extend(Kept(ph, tool, field, why) for ph, why in result.kept)
        return result.text

    def _destinations(self, cmd: str, dialect: Dialect) -> Destinations:
        if dialect is POWERSHELL:  # cmdlets and .NET types are case-insensitive
            raw = self._raw(cmd).lower()
            dest = destinations(raw, self.sinks.powershell)
            if any(t in raw for t in self.sinks.powershell_network_types):
                return Destinations(True, dest.hosts, True)
            return dest
        return destinations(self._raw(cmd), self.sinks.shell)

    def _keep(self, text: str, tool: str, field: str, kept: list[Kept], reason: str) -> str:
        """``text`` as it is; every placeholder the vault knows in it is kept, with ``reason``."""
        kept.extend(Kept(m.group(), tool, field, reason) for m in PLACEHOLDER_RE.finditer(text) if self._value(m.group()) is not None)
        return text

    def _posix_runs_windows_shell(self, cmd: str, sink: str, tool: str, field: str, kept: list[Kept]) -> str | None:
        """POSIX source that runs PowerShell or cmd.exe: restored into a ``pwsh -Command '…'`` script when that
        is the whole command and its outer quoting can be rebuilt, else every placeholder kept. None for a plain
        POSIX command."""
        try:
            words = shlex.split(cmd)
        except ValueError:
            words = []
        first = dialect_for(words[0]) if words else None
        if first is CMD:
            return self._keep(cmd, tool, field, kept, CMD.refusal)
        if first is POWERSHELL:
            return self._nested_powershell(cmd, words, sink, tool, field, kept)
        found = names_windows_shell(cmd)
        if found:
            return self._keep(cmd, tool, field, kept, f"the command runs {found} inside a POSIX command, whose quoting is not followed")
        if mentions(cmd, shell_facts().ps_markers):
            return self._keep(cmd, tool, field, kept, "the command looks like PowerShell, but the tool runs POSIX shell commands")
        return None

    def _nested_powershell(self, cmd: str, words: list[str], sink: str, tool: str, field: str, kept: list[Kept]) -> str:
        call = powershell_call(words)
        if call.script is None or call.script != len(words) - 1:
            return self._keep(cmd, tool, field, kept, call.problem or self._no_script(call.encoded))
        start = last_word_start(cmd, words)
        if start is None:
            return self._keep(cmd, tool, field, kept, "the PowerShell script's POSIX quoting could not be followed")
        self._keep(cmd[:start], tool, field, kept, "the placeholder is on the PowerShell command line, outside its script")
        inner_kept: list[Kept] = []
        inner = self._command(words[-1], sink, tool, field, inner_kept, POWERSHELL)
        if inner != words[-1]:
            rebuilt = replace_last_word(cmd, start, words, inner)
            if rebuilt is None:
                return self._keep(cmd[start:], tool, field, kept, "restoring would change the command's structure")
            kept.extend(inner_kept)
            return rebuilt
        kept.extend(inner_kept)
        return cmd

    @staticmethod
    def _no_script(encoded: int | None) -> str:
        if encoded is not None:
            return "the PowerShell script is base64-encoded (-EncodedCommand); the placeholder is kept"
        return "the PowerShell command line has no script coatcheck can follow"

    def _raw(self, text: str) -> str:
        """``text`` with every known placeholder restored raw: what the command would look like when it runs."""
        return PLACEHOLDER_RE.sub(lambda m: self._value(m.group()) or m.group(), text)

    def _argv(self, argv: list[str], sink: str, tool: str, field: str, kept: list[Kept]) -> list[str]:
        """An argv list: a shell's script (``sh -c SCRIPT``, ``pwsh -Command SCRIPT``) is shell source in that
        shell's dialect, cmd.exe's command line is never restored; other elements are single arguments (no shell
        parses them), restored raw when the whole command's destinations allow it."""
        dialect = dialect_for(argv[0]) if argv else None
        if dialect is POSIX and len(argv) >= 3 and argv[1] in self.sinks.shell.inline_flags:
            script = self._command(argv[2], sink, tool, f"{field}[2]", kept, POSIX)
            return [*argv[:2], script, *self._argv_elements(argv, 3, sink, tool, field, kept)]
        if dialect is CMD:
            return self._keep_elements(argv, 1, len(argv), tool, field, kept, CMD.refusal)
        if dialect is POWERSHELL:
            return self._powershell_argv(argv, sink, tool, field, kept)
        return self._argv_elements(argv, 0, sink, tool, field, kept)

    def _keep_elements(self, argv: list[str], first: int, last: int, tool: str, field: str, kept: list[Kept], reason: str) -> list[str]:
        for i in range(first, last):
            self._keep(argv[i], tool, f"{field}[{i}]", kept, reason)
        return argv[:last]

    def _powershell_argv(self, argv: list[str], sink: str, tool: str, field: str, kept: list[Kept]) -> list[str]:
        call = powershell_call(argv)
        outside = "the placeholder is on the PowerShell command line, outside its script"
        if call.script is not None and call.script == len(argv) - 1 and call.problem is None:
            head = self._keep_elements(argv, 1, call.script, tool, field, kept, outside)
            return [*head, self._command(argv[call.script], sink, tool, f"{field}[{call.script}]", kept, POWERSHELL)]
        if call.file is not None:  # -File PATH ARGS…: the script's arguments, single arguments as for any program
            head = self._keep_elements(argv, 1, call.file, tool, field, kept, outside)
            return [*head, *self._argv_elements(argv, call.file, sink, tool, field, kept)]
        if call.encoded is not None:
            script = decode_encoded_command(argv[call.encoded]) or ""
            self._keep(script, tool, f"{field}[{call.encoded}]", kept, self._no_script(call.encoded))
            return self._keep_elements(argv, 1, len(argv), tool, field, kept, outside)
        return self._keep_elements(argv, 1, len(argv), tool, field, kept, call.problem or self._no_script(None))

    def _argv_elements(self, argv: list[str], first: int, sink: str, tool: str, field: str, kept: list[Kept]) -> list[str]:
        if not any(PLACEHOLDER_RE.search(a) for a in argv[first:]):
            return argv[first:]
        dest = destinations([self._raw(x) for x in argv], self.sinks.shell)
        return [self._plain(a, lambda ph: self._decide(ph, sink, tool, dest), kept, tool, f"{field}[{i}]") if PLACEHOLDER_RE.search(a) else a
                for i, a in enumerate(argv[first:], first)]

    def _declared_dialect(self, args: dict[str, Any]) -> Dialect | None:
        """The dialect of the shell an argument object names (Codex ``exec_command``'s ``shell``); an unknown
        shell restores nothing."""
        for name in shell_facts().shell_fields:
            program = args.get(name)
            if isinstance(program, str) and program.strip():  # a path, or a program and its options
                return dialect_for(program) or dialect_for(program.split()[0]) or UNKNOWN_SHELL
        return None

    def restore_input(self, tool: str, args: Any) -> tuple[Any, list[Kept]]:
        """A tool call's input object with placeholders restored where they belong, and what was kept."""
        sink = self._sink(tool)
        kept: list[Kept] = []

        def walk(value: Any, path: str, key: str | None, dialect: Dialect | None) -> Any:
            if isinstance(value, str):
                if not PLACEHOLDER_RE.search(value):
                    return value
                if sink in ("shell", "allowed") and key in self.sinks.command_fields:
                    return self._command(value, sink, tool, path, kept, dialect)
                return self._plain(value, lambda ph: self._decide(ph, sink, tool, None), kept, tool, path)
            if isinstance(value, list):
                if sink in ("shell", "allowed") and key in self.sinks.command_fields and all(isinstance(v, str) for v in value):
                    return self._argv(value, sink, tool, path, kept)
                return [walk(v, f"{path}[{i}]", key, dialect) for i, v in enumerate(value)]
            if isinstance(value, dict):
                inner = self._declared_dialect(value) or dialect
                return {k: walk(v, f"{path}.{k}" if path else k, k, inner) for k, v in value.items()}
            return value

        return walk(args, "", None, None), kept

    def restore_arguments(self, tool: str, source: str) -> tuple[str, list[Kept]]:
        """Tool-call arguments given as JSON source (OpenAI): restored JSON source. Unchanged bytes when nothing
        is restored; every placeholder kept when the source is not valid JSON."""
        if not PLACEHOLDER_RE.search(source):
            return source, []
        try:
            args = json.loads(source)
        except ValueError:
            return source, [Kept(m.group(), tool, "arguments", "the arguments are not valid JSON")
                            for m in PLACEHOLDER_RE.finditer(source) if self._value(m.group()) is not None]
        restored, kept = self.restore_input(tool, args)
        if restored == args:
            return source, kept
        return json.dumps(restored, ensure_ascii=False), kept

    def restore_text(self, tool: str, text: str) -> tuple[str, list[Kept]]:
        """Free-text tool input (Responses custom tools such as Codex's ``apply_patch``)."""
        sink = self._sink(tool)
        kept: list[Kept] = []
        if sink in ("shell",):
            return self._command(text, sink, tool, "input", kept), kept
        return self._plain(text, lambda ph: self._decide(ph, sink, tool, None), kept, tool, "input"), kept


def notice(kept: list[Kept]) -> str:
    """One line the agent and the user can read; placeholders and tool names only, never a value."""
    seen: dict[tuple[str, str, str], str] = {}
    for k in kept:
        seen.setdefault((k.placeholder, k.tool, k.field), k.reason)
    parts = [f"{ph} in {tool}.{field} ({why})" for (ph, tool, field), why in list(seen.items())[:5]]
    more = f" and {len(seen) - 5} more" if len(seen) > 5 else ""
    return (f"[coatcheck] kept {len(seen)} placeholder(s) in tool calls instead of the real value: "
            + "; ".join(parts) + more + ". To allow it, add the host or tool to [restore] in the coatcheck policy.")


_NOTICE_RE = re.compile(r"^\[coatcheck\] kept \d+ placeholder\(s\) in tool calls")


def is_notice(text: str) -> bool:
    return bool(_NOTICE_RE.match(text))
