"""Agent traffic, twenty-fourth part (issue 23): a person's own numbers in the record that names them (a log line, a
JSON object, an XML element, a block of "Label: value" lines), a people table's card, certificate and registration
columns, HTML tables, logins in a column that names the person alone, French keys without their accents, shops
named after their owner, and the model's addresses only where something vouches for them. The values here are our
own."""

from __future__ import annotations

import pytest

from coatcheck import Masker

from .spans import found


@pytest.mark.parametrize("text,value,category", [
    # a log line: the holder's word, a credential's word, "id" before or after a role
    ('2026-01-04T08:12:40 [donor] DEFERRAL donor=61720394 name="Greta Lindholm" reason="Hb low"', "61720394", "account"),
    ("2026-02-11T19:02:11+01:00 door=Cellar badge=7A1C93E2 user=lindholm.g name=\"Greta Lindholm\" result=DENIED",
     "7A1C93E2", "account"),
    ('[11/03/2026 12:40:01] DELIVERY order=ZX-448120 courier="Pavel Novák" id_courier=K5581034 bag=ok', "K5581034",
     "account"),
    ("Chauffeur: ODILE MARCHAND  card=F330914458210700  drive=6h10", "F330914458210700", "account"),
    # a JSON object with a person's name: its keys, whatever the object hangs under
    ('{"host": {"nom": "Odile Marchand", "email": "om@mailbox.test", "desk_member_id": 77120945}}', "77120945", "account"),
    ('{"technician": {"name": "Pavel Novák", "gas_safe_reg": "613082", "licence_card": "4410297"}}', "613082", "account"),
    # an XML element: a child's attribute, a bare number word in an element named for a person
    ("<Worker>\n  <FullName>Pavel Novák</FullName>\n  <Course name=\"BOSIET\" cert=\"5519027741\"/>\n</Worker>",
     "5519027741", "account"),
    ("<socio numero=\"551902\" alta=\"2024-02-01\">\n  <nombre>Greta Lindholm</nombre>\n</socio>", "551902", "account"),
    # a block of Label: value lines, a TOML section
    ("Operaio: Pavel Novák (pnovak)\nPatentino n.: QRT/448102\nFori: 31\n", "QRT/448102", "account"),
    ('[driver]\nname = "Odile Marchand"\ncpc_number = "Y551029"\n', "Y551029", "account"),
    # a people table's certificate and card columns, an HTML table
    ("name,employer,cscs_card,mobile\nPavel Novák,Acme Build,5510293384,+44 7700 900123\n", "5510293384", "account"),
    ("<table>\n<tr><th>Run</th><th>Driver</th><th>Staff no</th><th>Depot</th></tr>\n"
     "<tr><td>31</td><td>Greta Lindholm</td><td>70418</td><td>North</td></tr>\n</table>", "70418", "account"),
    ("<tr><th>Name</th><th>E-mail</th></tr>\n<tr><td>Greta Lindholm</td><td><a href=\"mailto:gl@mailbox.test\">"
     "gl@mailbox.test</a></td></tr>", "Greta Lindholm", "person"),
    # a column that names the person alone holds their login too; a schema's key without its accents
    ("Sale,Date,Employee,Total\n51020,2026-01-02,lindholm_g,12.00\n", "lindholm_g", "username"),
    ("INSERT INTO `clients` (`id`,`nom`,`cree_par`) VALUES\n(7,'Marchand','omarchand4');\n", "omarchand4", "username"),
    ("Estimate: 120,00\nBooked in by: lindh80\n", "lindh80", "username"),
    ("Accettato da: odile_marchand\n", "odile_marchand", "username"),
    # a column named for the person who works the row (a call centre's agent, an operator, a seller)
    ("calldate,src,dst,agent,disposition\n2026-01-14 16:34:29,0515229398,260,greta_lindholm,ANSWERED\n",
     "greta_lindholm", "username"),
    ("id;operatore;esito\n1;paulafer66;ok\n", "paulafer66", "username"),
    ("# maintained by gl1983 - do not commit real values\n", "gl1983", "username"),
    ("# gepflegt von lindholm_g – echte Werte nicht einchecken\n", "lindholm_g", "username"),
    # an identity document under its key, a register's acronym on a form's line, a people table's bare "registration"
    ('agecheck[51]: order=#5510 result=PASS name="Greta Lindholm" dob=1971-02-02 doc=PP K7RB55QXW ip=203.0.113.8',
     "PP K7RB55QXW", "account"),
    ("  Name: Pavel Novák  GOC: 01-55102  OPL: OPL550291\n", "OPL550291", "account"),
    ("id\tname\tregistration\tmobile\nS1\tGreta Lindholm\tPH551029\t07700 900551\n", "PH551029", "account"),
    # a YAML list of people, a short badge number, DOMAIN\\login, a list of people under a plural key
    ("drivers:\n  - name: Greta Lindholm\n    licence: D5510293\n", "D5510293", "account"),
    ('badge=4420 name="Greta Lindholm" door=Cellar', "4420", "account"),
    ("09.04.2026 12:45:55   4624  CLINIC\\lindh_g  RECEP-01", "CLINIC\\lindh_g", "username"),
    ('{"participants": [{"name": "greta_l80"}, {"name": "pnovak.dev"}]}', "pnovak.dev", "username"),
    # an .env or compose line's key whose value holds brackets and signs (a Django key)
    ("services:\n  web:\n    environment:\n      - DJANGO_SECRET_KEY=k2j(%*^cz9@*fk85py+np0#@x!q\n      - DEBUG=0\n",
     "k2j(%*^cz9@*fk85py+np0#@x!q", "secret"),
    ("APP_SECRET_KEY=abc(def)ghi-jkl+mno*pqr^stu=vwx@yz0123456\n", "abc(def)ghi-jkl+mno*pqr^stu=vwx@yz0123456", "secret"),
    # a multipart form's fields, by their names (an HTTP dump)
    ('------X\r\nContent-Disposition: form-data; name="date_of_birth"\r\n\r\n1981-02-02\r\n------X\r\n'
     'Content-Disposition: form-data; name="member_no"\r\n\r\n551029\r\n------X--\r\n', "1981-02-02", "birth_date"),
    ('------X\nContent-Disposition: form-data; name="member_no"\n\n551029\n------X--\n', "551029", "account"),
    # a form builder's answers: a field's label and its value in one object
    ('{"answers": [{"field": "Date de naissance", "date": "1981-02-02"}, {"field": "Téléphone", '
     '"phone_number": "03.20.55.10.29"}]}', "1981-02-02", "birth_date"),
    # a person's name with markup inside a cell; a real address the model reads without commas
    ("<table><tr><th>Driver</th><th>Staff no</th></tr>\n<tr><td>Greta <b>Lindholm</b></td><td>99164</td></tr>\n"
     "<tr><td colspan=2>Depot North</td></tr>\n<tr><td>Pavel Novák</td><td>55102</td></tr></table>", "55102", "account"),
])
def test_values_the_twenty_fourth_part_reads(masker: Masker, text: str, value: str, category: str) -> None:
    assert found(masker, text).get(value) == category


@pytest.mark.parametrize("text,value", [
    # a record's own key, things' numbers, dates, amounts, a card's last four
    ('{"reg_id":"REG551029","name":"Greta Lindholm","dob":"1980-02-02"}', "REG551029"),
    ('{"name": "Greta Lindholm", "order_no": "55102933", "invoice_no": "99120411"}', "55102933"),
    ('{"name": "Greta Lindholm", "cardSummary": "4410", "card_type": "visa"}', "4410"),
    ("Kunde: Greta Lindholm\nRahmennummer: WTU551029F\nMarke: Cube\n", "WTU551029F"),
    ("fob_holder=Greta Lindholm\nfob_id=7A1C93E2\n", "7A1C93E2"),
    ("<matchSheet matchId=\"06334329\">\n  <referee>Pavel Novák</referee>\n  <assistant>Greta Lindholm</assistant>\n"
     "</matchSheet>", "06334329"),
    ('user="Greta Lindholm" build=55102 run_id=4410293 pr_number=8812', "4410293"),
    # a table's things, a walk-in customer, a shop named after its owner, products the model reads as addresses
    ("<tr><th>Driver</th><th>Vehicle</th></tr>\n<tr><td>Greta Lindholm</td><td>837</td></tr>", "837"),
    ("Sale,Employee,Customer\n51020,lindholm_g,Walk-in\n", "Walk-in"),
    ("Deployed by: argo-cd\n", "argo-cd"),
    ("Reviewed by: ci-bot\n", "ci-bot"),
    ("Packaged by: debhelper13\n", "debhelper13"),
    ("job,agent,status\n12,ubuntu_22,ok\n13,agent-03,ok\n", "agent-03"),
    ("name,engineer,version\nx,mysql8,2\n", "mysql8"),
    ("# Backfill sha256 computed by hf_xet (needed later)\n", "hf_xet"),
    ("Data type of the field being accessed by ndarray.getfield\n", "ndarray.getfield"),
    ("Managed by: helm3\n", "helm3"),
    # a credential's word as a modifier, a log line's counters and a tenant's id beside a user's name
    ('name="Greta Lindholm" card_limit=55000 pass_rate=12345', "55000"),
    ('user="Greta Lindholm" req_no=55100 chunk_no=55102 tenant_id=55103', "55100"),
    ('user="Greta Lindholm" req_no=55100 chunk_no=55102 tenant_id=55103', "55103"),
    ('log("Error: FAILED\\nretry_count")', "retry_count"),
    ("DB_PASSWORD=$(cat /run/secrets/db)\n", "$(cat /run/secrets/db)"),
    ('{"answers": [{"field": "How did you hear about us?", "text": "a friend, 5510293"}]}', "a friend, 5510293"),
    ('------X\nContent-Disposition: form-data; name="comment"\n\nsee order 5510293\n------X\n'
     'Content-Disposition: form-data; name="upload"; filename="a.txt"\n\n551029\n------X--\n', "551029"),
    ("SECRET_KEY=${DJANGO_SECRET}\n", "${DJANGO_SECRET}"),
    ("      Orologeria Brambati\n      SCHEDA RIPARAZIONE #5510", "Orologeria Brambati"),
    ("[12/03/26, 10:05:40] Sastrería Quiroga: Hola, ya está lista.", "Sastrería Quiroga"),
    ("5510293,2026-01-13 18:45,Register 1,Greta Lindholm,gl@mailbox.test,Shimano 105 chain CN-HG601,1,103.22",
     "Shimano 105 chain CN-HG601"),
])
def test_what_the_twenty_fourth_part_keeps(masker: Masker, text: str, value: str) -> None:
    assert value not in found(masker, text)


@pytest.mark.parametrize("text,value", [
    ('{"patient": "Marta Kowalczyk 1985"}', "Marta Kowalczyk"),
    ("Reviewed-by: Ana Tienda Ruiz", "Ana Tienda Ruiz"),
    ("Mary Ann Stables called about the invoice", "Mary Ann Stables"),
])
def test_people_whose_names_look_like_shops_or_titles_stay_masked(masker: Masker, text: str, value: str) -> None:
    assert found(masker, text).get(value) == "person"


@pytest.mark.parametrize("text,value", [
    ("Lieferung an Am Lindenhof 154, bitte klingeln", "Am Lindenhof 154"),
    ("ship to: 45 Birchwood Dr Austin TX 78701", "45 Birchwood Dr Austin TX 78701"),
    ("Ship to 7360 Quailridge Ct, Tucson, AZ 85719 by Friday", "7360 Quailridge Ct, Tucson, AZ 85719"),
])
def test_the_models_addresses_with_an_address_shape_stay_masked(masker: Masker, text: str, value: str) -> None:
    assert found(masker, text).get(value) == "address"
