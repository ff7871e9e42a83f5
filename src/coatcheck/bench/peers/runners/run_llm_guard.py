"""llm-guard's input scanner Secrets (detect-secrets underneath, with its own plugin set); spans recovered
from the redacted output by diff."""
import difflib

from _common import serve

from llm_guard.input_scanners import Secrets

scanner = Secrets(redact_mode="all")


def find(text):
    sanitized, _valid, _score = scanner.scan(text)
    if sanitized == text:
        return []
    # diff line by line first (character-level difflib on a whole 100k text is quadratic), then inside changed lines
    a, b = text.splitlines(keepends=True), sanitized.splitlines(keepends=True)
    starts, pos = [], 0
    for line in a:
        starts.append(pos)
        pos += len(line)
    out = []
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        if tag == "equal":
            continue
        old, new = "".join(a[i1:i2]), "".join(b[j1:j2])
        base = starts[i1] if i1 < len(starts) else len(text)
        for t2, k1, k2, _l1, _l2 in difflib.SequenceMatcher(None, old, new, autojunk=False).get_opcodes():
            if t2 in ("replace", "delete") and k2 > k1:
                out.append({"start": base + k1, "end": base + k2, "label": "SECRET", "score": 1.0})
    return out


serve(find)
