"""The real clients as people run them (issue 22): a home named after its user (``…/home/thaddeus.quimbleton``), the
workspace a git repository inside it, Claude Code with Grep/Glob and an MCP tool whose schema has properties named
``type`` and ``properties``, two launchers at once, restarts with and without ``--vault``, a gateway killed under a
running client, a wrong token for a running ``coatcheck serve``, the clients' own prompts across sessions, and the
values an agent needs that must not be masked, counted item by item.

One session per scenario at most; the later tests read what the earlier sessions recorded (``World.results``), so
the file runs in order. Every name, number and secret here is invented.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from gateway.conftest import free_port  # tests/ is on sys.path (rootdir packages)

from . import mcp_server
from .scripted import PLACEHOLDER, SLOW, ScriptedModel
from .world import FOLLOW_UP, PROMPT, TOKEN, World, leaks, same_history, same_input, strip, token_placeholder

FIRST, LAST = "thaddeus", "quimbleton"  # the user's (invented) name, in the home folder's name only
USER = f"{FIRST}.{LAST}"
KILL_LIMIT = 30.0  # seconds from a killed gateway to the client's end

# ------------------------------------------------------------------------------ the repository and what must stay
MODELS_PY = 'class Ada:\n    """A base model."""\n\n\nclass Grace(Ada):\n    """A model built on Ada."""\n'
USERS_JSON = '[{"username": "jdoe", "phone": "+1 555 0100", "role": "customer"}]\n'
DSN_PASSWORD = "Zq4wP9xK2mV7tR8c"
SETTINGS_PY = f'DATABASE_URL = "postgresql://shop_app:{DSN_PASSWORD}@db.internal:5432/shop"\n'
CUSTOMERS_CSV = "customer_id,first_name,plan\n100482,Marisol,pro\n100483,Anselm,free\n"
COMMIT = "Initial Django skeleton"
RUN_FILES = "Run: cat app/models.py tests/fixtures/users.json config/settings.py data/customers.csv && git log --oneline -1"
# values an agent needs to work on this repository: each must reach the model as written
KEEP = {
    "class Grace(Ada)": "class Grace(Ada):",
    "test fixture user jdoe": '"username": "jdoe"',
    "fictional phone +1 555 0100": '"phone": "+1 555 0100"',
    "DSN role shop_app": "postgresql://shop_app:",
}
# values that must not reach the model (the DSN's password, first names in a first_name column, customer numbers in
# a customer_id column: person-bound numbers, issue 23)
HIDE = {"DSN password": DSN_PASSWORD, "CSV first_name Marisol": "Marisol", "CSV first_name Anselm": "Anselm",
        "CSV customer_id 100482": "100482", "CSV customer_id 100483": "100483"}


def _git(work: Path, *args: str) -> str:
    env = {**os.environ, "GIT_AUTHOR_NAME": "Dev Example", "GIT_AUTHOR_EMAIL": "dev@example.com", "GIT_COMMITTER_NAME": "Dev Example",
           "GIT_COMMITTER_EMAIL": "dev@example.com", "GIT_CONFIG_GLOBAL": os.devnull, "GIT_CONFIG_NOSYSTEM": "1"}
    return subprocess.run(["git", *args], cwd=work, env=env, capture_output=True, text=True, check=True).stdout.strip()


def realistic_world(root: Path, exe: Path, model: ScriptedModel) -> World:
    """A World whose home is ``root/home/<first>.<last>`` and whose workspace is a git repository under it."""
    home = root / "home" / USER
    world = World(root, exe, model, model.url, home=home, work=home / "src" / "shop")
    files = {"app/models.py": MODELS_PY, "tests/fixtures/users.json": USERS_JSON, "config/settings.py": SETTINGS_PY,
             "data/customers.csv": CUSTOMERS_CSV, ".gitignore": ".env\ntoken.txt\n"}
    for name, text in files.items():
        (world.work / name).parent.mkdir(parents=True, exist_ok=True)
        (world.work / name).write_text(text)
    _git(world.work, "init", "-q", "-b", "main")
    _git(world.work, "add", "-A")
    _git(world.work, "commit", "-q", "-m", COMMIT)
    world.results["git line"] = f"{_git(world.work, 'rev-parse', '--short', 'HEAD')} {COMMIT}"
    return world


def name_hits(requests: list[dict[str, Any]]) -> list[str]:
    """Where the user's name occurs in what the model received (body raw and JSON-decoded, headers, path), in any
    case and any encoding that keeps its letters (dotted, dashed, escaped, percent-encoded): ``path: …context…``."""
    hits = []
    for req in requests:
        blob = req["body"].decode("utf-8", "replace") + json.dumps(req["json"], ensure_ascii=False) + json.dumps(req["headers"]) + req["path"]
        for m in re.finditer(f"{FIRST}|{LAST}", blob, re.I):
            hits.append(f"{req['path']}: …{blob[max(0, m.start() - 30):m.end() + 30]}…")
    return hits


def _distinct(hits: list[str], n: int = 8) -> str:
    seen = list(dict.fromkeys(h.split(": ", 1)[1] for h in hits))
    return f"{len(hits)} hits, {len(seen)} distinct, e.g. " + " | ".join(seen[:n])


def _children(pid: int) -> dict[int, str]:
    """{pid: command line} of the direct children of ``pid`` (from /proc)."""
    out = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
            ppid = int(stat[stat.rindex(")") + 2:].split()[1])
            if ppid == pid:
                out[int(entry.name)] = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode("utf-8", "replace")
        except (OSError, ValueError):
            continue
    return out


def _alive(pid: int) -> bool:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat[stat.rindex(")") + 2] != "Z"


@contextlib.contextmanager
def held(model: ScriptedModel) -> Iterator[threading.Event]:
    """Within: the model's slow answers wait (up to two minutes) until the event yielded is set."""
    model.slow_seconds, model.go = 120.0, threading.Event()
    try:
        yield model.go
    finally:
        model.go.set()
        model.slow_seconds, model.go = 4.0, threading.Event()


def _wait_for(cond, seconds: float, what: str, proc: subprocess.Popen[str] | None = None) -> None:
    deadline = time.monotonic() + seconds
    while not cond():
        if proc is not None and proc.poll() is not None:
            raise AssertionError(f"exit {proc.returncode} while waiting for {what}: {proc.stderr.read()[-2000:] if proc.stderr else ''}")
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {seconds:.0f} s waiting for {what}")
        time.sleep(0.1)


# ------------------------------------------------------------------------------------------------ the clients' runs
def claude_cmd(world: World, prompt: str, *args: str, tools: str = "Read,Bash", vault: Any = True) -> list[str]:
    return [*world.launcher("claude", vault=vault, port=False), "-p", prompt, "--output-format", "stream-json", "--verbose",
            "--allowedTools", tools, *args]


def claude_result(out: str) -> dict[str, Any]:
    events = [json.loads(line) for line in out.splitlines() if line.startswith("{")]
    result = next(e for e in reversed(events) if e.get("type") == "result")
    assert not result.get("is_error"), result
    return result


def run_claude(world: World, prompt: str, *args: str, tools: str = "Read,Bash", vault: Any = True, **env: str) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    out, requests = world.run(claude_cmd(world, prompt, *args, tools=tools, vault=vault), world.env(**env))
    world.results.setdefault("all", []).extend(requests)
    return claude_result(out), [r for r in requests if r["path"] == "/v1/messages"]


def codex_cmd(world: World, *args: str, vault: Any = True, extra: tuple[str, ...] = (), exe: Path | None = None) -> list[str]:
    launcher = world.launcher("codex", vault=vault, port=False)
    if exe is not None:
        launcher[launcher.index("--executable") + 1] = str(exe)
    return [*launcher, *extra, "exec", "--skip-git-repo-check", "--dangerously-bypass-approvals-and-sandbox", "-m", "gpt-5",
            "--json", "-o", str(world.home / "last-message.txt"), *args]


def run_codex(world: World, *args: str, vault: Any = True, extra: tuple[str, ...] = ()) -> tuple[str, list[dict[str, Any]]]:
    """(the last agent message, requests to /v1/responses)."""
    _, requests = world.run(codex_cmd(world, *args, vault=vault, extra=extra), world.env())
    world.results.setdefault("all", []).extend(requests)
    return (world.home / "last-message.txt").read_text(), [r for r in requests if r["path"].endswith("/responses")]


def main_requests(requests: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Claude Code's requests that carry its tools (not the title/summary side requests)."""
    return [r for r in requests if any(t.get("name") == "Bash" for t in r["json"].get("tools") or [])]


def tool_result_text(body: dict[str, Any], prefix: str) -> str:
    """The text of the tool results whose call id starts with ``prefix`` (``toolu_run_`` / ``call_run_``), as sent."""
    out = []
    for m in body.get("messages") or []:
        for b in m["content"] if isinstance(m.get("content"), list) else []:
            if b.get("type") == "tool_result" and b.get("tool_use_id", "").startswith(prefix):
                c = b.get("content")
                out.append(c if isinstance(c, str) else "\n".join(x.get("text", "") for x in c or []))
    for it in body.get("input") or [] if isinstance(body.get("input"), list) else []:
        if isinstance(it, dict) and it.get("type") == "function_call_output" and it.get("call_id", "").startswith(prefix):
            o = it.get("output")
            out.append(o if isinstance(o, str) else json.dumps(o))
    return "\n".join(out)


def over_masking(world: World, result_text: str, requests: list[dict[str, Any]]) -> tuple[list[str], list[str]]:
    """(items an agent needs that did not reach the model as written, values that reached it in clear)."""
    masked = [name for name, text in KEEP.items() if text not in result_text]
    if world.results["git line"] not in result_text:
        masked.append(f"git history line {world.results['git line']!r}")
    everything = "".join(r["body"].decode("utf-8", "replace") for r in requests)
    missed = [name for name, value in HIDE.items() if value in everything]
    return masked, missed


def own_prompt_diff(a: str, b: str) -> str:
    """The first difference between two serialized prompts, with the placeholders in each."""
    i = next((k for k, (x, y) in enumerate(zip(a, b, strict=False)) if x != y), min(len(a), len(b)))
    return (f"first difference at {i}: …{a[max(0, i - 60):i + 60]}… vs …{b[max(0, i - 60):i + 60]}…; placeholders "
            f"{sorted(set(PLACEHOLDER.findall(a)))} vs {sorted(set(PLACEHOLDER.findall(b)))}")


# ------------------------------------------------------------------------------------------------ Claude Code
@pytest.fixture(scope="module")
def claude(tmp_path_factory, clients, model) -> World:
    return realistic_world(tmp_path_factory.mktemp("claude"), clients["claude"], model)


def test_claude_code_over_masking(claude: World):
    result, requests = run_claude(claude, f"Show me the models, fixtures, settings and customers.\n{RUN_FILES}")
    claude.results["over-masking stderr"] = claude.results["stderr"][-1]
    main = main_requests(requests)
    claude.results["own prompt"] = claude_own(main[0]["json"])
    text = tool_result_text(main[-1]["json"], "toolu_run_")
    assert "Initial Django skeleton" in text or "class " in text or "customer_id" in text, f"the command's output never reached the model: {text[:500]}"
    masked, missed = over_masking(claude, text, requests)
    # Claude Code's own git context (a gitStatus reminder in the first message): the latest commit as git prints it
    context = next((b["text"] for b in main[0]["json"]["messages"][0]["content"] if "Recent commits" in b.get("text", "")), "")
    assert context, "Claude Code sent no git context"
    if claude.results["git line"] not in context:
        masked.append("git context line (Claude Code's gitStatus)")
    assert (masked, missed) == ([], []), f"masked: {masked}; in clear: {missed}\nas sent: {text[:1500]}"


def test_claude_code_grep_glob_and_mcp_schema(claude: World):
    log = claude.home / "mcp-calls.jsonl"
    config = claude.home / "mcp-tickets.json"
    config.write_text(json.dumps({"mcpServers": {"tickets": {"command": sys.executable, "args": [mcp_server.__file__, "--typed", str(log)]}}}))
    calls = [("Grep", {"pattern": "^class ", "type": "py", "output_mode": "content"}), ("Glob", {"pattern": "**/*.csv"}),
             ("mcp__tickets__search_tickets", mcp_server.TYPED_CALL)]
    prompt = "Find the model classes and the data files, then look up open checkout bugs.\n" + "\n".join(
        f"Call: {name} {json.dumps(args)}" for name, args in calls)
    result, requests = run_claude(claude, prompt, "--mcp-config", str(config), tools="Read,Bash,Grep,Glob,mcp__tickets__search_tickets",
                                  ENABLE_TOOL_SEARCH="false")
    assert not leaks(requests), leaks(requests)
    assert result["result"].strip().endswith("Done."), result["result"]
    body = main_requests(requests)[0]["json"]
    tools = {t["name"]: t for t in body["tools"]}
    assert {"Grep", "Glob", "mcp__tickets__search_tickets"} <= set(tools), sorted(tools)
    assert "type" in tools["Grep"]["input_schema"]["properties"]  # the client's own tool has a `type` parameter too
    assert tools["mcp__tickets__search_tickets"]["input_schema"] == mcp_server.TYPED_TOOL["inputSchema"]
    # every call went out and came back: the last request holds a result (not an error) for each
    last = main_requests(requests)[-1]["json"]
    results = [b for m in last["messages"] if isinstance(m["content"], list) for b in m["content"] if b.get("type") == "tool_result"]
    assert len(results) == len(calls) and not [r for r in results if r.get("is_error")], results
    # the MCP server got the model's arguments as the model wrote them
    assert [json.loads(line) for line in log.read_text().splitlines()] == [mcp_server.TYPED_CALL]


def _restart(world: World, vault: Any, key: str, first, again, same) -> None:
    """Session A (the .env play), launcher exits, session B continues it in a new launcher run: nothing planted in
    clear upstream in B, the token's placeholder as in A, A's history byte-identical at the head of B's first
    request (``same``: no echo altered, no notice of coatcheck's sent as the model's), the real token in B's answer."""
    (world.work / "token.txt").unlink(missing_ok=True)
    answer_a, requests_a = first(vault)
    assert (world.work / "token.txt").read_text() == TOKEN and TOKEN in answer_a
    world.results[key] = requests_a
    answer_b, requests_b = again(vault)
    assert not leaks(requests_b), f"in clear after the restart: {leaks(requests_b)}"
    assert TOKEN in answer_b and not PLACEHOLDER.search(answer_b), answer_b
    assert token_placeholder(requests_b) == token_placeholder(requests_a)
    same(requests_a[-1]["json"], requests_b[0]["json"])


def _default_vault_used(world: World) -> None:
    """Both runs of the restart went through the launcher's per-project folder under ``~/.local/state``."""
    folder = str(world.home / ".local" / "state" / "coatcheck" / "vaults")
    starts = [line for err in world.results["stderr"][-2:] for line in err.splitlines() if "private gateway" in line]
    assert len(starts) == 2 and all(f"vault {folder}/" in line for line in starts), starts


def _claude_first(world: World):
    def first(vault: Any) -> tuple[str, list[dict[str, Any]]]:
        result, requests = run_claude(world, PROMPT.format(env=world.work / ".env"), vault=vault)
        return result["result"], main_requests(requests)
    return first


def _claude_again(world: World):
    def again(vault: Any) -> tuple[str, list[dict[str, Any]]]:
        result, requests = run_claude(world, FOLLOW_UP, "--continue", vault=vault)
        return result["result"], main_requests(requests)
    return again


def test_claude_code_restart_with_vault(claude: World):
    _restart(claude, claude.home / "vault", "restart A", _claude_first(claude), _claude_again(claude), same_history)


def test_claude_code_restart_default_vault(claude: World):
    _restart(claude, None, "restart default A", _claude_first(claude), _claude_again(claude), same_history)
    _default_vault_used(claude)


def claude_own(body: dict[str, Any]) -> str:
    """Claude Code's own prompt as sent: the system blocks (but for the billing header, whose ``cc_version`` suffix
    the client derives from each session's first prompt) and its context reminders in the first message (git status,
    attribution; not the contents of the project's CLAUDE.md), cache markers left out."""
    system = [b for b in body.get("system") or [] if not b.get("text", "").startswith("x-anthropic-billing-header:")]
    first = body["messages"][0]["content"]
    reminders = [b for b in first if isinstance(b, dict) and b.get("text", "").startswith("<system-reminder>")
                 and "Contents of " not in b["text"]]
    return json.dumps(strip([system, reminders]), ensure_ascii=False)


def test_claude_code_own_prompt_identical_across_sessions(claude: World):
    assert "own prompt" in claude.results and "restart A" in claude.results, "the earlier sessions did not run"
    first = claude.results["own prompt"]
    for k in ("restart A", "restart default A"):
        if k in claude.results:
            other = claude_own(claude.results[k][0]["json"])
            assert other == first, own_prompt_diff(first, other)


# ------------------------------------------------------------------------------------------------ Codex
@pytest.fixture(scope="module")
def codex(tmp_path_factory, clients, model) -> World:
    return realistic_world(tmp_path_factory.mktemp("codex"), clients["codex"], model)


def _codex_own(body: dict[str, Any]) -> str:
    """Codex's own prompt as sent: its instructions and the input items it puts before the user's prompt (base
    instructions, skills, environment context), without the item ids it draws per session and without the
    project's AGENTS.md."""
    items = []
    for it in body["input"][:-1]:
        it = {k: v for k, v in it.items() if k != "id"}
        if isinstance(it.get("content"), list):
            it["content"] = [c for c in it["content"] if not str(c.get("text", "")).startswith("# AGENTS.md instructions")]
        items.append(it)
    return json.dumps([body.get("instructions"), items], ensure_ascii=False)


def test_codex_over_masking(codex: World):
    answer, requests = run_codex(codex, f"Show me the models, fixtures, settings and customers.\n{RUN_FILES}")
    codex.results["over-masking stderr"] = codex.results["stderr"][-1]
    codex.results["own prompt"] = _codex_own(requests[0]["json"])
    text = tool_result_text(requests[-1]["json"], "call_run_")
    assert "class " in text or "customer_id" in text, f"the command's output never reached the model: {text[:500]}"
    masked, missed = over_masking(codex, text, requests)
    assert (masked, missed) == ([], []), f"masked: {masked}; in clear: {missed}\nas sent: {text[:1500]}"


def test_codex_mcp_schema_with_type_and_properties(codex: World):
    log = codex.home / "mcp-calls.jsonl"
    extra = ("-c", f'mcp_servers.tickets.command="{sys.executable}"', "-c",
             f'mcp_servers.tickets.args=["{mcp_server.__file__}", "--typed", "{log}"]')
    answer, requests = run_codex(codex, "What is the latest commit?\nRun: git log --oneline -1", extra=extra)
    assert answer.strip() == "Done."
    assert not leaks(requests), leaks(requests)
    sent = json.dumps(requests[0]["json"].get("tools"))
    assert "search_tickets" in sent, "the MCP tool never reached the model"
    tool = next(t for t in requests[0]["json"]["tools"] if "search_tickets" in json.dumps(t))
    found = [node for node in _walk(tool) if isinstance(node, dict) and node.get("type") == "object"
             and set(node.get("properties") or {}) == {"type", "properties", "query"}]
    assert found, f"the schema's properties `type`/`properties`/`query` did not reach the model as declared: {json.dumps(tool)[:1500]}"
    assert found[0]["properties"]["type"].get("enum") == ["bug", "feature", "task"]


def _walk(node: Any):
    yield node
    if isinstance(node, dict):
        for v in node.values():
            yield from _walk(v)
    elif isinstance(node, list):
        for v in node:
            yield from _walk(v)


def _codex_first(world: World):
    def first(vault: Any) -> tuple[str, list[dict[str, Any]]]:
        return run_codex(world, PROMPT.format(env=world.work / ".env"), vault=vault)
    return first


def _codex_again(world: World):
    def again(vault: Any) -> tuple[str, list[dict[str, Any]]]:
        return run_codex(world, "resume", "--last", FOLLOW_UP, vault=vault)
    return again


def test_codex_restart_with_vault(codex: World):
    _restart(codex, codex.home / "vault", "restart A", _codex_first(codex), _codex_again(codex), same_input)


def test_codex_restart_default_vault(codex: World):
    _restart(codex, None, "restart default A", _codex_first(codex), _codex_again(codex), same_input)
    _default_vault_used(codex)


def test_codex_own_prompt_identical_across_sessions(codex: World):
    assert "own prompt" in codex.results and "restart A" in codex.results, "the earlier sessions did not run"
    first = codex.results["own prompt"]
    for k in ("restart A", "restart default A"):
        if k in codex.results:
            other = _codex_own(codex.results[k][0]["json"])
            assert other == first, own_prompt_diff(first, other)


def test_codex_websocket_refused_goes_straight_to_http(codex: World):
    """A Codex provider that allows WebSockets (a user's config.toml for a long-running gateway): the gateway refuses
    the upgrade itself, nothing of it reaches the upstream, and Codex goes straight to HTTP (no reconnect errors)."""
    before = len(codex.model.requests)
    events_out, requests = codex.run(codex_cmd(codex, "What is the latest commit?\nRun: git log --oneline -1",
                                               extra=("-c", "model_providers.coatcheck.supports_websockets=true")), codex.env())
    codex.results.setdefault("all", []).extend(requests)
    assert (codex.home / "last-message.txt").read_text().strip() == "Done."
    upgrades = [r["path"] for r in codex.model.requests[before:] if "upgrade" in r["headers"] or r["headers"].get("connection", "").lower() == "upgrade"]
    assert not upgrades, f"WebSocket handshakes passed upstream: {upgrades}"
    errors = [line for line in events_out.splitlines() if '"type":"error"' in line.replace(" ", "") and "metadata" not in line]
    assert not errors, errors


def test_launcher_start_and_exit_lines(claude: World, codex: World):
    """The launcher says where it runs (gateway, policy, vault, log) when it starts and what it masked when the
    client exits (the over-masking sessions masked a DSN password and two first names)."""
    for world in (claude, codex):
        assert world.results.get("over-masking stderr"), "the over-masking session did not run"
        said = [line for line in world.results["over-masking stderr"].splitlines() if line.startswith("coatcheck")]
        assert said and all(w in said[0] for w in ("private gateway", "policy", "vault", "gateway log")), said
        assert len(said) >= 2 and "masked" in said[-1] and "masked nothing" not in said[-1], said


# ------------------------------------------------------------------------------------------------ both at once
def test_two_launchers_at_once(claude: World, clients: dict[str, Path]):
    """Claude Code and Codex in the same project at the same time, each through the launcher's default vault: Codex's
    turns are slowed, so Claude Code's launcher exits while Codex is mid-turn; both must finish their work."""
    world = claude
    (world.work / "token.txt").unlink(missing_ok=True)
    before = len(world.model.requests)
    with held(world.model) as go:  # Codex's turns wait until Claude Code is done
        slow = subprocess.Popen(codex_cmd(world, f"{PROMPT.format(env=world.work / '.env')} {SLOW}", vault=None, exe=clients["codex"]),
                                cwd=world.work, env=world.env(), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        try:
            _wait_for(lambda: any(r["path"].endswith("/responses") for r in world.model.requests[before:]), 60, "Codex's first request", slow)
            fast = subprocess.run(claude_cmd(world, PROMPT.format(env=world.work / ".env"), vault=None), cwd=world.work,
                                  env=world.env(), capture_output=True, text=True, timeout=120)
            assert slow.poll() is None, "Codex ended before Claude Code did: the scenario did not overlap"
            go.set()
            out, err = slow.communicate(timeout=120)
        finally:
            if slow.poll() is None:
                slow.kill()
                slow.wait()
    new = world.model.requests[before:]
    world.results.setdefault("all", []).extend(new)
    assert fast.returncode == 0, f"Claude Code: exit {fast.returncode}\n{fast.stderr[-2000:]}"
    assert slow.returncode == 0, f"Codex: exit {slow.returncode}\n{err[-2000:]}"
    assert TOKEN in claude_result(fast.stdout)["result"]
    assert TOKEN in (world.home / "last-message.txt").read_text()
    assert (world.work / "token.txt").read_text() == TOKEN
    assert not leaks(new), leaks(new)
    ports = [re.search(r"gateway on http://127\.0\.0\.1:(\d+)", e) for e in (fast.stderr, err)]
    assert all(ports) and ports[0].group(1) != ports[1].group(1), (fast.stderr[-500:], err[-500:])  # type: ignore[union-attr]


# ------------------------------------------------------------------------------------------------ failures
@pytest.mark.parametrize("client", ["claude", "codex"])
def test_killed_gateway_ends_client(client: str, claude: World, clients: dict[str, Path]):
    """The gateway process is killed while the client waits for the model: the client ends within 30 s and the
    user reads why."""
    world = claude
    before = len(world.model.requests)
    prompt = f"{PROMPT.format(env=world.work / '.env')} {SLOW}"
    cmd = claude_cmd(world, prompt) if client == "claude" else codex_cmd(world, prompt, exe=clients["codex"])
    with held(world.model):
        took, client_pid, proc, err = _kill_gateway_of(client, cmd, world, clients, before)
    world.results.setdefault("all", []).extend(world.model.requests[before:])
    assert took < KILL_LIMIT, f"{client} ended {took:.0f} s after its gateway was killed"
    assert not _alive(client_pid), f"{client} (pid {client_pid}) outlived the launcher"
    assert proc.returncode != 0
    said = [line for line in err.splitlines() if line.strip()]
    assert said and "gateway" in said[-1] and "stopped" in said[-1], err[-1500:]


def _kill_gateway_of(client: str, cmd: list[str], world: World, clients: dict[str, Path], before: int):
    """Start ``cmd``, kill its gateway once the client's slowed turn reached the model: (seconds from the kill to
    the launcher's exit, the client's pid, the launcher's process, its stderr)."""
    proc = subprocess.Popen(cmd, cwd=world.work, env=world.env(), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        _wait_for(lambda: any(SLOW in r["body"].decode("utf-8", "replace") for r in world.model.requests[before:]), 60,
                  "the client's first turn", proc)
        children = _children(proc.pid)
        gateway = [p for p, c in children.items() if " serve " in f"{c} "]
        client_pid = [p for p, c in children.items() if str(clients[client]) in c]
        assert gateway and client_pid, children
        os.kill(gateway[0], signal.SIGKILL)
        killed = time.monotonic()
        try:
            out, err = proc.communicate(timeout=KILL_LIMIT + 30)
        except subprocess.TimeoutExpired:
            raise AssertionError(f"{client} still running {KILL_LIMIT + 30:.0f} s after its gateway was killed") from None
        return time.monotonic() - killed, client_pid[0], proc, err
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


@pytest.fixture(scope="module")
def running_serve(claude: World):
    """A long-running ``coatcheck serve`` with its own token file, as a user starts it in another terminal."""
    port = free_port()
    cmd = [sys.executable, "-m", "coatcheck", "serve", "--port", str(port), "--upstream", claude.url, "--token-file",
           str(claude.home / "serve.token"), "--memory-vault"]
    proc = subprocess.Popen(cmd, cwd=claude.work, env=claude.env(), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)

    def up() -> bool:
        import socket
        assert proc.poll() is None, proc.stderr.read().decode()[-2000:]  # type: ignore[union-attr]
        with socket.socket() as s:
            return s.connect_ex(("127.0.0.1", port)) == 0
    _wait_for(up, 90, "coatcheck serve")
    yield f"http://127.0.0.1:{port}"
    proc.terminate()
    proc.wait(timeout=10)


@pytest.mark.parametrize("client", ["claude", "codex"])
def test_wrong_token_with_gateway_url(client: str, claude: World, clients: dict[str, Path], running_serve: str):
    """``--gateway URL`` with a token file that is not the gateway's: one line, a quick exit, nothing upstream."""
    before = len(claude.model.requests)
    cmd = [sys.executable, "-m", "coatcheck", client, "--gateway", running_serve, "--token-file", str(claude.home / "other.token"),
           "--executable", str(clients[client]), "--"]
    cmd += ["-p", "hello"] if client == "claude" else ["exec", "--skip-git-repo-check", "hello"]
    started = time.monotonic()
    r = subprocess.run(cmd, cwd=claude.work, env=claude.env(), capture_output=True, text=True, timeout=240)
    took = time.monotonic() - started
    said = [line for line in r.stderr.splitlines() if line.strip()]
    assert r.returncode != 0 and took < 15, f"exit {r.returncode} after {took:.0f} s: {r.stderr[-1500:]}"
    assert len(said) == 1 and "token" in said[0], r.stderr[-1500:]
    assert claude.model.requests[before:] == []


def test_token_file_is_directory(claude: World, clients: dict[str, Path]):
    cmd = [*claude_cmd(claude, "hello")]
    cmd[cmd.index("--token-file") + 1] = str(claude.home)
    r = subprocess.run(cmd, cwd=claude.work, env=claude.env(), capture_output=True, text=True, timeout=60)
    said = [line for line in r.stderr.splitlines() if line.strip()]
    assert r.returncode != 0 and len(said) == 1 and "directory" in said[0], r.stderr[-1500:]


# ------------------------------------------------------------------------------------------------ the user's name
@pytest.mark.parametrize("client", ["claude", "codex"])
def test_user_name_never_upstream(client: str, claude: World, codex: World):
    """Every request each client's sessions sent in this module (the realistic home's name in the cwd, the project
    slug, the memory folder): the user's name in none of them, in any encoding."""
    path = "/v1/messages" if client == "claude" else "/v1/responses"
    requests = [r for w in (claude, codex) for r in w.results.get("all", []) if r["path"] == path]
    assert requests, "no session ran"
    hits = name_hits(requests)
    assert not hits, _distinct(hits)
