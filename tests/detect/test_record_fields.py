"""Values records and messages hold where their field or phrase says what they are (issues 23 and 24): a phone after
a vCard property's colon, a password assigned inside a JSON message, a WireGuard preshared key, a platform's typed
account id, the addressee of a greeting, a mailing list's birthday column, an emergency contact."""

from __future__ import annotations

import pytest

from coatcheck import Masker

# fictional values
CASES = [
    ("TEL;TYPE=WORK,VOICE:+1 612-732-5261", "+1 612-732-5261"),
    ('{"m":"link https://cloud.kv-files.co.uk/s/GO9xro password=pj5-Pinguino-12","u":"M"}', "pj5-Pinguino-12"),
    ("PresharedKey = /ooaVQ9MKAbh7cVinAd4Jv9tpmo0WMV7uRv/pt8mkqE=", "/ooaVQ9MKAbh7cVinAd4Jv9tpmo0WMV7uRv/pt8mkqE="),
    ('<ri:user ri:account-id="5b41e6273fb29731624d247b" />', "5b41e6273fb29731624d247b"),
    ('{"account_id": "acc_vvGTRopQUQQx"}', "acc_vvGTRopQUQQx"),
    ("Hi Meenakshi, your appointment is confirmed", "Meenakshi"),
    ('"Email","First Name","Birthday"\n"ak@mailbox-co.io","Ann","09/07"\n', "09/07"),
    ("ADR;TYPE=HOME:;;134 Portland Street;Leeds;;LS16 7LB;United Kingdom", "Leeds"),
]


@pytest.mark.parametrize("text,value", CASES)
def test_the_field_or_phrase_decides(text: str, value: str) -> None:
    assert value in [text[s.start:s.end] for s in Masker().detect(text)]


@pytest.mark.parametrize("text", [
    "port:8080 at 10:30:00 +0100", "Hi Team, the build is green", "Hello World, again", "Dear Customer, thanks",
    '{"account_id": "default"}', "ADR;TYPE=WORK:;;;Leeds;;;United Kingdom",
])
def test_what_the_field_or_phrase_does_not_hold(text: str) -> None:
    assert Masker().detect(text) == []


@pytest.mark.parametrize("text,values", [
    ("Deploy to the VPS (user mxu, password WGRZK3.JxE!a24gg, yes)", ["mxu"]),
    ("token_meta_username    larissa.gonc", ["larissa.gonc"]),
    ("telegram_chat_id: 2170814258", ["2170814258"]),
    ("socio n.º MBR 7944-8487, pasaporte", ["MBR 7944-8487"]),
    ("home_latitude: 45.56668\nhome_longitude: -122.65624", ["45.56668", "-122.65624"]),
    ("# /etc/openvpn/client/auth.txt\nhaoran35\nelDJqpkb#oRd.ANU+p63IC\n", ["haoran35", "elDJqpkb#oRd.ANU+p63IC"]),
])
def test_slots_of_listings_files_and_prose(text: str, values: list[str]) -> None:
    found = [text[s.start:s.end] for s in Masker().detect(text)]
    assert all(v in found for v in values), found


@pytest.mark.parametrize("text,values", [
    ("<privateKey>{AQAAABAAAAMwwMqQJpvgBmiknkPd6/IZMKl2vKjWb382fLZ1KHn8Zl8eR9C+Exx3Xzwus=}</privateKey>",
     ["{AQAAABAAAAMwwMqQJpvgBmiknkPd6/IZMKl2vKjWb382fLZ1KHn8Zl8eR9C+Exx3Xzwus=}"]),  # Jenkins' braced secret
    ("mulderb:$2a$10$9Er5Y.LVbXLELoYdYZrHduOKgUgsuLU2qzeAdnGfcVvlnbDR6WIVd", ["mulderb"]),
    ('          - "adebay:$apr1$N5F3dclc$Nx1fM5GqNw83ZmBB95fmj9"', ["adebay"]),
    ("Die DB läuft mit User degraafj und Passwort Vo2LMhSi1j8BiJ1.", ["degraafj", "Vo2LMhSi1j8BiJ1"]),
    ("users:\n  - name: linh.huynh\n    shell: /bin/bash\n  - name: deploy\n", ["linh.huynh"]),
    ("   valid users = wiebke_ober j.pfeiffer @finance\n", ["wiebke_ober", "j.pfeiffer"]),
    ("AllowUsers tkovacs deploy\n", ["tkovacs"]),
    ("Salary 2023-03 / EMP-1884", ["EMP-1884"]),
    ('<param name="password" value="qRfx82kLs0Pq"/>', ["qRfx82kLs0Pq"]),
])
def test_password_files_user_lists_and_prefixed_ids(text: str, values: list[str]) -> None:
    found = [text[s.start:s.end] for s in Masker().detect(text)]
    assert all(v in found for v in values), found


@pytest.mark.parametrize("text", [
    "Jannik\t17.01.2025 13:39\t17.01.2025 14:21\t42",  # a date and its clock are no phone
    '"user":{"username":"system:serviceaccount:monitoring:kube-state-metrics"}',
    '"u":{"_id":"MnRDSeEBWMDWu8kxb"}',
    "ping @finance and @security", "root:$6$abc$def", "PT100 sensor",
])
def test_dates_components_ids_and_teams_stay(text: str) -> None:
    assert Masker().detect(text) == []
