from __future__ import annotations

from pathlib import Path

from coatcheck.bench.loaders import load_conll, load_creddata, load_sidecar, load_spans

FIX = Path(__file__).parent / "fixtures"


def values(doc):
    return [(doc["text"][i["start"] : i["end"]], i["cat"]) for i in doc["items"]]


def test_spans_jsonl():
    docs = load_spans(FIX / "spans.jsonl")
    assert values(docs[0]) == [("jane.roe@acme.io", "EMAIL")] and docs[1]["items"] == [] and docs[0]["dataset"] == "spans"


def test_conll_bio():
    docs = load_conll(FIX / "tokens.conll")
    assert len(docs) == 2
    assert docs[0]["text"] == "Hans Becker lives in Berlin\nCall Anna"
    assert values(docs[0]) == [("Hans Becker", "PER"), ("Berlin", "LOC"), ("Anna", "PER")]
    assert values(docs[1]) == []


def test_creddata_meta_csv():
    docs = load_creddata(FIX / "creddata" / "meta.csv", FIX / "creddata" / "data")
    assert values(docs[0]) == [("Zq8xLm2Kp9Tr4Wv", "Password")]


def test_sidecar_directory():
    docs = {d["id"]: d for d in load_sidecar(FIX / "sidecar")}
    assert values(docs["src/env.sh"]) == [("ghp_aB3dE5fG7hI9jK1lM3nO5pQ7rS9tU1vW3xY5", "secret")]
    assert docs["src/clean.py"]["items"] == []
