"""File scanning: findings with line/column, text/JSON/SARIF output."""

from __future__ import annotations

import bisect
import os
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from .masker import Masker

SKIP_DIRS = frozenset({".git", ".hg", ".svn", "node_modules", "__pycache__", ".venv", "venv", ".tox", ".mypy_cache"})


@dataclass(frozen=True)
class Finding:
    path: str
    line: int
    col: int
    end_line: int
    end_col: int
    category: str
    detector: str
    value: str | None = None

    def as_dict(self, with_value: bool = False) -> dict:
        d = {"path": self.path, "line": self.line, "col": self.col, "end_line": self.end_line,
             "end_col": self.end_col, "category": self.category, "detector": self.detector}
        if with_value:
            d["value"] = self.value
        return d


def iter_files(paths: Iterable[Path]) -> Iterator[Path]:
    for p in paths:
        if p.is_dir():
            for root, dirs, files in os.walk(p):
                dirs[:] = sorted(d for d in dirs if d not in SKIP_DIRS)
                for name in sorted(files):
                    yield Path(root) / name
        else:
            yield p


def scan_text(masker: Masker, text: str, path: str, *, with_values: bool = False) -> list[Finding]:
    starts = [0] + [i + 1 for i, c in enumerate(text) if c == "\n"]

    def pos(offset: int) -> tuple[int, int]:
        line = bisect.bisect_right(starts, offset) - 1
        return line + 1, offset - starts[line] + 1

    out = []
    for s in masker.detect(text):
        line, col = pos(s.start)
        end_line, end_col = pos(s.end)
        out.append(Finding(path, line, col, end_line, end_col, s.category, s.detector,
                           text[s.start : s.end] if with_values else None))
    return out


def to_sarif(findings: list[Finding], version: str, with_values: bool = False) -> dict:
    """SARIF 2.1.0: one rule per detector, one result per finding, never the value unless asked."""
    detectors = sorted({f.detector for f in findings})
    results = []
    for f in findings:
        message = f"{f.category} found by {f.detector}" + (f": {f.value}" if with_values else "")
        results.append({
            "ruleId": f.detector,
            "level": "error" if f.category == "secret" else "warning",
            "message": {"text": message},
            "properties": {"category": f.category},
            "locations": [{"physicalLocation": {
                "artifactLocation": {"uri": Path(f.path).as_posix()},
                "region": {"startLine": f.line, "startColumn": f.col, "endLine": f.end_line, "endColumn": f.end_col},
            }}],
        })
    return {
        "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
        "version": "2.1.0",
        "runs": [{
            "tool": {"driver": {"name": "coatcheck", "version": version,
                                "rules": [{"id": d, "shortDescription": {"text": d}} for d in detectors]}},
            "results": results,
        }],
    }
