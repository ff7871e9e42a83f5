"""Where a value belongs, read from structure when it is first seen, and where a text came from.

A value's hosts are the host of the URL it is the userinfo or a query value of (``postgres://app:PW@db.host/x``,
``https://hooks.example/?token=…``), plus its provider's API hosts (``toolcalls.provider_hosts``), recorded the
first time the session sees the value. Never from free text near it, from the command that read it or from later
output: all three can be written by whoever steers the model (a line of an attacker's file next to the value in
``grep`` output, a URL in the reading command, an ``echo`` of the value beside a host).

URLs are found by their ``://`` and read with :func:`urllib.parse.urlsplit`; the scan is linear in the text (no
pattern restarts at every letter).
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass, field
from urllib.parse import urlsplit

from .files import file_facts, target_path

_SCHEME_MAX = 32
_URL_MAX = 8192
_URL_END = frozenset(" \t\r\n'\"<>`()[]{}|\\^")


@dataclass(frozen=True)
class Source:
    """Where a text came from: a label (``Read:/repo/.env``, ``Bash``, ``user``); ``untrusted``: someone other than
    the user may have written it. Every tool result is: a fetched page, an MCP answer, but also a dependency's
    README or an issue the agent cats can hold a list of guesses."""

    label: str
    hosts: frozenset[str] = field(default_factory=frozenset)
    untrusted: bool = False
    whole_file: bool = False  # the text is one file, read as a whole: its own structure may name a value's host


@dataclass(frozen=True)
class UrlSpan:
    start: int
    end: int
    host: str
    userinfo: tuple[int, int] | None  # offsets of the userinfo, if any
    query: tuple[int, int] | None  # offsets of the query, if any


def url_spans(text: str) -> list[UrlSpan]:
    """Every URL in ``text`` with a readable host, in order; linear time."""
    out: list[UrlSpan] = []
    i = text.find("://")
    last_end = 0
    while i >= 0:
        j = i
        while j > max(last_end, i - _SCHEME_MAX) and (text[j - 1].isalnum() or text[j - 1] in "+.-"):
            j -= 1
        k = i + 3
        limit = min(len(text), i + _URL_MAX)
        while k < limit and text[k] not in _URL_END:
            k += 1
        if j < i and text[j].isalpha():
            span = _read_url(text, j, i, k)
            if span is not None:
                out.append(span)
        last_end = k
        i = text.find("://", max(k, i + 3))
    return out


def _read_url(text: str, start: int, sep: int, end: int) -> UrlSpan | None:
    url = text[start:end]
    try:
        parts = urlsplit(url)
        host = parts.hostname
    except ValueError:
        return None
    if not host:
        return None
    netloc_start = sep + 3
    netloc_end = netloc_start + len(parts.netloc)
    at = text.rfind("@", netloc_start, netloc_end)
    userinfo = (netloc_start, at) if at >= 0 else None
    q = text.find("?", netloc_end, end)
    h = text.find("#", netloc_end, end)
    query = (q + 1, h if h > q else end) if q >= 0 and (h < 0 or q < h) else None
    return UrlSpan(start, end, host.lower().rstrip("."), userinfo, query)


def structural_hosts(urls: list[UrlSpan], starts: list[int], start: int, end: int) -> set[str]:
    """The host of the URL whose userinfo or query holds ``text[start:end]`` (``starts``: the URLs' start offsets)."""
    i = bisect.bisect_right(starts, start) - 1
    if i < 0:
        return set()
    u = urls[i]
    if end > u.end:
        return set()
    for part in (u.userinfo, u.query):
        if part is not None and part[0] <= start and end <= part[1]:
            return {u.host}
    return set()


UNKNOWN_TOOL = Source("tool", untrusted=True)  # a tool result whose call is not in the history (compacted)


_ENTRY = re.compile(r"^([ \t]*)(?:export[ \t]+)?[\"']?([A-Za-z_][A-Za-z0-9_.-]*)[\"']?[ \t]*[:=][ \t]*[\"']?([^\"'\s#,]*)", re.M)
_HOSTNAME = re.compile(r"(?:[A-Za-z0-9-]+\.)+[A-Za-z]{2,}|\d{1,3}(?:\.\d{1,3}){3}")


def config_hosts(text: str, start: int) -> set[str]:
    """The host a file's own structure gives the value at ``start``: in a config entry ``PREFIX_PASSWORD=…``, a
    sibling ``PREFIX_HOST`` (or ``_SERVER``, ``_URL`` …) in the same block (contiguous lines at the same indentation;
    ``host:`` beside ``password:`` in one YAML mapping). Only for text read from a file as a whole: in mixed output
    (``grep`` over several files) a line next to the value may be anybody's."""
    line_start = text.rfind("\n", 0, start) + 1
    line_end = text.find("\n", start)
    m = _ENTRY.match(text, line_start, line_end if line_end >= 0 else len(text))
    if m is None or m.end(3) < start:
        return set()
    indent, key = m.group(1), m.group(2)
    cut = max(key.rfind("_"), key.rfind("."), key.rfind("-"))
    prefix = key[:cut + 1].lower() if cut >= 0 else ""
    hosts: set[str] = set()
    for direction in (-1, 1):
        pos = line_start
        for _ in range(40):  # a block of at most 40 lines each way
            if direction < 0:
                if pos == 0:
                    break
                prev = text.rfind("\n", 0, pos - 1) + 1
                line = text[prev:pos - 1]
                pos = prev
            else:
                nxt = text.find("\n", pos)
                if nxt < 0:
                    break
                pos = nxt + 1
                end = text.find("\n", pos)
                line = text[pos:end if end >= 0 else len(text)]
            if not line.strip():
                break
            e = _ENTRY.match(line)
            if e is None or e.group(1) != indent:
                continue
            other = e.group(2).lower()
            if other.startswith(prefix) and other[len(prefix):] in file_facts()["host_keys"]:
                value = e.group(3)
                if "://" in value:
                    try:
                        host = urlsplit(value).hostname
                    except ValueError:
                        host = None
                    if host:
                        hosts.add(host.lower())
                elif _HOSTNAME.fullmatch(value):
                    hosts.add(value.lower())
    return hosts


def source_for(tool: str, args: object) -> Source:
    """Where a tool result came from: the tool and the file it read."""
    path = target_path(args)
    label = f"{tool}:{path}" if path else tool
    return Source(label, frozenset(), untrusted=True, whole_file=path is not None and tool in file_facts()["whole_file_readers"])
