"""Build src/coatcheck/data/keep/first_names_by_language.toml: the first names of Faker's person providers (MIT
License, (c) Daniele Faraglia) for the locales of each of the five languages, one list per language. The document
policy reads a capitalised word alone as a first name only when the document's own language gives that name
(detect/names.py): "Tage", "Lage", "Jude" are German nouns that an English list holds.

    .venv-train/bin/python training/lists/first_names_by_language.py
"""

from __future__ import annotations

import importlib
from pathlib import Path

LOCALES = {
    "en": ["en_US", "en_GB", "en_IE", "en_NZ", "en"],
    "it": ["it_IT"],
    "de": ["de_DE", "de_AT", "de_CH"],
    "fr": ["fr_FR", "fr_CH", "fr_BE", "fr_CA", "fr_QC"],
    "es": ["es_ES", "es_MX", "es_AR", "es_CO", "es"],
}
OUT = Path(__file__).resolve().parents[2] / "src" / "coatcheck" / "data" / "keep" / "first_names_by_language.toml"


def _names(locale: str) -> set[str]:
    provider = importlib.import_module(f"faker.providers.person.{locale}").Provider
    out: set[str] = set()
    for attr in ("first_names", "first_names_male", "first_names_female"):
        value = getattr(provider, attr, None)
        if value is None or isinstance(value, property):
            continue
        out |= set(value.keys() if isinstance(value, dict) else value)
    return {n for n in out if n.isalpha() and n[:1].isupper() and len(n) >= 3}


def main() -> None:
    lines = ["# First names by language, from Faker's person providers (MIT License, (c) Daniele Faraglia), built by",
             "# training/lists/first_names_by_language.py; the locales of each language are listed there.", ""]
    for lang, locales in LOCALES.items():
        names = sorted(set().union(*(_names(loc) for loc in locales)))
        body = ", ".join(f'"{n}"' for n in names)
        lines.append(f"{lang} = [{body}]")
    OUT.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"wrote {OUT}")


if __name__ == "__main__":
    main()
