"""Code-strata rates for coatcheck alone: live recall, example silence, pair success, placeholder silence.

    python bench/strata_score.py [--n 400] [--split test] [--seed 0]
"""

from __future__ import annotations

import argparse
import json

from coatcheck import Masker
from coatcheck.bench.score import strata_metrics
from coatcheck.bench.strata import generate_strata


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--n", type=int, default=400)
    ap.add_argument("--split", default="test")
    ap.add_argument("--seed", type=int, default=0)
    a = ap.parse_args()
    docs = generate_strata(a.n, a.split, a.seed)
    masker = Masker()
    preds = {str(d["id"]): {"spans": [{"start": s.start, "end": s.end, "label": s.category} for s in masker.detect(d["text"])]}
             for d in docs}
    print(json.dumps(strata_metrics(docs, preds), indent=1))


if __name__ == "__main__":
    main()
