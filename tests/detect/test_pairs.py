"""Values whose key stands in a sibling field (issue 24: the slot decides): Postman environments, password managers'
fields, KeePass, Kubernetes env lists, cookie jars; a pair whose key names nothing sensitive stays readable."""

from __future__ import annotations

import pytest

from coatcheck import Masker
from coatcheck.detect.pairs import PairDetector

# fictional values
POSITIVE = [
    ('{"key": "adminUser", "value": "okonkwo_t", "type": "default"}', "okonkwo_t", "username"),
    ('{"type": "STRING", "label": "last name", "value": "Ferreira"}', "Ferreira", "person"),
    ('{\n  "key": "customerDob",\n  "value": "1971-04-30"\n}', "1971-04-30", "birth_date"),
    ("<Key>Password</Key>\n<Value ProtectInMemory=\"True\">kx9-Tromb-44</Value>", "kx9-Tromb-44", "secret"),
    ("env:\n  - name: DB_PASSWORD\n    value: \"Qv7!ploT_2x\"\n", "Qv7!ploT_2x", "secret"),
    ('{"value": "9fbe22c1d0a84c6e8f0e1a7b", "name": "api_key"}', "9fbe22c1d0a84c6e8f0e1a7b", "secret"),
]

NEGATIVE = [
    '{"key": "baseUrl", "value": "https://api.example.org/v2"}',
    '{"Key": "Name", "Value": "web-server-01"}',
    "env:\n  - name: LOG_LEVEL\n    value: debug\n",
    "<Key>Title</Key><Value>Staging database</Value>",
    '{"key": "password", "value": "{{db_password}}"}',
]


@pytest.mark.parametrize("text,value,category", POSITIVE)
def test_the_sibling_key_decides(text: str, value: str, category: str) -> None:
    found = {(text[s.start:s.end], s.category) for s in PairDetector().detect(text)}
    assert (value, category) in found


@pytest.mark.parametrize("text", NEGATIVE)
def test_pairs_whose_key_names_nothing_stay(text: str) -> None:
    assert PairDetector().detect(text) == []


def test_masked_and_restored() -> None:
    text = '[{"key": "adminUser", "value": "okonkwo_t"}, {"key": "baseUrl", "value": "https://api.example.org"}]'
    m = Masker()
    out = m.mask(text)
    assert "okonkwo_t" not in out.text and "https://api.example.org" in out.text
    assert m.restore(out.text) == text
