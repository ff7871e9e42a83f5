"""The forms records, letters and judgments write their people, places, numbers and dates in (document policy):
contact details whatever their domain, addresses by their parts, codes and file numbers by shape, dates without a
year or written out, names around roles and in register forms; person spans cut to the name. The agent policy keeps
what it kept."""

from __future__ import annotations

import pytest

from coatcheck.detect.doc_persons import document_nouns, is_role_word, romance
from coatcheck.masker import Masker


def masked(m: Masker, text: str, category: str | None = None) -> list[str]:
    return [text[s.start:s.end] for s in m.mask(text).spans if category is None or s.category == category]


# -- contact details ---------------------------------------------------------------------------------------------

def test_a_documents_contacts_are_masked_whatever_their_domain(document: Masker, agent: Masker) -> None:
    text = ("Contact: ward9@sunnyvale-clinic.example.org, https://portal.sunnyvale-clinic.example.org/consent, "
            "tel. 0161 496 0732, relay 192.0.2.41 (see www.who.int).")
    assert masked(document, text) == ["ward9@sunnyvale-clinic.example.org", "https://portal.sunnyvale-clinic.example.org/consent",
                                      "0161 496 0732", "192.0.2.41", "www.who.int"]
    assert masked(agent, text) == []  # documentation domains, drama numbers and networks stay readable for agents


@pytest.mark.parametrize("text", ["AIR 1957 SC 434:: held", "at 10:30:00 sharp", "version 1.2.3 of the form"])
def test_clocks_citations_and_versions_are_no_ip(document: Masker, text: str) -> None:
    assert masked(document, text, "ip") == []


# -- addresses ---------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("text,address", [
    ("(Beklagter), Lindenauer Straße 118, 33611 Bielefeld, hat", "Lindenauer Straße 118, 33611 Bielefeld"),
    ("Praxis: Elbuferpromenade 7, 01067 Dresden", "Elbuferpromenade 7, 01067 Dresden"),
    ("wohnhaft Am Anger 9, 79183 Waldkirch", "Am Anger 9, 79183 Waldkirch"),
    ("Address: 41 Tanners Rise, Oakhurst OK4 7TD", "41 Tanners Rise, Oakhurst OK4 7TD"),
    ("demeurant 12 impasse des Glycines-Hautes, 69004 Lyon", "12 impasse des Glycines-Hautes, 69004 Lyon"),
    ("domiciliada en avenida de los Almendros Viejos 77, 03540 Alicante", "avenida de los Almendros Viejos 77, 03540 Alicante"),
    ("con domicilio en calle del Pozo Amargo 5, 2.º 1.ª, 17310 Lloret de Mar", "calle del Pozo Amargo 5, 2.º 1.ª, 17310 Lloret de Mar"),
    ("residente in Via dei Glicini 14, 00184 Roma.", "Via dei Glicini 14, 00184 Roma"),
    ("76131 Karlsruhe\n", "76131 Karlsruhe"),
])
def test_addresses_by_their_parts(document: Masker, text: str, address: str) -> None:
    assert address in masked(document, text, "address")


@pytest.mark.parametrize("text", [
    "Im Jahr 1828 kamen 2905 Seelen in das Dorf.", "Heidelberg 1945 war unzerstört.", "Mit einem Kapital 500 gegründet.",
    "(2006) 7 SCC 597 In The High Court of Madras", "Section 12 Street Vending Act", "Il 24 rue fu chiusa.",
])
def test_years_counts_and_citations_are_no_address(document: Masker, text: str) -> None:
    assert masked(document, text, "address") == []


def test_the_models_address_needs_a_rule_to_agree(document: Masker) -> None:
    text = "Laborwerte: Hb 9,6 g/dl, Thrombozyten 88 G/l, CRP 24 mg/l. Nach § 823 Abs. 1 BGB i. V. m. Anlage 2."
    assert masked(document, text, "address") == []


# -- identifiers -------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("text,value", [
    ("Unit No: QZT-5508213  Age: 70", "QZT-5508213"), ("incident log WEB771204.", "WEB771204"),
    ("Signed J. Parr GMC 7719340 today", "7719340"), ("Aktenzeichen folgt\n3b L 2210/24.A\n", "3b L 2210/24.A"),
    ("Amtsgericht\n41 Ds-118 Js 7730/23-55/23\n", "41 Ds-118 Js 7730/23-55/23"),
    ("ECLI: ECLI:DE:LAGK:2022:0915.7SA311.22.00", "ECLI:DE:LAGK:2022:0915.7SA311.22.00"),
    ("Roj: STSJ AND 7712/2021 -", "STSJ AND 7712/2021"), ("N° RG 21/08812 - N° Portalis QXBV-W-C4H-TTRA", "21/08812"),
    ("N° RG 21/08812 - N° Portalis QXBV-W-C4H-TTRA", "QXBV-W-C4H-TTRA"), ("N° minute : 22/5519", "22/5519"),
    ("juicio ordinario n.º 771/2019 del Juzgado", "771/2019"), ("la cuenta ES12 3456 7890 1234 5678 9012 de", "ES12 3456 7890 1234 5678 9012"),
    ("immatriculé FK-812-QD, conduit par", "FK-812-QD"), ("Nº de Resolución: 8812/2022", "8812/2022"),
])
def test_codes_and_file_numbers_by_shape_and_sign(document: Masker, text: str, value: str) -> None:
    assert any(value in v for v in masked(document, text, "identifier"))


@pytest.mark.parametrize("text", [
    "COVID-19 and SHA-256 under ISO 9001.", "see page No. 2451", "No. 12345 alone", "dose 2019/2020 season",
    "Hb 12.5 on 12/03/2024", "art. 700 du code", "§ 823 BGB",
])
def test_names_of_standards_pages_and_dates_are_no_identifier(document: Masker, text: str) -> None:
    assert masked(document, text, "identifier") == []


# -- dates -------------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("text,date", [
    ("Ticagrelor was stopped on 24/04 and resumed.", "24/04"), ("proning 16/07 and 17/07, now supine", "16/07"),
    ("review Wed 13/03", "13/03"), ("Am 08.04. trat eine Besserung ein.", "08.04."),
    ("Belastungserprobung (27./28.01.2024) positiv", "27./28.01.2024"), ("réalisée le 20/02 par", "20/02"),
    ("previous # NOF ( R , 2019 ) .", "2019"), ("Adalimumab 2019–2023 (sekundär)", "2019–2023"),
    ("seit Mai erneut", "Mai"), ("im Zeitraum Januar bis Juni 2023", "Januar"), ("over half-term (mid-February).", "mid-February"),
    ("el treinta y uno de marzo de dos mil veintitrés se dictó", "treinta y uno de marzo de dos mil veintitrés"),
    ("LE VINGT FÉVRIER DEUX MILLE VINGT-QUATRE, la cour", "VINGT FÉVRIER DEUX MILLE VINGT-QUATRE"),
    ("on the twenty-third day of March, two thousand and twenty-four", "twenty-third day of March, two thousand and twenty-four"),
])
def test_dates_without_a_year_in_ranges_and_written_out(document: Masker, text: str, date: str) -> None:
    assert date in masked(document, text, "date")


@pytest.mark.parametrize("text", [
    "score 5/7, MMS 17/30, visus 3/10", "Ziffer 1.2. des Vertrags", "(2006) 7 SCC 597", "AIR 1957 SC 434",
    "one May morning", "for 3 days, 54 years old",
])
def test_fractions_scores_citations_and_durations_are_no_date(document: Masker, text: str) -> None:
    assert masked(document, text, "date") == []


# -- persons -----------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("text,name", [
    ("0500 Wife (Ngozi) rang for an update.", "Ngozi"), ("Husband Nikos updated at the bedside.", "Nikos"),
    ("Dietitian Sinéad aware.", "Sinéad"), ("family: daughter astrid visited", "astrid"), ("angehörige: tochter ute (betreuerin)", "ute"),
    ("entered by t.nguyen (ICU reg)", "t.nguyen"), ("die Richter Hennig und Stolle für Recht", "Stolle"),
    ("S. LEFRANC             V. DUBUISSON", "V. DUBUISSON"), ("Pt: OKAFOR, Chidi   MRN 00482913", "OKAFOR, Chidi"),
    ("die Richterin am Landgericht Schulte-Borowski\nund", "Schulte-Borowski"), ("Mr Beaumont presented with pain.", "Beaumont"),
    ("Prof. Dr. Tanaka-Berger signed.", "Tanaka-Berger"), ("Patient : MRS  WINIFRED  AKINYI  OTIENO   Hosp", "WINIFRED  AKINYI  OTIENO"),
    ("Monsieur RAKOTOMALALA Fenohasina, né le", "RAKOTOMALALA Fenohasina"), ("pour Marc-Antoine FOURNIER et", "Marc-Antoine FOURNIER"),
])
def test_names_around_roles_and_in_register_forms(document: Masker, text: str, name: str) -> None:
    assert name in masked(document, text, "person")


@pytest.mark.parametrize("text,name", [
    ("Der Lagerarzt Dr. Heinrich Koller kam.", "Heinrich Koller"), ("Meine Tante Berta schrieb.", "Berta"),
    ("Der Kaiser sprach mit Hr. Müller.", "Müller"),
    ("Dr. med. Ioana Munteanu          Felix Uhlmann\nDirektorin", "Felix Uhlmann"),
    ("Comparece D. Vicente Bolufer Escrivá y la parte contraria.", "Vicente Bolufer Escrivá"),
])
def test_person_spans_are_cut_to_the_name(document: Masker, text: str, name: str) -> None:
    assert name in masked(document, text, "person")


@pytest.mark.parametrize("text,word", [
    ("Diagnosen: Laparoskopische Cholezystektomie, Ischämische Kardiomyopathie.", "Cholezystektomie"),
    ("Aufnahme im Bezirksklinikum Obermain.", "Obermain"), ("Das ist die Lage der Dinge.", "Dinge"),
    ("The Supreme Court held that the Director erred.", "Supreme"),
])
def test_terms_institutions_and_nouns_are_no_person(document: Masker, text: str, word: str) -> None:
    assert not any(word in v for v in masked(document, text, "person"))


def test_a_word_the_document_writes_as_a_noun_is_no_name() -> None:
    text = "Der Mann kam. Ein Mann ging. Mann sagte nichts. Franscini schrieb; der Grund, den Franscini nannte."
    nouns = document_nouns(text)
    assert "Mann" in nouns and "Franscini" not in nouns


def test_role_words_and_the_language_of_titles() -> None:
    assert is_role_word("Landesgerichtsrat") and is_role_word("Lagerkommandanten") and is_role_word("Hausärztin")
    assert not is_role_word("Montserrat") and not is_role_word("Baumeister", compounds=False)
    assert romance("Le patient est venu avec une douleur, et les examens du jour sont normaux.")
    assert not romance("The patient came with pain and the tests of the day were normal.")


def test_the_forms_round_trip(document: Masker) -> None:
    text = ("Pt: OKAFOR, Chidi  Unit No: QZT-5508213  DOB 03/02/1949\nWife (Ngozi) rang on 24/04; address 41 Tanners Rise, "
            "Oakhurst OK4 7TD; mail ward9@sunnyvale-clinic.example.org.\nLE VINGT FÉVRIER DEUX MILLE VINGT-QUATRE\n")
    r = document.mask(text)
    assert "Ngozi" not in r.text and "QZT-5508213" not in r.text and "Tanners Rise" not in r.text
    assert document.restore(r.text) == text


@pytest.mark.parametrize("text,name", [
    ("Der Lagerführer Ludolph kam.", "Ludolph"), ("an Innenminister Černy und", "Černy"), ("Amtsvorstand Engel half.", "Engel"),
])
def test_a_name_after_a_german_compound_role(document: Masker, text: str, name: str) -> None:
    assert name in masked(document, text, "person")


@pytest.mark.parametrize("text,date", [
    ("on the night of 25/04 (likely delirium)", "25/04"), ("from 03:10 on 15 May but", "15 May"),
    ("Recall attempted 21/11 09:30 - failed", "21/11 09:30"), ("hospitalisée du 29 mai au 4 juin 2023", "29 mai"),
    ("Interviews (29/04 and 30/04/2024)", "29/04"), ("(Unverträglichkeit: Pankreatitis 2019), Adalimumab", "2019"),
])
def test_dates_by_their_neighbours(document: Masker, text: str, date: str) -> None:
    assert date in masked(document, text, "date")


@pytest.mark.parametrize("text,value,category", [
    ("on the evening of 16 May had", "16 May", "date"), ("escalation for 17-19 May.", "17-19 May", "date"),
    ("Plan d/c 29/08 if stairs safe", "29/08", "date"), ("DOB: 09-Apr-1979", "09-Apr-1979", "birth_date"),
    ("end of the 2023-24 school year", "2023-24", "date"), ("late evidence rec'd 3 Feb", "3 Feb", "date"),
    ("Electronically signed: Dr F. Al-Sayed for", "F. Al-Sayed", "person"), ("Members:      Mr P Dandridge", "P Dandridge", "person"),
    ("bolus per dr osei, map up", "osei", "person"), ("held by C. McLeish on", "C. McLeish", "person"),
    ("MARCUS T. DELACROIX, a/k/a MARK DELACROIX,", "MARCUS T. DELACROIX", "person"),
    (" 2  | NAKAMURA, Emi        | W9-12", "NAKAMURA, Emi", "person"), (" 8  | DA SILVA, Rosangela  | y", "DA SILVA, Rosangela", "person"),
    ("a new car (registration BX71 KPF) has", "BX71 KPF", "identifier"), ("Circuit Court 21DR08812; A1", "21DR08812", "identifier"),
    ("Beschluss\n\nA 14 K 2207/24\n", "A 14 K 2207/24", "identifier"),
    ("Versicherungsnummer (RV): 13 170668 B 512", "13 170668 B 512", "identifier"),
    ("Completed by Dr X (ST4), bleep 4471", "4471", "phone"), ("Dienstarzt (Piepser 4417)", "4417", "phone"),
    ("Pellingham Road, Northmoor NM4 7QT | Switchboard", "Pellingham Road, Northmoor NM4 7QT", "address"),
    ("a store at 6120 Larkspur Pike.", "6120 Larkspur Pike", "address"),
    ("Am Lindenhang 12 · 48151 Münster · Sekretariat", "Am Lindenhang 12 · 48151 Münster", "address"),
    ("z. Hd. Herrn Dr. Lorenz\nAm Schloßberg 2\n35576 Wetzlar\n", "Am Schloßberg 2\n35576 Wetzlar", "address"),
])
def test_forms_of_notes_registers_and_letterheads(document: Masker, text: str, value: str, category: str) -> None:
    assert value in masked(document, text, category)


@pytest.mark.parametrize("text", [
    "stop clari after 5/7, 2/52, 3/12, pain 10/10, BP 120/80", "SUMMARY OF EVIDENCE, Page 3.",
])
def test_durations_counts_and_headings_stay(document: Masker, text: str) -> None:
    assert masked(document, text) == []


def test_a_count_under_a_year_is_no_letterhead(document: Masker) -> None:
    assert masked(document, "Im Jahr 1828\n35576 Einwohner\n", "address") == []


def test_initials_a_document_defines_are_hers(document: Masker) -> None:
    text = "Named RN: S. Keane (SK)\n07:45 Handover. Wife updated by SK. The SKU list stays.\n"
    assert masked(document, text, "person").count("SK") == 2


@pytest.mark.parametrize("text,value,category", [
    ("Chef de service : Pr J.-M. Rouvière\n", "J.-M. Rouvière", "person"), ("Fait à Rennes.\nDr M. Tessier-Abdellaoui", "M. Tessier-Abdellaoui", "person"),
    ("Enfant : DIALLO Aminata\n", "DIALLO Aminata", "person"), ("- Fatoumata SISSOKO, conseillère", "Fatoumata SISSOKO", "person"),
    ("vu par interne (léa), trinitrine", "léa", "person"), ("IDE : Cyrielle\n", "Cyrielle", "person"),
    ("1  | 24/01187 | SA HLM SEINE", "24/01187", "identifier"), ("Procedimiento: Diligencias Previas 1187/2023", "1187/2023", "identifier"),
    ("N° de parquet : 23 187 000 412", "23 187 000 412", "identifier"), ("N° de gestion : 2019B00873", "2019B00873", "identifier"),
    ("SARL BATI-SUD, RCS Marseille 509 331 874", "509 331 874", "identifier"),
    ("demeurant Lieu-dit Le Grand Bernet, 33190 La Réole\n", "Lieu-dit Le Grand Bernet, 33190 La Réole", "address"),
])
def test_forms_of_french_and_spanish_records(document: Masker, text: str, value: str, category: str) -> None:
    assert value in masked(document, text, category)


@pytest.mark.parametrize("text", ["la Ley 29/1998, de 13 de julio", "el d.lgs. 23/2015 e la Directiva 2004/38", "CHU Amiens et URSSAF"])
def test_laws_and_institutions_stay(document: Masker, text: str) -> None:
    assert masked(document, text, "identifier") == [] and masked(document, text, "person") == []


# -- the review's findings -----------------------------------------------------------------------------------------

@pytest.mark.parametrize("text,name", [
    ("Author: John Braithwaite <jb@corp.io>", "John Braithwaite"), ("Reviewed-by: Sarah Applewhite", "Sarah Applewhite"),
])
def test_surnames_with_clinical_or_institution_endings_stay_names_for_agents(agent: Masker, text: str, name: str) -> None:
    assert name in masked(agent, text, "person")


@pytest.mark.parametrize("text,name", [
    ("Seen with Mrs Marguerite Dubois and her son.", "Marguerite Dubois"), ("Claimant: Mr Tomas Kalvaitis;", "Tomas Kalvaitis"),
    ("La Sra. Marguerite Betancourt declaró.", "Marguerite Betancourt"), ("Patient: JUNE CARTER\n", "JUNE CARTER"),
    ("Patient: KING, Martin.", "KING, Martin"), ("Zeuge: Kaiser, Thomas.", "Kaiser, Thomas"), ("Wife (Ngozí) rang.", "Ngozí"),
])
def test_names_that_look_like_terms_roles_or_months(document: Masker, text: str, name: str) -> None:
    assert name in masked(document, text, "person")


@pytest.mark.parametrize("text", [
    "Au cours des 3 derniers mois. A lo largo de 3 meses. Camino de 2 horas, route de 5 km, strada di 2 km.",
    "Cobb-Winkel 35°, Aortenbogen 32 mm, Fragebogen 2, Tabellenzeile 3, Zahnbrücke 14-16.",
    "15 Minute Close Observations, a 7 Day Rise in creatinine.",
    "improved from 7/10 to 3/10; Power 4/5 and 5/5; reflexes 2/4 and 3/4.",
    "Ziffer 12.10. und Abschnitt 11.02. sowie Tabelle 10.11.",
    "TP53 KRAS NRAS BRAF and CD10 CD19 CD20 CD22.",
    "(reference 135-145), (ref 3.5-5.1), Ref.: 100-200, ID: 40-45 years.",
    "Streitwert: 1500000 EUR, SNOMED CT 22298006, PZN 01126111, RAL-9010, EN-1090.",
    "Der Patient am Abend Paracetamol erhielt. Consultant Cardiologist. Chief Executive. Oberarzt Kardiologie.",
    "Software version 4.2.0.1 installed.",
])
def test_what_the_review_found_masked_stays(document: Masker, text: str) -> None:
    assert masked(document, text) == []


def test_phones_stay_phones_after_their_cue(document: Masker) -> None:
    assert masked(document, "Telefon 030 12345678", "identifier") == []


def test_a_list_of_names_an_and_closes(document: Masker) -> None:
    text = "die Richter Pfannkuch, Kleinschmidt und Oberndorfer für Recht erkannt."
    assert {"Pfannkuch", "Kleinschmidt", "Oberndorfer"} <= set(masked(document, text, "person"))
