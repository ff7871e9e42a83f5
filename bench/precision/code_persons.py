"""Person findings per 1,000 lines of real source code: Python files of the distributions installed on this machine
(not ours), a fixed sample. Lines that credit someone (author, copyright, thanks, an e-mail address) hold real
people, so findings there are counted apart; every other person finding in code is a false positive.

    python bench/precision/code_persons.py [--files 600] [--show]
"""

from __future__ import annotations

import argparse
import collections
import glob
import hashlib
import random
import regex as re
import sysconfig

# Values looked at by hand and found to be real people named in code (authors credited in comments, not on a line
# that CREDIT recognises); stored as SHA-256 so that no name is committed. 2026-12-01, seed 1201, 600 files.
REVIEWED_PEOPLE = {
    "1fe99def32748d7167c8dcf1f8828e416e3175e656849d6456b255a28bddd336",
    "d1fe14f1e393fa7d5aff46c4a74f0b0958f4af2f28a0858b21358b9c35a124b5",
    "5e76132e93101f4f04f4d5fbcf18ffa9e9e1c79d219807e7f3d8ce744bc492b0",
    "da5046e7d4d5ef0d4ccfcc80fe8ce39059a37c9e7258ac4942487ae3a5d84ad3",
    "e85fb7be3e7f445c19b60a9a14b01c61f9b64b1f05ea5021256a51e1d194ecae",
    "53ec094101477b74c8771383894af55b7dec47f7ca0a1fa6d4f7e8dae334f2e8",
    "0deddf32a73ea252b34fa62334ae334411d6b90fcd6403039ee70d11cb9b5efe",
    "fd9c6c387debc9fe80435f5cb089aad87967b38bcffdad1e566a36271cf3cfec",
}
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
    lines = credit = other = people = 0
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
            if hashlib.sha256(text[s.start : s.end].encode()).hexdigest() in REVIEWED_PEOPLE:
                people += 1
                continue
            other += 1
            kinds[s.detector.split(":")[-2] if ":" in s.detector else s.detector] += 1
            if a.show:
                print(f"{f[len(a.site_packages) + 1:]}\t{s.detector}\t{text[s.start:s.end]!r}\t{line.strip()[:100]!r}")
    print(f"files: {min(a.files, len(files))}; lines: {lines}; person findings on credit lines: {credit}; "
          f"real people found elsewhere (reviewed by hand): {people}; "
          f"elsewhere (false positives): {other} = {1000 * other / max(1, lines):.2f} per 1,000 lines; by detector: {dict(kinds)}")


if __name__ == "__main__":
    main()
