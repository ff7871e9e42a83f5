"""Step 5: export the trained tagger to ONNX and quantise it to int8 (matrix weights and the embedding table).

    python training/export.py --model training/work/model --out src/coatcheck/data/model
"""

from __future__ import annotations

import argparse
import json
import shutil
from pathlib import Path

import torch

from model import Encoder
from train import LABELS


class Probs(torch.nn.Module):
    def __init__(self, enc: Encoder) -> None:
        super().__init__()
        self.enc = enc

    def forward(self, input_ids: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        return self.enc(input_ids, attention_mask).softmax(-1)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--model", type=Path, default=Path("training/work/model"))
    ap.add_argument("--pruned", type=Path, default=Path("training/work/pruned"))
    ap.add_argument("--out", type=Path, default=Path("training/work/onnx"))
    args = ap.parse_args()
    meta = json.loads((args.model / "train.json").read_text())
    enc = Encoder(meta["config"], n_labels=len(LABELS))
    enc.load_state_dict(torch.load(args.model / "model.pt"))
    enc.eval()
    args.out.mkdir(parents=True, exist_ok=True)
    fp32 = args.out / "model.fp32.onnx"
    ids = torch.tensor([[0, 100, 200, 2]])
    torch.onnx.export(Probs(enc), (ids, torch.ones_like(ids)), str(fp32), input_names=["input_ids", "attention_mask"],
                      output_names=["probs"], dynamic_axes={"input_ids": {0: "b", 1: "t"}, "attention_mask": {0: "b", 1: "t"}, "probs": {0: "b", 1: "t"}},
                      opset_version=17, dynamo=False)
    from onnxruntime.quantization import QuantType, quantize_dynamic

    quantize_dynamic(str(fp32), str(args.out / "model.onnx"), weight_type=QuantType.QInt8, op_types_to_quantize=["MatMul", "Gemm", "Gather"])
    fp32.unlink()
    shutil.copy(args.pruned / "tokenizer.json", args.out / "tokenizer.json")
    (args.out / "labels.json").write_text(json.dumps({"labels": LABELS, "max_len": 128, "thresholds": {"PER": 0.5, "ADDR": 0.5},
                                                      "pad": meta["config"]["pad"], "layers": meta["layers"]}, indent=2))
    size = sum(p.stat().st_size for p in args.out.iterdir()) / 1e6
    print(f"exported to {args.out}: {size:.1f} MB")


if __name__ == "__main__":
    main()
