"""The document policy's dates (detect/doc_dates.py): every form a record, a letter or a judgment writes, in five
languages; durations, versions and numbers stay; ``dates = "year"`` keeps the year."""

from __future__ import annotations

import pytest

from coatcheck.detect.doc_dates import document_dates


def found(text: str, keep_year: bool = False) -> list[str]:
    return [text[s:e] for s, e in document_dates(text, keep_year)]


@pytest.mark.parametrize("text,date", [
    ("Admitted on 03/04/2021 for review.", "03/04/2021"),
    ("Seen 3.4.21 in clinic.", "3.4.21"),
    ("Timestamp 2021-04-03T10:00Z here.", "2021-04-03T10:00Z"),
    ("Filed 2021/04/03 at noon", "2021/04/03"),
    ("Employed since 04/2021.", "04/2021"),
    ("Born 6. 9. 1903 in Linz.", "6. 9. 1903"),
    ("Discharged on 3 March 2024.", "3 March 2024"),
    ("Discharged on March 3rd, 2024.", "March 3rd, 2024"),
    ("Le 1er mars 2020, le tribunal", "1er mars 2020"),
    ("Am 3. März 2024 erschien", "3. März 2024"),
    ("el 3 de marzo de 2024 se dictó", "3 de marzo de 2024"),
    ("il 1° marzo il ricorrente", "1° marzo"),
    ("visited in March 2024 again", "March 2024"),
    ("moved in Spring 2020", "Spring 2020"),
    ("Im Frühjahr 1943 kam", "Frühjahr 1943"),
    ("nacque nel 1931 a Roma", "1931"),
    ("Il est né en 1847.", "1847"),
    ("Monday, 3 March 2024: hearing", "Monday, 3 March 2024"),
    ("lunedì 3 marzo 2024 alle", "lunedì 3 marzo 2024"),
    ("the hearing on the 3rd was adjourned", "3rd"),
    ("1913 wird ihm das Haus verkauft", "1913"),
    ("Im April dieses Jahres kam er", "April"),
    ("bis Mitte Juni blieb", "Juni"),
    ("left school in Oct . 1937 , and", "Oct . 1937"),
])
def test_each_form_is_a_date(text: str, date: str) -> None:
    assert found(text) == [date]


@pytest.mark.parametrize("text", [
    "version 1.2.3 of the tool", "ip 10.0.0.1 replied", "ratio 3/4 of the cases", "Regulation (EU) 2016/679",
    "a man of 45 years", "for 3 days and 2 months", "you may 5 times", "set 3 items aside", "the 3rd floor",
    "a rise of 2019 % ", "room 12/35", "1800 mg daily", "a fee of 2000 € paid", "cited as (2001) 6 SCC 446",
    "AIR 2015 SC 2240", "in may we trust", "the Land Acquisition Act, 1894 was", "under the 1948 Act the",
])
def test_numbers_durations_and_versions_are_no_dates(text: str) -> None:
    assert found(text) == []


def test_keep_year_masks_all_but_the_year() -> None:
    text = "born 3 March 1970, seen 12/05/2021 and el 3 de marzo de 2024, in 2019-2020"
    assert found(text, keep_year=True) == ["3 March", "12/05", "3 de marzo"]


def test_a_year_like_number_alone_is_a_year() -> None:
    """The trade-off of documents: "1913 wird ihm …", "Jahrgang 1915" are years, and so is a count written the same
    way (2019 patients); a unit, a currency or a citation's parentheses make it a quantity."""
    assert found("2019 patients were enrolled") == ["2019"]
