"""Agent traffic, twenty-fifth part (issues 23, 24): registers of people kept by shops, clubs, hotels and telephone
systems. GB driving licences by their layout; a call's or a message's parties written as full international numbers
without their "+"; a mobile number beside the name it belongs to; a people table's licences and permits whatever
they license, its identity documents' "doc_no", a club's four-digit member numbers; surnames numbered as Spanish
registers write them; "SURNAME Given" in an aligned listing. And what stays: bookings, tickets and folios are
transactions, as orders are, wherever their number stands (a key, a table's first column, a sentence); a register's
code in digit groups is nobody's login. The values here are our own."""

from __future__ import annotations

import re

import pytest

from coatcheck import Masker

from .spans import found


def _touched(masker: Masker, text: str, value: str) -> bool:
    start = text.index(value)
    return any(s.start < start + len(value) and s.end > start for s in masker.pipeline.detect(text))


@pytest.mark.parametrize("text,value,category", [
    # a GB driving licence: surname, birth decade, month (+50 for a woman), day, year, initials, a digit, two checks
    ("seller_id_number: PRICE751128DE9TW\nitem: 9ct chain", "PRICE751128DE9TW", "driver_license"),
    # a call's and a message's parties: src/dst of a PBX, to= of an SMS gateway, a CDR's columns
    ("2026-03-02 10:14:09 sms id=DLR-5512 to=447700183456 status=DELIVRD", "447700183456", "phone"),
    ("call src=393491827364 dst=301 billsec=74", "393491827364", "phone"),
    ("calldate,src,dst,disposition\n2026-03-02 10:14:09,301,34611223344,ANSWERED\n", "34611223344", "phone"),
    # a mobile number in its country's grouping beside the name it belongs to
    ("Tavolo 4 - 20:45 - Dott. Lorenzo Galli - 348-5519027 - 3 persone", "348-5519027", "phone"),
    ("Contacto: Marta Ibáñez, 655 31 84 27", "655 31 84 27", "phone"),
    # a people table's licence or permit, whatever it licenses
    ("keeper;phone;dog_licence\nAinhoa Etxeberria;+34 655 318 427;DL-551902\n", "DL-551902", "account"),
    ("name,email,fishing_permit\nTorsten Lindqvist,tl@mailbox.test,FP-2026-77120\n", "FP-2026-77120", "account"),
    # an identity document's number under doc_no, nine digits
    ("surname,given_name,doc_type,doc_no,room\nHalvorsen,Ingrid,PASSPORT,552019384,214\n", "552019384", "passport"),
    # a club's member number: four digits under a number word
    ("mitglieds_nr;name;telefon\n0718;Gisela Brandtner;+49 171 5519027\n", "0718", "account"),
    # numbered surnames (the Spanish police's guest register) and a register's "SURNAME Given" in aligned columns
    ("<persona>\n  <apellido1>Etxeberria</apellido1>\n  <apellido2>Goikoetxea</apellido2>\n</persona>", "Goikoetxea", "person"),
    ("N°   Date        Objet            Vendeur             Pièce\n"
     "412  03/02/2026  Bague or 18k     MARCHAND Odile      CNI\n", "MARCHAND Odile", "person"),
])
def test_values_the_twenty_fifth_part_reads(masker: Masker, text: str, value: str, category: str) -> None:
    assert found(masker, text).get(value) == category


@pytest.mark.parametrize("text,value", [
    # bookings, tickets and folios: a transaction's number in a key, a sentence, a table's first column
    ('{"level":"info","msg":"payout.created","ticket":"PT-551902","customer_email":"gl@mailbox.test"}', "PT-551902"),
    ('{"msg":"booking.created","booking_id":"BK7712094","member":"Greta Lindholm"}', "BK7712094"),
    ("level=info msg=night_audit.posting folio=F7712094 guest=\"Greta Lindholm\"", "F7712094"),
    ("2026-03-02 08:51:02 INFO  Buchung B-551902 erstellt", "B-551902"),
    ("Reservé para el sábado (reserva R5519027) y me han cobrado dos veces", "R5519027"),
    (" booking  | name            | phone\n----------+-----------------+-------------\n"
     " R5519027 | Greta Lindholm  | +44 7911 123456\n", "R5519027"),
    ("ticket   nominativo         kg\nW551902  Lorenzo Galli      519.7\n", "W551902"),
    ('{"content": " booking  | name\\n----------+----------------\\n R7712094 | Greta Lindholm\\n"}', "R7712094"),
    # a register's code in digit groups (a ring's, a tag's): no login
    ("socio\tnombre\tring\n2169\tAinhoa Etxeberria\tDV-05512-26-4471\n", "DV-05512-26-4471"),
    # a database's row ids under "_id" stay; a local extension and a timestamp in a party's slot stay
    ("customer_id,full_name,email\n1000,Greta Lindholm,gl@mailbox.test\n1001,Lorenzo Galli,lg@mailbox.test\n", "1000"),
    ("call src=301 dst=302 billsec=12", "302"),
    ("to=20260302101409 status=queued", "20260302101409"),
    # a number the name is not beside: an order's
    ("order 348-5519027 shipped to the warehouse", "348-5519027"),
])
def test_what_the_twenty_fifth_part_keeps(masker: Masker, text: str, value: str) -> None:
    assert not _touched(masker, text, value)


def test_a_phone_stops_at_a_spaced_dash(masker: Masker) -> None:
    text = "Tavolo 12 - 20:30 - Sig.ra Federica Conti - tel 347 992 1180 - 4 coperti"
    assert found(masker, text).get("347 992 1180") == "phone"


@pytest.mark.parametrize("text,value,category", [
    # a title before initials and a surname; a payee in capitals on a statement or a payment file
    ("Previous landlord: Mr D. O'Sullivan (references attached)", "Mr D. O'Sullivan", "person"),
    ("04/03/2026,TFR TO MRS A K PEMBERTON-SMYTHE,-200.00,2836.32", "A K PEMBERTON-SMYTHE", "person"),
    # a name typed in lower case in a name field
    ('{"investor_id": "INV-882019", "first_name": "siobhan", "last_name": "ferreira"}', "ferreira", "person"),
    # a UK bank account: a sort code and its account number side by side
    ("BACS: 40-11-22 01928374 0 99 SALARY MAR26", "40-11-22 01928374", "account"),
    # a patch's path names its value (SCIM PatchOp, JSON Patch); an import report's field names its value
    ('{"Operations":[{"op":"replace","path":"name.familyName","value":"Kowalczyk"}]}', "Kowalczyk", "person"),
    ('[{"op": "replace", "path": "/emails/0/value", "value": "lg@mailbox-one.it"}]', "lg@mailbox-one.it", "email"),
    ("row,field,value,error\n14,phone,+39 347 119 2288x,invalid format\n15,email,gianni.r@libero,missing TLD\n",
     "gianni.r@libero", "email"),
    ("row,field,value,error\n16,birthdate,31/02/1988,invalid date\n", "31/02/1988", "birth_date"),
    # a handle in an object named for its platform
    ('{"person":{"twitter":{"handle":"rkjeldsen_dk"},"github":{"handle":"rkjeld"}}}', "rkjeld", "username"),
    # an address in a CSV cell after a URL's cell is an address, not the URL's userinfo
    ("name,url,username,password\nNetflix,https://www.netflix.com,tomas.r@mailbox-one.it,Kaffe!2026\n",
     "tomas.r@mailbox-one.it", "email"),
])
def test_payees_patches_and_reports(masker: Masker, text: str, value: str, category: str) -> None:
    assert found(masker, text).get(value) == category


@pytest.mark.parametrize("text,value", [
    # a password manager's entry names a site; a mail server's status is no DSN's password
    ("name,url,username,password\nNetflix,https://www.netflix.com,tomas.r@mailbox-one.it,Kaffe!2026\n", "Netflix"),
    ("postfix/smtp[22014]: 4F1A92C0D3: to=<lg@mailbox-one.it>, delay=1.2, dsn=2.0.0, status=sent", "2.0.0"),
    # a work item's word is no login; a type in a name field is no name
    ("Sender                           Subject             Received\n"
     "j.whitlock@caldwell-freight.com  RE: invoice 4471    2026-03-02 08:02\n", "invoice"),
    ("first_name: str\nlast_name: unknown\n", "unknown"),
    # capitals that are no title and name: a product, a date and a YYYYMMDD date
    ("Open it in MS WORD first", "WORD"),
    ("rotated from 26-03-02 20260302 logs", "20260302"),
])
def test_what_payees_patches_and_reports_keep(masker: Masker, text: str, value: str) -> None:
    assert not _touched(masker, text, value)


@pytest.mark.parametrize("text,value,category", [
    # a single-page app's route in the fragment carries the invitation's token: the link is masked whole
    ("Invite: https://vault.pass-keeper.io/#/accept-organization?organizationId=5f1e2d3c&token=ZXlKaGJHY2lPaUpJVXpJMU5pSjk",
     "https://vault.pass-keeper.io/#/accept-organization?organizationId=5f1e2d3c&token=ZXlKaGJHY2lPaUpJVXpJMU5pSjk", "secret"),
    # an envelope sent for signature
    ("Sign here: https://app.docusign.com/documents/details/7d1e2a3c-4b5a-4968-8776-a5b4c3d2e1f0",
     "https://app.docusign.com/documents/details/7d1e2a3c-4b5a-4968-8776-a5b4c3d2e1f0", "url"),
    # a copula and its article before a member's number
    ("Mon numéro d'adhérent est le 00551902 depuis 2019.", "00551902", "account"),
    ("investor #INV-551902 requested a payout", "INV-551902", "account"),
])
def test_links_and_sentences(masker: Masker, text: str, value: str, category: str) -> None:
    assert found(masker, text).get(value) == category


def test_a_signature_services_help_page_stays(masker: Masker) -> None:
    text = "See https://support.docusign.com/s/articles/How-to-sign for the steps"
    assert not _touched(masker, text, "https://support.docusign.com/s/articles/How-to-sign")


@pytest.mark.parametrize("text,value", [
    # a name in lower case in a file's name or a people table's name column, when the gazetteers know its words
    ("Attached: payslip_gisela_brandtner_2026-03.pdf", "brandtner"),
    ("name,email,amount\nsiobhan ferreira,sf@mailbox-one.ie,125.40\njoost van dam,jvd@mailbox-two.nl,88.10\n",
     "joost van dam"),
])
def test_names_in_lower_case(masker: Masker, text: str, value: str) -> None:
    assert found(masker, text).get(value) == "person"


@pytest.mark.parametrize("text,value", [
    ("see release_notes_march.pdf and user_guide-final.docx", "release_notes_march"),
    ("the form's sample is mario_rossi.txt", "mario_rossi"),
])
def test_file_names_of_words_and_placeholders_stay(masker: Masker, text: str, value: str) -> None:
    assert not _touched(masker, text, value)


@pytest.mark.parametrize("text,value", [
    # a date of birth after the place of birth, in a written date with its "de", or with the month abbreviated
    ("Mario Bianchi, nato a Roma il 12/03/1985, residente a Parma", "12/03/1985"),
    ("Laura Gómez, nacida el 3 de marzo de 1985 en Sevilla.", "3 de marzo de 1985"),
    ("Applicant: Tobias Renwick, DOB 03-Mar-1985, NI JR551902C", "03-Mar-1985"),
])
def test_dates_of_birth_in_sentences(masker: Masker, text: str, value: str) -> None:
    assert found(masker, text).get(value) == "birth_date"


def test_a_name_a_comma_and_a_date_is_no_address(masker: Masker) -> None:
    text = "Applicant: Tobias Renwick, DOB 03-Mar-1985, NI JR551902C"
    assert found(masker, text).get("Tobias Renwick") == "person"


def test_a_release_date_with_its_month_abbreviated_stays(masker: Masker) -> None:
    text = "released 03-Mar-2024 and 12-Jan-2025 (see CHANGELOG)"
    assert not _touched(masker, text, "03-Mar-2024")


@pytest.mark.parametrize("text,value", [
    # a club's or a lender's officer, a committee's treasurer: a login there is the person's
    ("club:\n  range_officer: grumpyotter\n  escalate_to: ops@club.example\n", "grumpyotter"),
    ("kassenwart: hbecker77\n", "hbecker77"),
])
def test_officers_logins(masker: Masker, text: str, value: str) -> None:
    assert found(masker, text).get(value) == "username"


@pytest.mark.parametrize("text,value", [
    ("[program:web]\nsupervisor: supervisord\n", "supervisord"),
    ("advisor: gpt4\ncoach: rubocop\n", "rubocop"),
])
def test_roles_tools_configure_stay(masker: Masker, text: str, value: str) -> None:
    assert not _touched(masker, text, value)


def test_a_tables_first_column_of_references_stays_and_a_policy_column_is_masked(masker: Masker) -> None:
    refs = " ref      | name            | phone\n----------+-----------------+-------------\n R5519027 | Greta Lindholm  | +44 7911 123456\n"
    assert not _touched(masker, refs, "R5519027")
    policies = " policy_no | name           | phone\n-----------+----------------+------\n P5519027  | Greta Lindholm | +44 7911 123456\n"
    assert found(masker, policies).get("P5519027") == "account"


# -- what a review of this part found: each a variant its first version missed or a reading it got wrong ------------
@pytest.mark.parametrize("text,value,category", [
    ("Tel: 06 - 4881234", "06 - 4881234", "phone"),
    ("Telefono: +39 347 - 992 1180", "+39 347 - 992 1180", "phone"),
    ('{"label": "Passport no.", "text": "YA1234567"}', "YA1234567", "passport"),
    ('{"label": "Kunden-Nr.", "text": "545800"}', "545800", "account"),
    ('Content-Disposition: form-data; name="user[birth_date]"\n\n1986-05-07\n--x\n', "1986-05-07", "birth_date"),
    ("column,old_value,new_value\nemail,a.old@mailbox-one.it,b.new@mailbox-two.it\n", "b.new@mailbox-two.it", "email"),
    ("mysql://mrossi:Xy7;kP,2q@db.internal/app", "mrossi", "username"),
    ("MS ROSS-SMITH called about the refund", "ROSS-SMITH", "person"),
    ("TFR TO MRS A K PEMBERTON SMYTHE,-200.00", "A K PEMBERTON SMYTHE", "person"),
    ("Meine Mitgliedsnummer ist die 00551902", "00551902", "account"),
    ("Il mio codice cliente è lo 5519027", "5519027", "account"),
    ("https://vault.pass-keeper.io/index.html#!/accept?token=ZXlKaGJHY2lPaUpJVXpJMU5pSjk",
     "https://vault.pass-keeper.io/index.html#!/accept?token=ZXlKaGJHY2lPaUpJVXpJMU5pSjk", "secret"),
])
def test_reviewed_variants_are_masked(masker: Masker, text: str, value: str, category: str) -> None:
    assert found(masker, text).get(value) == category


@pytest.mark.parametrize("text,value", [
    ("account_no,account_name,type\n1200,Accounts Receivable,Asset\n4000,Sales Revenue,Income\n", "1200"),
    ("See the  GNU General  Public  License for more details.", "General"),
    ("date,invoice_no,amount\n15-03-24,10023456,120.00\n", "10023456"),
    ("L2 MISS A LOT\nMR A NEW FEATURE\nENABLE MS A MODE\n", "NEW"),
    ("from,to,weight\n14155552671,12125551234,3\n", "12125551234"),
    ('{"event":"transfer","from":"31612345678","amount":3}', "31612345678"),
    ("first_name,last_name,course_registration,product_license\nAnna,Weber,2024-01,ENT-500\n", "ENT-500"),
    ("first_name,last_name,course_registration\nAnna,Weber,2024-01\n", "2024-01"),
    ("| field | value |\n|---|---|\n| email | noreply@github |\n", "noreply@github"),
])
def test_reviewed_readings_stay(masker: Masker, text: str, value: str) -> None:
    assert not _touched(masker, text, value)


def test_a_long_table_of_bookings_is_read_in_linear_time() -> None:
    from coatcheck.detect.logins import _first_column_names_work_item

    rows = "".join(f" R77{i:05d} | Greta Lindholm | active\n" for i in range(3000))
    text = " booking | name | status\n---------+------+-------\n" + rows
    memo: dict[int, bool] = {}
    starts = [m.start(1) for m in re.finditer(r"(?m)^ (R77\d+)", text)]
    assert all(_first_column_names_work_item(text, p, memo) for p in starts)
    assert len(memo) <= text.count("\n") + 1  # each line walked once


@pytest.mark.parametrize("text,value", [
    ("num_doc;data;descrizione;prezzo\n2024976;14/10/2024;anello oro 750 gr 14,9;279,00\n", "anello"),
    ("booking\tnom\tnote\nR3870974\tMathieu Moreau\tallergie crustacés\n", "allergie"),
])
def test_a_cells_words_in_any_language_are_no_logins(masker: Masker, text: str, value: str) -> None:
    assert not _touched(masker, text, value)


@pytest.mark.parametrize("text,value", [
    ("<RmtInf><Ustrd>Gehalt 03/2026 PersNr 4471</Ustrd></RmtInf>", "4471"),
    ("Staff ID: 882, night shift", "882"),
    ("<persona>\n  <nombre>Elena</nombre>\n  <apellido1>Jiménez</apellido1>\n</persona>", "Elena"),
])
def test_personnel_numbers_and_given_names_beside_surnames(masker: Masker, text: str, value: str) -> None:
    assert value in found(masker, text)


@pytest.mark.parametrize("text,value", [
    ("the employee 2024 report is due", "2024"),
    ("<nombre>Elena</nombre>\n<ciudad>Sevilla</ciudad>", "Elena"),
])
def test_numbers_and_names_beside_no_label_stay(masker: Masker, text: str, value: str) -> None:
    assert not _touched(masker, text, value)


def test_a_handle_signing_a_message_is_masked_and_a_words_line_stays(masker: Masker) -> None:
    signed = "The PMS update goes live tonight, see the release notes.\n\n— lemondrop42\n"
    assert found(masker, signed).get("lemondrop42") == "username"
    assert not _touched(masker, "Done.\n— todo_list", "todo_list")
