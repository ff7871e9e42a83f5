"""Convert the ixa-ehu Europarl NER gold test set (Spanish) to
training/work/docsets/europarl_es.jsonl.

Usage: python3 bench/docs/sources/europarl_es.py [MIRROR_GIT_DIR]
(default mirror: /work/.mirror/ixa-ehu+ner-evaluation-corpus-europarl/repo)
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import _conll_chunked  # noqa: E402

MAPPING = {"PER": "person", "LOC": "ignore", "ORG": "ignore", "MISC": "ignore"}
FILES = [("test", "es-europarl.test.conll02")]

if __name__ == "__main__":
    _conll_chunked.run("europarl_es", "es", "/work/.mirror/ixa-ehu+ner-evaluation-corpus-europarl/repo",
                       FILES, MAPPING, per_doc=25, sep="\t")
