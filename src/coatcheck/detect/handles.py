"""Handles derived from what was found: the login names people make from their names (``jsmith``, ``john.smith``,
``smith_j``, ``johsmi``, ``js1987``) and the local parts of their e-mail addresses (``maureen91@…`` → ``maureen91``).

Once a text or a session holds a person's full name or address, these tokens are that person's handles wherever they
stand as a whole token: in a prompt (``jsmith@devbox``), an ``ls -l`` column, a URL path, a ticket's ``(jsmith)``.
One pass over the text's tokens with set lookups: linear in the text.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable

import regex

from ..spans import Span
from .validators import gazetteer_name
from .vocabulary import is_product, plain_words, vocab_cache, word_set

DERIVED = "derived-handle"
# A handle-shaped token standing alone: not inside a longer identifier, an e-mail's domain or a path's extension
# (before an "@" it may stand: a prompt's user@host).
_TOKEN = regex.compile(r"(?<![\w.@-])[A-Za-z][A-Za-z0-9]*(?:[._-][A-Za-z0-9]+)*(?!\w|[.-]\w)")
_TRAILING_DIGITS = regex.compile(r"(\D+?)(\d{1,4})")
_MIN_BARE = 5  # a derived handle without digits: long enough to be no chance word ("jli" is not)


def _fold(word: str) -> str:
    """Lower case, accents off, letters only: "Brönner-Díaz" → "bronnerdiaz" (handles are ASCII)."""
    plain = "".join(c for c in unicodedata.normalize("NFKD", word) if not unicodedata.combining(c))
    return "".join(c for c in plain.lower() if "a" <= c <= "z")


def name_handles(name: str, credible: bool = True) -> tuple[set[str], set[str]]:
    """The handles people derive from ``name`` ("First [Middle] Last"): those that stand on their own (``first.last``,
    ``flast``, ``last_f``, ``fiRlas`` …), and the stems that are a handle only with digits after them (the first
    name, the last name, the initials: ``maria84``, ``rossi1``, ``mr1984``). A name no gazetteer vouches for
    (``credible`` false: "Flat Pages" may be a heading the model took for a name) gives only the forms that join
    an initial or a separator to a whole name, never the bare words run together (``flatpages``) or a stem."""
    parts = [p for p in (_fold(w) for w in name.split()) if p]
    if len(parts) < 2:
        return set(), set()
    first, last = parts[0], parts[-1]
    fi, li = first[0], last[0]
    bare: set[str] = set()
    for sep in (".", "_", "-", ""):
        bare |= {first + sep + last, fi + sep + last, last + sep + first, last + sep + fi, first + sep + li}
    bare.add(first[:3] + last[:3])
    bare.add(first[:2] + last[:4])
    bare = {h for h in bare if len(h) >= _MIN_BARE}
    if not credible:  # the initials still make a handle with digits (th1977)
        return bare - {first + last, last + first, first[:3] + last[:3], first[:2] + last[:4]}, {fi + li}
    stems = {first, last, fi + li, fi + parts[1][0] + li, *bare}
    return bare, stems


@vocab_cache
def _role_mailboxes() -> frozenset[str]:
    return word_set("handles", "role_mailboxes")


def email_handle(address: str) -> str | None:
    """The local part of ``address`` when it reads as its owner's login: not a shared mailbox's (``info``,
    ``kontakt``) or the organisation's own (the local part is its domain's name), not a plain word, at least four
    characters, no plus-tag."""
    local, _, domain = address.partition("@")
    if "+" in local:
        local = local.split("+", 1)[0]
    low = local.lower()
    if len(local) < 4 or low in _role_mailboxes() or low in plain_words() or not _TOKEN.fullmatch(local):
        return None
    if any(low in label for label in domain.lower().split(".")[:-1]):
        return None  # the organisation's own mailbox: codehaus@codehaus.org, pallets@palletsprojects.com
    return local


_HOST_BEFORE = regex.compile(r"[\w-]+(?:\.[\w-]+)+(?::\d+)?/$")


def _after_host(text: str, start: int) -> bool:
    """``text[start:]`` is the first path segment after a host name (``github.com/<owner>/repo``)."""
    return _HOST_BEFORE.search(text, max(0, start - 100), start) is not None


class HandleIndex:
    """The handles of a set of names and addresses, found in any text."""

    def __init__(self, names: Iterable[str] = (), addresses: Iterable[str] = (), category: str = "username") -> None:
        self.category = category
        self.bare: set[str] = set()
        self.stems: set[str] = set()
        for name in names:
            bare, stems = name_handles(name, gazetteer_name(name))
            self.bare |= bare
            self.stems |= stems
        for address in addresses:
            local = email_handle(address)
            if local is not None:
                self.bare.add(local.lower())
        self.bare -= plain_words()
        self.stems = {s for s in self.stems if s not in plain_words() and not is_product(s)}

    def __bool__(self) -> bool:
        return bool(self.bare or self.stems)

    def spans(self, text: str) -> list[Span]:
        """Every whole token of ``text`` that is one of the handles."""
        if not self:
            return []
        out = []
        for m in _TOKEN.finditer(text):
            if text[m.end():m.end() + 1] in ("/", "\\") and not _after_host(text, m.start()):
                continue  # a directory's name (flatpages/default.html); home directories are the home-path detector's
            token = m.group().lower()
            hit = token in self.bare
            if not hit:
                d = _TRAILING_DIGITS.fullmatch(token)
                hit = d is not None and d.group(1).rstrip("._-") in self.stems and len(token) >= 4
            if hit:
                out.append(Span(m.start(), m.end(), self.category, DERIVED, 0.85))
        return out
