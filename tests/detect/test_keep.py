"""Each keep-readable predicate, on its own."""

from __future__ import annotations

import pytest

from coatcheck.detect import keep


def k(pred, value: str, before: str = "", after: str = "") -> bool:
    text = before + value + after
    return pred(text, len(before), len(before) + len(value))


@pytest.mark.parametrize("value", ["${DB_PASSWORD}", "{{ api_key }}", "<your-api-key>", "%(password)s", "$TOKEN", "%API_KEY%", "#{secret}", "{token}"])
def test_templated(value):
    assert k(keep.is_templated, value)


@pytest.mark.parametrize("value", ["Zx8kLm2Qp9", "sk_live_abc123"])
def test_not_templated(value):
    assert not k(keep.is_templated, value)


@pytest.mark.parametrize("value", ["YOUR_TOKEN_HERE", "xxxxxxxx", "changeme", "***", "********", "<redacted>", "dummy", "your-api-key", "REPLACE_ME", "000000", "my_secret_placeholder"])
def test_placeholder_value(value):
    assert k(keep.is_placeholder_value, value)


@pytest.mark.parametrize("value", ["Zx8kLm2Qp9Tr", "T7x!kP2qLm9z", "aB3dE5fG7hI9"])
def test_real_values_are_not_placeholders(value):
    assert not k(keep.is_placeholder_value, value)


def test_documented_example():
    assert k(keep.is_documented_example, "AKIAIOSFODNN7EXAMPLE")
    assert k(keep.is_documented_example, "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY")
    assert not k(keep.is_documented_example, "AKIA3SKCZTKMBF6JDPYF")


@pytest.mark.parametrize("value", ["os.environ['DB_PASSWORD']", "process.env.API_TOKEN", "settings.SECRET_KEY", "get_secret('db')", "vault:secret/data/db#password"])
def test_code_reference(value):
    assert k(keep.is_code_reference, value)


def test_uuid_kept_unless_after_credential_key():
    u = "123e4567-e89b-12d3-a456-426614174000"
    assert k(keep.is_uuid, u, "request_id=")
    assert not k(keep.is_uuid, u, "api_key=")
    assert not k(keep.is_uuid, u, '"token": "')


@pytest.mark.parametrize("value", ["3f2a9c81d0e4b6a7c5d8e9f0a1b2c3d4e5f6a7b8", "3f2a9c8", "sha512-Zk9xT2lqR3BtN3FwZk9xT2lqR3BtN3Fw=="])
def test_hash_digest(value):
    assert k(keep.is_hash_digest, value)


def test_hash_after_secret_key_is_not_kept():
    assert not k(keep.is_hash_digest, "3f2a9c81d0e4b6a7c5d8e9f0a1b2c3d4", "secret=")


@pytest.mark.parametrize("value", ["1.2.3", "v2.10.0-rc.1", "3.11.7", "1.0.0+build.5"])
def test_version(value):
    assert k(keep.is_version, value)


@pytest.mark.parametrize("value", ["2026-11-29", "2026-11-29T17:20:00Z", "29/11/2026", "17:20:01"])
def test_date(value):
    assert k(keep.is_date, value)


def test_low_entropy_and_plain_word():
    assert k(keep.is_low_entropy, "aaaaaaab")
    assert not k(keep.is_low_entropy, "Zx8kLm2Qp9Tr")
    assert k(keep.is_plain_word, "hello_world")
    assert not k(keep.is_plain_word, "hello42")


def test_boolean_number_path():
    assert k(keep.is_boolean_or_number, "true") and k(keep.is_boolean_or_number, "8080")
    assert k(keep.is_path, "/etc/ssl/private/key.pem") and k(keep.is_path, "./secrets.json")
    assert not k(keep.is_path, "Zx8kLm2Qp9Tr")


def test_service_user_product_code_word():
    assert k(keep.is_service_username, "runner") and not k(keep.is_service_username, "gferraro")
    assert k(keep.is_product_name, "GitHub") and k(keep.is_product_name, "dependabot[bot]")
    assert not k(keep.is_product_name, "Giulia Ferraro")
    assert k(keep.is_code_word, "string") and not k(keep.is_code_word, "hbecker")


def test_url_authority():
    text = "postgres://app:pw@db.internal/app"
    i = text.index("pw@")
    assert keep.is_url_authority(text, i, len(text))
    assert not keep.is_url_authority("mail giulia@acme.it", 5, 19)


def test_every_predicate_is_registered():
    names = {n for n in dir(keep) if n.startswith("is_")}
    assert names == set(keep.KEEPS)


def test_code_variable():
    assert k(keep.is_code_variable, "request.user", "user = ")
    assert k(keep.is_code_variable, "current_user", "username = ")
    assert k(keep.is_code_variable, "get_user", "user = ", "(x)")
    assert not k(keep.is_code_variable, "mrossi", "user = ")  # INI: a name is a value
    assert not k(keep.is_code_variable, "gordon.barbour", "user=")
    assert not k(keep.is_code_variable, "current_user", 'user = "')


def test_prose_word():
    text = "User: what does this return?"
    assert keep.is_prose_word(text, 6, 10)
    text = "Benutzername: carolelucero\n"
    assert not keep.is_prose_word(text, 14, 26)


def test_calendar_date_is_not_any_run_of_digits():
    assert k(keep.is_calendar_date, "2024-05-03") and k(keep.is_calendar_date, "03.05.2024")
    assert not k(keep.is_calendar_date, "9335080128") and k(keep.is_date, "9335080128")


def test_version_context():
    assert k(keep.is_version_context, "2.6.23.1", "update syscall lists to kernel ")
    assert k(keep.is_version_context, "1.2.3.0", 'Specifier("== ')
    assert not k(keep.is_version_context, "81.2.69.160", "client ip ")


def test_fictional_names_split_over_cells_but_not_common_partners():
    assert k(keep.is_fictional_person, "Max", "| 1 | ", " | Mustermann | qa@example.org |")
    assert not k(keep.is_fictional_person, "Leonardo", "| ", " | da Silva |")  # da Vinci's particle is no partner
    assert not k(keep.is_fictional_person, "Karen", "Reviewer: ", " | Jones")  # a public figure gives no partners
    assert not k(keep.is_fictional_person, "Juan", '"first_name": "', '", "last": "Perez Gonzalez"')
    assert k(keep.is_fictional_person, "seed_user_25") and k(keep.is_fictional_person, "user01")
    assert k(keep.is_fictional_person, "Alan Turing") and not k(keep.is_fictional_person, "aturing")


def test_things_and_institutions_are_no_persons():
    assert k(keep.is_thing_name, "Brightfern Release Signing Key") and k(keep.is_thing_name, "Jira Cloud")
    assert k(keep.is_thing_name, "Stony Brook", "Copyright 2016 ", " University. All rights reserved.")
    assert not k(keep.is_thing_name, "Tom Keys", "Thanks ") and not k(keep.is_thing_name, "Anna Schmidt", "", " Office hours")


def test_placeholder_addresses_are_whole_phrases():
    assert k(keep.is_placeholder_address, "123 Main St, Anytown") and k(keep.is_placeholder_address, "1 rue Exemple")
    assert not k(keep.is_placeholder_address, "11 Main Street, Boston")
    assert not k(keep.is_placeholder_address, "221 Main Street")


def test_fillers_and_bots():
    assert k(keep.is_filler_number, "IT00X0000000000000000000000") and not k(keep.is_filler_number, "IT02A0301503200000000000012")
    assert k(keep.is_fictional_phone, "+34 600 000 000") and not k(keep.is_fictional_phone, "+44 7777 777123")
    assert k(keep.is_service_username, "jiracloudbot") and k(keep.is_service_username, "renovate[bot]")
    assert not k(keep.is_service_username, "sophie.talbot") and not k(keep.is_service_username, "jeantalbot")


def test_identifier_slots_but_not_credential_ones():
    assert k(keep.is_identifier_slot, "0da9ac9aa8ff82e2e235a84a230d193b", '"incident_key": "')
    assert k(keep.is_identifier_slot, "bnw584pQCxpiVFWZKiIddVi2Qip", '"etag": "')
    for key in ('s3_key = "', 'SIGN_KEY="', '"primaryKey": "', '"json_key": "'):
        assert not k(keep.is_identifier_slot, "Zq4Xw8Ls2Kd9Vb3Nm7Pt1Rf6Hj0", key), key
