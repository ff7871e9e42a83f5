"""Which network destinations a command names, read with the facts about programs in ``data/sinks.toml``: the
regex reading used for PowerShell scripts (POSIX commands are read with the shell grammar, ``commands.py``)."""

from __future__ import annotations

import re
import shlex
from collections.abc import Iterable
from dataclasses import dataclass

from .urls import URL_START

_URL_HOST = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*://(?:[^/\s'\"@]*@)?(\[[0-9A-Fa-f:.]+\]|[^/\s'\":?#\\]+)")
_AT_HOST = re.compile(r"(?<![\w.+-])[\w.+-]+@(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*)(?=[:\s'\"]|$)")
_DEV_TCP = re.compile(r"/dev/(?:tcp|udp)/([^/\s]+)/")
_UNC = re.compile(r"(?:^|[\s'\"(=,+])(?:\\\\|//)([A-Za-z0-9][A-Za-z0-9.-]*)")  # \\server\share, //server/share
_WORD = re.compile(r"[A-Za-z0-9_.+/-]+")


@dataclass
class Destinations:
    network: bool  # the command can reach the network
    hosts: set[str]  # the hosts it names
    hidden: bool  # it may reach a host it does not name (inline code, a variable, a decoded string)


def destinations(cmd: str | list[str], rules: ShellRules) -> Destinations:
    """Which network destinations a command (shell source or an argv list) names. Conservative: a network
    program named anywhere makes it a network command; one whose host cannot be read is ``hidden``."""
    text = cmd if isinstance(cmd, str) else " ".join(cmd)
    words = [w.rsplit("/", 1)[-1] for w in _WORD.findall(text)]
    words = [w[:-4] if w.lower().endswith(".exe") else w for w in words]  # nslookup.exe is nslookup
    wordset = set(words)
    programs = set()
    for w in wordset & rules.network_programs:
        subs = rules.network_subcommands.get(w)
        if subs is None or wordset & subs:
            programs.add(w)
    hosts = {h.strip("[]").lower() for h in _URL_HOST.findall(text)}
    hosts |= {h.lower() for h in _DEV_TCP.findall(text)}
    hosts |= {h.lower() for h in _UNC.findall(text)}
    if re.search(r"""['"](?:\\\\|//)['"]""", text):  # a UNC path put together at run time ('\\' + … )
        return Destinations(True, hosts, True)
    try:
        argv = cmd if isinstance(cmd, list) else shlex.split(text, comments=False)
    except ValueError:
        argv = text.split()
    if programs & rules.ssh_like:
        hosts |= {h.strip("[]").lower() for h in _AT_HOST.findall(text)}
    for i, tok in enumerate(argv):
        base = tok.rsplit("/", 1)[-1]
        if base in programs and base in rules.host_flags:
            hosts |= flag_values(argv[i + 1:], rules.host_flags[base])
        if base in programs and base in rules.positional_host:
            first = next((a for a in argv[i + 1:] if not a.startswith("-")), None)
            if first and not URL_START.match(first):
                hosts.add(first.rsplit("@", 1)[-1].split(":", 1)[0].strip("[]").lower())
    hidden = bool(wordset & rules.interpreters) and any(a in rules.inline_flags for a in argv + text.split())
    hidden = hidden or bool(wordset & rules.hidden_programs) or bool(wordset & rules.decoders and wordset & rules.shells)
    network = bool(programs) or bool(hosts) or hidden or "/dev/tcp/" in text or "/dev/udp/" in text
    if programs - rules.needs_no_host and not hosts:
        hidden = True  # a network program whose destination we could not read
    if programs and re.search(r"\$[{(]?[A-Za-z_]", text):
        hidden = True  # a destination may come from a variable or a substitution
    return Destinations(network, {h for h in hosts if h}, hidden)


def flag_values(args: Iterable[str], flags: frozenset[str]) -> set[str]:
    """The values given to any of ``flags`` (``-h HOST``, ``--host=HOST``, ``-hHOST``), lower case, without a port."""
    out: set[str] = set()
    args = list(args)
    for j, a in enumerate(args):
        if a in flags and j + 1 < len(args):
            out.add(args[j + 1].lower())
        for f in flags:
            if f.startswith("--") and a.startswith(f + "="):
                out.add(a[len(f) + 1:].lower())
            elif not f.startswith("--") and a.startswith(f) and len(a) > len(f) and a[len(f)] != "-":
                out.add(a[len(f):].lower())
    return {h.split(":", 1)[0] if h.count(":") == 1 else h for h in out}


@dataclass(frozen=True)
class ShellRules:
    """Facts about commands, from ``data/sinks.toml``."""

    network_programs: frozenset[str]
    ssh_like: frozenset[str]
    positional_host: frozenset[str]
    host_flags: dict[str, frozenset[str]]
    interpreters: frozenset[str]
    inline_flags: frozenset[str]
    hidden_programs: frozenset[str]
    decoders: frozenset[str]
    shells: frozenset[str]
    network_subcommands: dict[str, frozenset[str]]
    needs_no_host: frozenset[str]  # network programs that default to the local machine (psql, mysql, redis-cli)
