"""Phrases from coding agents' own system prompts go through with zero spans (issue #14): their cache prefix must
be the same for every session. Written after the phrases quoted in the issue, not copied from the clients."""

import pytest

from coatcheck import Masker

PHRASES = [
    "You are powered by the model named Opus 4.8. The exact model ID is claude-opus-4-8.",
    "Use the dedicated tools (Read, Edit, Bash, Grep, Glob) instead of running shell commands.",
    "When compacting, keep the Bash, Grep, Glob results that the next step needs.",
    "Prefer MultiEdit over several Edit calls; use TodoWrite to track the plan and WebFetch for pages.",
    'Write a 3-6 word title in title case, for example "Fix Login Button On Mobile" or "Add Retry To Uploads".',
    # a shell example in a tool description (Claude Code's Monitor tool has one like it)
    'since=$(date -u +%Y-%m-%dT%H:%M:%SZ)\nwhile true; do now=$(date -u +%Y-%m-%dT%H:%M:%SZ); sleep 30; done',
    # Codex's turn metadata (a header and client_metadata): a value followed by the next key is no call pair
    '{"request_kind":"turn","thread_source":"user","turn_trigger":"exec","sandbox":"seccomp","sandbox_mode":"read-only"}',
    '{\\"thread_source\\":\\"user\\",\\"turn_trigger\\":\\"exec\\"}',
]


@pytest.mark.parametrize("text", PHRASES)
def test_agent_prompt_phrases_have_no_spans(text: str) -> None:
    assert Masker().detect(text) == []


def test_a_person_named_like_a_common_verb_is_still_found() -> None:
    text = "Reviewed by Giulia Read and Marco Rossi"
    assert {text[s.start : s.end] for s in Masker().detect(text)} >= {"Giulia Read"}
