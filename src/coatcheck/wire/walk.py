"""Deny by default over JSON: every string leaf is masked unless its field is on an API's short opaque list.

An API module describes only what must *not* be touched (ids, signatures, encrypted content, base64 media, tool
names, schema keywords); everything else, including block and item types nobody has seen yet, is masked.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..errors import MaskingError
from .restore.provenance import Source

MAX_DEPTH = 100
Path = tuple[Any, ...]
MaskFn = Callable[[str, Source | None], str]


class TooDeep(MaskingError):
    """A request nests deeper than the gateway walks; refused rather than forwarded half-masked."""


@dataclass
class Walk:
    """One walk over a request: the leaf function, what is opaque, and where text came from."""

    mask: MaskFn
    opaque: Callable[[Path, Any, Any], bool]  # (path to the parent, the parent, the key) -> leave this subtree
    source: Callable[[Any], Source | None] = lambda node: None  # a node that says where its text came from

    def run(self, root: Any) -> Any:
        return self._visit(root, (), None, 0)

    def _visit(self, node: Any, path: Path, source: Source | None, depth: int) -> Any:
        if depth > MAX_DEPTH:
            raise TooDeep(f"request nests deeper than {MAX_DEPTH} levels; not forwarded")
        if isinstance(node, str):
            return self.mask(node, source)
        if isinstance(node, dict):
            source = self.source(node) or source
            for k in list(node):
                if not self.opaque(path, node, k):
                    node[k] = self._visit(node[k], (*path, k), source, depth + 1)
            return node
        if isinstance(node, list):
            for i in range(len(node)):
                if not self.opaque(path, node, i):
                    node[i] = self._visit(node[i], (*path, i), source, depth + 1)
            return node
        return node


SCHEMA_KEYS = frozenset({"input_schema", "parameters", "schema", "output_schema"})
# schema keywords whose values are structure, not text ($defs and additionalProperties hold schemas: walked)
SCHEMA_OPAQUE = frozenset({"type", "required", "format", "pattern", "$ref", "$schema", "$id"})


def in_schema(path: Path) -> bool:
    return any(p in SCHEMA_KEYS for p in path if isinstance(p, str))


def property_map(path: Path) -> bool:
    """The node at ``path`` maps a schema's property names to their schemas: its keys are data (a tool may have a
    parameter called ``type``, ``id`` or ``name``), never protocol fields."""
    return bool(path) and path[-1] in ("properties", "patternProperties", "$defs", "definitions") and in_schema(path)


def block_type(path: Path, node: Any) -> str | None:
    """The protocol ``type`` of a dict in a request (a content block, an item, a media source), or None where
    ``type`` is not a protocol field: not a string, or a property of a schema."""
    if not isinstance(node, dict) or property_map(path):
        return None
    kind = node.get("type")
    return kind if isinstance(kind, str) else None


def base64_media(path: Path, parent: Any, key: Any) -> bool:
    """``{"type": "base64", "data": …}`` sources, ``data:`` URLs and file payloads: bytes, not text."""
    if not isinstance(parent, dict) or property_map(path):
        return False
    value = parent.get(key)
    if key == "data" and block_type(path, parent) in ("base64", "image", "input_audio"):
        return True
    if key in ("file_data", "image_url", "url") and isinstance(value, str) and value.startswith("data:"):
        return True
    return False


def opaque_field(path: Path, parent: dict, key: Any, keys: frozenset[str]) -> bool:
    """The opaque rules every API shares: its named keys, base64 media, and schema keywords inside schemas. In a
    schema's property map the keys are parameter names, so none of them is opaque by name."""
    if property_map(path):
        return False
    return key in keys or base64_media(path, parent, key) or (in_schema(path) and key in SCHEMA_OPAQUE)


def json_or_none(source: str) -> Any:
    """``source`` parsed as JSON, or None (tool arguments the model wrote need not be valid)."""
    try:
        return json.loads(source)
    except ValueError:
        return None
