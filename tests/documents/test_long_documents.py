"""Long documents: the model reads them in overlapping windows; a name 60,000 characters in, on one long line or
after hundreds of lines, is found exactly as at the start."""

from __future__ import annotations

import pytest

from coatcheck.detect.model import ModelDetector

SENTENCE = "Il paziente Quintilio Sbarbaro è stato visitato oggi dal medico di turno. "
FILLER = "La terapia prosegue senza variazioni e i parametri restano stabili nel tempo. "


@pytest.mark.parametrize("joint", [" ", "\n"])
def test_a_name_past_the_first_window_is_found_as_at_the_start(joint: str) -> None:
    model = ModelDetector()
    alone = [(s.start, s.end) for s in model.detect(SENTENCE)]
    assert alone == [(12, 30)]
    head = (FILLER.strip() + joint) * 800
    text = head + SENTENCE + FILLER * 5
    assert len(text) > 60_000
    far = [(s.start - len(head), s.end - len(head)) for s in model.detect(text)]
    assert far == alone
