"""Convert KIND (Italian; Wikinews, fiction, De Gasperi writings; gold parts only)
to training/work/docsets/kind_it.jsonl.

Usage: python3 bench/docs/sources/kind_it.py [MIRROR_GIT_DIR]
(default mirror: /work/.mirror/dhfbk+KIND/repo)
Aldo Moro files are silver (automatic) in KIND and are NOT used.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import _conll_chunked  # noqa: E402

MAPPING = {"PER": "person", "LOC": "ignore", "ORG": "ignore"}
FILES = [
    ("wikinews", "dataset/wikinews_test.tsv"),
    ("fiction", "dataset/fiction_test.tsv"),
    ("degasperi", "dataset/degasperi_test.tsv"),
]

if __name__ == "__main__":
    _conll_chunked.run("kind_it", "it", "/work/.mirror/dhfbk+KIND/repo", FILES, MAPPING,
                       per_doc=30, sep="\t", io_only=True)
