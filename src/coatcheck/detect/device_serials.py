"""A device's serial number in the record that names the device by its IMEI: a repair ticket's, a warranty claim's, an
MDM export's (``"imei": "3539…", "serial": "CA1740HRTG"``, ``<serialNumber>2Y9DK45QVA</serialNumber>`` beside
``<imei>…</imei>``, ``Seriennr.  RZWPGBXRWR7``), and the code that unlocks it (``IMEI 8642…\nCode: 160054``). Alone, a
serial names a product unit and "code" any code; in the record of a customer's phone the serial is that customer's
device, as its IMEI is (issue 23: person-bound numbers), and the code its unlock code. Linear in the text."""

from __future__ import annotations

import functools

import regex

from ..spans import Span
from .grammar import compile_assignment, label_regex
from .keep import kept_by
from .vocabulary import vocabulary_labels

NAME = "device-serials"
_KEEPS = ("is_templated", "is_placeholder_value", "is_version", "is_calendar_date")
_REACH = 600  # how far from the IMEI the same record's serial may stand
# an Apple, a Samsung or a disk maker's serial: capitals and digits, a digit among them
_VALUE = r"(?=[A-Z0-9]{0,20}\d)(?=[A-Z0-9]{0,20}[A-Z])[A-Z0-9]{8,20}"
_SERIAL_SHAPE = regex.compile(_VALUE)


def serial_shaped(value: str) -> bool:
    """A device's serial: eight to twenty capitals and digits, both among them (RZV939GFTCL, 4DD41Q7W16QV); also a
    table's serial column's check (:mod:`.tables`)."""
    return _SERIAL_SHAPE.fullmatch(value.strip()) is not None


@functools.cache
def _serial() -> regex.Pattern[str]:
    """A serial's label (labels.toml [device_serial]) and its value, in every syntax of the shared grammar."""
    return compile_assignment(label_regex(vocabulary_labels("device_serial")), _VALUE, loose=True)


# a row's next cell after a bare IMEI
_NEXT_CELL = regex.compile(rf"[ \t]*[;,\t|][ \t]*\"?(?P<v>{_VALUE})(?=\"?[ \t]*(?:[;,\t|]|\r?\n|$))")
# a code as the record's own field: the bare word unquoted at a line's start or an escaped line break's ("Code: 160054",
# "\\nPIN: 4471"; a JSON "code" near an IMEI is an API's status as often: 4013), an unlock code's own word in any field
_CODE = regex.compile(
    r"(?:(?:(?<=^|\n)[ \t]*|(?<=\\[nrt]))(?i:code|pin|passcode|pass[ ]code|unlock[ ]code|sperrcode|entsperrcode|codice|"
    r"código|codigo)[ \t]*[:=][ \t]*"
    r"|(?:(?<=^|\n)[ \t]*|(?<=\\[nrt])|(?<=[{,;|][ \t]?)[ \t]*)[\"']?(?i:passcode|pass[ _-]?code|unlock[ _-]?code|screen[ _-]?lock|"
    r"sperrcode|entsperrcode|codice[ _]di[ _]sblocco|código[ _]de[ _]desbloqueo|code[ _]de[ _]déverrouillage)[\"']?[ \t]*[:=][ \t]*[\"']?)"
    r"(?P<v>\d{4,8})(?![\w-]|[.,]\d)")


def device_serials(text: str, spans: list[Span]) -> list[Span]:
    """The serial numbers and the unlock codes labelled within the records of the IMEIs among ``spans``."""
    imeis = sorted((s for s in spans if s.category == "account" and regex.fullmatch(r"\d(?:[ -]?\d){14,16}", text[s.start:s.end])
             and ("device-identity" in s.detector or "model-row-imei" in s.detector)), key=lambda s: s.start)
    out: list[Span] = []
    for s in imeis:
        # a row's next cell after the IMEI, shaped as a serial (a repair shop's export pasted without its header)
        if (m := _NEXT_CELL.match(text, s.end)) is not None and kept_by(text, m.start("v"), m.end("v"), _KEEPS) is None:
            out.append(Span(m.start("v"), m.end("v"), "account", NAME, 0.8))
    done = -1
    for s in imeis:
        lo = max(done, s.start - _REACH, 0)
        hi = min(len(text), s.end + _REACH)
        # the record ends at a blank line: the next paragraph is another device's or another person's
        if (gap := text.rfind("\n\n", lo, s.start)) >= 0:
            lo = gap
        if (gap := text.find("\n\n", s.end, hi)) >= 0:
            hi = gap
        for m in _serial().finditer(text, lo, hi):
            a, b = m.span("v")
            if kept_by(text, a, b, _KEEPS) is None:
                out.append(Span(a, b, "account", NAME, 0.8))
        for m in _CODE.finditer(text, lo, hi):
            a, b = m.span("v")
            if len(set(text[a:b])) > 1 and kept_by(text, a, b, _KEEPS) is None:
                out.append(Span(a, b, "secret", NAME, 0.8))
        done = hi
    return out
