"""A fixtures benchmark for secrets: realistic credentials in every syntax an agent sees, plus clean code.

    python bench/secrets/build.py [OUT.jsonl]          # writes bench/secrets/secrets.jsonl (seeded, deterministic)
    coatcheck bench run --data bench/secrets/secrets.jsonl -o /tmp/secrets.pred.jsonl
    coatcheck bench score --data bench/secrets/secrets.jsonl --pred /tmp/secrets.pred.jsonl --by-sub

Every MUST_MASK item carries two sub-labels, ``syntax:<name>`` and ``family:<provider>``, so the score gives
recall per syntax and per provider family. Values are generated here from public format facts (prefix,
alphabet, length; the source of each fact is named next to it) and never taken from any rule's examples.
Clean documents hold code that names credentials without holding one (MUST_KEEP identifiers); placeholder
documents hold documented examples and self-evident placeholders (MUST_KEEP placeholder).
This is our own data: a smoke test of coverage, not an independent measurement.
"""

from __future__ import annotations

import base64
import json
import random
import string
import sys
from collections.abc import Callable
from pathlib import Path

A = string.ascii_letters + string.digits
LOW = string.ascii_lowercase + string.digits
HEX = "0123456789abcdef"
B64 = A + "+/"


def rs(r: random.Random, alphabet: str, n: int) -> str:
    """``n`` random characters of ``alphabet``, with a digit and a letter when the alphabet has both."""
    need_digit = any(c.isdigit() for c in alphabet) and n > 4
    need_alpha = any(c.isalpha() for c in alphabet) and n > 4
    while True:
        v = "".join(r.choice(alphabet) for _ in range(n))
        if (not need_digit or any(c.isdigit() for c in v)) and (not need_alpha or any(c.isalpha() for c in v)):
            return v


def password(r: random.Random) -> str:
    """A human-made or generated password: word + digits + symbol, or 16-24 random characters."""
    words = ["Castle", "Tiger", "Rocket", "Harbor", "Winter", "Falcon", "Meadow", "Copper", "Orbit", "Velvet"]
    if r.random() < 0.5:
        return f"{r.choice(words)}{r.choice('!#%*@$')}{r.randint(100, 9999)}{rs(r, string.ascii_letters, 3)}"
    return rs(r, A + "!#%*^-_", r.randint(16, 24))


# (family, generator). Facts: the vendors' documentation of each token format, as collected in the public
# rule sets of gitleaks (MIT), Kingfisher (Apache-2.0) and Nosey Parker (Apache-2.0).
def _azure_storage(r: random.Random) -> str:
    return (f"DefaultEndpointsProtocol=https;AccountName=st{rs(r, LOW, 10)};"
            f"AccountKey={rs(r, B64, 86)}==;EndpointSuffix=core.windows.net")


FAMILIES: list[tuple[str, Callable[[random.Random], str]]] = [
    ("generic password", password),
    ("AWS", lambda r: "AKIA" + rs(r, string.ascii_uppercase + "234567", 16)),
    ("AWS secret", lambda r: rs(r, B64, 40)),
    ("GitHub", lambda r: "ghp_" + rs(r, A, 36)),
    ("GitHub fine-grained", lambda r: "github_pat_" + rs(r, A, 22) + "_" + rs(r, A, 59)),
    ("GitLab", lambda r: "glpat-" + rs(r, A + "_-", 20)),
    ("Slack bot", lambda r: f"xoxb-{r.randint(10**10, 10**11)}-{r.randint(10**10, 10**11)}-{rs(r, A, 24)}"),
    ("Slack refresh", lambda r: f"xoxe-1-{rs(r, A, 140)}"),
    ("Stripe", lambda r: "sk_live_" + rs(r, A, 24)),
    ("OpenAI", lambda r: "sk-proj-" + rs(r, A + "_-", 56) + "T3BlbkFJ" + rs(r, A + "_-", 56)),
    ("Anthropic", lambda r: "sk-ant-api03-" + rs(r, A + "_-", 93) + "AA"),
    ("Google API", lambda r: "AIza" + rs(r, A + "_-", 35)),
    ("Azure storage", _azure_storage),
    ("Azure Service Bus", lambda r: f"Endpoint=sb://ns-{rs(r, LOW, 8)}.servicebus.windows.net/;SharedAccessKeyName=RootManageSharedAccessKey;SharedAccessKey={rs(r, B64, 43)}="),
    ("Azure AD client secret", lambda r: rs(r, A, 3) + str(r.randint(0, 9)) + "Q~" + rs(r, A + "_.~-", 34)),
    ("Azure DevOps PAT", lambda r: rs(r, "abcdefghijklmnopqrstuvwxyz234567", 52)),
    ("HashiCorp Vault", lambda r: "hvs." + rs(r, A + "_-", 90)),
    ("Terraform Cloud", lambda r: rs(r, A, 14) + ".atlasv1." + rs(r, A + "_-", 67)),
    ("New Relic", lambda r: "NRAK-" + rs(r, string.ascii_uppercase + string.digits, 27)),
    ("Shopify", lambda r: "shpat_" + rs(r, HEX, 32)),
    ("Doppler", lambda r: "dp.pt." + rs(r, A, 43)),
    ("Dependency-Track", lambda r: "odt_" + rs(r, A, 32)),
    ("Adafruit", lambda r: "aio_" + rs(r, A, 28)),
    ("Firecrawl", lambda r: "fc-" + rs(r, HEX, 32)),
    ("Atlassian", lambda r: "ATATT3xFfGF0" + rs(r, A + "_-", 171) + "=" + rs(r, string.ascii_uppercase + string.digits, 8)),
    ("SendGrid", lambda r: "SG." + rs(r, A + "_-", 22) + "." + rs(r, A + "_-", 43)),
    ("npm", lambda r: "npm_" + rs(r, A, 36)),
    ("PyPI", lambda r: "pypi-AgEIcHlwaS5vcmc" + rs(r, A + "_-", 70)),
    ("Hugging Face", lambda r: "hf_" + rs(r, string.ascii_letters, 34)),
    ("Twilio", lambda r: "SK" + rs(r, HEX, 32)),
]

# (syntax, template). {v} is the value; {k} a credential-named key in the syntax's convention.
SYNTAXES: list[tuple[str, str]] = [
    ("env", "APP_ENV=production\n{K}={v}\nLOG_LEVEL=info\n"),
    ("export", "export {K}='{v}'\n"),
    ("docker -e", "docker run -d -e {K}={v} -p 8080:8080 acme/api:1.4\n"),
    ("env output", "HOME=/home/app\nPATH=/usr/local/bin:/usr/bin\n{K}={v}\nSHLVL=1\n"),
    ("yaml", "services:\n  api:\n    environment:\n      {K}: {v}\n"),
    ("json", '{{\n  "service": "billing",\n  "{k}": "{v}"\n}}\n'),
    ("toml", '[service]\nname = "billing"\n{k} = "{v}"\n'),
    ("ini", "[database]\nhost = db.internal\n{k} = {v}\n"),
    ("xml element", "<config>\n  <{k}>{v}</{k}>\n</config>\n"),
    ("xml attribute", '<connection host="db.internal" {k}="{v}" />\n'),
    (".NET appSettings", '<appSettings>\n  <add key="{K}" value="{v}" />\n</appSettings>\n'),
    ("python", 'import os\n\n{k} = "{v}"\nclient = Client({k}={k})\n'),
    ("python kwarg", 'conn = psycopg2.connect(host="db.internal", password="{v}")\n'),
    ("javascript", "const {c} = '{v}';\nmodule.exports = {{ {c} }};\n"),
    ("go :=", '{c} := "{v}"\nclient := api.New({c})\n'),
    ("go var", 'var {c} string = "{v}"\n'),
    ("php .=", "$secret = '';\n$secret .= '{v}';\n"),
    ("java setProperty", 'System.setProperty("app.{k}", "{v}");\n'),
    ("makefile ?=", "{K} ?= {v}\n\ndeploy:\n\t./deploy.sh\n"),
    ("makefile ::=", "{K} ::= {v}\n"),
    ("gradle", 'repositories {{\n  maven {{\n    credentials {{\n      username "deploy"\n      password "{v}"\n    }}\n  }}\n}}\n'),
    ("kotlin", 'val {c}: String = "{v}"\n'),
    ("csharp", 'private const string {c} = "{v}";\n'),
    ("PGPASSWORD", "PGPASSWORD={v} psql -h db.internal -U app app\n"),
    ("netrc", "machine api.acme-corp.io\n  login deploy\n  password {v}\n"),
    ("npmrc", "//registry.npmjs.org/:_authToken={v}\n"),
    ("pypirc", "[pypi]\nusername = __token__\npassword = {v}\n"),
    ("prose en", "The {w} is '{v}', please rotate it after the demo.\n"),
    ("prose it", "La password è {v} e va cambiata domani.\n"),
    ("prose de", "Das Passwort lautet {v} und gilt bis Freitag.\n"),
    ("prose fr", "Le mot de passe est {v} pour le compte de test.\n"),
    ("prose es", "La contraseña es {v} hasta el lunes.\n"),
    ("json string", '{{"tool": "Edit", "new_string": "LOG_LEVEL=info\\n{K}={v}\\nPORT=8080"}}\n'),
    ("bash command", '{{"command": "{K}={v} ./run.sh --env prod"}}\n'),
]

CLEAN = [
    "def login(username: str, password: str) -> Session:\n    token = auth.issue(username, password)\n    return Session(token=token)\n",
    "interface Credentials {\n  password: string;\n  apiKey?: string;\n}\n",
    "permissions:\n  id-token: write\n  contents: read\n",
    'router.POST("/login", func(c *gin.Context) {\n    c.JSON(200, gin.H{"token": token})\n})\n',
    "from .auth import (\n    PASSWORD,\n    TOKEN_TTL,\n)\n",
    "dependencies = [\n    \"pbkdf2-password>=1.2\",\n    \"keyring>=24\",\n]\n",
    "env:\n  DB_PASSWORD: ${{ secrets.DB_PASSWORD }}\n  API_TOKEN: ${{ secrets.API_TOKEN }}\n",
    "password = os.environ[\"DB_PASSWORD\"]\nsecret_key = settings.SECRET_KEY\n",
    "if (password.length < MIN_PASSWORD_LENGTH) {\n  throw new Error('password too short');\n}\n",
    "max_tokens = 4096\ntoken_url = \"https://auth.acme-corp.io/oauth/token\"\n",
    "password_hash = bcrypt.hashpw(password.encode(), bcrypt.gensalt())\n",
    "auth=self.auth,\ntimeout=self.timeout,\n",
]
PLACEHOLDERS = [  # (text, the value that must stay readable)
    ("API_KEY=YOUR_API_KEY_HERE\n", "YOUR_API_KEY_HERE"), ("DB_PASSWORD=changeme\n", "changeme"),
    ("GITHUB_TOKEN=<redacted>\n", "<redacted>"), ("password: '********'\n", "********"),
    ("SECRET_KEY=xxxxxxxxxxxxxxxx\n", "xxxxxxxxxxxxxxxx"), ('token = "<your-token>"\n', "<your-token>"),
    ("AWS_SECRET_ACCESS_KEY=${AWS_SECRET_ACCESS_KEY}\n", "${AWS_SECRET_ACCESS_KEY}"),
    ("# example, not a real credential\nAWS_ACCESS_KEY_ID=AKIAIOSFODNN7EXAMPLE\n", "AKIAIOSFODNN7EXAMPLE"),
]
KEYS = ["DB_PASSWORD", "API_TOKEN", "SECRET_KEY", "AUTH_TOKEN", "CLIENT_SECRET", "ACCESS_KEY"]


def camel(key: str) -> str:
    a, *rest = key.lower().split("_")
    return a + "".join(w.title() for w in rest)


def build(seed: int = 20261201) -> list[dict]:
    r = random.Random(seed)
    docs: list[dict] = []
    for si, (syntax, template) in enumerate(SYNTAXES):
        for fi, (family, gen) in enumerate(FAMILIES):
            if (si + fi) % 3:  # a third of the grid: every syntax and every family ten times over
                continue
            value = gen(r)
            if "'" in template and "'" in value or '"' in template and '"' in value:
                value = value.replace("'", "").replace('"', "")
            key = r.choice(KEYS)
            text = template.format(K=key, k=key.lower(), c=camel(key), v=value, w=r.choice(["password", "token", "API key"]))
            start = text.index(value)
            items = [{"start": start, "end": start + len(value), "cls": "MUST_MASK", "cat": "secret", "encoded_of": None,
                      "sub": [f"syntax:{syntax}", f"family:{family}"]}]
            docs.append({"id": f"sec-{si:02d}-{fi:02d}", "kind": "file", "lang": "en", "text": text, "items": items})
    # encoded copies: base64 of a secret in a *_B64= slot and in a Kubernetes Secret
    for i in range(20):
        family, gen = FAMILIES[i % len(FAMILIES)]
        value = gen(r)
        blob = base64.b64encode(value.encode()).decode()
        text = (f"# encoded for the deployment\nCONFIG_B64={blob}\n" if i % 2 else
                f"apiVersion: v1\nkind: Secret\nmetadata:\n  name: app\ndata:\n  DB_PASSWORD: {blob}\n")
        start = text.index(blob)
        docs.append({"id": f"enc-{i:02d}", "kind": "file", "lang": "en", "text": text,
                     "items": [{"start": start, "end": start + len(blob), "cls": "MUST_MASK", "cat": "secret",
                                "encoded_of": 0, "sub": ["syntax:base64", f"family:{family}"]}]})
    for i, text in enumerate(CLEAN):
        docs.append({"id": f"clean-{i:02d}", "kind": "file", "lang": "en", "text": text, "items": []})
    for i, (text, value) in enumerate(PLACEHOLDERS):
        start = text.rindex(value)
        docs.append({"id": f"placeholder-{i:02d}", "kind": "file", "lang": "en", "text": text,
                     "items": [{"start": start, "end": start + len(value), "cls": "MUST_KEEP", "cat": "placeholder", "encoded_of": None}]})
    return docs


def main() -> None:
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).parent / "secrets.jsonl"
    docs = build()
    out.write_text("".join(json.dumps(d, ensure_ascii=False) + "\n" for d in docs), encoding="utf-8")
    print(f"{len(docs)} documents → {out}")


if __name__ == "__main__":
    main()
