"""Turn handwritten.txt into JSONL for evaluate.py (PER/ADDR spans with exact offsets).

The inline marks are the benchmark kit's (``⟦category|value⟧``); the parser is bench/handmade/build.py's.
"""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

HERE = Path(__file__).parent
_spec = importlib.util.spec_from_file_location("handmade_build", HERE.parent.parent / "bench" / "handmade" / "build.py")
_handmade = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_handmade)
LABEL = {"person": "PER", "address": "ADDR"}


def main() -> None:
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else HERE / "handwritten.jsonl"
    with out.open("w", encoding="utf-8") as fh:
        for line in (HERE / "handwritten.txt").read_text(encoding="utf-8").splitlines():
            if not line.strip() or line.startswith("#"):
                continue
            lang, raw = line.split("\t", 1)
            text, items = _handmade.parse(raw)
            spans = [[it["start"], it["end"], LABEL[it["cat"]]] for it in items]
            fh.write(json.dumps({"text": text, "spans": spans, "lang": lang, "kind": "handwritten"}, ensure_ascii=False) + "\n")
    print(f"-> {out}")


if __name__ == "__main__":
    main()
