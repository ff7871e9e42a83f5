"""Capitalised runs in source code that name a library's part, not a person: a module the same text imports
("Ray Train" where ``from ray.train import …`` stands) and nouns of software no surname holds ("Arrow Table",
"Lightning Trainer"). A first name with a surname stays a person's, imports or not."""

from __future__ import annotations

import pytest

from coatcheck import Masker


@pytest.mark.parametrize(("text", "kept"), [
    ("import ray\nfrom ray.train import Trainer\n\n# metrics are reported to Ray Train under the same name\n",
     "Ray Train"),
    ("from ray.tune import Tuner\n\ndef fit():\n    \"\"\"Report checkpoints to Ray Tune when running many trials.\"\"\"\n",
     "Ray Tune"),
    ("import pyarrow as pa\n\ndef _reduce(t):\n    \"\"\"Custom reducer for Arrow Table that uses IPC serialization.\"\"\"\n",
     "Arrow Table"),
    ("# Wraps the Lightning Trainer so that callbacks see the same loggers.\nclass Wrapper:\n    pass\n",
     "Lightning Trainer"),
    ("def iter_events(response):\n    \"\"\"Iterate the raw Server-Sent Events from `response`.\"\"\"\n",
     "Server-Sent Events"),
])
def test_a_library_part_stays_readable(text: str, kept: str) -> None:
    masked = Masker().mask(text)
    assert kept in masked.text, masked.text


@pytest.mark.parametrize(("text", "person"), [
    ("import ray\n\n# Ray Whitfield rewrote the scheduler in 2024\n", "Whitfield"),
    ("from ray.train import Trainer\n# reviewed by Ray Okonkwo\n", "Okonkwo"),
    ("# Wraps the trainer. Contact: Margaret Court\n", "Court"),
    ("const x = require('ray');\n// owner: Ann Driver\n", "Driver"),
])
def test_a_person_next_to_imports_is_still_masked(text: str, person: str) -> None:
    m = Masker()
    masked = m.mask(text)
    assert person not in masked.text, masked.text
    assert m.restore(masked.text) == text
