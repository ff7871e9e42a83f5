"""Throughput of the document policy on one core: characters per second over the texts of document sets
(bench/docs/SOURCES.md), one process, the model on one thread (``COATCHECK_MODEL_THREADS=1``), after a warm-up; the
time of each stage from the pipeline's own detectors, timed around their calls.

    python bench/docs_throughput.py training/work/docsets/*.jsonl [--policy document] [--chars 300000]

Prints one JSON object: characters, seconds, characters per second, and the seconds spent in each detector (the
rest is the steps after detection: policy, repeats, encoded copies, merging).
"""

from __future__ import annotations

import argparse
import json
import os
import time
import zlib

os.environ.setdefault("COATCHECK_MODEL_THREADS", "1")


def main() -> None:
    from coatcheck.masker import Masker
    from coatcheck.policy import Policy

    ap = argparse.ArgumentParser()
    ap.add_argument("files", nargs="+")
    ap.add_argument("--policy", default="document")
    ap.add_argument("--chars", type=int, default=300_000, help="stop after this many characters (whole documents)")
    a = ap.parse_args()
    texts, total = [], 0
    for f in sorted(a.files):
        for line in open(f, encoding="utf-8"):
            t = json.loads(line)["text"]
            texts.append(t)
    texts.sort(key=lambda t: zlib.crc32(t.encode("utf-8")))  # a mix of the sets, the same on every run
    chosen = []
    for t in texts:
        if total >= a.chars:
            break
        chosen.append(t)
        total += len(t)
    masker = Masker(policy=Policy.load(a.policy))
    masker.mask(chosen[0][:2000])  # warm-up: rules compiled, model loaded
    pipeline = masker.pipeline
    stage: dict[str, float] = {}
    for d in pipeline.detectors:
        inner = d.detect

        def timed(*args, _inner=inner, _name=d.name, **kwargs):  # type: ignore[no-untyped-def]
            t0 = time.perf_counter()
            try:
                return _inner(*args, **kwargs)
            finally:
                stage[_name] = stage.get(_name, 0.0) + time.perf_counter() - t0
        d.detect = timed  # type: ignore[method-assign]
    t0 = time.perf_counter()
    for t in chosen:
        masker.mask(t)
    secs = time.perf_counter() - t0
    print(json.dumps({"policy": a.policy, "documents": len(chosen), "characters": total, "seconds": round(secs, 2),
                      "chars_per_second": round(total / secs), "detector_seconds": {k: round(v, 2) for k, v in
                      sorted(stage.items(), key=lambda kv: -kv[1])}}, indent=1))


if __name__ == "__main__":
    main()
