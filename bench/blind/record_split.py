"""Leak rate of an agent-traffic set with and without the items whose ``sub`` names a record's own reference.

README keeps a record's own reference readable (orders, tickets and issues, invoices, bookings, reservations, folios);
the briefs of the blind sets up to g193 listed booking references among person-bound ids. This prints the leak rate
both ways, from the set and a prediction file of ``coatcheck bench run``:

    python bench/blind/record_split.py SET.jsonl PRED.jsonl

An item leaks when a letter or digit of it is outside every predicted span (the scorer's rule, bench-spec.md).
"""

from __future__ import annotations

import json
import re
import sys

RECORD = re.compile(r"(?i)order|booking|reserv|folio|ticket|issue|invoice|confirmation")


def main(data: str, pred: str) -> None:
    spans = {}
    with open(pred, encoding="utf-8") as f:
        for line in f:
            d = json.loads(line)
            spans[d["id"]] = d["spans"]
    n = leaked = n_rest = leaked_rest = 0
    with open(data, encoding="utf-8") as f:
        for line in f:
            d = json.loads(line)
            text, found = d["text"], spans.get(d["id"], [])
            for item in d["items"]:
                if item["cls"] != "MUST_MASK":
                    continue
                a, b = item["start"], item["end"]
                leak = not all(any(s["start"] <= c < s["end"] for s in found) for c in range(a, b) if text[c].isalnum())
                n += 1
                leaked += leak
                if item["cat"] == "id" and RECORD.search(str(item.get("sub") or "")):
                    continue
                n_rest += 1
                leaked_rest += leak
    print(f"leak {100 * leaked / max(n, 1):.1f}% ({leaked}/{n}); "
          f"without record references {100 * leaked_rest / max(n_rest, 1):.1f}% ({leaked_rest}/{n_rest})")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
