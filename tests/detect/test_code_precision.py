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


@pytest.mark.parametrize("text", [
    "## deps\n* patch V8 to 11.8.172.15\n* update zlib to 1.2.13.1\n\nFixes since 1.6.0.5\n",
    "nameserver 8.8.8.8\nnameserver 2606:4700:4700::1111\n",
    "SPECIAL = [\"192.0.0.0/24\", \"192.0.0.8/32\", \"198.18.0.0/15\", \"192.88.99.0/24\"]\n",
    "dns.lookup() resolves with an array of { address: '1.2.3.4', family: 4 } or 0:1:2:3:4:5:6:7\n",
    '<path d="M8 0C3.58 0 0 3.58 0 8c0 1.52-.87 2.83-2.12 3.51.98.32 1.7-.1 2.1-.4"/>\n',
    'class NordStyle(Style):\n    styles = {\n        Token: "#d8dee9",\n        Whitespace: "#d8dee9",\n    }\n',
    '__all__ = ["BetaManagedAgentsCredential", "Auth"]\nROOT_KEY = "__root__"\n__slots__ = ("next_token", "position")\n',
])
def test_real_material_keeps_its_numbers_and_names(text: str) -> None:
    assert Masker().mask(text).text == text


@pytest.mark.parametrize(("text", "value"), [
    ("please update the A record to 34.117.59.81 tonight", "34.117.59.81"),
    ("updated firewall to 81.2.69.160", "81.2.69.160"),
    (" 3  81.2.69.160  1.524 ms  1.498 ms  1.502 ms\n", "81.2.69.160"),
    ("allow range 81.2.69.160-81.2.69.170\n", "81.2.69.160"),
    ("ping 34.117.59.81 -c 3\n", "34.117.59.81"),
    ('setProperty("db.password", "position")\n', "position"),
    ('os.environ.setdefault("DB_PASSWORD", "sunflower")\n', "sunflower"),
])
def test_addresses_and_passwords_near_those_shapes_are_still_masked(text: str, value: str) -> None:
    assert value not in Masker().mask(text).text
