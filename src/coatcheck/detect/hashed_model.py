"""What the keyless and login classifiers share: feature names hashed into a fixed number of buckets, and the
weights they ship in ``data/<folder>/`` (``weights.npy`` and ``model.toml``), refused when trained on features of
another version."""

from __future__ import annotations

import io
import tomllib
import zlib
from typing import Any

import numpy as np

from .._data import data_path
from ..errors import ConfigError

_REMEMBERED = 500_000  # feature names whose bucket is kept (then the memory starts afresh)


class FeatureHasher:
    """``hasher(names)``: the bucket of each feature name (crc32 modulo ``buckets``: the same on every machine and
    Python), remembered per name, since names repeat (``slot:key``, ``L1:=``, ``w:the``)."""

    def __init__(self, buckets: int) -> None:
        self.buckets = buckets
        self._of: dict[str, int] = {}

    def __call__(self, names: list[str]) -> list[int]:
        if len(self._of) > _REMEMBERED:
            self._of = {}  # a reader holding the old dict only misses
        of = self._of
        out = []
        for name in names:
            b = of.get(name)
            if b is None:
                b = of[name] = zlib.crc32(name.encode("utf-8", "surrogatepass")) % self.buckets
            out.append(b)
        return out


def bundled_weights(folder: str, features_version: str, what: str) -> tuple[dict[str, Any], np.ndarray]:
    """``(model.toml, weights)`` of the model shipped in ``data/<folder>/`` (``what`` names it in errors);
    ConfigError when it was trained on another features version than this package computes."""
    meta = tomllib.loads(data_path(folder, "model.toml").read_text(encoding="utf-8"))
    if meta.get("features_version") != features_version:
        raise ConfigError(f"{what}: trained on features version {meta.get('features_version')!r}, "
                          f"this package computes version {features_version!r}: retrain (training/{folder}/)")
    weights = np.load(io.BytesIO(data_path(folder, "weights.npy").read_bytes()), allow_pickle=False)
    return meta, weights.astype(np.float32)
