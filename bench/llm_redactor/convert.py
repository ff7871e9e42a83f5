"""Convert LLM-Redactor's wl2_secrets and wl1_pii workloads into coatcheck's bench JSONL (standard library only).

Source: evals/workloads/wl2_secrets/annotations.jsonl of github.com/jayluxferro/llm-redactor (MIT), one sample a line:
``{"id", "text", "annotations": [{"start", "end", "kind", "text"}]}``. Its generator (evals/generators/wl2_secrets.py)
fills 14 templates in turn (sample i uses template i % 14) and annotates every occurrence of each generated value.

Each annotated value becomes an item at every place it occurs in the text (offsets are recomputed with str.find and
checked against the source's). ``sub`` is ``[<the workload's kind>, "template:<template>"]``. Classes (``--gold spec``,
the default) follow docs/bench-spec.md:

- aws_access_key, aws_secret_key, api_key, bearer_token, password: MUST_MASK, cat "secret".
- email: MUST_MASK, cat "email"; AMBIGUOUS when the domain is reserved (example.com/.org/.net, RFC 2606/6761),
  which our taxonomy does not count as personal data.
- ip_address: MUST_MASK, cat "ip", when the address is public unicast; otherwise (private, loopback, reserved,
  shared, documentation, multicast) AMBIGUOUS.
- hostname: AMBIGUOUS, cat "hostname" (the workload's hosts are all internal names, e.g. prod-06.corp.globex.net;
  the spec lists internal hosts as AMBIGUOUS).
- pem_private_key: AMBIGUOUS, cat "secret". The workload annotates only the public header line
  ``-----BEGIN RSA PRIVATE KEY-----`` of a commented, truncated block, not key material.

``--gold source`` writes every annotation as MUST_MASK (cats as above): the workload's own view, where every
annotated span is a leak target.

``--workload wl1_pii`` (evals/workloads/wl1_pii/annotations.jsonl, no fixed templates): person, phone, address:
MUST_MASK under their names; ssn: MUST_MASK "national_id"; employee_id: MUST_MASK "account" (a person-bound
number); email, ip_address, hostname as above; org_name: AMBIGUOUS "organization" (organisations are not
personal data in the spec).

Usage: python bench/llm_redactor/convert.py [--workload wl2_secrets|wl1_pii] [--src DIR] [--out FILE]
       [--gold spec|source] [--commit SHA]
"""

from __future__ import annotations

import argparse
import collections
import ipaddress
import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
WORK = HERE / "work"
REPO = "jayluxferro/llm-redactor"
LICENCE = "MIT"
WORKLOADS = ("wl2_secrets", "wl1_pii")


def workload_path(name: str) -> str:
    return f"evals/workloads/{name}/annotations.jsonl"

# evals/generators/wl2_secrets.py: TEMPLATES, in order; sample i uses TEMPLATES[i % 14].
# (name, our document kind, a string the template's text always holds, checked per document)
TEMPLATES = [
    ("env_file", "file", "# .env\nAWS_ACCESS_KEY_ID="),
    ("yaml_config", "file", "database:\n  host: "),
    ("docker_compose", "file", "version: '3.8'\nservices:"),
    ("python_config", "file", "import os\n\nAPI_KEY = "),
    ("curl_command", "shell", "curl -X POST https://"),
    ("log_with_credentials", "log", "[ERROR] 2026-04-10 09:15:33 auth.middleware: Failed login for "),
    ("terraform_vars", "file", 'variable "aws_access_key" {'),
    ("json_config", "file", '{\n  "database": {\n    "host": '),
    ("ssh_config", "file", "Host production\n  HostName "),
    ("github_actions", "file", "name: Deploy\non: push\n"),
    ("slack_webhook", "file", 'SLACK_WEBHOOK_URL = "https://hooks.slack.com/services/'),
    ("connection_string", "file", "# Database connection\nDATABASE_URL=postgresql://admin:"),
    ("jwt_debug", "log", "Debug: JWT token for "),
    ("aws_cli_output", "shell", "$ aws configure list\n"),
]

SECRET_KINDS = {"aws_access_key", "aws_secret_key", "api_key", "bearer_token", "password", "pem_private_key"}
RESERVED_EMAIL_DOMAINS = ("example.com", "example.org", "example.net", "example", "test", "invalid", "localhost")


def classify(kind: str, value: str) -> tuple[str, str]:
    """(cls, cat) for one annotated value under the bench spec."""
    if kind == "pem_private_key":
        return "AMBIGUOUS", "secret"  # only the public BEGIN line is annotated
    if kind in SECRET_KINDS:
        return "MUST_MASK", "secret"
    if kind == "email":
        domain = value.rsplit("@", 1)[-1].lower()
        reserved = any(domain == d or domain.endswith("." + d) for d in RESERVED_EMAIL_DOMAINS)
        return ("AMBIGUOUS" if reserved else "MUST_MASK"), "email"
    if kind == "ip_address":
        try:
            ip = ipaddress.ip_address(value)
        except ValueError:
            return "AMBIGUOUS", "ip"
        return ("MUST_MASK" if ip.is_global and not ip.is_multicast else "AMBIGUOUS"), "ip"
    if kind == "hostname":
        return "AMBIGUOUS", "hostname"
    if kind == "org_name":
        return "AMBIGUOUS", "organization"
    renamed = {"ssn": "national_id", "employee_id": "account"}
    return "MUST_MASK", renamed.get(kind, kind)  # a kind this converter does not know: kept as a leak target under its own name


def occurrences(text: str, value: str) -> list[int]:
    out, pos = [], text.find(value)
    while pos != -1 and value:
        out.append(pos)
        pos = text.find(value, pos + len(value))
    return out


def convert(src: Path, gold: str, commit: str, workload: str = "wl2_secrets") -> tuple[list[dict], dict]:
    report: dict = {
        "documents": 0,
        "annotations": 0,
        "values": 0,
        "items": 0,
        "not_located": [],
        "offset_mismatch": [],
        "extra_occurrences": [],
        "overlaps_dropped": [],
        "template_mismatch": [],
        "items_by_cls": collections.Counter(),
        "items_by_kind_cls": collections.Counter(),
    }
    docs = []
    path = workload_path(workload)
    templated = workload == "wl2_secrets"
    lines = (src / path).read_text(encoding="utf-8").splitlines()
    for n, line in enumerate(x for x in lines if x.strip()):
        rec = json.loads(line)
        text, sid = rec["text"], rec["id"]
        index = int(sid.rsplit("_", 1)[-1]) if sid.rsplit("_", 1)[-1].isdigit() else n
        tname, tkind, signature = TEMPLATES[index % len(TEMPLATES)] if templated else ("none", "prompt", "")
        if signature not in text:
            report["template_mismatch"].append(sid)
        report["documents"] += 1
        report["annotations"] += len(rec["annotations"])
        given = collections.defaultdict(set)  # (kind, value) -> source starts
        for a in rec["annotations"]:
            given[(a["kind"], a["text"])].add(a["start"])
        candidates = []
        for (kind, value), starts in given.items():
            report["values"] += 1
            found = occurrences(text, value)
            if not found:
                report["not_located"].append({"id": sid, "kind": kind, "length": len(value)})
                continue
            if not starts <= set(found):
                report["offset_mismatch"].append({"id": sid, "kind": kind})
            if set(found) - starts:
                report["extra_occurrences"].append({"id": sid, "kind": kind, "n": len(set(found) - starts)})
            cls, cat = classify(kind, value)
            if gold == "source":
                cls = "MUST_MASK"
            for s in found:
                candidates.append(
                    {
                        "start": s,
                        "end": s + len(value),
                        "cls": cls,
                        "cat": cat,
                        "encoded_of": None,
                        "sub": [kind, f"template:{tname}"] if templated else [kind],
                    }
                )
        # items never overlap: a MUST_MASK item wins over the others, then the longer one
        rank = {"MUST_MASK": 0, "MUST_KEEP": 1, "AMBIGUOUS": 2}
        candidates.sort(key=lambda it: (rank[it["cls"]], -(it["end"] - it["start"]), it["start"]))
        items: list[dict] = []
        for it in candidates:
            if any(it["start"] < o["end"] and o["start"] < it["end"] for o in items):
                report["overlaps_dropped"].append({"id": sid, "kind": it["sub"][0], "cls": it["cls"]})
                continue
            items.append(it)
        items.sort(key=lambda it: it["start"])
        for it in items:
            report["items_by_cls"][it["cls"]] += 1
            report["items_by_kind_cls"][f"{it['sub'][0]}/{it['cls']}"] += 1
        report["items"] += len(items)
        docs.append(
            {
                "id": sid,
                "kind": tkind,
                "lang": "en",
                "text": text,
                "items": items,
                "carrier": {
                    "source": f"github:{REPO}@{commit}:{path}#{sid}",
                    "licence": LICENCE,
                    "format": f"{workload.split('_')[0]}:{tname}",
                },
            }
        )
    return docs, report


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--src", type=Path, default=WORK / "src", help="unpacked llm-redactor tree")
    ap.add_argument(
        "--out",
        type=Path,
        default=None,
        help="default work/<workload>.jsonl (spec) or work/<workload>.source.jsonl (source)",
    )
    ap.add_argument("--gold", choices=("spec", "source"), default="spec")
    ap.add_argument("--workload", choices=WORKLOADS, default="wl2_secrets")
    ap.add_argument("--commit", default=None, help="the source commit, for carrier.source (default: work/SOURCE)")
    args = ap.parse_args()
    commit = args.commit
    if commit is None:
        meta = WORK / "SOURCE"
        commit = meta.read_text().split()[-1] if meta.exists() else "unknown"
    out = args.out or WORK / (f"{args.workload}.jsonl" if args.gold == "spec" else f"{args.workload}.source.jsonl")
    docs, report = convert(args.src, args.gold, commit, args.workload)
    out.parent.mkdir(parents=True, exist_ok=True)
    with out.open("w", encoding="utf-8") as fh:
        for d in docs:
            fh.write(json.dumps(d, ensure_ascii=False) + "\n")
    report["items_by_cls"] = dict(report["items_by_cls"])
    report["items_by_kind_cls"] = dict(sorted(report["items_by_kind_cls"].items()))
    report.update({"gold": args.gold, "commit": commit, "out": str(out)})
    # values are never printed: ids, kinds and lengths only
    json.dump(report, sys.stdout, indent=1)
    print()
    return 1 if report["not_located"] or report["template_mismatch"] else 0


if __name__ == "__main__":
    sys.exit(main())
