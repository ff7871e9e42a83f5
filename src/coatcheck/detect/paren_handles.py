"""Logins in parentheses, where people write a handle beside who owns it.

- right after a person's name a stage found: ``Jonas Müller (midnight_merge)``, ``Ana Souza (anab)``,
  ``Katarzyna Nair (grumpyoctopus auf GitHub)``;
- before a person's name in parentheses that ends its line, the login opening the line or its label's value:
  ``gigi20 (Davide Marino)`` (``cargo owner --list``, a team's roster), ``Conseiller: dubreuma (Maëlle Dubreuil)``
  (a call note's staff line), shaped as a login or made from the name (after a label, made from it);
- right after an account's noun and at most three words about it, in five languages: ``das gemeinsame Owner-Konto
  (schneiders)``, ``l'account owner condiviso (romano.f)``, ``la cuenta propietaria compartida (diegorui)``.

The word in parentheses must be shaped like a login, with a digit, a dot or an underscore, or made from the name
before it (``Kenji Watanabe (kenjiwat)``), or have the site it is on after it: roles, teams and places stay; and,
after an account's noun, no capital and no region (``(us-east-1)``); a noun that opens its line is a docstring's
parameter (``user (models.User):``). It must also pass
:func:`.logins_features.is_candidate`: ``(Berlin)``, ``(optional)``, ``(v2.1)`` stay. Linear in the text.
"""

from __future__ import annotations

import functools
import unicodedata
from collections.abc import Iterable

import regex

from ..spans import Span
from .keep import kept_by
from .logins_features import is_candidate
from .validators import person_login, unowned_word
from .vocabulary import phrase_alternation, vocabulary_words

DETECTOR = "paren-handle"
# "(midnight_merge)", "(grumpyoctopus on GitHub)", "(anab auf GitLab)": the handle, then the site it is on
# (a page or a chat export wraps the handle in markup or code: "(`gaetmore`", "(<span class="handle">@ayse_d</span>)",
# "(<a href="…">@karim99</a>)"; the closing wrapper must match the opening one)
_PAREN = regex.compile(r"[^\S\n]{0,2}\((?:(?P<tick>`)|<(?P<tag>span|code|a|b|strong|em|kbd|i)\b[^<>\n]{0,300}>)?"
                       r"(?P<at>@?)(?P<v>[A-Za-z][\w.-]{0,38}[A-Za-z0-9_])"
                       r"(?(tick)`|(?(tag)</(?P=tag)>))"
                       r"(?P<site>[^\S\n]+(?:on|auf|bei|su|sur|en|in)[^\S\n]+\p{Lu}[\w.-]{1,30})?"
                       r"(?:\)|(?(tick)[,;]|(?(tag)[,;]|(?!))))")
_HEX = regex.compile(r"[0-9a-f]{6,40}")
# a staff line's role, a first name alone, then the login made from it in parentheses: "Operatore: Fionn
# (fionn.okonkwo)", "Agent: Priyanka (priyanka.hoffmann03)" (a chat transcript's or a ticket's header)
_FIRST_PAREN = regex.compile(r"(?m)^[ \t]*(?P<role>\p{L}[\p{L} ]{1,28}?)[ \t]*:[ \t]*(?P<n>\p{Lu}\p{Ll}{2,20})[^\S\n]{1,2}"
                             r"\((?P<v>\p{Ll}[\w.-]{2,38}[\p{Ll}0-9])\)")
# a chat's mention of a member by their id, their handle in parentheses after it: "<@U0K74DZ8HRW> (sgautreau)"
_MENTION_PAREN = regex.compile(r"<@[UW][A-Z0-9]{6,12}(?:\|[^>\n]{1,40})?>[^\S\n]?\((?P<v>[a-z][\w.-]{1,38}[a-z0-9_])\)")
# (after a field's label: "Conseiller: dubreuma (Maëlle Dubreuil)", a call note's or a ticket's staff line)
_LEADING_LOGIN = regex.compile(r"[ \t]*(?P<label>\p{L}[\p{L} ]{1,28}?[ \t]*:[ \t]*)?(?P<v>[A-Za-z][\w.-]{0,38}[A-Za-z0-9_])[ \t]")
_LOGIN_MARK = regex.compile(r"[\d._]")
_REGION = regex.compile(r"[a-z]{2}(?:-[a-z]+)+-\d")
_KEEPS = ("is_service_username", "is_templated", "is_placeholder_value", "is_fictional_person", "is_version",
          "is_date", "is_code_word", "is_product_name")


@functools.cache
def _account() -> regex.Pattern[str]:
    nouns = phrase_alternation(vocabulary_words("cues", "account_nouns"))
    return regex.compile(rf"(?i)(?<![\w.])(?:[\w]+-)?(?:{nouns})(?![\w])(?:[^\S\n]+[\p{{L}}'’-]{{1,20}}){{0,3}}?"
                         r"[^\S\n]{1,2}\((?P<v>[A-Za-z][\w.-]{0,38}[A-Za-z0-9_])\)")  # prose: a blank before "("


def _made_from(word: str, name: str) -> bool:
    """Whether ``word`` starts the way people make a handle of ``name``: three letters or more of one name then two of
    the other, or an initial then four of the last ("Kenji Watanabe (kenjiwat)", "Ana Souza (asouza)")."""
    parts = [f for f in (_fold(p) for p in regex.findall(r"\p{L}+", name)) if len(f) >= 2]
    low = _fold(word)
    if len(parts) < 2 or len(low) < 4:
        return False
    first = parts[0]
    # both names leave their mark: kenji+wat, wat+kenji, j+smith; one name's first letters alone are a word's too
    # ("Maria Rossi (marketing)", "Carlo Conti (contractor)"); any of two surnames ("Santiago Ibarra Lozano
    # (sibarralozano)")
    for last in parts[1:]:
        for a, b in ((first, last), (last, first)):
            for k in range(3, len(a) + 1):
                if low.startswith(a[:k]) and low[k:k + 2] == b[:2]:
                    return True
        if low.startswith(first[0] + last[:4]) if len(last) >= 4 else low == first[0] + last:
            return True
    return False


def _fold(word: str) -> str:
    """Lower case, accents off: "Gaëtan" → "gaetan" (a handle is written in ASCII)."""
    return "".join(c for c in unicodedata.normalize("NFKD", word.lower()) if not unicodedata.combining(c))


@functools.cache
def _staff_roles() -> frozenset[str]:
    """The labels a transcript's or a ticket's header gives the staff member it names (rules.toml [login_roles],
    [people_roles], and a chat's own: "Mitarbeiter", "Moderator"), lower case; not "Host", "Operator", "Support": a
    server's, a cluster's and a distribution's too."""
    return (frozenset(w.lower() for w in vocabulary_words("rules", "login_roles"))
            | frozenset(w.lower() for w in vocabulary_words("rules", "people_roles"))
            | {"mitarbeiter", "mitarbeiterin", "moderator", "staff"})


def _login(text: str, s: int, e: int) -> bool:
    # an IRC or chat handle may end with underscores (cyberpanda_): the login's shape is read without them
    return is_candidate(text[s:e].rstrip("_")) and kept_by(text, s, e, _KEEPS) is None


def paren_handles(text: str, found: Iterable[Span]) -> list[Span]:
    """The logins in parentheses after the persons of ``found`` and after an account's noun in ``text``."""
    out: list[Span] = []
    if "(" not in text:
        return out
    for p in found:
        if p.category != "person":
            continue
        m = _PAREN.match(text, p.end)
        if m is not None and (not m.group("at") or m.group("tick") or m.group("tag")):
            s, e = m.span("v")
            # a role, a team or a place in parentheses is a word ("(intern)", "(nyc)", "(team-payments)"): a login
            # there has a digit, a dot or an underscore, or the site it is on follows it
            made = _made_from(text[s:e], text[p.start:p.end])
            if text[s:e].isupper() and not made:
                continue  # "Apple Distribution: Jihoon Henderson (CBQN2M65QB)": a team's or a record's code
            if (_LOGIN_MARK.search(text, s, e) or m.group("site") or made) and _login(text, s, e):
                out.append(Span(s, e, "username", DETECTOR, 0.75))
        if text[p.start - 1:p.start] == "(" and text[p.end:p.end + 1] == ")" and \
                text[p.end + 1:p.end + 2] in ("", "\n", "\r"):
            # a listing's line "gigi20 (Davide Marino)" (cargo owner --list, a team's roster): the login, then whose
            # (a changelog's or a credits list's "a1b2c3d (Lena Fischer)", "- esbuild (Evan Wallace)": a commit's, a
            # branch's or a package's name before its author, no login: a login has a digit, a dot or an underscore,
            # or is made from the name, and is no hex run)
            ls = text.rfind("\n", 0, p.start) + 1
            lead = _LEADING_LOGIN.fullmatch(text, ls, p.start - 1)
            if lead is not None and _login(text, a := lead.start("v"), b := lead.end("v")):
                login = text[a:b]
                made = _made_from(login, text[p.start:p.end])
                # (after a label only a login made from the name: "Host: web03 (Anna Schmidt)", "Ticket: INC0048213
                # (…)" name a machine or a record beside their owner)
                if ((made or _LOGIN_MARK.search(login) and lead.group("label") is None) and not _HEX.fullmatch(login)
                        and person_login(login)):
                    out.append(Span(a, b, "username", DETECTOR, 0.75))
    for m in _FIRST_PAREN.finditer(text):
        name = _fold(m["n"])
        s, e = m.span("v")
        value = _fold(text[s:e])
        # the login starts with the first name and adds a separator or the surname's letters to it ("fionn.okonkwo",
        # "priyanka.hoffmann03"; not "Python (python3)", "Maria (maria)"), under a staff role's label
        # (after the name, a separator and three letters of a surname: not a version's or a region's digits)
        if (m["role"].lower() in _staff_roles() and value.startswith(name)
                and regex.match(r"[._-]?\p{Ll}{3}", value[len(name):]) and unowned_word(name) and _login(text, s, e)):
            out.append(Span(s, e, "username", DETECTOR, 0.75))
    if "<@" in text:
        for m in _MENTION_PAREN.finditer(text):
            s, e = m.span("v")
            if _login(text, s, e):
                out.append(Span(s, e, "username", DETECTOR, 0.75))
    for m in _account().finditer(text):
        s, e = m.span("v")
        line_start = text.rfind("\n", 0, m.start()) + 1
        if text[line_start:m.start()].strip() == "":
            continue  # "user (models.User): the caller" opens a docstring's line: a parameter and its type
        if (_LOGIN_MARK.search(text, s, e) and not _REGION.fullmatch(text, s, e) and not any(c.isupper() for c in text[s:e])
                and _login(text, s, e)):
            out.append(Span(s, e, "username", DETECTOR, 0.75))
    return out
