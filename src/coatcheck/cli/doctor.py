"""``coatcheck doctor``: the pipeline's stages, rule counts, policy, model and where the gateway keeps its files."""

from __future__ import annotations

from collections import Counter

import typer

from .. import __version__
from ..errors import CoatcheckError
from ..masker import Masker
from ..policy import Policy
from .common import PolicyOpt, fail
from .launch import default_gateway_log, token_path


def doctor(policy: str | None = PolicyOpt) -> None:
    """Show the pipeline's stages, rule counts and policy."""
    try:
        masker = Masker(policy=Policy.load(policy))
    except CoatcheckError as exc:
        fail(exc)
    from ..detect.rules import check_patterns, load_rules

    rules = load_rules()
    try:
        check_patterns(rules)
    except CoatcheckError as exc:
        fail(exc)
    per_cat = Counter(r.category for r in rules)
    typer.echo(f"coatcheck {__version__}")
    typer.echo("stages: " + " -> ".join(masker.pipeline.stages))
    typer.echo(f"rules: {len(rules)} ({', '.join(f'{c}={n}' for c, n in sorted(per_cat.items()))}); "
               f"provider formats: {sum(1 for r in rules if r.provider)}")
    typer.echo(f"policy: {masker.policy.name}; masks: {', '.join(sorted(masker.policy.mask))}")
    if masker.pipeline.model is not None:
        from ..detect.model import active_provider, runtime_conflict

        typer.echo(f"model: {masker.pipeline.model.path} on {active_provider(masker.pipeline.model.path)}")
        if (conflict := runtime_conflict()) is not None:
            typer.echo(f"warning: {conflict}")
    else:
        typer.echo("model: off (COATCHECK_MODEL=0, no model files, or the policy masks neither person nor address)")
    typer.echo(f"gateway: token {token_path()}; log of a gateway that `coatcheck claude`/`codex` start: {default_gateway_log()}")
