"""The logging integrations with real logging configuration. Values are made up."""

from __future__ import annotations

import io
import logging
import logging.config

import structlog

from coatcheck.integrations.logging import WITHHELD, MaskingFilter, MaskingProcessor

KEY = "ghp_aB3dE5fG7hI9jK1lM3nO5pQ7rS9tU1vW3xY5"
EMAIL = "giulia.ferraro@acme-dev.it"


def _logger(name: str) -> tuple[logging.Logger, io.StringIO]:
    stream = io.StringIO()
    logging.config.dictConfig({
        "version": 1,
        "disable_existing_loggers": False,
        "filters": {"coatcheck": {"()": "coatcheck.integrations.logging.MaskingFilter"}},
        "handlers": {"mem": {"class": "logging.StreamHandler", "stream": stream, "filters": ["coatcheck"],
                             "formatter": "plain"}},
        "formatters": {"plain": {"format": "%(levelname)s %(message)s"}},
        "loggers": {name: {"handlers": ["mem"], "level": "INFO", "propagate": False}},
    })
    return logging.getLogger(name), stream


def test_dictconfig_filter_masks_message_args_and_exception_text():
    log, out = _logger("app.dict")
    log.info("user %s logged in with token %s", EMAIL, KEY)
    try:
        raise RuntimeError(f"auth failed for {EMAIL} using {KEY}")
    except RuntimeError:
        log.exception("request failed")
    log.warning("nothing sensitive here, version 1.2.3")
    text = out.getvalue()
    assert KEY not in text and EMAIL not in text
    assert "INFO user EMAIL_" in text and "RuntimeError: auth failed for EMAIL_" in text and "Traceback" in text
    assert "WARNING nothing sensitive here, version 1.2.3" in text


def test_a_record_that_cannot_be_masked_is_withheld():
    class Broken:
        def mask(self, text):
            raise RuntimeError("boom")

    record = logging.LogRecord("x", logging.INFO, __file__, 1, "token %s", (KEY,), None)
    assert MaskingFilter(masker=Broken()).filter(record)  # type: ignore[arg-type]
    assert record.getMessage() == WITHHELD


def test_structlog_processor_masks_the_event_and_bound_values():
    out = io.StringIO()
    structlog.configure(processors=[MaskingProcessor(), structlog.processors.KeyValueRenderer(key_order=["event"])],
                        logger_factory=structlog.PrintLoggerFactory(out), cache_logger_on_first_use=False)
    structlog.get_logger().bind(user=EMAIL).info(f"token {KEY} used", attempts=[1, EMAIL], ok=True)
    text = out.getvalue()
    assert KEY not in text and EMAIL not in text and "attempts=[1, 'EMAIL_" in text and "ok=True" in text
    structlog.reset_defaults()
