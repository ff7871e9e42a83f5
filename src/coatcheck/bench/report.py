"""Reports: Markdown tables and a self-contained HTML page with inline SVG plots (no scripts, no network)."""

from __future__ import annotations

import html
import json
from pathlib import Path


def pct(x: float | None, digits: int = 1) -> str:
    return "n/a" if x is None else f"{100 * x:.{digits}f}%"


def ci(pair) -> str:
    return f"[{pct(pair[0])}, {pct(pair[1])}]" if pair else ""


def _category_table(tools: dict, key: str, rate: str, title: str) -> list[str]:
    """One row per category, one column per tool."""
    cats = sorted({c for t in tools.values() for c in t["result"][key]})
    lines = ["", title, "", "| category | items | " + " | ".join(tools) + " |", "|---|---:|" + "---:|" * len(tools)]
    for c in cats:
        n_items = next((t["result"][key][c]["items"] for t in tools.values() if c in t["result"][key]), 0)
        row = [pct(t["result"][key].get(c, {}).get(rate)) for t in tools.values()]
        lines.append(f"| {c} | {n_items} | " + " | ".join(row) + " |")
    return lines


def markdown(results: dict) -> str:
    tools = results["tools"]
    meta = results["meta"]
    lines = [f"Data: `{meta['data']}` ({meta['docs']} documents). Date {meta['date']}, {meta['machine']}.", "",
             "| tool | version | leak | 95% CI | keep | 95% CI | docs with a leak | clean docs touched | outside chars /1k | JSON parses | no output |",
             "|---|---|---:|---|---:|---|---:|---:|---:|---:|---:|"]
    for name, t in tools.items():
        r = t["result"]
        lines.append(f"| {name} | {t.get('version', '')} | {pct(r['leak_rate'])} | {ci(r['intervals']['leak_rate'])} | {pct(r['keep_rate'])} | "
                     f"{ci(r['intervals']['keep_rate'])} | {pct(r['docs_with_leak'])} | {pct(r['clean_docs_touched'])} | "
                     f"{r['outside_chars_per_1000']:.1f} | {pct(r['json_parse_rate'])} | {r['failed_docs']} |")
    diffs = {n: t["vs_coatcheck"] for n, t in tools.items() if t.get("vs_coatcheck")}
    if diffs:
        lines += ["", "coatcheck minus each tool (paired bootstrap over documents; a win or loss only when the interval excludes 0):", "",
                  "| tool | Δ leak (coatcheck − tool) | 95% CI | verdict | Δ keep | 95% CI | verdict |", "|---|---:|---|---|---:|---|---|"]
        for n, d in diffs.items():
            lv = "coatcheck leaks less" if d["leak_rate"][2] < 0 else ("coatcheck leaks more" if d["leak_rate"][1] > 0 else "no difference")
            kv = "coatcheck keeps more" if d["keep_rate"][1] > 0 else ("coatcheck keeps less" if d["keep_rate"][2] < 0 else "no difference")
            lines.append(f"| {n} | {100 * d['leak_rate'][0]:+.1f} pt | [{100 * d['leak_rate'][1]:+.1f}, {100 * d['leak_rate'][2]:+.1f}] | {lv} | "
                         f"{100 * d['keep_rate'][0]:+.1f} pt | [{100 * d['keep_rate'][1]:+.1f}, {100 * d['keep_rate'][2]:+.1f}] | {kv} |")
    lines += _category_table(tools, "leak_by_category", "leak_rate", "Leak rate per category (MUST_MASK items):")
    lines += _category_table(tools, "keep_by_category", "keep_rate", "Keep rate per category (MUST_KEEP items):")
    if any(t.get("char") for t in tools.values()):
        lines += ["", "Character level over MUST_MASK characters (labels ignored; macro over datasets):", "",
                  "| tool | recall | precision | F2 | F1 | F0.5 | macro F2 leave-one-dataset-out |", "|---|---:|---:|---:|---:|---:|---|"]
        for n, t in tools.items():
            m = (t.get("char") or {}).get("macro")
            if m:
                lodo = t["char"].get("macro_f2_leave_one_out")
                lines.append(f"| {n} | {pct(m['recall'])} | {pct(m['precision'])} | {m['f2']:.3f} | {m['f1']:.3f} | {m['f05']:.3f} | "
                             + (f"{lodo[0]:.3f}–{lodo[1]:.3f}" if lodo else "one dataset") + " |")
    if any(t.get("strata") for t in tools.values()):
        lines += ["", "Code strata:", "", "| tool | live recall | example silence | pair success | placeholder silence | clean docs with a false positive |",
                  "|---|---:|---:|---:|---:|---:|"]
        for n, t in tools.items():
            s = t.get("strata")
            if s:
                lines.append(f"| {n} | {pct(s['live_recall'])} | {pct(s['example_silence'])} | {pct(s['pair_success'])} | {pct(s['placeholder_silence'])} | {pct(s['clean_false_positive_docs'])} |")
    if any(t.get("seconds") for t in tools.values()):
        lines += ["", "Wall time for the whole set (including each peer's start-up in its own process):", "",
                  "| tool | seconds |", "|---|---:|"] + [f"| {n} | {t['seconds']:.1f} |" for n, t in tools.items() if t.get("seconds")]
    if results.get("unavailable"):
        lines += ["", "Not run:", ""] + [f"- {n}: {why}" for n, why in results["unavailable"].items()]
    return "\n".join(lines) + "\n"


_COLORS = ["#d62728", "#1f77b4", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22", "#17becf", "#393b79", "#637939"]


def _scatter(tools: dict) -> str:
    w, h, pad = 560, 380, 50
    pts = []
    for i, (n, t) in enumerate(tools.items()):
        r = t["result"]
        if r["leak_rate"] is None or r["keep_rate"] is None:
            continue
        x = pad + (1 - r["leak_rate"]) * (w - 2 * pad)
        y = h - pad - r["keep_rate"] * (h - 2 * pad)
        c = _COLORS[i % len(_COLORS)]
        pts.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="6" fill="{c}"><title>{html.escape(n)}: leak {pct(r["leak_rate"])}, keep {pct(r["keep_rate"])}</title></circle>'
                   f'<text x="{x + 8:.1f}" y="{y - 6:.1f}" font-size="11">{html.escape(n)}</text>')
    axes = (f'<line x1="{pad}" y1="{h - pad}" x2="{w - pad}" y2="{h - pad}" stroke="#333"/><line x1="{pad}" y1="{pad}" x2="{pad}" y2="{h - pad}" stroke="#333"/>'
            f'<text x="{w / 2}" y="{h - 12}" text-anchor="middle" font-size="12">1 − leak rate (right is safer)</text>'
            f'<text x="14" y="{h / 2}" transform="rotate(-90 14 {h / 2})" text-anchor="middle" font-size="12">keep rate (up is more readable)</text>')
    for v in (0, 0.5, 1):
        axes += f'<text x="{pad + v * (w - 2 * pad):.0f}" y="{h - pad + 16}" font-size="10" text-anchor="middle">{v:.1f}</text>'
        axes += f'<text x="{pad - 6}" y="{h - pad - v * (h - 2 * pad) + 4:.0f}" font-size="10" text-anchor="end">{v:.1f}</text>'
    return f'<svg width="{w}" height="{h}" xmlns="http://www.w3.org/2000/svg">{axes}{"".join(pts)}</svg>'


def _bars(tools: dict, key: str, rate: str, title: str) -> str:
    cats = sorted({c for t in tools.values() for c in t["result"][key]})
    names = list(tools)
    bw, gap, h, pad = 9, 14, 260, 40
    w = pad + len(cats) * (len(names) * bw + gap) + 20
    out = [f'<text x="{pad}" y="14" font-size="12">{html.escape(title)}</text>',
           f'<line x1="{pad}" y1="{h - pad}" x2="{w}" y2="{h - pad}" stroke="#333"/>']
    for ci_, c in enumerate(cats):
        x0 = pad + ci_ * (len(names) * bw + gap)
        for ti, n in enumerate(names):
            v = tools[n]["result"][key].get(c, {}).get(rate)
            if v is None:
                continue
            bh = v * (h - 2 * pad)
            out.append(f'<rect x="{x0 + ti * bw}" y="{h - pad - bh:.1f}" width="{bw - 1}" height="{bh:.1f}" fill="{_COLORS[ti % len(_COLORS)]}">'
                       f'<title>{html.escape(n)} {html.escape(c)}: {pct(v)}</title></rect>')
        out.append(f'<text x="{x0}" y="{h - pad + 14}" font-size="10" transform="rotate(30 {x0} {h - pad + 14})">{html.escape(c)}</text>')
    return f'<svg width="{w}" height="{h + 30}" xmlns="http://www.w3.org/2000/svg">{"".join(out)}</svg>'


def _legend(tools: dict) -> str:
    return " ".join(f'<span style="color:{_COLORS[i % len(_COLORS)]}">■</span> {html.escape(n)}' for i, n in enumerate(tools))


def _md_table_to_html(md: str) -> str:
    out, in_table = [], False
    for line in md.splitlines():
        if line.startswith("|"):
            cells = [c.strip() for c in line.strip("|").split("|")]
            if all(set(c) <= set("-:") for c in cells):
                continue
            tag = "th" if not in_table else "td"
            if not in_table:
                out.append("<table>")
                in_table = True
            out.append("<tr>" + "".join(f"<{tag}>{html.escape(c)}</{tag}>" for c in cells) + "</tr>")
        else:
            if in_table:
                out.append("</table>")
                in_table = False
            if line.strip():
                out.append(f"<p>{html.escape(line)}</p>")
    if in_table:
        out.append("</table>")
    return "\n".join(out)


def html_page(results: dict, latency: dict | None = None) -> str:
    tools = results["tools"]
    parts = [
        "<!doctype html><html><head><meta charset='utf-8'><title>coatcheck bench</title>",
        "<style>body{font-family:system-ui,sans-serif;max-width:1100px;margin:2em auto;padding:0 1em}table{border-collapse:collapse;margin:1em 0;font-size:13px}"
        "td,th{border:1px solid #ccc;padding:3px 7px;text-align:right}td:first-child,th:first-child{text-align:left}svg{display:block;margin:1em 0}</style></head><body>",
        "<h1>coatcheck bench</h1>", f"<p>{_legend(tools)}</p>",
        "<h2>Leak vs keep</h2>", _scatter(tools),
        "<h2>Per category</h2>", _bars(tools, "leak_by_category", "leak_rate", "leak rate per category (lower is safer)"),
        _bars(tools, "keep_by_category", "keep_rate", "keep rate per category (higher is more readable)"),
    ]
    if latency:
        parts += ["<h2>Latency</h2>", latency_svg(latency), _md_table_to_html(latency_markdown(latency))]
    parts += ["<h2>Tables</h2>", _md_table_to_html(markdown(results)), "</body></html>"]
    return "\n".join(parts)


def latency_markdown(lat: dict) -> str:
    sizes = lat["sizes"]
    lines = [f"Latency, median of {lat['rounds']} rounds after a warm-up, same texts for every tool ({lat['meta']['date']}, {lat['meta']['machine']}).", "",
             "| tool | " + " | ".join(f"{s:,} chars" for s in sizes) + " | ratio to coatcheck at 30k | cold start | peak RSS |",
             "|---|" + "---:|" * (len(sizes) + 3)]
    base = lat["tools"].get("coatcheck", {}).get("median_ms", {})
    notes = []

    def num(v: float | None, fmt: str) -> str:
        return "–" if v is None or v != v else fmt.format(v)

    for n, t in lat["tools"].items():
        if "error" in t:
            lines.append(f"| {n} | " + " | ".join("–" for _ in sizes) + f" | – | – | {t['error']} |")
            continue
        med = t["median_ms"]
        ratio = med.get("30000") / base["30000"] if base.get("30000") and med.get("30000") else None
        mark = " ¹" if t.get("includes_process_start") else ""
        if mark:
            notes.append(f"¹ {n}: its runner works in batches, so every measurement includes starting the tool's process.")
        lines.append(f"| {n}{mark} | " + " | ".join(num(med.get(str(s)), "{:.1f} ms") for s in sizes)
                     + f" | {num(ratio, '{:.1f}×')} | {num(t.get('cold_start_s'), '{:.2f} s')} | {num(t.get('peak_rss_mb'), '{:.0f} MB')} |")
    return "\n".join(lines + ([""] + notes if notes else [])) + "\n"


def latency_svg(lat: dict) -> str:
    w, h, pad = 560, 320, 50
    sizes = lat["sizes"]
    vals = [v for t in lat["tools"].values() for v in t.get("median_ms", {}).values() if v]
    if not vals:
        return ""
    import math

    top = math.log10(max(vals) * 1.5)
    bottom = math.log10(max(min(vals) / 1.5, 0.01))

    def y(v: float) -> float:
        return h - pad - (math.log10(v) - bottom) / (top - bottom) * (h - 2 * pad)

    out = [f'<line x1="{pad}" y1="{h - pad}" x2="{w - pad}" y2="{h - pad}" stroke="#333"/>',
           f'<text x="14" y="{h / 2}" transform="rotate(-90 14 {h / 2})" text-anchor="middle" font-size="12">median ms (log)</text>']
    xs = {s: pad + i * (w - 2 * pad) / max(1, len(sizes) - 1) for i, s in enumerate(sizes)}
    for s, x in xs.items():
        out.append(f'<text x="{x:.0f}" y="{h - pad + 16}" font-size="10" text-anchor="middle">{s:,}</text>')
    for i, (n, t) in enumerate(lat["tools"].items()):
        pts = [(xs[s], y(t["median_ms"][str(s)])) for s in sizes if t.get("median_ms", {}).get(str(s))]
        if len(pts) >= 1:
            c = _COLORS[i % len(_COLORS)]
            out.append(f'<polyline fill="none" stroke="{c}" stroke-width="2" points="{" ".join(f"{a:.1f},{b:.1f}" for a, b in pts)}"/>')
            out.append(f'<text x="{pts[-1][0] + 4:.0f}" y="{pts[-1][1]:.0f}" font-size="10" fill="{c}">{html.escape(n)}</text>')
    return f'<svg width="{w + 80}" height="{h}" xmlns="http://www.w3.org/2000/svg">{"".join(out)}</svg>'


def write(results: dict, out_dir: Path, latency: dict | None = None) -> None:
    out_dir.mkdir(parents=True, exist_ok=True)
    (out_dir / "results.json").write_text(json.dumps(results, indent=2))
    (out_dir / "report.md").write_text(markdown(results) + ("\n" + latency_markdown(latency) if latency else ""))
    (out_dir / "report.html").write_text(html_page(results, latency))
