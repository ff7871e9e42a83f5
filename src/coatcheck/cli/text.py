"""The command line: ``coatcheck mask | restore | scan | doctor``.

Nothing here prints a detected value unless the user asks for it (``scan --show-values``); summaries
carry counts per category only.
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path
from enum import StrEnum
from typing import BinaryIO, NoReturn

import typer
from rich.console import Console

from . import __version__
from .errors import CoatcheckError, InputError
from .masker import Masker
from .policy import Policy
from .restore import StreamRestorer
from .scan import Finding, iter_files, norm_path, read_baseline, scan_text, to_sarif, write_baseline
from .textio import decode, encode, is_binary, iter_chunks
from .vault import Vault, load_key

app = typer.Typer(add_completion=False, no_args_is_help=True, pretty_exceptions_show_locals=False, help="Mask secrets and personal data in coding-agent traffic; restore them exactly.")
err = Console(stderr=True, soft_wrap=True)

VaultOpt = typer.Option(None, "--vault", help="Encrypted vault file (created 0600); needed to restore in another process.")
KeyFileOpt = typer.Option(None, "--key-file", help="Vault key file (default: $COATCHECK_VAULT_KEY, else ~/.config/coatcheck/vault.key).")
PolicyOpt = typer.Option(None, "--policy", help="Policy TOML file, or a built-in name: agent (default), strict.")
LosslessOpt = typer.Option(False, "--lossless", help="Pass bytes that are not valid UTF-8 through unchanged instead of failing.")


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


def _fail(exc: CoatcheckError) -> NoReturn:
    err.print(f"[red]error:[/red] {exc}")
    raise typer.Exit(2)


@app.command()
def mask(
    file: str = typer.Argument("-", help="File to mask, or - for standard input."),
    vault: Path | None = VaultOpt,
    key_file: Path | None = KeyFileOpt,
    policy: str | None = PolicyOpt,
    lossless: bool = LosslessOpt,
    quiet: bool = typer.Option(False, "--quiet", "-q", help="No summary on stderr."),
) -> None:
    """Write FILE to stdout with secrets and personal data replaced by placeholders."""
    try:
        masker = Masker(policy=Policy.load(policy), vault=_vault(vault, key_file))
        counts: Counter[str] = Counter()
        out = sys.stdout.buffer
        offset = 0
        with _input(file) as fh:
            for i, chunk in enumerate(iter_chunks(fh)):
                if i == 0 and is_binary(chunk):
                    raise CoatcheckError(f"{file}: binary input (NUL bytes); nothing written")
                result = masker.mask(decode(chunk, lossless=lossless, where=file, base_offset=offset))
                out.write(encode(result.text, lossless=lossless))
                counts.update(result.counts())
                offset += len(chunk)
        out.flush()
    except CoatcheckError as exc:
        _fail(exc)
    if not quiet:
        summary = ", ".join(f"{c}={n}" for c, n in sorted(counts.items())) or "nothing found"
        err.print(f"coatcheck: masked {sum(counts.values())} value(s): {summary}")
        if vault is None and counts:
            err.print("coatcheck: no --vault given: these placeholders can only be restored in this process")


@app.command()
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
        _fail(exc)
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


@app.command()
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
        _fail(exc)
    if jsonl:
        raise typer.Exit(_scan_jsonl(masker))
    if not paths:
        _fail(CoatcheckError("give one or more paths to scan, or use --jsonl"))
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
            _fail(exc)
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


@app.command()
def batch(
    inputs: list[str] = typer.Argument(..., help="JSONL, CSV/TSV or Parquet files, directories (every such file below) or globs."),
    out: Path = typer.Option(..., "-o", "--out", help="Output directory: one masked file per input, same relative name and format."),
    field_name: str | None = typer.Option(None, "--field", help="JSONL: mask only this string field of each line (default: every string leaf but protocol structure). CSV/Parquet: the columns to mask, comma-separated (default: every text column)."),
    workers: int | None = typer.Option(None, "--workers", min=1, help="Local engine: processes (default: every core)."),
    engine: str = typer.Option("local", "--engine", help="local (processes on this machine) or ray (Ray Data; pip install 'coatcheck[ray]')."),
    ray_address: str | None = typer.Option(None, "--ray-address", help="Ray cluster to join (default: $RAY_ADDRESS, else a local Ray)."),
    actors: int | None = typer.Option(None, "--actors", min=1, help="Ray engine: masker actors (default and most: one per CPU the cluster has, less one for reading)."),
    vault_out: Path | None = typer.Option(None, "--vault-out", help="Write an encrypted vault shard per input here (placeholder -> value), for coatcheck restore. Without it masking is one-way."),
    policy: str | None = PolicyOpt,
    key_file: Path | None = KeyFileOpt,
    report_path: Path | None = typer.Option(None, "--report", help="Also write the run's report as JSON here."),
) -> None:
    """Mask a corpus (JSONL text records, chat transcripts, Claude Code session files; CSV and Parquet columns) on
    every local core or on Ray. Writes are atomic per file and a rerun skips finished files; placeholders follow the
    vault key, so they agree across workers, nodes and runs. A document that cannot be masked is reported and not
    written."""
    if engine not in ("local", "ray"):
        _fail(InputError(f"--engine must be local or ray, not {engine!r}"))
    import time

    from rich.progress import Progress

    from .batch import input_files, run, summary
    from .vault import load_key

    try:
        key = load_key(key_file)
        Policy.load(policy)  # a bad policy is an error before any worker starts
    except CoatcheckError as exc:
        _fail(exc)
    t0 = time.perf_counter()
    reports = []
    try:
        files = input_files(inputs)
        with Progress(console=err, transient=True, disable=not err.is_terminal) as progress:
            task = progress.add_task("masking files", total=len(files))
            if engine == "ray":
                from .batch_ray import run_ray

                reports_iter = run_ray(files, out, key, fld=field_name, policy=policy, vault_out=vault_out, address=ray_address, actors=actors)
            else:
                reports_iter = run(files, out, key, fld=field_name, workers=workers, policy=policy, vault_out=vault_out)
            for r in reports_iter:
                reports.append(r)
                progress.advance(task)
    except CoatcheckError as exc:
        _fail(exc)
    result = summary(reports, time.perf_counter() - t0)
    result["engine"] = engine
    if report_path is not None:
        report_path.write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    failed = sum(len(v) for v in result["failures"].values())
    err.print(f"coatcheck: {result['documents']} document(s) in {result['files']} file(s) "
              f"({result['skipped_files']} already done), {result['characters']:,} characters, "
              f"{result['mb_per_second']} MB/s; masked: "
              + (", ".join(f"{k}={v}" for k, v in result["counts"].items()) or "nothing")
              + (f"; {failed} line(s) failed and were not written" if failed else ""))
    raise typer.Exit(1 if failed else 0)


@app.command()
def doctor(policy: str | None = PolicyOpt) -> None:
    """Show the pipeline's stages, rule counts and policy."""
    try:
        masker = Masker(policy=Policy.load(policy))
    except CoatcheckError as exc:
        _fail(exc)
    from .detect.rules import check_patterns, load_rules

    rules = load_rules()
    try:
        check_patterns(rules)
    except CoatcheckError as exc:
        _fail(exc)
    per_cat = Counter(r.category for r in rules)
    typer.echo(f"coatcheck {__version__}")
    typer.echo("stages: " + " -> ".join(masker.pipeline.stages))
    typer.echo(f"rules: {len(rules)} ({', '.join(f'{c}={n}' for c, n in sorted(per_cat.items()))}); "
               f"provider formats: {sum(1 for r in rules if r.provider)}")
    typer.echo(f"policy: {masker.policy.name}; masks: {', '.join(sorted(masker.policy.mask))}")
    if masker.pipeline.model is not None:
        from .detect.model import active_provider, runtime_conflict

        typer.echo(f"model: {masker.pipeline.model.path} on {active_provider(masker.pipeline.model.path)}")
        if (conflict := runtime_conflict()) is not None:
            typer.echo(f"warning: {conflict}")
    else:
        typer.echo("model: off (COATCHECK_MODEL=0, no model files, or the policy masks neither person nor address)")
    typer.echo(f"gateway: token {token_path()}; log of a gateway that `coatcheck claude`/`codex` start: {_default_gateway_log()}")


def token_path(path: Path | None = None) -> Path:
    """Where the gateway token lives: ``--token-file``, ``$COATCHECK_GATEWAY_TOKEN_FILE`` or the config dir."""
    import os

    return Path(path or os.environ.get("COATCHECK_GATEWAY_TOKEN_FILE") or Path.home() / ".config" / "coatcheck" / "gateway.token")


def gateway_token(path: Path | None = None) -> str:
    """The gateway token (created 0600 on first use): clients send it in ``x-coatcheck-token``."""
    from .vault import secret_file

    return secret_file(token_path(path), "token file").decode("utf-8")


TokenFileOpt = typer.Option(None, "--token-file", help="Gateway token file (default ~/.config/coatcheck/gateway.token, created 0600).")


@app.command()
def serve(
    port: int = typer.Option(8787, "--port"),
    host: str = typer.Option("127.0.0.1", "--host", help="Bind address (loopback by default)."),
    allow_remote: bool = typer.Option(False, "--allow-remote", help="Allow a non-loopback --host (anyone who can reach it and has the token can use it)."),
    allow_host: list[str] = typer.Option([], "--allow-host", help="Accept this Host header too (the name clients use to reach a non-loopback bind)."),
    upstream: str = typer.Option("https://api.anthropic.com", "--upstream", help="Anthropic-format upstream."),
    openai_upstream: str | None = typer.Option(None, "--openai-upstream", help="OpenAI-format upstream (default: --upstream)."),
    policy: str | None = PolicyOpt,
    key_file: Path | None = KeyFileOpt,
    token_file: Path | None = TokenFileOpt,
    max_body_mb: int = typer.Option(32, "--max-body-mb"),
    audit: Path | None = typer.Option(None, "--audit", help="Append one JSON line per request (categories and counts only)."),
    vault_dir: Path | None = typer.Option(None, "--vault", help="Directory for per-session encrypted vault files (default: in memory)."),
) -> None:
    """Run the masking gateway: point ANTHROPIC_BASE_URL (or an OpenAI base URL) at it. Clients send the token
    from --token-file in the x-coatcheck-token header."""
    import ipaddress
    import logging

    import uvicorn

    from .gateway.app import GatewayConfig, create_app

    loopback = host == "localhost"
    try:
        loopback = loopback or ipaddress.ip_address(host).is_loopback
    except ValueError:
        pass
    if not loopback and not allow_remote:
        _fail(CoatcheckError(f"--host {host} is not a loopback address; add --allow-remote if other machines must reach this gateway"))
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")
    try:
        token = gateway_token(token_file)
        config = GatewayConfig(upstream=upstream, openai_upstream=openai_upstream, policy=Policy.load(policy),
                               master_key=load_key(key_file), token=token, allowed_hosts=frozenset(h.lower() for h in allow_host),
                               max_body_bytes=max_body_mb << 20,
                               audit_path=str(audit) if audit else None, vault_dir=str(vault_dir) if vault_dir else None)
    except CoatcheckError as exc:
        _fail(exc)
    if not loopback:
        err.print(f"[yellow]warning:[/yellow] listening on {host}: every machine that reaches it and holds the token can use this gateway")
    err.print(f"coatcheck gateway on http://{host}:{port} -> {upstream}; token in {token_path(token_file)} (header x-coatcheck-token)")
    uvicorn.run(create_app(config), host=host, port=port, log_level="warning")


def _default_gateway_log() -> Path:
    return Path.home() / ".config" / "coatcheck" / "gateway.log"


class _Gateway:
    """A gateway for a launched client: the one already answering on ``port``, or one started here (stopped on
    exit). Its output goes to ``log_path``."""

    def __init__(self, port: int, upstream: str, policy: str | None, key_file: Path | None, token_file: Path | None,
                 vault_dir: Path | None, audit: Path | None, log_file: Path | None) -> None:
        import subprocess
        import time

        self.base = f"http://127.0.0.1:{port}"
        self.token = gateway_token(token_file)
        self.server: subprocess.Popen[bytes] | None = None
        self.log_path = Path(log_file or _default_gateway_log())
        self._log_fh = None
        if self.healthy():
            return
        cmd = [sys.executable, "-m", "coatcheck", "serve", "--port", str(port), "--upstream", upstream,
               "--token-file", str(token_path(token_file))]
        for flag, value in (("--policy", policy), ("--key-file", key_file), ("--vault", vault_dir), ("--audit", audit)):
            if value is not None:
                cmd += [flag, str(value)]
        self.log_path.parent.mkdir(parents=True, exist_ok=True)
        self._log_fh = open(self.log_path, "ab")
        self.server = subprocess.Popen(cmd, stdout=self._log_fh, stderr=self._log_fh)
        for _ in range(150):
            if self.healthy() or self.server.poll() is not None:
                break
            time.sleep(0.1)
        if not self.healthy():
            self.close()
            raise CoatcheckError(f"the gateway did not start on port {port}; see {self.log_path}")

    def healthy(self) -> bool:
        import httpx

        try:
            return httpx.get(self.base + "/health", timeout=1).status_code == 200
        except httpx.HTTPError:
            return False

    def close(self) -> None:
        if self.server is not None:
            self.server.terminate()
            self.server.wait(timeout=10)
            self.server = None
        if self._log_fh is not None:
            self._log_fh.close()
            self._log_fh = None


def _run_client(gw: _Gateway, executable: str, name: str, args: list[str], env: dict[str, str]) -> NoReturn:
    import shutil
    import subprocess

    exe = shutil.which(executable)
    if exe is None:
        gw.close()
        _fail(CoatcheckError(f"{executable!r} not found on PATH; install {name} or pass --executable"))
    try:
        code = subprocess.call([exe, *args], env=env)
    finally:
        gw.close()
    raise typer.Exit(code)


VaultOpt = typer.Option(None, "--vault", help="Directory for per-session encrypted vault files.")
AuditOpt = typer.Option(None, "--audit", help="Audit file for the gateway this command starts.")
GatewayLogOpt = typer.Option(None, "--gateway-log", help="Where the gateway's own output goes (default ~/.config/coatcheck/gateway.log).")


@app.command(context_settings={"allow_extra_args": True, "ignore_unknown_options": True})
def claude(
    ctx: typer.Context,
    port: int = typer.Option(8787, "--port"),
    upstream: str = typer.Option("https://api.anthropic.com", "--upstream"),
    executable: str = typer.Option("claude", "--executable", help="The Claude Code executable."),
    policy: str | None = PolicyOpt,
    key_file: Path | None = KeyFileOpt,
    token_file: Path | None = TokenFileOpt,
    vault_dir: Path | None = VaultOpt,
    audit: Path | None = AuditOpt,
    log_file: Path | None = GatewayLogOpt,
) -> None:
    """Start the gateway if none answers on --port, then run Claude Code through it (ANTHROPIC_BASE_URL, the
    gateway token in ANTHROPIC_CUSTOM_HEADERS, non-essential traffic off). Arguments after -- go to Claude Code."""
    import os

    try:
        gw = _Gateway(port, upstream, policy, key_file, token_file, vault_dir, audit, log_file)
    except CoatcheckError as exc:
        _fail(exc)
    headers = [h for h in os.environ.get("ANTHROPIC_CUSTOM_HEADERS", "").split("\n") if h.strip() and not h.lower().startswith("x-coatcheck-token:")]
    env = {**os.environ, "ANTHROPIC_BASE_URL": gw.base, "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC": "1",
           "ANTHROPIC_CUSTOM_HEADERS": "\n".join([*headers, f"x-coatcheck-token: {gw.token}"])}
    _run_client(gw, executable, "Claude Code", ctx.args, env)


CODEX_PROVIDER = "coatcheck"


def _codex_provider(port: int) -> list[tuple[str, str]]:
    """The provider settings that send Codex through the gateway, as (key, TOML value) pairs. Facts: Codex's
    provider keys (``base_url``, ``env_key``, ``wire_api``, ``env_http_headers``, ``supports_websockets``);
    Responses is the only wire API it accepts; a custom provider should not try a WebSocket upgrade."""
    return [("name", '"coatcheck"'), ("base_url", f'"http://127.0.0.1:{port}/v1"'), ("env_key", '"OPENAI_API_KEY"'),
            ("wire_api", '"responses"'), ("supports_websockets", "false"),
            ("env_http_headers", '{ "x-coatcheck-token" = "COATCHECK_TOKEN" }')]


def codex_provider_block(port: int) -> str:
    """The ``~/.codex/config.toml`` block for plain ``codex``."""
    body = "".join(f"{k} = {v}\n" for k, v in _codex_provider(port))
    return f'model_provider = "{CODEX_PROVIDER}"\n\n[model_providers.{CODEX_PROVIDER}]\n{body}'


def _codex_overrides(port: int) -> list[str]:
    """The same settings as ``codex -c key=value`` overrides (values are TOML), so no file is edited."""
    pairs = [("model_provider", f'"{CODEX_PROVIDER}"'),
             *((f"model_providers.{CODEX_PROVIDER}.{k}", v) for k, v in _codex_provider(port))]
    return [arg for k, v in pairs for arg in ("-c", f"{k}={v}")]


@app.command(context_settings={"allow_extra_args": True, "ignore_unknown_options": True})
def codex(
    ctx: typer.Context,
    port: int = typer.Option(8787, "--port"),
    upstream: str = typer.Option("https://api.openai.com", "--upstream"),
    executable: str = typer.Option("codex", "--executable", help="The Codex CLI executable."),
    print_config: bool = typer.Option(False, "--print-config", help="Print the ~/.codex/config.toml provider block and exit."),
    policy: str | None = PolicyOpt,
    key_file: Path | None = KeyFileOpt,
    token_file: Path | None = TokenFileOpt,
    vault_dir: Path | None = VaultOpt,
    audit: Path | None = AuditOpt,
    log_file: Path | None = GatewayLogOpt,
) -> None:
    """Start the gateway if none answers on --port, then run the Codex CLI through it: a `coatcheck` model
    provider given as `-c` overrides (Responses API, no WebSocket), the gateway token in COATCHECK_TOKEN.
    Arguments after -- go to Codex. --print-config prints the same provider block for config.toml instead."""
    import os

    if print_config:
        sys.stdout.write(codex_provider_block(port))
        raise typer.Exit(0)
    try:
        gw = _Gateway(port, upstream, policy, key_file, token_file, vault_dir, audit, log_file)
    except CoatcheckError as exc:
        _fail(exc)
    env = {**os.environ, "COATCHECK_TOKEN": gw.token}
    _run_client(gw, executable, "the Codex CLI", [*_codex_overrides(port), *ctx.args], env)


from .bench.cli import bench as _bench  # noqa: E402

app.add_typer(_bench, name="bench")


def main() -> None:  # pragma: no cover
    app()
