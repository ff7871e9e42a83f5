"""The vault: value -> placeholder (deterministic, keyed) and placeholder -> value.

Placeholders look like ``SECRET_k3v9wq2mz4``: the category tag, an underscore, nine
characters of a keyed hash (base32, lower case) and one digit ``2``-``7``. The same
(category, value) gives the same placeholder in every process that shares the vault key.
Different values never share a placeholder: on a hash collision the vault moves the later
value to the next hash round, deterministically.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import os
import secrets
import sqlite3
import threading
from pathlib import Path
from typing import Protocol

import regex
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from cryptography.hazmat.primitives.kdf.hkdf import HKDF

from .categories import categories, category
from .errors import VaultError

KEY_ENV = "COATCHECK_VAULT_KEY"
KEY_FILE_ENV = "COATCHECK_VAULT_KEY_FILE"
_B32 = "abcdefghijklmnopqrstuvwxyz234567"
_HASH_LEN = 10


def placeholder_regex() -> regex.Pattern[str]:
    """Matches every placeholder-shaped string, known to a vault or not."""
    tags = sorted((c.tag for c in categories().values()), key=len, reverse=True)
    return regex.compile(r"(?:%s)_[a-z2-7]{9}[2-7]" % "|".join(tags))


PLACEHOLDER_RE = placeholder_regex()
PLACEHOLDER_MAX_LEN = max(len(c.tag) for c in categories().values()) + 1 + _HASH_LEN


def _derive(master: bytes, info: bytes) -> bytes:
    return HKDF(algorithm=hashes.SHA256(), length=32, salt=None, info=info).derive(master)


def load_key(key_file: str | os.PathLike[str] | None = None, *, create: bool = True) -> bytes:
    """The vault's master key: ``$COATCHECK_VAULT_KEY``, else a key file (created 0600 if absent).

    The key file defaults to ``$COATCHECK_VAULT_KEY_FILE`` or ``~/.config/coatcheck/vault.key``.
    """
    env = os.environ.get(KEY_ENV)
    if env:
        return hashlib.sha256(env.encode("utf-8")).digest()
    path = Path(key_file or os.environ.get(KEY_FILE_ENV) or Path.home() / ".config" / "coatcheck" / "vault.key")
    if path.exists():
        data = path.read_bytes().strip()
        if not data:
            raise VaultError(f"key file {path} is empty")
        return hashlib.sha256(data).digest()
    if not create:
        raise VaultError(f"no vault key: set {KEY_ENV} or create the key file {path}")
    path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "wb") as fh:
        fh.write(base64.urlsafe_b64encode(secrets.token_bytes(32)) + b"\n")
    return load_key(path, create=False)


class Store(Protocol):
    """Where the vault keeps placeholder -> (category, value)."""

    def get(self, placeholder: str) -> tuple[str, str] | None: ...
    def put(self, placeholder: str, category: str, value: str) -> None: ...
    def __len__(self) -> int: ...


class MemoryStore:
    """The default store: a dict, gone with the process."""

    def __init__(self) -> None:
        self._items: dict[str, tuple[str, str]] = {}

    def get(self, placeholder: str) -> tuple[str, str] | None:
        return self._items.get(placeholder)

    def put(self, placeholder: str, category: str, value: str) -> None:
        self._items[placeholder] = (category, value)

    def __len__(self) -> int:
        return len(self._items)


class FileStore:
    """A SQLite file (mode 0600) whose values are encrypted with AES-GCM under the vault key."""

    def __init__(self, path: str | os.PathLike[str], master_key: bytes) -> None:
        self.path = Path(path)
        self._aead = AESGCM(_derive(master_key, b"coatcheck vault encryption v1"))
        self._check = hmac.new(master_key, b"coatcheck vault key check v1", hashlib.sha256).hexdigest()
        self._cache: dict[str, tuple[str, str]] = {}
        if not self.path.exists():
            self.path.parent.mkdir(parents=True, exist_ok=True)
            os.close(os.open(self.path, os.O_WRONLY | os.O_CREAT, 0o600))
        os.chmod(self.path, 0o600)
        try:
            self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None, timeout=30)
            self._db.execute("CREATE TABLE IF NOT EXISTS meta (k TEXT PRIMARY KEY, v TEXT)")
            self._db.execute(
                "CREATE TABLE IF NOT EXISTS items (placeholder TEXT PRIMARY KEY, category TEXT, nonce BLOB, value BLOB)"
            )
            row = self._db.execute("SELECT v FROM meta WHERE k='check'").fetchone()
        except sqlite3.DatabaseError as exc:
            raise VaultError(f"{self.path} is not a coatcheck vault ({exc.__class__.__name__})") from exc
        if row is None:
            self._db.execute("INSERT OR IGNORE INTO meta VALUES ('check', ?)", (self._check,))
        elif row[0] != self._check:
            raise VaultError(f"{self.path} was written with another key; set {KEY_ENV} or the key file it was made with")
        self._lock = threading.Lock()

    def get(self, placeholder: str) -> tuple[str, str] | None:
        if placeholder in self._cache:
            return self._cache[placeholder]
        with self._lock:
            row = self._db.execute(
                "SELECT category, nonce, value FROM items WHERE placeholder=?", (placeholder,)
            ).fetchone()
        if row is None:
            return None
        value = self._aead.decrypt(row[1], row[2], placeholder.encode()).decode("utf-8", "surrogatepass")
        self._cache[placeholder] = (row[0], value)
        return self._cache[placeholder]

    def put(self, placeholder: str, category: str, value: str) -> None:
        nonce = secrets.token_bytes(12)
        blob = self._aead.encrypt(nonce, value.encode("utf-8", "surrogatepass"), placeholder.encode())
        with self._lock:
            self._db.execute("INSERT OR IGNORE INTO items VALUES (?, ?, ?, ?)", (placeholder, category, nonce, blob))
        self._cache[placeholder] = (category, value)

    def __len__(self) -> int:
        with self._lock:
            return int(self._db.execute("SELECT count(*) FROM items").fetchone()[0])


class Vault:
    """Keyed, deterministic placeholders over a store. Thread-safe."""

    def __init__(self, key: bytes | None = None, store: Store | None = None) -> None:
        master = key if key is not None else secrets.token_bytes(32)
        self._hmac_key = _derive(master, b"coatcheck placeholder v1")
        self.store: Store = store if store is not None else MemoryStore()
        self._lock = threading.RLock()
        self._by_value: dict[tuple[str, str], str] = {}

    @classmethod
    def open(cls, path: str | os.PathLike[str], key: bytes | None = None) -> "Vault":
        """A vault backed by an encrypted file, usable from another process with the same key."""
        master = key if key is not None else load_key()
        return cls(master, FileStore(path, master))

    def _candidate(self, tag: str, cat: str, value: str, round_: int) -> str:
        msg = f"{cat}\x00{round_}\x00".encode() + value.encode("utf-8", "surrogatepass")
        digest = hmac.new(self._hmac_key, msg, hashlib.sha256).digest()
        n = int.from_bytes(digest[:8], "big")
        body = "".join(_B32[(n >> (5 * i)) & 31] for i in range(_HASH_LEN - 1))
        return f"{tag}_{body}{_B32[26 + digest[8] % 6]}"

    def placeholder(self, cat: str, value: str) -> str:
        """The placeholder for ``value`` of category ``cat``; records it in the store."""
        known = self._by_value.get((cat, value))
        if known:
            return known
        tag = category(cat).tag
        with self._lock:
            for round_ in range(64):
                ph = self._candidate(tag, cat, value, round_)
                found = self.store.get(ph)
                if found is None:
                    self.store.put(ph, cat, value)
                    break
                if found == (cat, value):
                    break
            else:  # pragma: no cover - 64 collisions in a row would mean a broken hash
                raise VaultError("placeholder space exhausted")
            self._by_value[(cat, value)] = ph
            return ph

    def lookup(self, placeholder: str) -> str | None:
        """The original value behind ``placeholder``, or None if this vault does not know it."""
        found = self.store.get(placeholder)
        return None if found is None else found[1]

    def __len__(self) -> int:
        return len(self.store)
