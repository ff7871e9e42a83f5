"""Train the keyless-secret classifier: logistic regression over hashed features, with torch, on CPU.

    python training/keyless/train.py NEG.jsonl POS.jsonl OUTDIR [--epochs 6]

Writes OUTDIR/weights.npy (float32, one weight per feature bucket), OUTDIR/model.toml (bias, threshold, feature
version, data counts) and OUTDIR/curve.json (precision/recall on the held-back test split, for the card). The
threshold is the lowest score whose false-positive rate on the dev split's real material is at most --fpr
(default 0.2%): findings on real code are what users see, so the threshold is set on them, not on F1.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

import numpy as np
import torch

from coatcheck.detect.keyless_features import BUCKETS, FEATURES_VERSION, features, hashed


def load(paths: list[str]) -> list[dict[str, object]]:
    out = []
    for p in paths:
        with open(p, encoding="utf-8") as f:
            out.extend(json.loads(line) for line in f)
    return out


def encode(rows: list[dict[str, object]]) -> tuple[list[list[int]], np.ndarray]:
    idx = [hashed(features(str(r["text"]), int(r["start"]), int(r["end"]))) for r in rows]  # type: ignore[call-overload]
    return idx, np.array([int(r["label"]) for r in rows], dtype=np.float32)  # type: ignore[call-overload]


def scores(w: np.ndarray, b: float, idx: list[list[int]]) -> np.ndarray:
    z = np.array([w[i].sum() for i in idx], dtype=np.float64) + b
    return 1 / (1 + np.exp(-z))


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("neg")
    ap.add_argument("pos")
    ap.add_argument("outdir")
    ap.add_argument("--extra", nargs="*", default=[], help="more example files (tool_output.py's)")
    ap.add_argument("--epochs", type=int, default=6)
    ap.add_argument("--fpr", type=float, default=0.002)
    ap.add_argument("--seed", type=int, default=3)
    a = ap.parse_args()
    torch.manual_seed(a.seed)
    random.seed(a.seed)
    torch.set_num_threads(2)
    rows = load([a.neg, a.pos, *a.extra])
    split = {s: [r for r in rows if r["split"] == s] for s in ("train", "dev", "test")}
    t0 = time.time()
    enc = {s: encode(rs) for s, rs in split.items()}
    print(f"features: {time.time() - t0:.0f} s; " + ", ".join(f"{s} {len(v[1])} ({int(v[1].sum())} positive)"
                                                            for s, v in enc.items()), file=sys.stderr)
    idx, y = enc["train"]
    model = torch.nn.EmbeddingBag(BUCKETS, 1, mode="sum")
    torch.nn.init.zeros_(model.weight)
    bias = torch.nn.Parameter(torch.zeros(1))
    opt = torch.optim.Adam([model.weight, bias], lr=0.02)
    pos_weight = torch.tensor((len(y) - y.sum()) / max(y.sum(), 1))
    order = list(range(len(idx)))
    for epoch in range(a.epochs):
        random.shuffle(order)
        total = 0.0
        for k in range(0, len(order), 512):
            batch = order[k:k + 512]
            flat = torch.tensor([j for i in batch for j in idx[i]], dtype=torch.long)
            offsets = torch.tensor(np.cumsum([0] + [len(idx[i]) for i in batch[:-1]]), dtype=torch.long)
            logit = model(flat, offsets).squeeze(1) + bias
            target = torch.tensor(y[batch])
            loss = torch.nn.functional.binary_cross_entropy_with_logits(logit, target, pos_weight=pos_weight)
            loss = loss + 1e-5 * model.weight.pow(2).sum()
            opt.zero_grad()
            loss.backward()
            opt.step()
            total += float(loss.detach()) * len(batch)
        print(f"epoch {epoch + 1}: loss {total / len(order):.4f}", file=sys.stderr)
    w = model.weight.detach().numpy()[:, 0].astype(np.float32)
    b = float(bias.detach()[0])
    # threshold on dev: the lowest whose false-positive rate on real material is at most --fpr
    dev_rows = split["dev"]
    s_dev = scores(w, b, enc["dev"][0])
    real_neg = np.array([float(s) for s, r in zip(s_dev, dev_rows, strict=True)
                         if r["label"] == 0 and not str(r["source"]).startswith("tpl:")])
    threshold = float(np.quantile(real_neg, 1 - a.fpr)) if len(real_neg) else 0.5
    threshold = max(threshold, 0.5)
    out = Path(a.outdir)
    out.mkdir(parents=True, exist_ok=True)
    np.save(out / "weights.npy", w)
    curve = evaluate(w, b, split["test"], enc["test"][0], threshold)
    (out / "curve.json").write_text(json.dumps(curve, indent=1))
    counts = {s: {"negative": int((v[1] == 0).sum()), "positive": int(v[1].sum())} for s, v in enc.items()}
    (out / "model.toml").write_text(
        "# the keyless-secret classifier: written by training/keyless/train.py, see MODEL_CARD_KEYLESS.md\n"
        f'features_version = "{FEATURES_VERSION}"\nbuckets = {BUCKETS}\nbias = {b!r}\nthreshold = {threshold!r}\n'
        f"fpr_target = {a.fpr!r}\nepochs = {a.epochs}\nseed = {a.seed}\n"
        + "".join(f"{s}_{k} = {n}\n" for s, c in counts.items() for k, n in c.items()))
    print(f"threshold {threshold:.3f}; test at threshold: {json.dumps(curve['at_threshold'])}", file=sys.stderr)


def evaluate(w: np.ndarray, b: float, rows: list[dict[str, object]], idx: list[list[int]], threshold: float) -> dict:
    s = scores(w, b, idx)
    y = np.array([int(r["label"]) for r in rows])  # type: ignore[call-overload]
    real = np.array([not str(r["source"]).startswith("tpl:") for r in rows])
    points = []
    for t in [0.5, 0.6, 0.7, 0.8, 0.85, 0.9, 0.93, 0.95, 0.97, 0.98, 0.99, 0.995, 0.999, threshold]:
        pred = s >= t
        tp = int((pred & (y == 1)).sum())
        fp = int((pred & (y == 0)).sum())
        fn = int((~pred & (y == 1)).sum())
        fp_real = int((pred & (y == 0) & real).sum())
        points.append({"threshold": round(float(t), 4), "precision": tp / max(tp + fp, 1), "recall": tp / max(tp + fn, 1),
                       "fpr_real": fp_real / max(int(((y == 0) & real).sum()), 1)})
    fams: dict[str, list[int]] = {}
    for sc, r in zip(s, rows, strict=True):
        if r["label"] == 1:
            fams.setdefault(str(r.get("family")), []).append(int(sc >= threshold))
    return {"points": points[:-1], "at_threshold": points[-1],
            "recall_by_family": {k: sum(v) / len(v) for k, v in sorted(fams.items())},
            "n": {"positive": int(y.sum()), "negative": int((y == 0).sum()), "real_negative": int(((y == 0) & real).sum())}}


if __name__ == "__main__":
    main()
