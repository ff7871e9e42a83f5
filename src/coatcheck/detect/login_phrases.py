"""Logins a sentence or a command names by where they stand, whatever the login looks like:

- the word after a sign-in phrase, in five languages: "log in as jnakamura", "accedi come pmarchetti", "melde dich
  als kwagner an", "connectez-vous en tant que ldufresne", "inicia sesión como rgarrido" (data/vocab/cues.toml,
  ``login_as``);
- the line a command that prints the current user prints after its prompt: ``$ whoami`` / ``okwuosa``, ``PS> whoami``
  / ``CORP\\vkrishnan``, ``echo $USER``, ``id -un`` (data/identity_commands.toml).

The value must read as a login (no word of a language or of code, no service account, template or placeholder):
"log in as admin", "sign in as a guest" and "connect as root" stay readable.
"""

from __future__ import annotations

import functools

import regex

from .._data import data_path, load_toml
from ..spans import Span
from .keep import kept_by
from .validators import login_word
from .vocabulary import plain_words, vocabulary_words

LOGIN_PHRASES = "login-phrases"
_KEEPS = ("is_templated", "is_placeholder_value", "is_service_username", "is_code_word", "is_product_name")
_VALUE = r"""[«"'`“]?(?P<v>[A-Za-z][\w.-]{1,38}[A-Za-z0-9])(?![\w@/\\-]|\.\w)"""
_PROMPT = r"""(?:^|(?<=\n)|(?<=\\n))[^\S\n]*(?:[^\n]{0,80}?(?:[$#%>❯➜»][^\S\n]+|[$#%>❯➜»](?=\S))|PS[^\n>]{0,80}>[^\S\n]*)"""


@functools.cache
def _phrase() -> regex.Pattern[str]:
    words = sorted({w.lower() for w in vocabulary_words("cues", "login_as")}, key=lambda w: (-len(w), w))
    alternation = "|".join(regex.escape(w).replace("\\ ", " ").replace("\\-", " ").replace(" ", r"[\s-]+")
                           for w in words)
    return regex.compile(rf"(?i)(?<![\w-])(?:{alternation})[^\S\n]+(?:the[^\S\n]+user[^\S\n]+)?{_VALUE}")


@functools.cache
def _command() -> regex.Pattern[str]:
    commands = load_toml(data_path("identity_commands.toml"))["commands"]
    alternation = "|".join(c.replace(" ", r"[^\S\n]+") for c in commands)
    # the prompt, the command alone on its line, then the printed login alone on the next (after a Windows domain)
    return regex.compile(
        rf"{_PROMPT}(?:sudo[^\S\n]+)?(?:{alternation})[^\S\n]*(?:\r?\n|(?:\\r)?\\n)[^\S\n]*"
        rf"(?:[\w.-]{{1,40}}\\{{1,2}})?(?P<v>[A-Za-z_][\w.$-]{{0,38}}[\w$])[^\S\n]*(?=\r?\n|\\[rn]|$|[\"'])")


def _login(text: str, s: int, e: int, strict: bool) -> bool:
    value = text[s:e]
    if not login_word(value) or value.lower() in plain_words() or kept_by(text, s, e, _KEEPS) is not None:
        return False
    return not strict or not value.isalpha() or value.islower()  # "log in as Maria" is the person rule's


class LoginPhraseDetector:
    """Logins named by a sign-in phrase or printed by a command that prints the current user."""

    name = LOGIN_PHRASES
    produces = frozenset({"username"})

    def detect(self, text: str) -> list[Span]:
        """The logins of ``text``'s sign-in phrases and identity commands."""
        out: list[Span] = []
        for m in _phrase().finditer(text):
            s, e = m.span("v")
            if _login(text, s, e, strict=True):
                out.append(Span(s, e, "username", f"{self.name}:sentence", 0.8))
        if any(w in text for w in ("whoami", "logname", "id -", "USER", "gh api", ".user", "getuser")):
            for m in _command().finditer(text):
                s, e = m.span("v")
                if _login(text, s, e, strict=False):
                    out.append(Span(s, e, "username", f"{self.name}:command", 0.85))
        return out
