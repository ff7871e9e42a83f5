"""Personal data by the row, the record or the transcript line it sits in: prefixed person-bound ids, the name words
an address spells, phones and numbers of tab-separated cells, a vCard's TEL, a chat's speaker, a review's login, a
login in a people route, a town written with its postal code, a bank statement's counterparty."""

from __future__ import annotations

import pytest

from coatcheck import Masker


@pytest.mark.parametrize(("text", "values"), [
    ("Employee: Baptiste Moreau (ID E92558)\nNew home address: 53 rue de la Paix, 75002 Paris\n", ["E92558"]),
    ("binding parameter [5] as [VARCHAR] - [MRN-2048556]\n", ["MRN-2048556"]),
    ("INFO sqlalchemy.engine.Engine [('E-83442', 'Tobias', 'Böhm', 'tobias.bohm@hafenkontor-kiel.de', '2022-01-27')]\n",
     ["E-83442", "Tobias", "Böhm"]),
    ("Name\tE-Mail\tMobil\tMitgliedsnr.\tEintritt\n"
     "Lukas Sauerland\tlukass@gmx.de\t+49 174 4750957\t34433\t28/04/2021\n"
     "Carola Lindemann\tcarola_lindemann85@gmx.de\t0176/6651417\t25847\t17/01/2021\n",
     ["+49 174 4750957", "34433", "0176/6651417"]),
    ("BEGIN:VCARD\r\nVERSION:3.0\r\nTEL;type=CELL;type=VOICE;type=pref:07 48 57 62 66\r\nEND:VCARD\r\n", ["07 48 57 62 66"]),
    ("[14:28] Felix (Support): Das tut uns leid!\n[14:29] Tobias Dietrich: Danke\n", ["Felix"]),
    ("## Review on #1270\n\n**fontana-mat** requested changes on Feb 02, 2024\n\n**davidebarbieri** replied\n",
     ["fontana-mat", "davidebarbieri"]),
    ('{"http": {"url": "/v1/users/keishaoye96/sessions", "status": 200}}\n', ["keishaoye96"]),
    ('"defaultAddress": {\n  "address1": "170 Elmwood Drive",\n  "city": "Leeds, LS8 8LW"\n}\n', ["LS8 8LW", "Leeds"]),
    ("<PstlAdr><StrtNm>Via Saragozza 123</StrtNm><TwnNm>10145 Torino (TO)</TwnNm><Ctry>IT</Ctry></PstlAdr>\n",
     ["Saragozza", "10145"]),
    (":86:166?00GUTSCHRIFT?20EREF+INV-90445?30COBADEFFXXX?31DE11234422405759842768?32BOHM, MAXIMILIAN\n",
     ["DE11234422405759842768", "MAXIMILIAN"]),
])
def test_the_values_of_a_persons_row_are_masked(text: str, values: list[str]) -> None:
    m = Masker()
    masked = m.mask(text)
    for v in values:
        assert v not in masked.text, (v, masked.text)
    assert m.restore(masked.text) == text


@pytest.mark.parametrize("text", [
    "src/x.py:12:4: E1101: Instance of 'Foo' has no 'bar' member\nsrc/x.py:40:0: C0301: Line too long\n",
    "Fixes JIRA-4471 and PROJ-88213; see build C-55489\n",
    "GET /api/users/me HTTP/1.1\nGET /api/users/search?q=x\n/users/{id}/orders\n",
    "La CI falla desde el 2023-01-13. ¿Quizá api/routes/users.ts fija una versión antigua?\n",
    "exports/customers_2026-11.csv\n",
    "From: support.team@acme.io\nThe Support Team will answer.\n",
    "[14:28] Error (db): timeout\n12:30 Build: ok\n",
    "at 12:34:56 the port host:8080 answered\n",
    "FROM node:20\nUSER nonroot\n",
])
def test_ids_routes_and_times_of_no_one_stay(text: str) -> None:
    assert Masker().mask(text).text == text


@pytest.mark.parametrize(("text", "values"), [
    ("changed: [bastion-01] => (item={'name': 'carolaalb94', 'comment': 'Carola Albrecht', 'groups': 'wheel'})\n"
     "failed: [bastion-01] (item=carolaalb94) => {}\n", ["carolaalb94", "Albrecht"]),
    ('{"object": {"id": "cus_RAVdZOBWdoTmQe", "object": "customer"}}\n', ["cus_RAVdZOBWdoTmQe"]),
    ("DB_PASSWORD: postgres\n", ["postgres"]),
    ("H000000ACME PAYROLL GMBH                 20240528    V2.1\n"
     "D000001PELLEGRINI NOEMI            IT08V4698108500080424628761       000000052497EUR\n",
     ["PELLEGRINI", "NOEMI", "IT08V4698108500080424628761"]),
    ('{"resourceType": "Patient", "identifier": [{"use": "usual",\n  "system": "urn:oid:1.2.36.146.595.217.0.1",\n'
     '  "value": "4614356"}]}\n', ["4614356"]),
])
def test_logins_customers_and_passwords_are_masked(text: str, values: list[str]) -> None:
    masked = Masker().mask(text).text
    for v in values:
        assert v not in masked, (v, masked)


@pytest.mark.parametrize("text", [
    "services:\n  postgres:\n    image: postgres:16\n    env:\n      POSTGRES_PASSWORD: postgres\n",
    "DATABASE_URL: postgres://postgres:postgres@localhost:5432/postgres\n",
    '"tags": {"transaction": "/account/payment-methods", "runtime": "CPython 3.11.9"}\n',
])
def test_defaults_and_routes_stay(text: str) -> None:
    assert Masker().mask(text).text == text


def test_the_name_an_address_spells_is_masked_in_a_later_turn() -> None:
    from coatcheck.detect.pipeline import Pipeline
    from coatcheck.policy import Policy
    from coatcheck.wire.session import Session

    policy = Policy.builtin("agent")
    s = Session(b"t" * 32, Pipeline(policy), policy)
    first = s.mask("customer contact: tobias.bohm@hafenkontor-kiel.de\n")
    assert "tobias.bohm" not in first
    later = s.mask("[14:31] Agent: Danke, Tobias. Ich sehe zwei Buchungen, Herr Böhm.\n")
    assert "Tobias" not in later and "Böhm" not in later, later
