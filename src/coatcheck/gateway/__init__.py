"""The local gateway: a Starlette app in front of Anthropic Messages and OpenAI-compatible APIs that masks
requests on the way out and restores responses (streamed or not) on the way back."""
