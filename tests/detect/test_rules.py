"""Every rule record's own examples, run one by one; and the pack-level promises."""

from __future__ import annotations

import pytest

from coatcheck import Masker
from coatcheck.detect.rules import CompiledRule, Rule, check_patterns, load_rules
from coatcheck.errors import ConfigError

RULES = load_rules()
IDS = [r.id for r in RULES]


def test_every_bundled_pattern_compiles():
    check_patterns()  # they compile lazily at run time, so a broken one must fail here


def test_a_broken_pattern_is_named():
    bad = Rule.model_validate({"id": "broken-one", "category": "secret", "description": "x", "pattern": "(unclosed",
                               "examples": {"positive": ["x"], "negative": ["y"]}})
    with pytest.raises(ConfigError, match="broken-one"):
        check_patterns((bad,))


@pytest.mark.parametrize("rule", RULES, ids=IDS)
def test_positive_examples_are_found(rule):
    compiled = CompiledRule(rule)
    for example in rule.examples.positive:
        assert compiled.find(example), f"{rule.id} misses its positive example"


@pytest.mark.parametrize("rule", RULES, ids=IDS)
def test_negative_examples_are_not_found(rule):
    compiled = CompiledRule(rule)
    for example in rule.examples.negative:
        assert not compiled.find(example), f"{rule.id} fires on its negative example"


@pytest.mark.parametrize("rule", RULES, ids=IDS)
def test_keyword_prefilter_lets_positive_examples_through(rule):
    """A rule whose keywords do not occur in its own example would never run in the pipeline."""
    for example in rule.examples.positive:
        low = example.lower()
        assert not rule.keywords or any(k.lower() in low for k in rule.keywords), rule.id


@pytest.fixture(scope="module")
def masker() -> Masker:
    return Masker()


@pytest.mark.parametrize("rule", RULES, ids=IDS)
def test_positive_examples_are_masked_end_to_end(rule, masker):
    for example in rule.examples.positive:
        found = CompiledRule(rule).find(example)[0]
        spans = masker.detect(example)
        assert any(s.start <= found.start and found.end <= s.end for s in spans), f"{rule.id}: pipeline drops it"


def test_at_least_600_provider_formats():
    providers = [r for r in RULES if r.provider]
    assert len(providers) >= 600
    assert len({r.provider for r in providers}) >= 400


def test_ids_unique_and_categories_known():
    assert len(IDS) == len(set(IDS))


def test_anchored_rules_find_the_same_from_keyword_offsets_as_from_their_own_search():
    """The detector hands grammar rules the keyword starts its automaton found; the rule's own keyword search (the
    fallback when lower-casing changes the text's length) must agree with it on every positive example."""
    from coatcheck.detect.rules import RuleDetector

    det = RuleDetector()
    for c in det.rules:
        if not c.anchored:
            continue
        for ex in c.rule.examples.positive:
            starts = [s for s, _ in det._hits(ex.lower()).get(det.rules.index(c), [])]
            assert c.find(ex, starts=starts) == c.find(ex), (c.rule.id, ex)


def test_a_text_whose_lower_case_grows_still_finds_keyword_rules():
    text = "İstanbul office\nDB_PASSWORD=Xk7pQ2vLm9Rt4Wz8"
    assert len(text.lower()) != len(text)
    out = Masker().mask(text).text
    assert "Xk7pQ2vLm9Rt4Wz8" not in out
