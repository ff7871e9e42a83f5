"""Agent traffic, thirty-ninth part (issue 23): the key of a record that is a person, wherever the record is printed.

A record says it is a person by its own fields: a given, family or full name field (``first_name``, ``cognome``, a
``name`` that holds a full name), in a JSON object, a YAML mapping or a record as code prints it
(``Courier(id='…', name='…')``); its id fields are then that person's number, whatever its key or type is called. A
found person's surname is theirs in a file's name too (``Kretschmer_Angebot.docx``, and in lower case
``consenso_fischbach_2025.pdf``). So is a surname or a given
name its own field labels (``"last_name": "Achterberg"``), wherever else the text writes it (``?q=Achterberg``). A
table whose rows are people keys them by the column headed by a key's word: four or five digits and a platform's
opaque keys count there too, and psql's header under the query line that printed it is read as a header.

And what stays: a product's or a team's record, a nested object's id, an order's number in a people table, a
counting run of row numbers, a headerless first column, a service's group.

Besides: a register's column of "Surname, Given" names is read again with the names the lists vouched for as votes
(its names no list holds are names by their shape); a user's private group in ``/etc/group`` (its own group in the
regular users' id range, no other member) and a virtual MFA device's ARN (``:mfa/<name>``) name their user; a
referee's, a buyer's, a candidate's and a respondent's number is theirs by its key (``reviewer_id=73310``); a
platform's typed key whose prefix names its holder (``wrk_…``, ``cand_…``, Clerk's ``user_…``) is theirs wherever
it stands; a URL's query that names its person by address or full name (``?id=…&n=Anna%20Kowalski``) has their number
in its id parameter. The values here are our own."""

from __future__ import annotations

import pytest

from coatcheck import Masker, Policy

from .spans import covered, touched


@pytest.fixture(scope="module")
def masker() -> Masker:
    return Masker(policy=Policy.builtin("agent"))


_PSQL = """shop=> SELECT id, first_name, last_name, email FROM crm.people WHERE churned LIMIT 3;
   id    | first_name | last_name | email
---------+------------+-----------+---------------------------
 7730914 | Oksana | Hrytsenko | oksana.hr@example.net
 2409871 | Tendai | Moyo | tmoyo77@example.org
 9152338 | Liesel | Achterberg | l.achterberg@example.com
(3 rows)
"""
_BOXED = """+-------+---------------------+-----------------------------+
| ID    | NAME                | EMAIL                       |
+-------+---------------------+-----------------------------+
| 48213 | Wanjiru Kamau       | wkamau@example.org          |
| 17604 | Ignacio Barrientos  | i.barrientos@example.net    |
| 90372 | Saoirse Gallagher   | sgallagher9@example.com     |
+-------+---------------------+-----------------------------+
"""
_TSV = """member_id\tname\temail
mbr_q4k2x9z7w1v3\tFaisal Haddad\tfhaddad@example.net
mbr_h7m3p0c8t5r2\tIngrid Solberg\tingrid.s@example.org
"""


@pytest.mark.parametrize("text,value", [
    # an object with a person's own name field, under a key no list calls a person's
    ('{"courier": {"id": "crr_8f2kq93mzt51", "first_name": "Oluwaseun", "last_name": "Adeyemi"}}\n',
     "crr_8f2kq93mzt51"),
    ('[{"id": "tut_x93kd02mv8qa", "full_name": "Mihaela Constantinescu", "rating": 4.8}]\n', "tut_x93kd02mv8qa"),
    ('{"volunteers": [{"id": 58120, "firstName": "Kwabena", "lastName": "Asante"}]}\n', "58120"),
    # a name field that holds a full name
    ('{"id": "guard_55k1m8q2", "name": "Radoslav Petrović", "shift": "night"}\n', "guard_55k1m8q2"),
    # a record as code prints it, quoted values
    ("ValueError: cannot pay Courier(id='crr_k29fm3x8q0', name='Tomasz Wierzbicki', city='Lodz')\n", "crr_k29fm3x8q0"),
    # a YAML mapping and a YAML list of people
    ("driver:\n  id: DRV-558213\n  first_name: Amara\n  last_name: Okonkwo\n", "DRV-558213"),
    ("tutors:\n  - id: T-77120\n    name: Beatriz Salgado\n  - id: T-30981\n    name: Kenji Watanabe\n", "T-30981"),
    # a found person's surname as a part of a file's name
    ('level=info msg=converted file="Achterberg_Angebot.docx" creator="Liesel Achterberg"\n', "Achterberg"),
    ('Could not open "D:\\Charter\\contratto_Wierzbicki.pdf": locked by Tomasz Wierzbicki\n', "Wierzbicki"),
    # a found name's surname in lower case in an attachment's or a note's file name
    ("Viele Grüße, Hannelore Fischbach\n\n[Anhang: consenso_fischbach_2025.pdf]\n", "fischbach"),
    ("# notes/visits/2024-07-15-przybylski.md\nVisited Halina Przybylski at home.\n", "przybylski"),
    # a surname its own field labels, again in a search's query
    ('> GET /v1/contacts?q=Hrytsenko HTTP/1.1\n<\n{"contacts": [{"first_name": "Oksana", "last_name": "Hrytsenko"}]}\n',
     "Hrytsenko"),
    # a register's column of "Surname, Given" names, one no list holds among those the lists know
    ('env,donor,amount\n12,"Achterberg, Liesel","20.00"\n31,"Moyo, Tendai","15.00"\n'
     '47,"Oyelaran-Quist, Bodil","40.00"\n58,"Barrientos, Ignacio","10.00"\n', "Oyelaran-Quist, Bodil"),
    # a user's private group in /etc/group, and a virtual MFA device named for its user
    ("$ getent group\nsudo:x:27:okafort\npostgres:x:121:\nabarrientos:x:1003:\ndeploy:x:1100:\n", "abarrientos"),
    ("[profile lena]\nmfa_serial = arn:aws:iam::123456789012:mfa/lena.hartig\n", "lena.hartig"),
    # a referee's, a respondent's own number by its key
    ("level=info msg=invited submission=88 reviewer_id=73310 template=invite\n", "73310"),
    ('{"wave": 3, "respondent_id": 5820917, "status": "refused"}\n', "5820917"),
    # a login found as one keeps spreading where a surname of the same letters would spread to file names only
    ("Author: Lorenzo Bianchi <lb@corp.example>\n$ id bianchi\n$ ls /home/bianchi\nbianchi\n", "\nbianchi\n"),
    # a URL's query that names its person by name or address: its id parameter is theirs
    ('<a href="https://alumni.example-uni.org/rsvp?id=73310925&amp;n=Anna%20Kowalski">RSVP</a>\n', "73310925"),
    ("Alerts: https://app.budget-example.com/alerts?uid=58213907&email=tmoyo77%40webmail.co.uk\n", "58213907"),
    # a platform's typed key that names its holder, wherever it stands (a remittance line, a path's folder)
    ("<Ustrd>Payout W22/1 wrk_q7m2k9x4c1v8zt</Ustrd>\n", "wrk_q7m2k9x4c1v8zt"),
    ("$ pdftotext -layout uploads/tax/cand_h3k8m2p9q4x7w1/w9.pdf - | head\n", "cand_h3k8m2p9q4x7w1"),
    # tables whose rows are people, keyed under a key's word
    (_PSQL, "2409871"),
    (_BOXED, "17604"),
    (_TSV, "mbr_h7m3p0c8t5r2"),
])
def test_masked(masker: Masker, text: str, value: str) -> None:
    assert covered(masker, text, value), masker.mask(text).text


@pytest.mark.parametrize("text,value", [
    # a product's, a team's record: no person's name field
    ("Product(id='SKU-220931', name='Blue Widget', price=12.5)\n", "SKU-220931"),
    ('{"team": {"id": "team_8k2m9x0q1z", "name": "Platform Team"}}\n', "team_8k2m9x0q1z"),
    # a nested object's id is its own, not the person's
    ("driver:\n  id: DRV-558213\n  first_name: Amara\n  vehicle:\n    id: VH-220981\n    plate: none\n", "VH-220981"),
    # a YAML service list
    ("services:\n  - id: build_7731k2m9\n    name: Release Build\n", "build_7731k2m9"),
    # row numbers counting up, and an order's number beside its customer
    ("| id   | name            | email                 |\n|------|-----------------|-----------------------|\n"
     "| 1001 | Oksana Hrytsenko | oksana.hr@example.net |\n| 1002 | Tendai Moyo | tmoyo77@example.org |\n"
     "| 1003 | Liesel Achterberg | l.achterberg@example.com |\n", "1002"),
    ("order_id,customer,email\n58213,Wanjiru Kamau,wkamau@example.org\n17604,Ignacio Barrientos,ib@example.net\n"
     "90372,Saoirse Gallagher,sg@example.com\n", "17604"),
    # a record of what a person did (an entry, a booking): its key is the record's
    ('{"registrations": [\n  {"id": 93807021, "name": "Lena Schoenberg"},\n  {"id": 19973018, "name": "Quentin Faure"}\n]}\n',
     "93807021"),
    # a found surname inside a code identifier stays the identifier's
    ("class Achterberg_Config:  # maintainer: Liesel Achterberg\n", "Achterberg_Config"),
    # a word of the language in a name's field does not spread
    ('GET /v1/docs?q=Support HTTP/1.1\n{"first_name": "Support", "last_name": "Team"}\n', "Support"),
    # a found surname in lower case outside a file's name: a module's, a word's
    ("Halina Przybylski asked about the przybylski module.\n", "przybylski module"),
    # a thing's typed key, a word and its number, a constant
    ("refund for job_8f2kq93mzt51 queued\n", "job_8f2kq93mzt51"),
    ("cache key user_settings2024 rebuilt\n", "user_settings2024"),
    ("USER_2NNEQL2NRIRDJ194 = 1\n", "USER_2NNEQL2NRIRDJ194"),
    # a review's findings: a repository's full name, places and fonts by their name fields, a dataclass's typed
    # fields, a YAML stream's other document, a ticket table's numbers beside their assignee, words of the language
    # in a name's fields, a given name in a tool's archive, a login that is also a surname's letters, shared groups
    # with no member yet, an MFA device's own name, a release candidate
    ('{"number": 1234, "repo": {"id": 35129377, "name": "Public-Repo", "full_name": "Codertocat/Hello-World"}}\n',
     "35129377"),
    ('[{"id": 5391959, "name": "San Francisco"}, {"id": 5368361, "name": "Los Angeles"}]\n', "5391959"),
    ("Font(id=77123, familyName='Helvetica')\n", "77123"),
    ('{"id": "svc-8812", "first_name": "Build", "last_name": "Bot"}\n', "svc-8812"),
    ("@dataclass\nclass Person:\n    id: int = 0\n    first_name: str = ''\n", "int = 0"),
    ("---\nkind: ConfigMap\nid: 55123\ndata:\n  team: platform\n---\nkind: Person\nfirst_name: Gaia\n", "55123"),
    ("db=> SELECT id, title, assignee FROM tickets;\n  id  | title              | assignee\n"
     "------+--------------------+-------------------\n 4821 | Fix login redirect | Anna Kowalski\n"
     " 4907 | Add CSV export     | Tendai Moyo\n 5133 | Bump deps          | Liesel Achterberg\n", "4907"),
    ('{"id": 1, "first_name": "Mark", "last_name": "Price"}\nPrice: 12.00 EUR, see the Price column.\n', "Price:"),
    ("Author: Julia Kowalczyk\nwget https://dl.example.org/julia-1.10.2-linux-x86_64.tar.gz\n", "julia-1.10.2"),
    ("$ getent group\nsftpusers:x:3000:\nsteam:x:1000:\nnixbld:x:30000:\n", "steam"),
    ("mfa_serial = arn:aws:iam::123456789012:mfa/root-account-mfa-device\n", "root-account-mfa-device"),
    ("level=info release_candidate_id=20240312 stage=rc\n", "20240312"),
    # a query about a thing, or none's
    ("https://shop.example.com/item?id=2231456&name=Blue%20Widget\n", "2231456"),
    ("GET https://api.example.com/v1/users?id=58213&page=2\n", "58213"),
    # a host's name is no file's: a found name's word in it stays
    ("APP_URL=https://giving.st-lindqvist-parish.org  # parish of Maren Lindqvist\n", "giving.st-lindqvist-parish.org"),
    # a model's candidate, counted
    ("rerank: candidate_id=3 score=0.91\n", "3"),
    # a group of the regular id range that a service owns
    ("$ getent group\nsudo:x:27:okafort\ndeploy:x:1100:\n", "deploy"),
    # a SELECT's own text
    (_PSQL, "first_name"),
])
def test_kept(masker: Masker, text: str, value: str) -> None:
    assert not touched(masker, text, value), masker.mask(text).text
