"""Addresses that records split into fields (issue 23): street, locality and postal code of a record with a street,
whatever the street's shape; a locality or postal code without a street stays readable."""

from __future__ import annotations

import pytest

from coatcheck import Masker
from coatcheck.detect.address_fields import AddressFieldDetector

# fictional addresses
RECORDS = [
    ('{"address1": "9447 W 38th St", "city": "Austin", "zipcode": "78781"}', ["9447 W 38th St", "Austin", "78781"]),
    ('"address": {\n  "city": "Denver, CO",\n  "country": "US",\n  "line1": "4921 Larkspur Ct",\n  "postal_code": "80270"\n}',
     ["Denver, CO", "4921 Larkspur Ct", "80270"]),
    ("addresses: [ { street: 'Calle Fuencarral, 52, 6º B', zip: '50022', city: 'Zaragoza' } ]",
     ["Calle Fuencarral, 52, 6º B", "50022", "Zaragoza"]),
    ("strasse: Ahornallee 106\nplz: 80944\nort: München\n", ["Ahornallee 106", "80944", "München"]),
]

NEGATIVE = [
    '{"city": "Austin", "units": "metric"}',  # a weather query: no street
    'line1 = "Hello world 2"\nprint(line1)',  # a variable named line1, no record around it
    '"adresse": "ops@example.org", "ville": "Lyon"',  # an e-mail address under "adresse"
    '"via": "email", "city": "Rome"',
    "port: 5432\nhost: db\n",
]


@pytest.mark.parametrize("text,values", RECORDS)
def test_a_records_address_fields(text: str, values: list[str]) -> None:
    assert sorted(text[s.start:s.end] for s in AddressFieldDetector().detect(text)) == sorted(values)


@pytest.mark.parametrize("text", NEGATIVE)
def test_no_street_no_address(text: str) -> None:
    assert AddressFieldDetector().detect(text) == []


def test_records_of_two_people_are_two_records() -> None:
    text = '[{"street": "12 Elm Road", "city": "Leeds"},\n {"city": "Bristol", "note": "no street"}]'
    found = [text[s.start:s.end] for s in AddressFieldDetector().detect(text)]
    assert found == ["12 Elm Road", "Leeds"]


def test_masked_and_restored() -> None:
    text = '{"address1": "9447 W 38th St", "city": "Austin", "zipcode": "78781", "plan": "pro"}'
    m = Masker()
    out = m.mask(text)
    assert "38th" not in out.text and "Austin" not in out.text and '"plan": "pro"' in out.text
    assert m.restore(out.text) == text
