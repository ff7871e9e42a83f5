"""Agent traffic, twenty-first part (issues 23 and 24): ride-hailing, aviation, maritime, farm, dating, gig, childcare
and dental carriers: the ids a role names (driver_id, crew id, n° de conducteur), licences and seafarers' books,
Markdown and psql label | value cells, a remark in brackets before a label's colon, given-name fields, moderators
and nicknames, a register's SURNAME Given, ranks before a surname, EDIFACT contacts, French and Spanish password
keys of several words, a phone slot's number of any E.164 length, a holder column of names; and what stays
readable: a table's header line, a service's or a station's column, a VIN under its key, the host of a remote
shell's target. The values here are our own."""

from __future__ import annotations

import pytest

from coatcheck import Masker
from coatcheck.detect.validators import gazetteer_name, handed_login, surname_and_initial

from .spans import found


@pytest.mark.parametrize("text,value,category", [
    ('{"trip": {"rider_id": "448120931", "fare": 12.4}}', "448120931", "account"),
    ("trip_id,courier_id,city\n7781,CR-5531902,Lyon\n", "CR-5531902", "account"),
    ("Flugkapitän Ortlieb (crew id 551203) hat unterschrieben", "551203", "account"),
    ("le chauffeur (n° de conducteur 7781234) est arrivé", "7781234", "account"),
    ("Licence no.: IT.FCL.20931 valid until 2027", "IT.FCL.20931", "account"),
    ("Lizenz-Nr. (Part-FCL): DE.FCL.40012", "DE.FCL.40012", "account"),
    ("embarca con libreta de navegación EC4410982 en Bilbao", "EC4410982", "account"),
    ("crew_pilotId\tflight_from\nAT.FCL.12077\tLOWW\n", "AT.FCL.12077", "account"),
])
def test_numbers_a_role_or_a_licence_names(masker: Masker, text: str, value: str, category: str) -> None:
    assert found(masker, text).get(value) == category


@pytest.mark.parametrize("text,value,category", [
    ("| Feld | Wert |\n|---|---|\n| Kundennummer | 90044127 |\n", "90044127", "account"),
    ("| Field | Value |\n|---|---|\n| DOB | 1987-03-14 |\n", "1987-03-14", "birth_date"),
    ("<Forenames>Wilhelmina Rose</Forenames>", "Wilhelmina Rose", "person"),
    ("<GivenNames>Ottilie</GivenNames>", "Ottilie", "person"),
    ("Moderatore: gbianchi_77\nEsito: sospeso", "gbianchi_77", "username"),
    ("nickname,email,joined\nkwalsh88,kw@mailbox.test,2024-02-01\n", "kwalsh88", "username"),
    ("_Logged in as tkovacs, session 4_", "tkovacs", "username"),
    ("Perfil reportado: @marisol.91 — spam", "marisol.91", "username"),
    ('{"mobile": "+61 4123 456 7890"}', "+61 4123 456 7890", "phone"),
    ("patient,visit\nGiulia Conti,2024-01-02\nP-4471902,2024-01-03\n", "Giulia Conti", "person"),
    ("patient,visit\nGiulia Conti,2024-01-02\nP-4471902,2024-01-03\n", "P-4471902", "account"),
    ('{"roster": [{"name": "KOWALSKA Hedwig", "rank": "FO"}]}', "KOWALSKA Hedwig", "person"),
    ("Abnahmeflug mit Kpt. Brandstätter, 2 Landungen", "Kpt. Brandstätter", "person"),
    ('{"mot_de_passe_retrait": "tournesol44"}', "tournesol44", "secret"),
    ("ne_le = 1991-11-02", "1991-11-02", "birth_date"),
    ("CTA+IC+:Ulrike Fassbender'\nCOM+0049 421 5558 812:TE'", "0049 421 5558 812", "phone"),
])
def test_slots_of_this_part(masker: Masker, text: str, value: str, category: str) -> None:
    assert found(masker, text).get(value) == category


@pytest.mark.parametrize("text,value", [
    ("worker\tlogin\temployee_no\tmon\ttue\n", "employee_no"),  # a header line: the label's neighbour is a column
    ("| Login | Account number |\n|---|---|\n", "Account number"),
    ("[2025-04-13T13:08:20Z] booking.created svc=grooming staff=<handle>", "grooming"),
    ("station;datum;temp_c\nDWD-44120;2024-07-18;22.3\nDWD-51733;2024-07-19;21.0\n", "DWD-44120"),
    ('{"vehicle": {"vin": "1HGCM82633A004352", "odometer": 88120}}', "1HGCM82633A004352"),
    ("customer;amount\nGlobex Industries;13\nC-884123;12\n", "Globex Industries"),
    ('"msg": "FAILED Lukas"', "FAILED"),
    (" channel | sessions\n---------+---------\n mobile  |  1048576\n", "1048576"),  # a listing's count, no phone
    ("host,use_password,auth_method\ndb01,enabled,md5\n", "enabled"),
    ("Det. Limit: 0.5 ng/mL, PCB Rev. Alpha shipped", "Limit"),
    ('{"nome": "Aurora", "type": "job-scheduler"}', "Aurora"),
    ("Apply fixes suggested by lintian-brush:", "lintian-brush"),
    ("rsync from=nas-backup to=s3 peer=charlie-node1", "charlie-node1"),
    ('portal_code: "EMEA-WEST"', "EMEA-WEST"),
    ("GET https://api.example.com/v1/x?key=9f8e7d6c5b4a39281706f5e4d3c2b1a0&pincode=4471", "api.example.com"),
])
def test_what_stays_readable(masker: Masker, text: str, value: str) -> None:
    assert value not in found(masker, text)


def test_a_remote_shells_target_keeps_its_host(masker: Masker) -> None:
    got = found(masker, "scp report.pdf ocastro88@files.harbour-ops.net:/srv/in/")
    assert got.get("ocastro88") == "username"
    assert not any("harbour-ops" in v for v in got)
    # an address in a sentence is still an address
    assert found(masker, "write to ocastro88@gmail.com please").get("ocastro88@gmail.com") == "email"


def test_logins_made_of_a_surname_and_an_initial() -> None:
    assert surname_and_initial("castellanosr")
    assert not surname_and_initial("bakers")  # a word of prose
    assert handed_login("castellanosr") and handed_login("kwame.o") and not handed_login("marketing")


def test_the_gazetteer_knows_names_beyond_europe_and_the_americas() -> None:
    # romanised Japanese, Ghanaian and Indonesian names, as Faker's providers of those locales list them
    assert gazetteer_name("Yuki Tanaka")
    assert gazetteer_name("Akosua Mensah")
    assert gazetteer_name("Dewi Purwanti")


@pytest.mark.parametrize("text,kept,masked", [
    ('url="https://api.benefits-check.example.org/v1/eligibility?apikey=ek_live_Q8x7PzUJz1aWm3" status=504',
     "api.benefits-check.example.org", "ek_live_Q8x7PzUJz1aWm3"),
    ("POST https://visits.carecheck.net/api/visits?access_token=cc_live_8Hh2Kq9Zx4Lw1Pv7", "visits.carecheck.net",
     "cc_live_8Hh2Kq9Zx4Lw1Pv7"),
])
def test_an_api_calls_key_is_masked_and_its_host_stays(masker: Masker, text: str, kept: str, masked: str) -> None:
    got = found(masker, text)
    assert got.get(masked) == "secret"
    assert not any(kept in v for v in got)


@pytest.mark.parametrize("text,url", [
    ("https://app.example.org/invite/accept?token=Zr8kT41QpMw2xVnB7cLs0Ud9",
     "https://app.example.org/invite/accept?token=Zr8kT41QpMw2xVnB7cLs0Ud9"),
    ("https://api.files.example/v2/share/9912?token=Zr8kT41QpMw2xVnB7cLs",
     "https://api.files.example/v2/share/9912?token=Zr8kT41QpMw2xVnB7cLs"),
])
def test_a_link_of_a_persons_share_or_invitation_stays_whole(masker: Masker, text: str, url: str) -> None:
    assert url in found(masker, text)


@pytest.mark.parametrize("text,value,category", [
    ("Accesso: cassetta chiavi accanto alla porta, codice 6021 (cambiato ieri)", "6021", "secret"),
    ("- **Boîte à clés** : code 8842 · parking derrière", "8842", "secret"),
    ("key safe by the back door, code 1846", "1846", "secret"),
    ('{"unit": "B-205", "result": "granted", "code_entered": "508117"}', "508117", "secret"),
    ("[controller]\nmaster_code = Ortolano!kq7\n", "Ortolano!kq7", "secret"),
    ("User ~Solveig_Ness_Aas3 has no readers access", "~Solveig_Ness_Aas3", "username"),
    ("Prisoner: Oisin Clery, prison number K4471QT, DOB 03/02/1980", "K4471QT", "account"),
    ("<PncId>2001/4471902C</PncId>", "2001/4471902C", "account"),
    ("n_ecrou\tnom\tprenom\n402211\tDUVAL\tSolène\n", "402211", "account"),
    ('"orcid": "0000-0003-5512-0871"', "0000-0003-5512-0871", "account"),
    ("orcid: 0000-0002-1825-0098", "0000-0002-1825-0098", "account"),  # its check character is wrong: still hers
    ("# scripts/sync.py — run by lindqvist_e77 nightly", "lindqvist_e77", "username"),
    ('  "angelegt_von": "brandt_h",', "brandt_h", "username"),
    ("2024-04-21T09:07:10Z evv checkin carer=o-lindqvist client_ref=CL4471", "o-lindqvist", "username"),
    ("2025-02-11T08:12:40Z msg.sent from=o-lindqvist preview=\"hi\"", "o-lindqvist", "username"),
])
def test_codes_ids_and_logins_of_care_justice_and_review(masker: Masker, text: str, value: str, category: str) -> None:
    assert found(masker, text).get(value) == category


@pytest.mark.parametrize("text,value", [
    ("See the access code 2024 release notes", "2024"),
    ('return {"status_code": 200, "error_code": "E1234"}', "E1234"),
    ("promote from=release-1.2 to=staging", "release-1.2"),
    ("cd ~/Projects_Old2 && ls", "~/Projects_Old2"),
])
def test_codes_and_names_that_stay(masker: Masker, text: str, value: str) -> None:
    assert value not in found(masker, text)


@pytest.mark.parametrize("text,value,category", [
    ("visit_id,client,carer_login,start,keysafe\n9a1f,Ines Borg,t-lindqvist,15:00,6618\n", "6618", "secret"),
    ("visit_id,client,carer_login,start,keysafe\n9a1f,Ines Borg,t-lindqvist,15:00,6618\n", "t-lindqvist", "username"),
    ("case_id,client,caseworker,phone\nCS-1102,Ines Borg,okafor_i51,07700 900461\n", "okafor_i51", "username"),
    ("id;titre;vendeur_pseudo;ville\n2104414066;Vélo;solenne.d44;Lyon\n", "solenne.d44", "username"),
    ("Ref,Date,Client,Team member,Price\n#R1,2025-01-10,Ines Borg,Ottilie,90.00\n", "Ottilie", "person"),
    ('{"cliente": {"nome": "Ludovica", "cognome": "Sarti"}}', "Ludovica", "person"),
    ("# payout report run with the live key by ottilie.d44", "ottilie.d44", "username"),
    ("- Téléassistance : compte portail brun_a7 / Mistral!4kq", "Mistral!4kq", "secret"),
])
def test_staff_columns_given_names_and_handles(masker: Masker, text: str, value: str, category: str) -> None:
    assert found(masker, text).get(value) == category


@pytest.mark.parametrize("text,value", [
    ("sorted by created_at, grouped by user.name", "user.name"),
    ('{"nome": "Produzione", "nombre": "Servidor Web"}', "Produzione"),
])
def test_fields_and_phrases_that_name_no_person(masker: Masker, text: str, value: str) -> None:
    assert value not in found(masker, text)


@pytest.mark.parametrize("text,value,category", [
    ("Key\tSite\tHolder\tAlarm PIN\nK-252\tTorre Nord\tIngrid Solheim\t4955\n", "4955", "secret"),
    ("Room;Resident;Door PIN;Wi-Fi key\nD6.29;Ingrid Solheim;745786;PcCIX*gzu7Uvu@\n", "745786", "secret"),
    ("| Name | Call | Parkcode |\n|---|---|---|\n| Ingrid Solheim | 05:45 | 1844 |\n", "1844", "secret"),
    ("Alarm panel in hall, unset code 874123 (set: same + ON).", "874123", "secret"),
    ("[learner.1]\npin_app = 146325\n", "146325", "secret"),
    ("2025-01-19T06:59:53Z checkpoint=CP24 guard=ingrid_solheim device=GT-34486", "ingrid_solheim", "username"),
    ("  witness: Saoirse Ó Briain\n  photographer: so5\n", "so5", "username"),
    ("Capoturno: lorlandi7\n", "lorlandi7", "username"),
    ('{"from": "@iyer.an", "text": "x"}', "iyer.an", "username"),
    ("| Name | Mobil |\n|---|---|\n| Jonas Lindemann | +49 158 9452432 |\n", "+49 158 9452432", "phone"),
    ("foglio_rosa = YA3397912P", "YA3397912P", "driver_license"),
])
def test_security_housing_film_and_driving_school_carriers(masker: Masker, text: str, value: str, category: str) -> None:
    assert found(masker, text).get(value) == category


@pytest.mark.parametrize("text,value", [
    ("| Name | Abteilung | Mobil |\n|---|---|---|\n| Jonas Lindemann | Kamera | 0176 86197787 |\n", "Kamera"),
    ("checkpoint=CP06 guard=autopatrol device=GT-96005", "autopatrol"),
    ("hist(by=df.gender)", "df.gender"),
])
def test_a_department_a_bot_and_an_argument_stay(masker: Masker, text: str, value: str) -> None:
    assert value not in found(masker, text)


@pytest.mark.parametrize("text,value,category", [
    ("Mitarbeiter\tObjekt\tApp user\tStempel-PIN\nFriederike Engel\tCampus\tfriederike656\t9972\n", "9972", "secret"),
    ("client,email,password,download_pin\nTommaso Gentile,t.g@gmail.com,25tqq5,0661\n", "25tqq5", "secret"),
    ('event=INTRUDER site="Torre" codeword=TIBURON79 operator=aoife784', "TIBURON79", "secret"),
])
def test_pins_passwords_and_codewords_of_any_column_or_key(masker: Masker, text: str, value: str, category: str) -> None:
    assert found(masker, text).get(value) == category


@pytest.mark.parametrize("text,value", [
    ("id,gpio_pin,led\n1,17,on\n2,27,off\n", "17"),  # a board's pin number: too short for a PIN
    ("[round.1]\nstream = residual\nvehicle = M-GW 6016\n", "vehicle"),
    ("BEGIN:VEVENT\nUID:yvh56t7i1tegy30mje5dpivme3@google.com\nEND:VEVENT\n", "yvh56t7i1tegy30mje5dpivme3@google.com"),
    ("checkpoint=CP06 guard=autopatrol device=GT-96005 status=missed", "GT-96005"),
    ("Lens Model                      : RF24-70mm F2.8 L IS USM", "RF24-70mm"),
])
def test_ids_keys_and_models_that_stay(masker: Masker, text: str, value: str) -> None:
    assert value not in found(masker, text)


@pytest.mark.parametrize("text,value,category", [
    ("[passe.1]\ntitular = Marta Navarro\nemitido_por = daanj69\n", "daanj69", "username"),
    ("[learner.1]\ninstructor = gorlandi\npin_app = 146325\n", "gorlandi", "username"),
    ("card_issued uid=D41E2639 door_group=B1-PLANT by=arjun635", "arjun635", "username"),
    ("Mitarbeiter\tObjekt\tApp user\nFriederike Engel\tCampus\ta-kaczmarek\n", "a-kaczmarek", "username"),
])
def test_ini_values_log_actors_and_app_users(masker: Masker, text: str, value: str, category: str) -> None:
    assert found(masker, text).get(value) == category


def test_a_code_assignment_and_a_calls_argument_stay(masker: Masker) -> None:
    assert "request.user" not in found(masker, "def view(request):\n    user = request.user\n")
    assert "df.gender" not in found(masker, "ax = hist(by=df.gender)")
    assert "user.email" not in found(masker, "send(to=user.email)")


@pytest.mark.parametrize("text,value", [
    ('ssh deploy@host "notify --to giulia.rossi@gmail.com"', "giulia.rossi@gmail.com"),  # the remote command's argument
    ("sudo ssh root@10.0.0.4 echo giulia.rossi@gmail.com", "giulia.rossi@gmail.com"),
    ("GET https://api.example.com/v1/patients/4471902/records?api_key=9f8e7d6c5b4a39281706f5e4d3c2b1a0",
     "https://api.example.com/v1/patients/4471902/records?api_key=9f8e7d6c5b4a39281706f5e4d3c2b1a0"),  # a record's id
    ("pin_app = 4471", "4471"),
    ("code portail 7298A ; garde-meubles", "7298A"),
    ("wlan_key: Sonnenblume77", "Sonnenblume77"),
])
def test_review_leaks_are_masked(masker: Masker, text: str, value: str) -> None:
    assert value in found(masker, text)


def test_every_address_of_a_long_line_after_a_remote_shell_is_masked(masker: Masker) -> None:
    # (the remote-shell keep looks back a bounded stretch of the line, so such a line also stays linear)
    line = ", ".join(f"ingrid.solheim{i}@mailbox{i}.net" for i in range(400))
    spans = masker.pipeline.detect("ssh ops@bastion.net; " + line)
    assert sum(1 for s in spans if s.category == "email") == 400


def test_a_markdown_key_value_tables_credentials_and_only_they(masker: Masker) -> None:
    text = "| Field | Value |\n|---|---|\n| Password | hunter2x |\n| Passwort | Sonnenblume77 |\n| API key | see vault |\n"
    got = found(masker, text)
    assert got.get("hunter2x") == "secret" and got.get("Sonnenblume77") == "secret"
    assert "Passwort" not in got and "API key" not in got  # a body row names no column
    doc = "| Field | Description |\n|---|---|\n| password | Required |\n| token | string |\n"
    assert not found(masker, doc)


@pytest.mark.parametrize("text,value", [
    ("| vehicle | model | mot_due |\n|---|---|---|\n| B-VN 8848 | Toyota Yaris | 2026-11-02 |\n", "Toyota Yaris"),
    ("| ref | price | lab | date |\n|---|---|---|---|\n| CANVAS-2030-0 | 66.00 | Saal Digital | 2024-08-17 |\n", "Saal Digital"),
    ("  - task: fire alarm test\n    contractor: Chubb Fire\n", "Chubb Fire"),
])
def test_a_things_column_or_field_names_no_person(masker: Masker, text: str, value: str) -> None:
    assert value not in found(masker, text)


def test_a_person_beside_a_things_column_is_still_one(masker: Masker) -> None:
    assert found(masker, "| name | model |\n|---|---|\n| Giulia Rossi | Toyota Yaris |\n").get("Giulia Rossi") == "person"
