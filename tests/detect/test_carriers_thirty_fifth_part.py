"""Agent traffic, thirty-fifth part (issue 23): a person's name in a slot whose label says so, in any layout and in
capitals ("Fluggast: …", a report's aligned "Candidate   …", <Nominativo>, "caller_name", "NOMBRE   SURNAME,
GIVEN", a name part alone after its own label); a gamer's handle in capitals made of a name's stem
(PRIY_KA) where a handle stands; game servers' and communities' players (rcon status, key=value lines beside a
player's network id, a role beside its own id, gamertags and Epic/Riot/PSN ids, BBCode's bold labels, a chat
client's log); a boarding pass's data, a passenger name list and a Sabre display (names, record locators, document
lines); a prompt's host named for its login.

And what stays: an env var's name in capitals, a form's labels under a report's first line, a label inside an
HTML label element, an event's and a CI step's names, a job's name beside an account id, a thing's name after
"Nombre", a bucket named for what it keeps, a sample boarding pass in code, a JSON/YAML pair on a numbered line.
The values here are our own."""

from __future__ import annotations

import pytest

from coatcheck import Masker, Policy

from .spans import covered, touched


@pytest.fixture(scope="module")
def masker() -> Masker:
    return Masker(policy=Policy.builtin("agent"))


_REPORT = ("SCREENING REPORT 88120-QK                      2025-11-03\n\n"
           "Candidate                   TAMSIN OKONKWO-BRAY\n"
           "Date of Birth               12/03/1979\n"
           "Address                     4 Larch Close, Derby\n")
_BUREAU = ("======================================\nTITULAR\n  NOMBRE          ZUBELDIA, ITZIAR\n"
           "  F. NACIMIENTO   02/11/1974\n")
_CERT = "Codice fiscale          RSSGPP80A01H501U\nCognome                 BRAMBILLASCA\nNome                    OTTAVIO\n"
_RCON = ("# userid name uniqueid connected ping loss state rate adr\n"
         '#  412 2 "korvath_88" STEAM_0:1:55001234 12:40 31 0 active 196608 198.51.100.23:27005\n'
         '#  413 3 "Wen.Liqiang" STEAM_0:0:77003321 03:12 48 0 active 196608 198.51.100.24:27005\n')
_PNL = ("PNL\nAZ610/03MAR FCO PART1\n-JFK042Y\n1QUARANTOTTO/EMILIAMRS .L/7HQ2WX\n"
        ".R/DOCS HK1/P/ITA/YA9912345/ITA/14FEB88/F/01JUN31/QUARANTOTTO/EMILIA\n1ZWEIG/OSKARMR .L/R4PMKE\nENDPNL\n")
_SABRE = "$ sabre pnr show KX2M9Q\n1.1LINDQVIST/ASTRIDMS\n 1 SK 903Y 21APR TU CPHEWR HK1   1040A\n"


@pytest.mark.parametrize("text,value", [
    ("Buchungscode: 9QF5ER\nFluggast: ORTWIN HALBESLEBEN\nFlug: LH 573\n", "ORTWIN HALBESLEBEN"),
    (_REPORT, "TAMSIN OKONKWO-BRAY"),
    (_BUREAU, "ZUBELDIA, ITZIAR"),
    (_CERT, "BRAMBILLASCA"),
    (_CERT, "OTTAVIO"),
    ("  <Beneficiario>\n    <Nominativo>ORNELLA PIZZAGALLI</Nominativo>\n", "ORNELLA PIZZAGALLI"),
    ('  "caller_name": "ENGUERRAND LE QUÉRÉ",\n  "status": "completed",', "ENGUERRAND LE QUÉRÉ"),
    ("Aderente: SAVERIO MONTICELLI\nMatricola aderente: 0274525\n", "SAVERIO MONTICELLI"),
    ("Partícipe: IRATXE GOROSTIZA\n", "IRATXE GOROSTIZA"),
    ("Versichertennummer ......... 7710043218\nFamilienname ............... Quandtmeyer\n", "Quandtmeyer"),
    ('{"gamerTag": "PRIY_KA", "region": "EU"}', "PRIY_KA"),
    ("[12:01:33] [Server thread/INFO]: EMRE_OZTU joined the game", "EMRE_OZTU"),
    (_RCON, "korvath_88"),
    (_RCON, "Wen.Liqiang"),
    ("level=warn event=sig.match steamid=76561198012345678 name=VanderlindeHugo ip=198.51.100.7 score=0.8",
     "VanderlindeHugo"),
    ("INFO cases case=88 action=kick target=moss_and_fern target_id=912345678901234567 mod=quillon mod_id=812345",
     "moss_and_fern"),
    ("INFO cases case=88 action=kick target=moss_and_fern target_id=912345678901234567 mod=quillon mod_id=812345",
     "quillon"),
    ('<Player name="brannoch_77" steamId="76561198012345679"/>', "brannoch_77"),
    ("  Order no.: 88120331\n  Online ID: tovah_wren\n", "tovah_wren"),
    ("> Epic ID: velmoranth\n", "velmoranth"),
    ("[list]\n[*][b]Ingame-Name:[/b] grauwolf1987\n[/list]", "grauwolf1987"),
    ("[21:04:11] lost-quintus: nice clutch\n[21:04:19] oriel-fenn: gg", "lost-quintus"),
    (_PNL, "QUARANTOTTO/EMILIAMRS"),
    (_PNL, "7HQ2WX"),
    (_PNL, "YA9912345"),
    (_PNL, "QUARANTOTTO/EMILIA"),
    (_PNL, "ZWEIG/OSKARMR"),
    (_SABRE, "LINDQVIST/ASTRIDMS"),
    ('INFO gate[7] lane=B4 raw="M1FARQUHARSON/ISLA    EQ7KD2M EDILHRBA 1437 079Y014C0031 100"', "FARQUHARSON/ISLA"),
    ('INFO gate[7] lane=B4 raw="M1FARQUHARSON/ISLA    EQ7KD2M EDILHRBA 1437 079Y014C0031 100"', "Q7KD2M"),
    ("  1.VASSALLO/ORIANA MRS   2.VASSALLO/PIETRO MR\n", "VASSALLO/ORIANA MRS"),
    ('{"locator":"HZ4QWN","status":"TICKETED"}', "HZ4QWN"),
    ("vmarchetti@vmarchettis-MacBook-Air ~ % ls\n", "vmarchettis-MacBook-Air"),
    # a forge's audit log (actor column under "@timestamp"), a registry's token request, IAM's missing user, a PSD2
    # consent's PSU, a webhook's pusher-less Slack label, chat speakers and mentions made of names
    ("@timestamp,action,actor,actor_ip,org,repo\n1786332373970,repo.create,quilla_v2,198.51.100.9,acme,acme/api\n"
     "1786332373971,repo.delete,tamsin-ok,198.51.100.10,acme,acme/web\n", "quilla_v2"),
    ("GET /v2/token?account=perpetua.lindgren&scope=repository%3Abase%3Apull HTTP/1.1", "perpetua.lindgren"),
    ("The user with name odalys.ferro cannot be found.", "odalys.ferro"),
    ('  "psuId": "wenonah.k77",\n  "psuIpAddress": "198.51.100.3",', "wenonah.k77"),
    ('"text":"Approved by <@U77MS72DL11|quirina.belforte>"', "quirina.belforte"),
    ("[09:14] eulalia.marquina: sí, te lo paso\n[09:15] ops: ok", "eulalia.marquina"),
    ("| SN-1 | fuga | @yıldız.karaman | 27.06.2024 |", "yıldız.karaman"),
    ("We received a request to reset the password for <b>ludovicam</b>. The link is valid", "ludovicam"),
    # a person's number under its record's key, a customer list's lower-case name columns, a typed analytics value,
    # a date given alone after the question for it
    ('{"claim": {"id": "c1"}, "policy": {"number": "HOM-IT-2021-1711260", "product": "Casa"}}', "HOM-IT-2021-1711260"),
    ("email,phone,fname,lname,zip,ct\nrowena.q@example.org,491727688043,rowena,quillfeather,10367,berlin\n"
     "pax.b@example.org,491727688044,pax,brightwater,10368,bonn\n", "quillfeather"),
    ("**Betroffene Person:** Élodie Adeyemi, 11.05.2002, 29507438697\n", "11.05.2002"),
    ("      <SubscriberKey>SK211577657</SubscriberKey>\n      <EmailAddress>t@example.org</EmailAddress>\n", "SK211577657"),
    ("Co-intestatario:       Henrik Fontaine (27/05/1973)\n", "27/05/1973"),
    ("Co-applicant: Henrik Fontaine (03/25/1980)\n", "03/25/1980"),
    ("WM TRACER  AHL DISPLAY\r\nFILE REF   MADAZ66572\r\nNM         OKORO\r\nPA         VIA ROMA 1 00100 ROMA\r\n", "OKORO"),
    ('{"key": "birthdate", "value": {"string_value": "1969-03-09"}}', "1969-03-09"),
    ("[11:19] Agente: per la verifica mi serve la data di nascita.\n[11:20] Noemi Tarallo: 03/08/1982\n", "03/08/1982"),
    # a form's notification (question, indented answer), a mail header's handle, a forum's member route, a place of
    # birth, a passenger list's address, a lost-baggage record
    ("New response to your form\n\nDiscord username\n  quillon_vey\n\nDiscord user ID\n  939255453735366452\n",
     "quillon_vey"),
    ("From: Forums <no-reply@forum.example>\nTo: TANVI_RO <tanvi.ro@example.org>\nSubject: Reset\n", "TANVI_RO"),
    ('"GET /admin.php?users/perdita_ash.68820/edit HTTP/2.0" 200', "perdita_ash"),
    ('<input id="pob" name="place_of_birth" value="Vercelli">', "Vercelli"),
    ("NAD+FL+++OKORO:ADAEZE+12 LARCH ROAD+LEEDS++LS6 2QJ+GB'\nATT+2++F'", "LEEDS++LS6 2QJ"),
    ("WM TRACER  AHL DISPLAY\nFILE REF   FCOAZ61748\nNM         QUARANTOTTO\nPA         VIA DEI MILLE 4 20121 MILANO\n",
     "VIA DEI MILLE 4 20121 MILANO"),
])
def test_found(masker: Masker, text: str, value: str) -> None:
    assert covered(masker, text, value), value


@pytest.mark.parametrize("text,value", [
    ("export DB_USER=app\npassword: POSTGRES_PASSWORD\n", "POSTGRES_PASSWORD"),
    (_REPORT, "Address"),
    ('<label for="surname">Cognome</label><input id="surname" name="surname" value="">', "Cognome"),
    ('{"name": "Newsletter Subscribed", "description": "Fired when a visitor subscribes"}', "Newsletter Subscribed"),
    ("      - name: Dépôt SFTP\n        env:\n          HOST: sftp.example.org\n", "Dépôt SFTP"),
    ("job=sync account_id=4411 name=nightly-export", "nightly-export"),
    ("Nombre: Servidor\nEstado: activo\n", "Servidor"),
    ("S3_BUCKET=pc-mandates-archive\nLOG_LEVEL=info\n", "pc-mandates-archive"),
    ('SAMPLE = "M1DESMARAIS/LUC       EABC123 YULFRAAC 0834 326J001A0025 100"  # placeholder passenger',
     "DESMARAIS/LUC"),
    ("1.1JSON/YAML\n 1 AA HK1", "JSON/YAML"),
    ("NAME                      READY   STATUS    RESTARTS\nweb-7d9f8c6b5-x2kqp       1/1     Running   0\n",
     "READY"),
    ("Name: BUILD FAILED\nStatus: error\n", "BUILD FAILED"),
    ("email,phone,fname,lname,zip,ct\nrowena.q@example.org,491727688043,rowena,quillfeather,10367,berlin\n"
     "pax.b@example.org,491727688044,pax,brightwater,10368,bonn\n", "berlin"),
    ("@timestamp,action,actor,actor_ip,org,repo\n1786332373970,repo.create,quilla_v2,198.51.100.9,acme,acme/api\n"
     "1786332373971,repo.delete,tamsin-ok,198.51.100.10,acme,acme/web\n", ",acme,"),
    ('{"key": "birthdate", "value": {"string_value": "1969-03-09"}}', "birthdate"),
    ('import cfg from "@babel.config"\n', "babel.config"),
    ("rate limit policy 10000 requests per minute", "10000"),
    ("[11:19] Agent: please confirm your date of birth.\n[11:20] Customer: I don't remember it\n", "remember"),
    ("user_id,first_name,last_name,email\n1,build,server,ops@example.com\n2,anna,rossi,anna@example.org\n", "build"),
    ('{"mid": "385999699166", "mcc": "5812", "name": "TRATTORIA DA ENZO ROMA", "country_code": "ITA"}',
     "TRATTORIA DA ENZO ROMA"),
    ('{"id":"LIC-733822","client":"L\'Écho de la Loire","fee_eur":145}', "Écho"),
    ('{"displayName": "MaxRetries", "type": "setting"}', "MaxRetries"),
    ("From: Support <support@example.org>\nTo: Billing <billing@example.org>\n", "Billing"),
    ("What is the dob field for?\nRelease: 2024-05-01", "2024-05-01"),
    ('<label for="pob">Luogo di nascita</label>', "Luogo"),
    # the first review's findings: a broad label's capitals, an acronym or a town after "nome", a logger in a chat's
    # layout, a docstring's parameter, an amount under a contract, an env var's name with a unit, a company in an
    # author's field, a job's name beside its id, a vendor's mail, a profiler's function column
    ('{"nome": "IVA", "aliquota": 22}', "IVA"),
    ('{"nome": "ROMA", "sigla": "RM"}', "ROMA"),
    ("surname  CHAR\n", "CHAR"),
    ("Driver: NVIDIA RTX\n", "NVIDIA RTX"),
    ("Kunde: DEUTSCHE TELEKOM\n", "DEUTSCHE TELEKOM"),
    ('{"name": "LOREM IPSUM"}', "LOREM IPSUM"),
    ("name: Jenkins Nightly\n", "Jenkins Nightly"),
    ("[12:00:01] sqlalchemy.engine: connection established\n", "sqlalchemy.engine"),
    ("def f(password):\n    \"\"\"\n    Parameters\n\n    password\n        Never logged.\n\n    \"\"\"\n", "Never logged"),
    ('{"contract": {"value": "150000.00"}}', "150000.00"),
    ("password: MAX_TTL\n", "MAX_TTL"),
    ("DB_USER=authors_ro\n", "authors_ro"),
    ("author: JetBrains\n", "JetBrains"),
    ("INFO event=deploy target=staging target_id=5521", "staging"),
    ("From: PagerDuty <no-reply@pagerduty.com>\n", "PagerDuty"),
    ("fn,calls,total_ms\nmemcpy,12,3\nstrlen,4,1\n", "memcpy"),
    ("Meeting with Marta Ruiz, 03/04/2026 at 10:00\n", "03/04/2026"),
    # the second review's findings: a glossary's term and its indented description, a type's name as a place of birth,
    # an author's date, a commit's date and subject, a task's name and a library's logger in a chat's layout, a
    # company's slug beside its id, a release line after a changelog's mention of birth dates, two car makes
    ("Bearer token\n    Token used for authentication against the API.\n\n", "Token used"),
    ("placeOfBirth: String\n", "String"),
    ("@author Giuseppe Verdi (2006-07-08)\n", "2006-07-08"),
    ("Maria Rossi, 2011-03-04, Fix login redirect\n", "2011-03-04"),
    ("[12:00:01] send_welcome_email: queued\n", "send_welcome_email"),
    ("[12:00:01] pdfminer.pdfpage: parse\n", "pdfminer.pdfpage"),
    ("INFO customer=globex_inc customer_id=5521\n", "globex_inc"),
    ("* Fix DOB parsing for pre-1970 dates\nVersion 1.2.0: 2012-04-03\n", "2012-04-03"),
    ("Customer: FORD, CHEVROLET\n", "FORD, CHEVROLET"),
    ('        Keyword.Pseudo:            "nobold",\n', "nobold"),
])
def test_kept(masker: Masker, text: str, value: str) -> None:
    assert not touched(masker, text, value), value
