"""Running a client through a gateway: the gateway token and log files, a ``coatcheck serve`` subprocess started when
no gateway answers on the port, and the client's own subprocess. What ``serve`` is started with is the caller's
(``cli/serve.py``); nothing here imports the gateway."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import IO, NoReturn

import typer

from ..errors import CoatcheckError
from .common import fail


def token_path(path: Path | None = None) -> Path:
    """Where the gateway token lives: ``--token-file``, ``$COATCHECK_GATEWAY_TOKEN_FILE`` or the config dir."""
    return Path(path or os.environ.get("COATCHECK_GATEWAY_TOKEN_FILE") or Path.home() / ".config" / "coatcheck" / "gateway.token")


def gateway_token(path: Path | None = None) -> str:
    """The gateway token (created 0600 on first use): clients send it in ``x-coatcheck-token``."""
    from ..vault import secret_file

    return secret_file(token_path(path), "token file").decode("utf-8")


def default_gateway_log() -> Path:
    """Where the output of a gateway that ``coatcheck claude``/``codex`` start goes without ``--gateway-log``."""
    return Path.home() / ".config" / "coatcheck" / "gateway.log"


class GatewayProcess:
    """A gateway for a launched client: the one already answering on ``port``, or ``coatcheck serve serve_args``
    started here (stopped on :meth:`close`), its output appended to ``log_file``."""

    def __init__(self, port: int, token_file: Path | None, serve_args: list[str], log_file: Path | None) -> None:
        import subprocess
        import time

        self.base = f"http://127.0.0.1:{port}"
        self.token = gateway_token(token_file)
        self.server: subprocess.Popen[bytes] | None = None
        self.log_path = Path(log_file or default_gateway_log())
        self._log_fh: IO[bytes] | None = None
        if self.healthy():
            return
        self.log_path.parent.mkdir(parents=True, exist_ok=True)
        self._log_fh = open(self.log_path, "ab")
        self.server = subprocess.Popen([sys.executable, "-m", "coatcheck", "serve", *serve_args], stdout=self._log_fh, stderr=self._log_fh)
        for _ in range(150):
            if self.healthy() or self.server.poll() is not None:
                break
            time.sleep(0.1)
        if not self.healthy():
            self.close()
            raise CoatcheckError(f"the gateway did not start on port {port}; see {self.log_path}")

    def healthy(self) -> bool:
        import httpx

        try:
            return httpx.get(self.base + "/health", timeout=1).status_code == 200
        except httpx.HTTPError:
            return False

    def close(self) -> None:
        if self.server is not None:
            self.server.terminate()
            self.server.wait(timeout=10)
            self.server = None
        if self._log_fh is not None:
            self._log_fh.close()
            self._log_fh = None


def run_client(gw: GatewayProcess, executable: str, name: str, args: list[str], env: dict[str, str]) -> NoReturn:
    """Run the client with ``args`` and ``env``, stop the gateway if this command started it, exit with the client's
    exit code."""
    import shutil
    import subprocess

    exe = shutil.which(executable)
    if exe is None:
        gw.close()
        fail(CoatcheckError(f"{executable!r} not found on PATH; install {name} or pass --executable"))
    try:
        code = subprocess.call([exe, *args], env=env)
    finally:
        gw.close()
    raise typer.Exit(code)
