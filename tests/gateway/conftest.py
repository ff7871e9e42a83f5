from __future__ import annotations

import socket
import threading
import time

import pytest
import uvicorn

from coatcheck.gateway.app import GatewayConfig, create_app

from .fake_upstream import Upstream


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    def __init__(self, app) -> None:
        self.port = free_port()
        self.server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=self.port, log_level="warning", lifespan="on"))
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.thread.start()
        deadline = time.time() + 10
        while not self.server.started:
            if time.time() > deadline:
                raise RuntimeError("server did not start")
            time.sleep(0.02)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=10)


@pytest.fixture(scope="module")
def upstream():
    up = Upstream()
    srv = Server(up.app)
    up.url = srv.url
    yield up
    srv.stop()


@pytest.fixture(scope="module")
def gateway(upstream):
    app = create_app(GatewayConfig(upstream=upstream.url, master_key=b"g" * 32, max_body_bytes=2_000_000))
    srv = Server(app)
    srv.app = app
    yield srv
    srv.stop()
