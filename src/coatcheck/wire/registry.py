"""Every :class:`~.api.Api` there is, and which one a request path speaks.

Unknown paths are not passed through: their bodies are masked generically (every string leaf but a short opaque
list), and they go to the OpenAI upstream when they lie on OpenAI's API surface."""

from __future__ import annotations

import re

from .api import Api
from .apis import anthropic, chat, generic, responses

APIS: tuple[Api, ...] = (*anthropic.API_LIST, *chat.API_LIST, *responses.API_LIST, *generic.API_LIST)
_BY_NAME = {api.name: api for api in (*APIS, generic.GENERIC, generic.GENERIC_OPENAI)}
# A gateway may see one family's client on another family's path (an OpenAI-compatible proxy called with
# Anthropic headers, a LiteLLM-style router), so the HTTP layer honours every registered API's pass-through
# headers and conversation hints, in this order: header hints first, then body hints.
PASS_HEADERS: frozenset[str] = frozenset().union(*(api.pass_headers for api in APIS))
SESSION_HEADERS: tuple[str, ...] = tuple(dict.fromkeys(h for api in APIS for h in api.session_headers))
SESSION_BODY_KEYS: tuple[tuple[str, str], ...] = tuple(dict.fromkeys(
    (api.session_body_key, api.session_prefix) for api in APIS if api.session_body_key))
_PATTERNS: list[tuple[re.Pattern[str], Api]] = [(re.compile(p + r"\Z"), api) for api in APIS for p in api.paths]


def route(path: str) -> Api:
    """The API for a normalised request path (``/v1/messages``); the generic masker for anything else."""
    for pattern, api in _PATTERNS:
        if pattern.match(path):
            return api
    return generic.GENERIC_OPENAI if path.startswith(generic.OPENAI_PREFIXES) else generic.GENERIC


def by_name(name: str) -> Api:
    """The API with this name (``anthropic-messages``, ``openai-chat``, ``openai-responses`` …)."""
    try:
        return _BY_NAME[name]
    except KeyError:
        raise ValueError(f"unknown api {name!r}; use one of {sorted(_BY_NAME)}") from None
