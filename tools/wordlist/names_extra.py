"""Add to data/keep/first_names.txt and last_names.txt the Latin-script names of Faker's person providers that the
lists lack: the romanised Japanese and Chinese names, Vietnamese (with and without its diacritics), Indonesian,
Yoruba, Igbo, Hausa, Twi, Swahili, Zulu, Azerbaijani, Uzbek and Icelandic names, and the Irish and New Zealand
surnames of newer Faker releases. The gazetteer backs one-word names and handles made from names; before this it
held European and American names only, and a "Yuki Sato" or a "Kwabena Mensah" was nobody.

A name is added when it is one word of four letters or more that no word list of prose or code holds in lower case
(keep/common_words.txt, prose_words.txt, dictionary_words.txt, code_words.txt) and no product's name
(keep/product_names.txt): "Long", "Song", "Nam", "Ma", "Safari" stay out.

    pip install faker   # MIT License, (c) Daniele Faraglia; only the names carry over
    python tools/wordlist/names_extra.py
"""

from __future__ import annotations

import importlib
import pkgutil
import unicodedata
from pathlib import Path

import regex

KEEP = Path(__file__).resolve().parents[2] / "src" / "coatcheck" / "data" / "keep"
NOTE = ("# Added (tools/wordlist/names_extra.py, Faker {version}): the Latin-script and romanised names of its other "
        "locales (Asian, African, Icelandic, Azerbaijani, Uzbek …), four letters or more, no word of prose or code.")
_NAME = regex.compile(r"\p{Lu}[\p{Latin}'’-]*\p{Ll}")
_ATTRS = ("first_name", "last_name", "first_romanized", "last_romanized")


def _words(file: str) -> set[str]:
    return {w.strip().lower() for w in (KEEP / file).read_text(encoding="utf-8").splitlines()
            if w.strip() and not w.startswith("#")}


def _fold(name: str) -> str:
    """The name without its diacritics, as an ASCII keyboard writes it ("Ngọc" -> "Ngoc")."""
    return "".join(c for c in unicodedata.normalize("NFKD", name) if not unicodedata.combining(c))


def faker_names() -> dict[str, set[str]]:
    """Every single-word Latin-script first and last name of every Faker person provider."""
    import faker.providers.person as providers

    out: dict[str, set[str]] = {"first": set(), "last": set()}
    for module in pkgutil.iter_modules(providers.__path__):
        provider = importlib.import_module(f"faker.providers.person.{module.name}").Provider
        for attr in dir(provider):
            if not attr.startswith(_ATTRS) or "prefix" in attr or "suffix" in attr:
                continue
            value = getattr(provider, attr)
            if not isinstance(value, (dict, list, tuple)):
                continue
            kind = "first" if attr.startswith("first") else "last"
            for name in value:
                if isinstance(name, str) and _NAME.fullmatch(name.strip()):
                    out[kind].add(name.strip())
    return out


def main() -> None:
    import faker

    words = set().union(*(_words(f) for f in ("common_words.txt", "prose_words.txt", "dictionary_words.txt",
                                               "code_words.txt", "product_names.txt")))
    found = faker_names()
    for kind in ("first", "last"):
        path = KEEP / f"{kind}_names.txt"
        lines = path.read_text(encoding="utf-8").splitlines()
        header = [line for line in lines if line.startswith("#") and not line.startswith("# Added (tools/wordlist/names_extra.py")]
        names = {line.strip() for line in lines if line.strip() and not line.startswith("#")}
        for name in found[kind]:
            for form in {name, _fold(name)}:
                if len(form) >= 4 and form.isalpha() and form.lower() not in words:
                    names.add(form)
        path.write_text("\n".join([*header, NOTE.format(version=faker.VERSION), *sorted(names)]) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
