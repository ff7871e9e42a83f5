"""Hosts a value is seen with, read from the text around it at mask time.

A value's "seen with" hosts are the host of a URL in its config block (``DATABASE_URL=postgres://…@db.host``),
a host named under a host-like key nearby (``DB_HOST=db.internal``, ``host: db.internal``) and the hosts of the
command or URL its text came from (the output of ``curl https://api.x.example``). The block is the run of
non-blank lines around the value, at most a few lines and a few thousand characters each way, so the scan is
linear in the text.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

_URL_HOST = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*://(?:[^/\s'\"@]*@)?(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9.-]+)")
# starts at the keyword (a leading [\w.-]* made every position a match start: 17 ms per 30 KB)
_KEYED_HOST = re.compile(
    r"(?i)(?:host|hostname|server|endpoint|domain|addr|address|url|uri)[\w-]*[\"']?\s*[:=]\s*[\"']?"
    r"((?:[A-Za-z0-9-]+\.)+[A-Za-z]{2,}|\d{1,3}(?:\.\d{1,3}){3})\b")
_FLAG_HOST = re.compile(r"(?:^|\s)(?:-h|--host(?:=|\s))\s*((?:[A-Za-z0-9-]+\.)+[A-Za-z]{2,}|\d{1,3}(?:\.\d{1,3}){3})\b")
_BLOCK_LINES = 8
_BLOCK_CHARS = 4000


@dataclass(frozen=True)
class Source:
    """Where a text came from: a label (``Read:/repo/.env``, ``Bash``, ``user``) and the hosts it came from."""

    label: str
    hosts: frozenset[str] = field(default_factory=frozenset)


def hosts_in(text: str) -> set[str]:
    """Hosts named in ``text`` by URL, host-like key or ``-h``/``--host`` flag (lower case)."""
    return {h for _, h in host_positions(text)}


def host_positions(text: str) -> list[tuple[int, str]]:
    """``(offset, host)`` for every host ``hosts_in`` would find, so one scan serves every value in a text."""
    out = [(m.start(1), m.group(1).strip("[]").lower()) for m in _URL_HOST.finditer(text)]
    out += [(m.start(1), m.group(1).lower()) for m in _KEYED_HOST.finditer(text)]
    out += [(m.start(1), m.group(1).lower()) for m in _FLAG_HOST.finditer(text)]
    return [(i, h) for i, h in out if "." in h or ":" in h]


def hosts_near(text: str, start: int, end: int, positions: list[tuple[int, str]]) -> set[str]:
    """The hosts of ``positions`` (from ``host_positions(text)``) that lie in the block around ``text[start:end]``."""
    lo, hi = block_bounds(text, start, end)
    return {h for i, h in positions if lo <= i < hi}


def block_bounds(text: str, start: int, end: int) -> tuple[int, int]:
    """Offsets of the run of non-blank lines around ``text[start:end]`` (bounded)."""
    lo = start
    floor = max(0, start - _BLOCK_CHARS)
    lines = 0
    while lo > floor:
        nl = text.rfind("\n", floor, lo - 1) if lo > 0 else -1
        prev_start = nl + 1 if nl >= 0 else floor
        if not text[prev_start:lo].strip() or lines >= _BLOCK_LINES:
            break
        lo = prev_start
        lines += 1
        if nl < 0:
            break
    hi = end
    ceil = min(len(text), end + _BLOCK_CHARS)
    lines = 0
    while hi < ceil:
        nl = text.find("\n", hi + 1, ceil)
        nxt = nl if nl >= 0 else ceil
        if not text[hi:nxt].strip() and hi != end or lines >= _BLOCK_LINES:
            break
        hi = nxt
        lines += 1
        if nl < 0:
            break
    return lo, hi


def source_for(tool: str, args: object) -> Source:
    """Where a tool result came from: the tool, the file it read, the hosts its command or URL named."""
    if not isinstance(args, dict):
        return Source(tool)
    path = next((args[k] for k in ("file_path", "path", "notebook_path", "filename") if isinstance(args.get(k), str)), None)
    text = " ".join(str(args[k]) for k in ("command", "cmd", "url", "query") if k in args)
    label = f"{tool}:{path}" if path else tool
    return Source(label, frozenset(hosts_in(text)))
