"""Where a placeholder sits inside a URL and how a value is written there: one module for every restore path (shell
commands, argv lists, plain tool-call fields)."""

from __future__ import annotations

import re
from urllib.parse import quote

URL_START = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*://")
_UNRESERVED = "-._~"
_PCT_HH = re.compile(r"%[0-9A-Fa-f]{2}")


def url_component(text: str, start: int) -> str | None:
    """If offset ``start`` of ``text`` sits inside a URL, which part: ``userinfo``, ``host``, ``path`` or
    ``query``; None when it is not in a URL."""
    left = start
    while left > 0 and not text[left - 1].isspace() and text[left - 1] not in "'\"<>()`":
        left -= 1
    word = text[left:start]
    m = None
    for m in URL_START.finditer(word):  # noqa: B007 -- the last match is the one wanted
        pass
    if m is None:
        return None
    rest = word[m.end():]
    if any(c in rest for c in "?#"):
        return "query"
    if "/" in rest:
        return "path"
    right = start
    while right < len(text) and not text[right].isspace() and text[right] not in "'\"<>()`/?#":
        right += 1
    if "@" in rest:
        return "host"
    return "userinfo" if "@" in text[start:right] else "host"


def url_encode(value: str, component: str) -> str | None:
    """Percent-encode what ``component`` cannot hold literally; existing ``%HH`` escapes are kept as they are
    (the vault holds a value as it was written in its URL). None for a host that is not a plain host name."""
    if component == "host":
        return value if re.fullmatch(r"[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\]", value) else None
    safe = _UNRESERVED + ("!$&'()*+,;=" if component == "userinfo" else "!$'()*+,;:@/")
    out, pos = [], 0
    for m in _PCT_HH.finditer(value):
        out.append(quote(value[pos:m.start()], safe=safe))
        out.append(m.group())
        pos = m.end()
    out.append(quote(value[pos:], safe=safe))
    return "".join(out)


def for_position(text: str, start: int, value: str) -> str | None:
    """``value`` as it must be written at offset ``start`` of ``text``: percent-encoded where it lands inside a
    URL, unchanged elsewhere; None where it cannot be written (a host that is not a plain host name)."""
    component = url_component(text, start)
    return url_encode(value, component) if component else value
