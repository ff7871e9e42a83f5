"""The gateway's session table: conversations by the id a client names, each with a vault key derived from the
gateway key, and the fork map (a conversation's start -> the session it began in).

A fork joins the session it came from only on proof that it is a copy of that conversation, not a new one that
opens alike: its start must hold something the model produced in that conversation that nobody can guess (an id
or signature the provider generated at random, see :data:`UNGUESSABLE`), and it must come with the same client
credential (a hash of it, :mod:`coatcheck.gateway.credentials`). Two users of one app whose first exchange is
fixed ("hi" -> "Hello! How can I help you today?") are never merged; neither are two users who fork one shared
transcript with their own keys."""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Mapping
from typing import Any

from ..detect.pipeline import Pipeline
from . import environment
from ..policy import Policy
from ..vault import FileStore, Vault, subkey
from ..wire.apis.families import responses_output
from ..wire.apis.notices import notice_key
from ..wire.session import Session
from .credentials import current_credential

# Facts: the fields of a model's output that the provider fills with a fresh random value per response and that
# clients resend verbatim in the history: (block or item type, field). Anthropic tool_use / server_tool_use /
# mcp_tool_use ids, thinking signatures, redacted thinking data; Chat Completions tool call ids (type "function");
# Responses call_id on every kind of tool call, reasoning encrypted_content. Responses item ids are not among them:
# Codex gives each thread's copies of the same items new ones.
UNGUESSABLE: frozenset[tuple[str, str]] = frozenset({
    ("tool_use", "id"), ("server_tool_use", "id"), ("mcp_tool_use", "id"), ("thinking", "signature"),
    ("redacted_thinking", "data"), ("function", "id"), ("reasoning", "encrypted_content"),
})
UNGUESSABLE_ANY_TYPE = frozenset({"call_id"})
MIN_UNGUESSABLE = 16  # characters: shorter ids (a local server's "call_1") are counters, not secrets


def unguessable(item: Any) -> bool:
    """Does ``item`` (one entry of a history, from the model) hold a provider-generated random value?"""
    stack = [item]
    while stack:
        node = stack.pop()
        if isinstance(node, list):
            stack.extend(node)
        elif isinstance(node, dict):
            kind = node.get("type")
            for key, value in node.items():
                if isinstance(value, (dict, list)):
                    stack.append(value)
                elif isinstance(value, str) and len(value) >= MIN_UNGUESSABLE and (
                        key in UNGUESSABLE_ANY_TYPE or (isinstance(kind, str) and (kind, key) in UNGUESSABLE)):
                    return True
    return False


class SessionStore:
    """Sessions by key; each session's vault key is derived from the gateway key and the session key.

    A request that names no session gets a fresh session of its own (``ephemeral``): no two clients share a vault
    by accident."""

    def __init__(self, master_key: bytes, policy: Policy, max_sessions: int = 1000, idle_seconds: float = 6 * 3600,
                 vault_dir: str | None = None, user_names: Mapping[str, str] | None = None) -> None:
        """``user_names``: the user's own name in the spellings the clients use, masked as a known value of every
        session (default: read from this process's environment, ``gateway/environment.py``)."""
        self.master_key = master_key
        self.user_names = dict(environment.user_names() if user_names is None else user_names)
        # one notice key for every session, derived from the gateway key (which persists in its key file): a notice
        # is recognised in any session's history, forks and sessions that name no id included, after a restart too
        self.notice_key = notice_key(subkey(master_key, b"notices"))
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

    def fingerprint(self, history: Any, model_output: Callable[[Any], bool] = responses_output,
                    credential: bytes | None = None) -> bytes | None:
        """A keyed hash of a conversation's start and the client's credential, or None when the history cannot
        prove it is a copy of an earlier conversation.

        The start is everything up to and including the first entry the model produced that holds a value nobody
        can guess (:func:`unguessable`: a tool call id, a thinking signature), only once something follows it. A
        fork or a resume (``--fork-session``, ``codex exec fork``: a new id) resends that start; two conversations
        that merely open alike, even with the model's same fixed answer, have no such value in common. Item ids
        are left out: Codex gives each thread's copies of the same items new ones. ``model_output``: the API's
        test for an entry the model produced (default: any family's). ``credential``: the hash of the client's
        credential (default: the request being handled, :func:`~coatcheck.gateway.credentials.current_credential`)."""
        if not isinstance(history, list):
            return None
        first = next((i for i, it in enumerate(history) if model_output(it) and unguessable(it)), None)
        if first is None or len(history) <= first + 1:
            return None
        items = [{k: v for k, v in it.items() if k != "id"} if isinstance(it, dict) else it for it in history[: first + 1]]
        start = json.dumps(items, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
        cred = current_credential() if credential is None else credential
        return hmac.new(self.master_key, b"start\x00" + hashlib.sha256(cred).digest() + start.encode("utf-8", "surrogatepass"),
                        hashlib.sha256).digest()

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
        key = subkey(self.master_key, b"session\x00" + name.encode())
        user_key = subkey(self.master_key, b"user-scoped\x00")  # a user name gets one placeholder in every session
        vault = None
        if self.vault_dir:
            file = hashlib.sha256(name.encode()).hexdigest()[:24] + ".vault"
            vault = Vault(key, FileStore(os.path.join(self.vault_dir, file), key), user_key=user_key)
        s = Session(key, self.pipeline, self.policy, vault=vault, user_key=user_key, known=self.user_names)
        s.name = name
        s.notice_key = self.notice_key
        return s

    def ephemeral(self) -> Session:
        """A session for one request that names none: its own random key, never stored or shared."""
        s = Session(secrets.token_bytes(32), self.pipeline, self.policy)
        s.notice_key = self.notice_key
        return s

    def _evict(self) -> None:
        now = time.monotonic()
        for k in [k for k, s in self._sessions.items() if now - s.last_used > self.idle_seconds]:
            del self._sessions[k]
        while len(self._sessions) > self.max_sessions:
            self._sessions.popitem(last=False)

    def __len__(self) -> int:
        return len(self._sessions)
