"""Step 5b: choose a threshold per label on the dev split (maximise F2: recall counts twice) and write it into
labels.json next to the exported model.

    python training/thresholds.py --model training/work/onnx --data training/work/data/dev.jsonl
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))
from coatcheck.detect.model import ModelDetector  # noqa: E402

GRID = [0.4, 0.5, 0.6, 0.7, 0.8, 0.9]
KIND = {"person": "PER", "address": "ADDR"}


def f2(tp: int, fp: int, fn: int) -> float:
    p = tp / (tp + fp) if tp + fp else 0.0
    r = tp / (tp + fn) if tp + fn else 0.0
    return 5 * p * r / (4 * p + r) if p + r else 0.0


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--model", type=Path, default=Path("training/work/onnx"))
    ap.add_argument("--data", type=Path, default=Path("training/work/data/dev.jsonl"))
    args = ap.parse_args()
    docs = [json.loads(line) for line in args.data.open(encoding="utf-8")]
    det = ModelDetector(args.model)
    det.thresholds = {"PER": 0.0, "ADDR": 0.0}
    preds = [[(p.start, p.end, KIND[p.category], p.score) for p in det.detect(d["text"])] for d in docs]
    meta = json.loads((args.model / "labels.json").read_text())
    for label in ("PER", "ADDR"):
        best = None
        for th in GRID:
            tp = fp = fn = 0
            for d, ps in zip(docs, preds, strict=True):
                gold = [(s, e) for s, e, lab in d["spans"] if lab == label]
                keep = [(s, e) for s, e, lab, sc in ps if lab == label and sc >= th]
                hit = {g for g in gold if any(min(g[1], p[1]) > max(g[0], p[0]) for p in keep)}
                tp += len(hit)
                fn += len(gold) - len(hit)
                fp += sum(1 for p in keep if not any(min(g[1], p[1]) > max(g[0], p[0]) for g in gold))
            score = f2(tp, fp, fn)
            print(f"{label} {th}: F2 {score:.4f}")
            if best is None or score > best[1]:
                best = (th, score)
        meta["thresholds"][label] = best[0]
    (args.model / "labels.json").write_text(json.dumps(meta, indent=2))
    print(f"thresholds: {meta['thresholds']}")


if __name__ == "__main__":
    main()
