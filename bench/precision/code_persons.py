"""Person findings per 1,000 lines of real source code: Python files of the distributions installed on this machine
(not ours), a fixed sample. Lines that credit someone (author, copyright, thanks, an e-mail address) hold real
people, so findings there are counted apart; every other person finding in code is a false positive.

    python bench/precision/code_persons.py [--files 600] [--show]
"""

from __future__ import annotations

import argparse
import collections
import glob
import random
import regex as re
import sysconfig

CREDIT = re.compile(r"@|\b(?:author|authors|maintainer|written by|contributed|thanks|copyright|\(c\)|©|by\s+\p{Lu})", re.I)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--site-packages", default=sysconfig.get_paths()["purelib"])
    ap.add_argument("--files", type=int, default=600)
    ap.add_argument("--seed", type=int, default=1201)
    ap.add_argument("--show", action="store_true", help="print each finding (material already on this machine)")
    a = ap.parse_args()
    from coatcheck import Masker

    files = sorted(f for f in glob.glob(f"{a.site_packages}/**/*.py", recursive=True) if "/coatcheck/" not in f and "/_pytest/" not in f)
    random.Random(a.seed).shuffle(files)
    m = Masker()
    lines = credit = other = 0
    kinds: collections.Counter[str] = collections.Counter()
    for f in files[: a.files]:
        try:
            text = open(f, encoding="utf-8").read()
        except (UnicodeDecodeError, OSError):
            continue
        if len(text) > 300_000:
            continue
        lines += text.count("\n") + 1
        for s in m.detect(text):
            if s.category != "person":
                continue
            ls = text.rfind("\n", 0, s.start) + 1
            le = text.find("\n", s.end)
            line = text[ls : le if le >= 0 else len(text)]
            if re.search(CREDIT.pattern, line, re.I):
                credit += 1
                continue
            other += 1
            kinds[s.detector.split(":")[-2] if ":" in s.detector else s.detector] += 1
            if a.show:
                print(f"{f[len(a.site_packages) + 1:]}\t{s.detector}\t{text[s.start:s.end]!r}\t{line.strip()[:100]!r}")
    print(f"files: {min(a.files, len(files))}; lines: {lines}; person findings on credit lines: {credit}; "
          f"elsewhere (false positives): {other} = {1000 * other / max(1, lines):.2f} per 1,000 lines; by detector: {dict(kinds)}")


if __name__ == "__main__":
    main()
