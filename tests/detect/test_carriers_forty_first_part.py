"""Agent traffic, forty-first part (issue 23, with #24's card data): numbers by what stands right before them.

A person's licence, permit, pension or membership number after its label in five languages, whatever the issuer's
letter groups (``CL-HU-795907``, ``ALS 223-983-103``, ``TÖL-9473/21``); in a record whose role field names a person
(``"warden": "…"``, ``"holder": "…"``) and under a bare ``number`` key of a person's record; a number in brackets
right behind a found name or login (``Henrike Oberhuber (Nr. 9336)``, ``author=rosalba_84 (1268…)``); a unique
index's refusal (``Duplicate entry '…' for key 'uk_claimant_national_id'``); a FHIR reference to a person
(``Patient/7310192``); a Discord mention; a German soldier's Personenkennziffer; Google Analytics' client id; a
holder's number beside the e-mail of a query; a search for a person by name. A card's expiry right after its number
and its labelled CVV. A key safe's bare "Codice" column. WhatsApp's "~ Name" members, contacts saved as "Maëlle K.",
Baileys' pushName; a Slack thread's pasted author line; an aligned ticket's "Operatore   wei.sartori7"; a gate's
"vehicle=" plate in its holder's record; an HTML input's value by its name; a form notification's answers under
their questions; a meeting recording's "Kenncode 085545" and a link's "pw 763761"; an ASTM E1394 patient record.
The values here are our own."""

from __future__ import annotations

import pytest

from coatcheck import Masker, Policy

from .spans import covered, touched


@pytest.fixture(scope="module")
def masker() -> Masker:
    return Masker(policy=Policy.builtin("agent"))


_HARVEST = """Date\tHunter\tLicence\tTag\tSpecies
15/09/2024\tCallum MacLeod\tHL-53055667\t41-689856\tElk
10/17/2025\tTobias Abernathy\tHL-43002581\t49-855171\tWild turkey
20/12/2025\tDwayne Featherstone\tHL-82303927\t98-138379\tRoe deer
10/02/2024\tRhys Nakamura\tALS 588-286-476\t85-140269\tRed deer
20/12/2025\tMarguerite Blackwood\tALS 103-604-226\t74-916440\tWhite-tailed deer
"""
_CITATION = """citation = {
    "ref": "CIT-2025-80319",
    "warden": "Ainhoa Salcedo",
    "warden_badge": "GW8786",
    "offender": "Aitor Etxeberria",
    "licence": "CL-HU-321806",
}
"""
_REGISTER = """licence,holder,dob,email
WÜ-6430/23,Friederike Voigt,1978-06-02,friederikevoigt78@gmail.com
SI-9921/23,Aylin Voigt,1953-10-24,voigt.aylin@web.de
"""
_KEYSAFES = """ID assistito\tNominativo\tPosizione cassetta\tCodice\tUltima verifica
C440973\tAnnunziata Scognamiglio\ta sinistra del portone\tC9747\t07/01/2024
U359318\tOrnella Melis\tdietro la grondaia\t7697\t21/11/2024
"""
_MEMBERS = """Name,Telefonnummer,Admin,Beigetreten
Wenzel Hartlieb,+49 151 48473230,ja,2024-05-22
~ Merle,+49 177 4234396,nein,2024-10-28
Friedemann Kötter,+44 7461 028862,nein,2025-05-24
"""
_FORM = """Subject: New response to "Volunteer sign-up"

Full name
Dagny Huang

Date of birth
2002-11-03

Mobile
+44 7458 758575
"""
_ASTM = """1H|\\^&|||IH-1000^5.2|||||||P|LIS2-A2|20261015091204
2P|1||P3428482||QUISPE^IKER||19950517|M
3O|1|4658863281||^^^ABD^ABO
"""


@pytest.mark.parametrize("text,value", [
    # a licence's, a pension's, a membership's number after its label
    ("Fermato Tommaso Pellegrini, licenza UD2997128, nato il 19/01/1971.\n", "UD2997128"),
    ("Su licencia de pesca CL-HU-112305 caduca el 17/01/2024.\n", "CL-HU-112305"),
    ("Votre carte de pêche 19687522391 expire le 05/02/2024.\n", "19687522391"),
    ("Schein-Nr.: WÜ-1693/21\n", "WÜ-1693/21"),
    ("Ihre Mitgliedschaft Nr. 3160 im Schützenverein läuft ab.\n", "3160"),
    ("<Ustrd>Mitgliedsnr. 9040 Jahresbeitrag</Ustrd>\n", "9040"),
    ("N° de pensionné: 834945527\n", "834945527"),
    ('2024-10-05 level=info msg="licence renewed" licence=CL-HU-795907 email=f.olaizola@example.es\n', "CL-HU-795907"),
    # a register's licence column, whatever its issuers' groups; a role's record; a person's record's bare number
    (_HARVEST, "ALS 588-286-476"),
    (_HARVEST, "HL-53055667"),
    (_CITATION, "GW8786"),
    (_CITATION, "CL-HU-321806"),
    (_REGISTER, "WÜ-6430/23"),
    ("donor = DonorSnapshot(number='NBT4562848', name='Declan Pemberton', dob='1984-07-22')\n", "NBT4562848"),
    ("form:\n  donor:\n    number: SP-688-13851\n    name: Henrik Demir\n", "SP-688-13851"),
    # a number in brackets right behind a found name or login
    ("Guten Tag, bei unserem Mitglied Henrike Oberhuber (Nr. 9336) wurde der Beitrag zweimal abgebucht.\n", "9336"),
    ("Henrike Oberhuber [Nr. 9336] und Jonas Albers, Nr. 8812 sind doppelt.\n", "8812"),
    ("Card: 4346 9900 9282 8174 / 09/27 / CVV 987\n", "09/27"),
    ("TC encefalo entro 8h.\nFirmato: Vittorio Scognamiglio (PA263712)\n", "PA263712"),
    ("ValueError: invalid date of birth '10/08/1968' for client 'Théo Rousseau' (id=654688)\n", "654688"),
    ("[automod] flagged message in #marketplace author=rosalba_84 (1268410197272913259) rule=pii_phone\n",
     "1268410197272913259"),
    ("Occupier            Nnamdi Ramasamy  (24/07/1949)\n", "24/07/1949"),
    # a unique index's refusal names what its value is
    ("Duplicate entry '68120734940' for key 'uk_claimant_national_id'\n", "68120734940"),
    ("DETAIL:  Key (phone)=(+49 151 2994 6879) already exists.\n", "+49 151 2994 6879"),
    ("Duplicate entry 'a.rossi84' for key 'users.uk_username'\n", "a.rossi84"),
    ('DETAIL:  Key (lower(username::text))=(gferri85) already exists.\n', "gferri85"),
    # shapes and references that name one person
    ('"subject":{"reference":"Patient/7310192","display":"Yesenia Etxeberria"}\n', "7310192"),
    ('{"name": "Spieler", "value": "Lioba Straßner (<@545788832464891184>)"}\n', "545788832464891184"),
    ("| Jovanović, Svetlana | 080600-J-07994 | 0151 81240700 |\n", "080600-J-07994"),
    ("cookie: _ga=GA1.1.9978920758.1728007401; csrftoken=x\n", "GA1.1.9978920758.1728007401"),
    ('"AuthorID","Author","Date","Content"\n"821848413117332273","maddalenaqu","2024-01-10T12:58","ciao"\n'
     '"771187715204250913","calo_a","2024-01-10T13:11","si"\n', "771187715204250913"),
    # a query's holder number beside its e-mail, a search for a person by name
    ('"GET /portal/family/alerts?email=maelys_chevallier@example.fr&client=698354 HTTP/1.1" 200\n', "698354"),
    ('"GET /api/v1/clients/search?q=Ingrid+Whitcombe&dob=1991-02-08 HTTP/1.1" 403\n', "Ingrid+Whitcombe"),
    # a card's expiry right after it, its labelled security code
    ("[23/03/2025 09:40:35] Maëlle K.: Voilà : 4346 9900 9282 8174 exp. 09/27\n", "09/27"),
    ("Tarjeta usada: 5479 9092 4133 5754, caducidad 08/30. Por favor\n", "08/30"),
    ("[23/03/2025 09:40:46] Maëlle K.: CVV 987\n", "987"),
    ("4346 9900 9282 8174\nExp: 08/30\nCVV: 987\n", "08/30"),
    ("[23/03/2025 09:40:46] Maëlle K.: CVV 987\n", "Maëlle"),
    # a key safe's code, a WhatsApp member's profile name, a client library's pushName
    (_KEYSAFES, "C9747"),
    (_KEYSAFES, "7697"),
    (_MEMBERS, "Merle"),
    ('{"from":"34639595882@s.whatsapp.net","pushName":"Emeka","text":"baja"}\n', "Emeka"),
    # a pasted chat's author line, an aligned ticket's clerk, a gate's plate in its holder's record
    ("#ops-automation\n\nkemalvog  11:18\nweiß jemand, warum der Zap hängt?\n", "kemalvog"),
    ("Prestito      750,00 €\nOperatore     wei.sartori7\n\nIl titolare dichiara\n", "wei.sartori7"),
    ("Vencimiento   21/05/2025\nEmpleado      avidal\n", "avidal"),
    ('card_id=1737563756 holder="Yolanda Castellanos" vehicle=GUL-5512 reader=main\n', "GUL-5512"),
    ("level=warn event=visitor_lookup_failed visitor_email=chiaraesp@example.it sponsor=tdesantis err=none\n",
     "tdesantis"),
    # an HTML input's value by its name; a form notification's answers
    ('<input id="dob" name="dob" type="date" value="1983-05-06"></div>\n', "1983-05-06"),
    (_FORM, "2002-11-03"),
    (_FORM, "+44 7458 758575"),
    # a meeting recording's passcode in brackets, a link's "pw"
    ("Link zur Aufzeichnung (Kenncode 085545): https://us06web.zoom.us/rec/share/L15yikyX\n", "085545"),
    ("link for tmrw https://us05web.zoom.us/j/81169887072?pwd=DI8c04ydGv6K7I97TilXJkNqYi4eBRPJ.1 pw 763761 – ok\n",
     "763761"),
    # a marketplace member's page, an ASTM patient record
    ("Su perfil es https://www.segundamano.example.es/usuario/mohamed2001. Solicito\n", "mohamed2001"),
    (_ASTM, "P3428482"),
    (_ASTM, "QUISPE"),
    (_ASTM, "19950517"),
    # an ASTM record as analysers send it: a CR ends each record; a middleware's log prefix
    ("H|\\^&|||cobas^1\rP|1||7788123||Whitcombe^Ingrid||19790523|F\rO|1|S1\rL|1\n", "Whitcombe"),
    ("10:00:01 RX: H|\\^&|||cobas\n10:00:02 RX: P|1||7788123||Whitcombe^Ingrid||19790523|F\n", "7788123"),
    # a bare "Name" beside a given name's field is the surname; a role's id beside the role's e-mail
    ('<Verkaeufer><Name>Wagner</Name><Vorname>Jonas</Vorname></Verkaeufer>\n', "Wagner"),
    ('{"nom": "Moreau", "prenom": "Yanis"}\n', "Moreau"),
    ('{"id": 84967641599,\n "host_id": "hJcVIFyFnvAzGGcieGuc0K",\n "host_email": "krueger.d@praxis.example.de"}\n',
     "hJcVIFyFnvAzGGcieGuc0K"),
    # a label printer's postcode and town in the field after the street
    ("^XA\n^FO40,60^A0N,26,26^FDJannik Kowalski^FS\n^FO40,95^A0N,26,26^FDKastanienallee 156^FS\n"
     "^FO40,125^A0N,26,26^FD50674 Köln^FS\n^XZ\n", "50674 Köln"),
    # a small club's three-digit members beside their contacts
    ("| N° d'adhérent | Titulaire | Courriel | Cotisation |\n|---|---|---|---|\n"
     "| 911 | Hervé Bouchard | h.bouchard@example.fr | 120,00 |\n| 623 | Clémence Rousseau | c.rousseau@example.fr | 95,00 |\n",
     "911"),
    # a cookie export's value by its cookie's name (a vendor's prefix before the field's own name)
    ('[{"domain": "tickets.example.fr", "name": "ajs_user_id", "path": "/", "value": "6776401"}]\n', "6776401"),
    # a gate's code after the place and a comma; a helpline's counsellor column
    ("I'm at the front door, code 9184#\n", "9184"),
    ("sì, sono al cancello, codice 2625#\n", "2625"),
    ("id_llamada\tnombre_llamante\tteléfono\torientador\tresultado\n"
     "C22316861\tMilagros Ortega Martínez\t+34 610 169 095\tramosi\tplan de seguridad\n", "ramosi"),
])
def test_masked(masker: Masker, text: str, value: str) -> None:
    assert covered(masker, text, value), masker.mask(text).text


@pytest.mark.parametrize("text,value", [
    # a software licence's name, a year after a licence's or a membership's word
    ("License: MIT\n", "MIT"),
    ("licence: GPL-3.0-or-later\n", "GPL-3.0-or-later"),
    ("Licence 2024 renewal is due.\n", "2024"),
    # a change's, an issue's or a year in brackets behind a name
    ("Thanks to Maria Rossi (#4521) and John Smith (PR 12345).\n", "4521"),
    ("Thanks to Maria Rossi (#4521) and John Smith (PR 12345).\n", "12345"),
    ("Copyright Guido van Rossum (2019)\n", "2019"),
    # a unique index whose name says nothing personal; a FHIR example's id; a role's or a channel's mention
    ("Duplicate entry '42-7' for key 'PRIMARY'\n", "42-7"),
    ('"reference": "Patient/example"\n', "example"),
    ("ping <@&617256414915132697> or see <#1208246544694366331>\n", "617256414915132697"),
    # a CVV length setting, a conference's letters, a test card's code; a date that follows no card
    ("Set cvv_length = 3 and CVC: 123 in tests\n", "123"),
    ("CSC 2019 conference; csc 1000 lines\n", "2019"),
    ("Release date\n2024-05-01\n\nVersion\n1.2.3\n", "2024-05-01"),
    # a tool's output headed by a word and a time; an aligned ticket's setting; a hidden input's route
    ("uptime  10:42\nload average: 0.12\n", "uptime"),
    ("Operatore     manuale\n", "manuale"),
    ('<input type="hidden" name="next" value="/home">\n', "/home"),
    # a marketplace's sections under a member's noun; a search for a place
    ("https://www.example-shop.fr/membre/inscription and https://forum.example.fr/membres/liste\n", "inscription"),
    ("GET /search?q=New+York&page=2\n", "New+York"),
    # a PIN's number in a sentence about hardware, a year after a passcode's word
    ("the PIN 13 of the header\n", "13"),
    # a product's name beside a first name's field; a service's id beside its mailbox
    ("<Product><Name>Widget</Name><FirstName>x</FirstName></Product>\n", "Widget"),
    ('{"service_id": "svc-88123", "service_email": "noreply@example.com"}\n', "svc-88123"),
    # a cookie whose name says nothing personal
    ('[{"name": "theme", "value": "dark-88123"}, {"name": "ajs_anonymous_id", "value": "Zx81kq0"}]\n', "dark-88123"),
    # what the first review found over-masked: a name's dash, software licences, sizes, error codes in brackets,
    # source paths under a FHIR resource's name, a gate that is a feature's, Swagger's filler, a car's model,
    # an id beside a machine's mailbox, an order's number in a record, localized app routes, a column of timings
    ("Copyright Maria Rossi — MIT 2024\n", "2024"),
    ("Officer in charge   Dmitri Oyelaran — CS 70109\n", "70109"),
    ("license: LGPL-2.1 4.0.3\n", "LGPL-2.1"),
    ("License: MIT 2017 Jane Doe\n", "MIT 2017"),
    ("The license key format is XXXX-XXXX; see license 4096 bytes limit\n", "4096"),
    ("L'autorisation 4096 a été refusée par le serveur\n", "4096"),
    ("Failed (codice 4003)\n", "4003"),
    ("Error (código 1045) acceso denegado\n", "1045"),
    ("models/Person/1234.py and resources/Patient/v2024.json\n", "1234.py"),
    ("feature gate, code 4011 in the logs; SonarQube quality gate, code 9184 new issues\n", "4011"),
    ("DETAIL:  Key (username)=(string) already exists.\n", "string"),
    ("ERROR 1062 (23000): Duplicate entry '10115' for key 'uk_zip'\n", "10115"),
    ("Prüfnummer 4711 im Formular; CVV: 1000 attempts\n", "4711"),
    ("Prüfnummer 4711 im Formular; CVV: 1000 attempts\n", "1000"),
    ('name="Maria Rossi" vehicle=EQS450\n', "EQS450"),
    ('{"commit_id": "a1b2c3d4e5f6", "commit_email": "ana.lopez@example.es"}\n', "a1b2c3d4e5f6"),
    ('{"build_id": "build-12345", "build_email": "ana.lopez@example.es"}\n', "build-12345"),
    ('{"buyer": "John Smith", "number": "ORD-45211"}\n', "ORD-45211"),
    ('{"reviewer": "John Smith", "number": 45211}\n', "45211"),
    ('{"name": "Spring", "firstName": "Boot"}\n', "Spring"),
    ("https://app.example.com/usuario/editar and https://app.example.com/mitglied/bearbeiten\n", "editar"),
    ("https://stackoverflow.com/search?q=Jackson+Databind\n", "Databind"),
    ("Training time per model:\nalexnet  12:30\nresnet50  45:10\n", "alexnet"),
    ("| Keybox | Code | Status |\n|---|---|---|\n| keybox.xml | 1001 | valid |\n| keybox2.xml | 1002 | revoked |\n", "1001"),
    # what the second review found: prose under a form's heading, a field's setting, a service's number, a licence's
    # serial and seats, a regulator's file, an issue key and an AS number behind a name, a service's login
    ("Features:\n\nEmail\nSend notifications through SMTP.\n\nPhone\nTwilio integration for SMS.\n", "Send"),
    ('{"name": "email", "value": "required"}\n', "required"),
    ("Service No. 1500 restart required\n", "1500"),
    ("License no. 1001 of ACME Enterprise edition, seats: 50; license 5000001 seats\n", "5000001"),
    ("Autorisation n° 2024-001234 de mise sur le marché (AMM)\n", "2024-001234"),
    ("Reported by Henrike Oberhuber (PROJ-12345), fixed in 2.3.1.\n", "PROJ-12345"),
    ("Maria Rossi (AS13335) announced the prefix.\n", "AS13335"),
    ("ERROR 1062 (23000): Duplicate entry 'www-data' for key 'accounts.username'\n", "www-data"),
    ("Redirect to https://app.example.es/usuarios/crear after signup\n", "crear"),
    # a runner's name over a duration, a date-stamped build, a team's mailbox beside a client's number
    ("node18  3:05\nnpm ci finished\n", "node18"),
    ("Build 010124-A-00001 deployed\n", "010124-A-00001"),
    ("GET /api/v1/metrics?client=1024&email=ops%40acme.io HTTP/1.1\n", "1024"),
    # a gate and a code that is no place's
    ("Boarding at gate, code share flight AB1234 departs\n", "AB1234"),
])
def test_kept(masker: Masker, text: str, value: str) -> None:
    assert not touched(masker, text, value), masker.mask(text).text
