"""Restore by provenance: which placeholders in a tool call the model wrote become real values.

Restoring into prose shown to the user is safe (the user owns the value). A tool call acts, and whoever steers
the model (a prompt injection in a file it read) can ask it to write a placeholder where the attacker can read
it: a ``WebFetch`` URL, a ``curl`` to a foreign host. So in tool-call inputs a value comes back only where it
belongs (the sink table in ``data/sinks.toml``):

- file writes and local tools: restored
- shell commands: restored, quoted for their shell context, unless the command can reach a host the value was
  never seen with (its provider's hosts, hosts seen beside it, hosts the user allows), or hides its destination
- fetch, sub-agent, MCP and unknown tools: kept, unless the user's policy allows the tool

Every kept placeholder is reported (tool, field, reason) so the gateway can show a notice and write an audit line.
"""

from __future__ import annotations

import fnmatch
import functools
import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..._data import data_path, load_toml
from ...policy import RestoreSettings
from ...vault import PLACEHOLDER_RE, Vault
from .destinations import Destinations, ShellRules, destinations
from .dialects import POSIX, restore_command
from .urls import for_position

LOOPBACK = frozenset({"localhost", "127.0.0.1", "::1", "0.0.0.0", "host.docker.internal"})


@dataclass(frozen=True)
class Sinks:
    kinds: dict[str, str]  # tool name -> sink kind
    command_fields: frozenset[str]
    shell: ShellRules
    provider_hosts: dict[str, tuple[str, ...]]

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
        shells=frozenset(sh["shells"]),
        network_subcommands={k: frozenset(v) for k, v in sh["network_subcommands"].items()},
        needs_no_host=frozenset(sh["needs_no_host"]),
    )
    return Sinks(kinds, frozenset(sh["command_fields"]), rules,
                 {k: tuple(v) for k, v in raw["provider_hosts"].items()})


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

    def _command(self, cmd: str, sink: str, tool: str, field: str, kept: list[Kept]) -> str:
        dest = destinations(self._raw(cmd), self.sinks.shell)
        result = restore_command(cmd, self._value, lambda ph: self._decide(ph, sink, tool, dest), POSIX)
        kept.extend(Kept(ph, tool, field, why) for ph, why in result.kept)
        return result.text

    def _raw(self, text: str) -> str:
        """``text`` with every known placeholder restored raw: what the command would look like when it runs."""
        return PLACEHOLDER_RE.sub(lambda m: self._value(m.group()) or m.group(), text)

    def _argv(self, argv: list[str], sink: str, tool: str, field: str, kept: list[Kept]) -> list[str]:
        """An argv list: a ``sh -c SCRIPT`` script is shell source; other elements are single arguments (no shell
        parses them), restored raw when the whole command's destinations allow it."""
        if len(argv) >= 3 and argv[0].rsplit("/", 1)[-1] in self.sinks.shell.shells and argv[1] in self.sinks.shell.inline_flags:
            script = self._command(argv[2], sink, tool, f"{field}[2]", kept)
            return [*argv[:2], script, *self._argv_elements(argv, 3, sink, tool, field, kept)]
        return self._argv_elements(argv, 0, sink, tool, field, kept)

    def _argv_elements(self, argv: list[str], first: int, sink: str, tool: str, field: str, kept: list[Kept]) -> list[str]:
        if not any(PLACEHOLDER_RE.search(a) for a in argv[first:]):
            return argv[first:]
        dest = destinations([self._raw(x) for x in argv], self.sinks.shell)
        return [self._plain(a, lambda ph: self._decide(ph, sink, tool, dest), kept, tool, f"{field}[{i}]") if PLACEHOLDER_RE.search(a) else a
                for i, a in enumerate(argv[first:], first)]

    def restore_input(self, tool: str, args: Any) -> tuple[Any, list[Kept]]:
        """A tool call's input object with placeholders restored where they belong, and what was kept."""
        sink = self._sink(tool)
        kept: list[Kept] = []

        def walk(value: Any, path: str, key: str | None) -> Any:
            if isinstance(value, str):
                if not PLACEHOLDER_RE.search(value):
                    return value
                if sink in ("shell", "allowed") and key in self.sinks.command_fields:
                    return self._command(value, sink, tool, path, kept)
                return self._plain(value, lambda ph: self._decide(ph, sink, tool, None), kept, tool, path)
            if isinstance(value, list):
                if sink in ("shell", "allowed") and key in self.sinks.command_fields and all(isinstance(v, str) for v in value):
                    return self._argv(value, sink, tool, path, kept)
                return [walk(v, f"{path}[{i}]", key) for i, v in enumerate(value)]
            if isinstance(value, dict):
                return {k: walk(v, f"{path}.{k}" if path else k, k) for k, v in value.items()}
            return value

        return walk(args, "", None), kept

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
