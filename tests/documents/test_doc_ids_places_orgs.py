"""Identifiers of court and administrative documents; locations and organisations (the optional categories)."""

from __future__ import annotations

import pytest

from coatcheck.detect.doc_ids import DocumentIdDetector
from coatcheck.detect.places_orgs import LocationDetector, OrganizationDetector
from coatcheck.masker import Masker
from coatcheck.policy import Policy


def ids(text: str) -> set[str]:
    return {text[s.start:s.end] for s in DocumentIdDetector().detect(text)}


@pytest.mark.parametrize("text,value", [
    ("filed in CWP No.18253 of 2009 before", "CWP No.18253 of 2009"),
    ("see Criminal Appeal No.1211/2018 and", "Criminal Appeal No.1211/2018"),
    ("order in W.P.(C) No. 17110 of 2020 was", "W.P.(C) No. 17110 of 2020"),
    ("Urteil vom 3. Mai 2019, Az. 12 O 345/19", "12 O 345/19"),
    ("BVerfG, Beschluss 2 BvR 1234/19", "2 BvR 1234/19"),
    ("Rechtssache C-123/19, Urteil", "C-123/19"),
    ("il ricorso n. 1234/2019 è", "n. 1234/2019"),
    ("Cass. civ., pourvoi n° 19-12.345", "19-12.345"),
    ("expediente 123/2020 del juzgado", "123/2020"),
])
def test_case_numbers(text: str, value: str) -> None:
    assert value in ids(text)


@pytest.mark.parametrize("text", ["Respondent No.4 and Respondent Nos. 1& 2", "see page No. 245", "Section 14 of the Act, 1894",
                                  "under Section 110-B of the Act",
                                  "Article No. 12", "No. 12345 alone", "version 1.2.3"])
def test_parties_pages_sections_and_versions_are_no_case_numbers(text: str) -> None:
    assert ids(text) == set()


def test_locations_are_whole_capitalised_place_names_not_months() -> None:
    text = "From Wien to Madhya Pradesh in March; a Wiener schnitzel and madrid in lower case."
    found = {text[s.start:s.end] for s in LocationDetector().detect(text)}
    assert found == {"Wien", "Madhya Pradesh"}


def test_organisations_by_legal_form_or_institution_word() -> None:
    text = "The Supreme Court heard Oriental Insurance Co Ltd. against Acme Widgets GmbH; the Università di Bergamo wrote."
    found = {text[s.start:s.end] for s in OrganizationDetector().detect(text)}
    assert found == {"Supreme Court", "Oriental Insurance Co Ltd.", "Acme Widgets GmbH", "Università di Bergamo"}


def test_strict_masks_places_and_organisations_document_does_not() -> None:
    text = "The Supreme Court of India met in Wien on 3 March 2024 about case C-123/19."
    strict = Masker(policy=Policy.load("strict")).mask(text).text
    document = Masker(policy=Policy.load("document")).mask(text).text
    assert "Wien" not in strict and "Supreme Court" not in strict and "C-123/19" not in strict
    assert "Wien" in document and "Supreme Court" in document and "C-123/19" not in document and "2024" not in document


@pytest.mark.parametrize("text,value", [
    ("NAME: TANAKA KAVYA    HOSP NO: K2380754\n", "K2380754"),
    ("Versicherungsnummer: 79 859607 E 678\nAdresse", "79 859607 E 678"),
    ("NHC: 26113667   Cama 3", "26113667"),
    ("struck by a van, vehicle registration ND94 FTB, was", "ND94 FTB"),
    ("Case No: BL-2020-336670\n", "BL-2020-336670"),
    ("ORCID: 0000-0003-7795-6159\n", "0000-0003-7795-6159"),
    ("IBAN IT93 X214 4583 2867 5711 1828 250 entro il 5", "IT93 X214 4583 2867 5711 1828 250"),
    ("Fall-Nr.: 9756-067236 aufgenommen", "9756-067236"),
])
def test_record_numbers_after_their_label_whatever_their_checksum(text: str, value: str) -> None:
    assert value in ids(text)


@pytest.mark.parametrize("text", ["in the fall 2019 we moved", "registration of 12 cars", "the reference in section 12",
                                  "fall 100 leaves", "Read reg 123 carefully.", "nie 500 razy", "Polizza 100 euro"])
def test_a_label_word_in_prose_is_no_slot(text: str) -> None:
    assert ids(text) == set()
