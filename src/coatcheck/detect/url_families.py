"""URLs masked whole by host and path family, whatever the shape of the token in them: URLs that are credentials
(incoming webhooks, triggers, presigned and signed URLs; ``data/credential_urls.toml``) and private links of a
person (meetings with their passcodes, document shares, booking and profile pages; ``data/private_urls.toml``).
"""

from __future__ import annotations


import functools
import itertools
from dataclasses import dataclass
from urllib.parse import parse_qsl, urlsplit

import regex

from .._data import data_path, load_toml, word_list
from ..errors import ConfigError
from ..spans import Span
from .encoded import decode_base64
from .entropy import shannon_entropy
from .keep import kept_by
from .vocabulary import dictionary_words, vocab_cache

_URL = regex.compile(r"""(?i)\bhttps?://[^\s"'<>`\\]+""")
# a host name with a path and no scheme, not inside a longer URL, a path or an address
_BARE_URL = regex.compile(r"""(?i)(?<![\w./@:-])(?:www\.)?[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,12}/[^\s"'<>`\\]+""")
# the target of an HTTP request line (an access log's "GET /password/reset/… HTTP/1.1"): a URL of an unknown host
_REQUEST_TARGET = regex.compile(r"""(?<=(?<![\w-])(?:GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS)[ ]+)/[^\s"'<>`\\]+""")
_SOME_HOST = "https://host.invalid"
_TRAILING = ".,;:!?)]}'\""
_CELL_END = regex.compile(r",(?=https?://|,|$|\s)", regex.MULTILINE)
_KEEPS = ("is_templated", "is_placeholder_value", "is_documented_example")


@dataclass(frozen=True)
class Family:
    id: str
    host: regex.Pattern[str]
    path: regex.Pattern[str]
    query: tuple[str, ...]
    token_segment: bool  # the path segment after the prefix must itself look like a token
    token_in_host: bool  # the token is the first label of the host name (Pipedream's endpoints)
    min_token: int  # the shortest token after the prefix (a meeting code, a profile's handle)
    random_segment: bool = False  # the segment after the prefix must read as generated (:func:`_random_like`)
    uuid_segment: bool = False  # a UUID is a token there too
    query_token: bool = False  # the parameter's value must look generated
    token_anywhere: bool = False  # some path segment after the prefix or some parameter's value looks generated
    segment: regex.Pattern[str] | None = None  # one segment of the path matches it whole; the prefix ends after it
    fragment_token: bool = False  # the token rides in the fragment (iCloud's shared albums: /sharedalbum/#B0…)
    coded_segment: bool = False  # the segment after the prefix is a code, no words (hxg-hpbd-amt; not /room/standup)
    query_any: bool = False  # a parameter named as a key (:func:`_key_name`) whose value reads as generated is the token
    skip_query: frozenset[str] = frozenset()  # with query_any: the parameters that are never a key (analytics, caches)
    key_letters: frozenset[str] = frozenset()  # with query_any: the one-letter names of a key
    key_words: frozenset[str] = frozenset()  # with query_any: the words of a key's name
    hex_letters: frozenset[str] = frozenset()  # with query_any: the one-letter names of a key of hex digits only
    strong_anywhere: bool = False  # some path segment after the prefix or some parameter's value is a strong key


_UUID = regex.compile(r"[0-9a-fA-F]{8}-(?:[0-9a-fA-F]{4}-){3}[0-9a-fA-F]{12}")
_LOOPBACK = regex.compile(r"localhost|127(?:\.\d{1,3}){3}|\[?::1\]?|0\.0\.0\.0")


def _token_like(segment: str) -> bool:
    """A generated token, not a route name: 16+ characters, letters and digits, not a UUID, not words joined by
    ``-`` or ``_`` (``github-events-v2``, ``stripe_v2_handler``)."""
    if len(segment) < 16 or _UUID.fullmatch(segment):
        return False
    if sum(1 for p in regex.split(r"[-_.]", segment) if p.isalpha() and len(p) >= 3) >= 2:
        return False
    return sum(c.isdigit() for c in segment) >= 2 and sum(c.isalpha() for c in segment) >= 2


_FILE_OR_PATH = regex.compile(r"\.[A-Za-z][A-Za-z0-9]{0,4}$|/|^(?:sha\d+|md5):")


def _generated(value: str, uuid: bool) -> bool:
    """A token (:func:`_token_like`), or a UUID where the family takes one; never a placeholder."""
    if not (_token_like(value) or uuid and _UUID.fullmatch(value)) or _FILE_OR_PATH.search(value):
        return False  # a file's name (runbook-2024q3.md), a path (logs/2024/05/app.log), a digest (sha256:…)
    if _encoded_text(value):
        return False  # a readable value encoded (?u=<an address in base64>): no key; the value is found decoded
    return kept_by(value, 0, len(value), _KEEPS) is None and not _placeholder_path(value)


def _encoded_text(value: str) -> bool:
    """``value`` is base64 (either alphabet, :func:`.encoded.decode_base64`) of readable text: an e-mail address, or
    words."""
    decoded = decode_base64(value)
    # (an address or words; a token encoded twice, base64 of base64, is still a token)
    return decoded is not None and decoded.isprintable() and (
        regex.fullmatch(r"[^@\s]+@[^@\s]+\.\w+", decoded) is not None or " " in decoded.strip())


_LOWER_RUN = regex.compile(r"[a-z]{5,}")
_QUERY_KEY = regex.compile(r"[A-Za-z0-9_-]{20,512}={0,2}")
_HEX = regex.compile(r"[0-9a-f-]+|[0-9A-F-]+")
_QUERY_KEY_ENTROPY = 3.5  # bits per character: 20 random letters and digits have 4+, words and slugs under 3.5


_NAME_WORDS = regex.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])|\d+")


def _key_name(name: str, family: Family) -> bool:
    """A query parameter named as a key: one of the family's letters (``t``), or a name with a key's word among its
    words (``inviteToken``, ``share_key``) or at its start (``sessionid``)."""
    if name.lower() in family.key_letters:
        return True
    words = [w.lower() for w in _NAME_WORDS.findall(name)]
    return any(w in family.key_words or any(w.startswith(k) for k in family.key_words if len(k) >= 5) for w in words)


def _query_key(value: str) -> bool:
    """A query parameter's value that is a generated key: 20+ letters and digits (``-``, ``_``), two of each at least,
    no part a word of the dictionary, high entropy, no readable text encoded; hex digits alone 24 or more."""
    if _QUERY_KEY.fullmatch(value) is None:
        return False
    core = value.rstrip("=")
    if _UUID.fullmatch(core):
        return False  # a record's UUID (a camera's, a visit's): agents correlate by them
    if _HEX.fullmatch(core):
        return len(core) >= 24  # (a mailing's 20-digit unsubscribe token is rules/urls.toml's, alone)
    if (sum(c.isdigit() for c in core) < 2 or sum(c.isalpha() for c in core) < 2) and not _random_like(core):
        return False  # (a random key of both cases may draw one digit or none: vbfZvYIFFctEKOLxSRxe0wmW)
    words = dictionary_words()
    if any(len(p) >= 4 and p.isalpha() and p.lower() in words for p in regex.split(r"[-_]", core)):
        return False  # release-notes-2024-q3, my_export_file_v2: words
    return (shannon_entropy(core) >= _QUERY_KEY_ENTROPY and not _encoded_text(value)
            and kept_by(value, 0, len(value), _KEEPS) is None and not _placeholder_path(value))


_STRONG_KEY = 20  # characters: a capability link's key (22 base62 characters hold 128 bits)


def _strong_key(value: str) -> bool:
    """A key a service generated to stand for one person's page (a payment, a booking, a shift, a download): 20+
    letters and digits in both cases that change case as a generator's do, high entropy, no readable text encoded,
    no file's name."""
    if len(value) < _STRONG_KEY or _KEY_CHARS.fullmatch(value) is None or value.lower() == value or value.upper() == value:
        return False
    # a generator changes between upper case, lower case and digits at every other character or so; names of words
    # in CamelCase (getUserAccountSettings, XMLHttpRequestUpload) change once or twice a word
    parts = [p for p in regex.split(r"[-_]", value) if p]
    if not _key_like(value) or any(len(p) >= 8 and not _key_like(p) for p in parts) or len(parts) >= 3 and not _parts_mix_cases(parts):
        return False  # (each long part too: a clip's slug FunnyCleverSnailKappa-Xk7pLm2Qz9 is words and a key)
    if (decoded := decode_base64(value)) is not None and sum(c.isprintable() for c in decoded) >= 0.9 * len(decoded):
        return False  # an image service's ixid: base64 of readable parameters, no key
    return (shannon_entropy(value) >= _QUERY_KEY_ENTROPY and _FILE_OR_PATH.search(value) is None
            and not _encoded_text(value) and kept_by(value, 0, len(value), _KEEPS) is None
            and not _placeholder_path(value))


_KEY_CHARS = regex.compile(r"[A-Za-z0-9_-]+")
_KEY_CHANGES = 0.42  # changes of character class per character: random base62 ~0.6, CamelCase words 0.25-0.38


def _key_like(value: str) -> bool:
    """``value`` changes between upper case, lower case and digits as a generator's output does."""
    return sum(_char_class(a) != _char_class(b) for a, b in itertools.pairwise(value)) >= _KEY_CHANGES * len(value)


def _char_class(c: str) -> int:
    return 0 if c.isupper() else 1 if c.islower() else 2 if c.isdigit() else 3


def _coded(segment: str) -> bool:
    """A meeting's or a room's code, not its name: six letters and digits or more, no part a word of the dictionary,
    of prose or of code (``hxg-hpbd-amt``, ``8F3K2Q``; not ``standup``, ``engineering-weekly``, ``your-room-id``), or a
    meeting's number of nine to eleven digits."""
    if segment.isdigit():
        return 9 <= len(segment) <= 11  # a meeting's number as Zoom-style services give it (only after /j/: the caller)
    parts = [p for p in regex.split(r"[-_.]", segment) if p]
    if sum(len(p) for p in parts) < 6 or not all(p.isascii() and p.isalnum() for p in parts):
        return False
    words = dictionary_words()
    worded = [p for p in parts if p.lower() in words or p.lower().rstrip("s") in words]
    if any(c.isdigit() for c in segment):
        # 8F3K2QX, 84a-2kd: short letter runs between the digits (kcna24-keynote2 is a slug of words)
        return not worded and any(c.isalpha() for c in segment) and not regex.search(r"[A-Za-z]{5,}", segment)
    # letter groups as meeting services print them (abc-defg-hij): short parts, most of them no word
    return len(parts) >= 2 and all(len(p) <= 5 for p in parts) and 2 * len(worded) < len(parts)


def _random_like(segment: str) -> bool:
    """A generated key, not a name: 16+ letters and digits in both cases, a digit unless it is 20+ long, no run of
    five lower-case letters that words and CamelCase names have (``getUserAccountSettings``); in three parts or more
    joined by hyphens or underscores only where each part mixes cases and none is a word (``d7Gtx_bub9h5gXsV3A_zlhnHVP``;
    ``Llama-2-7B-Chat-GGUF``, ``GHSA-vqfr-h8mv-ghfj`` are a name and an advisory's id)."""
    if not (len(segment) >= 16 and any(c.isupper() for c in segment) and any(c.islower() for c in segment)
            and (any(c.isdigit() for c in segment) or len(segment) >= 20) and _LOWER_RUN.search(segment) is None):
        return False
    parts = [p for p in regex.split(r"[-_]", segment) if p]
    if len(parts) <= 2:
        return True
    return _parts_mix_cases(parts) and not any(p.lower() in dictionary_words() or p.lower() in word_list("english_words")
                                               for p in parts if p.isalpha() and len(p) >= 3)


def _parts_mix_cases(parts: list[str]) -> bool:
    """A generator's parts mix cases, each of them (GHSA-vqfr-h8mv-ghfj, CodeLlama-7B-GGUF are names and ids of words
    or of one case); a part of fewer than three letters says nothing."""
    return all(sum(c.isalpha() for c in p) < 3 or (any(c.isupper() for c in p) and any(c.islower() for c in p))
               for p in parts)


@functools.cache
def families(file: str) -> tuple[Family, ...]:
    """The families of ``data/<file>``."""
    data = load_toml(data_path(file))
    out = []
    for f in data.get("family", []):
        try:
            out.append(Family(f["id"], regex.compile(f["host"]), regex.compile(f["path"]),
                              tuple(q.lower() for q in f.get("query", [])), bool(f.get("token_after_prefix", False)),
                              bool(f.get("token_in_host", False)), int(f.get("min_token", 8)),
                              bool(f.get("random_segment", False)), bool(f.get("uuid_segment", False)),
                              bool(f.get("query_token", False)), bool(f.get("token_anywhere", False)),
                              regex.compile(f["path_segment"], regex.IGNORECASE) if "path_segment" in f else None,
                              bool(f.get("fragment_token", False)), bool(f.get("coded_segment", False)),
                              bool(f.get("query_any", False)),
                              frozenset(q.lower() for q in f.get("skip_query", [])),
                              frozenset(q.lower() for q in f.get("key_letters", [])),
                              frozenset(q.lower() for q in f.get("key_words", [])),
                              frozenset(q.lower() for q in f.get("hex_letters", [])),
                              bool(f.get("strong_anywhere", False))))
        except (KeyError, ValueError, regex.error) as exc:
            raise ConfigError(f"data/{file}: family {f.get('id', '?')!r}: {exc}") from exc
    return tuple(out)


# (data file, category, detector label): a URL of a credential family is a secret, else one of a private family a url
FILES = (("credential_urls.toml", "secret", "credential-url"), ("private_urls.toml", "url", "private-url"))


class UrlFamilyDetector:
    """Whole URLs of the credential and private-link families: each URL of the text read once."""

    name = "url-families"
    produces = frozenset({"secret", "url"})

    def detect(self, text: str) -> list[Span]:
        out: list[Span] = []
        if "://" in text:
            for m in _URL.finditer(text):
                self._judge(text, m.start(), m.end(), "", FILES, out)
        if " /" in text:
            # a request line's target: the credential families of any host, and, where its words say the path is
            # shared (an access log's "GET /share/album/<key>"), the private ones too; a person's, an account's or a
            # build's route (/authors/guidelines, /_next/static/<build id>/…) is left to the narrower detectors
            for m in _REQUEST_TARGET.finditer(text):
                shared = _PERSONAL_PATH.search(text, m.start(), m.end()) is not None
                self._judge(text, m.start(), m.end(), _SOME_HOST, FILES if shared else FILES[:1], out)
        if "/" in text:
            # a private link written without its scheme ("linkedin.com/in/…" in a CV): the private families only
            for m in _BARE_URL.finditer(text):
                self._judge(text, m.start(), m.end(), "https://", FILES[1:], out)
        return out

    @staticmethod
    def _judge(text: str, start: int, end: int, scheme: str, files: tuple[tuple[str, str, str], ...],
               out: list[Span]) -> None:
        cut = _CELL_END.search(text, start, end)
        if cut is not None:
            end = cut.start()  # a CSV cell ends at its comma: "…/r/cv/AI9Dk…,https://…", "…/u/12,,"
        if start and text[start - 1] in ",;":
            # a cell of its own (",https://…/in/hugo-r-0b13,Data Analyst,"): it ends at the row's next separator
            sep = text.find(text[start - 1], start, end)
            end = end if sep < 0 else sep
        while end > start and text[end - 1] in _TRAILING:
            end -= 1
        url = scheme + text[start:end]
        for file, category, label in files:
            family = family_of(url, file)
            if family == _QUERY_FAMILY and _key_alone(url):
                # an API's URL with its key in the query: the key's value is the credential, the host and the path
                # are the public service's (https://api.rates.example/v1/live?access_key=…); a share, invitation or
                # reset link with a key stays a credential whole (its path is the person's too)
                values = [Span(m.start("v"), m.end("v"), category, f"{label}:{family}", 0.95)
                          for m in _QUERY_PARAM.finditer(text, start, end)
                          if m.group("k").lower() in _query_names() and not _TEMPLATE_VALUE.fullmatch(m.group("v"))
                          and kept_by(text, m.start("v"), m.end("v"), _KEEPS) is None]
                out.extend(values or [Span(start, end, category, f"{label}:{family}", 0.95)])
                return
            found = _family(family, file)
            if found is not None and found.strong_anywhere:
                # a public service's link that carries one person's key: the key is theirs, the host and the route
                # stay readable (https://pay.example/portal/pay/<key>, …/proxy?prefill=<key>)
                shift = start - len(scheme)
                out.extend(Span(a + shift, b + shift, "secret", f"{label}:{family}", 0.9) for a, b in key_pieces(url, found))
                return
            if family is not None:
                out.append(Span(start, end, category, f"{label}:{family}", 0.95))
                return


_QUERY_FAMILY = "credential-query"
# a path segment (after the host) or a query parameter's value, as written in the URL
_URL_PIECE = regex.compile(r"(?<=[^/]/)(?P<v>[^/?#]+)|[?&](?P<k>[^=&#]+)=(?P<v>[^&#]*)")
_AUTHORITY = regex.compile(r"(?:[a-zA-Z][a-zA-Z0-9+.-]*:)?//[^/?#]*")


def key_pieces(url: str, family: Family) -> list[tuple[int, int]]:
    """Where ``url`` holds a key (:func:`_strong_key`): its path segments and the values of its parameters that the
    family does not skip (analytics, caches, OAuth state), as offsets into ``url``."""
    head = _AUTHORITY.match(url)
    out = []
    for m in _URL_PIECE.finditer(url, head.end() if head else 0):
        name = (m.group("k") or "").lower()
        if name and (name in family.skip_query or name.startswith("utm_")):
            continue
        a, b = m.span("v")
        if _strong_key(url[a:b]):
            out.append((a, b))
    return out


def _family(family_id: str | None, file: str) -> Family | None:
    return next((f for f in families(file) if f.id == family_id), None) if family_id else None


_QUERY_PARAM = regex.compile(r"[?&](?P<k>[^=&#\s]+)=(?P<v>[^&#\s\"'<>`]+)")
_TEMPLATE_VALUE = regex.compile(r"\$\{?\w+\}?|\{\{[^{}]*\}\}|<[^<>]*>|%\w+%|:\w+")
# an API's endpoint: its host's first label or a path segment says "api", or a versioned path (/v1/, /v2.1/)
_API_HOST = regex.compile(r"(?:^|\.)(?:api|apis|rest|gateway)[0-9-]*\.|(?:^|[.-])api(?:[.-]|$)")
_API_PATH = regex.compile(r"(?i)/(?:api|rest|v\d+(?:\.\d+)?)(?:/|$)")
# what a person's link says in its path: a share, an invitation, a reset, a meeting, a download of their file
# a service's endpoint a device or a job posts to: one or two words naming what it does with data
_SERVICE_PATH = regex.compile(r"(?i)(?:/[a-z]+)?/(?:push|ingest|collect|track|report|upload|submit|notify|ping|post|events?|metrics|data|sync|update|hook|callback)")
_PERSONAL_PATH = regex.compile(r"(?i)share|invit|join|meet|reset|recover|verif|confirm|unsubscribe|download|folder|/s/|/d/|/j/")


@functools.cache
def _query_names() -> frozenset[str]:
    """The parameter names of the credential-query family (lower case)."""
    return frozenset(q.lower() for f in families("credential_urls.toml") if f.id == _QUERY_FAMILY for q in f.query)


# what the rest of an API call may hold and still say nothing of anyone: a word, a code, a small number, a date
_PLAIN_QUERY_VALUE = regex.compile(r"[A-Za-z][A-Za-z_.-]{0,30}|\d{1,3}(?:\.\d+)?|\d{4}-\d\d-\d\d(?:T[\d:.Z+-]+)?|(?i:true|false)")
_PLAIN_SEGMENT = regex.compile(r"[A-Za-z][A-Za-z_.-]{0,40}|v?\d{1,3}(?:\.\d+)*|")


def _api_call(url: str) -> bool:
    """``url`` calls a service's API (by its host or its path), and the rest of it names nothing of a person's: its
    path is words and small numbers (no record's id, no name), its other parameters words, codes and small numbers
    (no PIN, no message, no account)."""
    try:
        parts = urlsplit(url)
        query = parse_qsl(parts.query, keep_blank_values=True)
    except ValueError:
        return False
    host = (parts.hostname or "").lower()
    # (a service's ingest or push endpoint, /push?key=…, calls it as plainly as /api/v2/… does: the path decides)
    if not (_API_HOST.search(host) is not None or _API_PATH.search(parts.path) is not None or _SERVICE_PATH.fullmatch(parts.path)):
        return False
    if _PERSONAL_PATH.search(parts.path) is not None or "%" in parts.path:
        return False
    if not all(_PLAIN_SEGMENT.fullmatch(seg) for seg in parts.path.split("/")):
        return False
    return all(k.lower() in _query_names() or _PLAIN_QUERY_VALUE.fullmatch(v) for k, v in query)


def _key_alone(url: str) -> bool:
    """A URL of the credential-query family whose key alone is the credential: an API's call, no private link."""
    # (a key alone in an API's query is no link a person was sent: the token-query family reads links, not calls)
    return _api_call(url) and private_family(url) in (None, "token-query")


def api_key_url(url: str) -> bool:
    """``url`` is an API's call with a key in its query, no private link: only the key's value is masked."""
    return credential_family(url) == _QUERY_FAMILY and _key_alone(url)


def credential_family(url: str) -> str | None:
    """The credential family ``url`` belongs to (``data/credential_urls.toml``), if it holds a real token."""
    return family_of(url, "credential_urls.toml")


def private_family(url: str) -> str | None:
    """The private-link family ``url`` belongs to (``data/private_urls.toml``), if it holds a real token."""
    return family_of(url, "private_urls.toml")


def family_of(url: str, file: str) -> str | None:
    """The id of the family of ``data/<file>`` that ``url`` belongs to, if it holds a real token."""
    try:
        parts = urlsplit(url)
        host = (parts.hostname or "").lower()
    except ValueError:
        return None
    route = parts.fragment[1:] if parts.fragment.startswith("!/") else parts.fragment
    if not route.startswith("/") and "?" in route and parts.path in ("", "/"):
        route = "/" + route  # (a route with no slash of its own: #user/resetpassword?token=…)
    if route.startswith("/") and (parts.path in ("", "/") or parts.path.endswith((".html", "/"))):
        # a single-page app routes in the fragment (#/, #!/, after /index.html or /app/):
        # https://vault.example/#/accept-organization?token=…
        path, _, fquery = route.partition("?")
        parts = parts._replace(path=path, query=fquery or parts.query)
    query = {k.lower(): v for k, v in parse_qsl(parts.query, keep_blank_values=True)}
    for f in families(file):
        if not f.host.fullmatch(host):
            continue
        prefix = f.path.match(parts.path)
        if prefix is None:
            continue
        prefix_end = prefix.end()
        if f.segment is not None:  # one segment read at a time: linear in the path
            pos, prefix_end = 0, -1
            for seg in parts.path.split("/"):
                if seg and f.segment.fullmatch(seg):
                    prefix_end = pos + len(seg)
                    break
                pos += len(seg) + 1
            if prefix_end < 0:
                continue
        if f.query_any:
            pairs = parse_qsl(parts.query, keep_blank_values=True)
            if not _LOOPBACK.fullmatch(host) and any(
                    raw.lower() not in f.skip_query and not raw.lower().startswith("utm_") and _query_key(v)
                    and (_key_name(raw, f) or raw.lower() in f.hex_letters and _HEX.fullmatch(v.rstrip("=")) is not None)
                    for raw, v in pairs):
                return f.id
            continue
        if f.query:
            values = [query[q] for q in f.query if q in query]
            if f.query_token and (_LOOPBACK.fullmatch(host) or not any(_generated(v, f.uuid_segment) for v in values)):
                continue
            if not any(len(v) >= 8 and kept_by(v, 0, len(v), _KEEPS) is None for v in values):
                continue
            return f.id
        rest = parts.path[prefix_end:] + ("?" + parts.query if parts.query else "")
        if f.fragment_token:
            rest = parts.fragment
        if f.token_in_host:
            rest = host.split(".")[0]
        if f.token_segment:
            segment = rest.split("/")[0]
            if _LOOPBACK.fullmatch(host) or not _generated(segment, f.uuid_segment):
                continue
        if f.strong_anywhere:  # (the caller masks the keys alone: :func:`key_pieces`)
            if _LOOPBACK.fullmatch(host) or not key_pieces(url, f):
                continue
            return f.id
        if f.token_anywhere:
            pieces = [p for p in parts.path[prefix_end:].split("/") if p] + [v for _, v in parse_qsl(parts.query)]
            if _LOOPBACK.fullmatch(host) or not any(_generated(p, f.uuid_segment) for p in pieces):
                continue
        first = regex.split(r"[/?#]", rest, maxsplit=1)[0]  # the segment right after the prefix
        if f.coded_segment and (not _coded(first) or "/" in rest.split("?")[0].split("#")[0].strip("/")
                                or first.isdigit() and not parts.path[:prefix_end].endswith("/j/")):
            continue  # a room's code ends the path: /c/NkY2/status is an API's, /m/5f2e/index.m3u8 a medium's
        if f.random_segment and not _random_like(first):
            continue
        token = rest.strip("/")
        if f.id == "person-page" and _route_word(token):
            continue  # /staff/directory, /members/invite-link: a site's page, no one's
        if len(token) >= f.min_token and kept_by(token, 0, len(token), _KEEPS) is None and not _placeholder_path(token):
            return f.id
    return None


def _route_word(token: str) -> bool:
    """The segment after a person-page prefix is a route of the site (``directory``, ``invite-link``, ``overview``):
    words of the dictionary, not a handle or an id."""
    segment = regex.split(r"[/?#]", token, maxsplit=1)[0]
    parts = [p.lower() for p in regex.split(r"[-_.]", segment) if p]
    words = _route_words()
    return bool(parts) and all(p in words for p in parts)


@vocab_cache
def _route_words() -> frozenset[str]:
    return dictionary_words()


def _placeholder_path(token: str) -> bool:
    """``T00000000/B00000000/XXXXXXXX``, ``{id}/{token}``, ``<token>``: a documentation URL."""
    pieces = [p for p in regex.split(r"[/?&=:]", token) if p]
    return any(len(set(p.lower())) <= 2 and len(p) >= 3 for p in pieces) or any(c in token for c in "{}<>$*")
