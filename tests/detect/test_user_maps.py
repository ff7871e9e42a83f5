"""Logins that key a map of accounts (issue 23): a pillar's or a variable file's ``users:`` children, JSON alike;
words, service accounts and other maps' keys stay readable."""

from __future__ import annotations

from coatcheck.detect.user_maps import UserMapDetector

# fictional logins
YAML = """users:
  hle:
    fullname: Huong Le
    uid: 1103
  grzegorz_dabr:
    groups:
      - docker
  default:
    shell: /bin/bash
  postgres:
    uid: 26
settings:
  tkwong:
    x: 1
"""


def test_yaml_children_of_a_users_map() -> None:
    assert [YAML[s.start:s.end] for s in UserMapDetector().detect(YAML)] == ["hle", "grzegorz_dabr"]


def test_json_children_of_a_users_map() -> None:
    text = '{"users": {"dpham": {"uid": 1}, "root": {"uid": 0}, "kwong": {"shell": "/bin/sh"}}, "groups": {"ops": {}}}'
    assert [text[s.start:s.end] for s in UserMapDetector().detect(text)] == ["dpham", "kwong"]


def test_a_list_under_users_is_no_map() -> None:
    assert UserMapDetector().detect("users:\n  - name: x\n  - name: y\n") == []


def test_config_maps_under_users_are_no_accounts() -> None:
    text = "users:\n  oauth2:\n    client: x\n  ldap:\n    url: y\naccounts:\n  treasury:\n    chain: eth\n"
    assert UserMapDetector().detect(text) == []
