"""The keyless-secret classifier end to end (CPU, about 5 minutes on 2 cores; never runs in CI).

    .venv-train/bin/python training/keyless/pipeline.py all      # harvest, tools, positives, train, card
    .venv-train/bin/python training/keyless/pipeline.py ship     # copy the model into the package

Each step also runs alone (``pipeline.py STEP``). Work files go to training/work/keyless/ (git-ignored): they hold
material from this machine, which is not ours to commit.
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
from steps import APP, GIT, PY, ROOT, run_pipeline  # type: ignore[import-not-found]  # noqa: E402

WORK = ROOT / "training" / "work" / "keyless"
STEPS = {
    "harvest": [APP, HERE / "harvest.py", WORK / "neg.jsonl", "--git", *GIT],
    "tools": [APP, HERE / "tool_output.py", WORK / "tools.jsonl", "--git", *GIT],
    "positives": [APP, HERE / "positives.py", WORK / "neg.jsonl", WORK / "pos.jsonl", "--n", "80000"],
    "train": [PY, HERE / "train.py", WORK / "neg.jsonl", WORK / "pos.jsonl", WORK / "out", "--extra", WORK / "tools.jsonl"],
    "card": [APP, HERE / "card.py", WORK / "out", ROOT / "MODEL_CARD_KEYLESS.md"],
}

if __name__ == "__main__":
    run_pipeline(HERE, "keyless", STEPS, sys.argv)
