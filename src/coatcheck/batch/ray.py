"""``coatcheck batch --engine ray``: the same job as the local engine, on Ray Data.

Per input file: ``ray.data.read_text`` (JSONL, one row per line), ``read_csv`` (every column read as text, so no
value is re-typed) or ``read_parquet`` → ``map_batches`` with a pool of actors, each holding one loaded masker →
rows streamed back to the driver in order, which writes them with the local engine's writers and atomic finish
(:mod:`.output`). The actors run the local engine's row loop (:mod:`.rows`), so the output has the input's format
and layout, exactly as the local engine writes it, and a rerun skips finished files.
(Ray's own ``write_*`` would re-type JSON and CSV fields and write a directory of blocks with no atomic finish.)

With ``vault_out`` each actor sends the batch's new placeholder → value pairs back encrypted (AES-GCM under a key
derived from the vault key), so no value crosses the object store, or spills to disk, in clear; the driver writes
them into the file's vault shard. Placeholders depend on the vault key only, so every actor on every node agrees.

Whole-document files (.txt, .md, .docx, .pdf: an archive of many small files) go another way: one dataset of their
names over the actor pool, each actor reading its file, masking it and writing its masked text and vault shard with
the local engine's atomic finish, so no document's text crosses the object store at all. The input and output
folders must then be on a file system every Ray node sees (as a cluster's archive is); the driver checks that each
output it was told of is there, and reports the file as failed where it is not.

``ray.init(address=…)``: ``--ray-address``, else ``$RAY_ADDRESS`` (an existing cluster), else a local Ray.
"""

from __future__ import annotations

import csv
import json
import os
import secrets
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from ..errors import InputError
from .corpus import SUFFIXES, FileReport, csv_dialect, format_of
from .output import Job, Output, Writer, jobs
from .rows import Layout, arrow_arrays, arrow_rows, mask_records, parquet_text_columns, table_columns

OK, FAILURE, VAULT, STATS = "__coatcheck_ok", "__coatcheck_failure", "__coatcheck_vault", "__coatcheck_stats"
_TRANSPORT = b"coatcheck ray vault transport v1"
# Reading is light: read tasks reserve no CPU, so that one masker actor per CPU leaves them room to run (with every
# CPU held by an actor, reads would wait forever).
_READ_CPUS = 0


def _transport_key(key: bytes) -> bytes:
    from ..vault import _derive

    return _derive(key, _TRANSPORT)


class _Recording:
    """A MemoryStore that remembers what was put since the last ``take``."""

    def __init__(self) -> None:
        from ..vault import MemoryStore

        self.inner = MemoryStore()
        self.new: list[tuple[str, str, str]] = []

    def get(self, placeholder: str) -> tuple[str, str] | None:
        return self.inner.get(placeholder)

    def put(self, placeholder: str, category: str, value: str) -> None:
        if self.inner.get(placeholder) is None:
            self.new.append((placeholder, category, value))
        self.inner.put(placeholder, category, value)

    def get_provenance(self, placeholder: str) -> Any:
        return self.inner.get_provenance(placeholder)

    def put_provenance(self, placeholder: str, provenance: Any) -> None:
        self.inner.put_provenance(placeholder, provenance)

    def items(self) -> Any:
        return self.inner.items()

    def __len__(self) -> int:
        return len(self.inner)

    def take(self) -> list[tuple[str, str, str]]:
        out, self.new = self.new, []
        return out


class RowMasker:
    """A Ray actor: one pipeline (model loaded once) running the row loop over batches of one file's rows. Each batch
    comes back with every row (a failed row with its text columns emptied: nothing unmasked goes back to the driver),
    whether it was masked (``OK``), its failure (``FAILURE``: number and id), and on its first row the batch's new
    vault entries, sealed (``VAULT``), and its counts (``STATS``)."""

    def __init__(self, key: bytes, policy: str | None, fld: str | None, kind: str, columns: list[str], text_columns: list[str],
                 keep_vault: bool) -> None:
        from ..detect.pipeline import Pipeline
        from ..policy import Policy
        from ..vault import Vault
        from ..wire.session import TextSession

        pol = Policy.load(policy)
        self.store = _Recording()
        self.session = TextSession(key, Pipeline(pol), pol, vault=Vault(key, self.store))
        self.keep_vault = keep_vault
        self.layout = Layout.of(kind, columns, fld, text_columns)
        self.aead_key = _transport_key(key) if keep_vault else b""

    def __call__(self, batch: Any) -> Any:
        import pyarrow as pa

        report = FileReport("", "")
        rows: list[list[Any]] = []
        ok: list[bool] = []
        failure: list[str | None] = []
        before = 0
        records = enumerate(arrow_rows(batch), 1)
        for masked, values in mask_records(records, self.layout, self.session, report):
            failed = len(report.failures) > before
            before = len(report.failures)
            ok.append(masked is not None and not failed)
            failure.append(report.failures[-1][1] if failed else None)
            if masked is None:  # blank or failed: its text goes no further
                masked = [None] if self.layout.kind == "jsonl" else [None if i in self.layout.cols else v for i, v in enumerate(values)]
            rows.append(masked)
        first_only: list[Any] = [None] * max(0, batch.num_rows - 1)
        stats = json.dumps({"documents": report.documents, "chars": report.chars, "counts": dict(report.counts)})
        arrays = arrow_arrays(rows, batch.schema)
        arrays += [pa.array(ok, type=pa.bool_()), pa.array(failure, type=pa.string()),
                   pa.array([self._sealed(), *first_only] if batch.num_rows else [], type=pa.binary()),
                   pa.array(([stats] + first_only) if batch.num_rows else [], type=pa.string())]
        return pa.Table.from_arrays(arrays, names=[*batch.schema.names, OK, FAILURE, VAULT, STATS])

    def _sealed(self) -> bytes | None:
        """This batch's new vault entries, encrypted for the driver (None when there are none or no vault is kept)."""
        entries = self.store.take()
        if not self.keep_vault or not entries:
            return None
        from cryptography.hazmat.primitives.ciphers.aead import AESGCM

        nonce = secrets.token_bytes(12)
        return nonce + AESGCM(self.aead_key).encrypt(nonce, json.dumps(entries).encode("utf-8"), _TRANSPORT)


class DocumentMasker:
    """A Ray actor for whole-document files (text, Markdown, Word, PDF): one pipeline, and per file the local engine's
    :func:`~coatcheck.batch.local.mask_job`: it reads the file, masks it and writes its masked text and vault shard
    atomically where the driver said (a cluster's workers share the file system). Only counts come back."""

    def __init__(self, key: bytes, policy: str | None) -> None:
        from ..detect.pipeline import Pipeline
        from ..policy import Policy

        self.key, self.policy = key, Policy.load(policy)
        self.pipeline = Pipeline(self.policy)

    def __call__(self, batch: dict[str, Any]) -> dict[str, list[str]]:
        from .local import mask_job

        reports = []
        for src, tgt, vt in zip(batch["source"], batch["target"], batch["vault"], strict=True):
            r = mask_job(Job(Path(src), Path(tgt), Path(vt) if vt else None), None, self.key, self.pipeline, self.policy)
            reports.append(json.dumps({"source": r.source, "output": r.output, "documents": r.documents, "chars": r.chars,
                                       "counts": dict(r.counts), "failures": r.failures}))
        return {"report": reports}


def _documents_on_ray(todo: list[Job], n_actors: int, key: bytes, policy: str | None) -> Iterator[FileReport]:
    """Whole-document files, many at a time: one dataset of file names over the actor pool."""
    import ray

    items = [{"source": str(j.source), "target": str(j.target), "vault": str(j.vault_target or "")} for j in todo]
    ds = ray.data.from_items(items).map_batches(DocumentMasker, fn_constructor_kwargs={"key": key, "policy": policy},
                                                compute=ray.data.ActorPoolStrategy(size=n_actors), num_cpus=1, batch_size=4)
    for row in ds.iter_rows():
        r = json.loads(row["report"])
        report = FileReport(r["source"], r["output"], documents=r["documents"], chars=r["chars"])
        report.counts.update(r["counts"])
        report.failures.extend((int(n), str(m)) for n, m in r["failures"])
        if report.documents and not Path(report.output).exists():  # written on a node whose disk the driver does not see
            report.documents = 0
            report.failures.append((1, f"{Path(report.source).name}: output not found by the driver (the input and output "
                                       "folders must be on a file system every Ray node sees)"))
        yield report


def _unseal(sealed: bytes, key: bytes) -> list[tuple[str, str, str]]:
    from cryptography.hazmat.primitives.ciphers.aead import AESGCM

    return [(str(p), str(c), str(v)) for p, c, v in json.loads(AESGCM(key).decrypt(sealed[:12], sealed[12:], _TRANSPORT))]


def _dataset(src: Path, kind: str, blocks: int) -> tuple[Any, list[str], list[str]]:
    """The Ray dataset of one input file (in ``blocks`` blocks, so that every actor gets a share), its column names
    and its text columns."""
    import pyarrow as pa
    import ray

    if kind == "jsonl":
        return ray.data.read_text(str(src), drop_empty_lines=True, num_cpus=_READ_CPUS, override_num_blocks=blocks), ["text"], ["text"]
    if kind == "csv":
        from pyarrow import csv as pacsv

        dialect, _ = csv_dialect(src)
        with src.open(newline="", encoding="utf-8") as fh:
            header = next(csv.reader(fh, dialect), None)
        if not header:
            raise InputError(f"{src}: empty CSV file")
        types = {c: pa.string() for c in header}
        ds = ray.data.read_csv(str(src), num_cpus=_READ_CPUS, override_num_blocks=blocks, parse_options=pacsv.ParseOptions(delimiter=dialect.delimiter, newlines_in_values=True),
                               convert_options=pacsv.ConvertOptions(column_types=types, strings_can_be_null=False, quoted_strings_can_be_null=False))
        return ds, header, header
    import pyarrow.parquet as pq

    schema = pq.read_schema(src)
    return ray.data.read_parquet(str(src), num_cpus=_READ_CPUS, override_num_blocks=blocks), schema.names, parquet_text_columns(schema)


def _drain(batches: Iterator[Any], columns: list[str], out: Writer, report: FileReport, shard: Any, key: bytes) -> None:
    """The masked batches, in order, into ``out``: failed rows reported (numbered in the file), not written; the
    batches' counts into ``report``; their sealed vault entries into ``shard``."""
    transport = _transport_key(key)
    n = 0
    for batch in batches:
        if shard is not None:
            for sealed in batch.column(VAULT).to_pylist():
                if sealed:
                    for placeholder, category, value in _unseal(sealed, transport):
                        shard.store.put(placeholder, category, value)
        for raw in batch.column(STATS).to_pylist():
            if raw:
                st = json.loads(raw)
                report.documents += st["documents"]
                report.chars += st["chars"]
                report.counts.update(st["counts"])
        oks, fails = batch.column(OK).to_pylist(), batch.column(FAILURE).to_pylist()
        keep = [i for i, good in enumerate(oks) if good]
        for i, (good, why) in enumerate(zip(oks, fails, strict=True)):
            if not good and why:
                report.failures.append((n + i + 1, why))
        n += len(oks)
        out.table(batch.select(columns).take(keep))


def run_ray(files: list[tuple[Path, Path]], out_dir: Path, key: bytes, *, fld: str | None = None, policy: str | None = None,
            vault_out: Path | None = None, address: str | None = None, actors: int | None = None,
            batch_size: int = 256) -> Iterator[FileReport]:
    """Mask every ``(file, relative name)`` on Ray Data, one file after another, ``actors`` masker actors at a time
    (default and most: one per CPU Ray sees, less one). Yields a report per file; finished outputs are skipped (a
    resumed run)."""
    try:
        import ray
    except ImportError:
        raise InputError("--engine ray needs Ray: pip install 'coatcheck[ray]'") from None

    if not files:
        raise InputError(f"no input files found ({SUFFIXES})")
    ray.init(address=address or os.environ.get("RAY_ADDRESS") or None, ignore_reinit_error=True, log_to_driver=False,
             include_dashboard=False, configure_logging=False)
    ctx = ray.data.DataContext.get_current()
    ctx.execution_options.preserve_order = True
    ctx.enable_progress_bars = False
    # One CPU stays free for Ray Data's planning and read tasks (file listing takes a whole CPU): with every CPU held
    # by a masker actor, a Parquet read waits forever.
    cpus = int(ray.cluster_resources().get("CPU", 1))
    n_actors = max(1, min(actors or cpus, cpus - 1))
    documents: list[Job] = []
    for job in jobs(files, out_dir, vault_out):
        if job.done:
            yield FileReport(str(job.source), str(job.target), skipped=True)
            continue
        if format_of(job.source) == "document":
            documents.append(job)
            continue
        src = job.source
        kind = format_of(src)
        report = FileReport(str(src), str(job.target))
        output = Output(job.target, job.vault_target, key)
        ds, columns, text_columns = _dataset(src, kind, 4 * n_actors)
        if kind != "jsonl":
            table_columns(columns, fld, text_columns)  # a bad --field is an error before any actor starts
        masked = ds.map_batches(RowMasker, fn_constructor_kwargs={"key": key, "policy": policy, "fld": fld, "kind": kind, "columns": columns,
                                                                  "text_columns": text_columns, "keep_vault": vault_out is not None},
                                compute=ray.data.ActorPoolStrategy(size=n_actors), num_cpus=1, batch_size=batch_size,
                                batch_format="pyarrow")
        schema = None
        if kind == "parquet":
            import pyarrow.parquet as pq

            schema = pq.read_schema(src)
        with output.writer(kind, src, header=columns if kind == "csv" else None, schema=schema) as out:
            _drain(masked.iter_batches(batch_format="pyarrow", batch_size=None), columns, out, report, output.shard, key)
        output.finish()
        yield report
    if documents:
        yield from _documents_on_ray(documents, n_actors, key, policy)
