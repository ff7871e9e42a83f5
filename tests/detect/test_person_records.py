"""The ids of records that are people (issue 23): an object under a person's key or typed as one has its id fields
masked whatever their shape; other objects' ids, nested objects' ids, short ids and bare UUIDs stay."""

from __future__ import annotations

import pytest

from coatcheck.detect.person_records import PersonRecordDetector

# fictional ids
POSITIVE = [
    ('{"customer": {"id": "6689393409394", "first_name": "Ana"}}', ["6689393409394"]),
    ('{"object": "customer", "id": "cus_Dwd3qII79pAT2I", "email": null}', ["cus_Dwd3qII79pAT2I"]),
    ('"author": {\n  "display_name": "H. Z.",\n  "account_id": "557058:d4f9d00d-6067-46bb-9dd8-ec470192a730"\n}',
     ["557058:d4f9d00d-6067-46bb-9dd8-ec470192a730"]),
    ('{"__typename": "Customer", "legacyId": "9657825"}', ["9657825"]),
    ("user: { id: 4410298, name: 'x' }", ["4410298"]),
]

NEGATIVE = [
    '{"order": {"id": "6689393409394"}}',
    '{"customer": {"id": 42}}',
    '{"user": {"uuid": "7d353a61-3c48-4b26-87a3-683d04fe5e64", "id": "7d353a61-3c48-4b26-87a3-683d04fe5e64"}}',
    '{"customer": {"address": {"id": "addr_88412093"}}}',
    '{"object": "charge", "id": "ch_3Nq8xY2eZvKYlo2C"}',
]


@pytest.mark.parametrize("text,ids", POSITIVE)
def test_a_persons_ids(text: str, ids: list[str]) -> None:
    assert [text[s.start:s.end] for s in PersonRecordDetector().detect(text)] == ids


@pytest.mark.parametrize("text", NEGATIVE)
def test_other_ids_stay(text: str) -> None:
    assert PersonRecordDetector().detect(text) == []
