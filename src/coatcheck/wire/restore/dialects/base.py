"""The seam between the restore decision and the shells that will run a command: a :class:`Dialect` lexes a
command into quoting contexts, quotes a value for a context, and re-checks that restoring did not change the
command's token structure. :func:`restore_command` is the one algorithm over any dialect."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from ....vault import PLACEHOLDER_RE
from ..urls import for_position


class DialectSyntaxError(ValueError):
    """The command's quoting could not be followed (unbalanced quotes or substitutions)."""


class Dialect(Protocol):
    """One shell's quoting rules (POSIX in ``posix.py``, PowerShell in ``powershell.py``). A dialect under which no
    value can be restored (cmd.exe, ``cmd.py``) also has a ``refusal`` attribute, the reason every placeholder is
    kept; :func:`coatcheck.wire.restore.dialects.restore_script` reads it before calling :func:`restore_command`.
    Which dialect a program speaks: :func:`coatcheck.wire.restore.dialects.dialect_for`."""

    @property
    def name(self) -> str:
        """The dialect's name (``posix``, ``powershell``)."""
        ...

    def contexts(self, cmd: str) -> list[str]:
        """The quoting context of every character of ``cmd``; raises :class:`DialectSyntaxError` when the
        quoting cannot be followed."""
        ...

    def quote(self, value: str, context: str) -> str | None:
        """``value`` written so that, in ``context``, the shell reads exactly ``value`` inside the same word; None
        where that cannot be guaranteed (the caller keeps the placeholder)."""
        ...

    def same_tokens(self, masked: str, restored: str, literal: list[tuple[str, str]], ctx: list[str]) -> bool:
        """The shell reads ``restored`` as it reads ``masked`` with each placeholder replaced by its literal
        (``literal``: (placeholder, text) in order of appearance)."""
        ...


@dataclass(frozen=True)
class FunctionDialect:
    """A :class:`Dialect` made of a module's three functions (the POSIX and PowerShell modules)."""

    name: str
    contexts: Callable[[str], list[str]]
    quote: Callable[[str, str], str | None]
    same_tokens: Callable[[str, str, list[tuple[str, str]], list[str]], bool]


@dataclass
class Restored:
    text: str
    kept: list[tuple[str, str]]  # (placeholder, reason)


def restore_command(cmd: str, value_of: Callable[[str], str | None], allowed: Callable[[str, int], str | None],
                    dialect: Dialect) -> Restored:
    """Restore placeholders in shell source ``cmd``. ``value_of(ph)`` is the vault value (None if unknown);
    ``allowed(ph, offset)`` (the placeholder and where it starts in ``cmd``) returns None to restore or a reason to keep. Values are URL-encoded inside URLs and quoted
    for their shell context; if the result would tokenise differently, every placeholder is kept."""
    matches = list(PLACEHOLDER_RE.finditer(cmd))
    if not matches:
        return Restored(cmd, [])
    try:
        ctx = dialect.contexts(cmd)
    except DialectSyntaxError:
        return Restored(cmd, [(m.group(), "the command's quoting could not be followed") for m in matches if value_of(m.group()) is not None])
    out: list[str] = []
    literal: list[tuple[str, str]] = []  # placeholder -> the literal text the shell will see
    kept: list[tuple[str, str]] = []
    pos = 0
    for m in matches:
        ph = m.group()
        value = value_of(ph)
        if value is None:
            continue
        reason = allowed(ph, m.start())
        inserted: str | None = None
        if reason is None:
            plain = for_position(cmd, m.start(), value)
            if plain is None:
                reason = "the value cannot be written into this part of a URL"
            else:
                inserted = dialect.quote(plain, ctx[m.start()])
                if inserted is None:
                    reason = f"the value cannot be quoted safely in {ctx[m.start()]} context"
                else:
                    literal.append((ph, plain))
        if inserted is None:
            kept.append((ph, reason or "kept"))
            literal.append((ph, ph))
            continue
        out.append(cmd[pos:m.start()])
        out.append(inserted)
        pos = m.end()
    out.append(cmd[pos:])
    restored = "".join(out)
    if len(kept) < len(literal) and not dialect.same_tokens(cmd, restored, literal, ctx):
        return Restored(cmd, [(m.group(), "restoring would change the command's structure") for m in matches if value_of(m.group()) is not None])
    return Restored(restored, kept)
