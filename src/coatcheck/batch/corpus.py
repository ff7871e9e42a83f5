"""The corpus side of a batch run: which input files, in which format, and what each gave (:class:`FileReport`,
:func:`summary`: counts, labels and ids only, never a value)."""

from __future__ import annotations

import csv
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..errors import InputError


@dataclass
class FileReport:
    """What one input file gave: documents, characters, counts per category, failed lines (number, id)."""

    source: str
    output: str
    documents: int = 0
    chars: int = 0
    counts: Counter[str] = field(default_factory=Counter)
    failures: list[tuple[int, str]] = field(default_factory=list)
    skipped: bool = False  # finished by an earlier run


FORMATS = {".jsonl": "jsonl", ".ndjson": "jsonl", ".csv": "csv", ".tsv": "csv", ".parquet": "parquet",
           ".txt": "document", ".md": "document", ".docx": "document", ".pdf": "document"}
# a whole file is one document (coatcheck/documents.py); a Word or PDF file's masked text is written as NAME.txt
SUFFIXES = ", ".join(FORMATS)


def format_of(path: Path | str) -> str:
    """``jsonl``, ``csv``, ``parquet`` or ``document``, from the file name's suffix."""
    kind = FORMATS.get(Path(path).suffix.lower())
    if kind is None:
        raise InputError(f"{path}: not a {SUFFIXES} file")
    return kind


def input_files(inputs: list[str]) -> list[tuple[Path, Path]]:
    """``(file, relative name)`` for every input file named, found under a directory (by suffix), or matched by a glob."""
    out: list[tuple[Path, Path]] = []
    for spec in inputs:
        p = Path(spec)
        if p.is_dir():
            out += [(f, f.relative_to(p)) for f in sorted(p.rglob("*")) if f.is_file() and f.suffix.lower() in FORMATS]
        elif p.is_file():
            format_of(p)
            out.append((p, Path(p.name)))
        else:
            matches = sorted(Path().glob(spec)) if any(c in spec for c in "*?[") else []
            if not matches:
                raise InputError(f"{spec}: no such file, directory or matching glob")
            out += [(f, Path(f.name)) for f in matches if f.is_file() and f.suffix.lower() in FORMATS]
    return out


def csv_dialect(path: Path) -> tuple[type[csv.Dialect], str]:
    """The file's dialect (comma for .csv, tab for .tsv) and line ending, as written, so output matches input."""
    with path.open("rb") as fh:
        first = fh.readline()
    ending = "\r\n" if first.endswith(b"\r\n") or not first.endswith(b"\n") else "\n"
    return (csv.excel_tab if path.suffix.lower() == ".tsv" else csv.excel), ending


def summary(reports: list[FileReport], seconds: float) -> dict[str, Any]:
    """The run's report: documents, characters, counts per category, failures by file, throughput."""
    counts: Counter[str] = Counter()
    for r in reports:
        counts.update(r.counts)
    chars = sum(r.chars for r in reports)
    return {
        "files": len(reports), "skipped_files": sum(r.skipped for r in reports),
        "documents": sum(r.documents for r in reports), "characters": chars, "counts": dict(sorted(counts.items())),
        "failures": {r.source: [{"line": n, "id": i} for n, i in r.failures] for r in reports if r.failures},
        "seconds": round(seconds, 3), "mb_per_second": round(chars / 1e6 / seconds, 3) if seconds > 0 else None,
        "when": time.strftime("%Y-%m-%dT%H:%M:%S"),
    }
