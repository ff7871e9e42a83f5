"""Postal addresses that records split into fields: ``"address1": "9447 W 38th St", "city": "Austin", "zipcode":
"78781"`` (an HR export, a payment API's customer, a shop's order, a mongo shell's document, YAML fixtures).

A record is the run of fields around a street field whose value reads as a street (letters and a house number or a
street type); its street, locality and postal code are masked together, whatever the street's shape: the field says
what it is. A city or a postal code in a record with no street (a weather query, a shipping zone) stays readable.
Field names: data/vocab/address_fields.toml.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Iterator

import regex

from ..spans import Span
from .keep import kept_by
from .vocabulary import vocab_cache, vocabulary_words

ADDRESS_FIELDS = "address-fields"
# key (quoted or bare, a dotted path's last part) and its value, quoted or up to the next comma, brace or line end
_FIELD = regex.compile(
    r"""(?<![\w-])["']?(?P<key>[A-Za-z][\w.-]{0,39}?(?:/[ ]?[A-Za-z][\w.-]{0,20})?)["']?[ \t]*(?::|=>|=)[ \t]*"""
    r"""(?:(?P<q>["'])(?P<v>[^"'\n{}\[\]]{1,120})(?P=q)|(?P<u>[^\s"'{}\[\],;][^"'\n{}\[\],;]{0,119}?)[ \t]*(?=,|;|}|\n|$))"""
    # an XML element, with its namespace's prefix or none: <StrtNm>Via Saragozza 123</StrtNm>, <cbc:CityName>
    r"""|<(?P<ns>[A-Za-z][\w.-]{0,19}:)?(?P<key>[A-Za-z][\w.-]{0,39})>(?P<x>[^<>\n]{1,120})</(?P=ns)?(?P=key)>""")
_KEY_NOISE = regex.compile(r"[_\-. ]")
_STREET_VALUE = regex.compile(r"(?![^\n]*(?:@|://|\w:\d))(?!0x)(?=[^\n]*\p{L}{2})(?=[^\n]*\s)\S.*\S")
# keys that name other things too ("line1" of a poem, "via" of a route, an e-mail's "adresse"): a street there only
# in a record that also has a locality or a postal code
_WEAK = frozenset({"line1", "line2", "via", "rue", "calle", "adresse", "domicilio", "anschrift", "direccion",
                   "dirección", "indirizzo"})
# a town, with its region ("Austin, TX", "Torino (TO)") and the postal code before or after it where a record
# writes both in one field ("08008 Barcelona", "Leeds, LS8 8LW", "10145 Torino (TO)")
_POSTAL = r"(?:[A-Z]{1,2}-?)?\d{4,5}|[A-Z]{1,2}\d[A-Z\d]?[ ]?\d[A-Z]{2}"
_LOCALITY_VALUE = regex.compile(rf"(?:(?:{_POSTAL})[ ]+)?\p{{Lu}}[\p{{L}}\p{{M}}'’.-]*(?:[ -][\p{{L}}\p{{M}}'’.-]+){{0,3}}"
                                rf"(?:,[ ]?[A-Z]{{2}}|[ ]\([A-Z]{{2}}\))?(?:,?[ ]+(?:{_POSTAL}))?")
_POSTCODE_VALUE = regex.compile(r"(?=[^\n]*\d)[A-Z0-9][A-Z0-9 -]{2,9}")
_SHAPES = {"street": _STREET_VALUE, "locality": _LOCALITY_VALUE, "postcode": _POSTCODE_VALUE, "country": _LOCALITY_VALUE}  # what a field's value reads as
_NEAR = 400  # how far from its street a record's locality or postal code may stand
_KEEPS = ("is_templated", "is_placeholder_value")


@vocab_cache
def _kinds() -> dict[str, str]:
    out: dict[str, str] = {}
    for kind in ("street", "locality", "postcode", "country"):
        for word in vocabulary_words("address_fields", kind):
            out.setdefault(_KEY_NOISE.sub("", word.lower()), kind)
    return out


def _one_record(text: str, a: int, b: int) -> bool:
    """No object closes and another opens between two fields: they belong to one record."""
    between = text[a:b]
    return not ("}" in between and "{" in between) and "\n\n" not in between


class AddressFieldDetector:
    """The street, locality, postal code and country of records that split an address into fields."""

    name = ADDRESS_FIELDS
    produces = frozenset({"address"})

    def detect(self, text: str) -> list[Span]:
        """The address fields' values of every record of ``text`` that holds a street."""
        low = text.lower()
        if not any(w in low for w in ("addr", "street", "line1", "line 1", "strasse", "straße", "indirizzo", "via",
                                      "adresse", "rue", "direcci", "calle", "domicilio", "anschrift")):
            return []
        fields = list(self._fields(text))  # in order of their values' starts
        starts = [s for _, _, s, _ in fields]

        def neighbours(s: int, e: int) -> list[tuple[str, str, int, int]]:
            """The fields of the same record within _NEAR of ``s`` (a window: linear in the fields)."""
            lo, hi = bisect_left(starts, s - _NEAR), bisect_right(starts, s + _NEAR)
            return [f for f in fields[lo:hi] if (f[2], f[3]) != (s, e) and _one_record(text, min(e, f[3]), max(s, f[2]))]

        streets = {(s, e) for kind, key, s, e in fields
                   if kind == "street" and (key not in _WEAK or any(k in ("locality", "postcode")
                                                                   for k, _, _, _ in neighbours(s, e)))}
        out: list[Span] = []
        for kind, _, s, e in fields:
            if (s, e) in streets or kind != "street" and any((fs, fe) in streets for _, _, fs, fe in neighbours(s, e)):
                out.append(Span(s, e, "address", self.name, 0.8))
        return out

    @staticmethod
    def _fields(text: str) -> Iterator[tuple[str, str, int, int]]:
        """(kind, normalised key, value start, value end) of every address field whose value reads as its kind."""
        for m in _FIELD.finditer(text):
            # a form's two-word key ("Localidad/ Provincia", "City/Town"): the first part that names a field
            parts = [_KEY_NOISE.sub("", part) for part in m["key"].rsplit(".", 1)[-1].lower().split("/")]
            key = next((part for part in parts if part in _kinds()), "")
            kind = _kinds().get(key)
            if kind is None:
                continue
            s, e = m.span(next(g for g in ("v", "u", "x") if m.group(g) is not None))
            if e - s > 1 and text[e - 1] == "." and text[e - 2].isalnum():
                e -= 1  # a form's line ends its value with a full stop ("Localidad: Bilbao.")
            if kind == "country" and e - s <= 3:
                continue  # "country": "US": a code, read by every tool, names no one's address
            if _SHAPES[kind].fullmatch(text, s, e) and kept_by(text, s, e, _KEEPS) is None:
                yield kind, key, s, e
