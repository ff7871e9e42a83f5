"""Which API a request speaks, from its normalised path. Unknown paths are not passed through: their bodies are
masked generically (every string leaf but a short opaque list)."""

from __future__ import annotations

import re

from .apis import Api
from .apis import anthropic, chat, other, responses

_ROUTES: list[tuple[re.Pattern[str], Api]] = [(re.compile(p + r"\Z"), api) for p, api in [
    (r"/v1/messages", anthropic.MESSAGES),
    (r"/v1/messages/count_tokens", anthropic.COUNT_TOKENS),
    (r"/v1/messages/batches", anthropic.BATCHES),
    (r"/v1/complete", anthropic.COMPLETE),
    # Bedrock (Anthropic bodies) and Vertex AI (publishers/anthropic)
    (r"/model/[^/]+/invoke", anthropic.MESSAGES),
    (r"/model/[^/]+/invoke-with-response-stream", anthropic.COUNT_TOKENS),  # AWS event-stream reply: passed back masked
    (r"/v1(?:beta1)?/projects/[^/]+/locations/[^/]+/publishers/anthropic/models/[^/:]+:(?:rawPredict|streamRawPredict)", anthropic.MESSAGES),
    (r"/v1(?:beta1)?/projects/[^/]+/locations/[^/]+/publishers/anthropic/models/[^/:]+:countTokens", anthropic.COUNT_TOKENS),
    # OpenAI, Azure OpenAI (deployments and the v1 surface), and base URLs without /v1
    (r"(?:/v1|/openai/v1|/openai)?/chat/completions", chat.CHAT),
    (r"/openai/deployments/[^/]+/chat/completions", chat.CHAT),
    (r"(?:/v1|/openai/v1|/openai)?/responses", responses.RESPONSES),
    (r"(?:/v1|/openai/v1|/openai)?/responses/compact", responses.RESPONSES),
    (r"(?:/v1|/openai/v1|/openai)?/responses/input_tokens", responses.INPUT_TOKENS),
    (r"(?:/v1|/openai/v1|/openai)?/completions", other.COMPLETIONS),
    (r"/openai/deployments/[^/]+/completions", other.COMPLETIONS),
    (r"(?:/v1|/openai/v1|/openai)?/embeddings", other.EMBEDDINGS),
    (r"/openai/deployments/[^/]+/embeddings", other.EMBEDDINGS),
]]
_OPENAI_PREFIXES = ("/openai/", "/v1/files", "/v1/batches", "/v1/moderations", "/v1/audio", "/v1/images",
                    "/v1/uploads", "/v1/vector_stores", "/v1/fine_tuning", "/v1/conversations", "/v1/realtime")


def normalise(path: str) -> str:
    """Repeated slashes collapsed, the trailing slash dropped: ``//v1/messages/`` is ``/v1/messages``."""
    path = re.sub(r"/{2,}", "/", path or "/")
    if len(path) > 1:
        path = path.rstrip("/") or "/"
    return path


def route(path: str) -> Api:
    """The API for a normalised path; the generic masker for anything else."""
    for pattern, api in _ROUTES:
        if pattern.match(path):
            return api
    return other.GENERIC_OPENAI if path.startswith(_OPENAI_PREFIXES) else other.GENERIC
