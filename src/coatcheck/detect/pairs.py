"""Values whose key is written in a sibling field: ``{"key": "adminUser", "value": "layla_mans"}`` (Postman
environments, AWS tags), ``{"label": "last name", "value": "Carbonaro"}`` (password managers' fields),
``{"key": "birthdate", "value": {"string_value": "…"}}`` (GA4's and Firebase's exports),
``<Key>Password</Key><Value>…</Value>`` (KeePass), ``- name: DB_PASSWORD`` / ``value: …`` (Kubernetes env),
``{"name": "sessionid", "value": …}`` (cookie jars) and cookies.txt lines, a form notification's question and its indented answer, a block's default (``DBPassword:`` / ``Default: …`` in
CloudFormation, ``variable "db_password" { default = "…" }`` in Terraform).

Each pair is read again as ``key: value`` by the slot rules and the credential-key reader, so the key decides here as
it does where it stands before its value; the spans they find in the value are mapped back to the document.
"""

from __future__ import annotations

from collections.abc import Iterator

import regex

from ..spans import Span
from .context import ContextDetector
from .rules import RuleDetector

PAIRS = "pairs"
# what a slot decides (an e-mail address, a URL or an IP is found wherever it stands)
SLOT_CATEGORIES = frozenset({"secret", "username", "person", "account", "birth_date", "phone", "address",
                             "national_id", "passport", "driver_license", "iban", "card"})
_KEYS = r"(?:key|Key|KEY|name|Name|label|Label|field|fieldName|variable|Variable|param|parameter)"
_VALUES = r"(?:value|Value|VALUE|val|currentValue|defaultValue|initialValue)"
_STR = r'"(?P<{g}>(?:[^"\\\n]|\\.){{1,200}})"'
# one JSON object's key field and value field, either order, other fields between (no nested object)
_JSON = regex.compile(
    rf'"{_KEYS}"\s*:\s*{_STR.format(g="k")}\s*,\s*(?:"\w+"\s*:\s*(?:"(?:[^"\\\n]|\\.)*"|[\w.-]+)\s*,\s*){{0,4}}'
    rf'"{_VALUES}"\s*:\s*{_STR.format(g="v")}'
    rf'|"{_VALUES}"\s*:\s*{_STR.format(g="v2")}\s*,\s*(?:"\w+"\s*:\s*(?:"(?:[^"\\\n]|\\.)*"|[\w.-]+)\s*,\s*){{0,4}}'
    rf'"{_KEYS}"\s*:\s*{_STR.format(g="k2")}')
# an analytics export's typed value in its own object: {"key": "birthdate", "value": {"string_value": "1969-03-09"}}
# (GA4's and Firebase's BigQuery export: event_params and user_properties)
_TYPED = regex.compile(
    rf'"{_KEYS}"\s*:\s*{_STR.format(g="k")}\s*,\s*"{_VALUES}"\s*:\s*\{{\s*"(?:string_value|stringValue|str_value)"\s*:\s*'
    rf'{_STR.format(g="v")}')
# KeePass and similar XML: <Key>Password</Key> then <Value …>…</Value>
_XML = regex.compile(r"<(?P<kt>Key|key|Name|name)>(?P<k>[^<>\n]{1,60})</(?P=kt)>\s*<(?:Value|value)(?:\s[^<>\n]{0,80})?>(?P<v>[^<>\n]{1,200})</(?:Value|value)>")
# attribute pairs: <param name="password" value="…"/> (FreeSWITCH, Tomcat, Ant), <add key="…" value="…"/> (.NET)
_ATTRS = regex.compile(r"""<[\w:-]{1,30}\s+(?:name|key|id|ItemOID|OID|field)\s*=\s*["'](?P<k>[^"'<>\n]{1,60})["']\s+[Vv]alue\s*=\s*["'](?P<v>[^"'<>\n]{1,200})["']""")
# a YAML list item: "- name: KEY" and on the next line, indented alike, "value: …"
_YAML = regex.compile(r"(?m)^(?P<ind>[ \t]*)-[ \t]+(?:name|key):[ \t]*[\"']?(?P<k>[\w.-]{1,60})[\"']?[ \t]*\r?\n"
                      r"(?P=ind)[ \t]+value:[ \t]*(?P<q>[\"']?)(?P<v>[^\"'\n]{1,200})(?P=q)[ \t]*$")
# a block named by its key whose default or value is a field of it: CloudFormation's "DBPassword:" / "  Type: String"
# / "  NoEcho: true" / "  Default: …", Helm's and OpenAPI's "adminPassword:" / "  value: …" (the field at the block's
# first indentation, at most six lines in)
_DEFAULT_KEY = r"(?:Default|default|defaultValue|default_value|Value|value)"
# (each line's indentation is read whole, (?=\S) after it: a blank run is split one way only, the search stays linear)
_YAML_BLOCK = regex.compile(
    rf"(?m)^(?P<ind>[ \t]*)(?P<k>[A-Za-z_][\w.-]{{0,59}}):[ \t]*\r?\n"
    rf"(?:(?P=ind)(?P<ci>[ \t]+)(?=\S)(?!{_DEFAULT_KEY}:)[^\n]*\r?\n(?:(?P=ind)(?P=ci)[^\n]*\r?\n){{0,5}}?(?P=ind)(?P=ci)"
    rf"|(?P=ind)[ \t]+(?=\S)){_DEFAULT_KEY}:[ \t]*"
    r"""(?:"(?P<v>(?:[^"\\\n]|\\.){1,200})"|'(?P<v>[^'\n]{1,200})'|(?P<v>[^\s"'#][^\n#]{0,199}?))[ \t]*(?:\#[^\n]*)?$""")
# XML whose credential element wraps its value: Windows unattend's <AdministratorPassword><Value>…</Value>,
# <Password><Value>…</Value><PlainText>true</PlainText></Password>
_XML_NESTED = regex.compile(r"<(?P<k>[A-Za-z][\w:.-]{0,59})>\s*<(?:Value|value)>(?P<v>[^<>\n]{1,200})</(?:Value|value)>")
# Terraform/OpenTofu: variable "db_password" { … default = "…" } (the block still open: its lines indented)
_HCL = regex.compile(
    r"""(?m)^[ \t]*variable[ \t]+"(?P<k>[\w.-]{1,60})"[ \t]*\{[ \t]*\r?\n(?:[ \t][^\n]*\r?\n){0,8}?"""
    r'[ \t]+default[ \t]*=[ \t]*"(?P<v>(?:[^"\\\n]|\\.){1,200})"')
# a Netscape cookies.txt line (curl, wget, browser exporters, yt-dlp): domain, subdomains flag, path, secure flag,
# expiry, then the cookie's name and its value, tab-separated
_COOKIE_LINE = regex.compile(r"(?m)^(?:#HttpOnly_)?[^\s#][^\t\n]{0,253}\t(?:TRUE|FALSE)\t[^\t\n]{1,1000}\t(?:TRUE|FALSE)\t"
                             r"-?\d{1,19}\t(?P<k>[^\t\n]{1,100})\t(?P<v>[^\t\r\n]{1,4000})\r?$")
_KEY_SPACES = regex.compile(r"[ \t]+")
# a log line that names the field it collected, then what the caller entered: an IVR's "node=account_number
# digits=5385261458", a chatbot's "slot=dob entered=1984-03-02" (not a validator's "field=phone value=… msg=bad":
# what was rejected, often no such value at all)
_LOG_PAIR = regex.compile(r"(?<![\w.])(?:node|slot|step|prompt|input_name)=(?P<k>[A-Za-z_][\w.-]{1,60})"
                          r"[ \t]+(?:digits|input|dtmf|entered|collected|answer|response)=(?P<v>[^\s\"',;]{1,200})")
# a map named for what all its values are (Terraform's keys = { api = "…" }, YAML's secrets: / db: …): each child is
# read as that name's value, whatever the child's own name (api, app, stripe, db)
_MAP_NAMES = {"secrets": "secret", "passwords": "password", "tokens": "token", "credentials": "password",
              "keys": "api_key", "api_keys": "api_key", "apikeys": "api_key", "access_keys": "access_key",
              "private_keys": "private_key", "auth_tokens": "auth_token"}
_MAP_OPEN = regex.compile(
    r"(?mi)^(?P<ind>[ \t]*)(?P<k>" + "|".join(sorted(_MAP_NAMES, key=len, reverse=True)) + r")"
    r"(?:[ \t]*=[ \t]*\{|:)[ \t]*(?:#[^\n]*)?\r?$")
_MAP_CHILD = regex.compile(
    r"""(?P<ind>[ \t]+)["']?[A-Za-z_][\w.-]{0,59}["']?[ \t]*(?:=|:)[ \t]*"""
    r"""(?:"(?P<v>(?:[^"\\\n]|\\.){1,200})"|'(?P<v>[^'\n]{1,200})'|(?P<v>[^\s"'#{\[][^\s#]{0,199}))[ \t]*,?[ \t]*(?:#[^\n]*)?\r?$""")


# a form's notification e-mail (Typeform, Google Forms, Tally): each question on a line of its own after a blank one,
# its answer indented on the next, a blank line after ("Discord username" / "  ada_q77")
# (the question at the line's start, two words at least or a question mark: a docstring's indented "password" /
# "    Never logged." is a parameter's description)
_FORM_ANSWER = regex.compile(r"(?<=\A|\n[ \t]*\r?\n)(?P<k>\p{L}[\p{L}\p{N}'’/()-]*(?:[ ][\p{L}\p{N}'’/()-]+){1,7}\??|\p{L}[^\n?]{1,60}\?)[ \t]*\r?\n"
                             r"[ \t]{2,}(?P<v>\S[^\n]{0,118}?)[ \t]*\r?(?=\n[ \t]*\r?\n|\n?\Z)")


# what a form's answer is never taken for (a glossary's or a docstring's "Access token" / "    A short-lived
# credential…" has the same layout), and what an answer of several words may be (a name, an address, a date)
_NO_ANSWERS = frozenset({"secret", "card", "iban"})
_PHRASES = frozenset({"person", "address", "birth_date", "phone"})


class PairDetector:
    """Values of key/value pair records, judged by their key as if it stood before them."""

    name = PAIRS

    def __init__(self) -> None:
        self.rules = RuleDetector()
        self.context = ContextDetector()
        self.produces = (self.rules.produces | self.context.produces) & SLOT_CATEGORIES

    def detect(self, text: str) -> list[Span]:
        """The sensitive values of ``text``'s pair records."""
        if not any(w in text for w in ("value", "Value", "VALUE", "val", "default", "Default", "keys", "secrets",
                                        "tokens", "passwords", "credentials", "KEYS", "SECRETS", "\tTRUE\t",
                                        "\tFALSE\t", "digits=", "input=", "dtmf=", "entered=", "collected=",
                                        "answer=", "response=")) and _FORM_ANSWER.search(text) is None:
            return []
        out: list[Span] = []
        answers = {m.span("v") for m in _FORM_ANSWER.finditer(text)}
        for key, vs, ve in self._pairs(text):
            value = text[vs:ve]
            answer = (vs, ve) in answers
            for form in (f'"{key}": "{value}"\n', f"{key}={value}\n"):
                offset = form.index(value, len(key))
                found = [s for s in (*self.rules.detect(form), *self.context.detect(form))
                         if s.start >= offset and s.end <= offset + len(value) and s.category in SLOT_CATEGORIES
                         and not (answer and (s.category in _NO_ANSWERS or " " in value and s.category not in _PHRASES))]
                if found:
                    out += [Span(vs + s.start - offset, vs + s.end - offset, s.category, f"{self.name}:{s.detector}",
                                 s.score) for s in found]
                    break
        return out

    @staticmethod
    def _pairs(text: str) -> Iterator[tuple[str, int, int]]:
        """(key as a slot label, value start, value end) of every pair record."""
        for m in _JSON.finditer(text):
            k, v = ("k", "v") if m.group("k") is not None else ("k2", "v2")
            yield _KEY_SPACES.sub("_", m[k].strip()), *m.span(v)
        for pattern in (_TYPED, _XML, _YAML, _ATTRS, _YAML_BLOCK, _HCL, _XML_NESTED, _COOKIE_LINE, _LOG_PAIR):
            for m in pattern.finditer(text):
                yield _KEY_SPACES.sub("_", m["k"].strip()), *m.span("v")
        for m in _FORM_ANSWER.finditer(text):
            yield _KEY_SPACES.sub("_", m["k"].strip()), *m.span("v")
        yield from _map_children(text)
        if "VALUE" in text or "Value" in text:
            yield from _name_value_rows(text)


# a listing of variables as a CLI prints them, NAME or KEY then VALUE in aligned columns (gh variable list, heroku
# config, doppler secrets, az webapp config appsettings list -o table): each row's value is read under its name
_NAME_VALUE_HEADER = regex.compile(r"(?m)^(?P<ind>[ \t]*)(?:NAME|KEY|Name|Key)(?P<gap>[ \t]{2,}|\t)(?P<val>VALUE|Value)\b[^\n]*\r?$")
_ROW_CELL = regex.compile(r"[^\s]+(?:[ ][^\s]+)*")
_RULER = regex.compile(r"[ \t]*[-=]{3,}")


def _name_value_rows(text: str) -> Iterator[tuple[str, int, int]]:
    """(a row's name, its value's start, end) of each row under a NAME … VALUE header (at most 200 rows, to a blank
    line or a line that does not fill both columns)."""
    done, budget = 0, 2000  # each row read once, whatever headers repeat; at most 2000 rows a text
    for head in _NAME_VALUE_HEADER.finditer(text):
        if head.start() < done or budget <= 0:
            continue
        column = head.start("val") - head.start()
        pos = head.end() + 1
        if _RULER.match(text, pos, pos + 80):
            pos = text.find("\n", pos) + 1 or len(text)  # a ruler under the header
        for _ in range(200):
            if pos >= len(text):
                break
            line_end = text.find("\n", pos)
            line_end = len(text) if line_end < 0 else line_end
            line = text[pos:line_end].rstrip("\r")
            key = _ROW_CELL.match(line, len(head["ind"]))
            if not line.strip() or key is None or len(line) <= column or line[column - 1] not in " \t":
                break
            cell = _ROW_CELL.match(line, column)
            if cell is None or key.end() > column or _NAME_VALUE_HEADER.match(text, pos):
                break
            budget -= 1
            yield _KEY_SPACES.sub("_", key.group()), pos + cell.start(), pos + cell.end()
            pos = line_end + 1
        done = pos


def _map_children(text: str) -> Iterator[tuple[str, int, int]]:
    """(the map's label, value start, value end) of each child of a map named for credentials, as long as the
    children stay indented deeper than the map's own line (at most 50 of them)."""
    for m in _MAP_OPEN.finditer(text):
        label = _MAP_NAMES[m["k"].lower()]
        pos = m.end() + 1
        for _ in range(50):
            if pos >= len(text):
                break
            line_end = text.find("\n", pos)
            line_end = len(text) if line_end < 0 else line_end
            child = _MAP_CHILD.fullmatch(text, pos, line_end)
            if child is None or len(child["ind"]) <= len(m["ind"]):
                break
            value = child["v"]
            # such a map holds settings too (region, backend, model, profile): only a value shaped like a credential
            # (letters and a digit, no joined words) is read as one
            if (len(value) >= 8 and regex.search(r"\d", value) and regex.search(r"[A-Za-z]", value)
                    and not regex.search(r"\s|[a-z][-_][a-z]", value)
                    and (m["k"].lower() != "keys" or len(value) >= 16)):
                yield label, *child.span("v")
            pos = line_end + 1
