"""Agent traffic, fifteenth part (issues 23 and 24): directory searches and key-value stores' own commands — the
login an LDAP filter asks for, the password Redis's ``ACL SETUSER`` gives a user at the prompt; and what stays
readable: filters with a template or a wildcard, ACL users without a password."""

from __future__ import annotations

import pytest

from coatcheck import Masker

from .spans import found



@pytest.mark.parametrize("text,value,category", [
    ('ldapsearch -x -LLL -b "ou=people,dc=acme,dc=io" "(uid=tnguyen)" mail', "tnguyen", "username"),
    ("sssd_be: search filter [(&(objectClass=posixAccount)(uid=mwojcik))]", "mwojcik", "username"),
    ("filter=(&(objectClass=user)(sAMAccountName=okowalska))", "okowalska", "username"),
    ("127.0.0.1:6379> ACL SETUSER ingest on >Pz4mq8Lr2w ~stream:* +xadd", "Pz4mq8Lr2w", "secret"),
    ("redis-prod:6379> acl setuser reporting on >amber.falcon.sky allkeys +@read", "amber.falcon.sky", "secret"),
])
def test_directory_and_store_commands_carry_their_values(masker: Masker, text: str, value: str, category: str) -> None:
    assert found(masker, text).get(value) == category


@pytest.mark.parametrize("text,value", [
    ("(uid=%s)", "%s"),
    ('ldapsearch -x "(uid=*)" cn', "*"),
    ("user_filter = (uid={0})", "{0}"),
    ("127.0.0.1:6379> ACL SETUSER ingest on nopass ~stream:* +xadd", "ingest"),
    ("127.0.0.1:6379> ACL SETUSER ingest on >${REDIS_INGEST_PASSWORD} ~*", "${REDIS_INGEST_PASSWORD}"),
])
def test_templates_and_passwordless_users_stay(masker: Masker, text: str, value: str) -> None:
    assert value not in found(masker, text)


@pytest.mark.parametrize("text,value,category", [
    # a tool's output as the first line of a JSON string reads as a line of its own
    ('{"tool": "Bash", "output": "kfowler:1104:aad3b435b51404eeaad3b435b51404ee:64f12cddaa88057e06a81b54e73b949b:::\\n'
     'svc_backup:1105:aad3b435b51404eeaad3b435b51404ee:8846f7eaee8fb117ad06bdd830b7586c:::\\n"}',
     "64f12cddaa88057e06a81b54e73b949b", "secret"),
    ('{"type": "tool_result", "content": "127.0.0.1:6379> AUTH default Gazza.Ladra\\nOK\\n"}', "Gazza.Ladra", "secret"),
    ('{"type": "tool_result", "content": "user cache-ro on >tern.heron.42 ~cache:* +get\\nuser default on nopass"}',
     "tern.heron.42", "secret"),
])
def test_the_first_line_of_a_json_string_is_a_line(masker: Masker, text: str, value: str, category: str) -> None:
    spans = masker.pipeline.detect(text)
    start = text.index(value)
    assert any(s.start <= start and start + len(value) <= s.end and s.category == category for s in spans)


def test_a_listing_of_bindings_names_groups_not_logins(masker: Masker) -> None:
    text = ("NAMESPACE    NAME                 ROLE                  AGE    USERS                      GROUPS\n"
            "billing      edit-billing-devs    ClusterRole/edit      292d   oidc:melnycta              devs\n"
            "monitoring   prometheus-k8s       Role/prometheus-k8s   412d                              ops\n")
    spans = found(masker, text)
    assert "edit-billing-devs" not in spans and "prometheus-k8s" not in spans


def test_a_listing_of_accounts_still_names_logins(masker: Masker) -> None:
    text = ("NAME        ENABLED  CAPABILITIES\n"
            "admin       true     login\n"
            "tkowalczyk  true     apiKey, login\n")
    assert found(masker, text).get("tkowalczyk") == "username"


@pytest.mark.parametrize("text,value", [
    ("┌──(mrozalski㉿ws-kali)-[~/engagements/acme]\n└─$ whoami", "mrozalski"),
    ("tkaczmarek@DESKTOP-7Q2LK MINGW64 ~/src/billing (main)\n$ git pull", "tkaczmarek"),
    ("$ getent group developers\ndevelopers:x:1007:akowalski,bnguyen,chrisp", "bnguyen"),
    ("$ getent group developers\ndevelopers:x:1007:akowalski,bnguyen,chrisp", "chrisp"),
    ("Thanks @jan.kowalski for the review", "jan.kowalski"),
    ("ping @j.wisniewska when the build is green", "j.wisniewska"),
])
def test_prompts_groups_and_dotted_mentions_name_logins(masker: Masker, text: str, value: str) -> None:
    masked = masker.mask(text).text
    assert value not in masked


@pytest.mark.parametrize("text,value", [
    ("┌──(kali㉿kali)-[~/htb]\n└─$ nmap -sV 10.10.11.5", "kali"),
    ("docker:x:998:ubuntu,jenkins", "jenkins"),
    ("@mark.parametrize('x', [1, 2])", "mark.parametrize"),
    ("see @max.retries in the settings", "max.retries"),
    ("Il login è scaduto, effettua di nuovo l'accesso.", "scaduto"),
    ("El usuario es obligatorio", "obligatorio"),
    ("Der Benutzername ist bereits vergeben", "bereits"),
    ("my username is already taken", "already"),
])
def test_default_users_decorators_and_states_stay(masker: Masker, text: str, value: str) -> None:
    assert value not in found(masker, text)


def test_psexec64_takes_its_password_like_psexec(masker: Masker) -> None:
    text = "PsExec64.exe \\\\ws-042 -u CORP\\adm_piotr -p Gazza.Ladra cmd.exe"
    assert found(masker, text).get("Gazza.Ladra") == "secret"


@pytest.mark.parametrize("text,value,category", [
    # research computing: schedulers, quotas, copies to a cluster
    ("   UserId=dtrinh(51234) GroupId=hpc-users(5000) MCS_label=N/A", "dtrinh", "username"),
    ("Disk quotas for user lschmidt (uid 53067):", "lschmidt", "username"),
    ("Disk quotas for usr twagner91 (uid 23106):", "twagner91", "username"),
    ("sftp -P 22 krüger34@151.181.47.94", "krüger34", "username"),
    # mail servers and clients
    ("[smtp.gmail.com]:587 m.ferrante@gmail.com:wqkz mfpt xrla bnoe", "wqkz mfpt xrla bnoe", "secret"),
    ('poll imap.gmx.net protocol IMAP user "hkrueger" password "Tz7m#Lp2qW"', "hkrueger", "username"),
    ("anna@mail.example:{SHA512-CRYPT}$6$BYgD7GHOdUpgAb05$v9URE8UdDDTM5K5xpluJvPmEVo3GRQd8kUzTT7YbnUpiEC:5702:5615::/var",
     "{SHA512-CRYPT}$6$BYgD7GHOdUpgAb05$v9URE8UdDDTM5K5xpluJvPmEVo3GRQd8kUzTT7YbnUpiEC", "secret"),
    ("bob.l:{PLAIN}tern.heron.42:1001:1001::/home/bob.l", "{PLAIN}tern.heron.42", "secret"),
    # directories, invitations, data tools, CI
    ("PS C:\\> Get-ADUser -Identity moreauan -Properties EmployeeID,mail", "moreauan", "username"),
    ("ORGANIZER;CN=Iñigo Martínez:mailto:imartinez@uni-mitte.example", "Iñigo Martínez", "person"),
    ('{"username":"jorg29","key":"c44d7c3494f4360041e1ab2f7d0fe7ce"}', "c44d7c3494f4360041e1ab2f7d0fe7ce", "secret"),
    ("2025-04-14T06:02:26Z Triggered by @pixel.heron · run 8477624959", "pixel.heron", "username"),
    ("[03:08] snystrom: can someone rotate the key", "snystrom", "username"),
    ("Il collega Kenji Watanabe (kenjiwat) mi ha passato questo", "kenjiwat", "username"),
    # localised sign-in logs, logins with a qualifier and an adverb
    ("2025-12-03T20:30:17Z INFO [auth] Sitzung geöffnet für c.chevalier via Keycloak", "c.chevalier", "username"),
    ("WARN inicio de sesión fallido para jgarrido84", "jgarrido84", "username"),
    ("tra l'altro il mio login VPN è ancora p.fern81", "p.fern81", "username"),
    ("btw my VPN login is still tdavis30, not the new one", "tdavis30", "username"),
    ("the WiFi password is still Xk8#mq2Lp9 for guests", "Xk8#mq2Lp9", "secret"),
    # labels written as identifiers, in HTML cells, before a bracket
    ("<patient>\n  <national_id>30495862572</national_id>\n</patient>", "30495862572", "national_id"),
    ("<tr><th>Passport (travel desk)</th><td>584897982</td></tr>", "584897982", "passport"),
    ("<tr><th>Password</th><td>Xk8#mq2Lp</td></tr>", "Xk8#mq2Lp", "secret"),
    ("Votre matricule (M856975) reste inchangé.", "M856975", "account"),
])
def test_research_mail_directory_and_label_carriers(masker: Masker, text: str, value: str, category: str) -> None:
    assert found(masker, text).get(value) == category


@pytest.mark.parametrize("text,value", [
    ("sshd[49102]: Connection closed by authenticating user ndo 203.0.113.9 port 52144", "authenticating"),
    ("Triggered by schedule", "schedule"),
    ("    [0] https://stackoverflow.com/questions/56226133/", "//stackoverflow.com/questions/56226133/"),
    ("machine api.wandb.ai\n  login user\n  password 3f9d2a7c1b6e4f8a0d5c9b3e7f1a2d6c8b4e0f9a", "passwo"),
    ("Disk quotas for group hpc-users (gid 5000):", "hpc-users"),
    ("   UserId=slurm(64030) GroupId=slurm(64030)", "slurm"),
    ("Get-ADUser -Identity $user -Properties *", "$user"),
    ("see the policy (v2) and the customer (see above)", "v2"),
    ("rate limit policy 10000 requests per minute", "10000"),
    ('{"badge": 100000, "level": 3}', "100000"),
    ("Ti ho mandato 250000 righe di log", "250000"),
    ("export HF_HOME=/scratch/huggingface", "huggingface"),
    ("Reviewed by Maria Rossi (marketing)", "marketing"),
    ("The login on Safari is slow", "slow"),
    ("Created by gradle", "gradle"),
    ("Sent to mailgun (postmaster@mg.acme.io)", "mailgun"),
    ("secrets:\n  region: eu-west-1\n  backend: vault\n", "eu-west-1"),
    ("<tr><td>token</td><td>Bearer-only</td></tr>", "Bearer-only"),
    ("Here is the key difference: Promise.allSettled never rejects", "Promise.allSettled"),
    ("def test_parseV2ResponseWithEmptyBodyOk(self):", "test_parseV2ResponseWithEmptyBodyOk"),
    ('{"user": "alice", "key": "dashboard_welcome_message"}', "dashboard_welcome_message"),
    ("reset password 0 times today", "times"),
    ("app.py:x:12:col,name", "col"),
])
def test_what_these_carriers_leave_readable(masker: Masker, text: str, value: str) -> None:
    assert value not in found(masker, text)


def test_json_of_a_tool_result_still_parses_after_masking(masker: Masker) -> None:
    import json
    for content in ("SMB 10.0.4.10 445 DC01 [+] CORP\\cromano:tramonto#falke1335",
                    "enable secret 5 $1$mERr$hx5rVt7rPNoS4wqbXKX7m0",
                    "$ hashcat -m 0 h.txt --show\n5f5797a4014fb44aea55cd1d3a0bdbec:sunflower2024"):
        text = json.dumps({"type": "tool_result", "content": content, "is_error": False})
        masked = masker.mask(text).text
        assert json.loads(masked)["is_error"] is False


def test_a_successful_login_line_before_others_is_masked(masker: Masker) -> None:
    text = ("SMB 10.0.4.10 445 DC01 [+] CORP\\cromano:tramonto#falke1335\n"
            "SMB 10.0.4.22 445 FS02 [-] CORP\\bnguyen:Estate2024 STATUS_LOGON_FAILURE\n")
    masked = masker.mask(text).text
    assert "tramonto#falke1335" not in masked and "Estate2024" not in masked and "cromano" not in masked


def test_an_email_shaped_copy_target_is_a_login_and_its_host(masker: Masker) -> None:
    text = "scp f.tar jdoe42@host.uni.edu:/srv/backups/f.tar"
    spans = found(masker, text)
    assert spans.get("jdoe42") == "username" and "jdoe42@host.uni.edu" not in spans


@pytest.mark.parametrize("text,value,category", [
    ("SUBMITTER      JOB      STATE\ngcolombo       3361     RUNNING\n", "gcolombo", "username"),
    ("matricola;nominativo;codice_fiscale\n74285;Colombo, Stefano;CLMSFN81E67L219M\n", "Colombo, Stefano", "person"),
    ("username,firstname,lastname,email,idnumber,department\n"
     "e.arslan,Elif,Arslan,elif.arslan@example.net,202454057,Biologie\n", "202454057", "account"),
    ('keys = {\n  api = "27e814a2c5218564d2c050cb35d0a10f"\n  app = "b93e3bd89113f7a40a5458c461a70b4349b0540c"\n}',
     "b93e3bd89113f7a40a5458c461a70b4349b0540c", "secret"),
    ("secrets:\n  stripe: Xk8mq2Lp9wZ\n  db: Zq8pLm3rTw4\nother: 1", "Zq8pLm3rTw4", "secret"),
    ("LOG:  statement: CREATE ROLE siobhanmcc_ro LOGIN PASSWORD 'md5be4f'", "siobhanmcc_ro", "username"),
    ("snowflake_default=snowflake://SHARMA:S%2A%23tj65Z%25ML@/PUBLIC?account=ab77785", "SHARMA", "username"),
    ('session.findById("wnd[0]/usr/txtRSYST-BNAME").text = "WEBER"', "WEBER", "username"),
    ('session.findById("wnd[0]/usr/pwdRSYST-BCODE").text = "ww4=XYLVFH"', "ww4=XYLVFH", "secret"),
    ("xssun5hsct089wp0expcbjuftv: adebayo.temitope (tadebayo@lumen-insurance.eu)", "adebayo.temitope", "username"),
    ("        Nick       = rusty.raven\n        AltNick    = rusty.raven_", "rusty.raven_", "username"),
    ("[23:21] silentkernel: +1 (thanks for the fix)", "silentkernel", "username"),
])
def test_listings_maps_and_scripts(masker: Masker, text: str, value: str, category: str) -> None:
    assert found(masker, text).get(value) == category


@pytest.mark.parametrize("text,value", [
    ("repo,owner,stars\napi,platform-team,12\n", "platform-team"),
    ('keys = {\n  region = "eu-west-1"\n  enabled = true\n}', "eu-west-1"),
    ("[pypi]\nusername = __token__", "token__"),
    ("DB_USER=lager_app", "lager_app"),
    ("arn:aws:iam::194395212023:user/svc-terraform", "svc-terraform"),
    ("CREATE ROLE orders_ro LOGIN;", "orders_ro"),
    ("slurm        91356  7.0  5.7  7460595  671120 ?        Ss   Mar31   59:13 /usr/sbin/slurmctld -D", "Ss   Mar31"),
    ("2025-07-26 13:10:24 1t2yEj-00seMT-NU <= rocio.r@fondazione.example H=(mx) [10.0.0.1]", "1t2yEj-00seMT-NU"),
    ("contact support-team (help@acme.example)", "support-team"),
    ("[10:01] error: +5 retries left", "error"),
])
def test_teams_settings_placeholders_and_ids_stay(masker: Masker, text: str, value: str) -> None:
    assert value not in found(masker, text)


def test_a_table_of_company_accounts_names_no_persons(masker: Masker) -> None:
    text = "account,name,plan\nACC-10422,Acme Widgets GmbH,pro\nACC-10423,Globex,free\n"
    assert "Globex" not in found(masker, text)


@pytest.mark.parametrize("text,value,category", [
    # network devices and security tools
    ("username fadeyemi privilege 15 secret 9 $9$PVNzxy5b4y9URp$ytoOgK0fklhFBfS1hC8+g0DRSY0OBfrD",
     "$9$PVNzxy5b4y9URp$ytoOgK0fklhFBfS1hC8+g0DRSY0OBfrD", "secret"),
    ('authentication-key "$9$kGKaWFm61vLbgGZkzZddazqN/4CVr5Pb+nZgqrvN"', "$9$kGKaWFm61vLbgGZkzZddazqN/4CVr5Pb+nZgqrvN",
     "secret"),
    ('createUser zbarker SHA "doOBRy_2VAG" AES "n2?2TpBj_X"', "n2?2TpBj_X", "secret"),
    ("# hashcat -m 1000 --show\n2683e993b41d8cafcd7ff73fbc8cc532:z_*bjcKTMGLv~q7Hv\n"
     "5f5797a4014fb44aea55cd1d3a0bdbec:Sirocco$tramonto1837\n", "5f5797a4014fb44aea55cd1d3a0bdbec:Sirocco$tramonto1837",
     "secret"),
    ("SMB  10.0.4.10  445  DC01  [+] CORP\\cromano:tramonto#falke1335 (Pwn3d!)", "tramonto#falke1335", "secret"),
    ("SMB  10.0.4.10  445  DC01  [+] CORP\\cromano:tramonto#falke1335 (Pwn3d!)", "CORP\\cromano", "username"),
    ("[+] CORP\\Administrator aad3b435b51404eeaad3b435b51404ee:0a1d54bff64b1e67ad33581f8ef80a5d",
     "0a1d54bff64b1e67ad33581f8ef80a5d", "secret"),
    # shops, hosting, apps
    ("(1, 'josullivan56', '$P$Bv1JEAUSdKNWuOHCnUdzBKbl3VC9C9z', 'josullivan56')", "$P$Bv1JEAUSdKNWuOHCnUdzBKbl3VC9C9z",
     "secret"),
    ("+  live: live_kbjNimg1Wd6mzODNXsQPicheY6012f", "live_kbjNimg1Wd6mzODNXsQPicheY6012f", "secret"),
    ("*/5 * * * * curl -fsS https://hc-ping.com/3a9bb53e-3494-448b-8854-ff174daa3d4d >/dev/null",
     "https://hc-ping.com/3a9bb53e-3494-448b-8854-ff174daa3d4d", "secret"),
    ('"C:\\Program Files\\Unity\\Editor\\Unity.exe" -batchmode -serial E3-W59V-BG3Z-VEBJ-3UM4-HLUI -quit',
     "E3-W59V-BG3Z-VEBJ-3UM4-HLUI", "secret"),
    ("QUEUE_SIGNING_SEED=d529f1e763e19918407e573dea4f44435311a49d019d7b6b745af4f0af99212d",
     "d529f1e763e19918407e573dea4f44435311a49d019d7b6b745af4f0af99212d", "secret"),
    ("Hier ist der Token für die Mail-API: 7a74798ae0a07d3698dd0eadf9f5a070a897cd5f. Kannst du",
     "7a74798ae0a07d3698dd0eadf9f5a070a897cd5f", "secret"),
    # people and their numbers
    ("Prélèvement SEPA (Mandat MD-7315626, Gläubiger-ID DE98ZZZ09999999999)", "MD-7315626", "account"),
    ('"user_profile":{"real_name":"Linh Costa","display_name":"pixelfox"}', "pixelfox", "username"),
    ("[06:51:01] Élodie Sharma (cyberpanda_): hallo, meine Bestellung", "cyberpanda_", "username"),
    ("Mein Login im Plesk ist elena.k, das Passwort folgt", "elena.k", "username"),
    ("Empleado,Nombre,DNI/NIE,Fecha nac.\nE55530,Ute Lewandowska,Z3875618P,1992-10-09\n", "Z3875618P", "national_id"),
])
def test_devices_tools_shops_and_people(masker: Masker, text: str, value: str, category: str) -> None:
    assert found(masker, text).get(value) == category


@pytest.mark.parametrize("text,value", [
    ("Ordine,Data,Cliente\nORD-648040,2025-05-13,Erik Santos\nSO-293821,2024-09-14,Ana Lima\n", "ORD-648040"),
    ('{"merchant_reference1":"SO-609904","fraud_status":"ACCEPTED"}', "SO-609904"),
    ("#861018;NLM-9869-BLK;SEUR;1ZE1F8ZRF07WZAKXMT;zugestellt;2025-04-23", "1ZE1F8ZRF07WZAKXMT"),
    ("sku,ean,magazzino,quantità\nART-6XY-1181-M,4080745921880,MXP1,349\n", "4080745921880"),
    ("03/04/2025-20:54:25.030647  [**] [1:2010935:3] ET SCAN Suspicious inbound", "03/04/2025-20"),
    ("Apple Distribution: Jihoon Henderson (CBQN2M65QB)", "CBQN2M65QB"),
    ("token_accessor         sAHfCIcIrLi1ZTKkqSdMCsEw", "sAHfCIcIrLi1ZTKkqSdMCsEw"),
    ("sid=WTa726d0394199e6292073bb4dd0a300f6 task created", "WTa726d0394199e6292073bb4dd0a300f6"),
    ("$databases['default']['default'] = ['username' => 'drupal', 'database' => 'drupal10'];", "drupal"),
    ("John wrote:\n$ git log --format=%H:%s\n2683e993b41d8cafcd7ff73fbc8cc532aaaaaaaa:fix the parser",
     "2683e993b41d8cafcd7ff73fbc8cc532aaaaaaaa:fix the parser"),
    ("It only happens for Ronald Noel's account (ronald.noel@acme.example)", "account"),
    ("        # try empty password if no password provided\n        pwd = password if password is not None else b''",
     "is not No"),
    ("RANDOM_SEED=12345678", "12345678"),
    ("here is the password policy: 12 chars min", "12"),
])
def test_orders_codes_ids_and_comments_stay(masker: Masker, text: str, value: str) -> None:
    assert value not in found(masker, text)
