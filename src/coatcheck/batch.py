"""Mask a corpus of JSONL files on every local core (``coatcheck batch``).

Each input file becomes one output file of the same relative name, written to ``NAME.partial`` and renamed
when complete, so a crashed run leaves no file that looks finished and a rerun skips only finished files.
Placeholders come from the vault key: every worker and every run with the same key gives a value the same
placeholder, with no coordination. With ``vault_out`` each input also gets an encrypted vault shard
(``NAME.vault``) holding its placeholder → value pairs, for ``coatcheck restore``; without it masking is one-way.

A line is one document: with ``field`` only that string field is masked; otherwise every string leaf is masked
except protocol structure, the gateway's deny-by-default walk (chat transcripts, Claude Code session lines,
``{"text": …}`` records alike). A line that cannot be masked is reported by its number and id and not written.
"""

from __future__ import annotations

import json
import os
import time
from collections import Counter
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .errors import InputError


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


def input_files(inputs: list[str]) -> list[tuple[Path, Path]]:
    """``(file, relative name)`` for every ``.jsonl`` file named, found under a directory, or matched by a glob."""
    out: list[tuple[Path, Path]] = []
    for spec in inputs:
        p = Path(spec)
        if p.is_dir():
            out += [(f, f.relative_to(p)) for f in sorted(p.rglob("*.jsonl")) if f.is_file()]
        elif p.is_file():
            out.append((p, Path(p.name)))
        else:
            matches = sorted(Path().glob(spec)) if any(c in spec for c in "*?[") else []
            if not matches:
                raise InputError(f"{spec}: no such file, directory or matching glob")
            out += [(f, Path(f.name)) for f in matches if f.is_file()]
    return out


_worker: dict[str, Any] = {}


def _init(key: bytes, policy: str | None) -> None:
    """Per process: one pipeline (rules compiled, model loaded once), reused for every file."""
    from .detect.pipeline import Pipeline
    from .policy import Policy

    pol = Policy.load(policy)
    _worker.update(key=key, policy=pol, pipeline=Pipeline(pol))


def _session(vault_path: Path | None) -> Any:
    from .gateway.sessions import Session
    from .vault import FileStore, Vault

    key = _worker["key"]
    vault = Vault(key, FileStore(vault_path, key)) if vault_path is not None else Vault(key)
    return Session(key, _worker["pipeline"], _worker["policy"], vault=vault)


def _mask_line(doc: Any, session: Any, fld: str | None) -> Any:
    from .gateway.apis.other import mask_generic

    if fld is None:
        return mask_generic(doc, session)
    if not isinstance(doc, dict) or not isinstance(doc.get(fld), str):
        raise InputError(f"no string field {fld!r}")
    doc[fld] = session.mask(doc[fld])
    return doc


def mask_file(src: str, dst: str, fld: str | None, vault_dst: str | None) -> FileReport:
    """Mask one JSONL file into ``dst`` (atomically), its vault shard into ``vault_dst``. Runs in a worker."""
    source, target = Path(src), Path(dst)
    report = FileReport(src, dst)
    target.parent.mkdir(parents=True, exist_ok=True)
    vault_path = Path(vault_dst) if vault_dst is not None else None
    tmp_vault = None
    if vault_path is not None:
        vault_path.parent.mkdir(parents=True, exist_ok=True)
        tmp_vault = vault_path.with_name(vault_path.name + ".partial")
        tmp_vault.unlink(missing_ok=True)
    session = _session(tmp_vault)
    partial = target.with_name(target.name + ".partial")
    with source.open(encoding="utf-8") as fin, partial.open("w", encoding="utf-8") as fout:
        for n, line in enumerate(fin, 1):
            if not line.strip():
                continue
            doc_id = str(n)
            try:
                doc = json.loads(line)
                if isinstance(doc, dict) and "id" in doc:
                    doc_id = str(doc["id"])
                before = Counter(session.counts)
                masked = _mask_line(doc, session, fld)
            except Exception as exc:  # reported by line and id; never written unmasked
                report.failures.append((n, f"{doc_id}: {exc.__class__.__name__}"))
                continue
            fout.write(json.dumps(masked, ensure_ascii=False) + "\n")
            report.documents += 1
            report.chars += len(line)
            report.counts.update(session.counts - before)
        fout.flush()
        os.fsync(fout.fileno())
    if vault_path is not None and tmp_vault is not None:
        os.replace(tmp_vault, vault_path)
    os.replace(partial, target)
    return report


def run(files: list[tuple[Path, Path]], out_dir: Path, key: bytes, *, fld: str | None = None, workers: int | None = None,
        policy: str | None = None, vault_out: Path | None = None) -> Iterator[FileReport]:
    """Mask every ``(file, relative name)`` of :func:`input_files` into ``out_dir``, ``workers`` processes at a time
    (default: every core). Yields a report per file as it finishes; files whose output already exists are skipped
    (a resumed run)."""
    if not files:
        raise InputError("no .jsonl input files found")
    todo: list[tuple[str, str, str | None]] = []
    for src, rel in files:
        dst = out_dir / rel
        if dst.exists():
            yield FileReport(str(src), str(dst), skipped=True)
        else:
            todo.append((str(src), str(dst), str(vault_out / rel.with_suffix(".vault")) if vault_out else None))
    if vault_out is not None:
        vault_out.mkdir(parents=True, exist_ok=True)
    n = max(1, min(workers or os.cpu_count() or 1, len(todo) or 1))
    with ProcessPoolExecutor(n, initializer=_init, initargs=(key, policy)) as pool:
        futures = [pool.submit(mask_file, s, d, fld, v) for s, d, v in todo]
        for fut in futures:
            yield fut.result()


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
