"""The secrets fixtures set is reproducible from its builder, and its gold offsets point at the values."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

ROOT = Path(__file__).parents[2] / "bench" / "secrets"


def _builder():
    spec = importlib.util.spec_from_file_location("secrets_build", ROOT / "build.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_committed_set_is_what_the_builder_writes():
    docs = _builder().build()
    committed = [json.loads(line) for line in (ROOT / "secrets.jsonl").read_text(encoding="utf-8").splitlines()]
    assert docs == committed


def test_every_syntax_and_family_is_covered_with_valid_offsets():
    mod = _builder()
    docs = mod.build()
    subs = {s for d in docs for it in d["items"] for s in it.get("sub", [])}
    assert {f"syntax:{name}" for name, _ in mod.SYNTAXES} <= subs
    assert {f"family:{name}" for name, _ in mod.FAMILIES} <= subs
    for d in docs:
        for it in d["items"]:
            assert 0 <= it["start"] < it["end"] <= len(d["text"])
