"""Agent traffic, forty-third part (issue 23): tables that name their columns away from their rows.

A SQL tool's JSON result (the columns' names in one list, each row a list beside it: an MCP server's query result,
Databricks' and Trino's statement APIs, pandas' ``orient="split"``); a Jira or Confluence wiki table, whose header has
double pipes; a person's account number with letters among its digits beside the person's contacts; a mailing
list's own subscriber id (Mailchimp's LEID); a card's
expiry as MMYY; a smart lock's passcode and keypad-code columns. Beside them, other records that name a person
away from the name itself: an airline's name element (``1OKONKWO/CHIDIMR``), a device named for its owner
(``nquintana-thinkpad``, ``device_tracker.rodrigo_pixel_8``), an author's or an athlete's page named by their name's
slug, a ``lastname=`` query parameter in a request line, an HL7 clinician written without an id. The values here
are our own."""

from __future__ import annotations

import pytest

from coatcheck import Masker, Policy

from .spans import covered, touched


@pytest.fixture(scope="module")
def masker() -> Masker:
    return Masker(policy=Policy.builtin("agent"))


_MCP_RESULT = """{"role":"tool","tool_call_id":"call_7","content":{
  "columns": ["id", "member_no", "cardholder", "pan", "amount", "paid_on"],
  "rows": [
      [20411, "604417203", "HALVARD OYELARAN", "4539682995824395", 120.00, "2019-04-12"],
      [20412, "711290385", "PERPETUA NWACHUKWU", "5425233430109903", 95.50, "2020-11-03"]
  ]}}
"""
_DATABRICKS = """{"statement_id": "01ef-5c2a", "status": {"state": "SUCCEEDED"},
 "manifest": {"schema": {"column_count": 3, "columns": [{"name": "customer_id", "type_name": "STRING", "position": 0},
   {"name": "email", "type_name": "STRING", "position": 1}, {"name": "signup_date", "type_name": "DATE", "position": 2}]}},
 "result": {"data_array": [["CU-7730412", "ottilie.brandvold@posteo.de", "2024-01-02"],
                           ["CU-7730419", "r.akinyemi@gmx.net", "2024-01-03"]]}}
"""
_PANDAS_SPLIT = """>>> df.to_json(orient="split")
'{"columns":["Nome","Cognome","Codice fiscale"],"index":[0,1],"data":[["Ludovica","Scarpellini","SCRLDV85M41H501J"],["Aurelio","Bonfiglio","BNFRLA70A01F205Q"]]}'
"""
_CLEAN_JSON_TABLE = """{"columns": ["region", "version", "requests", "p95_ms"],
 "rows": [["eu-west-1", "2.14.0", 48210, 183.5], ["us-east-2", "2.14.1", 51877, 176.0]]}
"""
_JIRA = """h3. Affected voters
|| # || Name || Email || Voter ID ||
| 1 | Casimir Okonjo | casimir.okonjo@pm.me | V8403316 |
| 2 | Edda Sveinsdottir | edda.sveins@outlook.com | V2270954 |
"""
_JIRA_CLEAN = """|| Component || Version || Owner team ||
| gateway | 4.2.1 | platform |
| billing | 1.18.0 | payments |
"""
_LETTERED = """account_number,customer_name,read_date,reading_kwh,email
B-9C3E1175,Maelle Quenneville,2025-02-19,16341.4,m.quenneville@orange.fr
B-47D0A2E8,Thaddeus Oyelowo,2025-02-20,8113.8,thaddeus.o@btinternet.com
"""
_MAILCHIMP = """Email Address,First Name,Last Name,MEMBER_RATING,OPTIN_TIME,LAST_CHANGED,LEID,EUID,NOTES,TAGS
wilhelmina.osei@posteo.de,Wilhelmina,Osei,4,2023-05-02 10:11:12,2023-05-02 10:11:12,503318772,7f3a9c04be,,"press"
"""


_APIS = """Nachname;Vorname;Geburtsdatum;Dokumentnummer;Ablaufdatum;PNR
WOJCIECHOWSKA;HALINA;03/06/1979;C4KTN7XR2;2029-10-20;QW7K2D
"""
_PAYMENTS = """{"columns": ["id", "member_no", "cardholder", "pan", "exp_mmyy", "amount"],
 "rows": [[88, "311290481", "OSWIN ACHTERBERG", "4539682995824395", "0428", 120.00]]}
"""
_LOCK_GUESTS = """name,email,passcode,valid_from,valid_to,type
Rosalind Achebe,rosalind.achebe@posteo.de,58210493,2025-08-10 14:00,2025-08-12 10:00,once
"""
_LOCK_LOG = """Date;Heure;Porte;Utilisateur;Action;Déclencheur;Code clavier
16.04.2025;10:03;Porte d'entrée;Gaëlle Ferrandiz;Déverrouiller;Clavier;730914
"""
_PNL = """PNL
VJ2320/23SEP FRA PART1
-NRT004Y
1OKONKWO/CHIDIMR
.L/WZDQJ4
1WOJCIECHOWSKA/HALINAMRS
ENDPNL
"""
_PNL_CLEAN = """1TCP/IP
2GET/POST
"""
_SAP = """Dokumentnummer;Belegdatum;Betrag;Kreditor
4500012345;2025-03-01;1200,00;Schrauben Huber GmbH
"""
_EUID = """Company,EUID,Country
Alpenwerk SA,FR7501.123456789,FR
"""
_SALESFORCE = """"Account ID","Account Name","Phone","Industry"
"0015g00000XyZ12AAB","Brightwater Logistics","+44 20 7946 0321","Transport"
"""
_GRAFANA = """{"frames": [{"schema": {"fields": [{"name": "time"}, {"name": "email"}, {"name": "phone"}, {"name": "username"}]},
  "data": {"values": [[1700000060000, 1700000120000, 1700000180000, 1700000240000], ["2024-01-02", "2024-01-03", "2024-01-04", "2024-01-05"], [1700000120000, 1, 2, 3], ["v1.2.4", "v1.2.5", "v1.2.6", "v1.2.7"]]}}]}
"""
_SERIALIZER = """{"serializer": {"fields": ["id", "username", "email"]}, "stats": {"data": [["GET", "/api/users", "200"], ["POST", "/api/login", "401"]]}}
"""
_TYPES = """{"columns": ["first_name", "last_name", "email"], "rows": [["string", "string", "string"]]}
"""
_FONTS = """203.0.113.7 - - [12/Nov/2025:11:19:27 +0200] "GET /css?family=Lato HTTP/1.1" 200 812 "-" "Mozilla/5.0"
"""
_CODE = """company_phone = models.CharField(max_length=32)
"cordova-android": "^12.0.1",
"""
_HL7_DEPT = ("MSH|^~\\&|LIMS|LAB|EHR|HOSP|20241020||ORU^R01|123|P|2.5.1\r"
             "OBR|1||93388747-G1|81479^Unlisted molecular pathology|||20241020||||||||LAB^Laboratory^^^\r")
_LEASES = """lease 192.168.178.43 {
  starts 4 2025/09/18 06:34:52;
  client-hostname "nquintana-thinkpad";
}
"""
_TRACKER = """2025-09-18 07:16:00.551 INFO (MainThread) [homeassistant.components.person] Ingrid Kerbrat (person.ingrid) is now home (device_tracker.ingrids_iphone)
{"source": "device_tracker.rodrigo_pixel_8", "attributes": {"friendly_name": "Rodrigo Ilunga"}}
"""
_TRACKER_CLEAN = """sensor.kitchen_phone_charger: on
device_tracker.work_phone: home
"""
_BYLINE = """<span class="byline">Von</span>
  <a rel="author" href="https://www.example-kurier.de/autor/friederike-demirtas/">Friederike Demirtaş</a>
<tr><td>2</td><td><a href="/athletes/fatou-ndiaye-1083">Fatou Ndiaye</a></td><td>W35</td></tr>
"""
_ACCESS_LOG = """203.0.113.9 - - [12/Nov/2025:11:19:27 +0200] "GET /en/manage-booking?pnr=Q7XK2D&lastname=ABERNATHY HTTP/2.0" 404 31835 "-" "Mozilla/5.0"
"""
_HL7 = ("MSH|^~\\&|LIMS|LAB|EHR|HOSP|20241020||ORU^R01|123|P|2.5.1\r"
        "OBR|1||93388747-G1|81479^Unlisted molecular pathology|||20241020|||||||||Wojcik^Halina^^^DR\r")


@pytest.mark.parametrize(("text", "value"), [
    (_PAYMENTS, "0428"),
    (_LOCK_GUESTS, "58210493"),
    (_LOCK_LOG, "730914"),
    (_PNL, "1OKONKWO/CHIDIMR"),
    (_PNL, "1WOJCIECHOWSKA/HALINAMRS"),
    (_LEASES, "nquintana-thinkpad"),
    (_TRACKER, "ingrids_iphone"),
    (_TRACKER, "rodrigo_pixel_8"),
    (_BYLINE, "friederike-demirtas"),
    (_BYLINE, "fatou-ndiaye-1083"),
    (_ACCESS_LOG, "ABERNATHY"),
    (_HL7, "Wojcik^Halina"),
    (_MCP_RESULT, "604417203"),
    (_MCP_RESULT, "711290385"),
    (_MCP_RESULT, "HALVARD OYELARAN"),
    (_DATABRICKS, "CU-7730412"),
    (_DATABRICKS, "CU-7730419"),
    (_DATABRICKS, "ottilie.brandvold@posteo.de"),
    (_PANDAS_SPLIT, "Scarpellini"),
    (_PANDAS_SPLIT, "SCRLDV85M41H501J"),
    (_JIRA, "V8403316"),
    (_JIRA, "V2270954"),
    (_JIRA, "Casimir Okonjo"),
    (_LETTERED, "B-9C3E1175"),
    (_LETTERED, "B-47D0A2E8"),
    (_MAILCHIMP, "503318772"),
])
def test_masked(masker: Masker, text: str, value: str) -> None:
    assert covered(masker, text, value)


@pytest.mark.parametrize(("text", "value"), [
    (_APIS, "2029-10-20"),
    (_SAP, "4500012345"),  # a business document's number, no identity document's
    (_EUID, "FR7501.123456789"),  # a company's EU register id
    (_SALESFORCE, "0015g00000XyZ12AAB"),  # a company account's id beside the company's phone
    (_GRAFANA, "1700000060000"),  # a data frame's columns of values, not rows
    (_GRAFANA, "v1.2.4"),
    (_SERIALIZER, "200"),  # a list of lists elsewhere in the document is no table's rows
    (_TYPES, "string"),  # a schema's types under an e-mail column
    (_FONTS, "Lato"),
    (_CODE, "company_phone"),
    (_CODE, "cordova-android"),
    (_HL7_DEPT, "LAB^Laboratory"),    (_LOCK_GUESTS, "2025-08-10 14:00"),
    (_LOCK_LOG, "Clavier"),
    (_PNL, "VJ2320/23SEP"),
    (_PNL_CLEAN, "1TCP/IP"),
    (_PNL_CLEAN, "2GET/POST"),
    (_TRACKER_CLEAN, "kitchen_phone_charger"),
    (_TRACKER_CLEAN, "work_phone"),
    (_BYLINE, "autor"),
    (_BYLINE, "athletes"),
    (_MCP_RESULT, "20411"),  # the table's own row id
    (_MCP_RESULT, "2019-04-12"),
    (_MCP_RESULT, "120.00"),
    (_DATABRICKS, "2024-01-02"),
    (_DATABRICKS, "01ef-5c2a"),
    (_CLEAN_JSON_TABLE, "eu-west-1"),
    (_CLEAN_JSON_TABLE, "2.14.0"),
    (_CLEAN_JSON_TABLE, "48210"),
    (_JIRA_CLEAN, "gateway"),
    (_JIRA_CLEAN, "platform"),
    (_JIRA_CLEAN, "4.2.1"),
    (_LETTERED, "2025-02-19"),
    (_LETTERED, "16341.4"),
])
def test_kept(masker: Masker, text: str, value: str) -> None:
    assert not touched(masker, text, value)


@pytest.mark.parametrize("text", [_MCP_RESULT, _DATABRICKS, _PANDAS_SPLIT, _JIRA, _LETTERED, _MAILCHIMP, _APIS, _PAYMENTS,
                                  _LOCK_GUESTS, _LOCK_LOG, _PNL, _LEASES, _TRACKER, _BYLINE, _ACCESS_LOG, _HL7])
def test_round_trip(text: str) -> None:
    m = Masker(policy=Policy.builtin("agent"))
    masked = m.mask(text)
    assert masked.text != text and m.restore(masked.text) == text


_KUSTO = """{"Tables": [{"TableName": "Table_0", "Columns": [{"ColumnName": "customer_name", "DataType": "String"},
 {"ColumnName": "member_no", "DataType": "String"}, {"ColumnName": "tags", "DataType": "Dynamic"}],
 "Rows": [["Halvard Oyelaran", "604417203", ["vip"]], ["Perpetua Nwachukwu", "711290385", []]]}]}
"""


@pytest.mark.parametrize("value", ["604417203", "711290385"])
def test_json_table_cells_after_a_nested_cell(masker: Masker, value: str) -> None:
    """A list in a cell is no value of its column: the row, and the rows after it, are still read."""
    assert covered(masker, _KUSTO, value)


@pytest.mark.parametrize("text", [
    '{"columns": ' + "[" * 3000 + "]" * 3000 + "}",
    '{"columns":[' * 500 + "1" + "]}" * 500,
    '{"columns":["id","customer_name","email"],"rows":[[1,"Halvard Oyelaran","h.oye\ud800laran@posteo.de"]]}',
    '"columns": [' * 20000,
])
def test_json_tables_never_raise_on_odd_input(text: str) -> None:
    """Deep nesting, a lone surrogate, a run of unclosed lists: the detector finds nothing there or skips the cell;
    masking goes on (it never raises)."""
    from coatcheck.detect.json_tables import JsonTableDetector

    spans = JsonTableDetector().detect(text)
    assert all("\ud800" not in text[s.start:s.end] for s in spans)
