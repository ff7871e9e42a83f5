"""providers_extended.toml has one writer, tools/provider_facts/generate.py: rerun offline from its recorded inputs
(tools/provider_facts/facts.json, read from Kingfisher's rule files by extract.py, and providers.toml), it writes the
committed file byte for byte. A hand edit of the pack, or an edit of the generator or its inputs without
regenerating, fails here."""

from __future__ import annotations

import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TOOL = ROOT / "tools" / "provider_facts" / "generate.py"
COMMITTED = ROOT / "src" / "coatcheck" / "detect" / "rules" / "providers_extended.toml"


def test_the_generator_reproduces_the_committed_rule_pack(tmp_path):
    spec = importlib.util.spec_from_file_location("provider_facts_generate", TOOL)
    assert spec is not None and spec.loader is not None
    generate = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(generate)
    out = tmp_path / "providers_extended.toml"
    generate.main(["--out", str(out)])
    assert out.read_bytes() == COMMITTED.read_bytes(), "rerun: python tools/provider_facts/generate.py"
