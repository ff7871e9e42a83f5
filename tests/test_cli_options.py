"""The options ``serve``, ``claude`` and ``codex`` share are declared once (``coatcheck.cli.serve.GatewayOptions``):
every one of the three takes each of them under the same name and flag, and what a launcher hands to the
``serve`` it starts parses back, through ``serve``'s own command line, to the same options."""

from __future__ import annotations

from dataclasses import asdict, fields
from pathlib import Path

import typer.main

from coatcheck.cli import app
from coatcheck.cli.serve import GatewayOptions

GROUP = typer.main.get_command(app)
COMMANDS = ("serve", "claude", "codex")


def _params(command: str) -> dict:
    return {p.name: p for p in GROUP.commands[command].params}


def test_the_three_commands_take_every_shared_option_under_its_one_flag():
    for command in COMMANDS:
        params = _params(command)
        for f in fields(GatewayOptions):
            assert params[f.name].opts == [GatewayOptions.FLAGS[f.name]], (command, f.name)
    assert _params("serve")["port"].default == 8787  # a launcher picks a free port for its private gateway
    assert {_params(c)["port"].default for c in ("claude", "codex")} == {None}


def test_what_a_launcher_passes_is_what_serve_reads(tmp_path: Path):
    full = GatewayOptions(port=9, upstream="https://upstream.invalid", policy="strict", key_file=tmp_path / "key",
                          token_file=tmp_path / "token", vault_dir=tmp_path / "vaults", audit=tmp_path / "audit.jsonl")
    bare = GatewayOptions(port=8788, upstream="https://upstream.invalid", policy=None, key_file=None,
                          token_file=tmp_path / "token", vault_dir=None, audit=None)
    for opts in (full, bare):
        ctx = GROUP.commands["serve"].make_context("serve", opts.serve_args())
        assert {f.name: ctx.params[f.name] for f in fields(GatewayOptions)} == asdict(opts)
