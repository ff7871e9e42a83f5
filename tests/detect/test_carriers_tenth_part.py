"""Agent traffic and documents, tenth part: classes read from the previous review's leftovers and a fresh blind set's
learned half (the values here are our own): a speaker naming themself before "here" in five languages, a birth or
married name after its marker in documents; and what stays readable around them."""

from __future__ import annotations

import pytest

from coatcheck.masker import Masker
from coatcheck.policy import Policy

from .spans import found


@pytest.fixture(scope="module")
def m() -> Masker:
    return Masker()


@pytest.fixture(scope="module")
def doc() -> Masker:
    return Masker(policy=Policy.load("document"))



@pytest.mark.parametrize("text,value", [
    ("Hi team, Rosalind here, from billing. The export broke again.", "Rosalind"),
    ("Hey, Tadeusz here — can you check the deploy?", "Tadeusz"),
    ("Ciao a tutti, Ludovica qui: il deploy è rotto", "Ludovica"),
    ("Hallo zusammen, Wiebke hier - der Build ist rot.", "Wiebke"),
    ("Bonjour, Gwenaëlle ici, le déploiement échoue.", "Gwenaëlle"),
])
def test_a_speaker_naming_themself_before_here(m: Masker, text: str, value: str) -> None:
    assert found(m, text).get(value) == "person"


@pytest.mark.parametrize("text", ["Click here, then Save.", "Logs here:", "Everything here, ok?", "Dockerfile here:",
                                  "Hotfix here, merging.",
                                  "See the notes. Details here - and more.", "Done here, merging now.",
                                  "Berlin here, Paris next week.", "Ecco. Tutto qui, grazie."])
def test_a_word_before_here_names_no_one(m: Masker, text: str) -> None:
    assert "person" not in found(m, text).values()


@pytest.mark.parametrize("text,value", [
    ("Mme Awa épouse N'DIAYE, née le 3 mars 1961", "N'DIAYE"),
    ("Mme Khadija BENALI épouse OUEDRAOGO demeurant à Lyon", "OUEDRAOGO"),
    ("Frau Anna Weber, geb. Przybylski, wohnhaft in Köln", "Przybylski"),
    ("Carla Neri ved. Bruno, nata a Roma", "Bruno"),
    ("Mme Odile Martin, veuve Kerboriou, a saisi le tribunal", "Kerboriou"),
])
def test_a_birth_or_married_name_after_its_marker(doc: Masker, text: str, value: str) -> None:
    assert found(doc, text).get(value) == "person"


@pytest.mark.parametrize("text,kept", [
    ("Mme Martin, née à Paris, a été entendue.", "Paris"),
    ("Frau Weber, geb. am 12.03.1950, wurde aufgenommen.", "am"),
    ("Die Patientin, geb. Januar 1950, lebt allein.", "Januar"),
])
def test_a_marker_before_a_place_or_a_date_names_no_one(doc: Masker, text: str, kept: str) -> None:
    assert found(doc, text).get(kept) != "person"


def spans_of(m: Masker, text: str) -> set[str]:
    return {text[s.start:s.end] for s in m.pipeline.detect(text)}


@pytest.mark.parametrize("text,value", [
    ("Server=db07;Database=payroll;UID=tkaminska;PWD=Vb81!qzt;", "tkaminska"),
    ("RecordName: ojuarez\nRecordType: dsRecTypeStandard:Users", "ojuarez"),
    ('2025/03/11 08:14:52 [error] 311#311: *9 user "kwabena.o": password mismatch', "kwabena.o"),
    ('user "kwabena.o" was not found in "/etc/nginx/.htpasswd"', "kwabena.o"),
    ('FATAL:  role "ilinca_p" does not exist', "ilinca_p"),
    ("db-7.internal:6432:*:bogdan_s:Hq7!xL2p0aZ", "bogdan_s"),
    ("Kd.-Nr.: 55102877, bitte prüfen", "55102877"),
    ("Führerschein B0422XK7, permis 730481926315", "730481926315"),
    ("card 3714 496353 98431 exp 04/28 cvc 4412 (given by phone)", "4412"),
    ('{"author":{"type":"user","id":"77","name":"Oyelaran Adebisi","email":"oa@mailbox.example"}}', "Oyelaran Adebisi"),
])
def test_a_login_or_a_number_in_its_slot(m: Masker, text: str, value: str) -> None:
    assert value in spans_of(m, text)


def test_a_home_directory_s_login_is_masked_wherever_it_stands(m: Masker) -> None:
    text = "$ dscl . -read /Users/ojua\ndsAttrTypeNative:_writers_hint: ojua\nRecordName: ojua\n"
    found = [s for s in m.pipeline.detect(text) if text[s.start:s.end] == "ojua"]
    assert len(found) == 3


@pytest.mark.parametrize("text,value", [
    ("USER INFORMATION\n----------------\n\nUser Name         SID\n================= ========\nacmecorp\\tkoval    S-1-5-21-1\n",
     "tkoval"),
    (" USERNAME              SESSIONNAME        ID  STATE\n>ewa.lis               rdp-tcp#3           2  Active\n", "ewa.lis"),
])
def test_a_login_in_a_windows_table(m: Masker, text: str, value: str) -> None:
    assert any(value in f for f in spans_of(m, text))


@pytest.mark.parametrize("text", [
    "PasswordLastSet                      : 5/18/2025 10:31:58 PM",
    "define( 'AUTH_KEY',         'put your unique phrase here' );",
    '{"country": "US", "city": "Denver"}',
    "the CVV field has 3 digits",
    "CSC 2019 conference; csc 1000 lines",
])
def test_what_describes_a_credential_or_a_place_stays(m: Masker, text: str) -> None:
    assert not m.pipeline.detect(text)


@pytest.mark.parametrize("text,values", [
    ("(Applications nos. 16949/06, 2830/06 and 57193/06)", ["2830/06", "57193/06"]),
    ("(see Frydlender v. France [GC], no. 30979/96, § 43)", ["Frydlender"]),
    ("CASE OF EL AMRANI v. ITALY", ["EL AMRANI"]),
    ("represented by Ms B. Ndiaye, a lawyer practising in Antwerp.", ["Antwerp"]),
    ("Gemeinschaftspraxis\nKastanienweg 43\n10363 Berlin\n\nBerlin, 19.04.2021\n", ["Berlin"]),
    ("Marseille, le 25 février 2023\n", ["Marseille"]),
    ("Datos del paciente.\nDomicilio: Calle Mayor 12.\nLocalidad: Leganés.\nCP: 28930.\nPaís: España.\n", ["España"]),
    ("Nombre: Xabier.\nApellidos: Olano.\n", ["Xabier"]),
    ("Patient: Guo, Lei, geb. 22.05.1990", ["Guo, Lei"]),
    ("ABOGADO: AINHOA FERNÁNDEZ SOLER\n", ["AINHOA FERNÁNDEZ SOLER"]),
    ("Pt d/c home accompanied by brother Tadeusz.", ["Tadeusz"]),
    ("with whom he has two children: Mamadou, Lucas, born in 2001.", ["Mamadou", "Lucas"]),
    ("0715  Rec'd report from night RN B.C.\n1440  Monitor tech C.H. aware.\n-- D.N., RN", ["B.C.", "C.H.", "D.N."]),
])
def test_document_classes(doc: Masker, text: str, values: list[str]) -> None:
    found = spans_of(doc, text)
    for v in values:
        assert any(v in f for f in found), v


@pytest.mark.parametrize("text,kept", [
    ("THE LAW\n\nI. ALLEGED VIOLATION OF ARTICLE 6 § 1 OF THE CONVENTION\n", "ALLEGED"),
    ("Troponina T 1.840 ng/l. Killip I. Ecocardiograma: FEVI 55%.", "Ecocardiograma"),
    ("Law no. 5271 on criminal procedure", "5271"),
    ("0715  Rec'd report.\n1500  Pt OOB to chair.\n1900  Family verbalized understanding.\n", "1900"),
    ("Informe clínico del paciente: Varón de 45 años.", "Varón"),
    ("contro Metalmeccanica Adriatica S.p.A., in persona del legale rappresentante", "Adriatica"),
    ("CASE OF GERMANY v. ITALY", "GERMANY"),
    ("El nombre Sistema no existe", "Sistema"),
    ("seen by the U.S. MD team", "U.S."),
    ("Family history: mother Diabetes, brother Asthma; figli: Nessuno", "Diabetes"),
    ("P.O., RN gave meds; I.V., RN", "P.O."),
    ("Amended, 1 January 2021", "Amended"),
    ("Name: Aspirin", "Aspirin"),
    ("ABOGADO: TURNO DE OFICIO", "TURNO"),
    ("Pepsi v. Coke taste test", "Pepsi"),
    ("verh. Rentner", "Rentner"),
    ("the patient moved to Radiology", "Radiology"),
    ('{"country": "US", "city": "Austin"}', "US"),
])
def test_document_neighbours_stay(doc: Masker, text: str, kept: str) -> None:
    assert not any(kept in f for f in spans_of(doc, text))


@pytest.mark.parametrize("text,values", [
    ("$ users\ntkaminska bnovak lferreira\n", ["tkaminska", "bnovak", "lferreira"]),
    ("$ oc whoami\nnadesanu\n", ["nadesanu"]),
    ('Logged into "https://api.ocp4.corp.internal:6443" as "nadesanu" using the token provided.', ["nadesanu"]),
    ("npm verb publish auth as ebere.nwosu using token", ["ebere.nwosu"]),
    ("AuthUserFile /etc/apache2/.htpasswd-qa\nRequire user ochieng_w ptanaka\n", ["ochieng_w", "ptanaka"]),
    ("AllowUsers mkowalczyk deploy\n", ["mkowalczyk"]),
    ('{\n  "tomasz.wrobel": "read-write",\n  "nightowl_88": "read-write"\n}', ["tomasz.wrobel", "nightowl_88"]),
    ("[7] [54364] [ts/0] [ytakahashi] [pts/0       ] [178.238.1.2         ]", ["ytakahashi"]),
    ("Author: fsantos\n  Reviewers: kbhatt, #billing-core\n", ["kbhatt"]),
    ("[802-1x]\neap=peap;\nidentity=CORP\\iobi\n", ["iobi"]),
    ('"url":"/remote.php/dav/files/cokonkwo/Documents/CV.docx"', ["cokonkwo"]),
    ("Subjects:\n  Kind            Name                 Namespace\n  ----            ----                 ---------\n"
     "  User            oidc:atanaka\n  ServiceAccount  ledger-deployer      ledger\n", ["atanaka"]),
    ("web session: https://tmate.io/t/ZV0xYICXvvqlEvqqg3pdVmTGR\nssh session: ssh ZV0xYICXvvqlEvqqg3pdVmTGR@lon1.tmate.io",
     ["ZV0xYICXvvqlEvqqg3pdVmTGR"]),
])
def test_logins_and_sessions_tools_print(m: Masker, text: str, values: list[str]) -> None:
    found = spans_of(m, text)
    for v in values:
        assert any(v in f for f in found), v


@pytest.mark.parametrize("text", [
    '{"permissions": "read-write"}',
    '{"repo": "admin", "production": "read-write", "cache": "read-only"}',
    "User Name: BUILTIN\\Administrators",
    "# users\nfastapi sqlalchemy alembic pydantic\n",
    "identity: SystemAssigned\n",
    "Error (db): timeout after 30s\nMax: connections reached on the replica\n",
    "[2] [00000] [~~  ] [reboot  ] [~           ]",
    '"remoteUser": "vscode"',
    "Require valid-user\n",
    "  ServiceAccount  ledger-deployer      ledger\n",
])
def test_what_names_no_one_there_stays(m: Masker, text: str) -> None:
    assert not [s for s in m.pipeline.detect(text) if s.category == "username"]


@pytest.mark.parametrize("text,values", [
    ("la Sig.ra Teresa Russo, nata a Bologna il 19 gennaio 1973", ["Bologna"]),
    ("nacido en Cuenca en 1950", ["Cuenca"]),
    ("The first applicant lives in Mersin and the second applicant in Batman.", ["Mersin", "Batman"]),
    ("the applicant was arrested at his home in Bydgoszcz by officers", ["Bydgoszcz"]),
    ("Del 1 al 4 de marzo de 2018 se completó el estudio", ["1", "4 de marzo de 2018"]),
    ("Wir konnten den Patienten am 24. Mai in gebessertem Zustand entlassen.", ["24. Mai"]),
    ("sito en Calle Alcalá, número 12, de Sevilla. El día", ["Calle Alcalá, número 12"]),
    ("Nombre: Ngozi. Apellidos: Mensah\n", ["Ngozi"]),
    ("In the case of SHEVCHENKO v. Romania,", ["SHEVCHENKO"]),
    ("ZHAO MEILING, nata a Pescara il 19/02/1979", ["ZHAO MEILING"]),
    ("1706 Handoff given to Gülsüm A., RN at bedside using SBAR.", ["Gülsüm A."]),
    ("Personne de confiance : Rosmery Castillo (+33 6 74 02 27 96).", ["Rosmery Castillo"]),
    ("CONSEIL D'ÉTAT\nstatuant au contentieux\n\nN° 143810\n\nREPUBLIQUE FRANÇAISE", ["143810"]),
])
def test_document_classes_second_part(doc: Masker, text: str, values: list[str]) -> None:
    found = spans_of(doc, text)
    for v in values:
        assert any(v in f for f in found), v


@pytest.mark.parametrize("text,kept,category", [
    ("CASE OF CYPRUS v. TURKEY", "CYPRUS", "person"),
    ("lives in Rome and the other in April", "April", "address"),
    ("see item No. 12345 in the list", "12345", "identifier"),
    ("Ship to 1600 Amphitheatre Pkwy, Mountain View, CA 94043-1351 today", "today", "address"),
])
def test_document_neighbours_stay_second_part(doc: Masker, text: str, kept: str, category: str) -> None:
    assert not [s for s in doc.pipeline.detect(text) if s.category == category and kept in text[s.start:s.end]]


@pytest.mark.parametrize("text,values", [
    ("[Chat-Protokoll]\nSara (support bot): Wie kann ich helfen?\nHannah: meine Bestellung ist nie angekommen.\n", ["Hannah"]),
    ("Reisepassnummer in der Buchung: KJRN8KM62. Danke", ["KJRN8KM62"]),
    ("Lieferadresse Hauptstraße 178, 34289 Leipzig, Rückruf unter 0157 7706 7448. Bezahlt mit Karte 2668 7756 8823 4505.",
     ["Hauptstraße 178, 34289 Leipzig", "0157 7706 7448", "2668 7756 8823 4505"]),
    ("Account Name:  BRIGHTLANE\\mkowalski\nlater mkowalski logged off", ["BRIGHTLANE\\mkowalski", "mkowalski"]),
])
def test_agent_classes_second_part(m: Masker, text: str, values: list[str]) -> None:
    found = spans_of(m, text)
    for v in values:
        assert v in found, v


@pytest.mark.parametrize("text", [
    "created_by: parquet-cpp-arrow version 14.0.1\n",
    '{"auth":{"client_token":"hmac-sha256:155f5e98868514b1dc3c6db40819b3d7cdf0df64b182a2644064681627676784"}}',
    "Sara (support bot): Wie kann ich helfen?\nStatus: alles gut hier\n",
])
def test_a_tool_s_own_words_stay(m: Masker, text: str) -> None:
    assert not [s for s in m.pipeline.detect(text) if s.category in ("username", "secret", "person") and "Sara" not in text[s.start:s.end]]
