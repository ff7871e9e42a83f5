"""More real negatives: what developer tools on this machine print that looks random and is no secret.

    python training/keyless/tool_output.py OUT.jsonl [--git REPO.git ...]

Runs the tools for real: checksum programs over installed files, git's plumbing and porcelain over real
repositories (full and abbreviated hashes, trees, index lines, reflogs, blame), base64 of real files (images,
text), ssh-keygen public keys and fingerprints of freshly made keys, openssl digests and certificate fingerprints;
and writes the digest formats package managers and protocols use (SRI integrity, go.sum ``h1:``, Cargo and pip
hashes, image digests, ETags, traceparent, Content-MD5) computed over real files. Every candidate token of that
output becomes a negative example, with the tool's own line around it. The source name (tool and run) decides the
split, as for the harvested files.
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import json
import random
import subprocess
import sys
import sysconfig
import tempfile
import uuid
from collections.abc import Iterator
from pathlib import Path

from harvest import write_examples  # type: ignore[import-not-found]


def run(cmd: list[str], cwd: str | None = None) -> str:
    try:
        return subprocess.run(cmd, capture_output=True, text=True, timeout=120, cwd=cwd, errors="replace").stdout
    except (OSError, subprocess.TimeoutExpired):
        return ""


def real_files(rng: random.Random, n: int) -> list[Path]:
    roots = [Path(sysconfig.get_paths()["purelib"]), Path("/usr/share/doc"), Path("/usr/lib/python3")]
    found = [p for r in roots if r.exists() for p in r.rglob("*") if p.is_file() and not p.is_symlink()
             and p.stat().st_size < 400_000]
    rng.shuffle(found)
    return found[:n]


def outputs(rng: random.Random, git_dirs: list[str]) -> Iterator[tuple[str, str]]:
    files = real_files(rng, 600)
    for k in range(0, 600, 20):
        chunk = [str(p) for p in files[k:k + 20]]
        prog = rng.choice(("sha256sum", "sha1sum", "md5sum", "b2sum", "sha512sum", "sha224sum"))
        yield f"tool:{prog}:{k}", run([prog, *chunk])
        yield f"tool:openssl-dgst:{k}", run(["openssl", "dgst", "-" + rng.choice(("sha256", "sha1", "md5")), *chunk[:5]])
    for g in git_dirs:
        base = ["git", f"--git-dir={g}"]
        for name, args in (("log-H", ["log", "-n", "400", "--format=%H %h %T %P %s"]),
                           ("log-raw", ["log", "-n", "60", "--raw", "--abbrev=7"]),
                           ("log-p", ["log", "-n", "15", "-p", "--stat"]),
                           ("ls-tree", ["ls-tree", "-r", "HEAD"]), ("show-ref", ["show-ref"]),
                           ("reflog", ["log", "-g", "-n", "200", "--format=%h %gd %gs"]),
                           ("rev-list", ["rev-list", "--all", "--objects", "-n", "300"]),
                           ("cat-file", ["cat-file", "-p", "HEAD"]), ("log-oneline", ["log", "--oneline", "-n", "400"]),
                           ("log-graph", ["log", "--graph", "--decorate", "-n", "120", "--format=%h %d %s (%cr)"])):
            out = run(base + args)
            lines = out.splitlines()
            if name == "log-p":  # headers and index lines only: a scanner's history holds its test secrets
                lines = [x for x in lines if x.startswith(("commit ", "index ", "diff --git", "@@", "Merge:"))]
            for i in range(0, min(len(lines), 6000), 150):
                yield f"git:{Path(g).parent.name}:{name}:{i}", "\n".join(lines[i:i + 150])
    images = [p for p in files if p.suffix in (".png", ".gif", ".jpg", ".ico", ".woff", ".woff2", ".ttf")]
    texts = [p for p in files if p.suffix in (".py", ".txt", ".md", ".json", ".css", ".js")]
    for k, p in enumerate(images[:60] + texts[:60]):
        data = p.read_bytes()[:3000]
        b64 = base64.b64encode(data).decode()
        mime = {"png": "image/png", "gif": "image/gif", "jpg": "image/jpeg"}.get(p.suffix[1:], "application/octet-stream")
        form = k % 4
        if form == 0:
            yield f"b64:{k}", run(["base64", str(p)])[:4000]
        elif form == 1:
            yield f"b64:{k}", f'<img src="data:{mime};base64,{b64}">'
        elif form == 2:
            yield f"b64:{k}", json.dumps({"name": p.name, "encoding": "base64", "content": b64}, indent=2)
        else:
            yield f"b64:{k}", json.dumps({"cells": [{"outputs": [{"data": {mime: b64, "text/plain": ["<Figure>"]}}]}]})
    with tempfile.TemporaryDirectory() as tmp:
        for k in range(24):
            kind = ("ed25519", "rsa", "ecdsa")[k % 3]
            key = f"{tmp}/k{k}"
            run(["ssh-keygen", "-q", "-t", kind, "-N", "", "-C", f"host{k}", "-f", key] + (["-b", "2048"] if kind == "rsa" else []))
            pub = Path(key + ".pub").read_text() if Path(key + ".pub").exists() else ""
            yield f"ssh:{k}", pub + f"github.com {pub}" + run(["ssh-keygen", "-lf", key + ".pub"]) + \
                run(["ssh-keygen", "-E", "md5", "-lf", key + ".pub"])
        for k in range(8):
            crt = f"{tmp}/c{k}.pem"
            run(["openssl", "req", "-x509", "-newkey", "rsa:1024", "-nodes", "-keyout", f"{tmp}/c{k}.key", "-out", crt,
                 "-days", "1", "-subj", f"/CN=host{k}.example"])
            yield f"x509:{k}", run(["openssl", "x509", "-in", crt, "-noout", "-fingerprint", "-sha256", "-serial"]) + \
                run(["openssl", "x509", "-in", crt, "-noout", "-fingerprint", "-sha1"])
    # digest formats of package managers and protocols, over real files
    for k in range(0, min(len(files), 600), 12):
        lines = []
        for p in files[k:k + 12]:
            data = p.read_bytes()
            name = p.stem.replace("_", "-").lower()[:20] or "pkg"
            ver = f"{rng.randint(0, 9)}.{rng.randint(0, 30)}.{rng.randint(0, 20)}"
            s256, s512, md5 = hashlib.sha256(data), hashlib.sha512(data), hashlib.md5(data)
            form = rng.randrange(10)
            if form == 0:
                lines.append(f'      "integrity": "sha512-{base64.b64encode(s512.digest()).decode()}",')
            elif form == 1:
                lines.append(f"{name} v{ver} h1:{base64.b64encode(s256.digest()).decode()}")
            elif form == 2:
                lines.append(f'[[package]]\nname = "{name}"\nversion = "{ver}"\nchecksum = "{s256.hexdigest()}"')
            elif form == 3:
                lines.append(f"{name}=={ver} \\\n    --hash=sha256:{s256.hexdigest()}")
            elif form == 4:
                lines.append(f"docker.io/library/{name}@sha256:{s256.hexdigest()}")
            elif form == 5:
                lines.append(f'ETag: "{md5.hexdigest()}"\nContent-MD5: {base64.b64encode(md5.digest()).decode()}')
            elif form == 6:
                lines.append(f"traceparent: 00-{s256.hexdigest()[:32]}-{md5.hexdigest()[:16]}-01")
            elif form == 7:
                lines.append(f'<script src="https://cdn.example.net/{name}@{ver}/dist/{name}.min.js" integrity="sha384-'
                             f'{base64.b64encode(hashlib.sha384(data).digest()).decode()}" crossorigin="anonymous"></script>')
            elif form == 8:
                lines.append(f"  {name}@{ver}:\n    resolution: {{integrity: sha512-{base64.b64encode(s512.digest()).decode()}}}")
            else:
                lines.append(f"x-request-id: {uuid.UUID(bytes=md5.digest())}\netag: W/\"{s256.hexdigest()[:16]}\"")
        yield f"formats:{k}", "\n".join(lines)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("out")
    ap.add_argument("--git", nargs="*", default=[])
    ap.add_argument("--seed", type=int, default=5)
    ap.add_argument("--per-source", type=int, default=60)
    a = ap.parse_args()
    rng = random.Random(a.seed)
    n = 0
    with open(a.out, "w", encoding="utf-8") as out:
        for src, text in outputs(rng, a.git):
            n += write_examples(out, src, text, a.per_source, rng)
    print(f"{n} tool-output negatives -> {a.out}", file=sys.stderr)


if __name__ == "__main__":
    main()
