"""``coatcheck serve`` (the masking gateway) and the launchers ``coatcheck claude | codex``, which run a client
through a gateway, starting one when none answers. This is the one module outside ``coatcheck.gateway`` that imports
it.

The options the three commands share are :class:`GatewayOptions`' fields. Each field's flag is written once
(``GatewayOptions.FLAGS``), the commands declare their options from it (the option objects below), and a launcher
hands its options to the ``serve`` it starts by the same flags (:meth:`GatewayOptions.serve_args`)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar

import typer

from ..errors import CoatcheckError
from ..policy import Policy
from ..vault import load_key
from .codex_config import codex_overrides, codex_provider_block
from .common import KeyFileOpt, PolicyOpt, err, fail
from .launch import GatewayProcess, gateway_token, run_client, token_path

ANTHROPIC_UPSTREAM = "https://api.anthropic.com"
OPENAI_UPSTREAM = "https://api.openai.com"


@dataclass(frozen=True)
class GatewayOptions:
    """What ``serve``, ``claude`` and ``codex`` configure the same way: the port, the upstream, the policy, the vault
    key, the token file, the session vault directory and the audit file."""

    port: int
    upstream: str
    policy: str | None
    key_file: Path | None
    token_file: Path | None
    vault_dir: Path | None
    audit: Path | None

    FLAGS: ClassVar[dict[str, str]] = {"port": "--port", "upstream": "--upstream", "token_file": "--token-file",
                                       "policy": PolicyOpt.param_decls[0], "key_file": KeyFileOpt.param_decls[0],
                                       "vault_dir": "--vault", "audit": "--audit"}

    def serve_args(self) -> list[str]:
        """These options as ``coatcheck serve`` arguments (the token file resolved, unset ones left out)."""
        values = {**vars(self), "token_file": token_path(self.token_file)}
        return [arg for name, flag in self.FLAGS.items() if values[name] is not None for arg in (flag, str(values[name]))]


def _option(name: str, default: Any = None, help: str | None = None) -> Any:
    """The typer option of :class:`GatewayOptions` field ``name``, under its flag."""
    return typer.Option(default, GatewayOptions.FLAGS[name], help=help)


PortOpt = _option("port", 8787)
TokenFileOpt = _option("token_file", help="Gateway token file (default ~/.config/coatcheck/gateway.token, created 0600).")
# --policy and --key-file: common's PolicyOpt and KeyFileOpt (the text commands take them too). Where serve's help
# says what the gateway does with an option and a launcher's that it goes to the gateway it starts, both sit here.
ServeUpstreamOpt = _option("upstream", ANTHROPIC_UPSTREAM, "Anthropic-format upstream.")
ServeVaultOpt = _option("vault_dir", help="Directory for per-session encrypted vault files (default: in memory).")
ServeAuditOpt = _option("audit", help="Append one JSON line per request (categories and counts only).")
ClaudeUpstreamOpt = _option("upstream", ANTHROPIC_UPSTREAM)
CodexUpstreamOpt = _option("upstream", OPENAI_UPSTREAM)
LauncherVaultOpt = _option("vault_dir", help="Directory for per-session encrypted vault files.")
LauncherAuditOpt = _option("audit", help="Audit file for the gateway this command starts.")
GatewayLogOpt = typer.Option(None, "--gateway-log", help="Where the gateway's own output goes (default ~/.config/coatcheck/gateway.log).")

# the launchers pass what follows `--` (and any option they do not know) to the client
LAUNCHER_SETTINGS: dict[str, Any] = {"allow_extra_args": True, "ignore_unknown_options": True}


def serve(
    port: int = PortOpt,
    host: str = typer.Option("127.0.0.1", "--host", help="Bind address (loopback by default)."),
    allow_remote: bool = typer.Option(False, "--allow-remote", help="Allow a non-loopback --host (anyone who can reach it and has the token can use it)."),
    allow_host: list[str] = typer.Option([], "--allow-host", help="Accept this Host header too (the name clients use to reach a non-loopback bind)."),
    upstream: str = ServeUpstreamOpt,
    openai_upstream: str | None = typer.Option(None, "--openai-upstream", help="OpenAI-format upstream (default: --upstream)."),
    policy: str | None = PolicyOpt,
    key_file: Path | None = KeyFileOpt,
    token_file: Path | None = TokenFileOpt,
    max_body_mb: int = typer.Option(32, "--max-body-mb"),
    audit: Path | None = ServeAuditOpt,
    vault_dir: Path | None = ServeVaultOpt,
) -> None:
    """Run the masking gateway: point ANTHROPIC_BASE_URL (or an OpenAI base URL) at it. Clients send the token
    from --token-file in the x-coatcheck-token header."""
    import ipaddress
    import logging

    import uvicorn

    from ..gateway.app import GatewayConfig, create_app

    opts = GatewayOptions(port=port, upstream=upstream, policy=policy, key_file=key_file, token_file=token_file,
                          vault_dir=vault_dir, audit=audit)
    loopback = host == "localhost"
    try:
        loopback = loopback or ipaddress.ip_address(host).is_loopback
    except ValueError:
        pass
    if not loopback and not allow_remote:
        fail(CoatcheckError(f"--host {host} is not a loopback address; add --allow-remote if other machines must reach this gateway"))
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")
    try:
        token = gateway_token(opts.token_file)
        config = GatewayConfig(upstream=opts.upstream, openai_upstream=openai_upstream, policy=Policy.load(opts.policy),
                               master_key=load_key(opts.key_file), token=token, allowed_hosts=frozenset(h.lower() for h in allow_host),
                               max_body_bytes=max_body_mb << 20,
                               audit_path=str(opts.audit) if opts.audit else None,
                               vault_dir=str(opts.vault_dir) if opts.vault_dir else None)
    except CoatcheckError as exc:
        fail(exc)
    if not loopback:
        err.print(f"[yellow]warning:[/yellow] listening on {host}: every machine that reaches it and holds the token can use this gateway")
    err.print(f"coatcheck gateway on http://{host}:{opts.port} -> {opts.upstream}; token in {token_path(opts.token_file)} (header x-coatcheck-token)")
    uvicorn.run(create_app(config), host=host, port=opts.port, log_level="warning")


def _gateway(opts: GatewayOptions, log_file: Path | None) -> GatewayProcess:
    """The gateway answering on ``opts.port``, or ``coatcheck serve`` started there with ``opts``."""
    try:
        return GatewayProcess(opts.port, opts.token_file, opts.serve_args(), log_file)
    except CoatcheckError as exc:
        fail(exc)


def claude(
    ctx: typer.Context,
    port: int = PortOpt,
    upstream: str = ClaudeUpstreamOpt,
    executable: str = typer.Option("claude", "--executable", help="The Claude Code executable."),
    policy: str | None = PolicyOpt,
    key_file: Path | None = KeyFileOpt,
    token_file: Path | None = TokenFileOpt,
    vault_dir: Path | None = LauncherVaultOpt,
    audit: Path | None = LauncherAuditOpt,
    log_file: Path | None = GatewayLogOpt,
) -> None:
    """Start the gateway if none answers on --port, then run Claude Code through it (ANTHROPIC_BASE_URL, the
    gateway token in ANTHROPIC_CUSTOM_HEADERS, non-essential traffic off). Arguments after -- go to Claude Code."""
    import os

    gw = _gateway(GatewayOptions(port=port, upstream=upstream, policy=policy, key_file=key_file, token_file=token_file,
                                 vault_dir=vault_dir, audit=audit), log_file)
    headers = [h for h in os.environ.get("ANTHROPIC_CUSTOM_HEADERS", "").split("\n") if h.strip() and not h.lower().startswith("x-coatcheck-token:")]
    env = {**os.environ, "ANTHROPIC_BASE_URL": gw.base, "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC": "1",
           "ANTHROPIC_CUSTOM_HEADERS": "\n".join([*headers, f"x-coatcheck-token: {gw.token}"])}
    run_client(gw, executable, "Claude Code", ctx.args, env)


def codex(
    ctx: typer.Context,
    port: int = PortOpt,
    upstream: str = CodexUpstreamOpt,
    executable: str = typer.Option("codex", "--executable", help="The Codex CLI executable."),
    print_config: bool = typer.Option(False, "--print-config", help="Print the ~/.codex/config.toml provider block and exit."),
    policy: str | None = PolicyOpt,
    key_file: Path | None = KeyFileOpt,
    token_file: Path | None = TokenFileOpt,
    vault_dir: Path | None = LauncherVaultOpt,
    audit: Path | None = LauncherAuditOpt,
    log_file: Path | None = GatewayLogOpt,
) -> None:
    """Start the gateway if none answers on --port, then run the Codex CLI through it: a `coatcheck` model
    provider given as `-c` overrides (Responses API, no WebSocket), the gateway token in COATCHECK_TOKEN.
    Arguments after -- go to Codex. --print-config prints the same provider block for config.toml instead."""
    import os
    import sys

    if print_config:
        sys.stdout.write(codex_provider_block(port))
        raise typer.Exit(0)
    gw = _gateway(GatewayOptions(port=port, upstream=upstream, policy=policy, key_file=key_file, token_file=token_file,
                                 vault_dir=vault_dir, audit=audit), log_file)
    env = {**os.environ, "COATCHECK_TOKEN": gw.token}
    run_client(gw, executable, "the Codex CLI", [*codex_overrides(port), *ctx.args], env)
