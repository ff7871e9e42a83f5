"""Findings of the review of the sixth part (a helper given the threat model, not the code's reasoning): leaks the
new keeps had opened, partial and missed values of the new detections, their false positives, two super-linear
block patterns."""

from __future__ import annotations

import time

import pytest

from coatcheck import Masker


@pytest.mark.parametrize(("text", "value"), [
    ("Request dispatched from 81.2.69.160\n", "81.2.69.160"),
    ("Job dispatched to 81.2.69.160\n", "81.2.69.160"),
    ("User jdoe password updated from 81.2.69.160\n", "81.2.69.160"),
    ("We pinned our egress to 81.2.69.160\n", "81.2.69.160"),
    ("nmap -sV 81.2.69.1-254\n", "81.2.69.1"),
    ("allow from 81.2.69.160-170\n", "81.2.69.160"),
    ("Client 2002:5102:45a0::1 connected\n", "2002:5102:45a0::1"),
    ("Teredo client 2001:0:4136:e378:8000:63bf:aefd:bb5f connected\n", "aefd:bb5f"),
    ("import ray\n\n# Maintainer: Ray KIM (ray.kim@acme-corp.io)\n", "KIM"),
    ('from rich.console import Console\nprint("Patient: Rich LEWIS, DOB 1980-02-03")\n', "LEWIS"),
    ("Thanks to Grace Trainer for the review.\n", "Trainer"),
    ("NET USE Z: \\\\fs01\\finance purple-monkey-dishwasher /USER:CORP\\jdoe\n", "purple-monkey-dishwasher"),
    ('net use Z: "\\\\fs01\\finance share" purple-monkey-dishwasher /user:CORP\\jdoe\n', "purple-monkey-dishwasher"),
    ("BEGIN:VCARD\nVERSION:3.0\nFN:Maria Rossi\nTEL;TYPE=WORK,VOICE:(212) 867-5309\nEND:VCARD\n", "212"),
    ("$ echo $MYSQL_PWD\npurple-monkey-dishwasher\n", "purple-monkey-dishwasher"),
    ("$ printf '%s\\n' \"$DB_PASSWORD\"\npurple-monkey-dishwasher\n", "purple-monkey-dishwasher"),
    ("$ kubectl exec deploy/api -- printenv DB_PASSWORD\npurple-monkey-dishwasher\n", "purple-monkey-dishwasher"),
    ("Parameters:\n  DBPassword:\n    Default: 'it-s-blue#fish'\n", "blue#fish"),
])
def test_the_value_is_masked(text: str, value: str) -> None:
    m = Masker()
    masked = m.mask(text)
    assert value not in masked.text, masked.text
    assert m.restore(masked.text) == text


@pytest.mark.parametrize("text", [
    "if exist Z: net use Z: \\\\fs01\\finance >nul 2>&1\n",
    "Fixes CLI-1042: --verbose flag ignored (see LEAD-2210, SUB-4410)\n#define MEM_4096 4096\n",
    'E11000 duplicate key error collection: app.users index: email_1 dup key: { email: "x" }\n',
    "[10:41:07] Max Memory Used: 512 MB\n12:00 Max: 34 ms\n08:00 June: 41 signups\n",
    "[09:14] Victoria (region): eu-west-1\n11:58 Bill (total): 12.40 EUR\n",
    "**ADR-0007** approved on 2024-03-01\n**staging** approved\n",
    'router.get("/users/signup", signup)\nrouter.get("/users/whoami", whoami)\nGET /api/customers/archived\n',
    "$ echo $TOKENIZER\nbert-base-uncased\n$ echo $AWS_SECRETS_REGION\neu-west-1\n$ printenv SECRET_STORE\nawssecretsmanager\n",
    "The key vault migration is tracked in PR 48213 and pipeline run a9f3k2m8q7w1z5x0\n",
])
def test_no_false_positive(text: str) -> None:
    assert Masker().mask(text).text == text


@pytest.mark.parametrize(("text", "word"), [
    ("Owner: Jen Kinsella\n\nThe jenkins job failed again; restart jenkins.\n", "restart jenkins."),
    ("Mark Downing wrote the markdown docs.\n", "the markdown docs"),
])
def test_a_surnames_head_cut_makes_no_handle_of_a_word(text: str, word: str) -> None:
    assert word in Masker().mask(text).text


def test_grant_the_verb_is_no_name_an_address_spells() -> None:
    masked = Masker().mask("grant.rose@acme.io wrote:\n> Grant read access to the bucket.\n").text
    assert "> Grant read access" in masked


@pytest.mark.parametrize("text", [
    'variable "p" {\n' + ("          x\n") * 10 + "}\n# default\n",
    "default:\n" + ("a:\n" + " " * 8000 + "\n") * 6,
])
def test_block_patterns_stay_linear(text: str) -> None:
    m = Masker()
    best = min(_timed(m, text) for _ in range(3))
    assert best < 3.0, best


def _timed(m: Masker, text: str) -> float:
    start = time.perf_counter()
    m.mask(text)
    return time.perf_counter() - start
