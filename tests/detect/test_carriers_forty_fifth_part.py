"""Agent traffic, forty-fifth part (issue 23): person-bound numbers after a number's word whose issuer no list names,
numbers in brackets after an e-mail address or with the person's other details, and the numbers of a payment's
remittance text whose transaction names its person; a login after a field's label, before its owner's name in
brackets.

A chamber's, a board's or a college's number ("Ärztekammer-Nr.", "numéro d'inscription au tableau", "número de
colegiado", "iscrizione all'Albo al n.") is read by its number's word; the words around it must name no thing, firm
or program, and a person's value must be near. The values here are our own."""

from __future__ import annotations

import pytest

from coatcheck import Masker, Policy
from coatcheck.detect.marked_numbers import NAME as MARKED, marked_numbers
from coatcheck.spans import Span

from .spans import covered, touched


@pytest.fixture(scope="module")
def masker() -> Masker:
    return Masker(policy=Policy.builtin("agent"))


_VCARD = """BEGIN:VCARD
VERSION:3.0
FN:Dr. Henrike Vogelsang
EMAIL:h.vogelsang@praxis-vogelsang.de
NOTE:Zahnärztekammer-Nr. 730418 seit 2011
END:VCARD"""

_TICKET_DE = """Von: Malte Oberdiek <malte.oberdiek@web.de>
Betreff: Fortbildungspunkte fehlen

Guten Tag, im Portal fehlt mein Nachweis. Meine Registernummer ist KR-604217, hochgeladen am 03.04.2025.
Die Bestellnummer 5532871 und die Rechnungs-Nr. 2025-88412 betreffen den Kurs, nicht mich."""

_LETTER_FR = """Madame Armelle Quintard,
Nous confirmons votre inscription. Votre numéro d'inscription au tableau sera le T40921. Le numéro de page 12345
du registre et la facture n° 778211 vous seront envoyés."""

_LETTER_ES = """Estimado Sr. Iñaki Berasategui (iberasategui@telefonica.net):
le comunicamos que su número de colegiado será el 48317 a partir del 1 de marzo."""

_LETTER_IT = """Gentile dott.ssa Ludovica Sanfilippo,
risulta iscritta all'Ordine dei Farmacisti al n. 20873 dal 2014. Pratica n. 2025/118 (fattura n. 90417)."""

_CHARITY = """Thank you, Rosalind Achterberg, for your gift.
Hollowmere Wildlife Trust · Registered charity no. 1099321 · Company no. 04417829"""

_NO_PERSON = """Release notes: see issue no. 48211, page number 5521 and the Kammer-Nr. 448120 field of the import."""

_EMAIL_BRACKET = """stripe.error.CardError: charge failed for ottilie.marchbanks@posteo.de (RG448172)
During handling of the above exception, another exception occurred:"""

_DETAILS = """| Contribuable | Mathilde Rousseau (2750194308812, 14/02/1961) |
| Conjoint | - |"""

_PAIN008 = """<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.008.001.02">
 <CstmrDrctDbtInitn>
  <GrpHdr><MsgId>SDD-2025-0412</MsgId><CreDtTm>2025-04-01T06:00:00</CreDtTm><NbOfTxs>3</NbOfTxs></GrpHdr>
  <PmtInf>
   <Cdtr><Nm>Ruderverein Elbauen e.V.</Nm></Cdtr>
   <DrctDbtTxInf>
    <PmtId><EndToEndId>E2E-40417</EndToEndId></PmtId>
    <InstdAmt Ccy="EUR">48.00</InstdAmt>
    <Dbtr><Nm>Jorinde Habekost</Nm></Dbtr>
    <DbtrAcct><Id><IBAN>DE89370400440532013000</IBAN></Id></DbtrAcct>
    <RmtInf><Ustrd>Beitrag 2025-04 Mitglied RV-73310 Rate 4/12</Ustrd></RmtInf>
   </DrctDbtTxInf>
   <DrctDbtTxInf>
    <PmtId><EndToEndId>E2E-40418</EndToEndId></PmtId>
    <InstdAmt Ccy="EUR">120.00</InstdAmt>
    <Dbtr><Nm>Bootswerft Lange GmbH</Nm></Dbtr>
    <DbtrAcct><Id><IBAN>DE75512108001245126199</IBAN></Id></DbtrAcct>
    <RmtInf><Ustrd>Rechnung 2025118 Liegeplatz 60214</Ustrd></RmtInf>
   </DrctDbtTxInf>
   <DrctDbtTxInf>
    <PmtId><EndToEndId>E2E-40419</EndToEndId></PmtId>
    <InstdAmt Ccy="EUR">48.00</InstdAmt>
    <Dbtr><Nm>Ole Brinkmann</Nm></Dbtr>
    <DbtrAcct><Id><IBAN>DE02120300000000202051</IBAN></Id></DbtrAcct>
    <RmtInf><Ustrd>Rechnung 2025119 Beitrag 88204</Ustrd></RmtInf>
   </DrctDbtTxInf>
  </PmtInf>
 </CstmrDrctDbtInitn>
</Document>"""

_CALL_NOTE = """Rückruf gewünscht nach 17 Uhr, Einwilligung liegt vor.
Geprüft: wendlako (Konstanze Wendlandt)
Kategorie: Nebenwirkung"""

_CHANGELOG = """Fixed: typo (Konstanze Wendlandt)
Added: parser (Ole Brinkmann)"""

_LOG_BRACKETS = """2024-03-12T10:00:01Z login ok user=ottilie.marchbanks@posteo.de [1710238442]
Audit: reviewed by ottilie.marchbanks@posteo.de (ISO 27001) on 20240312"""

_THING_LABELS = """Host: web03 (Ottilie Marchbanks)
Ticket: INC0048213 (Ottilie Marchbanks)"""

_FOR_PARTS = """Ciao Ludovica Sanfilippo, il numero di iscrizione del paziente è 48213.
Ihre Lieferschein-Nr. 55821 und Ihr Angebot Nr. 66120, Jonas Weber.
Conformément à la loi n° 78-17, votre interlocutrice Camille Martin."""

_ROLE_MAIL = """Questions: write to helpdesk@example.com (24/7) or to yannick.le-bihan@orange.fr (since 2019)."""


@pytest.mark.parametrize(("text", "value"), [
    (_VCARD, "730418"),
    (_TICKET_DE, "KR-604217"),
    (_LETTER_FR, "T40921"),
    (_LETTER_ES, "48317"),
    (_LETTER_IT, "20873"),
    (_EMAIL_BRACKET, "RG448172"),
    (_DETAILS, "2750194308812"),
    (_PAIN008, "RV-73310"),
    (_CALL_NOTE, "wendlako"),
])
def test_masked(masker: Masker, text: str, value: str) -> None:
    assert covered(masker, text, value)


@pytest.mark.parametrize(("text", "value"), [
    (_TICKET_DE, "5532871"),          # an order's number
    (_TICKET_DE, "2025-88412"),       # an invoice's
    (_LETTER_FR, "12345"),            # a page's
    (_LETTER_FR, "778211"),           # an invoice's
    (_LETTER_IT, "2025/118"),         # a case file's (pratica)
    (_LETTER_IT, "90417"),
    (_CHARITY, "1099321"),            # a charity's
    (_CHARITY, "04417829"),           # a company's
    (_NO_PERSON, "448120"),           # no person near
    (_NO_PERSON, "48211"),
    (_ROLE_MAIL, "2019"),             # a year in brackets
    (_DETAILS, "14/02/1961"),         # (a birth date: the date stage's, not a number)
    (_PAIN008, "2025-04"),            # a month
    (_PAIN008, "4/12"),               # an instalment
    (_PAIN008, "60214"),              # a firm's transaction: no person in it
    (_PAIN008, "2025119"),            # an invoice's
    (_PAIN008, "88204"),              # (a number after an invoice's in the same text: the invoice's line)
    (_LOG_BRACKETS, "1710238442"),    # a Unix time in a log's brackets after an address
    (_LOG_BRACKETS, "27001"),         # a standard's
    (_FOR_PARTS, "55821"),            # a delivery note's, though "your"
    (_FOR_PARTS, "66120"),            # a quote's
    (_FOR_PARTS, "78-17"),            # a law's
])
def test_kept_as_no_number(masker: Masker, text: str, value: str) -> None:
    start = text.index(value)
    spans = masker.pipeline.detect(text)
    assert not any(s.category == "account" and s.start < start + len(value) and s.end > start for s in spans)


@pytest.mark.parametrize(("text", "value"), [(_CHANGELOG, "typo"), (_CHANGELOG, "parser"), (_THING_LABELS, "web03"),
                                           (_THING_LABELS, "INC0048213")])
def test_label_words_before_a_name_stay(masker: Masker, text: str, value: str) -> None:
    """A changelog's "Fixed: typo (Name)", an owner table's "Host: web03 (Name)": after a label, the word before the
    bracket is a login only when made from the name."""
    assert not touched(masker, text, value)


def test_patient_word_is_no_firm(masker: Masker) -> None:
    """A holder's word ending like a firm's ("paziente", "ente") does not veto the register's number."""
    assert covered(masker, _FOR_PARTS, "48213")


def test_long_tokens_after_the_word_do_not_backtrack() -> None:
    """Words after the number's word are split at blanks only: a long token after "nummer" or "nr" is read once (a
    guard against catastrophic backtracking, which took minutes on 500 characters; speed itself is benchmarked)."""
    import time
    anchor = [Span(0, 4, "person", "test", 1.0)]
    costs = []
    for n in (2000, 8000):
        text = "Nina " + "nummer" * n + " nr" + "a" * n + "1 " + "number/" + "abcdefg/" * n + "1"
        start = time.perf_counter()
        marked_numbers(text, anchor)
        costs.append(time.perf_counter() - start)
    assert costs[1] < 5.0


def test_label_login_is_the_paren_stage(masker: Masker) -> None:
    start = _CALL_NOTE.index("wendlako")
    assert any(s.detector == "paren-handle" and s.start == start for s in masker.pipeline.detect(_CALL_NOTE))


def test_the_stage_that_reads_it(masker: Masker) -> None:
    """The chamber's number is the marked-numbers stage's, anchored by the vCard's name."""
    spans = masker.pipeline.detect(_VCARD)
    start = _VCARD.index("730418")
    assert any(s.detector == MARKED and s.start == start for s in spans)


def test_anchor_is_required() -> None:
    text = "Mitglied der Kammer. Kammer-Nr. 730418."
    assert marked_numbers(text, []) == []
    anchored = marked_numbers(text, [Span(0, 8, "person", "test", 1.0)])
    assert [text[s.start:s.end] for s in anchored] == ["730418"]


def test_no_person_near(masker: Masker) -> None:
    assert not touched(masker, _NO_PERSON, "448120")


@pytest.mark.parametrize("text", [_VCARD, _TICKET_DE, _LETTER_FR, _LETTER_ES, _LETTER_IT, _EMAIL_BRACKET, _DETAILS,
                                  _PAIN008])
def test_round_trip(text: str) -> None:
    m = Masker(policy=Policy.builtin("agent"))
    masked = m.mask(text)
    assert masked.text != text and m.restore(masked.text) == text


_IMPRESSUM = """Impressum
Musterwerk Bauteile GmbH, Geschäftsführer: Thomas Hofmann, thomas.hofmann@musterwerk-bauteile.de
Registergericht: Amtsgericht Bamberg, Registernummer: HRB 8812
Eingetragen im Vereinsregister des Amtsgerichts Mannheim unter der Nummer VR 700912
Registered number 09123455"""

_ORDERS = """Dott. Ing. Lorenzo Pellegrini, lorenzo.pellegrini@studiopellegrini.it
Iscritto all'Albo degli Ingegneri della Provincia di Firenze al n. 6218
Dr Amélie Castaing, amelie.castaing@cabinet-castaing.fr
Ordre des médecins de la Gironde, n° 33/12894
Ihre Reklamation Nr. 44718 und Votre réclamation n° 44719"""

_FIRM_TRANSFER = """<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.03"><CstmrCdtTrfInitn><PmtInf>
<CdtTrfTxInf><Amt><InstdAmt Ccy="EUR">880.00</InstdAmt></Amt>
<Cdtr><Nm>Schreinerei Peter Müller e.K.</Nm></Cdtr><CdtrAcct><Id><IBAN>DE44500105175407324931</IBAN></Id></CdtrAcct>
<RmtInf><Ustrd>Werkvertrag 44710 Schlussrate</Ustrd></RmtInf></CdtTrfTxInf>
<CdtTrfTxInf><Amt><InstdAmt Ccy="EUR">60.00</InstdAmt></Amt>
<Cdtr><Nm>Peter Müller</Nm></Cdtr><CdtrAcct><Id><IBAN>DE89370400440532013000</IBAN></Id></CdtrAcct>
<RmtInf><Ustrd>448812 Rechnung</Ustrd></RmtInf></CdtTrfTxInf>
</PmtInf></CstmrCdtTrfInitn></Document>"""


@pytest.mark.parametrize(("text", "value"), [
    (_IMPRESSUM, "HRB 8812"), (_IMPRESSUM, "VR 700912"), (_IMPRESSUM, "09123455"),
    (_ORDERS, "44718"), (_ORDERS, "44719"),
    (_FIRM_TRANSFER, "44710"), (_FIRM_TRANSFER, "448812"),
])
def test_firms_and_documents_stay(masker: Masker, text: str, value: str) -> None:
    start = text.index(value)
    spans = masker.pipeline.detect(text)
    assert not any(s.category == "account" and s.start < start + len(value) and s.end > start for s in spans)


@pytest.mark.parametrize("value", ["6218", "33/12894"])
def test_orders_of_professions(masker: Masker, value: str) -> None:
    """A register named far before the number's word, or as a professional order ("Ordre des médecins")."""
    assert covered(masker, _ORDERS, value)
