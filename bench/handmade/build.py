"""Turn an inline-annotated docs.txt into bench JSONL (exact offsets).

    python bench/handmade/build.py [OUT.jsonl] [DOCS.txt]
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

MARK = re.compile(r"⟦([a-z_]+)\|(.*?)⟧|⟪([a-z_]+)\|(.*?)⟫|⟨([a-z_]+)\|(.*?)⟩", re.S)


def parse(block: str) -> tuple[str, list[dict]]:
    out, items, pos = [], [], 0
    length = 0
    for m in MARK.finditer(block):
        plain = block[pos : m.start()]
        out.append(plain)
        length += len(plain)
        if m.group(1):
            cls, cat, value = "MUST_MASK", m.group(1), m.group(2)
        elif m.group(3):
            cls, cat, value = "MUST_KEEP", m.group(3), m.group(4)
        else:
            cls, cat, value = "AMBIGUOUS", m.group(5), m.group(6)
        items.append({"start": length, "end": length + len(value), "cls": cls, "cat": cat, "encoded_of": None})
        out.append(value)
        length += len(value)
        pos = m.end()
    out.append(block[pos:])
    return "".join(out), items


def main() -> None:
    here = Path(__file__).parent
    src = Path(sys.argv[2]) if len(sys.argv) > 2 else here / "docs.txt"
    raw = src.read_text(encoding="utf-8")
    docs = []
    for chunk in re.split(r"^=== ", raw, flags=re.M)[1:]:
        header, _, body = chunk.partition("\n")
        doc_id, kind, lang = header.split()
        text, items = parse(body.rstrip("\n") + "\n")
        docs.append({"id": doc_id, "text": text, "kind": kind, "lang": lang, "items": items})
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else here / "handmade.jsonl"
    with out.open("w", encoding="utf-8") as fh:
        for d in docs:
            fh.write(json.dumps(d, ensure_ascii=False) + "\n")
    print(f"{len(docs)} documents, {sum(len(d['items']) for d in docs)} items -> {out}")


if __name__ == "__main__":
    main()
