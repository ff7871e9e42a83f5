"""Everything that is not a conversation API: legacy completions, embeddings, moderations, and any other path.

Any JSON body on any path is masked (every string leaf but a short opaque list); bodies that cannot be masked
(token-id arrays, binary) are refused by the caller. Responses of these paths are not restored: they carry no
text the agent acts on.
"""

from __future__ import annotations

from typing import Any

from ...errors import CoatcheckError
from ..sessions import Session
from ..tree import Walk
from . import Api, openai_error

GENERIC_OPAQUE = frozenset({"type", "id", "object", "model", "role", "signature", "encrypted_content", "cache_control",
                            "tool_use_id", "tool_call_id", "call_id", "item_id", "file_id", "input_file_id",
                            "output_file_id", "batch_id", "custom_id", "previous_response_id", "anthropic_version",
                            "encoding_format", "purpose", "endpoint", "completion_window", "method"})


class Unmaskable(CoatcheckError):
    """A request whose content cannot be masked (token ids, bytes); refused, never forwarded."""


def _generic_opaque(path: tuple, parent: Any, key: Any) -> bool:
    return isinstance(parent, dict) and key in GENERIC_OPAQUE


def mask_generic(body: Any, session: Session) -> Any:
    return Walk(lambda s, src: session.mask(s, src), _generic_opaque).run(body)


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


COMPLETIONS = Api("openai-completions", "openai", mask_completions, restore_completions, None, openai_error)
EMBEDDINGS = Api("openai-embeddings", "openai", mask_embeddings, None, None, openai_error)
GENERIC = Api("generic", "anthropic", mask_generic, None, None, openai_error)
GENERIC_OPENAI = Api("generic-openai", "openai", mask_generic, None, None, openai_error)
