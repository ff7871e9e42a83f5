"""Scrub log records before any handler writes them: :class:`MaskingFilter` for the standard library's
``logging`` (message, arguments, exception and stack text) and :class:`MaskingProcessor` for ``structlog``.

    import logging.config
    logging.config.dictConfig({
        "version": 1,
        "filters": {"coatcheck": {"()": "coatcheck.integrations.logging.MaskingFilter"}},
        "handlers": {"console": {"class": "logging.StreamHandler", "filters": ["coatcheck"]}},
        "root": {"handlers": ["console"], "level": "INFO"},
    })

Masking is one-way here: the placeholders are kept in a vault in memory only (pass ``masker=`` with a file vault
to be able to restore). If masking a record fails, the record is not written as it was: its text is replaced by a
notice that carries no value (fail closed).
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Mapping, MutableMapping
from typing import Any

from ..masker import Masker
from ..policy import Policy

WITHHELD = "[coatcheck: this log record could not be masked and was withheld]"


class _Scrubber:
    def __init__(self, masker: Masker | None, policy: str | None) -> None:
        self._masker = masker
        self._policy = policy
        self._lock = threading.Lock()

    @property
    def masker(self) -> Masker:
        with self._lock:
            if self._masker is None:  # built on first use: configuring logging stays cheap
                self._masker = Masker(policy=Policy.load(self._policy))
            return self._masker

    def text(self, value: str) -> str:
        return self.masker.mask(value).text

    def value(self, value: Any) -> Any:
        """Strings masked; lists, tuples and dicts walked; other values (numbers, None) unchanged."""
        if isinstance(value, str):
            return self.text(value)
        if isinstance(value, Mapping):
            return {k: self.value(v) for k, v in value.items()}
        if isinstance(value, (list, tuple)):
            return type(value)(self.value(v) for v in value)
        return value


class MaskingFilter(logging.Filter):
    """A ``logging.Filter`` that masks each record in place: the formatted message (arguments merged in), the
    exception text and the stack text. Attach it to handlers (or loggers) directly or through ``dictConfig``."""

    def __init__(self, name: str = "", policy: str | None = None, masker: Masker | None = None) -> None:
        super().__init__(name)
        self._scrub = _Scrubber(masker, policy)

    def filter(self, record: logging.LogRecord) -> bool:
        if not super().filter(record):
            return False
        try:
            message = self._scrub.text(record.getMessage())
            exc_text = None
            if record.exc_info:
                exc_text = self._scrub.text(logging.Formatter().formatException(record.exc_info))
            elif record.exc_text:
                exc_text = self._scrub.text(record.exc_text)
            stack = self._scrub.text(record.stack_info) if record.stack_info else None
        except Exception:  # fail closed: never let the original text through
            record.msg, record.args, record.exc_info, record.exc_text, record.stack_info = WITHHELD, None, None, None, None
            return True
        record.msg, record.args = message, None
        if exc_text is not None:
            record.exc_text, record.exc_info = exc_text, None  # formatters print exc_text as given
        record.stack_info = stack
        return True


class MaskingProcessor:
    """A ``structlog`` processor: every string in the event dict (the event itself, bound values, nested lists and
    dicts) is masked. Put it before the renderer: ``structlog.configure(processors=[..., MaskingProcessor(), renderer])``."""

    def __init__(self, policy: str | None = None, masker: Masker | None = None) -> None:
        self._scrub = _Scrubber(masker, policy)

    def __call__(self, logger: Any, method_name: str, event_dict: MutableMapping[str, Any]) -> MutableMapping[str, Any]:
        try:
            return {k: self._scrub.value(v) for k, v in event_dict.items()}
        except Exception:  # fail closed
            return {"event": WITHHELD}
