"""Conversation state. :class:`TextSession`: a vault, a memo (segment hash -> masked segment) and the values the
conversation already knows; what batch needs. :class:`Session` adds what a live conversation with a model needs:
an echo map (restored text hash -> the upstream text it came from), provenance of every value, and the tool-call
restorer.

Why: agents resend the whole conversation every turn. The memo makes a turn cost only its new text and keeps
old segments byte-identical (prompt cache, preserved-thinking prefix checks); the echo map forwards the model's
own output back upstream exactly as the upstream produced it; the known-values pass masks, in anything new,
every value this session already knows to be sensitive (the inverse of restore).
"""

from __future__ import annotations

import hashlib
import json
import threading
import time
from collections import Counter, OrderedDict
from collections.abc import Callable, Mapping

from .._data import word_list
from ..detect.pipeline import LOCAL_MARKS, Pipeline, ValueFinder, known_values
from ..masker import Masker
from ..policy import Policy
from ..restore import StreamRestorer, restore
from ..spans import Span
from ..vault import PLACEHOLDER_RE, Provenance, Vault
from ..detect.taint import TaintFinder
from .apis import notices as _notices
from .restore.prose import prose_guard
from .restore.provenance import Source, config_hosts, structural_hosts, url_spans
from .restore.toolcalls import Kept, ToolRestorer, notice, provider_hosts


def _json_decoded(source: str) -> str:
    """The string a JSON-source slice stands for (``a\\"b`` -> ``a"b``); the slice itself if it is not decodable."""
    if "\\" not in source:
        return source
    try:
        value = json.loads(f'"{source}"')
    except ValueError:
        return source
    return value if isinstance(value, str) else source


def _h(text: str) -> bytes:
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).digest()


def guessable(value: str, category: str) -> bool:
    """A value someone could plant among a list of guesses: personal data, and secrets shorter than 20 characters or
    drawn from fewer than three character classes (passwords rather than generated tokens)."""
    if category != "secret":
        return True
    classes = sum(any(f(c) for c in value) for f in (str.islower, str.isupper, str.isdigit)) + any(not c.isalnum() for c in value)
    return len(value) < 20 or classes < 3


class TextSession:
    """One conversation's (or one corpus file's) masking state: its vault, a memo that keeps a repeated segment
    byte-identical at no cost, and the values it has found so far, masked wherever they occur again."""

    def __init__(self, key: bytes, pipeline: Pipeline, policy: Policy, memo_size: int = 200_000, vault: Vault | None = None,
                 user_key: bytes | None = None, known: Mapping[str, str] | None = None) -> None:
        """``known``: values (with their categories) masked wherever they occur from the first text on (the user's
        own name, which no context around a path announces)."""
        self.vault = vault if vault is not None else Vault(key, user_key=user_key)
        self.masker = Masker(policy=policy, vault=self.vault, pipeline=pipeline)
        self._memo: OrderedDict[bytes, str] = OrderedDict()
        self._memo_size = memo_size
        self._known: dict[str, str] = dict(known or {})
        # the user's own name is masked in tool results too, though a list of guesses there could confirm it: its
        # clear copies (ls -l, whoami, every path) are the likelier leak (docs/threat-model.md)
        self._always = frozenset(known or ())
        self._finder: ValueFinder | None = None
        self._net_finder: ValueFinder | None = None
        self._lock = threading.RLock()
        self.counts: Counter[str] = Counter()
        self.detect_seconds = 0.0
        self.detected_chars = 0  # characters that went through detection (memo misses only)
        # A session reopened from its vault file (a resume after a gateway restart, a batch run resumed) knows its values again: the
        # client resends them in clear where the model's tool calls were restored (a command holding the token), and
        # no context around them there says they are secret.
        # The model's own answers come back too, quoting a value bare ("your user is mlopez"): a value of the vault is
        # known even when it is a plain word (a user name), unless it is a single word of a person's name (one
        # model slip must not spread) or a common word.
        common = word_list("common_words")
        for _, cat, value in self.vault.store.items():
            for v, span in known_values(value, [Span(0, len(value), cat, "vault", 1.0)]).items():
                if span.detector.endswith(LOCAL_MARKS):
                    continue  # what the live session does not learn either (see :meth:`_memoised`)
                self._known.setdefault(v, span.category)
            if cat not in ("person", "literal") and len(value) >= 4 and "\n" not in value and value.lower() not in common:
                self._known.setdefault(value, cat)

    # -- masking -------------------------------------------------------------------------------
    def mask(self, text: str, source: Source | None = None) -> str:
        """The masked form of one string leaf; the same leaf always gets the same bytes back."""
        net = "\x00untrusted\x00" if source is not None and source.untrusted else ""
        return self._memoised(text, _h(net + text), value_of=None, learn=True, source=source)

    def mask_json_source(self, text: str, source: Source | None = None) -> str:
        """Mask JSON source text (an OpenAI ``arguments`` string) in place, storing JSON-decoded values so that
        restoring with ``json_string=True`` re-escapes them correctly. Memoised like ``mask``."""
        net = "\x00untrusted\x00" if source is not None and source.untrusted else ""
        return self._memoised(text, _h("\x00json\x00" + net + text), value_of=_json_decoded, learn=False, source=source)

    def _memoised(self, text: str, key: bytes, value_of: Callable[[str], str] | None, learn: bool, source: Source | None) -> str:
        """Echo map first (the model's own output goes back as it was produced), then the memo, else detect.
        ``learn``: add the values found to the session's known values."""
        if not text:
            return text
        with self._lock:
            echoed = self._echoed(text)
            if echoed is not None:
                return echoed
            hit = self._memo.get(key)
            if hit is not None:
                self._memo.move_to_end(key)
                return hit
        t0 = time.perf_counter()
        untrusted = source is not None and source.untrusted
        # A tool result may be a list of guesses someone planted: a known guessable value is not masked there by
        # being known (the guess that vanished would be the answer; detectors still read its context), and what is
        # found there gets placeholders of that text's own, so no placeholder says "equal to one the session
        # knows". Long random secrets are masked everywhere. Residual: docs/threat-model.md.
        scope = _h(text).hex()[:16] if untrusted else ""
        with self.vault.batch():  # one vault commit for every value of this text (file vaults)
            if untrusted and self._unreadable(text):
                result = self.masker.mask_whole(text, "secret", value_of, scope)
            else:
                result = self.masker.mask(text, self._known_finder(untrusted), value_of=value_of, scope=scope)
            self._record(text, result.spans, result.placeholders, source)
        self.detect_seconds += time.perf_counter() - t0
        self.detected_chars += len(text)
        with self._lock:
            for s in result.spans:
                self.counts[s.category] += 1
            if learn:
                for value, s in known_values(text, result.spans).items():
                    if s.detector.endswith(LOCAL_MARKS):
                        # a slot's one-word login: masked where it is set apart in this text, not learned; a name's
                        # word in lower case: masked in this text's file names only
                        continue
                    if value not in self._known:
                        self._known[value] = s.category
                        self._finder = self._net_finder = None
            self._memo[key] = result.text
            if len(self._memo) > self._memo_size:
                self._memo.popitem(last=False)
        return result.text

    def _known_finder(self, untrusted: bool = False) -> ValueFinder | None:
        """The values this session knows, with their categories, for the pipeline to find (verbatim, as whole
        tokens, and encoded), and the values it handed out, in any transformed copy; built again only after the
        session learned more. ``untrusted``: for text someone else may have written, without the guessable values
        (only those handed to a tool call stay, in every form: docs/threat-model.md)."""
        with self._lock:
            taint = self._taint_finder()
            if untrusted:
                if self._net_finder is None:
                    strong = {v: c for v, c in self._known.items() if v in self._always or not guessable(v, c)}
                    self._net_finder = ValueFinder(strong, categories=strong, taint=taint) if strong or taint else None
                return self._net_finder
            if not self._known and taint is None:
                return None
            if self._finder is None:
                self._finder = ValueFinder(self._known, categories=self._known, taint=taint)
            return self._finder

    def _taint_finder(self) -> TaintFinder | None:
        return None

    def _unreadable(self, text: str) -> bool:
        """Tool output that must be withheld whole: it cannot be checked for copies of handed values."""
        return False

    def _echoed(self, text: str) -> str | None:
        return None

    def _record(self, text: str, spans: list[Span], placeholders: list[tuple[str, ...]], source: Source | None) -> None:
        return None

    # -- restoring -----------------------------------------------------------------------------
    def restore(self, text: str, *, json_string: bool = False) -> str:
        return restore(text, self.vault, json_string=json_string).text


class Session(TextSession):
    """A live conversation with a model: adds the echo map (the model's own output goes back upstream exactly as
    it produced it), provenance of every value found, the tool-call restorer and its notices."""

    def __init__(self, key: bytes, pipeline: Pipeline, policy: Policy, memo_size: int = 200_000, vault: Vault | None = None,
                 user_key: bytes | None = None, known: Mapping[str, str] | None = None) -> None:
        super().__init__(key, pipeline, policy, memo_size, vault, user_key, known)
        self.tools = ToolRestorer(self.vault, policy.restore)
        self._guard = prose_guard(self.tools.allowed_host, self.vault.lookup)
        self._taint: TaintFinder | None = None
        self._taint_size = -1
        self._echo: OrderedDict[bytes, str] = OrderedDict()
        self.notices: set[str] = set()
        # notices are signed under a key that outlives the process (derived from the session's key, which derives
        # from the persistent vault key; the gateway sets one key for all its sessions): after a restart the
        # client's copy of a notice is still known as coatcheck's and never goes upstream
        self.notice_key: bytes = _notices.notice_key(key)
        self.kept: Counter[str] = Counter()
        self.kept_reasons: Counter[tuple[str, str]] = Counter()  # (tool, reason) -> placeholders kept
        self.last_used = time.monotonic()
        self.name: str | None = None  # the session key its placeholders derive from (SessionStore); None: ephemeral

    def _echoed(self, text: str) -> str | None:
        return self._echo.get(_h(text))

    def _record(self, text: str, spans: list[Span], placeholders: list[tuple[str, ...]], source: Source | None) -> None:
        """Provenance of every value found: detector, source, and — the first time the session sees the value — the
        host of the URL it is the userinfo or query of and its provider's API hosts (never hosts from text near it:
        ``provenance.py``)."""
        urls = url_spans(text) if any(s.category != "literal" for s in spans) and "://" in text else []
        starts = [u.start for u in urls]
        for s, written in zip(spans, placeholders, strict=True):
            if s.category == "literal":
                continue
            label = {source.label} if source else set()
            for ph in written:
                entry = self.vault.entry(ph)
                first = self.vault.first_placeholder(*entry) if entry else None
                if first is not None and first != ph:
                    # the value is known under another placeholder (another text's scope): it belongs where it
                    # belonged when first seen, and this text can add nothing to that (it may be the model's own
                    # echo of the value beside a host)
                    known = self.vault.provenance(first)
                    self.vault.note(ph, Provenance({s.detector}, set(known.hosts), set(known.sources) | label))
                    continue
                hosts: set[str] = set()
                if not self.vault.provenance(ph).detectors:
                    hosts = structural_hosts(urls, starts, s.start, s.end) | set(provider_hosts(s.detector))
                    if source is None or source.whole_file:
                        hosts |= config_hosts(text, s.start)
                self.vault.note(ph, Provenance({s.detector}, hosts, label))

    def _unreadable(self, text: str) -> bool:
        """Binary tool output (NUL bytes, undecodable bytes) once a value was handed to a tool call: the taint search
        reads text, so output it cannot read goes upstream as placeholders, whole (it still restores exactly)."""
        return bool(self.tools.handed) and ("\x00" in text or "\ufffd" in text)

    def _taint_finder(self) -> TaintFinder | None:
        """Every transformed copy of a value handed to a tool call (what the call prints may carry it back), in any
        text, every window of it (its common words too). Built again only when more values were handed out."""
        handed = self.tools.handed
        with self._lock:
            if self._taint_size != len(handed):
                values = {}
                for ph, cat in list(handed.items()):
                    value = self.vault.lookup(ph)
                    if value is not None:
                        values[value] = cat
                self._taint = TaintFinder(values, every_window=set(values)) if values else None
                self._taint_size = len(handed)
                self._finder = self._net_finder = None
            return self._taint

    def restorer(self, *, json_string: bool = False) -> StreamRestorer:
        return StreamRestorer(self.vault, json_string=json_string, keep=self._guard)

    def restore(self, text: str, *, json_string: bool = False) -> str:
        """Prose from the model: every placeholder back, except in URL targets a client fetches by itself whose
        host the value does not belong to (``restore/prose.py``)."""
        return restore(text, self.vault, json_string=json_string, keep=self._guard).text

    def restore_echoed(self, upstream: str, *, json_string: bool = False) -> str:
        """Restore ``upstream`` (text the model produced) and remember the pair for the echo map."""
        restored = self.restore(upstream, json_string=json_string)
        self.remember_echo(upstream, restored)
        return restored

    def remember_echo(self, upstream: str, restored: str) -> None:
        """The client will send ``restored`` back next turn: forward ``upstream`` instead, byte for byte. Text the
        client gets unchanged is remembered too when it holds a placeholder (one kept in a tool call, or in a URL
        of prose): masked afresh it would go back as ``LITERAL_…``, not as the model wrote it."""
        if not restored or (upstream == restored and not PLACEHOLDER_RE.search(upstream)):
            return
        with self._lock:
            self._echo[_h(restored)] = upstream
            if len(self._echo) > self._memo_size:
                self._echo.popitem(last=False)

    def notice_for(self, kept: list[Kept]) -> str:
        """The visible notice for placeholders kept in one response; remembered so that the client's echo of it
        is dropped before the history goes back upstream."""
        text = _notices.sign(self.notice_key, notice(kept))
        with self._lock:
            self.notices.add(text)
            if len(self.notices) > 10_000:
                self.notices.clear()  # the signature recognises them all the same
            for k in kept:
                self.kept[k.tool] += 1
                self.kept_reasons[(k.tool, k.reason)] += 1
        return text

    def is_our_notice(self, text: object) -> bool:
        """True when ``text`` is one notice line coatcheck wrote: one of this process's, or one signed under the
        notice key (written before a restart)."""
        return isinstance(text, str) and (text in self.notices or _notices.signed(self.notice_key, text))
