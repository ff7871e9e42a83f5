"""Turn handwritten.txt into JSONL for evaluate.py (PER/ADDR spans with exact offsets)."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

MARK = re.compile(r"⟦(person|address)\|(.*?)⟧")


def main() -> None:
    here = Path(__file__).parent
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else here / "handwritten.jsonl"
    with out.open("w", encoding="utf-8") as fh:
        for line in (here / "handwritten.txt").read_text(encoding="utf-8").splitlines():
            if not line.strip() or line.startswith("#"):
                continue
            lang, raw = line.split("\t", 1)
            text, spans, pos = [], [], 0
            n = 0
            for m in MARK.finditer(raw):
                plain = raw[pos : m.start()]
                text.append(plain)
                n += len(plain)
                spans.append([n, n + len(m.group(2)), "PER" if m.group(1) == "person" else "ADDR"])
                text.append(m.group(2))
                n += len(m.group(2))
                pos = m.end()
            text.append(raw[pos:])
            fh.write(json.dumps({"text": "".join(text), "spans": spans, "lang": lang, "kind": "handwritten"}, ensure_ascii=False) + "\n")
    print(f"-> {out}")


if __name__ == "__main__":
    main()
