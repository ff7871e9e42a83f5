"""Run coatcheck's Masker over the scanner test vectors extracted by extract.py and report recall / flag rates.

    python bench/scanners/measure.py                    # summary
    python bench/scanners/measure.py --show 5           # + 5 missed positives / flagged negatives per project
    python bench/scanners/measure.py --json work/results.jsonl

Positive case: "masked" when the secret value no longer appears in the masked text (no secret value known:
when any secret-like span was found).  Also reported: "covered" (every occurrence of the secret lies inside the
masked spans, i.e. nothing of it leaks) and "all pieces" (every listed piece of a multi-part secret is gone).
Negative case: "flagged" when any span of a secret-like category (secret / *password* / *credential*) is found.

--show prints fixture texts (the scanners' own test vectors) for local diagnosis only; the summary never prints
secret values.
"""

from __future__ import annotations

import argparse
import collections
import datetime as _dt
import json
import multiprocessing as mp
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
WORK = HERE / "work"
ROOT = HERE.parent.parent
SECRETISH_WORDS = ("secret", "password", "credential")

_masker = None
_SRC = str(ROOT / "src")


def secretish(category: str) -> bool:
    c = category.lower()
    return c == "secret" or any(w in c for w in SECRETISH_WORDS)


def _init_worker(src):
    global _masker
    sys.path.insert(0, src)
    from coatcheck import Masker

    if not str(Path(sys.modules["coatcheck"].__file__)).startswith(str(Path(src).resolve())):
        raise RuntimeError(f"coatcheck imported from {sys.modules['coatcheck'].__file__}, not from {src}")

    _masker = Masker()


def _covered(text: str, secret: str, spans) -> bool:
    """Every occurrence of ``secret`` in ``text`` lies inside the union of the spans."""
    iv = sorted((s.start, s.end) for s in spans)
    start = text.find(secret)
    if start < 0:
        return False
    while start >= 0:
        end = start + len(secret)
        pos = start
        for a, b in iv:
            if b <= pos:
                continue
            if a > pos:
                break
            pos = max(pos, b)
            if pos >= end:
                break
        if pos < end:
            return False
        start = text.find(secret, start + 1)
    return True


def _run_one(item):
    idx, case = item
    t0 = time.perf_counter()
    try:
        r = _masker.mask(case["text"])
        err = None
    except Exception as e:  # noqa: BLE001 -- a crash on a fixture is a result too
        r = None
        err = f"{type(e).__name__}: {str(e)[:200]}"
    dt = time.perf_counter() - t0
    out = {"i": idx, "ms": round(dt * 1000, 2), "error": err}
    if r is None:
        out.update(hit=False, covered=False, all_pieces=False, categories=[], secret_categories=[])
        return out
    cats = sorted({s.category for s in r.spans})
    sec_spans = [s for s in r.spans if secretish(s.category)]
    out["categories"] = cats
    out["n_spans"] = len(r.spans)
    if case["kind"] == "positive":
        secret = case.get("secret")
        if secret:
            out["hit"] = secret not in r.text
            out["covered"] = _covered(case["text"], secret, r.spans)
            pieces = case.get("all_secrets") or [secret]
            out["all_pieces"] = all(p not in r.text for p in pieces)
            # which categories covered the secret (for diagnosis)
            a = case["text"].find(secret)
            b = a + len(secret)
            out["secret_categories"] = sorted({s.category for s in r.spans if s.start < b and s.end > a})
        else:
            out["hit"] = bool(sec_spans)
            out["covered"] = out["hit"]
            out["all_pieces"] = out["hit"]
            out["secret_categories"] = sorted({s.category for s in sec_spans})
    else:
        out["hit"] = bool(sec_spans)  # flagged
        out["secret_categories"] = sorted({s.category for s in sec_spans})
    return out


def src_fingerprint(src: Path) -> tuple[str, int]:
    """sha256 over the paths and bytes of every file of the coatcheck package that is measured."""
    import hashlib

    h = hashlib.sha256()
    n = 0
    for p in sorted((src / "coatcheck").rglob("*")):
        if p.is_file() and "__pycache__" not in p.parts:
            h.update(p.relative_to(src).as_posix().encode() + b"\0" + p.read_bytes() + b"\0")
            n += 1
    return h.hexdigest()[:12], n


def subgroup(case) -> str:
    tags = case.get("tags") or []
    p = case["project"]
    if p == "gitleaks":
        if any(t.startswith("sample-template:") for t in tags):
            return "GenerateSampleSecret(s) templates"
        return "literal tps/fps"
    if p == "trufflehog":
        if "pattern-constant" in tags:
            return "validPattern/invalidPattern constants (bare values)"
        if case["kind"] == "negative":
            name = next((t[5:] for t in tags if t.startswith("case:")), "").lower()
            if name.startswith("valid"):
                return "table negatives named 'valid pattern...' (real-format value)"
            return "table negatives (invalid pattern & other)"
        return "test-table inputs"
    if p == "CredSweeper":
        if case["kind"] == "negative":
            return "hard negatives (a looser CredSweeper run flags them)" if "hard-negative" in tags \
                else "plain sample lines"
        return "multi-line findings" if "multi-line-finding" in tags else "single-line findings"
    if p == "detect-secrets":
        return "keyword plugin" if case["family"].startswith("keyword") else "other plugins"
    return "-"


def pct(a, b):
    return f"{100.0 * a / b:5.1f}%" if b else "   - "


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--cases", default=str(WORK / "cases.jsonl"))
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--limit", type=int, default=0, help="only the first N cases (smoke test)")
    ap.add_argument("--project", nargs="*", help="only these projects")
    ap.add_argument("--show", type=int, default=0,
                    help="print N missed positives and N flagged negatives per project (local diagnosis only)")
    ap.add_argument("--json", help="write per-case results (JSON lines) here")
    ap.add_argument("--worst", type=int, default=25, help="families listed by misses")
    ap.add_argument("--src", default=_SRC,
                    help="folder holding the coatcheck package to measure (default: this checkout's src/; e.g. "
                         "an unpacked `git archive HEAD src` to measure the last commit)")
    args = ap.parse_args(argv)

    cases = [json.loads(line) for line in Path(args.cases).read_text(encoding="utf-8").splitlines() if line.strip()]
    if args.project:
        cases = [c for c in cases if c["project"] in args.project]
    if args.limit:
        cases = cases[: args.limit]
    report_path = Path(args.cases).parent / "extract_report.json"
    ext = json.loads(report_path.read_text()) if report_path.exists() else {"commits": {}, "projects": {}}

    src = Path(args.src).resolve()
    sys.path.insert(0, str(src))
    try:
        import coatcheck

        version = getattr(coatcheck, "__version__", "?")
    except Exception:  # noqa: BLE001
        version = "?"
    try:
        import subprocess

        head = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"], capture_output=True,
                              text=True).stdout.strip()
        dirty = subprocess.run(["git", "-C", str(ROOT), "status", "--porcelain", "--", "src"], capture_output=True,
                               text=True).stdout.strip()
    except Exception:  # noqa: BLE001
        head, dirty = "?", ""

    print(f"run date     {_dt.datetime.now().astimezone().isoformat(timespec='seconds')}")
    fp, nfiles = src_fingerprint(src)
    print(f"coatcheck    {version}  from {src}  (fingerprint {fp} over {nfiles} files)")
    if src == Path(_SRC).resolve():
        print(f"             repo HEAD {head}{'; src/ has uncommitted or untracked changes' if dirty else ''}")
    for name, commit in ext.get("commits", {}).items():
        print(f"fixtures     {name:15s} {commit}")
    print(f"cases        {len(cases)}  ({args.cases})")

    t0 = time.perf_counter()
    results: list[dict] = [None] * len(cases)  # type: ignore[list-item]
    with mp.get_context("spawn").Pool(args.workers, initializer=_init_worker, initargs=(str(src),)) as pool:
        for res in pool.imap_unordered(_run_one, list(enumerate(cases)), chunksize=64):
            results[res["i"]] = res
    wall = time.perf_counter() - t0
    print(f"masked in    {wall:.1f}s wall with {args.workers} workers "
          f"(mean {sum(r['ms'] for r in results) / max(1, len(results)):.1f} ms/case)")
    errors = [r for r in results if r["error"]]
    if errors:
        print(f"ERRORS       {len(errors)} cases raised; first: {errors[0]['error']}")

    projects = list(dict.fromkeys(c["project"] for c in cases))
    agg = collections.defaultdict(collections.Counter)
    sub = collections.defaultdict(collections.Counter)
    fam = collections.defaultdict(collections.Counter)
    neg_cats = collections.defaultdict(collections.Counter)
    pos_cats = collections.defaultdict(collections.Counter)
    for c, r in zip(cases, results, strict=False):
        p = c["project"]
        k = c["kind"]
        a = agg[p]
        g = sub[p, subgroup(c)]
        if k == "positive":
            a["pos"] += 1
            a["masked"] += r["hit"]
            a["covered"] += r["covered"]
            a["all_pieces"] += r["all_pieces"]
            a["nosecret"] += not c.get("secret")
            g["pos"] += 1
            g["masked"] += r["hit"]
            f = fam[p, c["family"]]
            f["pos"] += 1
            f["miss"] += not r["hit"]
            if r["hit"]:
                for cat in r.get("secret_categories") or ["(none overlapping)"]:
                    pos_cats[p][cat] += 1
        else:
            a["neg"] += 1
            a["flagged"] += r["hit"]
            g["neg"] += 1
            g["flagged"] += r["hit"]
            if r["hit"]:
                for cat in r["secret_categories"]:
                    neg_cats[p][cat] += 1

    print()
    print("Counts from extraction (after dedup; skipped = entries the extractor could not evaluate / did not take)")
    for p in projects:
        e = ext.get("projects", {}).get(p, {})
        sk = e.get("skipped", {})
        print(f"  {p:15s} positives {agg[p]['pos']:6d}  negatives {agg[p]['neg']:6d}  "
              f"skipped {sum(sk.values()):5d}  (positives without a known secret value: {agg[p]['nosecret']})")
        for why, n in sorted(sk.items(), key=lambda kv: -kv[1])[:6]:
            print(f"      {n:5d}  {why}")

    print()
    hdr = f"  {'project':15s} {'pos':>6s} {'masked':>7s} {'recall':>7s} {'covered':>8s} {'allparts':>8s}  " \
          f"{'neg':>6s} {'flagged':>7s} {'flag%':>7s}"
    print("Recall (positives masked) and negatives flagged")
    print(hdr)
    tot = collections.Counter()
    for p in projects:
        a = agg[p]
        tot.update(a)
        print(f"  {p:15s} {a['pos']:6d} {a['masked']:7d} {pct(a['masked'], a['pos']):>7s} "
              f"{pct(a['covered'], a['pos']):>8s} {pct(a['all_pieces'], a['pos']):>8s}  "
              f"{a['neg']:6d} {a['flagged']:7d} {pct(a['flagged'], a['neg']):>7s}")
    print(f"  {'POOLED':15s} {tot['pos']:6d} {tot['masked']:7d} {pct(tot['masked'], tot['pos']):>7s} "
          f"{pct(tot['covered'], tot['pos']):>8s} {pct(tot['all_pieces'], tot['pos']):>8s}  "
          f"{tot['neg']:6d} {tot['flagged']:7d} {pct(tot['flagged'], tot['neg']):>7s}")
    macro_r = [agg[p]["masked"] / agg[p]["pos"] for p in projects if agg[p]["pos"]]
    macro_f = [agg[p]["flagged"] / agg[p]["neg"] for p in projects if agg[p]["neg"]]
    if macro_r:
        print(f"  {'macro mean':15s} {'':6s} {'':7s} {100 * sum(macro_r) / len(macro_r):6.1f}% "
              f"{'':8s} {'':8s}  {'':6s} {'':7s} {100 * sum(macro_f) / max(1, len(macro_f)):6.1f}%")
    print("  covered  = every occurrence of the secret lies inside masked spans (nothing of it leaks)")
    print("  allparts = every listed part of a multi-part secret (id+secret pairs, PEM body lines) is gone")

    print()
    print("By subgroup")
    for (p, gname), g in sorted(sub.items()):
        parts = []
        if g["pos"]:
            parts.append(f"recall {pct(g['masked'], g['pos'])} of {g['pos']}")
        if g["neg"]:
            parts.append(f"flagged {pct(g['flagged'], g['neg'])} of {g['neg']}")
        print(f"  {p:15s} {gname:60s} {'; '.join(parts)}")

    print()
    print("Span categories that masked the positives / flagged the negatives")
    for p in projects:
        pc = ", ".join(f"{k} {v}" for k, v in pos_cats[p].most_common(6))
        nc = ", ".join(f"{k} {v}" for k, v in neg_cats[p].most_common(6)) or "-"
        print(f"  {p:15s} positives: {pc}")
        print(f"  {'':15s} negatives: {nc}")

    print()
    print(f"Worst {args.worst} families by missed positives")
    worst = sorted(fam.items(), key=lambda kv: (-kv[1]["miss"], kv[0]))[: args.worst]
    for (p, f), v in worst:
        if not v["miss"]:
            break
        print(f"  {v['miss']:5d} missed of {v['pos']:5d}  recall {pct(v['pos'] - v['miss'], v['pos'])}  {p}: {f}")

    if args.show:
        print()
        print("=" * 100)
        print("DIAGNOSIS (prints fixture texts; local use only)")
        for p in projects:
            missed = [(c, r) for c, r in zip(cases, results, strict=False) if c["project"] == p and c["kind"] == "positive"
                      and not r["hit"]]
            flagged = [(c, r) for c, r in zip(cases, results, strict=False) if c["project"] == p and c["kind"] == "negative"
                       and r["hit"]]
            print(f"--- {p}: {len(missed)} missed positives (showing {min(args.show, len(missed))})")
            step = max(1, len(missed) // args.show) if missed else 1
            for c, r in missed[::step][: args.show]:
                print(f"  [{c['family']}] {c['source']}  spans={r.get('categories')}")
                print(f"      {json.dumps(c['text'][:160], ensure_ascii=False)}")
            print(f"--- {p}: {len(flagged)} flagged negatives (showing {min(args.show, len(flagged))})")
            step = max(1, len(flagged) // args.show) if flagged else 1
            for c, r in flagged[::step][: args.show]:
                print(f"  [{c['family']}] {c['source']}  secret-like spans={r.get('secret_categories')}")
                print(f"      {json.dumps(c['text'][:160], ensure_ascii=False)}")

    if args.json:
        outp = Path(args.json)
        outp.parent.mkdir(parents=True, exist_ok=True)
        with outp.open("w", encoding="utf-8") as fh:
            for c, r in zip(cases, results, strict=False):
                row = {k: c[k] for k in ("project", "source", "kind", "family")}
                row.update({k: v for k, v in r.items() if k != "i"})
                fh.write(json.dumps(row, ensure_ascii=False) + "\n")
        print(f"\nper-case results written to {outp}")


if __name__ == "__main__":
    main()
