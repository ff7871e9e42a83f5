"""False spans per MB of TaintFinder on real text that holds none of its values.

Values: 100 random tokens (20-60 characters from several alphabets, some with a provider prefix) and 30
low-entropy passwords (words + digits). Material: .py/.txt/.md files of this virtual environment's site-packages,
/usr/share/doc text files, and ``git log -p`` of this repository, each capped. Every span found is a false one.

    .venv/bin/python bench/taint_precision.py [--mb 4] [--seed 0] [--show 5]
"""

from __future__ import annotations

import argparse
import gzip
import random
import string
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

from coatcheck._data import word_list
from coatcheck.detect.taint import TaintFinder

ROOT = Path(__file__).resolve().parent.parent
ALPHABETS = {
    "alnum": string.ascii_letters + string.digits,
    "hex": "0123456789abcdef",
    "HEX": "0123456789ABCDEF",
    "base64": string.ascii_letters + string.digits + "+/",
    "urlsafe": string.ascii_letters + string.digits + "-_",
    "lower": string.ascii_lowercase + string.digits,
    "symbols": string.ascii_letters + string.digits + "!#$%&*@^~",
}
PREFIXES = ["", "", "", "ghp_", "sk-", "AKIA", "xoxb-", "glpat-"]


def secrets(seed: int) -> dict[str, str]:
    """100 random tokens and 30 word+digit passwords, value -> category."""
    r = random.Random(seed)
    words = sorted(w for w in word_list("prose_words") if w.isalpha() and 4 <= len(w) <= 8)
    out: dict[str, str] = {}
    names = sorted(ALPHABETS)
    for _ in range(100):
        alphabet = ALPHABETS[r.choice(names)]
        out[r.choice(PREFIXES) + "".join(r.choice(alphabet) for _ in range(r.randint(20, 60)))] = "secret"
    for _ in range(30):
        w = [r.choice(words) for _ in range(r.randint(1, 3))]
        if r.random() < 0.5:
            w = [x.capitalize() for x in w]
        out["".join(w) + str(r.randint(0, 9999)) + r.choice(["", "!", "#", "?"])] = "password"
    return out


def _files(paths: Iterator[Path], cap: int) -> str:
    parts: list[str] = []
    total = 0
    for p in paths:
        if total >= cap:
            break
        try:
            data = gzip.decompress(p.read_bytes()) if p.suffix == ".gz" else p.read_bytes()
        except (OSError, EOFError, gzip.BadGzipFile):
            continue
        text = data.decode("utf-8", "replace")
        parts.append(text)
        total += len(text)
    return "".join(parts)[:cap]


def material(mb: float) -> dict[str, str]:
    cap = int(mb * 1_000_000)
    site = next((ROOT / ".venv" / "lib").glob("python3*/site-packages"))
    code = (p for p in sorted(site.rglob("*")) if p.suffix in (".py", ".txt", ".md") and p.is_file())
    docs = (p for p in sorted(Path("/usr/share/doc").rglob("*")) if p.is_file() and not p.is_symlink()
            and (p.suffix in ("", ".txt", ".gz", ".md") or p.name.startswith(("changelog", "README", "NEWS"))))
    log = subprocess.run(["git", "-C", str(ROOT), "log", "-p"], capture_output=True).stdout[: cap].decode("utf-8", "replace")
    return {"site-packages": _files(code, cap), "usr-share-doc": _files(docs, cap), "git-log-p": log}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--mb", type=float, default=4.0, help="MB per material")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--show", type=int, default=0, help="print up to N false spans (random values, not secrets)")
    args = ap.parse_args()
    values = secrets(args.seed)
    t = time.perf_counter()
    finder = TaintFinder(values)
    first = time.perf_counter() - t
    t = time.perf_counter()
    finder = TaintFinder(values)
    print(f"built for {len(values)} values in {1000 * (time.perf_counter() - t):.0f} ms "
          f"(first build, word lists loaded: {1000 * first:.0f} ms)")
    r = random.Random(args.seed)
    many = {"".join(r.choice(ALPHABETS["alnum"]) for _ in range(40)): "secret" for _ in range(200)}
    t = time.perf_counter()
    TaintFinder(many)
    print(f"built for 200 values of 40 characters in {1000 * (time.perf_counter() - t):.0f} ms")
    total_mb = total_spans = 0.0
    for name, text in material(args.mb).items():
        t = time.perf_counter()
        spans = finder.spans(text)
        dt = time.perf_counter() - t
        mb = len(text) / 1e6
        total_mb += mb
        total_spans += len(spans)
        print(f"{name:14} {mb:6.2f} MB  {len(spans):4d} false spans  {len(spans) / mb:6.2f}/MB  {mb / dt:5.1f} MB/s")
        for s in spans[: args.show]:
            print("   ", repr(text[max(0, s.start - 20) : s.start]), repr(text[s.start : s.end]), s.category)
    print(f"{'total':14} {total_mb:6.2f} MB  {int(total_spans):4d} false spans  {total_spans / total_mb:6.2f}/MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
