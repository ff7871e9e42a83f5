"""Label vocabularies (data/vocab/*.toml): the words that name a slot, per language, loaded once."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from .._data import data_path, load_toml
from ..errors import ConfigError

LANGUAGES = ("en", "it", "de", "fr", "es")


@lru_cache(maxsize=None)
def _labels_file() -> dict[str, Any]:
    return load_toml(data_path("vocab", "labels.toml"))


def vocabulary_labels(name: str, languages: tuple[str, ...] = LANGUAGES) -> tuple[str, ...]:
    """Every label of list ``name`` in ``languages``; an unknown list or a missing language is a ConfigError."""
    table = _labels_file().get(name)
    if not isinstance(table, dict):
        raise ConfigError(f"labels.toml: no label list {name!r}")
    out: list[str] = []
    for lang in languages:
        words = table.get(lang)
        if not isinstance(words, list) or not all(isinstance(w, str) and w.strip() for w in words):
            raise ConfigError(f"labels.toml: [{name}] needs a list of labels for language {lang!r}")
        out.extend(words)
    return tuple(dict.fromkeys(out))


def label_lists() -> tuple[str, ...]:
    """The names of every label list."""
    return tuple(_labels_file())
