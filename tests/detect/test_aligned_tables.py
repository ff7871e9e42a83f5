"""Tables printed with aligned columns: the header names the column, the cell is the text under it."""

from __future__ import annotations

import pytest

from coatcheck import Masker
from coatcheck.detect.aligned_tables import AlignedTableDetector

PANDAS = """  customer_id           name  ...      signup  birth_date
0    C-104233   Ilse Vermeer  ...  2024-03-02  1985-02-11
1    C-104234  Tomas Ribeiro  ...  2024-03-04  1990-07-30
"""
R_FRAME = """  num_empleado            nombre num_pasaporte       dni
1    EMP-40865 Itziar Etxeberria     PAA037058 Z4035415R
2      E427001        Iker Otxoa     PAB860002 62608294V
"""
SQLCMD = """matricola NOMINATIVO        iban                        data_nascita
--------- ----------------- --------------------------- ------------
EMP-50184 CHIARA LOMBARDO   IT83Q0103073303421251392063 12/01/1968
"""
POLARS = """│ patienten_id ┆ name               ┆ geburtsdatum ┆ telefon           │
│ ---          ┆ ---                ┆ ---          ┆ ---               │
│ str          ┆ str                ┆ date         ┆ str               │
╞══════════════╪════════════════════╪══════════════╪═══════════════════╡
│ PAT7046609   ┆ Svenja Hoffmeister ┆ 04.09.1961   ┆ +49 (0)30 4119482 │
"""
MATLAB = """      KundenNr              Name                 ReisepassNr
    ____________    ____________________    ___________

    "C-504694"      "Svenja Thiele"         "GNJHN8630"
"""


@pytest.mark.parametrize("table, values", [
    (PANDAS, {"C-104233", "Ilse Vermeer", "Tomas Ribeiro", "1985-02-11", "1990-07-30"}),
    (R_FRAME, {"EMP-40865", "E427001", "Itziar Etxeberria", "Iker Otxoa", "PAA037058", "PAB860002", "62608294V"}),
    (SQLCMD, {"EMP-50184", "CHIARA LOMBARDO", "12/01/1968"}),
    (POLARS, {"PAT7046609", "Svenja Hoffmeister", "04.09.1961", "+49 (0)30 4119482"}),
    (MATLAB, {"C-504694", "Svenja Thiele", "GNJHN8630"}),
])
def test_cells_under_personal_headers_whatever_the_alignment(table: str, values: set[str]) -> None:
    found = {table[s.start:s.end] for s in AlignedTableDetector().detect(table)}
    assert values <= found


@pytest.mark.parametrize("text", [
    "import email\nimport logging\nimport random\n",
    "NAME                      READY   STATUS    RESTARTS   AGE\napi-7d9f8b6c5-x2kqp       1/1     Running   0          3d\n",
    "Package    Version\n---------- -------\nrequests   2.31.0\n",
    "│  App │───────────>│ Handle │\n│  Tracks │          │ x │\n",
    "the name and email of the user\nare stored in the profile table\n",
])
def test_code_tool_listings_and_prose_are_no_table_of_people(text: str) -> None:
    assert AlignedTableDetector().detect(text) == []


def test_a_process_listings_user_column_masks_logins_and_keeps_service_accounts() -> None:
    text = ("USER         PID %CPU %MEM    VSZ   RSS TTY      STAT START   TIME COMMAND\n"
            "root           1  0.0  0.1 167744 11904 ?        Ss   Nov30   0:09 /sbin/init\n"
            "postgres     812  0.3  1.9 218400 40112 ?        Ss   Nov30   2:41 postgres: checkpointer\n"
            "tvanlierop  4121  2.1  1.3 912344 98312 pts/0    Sl+  10:02   1:13 python train.py\n")
    out = Masker().mask(text).text
    assert "tvanlierop" not in out and "root           1" in out and "postgres     812" in out and "%CPU" in out
