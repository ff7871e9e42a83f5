"""The Codex CLI's model-provider settings that send it through the gateway: as a ``~/.codex/config.toml`` block
(``coatcheck codex --print-config``) and as ``codex -c key=value`` overrides (``coatcheck codex``)."""

from __future__ import annotations

CODEX_PROVIDER = "coatcheck"


def provider_settings(base: str) -> list[tuple[str, str]]:
    """The provider settings that send Codex through the gateway at ``base`` (``http://127.0.0.1:PORT``), as
    (key, TOML value) pairs. Facts: Codex's provider keys (``base_url``, ``env_key``, ``wire_api``,
    ``env_http_headers``, ``supports_websockets``); Responses is the only wire API it accepts; a custom provider
    should not try a WebSocket upgrade."""
    return [("name", '"coatcheck"'), ("base_url", f'"{base.rstrip("/")}/v1"'), ("env_key", '"OPENAI_API_KEY"'),
            ("wire_api", '"responses"'), ("supports_websockets", "false"),
            ("env_http_headers", '{ "x-coatcheck-token" = "COATCHECK_TOKEN" }')]


def codex_provider_block(base: str) -> str:
    """The ``~/.codex/config.toml`` block for plain ``codex`` against a long-running gateway at ``base``."""
    body = "".join(f"{k} = {v}\n" for k, v in provider_settings(base))
    return f'model_provider = "{CODEX_PROVIDER}"\n\n[model_providers.{CODEX_PROVIDER}]\n{body}'


def codex_overrides(base: str) -> list[str]:
    """The same settings as ``codex -c key=value`` overrides (values are TOML), so no file is edited."""
    pairs = [("model_provider", f'"{CODEX_PROVIDER}"'),
             *((f"model_providers.{CODEX_PROVIDER}.{k}", v) for k, v in provider_settings(base))]
    return [arg for k, v in pairs for arg in ("-c", f"{k}={v}")]
