"""The model detector: a compact multilingual token classifier (person, address) run with onnxruntime.

Files live in ``coatcheck/data/model`` (model.onnx, tokenizer.json, labels.json), produced by ``training/``.
Loaded once per process and shared (onnxruntime sessions and tokenizers are thread-safe). Long texts are cut
into overlapping windows of at most ``max_len`` tokens, batched; each token takes its probabilities from the
window where it sits farthest from an edge; BIO tags are decoded with constraints (an I- that does not continue
its own entity starts one) and mapped back to exact character offsets. Lines that cannot hold a name (base64,
minified, very long tokens) are skipped.
"""

from __future__ import annotations

import json
import threading
from functools import lru_cache
from importlib import resources
from pathlib import Path

import numpy as np
import regex

from ..spans import Span

CATEGORY = {"PER": "person", "ADDR": "address"}
_SKIP_LINE = regex.compile(r"^\s*\S{120,}\s*$")
_LOCK = threading.Lock()


def model_dir() -> Path:
    return Path(str(resources.files("coatcheck").joinpath("data", "model")))


def available(path: Path | None = None) -> bool:
    p = path or model_dir()
    return all((p / f).exists() for f in ("model.onnx", "tokenizer.json", "labels.json"))


@lru_cache(maxsize=4)
def _load(path: str):
    import onnxruntime as ort
    from tokenizers import Tokenizer

    providers = [p for p in ("CUDAExecutionProvider", "CPUExecutionProvider") if p in ort.get_available_providers()]
    opts = ort.SessionOptions()
    opts.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_ALL
    session = ort.InferenceSession(str(Path(path) / "model.onnx"), opts, providers=providers)
    tok = Tokenizer.from_file(str(Path(path) / "tokenizer.json"))
    meta = json.loads((Path(path) / "labels.json").read_text())
    return session, tok, meta


class ModelDetector:
    name = "model"

    def __init__(self, path: Path | None = None, batch: int = 16, stride: int = 32, parts: tuple | None = None) -> None:
        """``parts`` = (session, tokenizer, meta) replaces loading from ``path`` (tests use a stand-in session)."""
        self.path = path or model_dir()
        if parts is not None:
            self.session, self.tok, self.meta = parts
        else:
            with _LOCK:
                self.session, self.tok, self.meta = _load(str(self.path))
        self.labels: list[str] = self.meta["labels"]
        self.max_len = int(self.meta.get("max_len", 128))
        self.thresholds: dict[str, float] = self.meta.get("thresholds", {})
        self.batch = batch
        self.stride = stride
        spec = json.loads(self.tok.to_str())["post_processor"]["special_tokens"]
        self.bos, self.eos = spec["<s>"]["ids"][0], spec["</s>"]["ids"][0]
        self.pad = int(self.meta.get("pad", 1))

    def _regions(self, text: str, max_chars: int = 4000) -> list[tuple[int, int]]:
        """Runs of consecutive lines that could hold a name or an address (letters, not one giant token)."""
        out: list[tuple[int, int]] = []
        start = pos = 0
        open_ = False
        for line in text.splitlines(keepends=True):
            end = pos + len(line)
            useful = bool(line.strip()) and not _SKIP_LINE.match(line) and any(c.isalpha() for c in line)
            if useful and not open_:
                start, open_ = pos, True
            elif not useful and open_:
                out.append((start, pos))
                open_ = False
            if open_ and end - start >= max_chars:
                out.append((start, end))
                open_ = False
            pos = end
        if open_:
            out.append((start, pos))
        return out

    def detect(self, text: str) -> list[Span]:
        regions = self._regions(text)
        if not regions:
            return []
        windows: list[tuple[int, list[int], int]] = []  # (region index, token ids, first token index)
        encodings = []
        for r, (s, e) in enumerate(regions):
            enc = self.tok.encode(text[s:e], add_special_tokens=False)
            encodings.append(enc)
            n, size = len(enc.ids), self.max_len - 2
            step = max(1, size - self.stride)
            for first in range(0, max(1, n - self.stride), step) if n > size else [0]:
                windows.append((r, enc.ids[first : first + size], first))
        probs_by_region = [np.zeros((len(enc.ids), len(self.labels)), dtype=np.float32) for enc in encodings]
        best_margin = [np.full(len(enc.ids), -1, dtype=np.int32) for enc in encodings]
        for b in range(0, len(windows), self.batch):
            chunk = windows[b : b + self.batch]
            T = max(len(w[1]) for w in chunk) + 2
            ids = np.full((len(chunk), T), self.pad, dtype=np.int64)
            att = np.zeros((len(chunk), T), dtype=np.int64)
            for k, (_, wid, _) in enumerate(chunk):
                ids[k, : len(wid) + 2] = [self.bos, *wid, self.eos]
                att[k, : len(wid) + 2] = 1
            out = self.session.run(["probs"], {"input_ids": ids, "attention_mask": att})[0]
            for k, (r, wid, first) in enumerate(chunk):
                for j in range(len(wid)):
                    margin = min(j, len(wid) - 1 - j)
                    t = first + j
                    if margin > best_margin[r][t]:
                        best_margin[r][t] = margin
                        probs_by_region[r][t] = out[k, j + 1]
        spans: list[Span] = []
        for (s, _e), enc, probs in zip(regions, encodings, probs_by_region):
            spans.extend(self._decode(text, s, enc.offsets, probs))
        return spans

    def _decode(self, text: str, base: int, offsets, probs: np.ndarray) -> list[Span]:
        tags = probs.argmax(-1)
        out: list[Span] = []
        cur: list | None = None  # [type, first token, last token, scores]

        def close() -> None:
            if cur is None:
                return
            kind, a, z, scores = cur
            score = float(np.mean(scores))
            if score >= self.thresholds.get(kind, 0.5):
                start, end = offsets[a][0], offsets[z][1]
                while start < end and text[base + start].isspace():
                    start += 1
                if end > start:
                    out.append(Span(base + start, base + end, CATEGORY[kind], f"model:{kind}", score))

        for t, tag in enumerate(tags):
            label = self.labels[tag]
            if label == "O":
                close()
                cur = None
                continue
            bio, kind = label.split("-", 1)
            if bio == "I" and cur is not None and cur[0] == kind:
                cur[2] = t
                cur[3].append(probs[t, tag])
            else:
                close()
                cur = [kind, t, t, [probs[t, tag]]]
        close()
        return out
