"""Peer tools, each in an isolated venv, driven over stdin/stdout JSONL.

``coatcheck bench peers install NAME`` creates ``<cache>/peers/NAME/venv`` and pip-installs the peer's
pinned requirements there; ``run_peer`` copies the peer's runner script next to a shared helper and pipes
documents through it. The cache is ``$COATCHECK_CACHE`` or ``~/.cache/coatcheck``.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
import tomllib
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path

from ..schema import Document, Prediction


@dataclass(frozen=True)
class Peer:
    name: str
    requirements: tuple[str, ...]
    runner: str
    version_of: str
    threshold: dict = field(default_factory=dict)
    notes: str = ""

    @property
    def home(self) -> Path:
        return cache_dir() / "peers" / self.name

    @property
    def python(self) -> Path:
        return self.home / "venv" / "bin" / "python"

    def installed(self) -> bool:
        return self.python.exists() and (self.home / "installed.json").exists()

    def version(self) -> str | None:
        f = self.home / "installed.json"
        return json.loads(f.read_text()).get("version") if f.exists() else None


def unrunnable() -> dict[str, str]:
    """Peer modes that cannot run offline, with the reason (for the report)."""
    raw = tomllib.loads(resources.files("coatcheck.bench.peers").joinpath("peers.toml").read_text("utf-8"))
    return dict(raw.get("unrunnable", {}))


def cache_dir() -> Path:
    return Path(os.environ.get("COATCHECK_CACHE") or Path.home() / ".cache" / "coatcheck")


def peers() -> dict[str, Peer]:
    raw = tomllib.loads(resources.files("coatcheck.bench.peers").joinpath("peers.toml").read_text("utf-8"))["peer"]  # noqa: E501
    return {n: Peer(n, tuple(r["requirements"]), r["runner"], r["version_of"], r.get("threshold", {}), r.get("notes", ""))
            for n, r in raw.items()}


def install(peer: Peer, log=print) -> str:
    """Create the peer's venv and install its pinned requirements; returns the installed version."""
    peer.home.mkdir(parents=True, exist_ok=True)
    venv = peer.home / "venv"
    if not peer.python.exists():
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    logf = peer.home / "install.log"
    with logf.open("w") as fh:
        r = subprocess.run([str(peer.python), "-m", "pip", "install", "--disable-pip-version-check", *peer.requirements],
                           stdout=fh, stderr=subprocess.STDOUT)
    if r.returncode != 0:
        raise RuntimeError(f"pip failed for {peer.name}; see {logf}")
    out = subprocess.run([str(peer.python), "-m", "pip", "show", peer.version_of], capture_output=True, text=True).stdout
    version = next((ln.split(":", 1)[1].strip() for ln in out.splitlines() if ln.startswith("Version:")), "?")
    (peer.home / "installed.json").write_text(json.dumps({"version": version, "requirements": list(peer.requirements)}))
    return version


def run_peer(peer: Peer, docs: list[Document], threshold: float | None = None, timeout: float = 3600,
             runners: Path | None = None) -> tuple[dict[str, Prediction], str]:
    """Predictions per document id, and the runner's stderr tail (for errors). Raises if the peer is missing."""
    if not peer.installed():
        raise RuntimeError(f"{peer.name} is not installed: run `coatcheck bench peers install {peer.name}`")
    base = runners or resources.files("coatcheck.bench.peers").joinpath("runners")
    with tempfile.TemporaryDirectory() as tmp:
        for name in ("_common.py", peer.runner):
            shutil.copy(str(base.joinpath(name)), os.path.join(tmp, name))
        env = {**os.environ, "PYTHONPATH": tmp, "HF_HUB_OFFLINE": "1", "TRANSFORMERS_OFFLINE": "1", "TOKENIZERS_PARALLELISM": "false"}
        if threshold is not None:
            env["PEER_THRESHOLD"] = str(threshold)
        payload = "".join(json.dumps({"id": d["id"], "text": d["text"], **({"lang": d["lang"]} if d.get("lang") else {})}) + "\n" for d in docs)
        r = subprocess.run([str(peer.python), os.path.join(tmp, peer.runner)], input=payload, capture_output=True,
                           text=True, env=env, timeout=timeout, cwd=tmp)
    preds = {}
    for line in r.stdout.splitlines():
        try:
            rec = json.loads(line)
        except ValueError:
            continue
        preds[str(rec.get("id"))] = rec
    return preds, r.stderr[-2000:]
