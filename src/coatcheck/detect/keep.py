"""Keep-readable filters: named predicates that say a candidate is something the agent needs to read.

Each predicate takes ``(text, start, end)`` (the candidate is ``text[start:end]``) and returns True
when the candidate must stay readable. Rule records list the predicates that apply to them in
their ``keep`` field; :data:`SECRET_KEEPS` apply to every secret-like candidate.
"""

from __future__ import annotations

import ipaddress
import re
import sys
from bisect import bisect_left
from collections.abc import Callable
from functools import cache, lru_cache

from stdnum import iso6346 as _iso6346

from .._data import data_path, load_toml, word_list
from ..errors import ConfigError
from .entropy import shannon_entropy
from .lines import newline_offsets
from .validators import iban as _iban
from .validators import name_like as _name_like
from .validators import truncated_login as _truncated_login
from .validators import first_name_stem as _first_name_stem
from .validators import made_from_name as _made_from_name
from .validators import service_account as _service_account
from . import vocabulary

KeepPredicate = Callable[[str, int, int], bool]

_TEMPLATE = re.compile(
    r"""^(?:
        \$\{[^}]*\}.*|\$\{[A-Za-z_][A-Za-z0-9_]*:?[-?+=][^}]*|\$\([^)]*\).*|\$[A-Za-z_][A-Za-z0-9_]*|%\([^)]*\)[sd]|%[A-Za-z_][A-Za-z0-9_]*%
      | \{\{.*\}\}|\{%.*%\}|\{[A-Za-z_][A-Za-z0-9_.]*\}|\#\{[^}]*\}|<%=?.*%>|@[A-Za-z_]+@
      | <[^<>]{1,60}>|\[[A-Za-z_ -]{1,60}\]|__[A-Z0-9_]+__
      | (?:base64|hex|env|file|secret|vault):(?:<[^<>]{1,60}>|\$\{[^}]*\}|\{\{.*\}\})
      | !(?:secret|env_var|include|vault)[ ][A-Za-z_][\w.-]{0,60}   # a YAML tag that fetches it (Home Assistant's !secret)
    )$""",
    re.X | re.S,
)
_PLACEHOLDER_SHAPES = re.compile(
    r"""^(?:
        (?i:(?:todo|fixme|tbd|tbc)(?:[-_: ]+[a-z]+){0,8}|x{3,}|\*{3,}|\.{3,}|_{3,}|-{3,}|\#{3,}|•{3,}|0{4,}|1234\d*|abc(?:123|def)?|(?:your|my)[-_]\w*|your\w*|\w*[-_](?:here|goes[-_]here|placeholder)|<?redacted>?|\[redacted\]|\*+redacted\*+|(?:replace|change|fill|insert|enter|set)[-_ ]?(?:me|this|it|here|value|later|your\w*|with\w*))
      | [A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+      # SHOUTING_SNAKE: an env-var name, not a value
    )$""",
    re.X,
)
_CODE_REF = re.compile(
    r"""^(?:
        (?:os\.)?(?:environ|getenv|env)\b.*|process\.env\b.*|ENV\[.*|System\.getenv.*|std::env.*|Deno\.env.*
      | (?:self|this|config|settings|cfg|conf|options|opts|args|params|props|secrets|vars|env|ctx|context|request|req)\.[\w.\[\]'"]+
      | [A-Za-z_][\w.]*\(.*\)            # a call
      | [A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+  # dotted attribute path
      | (?:vault|secretsmanager|ssm|keyvault|gcp-secret|op|doppler|sops|awssm):.*   # secret-manager references
      | arn:aws:(?:secretsmanager|ssm):.* | !Ref\s.*|!Sub\s.*|!GetAtt\s.*|secretKeyRef.*|valueFrom.*
    )$""",
    re.X | re.S,
)
_UUID = re.compile(r"^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$")
_HASH = re.compile(
    r"^(?:[0-9a-f]{7,12}|[0-9a-f]{32}|[0-9a-f]{40}|[0-9a-f]{56}|[0-9a-f]{64}|[0-9a-f]{96}|[0-9a-f]{128}"
    r"|[0-9A-F]{32}|[0-9A-F]{40}|[0-9A-F]{64}"
    r"|(?:sha1|sha256|sha384|sha512|md5|blake2b?)[-:/][A-Za-z0-9+/=_-]{20,}"
    r"|I[0-9a-f]{40})$"  # a Gerrit Change-Id
)
_VERSION = re.compile(r"^[vV]?\d+(?:\.\d+){1,3}(?:[-+.~]?[0-9A-Za-z][0-9A-Za-z.+~-]*)?$")
_DATE = re.compile(
    r"^(?:\d{4}[-/.]\d{1,2}[-/.]\d{1,2}(?:[T ]\d{1,2}:\d{2}(?::\d{2}(?:[.,]\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?"
    r"|\d{1,2}[-/.]\d{1,2}[-/.]\d{2,4}|\d{8}T?\d{0,6}Z?|\d{1,2}:\d{2}(?::\d{2})?"
    # a month's abbreviation between a day and a year (03-Mar-1985, 12-Jan-25: Oracle's and many logs' dates)
    r"|\d{1,2}-(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|gen|mag|giu|lug|ago|set|ott|dic|mär|mai|okt|dez|"
    r"fév|fev|avr|juil|aoû|déc|ene|abr|dic)-\d{2,4})$",
    re.IGNORECASE,
)
_KEY_BEFORE = re.compile(r"""([A-Za-z_][\w.-]{0,60})["'`]?\]?\s*(?::=|=>|[:=])\s*["'`]?$""")


_SESSION_KEY = re.compile(r"(?i)session|cookie|bearer")


def _credential_key_before(text: str, start: int) -> bool:
    """A credential-named key is assigned right before ``start`` (then a UUID or hex string is a key)."""
    m = _KEY_BEFORE.search(text[max(0, start - 64) : start])
    return m is not None and (vocabulary.is_credential_key(m.group(1)) or _SESSION_KEY.search(m.group(1)) is not None)


def is_templated(text: str, start: int, end: int) -> bool:
    """``${X}``, ``{{x}}``, ``<your-api-key>``, ``%(x)s``, ``$VAR``, ``KEY=`vault read …``` … : a reference or a
    command that fetches the value, not a value."""
    if text[start - 2:start] == "=`" and text[end:end + 1] == "`" and _COMMAND.match(text, start, end):
        return True  # SUMO_ACCESS_KEY=`etcdctl get /sumologic_secret`: a shell's command substitution
    return bool(_TEMPLATE.match(text[start:end]) or _TEMPLATED_USERINFO.match(text, start, end))


# a URL whose credential is a template: https://<chiave>@o0.ingest.sentry.io/<progetto>, redis://:${REDIS_PASS}@cache
_TEMPLATED_USERINFO = re.compile(r"[a-z][a-z0-9+.-]*://(?:[^@/\s]*:)?(?:<[^<>\s]{1,40}>|\$\{[^}\s]{1,40}\}|\{\{[^}]{1,40}\}\})@")
_COMMAND = re.compile(r"[a-z][\w./-]*[ ]+\S")


_ASCENDING_TAIL = re.compile(r"(?<=[a-z])1(?:2(?:3(?:4(?:5(?:6(?:7(?:89?)?)?)?)?)?)?)?$")
_DUMMY_STEMS = frozenset({"test", "demo", "example", "sample", "dummy", "fake", "changeme", "foo", "bar", "foobar"})
_ELLIPSIS_TAIL = re.compile(r"[a-z]{2,8}(?:([_-])[a-z]{2,6}){0,2}[_-](?:\.{3,}|…|\*{3,})")
_DEV_WORDS = _DUMMY_STEMS | {"local", "dev", "development", "testing", "mock", "sandbox", "e2e", "ci", "my", "some", "super"}
# the words that make a three-part value a stand-in (test-webhook-secret), not "my" or "super" (my-wedding-password)
_STAND_IN_WORDS = frozenset({"test", "testing", "dev", "development", "local", "dummy", "fake", "sample", "example",
                             "demo", "mock", "sandbox", "e2e", "ci"})


# a file's extension, as code and data files have them (not a properties key's last part: db.password)
_FILE_NAME = re.compile(
    r"\.(?:rs|py|pyi|js|mjs|cjs|ts|tsx|jsx|go|rb|java|kt|kts|c|h|cc|cpp|hpp|cs|php|swift|mm|scala|sh|bash|zsh|ps1|json|"
    r"toml|yaml|yml|xml|html?|css|scss|md|rst|txt|csv|lock|cfg|ini|conf|bazel|bzl|proto|sql|gz|tgz|zip|tar|whl|jar|so|"
    r"dll|exe|bin|png|jpe?g|gif|svg|wasm|mod|sum|gradle|vue|svelte|lua|pl|pm|ex|exs|erl|hs|zig|nix|dart|tf|hcl)$")


def file_name_key(text: str, start: int, key: str) -> bool:
    """The key at ``text[start:]`` is a file's name or the end of a path: the key of a checksum map ("src/lib.rs": …,
    checksum/config: …), never a credential's, whatever word it holds (``src/secret.rs``); a URL's userinfo after its
    "//" is no path."""
    # after a "/", a key of joined words is a key-value store's path ("config/app/twilio/auth_token:…", consul kv
    # export), a single word a checksum map's ("checksum/secret: …")
    return (text[start - 1:start] == "/" and text[start - 2:start] != "//" and not re.search(r"\w[_-]\w", key)
            ) or _FILE_NAME.search(key) is not None


# private-use characters (or their JSON escapes) standing for a value: another redaction tool's sentinels
_PRIVATE_USE = re.compile(r"(?:\\u[eE][0-9a-fA-F]{3}|[\ue000-\uf8ff])+")


def placeholder_shape(value: str) -> bool:
    """``<GITHUB_TOKEN>``, ``xxxx``, ``REPLACE_ME``, ``your-key-here``, ``TODO``: a value shaped as a placeholder,
    whatever word lists say (narrower than :func:`is_placeholder_value`)."""
    return bool(_PLACEHOLDER_SHAPES.match(value) or _PRIVATE_USE.fullmatch(value)
                or re.fullmatch(r"<[^<>\s]{1,60}>", value))


_PLACEHOLDER_TAIL = re.compile(r"(?i)(?:[a-z]{2,10}(?:[_-](?:test|live|prod|dev|\d))?|\d{5,12})[:_-]"
                               r"(?:replace[_-]?me|change[_-]?me|x{3,}|your[_-][a-z_-]{2,30})")


def _shouted_name(low: str) -> bool:
    """A person's login written in capitals the way some databases keep them (Snowflake's ``ANNA_SCHMIDT``): a first
    name, then a surname, neither a word of code (``MAX_RETRIES``, ``JOHN_DOE`` is a placeholder's)."""
    parts = low.split("_")
    if len(parts) not in (2, 3) or low in word_list("placeholder_values"):
        return False
    code = word_list("code_words")
    return (parts[0] in word_list("first_names_lower") and parts[-1] in word_list("last_names_lower")
            and not any(p in code or p in word_list("common_words") for p in parts))


@cache
def _handle_words() -> frozenset[str]:
    """Words of any list of words we keep: an env var's name is made of them."""
    return frozenset().union(*(word_list(f"{n}_lower") for n in ("code_words", "common_words", "dictionary_words",
                                                                   "prose_words", "placeholder_values")))


def _shouted_handle(low: str) -> bool:
    """A gamer's or a database's handle in capitals made of a first name's stem and a surname's initials (``PRIY_KA``,
    ``EMRE_OZTU``, ``IKER_AG``): not an env var's name, whose parts are words (``DB_USER``, ``MAX_RETRIES``)."""
    parts = low.split("_")
    if len(parts) != 2 or not all(p.isalpha() and p.isascii() for p in parts):
        return False
    first, second = parts
    if not (3 <= len(first) <= 10 and 2 <= len(second) <= 10):
        return False
    words = _handle_words()
    if first in words or first not in word_list("first_names_lower") and not _first_name_stem(first):
        return False  # MAX_TTL, GRACE_MS, RUBY_GC, APRIL_FY: a word first (a name too) makes an env var's name
    return (second not in word_list("code_words_lower") and second not in _UNIT_ABBREVIATIONS
            and (len(second) <= 2 or second not in words))


# what an env var's name ends with after its subject: a unit, a count, a currency (MAX_TTL, PAGE_SZ, ADA_USDT)
_UNIT_ABBREVIATIONS = frozenset({"ttl", "qps", "rps", "tps", "mb", "gb", "kb", "tb", "ms", "ns", "us", "sz", "ci", "cd",
                                 "fy", "gc", "id", "ip", "db", "os", "io", "ui", "ux", "api", "url", "uri", "cpu", "gpu",
                                 "ram", "min", "max", "avg", "sum", "num", "len", "cnt", "pct", "sec", "hr", "hrs",
                                 "usd", "usdt", "eur", "gbp", "btc", "eth", "dir", "env", "ver", "tz", "ts", "dt"})


def is_placeholder_value(text: str, start: int, end: int) -> bool:
    """``YOUR_TOKEN_HERE``, ``xxxx``, ``changeme``, ``***``, ``<redacted>``, ``dummy`` and the words in
    keep/placeholder_values.txt."""
    value = text[start:end].strip("'\"`")
    low = value.lower()
    if low in word_list("placeholder_values") or _PRIVATE_USE.fullmatch(value):
        return True
    if _PLACEHOLDER_SHAPES.match(value):
        return not (_shouted_name(low) or _shouted_handle(low))
    if value.islower() and (m := _ASCENDING_TAIL.search(low)) is not None and low[:m.start()].rstrip("-_.") in _DUMMY_STEMS:
        return True  # test1234, demo_123: a dummy's word and the digits everyone types after it (Admin123!, Root1234 are
        # real weak passwords, and stay masked)
    if (len(set(low)) <= 2 and (len(low) > 2 or low[:1] * len(low) == low) and not (len(low) <= 2 and low.isdigit())
            and not (low.isdigit() and len(set(low)) == 2 and len(low) < 6)  # a paddle's or a member's 727, 1010
            and ((core := re.sub(r"[-_. /]", "", low))[:2] * len(core))[:len(core)] == core):
        return True  # "aaaa", "abab", "xx": one or two characters repeated; not a two-letter surname ("Xu", "Ng"), a
        # day or a month ("11"), a name of two letters ("Otto", "Anna") nor a number of two digits ("34433")
    if _PLACEHOLDER_TAIL.fullmatch(value):
        return True  # sk_test_REPLACE_ME, xapp-1-XXXX, 123456789:CHANGEME: a provider's prefix or a bot's id, the rest a
        # placeholder
    if _ELLIPSIS_TAIL.fullmatch(value):
        return True  # whsec_..., sk_live_…, ghp_***: a provider's prefix and an elision, what docs write for a key
    parts = re.split(r"[-_]", low)
    if (len(parts) >= 2 and value.islower() and all(p in _DEV_WORDS or p in _CREDENTIAL_NAME_WORDS for p in parts)
            and any(p in _DEV_WORDS for p in parts)):
        return True  # local-dev-secret, test_password, dev-token: a development stand-in named for what it stands in for
    if (3 <= len(parts) <= 4 and value.islower() and all(p.isalpha() for p in parts)
            and any(p in _STAND_IN_WORDS for p in parts) and parts[-1] in _CREDENTIAL_NAME_WORDS
            and sum(p not in _DEV_WORDS and p not in _CREDENTIAL_NAME_WORDS for p in parts) == 1):
        return True  # test-webhook-secret, local-jwt-secret, dev-stripe-key: the stand-in names what it is for too
    if ("****" in value or "••••" in value) and sum(c in "*•" for c in value) * 2 >= len(value):
        return True  # a tool's own masked output (****************TI4Q, github_pat_****), not hunter2****
    if _PREFIX_ONLY.fullmatch(low):
        return True  # APP_KEY=base64: (Laravel's key before key:generate fills it), sha256: with nothing after it
    if _AUDIT_HMAC.fullmatch(value):
        return True  # Vault's audit log writes "hmac-sha256:…" for every secret: its own redaction, not the value
    if _alphabet_run(low) >= 12:
        return True  # sk_abcdefghijklmnopqrstuvwxyz123, "ABCDEFGH…xyz0123456789": the alphabet typed out, no key
    if value.islower() and _INSTRUCTION.fullmatch(value):
        return True  # replace-me-with-64-random-chars, change_me_in_prod, fill-me-in: the value says what to put there
    if (len(parts) >= 2 and value == low and all(p.isalpha() for p in parts)
            and (parts[0] in _INSTRUCTION_VERBS and any(p in _INSTRUCTION_FILLERS for p in parts[1:])
                 or len(parts) == 2 and parts[0] in _INSTRUCTION_LEADS and parts[1] in _INSTRUCTION_VERBS)):
        return True  # cambia-esto-por-un-valor-aleatorio, bitte-aendern, a-changer: the instruction in another language
    return any(w in low for w in ("example", "placeholder", "changeme", "dummy", "redacted", "xxxxx", "your_", "your-"))


_AUDIT_HMAC = re.compile(r"hmac-sha(?:1|256|384|512):[0-9a-f]{40,128}")


def _alphabet_run(low: str) -> int:
    """The longest run of letters in alphabetical order, each the next letter ("abcdefgh" is 8)."""
    best = run = 1 if low else 0
    for a, b in zip(low, low[1:], strict=False):
        run = run + 1 if a.isalpha() and b.isalpha() and ord(b) == ord(a) + 1 else 1
        best = max(best, run)
    return best


# a value that tells its reader to replace it
# the whole value: a verb, "me" (or "your … here"), and the words of what to put there ("Enter-The-Dragon-1973!" and
# "set-it-and-forget-it-9" are passphrases)
# the words an instruction puts after its verb (cambia-esto-por-un-valor, remplacer-par-une-valeur, ändern-in-prod)
_INSTRUCTION_FILLERS = frozenset({
    "esto", "este", "esta", "por", "un", "una", "valor", "aleatorio", "aleatoria", "questo", "questa", "con",
    "valore", "casuale", "dies", "durch", "einen", "wert", "zufälligen", "zufaelligen", "ceci", "cela", "par", "une",
    "valeur", "aléatoire", "aleatoire", "moi", "me", "mi", "mich", "in", "en", "prod", "produccion", "produzione"})
_INSTRUCTION_LEADS = frozenset({"bitte", "a", "à", "da", "por", "zu"})
_PREFIX_ONLY = re.compile(r"(?:base64|hex|sha\d{1,3}|md5|plain|enc|encrypted|vault|env|file|secret):")
# verbs that tell the reader to put a value in, in four languages (first word of a hyphenated placeholder, or second
# after a lead: bitte-aendern, a-changer)
_INSTRUCTION_VERBS = frozenset({
    "cambia", "cambiar", "cambiame", "cámbiame", "reemplaza", "reemplazar", "reemplazame",
    "cambiami", "cambiare", "sostituisci", "sostituire", "sostituiscimi", "ändern", "aendern", "ändere", "aendere",
    "ersetzen", "ersetze", "changer", "changez", "changezmoi", "remplacer", "remplacez", "remplace", "modifier",
    "modificar", "modificare"})
_INSTRUCTION = re.compile(r"(?:replace|change|fill|set|generate|update)[-_]?me(?:[-_](?:in|with|to|before|for|now|in[-_]prod|"
                          r"later|please|asap|[a-z0-9]{1,12})){0,8}"
                          r"|(?:insert|put|paste|enter|add|type)[-_ ]your[-_ ][a-z0-9]{1,12}(?:[-_ ][a-z0-9]{1,12}){0,4}")


def is_encoded_content(text: str, start: int, end: int) -> bool:
    """Base64 of readable text, of a file (image, archive, document) or of a certificate or public key: content,
    read decoded by the encoded-copy search, not a key."""
    from .encoded import encoded_content

    return encoded_content(text[start:end])


# a key that names a service account (Kubernetes' serviceAccountName, service_account, a RoleBinding subject's name
# after "kind: ServiceAccount")
_SERVICE_ACCOUNT_KEY = re.compile(r"(?i)service[_.-]?account(?:[_.-]?(?:name|id))?[\"']?\s*[:=]\s*[\"']?$")
_SERVICE_ACCOUNT_SUBJECT = re.compile(r"(?i)kind:\s*[\"']?ServiceAccount[\"']?\s*\n\s*(?:namespace:[^\n]*\n\s*)?name:\s*[\"']?$")


def is_service_account_slot(text: str, start: int, end: int) -> bool:
    """The value is given to a key that names a service account (``serviceAccountName: argo-workflow``) or names the
    subject of kind ServiceAccount: an application's account, not a person's login."""
    line = text[text.rfind("\n", max(0, start - 80), start) + 1 or max(0, start - 80):start]
    return bool(_SERVICE_ACCOUNT_KEY.search(line[-80:]) or _SERVICE_ACCOUNT_SUBJECT.search(text[max(0, start - 160):start]))


_STORAGE_ACCOUNT_BEFORE = re.compile(r"(?i)AccountName=$")


def is_storage_account_name(text: str, start: int, end: int) -> bool:
    """The ``AccountName`` of an Azure storage connection string (``DefaultEndpointsProtocol=https;AccountName=…;
    AccountKey=…``): a storage resource's name, no person's login."""
    if not _STORAGE_ACCOUNT_BEFORE.search(text[max(0, start - 12):start]):
        return False
    lo = max(0, start - 400)
    line = text[text.rfind("\n", lo, start) + 1 or lo:start + 400]
    return "EndpointsProtocol=" in line or "EndpointSuffix=" in line or "AccountKey=" in line


def is_host_named_user(text: str, start: int, end: int) -> bool:
    """A URL's userinfo login that names the service it logs in to (``http://eureka:…@eureka-dev-02:8761``,
    ``amqp://rabbitmq:…@rabbitmq.internal``) or the database it owns (``postgres://pms:…@db:5432/pms``): the
    service's own account, a word (not a customer's number)."""
    at = text.find("@", end, end + 300)
    if at < 0 or any(c.isspace() for c in text[end:at]):
        return False
    host = re.match(r"[A-Za-z0-9-]+", text[at + 1:at + 80])
    # a word: a hosting provider's per-customer host repeats an account's number (u123456@u123456.your-storagebox.de)
    value = text[start:end]
    if host is not None and value.isalpha() and re.split(r"[-.]", host.group().lower())[0] == value.lower():
        return True
    # or the database it owns, its password left to the environment (postgres://chargehub:${POSTGRES_PASSWORD}@db:5432/
    # chargehub): an application's role in a config (a login with its own password may be a person's own database)
    # (or a stand-in a template ships, for a word's role only: postgres://tracker:changeme@db/tracking; a
    # developer's own local role has one too, postgresql://stallard:password@localhost/stallard)
    password = text[end + 1:at] if text[end:end + 1] == ":" else ""
    templated = "${" in password or "{{" in password
    stand_in = bool(password) and is_placeholder_value(text, end + 1, at)
    if not templated and not stand_in:
        return False
    low = value.lower()
    if not value.isalpha() or _made_from_name(low) or low in word_list("first_names_lower"):
        return False
    # a word of the language names a service's role (postgres://tracker:${POSTGRES_PASSWORD}@db:5432/tracking)
    if low in word_list("dictionary_words") and low not in word_list("last_names_lower"):
        return True
    if not templated:
        return False
    database = re.match(r"[^\s/?#\"'<>]{1,253}/(?P<db>[A-Za-z_][\w-]{0,62})(?![\w-])", text[at + 1:at + 320])
    # (not a person's own database, which PostgreSQL names after its role: postgres://mrossi:…@db/mrossi)
    return (database is not None and database.group("db").lower() == low and low not in word_list("last_names_lower"))


# key material meant to be shared: an SSH public key as authorized_keys, ssh-keygen -y and cloud configs write it
_HASHED_HOST = re.compile(r"\|1\|[A-Za-z0-9+/]{27}=\|[A-Za-z0-9+/]{27}=(?= )")
_PUBLIC_KEY = re.compile(r"(?:ssh-(?:rsa|dss|ed25519|ed448)|ecdsa-sha2-nistp(?:256|384|521)|"
                         r"sk-(?:ssh-ed25519|ecdsa-sha2-nistp256)@openssh\.com)[ \t]+AAAA[A-Za-z0-9+/]{16,}={0,3}")
_PUBLIC_KEY_TYPE_BEFORE = re.compile(r"(?:ssh-(?:rsa|dss|ed25519|ed448)|ecdsa-sha2-nistp(?:256|384|521)|"
                                     r"@openssh\.com)[ \t]+$")


# a JSON Web Key's public members (RFC 7517/7518: the modulus and exponent of an RSA key, the curve point of an EC or
# OKP key, the certificate thumbprints); "d", "p", "q", "dp", "dq", "qi" and "k" are the private ones and stay masked
_JWK_PUBLIC_BEFORE = re.compile(r"\"(?:n|e|x|y|x5t|x5t#S256)\"[ \t]*:[ \t]*\"$|\"x5c\"[ \t]*:[ \t]*\[[ \t\r\n]*\"$")
_JWK_TYPE = re.compile(r"\"kty\"[ \t]*:")
# a Content-Security-Policy nonce ('nonce-…' in a source list, nonce="…" on a script or style tag): the server sends
# it in every response it serves
_CSP_NONCE_BEFORE = re.compile(r"(?:-src|-src-elem|-src-attr)\b[^;\n]{0,300}'(?:nonce-)?$|<(?:script|style|link)\b[^<>]{0,200}\bnonce=[\"']$", re.I)


def _in_jwk(text: str, start: int, end: int) -> bool:
    """The span is a public member's value of a JSON Web Key (an object with a "kty" member)."""
    if _JWK_PUBLIC_BEFORE.search(text, max(0, start - 40), start) is None:
        return False
    lo = max(0, start - 2000)
    opening = text.rfind("{", lo, start)
    if opening < 0 or "}" in text[opening:start]:
        return False
    closing = text.find("}", end, end + 2000)
    return _JWK_TYPE.search(text, opening, closing if closing >= 0 else min(len(text), end + 2000)) is not None


def is_public_token(text: str, start: int, end: int) -> bool:
    """A value public by design that a classifier of unnamed tokens would take for a key: a JSON Web Key's public
    members (``"n"``, ``"e"``, ``"x"``, ``"y"``, ``"x5t"`` of an object with ``"kty"``), a Content-Security-Policy
    nonce (``script-src 'nonce-…'``, ``<script nonce="…">``), a certificate's body (PEM, SAML's X509Certificate,
    a JWK's x5c), a host key's fingerprint as WinSCP stores it, a Slack member or channel id, a managed cluster's node
    name (``aks-nodepool1-…-vmss000007``, ``gke-…``), an Exim message id in its log line, a Twilio resource id, a
    token's accessor. Only the unnamed-token detectors ask: a provider's key placed
    there stays that provider rule's."""
    if text.startswith("nonce-", start):
        return _CSP_NONCE_BEFORE.search(text, max(0, start - 320), start) is not None
    value = text[start:end]
    if _NODE_NAME.fullmatch(value) or _SLACK_ID.fullmatch(value) and _SLACK_ID_KEY.search(text, max(0, start - 40), start):
        return True
    if _EXIM_ID.fullmatch(value) and _EXIM_EVENT.match(text, end) is not None:
        return True
    if text.startswith(":", end) and _POSTFIX_BEFORE.search(text, max(0, start - 60), start) is not None:
        return True  # a Postfix queue id after the daemon's name ("postfix/smtpd[21852]: ZPQFY0UJ4W: client=…")
    if _RESOURCE_SID.fullmatch(value) or _ACCESSOR_BEFORE.search(text, max(0, start - 40), start):
        return True
    ls = text.rfind("\n", 0, start) + 1
    if _HOST_KEY_ENTRY.match(text, ls, start) is not None and text[start - 1:start] == "=":
        return True
    return (_CSP_NONCE_BEFORE.search(text, max(0, start - 320), start) is not None or _in_jwk(text, start, end)
            or _in_certificate(text, start))


# an Exim message id (old 6-6-2 and new 6-11-4 forms) before the event its main log writes (<= => -> ** == Completed)
_EXIM_ID = re.compile(r"[0-9A-Za-z]{6}-[0-9A-Za-z]{6}(?:[0-9A-Za-z]{5})?-[0-9A-Za-z]{2}(?:[0-9A-Za-z]{2})?")
_POSTFIX_BEFORE = re.compile(r"postfix(?:-[\w]+)?/[\w/-]+\[\d+\]:[ \t]$")
_EXIM_EVENT = re.compile(r"[ \t]+(?:<=|=>|->|\*>|\*\*|==|Completed|Frozen|Message is frozen|SMTP error|H=|U=)")


# Twilio's resource ids (a task, a recording, a call, a message: WT…, RE…, CA…, SM…), two letters and 32 hex digits;
# not an API key's SK… (a provider rule's) nor the account's AC…
_RESOURCE_SID = re.compile(r"(?:WT|WA|WW|WK|WQ|RE|CA|SM|MM|PN|IS|CH|MG|QU|FW|TR|RM|CF|WS|KS|US|UT|EX|CL|CN|FN|ZS)[0-9a-f]{32}")
# a token's accessor (Vault's token_accessor, accessor:): it names the token, it opens nothing
_ACCESSOR_BEFORE = re.compile(r"(?i)(?<![a-z])accessor[\"']?[ \t]*[:=]?[ \t]*[\"']?$")


# a certificate's body: after its opener, no closer between (PEM, SAML/XML-DSig, a JWK's x5c array)
_CERT_OPEN = re.compile(r"-----BEGIN CERTIFICATE-----|<(?:[\w-]+:)?X509Certificate>|\"x5c\"[ \t]*:[ \t]*\[")
_CERT_BODY = re.compile(r"(?:[ \t]*[\"]?[A-Za-z0-9+/=]*[\"]?[ \t]*,?[ \t]*(?:\\r)?(?:\r?\n|\\n)(?![ \t]*(?:\r?\n|\\n)))*"
                        r"[ \t]*[\"]?")
_CERT_WINDOW = 8192  # a certificate chain's base64 is a few kilobytes


def _in_certificate(text: str, start: int) -> bool:
    opened = -1
    for m in _CERT_OPEN.finditer(text, max(0, start - _CERT_WINDOW), start):
        opened = m.end()
    # only the certificate's own base64 lies between its opener and the value: an unclosed header hides no more
    return opened >= 0 and _CERT_BODY.fullmatch(text, opened, start) is not None


# WinSCP's [SshHostKeys]: ssh-ed25519@22:host=<fingerprint>; a Slack member, bot or channel id under its key; a node
# name AKS, GKE and EKS give their virtual machines
_HOST_KEY_ENTRY = re.compile(r"(?:ssh-(?:ed25519|rsa|dss)|ecdsa-sha2-nistp\d{3}|rsa2|ssh-ed448)@\d{1,5}:[^\s=]{1,253}=$")
_SLACK_ID = re.compile(r"[UWBCGTD][A-Z0-9]{8,11}")
_SLACK_ID_KEY = re.compile(r"\"(?:user|channel|team|bot_id|user_id|channel_id|team_id|parent_user_id|inviter|creator)\"[ \t]*:[ \t]*\"$")
_NODE_NAME = re.compile(r"(?:aks-[a-z0-9]+-\d{6,10}-vmss[0-9a-z]{6}|gke-[a-z0-9-]{1,60}-[0-9a-f]{8}-[a-z0-9]{4}"
                        r"|ip-\d{1,3}-\d{1,3}-\d{1,3}-\d{1,3}(?:\.[a-z0-9-]+)*)")


# OpenSSH's fingerprint of a public key (ssh-keygen -l, GitHub's key lists): SHA256: and 43 base64 characters, or
# MD5: and sixteen hex pairs
_KEY_FINGERPRINT = re.compile(r"SHA256:[A-Za-z0-9+/]{43}=?|MD5(?::[0-9a-f]{2}){16}")


def is_public_key_material(text: str, start: int, end: int) -> bool:
    """An SSH public key (``ssh-ed25519 AAAAC3Nz… ops@bastion``) or its base64 body after its type, a hashed
    known_hosts entry's host field (``|1|salt|hash``): meant to be shared, no secret (an address in its comment is the e-mail rule's)."""
    if _PUBLIC_KEY.match(text, start, end) or _KEY_FINGERPRINT.fullmatch(text, start, end):
        return True
    lo = max(0, start - 80)
    ls = text.rfind("\n", lo, start) + 1 if start - lo < 80 or "\n" in text[lo:start] else -1
    if ls >= 0 and (h := _HASHED_HOST.match(text, ls)) is not None and end <= h.end():
        return True  # known_hosts with HashKnownHosts: |1|salt|hash of the host name, then the host's public key
    return text.startswith("AAAA", start) and _PUBLIC_KEY_TYPE_BEFORE.search(text, max(0, start - 40), start) is not None


# a value stored encrypted, the form a tool commits on purpose: Pulumi's "secure: v1:…" and "encryptionsalt: v1:…",
# sops' ENC[AES256_GCM,data:…,iv:…,tag:…,type:str]
_CIPHERTEXT_BEFORE = re.compile(r"(?m)(?:^[ \t]*(?:secure|encryptionsalt):[ \t]*[\"']?v1:[A-Za-z0-9+/=:]*"
                                r"|ENC\[AES256_GCM,(?:[a-z]+:[A-Za-z0-9+/=]*,)*[a-z]+:[A-Za-z0-9+/=]*)$")
# Travis CI's encrypted variables: "secure:" and a block of base64 its public key made (344 characters for RSA-2048)
_TRAVIS_SECURE_BEFORE = re.compile(r"(?m)^[ \t]*(?:-[ \t]+)?secure:[ \t]*[\"']?$")
_LONG_BASE64 = re.compile(r"[A-Za-z0-9+/]{100,}={0,2}")


def is_ciphertext(text: str, start: int, end: int) -> bool:
    """The span is (part of) a value a tool stores encrypted: Pulumi ``secure: v1:…``, sops ``ENC[AES256_GCM,…]``,
    Travis CI's ``secure: "…"``."""
    if text.startswith("ENC[AES256_GCM,", start):
        return True  # user: ENC[AES256_GCM,data:…]: a slot's value cut at the bracket is sops' ciphertext
    lo = max(0, start - 300)  # both forms stand within a few hundred characters of the value: never a longer scan
    ls = text.rfind("\n", lo, start) + 1 or lo
    if _CIPHERTEXT_BEFORE.search(text, ls, start) is not None:
        return True
    if (_LONG_BASE64.fullmatch(text, start, end) is not None
            and _TRAVIS_SECURE_BEFORE.search(text, max(ls, start - 40), start) is not None):
        return True
    return _under_encrypted_data(text, ls)


# Bitnami's SealedSecret: the values under spec.encryptedData are sealed with the cluster's public key
_ENCRYPTED_DATA = re.compile(r"(?m)^([ \t]*)encryptedData:[ \t]*\r?$")


def _under_encrypted_data(text: str, ls: int) -> bool:
    """The line at ``ls`` is a child of a YAML ``encryptedData:`` mapping (at most 4,000 characters above it)."""
    lo = max(0, ls - 4000)
    if "encryptedData:" not in text[lo:ls]:
        return False
    parents = list(_ENCRYPTED_DATA.finditer(text, lo, ls))
    if not parents:
        return False
    parent = parents[-1]
    depth = len(parent.group(1))
    for line in text[parent.end():ls + 1].split("\n")[1:]:
        if line.strip() and len(line) - len(line.lstrip()) <= depth:
            return False  # the mapping ended before the value's line
    return True


def is_container_user(text: str, start: int, end: int) -> bool:
    """A Dockerfile's ``USER nonroot``: the account a container runs as, not a person."""
    ls = text.rfind("\n", max(0, start - 40), start) + 1 or max(0, start - 40)
    low = text[start:end].lower()
    return (re.fullmatch(r"[ \t]*USER[ \t]+", text[ls:start]) is not None
            and (text.startswith("FROM ") or "\nFROM " in text)
            and not any(_name_like(p) or _truncated_login(p) for p in re.split(r"[._-]+", low) if p))  # USER mrossi: a person's login


_DB_NAME = re.compile(r"""(?m)["']?\b(?:NAME|(?i:database|dbname|db_?name|db_database|postgres_db|mysql_database|"""
                      r"""database_name|initial catalog))["']?[ \t]*(?:=>|[:=])[ \t]*(?:env\([^,()]+,[ \t]*)?["']?"""
                      r"""(?P<v>[A-Za-z_][\w-]{2,40})""")
# a connection URL's database: mysql://civicrm_user:…@localhost/civicrm
_URL_DATABASE = re.compile(r"[a-z][a-z0-9+]{1,20}://[^\s/@]{1,200}@[^\s/@]{1,200}/(?P<v>[A-Za-z_][\w-]{2,40})(?![\w/-])")
_APP_PATH = re.compile(r"(?<![\w.~-])/(?:srv|opt|var/www|var/lib|var/log|etc|app|apps)/(?P<v>[A-Za-z_][\w-]{2,40})(?![\w-])"
                       r"|(?<![\w-])(?P<f>[A-Za-z_][\w-]{2,40})\.(?:conf|service|sql|db|sock)\b")


# the consonant pairs an English, Italian, German, French or Spanish word may start with; an initial glued to a
# surname starts with others (lzanetti, tkowalski, mrossi, jsmith)
_ONSETS = frozenset("bl br ch cl cr dr fl fr gl gn gr kl kn kr ph pl pr ps qu sc sh sk sl sm sn sp st sv sw sz th tr "
                    "tw wh wr zw".split())


def _word_shaped(word: str) -> bool:
    """Letters only, at least four, starting with a vowel, a consonant and a vowel, or a consonant pair words start
    with: a word (payroll, ledger, exporter), not an initial and a surname."""
    if len(word) < 4 or not word.isalpha() or not word.isascii():
        return False
    vowels = "aeiouy"
    return word[0] in vowels or word[1] in vowels or word[:2] in _ONSETS


@lru_cache(maxsize=4)
def _application_names(text: str) -> frozenset[str]:
    """Names a text gives its application: database names, folders under /srv, /opt, /etc …, config file stems."""
    out = {m.group("v").lower() for m in _DB_NAME.finditer(text)}
    out.update((m.group("v") or m.group("f")).lower() for m in _APP_PATH.finditer(text))
    # an application's account is often its name's first word, a word (payroll for /opt/payroll-export, ledger for
    # ledger-sync); a login's shape (lzanetti for /opt/lzanetti-sync, tkowalski for tkowalski_scratch) is a person's
    out.update(w for n in list(out) if (w := re.split(r"[-_]", n)[0]) != n and _word_shaped(w))
    return frozenset(out)


def is_application_named_user(text: str, start: int, end: int) -> bool:
    """A login that is the application's own name in the same text (``USER: fieldnotes`` beside ``NAME:
    fieldnotes``, ``postgres_user: shop`` beside ``/srv/shop``): the application's account, not a person's."""
    value = text[start:end]
    low = value.lower()
    apps = _application_names(text)
    # the application's name with a role's suffix is its account too (civicrm_user beside mysql://…/civicrm, shop_app):
    # a connection URL's database counts then, not for a bare login (ssh quokka@… beside …/quokka is a person's)
    base = _ROLE_SUFFIX.sub("", low)
    suffixed = base != low and len(base) >= 3 and (base in apps or base in _url_databases(text))
    # a person's login is often its own database's name too (PostgreSQL's default): a name-like login stays masked
    return (len(value) >= 3 and value.isascii() and (low in apps or suffixed)
            and not any(_name_like(p) or _truncated_login(p) for p in re.split(r"[._-]+", low) if p))


def _url_databases(text: str) -> frozenset[str]:
    """The databases that connection URLs of ``text`` name (mysql://…@localhost/civicrm)."""
    return frozenset(m.group("v").lower() for m in _URL_DATABASE.finditer(text))


_ROLE_SUFFIX = re.compile(r"[._-](?:user|usr|app|admin|svc|service|rw|ro|owner|dba|db)$")


_CAMEL_PART = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])")


def is_compound_identifier(text: str, start: int, end: int) -> bool:
    """A CamelCase name of four words or more (``ecsTaskExecutionRole``, ``GitHubActionsDeployRole``): a role's, a
    function's or a class's name, never a person's login (those join two or three parts of a name)."""
    value = text[start:end]
    if not value.isascii() or not value.isalnum() or value.islower() or value.isupper():
        return False
    parts = _CAMEL_PART.findall(value)
    first, last = word_list("first_names_lower"), word_list("last_names_lower")
    return (len(parts) >= 4 and "".join(parts) == value
            and not any(len(p) >= 3 and (p.lower() in first or p.lower() in last) for p in parts))


def is_numbered_instance_or_attribute(text: str, start: int, end: int) -> bool:
    """A drive's SMART attribute in ``smartctl -A``'s table (``  5 Reallocated_Sector_Ct   0x0033 …``), or a
    program's instance: a system's abbreviation or tool word, a process's noun and its number (``hes-poller-2``,
    ``queue_worker_3``, ``celery-worker-1``): a thing's identifier, not a login. A handle made of words people
    choose (``trail_runner_23``, ``night-watcher-7``) and a mention stay logins."""
    row = _SMART_ROW.match(text, text.rfind("\n", 0, start) + 1)
    if row is not None and row.end("name") == end:
        return True
    if text[start - 1:start] == "@" or _LOGIN_KEY_BEFORE.search(text, max(0, start - 40), start) is not None:
        return False  # a mention, or a login's own slot ("username: ken-worker-88"): a person's handle
    parts = re.split(r"[-_]", text[start:end].lower())
    processes = word_list("process_nouns")
    if not (len(parts) >= 2 and parts[-1].isdigit() and len(parts[-1]) <= 3 and any(p in processes for p in parts[:-1])):
        return False
    tools = word_list("tool_stems") | word_list("code_words_lower")
    # the other words a system's: a tool's, a product's, a process's; or any, under a process's own key
    # ("worker=hes-poller-2")
    return (all(p in processes or p in tools or vocabulary.is_product(p) for p in parts[:-1])
            or _PROCESS_KEY_BEFORE.search(text, max(0, start - 40), start) is not None)


_LOGIN_KEY_BEFORE = re.compile(r"(?i)(?:user(?:name)?|login|handle|nick(?:name)?|account)[\w ]{0,12}[\"']?[ \t]*[:=][ \t]*[\"']?$")
_PROCESS_KEY_BEFORE = re.compile(r"(?i)(?<![\w.-])(?:worker|process|proc|instance|consumer|runner|executor|pod|job|task|thread)"
                                 r"(?:_?(?:name|id))?[\"']?[ \t]*[:=][ \t]*[\"']?$")


# a row of smartctl -A: the attribute's id, its name, its flag
_SMART_ROW = re.compile(r"[ \t]*\d{1,3}[ \t]+(?P<name>[A-Za-z][A-Za-z0-9_-]{2,40})[ \t]+0x[0-9a-f]{4}[ \t]")


def is_route_word(text: str, start: int, end: int) -> bool:
    """A web route's own word under a collection of people (``/users/signup``, ``/customers/archived``,
    keep/route_words.txt): no one's login."""
    return text[start:end].lower() in word_list("route_words")


def is_default_credential(text: str, start: int, end: int) -> bool:
    """A service's documented default password: the name of its own account, written in its key or its URL on the
    same line (``POSTGRES_PASSWORD: postgres``, ``postgres://postgres:postgres@localhost``, ``MYSQL_ROOT_PASSWORD:
    root``): the image's default, set on purpose for a throwaway database, no one's secret."""
    value = text[start:end].strip("'\"")
    low = value.lower()
    if low not in word_list("service_users_lower"):
        return False
    lo = max(0, start - 80)
    ls = text.rfind("\n", lo, start) + 1 or lo
    return low in text[ls:start].lower()


_ID_KEY = re.compile(r"""(?:^|[\s{,"'])["']?(?P<k>[A-Za-z_][\w-]{0,40})["']?\s*[:=]\s*["']?$""")
_PAYMENT_WORDS = ("card", "pan", "cc", "credit", "debit", "payment", "number", "num", "no", "account", "iban")


def is_record_id(text: str, start: int, end: int) -> bool:
    """A number under a key that is a record's id (``"id": "673985226973107653"``, ``message_id``, ``guildId``): a
    snowflake or a row id, not a card, unless the key or the label before it names a card or a payment
    (``card_id``, ``"number"``, ``Card ID:``)."""
    m = _ID_KEY.search(text, max(0, start - 48), start)
    if m is None:
        return False
    key = m.group("k")
    words = [w.lower() for w in re.findall(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])|\d+", key)]
    if not words or words[-1] != "id":
        return False
    label = text[max(0, m.start("k") - 24):m.start("k")].lower()
    return not any(w in _PAYMENT_WORDS for w in words) and not any(w in label for w in ("card", "pan ", "credit"))


_DIGEST_KEY_WORDS = frozenset({"hashed", "hash", "digest", "sha1", "sha256", "sha512", "md5", "fingerprint",
                                "checksum"})
_HEX_DIGEST = re.compile(r"[0-9a-fA-F]{32}|[0-9a-fA-F]{40}|[0-9a-fA-F]{64}|[0-9a-fA-F]{128}")


# a credential dump's hash label (mimikatz's "* SHA1     : "): the value after it is a logon's hash, not a fingerprint
_DUMP_HASH_BEFORE = re.compile(r"(?m)^[ \t]*\*[ ](?:NTLM|SHA1|LM|DPAPI)[ ]*:[ ]$")


def is_hashed_credential(text: str, start: int, end: int) -> bool:
    """A hex digest under a key that says it is one (``"hashed_secret": "6e0b30…"`` of a detect-secrets baseline,
    ``password_sha1``): a fingerprint kept to compare, not the secret. A crypt hash (``$2b$12$…``) is not hex and
    stays masked."""
    if _HEX_DIGEST.fullmatch(text, start, end) is None:
        return False
    if _DUMP_HASH_BEFORE.search(text[max(0, start - 64):start]):
        return False  # a credential dump's hash (mimikatz "* SHA1 :"): passed on or cracked, not compared
    m = _KEY_BEFORE.search(text[max(0, start - 64):start])
    if m is None:
        return False
    words = [w.lower() for part in re.split(r"[_.\-]+", m.group(1)) for w in re.findall(r"[A-Z]?[a-z0-9]+|[A-Z0-9]+(?![a-z])", part)]
    # the digest of a credential (hashed_secret, password_sha256, token_hash), not a credential for a digest
    # (hmac_sha256_secret, checksum_key, hash_salt)
    return bool(words) and (words[0] == "hashed" or words[-1] in _DIGEST_KEY_WORDS)


# a reference to where a secret is kept, in the syntax of the tool that reads it: an ARN, a Grafana $__file{…},
# a systemd specifier path (%d/name), systemd LoadCredential's ID:PATH
_SECRET_LOCATOR = re.compile(r"arn:aws[\w-]*:[\w-]+:[\w-]*:\d{0,12}:\S+|\$__\w+\{[^{}]+\}|%[a-zA-Z]/[\w./-]+"
                             r"|[a-z][a-z0-9_.-]*:/[\w.-]+/[\w./-]+")
_NAME_PART = re.compile(r"[a-z]+\d{0,2}")


def is_secret_reference(text: str, start: int, end: int) -> bool:
    """The name or location of a secret, not the secret: ``arn:aws:secretsmanager:…``, ``$__file{/run/secrets/pw}``,
    ``%d/dd_api_key``, ``dd_api_key:/etc/creds/dd_api_key``, or a secret manager's name and version, lower-case words
    joined by ``-``/``_`` one of which names a credential (``db-password:latest``)."""
    value = text[start:end].strip("'\"`")
    if _SECRET_LOCATOR.fullmatch(value):
        return True
    name, _, version = value.partition(":")
    if version != "latest":
        return False  # a name alone may be a password (super-secret-pass); a version makes it a secret manager's name
    parts = re.split(r"[-_]", name)
    return (len(parts) >= 2 and all(_NAME_PART.fullmatch(p) for p in parts)
            and any(p.rstrip("0123456789") in _CREDENTIAL_NAME_WORDS for p in parts))


_CREDENTIAL_NAME_WORDS = frozenset({"password", "passwd", "pwd", "secret", "secrets", "token", "tokens", "key", "keys",
                                    "apikey", "creds", "credentials", "credential", "passphrase", "cert", "tls"})
_AWS_TEXT = re.compile(r"\bsso_(?:session|start_url|region|role_name)\b|arn:aws[\w-]*:|\[profile [\w-]+\]|\.amazonaws\.com\b")
_AWS_ACCOUNT_KEYS = frozenset({"account", "accountid", "ssoaccountid", "recipientaccountid", "sourceaccount",
                               "owneraccountid", "awsaccountid"})
_AWS_ARN_ACCOUNT = re.compile(r"arn:aws[\w-]*:[\w-]+:[\w-]*:(\d{12}):")


@lru_cache(maxsize=4)
def _aws_facts(text: str) -> tuple[bool, frozenset[str]]:
    """Whether ``text`` reads as AWS material, and the account ids its ARNs carry: read once per text."""
    return _AWS_TEXT.search(text) is not None, frozenset(a.group(1) for a in _AWS_ARN_ACCOUNT.finditer(text))


_CONTAINER = re.compile(r"[A-Z]{3}[UJZ]\d{7}")


def is_container_number(text: str, start: int, end: int) -> bool:
    """A shipping container's number (ISO 6346: owner code, category letter, six digits and the check digit, which
    python-stdnum verifies): a box in a port's or a carrier's log, no one's account (``MSCU8855143``)."""
    value = text[start:end]
    return _CONTAINER.fullmatch(value) is not None and _iso6346.is_valid(value)


def is_cloud_account_id(text: str, start: int, end: int) -> bool:
    """An AWS account id: twelve digits that an ARN of the same text carries, or under an ``aws…account`` key. It
    names an organisation's cloud account, not a person (AWS: account ids are not secret), and an agent reads it."""
    value = text[start:end]
    if len(value) != 12 or not value.isdigit():
        return False
    m = _KEY_BEFORE.search(text[max(0, start - 64):start])
    key = re.sub(r"[^a-z]", "", m.group(1).lower()) if m is not None else ""
    if key.startswith("aws") and key.endswith(("accountid", "account")):
        return True  # AWS_ACCOUNT_ID=…
    aws_text, arn_accounts = _aws_facts(text)
    if key in _AWS_ACCOUNT_KEYS and aws_text:
        return True  # sso_account_id in ~/.aws/config, "Account" of sts get-caller-identity beside an ARN
    return value in arn_accounts


_FILLER_RUN = re.compile(r"(\d)\1{9}")


def is_documented_example(text: str, start: int, end: int) -> bool:
    """Published example credentials (AWS's ``AKIAIOSFODNN7EXAMPLE``, Stripe's docs key, jwt.io's token …)."""
    value = text[start:end]
    if value in word_list("example_values") or value.endswith("EXAMPLE") or value.endswith("EXAMPLEKEY"):
        return True
    # a test card as written with its groups (4000 0000 0000 0002, 4242-4242-…)
    return (12 <= len(value) <= 23 and not value.isdigit() and all(c.isdigit() or c in " -" for c in value)
            and value.replace(" ", "").replace("-", "") in word_list("example_values"))


def is_filler_number(text: str, start: int, end: int) -> bool:
    """A number made of one digit nearly throughout (``IT00X0000000000000000000000``, ``0000000000``): a form's
    filler, no one's account."""
    value = text[start:end]
    digits = [c for c in value if c.isdigit()]
    if len(digits) < 8 or _FILLER_RUN.search(value) is None or _iban(value):
        return False
    # nearly all one digit (IT00X0000000000000000000000); a real account padded with zeros has its own digits too
    return max(digits.count(d) for d in set(digits)) >= 0.85 * len(digits)


def is_code_reference(text: str, start: int, end: int) -> bool:
    """``os.environ["X"]``, ``process.env.TOKEN``, ``settings.SECRET``, ``vault:…``: code that fetches a value."""
    value = text[start:end].strip("'\"`")
    if not _CODE_REF.match(value):
        return False
    # hvs.ufl1AxdAbUwkn9VbQKl9…: a token with a dotted prefix, not an attribute path (no name of code runs 16 characters
    # of both cases and digits)
    return not any(len(p) >= 16 and _MIXED_RUN.fullmatch(p) for p in value.split("."))


_MIXED_RUN = re.compile(r"(?=\w*[a-z])(?=\w*[A-Z])(?=\w*\d)\w+")
_ENV_REF = re.compile(r"""(?:os\.)?(?:environ|getenv)\s*[\[(.].*|process\.env\.\w+|ENV\[.*|System\.getenv\(.*|std::env::var\(.*|Deno\.env\.get\(.*"""
                      r"|(?:vault|secretsmanager|ssm|keyvault|awssm):\S+")


def is_environment_reference(text: str, start: int, end: int) -> bool:
    """``os.environ['DB_PASSWORD']``, ``process.env.TOKEN``, ``vault:secret/app#pw``, even written inside quotes: where
    the value is read from, never the value (narrower than :func:`is_code_reference`, which a slot does not trust)."""
    return _ENV_REF.fullmatch(text[start:end].strip("'\"`")) is not None


def is_uuid(text: str, start: int, end: int) -> bool:
    """A UUID, unless a credential-named key is right before it (then it is probably an API key)."""
    if not _UUID.match(text[start:end]):
        return False
    return not _credential_key_before(text, start)


# a workload listed by kubectl get pods/deployments: the name, then READY n/m and a status
_WORKLOAD_ROW = re.compile(r"[ \t]+\d+/\d+[ \t]+(?:Running|Pending|Succeeded|Failed|Unknown|Completed|CrashLoopBackOff|Error|"
                           r"Terminating|ContainerCreating|ImagePullBackOff|ErrImagePull|Evicted|OOMKilled|Init:\S+)\b")


def is_workload_name(text: str, start: int, end: int) -> bool:
    """The name of a pod or a deployment in ``kubectl get`` output (``api-7f9c6b8d4-x2kqp   1/1   Running``): its
    generated suffixes are no key."""
    return _WORKLOAD_ROW.match(text, end) is not None


_VERSION_AFTER = re.compile(r"[ \t]+(?:version|v)[ \t]?\d|/v?\d+\.\d")


def is_versioned_program(text: str, start: int, end: int) -> bool:
    """A program named with its version right after it (``created_by: parquet-cpp-arrow version 14.0.1``,
    ``author: dependabot/1.2``): what a file's metadata or a user agent names, not a person."""
    return _VERSION_AFTER.match(text, end) is not None


def is_hash_digest(text: str, start: int, end: int) -> bool:
    """Commit SHAs, lock-file and image digests (lower-case hex of a digest length, ``sha512-…``)."""
    value = text[start:end]
    if not _HASH.match(value):
        return False
    return not _credential_key_before(text, start)


def is_version(text: str, start: int, end: int) -> bool:
    return bool(_VERSION.match(text[start:end]))


def is_date(text: str, start: int, end: int) -> bool:
    return bool(_DATE.match(text[start:end]))


_CALENDAR_DATE = re.compile(
    r"^(?:(?P<y>\d{4})[-/.](?P<a>\d{1,2})[-/.](?P<b>\d{1,2})|(?P<c>\d{1,2})[-/.](?P<d>\d{1,2})[-/.](?P<z>\d{4}|\d{2}))$"
)


def is_calendar_date(text: str, start: int, end: int) -> bool:
    """A date written with separators (``2024-05-03``, ``03.05.2024``, ``5/3/24``); unlike :func:`is_date`, a run
    of 8 to 14 digits is not taken for a date, nor is a number that only looks like one (``4471-88-09``: no year
    4471, no month 88), which is a person's number in a customer slot."""
    match = _CALENDAR_DATE.match(text[start:end])
    if match is None:
        return False
    if match["y"] is not None:
        return 1000 <= int(match["y"]) <= 2999 and 1 <= int(match["a"]) <= 12 and 1 <= int(match["b"]) <= 31
    first, second = int(match["c"]), int(match["d"])
    if len(match["z"]) == 4 and not 1000 <= int(match["z"]) <= 2999:
        return False
    # day-month or month-day, whichever the writer used
    return 1 <= min(first, second) <= 12 and 1 <= max(first, second) <= 31


def is_low_entropy(text: str, start: int, end: int) -> bool:
    """Too uniform to be a generated secret (fewer than 2.5 bits per character or under 6 characters)."""
    value = text[start:end]
    return len(value) < 6 or shannon_entropy(value) < 2.5


def is_plain_word(text: str, start: int, end: int) -> bool:
    """A single dictionary-like word or identifier (letters only, or snake/camel case without digits)."""
    value = text[start:end]
    return bool(re.fullmatch(r"[A-Za-z]+(?:[_-][A-Za-z]+)*", value)) and len(value) < 24


def is_boolean_or_number(text: str, start: int, end: int) -> bool:
    """A boolean, a null, a number, or a dotted triple of small numbers (a mail server's status "2.0.0", a version)."""
    value = text[start:end].lower()
    return value in {"true", "false", "yes", "no", "on", "off", "null", "none", "nil", "undefined"} or bool(
        re.fullmatch(r"-?\d{1,6}(?:\.\d+)?|\d{1,3}(?:\.\d{1,3}){2}", value)
    )


def is_path(text: str, start: int, end: int) -> bool:
    """A file path or URL path (``/etc/ssl/cert.pem``, ``./secrets.json``, ``C:\\keys\\a.pem``), a map file
    (``hash:/etc/postfix/sasl_passwd``) or a store's path of lower-case words (``secret/data/billing/prod``)."""
    value = text[start:end]
    return bool(re.fullmatch(r"(?:[a-z]{2,8}:)?(?:~|\.{1,2})?/[\w./@~+-]*|[A-Za-z]:\\[\w\\. -]*|[\w.-]+\.(?:pem|key|json|ya?ml|txt|p12|pfx|crt|env|ini|cfg|toml)"
                             # a store's path or a secret's name: prod/payments/gateway, secret/data/app/dev
                             r"|[a-z][a-z0-9_-]{0,40}(?:/[a-z0-9][a-z0-9_.-]{0,40}){2,8}", value))


def is_service_username(text: str, start: int, end: int) -> bool:
    """Generic and service accounts (root, admin, postgres, runner, ubuntu …) from keep/service_users.txt, bots
    (``jiracloudbot``, ``deploy-bot``, ``renovate[bot]``) and applications' accounts (``orchard_sync``)."""
    value = text[start:end].lower()
    if value in word_list("service_users") or value.endswith(("[bot]", "-bot", "_bot", ".bot")) or _service_account(value):
        return True
    if value.startswith(("system:serviceaccount:", "system:node:", "system:kube-", "serviceaccount:")):
        return True  # Kubernetes' service accounts and components
    if value.startswith("auto") and len(value) >= 8 and value.isalpha():
        return True  # autopatrol, autodeploy, autoscaler: an automation's account
    if not value.endswith("bot") or len(value) < 8:
        return False
    # discobot, jiracloudbot; not sophie.talbot or jeantalbot: a surname ending in "bot" is a person's
    lasts = word_list("last_names_lower")
    return not any(value[i:] in lasts for i in range(len(value) - 4))


def is_product_name(text: str, start: int, end: int) -> bool:
    """Products, bots and organisations from keep/product_names.txt (``GitHub``, ``dependabot[bot]`` …)."""
    return vocabulary.is_product(text[start:end])


def is_platform_name(text: str, start: int, end: int) -> bool:
    """A service's name as people write it before their handle on it (rules.toml [platforms]: "insta @lp1994",
    "GitHub: kwame-asante"): the platform, not the login."""
    return text[start:end].lower() in vocabulary.word_set("rules", "platforms")


def is_said_of_a_credential(text: str, start: int, end: int) -> bool:
    """A word that says something about a login or a password ("il login è scaduto", "the username is already taken",
    "der Benutzername ist bereits vergeben"), not its value: data/vocab/credentials.toml [phrase_not_values]."""
    return text[start:end].lower() in vocabulary.credential_words("phrase_not_values")


# an order's, an invoice's, a return's or a shipment's number by its prefix (five languages), and parcel carriers'
# tracking numbers by their shapes (UPS 1Z…, DHL JJD…, UPU S10 RR123456789IT): no person's number (README, "What is
# masked": orders, tickets and invoices stay readable)
_ORDER_NUMBER = re.compile(
    r"(?i:ord|order|so|po|inv|invoice|rma|ret|shp|ship|cmd|commande|ped|pedido|best|bestellung|auftrag|rechnung|"
    r"fattura|ordine|facture|factura|quote|qt|dn|do|wo)[-_#/]?\d{3,}(?:[-/]\d{1,6})?"
    r"|1Z[0-9A-Z]{16}|JJD\d{16,20}|[A-Z]{2}\d{9}[A-Z]{2}")


def is_order_number(text: str, start: int, end: int) -> bool:
    """An order, invoice, return or shipment number by its prefix (``SO-293821``, ``ORD-648040``, ``Bestellung-1042``),
    or a parcel's tracking number by its carrier's shape: a business's record, no person's."""
    return _ORDER_NUMBER.fullmatch(text, start, end) is not None


def is_dictionary_word(text: str, start: int, end: int) -> bool:
    """A word of the dictionary or of technical prose (keep/dictionary_words.txt, keep/prose_words.txt): "account",
    "support", "delivered" are no logins where a slot only hints at one."""
    word = text[start:end].lower()
    return word in word_list("dictionary_words") or vocabulary.all_plain_words([word])


def is_module_member(text: str, start: int, end: int) -> bool:
    """A dotted name whose first part is a module of Python's standard library (``json.loads``,
    ``logging.handlers``, ``asyncio.tasks``): a logger's or a program's name, no one's ``first.last``."""
    head, dot, tail = text[start:end].partition(".")
    # (email.jones, json.smith: a login that starts with a module's word and ends with a surname is a person's)
    return (bool(dot) and head.lower() in sys.stdlib_module_names
            and tail.lower() not in word_list("last_names_lower") and tail.lower() not in word_list("first_names_lower"))


_ARCHITECTURES = frozenset({"x64", "x86", "arm64", "amd64", "aarch64", "i386", "i686", "x86_64", "arm", "armv7"})
_DOMAIN_END = re.compile(r"\.(?:io|com|org|net|dev|app|cloud|ai|sh)$")


def is_tool_token(text: str, start: int, end: int) -> bool:
    """A program's, a runtime's, a platform's or a build machine's name with its version or architecture glued on
    (``python311``, ``node18``, ``ubuntu2204``, ``linux_x64``, ``sha256``, ``utf8mb4``, ``k8s``, ``azure.pipelines``,
    ``k8s.io``; keep/tool_stems.txt): no one's login."""
    value = text[start:end].lower()
    if _DOMAIN_END.search(value) or any(p in _ARCHITECTURES for p in re.split(r"[._-]", value)):
        return True
    head = re.match(r"[a-z]+", value)
    stems = word_list("tool_stems")
    if head is None:
        return False
    word = head.group()
    rest = value[len(word):]
    return (word in stems and (not rest or rest[0].isdigit() or rest[0] in "._-")) or value in stems \
        or (word + rest[:1] in stems and rest[:1].isdigit())  # k8s, s3sync


def is_code_word(text: str, start: int, end: int) -> bool:
    """Type names and code words (``string``, ``self``, ``None`` …) from keep/code_words.txt."""
    return text[start:end].lower() in word_list("code_words")


def is_url_authority(text: str, start: int, end: int) -> bool:
    """The candidate sits in the userinfo/host part of a URL (``scheme://user:pw@host``), not an email."""
    ws = max(text.rfind(c, 0, start) for c in " \t\n\"'<>(")
    token = text[ws + 1 : start]
    i = token.rfind("://")
    if i < 0:
        return False
    authority = token[i + 3 :]
    # a CSV's cell ends at a comma or a semicolon: "https://www.netflix.com,tomas.r@…" is a URL, then an address
    # (a password may hold them: "mysql://mrossi:Xy7;kP,2q@db" has its ":" before them)
    cut = min((authority.find(c) for c in ",;" if c in authority), default=-1)
    if cut >= 0 and ":" not in authority[:cut]:
        return False
    # in the authority only: an address in the path or query (?notify=jane@…) is an e-mail, not userinfo
    return not any(c in authority for c in "/?#")


# a remote shell's command: the program, then its options and the target (ssh's first argument; any argument of a copy)
_REMOTE_PROGRAM = re.compile(r"(?:^|[\s;|&(`$>])(?:sudo[ \t]+)?(?P<p>ssh|sftp|scp|rsync|mosh|sshfs|ssh-copy-id|autossh)(?=[ \t])")
# options that take a value (the next word is the value, not the target)
_REMOTE_VALUE_OPTIONS = frozenset({"-b", "-B", "-c", "-D", "-E", "-e", "-F", "-I", "-i", "-J", "-L", "-l", "-m", "-M", "-O",
                                   "-o", "-p", "-P", "-Q", "-R", "-S", "-W", "-w", "--rsh", "--port"})


def is_remote_login(text: str, start: int, end: int) -> bool:
    """``login@host`` as the target of a remote shell on its line (``ssh -i key deploy@web-01``, ``scp f
    ocastro@files:/in``): a login at a machine, not a mailbox; the login is the username rules' (the host stays
    readable). For ssh only its first argument: what follows is the remote command, an address there is an address."""
    if "@" not in text[start:end]:
        return False
    lo = max(text.rfind("\n", 0, start) + 1, start - 300)  # (bounded: a line of many addresses stays linear)
    program = None
    for m in _REMOTE_PROGRAM.finditer(text, lo, start):
        program = m
    if program is None:
        return False
    words = text[program.end():start].split()
    skip = False
    for w in words:
        if skip:
            skip = False
            continue
        if w.startswith("-"):
            skip = w in _REMOTE_VALUE_OPTIONS
            continue
        if program["p"] in ("ssh", "mosh", "autossh", "ssh-copy-id"):
            return False  # an argument after the target: the remote command's
    return not skip


def is_api_call_url(text: str, start: int, end: int) -> bool:
    """A URL that calls a service's API with its key in the query (``https://api.rates.example/v1/live?access_key=…``)
    and nothing of a person's elsewhere in it: the key alone is the credential (detect/url_families.py masks it), the
    service's host and path stay readable."""
    from .url_families import api_key_url  # url_families reads keep's predicates

    return api_key_url(text[start:end])


# an iCalendar component's UID property ("UID:yvh56t7i1teg@google.com"): the event's id, shaped as an address
_ICAL_UID = re.compile(r"(?:^|\\n|\n)[ \t]*(?:\d+\\t|\d+\t)?UID[:;][^\n]{0,80}$")


def is_ical_uid(text: str, start: int, end: int) -> bool:
    """The value of an iCalendar ``UID`` property: an event's identifier, not a mailbox."""
    return _ICAL_UID.search(text, max(0, start - 100), start) is not None


# a surname's key in the same record: "cognome", "apellido(s)", "sobrenome", "last_name", "Nachname" …
_SURNAME_KEY = re.compile(r"(?i)[\"'\s{,](?:cognome|apellidos?|primer_apellido|sobrenome|surname|last_?name|family_?name|"
                          r"nom_de_famille|nachname|familienname)[\"']?[ \t]*[:=]")


def is_given_name_alone(text: str, start: int, end: int) -> bool:
    """A first name under a generic ``nome``/``nombre`` key with no surname's key within a few lines: a thing's name
    ("nome": "Aurora", "tipo": "job-scheduler"), not a person's given name."""
    return _SURNAME_KEY.search(text, max(0, start - 300), min(len(text), end + 300)) is None


# a record's field that only a person has beside a "name" field, with a value of a person's shape: a mailbox of
# someone's own (no role's, no example domain's), a phone's or a birth date's digits, a surname (its key, five languages)
_PERSON_FIELD = re.compile(
    r"(?i)(?<![a-z])(?:(?P<mail>e-?mail|mail)|(?P<digits>phone|tel|telefono|teléfono|telefon|téléphone|mobile|mobil|cell|"
    r"msisdn|sms|to|dob|birth\w*|geburts\w*|nascita|naissance|nacimiento|iban)|surname|last_?name|cognome|apellidos?|"
    r"nachname)[\"']?[ \t]*[:=][ \t]*[\"']?(?P<v>[^\s\"',;}]{0,60}(?:[ ][\d().-]{1,10}){0,5})")
# what a thing's record holds and a person's does not: a version, a kind, an image, a region, a host, a port
_THING_FIELD = re.compile(r"(?i)[\"'\s{,(](?:version|type|kind|image|region|cluster|platform|host|port|repo|"
                          r"namespace|replicas|runtime|engine|driver|plugin|package|queue|topic)[\"']?[ \t]*[:=]")
_ROLE_MAILBOX = re.compile(r"(?i)(?:ops|team|support|info|admin|noreply|no-reply|maintainers?|dev|devs|help|hello|"
                           r"contact|sales|billing|security|root|postmaster|webmaster)@|@(?:[\w-]+\.)*example\.(?:com|org|net)")
_KEYWORD_ARGUMENT = re.compile(r"[(,][ \t]*\w+[ \t]*=[ \t]*[\"']?$")


def is_cut_before_a_word(text: str, start: int, end: int) -> bool:
    """A field's value its validator took only in part: another word follows it in the same field ("Grace" of
    "name": "Grace Period"); the whole was refused, so its first words are no one's either."""
    return (end + 1 < len(text) and text[end] == " " and text[end + 1].isalpha()
            and _NEXT_KEY.match(text, end + 1) is None)


_NEXT_KEY = re.compile(r"[\w.-]{1,40}=")  # the next key=value pair of a log line: the value ended


# a line a chat export stamps with a date and a minute, and its speaker (a name, a login)
_STAMPED_SPEAKER = re.compile(
    r"(?m)^[ \t]*(?:\[(?:\d{4}-\d{2}-\d{2}|\d{1,2}[./]\d{1,2}[./]\d{2,4}),?[T ]\d{1,2}:\d{2}\]|"
    r"(?:\d{4}-\d{2}-\d{2}|\d{1,2}[./]\d{1,2}[./]\d{4}),?[ ]\d{1,2}:\d{2}(?![:\d]))[ \t]+"
    r"(?P<s>[^\s:][^:\n]{0,40}?):[ \t]")
_PERSON_SPEAKER = re.compile(r"[A-ZÀ-Þ][a-zß-ÿ]+(?:[ -][A-ZÀ-Þ][\w'’-]+)+|[a-z][a-z0-9]*(?:[._][a-z0-9]+|\d+)")


def is_not_a_chat_speaker(text: str, start: int, end: int) -> bool:
    """A word after a minute stamp where no one else speaks in a person's words: a commit's type in a dated log
    (feat:, chore:), a job's or a component's name in a summary (nightly:, smartd:), not a handle in a chat (a chat
    has another speaker named as a person or a login: "Pablo Ruiz:", "pablo_l:")."""
    from .validators import chat_handle

    value = text[start:end]
    for m in _STAMPED_SPEAKER.finditer(text):
        speaker = m.group("s").strip()
        if speaker != value and (_PERSON_SPEAKER.fullmatch(speaker) or chat_handle(speaker)):
            return False
    return True


_CARD_RUN = re.compile(r"(?<![\d-])\d(?:[ -]?\d){12,18}(?![\d-])")


def is_without_a_card_before(text: str, start: int, end: int) -> bool:
    """An expiry or a code whose line gives no card number before it (an issuer's, Luhn-valid; a documented test card's
    is none): a build's number, a token's expiry, a test card's expiry, no one's card data."""
    from .validators import card

    line_start = text.rfind("\n", 0, start) + 1
    return not any(card(m.group()) and not is_documented_example(text, m.start(), m.end())
                   and not is_placeholder_value(text, m.start(), m.end())
                   for m in _CARD_RUN.finditer(text, line_start, start))


# a person's own contact value in a text: an e-mail address, a full international phone number
_CONTACT_VALUE = r"[\w.+-]+@[\w-]+\.[\w.-]+|\+\d[\d ]{7,}\d"
# what says a text is about a person: a contact value, a person's role word, a name's field, a letter's greeting
_PERSON_IN_TEXT = re.compile(_CONTACT_VALUE + r"|(?i:(?<![\w])(?:customer|client|renter|driver|"
                             r"owner|policyholder|insured|claimant|tenant|guest|patient|member|cliente|conducente|"
                             r"assicurato|kunde|kundin|fahrer|fahrerin|halter|versicherungsnehmer|conducteur|"
                             r"propriétaire|assuré|locataire|conductor|titular|asegurado|arrendatario|name|nome|nom|"
                             r"nombre|dear|gentile|sehr geehrter?|madame|monsieur|estimado|estimada)(?![\w]))")


# a test's code: its function, its assertion or its expected error on the value's line or the three lines before
_TEST_CODE = re.compile(r"(?m)^[ \t]*(?:async[ ]+)?def[ ]+test_|\bassert(?:Raises|Equal|True|False|Throws)?\b|pytest\.raises|"
                        r"\bexpect\(|\b(?:it|test|describe)\([\"']")


# a contact value or a person's label (not "name": a listing's header has one)
_CONTACT_IN_TEXT = re.compile(_CONTACT_VALUE + r"|(?i:(?<![\w])(?:customer|client|lead|contact|"
                              r"donor|member|patient|student|cliente|kunde|kundin|contatto|contacto)[ \t]*[:=(])")


def is_without_a_person(text: str, start: int, end: int) -> bool:
    """A record's id in a text that shows no person's contact value and no person's label: a listing of records (an
    "Id  Name" table of "Contact record" rows), not someone's."""
    return _CONTACT_IN_TEXT.search(text) is None


def is_in_test_code(text: str, start: int, end: int) -> bool:
    """A value a unit test feeds to the code (``validate_iban("NL91…")`` under ``def test_…``, an assertion's
    operand): a fixture's made-up value, no one's."""
    ls = start
    for _ in range(4):
        ls = text.rfind("\n", 0, max(0, ls - 1)) + 1 if ls > 0 else 0
        if ls == 0:
            break
    le = text.find("\n", end)
    return _TEST_CODE.search(text, ls, le if le >= 0 else len(text)) is not None


# a constant that names itself a sample, or a comment on its line that says so
_SAMPLE_LINE = re.compile(r"(?i)[ \t]*(?:[A-Z0-9_]*(?:SAMPLE|EXAMPLE|DUMMY|FAKE|PLACEHOLDER|FIXTURE|DEMO)[A-Z0-9_]*[ \t]*[:=]"
                          r"|.*(?:#|//)[^\n]*\b(?:placeholder|example|sample|fake|dummy|made[ -]up)\b)")


def is_sample_constant(text: str, start: int, end: int) -> bool:
    """A value on a line of code that says it is a sample: assigned to ``SAMPLE``, ``EXAMPLE_BCBP``, ``DUMMY_…``, or
    commented as a placeholder or an example (a parser's fixture, no one's)."""
    ls = text.rfind("\n", 0, start) + 1
    le = text.find("\n", end)
    return _SAMPLE_LINE.match(text, ls, le if le >= 0 else len(text)) is not None


def is_vehicle_without_person(text: str, start: int, end: int) -> bool:
    """A vehicle's plate or VIN in a text that shows no person (no e-mail address, no full phone number, no customer's,
    driver's, owner's or name's word, no letter's greeting): a fleet's or a depot's own vehicle (a telematics feed, a
    round's sheet), no one's car."""
    return _PERSON_IN_TEXT.search(text) is None


def is_name_without_person_fields(text: str, start: int, end: int) -> bool:
    """A bare ``name`` field's value whose record holds no person's field (an e-mail of someone's own, a phone's or a
    birth date's digits, a surname) in its reach (the same line, or the few lines of its object), or holds a thing's
    (a version, a kind, an image, a host): a thing's name ("name": "Aurora", name=Jasper in a build's log, a host
    "Apollo" with its address), not the given name of a person a record describes; a call's keyword argument in code
    (User(name='John')) neither."""
    line_start = text.rfind("\n", 0, start) + 1
    if _KEYWORD_ARGUMENT.search(text, max(line_start, start - 30), start):
        return True
    line_end = text.find("\n", end)
    line_end = len(text) if line_end < 0 else line_end
    if line_end - line_start > 40:
        window = (max(line_start, start - 200), min(line_end, end + 200))
    else:
        window = (max(0, start - 160), min(len(text), end + 160))  # an object written one field per line
    if _THING_FIELD.search(text, *window):
        return True
    for m in _PERSON_FIELD.finditer(text, *window):
        value = m.group("v")
        if "@" in value:  # a mailbox of someone's own, whatever its key ("to": "raulo73@…")
            if not _ROLE_MAILBOX.search(value):
                return False
        elif m.group("mail"):
            continue
        elif m.group("digits"):
            if sum(c.isdigit() for c in value) >= 6:
                return False
        elif value[:1].isalpha():
            return False
    return True


# a vehicle's identification number (ISO 3779: 17 letters and digits; a typed one may hold the I, O or Q the
# standard leaves out) after its key: VIN, FIN, Fahrgestellnummer, telaio, numéro de châssis, bastidor
_VIN = re.compile(r"(?=[A-Z0-9]*\d)(?=[A-Z0-9]*[A-Z])[A-Z0-9]{17}")
_VIN_KEY = re.compile(r"(?i)(?<![a-z])(?:vin|fin|vehicle[ _-]?identification[ _-]?number|fahrgestell(?:nummer|[ _-]?nr)?|"
                      r"telaio|ch[aâ]ssis|bastidor)(?:[ _-]?(?:no|nr|number|code))?[\"']?[ \t]*[:=]?[ \t]*[\"'\\]*$")


def is_vehicle_number(text: str, start: int, end: int) -> bool:
    """A vehicle's identification number under its key (``"vin": "WVWZZZ1JZXW000001"``): the car's, not a secret."""
    return _VIN.fullmatch(text, start, end) is not None and _VIN_KEY.search(text, max(0, start - 40), start) is not None


_OBJECT_ATTRIBUTE = re.compile(
    r"^(?:self|this|cls|request|req|response|config|cfg|conf|settings|options|opts|args|kwargs|params|props|env|ctx|"
    r"context|session|os|sys|app|current_user|user|auth|db|model|obj|data|payload|form|event|item|row|record|"
    r"result|ret|res|node|spec|values|vars|secrets|inputs|github|steps|needs|matrix|job|runner)\.",
    re.I,
)
_CODE_ASSIGN_BEFORE = re.compile(r"(?:\s(?:=|:=|=>|<-)|:=|=>)[ \t]*$")


def is_code_variable(text: str, start: int, end: int) -> bool:
    """An unquoted code reference where a value was expected: ``user = request.user``,
    ``login := currentLogin``, ``user=self.user``, a call ``user = get_user(x)``. A spaced ``=`` before an
    identifier made of words that are not names is code; ``user = jdoe`` in an INI file is still a value."""
    value = text[start:end]
    if _OBJECT_ATTRIBUTE.match(value) or text[end : end + 1] == "(":
        return True
    if text[start - 1 : start] in ("\"", "'", "`") or not re.fullmatch(r"[A-Za-z_][\w.]*", value):
        return False
    if not _CODE_ASSIGN_BEFORE.search(text[max(0, start - 6) : start]):
        return False
    if _in_ini_section(text, start):
        return False  # "instructor = gorlandi" under "[learner.1]": an INI file's value, whatever its words
    parts = [p for p in re.split(r"[._]|(?<=[a-z])(?=[A-Z])", value) if p]
    return not any(_name_like(p.lower()) for p in parts)


_INI_LINE = re.compile(r"[ \t]*(?:\d+\t)?[A-Za-z_][\w.-]*[ \t]*=[ \t]*[^\n=]*[^\s=][ \t]*$")
_INI_SECTION = re.compile(r"(?m)^[ \t]*(?:\d+\t)?\[[\w.\- ]{1,60}\][ \t]*$")


def _in_ini_section(text: str, start: int) -> bool:
    """``start`` is on a bare ``key = value`` line of an INI file: a ``[section]`` line above it, and only such lines
    (or blank ones) between them."""
    ls = text.rfind("\n", 0, start) + 1
    le = text.find("\n", start)
    if not _INI_LINE.fullmatch(text, ls, len(text) if le < 0 else le):
        return False
    lo = max(0, ls - 1500)
    head = None
    for m in _INI_SECTION.finditer(text, lo, ls):
        head = m
    if head is None:
        return False
    return all(not line.strip() or _INI_LINE.fullmatch(line) or line.lstrip().startswith(("#", ";"))
               for line in text[head.end():ls].split("\n"))


_SENTENCE_GOES_ON = re.compile(r"[ \t]+[A-Za-z]+[ \t]+[A-Za-z]")


def prose_follows(text: str, end: int) -> bool:
    """Two more words follow ``end`` on the line: the value before it is part of a sentence."""
    return _SENTENCE_GOES_ON.match(text, end) is not None


def is_prose_word(text: str, start: int, end: int) -> bool:
    """A plain word after ``Label: `` that carries on as a sentence (``User: what does this do?``), not a
    header's value (``Benutzername: carolelucero``). Names and logins with digits or dots are never kept."""
    value = text[start:end]
    if not value.isalpha() or text[max(0, start - 2) : start] != ": ":
        return False
    if not prose_follows(text, end):
        return False
    return not _name_like(value.lower())


_VERSION_BEFORE = re.compile(
    r"(?i)(?:version|kernel|linux|release|\bv8|\bnode|python|\bv|\bsince|"
    # "update zlib to", "patch V8 to", "bumped openssl from": a verb of versions, up to two words, then to/from
    # "update zlib to", "patch V8 to": a verb of versions, one word (the package) and "to"; not "updated from" (an
    # audit log's address), "dispatched to", "pinned our egress to"
    r"\b(?:update[sd]?|upgrade[sd]?|bump(?:ed|s)?|patch(?:ed|es)?|downgrade[sd]?)"
    r"(?:\s+(?!(?:ips?|address(?:es)?|records?|a|aaaa|dns|hosts?|servers?|endpoints?|firewall|allow-?list|white-?list|"
    r"gateway|routes?|proxy|nameservers?|peers?|upstream|origin|vip|lb|load|balancer|node|nodes|egress|ingress|"
    r"the|our|my|your|their|its|password|user|account|session|login|key|token)\b)[\w.+-]+)?\s+to|"
    r"[=<>~!]=\s*|[\"'(]==\s*"
    # a document's numbered part: "RFC 7644 Abschnitt 3.4.2.2", "§ 4.1.2.3", "clause 10.2.1.4"
    r"|\b(?:sections?|sect\.|sec\.|abschnitt|kapitel|ziffer|sezione|capitolo|paragrafo|chapitre|sección|seccion|"
    r"capítulo|apartado|chapter|clause|art\.|article|articolo|artikel|artículo|para\.)|§"
    r")[\s:\"'=>]*$"  # "version: ", "'version' => '" (PHP's config.php)
)


@cache
def _public_addresses() -> tuple[tuple[ipaddress.IPv4Network | ipaddress.IPv6Network, ...], frozenset[str]]:
    data = load_toml(data_path("keep", "public_addresses.toml"))
    networks = tuple(ipaddress.ip_network(n) for n in data["networks"])
    return networks, frozenset(str(ipaddress.ip_address(a)) for a in data["resolvers"])


def _address(value: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    try:
        return ipaddress.ip_address(value.strip("[]").split("%", 1)[0])
    except ValueError:
        return None


# a message's or an event's identifier written as an address: Message-ID <uuid@host>, an iCalendar UID:
_GENERATED_LOCAL = re.compile(r"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}(?:[.$][\w.$-]*)?@")
_ID_HEADER = re.compile(r"(?m)^[ \t]*(?:Message-I[Dd]|In-Reply-To|X-Message-I[Dd])[ \t]*:[ \t<]*$")
_ICAL_UID = re.compile(r"(?m)^UID:$")


# programs and runtimes whose release numbers have four parts (jdk-21.0.4.7, node-18.20.4.1): not "client-81.2.69.160"
_VERSIONED_NAMES = ("jdk|jre|openjdk|temurin|zulu|corretto|graalvm|hotspot|node|nodejs|python|ruby|go|golang|java|php|"
                    "perl|gcc|clang|llvm|cuda|cudnn|dotnet|sdk|runtime|kernel|linux|firefox|chrome|chromium|electron|"
                    "qt|boost|cmake|gradle|maven|android|erlang|elixir|rust|rustc|tomcat|jetty|nginx|httpd|postgresql|"
                    "mysql|mariadb|redis|mongodb|elasticsearch|kafka|spark|hadoop|build|release|version|v")
_NAME_HYPHEN_BEFORE = re.compile(rf"(?<![\w.-])(?i:{_VERSIONED_NAMES})-$")


def is_hyphenated_version(text: str, start: int, end: int) -> bool:
    """Four numbers a program's name and a hyphen come before: ``jdk-21.0.4.7``, ``node-18.20.4.1``, a release,
    not an address."""
    return start > 1 and text[start - 1] == "-" and _NAME_HYPHEN_BEFORE.search(text, max(0, start - 22), start) is not None


def is_message_id(text: str, start: int, end: int) -> bool:
    """An address that names a message or a calendar event, not a mailbox: a UUID before the "@" (what mailers and
    Rails' ``message_id`` generate), or the value of an iCalendar ``UID:`` or a mail's ``Message-ID:`` line."""
    if _GENERATED_LOCAL.match(text, start, end):
        return True
    ls = text.rfind("\n", max(0, start - 40), start) + 1 or max(0, start - 40)
    if _ID_HEADER.match(text, ls, start) is not None:
        return True
    return _ICAL_UID.match(text, ls, start) is not None and "BEGIN:VEVENT" in text[max(0, start - 4000):start]


def is_public_service_address(text: str, start: int, end: int) -> bool:
    """An address of no one's machine (keep/public_addresses.toml): a special-purpose block of the IANA registry
    (``192.0.0.8``, ``198.18.0.1``) or a public DNS resolver (``8.8.8.8``, ``2606:4700:4700::1111``)."""
    ip = _address(text[start:end])
    if ip is None:
        return False
    networks, resolvers = _public_addresses()
    return str(ip) in resolvers or any(ip in n for n in networks if n.version == ip.version)


def is_placeholder_address_shape(text: str, start: int, end: int) -> bool:
    """An address written as a placeholder: counting up (``1.2.3.4``, ``0:1:2:3:4:5:6:7``) or one part repeated
    (``4.4.4.4``, ``5.5.5.5``)."""
    ip = _address(text[start:end])
    if ip is None:
        return False
    parts = [int(p) for p in ip.exploded.split(".")] if ip.version == 4 else [int(p, 16) for p in ip.exploded.split(":")]
    counting = all(b - a == 1 for a, b in zip(parts, parts[1:], strict=False))
    return counting or (len(set(parts)) == 1 and ip.version == 4)


# an SVG path's or a matrix's numbers run together with signs for separators ("1.52-.87 2.83-2.12 3.51.98.32"):
# a dotted quad there is four numbers, not an address (a traceroute's "81.2.69.160  1.524 ms" has no sign between)
_SIGNED_PAIR_BEFORE = re.compile(r"\d\.\d+-\.?\d[\d.]*[ ,]?$")
_SIGNED_AFTER = re.compile(r"-(?:\.\d+|\d+\.\d+)(?![\d.])")  # -.87, -2.12; not a range's -254


def is_number_soup(text: str, start: int, end: int) -> bool:
    """A dotted quad among numbers that signs separate (``2.83-2.12 3.51.98.32``, ``3.51.98.32-1.2``)."""
    return bool(_SIGNED_PAIR_BEFORE.search(text, max(0, start - 24), start) or _SIGNED_AFTER.match(text, end))


def is_version_context(text: str, start: int, end: int) -> bool:
    """A dotted quad right after a version word or a version operator (``kernel 2.6.23.1``, ``== 1.2.3.0``,
    ``v8: update to 3.14.5.9``): a version, not an address."""
    return bool(_VERSION_BEFORE.search(text[max(0, start - 24) : start]))


_SCHEMA_BEFORE = re.compile(r"(?i)(?:objectclasses|attributetypes|ldapsyntaxes|matchingrules|olcobjectclasses|olcattributetypes)"
                            r":{1,2}[ \t]*\([ \t]*$")


def is_schema_oid(text: str, start: int, end: int) -> bool:
    """A dotted number that names an LDAP schema element (``objectClasses: ( 2.5.6.6 NAME 'person' …``): an object
    identifier, not an address."""
    return text.startswith((" NAME '", " NAME ("), end) or bool(_SCHEMA_BEFORE.search(text, max(0, start - 40), start))


_PRODUCT_PAREN_BEFORE = re.compile(r"\(([A-Z][\w.+-]*)[ \t]$")
_NETWORK_WORDS = frozenset({"host", "server", "ip", "ipv4", "address", "addr", "client", "from", "to", "peer", "node",
                            "gateway", "router", "source", "src", "dst", "destination", "remote", "origin", "via"})


def is_parenthesised_version(text: str, start: int, end: int) -> bool:
    """A dotted quad in brackets after a product's name (``(Rails 7.1.3.2)``, ``(Ubuntu 5.15.0.91)``,
    keep/product_names.txt): its version as banners print it; after any other word (``(Home 81.2.69.160)``) an address."""
    m = _PRODUCT_PAREN_BEFORE.search(text, max(0, start - 40), start)
    return m is not None and text.startswith(")", end) and vocabulary.is_product(m.group(1))


_IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_MEMBER_AFTER = re.compile(r"[(\[]|<(?!/)|\.[a-z_]|::")  # Grace(…), Grace<T>, Grace[…], Grace.objects, Grace::new
# (not an XML element's closing tag: <sn>Roussel</sn> is text)
_MEMBER_BEFORE = re.compile(r"(?:\w\.|::|->)$")  # obj.Grace, ns::Grace, ptr->Grace
_LEADING_WORD = re.compile(r"\s*(?:export\s+|public\s+|private\s+|protected\s+|static\s+|abstract\s+|async\s+|final\s+|data\s+|sealed\s+)*([a-z]+)\s")
_WORD_BEFORE = re.compile(r"([a-z]+)\s+$")


@lru_cache(maxsize=4)
def _breaks(text: str) -> tuple[list[int], list[int]]:
    """Offsets of the text's newlines and of its ``\\n`` escapes, read once per text: the predicates below run
    once per span, and a long line of many spans must not be scanned again for each."""
    return newline_offsets(text), [m.start() for m in re.finditer(r"\\n", text)]


def _line(text: str, start: int, end: int) -> tuple[int, int]:
    """The line around ``[start, end)``: a line ends at a newline or at a ``\\n`` escape (a JSON string)."""
    newlines, escapes = _breaks(text)
    k = bisect_left(newlines, start)
    j = bisect_left(escapes, start - 1)  # an escape's backslash right before start still ends the line before it
    while j < len(escapes) and escapes[j] + 2 <= start:
        j += 1
    ls = max(newlines[k - 1] + 1 if k else 0, escapes[j - 1] + 2 if j else 0)
    k2 = bisect_left(newlines, end)
    j2 = bisect_left(escapes, end)
    le = min(newlines[k2] if k2 < len(newlines) else len(text), escapes[j2] if j2 < len(escapes) else len(text))
    return ls, le


# the extension of a document's file name (a CV, a contract, a scan): after a word, no member access
# (a recording, a scan, a sleep study or an exported record carries its person's name too: .edf, .dcm, .mp3, .xml)
DOC_EXTENSION = re.compile(r"\.(?:pdf|docx?|xlsx?|odt|ods|odp|pptx?|rtf|txt|csv|jpe?g|png|heic|tiff?|zip|xml|edf|dcm|eml|msg|vcf|mp3|m4a|wav|mp4)\b", re.IGNORECASE)


# a data file's extension at the end of a path's word: ".json" then a quote, a blank, a bracket or the end
_DATA_FILE_END = re.compile(r"\.(?:nd)?jsonl?(?=$|[\s\"'`)\],;:])|\.ya?ml(?=$|[\s\"'`)\],;:])|\.html?(?=$|[\s\"'`)\],;:])")


def is_code_identifier(text: str, start: int, end: int) -> bool:
    """A name a program declares or uses, not a person's: ``class Grace(Ada):`` (both), ``new Ada()``,
    ``Grace.objects``, ``extends Hopper``. The word is an identifier in a code position: called, subscripted or
    followed by a member; a member itself; after a declaration keyword (keep/declaration_keywords.txt); or anywhere
    outside a string on a line that declares something (``class …(…)``, ``def …(…)``)."""
    if not _IDENTIFIER.fullmatch(text[start:end]):
        return False
    ls, _ = _line(text, start, end)
    head = text[max(ls, start - 400):start]  # the quotes of the last 400 characters: a long line is not recounted per span
    if head.count('"') % 2 or head.count("'") % 2 or "#" in head or "//" in head:
        return False  # inside a string or a comment: prose
    if DOC_EXTENSION.match(text, end) or _DATA_FILE_END.match(text, end):
        # a document's or a record's file name (CV_Stefan_Petersen.pdf, exports/kenji_watanabe.json), no member
        # access: the extension ends the path's word
        return False
    if _MEMBER_AFTER.match(text, end) or _MEMBER_BEFORE.search(text, max(0, start - 2), start):
        return True
    keywords = word_list("declaration_keywords")
    before = _WORD_BEFORE.search(text, max(0, start - 16), start)
    if before is not None and before.group(1) in keywords:
        return True
    lead = _LEADING_WORD.match(text, ls, start)
    return lead is not None and lead.group(1) in keywords


_HEADING_MARKS = re.compile(r"[ \t]*(?:#{1,6}[ \t]+|(?:[-*+]|\d{1,2}[.)])[ \t]+)?(?:\*\*|__|\*|_)?")
_HEADING_TAIL = re.compile(r"(?:\*\*|__|\*|_)?[ \t]*:?[ \t]*(?:\*\*|__)?[ \t]*$")
_LABEL_TAIL = re.compile(r"(?:\*\*|__)?[ \t]*:(?:\*\*|__)?[ \t]+\S")


_SECTION_START = re.compile(r"(?:\r?\n|\\n)(?:[ \t]*(?:\r?\n|\\n)|[ \t]*(?:[-*+]|\d{1,2}[.)])[ \t]|[ \t]+\S|[^\W\d_]+[ \t]+[^\W\d_]+[ \t]+[^\W\d_])")


def _opens_a_section(text: str, line_end: int) -> bool:
    """The line after ``line_end`` is blank, a list item, indented, or a sentence of three words or more (words of
    letters: a phone number under a signature is none)."""
    return _SECTION_START.match(text, line_end) is not None


def is_heading_word(text: str, start: int, end: int) -> bool:
    """One word that titles a section or labels an instruction (``## Tone``, ``**Tone**``, ``Tone`` over a list,
    ``- Tone: be brief``), and a word of the language there: a heading word of data/vocab/names.toml, a word technical
    prose writes in lower case, or one the same text writes in lower case ("your tone is concise"). A first name
    alone on a line ("Thanks,\nEllen") or labelling a line ("- Marta: fix the build") stays a person."""
    word = text[start:end]
    if not word.isalpha():
        return False
    ls, le = _line(text, start, end)
    marks = _HEADING_MARKS.match(text, ls, start)
    if marks is None or marks.end() != start:
        return False
    if not (_HEADING_TAIL.fullmatch(text, end, le) or _LABEL_TAIL.match(text, end, le)):
        return False
    if marks.end() == ls and _HEADING_TAIL.fullmatch(text, end, le) and not _opens_a_section(text, le):
        return False  # a bare word alone on its line heads something only when a section follows (not a CSV cell)
    low = word.lower()
    if low in vocabulary.word_set("names", "heading_words") or low in vocabulary.plain_words():
        return True
    # written in lower case as a word of a sentence: not inside an address or a login (marta.rossi@…, /home/marta)
    return re.search(rf"(?<=\s){re.escape(low)}(?=[\s,;:!?)]|\.(?:\s|$))", text) is not None


@cache
def _fictional_entries() -> tuple[tuple[list[str], bool], ...]:
    """keep/fictional_people.txt read once: each name's lower-case words, and whether it is kept as a name only (a
    trailing "*": its logins are also real people's)."""
    out = []
    for full in word_list("fictional_people"):
        words = full.lower().split()
        out.append((words[:-1], True) if words[-1] == "*" else (words, False))
    return tuple(out)


@cache
def public_figure_names() -> frozenset[str]:
    """keep/public_figures.txt's full names, lower case, blanks single (Ada Lovelace, Alan Turing)."""
    return frozenset(" ".join(full.lower().split()) for full in word_list("public_figures"))


@cache
def _fictional_forms() -> tuple[frozenset[str], frozenset[str]]:
    """(full names, user names) of keep/fictional_people.txt, lower case: jdoe, john.doe, john_doe, johndoe …; the full
    names of keep/public_figures.txt too (Ada Lovelace, Alan Turing: sample data's favourites)."""
    names: set[str] = set()
    logins: set[str] = set()
    names.update(public_figure_names())  # their logins are anyone's
    for words, name_only in _fictional_entries():
        names.add(" ".join(words))
        if name_only:
            continue
        first, last = words[0], words[-1]
        logins.update({first[0] + last, f"{first}.{last}", f"{first}_{last}", f"{first}-{last}", first + last,
                       f"{first[0]}.{last}", f"{first[0]}_{last}"})
    return frozenset(names), frozenset(logins)


@cache
def _fictional_names() -> re.Pattern[str]:
    """Any full name of keep/fictional_people.txt as whole words, any case, any run of spaces between its words."""
    names = sorted(_fictional_forms()[0], key=len, reverse=True)
    return re.compile(r"(?<!\w)(?:" + "|".join(r"\s+".join(map(re.escape, n.split())) for n in names) + r")(?!\w)",
                      re.IGNORECASE)


_TEST_ACCOUNT = re.compile(r"(?i)(?:test|seed|e2e|demo|dummy|sample|fake|example|qa|fixture)[-_.]?(?:user|account|"
                           r"login|member|customer|admin)?[-_.]?\d{0,4}|user[-_]?\d{1,3}|tester\d{0,3}")


_NEXT_WORD = re.compile(r"[ \t]+(\w+)")
_INSTITUTIONS = frozenset({"university", "universität", "universitaet", "università", "université", "universidad",
                           "college", "institute", "institut", "hospital", "foundation", "stiftung", "fondation"})


def is_placeholder_address(text: str, start: int, end: int) -> bool:
    """An address forms and documentation make up ("123 Main St, Anytown", "1 rue Exemple", "Musterstraße 1",
    keep/placeholder_addresses.txt)."""
    return _placeholder_address_regex().search(" ".join(text[start:end].lower().split())) is not None


@cache
def _placeholder_address_regex() -> re.Pattern[str]:
    phrases = sorted(word_list("placeholder_addresses"), key=len, reverse=True)
    return re.compile(r"(?<!\w)(?:" + "|".join(re.escape(p) for p in phrases) + r")(?!\w)")


def is_thing_field_value(text: str, start: int, end: int) -> bool:
    """The value (or its start) of a field whose key's last word names a thing, a place or a function ([thing_keys]:
    ``"manufacturerName": "Meyer Burger"``, ``"title": "Ingegnere DevOps"``), not a person."""
    before = text[max(0, start - 64):start]
    m = _KEY_BEFORE.search(before) or _ELEMENT_BEFORE.search(before)
    if m is None:
        return False
    words = [w.lower() for w in vocabulary.identifier_words(m.group(1).rsplit(".", 1)[-1])]
    if not _names_a_thing(words):
        return False
    # a supplier, a contractor or a vendor may be a person trading under their own name ("Proveedor: Carmen
    # Moreno"): a known first name and one more capitalised word is a person's name there
    parts = text[start:end].split()
    return not (words[-1] in _TRADER_KEYS and len(parts) == 2 and parts[0] in word_list("first_names")
                and parts[0] not in word_list("common_words") and parts[1][:1].isupper()
                and parts[1].lower() not in vocabulary.word_set("names", "thing_words"))


_TRADER_KEYS = frozenset({"supplier", "vendor", "contractor", "subcontractor", "haulier", "proveedor", "fornitore",
                          "lieferant", "fournisseur"})


def _names_a_thing(words: list[str]) -> bool:
    """A key's or a column's words (lower case) name a thing: their last word, after a trailing name/id word
    (manufacturerName, hotel_name: the thing is the word before), is one of names.toml [thing_keys]. The last word
    decides: a role after a thing (project_manager, hotel_guest, service_owner) holds a person."""
    while len(words) > 1 and words[-1] in ("name", "names", "id"):
        words = words[:-1]
    return bool(words) and words[-1] in vocabulary.word_set("names", "thing_keys")


_ELEMENT_BEFORE = re.compile(r"<(?:[\w-]+:)?([A-Za-z_][\w.-]{0,60})(?:[ \t][^<>]{0,80})?>$")  # <DrugDescription>…


# a quoted value's number beside a name: a vintage, a size, a model's (no person's name holds one)
_QUOTED_VALUE = re.compile(r'"([^"\n]{1,120})"')
_VALUE_NUMBER = re.compile(r"(?:[ \t]+[^\W\d_][\w'.-]*){0,3}[ \t]+\d{2,4}(?:x\d{2,4})?(?:cl|ml|l|g|kg|mm|cm|m|in)?[ \t]*")
_VALUE_WORDS = re.compile(r"(?:[^\W\d_][\w'.-]*[ \t]+){0,3}")


def is_numbered_title(text: str, start: int, end: int) -> bool:
    """A name inside a quoted value that also holds a number of its own (``nombre = "Viña Tondonia Reserva 2012"``,
    ``"designation": "Brasserie Perrin IPA 33cl"``): a product's title, not a person; a person's name and their
    phone or id sit in separate fields."""
    line_start = text.rfind("\n", 0, start) + 1
    line_end = text.find("\n", end)
    line_end = len(text) if line_end < 0 else line_end
    for m in _QUOTED_VALUE.finditer(text, line_start, line_end):
        if m.start(1) <= start and end <= m.end(1):
            # words at most before the name, the number last after it ("Greta Lindholm (ext 4410)" is a person's);
            # a name that opens with a first name is a person's with their age, room or birth year ("Marta
            # Kowalczyk 1985")
            first = text[start:end].split()[0]
            return (_VALUE_WORDS.fullmatch(text, m.start(1), start) is not None
                    and _VALUE_NUMBER.fullmatch(text, end, m.end(1)) is not None
                    and not (first in word_list("first_names") and first not in word_list("common_words")))
    return False


def is_string_escape(text: str, start: int, end: int) -> bool:
    """A backslash and an escape's letter in the value (or right before it) inside a quoted string
    (``"FAILED\\nretry"``): a newline, a tab or a return in code, not a DOMAIN\\login."""
    at = text.find("\\", max(0, start - 1), end)
    if at < 0 or at + 1 >= len(text) or text[at + 1] not in "ntrbfu":
        return False
    line_start = text.rfind("\n", 0, at) + 1
    before = text[line_start:at]
    return before.count('"') % 2 == 1 or before.count("'") % 2 == 1


_WINDOWS_DOMAIN = re.compile(r"[A-Z][A-Z0-9-]{1,14}")


def is_windows_domain(text: str, start: int, end: int) -> bool:
    """An upper-case word right before a backslash and a login (``PRAXIS\\svc-backup``): a Windows domain, masked
    with the account it qualifies when that account is a person's, never a login alone."""
    return (end + 1 < len(text) and text[end] == "\\" and text[end + 1].isalpha()
            and _WINDOWS_DOMAIN.fullmatch(text, start, end) is not None)


def is_thing_column_cell(text: str, start: int, end: int) -> bool:
    """A cell of a table's column whose header's last word names a thing ([thing_keys]: "model", "contractor",
    "lab", "software"): "Toyota Yaris" under "model" is a car, "Saal Digital" under "lab" a company."""
    from .tables import column_name  # tables reads keep's predicates

    name = column_name(text, start)
    return name is not None and _names_a_thing([w for w in name.split("_") if w])


def is_thing_name(text: str, start: int, end: int) -> bool:
    """A capitalised run with a word no person's name holds (names.toml [thing_words]: "Release Signing Key", "Jira
    Cloud", "Università di Bergamo"; [software_words]: "Arrow Table"): a thing, a team or an institution."""
    software = vocabulary.word_set("names", "software_words")
    words = vocabulary.word_set("names", "thing_words") | software
    parts = [w.strip(".,:;'\"()") for w in text[start:end].split()]
    # a shop named by its trade and its owner ("Orologeria Brambilla", "Brasserie Perrin"): the trade's word leads,
    # and no first name follows it (a "Cantina Giulia", a "Stables, Harriet" is a person)
    if (len(parts) >= 2 and parts[0].lower() in vocabulary.word_set("names", "trade_words")
            and not (parts[1] in word_list("first_names") and parts[1] not in word_list("common_words"))
            and not parts[1].isupper()):
        return True
    if any(w.lower() in words for w in parts):
        # a first name and a surname that is also an institution's word is a person ("Margaret Court", not "Stony
        # Brook University": University is nobody's surname; "Grace Trainer" too, where nothing imports a trainer)
        return not (len(parts) == 2 and parts[0] in word_list("first_names") and parts[0] not in word_list("common_words")
                    and parts[1].lower() not in _INSTITUTIONS)
    # an institution's word right after it: "Indiana University", "Stony Brook University"
    after = _NEXT_WORD.match(text, end)
    return after is not None and after.group(1)[0].isupper() and after.group(1).lower() in _INSTITUTIONS


# the modules a text imports: Python (import x.y, from x.y import), JavaScript (require('x'), import … from 'x'),
# Go and Rust (import "x/y", use x::y)
_IMPORT = re.compile(r"""(?m)^[ \t>]*(?:from[ \t]+([\w.]+)[ \t]+import\b|import[ \t]+([\w.]+)|use[ \t]+([\w:]+))"""
                     r"""|\brequire\(\s*['"]([@\w./-]+)['"]\s*\)|\bfrom[ \t]+['"]([@\w./-]+)['"]|^[ \t]*import[ \t]+"([\w./-]+)\"""")


@lru_cache(maxsize=4)
def _imported_words(text: str) -> frozenset[str]:
    """The words of the module names ``text`` imports, lower case (``from ray.train import …`` -> ray, train)."""
    out: set[str] = set()
    if "import" not in text and "require(" not in text and "use " not in text:
        return frozenset()
    for m in _IMPORT.finditer(text):
        module = next(g for g in m.groups() if g)
        out.update(w.lower() for w in re.split(r"[./@:_-]+", module) if len(w) > 1)
    return frozenset(out)


def is_imported_name(text: str, start: int, end: int) -> bool:
    """The run starts with the name of a module the same text imports, and its other words are that module's
    words or nouns no surname holds ("Ray Train" where ``import ray.train`` stands, "Ray Serve LLM"): a library's
    part, not a person. A name with a surname is a person whatever the imports ("Ray Smith")."""
    imported = _imported_words(text)
    if not imported:
        return False
    parts = [w.strip(".,:;'\"()") for w in text[start:end].split()]
    if not parts or parts[0].lower() not in imported:
        return False
    software = vocabulary.word_set("names", "software_words")
    for w in parts[1:]:
        low = w.lower()
        if not (low in imported or low in software):
            return False
    return True


def is_group_name(text: str, start: int, end: int) -> bool:
    """Every word of the span names a nationality, a people or a faith (names.toml [group_words]: "Jews", "Polish",
    "Catholics", "die Deutschen"): a group, not a person; a word that is also a name makes it a person's."""
    stripped = [w.strip(".,:;'\"()’") for w in text[start:end].split()]
    if any(w.removesuffix("'s").title() in word_list("first_names") or w.removesuffix("'s").title() in word_list("last_names")
           for w in stripped):
        return False  # "Christian German", "Mr. Russo", "Roman wrote": a word that is a name makes it a person's
    parts = [w[:-2] if w.endswith("'s") else w for w in (x.lower() for x in stripped) if w]
    words = vocabulary.word_set("names", "group_words")
    return bool(parts) and all(w in words for w in parts)


def is_place_name(text: str, start: int, end: int) -> bool:
    """The whole span is a place's name (keep/places.txt, from GeoNames: "Madhya Pradesh", "Roma", "Vienne"), a
    possessive or a full stop aside: a city, a region or a country, not a person."""
    value = text[start:end].strip(" .,;:")
    if value.endswith(("'s", "’s")):
        value = value[:-2]
    if value not in word_list("places"):
        return False
    # one word that is also a first name ("Michael", "Jordan", "Isabel") names the person as often; a surname that is
    # a region or a city of a million ("Florida", "Alexandria") names the place far more often
    return " " in value or value not in word_list("first_names")


@cache
def _fictional_partners() -> dict[str, frozenset[str]]:
    """Each word of a fictional full name of keep/fictional_people.txt -> the other words of the names it is part of
    (max -> {mustermann}); particles and the names kept as names only ("*") give none."""
    particles = vocabulary.name_particles()
    out: dict[str, set[str]] = {}
    for words, name_only in _fictional_entries():
        if name_only:
            continue
        words = [w for w in words if w not in particles]
        for w in words:
            out.setdefault(w, set()).update(x for x in words if x != w)
    return {k: frozenset(v) for k, v in out.items()}


_NEXT_CELL = re.compile(r"[\s|,;\t\"'^]{1,12}(\w+)")
_PREV_CELL = re.compile(r"(\w+)[\s|,;\t\"'^]{1,12}$")


def is_fictional_person(text: str, start: int, end: int) -> bool:
    """A name reserved for fiction and forms (keep/fictional_people.txt: John Doe, Max Mustermann), or part of one
    ("John" of "John Doe"), a login built from one (``jdoe``, ``john.doe``, ``erika_mustermann``) or a test account
    (``seed_user_25``, ``e2e-12``, ``demo_user``): a test fixture, not a person."""
    value = " ".join(text[start:end].lower().replace("/", " ").split())  # GEDCOM's "John /Doe/"
    names, logins = _fictional_forms()
    if value in names or value in logins or _TEST_ACCOUNT.fullmatch(value):
        return True
    lo, hi = max(0, start - 40), min(len(text), end + 40)
    if any(m.start() <= start and end <= m.end() for m in _fictional_names().finditer(text, lo, hi)):
        return True
    # one word of a fictional name with its partner in the next or the previous cell: "Max | Mustermann"
    partners = _fictional_partners().get(value)
    if not partners:
        return False
    after = _NEXT_CELL.match(text, end)
    before = _PREV_CELL.search(text, max(0, start - 40), start)
    return any(m is not None and m.group(1).lower() in partners for m in (after, before))


_ROLE_SPLIT = re.compile(r"[_.-]+")
_GLUED_SERVICE = re.compile(r"([a-z]{4,})(?:svc|srv|daemon|service)")


def is_service_role(text: str, start: int, end: int) -> bool:
    """A service account or database role (``shop_app``, ``orders-ro``, ``etl_writer``): words joined by ``_``, ``-``
    or ``.``, one of them a service word (keep/service_roles.txt), none a person's name (``john_admin`` stays
    personal)."""
    parts = [p for p in _ROLE_SPLIT.split(text[start:end].lower()) if p]
    if len(parts) == 1 and (m := _GLUED_SERVICE.fullmatch(parts[0])) is not None:
        # a service's word glued to its application's name (meterledgersvc, backupsrv, syncdaemon): no one's login
        return not (_name_like(m.group(1)) or _made_from_name(m.group(1)))
    if len(parts) < 2 or not all(p.isalnum() for p in parts):
        return False
    roles = word_list("service_roles")
    if not any(p in roles for p in parts):
        return False
    return not any(p not in roles and (_name_like(p) or _made_from_name(p)) for p in parts)


@cache
def _reserved_phones() -> tuple[tuple[str, str, re.Pattern[str]], ...]:
    data = load_toml(data_path("keep", "reserved_phones.toml"))
    out = []
    for i, rec in enumerate(data.get("range", [])):
        try:
            out.append((str(rec["country"]), str(rec.get("trunk", "")), re.compile(rec["national"])))
        except (KeyError, re.error) as exc:
            raise ConfigError(f"data/keep/reserved_phones.toml: range #{i}: {exc}") from exc
    return tuple(out)


_FILLER_DIGITS = re.compile(r"0{6}$")


_RUNS = ("123456789", "987654321")


def _counting_number(value: str, digits: str) -> bool:
    """A number whose national part is the run 1 to 9 (or back), as documentation writes one: "+33 1 23 45 67 89",
    "01 23 45 67 89"; not a real line that merely ends in it (+1 312-345-6789)."""
    if not digits.endswith(_RUNS):
        return False
    if value.startswith(("+", "00")):
        import phonenumbers  # (keep reads few phones: imported when one is read)
        try:
            national = str(phonenumbers.parse("+" + value.lstrip("+0") if value.startswith("00") else value, None).national_number)
        except phonenumbers.NumberParseException:
            return False
        return national.lstrip("0") in _RUNS
    return digits.lstrip("0") in _RUNS


def is_fictional_phone(text: str, start: int, end: int) -> bool:
    """A number a numbering plan reserves for fiction (keep/reserved_phones.toml: North America's 555-0100 to
    555-0199, Ofcom's drama ranges, ACMA's), or a form's filler (six trailing zeros, one digit repeated): it reaches
    nobody."""
    value = text[start:end].strip()
    digits = "".join(c for c in value if c.isdigit())
    if _FILLER_DIGITS.search(digits) or len(set(digits[-7:])) == 1:
        return True  # a form's filler (+34 600 000 000, 0000000000): no one's line
    if _counting_number(value, digits):
        return True  # the run of digits a documentation types (+33 1 23 45 67 89, 01 23 45 67 89)
    international = value.startswith("+") or value.startswith("00")
    if value.startswith("00"):
        digits = digits[2:]
    for country, trunk, national in _reserved_phones():
        if international:
            if digits.startswith(country) and national.fullmatch(digits[len(country) :]):
                return True
            continue
        if national.fullmatch(digits) or (trunk and digits.startswith(trunk) and national.fullmatch(digits[len(trunk) :])):
            return True
    return False


def is_identifier_slot(text: str, start: int, end: int) -> bool:
    """The value is given to a key that names an identifier or a digest (``etag``, ``client_id``, ``trace_id``,
    ``incident_key``) and no credential: a random-looking id there is no secret."""
    from .keyless import identifier_key  # keyless reads keep's predicates: imported when first asked

    return identifier_key(text, start)


def is_subcommand_word(text: str, start: int, end: int) -> bool:
    """A word of a tool's colon-joined subcommand (``drush user:information``, ``artisan user:create``): the label
    glued to a lower-case dictionary word by a colon, no blank between (``User:mdiaz`` is a principal's login)."""
    value = text[start:end]
    return (start >= 2 and text[start - 1] == ":" and text[start - 2].isalpha() and text[start - 2].islower()
            and value.islower() and value.replace("-", "").isalpha() and all(
                p in word_list("dictionary_words") for p in value.split("-")))


def is_header_cell(text: str, start: int, end: int) -> bool:
    """A whole cell of a table's header line that names a column (see :func:`.tables.is_header_cell`)."""
    from .tables import is_header_cell as header_cell  # tables reads keep's predicates

    return header_cell(text, start, end)


KEEPS: dict[str, KeepPredicate] = {
    f.__name__: f
    for f in (
        is_container_number,
        is_numbered_instance_or_attribute,
        is_platform_name,
        is_subcommand_word,
        is_workload_name,
        is_templated,
        is_placeholder_value,
        is_documented_example,
        is_encoded_content,
        is_environment_reference,
        is_service_account_slot,
        is_storage_account_name,
        is_host_named_user,
        is_code_reference,
        is_uuid,
        is_hashed_credential,
        is_secret_reference,
        is_record_id,
        is_compound_identifier,
        is_parenthesised_version,
        is_cloud_account_id,
        is_hash_digest,
        is_versioned_program,
        is_version,
        is_date,
        is_calendar_date,
        is_low_entropy,
        is_plain_word,
        is_boolean_or_number,
        is_path,
        is_service_username,
        is_product_name,
        is_code_word,
        is_module_member,
        is_tool_token,
        is_said_of_a_credential,
        is_order_number,
        is_dictionary_word,
        is_url_authority,
        is_code_variable,
        is_prose_word,
        is_version_context,
        is_schema_oid,
        is_public_service_address,
        is_message_id,
        is_hyphenated_version,
        is_placeholder_address_shape,
        is_number_soup,
        is_code_identifier,
        is_heading_word,
        is_fictional_person,
        is_name_without_person_fields,
        is_cut_before_a_word,
        is_not_a_chat_speaker,
        is_without_a_card_before,
        is_vehicle_without_person,
        is_in_test_code,
        is_sample_constant,
        is_without_a_person,
        is_service_role,
        is_fictional_phone,
        is_identifier_slot,
        is_thing_name,
        is_thing_field_value,
        is_public_key_material,
        is_public_token,
        is_default_credential,
        is_route_word,
        is_ciphertext,
        is_container_user,
        is_application_named_user,
        is_imported_name,
        is_place_name,
        is_group_name,
        is_placeholder_address,
        is_filler_number,
        is_header_cell,
        is_remote_login,
        is_vehicle_number,
        is_api_call_url,
        is_ical_uid,
        is_given_name_alone,
        is_thing_column_cell,
        is_numbered_title,
        is_string_escape,
        is_windows_domain,
    )
}

SECRET_KEEPS: tuple[KeepPredicate, ...] = (is_templated, is_placeholder_value, is_documented_example)
"""Applied to every candidate of category ``secret``, whatever rule found it."""


# the keeps a person-bound number read by its context must pass (own_numbers, marked_numbers, remittance): no
# template, placeholder, documented example, calendar date, version or UUID
NUMBER_KEEPS = ("is_templated", "is_placeholder_value", "is_documented_example", "is_calendar_date", "is_version",
                "is_uuid")


def kept_by(text: str, start: int, end: int, names: tuple[str, ...]) -> str | None:
    """The name of the first predicate in ``names`` that keeps the candidate, or None."""
    for name in names:
        if KEEPS[name](text, start, end):
            return name
    return None
