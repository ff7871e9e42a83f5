"""Loaders: other gold formats into the bench JSONL schema (every gold span becomes a MUST_MASK item
whose ``cat`` is the source label; ``dataset`` names the source for macro averages)."""

from __future__ import annotations

from collections.abc import Callable

import csv
import json
from pathlib import Path


def _doc(doc_id: str, text: str, spans: list[tuple[int, int, str]], dataset: str) -> dict:
    items, last = [], -1
    for s, e, label in sorted(spans):
        if not 0 <= s < e <= len(text):
            raise ValueError(f"{dataset}/{doc_id}: span {s}-{e} outside the text ({len(text)} chars)")
        if s < last:
            raise ValueError(f"{dataset}/{doc_id}: overlapping spans at {s}")
        items.append({"start": s, "end": e, "cls": "MUST_MASK", "cat": label, "encoded_of": None})
        last = e
    return {"id": doc_id, "text": text, "dataset": dataset, "items": items}


def load_spans(path: Path, dataset: str | None = None) -> list[dict]:
    """JSONL ``{"id"?, "text", "spans": [{"start", "end", "label"}]}``."""
    dataset = dataset or path.stem
    out = []
    with path.open(encoding="utf-8") as fh:
        for n, line in enumerate(fh, 1):
            if line.strip():
                rec = json.loads(line)
                spans = [(s["start"], s["end"], s.get("label", "PII")) for s in rec.get("spans", [])]
                out.append(_doc(str(rec.get("id", f"{dataset}-{n}")), rec["text"], spans, dataset))
    return out


def load_conll(path: Path, dataset: str | None = None) -> list[dict]:
    """BIO/IOB2 CoNLL: one token per line, the tag in the last column, blank lines between sentences,
    ``-DOCSTART-`` between documents (or one document per sentence when there is none)."""
    dataset = dataset or path.stem
    raw = path.read_text(encoding="utf-8")
    has_docstart = "-DOCSTART-" in raw
    docs: list[list[list[tuple[str, str]]]] = [[]]
    sentence: list[tuple[str, str]] = []
    for line in raw.splitlines() + [""]:
        if line.startswith("-DOCSTART-"):
            if sentence:
                docs[-1].append(sentence)
                sentence = []
            if docs[-1]:
                docs.append([])
            continue
        if not line.strip():
            if sentence:
                docs[-1].append(sentence)
                sentence = []
                if not has_docstart:
                    docs.append([])
            continue
        parts = line.split()
        sentence.append((parts[0], parts[-1]))
    out = []
    for k, sentences in enumerate(d for d in docs if d):
        text, spans, pos = [], [], 0
        open_span: list | None = None
        for si, sent in enumerate(sentences):
            if si:
                text.append("\n")
                pos += 1
            for ti, (tok, tag) in enumerate(sent):
                if ti:
                    text.append(" ")
                    pos += 1
                start, end = pos, pos + len(tok)
                text.append(tok)
                pos = end
                kind, _, label = tag.partition("-")
                if kind in ("B", "S") or (kind == "I" and (open_span is None or open_span[2] != label)):
                    if open_span:
                        spans.append(tuple(open_span))
                    open_span = [start, end, label]
                elif kind in ("I", "E") and open_span:
                    open_span[1] = end
                else:
                    if open_span:
                        spans.append(tuple(open_span))
                    open_span = None
                if kind in ("E", "S") and open_span:
                    spans.append(tuple(open_span))
                    open_span = None
            if open_span:
                spans.append(tuple(open_span))
                open_span = None
        out.append(_doc(f"{dataset}-{k}", "".join(text), spans, dataset))
    return out


def load_creddata(meta: Path, root: Path, dataset: str = "creddata") -> list[dict]:
    """CredData-style meta CSV (FilePath, LineStart, LineEnd, GroundTruth, ValueStart, ValueEnd, Category)
    plus the source files under ``root``; rows with GroundTruth T become items (a whole line when the value
    offsets are -1)."""
    rows: dict[str, list[dict]] = {}
    with meta.open(newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            rows.setdefault(row["FilePath"], []).append(row)
    out = []
    for rel, rs in sorted(rows.items()):
        text = (root / rel).read_text(encoding="utf-8", errors="surrogateescape")
        starts = [0] + [i + 1 for i, c in enumerate(text) if c == "\n"]
        lines = text.split("\n")
        spans = []
        for r in rs:
            if r["GroundTruth"].strip().upper() not in ("T", "TRUE", "1"):
                continue
            ln = int(r["LineStart"]) - 1
            vs, ve = int(r.get("ValueStart") or -1), int(r.get("ValueEnd") or -1)
            if vs < 0 or ve < 0:
                vs, ve = 0, len(lines[ln])
            spans.append((starts[ln] + vs, starts[ln] + ve, r.get("Category") or "secret"))
        out.append(_doc(rel, text, spans, dataset))
    return out


def load_sidecar(directory: Path, dataset: str | None = None, sidecar: str = "annotations.json") -> list[dict]:
    """A directory of files plus ``annotations.json``: ``{"relative/path": [{"start", "end", "label"}]}``
    (files absent from the sidecar are clean documents)."""
    dataset = dataset or directory.name
    ann = json.loads((directory / sidecar).read_text(encoding="utf-8"))
    out = []
    for f in sorted(p for p in directory.rglob("*") if p.is_file() and p.name != sidecar):
        rel = f.relative_to(directory).as_posix()
        spans = [(s["start"], s["end"], s.get("label", "PII")) for s in ann.get(rel, [])]
        out.append(_doc(rel, f.read_text(encoding="utf-8"), spans, dataset))
    return out


LOADERS: dict[str, Callable[[Path, str | None], list[dict]]] = {"spans": load_spans, "conll": load_conll, "sidecar": load_sidecar}
