"""The carrier catalogue: the formats in which developer tools print personal data, one record each
(``catalogue/*.toml``), and a generator that fills their slots with fictional values.

A record says how its shape was produced (the real tool run here, or the documented format), its family and
language, and a template whose ``{slot}`` / ``{slot:N}`` fields name what each value is (``SLOTS``): what must be
masked (a login, a name, a person-bound number, a private link, encoded copies) and what must stay readable around
it (service accounts, hosts, paths, dates, versions). Rendered, a record is a bench document
(:mod:`coatcheck.bench.schema`) whose gold items are exact.

Records are split by a hash of their id: about a fifth are held back (``held_back``), for evaluation only; the
rest feed the tests and the training of the context models.
"""

from __future__ import annotations

import base64
import hashlib
import random
import tomllib
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from urllib.parse import quote

import regex

from ...errors import ConfigError
from ..schema import Document, Item
from ..values import Person, Values

# slot -> (gold class, bench category)
SLOTS: dict[str, tuple[str, str]] = {
    "user": ("MUST_MASK", "username"), "person": ("MUST_MASK", "person"), "first": ("MUST_MASK", "person"),
    "last": ("MUST_MASK", "person"), "email": ("MUST_MASK", "email"), "phone": ("MUST_MASK", "phone"),
    "ip": ("MUST_MASK", "ip"), "account": ("MUST_MASK", "account"), "meeting_url": ("MUST_MASK", "url"),
    "share_url": ("MUST_MASK", "url"), "profile_url": ("MUST_MASK", "url"), "b64_user": ("MUST_MASK", "username"),
    "hex_user": ("MUST_MASK", "username"), "urlenc_email": ("MUST_MASK", "email"),
    "service_user": ("MUST_KEEP", "identifier"), "group": ("MUST_KEEP", "identifier"), "host": ("MUST_KEEP", "hostname"),
    "fqdn": ("MUST_KEEP", "hostname"), "public_host": ("MUST_KEEP", "hostname"), "local_ip": ("MUST_KEEP", "ip_local"),
    "port": ("MUST_KEEP", "number"), "pid": ("MUST_KEEP", "number"), "uid": ("MUST_KEEP", "number"),
    "int": ("MUST_KEEP", "number"), "size": ("MUST_KEEP", "number"), "path": ("MUST_KEEP", "path"),
    "project": ("MUST_KEEP", "identifier"), "ident": ("MUST_KEEP", "identifier"), "product": ("MUST_KEEP", "product"),
    "date": ("MUST_KEEP", "date"), "time": ("MUST_KEEP", "date"), "ts": ("MUST_KEEP", "date"),
    "version": ("MUST_KEEP", "version"), "sha": ("MUST_KEEP", "sha"), "short_sha": ("MUST_KEEP", "sha"),
    "uuid": ("MUST_KEEP", "uuid"),
}
ENCODED = {"b64_user": "user", "hex_user": "user", "urlenc_email": "email"}
HELD_BACK_PERCENT = 20
_FIELD = regex.compile(r"\{\{|\}\}|\{(\w+)(?::(\d+))?\}")
_REQUIRED = ("id", "family", "tool", "produced", "how", "template")


@dataclass(frozen=True)
class Carrier:
    id: str
    family: str
    tool: str
    produced: str  # "real" or "template"
    how: str
    template: str
    source: str  # the catalogue file
    lang: str = ""  # en/it/de/fr/es where the format is prose or localised; "" where it is no language's

    @property
    def held_back(self) -> bool:
        """In the fifth of the catalogue kept for evaluation (a hash of the id decides, so adding records moves none)."""
        return int(hashlib.sha256(self.id.encode()).hexdigest(), 16) % 100 < HELD_BACK_PERCENT


@lru_cache(maxsize=1)
def catalogue() -> tuple[Carrier, ...]:
    """Every record of ``catalogue/*.toml``, checked: required fields, known slots, a value to mask, unique ids."""
    out: list[Carrier] = []
    folder = resources.files(__name__).joinpath("catalogue")
    for entry in sorted(folder.iterdir(), key=lambda e: e.name):
        if not entry.name.endswith(".toml"):
            continue
        try:
            data = tomllib.loads(entry.read_text("utf-8"))
        except tomllib.TOMLDecodeError as exc:
            raise ConfigError(f"carrier catalogue {entry.name}: {exc}") from exc
        for rec in data.get("carrier", []):
            missing = [k for k in _REQUIRED if not rec.get(k)]
            if missing:
                raise ConfigError(f"carrier catalogue {entry.name}: record {rec.get('id', '?')!r} lacks {', '.join(missing)}")
            c = Carrier(**{k: str(rec[k]) for k in _REQUIRED}, source=entry.name, lang=str(rec.get("lang", "")))
            slots = [m.group(1) for m in _FIELD.finditer(c.template) if m.group(1)]
            unknown = sorted({s for s in slots if s not in SLOTS})
            if unknown:
                raise ConfigError(f"carrier catalogue {entry.name}: record {c.id!r} uses unknown slot(s) {', '.join(unknown)}")
            if not any(SLOTS[s][0] == "MUST_MASK" for s in slots):
                raise ConfigError(f"carrier catalogue {entry.name}: record {c.id!r} has nothing to mask")
            out.append(c)
    ids = [c.id for c in out]
    dupes = sorted({i for i in ids if ids.count(i) > 1})
    if dupes:
        raise ConfigError(f"carrier catalogue: duplicate id(s) {', '.join(dupes)}")
    return tuple(out)


def _ascii(text: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFKD", text) if c.isascii() and (c.isalnum() or c in " -'")).lower()


class CarrierValues(Values):
    """The values of the catalogue's slots: people with the handles people make, person-bound numbers, private
    links, and the readable neighbours."""

    def handle(self, p: Person) -> str:
        first = _ascii(p.first).split()[0].replace("'", "").replace("-", "")
        last = _ascii(p.last).replace(" ", "").replace("'", "").replace("-", "")
        r = self.r
        year = str(r.randint(1958, 2004))
        digits = r.choice([str(r.randint(1, 9)), f"{r.randint(1, 99):02d}", year, year[2:]])
        forms = [first + "." + last, first[0] + last, first + "_" + last[0], last + first[0], first + digits,
                 last + digits, first[0] + last[0] + year, first[:3] + last[:3], first[0] + "." + last,
                 last + "." + first, first + last, first + "-" + last, last + "_" + first[0] + digits,
                 first[0] + last + digits, first + last[0], last[:5] + first[:2], first + "_" + digits,
                 last + "_" + digits, first + "." + last[0], first[0] + "_" + last, first + "-" + last[0] + digits,
                 first + last[0] + digits, last + "-" + first, first[:1] + last[:7],
                 r.choice(["blue", "night", "dark", "lazy", "quiet", "rusty", "pixel", "neon"]) + r.choice(
                     ["fox", "owl", "coder", "panda", "otter", "hawk", "byte", "lynx"]) + digits]
        return r.choice(forms)

    def account(self) -> str:
        r = self.r
        n = lambda k: self.s("0123456789", k)  # noqa: E731
        return r.choice([n(8), n(10), "C" + n(9), "ACC" + n(8), "CUST-" + n(6), "MBR-" + n(7), f"EMP-{r.randint(1, 9999):05d}",
                         f"POL-{r.randint(2015, 2026)}-" + n(6), "SUB" + n(7), "PAT-" + n(6), "U" + n(7), "KD-" + n(6),
                         "CL" + n(6), n(4) + "-" + n(4) + "-" + n(2), "M" + n(8)])

    def meeting_url(self) -> str:
        r = self.r
        low = "abcdefghijklmnopqrstuvwxyz"
        return r.choice([
            f"https://meet.google.com/{self.s(low, 3)}-{self.s(low, 4)}-{self.s(low, 3)}",
            f"https://{r.choice(['us02web', 'acme', 'globex', 'us06web'])}.zoom.us/j/{self.s('0123456789', 11)}?pwd={self.s(ALNUM, 32)}",
            f"https://teams.microsoft.com/l/meetup-join/19%3ameeting_{self.s(ALNUM, 40)}%40thread.v2/0?context=%7b%22Tid%22%3a%22{self.uuid()}%22%7d",
            f"https://{r.choice(['acme', 'globex', 'initech'])}.webex.com/meet/{self.s(low, 8)}",
            f"https://teams.live.com/meet/{self.s('0123456789', 13)}",
        ])

    def share_url(self) -> str:
        r = self.r
        return r.choice([
            f"https://docs.google.com/{r.choice(['document', 'spreadsheets', 'presentation'])}/d/{self.s(B64URL, 44)}/edit?usp=sharing",
            f"https://drive.google.com/file/d/{self.s(B64URL, 33)}/view?usp=sharing",
            f"https://www.dropbox.com/scl/fi/{self.s(ALNUM.lower(), 21)}/{r.choice(['report', 'notes', 'budget'])}.pdf?rlkey={self.s(ALNUM.lower(), 25)}&dl=0",
            f"https://{r.choice(['acme', 'globex'])}-my.sharepoint.com/:w:/g/personal/{self.s('abcdefghij', 6)}_acme_com/{self.s(ALNUM, 40)}",
            f"https://app.box.com/s/{self.s(ALNUM.lower(), 32)}",
            f"https://1drv.ms/x/s!{self.s(ALNUM, 26)}",
        ])

    def profile_url(self, user: str, p: Person) -> str:
        r = self.r
        slug = "-".join(_ascii(p.full).split())
        return r.choice([f"https://www.linkedin.com/in/{slug}-{self.s(HEX, 6)}", f"https://calendly.com/{user}/30min",
                         f"https://cal.com/{user}", f"https://x.com/{user}", f"https://mastodon.social/@{user}"])

    def keep(self, slot: str) -> str:
        r = self.r
        if slot == "service_user":
            return r.choice(["root", "www-data", "postgres", "nobody", "jenkins", "git", "ubuntu", "ec2-user", "mysql",
                             "redis", "nginx", "daemon", "systemd-resolve", "node", "deploy", "gitlab-runner", "admin"])
        if slot == "group":
            return r.choice(["staff", "wheel", "docker", "developers", "sudo", "adm", "users", "admin", "devops"])
        if slot == "host":
            word = r.choice(["dev", "devbox", "build", "ci", "runner", "ws", "laptop", "desktop", "node", "worker", "app",
                             "web", "db", "bastion", "jump", "edge", "gpu", "mbp", "MacBook-Pro", "ThinkPad-X1", "vm", "box",
                             "lab", "stage", "kube-node", "compute", "srv", "host", "pc", "nb", "XPS-13", "DESKTOP-7QK2M"])
            return r.choice([word, f"{word}-{r.randint(1, 40)}", f"{word}{r.randint(1, 99):02d}",
                             f"ip-10-{r.randint(0, 9)}-{r.randint(0, 9)}-{r.randint(2, 250)}", f"{word}-{r.choice(['eu', 'us', 'a', 'b'])}{r.randint(1, 9)}"])
        if slot == "fqdn":
            return f"{r.choice(['db', 'api', 'vault', 'cache', 'build'])}{r.randint(1, 9):02d}.{r.choice(['prod', 'stage', 'corp'])}.internal"
        if slot == "public_host":
            return r.choice(["github.com", "registry.npmjs.org", "pypi.org", "gitlab.com", "api.stripe.com", "docker.io", "s3.amazonaws.com"])
        if slot == "local_ip":
            return r.choice([f"10.0.{r.randint(0, 9)}.{r.randint(2, 250)}", "127.0.0.1", f"192.168.{r.randint(0, 3)}.{r.randint(2, 250)}"])
        if slot in ("port", "pid", "uid", "int", "size"):
            lo, hi = {"port": (1024, 65000), "pid": (300, 99999), "uid": (1000, 1099), "int": (1, 64), "size": (120, 90000)}[slot]
            return str(r.randint(lo, hi))
        if slot == "path":
            return r.choice(["/var/log/app/server.log", "/etc/nginx/nginx.conf", "/opt/billing/bin/run", "/srv/data/export.csv",
                             "src/billing/api.py", "/usr/local/lib/python3.11/site-packages", "config/settings.yaml"])
        if slot == "project":
            return r.choice(["billing", "payments-api", "infra", "web-frontend", "data-pipeline", "auth-service"])
        if slot == "ident":
            return r.choice(["get_invoice", "UserRepository", "parse_config", "retryCount", "MAX_RETRIES", "handle_request"])
        if slot == "product":
            return self.product()
        if slot == "date":
            return self.date()
        if slot == "time":
            return f"{r.randint(0, 23):02d}:{r.randint(0, 59):02d}:{r.randint(0, 59):02d}"
        if slot == "ts":
            return f"{self.date()}T{r.randint(0, 23):02d}:{r.randint(0, 59):02d}:{r.randint(0, 59):02d}Z"
        if slot == "version":
            return self.version()
        if slot == "sha":
            return self.sha()
        if slot == "short_sha":
            return self.sha(7)
        if slot == "uuid":
            return self.uuid()
        raise KeyError(slot)


ALNUM = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
B64URL = ALNUM + "-_"
HEX = "0123456789abcdef"


class _Instance:
    """The values of one rendering: one person (and login, address …) per index."""

    def __init__(self, v: CarrierValues, lang: str) -> None:
        self.v, self.lang = v, lang
        self.people: dict[str, Person] = {}
        self.values: dict[tuple[str, str], str] = {}

    def person(self, idx: str) -> Person:
        if idx not in self.people:
            lang = self.lang if self.lang in ("en", "it", "de", "fr", "es") else None
            self.people[idx] = self.v.person(lang)
        return self.people[idx]

    def value(self, slot: str, idx: str) -> str:
        key = (slot, idx)
        if key in self.values:
            return self.values[key]
        v = self.v
        if slot in SLOTS and SLOTS[slot][0] == "MUST_KEEP":
            out = v.keep(slot)
        elif slot == "person":
            out = self.person(idx).full
        elif slot == "first":
            out = self.person(idx).first
        elif slot == "last":
            out = self.person(idx).last
        elif slot == "user":
            out = v.handle(self.person(idx))
        elif slot == "email":
            p = self.person(idx)
            user = v.r.choice([self.value("user", idx), self.value("user", idx), _ascii(p.first).split()[0] + "." + _ascii(p.last).replace(" ", "")])
            out = f"{user.replace(chr(39), '')}@{v.r.choice(['gmail.com', 'outlook.com', 'web.de', 'orange.fr', 'libero.it', 'acmecorp.io', 'globex.net'])}"
        elif slot == "phone":
            out = v.phone()
        elif slot == "ip":
            out = v.public_ipv4()
        elif slot == "account":
            out = v.account()
        elif slot == "meeting_url":
            out = v.meeting_url()
        elif slot == "share_url":
            out = v.share_url()
        elif slot == "profile_url":
            out = v.profile_url(self.value("user", idx), self.person(idx))
        elif slot == "b64_user":
            raw = base64.b64encode(self.value("user", idx).encode()).decode()
            out = raw.rstrip("=") if v.r.random() < 0.3 else raw
        elif slot == "hex_user":
            out = self.value("user", idx).encode().hex()
        elif slot == "urlenc_email":
            out = quote(self.value("email", idx), safe="")
        else:
            raise KeyError(slot)
        self.values[key] = out
        return out


def render(carrier: Carrier, rnd: random.Random, doc_id: str | None = None) -> Document:
    """One bench document from ``carrier`` with fresh values: every slot an exact gold item; an encoded copy
    points to the item of the value it encodes, or to none when the template does not show that value."""
    inst = _Instance(CarrierValues(rnd), carrier.lang)
    text: list[str] = []
    items: list[Item] = []
    pos = 0
    last = 0
    first_item: dict[tuple[str, str], int] = {}
    encoded: list[tuple[int, str, str]] = []
    for m in _FIELD.finditer(carrier.template):
        literal = carrier.template[last:m.start()]
        text.append(literal)
        pos += len(literal)
        last = m.end()
        if m.group(1) is None:
            text.append(m.group()[0])
            pos += 1
            continue
        slot, idx = m.group(1), m.group(2) or "1"
        value = inst.value(slot, idx)
        cls, cat = SLOTS[slot]
        item: Item = {"start": pos, "end": pos + len(value), "cls": cls, "cat": cat, "encoded_of": None, "sub": slot}  # type: ignore[typeddict-item]
        if slot in ENCODED:
            encoded.append((len(items), ENCODED[slot], idx))
        first_item.setdefault((slot, idx), len(items))
        items.append(item)
        text.append(value)
        pos += len(value)
    text.append(carrier.template[last:])
    body = "".join(text)
    for i, source, idx in encoded:
        j = first_item.get((source, idx))
        items[i]["encoded_of"] = j
    return {"id": doc_id or carrier.id, "kind": carrier.family, "lang": carrier.lang or "und", "text": body, "items": items,
            "carrier": {"id": carrier.id, "tool": carrier.tool, "produced": carrier.produced}}


def documents(part: str = "all", per_format: int = 3, seed: int = 0) -> Iterator[Document]:
    """``per_format`` renderings of each record of ``part`` ("all", "train": not held back, "held-back")."""
    if part not in ("all", "train", "held-back"):
        raise ValueError(f"part must be all, train or held-back, not {part!r}")
    for c in catalogue():
        if part == "train" and c.held_back or part == "held-back" and not c.held_back:
            continue
        for k in range(per_format):
            rnd = random.Random(f"{seed}:{c.id}:{k}")
            yield render(c, rnd, f"{c.id}#{k}")
