"""The library entry point for proxies and frameworks: provider-shaped dicts in, masked/restored copies out."""

from __future__ import annotations

import copy
import subprocess
import sys
from pathlib import Path

import coatcheck

KEY = "ghp_aB3dE5fG7hI9jK1lM3nO5pQ7rS9tU1vW3xY5"


def test_openai_chat_round_trip_and_the_input_is_not_changed():
    conv = coatcheck.Conversation()
    request = {"model": "gpt-x", "messages": [{"role": "system", "content": "You are helpful."},
                                              {"role": "user", "content": f"deploy with GITHUB_TOKEN={KEY}"}]}
    before = copy.deepcopy(request)
    masked = coatcheck.mask_messages(request, conv, api="openai-chat")
    assert request == before and KEY not in str(masked)
    ph = masked["messages"][1]["content"].split("=", 1)[1]
    reply = {"id": "c1", "object": "chat.completion", "choices": [
        {"index": 0, "finish_reason": "stop", "message": {"role": "assistant", "content": f"Using {ph} now."}}]}
    out = coatcheck.restore_message(reply, conv, api="openai-chat")
    assert out["choices"][0]["message"]["content"] == f"Using {KEY} now." and ph in str(reply)


def test_the_example_file_runs_offline():
    example = Path(__file__).parents[1] / "examples" / "mask_messages.py"
    r = subprocess.run([sys.executable, str(example)], capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    assert "Kq9x!Lm2Pz7w" not in lines[0] and "giulia.ferraro" not in lines[0]
    assert lines[1] == "shown to the user: I will store Kq9x!Lm2Pz7w in .env.local."
    assert lines[2] == "file the tool writes: DB_PASSWORD=Kq9x!Lm2Pz7w"


def test_an_unknown_api_is_a_clear_error():
    import pytest

    with pytest.raises(ValueError, match="unknown api"):
        coatcheck.mask_messages({}, coatcheck.Conversation(), api="gemini")  # type: ignore[arg-type]
