"""The authors of a thread copied out of Slack, Teams or Mattermost: each message opens with its author's login alone on
its line, two blanks or more and the time (``meilingg  10:42``), the message on the next line. One such line alone may
be a tool's output ("maxlint  3:40" then "run the linter"); two authors or more, answering each other, are a thread,
and each author's login is a person's: one made of a name, or one no gazetteer spells that the thread @mentions
(``@meilingg``). The same for a thread that puts the time first in brackets (``[09:20] chen.wei: …``) or heads
a message with the author's display name (``Jaume Etxeberria [22:28]``). A support chat names its staff by role
and given name (``[14:02] Operatore Giorgia:``).
Linear in the text."""

from __future__ import annotations

import regex

from ..spans import Span
from .keep import kept_by
from .validators import gazetteer_name, pasted_chat_login, person_login, unowned_word
from .vocabulary import dictionary_words, is_product
from .._data import word_list

NAME = "chat-authors"
_KEEPS = ("is_service_username", "is_templated", "is_placeholder_value", "is_code_word")
# an author line: the login, two blanks or more, the time, the end of the line, then the message (not another author
# line right away: a list of timings "alexnet  12:30" / "resnet50  45:10" is no thread)
# (the message's line starts flush, as a copied thread writes it: an agenda's or a schedule's indented line is no
# message; the check on the next line reads an author line's shape only, bounded: linear on long lines)
_AUTHOR = regex.compile(r"(?m)^(?P<v>[a-z][a-z0-9._-]{2,30})[ \t]{2,}\d{1,2}:\d{2}(?:[ \t]?[AaPp]\.?[Mm]\.?)?[ \t]*\r?\n"
                        r"(?=\S)(?![a-z][a-z0-9._-]{2,30}[ \t]{2,}\d{1,2}:\d{2}[ \t]*(?:\r?\n|$))")


# the other ways a copied thread heads a message: the time first in brackets, the author and a colon, the message on the
# same line ("[09:20] chen.wei: …", "[10:46] Priya Raman: …"); an author's display name, then the time ("Jaume
# Etxeberria  09:41", "Jaume Etxeberria [22:28]"), the message on the next line
_TIMED = regex.compile(
    r"(?m)^[ \t]*\[(?:\d{4}-\d\d-\d\d[ T])?\d{1,2}:\d{2}(?::\d{2})?(?:[ ]?[AaPp][Mm])?\][ \t]+"
    r"(?P<v>[a-z][a-z0-9._-]{2,30}|\p{Lu}[\p{L}'’-]+(?:[ ]\p{Lu}[\p{L}'’-]+){0,3}):[ \t]+\S")
_NAMED = regex.compile(
    r"(?m)^(?P<v>\p{Lu}[\p{L}'’-]+(?:[ ]\p{Lu}[\p{L}'’-]+){1,3})(?:[ \t]{2,}|[ \t]+\[)\d{1,2}:\d{2}"
    r"(?:[ \t]?[AaPp]\.?[Mm]\.?)?\]?[ \t]*\r?\n(?=\S)")
_MENTION = regex.compile(r"(?<![\w.@])@[a-z][a-z0-9._-]{2,30}")


def _mentioned(text: str) -> frozenset[str]:
    """The logins a thread @mentions (a decorator's or a doc tag's word, ``@dataclass``, ``@param``, is none)."""
    if "@" not in text:
        return frozenset()
    return frozenset(v for m in _MENTION.finditer(text) if person_login(v := m.group()[1:]))


def _thread_login(value: str, mentioned: frozenset[str]) -> bool:
    """A message's author in a thread of the time-first or name-first forms: a login by its shape whose parts are no
    words (a log's "[10:00] nginx-1: up", "[10:00] vite.client: hmr update" name components), or one no list spells
    when the thread @mentions it or, mentioning someone, is a conversation."""
    if pasted_chat_login(value) and "-" not in value and not any(
            len(p) >= 3 and (p in word_list("english_words") or p in dictionary_words() or p in word_list("tool_stems"))
            for p in regex.split(r"[._]", value)):
        return True  # (a logger's "[10:00] webpack.config: compiled", "sqlalchemy.engine: BEGIN" name code)
    return _unlisted_login(value) and bool(mentioned) or value in mentioned and person_login(value)


def _display_name(value: str) -> bool:
    """A thread author's display name: a full name, no product's, place's or a language's word in it (the thread
    says it is a person's; the gazetteers need not know it: "Jaume Etxeberria")."""
    words = value.split()
    return 2 <= len(words) <= 4 and (gazetteer_name(value) or all(
        len(w) >= 2 and unowned_word(w.lower()) and w.lower() not in word_list("places_lower") for w in words)) and not any(
        is_product(w) or w.lower() in word_list("english_words") or w.lower() in dictionary_words() for w in words)


def _unlisted_login(value: str) -> bool:
    """A login no list vouches for: letters (a digit or a mark may follow), no word of a language, code or a product."""
    low = value.lower()
    stem = regex.sub(r"[0-9._-]+$", "", low)
    return (person_login(value) and len(stem) >= 5 and stem.isalpha() and unowned_word(stem)
            and stem not in word_list("english_words") and stem not in word_list("places_lower"))


# a support chat's staff member by role and given name, the time before them ("[14:02] Operatore Giorgia: Ciao!",
# "[14:02] Agent Aoife: Hi there!", "Mitarbeiter Merve: …")
_ROLE_SPEAKER = regex.compile(
    r"(?m)^[ \t]*(?:\[\d{1,2}:\d{2}(?::\d{2})?\][ \t]+)?"
    r"(?:Agent|Agente|Agentin|Operator|Operatore|Operatrice|Operador|Operadora|Opérateur|Opératrice|Mitarbeiter|"
    r"Mitarbeiterin|Berater|Beraterin|Conseiller|Conseillère|Asesor|Asesora|Consulente|Advisor|Adviser|Support|"
    r"Supporto|Soporte|Staff|Technician|Techniker|Technikerin|Técnico|Técnica|Tecnico|Tecnica|Technicien|Technicienne)"
    r"[ \t]+(?P<v>\p{Lu}\p{Ll}{2,}(?:[ ]\p{Lu}\p{Ll}{2,})?)[ \t]*:")


def _staff_name(value: str) -> bool:
    """A given name the name lists know (and maybe a surname), no word of a language, no product's name ("Agent
    Claude:", "Support Escalation:", "Soporte Técnico:" are a program and headings)."""
    words = value.split()
    return (words[0] in word_list("first_names") and all(
        (w in word_list("first_names") or w in word_list("last_names")) and not is_product(w)
        and w.lower() not in word_list("english_words") and w.lower() not in dictionary_words() for w in words))


class ChatAuthorDetector:
    """Author lines of a copied chat thread with two authors or more (see the module docstring)."""

    name = NAME
    produces = frozenset({"username", "person"})

    def detect(self, text: str) -> list[Span]:
        if ":" not in text:
            return []
        out = [Span(m.start("v"), m.end("v"), "person", NAME, 0.75) for m in _ROLE_SPEAKER.finditer(text)
               if _staff_name(m["v"]) and kept_by(text, m.start("v"), m.end("v"), _KEEPS) is None]
        mentioned = _mentioned(text)
        return out + self._authors(text, mentioned) + self._timed(text, mentioned)

    @staticmethod
    def _timed(text: str, mentioned: frozenset[str]) -> list[Span]:
        """Authors of the bracketed-time and display-name forms (:data:`_TIMED`, :data:`_NAMED`): two such lines or
        more, of two authors or in a thread that @mentions someone, make a thread; a login by its own shape, or one
        no list spells in a thread that @mentions someone, a display name of a person."""
        out = []
        for form in (_TIMED, _NAMED):
            lines = list(form.finditer(text))
            if len(lines) < 2 or len({m["v"] for m in lines}) < 2 and not mentioned:
                continue
            for m in lines:
                v = m["v"]
                a, b = m.span("v")
                if v[:1].islower():
                    ok, cat = _thread_login(v, mentioned), "username"
                else:
                    ok, cat = _display_name(v), "person"
                if ok and kept_by(text, a, b, _KEEPS) is None:
                    out.append(Span(a, b, cat, NAME, 0.75))
        return out

    @staticmethod
    def _authors(text: str, mentioned: frozenset[str]) -> list[Span]:
        lines = list(_AUTHOR.finditer(text))
        authors = {m["v"] for m in lines}
        # a thread: two authors or more, each a login by its own shape (a name run into its initial, a mark) or one
        # the thread @mentions ("@meilingg vale, …": a login no list spells is a member's when someone mentions it);
        # or one author writing twice in a thread that @mentions a member ("norgaardg  10:41" / "@myildirim …")
        alone = len(authors) == 1 and len(lines) >= 2 and bool(mentioned)
        logins = {a for a in authors if pasted_chat_login(a) or _unlisted_login(a) and (a in mentioned or alone)}
        if len(authors) < 2 and not alone or not logins:
            return []
        out = []
        for m in lines:
            v = m["v"]
            a, b = m.span("v")
            if v in logins and kept_by(text, a, b, _KEEPS) is None:
                out.append(Span(a, b, "username", NAME, 0.75))
        return out
