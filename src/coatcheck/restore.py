"""Putting originals back: whole texts and chunked streams."""

from __future__ import annotations

import json
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


def restore(text: str, vault: Vault, *, json_string: bool = False) -> RestoreResult:
    """Replace every placeholder ``vault`` knows with its original; report the unknown ones.

    With ``json_string=True`` the text is the inside of a JSON string, and restored values
    are JSON-escaped so the string stays valid.
    """
    out: list[str] = []
    pos = 0
    result = RestoreResult("")
    for m in PLACEHOLDER_RE.finditer(text):
        value = vault.lookup(m.group())
        if value is None:
            result.unknown.append(m.group())
            continue
        out.append(text[pos : m.start()])
        out.append(json_string_escape(value) if json_string else value)
        pos = m.end()
        result.restored += 1
    out.append(text[pos:])
    result.text = "".join(out)
    return result


class StreamRestorer:
    """Restores placeholders in text that arrives in chunks.

    ``feed(chunk)`` returns everything that can safely be emitted, holding back only a
    tail that could still grow into a placeholder; ``flush()`` returns the rest.
    In ``json_string`` mode restored values are JSON-escaped (for tool-call argument deltas).
    """

    def __init__(self, vault: Vault, *, json_string: bool = False) -> None:
        self.vault = vault
        self.json_string = json_string
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
        r = restore(text, self.vault, json_string=self.json_string)
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
