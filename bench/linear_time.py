"""Linear-time check on adversarial shapes: time per MB of ``Masker.mask`` from 10 KB up to 10 MB.

    python bench/linear_time.py                 # 10 KB, 100 KB, 1 MB
    python bench/linear_time.py --max-mb 10     # … and 10 MB (minutes)

A scanner that backtracks over a long line shows as ms/MB growing with the size; a linear one stays flat.
Each shape is one line (no newlines) unless its name says otherwise. Prints a Markdown table.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import time

SHAPES = {
    "minified-percent": lambda n: ("a%2" * (n // 3 + 1))[:n],  # many % with no complete escape: the old quadratic case
    "percent-escapes": lambda n: ("k%3Dv%26" * (n // 8 + 1))[:n],
    "equals-signs": lambda n: ("AAAA=" * (n // 5 + 1))[:n],
    "backslashes": lambda n: ("\\\\x" * (n // 3 + 1))[:n],
    "base64-run": lambda n: "".join(random.Random(1).choice("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/") for _ in range(n)) + "===",
    "hex-run": lambda n: ("0123456789abcdef" * (n // 16 + 1))[:n] + "g",
    "key-value-soup": lambda n: ("password=" * (n // 9 + 1))[:n],
    "yaml-soup": lambda n: ("token:" * (n // 6 + 1))[:n],
    "deep-json": lambda n: "[" * (n // 2) + "]" * (n // 2),
    "minified-js": lambda n: ('var a={"token":"x","url":"https://h/?q=%41"};' * (n // 45 + 1))[:n],
    # shapes of the 2026-12-03 review of the one-time-code, list-mate, reset-link and password-phrase readers
    "code-headings-then-codes": lambda n: ("backup codes " * (n // 26) + "\n" + "1234-5678\n" * (n // 20))[:n],
    "rotated-key-list": lambda n: ("KEYS=" + ",".join(f"QkYIATtYv7rx8/atqlP94yiUXhvb11eD1NtrfSAC{i % 10000:04d}="
                                                      for i in range(n // 46 + 1)))[:n],
    "request-target-slashes": lambda n: ("GET /" + "a/" * (n // 2))[:n],
    "password-email-label": lambda n: ("password a@" + "a." * (n // 2))[:n],
    # shapes of the 2026-12-03 session transcripts, secret-manager listings, audit records and PIN readers
    "pass-lines": lambda n: ("USER a\n" + "PASS " + "x " * (n // 2))[:n],
    "box-value-column": lambda n: ("│ " + "VALUE │ " * (n // 8))[:n],
    "vault-data-rows": lambda n: ("====== Data ======\nKey Value\n--- -----\n" + "k v\n" * (n // 4))[:n],
    "audit-hex-args": lambda n: ('type=EXECVE msg=audit(1.1:1): argc=2 a0="x"' + " a1=" + "41" * (n // 2))[:n],
    "pin-words": lambda n: ("PIN " * (n // 4))[:n],
    "glued-equals": lambda n: ("Hk29sLmQpZ8vN3rT6yW1xC4bF7gJ0aE5" + "=a" * (n // 2))[:n],
}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--max-mb", type=float, default=1.0)
    ap.add_argument("--shapes", default=",".join(SHAPES))
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    from coatcheck import Masker

    masker = Masker()
    sizes = [10_000, 100_000, 1_000_000, 10_000_000]
    sizes = [s for s in sizes if s <= args.max_mb * 1_000_000]
    rows = []
    for name in args.shapes.split(","):
        per_mb = []
        for size in sizes:
            text = SHAPES[name](size)
            t0 = time.perf_counter()
            masker.mask(text)
            dt = time.perf_counter() - t0
            per_mb.append(1000 * dt / (len(text) / 1e6))
        rows.append({"shape": name, "ms_per_mb": [round(x, 1) for x in per_mb], "growth": round(per_mb[-1] / per_mb[0], 2)})
        print(f"# {name}: {rows[-1]['ms_per_mb']}", flush=True)
    if args.json:
        print(json.dumps(rows))
        return
    model = "on" if os.environ.get("COATCHECK_MODEL", "1") != "0" else "off"
    print(f"model {model}; ms per MB at " + ", ".join(f"{s // 1000} KB" for s in sizes) + "; growth = last / first\n")
    print("| shape | " + " | ".join(f"{s // 1000} KB" for s in sizes) + " | growth |")
    print("|---|" + "---|" * (len(sizes) + 1))
    for r in rows:
        print(f"| {r['shape']} | " + " | ".join(f"{x:,.0f}" for x in r["ms_per_mb"]) + f" | {r['growth']}× |")


if __name__ == "__main__":
    main()
