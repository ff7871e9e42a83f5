"""Agent traffic, twelfth part: secrets without a name on them (issue 24), classes read from a fresh blind set and
the issue's own list (the values here are our own): a password given by a sentence that says it was set, reset or
changed to the value, in five languages; and what stays readable around it."""

from __future__ import annotations

import pytest

from coatcheck.masker import Masker

from .spans import found


@pytest.fixture(scope="module")
def m() -> Masker:
    return Masker()



@pytest.mark.parametrize("text,value", [
    ("The temporary password was set to Heron-41-lake, change it at first login.", "Heron-41-lake"),
    ("Her VPN password has been reset to Qm7-wwx-904 by the help desk.", "Qm7-wwx-904"),
    ("La password di Giulia è stata reimpostata a Ombrello55!", "Ombrello55!"),
    ("Ho cambiato la password in Gabbiano_318", "Gabbiano_318"),
    ("Das Passwort wurde zurückgesetzt auf Ahornblatt#62", "Ahornblatt#62"),
    ("Le mot de passe a été réinitialisé à Cerise-Noire-4", "Cerise-Noire-4"),
    ("J'ai changé le mot de passe en Brume!Matin8", "Brume!Matin8"),
    ("Tu contraseña fue restablecida a Gaviota#5120", "Gaviota#5120"),
    ("La contraseña ha sido cambiada a Molino-774q", "Molino-774q"),
])
def test_a_password_a_sentence_says_was_set(m: Masker, text: str, value: str) -> None:
    assert found(m, text).get(value) == "secret"


@pytest.mark.parametrize("text", [
    "The password policy was updated to NIST-800-63b last quarter.",
    "Password hashing was switched to argon2id in v2.3.",
    "The password is now set to expire after 90 days.",
    "The password field was changed to type=password.",
    "La password in chiaro non va mai salvata.",
    "Le mot de passe a été changé en production hier.",
])
def test_sentences_about_passwords_hold_none(m: Masker, text: str) -> None:
    assert "secret" not in found(m, text).values()


def test_an_api_calls_key_is_masked_and_the_service_stays(m: Masker) -> None:
    # an API's endpoint (versioned path, api host): the key in its query is the credential (2026-12-04, cycle 9)
    text = "HTTPError: 401 Client Error for url: https://rates.example.net/v1/live?access_key=7c1e9a22bd0f4e61a7c3d2b80f11ab94&base=EUR"
    got = found(m, text)
    assert got.get("7c1e9a22bd0f4e61a7c3d2b80f11ab94") == "secret"
    assert not any("rates.example.net" in v for v in got)


@pytest.mark.parametrize("text,url", [
    ("auth-url: \"https://sso.example.io/oauth2/auth?rd_token=Wq3Jx8Zy-Pn3Lm7Bv5Dt9Er1Gs4Hh6Kk\"",
     "https://sso.example.io/oauth2/auth?rd_token=Wq3Jx8Zy-Pn3Lm7Bv5Dt9Er1Gs4Hh6Kk"),
    ("Lien envoyé : https://compte.example.fr/reset/Zr8_kT41QpMw2xVnB7cLs0Ud9Hf3Ya6e",
     "https://compte.example.fr/reset/Zr8_kT41QpMw2xVnB7cLs0Ud9Hf3Ya6e"),
    ("https://banca.example.es/recuperar?t=pQ7rS2tU9vW4xY1zA8bC3dE6fG0hJ5kL",
     "https://banca.example.es/recuperar?t=pQ7rS2tU9vW4xY1zA8bC3dE6fG0hJ5kL"),
    ("Produktion: https://automation.example.de/webhook/3f9c2e71-8a4b-4d1e-9c7f-0b2a6d5e8f13",
     "https://automation.example.de/webhook/3f9c2e71-8a4b-4d1e-9c7f-0b2a6d5e8f13"),
])
def test_a_url_that_is_a_credential_is_masked_whole(m: Masker, text: str, url: str) -> None:
    assert found(m, text).get(url) == "secret"


def test_a_request_line_target_with_a_reset_token_is_masked() -> None:
    line = ('203.0.113.9 - - [24/Feb/2025:07:44:56 +0000] "GET /password/reset/'
            '4e7d1c0b9a8f7e6d5c4b3a29180f7e6d5c4b3a29180f7e6d5c4b3a2918a0b1c2 HTTP/1.1" 200 512')
    spans = Masker().pipeline.detect(line)
    token = line.index("4e7d")
    assert any(s.start <= token and s.end >= token + 64 and s.category == "secret" for s in spans)


@pytest.mark.parametrize("text", [
    "https://github.com/acme/shop/pull/12?key=value&code=abc",
    "See https://docs.example.com/guide/reset/password for the steps.",
    "https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42",
    "https://example.com/invite/team-onboarding-guide",
    "http://localhost:5678/webhook/3f9c2e71-8a4b-4d1e-9c7f-0b2a6d5e8f13",
    '127.0.0.1 - - [24/Feb/2025:07:44:56 +0000] "GET /static/app.3f9a8b7c6d5e4f3a2b1c.js HTTP/1.1" 200',
])
def test_urls_that_hold_no_credential_stay(m: Masker, text: str) -> None:
    assert "secret" not in found(m, text).values()


@pytest.mark.parametrize("text,codes", [
    ("Le code PIN de l'imprimante du 3e étage pour Inès : 5831", ["5831"]),
    ("Il PIN del conto condiviso del magazzino è 40719, non girarlo.", ["40719"]),
    ("Alternativ geben Sie diesen Code ein: 604281", ["604281"]),
    ("Au cas où, le code de récupération du compte : kpzq-7ttm-b2wd.", ["kpzq-7ttm-b2wd"]),
    ("Codes de secours (un seul usage chacun) :\n  a81fe-7c20d\n  3b9d1-e6f07\n\nCordialement,",
     ["a81fe-7c20d", "3b9d1-e6f07"]),
    ("Wiederherstellungscodes für den Stick:\n5820 1947\n3306 7712\n[09.03.2025 10:01] Weber, Jana",
     ["5820 1947", "3306 7712"]),
    ("CÓDIGOS DE RESPALDO\nCuenta: ana@example.org\n\n6021 4478    9930 1175\n2281 0346    7719 5520\n\nFin",
     ["6021 4478", "9930 1175", "2281 0346", "7719 5520"]),
    ("Backup codes: 7310-2284, 9046-1153", ["7310-2284", "9046-1153"]),
])
def test_pins_and_recovery_codes_are_masked(m: Masker, text: str, codes: list[str]) -> None:
    f = found(m, text)
    assert all(f.get(c) == "secret" for c in codes), f


@pytest.mark.parametrize("text", [
    "The PIN must be 4 to 8 digits long.",
    "PIN code: required since 2019",
    "Set the PIN length to 6 and the backup codes count to 10.",
    "Your backup codes are stored in ~/.config/app/codes.txt",
    "The recovery codes feature was added in v2.3.1",
    "Error code: 404 (not found)",
])
def test_sentences_about_codes_hold_none(m: Masker, text: str) -> None:
    assert "secret" not in found(m, text).values()


def test_public_members_of_a_json_web_key_stay_and_its_private_one_is_masked(m: Masker) -> None:
    private = "Lr8YbN3xT0mWv7Kc2Hs5Jd8Fp1Rg4Yt6Ue0Io3Pa9Sd"
    jwks = ('{"keys": [\n  {\n    "kty": "RSA",\n    "use": "sig",\n    "n": "q0NRBPDoCU1STyiXXvvEEKkNfAN2imfxPm8gixMhoF72'
            'XdrbuZxjUPZwWnay09sD3cxRqWl_g5MGnd2ljQXKUKfnnPFBcyg",\n    "e": "AQAB",\n    "x5t": "kzJ2PmtsZV2zkwLu8vRFGkx5smK"\n  },\n'
            '  {"kty": "EC", "crv": "P-256", "x": "ri_u3-uZg4Qh4611Z0OTFFD0QxpDXwCS1XIg3DFRrkq", '
            f'"y": "5U7Qxe1Ckt7Hm1zlTWmVr3L2nfBLXT732WXWp10JcFs", "d": "{private}"}}\n]}}')
    assert found(m, jwks) == {private: "secret"}


@pytest.mark.parametrize("text", [
    "content-security-policy: default-src 'self'; script-src 'self' 'nonce-48rsw3oECNkfJj/jHI3+IQ=='",
    '<script nonce="4IrQvNfsKBQok06LJ8IS8w==">',
    "random_password.grafana_admin: Refreshing state... [id=none]\nrandom_password.grafana_admin: Creating...",
    "CertificatePinner.Builder().add(host, \"sha256/v1qA/pFd0LhlHzclULk35x7bFWUjbYKfi0/IuID/J6I=\") // pin",
    "OPENAI_API_KEY=<YOUR_API_KEY>\nANTHROPIC_API_KEY=sk-ant-...",
])
def test_values_public_by_design_stay(m: Masker, text: str) -> None:
    f = found(m, text)
    assert "secret" not in f.values() and "ip" not in f.values(), f


@pytest.mark.parametrize("text,value,category", [
    ("2024-05-30 23:56:07\tnight_owl_8\t/msg NickServ IDENTIFY Quartz:71-heron", "Quartz:71-heron", "secret"),
    ("May 23 13:51:23 bastion sshd[48213]: Invalid user Marble;58-otter from 198.51.100.7 port 50122",
     "Marble;58-otter", "secret"),
    ("May 23 13:51:25 bastion sshd[48213]: Failed password for invalid user t.kowal-dev from 198.51.100.7 port 2 ssh2",
     "t.kowal-dev", "username"),
    ("Das Passwort für den Account kasse@example.de lautet ab sofort Birke_27_weide", "Birke_27_weide", "secret"),
    ("Le mot de passe du wifi invités est désormais Marée-Haute-17", "Marée-Haute-17", "secret"),
    ("NIA;Alumno;Usuario plataforma;Contraseña inicial\n27385967;Ana Ruiz;ana.ruiz12;P3r@l7731\n", "P3r@l7731", "secret"),
    ("user,Code d'accès,date\njdupont,KQ7ZP2WX,2024-01-02\n", "KQ7ZP2WX", "secret"),
])
def test_values_their_slot_names(m: Masker, text: str, value: str, category: str) -> None:
    assert found(m, text).get(value) == category


@pytest.mark.parametrize("text,phrase", [
    ("Giorgos: la frase de recuperación es: abandon debris luxury debate crawl blush thought trip essence people sudden "
     "stadium\nPablo: gracias", "abandon debris luxury debate crawl blush thought trip essence people sudden stadium"),
    ("seed del wallet:\nadipe lenza esanime gioiello pollice preparato\nitalia sfumare meninge diploma predica fermento\n",
     "adipe lenza esanime gioiello pollice preparato\nitalia sfumare meninge diploma predica fermento"),
])
def test_a_wallet_recovery_phrase_is_one_secret(m: Masker, text: str, phrase: str) -> None:
    assert found(m, text).get(phrase) == "secret"


@pytest.mark.parametrize("text", [
    "we will add more access control for every user after this update goes live next week",
    "ribbon crisp velvet tundra walnut orbit canyon quartz gospel meadow humble lyric",  # three words of no list
    "abandon debris luxury debate crawl blush thought trip essence people sudden",  # eleven words
])
def test_words_that_are_no_recovery_phrase_stay(m: Masker, text: str) -> None:
    assert "secret" not in found(m, text).values()


def test_a_token_a_command_prints_after_its_warnings(m: Masker) -> None:
    text = ("$ heroku auth:token\n ›   Warning: token will expire 04/11/2024\n ›   Use heroku authorizations:create to "
            "generate a long-term token\n0c7e4a2d-51f3-4b8e-9d6a-2f1e8c3b7a90\n$ heroku config -a shop-api\n")
    assert found(m, text).get("0c7e4a2d-51f3-4b8e-9d6a-2f1e8c3b7a90") == "secret"


def test_every_key_of_a_list_of_rotated_keys(m: Masker) -> None:
    text = "SESSION_KEYS:          QkYIATtYv7rx8/atqlP94yiUXhvb11eD1NtrfSACsD7s=,7B+X+kjqMFHheDOUTJFGqiFcmpeG+/Od0hAX5+M0/xQ=\n"
    f = {k.rstrip("="): v for k, v in found(m, text).items()}  # base64 padding is no part of the key's letters
    assert f.get("QkYIATtYv7rx8/atqlP94yiUXhvb11eD1NtrfSACsD7s") == "secret"
    assert f.get("7B+X+kjqMFHheDOUTJFGqiFcmpeG+/Od0hAX5+M0/xQ") == "secret"


@pytest.mark.parametrize("text,value,category", [
    ("Peux-tu corriger le script ? L'identifiant c'est m.dubreuil et le mot de passe arrive par SMS.", "m.dubreuil",
     "username"),
    ("My handle on the repo is kvoss42 if you need to add me as a reviewer", "kvoss42", "username"),
    ("Der Benutzername für das Portal lautet hkrause7, das Passwort kommt per Post.", "hkrause7", "username"),
    ("May 23 13:52:04 bastion sudo:    tbelka : TTY=pts/0 ; PWD=/srv ; USER=root ; COMMAND=/usr/bin/true", "tbelka",
     "username"),
    ("sudo: pam_unix(sudo:session): session opened for user root(uid=0) by tbelka(uid=1001)", "tbelka", "username"),
    ('r = requests.get(url, auth=("o.adeyemi", "Tr0ub4dor&3x"))', "o.adeyemi", "username"),
    ("LOG:  statement: CREATE ROLE \"l.ferrante\" LOGIN PASSWORD 'Vesuvio!88'", "l.ferrante", "username"),
    ("/ppp secret\nadd name=akarlsson password=kzgmu!MmK8h!s0R profile=default", "akarlsson", "username"),
    ("[21/07/24 05:55] Pablo: oye, ¿me pasas la clave del cliente?", "Pablo", "person"),
    ("6/6/24, 9:30 - Javier Ortega: vale, gracias por el enlace", "Javier Ortega", "person"),
])
def test_logins_and_speakers_their_slot_names(m: Masker, text: str, value: str, category: str) -> None:
    assert found(m, text).get(value) == category


@pytest.mark.parametrize("text", [
    "The username is required.",
    "the login is broken since v2.3",
    "CREATE ROLE readonly;\nGRANT SELECT ON ALL TABLES IN SCHEMA public TO readonly;",
    "2024-03-01 10:00 Build: ok",
    "[2024-03-01 10:00:01] June: 41 signups",
])
def test_no_login_or_speaker_where_the_sentence_names_none(m: Masker, text: str) -> None:
    f = found(m, text)
    assert "username" not in f.values() and "person" not in f.values(), f


def test_a_password_that_begins_with_a_percent_sign_is_no_template(m: Masker) -> None:
    assert found(m, "Password temporanea: %Qe:vWFpgZCOj7Zt\n").get("%Qe:vWFpgZCOj7Zt") == "secret"
    for text in ("password: %DB_PASSWORD%", "the password is %(password)s", "the password is %s"):
        assert "secret" not in found(m, text).values()


# the review of this part (a helper given the threat model): leaks and over-masks it found, mended


@pytest.mark.parametrize("text,value", [
    ('{"kty":"RSA","n":"sk_live_51HqLyjWDarjtT1zdp7dcXq9Lw2Rm8Vn4Kp6Zs3Tb7Yh1"}', "sk_live_51HqLyjWDarjtT1zdp7dcXq9Lw2Rm8Vn4Kp6Zs3Tb7Yh1"),
    ('{"e":"AKIAQ4HX7LMP2ZV5NRTW","kty":"x"}', "AKIAQ4HX7LMP2ZV5NRTW"),
    ("*   Trying 87.12.201.77:8443...", "87.12.201.77"),
    ("DB_PASSWORD: Pinecone...", "Pinecone..."),
    ("Your PIN was changed to 4821", "4821"),
    ("Der PIN lautet jetzt 4821", "4821"),
    ("Il PIN della SIM è stato cambiato in 48213", "48213"),
    ("Backup codes:\n86102273\n41257936\n", "86102273"),
    ("https://shop.example.com/users/password/edit?reset_password_token=zX8kQ2mN4pR6sT9vW1yB",
     "https://shop.example.com/users/password/edit?reset_password_token=zX8kQ2mN4pR6sT9vW1yB"),
])
def test_review_leaks_are_masked(m: Masker, text: str, value: str) -> None:
    assert value in found(m, text)


@pytest.mark.parametrize("text", [
    "The PIN is on GPIO27 and the signature uses HMAC-SHA1 (see CVE-2024-3094, OPS-4512).",
    "https://github.com/acme/ops/blob/main/docs/recovery/runbook-2024q3.md",
    "The password hashing was changed to Argon2id and the password form moved to Form2.tsx",
    "the handle is thread-safe",
    "test test test test test test test test test test test junk",
    "abandon ability able about above absent absorb abstract absurd abuse access accident",
    "/msg NickServ GHOST frozen_coder_73",
])
def test_review_over_masks_stay_readable(m: Masker, text: str) -> None:
    f = found(m, text)
    assert "secret" not in f.values() and "username" not in f.values(), f


def test_the_other_keys_of_a_list_take_nothing_of_the_variable_name(m: Masker) -> None:
    text = "X=QkYIATtYv7rx8/atqlP94yiUXh,7B+X+kjqMFHheDOUTJFGqiFc\n"
    assert all(not v.startswith(("X", "=")) for v in found(m, text))


@pytest.mark.parametrize("text,value,category", [
    ("sshd[48213]: Connection closed by invalid user Quartz;71-heron 198.51.100.7 port 50122 [preauth]",
     "Quartz;71-heron", "secret"),
    ("sshd[48213]: input_userauth_request: invalid user Quartz;71-heron [preauth]", "Quartz;71-heron", "secret"),
    ("sshd[48213]: Disconnected from invalid user t.kowal-dev 198.51.100.7 port 50122 [preauth]", "t.kowal-dev",
     "username"),
    ("530217 is your verification code. Don't share it.", "530217", "secret"),
    ("G-530217 est votre code de vérification.", "530217", "secret"),
    ("771904 ist Ihr Bestätigungscode", "771904", "secret"),
])
def test_more_forms_of_the_review(m: Masker, text: str, value: str, category: str) -> None:
    assert found(m, text).get(value) == category


@pytest.mark.parametrize("text", [
    "Seed: Abandon, debris, luxury, debate, crawl, blush, thought, trip, essence, people, sudden, stadium\n",
    "ABANDON DEBRIS LUXURY DEBATE CRAWL BLUSH THOUGHT TRIP ESSENCE PEOPLE SUDDEN STADIUM\n",
    "1. abandon\n2. debris\n3. luxury\n4. debate\n5. crawl\n6. blush\n7. thought\n8. trip\n9. essence\n10. people\n"
    "11. sudden\n12. stadium\n",
])
def test_a_recovery_phrase_in_other_layouts(m: Masker, text: str) -> None:
    spans = [s for s in m.pipeline.detect(text) if s.category == "secret"]
    assert spans and spans[0].start <= text.lower().index("abandon") and spans[-1].end >= text.lower().index("stadium") + 7


@pytest.mark.parametrize("text", ["2024 is the year we moved the code to Rust", "8080 is the port the code listens on"])
def test_a_number_before_code_words_is_no_code(m: Masker, text: str) -> None:
    assert "secret" not in found(m, text).values()


@pytest.mark.parametrize("text", [
    "/nickserv identify Quartz:71-heron",
    "/ns identify night_owl_8 Quartz:71-heron",
    "PRIVMSG NickServ :IDENTIFY Quartz:71-heron",
    "/msg NickServ SET PASSWORD Quartz:71-heron",
])
def test_every_client_form_of_a_nickserv_password(m: Masker, text: str) -> None:
    assert found(m, text).get("Quartz:71-heron") == "secret"


def test_the_ns_command_without_a_password_holds_none(m: Masker) -> None:
    assert "secret" not in found(m, "see /ns help for commands; /msg NickServ GHOST night_owl_8").values()
