"""Agent traffic, thirteenth part (issue 24): classes read from a fresh blind set, each tested on our own values:
sign-ins of mail and file-transfer sessions, password options of any CLI, secret managers' listings, formats that
are keys whatever they sit next to (BitLocker recovery passwords, DeepL free keys, app passwords), Jira mentions;
and what stays readable: digests a table names, HMACs of an audit log, sealed ciphertext, key fingerprints."""

from __future__ import annotations

import pytest

from coatcheck import Masker

from .spans import found



@pytest.mark.parametrize("text,values", [
    # FTP (RFC 959): the password is the rest of its line
    ("220 files ready\nUSER okafor.b\n331 Password required\nPASS lantern mango 5\n230 Login successful",
     {"okafor.b": "username", "lantern mango 5": "secret"}),
    # POP3 (RFC 1939)
    ("+OK POP3 ready\nUSER wnowak\n+OK\nPASS Kasztan!2024\n+OK maildrop has 2 messages", {"Kasztan!2024": "secret"}),
    # IMAP LOGIN (RFC 9051), atoms and quoted strings
    ("* OK IMAP4rev1 ready\na1 LOGIN tvan.duc \"pho bo 1987\"\na1 OK", {"tvan.duc": "username", "pho bo 1987": "secret"}),
    ("* OK ready\nA001 login ekaya@mail.example.net Bienvenue.8179?\nA001 NO", {"Bienvenue.8179?": "secret"}),
    # SMTP AUTH LOGIN as swaks shows it: the base64 answer to "Password:"
    (" ~> AUTH LOGIN\n<~  334 VXNlcm5hbWU6\n ~> bWFyaWE=\n<~  334 UGFzc3dvcmQ6\n ~> S2FzenRhbiEyMDI0\n<~  235 2.7.0 ok",
     {"S2FzenRhbiEyMDI0": "secret"}),
    # SMTP AUTH PLAIN after an empty challenge (curl -v)
    ("> AUTH PLAIN\n< 334 \n> AHdub3dhawBLYXN6dGFuITIwMjQ=\n< 235 ok", {"AHdub3dhawBLYXN6dGFuITIwMjQ=": "secret"}),
])
def test_the_sign_in_of_a_mail_or_file_session(masker: Masker, text: str, values: dict[str, str]) -> None:
    got = found(masker, text)
    for value, category in values.items():
        assert got.get(value) == category, (value, got)


@pytest.mark.parametrize("text", [
    "=== RUN   TestLogin\n--- PASS: TestLogin (0.00s)\nPASS\nok  \texample.com/auth\t0.012s",
    "USER anonymous\n331 Guest login ok\nPASS ****\n230 ok",
    "a1 LOGIN alice <password>\na1 OK",
])
def test_what_a_session_transcript_leaves(masker: Masker, text: str) -> None:
    got = found(masker, text)
    assert not any(c == "secret" for c in got.values()), got
    assert "anonymous" not in got and "PASS" not in got


@pytest.mark.parametrize("text,value", [
    ("swaks --to a@example.org --auth LOGIN --auth-password 'violet.kettle.river77'", "violet.kettle.river77"),
    ("mytool sync --db-password tern.heron.42 --host db1", "tern.heron.42"),
    ("backup-cli --password hunter2x --quiet", "hunter2x"),
    ("wget --user=ops --password='qz@@Bexk?w2v1' https://dl.example.net/a.tgz", "qz@@Bexk?w2v1"),
])
def test_an_option_named_for_a_password_takes_one(masker: Masker, text: str, value: str) -> None:
    assert found(masker, text).get(value) == "secret"


@pytest.mark.parametrize("text", [
    "docker login --username ci --password-stdin ghcr.io",
    "mytool --password-file /run/secrets/db_password",
    "mytool --password $DB_PASSWORD",
    "mytool --password PASSWORD",
    "mytool --password <password>",
    "  --password TEXT   The password to use",
])
def test_options_about_a_password_take_none(masker: Masker, text: str) -> None:
    got = found(masker, text)
    assert not any(c == "secret" for c in got.values()), got


def test_a_vault_data_section_and_a_value_column() -> None:
    masker = Masker()
    text = ("$ vault kv get secret/app\n======= Metadata =======\nKey                Value\n---                -----\n"
            "created_time       2026-11-14T08:00:00Z\nversion            3\n\n====== Data ======\nKey         Value\n"
            "---         -----\nrelay       amber.falcon.pivot42\nsigning     91c3e0f7a2b84d6e5f1a0c9b8d7e6f5a\n\n$ ls\n")
    got = found(masker, text)
    assert got.get("amber.falcon.pivot42") == "secret" and got.get("91c3e0f7a2b84d6e5f1a0c9b8d7e6f5a") == "secret"
    assert "2026-11-14T08:00:00Z" not in got and "3" not in got
    box = ("$ doppler secrets\n┌───────┬──────────────────────┐\n│ NAME  │ VALUE                │\n"
           "├───────┼──────────────────────┤\n│ RELAY │ amber.falcon.pivot42 │\n│ REF   │ ${OTHER_SECRET}      │\n"
           "└───────┴──────────────────────┘\n")
    got = found(masker, box)
    assert got.get("amber.falcon.pivot42") == "secret" and "${OTHER_SECRET}" not in got


@pytest.mark.parametrize("text,value", [
    ("Recovery key: 466895-217492-569250-069608-104434-135707-527241-083622", "466895-217492-569250-069608-104434-135707-527241-083622"),
    ("hier der Schlüssel für die Übersetzung: d3ac94af-0f21-4db6-acad-4a268d116ece:fx", "d3ac94af-0f21-4db6-acad-4a268d116ece:fx"),
    ("mi contraseña de aplicación es qwhe rtkd mzpl xvbn para el SMTP", "qwhe rtkd mzpl xvbn"),
    ("802-11-wireless-security.psk:           BD7?Wop5wQEE=VukIZZD", "BD7?Wop5wQEE=VukIZZD"),
])
def test_formats_that_are_keys(masker: Masker, text: str, value: str) -> None:
    assert found(masker, text).get(value) == "secret"


def test_a_recovery_key_shape_without_its_checksum_stays(masker: Masker) -> None:
    text = "Serial: 466895-217492-569250-069608-104434-135707-527241-083623"
    assert "466895-217492-569250-069608-104434-135707-527241-083623" not in found(masker, text)


@pytest.mark.parametrize("text,login", [
    ("Bitte [~kowalczyk.m] den Schlüssel nachtragen, cc [~t.oyelaran]", "kowalczyk.m"),
    ("la contraseña es X y la cuenta es ramirez_p. Abajo", "ramirez_p"),
    ("I ran the login and `whoami` says frost-lynx, but the download fails", "frost-lynx"),
])
def test_logins_by_their_slot(masker: Masker, text: str, login: str) -> None:
    assert found(masker, text).get(login) == "username"


@pytest.mark.parametrize("text", [
    '{"auth": {"client_token": "hmac-sha256:0a1b2c3d4e5f60718293a4b5c6d7e8f9012a3b4c5d6e7f8091a2b3c4d5e6f708", '
    '"accessor": "hmac-sha256:9f8e7d6c5b4a39281706f5e4d3c2b1a0f9e8d7c6b5a49382716f5e4d3c2b1a0f"}}',
    "$ fly secrets list -a shop\nNAME             \tDIGEST          \tSTATUS\nDATABASE_URL     \t8c1f4e2a9b7d3c60\tDeployed\n"
    "API_TOKEN        \t4e9a0c7b2d5f8e13\tDeployed\nSENTRY_DSN       \t9e1a0c7b2d5f8e13\tStaged",
    "kind: SealedSecret\nspec:\n  encryptedData:\n    api_key: AgBy3i4OJSWK+PiTySYZZA2rO43cGDEq7TmWnnKfjvUcPZ1U6XQjK8V8pMt7yBq"
    "aXw1E0bFo2Rmj9e5NaLqHcVzUw8Xk3Ts0fGd4R6yPnJ2lM\n  template:\n    type: Opaque",
    '  "fingerprint": "SHA256:Zk3p9QwLx7vT2mN8rB4yH6jF1cD5sA0gK9uE3iO7pXw"',
])
def test_digests_ciphertext_and_fingerprints_stay(masker: Masker, text: str) -> None:
    got = found(masker, text)
    assert not any(c == "secret" for c in got.values()), got


def test_a_secret_next_to_sealed_data_is_still_masked(masker: Masker) -> None:
    text = ("kind: Secret\nstringData:\n  api_key: Zk3p9QwLx7vT2mN8rB4yH6jF1cD5sA0gK9uE3iO7pXw\nencryptedData:\n  x: 1\n"
            "other:\n  token: Qk3p9QwLx7vT2mN8rB4yH6jF1cD5sA0gK9uE3iO7pXw\n")
    got = found(masker, text)
    assert got.get("Zk3p9QwLx7vT2mN8rB4yH6jF1cD5sA0gK9uE3iO7pXw") == "secret"
    assert got.get("Qk3p9QwLx7vT2mN8rB4yH6jF1cD5sA0gK9uE3iO7pXw") == "secret"


@pytest.mark.parametrize("text", [
    "USER " + "a" * 20 + "\n" + ("PASS " + "x " * 5000 + "\n") * 20,
    ("│ " + "VALUE │ " * 3000 + "\n") * 5,
    "====== Data ======\nKey Value\n--- -----\n" + "k v\n" * 20000,
])
def test_readers_stay_linear_on_long_input(masker: Masker, text: str) -> None:
    found(masker, text)  # completes: bench/linear_time.py measures the growth


def test_a_password_on_an_audited_command_line(masker: Masker) -> None:
    arg = b"lantern cactus 77".hex().upper()
    title = "\0".join(["sshpass", "-p", "lantern cactus 77", "ssh", "ops@10.0.0.5"]).encode().hex().upper()
    text = (f'type=EXECVE msg=audit(1733212345.118:9071): argc=5 a0="sshpass" a1="-p" a2={arg} a3="ssh" '
            f'a4="ops@10.0.0.5"\ntype=PROCTITLE msg=audit(1733212345.118:9071): proctitle={title}\n')
    got = found(masker, text)
    assert got.get(arg) == "secret" and got.get(title) == "secret"
    assert masker.restore(masker.mask(text).text) == text


def test_an_audited_command_without_a_password_stays(masker: Masker) -> None:
    title = "\0".join(["ls", "-la", "/tmp"]).encode().hex().upper()
    text = (f'type=EXECVE msg=audit(1733212345.118:9072): argc=3 a0="ls" a1="-la" a2="/tmp"\n'
            f"type=PROCTITLE msg=audit(1733212345.118:9072): proctitle={title}\n")
    assert not any(c == "secret" for c in found(masker, text).values())


@pytest.mark.parametrize("text,value,category", [
    ("utente 55974848, password Bienvenue*5636, PIN dispositivo 48213.", "48213", "secret"),
    ("la password in chiaro: @Xq7mR2=pL9_TZ, nella stringa l'ho codificata", "@Xq7mR2=pL9_TZ", "secret"),
    ("Das Passwort im Klartext lautet Ahornblatt#62", "Ahornblatt#62", "secret"),
    ('wget --header="X-Auth: 9b1e4c7a2f0d8e3b6a5c1f9e7d2b4a8c6e0f3d1b" https://dl.example.net/a.tgz',
     "9b1e4c7a2f0d8e3b6a5c1f9e7d2b4a8c6e0f3d1b", "secret"),
    ("machine github.com login quietwolfy password ghp_aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY3zA5", "quietwolfy", "username"),
    ("(SQL: select * from `sessions` where `id` = Xk29sLmQpZ8vN3rT6yW1xC4bF7gJ0aE5uI2oP9sD limit 1)",
     "Xk29sLmQpZ8vN3rT6yW1xC4bF7gJ0aE5uI2oP9sD", "secret"),
])
def test_more_slots_that_decide(masker: Masker, text: str, value: str, category: str) -> None:
    assert found(masker, text).get(value) == category


def test_a_magic_link_to_verify_a_login_is_masked_whole(masker: Masker) -> None:
    text = "it says expired: https://app.tidepool.example/verify-email/taByDdt_y4TyEQC5iX6K1aeCdddjyl4rfOVmrYnw_RAD2TZ3?redirect=%2Fhome"
    spans = [s for s in masker.pipeline.detect(text) if s.category in ("secret", "url")]
    assert spans and any("taByDdt_y4TyEQC5iX6K1aeCdddjyl4rfOVmrYnw_RAD2TZ3" in text[s.start:s.end] for s in spans)


@pytest.mark.parametrize("text", [
    "machine github.com login x-access-token password ${GITHUB_TOKEN}",
    "SESSION_SECRET=cambia-esto-por-un-valor-aleatorio\nDB_PASSWORD=bitte-aendern\nSECRET_KEY=a-changer",
    "see https://docs.example.com/auth/verify/overview and https://example.com/confirm/index.html",
    "SELECT * FROM sessions WHERE id = 4211 LIMIT 1",
    "set pin 1234 high on the board",
    "machine github.com login quietwolfy password ghp_aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY3zA5\n"
    "machine api.heroku.com login sam@example.org password 9f1c4e2a7b11",
])
def test_what_those_slots_leave(masker: Masker, text: str) -> None:
    got = found(masker, text)
    assert "x-access-token" not in got and "ample.org" not in got
    assert not any(v in got for v in ("cambia-esto-por-un-valor-aleatorio", "bitte-aendern", "a-changer", "4211", "1234"))
    assert not any("docs.example.com" in v or "index.html" in v for v in got)


@pytest.mark.parametrize("text,login", [
    ("Mi richiamate? Il ticket è assegnato a scognamiglio.a, grazie", "scognamiglio.a"),
    ("Attribué à gkerbrat77. Créneaux proposés pour jeudi", "gkerbrat77"),
    ("assigned to kwame.o for review", "kwame.o"),
    ("msg='op=PAM:authentication grantors=? acct=ofauconnier exe=/usr/sbin/sshd res=failed'", "ofauconnier"),
    ("Name (ftp.example.it:corrado): greenfinch\n331 Please specify the password.", "greenfinch"),
    ("2025-01-10 16:49:07\t--\tparsnip is now known as parsnip_afk", "parsnip_afk"),
    ('{"text":"Ciao <@U0KZ6WQ876V>, il cliente ha chiamato"}', "U0KZ6WQ876V"),
    ('{"draft":false,"reviewers":["vaidehi-iyengar","wobblyjelly"],"labels":["bug"]}', "wobblyjelly"),
    ("37881  0x120089  RDONLY  LEASE(RWH)  /srv/samba/home/karkkainene   Desktop/notes.txt", "karkkainene"),
])
def test_logins_where_tools_and_tickets_put_them(masker: Masker, text: str, login: str) -> None:
    assert found(masker, text).get(login) == "username"


@pytest.mark.parametrize("text", [
    "assigned to the team", "assigned to v2.3.1", "cc: platform-team", "in copia tutti.",
    '{"owners": ["root", "platform-team"], "members": ["github-actions"]}',
    "Name (ftp.example.it:anonymous):",
])
def test_what_those_login_slots_leave(masker: Masker, text: str) -> None:
    assert not any(c == "username" for c in found(masker, text).values()), found(masker, text)


def test_a_private_address_on_a_persons_line_is_their_machine() -> None:
    masker = Masker()
    row = ("type=USER_AUTH msg=audit(1733212345.118:9071): pid=4830 uid=0 msg='op=PAM:authentication "
           "acct=ofauconnier exe=/usr/sbin/sshd hostname=192.168.10.71 addr=192.168.10.71 terminal=ssh res=failed'")
    out = masker.mask(row).text
    assert "192.168.10.71" not in out and "ofauconnier" not in out
    server = "server 10.0.0.5 is down\nthe deploy user restarted it from 127.0.0.1"
    assert masker.mask(server).text == server  # no person on its line: an internal address stays readable
    from coatcheck.policy import Policy
    off = Policy.from_dict({"ip": {"person_machines": False}})
    assert "192.168.10.71" in Masker(policy=off).mask(row).text


def test_an_address_spelled_in_a_host_name_is_masked_with_it(masker: Masker) -> None:
    text = ("Jan 10 mail01 postfix/smtpd[55914]: connect from p6dc4c2f2.dip0.t-ipconnect.de[109.196.194.242]\n"
            "Received: from ip-81-2-3-4.eu-west-1.compute.internal (81.2.3.4)\n")
    got = found(masker, text)
    assert got.get("6dc4c2f2") == "ip" and got.get("81-2-3-4") == "ip"
    assert masker.restore(masker.mask(text).text) == text


@pytest.mark.parametrize("text,value", [
    ('{"email":"o.ra@icloud.example","loyalty_no":"2559 7282 7541 5855"}', "2559 7282 7541 5855"),
    ("<RmtInf><Ustrd>Gehalt 09/2025 PersNr E17263</Ustrd></RmtInf>", "E17263"),
    ('<paciente nhc="NHC-27721045">', "NHC-27721045"),
])
def test_person_bound_numbers_by_their_label(masker: Masker, text: str, value: str) -> None:
    assert found(masker, text).get(value) == "account"


# the review of this part (a helper given the threat model and the diff): each finding that was mended, as it read
@pytest.mark.parametrize("text", [
    "Fix login redirect loop", "WARN login alice failed", "Test login page layout", "Auth Login Page", "AUTH PLAIN text",
    "   331\tx\n    except FileNotFoundError:\n        pass  # already gone\nPass the --force flag to skip prompts.",
    "        PASS [   0.004s] mycrate::tests::parses_header\n331 lines",
    "User settings\nPass --verbose to see more.",
    "FROM node:20\nUSER webapp\nRUN npm ci",
    "clean = arr[~mask]\nrows = df[~dup_rows]",
    "┌──────────┬─────────┐\n│ Metric   │ Value   │\n├──────────┼─────────┤\n│ accuracy │ 0.9312  │\n└──────────┴─────────┘",
    "PIN policy 2023 update", "GPIO PIN 1023", "PIN timeout 3000 ms",
    "la password in chiaro è pericolosa", "Das Passwort im Klartext ist gefährlich",
    "# ref:https://github.com/onnx/onnx/blob/623dfaa/onnx/defs/math/defs.cc#L3275",
    "the machine will login automatically password is not required",
    "https://zuul.example.org/t/acme/buildset/verify/7e1f0a2b3c4d5e6f7a8b9c0d1e2f3a4b",
    "you need an app password; this will work with your mail apps",
])
def test_review_over_masks_stay_readable(masker: Masker, text: str) -> None:
    got = found(masker, text)
    assert not any(c in ("secret", "username") for c in got.values()), got


@pytest.mark.parametrize("text,value,category", [
    ("Connection from client-81.2.69.160 port 51234", "81.2.69.160", "ip"),
    ("password: correct-horse-battery-changer", "correct-horse-battery-changer", "secret"),
    ("DB_PASSWORD=modifier-jardin-bleu-soleil", "modifier-jardin-bleu-soleil", "secret"),
    ("dn: uid=mrossi,ou=people\nuid: m.rossi@acme-corp.it", "m.rossi@acme-corp.it", "email"),
    ("send: 'AUTH LOGIN bWFyaWE=\\r\\n'\nreply: b'334 UGFzc3dvcmQ6\\r\\n'\nreply: retcode (334); Msg: b'UGFzc3dvcmQ6'\n"
     "send: 'bGFudGVybiBtYW5nbw==\\r\\n'\n", "bGFudGVybiBtYW5nbw==", "secret"),
    ("SERVER -> CLIENT: 334 UGFzc3dvcmQ6\nCLIENT -> SERVER: bGFudGVybiBtYW5nbw==\n", "bGFudGVybiBtYW5nbw==", "secret"),
])
def test_review_leaks_and_keeps_mended(masker: Masker, text: str, value: str, category: str) -> None:
    assert found(masker, text).get(value) == category


def test_review_slow_shapes_are_linear(masker: Masker) -> None:
    from coatcheck.detect.secret_stores import SecretStoreDetector
    from coatcheck.detect.transcripts import TranscriptDetector

    TranscriptDetector().detect("auth\n" + " " * 200_000 + "x")  # was quadratic: 16,000 blanks took 11 s
    SecretStoreDetector().detect("│ NAME │ VALUE │\n" * 20_000)  # was quadratic: 16 KB took 22 s
