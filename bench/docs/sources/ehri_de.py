"""Convert EHRI-NER (de; Holocaust-related archival documents from the EHRI
Online Editions) to training/work/docsets/ehri_de.jsonl.

Usage: python3 bench/docs/sources/ehri_de.py [MIRROR_GIT_DIR]
(default mirror: /work/.mirror/EHRI+EHRI-NER/repo)
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import _conll_chunked  # noqa: E402

MAPPING = {"PERS": "person", "PER": "person", "DATE": "date", "LOC": "ignore", "ORG": "ignore",
           "CAMP": "ignore", "GHETTO": "ignore"}
FILES = [("all", "dataset/iob/de/ehri_de.txt")]

if __name__ == "__main__":
    _conll_chunked.run("ehri_de", "de", "/work/.mirror/EHRI+EHRI-NER/repo", FILES, MAPPING,
                       per_doc=40, sep=" ")
