"""Server-sent events: an incremental parser over byte chunks and the serializer we re-emit with.

Every re-emitted event keeps its ``event:`` line (the Anthropic SDKs dispatch on it and silently drop frames
without one); comment lines and unknown fields are passed through as they came.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from dataclasses import dataclass, field


@dataclass
class Event:
    event: str | None = None
    data: str | None = None
    other: list[str] = field(default_factory=list)  # id:, retry:, comments (": ping") as raw lines

    def encode(self) -> bytes:
        lines = list(self.other)
        if self.event is not None:
            lines.append(f"event: {self.event}")
        if self.data is not None:
            lines.extend(f"data: {part}" for part in self.data.split("\n"))
        return ("\n".join(lines) + "\n\n").encode("utf-8")


def json_event(name: str | None, payload: object) -> Event:
    """An event whose data is ``payload`` as compact JSON (non-ASCII kept as is)."""
    return Event(name, json.dumps(payload, ensure_ascii=False, separators=(",", ":")))


class SSEParser:
    """Feed bytes, get complete events. Handles \\n, \\r\\n and \\r line ends and events split across chunks."""

    def __init__(self) -> None:
        self._buf = b""

    def feed(self, chunk: bytes) -> list[Event]:
        self._buf += chunk
        events: list[Event] = []
        while True:
            cut, sep_len = self._boundary()
            if cut < 0:
                return events
            raw, self._buf = self._buf[:cut], self._buf[cut + sep_len :]
            ev = self._parse(raw.decode("utf-8"))
            if ev is not None:
                events.append(ev)

    def flush(self) -> list[Event]:
        raw, self._buf = self._buf, b""
        ev = self._parse(raw.decode("utf-8", "replace")) if raw.strip() else None
        return [ev] if ev else []

    def _boundary(self) -> tuple[int, int]:
        best = (-1, 0)
        for sep in (b"\r\n\r\n", b"\n\n", b"\r\r"):
            i = self._buf.find(sep)
            if i >= 0 and (best[0] < 0 or i < best[0]):
                best = (i, len(sep))
        return best

    @staticmethod
    def _parse(raw: str) -> Event | None:
        ev = Event()
        data: list[str] = []
        for line in raw.replace("\r\n", "\n").replace("\r", "\n").split("\n"):
            if line.startswith("event:"):
                ev.event = line[6:].lstrip(" ")
            elif line.startswith("data:"):
                data.append(line[5:][1:] if line[5:].startswith(" ") else line[5:])
            elif line:
                ev.other.append(line)
        if data:
            ev.data = "\n".join(data)
        return ev if (ev.event is not None or ev.data is not None or ev.other) else None


async def events(chunks: AsyncIterator[bytes]) -> AsyncIterator[Event]:
    parser = SSEParser()
    async for chunk in chunks:
        for ev in parser.feed(chunk):
            yield ev
    for ev in parser.flush():
        yield ev
