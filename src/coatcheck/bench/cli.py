"""``coatcheck bench``: generate, run, score."""

from __future__ import annotations

import json
import platform
import sys
import time
from datetime import date
from pathlib import Path
from typing import Any

import typer

from ..errors import CoatcheckError
from rich.console import Console
from rich.progress import track
from rich.table import Table

from .generate import generate as _generate
from .generate import write_jsonl
from .schema import Document, Prediction
from .score import bootstrap, score

bench = typer.Typer(add_completion=False, no_args_is_help=True, help="The benchmark kit: generate agent traffic, run maskers, score them.")
console = Console(stderr=True, soft_wrap=True)


def _read_jsonl(path: Path) -> list[Any]:
    """JSON lines as read: bench Documents or Predictions (coatcheck.bench.schema), checked where they are used."""
    with path.open(encoding="utf-8") as fh:
        return [json.loads(line) for line in fh if line.strip()]


@bench.command()
def generate(
    out: Path = typer.Option(..., "-o", "--out", help="Output JSONL file."),
    n: int = typer.Option(1000, "--n", help="Number of documents."),
    split: str = typer.Option("test", "--split", help="dev (to tune on) or test (to report)."),
    seed: int = typer.Option(0, "--seed"),
    strata: int = typer.Option(0, "--strata", help="Also append this many code-strata documents (placeholder, live/example pairs, clean)."),
) -> None:
    """Write a seeded agent-traffic set in the bench JSONL schema."""
    from .strata import generate_strata

    docs = _generate(n, split, seed) + (generate_strata(strata, split, seed) if strata else [])
    write_jsonl(docs, str(out))
    console.print(f"wrote {len(docs)} documents to {out}")


@bench.command()
def carriers(
    out: Path = typer.Option(..., "-o", "--out", help="Output JSONL file."),
    part: str = typer.Option("all", "--part", help="all, train (what tests and training use) or held-back (evaluation only)."),
    per_format: int = typer.Option(3, "--per-format", help="Renderings of each format."),
    seed: int = typer.Option(0, "--seed"),
) -> None:
    """Render the carrier catalogue (formats in which developer tools print personal data) as a bench set."""
    from .carriers import documents

    if part not in ("all", "train", "held-back"):
        raise typer.BadParameter("--part must be all, train or held-back")
    docs = list(documents(part, per_format, seed))
    write_jsonl(docs, str(out))  # type: ignore[arg-type]
    console.print(f"wrote {len(docs)} documents ({part}) to {out}")


peers_app = typer.Typer(add_completion=False, no_args_is_help=True, help="Peer tools in isolated venvs.")
bench.add_typer(peers_app, name="peers")


@peers_app.command("list")
def peers_list() -> None:
    """Every peer the kit knows, whether it is installed, and its version."""
    from .peers import peers

    for name, p in peers().items():
        state = f"installed {p.version()}" if p.installed() else "not installed"
        typer.echo(f"{name:15s} {state:25s} {', '.join(p.requirements)}" + (f"  ({p.notes})" if p.notes else ""))


@peers_app.command("install")
def peers_install(names: list[str] = typer.Argument(..., help="Peer names, or 'all'.")) -> None:
    """Create a venv per peer in the cache directory and install its pinned requirements."""
    from .peers import install, peers

    known = peers()
    wanted = list(known) if names == ["all"] else names
    failed = 0
    for n in wanted:
        if n not in known:
            console.print(f"[red]error:[/red] unknown peer {n!r}; known: {', '.join(known)}")
            raise typer.Exit(2)
        console.print(f"installing {n} ...")
        try:
            console.print(f"{n}: installed {install(known[n])}")
        except Exception as exc:
            failed += 1
            console.print(f"[red]{n}: failed[/red] ({exc})")
    raise typer.Exit(1 if failed else 0)


def predict(tool: str, docs: list[Document], policy: str | None = None, threshold: float | None = None) -> tuple[dict[str, Prediction], float, str]:
    """Predictions of ``tool`` on ``docs``: (by id, seconds, error tail)."""
    t0 = time.perf_counter()
    if tool == "mask-everything":  # the floor: every character masked
        everything: dict[str, Prediction] = {str(d["id"]): {"id": d["id"], "spans": [{"start": 0, "end": len(d["text"]), "label": "ALL", "score": 1.0}]} for d in docs}
        return everything, 0.0, ""
    if tool == "coatcheck":
        from ..masker import Masker
        from ..policy import Policy

        masker = Masker(policy=Policy.load(policy))
        preds: dict[str, Prediction] = {}
        for d in track(docs, description="coatcheck", console=console, disable=not console.is_terminal):
            try:
                r = masker.mask(d["text"])
                preds[str(d["id"])] = {"id": d["id"], "spans": [{"start": s.start, "end": s.end, "label": s.category, "score": s.score} for s in r.spans], "masked_text": r.text}
            except Exception as exc:  # a failed document scores as "no output"
                preds[str(d["id"])] = {"id": d["id"], "error": exc.__class__.__name__}
        return preds, time.perf_counter() - t0, ""
    from .peers import peers, run_peer

    known = peers()
    if tool not in known:
        raise typer.BadParameter(f"unknown tool {tool!r}; known: coatcheck, {', '.join(known)}")
    preds, err = run_peer(known[tool], docs, threshold)
    return preds, time.perf_counter() - t0, err


@bench.command()
def run(
    data: Path = typer.Option(..., "--data", help="Bench JSONL set."),
    out: Path = typer.Option(..., "-o", "--out", help="Predictions JSONL."),
    tool: str = typer.Option("coatcheck", "--tool", help="coatcheck or an installed peer (coatcheck bench peers list)."),
    policy: str | None = typer.Option(None, "--policy", help="coatcheck only."),
    threshold: float | None = typer.Option(None, "--threshold", help="Peers with a threshold only."),
) -> None:
    """Run a tool over a set; write its spans (and masked text, for coatcheck) per document."""
    docs = _read_jsonl(data)
    try:
        preds, secs, err = predict(tool, docs, policy, threshold)
    except RuntimeError as exc:
        console.print(f"[red]error:[/red] {exc}")
        raise typer.Exit(2) from exc
    with out.open("w", encoding="utf-8") as fh:
        for d in docs:
            fh.write(json.dumps(preds.get(str(d["id"]), {"id": d["id"], "error": "no output"}), ensure_ascii=False) + "\n")
    failed = sum(1 for d in docs if "spans" not in preds.get(str(d["id"]), {}))
    console.print(f"{tool}: {len(docs)} documents in {secs:.2f} s, {failed} without output -> {out}")
    if failed and err:
        console.print(f"{tool} stderr (tail): {err[-500:]}")


def _pct(x: float | None) -> str:
    return "n/a" if x is None else f"{100 * x:.1f}%"


@bench.command("score")
def score_cmd(
    data: Path = typer.Option(..., "--data"),
    pred: Path = typer.Option(..., "--pred"),
    json_out: Path | None = typer.Option(None, "--json", help="Also write the full result as JSON."),
    markdown: bool = typer.Option(False, "--markdown", help="Print Markdown tables instead of terminal tables."),
    by_sub: bool = typer.Option(False, "--by-sub", help="Also print leak per item sub-label (a syntax, a provider family)."),
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
        out = ["| metric | value |", "|---|---|", *[f"| {a} | {b} |" for a, b in rows], "",
               "| category | MUST_MASK items | leaked | leak rate |", "|---|---:|---:|---:|",
               *[f"| {c} | {v['items']} | {v['leaked']} | {_pct(v['leak_rate'])} |" for c, v in result["leak_by_category"].items()], "",
               "| category | MUST_KEEP items | broken | keep rate |", "|---|---:|---:|---:|",
               *[f"| {c} | {v['items']} | {v['broken']} | {_pct(v['keep_rate'])} |" for c, v in result["keep_by_category"].items()]]
        if by_sub:
            out += ["", "| sub-label | MUST_MASK items | leaked | leak rate |", "|---|---:|---:|---:|",
                    *[f"| {c} | {v['items']} | {v['leaked']} | {_pct(v['leak_rate'])} |" for c, v in result["leak_by_sub"].items()]]
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
    if by_sub:
        t = Table(title="per sub-label")
        for c in ("sub-label", "MUST_MASK", "leaked", "leak"):
            t.add_column(c, justify="right")
        for c, v in result["leak_by_sub"].items():
            t.add_row(c, str(v["items"]), str(v["leaked"]), _pct(v["leak_rate"]))
        out_console.print(t)


@bench.command()
def load(
    fmt: str = typer.Option(..., "--format", help="spans (JSONL text+spans), conll (BIO tokens), creddata (meta CSV), sidecar (dir + annotations.json)."),
    path: Path = typer.Argument(..., help="The file (spans, conll), the meta CSV (creddata) or the directory (sidecar)."),
    out: Path = typer.Option(..., "-o", "--out"),
    root: Path | None = typer.Option(None, "--root", help="creddata: directory the meta CSV's FilePath values are relative to."),
    dataset: str | None = typer.Option(None, "--dataset", help="Dataset name (default: from the path)."),
) -> None:
    """Convert another gold format into the bench JSONL schema."""
    from .loaders import LOADERS, load_creddata

    if fmt == "creddata":
        docs = load_creddata(path, root or path.parent, dataset or "creddata")
    elif fmt in LOADERS:
        docs = LOADERS[fmt](path, dataset)
    else:
        console.print(f"[red]error:[/red] unknown format {fmt!r}")
        raise typer.Exit(2)
    write_jsonl(docs, str(out))
    console.print(f"wrote {len(docs)} documents, {sum(len(d['items']) for d in docs)} gold spans to {out}")


def _tools(spec: str) -> list[str]:
    from .peers import peers

    if spec == "all":
        return ["coatcheck"] + [n for n, p in peers().items() if p.installed()] + ["mask-everything"]
    return [t.strip() for t in spec.split(",") if t.strip()]


def _meta(data: Path, docs: list[dict]) -> dict:
    cpu = next((ln.split(":", 1)[1].strip() for ln in open("/proc/cpuinfo") if ln.startswith("model name")), platform.processor()) if Path("/proc/cpuinfo").exists() else platform.processor()
    import os

    return {"data": str(data), "docs": len(docs), "date": date.today().isoformat(),
            "machine": f"{cpu}, {os.cpu_count()} cores, Python {platform.python_version()}"}


@bench.command()
def tune(
    data: Path = typer.Option(..., "--data", help="A dev split (never tune on test)."),
    tool: str = typer.Option(..., "--tool"),
    out: Path = typer.Option(Path("operating_points.json"), "-o", "--out", help="JSON file of operating points (updated in place)."),
    keep_floor: float = typer.Option(0.97, "--keep-floor", help="Minimise leak among thresholds whose keep rate is at least this."),
) -> None:
    """Choose a threshold on a dev split: the lowest leak with keep ≥ the floor (else the highest keep)."""
    from .peers import peers

    peer = peers().get(tool)
    if peer is None or not peer.threshold:
        console.print(f"[red]error:[/red] {tool!r} has no threshold to tune")
        raise typer.Exit(2)
    docs = [d for d in _read_jsonl(data) if "role" not in d]
    if any(str(d["id"]).startswith("test-") for d in docs):
        console.print("[red]error:[/red] refusing to tune on a test split")
        raise typer.Exit(2)
    rows = []
    for th in peer.threshold["grid"]:
        preds, _, _ = predict(tool, docs, threshold=th)
        r, _ = score(docs, preds)
        rows.append((th, r["leak_rate"], r["keep_rate"]))
        console.print(f"{tool} threshold {th}: leak {_pct(r['leak_rate'])}, keep {_pct(r['keep_rate'])}")
    ok = [r for r in rows if r[2] is not None and r[2] >= keep_floor]
    best = min(ok, key=lambda r: (r[1], -r[2])) if ok else max(rows, key=lambda r: r[2] or 0)
    points = json.loads(out.read_text()) if out.exists() else {}
    points[tool] = {"threshold": best[0], "leak_rate": best[1], "keep_rate": best[2], "keep_floor": keep_floor, "tuned_on": str(data)}
    out.write_text(json.dumps(points, indent=2))
    console.print(f"{tool}: operating point {best[0]} -> {out}")


@bench.command()
def compare(
    data: Path = typer.Option(..., "--data"),
    tools: str = typer.Option("all", "--tools", help="Comma-separated tools, or 'all' (coatcheck + installed peers)."),
    out_dir: Path = typer.Option(Path("bench-results"), "--out-dir"),
    points: Path | None = typer.Option(None, "--operating-points", help="Also run each tuned tool at its dev-split threshold."),
) -> None:
    """Run several tools on one set, score them side by side, write results.json, report.md and report.html."""
    from .peers import peers
    from .report import write
    from .score import char_metrics, paired_difference, strata_metrics

    all_docs = _read_jsonl(data)
    docs = [d for d in all_docs if "role" not in d]
    strata_docs = [d for d in all_docs if "role" in d]
    known = peers()
    tuned = json.loads(points.read_text()) if points else {}
    runs = [(t, None) for t in _tools(tools)] + [(t, tuned[t]["threshold"]) for t in _tools(tools) if t in tuned]
    from .peers import unrunnable

    results = {"meta": _meta(data, docs), "tools": {}, "unavailable": dict(unrunnable())}
    base_scores = None
    for tool, th in runs:
        label = tool if th is None else f"{tool}@{th}"
        if tool not in ("coatcheck", "mask-everything") and (tool not in known or not known[tool].installed()):
            results["unavailable"][tool] = "not installed (coatcheck bench peers install " + tool + ")"
            continue
        console.print(f"running {label} ...")
        try:
            preds, secs, err = predict(tool, all_docs, threshold=th)
        except Exception as exc:
            results["unavailable"][label] = f"failed: {exc.__class__.__name__}"
            continue
        r, scores = score(docs, preds)
        r["intervals"] = bootstrap(scores)
        entry = {"result": r, "seconds": secs, "version": known[tool].version() if tool in known else "",
                 "char": char_metrics(docs, preds)}
        if tool == "coatcheck":
            from .. import __version__

            entry["version"] = __version__
            base_scores = scores
        elif base_scores is not None:
            entry["vs_coatcheck"] = paired_difference(base_scores, scores)
        if strata_docs:
            entry["strata"] = strata_metrics(strata_docs, preds)
        if r["failed_docs"] and err:
            entry["stderr_tail"] = err[-500:]
        results["tools"][label] = entry
    write(results, out_dir)
    console.print(f"wrote {out_dir}/results.json, report.md, report.html")


@bench.command("docs")
def docs_cmd(
    data: list[Path] = typer.Argument(..., help="Document set JSONL files (bench/docs/SOURCES.md)."),
    tools: str = typer.Option("coatcheck:document,coatcheck:strict,mask-everything", "--tools",
                              help="Comma-separated: coatcheck:POLICY, an installed peer, mask-everything. The first is "
                                   "the one the others are compared with."),
    split: str | None = typer.Option(None, "--split", help="Only documents of this split (dev, test); all by default."),
    out: Path | None = typer.Option(None, "-o", "--out", help="Write every figure as JSON here."),
    report: Path | None = typer.Option(None, "--report", help="Write the markdown table here (it is printed too)."),
    all_labels: bool = typer.Option(False, "--all-labels", help="Score every span, also those of a label the set was "
                                    "not annotated for (a date in a corpus that marks only persons)."),
) -> None:
    """Character-level recall / precision / F2 on span-gold document sets, labels ignored: per set, macro, leave
    one set out, bootstrap intervals, every tool against the first."""
    from .docs import doc_table, load_docsets, markdown, paired_macro
    from .peers import peers

    try:
        docs = load_docsets(data, split)
    except (OSError, ValueError, KeyError) as exc:
        console.print(f"[red]error:[/red] {exc}")
        raise typer.Exit(2) from exc
    if not docs:
        console.print("[red]error:[/red] no documents" + (f" in split {split!r}" if split else ""))
        raise typer.Exit(2)
    known = peers()
    tables, all_preds, seconds = {}, {}, {}
    names = [t.strip() for t in tools.split(",") if t.strip()]
    for name in names:
        tool, _, pol = name.partition(":")
        if tool not in ("coatcheck", "mask-everything") and (tool not in known or not known[tool].installed()):
            console.print(f"{name}: not installed (coatcheck bench peers install {tool}); left out")
            continue
        console.print(f"running {name} on {len(docs)} documents ...")
        try:
            preds, secs, err = predict(tool, docs, pol or None)
        except CoatcheckError as exc:
            console.print(f"[red]error:[/red] {name}: {exc}")
            raise typer.Exit(2) from None
        all_preds[name], seconds[name] = preds, secs
        tables[name] = doc_table(docs, preds, annotated_only=not all_labels)
        if tables[name].failed and err:
            console.print(f"{name} stderr (tail): {err[-500:]}")
    if not tables:
        raise typer.Exit(2)
    first = next(iter(tables))
    diffs = {n: paired_macro(docs, all_preds[first], p, annotated_only=not all_labels) for n, p in all_preds.items() if n != first}
    md = markdown(tables, diffs, first)
    chars = sum(len(d["text"]) for d in docs)
    md += f"\n{len(docs)} documents, {chars:,} characters; seconds: " + ", ".join(f"{n} {s:.1f}" for n, s in seconds.items()) + "\n"
    console.print(md, markup=False, highlight=False)
    if report:
        report.write_text(md, encoding="utf-8")
    if out:
        out.write_text(json.dumps({"tools": {n: t.as_dict() | {"seconds": seconds[n]} for n, t in tables.items()},
                                   "versus_first": diffs, "documents": len(docs), "characters": chars,
                                   "split": split, "data": [str(p) for p in data]}, indent=1), encoding="utf-8")


@bench.command()
def latency(
    tools: str = typer.Option("all", "--tools"),
    sizes: str = typer.Option("2000,30000,100000", "--sizes"),
    rounds: int = typer.Option(5, "--rounds"),
    out: Path = typer.Option(Path("bench-results/latency.json"), "-o", "--out"),
    data: Path | None = typer.Option(None, "--data", help="Benchmark JSONL whose documents, concatenated, are the texts (default: our generator's)."),
) -> None:
    """Median latency per size, cold start and peak memory for every tool, in one run on this machine."""
    from .latency import measure

    size_list = [int(s) for s in sizes.split(",")]
    if data is not None and not data.is_file():
        raise typer.BadParameter(f"{data}: no such file", param_hint="--data")
    tools_out: dict[str, dict] = {}
    res = {"sizes": size_list, "rounds": rounds, "meta": _meta(data or Path("-"), []), "tools": tools_out,
           "texts": str(data) if data else "generated"}
    for tool in [t for t in _tools(tools) if t != "mask-everything"]:
        console.print(f"timing {tool} ...")
        try:
            tools_out[tool] = measure(tool, size_list, rounds, data=str(data) if data else None)
        except Exception as exc:
            tools_out[tool] = {"error": f"{exc.__class__.__name__}: {exc}"[:120]}
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(res, indent=2))
    from .report import latency_markdown

    sys.stdout.write(latency_markdown(res))


@bench.command()
def report(
    results: Path = typer.Option(Path("bench-results/results.json"), "--results"),
    latency_file: Path | None = typer.Option(None, "--latency", help="latency.json to include."),
    out_dir: Path | None = typer.Option(None, "--out-dir"),
) -> None:
    """Rebuild report.md and report.html from saved results (and latency)."""
    from .report import write

    res = json.loads(results.read_text())
    lat = json.loads(latency_file.read_text()) if latency_file else None
    write(res, out_dir or results.parent, lat)
    console.print(f"wrote {(out_dir or results.parent)}/report.md and report.html")
