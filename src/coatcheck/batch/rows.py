"""Mask a corpus of JSONL, CSV and Parquet files on every local core, or on Ray (``coatcheck batch``).

Each input file becomes one output file of the same relative name, written to ``NAME.partial`` and renamed
when complete, so a crashed run leaves no file that looks finished and a rerun skips only finished files.
Placeholders come from the vault key: every worker and every run with the same key gives a value the same
placeholder, with no coordination. With ``vault_out`` each input also gets an encrypted vault shard
(``NAME.jsonl.vault``, ``NAME.csv.vault``…) holding its placeholder → value pairs, for ``coatcheck restore``; without it masking is one-way.

A JSONL line is one document: with ``field`` only that string field is masked; otherwise every string leaf is
masked except protocol structure, the gateway's deny-by-default walk (chat transcripts, Claude Code session lines,
``{"text": …}`` records alike). A CSV or Parquet row is one document: ``field`` names the columns to mask (comma
separated; default every text column), every other column and the schema stay as they are. A document that cannot be
masked is reported by its line or row number and id and not written.
"""

from __future__ import annotations

import csv
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


FORMATS = {".jsonl": "jsonl", ".ndjson": "jsonl", ".csv": "csv", ".tsv": "csv", ".parquet": "parquet"}


def format_of(path: Path | str) -> str:
    """``jsonl``, ``csv`` or ``parquet``, from the file name's suffix."""
    kind = FORMATS.get(Path(path).suffix.lower())
    if kind is None:
        raise InputError(f"{path}: not a .jsonl, .ndjson, .csv, .tsv or .parquet file")
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


_worker: dict[str, Any] = {}


def _init(key: bytes, policy: str | None) -> None:
    """Per process: one pipeline (rules compiled, model loaded once), reused for every file."""
    from .detect.pipeline import Pipeline
    from .policy import Policy

    pol = Policy.load(policy)
    _worker.update(key=key, policy=pol, pipeline=Pipeline(pol))


def _session(vault_path: Path | None) -> Any:
    from .wire.session import TextSession
    from .vault import FileStore, Vault

    key = _worker["key"]
    vault = Vault(key, FileStore(vault_path, key)) if vault_path is not None else Vault(key)
    return TextSession(key, _worker["pipeline"], _worker["policy"], vault=vault)


def _mask_line(doc: Any, session: Any, fld: str | None) -> Any:
    from .wire.apis.generic import mask_generic

    if fld is None:
        return mask_generic(doc, session)
    if not isinstance(doc, dict) or not isinstance(doc.get(fld), str):
        raise InputError(f"no string field {fld!r}")
    doc[fld] = session.mask(doc[fld])
    return doc


def mask_jsonl_line(line: str, n: int, session: Any, fld: str | None, report: FileReport) -> str | None:
    """One JSONL line masked (with its newline), or None when it is blank or failed (then reported)."""
    if not line.strip():
        return None
    doc_id = str(n)
    try:
        doc = json.loads(line)
        if isinstance(doc, dict) and "id" in doc:
            doc_id = str(doc["id"])
        before = Counter(session.counts)
        masked = _mask_line(doc, session, fld)
    except Exception as exc:  # reported by line and id; never written unmasked
        report.failures.append((n, f"{doc_id}: {exc.__class__.__name__}"))
        return None
    report.documents += 1
    report.chars += len(line)
    report.counts.update(session.counts - before)
    return json.dumps(masked, ensure_ascii=False) + "\n"


def mask_row(values: list[Any], cols: list[int], n: int, doc_id: str, session: Any, report: FileReport) -> list[Any] | None:
    """One table row with its text columns ``cols`` masked, or None when masking failed (then reported)."""
    out = list(values)
    before = Counter(session.counts)
    chars = 0
    try:
        for c in cols:
            v = out[c] if c < len(out) else None
            if isinstance(v, str) and v:
                chars += len(v)
                out[c] = session.mask(v)
    except Exception as exc:
        report.failures.append((n, f"{doc_id}: {exc.__class__.__name__}"))
        return None
    report.documents += 1
    report.chars += chars
    report.counts.update(session.counts - before)
    return out


def table_columns(names: list[str], fld: str | None, text_columns: list[str] | None = None) -> list[int]:
    """Indexes of the columns to mask: ``fld``'s comma-separated names, or every text column."""
    if fld is None:
        return [i for i, n in enumerate(names) if text_columns is None or n in text_columns]
    wanted = [f.strip() for f in fld.split(",") if f.strip()]
    missing = [f for f in wanted if f not in names]
    if missing:
        raise InputError(f"no column {missing[0]!r} (columns: {', '.join(names)})")
    bad = [f for f in wanted if text_columns is not None and f not in text_columns]
    if bad:
        raise InputError(f"column {bad[0]!r} is not a text column")
    return [names.index(f) for f in wanted]


def _mask_jsonl(source: Path, partial: Path, session: Any, fld: str | None, report: FileReport) -> None:
    with source.open(encoding="utf-8") as fin, partial.open("w", encoding="utf-8") as fout:
        for n, line in enumerate(fin, 1):
            out = mask_jsonl_line(line, n, session, fld, report)
            if out is not None:
                fout.write(out)
        fout.flush()
        os.fsync(fout.fileno())


def csv_dialect(path: Path) -> tuple[type[csv.Dialect], str]:
    """The file's dialect (comma for .csv, tab for .tsv) and line ending, as written, so output matches input."""
    with path.open("rb") as fh:
        first = fh.readline()
    ending = "\r\n" if first.endswith(b"\r\n") or not first.endswith(b"\n") else "\n"
    return (csv.excel_tab if path.suffix.lower() == ".tsv" else csv.excel), ending


def _mask_csv(source: Path, partial: Path, session: Any, fld: str | None, report: FileReport) -> None:
    dialect, ending = csv_dialect(source)
    with source.open(newline="", encoding="utf-8") as fin, partial.open("w", newline="", encoding="utf-8") as fout:
        reader, writer = csv.reader(fin, dialect), csv.writer(fout, dialect, lineterminator=ending)
        header = next(reader, None)
        if header is None:
            return
        writer.writerow(header)
        cols = table_columns(header, fld)
        id_col = header.index("id") if "id" in header else None
        for n, row in enumerate(reader, 2):
            doc_id = row[id_col] if id_col is not None and id_col < len(row) else str(n)
            out = mask_row(row, cols, n, doc_id, session, report)
            if out is not None:
                writer.writerow(out)
        fout.flush()
        os.fsync(fout.fileno())


def parquet_text_columns(schema: Any) -> list[str]:
    import pyarrow as pa

    return [f.name for f in schema if pa.types.is_string(f.type) or pa.types.is_large_string(f.type)]


def mask_arrow_batch(batch: Any, fld: str | None, first_row: int, session: Any, report: FileReport) -> Any:
    """An Arrow record batch with its text columns masked; rows that failed are left out (and reported)."""
    import pyarrow as pa

    names = batch.schema.names
    cols = table_columns(names, fld, parquet_text_columns(batch.schema))
    columns = [batch.column(i).to_pylist() for i in range(batch.num_columns)]
    id_col = names.index("id") if "id" in names else None
    keep: list[list[Any]] = [[] for _ in names]
    for r in range(batch.num_rows):
        row = [c[r] for c in columns]
        doc_id = str(row[id_col]) if id_col is not None else str(first_row + r + 1)
        out = mask_row(row, cols, first_row + r + 1, doc_id, session, report)
        if out is not None:
            for i, v in enumerate(out):
                keep[i].append(v)
    return pa.RecordBatch.from_arrays([pa.array(keep[i], type=batch.schema.field(i).type) for i in range(len(names))],
                                      schema=batch.schema)


def _mask_parquet(source: Path, partial: Path, session: Any, fld: str | None, report: FileReport) -> None:
    try:
        import pyarrow.parquet as pq
    except ImportError:
        raise InputError("Parquet needs pyarrow: pip install 'coatcheck[parquet]'") from None
    pf = pq.ParquetFile(source)
    rows = 0
    with pq.ParquetWriter(partial, pf.schema_arrow) as writer:
        for batch in pf.iter_batches(batch_size=1024):
            writer.write_batch(mask_arrow_batch(batch, fld, rows, session, report))
            rows += batch.num_rows


def mask_file(src: str, dst: str, fld: str | None, vault_dst: str | None) -> FileReport:
    """Mask one input file into ``dst`` (atomically: ``dst.partial`` renamed when complete), its vault shard into
    ``vault_dst``. Runs in a worker."""
    source, target = Path(src), Path(dst)
    kind = format_of(source)
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
    {"jsonl": _mask_jsonl, "csv": _mask_csv, "parquet": _mask_parquet}[kind](source, partial, session, fld, report)
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
        raise InputError("no .jsonl, .csv or .parquet input files found")
    todo: list[tuple[str, str, str | None]] = []
    for src, rel in files:
        dst = out_dir / rel
        if dst.exists():
            yield FileReport(str(src), str(dst), skipped=True)
        else:
            todo.append((str(src), str(dst), str(vault_out / rel.with_name(rel.name + ".vault")) if vault_out else None))
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
