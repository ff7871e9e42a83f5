"""Agent traffic, fifteenth part (issues 23 and 24): directory searches and key-value stores' own commands — the
login an LDAP filter asks for, the password Redis's ``ACL SETUSER`` gives a user at the prompt; and what stays
readable: filters with a template or a wildcard, ACL users without a password."""

from __future__ import annotations

import pytest

from coatcheck import Masker


def found(masker: Masker, text: str) -> dict[str, str]:
    return {text[s.start:s.end]: s.category for s in masker.pipeline.detect(text)}


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
    assert found(masker, text).get(value) == category


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
