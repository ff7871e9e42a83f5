"""What the training pipelines of the hashed-feature classifiers (training/keyless/, training/logins/) share: the
step runner with its ``ship`` step, and the real text their cards time the detectors on."""

from __future__ import annotations

import shutil
import subprocess
import sys
import sysconfig
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PY = sys.executable  # torch: training
# the examples come from the installed packages of the project's own environment where there is one
APP = str(ROOT / ".venv" / "bin" / "python") if (ROOT / ".venv" / "bin" / "python").exists() else PY
MIRRORS = sorted(str(p) for p in Path("/work/.mirror").glob("*/repo")) if Path("/work/.mirror").exists() else []
GIT = [str(ROOT / ".git"), *MIRRORS]


def run_pipeline(here: Path, model: str, steps: dict[str, Sequence[object]], argv: list[str]) -> None:
    """Run ``argv[1]`` (a step, ``all`` for every step in order, or ``ship``: copy the trained model from
    training/work/<model>/out into src/coatcheck/data/<model>/). Steps run with ``here`` as working folder."""
    work = ROOT / "training" / "work" / model
    work.mkdir(parents=True, exist_ok=True)
    what = argv[1] if len(argv) > 1 else "all"
    if what == "ship":
        dest = ROOT / "src" / "coatcheck" / "data" / model
        dest.mkdir(parents=True, exist_ok=True)
        for f in ("weights.npy", "model.toml", "vocabulary.txt.gz"):  # the last: the frozen word lists, where a model has them
            if f != "vocabulary.txt.gz" or (work / "out" / f).exists():
                shutil.copy(work / "out" / f, dest / f)
        return
    for name in (list(steps) if what == "all" else [what]):
        print(f"== {name}", file=sys.stderr)
        subprocess.run([str(c) for c in steps[name]], check=True, cwd=here)


def installed_source(chars: int = 300_000) -> str:
    """At least ``chars`` characters of installed Python source (the same files on every call)."""
    site = Path(sysconfig.get_paths()["purelib"])
    text = ""
    for p in sorted(site.glob("*/[a-m]*.py")):
        text += p.read_text(errors="replace")
        if len(text) > chars:
            break
    return text
