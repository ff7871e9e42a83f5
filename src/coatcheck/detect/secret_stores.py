"""Values a secret manager's CLI prints: every value there is a secret, whatever its key is called.

- ``vault kv get`` prints a ``=== Data ===`` section (``==== Secret Path ====`` and ``=== Metadata ===`` come before
  it), a ``Key  Value`` header, a ``---  -----`` rule, then one key and its value per line (HashiCorp's KV
  documentation);
- ``doppler secrets``, ``infisical secrets`` and similar print a box table whose header is ``NAME │ VALUE`` (or
  ``SECRET NAME │ SECRET VALUE``), in capitals: each cell of the VALUE column is a value.
- cloud-init's ``chpasswd:`` module sets passwords from ``list:``, a block of ``user:password`` lines (or a YAML
  list of them): each password is a secret (``RANDOM`` asks cloud-init to make one up), and a hash stays masked too.

Templates, placeholders and redacted cells (``****``, ``<hidden>``) stay.
"""

from __future__ import annotations

from collections.abc import Iterator

import regex

from ..spans import Span
from .keep import kept_by

SECRET_STORES = "secret-stores"
_KEEPS = ("is_templated", "is_placeholder_value", "is_documented_example")
_DATA_SECTION = regex.compile(r"(?m)^=+[ \t]+Data[ \t]+=+[ \t]*\r?\n[ \t]*Key[ \t]+Value[ \t]*\r?\n[ \t]*-{3}[ \t]+-{5}[ \t]*\r?\n")
_ROW = regex.compile(r"[ \t]*[^\s=][^\s]{0,80}[ \t]+(?P<v>\S(?:[^\n\r]{0,1000}\S)?)[ \t]*\r?$")
# the header row of a secret manager's table: a NAME (or KEY) column and a VALUE column, in capitals as doppler and
# infisical print them (a "Metric │ Value" table of any program is no listing of secrets)
# cloud-init's chpasswd module and its list key (a "|" block or a YAML sequence on the lines below)
_CHPASSWD = regex.compile(r"(?m)^(?P<ind>[ \t]*+)chpasswd:[ \t]*+\r?\n(?:(?P=ind)[ \t]++[^\n]*+\n){0,8}?"
                          r"(?P=ind)[ \t]++list:[ \t]*+(?:\|[-+]?)?[ \t]*+\r?\n")
_CHPASSWD_ROW = regex.compile(r"[ \t]++(?:-[ \t]++)?[\"']?(?P<u>[^\s:\"']{1,64}):(?P<v>[^\s\"']{1,200})[\"']?[ \t]*+\r?$")
_BOX_HEADER = regex.compile(r"(?m)^[ \t]*+│[ \t]*+(?:SECRET[ \t]NAME|NAME|KEY)[ \t]*+│[ \t]*+(?:SECRET[ \t])?VALUE[ \t]*+│")


def _line_end(text: str, pos: int) -> int:
    le = text.find("\n", pos)
    return len(text) if le < 0 else le


def _rows(text: str, pos: int, row: regex.Pattern[str]) -> Iterator[regex.Match[str]]:
    """The lines from ``pos`` on that ``row`` matches whole, up to the first it does not."""
    while pos < len(text):
        le = _line_end(text, pos)
        m = row.fullmatch(text, pos, le)
        if m is None:
            return
        yield m
        pos = le + 1


class SecretStoreDetector:
    """Finds the values in a secret manager's listings (module docstring)."""

    name = SECRET_STORES
    produces = frozenset({"secret"})

    def detect(self, text: str) -> list[Span]:
        """The values of ``text``'s vault Data sections and VALUE columns."""
        out: list[Span] = []
        if "Data" in text:
            for m in _DATA_SECTION.finditer(text):
                for row in _rows(text, m.end(), _ROW):  # a blank line or the next section ends the table
                    vs, ve = row.span("v")
                    self._value(text, vs, ve, out)
        if "chpasswd:" in text:
            for m in _CHPASSWD.finditer(text):
                for row in _rows(text, m.end(), _CHPASSWD_ROW):  # an unindented line ends the block
                    vs, ve = row.span("v")
                    if text[vs:ve] != "RANDOM":
                        self._value(text, vs, ve, out)
        if "│" in text and "VALUE" in text:
            done = 0  # the end of the last table read: its rows are never read again
            for m in _BOX_HEADER.finditer(text):
                if m.start() >= done:
                    done = self._box(text, m, out)
        return out

    def _value(self, text: str, s: int, e: int, out: list[Span]) -> None:
        if e - s >= 4 and kept_by(text, s, e, _KEEPS) is None and text[s:e].strip("*•x"):
            out.append(Span(s, e, "secret", self.name, 0.85))

    def _box(self, text: str, header: regex.Match[str], out: list[Span]) -> int:
        """The cells under the VALUE column of the box table whose header is ``header``; returns where it ends."""
        line = text[header.start():_line_end(text, header.start())]
        bars = [i for i, c in enumerate(line) if c == "│"]
        col = next((k for k in range(len(bars) - 1)
                    if regex.fullmatch(r"(?i)[ \t]*(?:secret[ \t]+)?value[ \t]*", line[bars[k] + 1:bars[k + 1]])), None)
        if col is None:
            return header.end()
        pos = header.start() + len(line) + 1
        while pos < len(text):
            le = _line_end(text, pos)
            row = text[pos:le]
            if not row.lstrip().startswith(("│", "├", "┼", "╞")):
                break
            cells = [i for i, c in enumerate(row) if c == "│"]
            if len(cells) == len(bars):
                a, b = pos + cells[col] + 1, pos + cells[col + 1]
                while a < b and text[a] in " \t":
                    a += 1
                while b > a and text[b - 1] in " \t":
                    b -= 1
                if b > a:
                    self._value(text, a, b, out)
            pos = le + 1
        return pos
