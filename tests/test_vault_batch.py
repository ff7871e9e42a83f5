"""Batched vault writes (p10 part B): one commit per batch instead of one per new value, without a placeholder
ever being usable before its value is on disk."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
import threading

from coatcheck import Vault
from coatcheck.vault import FileStore, Provenance

KEY = b"b" * 32


def _rows(path) -> int:
    """Entries committed to the file, seen from another connection."""
    db = sqlite3.connect(path)
    try:
        return int(db.execute("SELECT count(*) FROM items").fetchone()[0])
    finally:
        db.close()


def _count_commits(store: FileStore) -> list[str]:
    commits: list[str] = []
    store._db.set_trace_callback(lambda sql: commits.append(sql) if sql.strip().upper() == "COMMIT" else None)
    return commits


def test_without_batch_every_value_is_committed_before_placeholder_returns(tmp_path):
    path = tmp_path / "v.vault"
    v = Vault.open(path, KEY)
    for i in range(5):
        v.placeholder("email", f"u{i}@example.org")
        assert _rows(path) == i + 1


def test_batch_commits_once_at_exit(tmp_path):
    path = tmp_path / "v.vault"
    v = Vault.open(path, KEY)
    assert isinstance(v.store, FileStore)
    commits = _count_commits(v.store)
    with v.batch():
        phs = [v.placeholder("email", f"user{i}@example.org") for i in range(500)]
        for ph in phs[:10]:
            v.note(ph, Provenance({"email"}, set(), {"Bash"}))
        assert _rows(path) == 0 and not commits
        assert v.lookup(phs[3]) == "user3@example.org"  # readable in-process before the commit
    assert len(commits) == 1 and _rows(path) == 500
    again = Vault.open(path, KEY)
    assert [again.lookup(p) for p in phs] == [f"user{i}@example.org" for i in range(500)]
    assert again.provenance(phs[0]).sources == {"Bash"}


def test_nested_batches_commit_at_the_outermost_exit(tmp_path):
    path = tmp_path / "v.vault"
    v = Vault.open(path, KEY)
    with v.batch():
        with v.batch():
            v.placeholder("secret", "inner-value-1")
        assert _rows(path) == 0
    assert _rows(path) == 1


def test_batch_commits_when_the_block_raises(tmp_path):
    path = tmp_path / "v.vault"
    v = Vault.open(path, KEY)
    try:
        with v.batch():
            v.placeholder("secret", "value-before-error")
            raise RuntimeError("masking failed")
    except RuntimeError:
        pass
    assert _rows(path) == 1


def test_another_thread_never_gets_a_pending_placeholder(tmp_path):
    """Thread A masks inside a batch; thread B, outside one, asks for the same value: B must not get the placeholder
    before its value is on disk (B may forward it at once)."""
    path = tmp_path / "v.vault"
    v = Vault.open(path, KEY)
    made, release = threading.Event(), threading.Event()
    out: dict[str, str] = {}

    def a() -> None:
        with v.batch():
            out["a"] = v.placeholder("email", "shared@example.org")
            made.set()
            release.wait(10)

    th = threading.Thread(target=a)
    th.start()
    assert made.wait(10)
    assert _rows(path) == 0
    out["b"] = v.placeholder("email", "shared@example.org")
    assert out["b"] == out["a"] and _rows(path) == 1  # committed before B got it
    release.set()
    th.join()


def test_same_value_in_two_batches(tmp_path):
    path = tmp_path / "v.vault"
    v = Vault.open(path, KEY)
    first = threading.Event()
    result: list[str] = []

    def a() -> None:
        with v.batch():
            result.append(v.placeholder("email", "both@example.org"))
            first.set()

    th = threading.Thread(target=a)
    with v.batch():
        th.start()
        assert first.wait(10)
        th.join()
        result.append(v.placeholder("email", "both@example.org"))
    assert result[0] == result[1] and _rows(path) == 1


def test_crash_after_the_batch_loses_nothing_sent(tmp_path):
    """A process that hands placeholders out only after its batch exited, then dies without closing anything:
    every placeholder it handed out restores from the file."""
    path = tmp_path / "v.vault"
    code = (
        "import os, sys\n"
        "from coatcheck import Vault\n"
        f"v = Vault.open({str(path)!r}, {KEY!r})\n"
        "with v.batch():\n"
        "    phs = [v.placeholder('email', f'c{i}@example.org') for i in range(300)]\n"
        "sys.stdout.write(' '.join(phs)); sys.stdout.flush()\n"
        "with v.batch():\n"
        "    v.placeholder('email', 'never-sent@example.org')\n"
        "    os._exit(9)\n"
    )
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert run.returncode == 9
    sent = run.stdout.split()
    v = Vault.open(path, KEY)
    assert len(sent) == 300 and all(v.lookup(p) == f"c{i}@example.org" for i, p in enumerate(sent))
    assert len(v) == 300  # the unsent one died with the process


def test_memory_vault_batch_is_harmless():
    v = Vault(KEY)
    with v.batch():
        p = v.placeholder("secret", "m-value-1")
    assert v.placeholder("secret", "m-value-1") == p and v.lookup(p) == "m-value-1"
    v.flush()
