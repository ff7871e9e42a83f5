"""coatcheck as a pre-commit hook, with the real pre-commit tool against a throwaway git repository (the hook's
environment is built from this checkout's committed HEAD, as a user's `rev:` would be)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).parents[1]
SECRET = "Kq9x!Lm2Pz7w"


def _git(cwd: Path, *args: str) -> str:
    return subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True, text=True).stdout.strip()


def _repo(tmp_path: Path) -> Path:
    repo = tmp_path / "project"
    repo.mkdir()
    _git(repo, "init", "-q")
    _git(repo, "config", "user.email", "dev@example.com")
    _git(repo, "config", "user.name", "Dev")
    (repo / "a.env").write_text(f"DB_PASSWORD={SECRET}\nLOG_LEVEL=info\n")
    (repo / "notes.md").write_text("Nothing to see here.\n")
    _git(repo, "add", "a.env", "notes.md")
    return repo


def _pre_commit(repo: Path, tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PRE_COMMIT_HOME": str(tmp_path / "pre-commit-home")}
    return subprocess.run([sys.executable, "-m", "pre_commit", *args], cwd=repo, env=env, capture_output=True, text=True,
                          timeout=900)


def test_the_hook_reports_findings_without_values_and_a_baseline_accepts_them(tmp_path):
    repo = _repo(tmp_path)
    rev = _git(ROOT, "rev-parse", "HEAD")
    (repo / ".pre-commit-config.yaml").write_text(
        f"repos:\n  - repo: {ROOT}\n    rev: {rev}\n    hooks:\n      - id: coatcheck\n")
    r = _pre_commit(repo, tmp_path, "run", "--files", "a.env", "notes.md")
    assert r.returncode == 1, r.stdout + r.stderr
    assert "a.env:1:13: secret" in r.stdout and SECRET not in r.stdout + r.stderr
    assert "notes.md" not in r.stdout

    # accept the known finding: a baseline written by the same tool, passed as the hook's args
    baseline = subprocess.run([sys.executable, "-m", "coatcheck", "scan", "--write-baseline", ".coatcheck-baseline.json",
                               "a.env"], cwd=repo, capture_output=True, text=True, timeout=120)
    assert baseline.returncode == 0 and SECRET not in (repo / ".coatcheck-baseline.json").read_text()
    (repo / ".pre-commit-config.yaml").write_text(
        f"repos:\n  - repo: {ROOT}\n    rev: {rev}\n    hooks:\n      - id: coatcheck\n"
        "        args: [--baseline, .coatcheck-baseline.json]\n")
    r = _pre_commit(repo, tmp_path, "run", "--files", "a.env", "notes.md")
    assert r.returncode == 0, r.stdout + r.stderr

    # a new secret is still caught
    (repo / "a.env").write_text(f"DB_PASSWORD={SECRET}\nAPI_TOKEN=ghp_aB3dE5fG7hI9jK1lM3nO5pQ7rS9tU1vW3xY5\n")
    r = _pre_commit(repo, tmp_path, "run", "--files", "a.env")
    assert r.returncode == 1 and "a.env:2:11: secret" in r.stdout and "ghp_aB3" not in r.stdout
