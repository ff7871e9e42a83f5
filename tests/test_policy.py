from __future__ import annotations

import pytest

from coatcheck import ConfigError, Masker, Policy
from coatcheck.detect.pipeline import Pipeline, undetected


def test_builtin_policies():
    agent = Policy.builtin("agent")
    assert agent.masks("secret") and agent.masks("person") and not agent.masks("date") and not agent.masks("organization")
    strict = Policy.builtin("strict")
    assert strict.mask >= agent.mask and strict.mask_private_ips
    with pytest.raises(ConfigError):
        Policy.builtin("nope")


def test_shipped_policies_mask_only_what_something_detects():
    for name in ("agent", "strict", "document"):
        policy = Policy.builtin(name)
        assert undetected(policy) == []
        assert "hostname" not in policy.mask
    assert Policy.builtin("document").masks("date") and not Policy.builtin("agent").masks("date")


def test_policy_file(tmp_path):
    f = tmp_path / "p.toml"
    f.write_text('extends = "agent"\nalways_mask = ["Falcon", { term = "Globex", category = "organization" }]\n'
                 'never_mask = ["ci@acme.dev"]\n[categories]\norganization = true\nperson = false\n[ip]\nmask_private_ips = true\n')
    p = Policy.from_file(f)
    assert p.masks("organization") and not p.masks("person") and p.mask_private_ips
    assert [t.category for t in p.always_mask] == ["custom", "organization"] and "ci@acme.dev" in p.never_mask
    out = Masker(policy=p).mask("Globex and Falcon").text
    assert "ORGANIZATION_" in out and "CUSTOM_" in out and "Globex" not in out


@pytest.mark.parametrize("body,category", [
    ("[categories]\nhostname = true\n", "hostname"),
    ("[categories]\nhostname = true\nlocation = true\n", "hostname"),
    ('extends = "strict"\n[categories]\nhostname = true\n', "hostname"),
])
def test_a_category_nothing_detects_cannot_be_switched_on(tmp_path, body, category):
    f = tmp_path / "team.toml"
    f.write_text(body)
    with pytest.raises(ConfigError) as e:
        Policy.from_file(f)
    message = str(e.value)
    assert "team.toml" in message and repr(category) in message and "nothing detects it" in message


def test_a_policy_built_in_code_is_checked_by_the_pipeline():
    with pytest.raises(ConfigError, match="'hostname'.*nothing detects it"):
        Pipeline(Policy(mask=frozenset({"secret", "hostname"})))


@pytest.mark.parametrize(
    "body,message",
    [
        ("[categories]\nsecrets = true\n", "unknown category"),
        ("[categories]\nemail = 1\n", "true or false"),
        ("colour = 'red'\n", "unknown keys"),
        ("[ip]\nprivate_networks = ['not-a-net']\n", "invalid policy"),
        ("always_mask = [{ term = '' }]\n", "invalid policy"),
        ("[categories\n", "cannot read policy"),
        ("[ip]\nalways_mask = ['x']\n", "unknown keys in \\[ip\\]"),
    ],
)
def test_bad_policy_files_say_what_is_wrong(tmp_path, body, message):
    f = tmp_path / "p.toml"
    f.write_text(body)
    with pytest.raises(ConfigError, match=message):
        Policy.from_file(f)


def test_a_typo_anywhere_names_the_file_the_table_and_the_key(tmp_path):
    f = tmp_path / "team.toml"
    f.write_text('extends = "agent"\n[restore]\nallow_hostz = ["api.acme-corp.io"]\n')
    with pytest.raises(ConfigError) as e:
        Policy.from_file(f)
    assert "team.toml" in str(e.value) and "[restore]" in str(e.value) and "allow_hostz" in str(e.value)
    f.write_text('extends = "lenient"\n')
    with pytest.raises(ConfigError, match="extends"):
        Policy.from_file(f)
