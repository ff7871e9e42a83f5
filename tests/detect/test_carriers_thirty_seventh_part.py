"""Agent traffic, thirty-seventh part (issues 23 and 24): literals a SQL statement compares with or assigns to a
personal column (a LIKE pattern's wildcards left out); a name field wrapped in an object (``{"value": …}``) and a
name object written as a JavaScript literal; names a Hibernate trace binds one parameter per line beside an e-mail;
a person's file named after them (an offer letter, an app's export of one user); chat speakers shown by login after
a time stamp and by full name in angle brackets; a full name in a URL's query joined by '+'; MySQL accounts
('login'@'host', a slow log's and a general log's logins) and pg_hba.conf's user column; a login after a participle
and its 'by' with a date between, in one rule for five languages; an e-mobility contract id of DIN SPEC 91286's
nine-character instance. The gazetteer reads the 1990 US Census's names the lists lacked (Whitfield, Kowalczyk,
Marchetti): a chat login made of one, a full name in a query.

And what stays: a SQL literal under a thing's column, Python's comparisons, a pg_hba line for all users, the
system's own accounts, a program after "by", a charge point's EVSE id, a chat line of a program's words, a data
file named for words, English words that read as an initial and a census surname ("lunch", "artist"). The values
here are our own."""

from __future__ import annotations

import pytest

from coatcheck import Masker, Policy

from .spans import covered, touched


@pytest.fixture(scope="module")
def masker() -> Masker:
    return Masker(policy=Policy.builtin("agent"))


_BINDER = ("2025-02-11 09:12:40.101 DEBUG 311 --- [nio-8080-exec-4] org.hibernate.SQL : insert into patron "
           "(id, given_name, family_name, email) values (?, ?, ?, ?)\n"
           "2025-02-11 09:12:40.104 TRACE 311 --- [nio-8080-exec-4] o.h.t.d.sql.BasicBinder : binding parameter [1] as "
           "[BIGINT] - [90211]\n"
           "2025-02-11 09:12:40.104 TRACE 311 --- [nio-8080-exec-4] o.h.t.d.sql.BasicBinder : binding parameter [2] as "
           "[VARCHAR] - [Ilaria]\n"
           "2025-02-11 09:12:40.104 TRACE 311 --- [nio-8080-exec-4] o.h.t.d.sql.BasicBinder : binding parameter [3] as "
           "[VARCHAR] - [Pellegrini]\n"
           "2025-02-11 09:12:40.104 TRACE 311 --- [nio-8080-exec-4] o.h.t.d.sql.BasicBinder : binding parameter [4] as "
           "[VARCHAR] - [t.quartavolle@posteo.de]\n")
_BINDER6 = ("TRACE o.h.orm.jdbc.bind : binding parameter (1:VARCHAR) <- [Gisela]\n"
            "TRACE o.h.orm.jdbc.bind : binding parameter (2:VARCHAR) <- [Brenneisen]\n"
            "TRACE o.h.orm.jdbc.bind : binding parameter (3:VARCHAR) <- [+49 151 22334455]\n")


@pytest.mark.parametrize("text,value", [
    ("LOG:  duration: 812.3 ms  statement: SELECT * FROM anagrafe WHERE cognome ILIKE 'Quartararo%' LIMIT 5",
     "Quartararo"),
    ('SELECT "auth_user"."id" FROM "auth_user" WHERE "auth_user"."username" = \'tquartavolle\' LIMIT 21',
     "tquartavolle"),
    ("UPDATE members SET email = 'o.brenneisen@posteo.de', telefono = '+39 347 118 2290' WHERE id = 7", "+39 347 118 2290"),
    ("SELECT id FROM customers WHERE last_name = 'Hochgatterer' AND first_name = 'Wendelin';", "Hochgatterer"),
    ('{"attributes":{"first_name":{"value":"Eliodoro"},"last_name":{"value":"Brenneisen"}}}', "Eliodoro"),
    ('{"attributes":{"first_name":{"value":"Eliodoro"},"last_name":{"value":"Brenneisen"}}}', "Brenneisen"),
    ("  customerNo: '551902',\n  name: { first: 'Ottilie', last: 'Quartavolle' },\n", "Ottilie"),
    ("  customerNo: '551902',\n  name: { first: 'Ottilie', last: 'Quartavolle' },\n", "Quartavolle"),
    (_BINDER, "Ilaria"),
    (_BINDER, "Pellegrini"),
    (_BINDER6, "Gisela"),
    ("exports/kenji_watanabe.json", "watanabe"),
    ("[09:14] villalobos.a: la clienta llamó otra vez", "villalobos.a"),
    ("Subject: Please sign: Offer_Letter_Wendelin_Hochgatterer.pdf", "Wendelin"),
    ("Subject: Please sign: Offer_Letter_Wendelin_Hochgatterer.pdf", "Hochgatterer"),
    ("$ wc -l ~/Downloads/runtrack_export_giulia_ferrari_2025-01.ndjson", "giulia"),
    ("[11:02] tomasinaq: the export still shows the old phone\n[11:04] eliodorob: checking", "tomasinaq"),
    ("[10:14] <Ottilie Brenneisen> see you at the booth at two", "Ottilie Brenneisen"),
    ('10.1.2.3 - - [03/Mar/2025:10:00:01 +0100] "GET /rsvp/confirm?name=Wendelin+Hochgatterer&seats=2 HTTP/1.1"',
     "Wendelin+Hochgatterer"),
    ("mysql> GRANT SELECT ON crm.* TO 'mmarchetti'@'10.4.%';", "mmarchetti"),
    ("# Time: 2025-01-07T03:11:19.004Z\n# User@Host: tquartav[tquartav] @  [198.51.100.23]  Id: 4411\n", "tquartav"),
    ("2025-01-07T03:11:19.004Z\t  88 Connect\twhochgat@198.51.100.23 on crm using SSL/TLS", "whochgat"),
    ('LOG:  pg_hba.conf line 12: "hostssl crm obrenneis 198.51.100.0/24 scram-sha-256"', "obrenneis"),
    ('stringData:\n  note: "rotated 2025-01-30 by tomasina.q"\n', "tomasina.q"),
    ("# Token decoded by o.brenneisen while debugging the webhook", "o.brenneisen"),
    ("Ticket geschlossen von kmarchetti2", "kmarchetti2"),
    ('"CDR0001","2025-02-01T10:00:00Z","DE*ABC*E100200*1","DE*XYZ*QK4T7PLMR","Ottilie B."', "DE*XYZ*QK4T7PLMR"),
    ("#support-emea\n\nswhitfield  09:33\nOn it, called her back.\n", "swhitfield"),
    ("[10:02] mmarchetti: ¿the refund went out?\n", "mmarchetti"),
    ('"GET /book/confirm?name=Ilaria+Kowalczyk&email=x HTTP/1.1"', "Ilaria+Kowalczyk"),
])
def test_found(masker: Masker, text: str, value: str) -> None:
    assert covered(masker, text, value), value


@pytest.mark.parametrize("text,value", [
    ("SELECT * FROM products WHERE name = 'Widget Pro' AND status = 'active'", "Widget Pro"),
    ("if name == 'admin' and user == 'root':\n    pass", "admin"),
    ("host    all             all             127.0.0.1/32            md5", "all"),
    ("GRANT ALL PRIVILEGES ON *.* TO 'root'@'localhost';", "root"),
    ("# User@Host: app[app] @ localhost []  Id: 5", "app"),
    ("Payload decoded by base64 before parsing", "base64"),
    ("Connection reset by peer", "peer"),
    ("Added by default in every template", "default"),
    ("[09:13] build: ok\n[10:42] deploy: done in 3s", "build"),
    ("[10:22:31] <Main Thread> starting server", "Main Thread"),
    ("/search?name=Quick+Start+Guide&page=2", "Quick"),
    ("$ python load.py data/train_test_split.json", "train"),
    ('{"position":{"value":"Backend Engineer"},"first_name":{"value":"string"}}', "Backend Engineer"),
    ("#random\n\nlunch  12:30\nback soon\n", "lunch"),
    ("US-NYC-WAREHOUSE shipped; EU-FRA-K8SPROD01 drained", "US-NYC-WAREHOUSE"),
    ("[09:00] django.request: Internal Server Error at /api", "django.request"),
    ("ban sent by fail2ban; report generated by allure-pytest; wheel renewed by flake8", "fail2ban"),
    ("ban sent by fail2ban; report generated by allure-pytest; wheel renewed by flake8", "allure-pytest"),
    ('10.0.0.6 - healthcheck [10/Oct/2024:13:55:36 -0700] "GET /health HTTP/1.1" 200 2', "healthcheck"),
    ("host    all    metabase    10.0.0.0/8    md5", "metabase"),
    ("GRANT ALL ON db1.* TO 'myuser'@'%';", "myuser"),
    ("name: { first: 'First', last: 'Last' }", "Last"),
    ("see docs/ada_lovelace.html and slides/Donald_Knuth.pdf", "lovelace"),
    ("see docs/ada_lovelace.html and slides/Donald_Knuth.pdf", "Knuth"),
    ("#design\n\nartist  10:42\nnew mockups are up\n", "artist"),
])
def test_kept(masker: Masker, text: str, value: str) -> None:
    assert not touched(masker, text, value), value
