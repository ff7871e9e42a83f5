"""`coatcheck claude` starts the gateway and launches the agent with ANTHROPIC_BASE_URL (stand-in executable)."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys

from .conftest import free_port


def test_claude_launcher_with_a_stand_in_executable(tmp_path):
    port = free_port()
    fake = tmp_path / "claude"
    # the stand-in calls the gateway the way Claude Code does: ANTHROPIC_BASE_URL plus ANTHROPIC_CUSTOM_HEADERS
    fake.write_text(
        "#!/usr/bin/env python3\n"
        "import os, sys, urllib.request, urllib.error\n"
        "base = os.environ['ANTHROPIC_BASE_URL']\n"
        "headers = dict(h.split(': ', 1) for h in os.environ['ANTHROPIC_CUSTOM_HEADERS'].split('\\n'))\n"
        "def post(h):\n"
        "    req = urllib.request.Request(base + '/v1/messages', data=b'{}', headers={'content-type': 'application/json', **h})\n"
        "    try:\n"
        "        return urllib.request.urlopen(req).status\n"
        "    except urllib.error.HTTPError as e:\n"
        "        return e.code\n"
        "print(base, post(headers), post({}), os.environ['CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC'], ' '.join(sys.argv[1:]))\n"
        "sys.exit(3)\n")
    fake.chmod(fake.stat().st_mode | stat.S_IEXEC)
    env = {**os.environ, "XDG_STATE_HOME": str(tmp_path / "state"), "COATCHECK_VAULT_KEY": "k", "PATH": f"{tmp_path}:{os.environ['PATH']}"}
    token_file, log, audit = tmp_path / "gw.token", tmp_path / "gw.log", tmp_path / "audit.jsonl"
    r = subprocess.run([sys.executable, "-m", "coatcheck", "claude", "--port", str(port), "--upstream", "http://127.0.0.1:9",
                        "--token-file", str(token_file), "--gateway-log", str(log), "--audit", str(audit), "--policy", "strict",
                        "--", "-p", "hello"], capture_output=True, text=True, env=env, timeout=60)
    assert r.returncode == 3, r.stderr
    # with the token: past the gateway (the upstream at port 9 is unreachable: 502); without it: 401
    assert r.stdout.strip() == f"http://127.0.0.1:{port} 502 401 1 -p hello"
    assert stat.S_IMODE(os.stat(token_file).st_mode) == 0o600 and log.exists()
    assert [json.loads(x)["status"] for x in audit.read_text().splitlines()] == [502, 401]


def test_claude_launcher_reports_a_missing_executable(tmp_path):
    port = free_port()
    env = {**os.environ, "XDG_STATE_HOME": str(tmp_path / "state"), "COATCHECK_VAULT_KEY": "k"}
    r = subprocess.run([sys.executable, "-m", "coatcheck", "claude", "--port", str(port), "--executable", "no-such-claude"],
                       capture_output=True, text=True, env=env, timeout=60)
    assert r.returncode == 2 and "not found on PATH" in r.stderr


def test_codex_launcher_passes_a_provider_block_and_the_token(tmp_path):
    port = free_port()
    fake = tmp_path / "codex"
    # the stand-in reads the -c overrides the way Codex does (dotted key = TOML value) and calls the gateway with them
    fake.write_text(
        "#!/usr/bin/env python3\n"
        "import os, sys, tomllib, urllib.request, urllib.error\n"
        "args, over, rest = sys.argv[1:], {}, []\n"
        "while args:\n"
        "    a = args.pop(0)\n"
        "    if a == '-c':\n"
        "        k, v = args.pop(0).split('=', 1)\n"
        "        over[k] = tomllib.loads('v = ' + v)['v']\n"
        "    else:\n"
        "        rest.append(a)\n"
        "p = over['model_providers.' + over['model_provider'] + '.base_url']\n"
        "hdr = over['model_providers.coatcheck.env_http_headers']\n"
        "headers = {k: os.environ[v] for k, v in hdr.items()}\n"
        "def post(h):\n"
        "    req = urllib.request.Request(p + '/responses', data=b'{\"model\": \"m\", \"input\": \"hi\"}', headers={'content-type': 'application/json', **h})\n"
        "    try:\n"
        "        return urllib.request.urlopen(req).status\n"
        "    except urllib.error.HTTPError as e:\n"
        "        return e.code\n"
        "print(p, post(headers), post({}), over['model_providers.coatcheck.wire_api'], over['model_providers.coatcheck.supports_websockets'], ' '.join(rest))\n"
        "sys.exit(4)\n")
    fake.chmod(fake.stat().st_mode | stat.S_IEXEC)
    env = {**os.environ, "XDG_STATE_HOME": str(tmp_path / "state"), "COATCHECK_VAULT_KEY": "k", "PATH": f"{tmp_path}:{os.environ['PATH']}"}
    token_file, log, audit = tmp_path / "gw.token", tmp_path / "gw.log", tmp_path / "audit.jsonl"
    r = subprocess.run([sys.executable, "-m", "coatcheck", "codex", "--port", str(port), "--upstream", "http://127.0.0.1:9",
                        "--token-file", str(token_file), "--gateway-log", str(log), "--audit", str(audit),
                        "--", "exec", "say hi"], capture_output=True, text=True, env=env, timeout=60)
    assert r.returncode == 4, r.stderr
    assert r.stdout.strip() == f"http://127.0.0.1:{port}/v1 502 401 responses False exec say hi"
    assert [json.loads(x)["status"] for x in audit.read_text().splitlines()] == [502, 401]


def test_codex_print_config_is_a_valid_provider_block():
    import tomllib

    r = subprocess.run([sys.executable, "-m", "coatcheck", "codex", "--print-config", "--port", "8899"],
                       capture_output=True, text=True, timeout=60)
    cfg = tomllib.loads(r.stdout)
    prov = cfg["model_providers"][cfg["model_provider"]]
    assert prov["base_url"] == "http://127.0.0.1:8899/v1" and prov["wire_api"] == "responses"
    assert prov["supports_websockets"] is False and prov["env_http_headers"] == {"x-coatcheck-token": "COATCHECK_TOKEN"}
