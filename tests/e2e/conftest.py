"""Fixtures of the real-client tier: the CLIs from npm (installed once into a cache folder) and a scripted model
on 127.0.0.1 per test module."""

from __future__ import annotations

from pathlib import Path

import pytest

from gateway.conftest import Server  # tests/ is on sys.path (rootdir packages)

from .clients import install
from .scripted import ScriptedModel


@pytest.fixture(scope="module")
def clients() -> dict[str, Path]:
    return install()  # fails (not skips) when npm cannot install them


@pytest.fixture(scope="module")
def model():
    m = ScriptedModel()
    srv = Server(m.app)
    m.url = srv.url  # type: ignore[attr-defined]
    yield m
    srv.stop()
