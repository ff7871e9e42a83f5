"""Everything that is not a conversation API: legacy completions, embeddings, moderations, and any other path.

Any JSON body on any path is masked (every string leaf but a short opaque list); bodies that cannot be masked
(token-id arrays, binary) are refused by the caller. Responses of these paths are not restored: they carry no
text the agent acts on.
"""

from __future__ import annotations

from typing import Any

from ...errors import CoatcheckError
from ..session import Session, TextSession
from ..walk import Walk, media_settings
from ..api import Api, openai_error
from .chat import OPENAI_BASES
from .families import (ANTHROPIC_HEADERS, ANTHROPIC_SESSION_HEADERS, OPENAI_HEADERS, OPENAI_SESSION_KEY,
                       OPENAI_SESSION_PREFIX, responses_output)

GENERIC_OPAQUE = frozenset({"type", "id", "object", "model", "role", "signature", "encrypted_content", "cache_control",
                            "tool_use_id", "tool_call_id", "call_id", "item_id", "file_id", "input_file_id",
                            "output_file_id", "batch_id", "custom_id", "previous_response_id", "anthropic_version",
                            "encoding_format", "purpose", "endpoint", "completion_window", "method"})


class Unmaskable(CoatcheckError):
    """A request whose content cannot be masked (token ids, bytes); refused, never forwarded."""


def _generic_opaque(path: tuple, parent: Any, key: Any) -> bool:
    return isinstance(parent, dict) and key in GENERIC_OPAQUE


def mask_generic(body: Any, session: TextSession) -> Any:
    return Walk(lambda s, src: session.mask(s, src), _generic_opaque, media=media_settings(session)).run(body)


def _no_token_ids(value: Any, field: str) -> None:
    if isinstance(value, list) and any(isinstance(v, int) or (isinstance(v, list) and v and isinstance(v[0], int)) for v in value):
        raise Unmaskable(f"'{field}' holds token ids, which coatcheck cannot read or mask; send text instead")


def mask_completions(body: Any, session: Session) -> Any:
    if isinstance(body, dict):
        _no_token_ids(body.get("prompt"), "prompt")
    return mask_generic(body, session)


def restore_completions(body: Any, session: Session) -> Any:
    if isinstance(body, dict):
        for choice in body.get("choices") or []:
            if isinstance(choice, dict) and isinstance(choice.get("text"), str):
                choice["text"] = session.restore_echoed(choice["text"])
    return body


def mask_embeddings(body: Any, session: Session) -> Any:
    if isinstance(body, dict):
        _no_token_ids(body.get("input"), "input")
    return mask_generic(body, session)


_OPENAI: dict[str, Any] = {"session_body_key": OPENAI_SESSION_KEY, "session_prefix": OPENAI_SESSION_PREFIX,
                           "pass_headers": OPENAI_HEADERS}
COMPLETIONS = Api("openai-completions", "openai", mask_completions, restore_completions, None, openai_error,
                  paths=(OPENAI_BASES + r"/completions", r"/openai/deployments/[^/]+/completions"), **_OPENAI)
EMBEDDINGS = Api("openai-embeddings", "openai", mask_embeddings, None, None, openai_error,
                 paths=(OPENAI_BASES + r"/embeddings", r"/openai/deployments/[^/]+/embeddings"), **_OPENAI)
API_LIST = (COMPLETIONS, EMBEDDINGS)

# Any other path: a body of either family, so both families' facts apply
_ANY: dict[str, Any] = {"history": ("messages", "input"), "model_output": responses_output,
                        "session_headers": ANTHROPIC_SESSION_HEADERS, "session_body_key": OPENAI_SESSION_KEY,
                        "session_prefix": OPENAI_SESSION_PREFIX, "pass_headers": ANTHROPIC_HEADERS | OPENAI_HEADERS}
GENERIC = Api("generic", "anthropic", mask_generic, None, None, openai_error, **_ANY)
GENERIC_OPENAI = Api("generic-openai", "openai", mask_generic, None, None, openai_error, **_ANY)
# paths that belong to OpenAI's API surface: anything else unknown goes to the Anthropic upstream
OPENAI_PREFIXES = ("/openai/", "/v1/files", "/v1/batches", "/v1/moderations", "/v1/audio", "/v1/images",
                   "/v1/uploads", "/v1/vector_stores", "/v1/fine_tuning", "/v1/conversations", "/v1/realtime")
