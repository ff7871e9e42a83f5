"""Run the whole model pipeline, or one step of it.

    python training/pipeline.py all --bin PATH/e5-small-q4.bin       # every step in order
    python training/pipeline.py train --minutes 15                   # one step (steps: convert data prune train export thresholds evaluate card)
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).parent
PY = sys.executable
STEPS = {
    "convert": ["convert_base.py"],
    "data": ["data.py"],
    "prune": ["prune.py"],
    "train": ["train.py"],
    "export": ["export.py"],
    "thresholds": ["thresholds.py"],
    "evaluate": ["evaluate.py", "--out", "training/work/eval_test.json"],
    "card": ["card.py"],
    "ship": [],
}


def run(step: str, extra: list[str]) -> None:
    if step == "ship":  # copy the exported model into the package
        import shutil

        dest = Path("src/coatcheck/data/model")
        dest.mkdir(parents=True, exist_ok=True)
        for f in ("model.onnx", "tokenizer.json", "labels.json"):
            shutil.copy(Path("training/work/onnx") / f, dest / f)
        print(f"shipped to {dest}")
        return
    cmd = [PY, str(HERE / STEPS[step][0]), *STEPS[step][1:], *extra]
    print("+", " ".join(cmd), flush=True)
    # A fixed hash seed: Faker's locale data is iterated in set order somewhere, so without it the generated data,
    # and so the model, differ from run to run (two data runs compared by md5: equal with it, different without).
    subprocess.run(cmd, check=True, env={**os.environ, "PYTHONHASHSEED": "0"})
    if step == "evaluate":
        subprocess.run([PY, str(HERE / "eval" / "build.py"), "training/work/handwritten.jsonl"], check=True)
        subprocess.run([PY, str(HERE / "evaluate.py"), "--data", "training/work/handwritten.jsonl", "--out", "training/work/eval_handwritten.json"], check=True)
    if step == "card":
        return


def main() -> None:
    if len(sys.argv) < 2 or sys.argv[1] not in (*STEPS, "all"):
        raise SystemExit(__doc__)
    step, extra = sys.argv[1], sys.argv[2:]
    if step != "all":
        run(step, extra)
        return
    bin_args = extra[extra.index("--bin") : extra.index("--bin") + 2] if "--bin" in extra else []
    import time

    t0 = time.time()
    for s in STEPS:
        if s != "ship":  # shipping into the package is a deliberate, separate step
            t = time.time()
            run(s, bin_args if s == "convert" else [])
            print(f"step {s}: {(time.time() - t) / 60:.1f} min", flush=True)
    print(f"all steps: {(time.time() - t0) / 60:.1f} min", flush=True)


if __name__ == "__main__":
    main()
