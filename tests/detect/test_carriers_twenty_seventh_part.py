"""Agent traffic, twenty-seventh part (issues 23, 24): values by their company. A column (with or without a header:
a Markdown report, a fixed-width round sheet, an HTML table, a pipe-separated listing inside a tool's JSON result)
and a repeated key (a receiver log's ``op=``, a JSON list's ``"tech"``) hold one kind of value: once some of it is
found to be names, logins or phone numbers, the rest of that shape is too. The codes that open a place (a verbal
password, a digicode with its letter, a master key code); a date of birth "for verification"; a person's record
with no header (its date of birth by its age); a login before its owner's name in parentheses; a login "launched
by" someone; a person's own page in a package manifest's people fields; Twilio's account SID and a Sentry DSN as
credentials. And what stays: a product column beside one name, a tariff's capitals, a code word's neighbours. The
values here are our own."""

from __future__ import annotations

import pytest

from coatcheck import Masker

from .spans import found, touched


@pytest.mark.parametrize("text,value,category", [
    # a Markdown report's technician column: one name found, the others of its shape
    ("| Job | Date | Service | Tech | Status |\n|---|---|---|---|---|\n"
     "| J-2201 | 2026-05-28 | lawn cut | Owen Gallagher | done |\n| J-2202 | 2026-06-15 | hedge trim | Priya O. | open |\n"
     "| J-2203 | 2026-06-16 | hedge trim | Martina K. | open |\n", "Priya O.", "person"),
    # a fixed-width round sheet with no header: a phone column the phone stage read in part
    ("RS-88101   +44 7912 481203    12 Mill Lane, Leeds LS6 2AB\nRS-88102   07912481204        14 Mill Lane, Leeds LS6 2AB\n"
     "RS-88103   +44 7912 481205    16 Mill Lane, Leeds LS6 2AB\n", "07912481204", "phone"),
    # an HTML table's member column
    ("<table><tr><th>Member</th><th>Email</th></tr>\n<tr><td>Haruki Tanaka</td><td>ht@mailbox-one.co.uk</td></tr>\n"
     "<tr><td>Greta Lindholm</td><td>gl@mailbox-one.co.uk</td></tr>\n<tr><td>Aoife Brennan</td><td>ab@mailbox-one.co.uk</td></tr>\n"
     "</table>", "Haruki Tanaka", "person"),
    # a receiver log's operator on every line: two logins found, the third beside them
    ("RX acct=1 evt=1130 op=jsmith42\nRX acct=2 evt=1602 op=r.alvarez\nRX acct=3 evt=1401 op=okonkwoe\n", "okonkwoe",
     "username"),
    # a pipe-separated listing in a tool's JSON result (rows end in \\n escapes)
    ('{"output":"M-1|Chloé Roux|06 12 34 56 78|chroux@mailbox-one.co.uk\\nM-2|Léa Petit|0612345679|lpetit@mailbox-one.co.uk\\n'
     'M-3|Jules Blanc|06 12 34 56 80|jblanc@mailbox-one.co.uk\\n"}', "0612345679", "phone"),
    # a card's security code and expiry under their headers (a load test's data set)
    ("username;password;card_number;exp;cvc\nchloeram2008;Paperino_98Yn6;4650374673428508;12/29;3651\n", "3651", "card"),
    ("username;password;card_number;exp;cvc\nchloeram2008;Paperino_98Yn6;4650374673428508;12/29;3651\n", "12/29", "card"),
    # a CSV's owner column: the logins the e-mail addresses give, and the one beside them
    ("dag_id,owner,email\nsync_a,tkeller,tobias.keller@mailbox-one.co.uk\nsync_b,lbrandt,lbrandt@mailbox-one.co.uk\n"
     "sync_c,ksommer,katharina.s@mailbox-one.co.uk\n", "ksommer", "username"),
])
def test_values_by_their_column(masker: Masker, text: str, value: str, category: str) -> None:
    start = text.index(value)
    spans = [s for s in masker.pipeline.detect(text) if s.category == category]
    # every letter and digit of the value is masked as its category (a name's closing full stop may stay)
    assert all(any(s.start <= k < s.end for s in spans) for k in range(start, start + len(value)) if text[k].isalnum())


@pytest.mark.parametrize("text,value", [
    # a product column beside one name: products are no names
    ("| Job | Product | Tech |\n|---|---|---|\n| J-1 | Husqvarna Automower 430X | Owen Gallagher |\n"
     "| J-2 | Stihl FSA 57 | Owen Gallagher |\n", "Stihl FSA 57"),
    # a tariff's capitals beside logins are a code, not a login
    ("name|login|tariff\nAnna Berg|aberg|W-STD-METERED\nJonas Keller|jkeller|E7-ECO-2024\n", "W-STD-METERED"),
    # a status column beside names
    ("| Name | Status |\n|---|---|\n| Owen Gallagher | Active |\n| Priya Olsen | Pending |\n", "Pending"),
])
def test_what_a_column_leaves(masker: Masker, text: str, value: str) -> None:
    assert not touched(masker, text, value)


@pytest.mark.parametrize("text,value", [
    ("EVT8790,Nadia Hale,13/08/2025,verbal password 0966\nEVT8791,Liam Ross,14/08/2025,none\n", "0966"),
    ("Le digicode de l'immeuble est E4377.", "E4377"),
    ("Master Key Code: 9785\nID checked: yes\n", "9785"),
    ("gate code 1846\nthe van is outside\n", "1846"),
])
def test_codes_that_open_a_place(masker: Masker, text: str, value: str) -> None:
    assert found(masker, text).get(value) == "secret"


@pytest.mark.parametrize("text", [
    "error code E4377 again",
    "the password 2024 rotation is due",
])
def test_codes_that_open_nothing(masker: Masker, text: str) -> None:
    assert "secret" not in found(masker, text).values()


@pytest.mark.parametrize("text,value", [
    ("Geburtsdatum zur Verifizierung: 12.04.1962. Erreichbar bin ich abends.", "12.04.1962"),
    ("Date of birth for verification: 12/04/1962", "12/04/1962"),
    ("Data di nascita per la verifica: 12/04/1962", "12/04/1962"),
    ("Fecha de nacimiento para verificar: 12/04/1962", "12/04/1962"),
    # a dump's row of a person with no column list: the date of a person, not of the record
    ("INSERT INTO `members` VALUES (8464,'Anaïs Morel','amorel@mailbox-one.co.uk','(206) 384-2291','1976-04-28','2024-03-07');",
     "1976-04-28"),
    # a date of birth written out under its header
    ("member_no\tfull_name\temail\tdate_of_birth\nP-1\tRory Hale\trhale@mailbox-one.co.uk\t27 Nov 1965\n", "27 Nov 1965"),
])
def test_dates_of_birth(masker: Masker, text: str, value: str) -> None:
    assert found(masker, text).get(value) == "birth_date"


def test_the_record_s_own_date_stays(masker: Masker) -> None:
    text = "INSERT INTO `members` VALUES (8464,'Anaïs Morel','amorel@mailbox-one.co.uk','(206) 384-2291','1976-04-28','2024-03-07');"
    assert not touched(masker, text, "2024-03-07")


@pytest.mark.parametrize("text,value", [
    ("$ cargo owner --list quickparse\ngigi20 (Davide Marino)\nhexenkessel (Lena Hoffmann)\n", "hexenkessel"),
    ("Run `6fc8e288` (launched by opetrova), dagster 1.7.9", "opetrova"),
    ("# Prod-Overrides, bearbeitet von kschulz 2025-05-12", "kschulz"),
])
def test_logins_beside_their_people(masker: Masker, text: str, value: str) -> None:
    assert found(masker, text).get(value) == "username"


@pytest.mark.parametrize("text", ["created by sphinx", "triggered by cron", "edited by hand", "updated by dependabot"])
def test_programs_after_by_stay(masker: Masker, text: str) -> None:
    assert "username" not in found(masker, text).values()


def test_a_person_s_page_in_a_manifest(masker: Masker) -> None:
    text = '"author": "Fatima Haddad <fatima.haddad@mailbox-one.co.uk> (https://fatimahaddad.dev)",'
    assert found(masker, text).get("https://fatimahaddad.dev") == "url"


def test_a_person_s_code_host_profile_in_a_manifest(masker: Masker) -> None:
    # the login is masked, the code host stays readable
    text = '{"name": "Mateus Carvalho", "email": "mcarvalho@mailbox-one.co.uk", "url": "https://github.com/quietfox"}'
    assert found(masker, text).get("quietfox") == "username"
    assert not touched(masker, text, "github.com")


def test_a_project_s_page_stays(masker: Masker) -> None:
    text = '{"name": "acme-lib", "homepage": "https://github.com/acme/lib", "license": "MIT"}'
    assert not touched(masker, text, "https://github.com/acme/lib")


@pytest.mark.parametrize("text,value", [
    ("TWILIO_ACCOUNT_SID=AC17136b3a58a9fb6aa53f6106c10d65a9", "AC17136b3a58a9fb6aa53f6106c10d65a9"),
    ("new Twilio('AC17136b3a58a9fb6aa53f6106c10d65a9', process.env.TWILIO_AUTH_TOKEN);",
     "AC17136b3a58a9fb6aa53f6106c10d65a9"),
    ('sentry_sdk.init(dsn="https://5eb4905b2183eab12c2aef5ff77dc2c3@o974712.ingest.sentry.io/3255239")',
     "https://5eb4905b2183eab12c2aef5ff77dc2c3@o974712.ingest.sentry.io/3255239"),
])
def test_credentials_whole(masker: Masker, text: str, value: str) -> None:
    assert found(masker, text).get(value) == "secret"


def test_the_environment_reference_stays(masker: Masker) -> None:
    text = "new Twilio('AC17136b3a58a9fb6aa53f6106c10d65a9', process.env.TWILIO_AUTH_TOKEN);"
    assert not touched(masker, text, "process.env.TWILIO_AUTH_TOKEN")
