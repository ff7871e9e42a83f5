"""The encoder (XLM-R / BERT layout, post-LayerNorm, GELU) in torch, loadable from convert_base.py's weights,
with an optional token-classification head. Training only: the runtime uses the ONNX export."""

from __future__ import annotations

import json
import math
from pathlib import Path

import numpy as np
import torch
from torch import nn


class Layer(nn.Module):
    def __init__(self, H: int, NH: int, FF: int, eps: float) -> None:
        super().__init__()
        self.nh = NH
        self.q, self.k, self.v, self.ao = (nn.Linear(H, H) for _ in range(4))
        self.aln = nn.LayerNorm(H, eps=eps)
        self.fi, self.fo = nn.Linear(H, FF), nn.Linear(FF, H)
        self.oln = nn.LayerNorm(H, eps=eps)
        self.drop = nn.Dropout(0.1)

    def forward(self, x: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
        B, T, H = x.shape
        hd = H // self.nh

        def heads(t: torch.Tensor) -> torch.Tensor:
            return t.view(B, T, self.nh, hd).transpose(1, 2)

        q, k, v = heads(self.q(x)), heads(self.k(x)), heads(self.v(x))
        att = (q @ k.transpose(-1, -2)) / math.sqrt(hd) + mask[:, None, None, :]
        ctx = (att.softmax(-1) @ v).transpose(1, 2).reshape(B, T, H)
        x = self.aln(x + self.drop(self.ao(ctx)))
        return self.oln(x + self.drop(self.fo(torch.nn.functional.gelu(self.fi(x)))))


class Encoder(nn.Module):
    def __init__(self, cfg: dict, n_layers: int | None = None, n_labels: int = 0) -> None:
        super().__init__()
        H, NL = cfg["H"], n_layers or cfg["NL"]
        self.cfg = {**cfg, "NL": NL}
        self.word = nn.Embedding(cfg["VOC"], H)
        self.pos = nn.Embedding(cfg["MAXP"], H)
        self.tok_type = nn.Parameter(torch.zeros(H))
        self.eln = nn.LayerNorm(H, eps=cfg["eps"])
        self.layers = nn.ModuleList(Layer(H, cfg["NH"], cfg["FF"], cfg["eps"]) for _ in range(NL))
        self.head = nn.Linear(H, n_labels) if n_labels else None
        self.drop = nn.Dropout(0.1)

    def hidden(self, ids: torch.Tensor, attn: torch.Tensor) -> torch.Tensor:
        pos = torch.arange(ids.shape[1], device=ids.device)[None, :]
        x = self.eln(self.word(ids) + self.pos(pos) + self.tok_type)
        mask = (1.0 - attn.float()) * -1e9
        for layer in self.layers:
            x = layer(x, mask)
        return x

    def forward(self, ids: torch.Tensor, attn: torch.Tensor) -> torch.Tensor:
        h = self.hidden(ids, attn)
        return self.head(self.drop(h)) if self.head is not None else h

    @classmethod
    def from_base(cls, base: Path, n_layers: int | None = None, n_labels: int = 0, keep_ids: np.ndarray | None = None) -> Encoder:
        """Load converted weights; keep the first ``n_layers``; optionally keep only the vocabulary rows ``keep_ids``."""
        cfg = json.loads((base / "config.json").read_text())
        w = np.load(base / "weights.npz")
        word = w["emb.word"] if keep_ids is None else w["emb.word"][keep_ids]
        cfg = {**cfg, "VOC": word.shape[0]}
        m = cls(cfg, n_layers, n_labels)
        t = lambda a: torch.from_numpy(np.ascontiguousarray(a))  # noqa: E731
        with torch.no_grad():
            m.word.weight.copy_(t(word))
            m.pos.weight.copy_(t(w["emb.pos"][: cfg["MAXP"]]))
            m.tok_type.copy_(t(w["emb.type"][0]))
            m.eln.weight.copy_(t(w["emb.ln.w"]))
            m.eln.bias.copy_(t(w["emb.ln.b"]))
            for i, layer in enumerate(m.layers):
                for name in ("q", "k", "v", "ao", "fi", "fo"):
                    getattr(layer, name).weight.copy_(t(w[f"l{i}.{name}.w"]))
                    getattr(layer, name).bias.copy_(t(w[f"l{i}.{name}.b"]))
                for name in ("aln", "oln"):
                    getattr(layer, name).weight.copy_(t(w[f"l{i}.{name}.w"]))
                    getattr(layer, name).bias.copy_(t(w[f"l{i}.{name}.b"]))
        return m
