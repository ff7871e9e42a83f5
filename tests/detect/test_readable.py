"""What an agent needs to read stays readable whatever found it (issue 22 items 5 and 10): identifiers in code,
headings of instructions, fictional fixtures, reserved phone ranges, service roles, git log lines, CSV cells."""

from __future__ import annotations

import pytest

from coatcheck import Masker
from coatcheck.detect import keep
from coatcheck.detect.model import _house_number, _unquoted_pieces
from coatcheck.detect.pipeline import ValueFinder
from coatcheck.detect.readable import category_keeps
from coatcheck.detect.tables import TableDetector


def _at(text: str, word: str) -> tuple[str, int, int]:
    i = text.index(word)
    return text, i, i + len(word)


def test_every_category_list_names_known_predicates() -> None:
    assert set(category_keeps()) >= {"person", "username", "phone"}


@pytest.mark.parametrize(("text", "word", "kept"), [
    ("class Grace(Ada):", "Grace", True),
    ("class Grace(Ada):", "Ada", True),
    ("class Hopper extends Lovelace {", "Lovelace", True),
    ("x = new Ada()", "Ada", True),
    ("Ada.objects.filter(x)", "Ada", True),
    ("I met Grace (Ada too) today", "Grace", False),
    ("# class notes: ask Ada", "Ada", False),
    ('s = "class Ada"', "Ada", False),
])
def test_code_identifiers(text: str, word: str, kept: bool) -> None:
    assert keep.is_code_identifier(*_at(text, word)) is kept


@pytest.mark.parametrize(("text", "word", "kept"), [
    ("## Tone\n\nBe brief.", "Tone", True),
    ("**Tone**\n- keep it short", "Tone", True),
    ("Tone\n- keep it short", "Tone", True),
    ("- Tone: keep it short", "Tone", True),
    ("x\\n## Tone\\ny", "Tone", True),
    ("## Cadence\nYour cadence is steady.", "Cadence", True),  # the text writes it in lower case
    ("Thanks,\nEllen", "Ellen", False),
    ("Bien à vous,\nMarta\n01 20 71 46 49\nmarta.k@example.org", "Marta", False),  # a signature, a login
    ("- Marta: fix the build", "Marta", False),
    ("first_name\nMarta\nTone\n", "Tone", False),  # a one-column CSV: no section follows
])
def test_heading_words(text: str, word: str, kept: bool) -> None:
    assert keep.is_heading_word(*_at(text, word)) is kept


@pytest.mark.parametrize(("value", "kept"), [("jdoe", True), ("john.doe", True), ("Jane Doe", True),
                                             ("erika_mustermann", True), ("jsmith", False), ("jdoe77", False),
                                             ("mrossi", False)])
def test_fictional_people(value: str, kept: bool) -> None:
    assert keep.is_fictional_person(value, 0, len(value)) is kept


@pytest.mark.parametrize(("value", "kept"), [("shop_app", True), ("orders-ro", True), ("etl_writer", True),
                                             ("john_admin", False), ("mrossi_ro", False), ("shop", False)])
def test_service_roles(value: str, kept: bool) -> None:
    assert keep.is_service_role(value, 0, len(value)) is kept


@pytest.mark.parametrize(("value", "kept"), [
    ("+1 555 0100", True), ("(212) 555-0142", True), ("+1-415-555-0199", True), ("+44 20 7946 0018", True),
    ("07700 900461", True), ("+61 2 5550 1234", True), ("+1 415 555 2671", False), ("(212) 555-0200", False),
    ("+44 20 7946 1018", False), ("+1 555 0300", False),
])
def test_reserved_phone_ranges(value: str, kept: bool) -> None:
    assert keep.is_fictional_phone(value, 0, len(value)) is kept


def test_issue_22_over_masking_list_is_zero() -> None:
    text = ("class Grace(Ada):\n    pass\n\n"
            "def test_login():\n    user = create_user(username=\"jdoe\", phone=\"+1 555 0100\")\n\n"
            "DATABASE_URL=postgres://shop_app:Xk9v2LmQp7@db.internal:5432/shop\n\n"
            "Recent commits:\n1eaa458 Initial Django skeleton\n\n"
            "## Tone\n\nBe concise.\n")
    spans = Masker().detect(text)
    assert [s.category for s in spans] == ["secret"]  # the password only


def test_known_values_do_not_spread_into_code_or_headings() -> None:
    known = ValueFinder(["Grace", "Ada", "Tone"], categories=dict.fromkeys(["Grace", "Ada", "Tone"], "person"))
    m = Masker()
    assert m.pipeline.detect("class Grace(Ada):\n    pass\n## Tone\n\nBe brief.", known) == []
    assert m.pipeline.detect("Ask Grace and Ada.", known)  # prose still masked


def test_a_commit_sha_is_no_house_number() -> None:
    assert not _house_number("1eaa458 Initial Django skeleton")
    assert _house_number("12 Main Street") and _house_number("Baker Street 221B")


def test_entities_never_cross_a_csv_cell() -> None:
    text = "id,first_name,city\n1042,Marta,Springfield\n"
    s = text.index("1042")
    assert _unquoted_pieces(text, s, s + len("1042,Marta")) == [(s, s + 4), (s + 5, s + 10)]
    prose = "He lives at 12 Main Street, Springfield, IL"
    assert _unquoted_pieces(prose, 12, len(prose)) == [(12, len(prose))]
    row = '17,Marta,"12 Main St, Leeds"'
    s = row.index("12 Main")
    assert _unquoted_pieces(row, s, s + len("12 Main St, Leeds")) == [(s, s + len("12 Main St, Leeds"))]


def test_csv_rows_after_a_quoted_separator_are_still_read() -> None:
    text = 'customer_id,first_name,address\n17,Marta,"12 Main St, Leeds"\n18,Ellen,"3 High St"\n'
    found = {text[s.start : s.end] for s in TableDetector().detect(text) if s.category == "person"}
    assert found == {"Marta", "Ellen"}
    out = Masker().mask(text).text
    assert "17," in out and "18," in out and "Marta" not in out and "Ellen" not in out


def test_ids_are_no_house_numbers() -> None:
    from coatcheck.detect.model import _house_number

    assert not _house_number("2678289 Initial Django skeleton")  # a short commit SHA of digits only
    assert not _house_number("1eaa458 Initial Django skeleton")
    assert _house_number("221B Baker Street") and _house_number("Calle Mayor 12, 28013 Madrid")
