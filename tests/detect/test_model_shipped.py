"""The shipped model: loads offline from the package, finds names and street addresses in each language,
leaves code, product names and placeholders alone."""

from __future__ import annotations

import pytest

from coatcheck import Masker
from coatcheck.detect.model import ModelDetector, available

CASES = [
    ("en", "My colleague Priscilla Hartwell says the export is broken.", ["Priscilla Hartwell"]),
    ("en", "Please ship the replacement to 14 Orchard Lane, Bath BA1 5LT by Monday.", ["14 Orchard Lane, Bath BA1 5LT"]),
    ("it", "Ho parlato con Giulia Ferraro ieri, dice che il deploy fallisce.", ["Giulia Ferraro"]),
    ("it", "Spedisci il pacco a Via Garibaldi 14, 20121 Milano, grazie.", ["Via Garibaldi 14, 20121 Milano"]),
    ("de", "Bitte an Dr. Hans Becker weiterleiten, er kennt das Problem.", ["Hans Becker"]),
    ("de", "Die Rechnung geht an Kastanienallee 12, 10435 Berlin.", ["Kastanienallee 12, 10435 Berlin"]),
    ("fr", "Merci, Jean-Luc Moreau a validé la correction.", ["Jean-Luc Moreau"]),
    ("fr", "Le colis part au 14 Rue des Lilas, 69003 Lyon demain.", ["14 Rue des Lilas, 69003 Lyon"]),
    ("es", "El ticket lo abrió María García López esta mañana.", ["María García López"]),
    ("es", "Envía la factura a Calle de Alcalá 93, 28009 Madrid.", ["Calle de Alcalá 93, 28009 Madrid"]),
]
NEGATIVES = [
    "class UserRepository(BaseRepository):\n    def find_by_email(self, email: str) -> User: ...",
    "Upgrade Django to 5.0 and run Celery on Kubernetes with Redis.",
    "Replace John Doe with <name> in the fixtures.",
    "INSERT INTO users (name, email) VALUES (%s, %s);",
]


def test_model_ships_with_the_package():
    assert available(), "src/coatcheck/data/model must hold model.onnx, tokenizer.json and labels.json"


@pytest.mark.parametrize("lang,text,expected", CASES, ids=[f"{c[0]}-{i}" for i, c in enumerate(CASES)])
def test_finds_names_and_addresses(lang, text, expected):
    got = [text[s.start : s.end] for s in ModelDetector().detect(text)]
    for value in expected:
        assert any(value in g or g in value and len(g) >= 0.6 * len(value) for g in got), (value, got)


@pytest.mark.parametrize("text", NEGATIVES)
def test_leaves_code_and_products_alone(text):
    assert ModelDetector().detect(text) == []


def test_in_the_pipeline_and_round_trip():
    m = Masker()
    assert "model" in m.pipeline.stages
    text = "Ho parlato con Giulia Ferraro ieri. Spedisci a Via Garibaldi 14, 20121 Milano."
    out = m.mask(text).text
    assert "Giulia" not in out and "Garibaldi" not in out and m.restore(out) == text


def test_results_do_not_depend_on_what_else_is_in_the_text():
    """The int8 model quantises activations per batch; batches hold one region only, so a region is tagged the same
    whatever surrounds it, in whichever process or cache state (the same corpus masks the same way on any worker)."""
    target = "Número de Identificación Tributaria, El Salvador tax number.\nReported by Giulia Ferraro from Via Roma 12, Milano."
    others = "\n\n".join(f"Line {i}: Hans Becker asked Maria Rossi about ticket {i} in Berlin" * (i % 4 + 1) for i in range(30))
    alone = [(s.end - s.start, s.category, target[s.start : s.end], s.score) for s in ModelDetector(cache_chars=0).detect(target)]
    text = others + "\n\n" + target
    base = len(others) + 2
    inside = [(s.end - s.start, s.category, text[s.start : s.end], s.score) for s in ModelDetector(cache_chars=0).detect(text) if s.start >= base]
    assert alone and inside == alone  # scores too, to the last bit
