"""``coatcheck serve`` (the masking gateway) and the launchers ``coatcheck claude | codex``, which run a client
through a private gateway of their own (or, with ``--gateway``, through a long-running ``serve`` that proves it
holds the token). This is the one module outside ``coatcheck.gateway`` that imports it.

The options the three commands share are :class:`GatewayOptions`' fields. Each field's flag is written once
(``GatewayOptions.FLAGS``), the commands declare their options from it (the option objects below), and a launcher
hands its options to the ``serve`` it starts by the same flags (:meth:`GatewayOptions.serve_args`)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, ClassVar

import typer

from ..errors import CoatcheckError
from ..policy import Policy
from ..vault import load_key
from .codex_config import codex_overrides, codex_provider_block
from .common import KeyFileOpt, PolicyOpt, err, fail
from .launch import Gateway, attach, find_client, gateway_token, run_client, start_private, token_path
from .vault_folders import project_vault_dir, serve_vault_dir

ANTHROPIC_UPSTREAM = "https://api.anthropic.com"
OPENAI_UPSTREAM = "https://api.openai.com"
SERVE_PORT = 8787


@dataclass(frozen=True)
class GatewayOptions:
    """What ``serve``, ``claude`` and ``codex`` configure the same way: the port, the upstream, the policy, the vault
    key, the token file, the session vault directory (or none: ``memory_vault``) and the audit file. A launcher's
    ``port`` is None for a free one."""

    port: int | None
    upstream: str
    policy: str | None
    key_file: Path | None
    token_file: Path | None
    vault_dir: Path | None
    audit: Path | None
    memory_vault: bool = False

    FLAGS: ClassVar[dict[str, str]] = {"port": "--port", "upstream": "--upstream", "token_file": "--token-file",
                                       "policy": PolicyOpt.param_decls[0], "key_file": KeyFileOpt.param_decls[0],
                                       "vault_dir": "--vault", "audit": "--audit", "memory_vault": "--memory-vault"}

    def serve_args(self) -> list[str]:
        """These options as ``coatcheck serve`` arguments (the token file resolved, unset ones left out)."""
        values = {**vars(self), "token_file": token_path(self.token_file)}
        out: list[str] = []
        for name, flag in self.FLAGS.items():
            value = values[name]
            if value is True:
                out.append(flag)
            elif value is not None and value is not False:
                out += [flag, str(value)]
        return out

    def vault_folder(self, default: Path) -> Path | None:
        """The session vault folder these options mean: ``--vault``, none with ``--memory-vault``, else ``default``."""
        if self.vault_dir is not None and self.memory_vault:
            raise CoatcheckError("--vault and --memory-vault contradict each other; pass one of them")
        return None if self.memory_vault else (self.vault_dir or default)


def _option(name: str, default: Any = None, help: str | None = None, **kw: Any) -> Any:
    """The typer option of :class:`GatewayOptions` field ``name``, under its flag."""
    return typer.Option(default, GatewayOptions.FLAGS[name], help=help, **kw)


PortOpt = _option("port", SERVE_PORT)
LauncherPortOpt = _option("port", None, "Port on 127.0.0.1 for this run's private gateway (default: a free one).")
TokenFileOpt = _option("token_file", help="Gateway token file (default ~/.config/coatcheck/gateway.token, created 0600).")
# --policy and --key-file: common's PolicyOpt and KeyFileOpt (the text commands take them too). Where serve's help
# says what the gateway does with an option and a launcher's that it goes to the gateway it starts, both sit here.
ServeUpstreamOpt = _option("upstream", ANTHROPIC_UPSTREAM, "Anthropic-format upstream.")
ServeVaultOpt = _option("vault_dir", help="Directory for per-session encrypted vault files (default: "
                                          "~/.local/state/coatcheck/vaults/serve, kept across restarts).")
ServeAuditOpt = _option("audit", help="Append one JSON line per request (categories and counts only).")
ClaudeUpstreamOpt = _option("upstream", ANTHROPIC_UPSTREAM)
CodexUpstreamOpt = _option("upstream", OPENAI_UPSTREAM)
LauncherVaultOpt = _option("vault_dir", help="Directory for per-session encrypted vault files (default: one folder per "
                                             "project under ~/.local/state/coatcheck/vaults, kept across runs).")
MemoryVaultOpt = _option("memory_vault", False, "Keep session vaults in memory only. A value restored into a tool call "
                                                "then goes back upstream in clear after a restart, once its context is gone.")
LauncherAuditOpt = _option("audit", help="Audit file for the gateway this command starts.")
GatewayLogOpt = typer.Option(None, "--gateway-log", help="Where the gateway's own output goes (default ~/.config/coatcheck/gateway.log).")
GatewayUrlOpt = typer.Option(None, "--gateway", help="Use the long-running `coatcheck serve` at this URL (it must prove it "
                                                     "holds the token) instead of starting a private gateway.")

# the launchers pass what follows `--` (and any option they do not know) to the client
LAUNCHER_SETTINGS: dict[str, Any] = {"allow_extra_args": True, "ignore_unknown_options": True}
# what configures the gateway a launcher starts; with --gateway the running gateway's own settings apply instead
PRIVATE_ONLY = ("port", "upstream", "policy", "key_file", "vault_dir", "memory_vault", "audit", "log_file")


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
    memory_vault: bool = MemoryVaultOpt,
    fd: int | None = typer.Option(None, "--fd", hidden=True, help="Serve on this inherited listening socket (the launchers' private gateway)."),
) -> None:
    """Run the masking gateway: point ANTHROPIC_BASE_URL (or an OpenAI base URL) at it. Clients send the token
    from --token-file in the x-coatcheck-token header. Session vaults persist in a folder (--vault) unless
    --memory-vault."""
    import ipaddress
    import logging
    import socket

    import uvicorn

    from ..gateway.app import GatewayConfig, create_app

    opts = GatewayOptions(port=port, upstream=upstream, policy=policy, key_file=key_file, token_file=token_file,
                          vault_dir=vault_dir, audit=audit, memory_vault=memory_vault)
    sock = None
    if fd is not None:
        sock = socket.socket(fileno=fd)
        host, port = sock.getsockname()[:2]
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
        vault = opts.vault_folder(serve_vault_dir())
        chosen = Policy.load(opts.policy)
        try:
            master_key = load_key(opts.key_file)
        except OSError as exc:
            raise CoatcheckError(f"cannot read the vault key file{f' {opts.key_file}' if opts.key_file else ''} "
                                 f"({exc.strerror or exc.__class__.__name__}); pass --key-file with a file path") from None
        config = GatewayConfig(upstream=opts.upstream, openai_upstream=openai_upstream, policy=chosen,
                               master_key=master_key, token=token, allowed_hosts=frozenset(h.lower() for h in allow_host),
                               max_body_bytes=max_body_mb << 20,
                               audit_path=str(opts.audit) if opts.audit else None,
                               vault_dir=str(vault) if vault else None)
        try:
            app = create_app(config)
        except OSError as exc:
            raise CoatcheckError(f"cannot open the audit file {opts.audit} ({exc.strerror or exc.__class__.__name__})") from None
    except CoatcheckError as exc:
        fail(exc)
    if not loopback:
        err.print(f"[yellow]warning:[/yellow] listening on {host}: every machine that reaches it and holds the token can use this gateway")
    where = f"vault {vault}" if vault else "vaults in memory (values restored in this run go upstream in clear after a restart)"
    err.print(f"coatcheck gateway on http://{host}:{port} -> {opts.upstream}; token in {token_path(opts.token_file)} "
              f"(header x-coatcheck-token); policy {chosen.name}, [restore] secrets = {chosen.restore.secrets}; {where}",
              markup=False, highlight=False)
    if sock is not None:
        uvicorn.Server(uvicorn.Config(app, log_level="warning")).run(sockets=[sock])
    else:
        uvicorn.run(app, host=host, port=port, log_level="warning")


def _launch(ctx: typer.Context, client: str, opts: GatewayOptions, gateway: str | None, log_file: Path | None) -> Gateway:
    """The gateway ``client`` runs through: a private one started with ``opts``, or, with ``gateway``, the running
    one there once it proved it holds the token. Options that configure a gateway are refused with ``gateway``
    (they would be silently ignored). Prints the one startup line: where, which policy and restore mode, which
    vault, which log."""
    from ..gateway.challenge import probe

    try:
        token = gateway_token(opts.token_file)
        if gateway is not None:
            # by name: typer may carry its own copy of click, and so of the ParameterSource enum
            given = [GatewayOptions.FLAGS.get(name, "--gateway-log") for name in PRIVATE_ONLY
                     if getattr(ctx.get_parameter_source(name), "name", "DEFAULT") in ("COMMANDLINE", "ENVIRONMENT")]
            if given:
                raise CoatcheckError(f"{', '.join(given)} configure the gateway this command starts; with --gateway the "
                                     "running gateway's own settings apply. Set them on `coatcheck serve`, or leave out "
                                     "--gateway for a private gateway")
            gw = attach(gateway, token, probe)
            vault = "the gateway's folder" if gw.info.get("vault") == "folder" else "in memory (the gateway's)"
            err.print(f"coatcheck: {client} through the gateway at {gw.base} (it proved it holds the token in "
                      f"{token_path(opts.token_file)}); policy {gw.info.get('policy')}, [restore] secrets = "
                      f"{gw.info.get('restore_secrets')}; vault {vault}", markup=False, highlight=False)
            return gw
        folder = opts.vault_folder(project_vault_dir())
        private = replace(opts, port=None, vault_dir=folder)
        gw = start_private(private.serve_args(), token, opts.port, log_file, probe)
    except CoatcheckError as exc:
        fail(exc)
    where = f"vault {folder}" if folder else "vaults in memory (--memory-vault)"
    err.print(f"coatcheck: {client} through a private gateway on {gw.base} -> {opts.upstream}; policy "
              f"{gw.info.get('policy')}, [restore] secrets = {gw.info.get('restore_secrets')}; {where}; gateway log "
              f"{gw.log_path}", markup=False, highlight=False)
    return gw


def claude(
    ctx: typer.Context,
    port: int | None = LauncherPortOpt,
    upstream: str = ClaudeUpstreamOpt,
    executable: str = typer.Option("claude", "--executable", help="The Claude Code executable."),
    policy: str | None = PolicyOpt,
    key_file: Path | None = KeyFileOpt,
    token_file: Path | None = TokenFileOpt,
    vault_dir: Path | None = LauncherVaultOpt,
    memory_vault: bool = MemoryVaultOpt,
    audit: Path | None = LauncherAuditOpt,
    log_file: Path | None = GatewayLogOpt,
    gateway: str | None = GatewayUrlOpt,
) -> None:
    """Run Claude Code through a private gateway started for this run and stopped with it (ANTHROPIC_BASE_URL, the
    gateway token in ANTHROPIC_CUSTOM_HEADERS, non-essential traffic off). Arguments after -- go to Claude Code."""
    import os

    exe = find_client(executable, "Claude Code")
    gw = _launch(ctx, "Claude Code", GatewayOptions(port=port, upstream=upstream, policy=policy, key_file=key_file,
                                                    token_file=token_file, vault_dir=vault_dir, audit=audit,
                                                    memory_vault=memory_vault), gateway, log_file)
    headers = [h for h in os.environ.get("ANTHROPIC_CUSTOM_HEADERS", "").split("\n") if h.strip() and not h.lower().startswith("x-coatcheck-token:")]
    env = {**os.environ, "ANTHROPIC_BASE_URL": gw.base, "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC": "1",
           "ANTHROPIC_CUSTOM_HEADERS": "\n".join([*headers, f"x-coatcheck-token: {gw.token}"])}
    run_client(gw, exe, "Claude Code", ctx.args, env)


def codex(
    ctx: typer.Context,
    port: int | None = LauncherPortOpt,
    upstream: str = CodexUpstreamOpt,
    executable: str = typer.Option("codex", "--executable", help="The Codex CLI executable."),
    print_config: bool = typer.Option(False, "--print-config", help="Print the ~/.codex/config.toml provider block for a `coatcheck serve` (--gateway, else --port, default 8787) and exit."),
    policy: str | None = PolicyOpt,
    key_file: Path | None = KeyFileOpt,
    token_file: Path | None = TokenFileOpt,
    vault_dir: Path | None = LauncherVaultOpt,
    memory_vault: bool = MemoryVaultOpt,
    audit: Path | None = LauncherAuditOpt,
    log_file: Path | None = GatewayLogOpt,
    gateway: str | None = GatewayUrlOpt,
) -> None:
    """Run the Codex CLI through a private gateway started for this run and stopped with it: a `coatcheck` model
    provider given as `-c` overrides (Responses API, no WebSocket), the gateway token in COATCHECK_TOKEN.
    Arguments after -- go to Codex. --print-config prints the provider block for config.toml instead."""
    import os
    import sys

    if print_config:
        sys.stdout.write(codex_provider_block(gateway or f"http://127.0.0.1:{port or SERVE_PORT}"))
        raise typer.Exit(0)
    exe = find_client(executable, "the Codex CLI")
    gw = _launch(ctx, "Codex", GatewayOptions(port=port, upstream=upstream, policy=policy, key_file=key_file,
                                              token_file=token_file, vault_dir=vault_dir, audit=audit,
                                              memory_vault=memory_vault), gateway, log_file)
    env = {**os.environ, "COATCHECK_TOKEN": gw.token}
    run_client(gw, exe, "the Codex CLI", [*codex_overrides(gw.base), *ctx.args], env)
