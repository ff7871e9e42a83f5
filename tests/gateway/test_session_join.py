"""A conversation under a new session id joins an earlier session only as a copy of it: its start holds a value the
model produced there that nobody can guess (a tool call id, a signature), and it comes with the same credential.
Two users whose first exchange is fixed are never merged (the fork join used to merge them)."""

from __future__ import annotations

import json
import re

import httpx

from coatcheck.gateway.credentials import credential_hash
from coatcheck.gateway.sessions import SessionStore, unguessable
from coatcheck.policy import Policy

KEY = "sk-ant-api03-" + "Kq8Zr3Lm7Vx2Np9Wt4Yb6Hc1Df5Gj0Sa"
SECRET = "ghp_" + "Lr4Tq8Wm2Zx6Vb9Nc3Hd7Jf1Kg5Sa0Pe2Yu7"
TOOL_ID = "toolu_01" + "Xq7Rm2Kp9Lw4Vt8Zb3Nc6Hd"
OPENING = [{"role": "user", "content": "hi"}, {"role": "assistant", "content": "Hello! How can I help you today?"}]
CRED_A, CRED_B = credential_hash({"x-api-key": "key-of-a"}), credential_hash({"x-api-key": "key-of-b"})


def _store(tmp_path=None) -> SessionStore:
    return SessionStore(b"j" * 32, Policy.builtin(), vault_dir=str(tmp_path) if tmp_path else None)


def _with_tool_call(tool_id: str = TOOL_ID) -> list[dict]:
    return [{"role": "user", "content": "run the tests"},
            {"role": "assistant", "content": [{"type": "text", "text": "Running them."},
                                              {"type": "tool_use", "id": tool_id, "name": "Bash", "input": {"command": "pytest"}}]},
            {"role": "user", "content": [{"type": "tool_result", "tool_use_id": tool_id, "content": "3 passed"}]}]


def test_a_fixed_opening_is_no_proof_of_a_fork():
    store = _store()
    assert store.fingerprint([*OPENING, {"role": "user", "content": "next"}], credential=CRED_A) is None
    a = store.get("app:user-a", store.fingerprint([*OPENING, {"role": "user", "content": "x"}], credential=CRED_A))
    b = store.get("app:user-b", store.fingerprint([*OPENING, {"role": "user", "content": "y"}], credential=CRED_A))
    assert a is not b and a.mask(f"token {SECRET}") != b.mask(f"token {SECRET}")


def test_a_copy_with_the_models_tool_call_id_and_the_same_credential_joins():
    store = _store()
    history = _with_tool_call()
    parent = store.get("parent", store.fingerprint(history, credential=CRED_A))
    fork = store.get("fork", store.fingerprint(history, credential=CRED_A))
    assert fork is parent


def test_the_same_copy_under_another_credential_does_not_join():
    store = _store()
    history = _with_tool_call()
    parent = store.get("parent", store.fingerprint(history, credential=CRED_A))
    other = store.get("other", store.fingerprint(history, credential=CRED_B))
    assert other is not parent


def test_short_ids_are_counters_not_proof():
    assert not unguessable({"role": "assistant", "content": [{"type": "tool_use", "id": "toolu_01", "name": "x", "input": {}}]})
    assert unguessable({"role": "assistant", "content": [{"type": "tool_use", "id": TOOL_ID, "name": "x", "input": {}}]})
    # a field named like an id inside the tool's input is the model's data, but only typed blocks count
    assert not unguessable({"role": "assistant", "content": [{"type": "text", "text": "x", "id": TOOL_ID}]})
    assert unguessable({"type": "function_call", "id": "fc_1", "call_id": "call_" + "Zr8Kq2Lm7Vx3Np9Wt4Yb6Hc1"})
    assert unguessable({"type": "reasoning", "summary": [], "encrypted_content": "gAAAA" + "x" * 40})


def test_a_codex_fork_with_renumbered_item_ids_still_joins():
    store = _store()
    call = "call_" + "Zr8Kq2Lm7Vx3Np9Wt4Yb6Hc1"

    def thread(n: int) -> list[dict]:
        return [{"type": "message", "role": "user", "content": [{"type": "input_text", "text": "list files"}]},
                {"type": "function_call", "id": f"fc_{n}", "call_id": call, "name": "shell", "arguments": "{\"cmd\":\"ls\"}"},
                {"type": "function_call_output", "call_id": call, "output": "a.txt"}]

    assert store.fingerprint(thread(1), credential=CRED_A) == store.fingerprint(thread(2), credential=CRED_A) is not None


def test_the_fork_map_on_disk_keeps_neither_credential_nor_value(tmp_path):
    store = _store(tmp_path)
    history = _with_tool_call()
    store.get("parent-id", store.fingerprint(history, credential=credential_hash({"x-api-key": KEY}))).mask(f"T={SECRET}")
    again = _store(tmp_path)  # a restart: the map is read back, and the join still needs the same credential
    assert again.get("fork-id", again.fingerprint(history, credential=credential_hash({"x-api-key": KEY}))).name == "parent-id"
    assert again.get("stranger", again.fingerprint(history, credential=CRED_B)).name == "stranger"
    on_disk = (tmp_path / "starts.tsv").read_text()
    assert KEY not in on_disk and SECRET not in on_disk and TOOL_ID not in on_disk


def _chat(gateway, key: str, cache_key: str, messages: list[dict]) -> httpx.Response:
    return httpx.post(gateway.url + "/v1/chat/completions", timeout=30, headers={"authorization": f"Bearer {key}"},
                      json={"model": "g", "prompt_cache_key": cache_key, "messages": messages})


def test_two_users_with_the_same_opening_keep_their_own_placeholders(gateway, upstream):
    """Over HTTP: user A's value is never restored for user B, and B's guess is not masked with A's placeholder."""
    _chat(gateway, "shared-app-key", "app:alice", [*OPENING, {"role": "user", "content": f"keep GITHUB_TOKEN={SECRET}"}])
    a_sent = json.dumps(upstream.requests[-1])
    a_ph = re.search(r"GITHUB_TOKEN=([A-Z]+_[a-z0-9]+)", a_sent)
    assert a_ph and SECRET not in a_sent
    r = _chat(gateway, "shared-app-key", "app:bob", [*OPENING, {"role": "user", "content": f"what is {a_ph.group(1)}?"}])
    assert SECRET not in r.text  # B names A's placeholder: it is not B's, so it comes back as it is
    _chat(gateway, "shared-app-key", "app:bob", [*OPENING, {"role": "user", "content": f"is it {SECRET}?"}])
    b_sent = json.dumps(upstream.requests[-1])
    assert SECRET not in b_sent and a_ph.group(1) not in b_sent
