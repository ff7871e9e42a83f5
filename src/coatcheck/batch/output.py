"""The atomic finish both engines share: one input's masked file and its vault shard, each written under a
``.partial`` name, fsynced, and renamed into place only when complete, so a crashed run leaves nothing that looks
finished and a rerun skips only finished files. The writers keep the input's format: JSONL lines as they were
masked, CSV/TSV in the input's dialect and line ending, Parquet in the input's schema."""

from __future__ import annotations

import csv
import os
from dataclasses import dataclass
from pathlib import Path
from types import TracebackType
from typing import Any

from ..errors import InputError
from .corpus import csv_dialect


def _partial(path: Path) -> Path:
    return path.with_name(path.name + ".partial")


@dataclass(frozen=True)
class Job:
    """One input file, where its masked copy goes and (with a vault directory) its vault shard."""

    source: Path
    target: Path
    vault_target: Path | None

    @property
    def done(self) -> bool:
        """Finished by an earlier run: only a complete output has the target's name."""
        return self.target.exists()


def jobs(files: list[tuple[Path, Path]], out_dir: Path, vault_out: Path | None) -> list[Job]:
    """The job of every ``(file, relative name)``: ``out_dir/NAME`` (``NAME.txt`` for a Word or PDF file, whose
    masked text is written), and ``vault_out/NAME.vault`` with ``vault_out``."""
    from ..documents import is_rich_document

    out: list[Job] = []
    seen: dict[Path, Path] = {}
    for src, rel in files:
        name = rel.with_name(rel.name + ".txt") if is_rich_document(rel) else rel
        if name in seen:  # a.pdf and a.pdf.txt: one would overwrite the other
            raise InputError(f"{seen[name]} and {src} would both be written to {out_dir / name}; rename one of them")
        seen[name] = src
        out.append(Job(src, out_dir / name, vault_out / rel.with_name(rel.name + ".vault") if vault_out is not None else None))
    return out


class Output:
    """One input's outputs: ``target`` (written to ``target.partial``) and, with ``vault_target``, the encrypted vault
    shard of its placeholders (``shard``, written to ``vault_target.partial``); :meth:`finish` renames both."""

    def __init__(self, target: Path, vault_target: Path | None, key: bytes) -> None:
        from ..vault import FileStore, Vault

        self.target, self.partial = target, _partial(target)
        target.parent.mkdir(parents=True, exist_ok=True)
        self.vault_target = vault_target
        self.shard: Vault | None = None
        if vault_target is not None:
            vault_target.parent.mkdir(parents=True, exist_ok=True)
            _partial(vault_target).unlink(missing_ok=True)
            self.shard = Vault(key, FileStore(_partial(vault_target), key))

    def writer(self, kind: str, source: Path, *, header: list[str] | None = None, schema: Any = None) -> Writer:
        """A writer of ``target.partial`` in ``kind`` (``jsonl``, ``csv`` in ``source``'s dialect with ``header``
        first, ``parquet`` with ``schema``)."""
        if kind == "parquet":
            return ParquetWriter(self.partial, schema)
        return TextWriter(self.partial, kind, source, header)

    def abandon(self) -> None:
        """Nothing was written (the input failed as a whole): the vault shard's partial file goes too."""
        if self.vault_target is not None:
            _partial(self.vault_target).unlink(missing_ok=True)

    def finish(self) -> None:
        """Both complete (and synced by their writers): the vault shard, then the masked file, renamed into place."""
        if self.vault_target is not None:
            os.replace(_partial(self.vault_target), self.vault_target)
        os.replace(self.partial, self.target)


class Writer:
    """Rows (lists of values) or Arrow tables in, one file out; as a context manager, fsynced and closed on a clean
    exit, closed on an error."""

    def row(self, values: list[Any]) -> None:
        raise NotImplementedError

    def table(self, table: Any) -> None:
        """An Arrow table or record batch whose columns are the file's."""
        columns = [table.column(i).to_pylist() for i in range(table.num_columns)]
        for r in range(table.num_rows):
            self.row([c[r] for c in columns])

    def close(self, sync: bool = True) -> None:
        raise NotImplementedError

    def __enter__(self) -> Writer:
        return self

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None) -> None:
        self.close(sync=exc_type is None)


class TextWriter(Writer):
    """JSONL (a row is one JSON text, written as a line), CSV/TSV (in ``source``'s dialect and line ending) or a
    document (a row is its whole text, written as it is)."""

    def __init__(self, path: Path, kind: str, source: Path, header: list[str] | None) -> None:
        self.fh = path.open("w", newline="" if kind in ("csv", "document") else None, encoding="utf-8")
        self.kind = kind
        self.rows: Any = None
        if kind == "csv":
            dialect, ending = csv_dialect(source)
            self.rows = csv.writer(self.fh, dialect, lineterminator=ending)
            if header is not None:
                self.rows.writerow(header)

    def row(self, values: list[Any]) -> None:
        if self.rows is not None:
            self.rows.writerow(values)
        else:
            self.fh.write(values[0] if self.kind == "document" else values[0] + "\n")

    def close(self, sync: bool = True) -> None:
        if sync:
            self.fh.flush()
            os.fsync(self.fh.fileno())
        self.fh.close()


class ParquetWriter(Writer):
    """Parquet in ``schema``: tables are cast to it (an engine may read a column as another string type)."""

    def __init__(self, path: Path, schema: Any) -> None:
        import pyarrow.parquet as pq

        self.path, self.schema = path, schema
        self.pq = pq.ParquetWriter(path, schema)

    def row(self, values: list[Any]) -> None:
        raise TypeError("Parquet is written a table at a time")

    def table(self, table: Any) -> None:
        import pyarrow as pa

        if isinstance(table, pa.RecordBatch):
            table = pa.Table.from_batches([table])
        self.pq.write_table(table.cast(self.schema))

    def close(self, sync: bool = True) -> None:
        self.pq.close()
        if sync:
            fd = os.open(self.path, os.O_RDONLY)
            try:
                os.fsync(fd)
            finally:
                os.close(fd)
