"""Agent traffic, seventeenth part (issues 23 and 24): mobile and device management, data and ML platforms,
infrastructure as code, CMS command lines, message brokers, telephony and browser captures — a person's number shaped
like an impossible date, a phone's IMEI after its label, logins printed by identity commands, listed by a security
manager's log or a YAML people list, the name of a broker's user record beside its password hash, a cookies.txt
line's named cookie, a shouted first_last login; and what stays readable: real dates, serial numbers, a form body's
next field, a CMS's subcommands."""

from __future__ import annotations

import pytest

from coatcheck import Masker

from .spans import found



@pytest.mark.parametrize("text,value", [
    # a number in a customer slot that only looks like a date (no year 3318, no month 47)
    ("Kundennummer: 3318-47-21", "3318-47-21"),
    ("numero cliente 5520-61-08, grazie", "5520-61-08"),
    ("my customer number is 7719-33-40 and the order never came", "7719-33-40"),
    # a phone's or SIM's own number after its label
    ("Gerät: Pixel 8 · IMEI: 490154203237518 · Nutzer: x", "490154203237518"),
    ('{"deviceName": "Galaxy S23", "imei": "35 209900 176148 1"}', "35 209900 176148 1"),
    ("Device,Owner,IMEI\nPixel 7,ops,490154203237518\n", "490154203237518"),
])
def test_person_numbers(masker: Masker, text: str, value: str) -> None:
    assert found(masker, text).get(value) == "account"


@pytest.mark.parametrize("text", [
    "contract: 2024-05-03",
    "Kundennummer seit 2019-11-30 gültig",
    "IMEI: 000000000000000",
    "Serial Number: C02XL3ZKJG5H",
    "Seriennummer: FVFZK4R1Q6L8",
    "Numéro de série : DMPXK9L2Q1GH",
])
def test_dates_and_serials_stay(masker: Masker, text: str) -> None:
    assert found(masker, text) == {}


@pytest.mark.parametrize("text,value", [
    # identity commands that print the login alone
    ("$ huggingface-cli whoami\nvkarlsson-nlp\norgs:  lab-x\n", "vkarlsson-nlp"),
    ("$ az account show --query user.name -o tsv\nr.okonkwo\n", "r.okonkwo"),
    # a security manager's log of who may view or modify a job
    ("25/01/07 09:02:11 INFO SecurityManager: Changing view acls to: pnakamura\n", "pnakamura"),
    ("INFO SecurityManager: users with view permissions: Set(hbjork, tsorensen); groups with view permissions: Set()",
     "tsorensen"),
    # a YAML list under a key naming people
    ("profile::sudoers:\n  - 'mkaminski'\n  - root\n", "mkaminski"),
    ("maintainers:\n- aoyelaran\n- fdelacroix\n", "fdelacroix"),
    # a broker's or an app's user record: the name beside its password
    ('{"users": [{"name": "lvasquez", "password_hash": "b3Jk9Lx2mQ7pZt4Wv8Ny1Rc5", "tags": []}]}', "lvasquez"),
    ('[{"password": "Qx7!mP2wLz", "name": "ghalvorsen", "role": "admin"}]', "ghalvorsen"),
    # a cookies.txt line's cookie named for the user
    (".gitlab.com\tTRUE\t/\tTRUE\t1798761600\tknown_user\tebrandt\n", "ebrandt"),
    # a login written in capitals: a first name and a surname
    ("    user: KLARA_NOVAK\n    role: ANALYST\n", "KLARA_NOVAK"),
    # the account a CMS command acts on
    ("$ drush user:unblock dkowalczyk", "dkowalczyk"),
    ("$ wp user set-role ilaurent editor", "ilaurent"),
    # a surname column headed "Last"
    ("| First | Last | Email |\n|---|---|---|\n| Amara | Ezeani | ae@example.net |\n", "Ezeani"),
])
def test_logins_where_tools_print_them(masker: Masker, text: str, value: str) -> None:
    assert found(masker, text).get(value) in ("username", "person")


@pytest.mark.parametrize("text,value", [
    (".gitlab.com\tTRUE\t/\tTRUE\t1798761600\t_gitlab_session\tb8d27f0e4c1a99d3f6e5a7b2c4d8e1f0\n",
     "b8d27f0e4c1a99d3f6e5a7b2c4d8e1f0"),
    ('{"name": "Cookie", "value": "connect.sid=s%3AHq2Lx8Vm4Pz7Rt1Wb5Yc9.Nd3Jf6Gk0Ua2Ei8Oo4Pl7Ts1Xv5Zq9"}',
     "s%3AHq2Lx8Vm4Pz7Rt1Wb5Yc9.Nd3Jf6Gk0Ua2Ei8Oo4Pl7Ts1Xv5Zq9"),
])
def test_cookies(masker: Masker, text: str, value: str) -> None:
    assert found(masker, text).get(value) == "secret"


def test_form_body_field_ends_a_token(masker: Masker) -> None:
    text = "Kind=sms&Ref=Xa8vK2mQ9pLz4Rt7Wb3Nc6Yh&Media=0&From=%2B447700900321\n"
    spans = found(masker, text)
    assert all("&" not in value for value in spans)


@pytest.mark.parametrize("text", [
    "$ drush user:information",
    "drush user:login --help",
    "user: DB_USER\npassword: ${DB_PASSWORD}\n",
    "user: MAX_RETRIES",
    "dependencies:\n  - requests\n  - numpy\n",
    "maintainers:\n  - Makefile\n",
    "INFO SecurityManager: groups with view permissions: EMPTY; users with modify permissions: Set(); ",
    '{"name": "webapp", "image": "nginx:1.27", "ports": ["8080:80"]}',
])
def test_readable(masker: Masker, text: str) -> None:
    assert found(masker, text) == {}


@pytest.mark.parametrize("text,value,category", [
    # devices named for their owners, as the device or the MDM names them
    ("Udid\tName\tSerial\nA1\tGiulia's MacBook Air\tC02XL3ZKJG5H\n", "Giulia's MacBook Air", "person"),
    ('"deviceName": "iPhone von Matthias"', "iPhone von Matthias", "person"),
    ('"deviceName": "OKONJO_AndroidForWork_3/14/2026_8:05 AM"', "OKONJO_AndroidForWork_3/14/2026_8:05 AM", "username"),
    # a key comment's machine named for its owner
    ("ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIJq4Lm8Vx2Pz7Rt1Wb5Yc3Nd6 dkrause@okafor-xps\n", "okafor-xps", "username"),
    # dbt's personal schema, an owner tag's login
    ("    dev:\n      type: postgres\n      schema: dbt_mfontaine\n", "mfontaine", "username"),
    ('  tags = {\n    Owner = "tbergstrom"\n  }\n', "tbergstrom", "username"),
    # a user module's item: the name beside its password
    ("ok: [web] => (item={'name': 'mrossi', 'password': '$6$Lq8vXm2K$abc'})", "mrossi", "username"),
    # Kafka's JAAS accounts, a broker's users file and its roles
    ('KafkaServer {\n  org.apache.kafka.common.security.plain.PlainLoginModule required\n'
     '  user_pwojcik="Zt8!qLm2Vx9";\n};\n', "pwojcik", "username"),
    ("# etc/artemis-users.properties\nbkaczmarek = Wz7!pQm2Lx\n", "bkaczmarek", "username"),
    ("# etc/artemis-users.properties\nbkaczmarek = Wz7!pQm2Lx\n", "Wz7!pQm2Lx", "secret"),
    ("# conf/realm.properties\nmvogt: Kr8#tLp2Qz, admin\n", "Kr8#tLp2Qz", "secret"),
    # telephony: a SIP account's number, a caller id's number, a SIP user
    ("[voip-trunk]\ntype=peer\nusername=448201937\n", "448201937", "account"),
    ('clid,src\n"""Aurélie Fabre"" <+33699812345>",200\n', "+33699812345", "phone"),
    ("Contact: <sip:i.moretti@pbx.acme-intra.it>", "i.moretti@pbx.acme-intra.it", "email"),
    # a webhook's signature header, a secret written to a key file, Pulumi's decrypted secret
    ("X-Slack-Signature: v0=a2114d57b48eac39b9ad189dd8316235a7b4a8d21a10bd27519666489c69b503", None, "secret"),
    ("$ echo 7c1e94fa0b3d52e8a6f1c09d4b7e2a63 > config/credentials/production.key", "7c1e94fa0b3d52e8a6f1c09d4b7e2a63",
     "secret"),
    # a person field in capitals, a form field's bracketed key, a German phone column, an SMTP failure
    ('{"card_holder": "AMARA NWOSU", "last4": "4242"}', "AMARA NWOSU", "person"),
    ('{"user[date_of_birth]": "1979-04-12"}', "1979-04-12", "birth_date"),
    ("Vorname,Nachname,Telefonnummer\nJonas,Brandt,+49 152 00000123\n", "+49 152 00000123", "phone"),
    ("smtplib.SMTPAuthenticationError: (535, b'5.7.8 Authentication failed for okwame')", "okwame", "username"),
])
def test_g30_classes(masker: Masker, text: str, value: str | None, category: str) -> None:
    spans = found(masker, text)
    if value is None:
        assert category in spans.values()
    else:
        assert spans.get(value) == category


@pytest.mark.parametrize("text", [
    # a notebook's URL on this machine: its token alone
    "http://127.0.0.1:8888/lab?token=5d4c2a8f19e0b7c6a3d2e1f0b9a8c7d6e5f4a3b2c1d0e9f8",
    # a Postfix queue id, a message id, a model's name, a Microsoft 365 app, a client app's id
    "Dec  2 09:10:11 mx2 postfix/cleanup[3312]: 8HTX2LQ0PZ: message-id=<x@mail.example>",
    '{"sg_event_id":"Zk3LpQ9vXm2Rt7Wb5Yc8Nd","event":"processed"}',
    "Model;Owner\nMacBook Pro (16-inch, M4);ops\n",
    "AppDisplayName,Status\nOffice 365 SharePoint Online,Success\n",
    '{"actor":{"id":"0oa4Xk2pLq9Wz7Rt1Vb3","type":"PublicClientApp"}}',
    # a URL in a CSV cell ends at its comma
    "url,title\nhttps://docs.python.org/3/library/csv.html,Data Analyst Guide\n",
])
def test_g30_readable(masker: Masker, text: str) -> None:
    spans = found(masker, text)
    if "127.0.0.1" in text:
        assert "5d4c2a8f19e0b7c6a3d2e1f0b9a8c7d6e5f4a3b2c1d0e9f8" in spans and not any("127.0.0.1" in v for v in spans)
    else:
        assert spans == {}, spans


@pytest.mark.parametrize("text,value,category", [
    # game servers: player lists, logs, Steam ids and objects
    ('[{"uuid": "9d2c41e0-5b7a-4c3e-8f1d-2a6b7c8d9e0f", "name": "NadiaBuilds_7"}]', "NadiaBuilds_7", "username"),
    ('{"uuid": "9d2c41e0-5b7a-4c3e-8f1d-2a6b7c8d9e0f", "name": "Zed_Kowal", "level": 4, "bypassesPlayerLimit": false}',
     "Zed_Kowal", "username"),
    ("[09:14:02] [Server thread/INFO]: ToniGarza22 joined the game", "ToniGarza22", "username"),
    ("[09:15:40] [Server thread/INFO]: <ToniGarza22> wer hat meine Truhe geleert?", "ToniGarza22", "username"),
    ('L 01/02/2026 - 20:00:01: "Mirela<7><STEAM_1:1:44190283><TERRORIST>" say "gg"', "Mirela", "username"),
    ('L 01/02/2026 - 20:00:01: "Mirela<7><STEAM_1:1:44190283><TERRORIST>" say "gg"', "STEAM_1:1:44190283", "account"),
    ('{"steamid": "76561198804412377", "personaname": "quietfox"}', "quietfox", "username"),
    ("$ ./steamcmd.sh +login vkoval harbor-lamp-quiet-nine +app_update 896660 +quit", "vkoval", "username"),
    ("$ ./steamcmd.sh +login vkoval harbor-lamp-quiet-nine +app_update 896660 +quit", "harbor-lamp-quiet-nine",
     "secret"),
    # web3: wallet keys, keypairs, addresses, keystores, node provider URLs
    ('    accounts: ["0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d"],',
     "0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d", "secret"),
    ("Address:     0x8ba1f109551bd432803012645ac136ddd64dba72", "0x8ba1f109551bd432803012645ac136ddd64dba72", "account"),
    ("name,wallet\nIrene Sala,0x2546bcd3c84621e976d8185a91a922ae77ecec30\n", "0x2546bcd3c84621e976d8185a91a922ae77ecec30",
     "account"),
    ('      url: "https://mainnet.infura.io/v3/3a9c5f0e7b1d4c2a8e6f9b0d1c2e3f4a",',
     "https://mainnet.infura.io/v3/3a9c5f0e7b1d4c2a8e6f9b0d1c2e3f4a", "secret"),
    # social APIs: handles, account ids, DIDs
    ('{"data": [{"id": "1500223344556677889", "name": "Lea Brunner", "username": "leabrunner_"}]}',
     "1500223344556677889", "account"),
    ("  identifier: corvinmaas.bsky.social", "corvinmaas", "username"),
    ("user_agent=script:scraper:v2 (by u/ottilie_dev)", "ottilie_dev", "username"),
    ("GET https://api.x.com/2/users/by?usernames=RunaLind,JoBakare&user.fields=location", "RunaLind,JoBakare", "username"),
    ('{"moderators": ["pkaminska", "ezeh_t"], "prefix": "!"}', "ezeh_t", "username"),
    ('"ownerId": "318840229715148801",', "318840229715148801", "account"),
    ('{"from": "Ivo", "from_id": "user7302291845", "text": "ok"}', "7302291845", "account"),
    # mail: codes sent to the reader, mbsync passwords, failed logins quoted, meeting ids
    ("2026-01-02|+393201112233|Il codice del tuo ID Apple è: 418207. Non condividerlo.", "418207", "secret"),
    ("IMAPAccount home\nHost imap.example.net\nUser pia@example.net\nPass Tq9vL2xWm8\n", "Tq9vL2xWm8", "secret"),
    ("[WARNING] Failed login attempt from 198.51.100.4: 'hbergmann'", "hbergmann", "username"),
    ("Meeting ID: 812 4477 0391\nPasscode: 118822", "812 4477 0391", "account"),
    ("# creds for the record: tvogel:Lantern#77q", "Lantern#77q", "secret"),
    # travel: a PNR's passengers, documents, contacts, cards; a hotel register's camel-case columns
    ("RP/PARAF0123/PARAF0123            AA/SU  28NOV26/0914Z   QW7R2K\n  1.ESPOSITO/GIULIA MRS\n", "QW7R2K", "account"),
    ("  1.ESPOSITO/GIULIA MRS   2.ESPOSITO/MARIO MR\n", "ESPOSITO/MARIO MR", "person"),
    ("  7 SSR DOCS AZ HK1 P/ITA/YA7713920/ITA/14FEB82/F/01MAR32/ESPOSITO/GIULIA/P1", "YA7713920", "passport"),
    ("  7 SSR DOCS AZ HK1 P/ITA/YA7713920/ITA/14FEB82/F/01MAR32/ESPOSITO/GIULIA/P1", "14FEB82", "birth_date"),
    ("  5 AP +39 (06) 555-0142", "+39 (06) 555-0142", "phone"),
    ("  9 FQTV AZ AZ11830471/P1", "AZ11830471", "account"),
    (" 11 FP CCCA5555555555554444/1128", "CA5555555555554444", "card"),
    ("NumRés;Client;DateNaissance;NumPièce\n4411;Roux, Inès;03.11.1988;22AB71934\n", "03.11.1988", "birth_date"),
])
def test_g34_classes(masker: Masker, text: str, value: str, category: str) -> None:
    assert found(masker, text).get(value) == category


@pytest.mark.parametrize("text", [
    '{"uuid": "9d2c41e0-5b7a-4c3e-8f1d-2a6b7c8d9e0f", "name": "production"}',
    '"transactionHash": "0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d"',
    "[12:00:01] [Server thread/INFO]: Starting minecraft server version 1.21.4",
    "steamcmd +login anonymous +app_update 896660 +quit",
    "update your code to the 2024 edition",
    "User                         AccessRights\n----                         ------------\n",
    "[1, 2, 3, 4]",
])
def test_g34_readable(masker: Masker, text: str) -> None:
    assert found(masker, text) == {}


def test_an_at_protocol_id_is_masked(masker: Masker) -> None:
    text = "  did: did:plc:7iza6de2dwap2sbkpav7c6c6"
    assert "7iza6de2dwap2sbkpav7c6c6" not in masker.mask(text).text


def test_a_slot_login_made_of_a_name_spreads_to_its_domain_form(masker: Masker) -> None:
    text = "New Logon:\n\tSecurity ID:\t\tCORP\\tcolombo\n\tAccount Name:\t\ttcolombo\n"
    masked = masker.mask(text).text
    # (a DOMAIN\\login is masked whole, its domain with it: the domain names the person's organisation)
    assert "tcolombo" not in masked
    assert masker.restore(masked) == text


@pytest.mark.parametrize("text,value,category", [
    # a user named in a sentence, a Kerberos principal, winbind's bracketed account, an AWS profile of a person
    ("tried again with the token and user tbianchi, same result.", "tbianchi", "username"),
    ("ISSUE: authtime 1728413319, rtanaka@CORP.LOCAL for krbtgt/CORP.LOCAL@CORP.LOCAL", "rtanaka", "username"),
    ("NTLM CRAP authentication for user [ACMEIT]\\[m-oyelaran] returned NT_STATUS_WRONG_PASSWORD", "m-oyelaran",
     "username"),
    ("[lbianchi]\naws_access_key_id = AKIAZDHQVFW5AE7WCLQP\n", "lbianchi", "username"),
    # SnowSQL's prompt, OpenTelemetry's and ECS's user attributes, a stack trace's home inside an escaped string
    ("KOWALCZYKA#COMPUTE_WH@ANALYTICS.PUBLIC>select 1;", "KOWALCZYKA", "username"),
    ("     -> enduser.id: Str(dv2001)", "dv2001", "username"),
    ('{"user":{"name":"pnakamura","ip":"198.51.100.7"}}', "pnakamura", "username"),
    ('"stacktrace":"main.run\\n\\t/home/rvaldes/src/app/main.go:57"', "rvaldes", "username"),
    # a credential pair in markup, JAAS passwords, a phone in brackets after a name, a wallet column
    ("<p>VPN credentials: <code>a-okafor</code> / <code>Tz8#qLm2Vx9w</code></p>", "a-okafor", "username"),
    ('KafkaServer {\n  org.apache.kafka.common.security.plain.PlainLoginModule required\n  user_pwojcik="Zt8!qLm2Vx9";\n};\n',
     "Zt8!qLm2Vx9", "secret"),
    ("Kunde Ulrike Hoffmann (+49 154 7871707) hat angerufen", "+49 154 7871707", "phone"),
    ("name,wallet,amount\nIrene Sala,0x2546bcd3c84621e976d8185a91a922ae77ecec30,250\n",
     "0x2546bcd3c84621e976d8185a91a922ae77ecec30", "account"),
    ("Il codice per il tuo accesso è 482913", "482913", "secret"),
])
def test_g38_classes(masker: Masker, text: str, value: str, category: str) -> None:
    assert found(masker, text).get(value) == category


@pytest.mark.parametrize("text", [
    # what the review of this part found taken for a value
    "POST /user/register HTTP/1.1",
    "see user/guide for more",
    "/u/tmp files",
    "12.CI/CD pipelines",
    "  2.JSON/YAML  both supported",
    "your error code is 1064 (ER_PARSE_ERROR)",
    "your zip code is 10115",
    "ip,address,city\n10.0.0.1,10.0.0.1,Ashburn\n",
    "see users.properties\nserver.port=8080\n",
    "echo production > .env.key",
    "Python's Computer",
    "      schema: dbt_utils",
    '{"name": "staging", "host": "db.internal", "port": 5432}',
    "the user accounts, groups and roles",
])
def test_review_readable(masker: Masker, text: str) -> None:
    assert found(masker, text) == {}, found(masker, text)


@pytest.mark.parametrize("text", [
    # what the second review found
    "user onboarding, billing and SSO",
    "vpn gateway: gw01:tunnel0",
    "Mom's iPad",
    '{\n  "name": "inventory",\n  "host": "db.internal",\n  "port": 5432\n}',
])
def test_second_review_readable(masker: Masker, text: str) -> None:
    assert masker.mask(text).text == text


def test_a_tool_named_like_a_person_does_not_spread(masker: Masker) -> None:
    text = '"user.name": "hugo"\nbuild with hugo server -D; run hugo --minify'
    assert "build with hugo server -D; run hugo --minify" in masker.mask(text).text


def test_a_form_body_reads_its_plus_signs_as_spaces(masker: Masker) -> None:
    text = "mc_gross=19.95&first_name=Ines&address_street=12+rue+des+Lilas&address_city=Lyon&payer_id=X1\n"
    masked = masker.mask(text).text
    assert "rue+des+Lilas" not in masked and masker.restore(masked) == text
    assert masker.mask("build with c++ and a=b&c=d+e\n").text == "build with c++ and a=b&c=d+e\n"
