"""Step 6: evaluate the exported model (through coatcheck's runtime detector) on the test split, which shares no
template and no name with training: span precision/recall per label, per language and per kind.

A predicted span counts as correct when it overlaps a gold span of the same label and covers at least half of it
(and at least half of the prediction lies inside it); exact-boundary figures are reported beside.

    python training/evaluate.py --model src/coatcheck/data/model --data training/work/data/test.jsonl
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))
from coatcheck.detect.model import ModelDetector  # noqa: E402

KIND = {"person": "PER", "address": "ADDR"}


def overlap(a: tuple[int, int], b: tuple[int, int]) -> int:
    return max(0, min(a[1], b[1]) - max(a[0], b[0]))


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--model", type=Path, default=Path("training/work/onnx"))
    ap.add_argument("--data", type=Path, default=Path("training/work/data/test.jsonl"))
    ap.add_argument("--out", type=Path)
    args = ap.parse_args()
    det = ModelDetector(args.model)
    docs = [json.loads(line) for line in args.data.open(encoding="utf-8")]
    groups: dict[tuple, list[int]] = defaultdict(lambda: [0, 0, 0, 0])  # tp, fp, fn, exact
    t0 = time.perf_counter()
    for d in docs:
        gold = [(s, e, lab) for s, e, lab in d["spans"]]
        pred = [(p.start, p.end, KIND[p.category]) for p in det.detect(d["text"])]
        matched = set()
        for p in pred:
            hit = next((g for g in gold if g[2] == p[2] and g not in matched and overlap(p[:2], g[:2]) * 2 >= (g[1] - g[0])
                        and overlap(p[:2], g[:2]) * 2 >= (p[1] - p[0])), None)
            for key in (("all", p[2]), ("lang", d["lang"], p[2]), ("kind", d["kind"], p[2])):
                if hit:
                    groups[key][0] += 1
                    groups[key][3] += hit[:2] == p[:2]
                else:
                    groups[key][1] += 1
            if hit:
                matched.add(hit)
        for g in gold:
            if g not in matched:
                for key in (("all", g[2]), ("lang", d["lang"], g[2]), ("kind", d["kind"], g[2])):
                    groups[key][2] += 1
    secs = time.perf_counter() - t0
    rows = {}
    for key, (tp, fp, fn, exact) in sorted(groups.items()):
        p = tp / (tp + fp) if tp + fp else 0.0
        r = tp / (tp + fn) if tp + fn else 0.0
        rows["/".join(key)] = {"precision": round(p, 3), "recall": round(r, 3), "f1": round(2 * p * r / (p + r), 3) if p + r else 0.0,
                               "exact_boundary_share": round(exact / tp, 3) if tp else None, "gold": tp + fn, "predicted": tp + fp}
    result = {"docs": len(docs), "seconds": round(secs, 2), "groups": rows}
    text = json.dumps(result, indent=1)
    if args.out:
        args.out.write_text(text)
    print(text)


if __name__ == "__main__":
    main()
