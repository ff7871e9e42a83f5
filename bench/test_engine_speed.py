"""Engine speed (pytest-benchmark; not part of the test suite).

    pytest bench/test_engine_speed.py --benchmark-only --benchmark-columns=min,median,max,rounds

Texts are generated agent traffic (dev split: prompts, .env/YAML reads, git log/diff, env/curl/kubectl
output, tracebacks, tool-call JSON, tickets, clean code and logs) concatenated to the target size.
"""

from __future__ import annotations

import pytest

from coatcheck import Masker
from coatcheck.bench.latency import texts


def mixed_text(chars: int) -> str:
    """Generated agent traffic (dev split) concatenated to ``chars`` characters: the latency command's texts."""
    return texts([chars], seed=7)[chars]


@pytest.fixture(scope="module")
def masker() -> Masker:
    m = Masker()
    m.mask(mixed_text(5000))  # warm-up: load rule packs, gazetteers, compile patterns
    return m


@pytest.mark.parametrize("chars", [2_000, 30_000, 100_000])
def test_mask_latency(benchmark, masker, chars):
    text = mixed_text(chars)
    benchmark.extra_info["chars"] = chars
    result = benchmark(masker.mask, text)
    assert result.spans


def test_mask_throughput_1mb(benchmark, masker):
    text = mixed_text(1_000_000)
    result = benchmark.pedantic(masker.mask, args=(text,), rounds=3, iterations=1)
    benchmark.extra_info["chars"] = len(text)
    assert result.spans
