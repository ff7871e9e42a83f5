"""detect-secrets (Yelp) with its default plugins, line by line; each reported secret is widened to
the token that contains it (the tool reports values, not offsets)."""
import re

from _common import serve

from detect_secrets.core.scan import scan_line
from detect_secrets.settings import default_settings

TOKEN = re.compile(r"[^\s\"'`=:,;<>()\[\]{}]+")


def find(text):
    out, pos = [], 0
    with default_settings():
        for line in text.split("\n"):
            for secret in scan_line(line):
                value = secret.secret_value or ""
                i = line.find(value) if value else -1
                while i >= 0:
                    m = next((t for t in TOKEN.finditer(line) if t.start() <= i < t.end()), None)
                    s, e = (m.start(), max(m.end(), i + len(value))) if m else (i, i + len(value))
                    out.append({"start": pos + s, "end": pos + e, "label": secret.type, "score": 1.0})
                    i = line.find(value, i + 1)
            pos += len(line) + 1
    return out


serve(find)
