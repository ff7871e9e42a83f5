"""Policies: which categories are masked, and the user's always/never lists.

A user policy is a TOML file::

    extends = "agent"                     # or "strict", "document"
    dates = "year"                        # where dates are masked: keep their year readable (default "mask")
    always_mask = ["Project Falcon", { term = "Globex", category = "organization" }]
    never_mask = ["ci-bot@acme.dev"]
    [categories]                          # switch categories on or off
    person = false
    organization = true                   # organisations (legal forms, institutions) and the terms above
    [ip]
    mask_private_ips = true
    private_networks = ["10.0.0.0/8", "203.0.113.0/24"]

A category that no detector produces (``hostname`` today) cannot be switched on: the policy is refused with an
error that names it.
"""

from __future__ import annotations

import ipaddress
import tomllib
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, Field, StrictBool, ValidationError, field_validator

from ._data import data_path, load_toml
from .categories import categories
from .errors import ConfigError


BUILTIN = ("agent", "strict", "document")  # the policies data/policies ships


class Term(BaseModel):
    """A literal the user wants masked wherever it appears (case-insensitive, whole words)."""

    term: str = Field(min_length=1)
    category: str = "custom"


class RestoreSettings(BaseModel):
    """Where the gateway may put values back into tool calls (see ``gateway/toolcalls.py``)::

        [restore]
        allow_hosts = ["api.internal.example", "*.corp.example"]   # commands may send values there
        allow_tools = ["mcp__localdb__*"]                          # these tools get every value back
        secrets = "credentials"   # credentials (default) | files | never | anywhere
        [restore.categories]
        email = "always"        # always | provenance (default) | never

    ``secrets`` decides for the ``secret`` category (see ``docs/threat-model.md``): ``credentials`` restores a
    secret into workspace files that do not run by themselves and into a credential position (header, userinfo,
    auth flag) of a command whose every destination is the value's own provider host; ``files`` only the files;
    ``never`` nowhere in tool calls; ``anywhere`` decides secrets like personal data (by provenance).
    """

    model_config = {"frozen": True, "extra": "forbid"}

    allow_hosts: tuple[str, ...] = ()
    allow_tools: tuple[str, ...] = ()
    categories: dict[str, Literal["always", "provenance", "never"]] = Field(default_factory=dict)
    secrets: Literal["credentials", "files", "never", "anywhere"] = "credentials"

    @field_validator("categories")
    @classmethod
    def _cats(cls, v: dict[str, str]) -> dict[str, str]:
        unknown = set(v) - set(categories())
        if unknown:
            raise ValueError(f"unknown categories {sorted(unknown)}")
        return v


class MediaSettings(BaseModel):
    """What the gateway does with files inside a request (base64 document/image/audio sources, ``data:`` URLs)::

        [media]
        pdf = "text"      # text (default): the PDF's text, extracted and masked, replaces it | refuse
        text = "mask"     # mask (default): data:text/* and other text files decoded, masked, re-encoded | refuse
        images = "pass"   # pass (default): pixels cannot be masked, images go as they are | refuse
        audio = "pass"    # pass (default) | refuse

    A file whose bytes are not what it claims (a PDF or a text file labelled as an image), and any other kind of
    file (archives, office documents, octet streams), is refused: nothing that cannot be masked is forwarded.
    ``text`` for a PDF replaces an Anthropic document block's source with its masked text; where an API has no
    such shape (OpenAI ``input_file`` / ``file`` parts) a PDF is refused.
    """

    model_config = {"frozen": True, "extra": "forbid"}

    pdf: Literal["text", "refuse"] = "text"
    text: Literal["mask", "refuse"] = "mask"
    images: Literal["pass", "refuse"] = "pass"
    audio: Literal["pass", "refuse"] = "pass"


class Policy(BaseModel):
    model_config = {"frozen": True}

    name: str = "custom"
    description: str = ""
    mask: frozenset[str]
    mask_private_ips: bool = False
    private_networks: tuple[str, ...] = ()
    # a private address on the line of a person's login, e-mail or name is that person's machine (smbstatus, a print
    # log, an audit line), masked even where private addresses are kept
    person_machines: bool = True
    always_mask: tuple[Term, ...] = ()
    never_mask: frozenset[str] = frozenset()
    restore: RestoreSettings = RestoreSettings()
    media: MediaSettings = MediaSettings()
    dates: Literal["mask", "year"] = "mask"  # where ``date`` is masked: the whole date, or all but its year
    # the text is documents (records, letters, judgments), not code or tool output: each word of a person's name
    # found is masked wherever it stands as a name, and initials before a surname are a name ("K. Natarajan")
    documents: bool = False

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
            raise ConfigError(f"no built-in policy {name!r} (have: {', '.join(BUILTIN)})")
        policy = cls.model_validate(load_toml(ref))
        policy.check_detectable(f"built-in policy {name!r}")
        return policy

    @classmethod
    def load(cls, spec: str | Path | None) -> Policy:
        """A built-in policy by name (``agent``, ``strict``, ``document``), a TOML file, or the agent default for None."""
        if spec is None:
            return cls.builtin("agent")
        if str(spec) in BUILTIN:
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
        """A policy from a policy file's table; any error names ``source`` and the key."""
        try:
            spec = PolicyFile.model_validate(raw)
        except ValidationError as exc:
            raise ConfigError(f"{source}: {_explain(exc)}") from None
        base = cls.builtin(spec.extends)
        mask = set(base.mask)
        for cat, on in spec.categories.items():
            (mask.add if on else mask.discard)(cat)
        ip = spec.ip
        try:
            policy = cls(
                name=spec.name or f"{base.name}+custom",
                description=spec.description if spec.description is not None else base.description,
                mask=frozenset(mask),
                mask_private_ips=ip.mask_private_ips if ip.mask_private_ips is not None else base.mask_private_ips,
                private_networks=tuple(ip.private_networks if ip.private_networks is not None else base.private_networks),
                person_machines=ip.person_machines if ip.person_machines is not None else base.person_machines,
                always_mask=tuple(Term(term=t) if isinstance(t, str) else t for t in spec.always_mask),
                never_mask=frozenset(spec.never_mask),
                restore=spec.restore if spec.restore is not None else base.restore,
                media=spec.media if spec.media is not None else base.media,
                dates=spec.dates if spec.dates is not None else base.dates,
                documents=spec.documents if spec.documents is not None else base.documents,
            )
        except (ValidationError, ValueError) as exc:
            raise ConfigError(f"{source}: invalid policy: {exc}") from exc
        if policy.dates == "year" and not policy.masks("date"):
            raise ConfigError(f"{source}: dates = \"year\" keeps the year of dates this policy does not mask; "
                              "switch dates on ([categories] date = true) or extend \"document\"")
        policy.check_detectable(source)
        return policy

    def check_detectable(self, source: str = "") -> None:
        """ConfigError if this policy masks a category that no detector produces (it would mask nothing, silently)."""
        from .detect.pipeline import check_detectable

        check_detectable(self, source)


class IpSection(BaseModel):
    """``[ip]`` of a policy file."""

    model_config = {"extra": "forbid"}

    mask_private_ips: bool | None = None
    private_networks: list[str] | None = None
    person_machines: bool | None = None


class PolicyFile(BaseModel):
    """A policy file as written (TOML); unknown keys anywhere are an error that names them."""

    model_config = {"extra": "forbid"}

    extends: Literal["agent", "strict", "document"] = "agent"
    name: str | None = None
    description: str | None = None
    categories: dict[str, bool] = Field(default_factory=dict)
    ip: IpSection = Field(default_factory=IpSection)
    always_mask: list[str | Term] = Field(default_factory=list)
    never_mask: list[str] = Field(default_factory=list)
    restore: RestoreSettings | None = None
    media: MediaSettings | None = None
    dates: Literal["mask", "year"] | None = None
    documents: StrictBool | None = None

    @field_validator("categories", mode="before")
    @classmethod
    def _known_categories(cls, v: Any) -> Any:
        if isinstance(v, dict):
            unknown = sorted(set(v) - set(categories()))
            if unknown:
                raise ValueError(f"[categories] names unknown category {unknown[0]!r}")
            for cat, on in v.items():
                if not isinstance(on, bool):
                    raise ValueError(f"[categories] {cat} must be true or false")
        return v


def _explain(exc: ValidationError) -> str:
    """One line per problem: where (``ip.colour``) and what, in the words a policy author needs."""
    out = []
    for e in exc.errors():
        loc = ".".join(str(x) for x in e["loc"])
        if e["type"] == "extra_forbidden":
            table = ".".join(str(x) for x in e["loc"][:-1])
            where = f"in [{table}]" if table else "at the top"
            hint = " (top-level keys must come before any [table])" if table == "ip" else ""
            out.append(f"unknown keys {where}: {e['loc'][-1]!r}{hint}")
        elif e["type"] == "value_error":
            out.append(str(e["msg"]).removeprefix("Value error, "))
        else:
            out.append(f"invalid policy: {loc}: {e['msg']}")
    return "; ".join(out)
