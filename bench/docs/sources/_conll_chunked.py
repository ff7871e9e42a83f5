"""Generic converter for sentence-level CoNLL/IOB sets whose sentences are in
original document order but carry no document boundaries: consecutive
sentences are grouped into pseudo-documents of a fixed number of sentences."""
from __future__ import annotations

import argparse
import os
import sys
from collections import Counter

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import _common as C  # noqa: E402


def run(setname: str, lang: str, default_mirror: str, files: list[tuple[str, str]],
        mapping: dict, per_doc: int, sep: str | None = None, io_only: bool = False,
        encoding: str = "utf-8", annotated: list[str] | None = None):
    """files: list of (subset_name, path_in_repo)."""
    ap = argparse.ArgumentParser()
    ap.add_argument("mirror", nargs="?", default=default_mirror)
    ap.add_argument("--out-dir", default=C.OUT_DIR)
    a = ap.parse_args()
    w = C.SetWriter(setname, lang, annotated or sorted({v for v in mapping.values() if v != "ignore"}))
    commit = C.git_head(a.mirror)
    unmapped = Counter()
    for subset, path in files:
        raw = C.git_show(a.mirror, path).decode(encoding).replace("\r\n", "\n")
        sents = C.read_conll_sentences(raw, sep=sep)
        for k, chunk in C.chunk_sentences(sents, per_doc):
            b, tags = C.build_from_sentences(chunk, sent_sep="\n")
            spans, ign = C.map_chunks(b, tags, mapping, unmapped, io_only=io_only)
            did = f"{setname}:{subset}:{k:04d}"
            w.add(w.make_doc(did, b.text(), spans, ign,
                             extra={"subset": subset, "first_sentence": k * per_doc,
                                    "sentences": len(chunk)}))
    sampled = w.sample()
    w.write(a.out_dir, meta={"source_commit": commit, "sampled": sampled,
                             "sentences_per_pseudo_doc": per_doc,
                             "labels_not_in_mapping(ignored)": dict(unmapped)})
