"""Passwords given to a call by position: ``DBI->connect($dsn, "etl", "…")``, ``new PDO($dsn, 'forge', '…')``,
``Credentials("Realm", "repo.example", "ci", "…")``, ``smtp.login("alerts", "…")`` (constructors of credential
objects, ``NetworkCredential``, ``HTTPBasicAuth``, ``auth=(…)``, are the rule ``credential-constructor``'s).

The calls and the position of their password are data (``data/credential_calls.toml``); the argument is masked when
it is a string literal, whatever it looks like, unless it is a placeholder, a template or a documented example.
"""

from __future__ import annotations

import functools

import regex

from .._data import data_path, load_toml
from ..spans import Span
from .keep import kept_by

_KEEPS = ("is_templated", "is_placeholder_value", "is_documented_example")
# one argument: a string literal (its content is group "s", 200 characters at most) or up to 200 characters of
# anything else with one level of brackets, up to the next comma; bounded, so that every call costs a constant
_ARG = regex.compile(r"""[ \t]*(?:(?P<q>["'])(?P<s>(?:\\.|(?!(?P=q))[^\\\n]){0,200})(?P=q)"""
                     r"""|(?P<other>(?>(?:[^,()\[\]{}"'\n]|\([^()\n]{0,200}\)|\[[^\[\]\n]{0,200}\]|\{[^{}\n]{0,200}\}){0,200})))"""
                     r"""[ \t]*(?P<sep>[,)])""")


@functools.cache
def _calls() -> tuple[regex.Pattern[str], dict[str, int]]:
    table = load_toml(data_path("credential_calls.toml"))["calls"]
    names = []
    for name, spec in sorted(table.items(), key=lambda kv: -len(kv[0])):
        prefix = regex.escape(str(spec.get("prefix", "")))
        names.append(f"{prefix}{regex.escape(name)}" if prefix else rf"(?<![\w.$-]){regex.escape(name)}")
    pattern = regex.compile(rf"(?P<name>{'|'.join(names)})[ \t]*\(")
    index = {name: int(spec["password"]) for name, spec in table.items()}
    return pattern, index


def _password_like(value: str) -> bool:
    """A literal that can be a password: six characters or more, one word, no URL, no template (``{$password}``)."""
    return (len(value) >= 6 and not any(c.isspace() for c in value) and "://" not in value and "{$" not in value
            and "${" not in value and value.lower() != "anonymous")


class CredentialCallDetector:
    """String literals at a call's password position."""

    name = "calls"
    produces = frozenset({"secret"})

    def detect(self, text: str) -> list[Span]:
        if "(" not in text:
            return []
        pattern, index = _calls()
        out: list[Span] = []
        read_to = 0  # a call's arguments are read once: a name inside them (PDO(PDO(…) starts no second reading
        for m in pattern.finditer(text):
            if m.start() < read_to:
                continue
            name = m.group("name").removeprefix(".")
            want, pos = index[name], m.end()
            if want < 0:  # the call's last argument (keyring's set_password(service, user, password), a user's own)
                pos = self._last(text, pos, out, name)
                read_to = pos
                continue
            for i in range(want + 1):
                a = _ARG.match(text, pos)
                if a is None:
                    break
                pos = a.end()
                if i == want:
                    out.extend(self._password(text, a, name))
                    break
                if a.group("sep") == ")":
                    break
            read_to = pos
        return out

    def _last(self, text: str, pos: int, out: list[Span], name: str) -> int:
        """Read a call's arguments from ``pos``; its last one, a literal that can be a password, is masked."""
        last = None
        for _ in range(12):
            a = _ARG.match(text, pos)
            if a is None:
                return pos
            pos, last = a.end(), a
            if a.group("sep") == ")":
                break
        if last is not None:
            out.extend(self._password(text, last, name))
        return pos

    def _password(self, text: str, arg: regex.Match[str], name: str) -> list[Span]:
        """The argument ``arg`` of call ``name`` as a secret, when it is a literal that can be a password and kept by
        no predicate."""
        value = arg.group("s")
        if value is None or not _password_like(value):
            return []
        s, e = arg.span("s")
        return [Span(s, e, "secret", f"{self.name}:{name}", 0.8)] if kept_by(text, s, e, _KEEPS) is None else []
