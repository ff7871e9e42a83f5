"""Agent traffic, nineteenth part (issues 23 and 24): identity checks (machine-readable zones by their widths and
check digits, document numbers a JSON object names by its parent or its type), energy and charging (supply points,
meters, RFID tags, EIDs, P1 telegrams, supply EANs), vehicles' plates, SIM batches (Ki, OPc, PINs), eSIM activation
codes, card track data, a login with its RADIUS realm, key=@handle, a parameter's name/value elements, reservation
names (SURNAME/GIVEN), Concordance load files, the staff a record names in five languages; and what stays readable:
a thing's field (a manufacturer, a job title), a RADIUS accounting counter, an invoice's document number, a file a
command reads. The values here are our own."""

from __future__ import annotations

import pytest

from coatcheck import Masker
from coatcheck.detect.mrz import MrzDetector, check_digit
from coatcheck.detect.nested_fields import NestedFieldDetector

from .spans import found


def _td3_numbers(doc: str, nat: str, dob: str, sex: str, exp: str) -> str:
    line = f"{doc}{check_digit(doc)}{nat}{dob}{check_digit(dob)}{sex}{exp}{check_digit(exp)}{'<' * 14}0"
    return line + str(check_digit(line[0:10] + line[13:20] + line[21:43]))


NAMES_TD3 = "P<NORHALVORSEN<<INGRID<MARIT".ljust(44, "<")
NUMBERS_TD3 = _td3_numbers("PX4417093", "NOR", "790214", "F", "330905")


def test_mrz_check_digit_follows_doc_9303() -> None:
    # ICAO Doc 9303 part 3's worked example: document number L898902C3 has check digit 6
    assert check_digit("L898902C3") == 6
    assert len(NAMES_TD3) == len(NUMBERS_TD3) == 44


def test_a_passport_zone_is_masked_line_by_line(masker: Masker) -> None:
    text = f"$ python -m passporteye.mrz scan_0042.jpg\n{NAMES_TD3}\n{NUMBERS_TD3}\n"
    got = found(masker, text)
    assert got.get(NAMES_TD3) == "person"
    assert got.get(NUMBERS_TD3) == "account"
    assert "scan_0042.jpg" not in got


def test_an_identity_card_zone_of_three_lines() -> None:
    lines = [f"I<SVKAB7730215{check_digit('AB7730215')}".ljust(30, "<"),
             f"880612{check_digit('880612')}M310409{check_digit('310409')}SVK".ljust(29, "<") + "2",
             "NOVAKOVA<<ZUZANA".ljust(30, "<")]
    assert [len(line) for line in lines] == [30, 30, 30]
    zone = "\n".join(lines)
    assert [(zone[s.start:s.end], s.category) for s in MrzDetector().detect(zone)] == [
        (lines[0], "account"), (lines[1], "account"), (lines[2], "person")]


def test_a_number_line_alone_needs_its_check_digits() -> None:
    assert [s.category for s in MrzDetector().detect(f'"mrz_line2": "{NUMBERS_TD3}"')] == ["account"]
    broken = NUMBERS_TD3[:9] + str((int(NUMBERS_TD3[9]) + 1) % 10) + NUMBERS_TD3[10:]
    assert MrzDetector().detect(f'"mrz_line2": "{broken}"') == []


@pytest.mark.parametrize("text", [
    "A" * 44 + "\n" + "B" * 44,
    "padding = '" + "<" * 44 + "'",
    "0123456789" * 4 + "ABCD",
])
def test_lines_that_only_have_a_zone_s_width_stay(text: str) -> None:
    assert MrzDetector().detect(text) == []


@pytest.mark.parametrize("text,value", [
    ('{"verification":{"person":{"nationality":"PT"},"document":{"number":"CC7720551","type":"ID_CARD","country":"PT"}}}',
     "CC7720551"),
    ('{"properties": {"document_type": "passport", "issuing_country": "IRL",\n'
     '  "document_numbers": [\n    {"type": "document_number", "value": "PE2250418"}\n  ]}}', "PE2250418"),
    ('{"passport": {"no": "YB0931274", "expires": "2031-02-01"}}', "YB0931274"),
    ('[{"type": "RESIDENCE_PERMIT", "value": "RP88410932"}]', "RP88410932"),
])
def test_a_document_number_named_by_its_parent_or_its_type(masker: Masker, text: str, value: str) -> None:
    assert found(masker, text).get(value) == "passport"


@pytest.mark.parametrize("text", [
    '{"invoice": {"document": {"number": "RF88120455", "date": "2026-03-01"}}}',
    '{"type": "invoice", "number": "INV2026004711"}',
    '{"document": {"number": "DOC4471", "pages": 3}}',
])
def test_a_document_number_outside_an_identity_check_stays(text: str) -> None:
    assert NestedFieldDetector().detect(text) == []


@pytest.mark.parametrize("text,value", [
    ("octopus_mprn: 7410226315", "7410226315"),
    ('[2,"55102","StartTransaction",{"connectorId":2,"idTag":"04A7C2E91B","meterStart":1200}]', "04A7C2E91B"),
    ("Zählpunkt: DE0004402115700000000000001188420", "DE0004402115700000000000001188420"),
    ("codice POD IT001E99120031, cliente dal 2019", "IT001E99120031"),
    ("point de livraison : 30012455871266", "30012455871266"),
    ("número de contador: 5520918377", "5520918377"),
    ('"contract_id": "NL-TNM-C00442190-K"', "NL-TNM-C00442190-K"),
    ("0-0:96.1.1(4B384547303034303436333935353037)", "4B384547303034303436333935353037"),
    ("# EAN 871685900000546779", "871685900000546779"),
    ("iccid=8944500112233445566 eid=89033024000000000000000112233445", "89033024000000000000000112233445"),
])
def test_supply_points_meters_and_charging_cards(masker: Masker, text: str, value: str) -> None:
    assert found(masker, text).get(value) == "account"


@pytest.mark.parametrize("text,value", [
    ('"vehicle": {"plate": "GX-771-PL", "make": "Renault"}', "GX-771-PL"),
    ("Kennzeichen: M-KL 5521\n", "M-KL 5521"),
    ("targa: FN 418 ZB", "FN 418 ZB"),
    ("Immatriculation : EK-052-TR", "EK-052-TR"),
    ("matrícula 4821 KLD, seguro a terceros", "4821 KLD"),
])
def test_a_vehicle_plate_after_its_label(masker: Masker, text: str, value: str) -> None:
    assert found(masker, text).get(value) == "account"


def test_a_sim_batch_file(masker: Masker) -> None:
    text = ("ICCID,IMSI,MSISDN,Ki,OPc,PIN1,PUK1,ADM1\n"
            "8944501020304050607,234501020304050,447700900123,9F21C07B7A114E35A0D2B6C64C2E8D11,"
            "0B7D3C5E21A9F4E68D9C3B2A1F0E4D5C,5821,70442158,39905718\n")
    got = found(masker, text)
    for value in ("9F21C07B7A114E35A0D2B6C64C2E8D11", "0B7D3C5E21A9F4E68D9C3B2A1F0E4D5C", "5821", "70442158", "39905718"):
        assert got.get(value) == "secret", value
    assert got.get("447700900123") == "phone"


def test_an_esim_activation_code(masker: Masker) -> None:
    assert found(masker, "scan this: LPA:1$rsp.mnodemo.net$K7QX-22PD-91LM-ZT40").get(
        "LPA:1$rsp.mnodemo.net$K7QX-22PD-91LM-ZT40") == "secret"


def test_a_card_s_track_two(masker: Masker) -> None:
    assert found(masker, "[pos] swipe raw: ;4539148803436467=29121010000000000000?").get(
        ";4539148803436467=29121010000000000000?") == "card"


@pytest.mark.parametrize("text,value", [
    ('\tUser-Name = "mvidal@fibra"', "mvidal@fibra"),
    ("WANPPPConnection.1.Username=tkoenig77@adsl Password=x", "tkoenig77@adsl"),
    ("2026-05-02 lead.created referrer=@oskar-lind campaign=spring", "oskar-lind"),
    ("Analyste : p.garnier", "p.garnier"),
    ("Prüfung abgeschlossen, geprüft von mwerner_2 am 03.02.2026.", "mwerner_2"),
    ("Sin incidencias. Revisado por jl.ortega.", "jl.ortega"),
    ("2026-04-01T10:00:00Z\tscan\t7713\tstaff=rkaplan4", "rkaplan4"),
])
def test_logins_named_by_their_field_or_their_phrase(masker: Masker, text: str, value: str) -> None:
    assert found(masker, text).get(value) == "username"


@pytest.mark.parametrize("header,login", [
    ("ID;Name;Ergebnis;Bearbeiter", "hkessler"),
    ("Candidate,Email,Interviewer,Slot", "tom.ashby"),
    ('"Codice","Esito","Compilato da"', "g.ferri"),
])
def test_a_staff_column_holds_logins(masker: Masker, header: str, login: str) -> None:
    sep = header[2] if header[2] in ";," else ","
    row = sep.join(["R-1182", "Maren Solberg", "maren.s@mailbox.example", login][-header.count(sep) - 1:])
    assert found(masker, f"{header}\n{row}\n").get(login) == "username"


def test_a_parameter_s_name_and_value_elements(masker: Masker) -> None:
    text = ("<ParameterValueStruct><Name>InternetGatewayDevice.LANDevice.1.WLANConfiguration.1.KeyPassphrase</Name>"
            "<Value>Nordlys!7745</Value></ParameterValueStruct>\n"
            "<ParameterValueStruct><Name>InternetGatewayDevice.DeviceInfo.SoftwareVersion</Name>"
            "<Value>7.57</Value></ParameterValueStruct>")
    got = found(masker, text)
    assert got.get("Nordlys!7745") == "secret"
    assert "7.57" not in got
    assert found(masker, "<CustPswd><Pswd>Brina_5512kq</Pswd></CustPswd>").get("Brina_5512kq") == "secret"


def test_reservation_names_and_a_document_column(masker: Masker) -> None:
    text = ("ResNr|Gast|Anreise|Zimmer|Ausweis\n"
            "55120|MORETTI/LUCA|2026-03-02|214|YA7720193\n"
            "55121|OKAFOR/CHIDI|2026-03-03|118|A08831264\n")
    got = found(masker, text)
    assert got.get("MORETTI/LUCA") == got.get("OKAFOR/CHIDI") == "person"
    assert got.get("YA7720193") == "passport"
    assert "2026-03-02" not in got and "214" not in got


def test_a_concordance_load_file(masker: Masker) -> None:
    text = ("þBEGDOCþ\x14þCUSTODIANþ\x14þFROMþ\x14þDATESENTþ\n"
            "þACME0001201þ\x14þLindgren, Astridþ\x14þastrid.lindgren@postur.nordvik.noþ\x14þ02/11/2025þ\n")
    got = found(masker, text)
    assert any(v.startswith("Lindgren, Astrid") and c == "person" for v, c in got.items())
    assert got.get("astrid.lindgren@postur.nordvik.no") == "email"  # the thorns that quote it stay
    assert "ACME0001201" not in got and "02/11/2025" not in got


def test_a_form_s_fields_side_by_side(masker: Masker) -> None:
    got = found(masker, "  Nom : DURAND   Prénom : Sophie\n  Adresse : 12 rue Victor Hugo, 69002 Lyon\n")
    assert got.get("DURAND") == got.get("Sophie") == "person"
    assert not any("Prénom" in v for v in got)


@pytest.mark.parametrize("text,kept", [
    ('"primaryModule": {"manufacturerName": "Meyer Burger", "modelName": "White 410"}', "Meyer Burger"),
    ('{"jobs": [{"id": 3301, "title": "Ingegnere DevOps"}]}', "Ingegnere DevOps"),
    ('\tAcct-Session-Id = "5E0A44C1"', "5E0A44C1"),
    ("curl -F file=@report.pdf -F meta=@meta.json https://upload.example.net", "report"),
])
def test_what_stays_readable(masker: Masker, text: str, kept: str) -> None:
    assert not any(kept in v or v in kept for v in found(masker, text))


def test_an_owner_s_device_and_a_real_session_id_are_still_masked(masker: Masker) -> None:
    assert found(masker, '"deviceName": "iPhone von Matthias"').get("iPhone von Matthias") == "person"
    assert found(masker, "sessionid=9c4e1f07a2b84d6e93f05c7d1e2a8b64").get("9c4e1f07a2b84d6e93f05c7d1e2a8b64") == "secret"
