"""A password's own slot decides (issue 24): under a password-class key in a configuration slot (a quoted string,
YAML/JSON ``key: value``, a ``.env`` line, a properties or all-caps INI key) any value of six characters or more is
masked whatever it looks like (a dotted word, CamelCase words, a short lower-case word), unless it is a placeholder,
a template, a documented example, a path, a reference to a setting or a name of a key."""

from __future__ import annotations

import pytest

from coatcheck import Masker

MASKER = Masker()


@pytest.mark.parametrize("text, value", [
    ("sonar.jdbc.password = tbqxwe\n", "tbqxwe"),
    ("PASSWD      = mw.r4.z0pk.qa\n", "mw.r4.z0pk.qa"),
    ("SMTP_PASSWORD=lo.ve.ly\n", "lo.ve.ly"),
    ("  password: q7.ab.zz9\n", "q7.ab.zz9"),
    ("  secret: HarborLanternMoss\n", "HarborLanternMoss"),
    ('  password: "Birch.Quill52"\n', "Birch.Quill52"),
    ('db_password="amber.otter.kiln.moss"\n', "amber.otter.kiln.moss"),
])
def test_a_password_slot_masks_any_value(text: str, value: str) -> None:
    out = MASKER.mask(text).text
    assert value not in out and MASKER.restore(out) == text


@pytest.mark.parametrize("text", [
    "PASSWORD = os.environ['DB_PASSWORD']\n", "DB_PASSWORD = settings.DB_PASSWORD\n", "password = self.password\n",
    "password = pwd\n", "password: SecretStr\n", "password: Optional[str]\n", "password: ${DB_PASSWORD}\n",
    "password: <your-password>\n", "password_min_length: 12\n", "password: /run/secrets/db_password\n",
    "    redis_password=_redis_password,\n", '    "sasl_plain_password": "sasl.password",\n',
    "    ssl_password: Optional password used to load the certificate chain. Default: None.\n",
])
def test_references_types_templates_and_names_stay(text: str) -> None:
    assert MASKER.mask(text).text == text


@pytest.mark.parametrize("text, value", [
    ('        env:\n        - name: DB_PASSWORD\n          value: "_Tq^mMKV:I.X6t55"\n', "_Tq^mMKV:I.X6t55"),
    ('{"headers": [{"name": "x-api-key", "value": "3f9e7d131c4aacd79fe1"}]}', "3f9e7d131c4aacd79fe1"),
    ("--parameter-overrides ParameterKey=DbPassword,ParameterValue=lantern.moss.kiln", "lantern.moss.kiln"),
    ("const apiKey = process.env.API_KEY || 'c535af027934b72b7307';", "c535af027934b72b7307"),
    ("const pw = process.env.DB_PASSWORD ?? `harbor-otter`;", "harbor-otter"),
    ("curl -H 'Authorization: Bearer 4BzRAEH' https://api.example.net/v1", "4BzRAEH"),
])
def test_name_value_pairs_env_defaults_and_short_bearer_tokens(text: str, value: str) -> None:
    out = MASKER.mask(text).text
    assert value not in out and MASKER.restore(out) == text


@pytest.mark.parametrize("text", [
    '- name: LOG_LEVEL\n  value: "debug-verbose"\n',
    '{"name": "Accept", "value": "application/json"}',
    '- name: DB_PASSWORD\n  valueFrom:\n    secretKeyRef: {name: db, key: password}\n',
    '- name: DB_PASSWORD\n  value: "${DB_PASSWORD}"\n',
    "const apiKey = process.env.API_KEY || '';",
    "const apiKey = process.env.API_KEY || 'YOUR_API_KEY';",
])
def test_pairs_that_name_no_credential_or_hold_no_value_stay(text: str) -> None:
    assert MASKER.mask(text).text == text


AWS_TABLE = """      Name                    Value             Type    Location
      ----                    -----             ----    --------
   profile                <not set>             None    None
access_key     AKIA0189ZXCVBNMQ8RT1 shared-credentials-file
secret_key     q8W7e6R5t4Y3u2I1o0P9+a8S7d6F5g4H3j2K1l0Z shared-credentials-file
    region                us-east-1      config-file    ~/.aws/config
"""


def test_a_cli_tables_label_column_is_a_slot() -> None:
    out = MASKER.mask(AWS_TABLE).text
    assert "AKIA0189ZXCVBNMQ8RT1" not in out and "q8W7e6R5t4Y3u2I1o0P9" not in out
    assert "us-east-1" in out and "<not set>" in out and MASKER.restore(out) == AWS_TABLE


def test_a_table_row_of_prose_is_no_slot() -> None:
    text = "password       Password for the user account\ntoken          The token to send\n"
    assert MASKER.mask(text).text == text


@pytest.mark.parametrize("text", ["AWS_ACCESS_KEY_ID=AKIA0189ZXCVBNMQ8RT1\n", 'aws_access_key_id = "ASIA98ZXCVBNMQ8RT0OP"\n',
                                  'SESSION_ID="ZXCVBNMQ8RT1zxcvbnmq8rt"\n'])
def test_an_access_key_id_is_credential_material_whatever_its_alphabet(text: str) -> None:
    out = MASKER.mask(text).text
    assert "ZXCVBNMQ8RT" not in out and MASKER.restore(out) == text


@pytest.mark.parametrize("text, value", [
    ('"Env": ["POSTGRES_PASSWORD=6972;Falcon*Rakete", "PATH=/usr/bin"]', "6972;Falcon*Rakete"),
    ("vault_backup_gpg_passphrase: oyster orbit juniper mosaic\nnext: 1\n", "oyster orbit juniper mosaic"),
    ('network={\n\tpsk="nectar kettle glacier lantern"\n}\n', "nectar kettle glacier lantern"),
    ("CREATE USER 'reporting'@'10.0.%' IDENTIFIED BY 'quokka%MAI2985_';", "quokka%MAI2985_"),
    ("ALTER ROLE readonly LOGIN PASSWORD 'riddle inkwell fjord 57' VALID UNTIL '2027-01-01';", "riddle inkwell fjord 57"),
])
def test_the_value_runs_to_where_its_syntax_ends(text: str, value: str) -> None:
    out = MASKER.mask(text).text
    assert value not in out and MASKER.restore(out) == text
    assert not any(piece in out for piece in value.replace(";", " ").split() if len(piece) >= 5)


@pytest.mark.parametrize("text", [
    "  password: Password for the admin user\n",
    "CREATE USER app IDENTIFIED BY '${DB_PASSWORD}';\n",
    '"Env": ["LOG_LEVEL=debug;verbose", "PATH=/usr/bin"]',
])
def test_prose_templates_and_other_keys_stay(text: str) -> None:
    assert MASKER.mask(text).text == text


@pytest.mark.parametrize("text, value", [
    # brackets that do not nest are a password's punctuation, not a call, an f-string or a ${VAR}
    ('mail_password = "q}Zr(7w{Lx]2"\n', "q}Zr(7w{Lx]2"),
    ("api_key: 'a]b9{K2)zz(Q4'\n", "a]b9{K2)zz(Q4"),
    ("  db_pass: T7)x${q]Ww(2\n", "T7)x${q]Ww(2"),
    ("  passwd: Gh4#kR9)wq`\n", "Gh4#kR9)wq"),  # a stray closing quote is not part of the value
    # a literal compared with a credential, either side, in C-family languages
    ('if (db_password == "Wq83nZp2Lr") {\n', "Wq83nZp2Lr"),
    ('if ("Vn28xQpL4t" !== api_key) {\n', "Vn28xQpL4t"),
    ('    if secret != "mK92pQ7zRt":\n', "mK92pQ7zRt"),
    # Objective-C and C# string literals, C arrays
    ('NSString *password = @"Pq7mZ2x9Lw";\n', "Pq7mZ2x9Lw"),
    ('char secret[32] = "r8Kq2mPzW4";\n', "r8Kq2mPzW4"),
    # pw and mdp (mot de passe) as labels
    ("ID:dbadmin PW:Kw8!pQz2\n", "Kw8!pQz2"),
    ("serveur 10.0.4.2 (mdp: Lune7Soleil!)\n", "Lune7Soleil!"),
])
def test_unnested_brackets_comparisons_and_short_password_labels(text: str, value: str) -> None:
    out = MASKER.mask(text).text
    assert value not in out and MASKER.restore(out) == text


@pytest.mark.parametrize("text", [
    "if token == 'root':\n", 'if (password == "") {\n', 'if (secret != "changeme") {\n',
    'if (password_hash == "${HASH}") {\n', "password = get_password(user)[0]\n", 'secret = f"{prefix}-{name}"\n',
    "if pw == expected:\n", "pw = getpass.getpass()\n", 'if (api_key === "undefined") {\n',
])
def test_comparisons_and_code_that_hold_no_credential_stay(text: str) -> None:
    assert MASKER.mask(text).text == text


@pytest.mark.parametrize("text, value", [
    # a sentence in five languages, the value before or after its noun, and the sign-in phrases
    ("j'ai remis le mot de passe à tQ8,mZ2;kL\n", "tQ8,mZ2;kL"),
    ("melde dich mit fjord-walnut-55 an und ändere es sofort\n", "fjord-walnut-55"),
    ("- [ ] guardar cedro-nube-pez-31 como contraseña de la cola\n", "cedro-nube-pez-31"),
    ("entra con 804412977 e cambiala subito\n", "804412977"),
    ("- pw for the build box is moss.cedar.quill.harbor\n", "moss.cedar.quill.harbor"),
    ("le mot de passe c'est BriocheFjordPhare\n", "BriocheFjordPhare"),
    # an argument vector as strace, auditd and exec-form commands print it; the programs' own options
    ('execve("/usr/bin/sshpass", ["sshpass", "-p", "rook-lime-anvil-27", "ssh", "ops@web-2"], 0x7ffc', "rook-lime-anvil-27"),
    ('argc=4 a0="curl" a1="-u" a2="ops:moss.cedar.quill" a3="https://repo.example.net/"', "moss.cedar.quill"),
    ("cqlsh db-3 9042 -u app -p '554120' --ssl\n", "554120"),
    ("mosquitto_pub -h mqtt.lan -p 8883 -u rep -P 'Harbor@2031' -t a/b -m x\n", "Harbor@2031"),
    ("htpasswd -bB /etc/nginx/.htpasswd ingest 'Quill9;Moss'\n", "Quill9;Moss"),
    ('lftp -u mirror,441902 ftp.example.net\n', "441902"),
    # numeric passwords under a password key, an Erlang tuple
    ("add name=branch7 password=660315 profile=default\n", "660315"),
    ('{db, [{user, "rw"}, {password, "77104452"}]}\n', "77104452"),
])
def test_sentences_argument_vectors_and_numeric_passwords(text: str, value: str) -> None:
    out = MASKER.mask(text).text
    assert value not in out and MASKER.restore(out) == text


@pytest.mark.parametrize("text", [
    "log in with your GitHub account\n", "the password to use is in the vault\n", "save it as the password\n",
    "use this as the default password for now\n", "le mot de passe à changer chaque mois\n",
    "redis-cli -p 6379 ping\n", "port=123456\n", "password_min_length=123456\n", "password: 123456\n",
])
def test_words_about_passwords_ports_and_placeholders_stay(text: str) -> None:
    assert MASKER.mask(text).text == text


@pytest.mark.parametrize("text", [
    "Use user_id as the key for the map\n", "Authenticate with OAuth2\n", "log in with AWS_PROFILE=dev\n",
    "The API key header name is X-Api-Key\n", "Set the pin to GPIO17\n", "la chiave per il bucket è my-bucket-01\n",
    "Sign in with GitHubEnterprise SSO\n", "PW_TEST_HTML_REPORT_OPEN=on-failure\n", "password_expiry_seconds = 7776000\n",
    'PASSWORD_RE = r"[^\\s)(]{8,}"\n',
])
def test_sentences_and_settings_about_keys_stay(text: str) -> None:
    assert MASKER.mask(text).text == text


@pytest.mark.parametrize("text, value", [
    ("DB_PASSWORD=Root1234!\n", "Root1234!"), ('password = "Admin123"\n', "Admin123"),
    ('pw for the staging box is "tulip42x"\n', "tulip42x"), ('save "tulip42x" as the queue password\n', "tulip42x"),
])
def test_real_weak_passwords_and_quoted_values_in_sentences_are_masked(text: str, value: str) -> None:
    assert value not in MASKER.mask(text).text


def test_long_runs_stay_linear() -> None:
    import time

    for text in ["password=" + "\\" * 20000, "password " + "(a" * 20000, "PDO(" * 4000, "x.login(" + "a(b)" * 8000,
                 '{"key": "logo", "data": "' + "QUJD" * 12000 + '"}']:
        t = time.perf_counter()
        MASKER.mask(text)
        assert time.perf_counter() - t < 5, text[:20]


@pytest.mark.parametrize("text, value", [
    ("htpasswd -b -C 12 .htpasswd alice tulip42x\n", "tulip42x"),
    ("curl -ubob:tulip42x https://api.example.net\n", "tulip42x"),
])
def test_option_arguments_and_glued_user_passwords(text: str, value: str) -> None:
    out = MASKER.mask(text).text
    assert value not in out and MASKER.restore(out) == text


def test_htpasswd_keeps_the_user_when_an_option_takes_a_value() -> None:
    assert "alice" in MASKER.mask("htpasswd -b -C 12 .htpasswd alice tulip42x\n").text


@pytest.mark.parametrize("text,value", [
    ("define( 'AUTH_KEY', 'ebV++8hTF`@[uEa=+G$48)dd_ZuE&r1NhwL:s)^_[&@r/-,8.q(S{UHM:SoV,ZPf' );",
     "ebV++8hTF`@[uEa=+G$48)dd_ZuE&r1NhwL:s)^_[&@r/-,8.q(S{UHM:SoV,ZPf"),  # a salt's backtick is no markup
    ("config/reports/stg/twilio/auth_token:4f90b568415f2eadcc9f84ee9494acea", "4f90b568415f2eadcc9f84ee9494acea"),
    ("velvetshop:dbPassword   sv6-Vesuvio-27", "sv6-Vesuvio-27"),  # pulumi config's columns
    ("SecretID:         b06eb0d5-ad71-496f-aee2-3ce371db7d50", "b06eb0d5-ad71-496f-aee2-3ce371db7d50"),
    ('alarm_code: "6218"', "6218"),
])
def test_the_slot_decides(text: str, value: str) -> None:
    from coatcheck import Masker

    assert value in [text[s.start:s.end] for s in Masker().detect(text)]


@pytest.mark.parametrize("text", [
    "basicAuthUser: grafana", 'authDomain: "shop-live.firebaseapp.com",', "routing_key: orders.created",
    "aws secretsmanager rotate-secret --secret-id prod/payments/gateway",
    "smtp_sasl_password_maps = hash:/etc/postfix/sasl_passwd", "checksum/secret: 9f2c",
])
def test_what_a_credential_slot_names_but_does_not_hold(text: str) -> None:
    from coatcheck import Masker

    assert Masker().detect(text) == []


@pytest.mark.parametrize("text", [
    '<Resource name="jdbc/q" auth="Container" type="javax.sql.DataSource"/>',  # a word, not a credential
    'phase2="auth=MSCHAPV2"',  # a method's name
    '"user_agent":"GitHub-Hookshot/1e1c034"',
    '{"business":"kestrelvine","org":"kestrelvine"}',  # an organisation, not a login
    "to: oncall-payments@orsolinaviaggi.it",  # role words joined: a shared mailbox
    "user: orchard_sync\ndb_user: wp_beacon\nuser: logstash_internal",  # applications' accounts
    "| 2 | your-username | Firstname Lastname | user@example.org |",
])
def test_readable_what_names_no_person_and_holds_no_secret(text: str) -> None:
    from coatcheck import Masker

    assert Masker().detect(text) == []


@pytest.mark.parametrize("text,value", [
    ("to: marta-ops@orsolinaviaggi.it", "marta-ops@orsolinaviaggi.it"),
    ("user: mark_sync", "mark_sync"),
    ("user: jsmith-admin", "jsmith-admin"),
])
def test_people_behind_role_words_stay_people(text: str, value: str) -> None:
    from coatcheck import Masker

    assert value in [text[s.start:s.end] for s in Masker().detect(text)]
