from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

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


def test_a_partial_view_covers_only_the_blocks_that_need_it():
    from coatcheck.normalize import needs_view, normalized_view, partial_view

    plain = "\n".join(f"line {i} nothing here" for i in range(50))
    text = plain + "\n\nkey: ｇｈｐ＿ｘ\n\n" + plain + "\n\nother: ａｂｃ\n"
    view = partial_view(text, needs_view, normalized_view)
    assert view is not None and "line 7" not in view.text
    assert view.text == "key: ghp_x\n" + "\n\n" + "other: abc\n"  # each block with its line end, joined by a blank line
    s = view.text.index("ghp_x")
    a, b = view.to_original(s, s + 5)
    assert text[a:b] == "ｇｈｐ＿ｘ"
    s = view.text.index("abc")
    a, b = view.to_original(s, s + 3)
    assert text[a:b] == "ａｂｃ"


def test_a_partial_view_is_none_when_nothing_needs_it_and_whole_when_one_block():
    from coatcheck.normalize import needs_view, normalized_view, partial_view

    assert partial_view("plain\n\ntext\n", needs_view, normalized_view) is None
    one = "a ｂ c\nd"
    view = partial_view(one, needs_view, normalized_view)
    assert view is not None and view.text == normalized_view(one).text


@given(st.lists(st.text(alphabet="ab ｂ\\n\"\n", max_size=12), max_size=8))
def test_partial_view_offsets_stay_inside_the_original(blocks_):
    from coatcheck.normalize import needs_unescaped_view, partial_view, unescaped_view

    text = "\n\n".join(blocks_)
    view = partial_view(text, needs_unescaped_view, unescaped_view)
    if view is None:
        return
    for i in range(len(view.text)):
        for j in range(i + 1, min(len(view.text), i + 4) + 1):
            a, b = view.to_original(i, j)
            assert 0 <= a <= b <= len(text)


def test_the_model_reads_the_normalised_view_only_where_letters_change():
    """Its tokenizer folds NFKC and spaces itself: no-break spaces, dashes and ellipses alone need no second model
    pass; homoglyph, zero-width and compatibility letters do."""
    from coatcheck.normalize import needs_model_view, needs_view

    for text in ("Release notes\xa0— see below…", "Straße 5, café, naïve", "plain ascii"):
        assert not needs_model_view(text), text
    for text in ("Јоhn Smith", "Jo\u200bhn", "Ｊｏｈｎ Smith", "𝐉𝐨𝐡𝐧"):
        assert needs_model_view(text) and needs_view(text), text


def test_a_fullwidth_name_is_masked():
    text = "The customer Ｐｒｉｓｃｉｌｌａ Ｈａｒｔｗｅｌｌ called yesterday."
    out = Masker().mask(text).text
    assert "Ｈａｒｔｗｅｌｌ" not in out
