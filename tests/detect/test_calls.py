"""Passwords given to a call by position (data/credential_calls.toml)."""

from __future__ import annotations

import pytest

from coatcheck import Masker
from coatcheck.detect.calls import CredentialCallDetector

MASKER = Masker()


@pytest.mark.parametrize("text, value", [
    ('my $dbh = DBI->connect("dbi:Pg:dbname=sales;host=db1", "report", \'Tq7:mZ2x?k\', { RaiseError => 1 });',
     "Tq7:mZ2x?k"),
    ("$pdo = new PDO($dsn, 'shop', 'harbor-lantern-9');", "harbor-lantern-9"),
    ('credentials += Credentials("Nexus", "nexus.example.net", "deployer", "quiet-otter-41")', "quiet-otter-41"),
    ('server.login("alerts@example.net", "saffron77")', "saffron77"),
    ('resp = requests.get(url, auth=("svc-report", "walnut-91"))', "walnut-91"),
    ('var c = new NetworkCredential("build", "Kiln8Moss");', "Kiln8Moss"),
])
def test_a_literal_at_a_calls_password_position_is_masked(text: str, value: str) -> None:
    out = MASKER.mask(text).text
    assert value not in out and MASKER.restore(out) == text


@pytest.mark.parametrize("text", [
    "conn = DBI->connect($dsn, $user, $pass);", "smtp.login(user, password)", 'client.login("alice", "Login successful")',
    "PDO(" * 3000, 'x = FTP("ftp.example.org", "anonymous", "anonymous")', '$pdo = new PDO($dsn, "u", "{$password}");',
    "new PDO($dsn, 'shop', getenv('DB_PASS'));", 'server.login("alerts", "${SMTP_PASSWORD}")',
    'logger.info("login", "finished")',
])
def test_variables_templates_and_other_calls_stay(text: str) -> None:
    assert CredentialCallDetector().detect(text) == []
