"""Values a secret manager's CLI prints: every value there is a secret, whatever its key is called.

- ``vault kv get`` prints a ``=== Data ===`` section (``==== Secret Path ====`` and ``=== Metadata ===`` come before
  it), a ``Key  Value`` header, a ``---  -----`` rule, then one key and its value per line (HashiCorp's KV
  documentation);
- ``doppler secrets``, ``infisical secrets`` and similar print a box table whose header is ``NAME │ VALUE`` (or
  ``SECRET NAME │ SECRET VALUE``), in capitals: each cell of the VALUE column is a value.
- cloud-init's ``chpasswd:`` module sets passwords from ``list:``, a block of ``user:password`` lines (or a YAML
  list of them): each password is a secret (``RANDOM`` asks cloud-init to make one up), and a hash stays masked too.
- a shell session's command that prints credential variables (``printenv DB_PASSWORD API_TOKEN``, ``echo
  "$DB_PASSWORD"``, ``… | base64 -d``, also after ``kubectl exec … --`` or ``docker exec …``): the lines it printed
  are their values, one per variable in order (printenv skips an unset one: the lines are read as a whole only when
  every variable is a credential's or when they are as many as the variables). The command is split by ``shlex``.

Templates, placeholders and redacted cells (``****``, ``<hidden>``) stay.
"""

from __future__ import annotations

import shlex
from collections.abc import Iterator

import regex

from ..spans import Span
from .keep import kept_by
from .vocabulary import is_credential_key

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


# a shell prompt ("$ ", "user@host:~$ ", "# ", "PS C:\\> ") and the command after it
# (root's "#" only after its user and host: a "# echo …" line alone is a script's comment)
_PROMPT_COMMAND = regex.compile(r"(?m)^[ \t]*+(?:[\w.@:~/\\-]{0,80}[$%>]|[\w.-]{1,40}@[\w.-]{1,60}:[^\s#]{0,80}#|PS[ \t][^\n>]{0,80}>)[ \t]++(?P<cmd>[^\n]{1,600})$")
_PRINTING = frozenset({"printenv", "echo", "printf"})
_OPERATORS = frozenset({"|", "||", "&&", ";", ">", ">>", "2>&1"})
_VARIABLE = regex.compile(r"\$\{?(?P<v>[A-Za-z_]\w{0,80})\}?")
_DECODERS = frozenset({"base64", "xxd", "openssl"})


# a credential's variable that holds what describes it, not the credential: AWS_SECRETS_REGION, TOKEN_FILE, SECRET_STORE
_ABOUT_A_CREDENTIAL = regex.compile(
    r"(?i)[-_](?:region|file|path|dir|store|name|names|id|ids|arn|ref|version|type|url|endpoint|host|port|env|mode|"
    r"backend|engine|provider|length|len|ttl|expiry|expires|age|format|kind|scope|label)$")


_HOLDING_WORDS = frozenset({"password", "passwd", "pwd", "pass", "passphrase", "token", "secret", "apikey", "pat"})
# a key's variable holds the key itself only after these (AWS_SECRET_ACCESS_KEY, STRIPE_API_KEY; an ENCRYPTION_KEY or a
# SIGNING_KEY is as often a key's resource name or alias)
_KEY_HOLDERS = frozenset({"secret", "access", "api", "private", "master", "app"})


def _holds_credential(name: str) -> bool:
    """A variable whose last word names a credential it holds (``DB_PASSWORD``, ``INTAKE_API_TOKEN``,
    ``AWS_SECRET_ACCESS_KEY``), not what describes or locates one (``SECRET_STORE``, ``AWS_SECRETS_REGION``,
    ``GOOGLE_APPLICATION_CREDENTIALS``: a path)."""
    words = name.lower().split("_")
    held = words[-1] in _HOLDING_WORDS or words[-1] == "key" and len(words) >= 2 and words[-2] in _KEY_HOLDERS
    return is_credential_key(name) and held and _ABOUT_A_CREDENTIAL.search(name) is None


def _printed_variables(command: str) -> list[str] | None:
    """The variables a command prints, in order (``printenv A B``; ``echo "$A"``, maybe piped into a decoder), or
    None when it prints something else or cannot be split."""
    try:
        words = shlex.split(command, posix=True)
    except ValueError:
        return None
    for i, w in enumerate(words):
        if w.rsplit("/", 1)[-1] not in _PRINTING:
            continue
        args: list[str] = []
        rest = words[i + 1:]
        for k, a in enumerate(rest):
            if a in _OPERATORS:
                # only a decoder may follow: what else reads the value changes what is printed
                if a != "|" or not rest[k + 1:] or rest[k + 1] not in _DECODERS:
                    return None
                break
            args.append(a)
        if w.endswith("printenv"):
            return args if args and all(regex.fullmatch(r"[A-Za-z_]\w{0,80}", a) for a in args) else None
        args = [a for a in args if not a.startswith("-") or w == "printf" and a != "-n"]
        if w == "printf" and args and "%" in args[0]:
            args = args[1:]  # the format, then its arguments
        names = [m["v"] for a in args if (m := _VARIABLE.fullmatch(a)) is not None]
        return names if len(args) == 1 and len(names) == 1 else None
    return None


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
        if ("printenv" in text or "echo" in text or "printf" in text) and ("$" in text or "#" in text):
            for m in _PROMPT_COMMAND.finditer(text):
                self._printed(text, m, out)
        if "│" in text and "VALUE" in text:
            done = 0  # the end of the last table read: its rows are never read again
            for m in _BOX_HEADER.finditer(text):
                if m.start() >= done:
                    done = self._box(text, m, out)
        return out

    def _value(self, text: str, s: int, e: int, out: list[Span]) -> None:
        if e - s >= 4 and kept_by(text, s, e, _KEEPS) is None and text[s:e].strip("*•x"):
            out.append(Span(s, e, "secret", self.name, 0.85))

    def _printed(self, text: str, prompt: regex.Match[str], out: list[Span]) -> None:
        """The lines printed by the command after ``prompt`` when it prints credential variables."""
        names = _printed_variables(prompt["cmd"])
        if not names or not any(_holds_credential(n) for n in names):
            return
        lines: list[tuple[int, int]] = []
        pos = prompt.end() + 1
        while pos < len(text) and len(lines) <= len(names):
            le = _line_end(text, pos)
            if not text[pos:le].strip() or _PROMPT_COMMAND.fullmatch(text, pos, le):
                break
            lines.append((pos, le))
            pos = le + 1
        if len(lines) == len(names):
            pairs = list(zip(names, lines, strict=True))
        elif len(lines) < len(names) and all(_holds_credential(n) for n in names):
            pairs = [(names[0], line) for line in lines]  # (an unset one skipped: every one is a credential's)
        else:
            return
        for name, (a, b) in pairs:
            while b > a and text[b - 1] in " \t\r":
                b -= 1
            if (_holds_credential(name) and b - a >= 6 and " " not in text[a:b].strip()
                    and not text[a:b].startswith(("/", "~", "./", "C:\\", "$"))):  # (a key's file, not the key)
                self._value(text, a, b, out)

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
