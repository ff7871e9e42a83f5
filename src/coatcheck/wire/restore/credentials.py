"""Credential positions: where in a command a secret may be restored under ``[restore] secrets = "credentials"``.

A secret comes back only as a credential of a request to its own host: a credential header, ``-u``, a password
option, the userinfo of a URL, a token variable set for a program (``GH_TOKEN=… gh api /user``) — and only when
that program is one whose options are known (``[credentials.programs]`` in ``data/sinks.toml``), every option it is
given is one of them, and every place it connects to (URLs, host options, host variables, the hosts it implies) is
a host the value belongs to or this machine. Anything else keeps the placeholder: printing or transforming it
(``echo``, ``rev``, ``base64``), a proxy or ``--connect-to``, an option nobody listed, a variable, a glob.

Commands are read with the shell grammar (``dialects.posix_grammar``): words after quote removal, the way the
program receives them, so ``cu''rl`` is ``curl`` and ``"https://api.github.com"@evil`` is one word. URLs are read
with :func:`urllib.parse.urlsplit`, host before ``?`` and ``#``.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from urllib.parse import parse_qsl, urlsplit

from ..._data import data_path, load_toml
from .dialects.posix_grammar import Script, SimpleCommand, Word


_OVERRIDES = frozenset({"host", "hostaddr", "service", "servicefile", "options", "port"})


@dataclass(frozen=True)
class Program:
    """What is known about one program's command line (one ``[credentials.programs.NAME]`` table)."""

    name: str
    urls: str = ""  # "positional", "first-positional", "conninfo" or "" (no URL arguments)
    url_options: frozenset[str] = frozenset()
    schemes: frozenset[str] = frozenset({"http", "https"})
    credential_options: frozenset[str] = frozenset()
    header_options: frozenset[str] = frozenset()
    host_options: frozenset[str] = frozenset()
    conninfo_options: frozenset[str] = frozenset()
    code_options: frozenset[str] = frozenset()
    value_options: frozenset[str] = frozenset()
    flags: frozenset[str] = frozenset()
    subcommands: frozenset[str] = frozenset()
    env: frozenset[str] = frozenset()
    host_env: frozenset[str] = frozenset()
    implied_hosts: tuple[str, ...] = ()
    default_host: str = ""
    any_arguments: bool = False
    forbidden_options: frozenset[str] = frozenset()
    no_urls: bool = False
    globbing: bool = False
    nested: dict[str, frozenset[str]] = field(default_factory=dict)  # subcommand -> its own subcommands
    redirects: str = "never"  # "never", "with" (follows redirects when given one of redirect_flags), "unless"
    redirect_flags: frozenset[str] = frozenset()  # (follows them unless given one of these)
    redirect_safe_headers: frozenset[str] = frozenset()  # headers the program drops on a redirect to another host


@dataclass(frozen=True)
class Facts:
    headers: frozenset[str]
    programs: dict[str, Program]


@functools.cache
def facts() -> Facts:
    raw = load_toml(data_path("sinks.toml"))["credentials"]
    programs = {}
    for name, spec in raw["programs"].items():
        kw = {k: (frozenset(v) if isinstance(v, list) and k not in ("implied_hosts",) else tuple(v) if isinstance(v, list) else v)
              for k, v in spec.items() if k != "nested"}
        kw["nested"] = {k: frozenset(v) for k, v in spec.get("nested", {}).items()}
        programs[name] = Program(name=name, **kw)  # type: ignore[arg-type]
    return Facts(frozenset(raw["headers"]), programs)


@dataclass
class _Reading:
    """One command line read against its program's facts."""

    hosts: list[str]
    credential_words: dict[int, str]  # word index -> the option value there that is a credential
    header_words: dict[int, str]  # word index -> the header argument there
    url_words: set[int]  # word indexes that are URLs (their userinfo is a credential position)
    problem: str | None = None


_SYSTEM_BIN = ("/usr/bin/", "/bin/", "/usr/local/bin/", "/opt/homebrew/bin/")


def _program_name(word: Word) -> str | None:
    """The program a command word runs when it is one the system provides: a bare name, or a path in a system
    directory (``./curl`` or ``/tmp/x/curl`` is whatever an earlier call wrote there)."""
    value = word.value
    if value is None or ("/" in value or "\\" in value) and not value.startswith(_SYSTEM_BIN):
        return None
    name = value.rsplit("/", 1)[-1]
    return name[:-4] if name.lower().endswith(".exe") else name


def _host_of_url(url: str, program: Program) -> str | None:
    """The host a URL argument connects to, or None when it cannot be read safely."""
    if "://" not in url:
        if program.urls == "conninfo":
            return None
        url = "http://" + url  # curl and wget guess http:// for a bare host
    authority = url[url.find("://") + 3:].split("/", 1)[0]
    if "@" in authority and (any(c in authority[:authority.rfind("@")] for c in "?#;\\") or authority.count("@") > 1):
        # where the authority ends is read differently by different programs (libpq takes "host?@evil" as a user
        # name, old wget a ";"): an "@" after any of them is refused rather than guessed
        return None
    try:
        parts = urlsplit(url)
        host = parts.hostname
        parts.port  # noqa: B018 -- raises on a malformed port
    except ValueError:
        return None
    if parts.scheme.lower() not in program.schemes or not host:
        return None
    if "," in parts.netloc or _OVERRIDES.intersection(k.lower() for k, _ in parse_qsl(parts.query)):
        return None  # a host list, or query parameters that name another host (libpq: ?host=, ?hostaddr=)
    if program.globbing and any(c in url for c in "{}[]"):
        return None
    return host.lower().rstrip(".")


def _read(cmd: SimpleCommand, program: Program) -> _Reading:
    r = _Reading([], {}, {}, set())
    words = cmd.words
    i = 1
    positional: list[int] = []
    globoff = False
    only_positional = False
    while i < len(words):
        value = words[i].value
        if value is None:
            r.problem = "part of the command is decided when it runs"
            return r
        if only_positional or not value.startswith("-") or value == "-":
            positional.append(i)
            i += 1
            continue
        if value == "--":
            only_positional = True
            i += 1
            continue
        takes = (program.value_options | program.credential_options | program.header_options | program.host_options
                 | program.url_options | program.conninfo_options | program.code_options)
        if value in program.flags:
            globoff = globoff or value in ("-g", "--globoff")
            i += 1
            continue
        name, eq, inline = value.partition("=") if value.startswith("--") else (value, "", "")
        if not value.startswith("--") and len(value) > 2 and value not in takes:
            # a cluster of one-letter options (-sSL), maybe ending in one that takes the rest as its value (-XPOST)
            j = 1
            while j < len(value) and "-" + value[j] in program.flags:
                j += 1
            if j == len(value):
                i += 1
                continue
            name = "-" + value[j]
            inline = value[j + 1:]
            eq = "=" if inline else ""
        if name in program.forbidden_options:
            r.problem = f"{program.name} is given {name}, which changes where it connects"
            return r
        if program.any_arguments:
            i += 1
            continue
        if name in program.flags and not eq:
            globoff = globoff or name in ("-g", "--globoff")
            i += 1
            continue
        if name not in takes:
            return _problem(r, f"{program.name} is given an option coatcheck does not know ({name[:40]})")
        if eq:
            at, arg = i, inline
            i += 1
        else:
            if i + 1 >= len(words) or words[i + 1].value is None:
                return _problem(r, "part of the command is decided when it runs")
            at, arg = i + 1, words[i + 1].value or ""
            i += 2
        if name in program.credential_options:
            r.credential_words[at] = arg
        elif name in program.header_options:
            r.header_words[at] = arg
        elif name in program.host_options:
            if "," in arg or not arg:  # a host list: libpq tries the next one when the first fails
                return _problem(r, f"{program.name} is given several hosts")
            r.hosts.append(arg.lower())
        elif name in program.conninfo_options:
            if "://" in arg:
                host = _host_of_url(arg, program)
                if host is None:
                    return _problem(r, "a URL in the command cannot be read safely")
                r.hosts.append(host)
            elif "=" in arg:
                return _problem(r, "the connection string's parameters are not read")
        elif name in program.code_options:
            if "\\" in arg or re.search(r"(?i)\b(?:program|system)\b", arg):
                return _problem(r, f"the {program.name} input runs commands of its own")
        elif name in program.url_options:
            if eq:
                r.hosts.append(_host_of_url(arg, program) or "")  # "" is no host: refused below
            else:
                r.url_words.add(at)
    if program.subcommands:
        if not positional or words[positional[0]].value not in program.subcommands:
            return _problem(r, f"that {program.name} subcommand is not one coatcheck knows")
        sub = words[positional[0]].value or ""
        positional = positional[1:]
        if sub in program.nested:  # git remote add|set-url NAME URL: the URL is the last argument
            if len(positional) < 3 or words[positional[0]].value not in program.nested[sub]:
                return _problem(r, f"that {program.name} {sub} subcommand is not one coatcheck knows")
            positional = positional[-1:]
    if program.no_urls and any("://" in (w.value or "") or "@" in (w.value or "") for w in words[1:]):
        return _problem(r, f"the {program.name} command names a URL")
    if program.urls == "positional":
        r.url_words.update(positional)
    elif program.urls == "host":  # docker login [SERVER]: a registry host, no scheme
        if len(positional) > 1:
            return _problem(r, f"{program.name} is given more than one server")
        if positional:
            server = (words[positional[0]].value or "").lower()
            host = _host_of_url("https://" + server, _HTTPS) if "/" not in server and "@" not in server else None
            if host is None:
                return _problem(r, "the server in the command cannot be read safely")
            r.hosts.append(host)
    elif program.urls in ("first-positional", "conninfo") and positional:
        first = positional[0]
        text = words[first].value or ""
        if program.urls == "conninfo" and "://" not in text:
            if "=" in text:
                return _problem(r, "the connection string's parameters are not read")
        else:
            r.url_words.add(first)
    if program.globbing and globoff:
        program = _without_globbing(program)
    for at in sorted(r.url_words):
        host = _host_of_url(words[at].value or "", program)
        if host is None:
            return _problem(r, "a URL in the command cannot be read safely")
        r.hosts.append(host)
    return r


_HTTPS = Program(name="server", schemes=frozenset({"https"}))


@functools.cache
def _without_globbing(program: Program) -> Program:
    return Program(**{**program.__dict__, "globbing": False})


def _problem(r: _Reading, why: str) -> _Reading:
    r.problem = why
    return r


def _follows_redirects(cmd: SimpleCommand, program: Program) -> bool:
    values = {w.value for w in cmd.words[1:] if w.value}
    if program.redirects == "with":
        short = {f[1] for f in program.redirect_flags if len(f) == 2}
        return bool(values & program.redirect_flags) or any(
            v.startswith("-") and not v.startswith("--") and short & set(v[1:]) for v in values)
    if program.redirects == "unless":
        return not values & program.redirect_flags
    return False


def _userinfo_holds(url: str, placeholder: str) -> bool:
    """``placeholder`` sits in the userinfo of ``url`` and nowhere else in it."""
    if "://" not in url:
        return False
    try:
        parts = urlsplit(url)
    except ValueError:
        return False
    userinfo = parts.netloc.rpartition("@")[0]
    return placeholder in userinfo and url.count(placeholder) == userinfo.count(placeholder)


def _header_holds(header: str, placeholder: str, names: frozenset[str]) -> bool:
    name, colon, rest = header.partition(":")
    return bool(colon) and name.strip().lower() in names and placeholder in rest and placeholder not in name


def decide(script: Script, offset: int, placeholder: str, allowed_host: Callable[[str], bool],
           locate: Callable[[Script, int], tuple[SimpleCommand, str, int] | None]) -> str | None:
    """None when the placeholder at ``offset`` of the parsed command is in a credential position of a command whose
    every destination passes ``allowed_host``; else why it stays a placeholder."""
    if script.complex:
        return "the command uses shell constructs coatcheck does not follow"
    found = locate(script, offset)
    if found is None:
        return "a secret is restored only as a credential of a request to its own host"
    cmd, role, index = found
    if not cmd.words:
        return "a secret is restored only as a credential of a request to its own host"
    name = _program_name(cmd.words[0])
    program = facts().programs.get(name or "")
    if program is None:
        return "a secret is restored only as a credential of a request to its own host"
    env_hosts: list[str] = []
    credential_env = False
    for k, a in enumerate(cmd.assignments):
        if a.name in program.host_env:
            if a.word.value is None:
                return "the command's destination is decided when it runs"
            env_hosts.append(a.word.value.lower())
        elif a.name not in program.env:
            return f"the command sets {a.name[:40]}, which may change what it does"
        elif role == "assignment" and index == k:
            credential_env = True
    reading = _read(cmd, program)
    if reading.problem:
        return reading.problem
    if role == "assignment":
        if not credential_env:
            return "a secret is restored only as a credential of a request to its own host"
    elif role != "argument":
        return "a secret is restored only as a credential of a request to its own host"
    else:
        value = cmd.words[index].value or ""
        if placeholder in reading.credential_words.get(index, ""):
            pass
        elif _header_holds(reading.header_words.get(index, ""), placeholder, facts().headers):
            name = reading.header_words[index].partition(":")[0].strip().lower()
            if _follows_redirects(cmd, program) and name not in program.redirect_safe_headers:
                return (f"{program.name} follows redirects and sends that header to wherever it is sent (only "
                        f"{', '.join(sorted(program.redirect_safe_headers)) or 'no header'} is dropped on another host)")
        elif index in reading.url_words and _userinfo_holds(value, placeholder):
            pass
        else:
            return "a secret is restored only as a credential of a request to its own host"
    hosts = reading.hosts + env_hosts + list(program.implied_hosts)
    if not hosts and program.default_host:
        hosts.append(program.default_host)
    if not hosts:
        return "the command names no destination coatcheck can check"
    foreign = sorted({h for h in hosts if not allowed_host(h)})
    if foreign:
        return f"the value was never seen with {', '.join(foreign[:3])}"
    return None
