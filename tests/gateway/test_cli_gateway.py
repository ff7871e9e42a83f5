"""`coatcheck claude` starts the gateway and launches the agent with ANTHROPIC_BASE_URL (stand-in executable)."""

from __future__ import annotations

import os
import socket
import stat
import subprocess
import sys


def test_claude_launcher_with_a_stand_in_executable(tmp_path):
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    fake = tmp_path / "claude"
    fake.write_text(
        "#!/usr/bin/env python3\n"
        "import os, sys, urllib.request\n"
        "base = os.environ['ANTHROPIC_BASE_URL']\n"
        "ok = urllib.request.urlopen(base + '/health').status == 200\n"
        "print(base, ok, ' '.join(sys.argv[1:]))\n"
        "sys.exit(3)\n")
    fake.chmod(fake.stat().st_mode | stat.S_IEXEC)
    env = {**os.environ, "COATCHECK_VAULT_KEY": "k", "PATH": f"{tmp_path}:{os.environ['PATH']}"}
    r = subprocess.run([sys.executable, "-m", "coatcheck", "claude", "--port", str(port), "--upstream", "http://127.0.0.1:9", "--", "-p", "hello"],
                       capture_output=True, text=True, env=env, timeout=60)
    assert r.returncode == 3, r.stderr
    assert r.stdout.strip() == f"http://127.0.0.1:{port} True -p hello"


def test_claude_launcher_reports_a_missing_executable(tmp_path):
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    env = {**os.environ, "COATCHECK_VAULT_KEY": "k"}
    r = subprocess.run([sys.executable, "-m", "coatcheck", "claude", "--port", str(port), "--executable", "no-such-claude"],
                       capture_output=True, text=True, env=env, timeout=60)
    assert r.returncode == 2 and "not found on PATH" in r.stderr
