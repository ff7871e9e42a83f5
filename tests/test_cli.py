"""The CLI, run as a real subprocess."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys


from coatcheck.textio import iter_chunks

KEY = "ghp_aB3dE5fG7hI9jK1lM3nO5pQ7rS9tU1vW3xY5"
TEXT = f"export GITHUB_TOKEN={KEY}\nAuthor: Hans Becker <hb@web.de>\nversion 1.2.3\n"


def run(*args, stdin: bytes = b"", env_extra=None):
    env = {**os.environ, "COATCHECK_VAULT_KEY": "test-key", **(env_extra or {})}
    return subprocess.run([sys.executable, "-m", "coatcheck", *args], input=stdin, capture_output=True, env=env)


def test_mask_then_restore_in_another_process(tmp_path):
    vault = tmp_path / "s.vault"
    masked = run("mask", "-", "--vault", str(vault), stdin=TEXT.encode())
    assert masked.returncode == 0, masked.stderr
    assert KEY.encode() not in masked.stdout and b"hb@web.de" not in masked.stdout and b"version 1.2.3" in masked.stdout
    assert KEY.encode() not in masked.stderr and b"secret=1" in masked.stderr
    restored = run("restore", "-", "--vault", str(vault), stdin=masked.stdout)
    assert restored.returncode == 0 and restored.stdout == TEXT.encode()


def test_scan_text_json_sarif_and_exit_codes(tmp_path):
    (tmp_path / "a.env").write_text(TEXT)
    (tmp_path / "clean.txt").write_text("nothing to see here\n")
    (tmp_path / "blob.bin").write_bytes(b"\x00\x01" + KEY.encode())
    r = run("scan", str(tmp_path), "--explain")
    assert r.returncode == 2 and b"cannot scan binary file" in r.stderr  # a file it cannot read is an error …
    r = run("scan", str(tmp_path), "--explain", "--skip-binary")
    assert r.returncode == 1  # … unless asked to skip it
    out = r.stdout.decode()
    assert "a.env:1:21: secret [github-pat]" in out and KEY not in out
    assert b"skipped binary file" in r.stderr
    (tmp_path / "latin1.txt").write_bytes(b"caf\xe9 " + KEY.encode())
    assert run("scan", str(tmp_path / "latin1.txt")).returncode == 2
    assert run("scan", str(tmp_path / "latin1.txt"), "--lossless").returncode == 1
    j = json.loads(run("scan", str(tmp_path / "a.env"), "--format", "json").stdout)
    assert {f["category"] for f in j} == {"secret", "person", "email"} and all("value" not in f for f in j)
    s = json.loads(run("scan", str(tmp_path / "a.env"), "--format", "sarif").stdout)
    assert s["version"] == "2.1.0" and s["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["region"]["startLine"] == 1
    assert KEY not in json.dumps(s)
    shown = run("scan", str(tmp_path / "a.env"), "--show-values").stdout.decode()
    assert KEY in shown
    assert run("scan", str(tmp_path / "clean.txt")).returncode == 0


def test_scan_jsonl_contract():
    docs = [{"id": "a", "text": f"token {KEY}"}, {"id": 2, "text": ""}, {"id": "c", "text": "é " * 10}]
    r = run("scan", "--jsonl", stdin="\n".join(json.dumps(d) for d in docs).encode() + b"\n")
    assert r.returncode == 0, r.stderr
    lines = [json.loads(ln) for ln in r.stdout.decode().splitlines()]
    assert [ln["id"] for ln in lines] == ["a", 2, "c"]
    span = lines[0]["spans"][0]
    assert docs[0]["text"][span["start"] : span["end"]] == KEY and span["label"] == "secret" and isinstance(span["score"], float)
    assert KEY not in lines[0]["masked_text"] and lines[1] == {"id": 2, "spans": [], "masked_text": ""}


def test_scan_jsonl_bad_line_is_reported_and_the_rest_processed():
    r = run("scan", "--jsonl", stdin=b'not json\n{"id": 1, "text": "ok"}\n')
    lines = [json.loads(ln) for ln in r.stdout.decode().splitlines()]
    assert r.returncode == 2 and "error" in lines[0] and lines[1]["id"] == 1


def test_invalid_utf8_is_a_clear_error_or_lossless():
    data = b"password=Zq8xLm2Kp9Tr4Wv\n\xff\xfe broken\n"
    r = run("mask", "-", stdin=data)
    assert r.returncode == 2 and b"invalid UTF-8 at byte 25" in r.stderr and r.stdout == b""
    ok = run("mask", "-", "--lossless", stdin=data)
    assert ok.returncode == 0 and b"\xff\xfe broken" in ok.stdout and b"Zq8xLm2Kp9Tr4Wv" not in ok.stdout


def test_binary_and_empty_input():
    assert run("mask", "-", stdin=b"\x00\x01\x02").returncode == 2
    r = run("mask", "-", stdin=b"")
    assert r.returncode == 0 and r.stdout == b""


def test_large_input_streams_in_chunks(tmp_path):
    line = f"2026-11-29 INFO user=gferraro token={KEY} path=/srv/app ok\n"
    data = (line * 60000).encode()  # ~4.6 MB, several chunks
    vault = tmp_path / "v.vault"
    masked = run("mask", "-", "--vault", str(vault), "-q", stdin=data)
    assert masked.returncode == 0 and masked.stdout.count(b"\n") == 60000 and KEY.encode() not in masked.stdout
    assert run("restore", "-", "--vault", str(vault), stdin=masked.stdout).stdout == data


def test_chunks_never_split_a_pem_block():
    pem = b"-----BEGIN RSA PRIVATE KEY-----\n" + b"MIIEowIBAAKCAQEAq7BFUpkGp3LQmlQ\n" * 50 + b"-----END RSA PRIVATE KEY-----\n"
    data = b"x\n" * 100 + pem + b"y\n" * 100
    chunks = list(iter_chunks(io.BytesIO(data), size=64))
    assert b"".join(chunks) == data
    assert any(pem in c for c in chunks)


def test_policy_errors_are_clear(tmp_path):
    bad = tmp_path / "p.toml"
    bad.write_text("[categories]\nsecrets = true\n")
    r = run("mask", "-", "--policy", str(bad), stdin=b"x")
    assert r.returncode == 2 and b"unknown category" in r.stderr


def test_doctor():
    r = run("doctor")
    assert r.returncode == 0 and b"provider formats" in r.stdout and b"stages:" in r.stdout
    assert b"on CPUExecutionProvider" in r.stdout  # which onnxruntime provider the model runs on


def test_doctor_says_when_the_model_is_off():
    r = run("doctor", env_extra={"COATCHECK_MODEL": "0"})
    assert r.returncode == 0 and b"model: off" in r.stdout


def test_a_baseline_accepts_known_findings_and_holds_no_values(tmp_path):
    f, base = tmp_path / "a.env", tmp_path / "baseline.json"
    f.write_text("DB_PASSWORD=Kq9x!Lm2Pz7w\nuser=mrossi77\n")
    assert run("scan", str(f)).returncode == 1
    assert run("scan", "--write-baseline", str(base), str(f)).returncode == 0
    text = base.read_text()
    assert "Kq9x!Lm2Pz7w" not in text and "mrossi77" not in text and json.loads(text)["version"] == 1
    r = run("scan", "--baseline", str(base), str(f))
    assert r.returncode == 0 and r.stdout == b""
    # a new finding is still reported, with its position and category only; lines moving does not void the rest
    f.write_text("# header\nAPI_TOKEN=ghp_aB3dE5fG7hI9jK1lM3nO5pQ7rS9tU1vW3xY5\nDB_PASSWORD=Kq9x!Lm2Pz7w\nuser=mrossi77\n")
    r = run("scan", "--baseline", str(base), str(f))
    assert r.returncode == 1 and r.stdout.decode().splitlines() == [f"{f}:2:11: secret"]


def test_a_malformed_baseline_is_a_clear_error(tmp_path):
    f, base = tmp_path / "a.env", tmp_path / "baseline.json"
    f.write_text("x=1\n")
    base.write_text('{"version": 7}')
    r = run("scan", "--baseline", str(base), str(f))
    assert r.returncode == 2 and b"not a coatcheck baseline" in r.stderr


def test_pre_commit_hook_definition_runs_scan():
    import yaml

    from pathlib import Path

    hooks = yaml.safe_load((Path(__file__).parents[1] / ".pre-commit-hooks.yaml").read_text())
    assert hooks[0]["id"] == "coatcheck" and hooks[0]["entry"].startswith("coatcheck scan") and hooks[0]["language"] == "python"
