"""Policies: which categories are masked, and the user's always/never lists.

A user policy is a TOML file::

    extends = "agent"                     # or "strict"
    [categories]                          # switch categories on or off
    person = false
    date = true
    [ip]
    mask_private_ips = true
    private_networks = ["10.0.0.0/8", "203.0.113.0/24"]
    always_mask = ["Project Falcon", { term = "Globex", category = "organization" }]
    never_mask = ["ci-bot@acme.dev"]
"""

from __future__ import annotations

import ipaddress
import tomllib
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, Field, ValidationError, field_validator

from ._data import data_path, load_toml
from .categories import categories
from .errors import ConfigError


class Term(BaseModel):
    """A literal the user wants masked wherever it appears (case-insensitive, whole words)."""

    term: str = Field(min_length=1)
    category: str = "custom"


class RestoreSettings(BaseModel):
    """Where the gateway may put values back into tool calls (see ``gateway/toolcalls.py``)::

        [restore]
        allow_hosts = ["api.internal.example", "*.corp.example"]   # commands may send values there
        allow_tools = ["mcp__localdb__*"]                          # these tools get every value back
        [restore.categories]
        email = "always"        # always | provenance (default) | never
    """

    model_config = {"frozen": True, "extra": "forbid"}

    allow_hosts: tuple[str, ...] = ()
    allow_tools: tuple[str, ...] = ()
    categories: dict[str, Literal["always", "provenance", "never"]] = Field(default_factory=dict)

    @field_validator("categories")
    @classmethod
    def _cats(cls, v: dict[str, str]) -> dict[str, str]:
        unknown = set(v) - set(categories())
        if unknown:
            raise ValueError(f"unknown categories {sorted(unknown)}")
        return v


class Policy(BaseModel):
    model_config = {"frozen": True}

    name: str = "custom"
    description: str = ""
    mask: frozenset[str]
    mask_private_ips: bool = False
    private_networks: tuple[str, ...] = ()
    always_mask: tuple[Term, ...] = ()
    never_mask: frozenset[str] = frozenset()
    restore: RestoreSettings = RestoreSettings()

    @field_validator("mask")
    @classmethod
    def _known(cls, v: frozenset[str]) -> frozenset[str]:
        unknown = set(v) - set(categories())
        if unknown:
            raise ValueError(f"unknown categories {sorted(unknown)}")
        return v | {"literal"}  # placeholder look-alikes are always escaped: round trip depends on it

    @field_validator("private_networks")
    @classmethod
    def _nets(cls, v: tuple[str, ...]) -> tuple[str, ...]:
        for net in v:
            ipaddress.ip_network(net, strict=False)
        return v

    def masks(self, category: str) -> bool:
        return category in self.mask

    def networks(self) -> list[ipaddress.IPv4Network | ipaddress.IPv6Network]:
        return [ipaddress.ip_network(n, strict=False) for n in self.private_networks]

    @classmethod
    def builtin(cls, name: str = "agent") -> Policy:
        ref = data_path("policies", f"{name}.toml")
        if not ref.is_file():
            raise ConfigError(f"no built-in policy {name!r} (have: agent, strict)")
        return cls.model_validate(load_toml(ref))

    @classmethod
    def load(cls, spec: str | Path | None) -> Policy:
        """A built-in policy by name (``agent``, ``strict``), a TOML file, or the agent default for None."""
        if spec is None:
            return cls.builtin("agent")
        if str(spec) in ("agent", "strict"):
            return cls.builtin(str(spec))
        return cls.from_file(spec)

    @classmethod
    def from_file(cls, path: str | Path) -> Policy:
        path = Path(path)
        try:
            raw: dict[str, Any] = tomllib.loads(path.read_text(encoding="utf-8"))
        except (OSError, tomllib.TOMLDecodeError) as exc:
            raise ConfigError(f"{path}: cannot read policy: {exc}") from exc
        return cls.from_dict(raw, source=str(path))

    @classmethod
    def from_dict(cls, raw: dict[str, Any], source: str = "<policy>") -> Policy:
        known = {"extends", "name", "description", "categories", "ip", "always_mask", "never_mask", "restore"}
        extra = set(raw) - known
        if extra:
            raise ConfigError(f"{source}: unknown keys {sorted(extra)}; allowed: {sorted(known)}")
        base = cls.builtin(raw.get("extends", "agent"))
        mask = set(base.mask)
        for cat, on in raw.get("categories", {}).items():
            if cat not in categories():
                raise ConfigError(f"{source}: [categories] names unknown category {cat!r}")
            if not isinstance(on, bool):
                raise ConfigError(f"{source}: [categories] {cat} must be true or false")
            (mask.add if on else mask.discard)(cat)
        ip = raw.get("ip", {})
        ip_extra = set(ip) - {"mask_private_ips", "private_networks"}
        if ip_extra:
            raise ConfigError(f"{source}: unknown keys in [ip]: {sorted(ip_extra)} (top-level keys must come before any [table])")
        terms = [Term(term=t) if isinstance(t, str) else t for t in raw.get("always_mask", [])]
        try:
            return cls(
                name=raw.get("name", f"{base.name}+custom"),
                description=raw.get("description", base.description),
                mask=frozenset(mask),
                mask_private_ips=ip.get("mask_private_ips", base.mask_private_ips),
                private_networks=tuple(ip.get("private_networks", base.private_networks)),
                always_mask=tuple(Term.model_validate(t) if not isinstance(t, Term) else t for t in terms),
                never_mask=frozenset(raw.get("never_mask", [])),
                restore=RestoreSettings.model_validate(raw.get("restore", base.restore.model_dump())),
            )
        except (ValidationError, ValueError) as exc:
            raise ConfigError(f"{source}: invalid policy: {exc}") from exc
