"""Convert HIPE-2020 (fr, historical newspapers) to training/work/docsets/hipe2020_fr.jsonl.

Usage: python3 bench/docs/sources/hipe2020_fr.py [MIRROR_GIT_DIR]
(default mirror: /work/.mirror/hipe-eval+HIPE-2022-data/repo)
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import _hipe  # noqa: E402

if __name__ == "__main__":
    _hipe.main("fr")
