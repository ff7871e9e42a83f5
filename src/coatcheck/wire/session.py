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
from collections.abc import Callable

from ..detect.pipeline import Pipeline, ValueFinder, known_values
from ..masker import Masker
from ..policy import Policy
from ..restore import StreamRestorer, restore
from ..spans import Span
from ..vault import Provenance, Vault
from .restore.provenance import Source, host_positions, hosts_near
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


class TextSession:
    """One conversation's (or one corpus file's) masking state: its vault, a memo that keeps a repeated segment
    byte-identical at no cost, and the values it has found so far, masked wherever they occur again."""

    def __init__(self, key: bytes, pipeline: Pipeline, policy: Policy, memo_size: int = 200_000, vault: Vault | None = None) -> None:
        self.vault = vault if vault is not None else Vault(key)
        self.masker = Masker(policy=policy, vault=self.vault, pipeline=pipeline)
        self._memo: OrderedDict[bytes, str] = OrderedDict()
        self._memo_size = memo_size
        self._known: dict[str, str] = {}
        self._finder: ValueFinder | None = None
        self._lock = threading.RLock()
        self.counts: Counter[str] = Counter()
        self.detect_seconds = 0.0
        self.detected_chars = 0  # characters that went through detection (memo misses only)
        # A session reopened from its vault file (a resume after a gateway restart, a batch run resumed) knows its values again: the
        # client resends them in clear where the model's tool calls were restored (a command holding the token), and
        # no context around them there says they are secret.
        for _, cat, value in self.vault.store.items():
            for v, span in known_values(value, [Span(0, len(value), cat, "vault", 1.0)]).items():
                self._known.setdefault(v, span.category)

    # -- masking -------------------------------------------------------------------------------
    def mask(self, text: str, source: Source | None = None) -> str:
        """The masked form of one string leaf; the same leaf always gets the same bytes back."""
        return self._memoised(text, _h(text), value_of=None, learn=True, source=source)

    def mask_json_source(self, text: str, source: Source | None = None) -> str:
        """Mask JSON source text (an OpenAI ``arguments`` string) in place, storing JSON-decoded values so that
        restoring with ``json_string=True`` re-escapes them correctly. Memoised like ``mask``."""
        return self._memoised(text, _h("\x00json\x00" + text), value_of=_json_decoded, learn=False, source=source)

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
        result = self.masker.mask(text, self._known_finder(), value_of=value_of)
        self.detect_seconds += time.perf_counter() - t0
        self.detected_chars += len(text)
        self._record(text, result.spans, result.placeholders, source)
        with self._lock:
            for s in result.spans:
                self.counts[s.category] += 1
            if learn:
                for value, s in known_values(text, result.spans).items():
                    if value not in self._known:
                        self._known[value] = s.category
                        self._finder = None
            self._memo[key] = result.text
            if len(self._memo) > self._memo_size:
                self._memo.popitem(last=False)
        return result.text

    def _known_finder(self) -> ValueFinder | None:
        """The values this session knows, with their categories, for the pipeline to find (verbatim, as whole
        tokens, and encoded); built again only after the session learned more."""
        with self._lock:
            if not self._known:
                return None
            if self._finder is None:
                self._finder = ValueFinder(self._known, categories=self._known)
            return self._finder

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

    def __init__(self, key: bytes, pipeline: Pipeline, policy: Policy, memo_size: int = 200_000, vault: Vault | None = None) -> None:
        super().__init__(key, pipeline, policy, memo_size, vault)
        self.tools = ToolRestorer(self.vault, policy.restore)
        self._echo: OrderedDict[bytes, str] = OrderedDict()
        self.notices: set[str] = set()
        self.kept: Counter[str] = Counter()
        self.last_used = time.monotonic()
        self.name: str | None = None  # the session key its placeholders derive from (SessionStore); None: ephemeral

    def _echoed(self, text: str) -> str | None:
        return self._echo.get(_h(text))

    def _record(self, text: str, spans: list[Span], placeholders: list[tuple[str, ...]], source: Source | None) -> None:
        """Provenance of every value found: detector, hosts seen beside it, provider hosts, source; noted on the
        placeholders that masking wrote for it."""
        positions = host_positions(text) if any(s.category != "literal" for s in spans) else []
        for s, written in zip(spans, placeholders, strict=True):
            if s.category == "literal":
                continue
            hosts = hosts_near(text, s.start, s.end, positions) | set(provider_hosts(s.detector))
            if source is not None:
                hosts |= source.hosts
            prov = Provenance({s.detector}, hosts, {source.label} if source else set())
            for ph in written:
                self.vault.note(ph, prov)

    def restorer(self, *, json_string: bool = False) -> StreamRestorer:
        return StreamRestorer(self.vault, json_string=json_string)

    def restore_echoed(self, upstream: str, *, json_string: bool = False) -> str:
        """Restore ``upstream`` (text the model produced) and remember the pair for the echo map."""
        restored = self.restore(upstream, json_string=json_string)
        self.remember_echo(upstream, restored)
        return restored

    def remember_echo(self, upstream: str, restored: str) -> None:
        """The client will send ``restored`` back next turn: forward ``upstream`` instead, byte for byte."""
        if upstream == restored or not restored:
            return
        with self._lock:
            self._echo[_h(restored)] = upstream
            if len(self._echo) > self._memo_size:
                self._echo.popitem(last=False)

    def notice_for(self, kept: list[Kept]) -> str:
        """The visible notice for placeholders kept in one response; remembered so that the client's echo of it
        is dropped before the history goes back upstream."""
        text = notice(kept)
        with self._lock:
            self.notices.add(text)
            for k in kept:
                self.kept[k.tool] += 1
        return text

    def is_our_notice(self, text: object) -> bool:
        return isinstance(text, str) and text in self.notices
