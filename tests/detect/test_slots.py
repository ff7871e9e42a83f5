"""Labelled slots for personal data in all five languages, each with a near miss that stays readable.
All values are made up."""

import pytest

from coatcheck import Masker


@pytest.fixture(scope="module")
def masker() -> Masker:
    return Masker()


def masked(masker: Masker, text: str) -> set[str]:
    return {text[s.start : s.end] for s in masker.detect(text)}


def category_of(masker: Masker, text: str, value: str) -> str | None:
    for s in masker.detect(text):
        if text[s.start : s.end] == value:
            return s.category
    return None


ACCOUNTS = [
    ("customer_id=CUST-37201259 card=x", "CUST-37201259"),
    ('{"account": "POL2021652111"}', "POL2021652111"),
    ("Customer no.: 778812340", "778812340"),
    ("Please check account 0011223344 today", "0011223344"),
    ("Conto: CTR2022781048", "CTR2022781048"),
    ("Codice cliente: CL-4410239", "CL-4410239"),
    ("il conto 9876543210 risulta bloccato", "9876543210"),
    ("Kundennummer: 40012345", "40012345"),
    ("Vertragsnummer: VN-2023-778812", "VN-2023-778812"),
    ("Compte : 5512903341", "5512903341"),
    ("N° client : CL-1814458", "CL-1814458"),
    ("Cuenta: ACC2025635792", "ACC2025635792"),
    ("Nº de cliente: 4263-570368-69", "4263-570368-69"),
    ("Póliza: POL-99120331", "POL-99120331"),
]


@pytest.mark.parametrize("text,value", ACCOUNTS)
def test_account_numbers_after_a_label(masker: Masker, text: str, value: str) -> None:
    assert category_of(masker, text, value) == "account"


@pytest.mark.parametrize(
    "text",
    ["Order: A-7920448", "Bestellung: SO-6230141", "Pedido: A-7920448", "Ordine: 55120331",
     "Commande : 55120331", "account: admin", "contract: 2024-05-03", "Ticket: PROJ-12345"],
)
def test_order_numbers_tickets_and_dates_stay(masker: Masker, text: str) -> None:
    assert not any(s.category == "account" for s in masker.detect(text))


USERNAMES = [
    ("2024-08-10 INFO [auth] login ok user=gordon.barbour ip=10.0.0.4", "gordon.barbour"),
    ("docker run -e POSTGRES_USER=nelson_ely postgres:16", "nelson_ely"),
    ("MYSQL_USER=glenledford", "glenledford"),
    ('"username": "lkeller33"', "lkeller33"),
    ('FATAL:  password authentication failed for user "theobonnette"', "theobonnette"),
    ("Nome utente: marco.rossi77", "marco.rossi77"),
    ("Benutzername: carolelucero", "carolelucero"),
    ("Nom d'utilisateur : mlefebvre", "mlefebvre"),
    ("Usuario: dgarcia", "dgarcia"),
]


@pytest.mark.parametrize("text,value", USERNAMES)
def test_usernames_in_their_slots(masker: Masker, text: str, value: str) -> None:
    assert value in masked(masker, text)


@pytest.mark.parametrize(
    "text",
    ["user=root", "POSTGRES_USER=postgres", "Usuario: www-data", "user = request.user", "username = current_user",
     "uid: prometheus", "User: what does this function return?", "utente: nobody", "login_url=/login",
     "[Service]\nUser=prometheus\nGroup=prometheus", "USER_NAME=consul", "user: grafana"],
)
def test_service_users_code_and_words_stay(masker: Masker, text: str) -> None:
    assert not any(s.category == "username" for s in masker.detect(text))


PHONES = [
    ("profile updated phone=+61411751187", "+61411751187"),
    ("SUPPORT_PHONE=+61 412 181 946", "+61 412 181 946"),
    ('{"mobile": "612345678"}', "612345678"),
    ("Tel. (506) 492-1371 ext. 405", "(506) 492-1371 ext. 405"),
    ("Telefono: 312 822 8991", "312 822 8991"),
    ("Cellulare 347 123 4567", "347 123 4567"),
    ("Telefon: 030 413155", "030 413155"),
    ("Handy: 0151 2345 6789", "0151 2345 6789"),
    ("Téléphone : 06 12 48 90 43", "06 12 48 90 43"),
    ("Teléfono: 912 34 56 78", "912 34 56 78"),
]


@pytest.mark.parametrize("text,value", PHONES)
def test_possible_phones_in_phone_slots(masker: Masker, text: str, value: str) -> None:
    assert value in masked(masker, text)


@pytest.mark.parametrize(
    "text", ["phone: true", "Telefono: 2024-05-03", "tel: 1.2.3", "layout := \"01/02 03:04:05PM '06 -0700\"",
             "version 3.12.1 released", "Telefon: 1.24.0"],
)
def test_dates_versions_and_layouts_are_not_phones(masker: Masker, text: str) -> None:
    assert not any(s.category == "phone" for s in masker.detect(text))


@pytest.mark.parametrize(
    "text,value",
    [("Driver licence: 983 923 197", "983 923 197"), ("Führerschein: R1UWF4JFQQM", "R1UWF4JFQQM"),
     ("Patente di guida: U1A2B3456C", "U1A2B3456C"), ("Permis de conduire : 12AB34567", "12AB34567"),
     ("Carnet de conducir: 23456781R", "23456781R")],
)
def test_driving_licences(masker: Masker, text: str, value: str) -> None:
    assert value in masked(masker, text)


@pytest.mark.parametrize("text", ["license: MIT", "Licence: Apache-2.0", "permis: refusé"])
def test_software_licences_stay(masker: Masker, text: str) -> None:
    assert not any(s.category == "driver_license" for s in masker.detect(text))
