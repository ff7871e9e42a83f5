"""Label vocabularies (data/vocab/*.toml): the words that name a slot, per language, loaded once."""

from __future__ import annotations

from functools import cache
from typing import Any

import regex

from .._data import data_path, load_toml, word_list
from ..errors import ConfigError

LANGUAGES = ("en", "it", "de", "fr", "es")


@cache
def _labels_file() -> dict[str, Any]:
    return load_toml(data_path("vocab", "labels.toml"))


def vocabulary_labels(name: str, languages: tuple[str, ...] = LANGUAGES) -> tuple[str, ...]:
    """Every label of list ``name`` in ``languages``; an unknown list or a missing language is a ConfigError."""
    table = _labels_file().get(name)
    if not isinstance(table, dict):
        raise ConfigError(f"labels.toml: no label list {name!r}")
    out: list[str] = []
    for lang in languages:
        words = table.get(lang)
        if not isinstance(words, list) or not all(isinstance(w, str) and w.strip() for w in words):
            raise ConfigError(f"labels.toml: [{name}] needs a list of labels for language {lang!r}")
        out.extend(words)
    return tuple(dict.fromkeys(out))


@cache
def _names_table(name: str) -> frozenset[str]:
    table = load_toml(data_path("vocab", "names.toml")).get(name)
    if not isinstance(table, dict):
        raise ConfigError(f"names.toml: no [{name}] table")
    return frozenset(w for words in table.values() for w in words)


def name_particles() -> frozenset[str]:
    """Lower-case particles inside personal names, every language (data/vocab/names.toml)."""
    return _names_table("particles")


def phrase_regex(table: str) -> str:
    """An alternation of the phrases of names.toml's ``table`` (honorifics, greetings), escaped, longest first."""
    return "(?:" + "|".join(regex.escape(w) for w in sorted(_names_table(table), key=len, reverse=True)) + ")"


def company_suffixes() -> frozenset[str]:
    """Legal-form suffixes (``GmbH``, ``S.p.A.``, ``Ltd``) in lower case, every language."""
    return _names_table("company_suffixes")


def particle_regex() -> str:
    """An alternation of the name particles, longest first."""
    return "(?:" + "|".join(sorted(name_particles(), key=len, reverse=True)) + ")"


def is_product(value: str) -> bool:
    """A product, bot or organisation name (keep/product_names.txt, ``dependabot[bot]``, ``… bot``): the one
    product check for rules, keep predicates, validators, the model's refinement and repeats."""
    low = value.strip().lower()
    return low in word_list("product_names") or low.endswith(("[bot]", " bot"))


def all_plain_words(words: list[str]) -> bool:
    """True when every word is one that technical prose writes in lower case (keep/prose_words.txt) or a code word
    (keep/code_words.txt): "Line Comment", "True False", "Branch" are a heading or code, not a person's name."""
    plain = plain_words()
    return bool(words) and all(w.strip(".,:;'\"()").lower() in plain for w in words)


@cache
def plain_words() -> frozenset[str]:
    """Lower-case words that are no name: keep/prose_words.txt and keep/code_words.txt."""
    return word_list("prose_words") | word_list("code_words")


def label_lists() -> tuple[str, ...]:
    """The names of every label list."""
    return tuple(_labels_file())


@cache
def credential_words(kind: str) -> frozenset[str]:
    """A word list from data/vocab/credentials.toml: ``words``, ``qualifiers`` or ``not_a_value``."""
    data = load_toml(data_path("vocab", "credentials.toml"))
    words = data.get(kind)
    if not isinstance(words, list):
        raise ConfigError(f"credentials.toml: no word list {kind!r}")
    return frozenset(w.lower() for w in words)


_SPLIT = regex.compile(r"[A-Z]?[a-z0-9]+|[A-Z]+(?![a-z])")


def is_credential_key(key: str) -> bool:
    """True when ``key`` names a credential: ``DB_PASSWORD``, ``apiKey``, ``client-secret``, ``auth_token`` …
    but not ``password_min_length``, ``max_tokens``, ``secret_name``, ``token_url``."""
    key = key.strip("$@-_.")
    words = [w.lower() for w in _SPLIT.findall(key.replace("-", "_").replace(".", "_"))]
    if not words:
        return False
    cred, qualifiers = credential_words("words"), credential_words("qualifiers")
    if words[-1] in credential_words("not_a_value"):
        return False
    for i, w in enumerate(words):
        if w in cred or w.endswith(("password", "passwd")):  # PGPASSWORD, dbpassword
            return True
        if w in ("key", "auth", "cookie") and (i == 0 and w == "auth" or i > 0 and words[i - 1] in qualifiers):
            return True
    # REDISCLI_AUTH, BASIC_AUTH: "auth" as the last word is the credential itself
    return words[-1] == "auth" or len(words) == 1 and words[0] in ("connectionstring", "connstr")
