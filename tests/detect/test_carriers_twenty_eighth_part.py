"""Agent traffic, twenty-eighth part (issues 23, 24): where a name and a document stand in a file's name (an identity
check's uploads, a sleep study, an exported audiogram), in capitals or beside a surname no list holds; an identity
document's number that a record types first (an identity check's JSON, an export's type cell); a card holder on a
payment terminal's log; a message's party on an SMS line; British and American addresses in capitals, with a unit or
with the postcode alone; a headerless CSV row (grep's match, a file's first line, a tool result's row); a member
number in a box-drawn table whose header is centred; and a live setting under a commented-out documentation example.
And what stays: a licence file, a report's words in a file name, a date after "sms to=", a documented example. The
values here are our own."""

from __future__ import annotations

import pytest

from coatcheck import Masker

from .spans import covered, touched


@pytest.mark.parametrize("text,value", [
    # an identity check's upload folder: surname in capitals, given name, the document's word, its number
    ("$ ls -l /srv/club/uploads/id-checks/2026-04/\n"
     "-rw-r----- 1 www-data www-data  612072 Apr 14 15:57 OKONJO_Freya_licence_OKONJ961192F95JY.pdf\n", "OKONJO"),
    ("-rw-r----- 1 www-data www-data  612072 Apr 14 15:57 OKONJO_Freya_licence_OKONJ961192F95JY.pdf\n", "Freya"),
    ("-rw-r----- 1 www-data www-data  612072 Apr 14 15:57 OKONJO_Freya_licence_OKONJ961192F95JY.pdf\n",
     "OKONJ961192F95JY"),
    ("-rw-r----- 1 app app 565818 Apr 15 11:24 Marchetti_Giulia_passaporto_YA1234567.png\n", "YA1234567"),
    ("-rw-r----- 1 app app 565818 Apr 15 11:24 Marchetti_Giulia_passaporto_YA1234567.png\n", "Marchetti"),
    # a sleep study and an audiogram named after their patient
    ("2025-11-21 10:42:22 [INFO ] study PSG_HOFFMANN_ANNA_20250905.edf written\n", "HOFFMANN"),
    ("2025-11-21 10:42:22 [INFO ] Audiogram exported to C:\\Export\\Kowalski_Marta_20251121.xml\n", "Kowalski"),
    # an identity check's result: the document's type, then its number
    ('{"documentType":"PASSPORT","issuingCountry":"GB","documentNumber":"553018274","personalNumber":""}', "553018274"),
    ('{"documentType":"DRIVING_LICENCE","issuingCountry":"US","documentNumber":"D4417093"}', "D4417093"),
    ("TX-88101,2024-05-17,LHR-T5,Agnes Varga,PASSPORT,HN7720193,2934.00,USD", "HN7720193"),
    ("Customer's ID checked (driving licence): MORGA753116SM9IJ", "MORGA753116SM9IJ"),
    # a payment terminal's card holder in capitals
    ('op=auth pan=**** exp=11/28 holder="OKSANA MELNYK" amount=272.00', "OKSANA MELNYK"),
    # a message's party on an SMS line, as its country writes it
    ('msg="reminder sent" channel=sms to=312.825.4471 patient_ref=P-2201', "312.825.4471"),
    ('msg="reminder sent" channel=sms to=0113 751 2290 job=j2', "0113 751 2290"),
    # addresses in capitals, with a unit, with an ordinal street, with a postcode and no town
    ("003 HA-729124   DEMIR SIPHO   19791216  77 ASPEN CT #4, BOULDER, CO 80301       26,97", "77 ASPEN CT #4, BOULDER, CO 80301"),
    ("950 E 21ST ST, APT 2C, TULSA, OK 74114     245,09", "950 E 21ST ST, APT 2C, TULSA, OK 74114"),
    ("004 SLP-151493  WRIGHT POPPY  19581013  82 HAWTHORN GROVE, EDINBURGH EH9 1QG   166,29",
     "82 HAWTHORN GROVE, EDINBURGH EH9 1QG"),
    ("we have 14 St Aidan's Close, LS6 2QT on file", "14 St Aidan's Close, LS6 2QT"),
    # a headerless CSV row: grep's match, and the same inside a tool's JSON result (a surname the lists lack too)
    ('{"content":"348:45998691,Leilani,Kahale,lk@mailbox-one.co.uk,Honolulu,HI\\n349:45998692,Kofi,Mensah,'
     'km@mailbox-one.co.uk,Accra,GH"}', "Mensah"),
    ("340:76561190000000001,Marcus,Brennan,mb@mailbox-one.co.uk,+1 (604) 555-0143,11 Elm Grove Manchester M14 5SX",
     "Brennan"),
    ('{"type":"tool_result","content":"348:45998691,Leilani,Achterberg,la@mailbox-one.co.uk,0402 621 889,4 Rue Vaux\\n"}',
     "Leilani"),
    # a box-drawn table's member number under its centred header
    ("┌────┬────────────┬───────────┬──────────────┐\n│ id │ first_name │ last_name │  member_no   │\n"
     "├────┼────────────┼───────────┼──────────────┤\n│ 1  │ Callum     │ MacLeod   │ FIS-25472472 │\n"
     "│ 2  │ Marcus     │ Abernathy │ 627027       │\n└────┴────────────┴───────────┴──────────────┘\n", "627027"),
    # a member number with a check letter in a member_no column
    (" id | first_name | email | member_no\n----+------------+-------+----------\n 1 | Hannah | hp@mailbox-one.co.uk | IW-3521-A\n",
     "IW-3521-A"),
    # a member's number in a key=value field beside the member's name
    ('event=checkin member=30841651 name="Ji-woo Park" door=main', "30841651"),
    # a date of birth given as the answer to a chat's question for it
    ("[05/01/2025, 11:57:30] Clinic: Can you confirm your date of birth for the file?\n"
     "[05/01/2025, 11:58:30] Ingrid Tal: 13.01.1964\n", "13.01.1964"),
    # a field named for a thing's person is the person's
    ('{"ticket_assignee": "pnair7", "status": "open"}\n{"ticket_assignee": "akumar92", "status": "closed"}', "pnair7"),
    # a login under its holder's role: a desk's agent, a dispatch's driver, a note's agent in parentheses
    ("Ticket PF-2201 | 2025-03-23 | agent: tobiask77\n\nPupil Hannah Adeyemi called", "tobiask77"),
    ('pickup="Viale Monza 10, 40126 Bologna" pax_tel="3300690274" driver_id=rossim4 fare_est=15.29', "rossim4"),
    ("Note interne (agent lbernard) : le lien de suivi", "lbernard"),
    # the login a laptop is named after, in a DHCP lease
    ("dhcpd[31219]: DHCPACK on 10.155.39.207 to 1c:e2:c4:9a:88:c4 (quillfeather-laptop) via eth0", "quillfeather"),
    # a number given with the verb that uses it
    ("[12/10/2025, 08:13] Dispatch: Booked, we'll text 07843 283144 when the van leaves", "07843 283144"),
    ("Richiamare al 3261771281 o scrivere a mail", "3261771281"),
    # an interpreter's register number, a census enumerator's id
    ("Ich bin allgemein beeidigt (Dolmetscher-Nr. 39535). Bitte", "39535"),
    ('{"subject_email":"lh@mailbox-one.co.uk","nrpsi_no":"29466"}', "29466"),
    ("GET /api/v2/household_members?enumerator_id=ENU475558&page=2", "ENU475558"),
    # a date of birth in a row with a name and a national number
    ("RB-403994;Adeyemi;Zeynep;05/12/1961;DYMZNP61T45H501U;2025-10-15", "05/12/1961"),
    # a data frame's row in a notebook's JSON output, under a "name" header: a name the lists lack
    ('"text": "       elector_no                   name              phone\\n0  KW7-1519  Oksana Shevchenko  020 7949 2435\\n"',
     "Oksana Shevchenko"),
    # a card's security code as a command's flag
    ("$ ./bin/pay_fees.py --matter DE102020023589 --card 4934 9916 8975 5257 --cvv 369", "369"),
    # a name the lists lack under a sign-off formula
    ("Mi DNI es X2365103J.\n\nUn saludo,\nAinhoa\n\n--\nSent via webform", "Ainhoa"),
    ("Tel. +41 76 054 40 87\n\nFreundliche Grüsse\nD. Petrović\n", "Petrović"),
    # a live setting under the documentation's example, commented out
    ("APP_ENV=production\n# example from docs, not used:\n# GITHUB_TOKEN=ghp_exampleexampleexampleexample0000\n"
     "GITHUB_TOKEN=ghp_R8k2Lm9QwErTyUiOpAsDfGhJkLzXcVbNm123\n", "ghp_R8k2Lm9QwErTyUiOpAsDfGhJkLzXcVbNm123"),
    ("APP=1\n# example from the docs: AWS_ACCESS_KEY_ID=AKIAIOSFODNN7EXAMPLE\n"
     "GITHUB_TOKEN=ghp_R8k2Lm9QwErTyUiOpAsDfGhJkLzXcVbNm123\n", "ghp_R8k2Lm9QwErTyUiOpAsDfGhJkLzXcVbNm123"),
])
def test_masked(masker: Masker, text: str, value: str) -> None:
    assert covered(masker, text, value)


@pytest.mark.parametrize("text,value", [
    ("-rw-r--r-- 1 me me 100 Jan 1 LICENSE_v2.pdf\n-rw-r--r-- 1 me me 100 Jan 1 Grace_Hopper_Award.pdf\n", "Grace_Hopper_Award"),
    ("-rw-r--r-- 1 me me 100 Jan 1 MAX_SIZE_CONFIG.xml\n", "MAX_SIZE_CONFIG"),
    ("-rw-r--r-- 1 me me 100 Jan 1 apache_license_20240131.pdf\n", "20240131"),
    ("sms batch from=2024-01-02 to=2024-01-05", "2024-01-05"),
    ("sms to=20261130091455 queued", "20261130091455"),
    ('lock holder="worker-3" acquired', "worker-3"),
    ("etcd member=8e9e05c52164694d name=etcd-2", "8e9e05c52164694d"),
    ('{"ts":"2025-01-02T10:00:00Z","job_id":"KB-83457","user":"dvogel"}\n{"ts":"2025-01-02T10:01:00Z","job_id":"KB-68438"}',
     "KB-83457"),
    ("What is the dob field for?\nrelease: 2024-05-01", "2024-05-01"),
    # a headerless CSV row's tools, products and words are no names
    ("ticket,4471,jsmith@mailbox-one.co.uk,Jenkins,Kafka,Redis,Timeout,Retry", "Jenkins"),
    ("2024-05-01,jsmith@mailbox-one.co.uk,Chrome,Windows,Stripe,Visa,USD,Completed", "Stripe"),
    # an SMS line's timestamps and sizes
    ("sms stats window from=1714567890 to=1714571490", "1714567890"),
    # a lock's holder, a design asset, an infrastructure member, a file named for its subject
    ('lock holder="Celery Beat" acquired', "Celery Beat"),
    ("handler: main", "main"),
    ("DHCPACK on 10.1.2.3 to aa:bb:cc:dd:ee:ff (office-pc) via eth0", "office"),
    ("text 2 of 3", "2"),
    ("Cheers,\nMaintainers", "Maintainers"),
    ("Regards,\nEngineering", "Engineering"),
    ("-rw-r--r-- 1 me me 100 Jan 1 mockups/onboarding_passport_STEP03.png", "STEP03"),
    ("memberlist: event=join member=10023456 name=node-3", "10023456"),
    ("-rw-r--r-- 1 me me 100 Jan 1 Sarah_Onboarding.pdf\n-rw-r--r-- 1 me me 100 Jan 1 Floyd_Warshall.pdf", "Warshall"),
    # a commented setting inside a fenced documentation example
    ("For example, your `.env` could look like this:\n\n```bash\n# DEBUG=true enables verbose logs\n"
     "API_TOKEN=k7Hq2LmX9pRt4VwZ8nBc3DfG\n```\n", "k7Hq2LmX9pRt4VwZ8nBc3DfG"),
    ('{"documentType":"PASSPORT","documentNumber":"PENDING"}', "PENDING"),
    ("Order,Active,Product,ops@mailbox-one.co.uk,Blue,Large", "Active"),
    # a documented example framed as one keeps its value readable
    ("# Example\nGITHUB_TOKEN=ghp_R8k2Lm9QwErTyUiOpAsDfGhJkLzXcVbNm123\n", "ghp_R8k2Lm9QwErTyUiOpAsDfGhJkLzXcVbNm123"),
])
def test_kept(masker: Masker, text: str, value: str) -> None:
    assert not touched(masker, text, value)
