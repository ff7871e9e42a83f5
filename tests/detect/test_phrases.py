"""Secrets given in a sentence or as a program's credential option (issue 24): the phrase or the option says what
the value is, whatever it looks like; words about a password, templates and placeholders stay."""

from __future__ import annotations

import pytest
import regex

from coatcheck import Masker

MASKER = Masker()


@pytest.mark.parametrize("text, value", [
    ("The new password is basalt_heron_quill.", "basalt_heron_quill"),
    ("ok, here is the key: 7Hq2LmXv9Rt4Wz8Kp1Ns", "7Hq2LmXv9Rt4Wz8Kp1Ns"),
    ("Das Passwort lautet Nebel-42-Fjord, bitte ändern.", "Nebel-42-Fjord"),
    ("Le mot de passe est « Grive.Sapin.83 ».", "Grive.Sapin.83"),
    ("La password è Lampone77!", "Lampone77"),
    ("La contraseña es Almendra.2026)", "Almendra.2026"),
    ("der API-Schlüssel lautet QwErTyAsDfGhJkLz", "QwErTyAsDfGhJkLz"),
    ("temporary password set to Oriole-5531", "Oriole-5531"),
    ("sshpass -p 'moss-ledger-tarn' ssh deploy@10.1.2.3", "moss-ledger-tarn"),
    ("redis-cli -h cache.internal -a Heron77x ping", "Heron77x"),
    ("rabbitmqctl add_user svc-billing 'quartz1988'", "quartz1988"),
    ('sqlcmd -S db -U sa -P "juniper+4410" -Q "select 1"', "juniper+4410"),
    ("openssl enc -aes256 -passin pass:Osprey91 -in a.txt", "Osprey91"),
    ("smbclient //fs/share -U build%Lantern2031", "Lantern2031"),
])
def test_the_phrase_or_option_decides(text: str, value: str) -> None:
    out = MASKER.mask(text).text
    assert value not in out and MASKER.restore(out) == text


@pytest.mark.parametrize("text", [
    "The password is wrong.", "the password is required", "Das Passwort ist abgelaufen.", "le mot de passe est incorrect",
    "la password è scaduta", "la contraseña es incorrecta", "the key is important here", "the password is $DB_PASSWORD",
    "the password is <your-password>", "password = self.password", "password: Optional[str]",
    "Ignoring final token of odd-length line", "[Get an API key here](https://platform.example.com/api-keys).",
    "docker run -e POSTGRES_USER=app -p 5432:5432 postgres:16", "the token is expired, log in again",
])
def test_words_about_a_password_and_templates_stay(text: str) -> None:
    assert MASKER.mask(text).text == text


@pytest.mark.parametrize("text, value", [
    ("Password temporanea: tortuga-biscotto-coffee-papillon", "tortuga-biscotto-coffee-papillon"),
    ("Mot de passe provisoire : primavera.galaxy.biscotto.zanahoria", "primavera.galaxy.biscotto.zanahoria"),
    ("contraseña de la base de datos de pruebas: .QWMe2VTqLINH-:OI1:@1v", ".QWMe2VTqLINH-:OI1:@1v"),
    ("wifi for the offsite: ssid OFFSITE-5G, passphrase coffee_kangaroo_gattonero_bergwerk", "coffee_kangaroo_gattonero_bergwerk"),
    ("Zugang: Benutzer oscark50, Passwort 8orQX^@DCm,FuwzOGyljLp~* (nur für heute)", "8orQX^@DCm,FuwzOGyljLp~*"),
])
def test_a_label_of_a_few_words_or_a_password_noun_right_before_the_value(text: str, value: str) -> None:
    masker = Masker()
    out = masker.mask(text).text
    assert value not in out and masker.restore(out) == text
    assert not any(piece in out for piece in regex.split(r"[-_.,:]", value) if len(piece) >= 6)


@pytest.mark.parametrize("text", [
    "Password policy: min 12 chars", "Password requirements: uppercase letters", "password hashing: bcrypt-12",
    "Use a password manager.", "the password for the admin account: see the vault", "password reset link: https://example.com/reset",
])
def test_labels_about_passwords_stay(text: str) -> None:
    assert Masker().mask(text).text == text


def test_a_secret_named_by_a_cli_is_no_password_after_its_noun() -> None:
    text = "$ kubectl describe secret db-credentials -n search\n$ kubectl create secret generic app-config-2"
    assert Masker().mask(text).text == text
