"""A language is only data: a sixth language, Portuguese, added from vocabulary files this test writes (nothing in the
package names it), reaches every slot through the public Masker. The words are ordinary Portuguese; values made up."""

from __future__ import annotations

import json
import os
import tomllib
from collections.abc import Iterator
from pathlib import Path

import pytest

from coatcheck import Masker
from coatcheck._data import data_path
from coatcheck.detect import vocabulary
from coatcheck.detect.dates import date_ranges
from coatcheck.detect.model import available
from coatcheck.errors import ConfigError

# The Portuguese words, by (vocabulary file, table). Every other table gets an empty Portuguese list.
PT: dict[tuple[str, str], list[str]] = {
    ("credentials", "words"): ["senha"],
    ("credentials", "passwords"): ["senha"],
    ("labels", "username"): ["utilizador", "nome de utilizador"],
    ("labels", "phone"): ["telefone", "telemóvel"],
    ("dates", "months"): ["janeiro", "fevereiro", "março", "abril", "maio", "junho", "julho", "agosto", "setembro",
                          "outubro", "novembro", "dezembro", "jan", "fev", "mar", "abr", "mai", "jun", "jul", "ago",
                          "set", "out", "nov", "dez"],
    ("dates", "weekdays"): ["segunda-feira", "terça-feira", "quarta-feira", "quinta-feira", "sexta-feira", "sábado",
                            "domingo"],
    ("dates", "connectors"): ["de"],
    ("streets", "before"): ["rua", "avenida", "travessa", "largo"],
    ("cues", "example"): ["por exemplo", "exemplo"],
    ("cues", "phone"): ["telefone", "telemóvel", "ligue", "ligar"],
}

SECRET = "Xq7pLm2Kz9Rt4wB3"


def write_portuguese(folder: Path, skip: tuple[str, str] | None = None) -> Path:
    """An extra vocabulary folder declaring "pt", with a Portuguese list in every table of every shipped file (but
    ``skip``)."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "languages.toml").write_text('languages = ["pt"]\n', encoding="utf-8")
    for f in data_path("vocab").iterdir():
        if not f.name.endswith(".toml") or f.name == "languages.toml":
            continue
        stem = f.name.removesuffix(".toml")
        tables = [t for t in tomllib.loads(f.read_text(encoding="utf-8")) if (stem, t) != skip]
        body = "".join(f"[{t}]\npt = {json.dumps(PT.get((stem, t), []), ensure_ascii=False)}\n\n" for t in tables)
        (folder / f.name).write_text(body, encoding="utf-8")
    return folder


@pytest.fixture
def default_vocabulary(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The shipped vocabulary before and after the test, whatever the test switched to."""
    monkeypatch.delenv(vocabulary.ENV_VAR, raising=False)
    vocabulary.use_vocabulary()
    yield
    monkeypatch.delenv(vocabulary.ENV_VAR, raising=False)
    vocabulary.use_vocabulary()


@pytest.fixture
def portuguese(tmp_path: Path, default_vocabulary: None) -> Iterator[Masker]:
    """A Masker built with the Portuguese vocabulary."""
    vocabulary.use_vocabulary(write_portuguese(tmp_path / "pt"))
    assert "pt" in vocabulary.languages()
    yield Masker()


def masked(masker: Masker, text: str) -> str:
    return masker.mask(text).text


def test_without_portuguese_a_portuguese_credential_stays_in_clear(default_vocabulary: None) -> None:
    assert not vocabulary.is_credential_key("DB_SENHA")
    # a passphrase of words: only the key could say what it is (a random value is masked by its shape anyway)
    assert "laranja.bolo.azul9" in masked(Masker(), "DB_SENHA=laranja.bolo.azul9")


def test_a_portuguese_credential_word_is_masked_in_every_syntax(portuguese: Masker) -> None:
    assert vocabulary.is_credential_key("DB_SENHA")
    for text in (f"DB_SENHA={SECRET}", f'export APP_SENHA="{SECRET}"', f"senha: {SECRET}", f"--senha={SECRET}",
                 f"<senha>{SECRET}</senha>"):
        assert SECRET not in masked(portuguese, text), text
    assert "senha_minima=12" in masked(portuguese, "senha_minima=12")  # a number is no credential, in any language


def test_a_portuguese_label_names_its_slot(portuguese: Masker) -> None:
    assert "mferreira42" not in masked(portuguese, "Utilizador: mferreira42")
    assert "mferreira42" not in masked(portuguese, '{"nome_de_utilizador": "mferreira42"}')


def test_without_portuguese_the_label_is_unknown(default_vocabulary: None) -> None:
    # no label rule reads the slot; the login classifier may still take the value by its shape and place
    assert all(s.detector == "logins" for s in Masker().detect("Utilizador: mferreira42"))


# a Lisbon landline: a mobile grouped "912 345 678" reads as Spain's number grouped the way people write it, cue or not
def test_a_portuguese_phone_cue_makes_a_national_number_a_phone(portuguese: Masker) -> None:
    assert "21 234 5678" not in masked(portuguese, "Ligue para 21 234 5678 amanhã")


def test_without_portuguese_a_national_number_needs_a_known_cue(default_vocabulary: None) -> None:
    assert "21 234 5678" in masked(Masker(), "Ligue para 21 234 5678 amanhã")


DATE_TEXT = "Assinado em Lisboa, 12 de Março de 2024"


def test_a_portuguese_month_makes_a_date_that_stays_readable(portuguese: Masker) -> None:
    start = DATE_TEXT.index("12")
    assert date_ranges(DATE_TEXT) == [(start, len(DATE_TEXT))]
    assert date_ranges("segunda-feira, 4 março 2024") == [(0, 27)]
    assert "12 de Março de 2024" in masked(portuguese, DATE_TEXT)  # no address or name candidate may cover a date


def test_without_portuguese_the_month_is_no_date(default_vocabulary: None) -> None:
    assert date_ranges(DATE_TEXT) == []
    assert date_ranges("Signed in London, 12 March 2024") != []


STREET_TEXT = "a encomenda vai para a rua da Prata 80"


@pytest.mark.skipif(not available() or os.environ.get("COATCHECK_MODEL") == "0", reason="the model is off")
def test_a_portuguese_street_word_lets_the_model_read_the_address(portuguese: Masker) -> None:
    assert "Prata 80" not in masked(portuguese, STREET_TEXT)


def test_without_portuguese_the_model_gate_stays_closed(default_vocabulary: None) -> None:
    assert masked(Masker(), STREET_TEXT) == STREET_TEXT


def test_a_portuguese_cue_frames_a_documented_example(portuguese: Masker) -> None:
    text = f"Configure assim, por exemplo: API_TOKEN={SECRET}"
    assert SECRET in masked(portuguese, text)
    assert SECRET not in masked(portuguese, f"API_TOKEN={SECRET}")  # the same value unframed


def test_without_portuguese_the_cue_frames_nothing(default_vocabulary: None) -> None:
    assert SECRET not in masked(Masker(), f"Configure assim, por exemplo: API_TOKEN={SECRET}")


def test_the_environment_variable_adds_a_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                 default_vocabulary: None) -> None:
    monkeypatch.setenv(vocabulary.ENV_VAR, str(write_portuguese(tmp_path / "pt")))
    vocabulary.use_vocabulary()  # back to the default, which now reads the variable
    assert vocabulary.extra_dirs() == (tmp_path / "pt",)
    assert SECRET not in masked(Masker(), f"DB_SENHA={SECRET}")


def test_a_missing_list_is_a_load_error_naming_file_and_list(tmp_path: Path, default_vocabulary: None) -> None:
    folder = write_portuguese(tmp_path / "pt", skip=("dates", "months"))
    with pytest.raises(ConfigError, match=r"dates\.toml.*\[months\].*'pt'"):
        vocabulary.use_vocabulary(folder)
    assert "pt" not in vocabulary.languages()  # the vocabulary in use stays as it was
    assert not vocabulary.is_credential_key("DB_SENHA")


def test_an_undeclared_language_is_a_load_error(tmp_path: Path, default_vocabulary: None) -> None:
    folder = write_portuguese(tmp_path / "pt")
    (folder / "languages.toml").unlink()
    with pytest.raises(ConfigError, match=r"toml: \[\w+\] has a list for 'pt', which is no declared language"):
        vocabulary.use_vocabulary(folder)


def test_an_unknown_list_or_file_is_a_load_error(tmp_path: Path, default_vocabulary: None) -> None:
    folder = write_portuguese(tmp_path / "pt")
    (folder / "cues.toml").write_text((folder / "cues.toml").read_text(encoding="utf-8") + '[cue]\npt = ["x"]\n',
                                      encoding="utf-8")
    with pytest.raises(ConfigError, match=r"cues\.toml.*\[cue\]"):
        vocabulary.use_vocabulary(folder)
    (tmp_path / "other").mkdir()
    (tmp_path / "other" / "words.toml").write_text("", encoding="utf-8")
    with pytest.raises(ConfigError, match="words.toml"):
        vocabulary.use_vocabulary(tmp_path / "other")


def test_the_shipped_vocabulary_loads_whole(default_vocabulary: None) -> None:
    vocabulary.check_vocabulary()
    assert vocabulary.languages() == ("en", "it", "de", "fr", "es")
    assert vocabulary.extra_dirs() == ()
