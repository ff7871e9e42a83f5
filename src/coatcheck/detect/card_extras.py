"""What travels with a card's number: its expiry right after it ("4346 9900 9282 8174 exp. 09/27", "…, caducidad
08/30") and its security code after its label ("CVV 987", "CVC: 4412", "codice di sicurezza 123"). Alone, "09/27" is
a date and "987" a number; beside a found card, or after the label that names a card's code, they are the card's
(issue 23: context beats format). Linear in the text."""

from __future__ import annotations

import regex

from ..spans import Span
from .keep import kept_by

NAME = "card-extras"
_KEEPS = ("is_templated", "is_placeholder_value")
# right after a card's number: a comma or a dash, an expiry's word in five languages, then MM/YY or MM/YYYY; or on the
# next line after the expiry's word ("4346 9900 9282 8174\nExp: 08/30")
_EXPIRY_WORD = (r"(?i:exp(?:iry|ires|iration)?|valid(?:[ \t]thru)?|good[ \t]thru|cad(?:ucidad|uca)?|vence|scad(?:enza|e)?|"
                r"gültig[ \t]bis|ablauf(?:datum)?|date[ \t]d'expiration|expire)\.?[ \t]*:?[ \t]*")
# (without the word only MM/YY or MM/YYYY: an amount after the card, "4.99", is no expiry)
_EXPIRY = regex.compile(
    rf"(?:[ \t]*[,;/|–—-]?[ \t]*{_EXPIRY_WORD}|[ \t]*\r?\n[ \t]*{_EXPIRY_WORD})"
    r"(?P<v>(?:0?[1-9]|1[0-2])[/.-](?:\d{2}|20\d{2}))(?![\d/]|\.\d)"
    r"|[ \t]*[,;/|–—-]?[ \t]*(?P<v>(?:0[1-9]|1[0-2])/(?:\d{2}|20\d{2}))(?![\d/]|\.\d)")
# a card's security code after its label (CVV, CVC and their words in five languages; not CSC or CID, a conference's
# or a customer's letters too), no year, no word after it ("CVV: 1000 attempts", "CVC 314 for test cards")
_CODE = regex.compile(
    # (a form's field too, its brackets as they are or URL-encoded: "card[cvc]=802", "card%5Bcvc%5D=662")
    r"(?:(?<=\[)(?P<br>)|(?<![\w-])|(?<=%5[Bb]))(?:(?i:cvv2?|cvc2?|card[ \t]security[ \t]code|"
    r"codice[ \t]di[ \t]sicurezza|c[oó]digo[ \t]de[ \t]seguridad|kartenprüfnummer|cryptogramme(?:[ \t]visuel)?))"
    r"(?(br)\]|(?:%5[Dd])?)[ \t]*[:=]?[ \t]*[\"']?(?P<v>(?!(?:19|20)\d\d(?!\d))\d{3,4})(?![\d.,/:-])(?![ \t]+\p{L})")


def card_extras(text: str, spans: list[Span]) -> list[Span]:
    """The expiries right after the cards among ``spans``, and the labelled security codes in ``text``."""
    out: list[Span] = []
    for s in spans:
        if s.category == "card" and (m := _EXPIRY.match(text, s.end)) is not None:
            a, b = m.span("v")
            if kept_by(text, a, b, _KEEPS) is None:
                out.append(Span(a, b, "card", NAME, 0.8))
    if regex.search(r"(?i)cvv|cvc|security|sicurezza|seguridad|kartenprüfnummer|cryptogramme", text) is None:
        return out
    for m in _CODE.finditer(text):
        a, b = m.span("v")
        if len(set(text[a:b])) > 1 and text[a:b] not in ("123", "1234") and kept_by(text, a, b, _KEEPS) is None:
            # (000, 111, 123: a form's filler or a test card's documented code)
            out.append(Span(a, b, "card", NAME, 0.8))
    return out
