"""Fixed-width records and the key and birth-date columns of tables of people (issue 23: context beats format).

A batch file's detail records cut by their gutters, by a layout line or by a header; a register's key column and its
dates of birth where the rows hold people, whatever the header says; a person's folder and the date of birth a file's
name carries after the name. And what stays: a log's dates in order, a
listing's times, PIDs beside logins, an order's and a ticket's numbers, a catalogue with no people, a database's
counting row ids. The values here are our own."""

from __future__ import annotations

import pytest

from coatcheck import Masker, Policy

from .spans import covered, touched


@pytest.fixture(scope="module")
def masker() -> Masker:
    return Masker(policy=Policy.builtin("agent"))


_BATCH = ("H 70412 ZQ9           20260311        MAR26\n"
          "D 5531  704127730184K QUIRKE          ANSELM      M  19840317  3120\n"
          "D 8806  704120918457T HOLLANDER       OTTILIE     F  19710922  3120A\n"
          "D 2274  704126651030B LINDQVIST       BRONAGH     F  20020604  4471\n"
          "D 9013  704128827316W VUKOVIC         TEODOR      M  19651128  3120\n"
          "T 0000004\n")

_LAYOUT = ("# layout: rec(1) ref(14) last(20) first(14) dob(8) amount(10)\n"
           "DRFX-55310184  QUIRKE              ANSELM        198403170000125677\n"
           "DRFX-88060917  HOLLANDER           OTTILIE       197109220000644412\n"
           "DRFX-22740365  LINDQVIST           BRONAGH       200206040000038692\n")

_RANGES = ("* Kestrel Physio – batch B551203  layout: 1-8 id, 9-38 name, 39-49 date_of_birth, 50-69 phone\n"
           "55310184QUIRKE ANSELM                 03/17/1984 617.555.0142\n"
           "88060917HOLLANDER OTTILIE             22 Sep 1971 617.555.0177\n"
           "22740365LINDQVIST BRONAGH            1962-06-04 617.555.0190\n")

_GLUED = ("REF         NAME                      DOB             IBAN                              AMT\n"
          "KSF-5531-018QUIRKE ANSELM             19840317        DE44500105175407324931            22.50\n"
          "KSF-8806-091HOLLANDER OTTILIE         19710922        DE89370400440532013000            130.00\n"
          "KSF-2274-365LINDQVIST BRONAGH        20020604        DE02120300000000202051            66.00\n")


@pytest.mark.parametrize("text,values", [
    # detail records between a header and a trailer: the names, the dates of birth, the issuer's numbers
    (_BATCH, ["QUIRKE", "ANSELM", "19840317", "704127730184K", "HOLLANDER", "OTTILIE", "19710922", "704128827316W"]),
    # a layout's widths cut the glued date from the amount
    (_LAYOUT, ["QUIRKE", "ANSELM", "19840317", "DRFX-55310184", "BRONAGH", "20020604"]),
    # a layout's ranges: the id glued to the name
    (_RANGES, ["QUIRKE ANSELM", "03/17/1984", "22 Sep 1971", "HOLLANDER OTTILIE"]),
    # a header over glued fields: the name after its reference
    (_GLUED, ["QUIRKE ANSELM", "HOLLANDER OTTILIE", "19840317", "20020604"]),
    # a people table's key column, whatever its header says
    ("household | name | phone\n-----------+------+------\n"
     " HX-55310 | Anselm Quirke | +44 7700 900142\n HX-88061 | Ottilie Hollander | +44 7700 900177\n"
     " HX-22749 | Bronagh Lindqvist | +44 7700 900190\n", ["HX-55310", "HX-88061", "HX-22749"]),
    ("nucleo;nome;telefono\n5531;ZQ-77301;Anselm Quirke;+39 347 555 0142\n", []),
    # a fixed-width register's dates of birth under no header, people on every row
    ("KS 0142  Anselm Quirke          14 Mar 1984   anselm.q@quillmail.net\n"
     "KS 0177  Ottilie Hollander      02 Nov 1966   mhollander@quillmail.net\n"
     "KS 0190  Bronagh Lindqvist     21 Jul 1990   perpetua.d@quillmail.net\n",
     ["14 Mar 1984", "02 Nov 1966", "21 Jul 1990"]),
    # a person's folder in a folder of people's records; a surname that is a place's name too, beside a first name
    ("rsync: send_files failed to open /srv/clienti/Ferrante_Ottilie/modulo_privacy.pdf: Permission denied",
     ["Ferrante", "Ottilie"]),
    ("-rw-r----- 1 scan staff 88211 Mar  4 09:12 Preventivo_Lindqvist_Anselm.pdf", ["Lindqvist", "Anselm"]),
    ("-rw-r----- 1 scan staff 88211 Mar  4 09:12 Contratto_Toledo_Ottilie.pdf", ["Toledo", "Ottilie"]),
    # a date of birth glued after the name in a file's name
    ("-rw-r----- 1 scan staff 591132 Mar 14 13:16 VUKOVIC_Teodor_1971-09-22_intake.jpg", ["1971-09-22"]),
])
def test_masked(masker: Masker, text: str, values: list[str]) -> None:
    masked = masker.mask(text).text
    for value in values:
        assert covered(masker, text, value), (value, masked)
    assert masker.restore(masked) == text


@pytest.mark.parametrize("text,kept", [
    # a log's dates in order beside its authors: history, no birthdays
    ("a1b2c3d  2009-03-01  Anselm Quirke      anselm.q@quillmail.net\n"
     "b2c3d4e  2010-07-14  Ottilie Hollander  mhollander@quillmail.net\n"
     "c3d4e5f  2011-02-09  Anselm Quirke      anselm.q@quillmail.net\n"
     "d4e5f6a  2012-11-30  Bronagh Lindqvist perpetua.d@quillmail.net\n"
     "e5f6a7b  2013-05-05  Anselm Quirke      anselm.q@quillmail.net\n",
     ["2009-03-01", "2011-02-09", "2013-05-05"]),
    # a listing's dates with their times
    ("Anselm Quirke    anselm.q@quillmail.net   2009-03-01 10:14  report.pdf\n"
     "Ottilie Hollander mhollander@quillmail.net 2004-07-14 08:02  notes.txt\n"
     "Bronagh Lindqvist perpetua.d@quillmail.net 2011-02-09 17:45  draft.odt\n", ["2009-03-01", "2004-07-14"]),
    # an order's numbers beside their customers
    ("order_id | customer | email\n----------+----------+------\n"
     " 5531018 | Anselm Quirke | anselm.q@quillmail.net\n 8806091 | Ottilie Hollander | mhollander@quillmail.net\n",
     ["5531018", "8806091"]),
    # a database's counting row ids beside people
    (" 41200 | Anselm Quirke | anselm.q@quillmail.net\n 41207 | Ottilie Hollander | mhollander@quillmail.net\n"
     " 41214 | Bronagh Lindqvist | perpetua.d@quillmail.net\n", ["41200", "41207", "41214"]),
    # a catalogue in fixed width: no people, nothing masked
    ("SKU-55310184  OAK COFFER            19840317  134.00\n"
     "SKU-88060917  BRASS CLOCK           19710922  801.00\n"
     "SKU-22740365  TEA CADDY             20020604  592.00\n", ["OAK COFFER", "BRASS CLOCK", "19840317"]),
    # ps: PIDs beside logins
    ("USER         PID %CPU %MEM    VSZ   RSS TTY      STAT START   TIME COMMAND\n"
     "aquirke  3318204  0.0  0.1  21964  5312 pts/0    Ss   09:14   0:00 -bash\n"
     "mholland 3318977  0.3  1.2 812344 48120 pts/1    Sl+  09:15   0:02 python app.py\n", ["3318204", "3318977"]),
    # a recent date in a file's name is the scan's; a folder of exports is no one's
    ("-rw-r----- 1 scan staff 591132 Mar 14 13:16 VUKOVIC_Teodor_2025-03-14_intake.jpg", ["2025-03-14"]),
    ("cd /srv/customers/Data_Export/ && ls /home/users/Release_Notes/", ["Data_Export", "Release_Notes"]),
    ("aws s3 sync /data/clients/North_America/ s3://exports/na/ && ls /srv/clients/San_Diego/", ["North", "Diego"]),
    # a scan's date after the name, an old release's dates beside its people, a codename column, hosts greeted
    ("-rw-r----- 1 scan staff 591132 Mar 14 13:16 Vukovic_Teodor_2009-03-14_scan.pdf", ["2009-03-14"]),
    ("3e1f0a2 2012-03-14 Anselm Quirke     Merge branch 'fixes'\n9b2c4d1 2012-03-15 Ottilie Hollander Fix the build\n"
     "a7d8e9f 2012-03-09 Teodor Lindqvist  Update docs\n", ["2012-03-14", "2012-03-09"]),
    ("Version  Codename       Released\n10.15    Catalina       2019-10-07\n10.14    Mojave         2018-09-24\n"
     "10.13    High Sierra    2017-09-25\n10.12    Sierra         2016-09-20\n", ["Catalina", "Mojave", "2016-09-20"]),
    ("Hi devops2,\nthe runner is back.", ["devops2"]),
    ("Hello kafka3, are you up?", ["kafka3"]),
])
def test_kept(masker: Masker, text: str, kept: list[str]) -> None:
    masked = masker.mask(text).text
    for value in kept:
        assert not touched(masker, text, value), (value, masked)
    assert masker.restore(masked) == text
