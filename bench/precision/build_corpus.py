"""A precision corpus from material installed on this machine (not written by us; not committed, since it holds
real maintainers' names): source/config/doc files from site-packages (at most 12 per package) and
/usr/share/doc, plus `git log --format=fuller` of git repositories you name.

    python bench/precision/build_corpus.py OUT.jsonl [--site-packages DIR] [--git-dir REPO.git ...]
    coatcheck scan --jsonl < OUT.jsonl > scan.jsonl
    python bench/precision/summarize.py OUT.jsonl scan.jsonl
"""

from __future__ import annotations

import argparse
import glob
import json
import os
import random
import subprocess
import zlib
import sysconfig


def held_back(path: str) -> bool:
    """In the test split of training/keyless/harvest.py (crc32 of the path), so never trained on."""
    return zlib.crc32(path.encode()) % 10 < 2


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("out")
    ap.add_argument("--site-packages", default=sysconfig.get_paths()["purelib"])
    ap.add_argument("--git-dir", action="append", default=[])
    ap.add_argument("--seed", type=int, default=1201)
    ap.add_argument("--held-back", action="store_true",
                    help="only files the keyless-secret classifier's training held back (its test split by path)")
    a = ap.parse_args()
    rnd = random.Random(a.seed)
    sp = a.site_packages
    files: list[str] = []
    for ext in ("py", "toml", "cfg", "yaml", "yml", "json", "ini", "md", "txt", "rst", "sh"):
        files += glob.glob(f"{sp}/**/*.{ext}", recursive=True)
    files = sorted(f for f in files if "/coatcheck" not in f and 200 < os.path.getsize(f) < 200_000
                   and (not a.held_back or held_back(f)))
    rnd.shuffle(files)
    docs, per_pkg = [], {}
    for f in files:
        pkg = f[len(sp) + 1 :].split("/")[0]
        if per_pkg.get(pkg, 0) >= 12:
            continue
        try:
            text = open(f, encoding="utf-8").read()
        except (UnicodeDecodeError, OSError):
            continue
        per_pkg[pkg] = per_pkg.get(pkg, 0) + 1
        docs.append({"id": f[len(sp) + 1 :], "text": text})
        if len(docs) >= 450:
            break
    usr = sorted(f for f in glob.glob("/usr/share/doc/**/*", recursive=True)
                 if os.path.isfile(f) and not f.endswith(".gz") and 200 < os.path.getsize(f) < 200_000)
    rnd.shuffle(usr)
    for f in [f for f in usr if not a.held_back or held_back(f)][:80]:
        try:
            docs.append({"id": f, "text": open(f, encoding="utf-8").read()})
        except (UnicodeDecodeError, OSError):
            continue
    for repo in a.git_dir:
        log = subprocess.run(["git", "--git-dir", repo, "log", "--format=fuller", "-n", "150"],
                             capture_output=True, text=True, check=True).stdout
        docs.append({"id": f"gitlog:{repo}", "text": log})
    with open(a.out, "w", encoding="utf-8") as fh:
        for d in docs:
            fh.write(json.dumps(d) + "\n")
    print(f"{len(docs)} documents, {sum(d['text'].count(chr(10)) + 1 for d in docs)} lines → {a.out}")


if __name__ == "__main__":
    main()
