"""Maskers of the document and agent policies, shared by the document tests (built once per session)."""

from __future__ import annotations

import pytest

from coatcheck.masker import Masker
from coatcheck.policy import Policy


@pytest.fixture(scope="session")
def document() -> Masker:
    return Masker(policy=Policy.load("document"))


@pytest.fixture(scope="session")
def agent() -> Masker:
    return Masker(policy=Policy.load("agent"))
