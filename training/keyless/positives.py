"""Positives (and template negatives) for the keyless-secret classifier.

    python training/keyless/positives.py NEG.jsonl OUT.jsonl [--n 60000]

Secrets are drawn from generators of the shapes credentials take (random hex, base62, base64, base64url, upper
case with digits, grouped keys, prefixed keys with a made-up prefix, random and human-made passwords, short keys)
and put (a) into context templates in en/it/de/fr/es where no provider name helps (a prompt's paste, an error
message, a log line, an assignment to a name that says nothing, a brand-named variable with a made-up brand, a
header, a flag, a sentence), and (b) into real lines harvested from this machine in place of one of their tokens.
The same templates also carry values that must stay readable (placeholders, documented examples, ids, digests,
versions), so that a template is never itself the answer. Templates and harvested files are split the same way
(train/dev/test) so that the test split shares neither with training.
"""

from __future__ import annotations

import argparse
import json
import re
import random
import string
import sys
import uuid
import zlib

from coatcheck.detect.keyless_features import candidates

HEX = "0123456789abcdef"
B62 = string.ascii_letters + string.digits
B64 = B62 + "+/"
B64URL = B62 + "-_"
UPD = string.ascii_uppercase + string.digits
LOWD = string.ascii_lowercase + string.digits
PUNCT = "!@#$%^&*_-+=?.~"
WORDS = ("quokka", "ginepro", "sommer", "winter", "soleil", "montagne", "tigre", "falcon", "ocean", "laguna",
         "castello", "blume", "papillon", "estrella", "drache", "nuvola", "rocket", "garten", "lune", "pantera",
         "mango", "kiwi", "tornado", "biscotto", "schnee", "fromage", "tortuga", "vento", "harbor", "pixel")
SYL = ("ka", "lo", "ri", "ze", "mu", "po", "ta", "ne", "shi", "vor", "qua", "lex", "dri", "fy", "bo", "ux", "ion",
       "tek", "sy", "no", "ra", "vi", "ent", "hub", "ly", "zo", "io", "pa", "gen", "fin")


def rs(r: random.Random, alphabet: str, n: int) -> str:
    while True:
        v = "".join(r.choice(alphabet) for _ in range(n))
        if sum(c.isdigit() for c in v) >= (1 if any(c.isdigit() for c in alphabet) else 0):
            return v


def brand(r: random.Random) -> str:
    return "".join(r.choice(SYL) for _ in range(r.randint(2, 3)))


def secret(r: random.Random) -> tuple[str, str]:
    """(family, value)"""
    fam = r.choice(("hex", "b62", "b62", "b64", "b64url", "upd", "lowd", "grouped", "prefixed", "prefixed",
                    "pw_random", "pw_random", "pw_human", "pw_human", "short", "long"))
    if fam == "long":  # service-account tokens, encrypted blobs, long session tokens
        return fam, rs(r, r.choice((B62, B64URL)), r.randint(90, 400))
    if fam == "hex":
        return fam, rs(r, HEX, r.choice((16, 24, 32, 32, 48, 64)))
    if fam == "b62":
        return fam, rs(r, B62, r.randint(16, 64))
    if fam == "b64":
        n = r.randint(6, 22) * 4
        v = rs(r, B64, n)
        pad = r.choice((0, 0, 1, 2))
        return fam, v[: n - pad] + "=" * pad
    if fam == "b64url":
        return fam, rs(r, B64URL, r.randint(22, 64))
    if fam == "upd":
        return fam, rs(r, UPD, r.randint(16, 50))
    if fam == "lowd":
        return fam, rs(r, LOWD, r.randint(16, 48))
    if fam == "grouped":
        k = r.randint(3, 6)
        return fam, "-".join(rs(r, r.choice((UPD, LOWD, HEX)), r.choice((4, 5, 6, 8))) for _ in range(k))
    if fam == "prefixed":
        pre = "".join(r.choice(string.ascii_lowercase) for _ in range(r.randint(2, 5)))
        sep = r.choice(("_", "-", ".", "_live_", "_test_", "-v2-"))
        if r.random() < 0.3:
            pre += str(r.randint(1, 9))
        return fam, pre + sep + rs(r, r.choice((B62, LOWD, HEX, B64URL)), r.randint(20, 48))
    if fam == "pw_random":
        return fam, rs(r, B62 + PUNCT, r.randint(10, 32))
    if fam == "pw_human":
        w = r.choice(WORDS)
        w = w.capitalize() if r.random() < 0.7 else w
        sym = r.choice(PUNCT[:8])
        d = str(r.randint(10, 99999))
        tail = "".join(r.choice(string.ascii_letters) for _ in range(r.randint(0, 3)))
        return fam, r.choice((w + sym + d + tail, w + d + sym, sym + w + d, w.capitalize() + d + tail + sym))
    return fam, rs(r, B62, r.randint(10, 15))


def readable(r: random.Random) -> str:
    """A value that must stay readable in the same places."""
    kind = r.randrange(12)
    if kind == 0:
        return str(uuid.UUID(int=r.getrandbits(128)))
    if kind == 1:
        return rs(r, HEX, 40)
    if kind == 2:
        return "sha256:" + rs(r, HEX, 64)
    if kind == 3:
        return r.choice(("YOUR_API_KEY", "<your-api-token>", "xxxxxxxxxxxxxxxxxxxx", "${API_TOKEN}", "REPLACE_ME_123",
                         "sk-XXXXXXXXXXXXXXXXXXXX", "<TOKEN>", "your-secret-here", "changeme123", "TOKEN_GOES_HERE"))
    if kind == 4:
        return r.choice(("AKIAIOSFODNN7EXAMPLE", "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY", "EXAMPLE1234567890abcdef",
                         "0123456789abcdef0123", "abcdef1234567890abcd", "test-token-1234567890", "dummy_key_00000000"))
    if kind == 5:
        return f"v{r.randint(0, 9)}.{r.randint(0, 40)}.{r.randint(0, 99)}-rc{r.randint(1, 5)}"
    if kind == 6:
        return r.choice(("getUserToken", "API_TOKEN_HEADER", "refreshAccessToken2", "TokenValidator", "auth_v2_handler",
                         "X-Request-Id", "build-2026-10-03", "config.prod.yaml", "node_modules/.bin"))
    if kind == 7:
        return f"{r.choice(('msg', 'req', 'evt', 'cus', 'toolu'))}_{rs(r, B62, 24)}"
    if kind == 8:
        return f"2026-{r.randint(1, 12):02d}-{r.randint(1, 28):02d}T{r.randint(0, 23):02d}:{r.randint(0, 59):02d}:00Z"
    if kind == 9:
        return "sha512-" + rs(r, B64, 86) + "=="
    if kind == 10:
        return rs(r, HEX, 7)
    return f"ami-{rs(r, HEX, 17)}"


# (language, template); {v} is the value, {B} a made-up brand, {b} its lower case
TEMPLATES: list[tuple[str, str]] = [
    ("en", "here is the key: {v}"), ("en", "use this token {v} for the staging API"),
    ("en", "the example works but ours is {v}. Why?"), ("en", "ERROR 401 Unauthorized: invalid credentials '{v}'"),
    ("en", "[2026-10-03 12:01:33] WARN auth: rejected token={v} for client 17"),
    ("en", '{{"error":"invalid_api_key","message":"The key {v} is not valid"}}'), ("en", 'x = "{v}"'),
    ("en", "const k = '{v}';"), ("en", "DATA={v}"), ("en", "export {B}_KEY={v}"), ("en", "{b}.key={v}"),
    ("en", "# decoded for debugging: {v}"), ("en", "curl -H 'X-Api-Key: {v}' https://api.{b}.io/v1/items"),
    ("en", "Authorization: Bearer {v}"), ("en", "the temporary password is {v}, change it after login"),
    ("en", "prod db pw is {v}, dont share"), ("en", "  - {B}_TOKEN={v}"), ("en", "{b} login --token {v}"),
    ("en", "mysql -u admin -p{v} -h db1"), ("en", "password: {v}"), ("en", "client_secret = {v}"),
    ("en", "Traceback: AuthError('bad key {v}')"), ("en", "got {v} back from the vault, is that right?"),
    ("en", "  {b}_api_key: {v}"), ("en", "settings.{B}_SECRET = '{v}'"), ("en", "cfg.val = \"{v}\""),
    ("en", "INFO  using credentials {v} for upload"), ("en", "set-cookie: session={v}; Path=/; HttpOnly"),
    ("en", "The {B} dashboard shows {v} under API access"), ("en", "token {v} expired at 12:00"),
    ("en", "Key: {v}\nRegion: eu-west-1"), ("en", "ENV {B}_KEY {v}"), ("en", "- name: {B}_PASSWORD\n  value: {v}"),
    ("en", "const key = process.env.{B}_KEY || '{v}';"), ("en", "os.getenv(\"{B}_TOKEN\", \"{v}\")"),
    ("it", "ecco la chiave: {v}"), ("it", "la password di admin è {v}"), ("it", "Password temporanea {v}, forzare il reset"),
    ("it", "usa questo token {v} per l'ambiente di test"), ("it", "il nostro è {v}, perché non va?"),
    ("de", "hier ist der Schlüssel: {v}"), ("de", "Das Admin-Passwort ist übrigens {v}"),
    ("de", "das Passwort lautet {v}"), ("de", "unserer ist {v}. Warum geht nur das Beispiel?"),
    ("de", "Token für die Staging-Umgebung: {v}"), ("fr", "voici la clé : {v}"),
    ("fr", "le mot de passe admin est {v} et l'utilisateur"), ("fr", "Mot de passe temporaire {v}, forcer la réinitialisation"),
    ("fr", "utilise ce jeton {v} pour l'API"), ("fr", "le nôtre est {v}. Pourquoi ?"), ("es", "aquí está la clave: {v}"),
    ("es", "La contraseña de admin es {v} y el usuario"), ("es", "Contraseña temporal {v}, forzar el cambio"),
    ("es", "usa este token {v} para la API"), ("es", "el nuestro es {v}. ¿Por qué?"),
    ("en", "| {b} | {v} | active |"), ("en", "{v}"), ("en", "  \"{b}\": \"{v}\","), ("en", "{b}_secret={v}&grant_type=x"),
]


# keys that name an identifier or a digest: whatever the value looks like, it is not a credential
ID_KEYS = ("uid", "trace_id", "traceId", "request_id", "X-Request-Id", "etag", "checksum", "integrity", "commit",
           "build_id", "price_id", "client_id", "account_id", "object_id", "digest", "sha256", "md5", "hash",
           "correlationId", "span_id", "message_id", "revision", "fingerprint", "nonce_id", "job_id", "run_id")
ID_FORMS = ('{k}: {v}', '"{k}": "{v}",', '{k}={v}', "<{k}>{v}</{k}>", "{k} = '{v}'", "  {k}: \"{v}\"")
_CUE = re.compile(r"key|token|pass|pw |secret|credential|bearer|auth|chiave|schlüssel|clé|clave|jeton|contraseñ|"
                  r"passwort|mot de passe|cookie|session|vault|login", re.I)
CUED = [i for i, (_, t) in enumerate(TEMPLATES) if _CUE.search(t)]


def from_id_key(r: random.Random) -> dict[str, object]:
    k = r.choice(ID_KEYS)
    i = r.randrange(len(ID_FORMS))
    fam, value = secret(r)
    pre, post = ID_FORMS[i].replace("{k}", k).split("{v}")
    text = pre + value + post
    return {"source": f"tpl:id:{k}:{i}", "lang": "en", "family": "id-" + fam, "text": text, "start": len(pre),
            "end": len(pre) + len(value), "label": 0, "split": template_split(1000 + ID_KEYS.index(k))}


def template_split(i: int) -> str:
    h = zlib.crc32(f"tpl{i}".encode()) % 10
    return "test" if h < 2 else "dev" if h < 3 else "train"


def from_template(r: random.Random, label: int) -> dict[str, object]:
    i = r.randrange(len(TEMPLATES))
    fam, value = secret(r) if label else ("readable", readable(r))
    if fam == "hex":  # a hex string is a digest unless something says it is a credential
        i = r.choice(CUED)
    lang, tpl = TEMPLATES[i]
    b = brand(r)
    pre, post = tpl.split("{v}")
    pre = pre.replace("{B}", b.upper()).replace("{b}", b).replace("{{", "{").replace("}}", "}")
    post = post.replace("{B}", b.upper()).replace("{b}", b).replace("{{", "{").replace("}}", "}")
    text = pre + value + post
    return {"source": f"tpl:{i}", "lang": lang, "family": fam, "text": text, "start": len(pre),
            "end": len(pre) + len(value), "label": label, "split": template_split(i)}


_DIGEST_WORDS = ("sha", "hash", "digest", "integrity", "checksum", "commit", "md5", "etag", "uuid", "rev", "version",
                 "nonce", "id", "guid", "key_id")


def substituted(r: random.Random, neg: dict[str, object]) -> dict[str, object] | None:
    text, s, e = str(neg["text"]), int(neg["start"]), int(neg["end"])  # type: ignore[call-overload]
    old = text[s:e]
    line = text[text.rfind("\n", 0, s) + 1:s].lower()
    if any(w in line for w in _DIGEST_WORDS) or all(c in HEX for c in old.lower()):
        return None
    fam, value = secret(r)
    if fam == "hex":
        return None
    new = text[:s] + value + text[e:]
    if (s, s + len(value)) not in set(candidates(new)):
        return None
    return {"source": neg["source"], "family": fam, "text": new, "start": s, "end": s + len(value), "label": 1,
            "split": neg["split"], "lang": "real"}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("neg")
    ap.add_argument("out")
    ap.add_argument("--n", type=int, default=60000)
    ap.add_argument("--seed", type=int, default=11)
    a = ap.parse_args()
    r = random.Random(a.seed)
    negs = [json.loads(line) for line in open(a.neg, encoding="utf-8")]
    negs = [n for n in negs if not str(n["source"]).startswith(("tool:", "git:", "b64:", "ssh:", "x509:", "formats:"))]
    n_sub = n_tpl = n_tneg = 0
    with open(a.out, "w", encoding="utf-8") as out:
        for _ in range(a.n):
            x = r.random()
            ex: dict[str, object] | None
            if x < 0.3:
                ex = substituted(r, r.choice(negs))
                n_sub += ex is not None
            elif x < 0.75:
                ex = from_template(r, 1)
                n_tpl += 1
            elif x < 0.82:
                ex = from_id_key(r)
                n_tneg += 1
            else:
                ex = from_template(r, 0)
                n_tneg += 1
            if ex is None:
                continue
            # the runtime scores candidates: an example whose value is not one is no example of it
            s, e = int(ex["start"]), int(ex["end"])  # type: ignore[call-overload]
            if (s, e) not in set(candidates(str(ex["text"]))):
                continue
            out.write(json.dumps(ex, ensure_ascii=False) + "\n")
    print(f"substituted {n_sub}, templates {n_tpl}, template negatives {n_tneg}", file=sys.stderr)


if __name__ == "__main__":
    main()
