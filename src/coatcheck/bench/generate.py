"""The agent-traffic generator: seeded, deterministic documents with annotated items.

Six kinds of documents an agent really sees (prompts, file reads, shell output, logs, tool-call JSON,
tickets), in en/it/de/fr/es, about a fifth of them clean, a few percent with a value repeated in
base64 or URL-encoded form. Every value is placed where it really occurs and annotated as MUST_MASK,
MUST_KEEP or AMBIGUOUS with exact offsets (see the bench spec). ``dev`` and ``test`` splits use
different seeds.
"""

from __future__ import annotations

import base64
import json
import random
import urllib.parse
from collections.abc import Callable
from dataclasses import dataclass, field

from .values import Values

MASK, KEEP, AMB = "MUST_MASK", "MUST_KEEP", "AMBIGUOUS"
LANGS = ("en", "it", "de", "fr", "es")


@dataclass
class Builder:
    """Appends text and records items at exact offsets."""

    parts: list[str] = field(default_factory=list)
    items: list[dict] = field(default_factory=list)
    length: int = 0

    def t(self, text: str) -> Builder:
        self.parts.append(text)
        self.length += len(text)
        return self

    def i(self, value: str, cls: str, cat: str, encoded_of: int | None = None) -> Builder:
        self.items.append({"start": self.length, "end": self.length + len(value), "cls": cls, "cat": cat, "encoded_of": encoded_of})
        return self.t(value)

    def m(self, value: str, cat: str) -> Builder:
        return self.i(value, MASK, cat)

    def k(self, value: str, cat: str) -> Builder:
        return self.i(value, KEEP, cat)

    @property
    def text(self) -> str:
        return "".join(self.parts)


PROSE = {
    "en": ("Hi, the {p} is failing since {d}. ", "Can you check why? My colleague ", " said it worked on ", ". Reach me at ", " or ", "."),
    "it": ("Ciao, il {p} fallisce dal {d}. ", "Puoi controllare? Il mio collega ", " dice che funzionava su ", ". Scrivimi a ", " oppure chiamami al ", "."),
    "de": ("Hallo, der {p} schlägt seit {d} fehl. ", "Kannst du nachsehen? Mein Kollege ", " sagt, es lief auf ", ". Erreichbar unter ", " oder Telefon ", "."),
    "fr": ("Bonjour, le {p} échoue depuis le {d}. ", "Tu peux regarder ? Mon collègue ", " dit que ça marchait sur ", ". Écris-moi à ", " ou appelle le ", "."),
    "es": ("Hola, el {p} falla desde el {d}. ", "¿Puedes revisarlo? Mi compañero ", " dice que funcionaba en ", ". Escríbeme a ", " o llama al ", "."),
}
TICKET = {
    "en": ("Ticket #{n}: payment failed", "Customer", "Card", "IBAN", "Phone", "Please refund and confirm by email."),
    "it": ("Ticket #{n}: pagamento non riuscito", "Cliente", "Carta", "IBAN", "Telefono", "Si prega di rimborsare e confermare via email."),
    "de": ("Ticket #{n}: Zahlung fehlgeschlagen", "Kunde", "Karte", "IBAN", "Telefon", "Bitte erstatten und per E-Mail bestätigen."),
    "fr": ("Ticket #{n} : paiement refusé", "Client", "Carte", "IBAN", "Téléphone", "Merci de rembourser et de confirmer par e-mail."),
    "es": ("Ticket #{n}: pago rechazado", "Cliente", "Tarjeta", "IBAN", "Teléfono", "Por favor reembolsar y confirmar por correo."),
}
ID_LABEL = {"ssn": "SSN", "nino": "NI number", "cf": "Codice fiscale", "dni": "DNI", "nir": "NIR", "steuer": "Steuer-ID", "bsn": "BSN"}


def prompt(b: Builder, v: Values, lang: str) -> None:
    a, c1, c2, c3, c4, end = PROSE[lang]
    p, colleague = v.product(), v.person(lang)
    b.t(a.split("{p}")[0]).k(p, "product")
    rest = a.split("{p}")[1]
    b.t(rest.split("{d}")[0]).k(v.date(), "date")
    b.t(rest.split("{d}")[1] + c1).m(colleague.full, "person")
    b.t(c2).k(v.version(), "version")
    b.t(c3).m(v.email(), "email")
    b.t(c4).m(v.phone(), "phone")
    b.t(end + "\n")
    if v.r.random() < 0.5:
        b.t("Error from ").k(v.public_host(), "host").t(" while calling ").k(v.identifier(), "identifier").t("().\n")


def env_file(b: Builder, v: Values, lang: str) -> None:
    b.t("# .env (").k(v.date(), "date").t(")\nAPP_ENV=production\nAPP_VERSION=").k(v.version(), "version").t("\n")
    user = v.person(lang)
    b.t("DATABASE_URL=postgres://app:").m(v.password(), "secret").t(f"@db.{v.r.choice(['internal', 'prod.local'])}:5432/app\n")
    kind, key = v.provider_key()
    b.t(f"{kind.upper()}_TOKEN=").m(key, "secret").t("\n")
    b.t("AWS_ACCESS_KEY_ID=").m("AKIA" + v.s("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567", 16), "secret").t("\n")
    b.t("AWS_SECRET_ACCESS_KEY=").m(v.aws_secret(), "secret").t("\n")
    b.t("SESSION_SECRET=").m(v.hex_secret(), "secret").t("\n")
    b.t("SMTP_PASSWORD=").k(v.placeholder(), "placeholder").t("\n")
    b.t("ADMIN_EMAIL=").m(v.email(user), "email").t("\n")
    b.t("REQUEST_TIMEOUT=30\nFEATURE_FLAG_ID=").k(v.uuid(), "uuid").t("\n")
    if v.r.random() < 0.3:
        b.t("# from the docs: AWS_ACCESS_KEY_ID=").i("AKIAIOSFODNN7EXAMPLE", AMB, "secret").t("\n")


def yaml_config(b: Builder, v: Values, lang: str) -> None:
    b.t("# config/production.yaml\nservice:\n  name: ").k(v.identifier(), "identifier").t("\n  image: ghcr.io/acme/api:").k(v.version(), "version").t("\n")
    b.t("database:\n  host: ").i(v.private_ipv4(), AMB, "ip").t("\n  user: app\n  password: ").m(v.password(), "secret").t("\n")
    b.t("auth:\n  jwt_secret: \"").m(v.token(), "secret").t("\"\n  issuer: https://").k(v.public_host(), "host").t("/\n")
    b.t("monitoring:\n  api_key: ").m(v.hex_secret(32), "secret").t("\n  endpoint: http://").k("127.0.0.1", "loopback").t(":9090\n")
    b.t("owner:\n  name: ").m(v.person(lang).full, "person").t("\n  email: ").m(v.email(), "email").t("\n")


def git_log(b: Builder, v: Values, lang: str) -> None:
    for _ in range(v.r.randint(2, 4)):
        p = v.person(lang)
        b.t("commit ").k(v.sha(), "hash").t("\nAuthor: ").m(p.full, "person").t(" <").m(v.email(p), "email").t(">\nDate:   ").k(v.date(), "date")
        b.t("\n\n    fix(").k(v.identifier(), "identifier").t("): bump ").k(v.product(), "product").t(" to ").k(v.version(), "version").t("\n")
        if v.r.random() < 0.4:
            q = v.person()
            b.t("\n    Co-authored-by: ").m(q.full, "person").t(" <").m(v.email(q), "email").t(">\n")
        b.t("\n")


def git_diff(b: Builder, v: Values, lang: str) -> None:
    b.t("diff --git a/settings.py b/settings.py\nindex ").k(v.sha(7), "hash").t("..").k(v.sha(7), "hash").t(" 100644\n--- a/settings.py\n+++ b/settings.py\n")
    b.t("@@ -10,4 +10,5 @@ DEBUG = False\n ALLOWED_HOSTS = [\"").k(v.public_host(), "host").t("\"]\n-SECRET_KEY = \"").m(v.token(), "secret").t("\"\n")
    b.t("+SECRET_KEY = os.environ[\"SECRET_KEY\"]\n+STRIPE_KEY = \"").m(v.provider_key()[1], "secret").t("\"\n TIME_ZONE = \"UTC\"\n")


def shell_env(b: Builder, v: Values, lang: str) -> None:
    p = v.person(lang)
    b.t("$ env | sort\nHOME=/home/").m(p.login, "username").t("\nLANG=en_US.UTF-8\nPATH=/usr/local/bin:/usr/bin\nGITHUB_TOKEN=").m("ghp_" + v.s("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789", 36), "secret")
    b.t("\nUSER=").m(p.login, "username").t("\nPYTHON_VERSION=").k(v.version(), "version").t("\n$ curl -v https://").k(v.public_host(), "host").t("/v1/items\n")
    b.t("*   Trying ").m(v.public_ipv4(), "ip").t(":443...\n> GET /v1/items HTTP/1.1\n> Authorization: Bearer ").m(v.token(), "secret").t("\n< HTTP/1.1 200 OK\n")


def kubectl(b: Builder, v: Values, lang: str) -> None:
    pw = v.password()
    b.t("$ kubectl get secret db-creds -o yaml\napiVersion: v1\ndata:\n  password: ")
    b.m(base64.b64encode(pw.encode()).decode(), "secret")
    b.t("\n  username: YXBw\nkind: Secret\nmetadata:\n  creationTimestamp: \"").k(v.date(), "date").t("\"\n  uid: ").k(v.uuid(), "uuid").t("\n")
    b.t("$ ip addr show eth0\n2: eth0: <BROADCAST,MULTICAST,UP>\n    link/ether ").m(v.mac(), "mac").t(" brd ff:ff:ff:ff:ff:ff\n    inet ").i(v.private_ipv4(), AMB, "ip").t("/24\n    inet6 ").m(v.public_ipv6(), "ip").t("/64 scope global\n")


def traceback_log(b: Builder, v: Values, lang: str) -> None:
    p = v.person(lang)
    b.k(v.date(), "date").t(" ERROR request_id=").k(v.uuid(), "uuid").t(" user=").m(p.login, "username").t(" client_ip=").m(v.public_ipv4(), "ip").t(" email=").m(v.email(p), "email").t("\n")
    b.t("Traceback (most recent call last):\n  File \"/home/").m(p.login, "username").t("/src/app/").k("handlers.py", "path").t("\", line 42, in ").k(v.identifier(), "identifier").t("\n")
    b.t("    conn = connect(\"mysql://root:").m(v.password(), "secret").t("@").i(v.private_ipv4(), AMB, "ip").t("/shop\")\n")
    b.t("  File \"/usr/lib/python3.11/site-packages/pymysql/connections.py\", line 664, in connect\npymysql.err.OperationalError: (2003, \"Can't connect\")\n")
    b.t("WARN retry against http://").k("localhost", "loopback").t(":8080 after ").k("5", "number").t("s\n")


def tool_call(b: Builder, v: Values, lang: str) -> None:
    p = v.person(lang)
    kind, nid = v.national_id()
    payload_parts: list[tuple[str, str | None, str | None]] = [
        ('{"type": "tool_use", "id": "toolu_', None, None), (v.s("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789", 24), KEEP, "identifier"),
        ('", "name": "update_customer", "input": {"customer": {"full_name": "', None, None), (p.full, MASK, "person"),
        ('", "email": "', None, None), (v.email(p), MASK, "email"), ('", "phone": "', None, None), (v.phone(), MASK, "phone"),
        ('", "iban": "', None, None), (v.iban(), MASK, "iban"), ('", "national_id": "', None, None), (nid, MASK, "national_id"),
        ('", "created": "', None, None), (v.date(), KEEP, "date"), ('", "plan": "pro"}, "api_version": "', None, None), (v.version(), KEEP, "version"), ('"}}\n', None, None),
    ]
    for text, cls, cat in payload_parts:
        if cls is None:
            b.t(text)
        else:
            assert cat is not None
            b.i(text, cls, cat)


def ticket(b: Builder, v: Values, lang: str) -> None:
    title, cust, card, ib, tel, end = TICKET[lang]
    p = v.person(lang)
    kind, nid = v.national_id()
    b.t(title.format(n=v.r.randint(1000, 99999)) + "\n" + f"{cust}: ").m(p.full, "person").t(" <").m(v.email(p), "email").t(">\n")
    b.t(f"{card}: ").m(v.card(), "card").t(f"\n{ib}: ").m(v.iban(), "iban").t(f"\n{tel}: ").m(v.phone(), "phone").t("\n")
    b.t(f"{ID_LABEL[kind]}: ").m(nid, "national_id").t("\n" + end + "\n")
    if v.r.random() < 0.5:
        b.t("Sent from ").k(v.product(), "product").t(" on ").k(v.date(), "date").t("\n")


def clean_code(b: Builder, v: Values, lang: str) -> None:
    b.t("import os\n\n\nclass ").k(v.identifier(), "identifier").t(":\n    \"\"\"Loads settings; see https://").k(v.public_host(), "host").t("/docs.\"\"\"\n\n")
    b.t("    def __init__(self, api_key: str | None = None):\n        self.api_key = api_key or os.environ[\"API_KEY\"]\n        self.base_url = \"http://").k("127.0.0.1", "loopback").t(":8000\"\n")
    b.t("        self.version = \"").k(v.version(), "version").t("\"\n        self.password = \"").k(v.placeholder(), "placeholder").t("\"\n")


def clean_log(b: Builder, v: Values, lang: str) -> None:
    for _ in range(v.r.randint(3, 6)):
        b.k(v.date(), "date").t(" INFO  job=").k(v.identifier(), "identifier").t(" trace=").k(v.uuid(), "uuid").t(" commit=").k(v.sha(12), "hash").t(" host=").k(v.public_host(), "host").t(" ok\n")


def clean_prompt(b: Builder, v: Values, lang: str) -> None:
    b.t("Please upgrade ").k(v.product(), "product").t(" from ").k(v.version(), "version").t(" to ").k(v.version(), "version").t(" and rerun the tests in ")
    b.k("tests/test_api.py", "path").t("; the server listens on ").k(v.loopback(), "loopback").t(". Keep the token as ").k(v.placeholder(), "placeholder").t(".\n")


KINDS: dict[str, list[Callable[[Builder, Values, str], None]]] = {
    "prompt": [prompt],
    "file_read": [env_file, yaml_config],
    "shell": [git_log, git_diff, shell_env, kubectl],
    "log": [traceback_log],
    "tool_call": [tool_call],
    "ticket": [ticket],
}
CLEAN = [clean_code, clean_log, clean_prompt]


def _encoded_copy(b: Builder, v: Values) -> None:
    """Repeat one masked value base64- or URL-encoded, linked by ``encoded_of``."""
    masks = [(n, it) for n, it in enumerate(b.items) if it["cls"] == MASK and it["end"] - it["start"] >= 8]
    if not masks:
        return
    n, it = v.r.choice(masks)
    value = b.text[it["start"] : it["end"]]
    if v.r.random() < 0.5:
        b.t("\n# debug dump: ").i(base64.b64encode(value.encode()).decode(), MASK, it["cat"], encoded_of=n)
    else:
        b.t("\nGET /callback?state=").i(urllib.parse.quote(value, safe=""), MASK, it["cat"], encoded_of=n)
    b.t("\n")


def generate(n: int, split: str = "test", seed: int = 0) -> list[dict]:
    """``n`` documents of the ``split`` (``dev`` or ``test``); the same arguments give the same documents."""
    if split not in ("dev", "test"):
        raise ValueError("split must be 'dev' or 'test'")
    rnd = random.Random(f"coatcheck-bench/{split}/{seed}")
    v = Values(rnd)
    docs = []
    for i in range(n):
        lang = rnd.choice(LANGS)
        b = Builder()
        tmpl: Callable[[Builder, Values, str], None]
        if rnd.random() < 0.2:
            kind, tmpl = "clean", rnd.choice(CLEAN)
        else:
            kind = rnd.choice(list(KINDS))
            tmpl = rnd.choice(KINDS[kind])
        tmpl(b, v, lang)
        if kind != "clean" and rnd.random() < 0.06:
            _encoded_copy(b, v)
        docs.append({"id": f"{split}-{i:05d}", "text": b.text, "kind": kind, "template": tmpl.__name__, "lang": lang, "items": b.items})
    return docs


def write_jsonl(docs: list[dict], path: str) -> None:
    with open(path, "w", encoding="utf-8") as fh:
        for d in docs:
            fh.write(json.dumps(d, ensure_ascii=False) + "\n")
