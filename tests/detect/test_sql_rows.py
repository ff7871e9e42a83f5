"""SQL dumps' rows read by their columns (detect/sql_rows.py): a value under a personal column is masked whatever its
own shape says; numbers, NULLs and non-personal columns stay; a statement left open is read no further than its end."""

from __future__ import annotations

import pytest

from coatcheck import Masker
from coatcheck.detect.sql_rows import SqlRowDetector, _closing


def found(text: str) -> dict[str, str]:
    return {text[s.start:s.end]: s.category for s in SqlRowDetector().detect(text)}


@pytest.mark.parametrize("text,value,category", [
    ("CREATE TABLE patients (id INTEGER PRIMARY KEY, nome TEXT, data_nascita TEXT, mrn TEXT);\n"
     "INSERT INTO patients VALUES(1,'Hiroshi Sato','1971-02-14','MRN-22041977');\n", "1971-02-14", "birth_date"),
    ("CREATE TABLE patients (id INTEGER PRIMARY KEY, nome TEXT, data_nascita TEXT, mrn TEXT);\n"
     "INSERT INTO patients VALUES(1,'Hiroshi Sato','1971-02-14','MRN-22041977');\n", "MRN-22041977", "account"),
    ("INSERT INTO customers (id, full_name, date_of_birth) VALUES (7, 'Ada Brennan', '1982-03-04'), "
     "(8, 'Lior Ben-David', '1990-01-02');\n", "1990-01-02", "birth_date"),
    ("INSERT INTO `users` (`id`, `username`, `email`) VALUES (3, 'tkowalczyk', 'x');", "tkowalczyk", "username"),
])
def test_values_under_personal_columns(text: str, value: str, category: str) -> None:
    assert found(text).get(value) == category


@pytest.mark.parametrize("text", [
    "INSERT INTO releases (id, version, released) VALUES (1, '2.3.1', '2024-05-01');",
    "INSERT INTO customers (id, date_of_birth) VALUES (1, NULL);",
    "INSERT INTO customers VALUES (1, 'Ada Brennan');",  # no CREATE TABLE: the columns are unknown
])
def test_other_values_stay(text: str) -> None:
    assert found(text) == {}


def test_an_open_statement_ends_at_its_semicolon() -> None:
    text = "INSERT INTO t (name, phone) VALUES ('Ada Brennan', '+353 87 555 0101';\n" + "x" * 50_000 + ")"
    assert _closing(text, text.index("(", text.index("VALUES"))) is None  # no scan past the statement's end
    assert SqlRowDetector().detect(text) == []


def test_round_trip_through_the_masker() -> None:
    text = ("CREATE TABLE p (id INTEGER, nome TEXT, data_nascita TEXT);\n"
            "INSERT INTO p VALUES(1,'Hiroshi Sato','1971-02-14');\n")
    m = Masker()
    masked = m.mask(text).text
    assert "1971-02-14" not in masked and m.restore(masked) == text

