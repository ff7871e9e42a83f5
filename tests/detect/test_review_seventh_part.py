"""Findings of the review of the seventh part (a helper given the threat model, not the code's reasoning): leaks the
new keeps had opened, partial detections of the new record formats, their false positives, and per-span scans of a
long line that made the keep predicates quadratic."""

from __future__ import annotations

import json
import time

import pytest

from coatcheck import Masker


@pytest.mark.parametrize(("text", "value"), [
    ('{"payment_method": {"card": {"number": "4539148803436467", "cvc": "123"}}}\n', "4539148803436467"),
    ("curl https://api.psp.test/v1/charges -d 'card[number]=4539148803436467'\n", "4539148803436467"),
    ("Card ID: 5425233430109903\n", "5425233430109903"),
    ('{"card_id": "5425233430109903"}\n', "5425233430109903"),
    ("customer_account_id: 731955401112\nregion: aws eu-west-1\n", "731955401112"),
    ("bank_account_number = 731955401112  # exported nightly to AWS S3\n", "731955401112"),
    ("hmac_sha256_secret: 3b9f0e2a71c4d58e6f1a0b7c2d9e4f6a\n", "3b9f0e2a71c4d58e6f1a0b7c2d9e4f6a"),
    ("checksum_key=9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08\n", "9f86d081884c7d659a2f"),
    ("hash_salt: 3b9f0e2a71c4d58e6f1a0b7c2d9e4f6a\n", "3b9f0e2a71c4d58e6f1a0b7c2d9e4f6a"),
    ("# /etc/pgbouncer/userlist.txt\n\"tgallardo\" \"Cardo-Ruta-88!\"\n", "Cardo-Ruta-88!"),
    ("DB_NAME=tkowalski_scratch\nDB_USER=tkowalski\n", "DB_USER=tkowalski"),
    ("[Service]\nUser=lzanetti\nExecStart=/opt/lzanetti-sync/bin/run\n", "User=lzanetti"),
    ('"userName": "TheRealMariaRossi"\n', "TheRealMariaRossi"),
    ("login: MariaRossiDevOps\n", "MariaRossiDevOps"),
    ("whitelist my IP (Home 81.2.69.160) please\n", "81.2.69.160"),
    ("|1|alice|ghp_Qm4xT8vLz2Rw9Kc6Jp1Ys7Nd3Hf5Bg0Ta2Ue|\n", "ghp_Qm4xT8vLz2Rw9Kc6Jp1Ys7Nd3Hf5Bg0Ta2Ue"),
    ('DB_PASSWORD="Winter-Sun..."\n', "Winter-Sun"),
    ("password=Tidal:/Harbor-42\n", "Harbor-42"),
    ("password=prod-key:42\n", "prod-key:42"),
    ("export SECRET=KEY=Harbor-Lantern-42\n", "Harbor-Lantern-42"),
    ("DB_PASSWORD=Harbor,XYZ=Lantern-42-Violet\n", "Lantern-42-Violet"),
    ("lzanetti ALL = NOPASSWD: ALL\n", "lzanetti"),
    ("User_Alias PLATFORM = kowalczykp, lzanetti, \\\n    fhuttner, mrossi\n", "fhuttner"),
    ("User_Alias PLATFORM = kowalczykp, fhuttner  # ops team\n", "fhuttner"),
    ("lzanetti,kowalczykp    ALL=(ALL:ALL) ALL\n", "lzanetti"),
    ('-- PARAMETERS: ["s.mcdonald@bt.co.uk","McDonald","Sarah"]\n', "McDonald"),
    ("7\tSean\tO'Brien\tsean.obrien@eircom.net\t087 123 4567\n", "O'Brien"),
    ("Nmap scan report for anna-maria-rossi-laptop.fritz.box (192.168.1.9)\n", "rossi"),
    ('set security ike policy p pre-shared-key ascii-text "Qv3nT8pLx2Rk";\n', "Qv3nT8pLx2Rk"),
])
def test_the_value_is_masked(text: str, value: str) -> None:
    m = Masker()
    masked = m.mask(text)
    assert value not in masked.text, masked.text
    assert m.restore(masked.text) == text


@pytest.mark.parametrize("text", [
    '"black" "30"\n"blue" "34"\n',
    "Please enter your\nusername or password\n",
    "per-pixel lighting\nint (*add_pixel)(void);\nnpm i joi-phone-number cordova-android\n",
    "adminPasswordKey: postgres-password\npasswordSecret: mongo-admin-password\n",
])
def test_no_false_positive(text: str) -> None:
    masked = Masker().mask(text).text
    assert masked == text, masked


def test_a_provider_label_before_its_key_is_no_login() -> None:
    masked = Masker().mask("sendgrid: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\n").text
    assert masked.startswith("sendgrid:")


def test_a_timestamp_on_a_persons_row_is_no_phone() -> None:
    masked = Masker().mask("42\tjdoe@acme-corp.com\t1716292495\tactive\n").text
    assert "1716292495" in masked


def test_an_mt103_in_a_json_string_stays_json() -> None:
    text = json.dumps({"mt": "{4:\n:50K:/DE02120300000000202051\nGRETA LINDQVIST\nAM FISCHMARKT 12\n:59:/IT60X0542811101000000123456\nMARCO BELLINI\nVIA TORINO 12\n-}"}) + "\n"
    masked = Masker().mask(text).text
    assert json.loads(masked) and "LINDQVIST" not in masked


@pytest.mark.parametrize("unit", ["ab://x?&", "https://x.io/?a=1&", "NM1*IL*1*A*B~", "(@a.b.c ", "Moreau\t"])
def test_long_lines_of_the_new_shapes_stay_linear(unit: str) -> None:
    m = Masker()
    times = []
    for n in (8_000, 32_000):
        text = (unit * (n // len(unit) + 1))[:n] + "\tx@y.fr\n"
        m.pipeline.clear_caches()
        a = time.perf_counter()
        m.mask(text)
        times.append(time.perf_counter() - a)
    assert times[1] < 10 * times[0] + 0.5, times  # four times the text: linear is ~4x, quadratic ~16x
