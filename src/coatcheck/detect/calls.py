"""Passwords given to a call by position: ``DBI->connect($dsn, "etl", "…")``, ``new PDO($dsn, 'forge', '…')``,
``Credentials("Realm", "repo.example", "ci", "…")``, ``smtp.login("alerts", "…")``, ``auth=("svc", "…")``.

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
# one argument: a string literal (its content is group "s") or anything else up to the next comma at this depth
_ARG = regex.compile(r"""[ \t]*(?:(?P<q>["'])(?P<s>(?:\\.|(?!(?P=q))[^\\\n])*)(?P=q)|(?P<other>(?:[^,()\[\]{}"'\n]|\((?&o)*\)|\[(?&o)*\]|\{(?&o)*\})*))[ \t]*(?P<sep>[,)])"""
                  r"""(?(DEFINE)(?P<o>[^()\[\]{}\n]|\((?&o)*\)|\[(?&o)*\]|\{(?&o)*\}))""")


@functools.cache
def _calls() -> tuple[regex.Pattern[str], dict[str, int]]:
    table = load_toml(data_path("credential_calls.toml"))["calls"]
    names = []
    for name, spec in sorted(table.items(), key=lambda kv: -len(kv[0])):
        prefix = regex.escape(str(spec.get("prefix", "")))
        names.append(f"{prefix}{regex.escape(name)}" if prefix else rf"(?<![\w.$>-]|->){regex.escape(name)}")
    pattern = regex.compile(rf"(?P<name>{'|'.join(names)}|(?<![\w.])auth)(?:[ \t]*=)?[ \t]*\(")
    index = {name: int(spec["password"]) for name, spec in table.items()}
    index["auth"] = 1  # requests' auth=("user", "password") tuple
    return pattern, index


class CredentialCallDetector:
    """String literals at a call's password position."""

    name = "calls"
    produces = frozenset({"secret"})

    def detect(self, text: str) -> list[Span]:
        if "(" not in text:
            return []
        pattern, index = _calls()
        out: list[Span] = []
        for m in pattern.finditer(text):
            name = m.group("name").lstrip(".")
            if name == "auth" and not regex.match(r"[ \t]*=", text[m.end("name"):m.end("name") + 3]):
                continue  # auth(…) is a call of some function; only the keyword argument holds the tuple
            want, pos = index[name], m.end()
            for i in range(want + 1):
                a = _ARG.match(text, pos)
                if a is None:
                    break
                if i == want:
                    if a.group("s") is not None and len(a.group("s")) >= 4:
                        s, e = a.span("s")
                        if kept_by(text, s, e, _KEEPS) is None:
                            out.append(Span(s, e, "secret", f"{self.name}:{name}", 0.8))
                    break
                if a.group("sep") == ")":
                    break
                pos = a.end()
        return out
