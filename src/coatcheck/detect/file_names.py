"""Persons named in file names: ``CV_Vasiliki_Vlachos.pdf``, ``Weber_Lukas.xlsx``, ``Scan-Maria-Rossi-2024.jpg``.

People name the files about a person after the person (CVs, payslips, scans, contracts), joining the name's parts
with ``_``, ``-`` or ``.``, where the name detectors, which read words between blanks, see one token. A first name and
a last name the gazetteers both know, side by side in either order inside a file name (a token with an extension or
a path's segment), capitalised as names are, are that person; one word alone is not (``Hoffmann_2024.pdf`` may be a company's, ``test_john``
a fixture's).
"""

from __future__ import annotations

import regex

from .._data import word_list
from ..spans import Span
from .vocabulary import is_product, plain_words

FILE_NAMES = "file-names"
# a file name: letters, digits and joiners, then an extension (or a path's separator)
_FILE = regex.compile(r"(?<![\w.@-])[\p{L}\d][\p{L}\d_.+-]{2,120}\.[A-Za-z0-9]{2,5}(?![\w@])|(?<=/)[\p{L}\d][\p{L}\d_.+-]{2,120}(?=/)")
_PART = regex.compile(r"\p{L}+")


def _first(word: str) -> bool:
    return (word in word_list("first_names") and word not in word_list("ambiguous_first_names")
            and word not in word_list("common_words"))


def _last(word: str) -> bool:
    return word in word_list("last_names") and word not in word_list("common_words")


class FileNameDetector:
    """A gazetteer first name and last name side by side inside a file name."""

    name = FILE_NAMES
    produces = frozenset({"person"})

    def detect(self, text: str) -> list[Span]:
        """The persons of ``text``'s file names."""
        if "_" not in text and "-" not in text:
            return []
        out: list[Span] = []
        for m in _FILE.finditer(text):
            token = m.group()
            if "_" not in token and "-" not in token:
                continue
            parts = [(p.start(), p.end(), p.group()) for p in _PART.finditer(token)]
            for (a, _, w1), (b0, b, w2) in zip(parts, parts[1:], strict=False):
                if token[a + len(w1):b0] not in ("_", "-", "."):
                    continue
                names = [w1, w2]
                if not all(n[:1].isupper() and n[1:].islower() for n in names):
                    continue  # capitalised as names are: "mac_roman", "us-west", "MAC-SAMI" are an encoding's, a region's
                if any(n in word_list("places") for n in names) or f"{w1} {w2}" in word_list("places"):
                    continue  # North_Dakota
                if not (_first(names[0]) and _last(names[1]) or _last(names[0]) and _first(names[1])):
                    continue
                if any(is_product(n) or n.lower() in plain_words() for n in names):
                    continue
                out.append(Span(m.start() + a, m.start() + b, "person", self.name, 0.8))
        return out
