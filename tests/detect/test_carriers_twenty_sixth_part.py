"""Agent traffic, twenty-sixth part (issues 23, 24): registers of people kept by councils, transport operators and
their back offices. A people table's column headed by a number word alone ("Nummer", "codice") or by a card's
number ("card_no"); fixed-width exports whose headers have blanks in them ("NATO IL", "ID NUMBER") and whose dates
of birth are eight digits; a register's "SURNAME Given" in a name column; a dump's row of a person (its lettered
number, its whole address); a validation error's value named by its field; the writer's own reference in a
letter; the login of whoever worked a case and of whoever speaks in a chat export; a password with an "&" in a log
line. And what stays: a service account glued to its application's name, a table's "ref" beside a person's own
number, a record's SKU, a Python module's logger. The values here are our own."""

from __future__ import annotations

import pytest

from coatcheck import Masker

from .spans import found, touched


@pytest.mark.parametrize("text,value,category", [
    # a number word alone heads a people table's column: each row's person's number, whatever its letters
    ("cognome;nome;email;numero;attivo_dal\nFerri;Giulia;g.ferri@mailbox-one.it;77-401233-9;2024-02-01\n",
     "77-401233-9", "account"),
    ("Name;E-Mail;Mobil;Nummer;gültig_ab\nJohanna Weiß;jw@postfach-eins.de;+49 1520 4455660;KV9182736;12.05.2025\n",
     "KV9182736", "account"),
    # a card's number beside its holder, Luhn or not (a transit or a loyalty card)
    (" id | member_name | email | card_no | joined\n----+-------------+-------+---------+-------\n"
     " 12 | Ann Weller | aweller@mailbox.test | 7730019283746611 | 2024-01-02\n", "7730019283746611", "account"),
    # a data frame's holder and its number
    ("   holder          code         city     amount\n0  Ruth Calloway   XK-20931-7   Leeds    12.50\n", "Ruth Calloway",
     "person"),
    # a register's SURNAME Given in a name column
    ("Kundennr;Name;Telefon;Tarif\nKD99120;WEISS Johanna;+49 89 5512093;BASIS\n", "WEISS Johanna", "person"),
    # a child's date of birth, by its qualified column
    ("dossier;nom;date_naissance_enfant\nD-5512;Inès Caron;2017-03-22\n", "2017-03-22", "birth_date"),
    ("pupil,child_dob,parent_phone\nTom Reyes,2016-05-28,07700 900982\n", "2016-05-28", "birth_date"),
    # a French admin table's driving licence ("Permis") beside the person
    ("<table><thead><tr><th>Nom</th><th>Permis</th><th>Date de naissance</th></tr></thead>"
     "<tbody><tr><td>Maëlle Roux</td><td>12AB47193</td><td>02/03/1984</td></tr></tbody></table>", "12AB47193", "account"),
    # a manifest's traveller as airlines write it
    ("| booking_ref | pax_name   | dob        |\n|-------------|------------|------------|\n"
     "| PCL-551902  | ÖZTÜRK/ELIF | 1990-04-12 |\n", "ÖZTÜRK/ELIF", "person"),
    # the civic registers' people: jurors, taxpayers, informants
    ('{"event":"summons.sent","juror_number":"771204938"}', "771204938", "account"),
    ("kiosk_login ok numero_giurato=640193822 device=kiosk3", "640193822", "account"),
    ('{"event":"bill.generated","codice_contribuente":"55019283"}', "55019283", "account"),
    ("GET /api/v2/registrations?informant_id=INF4410921 HTTP/2", "INF4410921", "account"),
    ("id_solicitante;name;phone\nAPP-7711202;Ana Lozano;628 17 26 32\n", "APP-7711202", "account"),
    # a lettered contract number in its slot, whatever its layout
    ("Il mio codice contratto è DE-VLT-C83315623-5, grazie.", "DE-VLT-C83315623-5", "account"),
])
def test_registers_the_twenty_sixth_part_reads(masker: Masker, text: str, value: str, category: str) -> None:
    assert found(masker, text).get(value) == category


def test_a_fixed_width_export_with_blanks_in_its_header(masker: Masker) -> None:
    text = ("EXPORT JOB5512  RUN 2026-03-02\n"
            "COGNOME    NOME       NATO IL   DOC               DEPOSITO\n"
            "FERRANTE   GIULIA     14071983  YA7712094         NORD\n"
            "OKAFOR     CHIDI      02111979  CA55190277        SUD\n")
    got = found(masker, text)
    assert got.get("14071983") == "birth_date" and got.get("02111979") == "birth_date"
    assert "YA7712094" in got and "CA55190277" in got
    assert "NORD" not in got and "SUD" not in got


def test_a_dump_row_of_a_person(masker: Masker) -> None:
    text = ("INSERT INTO `riders` VALUES (7966,'Harry','Pritchard','hp72@mailbox.test','CR772245',"
            "'DE92264560051833064964','31 Mill Lane, Norwich NR2 3HL','2024-08-28 22:32:51');")
    got = found(masker, text)
    assert got.get("CR772245") == "account"
    assert any("31 Mill Lane" in v and "NR2 3HL" in v for v in got)
    assert "7966" not in got and "2024-08-28 22:32:51" not in got


@pytest.mark.parametrize("text,value,category", [
    # a validation error names the field, then prints what it was given (a JSON log, pydantic)
    ('{"level":"error","err":"validation failed for field date_of_birth","value":"1961-03-14"}', "1961-03-14",
     "birth_date"),
    ("1 validation error for Applicant\nbirth_date\n  Input should be a valid date [type=date_parsing, "
     "input_value='14/03/61', input_type=str]", "14/03/61", "birth_date"),
    # the writer's own reference in a letter, five languages
    ("I am writing about my bill. My reference is 93189020 and I moved in March.", "93189020", "account"),
    ("les escribo por mi inscripción. Mi número es KX4410291 y vivo en Toledo", "KX4410291", "account"),
    # whoever worked the case, in parentheses after their role; whoever speaks in a chat export
    ("--- internal note (agent maria.keller) ---\nChecked the reader.", "maria.keller", "username"),
    ("--- interne Notiz (Bearbeiter florian_k) ---", "florian_k", "username"),
    ("[2024-05-02 10:15] frostbyte77: anyone seen order 55123?", "frostbyte77", "username"),
    ("[2024-09-07 09:32] sea.otter: can someone check this card", "sea.otter", "username"),
    # a password with an "&" in a log line
    ("2024-06-03 INFO connecting to db01 as app password=Sol&Sombra677", "Sol&Sombra677", "secret"),
    # a British address whose town and postcode follow the street
    ("I have lived at 14 Priory Gardens, Reading RG1 5AQ since March 2019.", "14 Priory Gardens, Reading RG1 5AQ",
     "address"),
    # a Spanish mobile after "llámenme"
    ("Por favor, llámenme al 679 36 67 52.", "679 36 67 52", "phone"),
])
def test_values_named_by_what_surrounds_them(masker: Masker, text: str, value: str, category: str) -> None:
    assert found(masker, text).get(value) == category


@pytest.mark.parametrize("text,value", [
    # a service account glued to its application's name
    ("$ crontab -l -u meterledgersvc\n15 2 * * * /opt/meterledger/bin/run-job bill_run", "meterledgersvc"),
    # a table's "ref" beside a person's own number is the record's reference
    ("  id  |      ref       |   name        |  customer_no  |   email\n"
     "------+----------------+---------------+---------------+----------------\n"
     " 9800 | ORD-6532083    | Sergio Ruiz   | C46647768     | sr@mailbox.test\n", "ORD-6532083"),
    # a record's SKU and version in a person's row
    ("INSERT INTO orders VALUES (1,'Harry Pritchard','hp72@mailbox.test','ORD-2024-1182','SKU-AB12345','v2.4.1');",
     "SKU-AB12345"),
    # a Python module's logger in a chat-like stamp; a version in a role's parentheses
    ("[2024-03-07 09:12] json.decoder: failed on input", "json.decoder"),
    ("(agent v2.1)", "v2.1"),
    # a query string's next parameter and a command sent to the background are no part of a password
    ('curl "https://x.io/cb?user=1&next=/home" &', "next=/home"),
    # an order's number stays, even the writer's own
    ("my order number is 55120931", "55120931"),
])
def test_what_the_twenty_sixth_part_keeps(masker: Masker, text: str, value: str) -> None:
    assert not touched(masker, text, value)


@pytest.mark.parametrize("text,value,category", [
    # payment and payroll files: an ISO 20022 party's name, a French DSN's person rubrics, a PBX's caller name
    ("<CdtTrfTxInf>\n  <Cdtr><Nm>Osterhagen, Frauke</Nm></Cdtr>\n</CdtTrfTxInf>", "Osterhagen, Frauke", "person"),
    ("dsn.controle - S21.G00.30.001=283057512304455 S21.G00.30.002=LE BIHAN S21.G00.30.004=Nadège : rubrique",
     "LE BIHAN", "person"),
    ("dsn.controle - S21.G00.30.001=283057512304455 S21.G00.30.002=LE BIHAN", "283057512304455", "national_id"),
    ("app_dial.c: CALLERID(num)=+447700900871 CALLERID(name)=NOWACZYK", "NOWACZYK", "person"),
    # an XML address's lines and postcode
    ("<Address><Line>22 Larch Grove</Line><Line>Southsea</Line><UKPostcode>PO5 1JF</UKPostcode></Address>",
     "PO5 1JF", "address"),
    # a register's "Surname, Given" in a sqlite3 list beside an IBAN; a surname and initial under a holder's column
    ("07.04.2024;Vogelhausen, Kerstin;M-551;Einzahlung Sparbuch;80,00;DE44500105175407324931", "Vogelhausen, Kerstin",
     "person"),
    ("Personalnr;Name;Datum;Kommen\nP55229;Lohmöller, Dirk;17.02.2025;07:58\n", "Lohmöller, Dirk", "person"),
    ("CASE      DEBTOR                  ACCOUNT\nC8457055  KEMBLE I                326046103425\n", "KEMBLE I", "person"),
    # identity documents after their label with a number word
    ("Vi mando la carta d'identità numero CA95289HC.", "CA95289HC", "passport"),
    ("Personalausweis-Nr.:    YJH9VL3594", "YJH9VL3594", "passport"),
    # whoever wrote a ticket's internal note; a ticket's agent on its own line
    ("— Nota interna (rbellandi): perizia caricata", "rbellandi", "username"),
    ("Incidencia RCB-5521\nAgente: pilar.echeverri\n\nEl deudor", "pilar.echeverri", "username"),
    # a one-time code a log line sends, a PIN flag, a message's recipient, a desk phone's provisioning file
    ("auth-svc[4214]: otp.sent user_id=ravi96 code=129673 provider=MessageBird ttl=300", "129673", "secret"),
    ("mdmctl device wipe --serial 922098MNT4TX --pin 178603 --reason stolen", "178603", "secret"),
    ('{"sender":"Bakehouse","recipient":"447700183456","content":"Hi"}', "447700183456", "phone"),
    ("# provisioning file /tftpboot/501b194a3be0.cfg", "501b194a3be0", "mac"),
])
def test_payments_payroll_and_tickets(masker: Masker, text: str, value: str, category: str) -> None:
    assert found(masker, text).get(value) == category


def test_a_statement_address_block(masker: Masker) -> None:
    text = ("-" * 40 + "\nNATHANIEL BRIGHTWELL\n71 Sandringham Drive\nNorwich NR2 3BX\n"
            "                     Membership no : PM2744663\n")
    got = found(masker, text)
    assert got.get("NATHANIEL BRIGHTWELL") == "person"
    assert got.get("71 Sandringham Drive\nNorwich NR2 3BX") == "address"


@pytest.mark.parametrize("text,value", [
    # a ledger's account names are no people; a debtor's case number and a SEPA file's "NOTPROVIDED" stay
    ("account,name,balance\n4000,Office Supplies,12.00\n", "Office Supplies"),
    ("<Cdtr><Nm>NOTPROVIDED</Nm></Cdtr>", "NOTPROVIDED"),
    # a draft's note, a status code near an OTP event, an all-zero provisioning file
    ("Nota interna (bozza): da rivedere", "bozza"),
    ("otp.sent user_id=ravi96 status_code=200", "200"),
    ("/tftpboot/000000000000.cfg", "000000000000"),
    # a semicolon export under its header: a register's codes stay for the header to decide
    ("num_adherent;nom;ring;telephone;iban\n5344;Inès Bonnet;DV-07279-23-4693;+33 6 71 56 84 85;BE42327198537816\n",
     "DV-07279-23-4693"),
])
def test_what_payments_payroll_and_tickets_keep(masker: Masker, text: str, value: str) -> None:
    assert not touched(masker, text, value)


@pytest.mark.parametrize("text,value,category", [
    # a table printed sideways: each field a row, each person a column
    ("| | Client 1 | Client 2 |\n|---|---|---|\n| Name | Eleanor Whitfield | Callum Ashworth |\n"
     "| DOB | 25/10/1970 | 17/01/1977 |\n", "17/01/1977", "birth_date"),
    # a birth date after "Geboren bin ich am"
    ("Geboren bin ich am 11.07.1987. Eventuelle Rückzahlungen bitte auf mein Konto.", "11.07.1987", "birth_date"),
    # an RTI submission's payroll id; a UK bank account beside its sort code in JSON
    ("<Employment><PayId>CL93-832</PayId></Employment>", "CL93-832", "account"),
    ('{"sortCode": "40-11-22", "accountNumber": "01928374"}', "01928374", "account"),
    # a dialler's called number
    ("id,called,agent,disposition\n8867435,07410532829,iasante,PTP\n", "07410532829", "phone"),
])
def test_sideways_tables_and_bank_records(masker: Masker, text: str, value: str, category: str) -> None:
    assert found(masker, text).get(value) == category


def test_a_sideways_table_of_figures_stays(masker: Masker) -> None:
    text = "| Metric | 2024 | 2025 |\n|---|---|---|\n| Date | 01/02/2024 | 01/02/2025 |\n| Name | Revenue | Costs |\n"
    assert not touched(masker, text, "Revenue") and not touched(masker, text, "01/02/2025")


@pytest.mark.parametrize("text,value", [
    # a review's probes of this part's mechanisms on ordinary developer text
    ("| Parameter | Type | Required | Description |\n|---|---|---|---|\n| name | string | Yes | Display Name |\n"
     "| email | string | Yes | Primary Email |\n", "Display Name"),
    ("My reference is RFC-7231 for the caching rules", "RFC-7231"),
    ("my ref: JIRA-4521 covers this bug", "JIRA-4521"),
    ("otp.verify failed status=401 code=4010", "4010"),
    ("verify_signature took 120ms, retry code=5001", "5001"),
    ("Internal note (pending): waiting on the vendor", "pending"),
    ("[2024-03-07 09:12] node18: build finished ok", "node18"),
    ("(agent linux_x64)", "linux_x64"),
    ("Agent: ubuntu2204", "ubuntu2204"),
    ("holder,type,expires\nVisa,credit,2027-01\nMastercard,debit,2026-05\n", "Mastercard"),
    ("employee_id,name,dept\nE1001,HR Manager,People\n", "HR Manager"),
    ("name,email,number\nAnn Cole,ann.cole@posteo.de,INV-2024-0012\n", "INV-2024-0012"),
    ("name,email,phone\nAWS Lambda,lambda-team@acme-mail.com,+44 20 7946 0321\n", "AWS Lambda"),
    ("INSERT INTO t VALUES (1,'mario.rossi@gmail.com','Mario','Rossi','RTX4090','V100X32G');", "RTX4090"),
    ("cp build/a1b2c3d4e5f6.xml dist/", "a1b2c3d4e5f6"),
    ("<Dbtr><Nm>Stadtwerke München</Nm></Dbtr>", "Stadtwerke München"),
    ("<Address><City>London</City><Country>GB</Country></Address>", "London"),
    ("Acme Sales\n42 Baker Street, London NW1 6XE", "Acme Sales"),
    ("MFA token serial 0612345678 registered", "0612345678"),
    ("1 validation error for X\nname\n  Value error [type=value_error, input_value='Hello World', input_type=str]",
     "Hello World"),
    ("field=phone value=20240301 msg=bad", "20240301"),
    # a placeholder's number in a number column and in a sentence; a company as a payment's creditor
    ("name;email;numero\nJane Doe;jane@example.com;XX000000\n", "XX000000"),
    ("My reference is XXXX0000 thanks", "XXXX0000"),
    ("<Cdtr><Nm>Vodafone Deutschland</Nm></Cdtr>", "Vodafone Deutschland"),
])
def test_what_a_review_of_the_twenty_sixth_part_keeps(masker: Masker, text: str, value: str) -> None:
    assert not touched(masker, text, value)


def test_unicode_digits_in_a_date_column_do_not_crash(masker: Masker) -> None:
    text = "name,email,dob\nAlice Brown,alice.b@mailbox.test,¹²³⁴⁵⁶⁷⁸\n"
    masker.pipeline.detect(text)
    assert masker.restore(masker.mask(text).text) == text


def _search_seconds(pattern, text: str) -> float:
    import time
    start = time.perf_counter()
    pattern.search(text)
    return time.perf_counter() - start


def test_a_chat_stamp_before_a_long_token_stays_linear() -> None:
    import regex

    from coatcheck.detect.rules import load_rules
    pattern = regex.compile(next(r for r in load_rules() if r.id == "chat-login-speaker-dated").pattern)
    times = [_search_seconds(pattern, "[2024-03-07 09:12] " + "deadbeef0123" * k) for k in (500, 2000)]
    assert times[1] < 10 * times[0] + 0.2, times  # four times the token: linear ~4x, quadratic ~16x


def test_a_callers_whole_name(masker: Masker) -> None:
    text = 'Set("SIP/201-0000a", "CALLERID(name)=Okonkwo Chidi")'
    assert found(masker, text).get("Okonkwo Chidi") == "person"


@pytest.mark.parametrize("text,value", [
    ("FIRST NAME   LAST NAME   PHONE NUMBER\nBuild        Server      20240301\n", "Server"),
    ("USER NAME     LAST LOGIN           SHELL\nmrossi77      2024-03-01 10:00     /bin/bash\n", "mrossi77"),
])
def test_an_aligned_header_with_blanks_keeps_its_cells_whole(masker: Masker, text: str, value: str) -> None:
    # "FIRST NAME" and "USER NAME" are one column each: a cell is never cut at the next header word's start
    start = text.index(value)
    for s in masker.pipeline.detect(text):
        if s.start < start + len(value) and s.end > start:
            assert s.start <= start and s.end >= start + len(value), text[s.start:s.end]


def test_an_address_cell_stops_at_its_closing_quote(masker: Masker) -> None:
    text = "INSERT INTO x VALUES ('Via Gorizia 78, 37138 Verona','2025-03-22 18:58:44');"
    assert found(masker, text).get("Via Gorizia 78, 37138 Verona") == "address"
    assert "Via Gorizia 78, 37138 Verona'" not in found(masker, text)


def test_a_message_bodys_recipient(masker: Masker) -> None:
    assert found(masker, '{"to": "447700183456", "body": "Your parcel is ready"}').get("447700183456") == "phone"
    assert not touched(masker, '{"event":"transfer","from":"31612345678","to":"31612345679","amount":3}', "31612345679")
