"""``--policy document``: dates and the names of records, letters and judgments masked; the agent policy unchanged."""

from __future__ import annotations

from pathlib import Path

import pytest

from coatcheck.errors import ConfigError
from coatcheck.masker import Masker
from coatcheck.policy import Policy


def masked(m: Masker, text: str, category: str | None = None) -> list[str]:
    return [text[s.start:s.end] for s in m.mask(text).spans if category is None or s.category == category]


def test_document_masks_dates_the_agent_reads(document: Masker, agent: Masker) -> None:
    text = "The appeal was heard on 3 March 2024 and decided on 14/05/2024."
    assert masked(document, text) == ["3 March 2024", "14/05/2024"]
    assert masked(agent, text) == []


def test_round_trip_is_exact(document: Masker) -> None:
    text = "Patient Jane Miller, seen on 3 March 2024 by Dr. Bob Stone; Miller was discharged in April 2024.\n"
    r = document.mask(text)
    assert r.text != text
    assert document.restore(r.text) == text


def test_titles_and_roles_stay_readable(document: Masker) -> None:
    text = "Patient Jane Miller was seen by Dr. Bob Stone and Mme Claire Martin."
    values = masked(document, text)
    assert "Jane Miller" in values and "Bob Stone" in values and "Claire Martin" in values
    r = document.mask(text)
    for word in ("Patient", "Dr.", "Mme"):
        assert word in r.text


def test_a_surname_found_once_is_masked_everywhere_in_the_document(document: Masker) -> None:
    text = "Statement of Moritz Friedmann, 12 May 1938.\nLater that year Friedmann left Vienna for Haifa."
    assert masked(document, text).count("Friedmann") == 1  # the lone surname, besides the full name
    assert "Moritz Friedmann" in masked(document, text)


def test_initials_before_a_surname_are_a_name_in_documents_only(document: Masker, agent: Masker) -> None:
    text = "Counsel K.Natarajan appeared, instructed by A. Murali."
    assert {"K.Natarajan", "A. Murali"} <= set(masked(document, text))
    assert "K.Natarajan" not in masked(agent, text)  # code writes A.Config


def test_places_and_institutions_are_no_persons(document: Masker) -> None:
    text = "The Supreme Court of Madhya Pradesh heard the appeal from the Cuddalore District Court."
    assert not [v for v in masked(document, text) if v in ("Supreme Court", "Madhya Pradesh", "Cuddalore District")]


def test_a_policy_file_extends_document_and_keeps_the_year(tmp_path: Path) -> None:
    f = tmp_path / "p.toml"
    f.write_text('extends = "document"\ndates = "year"\n', encoding="utf-8")
    m = Masker(policy=Policy.load(f))
    text = "She was admitted on 3 March 2024."
    r = m.mask(text)
    assert "2024" in r.text and "March" not in r.text
    assert m.restore(r.text) == text


def test_a_bad_dates_option_is_an_error_that_names_it(tmp_path: Path) -> None:
    f = tmp_path / "p.toml"
    f.write_text('extends = "document"\ndates = "month"\n', encoding="utf-8")
    with pytest.raises(ConfigError, match="dates"):
        Policy.load(f)


def test_strict_masks_dates_too() -> None:
    assert Policy.load("strict").masks("date")
    assert not Policy.load("agent").masks("date")


def test_the_initials_of_a_name_found_are_masked_where_they_stand_alone(document: Masker) -> None:
    text = "Statement of Moritz Friedmann, 12 May 1938. M.F. later left; M. F. wrote to us. The M.F.A. office stayed."
    values = masked(document, text)
    assert "M.F." in values and "M. F." in values
    assert "M.F.A." in document.mask(text).text


@pytest.mark.parametrize("body,words", [
    ('extends = "document"\ndocuments = "yes"\n', "documents"),
    ('extends = "agent"\ndates = "year"\n', "does not mask"),
])
def test_policy_options_are_checked(tmp_path: Path, body: str, words: str) -> None:
    f = tmp_path / "p.toml"
    f.write_text(body, encoding="utf-8")
    with pytest.raises(ConfigError, match=words):
        Policy.load(f)


@pytest.mark.parametrize("text,name", [
    ("Mr. King called.", "King"), ("Frau Richter schrieb.", "Richter"), ("Thanks, Michael", "Michael"),
    ("Witness Douglas Hamilton said Hamilton left.", "Hamilton"), ("Reviewed-by: Shirley Temple", "Shirley Temple"),
    ("Margaret Court won.", "Margaret Court"),
])
def test_names_that_are_also_titles_places_or_institution_words_stay_names(agent: Masker, document: Masker, text: str,
                                                                          name: str) -> None:
    for m in (agent, document):
        assert name not in m.mask(text).text


def test_a_long_text_file_is_masked_whole_under_the_document_policy(tmp_path: Path) -> None:
    import subprocess
    import sys

    filler = "The committee reviewed the minutes of the previous meeting without comment.\n" * 20_000
    (tmp_path / "long.txt").write_text("Statement of Moritz Friedmann, 12 May 1938.\n" + filler + "Later Friedmann wrote.\n",
                                       encoding="utf-8")
    r = subprocess.run([sys.executable, "-m", "coatcheck", "mask", "long.txt", "--policy", "document", "-q"], cwd=tmp_path,
                       capture_output=True, text=True, timeout=600)
    assert r.returncode == 0 and len(r.stdout) > 1_500_000
    assert "Friedmann" not in r.stdout


@pytest.mark.parametrize("text,name", [
    ("PATIENT: ROSSI MARIO\nReparto: medicina", "ROSSI MARIO"), ("1. TANAKA, Bethany, 17 years", "TANAKA, Bethany"),
    ("Winter, Stefan, geb. 1970", "Winter, Stefan"), ("firmato: sergio campos calvo", "sergio campos calvo"),
])
def test_names_as_registers_write_them(document: Masker, agent: Masker, text: str, name: str) -> None:
    assert name in masked(document, text)
    assert "MARK AS READ" in document.mask("Click MARK AS READ to continue.").text


def test_a_word_the_model_called_a_person_twice_spreads_once_does_not() -> None:
    from coatcheck.detect.pipeline import known_values
    from coatcheck.spans import Span

    text = "Qwertak came. Later Qwertak left. Ostrowy and Qwertak again."
    one = [Span(0, 7, "person", "model:PER", 0.9)]  # no gazetteer knows the word
    two = one + [Span(20, 27, "person", "model:PER", 0.9)]
    assert "Qwertak" not in known_values(text, one, documents=True)
    assert "Qwertak" in known_values(text, two, documents=True)
    assert "Qwertak" not in known_values(text, two, documents=False)


def test_peoples_and_faiths_are_no_persons_first_names_stay(document: Masker, agent: Masker) -> None:
    from coatcheck.detect.keep import is_group_name

    text = "The Jews of Vienna and the Catholics met; Polish refugees arrived. Dear Mr. Russo, thanks."
    for m in (document, agent):
        out = m.mask(text).text
        assert "Jews" in out and "Catholics" in out and "Polish" in out and "Russo" not in out
    assert is_group_name("die Juden", 4, 9) and not is_group_name("Christian", 0, 9)  # a word that is a name


def test_an_initial_after_a_title_is_a_name(document: Masker) -> None:
    assert "M." in masked(document, "Dr. M. had volunteered in the war.")
    assert "Dr." in document.mask("Dr. M. had volunteered in the war.").text


def test_place_lists_are_no_surname_and_first_name(document: Masker) -> None:
    for text in ("London, Paris and Rome.", "Paris, France."):
        assert document.mask(text).text == text
