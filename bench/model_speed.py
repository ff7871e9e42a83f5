"""Where the masking time goes on real traffic: the whole pipeline and the model's share, per size, in one process.

The texts are a benchmark file's documents concatenated in file order (e.g. the independent agent-traffic dev set)
and cut to each size. The model's region cache is cleared before every timed call, so each figure is the cost of a
text seen for the first time; "repeat" is the same text again with the caches kept (the next turn of a conversation
resends it). Every cache is cleared (``Pipeline.clear_caches``: the model's regions and the keyless and login
classifiers' per-line findings); before 2026-12-01 (issue 23) only the model's was, which flattered "pipeline".

    python bench/model_speed.py --data ../shared/data/agent-traffic-dev/dev.jsonl [--sizes 30000,100000,1000000]
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import time
from datetime import date


def _median_ms(fn, rounds: int) -> float:
    times = []
    for _ in range(rounds):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return 1000 * statistics.median(times)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--data", required=True)
    ap.add_argument("--sizes", default="30000,100000,1000000")
    ap.add_argument("--rounds", type=int, default=7)
    a = ap.parse_args()
    from coatcheck import Masker
    from coatcheck.bench.latency import texts

    sizes = [int(s) for s in a.sizes.split(",")]
    samples = texts(sizes, data=a.data)
    m = Masker()
    model = m.pipeline.model
    if model is None:
        raise SystemExit("the model is off (COATCHECK_MODEL=0 or no model files)")

    def clear() -> None:
        if hasattr(m.pipeline, "clear_caches"):
            m.pipeline.clear_caches()  # the model's regions, the classifiers' per-line findings, the indexes
            return
        # an older coatcheck (PYTHONPATH=…, to compare): its per-line caches were dicts
        for d in m.pipeline.detectors:
            cache = getattr(d, "_lines", None)
            if isinstance(cache, dict):
                cache.clear()
        model.cache = type(model.cache)(model.cache.max_chars)

    def cold(fn):
        def run():
            clear()
            fn()
        return run

    m.mask(samples[sizes[0]])  # warm-up: load, first inference
    rows = []
    for size in sizes:
        text = samples[size]
        rounds = a.rounds if size <= 200_000 else max(1, a.rounds // 3)
        total = _median_ms(cold(lambda text=text: m.mask(text)), rounds)
        alone = _median_ms(cold(lambda text=text: model.detect(text)), rounds)
        m.mask(text)
        repeat = _median_ms(lambda text=text: m.mask(text), rounds)
        regions = model._regions(text)
        gated = sum(e - s for s, e in regions)
        tokens = sum(len(model.tok.encode(text[s:e], add_special_tokens=False).ids) for s, e in regions)
        rows.append({"chars": size, "pipeline_ms": round(total, 1), "model_ms": round(alone, 1), "repeat_ms": round(repeat, 1),
                     "chars_per_s": round(size / (total / 1000)), "gated_chars_pct": round(100 * gated / size, 1), "model_tokens": tokens})
    cpu = next((ln.split(":", 1)[1].strip() for ln in open("/proc/cpuinfo") if ln.startswith("model name")), platform.processor())
    print(json.dumps({"date": date.today().isoformat(), "machine": f"{cpu}, Python {platform.python_version()}",
                      "data": a.data, "rows": rows}, indent=2))


if __name__ == "__main__":
    main()
