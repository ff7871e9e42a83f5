"""Logins and person-bound numbers read from their place on the line (the login classifier)."""

from __future__ import annotations

import numpy as np
import pytest

from coatcheck import Masker
from coatcheck.detect.logins import LoginDetector, LoginModel
from coatcheck.detect.logins_features import BUCKETS, LABELS, candidates, features, is_candidate
from coatcheck.errors import ConfigError

DETECTOR = LoginDetector()

# written for these tests: none of them is a catalogue template
LOGINS = [
    ("ekowal_9@ci-runner-4:/srv/app$ make test", "ekowal_9"),
    ("-rw-r--r--  1 tvasko34 staff   918 Nov 30 08:12 notes.txt", "tvasko34"),
    ("uid=1207(m.ferreira) gid=1207(m.ferreira) groups=1207(m.ferreira),998(docker)", "m.ferreira"),
    ('81.2.69.160 - jkarlsson7 [30/Nov/2026:08:01:55 +0000] "GET /health HTTP/1.1" 200 2', "jkarlsson7"),
    ("2026-11-30 08:02:11 INFO auth: session opened principal=hdrozd_k", "hdrozd_k"),
]
ACCOUNTS = [
    ("member_no,joined\nMBX-4471902,2024-03-01", "MBX-4471902"),
]
READABLE = [
    "def parse_config(path: str) -> dict:  # see utils/io_helpers.py",
    "-rw-r--r--  1 root root  3526 Apr 18  2025 .bashrc",
    "BILL-6413: checkout returns 500 after upgrading to 2.14.0",
    "pip install requests==2.32.3 urllib3==2.2.1",
    "www-data  1123  0.0  0.1  55284  4112 ?  S  08:00  0:00 nginx: worker process",
]


@pytest.mark.parametrize(("line", "login"), LOGINS)
def test_a_login_is_found_by_its_place(line: str, login: str) -> None:
    found = [line[s.start:s.end] for s in DETECTOR.detect(line) if s.category == "username"]
    assert login in found


@pytest.mark.parametrize(("text", "number"), ACCOUNTS)
def test_a_person_bound_number_is_masked(text: str, number: str) -> None:
    masker = Masker()
    result = masker.mask(text)
    assert number not in result.text and masker.restore(result.text) == text


@pytest.mark.parametrize("line", READABLE)
def test_code_service_accounts_tickets_and_versions_stay(line: str) -> None:
    assert DETECTOR.detect(line) == []


def test_masking_a_login_masks_its_other_occurrences() -> None:
    text = "tvasko34@dev-7:~$ ls -l\n-rw-r--r--  1 tvasko34 tvasko34  918 Nov 30 08:12 notes.txt\n"
    masker = Masker()
    result = masker.mask(text)
    assert "tvasko34" not in result.text and "dev-7" in result.text and "notes.txt" in result.text
    assert masker.restore(result.text) == text


def test_candidates_leave_words_versions_and_file_names() -> None:
    for word in ("return", "2.14.0", "v1.2.3", "setup.py", "contact_page.html", "Kubernetes"):
        assert not is_candidate(word), word
    for token in ("tvasko34", "m.ferreira", "ltino", "CUST-435045", "0906028772"):
        assert is_candidate(token), token
    tokens, i = next(candidates("user=tvasko34"))
    assert "L1:=" in features(tokens, i) and "L2:user" in features(tokens, i)


def test_weights_of_another_shape_are_refused() -> None:
    with pytest.raises(ConfigError, match="shape"):
        LoginModel(np.zeros((BUCKETS, 2), dtype=np.float32), np.zeros(len(LABELS), dtype=np.float32), {"USER": 0.5, "ACCOUNT": 0.5})


def test_the_shipped_model_reads_the_word_lists_it_was_trained_on() -> None:
    """The features read word lists (vocabulary, dictionary, names), frozen beside the weights by training: the
    shipped copy is the one the model was trained with, whatever data/vocab holds now."""
    import tomllib

    from coatcheck._data import data_path
    from coatcheck.detect.logins_features import vocabulary_digest

    meta = tomllib.loads(data_path("logins", "model.toml").read_text(encoding="utf-8"))
    assert meta["vocabulary"] == vocabulary_digest()


def test_vocabulary_edits_do_not_reach_the_shipped_model(monkeypatch) -> None:
    """A word added to the vocabulary files changes the live lists (what the next training reads), not the frozen
    lists the shipped model reads."""
    from coatcheck.detect import logins_features as lf

    live = lf._live_lists()
    monkeypatch.setattr(lf, "_live_lists", lambda: {**live, "context": live["context"] | {"zzqxnotaword"}})
    lf._lists.cache_clear()
    lf.context_words.cache_clear()
    try:
        assert "benutzer" in lf.context_words() and "zzqxnotaword" not in lf.context_words()
    finally:
        lf._lists.cache_clear()
        lf.context_words.cache_clear()


@pytest.mark.parametrize("text, login", [
    (" Reporter:  quentin-brunet   |      Owner:  ruben_v\n", "quentin-brunet"),
    (" Reporter:  quentin-brunet   |      Owner:  ruben_v\n", "ruben_v"),
    ("ticket 4411 assignee=kdemir2 status=open\n", "kdemir2"),
    ('{"author": "lvanhoek", "title": "Fix export"}', "lvanhoek"),
    ("kadmin: listprincs\nmeera_c/admin@CORP.EXAMPLE.IO\n", "meera_c"),
])
def test_a_login_in_a_field_that_holds_a_person(text: str, login: str) -> None:
    from coatcheck import Masker

    assert login not in Masker().mask(text).text


@pytest.mark.parametrize("text", [
    "Owner: root\n", '"owner": "acme"\n', '"owner": "platform-team"\n', "assignee: unassigned\n",
    "    def display(self, tr, groups, progress_reporter=report_progress):\n", "author = get_author(repo)\n",
    "host/web01.corp.example.io@CORP.EXAMPLE.IO\n", 'parser.add("creator", creators)\n',
])
def test_owners_teams_code_and_service_principals_stay(text: str) -> None:
    from coatcheck import Masker

    assert Masker().mask(text).text == text
