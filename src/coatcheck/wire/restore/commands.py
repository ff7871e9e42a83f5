"""What a POSIX command does with the values in it, read with the shell grammar (``dialects.posix_grammar``): which
hosts it can reach, whether it may reach one it does not name, and whether a value in it is read as code a second
time (``bash -c``, ``ssh host '…'``, ``xargs``, an interpreter's inline code or here-document).

Words are read after quote removal, the way the program receives them (``cu''rl`` is ``curl``, ``$'\\x63url'`` too);
a word with an expansion has no value, and a program named by one may be anything. Facts about programs are data
in ``data/sinks.toml`` (``[shell]``). The default is the careful one: a program whose destination cannot be read is
a network program that may reach any host.
"""

from __future__ import annotations

import functools
import re
import shlex
from dataclasses import dataclass
from urllib.parse import urlsplit

from ..._data import data_path, load_toml
from .credentials import facts as credential_facts
from .destinations import Destinations, ShellRules, flag_values
from .dialects.posix_grammar import Script, SimpleCommand, parse


@dataclass(frozen=True)
class CommandFacts:
    evaluators: frozenset[str]
    destination_env: frozenset[str]
    script_changers: frozenset[str]


@functools.cache
def command_facts() -> CommandFacts:
    sh = load_toml(data_path("sinks.toml"))["shell"]
    return CommandFacts(frozenset(sh["evaluators"]), frozenset(sh["destination_env"]), frozenset(sh["script_changers"]))


def script_changer(script: Script) -> str | None:
    """A command in ``script`` that runs text as code or changes what a later command name means (``trap``,
    ``eval``, ``hash -p``, ``enable -f``, ``alias``, a wrapper): a credential is never restored beside one."""
    facts = command_facts()
    for cmd in script.commands:
        name = program(cmd)
        if name is None:
            return "a command named by an expansion"
        if name in facts.script_changers or name in facts.evaluators and name not in credential_facts().programs:
            return name
    return None


def program(cmd: SimpleCommand) -> str | None:
    """The program a simple command runs (the last part of its path), None when an expansion names it; "" for an
    assignment-only command."""
    if not cmd.words:
        return ""
    value = cmd.words[0].value
    if value is None:
        return None
    name = value.replace("\\", "/").rsplit("/", 1)[-1]
    return name[:-4] if name.lower().endswith(".exe") else name  # Git Bash on Windows: nslookup.exe is nslookup


def unc_host(word: str) -> str | None:
    """The server of a UNC path (``//host/share``, ``\\\\host\\share``): Windows opens it over the network."""
    if not word.startswith(("//", "\\\\")) or word.startswith("///"):
        return None
    host = re.split(r"[/\\@]", word[2:], maxsplit=1)[0].lower()
    return host or None


def _values(cmd: SimpleCommand) -> list[str | None]:
    return [w.value for w in cmd.words]


def _url_host(word: str) -> str | None:
    """The host a URL word connects to ("" when it is not a URL; None when it cannot be read)."""
    i = word.find("://")
    if i < 0:
        return ""
    j = i
    while j > 0 and (word[j - 1].isalnum() or word[j - 1] in "+.-"):
        j -= 1
    try:
        host = urlsplit(word[j:]).hostname
    except ValueError:
        return None
    return host.lower().rstrip(".") if host else None


def _reads_code_from_stdin(args: list[str | None]) -> bool:
    """An interpreter or shell given no script file: it runs what arrives on stdin (a pipe or here-document)."""
    rest = [a for a in args[1:] if a is not None]
    if "-" in rest or "-s" in rest:
        return True
    return not any(not a.startswith("-") for a in rest)


def analyse(script: Script, rules: ShellRules) -> Destinations:
    """Every network destination of every simple command in ``script`` (nested ones included)."""
    facts = command_facts()
    network = False
    hidden = False
    hosts: set[str] = set()
    for cmd in script.commands:
        for a in cmd.assignments:
            if a.name in facts.destination_env:
                network = hidden = True
        for r in cmd.redirects:  # exec 2>/dev/tcp/host/port, … >/dev/udp/…, > //server/share/file
            target = r.target.value if r.target is not None else None
            if target is not None and ("/dev/tcp/" in target or "/dev/udp/" in target):
                network = hidden = True
            elif target is not None and unc_host(target):
                network = True
                hosts.add(unc_host(target) or "")
        for word in cmd.words[1:]:  # export HTTPS_PROXY=…, declare -x PGHOST=…, env http_proxy=…
            if word.value is not None and "=" in word.value and word.value.partition("=")[0] in facts.destination_env:
                network = hidden = True
        name = program(cmd)
        if name == "":
            continue
        args = _values(cmd)
        if name is None or any(a is None for a in args[1:]) and name in rules.network_programs:
            network = hidden = True
            continue
        words = [a for a in args if a is not None]
        if any("/dev/tcp/" in w or "/dev/udp/" in w or "/inet/" in w for w in words):
            network = hidden = True
        for w in words[1:]:
            server = unc_host(w.rpartition("=")[2] if w.startswith("-") else w)
            if server:
                network = True
                hosts.add(server)
        if name in rules.hidden_programs:
            network = hidden = True
            continue
        if name in facts.evaluators:
            inner = {w.rsplit("/", 1)[-1] for w in words[1:]}
            if inner & (rules.network_programs | rules.shells | rules.interpreters | rules.hidden_programs
                        | facts.evaluators) or any("://" in w for w in words):
                network = hidden = True
            continue
        if name in rules.shells or name in rules.interpreters:
            if any(a in rules.inline_flags for a in words[1:]):
                inline = next((i for i, a in enumerate(words) if a in rules.inline_flags), 0)
                if name in rules.shells and inline + 1 < len(words):
                    try:
                        inner_dest = analyse(parse(words[inline + 1]), rules)
                    except ValueError:
                        network = hidden = True
                        continue
                    network |= inner_dest.network
                    hidden |= inner_dest.hidden
                    hosts |= inner_dest.hosts
                else:
                    network = hidden = True
            elif _reads_code_from_stdin(args):
                network = hidden = True
            continue
        subs = rules.network_subcommands.get(name)
        if name not in rules.network_programs or subs is not None and not set(words[1:]) & subs:
            for w in words[1:]:
                h = _url_host(w)
                if h is None:
                    network = hidden = True
                elif h:
                    network = True
                    hosts.add(h)
            continue
        network = True
        found: set[str] = set()
        for w in words[1:]:
            h = _url_host(w)
            if h is None:
                hidden = True
            elif h:
                found.add(h)
        if name in rules.host_flags:
            found |= flag_values(words[1:], rules.host_flags[name])
        if name in rules.ssh_like:
            for w in words[1:]:
                if "@" in w and "://" not in w and not w.startswith("-"):
                    found.add(w.rsplit("@", 1)[-1].split(":", 1)[0].strip("[]").lower())
        if name in rules.positional_host:
            first = next((w for w in words[1:] if not w.startswith("-")), None)
            if first and "://" not in first:
                found.add(first.rsplit("@", 1)[-1].split(":", 1)[0].strip("[]").lower())
        implied = credential_facts().programs.get(name)
        if implied is not None and implied.implied_hosts and not any("://" in w for w in words[1:]):
            found |= set(implied.implied_hosts)  # gh talks to GitHub unless told otherwise (GH_HOST: above)
        if not found and name not in rules.needs_no_host:
            hidden = True
        hosts |= {h for h in found if h}
    return Destinations(network, hosts, hidden)


def reread(script: Script, cmd: SimpleCommand, role: str, index: int, rules: ShellRules) -> str | None:
    """Why a value at this place of ``cmd`` would be read as code a second time (or run as a program), else None."""
    facts = command_facts()
    name = program(cmd)
    if role == "name":
        return "the placeholder would be the program the command runs"
    if name is None:
        return "an expansion names the program the command runs"
    if role == "heredoc":
        if name in rules.shells or name in rules.interpreters or name in facts.evaluators or name in rules.hidden_programs:
            return f"the here-document is read as code by {name}"
        return None
    if role == "assignment":
        if cmd.assignments and index < len(cmd.assignments) and cmd.assignments[index].name in facts.destination_env:
            return "the variable changes where or how the command runs"
        return None
    if name in facts.evaluators or name in rules.hidden_programs:
        return f"{name} hands its arguments to a program that reads them again"
    if name in rules.shells or name in rules.interpreters:
        words = _values(cmd)
        inline = next((i for i, a in enumerate(words) if a in rules.inline_flags), None)
        if inline is not None and role == "argument" and index > inline:
            return f"{name} reads its argument as code"
    return None


def argv_source(argv: list[str]) -> tuple[str, list[int]]:
    """An argv list as one shell command whose i-th word is ``argv[i]``, and where each word starts (so the grammar
    can read argv lists and command strings alike)."""
    parts = [shlex.quote(a) for a in argv]
    starts, pos = [], 0
    for p in parts:
        starts.append(pos)
        pos += len(p) + 1
    return " ".join(parts), starts
