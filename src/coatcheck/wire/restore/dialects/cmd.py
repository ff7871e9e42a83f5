"""Shells coatcheck never restores into: ``cmd.exe``, and a shell it does not know.

cmd.exe expands ``%VAR%`` inside double quotes too, reads ``^`` as an escape only outside them, and a batch file
reads its arguments again with the same rules; no quoting keeps every value one literal argument in general. So
every placeholder in a cmd.exe command is kept, with :attr:`Refusing.refusal` as the reason
(:func:`coatcheck.wire.restore.dialects.restore_script` reads it).
"""

from __future__ import annotations

from .base import DialectSyntaxError


class Refusing:
    """A dialect under which no value is restored."""

    def __init__(self, name: str, refusal: str) -> None:
        self.name = name
        self.refusal = refusal

    def contexts(self, cmd: str) -> list[str]:
        raise DialectSyntaxError(self.refusal)

    def quote(self, value: str, context: str) -> str | None:
        return None

    def same_tokens(self, masked: str, restored: str, literal: list[tuple[str, str]], ctx: list[str]) -> bool:
        return False


CMD = Refusing("cmd", "cmd.exe quoting cannot be made safe; the placeholder is kept")
UNKNOWN_SHELL = Refusing("unknown", "the command runs in a shell coatcheck cannot quote for; the placeholder is kept")
