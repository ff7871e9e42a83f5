"""The row loop both engines run: each document (a JSONL line, a CSV or Parquet row) masked on the file's
:class:`~coatcheck.wire.session.TextSession`, its characters and counts added to the file's report. A document that
cannot be masked is reported by its number and id (never its text) and left out."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from ..errors import InputError
from .corpus import FileReport


def _mask_document(doc: Any, session: Any, fld: str | None) -> Any:
    from ..wire.apis.generic import mask_generic

    if fld is None:
        return mask_generic(doc, session)
    if not isinstance(doc, dict) or not isinstance(doc.get(fld), str):
        raise InputError(f"no string field {fld!r}")
    doc[fld] = session.mask(doc[fld])
    return doc


def mask_jsonl_line(line: str, n: int, session: Any, fld: str | None, report: FileReport) -> str | None:
    """One JSONL line masked (JSON text, no newline), or None when it is blank or failed (then reported)."""
    if not line.strip():
        return None
    doc_id = str(n)
    try:
        doc = json.loads(line)
        if isinstance(doc, dict) and "id" in doc:
            doc_id = str(doc["id"])
        before = Counter(session.counts)
        masked = _mask_document(doc, session, fld)
    except Exception as exc:  # reported by line and id; never written unmasked
        report.failures.append((n, f"{doc_id}: {exc.__class__.__name__}"))
        return None
    report.documents += 1
    report.chars += len(line)
    report.counts.update(session.counts - before)
    return json.dumps(masked, ensure_ascii=False)


def mask_text_document(text: str, doc_id: str, session: Any, report: FileReport) -> str | None:
    """A whole document's text masked, or None when masking failed (then reported by its id): a one-column row."""
    row = mask_row([text], [0], 1, doc_id, session, report)
    return None if row is None else str(row[0])


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


def parquet_text_columns(schema: Any) -> list[str]:
    import pyarrow as pa

    return [f.name for f in schema if pa.types.is_string(f.type) or pa.types.is_large_string(f.type)]


@dataclass(frozen=True)
class Layout:
    """What a document is in one file: a JSONL line (``fld``: the one string field to mask, else every string leaf
    but protocol structure), or a table row (``cols``: the columns to mask; ``id_col``: the column that names it)."""

    kind: str
    fld: str | None = None
    cols: tuple[int, ...] = ()
    id_col: int | None = None

    @classmethod
    def of(cls, kind: str, names: list[str], fld: str | None, text_columns: list[str] | None = None) -> Layout:
        """The layout of a ``kind`` file with columns ``names``; a ``fld`` naming no (text) column is an error."""
        if kind == "jsonl":
            return cls(kind, fld)
        return cls(kind, fld, tuple(table_columns(names, fld, text_columns)), names.index("id") if "id" in names else None)


def mask_records(records: Iterable[tuple[int, list[Any]]], layout: Layout, session: Any,
                 report: FileReport) -> Iterator[tuple[list[Any] | None, list[Any]]]:
    """The row loop: each ``(number, values)`` record (a JSONL line is ``[line]``) as ``(masked values, values)``,
    the masked values None when the record is blank or failed (then reported under its number and id)."""
    for n, values in records:
        if layout.kind == "jsonl":
            line = mask_jsonl_line(values[0], n, session, layout.fld, report)
            yield ([line] if line is not None else None), values
        else:
            id_col = layout.id_col
            doc_id = str(values[id_col]) if id_col is not None and id_col < len(values) else str(n)
            yield mask_row(values, list(layout.cols), n, doc_id, session, report), values


def arrow_rows(batch: Any) -> list[list[Any]]:
    """An Arrow record batch or table as rows of Python values."""
    columns = [batch.column(i).to_pylist() for i in range(batch.num_columns)]
    return [[c[r] for c in columns] for r in range(batch.num_rows)]


def arrow_arrays(rows: list[list[Any]], schema: Any) -> list[Any]:
    """Rows of Python values as one Arrow array per column of ``schema``, of its types."""
    import pyarrow as pa

    return [pa.array([row[i] for row in rows], type=schema.field(i).type) for i in range(len(schema.names))]
