"""Integrations: coatcheck inside other tools (logging, structlog)."""
