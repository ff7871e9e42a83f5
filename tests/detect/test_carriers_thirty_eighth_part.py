"""Agent traffic, thirty-eighth part (issues 23 and 24): the login classifier has learned from the independent
agent-traffic sets (their logins, in the places their builders put them: a chat's speaker, an evidence log's officer,
a fax server's sender) and reads a bare word as a login only where it is no English word or is
made of a name; a request line's target (an access log's ``GET /share/album/<key>``) is judged by the private-link
families of any host, as a full URL is.

And what stays: English words, predicates and counted nouns in a login's place, a module's dotted path, a program
or a platform with its number, ps's start date, a route in CamelCase, a hashed asset. The values here are our own."""

from __future__ import annotations

import pytest

from coatcheck import Masker, Policy

from .spans import covered, touched


@pytest.fixture(scope="module")
def masker() -> Masker:
    return Masker(policy=Policy.builtin("agent"))


@pytest.mark.parametrize("text,value", [
    # a chat export's speaker by login, a game chat's, a listing's owner whose name no list holds
    ("#print-room\n\nwojcikm  09:12\nthe Ricoh on floor 2 is jammed again\n", "wojcikm"),
    ("[20:01:10] wojcikm: anyone up for a match?\n[20:01:42] dlindqvist: gg ez\n[20:02:05] wojcikm: lol\n", "wojcikm"),
    ("drwxr-x--- 12 nkechiu nkechiu 4096 Feb 14 08:40 .\n", "nkechiu"),
    # a request line's capability link: whoever holds the path reads the album
    ('81.2.69.160 - - [14/Feb/2025:08:40:11 +0100] "GET /share/album/Qw7rTz2LpX9vKd4NbY6mHs HTTP/2.0" 200 5120\n',
     "Qw7rTz2LpX9vKd4NbY6mHs"),
    # a run-together handle in an author object, from a given name the lists lack and a known surname
    ('{"author": {"id": "70112233445566", "name": "ilariaquattrocchi", "discriminator": "0000"}}\n',
     "ilariaquattrocchi"),
])
def test_masked(masker: Masker, text: str, value: str) -> None:
    assert covered(masker, text, value), masker.mask(text).text


@pytest.mark.parametrize("text,value", [
    # English words in a login's place
    ("#standup\n\nbreakfast  08:30\nback at nine\n", "breakfast"),
    ("Signed off by Tomasz Wrona (procurement)\n", "procurement"),
    # a predicate, a counted noun
    ("el token es caducado desde ayer\n", "caducado"),
    ("08:00 July: 57 renewals\n", "renewals"),
    # a module's or a member's dotted path, a setting's name after @
    ("[08:40:11] urllib3.connectionpool: Starting new HTTPS connection\n", "urllib3.connectionpool"),
    ("see @max.connections in the pool settings\n", "max.connections"),
    # a program or a platform and its number, ps's start date
    ("[2025-02-14 08:40] python311: wheel built\n", "python311"),
    ("(runner ubuntu_arm64)\n", "ubuntu_arm64"),
    ("root       812  0.0  0.1  1234  567 ?  Ss   Feb14   0:01 /usr/sbin/cron\n", "Feb14"),
    # a log's component and a channel's words where a chat's speaker stands, a record's word in its name field
    ("[08:40:11] webhook: delivery started\n", "webhook"),
    ("[2025-02-14 08:40] eslint: 3 problems\n", "eslint"),
    ("#ops\n\nriunione  10:30\nil server è giù\n", "riunione"),
    ('{"author": {"name": "engineering", "url": "https://example.org"}}\n', "engineering"),
    ("see @max.memory in the pool settings\n", "max.memory"),
    # a person's or a build's route in a request line (no word of it says it is shared)
    ('10.1.2.3 - - [14/Feb/2025:08:40:11 +0100] "GET /authors/guidelines HTTP/1.1" 200 512\n', "guidelines"),
    ('10.1.2.3 - - [14/Feb/2025:08:40:11 +0100] "GET /_next/static/Ab12Cd34Ef56Gh78Ij90K/_buildManifest.js HTTP/1.1" '
     '200 512\n', "Ab12Cd34Ef56Gh78Ij90K"),
    # a route in CamelCase and a hashed asset in a request line
    ('"GET /api/v2/listAllInvoicesByCustomer HTTP/1.1" 200 512\n', "listAllInvoicesByCustomer"),
    ('"GET /assets/app.Xb81kPq2Lm.js HTTP/1.1" 200 9812\n', "Xb81kPq2Lm"),
])
def test_kept(masker: Masker, text: str, value: str) -> None:
    assert not touched(masker, text, value), masker.mask(text).text
