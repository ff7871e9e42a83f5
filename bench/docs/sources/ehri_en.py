"""Convert EHRI-NER (en; Holocaust-related archival documents from the EHRI
Online Editions) to training/work/docsets/ehri_en.jsonl.

Usage: python3 bench/docs/sources/ehri_en.py [MIRROR_GIT_DIR]
(default mirror: /work/.mirror/EHRI+EHRI-NER/repo)
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import _conll_chunked  # noqa: E402

MAPPING = {"PERS": "person", "PER": "person", "DATE": "date", "LOC": "ignore", "ORG": "ignore",
           "CAMP": "ignore", "GHETTO": "ignore"}
FILES = [("all", "dataset/iob/en/ehri_en.txt")]

if __name__ == "__main__":
    _conll_chunked.run("ehri_en", "en", "/work/.mirror/EHRI+EHRI-NER/repo", FILES, MAPPING,
                       per_doc=40, sep=" ")
