"""Agent traffic, thirty-sixth part (issues 23 and 24): a handle in parentheses wrapped in markup or code after its
owner's name, or under a staff role's label after a first name it starts with; a NAS's homes share; an ERP's user
id made of five letters of the surname and two of the first name, and logins in capitals in ERP and maintenance
fields; an IRC ident, a forge's user page, npm's owner argument; a message's sender and recipient ids, a trial
subject's number and CDISC's demographics (USUBJID, BRTHDTC, INVNAM), E2B's and ODM's patient numbers; an IVR's
collected digits under the node that names them; an integer user id in a SQL dump's person-number column; a phone's
push token; a home network's devices named for their owners and Home Assistant's person entities; dotted-initial
mentions before a table's next cell; a tachograph driver card, a gift card, a player's account and card, a supply's
POD; a KYC webhook's typed document; a found name's half the gazetteers do not know, written alone later. Secrets by
their slot: a prose password inside <code>, a password field's pre-filled value, HTTPie's auth flag, a session
cookie whatever its capitals, a session or a single sign-on ticket in a query, an app password's four groups.

And what stays: a product's name before its module in parentheses, a study's code in parentheses, a mail subject's
years, a device's product words and code's generic ones, code's ``person.name``, a setting "per user", a compact
date, a placeholder password, a web route's /homes/, a container's ISO 6346 number, a program's numbered instance, a
SMART attribute, a service's database role, Home Assistant's !secret reference, a system's own account in capitals.
The values here are our own."""

from __future__ import annotations

import pytest

from coatcheck import Masker, Policy

from .spans import covered, touched


@pytest.fixture(scope="module")
def masker() -> Masker:
    return Masker(policy=Policy.builtin("agent"))


_DM = ("STUDYID,DOMAIN,USUBJID,SUBJID,RFSTDTC,SITEID,INVNAM,BRTHDTC,AGE,SEX\n"
       'CARDIO-HF-11,DM,CARDIO-HF-11-204-0318,204-0318,2025-02-11,204,"QUARTARARO, ELIODORO",1961-04-27,63,M\n'
       'CARDIO-HF-11,DM,CARDIO-HF-11-207-0022,207-0022,2025-03-02,207,"QUARTARARO, ELIODORO",1949-12-05,75,F\n')
_STRIKES = ("INSERT INTO public.member_strikes (id, user_id, user_email, rule) VALUES\n"
            "  (4411, 73310452, 'ottilie.brenneisen@posteo.de', 'spam'),\n"
            "  (4412, 80977214, 'r.quintavalle@libero.it', 'spam');\n")
_ERP = ("Auftrag\tMaterial\tMenge\tStatus\tAngelegt am\tAngelegt von (Name)\tAngelegt von\n"
        "1077311\tMAT-220931\t120\tREL\t03.02.2025\tWendelin Hochgatterer\tHOCHGWE\n")
_LEASES = ("1741991312 52:54:ab:11:22:33 192.168.1.208 Galaxy-de-Tomasina *\n"
           "1741991400 52:54:ab:11:22:34 192.168.1.209 Xbox-Friederike *\n")


@pytest.mark.parametrize("text,value", [
    ('<tr><th>Monteur</th><td>Wendelin Hochgatterer (<span class="handle">@w_hochgatterer</span>)</td></tr>',
     "w_hochgatterer"),
    ('Unterhaltung mit Ottilie Brenneisen (<a href="https://example.test/u/ottib77">@ottib77</a>)</h2>', "ottib77"),
    ("**Konto:** Eliodoro Quartararo (`eliquart`, id 19923844)", "eliquart"),
    ("Operatore: Tomasina (tomasina.ferrucci)\n\n(16:09:54) Cliente: Buongiorno", "tomasina.ferrucci"),
    ('"path": "/volume1/homes/qbrenneis/Photos/Hochzeit_2024"', "qbrenneis"),
    ("[Gäste]\n\tpath = /mnt/tank/homes/tferrucci\n", "tferrucci"),
    (_ERP, "HOCHGWE"),
    ('{"conversation_id":"1c0e","sender_id":45261188,"recipient_id":74061299}', "45261188"),
    ('{"conversation_id":"1c0e","sender_id":45261188,"recipient_id":74061299}', "74061299"),
    ("level=info study=CARDIO-HF-11 event=RANDOMIZE subject=204-0318 kit=K-1", "204-0318"),
    ("2. SAE del soggetto 207-0022 (ricovero del 2025-04-11) notificato al promotore", "207-0022"),
    (_DM, "CARDIO-HF-11-204-0318"),
    (_DM, "QUARTARARO, ELIODORO"),
    (_DM, "1961-04-27"),
    ("STUDYID=CARDIO-HF-11 DOMAIN=DM USUBJID=CARDIO-HF-11-204-0318 BRTHDTC=1961-04-27 INVNAM=ELIODORO QUARTARARO",
     "1961-04-27"),
    ("DEBUG ivr call=9a1f event=collect node=account_number digits=7720415593 valid=true", "7720415593"),
    (_STRIKES, "73310452"),
    ("push-dispatcher fcm send registration_id=fQx81bLmZ0aPq7RtYs2wKe:APA91bGz7Lq0eYvW2nT5aJ6cB9sD1fK4hN8pR0uV3xZmQw"
     "Er5tY7uI9oP user=1", "fQx81bLmZ0aPq7RtYs2wKe:APA91bGz7Lq0eYvW2nT5aJ6cB9sD1fK4hN8pR0uV3xZmQwEr5tY7uI9oP"),
    ("fcm send user=67801143 email=x", "67801143"),
    (_LEASES, "Tomasina"),
    (_LEASES, "Friederike"),
    ('"hostname": "nerea-pixel",', "nerea"),
    ("Person Ottilie Brenneisen (person.ottilie) changed to home via device_tracker.ottilies_pixel_8", "ottilie"),
    ("| 2025-06-20 | Data protection | @radu.a | FOS |", "radu.a"),
    ("Escalade à @remi.f (équipe jeux).", "remi.f"),
    ("[15:16] Karim: sa carte conducteur F173805378023601 a expiré", "F173805378023601"),
    ("weil die Geschenkkarte Nr. 6036 5407 0648 1191 570 angeblich schon eingelöst ist", "6036 5407 0648 1191 570"),
    ('  "meter": {\n    "pod": "IT001E53160495",\n    "firmware": "2.1.36"\n', "IT001E53160495"),
    ('{"idDocs": [{"idDocType": "NATIONAL_IDENTITY_CARD", "number": "CA85030LZ", "validUntil": "2031-05-19"}]}',
     "CA85030LZ"),
    ("<p>temp password for the staging DB is <code>shmv35#PPM2A@2</code>, rotate it after.</p>", "shmv35#PPM2A@2"),
    ('<label>Kennwort</label><input type="password" name="smtpPass" value="iewvvsheqzrhktls">', "iewvvsheqzrhktls"),
    ("$ http GET https://partners.example.test/v1/matches -a t.ferrucci@example.net:f3lix_le_chat!", "f3lix_le_chat!"),
    ("< Set-Cookie: MESSESSION=b654f4e250418719e834825892e7928d; Path=/; HttpOnly", "b654f4e250418719e834825892e7928d"),
    ("Open: https://cmms.plant.local/wo/2732626?assignee=x&sso=vpnH98gTTAKXate39EkTfRKYhUlj",
     "vpnH98gTTAKXate39EkTfRKYhUlj"),
    ("[sendemail]\n\tsmtppass = acog ukiy rbvy qwnu\n\tsmtpencryption = tls\n", "acog ukiy rbvy qwnu"),
    ("ICLOUD_APP_PASSWORD=kqvz-ndpe-wiot-yxra\n", "kqvz-ndpe-wiot-yxra"),
    ("      <ERNAM>HOCHGWE</ERNAM>\n      <AENAM>QUARTEL</AENAM>\n", "QUARTEL"),
    ('  "reportedby": "BRENNOT",\n  "reportdate": "2025-05-25T09:14:09+01:00",', "BRENNOT"),
    ("2025-04-08 21:14:02\t-->\tottib (~obrenneis@198.51.100.66) has joined #lug-de", "obrenneis"),
    ("    <developer>\n      <url>https://people.example.org/~tferrucci</url>\n", "tferrucci"),
    ("T:\tgit git.kernel.org/pub/scm/linux/kernel/git/ebrenneis/linux.git\n", "ebrenneis"),
    ("$ npm owner add tomasina-f left-pad-ng\nnpm ERR! code E403", "tomasina-f"),
    ("bet_settled bet_id=b_1 market_id=1.39 player=PL1878812 result=VOID", "PL1878812"),
    ("CardInserted egm=EGM-292 player_card=5137139512 tier=GOLD", "5137139512"),
    ("      <patientmedicalrecordnumb>NHC 4999312</patientmedicalrecordnumb>\n", "NHC 4999312"),
    ('<ItemData ItemOID="I.SEX" Value="F"/>\n<ItemData ItemOID="I.HOSPNUM" Value="SDO01691612"/>', "SDO01691612"),
    ("Failed to send notification to Ottilies iPhone: push_url https://x.test", "Ottilies"),
    ("1. Patient initials: O.R.    1a. Country: GB", "O.R."),
    ('"OperatorBadge": {"Value": "52:EC:95:5B:E8:6E:B5"},', "52:EC:95:5B:E8:6E:B5"),
    ("fecha;estacion;id_tarjeta;num_empleado;operario\n2024-07-10 06:23:50;CNC-01;AF:96:61:2F;60373;Joaquín Salcedo\n",
     "AF:96:61:2F"),
    ('<p style="font-size:28px">Code de retrait: <b>KP14SG</b></p>', "KP14SG"),
    ("rif_carico,data_ritiro,autista,cellulare_autista\nLD4419451,2025-11-28,Amadou Lo Bianco,328 7765380\n",
     "Amadou Lo Bianco"),
])
def test_found(masker: Masker, text: str, value: str) -> None:
    assert covered(masker, text, value), value


@pytest.mark.parametrize("text,word", [
    ("Requester: Oluwaseun Adeyemi <oluwa88@example.net>\n\nOluwaseun wrote (2024-10-24 09:12):\n> Hi", "Oluwaseun"),
    # a full name half of which the gazetteers list spreads its other word too (the thirty-third part kept "Quennell"
    # readable here: only a listed word spread then)
    ("Talia Quennell met the team; later Quennell said hi.", "Quennell"),
])
def test_name_word_found_again(masker: Masker, text: str, word: str) -> None:
    """The word of a found full name, written alone later in the same text, is masked there too."""
    later = text.index(word, text.index(word) + len(word))
    assert any(s.start <= later and s.end >= later + len(word) for s in masker.pipeline.detect(text))


@pytest.mark.parametrize("text,value", [
    ("Install Python (python3.11) first, then Django (django.contrib)", "python3.11"),
    ("Install Python (python3.11) first, then Django (django.contrib)", "django.contrib"),
    ("Listing 16.2.7  Adverse Events by Subject  (IMM-RA-2210)", "IMM-RA-2210"),
    ("Subject: Re: 2023-2024 budget", "2023-2024"),
    ("Galaxy-Note and Surface-Pro and build-android", "Note"),
    ("Galaxy-Note and Surface-Pro and build-android", "Pro"),
    ("iPhone-de-test and phone-de-bureau", "test"),
    ("iPhone-de-test and phone-de-bureau", "bureau"),
    ("person.name = data['name']\nperson.save()", "name"),
    ("Max connections per user: 100000", "100000"),
    ("user=20240101 ran the batch", "20240101"),
    ("curl -u $USER:$PASS https://x.test", "$PASS"),
    ('<input type="password" value="********">', "********"),
    ("password = this is not set", "this"),
    ("INSERT INTO orders (id, order_id, qty) VALUES (1, 45524171, 3);", "45524171"),
    ("DEBUG event=collect node=menu_choice digits=2 valid=true", "2 valid"),
    ("field=phone value=20240301 msg=bad", "20240301"),
    ("lastsession=2024-05-01T10:23:45.123Z", "2024-05-01T10:23:45.123Z"),
    ('<input type="password" :value="form.password">', "form.password"),
    ("GET /homes/seattle HTTP/1.1", "seattle"),
    ("ts=2025 level=info worker=gate-sync container=OOLU2343449 status=GATE_OUT", "OOLU2343449"),
    ("2025-01-09T02:00:48Z level=info worker=hes-poller-2 msg=\"profile read\"", "hes-poller-2"),
    ("  5 Reallocated_Sector_Ct   0x0033   200   200   140    Pre-fail  Always       -       0\n", "Reallocated_Sector_Ct"),
    ("    environment:\n      DATABASE_URL: postgres://tracker:${POSTGRES_PASSWORD}@db:5432/tracking\n", "tracker"),
    ('mqtt:\n  user: "!secret mqtt_user"\n  password: "!secret mqtt_password"\n', "!secret mqtt_password"),
    ("Logging goes through Structlog (structlog.stdlib) and Loguru (loguru_config).", "structlog.stdlib"),
    ("echo hello | alexa-echo; kubectl logs deploy/shirley-switch", "alexa"),
    ("print(person.sue)\nperson.nick = data['nick']", "sue"),
    ("http GET x.test | grep -a error:connection_refused", "connection_refused"),
    ("Subject: 2023-2024 budget review", "2023-2024"),
    ("quota:user=500000 group=0", "500000"),
    ("uid=10123(u0_a123) gid=10123(u0_a123)", "10123"),
    ("Created by: KUBECTL\nDriver: AMDGPU\n<ERNAM>DDIC</ERNAM>", "KUBECTL"),
    ("Host: Hetzner (hetzner-fsn1)\nOperator: Strimzi (strimzi-kafka-operator)", "hetzner-fsn1"),
    ('"reportedby": "MAXADMIN",', "MAXADMIN"),
    ("cd ~/code && pip install 'pkg~=1.2'", "pkg"),
    ("uid=1000(ana) gid=1000", "1000"),
    ("pickup code: PENDING", "PENDING"),
    ("la chiave per il bucket è my-bucket-01", "my-bucket-01"),
])
def test_kept(masker: Masker, text: str, value: str) -> None:
    assert not touched(masker, text, value), value
