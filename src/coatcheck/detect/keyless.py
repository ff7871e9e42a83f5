"""Secrets with no name on them: tokens no provider rule claims, scored by a small learned model.

A candidate (:func:`.keyless_features.candidates`) is scored by logistic regression over hashed features of its
characters and its context (``data/keyless/``; trained by ``training/keyless/``, described in
``MODEL_CARD_KEYLESS.md``). At or above the model's threshold it is a secret, unless it is a placeholder, a
template or a documented example (the keep filters every secret detector uses).
"""

from __future__ import annotations

import functools
import math

import numpy as np
import regex

from ..errors import ConfigError
from ..spans import Span
from .encoded import encoded_content
from .entropy import shannon_entropy
from .keep import file_name_key, is_public_token, kept_by
from .tables import DIGEST_COLUMNS, column_name
from .vocabulary import credential_words, identifier_words, is_credential_key, vocab_cache, vocabulary_words
from .x12 import x12_line
from .lines import LineCache, lines
from .hashed_model import bundled_weights
from .keyless_features import BUCKETS, FEATURES_VERSION, KEY_BEFORE, PEM_BLOCK, buckets, candidates

# values that are ids or digests unless something says otherwise: hex (with separators, after an algorithm name as
# gpg prints key ids, before a data-centre code as Cloudflare's ray ids), a lower-case word prefix and underscore
# (Stripe's ord_…, price_…; Anthropic's msg_…)
_ID_SHAPE = regex.compile(
    r"(?:[a-z][a-z0-9]{1,15}/|v\d+[-_])?[0-9a-fA-F]+(?:(?:[-:.]|\.\.)[0-9a-fA-F]+)*(?:-[A-Z]{3})?"  # rsa4096/…, v3-…, a..b, cf-ray
    r"|[a-z]{2,8}_[A-Za-z0-9]{6,}"  # ord_…, price_…, msg_…
    r"|(?:sha\d{0,3}|md5|h1|zh|blake2[bs]?|sha3-\d+)[-:/][A-Za-z0-9+/=_-]{8,}"  # sha512-… (SRI), h1:… (go.sum)
    r"|[A-Z]{1,4}-[A-Z0-9]{6,12}"  # G-…, UA-…, GTM-… (analytics and tag ids)
    r"|[0-7][0-9A-HJKMNP-TV-Z]{25}"  # ULID
    r"|[0-9a-df-np-sv-z]{32}|[0-9a-df-np-sv-z]{52}"  # Nix base32 store and file hashes
    r"|age1[02-9ac-hj-np-z]{58}"  # an age recipient: a public key (the private one is AGE-SECRET-KEY-1…)
    r"|Qm[1-9A-HJ-NP-Za-km-z]{44}|baf[a-z2-7]{50,}"  # IPFS CIDs (v0 base58, v1 base32)
    r"|[a-z][a-z0-9]{1,20}[-_][0-7][0-9a-hjkmnp-tv-z]{25}"  # TypeID-style prefixed ULIDs (export-01ks8…)
    r"|[a-z0-9][a-z0-9-]*-[bcdfghjklmnpqrstvwxz2456789]{8,10}-[bcdfghjklmnpqrstvwxz2456789]{5}"  # k8s pod names
    r"|(?:[a-z]{2,12}_){1,4}[0-9a-f]{6,12}"  # generated schema names: fk_rails_3dad120da9, index_users_on_5f2a…
    r"|(?:[A-Z][a-z]+){2,}\d{10,14}"  # a migration's class name and timestamp (AddIndexToOrders1716292495508)
    r"|[a-z0-9][\w./-]*@sha(?:256|384|512)"  # an image reference cut before its digest: golang@sha256
)
# a short type prefix before 32 or more random characters of both cases and digits is how providers shape a token
# (phx_…, nfp_…, cfat_…), not an object id: ids carry shorter bodies (Stripe's 14-24, msg_… 24) or hex (resp_…)
_PREFIXED_TOKEN = regex.compile(r"[a-z]{2,8}_(?=[A-Za-z0-9]*[A-Z])(?=[A-Za-z0-9]*[a-z])(?=[A-Za-z0-9]*\d)[A-Za-z0-9]{32,}")
_DIGEST_BEFORE = regex.compile(r"(?<![\w-])(?:h1|zh|md5|sha\d{0,3}|sha3-\d+|blake2[bs]?|sri)[:=-]$", regex.I)
_PUBLIC_LABEL = regex.compile(r"(?:public[ _-]?key|pub[ _-]?key|publickey|recipients?|peer)(?:[\"']?\s*[:=]\s*[\"']?|>)$")
_HOSTNAME = regex.compile(r"(?:[a-z0-9-]+\.)+[a-z]{2,24}")  # f3fa6842….cloudfront.net: a host, not a key
# an object id typed by a short prefix before a hex digest: Twilio's SM…/CA…/AC… (32 hex), Gerrit's Change-Id I… (40
# hex), an XML id attribute's _… (SAML InResponseTo, SessionIndex). A secret's hex carries no such type letter.
# and the public ids of security advisories (GitHub's GHSA-xxxx-xxxx-xxxx in its own alphabet, the OSV databases')
_TYPED_ID = regex.compile(r"[A-Z]{1,2}(?:[0-9a-f]{32}|[0-9a-f]{40})|_[0-9a-f]{16,64}|GHSA(?:-[2-9cfghjmpqrvwx]{4}){3}"
                          r"|F0[12][A-Z]{6}[A-Z0-9]{2}[A-Z0-9]{4}\d{10}"  # a SWIFT FIN message's basic header block (BIC, session)
                          r"|(?:PYSEC|RUSTSEC|GO|GMS|OSV|CVE)-\d{4}-[0-9A-Za-z-]{3,}")
# a digest its algorithm names (SRI's sha512-…, go.sum's h1:…, a certificate pin's sha256/…): whatever word is before
# it ("pin", "key"), a digest
# a digest after its algorithm's name (Vault's audit log HMACs every value: "hmac-sha256:ba61…"); the name alone
_NAMED_DIGEST = regex.compile(r"(?i)(?:hmac-)?(?:sha-?(?:1|224|256|384|512)|md5|blake2[bs]|sha3-\d+)"
                              r"(?:[-:/][A-Za-z0-9+/_-]{20,}={0,2})?")
_NUMBER = regex.compile(r"[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?")  # 2.654730755743257e+16


_SF_SUFFIX = "ABCDEFGHIJKLMNOPQRSTUVWXYZ012345"


def salesforce_id(value: str) -> bool:
    """A Salesforce record id of 18 characters: its last three encode which letters of the first fifteen are
    capitals (five bits a character), a check no random token passes by chance (1 in 32,768)."""
    if len(value) != 18 or not value.isascii() or not value.isalnum():
        return False
    for k in range(3):
        bits = sum(1 << j for j, c in enumerate(value[5 * k:5 * k + 5]) if c.isupper())
        if value[15 + k] != _SF_SUFFIX[bits]:
            return False
    return True


@vocab_cache
def _cue_words() -> frozenset[str]:
    """Single words that say a credential follows: every credential noun and key word, every language."""
    words = {w.lower() for w in vocabulary_words("credentials", "phrase_nouns") if " " not in w}
    return frozenset(words | credential_words("words") | {"bearer", "authorization", "auth"})


def _before(text: str, start: int, width: int = 80) -> str:
    """The ``width`` characters of ``start``'s line before it, JSON escapes' backslashes dropped (\\"uid\\":)."""
    ls = text.rfind("\n", 0, start) + 1
    return text[max(ls, start - width):start].replace("\\", "")


def _service_key(name: str) -> bool:
    """``PDFSHIFT_KEY``, ``censys.key``: a name ending in "key" after a word that is no data-key word."""
    words = [w.lower() for w in identifier_words(name)]
    return len(words) >= 2 and words[-1] == "key" and words[-2] not in credential_words("key_not_credential")


def identifier_key(text: str, start: int) -> bool:
    """The value is given to a key that names an identifier or a digest (uid, traceId, checksum, etag …) and no
    credential: whatever it looks like, it is not a secret (the slot decides, both ways)."""
    before = _before(text, start)
    if _DIGEST_BEFORE.search(before):
        return True  # go.sum's h1:…, sha256:…, an SRI sha512-…
    key = KEY_BEFORE.search(before)
    if key is None:  # "fixture id 29hq3FCV…": an identifier named in the words before
        words = regex.findall(r"[\p{L}]+", before.lower())[-2:]
        return bool(words) and words[-1] in credential_words("identifier_keys") and not credential_cue(text, start)
    if is_credential_key(key.group(1)):
        return False
    words = [w.lower() for w in identifier_words(key.group(1))]
    data_key = len(words) >= 2 and words[-1] == "key" and words[-2] in credential_words("record_keys")
    return bool(words) and (words[-1] in credential_words("identifier_keys") or "public" in words or "pub" in words
                            or data_key  # incident_key, dedup_key, routing_key: a record's key, no credential
                            or len(words) >= 2 and words[-1] == "by")  # last_edited_by, created_by: who, by an id


# the last word of a column of ids (narrower than a key's: "content" or "agent" columns hold anything)
_ID_COLUMNS = frozenset({"id", "ids", "uid", "uuid", "guid", "ref", "reference", "number", "no", "nr", "num",
                         "transaction", "txn", "order", "booking", "confirmation", "tracking", "locator", "invoice",
                         "receipt", "serial", "sku", "trace", "request", "correlation", "riferimento", "referenz",
                         "référence", "referencia", "numero", "nummer", "numéro", "número", *DIGEST_COLUMNS})
ID_COLUMN_WORDS = _ID_COLUMNS
"""Header words that say a column holds identifiers (``tracking_no``, ``psp_reference``, ``id_echantillon``)."""


def identifier_column(name: str) -> bool:
    """A table column (normalised header: ``psp_reference``, ``tracking_no``) that names an identifier and no
    credential: its cells are ids however random they look."""
    words = [w for w in name.split("_") if w]
    if is_credential_key(name) or any(w in credential_words("words") or w in ("key", "keys") for w in words):
        return False  # token_ref, secret_ref, api_key: the column names a credential
    return bool(words) and words[-1] in _ID_COLUMNS


_COMMIT = regex.compile(r"[0-9a-f]{40}|[0-9a-f]{64}")
_LONG_HEX = regex.compile(r"[0-9a-f]{32,128}|[0-9A-F]{32,128}")


def _keyed_hex(text: str, start: int, value: str) -> bool:
    """32 hex digits or more given to a key (``k = "…"``, ``"value": "…"``): a key that named an identifier or a
    digest (sha, checksum, etag, id …) would have kept it (:func:`identifier_key`); under any other a digest's
    length and alphabet are a key's too."""
    if _LONG_HEX.fullmatch(value) is None:
        return False
    before = _before(text, start)
    key = KEY_BEFORE.search(before)
    if key is None:
        return False
    if before[key.end(1):key.end(1) + 1] == '"' and key.group(1).lower() != "value":
        return False  # a JSON document's keys name their ids ("sel", "idBoard"); its "value" slot names nothing
    return not file_name_key(before, key.start(1), key.group(1))



def public_label(text: str, start: int) -> bool:
    """A label just before the value names public key material: ``public key:``, ``PublicKey =``, ``peer:`` in
    ``wg show``, ``recipient:`` (age, sops). Their values look like private keys and are not secrets."""
    return _PUBLIC_LABEL.search(_before(text, start, 40).lower()) is not None


def credential_cue(text: str, start: int) -> bool:
    """The line before ``start`` gives the value to a credential key or names a credential in its last words."""
    before = _before(text, start)
    key = KEY_BEFORE.search(before)
    if key is not None:
        if file_name_key(before, key.start(1), key.group(1)):
            return False  # "src/secret.rs": "…" in a checksum map
        if is_credential_key(key.group(1)) or _service_key(key.group(1)):
            return True
        # a label of two words: "API key:", "Access token:", "Clé secrète :" (a key of one word is no credential)
        prev = regex.findall(r"[\p{L}\d]+", before[max(0, key.start(1) - 40):key.start(1)])
        return bool(prev) and " " in before[key.start(1) - 1:key.start(1)] and is_credential_key(f"{prev[-1]}_{key.group(1)}")
    # the sentence's last words ("the key I rotated yesterday, the new one is …", "el token que tenemos en producción
    # es …"), unless it is about a digest ("the sha256 of the key file is …", "the commit that fixed the token bug")
    sentence = regex.findall(r"[\p{L}]+", regex.split(r"[.!?;:]\s", before.lower())[-1])[-12:]
    if any(w in _DIGEST_WORDS for w in sentence):
        return False
    words = regex.findall(r"[\p{L}]+", before.lower())[-5:]
    if any(w in _cue_words() for w in words):
        return True
    # farther back only where the value is what the sentence says the credential is: a copula right before it
    return bool(sentence) and sentence[-1] in _COPULAS and any(w in _cue_words() for w in sentence)


_LIST_ITEM = regex.compile(r"[A-Za-z0-9+/_-]{16,}={0,2}")
_ITEM_BEFORE = regex.compile(r"[A-Za-z0-9+/_-]{16,}={0,2}$")
_ITEM_EDGE = frozenset(",:= \t\"'[")  # what stands before a list's first item (its key's sign, a quote, a bracket)


def _alphabet(value: str) -> tuple[bool, bool, bool, bool]:
    return (any(c.isupper() for c in value), any(c.islower() for c in value), any(c.isdigit() for c in value),
            any(c in "+/=" for c in value))


def _found(m: regex.Match[str], found: set[tuple[int, int]]) -> bool:
    """The item is a candidate found on its own (with or without its base64 padding)."""
    return m.span() in found or (m.start(), m.start() + len(m.group().rstrip("="))) in found


def _mates(line: str, start: int, end: int, found: set[tuple[int, int]]) -> list[tuple[int, int]]:
    """The items of the comma-separated run around ``line[start:end]`` shaped as it is, up to the next item found on
    its own (which reads its side of the run itself: each item is read at most twice)."""
    value = line[start:end].rstrip("=")
    shape = _alphabet(value)
    out = []
    pos = end
    while line.startswith("=", pos):
        pos += 1  # base64 padding the candidate left out
    while line.startswith(",", pos) and (m := _LIST_ITEM.match(line, pos + 1)) is not None:
        item = m.group().rstrip("=")
        if _found(m, found) or abs(len(item) - len(value)) > 2 or _alphabet(item) != shape:
            break
        out.append(m.span())
        pos = m.end()
    pos = start
    while pos > 1 and line[pos - 1] == ",":
        m = _ITEM_BEFORE.search(line, max(0, pos - 1 - len(value) - 4), pos - 1)
        if m is None or m.start() > 0 and line[m.start() - 1] not in _ITEM_EDGE:
            break  # the window cut an item, or a key's name stands glued before it
        item = m.group().rstrip("=")
        if _found(m, found) or abs(len(item) - len(value)) > 2 or _alphabet(item) != shape:
            break
        out.append(m.span())
        pos = m.start()
    return out


_COPULAS = frozenset({"is", "was", "are", "es", "era", "è", "ist", "lautet", "war", "est", "était", "sono", "son"})


_DIGEST_WORDS = frozenset({"hash", "hashes", "sha", "sha1", "sha256", "sha512", "md5", "checksum", "checksums",
                           "digest", "fingerprint", "commit", "etag", "uuid", "revision", "hashed",
                           "prüfsumme", "somme", "contrôle", "impronta", "huella", "firma", "signature"})


_KEEPS = ("is_templated", "is_public_token", "is_placeholder_value", "is_documented_example", "is_uuid", "is_version", "is_date",
          "is_workload_name", "is_order_number", "is_vehicle_number", "is_thing_field_value")


_RANDOM_VALUE_BEFORE = regex.compile(r"[=:][ \t]?[\"']?$|[\"']$")
_BASE62 = regex.compile(r"[A-Za-z0-9]{32,256}")
_LOWER_RUN = regex.compile(r"[a-z]{7,}")


def random_base62(value: str) -> bool:
    """32 to 256 letters and digits that read as random, not as words: both cases often (a switch every five
    characters at least), two digits or more, no run of seven lower-case letters, 4.3 bits a character or more. A
    CamelCase name (``AbstractSingletonProxyFactoryBean``) has long lower-case runs and few switches."""
    if _BASE62.fullmatch(value) is None or _LOWER_RUN.search(value) is not None:
        return False
    upper = sum(c.isupper() for c in value)
    lower = sum(c.islower() for c in value)
    if upper < 4 or lower < 4 or len(value) - upper - lower < 2:
        return False
    switches = sum(1 for a, b in zip(value, value[1:], strict=False) if a.isalpha() and b.isalpha() and a.isupper() != b.isupper())
    return switches * 5 >= len(value) and shannon_entropy(value) >= 4.3


_GLUED_TAIL = regex.compile(r"=[^\s\"'`<>&;,]{2,200}+(?=[\s\"'`]|$)")


def _glued_end(line: str, end: int) -> int:
    """The end of a key whose own "=" the candidate reader stopped at (``BD7?Wop5wQEE=VukIZZD``, a psk): the rest
    of the word, up to a blank or a quote, is the key's too."""
    if end < len(line) and line[end] == "=" and (m := _GLUED_TAIL.match(line, end)) is not None:
        return m.end()
    return end


class KeylessModel:
    """The shipped weights: ``score(text, start, end)`` is the probability that the candidate is a secret."""

    def __init__(self, weights: np.ndarray, bias: float, threshold: float) -> None:
        if weights.shape != (BUCKETS,):
            raise ConfigError(f"keyless model: {weights.shape[0]} weights, the features need {BUCKETS}")
        self.weights = weights
        self.bias = bias
        self.threshold = threshold

    @classmethod
    @functools.cache
    def bundled(cls) -> KeylessModel:
        """The model shipped in ``data/keyless/``; weights trained on other features than this package computes
        are refused (ConfigError)."""
        meta, weights = bundled_weights("keyless", FEATURES_VERSION, "keyless model")
        return cls(weights, float(meta["bias"]), float(meta["threshold"]))

    def score(self, text: str, start: int, end: int) -> float:
        z = float(self.weights[buckets(text, start, end)].sum()) + self.bias
        return 1.0 / (1.0 + math.exp(-max(min(z, 60.0), -60.0)))


class KeylessDetector:
    """Scores every candidate token of a text; those at or above the threshold are secrets."""

    name = "keyless"
    produces = frozenset({"secret"})
    # 16 hex digits inside a float (2.654730755743257e+16) decode to 8 printable bytes often enough: the encoded
    # search hands this detector decoded texts of 24 characters or more only
    decoded_min_chars = 24

    def __init__(self, model: KeylessModel | None = None) -> None:
        self.model = model or KeylessModel.bundled()
        self._lines = LineCache(lambda line: tuple(self._scan(line)))

    def clear_cache(self) -> None:
        """Forget the findings of the lines seen before."""
        self._lines.clear()

    def detect(self, text: str) -> list[Span]:
        """The candidates of ``text`` the model scores at or above its threshold and no keep filter claims."""
        out: list[Span] = []
        pem = [m.span() for m in PEM_BLOCK.finditer(text)] if "-----BEGIN " in text else []
        k = 0  # the first PEM block that does not end before the current line
        for ls, le in lines(text):
            while k < len(pem) and pem[k][1] <= ls:
                k += 1
            inside = []  # the PEM blocks on this line (sorted by start; the first 64 at most)
            for block in pem[k:k + 64]:
                if block[0] >= le:
                    break
                inside.append(block)
            found = self._scan(text[ls:le]) if inside else self._lines.get(text[ls:le])
            for s, e, p in found:
                if not any(a < ls + e and ls + s < b for a, b in inside):
                    out.append(Span(ls + s, ls + e, "secret", self.name, p))
        # a JSON Web Key's members stand on other lines than its "kty": read in the whole text
        out = [s for s in out if not is_public_token(text, s.start, s.end)]
        if out and any(sep in text for sep in ",;\t|"):
            # a table's column that names an identifier (Psp Reference, Tracking No): its header is the cells' key
            out = [s for s in out if not identifier_column(column_name(text, s.start) or "")]
        return out

    def _scan(self, line: str) -> list[tuple[int, int, float]]:
        out = []
        x12: bool | None = None
        for start, end in candidates(line):
            if not line[start:end].isascii():
                # quotes, arrows or words of another script glued to a key («…», “…”, 密钥是…) are its edges; a
                # letter no key has inside the token (2-Gefäßerkrankung) makes it a word
                while start < end and not line[start].isascii():
                    start += 1
                while end > start and not line[end - 1].isascii():
                    end -= 1
                if end - start < 8 or not line[start:end].isascii():
                    continue
            value = line[start:end]
            if (_NUMBER.fullmatch(value) or _HOSTNAME.fullmatch(value) or _TYPED_ID.fullmatch(value)
                    or salesforce_id(value) or _NAMED_DIGEST.fullmatch(value)):
                continue  # never scored: a number, a host name, a typed object id, a digest named by its algorithm
            if line[max(0, start - 3):start] == "bh=" or (line[max(0, start - 2):start] == "b=" and "DKIM" in line.upper()):
                continue  # a DKIM signature's body hash and signature: public, they travel in every mail's header
            if "*" in value:
                if x12 is None:
                    x12 = x12_line(line)  # once per line: a long line of candidates must not be scanned again for each
                if x12:
                    continue  # an X12 interchange's elements (control numbers, dates, codes); detect/x12.py reads it
            if value[0] in "+-U" and _COMMIT.fullmatch(value, 1):
                continue  # git submodule status: "+3b0ab1be…" (checked out elsewhere), "-…" (not initialised), "U…"
            p = self.model.score(line, start, end)
            if p < self.model.threshold and _RANDOM_VALUE_BEFORE.search(line, max(0, start - 3), start) and random_base62(value):
                p = self.model.threshold  # the model's miss on letters-heavy keys: a base62 run that reads as random
            if (p >= self.model.threshold and kept_by(line, start, end, _KEEPS) is None
                    and not encoded_content(value) and not identifier_key(line, start) and not public_label(line, start)
                    and (not _ID_SHAPE.fullmatch(value) or _PREFIXED_TOKEN.fullmatch(value)
                         or credential_cue(line, start) or _keyed_hex(line, start, value))):
                out.append((start, _glued_end(line, end), round(0.5 + p / 2.5, 3)))
        return self._list_mates(line, out)

    @staticmethod
    def _list_mates(line: str, found: list[tuple[int, int, float]]) -> list[tuple[int, int, float]]:
        """The other items of a comma-separated list whose one item is a key, shaped as it is (``KEYS=a…=,b…=``:
        rotated keys, the second one alone reads as nothing): same length within two, same alphabet."""
        if not found or "," not in line:
            return found
        out = list(found)
        own = {(s, e) for s, e, _ in found}
        taken = set(own)
        for s, e, p in found:
            for a, b in _mates(line, s, e, own):
                if (a, b) not in taken and kept_by(line, a, b, _KEEPS) is None:
                    taken.add((a, b))
                    out.append((a, b, p))
        return sorted(out)
