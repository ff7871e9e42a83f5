"""The login classifier end to end (CPU, minutes on 2 cores; never runs in CI).

    .venv-train/bin/python training/logins/pipeline.py all      # data, train, card
    .venv-train/bin/python training/logins/pipeline.py ship     # copy the model into the package

Each step also runs alone (``pipeline.py STEP``). Work files go to training/work/logins/ (git-ignored): they hold
material from this machine, which is not ours to commit.
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
from steps import APP, GIT, PY, ROOT, run_pipeline  # type: ignore[import-not-found]  # noqa: E402

WORK = ROOT / "training" / "work" / "logins"
STEPS = {
    "data": [APP, HERE / "data.py", WORK / "data.jsonl", "--git", *GIT],
    "train": [PY, HERE / "train.py", WORK / "data.jsonl", WORK / "out"],
    "card": [APP, HERE / "card.py", WORK / "out", ROOT / "MODEL_CARD_LOGINS.md"],
}

if __name__ == "__main__":
    run_pipeline(HERE, "logins", STEPS, sys.argv)
