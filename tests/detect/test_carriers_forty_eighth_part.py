"""Agent traffic, forty-eighth part (issue 23): a value found once is masked where it recurs set apart, and a postal
code with its town fills a field.

A login or an account number that a slot or the login classifier found at one place recurs elsewhere in the same
text: in a path's segment (``/srv/<login>/originals``, ``/samples/<number>/status``), in a file's name
(``oncall-<login>.vcf``), in a Markdown emphasis, in a group file's list. Where it has a person's shape (made of a
name, cut from one, with digits) it is masked there too; a program's account (``jenkins``, ``polkitd``) stays where
it was found. A full name found again in a link's ``title="…"`` is the person's. A postal code and its town written as
one field's value (``<TwnNm>80331 München</TwnNm>``, a register's ``| 59000 Lille |`` cell) is a person's address
part; a number and a unit, a count and its noun, a year and a city's edition are not.

The values here are our own."""

from __future__ import annotations

import pytest

from coatcheck import Masker, Policy

from .spans import covered, touched


@pytest.fixture(scope="module")
def masker() -> Masker:
    return Masker(policy=Policy.builtin("agent"))


def _all_covered(masker: Masker, text: str, value: str) -> bool:
    spans = masker.pipeline.detect(text)
    starts = [i for i in range(len(text)) if text.startswith(value, i)]
    return bool(starts) and all(any(s.start <= i and s.end >= i + len(value) for s in spans) for i in starts)


_GROUP = """$ getent group developers
developers:x:1003:hbrandtner,okwarteng,rholling
$ sudo usermod -aG docker rholling
$ ls -ld /srv/rholling/exports /srv/okwarteng/exports
drwxr-x--- 2 rholling developers 4096 Mar  3 09:12 /srv/rholling/exports
drwxr-x--- 2 okwarteng developers 4096 Mar  3 09:12 /srv/okwarteng/exports
"""


def test_a_group_members_login_recurs_in_paths_and_columns(masker: Masker) -> None:
    assert _all_covered(masker, _GROUP, "rholling")  # cut from a surname (R. Hollingsworth)
    assert _all_covered(masker, _GROUP, "okwarteng")
    assert not touched(masker, _GROUP, "developers")
    assert not touched(masker, _GROUP, "exports")


def test_a_program_account_found_once_stays_where_it_stands(masker: Masker) -> None:
    text = "audit: user=jenkins op=login ok\n$ ls /var/lib/jenkins/workspace\n"
    spans = masker.pipeline.detect(text)
    path = text.index("/var/lib/jenkins/") + len("/var/lib/")
    assert not any(s.start <= path < s.end for s in spans)


_SAMPLES = """*   Trying 104.18.22.7:443...
> GET /v2/samples/QK4471200913/status HTTP/2
> Host: api.labkit.example
< HTTP/2 200
{"barcode":"QK4471200913","status":"received","kit":"saliva-v3"}
"""


def test_an_account_number_the_classifier_found_recurs_in_a_path(masker: Masker) -> None:
    assert _all_covered(masker, _SAMPLES, "QK4471200913")
    assert not touched(masker, _SAMPLES, "saliva-v3")


def test_a_members_number_recurs_in_a_file_name(masker: Masker) -> None:
    text = "Kit registration failed for member QK4471200913 (kit saliva-v3).\n$ ls exports/\nQK4471200913_report.pdf  manifest.csv\n"
    assert _all_covered(masker, text, "QK4471200913")
    assert not touched(masker, text, "manifest.csv")


def test_a_login_in_a_markdown_emphasis_and_a_file_name(masker: Masker) -> None:
    text = ("Deployed by hkowalczyk from ws-17.\n\n*hkowalczyk* — 2025-06-10 14:37\n"
            "$ cat ~/Downloads/oncall-hkowalczyk.vcf\n")
    assert _all_covered(masker, text, "hkowalczyk")


def test_a_full_name_found_again_in_a_links_title(masker: Masker) -> None:
    text = ('<tr><th scope="row"><a href="/lightning/r/Contact/0031x00000AbCdEf/view" title="Ingrid Solheim">'
            'Ingrid Solheim</a></th><td data-label="Phone">+47 412 55 903</td></tr>')
    assert _all_covered(masker, text, "Ingrid Solheim")


def test_a_found_name_in_a_signature_lines_emphasis(masker: Masker) -> None:
    text = "Model release signed by Teodoro Vasquez on 15/06.\n\nSignature: _Teodoro Vasquez_   ·   15/06/2025\n"
    assert _all_covered(masker, text, "Teodoro Vasquez")


@pytest.mark.parametrize("text, value", [
    ("<PstlAdr><StrtNm>Am Kupfergraben 74</StrtNm><TwnNm>80331 München</TwnNm><Ctry>DE</Ctry></PstlAdr>", "80331 München"),
    (" 6326 | Nathalie Gauthier | +33 6 19 33 78 51 | 59000 Lille     | 2024-08-17 21:39\n", "59000 Lille"),
    ("Q-99235;Wolfgang Öztürk;Via Cavour 53; scala B;10128 Torino (TO);430,50\n", "10128 Torino (TO)"),
    ("    Comune di residenza ..... 90138 Palermo PA  Viale Regina Margherita 3\n", "90138 Palermo PA"),
    ('{"name": "Svenja Oberländer", "phone": "+49 171 4820517", "location": "50674 Köln"}', "50674 Köln"),
    ('"address": [{"line": ["25 chemin de la Croix"], "city": "13006 Marseille"}]', "13006 Marseille"),
])
def test_a_postal_code_and_its_town_filling_a_field(masker: Masker, text: str, value: str) -> None:
    assert covered(masker, text, value)


@pytest.mark.parametrize("text, value", [
    ("| node-3 | 16384 MiB | 20000 Requests | 48000 Hz |\n", "16384 MiB"),
    ("| node-3 | 16384 MiB | 20000 Requests | 48000 Hz |\n", "20000 Requests"),
    ("Served 20000 Requests in the 2024 Paris edition of the benchmark.\n", "2024 Paris"),
    ('"count": "10000 Iterations"\n', "10000 Iterations"),
    ("| 2024 Paris | 8080 Tomcat |\n", "2024 Paris"),
    ("version 3.10115 Berlin\n", "10115 Berlin"),
])
def test_a_number_and_a_word_that_are_no_locality(masker: Masker, text: str, value: str) -> None:
    text = _SOMEONE + text  # a person's detail beside them: the shape decides
    assert not touched(masker, text, value)


_SOMEONE = "Owner: Maria Quintero, +34 612 345 678\n"


@pytest.mark.parametrize("text, value", [
    ('{"code": "23505 UniqueViolation"}', "23505 UniqueViolation"),
    ("| 10061 WSAECONNREFUSED |", "10061 WSAECONNREFUSED"),
    ("    PID CMD\n  12345 Xwayland\n  23456 Hyprland\n", "12345 Xwayland"),
    ("listening on 127.0.0.1:31337 Quokka", "31337 Quokka"),
])
def test_an_error_code_a_process_or_a_port_is_no_locality(masker: Masker, text: str, value: str) -> None:
    text = _SOMEONE + text
    assert not touched(masker, text, value)


def test_a_branchs_locality_with_no_one_beside_it_stays(masker: Masker) -> None:
    text = "<Branch><Name>Filiale Mitte</Name><City>10115 Berlin</City></Branch>\n"
    assert not touched(masker, text, "10115 Berlin")


def test_a_locality_far_from_anyone_stays(masker: Masker) -> None:
    text = "Contact: Svenja Oberländer, +49 171 4820517\n\n| depot | 59000 Lille |\n"
    assert not touched(masker, text, "59000 Lille")


@pytest.mark.parametrize("text, value", [
    ('<p class="audit">last edit by <a href="/staff/wendtlandm/profile">Ilse Wendtland</a></p>', "wendtlandm"),
    ('91.14.75.13 - - [25/Sep/2025:15:34:26 +0200] "GET /referees/svillalobos/availability.ics HTTP/1.1" 200', "svillalobos"),
    ('<img src="/media/avatars/crousseau85.jpg" alt="">', "crousseau85"),
    ("<td><a href=\"/admin/applicants/lcavallaro/profile\">Lorenzo Cavallaro</a></td>", "lcavallaro"),
])
def test_a_login_after_a_collection_of_people_in_a_route(masker: Masker, text: str, value: str) -> None:
    assert covered(masker, text, value)


@pytest.mark.parametrize("text, value", [
    ('<img src="/static/avatars/default.png" alt="">', "default"),
    ("see drivers/net/ethernet/intel/e1000e for the driver", "ethernet"),
    ('<a href="/staff/index.html">Staff</a>', "index"),
    ("GET /api/customers/archived HTTP/1.1", "archived"),
    ("GET /api/clients/webapp2/config HTTP/1.1", "webapp2"),  # an OAuth client
    ("GET /api/artists/radiohead/albums HTTP/1.1", "radiohead"),
])
def test_a_route_word_after_a_collection_stays(masker: Masker, text: str, value: str) -> None:
    assert not touched(masker, text, value)


def test_a_birth_date_in_the_cell_after_a_persons_cell(masker: Masker) -> None:
    text = ("visit_ref,date,slot,inmate,visitor,birth,relation,phone\n"
            'VB-318802,2025-12-01,09:30-10:30,"Ravel, Octave",Noor Haddadi,1988-02-05,fils,+33 7 32 07 86 65\n'
            "DISC/2025/915;Amara Okonkwo;9621946766;2000-11-22;1;24\n")
    assert covered(masker, text, "1988-02-05")
    assert covered(masker, text, "2000-11-22")
    assert not touched(masker, text, "2025-12-01")


def test_a_commits_author_and_date_stay_a_moment(masker: Masker) -> None:
    text = "Marta Quintero,2011-03-04,Fix login redirect\n"
    assert not touched(masker, text, "2011-03-04")


@pytest.mark.parametrize("text, value", [
    ('body="Ihr Fahrer Kofi ist in 4 Min da. Verfolgen: https://trk.to/Sx4vmdHL" status=delivered', "https://trk.to/Sx4vmdHL"),
    ("Ti ricordiamo che la rata scade il 05/04. Paga qui: https://pay.clinicpaynow.eu/p/DTcIC0gyfc\n",
     "https://pay.clinicpaynow.eu/p/DTcIC0gyfc"),
    ('"body": "Su grúa llega en 35 min. Seguimiento: https://trk.towlink.io/j/kAlrWYZreX", "status": "ACCEPTED"',
     "https://trk.towlink.io/j/kAlrWYZreX"),
])
def test_a_link_whose_last_segment_is_a_generated_token(masker: Masker, text: str, value: str) -> None:
    assert covered(masker, text, value)


@pytest.mark.parametrize("text, value", [
    ("Advisory: https://github.com/acme/api/security/advisories/GHSA-x6wc-75xj-cpmg\n", "GHSA-x6wc-75xj-cpmg"),
    ("Watch https://youtu.be/dQw4w9WgXcQ for the demo.\n", "dQw4w9WgXcQ"),
    ("See https://example.org/docs/GettingStarted and https://www.apple.com/iPhone15\n", "GettingStarted"),
    ("pip install from https://pypi.org/project/PyYAML\n", "PyYAML"),
    ("Repro: https://godbolt.org/z/K4rEdG8sT\n", "K4rEdG8sT"),
    ("Spec: https://petstore.acme.io/api/getUserById and https://aka.ms/AzureCLI2\n", "getUserById"),
])
def test_a_public_pages_id_stays_readable(masker: Masker, text: str, value: str) -> None:
    assert not touched(masker, text, value)


def test_a_numbered_given_name_element(masker: Masker) -> None:
    text = "<Offender>\n  <FamilyName>Marchetti</FamilyName>\n  <Forename1>Haruki</Forename1>\n</Offender>\n"
    assert covered(masker, text, "Haruki")


@pytest.mark.parametrize("text, value", [
    ("name,joined\nMaria Quintero,2009-06-01\n", "2009-06-01"),  # its header names another date
    ("Andrew Kessler,2006-01-02,Update README.md\n", "2006-01-02"),  # a commit's author, date and subject
])
def test_a_date_after_a_persons_cell_that_is_no_birth(masker: Masker, text: str, value: str) -> None:
    assert not touched(masker, text, value)


def test_the_first_of_two_dates_after_a_name_is_the_birth_date(masker: Masker) -> None:
    text = "Maria Quintero;1985-03-04;1990-05-06;x\n"
    assert covered(masker, text, "1985-03-04")
    assert not touched(masker, text, "1990-05-06")
