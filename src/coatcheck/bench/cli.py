"""``coatcheck bench``: generate, run, score."""

from __future__ import annotations

import json
import platform
import sys
import time
from datetime import date
from pathlib import Path
from typing import Optional

import typer
from rich.console import Console
from rich.progress import track
from rich.table import Table

from .generate import generate as _generate
from .generate import write_jsonl
from .score import bootstrap, score

bench = typer.Typer(add_completion=False, no_args_is_help=True, help="The benchmark kit: generate agent traffic, run maskers, score them.")
console = Console(stderr=True, soft_wrap=True)


def _read_jsonl(path: Path) -> list[dict]:
    with path.open(encoding="utf-8") as fh:
        return [json.loads(line) for line in fh if line.strip()]


@bench.command()
def generate(
    out: Path = typer.Option(..., "-o", "--out", help="Output JSONL file."),
    n: int = typer.Option(1000, "--n", help="Number of documents."),
    split: str = typer.Option("test", "--split", help="dev (to tune on) or test (to report)."),
    seed: int = typer.Option(0, "--seed"),
) -> None:
    """Write a seeded agent-traffic set in the bench JSONL schema."""
    docs = _generate(n, split, seed)
    write_jsonl(docs, str(out))
    console.print(f"wrote {len(docs)} documents to {out}")


@bench.command()
def run(
    data: Path = typer.Option(..., "--data", help="Bench JSONL set."),
    out: Path = typer.Option(..., "-o", "--out", help="Predictions JSONL."),
    tool: str = typer.Option("coatcheck", "--tool", help="Tool to run (coatcheck; peers arrive with their adapters)."),
    policy: Optional[str] = typer.Option(None, "--policy"),
) -> None:
    """Run a tool over a set; write its spans and masked text per document."""
    if tool != "coatcheck":
        console.print(f"[red]error:[/red] no adapter for {tool!r} yet; available: coatcheck")
        raise typer.Exit(2)
    from ..masker import Masker
    from ..policy import Policy

    masker = Masker(policy=Policy.load(policy))
    docs = _read_jsonl(data)
    t0 = time.perf_counter()
    with out.open("w", encoding="utf-8") as fh:
        for d in track(docs, description="masking", console=console, disable=not console.is_terminal):
            try:
                r = masker.mask(d["text"])
                rec = {"id": d["id"], "spans": [{"start": s.start, "end": s.end, "label": s.category, "score": s.score} for s in r.spans], "masked_text": r.text}
            except Exception as exc:  # a failed document scores as "no output"
                rec = {"id": d["id"], "error": exc.__class__.__name__}
            fh.write(json.dumps(rec, ensure_ascii=False) + "\n")
    console.print(f"{tool}: {len(docs)} documents in {time.perf_counter() - t0:.2f} s -> {out}")


def _pct(x: float | None) -> str:
    return "n/a" if x is None else f"{100 * x:.1f}%"


@bench.command("score")
def score_cmd(
    data: Path = typer.Option(..., "--data"),
    pred: Path = typer.Option(..., "--pred"),
    json_out: Optional[Path] = typer.Option(None, "--json", help="Also write the full result as JSON."),
    markdown: bool = typer.Option(False, "--markdown", help="Print Markdown tables instead of terminal tables."),
) -> None:
    """Score predictions against a set: leak/keep per category, document rates, structure, 95% intervals."""
    docs = _read_jsonl(data)
    preds = {str(p["id"]): p for p in _read_jsonl(pred)}
    result, scores = score(docs, preds)
    result["intervals"] = bootstrap(scores)
    result["meta"] = {"data": str(data), "pred": str(pred), "date": date.today().isoformat(), "machine": f"{platform.machine()} {platform.system()}, {platform.python_version()}"}
    if json_out:
        json_out.write_text(json.dumps(result, indent=2))
    ci = result["intervals"]
    rows = [
        ("leak rate (MUST_MASK items)", f"{_pct(result['leak_rate'])} [{_pct(ci['leak_rate'][0])}, {_pct(ci['leak_rate'][1])}]"),
        ("keep rate (MUST_KEEP items)", f"{_pct(result['keep_rate'])} [{_pct(ci['keep_rate'][0])}, {_pct(ci['keep_rate'][1])}]"),
        ("documents with ≥1 leak", _pct(result["docs_with_leak"])),
        ("clean documents with anything masked", _pct(result["clean_docs_touched"])),
        ("masked chars outside items / 1,000", f"{result['outside_chars_per_1000']:.1f}"),
        ("encoded-copy leak rate", _pct(result["encoded_leak_rate"])),
        ("JSON documents still parsing", _pct(result["json_parse_rate"])),
        ("diff hunks still consistent", _pct(result["diff_consistent_rate"])),
        ("documents with no output", str(result["failed_docs"])),
    ]
    if markdown:
        out = [f"| metric | value |", "|---|---|", *[f"| {a} | {b} |" for a, b in rows], "",
               "| category | MUST_MASK items | leaked | leak rate |", "|---|---:|---:|---:|",
               *[f"| {c} | {v['items']} | {v['leaked']} | {_pct(v['leak_rate'])} |" for c, v in result["leak_by_category"].items()], "",
               "| category | MUST_KEEP items | broken | keep rate |", "|---|---:|---:|---:|",
               *[f"| {c} | {v['items']} | {v['broken']} | {_pct(v['keep_rate'])} |" for c, v in result["keep_by_category"].items()]]
        sys.stdout.write("\n".join(out) + "\n")
        return
    out_console = Console()
    t = Table(title=f"{len(docs)} documents")
    t.add_column("metric")
    t.add_column("value", justify="right")
    for a, b in rows:
        t.add_row(a, b)
    out_console.print(t)
    t = Table(title="per category")
    for c in ("category", "MUST_MASK", "leak", "MUST_KEEP", "keep"):
        t.add_column(c, justify="right")
    cats = sorted(set(result["leak_by_category"]) | set(result["keep_by_category"]))
    for c in cats:
        m = result["leak_by_category"].get(c)
        k = result["keep_by_category"].get(c)
        t.add_row(c, str(m["items"]) if m else "", _pct(m["leak_rate"]) if m else "", str(k["items"]) if k else "", _pct(k["keep_rate"]) if k else "")
    out_console.print(t)
