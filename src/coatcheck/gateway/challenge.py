"""The gateway proves it holds the token, without anyone sending the token to it.

A launcher that is about to hand the gateway token (and the user's provider key, and every prompt) to whatever
answers on a port first asks it to prove it is a coatcheck gateway started with the same token: it sends a fresh
random nonce (``GET /health?challenge=<hex>``); the gateway answers
``HMAC-SHA256(token, context | nonce | port | info)``. ``port`` is the port of the socket the gateway accepted the
connection on, as the gateway itself sees it, so a program squatting a port cannot relay the challenge to a real
gateway elsewhere and pass its answer off as its own. ``info`` (the policy name, the ``[restore] secrets`` mode,
whether sessions persist) is covered by the proof, so the launcher can print what the gateway really does.

Both sides are here (:func:`answer` for the gateway's ``/health``, :func:`probe` for the launcher) so the proof
has one definition; the token itself never travels in either direction.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import re
import secrets
from collections.abc import Mapping

from ..errors import CoatcheckError

PROOF_CONTEXT = b"coatcheck gateway proof v1"
NONCE_RE = re.compile(r"[0-9a-f]{32,128}")


def proof(token: str, nonce: str, port: int, info: Mapping[str, str]) -> str:
    """The hex HMAC-SHA256 under ``token`` of the nonce, the port and ``info`` (canonical JSON)."""
    message = b"\x00".join([PROOF_CONTEXT, nonce.encode("ascii"), str(port).encode("ascii"),
                            json.dumps(dict(info), sort_keys=True, separators=(",", ":")).encode("utf-8")])
    return hmac.new(token.encode("utf-8"), message, hashlib.sha256).hexdigest()


def answer(token: str | None, nonce: str, port: int | None, info: Mapping[str, str]) -> tuple[int, dict[str, object]]:
    """The gateway's ``/health?challenge=nonce`` answer: (status, JSON body). A gateway without a token (library
    use) or without a known local port cannot prove anything and says so; a malformed nonce is a 400."""
    if not NONCE_RE.fullmatch(nonce):
        return 400, {"status": "ok", "error": "challenge must be 32-128 lowercase hex digits"}
    if token is None or port is None:
        return 200, {"status": "ok", "error": "this gateway has no token to prove"}
    return 200, {"status": "ok", "info": dict(info), "proof": proof(token, nonce, port, info)}


def probe(base: str, token: str, timeout: float = 2.0) -> dict[str, str] | None:
    """Ask the gateway at ``base`` (``http://host:port``) to prove it holds ``token``.

    Returns the gateway's proven info, or None when nothing answers (connection refused, timeout: the caller may
    try again). Raises :class:`CoatcheckError` when something answers but does not prove it holds the token: that
    is not a gateway to send anything to."""
    import httpx

    port = httpx.URL(base).port or (443 if base.startswith("https:") else 80)
    nonce = secrets.token_hex(32)
    try:
        resp = httpx.get(base.rstrip("/") + "/health", params={"challenge": nonce}, timeout=timeout)
    except httpx.TimeoutException:
        return None
    except httpx.TransportError:
        return None
    try:
        body = resp.json()
    except ValueError:
        body = None
    if not isinstance(body, dict) or not isinstance(body.get("proof"), str) or not isinstance(body.get("info"), dict):
        raise CoatcheckError(f"what answers at {base} is not a coatcheck gateway that can prove it holds the token "
                             "(another program on that port, or an older coatcheck); nothing was sent to it")
    info = {str(k): str(v) for k, v in body["info"].items()}
    if not hmac.compare_digest(body["proof"], proof(token, nonce, port, info)):
        raise CoatcheckError(f"the gateway at {base} did not prove it holds this token (a gateway started with another "
                             "token file, or a program relaying one); nothing was sent to it")
    return info
