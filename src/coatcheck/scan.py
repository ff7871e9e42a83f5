"""File scanning: findings with line/column, text/JSON/SARIF output."""

from __future__ import annotations

import bisect
import hashlib
import json
import os
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from .errors import ConfigError
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
    fingerprint: str = ""  # a one-way hash of category and value, for baselines (never the value itself)

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
        value = text[s.start : s.end]
        out.append(Finding(path, line, col, end_line, end_col, s.category, s.detector,
                           value if with_values else None, fingerprint(s.category, value)))
    return out


def fingerprint(category: str, value: str) -> str:
    """What a baseline keeps of a finding: a SHA-256 of its category and value (like detect-secrets' hashed
    secrets), so accepted findings are recognised again without the value being written anywhere."""
    return hashlib.sha256(f"coatcheck-baseline-v1\x00{category}\x00{value}".encode("utf-8", "surrogatepass")).hexdigest()


BASELINE_VERSION = 1


def write_baseline(path: Path, findings: list[Finding]) -> None:
    """Accept every current finding: ``{"version", "findings": [{path, category, fingerprint}]}``, sorted, no values.
    A finding is matched by path, category and fingerprint, not by line, so edits elsewhere do not void it."""
    rows = sorted({(norm_path(f.path), f.category, f.fingerprint) for f in findings})
    data = {"version": BASELINE_VERSION, "tool": "coatcheck",
            "findings": [{"path": p, "category": c, "fingerprint": h} for p, c, h in rows]}
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
    os.replace(tmp, path)


def read_baseline(path: Path) -> set[tuple[str, str, str]]:
    """The accepted (path, category, fingerprint) triples; a malformed file is a ConfigError naming it."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        if data.get("version") != BASELINE_VERSION:
            raise ValueError(f"version {data.get('version')!r}, expected {BASELINE_VERSION}")
        return {(str(r["path"]), str(r["category"]), str(r["fingerprint"])) for r in data["findings"]}
    except (OSError, ValueError, KeyError, TypeError, AttributeError) as exc:
        raise ConfigError(f"{path}: not a coatcheck baseline ({exc.__class__.__name__}: {exc})") from None


def norm_path(path: str) -> str:
    """A path as a baseline keeps it: POSIX separators, no leading ``./``."""
    return Path(path).as_posix().removeprefix("./")


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
