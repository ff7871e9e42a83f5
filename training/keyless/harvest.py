"""Negatives for the keyless-secret classifier: every candidate token in real material on this machine.

    python training/keyless/harvest.py OUT.jsonl [--per-file 40] [--max-files 20000]

Sources (each file once, its path's crc32 decides train/dev/test, so held-back material shares no file with
training): installed Python packages (source, metadata, RECORD digests, data files), /usr/share/doc (text and
gzipped text), and the commit logs of the git repositories given by --git (real hashes, trailers, messages).
Every candidate the runtime would score is kept with its line (and the line before), so the context features are
the runtime's own. These are non-secrets by assumption: installed software and docs ship no live credentials;
what they do ship (test vectors, documented example keys, digests, ids, base64 content) is exactly what must stay
readable.
"""

from __future__ import annotations

import argparse
import gzip
import json
import random
import subprocess
import sys
import sysconfig
import zlib
from collections.abc import Iterator
from pathlib import Path
from typing import TextIO

from coatcheck.detect.keyless_features import candidates

TEXT_SUFFIXES = {".py", ".pyi", ".txt", ".md", ".rst", ".json", ".toml", ".cfg", ".ini", ".yaml", ".yml", ".js",
                 ".mjs", ".cjs", ".ts", ".css", ".html", ".htm", ".xml", ".svg", ".sh", ".c", ".h", ".pl", ".pem",
                 ".map", ".csv", ".lock", ".properties", ".conf", ""}
NAMES = {"RECORD", "METADATA", "WHEEL", "LICENSE", "NOTICE", "copyright", "changelog", "README", "entry_points.txt"}


def split_of(path: str) -> str:
    h = zlib.crc32(path.encode()) % 10
    return "test" if h < 2 else "dev" if h < 3 else "train"


def files(roots: list[Path], max_files: int, rng: random.Random) -> list[Path]:
    found: list[Path] = []
    for root in roots:
        for p in root.rglob("*"):
            try:
                if not p.is_file() or p.is_symlink() or p.stat().st_size > 2_000_000:
                    continue
            except OSError:
                continue
            suffix = p.suffix if not p.name.endswith(".gz") else Path(p.name[:-3]).suffix
            if suffix in TEXT_SUFFIXES or p.name in NAMES or p.name.startswith(("changelog", "README", "NEWS")):
                found.append(p)
    rng.shuffle(found)
    return found[:max_files]


def read(p: Path) -> str | None:
    try:
        raw = gzip.open(p).read() if p.name.endswith(".gz") else p.read_bytes()
    except (OSError, EOFError):
        return None
    if b"\0" in raw[:4096]:
        return None
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return None


def examples(source: str, text: str, per_file: int, rng: random.Random) -> Iterator[dict[str, object]]:
    """The candidates of ``text`` (at most ``per_file``, drawn at random), each with its line and the line before."""
    found = list(candidates(text))
    if len(found) > per_file:
        found = rng.sample(found, per_file)
    for start, end in found:
        cur = text.rfind("\n", 0, start) + 1
        ls = max(text.rfind("\n", 0, cur - 1) + 1 if cur else 0, start - 300)
        le = text.find("\n", end)
        le = len(text) if le < 0 else min(le, end + 200)
        yield {"source": source, "text": text[ls:le], "start": start - ls, "end": end - ls, "label": 0}


def write_examples(out: TextIO, source: str, text: str, per_file: int, rng: random.Random) -> int:
    """Write the candidates of ``text`` (see :func:`examples`) with their split as JSON lines; how many."""
    n = 0
    for ex in examples(source, text, per_file, rng):
        ex["split"] = split_of(source)
        out.write(json.dumps(ex, ensure_ascii=False) + "\n")
        n += 1
    return n


def git_logs(repos: list[Path]) -> Iterator[tuple[str, str]]:
    for repo in repos:
        try:
            out = subprocess.run(["git", f"--git-dir={repo}", "log", "--all", "-n", "3000", "--format=fuller",
                                  "--stat"], capture_output=True, text=True, timeout=120).stdout
        except (OSError, subprocess.TimeoutExpired):
            continue
        # one pseudo-file per 200 lines, so that train and test get different parts
        lines = out.splitlines()
        for i in range(0, len(lines), 200):
            yield f"git:{repo.name}:{i}", "\n".join(lines[i:i + 200])


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("out")
    ap.add_argument("--per-file", type=int, default=40)
    ap.add_argument("--max-files", type=int, default=20000)
    ap.add_argument("--git", nargs="*", default=[])
    ap.add_argument("--seed", type=int, default=7)
    a = ap.parse_args()
    rng = random.Random(a.seed)
    roots = [Path(sysconfig.get_paths()["purelib"]), Path("/usr/share/doc")]
    n = 0
    with open(a.out, "w", encoding="utf-8") as out:
        for p in files(roots, a.max_files, rng):
            text = read(p)
            if not text:
                continue
            n += write_examples(out, str(p), text, a.per_file, rng)
        for src, text in git_logs([Path(g) for g in a.git]):
            n += write_examples(out, src, text, a.per_file, rng)
    print(f"{n} negative candidates -> {a.out}", file=sys.stderr)


if __name__ == "__main__":
    main()
