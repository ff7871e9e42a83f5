"""Agent traffic, twenty-ninth part (issue 23): a person's number where the speaker gives it as theirs ("My Steam
ID is …", "Meine Vereins-ID lautet …", "Mon numéro d'adhérent est le …"), after a role alone ("Learner 604417
asked …"), in a people table's column named for the person (``camper_id``, ``speaker_code``, ``pupil_ref``)
whatever the issuer's letters and groups; a drone's operator and flyer registrations; a courtesy title masked with
the name it stands before. And what stays: a phone's, an order's, a cloud's and a program's numbers after "my", a
booking's key column, a document's titles. The values here are our own."""

from __future__ import annotations

import pytest

from coatcheck import Masker, Policy

from .spans import covered, touched


@pytest.mark.parametrize("text,value", [
    # the speaker's own number, in five languages, whatever the platform calls it
    ("Hi, I can't claim the reward. My Steam ID is 76561198044120937, thanks.", "76561198044120937"),
    ("Hallo, meine Vereins-ID lautet VK-2291-ZT, bitte Adresse ändern.", "VK-2291-ZT"),
    ("Meine Discord-Nutzer-ID lautet 704158633990721511.", "704158633990721511"),
    ("Bonjour, mon numéro d'adhérent est le 55180274, merci.", "55180274"),
    ("Hola, mi ID de jugador en la liga es 90441876.", "90441876"),
    ("Ciao, il mio codice partecipante è PRT-88-41Q.", "PRT-88-41Q"),
    ("My volunteer reference is VOL/2291/88 if that helps.", "VOL/2291/88"),
    # a role alone before the number
    ("Attendee 604417 asked for a refund of the ticket.", "604417"),
    ("L'apprenant 771203 n'a pas reçu son certificat.", "771203"),
    # a people table's column named for the person: the first column too, the issuer's letters and groups too
    ("camper_id,Surname,First name,Phone,Email\nCMP-26-0193,Okonkwo,Adaeze,07700 900412,adaeze.ok@example.org\n",
     "CMP-26-0193"),
    ("pupil_ref;Nachname;Vorname;E-Mail\nPR-55012;Brandauer;Leonie;l.brandauer@posteo.de\n", "PR-55012"),
    ("name,email,speaker_code,city\nTamsin Hale,tamsin.hale@fastmail.com,SPK-731-QWZRTA,Leeds\n", "SPK-731-QWZRTA"),
    ("name,email,member_no,city\nIlse Vogt,ilse.vogt@gmx.de,RVC-M-40917,Kassel\n", "RVC-M-40917"),
    ("bid accepted lot=88 amount=310 bidder_id=B660413 user=hmarsh ip=203.0.113.9", "B660413"),
    # a drone's operator and remote pilot registrations
    ('[caa]\noperator_id = "GBR-OP-4QX7N2ML8ZKD"\n', "GBR-OP-4QX7N2ML8ZKD"),
    ("FL-2026-0113,2026-03-02,survey,FRA-RP-9TKD2LQ4WXM7,Chantier Nord", "FRA-RP-9TKD2LQ4WXM7"),
    # a person's record in an API's path, after the collection of people
    ("> GET /v1/residents/RSD20417 HTTP/2\n> Host: api.care-home.example.org\n", "RSD20417"),
    ("HTTP/1.1 201 Created\nLocation: /api/v3/children/KDS-88301\n", "KDS-88301"),
    # a data frame printed without padding, and the same inside a notebook's JSON output
    ("   name  member_no  payment_ref\n0  Ingrid Halvorsen  YGA-448120  INV-2211\n1  Tomasz Wrona  YGA-990317  INV-2212\n",
     "YGA-448120"),
    ('{"text/plain": [\n    "   name  member_no\\n",\n    "0  Ingrid Halvorsen  YGA-448120\\n",\n'
     '    "1  Tomasz Wrona  YGA-990317"\n   ]}', "YGA-990317"),
    # the rows a SQL client prints with no header line, read by the query's select list
    ("sqlite> SELECT pass_no, name, email, size FROM runners WHERE paid = 0;\n"
     "RUN26-4471  Ottilie Brandauer  o.brandauer@posteo.de  M\n"
     "RUN26-5520  Kwabena Asante     k.asante@fastmail.com  L\n", "RUN26-5520"),
    ("club.db> SELECT member_id, name, email FROM members;\n770412993|Ottilie Brandauer|o.brandauer@posteo.de\n",
     "770412993"),
    # a fixed-width export whose capitals name columns IN and OUT
    ("EMPNO   SURNAME             FIRST       LVL    IN    OUT\n"
     "0041177 AGYEMANG            KOFI        17     0612  1818\n", "AGYEMANG"),
    # a badge's number after the word alone; a postcode-and-town column
    ("Jun 11 22:17:45 gate badgeuse[981]: entrée P2 badge 0004471907 niveau -480", "0004471907"),
    ("NOM     PRENOM    CP_VILLE        TEL\nGIRAUD  Maëlle    33000 BORDEAUX  0611223344\n", "33000 BORDEAUX"),
    # whose crontab ran a job; a ticket's note by its author; a call sign; a password called "pw" in a sentence
    ("May 26 11:05:02 ops-01 CRON[96591]: (okaforl) CMD (/opt/bin/send.sh)", "okaforl"),
    ("-- internal note by hvaldes: customer called back about the invoice", "hvaldes"),
    ("Mi indicativo es EA7QRT y el fichero está en el escritorio", "EA7QRT"),
    ("<CALL:6>LU9XQB <QSO_DATE:8>20260112 <TIME_ON:4>1920", "LU9XQB"),
    ("logging in now, admin pw is still Gartenzaun#41 right?", "Gartenzaun#41"),
    # a date of birth a sentence gives a few words after naming it
    ("Also my date of birth was entered wrong, it should be 14/09/1988. Thanks", "14/09/1988"),
    ("danke! Geburtsdatum fürs Formular ist 03.02.2016 — child_ref folgt", "03.02.2016"),
    # a register's identity document column, its header written with a French elision
    ("N°   NOM                     PIÈCE D'IDENTITÉ        TÉLÉPHONE\n"
     "401  LAMBRECHT Aurélie       31KX70422               06 12 34 56 78\n", "31KX70422"),
    # a sqlite3 row's NULL is an empty cell
    ("sqlite> SELECT first, last, email FROM people;\nJan||\nPetr|Svoboda|petr.svoboda@seznam.cz\n", "Svoboda"),
    # a pg_dump COPY block's rows, read by its column list
    ("COPY public.drivers (id, name, dob, cdl_number, phone) FROM stdin;\n"
     "1041\tOttilie Brandauer\t1979-02-17\tW326-5841-7740\t414-772-0915\n\\.\n", "W326-5841-7740"),
    ("COPY public.drivers (id, name, dob, cdl_number, phone) FROM stdin;\n"
     "1041\tOttilie Brandauer\t1979-02-17\tW326-5841-7740\t414-772-0915\n\\.\n", "1979-02-17"),
    # a handle as the display name of an address made from it; a German "Kennung"
    ("77c0d13 otterlake_42 <81240117+otterlake_42@users.noreply.github.com> roster fix", "otterlake_42"),
    ("Auftrag ZW-25-004817 gestartet von Monteur Dominik Schäfer (Kennung dschaefer)", "dschaefer"),
    # the courtesy title with the name
    ("Bonjour Madame Lefebvre-Haas,\n\nvotre colis est arrivé.", "Madame Lefebvre-Haas"),
    ("Sehr geehrter Herr Wojciechowski,\n\nanbei die Rechnung.", "Herr Wojciechowski"),
    ("Bought on 3 March from Mrs Pennycott of Ludlow.", "Mrs Pennycott"),
])
def test_masked(text: str, value: str) -> None:
    assert covered(Masker(policy=Policy.builtin("agent")), text, value)


@pytest.mark.parametrize("text,value", [
    ("My number is 020 7946 0018 if you need to call.", "020"),  # (a phone's, masked as a phone if at all)
    ("My order number is 4471120 and it never arrived.", "4471120"),
    ("My Discord server ID is 1122334455667788990, the bot is offline.", "1122334455667788990"),
    ("My Jira ID is PROJ-4412 and my pixel ID is 884512390012.", "PROJ-4412"),
    ("Meine Bestellnummer lautet 4471298 und die Rechnungsnummer ist RE-2024-0012.", "4471298"),
    ("fork: child id 23451 exited with status 1", "23451"),
    ("consumer group: participant 20417 assigned partitions [0,1]", "20417"),
    ("epoch 3: learner 481225 loss=0.12", "481225"),
    ("parent_id,child_id,depth\nN-1042,N-1043,1\nN-1043,N-1044,2\n", "N-1044"),
    ("ls /sys/bus/pci/drivers/e1000e && curl https://example.com/speakers/2024-keynote", "e1000e"),
    ("Our project number is 88123456789 in the console.", "88123456789"),
    ("My Python version is 3.11.7 and pip is 24.0.", "3.11.7"),
    ("my code is 4412 lines long", "4412"),
    ("My tracking number is 1Z999AA10123456784.", "1Z999AA10123456784"),
    ("booking_ref,lead_name,email\nBK-20260311-88,Tamsin Hale,tamsin.hale@fastmail.com\n", "BK-20260311-88"),
    ("GBR-OP-XXXXXXXXXXXX is the format of an operator ID.", "GBR-OP-XXXXXXXXXXXX"),
    ("GET /v2/customers/422e506a-dfc6-42f6-bda5-5dd373bba741 HTTP/1.1", "422e506a"),
    ("app.get('/users/:id', show); fetch('/api/users/42')", "42"),
    ("customer_id,full_name,email\n1000,Greta Lindholm,gl@mailbox.test\n", "1000"),
    ("My client ID is 88123456789-abcdef.apps.example.com", "88123456789"),
    ("sqlite> SELECT id, title, price FROM products;\n1|Blue Enamel Mug|9.99\n", "Blue Enamel Mug"),
    ("May 26 11:05:02 ops-01 CRON[96591]: (root) CMD (run-parts /etc/cron.hourly)", "root"),
    ("-- internal note by admin: closed as duplicate", "admin"),
    ("callsign: N0CALL (the placeholder every logger ships)", "N0CALL"),
    ("the pw is incorrect, try again", "incorrect"),
    ("Request denied by policy: s3:PutObject", "policy"),
    ("Nota di credito: 2024/118", "credito"),
    ("reply by Friday: thanks", "Friday"),
    ("call K8S from the runner, then call W3C validator", "K8S"),
    ("May 26 11:05:02 ops-01 CRON[1]: (logcheck) CMD (nice -n15 /usr/sbin/logcheck)", "logcheck"),
    ("The earliest date of birth we accept is 1920-01-01", "1920-01-01"),
    ("Coverage badge 20240512 regenerated", "20240512"),
    ("SELECT name, vendor, price FROM products;\nGadget|Initech|5.00\n", "Initech"),
    ("[2026-06-03 02:00:04] district D1: 41 hydrants, sequence UDF-D1-26W23\n"
     "[2026-06-03 02:00:05] district D2: 57 hydrants, sequence UDF-D2-26W23\n", "district"),
    ("commit 16294463a27dcfb05805566348f1280f882bcec3\nAuthor: Deploy Bot <ci@shop-example.co.uk>\n", "Deploy"),
    ("Subject: Cron <flush@ops-cron01> /opt/flush", "Cron"),
    ('"ua": "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_4) Safari/605.1.15"', "Macintosh"),
    ("Hello, I reinstalled Windows and lost my key for Ridgeway CAD Pro 2024.2.", "Ridgeway"),
    ("Upstream-Contact: Debian Java Team <debian-java@lists.example.org>", "Debian Java"),
    (" ARISING IN ANY WAY OUT OF THE USE OF THIS SOFTWARE, EVEN IF ADVISED OF THE\n POSSIBILITY OF SUCH DAMAGE.\n"
     " IN NO EVENT SHALL THE AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM,\n", "EVENT SHALL"),
    ("Contacto de ejemplo para la plantilla: usuario@ejemplo.com, tel. 600 000 000.", "usuario@ejemplo.com"),
    ("Exemple affiché dans l'aide : jean.dupont@exemple.fr, +33 1 23 45 67 89.", "+33 1 23 45 67 89"),
    ("# panel .env\nAPP_KEY=base64:<generated>\nDB_PASSWORD=<DB_PASSWORD>\n", "base64:<generated>"),
    ("the date of birth field was added in release 2024-05-01", "2024-05-01"),
    ("DOB column is 2024-01-01 by default in the fixture", "2024-01-01"),
])
def test_kept(text: str, value: str) -> None:
    masker = Masker(policy=Policy.builtin("agent"))
    if value == "020":
        assert not any(s.category == "account" for s in masker.pipeline.detect(text))
        return
    assert not touched(masker, text, value)


def test_document_policy_keeps_the_title() -> None:
    text = "Sehr geehrter Herr Wojciechowski,\n\nanbei die Rechnung."
    spans = Masker(policy=Policy.builtin("document")).pipeline.detect(text)
    assert not touched(Masker(policy=Policy.builtin("document")), text, "Herr")
    assert any(text[s.start:s.end] == "Wojciechowski" for s in spans)


def test_a_cue_in_a_read_files_last_line_frames_that_line_only() -> None:
    """A file read into a tool result's JSON string is one physical line: a comment's "docs example" near its end
    frames the commented example under it, never the live keys above it."""
    content = ('# settings/production.py\\nPAYMENTS_API_KEY = \\"sk_live_' + "4eC39HqLyjWDarjtT1zdp7dc" + '\\"\\n'
               'AWS_SECRET_ACCESS_KEY = \\"' + "Qm9vT3xR+u7LkW2zPq8vN4yHc1JdEa6sGt0fBiXo" + '\\"\\n'
               '# docs example, leave as is:\\n# AWS_ACCESS_KEY_ID = \\"AKIAIOSFODNN7EXAMPLE\\"\\n')
    text = '{"type": "tool_result", "name": "Read", "content": "' + content + '"}'
    masker = Masker(policy=Policy.builtin("agent"))
    assert covered(masker, text, "4eC39HqLyjWDarjtT1zdp7dc")
    assert covered(masker, text, "Qm9vT3xR+u7LkW2zPq8vN4yHc1JdEa6sGt0fBiXo")
    assert not touched(masker, text, "AKIAIOSFODNN7EXAMPLE")
