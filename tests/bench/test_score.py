"""The scorer's rules on hand-made cases, and the kit end to end on a small generated set."""

from __future__ import annotations

import json
import subprocess
import sys

from coatcheck.bench.generate import generate
from coatcheck.bench.score import bootstrap, hunks_consistent, score, score_doc

KEY = "ghp_aB3dE5fG7hI9jK1lM3nO5pQ7rS9tU1vW3xY5"


def doc(text, items):
    return {"id": "d", "text": text, "items": items}


def test_partially_masked_key_leaks():
    d = doc(f"t={KEY}", [{"start": 2, "end": 2 + len(KEY), "cls": "MUST_MASK", "cat": "secret"}])
    s = score_doc(d, {"spans": [{"start": 2, "end": 30}]})
    assert s.mask_leaked["secret"] == 1


def test_punctuation_between_masked_pieces_does_not_leak():
    text = "card 4539-1488-0343-6467"
    d = doc(text, [{"start": 5, "end": 24, "cls": "MUST_MASK", "cat": "card"}])
    spans = [{"start": 5, "end": 9}, {"start": 10, "end": 14}, {"start": 15, "end": 19}, {"start": 20, "end": 24}]
    assert score_doc(d, {"spans": spans}).mask_leaked["card"] == 0


def test_one_masked_keep_character_breaks_keep():
    d = doc("version 1.2.3", [{"start": 8, "end": 13, "cls": "MUST_KEEP", "cat": "version"}])
    assert score_doc(d, {"spans": [{"start": 12, "end": 13}]}).keep_broken["version"] == 1
    assert score_doc(d, {"spans": [{"start": 0, "end": 7}]}).keep_broken["version"] == 0


def test_ambiguous_is_ignored():
    d = doc("ip 10.0.0.1", [{"start": 3, "end": 11, "cls": "AMBIGUOUS", "cat": "ip"}])
    masked, kept = score_doc(d, {"spans": [{"start": 3, "end": 11}]}), score_doc(d, {"spans": []})
    assert not masked.mask_total and not masked.keep_total and not kept.mask_total


def test_missing_prediction_counts_as_no_output():
    d = doc(f"t={KEY}", [{"start": 2, "end": 2 + len(KEY), "cls": "MUST_MASK", "cat": "secret"}])
    result, _ = score([d], {})
    assert result["failed_docs"] == 1 and result["leak_rate"] == 1.0


def test_bootstrap_reproducible_with_seed():
    docs = generate(60, "dev", seed=3)
    _, scores = score(docs, {})
    assert bootstrap(scores, 200, seed=1) == bootstrap(scores, 200, seed=1)


def test_hunk_consistency():
    assert hunks_consistent("@@ -1,2 +1,2 @@\n-a\n+b\n c\n")
    assert not hunks_consistent("@@ -1,2 +1,2 @@\n-a\n+b\n")


def test_generator_is_deterministic_and_annotations_are_exact():
    a, b = generate(80, "test", seed=5), generate(80, "test", seed=5)
    assert a == b and a != generate(80, "dev", seed=5)
    for d in a:
        prev_end = 0
        for it in sorted(d["items"], key=lambda i: i["start"]):
            assert it["start"] >= prev_end and it["end"] > it["start"]  # items never overlap
            assert d["text"][it["start"] : it["end"]].strip() == d["text"][it["start"] : it["end"]]
            prev_end = it["end"]
    assert 0.1 < sum(1 for d in a if d["kind"] == "clean") / len(a) < 0.35


def test_kit_end_to_end_through_the_cli(tmp_path):
    data, pred, out = tmp_path / "d.jsonl", tmp_path / "p.jsonl", tmp_path / "r.json"
    cli = [sys.executable, "-m", "coatcheck", "bench"]
    subprocess.run([*cli, "generate", "-o", str(data), "--n", "150", "--split", "test", "--seed", "9"], check=True, capture_output=True)
    subprocess.run([*cli, "run", "--data", str(data), "-o", str(pred)], check=True, capture_output=True)
    r = subprocess.run([*cli, "score", "--data", str(data), "--pred", str(pred), "--json", str(out)], check=True, capture_output=True)
    result = json.loads(out.read_text())
    assert result["docs"] == 150 and result["failed_docs"] == 0
    assert result["leak_rate"] < 0.05 and result["keep_rate"] > 0.97
    assert result["json_parse_rate"] == 1.0
    assert b"leak rate" in r.stdout


def test_one_bootstrap_treats_an_undefined_rate_the_same_in_both_uses():
    """A document set with no MUST_KEEP item has no keep rate: the interval is undefined (nan), in the interval
    of one tool and in the paired difference alike (it used to be nan in one and 1.0 - 1.0 in the other)."""
    import math

    from coatcheck.bench.score import paired_difference

    doc = {"id": "a", "text": "key ghp_x", "items": [{"start": 4, "end": 9, "cls": "MUST_MASK", "cat": "secret", "encoded_of": None}]}
    _, scores = score([doc], {"a": {"spans": [{"start": 4, "end": 9, "label": "secret"}]}})
    assert all(math.isnan(x) for x in bootstrap(scores, 50)["keep_rate"])
    d = paired_difference(scores, scores, 50)
    assert all(math.isnan(x) for x in d["keep_rate"][1:])
    assert d["leak_rate"] == (0.0, 0.0, 0.0)


def test_score_by_sub_label_through_the_cli(tmp_path):
    import subprocess
    import sys

    doc = {"id": "a", "text": "k=ghp_x and m=abc", "items": [
        {"start": 2, "end": 7, "cls": "MUST_MASK", "cat": "secret", "encoded_of": None, "sub": ["syntax:env", "family:GitHub"]},
        {"start": 14, "end": 17, "cls": "MUST_MASK", "cat": "secret", "encoded_of": None, "sub": "syntax:env"}]}
    data, pred = tmp_path / "d.jsonl", tmp_path / "p.jsonl"
    data.write_text(json.dumps(doc) + "\n")
    pred.write_text(json.dumps({"id": "a", "spans": [{"start": 2, "end": 7, "label": "secret"}]}) + "\n")
    r = subprocess.run([sys.executable, "-m", "coatcheck", "bench", "score", "--data", str(data), "--pred", str(pred),
                        "--by-sub", "--markdown"], capture_output=True, text=True, timeout=60)
    assert "| family:GitHub | 1 | 0 | 0.0% |" in r.stdout and "| syntax:env | 2 | 1 | 50.0% |" in r.stdout
