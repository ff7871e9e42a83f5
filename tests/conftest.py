from __future__ import annotations

import pytest

from coatcheck import Masker, Vault


@pytest.fixture(scope="session")
def masker() -> Masker:
    return Masker(vault=Vault(key=b"k" * 32))

