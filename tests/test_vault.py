from __future__ import annotations

import os
import stat
import subprocess
import sys

import pytest

from coatcheck import Vault, VaultError
from coatcheck.vault import PLACEHOLDER_RE, FileStore, load_key

KEY = b"0" * 32


def test_placeholder_shape_and_determinism():
    a, b = Vault(KEY), Vault(KEY)
    p = a.placeholder("secret", "s3cr3t-value")
    assert PLACEHOLDER_RE.fullmatch(p) and p.startswith("SECRET_")
    assert set(p) <= set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_")
    assert b.placeholder("secret", "s3cr3t-value") == p  # same key, other vault, same placeholder
    assert Vault(b"1" * 32).placeholder("secret", "s3cr3t-value") != p  # other key
    assert a.placeholder("secret", "other") != p
    assert a.placeholder("email", "s3cr3t-value").startswith("EMAIL_")


def test_many_values_never_collide():
    v = Vault(KEY)
    seen = {v.placeholder("secret", f"value-{i}") for i in range(20000)}
    assert len(seen) == 20000


def test_collision_moves_to_next_round(monkeypatch):
    v = Vault(KEY)
    real = v._candidate
    monkeypatch.setattr(v, "_candidate", lambda tag, cat, value, r, *rest: real(tag, cat, "same", r, *rest))
    p1 = v.placeholder("secret", "one")
    p2 = v.placeholder("secret", "two")
    assert p1 != p2 and v.lookup(p1) == "one" and v.lookup(p2) == "two"


def test_file_store_is_private_encrypted_and_shared(tmp_path):
    path = tmp_path / "v.vault"
    v = Vault.open(path, KEY)
    p = v.placeholder("secret", "Zq8xLm2Kp9Tr4Wv-unique")
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600
    assert b"Zq8xLm2Kp9Tr4Wv-unique" not in path.read_bytes()
    code = f"from coatcheck import Vault; print(Vault.open({str(path)!r}, {KEY!r}).lookup({p!r}))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.strip()
    assert out == "Zq8xLm2Kp9Tr4Wv-unique"


def test_file_store_rejects_another_key(tmp_path):
    path = tmp_path / "v.vault"
    Vault.open(path, KEY).placeholder("secret", "x")
    with pytest.raises(VaultError, match="another key"):
        FileStore(path, b"9" * 32)


def test_not_a_vault(tmp_path):
    path = tmp_path / "junk"
    path.write_bytes(b"this is not sqlite" * 100)
    with pytest.raises(VaultError):
        Vault.open(path, KEY)


def test_key_from_env_and_file(tmp_path, monkeypatch):
    monkeypatch.delenv("COATCHECK_VAULT_KEY", raising=False)
    kf = tmp_path / "k" / "vault.key"
    k1 = load_key(kf)
    assert stat.S_IMODE(os.stat(kf).st_mode) == 0o600 and load_key(kf) == k1
    monkeypatch.setenv("COATCHECK_VAULT_KEY", "from-env")
    assert load_key(kf) != k1
    monkeypatch.delenv("COATCHECK_VAULT_KEY")
    with pytest.raises(VaultError):
        load_key(tmp_path / "missing.key", create=False)


def test_non_vault_files_are_refused_untouched(tmp_path):
    import sqlite3

    other = tmp_path / "app.db"
    db = sqlite3.connect(other)
    db.execute("CREATE TABLE users (name TEXT)")
    db.commit()
    db.close()
    os.chmod(other, 0o644)
    before = other.read_bytes()
    for path in (other, tmp_path / "notes.txt"):
        if not path.exists():
            path.write_text("hello\n")
            os.chmod(path, 0o644)
        snapshot = path.read_bytes()
        with pytest.raises(VaultError, match="not a coatcheck vault"):
            Vault.open(path, KEY)
        assert path.read_bytes() == snapshot and stat.S_IMODE(os.stat(path).st_mode) == 0o644
    assert other.read_bytes() == before


def test_no_fast_key_check_and_salted_kdf(tmp_path):
    import sqlite3

    a, b = tmp_path / "a.vault", tmp_path / "b.vault"
    Vault.open(a, KEY).placeholder("secret", "x")
    Vault.open(b, KEY).placeholder("secret", "x")
    meta = [dict(sqlite3.connect(p).execute("SELECT k, v FROM meta").fetchall()) for p in (a, b)]
    assert "check" not in meta[0] and meta[0]["kdf"] == "scrypt" and int(meta[0]["n"]) >= 1 << 15
    assert meta[0]["salt"] != meta[1]["salt"]  # per-vault salt
    assert meta[0]["canary"] != meta[1]["canary"]


def test_corrupt_row_is_a_clear_error_without_values(tmp_path):
    import sqlite3

    path = tmp_path / "v.vault"
    v = Vault.open(path, KEY)
    p = v.placeholder("secret", "Very-Secret-Value-123")
    db = sqlite3.connect(path)
    db.execute("UPDATE items SET value = X'00112233445566778899aabbccddeeff0011'")
    db.commit()
    with pytest.raises(VaultError, match="failed to decrypt") as info:
        Vault.open(path, KEY).lookup(p)
    assert "Very-Secret" not in str(info.value)


def test_provenance_is_kept_encrypted(tmp_path):
    from coatcheck.vault import Provenance

    path = tmp_path / "v.vault"
    v = Vault.open(path, KEY)
    p = v.placeholder("secret", "tok-1")
    v.note(p, Provenance({"github-pat"}, {"db.internal.example"}, {"Read:/repo/.env"}))
    v.note(p, Provenance(set(), {"api.github.com"}, set()))
    again = Vault.open(path, KEY).provenance(p)
    assert again.hosts == {"db.internal.example", "api.github.com"} and again.sources == {"Read:/repo/.env"}
    assert b"db.internal.example" not in path.read_bytes()
