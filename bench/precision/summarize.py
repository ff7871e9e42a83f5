"""Findings per 1,000 lines by category, git dates masked, and a random sample to classify by hand.

    python bench/precision/summarize.py CORPUS.jsonl SCAN.jsonl [--sample 50]

Prints values of the sample to your terminal only (the corpus is material already on this machine)."""

from __future__ import annotations

import argparse
import collections
import json
import random

from coatcheck.detect.dates import date_ranges


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("corpus")
    ap.add_argument("scan")
    ap.add_argument("--sample", type=int, default=50)
    ap.add_argument("--seed", type=int, default=2026)
    a = ap.parse_args()
    docs = {d["id"]: d["text"] for d in map(json.loads, open(a.corpus, encoding="utf-8"))}
    lines = sum(t.count("\n") + 1 for i, t in docs.items() if not i.startswith("gitlog:"))
    cats: collections.Counter[str] = collections.Counter()
    rows, git_dates = [], 0
    for d in map(json.loads, open(a.scan, encoding="utf-8")):
        text = docs[d["id"]]
        if d["id"].startswith("gitlog:"):
            ranges = date_ranges(text)
            git_dates += sum(1 for s in d["spans"] if any(x < s["end"] and s["start"] < y for x, y in ranges))
            continue
        for s in d["spans"]:
            cats[s["label"]] += 1
            rows.append((d["id"], s))
    print(f"{lines} lines")
    for c, n in cats.most_common():
        print(f"{c:14} {n:6}  {1000 * n / lines:.2f} per 1,000 lines")
    print(f"git log: dates masked {git_dates}")
    rnd = random.Random(a.seed)
    for n, (i, s) in enumerate(rnd.sample(rows, min(a.sample, len(rows)))):
        t = docs[i]
        print(n, s["label"], i[:40], "|", repr(t[max(0, s["start"] - 40) : s["start"]]), "[[", t[s["start"] : s["end"]], "]]")


if __name__ == "__main__":
    main()
