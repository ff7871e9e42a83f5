"""Agent traffic, forty-sixth part (issues 23 and 24): the short codes a person holds. A code or password column in a
table whose row names its person (an alarm panel's user list, a keyholder export), a key that says whose code it is
(``user03.code``, ``engineer_code``), a code noun that says whose it is in a sentence ("Benutzercode", "codice
utente"), a German compound joined by a hyphen ("Schlüsselkasten-Code"), a possessive code whose purpose or compound
is no thing's ("Ihr Wahlcode lautet …", "votre code de vote est …"), and a code an e-mail's markup sets apart from
its label ("<strong>Abholcode:</strong> <code>…</code>").

A "Code" column beside products, an error's or a postal code, a barcode stay readable. The values here are our own."""

from __future__ import annotations

import pytest

from coatcheck import Masker, Policy

from .spans import covered, touched


@pytest.fixture(scope="module")
def masker() -> Masker:
    return Masker(policy=Policy.builtin("agent"))


_PANEL_DUMP = """$ panelcli users --site 14
 SLOT  NAME                 CODE    FOB          PARTS  ROLE
 ----  -------------------  ------  -----------  -----  --------
 001   Teodora Okonkwo      71402   44AF09E1     12     Master
 002   Ingrid               8351    09BC77D2     1      Normal
 099   Service              2580    -            ALL    Installer
"""

_MARKDOWN_CODES = """Tabella aggiornata dei codici:

| N. | Nome | Codice | Badge | Note |
|---|---|---|---|---|
| 1 | Gianmarco Pellizzari | 604417 | 7E01AA42 | titolare |
| 2 | Rosalba Iannuzzi | 5190 | 7E01AA43 | pulizie martedì |
"""

_KEYHOLDERS = """abonado;nombre;movil;correo;palabra_clave;llaves
30417;Begoña Urrutikoetxea;688 214 907;begona.urruti@correo-ejemplo.es;ALBATROS;S
30417;Xabier Lasarte;611 402 733;;QUERCUS;N
"""

_PRODUCTS = """| Code | Name | Price |
|---|---|---|
| 4471 | Door contact | 12.90 |
| 5520 | Smoke detector | 39.00 |
"""

_ALIGNED_PRODUCTS = """ CODE   NAME              STOCK
 ----   ---------------   -----
 4471   Door contact      120
 5520   Smoke detector    48
"""

_PANEL_INI = """[users]
user03.name=Ottavio
user03.code=558102
user03.level=standard
engineer_code=913377
guest_code=4417
"""

_KEYS_KEPT = """error_code=1045
country_code=4940
exit_code=1
admin2_code=4021
user.code=40401
"""

_COURSES = """| Student | Email | Code | Grade |
|---|---|---|---|
| Wiremu Tapsell | w.tapsell@correo-ejemplo.org | CS1010 | A |
| Merle Habekost | mhabekost@web.de | ORD-88123 | B |
"""

_SENTENCES = [
    ("Der Benutzercode lautet jetzt 6620, danke.", "6620"),
    ("Il codice utente di mia madre resta 4093.", "4093"),
    ("Le code utilisateur de Mme Brochard est 70251.", "70251"),
    ("El código de usuario de la vecina es 5188.", "5188"),
    ("Installer code stays 330918 until the handover.", "330918"),
    ("Schlüsselkasten-Code: 7702 (neben der Garage)", "7702"),
    ("Ihr Wahlcode lautet 481209. Bitte nicht weitergeben.", "481209"),
    ("Votre code de vote est 662014, ne le communiquez pas.", "662014"),
    ("Il tuo codice di voto è 903311.", "903311"),
    ("Dein Zugangscode ist 552190.", "552190"),
    ("<p><strong>Abholcode:</strong> <code>731906</code></p>", "731906"),
    ("<p><strong>Código de recogida:</strong> <code>408813</code></p>", "408813"),
]

_SENTENCES_KEPT = [
    ("Dein Fehlercode lautet 4040, bitte neu starten.", "4040"),
    ("Ihr Barcode lautet 40012345.", "40012345"),
    ("Il tuo codice di sconto è 1520.", "1520"),
    ("Your error code is 1045.", "1045"),
    ("<b>Error code:</b> <code>4040</code>", "4040"),
    ("Tu código de producto es 100234.", "100234"),
    ("Ihr Rückgabecode lautet 4040.", "4040"),
    ("Ihr Ticketcode ist 4821, der Fall ist geschlossen.", "4821"),
    ("Votre code de ticket est 4821.", "4821"),
    ("Tu código de pedido es 77120.", "77120"),
]


@pytest.mark.parametrize("value", ["71402", "8351"])
def test_a_panels_user_list_masks_each_named_users_code(masker: Masker, value: str) -> None:
    assert covered(masker, _PANEL_DUMP, value)


def test_a_code_on_a_row_with_no_person_stays(masker: Masker) -> None:
    assert not touched(masker, _PANEL_DUMP, "2580")  # the installer's factory default, on a role's row


@pytest.mark.parametrize("value", ["604417", "5190"])
def test_a_markdown_table_of_people_masks_its_code_column(masker: Masker, value: str) -> None:
    assert covered(masker, _MARKDOWN_CODES, value)


@pytest.mark.parametrize("value", ["ALBATROS", "QUERCUS"])
def test_a_password_column_no_list_names_is_masked_beside_its_person(masker: Masker, value: str) -> None:
    assert covered(masker, _KEYHOLDERS, value)


@pytest.mark.parametrize("text", [_PRODUCTS, _ALIGNED_PRODUCTS])
@pytest.mark.parametrize("value", ["4471", "5520"])
def test_a_products_code_column_stays(masker: Masker, text: str, value: str) -> None:
    assert not touched(masker, text, value)


@pytest.mark.parametrize("value", ["558102", "913377", "4417"])
def test_a_key_that_says_whose_code_it_is_masks_the_code(masker: Masker, value: str) -> None:
    assert covered(masker, _PANEL_INI, value)


@pytest.mark.parametrize("value", ["CS1010", "ORD-88123"])
def test_a_code_column_of_letters_stays_beside_people(masker: Masker, value: str) -> None:
    assert not touched(masker, _COURSES, value)


@pytest.mark.parametrize("value", ["1045", "4940", "4021", "40401"])
def test_a_things_code_under_its_key_stays(masker: Masker, value: str) -> None:
    assert not touched(masker, _KEYS_KEPT, value)


@pytest.mark.parametrize(("text", "value"), _SENTENCES)
def test_a_code_a_sentence_says_is_someones_is_masked(masker: Masker, text: str, value: str) -> None:
    assert covered(masker, text, value)


@pytest.mark.parametrize(("text", "value"), _SENTENCES_KEPT)
def test_a_things_code_in_a_sentence_stays(masker: Masker, text: str, value: str) -> None:
    assert not touched(masker, text, value)


@pytest.mark.parametrize("text", [_PANEL_DUMP, _MARKDOWN_CODES, _KEYHOLDERS, _PANEL_INI, *(t for t, _ in _SENTENCES)])
def test_round_trip(text: str) -> None:
    m = Masker(policy=Policy.builtin("agent"))
    masked = m.mask(text)
    assert masked.text != text and m.restore(masked.text) == text


# a person's record's own id: under an API's page of "results", one level above the fields a CRM keeps under
# "properties", and beside the person's e-mail alone (JSON and YAML); an order's, a role mailbox's and a UUID stay, and
# so does a short row number (builders disagree whether a tenant row's "id": 2518 is anyone's; it identifies little)
_RECORD_IDS = [
    ('{"count":1,"results":[{"id":640118,"name":"Rosalind Achterberg","email":"r.achterberg@posteo.de"}]}', "640118"),
    ('{"results": [{"id": "51840027716", "properties": {"email": "mhabekost@web.de", "firstname": "Merle"}}]}',
     "51840027716"),
    ('{"user": {"id": "731094", "username": "klaaskuip", "email": "klaas.kuipers@ziggo.nl"}}', "731094"),
    ("member:\n  id: 336120\n  email: ottavio.sanfelice@libero.it\n", "336120"),
]
_RECORD_IDS_KEPT = [
    ('{"id": 450789469, "email": "nadja.voss@mail-example.net", "total_price": "199.00", "currency": "EUR"}',
     "450789469"),
    ('{"id": 123456, "email": "support@acme-example.com", "name": "Acme Support"}', "123456"),
    ('{"orders": [{"id": 8812, "email": "nadja.voss@mail-example.net"}]}', "8812"),
    ('{"id": "9d54493e-8b5f-4ac1-aaaa-52fb46a6d0b2", "email": "nadja.voss@mail-example.net"}',
     "9d54493e-8b5f-4ac1-aaaa-52fb46a6d0b2"),
    ('{"items":[{"id": 4471, "name": "Door contact", "price": 12.9}]}', "4471"),
    ('{"data":[{"type":"orders","id":"5523101","attributes":{"email":"nadja.voss@mail-example.net"}}]}', "5523101"),
    ('{"id": 99120455, "type": "password_reset", "email": "nadja.voss@mail-example.net"}', "99120455"),
    ('{"id": 7712345, "name": "Acme GmbH", "email": "nadja.voss@acme-example.com"}', "7712345"),
    ("build:\n  id: 336120\n  email: nadja.voss@mail-example.net\n  status: failed\n", "336120"),
    ('{"email_addresses": [{"email_address": "nadja.voss@mail-example.net", "id": "idn_4kq2Lm9xR7tYw3Zp"}]}',
     "idn_4kq2Lm9xR7tYw3Zp"),
    ('{"contacts":[{"id":2291,"first_name":"Wiremu","last_name":"Tapsell","email":"w.tapsell@correo-ejemplo.org"}]}',
     "2291"),
]


@pytest.mark.parametrize(("text", "value"), _RECORD_IDS)
def test_a_person_records_own_id_is_masked(masker: Masker, text: str, value: str) -> None:
    assert covered(masker, text, value)


@pytest.mark.parametrize(("text", "value"), _RECORD_IDS_KEPT)
def test_an_acts_a_mailboxs_or_a_things_id_stays(masker: Masker, text: str, value: str) -> None:
    assert not touched(masker, text, value)

