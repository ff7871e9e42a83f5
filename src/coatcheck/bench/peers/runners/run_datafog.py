"""DataFog scan with its default (regex) engine."""
from _common import serve

import datafog


def find(text):
    return [{"start": e.start, "end": e.end, "label": e.type, "score": float(e.confidence or 1.0)} for e in datafog.scan(text).entities]


serve(find)
