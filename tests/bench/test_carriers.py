"""The carrier catalogue: every record is well formed and renders to a bench document whose gold is exact."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from coatcheck.bench.carriers import SLOTS, catalogue, documents, render
from coatcheck.errors import ConfigError

CATALOGUE = catalogue()


def test_the_catalogue_has_its_formats_and_a_held_back_part() -> None:
    assert len(CATALOGUE) >= 150
    assert len({c.id for c in CATALOGUE}) == len(CATALOGUE)
    held = sum(c.held_back for c in CATALOGUE)
    assert 0.1 * len(CATALOGUE) < held < 0.3 * len(CATALOGUE)
    assert {c.produced for c in CATALOGUE} == {"real", "template"}
    languages = Counter(c.lang for c in CATALOGUE)
    assert all(languages[lang] >= 5 for lang in ("en", "it", "de", "fr", "es"))


@pytest.mark.parametrize("carrier", CATALOGUE, ids=[c.id for c in CATALOGUE])
def test_every_format_renders_with_exact_gold(carrier) -> None:  # type: ignore[no-untyped-def]
    doc = render(carrier, random.Random(carrier.id))
    text = doc["text"]
    assert any(it["cls"] == "MUST_MASK" for it in doc["items"])
    for it in doc["items"]:
        value = text[it["start"]:it["end"]]
        assert value and value == value.strip()
        assert (it["cls"], it["cat"]) == SLOTS[it["sub"]]  # type: ignore[index]
        if it["encoded_of"] is not None:
            assert doc["items"][it["encoded_of"]]["cls"] == "MUST_MASK"
    assert "{" + "user}" not in text  # every slot filled


def test_the_same_seed_renders_the_same_documents() -> None:
    a = [d["text"] for d in documents("train", 1, seed=4)]
    assert a == [d["text"] for d in documents("train", 1, seed=4)]
    assert a != [d["text"] for d in documents("train", 1, seed=5)]
    assert len(a) + len(list(documents("held-back", 1))) == len(CATALOGUE)


def test_a_bad_part_is_refused() -> None:
    with pytest.raises(ValueError, match="held-back"):
        list(documents("everything"))


def test_a_record_with_an_unknown_slot_is_refused(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    import coatcheck.bench.carriers as carriers

    folder = tmp_path / "catalogue"
    folder.mkdir()
    (folder / "x.toml").write_text("[[carrier]]\nid='x'\nfamily='f'\ntool='t'\nproduced='real'\nhow='h'\n"
                                   "template='''{user} {nickname}'''\n")

    class Files:
        def joinpath(self, name: str):  # type: ignore[no-untyped-def]
            return folder

    monkeypatch.setattr(carriers.resources, "files", lambda _: Files())
    carriers.catalogue.cache_clear()
    try:
        with pytest.raises(ConfigError, match="nickname"):
            carriers.catalogue()
    finally:
        carriers.catalogue.cache_clear()
