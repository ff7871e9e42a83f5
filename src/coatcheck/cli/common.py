"""What every command module shares: the error console, the exit on a :class:`CoatcheckError`, and the options
several commands declare the same way (one object each, so their flag, default and help cannot drift apart)."""

from __future__ import annotations

from typing import NoReturn

import typer
from rich.console import Console

from ..errors import CoatcheckError

err = Console(stderr=True, soft_wrap=True)

KeyFileOpt = typer.Option(None, "--key-file", help="Vault key file (default: $COATCHECK_VAULT_KEY, else ~/.config/coatcheck/vault.key).")
PolicyOpt = typer.Option(None, "--policy", help="Policy TOML file, or a built-in name: agent (default), strict, document.")
LosslessOpt = typer.Option(False, "--lossless", help="Pass bytes that are not valid UTF-8 through unchanged instead of failing.")


def fail(exc: CoatcheckError) -> NoReturn:
    """Print the error (no value in it: errors carry counts, labels and ids) and exit 2."""
    err.print(f"[red]error:[/red] {exc}")
    raise typer.Exit(2)
