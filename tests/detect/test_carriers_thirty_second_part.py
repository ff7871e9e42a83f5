"""Agent traffic, thirty-second part (issue 23): a file an agent's reader numbered line by line (its columns line up
after the numbers), a column named for a role's login or for the person who reviews, reports or asks, a log field
named for a person's name, a person's number on the line of their login, a key column of an issuer's initials and
digits or under a credential's word, an HTML table's header row, a GEDCOM birth's estimated year, a column of dates
of birth in a CSV whose rows do not line up with its header, in a SQL dump's rows or under a header whose last word
says so, a diving brevet given as "il mio brevetto", a member's number handed to a command, a household's number, a
named person's name glued into a file's name, a full name under a JSON key naming the person's role, a passport's
number in a sentence or a scan's file name, a capability link's key under an access word.

And what stays: a results table's age classes, a placeholder account's e-mail after "user", a push endpoint's host
beside its key, a cloud account beside a deploy login, a TSV's own first column of numbers, a column of join dates,
a dump's recent dates and an order's dates, a TLS certificate's serial or strength, counts handed to a command, an
issue key or a ServiceNow number after a name, a mailing list's public id, a fixture's short passport-like name, a
file named with a surname alone, a team under a recipient's key, a passport library's version, a packed expiry date,
a video's start time, a SQL dump's book barcodes. The values here are our own."""

from __future__ import annotations

import pytest

from coatcheck import Masker, Policy

from .spans import covered, touched


@pytest.fixture(scope="module")
def masker() -> Masker:
    return Masker(policy=Policy.builtin("agent"))


_READ_RESULT = ('{"type": "tool_result", "content": "     1→patron_id,borrower,item_barcode,due\\n'
                '     2→20031187745,\\"Lindqvist, Maren\\",39015066211234,2026-01-09\\n'
                '     3→20031190412,\\"Achterberg, Joost\\",39015071187020,2026-01-12\\n"}')
_CAT_N = ("     1\tmember_no\tname\tjoined\n     2\t88412907\tTeodora Vasquez\t2021-04-02\n"
          "     3\t88419156\tBertil Ahlgren\t2019-11-17\n")
_REVIEWS = ("| PR | Reviewer | State |\n|---|---|---|\n| #4410 | quillfeather | APPROVED |\n"
            "| #4412 | j_okonkwo | CHANGES_REQUESTED |\n| #4415 | tamsin.oyelaran | COMMENTED |\n")
_REPORTS = ("+--------+---------------+-------------+\n| id     | reported_user | reporter    |\n"
            "+--------+---------------+-------------+\n| R-1101 | mossgrove_77  | lerwick.ana |\n"
            "| R-1102 | dunmore_ke    | peatfire21  |\n+--------+---------------+-------------+\n")
_VISITS = ("visitor_name      host_login   badge\n----------------  -----------  -----\n"
           "Orla Fennimore    pkastelic    V-0921\nIvo Radecki       hsandoval    V-0922\n")
_CERTS = ("dive,site,buddy,buddy_cert\n41,Stoney Cove,Maren Solberg,CMAS 77310452\n"
          "42,Vobster Quay,Ilari Rautio,SSI 40981177\n43,Capernwray,Dagny Holm,PADI 6620518\n")
_LICENCES = ("<table>\n<thead><tr><th>Rider</th><th>Club</th><th>Licence</th></tr></thead>\n<tbody>\n"
             "<tr><td>Ottilie Brandvold</td><td>VC Nord</td><td>K7730915</td></tr>\n"
             "<tr><td>Casimir Wendt</td><td>RSV Tal</td><td>M1049283</td></tr>\n"
             "<tr><td>Aurelia Fontaine</td><td>UC Lac</td><td>P5581027</td></tr>\n</tbody>\n</table>\n")
_PANEL = ("household,first_name,last_name,date_of_birth,address\n"
          "HX4471902,Mirela,Dragomir,1961-03-07,14 Alder Row, Dundee DD2 1QT\n"
          "HX4471933,Tobiah,Leclercq,1988-09-15,2 Quarry Lane, Perth PH1 5RB\n"
          "HX4471958,Sunniva,Rask,11/23/1979,7 Mill Wynd, Forfar DD8 3AA\n")
_DUMP = ("INSERT INTO `members` VALUES (7710,'Halldóra Jónsdóttir','hjons@fjallpost.is','1958-10-30','2026-02-01'),\n"
         "(7711,'Casimir Wendt','c.wendt@posteo.de','1994-01-19','2026-02-03'),\n"
         "(7712,'Philippa Ormerod','pormerod@btinternet.com','1983-06-02','2026-02-04');\n")
_ORDERS = ("Order,Sku,Billing Name,Email,Shipping Address,Note Attributes DOB\n"
           'S-10293,KIT-A1,Ottilie Brandvold,obrandvold@proton.me,"9 Elm St, Salem, OR 97301",1990-12-04\n'
           'S-10294,KIT-B2,Gustavo Iturbe,giturbe@fastmail.com,"41 Oak Ave, Bend, OR 97701",1972-05-21\n'
           'S-10295,KIT-A1,Henrike Wallenstein,hwall@gmx.de,"3 Pine Ct, Eugene, OR 97401",2001-08-30\n')
_LEAGUE = ("POS BOWLER                    AVG  ID-NO\n--- ------------------------- ---- ----------\n"
           "  1 Henrike Wallenstein        201 5531-08127\n  2 Gustavo Iturbe             188 6120-44903\n"
           "  3 Philippa Ormerod           176 7049-21385\n")


@pytest.mark.parametrize("text,value", [
    (_READ_RESULT, "20031187745"),
    (_READ_RESULT, "20031190412"),
    (_CAT_N, "88412907"),
    (_CAT_N, "88419156"),
    (_REVIEWS, "quillfeather"),
    (_REVIEWS, "j_okonkwo"),
    (_REPORTS, "mossgrove_77"),
    (_REPORTS, "peatfire21"),
    (_VISITS, "pkastelic"),
    ('2026-03-02T08:11:40Z action=booking centre=CV-07 patient_nom="Lefebvre" patient_prenom="Gaspard" slot=09:30',
     "Lefebvre"),
    ('2026-03-02T08:11:40Z action=booking centre=CV-07 patient_nom="Lefebvre" patient_prenom="Gaspard" slot=09:30',
     "Gaspard"),
    ("Mar 02 06:10:44 spin-04 ridebike[771]: session start user=halvorsen_k member=730418862 class=RIDE-45",
     "730418862"),
    ('10.0.4.4 - - "GET /badges/confirm?email=rune.vik%40fjordpost.no&badge=B44107 HTTP/1.1" 200', "B44107"),
    (_CERTS, "CMAS 77310452"),
    (_CERTS, "PADI 6620518"),
    (_LICENCES, "K7730915"),
    (_LICENCES, "P5581027"),
    (_LEAGUE, "5531-08127"),
    ("0 @I4@ INDI\n1 NAME Wendeline /Haugaard/\n1 BIRT\n2 DATE ABT 1948\n", "ABT 1948"),
    (_PANEL, "1961-03-07"),
    (_PANEL, "11/23/1979"),
    (_DUMP, "1958-10-30"),
    (_DUMP, "1983-06-02"),
    (_ORDERS, "1990-12-04"),
    ("il mio brevetto Nitrox è SSI 30417729, potete inserirlo?", "SSI 30417729"),
    ("Mon brevet FFESSM est le B-61-204417. Pouvez-vous le saisir ?", "B-61-204417"),
    ("$ clubadm renew --member 5521907 --dry-run", "5521907"),
    ("Haushalt HH5520417: Herr Brandt hat angerufen, das Messgerät blinkt.", "HH5520417"),
    ("Customer Mirela Dragomir got /results/2026/03/dragomir_mirela_LIPID.pdf, which is not hers.", "dragomir_mirela"),
    ('Sunniva Rask: "file_path": "/srv/club/logbooks/logbook_sunnivarask_2026.csv"', "sunnivarask"),
    ('{"@timestamp":"2026-03-02T09:00:00Z","lane":4,"shooter":"Tobiah Leclercq"}', "Tobiah Leclercq"),
    ("I showed my passport (551830274) at the front desk.", "551830274"),
    ("Mon passeport porte le numéro 18KX40377.", "18KX40377"),
    ("grep hit: uploads/rask_sunniva/passport_551830274.jpg: binary file matches", "551830274"),
    ("Referto: https://referti.laboratorio-esempio.it/accesso?accesso=Q7mZp2VxL9kRt4WnB8yHc3Jd",
     "Q7mZp2VxL9kRt4WnB8yHc3Jd"),
    ("https://tools.example-forge.net/#user/resetpassword?token=Zr8Kq2LmX4vNp7TwB9sYd3Fh6JcQ", "tools.example-forge.net"),
])
def test_masked(masker: Masker, text: str, value: str) -> None:
    masked = masker.mask(text).text
    assert covered(masker, text, value), masked
    assert masker.restore(masked) == text


_ORDER_DUMP = ("INSERT INTO orders (id, customer, email, order_date, total) VALUES "
               "(1001,'Maria Lopez','maria.lopez@corpmail.com','2003-02-11',19.99),\n"
               "(1002,'Jan Novak','jnovak@mailbox.cz','1989-07-30',5.00),\n"
               "(1003,'Ana Ruiz','ana.ruiz@correo.es','2014-11-02',7.50);\n")
_HISTORY = ("name,email,joined\nOttilie Brandvold,obrandvold@proton.me,2009-04-01\n"
            "Gustavo Iturbe,giturbe@fastmail.com,2011-06-12\nHenrike Wallenstein,hwall@gmx.de,2013-02-27\n"
            "Casimir Wendt,c.wendt@posteo.de,2014-09-09\nPhilippa Ormerod,pormerod@btinternet.com,2015-11-30\n")
_LOANS = ("INSERT INTO `loans` VALUES (1,'20031187745','Lindqvist, Maren','39015066211234','2026-01-09'),\n"
          "(2,'20031190412','Achterberg, Joost','39015071187020','2026-01-12'),\n"
          "(3,'20031193385','Okonjo, Ifeoma','39015079930218','2026-01-15');\n")
_CLASSES = ("CLASS   STARTERS  FINISHERS  MEDIAN\nM20       141         98  4:02:11\nW20        77        120  4:11:50\n"
            "M40       203        187  4:20:02\nW40       119         96  4:31:44\nM60        58         51  5:02:19\n")


@pytest.mark.parametrize("text,value", [
    (_CLASSES, "M20"),
    (_CLASSES, "W40"),
    ("-- seed user for staging only: trainer@example.com / changeme", "trainer"),
    ("uplink POST https://results.timingbox.example/push?key=5f0c1e9a77d24b1c8e3a9d0f6b2c4e81 status=200",
     "results.timingbox.example"),
    ("2026-03-02 deploy user=deploy account=123456789012 region=eu-west-1 tenant_id=55443322", "55443322"),
    ("n_ecrou\tnom\tprenom\n402211\tDUVAL\tSolène\n", "nom"),
    ('2026-03-02T08:11:40Z service=catalog name="Grafana" version=11.2.0', "Grafana"),
    (_HISTORY, "2009-04-01"),
    (_DUMP, "2026-02-01"),
    ("my TLS cert is 4f3a9b2c11d0e5, it expired", "4f3a9b2c11d0e5"),
    ("./seed --member-count 25000 --players 40000", "25000"),
    ("fixed by Jane Doe (CORE-1234) last week", "CORE-1234"),
    ("Assigned to Priya Raman (INC0012345) on Monday", "INC0012345"),
    ("my certificate is DigiCert 2048 bit, is that enough?", "2048"),
    ("my cert is RSA 4096, renew it", "4096"),
    (_ORDER_DUMP, "2003-02-11"),
    ('<form action="https://acme.us1.list-manage.com/subscribe/post?u=3f2a9c8b7d6e5f4a3b2c1d0e9&amp;id=1a2b3c4d5e">',
     "acme.us1.list-manage.com"),
    ("./load --runner 250000 --player 100000", "250000"),
    ("tests/fixtures/passport_600600.jpg", "600600"),
    ("John Smith edited src/flat_pages/default.html and smith_2024.log", "flat_pages"),
    ('{"sender": "Release Bot", "recipient": "Platform Team"}', "Platform Team"),
    ("passport-jwt 4.0.1 is installed", "4.0.1"),
    ("Passport expires 20310302, renew it", "20310302"),
    ("https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42s", "42s"),
    (_LOANS, "39015066211234"),
])
def test_kept(masker: Masker, text: str, value: str) -> None:
    assert not touched(masker, text, value)
