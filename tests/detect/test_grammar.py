"""The one assignment grammar: every syntax, for any key, with the value as group v."""

import pytest
import regex

from coatcheck.detect.grammar import assignment, label_regex

KEY = r"(?:db[_.]?)?password"
VALUE = r"[A-Za-z0-9!#%^*]{8,40}"
PW = "Xq7!pLm2#Rt9"

SYNTAXES = [
    f"DB_PASSWORD={PW}",
    f"export DB_PASSWORD='{PW}'",
    f"docker run -e POSTGRES_PASSWORD={PW} postgres:16",
    f"password: {PW}",
    f'"password": "{PW}"',
    f'{{\\"password\\": \\"{PW}\\"}}',
    f"password = '{PW}'",
    f"password := \"{PW}\"",
    f"PASSWORD ?= {PW}",
    f"PASSWORD ::= {PW}",
    f"$password .= '{PW}';",
    f"'password' => '{PW}',",
    f"password <- \"{PW}\"",
    f"<password>{PW}</password>",
    f'<add key="DbPassword" value="{PW}"/>',
    f'System.setProperty("db.password", "{PW}");',
    f'os.environ.setdefault("DB_PASSWORD", "{PW}")',
    f'ENV["DB_PASSWORD"] = "{PW}"',
    f"var dbPassword string = \"{PW}\"",
]


@pytest.mark.parametrize("line", SYNTAXES)
def test_every_syntax_yields_the_value(line: str) -> None:
    m = regex.compile(assignment(KEY, VALUE, tail=r"[\w.-]{0,20}")).search(line)
    assert m is not None and m.group("v") == PW


@pytest.mark.parametrize("line", [f'val dbPassword: String = "{PW}"', f'password: string = "{PW}";', f'char *password = "{PW}";'])
def test_a_declared_type_may_sit_between_key_and_operator(line: str) -> None:
    m = regex.compile(assignment(KEY, VALUE)).search(line)
    assert m is not None and m.group("v") == PW


def test_a_declaration_without_a_value_is_not_an_assignment() -> None:
    assert regex.compile(assignment(KEY, VALUE)).search("password: string;") is None


@pytest.mark.parametrize("line", ["superpassword=Xq7!pLm2#Rt9", "password_min_length=Xq7!pLm2#Rt9x", "$oldpassword=Xq7!pLm2#Rt9"])
def test_key_is_a_whole_word_or_a_last_part(line: str) -> None:
    assert regex.search(assignment(KEY, VALUE), line) is None


def test_loose_allows_a_space_or_a_verb_only_when_asked() -> None:
    strict = regex.compile(assignment("customer", r"\d{6,}"))
    loose = regex.compile(assignment("customer", r"\d{6,}", loose=True))
    assert strict.search("customer 5191378547 called") is None
    assert loose.search("customer 5191378547 called").group("v") == "5191378547"
    assert regex.compile(assignment("password", r"\d{6,}", loose=True)).search("the password is 5191378547")


def test_labels_match_any_spacing_and_case() -> None:
    pattern = regex.compile(assignment(label_regex(["customer no", "n° client"]), r"\d{6,}"))
    for line in ("Customer No.: 123456", "customer_no=123456", "CUSTOMER-NO: 123456", "N° client : 123456"):
        assert pattern.search(line).group("v") == "123456", line
