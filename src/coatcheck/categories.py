"""The category taxonomy, loaded from data/categories.toml."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from ._data import data_path, load_toml
from .errors import ConfigError


@dataclass(frozen=True)
class Category:
    name: str
    dangerous: bool
    priority: int
    description: str
    user_scoped: bool = False  # placeholders derive from the user's key, not the conversation's (Vault)

    @property
    def tag(self) -> str:
        """The upper-case word used in placeholders, e.g. ``NATIONAL_ID``."""
        return self.name.upper()


@lru_cache(maxsize=1)
def categories() -> dict[str, Category]:
    raw = load_toml(data_path("categories.toml")).get("category", {})
    out: dict[str, Category] = {}
    for name, rec in raw.items():
        try:
            out[name] = Category(name, bool(rec["dangerous"]), int(rec["priority"]), str(rec["description"]),
                                 bool(rec.get("user_scoped", False)))
        except (KeyError, TypeError, ValueError) as exc:
            raise ConfigError(f"categories.toml: record {name!r} is invalid: {exc}") from exc
    return out


def category(name: str) -> Category:
    try:
        return categories()[name]
    except KeyError:
        raise ConfigError(f"unknown category {name!r}; known: {', '.join(sorted(categories()))}") from None
