"""The document benchmark's scorer (``coatcheck bench docs``): character recall, precision, F scores per set and
macro, leave one set out, intervals, labels a set was not annotated for."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from coatcheck.bench.docs import doc_counts, doc_table, load_docsets, paired_macro
from coatcheck.cli import app


def _write(path: Path, docs: list[dict]) -> Path:
    path.write_text("".join(json.dumps(d) + "\n" for d in docs), encoding="utf-8")
    return path


def _doc(i: str, text: str, gold: list[tuple[str, str]], split: str = "dev", annotated: list[str] | None = None) -> dict:
    spans = [{"start": text.index(v), "end": text.index(v) + len(v), "label": lab} for v, lab in gold]
    d = {"id": i, "set": "toy", "lang": "en", "split": split, "text": text, "spans": spans}
    if annotated:
        d["meta"] = {"annotated_core_labels": annotated}
    return d


def test_counts_are_characters(tmp_path: Path) -> None:
    f = _write(tmp_path / "a.jsonl", [_doc("1", "Jane Roe came on 3 May 2020.", [("Jane Roe", "person"), ("3 May 2020", "date")])])
    doc = load_docsets([f])[0]
    pred = {"spans": [{"start": 0, "end": 4, "label": "person"}, {"start": 9, "end": 13, "label": "person"}]}
    assert doc_counts(doc, pred) == (18, 4, 8)  # "Jane" hits; "came" is masked outside the gold


def test_a_label_the_set_was_not_annotated_for_is_not_scored(tmp_path: Path) -> None:
    f = _write(tmp_path / "a.jsonl", [_doc("1", "Jane Roe came on 3 May 2020.", [("Jane Roe", "person")], annotated=["person"])])
    doc = load_docsets([f])[0]
    date = {"start": 17, "end": 27, "label": "date"}
    pred = {"spans": [{"start": 0, "end": 8, "label": "person"}, date]}
    assert doc_counts(doc, pred) == (8, 8, 8)
    assert doc_counts(doc, pred, annotated_only=False) == (8, 8, 18)
    assert doc_counts(doc, {"spans": [{**date, "label": "ALL"}]}) == (8, 0, 10)  # an unknown label always counts


def test_table_macro_and_leave_one_out(tmp_path: Path) -> None:
    a = [_doc(str(i), f"Doc {i}: Jane Roe here.", [("Jane Roe", "person")]) for i in range(5)]
    b = [{**_doc(str(i), f"Doc {i}: Ann Lee here.", [("Ann Lee", "person")]), "set": "other"} for i in range(5)]
    docs = load_docsets([_write(tmp_path / "a.jsonl", a), _write(tmp_path / "b.jsonl", b)])
    perfect = {d["id"]: {"spans": [{"start": it["start"], "end": it["end"], "label": "person"} for it in d["items"]]} for d in docs}
    half = {d["id"]: (perfect[d["id"]] if d["dataset"] == "toy" else {"spans": []}) for d in docs}
    t = doc_table(docs, half)
    assert t.sets["toy"]["f2"] == pytest.approx(1.0) and t.sets["other"]["f2"] == 0.0
    assert t.macro["f2"] == pytest.approx(0.5)
    assert t.leave_one_out == pytest.approx((0.0, 1.0))
    assert t.intervals["f2"] == pytest.approx((0.5, 0.5))
    diff = paired_macro(docs, perfect, half)
    assert diff["f2"][0] == pytest.approx(0.5) and diff["f2"][1] > 0  # a win: its interval excludes 0


def test_split_and_errors(tmp_path: Path) -> None:
    f = _write(tmp_path / "a.jsonl", [_doc("1", "Jane Roe.", [("Jane Roe", "person")], split="dev"),
                                      _doc("2", "Ann Lee.", [("Ann Lee", "person")], split="test")])
    assert [d["id"] for d in load_docsets([f], "test")] == ["toy/2"]
    bad = _write(tmp_path / "b.jsonl", [{"id": "x", "text": "short", "spans": [{"start": 2, "end": 40, "label": "person"}]}])
    with pytest.raises(ValueError, match="outside the text"):
        load_docsets([bad])


def test_cli_runs_coatcheck_policies_and_the_floor(tmp_path: Path) -> None:
    f = _write(tmp_path / "a.jsonl", [_doc("1", "Patient Jane Miller was admitted on 3 March 2024.",
                                           [("Jane Miller", "person"), ("3 March 2024", "date")])])
    out = tmp_path / "r.json"
    r = CliRunner().invoke(app, ["bench", "docs", str(f), "--tools", "coatcheck:document,coatcheck:agent,mask-everything",
                                 "-o", str(out)])
    assert r.exit_code == 0, r.output
    res = json.loads(out.read_text())["tools"]
    assert res["coatcheck:document"]["macro"]["recall"] == pytest.approx(1.0)
    assert res["coatcheck:agent"]["macro"]["recall"] < 1.0  # the agent reads its dates
    assert res["mask-everything"]["macro"]["precision"] < 0.5
    r = CliRunner().invoke(app, ["bench", "docs", str(f), "--split", "test"])
    assert r.exit_code == 2 and "no documents" in r.output
