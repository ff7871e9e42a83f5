"""The latency benchmark's texts: a benchmark file's documents, concatenated and cut to each size."""

from __future__ import annotations

import json

import pytest

from coatcheck.bench.latency import measure, texts


def _data(tmp_path, docs):
    f = tmp_path / "d.jsonl"
    f.write_text("".join(json.dumps({"id": str(i), "text": t}) + "\n" for i, t in enumerate(docs)))
    return f


def test_texts_concatenate_a_data_file_in_order_and_repeat_it(tmp_path):
    f = _data(tmp_path, ["alpha beta", "gamma"])
    got = texts([5, 16, 40], data=str(f))
    assert got[5] == "alpha"
    assert got[16] == "alpha beta\ngamma"
    assert len(got[40]) == 40 and got[40].startswith("alpha beta\ngamma\nalpha beta\ngamma")


def test_an_empty_data_file_is_an_error(tmp_path):
    with pytest.raises(ValueError, match="no documents"):
        texts([10], data=str(_data(tmp_path, [])))


def test_coatcheck_is_timed_on_the_data_file(tmp_path):
    f = _data(tmp_path, ["Ping Hans Becker about the deploy; token ghp_" + "a1B2" * 9])
    res = measure("coatcheck", [300], rounds=1, data=str(f))
    assert res["median_ms"]["300"] > 0 and res["cold_start_s"] > 0
