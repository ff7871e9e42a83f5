from __future__ import annotations

from coatcheck.detect import validators as v


def test_cards():
    assert v.card("4539 1488 0343 6467")
    assert v.card("5425233430109903")
    assert not v.card("4539 1488 0343 6468")  # Luhn
    assert not v.card("1234567812345670")  # passes Luhn, no issuer prefix
    assert not v.card("4111-1111")


def test_iban():
    assert v.iban("DE89 3704 0044 0532 0130 00") and v.iban("GB82WEST12345698765432")
    assert not v.iban("DE89 3704 0044 0532 0130 01")


def test_national_ids():
    assert v.us_ssn("536-90-4399") and not v.us_ssn("666-12-3456")
    assert v.uk_nino("AB123456C") and not v.uk_nino("GB123456A")
    assert v.it_codice_fiscale("RSSMRA85T10A562S") and not v.it_codice_fiscale("RSSMRA85T10A562T")
    assert v.es_dni_nie("54362315K") and v.es_dni_nie("X2482300W") and not v.es_dni_nie("54362315Z")
    assert v.fr_nir("295109912611193") and not v.fr_nir("295109912611194")
    assert v.de_idnr("36574261809") and not v.de_idnr("36574261808")
    assert v.nl_bsn("111222333") and not v.nl_bsn("111222334")


def test_ips():
    assert v.ipv4("34.117.59.81") and v.ipv4("10.1.2.3")  # private ranges are the policy's call
    assert not v.ipv4("127.0.0.1") and not v.ipv4("192.0.2.5") and not v.ipv4("224.0.0.1") and not v.ipv4("0.0.0.0")
    assert v.ipv6("2606:4700::6810:85e5")
    assert not v.ipv6("::1") and not v.ipv6("fe80::1") and not v.ipv6("2001:db8::1") and not v.ipv6("12:34:56")


def test_mac():
    assert v.mac("3c:22:fb:a1:07:9e") and v.mac("001a.2b3c.4d5e")
    assert not v.mac("ff:ff:ff:ff:ff:ff") and not v.mac("00:00:5e:00:53:01")


def test_email():
    assert v.email("giulia.ferraro@acme-dev.it")
    assert not v.email("jane@example.com") and not v.email("x@foo.test") and not v.email("git@github.com")
    assert not v.email("logo@2x.png")


def test_jwt():
    assert v.jwt("eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2ln")
    assert not v.jwt("eyJub3QiOiJhIHRva2VuIn0.eyJ4IjoxfQ.x") and not v.jwt("a.b")


def test_person_name():
    assert v.person_name("Jean-Luc Moreau") and v.person_name("Anna van der Berg") and v.person_name("María García")
    assert not v.person_name("GitHub") and not v.person_name("dependabot[bot]") and not v.person_name("build and test")
    assert v.gazetteer_name("Giulia Ferraro") and not v.gazetteer_name("Release Team")


def test_python_slices_are_not_ipv6():
    from coatcheck.detect.validators import ipv6

    assert not ipv6("1::2") and not ipv6("3::2") and ipv6("2a00:1450:4001:82b::200e")
