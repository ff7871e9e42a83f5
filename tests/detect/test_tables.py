from __future__ import annotations

from coatcheck.detect.tables import TableDetector


def found(text):
    return [(text[s.start : s.end], s.category) for s in TableDetector().detect(text)]


def test_csv_people_export():
    text = 'id,first_name,last_name,email,phone\n7,Katharina,Krüger,k@web.de,+49 1510 4696242\n8,"Antoine",Fontaine,a@x.fr,+33612705786\n'
    got = found(text)
    assert ("Katharina", "person") in got and ("Krüger", "person") in got and ("Antoine", "person") in got
    assert ("+33612705786", "phone") in got


def test_table_inside_a_json_string():
    text = '{"content":"customer_id,name,phone\\n1842,Brooke Radcliffe,+1 201 555 0100\\n"}'
    assert ("Brooke Radcliffe", "person") in found(text)


def test_psql_output_with_divider():
    text = " id | username | email\n----+----------+------\n  1 | gferraro | g@x.it\n  2 | postgres | p@x.it\n"
    got = found(text)
    assert ("gferraro", "username") in got and ("postgres", "username") not in got


def test_package_tables_are_not_people():
    assert found("name,version,license\nrequests,2.31.0,Apache-2.0\nDjango,5.0,BSD\n") == []
    assert found("name;status\nBuild And Test;ok\n") == []


def test_rows_end_when_the_shape_changes():
    text = "first_name,last_name\nGiulia,Ferraro\n\nThen Some Prose,Here And There,More\n"
    assert [v for v, _ in found(text)] == ["Giulia", "Ferraro"]


def test_a_birth_date_split_over_year_month_and_day_columns_is_masked_part_by_part() -> None:
    from coatcheck import Masker

    text = ("First Name,Last Name,Primary Email,Birth Year,Birth Month,Birth Day,Notes\n"
            "Ottilie,Brennecke,obrennecke@example.net,1961,04,11,choir\n")
    out = Masker().mask(text).text
    assert ",1961," not in out and ",04," not in out and ",11," not in out and out.endswith(",choir\n")
    spanish = "Paciente;F. nacimiento;Teléfono\nRoque Alcaraz;17/02/1958;+34 622 318 904\n"
    assert "17/02/1958" not in Masker().mask(spanish).text


def test_personnel_and_badge_columns_take_short_numbers_and_row_numbers_stay() -> None:
    from coatcheck import Masker

    text = "PersNr;Name;Datum;Kommen\n3817;Okafor, Jelena;10.02.2025;07:58\n"
    assert "3817" not in Masker().mask(text).text
    rows = "row;product;qty\n3817;widget;4\n"
    assert Masker().mask(rows).text == rows
