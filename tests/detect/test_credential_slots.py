"""A password's own slot decides (issue 24): under a password-class key in a configuration slot (a quoted string,
YAML/JSON ``key: value``, a ``.env`` line, a properties or all-caps INI key) any value of six characters or more is
masked whatever it looks like (a dotted word, CamelCase words, a short lower-case word), unless it is a placeholder,
a template, a documented example, a path, a reference to a setting or a name of a key."""

from __future__ import annotations

import pytest

from coatcheck import Masker

MASKER = Masker()


@pytest.mark.parametrize("text, value", [
    ("sonar.jdbc.password = tbqxwe\n", "tbqxwe"),
    ("PASSWD      = mw.r4.z0pk.qa\n", "mw.r4.z0pk.qa"),
    ("SMTP_PASSWORD=lo.ve.ly\n", "lo.ve.ly"),
    ("  password: q7.ab.zz9\n", "q7.ab.zz9"),
    ("  secret: HarborLanternMoss\n", "HarborLanternMoss"),
    ('  password: "Birch.Quill52"\n', "Birch.Quill52"),
    ('db_password="amber.otter.kiln.moss"\n', "amber.otter.kiln.moss"),
])
def test_a_password_slot_masks_any_value(text: str, value: str) -> None:
    out = MASKER.mask(text).text
    assert value not in out and MASKER.restore(out) == text


@pytest.mark.parametrize("text", [
    "PASSWORD = os.environ['DB_PASSWORD']\n", "DB_PASSWORD = settings.DB_PASSWORD\n", "password = self.password\n",
    "password = pwd\n", "password: SecretStr\n", "password: Optional[str]\n", "password: ${DB_PASSWORD}\n",
    "password: <your-password>\n", "password_min_length: 12\n", "password: /run/secrets/db_password\n",
    "    redis_password=_redis_password,\n", '    "sasl_plain_password": "sasl.password",\n',
    "    ssl_password: Optional password used to load the certificate chain. Default: None.\n",
])
def test_references_types_templates_and_names_stay(text: str) -> None:
    assert MASKER.mask(text).text == text
