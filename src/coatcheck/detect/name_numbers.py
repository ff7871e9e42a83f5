"""A person's number written right after them (issue 23: person-bound ids by context). A record, a ticket or a log
names a person (or gives their e-mail address: then in round brackets), then gives their number in brackets:
"unser Mitglied Henrike Oberhuber (Nr. 9336)", "Firmato: Vittorio Scognamiglio (PA263712)", "for client 'Théo
Rousseau' (id=654688)", a moderation log's "author=rosalba_84 (1268410197272913259)" (a login's platform id), a
Discord mention "Lioba Straßner (<@545788832464891184>)". The bracket (round or square) right behind a found name or
login is that person's; so is such a number, one after a comma with its number's word ("Henrike Oberhuber, Nr.
9336"), and one the bracket's other details follow ("Olivier N'Diaye (1452829697031, 03/06/1958)"; "charge failed
for aylin_becker68@web.de (MD172999)"). (Not after a dash: "— MIT 2024", "— ISO 9001", "— LH 1234" follow names as
often as a badge does.)

Without a number's word (Nr., n°, id=; not "#", a pull request's or an issue's) the value needs an issuer's letters
and five digits or more, or six digits (a year, "(2019)", an extension, "(4471)", are no one's number); with one,
four digits do. No tracker's issue key (PROJ-12345), change's, KB article's or AS's number. Linear in the number of
names found."""

from __future__ import annotations

import regex

from ..spans import Intervals, Span
from .keep import kept_by
from .tables import _THING_PREFIXES, lead_names_a_thing

NAME = "name-numbers"
_KEEPS = ("is_calendar_date", "is_version", "is_templated", "is_placeholder_value")
_AFTER = regex.compile(
    r"""['"’]?[ \t]{0,3}[(\[]"""
    r"""(?:(?P<w>(?i:nr|no|n|nº|n°|n\.º|num|núm|id))\.?[ \t]*[:=]?[ \t]*(?P<wv>[A-Z]{0,4}[- ]?\d{4,20})"""
    r"""|(?P<v>[A-Z]{1,4}[- ]?\d{5,20}|\d{6,20})"""
    r"""|<@!?(?P<m>\d{17,20})>)"""
    # (the bracket may go on with the person's other details: "Olivier N'Diaye (1452829697031, 03/06/1958)")
    r"""(?:,[ \t][^()\[\]\n]{1,40})?[)\]]"""
    # or after a comma, with its number's word: "Henrike Oberhuber, Nr. 9336"
    r"""|['"’]?,[ \t]{1,3}(?i:nr|no|n°|nº|n\.º|núm)\.?[ \t]*(?P<cv>[A-Z]{0,4}[- ]?\d{4,20})(?![\w-])""")
# a change's, a ticket's, a request's letters (ServiceNow's INC, RITM, CHG; a pull request's PR)
_CHANGE_PREFIXES = frozenset({"pr", "mr", "cl", "cve", "rfc", "pep", "bug", "issue", "ticket", "inc", "chg", "ritm",
                              "req", "task", "sr", "case", "prb", "sctask", "jira", "kb", "as", "asn", "nct", "isbn",
                              "issn", "doi", "arxiv", "pmid", "gh",
                              # a standard's ("jane.smith@web.de (ISO 27001)")
                              "iso", "din", "iec", "en", "bs", "nist", "soc"})
# a Unix time in seconds or milliseconds (2017 to 2033), a compact date (YYYYMMDD)
_CLOCK = regex.compile(r"1[5-9]\d{8}|1[5-9]\d{11}|(?:19|20)\d\d(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])")
# a tracker's issue key (PROJ-12345, CORE-881): a project's capitals, a hyphen, the issue's number
_ISSUE_KEY = regex.compile(r"[A-Z][A-Z0-9]{2,9}-\d+")


def numbers_beside_names(text: str, spans: list[Span]) -> list[Span]:
    """The numbers in brackets (or after a comma and a number's word) right behind the persons and logins among
    ``spans``."""
    out: list[Span] = []
    taken = Intervals((s.start, s.end) for s in spans)  # (what another stage found there is its)
    for s in spans:
        if s.category not in ("person", "username", "email"):
            continue
        m = _AFTER.match(text, s.end)
        group = None
        if m is not None:
            group = next(g for g in ("wv", "v", "m", "cv") if m.group(g) is not None)
        if m is None or group is None:
            continue
        if s.category == "email" and text[m.start():m.end()].lstrip("'\"’ \t")[:1] != "(":
            continue  # "anna@… [1710238442]": a log line's bracketed field after an address, a time or a pid
        a, b = m.span(group)
        if s.category == "email" and _CLOCK.fullmatch(text, a, b):
            continue  # a Unix time (seconds or milliseconds) or a compact date after an address: "(1710238442)"
        digits = sum(c.isdigit() for c in text[a:b])
        if len(set(c for c in text[a:b] if c.isdigit())) <= 1 or taken.overlaps(a, b):
            continue  # (000000, 1111111: a form's filler)
        if group in ("wv", "cv") and digits == 4 and regex.fullmatch(r"(?:19|20)\d\d", text[a:b]):
            continue  # "(Nr. 2024)": an edition's year
        lead = regex.match(r"[A-Za-z]*", text[a:b]).group().lower()
        if (lead_names_a_thing(text[a:b]) or lead in _THING_PREFIXES or lead in _CHANGE_PREFIXES
                or group == "v" and _ISSUE_KEY.fullmatch(text[a:b])):
            continue  # "(PR 12345)", "(INC0012345)": a change's or a ticket's number beside its assignee
        if kept_by(text, a, b, _KEEPS) is None:
            out.append(Span(a, b, "account", NAME, 0.8))
    return out
