"""Agent traffic, forty-seventh part (issue 23): logins in capitals and a name's parts in a record's name element.

ERP systems, mainframes, tills and HL7 senders write a person's login in capitals (an SAP user ``LOMBARDOC``, a till's
operator ``HAGEDORNJ``). Such a login is read where a slot names it, as its lower-case form would be, and masked
where it recurs. A roster's or a register's ``<Name><Family>…</Family><Given>…</Given></Name>`` holds a person's
name parts in any case and any namespace; a font's ``<family>`` stays.

Capitals that are words, acronyms, transaction codes or service users stay readable. The values here are our own."""

from __future__ import annotations

import pytest

from coatcheck import Masker, Policy

from .spans import covered, touched


@pytest.fixture(scope="module")
def masker() -> Masker:
    return Masker(policy=Policy.builtin("agent"))


_ST22 = """Perché il programma va in dump per alcuni fornitori? Ti incollo la parte di ST22 (utente LOMBARDOC).
```
LS_OPEN-LIFNR      0000522239
SY-UNAME           LOMBARDOC
SY-TCODE           FBL1N
```"""


def _covered_at(masker: Masker, text: str, start: int, length: int) -> bool:
    return any(s.start <= start and s.end >= start + length for s in masker.pipeline.detect(text))


def test_a_login_in_capitals_after_its_noun_and_where_it_recurs(masker: Masker) -> None:
    assert covered(masker, _ST22, "LOMBARDOC")
    assert _covered_at(masker, _ST22, _ST22.rindex("LOMBARDOC"), len("LOMBARDOC"))
    assert not touched(masker, _ST22, "FBL1N")


_SM21 = """Time      Type Nr  Clt User         Tcod MNo Text
14:29:19  DIA  003 100 LOMBARDOC  SU01 US1 User LOMBARDOC locked due to incorrect logon attempts
08:32:37  DIA  011 100 XPAREDES   AUB Logon failed for XPAREDES (reason 1, type U)
"""


def test_a_login_in_capitals_read_by_its_place_as_a_lower_case_one(masker: Masker) -> None:
    # the classifier reads "User LOMBARDOC locked" as it reads "User lombardoc locked"
    assert _covered_at(masker, _SM21, _SM21.index("User LOMBARDOC") + 5, len("LOMBARDOC"))
    assert covered(masker, _SM21, "XPAREDES")
    assert not touched(masker, _SM21, "SU01")


def test_a_slot_login_in_capitals_spreads_to_its_other_occurrences(masker: Masker) -> None:
    text = "Ti incollo la parte di ST22 (utente HAGEDORNJ).\nIl job ZFI_DAILY gira come HAGEDORNJ ogni notte.\n"
    assert _covered_at(masker, text, text.rindex("HAGEDORNJ"), len("HAGEDORNJ"))


@pytest.mark.parametrize("text, word", [
    ("Table FEBEP full scan, index FEBEP~Z01 not used\n", "FEBEP"),
    ("log in as ADMIN to run the REPORT\n", "ADMIN"),
    ("the user SYSTEM owns the job BATCHJOB\n", "SYSTEM"),
    ("Ti incollo la parte di ST22 (utente DDIC).\n", "DDIC"),
    ("Benutzer: VERTRIEB\nSY-UNAME  BATCHJOB\n", "VERTRIEB"),
    ("Benutzer: VERTRIEB\nSY-UNAME  BATCHJOB\n", "BATCHJOB"),
    ("mysql -u ELSIF\nIF x THEN y; ELSIF z THEN w; END IF;\n", "ELSIF z"),
    ("|CYRILLIC||0400|\n", "CYRILLIC"),
    ("sqlplus scott/secret@PRODDB\n", "PRODDB"),
])
def test_capitals_that_are_words_codes_or_service_users_stay(masker: Masker, text: str, word: str) -> None:
    assert not touched(masker, text, word)


_ROSTER = """<Roster base="FCO">
  <Holder staffNo="86746">
    <Name><Family>Dos Santos</Family><Given>Marisol</Given></Name>
  </Holder>
  <Holder staffNo="11943">
    <crw:Name><crw:Given>Tesfaye</crw:Given><crw:Family>Bekele</crw:Family></crw:Name>
  </Holder>
</Roster>"""


@pytest.mark.parametrize("part", ["Dos Santos", "Marisol", "Tesfaye", "Bekele"])
def test_name_parts_in_a_name_element_of_any_case_and_namespace(masker: Masker, part: str) -> None:
    assert covered(masker, _ROSTER, part)


def test_a_font_family_stays(masker: Masker) -> None:
    text = "<alias><Family>Roboto</Family><prefer><Family>Noto Sans</Family></prefer></alias>"
    assert not touched(masker, text, "Roboto")
    assert not touched(masker, text, "Noto Sans")


@pytest.mark.parametrize("text, street", [
    ("<dt>Anschrift</dt><dd>Am Krähenberg 9<br>24159 Kiel</dd>", "Am Krähenberg 9"),
    ("| 15:00 | Lennart Dlamini | 0160 6506743 | Am Kirchberg 89 | Prüfungssimulation |", "Am Kirchberg 89"),
    ("Ist das Bad noch in der Am Mühlenbach 31?", "Am Mühlenbach 31"),
    ("D013889184 SWANTJE OLDENBURG            AM MÜHLENBACH 21                   48167", "AM MÜHLENBACH 21"),
    ("Wir sind umgezogen, neu: An der Mühle 4\n", "An der Mühle 4"),
    ("Lieferung bitte an Am Markt 1, Hinterhof.", "Am Markt 1"),
])
def test_a_german_street_a_preposition_leads(masker: Masker, text: str, street: str) -> None:
    assert covered(masker, text, street)


@pytest.mark.parametrize("text, word", [
    ("Im Feld 3 fehlt ein Wert.", "Feld 3"),
    ("Am Montag 15 Uhr geht es los.", "Montag 15"),
    ("Der Fehler steht im Feld 3, nicht im Feld 4.", "Feld 3"),
    ("Im Anhang 2, Seite 4, steht die Tabelle.", "Anhang 2"),
    ("Im Monitor 2, rechts oben.", "Monitor 2"),
    ("Im Kindergarten 3?", "Kindergarten 3"),
    ("Im Winkel 90, dann drehen.", "Winkel 90"),
])
def test_a_german_sentence_with_a_preposition_and_a_number_stays(masker: Masker, text: str, word: str) -> None:
    assert not touched(masker, text, word)


_LETTER = """Hearthstone Homes Ltd
Income Recovery Team

Rhys Llewellyn
101 Wellington Street
Salford
M6 5PJ

Rent account: RA2191907
"""


def test_a_british_letter_block_town_and_postcode_lines(masker: Masker) -> None:
    assert covered(masker, _LETTER, "Salford")
    assert covered(masker, _LETTER, "M6 5PJ")


_SUBSCRIBERS = """SUB-077749;Tobias Adeyemi;+44 7400 783451;Explorer 6 bottles;paused;2025-02-16;E8 2JS
SUB-077750;Priya Whitfield;+44 7956 289804;Craft Beer Dozen;active;2025-04-27;EH4 4TY
"""


def test_a_postcode_cell_in_a_persons_row(masker: Masker) -> None:
    assert covered(masker, _SUBSCRIBERS, "E8 2JS")
    assert covered(masker, _SUBSCRIBERS, "EH4 4TY")


def test_a_postcode_outside_a_persons_row_stays(masker: Masker) -> None:
    text = "depot,code,open\nLeith,EH6 7DD,06:00\nSalford,M6 5PJ,05:30\n"
    assert not touched(masker, text, "EH6 7DD")
    assert not touched(masker, "The tour bus leaves from EH4 4TY at noon.", "EH4 4TY")
