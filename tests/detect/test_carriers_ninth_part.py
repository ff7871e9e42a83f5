"""Agent traffic, ninth part: classes read from a fresh blind set's learned half (the values here are our own): a
speaker naming themself, a login after "my account" in five languages, a forge's event lines copied from its page;
and what stays readable: the next key after an indented private key's footer, values that say they must be
replaced, a commit after a JSON string's escaped line break."""

from __future__ import annotations

import pytest

from coatcheck.masker import Masker

from .spans import found


@pytest.fixture(scope="module")
def m() -> Masker:
    return Masker()



@pytest.mark.parametrize("text,value", [
    ("Draft a reply for me (I'm Adaeze from the billing team). Confirm the refund.", "Adaeze"),
    ("C'est Inès : tu peux vérifier la config ?", "Inès"),
    ("Hi, this is Marek from support, the export is failing.", "Marek"),
    ("Ich bin Jonas, der neue Kollege im Plattform-Team.", "Jonas"),
])
def test_a_speaker_naming_themself(m: Masker, text: str, value: str) -> None:
    assert found(m, text).get(value) == "person"


@pytest.mark.parametrize("text", ["I'm Italian, by the way.", "This is Kubernetes from Google.", "It's Monday, folks.",
                                  "this is Production: careful", "This is Terraform: plan output below"])
def test_an_introduction_of_a_thing_names_no_one(m: Masker, text: str) -> None:
    assert "person" not in found(m, text).values()


@pytest.mark.parametrize("text,value", [
    ("La semana pasada funcionaba con mi cuenta antigua lgarrido.", "lgarrido"),
    ("It worked last week with my old account tbaxter.", "tbaxter"),
    ("funzionava con la mia utenza gferrara.", "gferrara"),
    ("mit meinem alten Konto hkrause ging es noch", "hkrause"),
    ("ça marchait avec mon ancien compte mleblanc", "mleblanc"),
])
def test_a_login_after_my_account(m: Masker, text: str, value: str) -> None:
    assert found(m, text).get(value) == "username"


@pytest.mark.parametrize("text", ["open my account settings page", "my account is locked", "mi cuenta está bloqueada",
                                  "mon compte admin"])
def test_my_account_before_a_word_names_no_login(m: Masker, text: str) -> None:
    assert "username" not in found(m, text).values()


@pytest.mark.parametrize("text,value", [
    ("**tvogelsang** opened this issue on Sep 19, 2025 · 2 comments", "tvogelsang"),
    ("**r.lindqvist** commented\n\nThanks, that fixed it", "r.lindqvist"),
    ("okarimi merged commit 4f2a9c1 into main", "okarimi"),
])
def test_a_forge_event_lines_login(m: Masker, text: str, value: str) -> None:
    assert found(m, text).get(value) == "username"


def test_an_indented_private_key_ends_at_its_footer(m: Masker) -> None:
    text = ("variables:\n  SSH_PRIVATE_KEY: |\n    -----BEGIN OPENSSH PRIVATE KEY-----\n"
            "    b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW\n"
            "    QyNTUxOQAAACBp8mQ3F0Zx9Yw4cD5sQv8e0nK2fR7tU1aL6hJ3mP9xWgAAAJg=\n"
            "    -----END OPENSSH PRIVATE KEY-----\n\ntest:\n  stage: test\n  image: python:3.12-slim\n")
    spans = m.pipeline.detect(text)
    assert any(text[s.start:s.end].startswith("-----BEGIN") for s in spans)
    assert all(s.end <= text.index("\n\ntest:") for s in spans)


def test_a_truncated_encrypted_key_keeps_its_headers_and_body(m: Masker) -> None:
    text = ("-----BEGIN RSA PRIVATE KEY-----\nProc-Type: 4,ENCRYPTED\nDEK-Info: AES-128-CBC,3F17F5316E2BAC89\n\n"
            "MIIEowIBAAKCAQEAq7BFUpkGp3+LQmlQ\nYvq8s9T0QkHf2Xy1zNpBf2b7LmA\n\nnext: thing\n")
    spans = [text[s.start:s.end] for s in m.pipeline.detect(text)]
    assert any("Yvq8s9T0QkHf2Xy1zNpBf2b7LmA" in v and "DEK-Info" in v for v in spans)
    assert not any("next" in v for v in spans)


@pytest.mark.parametrize("text", ["JWT_SECRET=replace-me-with-64-random-chars\n", "SESSION_KEY=change_me_in_prod\n",
                                  "API_KEY=paste-your-key-here\n"])
def test_a_value_that_says_replace_me_is_a_placeholder(m: Masker, text: str) -> None:
    assert found(m, text) == {}


def test_a_commit_after_an_escaped_line_break_is_no_login(m: Masker) -> None:
    text = ('{"output": "e203c59 2025-03-13 docs: staging\\n6146340e1 2024-12-16 fix: handle the empty cart\\n'
            'b729541b4 2024-11-06 chore: bump deps"}')
    assert not any(v.endswith("6146340e1") for v in found(m, text))


@pytest.mark.parametrize("text", ["SUMO_ACCESS_KEY=`etcdctl get /sumologic_secret`\n",
                                  'const keyStr = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"\n',
                                  'secret_key => "sk_abcdefghijklmnopqrstuvwxyz123",\n'])
def test_a_command_substitution_and_a_typed_alphabet_are_no_secrets(m: Masker, text: str) -> None:
    assert found(m, text) == {}


@pytest.mark.parametrize("text,value", [("PASSWORD=`hunter2x`\n", "hunter2x"),
                                        ("API_KEY=Qm9vdGhBcmNoZXJ5Mj7kLx0p\n", "Qm9vdGhBcmNoZXJ5Mj7kLx0p")])
def test_a_value_in_backticks_and_a_random_key_stay_masked(m: Masker, text: str, value: str) -> None:
    assert value in found(m, text)


@pytest.mark.parametrize("text", ["Somebody hacked my account yesterday.", "mein Konto wurde gestern gesperrt",
                                  "mi cuenta fue bloqueada ayer", "il mio account risulta bloccato"])
def test_my_account_before_a_word_of_any_language_names_no_login(m: Masker, text: str) -> None:
    assert "username" not in found(m, text).values()


@pytest.mark.parametrize("text", ["This is Syslog from the build server:", "Ich bin Arzt , ich möchte helfen",
                                  "Sono Meranese di nascita", "codecov commented", "**coderabbitai** commented",
                                  "last_name: TIMESTAMP\n", "first_name: REDACTED\n",
                                  'DB_PASSWORD=Enter-The-Dragon-1973!\n'])
def test_products_nouns_bots_and_schema_words_are_no_one(m: Masker, text: str) -> None:
    assert not {"person", "username"} & set(found(m, text).values())
    if "PASSWORD" in text:
        assert "Enter-The-Dragon-1973!" in found(m, text)


@pytest.mark.parametrize("text,value", [("My name is Oluwaseun.", "Oluwaseun"),
                                        ("Ich bin Oluwaseun von der Buchhaltung", "Oluwaseun"),
                                        ("lfontana92 commented 2 hours ago", "lfontana92"),
                                        ("mein Konto ist lfontana92", "lfontana92")])
def test_more_ways_to_name_oneself_and_ones_login(m: Masker, text: str, value: str) -> None:
    assert value in found(m, text)


def test_a_cut_private_key_leaves_no_line(m: Masker) -> None:
    body = ["MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC7VJTUt9Us8cKj",
            "MzEfYyjiWA4R4/M2bS1GB4t7NXp98C3SC6dVMvDuictGeurT8jNbvJZHtCSuYEvu"]
    text = "$ head -c 200 key.pem\n-----BEGIN PRIVATE KEY-----\n" + body[0] + "\n" + body[1][:40] + "$ "
    spans = [text[s.start:s.end] for s in m.pipeline.detect(text)]
    assert any(body[1][:40] in v for v in spans)
