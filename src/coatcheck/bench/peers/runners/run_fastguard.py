"""fastguard PIIGuard.sanitize_prompt; spans from its audit events."""
from _common import serve

import fastguard


def find(text):
    guard = fastguard.PIIGuard()
    guard.sanitize_prompt(text)
    return [{"start": e["start"], "end": e["end"], "label": e["entity"], "score": 1.0} for e in guard.get_last_audit_events()]


serve(find)
