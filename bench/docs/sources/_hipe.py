"""HIPE-2020 (via HIPE-2022 data release v2.1) -> docset JSONL. See SOURCES.md."""
from __future__ import annotations

import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import _common as C  # noqa: E402

DEFAULT_MIRROR = "/work/.mirror/hipe-eval+HIPE-2022-data/repo"
FILES = {
    "fr": ["dev", "test"],            # train-fr is >4 MiB and absent from the mirror
    "de": ["train", "dev", "test"],
    "en": ["dev", "test"],            # hipe2020 has no English training set
}
PATH = "data/v2.1/hipe2020/{lang}/HIPE-2022-v2.1-hipe2020-{split}-{lang}.tsv"

# fine-grained (fr, de) and coarse (en) literal labels -> core label
MAPPING = {
    "pers.ind": "person",
    "pers.ind.articleauthor": "person",
    "pers": "person",                 # en: coarse only (also covers collective persons, rare)
    "time.date.abs": "date",
    "time": "date",                   # en: coarse only
    "loc.add.phys": "address",
    "loc.add.elec": "contact",
}

# core labels for which the source annotation is exhaustive enough to score
ANNOTATED = {"fr": ["person", "date", "address", "contact"],
             "de": ["person", "date", "address", "contact"],
             "en": ["person", "date"]}


def parse(raw: str):
    """Yield (doc_id, meta, rows) with rows = list of column lists."""
    doc_id, meta, rows = None, {}, []
    for line in raw.splitlines():
        if line.startswith("TOKEN\t"):
            continue
        if line.startswith("#"):
            if "hipe2022:document_id" in line:
                if doc_id and rows:
                    yield doc_id, meta, rows
                doc_id = line.split("=", 1)[1].strip()
                meta, rows = {}, []
            elif "=" in line:
                k, v = line[1:].split("=", 1)
                meta[k.strip()] = v.strip()
            continue
        if not line.strip():
            continue
        rows.append(line.split("\t"))
    if doc_id and rows:
        yield doc_id, meta, rows


def sep_for(misc: str) -> str:
    flags = set(misc.split("|"))
    if "NoSpaceAfter" in flags:
        return ""
    if "EndOfLine" in flags:
        return "\n"
    return " "


def main(lang: str):
    ap = argparse.ArgumentParser()
    ap.add_argument("mirror", nargs="?", default=DEFAULT_MIRROR)
    ap.add_argument("--out-dir", default=C.OUT_DIR)
    a = ap.parse_args()
    setname = f"hipe2020_{lang}"
    w = C.SetWriter(setname, lang, ANNOTATED[lang])
    commit = C.git_head(a.mirror)
    for split in FILES[lang]:
        path = PATH.format(lang=lang, split=split)
        raw = C.git_show(a.mirror, path).decode("utf-8")
        for doc_id, meta, rows in parse(raw):
            b = C.DocBuilder()
            for r in rows:
                b.add(r[0], sep_for(r[9] if len(r) > 9 else "_"))
            fine = [r[3] for r in rows]
            coarse = [r[1] for r in rows]
            lit = fine if any(t not in ("_", "O") for t in fine) else coarse
            comp = [r[5] for r in rows]
            nested = [r[6] for r in rows]
            spans, ign = [], []
            for lab, i, j in C.bio_chunks(lit):
                s, e, surf = b.span(i, j)
                core = MAPPING.get(lab, "ignore")
                if core == "ignore":
                    ign.append((s, e, lab, surf))
                    continue
                if core == "person":
                    names = [k for k in range(i, j + 1) if comp[k].endswith("comp.name")]
                    if names and (names[0], names[-1]) != (i, j):
                        ns, ne, nsurf = b.span(names[0], names[-1])
                        spans.append((ns, ne, core, lab + "/comp.name", nsurf))
                        ign.append((s, e, lab + ":full-mention", surf))
                        continue
                spans.append((s, e, core, lab, surf))
            for lab, i, j in C.bio_chunks(nested):
                s, e, surf = b.span(i, j)
                ign.append((s, e, "nested:" + lab, surf))
            text = b.text()
            did = f"{setname}:{split}:{doc_id}"
            w.add(w.make_doc(did, text, spans, ign,
                             extra={"source_split": split, "date": meta.get("hipe2022:date"),
                                    "publication": meta.get("hipe2020:publication_title")}))
    sampled = w.sample()
    w.write(a.out_dir, meta={"source_commit": commit, "sampled": sampled})


if __name__ == "__main__":
    main(sys.argv.pop(1))
