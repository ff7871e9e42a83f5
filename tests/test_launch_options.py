"""The launchers' gateway is private: their --port defaults to none (a free port), serve's to 8787; what a launcher
hands its private gateway (the resolved vault folder, or --memory-vault) parses back through serve's command line."""

from __future__ import annotations

from dataclasses import asdict, fields
from pathlib import Path

import pytest
import typer.main

from coatcheck.cli import app
from coatcheck.cli.serve import GatewayOptions
from coatcheck.errors import CoatcheckError

GROUP = typer.main.get_command(app)


def _params(command: str) -> dict:
    return {p.name: p for p in GROUP.commands[command].params}


def test_only_serve_has_a_fixed_default_port():
    assert _params("serve")["port"].default == 8787
    assert _params("claude")["port"].default is None and _params("codex")["port"].default is None
    assert all(_params(c)["gateway"].opts == ["--gateway"] for c in ("claude", "codex"))


def test_memory_vault_parses_back_and_contradicts_vault(tmp_path: Path):
    opts = GatewayOptions(port=None, upstream="https://upstream.invalid", policy=None, key_file=None,
                          token_file=tmp_path / "token", vault_dir=None, audit=None, memory_vault=True)
    args = opts.serve_args()
    assert "--port" not in args and "--memory-vault" in args
    ctx = GROUP.commands["serve"].make_context("serve", args)
    assert {f.name: ctx.params[f.name] for f in fields(GatewayOptions) if f.name != "port"} == \
        {k: v for k, v in asdict(opts).items() if k != "port"}
    assert opts.vault_folder(tmp_path / "default") is None
    with pytest.raises(CoatcheckError, match="contradict"):
        GatewayOptions(port=None, upstream="u", policy=None, key_file=None, token_file=None, vault_dir=tmp_path,
                       audit=None, memory_vault=True).vault_folder(tmp_path / "default")
