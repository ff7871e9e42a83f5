"""Hard negatives and agent-shaped positives for the tagger's training data (used by data.py).

Negatives (no entity), in en/it/de/fr/es:
- product, company, project, place and organisation names in prose and headings (``lists/products.txt``, Faker's
  countries and cities)
- title-case headings and code identifiers (CamelCase types, constants, keywords)
- dates in many formats, and versions with words (``Helm 2``, ``Debian 12``)
- fictional, literary and placeholder people (``lists/fictional.txt``): by policy they are not personal data
- real clean prose: docstrings of the Python standard library (PSF licence), sentences with no person in them
Positives: names where agents see them (git trailers, sign-offs, CSV rows, log fields, tickets, code comments,
``Name <email>``), including lower-case names.
"""

from __future__ import annotations

import ast
import hashlib
import random
import re
import sysconfig
from pathlib import Path

HERE = Path(__file__).parent


def _list(name: str) -> list[str]:
    lines = (HERE / "lists" / name).read_text(encoding="utf-8").splitlines()
    return [ln.strip() for ln in lines if ln.strip() and not ln.startswith("#")]


def split_of(value: str, test_share: int = 5) -> str:
    return "test" if int(hashlib.sha256(value.encode()).hexdigest(), 16) % test_share == 0 else "train"


PRODUCTS = _list("products.txt")
FICTIONAL = _list("fictional.txt")

# {X} is a product/place/organisation name, {H} a fictional or placeholder person.
PRODUCT_PROSE = {
    "en": ["We moved the build from {X} to {X} last sprint.", "The {X} integration broke after the upgrade.",
           "Does {X} support this flag?", "Flights to {X} are cheaper in May.", "{X} announced a new release today.",
           "I read about it in {X}.", "Our office near {X} closes at six.", "Compare {X} with {X} before buying.",
           "The talk was sponsored by {X}.", "Install {X} and restart the shell."],
    "it": ["Abbiamo spostato la build da {X} a {X}.", "L'integrazione con {X} non funziona più.", "{X} supporta questa opzione?",
           "I voli per {X} costano meno a maggio.", "L'ho letto su {X}.", "Installa {X} e riavvia il terminale."],
    "de": ["Wir sind von {X} auf {X} umgestiegen.", "Die {X}-Integration ist nach dem Update kaputt.", "Unterstützt {X} diese Option?",
           "Flüge nach {X} sind im Mai günstiger.", "Ich habe es in {X} gelesen.", "Installiere {X} und starte die Shell neu."],
    "fr": ["Nous sommes passés de {X} à {X}.", "L'intégration {X} ne marche plus depuis la mise à jour.", "Est-ce que {X} gère cette option ?",
           "Les vols pour {X} sont moins chers en mai.", "Je l'ai lu dans {X}.", "Installe {X} puis relance le terminal."],
    "es": ["Pasamos la build de {X} a {X}.", "La integración con {X} falla desde la actualización.", "¿{X} admite esta opción?",
           "Los vuelos a {X} son más baratos en mayo.", "Lo leí en {X}.", "Instala {X} y reinicia la terminal."],
}
FICTION_PROSE = {
    "en": ['assert greet("{H}") == "Hello, {H}!"', "The fixture uses {H} as the sample customer.", "Chapter 3: {H} returns home.",
           'user = User(name="{H}")  # test data', "In the novel, {H} never leaves the island."],
    "it": ['assert saluta("{H}") == "Ciao, {H}!"', "Nel romanzo {H} torna a casa.", "Il test usa {H} come cliente di esempio."],
    "de": ['assert gruss("{H}") == "Hallo, {H}!"', "Im Roman kehrt {H} nach Hause zurück.", "Der Test nimmt {H} als Beispielkunden."],
    "fr": ['assert salut("{H}") == "Bonjour, {H} !"', "Dans le roman, {H} rentre chez lui.", "Le test prend {H} comme client fictif."],
    "es": ['assert saludo("{H}") == "Hola, {H}!"', "En la novela, {H} vuelve a casa.", "La prueba usa a {H} como cliente de ejemplo."],
}
HEADING_WORDS = {
    "en": ["Install", "Configure", "Default", "Getting", "Started", "Release", "Notes", "Key", "Management", "Service", "Account",
           "Policy", "Network", "Storage", "Backup", "Restore", "Advanced", "Settings", "Quick", "Start", "Guide", "Known",
           "Issues", "Migration", "Reference", "Security", "Groups", "Access", "Control", "Build", "Deploy", "Mobile", "Button",
           "Login", "Page", "Fix", "Add", "Update", "Remove", "Support", "Team", "Rust", "Cloud", "Functions", "Data", "Pipeline"],
    "it": ["Guida", "Rapida", "Installazione", "Configurazione", "Note", "Rilascio", "Gestione", "Chiavi", "Impostazioni", "Avanzate",
           "Problemi", "Noti", "Sicurezza", "Rete", "Archiviazione"],
    "de": ["Schnellstart", "Installation", "Konfiguration", "Versionshinweise", "Schlüsselverwaltung", "Erweiterte", "Einstellungen",
           "Bekannte", "Probleme", "Sicherheit", "Netzwerk", "Speicher", "Zugriff"],
    "fr": ["Guide", "Rapide", "Installation", "Configuration", "Notes", "Version", "Gestion", "Clés", "Paramètres", "Avancés",
           "Problèmes", "Connus", "Sécurité", "Réseau", "Stockage"],
    "es": ["Guía", "Rápida", "Instalación", "Configuración", "Notas", "Versión", "Gestión", "Claves", "Ajustes", "Avanzados",
           "Problemas", "Conocidos", "Seguridad", "Red", "Almacenamiento"],
}
ACRONYMS = ["VPC", "KMS", "API", "SDK", "CLI", "DNS", "TLS", "IAM", "S3", "EC2", "CI", "SSO", "JWT", "HTTP", "UI"]
CODE_WORDS = ["Reader", "Writer", "Marshal", "Unmarshal", "True", "False", "None", "Nil", "Null", "Handler", "Builder", "Factory",
              "Manager", "Service", "Client", "Server", "Request", "Response", "Session", "Context", "Config", "Logger", "Parser",
              "Token", "Stream", "Buffer", "Cache", "Queue", "Worker", "Router", "Mapper", "Adapter", "Proxy", "Visitor", "Helper",
              "Grace", "Victor", "Hunter", "Miles", "Chase", "Pierce", "Wade", "Mason", "Carter", "Walker", "Porter", "Hope"]
CODE_TEMPLATES = ["class {C}({C}):", "var {c} = new {C}();", "func New{C}() *{C} {{", "{C}.{C}Default = True", "return {C}(None)",
                  "    {c}: {C} = {C}()", "import {{ {C}, {C} }} from './{c}';", "type {C} struct {{ {C} {C} }}", "## {C} {C}",
                  "@dataclass\nclass {C}:\n    name: str", "if isinstance(x, {C}) and y is not None:", "{K}_{K} = True",
                  "- [ ] {C} {C} refactor", "fn {c}(r: &{C}) -> Result<{C}, Error>", "except {C}Error as e:", "<{C} {c}={{{c}}} />"]
VERSIONS = ["Helm 2", "Helm 3", "Vim 8", "Vim 9", "Red Hat 9", "Debian 12", "Ubuntu 24.04", "Windows 11", "macOS Sonoma 14",
            "Python 3.12", "Java 21", "Node 22", "Modula-2", "Modula 3", "Angular 17", "Vue 3", "Rails 7", "Django 5.1",
            "Spring Boot 3", "PostgreSQL 16", "iPhone 15", "Galaxy S24", "Pixel 8", "Office 365", "Series 7", "Phase 2", "Sprint 14"]
VERSION_TEMPLATES = {
    "en": ["Upgrade to {V} before the migration.", "Tested on {V} and {V}.", "{V} drops support for the old API.", "Requires {V} or later."],
    "it": ["Aggiorna a {V} prima della migrazione.", "Testato su {V} e {V}.", "Richiede {V} o successivo."],
    "de": ["Vor der Migration auf {V} aktualisieren.", "Getestet mit {V} und {V}.", "Benötigt {V} oder neuer."],
    "fr": ["Passe à {V} avant la migration.", "Testé sur {V} et {V}.", "Nécessite {V} ou plus récent."],
    "es": ["Actualiza a {V} antes de la migración.", "Probado en {V} y {V}.", "Requiere {V} o posterior."],
}
MONTHS = {
    "en": ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"],
    "it": ["gennaio", "febbraio", "marzo", "aprile", "maggio", "giugno", "luglio", "agosto", "settembre", "ottobre", "novembre", "dicembre"],
    "de": ["Januar", "Februar", "März", "April", "Mai", "Juni", "Juli", "August", "September", "Oktober", "November", "Dezember"],
    "fr": ["janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août", "septembre", "octobre", "novembre", "décembre"],
    "es": ["enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto", "septiembre", "octubre", "noviembre", "diciembre"],
}
DAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
DATE_TEMPLATES = {
    "en": ["Released {D}.", "Last updated: {D}", "The outage started on {D}.", "Date:   {G}", "Due {D}"],
    "it": ["Rilasciato il {D}.", "Ultimo aggiornamento: {D}", "Il guasto è iniziato il {D}."],
    "de": ["Veröffentlicht am {D}.", "Zuletzt aktualisiert: {D}", "Die Störung begann am {D}."],
    "fr": ["Publié le {D}.", "Dernière mise à jour : {D}", "La panne a commencé le {D}."],
    "es": ["Publicado el {D}.", "Última actualización: {D}", "La caída empezó el {D}."],
}

# Positives where agents meet names. {P} a full name, {p} a lower-case full name, {F} a first name, {E} an e-mail.
AGENT_POSITIVES = [
    "Signed-off-by: {P} <{E}>", "Co-authored-by: {P} <{E}>", "Reviewed-by: {P} <{E}>", "Reported-by: {P}",
    "Author: {P} <{E}>\nDate:   {G}\n\n    Fix flaky test", "{P} <{E}>", "  * Fix typo in docs (thanks {P}).",
    "id,name,email,plan\n{N},{P},{E},pro", "{N};{P};{E};active", "user=\"{P}\" action=login status=ok",
    "level=info msg=\"password reset\" requested_by=\"{P}\"", "[{G}] {P} joined the channel",
    "# FIXME: ask {F} about this ({P} wrote the original)", "// owner: {P}", "ping {p} about the rollout",
    "cc {p}, can you review?", "assignee: {p}", "Thanks,\n{F}", "-- \n{P}\nSenior Engineer", "@{F} can you look at this? — {P}",
    "| {P} | {E} | admin |", "- name: {P}\n  email: {E}", '"author": "{P} <{E}>"', "Approved by {P} on {G}.",
    "Contact {P} before touching the billing tables.", "Ask {P} for the staging credentials.", "Ping {F} once CI is green.",
    "cc {P}", "On {G}, {P} wrote:\n> looks good to me", "From: {P} <{E}>\nTo: {P} <{E}>\nSubject: outage", "Hey {F}!",
    "Per {P}, the cutover moves to Friday.", "As {P} said in standup, the cache is stale.", "Owner: {P} (on call this week)",
    'INFO user "{P}" logged in from the VPN', "customer={P} plan=pro", "{F} here, the deploy is done.",
    "thanks {p}!", "ask {p} about the cron job", "reviewed by {p}", "@{p} please take a look",
    "Contatta {P} prima di cambiare lo schema.", "Chiedi a {P} le credenziali.", "Kontaktiere {P} vor der Migration.",
    "Frag {P} nach dem Zugang.", "Contacte {P} avant la migration.", "Demande à {P} les accès.", "Contacta a {P} antes del cambio.",
    "Pregunta a {P} por el acceso.", "grazie {p}", "danke {p}", "merci {p}", "gracias {p}",
]
# Every fifth agent template is held out for the test split.
AGENT_TEST = [t for i, t in enumerate(AGENT_POSITIVES) if i % 5 == 4]
AGENT_TRAIN = [t for i, t in enumerate(AGENT_POSITIVES) if i % 5 != 4]


def _fill(template: str, rnd: random.Random, fields: dict) -> tuple[str, list[tuple[int, int, str]]]:
    out, spans, i = "", [], 0
    while i < len(template):
        if template.startswith("{{", i) or template.startswith("}}", i):
            out += template[i]
            i += 2
            continue
        if template[i] == "{" and template[i + 2 : i + 3] == "}" and template[i + 1] in fields:
            key = template[i + 1]
            value, label = fields[key]()
            if label:
                spans.append((len(out), len(out) + len(value), label))
            out += value
            i += 3
            continue
        out += template[i]
        i += 1
    return out, spans


def _camel(rnd: random.Random) -> str:
    return "".join(rnd.choice(CODE_WORDS) for _ in range(rnd.choice((1, 1, 2))))


def _date(rnd: random.Random, lang: str) -> str:
    d, m, y = rnd.randint(1, 28), rnd.randrange(12), rnd.randint(1998, 2027)
    month = MONTHS[lang][m]
    forms = {"en": [f"{month} {d}, {y}", f"{d} {month} {y}", f"{month} {y}", f"{y}-{m + 1:02d}-{d:02d}"],
             "it": [f"{d} {month} {y}", f"{month} {y}", f"{d}/{m + 1:02d}/{y}"],
             "de": [f"{d}. {month} {y}", f"{month} {y}", f"{d:02d}.{m + 1:02d}.{y}"],
             "fr": [f"{d} {month} {y}", f"{month} {y}", f"{d:02d}/{m + 1:02d}/{y}"],
             "es": [f"{d} de {month} de {y}", f"{month} de {y}", f"{d}/{m + 1}/{y}"]}
    return rnd.choice(forms[lang])


def git_date(rnd: random.Random) -> str:
    mon = MONTHS["en"][rnd.randrange(12)][:3]
    return f"{rnd.choice(DAYS)} {mon} {rnd.randint(1, 28)} {rnd.randint(0, 23):02d}:{rnd.randint(0, 59):02d}:{rnd.randint(0, 59):02d} {rnd.randint(2015, 2026)} +0{rnd.randint(0, 2)}00"


def negative(rnd: random.Random, lang: str, split: str, places: list[str]) -> dict:
    """One hard-negative example (no entity) in ``lang``, from the ``split`` half of every list."""
    products = [p for p in PRODUCTS + places if split_of(p) == split] or PRODUCTS
    fiction = [h for h in FICTIONAL if split_of(h) == split] or FICTIONAL
    kind = rnd.choice(["product", "product", "fiction", "heading", "code", "code", "version", "date", "prose", "prose"])
    fields = {"X": lambda: (rnd.choice(products), None), "H": lambda: (rnd.choice(fiction), None),
              "V": lambda: (rnd.choice(VERSIONS), None), "D": lambda: (_date(rnd, lang), None), "G": lambda: (git_date(rnd), None),
              "C": lambda: (_camel(rnd), None), "c": lambda: (_camel(rnd)[0].lower() + _camel(rnd)[1:], None),
              "K": lambda: (rnd.choice(CODE_WORDS).upper(), None)}
    if kind == "product":
        text, _ = _fill(rnd.choice(PRODUCT_PROSE[lang]), rnd, fields)
    elif kind == "fiction":
        text, _ = _fill(rnd.choice(FICTION_PROSE[lang]), rnd, fields)
    elif kind == "heading":
        words = HEADING_WORDS[lang] + HEADING_WORDS["en"][:12]
        parts = rnd.sample(words, rnd.randint(2, 4))
        if rnd.random() < 0.4:
            parts.insert(rnd.randrange(len(parts) + 1), rnd.choice(ACRONYMS))
        text = rnd.choice(["", "# ", "## ", "### ", "", "**"]) + " ".join(parts)
    elif kind == "code":
        text, _ = _fill(rnd.choice(CODE_TEMPLATES), rnd, fields)
    elif kind == "version":
        text, _ = _fill(rnd.choice(VERSION_TEMPLATES[lang]), rnd, fields)
    elif kind == "date":
        text, _ = _fill(rnd.choice(DATE_TEMPLATES[lang]), rnd, fields)
    else:
        pool = prose_sentences(split)
        text = " ".join(rnd.sample(pool, rnd.randint(1, 3)))
    return {"text": text, "spans": [], "lang": lang, "kind": f"negative-{kind}"}


def positive(rnd: random.Random, lang: str, draw, split: str = "train") -> dict:
    """One agent-shaped example with names drawn by ``draw(kind)`` (kind P or F)."""
    email_of = {}

    def person() -> tuple[str, str]:
        v = draw("P")
        email_of["last"] = v
        return v, "PER"

    def email() -> tuple[str, None]:
        base = email_of.get("last") or draw("P")
        local = re.sub(r"[^a-z.]", "", base.lower().replace(" ", "."))[:20] or "dev"
        return f"{local}@{rnd.choice(['example.org', 'mail.test', 'corp.example'])}", None

    fields = {"P": person, "p": lambda: (draw("P").lower(), "PER"), "F": lambda: (draw("F"), "PER"), "E": email,
              "G": lambda: (git_date(rnd), None), "N": lambda: (str(rnd.randint(1, 9999)), None)}
    text, spans = _fill(rnd.choice(AGENT_TEST if split == "test" else AGENT_TRAIN), rnd, fields)
    return {"text": text, "spans": [list(s) for s in spans], "lang": lang, "kind": "agent"}


_NAMEISH = re.compile(r"\b[A-Z][a-z]+ (?:[a-z]{1,3} )?[A-Z][a-z]+\b|@|Copyright|[Aa]uthor|[Ww]ritten by|[Cc]ontributed|Thanks|Guido")
_SENTENCE = re.compile(r"(?<=[.!?])\s+(?=[A-Z])")


def prose_sentences(split: str, _cache: dict = {}) -> list[str]:  # noqa: B006 - a per-process cache
    """Sentences from the docstrings of the Python standard library (PSF licence): real technical prose with no
    person in it (sentences that could hold a name, credit someone or mention an e-mail are left out)."""
    if split in _cache:
        return _cache[split]
    out: dict[str, list[str]] = {"train": [], "test": []}
    for path in sorted(Path(sysconfig.get_paths()["stdlib"]).glob("*.py")):
        try:
            tree = ast.parse(path.read_text(encoding="utf-8"))
        except (SyntaxError, UnicodeDecodeError):
            continue
        for node in ast.walk(tree):
            if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef)):
                doc = ast.get_docstring(node)
                if not doc:
                    continue
                for para in doc.split("\n\n"):
                    flat = " ".join(para.split())
                    for sent in _SENTENCE.split(flat):
                        if 30 <= len(sent) <= 240 and sent[0].isupper() and not _NAMEISH.search(sent):
                            out[split_of(path.name)].append(sent)
    _cache.update(out)
    return _cache[split]
