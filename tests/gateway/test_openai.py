"""The official openai SDK (chat completions and responses) through the real gateway."""

from __future__ import annotations

import json
import re

import openai

from .test_anthropic import ORIGINALS, PROMPT, upstream_saw_no_value


def client(gateway, session="s-openai"):
    return openai.OpenAI(base_url=gateway.url + "/v1", api_key="sk-test", default_headers={"x-coatcheck-session": session}, max_retries=0)


def test_chat_non_streaming(gateway, upstream):
    n = len(upstream.requests)
    r = client(gateway).chat.completions.create(model="gpt-test", messages=[{"role": "system", "content": "be brief"}, {"role": "user", "content": PROMPT}])
    assert upstream_saw_no_value(upstream, n)
    msg = r.choices[0].message
    assert msg.content == f"You said: {PROMPT}"
    assert json.loads(msg.tool_calls[0].function.arguments) == {"file_path": "notes.txt", "content": PROMPT}


def test_chat_streaming(gateway, upstream):
    n = len(upstream.requests)
    stream = client(gateway).chat.completions.create(model="gpt-test", stream=True, messages=[{"role": "user", "content": PROMPT}])
    text, args = "", ""
    for chunk in stream:
        for ch in chunk.choices:
            text += ch.delta.content or ""
            for call in ch.delta.tool_calls or []:
                args += call.function.arguments or ""
    assert upstream_saw_no_value(upstream, n)
    assert text == f"You said: {PROMPT}" and json.loads(args) == {"file_path": "notes.txt", "content": PROMPT}


def test_chat_tool_call_history_is_masked(gateway, upstream):
    """The client sends back the assistant's tool call (restored) and the tool output: both leave masked."""
    c = client(gateway, "s-openai-history")
    first = c.chat.completions.create(model="gpt-test", messages=[{"role": "user", "content": PROMPT}]).choices[0].message
    n = len(upstream.requests)
    c.chat.completions.create(model="gpt-test", messages=[
        {"role": "user", "content": PROMPT},
        {"role": "assistant", "content": first.content, "tool_calls": [tc.model_dump() for tc in first.tool_calls]},
        {"role": "tool", "tool_call_id": first.tool_calls[0].id, "content": f"ran: {PROMPT}"},
        {"role": "user", "content": "and now?"},
    ])
    assert upstream_saw_no_value(upstream, n)
    sent = upstream.requests[n]["messages"]
    first_sent = upstream.requests[n - 1]
    # echo map: the assistant turn goes back exactly as the upstream produced it
    assert sent[1]["tool_calls"][0]["function"]["arguments"] == json.dumps({"file_path": "notes.txt", "content": first_sent["messages"][0]["content"]})


def test_responses_non_streaming(gateway, upstream):
    n = len(upstream.requests)
    r = client(gateway).responses.create(model="gpt-test", instructions=f"the user is {ORIGINALS[1]}", input=PROMPT)
    assert upstream_saw_no_value(upstream, n)
    assert r.output_text == f"You said: {PROMPT}"
    call = [o for o in r.output if o.type == "function_call"][0]
    assert json.loads(call.arguments) == {"file_path": "notes.txt", "content": PROMPT}


def test_responses_compact_is_masked_too(gateway, upstream):
    import httpx

    n = len(upstream.requests)
    r = httpx.post(gateway.url + "/v1/responses/compact", json={"model": "gpt-test", "input": [{"role": "user", "content": PROMPT}]}, timeout=30)
    assert r.status_code == 200 and len(upstream.requests) == n + 1 and upstream_saw_no_value(upstream, n)
    assert r.json()["output"][0]["content"][0]["text"] == f"You said: {PROMPT}"


def test_responses_streaming(gateway, upstream):
    n = len(upstream.requests)
    with client(gateway).responses.stream(model="gpt-test", input=[{"role": "user", "content": [{"type": "input_text", "text": PROMPT}]}]) as stream:
        deltas = "".join(e.delta for e in stream if e.type == "response.output_text.delta")
        final = stream.get_final_response()
    assert upstream_saw_no_value(upstream, n)
    assert deltas == f"You said: {PROMPT}" and final.output_text == f"You said: {PROMPT}"
    call = [o for o in final.output if o.type == "function_call"][0]
    assert json.loads(call.arguments) == {"file_path": "notes.txt", "content": PROMPT}


def test_responses_reasoning_items_go_back_byte_identical(gateway, upstream):
    """Codex replays the model's reasoning items (summary + encrypted_content) in later turns; the summary was
    written with placeholders by the model and must reach it unchanged (not escaped as a look-alike)."""
    import httpx

    first = httpx.post(gateway.url + "/v1/responses", json={"model": "gpt-test", "input": PROMPT},
                       headers={"x-coatcheck-session": "s-reasoning"}, timeout=30)
    ph = re.search(r"\b[A-Z]+_[a-z2-7]{9}[2-7]\b", upstream._last_user_text(upstream.requests[-1])).group()
    assert ph not in first.json()["output"][0]["content"][0]["text"]  # the client saw the real value
    reasoning = {"type": "reasoning", "id": "rs_1", "summary": [{"type": "summary_text", "text": f"Use {ph} for the call."}],
                 "encrypted_content": "gAAAAB-opaque"}
    n = len(upstream.requests)
    httpx.post(gateway.url + "/v1/responses", json={"model": "gpt-test", "input": [{"role": "user", "content": PROMPT}, reasoning,
                                                                                    {"role": "user", "content": "go on"}]},
               headers={"x-coatcheck-session": "s-reasoning"}, timeout=30)
    sent = upstream.requests[n]["input"][1]
    assert sent == reasoning and upstream_saw_no_value(upstream, n)
