"""The gateway's request masking and response restoring as a library, for proxies and frameworks that hold
provider-shaped dicts (a LiteLLM callback, application code) instead of HTTP traffic.

    conv = Conversation()
    request = mask_messages({"model": "…", "messages": [...]}, conv)           # send this to the provider
    reply = restore_message(provider_reply_dict, conv)                           # give this to the user/agent

``api`` names the wire shape: ``"anthropic"`` (Messages), ``"openai-chat"`` (Chat Completions) or
``"openai-responses"`` (Responses). The same rules as the gateway apply: every string is masked unless it is
protocol structure; tool calls get values back only where they belong (``[restore]`` in the policy).
"""

from __future__ import annotations

import copy
import secrets
from typing import Any, Literal

from .detect.pipeline import Pipeline
from .policy import Policy
from .vault import Vault

WireApi = Literal["anthropic", "openai-chat", "openai-responses"]


class Conversation:
    """One conversation's state: its vault (placeholders ↔ values), the memo that keeps old turns byte-stable,
    and the echo map that sends the model's own output back as it produced it. Reuse one per conversation."""

    def __init__(self, policy: Policy | str | None = None, vault: Vault | None = None, key: bytes | None = None) -> None:
        from .wire.session import Session

        pol = policy if isinstance(policy, Policy) else Policy.load(policy)
        self.session = Session(key or secrets.token_bytes(32), Pipeline(pol), pol, vault=vault)

    @property
    def vault(self) -> Vault:
        return self.session.vault


_API_NAMES = {"anthropic": "anthropic-messages", "openai-chat": "openai-chat", "openai-responses": "openai-responses"}


def _api(api: WireApi) -> Any:
    from .wire.registry import by_name

    if api not in _API_NAMES:
        raise ValueError(f"unknown api {api!r}; use one of {sorted(_API_NAMES)}")
    return by_name(_API_NAMES[api])


def mask_messages(request: dict[str, Any], conversation: Conversation, api: WireApi = "anthropic") -> dict[str, Any]:
    """A masked copy of a provider request body (the argument is not changed). Raises on anything that cannot be
    masked, so nothing unmasked is returned."""
    return _api(api).mask_request(copy.deepcopy(request), conversation.session)


def restore_message(response: dict[str, Any], conversation: Conversation, api: WireApi = "anthropic") -> dict[str, Any]:
    """A restored copy of a provider's (non-streamed) response body: text gets every value back, tool calls by
    provenance, exactly as through the gateway."""
    restore = _api(api).restore_response
    body = copy.deepcopy(response)
    return restore(body, conversation.session) if restore is not None else body
