"""coatcheck's own notices in the clients' transcripts: signed so that they are recognised after a restart, cut
out of the history before it goes upstream, and carried to the turn's final answer (the text a user sees).

A notice is one line (``[coatcheck] kept …``, :func:`coatcheck.wire.restore.toolcalls.notice`) that ends in a short
tag: an HMAC of the line under the gateway's notice key, which persists with the vault key. The model never wrote
such a line, so a history entry that is one (or ends in some) is coatcheck's, whatever the process that wrote it;
a line that merely looks like one and carries no valid tag is the model's and goes upstream as it is.

The clients print only the final answer of a turn (``claude -p`` the last text block, ``codex exec -o`` the last
agent message), so the notices of a turn's earlier tool calls, found in the request's history (:class:`Turn`), are
appended to the final answer's last text as well.
"""

from __future__ import annotations

import hashlib
import hmac
import re
from collections.abc import Callable
from typing import Any
from contextvars import ContextVar
from dataclasses import dataclass, field

PREFIX = "[coatcheck] "
SEPARATOR = "\n\n"  # between the model's text and the notices appended to it
TAG_RE = re.compile(r" \(coatcheck notice ([0-9a-f]{12})\)\Z")
TAG_CHARS = 12
NOTICE_LABEL = b"coatcheck notice\x00"


def notice_key(key: bytes) -> bytes:
    """The key notices are signed with, derived from a session or gateway key."""
    return hmac.new(key, NOTICE_LABEL, hashlib.sha256).digest()


def _mac(key: bytes, line: str) -> str:
    return hmac.new(key, line.encode("utf-8", "surrogatepass"), hashlib.sha256).hexdigest()[:TAG_CHARS]


def sign(key: bytes, line: str) -> str:
    """``line`` with its tag appended."""
    return f"{line} (coatcheck notice {_mac(key, line)})"


def signed(key: bytes, line: str) -> bool:
    """True when ``line`` is one notice line whose tag is valid under ``key``."""
    if not line.startswith(PREFIX) or "\n" in line:
        return False
    m = TAG_RE.search(line)
    return m is not None and hmac.compare_digest(m.group(1), _mac(key, line[: m.start()]))


def split_appended(text: str, ours: Callable[[str], bool]) -> tuple[str, list[str]] | None:
    """``text`` as (the model's text, the notices appended to it) when it ends in notice lines ``ours`` accepts
    (after :data:`SEPARATOR`, or all of it); None when it ends in none."""
    if not text.endswith(")"):
        return None
    cut = text.rfind(SEPARATOR + PREFIX)
    candidates = [(text[:cut], text[cut + len(SEPARATOR):])] if cut >= 0 else []
    if text.startswith(PREFIX):
        candidates.append(("", text))
    for head, tail in candidates:
        lines = tail.split("\n")
        if lines and all(ours(line) for line in lines):
            return head, lines
    return None


def split_parts(parts: list[Any], ours: Callable[[str], bool], is_text: Callable[[dict], bool]) -> tuple[list[Any], list[str]]:
    """A content list with the notices appended to its text parts cut off (a part that was only notices dropped),
    and those notice lines. ``is_text`` says which dict parts hold a ``text`` string to look at."""
    kept: list[Any] = []
    found: list[str] = []
    for p in parts:
        cut = split_appended(p["text"], ours) if isinstance(p, dict) and isinstance(p.get("text"), str) and is_text(p) else None
        if cut is not None:
            found += cut[1]
            if not cut[0]:
                continue
            p["text"] = cut[0]
        kept.append(p)
    return kept, found


def appended(text: str, lines: list[str]) -> str:
    """``text`` with notice ``lines`` appended (the lines alone when ``text`` is empty)."""
    tail = "\n".join(lines)
    return text + SEPARATOR + tail if text else tail


@dataclass
class Turn:
    """What one request's history says about the current turn: the notices coatcheck showed in it so far (found
    while the history is masked), to be repeated in the turn's final answer."""

    earlier: list[str] = field(default_factory=list)

    def note(self, lines: list[str]) -> None:
        for line in lines:
            if line not in self.earlier:
                self.earlier.append(line)

    def recap(self, now: list[str]) -> list[str]:
        """The notices a final answer shows: the turn's earlier ones, then this response's own."""
        return self.earlier + [n for n in now if n not in self.earlier]


_turn: ContextVar[Turn | None] = ContextVar("coatcheck_turn", default=None)


def current_turn() -> Turn:
    """The turn of the request being handled (a throw-away one outside a request)."""
    turn = _turn.get()
    return turn if turn is not None else Turn()


def begin_turn() -> Turn:
    """A fresh :class:`Turn` for the request being handled (the gateway calls it before masking the body; worker
    threads see it through the copied context)."""
    turn = Turn()
    _turn.set(turn)
    return turn
