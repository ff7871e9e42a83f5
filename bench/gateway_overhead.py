"""Gateway overhead and per-turn cost, measured on loopback (not part of the test suite).

    python bench/gateway_overhead.py

1. Added latency per request: the same Anthropic request (a ~2,000-character prompt, then a 30,000-character
   conversation) sent straight to a fake upstream and through the gateway; median of 30 rounds after warm-up.
2. Time to first byte of a streamed response, direct vs through the gateway.
3. A 40-turn synthetic session (history resent every turn): detection time and characters detected per turn.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from tests.gateway.conftest import Server  # noqa: E402
from tests.gateway.fake_upstream import Upstream  # noqa: E402

from coatcheck.bench.generate import generate  # noqa: E402
from coatcheck.gateway.app import GatewayConfig, create_app  # noqa: E402

ROUNDS = 30


def text_of(chars: int) -> str:
    out, n = [], 0
    for d in generate(400, "dev", seed=5):
        out.append(d["text"])
        n += len(d["text"])
        if n >= chars:
            break
    return "\n".join(out)[:chars]


def timed(client: httpx.Client, url: str, body: dict, session: str) -> float:
    t = time.perf_counter()
    r = client.post(url + "/v1/messages", json=body, headers={"x-api-key": "k", "x-claude-code-session-id": session})
    r.read()
    return time.perf_counter() - t


def ttfb(client: httpx.Client, url: str, body: dict, session: str) -> float:
    t = time.perf_counter()
    with client.stream("POST", url + "/v1/messages", json={**body, "stream": True}, headers={"x-api-key": "k", "x-claude-code-session-id": session}) as r:
        first = None
        for _ in r.iter_raw():
            if first is None:
                first = time.perf_counter() - t
    return first


def main() -> None:
    up = Upstream()
    up_srv = Server(up.app)
    gw_srv = Server(create_app(GatewayConfig(upstream=up_srv.url, master_key=b"o" * 32)))
    client = httpx.Client(timeout=60)
    print("| input | direct median | via gateway, new text each time | via gateway, repeated (memo hit) |")
    print("|---|---:|---:|---:|")
    for chars in (2000, 30000):
        base = text_of(chars)
        direct = [timed(client, up_srv.url, {"model": "m", "max_tokens": 5, "messages": [{"role": "user", "content": base + f" #{i}"}]}, "d") for i in range(ROUNDS + 3)][3:]
        fresh = [timed(client, gw_srv.url, {"model": "m", "max_tokens": 5, "messages": [{"role": "user", "content": base + f" #{i}"}]}, f"f{chars}") for i in range(ROUNDS + 3)][3:]
        same = [timed(client, gw_srv.url, {"model": "m", "max_tokens": 5, "messages": [{"role": "user", "content": base}]}, f"s{chars}") for _ in range(ROUNDS + 3)][3:]
        print(f"| {chars:,} chars | {1000 * statistics.median(direct):.1f} ms | {1000 * statistics.median(fresh):.1f} ms "
              f"(+{1000 * (statistics.median(fresh) - statistics.median(direct)):.1f}) | {1000 * statistics.median(same):.1f} ms "
              f"(+{1000 * (statistics.median(same) - statistics.median(direct)):.1f}) |")
    body = {"model": "m", "max_tokens": 5, "messages": [{"role": "user", "content": text_of(2000)}]}
    d = statistics.median(ttfb(client, up_srv.url, body, "t") for _ in range(ROUNDS))
    g = statistics.median(ttfb(client, gw_srv.url, body, "t") for _ in range(ROUNDS))
    print(f"\nStreamed response, time to first byte: direct {1000 * d:.1f} ms, via gateway {1000 * g:.1f} ms (+{1000 * (g - d):.1f} ms; "
          "the gateway masks the request before it forwards it).\n")
    app = create_app(GatewayConfig(upstream=up_srv.url, master_key=b"t" * 32))
    gw_srv2 = Server(app)
    gw = app.state.gateway
    hist: list[dict] = []
    print("| turn | history chars | chars detected this turn | detection ms this turn |")
    print("|---:|---:|---:|---:|")
    chunk = text_of(40 * 1500)
    for i in range(40):
        hist.append({"role": "user", "content": chunk[i * 1500 : (i + 1) * 1500]})
        s = gw.sessions.get("turns")
        c0, t0 = s.detected_chars, s.detect_seconds
        r = client.post(gw_srv2.url + "/v1/messages", json={"model": "m", "max_tokens": 5, "messages": hist}, headers={"x-claude-code-session-id": "turns"})
        hist.append({"role": "assistant", "content": r.json()["content"][1:2]})
        if i in (0, 1, 4, 9, 19, 29, 39):
            total = sum(len(m["content"]) if isinstance(m["content"], str) else sum(len(b.get("text", "")) for b in m["content"]) for m in hist)
            print(f"| {i + 1} | {total:,} | {s.detected_chars - c0:,} | {1000 * (s.detect_seconds - t0):.1f} |")
    for srv in (gw_srv2, gw_srv, up_srv):
        srv.stop()


if __name__ == "__main__":
    main()
