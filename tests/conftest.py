from __future__ import annotations

import pytest

from coatcheck import Masker, Vault


@pytest.fixture(scope="session")
def masker() -> Masker:
    return Masker(vault=Vault(key=b"k" * 32))


def masked_values(masker: Masker, text: str) -> list[str]:
    return [text[s.start : s.end] for s in masker.detect(text)]
