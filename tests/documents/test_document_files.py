"""Documents as files: ``coatcheck mask`` and ``coatcheck batch`` read .txt, .md, .docx (python-docx) and .pdf
(pypdf) and write masked text; a damaged file is reported by name and reason, and nothing of it is written."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from coatcheck.documents import read_document
from coatcheck.errors import InputError

from documents.files import EMAIL, NAME, PHONE, make_docx, make_pdf


def cli(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "COATCHECK_VAULT_KEY": "document-test-key"}
    return subprocess.run([sys.executable, "-m", "coatcheck", *args], cwd=cwd, env=env, capture_output=True, text=True, timeout=300)


def test_word_text_keeps_paragraphs_tables_and_header(tmp_path: Path) -> None:
    text = read_document(make_docx(tmp_path / "c.docx"))
    assert NAME in text and f"Telefono\t{PHONE}" in text and EMAIL in text
    assert text.index("3 marzo") < text.index("Telefono") < text.index("Fine del documento")


def test_pdf_text(tmp_path: Path) -> None:
    text = read_document(make_pdf(tmp_path / "c.pdf", [f"Patient: {NAME}", "Seen on 3 March 2024."]))
    assert NAME in text and "3 March 2024" in text


@pytest.mark.parametrize("name,data,reason", [
    ("bad.pdf", b"%PDF-1.4 not really", "cannot read this PDF file"),
    ("bad.docx", b"PK\x03\x04 no zip", "cannot read this DOCX file"),
    ("bad.txt", "Giulia Ferraro".encode("utf-16"), "not UTF-8"),
])
def test_a_damaged_file_is_an_error_that_names_it_not_its_content(tmp_path: Path, name: str, data: bytes, reason: str) -> None:
    (tmp_path / name).write_bytes(data)
    with pytest.raises(InputError, match=reason) as exc:
        read_document(tmp_path / name)
    assert name in str(exc.value) and "Giulia" not in str(exc.value) and "not really" not in str(exc.value)


def test_mask_a_word_file_and_restore_it(tmp_path: Path) -> None:
    make_docx(tmp_path / "c.docx")
    r = cli("mask", "c.docx", "--policy", "document", "--vault", "v.vault", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    for value in (NAME, PHONE, EMAIL, "3 marzo 2024"):
        assert value not in r.stdout and value not in r.stderr
    assert "sig.ra" in r.stdout and "Versione\t2.1" in r.stdout
    (tmp_path / "masked.txt").write_text(r.stdout, encoding="utf-8")
    back = cli("restore", "masked.txt", "--vault", "v.vault", cwd=tmp_path)
    assert back.returncode == 0 and back.stdout == read_document(tmp_path / "c.docx")


def test_mask_a_pdf(tmp_path: Path) -> None:
    make_pdf(tmp_path / "c.pdf", [f"Patient: {NAME}", f"Phone {PHONE}", "Seen on 3 March 2024."])
    r = cli("mask", "c.pdf", "--policy", "document", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert NAME not in r.stdout and "3 March 2024" not in r.stdout and "Patient:" in r.stdout


def test_batch_masks_a_folder_of_documents(tmp_path: Path) -> None:
    src = tmp_path / "in"
    (src / "sub").mkdir(parents=True)
    make_docx(src / "contract.docx")
    make_pdf(src / "sub" / "note.pdf", [f"Patient: {NAME}", "Seen on 3 March 2024."])
    (src / "letter.txt").write_text("Dear Ms Ferraro,\nyour appointment with Dr. Hans Becker is on 4 April 2024.\n", encoding="utf-8")
    (src / "readme.md").write_text(f"# Contacts\n\n- {NAME}: {EMAIL}\n", encoding="utf-8")
    (src / "broken.pdf").write_bytes(b"%PDF-1.4 nothing")
    r = cli("batch", "in", "-o", "out", "--policy", "document", "--vault-out", "vaults", "--report", "report.json", cwd=tmp_path)
    assert r.returncode == 1, r.stderr  # the broken file
    out = tmp_path / "out"
    assert sorted(str(p.relative_to(out)) for p in out.rglob("*") if p.is_file()) == [
        "contract.docx.txt", "letter.txt", "readme.md", "sub/note.pdf.txt"]
    written = "".join(p.read_text(encoding="utf-8") for p in out.rglob("*") if p.is_file())
    for value in (NAME, EMAIL, PHONE, "Hans Becker", "4 April 2024", "3 March 2024"):
        assert value not in written and value not in r.stderr
    report = json.loads((tmp_path / "report.json").read_text())
    assert report["documents"] == 4 and list(report["failures"]) == ["in/broken.pdf"]
    assert not list((tmp_path / "vaults").rglob("broken*"))
    back = cli("restore", "out/letter.txt", "--vault", "vaults/letter.txt.vault", cwd=tmp_path)
    assert back.returncode == 0 and back.stdout == (src / "letter.txt").read_text(encoding="utf-8")


def test_two_inputs_that_would_share_one_output_are_refused(tmp_path: Path) -> None:
    src = tmp_path / "in"
    src.mkdir()
    make_pdf(src / "a.pdf", ["Seen on 3 March 2024."])
    (src / "a.pdf.txt").write_text("Seen on 4 March 2024.\n", encoding="utf-8")
    r = cli("batch", "in", "-o", "out", "--policy", "document", cwd=tmp_path)
    assert r.returncode != 0 and "would both be written" in r.stderr and not (tmp_path / "out").exists()
