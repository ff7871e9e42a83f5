"""The vault: value -> placeholder (deterministic, keyed) and placeholder -> value.

Placeholders look like ``SECRET_k3v9wq2mz4``: the category tag, an underscore, nine
characters of a keyed hash (base32, lower case) and one digit ``2``-``7``. The same
(category, value) gives the same placeholder in every process that shares the vault key.
Different values never share a placeholder: on a hash collision the vault moves the later
value to the next hash round, deterministically.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import json
import os
import secrets
import sqlite3
import threading
from collections import ChainMap
from collections.abc import Iterator, MutableMapping
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

import regex
from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from cryptography.hazmat.primitives.kdf.hkdf import HKDF

from .categories import categories, category
from .errors import VaultError

KEY_ENV = "COATCHECK_VAULT_KEY"
KEY_FILE_ENV = "COATCHECK_VAULT_KEY_FILE"
SALT_FILE_ENV = "COATCHECK_VAULT_SALT_FILE"
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


# scrypt cost: ~0.1 s and 32 MiB per derivation on a laptop core, paid once per vault open and per guess. A
# passphrase key is stretched with at least this much before anything is derived from it.
_SCRYPT = {"n": 1 << 15, "r": 8, "p": 1}


def _scrypt(secret: bytes, salt: bytes, n: int, r: int, p: int) -> bytes:
    return hashlib.scrypt(secret, salt=salt, n=n, r=r, p=p, maxmem=128 << 20, dklen=32)


class MasterKey(bytes):
    """A vault master key: 32 bytes (it compares, hashes and derives as ``bytes``) that know where they came from.

    ``legacy`` is what coatcheck made of the same passphrase before passphrases were stretched (one SHA-256); it is
    kept only so that vault files written then still open, and nothing new is derived from it. ``origin`` describes
    the key for error messages (never the key itself). ``repr`` and ``str`` show no key material."""

    legacy: bytes | None
    origin: str

    def __new__(cls, key: bytes, legacy: bytes | None = None, origin: str = "") -> MasterKey:
        obj = super().__new__(cls, key)
        obj.legacy = legacy
        obj.origin = origin
        return obj

    def __reduce__(self) -> tuple[Any, ...]:
        return (MasterKey, (bytes(self), self.legacy, self.origin))

    def __repr__(self) -> str:
        return f"MasterKey(<{len(self)} bytes>)"

    __str__ = __repr__


def subkey(master: bytes, label: bytes) -> bytes:
    """HMAC-SHA256(``master``, ``label``): a key derived from the master key (the gateway's per-session keys). A
    :class:`MasterKey`'s legacy form is derived alongside, so a session's vault file written before passphrase
    stretching still opens under the derived key."""
    key = hmac.new(master, label, hashlib.sha256).digest()
    legacy = getattr(master, "legacy", None)
    if legacy is None:
        return key
    return MasterKey(key, hmac.new(legacy, label, hashlib.sha256).digest(), getattr(master, "origin", ""))


def is_random_key(material: bytes) -> bool:
    """True for key material that is already a random key: at least 32 bytes written as hex or base64 (what
    :func:`secret_file` and ``openssl rand -hex/-base64 32`` write) and not a repetitive pattern. False for a
    passphrase, or anything else that must be stretched before a key may be derived from it."""
    text = material.strip()
    padded = text + b"=" * (-len(text) % 4)
    decoders = (
        lambda: binascii.unhexlify(text),
        lambda: base64.b64decode(padded, altchars=b"-_", validate=True),
        lambda: base64.b64decode(padded, validate=True),
    )
    for decode in decoders:
        try:
            raw = decode()
        except (binascii.Error, ValueError):
            continue
        # 32 random bytes hold ~30 distinct values; fewer than 20 would take a pattern, not a random source
        if len(raw) >= 32 and len(set(raw)) >= 20:
            return True
    return False


def salt_path(key_file: Path) -> Path:
    """Where the passphrase salt lives: ``$COATCHECK_VAULT_SALT_FILE``, else ``passphrase.salt`` beside the key file."""
    env = os.environ.get(SALT_FILE_ENV)
    return Path(env) if env else key_file.parent / "passphrase.salt"


def passphrase_salt(path: Path) -> tuple[bytes, dict[str, int]]:
    """The random salt and the scrypt cost (``n``, ``r``, ``p``) that stretch a passphrase key, read from ``path``;
    the file is created (0600, one JSON line) with a fresh salt and today's cost when absent. Raises VaultError
    when it cannot be read or asks for less stretching than :data:`_SCRYPT`."""
    if not path.exists():
        try:
            _create_salt_file(path)
        except OSError as exc:
            raise VaultError(f"cannot create the passphrase salt file {path} ({exc.__class__.__name__}); "
                             f"set {SALT_FILE_ENV} to a writable place") from None
    try:
        record = json.loads(path.read_text(encoding="utf-8"))
        salt = bytes.fromhex(record["salt"])
        params = {k: int(record[k]) for k in ("n", "r", "p")}
    except (OSError, ValueError, KeyError, TypeError):
        raise VaultError(f"passphrase salt file {path} is unreadable or not a coatcheck salt file; restore it from a "
                         f"backup (keys and vaults made with a passphrase need it) or set {SALT_FILE_ENV}") from None
    n = params["n"]
    if (record.get("kdf") != "scrypt" or len(salt) < 16 or n < _SCRYPT["n"] or n & (n - 1)
            or params["r"] < _SCRYPT["r"] or params["p"] < 1):
        raise VaultError(f"passphrase salt file {path} asks for weaker stretching than coatcheck allows "
                         f"(scrypt, n a power of two >= {_SCRYPT['n']}, r >= {_SCRYPT['r']}, a salt of 16 bytes or more)")
    return salt, params


def _create_salt_file(path: Path) -> None:
    """Write a new salt file atomically (complete or absent, never half-written); keep one a concurrent process made."""
    record = {"kdf": "scrypt", "salt": secrets.token_bytes(16).hex(), **_SCRYPT}
    _create_once(path, (json.dumps(record) + "\n").encode("utf-8"))


def _create_once(path: Path, data: bytes) -> None:
    """Create ``path`` (0600) holding ``data``, atomically: written whole under a private name, then linked into
    place, so a process starting at the same moment finds no file or the whole of it, never an empty or half-written
    one; when another process created it first, theirs stays (the first writer wins)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.{secrets.token_hex(6)}.tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        try:
            os.link(tmp, path)  # fails if the file exists
        except FileExistsError:
            pass
        _fsync_dir(path.parent)  # losing a salt or a key would lose every vault made with it
    finally:
        tmp.unlink(missing_ok=True)


def _fsync_dir(folder: Path) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:  # pragma: no cover - platforms without directory handles
        return
    try:
        os.fsync(fd)
    except OSError:  # pragma: no cover
        pass
    finally:
        os.close(fd)


def master_key(material: bytes, salt_file: Path, origin: str = "the vault key") -> MasterKey:
    """The master key made from key material. Random key material (:func:`is_random_key`) is hashed once, as it
    always was. Anything else is a passphrase: it is stretched with scrypt under the random salt in ``salt_file``
    (see :func:`passphrase_salt`), so a guess checked against anything derived from the key (placeholders, session
    keys, vault files) costs at least one full scrypt run. ``origin``: how the material was given, for messages."""
    digest = hashlib.sha256(material).digest()
    if is_random_key(material):
        return MasterKey(digest, origin=origin)
    salt, params = passphrase_salt(salt_file)
    return MasterKey(_scrypt(material, salt, **params), legacy=digest,
                     origin=f"{origin}, a passphrase stretched with the salt in {salt_file}")


def load_key(key_file: str | os.PathLike[str] | None = None, *, create: bool = True) -> MasterKey:
    """The vault's master key: ``$COATCHECK_VAULT_KEY``, else a key file (created 0600 with a random key if absent).

    The key file defaults to ``$COATCHECK_VAULT_KEY_FILE`` or ``~/.config/coatcheck/vault.key``. A passphrase (any
    material that is not a random key) is stretched with scrypt under a salt kept in ``$COATCHECK_VAULT_SALT_FILE``
    or ``passphrase.salt`` beside the key file, created on first use (see :func:`master_key`); to reproduce the
    placeholders or open the vaults elsewhere, copy the salt file along with the passphrase.
    """
    path = Path(key_file or os.environ.get(KEY_FILE_ENV) or Path.home() / ".config" / "coatcheck" / "vault.key")
    env = os.environ.get(KEY_ENV)
    if env:
        return master_key(env.encode("utf-8"), salt_path(path), f"${KEY_ENV}")
    if not create and not path.exists():
        raise VaultError(f"no vault key: set {KEY_ENV} or create the key file {path}")
    return master_key(secret_file(path, "key file"), salt_path(path), f"the key file {path}")


def secret_file(path: Path, what: str) -> bytes:
    """The stripped contents of a secret file; created 0600 with 32 random bytes (URL-safe base64) if absent."""
    if not path.exists():
        # atomically: a launcher starting beside another must not read the file empty before its secret is written
        _create_once(path, base64.urlsafe_b64encode(secrets.token_bytes(32)) + b"\n")
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


@runtime_checkable
class Batching(Protocol):
    """A store that can defer its writes and commit them together (see :meth:`FileStore.batch`)."""

    def batch(self) -> AbstractContextManager[None]: ...
    def flush(self) -> None: ...


class FileStore:
    """A SQLite file (mode 0600) whose values and provenance are encrypted with AES-GCM.

    The encryption key is scrypt(vault key, per-vault salt): a guess at a passphrase costs one scrypt run per
    vault, and nothing in the file can be checked faster than that (the key check is an AES-GCM canary under the
    derived key). An existing file that is not a coatcheck vault is refused and left untouched.

    Every write is committed before ``put`` returns, unless the thread is inside :meth:`batch`: then the writes wait
    in memory and are committed together when the block exits (one commit, not one per value). The file stays in
    rollback-journal mode, so it is always one self-contained file that can be copied or renamed when closed.

    ``legacy_key`` (default: ``master_key.legacy``, see :class:`MasterKey`) opens a file written before passphrase
    keys were stretched; such a file is read and written as it is (its own scrypt already makes a guess cost a
    full run)."""

    def __init__(self, path: str | os.PathLike[str], master_key: bytes, *, legacy_key: bytes | None = None) -> None:
        self.path = Path(path)
        self._cache: dict[str, tuple[str, str]] = {}
        self._lock = threading.Lock()
        # writes not yet committed (any thread's batch): placeholder -> (category, nonce, blob) / (nonce, blob)
        self._pending: dict[str, tuple[str, bytes, bytes]] = {}
        self._pending_prov: dict[str, tuple[bytes, bytes]] = {}
        self._local = threading.local()
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
        legacy = legacy_key if legacy_key is not None else getattr(master_key, "legacy", None)
        self._aead = self._unlock(meta, master_key, legacy)

    def _unlock(self, meta: dict[str, str], key: bytes, legacy: bytes | None) -> AESGCM:
        """The file's AEAD: under ``key``, else under ``legacy``; VaultError if the canary opens under neither."""
        salt = bytes.fromhex(meta["salt"])
        params = {k: int(meta[k]) for k in ("n", "r", "p")}
        canary = bytes.fromhex(meta["canary"])
        for candidate in (key, legacy):
            if candidate is None:
                continue
            aead = AESGCM(_scrypt(candidate, salt, **params))
            try:
                aead.decrypt(canary[:12], canary[12:], b"coatcheck vault canary")
            except InvalidTag:
                continue
            return aead
        origin = getattr(key, "origin", "")
        hint = f" (the key tried: {origin}; a passphrase also needs the salt file it was first used with)" if origin else ""
        raise VaultError(f"{self.path} was written with another key; set {KEY_ENV} or the key file it was made with{hint}")

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

    # -- deferred writes -------------------------------------------------------------------------
    def _batching(self) -> bool:
        return getattr(self._local, "depth", 0) > 0

    @contextmanager
    def batch(self) -> Iterator[None]:
        """Defer this thread's writes until the outermost ``batch`` block exits, then commit them in one transaction
        (also when the block raises). Until then a value put inside may exist only in memory: the caller must not let
        its placeholder leave the process before the block has exited without an exception. Other threads keep
        committing at once, and one that reads a placeholder still pending here commits it before using it."""
        self._local.depth = getattr(self._local, "depth", 0) + 1
        try:
            yield
        finally:
            self._local.depth -= 1
            if self._local.depth == 0:
                self.flush()

    def flush(self) -> None:
        """Commit every pending write, of any thread, in one transaction. On failure they stay pending (the next
        flush tries again) and VaultError is raised."""
        with self._lock:
            if not self._pending and not self._pending_prov:
                return
            items = [(ph, cat, nonce, blob) for ph, (cat, nonce, blob) in self._pending.items()]
            prov = [(ph, nonce, blob) for ph, (nonce, blob) in self._pending_prov.items()]
            db = self._db
            try:
                db.execute("BEGIN IMMEDIATE")
                try:
                    db.executemany("INSERT OR IGNORE INTO items VALUES (?, ?, ?, ?)", items)
                    db.executemany("INSERT OR REPLACE INTO provenance VALUES (?, ?, ?)", prov)
                    db.execute("COMMIT")
                except BaseException:
                    if db.in_transaction:
                        db.execute("ROLLBACK")
                    raise
            except sqlite3.Error as exc:
                raise VaultError(f"{self.path}: {len(items)} vault entries could not be written "
                                 f"({exc.__class__.__name__}); their placeholders must not be used") from None
            self._pending.clear()
            self._pending_prov.clear()

    # -- the Store protocol ------------------------------------------------------------------------
    def get(self, placeholder: str) -> tuple[str, str] | None:
        with self._lock:
            pending = placeholder in self._pending
            found = self._cache.get(placeholder)
        if pending and not self._batching():
            self.flush()  # the caller may send this placeholder out: its value goes to disk first
        if found is not None:
            return found
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
            self._pending.setdefault(placeholder, (category, nonce, blob))
            self._cache[placeholder] = (category, value)
        if not self._batching():
            self.flush()

    def get_provenance(self, placeholder: str) -> Provenance | None:
        with self._lock:
            row = self._pending_prov.get(placeholder)
            if row is None:
                row = self._db.execute("SELECT nonce, value FROM provenance WHERE placeholder=?", (placeholder,)).fetchone()
        if row is None:
            return None
        return Provenance.from_json(self._decrypt(row[0], row[1], b"provenance\x00" + placeholder.encode()))

    def put_provenance(self, placeholder: str, provenance: Provenance) -> None:
        nonce = secrets.token_bytes(12)
        blob = self._aead.encrypt(nonce, provenance.to_json().encode(), b"provenance\x00" + placeholder.encode())
        with self._lock:
            self._pending_prov[placeholder] = (nonce, blob)
        if not self._batching():
            self.flush()

    def items(self) -> Iterator[tuple[str, str, str]]:
        """Every (placeholder, category, value), decrypted (pending writes are committed first)."""
        self.flush()
        with self._lock:
            rows = self._db.execute("SELECT placeholder, category, nonce, value FROM items").fetchall()
        for ph, cat, nonce, blob in rows:
            yield ph, cat, self._decrypt(nonce, blob, ph.encode())

    def __len__(self) -> int:
        self.flush()
        with self._lock:
            return int(self._db.execute("SELECT count(*) FROM items").fetchone()[0])


class Vault:
    """Keyed, deterministic placeholders over a store. Thread-safe.

    ``key`` must be a key (random bytes, or :func:`load_key` / :func:`master_key`'s result), never a passphrase:
    placeholders are an HMAC under a key derived from it, cheap to recompute for anyone who can guess ``key``."""

    def __init__(self, key: bytes | None = None, store: Store | None = None, user_key: bytes | None = None) -> None:
        """``user_key``: the key placeholders of user-scoped categories (``categories.toml``: a user name) derive
        from, shared by all of one user's conversations; without it they derive from ``key`` like the rest."""
        master = key if key is not None else secrets.token_bytes(32)
        self._hmac_key = _derive(master, b"coatcheck placeholder v1")
        self._user_hmac_key = _derive(user_key, b"coatcheck placeholder v1") if user_key is not None else None
        self.store: Store = store if store is not None else MemoryStore()
        self._lock = threading.RLock()
        # (category, value) -> placeholder, for entries the store holds durably; a thread's batch keeps its own
        # new ones apart until they are committed (see _by_value)
        self._stored: dict[tuple[str, ...], str] = {}
        self._batch = threading.local()
        self._prov: dict[str, Provenance] = {}
        self._first: dict[tuple[str, str], str] | None = None

    @property
    def _by_value(self) -> MutableMapping[tuple[str, ...], str]:
        """The placeholders this thread may hand out without asking the store: those whose value is stored, and
        inside :meth:`batch` the thread's own new ones. Another thread must not take a placeholder whose value is
        still pending (it could leave the process before the commit); it goes through the store, which commits
        the pending value first."""
        mine: dict[tuple[str, ...], str] | None = getattr(self._batch, "new", None)
        return self._stored if mine is None else ChainMap(mine, self._stored)

    @contextmanager
    def batch(self) -> Iterator[None]:
        """Store the values of all placeholders made inside the block together, when the outermost block exits: a
        file vault then commits once per block instead of once per new value. Wrap one masking call (or one request)
        in it, and let no placeholder made inside leave the process before the block has exited without an
        exception. Re-entrant; other threads are not affected."""
        if getattr(self._batch, "new", None) is not None:
            yield
            return
        new: dict[tuple[str, ...], str] = {}
        self._batch.new = new
        try:
            if isinstance(self.store, Batching):
                with self.store.batch():
                    yield
            else:
                yield
            committed = True
        except BaseException:
            committed = False
            raise
        finally:
            self._batch.new = None
            if committed:
                self._stored.update(new)

    def flush(self) -> None:
        """Commit whatever the store still holds in memory (a no-op for stores that write at once)."""
        if isinstance(self.store, Batching):
            self.store.flush()

    @classmethod
    def open(cls, path: str | os.PathLike[str], key: bytes | None = None) -> Vault:
        """A vault backed by an encrypted file, usable from another process with the same key."""
        master = key if key is not None else load_key()
        return cls(master, FileStore(path, master))

    def _candidate(self, tag: str, cat: str, value: str, round_: int, scope: str = "") -> str:
        msg = f"{cat}\x00{round_}\x00".encode() + value.encode("utf-8", "surrogatepass")
        if scope:  # a text's own namespace: equal values elsewhere get other placeholders
            msg += b"\x00scope\x00" + scope.encode("utf-8", "surrogatepass")
        key = self._hmac_key
        if not scope and self._user_hmac_key is not None and category(cat).user_scoped:
            key = self._user_hmac_key
        digest = hmac.new(key, msg, hashlib.sha256).digest()
        n = int.from_bytes(digest[:8], "big")
        body = "".join(_B32[(n >> (5 * i)) & 31] for i in range(_HASH_LEN - 1))
        return f"{tag}_{body}{_B32[26 + digest[8] % 6]}"

    def placeholder(self, cat: str, value: str, scope: str = "") -> str:
        """The placeholder for ``value`` of category ``cat``; records it in the store. ``scope``: a namespace (one
        text from the network) in which equal values get placeholders of their own, so that nobody learns from a
        placeholder that a value they planted equals one the session already knows."""
        known = self._by_value.get((cat, value + "\x00" + scope if scope else value))
        if known:
            return known
        if not scope:
            # outside a scope a value keeps the placeholder it was first given (perhaps in a scope): a client that
            # resends the model's own tool call after a restart gets the same bytes upstream as before
            first = self._first_placeholders().get((cat, value))
            if first and self.store.get(first) == (cat, value):  # through the store: a pending value is committed
                return first
        tag = category(cat).tag
        with self._lock:
            for round_ in range(64):
                ph = self._candidate(tag, cat, value, round_, scope)
                found = self.store.get(ph)
                if found is None:
                    self.store.put(ph, cat, value)
                    break
                if found == (cat, value):
                    break
            else:  # pragma: no cover - 64 collisions in a row would mean a broken hash
                raise VaultError("placeholder space exhausted")
            self._by_value[(cat, value + "\x00" + scope if scope else value)] = ph
            self._first_placeholders().setdefault((cat, value), ph)
            return ph

    def first_placeholder(self, cat: str, value: str) -> str | None:
        """The first placeholder ``value`` of category ``cat`` was given (in any scope), or None."""
        return self._first_placeholders().get((cat, value))

    def _first_placeholders(self) -> dict[tuple[str, str], str]:
        """(category, value) -> the first placeholder the value was given, read from the store once."""
        if self._first is None:
            first: dict[tuple[str, str], str] = {}
            for ph, cat, value in self.store.items():
                first.setdefault((cat, value), ph)
            self._first = first
        return self._first

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
