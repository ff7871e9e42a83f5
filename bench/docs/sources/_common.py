"""Shared helpers for the document-set converters (stdlib only).

Each converter reads a bare git mirror produced by the `fetch` tool
(read with `git --git-dir=<mirror> show <commit>:<path>`), builds documents
with character-offset spans and writes one JSONL file per set under
training/work/docsets/.  Nothing here is committed data; only code.
"""
from __future__ import annotations

import hashlib
import json
import os
import re
import subprocess
import sys
from collections import Counter

CORE_LABELS = ("person", "contact", "address", "date", "identifier", "url", "ip", "secret")
REPO_ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", ".."))
OUT_DIR = os.path.join(REPO_ROOT, "training", "work", "docsets")
DEV_FRACTION = 0.30
MAX_DOCS = 300
MAX_CHARS = 1_500_000


def git_show(mirror: str, path: str, rev: str = "HEAD") -> bytes:
    return subprocess.run(["git", "--git-dir", mirror, "show", f"{rev}:{path}"],
                          check=True, capture_output=True).stdout


def git_head(mirror: str, rev: str = "HEAD") -> str:
    return subprocess.run(["git", "--git-dir", mirror, "rev-parse", rev],
                          check=True, capture_output=True, text=True).stdout.strip()


def git_exists(mirror: str, path: str, rev: str = "HEAD") -> bool:
    return subprocess.run(["git", "--git-dir", mirror, "cat-file", "-e", f"{rev}:{path}"],
                          capture_output=True).returncode == 0


def split_for(doc_id: str) -> str:
    h = int(hashlib.sha256(doc_id.encode("utf-8")).hexdigest()[:8], 16)
    return "dev" if h / 0x100000000 < DEV_FRACTION else "test"


def _squash(s: str) -> str:
    return re.sub(r"\s+", "", s)


class DocBuilder:
    """Accumulates tokens into a text and records labelled token ranges."""

    def __init__(self):
        self.parts: list[str] = []
        self.pos = 0
        self.tok_offsets: list[tuple[int, int]] = []
        self.tokens: list[str] = []

    def add(self, token: str, sep_after: str = " ") -> int:
        start = self.pos
        self.parts.append(token)
        self.pos += len(token)
        self.tok_offsets.append((start, self.pos))
        self.tokens.append(token)
        if sep_after:
            self.parts.append(sep_after)
            self.pos += len(sep_after)
        return len(self.tokens) - 1

    def set_last_sep(self, sep: str):
        """Replace the separator after the last token (e.g. sentence break)."""
        if not self.tokens:
            return
        last_end = self.tok_offsets[-1][1]
        # drop trailing separator(s) written after the last token
        text = "".join(self.parts)
        text = text[:last_end] + sep
        self.parts = [text]
        self.pos = len(text)

    def text(self) -> str:
        return "".join(self.parts).rstrip()

    def span(self, first_tok: int, last_tok: int) -> tuple[int, int, str]:
        s = self.tok_offsets[first_tok][0]
        e = self.tok_offsets[last_tok][1]
        return s, e, "".join(self.tokens[first_tok:last_tok + 1])


def bio_chunks(tags: list[str], io_only: bool = False):
    """Yield (label, first, last) from BIO/IOB2 (or plain IO) tags."""
    cur = None
    for i, t in enumerate(tags + ["O"]):
        if t in ("O", "_", "", None):
            if cur:
                yield cur
            cur = None
            continue
        if io_only or "-" not in t[:2]:
            lab, bi = t, "I"
            if t[:2] in ("B-", "I-"):
                bi, lab = t[0], t[2:]
        else:
            bi, lab = t[0], t[2:]
        if bi == "B" or cur is None or cur[0] != lab:
            if cur:
                yield cur
            cur = [lab, i, i]
        else:
            cur[2] = i
    # generator ends


class SetWriter:
    def __init__(self, setname: str, lang: str, annotated: list[str] | None = None):
        self.annotated = list(annotated or [])
        self.setname = setname
        self.lang = lang
        self.docs: list[dict] = []
        self.mismatches = 0
        self.checked = 0
        self.unmapped = Counter()

    def make_doc(self, doc_id: str, text: str, spans, ignore, extra: dict | None = None,
                 lang: str | None = None) -> dict:
        """spans: list of (start, end, core_label, source_label, surface)
        ignore: list of (start, end, source_label, surface); surface compared ignoring whitespace."""
        out_spans, out_ign = [], []
        for s, e, lab, src, surf in spans:
            assert lab in CORE_LABELS, lab
            self.checked += 1
            if _squash(text[s:e]) != _squash(surf):
                self.mismatches += 1
                continue
            out_spans.append({"start": s, "end": e, "label": lab, "source_label": src})
        for s, e, src, surf in ignore:
            self.checked += 1
            if _squash(text[s:e]) != _squash(surf):
                self.mismatches += 1
                continue
            out_ign.append({"start": s, "end": e, "source_label": src})
        out_spans.sort(key=lambda d: (d["start"], d["end"]))
        out_ign.sort(key=lambda d: (d["start"], d["end"]))
        doc = {"id": doc_id, "set": self.setname, "lang": lang or self.lang, "text": text,
               "spans": out_spans, "ignore": out_ign, "split": split_for(doc_id)}
        meta = {"annotated_core_labels": self.annotated}
        meta.update(extra or {})
        doc["meta"] = meta
        return doc

    def add(self, doc: dict):
        self.docs.append(doc)

    def sample(self, max_docs: int = MAX_DOCS, max_chars: int = MAX_CHARS):
        """Deterministic sample: order by sha256(id), keep while under both caps."""
        total = sum(len(d["text"]) for d in self.docs)
        if len(self.docs) <= max_docs and total <= max_chars:
            return False
        order = sorted(self.docs, key=lambda d: hashlib.sha256(("sample:" + d["id"]).encode()).hexdigest())
        kept, chars = [], 0
        for d in order:
            if len(kept) >= max_docs or chars + len(d["text"]) > max_chars:
                continue
            kept.append(d)
            chars += len(d["text"])
        keep_ids = {d["id"] for d in kept}
        self.docs = [d for d in self.docs if d["id"] in keep_ids]
        return True

    def stats(self) -> dict:
        gold = Counter()
        nspans = Counter()
        ign = Counter()
        for d in self.docs:
            for sp in d["spans"]:
                gold[sp["label"]] += sp["end"] - sp["start"]
                nspans[sp["label"]] += 1
            for sp in d["ignore"]:
                ign[sp["source_label"]] += 1
        return {
            "set": self.setname,
            "docs": len(self.docs),
            "dev_docs": sum(d["split"] == "dev" for d in self.docs),
            "test_docs": sum(d["split"] == "test" for d in self.docs),
            "chars": sum(len(d["text"]) for d in self.docs),
            "gold_chars": dict(sorted(gold.items())),
            "gold_spans": dict(sorted(nspans.items())),
            "ignore_spans": dict(sorted(ign.items())),
            "offset_checks": self.checked,
            "offset_mismatches": self.mismatches,
        }

    def write(self, out_dir: str = OUT_DIR, meta: dict | None = None):
        os.makedirs(out_dir, exist_ok=True)
        path = os.path.join(out_dir, f"{self.setname}.jsonl")
        with open(path, "w", encoding="utf-8") as f:
            for d in self.docs:
                f.write(json.dumps(d, ensure_ascii=False) + "\n")
        st = self.stats()
        if meta:
            st.update(meta)
        with open(os.path.join(out_dir, f"{self.setname}.stats.json"), "w", encoding="utf-8") as f:
            json.dump(st, f, ensure_ascii=False, indent=1)
        print(json.dumps(st, ensure_ascii=False, indent=1))
        print(f"wrote {path}", file=sys.stderr)
        if self.mismatches:
            print(f"WARNING: {self.mismatches} offset mismatches dropped", file=sys.stderr)
        return path


def chunk_sentences(sentences: list, per_doc: int):
    for i in range(0, len(sentences), per_doc):
        yield i // per_doc, sentences[i:i + per_doc]


def read_conll_sentences(raw: str, sep: str | None = None, tok_col: int = 0, tag_col: int = -1,
                         skip_docstart: bool = True):
    """Return list of sentences, each a list of (token, tag)."""
    sents, cur = [], []
    for line in raw.splitlines():
        if not line.strip():
            if cur:
                sents.append(cur)
            cur = []
            continue
        cols = line.split(sep) if sep else line.split()
        if skip_docstart and cols[0] == "-DOCSTART-":
            continue
        cur.append((cols[tok_col], cols[tag_col]))
    if cur:
        sents.append(cur)
    return sents


def build_from_sentences(sentences, sent_sep: str = "\n"):
    """Build text from tokenised sentences (tokens joined by single spaces,
    sentences by sent_sep). Returns (builder, tags)."""
    b = DocBuilder()
    tags = []
    for sent in sentences:
        for j, (tok, tag) in enumerate(sent):
            b.add(tok, " " if j < len(sent) - 1 else sent_sep)
            tags.append(tag)
    return b, tags


def map_chunks(b: DocBuilder, tags, mapping: dict, unmapped: Counter, io_only=False):
    spans, ign = [], []
    for lab, i, j in bio_chunks(tags, io_only=io_only):
        s, e, surf = b.span(i, j)
        core = mapping.get(lab, "ignore")
        if lab not in mapping:
            unmapped[lab] += 1
        if core == "ignore":
            ign.append((s, e, lab, surf))
        else:
            spans.append((s, e, core, lab, surf))
    return spans, ign
