"""Agent traffic, forty-second part (issue 23, with #24's codes and keys): what a record's neighbours say.

An auction bidder's paddle number after its word in five languages and under its column; a role's column ("BUYER",
"tecnico") in a fixed-width report; a printed record whose type ends in Row, Dto or Record, or a Python object's
``<PassHolder id=… name=…>`` repr; a phone's serial number and unlock code in the record its IMEI names, an IMEI in
an XML element or right after a phone model's cell; a BitLocker key a person typed; an unlock code in brackets,
left "for testing" by someone, or given as the answer to a request for it; a copied Slack thread's authors (a login by
its shape, or one the thread @mentions) and a support chat's "Operatore Giorgia:"; a ZPL label's fields; a birth date under
a name in an HTML cell; a given name and its surname's initial; "Pasaporte n.º"; an Italian "Documento:" number; XML
label and value pairs; a ski pass's WTP number; a mountain guide's "Brevetto n."; a record's "City:" under its
street; a meeting number on a meeting host; a share link's generated key; PagerDuty's routing key; a prescriber's NPI
or RPPS; Spanish addresses with a floor; a code comment signed with a login; a SURNAME,GIVEN cell; a health card's
CIP, a property's UPRN and a pharmacy claim's cardholder id; and what the reviews found over-masked. The values here
are our own."""

from __future__ import annotations

import pytest

from coatcheck import Masker, Policy

from .spans import covered, touched


@pytest.fixture(scope="module")
def masker() -> Masker:
    return Masker(policy=Policy.builtin("agent"))


_SETTLEMENT = """$ runqry settle --sale LOT-2025-07
PADDLE  BUYER                       INVOICE           HAMMER    PREMIUM  STATUS
414     ABERNETHY K.                88120455        18000.00    4500.00  PAID
626     ZWIEFELHOFER T.             88120460         9500.00    2375.00  OPEN
2 RECORDS SELECTED
"""
_THREAD = """Summarise this thread:

annikab  09:12
the second bidder on lot 12 asked for a callback
tamsinhr  09:15
@annikab sure, I'll ring her after lunch
annikab  09:20
@tamsinhr thanks
"""
_REPAIR = """{
  "ticket": "RP-88213",
  "device": {
    "model": "Pixel 8",
    "imei": "356938035643809",
    "serial": "GK7Q2M9XTR",
    "passcode": "551208"
  }
}
"""
_LABEL = """^XA
^CI28
^FO20,15^A0N,28,28^FDHALVORSEN, Ingrid^FS
^FO20,48^A0N,22,22^FDDOB 14/02/1981  MRN 4410923^FS
^XZ
"""


@pytest.mark.parametrize("text,value", [
    # a bidder's paddle after its word, in a key, a URL, an option, a sentence, in five languages
    ("GET /live/MIL1203/bid?paddle=512&session=abc HTTP/1.1\n", "512"),
    ('{"event":"bid_placed","paddle":318,"amount":4000}\n', "318"),
    ("$ lotctl bidder show --paddle 207\n", "207"),
    ("Your paddle number is 644. Please bring photo ID.\n", "644"),
    ("Su número de paleta es el 733. Traiga su DNI.\n", "733"),
    ("Votre numéro de panneau est le 481.\n", "481"),
    ("Bieternummer 392 gilt weiter.\n", "392"),
    ("Paletta n.            275\n", "275"),
    ("the underbidder was Ilse Vandamme (paddle 366), call her\n", "366"),
    ("numero_paletta,id_cliente,nome,cognome,email\n121,885512,Rosalba,Quintavalle,rq@example.it\n", "121"),
    # a fixed-width report's role column; a paddle 727 is no placeholder
    (_SETTLEMENT, "ABERNETHY K."),
    ("Auktion morgen: Bieternummer 727 gilt weiter.\n", "727"),
    # a printed record whose type is a person's row, or a Python object's repr
    ("row = BidderRow(paddle=318, name='Ottilie Brandvold', email='ob@example.no')\n", "Ottilie Brandvold"),
    ("  holder = <PassHolder id=483920 name='Teodor Vasilescu' email='tv@example.ro'>\n", "483920"),
    # a phone's record: its IMEI in XML, its serial and its code beside the IMEI; an IMEI after a model's cell
    ("<device><imei>356938035643809</imei><serialNumber>GK7Q2M9XTR</serialNumber></device>\n", "356938035643809"),
    ("<device><imei>356938035643809</imei><serialNumber>GK7Q2M9XTR</serialNumber></device>\n", "GK7Q2M9XTR"),
    (_REPAIR, "GK7Q2M9XTR"),
    ("DESCRIPTION:Tel. +44 7700 123456\\nIMEI 356938035643809\\nCode: 280419\n", "280419"),
    ("R-1;2026-03-02;Ines Valverde;Galaxy S23;356938035643809;Display\n", "356938035643809"),
    ("ticket;cliente;modello;imei;seriale\nT1;Ines Valverde;Pixel 8;356938035643809;GK7Q2M9XTR\n", "GK7Q2M9XTR"),
    ("D1;2026-01-02;Ines Valverde;Pixel 8;356938035643809;GK7Q2M9XTR;Display\n", "GK7Q2M9XTR"),
    # a BitLocker key typed by hand (its groups' check fails on a typo)
    ("- BitLocker recovery key: `112233-445566-778899-001122-334455-667788-990011-223344`\n",
     "112233-445566-778899-001122-334455-667788-990011-223344"),
    # an unlock code in brackets, left for testing, given as an answer
    ("Den Entsperrcode (7304) haben wir gelöscht.\n", "7304"),
    ("She left the code 905512 for testing, see the notes.\n", "905512"),
    ("[09:20] Shop: Per il collaudo ci serve il codice di sblocco.\n[09:21] Cliente: Certo, è 640218. A domani\n", "640218"),
    # a copied thread's authors, an @mention's login at its member's own messages, a support chat's staff
    (_THREAD, "tamsinhr"),
    (_THREAD, "annikab"),
    ("[10:02] Agent Saoirse: Hi! How can I help?\n[10:03] Customer: my FTP login fails\n", "Saoirse"),
    # a ZPL label's fields
    (_LABEL, "14/02/1981"),
    (_LABEL, "HALVORSEN, Ingrid"),
    # a birth date under a name in its cell; a given name and its surname's initial
    ('<td><a href="/patients/99120">Wenonah Clearwater</a><br><small>03/09/1987</small></td>\n', "03/09/1987"),
    ("<td>Liesel Ambrosetti</td><td>Cornelia K.</td>\n", "Cornelia K."),
    # Spanish numbering; an Italian "Documento"; XML label and value pairs
    ("DNI: 12345678Z   Pasaporte n.º: XK4471902\n", "XK4471902"),
    ("Codice fiscale: RSSMRA85T10A562S   Documento: CB44871KX\n", "CB44871KX"),
    ("<tabStatus><tabLabel>dob</tabLabel><tabValue>1984-11-02</tabValue></tabStatus>\n", "1984-11-02"),
    # a ski pass's WTP number; a mountain guide's licence
    ('"media": {"type": "keycard", "wtp": "31-4402 1187 9930 5521-8"}\n', "31-4402 1187 9930 5521-8"),
    ("NOTE:Carnet nº 4409\n", "4409"),
    # a record's town under its street; Spanish addresses with their floor
    ("Address:        14 Quarry Lane\nCity:           Wexford\nPostal code:    Y35 F2K7\n", "Wexford"),
    ("Alegante: Calle del Pozo, 41, 2.º dcha., 28014 Villanueva de la Sierra (Madrid)\n",
     "Calle del Pozo, 41, 2.º dcha., 28014 Villanueva de la Sierra (Madrid)"),
    ('"input":"Paseo del Río, 18, bajo, 46001 Valencia"\n', "Paseo del Río, 18, bajo, 46001 Valencia"),
    # a meeting number on a meeting host; a share link's and a calendar feed's generated keys
    ("Join: https://meet.clinica-norte.es/j/84413920571\n", "https://meet.clinica-norte.es/j/84413920571"),
    ("receipt: https://share.famlink.app/f/Qx7_Lm2Vp9-Rt4KwZ8YbN3Hd\n", "https://share.famlink.app/f/Qx7_Lm2Vp9-Rt4KwZ8YbN3Hd"),
    # PagerDuty's integration key; a prescriber's NPI and RPPS
    ('{"routing_key": "9f3c1a7e5b2d4c6f8a0b1c2d3e4f5a6b", "event_action": "trigger"}\n', "9f3c1a7e5b2d4c6f8a0b1c2d3e4f5a6b"),
    ("Prescriber: Dr. Amara Okafor, NPI 1740283910.\n", "1740283910"),
    ("Prescripteur : Dr Hélène Marchal, RPPS 10003338541.\n", "10003338541"),
    # a code comment's signature; a remittance's SURNAME,GIVEN; a role column's staff login
    ("# TODO rotate before launch  -- mbianchi\nAPI_KEY = load()\n", "mbianchi"),
    ("CLAIM-ID     PATIENT-NAME              DOB\n440012993001 MCALLISTER,FIONNUALA      19720315\n", "MCALLISTER,FIONNUALA"),
    # a pharmacy claim's cardholder id
    ('claim txn=D0240 bin=003858 cardholder_id=ZGP40917733102 patient="Ines Valverde"\n', "ZGP40917733102"),
    # a health card's CIP and a property's UPRN
    ('"cip_sns": "ABCD123456789012"\n', "ABCD123456789012"),
    ('"site": {"uprn": "100023336956"}\n', "100023336956"),
    # a password after a label of several words; a hyphenated German street
    ("Identifiant : lmarchal\nMot de passe : Genziana!41\n", "Genziana!41"),
    ("Parola d'ordine: Rovere#2291\n", "Rovere#2291"),
    ("Mit freundlichen Grüßen\nKonrad-Adenauer-Allee 7, 86150 Augsburg\n", "Konrad-Adenauer-Allee 7, 86150 Augsburg"),
])
def test_masked(masker: Masker, text: str, value: str) -> None:
    assert covered(masker, text, value), masker.mask(text).text


@pytest.mark.parametrize("text,value", [
    # a pallet's, a sign's, a panel's numbers; a paddle's API; a game's paddle; a CI listing's agent
    ("speeds:\n  ball: 300\n  paddle: 450\n", "450"),
    ("NAME        STATUS   AGENT\nbuild-142   passed   macos-runner\n", "macos-runner"),
    ('{"imei": "356938035643809", "status": "error", "code": 4013}\n', "4013"),
    ("The mock returns data with error code 4013 for testing the retry path.\n", "4013"),
    ("panneau 1200 mm, paleta 120x80, panneau solaire 300 W\n", "1200"),
    ("Paddle API version 2023 is deprecated\n", "2023"),
    # placeholders still: one digit repeated, a long alternation
    ("PIN: 0000\n", "0000"),
    # a phone's serial with no IMEI beside it; an error code in a device's record
    ("Dell PowerEdge R740, serial: 7XK2M93\n", "7XK2M93"),
    ('{"imei": "356938035643809", "error code": 4013}\n', "4013"),
    # a model name and a number that fails the IMEI check
    ("Galaxy S23;123456789012345;Display\n", "123456789012345"),
    # a port before "the code"; a code-first sentence about a port
    ("8080 is the port the code listens on\n", "8080"),
    # a tool's timings and a single author line
    ("Training time per model:\nalexnet  12:30\nresnet50  45:10\n", "alexnet"),
    ("maxlint  3:40\nrun the linter\n", "maxlint"),
    # a support chat's role and a word after it that is no name
    ("[10:02] Agent Status: online\n", "Status"),
    # a ZPL label's commands
    (_LABEL, "^FO20,48"),
    # a later date under a name is no birth date
    ("<td>Wenonah Clearwater<br><small>03/09/2025</small></td>\n", "03/09/2025"),
    # a document's word before a file or a year
    ("Documento: fattura_2024.pdf\n", "fattura_2024.pdf"),
    ("<tabLabel>status</tabLabel><tabValue>completed</tabValue>\n", "completed"),
    # a software model's name with dictionary words; a meeting path's word
    ("https://huggingface.co/TheBloke/Llama-2-7B-Chat-GGUF\n", "Llama-2-7B-Chat-GGUF"),
    ("https://meet.example.org/j/standup\n", "standup"),
    # a message broker's routing key; an invalid NPI; an RPPS that does not start with 10
    ('{"routing_key": "orders.created"}\n', "orders.created"),
    ("NPI 1234567890 is invalid\n", "1234567890"),
    # a comment's trailing option and word
    ("# pass the flags after -- verbose\n", "verbose"),
    ("# old API -- deprecated\n", "deprecated"),
    # a role column's tool and status words
    ("ticket;cliente;estado;tecnico\nT1;Rut Olabarria;Concedida;automatico\n", "automatico"),
    # what the reviews found over-masked: an advisory's id, a model's name, a public calendar, headings after a
    # role's word, a program as an agent, postal and error codes "for testing", a port after a code's request, a KB
    # article after "doc", a kayak's paddle, a comment's date under its author, other codes near an IMEI, an agenda
    ("see https://github.com/advisories/GHSA-vqfr-h8mv-ghfj for details\n", "GHSA-vqfr-h8mv-ghfj"),
    ("https://huggingface.co/TheBloke/CodeLlama-7B-GGUF\n", "CodeLlama-7B-GGUF"),
    ("https://example-calendars.net/feeds/GermanHolidays2024.ics\n", "GermanHolidays2024"),
    ("Support Escalation: page the on-call\nAgent Claude: done\n", "Escalation"),
    ("Support Escalation: page the on-call\nAgent Claude: done\n", "Claude"),
    ("# use zip code 94105 for testing\n", "94105"),
    ("Implement the unlock code\nDer Port ist 8443\n", "8443"),
    ("Install doc KB5034441 first\n", "KB5034441"),
    ("kayak paddle 2300 series\n", "2300"),
    ("<div><a>John Smith</a><br><small>2003-11-04</small><p>Great post!</p></div>\n", "2003-11-04"),
    ('{"imei": "356938035643809", "result code": 1001, "note": "Promo code: 2024"}\n', "1001"),
    ("standup  09:30\n  daily sync\nretro  16:00\n  notes\n", "standup"),
    # a password's label with a rule or a word after it
    ("Mot de passe : obligatoire\n", "obligatoire"),
    ("Mot de passe : 8 caractères minimum\n", "caractères"),
])
def test_kept(masker: Masker, text: str, value: str) -> None:
    assert not touched(masker, text, value), masker.mask(text).text


@pytest.mark.parametrize("text", [_LABEL, _REPAIR, _THREAD, _SETTLEMENT])
def test_round_trip(text: str) -> None:
    m = Masker(policy=Policy.builtin("agent"))
    masked = m.mask(text)
    assert masked.text != text and m.restore(masked.text) == text
