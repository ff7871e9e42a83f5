"""Agent traffic, thirty-third part (issue 23): a person's record id under a key naming a person's role (userId,
author_id, responder_id), an IBAN with a typo quoted by an error, a bank statement's counterparty in capitals
after its transfer words (five languages, an MT940's ?32), a car's plate by its country's layout beside a car's or a
parking's words and under "Reg"/"registration"/"Kennz.", a VIN under its label, an e-mobility contract id and a
charging card's RFID UID, a national id under a dump's tax column, a Slack copy's speaker line, prefixed last and
first name elements (LEDES' tk_lname), a LEDES file's records, a found surname's other forms (K. Delacroix,
"Delacroix, Keisha", MR. DELACROIX), a chat mention's handle in brackets, a Slack member id, an Atlassian account id,
Spanish social-security and Italian INPS numbers, a tax adviser's client number, dates of birth after "nato/a il"
and "Geb.-Datum", a court reporter's and a lawyer's registration numbers, a found surname opening a file's name, the postcode and town
line under a found street, a number in brackets after a customer's e-mail address, an insurance claim's and a policy's number after their word, a SIM's ICCID with a mistyped check digit under its
label, a number's porting code (PAC, RIO), a first name
after a letter's salutation and its colon or after the thanks that sign a message off, an Italian health card's
number, a subscriber's confirmation token in a dump's token column, a parking permit's number, a German street
written as two words, a Digest authorization's login, a SIM's Ki and OPc keys, a hotel guest's SURNAME/GIVEN name, a loyalty number; a computer named for its owner (NB-ACAPUTO-02), a
password after the adjective Romance languages put after its noun, a Teams meeting's twelve digits, a badge's and a
matricola's number, a Salesforce contact's id, a SEPA mandate's id, a Cisco ASA's AAA login, first and last names in a
URL's query, a found surname in a document's file name in any case, Salesforce's mailing address fields,
a PHP config's glued dbpass and smtppass, a surname in a file's name without its accents, a chat copy's login
speaker, a student information system's user id. And what a second review's inputs found stays: an app's badge
count, C#'s Username property, a sample API's ?name=, a book's author after last=, servers named for a service's
mailbox, a bot's and a schedule's lines, an Italian word in a file's name, an attribute access, a hex id.

And what stays: a car's make and model beside a person's columns (no person), a header's word after "N°" (no
account), a sales lead's number, a transaction's id, a CDR's or a matter's key, a company in a bank's booking text, a font's family in XML
and a kwarg named lname in code, a documentation's Slack ids and AWS account ids, a year before three letters; and what a review's
own inputs found: amounts in a currency beside a customer's word, a code's token arguments, a product's tax
code, a world clock's cities, a device's or a company's registration, a password policy's id, a log's capitals after
"transfer to", a company after a bank's transfer word, a test's IBAN, a release heading under a street, an RFID
reader's CRC, a package count, a fleet simulator's VIN, a word and a year after "user".
The values here are our own."""

from __future__ import annotations

import pytest

from coatcheck import Masker, Policy

from .spans import covered, touched


@pytest.fixture(scope="module")
def masker() -> Masker:
    return Masker(policy=Policy.builtin("agent"))


_NRQL = '{"results": [{"userId": "884210375", "enduser.email": "ottilie.brandvold@posteo.de", "count": 12}]}'
_TICKET = '{"ticket": {"responder_id": 70311948822, "audit": {"author_id": 551902744310}}}'
_STATEMENT = ('Date;Libellé;Débit;Crédit\n'
              '03/05/2026;"VIR SEPA RECU /DE HÉLOÏSE DUMONTIER /MOTIF LOYER MAI /REF 2231";;1 250,00\n'
              '07/05/2026;"PRLV SEPA DE ENEL ENERGIA SPA";87,10;\n')
_MOVIMENTI = '12/05/2026;BONIFICO A VOSTRO FAVORE DA GIANLUCA FERRANTE IBAN IT60X0542811101000000123456 CAUSALE AFFITTO\n'
_MT940 = ":86:166?00GUTSCHRIFT?20Miete Juni?30COBADEFFXXX?31DE89370400440532013000?32MARLENE OSTERKAMP\n"
_JOB_CARD = "JOB CARD WO-88120\nCustomer: Bertil Ahlgren   Tel 07700 900123\nVehicle: Skoda Octavia Combi   Reg: KX19 WBT   VIN: TMBJJ7NE4K0123987\n"
_DEALER = ("N° prospect;Prénom;Nom;E-mail;Modèle souhaité;Source\n"
           "P-551203;Gaspard;Lefebvre;g.lefebvre@orange.fr;Toyota Yaris Hybrid;web\n"
           "P-551377;Maëlle;Garnier;maelle.garnier@sfr.fr;Kia Niro EV;salon\n")
_SLACK_COPY = "#ap-approvals\nEttore Valdambrini  10:42\ninvoice INV-3310 is waiting on you\nMaëlle Garnier  10:47\nlooks fine\n"
_LEDES = ("LEDES1998B[]\nINVOICE_DATE|INVOICE_NUMBER|LAW_FIRM_MATTER_ID|TIMEKEEPER_ID|TIMEKEEPER_NAME|LINE_ITEM_TOTAL[]\n"
          "20260331|88120|M-4411|TK5520|VALDAMBRINI, ETTORE|330.00[]\n"
          "20260331|88120|M-4412|TK5521|OSTERKAMP, MARLENE|82.50[]\n")
_CONFLICT = ('Requested by: Siobhan Delacroix (sdelacroix)\nSearch term: "Delacroix, Keisha"\n'
             "Hits:\n  1. K. Delacroix — fuzzy match 0.82\n")
_DEPOSITION = ("  1      DEPOSITION OF INGRID OSTERKAMP\n  5  Q.  Please state your name.  A.  Ingrid Osterkamp.\n"
               " 14      MR. VALDAMBRINI: Objection, form.\n Counsel: Ettore Valdambrini\n")
_SQL = ("INSERT INTO `customers` (`id`,`first_name`,`last_name`,`email`,`tax_code`) VALUES\n"
        "(4100,'Tobias','Nowak','tnowak@posteo.de','86095742719'),\n(4101,'Henrike','Baum','hbaum@web.de','47036892816');\n")


@pytest.mark.parametrize("text,value", [
    ("Customer: Mercedes Leon Garcia, phone +34 612 345 678", "Mercedes Leon Garcia"),
    (_NRQL, "884210375"),
    (_TICKET, "70311948822"),
    (_TICKET, "551902744310"),
    ("celery: raised InvalidIBAN(\"checksum failed for 'GB08NWBK60161331926818' (employee E5127)\")", "GB08NWBK60161331926818"),
    (_STATEMENT, "HÉLOÏSE DUMONTIER"),
    (_MOVIMENTI, "GIANLUCA FERRANTE"),
    (_MT940, "MARLENE OSTERKAMP"),
    ('13/05/2026,"BIZUM A FAVOR DE ROCÍO V. TEL 624591075",-13,08', "ROCÍO V"),
    ("sms to=+33 6 77 73 22 47 body=\"Votre stationnement pour GD-263-SB se termine dans 10 min.\"", "GD-263-SB"),
    ("Customer called back. Their plate from the windscreen note: AV17 GMK.", "AV17 GMK"),
    ("sms to=+34 611 208 447 body=\"Tu estacionamiento para 5681 MGK termina en 10 min.\"", "5681 MGK"),
    ("Sehr geehrter Herr Kohl, wir bitten Sie, die Besichtigung von M-K 1392 zu vereinbaren", "M-K 1392"),
    (_JOB_CARD, "KX19 WBT"),
    (_JOB_CARD, "TMBJJ7NE4K0123987"),
    ('{"customer": {"email": "gl@orange.fr"}, "vin": "ZFA31248507481736", "registration": "FB-293-RS"}', "FB-293-RS"),
    ('{"customer": {"email": "gl@orange.fr"}, "vin": "ZFA31248507481736", "registration": "FB-293-RS"}', "ZFA31248507481736"),
    ("(Kd.-Nr. 839454, Kennz. S-BR 2866E) steht im PDF", "S-BR 2866E"),
    ("le contrat FR-SNM-C7XZ0BKF1-6 a deux sessions", "FR-SNM-C7XZ0BKF1-6"),
    ("Et mon badge RFID 69D8CFC996DB63 ne marche plus", "69D8CFC996DB63"),
    ('"cdr_token": {"uid": "D37C6D8FC61A41", "type": "RFID"}', "D37C6D8FC61A41"),
    (_SQL, "86095742719"),
    (_SLACK_COPY, "Ettore Valdambrini"),
    (_SLACK_COPY, "Maëlle Garnier"),
    ("<tksum><tk_id>TK775</tk_id><tk_lname>Osterkamp</tk_lname><tk_fname>Marlene</tk_fname></tksum>", "Osterkamp"),
    ("<tksum><tk_id>TK775</tk_id><tk_lname>Osterkamp</tk_lname><tk_fname>Marlene</tk_fname></tksum>", "Marlene"),
    (_LEDES, "VALDAMBRINI, ETTORE"),
    (_LEDES, "TK5520"),
    (_CONFLICT, "Delacroix, Keisha"),
    (_CONFLICT, "K. Delacroix"),
    (_DEPOSITION, "INGRID OSTERKAMP"),
    (_DEPOSITION, "VALDAMBRINI"),
    ('"text": "approuvé par <@U0K74DZ8HRW> (sgautreau)"', "sgautreau"),
    ('{"type": "message", "channel": "C09G5RD4E0E", "user": "U0PWBXZG3FI", "text": "x"}', "U0PWBXZG3FI"),
    ('<comment id="4471" author="557058:6e2b1c0a-91f4-4c3b-8d2e-7a0f55b1c9e3" created="Tue">', "557058:6e2b1c0a-91f4-4c3b-8d2e-7a0f55b1c9e3"),
    ("Nº afiliación S.S.: 28/91608024/09", "28/91608024/09"),
    ("Posizione INPS: 5386070118\nLivello: C1", "5386070118"),
    ("NOTE:Mandanten-Nr. 73844\nREV:2026-03-02", "73844"),
    ("Parte assistita: Kwame Ferrante, nato/a il 25/10/1977, residente a Roma", "25/10/1977"),
    ("Schaden angelegt. Geb.-Datum 23.10.1972 stimmt.", "23.10.1972"),
    ('"reimbursementAccount": {"accountNumber": "26049870", "sortCode": "92-76-90"}', "92-76-90"),
    ("  Certified Shorthand Reporter: Maren Solberg, CSR No. 10942", "10942"),
    ('"title": "Payment failures for customer k.boateng@fastmail.com (09428018)",', "09428018"),
    ("Opened claim SIN58470728 for the customer this morning.", "SIN58470728"),
    ("ICCID: 8939104520001834562", "8939104520001834562"),
    ("Hola Abdoulaye:\n\nTu informe de gastos está aprobado.", "Abdoulaye"),
    ("¿Lo podéis corregir antes del próximo pago? Gracias, Abdoulaye", "Abdoulaye"),
    ("Tessera sanitaria: 80380001200012345678", "80380001200012345678"),
    ("Res# 884120  Guest: OKAFOR/CHIDI MR  Arr: 12MAR26  Dep: 15MAR26", "OKAFOR/CHIDI"),
    ("Serial,Owner\nNB-ACAPUTO-02,alessio.caputo@studiobertani.it,Alessio Caputo\n", "NB-ACAPUTO-02"),
    ("$CFG->dbuser    = 'moodleuser';\n$CFG->dbpass    = 'Lavagna%5669K';\n$CFG->smtppass = 'Mariposa#7517';\n", "Lavagna%5669K"),
    ("$CFG->dbuser    = 'moodleuser';\n$CFG->dbpass    = 'Lavagna%5669K';\n$CFG->smtppass = 'Mariposa#7517';\n", "Mariposa#7517"),
    ('{"holder": "Zeynep Yıldırım"}, "attachments": ["isee_yildirim.pdf", "transcript.pdf"]}', "yildirim"),
    ("#helpdesk\n\nnoemi.bertoldi  10:51\nencontrado: en la fila 12\n", "noemi.bertoldi"),
    ('"user_login": "lacombet",\n"user_sis_id": "27319140",', "27319140"),
    ("débloqué, mot de passe provisoire Welcome147! à changer à la prochaine connexion", "Welcome147"),
    ("contraseña temporal Welcome147! para el primer acceso", "Welcome147"),
    ("DESCRIPTION:Microsoft Teams meeting\\nMeeting ID: 491 588 178 599\\nPasscode: QkINBo", "491 588 178 599"),
    ("Richiedente: Chiara Lombardo – matricola n.º E60805", "E60805"),
    ('"Id": "0035g00000gwoakAAQ", "FirstName": "Matteo", "Email": "m.rossi@libero.it"', "0035g00000gwoakAAQ"),
    ("<DrctDbtTx><MndtRltdInf><MndtId>MND-3898205</MndtId><DtOfSgntr>2026-06-23</DtOfSgntr>", "MND-3898205"),
    ("%ASA-6-113004: AAA user authentication Successful : server =  10.26.84.129 : user = nereaa", "nereaa"),
    ('"GET /petition/sign?first=Hodan&last=Warsame&optin=1 HTTP/1.1" 200', "Warsame"),
    ("card[cvc]=387&billing_details[name]=Ottavio%20Ruggiero&billing_details[email]=x", "Ottavio%20Ruggiero"),
    ('attachments:\n  - budget.xlsx\n  - "cv_manzanares.pdf"\napplicant: Lucía Manzanares\n', "manzanares"),
    ('{"MailingStreet": "39 Leith Walk", "MailingCity": "Edinburgh", "MailingPostalCode": "EH6 5DT"}', "39 Leith Walk"),
    ("Room: 412  Rate: BAR  Loyalty: HH 4471902231", "HH 4471902231"),
    ('Authorization: Digest username="mrossi", realm="pbx", nonce="5f2a", response="8c5a"', "mrossi"),
    ("ki=465B5CE8B199B49FAA5F0A2EE238A6BC opc=CD63CB71954A9F4E48A5994E37A02BAF", "CD63CB71954A9F4E48A5994E37A02BAF"),
    ("Bewohnerparkausweis Nr. BPA-2026-04471 für Svenja Mahlmann", "BPA-2026-04471"),
    ("Resident permit RP-396587 issued to the flat's tenant", "RP-396587"),
    ("Inhaber: Svenja Mahlmann, Bergheimer Str. 12, 69115 Heidelberg", "Bergheimer Str. 12"),
    ("INSERT INTO `subscribers` (`id`, `email`, `confirm_token`) VALUES\n(1000,'c.valadier@orange.fr','5229054feb8faab7b5f8b47157bdf9785c567ad1'),\n"
     "(1001,'m.lebrun@sfr.fr','81077a097c74ec53be5b74a3e1d98fc3db73ac01');\n", "5229054feb8faab7b5f8b47157bdf9785c567ad1"),
    ("Your PAC code is MNO482917, valid for 30 days", "MNO482917"),
    ("Code RIO : 01 P 7X2K9A 4QZ", "01 P 7X2K9A 4QZ"),
    ("Subject: Ihre Schadenmeldung SIN45119599", "SIN45119599"),
    ("Subject: Votre déclaration de sinistre SIN66506495", "SIN66506495"),
    ("parked outside on 23/08/2026. Policy no. KFZ-57018871. The other driver left a note", "KFZ-57018871"),
    ("Wiebke Janssen\nKastanienallee 58\n04109 Leipzig\n\nZahlungserinnerung", "04109 Leipzig"),
    ("    Lucía Montenegro<br>\n    Calle de Alcalá, 24, 7º D<br>\n    29005 Málaga<br>\n", "29005 Málaga"),
    ("Presentador: Gonzalo Quispe (Colegiado n.º 48094 ICAM)", "48094"),
    ('{"path":"D:\\Akten\\Osterkamp_Vollmacht.docx"}\nMandantin: Marlene Osterkamp', "Osterkamp_"),
])
def test_masked(masker: Masker, text: str, value: str) -> None:
    assert covered(masker, text, value)


@pytest.mark.parametrize("text,value", [
    ('{"vehicle": {"vin": "ZFA31248507481736", "odometer": 88120}}', "ZFA31248507481736"),
    (_DEALER, "Toyota Yaris Hybrid"),
    (_DEALER, "Kia Niro EV"),
    (_DEALER, "prospect"),
    (_DEALER, "P-551203"),
    ("ID lead;Nome;Cognome;E-mail\nL-285207;Aurora;Chen;aurora.chen@gmail.com\nL-257105;Mei;Russo;mei.russo@outlook.it\n", "L-285207"),
    ("2026-02-24T21:34:28Z [ocpp-gw] INFO  tx started tx_id=877068 firmware=4.12.7", "877068"),
    ("CDR_ID,Start,Driver_Name,kWh\nIT2119051939,2026-06-02T20:16:00Z,Brunella Esposito,10.98\n"
     "IT5260313286,2026-01-22T23:23:35Z,Gavino Bertolini,67.98\n", "IT2119051939"),
    (_LEDES, "M-4411"),
    (_STATEMENT, "ENEL ENERGIA"),
    ("<fontconfig><alias><family>Inter</family></alias></fontconfig>", "Inter"),
    ('    def test_rlock(self, lname="Lock"):', "Lock"),
    ('"messages": [{"user": "U02ABCDEF", "text": "hi"}]', "U02ABCDEF"),
    ('"UserId": "111122223333"', "111122223333"),
    ("car model 2024 ABC, parking level 2", "2024 ABC"),
    ("All good, merged. Thanks, Everyone", "Everyone"),
    ("Token Ring 4 frames were dropped", "Token Ring 4"),
    ("name: TCP/IP\nport: 443", "TCP/IP"),
    ("Dear customer, your car insurance renewal is 1340 GBP.", "1340 GBP"),
    ("Customer: car rental quote 1250 EUR per week, deposit 1500 USD.", "1250 EUR"),
    ("  def visit_comprehension(self,\n      node,  # type: AstNode\n      first_token,  # type: util.Token\n"
     "      last_token,  # type: util.Token\n      ):\n", "last_token"),
    ("sku,name,price,tax_code\nA100,Widget,9.99,P0000000\nA101,Gadget,19.99,PC040100\n", "PC040100"),
    ("World clock\nLondon  09:42\nParis  10:42\nSydney  19:42\n", "Paris"),
    ("Device registration: DEV-00421 OK", "DEV-00421"),
    ("Password policy: PWD-2024-01 (min length 12)", "PWD-2024-01"),
    ("log: TRANSFER TO MASTER NODE DONE", "MASTER NODE"),
    ('"ÜBERWEISUNG AN PAUL HARTMANN AG"', "PAUL HARTMANN"),
    ("def test_iban_invalid_checksum():\n    with pytest.raises(ValueError):\n        validate_iban(\"NL91ABNA0417164301\")\n", "NL91ABNA0417164301"),
    ("Supported IBAN countries: NL is 18 long: NL18 ABNA 0000 0000 00.", "NL18 ABNA 0000 0000 00"),
    ("Lindenweg 12\n2024 Release Notes\n", "2024 Release"),
    ("RFID reader init OK, firmware version: 0x92, CRC 3A4F1B2C", "3A4F1B2C"),
    ("PACKAGE 12 of 40 installed", "12"),
    ('{"name": "fleet-sim", "vin": "WVWZZZ1JZXW000001"}', "WVWZZZ1JZXW000001"),
    ('"user": "USER2024A"', "USER2024A"),
    ("le mot de passe provisoire à changer demain", "changer"),
    ("bypass = 'enabled'\ncompass = 'north'\n", "enabled"),
    ("meeting  10:00\nroom 4 booked\n", "meeting"),
    ('{"aps": {"alert": "New message", "badge": 123, "sound": "default"}}', "123"),
    ("var creds = new NetworkCredential { Username = config.SmtpUser, Password = x };", "config.SmtpUser"),
    ('curl "https://petstore.swagger.io/v2/pet/findByName?name=Doggie"', "Doggie"),
    ("GET /api/books?author=x&last=Tolkien", "Tolkien"),
    ("From: veeam@brightwave-logistics.it\nBackup server: SRV-VEEAM-01, proxy SRV-VEEAM-02", "SRV-VEEAM-01"),
    ("github_actions  10:42\nDeploy to production succeeded\n", "github_actions"),
    ("node-01  12:00\nnode-02  12:05\n", "node-01"),
    ("Contabilità: Mario Conti ha caricato piano_dei_conti.xlsx e conti_2024.pdf.", "conti_2024"),
    ("    volunteer = shift.volunteer", "shift.volunteer"),
    ("sha: 003a4f9e1b2c7d8 tag: v1.2", "003a4f9e1b2c7d8"),
    ("GET /search?name=Docker&page=2", "Docker"),
    ("see docs at asmith-notes.example.org\nAuthor: Anna Smith <asmith@corp.com>", "asmith-notes"),
    ("%ASA-6-113004: AAA user authentication Successful : server = 10.0.0.1 : user = admin", "admin"),
    ('Authorization: Digest username="2003", realm="asterisk", nonce="5f2a"', "username="),
    ("Hi Team:\nthe build is green", "Team"),
])
def test_kept(masker: Masker, text: str, value: str) -> None:
    assert not touched(masker, text, value)
