"""Putting originals back: whole texts and chunked streams."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field

from .vault import PLACEHOLDER_MAX_LEN as _MAX_PLACEHOLDER
from .vault import PLACEHOLDER_RE, Vault


def json_string_escape(value: str) -> str:
    """``value`` escaped for the inside of a JSON string literal (no surrounding quotes)."""
    return json.dumps(value, ensure_ascii=False)[1:-1]


@dataclass
class RestoreResult:
    text: str
    restored: int = 0
    unknown: list[str] = field(default_factory=list)
    kept: int = 0


Guard = Callable[[str, int, str], bool]  # (text, offset, placeholder) -> keep the placeholder there


def restore(text: str, vault: Vault, *, json_string: bool = False, keep: Guard | None = None, left: str = "") -> RestoreResult:
    """Replace every placeholder ``vault`` knows with its original; report the unknown ones.

    With ``json_string=True`` the text is the inside of a JSON string, and restored values
    are JSON-escaped so the string stays valid. ``keep(context, offset, placeholder)`` may keep a placeholder
    where it stands (``context`` is ``left + text``, the text before this chunk included).
    """
    out: list[str] = []
    pos = 0
    result = RestoreResult("")
    context = left + text if keep is not None else text
    for m in PLACEHOLDER_RE.finditer(text):
        value = vault.lookup(m.group())
        if value is None:
            result.unknown.append(m.group())
            continue
        if keep is not None and keep(context, len(left) + m.start(), m.group()):
            result.kept += 1
            continue
        out.append(text[pos : m.start()])
        out.append(json_string_escape(value) if json_string else value)
        pos = m.end()
        result.restored += 1
    out.append(text[pos:])
    result.text = "".join(out)
    return result


_CONTEXT = 4096


class StreamRestorer:
    """Restores placeholders in text that arrives in chunks.

    ``feed(chunk)`` returns everything that can safely be emitted, holding back only a
    tail that could still grow into a placeholder; ``flush()`` returns the rest.
    In ``json_string`` mode restored values are JSON-escaped (for tool-call argument deltas).
    """

    def __init__(self, vault: Vault, *, json_string: bool = False, keep: Guard | None = None) -> None:
        self.vault = vault
        self.json_string = json_string
        self.keep = keep
        self._left = ""  # the end of the text already emitted, as the model wrote it (context for ``keep``)
        self._buf = ""
        self.restored = 0
        self.unknown: list[str] = []

    def _hold_from(self, buf: str) -> int:
        last_end = 0
        for m in PLACEHOLDER_RE.finditer(buf, max(0, len(buf) - 2 * _MAX_PLACEHOLDER)):
            last_end = m.end()
        for i in range(max(last_end, len(buf) - _MAX_PLACEHOLDER), len(buf)):
            if not buf[i].isupper():
                continue
            m = PLACEHOLDER_RE.fullmatch(buf, i, partial=True)
            if m is not None and m.partial:
                return i
        return len(buf)

    def _emit(self, text: str) -> str:
        r = restore(text, self.vault, json_string=self.json_string, keep=self.keep, left=self._left)
        if self.keep is not None:
            self._left = (self._left + text)[-_CONTEXT:]
        self.restored += r.restored
        self.unknown.extend(r.unknown)
        return r.text

    def feed(self, chunk: str) -> str:
        self._buf += chunk
        cut = self._hold_from(self._buf)
        ready, self._buf = self._buf[:cut], self._buf[cut:]
        return self._emit(ready)

    def flush(self) -> str:
        ready, self._buf = self._buf, ""
        return self._emit(ready)
