"""coatcheck batch --engine ray against a real local Ray runtime (ray.init() on this machine, no mock): the same
outputs as the local engine, in every format, and vault shards that restore every document."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pyarrow.parquet as pq

from test_batch import KEY, corpus, run, tables


def test_ray_engine_matches_the_local_engine_and_restores(tmp_path):
    corpus(tmp_path)
    tables(tmp_path)
    local = run("batch", "in", "-o", "local", cwd=tmp_path)
    ray_run = run("batch", "in", "-o", "ray", "--engine", "ray", "--vault-out", "vaults", "--report", "report.json", cwd=tmp_path)
    assert local.returncode == 1 and ray_run.returncode == 1, ray_run.stderr[-2000:]  # the one line that is not JSON
    report = json.loads((tmp_path / "report.json").read_text())
    assert report["engine"] == "ray" and report["files"] == 4 and len(report["failures"]) == 1
    for name in ("a.jsonl", "sub/b.jsonl", "people.csv"):
        assert (tmp_path / "ray" / name).read_text() == (tmp_path / "local" / name).read_text(), name
    assert pq.read_table(tmp_path / "ray" / "events.parquet").equals(pq.read_table(tmp_path / "local" / "events.parquet"))
    text = "".join((tmp_path / "ray" / n).read_text() for n in ("a.jsonl", "sub/b.jsonl", "people.csv"))
    assert KEY not in text and KEY not in ray_run.stderr
    env = {**os.environ, "COATCHECK_VAULT_KEY": "batch-test-key"}
    for name in ("a.jsonl", "people.csv"):
        r = subprocess.run([sys.executable, "-m", "coatcheck", "restore", f"ray/{name}", "--vault", f"vaults/{name}.vault"],
                           cwd=tmp_path, capture_output=True, env=env, timeout=120)
        assert r.returncode == 0 and r.stdout == (tmp_path / "in" / name).read_bytes(), name
    assert not list((tmp_path / "ray").rglob("*.partial")) and not list((tmp_path / "vaults").rglob("*.partial"))
    again = run("batch", "in", "-o", "ray", "--engine", "ray", "--report", "again.json", cwd=tmp_path)
    assert json.loads((tmp_path / "again.json").read_text())["skipped_files"] == 4, again.stderr[-1000:]


def test_an_unknown_engine_is_a_clear_error(tmp_path):
    corpus(tmp_path)
    r = run("batch", "in", "-o", "out", "--engine", "spark", cwd=tmp_path)
    assert r.returncode == 2 and "--engine must be local or ray" in r.stderr


def test_ray_engine_masks_document_files_like_the_local_engine(tmp_path):
    """An archive of documents (text, Word, PDF) on Ray: the files spread over the actor pool, the same masked text
    as the local engine, and vault shards that restore."""
    from documents.files import make_docx, make_pdf

    src = tmp_path / "in"
    src.mkdir()
    make_docx(src / "contract.docx")
    make_pdf(src / "note.pdf", ["Patient: Giulia Ferraro", "Seen on 3 March 2024."])
    for i in range(6):
        (src / f"letter{i}.txt").write_text(f"Dear Ms Ferraro,\nDr. Hans Becker will see you on {i + 1} April 2024.\n", encoding="utf-8")
    local = run("batch", "in", "-o", "local", "--policy", "document", cwd=tmp_path)
    ray_run = run("batch", "in", "-o", "ray", "--engine", "ray", "--policy", "document", "--vault-out", "vaults",
                  "--report", "report.json", cwd=tmp_path)
    assert local.returncode == 0 and ray_run.returncode == 0, ray_run.stderr[-2000:]
    names = sorted(str(p.relative_to(tmp_path / "local")) for p in (tmp_path / "local").rglob("*") if p.is_file())
    assert "contract.docx.txt" in names and "note.pdf.txt" in names and len(names) == 8
    for name in names:
        assert (tmp_path / "ray" / name).read_text() == (tmp_path / "local" / name).read_text(), name
    assert json.loads((tmp_path / "report.json").read_text())["documents"] == 8
    env = {**os.environ, "COATCHECK_VAULT_KEY": "batch-test-key"}
    r = subprocess.run([sys.executable, "-m", "coatcheck", "restore", "ray/letter3.txt", "--vault", "vaults/letter3.txt.vault"],
                       cwd=tmp_path, capture_output=True, env=env, timeout=120)
    assert r.returncode == 0 and r.stdout == (src / "letter3.txt").read_bytes()
