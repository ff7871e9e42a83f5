"""Handles derived from what was found: the logins people make from their names, and their addresses' local parts."""

from __future__ import annotations

import base64

from coatcheck import Masker
from coatcheck.detect.handles import HandleIndex, email_handle, name_handles
from coatcheck.detect.pipeline import ValueFinder


def test_the_handles_people_make_from_a_name() -> None:
    bare, stems, initials = name_handles("Ottilie Brönner-Vasquez")
    assert {"ottilie.bronnervasquez", "obronnervasquez", "bronnervasquez_o", "ottbro", "ottilieb"} <= bare
    assert {"ottilie", "bronnervasquez"} <= stems and initials == {"ob"}
    assert name_handles("Madonna") == (set(), set(), set())


def test_initials_are_a_handle_only_with_a_birth_year() -> None:
    index = HandleIndex(["Emma Schmidt", "Paul Young"])
    text = "target es2015 and es2020, py311; es1987 logged in"
    assert [text[s.start:s.end] for s in index.spans(text)] == ["es1987"]


def test_an_address_local_part_is_a_handle_unless_a_shared_mailbox() -> None:
    assert email_handle("quirin77@mailbox.example") == "quirin77"
    assert email_handle("q.abendroth+ci@mailbox.example") == "q.abendroth"
    for shared in ("info@x.example", "kontakt@x.example", "ventas@x.example", "noreply@x.example", "abc@x.example"):
        assert email_handle(shared) is None


def test_handles_are_whole_tokens_and_need_digits_where_a_stem_is_a_name() -> None:
    index = HandleIndex(["Maria Abendroth"], ["kq.vantor@x.example"])
    text = "mabendroth@build-3:~$ ls; maria1988 ok; abendroth alone; ma1990; ma12; xmabendroth; kq.vantor; maria"
    found = [text[s.start:s.end] for s in index.spans(text)]
    assert found == ["mabendroth", "maria1988", "ma1990", "kq.vantor"]


def test_a_name_no_gazetteer_vouches_for_gives_only_joined_forms() -> None:
    index = HandleIndex(["Bluv Zorqat"])
    text = "see bluvzorqat/default.html, bzorqat@ws-2 and bluv.zorqat; zorqat2 bluzor"
    assert [text[s.start:s.end] for s in index.spans(text)] == ["bzorqat", "bluv.zorqat"]


def test_a_stem_that_is_a_code_word_is_not_taken() -> None:
    index = HandleIndex(["Anna Python"])
    assert [s for s in index.spans("python3 -m venv .venv") if s.end - s.start == 7] == []


def test_a_name_found_in_the_text_masks_its_handles_and_their_copies() -> None:
    b64 = base64.b64encode(b"w.oyelaran").decode()
    text = f"Laptop of Wuraola Oyelaran (w.oyelaran) is offline.\nw.oyelaran@ws-17:~$ id\nhint: {b64}\n"
    masker = Masker()
    result = masker.mask(text)
    assert "oyelaran" not in result.text.lower() and b64 not in result.text
    assert "ws-17" in result.text
    assert masker.restore(result.text) == text


def test_a_never_mask_value_is_no_derived_handle() -> None:
    from coatcheck.policy import Policy

    masker = Masker(policy=Policy.builtin("agent").model_copy(update={"never_mask": frozenset({"woyelaran"})}))
    text = "Wuraola Oyelaran opened it; woyelaran@ws-17 ran it"
    assert "woyelaran@ws-17" in masker.mask(text).text


def test_a_session_remembers_the_names_behind_later_handles() -> None:
    known = ValueFinder(["Wuraola Oyelaran", "wo@corp.example"], categories={"Wuraola Oyelaran": "person", "wo@corp.example": "email"})
    spans = Masker().pipeline.detect("$ who\nwoyelaran pts/0  2026-11-30 09:12\n", known=known)
    assert any(s.category == "username" for s in spans)


def test_an_organisation_mailbox_is_no_person_handle() -> None:
    assert email_handle("plexus@plexus-project.example") is None
    assert email_handle("jdoe7@plexus-project.example") == "jdoe7"
    assert email_handle("zeltan@zeltan-co.example") is None and email_handle("ketin@marketing-co.example") == "ketin"


def test_role_addresses_stay_readable_and_a_persons_address_does_not() -> None:
    text = "Escalate to support@brennerwerk.de or kontakt@brennerwerk.de, cc jana.kowalski@brennerwerk.de"
    out = Masker().mask(text).text
    assert "support@brennerwerk.de" in out and "kontakt@brennerwerk.de" in out
    assert "jana.kowalski" not in out


def test_an_address_that_spells_a_name_gives_that_persons_logins() -> None:
    from coatcheck.detect.handles import HandleIndex

    text = "login   albrechtf   mail frauke.albrecht9@example.de\nlogin   kmarsh   mail k.marsh@example.org"
    index = HandleIndex([], ["frauke.albrecht9@example.de", "k.marsh@example.org"])
    found = {text[s.start:s.end] for s in index.spans(text)}
    assert {"albrechtf", "kmarsh"} <= found


def test_a_json_escaped_line_break_is_a_token_boundary() -> None:
    from coatcheck.detect.handles import HandleIndex
    from coatcheck.detect.pipeline import inside_token

    text = '"stdout": "header\\nalbrechtf id=393\\n"'
    index = HandleIndex(["Frauke Albrecht"])
    assert [text[s.start:s.end] for s in index.spans(text)] == ["albrechtf"]
    i = text.index("albrechtf")
    assert not inside_token(text, i, i + len("albrechtf"))
