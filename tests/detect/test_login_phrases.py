"""Logins a sign-in phrase (five languages) or an identity command's output names (issue 23), whatever they look
like; words, service accounts and placeholders there stay readable."""

from __future__ import annotations

import pytest

from coatcheck import Masker
from coatcheck.detect.login_phrases import LoginPhraseDetector

# fictional logins
POSITIVE = [
    ("Please log in as vhalvorsen on the staging box.", "vhalvorsen"),
    ("I'm signed in as dmorrow-ops but the page says 403", "dmorrow-ops"),
    ("Accedi come gcasadei e riavvia il worker.", "gcasadei"),
    ("Melde dich als fbrenninger an und starte den Dienst neu.", "fbrenninger"),
    ("Connectez-vous en tant que ahamidou puis relancez.", "ahamidou"),
    ("Inicia sesión como mpeinado y reinicia el servicio.", "mpeinado"),
    ("logged in as: kzielinski", "kzielinski"),
    ("log in as CORP\\\\kzielinski please", "kzielinski"),
    ("$ whoami\nokereke\n$ ls", "okereke"),
    ("user@box:~$ id -un\ntquach\n", "tquach"),
    ("PS C:\\src> whoami\ncorp\\vrajaraman\nPS C:\\src>", "vrajaraman"),
    ("C:\\> echo %USERNAME%\nhlindgren\n", "hlindgren"),
    ('{"output": "$ echo $USER\\nbnakashima\\n"}', "bnakashima"),
]

NEGATIVE = [
    "log in as admin and open the settings",
    "sign in as a guest first",
    "connect as root over the console",
    "Log in as the user you created above",
    "log in as <username> with your token",
    "log in as ${DEPLOY_USER}",
    "the descriptor is owned by the library",
    "$ whoami\nroot\n",
    "$ whoami\npostgres\n",
    "Mark the package and login as Multi-Arch: foreign",
]


@pytest.mark.parametrize("text,login", POSITIVE)
def test_the_login_a_phrase_or_command_names(text: str, login: str) -> None:
    assert [text[s.start:s.end] for s in LoginPhraseDetector().detect(text)] == [login]


@pytest.mark.parametrize("text", NEGATIVE)
def test_words_service_accounts_and_placeholders_stay(text: str) -> None:
    assert LoginPhraseDetector().detect(text) == []


def test_masked_and_restored() -> None:
    text = "$ whoami\nokereke\n\nthen log in as okereke on db-2"
    m = Masker()
    out = m.mask(text)
    assert "okereke" not in out.text and "whoami" in out.text and "db-2" in out.text
    assert m.restore(out.text) == text


@pytest.mark.parametrize("text,value", [
    ("# heroku auth:token\n3c5f2b1e-8a9d-4c6e-b7f0-2d4a6e8c0b1f\n", "3c5f2b1e-8a9d-4c6e-b7f0-2d4a6e8c0b1f"),
    ("## pass show personal/bank\nK3ttle#Drum77\nuser: x\n", "K3ttle#Drum77"),
    ("$ gcloud auth print-access-token\nya29.a0AfB_byC9xK2mQ7vT4pL8\n", "ya29.a0AfB_byC9xK2mQ7vT4pL8"),
    ("$ vercel whoami\nbenedetta_crb\n", "benedetta_crb"),
])
def test_what_a_command_prints_on_the_next_line(text: str, value: str) -> None:
    assert value in [text[s.start:s.end] for s in LoginPhraseDetector().detect(text)]


@pytest.mark.parametrize("text", ["$ npm\nfoo_bar12\n", "# pass the tests\nnext_line_here\n", "$ pwgen\n<output>\n"])
def test_other_commands_print_nothing_secret(text: str) -> None:
    assert LoginPhraseDetector().detect(text) == []


@pytest.mark.parametrize("text,values", [
    ("# legacy creds: d.bui / Verano2022#", ["d.bui", "Verano2022#"]),
    ("le credenziali sono gcarbo@quillstone.example / dolomiti.marmotta.78 se devi", ["dolomiti.marmotta.78"]),
    ("Zugangsdaten: fbrenn / Sommer-2024!", ["fbrenn", "Sommer-2024!"]),
])
def test_a_login_and_its_password_after_a_credentials_word(text: str, values: list[str]) -> None:
    assert [text[s.start:s.end] for s in LoginPhraseDetector().detect(text)] == values


@pytest.mark.parametrize("text", ["the account page / settings menu", "login via SSO / SAML please",
                                  "login: admin / admin123"])
def test_no_pair_without_a_login_and_a_password(text: str) -> None:
    assert LoginPhraseDetector().detect(text) == []
