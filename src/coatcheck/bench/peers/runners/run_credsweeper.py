"""CredSweeper (Samsung) with its bundled ML model, on each document as an in-memory file."""
from _common import line_offsets, serve

from credsweeper.app import CredSweeper
from credsweeper.file_handler.string_content_provider import StringContentProvider

sweeper = CredSweeper()


def find(text):
    starts = line_offsets(text)
    lines = text.split("\n")
    out = []
    for cand in sweeper.file_scan(StringContentProvider(lines=lines, file_path="doc.txt")):
        for ld in cand.line_data_list:
            n = ld.line_num - 1
            if not 0 <= n < len(lines) or ld.value is None:
                continue
            i = lines[n].find(ld.value)
            if i < 0:
                continue
            out.append({"start": starts[n] + i, "end": starts[n] + i + len(ld.value), "label": cand.rule_name, "score": float(cand.ml_probability or 1.0)})
    return out


serve(find)
