"""Context beats format: a value in a slot its label names is masked whatever its layout, and the label words are
read the way each language composes them. Every value here is made up."""

from __future__ import annotations

import pytest

from coatcheck import Masker
from coatcheck.detect.handles import name_handles
from coatcheck.detect.tables import TableDetector
from coatcheck.detect.validators import email


@pytest.fixture(scope="module")
def masker() -> Masker:
    return Masker()


def masked(masker: Masker, text: str) -> dict[str, str]:
    return {text[s.start:s.end]: s.category for s in masker.detect(text)}


# holder + number marker in each language's order, none of them spelled out in labels.toml
COMPOSED_NUMBERS = [
    ("the patient number 4471920 was merged twice", "4471920"),
    ("Employee no. E-5520193 left in March", "E-5520193"),
    ("numero tessera 88120734 scaduta", "88120734"),
    ("n. cartella clinica 30918273, reparto 4", "30918273"),
    ("Mitarbeiternummer 7720431 fehlt im Export", "7720431"),
    ("Versichertennummer: K-99120374", "K-99120374"),
    ("numéro d'adhérent 60293817 invalide", "60293817"),
    ("numéro de police CT7720-1182-FR expirée", "CT7720-1182-FR"),
    ("número de historia clínica 51820394, planta 2", "51820394"),
    ("código de socio SOC-4402918 duplicado", "SOC-4402918"),
    ("matricola 7712093 non trovata", "7712093"),
]


@pytest.mark.parametrize("text,value", COMPOSED_NUMBERS)
def test_person_bound_numbers_named_by_holder_and_marker(masker: Masker, text: str, value: str) -> None:
    assert masked(masker, text).get(value) == "account"


@pytest.mark.parametrize("text", ["the number of clients grew by 120000", "client id: 566688767516555012756",
                                  "ticket no. 4471920", "order number 88120734"])
def test_counts_client_ids_and_work_items_stay(masker: Masker, text: str) -> None:
    assert "account" not in masked(masker, text).values()


def test_a_run_of_labelled_ids_is_no_address(masker: Masker) -> None:
    text = "Einsatz: Kundennummer KD-771203, Patientennummer 402918377, Mail bitte an die Station"
    found = masked(masker, text)
    assert found.get("KD-771203") == "account" and found.get("402918377") == "account"
    assert not any("Patientennummer" in v for v in found)


LOGINS = [
    ("sshd[812]: Invalid user ravi.okafor from 203.0.113.9 port 50122", "ravi.okafor"),
    ("and Tomasz (login t_wrobel) joins from the Lisbon office", "t_wrobel"),
    ("Chiara (utente cbellandi) non riesce ad accedere", "cbellandi"),
    ("Nerea (usuario nlasaga) se conecta desde casa", "nlasaga"),
    ("imap-login: Login: user=<hkrueger>, method=PLAIN, rip=198.51.100.7", "hkrueger"),
    ("Nombre de cuenta:\t\tilarrea", "ilarrea"),
]


@pytest.mark.parametrize("text,value", LOGINS)
def test_logins_after_their_label_with_a_space_or_a_bracket(masker: Masker, text: str, value: str) -> None:
    assert masked(masker, text).get(value) == "username"


@pytest.mark.parametrize("text", ["the user interface froze", "login page returns 500", "Invalid user admin from x",
                                  "Account Name:\t\tWS-FIN-07$", "imap-login: Login: user=<postmaster>",
                                  "Perché `Get-LocalUser` elenca solo due account?", "Der CI-Benutzer ist gitlab"])
def test_words_service_and_machine_accounts_after_a_user_label_stay(masker: Masker, text: str) -> None:
    assert "username" not in masked(masker, text).values()


@pytest.mark.parametrize("text,value,category", [
    ("Passport No. 4471-QX", "4471-QX", "passport"),
    ("carta d'identità CA71920BB rilasciata", "CA71920BB", "passport"),
    ("Personalausweis: T22009871", "T22009871", "passport"),
    ("Dial-in passcode: 551902", "551902", "secret"),
    ("Kenncode: 883102 (nur für das Team)", "883102", "secret"),
    ('"conference_number": "+44 20 7946 0018,,,90817723#"', "90817723", "secret"),
    ("BDAY:1971-04-09", "1971-04-09", "birth_date"),
    ("Geburtsdatum: 09.04.1971", "09.04.1971", "birth_date"),
    ('"date_of_birth": "1988-12-30"', "1988-12-30", "birth_date"),
])
def test_documents_passcodes_and_birth_dates_in_their_slots(masker: Masker, text: str, value: str, category: str) -> None:
    assert masked(masker, text).get(value) == category


@pytest.mark.parametrize("text", ["passport photo 2x2", "Passport No. TBD", "pin: 12", "released 1971-04-09",
                                  "the birthday party is on Friday"])
def test_near_misses_of_those_slots_stay(masker: Masker, text: str) -> None:
    assert masked(masker, text) == {}


def test_a_vcard_s_name_parts_street_and_postcode() -> None:
    text = "BEGIN:VCARD\nVERSION:4.0\nN:Okonkwo;Adaeze;;;\nADR;TYPE=HOME:;;Lindenweg 12;Kassel;;34117;\nEND:VCARD\n"
    found = masked(Masker(), text)
    assert any("Okonkwo" in v and "Adaeze" in v for v in found)
    assert "34117" in found and any("Lindenweg 12" in v for v in found)
    assert "Kassel" in found  # the locality of a card that holds a street is part of the address (issue 23)


def cells(text: str) -> list[tuple[str, str]]:
    return [(text[s.start:s.end], s.category) for s in TableDetector().detect(text)]


def test_markdown_table_columns_stay_aligned_with_their_headers() -> None:
    text = ("| Nome | Matricola | N. socio | Telefono |\n|---|---|---|---|\n"
            "| Piera Gallo | 7719203 | S-8820193 | +39 347 000 1122 |\n")
    got = cells(text)
    assert ("7719203", "account") in got and ("S-8820193", "account") in got
    assert ("+39 347 000 1122", "phone") in got and ("S-8820193", "phone") not in got


def test_qualified_headers_read_as_their_noun() -> None:
    text = ("Order,Billing Name,Billing Street,Billing City,Billing Zip,Shipping Phone\n"
            "#1001,Aoife Brennan,14 Quay Road,Galway,H91 X2Y4,+353 91 000 123\n")
    got = cells(text)
    assert ("14 Quay Road", "address") in got and ("H91 X2Y4", "address") in got
    # the town beside the street and the postcode is part of the same person's address (a town alone stays: see
    # test_carriers_seventeenth_part's ip,address,city and store lists)
    assert ("+353 91 000 123", "phone") in got and ("Galway", "address") in got


@pytest.mark.parametrize("address,personal", [
    ("c81e728d9d4c2f636f06@mail.relay.example.net", False),  # a message id
    ("Zq4Xw8Ls2Kd9Vb3Nm7Pt@calendar.example.org", False),  # a calendar event's UID
    ("svc-backup@corp.example.net", False),
    ("ci-runner@proj-42.iam.gserviceaccount.com", False),
    ("aoife.brennan@brennan-design.ie", True),
    ("ciara_b@mailbox.org", True),
])
def test_machine_addresses_are_no_person_s(address: str, personal: bool) -> None:
    assert email(address) is personal


@pytest.mark.parametrize("name,handle", [
    ("Iñaki Larrea Zubizarreta", "ilarreaz"),  # initial, first surname, second surname's initial
    ("Iñaki Larrea Zubizarreta", "larreai"),  # first surname, initial
    ("Jürgen Böhme", "jueboe"),  # umlauts written out, 3 + 3 letters
    ("Jürgen Böhme", "jurboh"),  # umlauts dropped
    ("Fionnuala Kearney", "kearnfio"),  # 5 + 3 letters
    ("Fionnuala Kearney", "fkearney"),
])
def test_handles_of_names_with_two_surnames_and_umlauts(name: str, handle: str) -> None:
    assert handle in name_handles(name)[0]


def test_members_of_a_list_that_holds_a_login_or_an_address_are_logins() -> None:
    text = '{"targets": [{"values": [\n  "okafor71",\n  "r.lindqvist@mailbox.org",\n  "tanja_w"\n]}], "deps": ["numpy", "scipy"]}'
    found = masked(Masker(), text)
    assert found.get("okafor71") == "username" and found.get("tanja_w") == "username"
    assert "numpy" not in found and "scipy" not in found


@pytest.mark.parametrize("text,value,category", [
    ("- **Mobile**: 07911 123456", "07911 123456", "phone"),
    ("Mobile: 07911123456", "07911123456", "phone"),
    ('"phone": "07.76.65.22.89"', "07.76.65.22.89", "phone"),
    ("prefers a call on 512.555.0199 or e-mail", None, None),  # 555-01xx: fictional, stays
    ("Called back, prefers contact via 512.851.4260.", "512.851.4260", "phone"),  # a dotted layout in prose
    ("Téléphone : 06.18.84.52.29", "06.18.84.52.29", "phone"),
    ('"employeeNumber": "E93725"', "E93725", "account"),
    ("| first | last | member_no | birth_date |\n|---|---|---|---|\n| Aoife | Brennan | 7128-7684 | 2003-09-15 |",
     "2003-09-15", "birth_date"),
])
def test_phone_account_and_birth_date_layouts(masker: Masker, text: str, value: str | None, category: str | None) -> None:
    found = masked(masker, text)
    if value is None:
        assert "phone" not in found.values()
    else:
        assert found.get(value) == category


@pytest.mark.parametrize("text", [
    "version 1.2.3 released, ts 20240512",
    '"sid": "SM0775619f04a22a63f3df12bd5eb3bdd6", "change": "I751b3074e80b3b7baab4cb328e89bdb7fb5901cb"',
    'InResponseTo="_37570a6d40ba3f1eb55e772b064ccb88"',
    '"message-id": "41883503503518.bfa7e1af@mg.example-mail.io"',
    '"username": "seed_user_25", "name": "Jane Doe"',
    "| 1 | Max | Mustermann | qa+1@example.org |",
    "uid [ full ] Brightfern Release Signing Key <release@brightfern.io>",
    "Copyright (C) 2016 Stony Brook University. All rights reserved.",
    '"email": "automation@brightfern.io"',
    "consumer crm.contacts.v1 at offset 6687327",
])
def test_ids_test_fixtures_and_institutions_stay(masker: Masker, text: str) -> None:
    assert masked(masker, text) == {}


@pytest.mark.parametrize("text,value,category", [
    ("Aoife Brennan aoife.b at brennan-design.ie\nMon Feb 17", "aoife.b at brennan-design.ie", "email"),
    ("Tomasz Wrobel <twrobel[at]lindqvist-lab[dot]se>", "twrobel[at]lindqvist-lab[dot]se", "email"),
    ('"latitude": 45.464211, "longitude": 9.191383', "45.464211", "address"),
    ("Share link created for /Documents/CV_Stefan_Petersen.pdf", "Petersen", "person"),
])
def test_obfuscated_addresses_positions_and_names_in_file_names(masker: Masker, text: str, value: str, category: str) -> None:
    assert masked(masker, text).get(value) == category


@pytest.mark.parametrize("text", ["the docs are at readthedocs.io", "look at example.com first",
                                  '"latitude": 40.7128', "see Release_Notes_March.pdf"])
def test_prose_city_centres_and_document_names_stay(masker: Masker, text: str) -> None:
    assert masked(masker, text) == {}


@pytest.mark.parametrize("text,value,category", [
    ("ValueError: invalid phone for customer 5880651 in row 3", "5880651", "account"),
    ("ungültige Telefonnummer für Kunde 545800: bitte prüfen", "545800", "account"),
    ("<Ustrd>Nómina 07/2025 Nº emp. 69769</Ustrd>", "69769", "account"),
    ("PID|1||P868693^^^CLIN^MR||OKAFOR ADEYEMI^CHIOMA||19561101|F", "OKAFOR ADEYEMI^CHIOMA", "person"),
    ("PID|1||P868693^^^CLIN^MR||OKAFOR ADEYEMI^CHIOMA||19561101|F", "P868693", "account"),
    ("EVN|A04|20260611002345|||00953^MARÍN^IRENE", "MARÍN^IRENE", "person"),
    ("TRANSFER/IBAN/BE48589078665027/BIC/BNPAFRPPXXX/NAME/CAMILLE DUVAL/REMI/Cotisation", "CAMILLE DUVAL", "person"),
    ('"postalCode": "01274", "city": "Dresden"', "01274", "address"),
    ("<AdrLine>Corso Italia 125 int. 4</AdrLine>", "Corso Italia 125 int. 4", "address"),
    ('"label": "meet.google.com/dof-xbsg-rzb"', "meet.google.com/dof-xbsg-rzb", "url"),
    ('client-hostname "Ethans-iPad";', "Ethans-iPad", "person"),
    ("10.230.201.94 Galaxy-S23-Liam 01:a8:6b", "Galaxy-S23-Liam", "person"),
    ('"family": "Guérin",\n  "given": [\n    "Baptiste"\n  ]', "Baptiste", "person"),
])
def test_holders_hl7_bank_files_postcodes_meetings_and_devices(masker: Masker, text: str, value: str, category: str) -> None:
    assert masked(masker, text).get(value) == category


@pytest.mark.parametrize("text", [
    "the member 12 joined",
    "NK1|1|ORTEGA CABRERA^IGNACIO|MTH^Madre",
    "/NAME/ACME SUPPLIES LTD/REMI/Invoice 4471",
    '"zip": true, "conferenceId": "xxx-xxxx-xxx"',
    "build-pc-7 sonos-kitchen mac-mini-build",
    "gRPC client 50051 and consumer group member 48213",
    "sudo ls -l Downloads; sudo sort -u emails.txt",
    '"displayName": "Alan Turing", "title": "sample user"',
    "'iban': 'GB82WEST12345698765432', 'ssn': '078-05-1120'",
    "font-family: Inter;",
])
def test_codes_companies_placeholders_and_public_figures_stay(masker: Masker, text: str) -> None:
    found = masked(masker, text)
    assert not any(v in ("MTH^Madre", "Alan Turing", "GB82WEST12345698765432", "078-05-1120", "ACME SUPPLIES LTD",
                         "build-pc-7", "xxx-xxxx-xxx", "Inter", "12", "50051", "48213", "Downloads", "emails.txt")
                   for v in found), found


@pytest.mark.parametrize("text,value,category", [
    ("Invoice date 06/20/2026\nEIN 96-3265482", "96-3265482", "national_id"),
    ("SV-Nr.: 13260585M903\nSteuerklasse: I", "13260585M903", "national_id"),
    ("N.º afiliación S.S.: 29/61713130/05", "29/61713130/05", "national_id"),
    ("Tel. +33 6 12 34 56 78 · linkedin.com/in/aoife-brennan-1bb06a\n", "linkedin.com/in/aoife-brennan-1bb06a", "url"),
    ("receipt: https://www.expense-tool.example-app.io/receipts/w_d8836f7c99b0bc541c4ecf0a\n",
     "https://www.expense-tool.example-app.io/receipts/w_d8836f7c99b0bc541c4ecf0a", "url"),
])
def test_national_ids_in_slots_and_links_without_a_scheme(masker: Masker, text: str, value: str, category: str) -> None:
    assert masked(masker, text).get(value) == category


@pytest.mark.parametrize("text", ["EIN: pending", "see docs.python.org/3/library/os.html and github.com/pallets/flask",
                                  "https://github.com/a/b/issues/12"])
def test_no_ids_or_links_there(masker: Masker, text: str) -> None:
    assert masked(masker, text) == {}
