"""Credentials of network devices, management controllers and home-lab tools: by the option or the configuration
line that takes them (data/cli_credentials.toml, rules network-device-password, snmp-community …), and the logins
the same lines name."""

from __future__ import annotations

import pytest

from coatcheck import Masker


@pytest.mark.parametrize(("text", "values"), [
    ("$ racadm -r 10.21.8.88 -u root -p 'Lq7-Harbor-204' getsysinfo", ["Lq7-Harbor-204"]),
    ("$ ipmitool -I lanplus -H 10.40.10.41 -U mvoigt -P 'Sommer2023!' sel list", ["Sommer2023!", "mvoigt"]),
    ("$ snmpwalk -v2c -c qrtzmonit7 192.0.2.10 system", ["qrtzmonit7"]),
    ("$ snmpget -v3 -l authPriv -u rkhanna -a SHA -A 'Tw8*pLq2vX' -x AES -X 'Mz4!rNc7Yb' 192.0.2.10 sysName.0",
     ["Tw8*pLq2vX", "Mz4!rNc7Yb", "rkhanna"]),
    ("$ sudo pihole -a -p 'otter-lantern-spire52'", ["otter-lantern-spire52"]),
    ("line vty 0 4\n password 7 0822455D0A16544541\n transport input ssh", ["0822455D0A16544541"]),
    ("tacacs server TAC1\n address ipv4 10.30.17.40\n key 7 104D000A0618", ["104D000A0618"]),
    ("snmp-server community Vq7LpM2wXz RO 10\nset snmp community nTvLq8WmQe authorization read-only",
     ["Vq7LpM2wXz", "nTvLq8WmQe"]),
    ("<snmpd>\n\t<rocommunity>rRqgT683CVx</rocommunity>\n</snmpd>", ["rRqgT683CVx"]),
    ("MailNotification\\password=qzvb nmwe rtyk plok", ["qzvb nmwe rtyk plok"]),
    ("export SSHPASS='hn2-Drumlin-62'", ["hn2-Drumlin-62"]),
    ("sv_setsteamaccount 5E0A9B3C7D21F84A6C0E2B9D4F7A1C38", ["5E0A9B3C7D21F84A6C0E2B9D4F7A1C38"]),
    ("https://tracker.example.org/a/7f3c9e1b2d4a6f8e0c1b3d5f7a9e2c4b/announce", ["7f3c9e1b2d4a6f8e0c1b3d5f7a9e2c4b"]),
    ("[smtp.mailgun.org]:587 postmaster@mg.example.com:4c1f8a92d07be35a6e0b7f21c9d84e53-3a7b9c1d-5e2f0a84",
     ["4c1f8a92d07be35a6e0b7f21c9d84e53-3a7b9c1d-5e2f0a84"]),
    ("20:15:34\t-->\tkmalik88 (~kmalik88@203.0.113.9) has joined #postgresql", ["kmalik88"]),
    ("! Last configuration change at 19:11:05 UTC Mon Jun 7 2023 by tnakamura", ["tnakamura"]),
    ('user_pref("ldap_2.servers.corp.auth.dn", "uid=pnovak,cn=users,dc=corp,dc=internal");', ["pnovak"]),
    ("$c = New-Object PSCredential('svc-x', (ConvertTo-SecureString 'Winter.41?' -AsPlainText -Force))", ["Winter.41?"]),
    ("./codecov upload-process -t 3f0b7c2e-9a41-4d6b-8e2f-51c7a9d04b18 -f coverage.xml",
     ["3f0b7c2e-9a41-4d6b-8e2f-51c7a9d04b18"]),
    ("# the partner gateway still uses basic auth (okwuosa7 / Lantana.58%)", ["okwuosa7", "Lantana.58%"]),
    ("PersNr;Name;Datum\n3817;Okafor, Jelena;10.02.2025\n", ["3817"]),
])
def test_device_and_tool_credentials_are_masked(text: str, values: list[str]) -> None:
    out = Masker().mask(text).text
    for value in values:
        assert value not in out


@pytest.mark.parametrize("text", [
    "snmp-server community public RO\nservice password-encryption\nenable secret 9 <HASH>",
    "$ snmpwalk -v2c -c public 127.0.0.1 system",
    "$ racadm -r 10.21.8.88 -u root -p \"$IDRAC_PASSWORD\" getsysinfo",
    "! Last configuration change at 19:11:05 UTC Mon Jun 7 2023 by admin",
    "    password: !secret ota_password\n  auth_token: !secret.yaml frontend_token",
    ': "${PGPASSWORD:?missing}"',
    '  "_comment_credentials": "Your game account login credentials, needed for public games",',
    '{"id": "be0094ac69129218", "type": "mqtt-broker", "broker": "be0094ac69129218"}',
    "udp://tracker.opentrackr.org:1337/announce",
])
def test_their_defaults_references_and_ids_stay(text: str) -> None:
    assert Masker().mask(text).text == text
