"""Convert InLegalNER (Indian court judgments; OpenNyAI legal_NER repo, dev split
shipped as a spaCy DocBin) to training/work/docsets/inlegalner_en.jsonl.

Usage: python3 bench/docs/sources/inlegalner_en.py [MIRROR_GIT_DIR]
(default mirror: /work/.mirror/Legal-NLP-EkStep+legal_NER/repo)

The DocBin (zlib + msgpack, uint64 attribute matrix, strings hashed with
MurmurHash64A seed 1) is decoded with a small stdlib msgpack reader, so spaCy is
not needed.  Text is rebuilt exactly from ORTH + trailing-space flags.
"""
from __future__ import annotations

import argparse
import os
import re
import struct
import sys
import zlib
from collections import Counter

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import _common as C  # noqa: E402

DEFAULT_MIRROR = "/work/.mirror/Legal-NLP-EkStep+legal_NER/repo"
PATH = "training/Combined_Data_Judgement_Preamble_spacy_format/dev.spacy"
SETNAME = "inlegalner_en"
SENTS_PER_DOC = 10
ORTH, ENT_IOB, ENT_TYPE = 65, 77, 78

PERSON_ROLES = {"PETITIONER", "RESPONDENT", "JUDGE", "LAWYER", "WITNESS", "OTHER_PERSON"}
MAPPING = {
    "PETITIONER": "person", "RESPONDENT": "person", "JUDGE": "person", "LAWYER": "person",
    "WITNESS": "person", "OTHER_PERSON": "person",
    "DATE": "date",
    "CASE_NUMBER": "identifier",
    "COURT": "ignore", "ORG": "ignore", "GPE": "ignore", "STATUTE": "ignore",
    "PROVISION": "ignore", "PRECEDENT": "ignore",
}
# PETITIONER / RESPONDENT are party roles and are often institutions
# ("State of Punjab", "Union of India", "M/s ... Ltd").  Such spans are moved to
# ignore with source_label "<ROLE>:org-like".
ORG_LIKE = re.compile(
    r"\b(state|union|government|govt|ltd|limited|company|co\.|corporation|corp|bank|"
    r"commissioner|authority|board|council|municipal|municipality|ministry|department|"
    r"inspector|collector|director|tribunal|society|trust|pvt|private|committee|"
    r"university|insurance|railway|police|secretary|officer|cbi|c\.b\.i|estate|"
    r"india|bharat|corporation|industries|enterprises|association|federation|"
    r"agency|office|court|panchayat|nagar|nigam|parishad|samiti|mandal|sangh|"
    r"commission|administration|council|institute|hospital|school|college|"
    r"organisation|organization|group|firm|mills|&|others|ors)\b|m/s",
    re.IGNORECASE)

# spaCy stores strings that are also built-in symbols (spacy/symbols.pxd) by
# symbol id instead of by hash.  The ids below are the ones that matter here
# (coarse POS names, OntoNotes entity names, dependency labels, "_").
_POS = ["ADJ", "ADP", "ADV", "AUX", "CONJ", "CCONJ", "DET", "INTJ", "NOUN", "NUM", "PART",
        "PRON", "PROPN", "PUNCT", "SCONJ", "SYM", "VERB", "X", "EOL", "SPACE"]
_ENTS = ["PERSON", "NORP", "FACILITY", "ORG", "GPE", "LOC", "PRODUCT", "EVENT", "WORK_OF_ART",
         "LANGUAGE", "LAW", "DATE", "TIME", "PERCENT", "MONEY", "QUANTITY", "ORDINAL", "CARDINAL"]
_DEPS = ["acomp", "advcl", "advmod", "agent", "amod", "appos", "attr", "aux", "auxpass", "cc",
         "ccomp", "complm", "conj", "cop", "csubj", "csubjpass", "dep", "det", "dobj", "expl",
         "hmod", "hyph", "infmod", "intj", "iobj", "mark", "meta", "neg", "nmod", "nn",
         "npadvmod", "nsubj", "nsubjpass", "num", "number", "oprd", "obj", "obl", "parataxis",
         "partmod", "pcomp", "pobj", "poss", "possessive", "preconj", "prep", "prt", "punct",
         "quantmod", "rcmod", "relcl", "root", "xcomp", "acl", "ENT_KB_ID", "MORPH", "ENT_ID",
         "IDX", "_"]
SYMBOLS = {}
SYMBOLS.update({84 + i: n for i, n in enumerate(_POS)})
SYMBOLS.update({380 + i: n for i, n in enumerate(_ENTS)})
SYMBOLS.update({398 + i: n for i, n in enumerate(_DEPS)})


def mp_unpack(b, i=0):
    t = b[i]
    if t <= 0x7F:
        return t, i + 1
    if 0x80 <= t <= 0x8F:
        return _mp_map(b, i + 1, t & 0x0F)
    if 0x90 <= t <= 0x9F:
        return _mp_arr(b, i + 1, t & 0x0F)
    if 0xA0 <= t <= 0xBF:
        n = t & 0x1F
        return b[i + 1:i + 1 + n].decode("utf-8", "surrogateescape"), i + 1 + n
    if t >= 0xE0:
        return t - 256, i + 1
    if t == 0xC0:
        return None, i + 1
    if t == 0xC2:
        return False, i + 1
    if t == 0xC3:
        return True, i + 1
    if t in (0xC4, 0xC5, 0xC6):
        w = {0xC4: 1, 0xC5: 2, 0xC6: 4}[t]
        n = int.from_bytes(b[i + 1:i + 1 + w], "big")
        s = i + 1 + w
        return bytes(b[s:s + n]), s + n
    if t in (0xC7, 0xC8, 0xC9):
        w = {0xC7: 1, 0xC8: 2, 0xC9: 4}[t]
        n = int.from_bytes(b[i + 1:i + 1 + w], "big")
        s = i + 1 + w
        return ("ext", b[s], bytes(b[s + 1:s + 1 + n])), s + 1 + n
    if t == 0xCA:
        return struct.unpack(">f", b[i + 1:i + 5])[0], i + 5
    if t == 0xCB:
        return struct.unpack(">d", b[i + 1:i + 9])[0], i + 9
    if t in (0xCC, 0xCD, 0xCE, 0xCF):
        w = {0xCC: 1, 0xCD: 2, 0xCE: 4, 0xCF: 8}[t]
        return int.from_bytes(b[i + 1:i + 1 + w], "big"), i + 1 + w
    if t in (0xD0, 0xD1, 0xD2, 0xD3):
        w = {0xD0: 1, 0xD1: 2, 0xD2: 4, 0xD3: 8}[t]
        return int.from_bytes(b[i + 1:i + 1 + w], "big", signed=True), i + 1 + w
    if t in (0xD4, 0xD5, 0xD6, 0xD7, 0xD8):
        n = {0xD4: 1, 0xD5: 2, 0xD6: 4, 0xD7: 8, 0xD8: 16}[t]
        return ("ext", b[i + 1], bytes(b[i + 2:i + 2 + n])), i + 2 + n
    if t in (0xD9, 0xDA, 0xDB):
        w = {0xD9: 1, 0xDA: 2, 0xDB: 4}[t]
        n = int.from_bytes(b[i + 1:i + 1 + w], "big")
        s = i + 1 + w
        return b[s:s + n].decode("utf-8", "surrogateescape"), s + n
    if t in (0xDC, 0xDD):
        w = 2 if t == 0xDC else 4
        return _mp_arr(b, i + 1 + w, int.from_bytes(b[i + 1:i + 1 + w], "big"))
    if t in (0xDE, 0xDF):
        w = 2 if t == 0xDE else 4
        return _mp_map(b, i + 1 + w, int.from_bytes(b[i + 1:i + 1 + w], "big"))
    raise ValueError(f"msgpack type {t:#x}")


def _mp_arr(b, i, n):
    out = []
    for _ in range(n):
        v, i = mp_unpack(b, i)
        out.append(v)
    return out, i


def _mp_map(b, i, n):
    out = {}
    for _ in range(n):
        k, i = mp_unpack(b, i)
        v, i = mp_unpack(b, i)
        out[k] = v
    return out, i


def murmur64a(data: bytes, seed: int = 1) -> int:
    m, r, mask = 0xC6A4A7935BD1E995, 47, (1 << 64) - 1
    h = (seed ^ ((len(data) * m) & mask)) & mask
    n = len(data) // 8
    for i in range(n):
        k = int.from_bytes(data[i * 8:i * 8 + 8], "little")
        k = (k * m) & mask
        k ^= k >> r
        k = (k * m) & mask
        h ^= k
        h = (h * m) & mask
    rem = data[n * 8:]
    if rem:
        h ^= int.from_bytes(rem, "little")
        h = (h * m) & mask
    h ^= h >> r
    h = (h * m) & mask
    h ^= h >> r
    return h


def load_docbin(raw: bytes):
    o, _ = mp_unpack(zlib.decompress(raw))
    attrs = o["attrs"]
    na = len(attrs)
    strings = {murmur64a(s.encode("utf-8", "surrogateescape")): s for s in o["strings"]}
    strings[0] = ""
    for k, v in SYMBOLS.items():
        strings.setdefault(k, v)
    tb = o["tokens"]
    nt = len(tb) // 8 // na
    col = {a: attrs.index(a) for a in (ORTH, ENT_IOB, ENT_TYPE)}
    lengths = struct.unpack(f"<{len(o['lengths']) // 4}i", o["lengths"])
    spaces = o["spaces"]
    assert sum(lengths) == nt == len(spaces), (sum(lengths), nt, len(spaces))
    docs, t = [], 0
    for n in lengths:
        toks = []
        for k in range(t, t + n):
            row = struct.unpack_from(f"<{na}Q", tb, k * 8 * na)
            toks.append((strings[row[col[ORTH]]], bool(spaces[k]), row[col[ENT_IOB]],
                         strings[row[col[ENT_TYPE]]]))
        docs.append(toks)
        t += n
    return docs


def surf_text(b, s, e):
    return "".join(b.parts)[s:e]


def doc_to_tagged(toks):
    """-> list of (token, tag, trailing_space) with IOB2 tags."""
    out = []
    for orth, sp, iob, typ in toks:
        tag = "O" if iob in (0, 2) or not typ else ("B-" if iob == 3 else "I-") + typ
        out.append((orth, tag, sp))
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("mirror", nargs="?", default=DEFAULT_MIRROR)
    ap.add_argument("--out-dir", default=C.OUT_DIR)
    a = ap.parse_args()
    commit = C.git_head(a.mirror)
    docs = [doc_to_tagged(d) for d in load_docbin(C.git_show(a.mirror, PATH))]
    w = C.SetWriter(SETNAME, "en", ["person", "date", "identifier"])
    unmapped = Counter()

    def is_preamble(d):
        labs = {t[3:] for _, t, _ in d if t != "O"}
        text_len = sum(len(x) for x, _, _ in d)
        return "LAWYER" in labs or text_len > 1500 or sum(x.count("\n") for x, _, _ in d) >= 4

    pre = [d for d in docs if is_preamble(d)]
    sent = [d for d in docs if not is_preamble(d)]

    def emit(did, units, kind):
        b = C.DocBuilder()
        tags = []
        for u_i, u in enumerate(units):
            for k, (tok, tag, sp) in enumerate(u):
                last = k == len(u) - 1
                sep = (" " if sp else "") if not last else ("\n\n" if u_i < len(units) - 1 else "")
                b.add(tok, sep)
                tags.append(tag)
        spans, ign = [], []
        for lab, i, j in C.bio_chunks(tags):
            s, e, surf = b.span(i, j)
            core = MAPPING.get(lab, "ignore")
            if lab not in MAPPING:
                unmapped[lab] += 1
            if core == "person" and lab in ("PETITIONER", "RESPONDENT") and ORG_LIKE.search(surf_text(b, s, e)):
                ign.append((s, e, lab + ":org-like", surf))
            elif core == "ignore":
                ign.append((s, e, lab, surf))
            else:
                spans.append((s, e, core, lab, surf))
        # preambles are annotated only for COURT/PETITIONER/RESPONDENT/JUDGE/LAWYER: dates and case numbers in
        # preambles are NOT annotated. A long judgment passage the heuristic takes for a preamble does carry them:
        # a label with gold in the document was annotated there.
        ann = (sorted({"person"} | {sp[2] for sp in spans}) if kind == "preamble"
               else ["person", "date", "identifier"])
        w.add(w.make_doc(did, b.text(), spans, ign,
                         extra={"kind": kind, "units": len(units), "annotated_core_labels": ann}))

    for i, d in enumerate(pre):
        emit(f"{SETNAME}:preamble:{i:04d}", [d], "preamble")
    for k, chunk in C.chunk_sentences(sent, SENTS_PER_DOC):
        emit(f"{SETNAME}:judgment-sentences:{k:04d}", chunk, "judgment_sentences")
    sampled = w.sample()
    w.write(a.out_dir, meta={"source_commit": commit, "sampled": sampled,
                             "preambles": len(pre), "judgment_sentences": len(sent),
                             "labels_not_in_mapping(ignored)": dict(unmapped)})


if __name__ == "__main__":
    main()
