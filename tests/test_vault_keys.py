"""Key loading: passphrases are stretched with scrypt under a stored random salt before anything derives from them
(p13: placeholders plus the forwarded session id must not be a fast offline passphrase check); random keys stay as
they were; vault files written before stretching still open."""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import os
import pickle
import stat
from pathlib import Path

import pytest

from coatcheck import Vault, VaultError
from coatcheck.vault import (
    SALT_FILE_ENV,
    FileStore,
    MasterKey,
    is_random_key,
    load_key,
    master_key,
    secret_file,
    subkey,
)

PASSPHRASE = "sunshine1"


@pytest.fixture
def home(tmp_path, monkeypatch):
    """A key folder of its own, no key or salt from the environment."""
    for name in ("COATCHECK_VAULT_KEY", "COATCHECK_VAULT_KEY_FILE", SALT_FILE_ENV):
        monkeypatch.delenv(name, raising=False)
    return tmp_path / "cfg"


def _old_master(passphrase: str) -> bytes:
    """What coatcheck made of a passphrase before stretching (the p13 oracle's starting point)."""
    return hashlib.sha256(passphrase.encode()).digest()


def test_passphrase_is_stretched_with_a_stored_salt(home, monkeypatch):
    monkeypatch.setenv("COATCHECK_VAULT_KEY", PASSPHRASE)
    key = load_key(home / "vault.key")
    salt_file = home / "passphrase.salt"
    assert salt_file.exists() and not (home / "vault.key").exists()
    assert stat.S_IMODE(os.stat(salt_file).st_mode) == 0o600
    record = json.loads(salt_file.read_text())
    assert record["kdf"] == "scrypt" and record["n"] >= 1 << 15 and record["r"] >= 8 and len(bytes.fromhex(record["salt"])) >= 16
    expected = hashlib.scrypt(PASSPHRASE.encode(), salt=bytes.fromhex(record["salt"]), n=record["n"], r=record["r"],
                              p=record["p"], maxmem=128 << 20, dklen=32)
    assert key == expected and key != _old_master(PASSPHRASE)
    assert load_key(home / "vault.key") == key  # the same salt next time


def test_placeholders_are_not_a_fast_passphrase_check(home, monkeypatch):
    """The p13 attacker's computation (SHA-256 -> session HMAC -> placeholder) no longer matches."""
    monkeypatch.setenv("COATCHECK_VAULT_KEY", PASSPHRASE)
    master = load_key(home / "vault.key")
    label = b"session\x00" + b"4f1c2a9e-sess"
    session = hmac.new(master, label, hashlib.sha256).digest()
    attacker = hmac.new(_old_master(PASSPHRASE), label, hashlib.sha256).digest()
    assert Vault(session).placeholder("username", "alice") != Vault(attacker).placeholder("username", "alice")


def test_each_guess_costs_a_full_scrypt(home, monkeypatch):
    calls = []
    real = hashlib.scrypt

    def spy(password, *, salt, n, r, p, maxmem=0, dklen=64):
        calls.append((n, r, p, len(salt)))
        return real(password, salt=salt, n=n, r=r, p=p, maxmem=maxmem, dklen=dklen)

    monkeypatch.setattr(hashlib, "scrypt", spy)
    master_key(PASSPHRASE.encode(), home / "s.salt")
    assert calls and all(n >= 1 << 15 and r >= 8 and salt_len >= 16 for n, r, _, salt_len in calls)


def test_salts_differ_per_installation(tmp_path, home):
    a = master_key(PASSPHRASE.encode(), tmp_path / "a.salt")
    b = master_key(PASSPHRASE.encode(), tmp_path / "b.salt")
    assert a != b


def test_salt_file_from_the_environment(tmp_path, home, monkeypatch):
    monkeypatch.setenv("COATCHECK_VAULT_KEY", PASSPHRASE)
    monkeypatch.setenv(SALT_FILE_ENV, str(tmp_path / "elsewhere" / "my.salt"))
    load_key(home / "vault.key")
    assert (tmp_path / "elsewhere" / "my.salt").exists() and not (home / "passphrase.salt").exists()


@pytest.mark.parametrize("record", [
    {"kdf": "scrypt", "salt": "00" * 16, "n": 1024, "r": 8, "p": 1},
    {"kdf": "scrypt", "salt": "00" * 4, "n": 1 << 15, "r": 8, "p": 1},
    {"kdf": "sha256", "salt": "00" * 16, "n": 1 << 15, "r": 8, "p": 1},
    {"kdf": "scrypt", "salt": "00" * 16, "n": (1 << 15) + 1, "r": 8, "p": 1},
])
def test_weak_salt_files_are_refused(tmp_path, home, record):
    path = tmp_path / "weak.salt"
    path.write_text(json.dumps(record))
    with pytest.raises(VaultError, match="weaker stretching"):
        master_key(PASSPHRASE.encode(), path)


def test_corrupt_salt_file_is_a_clear_error(tmp_path, home):
    path = tmp_path / "bad.salt"
    path.write_text("not json")
    with pytest.raises(VaultError, match="salt file") as info:
        master_key(PASSPHRASE.encode(), path)
    assert PASSPHRASE not in str(info.value)


def test_random_key_files_are_not_stretched(home):
    kf = home / "vault.key"
    key = load_key(kf)
    assert key == hashlib.sha256(secret_file(kf, "key file")).digest()  # unchanged: placeholders stay stable
    assert key.legacy is None and not (home / "passphrase.salt").exists()


def test_a_passphrase_written_into_the_key_file_is_stretched(home):
    home.mkdir(parents=True)
    kf = home / "vault.key"
    kf.write_text("correct horse battery\n")
    key = load_key(kf)
    assert key != hashlib.sha256(b"correct horse battery").digest() and (home / "passphrase.salt").exists()


@pytest.mark.parametrize("material,random_key", [
    (b"Jf3yKz0QYj2cW3mB0Y8l1Tq2dXr9bHkVn6uWc5pZs1E=", True),  # secret_file's form
    (b"Jf3yKz0QYj2cW3mB0Y8l1Tq2dXr9bHkVn6uWc5pZs1E", True),  # unpadded
    (b"4b1e0c9a7d2f63e8a15c0b9d7e3f2a6c8d1e4f7a0b3c6d9e2f5a8b1c4d7e0f3a", True),  # hex
    (b"sunshine1", False),
    (b"correct horse battery staple and then some more words", False),
    (b"A" * 44, False),  # base64-shaped but no randomness
    (b"00" * 32, False),
])
def test_is_random_key(material, random_key):
    assert is_random_key(material) is random_key


def test_generated_keys_are_recognised():
    for _ in range(200):
        assert is_random_key(base64.urlsafe_b64encode(os.urandom(32)))
        assert is_random_key(os.urandom(32).hex().encode())


def test_master_key_shows_no_material_and_pickles(home):
    key = master_key(PASSPHRASE.encode(), home / "s.salt", "test")
    assert repr(key) == str(key) == f"{key}" == "MasterKey(<32 bytes>)"
    again = pickle.loads(pickle.dumps(key))
    assert again == key and again.legacy == key.legacy and isinstance(again, MasterKey)


def test_subkey_matches_the_gateway_derivation(home):
    key = master_key(PASSPHRASE.encode(), home / "s.salt")
    label = b"session\x00abc"
    derived = subkey(key, label)
    assert derived == hmac.new(key, label, hashlib.sha256).digest()
    assert isinstance(derived, MasterKey) and derived.legacy == hmac.new(_old_master(PASSPHRASE), label, hashlib.sha256).digest()
    plain = subkey(b"r" * 32, label)
    assert type(plain) is bytes and plain == hmac.new(b"r" * 32, label, hashlib.sha256).digest()


def test_vault_files_from_before_stretching_still_open(tmp_path, home):
    """Vault.open(path) files and gateway session files written under the old passphrase derivation."""
    old = _old_master(PASSPHRASE)
    path = tmp_path / "old.vault"
    old_vault = Vault(old, FileStore(path, old))
    ph = old_vault.placeholder("email", "jo@example.org")
    label = b"session\x00s1"
    old_session = hmac.new(old, label, hashlib.sha256).digest()
    spath = tmp_path / "session.vault"
    sph = Vault(old_session, FileStore(spath, old_session)).placeholder("secret", "s3cr3t-Value-77")

    key = master_key(PASSPHRASE.encode(), home / "passphrase.salt")
    reopened = Vault.open(path, key)
    assert reopened.lookup(ph) == "jo@example.org"
    new_ph = reopened.placeholder("email", "another@example.org")  # written into the old file, readable again
    assert Vault.open(path, key).lookup(new_ph) == "another@example.org"
    session = subkey(key, label)
    assert Vault(session, FileStore(spath, session)).lookup(sph) == "s3cr3t-Value-77"


def test_old_file_without_legacy_key_is_a_clear_error(tmp_path, home):
    old = _old_master(PASSPHRASE)
    path = tmp_path / "old.vault"
    Vault(old, FileStore(path, old)).placeholder("secret", "x")
    key = master_key(PASSPHRASE.encode(), home / "passphrase.salt", "$COATCHECK_VAULT_KEY")
    with pytest.raises(VaultError, match="another key") as info:
        FileStore(path, bytes(key))  # a plain derived key: no legacy form to try
    with pytest.raises(VaultError, match="salt file") as info:
        FileStore(path, MasterKey(bytes(key), None, key.origin))
    assert PASSPHRASE not in str(info.value)


def test_lost_salt_file_is_reported(tmp_path, home):
    key = master_key(PASSPHRASE.encode(), home / "passphrase.salt", "$COATCHECK_VAULT_KEY")
    path = tmp_path / "v.vault"
    ph = Vault.open(path, key).placeholder("secret", "x-value-1")
    (home / "passphrase.salt").unlink()
    other = master_key(PASSPHRASE.encode(), home / "passphrase.salt", "$COATCHECK_VAULT_KEY")
    with pytest.raises(VaultError, match="salt file"):
        Vault.open(path, other).lookup(ph)


def _read_secret(path: str) -> bytes:
    from coatcheck.vault import secret_file

    return secret_file(Path(path), "token file")


def test_processes_that_create_a_secret_file_at_once_all_read_one_whole_secret(tmp_path: Path) -> None:
    """Two launchers starting together both create the token file: neither may read it empty or half written."""
    from concurrent.futures import ProcessPoolExecutor

    for round_ in range(5):
        path = str(tmp_path / f"r{round_}" / "gateway.token")
        with ProcessPoolExecutor(max_workers=6) as pool:
            values = list(pool.map(_read_secret, [path] * 12))
        assert len(set(values)) == 1 and len(values[0]) == 44
        assert [p.name for p in Path(path).parent.iterdir()] == ["gateway.token"]  # no temporary file left
