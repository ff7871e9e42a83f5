"""Strata and character metrics, paired differences, the peer protocol (with a stand-in peer), reports."""

from __future__ import annotations

import json
import os
import shutil
import sys
from importlib import resources

from coatcheck.bench.peers import Peer, run_peer
from coatcheck.bench.report import html_page, markdown
from coatcheck.bench.score import bootstrap, char_metrics, paired_difference, score, strata_metrics
from coatcheck.bench.strata import generate_strata


def test_strata_metrics_on_hand_made_predictions():
    docs = generate_strata(40, "dev", seed=1)
    live = {d["id"]: {"spans": [{"start": i["start"], "end": i["end"]} for i in d["items"] if i["cls"] == "MUST_MASK"]}
            for d in docs if d["role"] == "live"}
    m = strata_metrics(docs, live)  # masks live values only: a perfect tool
    assert m["live_recall"] == 1.0 and m["example_silence"] == 1.0 and m["pair_success"] == 1.0
    assert m["placeholder_silence"] == 1.0 and m["clean_false_positive_docs"] == 0.0
    everything = {d["id"]: {"spans": [{"start": 0, "end": len(d["text"])}]} for d in docs}
    m = strata_metrics(docs, everything)
    assert m["example_silence"] == 0.0 and m["pair_success"] == 0.0 and m["clean_false_positive_docs"] == 1.0


def test_char_metrics_and_leave_one_out():
    docs = [{"id": "a", "dataset": "x", "text": "abcdef", "items": [{"start": 0, "end": 4, "cls": "MUST_MASK", "cat": "s"}]},
            {"id": "b", "dataset": "y", "text": "abcdef", "items": [{"start": 0, "end": 2, "cls": "MUST_MASK", "cat": "s"}]}]
    preds = {"a": {"spans": [{"start": 0, "end": 2}]}, "b": {"spans": [{"start": 0, "end": 4}]}}
    m = char_metrics(docs, preds)
    assert m["datasets"]["x"]["recall"] == 0.5 and m["datasets"]["x"]["precision"] == 1.0
    assert m["datasets"]["y"]["recall"] == 1.0 and m["datasets"]["y"]["precision"] == 0.5
    assert m["macro_f2_leave_one_out"] == (min(m["datasets"]["x"]["f2"], m["datasets"]["y"]["f2"]), max(m["datasets"]["x"]["f2"], m["datasets"]["y"]["f2"]))


def test_paired_difference_of_a_tool_with_itself_is_zero():
    from coatcheck.bench.generate import generate

    docs = generate(50, "dev", seed=4)
    _, scores = score(docs, {})
    d = paired_difference(scores, scores, 100)
    assert d["leak_rate"] == (0.0, 0.0, 0.0) and d["keep_rate"] == (0.0, 0.0, 0.0)


def test_peer_protocol_with_a_stand_in_peer(tmp_path, monkeypatch):
    monkeypatch.setenv("COATCHECK_CACHE", str(tmp_path / "cache"))
    peer = Peer("fake", (), "run_fake.py", "fake")
    (peer.home / "venv" / "bin").mkdir(parents=True)
    os.symlink(sys.executable, peer.python)
    (peer.home / "installed.json").write_text(json.dumps({"version": "0.0"}))
    runners = tmp_path / "runners"
    runners.mkdir()
    shutil.copy(str(resources.files("coatcheck.bench.peers").joinpath("runners", "_common.py")), runners / "_common.py")
    (runners / "run_fake.py").write_text(
        "from _common import occurrences, serve, THRESHOLD\n"
        "def find(text):\n"
        "    if 'boom' in text: raise ValueError()\n"
        "    return occurrences(text, 'secret', 'S', THRESHOLD or 1.0)\n"
        "serve(find)\n")
    preds, _ = run_peer(peer, [{"id": "1", "text": "a secret and a secret"}, {"id": "2", "text": "boom"}], threshold=0.5, runners=runners)
    assert preds["1"]["spans"] == [{"start": 2, "end": 8, "label": "S", "score": 0.5}, {"start": 15, "end": 21, "label": "S", "score": 0.5}]
    assert preds["2"] == {"id": "2", "error": "ValueError"}


def test_reports_render():
    from coatcheck.bench.generate import generate

    docs = generate(30, "dev", seed=2)
    r, scores = score(docs, {})
    r["intervals"] = bootstrap(scores, 50)
    results = {"meta": {"data": "x", "docs": 30, "date": "2026-11-29", "machine": "m"},
               "tools": {"coatcheck": {"result": r, "version": "0", "seconds": 1.0}, "none": {"result": r, "version": "1", "vs_coatcheck": paired_difference(scores, scores, 20)}},
               "unavailable": {"ghost": "not installed"}}
    md = markdown(results)
    assert "| coatcheck |" in md and "ghost: not installed" in md and "no difference" in md
    page = html_page(results, {"sizes": [2000], "rounds": 1, "meta": {"date": "d", "machine": "m"},
                               "tools": {"coatcheck": {"median_ms": {"2000": 3.0}, "cold_start_s": 0.5, "peak_rss_mb": 70.0}}})
    assert page.startswith("<!doctype html>") and "<svg" in page and "http://" not in page.replace("http://www.w3.org/2000/svg", "")
