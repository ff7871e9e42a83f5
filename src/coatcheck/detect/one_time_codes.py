"""Short codes that open an account or a device: PINs, verification and recovery codes given in a sentence
("Le code PIN de la file sécurisée : 4762", "il PIN dell'account condiviso è 90205", "geben Sie diesen Code ein:
190190"), and the lists of backup codes under their heading ("Codes de secours :" then ``d47be-6b648`` on each
line, "CÓDIGOS DE RESPALDO" then ``7813 1398    3811 4850``).

A code is short and plain, so its shape alone says nothing (a year, a port, an order number); the noun before it
says what it is (issue 24: "the slot decides"). The words are data: ``[code_nouns]``, ``[code_lists]``,
``[code_links]`` and ``[code_enter]`` of ``data/vocab/credentials.toml``, in five languages.
"""

from __future__ import annotations

import functools

import regex

from ..spans import Span
from .keep import kept_by
from .phrases import change_link
from .vocabulary import phrase_alternation, vocabulary_words

# a code: groups of letters and digits joined by "-", or groups of digits by one space ("7813 1398"), four
# characters or more, a digit in it
_CODE = r"[A-Za-z0-9]{3,16}(?:-[A-Za-z0-9]{3,16}){0,3}(?![ ]\d)|\d{3,4}(?:[ ]\d{3,4}){1,3}"
_CODE_CELL = regex.compile(rf"(?=[^\d\s]*\d)(?:{_CODE})")
_SPACED_CODES = regex.compile(r"[A-Za-z0-9]{3,8}-[A-Za-z0-9]{3,8}(?:[ ][A-Za-z0-9]{3,8}-[A-Za-z0-9]{3,8}){1,15}")
# a code the message says is the reader's ("your … code is", "il codice del tuo … è", "dein Code lautet", "votre
# code … est", "tu código es"): the plain noun, made a credential by the possessive, then 4 to 8 digits
_POSSESSIVE = r"(?:your|tuo|tua|dein|deine|ihr|votre|ton|tu|su)"
# (not an error's, a status's, an exit's, a postal or an area code, nor an order's or a promotion's)
# (and German compounds of a thing's code: Barcode, QR-Code, Rabattcode, Quellcode, Ländercode)
_NOT_A_SECRET_CODE = (r"(?:error|exit|status|return|http|zip|postal|post|area|country|order|promo|discount|product|source|"
                      r"response|reason|fehler|errore|erreur|código[^\S\n]+postal|sconto|descuento|remise|bar|qr|rabatt|"
                      r"aktions|quell|programm|länder|laender|sprach|farb|dress|morse)")
# (nor a thing's or a record's own code the message names, by its word's stem in any of the five languages: a
# ticket's, an order's, a product's, a booking's, an invoice's, a parcel's tracking, a return's: "Ihr Ticketcode ist
# 4821", "votre code de ticket est 4821", "Tu código de producto es …", "Ihr Rückgabecode lautet …")
_RECORD_CODE = (r"(?:ticket|order|ordin|bestell|buchung|rechnung|sendung|auftrag|artikel|artic|prod|lieferschein|pedid|"
                r"command|booking|reserv|prenot|fattur|factur|invoice|track|suivi|seguim|sped|env[ií]o|promo|gutschein|"
                r"r[üu]ckgabe|retour|return|devol|reso)")
_YOUR_CODE = regex.compile(
    rf"(?i)(?:(?<![\w-]){_POSSESSIVE}[^\S\n]+(?:(?!{_NOT_A_SECRET_CODE}\b)[^\W\d][\w-]*[^\S\n]+){{0,3}}?(?<!{_NOT_A_SECRET_CODE}[^\S\n]+)"
    # (the sender's name glued before "Code": "Dein Ridgeway-Code lautet"; a capitalised name, no status-, zip-, HTTP-
    # or QR-code)
    # (or glued, a German compound: "Dein Wahlcode lautet", "Ihr Zugangscode ist")
    rf"(?:(?!{_NOT_A_SECRET_CODE}-)(?-i:\p{{Lu}}\p{{Ll}}+)-|(?!{_NOT_A_SECRET_CODE}|{_RECORD_CODE})(?-i:\p{{Lu}}\p{{Ll}}{{2,20}}?)(?=code))?"
    rf"(?:code|codice|código|codigo)"
    # (the sender's name after it, a link word next: "Il tuo codice Bottega Lumen è", "Tu código de Mercado Alba es",
    # "Your code for Acme is")
    rf"(?P<sender>[^\S\n]+(?:(?:de|di|per|for|at|für|bei|pour|chez|para|en|von|da)[^\S\n]+)?(?-i:\p{{Lu}}[\p{{L}}\d&'’.-]*)"
    rf"(?:[^\S\n]+(?-i:\p{{Lu}}[\p{{L}}\d&'’.-]*|&)){{0,3}}(?=[^\S\n]+(?:is|è|ist|lautet|est|es):?[^\S\n])"
    # (or what it is for, one word after its preposition: "Il tuo codice di voto è", "your code for voting is")
    rf"|[^\S\n]+(?:de|di|per|for|für|pour|para)[^\S\n]+(?!{_NOT_A_SECRET_CODE}(?![\w-])|{_RECORD_CODE})(?-i:\p{{Ll}}{{3,20}})"
    rf"(?=[^\S\n]+(?:is|è|ist|lautet|est|es):?[^\S\n]))?"
    rf"|(?<![\w-])(?<!{_NOT_A_SECRET_CODE}[^\S\n]+)(?:code|codice|código|codigo)[^\S\n]+(?:[^\W\d][\w'-]*[^\S\n]+){{0,3}}?{_POSSESSIVE}(?:[^\S\n]+[^\W\d][\w-]*){{0,3}})"
    rf"[^\S\n]*(?:is|è|ist|lautet|est|es)?[^\S\n]*:?[^\S\n]*(?<![\w])(?P<value>\d{{4,8}})(?![\w-]|[.,]\d)")
_WORD_AFTER = regex.compile(r"[^\S\n]+\p{L}")
_LIST_MARK = regex.compile(r"[ \t]*(?:\d{1,2}[.)][ \t]+|[-*•][ \t]+)?")
_CELL_SPLIT = regex.compile(r"[ \t]{2,}|\t|[ \t]*[,;|][ \t]*")
_KEEPS = ("is_templated", "is_placeholder_value", "is_documented_example", "is_date", "is_version")
_LIST_KEEPS = ("is_templated", "is_placeholder_value", "is_documented_example")  # under its heading 86102273 is a code
_MAX_GAP = 3  # lines between a list's heading and its first code (the account it is for, a blank line)
_UNDERLINE = regex.compile(r"[ \t]*(?:={3,}|-{3,}|_{3,}|\*{3,})[ \t]*")  # the heading's underline, right below it
_MAX_LINES = 40


@functools.cache
def _sentence() -> regex.Pattern[str]:
    nouns = phrase_alternation(vocabulary_words("credentials", "code_nouns"))
    links = phrase_alternation(vocabulary_words("credentials", "code_links")
                               + vocabulary_words("credentials", "phrase_links"))
    enter = phrase_alternation(vocabulary_words("credentials", "code_enter"))
    adverbs = phrase_alternation(vocabulary_words("credentials", "phrase_adverbs"))
    # a link word (an adverb after it: "lautet jetzt"), or auxiliaries, a participle and its preposition ("è stato
    # cambiato in"), or a sign
    words = phrase_alternation(vocabulary_words("credentials", "code_words"))
    coded = phrase_alternation(n for n in vocabulary_words("credentials", "code_nouns")
                               if regex.search(r"(?i)code|codice|código|pin|password", n) and n.lower() not in ("pin", "otp", "puk"))
    link = (rf"(?:(?<=\s)(?:{links})(?![\w-])(?:[^\S\n]+(?:{adverbs})(?![\w-]))?[^\S\n]*:?"
            rf"|(?<=\s){change_link()}(?![\w-])|[:=])")
    # a link, then maybe the word "code" ("Boîte à clés : code 3213"); or that word alone after the words
    # ("cassetta chiavi accanto alla porta, codice 7054")
    link = rf"(?:{link}(?:[^\S\n]*(?:{words})(?![\w-]))?|(?<=\s)(?:{words})(?![\w-]))"
    return regex.compile(
        # the noun (a Markdown emphasis may close it: "**Boîte à clés** :"), a few words that say whose or which it
        # is (no sentence end), a link (a German ordinal's "3." is a word: "der Türcode für den 3. Stock ist …")
        # (a German compound joins its noun to "Code" or "PIN" by a hyphen: "Schlüsseltresor-Code: 4223")
        rf"(?i)(?:(?<![\w-])(?:{nouns})(?:-(?:code|pin))?(?![\w-])(?:\*{{1,2}}|_{{1,2}})?,?(?:[^\S\n]+(?:\d{{1,2}}\.|[^\s.!?:=]+)){{0,10}}?[^\S\n]*{link}"
        rf"|(?<![\w-])(?:{enter})(?![\w-])[^\S\n]*:?"
        # a noun that says "code" itself, the code right after it: "code portail 7298A", "gate code 1846", "Torcode 4711"
        # (and the sentence's clause ends there: "access code 2024 release notes" names a release)
        # (or in brackets: "Den Entsperrcode (8150) haben wir gelöscht", "el código de desbloqueo (3921)")
        rf"|(?<![\w-])(?:{coded})(?![\w-])(?=[^\S\n]+[\w-]*\d[\w-]*[#*]?(?:[^\S\n]*(?:[.,;:)\]·]|\r?\n|$)|[^\S\n]+[-–—(])"
        rf"|[^\S\n]*\([^\S\n]*\d[\w-]*[^\S\n]*\)))"
        # (an e-mail's markup may close the label and open the value: "<strong>Abholcode:</strong> <code>402937")
        rf"[^\S\n]*(?:</?(?:strong|b|em|i|code|kbd|tt|span|mark)>[^\S\n]*){{0,3}}"
        rf"[\"'`«“(]?[^\S\n]*(?=[\w-]*\d)(?P<value>(?:{_CODE}))(?![\w-]|[.,]\d)")


@functools.cache
def _code_first() -> regex.Pattern[str]:
    """The code, then a link and its noun: "481923 is your verification code" (cues of ``[code_first]``)."""
    nouns = phrase_alternation([*vocabulary_words("credentials", "code_nouns"), "code", "codice", "código", "codigo"])
    first = phrase_alternation(vocabulary_words("credentials", "code_first"))
    return regex.compile(
        rf"(?i)(?<![\w-])(?:[A-Z]-)?(?P<value>\d{{4,8}}|\d{{3}}[ -]\d{{3}})(?![\w-])[^\S\n]+(?:{first})"
        # (no second article before the noun: "8080 is the port the code listens on" names a port)
        rf"(?:[^\S\n]+(?!(?:the|a|an|il|lo|la|le|les|der|die|das|el|los|las|un|une|una|ein|eine)(?![\w'’-]))[\p{{L}}'’-]+){{0,3}}?"
        rf"[^\S\n]+(?:{nouns})(?![\w-])")


# a code a customer leaves so that staff can test the device they unlock: "Kunde hinterlässt Code 474695 für Tests",
# "she gave me the code 134502 for testing", "deja el código 461195 para pruebas"
# (someone gives or leaves it: "zip code 94105 for testing", "error code 1045 for testing" name no one's code)
_TEST_CODE = regex.compile(
    r"(?i)(?<![\w-])(?:left|leaves|gave|given|hinterl[äa]sst|hinterlassen|hinterließ|gegeben|"
    r"lascia|lasciato|lasciata|deja|dej[óo]|laisse|laiss[ée]|donn[ée])"
    r"(?:[^\S\n]+(?!(?:error|zip|postal|post|status|area|response|http|exit|return|errore|fehler|erreur)(?![\w-]))"
    r"[\p{L}'’]+){0,3}?[^\S\n]+"
    r"(?:code|codice|código|codigo)[^\S\n]*:?[^\S\n]*(?P<value>\d{4,8})(?![\w-]|[.,]\d)[^\S\n]+"
    r"(?:for[^\S\n]+(?:the[^\S\n]+)?test(?:s|ing)?|für[^\S\n]+(?:die[^\S\n]+)?tests?|zum[^\S\n]+testen|"
    r"per[^\S\n]+(?:il[^\S\n]+|i[^\S\n]+)?(?:collaudo|test)|pour[^\S\n]+(?:les[^\S\n]+)?(?:tests?|essais)|"
    r"para[^\S\n]+(?:las[^\S\n]+)?(?:pruebas|probar))(?![\w-])")
# a message that answers a request for an unlock or access code with the code alone ("Per il collaudo ci serve il
# codice di sblocco." then "Certo, è 511577."; "il nous faut le code de déverrouillage" then "c'est 799520")
# (the reply's first words, after its author's name: a yes, then the link; "Der Port ist 8443", "La versión es 3306"
# state something else)
_ANSWER = regex.compile(
    # (the author: one name after a chat's time stamp, a full name without one)
    r"(?m)(?:^(?:\[[^\]\n]{1,40}\][^\S\n]*(?:\p{Lu}[\p{L}'’.-]+(?:[^\S\n]+\p{Lu}[\p{L}'’.-]+){0,3}:[^\S\n]*)?"
    r"|\p{Lu}[\p{L}'’.-]+(?:[^\S\n]+\p{Lu}[\p{L}'’.-]+){1,3}:[^\S\n]*)?)"
    r"(?i:(?:certo|sure|yes|yep|ok|okay|of course|claro|s[íi]|oui|bien s[ûu]r|ja|klar|gerne|natürlich|vale|d'accord)"
    r"[,!.]?[^\S\n]+)?"
    r"(?i:(?:(?:il|der|el|le|the)[^\S\n]+(?:codice|code|código|pin)[^\S\n]+)?"
    r"(?:è|it['’]s|it is|is|here it is:?|c['’]est|es|ist|lautet|ecco(?:lo)?:?|voilà:?|aquí (?:lo )?tienes:?)"
    r"(?:[^\S\n]+(?:le|el|il))?)[^\S\n]+"
    r"(?P<value>\d{4,8})(?![\w-]|[.,]\d)")
_ANSWER_LINES = 2

# "PIN dispositivo 48213", "PIN 4821", "SIM-PIN 7302": the acronym in capitals (a board's "pin 13" is lower case, and
# "GPIO PIN 1023" follows a hardware word in capitals), at most one word saying whose device or card it is, then four
# to eight digits that end there (no unit after them)
_PIN_BARE = regex.compile(r"(?<![A-Z0-9]{2,}[ \t])(?<![\w])PIN(?:[^\S\n]+(?i:dispositivo|device|gerät|geraet|carta|card|"
                          r"karte|carte|tarjeta|sim|bancomat|appareil|telefono|phone|handy|móvil|movil|account|conto|"
                          r"konto|compte|cuenta|app|tablet))?[^\S\n]+(?P<value>\d{4,8})(?![\w-]|[.,:/]\d|[ \t]*(?:ms|s|%))")


@functools.cache
def _heading() -> regex.Pattern[str]:
    lists = phrase_alternation(vocabulary_words("credentials", "code_lists"))
    return regex.compile(rf"(?i)(?<![\w-])(?:{lists})(?![\w-])")


def _is_code(text: str, s: int, e: int, keeps: tuple[str, ...] = _KEEPS) -> bool:
    value = text[s:e]
    if len(value) == 4 and value.isdigit():
        if not value.startswith(("19", "20")):
            keeps = tuple(k for k in keeps if k != "is_date")  # "la porta … è 1616": no year of ours, a code
        elif _YEAR_AFTER.search(text, max(0, s - 12), s):
            return False  # "the door code was changed in 2024": a year
    return (len(value.replace(" ", "").replace("-", "")) >= 4 and any(c.isdigit() for c in value)
            and kept_by(text, s, e, keeps) is None)


# a preposition of time right before a year (en, de, it, fr, es)
_YEAR_AFTER = regex.compile(r"(?i)(?<![\w-])(?:in|since|until|by|from|im|seit|bis|ab|nel|dal|dallo|fino al|en|desde|hasta|"
                            r"depuis|jusqu'en|avant|après)[^\S\n]+$")
_DIGITS_AND_LETTER = regex.compile(r"\d{4,8}[A-Z]|[A-Z]\d{4,8}")
_ACRONYM_NUMBER = regex.compile(r"[A-Za-z]{2,}\d+|\d+[A-Za-z]{1,3}|0x[0-9A-Fa-f]+|[0-9a-f]{7,12}")


def _sentence_code(value: str) -> bool:
    """A code as a sentence gives one: digits (``4762``, ``7813 1398``), groups of one length with two digits or
    more (``kpzq-7ttm-b2wd``), or letters and digits mixed (``IZXWQXH3``); not a name and its number (``GPIO27``,
    ``SHA256``, ``CVE-2024-3094``, ``OPS-4512``), a hex number or a short commit."""
    if value.replace(" ", "").isdigit() or _DIGITS_AND_LETTER.fullmatch(value):
        return True  # (a door's digicode has a letter after or before its digits: 7298A, E4377)
    if "-" in value:
        groups = value.split("-")
        return len({len(g) for g in groups}) == 1 and sum(c.isdigit() for c in value) >= 2 and not all(
            g.isalpha() or g.isdigit() for g in groups)
    return (_ACRONYM_NUMBER.fullmatch(value) is None and sum(c.isdigit() for c in value) >= 2
            and sum(c.isalpha() for c in value) >= 2)


def _code_cells(text: str, ls: int, le: int) -> list[tuple[int, int]] | None:
    """The codes of a line that holds nothing else (a list marker, cells split by wide gaps or commas); None when
    the line holds anything else."""
    mark = _LIST_MARK.match(text, ls, le)
    pos = mark.end() if mark else ls
    out = []
    while pos < le:
        gap = _CELL_SPLIT.search(text, pos, le)
        end = gap.start() if gap else le
        cell = text[pos:end].strip()
        if not gap and cell.endswith(".") and not cell.endswith(".."):
            cell = cell[:-1]  # the sentence's end after the last code: "…: nyw6-yrsg, d2ki-1i3b, zjlo-0wsr."
        if cell:
            first = pos + text[pos:end].index(cell)
            if not _CODE_CELL.fullmatch(cell) and _SPACED_CODES.fullmatch(cell):
                # "kaa4m-1r4kk 3nk0k-kkfd5 7ain2-lvwow": hyphenated codes one blank apart
                parts = [(first + m.start(), first + m.end()) for m in regex.finditer(r"\S+", cell)]
                if not all(_is_code(text, a, b, _LIST_KEEPS) for a, b in parts):
                    return None
                out += parts
            elif not _CODE_CELL.fullmatch(cell) or not _is_code(text, first, first + len(cell), _LIST_KEEPS):
                return None
            else:
                out.append((first, first + len(cell)))
        pos = gap.end() if gap else le
    return out or None


@functools.cache
def _asked() -> regex.Pattern[str]:
    """A code's noun (credentials.toml [code_nouns] that say "code" or "PIN") at the end of a line that gives none."""
    coded = phrase_alternation(n for n in vocabulary_words("credentials", "code_nouns")
                               if regex.search(r"(?i)code|codice|código|pin", n) and n.lower() not in ("pin", "puk"))
    return regex.compile(rf"(?i)(?<![\w-])(?:{coded})(?![\w-])(?=[^\n\d]{{0,40}}(?:\n|$))")


def _answers(text: str) -> list[Span]:
    """The code given in one of the next lines after a line that asks for it (:data:`_ANSWER`)."""
    out: list[Span] = []
    for m in _asked().finditer(text):
        pos = text.find("\n", m.end())
        for _ in range(_ANSWER_LINES):
            if pos < 0:
                break
            end = text.find("\n", pos + 1)
            end = len(text) if end < 0 else end
            if (a := _ANSWER.match(text, pos + 1, end)) is not None:
                s, e = a.span("value")
                if _is_code(text, s, e):
                    out.append(Span(s, e, "secret", "one-time-codes:answer", 0.8))
                break
            pos = end if end < len(text) else -1
    return out


class OneTimeCodeDetector:
    """PINs and verification codes a sentence names, and the codes of a backup-code list."""

    name = "one-time-codes"
    produces = frozenset({"secret"})

    def detect(self, text: str) -> list[Span]:
        out: list[Span] = []
        for m in _sentence().finditer(text):
            s, e = m.span("value")
            if _sentence_code(text[s:e]) and _is_code(text, s, e):
                out.append(Span(s, e, "secret", "one-time-codes:sentence", 0.8))
        for m in _code_first().finditer(text):
            s, e = m.span("value")
            if _is_code(text, s, e):
                out.append(Span(s, e, "secret", "one-time-codes:sentence", 0.8))
        for m in _YOUR_CODE.finditer(text):  # "Il codice del tuo ID Apple è: 630456", "Your Apple ID Code is: 224487"
            s, e = m.span("value")
            if m.group("sender") is not None and _WORD_AFTER.match(text, e):
                continue  # "Your code for Python Bootcamp is 4012 lines long": a count, no code
            if _is_code(text, s, e):
                out.append(Span(s, e, "secret", "one-time-codes:yours", 0.8))
        for m in _TEST_CODE.finditer(text):
            s, e = m.span("value")
            if _is_code(text, s, e):
                out.append(Span(s, e, "secret", "one-time-codes:sentence", 0.8))
        out += _answers(text)
        if "PIN" in text:
            for m in _PIN_BARE.finditer(text):
                s, e = m.span("value")
                if _is_code(text, s, e):
                    out.append(Span(s, e, "secret", "one-time-codes:pin", 0.8))
        done = -1  # the end of the last list read: a heading inside it is one of its lines
        for m in _heading().finditer(text):
            if m.start() < done:
                continue
            found, done = self._list(text, m.end())
            out += found
        return out

    @staticmethod
    def _list(text: str, pos: int) -> tuple[list[Span], int]:
        """The code lines after a heading that ends at ``pos`` (and where reading stopped): codes on the heading's own
        line after a colon, then each following line of codes, until a line of anything else once the list has
        begun; :data:`_MAX_LINES` lines at most (a wallet or an identity provider prints ten to twenty)."""
        out: list[Span] = []
        read = 0
        le = text.find("\n", pos)
        le = len(text) if le < 0 else le
        colon = text.find(":", pos, le)
        if colon >= 0 and (cells := _code_cells(text, colon + 1, le)):
            out += [Span(a, b, "secret", "one-time-codes:list", 0.8) for a, b in cells]
        gap = 0
        while le < len(text) and gap <= _MAX_GAP and read < _MAX_LINES:
            read += 1
            ls = le + 1
            le = text.find("\n", ls)
            le = len(text) if le < 0 else le
            if read == 1 and _UNDERLINE.fullmatch(text, ls, le):
                continue  # (not counted among the lines before the first code)
            if not text[ls:le].strip():
                if out and gap:
                    break  # a second blank line after the codes ends the list
                gap += 1
                continue
            cells = _code_cells(text, ls, le)
            if cells is None:
                if out:
                    break
                gap += 1
                continue
            gap = 1 if out else gap
            out += [Span(a, b, "secret", "one-time-codes:list", 0.8) for a, b in cells]
        return out, le
