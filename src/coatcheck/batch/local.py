"""``coatcheck batch`` on this machine: a process pool, one pipeline per process (rules compiled, model loaded once),
one input file per task. Each file's rows go through the shared row loop (:mod:`.rows`) into the shared atomic
writers (:mod:`.output`)."""

from __future__ import annotations

import csv
import os
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from ..errors import InputError
from .corpus import SUFFIXES, FileReport, csv_dialect, format_of
from .output import Job, Output, jobs
from .rows import Layout, arrow_arrays, arrow_rows, mask_records, parquet_text_columns

_worker: dict[str, Any] = {}


def _init(key: bytes, policy: str | None) -> None:
    """Per process: one pipeline (rules compiled, model loaded once), reused for every file."""
    from ..detect.pipeline import Pipeline
    from ..policy import Policy

    pol = Policy.load(policy)
    _worker.update(key=key, policy=pol, pipeline=Pipeline(pol))


def _session(output: Output, key: bytes, pipeline: Any, policy: Any) -> Any:
    from ..vault import Vault
    from ..wire.session import TextSession

    return TextSession(key, pipeline, policy, vault=output.shard if output.shard is not None else Vault(key))


def _mask_jsonl(source: Path, output: Output, session: Any, fld: str | None, report: FileReport) -> None:
    layout = Layout.of("jsonl", [], fld)
    with source.open(encoding="utf-8") as fin, output.writer("jsonl", source) as out:
        for masked, _ in mask_records(((n, [line]) for n, line in enumerate(fin, 1)), layout, session, report):
            if masked is not None:
                out.row(masked)


def _mask_csv(source: Path, output: Output, session: Any, fld: str | None, report: FileReport) -> None:
    dialect, _ = csv_dialect(source)
    with source.open(newline="", encoding="utf-8") as fin:
        reader = csv.reader(fin, dialect)
        header = next(reader, None)
        with output.writer("csv", source, header=header) as out:
            if header is None:
                return
            layout = Layout.of("csv", header, fld)
            for masked, _ in mask_records(enumerate(reader, 2), layout, session, report):
                if masked is not None:
                    out.row(masked)


def mask_arrow_batch(batch: Any, fld: str | None, first_row: int, session: Any, report: FileReport) -> Any:
    """An Arrow record batch with its text columns masked; rows that failed are left out (and reported)."""
    import pyarrow as pa

    layout = Layout.of("parquet", batch.schema.names, fld, parquet_text_columns(batch.schema))
    records = ((first_row + r + 1, values) for r, values in enumerate(arrow_rows(batch)))
    keep = [masked for masked, _ in mask_records(records, layout, session, report) if masked is not None]
    return pa.RecordBatch.from_arrays(arrow_arrays(keep, batch.schema), schema=batch.schema)


def _mask_parquet(source: Path, output: Output, session: Any, fld: str | None, report: FileReport) -> None:
    try:
        import pyarrow.parquet as pq
    except ImportError:
        raise InputError("Parquet needs pyarrow: pip install 'coatcheck[parquet]'") from None
    pf = pq.ParquetFile(source)
    rows = 0
    with output.writer("parquet", source, schema=pf.schema_arrow) as out:
        for batch in pf.iter_batches(batch_size=1024):
            out.table(mask_arrow_batch(batch, fld, rows, session, report))
            rows += batch.num_rows


def _mask_document(source: Path, output: Output, session: Any, fld: str | None, report: FileReport) -> None:
    """A whole file as one document (text, Markdown, or a Word or PDF file's text). Unreadable or failed: reported,
    nothing written."""
    from ..documents import read_document
    from .rows import mask_text_document

    try:
        text = read_document(source)
    except InputError as exc:  # names the file and the reason, never its content
        report.failures.append((1, f"{source.name}: {str(exc).removeprefix(str(source) + ': ')}"))
        return
    masked = mask_text_document(text, source.name, session, report)
    if masked is not None:
        with output.writer("document", source) as out:
            out.row([masked])


def mask_job(job: Job, fld: str | None, key: bytes, pipeline: Any, policy: Any) -> FileReport:
    """Mask one input file into its target (atomically: ``target.partial`` renamed when complete), its vault shard
    into its vault target, with ``pipeline`` (built for ``policy``) and ``key``."""
    kind = format_of(job.source)
    report = FileReport(str(job.source), str(job.target))
    output = Output(job.target, job.vault_target, key)
    session = _session(output, key, pipeline, policy)
    masker = {"jsonl": _mask_jsonl, "csv": _mask_csv, "parquet": _mask_parquet, "document": _mask_document}[kind]
    masker(job.source, output, session, fld, report)
    if output.partial.exists():
        output.finish()
    else:  # a document that could not be read or masked: no output, no shard
        output.abandon()
    return report


def mask_file(job: Job, fld: str | None) -> FileReport:
    """:func:`mask_job` in a worker of the pool, with its process's pipeline."""
    return mask_job(job, fld, _worker["key"], _worker["pipeline"], _worker["policy"])


def run(files: list[tuple[Path, Path]], out_dir: Path, key: bytes, *, fld: str | None = None, workers: int | None = None,
        policy: str | None = None, vault_out: Path | None = None) -> Iterator[FileReport]:
    """Mask every ``(file, relative name)`` of :func:`~coatcheck.batch.corpus.input_files` into ``out_dir``,
    ``workers`` processes at a time (default: every core). Yields a report per file as it finishes; files whose
    output already exists are skipped (a resumed run)."""
    if not files:
        raise InputError(f"no input files found ({SUFFIXES})")
    todo: list[Job] = []
    for job in jobs(files, out_dir, vault_out):
        if job.done:
            yield FileReport(str(job.source), str(job.target), skipped=True)
        else:
            todo.append(job)
    if vault_out is not None:
        vault_out.mkdir(parents=True, exist_ok=True)
    n = max(1, min(workers or os.cpu_count() or 1, len(todo) or 1))
    with ProcessPoolExecutor(n, initializer=_init, initargs=(key, policy)) as pool:
        futures = [pool.submit(mask_file, job, fld) for job in todo]
        for fut in futures:
            yield fut.result()
