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
