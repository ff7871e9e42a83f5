"""Agent traffic, twenty-second part (issues 23 and 24): parish, parking, music-school, funeral, allotment, scouting
and choir carriers. A people table's column headed by a number word and any noun but a thing's (Envelope No,
n_candidato, Umschlag-Nr) holds each person's number; plates after VRM-style labels and on a plate reader's line;
parking fines' notice numbers; group invitations and fundraising pages; a postcode in a sentence; a RUN_AS slot;
a handle of initials and a birth year after "@". And what stays readable:
an order's or a seat's number column, a number column of a table that holds no person, a camera's id on a plate
reader's line, a fleet's "Vehicle", a community's vanity invite, an amount with spaces between its thousands. The
values here are our own."""

from __future__ import annotations

import pytest

from coatcheck import Masker

from .spans import found


@pytest.mark.parametrize("text,value", [
    ("Envelope No,Donor,Email\n412,Rowan Pike,rp@mailbox.test\n", "412"),
    ("id_pupil,surname,name,n_candidato,email\nQ1,Rossi,Ada,55120934,ada@mailbox.test\n", "55120934"),
    ("Umschlag-Nr;Spender;IBAN\nU-731;Berg, Jana;DE89370400440532013000\n", "U-731"),
    ("N.º voluntario\tNombre\tTeléfono\nV-33120\tLucía Prieto\t+34 612 345 678\n", "V-33120"),
    ("member_id;name;email\nCH-5521;Ada Moretti;ada@mailbox.test\n", "CH-5521"),
])
def test_a_people_tables_number_column_holds_a_persons_number(masker: Masker, text: str, value: str) -> None:
    assert found(masker, text).get(value) == "account"


@pytest.mark.parametrize("text,value", [
    ("Order No,Customer,Email\n77812,Rowan Pike,rp@mailbox.test\n", "77812"),
    ("Seat No,Guest,Email\n114,Rowan Pike,rp@mailbox.test\n", "114"),
    ("Build No,Branch,Status\n4471,main,passed\n", "4471"),
    ("Envelope No,Donor,Email,Total\n412,Rowan Pike,rp@mailbox.test,1072.99\n", "1072.99"),
])
def test_a_things_number_column_or_a_table_of_no_person_stays(masker: Masker, text: str, value: str) -> None:
    assert value not in found(masker, text)


@pytest.mark.parametrize("text,value,category", [
    ("PCN: QX40917733\nVRM: KT21 XLB\n", "QX40917733", "account"),
    ("PCN: QX40917733\nVRM: KT21 XLB\n", "KT21 XLB", "account"),
    ("Segundo vehículo: 5521 KBD", "5521 KBD", "account"),
    ("2025-03-02T10:11:12Z anprd: cam=CAM-41 read=LR69 KTD conf=0.91", "LR69 KTD", "account"),
    ("Tarjeta sanitaria: CCCC551204478812", "CCCC551204478812", "account"),
    ("Candidate number: 512/331/9020", "512/331/9020", "account"),
    ("see https://chat.whatsapp.com/Hq3mKz81PqLxTr5VbN2wYc for the rota", "https://chat.whatsapp.com/Hq3mKz81PqLxTr5VbN2wYc", "url"),
    ("donate at https://www.justgiving.com/page/ada-moretti-2024", "https://www.justgiving.com/page/ada-moretti-2024", "url"),
    ("joined in May, postcode LS7 3QB", "LS7 3QB", "address"),
    ("docker run -e RUN_AS=ada.moretti img:1.0", "ada.moretti", "username"),
    ("Lucía (insta @lp1994)", "lp1994", "username"),
    ("From Monday the padlock code on the Mill Lane gate is 4417.", "4417", "secret"),
    ("Ab 2025-07-11 lautet der Code am Tor 6631.", "6631", "secret"),
    ("Envelope No,Donor,Sort code\n412,Rowan Pike,20-41-77\n", "20-41-77", "account"),
])
def test_values_the_twenty_second_part_reads(masker: Masker, text: str, value: str, category: str) -> None:
    assert found(masker, text).get(value) == category


@pytest.mark.parametrize("text,value", [
    ("2025-03-02T10:11:12Z anprd: cam=CAM-41 read=LR69 KTD conf=0.91", "CAM-41"),
    ("Site      : Bredbury\nVehicle   : MV71 IRY\nHaulier   : Acme Waste\n", "MV71 IRY"),
    ("Join https://discord.gg/python for help", "https://discord.gg/python"),
    ("Montant total : 683 438 646 €", "683 438 646"),
    ("Lucía (insta @lp1994)", "insta"),
    ("the code for the door module is 2024 lines long", "2024"),
])
def test_what_the_twenty_second_part_keeps(masker: Masker, text: str, value: str) -> None:
    assert value not in found(masker, text)
