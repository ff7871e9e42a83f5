"""Throughput of ``coatcheck batch`` on a corpus of mixed agent transcripts: local engine with 1 and 2 processes,
and the Ray engine on a local Ray, in one run on this machine.

The corpus (not committed; built here): JSONL files of chat transcripts in three shapes (Anthropic messages with
tool_use/tool_result blocks, OpenAI messages with tool calls, Claude Code session lines), whose texts are documents of
the bench generator (agent traffic with secrets and personal data) and real files of this machine (Python sources and
docs of the installed packages, /usr/share/doc), cut to a few KB each.

    python bench/batch_throughput.py build CORPUS_DIR --mb 200
    python bench/batch_throughput.py run CORPUS_DIR [--work DIR] [--engines local1,local2,ray]
    python bench/batch_throughput.py roundtrip CORPUS_DIR [--work DIR]   # --vault-out, then restore every file, cmp

Peak RSS per process is sampled from /proc every 0.2 s over every process of the run (the CLI, its workers, Ray's
actors), so it is the largest resident set any one process reached.
"""

from __future__ import annotations

import argparse
import glob
import json
import os
import random
import shutil
import subprocess
import sys
import sysconfig
import threading
import time
from pathlib import Path


def _real_texts(rnd: random.Random, limit: int = 4000) -> list[str]:
    files = sorted(glob.glob(f"{sysconfig.get_paths()['purelib']}/**/*.py", recursive=True))
    files += sorted(glob.glob("/usr/share/doc/**/*", recursive=True))
    rnd.shuffle(files)
    out: list[str] = []
    for f in files:
        if len(out) >= limit:
            break
        try:
            if os.path.isfile(f) and 500 < os.path.getsize(f) < 200_000 and not f.endswith(".gz"):
                text = open(f, encoding="utf-8").read()
                start = rnd.randrange(max(1, len(text) - 6000))
                out.append(text[start : start + rnd.randint(1500, 6000)])
        except (UnicodeDecodeError, OSError):
            continue
    return out


def _transcript(rnd: random.Random, texts: list[str], shape: str, i: int) -> dict:
    ask, tool_out, reply = rnd.choice(texts), rnd.choice(texts), rnd.choice(texts)
    if shape == "anthropic":
        return {"id": f"t{i}", "model": "claude", "messages": [
            {"role": "user", "content": ask},
            {"role": "assistant", "content": [{"type": "tool_use", "id": f"tu{i}", "name": "Read", "input": {"file_path": "/srv/app/settings.py"}}]},
            {"role": "user", "content": [{"type": "tool_result", "tool_use_id": f"tu{i}", "content": tool_out}]},
            {"role": "assistant", "content": [{"type": "text", "text": reply}]}]}
    if shape == "openai":
        return {"id": f"t{i}", "messages": [
            {"role": "user", "content": ask},
            {"role": "assistant", "content": None, "tool_calls": [{"id": f"c{i}", "type": "function", "function": {"name": "bash", "arguments": json.dumps({"command": "cat .env"})}}]},
            {"role": "tool", "tool_call_id": f"c{i}", "content": tool_out},
            {"role": "assistant", "content": reply}]}
    return {"type": "user", "sessionId": f"s{i // 50}", "uuid": f"u{i}", "message": {"role": "user", "content": [
        {"type": "text", "text": ask}, {"type": "tool_result", "tool_use_id": f"tu{i}", "content": tool_out}]}}


def build(out: Path, mb: int, files: int = 40, seed: int = 2026) -> None:
    from coatcheck.bench.generate import generate

    rnd = random.Random(seed)
    texts = [d["text"] for d in generate(3000, "test", seed=7)] + _real_texts(rnd)
    out.mkdir(parents=True, exist_ok=True)
    per_file = mb * 1_000_000 // files
    i = 0
    for k in range(files):
        with (out / f"transcripts-{k:03d}.jsonl").open("w", encoding="utf-8") as fh:
            size = 0
            while size < per_file:
                line = json.dumps(_transcript(rnd, texts, ("anthropic", "openai", "claude-code")[i % 3], i), ensure_ascii=False) + "\n"
                fh.write(line)
                size += len(line.encode("utf-8"))
                i += 1
    total = sum(p.stat().st_size for p in out.glob("*.jsonl"))
    print(f"{i} transcripts in {files} files, {total / 1e6:.1f} MB -> {out}")


class PeakRSS(threading.Thread):
    """Samples VmRSS of every process whose command line mentions coatcheck or ray:: ; keeps each one's peak."""

    def __init__(self) -> None:
        super().__init__(daemon=True)
        self.peaks: dict[int, tuple[str, float]] = {}
        self.stop = threading.Event()

    def run(self) -> None:
        while not self.stop.is_set():
            for pid in os.listdir("/proc"):
                if not pid.isdigit():
                    continue
                try:
                    cmd = open(f"/proc/{pid}/cmdline", "rb").read().replace(b"\0", b" ").decode(errors="replace")
                    if "coatcheck" not in cmd and "ray::" not in cmd:
                        continue
                    for ln in open(f"/proc/{pid}/status"):
                        if ln.startswith("VmRSS:"):
                            mb = int(ln.split()[1]) / 1024
                            old = self.peaks.get(int(pid), ("", 0.0))[1]
                            self.peaks[int(pid)] = (cmd[:60], max(old, mb))
                except OSError:
                    continue
            time.sleep(0.2)


def run(corpus: Path, work: Path, engines: list[str]) -> None:
    env = {**os.environ, "COATCHECK_VAULT_KEY": "bench-throughput"}
    size = sum(p.stat().st_size for p in corpus.glob("*.jsonl"))
    results = {}
    for engine in engines:
        out = work / engine
        shutil.rmtree(out, ignore_errors=True)
        args = {"local1": ["--workers", "1"], "local2": ["--workers", "2"], "ray": ["--engine", "ray"]}[engine]
        sampler = PeakRSS()
        sampler.start()
        t = time.perf_counter()
        p = subprocess.run([sys.executable, "-m", "coatcheck", "batch", str(corpus), "-o", str(out), "--report", str(work / f"{engine}.json"), *args],
                           env=env, capture_output=True, text=True)
        seconds = time.perf_counter() - t
        sampler.stop.set()
        sampler.join()
        report = json.loads((work / f"{engine}.json").read_text())
        peaks = sorted((mb for cmd, mb in sampler.peaks.values()), reverse=True)
        results[engine] = {"seconds": round(seconds, 1), "mb_per_s": round(size / 1e6 / seconds, 3), "documents": report["documents"],
                           "failures": sum(len(v) for v in report["failures"].values()), "exit": p.returncode,
                           "peak_rss_mb_per_process": [round(x) for x in peaks[:4]]}
        print(engine, json.dumps(results[engine]), flush=True)
    if "local1" in results and "local2" in results:
        results["scaling_efficiency_1_to_2"] = round(results["local2"]["mb_per_s"] / (2 * results["local1"]["mb_per_s"]), 3)
    if "ray" in results and "local1" in results:
        results["ray_vs_local1"] = round(results["ray"]["mb_per_s"] / results["local1"]["mb_per_s"], 3)
    print(json.dumps({"corpus_mb": round(size / 1e6, 1), "date": time.strftime("%Y-%m-%d"), "cpus": os.cpu_count(), **results}, indent=2))


def roundtrip(corpus: Path, work: Path) -> None:
    """Mask the whole corpus with --vault-out on every core, restore every file with its shard, compare bytes."""
    env = {**os.environ, "COATCHECK_VAULT_KEY": "bench-throughput"}
    out, vaults = work / "roundtrip", work / "roundtrip-vaults"
    shutil.rmtree(out, ignore_errors=True)
    shutil.rmtree(vaults, ignore_errors=True)
    t = time.perf_counter()
    p = subprocess.run([sys.executable, "-m", "coatcheck", "batch", str(corpus), "-o", str(out), "--vault-out", str(vaults),
                        "--report", str(work / "roundtrip.json")], env=env, capture_output=True, text=True)
    seconds = time.perf_counter() - t
    same = differ = 0
    for src in sorted(corpus.glob("*.jsonl")):
        r = subprocess.run([sys.executable, "-m", "coatcheck", "restore", str(out / src.name), "--vault", str(vaults / f"{src.name}.vault")],
                           env=env, capture_output=True)
        if r.returncode == 0 and r.stdout == src.read_bytes():
            same += 1
        else:
            differ += 1
    report = json.loads((work / "roundtrip.json").read_text())
    print(json.dumps({"batch_exit": p.returncode, "seconds": round(seconds, 1), "documents": report["documents"],
                      "files_restored_byte_identical": same, "files_different": differ}))


def main() -> None:
    ap = argparse.ArgumentParser()
    sub = ap.add_subparsers(dest="cmd", required=True)
    b = sub.add_parser("build")
    b.add_argument("out", type=Path)
    b.add_argument("--mb", type=int, default=200)
    r = sub.add_parser("run")
    r.add_argument("corpus", type=Path)
    r.add_argument("--work", type=Path, default=Path("/tmp/coatcheck-batch-bench"))
    r.add_argument("--engines", default="local1,local2,ray")
    t = sub.add_parser("roundtrip")
    t.add_argument("corpus", type=Path)
    t.add_argument("--work", type=Path, default=Path("/tmp/coatcheck-batch-bench"))
    a = ap.parse_args()
    if a.cmd == "build":
        build(a.out, a.mb)
    elif a.cmd == "roundtrip":
        a.work.mkdir(parents=True, exist_ok=True)
        roundtrip(a.corpus, a.work)
    else:
        a.work.mkdir(parents=True, exist_ok=True)
        run(a.corpus, a.work, a.engines.split(","))


if __name__ == "__main__":
    main()
