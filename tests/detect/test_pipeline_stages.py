"""One pipeline: the detectors a policy needs, the stages derived from what was built, known values and their
encoded copies as stages, one merge where nothing repeats."""

from __future__ import annotations

import base64
import os
import subprocess
import sys

import pytest

from coatcheck import Masker, MaskingError, Policy, Vault
from coatcheck.categories import categories
from coatcheck.detect import pipeline as pipeline_module
from coatcheck.detect.model import available
from coatcheck.detect.pipeline import Pipeline, ValueFinder
from coatcheck.detect.rules import load_rules

AFTER = ["policy", "secret-data", "model-addresses", "dates", "examples", "person-rows", "row-cells", "binder-records", "column-mates", "fixed-width", "row-keys", "name-births", "name-numbers", "marked-numbers", "remittance", "card-extras", "device-serials", "secret-owner", "lookalikes", "known-values", "readable", "encoded-copies", "resolve"]
VIEWS = ["view:normalized", "view:unescaped", "view:despaced", "view:wide"]
PASSWORD = "harbor-kite-41"  # nothing flags it without the key in front of it (words, no random shape)


def _model_on() -> bool:
    return os.environ.get("COATCHECK_MODEL", "1") != "0" and available()


def _after() -> list[str]:
    """The steps after detection; the model's addresses are checked only where the model runs."""
    return AFTER if _model_on() else [s for s in AFTER if s != "model-addresses"]


def test_every_detector_declares_what_it_produces():
    p = Pipeline(Policy.builtin("agent"))
    for d in p.detectors:
        assert d.produces and d.produces <= set(categories()), d.name
    rules = next(d for d in p.detectors if d.name == "rules")
    assert rules.produces == {r.category for r in load_rules()} & Policy.builtin("agent").mask
    if p.model is not None:
        assert p.model.produces == {"person", "address"}  # its label map: PER, ADDR


def test_stages_are_what_was_built_in_order():
    stages = Pipeline(Policy.builtin("agent")).stages
    model = ["model"] if _model_on() else []
    assert stages == ["rules", "url-families", "context", "phrases", "one-time-codes", "own-numbers", "seed-phrases", "transcripts", "secret-stores", "calls", "keyless", "punctuated", "login-phrases", "address-fields", "pairs", "phone", "names", "tables", "json-tables", "sql-rows", "sql-predicates", "hl7-fields", "astm-records", "x12-segments", "sim-files", "aligned-tables", "html-tables", "transposed-tables", "form-parts", "person-slots", "audit-records", "logins", "mentions", "chat-authors", "person-records", "user-maps", "home-paths", "nacha-entry", "mrz", "nested-fields", "field-errors", "terms", "encoded", *model, *VIEWS, *_after()]
    documents = ("locations", "organizations", "doc-ids", "doc-dates")
    strict = [s for s in Pipeline(Policy.builtin("strict")).stages if s not in documents]
    assert strict == stages  # strict builds the same stages, and those of documents
    assert "doc-dates" in Pipeline(Policy.builtin("document")).stages


def test_a_detector_the_policy_does_not_need_is_not_built(monkeypatch):
    off = {c: False for c in Policy.builtin("agent").mask if c not in ("email", "literal")}
    p = Pipeline(Policy.from_dict({"categories": off}))
    assert p.stages == ["rules", "tables", "json-tables", "sql-rows", "sql-predicates", "hl7-fields", "x12-segments", "aligned-tables", "html-tables", "transposed-tables", "form-parts", "field-errors", "encoded", *VIEWS, "policy", "secret-data", "lookalikes", "known-values", "readable", "encoded-copies", "resolve"]
    assert p.model is None
    m = Masker(policy=Policy.from_dict({"categories": off}), pipeline=p)
    out = m.mask(f"mail giulia.ferraro@acme-dev.it, password={PASSWORD}, call +39 347 123 4567").text
    assert "giulia" not in out and PASSWORD in out and "347 123 4567" in out
    monkeypatch.setenv("COATCHECK_MODEL", "0")
    assert "model" not in Pipeline(Policy.builtin("agent")).stages


def _doctor(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "coatcheck", "doctor", *args], capture_output=True, text=True,
                          env={**os.environ, "COATCHECK_VAULT_KEY": "test-key"})


def _stages_line(output: str) -> str:
    return next(ln for ln in output.splitlines() if ln.startswith("stages: "))


def test_doctor_prints_the_derived_stages(tmp_path):
    r = _doctor()
    assert r.returncode == 0, r.stderr
    line = _stages_line(r.stdout)
    assert line == "stages: " + " -> ".join(Masker().pipeline.stages)
    assert line.endswith(" -> ".join(_after()))
    f = tmp_path / "p.toml"
    f.write_text("[categories]\nphone = false\nsecret = false\n")
    r = _doctor("--policy", str(f))
    assert r.returncode == 0, r.stderr
    line = _stages_line(r.stdout)
    assert "context" not in line and "phone" not in line and "examples" not in line and "rules" in line
    f.write_text("[categories]\nhostname = true\n")
    r = _doctor("--policy", str(f))
    assert r.returncode != 0 and "'hostname'" in r.stdout + r.stderr and "nothing detects it" in r.stdout + r.stderr


def test_known_values_are_masked_verbatim_and_encoded():
    m = Masker(vault=Vault(b"n" * 32))
    b64, hexed = base64.b64encode(PASSWORD.encode()).decode(), PASSWORD.encode().hex()
    text = f"then {PASSWORD} again, payload {b64} and {hexed}, not inside x{PASSWORD}y\n"
    assert m.mask(text).text == text  # nothing says it is secret
    known = ValueFinder([PASSWORD], categories={PASSWORD: "secret"})
    r = m.mask(text, known)
    assert [text[s.start : s.end] for s in r.spans] == [PASSWORD, b64, hexed]
    assert {s.category for s in r.spans} == {"secret"} and f"x{PASSWORD}y" in r.text
    assert m.restore(r.text) == text
    with pytest.raises(MaskingError):  # a finder without categories is a caller's mistake: nothing comes back
        m.mask(text, ValueFinder([PASSWORD]))


def test_a_session_masks_base64_copies_of_what_it_learned():
    from coatcheck.wire.session import TextSession

    policy = Policy.builtin("agent")
    session = TextSession(b"s" * 32, Pipeline(policy), policy)
    first = session.mask(f"export DB_PASSWORD={PASSWORD}\n")
    assert PASSWORD not in first
    placeholder = first.split("=", 1)[1].strip()
    b64 = base64.b64encode(PASSWORD.encode()).decode()
    later = f"the config map holds {b64} (and {PASSWORD.encode().hex()})\n"
    out = session.mask(later)
    assert b64 not in out and PASSWORD.encode().hex() not in out and "SECRET_" in out
    assert placeholder not in out  # the blob is its own value, with its own placeholder
    assert session.restore(out) == later


def test_one_merge_when_nothing_repeats(monkeypatch):
    calls = []
    real = pipeline_module.resolve

    def counting(spans):
        calls.append(len(spans))
        return real(spans)

    monkeypatch.setattr(pipeline_module, "resolve", counting)
    m = Masker(vault=Vault(b"r" * 32))
    for text in ("nothing to see here", "token ghp_aB3dE5fG7hI9jK1lM3nO5pQ7rS9tU1vW3xY5 once"):
        calls.clear()
        m.mask(text)
        assert len(calls) == 1, text
    calls.clear()  # a value found again where nothing flags it: its occurrence joins in a second merge
    r = m.mask(f"password={PASSWORD}\nand later {PASSWORD} alone")
    assert len(calls) == 2 and PASSWORD not in r.text


def _long_text() -> str:
    rows = [f"2025-03-{d:02d} ticket {d}: Giulia Bianchi (via Roma 12, 20121 Milano) wrote from gbianchi{d}@mail.test"
            for d in range(1, 29)]
    return "\n".join(rows + ["DB_PASSWORD=Tr0ub4dor&3-horse-battery", "contact: Ana Lucía Ferreira"] * 3)


@pytest.mark.skipif(not _model_on(), reason="the model is not installed")
def test_the_model_beside_the_rules_finds_what_it_finds_alone(monkeypatch):
    text = _long_text()
    assert len(text) >= pipeline_module._OVERLAP_CHARS
    p = Pipeline(Policy.builtin("agent"))
    beside = p.detect(text)
    p.clear_caches()
    monkeypatch.setattr(pipeline_module, "_OVERLAP_CHARS", 10**9)  # the model in turn, on the caller's thread
    alone = p.detect(text)
    assert beside == alone
    assert any(s.detector.startswith("model:") for s in beside)


@pytest.mark.skipif(not _model_on(), reason="the model is not installed")
def test_a_model_failure_on_its_thread_fails_the_masking(monkeypatch):
    m = Masker(policy=Policy.builtin("agent"))
    assert m.pipeline.model is not None

    def broken(text: str):
        raise RuntimeError("inference failed")

    monkeypatch.setattr(m.pipeline.model, "detect", broken)
    with pytest.raises((MaskingError, RuntimeError)):
        m.mask(_long_text())
