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
    # a receiver log's operator on every line: two logins found, the third beside them (the key "opr": since the login
    # classifier learned the independent sets (2026-12-06), "op=" reads as an operation's key as often as an operator's,
    # and none of its values is found alone)
    ("RX acct=1 evt=1130 opr=jsmith42\nRX acct=2 evt=1602 opr=r.alvarez\nRX acct=3 evt=1401 opr=okonkwoe\n", "okonkwoe",
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
    ("$ cargo owner --list quickparse\ngigi20 (Davide Marino)\nhexenkessel (Lena Hoffmann)\n", "gigi20"),
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


@pytest.mark.parametrize("text,value,category", [
    # a Windows computer renamed after its owner
    ('{"hostname":"LAPTOP-SCHMIDT","ip":"203.0.113.9"}', "LAPTOP-SCHMIDT", "username"),
    # a laptop named after its owner: the whole name
    ("host=jonas-mbp os_user=jvollmer", "jonas-mbp", "username"),
    # an alarm receiver's subscriber account
    ("RX line=2 proto=SIA-DCS seq=0195 acct=9909 evt=1130 zone=005", "9909", "account"),
    # a flat's number before the street
    ('action=update_address addr="Flat 4, 151 Kingsway Gardens, Bristol BS6 5EN"', "Flat 4, 151 Kingsway Gardens, Bristol BS6 5EN",
     "address"),
    # a printed row of a person with no separator but blanks: the name with its initial, the phone beside it
    ("WO42903    KOWALCZYK K.           07842776856    WO-185686    28 Aldridge Road, Cardiff CF24 4DG\n", "07842776856",
     "phone"),
    # a jCard's town and postcode (RDAP)
    ('["adr",{},"text",["","","Via San Martino 37","Milano","BO","40126","IT"]]', "40126", "address"),
    # a login in a daemon's parentheses, and in a profile's path
    ("uplink via 46.74.137.75 (owner alessandro.caruso)", "alessandro.caruso", "username"),
    ('GET,/api/v2/profile/oluwaseun_a,"ConnectionResetError(104)"', "oluwaseun_a", "username"),
    # a licence file's licensee, when the name lists know the name (a company is licensed as often)
    ("<LicensedTo>Giulia Ferraro</LicensedTo>", "Giulia Ferraro", "person"),
    # an account named for what it bills, beside a person's columns
    ("| Name | ctax_account | Contact | band |\n|---|---|---|---|\n| Hiroshi Eze | 87270126 | +44 161 088 3788 | Cat. 3 |\n",
     "87270126", "account"),
    # an identity check's document and whose it is
    ("ID verified for Dlamini: 653569248\n", "653569248", "passport"),
    ("Documento verificato per Marchetti: GV6449647\n", "Marchetti", "person"),
    # an account's number in a route's path
    ('"GET /account/0906028772/invoices HTTP/1.1" 200 5123', "0906028772", "account"),
    # a traceback's value, read by the field its code line names
    ("    row['dob'] = parse_date(row['dob'])\nValueError: time data '1967-09-12' does not match format '%Y-%m-%d'\n",
     "1967-09-12", "birth_date"),
    # a slot's value in a JSON list of one (Keycloak's attributes)
    ('"attributes" : { "birthdate" : [ "1984-01-23" ] }', "1984-01-23", "birth_date"),
    # a secret that is a word by design; a key's noun, then a long random value; a password given in the past
    ("  memorable word: periwinkle, owner Marcus Nakamura\n", "periwinkle", "secret"),
    ("[pto-sync] done, api key 8ccf9a249f95a4770981373a1aceefcb24f38148 (BAMBOO_API_KEY)", "8ccf9a249f95a4770981373a1aceefcb24f38148",
     "secret"),
    ("la password provvisoria che mi avete dato era Brise%64s1 (già cambiata?).", "Brise%64s1", "secret"),
    # an unsubscribe link's token (the host stays)
    ("https://app.linguaplace.example/mail/unsub?e=bWF0dGVvZjI2QHNmci5mcg&t=319d02dfeb892e0d5ab6", "319d02dfeb892e0d5ab6",
     "secret"),
    # a one-time code the sender's name is glued to
    ('{"body": "Dein Ridgeway-Code lautet 927644. Nicht weitergeben."}', "927644", "secret"),
])
def test_records_and_logs(masker: Masker, text: str, value: str, category: str) -> None:
    assert found(masker, text).get(value) == category


@pytest.mark.parametrize("text,value", [
    # a printed table's numbers are read by their header: a bird's ring is no person's number
    ("n_tessera  nominativo        codice_apiario  ring              telefono          iban\n"
     "5588       Francesca Marino  IT293DO332      GB24N61353        00393476912393    IT89 R251 0403 4287 7467 3333 419\n",
     "GB24N61353"),
    # Windows' own made-up name, and a placeholder key
    ("Computer name: DESKTOP-C3NG6ID", "DESKTOP-C3NG6ID"),
    ("STRIPE_SECRET_KEY=sk_test_xxx", "sk_test_xxx"),
    # a git URL's token is masked, its host and repository stay
    ("git clone https://x-access-token:ghp_aiTtY12xiFHASh9UExCcWZHf2oG7WVdHxXf4@github.com/greenfurrow/route-planner.git",
     "github.com/greenfurrow/route-planner.git"),
    # an alarm account needs the receiver's line; a test card's code stays
    ("acct=1234 total=5", "1234"),
    ("username;password;card_number;exp;cvc\nloadtest_user;changeme;4242424242424242;12/34;123\n", "123"),
])
def test_what_records_and_logs_leave(masker: Masker, text: str, value: str) -> None:
    assert not touched(masker, text, value)


@pytest.mark.parametrize("text,value", [
    # a changelog's or a credits list's names before their author are a commit's, a branch's or a package's
    ("Thanks to:\na1b2c3d (Lena Fischer)\n- esbuild (Evan Wallace)\n- fix-typo (Lena Fischer)\n", "a1b2c3d"),
    ("Thanks to:\na1b2c3d (Lena Fischer)\n- esbuild (Evan Wallace)\n- fix-typo (Lena Fischer)\n", "esbuild"),
    # a release's date beside its author's name and address is no date of birth
    ("| Linus Torvalds | torvalds@linux-foundation.org | 1991-09-17 | 6.8 |\n", "1991-09-17"),
    # an experiment's number, a cache's expiry: no card's code with no card on the row
    ("| exp | model | lr | acc |\n|---|---|---|---|\n| 102 | resnet | 0.1 | 0.9 |\n", "102"),
    ("| Setting | Expiration |\n|---|---|\n| ttl | 3600 |\n", "3600"),
    # a package's licence name under "license_key"; a company licensed
    ("| package | license_key |\n|---|---|\n| react | mit-license |\n", "mit-license"),
    ("<LicensedTo>Acme Holdings</LicensedTo>", "Acme Holdings"),
    # programs named like people after "launched by"
    ("Run 42 launched by luigi at 02:00", "luigi"),
    # a status code, an organisation's homepage and its login on a code host
    ("Your status-code is 2000.", "2000"),
    ('"author": "Acme Corp <opensource@acme.com> (https://acme.com)"', "https://acme.com"),
    ('{"name": "Acme", "email": "oss@acme.io", "url": "https://github.com/acme"}', "github.com/acme"),
    # an article's number and a batch under their headers; a cold room's code in a log
    ("artikelnr,produkt,preis,mhd,charge\nGF-53116,Medium Veg Box,11.03,2025-12-28,L35258117\n", "GF-53116"),
    ("artikelnr,produkt,preis,mhd,charge\nGF-53116,Medium Veg Box,11.03,2025-12-28,L35258117\n", "L35258117"),
    ("2025-03-27 12:30 AGING-CAVE-B              2.7°C OK\n", "AGING-CAVE-B"),
    # a service's account beside a person's columns is a machine's
    ("| name | email | service_account |\n|---|---|---|\n| Ann Lee | ann@mailbox-one.co.uk | 123456789012 |\n", "123456789012"),
    ("ID verified for Dlamini: yes, 2024", "2024"),
    # the second review: placeholders and programs beside names, Windows' words and its made-up names, a ledger's
    # account, a build tool, a hire date, a documented test card's row, a commit's SHA after "api key"
    ("| Owner | Team |\n|---|---|\n| Lena Fischer | a |\n| Owen Garcia | b |\n| Vacant | c |\n| Grafana Agent | d |\n",
     "Grafana Agent"),
    ("DESKTOP-FIRST layout", "DESKTOP-FIRST"),
    ("Computer: DESKTOP-KQHVRTN", "DESKTOP-KQHVRTN"),
    ("acct=4000 event=post", "4000"),
    ("run by pants", "pants"),
    ('[{"name": "Grace Hopper", "role": "admin"}, {"name": "Rust Analyzer", "role": "tool"}, {"name": "Ada Lovelace"}]',
     "Rust Analyzer"),
    ("   name          email          hired       phone\n0  Aoife Brennan  aoife@mailbox-one.co.uk  2008-01-15  +44 7912 481203\n",
     "2008-01-15"),
    ("| member | email | phone | opened | balance |\n|---|---|---|---|---|\n"
     "| Liam Ross | liam.r@mailbox-one.co.uk | 07912 481203 | 2011-02-14 | 1200.00 |\n", "2011-02-14"),
    ("| card | cvc | exp |\n|---|---|---|\n| 378282246310005 | 7890 | 11/30 |\n", "11/30"),
    ("The api key a3f5c9e2b7d14e8f9a0c1b2d3e4f5a6b7c8df0a2 commit broke CI.", "a3f5c9e2b7d14e8f9a0c1b2d3e4f5a6b7c8df0a2"),
    ("The access token 3f2504e0-4f89-11d3-9a0c-0305e82c3301 is the request id", "3f2504e0-4f89-11d3-9a0c-0305e82c3301"),
    # a US postcode beside a street is no phone number
    (" Foundation, Inc., 51 Franklin St, Fifth Floor, Boston, MA  02110-1301  USA\n", "02110-1301"),
    # a program in a JSON list of members, one of whom is a person
    ('[{"real_name": "Grace Hopper", "is_bot": false}, {"real_name": "Jenkins X", "is_bot": true}]', "Jenkins X"),
])
def test_what_the_review_found(masker: Masker, text: str, value: str) -> None:
    assert not touched(masker, text, value)
