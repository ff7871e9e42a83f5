"""Phone numbers, validated with ``phonenumbers`` for many regions.

A candidate in international form (``+39 …`` / ``0049 …``) is accepted when it is a valid number, or a possible one
(its country's length) where a phone cue stands near it or it closes an e-mail's signature (context beats format:
"appelle Théo au +33 6 91 51 49 34" is a phone whatever range it falls in).
A national-form candidate needs a phone keyword nearby (data/vocab/cues.toml) and must be valid in one of
:data:`REGIONS`; this keeps order numbers, timestamps and ids readable.
"""

from __future__ import annotations

import phonenumbers
import regex

from ..spans import Span
from .keep import is_date, is_version
from .validators import gazetteer_name
from .keyless import identifier_column
from .tables import column_name
from .vocabulary import alternation, vocab_cache, vocabulary_words

REGIONS = ("US", "GB", "IT", "DE", "FR", "ES", "NL", "CH", "AT", "BE", "IE", "PT", "CA", "AU", "SE", "PL", "BR", "MX", "IN")

_CANDIDATE = regex.compile(
    # after a colon only an international number, or any number after a vCard's TEL;type=…: property
    # blanks inside a number are spaces (a tab or a line break ends it: "+49 174 4750957<TAB>34433" is two cells)
    r"(?:(?<=[:=])(?=\+)|(?<=\b(?i:tel|phone|cell|fax)(?:;[\w=,-]{1,40}){0,6}:)|(?<=\b(?i:home|cell|work|tel|phone|mobile)[ ]?\#)|(?<![\w+/=.:#-]))"
    # the country code in brackets too: "(+34) 946 746537"
    r"(?P<p>(?:\+|00)[1-9]\d{0,2}[ \u00a0\u202f.\-/]?|\(\+[1-9]\d{0,2}\)[ \u00a0\u202f]?)?(?:\(\d{1,5}\)[ \u00a0\u202f.\-/]?)?"
    r"\d[\d \u00a0\u202f.\-/]{4,18}\d(?![\w/=-]|\.\d)"
)


@vocab_cache
def _keywords() -> regex.Pattern[str]:
    """A phone cue of data/vocab/cues.toml: [phone] starts a word, [phone_word] is one."""
    stems = alternation(vocabulary_words("cues", "phone"))
    whole = alternation(vocabulary_words("cues", "phone_word"))
    # not a part of a dotted or slashed name ("crm.contacts.v1", "/api/contacts"): a topic or a route, no cue
    return regex.compile(rf"(?i)(?<![\w-][./])\b(?:{stems}|{whole}\b)(?![\w-]*[./][A-Za-z])")


# National numbers written the way people write phones: 2-5 space/dot/hyphen separated groups,
# with a trunk 0 or a (area) code, e.g. "06 12 48 90 43", "030 1234567", "(415) 555-2671".
_GROUPED = regex.compile(r"(?:0\d{1,4}|\(\d{2,5}\))(?:[ .\-/]\d{2,8}){1,4}|\d{3}[ .\-]\d{3}[ .\-]\d{4}")


_WIDE_GAP = regex.compile(r"[ \u00a0\u202f]{2,}")
_DOTTED_PHONE = regex.compile(r"0[1-9](?:\.\d\d){4}|\(?\d{3}\)?\.\d{3}\.\d{4}")
_YEARS = regex.compile(r"(?:(?:19|20)\d\d(?:[-–/, ]+|$))+")  # 2002-2012, 2008-2019, 2021
_ZIP4 = regex.compile(r"\d{5}-\d{4}")
# a date and its hour, cut at the colon: "17.01.2025 13:39", Suricata's "03/04/2025-20:54:25.030647"
_DATE_THEN_HOUR = regex.compile(r"\d{1,2}[./-]\d{1,2}[./-](?:\d{4}|\d{2})[ T-]\d{1,2}")
_STATE_BEFORE = regex.compile(r"\b[A-Z]{2},?\s*(?:[#*]|//)?\s*$")  # "MA 02110", "MA\n# 02110" (a licence header)


# an e-mail signature's delimiter ("-- " alone on its line, RFC 3676 §4.3) and at most two lines of name and title
_SIGNATURE = regex.compile(r"\n-- ?\r?\n(?:[^\n]{1,60}\r?\n){0,2}[^\n]{0,40}$")
_CLOCK_RANGE = regex.compile(r"(?:[01]\d|2[0-4])[0-5]\d[ ]?[-–][ ]?(?:[01]\d|2[0-4])[0-5]\d")


_NAME_BEFORE = regex.compile(r"(\p{Lu}\p{Ll}+(?:[ ]\p{Lu}\p{Ll}+){1,2})\P{L}{1,6}$")


def _named_before(text: str, start: int) -> bool:
    """A person's full name the gazetteer vouches for ends just before ``start`` ("Dott. Marco Leone - 333-8127740",
    "Marta Ruiz, 612 345 678"): the number beside a name is that person's."""
    m = _NAME_BEFORE.search(text, max(0, start - 60), start)
    return m is not None and gazetteer_name(m.group(1))


class PhoneDetector:
    """Phone numbers by candidate pattern + ``phonenumbers`` validation."""

    name = "phone"
    produces = frozenset({"phone"})

    def detect(self, text: str) -> list[Span]:
        out: list[Span] = []
        for m in _CANDIDATE.finditer(text):
            start, end = m.span()
            raw = m.group()
            if (gap := _WIDE_GAP.search(raw)) is not None and sum(c.isdigit() for c in raw[:gap.start()]) >= 9 and (
                    self._valid(raw[:gap.start()], None) or any(self._valid(raw[:gap.start()], r) for r in REGIONS)):
                # an aligned table's next column after the number ("+1 704-233-3900  61 Elm Street"): the number is
                # the part before the gap when it is a number alone (one typed with a double space, "+39 02  1234
                # 5678", stays whole)
                end = start + gap.start()
                raw = raw[:gap.start()]
            if (cut := raw.rfind(" - ")) > 0 and sum(c.isdigit() for c in raw[cut:]) <= 2:
                # "tel 347 992 1180 - 4 coperti": a spaced dash before a count separates a list's fields ("06 - 4881234",
                # an area code and its number, stays whole)
                end = start + cut
                raw = raw[:cut]
            digits = sum(c.isdigit() for c in raw)
            phone_dots = _DOTTED_PHONE.fullmatch(raw) is not None  # 06.12.48.90.43, 512.851.4260: no IP, no version
            dotted = raw.count(".") >= 3 and not phone_dots
            # a date, or a run of digits that may be a timestamp or a YYYYMMDD date, never one with a trunk 0
            # (07974693505)
            timestamp = is_date(text, start, end) and not (raw.isdigit() and raw.startswith("0"))
            if not 7 <= digits <= 15 or dotted or timestamp or (not phone_dots and is_version(text, start, end)):
                continue
            if regex.fullmatch(r"\d{4}[-/.]\d{2}[-/.]\d{2}.*", raw) or _YEARS.fullmatch(raw):
                continue
            if _DATE_THEN_HOUR.fullmatch(raw) and text[end:end + 1] == ":":
                continue  # 17.01.2025 13:39, 16.12.2024 20:23:53: a date and its clock, cut at the colon
            if _CLOCK_RANGE.fullmatch(raw):
                continue  # 0700-1900: a shift, two times of a 24-hour clock
            if _ZIP4.fullmatch(raw) and _STATE_BEFORE.search(text, max(0, start - 10), start):
                continue  # Boston, MA 02110-1301: a ZIP+4 code
            context = text[max(0, start - 60) : start] + " " + text[end : end + 30]
            if m.group("p"):
                if self._valid(raw, None):
                    out.append(Span(start, end, "phone", "phone:international", 0.95))
                elif raw.lstrip().startswith("+") and self._possible(raw) and (
                        _keywords().search(context) or _SIGNATURE.search(text, max(0, start - 80), start)):
                    out.append(Span(start, end, "phone", "phone:international-possible", 0.8))
                continue
            grouped = bool(_GROUPED.fullmatch(raw))
            if raw.isdigit() and len(raw) > 12:
                continue
            if not (_keywords().search(context) or grouped or _named_before(text, start) and self._mobile(raw)):
                continue
            if any(self._valid(raw, r) for r in REGIONS):
                out.append(Span(start, end, "phone", "phone:national", 0.85))
        if out and any(sep in text for sep in ",;\t|"):
            # a cell of a column that names an id (record_id 315-0001), however a local number it looks
            out = [s for s in out if s.detector != "phone:national" or not identifier_column(column_name(text, s.start) or "")]
        return out

    @staticmethod
    def _mobile(raw: str) -> bool:
        """A mobile number of one of :data:`REGIONS` written with a separator in it (``333-8127740``, ``612 345 678``)."""
        if not any(c in raw for c in " .-/"):
            return False
        for region in REGIONS:
            try:
                number = phonenumbers.parse(raw.strip(), region)
            except phonenumbers.NumberParseException:
                continue
            if phonenumbers.is_valid_number(number) and phonenumbers.number_type(number) == phonenumbers.PhoneNumberType.MOBILE:
                return True
        return False

    @staticmethod
    def _possible(raw: str) -> bool:
        try:
            return phonenumbers.is_possible_number(phonenumbers.parse(raw.strip()))
        except phonenumbers.NumberParseException:
            return False

    @staticmethod
    def _valid(raw: str, region: str | None) -> bool:
        number = raw.strip()
        if number.startswith("00"):
            number = "+" + number[2:]
        try:
            return phonenumbers.is_valid_number(phonenumbers.parse(number, region))
        except phonenumbers.NumberParseException:
            return False
