"""Agent traffic, twenty-third part (issues 23 and 24): ski-school, dive-school, campsite, stable, kennel, bakery,
florist and tattoo-studio carriers. Who did something (a key or a column ending in by, da, von, par, por), logins in
inline lists under people keys, SQL tuples on the lines after VALUES, a header written for either gender, a column
whose last words name a date of birth whoever's it is, a people table's vehicle column, PUK keys and staff PINs, a
keypad code's '#', Stripe-style signatures, EDIFACT UNB passwords, a message signed with a login after a dash, a
person's Pinterest boards, a licence or badge number after a person's name. And what stays readable: a key that
says how code sorts or groups, a service account in a by-key, a fleet's round sheet, a Pinterest pin, a change's or
a version's number after a name. The values here are our own."""

from __future__ import annotations

import pytest

from coatcheck import Masker

from .spans import found


@pytest.mark.parametrize("text,value,category", [
    ("[sync]\nlast_run_by = anna.kowalski\n", "anna.kowalski", "username"),
    ("pitch\tbooked_by\nA12\tmarta_l34\n", "marta_l34", "username"),
    ("contatore;piazzola;letto_da\nEHU-7680;A24;gverdi9\n", "gverdi9", "username"),
    ("[admin]\nusers = [\"rpike.f\", \"nils80\", \"root\"]\n", "rpike.f", "username"),
    ("admins: [alice.k, bob77]", "bob77", "username"),
    ("INSERT INTO pass (pass_no, holder_name, email, cashier) VALUES\n  ('01-1996-5613-2082-10', 'Rowan Pike', "
     "'rp@mailbox.test', 'noah75');\n", "noah75", "username"),
    ("INSERT INTO pass (pass_no, holder_name, email, cashier) VALUES\n  ('01-1996-5613-2082-10', 'Rowan Pike', "
     "'rp@mailbox.test', 'noah75');\n", "01-1996-5613-2082-10", "account"),
    ('"Propriétaire","Né(e) le","Email"\n"Théo Garnier","06/10/2001","tg@mailbox.test"\n', "06/10/2001", "birth_date"),
    ("booking_ref;pupil;pupil_dob;email\nSS-24694;Erik Lund;08/10/2016;el@mailbox.test\n", "08/10/2016", "birth_date"),
    ("pitch\tguest\temail\tvehicle\nB07\tOla Berg\tob@mailbox.test\tXR-551-TD\n", "XR-551-TD", "account"),
    ('{"till":"T2","tse_puk":"9820130569"}', "9820130569", "secret"),
    ("manual open lane=2 (web ui, admin pin 813988)", "813988", "secret"),
    ("Bei Nachbarn abgeben (gate code 4841#)", "4841", "secret"),
    ("webhook sig=t=1711228824,v1=" + "5be82bc81e424fc11d5156936feae8016a191fcb71eb8b21819e5e24b2ea34aa",
     "5be82bc81e424fc11d5156936feae8016a191fcb71eb8b21819e5e24b2ea34aa", "secret"),
    ("UNB+UNOC:3+4012345000009:14+4098765000003:14+250312:0615+83609+summer2024'", "summer2024", "secret"),
    ("chiedere di Lorenzo in reception. — marco91\n", "marco91", "username"),
    ("Moodboard: https://www.pinterest.com/nmorales/wedding-board/", "https://www.pinterest.com/nmorales/wedding-board/",
     "url"),
    ("Fahrer: schmidt_s", "schmidt_s", "username"),
    ("rider,dob,fei_id,club,email\nVikram Rao,1971-12-22,10150434,Club Lac,vr@mailbox.test\n", "10150434", "account"),
    ("Guardia: Emre Yılmaz (licenza 6501972736158890)", "6501972736158890", "account"),
    ("booked by your instructor Alfie Whitfield (ADI 063269).", "063269", "account"),
    ("  - Sergio Ruiz (formwork) badge W481468", "W481468", "account"),
])
def test_values_the_twenty_third_part_reads(masker: Masker, text: str, value: str, category: str) -> None:
    assert found(masker, text).get(value) == category


@pytest.mark.parametrize("text,value", [
    ("sort_by = name_last\n", "name_last"),
    ('merge_asof(trades, quotes, on="time", left_by="ticker", right_by="ticker")', "ticker"),
    ("indexed_by = col3\n", "col3"),
    ("id,name,email,org_id,campaign_id\n771,Ann Lee,al@mailbox.test,40012,88123\n", "40012"),
    ("fan_id,name,email\n40012,Ann Lee,al@mailbox.test\n", "40012"),
    ("Thanks to Anna Smith (PR 12345) and Maria Rossi (version 2.10.31)", "12345"),
    ("Anna Smith (cohort 2021) wrote the parser", "2021"),
    ("created_by: system\n", "system"),
    ("round,vehicle,depot\nR15,RM83 TML,North\n", "RM83 TML"),
    ("see https://www.pinterest.com/pin/12345678/", "https://www.pinterest.com/pin/12345678/"),
    ("fields = [\"users\", \"members\"]", "users"),
    ("users = [\"admin\", \"guest\"]", "guest"),
])
def test_what_the_twenty_third_part_keeps(masker: Masker, text: str, value: str) -> None:
    assert value not in found(masker, text)
