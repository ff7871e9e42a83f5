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

from ..errors import ConfigError
from ..spans import Span
from .dates import date_ranges
from .vocabulary import company_suffixes, is_product, name_particles, vocabulary_labels

CATEGORY = {"PER": "person", "ADDR": "address"}
_SKIP_LINE = regex.compile(r"^\s*\S{120,}\s*$")
# A name or a street address needs a capitalised word that is not a call, an attribute or an identifier part.
_CAP_WORD = regex.compile(r"(?<![\w.$@/\\-])\p{Lu}\p{Ll}+(?:[-'’]\p{L}+)?(?![\w(.]\w|[\w(])")
_TWO_CAPS = regex.compile(r"(?<![\w.$@/\\-])\p{Lu}\p{Ll}+[ \t]+(?:\p{Ll}{1,4}[ \t]+)?\p{Lu}\p{Ll}+")
_ADDRESS_CUE = regex.compile(r"(?i)\d.*\b(?:via|viale|piazza|corso|rue|avenue|boulevard|calle|avenida|plaza|paseo|carrer|street|st|road|rd|lane|drive|way)\b|"
                             r"\b(?:via|viale|piazza|corso|rue|avenue|boulevard|calle|avenida|plaza|paseo|carrer)\b.*\d|\p{L}+(?:straße|strasse|weg|platz|allee|gasse)\s*\d")


def _worth_a_look(line: str) -> bool:
    """Cheap gate: the model only sees lines that could hold a name or an address."""
    if _SKIP_LINE.match(line) or _CAP_WORD.search(line) is None:
        return False
    if _TWO_CAPS.search(line) or _ADDRESS_CUE.search(line):
        return True
    names = _known_names()
    return any(m.group() in names for m in _CAP_WORD.finditer(line))


@lru_cache(maxsize=1)
def _known_names() -> frozenset[str]:
    from .._data import word_list

    return (word_list("first_names") | word_list("last_names")) - word_list("common_words")
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


_STREET_WORD = regex.compile(r"\p{Lu}\p{Ll}{2,}")

_WORD_AND_SPACE = regex.compile(r"(\S+)\s+")
_LABELLED_ID = regex.compile(r"\S+\s+\d{6,},?\s+")  # "Steuer-ID 31951072463, " before the address
_ADDRESS_LABELS = frozenset(vocabulary_labels("address")) | {"adres"}
_COMPANY_SUFFIXES = company_suffixes()


def _trim_address(text: str, start: int, end: int) -> int:
    """Move an address span's start past leading words that are not part of it ("Il habite", "Adresse:")."""
    from .._data import word_list

    while start < end:
        m = _LABELLED_ID.match(text, start, end) or _WORD_AND_SPACE.match(text, start, end)
        if m is None:
            break
        word = m.group(1) if m.re is not _LABELLED_ID else None
        if word is not None and (word[0].isdigit() or (word[0].isupper() and word not in word_list("common_words")
                                 and not word.endswith(":") and word.lower().strip(":") not in _ADDRESS_LABELS)):
            break
        start = m.end()
    return start


_PARTICLES = name_particles()


def _refine(text: str, start: int, end: int, kind: str) -> tuple[int, int] | None:
    """Precision filters after decoding: whole words only; no product or placeholder names; person spans trimmed of
    leading articles and trailing lower-case words or company suffixes, and a one-word person must be a known first
    or last name; an address needs a capitalised word and a digit, no e-mail or phone material, and not a date."""
    from .._data import word_list

    if (start > 0 and text[start - 1].isalnum()) or (end < len(text) and text[end].isalnum()):
        return None  # a fragment of a word ("ra" in "signora")
    if is_product(text[start:end]):
        return None
    if kind == "ADDR":
        start = _trim_address(text, start, end)
        value = text[start:end]
        ok = (any(c.isdigit() for c in value) and _STREET_WORD.search(value) is not None and len(value) <= 120
              and not any(c in value for c in "@+\\\n") and not date_ranges(value))
        return (start, end) if ok else None
    words = [(m.start(), m.end()) for m in regex.finditer(r"\S+", text[start:end])]
    common = word_list("common_words")
    while words and (text[start + words[0][0] : start + words[0][1]] in common or text[start + words[0][0]].islower()):
        words.pop(0)
    while words:
        w = text[start + words[-1][0] : start + words[-1][1]]
        if w.lower().strip(".,") in _COMPANY_SUFFIXES or (w[0].islower() and w not in _PARTICLES) or w in common:
            words.pop()
        else:
            break
    if not words:
        return None
    if any(text[start + a].islower() and text[start + a : start + b] not in _PARTICLES for a, b in words):
        return None  # "Damen und Herren": a lower-case word inside is not a name
    new_start, new_end = start + words[0][0], start + words[-1][1]
    value = text[new_start:new_end]
    if is_product(value) or any(is_product(text[start + a : start + b]) for a, b in words):
        return None
    if len(words) == 1:
        w = value.strip(".,")
        known = (w in word_list("first_names") or w in word_list("last_names")) and w not in common and w not in word_list("ambiguous_first_names")
        return (new_start, new_end) if known else None
    return new_start, new_end


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
        bos, eos = self.tok.token_to_id("<s>"), self.tok.token_to_id("</s>")
        if bos is None or eos is None:
            raise ConfigError("the model's tokenizer has no <s>/</s> tokens")
        self.bos, self.eos = bos, eos
        self.pad = int(self.meta.get("pad", 1))

    def _regions(self, text: str, max_chars: int = 4000) -> list[tuple[int, int]]:
        """Runs of consecutive lines that could hold a name or an address (letters, not one giant token)."""
        out: list[tuple[int, int]] = []
        start = pos = 0
        open_ = False
        for line in text.splitlines(keepends=True):
            end = pos + len(line)
            useful = bool(line.strip()) and _worth_a_look(line)
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
        windows.sort(key=lambda w: len(w[1]))  # batch windows of similar length: less padding
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
        for (s, _e), enc, probs in zip(regions, encodings, probs_by_region, strict=False):
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
                while end > start and text[base + end - 1] in ".,;:!?)\"'":
                    end -= 1
                refined = _refine(text, base + start, base + end, kind) if end > start else None
                if refined is not None:
                    out.append(Span(refined[0], refined[1], CATEGORY[kind], f"model:{kind}", score))

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
