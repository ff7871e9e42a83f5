"""Names a document gives by its conventions rather than by a list: two names of one person around an alias marker,
a courtesy title glued to the name (Indian courts' "Smt.X", "Mr.X"), initials that sign a note or a report, a
surname in capitals before a clinician's credential, an officer after an Italian police rank; the numbers after a
German "-Nr." label or a driving licence's label. And what stays: words in capitals before a credential, a country's
initials after a signing word, the role that stands where a name would. Document policy only."""

from __future__ import annotations

import pytest

from coatcheck.masker import Masker


def masked(m: Masker, text: str) -> set[str]:
    return {text[s.start:s.end] for s in m.pipeline.detect(text)}


@pytest.mark.parametrize("text,names", [
    ("State of Rajasthan vs. Bhura @ Bhupendra & Ors.", {"Bhura", "Bhupendra"}),
    ("the accused Ramesh Yadav alias Pappu was arrested on the spot", {"Pappu"}),
    ("Il sig. Gennaro Esposito detto Rino si è presentato", {"Rino"}),
    ("          Mr.Vikramjit Sandhu, Advocate\n          Ms.Ritika Bansal, Advocate", {"Vikramjit Sandhu", "Ritika Bansal"}),
    ("the land belongs to one Smt.Kamakshi and her son", {"Kamakshi"}),
])
def test_aliases_and_glued_honorifics(document: Masker, text: str, names: set[str]) -> None:
    got = masked(document, text)
    assert all(any(name in v for v in got) for name in names), got


@pytest.mark.parametrize("text,initials", [
    ("06:10 Dr. K.W. reviewed, plan unchanged.", "K.W."),
    ("Dictated by K.T. / typed LT 02/03/2024", "K.T."),
    ("El Jefe de Servicio,\nFdo.: R.G.", "R.G."),
    ("Il Medico Radiologo: S.V.\nReferto firmato digitalmente", "S.V."),
    ("gez. P.K.", "P.K."),
])
def test_initials_that_sign(document: Masker, text: str, initials: str) -> None:
    assert initials in masked(document, text)


def test_a_role_where_a_name_would_stand_is_no_name(document: Masker) -> None:
    assert "Radiologo" not in masked(document, "Il Medico Radiologo: S.V.\n")


@pytest.mark.parametrize("text,value", [
    ("Pain 3/10, repositioned.\n\nTREGARTHEN RN / 14/07/2024 21:55", "TREGARTHEN"),
    ("Agenti verbalizzanti: Ag. Caputo (matr. 5521) - Ag. sc. L.M.", "Caputo"),
    ("Agenti verbalizzanti: Ag. Caputo (matr. 5521) - Ag. sc. L.M.", "L.M."),
    ("Agenti verbalizzanti: Ag. Caputo (matr. 5521) - Ag. sc. L.M.", "5521"),
    ("Bescheid nach dem SGB II – BG-Nr. 70315BG0041762", "70315BG0041762"),
    ("alla guida del veicolo munito di patente di guida n. RM4471092K.", "RM4471092K"),
    ("Internal Medicine\nPatient: TAMSIN ORCHARD  Acct#: 552091", "TAMSIN ORCHARD"),
])
def test_credentials_ranks_and_labels(document: Masker, text: str, value: str) -> None:
    assert value in masked(document, text)


@pytest.mark.parametrize("text,kept", [
    ("NOTE RN reviewed the chart.", "NOTE"),
    ("The ICU RN was notified at 04:00.", "ICU"),
    ("The order was signed by U.S. officials in 1994.", "U.S."),
    ("Diagnosis: ACUTE RENAL FAILURE\n", "RENAL"),
    ("SOME JURISDICTIONS DO NOT ALLOW THE EXCLUSION OF WARRANTIES", "JURISDICTIONS"),
    ("Developed at M.I.T. and U.C.L.A. in 1998", "I.T."),
])
def test_words_and_countries_stay(document: Masker, text: str, kept: str) -> None:
    assert not any(kept in v for v in masked(document, text))


def test_the_agent_policy_reads_no_alias(agent: Masker) -> None:
    assert not any(s.detector.endswith("doc-names:alias") for s in agent.pipeline.detect("ship it @ Friday standup\n"))
