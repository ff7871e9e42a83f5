"""Agent traffic, thirtieth part (issues 23 and 24): a person's number in its slot whatever the issuer's letter
groups ("CT-U…", "BS-C…", "CLN-835-RSI", "s4257534") and in a REST path's collection of such numbers; more holders
(backers, constituents, engineers, prescriptions); a name after a title written without its full stop, a
declined or lower-case one; a bare "name" field's given name in a person's record and a register's "Surname,
Given"; a chat speaker's one-word handle; a psql record's expanded lines; a date of birth "given as"; meeting rooms
and shared albums by their shape; a password a user model is given. And what stays: a drive's "Dr", a thing's name,
a component that logs, a room named in words, a placeholder in a people table. The values here are our own."""

from __future__ import annotations

import pytest

from coatcheck import Masker, Policy

from .spans import covered, touched


@pytest.fixture(scope="module")
def masker() -> Masker:
    return Masker(policy=Policy.builtin("agent"))


@pytest.mark.parametrize("text,value", [
    # the slot decides, whatever the issuer's letters
    ("06-19 21:42:52.318  2517  5977 D SyncWorker: member_id=HV-K70215534 batch=QTCH-1120", "HV-K70215534"),
    ("verified the caller against Member ID RQ-T40917733 before the refund", "RQ-T40917733"),
    ('{"customer_account": "LM-B80342", "status": "active"}', "LM-B80342"),
    ("python resend.py --name 'Ines Varga' --client-ref KWD-417-PZQ", "KWD-417-PZQ"),
    ('{"event":"enrolment.confirmed","student_id":"t7730915","job":"job-2201"}', "t7730915"),
    # a REST path's collection of a person's numbers
    ('PATCH https://api.rentdesk.example.net/v1/claimant_numbers/CLM-550918?notify=1', "CLM-550918"),
    ("GET /v2/engineer_ids/ENG-7730184 HTTP/1.1", "ENG-7730184"),
    # more holders: a backer, a constituent (first column too), a prescription
    ("My backer number: 7730918845, survey link below.", "7730918845"),
    ("constituent_id,prefix,first_name,last_name,preferred_email\n6620418,Mr,Anselm,Quirke,aq@mail.example.net\n",
     "6620418"),
    ('"rx_number": "RX-118204-KT", "phone": "020 7946 0321"', "RX-118204-KT"),
    ("engineer_id=ENG-5517042 site=LIFT-A2", "ENG-5517042"),
    # names after titles: no full stop, declined, lower case
    ("Your appointment with Dr Okwuosa is confirmed for 2026-03-18 10:00.", "Dr Okwuosa"),
    ("Bitte rufen Sie bei Herrn Wendling zurück.", "Herrn Wendling"),
    ("Gentile signora Sbarbaro, le scriviamo per il rinnovo.", "signora Sbarbaro"),
    ("Hemos hablado con la señora Urquiola esta mañana.", "señora Urquiola"),
    # a bare "name" field's given name in a person's record; "Surname, Given" in a name field
    ('INFO  sent to=+33 6 12 40 77 19 name=Ludivine body="Votre commande est prête"', "Ludivine"),
    ("{'id': 88120, 'name': 'Rosalind Quarshie', 'email': 'rq@mail.example.net'}", "Rosalind Quarshie"),
    ('sepa-dd[7718]: member=2506431 name="Brettschneider, Miriam" iban=DE02', "Brettschneider, Miriam"),
    ("Name: Oyelaran, Isla\nAddress: 4 Quay Row", "Oyelaran, Isla"),
    # a file a person's record is written to, named after them
    ('{"path":"/srv/kyc/2025/hartmann_niklas.json"}', "hartmann"),
    # a chat speaker's one-word handle, with or without brackets around the stamp
    ("[29/08/2025 10:06] tinsnail: para la factura, contabilidad necesita el NIF\n[29/08/2025 10:08] Pablo Ortega: vale",
     "tinsnail"),
    ("2025-01-12 10:02 gravelmoth: le vélo est toujours dispo ?\n2025-01-12 10:05 trailmix42: oui", "gravelmoth"),
    # a login after its holder's role in prose, or after "exported … by"
    ("Loft insulation survey booked, surveyor quentin.abadie.", "quentin.abadie"),
    ("--- conversation 38272406 · Intercom export · assignee rosalind.quarshie", "rosalind.quarshie"),
    ("4 accounts · exported 2025-05-30 07:41 by mwatanabe", "mwatanabe"),
    # psql's expanded display
    ("-[ RECORD 1 ]---+----------------\nclient_name     | Beatrice Caruso\ndate_of_birth   | 1971-04-05\n",
     "1971-04-05"),
    # a date of birth given as, after "geb. am", "nacido/a el", "laut Akte"
    ("Ausweis geprüft, geb. am 06.01.1966. Mobil folgt.", "06.01.1966"),
    ("showed his licence. DOB given as 1986-02-07. Cell to follow.", "1986-02-07"),
    ("Solicitante: Álvaro Ruiz, nacido/a el 1984-10-05, pendiente", "1984-10-05"),
    ("Geburtsdatum laut Personalakte: 04.09.1993.", "04.09.1993"),
    # meeting rooms and shared albums by their shape, a gallery's password in the query
    ("Join the video consultation: https://meet.cliniq-health.co.uk/room/qzd-hfbt-wmk\n", "qzd-hfbt-wmk"),
    ("photos here https://www.icloud.com/sharedalbum/#B1vQ7kTgR2mXy9L", "B1vQ7kTgR2mXy9L"),
    ('<a href="https://studio.gallery.example.net/quirkefamily/?pw=k7ptxq4z">gallery</a>', "k7ptxq4z"),
    # the place a code opens, then the code
    ("Adresse: 3 impasse des Lilas. Boîte à clés, code 7745.", "7745"),
    ("Schlüssel liegt im Tresor, Code ist 550913", "550913"),
    # a card's expiry and code beside its number; a passport number kept on file, or typed by its object
    ("payer=Ines Varga pan=4134471106031549 exp=02/29 cvc=725 gw_code=do_not_honor", "02/29"),
    ("payer=Ines Varga pan=4134471106031549 exp=02/29 cvc=725 gw_code=do_not_honor", "725"),
    ("Passport no. on file: **881204417**", "881204417"),
    ('"id_check": {\n    "document": "passport",\n    "number": "771204886",', "771204886"),
    # an address's town, postcode and province after its street: an iCalendar's escaped comma, an HTML line break,
    # a house number after the street, the town's linking words
    ("LOCATION:41 Quarry Bank Avenue\\, Brighton BN2 9SA\nDESCRIPTION:Tuning", "BN2 9SA"),
    ("<td>Ines Varga<br>5 Wellington Road<br>Cardiff CF5 1QE</td>", "1QE"),
    ("Sito: Strada Provinciale 22 n. 76, 12051 Alba (CN)", "12051 Alba"),
    ("Ubicación: Camino de la Vega 17, 41500 Alcalá de Guadaíra (Sevilla)", "Guadaíra"),
    # the user's own primary group, first in what `groups` prints; an account's prefixed number
    ("$ groups\nqvarga developers docker\n", "qvarga"),
    ("meldet, dass die Rechnung für ACC20917734 falsch ist.", "ACC20917734"),
    # a password a user model is given
    ('>>> u.set_password("Heron_2011?"); u.save()', "Heron_2011?"),
])
def test_masked(masker: Masker, text: str, value: str) -> None:
    assert covered(masker, text, value)


@pytest.mark.parametrize("text,value", [
    ("Dr Pepper and Dr Who met Prof Hash", "Dr Pepper"),
    ("Dr Pepper and Dr Who met Prof Hash", "Who"),
    ("Dr Pepper and Dr Who met Prof Hash", "Hash"),
    ("Journal entry:\n  Dr Inventory      500.00\n  Cr Cash           500.00", "Inventory"),
    ("the Dr Watson crash dumps on Windows XP", "Watson"),
    ('{"name": "Aurora", "image": "aurora:1.2"}', "Aurora"),
    ("hosts:\n  - name: Apollo\n    address: 192.168.1.10", "Apollo"),
    ('{"name": "Jasmine", "version": "3.1.0", "email": "maintainers@jasmine.dev"}', "Jasmine"),
    ('users = [{"name": "Charlie", "email": "charlie@example.com"}]', "Charlie"),
    ("my_user = User(name='Joanna', email='jo@mail.example.net')", "Joanna"),
    ("name=Jasper status=ok build=42", "Jasper"),
    ('{"name": "Grace Period", "email": "ops@example.org"}', "Grace"),
    ('name="Berlin, Germany"', "Berlin"),
    ("[2024-03-07 09:12] systemd: Started Session 4 of user", "systemd"),
    ("[2024-03-07 09:12] scheduler: job started on time", "scheduler"),
    ("the moderator bot removed it; operator prometheus; the collector endpoint otelcol", "otelcol"),
    ("Created by gradle; generated by sphinx", "sphinx"),
    ("HTTP gate returned code 5000 in 2025; the alarm fired with code 1001", "5000"),
    ("token exp=08/30 for the session", "08/30"),
    ("ubuntu@host:~$ groups\nubuntu adm sudo docker\n", "ubuntu"),
    ("ACC-2024 accuracy run on the ACC123 sensor", "ACC-2024"),
    ("2024-03-07 09:12 feat: add OAuth login flow\n2024-03-06 17:40 chore: bump deps\n", "chore"),
    ('keyring.set_password("github-cli", "octocat", token)', "github-cli"),
    ("https://img.cdn-example.net/photo.jpg?pw=1200&ph=800", "1200"),
    ("https://video.cdn.example.net/m/5f2e1a9c0b7d/index.m3u8", "5f2e1a9c0b7d"),
    ("see https://meet.acme.example.com/room/standup and /r/engineering-weekly", "standup"),
    ("see https://meet.acme.example.com/room/your-room-id today", "your-room-id"),
    ("GET /v1/order_ids/ORD-123456 HTTP/1.1", "ORD-123456"),
    ("member_id: ERC-721", "ERC-721"),
    ("INSERT INTO prescriptions (id, rx_number, contact_email) VALUES\n  (7, 'TEST-000000', 'test@example.org');",
     "TEST-000000"),
    ("user.set_password(new_password)", "new_password"),
    ("https://example.org/login?pw=changeme", "changeme"),
])
def test_untouched(masker: Masker, text: str, value: str) -> None:
    assert not touched(masker, text, value)
