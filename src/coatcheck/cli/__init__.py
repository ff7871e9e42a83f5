"""The command line: ``coatcheck mask | restore | scan | batch | doctor | serve | claude | codex | bench``.

One module per kind of command: ``text`` (mask, restore, scan), ``batch``, ``doctor``, ``serve`` (the gateway and
the launchers that run a client through it; with ``launch``, the gateway and client subprocesses, and
``codex_config``, the Codex provider settings); ``bench`` is the benchmark kit's own (``coatcheck.bench.cli``).
The order below is the order ``--help`` lists them in.

Nothing here prints a detected value unless the user asks for it (``scan --show-values``); summaries
carry counts per category only.
"""

from __future__ import annotations

import typer

from ..bench.cli import bench as _bench
from . import batch, doctor, serve, text

app = typer.Typer(add_completion=False, no_args_is_help=True, pretty_exceptions_show_locals=False, help="Mask secrets and personal data in coding-agent traffic; restore them exactly.")

app.command()(text.mask)
app.command()(text.restore)
app.command()(text.scan)
app.command()(batch.batch)
app.command()(doctor.doctor)
app.command()(serve.serve)
app.command(context_settings=serve.LAUNCHER_SETTINGS)(serve.claude)
app.command(context_settings=serve.LAUNCHER_SETTINGS)(serve.codex)
app.add_typer(_bench, name="bench")


def main() -> None:  # pragma: no cover
    app()
