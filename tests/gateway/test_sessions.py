"""Multi-turn cache safety, per-turn cost tracking the new text, and isolation between concurrent sessions."""

from __future__ import annotations

import json
from concurrent.futures import ThreadPoolExecutor

import anthropic


def _turn_text(i: int) -> str:
    return (f"turn {i}: deploy log for build {1000 + i}\nexport API_TOKEN=ghp_{i:04d}B3dE5fG7hI9jK1lM3nO5pQ7rS9tU1vW3x\n"
            f"ping giulia{i}@acme-dev.it from 81.2.69.{i % 250 + 1}; version 1.{i}.0")


def test_forty_turns_prefix_stable_and_cost_tracks_new_text(gateway, upstream):
    c = anthropic.Anthropic(base_url=gateway.url, api_key="k", default_headers={"x-claude-code-session-id": "s-40"}, max_retries=0)
    session = gateway.app.state.gateway.sessions.get("s-40")
    history: list[dict] = []
    sent: list[list] = []
    per_turn_chars: list[int] = []
    for i in range(40):
        new = [{"type": "text", "text": _turn_text(i)}]
        if history:  # answer the previous tool call, like an agent does
            new.insert(0, {"type": "tool_result", "tool_use_id": history[-1]["content"][-1]["id"], "content": f"exit 0 for {_turn_text(i)[:40]}"})
        history.append({"role": "user", "content": new})
        before = session.detected_chars
        n = len(upstream.requests)
        msg = c.messages.create(model="claude-test", max_tokens=50, system="You are a coding agent.", messages=history)
        per_turn_chars.append(session.detected_chars - before)
        sent.append(upstream.requests[n]["messages"])
        history.append({"role": "assistant", "content": [b.model_dump(exclude_none=True) for b in msg.content]})
    for i in range(1, 40):
        prev, cur = sent[i - 1], sent[i]
        assert json.dumps(cur[: len(prev)], ensure_ascii=False) == json.dumps(prev, ensure_ascii=False), f"turn {i} changed its prefix"
        # the assistant turn went back exactly as the upstream produced it (placeholders, thinking, signature)
        assistant = cur[len(prev)]
        assert "ghp_" not in json.dumps(assistant) and "SECRET_" in json.dumps(assistant)
    new_chars = [len(_turn_text(i)) + (0 if i == 0 else 60) for i in range(40)]
    assert all(chars <= 2 * limit for chars, limit in zip(per_turn_chars, new_chars, strict=True)), per_turn_chars
    assert per_turn_chars[-1] < 3 * per_turn_chars[1]  # turn 40 costs what turn 2 costs, not 20x


def test_fifty_concurrent_sessions_never_see_each_other(gateway, upstream):
    def run(k: int) -> tuple[int, str]:
        c = anthropic.Anthropic(base_url=gateway.url, api_key="k", default_headers={"x-claude-code-session-id": f"conc-{k}"}, max_retries=0)
        # overlapping values: every session shares one token, and has its own email and password
        text = f"shared ghp_SHAREDdE5fG7hI9jK1lM3nO5pQ7rS9tU1vW3x mine user{k}@acme-dev.it\nDB_PASSWORD=Pw{k:03d}xLm2Kp9Tr"
        msg = c.messages.create(model="claude-test", max_tokens=20, messages=[{"role": "user", "content": text}])
        return k, json.dumps([b.model_dump() for b in msg.content])

    with ThreadPoolExecutor(50) as pool:
        results = list(pool.map(run, range(50)))
    for k, body in results:
        assert f"user{k}@acme-dev.it" in body and f"Pw{k:03d}xLm2Kp9Tr" in body
        others = [j for j in range(50) if j != k and (f"user{j}@acme-dev.it" in body or f"Pw{j:03d}xLm2Kp9Tr" in body)]
        assert not others, f"session {k} received values of sessions {others}"


def test_a_fork_under_a_new_session_id_reuses_the_placeholders(gateway, upstream):
    """--fork-session / resume: the client resends the history under a new id; the upstream sees the same masked
    history (a prompt-cache hit), and the fork restores the same values."""
    def client(sid: str) -> anthropic.Anthropic:
        return anthropic.Anthropic(base_url=gateway.url, api_key="k", default_headers={"x-claude-code-session-id": sid}, max_retries=0)

    history: list[dict] = [{"role": "user", "content": [{"type": "text", "text": _turn_text(0)}]}]
    parent = client("fork-parent")
    for i in range(1, 3):
        msg = parent.messages.create(model="claude-test", max_tokens=50, system="You are a coding agent.", messages=history)
        history.append({"role": "assistant", "content": [b.model_dump(exclude_none=True) for b in msg.content]})
        history.append({"role": "user", "content": [{"type": "tool_result", "tool_use_id": history[-1]["content"][-1]["id"], "content": "ok"},
                                                    {"type": "text", "text": _turn_text(i)}]})
    n = len(upstream.requests)
    parent.messages.create(model="claude-test", max_tokens=50, system="You are a coding agent.", messages=history)
    client("fork-child").messages.create(model="claude-test", max_tokens=50, system="You are a coding agent.", messages=history)
    as_parent, as_fork = upstream.requests[n]["messages"], upstream.requests[n + 1]["messages"]
    assert json.dumps(as_fork, ensure_ascii=False) == json.dumps(as_parent, ensure_ascii=False)
    assert "SECRET_" in json.dumps(as_fork) and "ghp_" not in json.dumps(as_fork)


def test_new_conversations_that_open_alike_do_not_share_placeholders(gateway, upstream):
    sessions = gateway.app.state.gateway.sessions
    a = sessions.get("alike-a", sessions.fingerprint([{"role": "user", "content": "hi"}]))
    b = sessions.get("alike-b", sessions.fingerprint([{"role": "user", "content": "hi"}]))
    assert a is not b  # one turn is no fork: only a resent answer (a third turn) makes one
    opening = [{"role": "user", "content": "hi"}, {"role": "assistant", "content": "Hello!"}, {"role": "user", "content": "go"}]
    c = sessions.get("alike-c", sessions.fingerprint(opening))
    d = sessions.get("alike-d", sessions.fingerprint(opening))
    assert c is not d  # the model's fixed answer is no proof of a fork either: anyone can send it


def test_a_fork_after_a_gateway_restart_still_reuses_the_placeholders(tmp_path):
    """With a vault folder the conversation-start map is on disk: a fork made after the gateway restarted (every
    `coatcheck claude` run starts its own) masks the copied history with the parent's placeholders."""
    from coatcheck.gateway.sessions import SessionStore
    from coatcheck.policy import Policy

    tool_id = "toolu_01" + "Wq4Lm8Zr2Kx7Vp3Nt9Yb5Hc"  # the model's own random id: what proves the copy is a fork
    history = [{"role": "user", "content": _turn_text(0)},
               {"role": "assistant", "content": [{"type": "tool_use", "id": tool_id, "name": "Bash", "input": {"command": "ls"}}]},
               {"role": "user", "content": [{"type": "tool_result", "tool_use_id": tool_id, "content": "ok"}]}]
    first = SessionStore(b"m" * 32, Policy.builtin(), vault_dir=str(tmp_path))
    start = first.fingerprint(history)
    before = first.get("parent-id", start).mask(_turn_text(0))
    again = SessionStore(b"m" * 32, Policy.builtin(), vault_dir=str(tmp_path))  # the restart
    fork = again.get("fork-id", again.fingerprint(history))
    assert fork.mask(_turn_text(0)) == before and "ghp_" not in before
    assert again.get("other-id", None).mask(_turn_text(0)) != before  # an unrelated session: its own placeholders
    assert "parent-id" in (tmp_path / "starts.tsv").read_text() and "ghp_" not in (tmp_path / "starts.tsv").read_text()


def test_a_session_reopened_from_its_vault_masks_its_values_without_context(tmp_path):
    """Codex resumes after a gateway restart by resending the model's restored tool calls: the token stands bare in
    a command, with no key around it. The reopened session knows it from its vault file."""
    from coatcheck.gateway.sessions import SessionStore
    from coatcheck.policy import Policy

    token = "tk_" + "Qx7Lm2Vp9Rz4Wt8Yb3Nc6Hd1Jf5Gs0Ka8Eu2Io7"
    first = SessionStore(b"m" * 32, Policy.builtin(), vault_dir=str(tmp_path))
    masked = first.get("thread-1").mask(f"API_TOKEN={token}\n")
    assert token not in masked
    command = f"printf '%s' {token} > token.txt"
    again = SessionStore(b"m" * 32, Policy.builtin(), vault_dir=str(tmp_path))  # the restart
    assert token not in again.get("thread-1").mask(command)
    assert masked.split("=", 1)[1].strip() in again.get("thread-1").mask(command)  # the same placeholder
