"""Logins by their company: the other members of a list that holds a person's login or address.

A list of people is a list of one kind: ``"userIds": "laura.h,kowalczyk.dimitris,kh35"``, ``"values": ["barrett76",
"o.baker@…", "pili_mari"]``, ``members: [jdoe, mrossi]``. Once one member is a login or an e-mail address found by
another stage, the members shaped like a login (:func:`.logins_features.is_candidate`: digits or separators, or a
lower-case word no dictionary holds) are logins too. Service accounts, placeholders and words stay readable. One pass
over the text's lists: linear in the text.
"""

from __future__ import annotations

from collections.abc import Iterable

import regex

from ..spans import Span
from .keep import kept_by
from .logins_features import is_candidate

DETECTOR = "list-mate"
# a JSON/YAML/Python list of quoted strings (over lines), or a flow list of bare words: [a, b, c]
_QUOTED_LIST = regex.compile(r"""\[\s*(?P<q>["'])[^"'\n\[\]]{1,80}(?P=q)(?:\s*,\s*(?P=q)[^"'\n\[\]]{1,80}(?P=q))+\s*,?\s*\]""")
_BARE_LIST = regex.compile(r"\[[ \t]*[\w.@+-]{2,80}(?:[ \t]*,[ \t]*[\w.@+-]{2,80})+[ \t]*\]")
# several values in one string or cell, comma- or semicolon-separated: "a,b,c"
_PACKED = regex.compile(r"""(?P<q>["'])[\w.@+-]{2,80}(?:[,;][ ]?[\w.@+-]{2,80})+(?P=q)""")
_ITEM = regex.compile(r"[^\s\"',;\[\]]+")
_KEEPS = ("is_service_username", "is_templated", "is_placeholder_value", "is_fictional_person", "is_uuid",
          "is_version", "is_date", "is_code_word", "is_product_name")


def _items(text: str, start: int, end: int) -> list[tuple[int, int]]:
    return [m.span() for m in _ITEM.finditer(text, start, end)]


def list_mates(text: str, found: Iterable[Span]) -> list[Span]:
    """Logins among the members of the lists of ``text`` that hold one of the logins or e-mail addresses in
    ``found`` as a whole member."""
    anchors = {(s.start, s.end) for s in found if s.category in ("username", "email")}
    if not anchors or ("," not in text and ";" not in text):
        return []
    out: list[Span] = []
    for pattern in (_QUOTED_LIST, _BARE_LIST, _PACKED):
        for m in pattern.finditer(text):
            members = _items(text, m.start(), m.end())
            if not any(member in anchors for member in members):
                continue
            for a, b in members:
                value = text[a:b]
                if (a, b) in anchors or "@" in value or not is_candidate(value):
                    continue
                if kept_by(text, a, b, _KEEPS) is None:
                    out.append(Span(a, b, "username", DETECTOR, 0.75))
    return out
