"""A record's other cells beside a person's contact value (detect/row_cells.py): names, towns, postcodes and phone
numbers that an ORM, a dump or a client prints with no key."""

from __future__ import annotations

import pytest

from coatcheck import Masker


@pytest.mark.parametrize(("text", "values"), [
    ('query: INSERT INTO "clients"("email", "nom", "prenom") VALUES ($1, $2, $3) -- PARAMETERS: '
     '["m.lefebvre@laposte.net","Lefebvre","Mathilde"]\n', ["Lefebvre", "Mathilde"]),
    ("DEBUG c.a.m.ClientMapper.insert : ==> Parameters: 7719(Long), Via Roma 12(String), 10121(String), "
     "Torino(String), 347 120 4455(String)\n", ["10121", "Torino", "347 120 4455"]),
    ("2041\tNerea\tIbarra Solís\tnerea.ibarra@telefonica.es\t612 448 390\t46001\tValencia\n",
     ["Nerea", "Ibarra Solís", "612 448 390", "46001", "Valencia"]),
    ("│ 5521 │ giulia.ferrante@libero.it │ Via Zamboni 33 │ 40126 │ Bologna │\n", ["40126", "Bologna"]),
    ("INSERT INTO kunden VALUES (9,'k.vogt@web.de','Katrin','Vogt','0171 2233445');\n", ["Katrin", "Vogt", "0171 2233445"]),
])
def test_the_cells_of_a_persons_row_are_masked(text: str, values: list[str]) -> None:
    m = Masker()
    masked = m.mask(text)
    for v in values:
        assert v not in masked.text, masked.text
    assert m.restore(masked.text) == text


@pytest.mark.parametrize("text", [
    # no contact value on the row: a list of towns, a list of products
    'SELECT * FROM stores WHERE city IN ("Torino", "Bologna", "Valencia") -- PARAMETERS: [10121, "Torino"]\n',
    "1\tRedis\tPostgreSQL\tKafka\t6379\n",
    # a role mailbox is nobody's: the row stays
    '["support@example.com", "Torino", "Premium", "10121"]\n',
    # an id beside a street is not its postcode; counts are no phone numbers
    "==> Parameters: 4613(Long), status(String), 41002434(Long), active(String)\n",
])
def test_rows_without_a_person_stay(text: str) -> None:
    assert Masker().mask(text).text == text


def test_a_town_alone_is_no_address() -> None:
    masked = Masker().mask("│ 5521 │ giulia.ferrante@libero.it │ Bologna │ 42 │\n").text
    assert "giulia.ferrante" not in masked and "Bologna" in masked
