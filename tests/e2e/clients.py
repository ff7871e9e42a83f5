"""The real Claude Code and Codex CLIs, installed from the npm registry into a cache folder once per version.

Both npm packages are thin launchers around a native executable shipped in a per-platform optional dependency
(``@anthropic-ai/claude-code-linux-x64``, ``@openai/codex-linux-x64``); the executables are run directly, so the
machine's Node.js version does not matter (Claude Code's launcher package asks for Node 22, this machine has 20)
and no install script has to run (npm 11 does not run them unless allowed).
"""

from __future__ import annotations

import os
import platform
import shutil
import subprocess
from pathlib import Path

CLAUDE_CODE = "2.1.332"
CODEX = "0.171.0"


class ClientInstallError(RuntimeError):
    pass


def cache_dir() -> Path:
    return Path(os.environ.get("COATCHECK_E2E_CACHE", Path.home() / ".cache" / "coatcheck" / "e2e-clients"))


def _arch() -> str:
    machine = platform.machine().lower()
    return {"x86_64": "x64", "amd64": "x64", "aarch64": "arm64", "arm64": "arm64"}.get(machine, machine)


def install() -> dict[str, Path]:
    """Paths of the ``claude`` and ``codex`` executables, installing them first if the cache lacks them. Raises
    ClientInstallError (with npm's own message) when npm is missing or the registry cannot be reached."""
    root = cache_dir() / f"claude-{CLAUDE_CODE}_codex-{CODEX}"
    modules = root / "node_modules"
    if not (root / ".complete").exists():
        npm = shutil.which("npm")
        if npm is None:
            raise ClientInstallError("npm is not on PATH: the end-to-end tier installs the real CLIs with it")
        root.mkdir(parents=True, exist_ok=True)
        cmd = [npm, "install", "--prefix", str(root), "--no-audit", "--no-fund", "--ignore-scripts", "--no-save",
               "--engine-strict=false", f"@anthropic-ai/claude-code@{CLAUDE_CODE}", f"@openai/codex@{CODEX}"]
        r = subprocess.run(cmd, capture_output=True, text=True, timeout=900)
        if r.returncode != 0:
            raise ClientInstallError(f"npm install failed (exit {r.returncode}); is the npm registry reachable?\n{r.stderr[-3000:]}")
        (root / ".complete").write_text("ok\n")
    arch = _arch()
    claude = modules / "@anthropic-ai" / f"claude-code-linux-{arch}" / "claude"
    codex_pkg = modules / "@openai" / f"codex-linux-{arch}"
    codex = next(iter(sorted(codex_pkg.glob("vendor/*/bin/codex"))), codex_pkg / "vendor" / "bin" / "codex")
    for name, path in (("claude", claude), ("codex", codex)):
        if not path.exists():
            raise ClientInstallError(f"{name}: no native executable at {path} after npm install")
        path.chmod(path.stat().st_mode | 0o111)
    return {"claude": claude, "codex": codex}
