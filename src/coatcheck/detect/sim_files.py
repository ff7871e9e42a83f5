"""A SIM batch's output file as card vendors deliver it to an operator (the "OUT file" of a SIM order): a header that
names the columns (``Var_Out: ICCID/IMSI/PIN1/PUK1/PIN2/PUK2/KI/OPC/ADM1``, or the names apart by blanks, commas or
semicolons), then one line per card with its values apart by blanks. The ICCID (19 or 20 digits from 89) opens each
card's line. Under such a header every card's ICCID and IMSI are a subscriber's numbers, its MSISDN their phone
number, and its PINs, PUKs, administrative keys and authentication keys (Ki, OPc, the OTA keys KIC, KID, KIK) are secrets: whoever holds them
clones or unlocks the card. A header's other columns (the access class ACC, a serial, a batch) stay.

The field names are those SIM vendors and operators use in such files (3GPP TS 31.102 for the card's PINs and keys,
ITU-T E.118 for the ICCID, E.212 for the IMSI)."""

from __future__ import annotations

from itertools import islice

import regex

from ..spans import Span
from .lines import lines

NAME = "sim-files"
# the columns of a card's line and what each holds
_ACCOUNT = frozenset({"iccid", "imsi", "eid"})
# a secret column and the shape its values have (a PIN's or a PUK's digits, an ADM key's digits or hex, a 128-bit
# key's 32 hex characters, an OTA key's 16 to 64): an "op" column holding an operator's name is no key
_SECRET_FIELDS: tuple[tuple[regex.Pattern[str], regex.Pattern[str]], ...] = (
    (regex.compile(r"(?:pin|puk|chv|unblock_?chv)\d?"), regex.compile(r"\d{4,8}")),
    (regex.compile(r"adm\d?"), regex.compile(r"\d{8}|[0-9A-Fa-f]{16}")),
    (regex.compile(r"ki|k|opc|op|eki"), regex.compile(r"[0-9A-Fa-f]{32}")),
    (regex.compile(r"kic\d?|kid\d?|kik\d?|ota_?key\d?"), regex.compile(r"[0-9A-Fa-f]{16,64}")),
)


def _secret(field: str, value: str) -> bool:
    return any(name.fullmatch(field) and shape.fullmatch(value) for name, shape in _SECRET_FIELDS)


# a header of three field names or more: Var_Out: ICCID/IMSI/PIN1 …, "ICCID IMSI KI", "iccid;imsi;pin1"
_HEADER = regex.compile(r"(?im)^[ \t]*(?:[*#;]+[ \t]*)?(?:var_out[ \t]*:[ \t]*)?(?P<names>iccid(?:[ \t]*[/,;| \t][ \t]*[a-z][a-z0-9_]{0,12}){2,40})[ \t]*$")
_NAME_SPLIT = regex.compile(r"[ \t]*[/,;| \t][ \t]*")
_ICCID = regex.compile(r"89\d{17,18}")
_VALUE = regex.compile(r"[^\s,;|]+")
_MAX_LINES = 100_000


class SimFileDetector:
    """Subscribers' numbers and card secrets in a SIM vendor's output file (see the module)."""

    name = NAME
    produces = frozenset({"account", "phone", "secret"})

    def detect(self, text: str) -> list[Span]:
        if "iccid" not in text.lower():
            return []
        out: list[Span] = []
        for header in _HEADER.finditer(text):
            names = [n.lower() for n in _NAME_SPLIT.split(header.group("names").strip())]
            base = header.end()
            for ls, le in islice(lines(text[base:]), _MAX_LINES):
                line_start, line = base + ls, text[base + ls:base + le]
                stripped = line.strip()
                if not stripped:
                    continue
                if stripped.startswith(("*", "#", ";")):
                    continue  # the file's comments between its header and its cards ("* OUTPUT VARIABLES")
                values = list(_VALUE.finditer(line))
                if len(values) != len(names) or _ICCID.fullmatch(values[names.index("iccid")].group()) is None:
                    break  # the cards end where a line is no card's
                for field, value in zip(names, values, strict=True):
                    category = ("account" if field in _ACCOUNT else "phone" if field == "msisdn"
                                else "secret" if _secret(field, value.group()) else None)
                    if category is not None and any(c.isalnum() for c in value.group()):
                        out.append(Span(line_start + value.start(), line_start + value.end(), category, NAME, 0.9))
        return out
