"""The keyless-secret classifier end to end (CPU, about 5 minutes on 2 cores; never runs in CI).

    .venv-train/bin/python training/keyless/pipeline.py all      # harvest, tools, positives, train, card
    .venv-train/bin/python training/keyless/pipeline.py ship     # copy the model into the package

Each step also runs alone (``pipeline.py STEP``). Work files go to training/work/keyless/ (git-ignored): they hold
material from this machine, which is not ours to commit.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
WORK = ROOT / "training" / "work" / "keyless"
PY = sys.executable  # torch: training
# the harvest reads the installed packages of the project's own environment where there is one
APP = str(ROOT / ".venv" / "bin" / "python") if (ROOT / ".venv" / "bin" / "python").exists() else PY
MIRRORS = sorted(str(p) for p in Path("/work/.mirror").glob("*/repo")) if Path("/work/.mirror").exists() else []
GIT = [str(ROOT / ".git"), *MIRRORS]


def step(name: str) -> None:
    WORK.mkdir(parents=True, exist_ok=True)
    cmds = {
        "harvest": [APP, HERE / "harvest.py", WORK / "neg.jsonl", "--git", *GIT],
        "tools": [APP, HERE / "tool_output.py", WORK / "tools.jsonl", "--git", *GIT],
        "positives": [APP, HERE / "positives.py", WORK / "neg.jsonl", WORK / "pos.jsonl", "--n", "80000"],
        "train": [PY, HERE / "train.py", WORK / "neg.jsonl", WORK / "pos.jsonl", WORK / "out", "--extra",
                  WORK / "tools.jsonl"],
        "card": [APP, HERE / "card.py", WORK / "out", ROOT / "MODEL_CARD_KEYLESS.md"],
    }
    if name == "ship":
        dest = ROOT / "src" / "coatcheck" / "data" / "keyless"
        dest.mkdir(parents=True, exist_ok=True)
        for f in ("weights.npy", "model.toml"):
            shutil.copy(WORK / "out" / f, dest / f)
        return
    subprocess.run([str(c) for c in cmds[name]], check=True, cwd=HERE)


def main() -> None:
    what = sys.argv[1] if len(sys.argv) > 1 else "all"
    for name in (["harvest", "tools", "positives", "train", "card"] if what == "all" else [what]):
        print(f"== {name}", file=sys.stderr)
        step(name)


if __name__ == "__main__":
    main()
