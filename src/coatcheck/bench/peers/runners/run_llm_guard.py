"""llm-guard's input scanner Secrets (detect-secrets underneath, with its own plugin set); spans recovered
from the redacted output by diff."""
import difflib

from _common import serve

from llm_guard.input_scanners import Secrets

scanner = Secrets(redact_mode="all")


def find(text):
    sanitized, _valid, _score = scanner.scan(text)
    out = []
    for tag, i1, i2, _j1, _j2 in difflib.SequenceMatcher(None, text, sanitized, autojunk=False).get_opcodes():
        if tag in ("replace", "delete") and i2 > i1:
            out.append({"start": i1, "end": i2, "label": "SECRET", "score": 1.0})
    return out


serve(find)
