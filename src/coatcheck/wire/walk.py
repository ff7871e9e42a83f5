"""Deny by default over JSON: every string leaf is masked unless its field is on an API's short opaque list.

An API module describes only what must *not* be touched (ids, signatures, encrypted content, tool names, schema
keywords); everything else, including block and item types nobody has seen yet, is masked. Files are neither:
a ``data:`` URL anywhere, and a base64 ``data`` beside its media type, is decoded, masked and encoded back, or
refused, by the policy's ``[media]`` rules (:mod:`.media`).
"""

from __future__ import annotations

import base64
import binascii
import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..errors import MaskingError
from ..policy import MediaSettings
from .media import MEDIA_TYPE_KEYS, Media, is_data_url, where_of
from .restore.provenance import Source

MAX_DEPTH = 100
Path = tuple[Any, ...]
MaskFn = Callable[[str, Source | None], str]


class TooDeep(MaskingError):
    """A request nests deeper than the gateway walks; refused rather than forwarded half-masked."""


@dataclass
class Walk:
    """One walk over a request: the leaf function, what is opaque, where text came from, and the media rules
    (the policy's ``[media]`` section; its fail-closed defaults when not given)."""

    mask: MaskFn
    opaque: Callable[[Path, Any, Any], bool]  # (path to the parent, the parent, the key) -> leave this subtree
    source: Callable[[Any], Source | None] = lambda node: None  # a node that says where its text came from
    media: MediaSettings | None = None

    def run(self, root: Any) -> Any:
        return self._visit(root, (), None, 0, ())

    def _file(self, path: Path, parent: Any, key: Any, source: Source | None, types: tuple[str, ...]) -> str | None:
        """The new value of ``parent[key]`` when it is a file (a data: URL, a base64 payload), else None."""
        value = parent[key]
        if not isinstance(value, str):
            return None
        if is_data_url(value) or (key in ("file_data", "image_url", "url") and value[:5].lower() == "data:"):
            return self._media(source).data_url(value, where_of(types, key))
        if key == "data" and isinstance(parent, dict) and (
                base64_source(path, parent) or (labelled_payload(path, parent) and is_base64(value))):
            return self._media(source).base64_data(parent, key, where_of(types, key))
        return None

    def _media(self, source: Source | None) -> Media:
        return Media(self.media or MediaSettings(), lambda text: self.mask(text, source))


    def _visit(self, node: Any, path: Path, source: Source | None, depth: int, types: tuple[str, ...]) -> Any:
        if depth > MAX_DEPTH:
            raise TooDeep(f"request nests deeper than {MAX_DEPTH} levels; not forwarded")
        if isinstance(node, str):
            return self.mask(node, source)
        if isinstance(node, dict):
            source = self.source(node) or source
            kind = block_type(path, node)
            inner = (*types, kind) if kind else types
            for k in list(node):
                if not self.opaque(path, node, k):
                    new = self._file(path, node, k, source, inner)
                    node[k] = new if new is not None else self._visit(node[k], (*path, k), source, depth + 1, inner)
            return node
        if isinstance(node, list):
            for i in range(len(node)):
                if not self.opaque(path, node, i):
                    new = self._file(path, node, i, source, types)
                    node[i] = new if new is not None else self._visit(node[i], (*path, i), source, depth + 1, types)
            return node
        return node


def media_settings(session: Any) -> MediaSettings | None:
    """The ``[media]`` settings of the policy a session masks with (None: the defaults)."""
    policy = getattr(getattr(session, "masker", None), "policy", None)
    media = getattr(policy, "media", None)
    return media if isinstance(media, MediaSettings) else None


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


def base64_source(path: Path, parent: dict) -> bool:
    """``parent["data"]`` is declared a base64 file: a ``{"type": "base64" | "image", "data"}`` source or OpenAI's
    ``input_audio`` object (invalid base64 there is refused)."""
    if property_map(path):
        return False
    return block_type(path, parent) in ("base64", "image", "input_audio") or path[-1:] == ("input_audio",)


def labelled_payload(path: Path, parent: dict) -> bool:
    """``parent["data"]`` may be a file: its object declares a media type beside it (Gemini's ``inline_data``),
    and is not a ``text`` source, whose data is plain text. It is a file when it decodes as base64."""
    if property_map(path) or block_type(path, parent) == "text":
        return False
    return any(isinstance(parent.get(k), str) for k in MEDIA_TYPE_KEYS)


def is_base64(value: str) -> bool:
    """True when ``value`` is strictly valid base64 of at least 48 bytes (a word or a sentence is not)."""
    if len(value) < 64 or len(value) % 4:
        return False
    try:
        base64.b64decode(value, validate=True)
    except (binascii.Error, ValueError):
        return False
    return True


def opaque_field(path: Path, parent: dict, key: Any, keys: frozenset[str]) -> bool:
    """The opaque rules every API shares: its named keys and schema keywords inside schemas. In a schema's
    property map the keys are parameter names, so none of them is opaque by name. (Files are not opaque: the walk
    masks or refuses them.)"""
    if property_map(path):
        return False
    return key in keys or (in_schema(path) and key in SCHEMA_OPAQUE)


def json_or_none(source: str) -> Any:
    """``source`` parsed as JSON, or None (tool arguments the model wrote need not be valid)."""
    try:
        return json.loads(source)
    except ValueError:
        return None
