from __future__ import annotations

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
