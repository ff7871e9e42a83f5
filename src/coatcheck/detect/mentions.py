"""Handles written as mentions: ``@mbianchi`` in a chat line, a ticket's ``Assignee: @silguero_d``, ``/cc @mg1997``,
a name's ``(@tkowalczyk)``. Whoever writes "@" before a word that no language or code owns is naming an account.

The "@" must start a token (not an address's, a package's ``name@1.2`` or a prompt's ``user@host``) and the word must
end there (not a decorator's ``@app.route(``, a scope's ``@types/node``, Vue's ``@click=``, a Ruby or LESS variable's
assignment). Words a language, a codebase or a product owns stay (``@property``, ``@param``, ``@here``, ``@github``),
and lines that read as code do not count: a Makefile recipe's ``@echo``, a decorator alone on its line, SQL's
``@UserId``, a stylesheet's ``@media … {``.
"""

from __future__ import annotations

import unicodedata
from bisect import bisect_left

import regex

from .._data import word_list
from ..spans import Span
from .keep import kept_by
from .lines import newline_offsets
from .validators import person_handle
from .vocabulary import dictionary_words, is_product, vocab_cache, word_set

MENTIONS = "mentions"
_MENTION = regex.compile(
    r"(?:(?<![\w@$.\\/+:%&=#*`~-])|(?<=\\[nrt]))@(?P<v>[A-Za-z][A-Za-z0-9_-]{0,37}[A-Za-z0-9_])"
    r"(?![\w(/={\[<@-]|\.\w|\.\.|:[^\s])"  # a sentence's full stop may end it: "PR von @jane-doe."
    # a log's key=@handle (referrer=@mateusz-naka), not a file a command reads (curl -F file=@photo.jpg)
    r"|(?<=[A-Za-z_]=)@(?P<v>[A-Za-z][A-Za-z0-9_-]{0,37}[A-Za-z0-9_])(?![\w(/={\[<@.-]|:[^\s])"
    # a dotted handle (GitLab, Discord, Matrix locals) where only a handle stands: after a label's colon, in brackets
    # (a part after a dot may be the digits people add: "@zhouf.98")
    r"|(?:(?<=:[ \t])|(?<=\()|(?<=:[ \t]?[\"']))@(?P<v>[a-z][a-z0-9_-]{0,30}(?:\.(?:[a-z][a-z0-9_-]{0,30}|\d{2,4})){1,2})(?![\w(.@/:-])"
    # or anywhere before a word when no code writes it: a hyphenated part or an initial ("@ni.fontaine-dev voici",
    # "@kwame.o thanks"), not a decorator's dotted path ("@pytest.mark.slow") nor a domain ("@bun.sh", "@x.ai")
    r"|(?<![\w@$.\\/+:%&=#*`~-])@(?!v\d|types\.)(?P<v>[a-z][a-z0-9_]{0,30}\.(?:[a-z][a-z0-9_]{0,30}-[a-z0-9-]{1,20}|[a-z]))"
    # (before a word, a table's next cell, a parenthesis, or the end of its line or sentence: "| @radu.a |",
    # "Escalade à @remi.f (équipe jeux).")
    r"(?=[ \t]+(?:\p{L}|\||\()|[ \t]*(?:\||\r?\n|\Z|[.,;!?](?:\s|\Z)))"
    # or first.last anywhere in a sentence, when the gazetteers know both parts as a name ("thanks @jan.kowalski for")
    r"|(?<![\w@$.\\/+:%&=#*`~-])@(?P<dn>(?P<first>\p{Ll}[\p{Ll}'-]{0,30})\.(?P<last>\p{Ll}[\p{Ll}'-]{1,30}))(?![\w(.@/:=-])")
_SLACK_MEMBER = regex.compile(r"<@(?P<v>[UW][A-Z0-9]{8,12})(?:\|(?P<label>[^<>|\n]{1,80}))?>")
_JIRA_MENTION = regex.compile(r"(?<![\w\])\[])\[~(?!accountid:)(?P<v>[A-Za-z0-9][\w.@+-]{0,62}[A-Za-z0-9])\]")
_SQL = regex.compile(r"(?i)\b(?:select|insert\s+into|update\s+[\w\[\]`.]+\s+set|declare|exec(?:ute)?|values|where\s+\w+\s*=)\b")
_CODE_END = regex.compile(r"[;{]\s*$")  # a statement or a block opens; a JSON line closes with "}"
_COMMENT = regex.compile(r"\s*(?:#|//|/\*|--)")
_PROMPT = regex.compile(r"\s*(?:>>>|\.\.\.)\s*$")  # a doctest's decorator line
_PARTS = regex.compile(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+|\d+")
# a monitoring tool's notification handle: the integration's name, a dash, the service or channel it pages
_NOTIFY_CHANNEL = regex.compile(r"(?:pagerduty|slack|opsgenie|webhook|teams|victorops|servicenow|jira|msteams|sns|"
                                r"discord|splunk_oncall)-(?:[\w.]*[A-Z][\w.-]*|[\w.]+-[\w.-]+)")
_KEEPS = ("is_code_word", "is_product_name", "is_service_username", "is_placeholder_value", "is_templated")


def _folded(value: str) -> str:
    """``value`` in ASCII letters where they have one ("aydın" → "aydin", "lefèvre" → "lefevre")."""
    return unicodedata.normalize("NFKD", value.replace("ı", "i")).encode("ascii", "ignore").decode()


_NON_BLANK = regex.compile(r"\S")


def _code_line(text: str, at: int, end: int, lines: list[int], seen: dict[int, bool]) -> bool:
    """The line around a mention reads as code: a recipe or decorator, SQL, a statement or block. ``lines``: the
    offsets of the text's line breaks; ``seen``: the whole-line verdicts reached, by line start (a line of many
    mentions is read once)."""
    k = bisect_left(lines, at)
    ls = lines[k - 1] + 1 if k else 0
    le = lines[k] if k < len(lines) else len(text)
    first = _NON_BLANK.search(text, ls, at)
    after = _NON_BLANK.search(text, end, le)
    alone = after is None or _COMMENT.match(text, end, le) is not None
    if text.startswith("\t", ls) and first is None:
        return True  # a Makefile recipe's "@echo"
    if alone and (first is None or (at - ls < 16 and _PROMPT.fullmatch(text[ls:at]))):
        return True  # a decorator or annotation alone on its line
    if ls not in seen:
        seen[ls] = bool(_SQL.search(text, ls, le) or _CODE_END.search(text, ls, le))
    return seen[ls]


def _code_compound(word: str, owned: frozenset[str]) -> bool:
    """An identifier made of words and acronyms (``derived_value``, ``OldAPIStack``, ``nsPrefix``), not a handle made
    of a name (``marco-ippolito``, ``MylesBorins``, ``silguero_d``)."""
    parts = _PARTS.findall(word)
    if len(parts) < 2:
        return False
    if (len(parts) == 2 and parts[0].isalpha() and parts[0].islower() and len(parts[0]) <= 4
            and parts[1].isdigit() and len(parts[1]) == 4 and 1940 <= int(parts[1]) <= 2012):
        return False  # initials and a birth year, the way people number handles (@no2004, @an1969); @es2022 is code
    if regex.fullmatch(r"\p{Ll}+\p{Lu}\w*", word) and "_" not in word and "-" not in word:
        return True  # lowerCamelCase is a variable's or attribute's: handles start with a capital or stay lower
    return all(p.isdigit() or p.lower() in owned or is_product(p) or (p.isupper() and len(p) <= 5) for p in parts)


@vocab_cache
def _owned() -> frozenset[str]:
    """The words a team's or a group's mention is made of (@finance, @security, @devops): a function, not a person."""
    return dictionary_words() | word_list("at_words") | word_set("handles", "role_mailboxes")


class MentionDetector:
    """``@handle`` mentions in prose, tickets and chat."""

    name = MENTIONS
    produces = frozenset({"username"})

    def detect(self, text: str) -> list[Span]:
        """The handles of ``text``'s mentions (the word after "@", not the sign)."""
        out: list[Span] = []
        if "[~" in text:
            # Jira's wiki markup writes a mention as [~login] (Server and Data Center; Cloud writes [~accountid:…])
            for m in _JIRA_MENTION.finditer(text):
                s, e = m.span("v")
                if m["v"].lower() not in word_set("handles", "role_mailboxes") and kept_by(text, s, e, _KEEPS) is None:
                    out.append(Span(s, e, "username", f"{self.name}:jira", 0.85))
        if "<@" in text:
            # Slack's mention of a member by id (<@U05LGXIHMEM>, <@U05LGXIHMEM|ana>): the id is the person's, and so is
            # the name the API writes after the bar (the member's handle or name as the message showed it)
            for m in _SLACK_MEMBER.finditer(text):
                out.append(Span(m.start("v"), m.end("v"), "username", f"{self.name}:slack", 0.8))
                ls, le = m.span("label")
                if m["label"] and kept_by(text, ls, le, _KEEPS) is None:
                    out.append(Span(ls, le, "username", f"{self.name}:slack", 0.8))
        if "@" not in text:
            return out
        # a team's or a group's mention names a function, not a person (@finance, @security, @devops)
        owned = _owned()
        seen: dict[int, bool] = {}
        lines = newline_offsets(text)
        for m in _MENTION.finditer(text):
            if m["dn"] is not None:
                last = m["last"]
                if (not (len(m["first"]) == 1 or m["first"] in word_list("first_names_lower")) or not (
                        last in word_list("last_names_lower")
                        or len(last) >= 4 and last not in owned and last not in word_list("prose_words"))) and not (
                        len(m["first"]) >= 3 and len(last) >= 4 and person_handle(_folded(m["dn"]))
                        and not any(w in dictionary_words() or w in owned for w in (m["first"], last))):
                    continue  # a decorator's path (@mark.parametrize), a domain (@anna.io, @max.shop); a name the lists
                    # miss made like a handle stays one ("@siosaia.taufa", "@kemal.aydın")
                s, e = m.span("dn")
                if kept_by(text, s, e, _KEEPS) is None and not _code_line(text, m.start(), e, lines, seen):
                    out.append(Span(s, e, "username", self.name, 0.8))
                continue
            s, e = m.span("v")
            word = m["v"]
            low = word.lower()
            if (low in owned or low.replace("-", "").replace("_", "") in owned or is_product(word)
                    or _code_compound(word, owned) or _NOTIFY_CHANNEL.fullmatch(word)):
                continue  # (a monitor's notification channel: @pagerduty-Payments, @slack-ops-alerts, @webhook-x)
            if _code_line(text, m.start(), e, lines, seen) or kept_by(text, s, e, _KEEPS) is not None:
                continue
            out.append(Span(s, e, "username", self.name, 0.8))
        return out
