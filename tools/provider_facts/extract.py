"""Read Kingfisher's rule files (https://github.com/mongodb/kingfisher, ``data/rules/*.yml``, Apache-2.0) as FACTS:
prefix literal, alphabet, length, provider keywords, minimum entropy. Writes them, one rule a line, to the facts file
that ``generate.py`` reads (default ``tools/provider_facts/facts.json``, the recorded input). Needs PyYAML.

    python tools/provider_facts/extract.py /tmp/kingfisher/data/rules [--revision COMMIT] [--out FACTS]
"""

from __future__ import annotations

import argparse
import glob
import json
import re
import subprocess
from pathlib import Path
from typing import Any

import yaml

HERE = Path(__file__).resolve().parent
SOURCE = "https://github.com/mongodb/kingfisher data/rules/*.yml (Apache-2.0)"

CLASS = r'\[(?:\\.|[^\]\\])+\]'
QUANT = r'\{\d+(?:,\d*)?\}|\+'
SEG = re.compile(rf'({CLASS}|\\d|\\w)({QUANT})')
LIT = re.compile(r'(?:[A-Za-z0-9_]|\\[.\-/_:]|-)+')


def strip_x(p: str) -> str:
    """The pattern without verbose-mode whitespace and comments (outside character classes)."""
    out = []
    i = 0
    incls = False
    while i < len(p):
        c = p[i]
        if c == '\\' and i + 1 < len(p):
            out.append(p[i:i + 2])
            i += 2
            continue
        if c == '[':
            incls = True
        elif c == ']':
            incls = False
        if not incls and c == '#':
            j = p.find('\n', i)
            i = len(p) if j < 0 else j
            continue
        if not incls and c.isspace():
            i += 1
            continue
        out.append(c)
        i += 1
    return ''.join(out)


def parse_body(body: str) -> list[tuple[str, ...]] | None:
    """prefix literal + list of (class, quant) [+ literal separators] -> list of parts or None"""
    parts: list[tuple[str, ...]] = []
    i = 0
    while i < len(body):
        m = SEG.match(body, i)
        if m:
            parts.append(('seg', m.group(1), m.group(2)))
            i = m.end()
            continue
        m = LIT.match(body, i)
        if m:
            parts.append(('lit', m.group().replace('\\', '')))
            i = m.end()
            continue
        return None
    return parts


def flags_ci(p: str) -> bool:
    return bool(re.match(r'^\(\?[a-z]*i[a-z]*\)', p)) or '(?i)' in p[:20] or '(?xi)' in p[:10]


def extract(rules_dir: str) -> list[dict[str, Any]]:
    """One fact record per rule with a capture group, in file order."""
    rules = []
    for f in sorted(glob.glob(rules_dir + '/*.yml')):
        try:
            d = yaml.safe_load(open(f))
        except Exception:  # a rule file this reader cannot parse is left out
            continue
        for r in d.get('rules', []) or []:
            p = r.get('pattern', '')
            ci = flags_ci(p)
            q = strip_x(p)
            q = re.sub(r'^(?:\(\?[a-z]+\))+', '', q)
            # find capture group
            m = re.search(r'(?<!\\)\((?!\?)', q)
            if not m:
                continue
            depth = 0
            j = m.start()
            for k in range(m.start(), len(q)):
                if q[k] == '\\':
                    continue
                if q[k] == '(' and (k == 0 or q[k - 1] != '\\'):
                    depth += 1
                elif q[k] == ')' and q[k - 1] != '\\':
                    depth -= 1
                    if depth == 0:
                        j = k
                        break
            body = q[m.start() + 1:j]
            before = q[:m.start()]
            parts = parse_body(body)
            kws = []
            km = re.search(r'\(\?:((?:[A-Za-z0-9_\-\\. ]+\|?)+)\)', before)
            if km:
                kws = [w.replace('\\', '') for w in km.group(1).split('|') if w]
            rules.append(dict(file=f.split('/')[-1], id=r.get('id'), name=r.get('name'), parts=parts, kws=kws,
                              before=before[:80], ci=ci, ent=r.get('min_entropy')))
    return rules


def dump(facts: list[dict[str, Any]], revision: str | None) -> str:
    """The facts file: where the facts come from, then one rule a line (reviewable diffs when they are re-read)."""
    lines = ",\n".join(json.dumps(r, ensure_ascii=False) for r in facts)
    return (f'{{"source": {json.dumps(SOURCE)},\n "revision": {json.dumps(revision)},\n'
            f' "facts": [\n{lines}\n]}}\n')


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("rules_dir", help="Kingfisher's data/rules directory")
    ap.add_argument("--revision", help="the Kingfisher commit read (default: the checkout's HEAD)")
    ap.add_argument("--out", type=Path, default=HERE / "facts.json")
    args = ap.parse_args(argv)
    revision = args.revision
    if revision is None:
        git = subprocess.run(["git", "-C", args.rules_dir, "rev-parse", "HEAD"], capture_output=True, text=True)
        revision = git.stdout.strip() or None
    rules = extract(args.rules_dir)
    args.out.write_text(dump(rules, revision), encoding="utf-8")
    simple = [r for r in rules if r['parts']]
    pref = [r for r in simple if r['parts'][0][0] == 'lit' and len(r['parts'][0][1]) >= 3]
    kw = [r for r in simple if r not in pref and r['kws']]
    print(len(rules), len(simple), 'prefixed', len(pref), 'keyword', len(kw))


if __name__ == "__main__":
    main()
