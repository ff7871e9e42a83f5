"""Agent traffic, thirty-fourth part (issue 23): a SIM vendor's output file (its header names the columns, each card's
line gives the ICCID, IMSI, PINs, PUKs, Ki, OPc and admin key), a SIM's ICCID anywhere by its check digit and the
IMSI after it in a row, a mobile core's subscriber key under "k", a PUK after its label; a door reader's card UID
beside the holder's login, a table's CARD# column beside its HOLDER, a race's YOB column (a commented-out header
too), a pharmacist's login under the practice's role column, a plate column beside an owner, a rooming list's
"SURNAME Given" items, an exported chat's speaker with a role in lower case, a race's athlete page, a booking
link's name beside the guest's e-mail (percent-encoded letters too); a device named "<Name>s-Galaxy", a first name
alone as a mail's salutation, a deposition's "MR. SURNAME:", a marketplace buyer's login; a pick list's initial before the surname, a
YAML roster's items one by one, a manifest's columns under a running number's "#", a porting code in a field of a
PAC's log line, "Card No." in capitals, a card's expiry after its number, a login before an internal domain's @, a
PBX channel's and CDR's numbers, a birthday in brackets, a British postcode before its town and a flat's line under
a street, an employee's number in brackets after their name, a government id element with attributes.

And what stays: a GPIO pin and a PUK's word without a value, a Luhn-invalid 89… number, a number that only
follows an ICCID's shape inside a longer one, a lone "name=" in a query, a source tree's players/ path, a
documentation page under /students/, a new patient's form route, a header's own word, a reader's name in a door log,
a table's YOB-like words in prose, a "Reminder:" line of a chat, a proxy's .pac file, a token's exp, a service
login at an internal host, an extension's channel, a party's date, a log's timestamped line, a pick list's SKU,
a contributor's pull request and issue key, an application's database role, a status page's states, a logger's
name, a monitor's notification channels, a CI's named stand-in secret, a league table's teams, a product handle. The values here are our own."""

from __future__ import annotations

import pytest

from coatcheck import Masker, Policy

from .spans import covered, touched


@pytest.fixture(scope="module")
def masker() -> Masker:
    return Masker(policy=Policy.builtin("agent"))


_SIM_OUT = ("* HEADER DESCRIPTION\nCustomer: Example Mobile\nQuantity: 2\n* INPUT VARIABLES\nSer_nb: 0001\n"
            "Var_Out: ICCID/IMSI/PIN1/PUK1/PIN2/PUK2/KI/OPC/ADM1\n* OUTPUT VARIABLES\n"
            "89390100001234567895 222019900011122 4821 73920461 9034 15527380 "
            "5E0A43F0B1C27D98E6A04B3C2D1F7788 A1B2C3D4E5F60718293A4B5C6D7E8F90 63001842\n"
            "89390100001234567903 222019900011123 1175 28461903 3308 90215544 "
            "0F1E2D3C4B5A69788796A5B4C3D2E1F0 99AA88BB77CC66DD55EE44FF33001122 70412259\n")
_DOOR_LOG = ("2026-03-01T06:05:56.511Z WARN  door=MAIN-ENTRY dir=in member_id=MB1253903 card_uid=7A14F7B008A3D8 "
             "login=quarta.f result=DENIED reason=plan\n")
_READER = ("# Portiqo ACS 7.4.2 event export  site=SITE-125  date=2026-01-23\n"
           "TIME      READER              CARD#        HOLDER                      RESULT\n"
           "18:51:07  LOBBY-IN-01         9085039445   Ana Paula Ferreira          DENIED (schedule)\n"
           "20:07:37  LOBBY-IN-01         9145443248   Olivia Fairweather          GRANTED\n"
           "08:01:53  GARAGE-GATE         3538313875   Tyrone Henderson            GRANTED\n")
_CHIPS = ("; transponder assignment, event EV2026-916\n"
          "; CHIP      BIB   LASTNAME            FIRSTNAME       YOB  EMERG.PHONE\n"
          "CT13PKXJ  134   ORTEGA              CARMEN          1977 +34697682804\n"
          "AXCM5779  182   MARTINEZ            NEREA           1988 +34603377875\n"
          "CTVY5T78  784   IGLESIAS            RODRIGO         1986 +34723451605\n")
_PHARMACY = ("num_delivrance;date;patient;date_naissance;medicament;qte;pharmacien\n"
             "885184;2026-06-09;Amélie Nguyen;1964-10-18;Atorvastatin 20 mg;2;lemaire_m\n"
             "883862;2026-04-18;Maëlys Perrin;1944-02-04;Ramipril 5 mg tab;1;maelys.lemaire20\n")
_FINES = ("+----------+---------------+----------------------+-----------------------------+\n"
          "| fine_id  | plate         | owner                | email                       |\n"
          "+----------+---------------+----------------------+-----------------------------+\n"
          "| 70940372 | YB547TF       | Noemi Santoro        | noemi.santoro81@virgilio.it |\n"
          "| 74998724 | XS203CX       | Benedetta Greco      | greco.benedetta@gmail.com   |\n")
_PICK_LIST = ("BIN       SKU               DESCRIPTION                        QTY  ORDER   SHIP-TO\n"
              "-------------------------------------------------------------------------------------------\n"
              "B29-1-B   MAR-1555-S        Aceite de oliva virgen extra 1L      1  39220   A. Ruiz\n"
              "D21-3-A   WCT-1586-L        Jamón ibérico loncheado 100g         7  5641    W. Quispe\n"
              "A09-4-B   SVM-3566-M        Jamón ibérico loncheado 100g        12  31519   S. Navarro\n")
_ROSTER = ("team: \"CB Estudiantes Cadete B\"\nplayers:\n  - name: Xabier Navarro\n    number: 21\n    licence: 0914461\n"
           "  - name: Iker Fernández\n    number: 26\n    licence: 954752040\n  - name: Lucía Vidal\n    number: 12\n"
           "    licence: 224625491\n")
_MANIFEST = ("TEILNEHMERLISTE — Rundreise Masuren — 07.04.2026\n"
             " # NACHNAME        VORNAME     GEB.        MOBIL\n"
             " 1 WIECHERT        KEMAL       02.05.1988  +4916210686946\n"
             " 2 LÜTKEMEYER      DRAGAN      04.10.1995  0157 92885115\n"
             " 3 PFISTERER       ANNIKA      23.02.1960  0176 23577506\n")
_ROOMING = ("Buongiorno, ecco la rooming list:\n1. FERRARESI Ilaria + CHEN Ruggero – TPL\n2. IANNUZZI Nicoletta – DBL\n"
            "3. BORTOLOTTI Ruggero + FERRARESI Tommaso – DBL\n4. CAVALLARO Giulia – SGL\n")


@pytest.mark.parametrize("text,value", [
    (_SIM_OUT, "89390100001234567895"),
    (_SIM_OUT, "222019900011122"),
    (_SIM_OUT, "73920461"),
    (_SIM_OUT, "5E0A43F0B1C27D98E6A04B3C2D1F7788"),
    (_SIM_OUT, "A1B2C3D4E5F60718293A4B5C6D7E8F90"),
    (_SIM_OUT, "63001842"),
    (_SIM_OUT, "99AA88BB77CC66DD55EE44FF33001122"),
    ("INSERT INTO `sim_activation` VALUES (4100,89390161869287959144,222012045654622,'+393386816011');",
     "89390161869287959144"),
    ("INSERT INTO `sim_activation` VALUES (4100,89390161869287959144,222012045654622,'+393386816011');",
     "222012045654622"),
    ('"imsi": "234207764751194", "security": {"k": "4A04CE29EB57A1F4DBBD164550B6AF1B", "amf": "8000"}',
     "4A04CE29EB57A1F4DBBD164550B6AF1B"),
    ("NOTE:SIM 89398884328867107763 / PUK 98577305", "98577305"),
    ("Votre carte SIM : code PUK 40917736, code PIN1 7731", "7731"),
    (_DOOR_LOG, "7A14F7B008A3D8"),
    (_READER, "9085039445"),
    (_READER, "3538313875"),
    (_CHIPS, "1977"),
    (_CHIPS, "ORTEGA"),
    (_PHARMACY, "lemaire_m"),
    (_PHARMACY, "maelys.lemaire20"),
    (_FINES, "YB547TF"),
    (_ROOMING, "BORTOLOTTI Ruggero"),
    (_ROOMING, "CAVALLARO Giulia"),
    (_ROOMING, "FERRARESI Ilaria"),
    ("[01.06.26, 10:08] Swantje (planner): Hi Torben, die Anzahlung ist da", "Swantje"),
    ('<td><a href="https://raceboard.io/athletes/230399-ethan-nakamura">E. Nakamura</a></td>', "230399-ethan-nakamura"),
    ('"GET /book?listing=4394&email=annelieseb3%40gmail.com&name=Anneliese+B%C3%B6hm HTTP/1.1" 200',
     "Anneliese+B%C3%B6hm"),
    ('"GET /book?name=Kai+Dietrich&email=k.kuhn%40t-online.de HTTP/1.1" 200', "Kai+Dietrich"),
    ("GET /careers/apply/confirm?email=ayse_wendisch%40gmx.de&name=Ay%C5%9Fe%20Wendisch&job=4471 HTTP/1.1",
     "Ay%C5%9Fe%20Wendisch"),
    (_PICK_LIST, "A. Ruiz"),
    (_PICK_LIST, "W. Quispe"),
    (_ROSTER, "0914461"),
    (_ROSTER, "224625491"),
    (_MANIFEST, "WIECHERT"),
    (_MANIFEST, "02.05.1988"),
    ("[smsgw-worker-0] INFO outbound to=+447459743397 template=pac_reply code=STA723213 valid_until=2026-12-12", "STA723213"),
    ("the following items borrowed on library card No. 26364495716102:", "26364495716102"),
    ("emv.raw tid=TID41872157 PAN=4519500195647131 EXP=2906 amount=87.12", "2906"),
    ("5423 5316 5206 3696 cad. 06/27", "06/27"),
    ("sofia_reg.c:3190 Registered lukas_lindqvist@voip.acme.local from 95.66.235.77:52594", "lukas_lindqvist"),
    ("[INFO] switch_channel.c:1212 New Channel sofia/internal/4916093943018@95.66.235.77 [x]", "4916093943018"),
    ("<sip_from_user>751676560</sip_from_user>", "751676560"),
    ("<strong>Birthday bonus</strong>: Your birthday (1992-04-13) is coming up", "1992-04-13"),
    ("Il tuo compleanno (23/03/1966) si avvicina", "23/03/1966"),
    ("Ship to:\n  Aaliyah Brooks\n  154 Clarendon Park Road\n  LE2 3AD Leicester\n  United Kingdom\n", "LE2 3AD Leicester"),
    ("Ship to:\n  Aaliyah Brooks\n  154 Clarendon Park Road\n  Flat 3\n  Leicester LE2 3AD\n", "Flat 3"),
    ("Nueva solicitud de ausencia\n\nXabier Olmedo (EMP-99406) ha solicitado vacaciones", "EMP-99406"),
    ('<Subject>\n  <GovernmentId countryCode="DE" type="national">90417832155</GovernmentId>\n</Subject>', "90417832155"),
    ("postgresql://mrossi:pw7Xk2qZ@db:5432/mrossi", "mrossi"),
    ("latency above {{threshold}}s @pagerduty-Payments cc @mrossi", "mrossi"),
    ("escalate to @opsgenie-kowalski now", "opsgenie-kowalski"),
    ("PASS=my-wedding-password", "my-wedding-password"),
    ("postgres://kowalski:Xk29pqLm@db/kowalski", "kowalski"),
    ("22/07/2026  Volo TP 1235  (PNR RMAXLG)\n22/07/2026  Trasferimento", "RMAXLG"),
    ('<tr data-client-id="63857">\n    <td>15:00</td><td>Soin visage</td>', "63857"),
    ('<tr><td class="name">Nadias-Galaxy</td><td>192.168.178.21</td></tr>', "Nadias-Galaxy"),
    ("Subject: Nuova richiesta di assenza\n\nDavide,\n\nChiara Bonfanti ha richiesto ferie", "Davide"),
    ("13 A. That's right, my cell.\n14 MR. RAGHUNATHAN: Objection, form.", "RAGHUNATHAN"),
    ('{"email": "cmarchetti@hotmail.it", "birth": "1977-02-18", "address": "Via Nizza 8"}', "1977-02-18"),
    ('{"last_name": "Quarta", "nationality": "ITA", "year_of_birth": 1999, "bib": 12}', "1999"),
    ("Paciente: Paula Castillo    F. nac. 09/01/1985\nDNI 51815167P", "09/01/1985"),
    ("[ManoMano] Messages\n\nBuyer pryceg · 2026-02-24 09:14\nHi, the parcel says delivered", "pryceg"),
    ("Acquirente chiara93 · 10:40\nSì sono io.", "chiara93"),
    ("$ cat statements/MT940_69920820.sta\n:20:STARTUMS\n:25:50010517/7644536551\n:28C:60521/1\n:60F:C250414EUR4101,47\n",
     "50010517/7644536551"),
    ("Conto corrente n. 402952894302 intestato a Tavita Faleolo - Movimenti", "402952894302"),
    ('"data": {"smartcard_number": "7980 0371 4789 8935", "holder": {"name": "Mateusz Haddad"}}', "7980 0371 4789 8935"),
    # the first review's misses
    ("[INFO] switch_channel.c:1212 New Channel sofia/internal/016093943018@10.0.0.9 [x]", "016093943018"),
    ('{"permanentKey": {"permanentKeyValue": "8BAF473F2F8FD09487CCCBD7097C6862", "encryptionKey": 0}}',
     "8BAF473F2F8FD09487CCCBD7097C6862"),
    ("[17.02.26, 10:13] Jan-Hendrik (planner): ok, danke", "Jan-Hendrik"),
    ("GET /r?customer_email=k.kuhn%40t-online.de&name=Kai+Dietrich HTTP/1.1", "Kai+Dietrich"),
    ("| ICCID | IMSI | PIN1 | PUK1 |\n|---|---|---|---|\n| 89390100001234567895 | 222019900011122 | 4821 | 73920461 |\n",
     "73920461"),
])
def test_masked(masker: Masker, text: str, value: str) -> None:
    assert covered(masker, text, value)


@pytest.mark.parametrize("text,value", [
    ("Connect GPIO pin 4 to ground; the PUK 8 header is unused", "4"),
    ("PUK: see the back of the card", "see"),
    ("89390161869287959145 is not a card", "89390161869287959145"),
    ("order 8939016186928795914400 shipped", "8939016186928795914400"),
    ("GET /search?name=Docker&page=2&email=x HTTP/1.1", "Docker"),
    ("see https://github.com/org/repo/blob/main/src/players/service.ts", "service.ts"),
    ("https://docs.example.com/students/guide explains the import", "guide"),
    ("open https://app.example.com/patients/new to add one", "new"),
    (_READER, "HOLDER"),
    (_READER, "READER"),
    ("The form asks for YOB and a phone; the YOB column was added in 2019.", "2019"),
    ("[17.02.26, 10:13] Reminder: pay the caterer", "Reminder"),
    ('{"k": "4A04CE29EB57A1F4DBBD164550B6AF1B", "v": 2}', "4A04CE29EB57A1F4DBBD164550B6AF1B"),
    ("1. README Update – done\n2. TODO Review – open\n", "README Update"),
    ("proxy.pac loaded code=ABC123456", "ABC123456"),
    ("order 4519500195647131 exp=1700000000", "1700000000"),
    ("root@build01.lan: permission denied", "root"),
    ("Registered postgres@db.internal", "postgres"),
    ("New Channel sofia/internal/1001@10.0.0.5", "1001"),
    ("birthday party (2026-05-01 at 18:00)", "2026-05-01"),
    ("[2026-03-01 10:00:01] June: 41 signups", "June"),
    (_PICK_LIST, "MAR-1555-S"),
    (_MANIFEST, " # NACHNAME"),
    ("Thanks to Anna Schmidt (#12345) and Lukas Weber (PROJ-1234)", "12345"),
    ("Assigned to Priya Raman (INC0012345) on Monday", "INC0012345"),
    ("PNR: UPDATE failed for the batch", "UPDATE"),
    ('<tr data-order-id="63857">', "63857"),
    # what a review of this part found
    ("name,email,inv#,status\nAnna Weber,anna.weber@gmail.com,4412,open\nLukas Braun,lukas.b@web.de,4413,paid\n", "4412"),
    ("see https://www.stmarys-hospital.org/patients/billing for the fees", "billing"),
    ("https://www.redcross.org/donors/eligibility-requirements", "eligibility"),
    ("GET /api/orgs?email=billing%40acme.io&name=Acme+Robotics HTTP/1.1", "Acme+Robotics"),
    ("GET /signup?email=anna%40gmx.de&name=Berlin+Office HTTP/1.1", "Berlin+Office"),
    ("GET /api/workspaces?email=admin%40acme.io&name=Zephyr HTTP/1.1", "Zephyr"),
    ("Inventory row: SKODA Fabia 2019, qty 3", "SKODA Fabia"),
    ("Weingut;Wein;Jahrgang;Preis\nDönnhoff;Riesling GG;2019;38,50\nKeller;Silvaner;2021;22,00\n", "2019"),
    ("EAN 8001234567893 lotto L2291 scad. 06/27 qty 12", "06/27"),
    ("Device IMEI 356938035643809 warranty exp 03/26", "03/26"),
    ("holidays: Washington's Birthday (2025-02-17), Memorial Day (2025-05-26)", "2025-02-17"),
    ("hash 89390161869287959144 offset 12", "89390161869287959144"),
    ("Spukhaus: pin 1200 to the board", "1200"),
    ("the galaxy-brain take, Andromedas-Galaxy photo", "Andromedas-Galaxy"),
    ("However,\n\nthe build failed again", "However"),
    ("MS. NOTE: see below", "NOTE"),
    ("Buyer support · 10:40\nThanks for waiting", "support"),
    ("[14:28] Error-Handler (db): timeout after 30s", "Error-Handler"),
    # what a second review found
    ("MS SQL: connection refused on the replica", "SQL"),
    ("DR. DNS: failover to the secondary", "DNS"),
    ("see https://gitlab.com/acme/app/-/runners/31245678 for the runner", "31245678"),
    ("https://www.example.edu/students/2024-orientation", "2024-orientation"),
    ("Customer portal · v2.3.1 released", "portal"),
    ("Lena Fischer (12500) signed up; Kai Weber (LH4012) landed", "12500"),
    ("Lena Fischer (12500) signed up; Kai Weber (LH4012) landed", "LH4012"),
    ("Localizador: H7K2PQ (hotel Santa Cruz)", "H7K2PQ"),
    ('<div class="video" data-user-id="anonymous">', "anonymous"),
    ("Sydney,\n\nMelbourne,\n\nBrisbane", "Sydney"),
    ("ICCID;IMSI;OP;PIN1\n89390100001234567895;222019900011122;Vodafone;4821\n", "Vodafone"),
    ("  File: notes.txt\nAccess: 2026-12-01 14:22:27.880396181 +0000\nModify: 2026-12-01 14:22:27.866453122 +0000\n"
     " Birth: 2026-12-01 14:22:27.864396181 +0000\n", "2026-12-01 14:22:27.864396181"),
    ('<tr data-client-id="{{ client.id }}">', "client.id"),
    ("Thanks to Anna Schmidt (#12345) and Lukas Weber (PROJ-1234)", "PROJ-1234"),
    ("DATABASE_URL: postgres://chargehub:${POSTGRES_PASSWORD}@db:5432/chargehub", "chargehub:"),
    ('{"components": [{"id": "x1", "name": "API", "status": "operational"}, {"id": "x2", "name": "Dashboard", '
     '"status": "degraded_performance"}]}', "degraded_performance"),
    ("[2026-04-05 06:00:09] INFO  remesas: validación XSD correcta\n[2026-04-05 06:04:54] INFO  remesas: 4 filas\n",
     "remesas"),
    ("latency above {{threshold}}s @pagerduty-Payments @slack-ops-alerts", "pagerduty-Payments"),
    ("      WEBHOOK_SECRET: test-webhook-secret\n", "test-webhook-secret"),
    ("Pl.;Mannschaft;Sp;S;U;N;Pkt\n1;US Torrino;9;6;2;1;20\n2;Clifton Athletic;9;5;3;1;18\n3;Real Oviedo B;9;5;2;2;17\n",
     "Clifton Athletic"),
    ("product_handle,product_title,reviews_count\nbettwascheleinen135x20,Bettwäsche Leinen 135x200,159\n"
     "wanderschuhgtxherren,Wanderschuh GTX Herren,89\n", "wanderschuhgtxherren"),
])
def test_kept(masker: Masker, text: str, value: str) -> None:
    assert not touched(masker, text, value)


def test_sim_file_counts(masker: Masker) -> None:
    """Every card's line gives two subscriber numbers and seven secrets; the header and the comments stay."""
    spans = [s for s in masker.pipeline.detect(_SIM_OUT) if s.detector == "sim-files"]
    assert sorted(s.category for s in spans).count("secret") == 14
    assert sorted(s.category for s in spans).count("account") == 4
    assert not touched(masker, _SIM_OUT, "Var_Out")
