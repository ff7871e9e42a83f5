"""Fictional, format-valid values for the benchmark generator.

Every value passes the checks a real one would (Luhn, mod-97, stdnum check characters, provider prefix,
length and alphabet) and is random, so no value belongs to anyone. Provider formats are written here from
the providers' documentation, independently of coatcheck's own rule pack.
"""

from __future__ import annotations

import base64
import ipaddress
import json
import random
import string
import tomllib
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources

import phonenumbers
from stdnum import iban as _iban
from stdnum import luhn
from stdnum.es import ccc as _ccc
from stdnum.es import dni as _dni
from stdnum.fr import nir as _nir
from stdnum.it import codicefiscale as _cf
from stdnum.iso7064 import mod_11_10

ALNUM = string.ascii_letters + string.digits
B64URL = ALNUM + "-_"
HEX = "0123456789abcdef"


@dataclass(frozen=True)
class Person:
    first: str
    last: str
    lang: str

    @property
    def full(self) -> str:
        return f"{self.first} {self.last}"

    @property
    def login(self) -> str:
        import unicodedata

        base = unicodedata.normalize("NFKD", (self.first[0] + self.last.split()[0]).lower())
        return "".join(c for c in base if c.isascii() and c.isalnum())


@lru_cache(maxsize=1)
def _people() -> dict[str, dict[str, list[str]]]:
    return tomllib.loads(resources.files("coatcheck.bench").joinpath("data", "people.toml").read_text("utf-8"))


class Values:
    """A seeded source of fictional values."""

    def __init__(self, rnd: random.Random) -> None:
        self.r = rnd

    def s(self, alphabet: str, n: int) -> str:
        return "".join(self.r.choice(alphabet) for _ in range(n))

    # --- people
    def person(self, lang: str | None = None) -> Person:
        lang = lang or self.r.choice(["en", "it", "de", "fr", "es"])
        p = _people()[lang]
        return Person(self.r.choice(p["first"]), self.r.choice(p["last"]), lang)

    def email(self, person: Person | None = None) -> str:
        person = person or self.person()
        domain = self.r.choice(["gmail.com", "outlook.com", "web.de", "orange.fr", "libero.it", "yahoo.es", "proton.me",
                                f"{person.last.split()[0].lower().replace(chr(39), '')}-consulting.com", "acmecorp.io", "globex.net"])
        local = self.r.choice([person.login, f"{person.first.lower()}.{person.last.split()[0].lower()}", f"{person.login}{self.r.randint(1, 99)}"])
        import unicodedata

        local = "".join(c for c in unicodedata.normalize("NFKD", local) if c.isascii() and (c.isalnum() or c in "._"))
        return f"{local}@{domain}"

    def phone(self, region: str | None = None) -> str:
        region = region or self.r.choice(["US", "GB", "IT", "DE", "FR", "ES", "NL"])
        example = phonenumbers.example_number_for_type(region, phonenumbers.PhoneNumberType.MOBILE)
        assert example is not None, region  # every region above has an example mobile number
        nsn = str(example.national_number)
        for _ in range(200):
            cand = nsn[:3] + self.s("0123456789", len(nsn) - 3)
            num = phonenumbers.parse(cand, region)
            if phonenumbers.is_valid_number(num):
                fmt = self.r.choice([phonenumbers.PhoneNumberFormat.INTERNATIONAL, phonenumbers.PhoneNumberFormat.E164,
                                     phonenumbers.PhoneNumberFormat.INTERNATIONAL, phonenumbers.PhoneNumberFormat.NATIONAL])
                return phonenumbers.format_number(num, fmt)
        return phonenumbers.format_number(example, phonenumbers.PhoneNumberFormat.INTERNATIONAL)

    # --- finance and ids
    def iban(self) -> str:
        country, bban = self.r.choice([
            ("DE", lambda: self.s("0123456789", 18)),
            ("GB", lambda: self.s(string.ascii_uppercase, 4) + self.s("0123456789", 14)),
            ("IT", lambda: self.r.choice(string.ascii_uppercase) + self.s("0123456789", 10) + self.s("0123456789", 12)),
            ("FR", lambda: self.s("0123456789", 23)),
            ("ES", self._es_bban),
            ("NL", lambda: self.s(string.ascii_uppercase, 4) + self.s("0123456789", 10)),
        ])
        b = bban()
        compact = country + _iban.calc_check_digits(country + "00" + b) + b
        if self.r.random() < 0.6:
            return " ".join(compact[i : i + 4] for i in range(0, len(compact), 4))
        return compact

    def _es_bban(self) -> str:
        """Spanish BBAN with valid CCC control digits (bank, branch, 2 check digits, account)."""
        raw = self.s("0123456789", 8) + "00" + self.s("0123456789", 10)
        return raw[:8] + _ccc.calc_check_digits(raw) + raw[10:]

    def card(self) -> str:
        prefix, length = self.r.choice([("4", 16), ("51", 16), ("55", 16), ("2221", 16), ("34", 15), ("37", 15), ("6011", 16)])
        body = prefix + self.s("0123456789", length - len(prefix) - 1)
        num = body + luhn.calc_check_digit(body)
        if length == 16 and self.r.random() < 0.5:
            return " ".join(num[i : i + 4] for i in range(0, 16, 4))
        return num

    def ssn(self) -> str:
        return f"{self.r.randint(1, 665):03d}-{self.r.randint(1, 99):02d}-{self.r.randint(1, 9999):04d}"

    def nino(self) -> str:
        first = self.r.choice("ABCEGHJKLMNOPRSTWXYZ")
        second = self.r.choice("ABCEGHJKLMNPRSTWXYZ")
        if first + second in {"BG", "GB", "NK", "KN", "TN", "NT", "ZZ"}:
            second = "A"
        return f"{first}{second}{self.s('0123456789', 6)}{self.r.choice('ABCD')}"

    def codice_fiscale(self) -> str:
        body = self.s(string.ascii_uppercase.replace("AEIOU", ""), 6) + f"{self.r.randint(40, 99):02d}" + self.r.choice("ABCDEHLMPRST") \
            + f"{self.r.randint(1, 28):02d}" + self.r.choice("ABCDEFGHILM") + f"{self.r.randint(1, 999):03d}"
        return body + _cf.calc_check_digit(body)

    def dni(self) -> str:
        n = self.s("0123456789", 8)
        return n + _dni.calc_check_digit(n)

    def nir(self) -> str:
        body = f"{self.r.choice('12')}{self.r.randint(40, 99):02d}{self.r.randint(1, 12):02d}{self.r.randint(1, 95):02d}{self.r.randint(1, 999):03d}{self.r.randint(1, 999):03d}"
        return body + _nir.calc_check_digits(body)

    def steuer_id(self) -> str:
        while True:
            digits = [self.r.choice("123456789")] + [self.r.choice("0123456789") for _ in range(9)]
            counts = {d: digits.count(d) for d in set(digits)}
            if sorted(counts.values(), reverse=True)[0] in (2, 3) and sum(1 for c in counts.values() if c > 1) == 1:
                body = "".join(digits)
                return body + mod_11_10.calc_check_digit(body)

    def bsn(self) -> str:
        while True:
            body = self.s("0123456789", 8)
            total = sum((9 - i) * int(c) for i, c in enumerate(body))
            for last in range(10):
                if (total - last) % 11 == 0 and body[0] != "0":
                    return body + str(last)

    def national_id(self) -> tuple[str, str]:
        kind = self.r.choice(["ssn", "nino", "cf", "dni", "nir", "steuer", "bsn"])
        return kind, {"ssn": self.ssn, "nino": self.nino, "cf": self.codice_fiscale, "dni": self.dni, "nir": self.nir,
                      "steuer": self.steuer_id, "bsn": self.bsn}[kind]()

    # --- network
    def public_ipv4(self) -> str:
        while True:
            ip = ipaddress.IPv4Address(self.r.randint(0x01000000, 0xDFFFFFFF))
            if ip.is_global:
                return str(ip)

    def public_ipv6(self) -> str:
        groups = [self.r.choice(["2a01", "2a02", "2a03", "2604", "2606", "2800"])] + [f"{self.r.randint(0, 0xFFFF):x}" for _ in range(7)]
        return str(ipaddress.IPv6Address(":".join(groups)))

    def private_ipv4(self) -> str:
        return self.r.choice([f"10.{self.r.randint(0, 255)}.{self.r.randint(0, 255)}.{self.r.randint(1, 254)}",
                              f"192.168.{self.r.randint(0, 255)}.{self.r.randint(1, 254)}",
                              f"172.{self.r.randint(16, 31)}.{self.r.randint(0, 255)}.{self.r.randint(1, 254)}"])

    def mac(self) -> str:
        octets = [self.r.randint(0, 255) for _ in range(6)]
        octets[0] &= 0xFE
        sep = self.r.choice([":", ":", "-"])
        text = sep.join(f"{o:02x}" for o in octets)
        return text.upper() if self.r.random() < 0.3 else text

    # --- secrets
    def provider_key(self) -> tuple[str, str]:
        kind = self.r.choice(["github", "github_fine", "gitlab", "aws_id", "stripe", "slack", "openai", "anthropic",
                              "google", "sendgrid", "npm", "twilio", "hf", "groq", "shopify", "digitalocean", "doppler"])
        make = {
            "github": lambda: "ghp_" + self.s(ALNUM, 36),
            "github_fine": lambda: "github_pat_" + self.s(ALNUM, 22) + "_" + self.s(ALNUM, 59),
            "gitlab": lambda: "glpat-" + self.s(B64URL, 20),
            "aws_id": lambda: "AKIA" + self.s(string.ascii_uppercase + "234567", 16),
            "stripe": lambda: "sk_live_" + self.s(ALNUM, 99 if self.r.random() < 0.3 else 24),
            "slack": lambda: f"xoxb-{self.s('0123456789', 12)}-{self.s('0123456789', 13)}-{self.s(ALNUM, 24)}",
            "openai": lambda: "sk-proj-" + self.s(B64URL, 124) + "A",
            "anthropic": lambda: "sk-ant-api03-" + self.s(B64URL, 93) + "AA",
            "google": lambda: "AIza" + self.s(B64URL, 35),
            "sendgrid": lambda: "SG." + self.s(B64URL, 22) + "." + self.s(B64URL, 43),
            "npm": lambda: "npm_" + self.s(ALNUM, 36),
            "twilio": lambda: "SK" + self.s(HEX, 32),
            "hf": lambda: "hf_" + self.s(string.ascii_letters, 34),
            "groq": lambda: "gsk_" + self.s(ALNUM, 52),
            "shopify": lambda: "shpat_" + self.s(HEX, 32),
            "digitalocean": lambda: "dop_v1_" + self.s(HEX, 64),
            "doppler": lambda: "dp.pt." + self.s(ALNUM, 43),
        }
        return kind, make[kind]()

    def aws_secret(self) -> str:
        return self.s(ALNUM + "/+", 40)

    def password(self) -> str:
        words = ["Summer", "Falcon", "Orange", "Tiger", "Winter", "Rocket", "Marble", "Cobalt", "Velvet", "Harbor"]
        return self.r.choice([
            lambda: self.r.choice(words) + str(self.r.randint(1970, 2030)) + self.r.choice("!#$%&*?"),
            lambda: self.s(ALNUM + "!#%&*+-=?@^_", self.r.randint(12, 24)),
            lambda: self.s(ALNUM, self.r.randint(16, 32)),
            lambda: "-".join(self.r.choice(["correct", "horse", "battery", "staple", "maple", "river", "cloud"]) for _ in range(4)) + str(self.r.randint(1, 99)),
        ])()

    def hex_secret(self, n: int = 64) -> str:
        return self.s(HEX, n)

    def token(self) -> str:
        return self.s(B64URL, self.r.choice([32, 40, 43, 64]))

    def jwt(self) -> str:
        def b64(obj: dict) -> str:
            return base64.urlsafe_b64encode(json.dumps(obj, separators=(",", ":")).encode()).rstrip(b"=").decode()

        header = b64({"alg": self.r.choice(["HS256", "RS256"]), "typ": "JWT"})
        payload = b64({"sub": f"user-{self.r.randint(1000, 99999)}", "iat": self.r.randint(1_700_000_000, 1_800_000_000), "role": self.r.choice(["admin", "dev"])})
        return f"{header}.{payload}.{self.s(B64URL, 43)}"

    def pem_lines(self) -> list[str]:
        kind = self.r.choice(["RSA PRIVATE KEY", "PRIVATE KEY", "OPENSSH PRIVATE KEY", "EC PRIVATE KEY"])
        body = [self.s(ALNUM + "+/", 64) for _ in range(self.r.randint(3, 8))]
        return [f"-----BEGIN {kind}-----", *body, f"-----END {kind}-----"]

    # --- readable things
    def version(self) -> str:
        return self.r.choice([f"{self.r.randint(0, 12)}.{self.r.randint(0, 30)}.{self.r.randint(0, 20)}", f"v{self.r.randint(1, 5)}.{self.r.randint(0, 15)}.{self.r.randint(0, 9)}",
                              f"{self.r.randint(1, 4)}.{self.r.randint(0, 12)}"])

    def date(self) -> str:
        y, m, d = self.r.randint(2019, 2026), self.r.randint(1, 12), self.r.randint(1, 28)
        return self.r.choice([f"{y}-{m:02d}-{d:02d}", f"{y}-{m:02d}-{d:02d}T{self.r.randint(0, 23):02d}:{self.r.randint(0, 59):02d}:{self.r.randint(0, 59):02d}Z", f"{d:02d}/{m:02d}/{y}"])

    def sha(self, n: int = 40) -> str:
        return self.s(HEX, n)

    def uuid(self) -> str:
        h = self.s(HEX, 32)
        return f"{h[:8]}-{h[8:12]}-4{h[13:16]}-{self.r.choice('89ab')}{h[17:20]}-{h[20:]}"

    def loopback(self) -> str:
        return self.r.choice(["127.0.0.1", "localhost", "::1", "0.0.0.0", "192.0.2.15", "198.51.100.7", "203.0.113.42"])

    def placeholder(self) -> str:
        return self.r.choice(["${DB_PASSWORD}", "YOUR_API_KEY", "<your-token>", "changeme", "xxxxxxxxxxxx", "{{ api_key }}", "$TOKEN", "********", "REPLACE_ME", "sk-...", "<redacted>"])

    def public_host(self) -> str:
        return self.r.choice(["api.github.com", "registry.npmjs.org", "pypi.org", "api.stripe.com", "api.openai.com", "hooks.slack.com", "s3.amazonaws.com", "docs.python.org", "api.anthropic.com", "ghcr.io"])

    def product(self) -> str:
        return self.r.choice(["Kubernetes", "PostgreSQL", "Django", "React", "Terraform", "Redis", "Docker", "FastAPI", "Grafana", "Claude", "Celery", "Nginx"])

    def identifier(self) -> str:
        return self.r.choice(["UserRepository", "parse_config", "InvoiceService", "retry_with_backoff", "handleWebhookEvent", "AuthMiddleware", "build_query", "OrderSerializer", "fetchCustomers", "TokenBucket"])
