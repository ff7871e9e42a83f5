"""cloakroom detect() in rules mode (its model mode needs a hub download)."""
from _common import serve

import cloakroom


def find(text):
    findings, _skipped = cloakroom.detect(text, mode="rules")
    return [{"start": f.start, "end": f.end, "label": f.kind, "score": 1.0} for f in findings]


serve(find)
