"""Handles written as mentions (issue 23): "@" before a word no language, codebase or product owns names an account;
decorators, annotations, documentation tags, at-rules, SQL variables, package scopes and addresses stay readable."""

from __future__ import annotations

import pytest

from coatcheck import Masker
from coatcheck.detect.mentions import MentionDetector

# fictional handles
POSITIVE = [
    ("thanks @okafor_n for the quick review", "okafor_n"),
    ("Assignee: @mgrzelak · Reporter: ops", "mgrzelak"),
    ("/cc @vdamico @lheinrich", "vdamico"),
    ("Sandra Okafor (@sokafor92) opened this", "sokafor92"),
    ("@jpoulain: can you rebase?", "jpoulain"),
    ("ping @Tereza-Novak about the flaky test", "Tereza-Novak"),
    ("Grazie @fbellandi per la review", "fbellandi"),
]

NEGATIVE = [
    "    @property\n    def name(self):",
    "@Override\npublic void run() {}",
    "@app.route('/login')",
    "@pytest.fixture(scope='module')",
    "@derived_value  # type: ignore",
    ">>> @print_yielded",
    "npm i @types/node react@18 and mail ops@example.org",
    "\t@echo building",
    "SELECT * FROM users WHERE id = @UserId",
    "@media screen and (max-width: 600px) {",
    "@primary-color: #1890ff;",
    '<button @click="save">',
    "ping @here and @channel",
    "see @param name and @returns the value",
    "cron: @daily, @hourly",
    "the @OldAPIStack marker and @nsPrefix attribute",
    "run \"$@\" with git@github.com:org/repo",
    "follow @github for updates",
]


@pytest.mark.parametrize("text,handle", POSITIVE)
def test_a_mention_names_an_account(text: str, handle: str) -> None:
    assert [text[s.start:s.end] for s in MentionDetector().detect(text)][:1] == [handle]


@pytest.mark.parametrize("text", NEGATIVE)
def test_code_markup_and_words_are_no_mention(text: str) -> None:
    assert MentionDetector().detect(text) == []


def test_a_mentioned_handle_is_masked_where_it_stands_alone() -> None:
    text = "Thanks @okafor_n!\n\nokafor_n approved these changes 2 days ago"
    m = Masker()
    out = m.mask(text)
    assert "okafor_n" not in out.text and "approved these changes" in out.text
    assert m.restore(out.text) == text


def test_mentions_in_both_policies() -> None:
    from coatcheck.policy import Policy

    text = "cc @vdamico"
    assert Masker(policy=Policy.load("document")).mask(text).text != text
