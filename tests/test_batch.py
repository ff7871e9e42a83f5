"""coatcheck batch: a corpus of JSONL files masked on local processes, atomic per file, resumable, deterministic
placeholders, optional vault shards for restore. Values are made up."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

KEY = "ghp_aB3dE5fG7hI9jK1lM3nO5pQ7rS9tU1vW3xY5"


def run(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "COATCHECK_VAULT_KEY": "batch-test-key"}
    return subprocess.run([sys.executable, "-m", "coatcheck", *args], cwd=cwd, env=env, capture_output=True, text=True,
                          timeout=300)


def corpus(root: Path) -> None:
    (root / "in" / "sub").mkdir(parents=True)
    with (root / "in" / "a.jsonl").open("w") as f:
        for i in range(20):
            f.write(json.dumps({"id": f"a{i}", "text": f"deploy with GITHUB_TOKEN={KEY} for giulia{i}@acme-dev.it"}) + "\n")
    with (root / "in" / "sub" / "b.jsonl").open("w") as f:
        f.write(json.dumps({"id": "b0", "messages": [{"role": "user", "content": f"token {KEY}"}]}) + "\n")
        f.write("not json\n")
        f.write(json.dumps({"type": "user", "sessionId": "s1", "message": {"role": "user", "content": [
            {"type": "text", "text": f"export API_TOKEN={KEY}"}]}}) + "\n")


def test_a_corpus_is_masked_with_one_placeholder_per_value_across_workers(tmp_path):
    corpus(tmp_path)
    r = run("batch", "in", "-o", "out", "--workers", "2", "--report", "report.json", cwd=tmp_path)
    assert r.returncode == 1, r.stderr  # one line failed
    a, b = (tmp_path / "out" / "a.jsonl").read_text(), (tmp_path / "out" / "sub" / "b.jsonl").read_text()
    assert KEY not in a + b and "acme-dev.it" not in a
    placeholders = {json.loads(line)["text"].split("=", 1)[1].split()[0] for line in a.splitlines()}
    assert len(placeholders) == 1 and next(iter(placeholders)) in b  # the same value, the same placeholder everywhere
    assert len(b.splitlines()) == 2 and '"sessionId": "s1"' in b  # the bad line is not written; structure kept
    report = json.loads((tmp_path / "report.json").read_text())
    assert report["documents"] == 22 and report["counts"]["secret"] == 22 and report["counts"]["email"] == 20
    assert report["failures"] == {str(Path("in/sub/b.jsonl")): [{"line": 2, "id": "2: JSONDecodeError"}]}
    assert KEY not in r.stderr and "1 line(s) or document(s) failed" in r.stderr


def test_a_rerun_skips_finished_files_and_redoes_unfinished_ones(tmp_path):
    corpus(tmp_path)
    assert run("batch", "in", "-o", "out", "--workers", "1", cwd=tmp_path).returncode == 1
    first = (tmp_path / "out" / "a.jsonl").read_text()
    # a crash mid-file leaves only a .partial file, which never counts as finished
    (tmp_path / "out" / "sub" / "b.jsonl").unlink()
    (tmp_path / "out" / "sub" / "b.jsonl.partial").write_text('{"half": ')
    r = run("batch", "in", "-o", "out", "--report", "again.json", cwd=tmp_path)
    report = json.loads((tmp_path / "again.json").read_text())
    assert report["skipped_files"] == 1 and report["documents"] == 2, r.stderr
    assert (tmp_path / "out" / "a.jsonl").read_text() == first
    assert not (tmp_path / "out" / "sub" / "b.jsonl.partial").exists() and (tmp_path / "out" / "sub" / "b.jsonl").exists()


def test_vault_shards_restore_every_document(tmp_path):
    corpus(tmp_path)
    run("batch", "in", "-o", "out", "--vault-out", "vaults", cwd=tmp_path)
    r = subprocess.run([sys.executable, "-m", "coatcheck", "restore", "out/a.jsonl", "--vault", "vaults/a.jsonl.vault"],
                       cwd=tmp_path, capture_output=True, env={**os.environ, "COATCHECK_VAULT_KEY": "batch-test-key"},
                       timeout=120)
    assert r.returncode == 0 and r.stdout == (tmp_path / "in" / "a.jsonl").read_bytes()  # written as json.dumps writes
    assert (tmp_path / "vaults" / "sub" / "b.jsonl.vault").exists() and not list((tmp_path / "vaults").rglob("*.partial"))


def test_field_mode_masks_only_that_field(tmp_path):
    (tmp_path / "in").mkdir()
    (tmp_path / "in" / "c.jsonl").write_text(json.dumps({"id": "c0", "text": f"t {KEY}", "note": f"n {KEY}"}) + "\n")
    assert run("batch", "in", "-o", "out", "--field", "text", cwd=tmp_path).returncode == 0
    doc = json.loads((tmp_path / "out" / "c.jsonl").read_text())
    assert KEY not in doc["text"] and doc["note"] == f"n {KEY}"


def test_no_input_is_a_clear_error(tmp_path):
    r = run("batch", "missing-dir", "-o", "out", cwd=tmp_path)
    assert r.returncode == 2 and "no such file" in r.stderr


def tables(root: Path) -> None:
    import csv

    import pyarrow as pa
    import pyarrow.parquet as pq

    (root / "in").mkdir(parents=True, exist_ok=True)
    with (root / "in" / "people.csv").open("w", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["id", "name", "email", "amount", "note"])
        for i in range(12):
            w.writerow([f"r{i}", "Giulia Ferraro", f"giulia{i}@acme-dev.it", "007", f"two\nlines, token {KEY}"])
    table = pa.table({"id": [f"p{i}" for i in range(15)], "n": list(range(15)),
                      "msg": [f"mail p{i}@acme-dev.it, token {KEY}" for i in range(15)]})
    pq.write_table(table, root / "in" / "events.parquet")


def test_csv_and_parquet_keep_their_schema_and_other_columns(tmp_path):
    import pyarrow.parquet as pq

    tables(tmp_path)
    r = run("batch", "in", "-o", "out", "--vault-out", "vaults", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    text = (tmp_path / "out" / "people.csv").read_text()
    assert KEY not in text and "acme-dev.it" not in text and "Giulia Ferraro" not in text
    assert text.startswith("id,name,email,amount,note\n") and ",007," in text and "\r\n" not in text
    src, out = pq.read_table(tmp_path / "in" / "events.parquet"), pq.read_table(tmp_path / "out" / "events.parquet")
    assert out.schema == src.schema and out.column("n").to_pylist() == list(range(15))
    assert out.column("id").to_pylist() == src.column("id").to_pylist()
    assert all(KEY not in m and "acme-dev.it" not in m for m in out.column("msg").to_pylist())
    restored = subprocess.run([sys.executable, "-m", "coatcheck", "restore", "out/people.csv", "--vault", "vaults/people.csv.vault"],
                              cwd=tmp_path, capture_output=True, env={**os.environ, "COATCHECK_VAULT_KEY": "batch-test-key"}, timeout=120)
    assert restored.returncode == 0 and restored.stdout == (tmp_path / "in" / "people.csv").read_bytes()


def test_csv_field_names_the_columns_and_a_missing_one_is_an_error(tmp_path):
    tables(tmp_path)
    assert run("batch", "in/people.csv", "-o", "out", "--field", "email", cwd=tmp_path).returncode == 0
    text = (tmp_path / "out" / "people.csv").read_text()
    assert "acme-dev.it" not in text and "Giulia Ferraro" in text and KEY in text  # only the email column
    r = run("batch", "in/people.csv", "-o", "out2", "--field", "phone", cwd=tmp_path)
    assert r.returncode == 2 and "no column 'phone'" in r.stderr and not (tmp_path / "out2" / "people.csv").exists()


def test_a_run_killed_midway_resumes_without_partial_or_duplicated_output(tmp_path):
    """A real kill (SIGKILL) of a running batch, then a rerun: every output complete, none partial, none doubled,
    each identical to an uninterrupted run's."""
    import signal
    import time

    (tmp_path / "in").mkdir()
    for k in range(8):
        with (tmp_path / "in" / f"f{k}.jsonl").open("w") as f:
            for i in range(150):
                f.write(json.dumps({"id": f"{k}-{i}", "text": f"Ping Giulia Ferraro, token GITHUB_TOKEN={KEY} and mail g{i}@acme-dev.it"}) + "\n")
    env = {**os.environ, "COATCHECK_VAULT_KEY": "batch-test-key"}
    proc = subprocess.Popen([sys.executable, "-m", "coatcheck", "batch", "in", "-o", "out", "--workers", "1"], cwd=tmp_path, env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    deadline = time.time() + 120
    while time.time() < deadline and not list((tmp_path / "out").glob("*.jsonl")):
        time.sleep(0.05)
    os.killpg(proc.pid, signal.SIGKILL)  # the worker process too
    proc.wait(timeout=30)
    finished = sorted(p.name for p in (tmp_path / "out").glob("*.jsonl"))
    assert 1 <= len(finished) < 8  # killed midway
    r = run("batch", "in", "-o", "out", "--report", "report.json", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    report = json.loads((tmp_path / "report.json").read_text())
    assert report["skipped_files"] == len(finished) and report["documents"] == 150 * (8 - len(finished))
    assert not list((tmp_path / "out").glob("*.partial"))
    assert run("batch", "in", "-o", "clean", cwd=tmp_path).returncode == 0
    for k in range(8):
        got = (tmp_path / "out" / f"f{k}.jsonl").read_text()
        assert got == (tmp_path / "clean" / f"f{k}.jsonl").read_text() and got.count("\n") == 150
