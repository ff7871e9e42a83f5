"""Agent traffic, sixteenth part (issues 23 and 24): self-hosting, home automation, monitoring, VPN, chat-ops and
medical or banking records pasted into dev work — a label glued to its qualifier (``dbuser``), a Remote Desktop
file's typed fields, a credential named for whose it is, a quoted login in a server's message, a Compose file's
doubled dollars, a Caddyfile's basic-auth line, DICOM header dumps, OFX account ids; and what stays readable: the
words around them, a Matrix server's name, hosts and services a credential is for."""

from __future__ import annotations

import pytest

from coatcheck import Masker

from .spans import found



@pytest.mark.parametrize("text,value,category", [
    # a label's words glued together are the label
    ("  'dbuser' => 'oc_fdupont',", "oc_fdupont", "username"),
    ("$dbuser = 'fdupont';", "fdupont", "username"),
    ("sshuser=mrossi", "mrossi", "username"),
    ("<BANKACCTFROM><BANKID>121000248<ACCTID>4417328890<ACCTTYPE>CHECKING</BANKACCTFROM>", "4417328890", "account"),
    # a Remote Desktop file: name, type, value
    ("full address:s:rdp.acme-intra.net\nusername:s:ACME\\sbecker\n", "ACME\\sbecker", "username"),
    # a column header with a qualifier that does not change what it holds
    ("Employee ID,Legal First Name,Legal Last Name,Work Email\n100482,Darnell,Washington,dw@acme-corp.com\n",
     "Washington", "person"),
])
def test_labels_glued_typed_or_qualified(masker: Masker, text: str, value: str, category: str) -> None:
    assert found(masker, text).get(value) == category


@pytest.mark.parametrize("text,value", [
    ("can you reset the password for jpetrov? new one in the vault", "jpetrov"),
    ("kannst du das Passwort von kwagner zurücksetzen?", "kwagner"),
    ("le mot de passe de l.dufresne a expiré", "l.dufresne"),
    ("la contraseña del usuario rgarrido42 caducó", "rgarrido42"),
    ('ERROR: user "kmorita" failed to authenticate from 203.0.113.9', "kmorita"),
    ("WARN: login 'kmorita' locked after 5 attempts", "kmorita"),
    ("le compte « kmorita » est bloqué", "kmorita"),
    ("Benutzer „kmorita“ ist gesperrt", "kmorita"),
    ('smbd[2210]: Failed to authenticate user "NAS\\jweber" from 198.51.100.23', "NAS\\jweber"),
])
def test_logins_a_sentence_or_a_message_names(masker: Masker, text: str, value: str) -> None:
    assert found(masker, text).get(value) == "username"


@pytest.mark.parametrize("text,value", [
    ("credentials for aws-prod, ssh key for build01, token for github-actions", "aws-prod"),
    ("credentials for aws-prod, ssh key for build01, token for github-actions", "build01"),
    ("credentials for aws-prod, ssh key for build01, token for github-actions", "github-actions"),
    ("the password for staging and the token for ci-runner-3 are rotated", "ci-runner-3"),
    ("password for jenkins-ci, creds for mark-ii", "mark-ii"),
    ('the user "field": a string', "field"),
    ("user 'postgres' connected", "postgres"),
    ('login "failed" event', "failed"),
    ("hash $2a$14$Zkx19XLiW6VYouLHR5NmfOFU0z2GTNmpkT/5qqR7hx4IjWJPDhjvG", "hash"),
])
def test_what_a_credential_is_for_stays(masker: Masker, text: str, value: str) -> None:
    assert value not in found(masker, text)


def test_a_matrix_id_spreads_its_login_not_its_server(masker: Masker) -> None:
    text = "room !AbCdEfGh:matrix.acme-corp.org: <@igor.popov:matrix.acme-corp.org> hi, igor.popov"
    spans = masker.pipeline.detect(text)
    masked = [text[s.start:s.end] for s in spans]
    assert "igor.popov" in masked
    server = text.index("matrix.acme-corp.org")
    assert not any(s.start <= server < s.end for s in spans)


@pytest.mark.parametrize("text,login,secret", [
    ('- "traefik.http.middlewares.auth.basicauth.users=fmuller:$$apr1$$H6uskkkW$$IgXLP6ewTrSuBkTrqE8wj/"',
     "fmuller", "$$apr1$$H6uskkkW$$IgXLP6ewTrSuBkTrqE8wj/"),
    ('- "traefik.http.middlewares.a.basicauth.users=fmuller:$$2y$$05$$Zkx19XLiW6VYouLHR5NmfOFU0z2GTNmpkT/5qqR7hx4IjWJPDhjvG"',
     "fmuller", "$$2y$$05$$Zkx19XLiW6VYouLHR5NmfOFU0z2GTNmpkT/5qqR7hx4IjWJPDhjvG"),
    ("example.com {\n    basicauth /admin/* {\n        hbauer $2a$14$Zkx19XLiW6VYouLHR5NmfOFU0z2GTNmpkT/5qqR7hx4IjWJPDhjvG\n    }\n}",
     "hbauer", "$2a$14$Zkx19XLiW6VYouLHR5NmfOFU0z2GTNmpkT/5qqR7hx4IjWJPDhjvG"),
])
def test_basic_auth_users_of_proxies(masker: Masker, text: str, login: str, secret: str) -> None:
    got = found(masker, text)
    assert got.get(login) == "username"
    assert got.get(secret) == "secret"


DCMDUMP = """\
(0008,0020) DA [20261201]                                #   8, 1 StudyDate
(0008,0070) LO [ACME Medical]                            #  12, 1 Manufacturer
(0008,0090) PN [Nowak^Adam^^Dr.]                         #  14, 1 ReferringPhysicianName
(0010,0010) PN [Kowalczyk^Zofia]                         #  16, 1 PatientName
(0010,0020) LO [PL-88120412345]                          #  14, 1 PatientID
(0010,0030) DA [19881204]                                #   8, 1 PatientBirthDate
"""
PYDICOM = """\
(0010, 0010) Patient's Name                      PN: 'Kowalczyk^Zofia'
(0010, 0020) Patient ID                          LO: 'PL-88120412345'
(0010, 0030) Patient's Birth Date                DA: '19881204'
(0020, 0010) Study ID                            SH: 'STUDY1'
"""


@pytest.mark.parametrize("text", [DCMDUMP, PYDICOM])
def test_dicom_dumps_by_tag(masker: Masker, text: str) -> None:
    got = found(masker, text)
    assert got.get("Kowalczyk^Zofia") == "person"
    assert got.get("PL-88120412345") == "account"
    assert got.get("19881204") == "birth_date"
    for kept in ("20261201", "ACME Medical", "STUDY1"):
        assert kept not in got


@pytest.mark.parametrize("text,value", [
    ('            <param name="password">Brno#2025ssh</param>', "Brno#2025ssh"),
    ('<property name="hibernate.connection.password">Brno#2025ssh</property>', "Brno#2025ssh"),
    ('<entry key="db.password">Brno#2025ssh</entry>', "Brno#2025ssh"),
])
def test_elements_named_by_their_attribute(masker: Masker, text: str, value: str) -> None:
    assert found(masker, text).get(value) == "secret"


@pytest.mark.parametrize("text,value", [
    ('<param name="password">${GUAC_PASSWORD}</param>', "${GUAC_PASSWORD}"),
    ('<input name="password" type="password">Password</input>', "Password"),
    ('<param name="password-file">/etc/guac/pw</param>', "/etc/guac/pw"),
])
def test_element_templates_labels_and_paths_stay(masker: Masker, text: str, value: str) -> None:
    assert value not in found(masker, text)


def test_a_value_in_a_json_string_ends_at_the_strings_quote(masker: Masker) -> None:
    import json

    text = ('{"_id":"aB3dE5","msg":"te paso el token: glpat-Xq7mR2kVp9Lz3Tn8Hc0Y","ts":{"$date":"2026-12-01T09:00:00Z"},'
            '"u":{"username":"lucia.fernandez"}}')
    spans = masker.pipeline.detect(text)
    assert "glpat-Xq7mR2kVp9Lz3Tn8Hc0Y" in [text[s.start:s.end] for s in spans]
    assert not any('"' in text[s.start:s.end] for s in spans)
    json.loads(masker.mask(text).text)
    escaped = '{"text": "new db password: Hq7#mX2\\"rK9 ok", "n": 1}'
    assert any(escaped[s.start:s.end].endswith("rK9") for s in masker.pipeline.detect(escaped))


@pytest.mark.parametrize("text,value", [
    ("Hi team — Kwame here (GitHub: kwame-asante-dev). My laptop died.", "kwame-asante-dev"),
    ("Name: Lea Vogel\nMastodon: @lea_v\n", "lea_v"),
    ("find me on Discord: nils4410", "nils4410"),
    ("Salut, c'est Margaux. Mon pseudo sur le Matrix interne est margaux_lbt et je ne reçois plus les notifs.",
     "margaux_lbt"),
    ("my nickname on the forum is kw4me", "kw4me"),
    ("badge_number: 004471 ; employee: hkoch", "hkoch"),
    ("Mitarbeiter: jkoenig2 (Abteilung IT)", "jkoenig2"),
])
def test_handles_a_service_or_a_noun_labels(masker: Masker, text: str, value: str) -> None:
    assert found(masker, text).get(value) == "username"


@pytest.mark.parametrize("text,value", [
    ("services:\n  npm: npm-cache\n  matrix: linux-x64\n  steam: steam-runtime\n", "linux-x64"),
    ("services:\n  npm: npm-cache\n  matrix: linux-x64\n  steam: steam-runtime\n", "steam-runtime"),
    ("Slack: #ops-alerts ; Jira: enabled ; npm: 10.2.4 ; Teams: Engineering", "enabled"),
    ("the handle is closed; il nickname è chiuso; der Spitzname ist weg; le pseudo est pris", "chiuso"),
    ("the handle is closed; il nickname è chiuso; der Spitzname ist weg; le pseudo est pris", "pris"),
    ("the handle is closed; il nickname è chiuso; der Spitzname ist weg; le pseudo est pris", "closed"),
    ("employee: true", "true"),
])
def test_config_keys_and_words_stay(masker: Masker, text: str, value: str) -> None:
    assert value not in found(masker, text)


def test_hl7_patient_fields_by_position(masker: Masker) -> None:
    text = ("MSH|^~\\&|LAB|HOSP|EHR|HOSP|202612011030||ADT^A01|MSG00001|P|2.5\n"
            "PID|1||4827193^^^HOSP^MR||Rossi^Mario^G||19650412|M|||Via Roma 12^^Milano^MI^20121^IT||+39 02 1234567|||M||"
            "4827193001|RSSMRA65D12F205X\n"
            "OBX|1|NM|2345-7^Glucose^LN||5.4|mmol/L|3.9-6.1|N|||F\n")
    got = found(masker, text)
    assert got.get("19650412") == "birth_date"
    assert got.get("4827193001") == "account"
    assert got.get("RSSMRA65D12F205X") == "account"
    assert "20121" in "".join(got)  # the whole address field, postcode and town with the street
    for kept in ("2345-7^Glucose^LN", "MSG00001", "202612011030"):
        assert not any(kept in v for v in got)


@pytest.mark.parametrize("text,value", [
    ("Nov 30 10:00:02 ha systemd[1]: Started Home Assistant as user homeassistant.", "homeassistant"),
    ("USER       PID CMD\nmosquitto  812 /usr/sbin/mosquitto\nzabbix    1020 /usr/sbin/zabbix_agentd\n"
     "restic    1200 restic backup\nlferri    1400 -bash\n", "zabbix"),
    ("backup_user: borg\nrepository: ssh://borg@backup01.lan/./repos/ha", "borg"),
    ("ssh pi@raspberrypi.local", "pi"),
    ("nas01-2026-11-30T02:00:01            Mon, 2026-11-30 02:00:02 [3f8a9c2e]", "nas01-2026-11-30T02"),
])
def test_daemon_accounts_and_archive_names_stay(masker: Masker, text: str, value: str) -> None:
    assert value not in found(masker, text)


@pytest.mark.parametrize("text,value,category", [
    ("MSH|^~\\&|ADT|NGH|LAB|20231014121792||ADT^A01|MSG3968886|P|2.5.1\rPID|1||8088891^^^NGH^MR~858-21-4789^^^SSA^SS||"
     "ETXEBERRIA^MARTA^^^^||19980110|F|||88 Mill Lane^^Leeds^^58187||^PRN^PH^^^210^2140935\r", "19980110", "birth_date"),
    ("MSH|^~\\&|ADT|NGH|LAB|20231014121792||ADT^A01|MSG3968886|P|2.5.1\rPID|1||8088891^^^NGH^MR||ETXEBERRIA^MARTA||"
     "19980110|F\rPV1|1|I|4W^412^B|||||1860869948^VAN DIJK^SANNE^^^MD\r", "VAN DIJK^SANNE", "person"),
    ("zeynep49:$7$101$aRBxSpVUGHMPA9KH$8JDsc9ImzRm0a7i9SJQqHQPk3pNb89JVk+QSV36wT+caEb1KeJpAP5SUGfl4WtkEBfftHl5WvTqF79GzH0Yb7g==",
     "$7$101$aRBxSpVUGHMPA9KH$8JDsc9ImzRm0a7i9SJQqHQPk3pNb89JVk+QSV36wT+caEb1KeJpAP5SUGfl4WtkEBfftHl5WvTqF79GzH0Yb7g==", "secret"),
    ("1700992680: New client connected from 95.122.42.66:56189 as mqttx_383890b4 (p5, c1, k60, u'kaczmarek_k').",
     "kaczmarek_k", "username"),
    ('[INF] Users.UserManager: Authentication request for "takedaso" has succeeded.', "takedaso", "username"),
    ("Access token was successfully created: ef56e46c832b2afdc7c507200dc84f9479372700",
     "ef56e46c832b2afdc7c507200dc84f9479372700", "secret"),
    ("curl -H 'Authorization: GenieKey a6dce330-2611-4c2e-92c1-587a16cc7177' https://api.opsgenie.com/v2/alerts",
     "a6dce330-2611-4c2e-92c1-587a16cc7177", "secret"),
])
def test_records_brokers_and_cli_outputs(masker: Masker, text: str, value: str, category: str) -> None:
    assert found(masker, text).get(value) == category


@pytest.mark.parametrize("text,value", [
    ("PID|1||000000^^^NGH^MR||TEST^PATIENT||19000101|U\rPV1|1|I|4W^412^B|||||0000^DOCTOR^TEST^^^MD\r", "TEST^PATIENT"),
    ("PID|1||000000^^^NGH^MR||TEST^PATIENT||19000101|U\rPV1|1|I|4W^412^B|||||0000^DOCTOR^TEST^^^MD\r", "19000101"),
    ("  'version' => '28.0.4.1',", "28.0.4.1"),
    ('telegram_bot_token: "123456789:REPLACE_ME"', "123456789:REPLACE_ME"),
    ("SLACK_APP_TOKEN=xapp-1-XXXX", "xapp-1-XXXX"),
    ('"STRIPE_API_KEY": "sk_test_REPLACE_ME",', "sk_test_REPLACE_ME"),
    ("$ zerotier-cli listnetworks\n200 listnetworks 7dcd725e194bed1d homelab", "zerotier-cli"),
    ("Authentication request for \"admin\" has succeeded.", "admin"),
    ("Authorization: required for every endpoint since v2.1.0", "for"),
    ("Token created: <redacted>", "<redacted>"),
])
def test_placeholders_versions_and_commands_stay(masker: Masker, text: str, value: str) -> None:
    assert value not in found(masker, text)


def test_an_escaped_line_break_is_no_windows_domain(masker: Masker) -> None:
    text = '{"content":"wifi_password: \\"changeme\\"\\nmqtt_username: hkimura7\\nmqtt_password: \\"<MQTT_PASSWORD>\\""}'
    got = found(masker, text)
    assert got.get("hkimura7") == "username"
    assert not any("mqtt_password" in v for v in got)
    assert found(masker, "Account Name: CORP\\nicole\nusername=ACME\\sbecker\n").get("ACME\\sbecker") == "username"


PAXLST = """UNH+1+PAXLST:D:05B:UN:IATA'
BGM+745'
TDT+20+LH145'
NAD+FL+++CHEVALIER:THEO+CALLE MAYOR 9'
ATT+2++F'
DTM+329:800819'
NAT+2+ITA'
DOC+P:110:111+R1555E2UX'
DTM+36:240904'
"""


def test_edifact_passenger_lists(masker: Masker) -> None:
    got = found(masker, PAXLST)
    assert got.get("CHEVALIER:THEO") == "person"
    assert got.get("CALLE MAYOR 9") == "address"
    assert got.get("800819") == "birth_date"
    assert got.get("R1555E2UX") == "passport"
    for kept in ("240904", "LH145", "PAXLST"):
        assert not any(kept in v for v in got)


@pytest.mark.parametrize("text,value,category", [
    ("Type,Date,Time,Users,Source IP\nInformation,2024/03/01,03:13:05,pwisniewska,84.171.4.226\n"
     "Information,2025/07/13,15:04:32,banerjeeka,185.61.101.110\n", "banerjeeka", "username"),
    ("Tipo,Data,Ora,Utenti,IP di origine\nInformation,2024/02/17,02:23:17,flejan,95.69.74.43\n"
     "Information,2025/09/20,11:04:07,declan.osullivan,62.88.220.100\n", "flejan", "username"),
    ("back app.backend_session - Incoming session request: Anja Lindemann (255876107)", "255876107", "account"),
])
def test_plural_headers_and_numbers_after_a_name(masker: Masker, text: str, value: str, category: str) -> None:
    assert found(masker, text).get(value) == category


def test_a_year_or_a_count_after_a_name_stays(masker: Masker) -> None:
    got = found(masker, "Anja Lindemann (2024) and Matteo Rinaldi (120000 lines) met")
    assert "2024" not in got and "120000" not in got


@pytest.mark.parametrize("text,value", [
    ('user="CORP\\rtaylor"', "CORP\\rtaylor"),
    ("$ sudo passwd tkowalski", "tkowalski"),
    ("password: Winter2024-todo", "Winter2024-todo"),
    ("my username is mark", "mark"),
    ("basicauth {\r\n  hbauer $2a$14$Zkx19XLiW6VYouLHR5NmfOFU0z2GTNmpkT/5qqR7hx4IjWJPDhjvG\r\n}", "hbauer"),
    ("(0010,0010) PN [O'Brien^Sean]", "O'Brien^Sean"),
    ("<param name='password'>hunter22x</param>", "hunter22x"),
])
def test_the_reviews_variants_are_masked(masker: Masker, text: str, value: str) -> None:
    assert value in found(masker, text)


@pytest.mark.parametrize("text,value", [
    ('<button id="reset-password">Reset password</button>', "Reset password"),
    ("detaching threads: don't create threads. Teams: won't start", "won"),
    ("Secret created: my-application-tls-secret", "my-application-tls-secret"),
    ("token created: 1733045600123456", "1733045600123456"),
    ('quota for "us-east-1"', "us-east-1"),
    ('policy for "AmazonS3ReadOnlyAccess"', "AmazonS3ReadOnlyAccess"),
    ("Authorization: see RFC7235 section 4.2", "RFC7235"),
    ("(0010,0020) LO [ANONYMIZED]", "ANONYMIZED"),
    ("Install from PyPI: requests-oauthlib", "requests-oauthlib"),
    ("    bcrypt $2a$14$Zkx19XLiW6VYouLHR5NmfOFU0z2GTNmpkT/5qqR7hx4IjWJPDhjvG", "bcrypt"),
])
def test_the_reviews_readable_text_stays(masker: Masker, text: str, value: str) -> None:
    assert value not in found(masker, text)


def test_many_json_values_on_one_line_cost_linear_time(masker: Masker) -> None:
    line = ",".join(f'"m{i}":"token: v{i:05d}Xq7mR2kVp9","ts":{i}' for i in range(300))
    assert masker.pipeline.detect("{" + line + "}")  # the quotes of the line are found once, not once per value


@pytest.mark.parametrize("text,value,category", [
    ("$ echo 'nojLLtQh' | vncpasswd -f > ~/.vnc/passwd", "nojLLtQh", "secret"),
    ("echo 'ingrid:Fjord2024!x' | sudo chpasswd", "Fjord2024!x", "secret"),
    ("echo 'Fjord2024!x' | sudo smbpasswd -a -s ingrid", "Fjord2024!x", "secret"),
    ("$ cat /etc/zabbix/zabbix_agent2.psk\nbdf315abe3f608bcbe38a248974a0175662a01d8ffa1443018c76150be00e288\n",
     "bdf315abe3f608bcbe38a248974a0175662a01d8ffa1443018c76150be00e288", "secret"),
    ("Access token was successfully created:\n  ef56e46c832b2afdc7c507200dc84f9479372700\n",
     "ef56e46c832b2afdc7c507200dc84f9479372700", "secret"),
    ('[{"00100010": {"vr": "PN", "Value": [{"Alphabetic": "Kowalczyk^Zofia"}]}}]', "Kowalczyk^Zofia", "person"),
    ('[{"00100020": {"vr": "LO", "Value": ["PL-88120412345"]}}]', "PL-88120412345", "account"),
])
def test_passwords_fed_or_printed_and_dicom_json(masker: Masker, text: str, value: str, category: str) -> None:
    assert found(masker, text).get(value) == category


@pytest.mark.parametrize("text,value", [
    ('echo "$VNC_PASSWORD" | vncpasswd -f > ~/.vnc/passwd', "$VNC_PASSWORD"),
    ("$ cat /etc/zabbix/zabbix_agent2.conf\nServer=10.0.0.4\n", "Server=10.0.0.4"),
    ('[{"00080020": {"vr": "DA", "Value": ["20261201"]}}]', "20261201"),
])
def test_variables_configs_and_study_dates_stay(masker: Masker, text: str, value: str) -> None:
    assert value not in found(masker, text)
