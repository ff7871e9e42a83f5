"""Handles derived from what was found: the login names people make from their names (``jsmith``, ``john.smith``,
``smith_j``, ``johsmi``, ``js1987``) and the local parts of their e-mail addresses (``maureen91@…`` → ``maureen91``).

Once a text or a session holds a person's full name or address, these tokens are that person's handles wherever they
stand as a whole token: in a prompt (``jsmith@devbox``), an ``ls -l`` column, a URL path, a ticket's ``(jsmith)``.
One pass over the text's tokens with set lookups: linear in the text.
"""

from __future__ import annotations

import string
import unicodedata
from collections.abc import Iterable, Iterator

import ahocorasick
import regex

from ..spans import Span
from .._data import word_list
from .validators import gazetteer_name, role_mailbox
from .vocabulary import dictionary_words, first_names, is_product, name_particles, plain_words

DERIVED = "derived-handle"
# A handle-shaped token standing alone: not inside a longer identifier, an e-mail's domain or a path's extension
# (before an "@" it may stand: a prompt's user@host). A JSON string's escaped line break or tab before it is a boundary.
# a Windows computer's name: capitals, digits and hyphens, fifteen at most (NetBIOS), a prefix and the owner's handle
_DEVICE = regex.compile(r"(?<![\w.@/-])[A-Z0-9]{1,10}(?:-[A-Z0-9]{2,15}){1,3}(?![\w.@-])")


def _device_head(text: str, start: int) -> int:
    """Where the hyphenated word around ``start`` begins (``NB-`` of ``NB-ACAPUTO-02``)."""
    head = start
    while head > 0 and (text[head - 1].isalnum() or text[head - 1] == "-") and start - head < 20:
        head -= 1
    return head


_TOKEN = regex.compile(r"(?:(?<![\w.@-])|(?<=\\[ntr]))[A-Za-z][A-Za-z0-9]*(?:[._-][A-Za-z0-9]+)*(?!\w|[.-]\w)")
# a document's, a scan's, a recording's or an export's file name, by its extension (a folder's is told by the path's
# next segment); not a module's (a code file's name, an attribute's access: RAY_DATA_LOG.items)
_FILE_EXTENSION = regex.compile(r"\.(?:pdf|jpe?g|png|gif|tiff?|heic|webp|bmp|docx?|xlsx?|ods|odt|rtf|csv|tsv|txt|eml|msg"
                                r"|zip|mp[34]|m4a|wav|mov|json|xml|ics|vcf|log)$")
_TRAILING_DIGITS = regex.compile(r"(\D+?)(\d{1,4})")
_BIRTH_YEAR = regex.compile(r"19[4-9]\d|200\d")
_CAPITALISED = regex.compile(r"(?<![\w@.-])\p{Lu}\p{Ll}+(?:-\p{Lu}\p{Ll}+)?(?![\w@-]|\.\w)|(?<![\w@.-])\p{Lu}{3,}(?![\w@-]|\.\w)")
NAME_WORD = "handles:name-word"
_NAME_PAIR = regex.compile(r"(?<![\w@.-])(?P<a>\p{Lu}\p{Ll}+)[ ](?P<b>\p{Lu}\p{Ll}+(?:-\p{Lu}\p{Ll}+)?)(?![\w@-]|\.\w)")
_ASCII_LOWER = str.maketrans(string.ascii_uppercase, string.ascii_lowercase)
_MIN_BARE = 5  # a derived handle without digits: long enough to be no chance word ("jli" is not)


_GERMAN = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue", "ß": "ss", "Ä": "ae", "Ö": "oe", "Ü": "ue"})


def _fold(word: str, german: bool = False) -> str:
    """Lower case, accents off, letters only: "Brönner-Díaz" → "bronnerdiaz" (handles are ASCII); ``german``:
    umlauts written out first ("Jürgen" → "juergen"), the other way people spell them in a login."""
    if german:
        word = word.translate(_GERMAN)
    plain = "".join(c for c in unicodedata.normalize("NFKD", word) if not unicodedata.combining(c))
    return "".join(c for c in plain.lower() if "a" <= c <= "z")


def _pair_handles(first: str, last: str) -> tuple[set[str], set[str]]:
    """The handles of one first name and one surname: (joined by a separator or an initial, run together)."""
    fi, li = first[0], last[0]
    bare = {fi + last, last + fi, first + li}
    for sep in (".", "_", "-"):
        bare |= {first + sep + last, fi + sep + last, last + sep + first, last + sep + fi, first + sep + li}
    # whole names run together, and cut the ways account schemes cut them (8-character logins, 3+3, 5+3 letters)
    # (and an ERP's user ids, five of the surname then two of the first name: HADDOKA for Karim Haddouche; not when
    # that cut makes a word: "charter" of Eric Chartier)
    run_together = {first + last, last + first, first[:3] + last[:3], first[:2] + last[:4], last[:5] + first[:3],
                    fi + last[:7], last[:7] + fi}
    if (erp := last[:5] + first[:2]) not in dictionary_words():
        run_together.add(erp)
    return bare, run_together - bare


def _cut_stems(first: str, last: str) -> set[str]:
    """A first name and the head of a surname (carola + alb): a handle with digits after it (carolaalb94); alone only
    when nine letters or more (baptistegu), since shorter cuts make words (jen + kins, mark + down, sam + ba)."""
    return {first + last[:k] for k in (2, 3, 4) if len(last) > k}


_MIN_CUT = 9


def name_handles(name: str, credible: bool = True) -> tuple[set[str], set[str], set[str]]:
    """The handles people derive from ``name`` ("First [Middle] Last", "Nombre Apellido1 Apellido2"): those that
    stand on their own (``first.last``, ``flast``, ``last_f``, ``firlas`` …, with each surname of a name that has
    two, ``agarciav`` for Adrián García Vázquez, and umlauts both dropped and written out); the stems that are a
    handle with one to four digits after them (the first name, the last name, any standing form: ``maria84``,
    ``rossi1``); and the initials, a handle only with a birth year after them (``mr1984``: ``es2015`` and ``py311``
    are no one's). A name no gazetteer vouches for (``credible`` false: "Flat Pages" may be a heading the model took
    for a name) gives only the forms that join an initial or a separator to a whole name, and its initials; never the
    bare words run together (``flatpages``)."""
    bare: set[str] = set()
    run: set[str] = set()
    stems: set[str] = set()
    initials: set[str] = set()
    particles = name_particles()  # "de", "van", "di": no handle is made of them
    for german in (False, True):
        parts = [p for p in (_fold(w, german) for w in name.split() if w.lower() not in particles) if p]
        if len(parts) < 2:
            return set(), set(), set()
        first = parts[0]
        initials |= {first[0] + parts[-1][0]} | ({first[0] + parts[1][0] + parts[-1][0]} if len(parts) > 2 else set())
        for last in parts[1:] if len(parts) <= 4 else (parts[1], parts[-1]):
            joined, together = _pair_handles(first, last)
            bare |= joined
            run |= together
            cuts = _cut_stems(first, last)
            stems |= {first, last} | cuts
            run |= {c for c in cuts if len(c) >= _MIN_CUT}
        if len(parts) > 2:  # two surnames: the first one with the second's initial (agarciav), or both run together
            run |= {first[0] + parts[-2] + parts[-1][0], parts[-2] + parts[-1]}
    bare = {h for h in bare if len(h) >= _MIN_BARE}
    run = {h for h in run if len(h) >= _MIN_BARE}
    if not credible:
        return bare, set(), initials
    return bare | run, stems | bare | run, initials


def email_handle(address: str) -> str | None:
    """The local part of ``address`` when it reads as its owner's login: not a shared mailbox's (``info``,
    ``kontakt``) or the organisation's own (the local part is its domain's name), not a plain word, at least four
    characters, no plus-tag."""
    local, _, domain = address.partition("@")
    if "+" in local:
        local = local.split("+", 1)[0]
    low = local.lower()
    if len(local) < 4 or role_mailbox(low) or low in plain_words() or not _TOKEN.fullmatch(local):
        return None
    if any(label.startswith(low) for label in domain.lower().split(".")[:-1]):
        return None  # the organisation's own mailbox: codehaus@codehaus.org, pallets@palletsprojects.com
    return local


_LOCAL_NAME = regex.compile(r"(?P<first>[A-Za-z]{2,})[._-](?P<last>[A-Za-z]{2,})\d{0,4}")


_LOCAL_INITIAL = regex.compile(r"(?P<fi>[A-Za-z])[._-](?P<last>[A-Za-z]{4,})\d{0,4}")  # m.kowalczyk@… → mkowalczyk


def local_part_name(local: str) -> str | None:
    """The name an address's local part spells, ``first.last`` (also with ``_`` or ``-``, digits after): its owner's
    logins derive from the same name. The first part must be a known first name, so ``build.bot`` and ``no_reply``
    spell no one."""
    m = _LOCAL_NAME.fullmatch(local)
    if m is None:
        return None
    first, last = m.group("first").title(), m.group("last").title()
    if first not in first_names() or last.lower() in plain_words() or first.lower() in plain_words():
        return None
    return f"{first} {last}"


_HOST_BEFORE = regex.compile(r"[\w-]+(?:\.[\w-]+)+(?::\d+)?/$")


def _after_host(text: str, start: int) -> bool:
    """``text[start:]`` is the first path segment after a host name (``github.com/<owner>/repo``)."""
    return _HOST_BEFORE.search(text, max(0, start - 100), start) is not None


class HandleIndex:
    """The handles of a set of names and addresses, found in any text. Built whole before use: one index may be
    shared by threads."""

    def __init__(self, names: Iterable[str] = (), addresses: Iterable[str] = (), category: str = "username") -> None:
        self.category = category
        self.bare: set[str] = set()
        self.stems: set[str] = set()
        self.initials: set[str] = set()
        self.named: set[str] = set()
        self.joined: set[str] = set()
        # the handles made from full names alone (no address's local part: veeam@, scanner@ name no one)
        self.from_names: set[str] = set()
        # the words of the names the addresses spell (tobias.bohm@… → Tobias, Böhm), folded: where they stand
        # capitalised in the same text, they are that person's name (an ORM's row, a chat's "Danke, Tobias")
        self.name_words: set[str] = set()
        # the first and last words of addresses whose first part is no known first name (kofi.mensah@…): their name
        # only where both words stand together, "Kofi Mensah"
        self.name_pairs: set[tuple[str, str]] = set()
        # the handles of names made of words alone ("Red Hat Logo" the model read as a name): never a file's name
        # (redhat.gif is the vendor's logo)
        self.worded: set[str] = set()
        for name in names:
            if len(name.split()) < 2:
                continue
            bare, stems, initials = name_handles(name, gazetteer_name(name))
            if all(w.lower() in dictionary_words() for w in name.split()):
                self.worded |= bare
            self.bare |= bare
            self.from_names |= {h for h in bare if h.isalpha() and len(h) >= 5}
            # (the handles of full names alone, letters and one sign: what a file's name may glue in)
            self.named |= {h for h in bare if regex.fullmatch(r"[a-z]{3,}(?:_[a-z]{3,})?", h)}
            # a whole first name and surname joined by a sign (fatou-ndiaye, demirtas.friederike): the person's slug
            # in a profile's or an author page's path too, with a number after it or a folder's slash
            self.joined |= {h for h in bare if regex.fullmatch(r"[a-z]{3,}[._-][a-z]{3,}", h)}
            self.stems |= stems
            self.initials |= initials
        for address in addresses:
            local = email_handle(address)
            if local is not None:
                self.bare.add(local.lower())
                if (spelled := local_part_name(local)) is not None:  # frauke.albrecht9@… → albrechtf, fkuhlmann
                    # (not a word prose or code writes capitalised at a sentence's start: "Grant read access")
                    self.name_words |= {_fold(w) for w in spelled.split() if len(w) >= 3
                                        and w.lower() not in plain_words() and w.lower() not in word_list("dictionary_words")}
                    bare, stems, initials = name_handles(spelled, gazetteer_name(spelled))
                    self.bare |= bare
                    self.stems |= stems
                elif ((m := _LOCAL_NAME.fullmatch(local)) is not None and len(m["first"]) >= 3 and len(m["last"]) >= 3
                      and not {m["first"].lower(), m["last"].lower()} & (plain_words() | word_list("dictionary_words"))
                      and not is_product(m["first"]) and not is_product(m["last"])
                      and not is_product(f'{m["first"]} {m["last"]}')):
                    self.name_pairs.add((_fold(m["first"]), _fold(m["last"])))
                elif (m := _LOCAL_INITIAL.fullmatch(local)) is not None and m.group("last").title() in word_list("last_names"):
                    fi, last = m.group("fi").lower(), _fold(m.group("last"))  # no last + initial: "admins" from s.admin
                    self.bare |= {fi + last, fi + "_" + last, last + "_" + fi, fi + "-" + last}
        self.bare -= plain_words()
        self.named -= plain_words()
        self.stems = {s for s in self.stems if s not in plain_words() and not is_product(s)}
        self._automaton: ahocorasick.Automaton | None = None
        words = self.bare | self.stems | self.initials
        if words:
            automaton = ahocorasick.Automaton()
            for word in words:
                automaton.add_word(word, len(word))
            automaton.make_automaton()
            self._automaton = automaton

    def name_spans(self, text: str) -> list[Span]:
        """The capitalised words of ``text`` that are a word of a name an address spells (``Böhm`` for
        ``tobias.bohm@…``, umlauts dropped or written out): that person's name."""
        if not self.name_words and not self.name_pairs:
            return []
        out = []
        for m in _CAPITALISED.finditer(text):
            word = m.group()
            if _fold(word) in self.name_words or _fold(word, german=True) in self.name_words:
                out.append(Span(m.start(), m.end(), "person", NAME_WORD, 0.8))
        if self.name_pairs:
            for m in _NAME_PAIR.finditer(text):
                if (_fold(m["a"]), _fold(m["b"])) in self.name_pairs:
                    out.append(Span(m.start(), m.end(), "person", NAME_WORD, 0.8))
        return out

    @classmethod
    def of(cls, values: Iterable[tuple[str, str]]) -> HandleIndex:
        """The index of the persons' names and e-mail addresses among ``(value, category)`` pairs."""
        pairs = list(values)
        return cls([v for v, c in pairs if c == "person"], [v for v, c in pairs if c == "email"])

    def __bool__(self) -> bool:
        return self._automaton is not None

    def _starts(self, text: str) -> Iterator[int]:
        """Where a handle, a stem or initials begin in ``text`` (case-insensitively), found by one automaton."""
        if self._automaton is None:
            return
        seen: set[int] = set()
        for end, length in self._automaton.iter(text.translate(_ASCII_LOWER)):  # same length: offsets hold
            start = end - length + 1
            if start not in seen:
                seen.add(start)
                yield start

    def _part(self, token: str) -> tuple[int, int] | None:
        """Where in an underscored token (a file's or a folder's name) a run of one or two of its parts is a handle
        of two name words joined (``demir_oksana``, ``adriangomez``), when the token is more than that run or is
        that run with its separator; None otherwise."""
        if "_" not in token or not self.named:
            return None
        parts = token.split("_")
        pos = [0]
        for p in parts:
            pos.append(pos[-1] + len(p) + 1)
        for n in (2, 1):
            for i in range(len(parts) - n + 1):
                run = "_".join(parts[i:i + n])
                # two name words joined (demir_oksana), or glued and long (adriangomez): a full name's, never a word's
                if run in self.named and (n == 2 or len(run) >= 2 * _MIN_BARE):
                    return pos[i], pos[i + n] - 1
        return None

    def spans(self, text: str) -> list[Span]:
        """Every whole token of ``text`` that is one of the handles, and the name runs of a file's name."""
        if not self:
            return []
        out = []
        seen: set[int] = set()
        for start in sorted(self._starts(text)):
            m = _TOKEN.match(text, start)
            if m is None and start > 0 and text[start - 1] == "-" and (d := _DEVICE.match(text, _device_head(text, start))):
                # a computer named for its owner, as inventories and sign-in logs print it (NetBIOS names, in
                # capitals): NB-ACAPUTO-02, WS-CLOMBAR-05
                if d.start() not in seen and any(p.lower() in self.from_names and not is_product(p)
                                                 for p in d.group().split("-")):
                    seen.add(d.start())
                    out.append(Span(d.start(), d.end(), self.category, DERIVED, 0.85))
                continue
            if m is None and start > 0 and text[start - 1] == "_":
                head = start  # inside a file's name: logbook_adriangomez_2024.csv
                while head > 0 and (text[head - 1].isalnum() or text[head - 1] == "_") and start - head < 80:
                    head -= 1
                m = _TOKEN.match(text, head)
            if m is None or m.start() in seen:
                continue
            seen.add(m.start())
            token = m.group().lower()
            if ((_FILE_EXTENSION.search(token) or text.startswith("/", m.end()))
                    and (part := self._part(token)) is not None):
                # a file's or a folder's name made of the name and other words: demir_oksana_HBA1C.pdf, uploads/tran_kwame/
                out.append(Span(m.start() + part[0], m.start() + part[1], self.category, DERIVED, 0.85))
                continue
            if text[m.end():m.end() + 1] in ("/", "\\") and not _after_host(text, m.start()) \
                    and not (token in self.joined and text[m.start() - 1:m.start()] == "/"):
                continue  # a directory's name (flatpages/default.html); home directories are the home-path detector's
            end = m.end()
            if (ext := _FILE_EXTENSION.search(token)) is not None:
                # a file named for its person, its name a whole handle: avatars/gattis.webp, maria84.pdf (the name
                # alone is the handle: the extension is the file's)
                token, end = token[:ext.start()], m.start() + ext.start()
                if token in self.worded or token in dictionary_words():
                    continue  # (chart.png beside Chris Hart, price.csv beside Paul Rice: the file's subject)
            hit = token in self.bare
            # (a file's name with digits after a name's word is the file's own numbering or year, conti_2024.pdf,
            # siddiqui_0223.tif: only a whole handle names its person there)
            if not hit and ext is None and (d := _TRAILING_DIGITS.fullmatch(token)) is not None and len(token) >= 4:
                stem = d.group(1).rstrip("._-")
                hit = (stem in self.stems or stem in self.joined
                       or (stem in self.initials and _BIRTH_YEAR.fullmatch(d.group(2)) is not None))
            if hit:
                out.append(Span(m.start(), end, self.category, DERIVED, 0.85))
        return out
