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
import json
import os
import secrets
import sqlite3
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

import regex
from cryptography.exceptions import InvalidTag
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
    return regex.compile(r"(?:" + "|".join(tags) + r")_[a-z2-7]{9}[2-7]")


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
    if not create and not path.exists():
        raise VaultError(f"no vault key: set {KEY_ENV} or create the key file {path}")
    return hashlib.sha256(secret_file(path, "key file")).digest()


def secret_file(path: Path, what: str) -> bytes:
    """The stripped contents of a secret file; created 0600 with 32 random bytes (URL-safe base64) if absent."""
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        try:
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        except FileExistsError:
            pass  # created meanwhile by another process: read theirs
        else:
            with os.fdopen(fd, "wb") as fh:
                fh.write(base64.urlsafe_b64encode(secrets.token_bytes(32)) + b"\n")
    data = path.read_bytes().strip()
    if not data:
        raise VaultError(f"{what} {path} is empty")
    return data


@dataclass
class Provenance:
    """What the vault knows about where a value came from: which detectors found it, the hosts it was seen
    with (a URL it sat in, a host named on its line or in its config block, its provider's own hosts) and the
    sources it was read from (``Read:/repo/.env``, ``Bash``, ``user``). Never holds the value itself."""

    detectors: set[str] = field(default_factory=set)
    hosts: set[str] = field(default_factory=set)
    sources: set[str] = field(default_factory=set)

    def merge(self, other: Provenance) -> bool:
        """Add ``other``'s facts; True if anything was new."""
        before = (len(self.detectors), len(self.hosts), len(self.sources))
        self.detectors |= other.detectors
        self.hosts |= other.hosts
        self.sources |= other.sources
        return before != (len(self.detectors), len(self.hosts), len(self.sources))

    def to_json(self) -> str:
        return json.dumps({"detectors": sorted(self.detectors), "hosts": sorted(self.hosts), "sources": sorted(self.sources)})

    @classmethod
    def from_json(cls, raw: str) -> Provenance:
        d = json.loads(raw)
        return cls(set(d.get("detectors", ())), set(d.get("hosts", ())), set(d.get("sources", ())))


class Store(Protocol):
    """Where the vault keeps placeholder -> (category, value), and each placeholder's provenance."""

    def get(self, placeholder: str) -> tuple[str, str] | None: ...
    def put(self, placeholder: str, category: str, value: str) -> None: ...
    def get_provenance(self, placeholder: str) -> Provenance | None: ...
    def put_provenance(self, placeholder: str, provenance: Provenance) -> None: ...
    def items(self) -> Iterator[tuple[str, str, str]]: ...
    def __len__(self) -> int: ...


class MemoryStore:
    """The default store: a dict, gone with the process."""

    def __init__(self) -> None:
        self._items: dict[str, tuple[str, str]] = {}
        self._prov: dict[str, Provenance] = {}

    def get(self, placeholder: str) -> tuple[str, str] | None:
        return self._items.get(placeholder)

    def put(self, placeholder: str, category: str, value: str) -> None:
        self._items[placeholder] = (category, value)

    def get_provenance(self, placeholder: str) -> Provenance | None:
        return self._prov.get(placeholder)

    def put_provenance(self, placeholder: str, provenance: Provenance) -> None:
        self._prov[placeholder] = provenance

    def items(self) -> Iterator[tuple[str, str, str]]:
        """Every (placeholder, category, value)."""
        for ph, (cat, value) in list(self._items.items()):
            yield ph, cat, value

    def __len__(self) -> int:
        return len(self._items)


_SQLITE_MAGIC = b"SQLite format 3\x00"
FORMAT = "coatcheck-vault-2"
# scrypt cost: ~0.1 s and 32 MiB per derivation on a laptop core, paid once per vault open and per guess.
_SCRYPT = {"n": 1 << 15, "r": 8, "p": 1}


def _scrypt(secret: bytes, salt: bytes, n: int, r: int, p: int) -> bytes:
    return hashlib.scrypt(secret, salt=salt, n=n, r=r, p=p, maxmem=128 << 20, dklen=32)


class FileStore:
    """A SQLite file (mode 0600) whose values and provenance are encrypted with AES-GCM.

    The encryption key is scrypt(vault key, per-vault salt): a guess at a passphrase costs one scrypt run per
    vault, and nothing in the file can be checked faster than that (the key check is an AES-GCM canary under the
    derived key). An existing file that is not a coatcheck vault is refused and left untouched."""

    def __init__(self, path: str | os.PathLike[str], master_key: bytes) -> None:
        self.path = Path(path)
        self._cache: dict[str, tuple[str, str]] = {}
        self._lock = threading.Lock()
        if self.path.exists():
            meta = self._existing_meta()
            self._db = self._connect()
        else:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            try:
                os.close(os.open(self.path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
            except FileExistsError:  # created by a concurrent opener: treat as existing
                meta = self._existing_meta()
                self._db = self._connect()
            else:
                self._db = self._connect()
                meta = self._init(master_key)
        salt = bytes.fromhex(meta["salt"])
        params = {k: int(meta[k]) for k in ("n", "r", "p")}
        self._aead = AESGCM(_scrypt(master_key, salt, **params))
        canary = bytes.fromhex(meta["canary"])
        try:
            self._aead.decrypt(canary[:12], canary[12:], b"coatcheck vault canary")
        except InvalidTag:
            raise VaultError(f"{self.path} was written with another key; set {KEY_ENV} or the key file it was made with") from None

    def _existing_meta(self) -> dict[str, str]:
        if not self.path.is_file():
            raise VaultError(f"{self.path} is not a file; refusing to use it as a vault")
        with open(self.path, "rb") as fh:
            head = fh.read(16)
        if head != _SQLITE_MAGIC:
            raise VaultError(f"{self.path} is not a coatcheck vault; it was left untouched")
        try:
            ro = sqlite3.connect(f"{self.path.resolve().as_uri()}?mode=ro", uri=True)
            try:
                rows = dict(ro.execute("SELECT k, v FROM meta").fetchall())
            finally:
                ro.close()
        except sqlite3.DatabaseError:
            raise VaultError(f"{self.path} is not a coatcheck vault; it was left untouched") from None
        if rows.get("format") != FORMAT:
            if "check" in rows:
                raise VaultError(f"{self.path} is a vault of coatcheck 0.1, whose key check was too fast to guess "
                                 "against; restore what you need with coatcheck 0.1 and start a new vault")
            raise VaultError(f"{self.path} is not a coatcheck vault; it was left untouched")
        missing = {"salt", "canary", "n", "r", "p"} - set(rows)
        if missing:
            raise VaultError(f"{self.path}: vault metadata incomplete ({', '.join(sorted(missing))} missing)")
        os.chmod(self.path, 0o600)
        return rows

    def _connect(self) -> sqlite3.Connection:
        try:
            return sqlite3.connect(self.path, check_same_thread=False, isolation_level=None, timeout=30)
        except sqlite3.DatabaseError as exc:
            raise VaultError(f"{self.path} cannot be opened as a vault ({exc.__class__.__name__})") from None

    def _init(self, master_key: bytes) -> dict[str, str]:
        salt = secrets.token_bytes(16)
        aead = AESGCM(_scrypt(master_key, salt, **_SCRYPT))
        nonce = secrets.token_bytes(12)
        canary = nonce + aead.encrypt(nonce, b"coatcheck", b"coatcheck vault canary")
        meta = {"format": FORMAT, "kdf": "scrypt", "salt": salt.hex(), "canary": canary.hex(),
                **{k: str(v) for k, v in _SCRYPT.items()}}
        db = self._db
        db.execute("BEGIN")
        db.execute("CREATE TABLE IF NOT EXISTS meta (k TEXT PRIMARY KEY, v TEXT)")
        db.execute("CREATE TABLE IF NOT EXISTS items (placeholder TEXT PRIMARY KEY, category TEXT, nonce BLOB, value BLOB)")
        db.execute("CREATE TABLE IF NOT EXISTS provenance (placeholder TEXT PRIMARY KEY, nonce BLOB, value BLOB)")
        db.executemany("INSERT OR IGNORE INTO meta VALUES (?, ?)", list(meta.items()))
        db.execute("COMMIT")
        return dict(db.execute("SELECT k, v FROM meta").fetchall())

    def _decrypt(self, nonce: bytes, blob: bytes, aad: bytes) -> str:
        try:
            return self._aead.decrypt(nonce, blob, aad).decode("utf-8", "surrogatepass")
        except (InvalidTag, ValueError, TypeError):
            raise VaultError(f"{self.path}: a vault entry failed to decrypt (the file is corrupt or was altered)") from None

    def get(self, placeholder: str) -> tuple[str, str] | None:
        if placeholder in self._cache:
            return self._cache[placeholder]
        with self._lock:
            row = self._db.execute(
                "SELECT category, nonce, value FROM items WHERE placeholder=?", (placeholder,)
            ).fetchone()
        if row is None:
            return None
        value = self._decrypt(row[1], row[2], placeholder.encode())
        self._cache[placeholder] = (row[0], value)
        return self._cache[placeholder]

    def put(self, placeholder: str, category: str, value: str) -> None:
        nonce = secrets.token_bytes(12)
        blob = self._aead.encrypt(nonce, value.encode("utf-8", "surrogatepass"), placeholder.encode())
        with self._lock:
            self._db.execute("INSERT OR IGNORE INTO items VALUES (?, ?, ?, ?)", (placeholder, category, nonce, blob))
        self._cache[placeholder] = (category, value)

    def get_provenance(self, placeholder: str) -> Provenance | None:
        with self._lock:
            row = self._db.execute("SELECT nonce, value FROM provenance WHERE placeholder=?", (placeholder,)).fetchone()
        if row is None:
            return None
        return Provenance.from_json(self._decrypt(row[0], row[1], b"provenance\x00" + placeholder.encode()))

    def put_provenance(self, placeholder: str, provenance: Provenance) -> None:
        nonce = secrets.token_bytes(12)
        blob = self._aead.encrypt(nonce, provenance.to_json().encode(), b"provenance\x00" + placeholder.encode())
        with self._lock:
            self._db.execute("INSERT OR REPLACE INTO provenance VALUES (?, ?, ?)", (placeholder, nonce, blob))

    def items(self) -> Iterator[tuple[str, str, str]]:
        """Every (placeholder, category, value), decrypted."""
        with self._lock:
            rows = self._db.execute("SELECT placeholder, category, nonce, value FROM items").fetchall()
        for ph, cat, nonce, blob in rows:
            yield ph, cat, self._decrypt(nonce, blob, ph.encode())

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
        self._prov: dict[str, Provenance] = {}

    @classmethod
    def open(cls, path: str | os.PathLike[str], key: bytes | None = None) -> Vault:
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

    def entry(self, placeholder: str) -> tuple[str, str] | None:
        """``(category, value)`` behind ``placeholder``, or None."""
        return self.store.get(placeholder)

    def note(self, placeholder: str, provenance: Provenance) -> None:
        """Record where a value was seen (merged with what is known)."""
        with self._lock:
            known = self._prov.get(placeholder)
            if known is None:
                known = self.store.get_provenance(placeholder) or Provenance()
                self._prov[placeholder] = known
                changed = True
            else:
                changed = False
            if known.merge(provenance) or changed:
                self.store.put_provenance(placeholder, known)

    def provenance(self, placeholder: str) -> Provenance:
        """Where the value behind ``placeholder`` was seen (empty if nothing was recorded)."""
        with self._lock:
            known = self._prov.get(placeholder)
            if known is None:
                known = self.store.get_provenance(placeholder) or Provenance()
                self._prov[placeholder] = known
            return known

    def __len__(self) -> int:
        return len(self.store)
