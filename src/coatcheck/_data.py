"""Access to the package's bundled data files (rule packs, policies, keep-lists)."""

from __future__ import annotations

import tomllib
from functools import cache
from importlib import resources
from typing import Any

from .errors import ConfigError


def data_path(*parts: str) -> resources.abc.Traversable:
    return resources.files("coatcheck").joinpath("data", *parts)


def load_toml(ref: resources.abc.Traversable) -> dict[str, Any]:
    try:
        return tomllib.loads(ref.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{ref}: invalid TOML: {exc}") from exc


# the gazetteers read with the census's names the lists lack (data/keep/census_*.txt, tools/wordlist/names_census.py)
_WITH_CENSUS = {"first_names": "census_first_names", "last_names": "census_last_names"}


@cache
def word_list(name: str) -> frozenset[str]:
    """A keep-list or gazetteer from data/keep/NAME.txt: one entry per line, '#' comments. The first and last names
    include the census's (``NAME_base`` without them)."""
    if name.endswith("_lower"):
        return frozenset(w.lower() for w in word_list(name[: -len("_lower")]))
    if name in _WITH_CENSUS:
        return word_list(f"{name}_base") | word_list(_WITH_CENSUS[name])
    text = data_path("keep", f"{name.removesuffix('_base')}.txt").read_text(encoding="utf-8")
    return frozenset(
        line.strip() for line in text.splitlines() if line.strip() and not line.lstrip().startswith("#")
    )
