"""The gateway's proof that it holds the token (``/health?challenge=``): right token passes, another token fails,
and a program that relays the challenge to a real gateway on another port cannot pass the answer off as its own."""

from __future__ import annotations

import httpx
import pytest
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from coatcheck.errors import CoatcheckError
from coatcheck.gateway.app import GatewayConfig, create_app
from coatcheck.gateway.challenge import probe

from .conftest import Server

TOKEN = "tok-" + "Rq8Lm3Zx7Vw2Kp9Nt4Yb6Hc"


@pytest.fixture(scope="module")
def proving_gateway():
    srv = Server(create_app(GatewayConfig(upstream="http://127.0.0.1:9", master_key=b"c" * 32, token=TOKEN)))
    yield srv
    srv.stop()


def test_the_gateway_proves_the_token_and_says_what_it_runs(proving_gateway):
    info = probe(proving_gateway.url, TOKEN)
    assert info == {"policy": "agent", "restore_secrets": "credentials", "vault": "memory"}
    assert httpx.get(proving_gateway.url + "/health").json() == {"status": "ok"}  # plain liveness unchanged
    assert httpx.get(proving_gateway.url + "/health", params={"challenge": "short"}).status_code == 400
    body = httpx.get(proving_gateway.url + "/health", params={"challenge": "ab" * 32}).text
    assert TOKEN not in body


def test_another_token_is_refused(proving_gateway):
    with pytest.raises(CoatcheckError, match="did not prove"):
        probe(proving_gateway.url, "another-token-" + "x" * 20)


def test_nothing_listening_is_none_not_an_error():
    from .conftest import free_port

    assert probe(f"http://127.0.0.1:{free_port()}", TOKEN, timeout=0.5) is None


def test_a_relay_to_a_real_gateway_on_another_port_fails(proving_gateway):
    async def relay(request: Request) -> Response:
        async with httpx.AsyncClient() as c:
            r = await c.get(proving_gateway.url + request.url.path, params=dict(request.query_params))
        return Response(r.content, r.status_code, media_type="application/json")

    srv = Server(Starlette(routes=[Route("/{p:path}", relay)]))
    try:
        with pytest.raises(CoatcheckError, match="did not prove"):
            probe(srv.url, TOKEN)
    finally:
        srv.stop()
