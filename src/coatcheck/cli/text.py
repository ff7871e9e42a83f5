"""The text commands: ``coatcheck mask | restore | scan``.

Nothing here prints a detected value unless the user asks for it (``scan --show-values``); summaries
carry counts per category only.
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from enum import StrEnum
from pathlib import Path
from typing import BinaryIO

import typer

from .. import __version__
from ..documents import is_rich_document, read_document
from ..errors import CoatcheckError
from ..masker import Masker
from ..policy import Policy
from ..restore import StreamRestorer
from ..scan import Finding, iter_files, norm_path, read_baseline, scan_text, to_sarif, write_baseline
from ..textio import decode, encode, is_binary, iter_chunks
from ..vault import Vault, load_key
from .common import KeyFileOpt, LosslessOpt, PolicyOpt, err, fail

VaultOpt = typer.Option(None, "--vault", help="Encrypted vault file (created 0600); needed to restore in another process.")


def _vault(path: Path | None, key_file: Path | None, *, must_exist: bool = False) -> Vault:
    if path is None:
        return Vault()
    if must_exist and not path.exists():
        raise CoatcheckError(f"vault {path} does not exist")
    return Vault.open(path, load_key(key_file, create=not must_exist))


def _input(path: str) -> BinaryIO:
    if path == "-":
        return sys.stdin.buffer
    try:
        return open(path, "rb")
    except OSError as exc:
        raise CoatcheckError(f"cannot read {path}: {exc.strerror}") from None


class ScanFormat(StrEnum):
    """``coatcheck scan --format``: typer lists the choices and refuses anything else."""

    text = "text"
    json = "json"
    sarif = "sarif"


def mask(
    file: str = typer.Argument("-", help="File to mask, or - for standard input."),
    vault: Path | None = VaultOpt,
    key_file: Path | None = KeyFileOpt,
    policy: str | None = PolicyOpt,
    lossless: bool = LosslessOpt,
    quiet: bool = typer.Option(False, "--quiet", "-q", help="No summary on stderr."),
) -> None:
    """Write FILE to stdout with secrets and personal data replaced by placeholders. A Word (.docx) or PDF file is
    read as its text, and its masked text is written."""
    try:
        masker = Masker(policy=Policy.load(policy), vault=_vault(vault, key_file))
        counts: Counter[str] = Counter()
        out = sys.stdout.buffer
        offset = 0
        if file != "-" and is_rich_document(file):
            result = masker.mask(read_document(file))
            out.write(encode(result.text, lossless=False))
            counts.update(result.counts())
        else:
            with _input(file) as fh:
                # a document is masked whole: a name found on its first page is masked on its last
                chunks = [fh.read()] if masker.policy.documents else iter_chunks(fh)
                for i, chunk in enumerate(chunks):
                    if i == 0 and is_binary(chunk):
                        raise CoatcheckError(f"{file}: binary input (NUL bytes); nothing written")
                    result = masker.mask(decode(chunk, lossless=lossless, where=file, base_offset=offset))
                    out.write(encode(result.text, lossless=lossless))
                    counts.update(result.counts())
                    offset += len(chunk)
        out.flush()
    except CoatcheckError as exc:
        fail(exc)
    if not quiet:
        summary = ", ".join(f"{c}={n}" for c, n in sorted(counts.items())) or "nothing found"
        err.print(f"coatcheck: masked {sum(counts.values())} value(s): {summary}")
        if vault is None and counts:
            err.print("coatcheck: no --vault given: these placeholders can only be restored in this process")


def restore(
    file: str = typer.Argument("-", help="Masked text, or - for standard input."),
    vault: Path = typer.Option(..., "--vault", help="The vault the text was masked with."),
    key_file: Path | None = KeyFileOpt,
    lossless: bool = LosslessOpt,
) -> None:
    """Write FILE to stdout with every placeholder the vault knows replaced by its original."""
    try:
        restorer = StreamRestorer(_vault(vault, key_file, must_exist=True))
        out = sys.stdout.buffer
        with _input(file) as fh:
            for chunk in iter_chunks(fh):
                out.write(encode(restorer.feed(decode(chunk, lossless=lossless, where=file)), lossless=lossless))
        out.write(encode(restorer.flush(), lossless=lossless))
        out.flush()
    except CoatcheckError as exc:
        fail(exc)
    if restorer.unknown:
        err.print(f"coatcheck: {len(restorer.unknown)} placeholder(s) not in this vault were left as they are")


def _scan_jsonl(masker: Masker) -> int:
    """The benchmark contract: JSONL {id, text} in, JSONL {id, spans, masked_text} out."""
    failures = 0
    out = sys.stdout
    for n, line in enumerate(sys.stdin, 1):
        if not line.strip():
            continue
        try:
            doc = json.loads(line)
            if not isinstance(doc, dict) or not isinstance(doc.get("text"), str):
                raise ValueError("expected an object with a string 'text'")
        except ValueError as exc:
            failures += 1
            out.write(json.dumps({"id": None, "line": n, "error": f"bad input line: {exc.__class__.__name__}"}) + "\n")
            continue
        try:
            result = masker.mask(doc["text"])
        except CoatcheckError as exc:
            failures += 1
            out.write(json.dumps({"id": doc.get("id"), "error": str(exc)}) + "\n")
            continue
        spans = [{"start": s.start, "end": s.end, "label": s.category, "score": round(s.score, 4)} for s in result.spans]
        out.write(json.dumps({"id": doc.get("id"), "spans": spans, "masked_text": result.text}, ensure_ascii=False) + "\n")
        out.flush()  # one answer per document as soon as it is ready (callers may stream)
    return 2 if failures else 0


def scan(
    paths: list[Path] = typer.Argument(None, help="Files or directories to scan."),
    fmt: ScanFormat = typer.Option(ScanFormat.text, "--format", help="text, json or sarif."),
    explain: bool = typer.Option(False, "--explain", help="Show which detector found each value."),
    show_values: bool = typer.Option(False, "--show-values", help="Print the detected values themselves (off by default)."),
    jsonl: bool = typer.Option(False, "--jsonl", help="Read JSONL {id, text} on stdin; write {id, spans, masked_text} per line."),
    policy: str | None = PolicyOpt,
    lossless: bool = LosslessOpt,
    skip_binary: bool = typer.Option(False, "--skip-binary", help="Skip binary and undecodable files instead of failing (exit 2)."),
    baseline: Path | None = typer.Option(None, "--baseline", help="Ignore the findings this baseline file accepts."),
    write_baseline_to: Path | None = typer.Option(None, "--write-baseline", help="Accept every current finding: write them (hashed, no values) to this file and exit 0."),
) -> None:
    """Report secrets and personal data in files; exit 1 when something is found, 2 when a file could not be
    read (pre-commit friendly). A baseline (--write-baseline, then --baseline) accepts known findings."""
    try:
        masker = Masker(policy=Policy.load(policy))
    except CoatcheckError as exc:
        fail(exc)
    if jsonl:
        raise typer.Exit(_scan_jsonl(masker))
    if not paths:
        fail(CoatcheckError("give one or more paths to scan, or use --jsonl"))
    findings: list[Finding] = []
    skipped = 0
    unreadable = 0
    files = list(iter_files(paths))
    from rich.progress import Progress

    with Progress(console=err, transient=True, disable=len(files) < 20 or not err.is_terminal) as progress:
        task = progress.add_task("scanning", total=len(files))
        for f in files:
            progress.advance(task)
            try:
                data = f.read_bytes()
            except OSError as exc:
                err.print(f"coatcheck: cannot read {f}: {exc.strerror}")
                skipped += 1
                unreadable += 1
                continue
            if is_binary(data):
                err.print(f"coatcheck: {'skipped' if skip_binary else 'cannot scan'} binary file {f}")
                skipped += 1
                unreadable += 0 if skip_binary else 1
                continue
            try:
                text = decode(data, lossless=lossless, where=str(f))
            except CoatcheckError as exc:
                err.print(f"coatcheck: {'skipped' if skip_binary else 'cannot scan'} {exc}")
                skipped += 1
                unreadable += 0 if skip_binary else 1
                continue
            findings.extend(scan_text(masker, text, str(f), with_values=show_values))
    if write_baseline_to is not None:
        write_baseline(write_baseline_to, findings)
        err.print(f"coatcheck: {len(findings)} finding(s) accepted in {write_baseline_to}")
        raise typer.Exit(0)
    if baseline is not None:
        try:
            accepted = read_baseline(baseline)
        except CoatcheckError as exc:
            fail(exc)
        findings = [x for x in findings if (norm_path(x.path), x.category, x.fingerprint) not in accepted]
    if fmt == "json":
        sys.stdout.write(json.dumps([x.as_dict(show_values) for x in findings], indent=2, ensure_ascii=False) + "\n")
    elif fmt == "sarif":
        sys.stdout.write(json.dumps(to_sarif(findings, __version__, show_values), indent=2) + "\n")
    else:
        for x in findings:
            line = f"{x.path}:{x.line}:{x.col}: {x.category}"
            if explain:
                line += f" [{x.detector}]"
            if show_values:
                line += f" {x.value!r}"
            sys.stdout.write(line + "\n")
        err.print(f"coatcheck: {len(findings)} finding(s) in {len(files) - skipped} file(s)" + (f", {skipped} skipped" if skipped else ""))
    if unreadable:
        err.print(f"coatcheck: {unreadable} file(s) could not be scanned (use --skip-binary to skip them, --lossless for non-UTF-8 text)")
        raise typer.Exit(2)
    raise typer.Exit(1 if findings else 0)
