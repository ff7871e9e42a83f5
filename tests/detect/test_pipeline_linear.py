"""Repeat finding and hex runs: the linear-time implementations find exactly what the plain ones do."""

from __future__ import annotations

import regex
from hypothesis import given, settings
from hypothesis import strategies as st

from coatcheck.detect.encoded import _HEX
from coatcheck.detect.pipeline import ValueFinder

_HEX_BACKTRACKING = regex.compile(r"(?<![0-9A-Za-z])(?:[0-9a-fA-F]{2}){8,}(?![0-9A-Za-z])")


@settings(max_examples=500, deadline=None)
@given(st.text(alphabet="0a9fFg Z-_.", max_size=80))
def test_possessive_hex_runs_match_like_the_backtracking_pattern(text):
    assert [m.span() for m in _HEX.finditer(text)] == [m.span() for m in _HEX_BACKTRACKING.finditer(text)]


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="ab=", max_size=300), st.lists(st.text(alphabet="ab=", min_size=1, max_size=90), min_size=1, max_size=5))
def test_value_finder_finds_every_overlapping_occurrence(text, values):
    expected = sorted((i, v) for v in set(values) for i in range(len(text)) if text.startswith(v, i))
    assert sorted(ValueFinder(values).iter(text)) == expected


def test_long_values_in_periodic_text():
    text = "password=" * 2000
    value = text[9:]
    assert sorted(ValueFinder([value]).iter(text)) == [(0, value), (9, value)]
