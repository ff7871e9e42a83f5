"""The ids and names of records that are people: ``"customer": {"id": "6689393409394", …}``, ``{"object": "customer", "id":
"cus_…"}``, ``"author": {"account_id": "557058:…"}``, ``"__typename": "Customer", "legacyId": "9657825"``.

An API prints a person as an object; the key that holds it (customer, user, author, member …) or its own type field
says so, and its id fields are then that person's number (issue 23: person-bound ids), whatever their shape. Only
the object's own fields count (not those of objects nested in it), a value needs five characters and a digit, and a
bare UUID stays (agents correlate records by them). Record words: data/vocab/handles.toml [person_records].
"""

from __future__ import annotations

import urllib.parse
from collections.abc import Iterator

import regex

from ..spans import Span
from .keep import kept_by
from .tables import norm_header, thing_numbers
from .validators import gazetteer_name, login_made_of_name, person_name, role_mailbox
from .._data import word_list
from .vocabulary import all_plain_words, is_product, vocab_cache, vocabulary_words, word_set

PERSON_RECORDS = "person-records"
_SPAN = 3000  # how far an object may reach
_ID_KEYS = frozenset({"id", "accountid", "userid", "customerid", "memberid", "legacyid", "externalid", "uid",
                      "employeeid", "studentid", "patientid", "personid", "contactid", "subscriberid", "profileid",
                      # (a person record's "client": the firm's client, not an OAuth application: that has no name of a person)
                      "clientid",
                      # a CRM event's subject ("objectId" of a contact's "subscriptionType")
                      "objectid"})
_FIELD = regex.compile(r"""["']?(?P<k>[A-Za-z_][\w-]{0,40})["']?[ \t]*:[ \t]*(?:"(?P<s>[^"\n]{1,100})"|'(?P<q>[^'\n]{1,100})'|(?P<n>\d{5,20})(?=[ \t]*[,}\n]))""")
# a person's own name fields: what they hold is the person's handle when it is written like one (lower case with a
# digit, a dot, an underscore or a hyphen); a name written as a name is the person model's
_HANDLE_KEYS = frozenset({"name", "username", "login", "handle", "nick", "nickname", "screenname", "globalname",
                          "displayname", "uname"})
# a person record's own full-name fields: two to four capitalised words there are the person's name
_NAME_KEYS = frozenset({"name", "fullname", "displayname", "realname", "holder", "accountholder", "cardholder",
                        "cardholdername", "billingname", "shippingname", "contactname", "customername"})
_HANDLE = regex.compile(r"(?=[a-z0-9._-]*[a-z])(?=[a-z0-9._-]*[0-9._-])[a-z0-9][a-z0-9._-]{2,38}[a-z0-9]")
_HANDLE_KEEPS = ("is_service_username", "is_templated", "is_placeholder_value", "is_product_name", "is_version",
                 "is_date", "is_code_word", "is_fictional_person")
# a record as code prints it: a capitalised type, then its fields in brackets (Java records, Lombok, Kotlin, dataclasses)
_PRINTED = regex.compile(r"\b(?P<type>[A-Z][A-Za-z]{2,40})[\[({](?P<body>[a-z_][A-Za-z_]{0,30}=[^\]\)}\n]{1,400})[\])}]"
                         # a Python object's repr: <PassHolder id=297213 name='Ravi Bhattacharya' …>
                         r"|<(?P<type>[A-Z][A-Za-z]{2,40})[ ](?P<spaced>[a-z_][A-Za-z_]{0,30}=[^<>\n]{1,400})>")
_PRINTED_FIELD = regex.compile(r"(?:^|(?<=[,(\[{][ \t]?)|(?<=,[ \t]))(?P<k>[a-z_][A-Za-z_]{0,30})="
                               r"""(?:(?P<v>[^,\]\)}\s'"]{1,80})|'(?P<sq>[^'\n]{1,80})'|"(?P<dq>[^"\n]{1,80})")""")
# what code calls a type that carries one thing's fields (BidderRow, CustomerDTO, MemberEntity, PatientRecord)
_RECORD_SUFFIXES = frozenset({"row", "record", "entry", "dto", "model", "entity", "info", "data", "details", "item",
                              "bean", "vo", "pojo", "schema", "view", "summary", "payload"})
# a log line's or an error message's run of key=value pairs (logfmt, a Python exception's repr of a row):
# ``RowError: client_id=38836 name='Priya Ramaswamy' email='…'``
_PAIR_RUN = regex.compile(r"""(?<![\w=.-])(?:[a-z_][A-Za-z_]{0,30}=(?:'[^'\n]{0,80}'|"[^"\n]{0,80}"|[^\s'"=]{1,80})(?:[ \t]+|$)){3,}""")
_RUN_FIELD = regex.compile(r"""(?<![\w=.-])(?P<k>[a-z_][A-Za-z_]{0,30})=(?:'(?P<sq>[^'\n]{0,80})'|"(?P<dq>[^"\n]{0,80})"|(?P<v>[^\s'"=]{1,80}))""")
# a person's own given, family or full name field: an object or a printed record that has one is a person
# (``{"id": "wrk_59p4…", "full_name": "Gwenaël Fontaine"}``, ``Worker(id='wrk_…', first_name='Ionut', …)``) whatever
# its key or its type says; a bare "name" or "display_name" may be a product's, a team's or a company's
# (not "full_name": a repository's "Owner/repo" too; not "family_name": a font's)
_OWN_NAME_KEYS = frozenset({"firstname", "lastname", "givenname", "forename", "surname", "middlename", "vorname",
                            "nachname", "familienname", "cognome", "prenom", "prénom", "apellido", "apellidos"})
_OWN_NAME = regex.compile(r"""["'](?P<k>[A-Za-zé_]{4,20})["'][ \t]*:[ \t]*["'](?P<v>\p{Lu}[^"'\n]{0,60})["']""")
_PRINTED_NAME = regex.compile(r"""(?:^|[,(\[{][ \t]?)(?P<k>[A-Za-z_]{4,20})=(?:'(?P<v>\p{Lu}[^'\n]{0,60})'|"(?P<v>\p{Lu}[^"\n]{0,60})"|(?=\p{Lu}))""")


# what a record about a person is (an entry, a booking, an order): its key is the record's own, not the person's,
# though its fields name them ("registrations": [{"id": 93807020, "name": …}])
# (not "results": an API's page of records, HubSpot's and Django REST's "results": [{"id": …, "email": …}])
_ACTS = frozenset({"registration", "entry", "submission", "signup", "enrolment", "enrollment", "application",
                   "attendance", "checkin", "booking", "reservation", "order", "ticket", "invoice", "payment",
                   "transaction", "appointment", "visit", "session", "shift", "assignment", "request", "message",
                   "comment", "review", "event", "score", "match", "claim", "case", "job", "task",
                   "delivery", "shipment", "donation", "pledge", "gift", "loan", "lease", "contract", "report"})


def names_an_act(key: str | None) -> bool:
    """Whether a container's key names a record of something a person did or booked (``registrations``,
    ``check_ins``, ``orders``), by its last word, singular."""
    if not key:
        return False
    last = regex.split(r"[_.-]|(?<=[a-z])(?=[A-Z])", key)[-1].lower()
    return last in _ACTS or last.endswith("s") and (last[:-1] in _ACTS or last.endswith("ies") and last[:-3] + "y" in _ACTS)


def _container_key(text: str, o: int) -> str | None:
    """The key an object at ``o`` is stored under: its own (``"customer": {``) or its array's
    (``"registrations": [{…}, {``)."""
    m = _KEY_BEFORE.search(text, max(0, o - 60), o)
    if m is not None:
        return m["k"]
    depth = 0
    for b in reversed(list(_BRACKETS.finditer(text, max(0, o - _SPAN), o))):
        c = b.group()
        if c in "]}":
            depth += 1
        elif depth:
            depth -= 1
        elif c == "[":
            k = _KEY_BEFORE.search(text, max(0, b.start() - 60), b.start())
            return k["k"] if k is not None else None
        else:
            return None
    return None


def _norm_key(key: str) -> str:
    """A field's key as the key sets hold it: lower case, no underscores or hyphens (``first_name`` -> ``firstname``)."""
    return key.lower().replace("_", "").replace("-", "")


# a record's own reference among a person's fields: the registration, the booking, the order it is
_OWN_REFERENCES = frozenset({"reg", "registration", "booking", "reservation", "order", "ticket", "invoice", "entry",
                             "submission", "application", "transaction", "payment"})


# a firm's client by number (C-67366, 38836); a licence's, a badge's, a card's number (no path, no standard's name)
_CLIENT_NUMBER = regex.compile(r"[A-Z]{0,3}-?\d{4,12}")
# (an issuer's letter groups and a blank or a slash between its digits too, four digits at least: "CL-HU-795907",
# "ALS 223-983-103", "TÖL-9473/21")
_CARRIED_NUMBER = regex.compile(r"(?!(?:ISO|EN|DIN|MIT|A?GPL|LGPL|MPL|EPL|BSD|CC|IEC|IEEE)\b|(?:ISO|DIN|IEC)\d)"
                                r"(?:[A-Z]{0,4}[-.]?\d[\dA-Z]*(?:[-.]\d[\dA-Z]*){0,3}"
                                r"|(?=(?:\D*\d){4})\p{Lu}{1,4}(?:[-.]\p{Lu}{1,4}){0,2}[-. ]?\d[\dA-Z]*(?:[-./]\d[\dA-Z]*){0,3})")
# the letters of what is no person's number: an order's, an invoice's, a ticket's, a change's, a flight's or a ship's
_NOT_PERSON_LEADS = frozenset({"ord", "order", "inv", "invoice", "inc", "chg", "ritm", "req", "task", "pr", "mr",
                               "cl", "cve", "tkt", "ticket", "case", "po", "so", "sku", "imo", "bib", "q", "job", "bug"})
_NUMBER_WORDS = frozenset({"id", "no", "nr", "num", "number", "numero", "nummer", "numéro", "número"})


def _record_number_key(key: str) -> bool:
    """A person record's field that holds a number of theirs by what a person carries and is numbered by, last or
    before a number's word ("license", "badge", "lanr", "license_no": numbers.toml [credential_markers];
    Salesforce's ``Primary_License__c``); never a registration's or a booking's own reference."""
    head = norm_header(key)
    if head.endswith("__c"):
        head = head[:-3]
    parts = [p for p in head.split("_") if p]
    if not parts or any(p in _OWN_REFERENCES for p in parts):
        return False  # a registration's, a booking's own number (reg_id, booking_no): the act's, not its person's
    # (the marker last or before a key's word: "primary_license", "lanr", "license_no"; not a modifier, "card_limit",
    # "pass_rate"; no other noun's id: a person's record links its tenant, office and dashboard by theirs)
    markers = word_set("numbers", "credential_markers")
    return parts[-1] in markers or len(parts) >= 2 and parts[-2] in markers and parts[-1] in _NUMBER_WORDS


def _bare_number(value: str) -> bool:
    """A value a person's record holds under a bare "number" key that is the person's own: six digits or more, no
    thing's or change's letters before them (ORD-, INV-, INC, PR-), no date (a donor's NBT4562848, SP-688-13851; not
    an order's, a ticket's, a flight's or a pull request's number)."""
    lead = regex.match(r"[A-Za-z]*", value).group().lower()
    return (sum(c.isdigit() for c in value) >= 6 and lead not in _NOT_PERSON_LEADS and lead not in thing_numbers()
            and regex.fullmatch(r"(?:19|20)\d\d-?[01]\d-?[0-3]\d", value) is None and not value.startswith("1Z"))


def own_name_field(key: str, value: str | None) -> bool:
    """Whether a field says its record is a person: its key names a person's given, family or full name
    (``first_name``, ``lastName``, ``cognome``), or it is a name field (``name``) that holds a person's full name."""
    key = _norm_key(key)
    if value is None:
        return False
    value = value.strip()
    if key in _OWN_NAME_KEYS:
        # a name's part the name lists know, or a full name ("Build" "Bot", "Helvetica" name no one)
        return _listed_part(value) or _full_name(value) and gazetteer_name(value)
    if key in _role_keys():
        # a role's full name ("warden": "Nadia Duhamel", "holder", "offender"): the record is that person's too
        return _full_name(value) and gazetteer_name(value) and value not in word_list("places")
    # (a generic name field's full name counts where the name lists know it and no place or firm is so called: an
    # event's "Newsletter Subscribed", "San Francisco", "Goldman Sachs" are capitalised words too)
    return (key in _NAME_KEYS and _full_name(value) and gazetteer_name(value) and value not in word_list("places")
            and not any(w in word_list("common_words") for w in value.split()) and not any(is_product(w) for w in value.split()))


@vocab_cache
def _role_keys() -> frozenset[str]:
    """The one-word roles a record may name its person by (numbers.toml [holders] and [id_holders]), as keys."""
    return frozenset(_norm_key(w) for w in (*vocabulary_words("numbers", "holders"), *vocabulary_words("numbers", "id_holders"))
                     if " " not in w) - {"account", "contract", "policy", "licence", "license", "certificate", "card"}


def _listed_part(value: str) -> bool:
    """One capitalised word the first- or last-name lists hold, no common word."""
    return (value[:1].isupper() and value.isalpha() and value not in word_list("common_words")
            and (value in word_list("first_names") or value in word_list("last_names")))


def _full_name(value: str) -> bool:
    """Two to four capitalised words the name lists read as a person's, none a plain word or a thing's."""
    return (2 <= len(value.split()) <= 4 and person_name(value) and not all_plain_words(value.split())
            and not any(w.lower() in word_set("names", "thing_words") or len(w.strip(".")) < 2 for w in value.split()))
# a bare name field and a given name's field side by side, in either order (an XML element's leaves, a JSON object's
# fields)
_GIVEN_KEY = r"(?:Vorname|vorname|Prenom|prenom|Prénom|prénom|Nome|nome|FirstName|firstName|first_name|GivenName|givenName|given_name|Forename|forename)"
_BARE_NAME_KEY = r"(?:Name|name|Nom|nom|Nombre|nombre)"
_SURNAME = r"(?P<v>\p{Lu}[\p{L}'’]{1,30}(?:[ -]\p{Lu}[\p{L}'’]{1,30})?)"
_GIVEN = r"(?P<g>\p{Lu}[\p{L}'’-]{1,30})"
_SURNAME_BESIDE_GIVEN = regex.compile(
    rf"""<(?P<k>{_BARE_NAME_KEY})>{_SURNAME}</(?P=k)>[ \t\r\n]*<(?P<gk>{_GIVEN_KEY})>{_GIVEN}</(?P=gk)>"""
    rf"""|<(?P<gk2>{_GIVEN_KEY})>{_GIVEN.replace("<g>", "<g2>")}</(?P=gk2)>[ \t\r\n]*<(?P<k2>{_BARE_NAME_KEY})>{_SURNAME.replace("<v>", "<v2>")}</(?P=k2)>"""
    rf"""|"{_BARE_NAME_KEY}"[ \t]*:[ \t]*"{_SURNAME.replace("<v>", "<v3>")}"[ \t]*,[ \t\r\n]*"{_GIVEN_KEY}"[ \t]*:[ \t]*"{_GIVEN.replace("<g>", "<g3>")}(?=")"""
    rf"""|"{_GIVEN_KEY}"[ \t]*:[ \t]*"{_GIVEN.replace("<g>", "<g4>")}"[ \t]*,[ \t\r\n]*"{_BARE_NAME_KEY}"[ \t]*:[ \t]*"{_SURNAME.replace("<v>", "<v4>")}(?=")""")
# a role's id key (host_id, ownerId, creator_id) and its value, quoted or bare, in a JSON object or a log line
_ROLE_ID = regex.compile(r"""(?<![\w-])["']?(?P<r>[a-z]{3,20})_?(?:id|Id|ID)["']?[ \t]*[:=][ \t]*["']?(?P<v>[A-Za-z0-9_-]{6,40})(?=["',}\s]|$)""")
_ROLE_REACH = 300
# the roles a person holds in an event, a meeting, a ticket or a record (besides numbers.toml's holders)
_ROLE_PEOPLE = frozenset({"host", "owner", "user", "author", "assignee", "creator", "organizer", "organiser", "attendee",
                          "reporter", "requester", "customer", "member", "participant", "invitee", "registrant",
                          "contact", "person", "employee", "agent", "teacher", "student", "patient", "client"})
# an opaque account id: letters and digits (a digit in it, or both cases), no word alone
_OPAQUE_ID = regex.compile(r"(?=[A-Za-z0-9_-]*\d|[A-Za-z0-9_-]*[a-z][A-Za-z0-9_-]*[A-Z]|[A-Za-z0-9_-]*[A-Z][A-Za-z0-9_-]*[a-z])[A-Za-z0-9_-]{6,40}")
_UUID = regex.compile(r"\{?[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}\}?")
_KEEPS = ("is_templated", "is_placeholder_value", "is_documented_example")


@vocab_cache
def _patterns() -> tuple[frozenset[str], regex.Pattern[str]]:
    words = frozenset(w.lower() for w in vocabulary_words("handles", "person_records"))
    alt = "|".join(regex.escape(w) for w in sorted(words, key=lambda w: (-len(w), w)))
    # (a CRM's webhook event about one contact: "subscriptionType": "contact.propertyChange", "objectType": "CONTACT")
    # (not an event's "type": "customer.created": Stripe's event object names the event, its id is the event's)
    typed = regex.compile(rf"""(?i)["']?(?:object|type|__typename|kind|resourceType|objectType)["']?[ \t]*:[ \t]*["'](?:{alt})["']"""
                          rf"""|["']?subscriptionType["']?[ \t]*:[ \t]*["'](?:{alt})\.\w+["']""")
    return words, typed


# the key before an object's opening brace: "customer": {, user: {, "billing_customer": {
_KEY_BEFORE = regex.compile(r"""(?<![\w.-])["']?(?P<k>[A-Za-z_][\w.-]{0,40})["']?[ \t]*[:=][ \t]*$""")
# an id that is a version, a date or a digest names no one
_NOT_AN_ID = regex.compile(r"v?\d+(?:\.\d+){1,3}|\d{4}[-./]\d{2}[-./]\d{2}.*|[0-9a-f]{40}|[0-9a-f]{64}")
# an owner or an actor that is an organisation, a team, a bot or an app
_NOT_A_PERSON = regex.compile(r"""(?i)["']?type["']?[ \t]*:[ \t]*["'](?:organization|organisation|team|bot|app|group|service|"""
                              r"""\w*(?:client|app|application|service|principal)(?:app)?)["']"""
                              r"""|["']?(?:is_?bot|bot)["']?[ \t]*:[ \t]*true\b""")
_SCAN = regex.compile(r"""[{}\[\]]|["']?[A-Za-z_][\w-]{0,40}["']?[ \t]*:""")


_BRACES = regex.compile(r"[{}]")
_BRACKETS = regex.compile(r"[{}\[\]]")
# a key only a person's account object has (X's and Mastodon's username and acct, Steam's personaname): its object's id
# is that account's
_HANDLE_KEY = regex.compile(r"""["'](?:username|screen_name|acct|personaname)["'][ \t]*:[ \t]*["']""")


def closing_brace(text: str, open_at: int, span: int = _SPAN) -> int | None:
    """The offset of the brace that closes the object whose "{" is at ``open_at``, looking at most ``span``
    characters on; None when it does not close there."""
    depth = 0
    for m in _BRACES.finditer(text, open_at, min(len(text), open_at + span)):
        depth += 1 if m.group() == "{" else -1
        if depth == 0:
            return m.start()
    return None


def open_brace(text: str, at: int) -> int | None:
    """The offset of the brace that opens the object holding offset ``at`` (looking back at most 3,000 characters),
    or None."""
    depth = 0
    lo = max(0, at - _SPAN)
    braces = [m for m in _BRACES.finditer(text, lo, at)]
    for m in reversed(braces):
        if m.group() == "}":
            depth += 1
        elif depth == 0:
            return m.start()
        else:
            depth -= 1
    return None


# a YAML mapping's field: its indent, a list item's dash, the key and a scalar value on the line
_YAML_FIELD = regex.compile(r"(?P<ind>[ \t]*)(?P<dash>-[ \t]+)?(?P<k>[A-Za-z_][\w-]{0,40}):(?:[ \t]+(?P<v>[^\n#]*?))?[ \t]*$")
_YAML_SCALAR = regex.compile(r"[\p{L}\p{N}][\p{L}\p{N}._@+'’ -]*")
_YAML_QUOTED = regex.compile(r"""(?P<q>["'])(?P<v>[^"'\n]*)(?P=q)""")


def yaml_mappings(text: str) -> list[list[tuple[str, int, int]]]:
    """A YAML text's block mappings, each as its own fields (key, value start, value end; a nested mapping's fields
    are its own mapping's): ``courier:\n  id: …\n  first_name: …`` and each item of ``- id: …\n    name: …``."""
    maps: list[list[tuple[str, int, int]]] = []
    open_at: dict[int, int] = {}  # key column -> index of the mapping open there
    pos = 0
    for line in text.splitlines(keepends=True):
        start, pos = pos, pos + len(line)
        body = line.rstrip("\r\n")
        if not body.strip() or body.lstrip().startswith("#"):
            continue
        m = _YAML_FIELD.fullmatch(body)
        if m is None:
            indent = len(body) - len(body.lstrip())
            for c in [c for c in open_at if c >= indent]:
                del open_at[c]  # a document's end (---), prose, a scalar item: what was open at its indent is done
            continue
        col = len(m["ind"]) + len(m["dash"] or "")
        for c in [c for c in open_at if c > col or (c == col and m["dash"])]:
            del open_at[c]  # a shallower line or a new list item closes the deeper mappings
        if col not in open_at:
            open_at[col] = len(maps)
            maps.append([])
        if m["v"]:
            a, b = start + m.start("v"), start + m.end("v")
            if (q := _YAML_QUOTED.fullmatch(m["v"])) is not None:
                a, b = a + q.start("v"), a + q.end("v")
            elif not _YAML_SCALAR.fullmatch(m["v"]):
                continue  # a typed field of code (``id: int = 0``, ``id: number;``) holds no value
            maps[open_at[col]].append((m["k"], a, b))
    return maps


_YAML_PARENT = regex.compile(r"[ \t]*(?:-[ \t]+)?(?P<k>[A-Za-z_][\w-]{0,40}):[ \t]*(?:#.*)?")


def _yaml_person_key(text: str, at: int) -> bool:
    """Whether the YAML mapping whose first value is at ``at`` sits under a key that names a person's record
    (``user:``, ``members:`` over its items; handles.toml [person_records]): the nearest line above it, less
    indented, that is a key alone."""
    ls = text.rfind("\n", 0, at) + 1
    line = text[ls:at]
    col = len(line) - len(line.lstrip(" \t-"))
    pos = ls
    for _ in range(200):
        if pos <= 0:
            return False
        ps = text.rfind("\n", 0, pos - 1) + 1
        above = text[ps:pos - 1]
        pos = ps
        if not above.strip() or above.lstrip().startswith("#"):
            continue
        if len(above) - len(above.lstrip(" \t")) >= col:
            continue
        m = _YAML_PARENT.fullmatch(above)
        if m is None:
            return False
        last = regex.split(r"[_.-]", m["k"].lower())[-1]
        words = _patterns()[0]
        return last in words or last.endswith("s") and last[:-1] in words
    return False


# elements that are a thing's or a work item's record, not a person's
_THING_ELEMENTS = frozenset({"issue", "build", "job", "run", "item", "product", "package", "project", "repository",
                             "createshipment", "document", "file", "message", "mail", "event"})
_TAG = regex.compile(r"<(?P<close>/)?[A-Za-z][\w:.-]{0,40}(?:[ \t\n][^<>]{0,200})?(?P<self>/)?>")


def _own_leaves(text: str, start: int, end: int) -> list[tuple[str, int, int]]:
    """The leaf children ``<k>v</k>`` of the element whose content runs from ``start`` to ``end`` that are its own
    (depth one), not a nested element's (an order's ``<Customer><FirstName>`` is the customer's)."""
    out: list[tuple[str, int, int]] = []
    depth = 0
    pos = start
    while (t := _TAG.search(text, pos, end)) is not None:
        pos = t.end()
        if t["close"]:
            depth -= 1
        elif not t["self"]:
            if depth == 0 and (leaf := _LEAF.match(text, t.start(), end)) is not None:
                out.append((leaf["k"], *leaf.span("v")))
                pos = leaf.end()
                continue
            depth += 1
    return out


# an XML element's opening tag with its attributes, its leaf children, an attribute
_OPEN_ELEMENT = regex.compile(r"<(?P<t>[A-Za-z][\w.-]{0,40})(?P<attrs>(?:[ \t\n]+[\w:.-]{1,40}=\"[^\"<>\n]{0,100}\"){0,8})[ \t\n]*>")
_LEAF = regex.compile(r"<(?P<k>[A-Za-z][\w.-]{0,40})(?:[ \t][^<>\n]{0,100})?>(?P<v>[^<>\n]{1,100})</(?P=k)>")
_ATTRIBUTE = regex.compile(r"(?P<k>[\w:.-]{1,40})=\"(?P<v>[^\"<>\n]{1,100})\"")
# a URL's query and its parameters (the values as written, percent-encoded)
_QUERY = regex.compile(r"\?(?P<q>[^\s#\"'<>?]{3,2000})")
_PARAM = regex.compile(r"(?:(?<=^)|(?<=[&;]))(?P<k>[A-Za-z_][\w.-]{0,40})=(?P<v>[^&;#\s\"'<>]*)")
# the parameters that say whose the query is: an address, a name
_EMAIL_KEYS = frozenset({"email", "mail", "emailaddress", "useremail", "loginhint"})
_NAME_PARAM_KEYS = frozenset({"n", "name", "fullname", "displayname", "firstname", "lastname", "fname", "lname",
                              "nome", "cognome", "nom", "prenom", "nombre", "apellido", "vorname", "nachname"})
_EMAIL = regex.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+")
# who a person's query numbers them as (client=, customer=, member=, patient=: numbers only, as _CLIENT_NUMBER reads)
_QUERY_HOLDER_KEYS = frozenset({"client", "customer", "member", "patient", "subscriber", "cliente", "kunde", "socio",
                                "patient_id", "clientno", "customerno", "memberno"})
# a path of a register of people right before a query (/api/v1/clients/search?…, /patienten?…)
_PEOPLE_PATH = regex.compile(r"(?i)/(?:clients?|patients?|users?|members?|customers?|people|persons?|contacts?|employees?|"
                             r"students?|staff|donors?|clienti|pazienti|utenti|soci|kunden|patienten|mitglieder|"
                             r"benutzer|clientes|pacientes|usuarios|socios|adhérents|adherents)(?:/[\w.-]{1,30}){0,2}/?$")
# a search's term (a records search by name: ?q=Ingrid+Whitcombe)
_SEARCH_KEYS = frozenset({"q", "query", "search", "term", "searchterm", "keyword", "s", "name_like", "cerca", "suche",
                          "recherche", "buscar", "busqueda"})


def _query_names_a_person(params: list[tuple[str, str]]) -> bool:
    """Whether a query's parameters hold a person's address or full name (``email=gdistefano%40…``,
    ``n=Oc%C3%A9ane%20Fontaine``)."""
    for key, value in params:
        key = _norm_key(key)
        value = urllib.parse.unquote_plus(value).strip()
        if key in _EMAIL_KEYS and _EMAIL.fullmatch(value) and not role_mailbox(value.split("@")[0].lower()):
            return True  # (an ops@ or a billing@ mailbox is a team's)
        if key in _NAME_PARAM_KEYS and (_full_name(value) and gazetteer_name(value)
                                        or key in _OWN_NAME_KEYS and _listed_part(value)):
            return True
    return False


# a person's address as an object's own field ("email": "…", "emailAddress": "…", Salesforce's "Email")
_OWN_E_MAIL = regex.compile(r"""["'](?i:e-?mail|mail|emailAddress|email_address)["'][ \t]*:[ \t]*["'](?P<v>[^"'\s@]{1,64}@[^"'\s@]{3,255})["']""")
_E_MAIL_REACH = 1000  # a person's object that an address alone names is small: it closes within this
# the keys an object keeps a person's own fields under, one level down (a CRM's contact, JSON:API's resource)
_WRAPPERS = frozenset({"properties", "attributes", "profile", "personalinfo", "personaldetails"})
# an act's, a purchase's or a message's fields: an object that has one is an order, a booking, a payment, a mail (its
# id is the act's)
_ACT_FIELD_WORDS = frozenset({"total", "subtotal", "amount", "price", "currency", "items", "lineitems", "quantity",
                              "sku", "tax", "subject", "action"})
# the keys that say what an object is, and the keys that name it
_TYPE_KEYS = frozenset({"type", "object", "kind", "typename", "resourcetype", "objecttype", "entity", "entitytype"})
_NAMING_KEYS = frozenset({"name", "displayname", "fullname", "title", "company", "companyname", "organisation",
                          "organization", "org", "orgname"})


def _personal_address(value: str) -> bool:
    """An e-mail address that is a person's (not a team's or a system's mailbox: support@, noreply@)."""
    return _EMAIL.fullmatch(value) is not None and not role_mailbox(value.split("@")[0].lower())


def _act_key(key: str) -> bool:
    """A field's key that says its record is an act or a purchase ("order_id", "total_price", "booking_ref")."""
    words = [w.lower() for w in regex.split(r"[_.-]|(?<=[a-z])(?=[A-Z])", key) if w]
    return any(w in _ACTS or w in _OWN_REFERENCES or w in _ACT_FIELD_WORDS for w in words)


def _own_keys(text: str, o: int, end: int) -> Iterator[tuple[str, regex.Match[str] | None]]:
    """The keys of the object opened at ``o`` (up to ``end``) that are its own, not a nested object's, each with its
    field's match (:data:`_FIELD`: a string or a number value), None where the value is an object, an array or
    another value."""
    depth = 0
    for t in _SCAN.finditer(text, o + 1, end):
        g = t.group()
        if g in "{[":
            depth += 1
        elif g in "}]":
            depth -= 1
        elif depth == 0:
            yield g.strip("\"' \t:"), _FIELD.match(text, t.start())


def _field_group(m: regex.Match[str]) -> str:
    """The group of a :data:`_FIELD` match that holds its value."""
    return next(g for g in ("s", "q", "n") if m.group(g) is not None)


def _own_fields(text: str, o: int, end: int) -> list[tuple[str, str | None]]:
    """The fields of the object opened at ``o`` (up to ``end``) that are its own: (key, its string or number value,
    None for an object, an array or another value)."""
    return [(key, m.group(_field_group(m)) if m else None) for key, m in _own_keys(text, o, end)]


def _person_object(text: str, o: int, reach: int = _SPAN) -> bool:
    """Whether the object opened at ``o``, known to hold a person's value, is that person's record rather than an
    act's, a message's, a firm's or a typed thing's: it closes within ``reach``, no key of its own names an act or a
    purchase, its type (if it says one) is a person's, and its name (if it has one) is a person's."""
    c = closing_brace(text, o, reach)
    if c is None:
        return False
    words = _patterns()[0]
    for key, value in _own_fields(text, o, c):
        k = _norm_key(key)
        if _act_key(key):
            return False
        if k in _TYPE_KEYS and value is not None and value.lower().rstrip("s") not in words and value.lower() not in words:
            return False  # JSON:API's "type": "orders", an event's "type": "password_reset"
        if k in _NAMING_KEYS and value is not None and not own_name_field("name", value):
            return False  # a firm's or a team's object: "name": "Acme GmbH"
    return True


class PersonRecordDetector:
    """Id fields of objects that are people, and their handles."""

    name = PERSON_RECORDS
    produces = frozenset({"account", "username", "person"})

    def detect(self, text: str) -> list[Span]:
        """The id values of ``text``'s person records."""
        words, typed = _patterns()
        printed = self._printed(text, words) + self._pair_runs(text) if "=" in text else []
        printed += self._yaml(text) if ":\n" in text else []
        printed += self._queries(text) if "?" in text and "=" in text else []
        printed += self._elements(text) if "</" in text else []
        printed += self._surnames(text) if "</" in text or '":' in text else []
        printed += self._role_ids(text) if "_email" in text else []
        if "{" not in text:
            return printed
        opens: set[int] = set()
        # one pass over the brackets: an object under a person's key ("customer": {…}), or an element of an array
        # under one ("participants": [{…}, {…}])
        stack: list[bool] = []  # per open bracket: whether an array there is a list of people
        for b in _BRACKETS.finditer(text):
            c, i = b.group(), b.start()
            if c in "]}":
                if stack:
                    stack.pop()
                continue
            m = _KEY_BEFORE.search(text, max(0, i - 60), i)
            last = regex.split(r"[_.-]", m["k"].lower())[-1] if m is not None else ""
            person_key = last in words or (last.endswith("s") and last[:-1] in words)
            if c == "{" and (person_key or (m is None and stack and stack[-1])):
                opens.add(i)
            stack.append(c == "[" and person_key)
        for m in typed.finditer(text):
            o = open_brace(text, m.start())
            if o is not None:
                opens.add(o)
        for m in _OWN_NAME.finditer(text):  # an object with a person's own name field: {"id": …, "first_name": …}
            if own_name_field(m["k"], m["v"]) and (o := open_brace(text, m.start())) is not None \
                    and not names_an_act(_container_key(text, o)):
                opens.add(o)
        for m in _OWN_E_MAIL.finditer(text):
            # an object whose own field is a person's e-mail address ({"id": 458099, "email": "giulia…@…"}), unless it
            # is an act's, a message's, a firm's or a typed thing's record (an order's own id names the order,
            # whoever's address it holds)
            # (nor an address's own record in a list of them: Clerk's "email_addresses": [{"id": "idn_…", …}])
            if ((o := open_brace(text, m.start())) is not None and _personal_address(m["v"])
                    and not names_an_act(container := _container_key(text, o))
                    and not any(w in _norm_key(container or "") for w in ("mail", "address", "phone", "identit"))
                    and _person_object(text, o, _E_MAIL_REACH)):
                opens.add(o)
        for o in list(opens):
            # a CRM's contact keeps its fields one level down ({"id": "3250…", "properties": {"email": …}}): the
            # object that holds them under such a key is the person's record
            if (k := _KEY_BEFORE.search(text, max(0, o - 60), o)) is not None and _norm_key(k["k"]) in _WRAPPERS \
                    and (parent := open_brace(text, o)) is not None and not names_an_act(_container_key(text, parent)) \
                    and _person_object(text, parent):
                opens.add(parent)
        for m in _HANDLE_KEY.finditer(text):  # an account object of a social API: {"id": …, "username": …}
            o = open_brace(text, m.start())
            if o is not None:
                opens.add(o)
        out: list[Span] = []
        for o in sorted(opens):
            c = closing_brace(text, o)
            if c is None:
                c = min(len(text), o + _SPAN)  # an object cut short: its fields up to the bound
            if not _NOT_A_PERSON.search(text, o, c):
                out += self._ids(text, o, c)
        return out + printed

    def _printed(self, text: str, words: frozenset[str]) -> list[Span]:
        """Records as code prints them, ``Customer[id=135289, name=…]`` (a Java record), ``Customer(id=…)`` (Lombok,
        Kotlin, a Python dataclass), ``User{id=…}``: a type that names a person, its id and handle fields."""
        out: list[Span] = []
        for m in _PRINTED.finditer(text):
            type_words = [w.lower() for w in regex.findall(r"[A-Z]?[a-z]+", m["type"])]
            while len(type_words) >= 2 and type_words[-1] in _RECORD_SUFFIXES:
                type_words.pop()  # BidderRow, CustomerDto, PatientRecord: the row of a bidder is a bidder's
            # (a repr's fields stand a blank apart, a record's after its brackets and commas)
            fields, part = (_RUN_FIELD, "spaced") if m["spaced"] is not None else (_PRINTED_FIELD, "body")
            if (not type_words or type_words[-1] not in words and "".join(type_words[-2:]) not in words) and not any(
                    own_name_field(n["k"], n["v"]) for n in _PRINTED_NAME.finditer(m[part])):
                continue
            for f in fields.finditer(text, m.start(part), m.end(part)):
                group = next(g for g in ("v", "sq", "dq") if f.group(g) is not None)
                if (span := self._field(text, f["k"], *f.span(group), run_in_names=False)) is not None:
                    out.append(span)
        return out

    def _pair_runs(self, text: str) -> list[Span]:
        """A line's run of ``key=value`` pairs that has a person's own name field (``client_id=38836 name='Priya
        Ramaswamy'``, ``learner=lrn_… first_name=Ana``): its id fields, as a printed record's."""
        out: list[Span] = []
        for run in _PAIR_RUN.finditer(text):
            fields = [(f["k"], *f.span(next(g for g in ("v", "sq", "dq") if f.group(g) is not None)))
                      for f in _RUN_FIELD.finditer(text, run.start(), run.end())]
            if any(own_name_field(k, text[a:b]) for k, a, b in fields):
                out += [span for k, a, b in fields if (span := self._id_field(text, k, a, b)) is not None]
        return out

    def _queries(self, text: str) -> list[Span]:
        """A URL's query that names its person by address or name (an RSVP's ``?id=21810230&n=Oc%C3%A9ane%20Fontaine``,
        an alerts page's ``?uid=78854178&email=…``): its id parameters are that person's number."""
        out: list[Span] = []
        for q in _QUERY.finditer(text):
            params = [(m["k"], m.start("v"), m.end("v")) for m in _PARAM.finditer(q["q"])]
            offset = q.start("q")
            if _PEOPLE_PATH.search(text, max(0, q.start() - 120), q.start()) is not None:
                # a search for a person by name in a register of people (/clients/search?q=Ingrid+Whitcombe&dob=…): the
                # name searched for, the gazetteers vouching (a forum's or a docs site's search is for anything)
                out += [Span(offset + a, offset + b, "person", self.name, 0.8) for k, a, b in params
                        if _norm_key(k) in _SEARCH_KEYS and (name := urllib.parse.unquote_plus(q["q"][a:b]).strip())
                        and _full_name(name) and gazetteer_name(name) and name not in word_list("places")]
            if not _query_names_a_person([(k, q["q"][a:b]) for k, a, b in params]):
                continue
            out += [span for k, a, b in params if (span := self._id_field(text, k, offset + a, offset + b)) is not None]
            # a holder's number beside the address (an alerts page's ?email=…&client=698354)
            out += [Span(offset + a, offset + b, "account", self.name, 0.8) for k, a, b in params
                    if _norm_key(k) in _QUERY_HOLDER_KEYS and _CLIENT_NUMBER.fullmatch(q["q"][a:b])
                    and not regex.search(r"(?i)oauth|authori[sz]e", text[max(0, q.start() - 80):q.start()])
                    and kept_by(text, offset + a, offset + b, _KEEPS) is None]
            # and the name itself as the form encoded it (?name=Ainhoa%20Etxeberria, ?n=Lo%C3%AFc+Le+Gall)
            out += [Span(offset + a, offset + b, "person", self.name, 0.8) for k, a, b in params
                    if _norm_key(k) in _NAME_PARAM_KEYS and ("%" in q["q"][a:b] or "+" in q["q"][a:b]
                                                             and gazetteer_name(urllib.parse.unquote_plus(q["q"][a:b]).strip()))
                    and _full_name(urllib.parse.unquote_plus(q["q"][a:b]).strip())]
        return out

    def _elements(self, text: str) -> list[Span]:
        """An XML element that holds a person's own name in a child of its own (``<client id="80064"><firstName>
        Thibault</firstName>``, ``<Candidate id="C31186325"><Surname>Osei</Surname>``): its id attributes and its
        number children (``<license>…</license>``) are that person's."""
        out: list[Span] = []
        for m in _OPEN_ELEMENT.finditer(text):
            if not m["attrs"]:
                continue  # (an element with no attribute of its own: its children are read with their own elements)
            close = text.find(f"</{m['t']}>", m.end(), m.end() + _SPAN)
            if close < 0:
                continue
            if names_an_act(m["t"]) or m["t"].lower() in _THING_ELEMENTS:
                continue  # <Order id=…>, <ticket id=…>, <build …>: the record's own number, whoever it names
            leaves = _own_leaves(text, m.end(), close)
            if not any(own_name_field(k, text[a:b]) for k, a, b in leaves):
                continue
            fields = [(a["k"], *a.span("v")) for a in _ATTRIBUTE.finditer(text, m.start("attrs"), m.end("attrs"))]
            out += [span for k, a, b in fields + leaves if (span := self._id_field(text, k, a, b)) is not None]
        return out

    def _surnames(self, text: str) -> list[Span]:
        """A bare "Name" (Nom, Nombre) field right beside a given name's field holds the surname, as German, French and
        Spanish forms write them (``<Name>Wagner</Name><Vorname>Jonas</Vorname>``, ``"nom": "Moreau", "prenom":
        …``); the given name is read by the name stages."""
        out: list[Span] = []
        for m in _SURNAME_BESIDE_GIVEN.finditer(text):
            v = next(g for g in ("v", "v2", "v3", "v4") if m.group(g) is not None)
            given = m.group("g" + v[1:])
            value = m[v]
            # (the sibling is a given name the lists know: {"name": "Spring", "firstName": "Boot"} names no one)
            if not (given in word_list("first_names") and given not in word_list("common_words")):
                continue
            if _listed_part(value.split()[0]) or not all_plain_words(value.replace("-", " ").split()):
                a, b = m.span(v)
                if kept_by(text, a, b, _HANDLE_KEEPS) is None:
                    out.append(Span(a, b, "person", self.name, 0.75))
        return out

    def _role_ids(self, text: str) -> list[Span]:
        """A role's id beside the same role's e-mail in one object or line (Zoom's ``"host_id": "hJcVIFyFnvAzGG…",
        "host_email": "…"``, ``owner_id=… owner_email=…``): the id is that person's account."""
        out: list[Span] = []
        for m in _ROLE_ID.finditer(text):
            role = m["r"]
            if role not in _ROLE_PEOPLE and role not in _role_keys():
                continue  # (a commit's, a trace's, a build's id beside some mailbox: no person's role)
            window = text[max(0, m.start() - _ROLE_REACH):m.end() + _ROLE_REACH]
            mail = regex.search(rf"""(?<![\w-])["']?{regex.escape(role)}_?(?i:email|e_mail|mail)["']?[ \t]*[:=][ \t]*["']?(?P<l>[\w.+-]+)@[\w-]+\.""",
                                window)
            if mail is None or role_mailbox(mail["l"].lower()):
                continue  # (no e-mail of the role's, or a mailbox of a service's: noreply@, billing@)
            a, b = m.span("v")
            value = text[a:b]
            if (_OPAQUE_ID.fullmatch(value) and not _UUID.fullmatch(value) and not _NOT_AN_ID.fullmatch(value)
                    and not regex.fullmatch(r"[0-9a-f]{7,40}", value)
                    and kept_by(text, a, b, _KEEPS) is None):
                out.append(Span(a, b, "account", self.name, 0.8))
        return out

    def _yaml(self, text: str) -> list[Span]:
        """A YAML mapping that has a person's own name field (``courier:\n  id: wrk_…\n  first_name: Gaia``, a list
        item ``- id: INT-78812\n    name: Joaquín Albarracín``) or e-mail address (``user:\n  id: 458099\n  email:
        …``, under a key that names a person's record, no act's fields beside it): its id fields."""
        out: list[Span] = []
        for fields in yaml_mappings(text):
            if any(own_name_field(k, text[a:b]) for k, a, b in fields) or (
                    fields and any(_norm_key(k) in _EMAIL_KEYS and _personal_address(text[a:b]) for k, a, b in fields)
                    and not any(_act_key(k) for k, _, _ in fields) and _yaml_person_key(text, fields[0][1])):
                out += [span for k, a, b in fields if (span := self._id_field(text, k, a, b)) is not None]
        return out

    def _id_field(self, text: str, key: str, s: int, e: int) -> Span | None:
        """A person record's id field ``key`` holding ``text[s:e]`` (:meth:`_field`'s person-bound number only, not its
        handle or name: a query's or a YAML mapping's other fields are read by other stages)."""
        span = self._field(text, key, s, e, run_in_names=False)
        return span if span is not None and span.category == "account" else None

    def _field(self, text: str, key: str, s: int, e: int, *, run_in_names: bool) -> Span | None:
        """A person record's field ``key`` holding ``text[s:e]``: its id (a person-bound number) or its handle.
        ``run_in_names``: a lower-case name run together (``elodiegarnier``) counts as a handle too."""
        raw, key = key, _norm_key(key)
        value = text[s:e]
        if key == "clientid" and not _CLIENT_NUMBER.fullmatch(value):
            return None  # an OAuth application's client id ("3n4b5urk…", "my-spa-client") beside a token's user
        # (a person's record's bare "number", "nr", "numero" field is its person's number: a donor's, a member's)
        if ((key in _ID_KEYS or (_record_number_key(raw) or key in _NUMBER_WORDS - {"id"} and _bare_number(value))
             and _CARRIED_NUMBER.fullmatch(value) is not None)
                and len(value) >= 5 and any(ch.isdigit() for ch in value)
                and not _UUID.fullmatch(value) and not _NOT_AN_ID.fullmatch(value)
                and kept_by(text, s, e, _KEEPS) is None):
            return Span(s, e, "account", self.name, 0.8)
        if (key in _HANDLE_KEYS
                and (_HANDLE.fullmatch(value) or run_in_names and value.isalpha() and value.islower() and login_made_of_name(value))
                and kept_by(text, s, e, _HANDLE_KEEPS) is None):
            return Span(s, e, "username", self.name, 0.8)  # "author": {"name": "oceane.dev"}
        if key in _NAME_KEYS and _full_name(value) and kept_by(text, s, e, _HANDLE_KEEPS) is None:
            return Span(s, e, "person", self.name, 0.75)  # "author": {"type": "user", "name": "Chiamaka Nwosu"}
        return None

    def _ids(self, text: str, start: int, end: int) -> list[Span]:
        out = []
        for _, m in _own_keys(text, start, end):
            # a bare number (group n) is no handle: the handle checks want a letter
            if m is not None and (span := self._field(text, m["k"], *m.span(_field_group(m)), run_in_names=True)) is not None:
                out.append(span)
        return out
