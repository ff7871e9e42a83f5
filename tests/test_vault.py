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
    monkeypatch.setattr(v, "_candidate", lambda tag, cat, value, r: real(tag, cat, "same", r))
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
