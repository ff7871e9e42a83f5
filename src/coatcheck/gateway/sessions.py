"""Per-session state: a vault, a history memo (segment hash -> masked segment), an echo map
(restored text hash -> the upstream text it came from), provenance of every value, and the tool-call restorer.

Why: agents resend the whole conversation every turn. The memo makes a turn cost only its new text and keeps
old segments byte-identical (prompt cache, preserved-thinking prefix checks); the echo map forwards the model's
own output back upstream exactly as the upstream produced it; the known-values pass masks, in anything new,
every value this session already knows to be sensitive (the inverse of restore).
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import secrets
import threading
import time
from collections import Counter, OrderedDict
from collections.abc import Callable
from typing import Any

from ..detect.pipeline import Pipeline, ValueFinder, inside_token, known_values
from ..masker import Masker
from ..policy import Policy
from ..restore import StreamRestorer, restore
from ..spans import Span
from ..vault import FileStore, Provenance, Vault
from .provenance import Source, host_positions, hosts_near
from .toolcalls import Kept, ToolRestorer, notice, provider_hosts


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


class Session:
    def __init__(self, key: bytes, pipeline: Pipeline, policy: Policy, memo_size: int = 200_000, vault: Vault | None = None) -> None:
        self.vault = vault if vault is not None else Vault(key)
        self.masker = Masker(policy=policy, vault=self.vault, pipeline=pipeline)
        self.tools = ToolRestorer(self.vault, policy.restore)
        self._memo: OrderedDict[bytes, str] = OrderedDict()
        self._echo: OrderedDict[bytes, str] = OrderedDict()
        self._memo_size = memo_size
        self._known: dict[str, str] = {}
        self._finder: ValueFinder | None = None
        self._lock = threading.RLock()
        self.notices: set[str] = set()
        self.counts: Counter[str] = Counter()
        self.kept: Counter[str] = Counter()
        self.detect_seconds = 0.0
        self.detected_chars = 0  # characters that went through detection (memo misses only)
        self.last_used = time.monotonic()
        self.name: str | None = None  # the session key its placeholders derive from (SessionStore); None: ephemeral
        # A session reopened from its vault file (a resume after a gateway restart) knows its values again: the
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
            echoed = self._echo.get(_h(text))
            if echoed is not None:
                return echoed
            hit = self._memo.get(key)
            if hit is not None:
                self._memo.move_to_end(key)
                return hit
        t0 = time.perf_counter()
        result = self.masker.mask(text, self._known_spans(text), value_of=value_of)
        self.detect_seconds += time.perf_counter() - t0
        self.detected_chars += len(text)
        self._record(text, result.spans, value_of, source)
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

    def _record(self, text: str, spans: list[Span], value_of: Callable[[str], str] | None, source: Source | None) -> None:
        """Provenance of every value found: detector, hosts seen beside it, provider hosts, source."""
        positions = host_positions(text) if any(s.category != "literal" for s in spans) else []
        for s in spans:
            if s.category == "literal":
                continue
            hosts = hosts_near(text, s.start, s.end, positions) | set(provider_hosts(s.detector))
            if source is not None:
                hosts |= source.hosts
            prov = Provenance({s.detector}, hosts, {source.label} if source else set())
            for ph in self.masker.placeholders(text[s.start : s.end], s.category, value_of):
                self.vault.note(ph, prov)

    def _known_spans(self, text: str) -> list[Span]:
        with self._lock:
            if not self._known:
                return []
            if self._finder is None:
                self._finder = ValueFinder(self._known)
            finder, known = self._finder, self._known
        return [Span(start, start + len(value), known[value], "gateway:known-value", 1.0)
                for start, value in finder.iter(text) if not inside_token(text, start, start + len(value))]

    # -- restoring -----------------------------------------------------------------------------
    def restore(self, text: str, *, json_string: bool = False) -> str:
        return restore(text, self.vault, json_string=json_string).text

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


_MODEL_ITEMS = frozenset({"reasoning", "function_call", "custom_tool_call", "local_shell_call", "shell_call", "compaction"})


def _model_output(item: Any) -> bool:
    """A history entry the model produced: an assistant message (Messages, Chat) or a Responses output item."""
    return isinstance(item, dict) and (item.get("role") == "assistant" or item.get("type") in _MODEL_ITEMS)


class SessionStore:
    """Sessions by key; each session's vault key is derived from the gateway key and the session key.

    A request that names no session gets a fresh session of its own (``ephemeral``): no two clients share a vault
    by accident."""

    def __init__(self, master_key: bytes, policy: Policy, max_sessions: int = 1000, idle_seconds: float = 6 * 3600,
                 vault_dir: str | None = None) -> None:
        self.master_key = master_key
        self.vault_dir = vault_dir
        self.policy = policy
        self.pipeline = Pipeline(policy)
        self.max_sessions = max_sessions
        self.idle_seconds = idle_seconds
        self._sessions: OrderedDict[str, Session] = OrderedDict()
        self._lock = threading.Lock()
        # conversation-start fingerprint -> the key a session's placeholders derive from: a fork or resume under a
        # new id reuses its placeholders. With a vault folder the map is kept on disk (fingerprints are keyed
        # hashes; the session keys are the clients' random ids), so a fork still hits after a gateway restart.
        self._starts: OrderedDict[bytes, str] = OrderedDict()
        self._starts_file = os.path.join(vault_dir, "starts.tsv") if vault_dir else None
        if self._starts_file and os.path.exists(self._starts_file):
            with open(self._starts_file, encoding="utf-8") as fh:
                for line in fh:
                    fp, _, name = line.rstrip("\n").partition("\t")
                    if name:
                        self._starts[bytes.fromhex(fp)] = name

    def fingerprint(self, history: Any) -> bytes | None:
        """A keyed hash of a conversation's start: everything up to and including the model's first output (the
        user's opening and the model's answer), only once something follows it. A fork or a resume
        (``--fork-session``, ``codex exec fork``: a new id) resends that start; two new conversations that merely
        open with the same prompt (or, with Codex, the same developer and environment messages) have different
        answers. Item ids are left out: Codex gives each thread's copies of the same items new ones."""
        if not isinstance(history, list):
            return None
        first = next((i for i, it in enumerate(history) if _model_output(it)), None)
        if first is None or len(history) <= first + 1:
            return None
        items = [{k: v for k, v in it.items() if k != "id"} if isinstance(it, dict) else it for it in history[: first + 1]]
        start = json.dumps(items, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
        return hmac.new(self.master_key, b"start\x00" + start.encode("utf-8", "surrogatepass"), hashlib.sha256).digest()

    def get(self, session_key: str, start: bytes | None = None) -> Session:
        """The session for ``session_key``. A new key whose conversation start (``start``, see :meth:`fingerprint`)
        belongs to a live session joins that session: same placeholders, so the copied history is masked as
        before and the upstream's prompt cache still hits."""
        with self._lock:
            s = self._sessions.get(session_key)
            opened = s is None
            if s is None and start is not None and start in self._starts:
                parent = self._starts[start]
                s = self._sessions.get(parent) or self._open(parent)
                self._sessions[session_key] = s
            if s is None:
                s = self._sessions[session_key] = self._open(session_key)
            if start is not None:  # the latest session with this start is the one a fork comes from
                name = s.name
                if name is not None and self._starts.get(start) != name:
                    self._starts[start] = name
                    if self._starts_file:
                        os.makedirs(os.path.dirname(self._starts_file), exist_ok=True)
                        with open(self._starts_file, "a", encoding="utf-8") as fh:
                            fh.write(f"{start.hex()}\t{name}\n")
                self._starts.move_to_end(start)
                while len(self._starts) > 4 * self.max_sessions:
                    self._starts.popitem(last=False)
            self._sessions.move_to_end(session_key)
            if opened:
                self._evict()
            s.last_used = time.monotonic()
            return s

    def _open(self, name: str) -> Session:
        """A session whose placeholders derive from ``name`` (with a vault folder: its own encrypted file, so
        ``coatcheck restore`` works on transcripts later)."""
        key = hmac.new(self.master_key, b"session\x00" + name.encode(), hashlib.sha256).digest()
        vault = None
        if self.vault_dir:
            file = hashlib.sha256(name.encode()).hexdigest()[:24] + ".vault"
            vault = Vault(key, FileStore(os.path.join(self.vault_dir, file), key))
        s = Session(key, self.pipeline, self.policy, vault=vault)
        s.name = name
        return s

    def ephemeral(self) -> Session:
        """A session for one request that names none: its own random key, never stored or shared."""
        return Session(secrets.token_bytes(32), self.pipeline, self.policy)

    def _evict(self) -> None:
        now = time.monotonic()
        for k in [k for k, s in self._sessions.items() if now - s.last_used > self.idle_seconds]:
            del self._sessions[k]
        while len(self._sessions) > self.max_sessions:
            self._sessions.popitem(last=False)

    def __len__(self) -> int:
        return len(self._sessions)
