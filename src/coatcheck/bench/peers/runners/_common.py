"""Shared by every runner (copied next to it at run time; runners execute inside the peer's own venv and
import nothing from coatcheck). Protocol: JSONL {"id", "text"} on stdin; one JSONL
{"id", "spans": [{"start", "end", "label", "score"}]} (or {"id", "error"}) per input on stdout."""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable, Iterable

THRESHOLD = float(os.environ["PEER_THRESHOLD"]) if os.environ.get("PEER_THRESHOLD") else None


def docs() -> Iterable[dict]:
    for line in sys.stdin:
        if line.strip():
            yield json.loads(line)


def emit(doc_id, spans=None, error: str | None = None) -> None:
    rec = {"id": doc_id, "error": error} if error is not None else {"id": doc_id, "spans": spans or []}
    sys.stdout.write(json.dumps(rec) + "\n")
    sys.stdout.flush()


def serve(find: Callable[..., list[dict]]) -> None:
    """``find(text)`` per input; ``find(text, lang)`` for a runner whose ``find`` takes the language, where the input
    names it."""
    import inspect

    takes_lang = len(inspect.signature(find).parameters) > 1
    for d in docs():
        try:
            emit(d["id"], find(d["text"], d["lang"]) if takes_lang and d.get("lang") else find(d["text"]))
        except Exception as exc:  # the document scores as "no output"
            emit(d["id"], error=f"{exc.__class__.__name__}")


def occurrences(text: str, value: str, label: str, score: float = 1.0) -> list[dict]:
    """Spans recovered from a reported value: every occurrence of it in the text."""
    out, i = [], text.find(value) if value else -1
    while i >= 0:
        out.append({"start": i, "end": i + len(value), "label": label, "score": score})
        i = text.find(value, i + 1)
    return out


def line_offsets(text: str) -> list[int]:
    starts = [0]
    for i, c in enumerate(text):
        if c == "\n":
            starts.append(i + 1)
    return starts
