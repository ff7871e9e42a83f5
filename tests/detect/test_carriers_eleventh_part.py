"""Agent traffic, eleventh part: classes read from a fresh blind set's misses (the values here are our own): the
account an authentication log names after its event, a document number under a column its label names, the other
rows of a headerless table's login column; and what stays readable around them."""

from __future__ import annotations

import pytest

from coatcheck.detect.logins import column_mates
from coatcheck.masker import Masker
from coatcheck.spans import Span

from .spans import found


@pytest.fixture(scope="module")
def m() -> Masker:
    return Masker()



@pytest.mark.parametrize("line,login", [
    ("Feb  9 11:02:17 gw02 sshd[20417]: Accepted publickey for tmarsh from 198.51.100.23 port 50122 ssh2: RSA SHA256:x", "tmarsh"),
    ("Feb  9 11:02:17 gw02 sshd[20417]: Failed password for r.okafor from 198.51.100.23 port 50122 ssh2", "r.okafor"),
    ("Feb  9 11:02:17 gw02 sshd[20417]: Accepted keyboard-interactive/pam for wenjie_l from 198.51.100.9 port 2 ssh2", "wenjie_l"),
    ("Feb  9 11:02:19 gw02 systemd-logind[702]: New session 88 of user hbeaumont.", "hbeaumont"),
    ("Feb  9 11:03:01 gw02 sshd[20431]: Connection closed by authenticating user kvarga-dev 198.51.100.4 port 3 [preauth]", "kvarga-dev"),
    ("Feb  9 11:04:00 gw02 sshd[20431]: pam_unix(sshd:session): session closed for user ptorvald7", "ptorvald7"),
])
def test_an_authentication_log_names_its_account_after_the_event(m: Masker, line: str, login: str) -> None:
    assert found(m, line).get(login) == "username"


@pytest.mark.parametrize("line", [
    "Feb  9 11:02:17 gw02 sshd[20417]: Invalid user admin from 198.51.100.23 port 50122",
    "Feb  9 11:02:17 gw02 sudo: pam_unix(sudo:session): session opened for user root(uid=0) by (uid=1000)",
    "Validate the payload for user input before it reaches the model.",
    "The quota is enforced by user group, see the docs of user management.",
    "To get a list of user activities, call the API; activities: []",
    "Authentication failure for oauth2 client; scopes: oauth2",
])
def test_service_accounts_and_prose_after_those_events_stay(m: Masker, line: str) -> None:
    assert "username" not in found(m, line).values()


@pytest.mark.parametrize("text,value,category", [
    ("Personalnr\tVorname\tNachname\tFührerschein-Nr.\tAbteilung\n4471\tJonas\tBrecht\tF83KX29Q1L\tEinkauf\n",
     "F83KX29Q1L", "driver_license"),
    ("n_polizza;contraente;patente;scadenza\nRCA-881;Livia Sarto;TO4412903K;31/12/2025\n", "TO4412903K", "driver_license"),
    ("id,name,driver_license_number,city\n7,Ann Ode,D1234-56789-01234,Leeds\n", "D1234-56789-01234", "driver_license"),
    ("empleado;nombre;n_afiliacion_ss;alta\nE77;Inés Prat;28/10442211/63;2019-04-01\n", "28/10442211/63", "national_id"),
])
def test_a_document_number_under_a_column_its_label_names(m: Masker, text: str, value: str, category: str) -> None:
    assert found(m, text).get(value) == category


def test_a_labelled_column_keeps_what_is_no_number(m: Masker) -> None:
    text = "name;patente;note\nLivia Sarto;n/a;in attesa\nPiero Gatti;B;categoria\n"
    spans = found(m, text)
    assert "n/a" not in spans and "B" not in spans and "categoria" not in spans


WHO = ("olgaz     pts/0        2025-03-01 09:12 (10.1.0.5)\n"
       "bkarimi   pts/1        2025-03-01 09:13 (10.1.0.6)\n"
       "tnyberg2  pts/2        2025-03-01 09:15 (10.1.0.7)\n"
       "root      tty1         2025-03-01 08:00\n")


def _at(text: str, value: str) -> tuple[int, int]:
    s = text.index(value)
    return s, s + len(value)


def test_a_headerless_column_takes_its_other_rows() -> None:
    found_rows = [Span(*_at(WHO, "olgaz"), "username", "logins", 0.9), Span(*_at(WHO, "bkarimi"), "username", "logins", 0.9)]
    mates = {WHO[s.start:s.end]: s.category for s in column_mates(WHO, found_rows)}
    assert mates == {"tnyberg2": "username"}  # root is a service account: it stays


def test_a_column_needs_two_findings_and_half_its_rows() -> None:
    one = [Span(*_at(WHO, "olgaz"), "username", "logins", 0.9)]
    assert column_mates(WHO, one) == []
    table = "".join(f"u{k:02d}x   pts/{k}   2025-03-01 09:{k:02d}\n" for k in range(8))
    two_of_eight = [Span(*_at(table, "u00x"), "username", "logins", 0.9), Span(*_at(table, "u01x"), "username", "logins", 0.9)]
    assert column_mates(table, two_of_eight) == []


def test_a_header_or_a_command_above_the_column_is_no_row() -> None:
    text = ("$ psql -c 'select member_no, name from members'\n member_no | name\n-----------+------\n"
            " MB-449102 | x\n MB-449103 | y\n MB-449104 | z\n")
    found_rows = [Span(*_at(text, "MB-449102"), "account", "logins", 0.9), Span(*_at(text, "MB-449103"), "account", "logins", 0.9)]
    mates = {text[s.start:s.end] for s in column_mates(text, found_rows)}
    assert mates == {"MB-449104"}


@pytest.mark.parametrize("text,names", [
    ("-rw-r----- 1 hr hr 48213 Mar  4 09:12 Gehaelter/2024/Weber_Lukas.xlsx", ("Weber", "Lukas")),
    ("uploaded Bewerbungen/CV_Maria_Rossi.pdf to the share", ("Maria", "Rossi")),
])
def test_a_person_named_in_a_file_name_in_either_order(m: Masker, text: str, names: tuple[str, str]) -> None:
    spans = found(m, text)
    assert all(spans.get(n) == "person" for n in names), spans


@pytest.mark.parametrize("text", ["/usr/share/i18n/charmaps/MAC-SAMI.gz", "encodings/mac_roman.py",
                                  "zoneinfo/America/North_Dakota/Center", "tests/test_main_window.py",
                                  "docs/Getting_Started.md", "region us-west-2.json"])
def test_file_names_of_code_and_places_stay(m: Masker, text: str) -> None:
    assert "person" not in found(m, text).values()


def test_a_login_a_slot_names_is_masked_where_it_stands_alone(m: Masker) -> None:
    text = ("okwuosa        82796  3.8  3.3 15:46:21 mysql -h db-7.corp.lan -u okwuosa crm\n"
            "postgres       83112  5.8  7.6 00:58:11 postgres: checkpointer\n")
    spans = [(text[s.start:s.end], s.start) for s in Masker().pipeline.detect(text) if s.category == "username"]
    assert ("okwuosa", 0) in spans and ("okwuosa", text.index("-u okwuosa") + 3) in spans


def test_a_login_that_is_a_word_does_not_spread_into_hosts_and_paths(m: Masker) -> None:
    text = "DATABASE_URL=postgres://quokka:Xr7-Brume-19a@db-3.quokka.internal:5432/quokka\nssh quokka@10.0.0.4\n"
    masked = m.mask(text).text
    assert "db-3.quokka.internal:5432/quokka" in masked and "ssh quokka@" not in masked


def test_a_headerless_queue_listing_is_read_as_a_column() -> None:
    """squeue -h: no row alone is sure enough, the column of them is (values our own)."""
    text = ("           5120001    bigmem train_ll okaforc7  R    8:52:36      3 bm29\n"
            "           5120002       cpu sweep_lr     mv88 CG   38:38:08      8 bm38\n"
            "           5120003       cpu     bash  dnovak_a  R    0:54:07      7 bm36\n"
            "           5120004       gpu train_ll okaforc7 CG    3:47:45      5 cn03\n")
    logins = {text[s.start:s.end] for s in Masker().pipeline.detect(text) if s.category == "username"}
    assert {"okaforc7", "dnovak_a"} <= logins and not logins & {"bigmem", "train_ll", "sweep_lr", "bm29", "cn03"}


def test_a_device_word_after_a_prompt_s_at_is_the_host(m: Masker) -> None:
    assert "username" not in found(m, "deploy@laptop billing % ls -l /home").values()


def test_a_login_from_a_home_path_still_spreads_into_paths(m: Masker) -> None:
    text = "$ ls /home/ashwortho\nYou have new mail in /var/mail/ashwortho\n"
    assert "ashwortho" not in m.mask(text).text


def test_a_column_of_one_repeated_guess_is_no_login_column() -> None:
    text = "".join(f"root       {k}  0.0  0.1 1234 567 ?  Ss   Mar01   0:0{k} /usr/sbin/daemon{k}\n" for k in range(1, 6))
    assert "Mar01" not in {text[s.start:s.end] for s in Masker().pipeline.detect(text)}


def test_a_generic_label_heads_no_document_column(m: Masker) -> None:
    text = "product,license_number,seats\nIDE Pro,LIC-2024-00017,20\nDB Tool,LIC-2024-00018,5\n"
    assert "driver_license" not in found(m, text).values()


def test_a_guessed_login_in_a_log_does_not_spread_into_commands(m: Masker) -> None:
    text = "Feb  9 11:02:17 gw02 sshd[20417]: Invalid user steam from 198.51.100.23\n$ sudo apt install steam\n"
    assert "apt install steam" in m.mask(text).text


def test_package_listings_and_file_modes_stay(m: Masker) -> None:
    text = ("ii  bsdutils        1:2.38.1-5+deb12u3   amd64   basic utilities from 4.4BSD-Lite\n"
            "ii  libatm1:amd64   1:2.5.1-4+b2         amd64   shared library for ATM\n"
            "lrwxrwxrwx  1 0 0    21 Jan  8  2023 cpp -> /etc/alternatives/cpp\n")
    assert m.mask(text).text == text


def test_the_owner_of_a_listing_is_still_masked(m: Masker) -> None:
    text = ("drwxr-x--- 27 okwuosa okwuosa 4096 Dec 26 23:34 .\n-rw-r--r--  1 okwuosa okwuosa  220 Dec 26 23:34 notes.txt\n"
            "-rw-------  1 okwuosa okwuosa 5120 Dec 27 09:02 .bash_history\n")
    assert "okwuosa" not in m.mask(text).text
