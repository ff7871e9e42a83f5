"""Command lines the Linux audit log records: an ``EXECVE`` record lists a program's arguments ``a0=… a1=…``, each
quoted or, when it holds a blank, a quote or a byte outside printable ASCII, in hex; a ``PROCTITLE`` record holds
the whole command line in hex, its arguments joined by NUL bytes (auditd's ``ausearch -i`` decodes both; facts from
the audit userspace documentation).

A password given on that command line (``sshpass -p 'cactus lantern mango68'``, ``mysql --password=…``) is found
by reading the decoded command as a shell would have been given it, with the credential-option and assignment
detectors; the argument that holds it is masked as written in the record (its hex or its quoted text).
"""

from __future__ import annotations

import functools
import shlex

import regex

from ..spans import Span
from .context import ContextDetector
from .phrases import CredentialPhraseDetector

AUDIT_RECORDS = "audit-records"
_EXECVE = regex.compile(r"type=EXECVE[ \t]+msg=audit\([^)\n]{0,60}\):[ \t]+argc=\d{1,4}(?P<args>(?:[ \t]+a\d{1,4}(?:\[\d{1,4}\])?="
                        r"(?:\"[^\"\n]{0,4096}\"|[0-9A-Fa-f]{1,8192}|\(null\)))+)")
_ARG = regex.compile(r"a\d{1,4}(?:\[\d{1,4}\])?=(?:\"(?P<q>[^\"\n]{0,4096})\"|(?P<h>[0-9A-Fa-f]{1,8192})|\(null\))")
_PROCTITLE = regex.compile(r"proctitle=(?P<h>(?:[0-9A-Fa-f]{2}){2,8192})(?![0-9A-Za-z])")


def _unhex(blob: str) -> str | None:
    if len(blob) % 2:
        return None
    try:
        return bytes.fromhex(blob).decode("utf-8", errors="replace")
    except ValueError:
        return None


@functools.cache
def _inner() -> tuple[ContextDetector, CredentialPhraseDetector]:
    return ContextDetector(), CredentialPhraseDetector()


class AuditRecordDetector:
    """Finds passwords in the command lines of audit records (module docstring)."""

    name = AUDIT_RECORDS
    produces = frozenset({"secret"})

    def detect(self, text: str) -> list[Span]:
        """The arguments of ``text``'s EXECVE and PROCTITLE records that hold a credential."""
        if "msg=audit(" not in text:
            return []
        out: list[Span] = []
        for m in _EXECVE.finditer(text):
            fields: list[tuple[int, int, str]] = []  # the raw span of each argument and its decoded text
            for a in _ARG.finditer(text, m.start("args"), m.end("args")):
                if a.group("q") is not None:
                    fields.append((a.start("q"), a.end("q"), a.group("q")))
                elif a.group("h") is not None and (value := _unhex(a.group("h"))) is not None:
                    fields.append((a.start("h"), a.end("h"), value))
            out += self._found(fields)
        for m in _PROCTITLE.finditer(text):
            value = _unhex(m.group("h"))
            if value is not None and "\0" in value:
                hit = self._found([(m.start("h"), m.end("h"), v) for v in value.split("\0") if v])
                if hit:
                    out.append(Span(m.start("h"), m.end("h"), "secret", f"{self.name}:proctitle", 0.85))
        return out

    def _found(self, fields: list[tuple[int, int, str]]) -> list[Span]:
        """The raw spans of the arguments where the command the decoded ``fields`` make holds a credential."""
        if len(fields) < 2:
            return []
        parts: list[str] = []
        where: list[tuple[int, int]] = []  # each argument's place in the command
        pos = 0
        for _, _, value in fields:
            quoted = shlex.quote(value)
            where.append((pos, pos + len(quoted)))
            parts.append(quoted)
            pos += len(quoted) + 1
        command = " ".join(parts)
        out: list[Span] = []
        hits = [s for d in _inner() for s in d.detect(command) if s.category == "secret"]
        for k, (a, b) in enumerate(where):
            if any(s.start < b and a < s.end for s in hits):
                s, e, _ = fields[k]
                if e > s:
                    out.append(Span(s, e, "secret", f"{self.name}:execve", 0.85))
        return out
