"""Logins that key a map of accounts: a Salt pillar's or an Ansible variable's ``users:`` whose children are named for
their logins (``users:`` / ``  hle:`` / ``    fullname: …``), and the same in JSON (``"users": {"dpham": {…}}``); the
``name`` of each item of a ``users:`` list (``- name: linh.huynh``); and the logins a setting lists (Samba's ``valid
users = a b @group``, sshd's ``AllowUsers a b``, sssd's ``simple_allow_users = a, b``).

The parent key says that the child keys are accounts; a child key must read as a login (no word of a language or of
code, no service account), so ``users:`` / ``  default:`` or ``  enabled:`` stays readable.
"""

from __future__ import annotations

import regex

from ..spans import Span
from .login_phrases import login_at
from .person_records import closing_brace

USER_MAPS = "user-maps"
_PARENTS = r"(?:users|accounts|user_accounts|members|admins|administrators|people|developers|operators|employees|staff|logins|utenti|benutzer|utilisateurs|usuarios)"
_YAML_PARENT = regex.compile(rf"(?mi)^(?P<ind>[ \t]*){_PARENTS}[ \t]*:[ \t]*(?:#[^\n]*)?$")
_YAML_CHILD = regex.compile(r"(?P<ind>[ \t]*)(?P<k>[A-Za-z][\w.-]{1,63}):[ \t]*(?:#[^\n]*)?$")
_JSON_PARENT = regex.compile(rf"""(?i)["']{_PARENTS}["'][ \t]*:[ \t]*\{{""")
_JSON_CHILD = regex.compile(r"""\s*["'](?P<k>[A-Za-z][\w.-]{1,63})["'][ \t]*:[ \t]*\{""")
_LIST_ITEM = regex.compile(r"""(?P<ind>[ \t]*)-[ \t]+(?:(?:name|user|username|login)[ \t]*:[ \t]*)?["']?(?P<k>[A-Za-z][\w.-]{1,63})["']?[ \t]*(?:#[^\n]*)?$""")
_USER_LIST = regex.compile(
    r"(?mi)^[ \t]*(?:valid[ \t]+users|invalid[ \t]+users|write[ \t]+list|read[ \t]+list|admin[ \t]+users|force[ \t]+user|"
    r"simple_(?:allow|deny)_users|allow_?users|deny_?users|allowusers|denyusers|authorized_users|allowed_users)"
    r"[ \t]*[=: \t][ \t]*(?P<list>[^\n#;]{1,1000})")
_LIST_TOKEN = regex.compile(r"(?<![\w@+%&.-])[A-Za-z][\w.-]{1,63}(?![\w@.-])")
# fields an account's entry holds: a map's child is a login only when its entry has one of these
_USER_FIELD = regex.compile(r"""(?i)(?<![\w-])["']?(?:uid|gid|shell|home|fullname|full_name|real_?name|gecos|comment|email|mail|"""
                            r"""groups|password|passwd|ssh_?keys?|authorized_keys|sudo|display_?name|first_?name|last_?name)["']?[ \t]*[:=]""")
_CHILD_SPAN = 4000
_MAX_LINES = 400


class UserMapDetector:
    """Child keys of a map of accounts."""

    name = USER_MAPS
    produces = frozenset({"username"})

    def detect(self, text: str) -> list[Span]:
        """The logins that key ``text``'s maps of accounts."""
        out: list[Span] = []
        for m in _YAML_PARENT.finditer(text):
            out += self._yaml_children(text, m.end(), len(m["ind"].expandtabs()))
        for m in _JSON_PARENT.finditer(text):
            out += self._json_children(text, m.end())
        for m in _USER_LIST.finditer(text):
            ls = m.start("list")
            for t in _LIST_TOKEN.finditer(m["list"]):
                if (span := self._login(text, ls + t.start(), ls + t.end())) is not None:
                    out.append(span)
        return out

    def _login(self, text: str, s: int, e: int) -> Span | None:
        return Span(s, e, "username", self.name, 0.8) if login_at(text, s, e) else None

    def _yaml_children(self, text: str, at: int, parent_indent: int) -> list[Span]:
        out: list[Span] = []
        child_indent: int | None = None
        pos = at + 1
        for _ in range(_MAX_LINES):
            if pos >= len(text):
                break
            end = text.find("\n", pos)
            end = len(text) if end < 0 else end
            line = text[pos:end]
            if line.strip():
                indent = len(line) - len(line.lstrip())
                if indent <= parent_indent:
                    break  # the map ended
                if child_indent is None:
                    child_indent = indent
                if indent == child_indent:
                    m = _YAML_CHILD.fullmatch(line)
                    if m is not None:
                        if _USER_FIELD.search(self._block(text, end + 1, indent)):
                            if (span := self._login(text, pos + m.start("k"), pos + m.end("k"))) is not None:
                                out.append(span)
                        pos = end + 1
                        continue
                    m = _LIST_ITEM.fullmatch(line)
                    if m is None:
                        if line.lstrip().startswith("-"):
                            pos = end + 1
                            continue  # a list item of other fields ("- groups: …"), the next may name the user
                        break  # a scalar, not a map or list of accounts
                    if (span := self._login(text, pos + m.start("k"), pos + m.end("k"))) is not None:
                        out.append(span)
            pos = end + 1
        return out

    @staticmethod
    def _block(text: str, at: int, indent: int) -> str:
        """The lines after ``at`` indented deeper than ``indent`` (a YAML child's own block), at most 40."""
        out = []
        pos = at
        for _ in range(40):
            if pos >= len(text):
                break
            end = text.find("\n", pos)
            end = len(text) if end < 0 else end
            line = text[pos:end]
            if line.strip() and len(line) - len(line.lstrip()) <= indent:
                break
            out.append(line)
            pos = end + 1
        return "\n".join(out)

    def _json_children(self, text: str, at: int) -> list[Span]:
        out: list[Span] = []
        pos = at
        for _ in range(_MAX_LINES):
            m = _JSON_CHILD.match(text, pos)
            if m is None:
                break
            child_start = m.end()
            close = closing_brace(text, child_start - 1, _CHILD_SPAN + 1)  # skip the child's object
            if close is None:
                break  # unclosed or too long: no map of accounts we can read
            i = close + 1
            if _USER_FIELD.search(text, child_start, i) and (span := self._login(text, m.start("k"), m.end("k"))):
                out.append(span)  # a child that holds an account's fields (uid, shell, email, groups …)
            comma = regex.match(r"\s*,", text[i:i + 64])
            if comma is None:
                break
            pos = i + comma.end()
        return out
