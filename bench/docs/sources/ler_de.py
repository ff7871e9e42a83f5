"""Convert the German Legal Entity Recognition test set (sentences of German federal court decisions,
elenanereiss/Legal-Entity-Recognition, data CC-BY 4.0) to training/work/docsets/ler_de.jsonl.

Persons (PER), judges (RR) and lawyers (AN) are persons; streets (STR) are addresses; countries, cities,
landscapes, organisations, courts, laws, decisions and literature are outside the core space. The set does not
annotate dates (they are O), so dates are excused for every tool alike. Its sentences are shuffled, so a
pseudo-document is 40 unrelated sentences of court decisions.

Usage: python3 bench/docs/sources/ler_de.py [MIRROR_GIT_DIR]
(default mirror: /work/.mirror/elenanereiss+Legal-Entity-Recognition/repo)
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import _conll_chunked  # noqa: E402

MAPPING = {"PER": "person", "RR": "person", "AN": "person", "STR": "address",
           **dict.fromkeys(("LD", "ST", "LDS", "ORG", "UN", "INN", "GRT", "MRK", "GS", "VO", "EUN", "VS", "VT", "RS",
                            "LIT"), "ignore")}
FILES = [("test", "data/ler_test.conll")]

if __name__ == "__main__":
    _conll_chunked.run("ler_de", "de", "/work/.mirror/elenanereiss+Legal-Entity-Recognition/repo", FILES, MAPPING,
                       per_doc=40, sep=" ")
