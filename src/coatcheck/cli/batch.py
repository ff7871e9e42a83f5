"""``coatcheck batch``: a corpus masked by :mod:`coatcheck.batch`'s local or Ray engine, with a progress bar and a
summary of counts (never values)."""

from __future__ import annotations

import json
from pathlib import Path

import typer

from ..errors import CoatcheckError, InputError
from ..policy import Policy
from .common import KeyFileOpt, PolicyOpt, err, fail


def batch(
    inputs: list[str] = typer.Argument(..., help="JSONL, CSV/TSV or Parquet files, documents (.txt, .md, .docx, .pdf), directories (every such file below) or globs."),
    out: Path = typer.Option(..., "-o", "--out", help="Output directory: one masked file per input, same relative name and format (a Word or PDF file's masked text as NAME.txt)."),
    field_name: str | None = typer.Option(None, "--field", help="JSONL: mask only this string field of each line (default: every string leaf but protocol structure). CSV/Parquet: the columns to mask, comma-separated (default: every text column)."),
    workers: int | None = typer.Option(None, "--workers", min=1, help="Local engine: processes (default: every core)."),
    engine: str = typer.Option("local", "--engine", help="local (processes on this machine) or ray (Ray Data; pip install 'coatcheck[ray]')."),
    ray_address: str | None = typer.Option(None, "--ray-address", help="Ray cluster to join (default: $RAY_ADDRESS, else a local Ray)."),
    actors: int | None = typer.Option(None, "--actors", min=1, help="Ray engine: masker actors (default and most: one per CPU the cluster has, less one for reading)."),
    vault_out: Path | None = typer.Option(None, "--vault-out", help="Write an encrypted vault shard per input here (placeholder -> value), for coatcheck restore. Without it masking is one-way."),
    policy: str | None = PolicyOpt,
    key_file: Path | None = KeyFileOpt,
    report_path: Path | None = typer.Option(None, "--report", help="Also write the run's report as JSON here."),
) -> None:
    """Mask a corpus (JSONL text records, chat transcripts, Claude Code session files; CSV and Parquet columns) on
    every local core or on Ray. Writes are atomic per file and a rerun skips finished files; placeholders follow the
    vault key, so they agree across workers, nodes and runs. A document that cannot be masked is reported and not
    written."""
    if engine not in ("local", "ray"):
        fail(InputError(f"--engine must be local or ray, not {engine!r}"))
    import time

    from rich.progress import Progress

    from ..batch import input_files, summary
    from ..vault import load_key

    try:
        key = load_key(key_file)
        Policy.load(policy)  # a bad policy is an error before any worker starts
    except CoatcheckError as exc:
        fail(exc)
    t0 = time.perf_counter()
    reports = []
    try:
        files = input_files(inputs)
        with Progress(console=err, transient=True, disable=not err.is_terminal) as progress:
            task = progress.add_task("masking files", total=len(files))
            if engine == "ray":
                from ..batch.ray import run_ray

                reports_iter = run_ray(files, out, key, fld=field_name, policy=policy, vault_out=vault_out, address=ray_address, actors=actors)
            else:
                from ..batch.local import run

                reports_iter = run(files, out, key, fld=field_name, workers=workers, policy=policy, vault_out=vault_out)
            for r in reports_iter:
                reports.append(r)
                progress.advance(task)
    except CoatcheckError as exc:
        fail(exc)
    result = summary(reports, time.perf_counter() - t0)
    result["engine"] = engine
    if report_path is not None:
        report_path.write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    failed = sum(len(v) for v in result["failures"].values())
    err.print(f"coatcheck: {result['documents']} document(s) in {result['files']} file(s) "
              f"({result['skipped_files']} already done), {result['characters']:,} characters, "
              f"{result['mb_per_second']} MB/s; masked: "
              + (", ".join(f"{k}={v}" for k, v in result["counts"].items()) or "nothing")
              + (f"; {failed} line(s) or document(s) failed and were not written" if failed else ""))
    raise typer.Exit(1 if failed else 0)
