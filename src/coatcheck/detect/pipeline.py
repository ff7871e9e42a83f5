"""The detection pipeline: one pass from a text to the disjoint spans that masking replaces.

Stages, in order (:attr:`Pipeline.stages` names them as built):

1. the detectors, on the text and then on its views whose offsets map back to it (normalised, unescaped,
   despaced): rule packs, credential context, home paths in every encoding, phones, names, table columns, the user's terms, the encoded-blob
   search, the model;
2. the policy: only categories it masks, never-mask values, private IPs, what an agent needs to read
   (data/keep/readable.toml); dates and documented examples vetoed;
3. placeholder look-alikes, escaped so that restoring leaves them as they were;
4. known values: other occurrences of the values found, and of the values the caller already knows (a gateway
   session's), less those where an agent needs to read them; the handles derived from the names and addresses
   among them (detect/handles.py);
5. encoded copies of both: blobs that decode to text holding one (base64, hex, URL-encoding), and each value's own
   encoded forms (detect/encoded_forms.py: base64 at every alignment, hex, URL and JSON escapes);
6. resolve: widened to whole backslash escapes, merged into disjoint spans.

Which detectors run is the policy's choice: each declares the categories it ``produces``; one that produces
nothing the policy masks is not built, and a policy that masks a category nothing produces is refused.
"""

from __future__ import annotations

import bisect
import ipaddress
import json
import os
import threading
from collections import OrderedDict
from concurrent.futures import Future, ThreadPoolExecutor
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, NamedTuple, TypeVar, cast

import ahocorasick
import regex

from .._data import word_list
from ..categories import categories, category
from ..errors import ConfigError
from ..normalize import (
    View,
    despaced_view,
    needs_despaced_view,
    needs_model_view,
    needs_unescaped_view,
    needs_view,
    normalized_view,
    partial_view,
    unescaped_view,
)
from ..policy import Policy
from ..spans import Span, escape_safe, resolve
from ..vault import PLACEHOLDER_RE
from .base import Detector
from .context import ContextDetector
from .url_families import UrlFamilyDetector
from .keyless import KeylessDetector
from .logins import LoginDetector
from .logins_features import is_candidate
from .aligned_tables import AlignedTableDetector
from .calls import CredentialCallDetector
from .one_time_codes import OneTimeCodeDetector
from .marked_numbers import marked_numbers
from .own_numbers import OwnNumberDetector
from .remittance import remittance_numbers
from .seed_phrases import SeedPhraseDetector
from .transcripts import TranscriptDetector
from .secret_stores import SecretStoreDetector
from .audit_records import AuditRecordDetector
from .phrases import CredentialPhraseDetector
from .address_fields import AddressFieldDetector
from .postal_localities import postal_localities
from .login_phrases import LoginPhraseDetector
from .pairs import SLOT_CATEGORIES, PairDetector
from .person_fields import person_field_ids
from .person_rows import person_machines, person_row_ids
from .binder_records import binder_records
from .row_cells import row_cells
from .secret_owner import secret_owners
from .person_records import PersonRecordDetector
from .user_maps import UserMapDetector
from .mentions import MentionDetector
from .mrz import MrzDetector
from .punctuated import PunctuatedSecretDetector
from .dates import VETOED, drop_dates
from .doc_dates import DocumentDateDetector
from .doc_ids import DocumentIdDetector
from .places_orgs import LocationDetector, OrganizationDetector
from . import doc_persons
from .doc_addresses import (DocumentAddressDetector, confirm_agent_model_addresses, confirm_model_addresses,
                            drop_streets_named_after_people, extend_to_postcode, trim_address_cells)
from .doc_contacts import DocumentContactDetector
from .doc_names import DocumentNameDetector
from .doc_parties import DocumentPartyDetector
from .examples import drop_documented
from .encoded import SECRET_DATA, EncodedDetector, Lookup, encoded_copies, secret_data_values
from .encoded_forms import MAX_VALUE, EncodedFormFinder
from .column_mates import column_mates, thing_cells
from .fixed_width import fixed_width
from .row_keys import row_keys
from .list_mates import list_mates
from .paren_handles import paren_handles
from .handles import HandleIndex
from .home_paths import HOME_PATH_DETECTOR, HomePathDetector
from .address_lines import address_lines, postcode_cells
from .name_forms import name_forms
from .names import NameDetector, with_titles
from .nested_fields import NestedFieldDetector
from .field_errors import FieldErrorDetector
from .transposed_tables import TransposedTableDetector
from .phones import PhoneDetector
from .readable import drop_readable, kept_span
from .rules import RuleDetector, load_rules
from .sql_predicates import SqlPredicateDetector
from .sql_rows import SqlRowDetector
from .form_parts import FormPartDetector
from .html_tables import HtmlTableDetector
from .hl7 import Hl7Detector
from .astm import AstmDetector
from .chat_authors import ChatAuthorDetector
from .x12 import X12Detector
from .sim_files import SimFileDetector
from .name_births import births_beside_names
from .name_numbers import numbers_beside_names
from .card_extras import card_extras
from .device_serials import device_serials
from .person_slots import PersonSlotDetector
from .bank_files import NachaDetector
from .tables import TableDetector
from .json_tables import JsonTableDetector
from .taint import TaintFinder
from .validators import (caps_login, dotted_name, gazetteer_name, login_made_of_name, made_from_name, personal_part,
                         surname_and_initial, truncated_login)
from .vocabulary import all_plain_words, dictionary_words, is_product, name_particles, name_roles, plain_words, word_set
from .terms import TermDetector
from .widechar import needs_wide_view, wide_view

if TYPE_CHECKING:
    from .model import ModelDetector

# pyahocorasick's iter() walks each position's chain of shorter matches: on periodic text a long pattern makes
# that quadratic (100 KB of "password=" took 1.8 s). Long values are found with str.find instead.
_AUTOMATON_MAX = 64


class ValueFinder:
    """Finds every occurrence (overlapping ones too) of a fixed set of values: short values through one
    Aho-Corasick automaton, long ones with ``str.find``. Build once, search many texts.

    ``categories``: each value's category, for a finder of the values a caller already knows to be sensitive (a
    gateway session's), which :meth:`Pipeline.detect` takes as ``known``. A copy is kept: the caller may go on
    adding to its own mapping, and build a new finder when it wants the new values found."""

    def __init__(self, values: Iterable[str], categories: Mapping[str, str] | None = None, taint: TaintFinder | None = None) -> None:
        self.taint = taint  # transformed copies (reversed, chunked, rot13 …) of values handed out, found too
        values = list(dict.fromkeys(values))
        self.categories: dict[str, str] | None = {v: categories[v] for v in values} if categories is not None else None
        self._handles: HandleIndex | None = None
        self._forms: EncodedFormFinder | None = None
        self.long = [v for v in values if len(v) > _AUTOMATON_MAX]
        short = [v for v in values if len(v) <= _AUTOMATON_MAX]
        self.automaton: ahocorasick.Automaton | None = None
        if short:
            self.automaton = ahocorasick.Automaton()
            for value in short:
                self.automaton.add_word(value, value)
            self.automaton.make_automaton()

    def handles(self) -> HandleIndex:
        """The handles derived from the known persons' names and e-mail addresses (built once)."""
        if self._handles is None:
            self._handles = HandleIndex.of((self.categories or {}).items())
        return self._handles

    def encoded_forms(self) -> EncodedFormFinder:
        """A finder of the known values' encoded forms (built once)."""
        if self._forms is None:
            cats = self.categories or {}
            self._forms = EncodedFormFinder({v: Span(0, len(v), c, KNOWN_VALUE, 1.0) for v, c in cats.items()})
        return self._forms

    def iter(self, text: str) -> Iterator[tuple[int, str]]:
        """``(start, value)`` for every occurrence in ``text``."""
        if self.automaton is not None:
            for end_idx, value in self.automaton.iter(text):
                yield end_idx - len(value) + 1, value
        for value in self.long:
            i = text.find(value)
            while i >= 0:
                yield i, value
                i = text.find(value, i + 1)


_PLAIN_WORD = regex.compile(r"[A-Za-z][A-Za-z_'-]*")
_NAME_WORD = regex.compile(r"\p{Lu}\p{Ll}{2,}")


def inside_token(text: str, start: int, end: int) -> bool:
    """The occurrence is part of a longer word or identifier (``proxy_headers`` for ``headers``)."""
    before = text[start - 1] if start > 0 else " "
    after = text[end] if end < len(text) else " "
    if before in "ntr" and text[start - 2:start - 1] == "\\":
        before = " "  # a JSON string's escaped line break or tab: "…\nlgiraud1 id=393"
    return before.isalnum() or before == "_" or after.isalnum() or after == "_"


# a file's name: name parts glued by underscores or hyphens, then its extension (``Kretschmer_Angebot.docx``)
# (a document's, a picture's, an archive's or a data file's extension: a host's top-level domain is no file's)
_FILE_NAME = regex.compile(r"[\p{L}\p{N}_-]+(?:\.[\p{L}\p{N}_-]+)*\.(?i:pdf|docx?|xlsx?|xlsm|pptx?|od[tsp]|rtf|txt|md|csv|tsv|"
                           r"json|xml|html?|eml|msg|vcf|ics|log|jpe?g|png|gif|heic|tiff?|webp|mp[34]|mov|wav|m4a|zip|"
                           r"7z|rar|gz|tgz|tar|sql|ya?ml|gpx|pages|numbers|key|epub|lnk|pst|ost|ipynb|parquet)(?![\p{L}\p{N}])")
_FILE_TOKEN = regex.compile(r"[\p{L}\p{N}_.-]+")


def file_name_part(text: str, start: int, end: int) -> bool:
    """Whether ``text[start:end]`` is a whole part of a file's name, set apart from the name's other parts by an
    underscore or a hyphen (``Mthembu_Bongani_contrat.docx``, ``contratto_Pizzuto.pdf``): a person's name there is
    theirs, as it is anywhere else."""
    before = text[start - 1] if start > 0 else " "
    after = text[end] if end < len(text) else " "
    if before.isalnum() or after.isalnum():
        return False
    lo = start
    while lo > 0 and _FILE_TOKEN.fullmatch(text[lo - 1]):
        lo -= 1
    m = _FILE_TOKEN.match(text, lo)
    return m is not None and m.end() >= end and _FILE_NAME.match(text[lo:m.end()]) is not None


# the rules that read a name's part from the field that labels it (a JSON's "last_name", a vCard's N:, an XML element)
# (and a table's cell under a person's column: a register's "First name" column, a "Surname" column)
_NAME_PART_SLOTS = frozenset({"name-part-field", "name-part-element", "vcard-name-parts", "tables:person"})
_POSSESSIVE = regex.compile(r"(?:['’]s|s)(?![\w])")


def _possessive_end(text: str, end: int) -> int:
    """The end of a name's possessive or genitive form that starts at ``end`` ("'s", "s"), or ``end``."""
    m = _POSSESSIVE.match(text, end)
    return m.end() if m else end


# headers of a column of teams, products or places, whose names are no person's (a league table's "Mannschaft", a
# product list's "Artikel", a timetable's "stop_name")
_TEAM_OR_THING_HEADERS = frozenset({
    "team", "team_name", "mannschaft", "verein", "squadra", "équipe", "equipe", "equipo", "club", "club_name",
    "product", "product_name", "product_title", "produkt", "prodotto", "producto", "produit", "article", "artikel",
    "articolo", "artículo", "articulo", "item_name", "brand", "marke", "marca", "marque", "stop_name", "station",
    "station_name", "route_long_name", "route_short_name", "agency_name", "feed_publisher_name", "venue", "venue_name"})


# a column that names an organisation, a repository or a project (a forge's audit log: action, actor, org, repo …): a
# login-shaped word there is the organisation's slug, no person's login
_ORGANISATION_HEADERS = frozenset({"org", "organization", "organisation", "org_name", "organization_name", "repo",
                                   "repository", "repo_name", "project", "project_name", "namespace", "workspace",
                                   "company", "company_name"})


def _inside(cells: list[tuple[int, int]]) -> Callable[[Span], bool]:
    """Whether a span lies within one of ``cells`` (sorted, not overlapping)."""
    starts = [a for a, _ in cells]

    def inside(s: Span) -> bool:
        i = bisect.bisect_right(starts, s.start) - 1
        return i >= 0 and s.end <= cells[i][1]

    return inside


_ENCODABLE_MIN = 5  # a shorter value's base64 or hex turns up inside other blobs by chance
_DOCUMENT_CONTACTS = frozenset({"email", "phone", "url", "ip"})
_DEFINED_INITIALS = regex.compile(r"[ ]?\((\p{Lu}{2,3})\)")
_SPREAD = 0.99  # a login the classifier is less sure of is masked where it stands, not wherever it recurs
# (unless it has a person's shape, a login made of a name or a number: then it is masked where it stands set apart)
_SPREAD_SET_APART = 0.8


def known_values(text: str, found: list[Span], documents: bool = False) -> dict[str, Span]:
    """The values of ``found`` worth masking wherever else they occur: at least five characters, one line,
    not a literal, not a plain word unless a person's name; plus each capitalised word of a detected full
    name (of a credible one, where the text is no document: one model slip must not spread through code). One
    component for the masker, the encoded-copy search and the gateway session."""
    known: dict[str, Span] = {}
    in_file: dict[str, Span] = {}
    common = word_list("common_words")
    first, last = word_list("first_names"), word_list("last_names")

    # a word the model called a person twice or more in a document is that document's name (one slip is not)
    votes: dict[str, int] = {}
    if documents:
        for s in found:
            if s.category == "person" and s.detector.startswith("model:"):
                for w in text[s.start:s.end].split():
                    w = w.strip(".,;:()")
                    votes[w] = votes.get(w, 0) + 1

    def name_word(w: str) -> bool:  # a gazetteer name, so that one model slip ("Valgrind") does not spread
        return (bool(_NAME_WORD.fullmatch(w)) and (w in first or w in last) and w not in common
                and not is_product(w) and not all_plain_words([w]))

    groups = word_set("names", "group_words")

    def no_word(w: str) -> bool:  # in lower case, no word of a dictionary, prose, code or English
        return w.lower() not in dictionary_words() and w.lower() not in word_list("english_words")

    def unlisted_word(w: str) -> bool:  # a capitalised word no dictionary, prose, product or people's list has
        return (bool(_NAME_WORD.fullmatch(w)) and w not in common and not is_product(w) and not all_plain_words([w])
                and w.lower() not in dictionary_words() and w.lower() not in groups)

    for s in found:
        value = text[s.start : s.end]
        if "\n" in value or s.category == "literal":
            continue
        if s.detector.startswith(LoginDetector.name) and s.score < _SPREAD:
            if s.score >= _SPREAD_SET_APART and _personal_shape(value, s.category):
                known.setdefault(value, replace(s, detector=s.detector + SET_APART))
            continue
        words = value.split()
        if s.category == "person":
            if len(words) > 1 and len(value) >= 5:
                known.setdefault(value, s)
            if len(words) == 1 and s.detector in _NAME_PART_SLOTS and len(value) >= 4 \
                    and (name_word(value) or unlisted_word(value)) and no_word(value) and not is_product(value) \
                    and value.lower() not in word_list("tool_stems"):
                # a surname or a given name its own field labels ("last_name": "Achterberg") is the person's wherever
                # else the text writes it: a search's query (?q=Achterberg), a file's name
                known.setdefault(value, s)
            if len(words) > 1 and gazetteer_name(value):  # the parts of a credible full name only
                for w in words:
                    if name_word(w):
                        known.setdefault(w, s)
                surname = words[-1]
                if name_word(surname) and len(surname) >= 6 and surname.lower() != surname and no_word(surname):
                    # the surname in lower case too, as a file's name writes it (not a given name: julia-1.10.tar.gz,
                    # jasmine.json; not a short one: "conti_2024.pdf" is an Italian ledger's, whoever Mario Conti is)
                    in_file[surname.lower()] = replace(s, detector=s.detector + IN_FILE_NAME)
            if 2 <= len(words) <= 3 and any(name_word(w) for w in words) and all(unlisted_word(w) for w in words):
                # a full name part of which the gazetteers know ("Oluwaseun Adeyemi": the surname): its other words are
                # names too, written alone later ("Oluwaseun wrote …"), as long as no language or product owns them
                for w in words:
                    known.setdefault(w, s)
            if documents:  # a document's names: every part ("Friedmann" after "Moritz Friedmann"), and a surname alone
                # (a word no gazetteer knows only from a span a name rule found: the model's odd span, "Austrian
                # Jews", must not spread its words through the document)
                by_rule = "model:" not in s.detector or (words[0].strip(".,;:()") in first and len(words) <= 3)
                stripped = [w.strip(".,;:()") for w in words]  # the model's span may end with its comma
                parts = [w for w in stripped
                         if document_name_word(w) and (by_rule or w in first or w in last or votes.get(w, 0) >= 2)]
                for w in parts:
                    known.setdefault(w, s)
                if by_rule:  # a surname in capitals ("MARCUS T. DELACROIX", "RAKOTOMALALA Fenohasina") names him alone too
                    for w in stripped:
                        if len(w) >= 3 and w.isupper() and w.isalpha() and document_name_word(w.title()):
                            known.setdefault(w, s)
                            known.setdefault(w.title(), s)
                defined = _DEFINED_INITIALS.match(text, s.end)
                initials = "".join(w[0] for w in stripped if w[:1].isupper())
                if defined is not None and defined.group(1) == initials and len(initials) >= 2:
                    # "S. Keane (SK)": the document defines her initials, and writes them for her from then on
                    known.setdefault(initials, s)
                if len(parts) >= 2:  # its initials where they stand as a name: "M.F.", "M. F."
                    letters = [w[0] for w in parts]
                    known.setdefault(".".join(letters) + ".", s)
                    known.setdefault(". ".join(letters) + ".", s)
        elif len(value) >= 5 and not _PLAIN_WORD.fullmatch(value):
            known.setdefault(value, s)
            if s.category == "phone" and 8 <= len(digits := "".join(c for c in value if c.isdigit())) <= 12 and digits != value:
                known.setdefault(digits, s)  # "764 697 994" found, "764697994" beside it: the same number, its digits run together
            if s.category == "username" and (login := _login_part(value)) != value and len(login) >= 4 \
                    and login.lower() not in plain_words():
                known.setdefault(login, s)  # "CORP\\mkowalski", "oidc:atanaka": the login alone too
            if s.category == "username" and (m := _GIVEN_FAMILY_LOGIN.fullmatch(_login_part(value))) is not None \
                    and m.group(1).title() in first and len(family := m.group(2)) >= 6 \
                    and (name_word(family.title()) or unlisted_word(family.title())) and no_word(family):
                # "darnell.fairbairn": a given name, then a surname; the surname names him alone too, as a file's
                # name writes it (Payslip_fairbairn_03.pdf, Fairbairn_CV.lnk, FAIRBAIRN_contract.pdf)
                login_surname = replace(s, category="person", detector=s.detector + IN_FILE_NAME)
                in_file.setdefault(family.lower(), login_surname)
                in_file.setdefault(family.title(), login_surname)
                in_file.setdefault(family.upper(), login_surname)
            if documents and s.category == "identifier" and len(words) > 1 and len(words[-1]) >= 5 \
                    and any(c.isdigit() for c in words[-1]):
                known.setdefault(words[-1], s)  # "Applications nos. 16949/06": the number alone, in a table's cell
        elif _home_user(value, s) or _handle(value, s) or _home_segment(text, s):
            known.setdefault(value, s)
        elif _slot_login(value, s):
            # (a client's or a connection's user may be its application's own, named for it or for anyone: "monica",
            # "rentroll" spread only where they stand alone; a login made of a name, "mschottler", into paths too)
            personal = _personal_shape(value, s.category) and not (
                s.detector in _LOGIN_SLOTS and (value.lower() in word_list("first_names_lower") or not _name_made(value.lower())))
            mark = SET_APART if personal else ALONE
            known.setdefault(value, replace(s, detector=s.detector + mark))
    for value, s in in_file.items():  # (a login of the same letters, found as one, is the login's)
        known.setdefault(value, s)
    return known


_SERVER = regex.compile(r"[\w-]+(?:\.[\w-]+)*\.[A-Za-z]{2,}")
# a login of a given name and a surname joined by a dot or an underscore, digits after them (loris.zanella86)
_GIVEN_FAMILY_LOGIN = regex.compile(r"([a-z]{3,})[._]([a-z]{3,}(?:-[a-z]{3,})?)\d{0,4}", regex.IGNORECASE)


def _login_part(value: str) -> str:
    """The login of a qualified one: after its domain or scheme (``CORP\\mkowalski``, ``oidc:atanaka``), before its
    server (a Matrix id's ``igor.popov:matrix.example.org``: the server is a host name, readable)."""
    parts = regex.split(r"[\\:]", value)
    if len(parts) > 1 and _SERVER.fullmatch(parts[-1]):
        return parts[0].lstrip("@")
    return parts[-1]


# a found name's word in lower case spreads only to a file's name (consenso_fischbach_2025.pdf, 2024-07-15-ruppert.md)
IN_FILE_NAME = "+in-file-name"
# the mark of a value that spreads only where it stands alone (:func:`_standalone`): a slot's login that may be its
# application's account (postgres://rentroll:…@db/rentroll: the database, a deploy folder are the application's)
ALONE = "+alone"
# the mark of a login or a number that spreads only where it is set apart (:func:`_set_apart`)
SET_APART = "+set-apart"
# the marks of the values that spread within their own text only (a session does not learn them)
LOCAL_MARKS = (ALONE, IN_FILE_NAME, SET_APART)


_ALONE_BEFORE = frozenset(" \t\r\n\"'`([{,;=|<>*")
# a Windows domain before its account (CORP\pmartinelli in an event log's Security ID): the account stands alone
_DOMAIN_BEFORE = regex.compile(r"(?:^|(?<=[\s\"'(=,:]))[A-Za-z][A-Za-z0-9.-]{0,14}\\$")
_ALONE_AFTER = frozenset(" \t\r\n\"'`)]},;:|@<>*")


def _standalone(text: str, start: int, end: int) -> bool:
    """``text[start:end]`` stands alone: blanks, quotes, brackets or separators around it (a column's cell, ``-u x``,
    ``x@host``, ``x:x:1001``), not a host's or a path's part (``db-3.ledger.internal``, ``/ledger``)."""
    before = (start == 0 or text[start - 1] in _ALONE_BEFORE
              or text[start - 1] == "\\" and _DOMAIN_BEFORE.search(text, max(0, start - 24), start) is not None)
    after = end == len(text) or text[end] in _ALONE_AFTER or (
        text[end] == "." and (end + 1 == len(text) or text[end + 1].isspace()))
    return before and after


# a connection URL's database (jdbc:mysql://db:3306/imaging): named for its application, not for a person
_DATABASE_PATH = regex.compile(r"(?i:jdbc:)?(?i:postgres(?:ql)?|mysql|mariadb|mongodb(?:\+srv)?|redis|sqlserver|oracle|mssql|"
                               r"amqps?)://[^/\s]+/\Z")
# a path's segment: after a slash (not a URL's host, after two), before a slash, the text's end, a separator, or a
# short extension (/srv/rcalderon/originals, /etc/restic/kiyer.pass, /samples/GT3993000511/status)
_SEGMENT_AFTER = regex.compile(r"(?:/|\.[A-Za-z]{1,6}(?![\p{L}\p{N}_-])|[\s\"'`)\]},;:|?#&<>]|$)")


def _numbered(value: str) -> bool:
    """A value with four digits or more (an account's, a member's number): its holder's in a file's name too
    (``deepdive_CU-6186301.ipynb``, ``QK4471200913_report.pdf``)."""
    return sum(c.isdigit() for c in value) >= 4


def _emphasis(text: str, start: int, end: int) -> bool:
    """``text[start:end]`` is a Markdown emphasis's whole text (``_Jonas Wendland_``: a signature line's name)."""
    return (0 < start and end < len(text) and text[start - 1] == "_" == text[end]
            and (start == 1 or not (text[start - 2].isalnum() or text[start - 2] == "_"))
            and (end + 1 == len(text) or not (text[end + 1].isalnum() or text[end + 1] == "_")))


def _set_apart(text: str, start: int, end: int, files: bool = True) -> bool:
    """``text[start:end]`` stands alone (:func:`_standalone`), is a path's segment, or (``files``) a part of a file's
    name that an underscore or a hyphen sets apart (``oncall-lukasb.vcf``); not a host's part, not inside a longer
    word."""
    if _standalone(text, start, end) or files and file_name_part(text, start, end):
        return True
    return (start > 0 and text[start - 1] == "/" and text[max(0, start - 2):start] != "//"
            and _SEGMENT_AFTER.match(text, end) is not None
            and _DATABASE_PATH.search(text, max(0, start - 200), start) is None)


def _personal_shape(value: str, category: str) -> bool:
    """A found login's or number's value (the login classifier's, a slot's) that has a person's shape, worth masking
    wherever it is set apart: a number of four digits or more with a letter or a sign (``GT3993000511``,
    ``EMS-563231``), or a login made of a name, cut from one (``fgrossma``) or a candidate word with digits; a program's
    account (``polkitd``) is none of them: it stays where it was found."""
    digits = sum(c.isdigit() for c in value)
    if category != "username":  # an account's or a member's number, not a record's own (INC-2025-475219)
        return digits >= 4 and len(value) >= 6 and not value.isdigit() and _RECORD_REFERENCE.fullmatch(value) is None
    if caps_login(value):
        return True
    word = value.lower()
    if len(value) < 5 or not value.islower() or is_product(value) or word in plain_words() \
            or word in dictionary_words() or word in word_list("english_words"):
        return False
    return made_from_name(word) or personal_part(word) or dotted_name(word) or login_made_of_name(word) \
        or truncated_login(word) or (digits >= 1 and any(c.isalpha() for c in value) and is_candidate(value))


# a record's own reference: a prefix, a year, a serial (INC-2025-475219, CASE/2024/0031): the work names it
_RECORD_REFERENCE = regex.compile(r"[A-Z]{2,6}[-/_](?:19|20)\d\d[-/_]\d{2,8}")


def _name_made(word: str) -> bool:
    """A login made of a name, not a word alone: an initial and a surname, a surname and an initial, given and family
    names joined, one cut from a surname."""
    return made_from_name(word) or dotted_name(word) or truncated_login(word) or surname_and_initial(word)


def _slot_login(value: str, span: Span) -> bool:
    """A one-word login a slot rule found (``mysql -u mpham``, ``postgresql://enyberg:…@``): masked where it stands
    alone (a process table's USER column, a prompt), and where it is set apart (a path's segment: :func:`_set_apart`)
    when it has a person's shape, when it is a lower-case word no dictionary holds, or a login in capitals made of a
    surname and an initial (:func:`.validators.caps_login`: an ERP's ``LOMBARDOC``); the classifier's own findings
    spread as :func:`known_values` says (:data:`_SPREAD`, :func:`_personal_shape`)."""
    caps = caps_login(value)
    if span.category != "username" or len(value) < 4 or not (caps or value.islower() and is_candidate(value)):
        return False
    # any slot's login made of a person's name (pmartinelli, giulia.b): its other occurrences are that person's
    # (a bare first name or surname, "hugo", "knox", is as often a tool's: it spreads only where it was found)
    if span.detector in _LOGIN_SLOTS:
        return True
    if span.detector.startswith(LoginDetector.name) or "model" in span.detector or is_product(value):
        return False
    return caps or made_from_name(value) or (personal_part(value) and not value.isalpha()) \
        or (span.detector in _NAMED_LOGIN_SLOTS and _personal_shape(value, "username"))


# the slots that name a login for sure: a client's user option, a connection string's or a URL's user; not the
# classifier's guesses, "@word" mentions or a log line's phrase ("Invalid user steam" names a guess)
_LOGIN_SLOTS = frozenset({"cli-user-flag", "connection-string-username"})
# the slots that name a login where a program's account is as likely (a group file's member, a log's user=): theirs
# spreads when it has a person's shape (:func:`_personal_shape`: jenkins, nginx, polkitd stay where they stand)
_NAMED_LOGIN_SLOTS = frozenset({"username-slot", "group-file-member"})


def document_name_word(word: str) -> bool:
    """A word of a name found in a document that names the person alone: capitalised, three letters or more, no
    common, prose or code word, no role or title, no particle."""
    return (bool(_NAME_WORD.fullmatch(word)) and word not in word_list("common_words") and not all_plain_words([word])
            and word.lower() not in name_roles() and word.lower() not in name_particles() and not is_product(word)
            and (word not in word_list("places") or word in word_list("first_names") or word in word_list("last_names"))
            and word.lower() not in word_set("names", "group_words"))


def _handle(value: str, span: Span) -> bool:
    """A login name joined from parts (``arthur_p``, ``b.kasper``) found in a username slot: masked wherever it
    stands, unless each of its words is one technical prose or code writes (``user_id``, ``build-bot``)."""
    if span.category != "username" or len(value) < 4 or not regex.search(r"[._-]", value):
        return False
    words = [w for w in regex.split(r"[._-]+", value.lower()) if len(w) >= 3]
    return not words or not all(w in plain_words() for w in words)


def _home_user(value: str, span: Span) -> bool:
    """A user name read from a home path (``/home/tbrennan``): the path says it is a login, so it is masked bare too
    (``whoami``, ``ls -l``, a prompt's ``tbrennan@host``), unless it is a word technical prose writes."""
    return (span.detector.startswith(HOME_PATH_DETECTOR) and span.detector != HOME_PATH_DETECTOR + ":slug-rest"
            and len(value) >= 4 and value.lower() not in plain_words())


_HOME_BEFORE = regex.compile(r"(?:^|[\s\"'=:(])(?:/Users|/home|/export/home|/var/home)/$")


def _home_segment(text: str, span: Span) -> bool:
    """A login that another rule read where a home directory's path names it (``dscl . -read /Users/scho``): as
    :func:`_home_user`, masked bare too."""
    value = text[span.start:span.end]
    return (span.category == "username" and len(value) >= 4 and value.lower() not in plain_words()
            and _HOME_BEFORE.search(text, max(0, span.start - 16), span.start) is not None)


def _in_order(values: dict[str, Span], longer_than: int = 0) -> Lookup:
    """The values (longer than ``longer_than``) a decoded text holds, in the order they were found (the first found
    names a blob's category)."""
    chosen = [(v, s) for v, s in values.items() if len(v) > longer_than]

    def lookup(decoded: str) -> list[tuple[int, str, Span]]:
        hits = []
        for value, span in chosen:
            i = decoded.find(value)
            if i >= 0:
                hits.append((i, value, span))
        return hits

    return lookup


def _known(finder: ValueFinder, longer_than: int = 0) -> Lookup:
    """The caller's known values (longer than ``longer_than``) a decoded text holds."""
    categories = finder.categories or {}

    def lookup(decoded: str) -> list[tuple[int, str, Span]]:
        return [(i, v, Span(0, len(v), categories[v], KNOWN_VALUE, 1.0)) for i, v in finder.iter(decoded)
                if len(v) > longer_than]

    return lookup


_BUILT = 64  # handle and encoded-form indexes kept per pipeline
# The model's inference runs in native code that releases the GIL: on a text this long it runs on a worker thread
# while the rule detectors read the same text (shorter ones cost less than the hand-over).
_OVERLAP_CHARS = 2_000
_POOL: tuple[int, ThreadPoolExecutor] | None = None
_POOL_LOCK = threading.Lock()


def _model_pool() -> ThreadPoolExecutor:
    """This process's pool for the model's runs (a forked worker makes its own: a parent's threads do not follow)."""
    global _POOL
    with _POOL_LOCK:
        if _POOL is None or _POOL[0] != os.getpid():
            _POOL = (os.getpid(), ThreadPoolExecutor(max_workers=4, thread_name_prefix="coatcheck-model"))
        return _POOL[1]
_B = TypeVar("_B")


def _form_finder(values: frozenset[tuple[str, str, str, float]]) -> EncodedFormFinder:
    return EncodedFormFinder({v: Span(0, len(v), cat, det, score) for v, cat, det, score in values})


def _rule_categories() -> frozenset[str]:
    return frozenset(r.category for r in load_rules())


def model_categories() -> frozenset[str]:
    """What the shipped model produces, from its label map, without loading it; none when it is off
    (``COATCHECK_MODEL=0``) or its files are missing."""
    if os.environ.get("COATCHECK_MODEL", "1") == "0":
        return frozenset()
    from .model import CATEGORY, available, model_dir

    if not available():
        return frozenset()
    labels = json.loads((model_dir() / "labels.json").read_text(encoding="utf-8"))["labels"]
    return frozenset(CATEGORY[lab.split("-", 1)[1]] for lab in labels if lab != "O")


def _build_model(policy: Policy) -> Detector:
    from .model import ModelDetector

    return ModelDetector()


class _Spec(NamedTuple):
    """A built-in detector: the categories it would produce under a policy (known before building it) and how to
    build it. ``reads``: "views" (the text, its views, and decoded blobs through the encoded search), "terms"
    (the text and its views), "model" (the text and, where letters change, its normalised view), "text" (the text
    alone: a detector that reads every encoding itself, which a view would misread, as the unescaped view reads the
    escape of ``C:\\Users\\tom`` as a tab)."""

    name: str
    produces: Callable[[Policy], frozenset[str]]
    build: Callable[[Policy], Detector]
    reads: str = "views"


# In the order they run. The encoded search runs after the terms, on the "views" detectors; it is built by the pipeline.
_SPECS = (
    _Spec("rules", lambda p: _rule_categories(), lambda p: RuleDetector(disabled=frozenset(categories()) - p.mask)),
    _Spec("url-families", lambda p: UrlFamilyDetector.produces, lambda p: UrlFamilyDetector()),
    _Spec("context", lambda p: ContextDetector.produces, lambda p: ContextDetector()),
    _Spec("phrases", lambda p: CredentialPhraseDetector.produces, lambda p: CredentialPhraseDetector()),
    _Spec("one-time-codes", lambda p: OneTimeCodeDetector.produces, lambda p: OneTimeCodeDetector()),
    _Spec("own-numbers", lambda p: OwnNumberDetector.produces, lambda p: OwnNumberDetector()),
    _Spec("seed-phrases", lambda p: SeedPhraseDetector.produces, lambda p: SeedPhraseDetector()),
    _Spec("transcripts", lambda p: TranscriptDetector.produces, lambda p: TranscriptDetector()),
    _Spec("secret-stores", lambda p: SecretStoreDetector.produces, lambda p: SecretStoreDetector()),
    _Spec("audit-records", lambda p: AuditRecordDetector.produces, lambda p: AuditRecordDetector(), "text"),
    _Spec("calls", lambda p: CredentialCallDetector.produces, lambda p: CredentialCallDetector()),
    _Spec("keyless", lambda p: KeylessDetector.produces, lambda p: KeylessDetector()),
    _Spec("punctuated", lambda p: PunctuatedSecretDetector.produces, lambda p: PunctuatedSecretDetector()),
    # the login classifier reads tool output; in a document's prose (every language) it sees logins in plain words
    _Spec("logins", lambda p: frozenset() if p.documents else LoginDetector.produces, lambda p: LoginDetector(), "text"),
    _Spec("mentions", lambda p: MentionDetector.produces, lambda p: MentionDetector(), "text"),
    _Spec("chat-authors", lambda p: ChatAuthorDetector.produces, lambda p: ChatAuthorDetector(), "text"),
    _Spec("login-phrases", lambda p: LoginPhraseDetector.produces, lambda p: LoginPhraseDetector()),
    _Spec("address-fields", lambda p: AddressFieldDetector.produces, lambda p: AddressFieldDetector()),
    _Spec("pairs", lambda p: SLOT_CATEGORIES, lambda p: PairDetector()),
    _Spec("person-records", lambda p: PersonRecordDetector.produces, lambda p: PersonRecordDetector(), "text"),
    _Spec("user-maps", lambda p: UserMapDetector.produces, lambda p: UserMapDetector(), "text"),
    _Spec("home-paths", lambda p: HomePathDetector.produces, lambda p: HomePathDetector(), "text"),
    _Spec("phone", lambda p: PhoneDetector.produces, lambda p: PhoneDetector()),
    _Spec("names", lambda p: NameDetector.produces, lambda p: NameDetector(documents=p.documents)),
    _Spec("tables", lambda p: TableDetector().produces, lambda p: TableDetector()),
    _Spec("json-tables", lambda p: JsonTableDetector().produces, lambda p: JsonTableDetector()),
    _Spec("sql-rows", lambda p: SqlRowDetector().produces, lambda p: SqlRowDetector()),
    _Spec("sql-predicates", lambda p: SqlPredicateDetector.produces, lambda p: SqlPredicateDetector()),
    _Spec("hl7", lambda p: Hl7Detector.produces, lambda p: Hl7Detector()),
    _Spec("astm-records", lambda p: AstmDetector.produces, lambda p: AstmDetector()),
    _Spec("x12", lambda p: X12Detector.produces, lambda p: X12Detector()),
    _Spec("sim-files", lambda p: SimFileDetector.produces, lambda p: SimFileDetector()),
    _Spec("nacha", lambda p: NachaDetector.produces, lambda p: NachaDetector(), "text"),
    _Spec("mrz", lambda p: MrzDetector.produces, lambda p: MrzDetector(), "text"),
    _Spec("nested-fields", lambda p: NestedFieldDetector.produces, lambda p: NestedFieldDetector(), "text"),
    _Spec("field-errors", lambda p: FieldErrorDetector.produces, lambda p: FieldErrorDetector(), "text"),
    _Spec("aligned-tables", lambda p: AlignedTableDetector().produces, lambda p: AlignedTableDetector()),
    _Spec("html-tables", lambda p: HtmlTableDetector().produces, lambda p: HtmlTableDetector()),
    _Spec("transposed-tables", lambda p: TransposedTableDetector.produces, lambda p: TransposedTableDetector()),
    _Spec("form-parts", lambda p: FormPartDetector.produces, lambda p: FormPartDetector()),
    _Spec("person-slots", lambda p: PersonSlotDetector.produces, lambda p: PersonSlotDetector()),
    _Spec("locations", lambda p: LocationDetector.produces, lambda p: LocationDetector(), "text"),
    _Spec("organizations", lambda p: OrganizationDetector.produces, lambda p: OrganizationDetector(), "text"),
    _Spec("doc-ids", lambda p: DocumentIdDetector.produces, lambda p: DocumentIdDetector(), "text"),
    _Spec("doc-contacts", lambda p: DocumentContactDetector.produces if p.documents else frozenset(),
          lambda p: DocumentContactDetector(), "text"),
    _Spec("doc-addresses", lambda p: DocumentAddressDetector.produces if p.documents else frozenset(),
          lambda p: DocumentAddressDetector(), "text"),
    _Spec("doc-names", lambda p: DocumentNameDetector.produces if p.documents else frozenset(),
          lambda p: DocumentNameDetector(), "text"),
    _Spec("doc-parties", lambda p: DocumentPartyDetector.produces if p.documents else frozenset(),
          lambda p: DocumentPartyDetector(), "text"),
    _Spec("doc-dates", lambda p: DocumentDateDetector.produces, lambda p: DocumentDateDetector(keep_year=p.dates == "year"), "text"),
    _Spec("terms", lambda p: TermDetector(p.always_mask).produces, lambda p: TermDetector(p.always_mask), "terms"),
    _Spec("model", lambda p: model_categories(), _build_model, "model"),
)
_LOOKALIKE = frozenset({"literal"})
KNOWN_VALUE = "known-value"  # the detector of a caller's known value


def undetected(policy: Policy) -> list[str]:
    """The categories ``policy`` masks that no stage produces, sorted (each detector is asked only while some
    are left: the model's label map is read only if the others leave one)."""
    left = set(policy.mask) - _LOOKALIKE
    for spec in _SPECS:
        if not left:
            break
        left -= spec.produces(policy)
    return sorted(left)


def check_detectable(policy: Policy, source: str = "") -> None:
    """ConfigError naming the categories ``policy`` masks that nothing detects."""
    missing = undetected(policy)
    if missing:
        where = f"{source}: " if source else ""
        more = f" (and {', '.join(missing[1:])})" if len(missing) > 1 else ""
        raise ConfigError(f"{where}category {missing[0]!r} is switched on, but nothing detects it: no detector "
                          f"produces {missing[0]!r}{more}; switch it off")


@dataclass
class _Pass:
    """One text on its way through the stages."""

    text: str
    known: ValueFinder | None
    spans: list[Span] = field(default_factory=list)  # detections; merged (disjoint) from "known-values" on
    more: list[Span] = field(default_factory=list)  # look-alikes, repeats, copies: masked whatever the policy says
    values: dict[str, Span] = field(default_factory=dict)  # this text's own values worth finding again
    found: dict[tuple[int, int], Span] = field(default_factory=dict)  # the merged detections by extent
    # every detection's own value before merging (a login the classifier is less sure of, a phone number before a
    # neighbour's span joined it): its encoded copies are looked for, it does not spread
    encodable: dict[str, Span] = field(default_factory=dict)

    def add(self, spans: Iterable[Span]) -> None:
        """Add to ``more`` what merging would not leave unchanged: not a span that a detection with the same
        extent and category, scored as high, already covers (the value's own occurrence, found again)."""
        for s in spans:
            f = self.found.get((s.start, s.end))
            if f is None or f.category != s.category or f.score < s.score:
                self.more.append(s)
    views: dict[str, View | None] = field(default_factory=dict)


_ViewBuilder = tuple[str, Callable[[str], bool], Callable[[str], View]]
# Views whose offsets map back to the original: the normalised one (homoglyphs, zero-width, fullwidth); the unescaped
# one (KEY=VALUE lines inside a JSON string, a tool call's new_string, kubectl -o json, .ipynb cells, HTML character
# references: "\n" ends a line and a value); the despaced one (values spelled out one character at a time). Each
# covers only the blocks (lines between blank lines) that need it. The model reads the normalised view only where
# letters change (its tokenizer folds NFKC and spaces itself) and no decoded view: it is the costliest stage.
_VIEWS: tuple[_ViewBuilder, ...] = (
    ("normalized", needs_view, normalized_view),
    ("unescaped", needs_unescaped_view, unescaped_view),
    ("despaced", needs_despaced_view, despaced_view),
    ("wide", needs_wide_view, wide_view),  # UTF-16 read as 8-bit: NULs between the characters (detect/widechar.py)
)
_MODEL_VIEW: _ViewBuilder = ("normalized", needs_model_view, normalized_view)


def _on_decoded(d: Detector) -> Callable[[str], list[Span]]:
    """``d.detect`` for the encoded search, which skips decoded texts shorter than the detector's
    ``decoded_min_chars`` (a detector that reads chance in short blobs declares it)."""
    least = getattr(d, "decoded_min_chars", 0)
    if not least:
        return d.detect
    return lambda text: d.detect(text) if len(text) >= least else []


class Pipeline:
    """The ordered stages that turn a text into spans to mask. Thread-safe; after construction it holds only
    caches of results that depend on their input alone (the classifiers' findings per line, the model's regions,
    the handle and encoded-form indexes of the last texts' findings; :meth:`clear_caches` empties them).

    ``extra`` detectors run beside the built-in "views" ones (the text, its views, decoded blobs).
    """

    def __init__(self, policy: Policy, extra: list[Detector] | None = None) -> None:
        self.policy = policy
        check_detectable(policy)
        mask = policy.mask
        built: dict[str, list[Detector]] = {"views": [], "terms": [], "model": [], "text": []}
        for spec in _SPECS:
            if spec.produces(policy) & mask:
                built[spec.reads].append(spec.build(policy))
        self.base = [*built["views"], *(extra or [])]
        self.model = cast("ModelDetector", built["model"][0]) if built["model"] else None
        inner = frozenset(c for d in self.base for c in getattr(d, "produces", ()) if category(c).dangerous)
        encoded = EncodedDetector([_on_decoded(d) for d in self.base], lambda c: policy.masks(c) and category(c).dangerous,
                                  produces=inner | {"secret"})
        self.encoded = encoded if encoded.produces & mask else None
        # what runs on the text, in order; what runs on each view
        self.detectors: list[Detector] = [*self.base, *built["text"], *built["terms"],
                                          *([self.encoded] if self.encoded else []), *built["model"]]
        rest = [*self.base, *built["terms"]]
        self._views: list[tuple[_ViewBuilder, list[Detector]]] = [(v, rest) for v in _VIEWS if rest]
        if self.model is not None:
            self._views.insert(1 if rest else 0, (_MODEL_VIEW, [self.model]))
        steps: list[tuple[str, Callable[[_Pass], None]]] = [("policy", self._policy)]
        if self.encoded is not None:
            steps.append(("secret-data", self._secret_data))
        if policy.documents:
            steps.append(("document-persons", self._document_persons))
        elif "address" in mask and self.model is not None:
            steps.append(("model-addresses", self._model_addresses))
        if mask & VETOED:
            steps.append(("dates", self._dates))
        if "secret" in mask:
            steps.append(("examples", self._examples))
        if "account" in mask:
            steps.append(("person-rows", self._person_rows))
        if {"person", "address", "phone"} <= mask:
            steps.append(("row-cells", self._row_cells))
        if "person" in mask:
            steps.append(("binder-records", self._binder_records))
        if {"person", "username", "phone"} & mask:
            steps.append(("column-mates", self._column_mates))
        if {"person", "account", "birth_date"} & mask:
            steps.append(("fixed-width", self._fixed_width))
        if {"account", "birth_date"} & mask:
            steps.append(("row-keys", self._row_keys))
        if "birth_date" in mask:
            steps.append(("name-births", self._name_births))
        if "account" in mask:
            steps.append(("name-numbers", self._name_numbers))
            steps.append(("marked-numbers", self._marked_numbers))
            steps.append(("remittance", self._remittance))
        if "card" in mask:
            steps.append(("card-extras", self._card_extras))
        if "account" in mask:
            steps.append(("device-serials", self._device_serials))
        if {"secret", "username"} <= mask:
            steps.append(("secret-owner", self._secret_owner))
        steps += [("lookalikes", self._lookalikes), ("known-values", self._known_values), ("readable", self._readable),
                  ("encoded-copies", self._encoded_copies), ("resolve", self._resolve)]
        self._steps = steps
        self._networks = policy.networks()
        self._lock = threading.Lock()
        self._handle_indexes: OrderedDict[frozenset[Any], HandleIndex] = OrderedDict()
        self._form_finders: OrderedDict[frozenset[Any], EncodedFormFinder] = OrderedDict()

    def clear_caches(self) -> None:
        """Forget what the stages remember of texts seen before (per-line findings, the model's regions, the
        handle and encoded-form indexes built from a text's findings), so that the next call costs what a text seen
        for the first time costs (benchmarks)."""
        for d in self.detectors:
            clear = getattr(d, "clear_cache", None)
            if clear is not None:
                clear()
        with self._lock:
            self._handle_indexes.clear()
            self._form_finders.clear()

    def _built(self, cache: OrderedDict[frozenset[Any], _B], key: frozenset[Any], build: Callable[[frozenset[Any]], _B]) -> _B:
        """``build(key)``, remembered for the last :data:`_BUILT` keys: a conversation resends its texts every turn,
        and what is built from a text's findings is the same each time."""
        with self._lock:
            hit = cache.get(key)
            if hit is not None:
                cache.move_to_end(key)
                return hit
        made = build(key)
        with self._lock:
            cache[key] = made
            if len(cache) > _BUILT:
                cache.popitem(last=False)
        return made

    @property
    def stages(self) -> list[str]:
        """Stage names in order, as built (``coatcheck doctor``, ``--explain``): each detector on the text, each
        view the detectors read again, then the steps after detection."""
        views = list(dict.fromkeys(f"view:{label}" for (label, _, _), _ in self._views))
        return [*(d.name for d in self.detectors), *views, *(name for name, _ in self._steps)]

    def detect(self, text: str, known: ValueFinder | None = None) -> list[Span]:
        """The spans to mask in ``text`` (original offsets, disjoint, sorted). ``known``: a finder of the values the
        caller already knows to be sensitive, with their categories; their occurrences, verbatim or encoded, are
        masked too."""
        run = _Pass(text, known)
        model: Future[list[Span]] | None = None
        if self.model is not None and len(text) >= _OVERLAP_CHARS:
            model = _model_pool().submit(self.model.detect, text)
        for d in self.detectors:
            # (the model's error, if any, is raised here: nothing is masked without it)
            run.spans.extend(model.result() if model is not None and d is self.model else d.detect(text))
        for (label, needed, build), detectors in self._views:
            view = self._view(run, label, needed, build)
            if view is not None:
                for d in detectors:
                    for s in d.detect(view.text):
                        start, end = view.to_original(s.start, s.end)
                        run.spans.append(replace(s, start=start, end=end, detector=f"{label}:{s.detector}"))
        for _, step in self._steps:
            step(run)
        return run.spans

    @staticmethod
    def _view(run: _Pass, label: str, needed: Callable[[str], bool], build: Callable[[str], View]) -> View | None:
        key = f"{label}:{needed.__name__}"
        if key not in run.views:
            run.views[key] = partial_view(run.text, needed, build)
        return run.views[key]

    # -- the steps after detection, in order ------------------------------------------------------------------
    def _policy(self, run: _Pass) -> None:
        kept: list[Span] = []
        spans = [s for s in run.spans if self._allowed(run.text, s, kept)]
        if kept:
            spans += person_machines(run.text, kept, spans)
        run.spans = spans

    @staticmethod
    def _secret_data(run: _Pass) -> None:
        """A Kubernetes Secret's data values are decided decoded (:func:`.encoded.secret_data_values`): what other
        stages read in the base64 itself (a login slot's value, an assignment's) is dropped."""
        values = secret_data_values(run.text)
        if not values:
            return
        starts = [a for a, _, _ in values]

        def decided(s: Span) -> bool:
            i = bisect.bisect_right(starts, s.start) - 1
            return i >= 0 and s.end <= values[i][1] and s.detector != SECRET_DATA

        run.spans = [s for s in run.spans if not decided(s)]

    def _document_persons(self, run: _Pass) -> None:
        """A document's person spans cut to their names, and its common nouns no names (:mod:`.doc_persons`)."""
        spans = confirm_model_addresses(run.text, doc_persons.refine(run.text, run.spans))
        run.spans = drop_streets_named_after_people(run.text, spans)

    def _model_addresses(self, run: _Pass) -> None:
        """The model's addresses that no rule and no address shape vouches for are dropped (:mod:`.doc_addresses`)."""
        from .model import address_cue  # built only with the model

        run.spans = extend_to_postcode(run.text, trim_address_cells(
            run.text, confirm_agent_model_addresses(run.text, run.spans, address_cue())))

    def _readable(self, run: _Pass) -> None:
        """Values found again and the caller's known values that sit where an agent needs to read them
        (data/keep/readable.toml: ``class Grace(Ada)``, ``## Tone``): the detections went through the same keeps
        in "policy"."""
        run.more = drop_readable(run.text, run.more)

    def _dates(self, run: _Pass) -> None:
        run.spans = drop_dates(run.text, run.spans)

    def _person_rows(self, run: _Pass) -> None:
        """Prefixed person-bound ids (``EMP-4471``; ``E92558`` on a row that names a person): :mod:`.person_rows`;
        then the numbers in a person's record (``id_rider=R4735872`` beside the name): :mod:`.person_fields`."""
        found = [s for s in person_row_ids(run.text, run.spans) if self._allowed(run.text, s)]
        run.spans.extend(found)
        run.spans.extend(s for s in person_field_ids(run.text, run.spans) if self._allowed(run.text, s))

    def _name_births(self, run: _Pass) -> None:
        """A date of birth right after a person's name, in brackets or after a comma: :mod:`.name_births`."""
        run.spans.extend(s for s in births_beside_names(run.text, run.spans) if self._allowed(run.text, s))

    def _card_extras(self, run: _Pass) -> None:
        """A card's expiry right after its number and a labelled security code: :mod:`.card_extras`."""
        run.spans.extend(s for s in card_extras(run.text, run.spans) if self._allowed(run.text, s))

    def _device_serials(self, run: _Pass) -> None:
        """A device's serial number in the record its IMEI names: :mod:`.device_serials`."""
        run.spans.extend(s for s in device_serials(run.text, run.spans) if self._allowed(run.text, s))

    def _name_numbers(self, run: _Pass) -> None:
        """A number in brackets right behind a person's name or login: :mod:`.name_numbers`."""
        run.spans.extend(s for s in numbers_beside_names(run.text, run.spans) if self._allowed(run.text, s))

    def _marked_numbers(self, run: _Pass) -> None:
        """A number after a number's word whose noun names no thing, near a person's value: :mod:`.marked_numbers`."""
        run.spans.extend(s for s in marked_numbers(run.text, run.spans) if self._allowed(run.text, s))

    def _remittance(self, run: _Pass) -> None:
        """The numbers in a payment's remittance text whose transaction names its person: :mod:`.remittance`."""
        run.spans.extend(s for s in remittance_numbers(run.text, run.spans) if self._allowed(run.text, s))

    def _row_cells(self, run: _Pass) -> None:
        """Names, towns, postcodes and phones beside a person's contact value on a record's row: :mod:`.row_cells`."""
        run.spans.extend(s for s in row_cells(run.text, run.spans) if self._allowed(run.text, s))

    def _binder_records(self, run: _Pass) -> None:
        """Names an ORM binds, one parameter per line, beside a contact value bound with them: :mod:`.binder_records`."""
        run.spans.extend(s for s in binder_records(run.text, run.spans) if self._allowed(run.text, s))

    def _column_mates(self, run: _Pass) -> None:
        """The other values of a column or a repeated key that holds names, logins or phone numbers: :mod:`.column_mates`;
        and the login classifier's numbers in a column whose header names a thing (an article's number, a batch), and its
        words in an organisation's, a repository's or a project's column, are dropped."""
        if any(s.detector == LoginDetector.name for s in run.spans) and (cells := thing_cells(run.text)):
            in_thing = _inside(cells)
            # (a number: a login of letters under a misaligned header is still one)
            run.spans = [s for s in run.spans if not (s.detector == LoginDetector.name and in_thing(s)
                                                      and any(c.isdigit() for c in run.text[s.start:s.end]))]
        if any(s.detector == LoginDetector.name for s in run.spans) and (
                cells := thing_cells(run.text, _ORGANISATION_HEADERS.__contains__)):
            in_org = _inside(cells)
            run.spans = [s for s in run.spans if not (s.detector == LoginDetector.name and in_org(s))]
        if any(s.category == "person" for s in run.spans) and (
                cells := thing_cells(run.text, _TEAM_OR_THING_HEADERS.__contains__)):
            in_cell = _inside(cells)
            # a league table's team, a product list's article, a timetable's stop: a name there is the thing's
            run.spans = [s for s in run.spans if not (s.category == "person" and in_cell(s))]
        def mates() -> list[Span]:
            return [s for s in column_mates(run.text, run.spans) if self.policy.masks(s.category) and self._allowed(run.text, s)]

        first = mates()
        run.spans.extend(first)
        if any(s.category == "person" for s in first):
            # the names the lists vouched for are votes too: with them half a register's column is names, and its
            # names no list holds ("Outeiriño, Xosé") are read by their shape
            run.spans.extend(mates())

    def _fixed_width(self, run: _Pass) -> None:
        """The personal fields of fixed-width records, cut by their gutters, a header or a layout line: :mod:`.fixed_width`."""
        run.spans.extend(s for s in fixed_width(run.text, run.spans)
                         if self.policy.masks(s.category) and self._allowed(run.text, s))

    def _row_keys(self, run: _Pass) -> None:
        """The key numbers and birth dates of a table whose rows are people: :mod:`.row_keys`."""
        run.spans.extend(s for s in row_keys(run.text, run.spans)
                         if self.policy.masks(s.category) and self._allowed(run.text, s))

    def _secret_owner(self, run: _Pass) -> None:
        """The login glued before a secret by a colon (``user:ghp_…``): :mod:`.secret_owner`."""
        run.spans.extend(s for s in secret_owners(run.text, run.spans) if self._allowed(run.text, s))

    def _examples(self, run: _Pass) -> None:
        run.spans = drop_documented(run.text, run.spans)

    def _lookalikes(self, run: _Pass) -> None:
        """Text that already looks like a placeholder, also when written with zero-width, fullwidth or homoglyph
        characters: masked as a literal, so that restoring puts back exactly what was there."""
        text = run.text
        run.more.extend(Span(m.start(), m.end(), "literal", "literal:placeholder-lookalike", 1.0)
                        for m in PLACEHOLDER_RE.finditer(text))
        view = self._view(run, *_VIEWS[0])
        if view is not None:
            for m in PLACEHOLDER_RE.finditer(view.text):
                start, end = view.to_original(m.start(), m.end())
                run.more.append(Span(start, end, "literal", "literal:placeholder-lookalike", 1.0))

    def _known_values(self, run: _Pass) -> None:
        """Once a value is known to be sensitive, mask its other occurrences too, as a whole token (never inside an
        identifier or a longer word), even where no context would have flagged them. The values of this text's
        detections (merged first: a value is what masking will replace) that are strong enough to spread (a plain
        word that one weak slot took for a username or a password does not; the words of a detected full name do:
        ``Grace Dodge`` … ``— Grace``), and the values the caller knows."""
        text = run.text
        for s in run.spans:
            value = text[s.start:s.end]
            if s.category != "literal" and _ENCODABLE_MIN <= len(value) <= MAX_VALUE and "\n" not in value:
                run.encodable.setdefault(value, s)
        # a login a slot rule found too (docker login -u …) is the rule's: it spreads, where the classifier's alone,
        # less than sure, would not
        slotted = {(s.start, s.end) for s in run.spans if s.category == "username" and not s.detector.endswith(LoginDetector.name)}
        if slotted:
            run.spans = [s for s in run.spans if not (s.detector.endswith(LoginDetector.name) and (s.start, s.end) in slotted)]
        run.spans = resolve(run.spans)
        run.found = {(s.start, s.end): s for s in run.spans}
        run.values = values = known_values(text, run.spans, self.policy.documents)
        if values:
            repeats = []
            for i, v in ValueFinder(values.keys()).iter(text):
                end = i + len(v)
                if self.policy.documents and values[v].category == "person":
                    end = _possessive_end(text, end)  # "Goethes", "Fraenkel's": the name's own form
                found = values[v]
                # (inside a token, or a lower-case name's word, it spreads to a file's name alone)
                if found.detector.endswith(SET_APART):
                    # (what the classifier took for a number spreads to no file's name: a scan's IMAGES\001\HFP0001636.tif,
                    # a control number it misread; a rule's number does, below)
                    if not _set_apart(text, i, end, files=found.category == "username"):
                        continue  # a login spreads where it is set apart: a cell, a path's segment, not a host's part
                elif (inside_token(text, i, end) or found.detector.endswith(IN_FILE_NAME)) \
                        and not (found.category == "person" and _emphasis(text, i, end)) \
                        and not ((found.category == "person" or _numbered(v)) and file_name_part(text, i, end)) \
                        or found.detector.endswith(ALONE) and not _standalone(text, i, end):
                    continue  # a slot's one-word login spreads only where it stands alone, not in a host or a path
                detector = found.detector.removesuffix(ALONE).removesuffix(IN_FILE_NAME).removesuffix(SET_APART)
                repeats.append(replace(found, start=i, end=end, detector=f"repeat:{detector}"))
            if self.policy.documents:  # a word the document writes as a noun does not spread as a name either
                repeats = doc_persons.refine(text, repeats, run.spans)
            run.add(repeats)
        if self.policy.masks("person"):  # a found name's surname in a name's other forms ("K. Delacroix")
            run.add(s for s in name_forms(text, run.spans) if (s.start, s.end) not in run.found)
        if self.policy.masks("address"):  # the postcode and town under a found street, a postcode cell in its row,
            # a postal code and its town filling a person's record's field
            run.add(address_lines(text, run.spans))
            run.add(postcode_cells(text, run.spans))
            run.add(postal_localities(text, run.spans))
        self._handles(run)
        known = run.known
        if known is not None:
            if known.categories is None:
                raise TypeError("known values need their categories: ValueFinder(values, categories=...)")
            categories = known.categories
            run.add(Span(i, i + len(v), categories[v], KNOWN_VALUE, 1.0)
                    for i, v in known.iter(text) if not inside_token(text, i, i + len(v)))
            if known.taint is not None:
                run.add(known.taint.spans(text))

    def _handles(self, run: _Pass) -> None:
        """Handles derived from the persons and e-mail addresses found here and known to the caller (``jsmith``,
        ``smith_j84``, an address's local part), as whole tokens, and the login-shaped members of lists that hold a
        login or an address (:mod:`.list_mates`), unless the policy never masks them; the encoded copies of those
        found here are looked for too."""
        if not self.policy.masks("username"):
            return
        text = run.text
        # a name the readable step will keep (a public figure, a placeholder) gives no handles either
        pairs = frozenset((text[s.start:s.end], s.category) for s in run.spans
                          if s.category in ("person", "email") and not kept_span(text, s))
        index = self._built(self._handle_indexes, pairs, HandleIndex.of) if pairs else None
        found = [*index.spans(text), *index.name_spans(text)] if index is not None else []
        if run.known is not None:
            known_index = run.known.handles()
            found += [*known_index.spans(text), *known_index.name_spans(text)]
        found += list_mates(text, [*run.spans, *found])
        found += paren_handles(text, run.spans)
        if found:  # a column of logins that the handles found only now (:mod:`.column_mates`)
            found += [s for s in column_mates(text, [*run.spans, *found])
                      if self.policy.masks(s.category) and self._allowed(text, s)]
        found = [s for s in found if text[s.start:s.end] not in self.policy.never_mask]
        for s in found:
            run.values.setdefault(text[s.start:s.end], s)
        run.add(found)

    def _encoded_copies(self, run: _Pass) -> None:
        """Encoded copies of this text's values and of the caller's known values: blobs that decode to text holding
        one (base64, hex, URL-encoding), and each value's own encoded forms wherever they stand (base64 at any
        alignment, hex, URL and JSON escapes: a short login's base64 is no blob long enough to decode)."""
        lookups: list[Lookup] = []
        blob_lookups: list[Lookup] = []  # base64 and hex copies of the shorter values are the forward search's
        values = {v: (replace(s, detector=s.detector.removesuffix(ALONE).removesuffix(SET_APART))
                      if s.detector.endswith((ALONE, SET_APART)) else s)
                  for v, s in {**run.encodable, **run.values}.items() if not s.detector.endswith(IN_FILE_NAME)}
        if values:
            lookups.append(_in_order(values))
            blob_lookups.append(_in_order(values, MAX_VALUE))
            key = frozenset((v, sp.category, sp.detector, sp.score) for v, sp in values.items())
            run.add(self._built(self._form_finders, key, _form_finder).spans(run.text))
        if run.known is not None:
            lookups.append(_known(run.known))
            blob_lookups.append(_known(run.known, MAX_VALUE))
            run.add(run.known.encoded_forms().spans(run.text))
        if lookups:
            run.add(encoded_copies(run.text, lookups, blob_lookups))

    def _resolve(self, run: _Pass) -> None:
        """Every span widened so that it never cuts a backslash escape in half (JSON and string literals stay
        valid), then merged into disjoint ones. The detections were merged by "known-values" already: when no
        later stage added a span and no escape widened one, they are the answer as they are."""
        text = run.text
        spans = run.spans if self.policy.documents else with_titles(text, run.spans)
        spans = [escape_safe(text, s) for s in spans]
        if run.more or any(w is not s for w, s in zip(spans, run.spans, strict=True)):
            spans = resolve(spans + [escape_safe(text, s) for s in run.more])
        run.spans = spans

    def _allowed(self, text: str, span: Span, private: list[Span] | None = None) -> bool:
        """The policy masks ``span``. ``private``: where a private address the policy keeps is put (the caller may
        still mask it as a person's machine)."""
        if not self.policy.masks(span.category):
            return False
        value = text[span.start : span.end]
        if value in self.policy.never_mask:
            return False
        # a document's contact details belong to someone, whatever their range or domain (agents keep examples)
        if not (self.policy.documents and span.category in _DOCUMENT_CONTACTS) and kept_span(text, span):
            return False
        if span.category == "ip" and not self.policy.mask_private_ips:
            try:
                ip = ipaddress.ip_address(value.split("%", 1)[0])
            except ValueError:
                return True
            if any(ip in n for n in self._networks if n.version == ip.version):
                if private is not None and self.policy.person_machines:
                    private.append(span)
                return False
        return True
