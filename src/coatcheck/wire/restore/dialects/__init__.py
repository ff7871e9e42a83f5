"""Shell dialects for restoring values into commands, and which dialect a program speaks."""

from __future__ import annotations

from .base import Dialect, DialectSyntaxError, Restored, restore_command
from .posix import POSIX

__all__ = ["POSIX", "Dialect", "DialectSyntaxError", "Restored", "restore_command"]
