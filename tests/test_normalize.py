from __future__ import annotations

import pytest

from coatcheck import Masker
from coatcheck.normalize import needs_view, normalized_view

KEY = "ghp_aB3dE5fG7hI9jK1lM3nO5pQ7rS9tU1vW3xY5"


def test_view_maps_offsets_back():
    text = "ａｂ\u200bc"
    view = normalized_view(text)
    assert view.text == "abc"
    assert view.to_original(2, 3) == (3, 4)


def test_ascii_needs_no_view():
    assert not needs_view("plain ascii") and not needs_view("già fatto, Straße")
    assert needs_view("zero\u200bwidth") and needs_view("ｆｕｌｌ")


def test_zero_width_split_key_is_masked(masker: Masker):
    hidden = KEY[:10] + "\u200b" + KEY[10:]
    text = f"token {hidden} end"
    out = masker.mask(text).text
    assert "aB3dE5" not in out and masker.restore(out) == text


def test_homoglyph_email_is_masked(masker: Masker):
    text = "write to giulia.ferrаro@acme-dev.it"  # Cyrillic а
    out = masker.mask(text).text
    assert "acme-dev" not in out and masker.restore(out) == text


def test_fullwidth_digits_card(masker: Masker):
    text = "card ４５３９ １４８８ ０３４３ ６４６７ ok"
    assert "CARD_" in masker.mask(text).text


# Obfuscated personal values (issue #10); all made up.

_OBFUSCATED = [
    ("mail me: a l i c e . m a r t i n @ a c m e - c o r p . i o thanks", "a l i c e . m a r t i n @ a c m e - c o r p . i o"),
    ("call + 4 9 3 0 1 2 3 4 5 6 7 8 today", "+ 4 9 3 0 1 2 3 4 5 6 7 8"),
    ("mail: " + "".join(f"&#{ord(c)};" for c in "alice.martin@acme-corp.io"), None),
    ("write to giulia&commat;acme-dev&period;it today", "giulia&commat;acme-dev&period;it"),
    ("payment declined card=4713-5369-1694-3065", "4713-5369-1694-3065"),  # Luhn fails: a typo in a card slot
    ("IBAN: DE89 3704 0044 0532 0130 01", "DE89 3704 0044 0532 0130 01"),  # mod-97 fails
]


@pytest.mark.parametrize("text,value", _OBFUSCATED)
def test_obfuscated_values_are_masked_whole(text, value):
    out = Masker().mask(text).text
    if value is None:
        value = text.split(": ", 1)[1]
    assert value not in out


def test_a_spelled_out_list_of_letters_stays():
    text = "the options a b c d e f are fine"
    assert Masker().mask(text).text == text


def test_a_homoglyph_name_reaches_the_model_through_the_normalised_view():
    from coatcheck.detect.pipeline import Pipeline

    masker = Masker()
    assert masker.pipeline.model is not None  # the shipped model is part of the package
    text = "The customer Јоhn Ѕmith called yesterday."  # Cyrillic Ј, о, Ѕ
    assert "Ѕmith" not in masker.mask(text).text
    assert isinstance(masker.pipeline, Pipeline)
