"""Agent traffic, eighteenth part (issues 23 and 24): healthcare messages read by position (HL7 v2 fields, X12
segments, FHIR and CDA name parts), research identifiers (ORCID iDs by their check character, CITATION.cff names),
network services' logs (squid's user field, FreeRADIUS's [user/password], FTP protocol commands, Zeek's "#fields"
tables), media metadata (GPS positions, camera serials, Apple UDIDs), a vendor's key by its generated value, a
token given as a Basic-auth user, LDIF passwords, clusters' scratch folders and job owners; and what stays readable:
message control ids and codes, a sample's id column, a record id that looks like a local number, a radtest server."""

from __future__ import annotations

import pytest

from coatcheck import Masker
from coatcheck.detect.hl7 import Hl7Detector
from coatcheck.detect.x12 import X12Detector, x12_line

from .spans import found



HL7 = ("MSH|^~\\&|LIS|CLINIC|EHR|CLINIC|20261103091500||ORU^R01|MSG-77120|P|2.5.1\r"
       "PID|1||K7730155^^^CLINIC^MR~611-40-2297^^^SSA^SS||LINDQVIST^ASTRID^MAJ||19720309|F|||Rua das Flores 88^^Porto^^4050-262^PT"
       "||^PRN^PH^^351^912345678~^NET^Internet^astrid.l@mailbox.example||||||A55120771\r"
       "PV1|1|O|CARD^12^1||||7731920455^OKONKWO^EMEKA^^^DR\r"
       "OBR|1|PL-55120|FL-88310|57021-8^CBC W Auto Differential panel^LN|||202611030815||||||||4410982736^HALVORSEN^INGRID\r"
       "OBX|1|NM|718-7^Hemoglobin^LN||13.1|g/dL|12.0-16.0|N|||F\r")


@pytest.mark.parametrize("value,category", [
    ("K7730155", "account"), ("LINDQVIST^ASTRID^MAJ", "person"), ("19720309", "birth_date"),
    ("Rua das Flores 88^^Porto^^4050-262", "address"), ("351^912345678", "phone"), ("astrid.l@mailbox.example", "email"),
    ("A55120771", "account"), ("7731920455", "account"), ("OKONKWO^EMEKA", "person"),
    # OBR-16 one field early, as a sender that shifted its fields writes it: an id, a family and a listed given name
    ("HALVORSEN^INGRID", "person"),
])
def test_hl7_fields_by_position(masker: Masker, value: str, category: str) -> None:
    assert found(masker, HL7).get(value) == category


def test_hl7_codes_and_control_ids_stay(masker: Masker) -> None:
    got = found(masker, HL7)
    for kept in ("MSG-77120", "57021-8^CBC W Auto Differential panel^LN", "718-7^Hemoglobin^LN", "202611030815", "CLINIC"):
        assert not any(kept in v for v in got), kept


def test_hl7_field_named_in_a_log_line(masker: Masker) -> None:
    text = "ERROR [ADT_IN] rejected message: PID-5 SZABO^REKA PID-7 19880421 (duplicate visit)\n"
    got = found(masker, text)
    assert got.get("SZABO^REKA") == "person" and got.get("19880421") == "birth_date"


def test_hl7_a_pid_column_is_no_message() -> None:
    assert Hl7Detector().detect("PID|TTY|TIME|CMD\n  PID|pts/0|00:00:01|bash\n") == []


def test_hl7_placeholder_names_stay() -> None:
    text = "MSH|^~\\&|A|B|C|D|20260101||ADT^A04|1|P|2.5\rPID|1||^^^X^MR||TEST^PATIENT||19000101|U\r"
    assert Hl7Detector().detect(text) == []


X12 = ("ISA*00*          *01*Qv7pLs2Xk *ZZ*SUBMITTER01    *ZZ*PAYER0042      *261103*0915*^*00501*000017731*0*P*:~\n"
       "GS*HC*SUBMITTER01*PAYER0042*20261103*0915*17731*X*005010X222A1~\n"
       "NM1*85*2*NORTHGATE FAMILY PRACTICE*****XX*1457390021~\n"
       "N3*400 COMMERCE PARK DR~\n"
       "NM1*IL*1*ABERNATHY*LUCINDA*M***MI*YJP88310452~\n"
       "N3*19 QUARRY HILL RD~\n"
       "N4*BRATTLEBORO*VT*05301~\n"
       "DMG*D8*19640817*F~\n"
       "PER*IC*LUCINDA ABERNATHY*TE*8022571944*EM*L.ABERNATHY@POSTEO.DE~\n")


@pytest.mark.parametrize("value,category", [
    ("ABERNATHY*LUCINDA*M", "person"), ("YJP88310452", "account"), ("19 QUARRY HILL RD", "address"),
    ("BRATTLEBORO*VT*05301", "address"), ("19640817", "birth_date"), ("8022571944", "phone"),
    ("L.ABERNATHY@POSTEO.DE", "email"), ("Qv7pLs2Xk", "secret"),
])
def test_x12_segments_after_a_person(masker: Masker, value: str, category: str) -> None:
    assert found(masker, X12).get(value) == category


def test_x12_structure_and_organisations_stay(masker: Masker) -> None:
    got = found(masker, X12)
    for kept in ("000017731", "005010X222A1", "20261103", "NORTHGATE FAMILY PRACTICE", "400 COMMERCE PARK DR", "PAYER0042"):
        assert not any(kept in v for v in got), kept


def test_x12_lines_are_known_to_the_keyless_reader() -> None:
    assert x12_line("N4*BRATTLEBORO*VT*05301~")
    assert x12_line("payload: ISA*00*x*00*y~GS*HC*A*B~")
    assert not x12_line("a*b*c")
    assert X12Detector().detect("2 * 3 * 4 = 24\n") == []


@pytest.mark.parametrize("text,value,category", [
    ('<Patient xmlns="http://hl7.org/fhir">\n  <name>\n    <family value="Kowalczyk"/>\n    <given value="Zofia"/>\n'
     '  </name>\n  <birthDate value="1983-11-02"/>', "Kowalczyk", "person"),
    ('<Patient xmlns="http://hl7.org/fhir">\n  <name>\n    <family value="Kowalczyk"/>\n    <given value="Zofia"/>\n'
     '  </name>\n  <birthDate value="1983-11-02"/>', "1983-11-02", "birth_date"),
    ("<patient><name><given>Ottavia</given><family>Mancuso</family></name><birthTime value=\"19770614\"/>", "Mancuso", "person"),
    ("<patient><name><given>Ottavia</given><family>Mancuso</family></name><birthTime value=\"19770614\"/>", "19770614", "birth_date"),
    ("authors:\n  - family-names: Oyelaran\n    given-names: Tobiloba\n", "Oyelaran", "person"),
    ('  orcid: "https://orcid.org/0003-1182-5530-216X"', "0003-1182-5530-216X", "account"),
    ("see https://orcid.org/0000-0002-1825-0097 for the record", "0000-0002-1825-0097", "account"),
])
def test_clinical_and_research_records(masker: Masker, text: str, value: str, category: str) -> None:
    assert found(masker, text).get(value) == category


@pytest.mark.parametrize("text", [
    "<fontconfig><alias><family>Inter</family><prefer><family>Roboto</family></prefer></alias></fontconfig>",
    "card 4000-0012-3456-7899 declined",
    '<effectiveTime value="20261103"/>',
])
def test_fonts_wrong_checks_and_other_dates_stay(masker: Masker, text: str) -> None:
    assert not {v: c for v, c in found(masker, text).items() if c in ("person", "account", "birth_date")}


@pytest.mark.parametrize("text,value,category", [
    ("1764755123.411    212 10.20.4.17 TCP_MISS/200 4410 GET https://files.example.org/a.tar.gz ACME\\tvasquez "
     "HIER_DIRECT/203.0.113.9 application/gzip", "ACME\\tvasquez", "username"),
    ("1764755123.411    212 10.20.4.17 TCP_TUNNEL/200 4410 CONNECT pypi.org:443 hrothgar.b HIER_DIRECT/151.101.0.223 -",
     "hrothgar.b", "username"),
    ("Tue Nov  3 06:49:11 2026 : Auth: (881) Login OK: [oyelaran7/Kettle-Moss-41] (from client ap-lobby port 0)",
     "oyelaran7", "username"),
    ("Tue Nov  3 06:49:11 2026 : Auth: (881) Login OK: [oyelaran7/Kettle-Moss-41] (from client ap-lobby port 0)",
     "Kettle-Moss-41", "secret"),
    ('Tue Nov  3 07:22:05 2026 [pid 4410] FTP command: Client "198.51.100.7", "PASS Tamarind!2208"', "Tamarind!2208", "secret"),
    ('Tue Nov  3 07:22:04 2026 [pid 4410] FTP command: Client "198.51.100.7", "USER ilinden"', "ilinden", "username"),
])
def test_network_service_logs(masker: Masker, text: str, value: str, category: str) -> None:
    assert found(masker, text).get(value) == category


def test_zeek_fields_header_names_the_columns(masker: Masker) -> None:
    text = ("#separator \\x09\n#path\thttp\n#fields\tts\tuid\tid.orig_h\tmethod\thost\tusername\tpassword\n"
            "#types\ttime\tstring\taddr\tstring\tstring\tstring\tstring\n"
            "1764755123.411\tCq9XvT3mNb7Lp2Wd8a\t10.20.4.17\tGET\tnas01\teperalta\tWren#Harbor91\n")
    got = found(masker, text)
    assert got.get("eperalta") == "username" and got.get("Wren#Harbor91") == "secret"
    assert "Cq9XvT3mNb7Lp2Wd8a" not in got  # the connection's uid, under "uid"


@pytest.mark.parametrize("text,value,category", [
    ("GPS Position                    : 43 deg 46' 11.52\" N, 11 deg 15' 20.16\" E", "43 deg 46' 11.52\" N, 11 deg 15' 20.16\" E", "address"),
    ('"com.apple.quicktime.location.ISO6709": "+43.7699+011.2556+052.120/"', "+43.7699+011.2556+052.120/", "address"),
    ("Serial Number                   : 20551873", "20551873", "account"),
    ('"ProvisionedDevices" => [\n    0 => "00008030-001A2D3C0E11802E"\n  ]', "00008030-001A2D3C0E11802E", "account"),
])
def test_media_metadata(masker: Masker, text: str, value: str, category: str) -> None:
    assert found(masker, text).get(value) == category


@pytest.mark.parametrize("text,value,category", [
    ("export ACMEHR_KEY=5c1f0e97a3b24d6e8f0a1b2c3d4e5f6a7b8c9d0e && ./sync.sh", "5c1f0e97a3b24d6e8f0a1b2c3d4e5f6a7b8c9d0e", "secret"),
    ("python train.py --comet-key 9a3e1f7c2b4d6e8f0a1c3e5f7b9d1f3a --epochs 3", "9a3e1f7c2b4d6e8f0a1c3e5f7b9d1f3a", "secret"),
    ("curl -u 7d2e9f1a4b6c8e0f2a4c6e8a0b2d4f6e:api_token https://api.track.example/v9/me", "7d2e9f1a4b6c8e0f2a4c6e8a0b2d4f6e", "secret"),
    ("dn: uid=ivasquez,ou=people,dc=example,dc=org\nuserPassword:: S2V0dGxlLU1vc3MtNDE=\n", "S2V0dGxlLU1vc3MtNDE=", "secret"),
    ("qname        gpu.q\nowner        ivasquez\nproject      NONE\n", "ivasquez", "username"),
    ("Nov 03 10:02:45 [main] DEBUG Session - Work-dir: /scratch/tmorlaix/work [lustre]", "tmorlaix", "username"),
    ("[I 2026-11-03 08:01:15.004 JupyterHub base:945] User logged in: okafor-ada", "okafor-ada", "username"),
    ("Workstation Name:\tLT-MORETTI", "LT-MORETTI", "username"),
])
def test_keys_passwords_and_logins(masker: Masker, text: str, value: str, category: str) -> None:
    assert found(masker, text).get(value) == category


@pytest.mark.parametrize("text,value", [
    ("ENV GPG_KEY A035C8C19219BA821ECEA86B64E628F8D684696D", "A035C8C19219BA821ECEA86B64E628F8D684696D"),
    ("CACHE_KEY=5c1f0e97a3b24d6e8f0a1b2c3d4e5f6a7b8c9d0e", "5c1f0e97a3b24d6e8f0a1b2c3d4e5f6a7b8c9d0e"),
    ("$ radtest bob hunter22 127.0.0.1 0 testing123\nSent Access-Request Id 7 from 0.0.0.0:4127 to 127.0.0.1:1812",
     "127.0.0.1"),
    ("owner        devops", "devops"),
    ("ls /scratch/datasets/imagenet", "datasets"),
])
def test_fingerprints_cache_keys_servers_and_teams_stay(masker: Masker, text: str, value: str) -> None:
    assert value not in found(masker, text)


def test_a_sample_id_column_and_a_record_id_stay(masker: Masker) -> None:
    lab = ("id_echantillon;patient;ipp;analyse;valide_par\n"
           "S20117345;Okafor, Adaeze;77120455;CRP;mbergstrom\nS20117399;Lindqvist, Astrid;77120981;TSH;mbergstrom\n")
    got = found(masker, lab)
    assert "S20117345" not in got and "S20117399" not in got
    assert got.get("77120455") == "account" and got.get("mbergstrom") == "username"
    redcap = ("record_id,redcap_event_name,nombre,telefono\n"
              "212-0001,baseline_arm_1,Ainhoa,+34 612 345 678\n212-0002,baseline_arm_1,Iker,+34 622 345 679\n")
    got = found(masker, redcap)
    assert "212-0001" not in got and "212-0002" not in got
    assert got.get("+34 612 345 678") == "phone"


NACHA = ("101 091000019 1234567891261103 0915A094101FIRST NATIONAL         ACME PAYROLL INC       \n"
         "5220ACME PAYROLL INC                    1234567890PPDPAYROLL   261103261103   1091000010000001\n"
         "622021000021771203994105     0000420000EMP40917       OKONKWO EMEKA           0091000010000001\n")


@pytest.mark.parametrize("value,category", [
    ("771203994105", "account"), ("EMP40917", "account"), ("OKONKWO EMEKA", "person"),
])
def test_nacha_entry_records_by_position(masker: Masker, value: str, category: str) -> None:
    assert found(masker, NACHA).get(value) == category


def test_nacha_routing_amounts_and_traces_stay(masker: Masker) -> None:
    got = found(masker, NACHA)
    assert not any(v in ("021000021", "0000420000", "091000010000001") for v in got)


@pytest.mark.parametrize("text,value,category", [
    ("ilindqvist:aes256-cts-hmac-sha1-96:3f0c9d8e7b6a5f4e3d2c1b0a99887766554433221100ffeeddccbbaa99887766",
     "3f0c9d8e7b6a5f4e3d2c1b0a99887766554433221100ffeeddccbbaa99887766", "secret"),
    ("ilindqvist:aes256-cts-hmac-sha1-96:3f0c9d8e7b6a5f4e3d2c1b0a99887766554433221100ffeeddccbbaa99887766",
     "ilindqvist", "username"),
    ("[*] ClearText passwords grabbed\ntokafor:CLEARTEXT:Harbour!Lantern7", "Harbour!Lantern7", "secret"),
    ("         * SHA1     : 0b1f3e5d7c9a2b4d6f8e0a1c3e5b7d9f1a3c5e7b", "0b1f3e5d7c9a2b4d6f8e0a1c3e5b7d9f1a3c5e7b", "secret"),
    ("impacket-psexec CORP/svc_backup@10.0.4.12 -hashes :b4c1f0e2d3a4958677a8b9c0d1e2f3a4", "b4c1f0e2d3a4958677a8b9c0d1e2f3a4", "secret"),
    ("$ sudo ejabberdctl register mlindqvist chat.corp.lan 'Fjord-Pebble-58'", "Fjord-Pebble-58", "secret"),
    ("Ticket OPS-2210: cancellazione\nSegnalato da: g-ferrante\n", "g-ferrante", "username"),
    ('<Event type="Cardholder Added" operator="tbergstrom7" workstation="FAC-WS21">', "tbergstrom7", "username"),
    ("# exportiert von kbauer42 über die API", "kbauer42", "username"),
    ("Date,Tenant ID,Tenant,Unit\n2026-11-02,RES-40917,Ingrid Halvorsen,B-204\n", "RES-40917", "account"),
])
def test_credential_dumps_admin_tools_and_record_columns(masker: Masker, text: str, value: str, category: str) -> None:
    assert found(masker, text).get(value) == category


@pytest.mark.parametrize("text,value", [
    ("DKIM-Signature: v=1; a=rsa-sha256; d=example.org; s=s1; bh=uNpv0UkraLPC80zdRzobo2aueSZsJ7/kRXxA7wmioB9=;",
     "uNpv0UkraLPC80zdRzobo2aueSZsJ7/kRXxA7wmioB9="),
    ('{"username":"tbergstrom7","auth_service":"gitlab","auth_data":"27497"}', "gitlab"),
    ("         * Password : (null)", "(null)"),
])
def test_signatures_service_words_and_project_ids_stay(masker: Masker, text: str, value: str) -> None:
    assert value not in found(masker, text)


@pytest.mark.parametrize("text,value,category", [
    ("Zeitpunkt\tLeser\tEreignis\tKarteninhaber\tAusweis-Nr.\n2026-09-10 14:12:19\tR7-Parking\tAccess Granted\t"
     "HALVORSEN, INGRID\t241:5930\n", "HALVORSEN, INGRID", "person"),
    ("Zeitpunkt\tLeser\tEreignis\tKarteninhaber\tAusweis-Nr.\n2026-09-10 14:12:19\tR7-Parking\tAccess Granted\t"
     "HALVORSEN, INGRID\t241:5930\n", "241:5930", "account"),
    ("replay: https://app.fullstory.com/ui/Q7XK2/session/5120087613232701278%3A1021223715330415007",
     "https://app.fullstory.com/ui/Q7XK2/session/5120087613232701278%3A1021223715330415007", "url"),
    ('{"contacts":[{"profile":{"name":"x"},"wa_id":"447700918273"}]}', "447700918273", "phone"),
    ("Okonkwo, MD PGY-2  pager 318-4471", "318-4471", "phone"),
])
def test_access_exports_session_replays_and_whatsapp_ids(masker: Masker, text: str, value: str, category: str) -> None:
    assert found(masker, text).get(value) == category


@pytest.mark.parametrize("text,value", [
    ("fyi my ssh login on the bastion is tbergstrom7 and the deploy key passphrase is elsewhere", "tbergstrom7"),
    ("il mio utente su GitLab è g.ferrante, grazie", "g.ferrante"),
    ('"visit_date": "2026-07-07", "nurse": "ohalvorsen2"}, "geometry": {"type": "Point"}', "ohalvorsen2"),
    ("Date,N° locataire,Locataire,Lot\n2026-03-05,BAIL-40917,Ingrid Halvorsen,B-204\n", "BAIL-40917"),
])
def test_logins_told_in_a_sentence_and_tenant_numbers(masker: Masker, text: str, value: str) -> None:
    assert value in found(masker, text)


@pytest.mark.parametrize("text", ["my login is broken again", "my username is root on that box",
                                  '{"driver": "postgresql", "agent": "datadog"}',
                                  "req = Request(url, headers={'User-Agent': 'pyarrow'})"])
def test_sentences_about_logins_without_one_stay(masker: Masker, text: str) -> None:
    assert found(masker, text) == {}


def _seconds(m: Masker, text: str) -> float:
    import time
    m.pipeline.clear_caches()
    start = time.perf_counter()
    m.mask(text)
    return time.perf_counter() - start


def test_a_fhir_identifier_without_a_value_stays_linear() -> None:
    m = Masker()
    m.mask("warm up")
    times = [_seconds(m, '{"resourceType":"Patient"}\n<identifier>' + "<system>x</system>" * k + "<valu") for k in (12, 48)]
    assert times[1] < 10 * times[0] + 0.5, times  # four times the elements: linear ~4x, exponential ~2^36x


def test_a_long_line_of_starred_tokens_stays_linear() -> None:
    m = Masker()
    m.mask("warm up")
    times = [_seconds(m, "note: " + " ".join(f"a*Zq8xK2mP9vLr7Tn{i}" for i in range(k))) for k in (250, 1000)]
    assert times[1] < 10 * times[0] + 0.5, times  # four times the tokens: linear ~4x, quadratic ~16x


_ISA = "ISA*00*          *01*Kx9TrQ2m  *ZZ*SUBMITTER      *ZZ*RECEIVER       *230101*1253*^*00501*000000001*0*P*:~"


@pytest.mark.parametrize("text,value,category", [
    ('{"edi": "' + _ISA + 'GS*HC*A*B*20230101*1253*1*X*005010X222A1~NM1*IL*1*KOWALSKI*JAN****MI*5DT9PA3EF33~"}',
     "Kx9TrQ2m", "secret"),
    ("2024-05-01 INFO sent NM1*IL*1*KOWALSKI*JAN****MI*5DT9PA3EF33~N3*12 ELM ST~", "12 ELM ST", "address"),
    ("the segment was NM1*IL*1*KOWALSKI*JAN****MI*5DT9PA3EF33~", "KOWALSKI*JAN", "person"),
    ("REF*0F*727934499~", "727934499", "account"),
    ("ISA|00|          |01|SECRETPW  |ZZ|SUB|ZZ|REC|230101|1253|^|00501|000000001|0|P|>\nNM1|IL|1|PRITCHARD|NOAH||||MI|X1\n"
     "N3|12 ELM ST\n", "PRITCHARD|NOAH", "person"),
    ("2024-05-01 10:00:01 INFO inbound: MSH|^~\\&|LAB|HOSP|EHR|HOSP|20240101||ADT^A01|1|P|2.5\n"
     "2024-05-01 10:00:01 INFO inbound: PID|1||P868693^^^CLIN^MR||KOWALCZYK^AGNIESZKA||19561101|F", "KOWALCZYK^AGNIESZKA", "person"),
    ("MSH|^~\\&|LAB|HOSP|EHR|HOSP|20240101||ADT^A01|1|P|2.5 PID|1||P868693^^^CLIN^MR||KOWALCZYK^AGNIESZKA||19561101|F",
     "19561101", "birth_date"),
    ("Auth: (9) Invalid user (rlm_sql: user not found): [mrossi/Primavera-2025!] (from client ap1 port 0)", "Primavera-2025!", "secret"),
    ("Auth: (5) Login incorrect (eap_peap: rejected: returning reject (again.) ): [mrossi/Kettle-9] (from client ap1)",
     "mrossi", "username"),
])
def test_review_delimiters_prefixes_and_radius_variants(masker: Masker, text: str, value: str, category: str) -> None:
    assert found(masker, text).get(value) == category


def test_hl7_in_a_json_string_keeps_the_json(masker: Masker) -> None:
    import json
    text = ('{"hl7": "MSH|^~\\\\&|LAB|HOSP|EHR|HOSP|20240101||ADT^A01|1|P|2.5\\rPID|1||P868693^^^CLIN^MR||KOWALCZYK^AGNIESZKA'
            '||19561101|F|||||(617)432-0199"}')
    assert json.loads(masker.mask(text).text)


@pytest.mark.parametrize("text", [
    "PID-5 is the patient's name and NK1-2 when present",
    "PID|USER|%CPU|%MEM|VSZ|RSS|TTY|STAT|START|TIME|COMMAND\n",
    "md5_key: d41d8cd98f00b204e9800998ecf8427e",
    "--sha256-key e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
])
def test_review_field_references_process_headers_and_digests_stay(masker: Masker, text: str) -> None:
    assert found(masker, text) == {}


def test_an_indented_cda_name_with_attributes(masker: Masker) -> None:
    text = '<patient>\n  <name>\n    <given>Ottavia</given>\n    <family qualifier="BR">Mancuso</family>\n  </name>'
    got = found(masker, text)
    assert got.get("Ottavia") == "person" and got.get("Mancuso") == "person"


@pytest.mark.parametrize("text,value,category", [
    ("GPS Position                    : 43.769900 N, 11.255600 E", "43.769900 N, 11.255600 E", "address"),
    ('{"SourceFile": "IMG_2231.jpg", "GPSLatitude": 43.769911, "Model": "X-T4"}', "43.769911", "address"),
    ('Tue Nov  3 07:22:05 2026 [pid 4410] FTP command: Client "198.51.100.7", "PASS Tamarind day 2208"', "Tamarind day 2208", "secret"),
    ("(000031)03/11/2026 10:00:01 - ivasquez (198.51.100.7)> 230 Logged on", "ivasquez", "username"),
])
def test_review_exiftool_decimal_ftp_spaces_and_filezilla(masker: Masker, text: str, value: str, category: str) -> None:
    assert found(masker, text).get(value) == category
