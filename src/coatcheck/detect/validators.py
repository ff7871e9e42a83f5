"""Checksum and format validators, thin wrappers over python-stdnum and the standard library.

Each validator takes the matched value and returns True when it is a real-looking instance.
Rule records name them in their ``validator`` field.
"""

from __future__ import annotations

import base64
import binascii
import bisect
import functools
import ipaddress
import json
import re
from collections.abc import Callable

import phonenumbers
import regex

from stdnum import iban as _iban
from stdnum import ean as _ean
from stdnum.iso7064 import mod_11_2 as _mod_11_2
from stdnum.iso7064 import mod_97_10 as _mod_97_10
from stdnum import imei as _imei
from stdnum import meid as _meid
from stdnum import luhn as _luhn
from stdnum.de import idnr as _de_idnr
from stdnum.es import dni as _es_dni
from stdnum.es import nie as _es_nie
from stdnum.fr import nir as _fr_nir
from stdnum.it import codicefiscale as _it_cf
from stdnum.nl import bsn as _nl_bsn
from stdnum.us import ssn as _us_ssn

from .._data import word_list
from .logins_features import is_candidate
from .vocabulary import (all_plain_words, dictionary_words, is_product, name_particles, particle_regex, plain_words,
                         syllabic_given_name, vocab_cache, word_set)

_DIGITS = re.compile(r"\D")


def digits(value: str) -> str:
    return _DIGITS.sub("", value)


def dea_number(value: str) -> bool:
    """A DEA registration number: a registrant-type letter, a letter (or 9), seven digits whose last is the check
    digit: (d1 + d3 + d5) + 2 x (d2 + d4 + d6), last digit (21 CFR 1301; DEA's published check)."""
    if not re.fullmatch(r"[ABCDEFGHJKLMPRSTUX][A-Z9]\d{7}", value):
        return False
    d = [int(c) for c in value[2:]]
    return (d[0] + d[2] + d[4] + 2 * (d[1] + d[3] + d[5])) % 10 == d[6]


def eid(value: str) -> bool:
    """An eUICC id: 32 digits, ``89`` first, whose check digits hold (GSMA SGP.29, ISO/IEC 7064 MOD 97-10)."""
    return len(value) == 32 and value.isdigit() and value.startswith("89") and _mod_97_10.is_valid(value)


def gs1(value: str) -> bool:
    """A GS1 number (GTIN, GSRN) whose last digit is its mod-10 check digit (the EAN algorithm, any length)."""
    return value.isdigit() and len(value) >= 8 and _ean.calc_check_digit(value[:-1]) == value[-1]


def track2(value: str) -> bool:
    """A card's track 2: its PAN (before ``=`` or ``D``) is a card number (issuer prefix, length, Luhn)."""
    return card(re.split(r"[=D]", value.lstrip(";"), maxsplit=1)[0])


def luhn(value: str) -> bool:
    return _luhn.is_valid(digits(value))


_CARD_PREFIXES = (
    # 13-digit Visa and 12-15-digit Maestro numbers are no longer issued, while EAN-13 barcodes (40-44 Germany, 50 UK,
    # 57 Denmark …) pass Luhn as often as chance allows: unlabelled, those lengths are product codes
    (("4",), (16, 19)),  # Visa
    (tuple(str(p) for p in range(51, 56)) + tuple(str(p) for p in range(2221, 2721)), (16,)),  # Mastercard
    (("34", "37"), (15,)),  # Amex
    (("6011", "65") + tuple(str(p) for p in range(644, 650)), (16, 19)),  # Discover
    (tuple(str(p) for p in range(3528, 3590)), (16, 19)),  # JCB
    (("36", "38", "39") + tuple(str(p) for p in range(300, 306)), (14, 16, 19)),  # Diners
    (("62",), (16, 17, 18, 19)),  # UnionPay
    (("50", "56", "57", "58", "67", "63"), (16, 17, 18, 19)),  # Maestro
    (tuple(str(p) for p in range(2200, 2205)), (16, 17, 18, 19)),  # Mir
)


def card(value: str) -> bool:
    """Luhn, a length the issuer uses, an issuer prefix, and not a run of one digit."""
    d = digits(value)
    if not 12 <= len(d) <= 19 or len(set(d)) < 3 or not _luhn.is_valid(d):
        return False
    if re.search(r"[^\d \-]", value) or len({len(g) for g in re.split(r"[ -]", value)}) > 3:
        return False
    return any(d.startswith(prefixes) and len(d) in lengths for prefixes, lengths in _CARD_PREFIXES)


def orcid(value: str) -> bool:
    """An ORCID iD (16 characters in groups of four, the last a digit or X): ISO 7064 mod 11-2 over the whole."""
    compact = value.replace("-", "").upper()
    return len(compact) == 16 and compact[:15].isdigit() and _mod_11_2.is_valid(compact)


def orcid_in_slot(value: str) -> bool:
    """An ORCID iD's shape where a label or its orcid.org link names one: 16 characters in groups of four, the last a
    digit or X, whatever its check character (a mistyped iD is still the researcher's); not all zeros."""
    compact = value.replace("-", "").upper()
    return len(compact) == 16 and compact[:15].isdigit() and compact.strip("0") != ""


def iban(value: str) -> bool:
    """Country code, length and mod-97 (national check digits are not required: a mistyped or
    test IBAN is still someone's account-shaped data)."""
    return _iban.is_valid(value, check_country=False)


def us_ssn(value: str) -> bool:
    return _us_ssn.is_valid(value)


_NINO = re.compile(r"^(?!BG|GB|NK|KN|TN|NT|ZZ)[A-CEGHJ-PR-TW-Z][A-CEGHJ-NPR-TW-Z]\d{6}[A-D]$")


def uk_nino(value: str) -> bool:
    """UK National Insurance number: HMRC's prefix rules (no stdnum module exists for it)."""
    return bool(_NINO.match(re.sub(r"\s", "", value).upper()))


# A GB driving licence number (DVLA): the surname's first five letters padded with 9, the birth year's decade, the
# birth month (plus 50 for a woman), the day, the year's last digit, two initials padded with 9, a digit, two check
# characters. (Facts from the DVLA's published layout; no stdnum module exists for it.)
_UK_LICENCE = re.compile(r"([A-Z]{1,5}9{0,4})(\d)(\d\d)(\d\d)(\d)([A-Z][A-Z9])(\d)([A-Z0-9]{2})")


def uk_driving_licence(value: str) -> bool:
    """A GB driving licence number whose birth month and day can be a date (``MORGA657054SM9IJ``)."""
    m = _UK_LICENCE.fullmatch(re.sub(r"\s", "", value).upper())
    if m is None or len(m.group(1)) != 5:
        return False
    month, day = int(m.group(3)), int(m.group(4))
    return (1 <= month <= 12 or 51 <= month <= 62) and 1 <= day <= 31


def it_codice_fiscale(value: str) -> bool:
    return _it_cf.is_valid(value)


def es_dni_nie(value: str) -> bool:
    return _es_dni.is_valid(value) or _es_nie.is_valid(value)


def fr_nir(value: str) -> bool:
    return _fr_nir.is_valid(value)


def de_idnr(value: str) -> bool:
    return _de_idnr.is_valid(value)


def nl_bsn(value: str) -> bool:
    return _nl_bsn.is_valid(value)


def national_id(value: str) -> bool:
    """Any of the supported national ids with a valid check character."""
    return any(v(value) for v in (us_ssn, uk_nino, it_codice_fiscale, es_dni_nie, fr_nir, de_idnr, nl_bsn))


def _b64json(part: str) -> dict | None:
    try:
        raw = base64.urlsafe_b64decode(part + "=" * (-len(part) % 4))
        obj = json.loads(raw)
    except (ValueError, binascii.Error, UnicodeDecodeError):
        return None
    return obj if isinstance(obj, dict) else None


def jwt(value: str) -> bool:
    """Three base64url parts whose header is a JSON object with ``alg`` or ``typ``."""
    parts = value.split(".")
    if len(parts) != 3:
        return False
    header = _b64json(parts[0])
    return header is not None and ("alg" in header or "typ" in header) and _b64json(parts[1]) is not None


_DOC_V4 = [ipaddress.IPv4Network(n) for n in ("192.0.2.0/24", "198.51.100.0/24", "203.0.113.0/24")]


def ipv4(value: str) -> bool:
    """A routable unicast IPv4 address: not loopback, unspecified, link-local, multicast,
    broadcast, reserved or documentation. Private ranges pass here; the policy decides on them."""
    try:
        ip = ipaddress.IPv4Address(value)
    except ValueError:
        return False
    if ip.is_loopback or ip.is_unspecified or ip.is_link_local or ip.is_multicast or ip.is_reserved:
        return False
    if ip.packed[2:] == b"\0\0":
        return False  # 13.0.0.0, 3.0.0.0: a /16 network's own address or a four-part version, never a machine
    return not any(ip in n for n in _DOC_V4) and str(ip) != "255.255.255.255"


def ipv6(value: str) -> bool:
    """A unicast IPv6 address that is not loopback, unspecified, link-local, multicast or documentation."""
    core = value.split("%", 1)[0]
    if core.count(":") < 2 or not re.search(r"[0-9]", core):
        return False
    if len([g for g in core.split(":") if g]) < 3:
        return False  # 1::2, 3::2: a Python slice, not an address
    try:
        ip = ipaddress.IPv6Address(core)
    except ValueError:
        return False
    if ip.ipv4_mapped is not None:
        return ipv4(str(ip.ipv4_mapped))
    if ip.is_loopback or ip.is_unspecified or ip.is_link_local or ip.is_multicast:
        return False
    return ip not in ipaddress.IPv6Network("2001:db8::/32") and ip.exploded.count("0000") < 7


def mac(value: str) -> bool:
    hexes = re.sub(r"[^0-9A-Fa-f]", "", value).lower()
    if len(hexes) != 12 or len(set(hexes)) < 3:
        return False
    if hexes.startswith("00005e0053"):  # RFC 7042 documentation range
        return False
    return hexes not in {"ffffffffffff", "000000000000"}


@vocab_cache
def _role_mailboxes() -> frozenset[str]:
    return (word_set("handles", "role_mailboxes") | word_list("service_mailboxes_lower")
            | word_list("service_users_lower"))


def role_mailbox(local: str) -> bool:
    """The local part of a shared or service mailbox (``info``, ``support``, ``kontakt``, ``noreply``, ``git``): an
    organisation's address, no person's (the specification calls role addresses ambiguous; an agent reads them)."""
    low = local.lower()
    if low in _role_mailboxes():
        return True
    # role words joined ("oncall-payments", "support.team", "billing_alerts"): every part a role's or a common word,
    # one a role's; a name among them makes it a person's ("marta-ops")
    parts = [p for p in re.split(r"[-_.+]", low) if p]
    return (len(parts) > 1 and any(p in _role_mailboxes() for p in parts)
            and all(p in _role_mailboxes() or p in word_list("dictionary_words") for p in parts)
            and not any(p in word_list("first_names_lower") or p in word_list("last_names_lower") for p in parts))


_OPAQUE_HEX = re.compile(r"(?=[0-9a-f]*[a-f])(?=(?:[a-f]*\d){2})[0-9a-f]{10,}|(?=[0-9A-F]*[A-F])(?=(?:[A-F]*\d){2})[0-9A-F]{10,}")
_SERVICE_LOCAL = re.compile(r"(?i)(?:svc|srv|sync|robot|bot|build|deploy|system|daemon|automation)[-_.]|(?:ci|cd)[-_]")
_SERVICE_DOMAINS = (".gserviceaccount.com",)


def machine_address(local: str, domain: str) -> bool:
    """An address no person reads: a message or event id (``bde11cf9fa704e28@mail.example``, a calendar UID of
    random letters), a service principal (``svc-intune-enroll@…``, ``ci-deployer@…iam.gserviceaccount.com``)."""
    dotted = local.replace(".", "")  # a message id's dotted hex (41883503503518.bfa7e1af), not deb.cade1975
    return (_OPAQUE_HEX.fullmatch(local) is not None or (len(dotted) >= 14 and _OPAQUE_HEX.fullmatch(dotted) is not None)
            or (len(local) >= 16 and random_string(local))
            or _SERVICE_LOCAL.match(local) is not None or domain.endswith(_SERVICE_DOMAINS))


def email(value: str) -> bool:
    """Not a reserved/documentation domain, not a service or role address (git@github.com, info@acme.example), not
    a message id or a service principal (:func:`machine_address`)."""
    local, _, domain = value.rpartition("@")
    domain = domain.lower().rstrip(".")
    if reserved_domain(domain) or role_mailbox(local) or machine_address(local, domain):
        return False
    return ("." in domain and not re.fullmatch(r"[\d.]+", domain) and not domain.endswith((".png", ".jpg", ".svg", ".webp", ".gif"))
            and not domain.endswith(_SYSTEMD_UNITS))


# systemd's unit types: "postgresql@16-main.service", "getty@tty1.service", "user@1000.slice" are a template
# unit's instance, no address (none of these is a top-level domain; ".target" is one, Target's, and stays an address)
_SYSTEMD_UNITS = (".service", ".socket", ".timer", ".mount", ".automount", ".path", ".slice", ".scope", ".swap", ".device")


# (and the word in the four other languages, as their documentation writes it: ejemplo.es, exemple.fr, beispiel.de,
# esempio.it)
_EXAMPLE_DOMAIN = re.compile(r"(?:[a-z0-9-]+\.)*(?:example|ejemplo|exemple|beispiel|esempio)\.(?:[a-z]{2,6}|co\.[a-z]{2}|com\.[a-z]{2})")
# the fictional companies of Microsoft's documentation and samples
_DOCUMENTATION_DOMAINS = ("contoso.com", "fabrikam.com", "northwindtraders.com", "adventure-works.com", "wingtiptoys.com",
                          "tailspintoys.com", "litwareinc.com", "proseware.com", "woodgrovebank.com", "contoso.onmicrosoft.com")
_RESERVED_TLDS = (".test", ".example", ".invalid", ".localhost", ".local", ".internal.example")


def reserved_domain(domain: str) -> bool:
    """RFC 2606/6761 reserved names: example.com/.net/.org and the .test/.example/.invalid/.localhost TLDs."""
    d = domain.lower().rstrip(".")
    return (
        d in {"example.com", "example.net", "example.org", "localhost"}
        or d.endswith((".example.com", ".example.net", ".example.org"))
        or d.endswith(_RESERVED_TLDS)
        or _EXAMPLE_DOMAIN.fullmatch(d) is not None  # example.edu, example.co.uk, example.de: documentation's
        or d in _DOCUMENTATION_DOMAINS or d.endswith(tuple("." + x for x in _DOCUMENTATION_DOMAINS))
    )


def passport(value: str) -> bool:
    """A passport number in its labelled slot: 6-10 characters with three digits, or in capitals whatever its
    alphabet (German passports may be letters only: the label decides, not the format)."""
    v = re.sub(r"[\s-]", "", value)
    if not 6 <= len(v) <= 10:
        return False
    return sum(c.isdigit() for c in v) >= 3 or (v.isalnum() and v.isupper() and v.lower() not in plain_words())


_PLACEHOLDER_NUMBER = re.compile(r"(?i)(?:test|demo|sample|example|dummy|fake|xxx+|tbd|n/a)\b.*|.*\b(?:test|example)")
_PLACEHOLDER_DATES = frozenset({"1970-01-01", "1900-01-01", "1901-01-01", "0001-01-01", "9999-12-31",
                                "01.01.1970", "01/01/1970", "01/01/1900", "01.01.1900"})


def person_number(value: str) -> bool:
    """A person-bound number in its slot, whatever its layout, unless it says it is a placeholder (``TEST-0001``,
    ``DEMO-12345``) or its digits are one repeated or counting up (``0000001``, ``123456``)."""
    digits_only = digits(value)
    if _PLACEHOLDER_NUMBER.fullmatch(value) or len(set(digits_only)) <= 1:
        return False
    return digits_only.lstrip("0") not in ("123456", "1234567", "12345678", "123456789", "1234567890", "1", "12", "123", "1234", "12345")


# (written months with an ordinal, "de" as Spanish writes it, or abbreviated between hyphens: 3rd March 1985, 3 de marzo
# de 1985, 03-Mar-1985)
_WHOLE_DATE = re.compile(r"\d{4}-\d{1,2}-\d{1,2}|\d{1,2}[./-]\d{1,2}[./-](?:\d{4}|\d{2})|\d{8}"
                         r"|\d{1,2}(?:st|nd|rd|th|er|º|°)?\.?\s+(?:de\s+)?\w{3,10}\.?,?\s+(?:de\s+)?\d{4}|\d{1,2}-[^\W\d_]{3}-\d{2,4}"
                         r"|\w{3,10}\.?\s+\d{1,2}(?:st|nd|rd|th)?,?\s+\d{4}")


_CLOCK_SUFFIX = re.compile(r"(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,6})?)?(?:Z|[+-]\d{2}:?\d{2})?|[+-]\d{2}:\d{2}|Z)$")


def birth_date(value: str) -> bool:
    """A date of birth in its slot, unless it is a form's placeholder (the Unix epoch, 1900-01-01, 9999-12-31); an ISO
    date may carry a time or a zone (``1983-09-26-08:00``, ``2002-07-23T00:00:00.000Z``)."""
    v = value.strip()
    if re.match(r"\d{4}-", v):
        v = _CLOCK_SUFFIX.sub("", v)
    if (year := _YEAR.search(v)) is not None and int(year.group()) > _this_year():
        return False  # a date to come is no one's birth (a fixture's 2099-12-31)
    return v not in _PLACEHOLDER_DATES and _WHOLE_DATE.fullmatch(v) is not None


_YEAR = re.compile(r"(?<!\d)(?:19|20)\d\d(?!\d)")


@functools.cache
def _this_year() -> int:
    import datetime

    return datetime.date.today().year


def id_number(value: str) -> bool:
    """A national or tax number in its slot: 7 to 20 characters (an Italian health card's twenty digits) with six
    digits or more, no run of one digit, not a date or a version."""
    digits_only = digits(value)
    return (6 <= len(digits_only) and 7 <= len(re.sub(r"[\s./-]", "", value)) <= 20
            and len(set(digits_only)) > 2 and _WHOLE_DATE.fullmatch(value) is None)


def document_number(value: str) -> bool:
    """An identity document's number in its slot: 5 to 14 characters with two digits or more, in capitals, not a
    year alone."""
    v = re.sub(r"[\s-]", "", value)
    return (5 <= len(v) <= 14 and sum(c.isdigit() for c in v) >= 2 and v.upper() == v
            and not re.fullmatch(r"(?:19|20)\d\d", v))


def driver_license(value: str) -> bool:
    v = re.sub(r"[\s-]", "", value)
    return 5 <= len(v) <= 18 and sum(c.isdigit() for c in v) >= 4


def licence_number(value: str) -> bool:
    """A licence number in its labelled slot: 5-20 letters and digits with at least one digit, not a word."""
    v = re.sub(r"[\s-]", "", value)
    return 5 <= len(v) <= 20 and any(c.isdigit() for c in v) and not v.isalpha()


def aws_secret(value: str) -> bool:
    """40 base64 characters with mixed case and a digit (not a hex digest)."""
    return (
        len(value) == 40
        and not re.fullmatch(r"[0-9a-fA-F]+", value)
        and bool(re.search(r"[a-z]", value) and re.search(r"[A-Z]", value) and re.search(r"\d", value))
    )


def mixed_alnum(value: str) -> bool:
    """Looks random: has a digit and a letter, and is not all one case of hex (a digest)."""
    return bool(re.search(r"\d", value) and re.search(r"[A-Za-z]", value))


@vocab_cache
def _name_word() -> regex.Pattern[str]:
    """A word of a person's name: capitalised, an initial, or a name particle (particles come from the vocabulary,
    so the pattern is rebuilt when the vocabulary changes)."""
    return regex.compile(r"^(?:(?:Mc|Mac|[ODL]['’]|Dell['’])?\p{Lu}[\p{Ll}'’]+(?:-\p{Lu}?[\p{Ll}'’]+)?\.?|\p{Lu}\.|" + particle_regex() + ")$")


def person_name(value: str) -> bool:
    """One to five name-shaped words (``Jean-Luc Moreau``, ``Anna van der Berg``, ``Colombo, Stefano`` as registers
    write a surname first), not a product or bot."""
    words = value.split()
    if len(words) >= 2 and value.count(",") == 1 and words[0].endswith(","):
        words[0] = words[0][:-1]
    if not 1 <= len(words) <= 5 or not words[0][:1].isupper():
        return False
    if is_product(value):
        return False
    name_word = _name_word()
    return all(name_word.match(w) for w in words)


_NOT_A_NAME_IN_CAPS = frozenset({
    "NULL", "NONE", "TODO", "TBD", "TBC", "UNKNOWN", "NA", "N/A", "EMPTY", "TEST", "NAME", "USER", "ADMIN", "STRING", "VARCHAR",
    "NVARCHAR", "CHAR", "TEXT", "DEFAULT", "REQUIRED", "OPTIONAL", "TIMESTAMP", "DATE", "DATETIME", "TIME", "JSON", "JSONB",
    "XML", "BLOB", "CLOB", "BIGINT", "INT", "INTEGER", "SMALLINT", "DECIMAL", "NUMERIC", "SERIAL", "FLOAT", "DOUBLE", "REAL",
    "BOOLEAN", "BOOL", "UUID", "ENUM", "ARRAY", "OBJECT", "NUMBER", "ANY", "REDACTED", "MASKED", "HIDDEN", "SECRET", "PII",
    "PLACEHOLDER", "CHANGEME", "FOO", "BAR", "BAZ", "XXX", "XXXX", "SAMPLE", "EXAMPLE", "DUMMY", "FAKE", "ANONYMOUS", "NOT",
    "KEY", "INDEX", "UNIQUE", "PRIMARY"})


@vocab_cache
def _names_lower() -> frozenset[str]:
    return word_list("first_names_lower") | word_list("last_names_lower")


# the words that make a display name a program's or a team's ("Deploy Bot", "Cron <flush@host>", "Release Team")
_AUTOMATION_WORDS = frozenset({"bot", "bots", "cron", "deploy", "deployer", "build", "builder", "release",
                               "releases", "automation", "automated", "robot", "daemon", "service", "system", "team",
                               "support", "notifications", "notification", "alerts", "alert", "noreply", "mailer",
                               "scheduler", "monitor", "monitoring", "pipeline", "admin", "administrator",
                               "root", "postmaster", "webmaster", "helpdesk", "desk", "nightly", "backup", "maintainers",
                               "developers", "contributors", "authors", "community", "foundation", "project"})


def display_person(value: str) -> bool:
    """A display name before an address that is a person's: :func:`person_name`, and no word of it says a program, a
    robot or a team writes there ("Deploy Bot", "Cron", "Release Team")."""
    return person_name(value) and not _automated(value)


def _automated(value: str) -> bool:
    """Whether a word of a display name is a program's, a robot's or a team's (:data:`_AUTOMATION_WORDS`)."""
    return any(w.lower().strip(".,") in _AUTOMATION_WORDS for w in value.split())


def note_login(value: str) -> bool:
    """The login after "note by" / "Notiz von": one made from a name (:func:`initial_login`), or a login with a digit, a
    dot or an underscore (``m.ricci``, ``svenja_w``, ``hvaldes2``); a plain word is the sentence's ("Nota di credito",
    "reply by Friday")."""
    return (value.islower() and initial_login(value)) or (
        bool(re.search(r"[._\d]", value)) and username(value) and value[-1:] not in "._")


def person_name_any_case(value: str) -> bool:
    """:func:`person_name` of a name written in capitals too ("Cognome: MARTINELLI", "surname: DALLA COSTA"); not a
    schema's or a placeholder's word in capitals (``NULL``, ``VARCHAR``)."""
    if value.isupper():
        return not any(w in _NOT_A_NAME_IN_CAPS for w in value.split()) and person_name(value.title())
    if value.islower():
        # an export or an API that keeps what was typed ("first_name": "siobhan", "last_name": "mcallister"): every
        # word a name the gazetteers know and no word of prose, code or a dictionary ("str", "null", "unknown")
        particles = name_particles()
        words = [w for w in regex.split(r"[ -]+", value) if w not in particles]
        names = _names_lower()
        return bool(words) and all(w in names and w not in _english_words() and w not in plain_words() for w in words) \
            and person_name(" ".join(w if w in particles else w.title() for w in value.split()))
    return person_name(value)


def gazetteer_name(value: str) -> bool:
    """A 2-4 word person name whose first word is a known first name or whose last word is a known
    last name (keep/first_names.txt, keep/last_names.txt)."""
    words = value.split()
    if not 2 <= len(words) <= 4 or not person_name(value):
        return False
    first_ok = words[0] in word_list("first_names") and words[0] not in word_list("ambiguous_first_names") and words[0] not in word_list("common_words")
    return first_ok or words[-1] in word_list("last_names")


_PHONE_REGIONS = ("US", "GB", "IT", "DE", "FR", "ES", "CH", "AT", "BE", "NL", "IE", "PT", "CA", "AU")
_EXTENSION = re.compile(r"(?i)\s*(?:ext\.?|x|int\.?|durchwahl|poste|interno)\s*\d{1,5}$")


def register_name(value: str) -> bool:
    """A name the gazetteers know as registers and payment files write it: given name first or surname first, with
    or without the comma between them, in any case ("Brandauer, Henrike", "OKONKWO CHIDI"); an organisation's name
    ("Vodafone Deutschland", "Finanzamt Köln-Mitte") is none."""
    plain = value.replace(",", " ") if value.count(",") == 1 else value
    words = plain.split()
    return gazetteer_name_any_case(" ".join(words)) or gazetteer_name_any_case(" ".join(reversed(words)))


_COMPANY_SUFFIXES = frozenset({"ag", "gmbh", "kg", "ohg", "ug", "se", "spa", "srl", "snc", "sas", "sarl", "sa", "sl", "slu",
                               "ltd", "plc", "llp", "llc", "inc", "corp", "co", "bv", "nv", "oy", "ab", "as"})


def payee_name(value: str) -> bool:
    """A payment's counterparty as a bank writes it: :func:`register_name`, or a known first name and the initial
    of a surname (``ROCÍO V.``, ``ABDOULAYE S.``: instant-payment apps shorten the surname); no company's legal form
    (``PAUL HARTMANN AG``) and no word of the dictionary that is no given name (``MASTER NODE``, ``HUGO BOSS``,
    ``CHASE BANK``)."""
    words = value.split()
    firsts = word_list("first_names_lower")
    if any(w.lower().strip(".") in _COMPANY_SUFFIXES for w in words) or any(
            w.lower() in dictionary_words() and w.lower() not in firsts for w in words):
        return False
    if len(words) == 2 and len(words[1].rstrip(".")) == 1 and words[1][0].isupper():
        return first_name(words[0].title() if words[0].isupper() else words[0])
    return register_name(value)


def iban_typo(value: str) -> bool:
    """:func:`iban_shape` of a value a person typed, not a documentation's filler: no run of four zeros and no counting
    run of four (``NL18 ABNA 0000 0000 00``, ``DE12 ABCD EFGH 1234 5678 90``)."""
    v = re.sub(r"\s", "", value).upper()
    return iban_shape(v) and "0000" not in v[4:] and not _sequential_run(v[4:], 4)


def vehicle_number(value: str) -> bool:
    """A VIN as a car carries it, not a simulator's or a fixture's (``WVWZZZ1JZXW000001``): no run of four zeros and
    no counting run of five."""
    return "0000" not in value and not _sequential_run(value, 5)


def query_name(value: str) -> bool:
    """A name a URL's query gives (``Hodan``, ``Amaia%20Salcedo``): its words are no dictionary's, no product's and no
    code's, and not the placeholder John Doe."""
    from urllib.parse import unquote_plus

    words = [w for w in re.split(r"%20|\+", value) if w]
    words = [unquote_plus(w) for w in words]
    return bool(words) and not any(w.lower() in dictionary_words() or w.lower() in word_list("common_words")
                                   or is_product(w) for w in words) and value.replace("%20", " ") not in ("John Doe", "Jane Doe")


def query_given_name(value: str) -> bool:
    """A full name a URL's query gives under a bare name key (``Kai+Dietrich``, ``Anneliese+B%C3%B6hm``): a given
    name the lists know first, then no word of the dictionary (a company's ``Acme+Robotics``, a team's
    ``Berlin+Office`` is none)."""
    from urllib.parse import unquote_plus

    import unicodedata

    name = unquote_plus(value.replace("%20", "+"))
    # (the lists write some given names without their accents: Ayşe as Ayse, Gwenaël as Gwenael)
    folded = "".join(c for c in unicodedata.normalize("NFKD", name) if not unicodedata.combining(c))
    return (query_name(value) and (given_name_first(name) or given_name_first(folded)) and len(name.split()) >= 2
            and not any(w in word_list("places") for w in name.split()))


def chat_login(value: str) -> bool:
    """A chat copy's speaker shown by login: one made of a name (:func:`person_handle`, :func:`named_login`,
    :func:`first_and_initial`); a word, a host, a file or a bot with a digit is a schedule's, a timing's or a
    playlist's line ("node-01  12:00")."""
    return (person_handle(value) or named_login(value) or first_and_initial(value)) and not is_product(value)


def plus_joined_name(value: str) -> bool:
    """A full name the gazetteers know (:func:`gazetteer_name`), its blanks as ``+`` where a form encoded it into a
    URL's query (``Haruto+Kowalczyk``); an organisation's or an office's words are none (``Acme+Robotics``)."""
    return gazetteer_name(value.replace("+", " "))


def done_by_login(value: str) -> bool:
    """The login of whoever did something (``merged by kdemir2``, ``rotated by lorenzo.deluca98``, ``bearbeitet von
    kschulz``): one joined by a dot or an underscore whose parts are no word of code or prose (:func:`person_login`);
    one with digits or a hyphen only where a part names a person (:func:`named_login`: ``kdemir2``, not
    ``fail2ban``); a plain word only when made of a name and an initial (:func:`initial_login`,
    :func:`composed_login`, :func:`first_and_initial`): ``hugo``, ``winston``, ``luigi`` name programs as often."""
    if any(c in "._" for c in value):
        return person_login(value)
    if any(c.isdigit() or c == "-" for c in value):
        # digits or hyphens alone: a person's name in it (kdemir2, yuki62, anna-k), not a program's (fail2ban, flake8,
        # protoc-gen-go, deploy01)
        return named_login(value)
    return initial_login(value) or composed_login(value) or first_and_initial(value)


def first_and_initial(word: str) -> bool:
    """``word`` (lower case) is a first name of the lists of five letters or more and the surname's initial, as chat
    handles are made (``joaquink``, ``solenel``, ``aitanac``): neither the name nor the whole a word of a language, of
    prose or of code or a package's name (keep/handle_lookalikes.txt: ``katex``), no plural (``marks``), no name that
    may be a word (ambiguous first names)."""
    if len(word) < 5 or not word.isalpha() or not word.islower() or word.endswith("s"):
        return False
    first = word[:-1]
    return (len(first) >= 5 and word not in word_list("handle_lookalikes")
            and first in word_list("first_names_base_lower") and first not in word_list("ambiguous_first_names_lower")
            and first not in dictionary_words() and word not in dictionary_words() and word not in plain_words()
            and word not in word_list("code_words_lower") and word not in word_list("common_words_lower"))


def slash_name(value: str) -> bool:
    """A SURNAME/GIVEN name as booking systems write it (``OKAFOR/CHIDI``, ``VAN DER BERG/ANNEKE``): each side a word
    of three letters or more with a vowel, no dictionary's word, no product (``TCP/IP``, ``AC/DC``, ``INPUT/OUTPUT``)."""
    sur, _, given = value.partition("/")
    sides = [sur.split()[-1], given.split()[0]] if sur.split() and given.split() else []
    return len(sides) == 2 and all(
        len(w) >= 3 and regex.search(r"[AEIOUYÀ-ÖØ-Ý]", w) is not None and w.lower() not in dictionary_words()
        and not is_product(w) for w in sides)


def chat_member_id(value: str) -> bool:
    """A chat workspace member's id as the service issues it (``U08VC28GP01``), not a documentation's made-up one
    whose letters run in order (``U02ABCDEF``, ``U03GHIJKL``), nor a word and a year (``USER2024A``, ``UBUNTU2204``)."""
    if _sequential_run(value, 4) or re.search(r"(?:19|20)\d\d", value):
        return False
    return not any(len(w) >= 4 and (w.lower() in dictionary_words() or is_product(w))
                   for w in re.findall(r"[A-Z]+", value))


def gazetteer_name_any_case(value: str) -> bool:
    """:func:`gazetteer_name` of a name written in capitals too (bank files and HL7 write ``CAMILLE DUVAL``)."""
    return gazetteer_name(value.title() if value.isupper() else value)


# a log's level or a test's status before a word ("ERROR Something", "FAILED Lukas")
_STATUS_WORDS = frozenset({"ERROR", "ERR", "WARN", "WARNING", "INFO", "DEBUG", "TRACE", "FATAL", "CRITICAL", "NOTICE",
                           "FAILED", "FAIL", "PASSED", "PASS", "OK", "DONE", "SKIPPED", "SKIP", "NEW", "ADD", "DEL",
                           "GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "TODO", "FIXME", "NOTE", "RE", "FW", "FWD"})


# a ship's, a club's or a protocol's prefix in capitals before a name ("HMS Victoria", "AC Milan", "HTTP Victoria")
_CAPS_PREFIXES = frozenset({"HMS", "RMS", "USS", "MS", "MV", "MY", "SS", "SY", "AC", "FC", "SC", "AS", "SV", "US", "UK",
                            "EU", "UN", "HTTP", "HTTPS", "API", "CEO", "CTO", "CFO", "VP", "HR", "IT", "PR", "NYC", "LA",
                            "DJ", "MC", "ST", "SAN", "RC", "VfB", "TSV", "SG", "BV"})


def surname_first_caps(value: str) -> bool:
    """A register's "SURNAME Given" (``ETXEBERRIA Alejandro``, ``VAN DAM Pieter``): the surname in capitals, no word
    a schema or a placeholder writes in capitals, then a given name the gazetteer knows."""
    words = value.split()
    caps = [w for w in words if w.isupper()]
    given = [w for w in words if not w.isupper()]
    if (not caps or not given or words[: len(caps)] != caps
            or any(w in _NOT_A_NAME_IN_CAPS or w in _STATUS_WORDS or w in _CAPS_PREFIXES for w in caps)):
        return False
    first = given[0]
    return (first in word_list("first_names") and first not in word_list("common_words")
            and first not in word_list("ambiguous_first_names") and not is_product(value))


def surname_first_caps_known(value: str) -> bool:
    """:func:`surname_first_caps` whose surname the gazetteer knows too (a listing's column, where capitals and a
    capitalised word are often a product's or a licence's: "GNU General")."""
    caps = [w for w in value.split() if w.isupper()]
    return surname_first_caps(value) and any(w.title() in word_list("last_names") for w in caps)


def chat_speaker(value: str) -> bool:
    """A chat line's speaker: one known first name that is not a common word (a double one's first part, Jan-Hendrik),
    or a full name the gazetteers know."""
    if len(value.split()) == 1:
        return first_name(value) or ("-" in value and first_name(value.split("-")[0]) and value.split("-")[1].istitle())
    return gazetteer_name(value)


def export_speaker(value: str) -> bool:
    """An exported chat's speaker or contact (WhatsApp, Signal): a name the lists know (:func:`chat_speaker`), a full
    name whose first word is a given name they know or a two-syllable romanised one ("Mei-Lin", "Sung-min Park"), no
    word of the dictionary after it (not "Reminder", "Proxmox", "Condominio Via Roma", "Family Group")."""
    if (initial := regex.fullmatch(r"(?P<g>\p{Lu}[\p{Ll}-]+)[ \t]\p{Lu}\.", value)) is not None:
        return chat_speaker(initial["g"]) or first_name(initial["g"])  # a contact saved as "Maëlle K."
    return chat_speaker(value) or contact_name(value)


def contact_name(value: str) -> bool:
    """A full name of two to four words that starts with a given name the lists know (or a two-syllable romanised
    one) and whose other words are surnames the lists know or no word of a dictionary or of English ("Benedetta
    Pellegrini", "Mei-Lin Osei"; not "Victoria Station", "Made In Italy", "Condominio Via Roma")."""
    words = value.split()
    if not 2 <= len(words) <= 4 or is_product(value):
        return False
    def plain(w: str) -> bool:
        return w.lower() in dictionary_words() or w.lower() in word_list("english_words")
    # (a given name the lists lack in a full name the gazetteers know: Benedetta Pellegrini)
    if not first_name(value) and not (gazetteer_name(value) and not plain(words[0])):
        return False
    particles = name_particles()
    return all(w in word_list("last_names") or w.lower() in particles or not plain(w) for w in words[1:])


def caps_surname(value: str) -> bool:
    """A surname in capitals after a title (``RAGHUNATHAN``, ``O'SULLIVAN``): no word of the dictionary, of prose or
    of code (``NOTE``, ``WORD``), no product."""
    words = [w for w in re.split(r"[-' ]", value) if w]
    return (bool(words) and all(len(w) >= 2 for w in words) and len(value.replace(" ", "")) >= 4
            and any(c in "AEIOUYÀÈÉÌÒÙ" for c in value) and not any(
                w.lower() in dictionary_words() or w.lower() in word_list("common_words") or is_product(w)
                or w.lower() in plain_words() for w in words))


def salutation_name(value: str) -> bool:
    """A mail's salutation of a first name alone (``Davide,``): a known given name that is no place's name too
    (``Sydney,``, ``Paris,`` in a list of cities)."""
    return chat_speaker(value) and value not in word_list("places")


def buyer_login(value: str) -> bool:
    """A marketplace buyer's login (``pryceg``, ``chiara93``, ``javier_morales``): no word of the dictionary, of prose
    or of code (``portal``, ``success``, ``sdk``), no service account."""
    low = value.lower()
    return (username(value) and low not in dictionary_words() and low not in plain_words()
            and low not in word_list("code_words") and len(low) >= 4)


def record_locator(value: str) -> bool:
    """An airline's or a GDS's record locator (six letters and digits, as IATA's reservations systems issue it): no
    word of the dictionary (``UPDATE``, ``LOOKUP``), no run of one character, not all digits."""
    return (len(value) == 6 and value.isalnum() and value.isupper() and not value.isdigit() and len(set(value)) > 2
            and value.lower() not in dictionary_words() and value.lower() not in word_list("common_words"))


_NO_PASSWORDS = frozenset({"true", "false", "null", "none", "yes", "no", "on", "off", "undefined"})


def credential_url(value: str) -> bool:
    """A URL whose query's password parameter holds a live credential: no placeholder, no template, no documented
    example and not its own account's name (``user=postgres&password=postgres``)."""
    from urllib.parse import parse_qs, urlsplit

    from .keep import is_documented_example, is_placeholder_value, is_templated

    try:
        parts = urlsplit(value.removeprefix("jdbc:"))
        query = parse_qs(parts.query)
    except ValueError:
        return False
    secret = next((v[0] for k, v in query.items() if k.lower() in ("password", "passwd", "pwd", "pw", "passcode") and v), None)
    if not secret or len(secret) < 4 or "$" in secret or "{" in secret or "%(" in secret:
        return False
    if secret.lower() in _NO_PASSWORDS or secret.isdigit() and len(secret) <= 5:
        return False  # a flag's or a width's value (pw=true, pw=1200): no password
    if (is_templated(secret, 0, len(secret)) or is_placeholder_value(secret, 0, len(secret))
            or is_documented_example(secret, 0, len(secret))):
        return False
    user = (parts.username or next((v[0] for k, v in query.items() if k.lower() in ("user", "username") and v), "")).lower()
    return secret.lower() != user and secret.lower() not in ("password", "pass", "secret", "pw", "passwd")


_LINK_TOKEN = re.compile(r"[A-Za-z0-9_-]{7,64}")
_CAMEL_WORDS = re.compile(r"(?:[A-Z][a-z]+)+\d{0,4}|[A-Z]{2,}[a-z]+\d{0,4}")


def generated_link_token(value: str) -> bool:
    """A link whose last path segment is a generated token (``https://trk.to/Sx4vmdHL``, ``…/p/DTcIC0gyfc``): seven
    characters or more, with a digit two capitals and two small letters at least changing case twice or more (without
    one, eight or more letters changing case four times: ``kAlrWYZreX``); no CamelCase words (``/GettingStarted2``,
    ``iPhone15``), no word of four letters or more among its parts (``getUserById``), no placeholder."""
    from urllib.parse import urlsplit

    from .keep import is_placeholder_value

    try:
        path = urlsplit(value).path
    except ValueError:
        return False
    token = path.rstrip("/").rsplit("/", 1)[-1]
    if _LINK_TOKEN.fullmatch(token) is None or _CAMEL_WORDS.fullmatch(token) is not None:
        return False
    # a word of four letters or more among its humps (getUserById, AzureCLI2, McDonnell_Douglas, LLMxPrize24): a
    # page's or an API's name, not a generated token (those hold none by chance, or seldom)
    english, words = word_list("english_words"), dictionary_words()
    if any(len(h) >= 4 and (h.lower() in english or h.lower() in words or h in word_list("first_names")
                            or h in word_list("last_names"))
           for h in _HANDLE_PARTS.findall(token)):
        return False
    if is_placeholder_value(token, 0, len(token)):
        return False
    letters = [c for c in token if c.isalpha()]
    if not any(c.isupper() for c in letters) or not any(c.islower() for c in letters):
        return False
    switches = sum(a.isupper() != b.isupper() for a, b in zip(letters, letters[1:], strict=False))
    uppers = sum(c.isupper() for c in letters)
    if any(c.isdigit() for c in token):
        return switches >= 2 and 2 <= uppers <= len(letters) - 2
    return len(token) >= 8 and switches >= 4


def de_rvnr(value: str) -> bool:
    """German pension insurance number (Rentenversicherungs-/Sozialversicherungsnummer): area (2 digits), birth date
    (ddmmyy), the surname's initial, a serial (2 digits) and a check digit: weights 2 1 2 5 7 1 2 1 2 1 2 1 over the
    twelve digits with the letter as its alphabet position (two digits), products' digit sums mod 10."""
    v = value.replace(" ", "")
    if not re.fullmatch(r"\d{8}[A-Z]\d{3}", v):
        return False
    day, month = int(v[2:4]), int(v[4:6])
    if not (1 <= day <= 31 and 1 <= month <= 12):
        return False
    digits12 = v[:8] + f"{ord(v[8]) - 64:02d}" + v[9:11]
    total = sum(sum(map(int, str(int(d) * w))) for d, w in zip(digits12, (2, 1, 2, 5, 7, 1, 2, 1, 2, 1, 2, 1), strict=True))
    return total % 10 == int(v[11])


def r_person_part(value: str) -> bool:
    """A given name or a family name in R's ``person()``: no organisation's word, no product."""
    return not any(w.strip(",.").lower() in ("software", "pbc", "inc", "ltd", "gmbh", "foundation", "team",
                                              "university", "project", "consortium", "corporation")
                   for w in value.split()) and not is_product(value)


@vocab_cache
def _common_or_dictionary() -> frozenset[str]:
    return word_list("common_words_lower") | word_list("dictionary_words")


_DEVICE_PART = re.compile(r"(?i)(?:['’]s[ ]|s?-)(?:iphone|ipad|macbook(?:-pro|-air)?|mbp|mba|imac|mac-?mini|laptop|notebook|"
                          r"desktop|pc|thinkpad|xps|surface|galaxy|workstation)$|^(?:iphone|ipad|macbook(?:-pro|-air)?|"
                          r"galaxy|laptop|pc)-(?:di|de|von|of|du|van|del)-")


def owner_name(value: str) -> bool:
    """A device's owner: a part of the name (``oliver``, ``johanna-hofstetter``, ``matteo.gentile``) is a first name
    or a surname of the name lists and none is a common word (``build``, ``office``, ``my``)."""
    value = _DEVICE_PART.sub("", value)  # the device's word and its joins (kwame-mbp, iphone-di-giulia): the owner's rest
    parts = [p for p in re.split(r"[._-]", value.lower()) if p]
    first, last = word_list("first_names_lower"), word_list("last_names_lower")
    common = _common_or_dictionary()
    if value.lower().endswith("s") and len(parts) == 1 and parts[0][:-1] in first:
        parts = [parts[0][:-1]]  # olivers-macbook: the possessive glued on
    return any(p in first or p in last for p in parts) and not any(p in common for p in parts)


def gazetteer_name_either_order(value: str) -> bool:
    """:func:`gazetteer_name_any_case`, also with the surnames first (payroll and bank files write ``PELLEGRINI
    NOEMI``, ``RAMOS IGLESIAS AINHOA``)."""
    name = value.title() if value.isupper() else value
    words = name.split()
    return gazetteer_name(name) or (len(words) >= 2 and gazetteer_name(" ".join([words[-1], *words[:-1]])))


def sort_code_account(value: str) -> bool:
    """A sort code and an account number, not a short date (``15-03-24``, ``24-03-15``: a day, a month and a year in
    either order; sort codes such as 20-00-00 or 40-11-22 are none) and not a YYYYMMDD date after it."""
    m = re.fullmatch(r"(\d\d)-(\d\d)-(\d\d)[ \t/,;]+(\d{8})", value.strip())
    if m is None:
        return False  # (a retry cut short by the rule framework)
    a, b, c = int(m.group(1)), int(m.group(2)), int(m.group(3))
    if 1 <= b <= 12 and (1 <= a <= 31 or a <= 35 and 1 <= c <= 31):
        return False  # dd-mm-yy, or yy-mm-dd of a recent year
    account = value[-8:]
    return not (account[:2] in ("19", "20") and 1 <= int(account[4:6]) <= 12 and 1 <= int(account[6:]) <= 31)


def e164_digits(value: str) -> bool:
    """A full international number written as digits alone, with its country code and no "+" (``447911123456``,
    ``393471182204``): valid for its country once the "+" is put back. Eleven digits or more, so that a local
    number, an extension or a Unix time is none."""
    digits = value[1:] if value.startswith("+") else value[2:] if value.startswith("00") else value
    if not digits.isdigit() or not 11 <= len(digits) <= 15:
        return False
    try:
        return phonenumbers.is_valid_number(phonenumbers.parse("+" + digits, None))
    except phonenumbers.NumberParseException:
        return False


def possible_phone(value: str) -> bool:
    """A *possible* phone number (phonenumbers' length check, not full validity; with its country code, any of
    E.164's lengths): for values in a phone-labelled slot, where a mistyped or unassigned number is still somebody's
    phone. An extension (``ext. 405``) may follow."""
    number = _EXTENSION.sub("", value).strip()
    digits = sum(c.isdigit() for c in number)
    if not 6 <= digits <= 15 or len(set(_DIGITS.sub("", number))) < 3:
        return False
    if number.startswith("00"):
        number = "+" + number[2:]
    if number.startswith("+") and digits >= 8:
        return True  # an international number of E.164's length: the slot says it is one, whatever its plan allows
    regions: tuple[str | None, ...] = (None,) if number.startswith("+") else _PHONE_REGIONS
    for region in regions:
        try:
            if phonenumbers.is_possible_number(phonenumbers.parse(number, region)):
                return True
        except phonenumbers.NumberParseException:
            continue
    return False


@functools.cache
def handle_surnames() -> frozenset[str]:
    """The surnames (lower case) a login is read as made of, with an initial or a first name beside them: the lists',
    and the census's frequent ones of six letters or more. A short or a rare census surname ("Unch", "Bove",
    "Gradle") would make words and programs of an initial and itself ("lunch", "above", "gradlew"); whole, it is a
    name still (:func:`name_like`)."""
    census = frozenset(w.lower() for w in word_list("census_common_last_names") if len(w) >= 6)
    return word_list("last_names_base_lower") | census


def initial_and_surname(word: str) -> bool:
    """``word`` (lower case) is an initial run into a known surname, as logins are made (``jdoe``, ``kwagner``); not an
    English word that reads so (keep/handle_lookalikes.txt: ``acetate``)."""
    return len(word) >= 5 and word[1:] in handle_surnames() and word not in word_list("handle_lookalikes")


@functools.cache
def _surname_heads() -> frozenset[str]:
    # (a head that is a word itself is no surname's: "bracket", "channel", "billing" of lbracket, xchannel, ebilling)
    english = word_list("english_words")
    return frozenset(h for w in handle_surnames() if len(w) > 7 and w.isalpha()
                     for h in (w[:7],) if h not in english and h not in dictionary_words())


def truncated_login(word: str) -> bool:
    """``word`` (lower case) is an eight-letter Unix login cut from an initial and a longer surname, as ``useradd``
    scripts cut them (``fweissma`` for F. Weissmann, ``nabernat`` for N. Abernathy); no word of a dictionary, prose or
    code."""
    return (len(word) == 8 and word.isalpha() and word[1:] in _surname_heads() and word not in dictionary_words()
            and word not in plain_words() and word not in word_list("handle_lookalikes"))


def name_like(word: str) -> bool:
    """``word`` (lower case) is a known first or last name, an initial and a surname (``jdoe``), or a first
    name run into a surname (``carolelucero``)."""
    first, last = word_list("first_names_lower"), word_list("last_names_lower")
    if word in first or word in last:
        return True
    if initial_and_surname(word):  # jdoe
        return True
    surnames = handle_surnames()
    return word not in word_list("handle_lookalikes") and any(
        word[:i] in first and word[i:] in surnames for i in range(3, len(word) - 2))


_CHAT_ID = re.compile(r"[UWB](?=[A-Z0-9]*\d)[A-Z0-9]{8,11}")


def username(value: str) -> bool:
    """A login name in a username slot: anything but a service or system account, a bot, a code word or a
    common word (safety first: an unknown word in a user slot is somebody's login)."""
    low = value.lower()
    if (low in word_list("service_users") or low in word_list("code_words") or low in word_list("common_words")
            or role_mailbox(low)):
        return False
    if low.endswith(("bot", "[bot]", "-ci", "_ci", "-svc", "_svc", "-service", "_service")):
        return False
    if _CHAT_ID.fullmatch(value):
        return False  # a chat workspace's member id (Slack U02ABCDEF, W…): an identifier, no login
    return len(low) >= 3 and not service_account(low)


_MACHINE_STEMS = ("agent", "build", "runner", "worker", "server", "deploy", "service")


def role_login(value: str) -> bool:
    """A login under a person's role (``agent: lmoreno``, ``driver_id=marinoa1``, ``officer: CO_jwarburton``): a
    :func:`person_handle` (made of a name, or a digit or a separator beside letters no word holds), no product and
    no machine's stem (``agent: supervisor``, ``interpreter: cpython``, ``agent: buildagent01`` are no one's)."""
    if not username(value) or is_product(value) or any(stem in value.lower() for stem in _MACHINE_STEMS):
        return False
    if person_handle(value):
        return True
    head, _, tail = value.rpartition("_")
    return bool(head) and head.isalpha() and len(head) <= 4 and (person_handle(tail) or initial_login(tail))


# device and system makers a host name may start with ("lenovo-laptop", "raspberrypi-desktop", "kubuntu-desktop")
_DEVICE_MAKERS = frozenset({"lenovo", "thinkpad", "samsung", "galaxy", "pixel", "apple", "dell", "hp", "asus", "acer",
                            "msi", "huawei", "xiaomi", "oneplus", "raspberrypi", "rpi", "ubuntu", "kubuntu",
                            "xubuntu", "lubuntu", "gnome", "kde", "xfce", "lxqt", "budgie", "windows", "win",
                            "linux", "android", "chrome", "chromebook", "surface", "gaming", "office", "kitchen"})


def device_login(value: str) -> bool:
    """The handle a device is named after (``bytewrangler``, ``lowtide_9``, ``tangerine.dream``): a login, no maker's
    or system's name, no single word of the dictionary (``kitchen-tablet``, ``lenovo-laptop`` are no one's)."""
    low = value.lower()
    if not username(value) or is_product(value) or low.rstrip("0123456789") in _DEVICE_MAKERS:
        return False
    return not (low.isalpha() and (low in dictionary_words() or low in word_list("code_words") or all_plain_words([low])))


def service_account(value: str) -> bool:
    """An application's account, named for what it does (``orchard_sync``, ``logstash_internal``, ``wp_beacon``): a
    login joined from parts whose first or last is a service word (data/vocab/handles.toml [service_account_parts]),
    none a first name or a login made from a surname (``mark_sync``, ``jsmith_ro``, ``app_kwagner`` are people's)."""
    parts = [p for p in re.split(r"[-_.]+", value.lower()) if p]
    if len(parts) < 2:
        return False
    words = word_set("handles", "service_account_parts")
    if parts[0] not in words and parts[-1] not in words:
        return False
    if any(p.isdigit() and len(p) >= 4 for p in parts):
        return False  # APP-7711202, svc-20931: a record's number after its prefix, no account's name
    return not any(personal_part(p) for p in parts if p not in words)


def personal_part(part: str) -> bool:
    """A part of a joined login that names a person: a name, or a login made of one (jsmith, smithj, kwagner,
    siobhanmcc, jdoe42)."""
    return (part in word_list("first_names_lower") or made_from_name(part)
            or (len(part) > 4 and part[:-1] in handle_surnames() and part not in word_list("handle_lookalikes")))


def birthplace(value: str) -> bool:
    """A town of birth: its first word a place the gazetteer knows (no type's, no placeholder's word: "String",
    "Optional", "Obbligatorio")."""
    first = re.split(r"[ \-(]", value, maxsplit=1)[0].lower()
    return first in word_list("places_lower") and first not in word_list("code_words_lower")


def dotted_name(value: str) -> bool:
    """A login of a first name (or an initial) and a surname joined by a dot, a year or digits after it
    (``inaki.goikoetxea``, ``emre.yldz77``, ``j.moreau``): neither part a word of a language or of code, a tool's or a
    product's name (a logger's ``sqlalchemy.engine``, ``celery.beat``, ``kafka.conn`` is none)."""
    first, _, last = value.lower().partition(".")
    last = last.rstrip("0123456789")
    if not first or not last or "." in last or not first.isalpha() or not last.isalpha():
        return False
    words, plain, tools, common = dictionary_words(), plain_words(), word_list("tool_stems"), word_list("common_words_lower")
    if any(w in words or w in plain or w in tools or w in common or is_product(w)
           for p in (first, last) if len(p) > 1 for w in (p, p.removesuffix("s"))):
        return False
    firsts, lasts = word_list("first_names_lower"), word_list("last_names_lower")
    # (a surname and an initial too: villalobos.a, nowicki.t)
    return len(first) == 1 or first in firsts or last in lasts or (len(last) == 1 and first in lasts)


_HANDLE_PARTS = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])|\d+")


def player_handle(value: str) -> bool:
    """A player's or a member's handle in a slot that holds one (``SantoroLorenzo``, ``xXFedericaXx``, ``MATE_ET``):
    a :func:`username` of which a part (CamelCase, ``_``, ``-`` and ``.`` apart) is a name or a first name's stem, or
    that has digits or separators beside a part no language or code writes; not a job's, a product's or a thing's
    words (``nightly-export``, ``filebeat``, ``PagerDuty``)."""
    if not username(value):
        return False
    parts = [p.lower() for p in _HANDLE_PARTS.findall(value) if not p.isdigit()]
    if any(p in _COMPANY_PARTS or p in word_list("tool_stems") for p in parts):
        return False  # globex_inc, stark-industries, stitch_loader: a company's or a program's name
    firsts, lasts = word_list("first_names_lower"), word_list("last_names_lower")
    words = dictionary_words()
    if any(len(p) >= 4 and p not in words and p not in plain_words()
           and (p in firsts or p in lasts or made_from_name(p) or first_name_stem(p))
           for p in parts):
        return True  # a name in it (SantoroLorenzo, xXFedericaXx), or a first name's stem (PRIY_KA, MATE_ET)
    # no name: a handle's digits or separators beside a part no language or code writes (zxq_77, vrk-04)
    return bool(re.search(r"[\d_.-]", value)) and any(
        len(p) >= 3 and p not in words and p not in plain_words() and p not in word_list("common_words_lower")
        for p in parts)


_COMPANY_PARTS = frozenset({"inc", "ltd", "llc", "plc", "gmbh", "ag", "sa", "sas", "srl", "spa", "bv", "nv", "corp", "co",
                            "company", "enterprises", "industries", "traders", "trading", "group", "holdings", "store",
                            "shop", "labs", "systems", "solutions", "services", "tenant", "player", "loader", "test"})


@functools.cache
def _first_name_stems() -> frozenset[str]:
    return frozenset(f[:k] for f in word_list("first_names_lower") if f.isalpha() for k in range(4, len(f) + 1))


def first_name_stem(part: str) -> bool:
    """``part`` (lower case) is a first name of the gazetteer's or its first four letters or more (``priy``, ``emre``):
    how handles cut a name."""
    return len(part) >= 4 and part in _first_name_stems()


def made_from_name(part: str) -> bool:
    """A login made of a name the way people make them, with the digits they add: an initial and a surname
    (``jsmith``, ``jdoe42``), or a first name of six letters or more and two letters or more of the surname
    (``siobhanmcc``), neither of them a word."""
    p = part.rstrip("0123456789")
    if len(p) < 3:
        return False
    firsts = word_list("first_names_lower")
    return (initial_and_surname(p) or surname_and_initial(p)
            or p not in dictionary_words() and p not in plain_words() and p not in word_list("handle_lookalikes")
            and any(p[:k] in firsts and p[:k] not in dictionary_words() for k in range(max(6, len(p) - 4), len(p) - 1)))


def surname_and_initial(word: str) -> bool:
    """``word`` (lower case) is a known surname and an initial or two (``whitfieldh``, ``rossim``, ``smithjr``), not a
    word of prose or code (``bakers``)."""
    if len(word) < 6 or word in dictionary_words() or word in word_list("handle_lookalikes"):
        return False
    last = handle_surnames()
    # (not a plural: "bakers", "millers" are a surname's noun and an s)
    return (word[:-1] in last and not word.endswith("s")) or (len(word) >= 7 and word[:-2] in last)


def login_made_of_name(word: str) -> bool:
    """``word`` (lower-case letters) is a name or a login made of one: :func:`name_like`, :func:`made_from_name` or
    :func:`surname_and_initial` (``ynguyen``, ``petrovicb``); and, where it is no English word (web2's, which holds
    ``server`` and ``release``), a curated first name and an initial (``hiroshih``, ``ltino``) or a given name the
    lists lack, five letters or more, run into a surname of six or more (``ottaviabenedetti``)."""
    if name_like(word) or made_from_name(word) or surname_and_initial(word):
        return True
    english = word_list("english_words")
    if len(word) < 5 or word in word_list("handle_lookalikes") or word in english:
        return False
    firsts, lasts = word_list("first_names_base_lower"), word_list("last_names_lower")
    return (word[:-1] in firsts or word[1:] in firsts
            or len(word) >= 11 and any(word[k:] in lasts and word[:k] not in english and word[:k] not in dictionary_words()
                                       for k in range(5, len(word) - 5)))


def named_handle(value: str) -> bool:
    """A :func:`login_word` with a sign or a digit inside, one of whose parts is a name or made of one
    (``h-kavanagh``, ``esposito.m``, ``harry_holloway``, ``flombardi39``): a person's handle wherever it stands, not a
    branch, a release or a team (``main``, ``release-1.2``, ``team-leads``)."""
    if not login_word(value) or not any(c.isdigit() or c in "._-" for c in value):
        return False
    if sum(p[:1].isupper() for p in re.split(r"[._-]+", value)) >= 2:
        return False  # "Mars-on-Ray", "Data.Frame": a product's or a type's words, capitalised
    parts = [p.rstrip("0123456789") for p in re.split(r"[._-]+", value.lower())]
    words = word_list("dictionary_words")
    # every part a name, made of one or an initial ("h-kavanagh", "lindqvist_e77"); a tool's or a host's word among
    # them makes it theirs ("lintian-brush", "rossi-lab", "charlie-node1")
    named = [p for p in parts if len(p) >= 3]
    return bool(named) and all(p not in words and (name_like(p) or personal_part(p)) for p in named) \
        and all(len(p) <= 2 or p in named for p in parts)


def handed_login(value: str) -> bool:
    """A :func:`login_word` with a sign or a digit inside (``kwame.o``, ``gkerbrat77``), or made of a name
    (``whitfieldh``, ``jsmith``): after a phrase that hands something to a person."""
    return login_word(value) and (any(c.isdigit() or c in "._-" for c in value) or made_from_name(value.lower()))


def login_word(value: str) -> bool:
    """A login standing after its label with no operator ("Invalid user jdoe from", "(usuario anunez)"): a
    :func:`username` that is also no word prose, code or a dictionary writes (``user interface``, ``login page``),
    or a :func:`caps_login` (``BLASARTE``, an ERP's or a mainframe's login)."""
    return username(value) and (is_candidate(value) or caps_login(value))


_CAPS_WORD = re.compile(r"[A-Z]{6,16}")


def caps_login(value: str) -> bool:
    """A word in capitals that is a login as ERP systems, mainframes, tills and HL7 senders write them (SAP's
    ``LOMBARDOC``, a till's ``HAGEDORNJ``, ``EWOJCIK``): six capitals or more, an initial and a surname of five
    letters or more, or the surname and an initial (not two: ``KUBECTL`` is no Kubec T. L.), the surname one of the
    handle surnames (:func:`handle_surnames`) and no word of English, of the dictionary or of prose (``FCLOSE`` is F
    and "close", ``GRANTS`` a plural); the whole no word of English, the dictionary, code, a tool, a product, a
    service user or a name alone (``MARTIN``: the name rules' to read). A word no list holds is no login in capitals: a department's
    (``VERTRIEB``), a job's (``BATCHJOB``) or a database's (``PRODDB``) as often. Its place decides the rest."""
    if _CAPS_WORD.fullmatch(value) is None or value in _NOT_A_NAME_IN_CAPS:
        return False
    low = value.lower()
    if (low in word_list("english_words") or low in dictionary_words() or low in plain_words()
            or low in word_list("code_words_lower") or low in word_list("tool_stems_lower")
            or low in word_list("product_names_lower") or low in word_list("service_users")
            or low in word_list("first_names_lower") or low in word_list("last_names_lower")):
        return False

    def surname(part: str) -> bool:
        return (len(part) >= 5 and part in handle_surnames() and part not in word_list("english_words")
                and part not in dictionary_words() and part not in plain_words())

    return surname(low[1:]) or not low.endswith("s") and surname(low[:-1])


# the types a dated commit log or changelog leads its lines with (Conventional Commits and their usual kin)
_COMMIT_TYPES = frozenset({"feat", "feature", "chore", "perf", "hotfix", "bugfix", "wip", "style", "revert", "deps",
                           "build", "docs", "refactor", "test", "tests", "release", "bump", "merge", "security", "infra"})


def chat_handle(value: str) -> bool:
    """A chat speaker's one-word handle (``velvetcrow``, ``kettlebellz``, ``trailmix42``): no word of a dictionary,
    of prose or of code, nor one in the plural or with a program's digits (``postgres``, ``node18``)."""
    word = value.rstrip("0123456789")
    if len(word) < 4 or word in word_list("service_users") or word in word_list("tool_stems") or word in _COMMIT_TYPES:
        return False
    words = dictionary_words()
    return not any(w in words or w in plain_words() or w.removesuffix("s") in words
                   for w in (value, word)) and word not in word_list("common_words_lower")


def person_login(value: str) -> bool:
    """A :func:`login_word` in a field that holds a person, whose parts are not all words code and prose write
    (``report_progress``, ``platform-team`` are a function's and a team's names, ``quentin-brunet`` a login)."""
    if not login_word(value):
        return False
    parts = [p for p in re.split(r"[._-]+", value.lower()) if len(p) >= 3]
    dictionary = word_list("dictionary_words")
    return not parts or not all(p in dictionary or p in plain_words() or p.removesuffix("s") in dictionary
                                for p in parts)


def route_login(value: str) -> bool:
    """A :func:`person_login` after a route's collection of people that is no English word or words either: prose's
    slashed lists ("reviewer/referee/buyer/respondent") and pages (``/donors/eligibility-requirements``) write words
    where routes write logins."""
    english = word_list("english_words")
    parts = [p for p in re.split(r"[._-]+", value.lower()) if p]
    return person_login(value) and not all(p in english or p.removesuffix("s") in english for p in parts)


# a software licence's SPDX-like name before its version or a year ("LGPL-2.1", "MIT 2017", "BSD 2011")
_SOFTWARE_LICENCE = re.compile(r"(?i)(?:mit|isc|bsd|gpl|lgpl|agpl|mpl|epl|cc|apache|artistic|zlib|unlicense|cddl|"
                               r"eupl|ofl|psf|python|boost|bsl|sspl|wtfpl|cc0|odbl|ms-pl|ms-rl)\b")


def held_licence_number(value: str) -> bool:
    """A person's licence, pension or membership number after a label that says so: :func:`person_number`, four
    digits or more in the value itself, not a year alone, not a software licence's name."""
    v = value.strip()
    return (person_number(v) and sum(c.isdigit() for c in v) >= 4 and _SOFTWARE_LICENCE.match(v) is None
            and re.match(r"(?:19|20)\d\d(?:$|[/-]|[01]\d[0-3]\d)", v) is None)  # (a year, a file's "2021/004512", a date)


def licence_word_number(value: str) -> bool:
    """A number after the word "licence" alone: :func:`held_licence_number` with an issuer's letters and five digits or
    more, or nine digits (a size, a seat count, a serial, a licence's year after its name are shorter)."""
    digits = sum(c.isdigit() for c in value)
    return held_licence_number(value) and (digits >= 9 or digits >= 5 and value.strip()[:1].isalpha())


def pasted_chat_login(value: str) -> bool:
    """A chat message's author as a copied thread shows it, when it is a login: :func:`person_login`, and a login's
    mark (a dot, an underscore, a hyphen), one made of a name (``selidrissi``) or a given name run into a
    surname's start (``kemalvog``); a bare word ("uptime", "deploy") may head a tool's output the same way."""
    if not person_login(value):
        return False
    if re.search(r"[._-]", value) is not None or login_made_of_name(value):
        return True  # (a digit alone is no login's mark here: a runner's "node18", a GPU's "gpu0" head timings too)
    # a given name and the start of a surname run together ("kemalvog", "maltehof", "emrenak")
    firsts, english = word_list("first_names_base_lower"), word_list("english_words")
    return (value.isalpha() and value not in english
            and any(value[:k] in firsts and 2 <= len(value) - k <= 5 and value[k:] not in english
                    and value[k:] not in dictionary_words() for k in range(3, len(value) - 1)))


def unowned_word(low: str) -> bool:
    """``low`` (lower case) is no word a dictionary, prose, code or the common-words list writes, nor a product's: a
    name the gazetteers may not list (``bongani``, ``okafoch``)."""
    return low not in dictionary_words() and low not in word_list("common_words_lower") and not is_product(low)


def pickup_code(value: str) -> bool:
    """A pickup code in capitals and digits (``KP14SG``, ``ORUBJ7``), not a word (``PENDING``, ``READY``, ``NONE``)."""
    low = value.lower()
    return (any(c.isdigit() for c in value) or (low not in dictionary_words()
                                                  and low not in word_list("common_words_lower"))) and len(set(value)) > 2


def upper_login(value: str) -> bool:
    """A login in capitals as ERP and mainframe systems write their users (SAP's ``OKAFOCH``, Maximo's ``VALDERO``,
    ``RICCIMA``): letters (a digit after them at most), no word of prose, code or a service (``ADMIN``, ``SYSTEM``,
    ``BATCH``, ``OPEN``, ``HIGH``)."""
    if not re.fullmatch(r"[A-Z]{4,12}\d{0,2}", value):
        return False
    low = value.lower().rstrip("0123456789")
    if any(w in low for w in ("admin", "user", "svc", "sys", "batch", "test", "auto", "service", "robot", "bot", "job",
                              "cron", "root", "guest", "system")):
        return False  # MAXADMIN, RFCUSER, SAPSYS, WF_BATCH: a system's own account
    return (unowned_word(low) and low not in word_list("code_words_lower")
            and low not in word_list("service_users_lower"))


def person_handle(value: str) -> bool:
    """A login where a person stands (a till export's "Employee" column: dthornbury, al1980, crowley_r; a "Booked in
    by:" label): lower case, made of a name, or a digit or a separator beside letters no dictionary, prose or code
    holds (a "Walk-in", an "online", a "store2" is none)."""
    v = value.strip()
    if v != v.lower() or not person_login(v):
        return False
    if named_login(v) or initial_and_surname(v):
        return True
    # a dot or an underscore makes a handle of the rest (d.ashdown, crowley_r) once its letters are no word; a hyphen
    # alone joins a tool's words as often (argo-cd)
    parts = [p.rstrip("0123456789") for p in regex.split(r"[._-]+", v)]
    if any(c in "._" for c in v):
        return any(len(p) >= 3 and p.isalpha() and p not in dictionary_words() for p in parts)
    # digits after letters are a person's handle when the letters are initials (al1980) or a first name and a piece of
    # the surname (paulafer66, astridnow67), a tool's version otherwise (webpack5, mysql8, debian12, helm3)
    stem = v.rstrip("0123456789")
    if stem == v or not stem.isalpha():
        return False
    if len(stem) <= 2 and len(v) - len(stem) == 4:
        return True
    names = _first_names_plain()
    return any(stem[:k] in names for k in range(4, len(stem) - 2))


@functools.cache
def _first_names_plain() -> frozenset[str]:
    """The gazetteer's first names that are no common word, lower case (paula, astrid)."""
    return frozenset(n.lower() for n in word_list("first_names") - word_list("common_words") if len(n) >= 4)


_OBFUSCATED_AT = re.compile(r"(?i)[ \t]*(?:\[at\]|\(at\)|\{at\})[ \t]*|[ \t]+at[ \t]+|[ \t]+@[ \t]+|@@")
_OBFUSCATED_DOT = re.compile(r"(?i)[ \t]*(?:\[dot\]|\(dot\)|\{dot\})[ \t]*|[ \t]+dot[ \t]+|[ \t]\.[ \t]")


def obfuscated_email(value: str) -> bool:
    """An address with its "@" and dots written out: a person's (:func:`email`) once restored, whose local part is
    no word prose writes before "at" ("look at example.com", "docs at readthedocs.io")."""
    plain = _OBFUSCATED_DOT.sub(".", _OBFUSCATED_AT.sub("@", value, count=1))
    local = plain.partition("@")[0]
    # "at" is a word: the local part before it must read as a login, no file, version or word ("notes.md at …")
    if " at " in f" {value.lower()} " and (not is_candidate(local) or local.lower() in word_list("common_words")):
        return False
    return plain.count("@") == 1 and email(plain)


def base64_text(value: str) -> bool:
    """Base64 or base64url that decodes to readable text (what an encoded-value slot holds)."""
    from .encoded import decode_base64

    return decode_base64(value) is not None


def card_shape(value: str) -> bool:
    """13-19 digits that are not a run of one digit, nor a count: a card number in a card slot, Luhn or not."""
    d = digits(value)
    return 13 <= len(d) <= 19 and len(set(d)) > 2 and d[0] != "0"


_IBAN_LENGTHS = {"AD": 24, "AT": 20, "BE": 16, "CH": 21, "CZ": 24, "DE": 22, "DK": 18, "ES": 24, "FI": 18, "FR": 27,
                 "GB": 22, "GR": 27, "HR": 21, "HU": 28, "IE": 22, "IT": 27, "LU": 20, "MC": 27, "NL": 18, "NO": 15,
                 "PL": 28, "PT": 25, "RO": 24, "SE": 24, "SI": 19, "SK": 24, "SM": 27}


def iban_shape(value: str) -> bool:
    """A country's IBAN length and layout, mod-97 not required: an IBAN with a typo in an IBAN slot."""
    v = re.sub(r"\s", "", value).upper()
    want = _IBAN_LENGTHS.get(v[:2])
    return want is not None and len(v) == want and v[2:4] != "00" and len(set(v[4:])) > 2


def vat_number(value: str) -> bool:
    """A VAT number in its slot: valid for a country python-stdnum knows (prefixed or Italian/German/French/
    Spanish by default), or 8-14 characters with at least 8 digits (a typo in a labelled slot is still masked)."""
    from stdnum.eu import vat as _vat

    v = re.sub(r"[\s.-]", "", value).upper()
    if _vat.is_valid(v) or any(_vat.is_valid(cc + v) for cc in ("IT", "DE", "FR", "ES")):
        return True
    return 8 <= len(v) <= 14 and sum(c.isdigit() for c in v) >= 8 and len(set(v)) > 3


_ID_PREFIX = re.compile(r"^[a-z]{2,8}_")  # msg_, req_, toolu_, cus_, ch_: ids (provider tokens have their own rules)


_WORDISH = re.compile(r"[A-Z]?[a-z]{3,}")


def _sequential_run(value: str, n: int = 6) -> bool:
    run = 1
    for a, b in zip(value, value[1:], strict=False):
        run = run + 1 if ord(b) == ord(a) + 1 else 1
        if run >= n:
            return True
    return False


def random_string(value: str) -> bool:
    """Looks generated: ≥ 4.0 bits of entropy per character, upper and lower case and a digit, no id prefix,
    no alphabet run (``ABCDEF…``, ``0123456…``)."""
    from .entropy import shannon_entropy

    core = value.rstrip("0123456789")
    if len(value) - len(core) < 8:
        core = value  # a run of eight digits or more at the end is a timestamp or a serial (AddIndexToOrders1716292495508)
    in_words = sum(len(w) for w in _WORDISH.findall(core))
    return (
        shannon_entropy(value) >= 4.0
        and bool(re.search(r"[a-z]", value) and re.search(r"[A-Z]", value) and re.search(r"\d", value))
        and not _ID_PREFIX.match(value)
        and not _sequential_run(value)
        and in_words < 0.5 * len(core)  # PytestRemovedIn10Warning, PKCS12KeyAndCertificates: an identifier
    )


def keyed_random(value: str) -> bool:
    """A value a key's name calls a key that reads as generated: lower-case hex of 32 characters or more with letters
    and digits mixed (an upper-case one is a fingerprint, ``GPG_KEY=7169605F…``), or :func:`random_string`."""
    if re.fullmatch(r"[0-9a-f]{32,128}", value):
        letters = sum(c.isalpha() for c in value)
        return 0.2 < letters / len(value) < 0.8 and not _sequential_run(value)
    return random_string(value)


def first_name(value: str) -> bool:
    """Starts with a known first name that is not a common word (``Flora``, ``Grace Dodge``; not ``Team``)."""
    first = value.split()[0]
    return ((first in word_list("first_names") or syllabic_given_name(first)) and first.lower() not in word_list("common_words")
            and not is_product(first))


def given_name_first(value: str) -> bool:
    """One to three capitalised words the first of which is a known given name, none a word of the dictionary, of
    prose or of code beside it (``Élodie``, ``Grace Raghunathan``; not ``Aurora Build``, ``Grace Period``)."""
    words = value.split()
    first = words[0]
    if (first not in word_list("first_names") and not syllabic_given_name(first)
            or first.lower() in word_list("common_words") or is_product(value)):
        return False
    return not any(w.lower() in dictionary_words() for w in words[1:])


def surname_comma_given(value: str) -> bool:
    """A register's "Surname, Given" (``Krüger, Miriam``, ``Takahashi, Aleksandra``): a given name the gazetteer
    knows and is no word, after a surname that is no word of the dictionary, of prose or of code."""
    surname, _, given = value.partition(",")
    given_words, surname_words = given.split(), surname.split()
    if not given_words or not surname_words:
        return False
    first = given_words[0]
    places = word_list("places")
    return (first in word_list("first_names") and first.lower() not in word_list("common_words")
            and first not in word_list("ambiguous_first_names") and first not in places
            and not any(w.lower() in dictionary_words() for w in surname_words) and not is_product(value))


# the endings of a word for a group, a job or a thing ("Maintainers", "Engineering", "Operations"), no given name's
_WORD_ENDINGS = ("ers", "ors", "ing", "tion", "tions", "sion", "ment", "ness", "ity", "ance", "ence", "ists", "ics",
                 "ware", "team", "ops", "bot", "desk")


def sign_off_name(value: str) -> bool:
    """The name under a sign-off formula: a known first name (:func:`first_name`), or one or two capitalised words, an
    initial before them allowed (``Ainhoa``, ``Wei``, ``D. Petrović``), none a word of the dictionary, prose or code,
    nor a product (``The Team``, ``Support``, ``Docker`` sign no one's letter)."""
    if first_name(value):
        return True
    words = [w for w in value.split() if not re.fullmatch(r"\w\.", w)]
    return (1 <= len(words) <= 2 and all(len(w) >= 3 or len(words) == 1 for w in words)
            and not any(low in _english_words() or low.removesuffix("s") in _english_words() or low in word_list("code_words")
                        or all_plain_words([low]) or is_product(w) or low.endswith(_WORD_ENDINGS)
                        for w in words if (low := w.lower())))


@functools.cache
def _english_words() -> frozenset[str]:
    return word_list("dictionary_words") | word_list("common_words") | word_list("prose_words")


def app_password(value: str) -> bool:
    """Four groups of four letters as a provider generates them, not four words of a sentence ("this will work
    with"): no group is a word of the dictionary lists."""
    return not any(g in _english_words() for g in re.split(r"[ -]", value.lower()))


def bitlocker_recovery(value: str) -> bool:
    """A BitLocker recovery password: eight groups of six digits, each a multiple of 11 whose quotient fits 16 bits
    (Microsoft's BitLocker recovery guide); not the same group repeated."""
    groups = value.split("-")
    return (len(groups) == 8 and len(set(groups)) > 1
            and all(g.isdigit() and int(g) % 11 == 0 and int(g) // 11 < 65536 for g in groups))


def device_number(value: str) -> bool:
    """A phone's or SIM's own number after its label: an IMEI or IMEISV (Luhn, python-stdnum), a MEID, an ICCID
    (19 or 20 digits from 89, its Luhn digit mistyped too) or an IMSI (15 digits); not one digit repeated."""
    compact = re.sub(r"[\s-]", "", value)
    if len(set(compact)) <= 2:
        return False
    if _imei.is_valid(compact) or _meid.is_valid(compact):
        return True
    if compact.isdigit() and compact.startswith("89") and len(compact) in (19, 20):
        # (its label decides: a mistyped check digit is still somebody's SIM; a counting run is no one's)
        return _luhn.is_valid(compact) or len(compact) == 20 or not _sequential_run(compact, 8)
    return compact.isdigit() and len(compact) == 15


def practitioner_number(value: str) -> bool:
    """A practitioner's register number: an NPI (ten digits whose Luhn check, over the 80840 prefix, passes; CMS's NPI
    check digit standard), an RPPS (eleven digits from 10), or an ADELI or LANR (nine digits, not one repeated)."""
    if not value.isdigit() or len(set(value)) <= 2:
        return False
    if len(value) == 10:
        return _luhn.is_valid("80840" + value)
    if len(value) == 11:
        return value.startswith("10")
    return len(value) == 9


def not_one_group_repeated(value: str) -> bool:
    """A grouped secret whose groups are not all the same (``123456-123456-…`` is a form's example)."""
    return len(set(regex.split(r"[-\s]", value))) > 1


def bare_imei(value: str) -> bool:
    """A phone's IMEI with no label, after its model's name in a row: fifteen digits the Luhn check passes (python-stdnum),
    more than two distinct digits."""
    return len(value) == 15 and len(set(value)) > 2 and _imei.is_valid(value)


_IATA_TITLE = regex.compile(r"[ ]?(?:MRS|MR|MS|MSTR|MISS|DR|PROF|CHD|INF)$")


def iata_name(value: str) -> bool:
    """An airline's name element (IATA PNL/ADL, a reservation's name field): ``1TIEDEMANN/ARJUNMR``,
    ``1.1DOE/JANE MRS``, a seat count, SURNAME/GIVEN and a title glued on; the surname or the given name is one a
    person has (no schema's or command's words)."""
    body = regex.sub(r"^\d{1,2}(?:\.\d{1,2})?", "", value)
    surname, *givens = body.split("/")
    givens = [_IATA_TITLE.sub("", g) for g in givens]  # (one surname, each traveller's given name and title)
    if not givens or len(surname) < 2 or any(len(g) < 2 for g in givens) \
            or not all(regex.fullmatch(r"[A-Z][A-Z' -]*", part) for part in (surname, *givens)):
        return False
    words = [w.lower() for w in regex.split(r"[ '-]+", " ".join((surname, *givens))) if w]
    if any(w in plain_words() or w in _english_words() for w in words if len(w) > 2):
        return False  # GET/POST, TCP/IP: a protocol's or a command's words
    first, last = word_list("first_names_lower"), word_list("last_names_lower")
    return any(w in first or w in last for w in words if len(w) > 2)


def caret_name(value: str) -> bool:
    """A person's name as DICOM's PN and HL7's XPN write it outside a message (a PACS log's ``PatientName=TRAN^ANH``, a
    lab system's ``patient="VON AHLEN^FRIEDERIKE"``): family, caret, given name; the given name is one the lists
    know or the family name is, and no part is a word of code or English, a place, a placeholder's or a company's
    name."""
    family, given, *_ = value.split("^") + [""]
    if len(family) < 2 or len(given) < 2:
        return False
    words = [w.lower() for w in regex.split(r"[ '’-]+", f"{family} {given}") if w]
    if any(w in plain_words() or w in _english_words() for w in words if len(w) >= 3 and w not in name_particles()):
        return False  # SELECT^FROM, ALT^TAB: no name (a surname's particle, VON AHLEN, is a name's)
    if f"{given} {family}".title() in word_list("fictional_people") or is_product(f"{family} {given}".title()):
        return False  # DOE^JOHN, Morgan^Stanley
    places, first = word_list("places_lower"), word_list("first_names_lower")
    given_word = given.split()[0].lower()
    if given_word in places or family.lower() in places and given_word not in first:
        return False  # Paris^France, Dallas^Texas (a surname that is a town's too, AHLEN^FRIEDERIKE, is a name's)
    return given_word in first or family.split()[-1].lower() in word_list("last_names_lower")


def personal_host(value: str) -> bool:
    """A machine named for its owner (``navarro-thinkpad``, ``giulia-mbp``, ``FLEUR-LAPTOP``): one of its parts is a
    first name or a surname, or a login made of one, and no part is a service's word."""
    parts = [p for p in re.split(r"[-_.]+", value.lower()) if p]
    first, last = word_list("first_names_lower"), word_list("last_names_lower")
    # (a possessive on the owner's name: ingrids-iphone, as iOS names a phone "Ingrid's iPhone")
    named = any(len(p) >= 4 and (p in first or p in last or made_from_name(p) or p.endswith("s") and p[:-1] in first)
                for p in parts)
    return len(parts) >= 2 and named and not service_account(value.lower())


def initial_login(value: str) -> bool:
    """A login made of a name and an initial, as companies make them: an initial and a surname (``opetrova``,
    ``kschulz``), a given name or a surname and an initial (``giuliaf``, ``navarrom``); not a name alone (``hugo``,
    ``luigi``, ``jenkins``: a program's name as often as a person's)."""
    v = value.lower()
    if not (v.isalpha() and v.islower() and len(v) >= 5) or v in word_list("first_names_lower") or v in word_list("last_names_lower"):
        return False
    return v not in word_list("handle_lookalikes") and (
        initial_and_surname(v) or v[:-1] in word_list("first_names_lower") or v[:-1] in handle_surnames())


@functools.cache
def _sorted_names() -> list[str]:
    return sorted(word_list("first_names_lower") | word_list("last_names_lower"))


def windows_owner(value: str) -> bool:
    """``DESKTOP-FAIRBAN``: the letters after the prefix are a first name or a surname of the lists, or (cut at
    Windows' fifteen characters) the start of one; no dictionary word (``DESKTOP-FIRST``)."""
    name = value.split("-", 1)[-1].lower()
    if len(name) < 3 or name in _common_or_dictionary():
        return False
    if name in word_list("first_names_lower") or name in word_list("last_names_lower"):
        return True
    if len(value) < 15 or len(name) < 5:
        return False
    names = _sorted_names()
    i = bisect.bisect_left(names, name)
    return i < len(names) and names[i].startswith(name)


def composed_login(value: str) -> bool:
    """A one-word login composed of a name the way people make them (:func:`made_from_name`: ``fschafer``,
    ``mwatanabe``, ``schreiberj``), never a bare first name or surname alone (``winston``, ``hugo``, ``alice`` name
    programs and placeholders as often)."""
    low = value.lower()
    return (person_login(value) and made_from_name(low) and low not in word_list("first_names_lower")
            and low not in word_list("last_names_lower"))


def named_login(value: str) -> bool:
    """A :func:`person_login` with a part that names a person: a first name or a surname of the lists, or a login
    made of one (``whitlock``, ``giulia.bianchi``, ``mkaminski``); an organisation's or a team's word is not one
    (``acme``, ``data-eng``)."""
    if not person_login(value):
        return False
    return any(len(p) >= 3 and personal_part(p) for p in re.split(r"[._-]+", value.lower().rstrip("0123456789")))


def addressed_login(value: str) -> bool:
    """A login a greeting addresses (``sofmar7``, ``m.weber_2``, ``jsmith42``): :func:`username`, with a part of
    letters that is no word of prose, code or the dictionary (``node1``, ``python3``, ``admin2`` are a machine's, a
    program's or a role's)."""
    if not username(value):
        return False
    parts = [p for p in re.split(r"[._\d-]+", value.lower()) if len(p) >= 2]
    words = plain_words() | dictionary_words() | _english_words()
    if re.fullmatch(r"[a-z]+\d+[a-z]*", value.lower()):
        # letters and digits ("jsmith42"): a name or an initial and a surname in the letters; a machine's, a
        # program's or a board's stem ("devops2", "kafka3", "esp32") is none
        stem = parts[0] if parts else ""
        return (len(stem) >= 4 and stem not in words and stem not in word_list("tool_stems")
                and not is_product(stem) and personal_part(stem))
    return bool(parts) and any(p not in words for p in parts)


def full_name_any_case(value: str) -> bool:
    """:func:`person_name`, or a full name written in capitals (a card holder's ``TOBIAS RAGHUNATHAN``): two words
    or more when in capitals, so that an acronym before a word (``CI`` of ``CI Bot``) is no name."""
    if _automated(value):
        return False  # "Deploy Bot", "Release Team": a program's or a team's name in an author's field
    if value.isupper():
        return len(value.split()) >= 2 and person_name_any_case(value)
    return person_name(value)


def device_of_a_person(value: str) -> bool:
    """A device named for its owner: the owner's word (before 's, after de/von/di/van) is a first name or a surname
    of the lists and no common word (``Kwame's MacBook Pro``; not ``Python's Computer``, ``Customer's Phone``,
    ``Mom's iPad``)."""
    m = re.match(r"(\w+)['’]s?\s|(\w+)s\s|.*\s(?:de|von|di|van)\s(\w+)", value)
    if m is None:
        return False
    # (the possessive without its apostrophe, as a phone names itself in some apps: "Megans iPhone")
    word = (m.group(1) or m.group(2) or m.group(3)).lower()
    return ((word in word_list("first_names_lower") or word in word_list("last_names_lower"))
            and word not in word_list("common_words_lower") and not is_product(word))


def owner_first_name(value: str) -> bool:
    """A device's owner as a hostname writes them (``nerea`` of nerea-pixel, ``Bonganis`` of Bonganis-iPhone): a first
    name of the lists, or one with the possessive s glued on, that is no common word nor a product's (``note``,
    ``pro``, ``studio``)."""
    low = value.lower()
    firsts = word_list("first_names_lower")
    word = low if low in firsts else low[:-1] if low.endswith("s") and low[:-1] in firsts else None
    return word is not None and len(word) >= 3 and unowned_word(word) and word not in _DEVICE_MODEL_WORDS


# the words a device's model is named by that are first names too (Galaxy Ace, Galaxy Grace, Huawei Nova, ThinkPad Yoga)
_DEVICE_MODEL_WORDS = frozenset({"ace", "young", "grace", "nova", "yoga", "note", "fold", "flip", "max", "mini", "pro",
                                 "plus", "lite", "ultra", "edge", "neo", "air", "star", "prime", "mate", "honor", "view",
                                 "jet", "carbon", "duo", "go", "one", "core", "tab"})


def owner_word(value: str) -> bool:
    """Whose a device is, after "de", "von", "di" in its name: a word no dictionary, prose or product list has
    (``Bongani``; not ``test``, ``bureau``, ``Things``)."""
    low = value.lower()
    # (capitalised, as a name is: a device's lower-case word after "de" is a place's or a use's, "iPhone-de-bureau")
    return value[:1].isupper() and unowned_word(low)


VALIDATORS: dict[str, Callable[[str], bool]] = {
    "pickup_code": pickup_code,
    "upper_login": upper_login,
    "owner_word": owner_word,
    "owner_first_name": owner_first_name,
    "player_handle": player_handle,
    "birthplace": birthplace,
    "dotted_name": dotted_name,
    "device_of_a_person": device_of_a_person,
    "full_name_any_case": full_name_any_case,
    "named_login": named_login,
    "addressed_login": addressed_login,
    "composed_login": composed_login,
    "initial_login": initial_login,
    "windows_owner": windows_owner,
    "named_handle": named_handle,
    "personal_host": personal_host,
    "device_number": device_number,
    "bitlocker_recovery": bitlocker_recovery,
    "app_password": app_password,
    "first_name": first_name,
    "given_name_first": given_name_first,
    "chat_handle": chat_handle,
    "surname_comma_given": surname_comma_given,
    "sign_off_name": sign_off_name,
    "display_person": display_person,
    "note_login": note_login,
    "random_string": random_string,
    "owner_name": owner_name,
    "r_person_part": r_person_part,
    "de_rvnr": de_rvnr,
    "credential_url": credential_url,
    "route_login": route_login,
    "generated_link_token": generated_link_token,
    "vat_number": vat_number,
    "card_shape": card_shape,
    "iban_shape": iban_shape,
    "base64_text": base64_text,
    "licence_number": licence_number,
    "possible_phone": possible_phone,
    "e164_digits": e164_digits,
    "sort_code_account": sort_code_account,
    "username": username,
    "role_login": role_login,
    "device_login": device_login,
    "login_word": login_word,
    "handed_login": handed_login,
    "person_login": person_login,
    "pasted_chat_login": pasted_chat_login,
    "held_licence_number": held_licence_number,
    "bare_imei": bare_imei,
    "iata_name": iata_name,
    "caret_name": caret_name,
    "not_one_group_repeated": not_one_group_repeated,
    "practitioner_number": practitioner_number,
    "licence_word_number": licence_word_number,
    "person_handle": person_handle,
    "document_number": document_number,
    "id_number": id_number,
    "person_number": person_number,
    "birth_date": birth_date,
    "obfuscated_email": obfuscated_email,
    "gazetteer_name_any_case": gazetteer_name_any_case,
    "gazetteer_name_either_order": gazetteer_name_either_order,
    "register_name": register_name,
    "payee_name": payee_name,
    "chat_login": chat_login,
    "done_by_login": done_by_login,
    "plus_joined_name": plus_joined_name,
    "query_name": query_name,
    "iban_typo": iban_typo,
    "vehicle_number": vehicle_number,
    "slash_name": slash_name,
    "chat_member_id": chat_member_id,
    "chat_speaker": chat_speaker,
    "export_speaker": export_speaker,
    "contact_name": contact_name,
    "query_given_name": query_given_name,
    "record_locator": record_locator,
    "caps_surname": caps_surname,
    "buyer_login": buyer_login,
    "salutation_name": salutation_name,
    "surname_first_caps": surname_first_caps,
    "surname_first_caps_known": surname_first_caps_known,
    "luhn": luhn,
    "orcid_in_slot": orcid_in_slot,
    "track2": track2,
    "eid": eid,
    "dea_number": dea_number,
    "gs1": gs1,
    "card": card,
    "iban": iban,
    "orcid": orcid,
    "keyed_random": keyed_random,
    "us_ssn": us_ssn,
    "uk_nino": uk_nino,
    "uk_driving_licence": uk_driving_licence,
    "it_codice_fiscale": it_codice_fiscale,
    "es_dni_nie": es_dni_nie,
    "fr_nir": fr_nir,
    "de_idnr": de_idnr,
    "nl_bsn": nl_bsn,
    "national_id": national_id,
    "jwt": jwt,
    "ipv4": ipv4,
    "ipv6": ipv6,
    "mac": mac,
    "email": email,
    "passport": passport,
    "driver_license": driver_license,
    "aws_secret": aws_secret,
    "mixed_alnum": mixed_alnum,
    "person_name": person_name,
    "person_name_any_case": person_name_any_case,
    "gazetteer_name": gazetteer_name,
}
