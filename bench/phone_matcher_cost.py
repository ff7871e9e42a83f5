"""Why phone candidates come from our regex and not phonenumbers.PhoneNumberMatcher: the cost on the latency text.

    python bench/phone_matcher_cost.py
"""

from __future__ import annotations

import time

import phonenumbers

from coatcheck.bench.latency import texts
from coatcheck.detect.phones import PhoneDetector


def main() -> None:
    text = texts([30000], seed=7)[30000]
    t = time.perf_counter()
    found_us = sum(1 for _ in phonenumbers.PhoneNumberMatcher(text, "US"))
    one = time.perf_counter() - t
    t = time.perf_counter()
    found_six = sum(1 for r in ("US", "GB", "IT", "DE", "FR", "ES")
                    for _ in phonenumbers.PhoneNumberMatcher(text, r, leniency=phonenumbers.Leniency.POSSIBLE))
    six = time.perf_counter() - t
    t = time.perf_counter()
    ours = len(PhoneDetector().detect(text))
    own = time.perf_counter() - t
    print(f"PhoneNumberMatcher, US: {one * 1000:.0f} ms ({found_us} found)")
    print(f"PhoneNumberMatcher, 6 regions, POSSIBLE: {six * 1000:.0f} ms ({found_six} found)")
    print(f"coatcheck PhoneDetector (19 regions): {own * 1000:.1f} ms ({ours} found)")


if __name__ == "__main__":
    main()
