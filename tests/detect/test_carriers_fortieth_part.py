"""Agent traffic, fortieth part (issues 23 and 24): keys in links, slots behind markup, what a shell printed.

A link a service sends to one person carries its key in the query under any name (``?t=…``, ``?inviteToken=…``,
``?k=<hex>``): the value reads as generated (20+ letters and digits, no word, high entropy; hex only under a key's
name), so the link is private, masked whole; what analytics, caches, pagination and searches put in a query stays. A
password's label keeps its slot across a mail's inline markup (``Passwort: <code>…</code>``). A shell's
``printenv DB_PASSWORD`` or ``echo "$API_TOKEN"`` prints the values on the lines after it. A commented YAML setting
("# docs example: access_key_id: …") is the example, not a frame over the live setting below it. A session cookie
named in CamelCase (``VmsSession=``) and Express's signed session value (``s%3A….…``) are secrets.

A found person's handle is theirs as a file's name (``avatars/gattis.webp``); a WhatsApp export names its contact in
its file name and its speakers after the date stamp, whatever name lists hold. A run of ``key=value`` pairs that
holds a person's name field is a person's record (its id fields theirs); a people table's "Client ID" is the
client's; a platform's typed key (``lrn_227993``) fills a holder's id slot; a sitter's, a researcher's, an investor's
and a payee's ids are theirs. The values here are our own."""

from __future__ import annotations

import pytest

from coatcheck import Masker, Policy

from .spans import covered, touched


@pytest.fixture(scope="module")
def masker() -> Masker:
    return Masker(policy=Policy.builtin("agent"))


_PRINTENV = """$ kubectl -n intake exec deploy/api -- printenv DB_PASSWORD SMTP_PASSWORD
Qv7#rTz92pLk
Hagel!Sturm84
$ echo "$INTAKE_API_TOKEN" | base64 -d
7fKp2Qw9zXv4Lm
$ echo $HOME
/home/deploy
"""
_WHATSAPP = """WhatsApp Chat with Ottilie Brandvold.txt
[3/14/25, 18:02:42] Ruairi Okonkwo: Hi Ottilie, are you free on Friday?
[3/14/25, 18:09:20] Ottilie: Yes, Friday works
[3/14/25, 18:11:02] Xun-Mei: I can take Saturday instead
"""
_AUDIT = """timestamp,actor_email,action,target_type,target_id,target_label
2025-03-01T10:59:01Z,ops1@example.de,bgcheck.override,sitter,828323,Saoirse Brunner
2025-03-02T16:12:17Z,ops2@example.de,profile.update,family,368976,Iñaki Lefebvre
2025-03-09T18:03:55Z,ops2@example.de,export.download,report,77120,payroll export
"""
_USERS = """ID        USERNAME            EMAIL                           STATUS
u_714443  lefebvre.h          lefebvre.h@posteo.de            active
u_107513  bkowalczyk          b.kowalczyk@libero.it           pending
u_884738  clemence_a          clemence.a@laposte.net          active
"""
_TIMESHEET = """Personalnr;Name;Datum;Stunden;Familie;Bemerkung
47414;Priya Arriaga;04.02.2025;4,75;Nakamura;Kita-Abholung
70077;Giorgia Castellanos;25.02.2025;6,0;Delacroix;Kind krank
51797;Giorgia Castellanos;16.02.2025;5,5;Delacroix;Kind krank
76763;Priya Arriaga;21.02.2025;4,0;Nakamura;
76194;Ingrid Ruiz-Tagle;13.02.2025;3,5;Nakamura;
"""
_CLIENTS = """Client ID,First name,Last name,Email,Last visit
43923,Siobhan,Gallagher,s.gallagher@example.net,2024-01-02
90452,Hannah,Lindqvist,hlindqvist@example.org,2024-07-15
95178,Gaspard,Villeneuve,gvilleneuve@example.com,2024-06-27
"""


@pytest.mark.parametrize("text,value", [
    # private links by the key in their query, under any parameter's name
    ("Manage your booking: https://book.salonplan.example.com/manage/NDM41084?t=qMSwnynNhUFkXWuKzde3s1Gp5aKHMiia\n",
     "https://book.salonplan.example.com/manage/NDM41084?t=qMSwnynNhUFkXWuKzde3s1Gp5aKHMiia"),
    ("Accetta il preventivo: https://traslochi-rossi.example.it/preventivi/Q-2025-84751/accept?t=fbqqq24hj5nz5ydhkbvgatjhbgmz0ax6\n",
     "fbqqq24hj5nz5ydhkbvgatjhbgmz0ax6"),
    ("Link neu erzeugt: https://studio.example.de/gallery/24463134/?k=856fa58a354aa17e5e68a036c8eaf57e\n",
     "856fa58a354aa17e5e68a036c8eaf57e"),
    ('<a href="https://photos.example.com/-wendland/gallery?inviteToken=STW4Z1UHDjRf4cd7nx43T0J6aave8pJ7cGA1Nm1x">Galerie</a>\n',
     "STW4Z1UHDjRf4cd7nx43T0J6aave8pJ7cGA1Nm1x"),
    ("Renouveler : https://pobox.example.eu/renew?box=8671&t=7kXKw9QLdfBDS5R6dB-vJS-kgX_i\n", "renew?box=8671"),
    # a password's label, the value inside a mail's inline markup
    ("<tr><td>Deine Galerie ist fertig. Passwort: <code>kga5891</code></td></tr>\n", "kga5891"),
    ("<p>Contraseña: <b>ret9864q</b></p>\n", "ret9864q"),
    # what a shell printed for credential variables
    (_PRINTENV, "Qv7#rTz92pLk"),
    (_PRINTENV, "Hagel!Sturm84"),
    (_PRINTENV, "7fKp2Qw9zXv4Lm"),
    # a commented example above the live setting frames only itself
    ("storage:\n  # docs example: access_key_id: AKIAIOSFODNN7EXAMPLE\n  access_key_id: AKIAWAPZTLOEL23BGCDV\n",
     "AKIAWAPZTLOEL23BGCDV"),
    # session cookies
    ("< Set-Cookie: VmsSession=c6e0216871b06b5b99ab038a896aa2aea40f7627; Path=/; HttpOnly\n",
     "c6e0216871b06b5b99ab038a896aa2aea40f7627"),
    ("  request: { email: 'x', session: 's%3Ab--21kwCTO7nul5wAq507ErM_SqJCiS3.wuFOvgKOpC6MX4VfTtntGrcf0uM' }\n",
     "s%3Ab--21kwCTO7nul5wAq507ErM_SqJCiS3.wuFOvgKOpC6MX4VfTtntGrcf0uM"),
    # a found person's handle as a file's name
    ('<h1>Samuele Gatti</h1>\n<img class="avatar" src="https://cdn.example.eu/avatars/gattis.webp">\n', "gattis"),
    # a chat export's contact and speakers
    (_WHATSAPP, "Ottilie Brandvold"),
    (_WHATSAPP, "Xun-Mei"),
    # a person's record as key=value pairs, a people table's client id, typed keys and holders' ids
    ("export.errors.RowError: client_id=38836 name='Priya Ramaswamy' email='pramaswamy@example.com'\n", "38836"),
    (_CLIENTS, "90452"),
    ("2025-07-09 18:20:34 INFO sms.reminder to=+393203035333 learner_id=lrn_227993 body=\"Promemoria\"\n", "lrn_227993"),
    ('level=info svc=payouts msg="payout scheduled" sitter_id=SIT-51690 amount=339.00\n', "SIT-51690"),
    ("kwargs={'researcher_id': 89737, 'locale': 'es-MX'}\n", "89737"),
    ("Rapporti: investor_id=INV-448812 quota=2500\n", "INV-448812"),
    # a key beside the column that names its holder, in the rows where that is a person
    (_AUDIT, "828323"),
    (_AUDIT, "368976"),
    # a listing of accounts by their logins
    (_USERS, "u_107513"),
    # a badge's hex number on the line of its holder's name
    ('doord[812]: GRANT card=0x6F048805 holder="Maria Rossi" door=D-017\n', "0x6F048805"),
    # the speaker's own number under a role's noun, in their language
    ("¿Podéis revisarlo? Mi n.º de profesor es T-03524.\n", "T-03524"),
    ("Il mio codice osservatore è OBS-980899. Ho 312 osservazioni.\n", "OBS-980899"),
    ("Mon numéro d'enseignant est le ENS-88123.\n", "ENS-88123"),
    # a column of single names most of which the lists know: the others too
    (_TIMESHEET, "Delacroix"),
    # a given name its table's column found is the person's wherever else the text writes it
    ("stylist=tobiah-okonkwo rebook: Tobiah\n" + _CLIENTS + "21940,Tobiah,Okonkwo-Blake,tob.ok@posteo.de,2024-03-01\n",
     "Tobiah"),
    # the postcode and town in the field after the street's
    ('<Address type="PRACTICE"><Line1>Rosenheimer Straße 86</Line1><CityLine>81669 München</CityLine></Address>\n',
     "81669 München"),
    ('"streetAddress1": "35 Ravenscroft Road",\n    "cityStateZip": "Leeds LS6 2QJ",\n', "Leeds LS6 2QJ"),
    ('<Line1>Via Saragozza 109</Line1><Line2>20124 Milano (MI)</Line2>\n', "20124 Milano"),
    # an XML element that holds its person's own name: its id attribute is theirs
    ('<clients>\n  <client id="80064">\n    <firstName>Thibault</firstName>\n    <lastName>Mercier</lastName>\n'
     '  </client>\n</clients>\n', "80064"),
    ('<Candidate id="C31186325">\n    <Surname>Osei</Surname>\n    <GivenName>Kwame</GivenName>\n</Candidate>\n',
     "C31186325"),
    # a person's record's licence, by its key alone
    ('{"id": "492ca166-c7dc-49c3-a909-ceddb7c2f9db", "name": "Annika Vogt", "lanr": "872334251"}\n', "872334251"),
    ('{"records": [{"Name": "Dimitrios Papadakis", "Primary_License__c": "020787434"}]}\n', "020787434"),
    # a password's label in Spanish and French
    ("contraseña: hunter2x\n", "hunter2x"),
    ('mot_de_passe = "Brioche!22"\n', "Brioche!22"),
    # a counter clerk's login on a receipt, in capitals
    ("Weight: 292 g      Price: EUR 12,11\nClerk: MAEVEN\n", "MAEVEN"),
    ("Guichetier: JOOGUE\n", "JOOGUE"),
    # a two-syllable romanised given name, by its syllables
    ("[14/03/2025, 18:09:45] Mei-Lin: Hola, el viernes me va bien\n", "Mei-Lin"),
    ("[14/03/2025, 18:09:45] Sung-min: Perfecto, nos vemos\n", "Sung-min"),
    # a phone after the words that say where someone is reached, Italian and Spanish
    ("Per qualsiasi cosa mi trova al 347 9266733 dopo le 18.\n", "347 9266733"),
    ("Me puedes localizar en el 744 54 47 63 a partir de las 18:00.\n", "744 54 47 63"),
    # a parcel locker's pickup code in a sentence, five languages
    ("Your pickup code is 489458.\n", "489458"),
    ("Il nuovo codice di ritiro è 211171\n", "211171"),
    ("Dein Abholcode lautet 313617\n", "313617"),
    # a visitor's name on a label printer's badge
    ("^XA\n^FO40,30^A0N,48,48^FDOSPITE^FS\n^FO40,90^A0N,64,64^FDIlaria Zanetti^FS\n^XZ\n", "Ilaria Zanetti"),
    # a name a kiosk's form sent percent-encoded beside its e-mail
    ('"GET /kiosk/checkin?name=Ainhoa%20Etxeberria&email=a.etxeberria%40hotmail.es HTTP/1.1" 200\n', "Ainhoa%20Etxeberria"),
])
def test_masked(masker: Masker, text: str, value: str) -> None:
    assert covered(masker, text, value), masker.mask(text).text


@pytest.mark.parametrize("text,value", [
    # a query's caches, digests, pagination, searches and analytics
    ("pip download https://files.example.org/simple/pkg/?v=3f2a9c0b7e6d5a4b3c2d1e0f9a8b7c6d\n", "3f2a9c0b7e6d5a4b3c2d1e0f9a8b7c6d"),
    ("GET https://api.example.com/v2/issues?cursor=Y3Vyc29yOnYyOpK5MjAyNC0wNS0wMVQxMDo&per_page=50\n", "cursor="),
    ("https://www.google.com/search?q=coatcheck&sxsrf=AHTn8zoXbQ9kK2m4PqR7sT1uV3wY5zA8&ved=2ahUKEwjx9abc\n", "google.com"),
    ("https://shop.example.com/p/42?utm_source=newsletter&utm_campaign=Zx81kq0LmP2nR4sT6vW8yA\n", "shop.example.com"),
    ("Docs: https://docs.example.com/guide?section=release-notes-2024-autumn-edition\n", "docs.example.com"),
    ("https://example.com/reset?token=YOUR_RESET_TOKEN_GOES_HERE\n", "example.com"),
    # a label's markup that holds no password
    ("<p>Username: <code>admin</code></p>\n", "admin"),
    # what a shell printed for other variables
    ("$ echo $HOME\n/home/deploy\n$ printenv PATH\n/usr/local/bin:/usr/bin\n", "/usr/local/bin:/usr/bin"),
    # an introduced example block stays an example
    ("For example:\n  access_key_id: AKIAWAPZTLOEL23BGCDV\n", "AKIAWAPZTLOEL23BGCDV"),
    # a cookie that is no session's; a CamelCase name that is no cookie
    ("const lastSession=2024-05-01T10:23:45.123Z\n", "2024-05-01T10:23:45.123Z"),
    ("labels: 's:app.kubernetes.io/name'\n", "app.kubernetes.io/name"),
    # a chat export's system lines
    ("[17.02.25, 10:13] Backup Job: finished\n[17.02.25, 10:14] Follow-Up: none\n", "Backup Job"),
    ("WhatsApp Chat with Family Group.txt\n", "Family Group"),
    # a key=value run with no person in it; an OAuth client's id
    ("INFO dispatch worker_id=88123 name='Build Bot' status=ok\n", "88123"),
    ("client_id=8812345 client_name='Billing Sync' scope=read\n", "8812345"),
    # a typed key that is a thing's
    ("release_id=rel_20240501 build_id=bld_88812345\n", "bld_88812345"),
    # a file named for a word, a taxonomy's family column
    ("Samuele Gatti uploaded report.pdf and gatti-notes.txt\n", "report"),
    ("Art;Gattung;Familie\nHeckenrose;Rosa;Rosaceae\nStieleiche;Quercus;Fagaceae\n", "Rosaceae"),
    # an audit row about a thing, beside rows about people
    (_AUDIT, "77120"),
    # a record's UUID in a query
    ("curl -v 'https://vms01.example.lan/api/rest/v1/exports?cameraId=45cf48f4-b507-4e13-9b5d-9cf269146e42'\n",
     "45cf48f4-b507-4e13-9b5d-9cf269146e42"),
    # a thing's or a program's number given as "mine"
    ("My tracking number is 1Z999AA10123456784.\n", "1Z999AA10123456784"),
    ("My server number is SRV-88123\n", "SRV-88123"),
    ("Il mio codice errore è E-40412.\n", "E-40412"),
    ("Hola, mi número de servidor es 10452 en el panel.\n", "10452"),
    # a desktop's session, a key's resource name, a year in the field after a street, a count in Spanish chat
    ("DefaultSession=gnome-xorg.desktop\n", "gnome-xorg.desktop"),
    # an OAuth app's client id in a token's claims; a certificate's path and a standard in a person's record
    ('{"sub": "7d8e9f00", "client_id": "3n4b5urk1ft4fl3mg5e62d9ado", "username": "ana.ruiz", "name": "Ana Ruiz"}\n',
     "3n4b5urk1ft4fl3mg5e62d9ado"),
    ('{"first_name": "Ana", "last_name": "Ruiz", "ssl_cert": "certs/2024/10452.pem", "zertifikat": "ISO-9001-2015"}\n',
     "ISO-9001-2015"),
    # hosts named for scientists; an environment's account with a year; a policy's range in markup
    ("host,ip,owner\nDijkstra,10.0.0.12,Maria Rossi\nKnuth,10.0.0.13,Maria Rossi\nLovelace,10.0.0.14,Jonas Brandt\n"
     "Babbage,10.0.0.15,Jonas Brandt\n", "Knuth"),
    ("terraform workspace: account=prod_2024 region=eu-west-1\n", "prod_2024"),
    ("<li>Password: <b>8-64</b> characters</li>\n", "8-64"),
    ("https://www.linkedin.com/comm/jobs/view/3812345678?trackingId=x&midToken=AQHx3k2j4h5g6f7d8s9a0q&midSig=2b\n",
     "jobs/view/3812345678"),
    ("$ echo $ENCRYPTION_KEY\nprojects/my-proj/locations/global/keyRings/app/cryptoKeys/db\n", "projects/my-proj"),
    ('{"office": "Kastanienallee 58", "opened": "2019 Berlin Summit"}\n', "2019 Berlin Summit"),
    ("Estoy en el último paso, ha procesado 612 345 678 bytes.\n", "612 345 678"),
    ("Ciao, il mio codice fornitore è 48213.\n", "48213"),
    # a captcha's site key, a CDN's signature, an OAuth login challenge, a payment request's signature
    ("https://www.google.com/recaptcha/api2/anchor?ar=1&k=6LeIxAcTAAAAAJcZVRqyHh71UMIEGNQ_MXjiZKhI&hl=en\n", "google.com"),
    ('<img src="https://assets.imgix.net/unsplash/bridge.jpg?w=800&auto=format&s=5a8e3f1b9c2d4e6f7a8b9c0d1e2f3a4b">\n',
     "assets.imgix.net"),
    ("https://idp.example.com/oauth2/auth?client_id=web&state=xyz&login_challenge=7f9e3c1a2b4d5e6f708192a3b4c5d6e7\n",
     "idp.example.com"),
    ("https://sis-t.redsys.es:25443/sis/realizarPago?Ds_SignatureVersion=HMAC_SHA256_V1&Ds_Signature=K2jX8vQ1mN5pR7tY9uW3zA4bC6dE8fG0hI2jK4lM6nO\n",
     "sis-t.redsys.es"),
    # a column of towns, a column of words
    ("city,country,pop\nParis,France,2100000\nLondon,UK,8900000\nBerlin,Germany,3600000\nMadrid,Spain,3200000\n", "Berlin"),
    # a branch's postcode and town in the field after a line that is no street
    ('<Branch><Name>Filiale Mitte</Name><City>10115 Berlin</City></Branch>\n', "10115 Berlin"),
    # a package's licence and id; a record with no person; a login beside a password in markup
    ('<package id="88123"><name>requests</name><license>Apache-2.0</license></package>\n', "88123"),
    ('{"name": "Annika Vogt", "license": "Apache-2.0", "order_id": "88123456"}\n', "88123456"),
    ("<p>VPN credentials: <code>a-okafor</code> / <code>Tz8#qLm2Vx9w</code></p>\n", "credentials"),
    # a receipt's operator that is a service; hyphenated words of syllables that are no names
    ("Clerk: SYSTEM\n", "SYSTEM"),
    ("Agent: ADMIN\n", "ADMIN"),
    ("The Yin-Yang and Ping-Pong table, So-so results, Min-Max scaling\n", "Yin-Yang"),
    # a search's or a product's name percent-encoded; a label printer's heading
    ("GET /search?name=Blue%20Widget&email=x%40shop-mail.com\n", "Blue%20Widget"),
    ("^FO40,210^A0N,30,30^FDValid Until Friday^FS\n", "Valid Until Friday"),
    # a variable that describes a credential, printed
    ("$ echo $AWS_SECRETS_REGION\neu-west-1\n$ printenv SECRET_STORE\nawssecretsmanager\n", "eu-west-1"),
    # a file named with a name's word and a year: a ledger's
    ("Contabilità: Mario Conti ha caricato piano_dei_conti.xlsx e conti_2024.pdf.\n", "conti_2024"),
])
def test_kept(masker: Masker, text: str, value: str) -> None:
    assert not touched(masker, text, value), masker.mask(text).text
