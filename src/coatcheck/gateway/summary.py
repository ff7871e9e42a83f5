"""What a gateway did since it started, for the launchers' exit line: values masked per category, placeholders
kept in tool calls per tool and reason, requests refused per reason. Counts and labels only: a reason is reduced
to its words (:func:`reason_label`), so no host, path or value a reason may name is ever shown."""

from __future__ import annotations

import re
import threading
from collections import Counter
from typing import Any

_NAMED = re.compile(r"\S*[./@:\\\d]\S*")  # words that name something (a host, a path, a number, a value)


def reason_label(reason: str) -> str:
    """``reason`` with every word that names something replaced by ``…`` (``the value was never seen with
    evil.example`` -> ``the value was never seen with …``)."""
    return " ".join(_NAMED.sub("…", reason).split())[:160]


class Summary:
    """Counters, safe to update from the event loop and worker threads."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self.requests = 0
        self.masked: Counter[str] = Counter()
        self.kept: Counter[tuple[str, str]] = Counter()
        self.refused: Counter[str] = Counter()

    def add(self, masked: Counter[str], refused: str | None = None) -> None:
        """One request: the values it masked per category, and why it was refused (None: it was not)."""
        with self._lock:
            self.requests += 1
            self.masked.update(masked)
            if refused:
                self.refused[refused] += 1

    def keep(self, kept: Counter[tuple[str, str]]) -> None:
        """Placeholders kept in one response, by (tool, reason)."""
        with self._lock:
            for (tool, reason), n in kept.items():
                if n > 0:
                    self.kept[(tool, reason_label(reason))] += n

    def as_dict(self) -> dict[str, Any]:
        with self._lock:
            return {"requests": self.requests, "masked": dict(self.masked),
                    "kept": [{"tool": t, "reason": r, "count": n} for (t, r), n in self.kept.most_common()],
                    "refused": dict(self.refused)}
