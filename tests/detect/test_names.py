from __future__ import annotations

import pytest

from coatcheck.detect.names import NameDetector

D = NameDetector()


def found(text):
    return [text[s.start : s.end] for s in D.detect(text)]


@pytest.mark.parametrize(
    "text,name",
    [
        ("Ho parlato con Giulia Ferraro ieri, dice che il deploy fallisce.", "Giulia Ferraro"),
        ("Bitte an Dr. Hans Becker weiterleiten.", "Hans Becker"),
        ("Merci, Jean-Luc Moreau", "Jean-Luc Moreau"),
        ("El ticket lo abrió María García López.", "María García López"),
        ("ping Sig.ra Bianchi about it", "Bianchi"),
        ("Grace Hopper wrote the first compiler", None),  # ambiguous first name: only with a known surname
    ],
)
def test_names_in_prose(text, name):
    got = found(text)
    if name is None:
        assert all("Grace" not in g for g in got) or any(g == "Grace Hopper" for g in got)
    else:
        assert name in got


@pytest.mark.parametrize(
    "text",
    [
        "raise MaxRetriesError after Max Retries exceeded",
        "the Grace Period is 30 days",
        "Mark Complete button is disabled",
        "use Django Rest Framework and Visual Studio Code",
        "class Paul:\n    pass",
        "See Pull Request and New York office",
        "from anna.config import Settings",
        "Author: GitHub Actions",
    ],
)
def test_not_names(text):
    assert found(text) == []


@pytest.mark.parametrize("text, name", [
    ("  1.HALLORAN/MAEVE MRS   2.HALLORAN/CORMAC MR\n", "HALLORAN/MAEVE"),
    ('scanner[88]: BCBP data="M1HOFFMANN/TOBIAS     EQX7P2K LHRJFKBA 0117"', "HOFFMANN/TOBIAS"),
    ('2026-02-11T07:36 gate=EXIT-2 permit=PK-1022 holder="Fischer, Imogen" action=OPEN', "Fischer, Imogen"),
    ("NOMINATIVO: BRAMBILLA OTTAVIO\n", "BRAMBILLA OTTAVIO"),
])
def test_register_forms_are_names_in_agent_traffic_too(text: str, name: str) -> None:
    found = {text[s.start:s.end] for s in NameDetector().detect(text)}
    assert name in found


@pytest.mark.parametrize("text", [
    "Foundation, Inc., 51 Franklin Street, Fifth Floor, Boston, MA 02110-1301 USA",
    "# Kleene logic: False | NA, True | NA = True",
    "a subset of the keys F, UF, DOS, Mac, and Unix",
    "# 03B8;GREEK SMALL LETTER THETA;Ll;0;L;;;;;N;;;0398",
    "Communications of the ACM, April 1990",
    "CI/CD over TCP/IP, READ/WRITE, ON/OFF",
    "Migrating from CENTOS/ROCKY", "Schedulers: Dagster, Luigi",
])
def test_register_forms_need_more_than_the_layout_in_code_and_lists(text: str) -> None:
    assert NameDetector().detect(text) == []


def test_names_in_a_list_are_read_in_their_usual_order() -> None:
    text = "Reviewers: Marie Dupont, Jean Dupont"
    found = {text[s.start:s.end] for s in NameDetector().detect(text)}
    assert "Dupont, Jean" not in " ".join(found)


@pytest.mark.parametrize("text,name", [
    ('"lastName": "Takahashi",', "Takahashi"),  # a city's name too: the field says it is hers
    ("sn: Hollerbach\n", "Hollerbach"),
    ("<wd:Last_Name>Dornbusch</wd:Last_Name>", "Dornbusch"),
    ("First name,Last name,Email address\nAnatole,Xu,axu@example.org\n", "Xu"),  # two letters are a surname
    ("Prénom,Nom,Adresse de courriel\nGaspard,Chambrier,gc@example.org\n", "Chambrier"),
])
def test_name_slots_decide_whatever_the_name_is(text: str, name: str) -> None:
    from coatcheck import Masker

    assert name in [text[s.start:s.end] for s in Masker().detect(text)]


def test_font_families_are_no_names() -> None:
    from coatcheck import Masker

    assert Masker().detect("<match><family>Roboto Slab</family></match>") == []
