"""Code strata (after the GLiNER2 code-suite protocol): placeholder documents, live/example pairs that
share one value, and clean code.

- ``placeholder``: configuration and code whose credential slots hold placeholders; nothing may be masked.
- ``live``: the value used as live configuration (MUST_MASK).
- ``example``: the same value framed as documentation (an example in a README or docstring); it should stay
  readable (scored as silence, not as keep).
- ``clean``: code with nothing to find.
"""

from __future__ import annotations

import random
import string

from .generate import Builder
from .values import Values

PLACEHOLDERS = ["${API_KEY}", "YOUR_API_KEY_HERE", "<your-token>", "changeme", "xxxxxxxxxxxxxxxxxxxx", "{{ secrets.TOKEN }}",
                "sk-...", "REPLACE_WITH_YOUR_KEY", "********", "$(cat /run/secrets/token)", "os.environ['TOKEN']", "None"]


def _live(b: Builder, v: Values, value: str, var: str) -> None:
    form = v.r.choice(["env", "yaml", "py", "json"])
    if form == "env":
        b.t(f"# production settings\nAPP_ENV=production\n{var}=").m(value, "secret").t("\nLOG_LEVEL=info\n")
    elif form == "yaml":
        b.t("service:\n  name: billing\n  credentials:\n    token: ").m(value, "secret").t("\n  replicas: 3\n")
    elif form == "py":
        b.t("import requests\n\nclient = requests.Session()\nclient.headers[\"Authorization\"] = \"Bearer ").m(value, "secret").t("\"\n")
    else:
        b.t('{"service": "billing", "token": "').m(value, "secret").t('", "retries": 3}\n')


def _example(b: Builder, v: Values, value: str, var: str) -> None:
    form = v.r.choice(["readme", "docstring", "comment"])
    if form == "readme":
        b.t("## Configuration\n\nSet the token in your environment, for example:\n\n```bash\nexport ").t(f"{var}=").k(value, "example_value").t("\n```\n\nThe value above is an example; use your own.\n")
    elif form == "docstring":
        b.t('def connect(token: str) -> Client:\n    """Open a client.\n\n    Example:\n        >>> connect("').k(value, "example_value").t('")\n    """\n')
    else:
        b.t(f"# e.g. {var}=").k(value, "example_value").t("  (sample value from the docs, not a real key)\nTOKEN = os.environ[\"").t(var).t("\"]\n")


def _placeholder(b: Builder, v: Values) -> None:
    ph = v.r.choice(PLACEHOLDERS)
    form = v.r.choice(["env", "yaml", "py"])
    if form == "env":
        b.t("# .env.example\nDATABASE_URL=postgres://user:").k("password", "placeholder").t("@localhost:5432/app\nAPI_KEY=").k(ph, "placeholder").t("\n")
    elif form == "yaml":
        b.t("auth:\n  client_id: ").k("your-client-id", "placeholder").t("\n  client_secret: ").k(ph, "placeholder").t("\n")
    else:
        b.t("API_TOKEN = ").k(ph if ph.startswith(("os.", "None")) else repr(ph), "placeholder").t("  # set in CI\n")


def _clean(b: Builder, v: Values) -> None:
    b.t(v.r.choice([
        "def retry(fn, attempts=3):\n    for i in range(attempts):\n        try:\n            return fn()\n        except TimeoutError:\n            time.sleep(2 ** i)\n",
        "SELECT id, created_at, status FROM orders WHERE status = 'open' ORDER BY created_at DESC LIMIT 50;\n",
        "export function tokenize(input: string): Token[] {\n  return input.split(/\\s+/).map((t) => ({ text: t }));\n}\n",
        "FROM python:3.12-slim\nWORKDIR /app\nCOPY . .\nRUN pip install --no-cache-dir -r requirements.txt\nCMD [\"python\", \"-m\", \"app\"]\n",
        "for key, value in sorted(config.items()):\n    print(f\"{key}={value!r}\")\n",
    ]))


def generate_strata(n: int, split: str = "test", seed: int = 0) -> list[dict]:
    """``n`` code-strata documents: about a quarter each of placeholder, clean, and live/example pairs."""
    rnd = random.Random(f"coatcheck-strata/{split}/{seed}")
    v = Values(rnd)
    docs: list[dict] = []
    i = 0
    while len(docs) < n:
        kind = rnd.choice(["pair", "pair", "placeholder", "clean"])
        if kind == "pair":
            value = rnd.choice([v.provider_key()[1], v.token(), "ghp_" + v.s(string.ascii_letters + string.digits, 36)])
            var = rnd.choice(["API_TOKEN", "GITHUB_TOKEN", "SERVICE_KEY", "ACCESS_TOKEN"])
            pair = f"p{i}"
            for role, fill in (("live", _live), ("example", _example)):
                b = Builder()
                fill(b, v, value, var)
                docs.append({"id": f"strata-{split}-{i:05d}", "text": b.text, "kind": "code", "role": role, "pair_id": pair, "items": b.items})
                i += 1
        else:
            b = Builder()
            (_placeholder if kind == "placeholder" else _clean)(b, v)
            docs.append({"id": f"strata-{split}-{i:05d}", "text": b.text, "kind": "code", "role": kind, "items": b.items})
            i += 1
    return docs[:n]
