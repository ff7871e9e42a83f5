"""The login classifier end to end (CPU, minutes on 2 cores; never runs in CI).

    .venv-train/bin/python training/logins/pipeline.py all      # data, train, card
    .venv-train/bin/python training/logins/pipeline.py ship     # copy the model into the package

Each step also runs alone (``pipeline.py STEP``). Work files go to training/work/logins/ (git-ignored): they hold
material from this machine, which is not ours to commit.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
WORK = ROOT / "training" / "work" / "logins"
PY = sys.executable  # torch: training
# the examples come from the installed packages of the project's own environment where there is one
APP = str(ROOT / ".venv" / "bin" / "python") if (ROOT / ".venv" / "bin" / "python").exists() else PY
MIRRORS = sorted(str(p) for p in Path("/work/.mirror").glob("*/repo")) if Path("/work/.mirror").exists() else []
GIT = [str(ROOT / ".git"), *MIRRORS]


def step(name: str) -> None:
    WORK.mkdir(parents=True, exist_ok=True)
    cmds = {
        "data": [APP, HERE / "data.py", WORK / "data.jsonl", "--git", *GIT],
        "train": [PY, HERE / "train.py", WORK / "data.jsonl", WORK / "out"],
        "card": [APP, HERE / "card.py", WORK / "out", ROOT / "MODEL_CARD_LOGINS.md"],
    }
    if name == "ship":
        dest = ROOT / "src" / "coatcheck" / "data" / "logins"
        dest.mkdir(parents=True, exist_ok=True)
        for f in ("weights.npy", "model.toml"):
            shutil.copy(WORK / "out" / f, dest / f)
        return
    subprocess.run([str(c) for c in cmds[name]], check=True, cwd=HERE)


def main() -> None:
    what = sys.argv[1] if len(sys.argv) > 1 else "all"
    for name in (["data", "train", "card"] if what == "all" else [what]):
        print(f"== {name}", file=sys.stderr)
        step(name)


if __name__ == "__main__":
    main()
