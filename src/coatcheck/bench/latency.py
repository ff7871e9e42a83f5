"""Latency: every tool, the same texts of agent material at several sizes, warm-up, several rounds, median;
cold start (process start to the first answer) and peak memory (VmHWM of the tool's process).

Each tool runs in its own process and answers one document at a time over the JSONL protocol, so the
numbers include JSON transport for every tool alike. Tools whose runner works in batches (gitleaks) get a
fresh process per text; their figures include process start-up, and the report says so.
"""

from __future__ import annotations

import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from importlib import resources

from .generate import generate

BATCH_RUNNERS = {"run_gitleaks.py"}


def texts(sizes: list[int], seed: int = 21, data: str | None = None) -> dict[int, str]:
    """One text per size: documents of ``data`` (a benchmark JSONL file, in file order) or of our generator,
    joined by newlines and repeated until long enough."""
    if data is not None:
        with open(data, encoding="utf-8") as fh:
            docs = [json.loads(line) for line in fh if line.strip()]
        if not docs:
            raise ValueError(f"{data}: no documents")
    else:
        docs = generate(4000, "dev", seed=seed)
    out = {}
    for size in sizes:
        buf, n = [], 0
        for d in docs:
            buf.append(d["text"])
            n += len(d["text"]) + 1
            if n >= size:
                break
        text = "\n".join(buf)
        while len(text) < size:
            text += "\n" + text
        out[size] = text[:size]
    return out


def _peak_rss_mb(pid: int) -> float:
    try:
        with open(f"/proc/{pid}/status") as fh:
            for line in fh:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return float("nan")


class _Session:
    """A long-lived tool process speaking the JSONL protocol, one request at a time."""

    def __init__(self, argv: list[str], env: dict, cwd: str | None = None) -> None:
        self.t0 = time.perf_counter()
        self.p = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=env, cwd=cwd, bufsize=1)

    def ask(self, text: str) -> float:
        assert self.p.stdin is not None and self.p.stdout is not None  # both are pipes (see __init__)
        t = time.perf_counter()
        self.p.stdin.write(json.dumps({"id": "x", "text": text}) + "\n")
        self.p.stdin.flush()
        line = self.p.stdout.readline()
        if not line:
            raise RuntimeError("the tool exited")
        return time.perf_counter() - t

    def close(self) -> float:
        rss = _peak_rss_mb(self.p.pid)
        assert self.p.stdin is not None
        self.p.stdin.close()
        self.p.wait(timeout=60)
        return rss


def _argv(tool: str, tmp: str) -> tuple[list[str], dict, str | None, bool]:
    env = {**os.environ, "HF_HUB_OFFLINE": "1", "TRANSFORMERS_OFFLINE": "1"}
    if tool == "coatcheck":
        return [sys.executable, "-m", "coatcheck", "scan", "--jsonl"], env, None, False
    from .peers import peers

    peer = peers()[tool]
    if not peer.installed():
        raise RuntimeError("not installed")
    base = resources.files("coatcheck.bench.peers").joinpath("runners")
    for name in ("_common.py", peer.runner):
        shutil.copy(str(base.joinpath(name)), os.path.join(tmp, name))
    env["PYTHONPATH"] = tmp
    return [str(peer.python), os.path.join(tmp, peer.runner)], env, tmp, peer.runner in BATCH_RUNNERS


def measure(tool: str, sizes: list[int], rounds: int = 5, data: str | None = None) -> dict:
    """``tool``'s median time per size over ``rounds`` asks of the same text. coatcheck runs with its model's region
    cache off, so that every round pays the first-sight cost as the peers do."""
    samples = texts(sizes, data=data)
    with tempfile.TemporaryDirectory() as tmp:
        argv, env, cwd, batch = _argv(tool, tmp)
        if tool == "coatcheck":
            env["COATCHECK_MODEL_CACHE_CHARS"] = "0"
        if batch:
            med, rss, cold = {}, 0.0, float("nan")
            for size in sizes:
                times = []
                for r in range(rounds + 1):
                    t = time.perf_counter()
                    p = subprocess.run(argv, input=json.dumps({"id": "x", "text": samples[size]}) + "\n", capture_output=True, text=True, env=env, cwd=cwd)
                    if p.returncode != 0:
                        raise RuntimeError("the tool failed")
                    if r:
                        times.append(time.perf_counter() - t)
                    else:
                        cold = time.perf_counter() - t if size == sizes[0] else cold
                med[str(size)] = 1000 * statistics.median(times)
            return {"median_ms": med, "cold_start_s": cold, "peak_rss_mb": float("nan"), "includes_process_start": True}
        s = _Session(argv, env, cwd)
        s.ask("warm-up: hello")
        cold = time.perf_counter() - s.t0
        s.ask(samples[sizes[0]])
        med = {}
        for size in sizes:
            med[str(size)] = 1000 * statistics.median(s.ask(samples[size]) for _ in range(rounds))
        rss = s.close()
        return {"median_ms": med, "cold_start_s": cold, "peak_rss_mb": rss}
