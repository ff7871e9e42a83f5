"""One grammar for "identifier … operator … value", shared by every keyword-anchored rule.

A rule names only what is its own: the key (a regex, or a list of labels in several languages) and the
shape of the value. :func:`assignment` wraps them in every syntax an agent sees, so a new syntax is
added here once for every rule (the idea of gitleaks' ``GenerateSemiGenericRegex``; this is our own
grammar):

- ``.env``/shell/``export``/``docker -e KEY=…``/``env`` output, Makefile ``?=``/``::=``/``:=``, PHP ``.=``
- YAML ``key: v``, JSON ``"key": "v"`` (also with escaped quotes inside a JSON string), TOML/INI ``key = v``
- Go ``:=``, Perl/PHP/Ruby ``=>``, R ``<-``
- XML elements ``<key>v</key>`` and .NET ``<add key="K" value="v"/>``; HTML label cells ``<th>Key</th><td>v``
- call pairs ``setProperty("key", "v")``, ``os.environ.setdefault("KEY", "v")``
- labelled fields ``Key: v``, ``Key no. v``, ``Key #v``
- with ``loose=True`` also whitespace only (Gradle ``password 'v'``, ``.netrc``, prose ``customer 0011…``):
  only for values whose shape is strict enough to stand alone.

The key is matched as a whole word or as the last word part of a longer identifier (``POSTGRES_USER``,
``db.password``, ``customerId``) unless ``prefix=False``.
"""

from __future__ import annotations

from collections.abc import Iterable

import regex

# The closing quote of the key, an index bracket (ENV["KEY"]), JSON escape backslashes before a quote, the
# full stop of an abbreviated label (Tel. 030…); a form field's bracketed name inside quotes ("client[password]": …).
KEY_CLOSE = r"""(?:\\{0,3}["'`])?\]?(?:(?<=\])\\{0,3}["'`])?\.?"""
# A declared type between the name and the operator: Go ``var apiToken string = "…"``, Kotlin/TS
# ``val password: String = "…"``; a Remote Desktop file's ``username:s:CORP\x`` (name, type, value).
DECLARED_TYPE = (r"(?:(?:[ \t]*+:[ \t]++|[ \t]++)(?:string|String|str|&str|&'static[ ]str|char[ \t]*\*|const[ \t]+char[ \t]*\*)(?=[ \t]*=)"
                 r"|:s(?=:[^:\s]))?")
# Assignment operators, longest first: Makefile ::= and ?=, Go :=, PHP .=, hash rockets, R <-.
OPERATOR = r"(?:::=|:=|\?=|\.=|\+=|=>|<-|=|:)"
# An optional opening quote for the value (also escaped inside a JSON string, or HTML-escaped).
VALUE_OPEN = r"""(?:\\{0,3}["'`]|&quot;|&\#34;|&\#39;)?"""
_HS = r"[ \t]"
_EMPHASIS = r"(?:\*\*|\*|__|\[/?[bi]\])"  # Markdown's bold or italics, BBCode's [b]…[/b] of a forum post
_SEPARATOR = (
    rf"(?:{_HS}*{OPERATOR}{_HS}*"  # key = v, key: v, key := v
    # a JSON list of one value (Keycloak's and LDAP's attributes, SCIM): "birthdate" : [ "1984-01-23" ]
    rf"|(?<=[\"'])(?:{_HS}*:{_HS}*\[{_HS}*(?=[\"']))"
    rf"|\\{{0,3}}[\"']{_HS}*,{_HS}*(?=\\{{0,3}}[\"']|\d)"  # "key", "v" (a call's quoted arguments; in { kind: 'user', key: …} no pair)
    rf"|[\"']{_HS}+value{_HS}*={_HS}*"  # <add key="K" value="v"/>
    rf"|>(?:{_HS}*<(?:[\w-]+:)?[A-Za-z][\w.-]{{0,40}}>)?"  # <key>v, <nc:PersonBirthDate><nc:Date>v
    # an element's attributes between its name and its value: <GovernmentId countryCode="DE" type="national">v
    rf"|(?<=<(?:[\w-]+:)?[A-Za-z][\w.-]{{0,40}})(?:{_HS}+[\w:.-]{{1,40}}=(?:\"[^\"<>\n]{{0,60}}\"|'[^'<>\n]{{0,60}}')){{1,4}}{_HS}*>"
    # a printed form's dot leaders: "Data di nascita ....... 05-09-1984"
    rf"|{_HS}*(?:\.{{3,}}|…+)[.…]*{_HS}*:?{_HS}*"
    # an HTML table's or a definition list's label cell, then its value's: <th>Passport (travel desk)</th><td>v
    rf"|(?:{_HS}?\([^()<>\n]{{1,40}}\))?:?</(?:th|dt)>{_HS}?<(?:td|dd)(?:{_HS}[^<>\n]{{0,80}})?>"
    # what the value is given for or by, between a label and its colon: "Geburtsdatum zur Verifizierung: …", "Date of
    # birth for verification: …", "Data di nascita per la verifica: …", "Geburtsdatum laut Personalakte: …"
    rf"|{_HS}+(?i:for|per|pour|para|zur|zum|für|laut|gemäß|selon|secondo|según|according[ ]to|as[ ]per){_HS}+(?:\p{{L}}[\p{{L}}'’-]*{_HS}+){{0,2}}\p{{L}}[\p{{L}}'’-]*{_HS}*:{_HS}*"
    # where the value is kept, between a label and its colon: "Passport no. on file: …", "Kundennummer hinterlegt: …"
    rf"|{_HS}+(?i:on[ ]file|on[ ]record|in[ ]our[ ]records|hinterlegt|in[ ]archivio|au[ ]dossier|en[ ]archivo){_HS}*:{_HS}*"
    # a remark in brackets between a label and its colon: "Zulassungs-Nr. (Part-66): …", "Phone (work): …"
    rf"|{_HS}?\([^()<>\n]{{1,30}}\){_HS}*[:=]{_HS}*"
    # a Markdown key/value table's label cell, then its value's: "| DOB | 05/02/1968 |" (the row opens with a bar and
    # holds these two cells only: a wider table's cell is no label of the next one, and a psql listing's "mobile |
    # 1048576" is a count)
    rf"|(?<=(?:^|\n)[ \t]*\|[^|\n]{{1,80}}){_HS}+\|{_HS}+(?=[^|\n]+\|[ \t]*(?:\r?\n|$))"
    # a REST path's collection of a person's numbers, then one of them: /v1/claimant_numbers/CLM-183366,
    # /tenant_accounts/TEN-7118632 (a collection named for the holder alone, /users/alice, /members/20931, is no slot)
    rf"|(?<=/[A-Za-z][\w-]{{0,40}}[_-](?:number|num|no|nr|id|account|acct|ref|reference))s/(?=[A-Za-z0-9])"
    # psql's expanded display (\x): a record's "key | value" lines under its "-[ RECORD 1 ]" rule
    rf"|(?<=-\[{_HS}RECORD{_HS}\d+{_HS}\][^\n]*\n(?:[^\n]*\n){{0,60}}?[ \t]*[\w.-]{{1,60}}){_HS}*\|{_HS}+(?=[^|\n]+(?:\r?\n|$))"
    # Account no. 123, N° 123, #123; a sign is a word of its own ("USER nonroot" is no "USER no" + "nroot")
    # (in any case: "Card No.", "Kunden-NR.", "Account NUMBER")
    # (Spanish and Portuguese write the ordinal's dot first: "Pasaporte n.º: …")
    rf"|{_HS}*(?:(?i:n\.?[o°º]|nr|num)(?:\.|(?![A-Za-z]))|(?i:number)|\#){_HS}*[:=]?{_HS}*"
    # a Ruby block's value (FactoryBot's attributes: nome { "Benedetta" }, email { 'x@…' })
    rf"|{_HS}+\{{{_HS}*(?=[\"'])"
    # the number in brackets after its abbreviation: "carta d'identità (n. CA49525CW)", "passport (no. X1234567)"
    rf"|{_HS}*\({_HS}?(?:n[o°º]?\.|nr\.|n\.[o°º]){_HS}*"
    r")"
)
# a copula may take an article before the value: "mon numéro d'adhérent est le 00447190", "el número es el 551902"
_LOOSE_SEPARATOR = rf"(?:{_SEPARATOR}|{_HS}+(?:(?:is|è|ist|lautet|est|es|=|:){_HS}+(?:(?:le|la|il|lo|el|the|der|die|das){_HS}+)?)?)"


def label_regex(labels: Iterable[str]) -> str:
    """A regex alternation for label phrases: spaces match any run of space, ``_``, ``-`` or ``.``
    (``customer no`` also matches ``customer_no`` and ``Customer-No``); longest first."""
    parts = []
    for label in sorted(set(labels), key=len, reverse=True):
        words = [regex.escape(w, special_only=True) for w in label.split()]
        parts.append(r"[\s_.-]*".join(words))
    return "(?:" + "|".join(parts) + ")"


def assignment(
    key: str,
    value: str,
    *,
    tail: str = "",
    prefix: bool = True,
    loose: bool = False,
    case_insensitive_value: bool = False,
    brackets: bool = False,
) -> str:
    """The pattern for ``key`` assigned ``value`` in every syntax above; the value is group ``v``.

    ``key``: a regex for the key's name (matched case-insensitively). ``tail``: what may follow the key's name
    before the operator (``[\\w.-]{0,20}`` lets ``CLOUDFLARE_API_TOKEN`` match key ``cloudflare``).
    ``prefix``: the key may be the last part of a longer identifier (``POSTGRES_USER`` for ``user``).
    ``loose``: a space alone may separate key and value (only for values with a strict shape).
    ``brackets``: the value may stand in angle, square or round brackets (dovecot's ``user=<x>``, ``[x]``).
    """
    # A key starts a word: not inside an identifier, not a $var's tail. With ``prefix`` it may also start
    # after a word part (POSTGRES_|USER, db.|password, db|User), told by lookbehind so the match starts at the key.
    start = r"(?<!\w)"
    if prefix:
        start = rf"(?:{start}|(?<=[A-Za-z0-9][_.-])|(?<=[a-z0-9])(?=[A-Z]))"
    sep = _LOOSE_SEPARATOR if loose else _SEPARATOR
    val = f"(?i:{value})" if case_insensitive_value else f"(?-i:{value})"
    # A value is never itself a JSON key: in ``"source":"user","trigger":"exec"`` the comma ends a value, it does
    # not pair ``user`` with ``trigger`` the way it pairs a call's arguments (``setProperty("user", "alice")``).
    opening = rf"(?:{VALUE_OPEN}|[<\[(])" if brackets else VALUE_OPEN
    # a markdown label in bold or italics: "**Mobile**: …", "**Mobile:** …", "_Tel._ …"
    return (rf"{start}(?i:{key}){tail}{KEY_CLOSE}{_EMPHASIS}?{DECLARED_TYPE}{sep}(?:{_EMPHASIS}{_HS}*)?{opening}"
            rf"(?P<v>{val})(?![\w-])(?!\\{{0,3}}[\"'][ \t]*:)")


def compile_assignment(key: str, value: str, **kw: bool | str) -> regex.Pattern[str]:
    """:func:`assignment`, compiled."""
    return regex.compile(assignment(key, value, **kw))  # type: ignore[arg-type]
