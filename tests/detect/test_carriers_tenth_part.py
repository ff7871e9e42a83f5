"""Agent traffic and documents, tenth part: classes read from the previous review's leftovers and a fresh blind set's
learned half (the values here are our own): a speaker naming themself before "here" in five languages, a birth or
married name after its marker in documents; and what stays readable around them."""

from __future__ import annotations

import pytest

from coatcheck.masker import Masker
from coatcheck.policy import Policy


@pytest.fixture(scope="module")
def m() -> Masker:
    return Masker()


@pytest.fixture(scope="module")
def doc() -> Masker:
    return Masker(policy=Policy.load("document"))


def found(m: Masker, text: str) -> dict[str, str]:
    return {text[s.start:s.end]: s.category for s in m.pipeline.detect(text)}


@pytest.mark.parametrize("text,value", [
    ("Hi team, Folasade here, from billing. The export broke again.", "Folasade"),
    ("Hey, Tadeusz here — can you check the deploy?", "Tadeusz"),
    ("Ciao a tutti, Ludovica qui: il deploy è rotto", "Ludovica"),
    ("Hallo zusammen, Wiebke hier - der Build ist rot.", "Wiebke"),
    ("Bonjour, Gwenaëlle ici, le déploiement échoue.", "Gwenaëlle"),
])
def test_a_speaker_naming_themself_before_here(m: Masker, text: str, value: str) -> None:
    assert found(m, text).get(value) == "person"


@pytest.mark.parametrize("text", ["Click here, then Save.", "Logs here:", "Everything here, ok?",
                                  "See the notes. Details here - and more.", "Done here, merging now.",
                                  "Berlin here, Paris next week.", "Ecco. Tutto qui, grazie."])
def test_a_word_before_here_names_no_one(m: Masker, text: str) -> None:
    assert "person" not in found(m, text).values()


@pytest.mark.parametrize("text,value", [
    ("Mme Awa épouse N'DIAYE, née le 3 mars 1961", "N'DIAYE"),
    ("Mme Khadija BENALI épouse OUEDRAOGO demeurant à Lyon", "OUEDRAOGO"),
    ("Frau Anna Weber, geb. Przybylski, wohnhaft in Köln", "Przybylski"),
    ("Carla Neri ved. Bruno, nata a Roma", "Bruno"),
    ("Mme Odile Martin, veuve Kerboriou, a saisi le tribunal", "Kerboriou"),
])
def test_a_birth_or_married_name_after_its_marker(doc: Masker, text: str, value: str) -> None:
    assert found(doc, text).get(value) == "person"


@pytest.mark.parametrize("text,kept", [
    ("Mme Martin, née à Paris, a été entendue.", "Paris"),
    ("Frau Weber, geb. am 12.03.1950, wurde aufgenommen.", "am"),
    ("Die Patientin, geb. Januar 1950, lebt allein.", "Januar"),
])
def test_a_marker_before_a_place_or_a_date_names_no_one(doc: Masker, text: str, kept: str) -> None:
    assert found(doc, text).get(kept) != "person"
