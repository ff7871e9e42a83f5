"""Precision of the secret-in-a-slot detectors on real text of this machine (not part of the test suite):
installed Python sources, Markdown and package metadata, /usr/share/doc. Prints the number of lines read and how
many spans the phrase detector and the password-slot rule produce there (every one is a false positive: none of this
text holds a real secret). Values are not printed unless --show is given.

    python bench/secret_slot_precision.py [--seed 11] [--show]
"""

from __future__ import annotations

import argparse
import glob
import random
import sys
import sysconfig

from coatcheck import Masker


def material(seed: int) -> list[str]:
    site = sysconfig.get_paths()["purelib"]
    rng = random.Random(seed)
    py = sorted(glob.glob(f"{site}/**/*.py", recursive=True))
    files = rng.sample(py, min(600, len(py)))
    files += sorted(glob.glob(f"{site}/**/*.md", recursive=True))[:150]
    files += [f for f in sorted(glob.glob("/usr/share/doc/**/*", recursive=True)) if f.endswith((".md", ".txt", "README"))][:200]
    files += sorted(glob.glob(f"{site}/*.dist-info/METADATA"))[:150]
    files += sorted(glob.glob(f"{site}/**/*.y*ml", recursive=True))[:80] + sorted(glob.glob(f"{site}/**/*.toml", recursive=True))[:80]
    return files


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seed", type=int, default=11)
    ap.add_argument("--show", action="store_true", help="print each span's line (for a human to judge)")
    args = ap.parse_args()
    masker = Masker()
    lines = phrases = slots = 0
    for path in material(args.seed):
        try:
            text = open(path, encoding="utf-8", errors="replace").read()[:100_000]
        except OSError:
            continue
        lines += text.count("\n")
        for s in masker.detect(text):
            slot = s.detector.startswith("context:") and s.detector.endswith("-slot")
            hit = s.detector.startswith("phrases") or slot
            phrases += s.detector.startswith("phrases")
            slots += slot
            if hit and args.show:
                ls, le = text.rfind("\n", 0, s.start) + 1, text.find("\n", s.end)
                print(s.detector, "|", text[ls:le].strip()[:100])
    print(f"{lines} lines: {phrases} phrase spans, {slots} password-slot spans")
    return 0


if __name__ == "__main__":
    sys.exit(main())
