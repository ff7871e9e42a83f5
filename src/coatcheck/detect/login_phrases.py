"""Logins and credentials a sentence or a command names by where they stand, whatever they look like:

- the word after a sign-in phrase, in five languages: "log in as jnakamura", "accedi come pmarchetti", "melde dich
  als kwagner an", "connectez-vous en tant que ldufresne", "inicia sesión como rgarrido" (data/vocab/cues.toml,
  ``login_as``); a login and its password after a credentials word: "legacy creds: d.bui / Verano2022#" (``credential_pair``);
- a credentials file printed under its path: ``/etc/openvpn/client/auth.txt`` / ``haoran35`` / ``elDJq…``;
- the line a command that prints the current user prints after its prompt: ``$ whoami`` / ``okwuosa``, ``PS> whoami``
  / ``CORP\\vkrishnan``, ``echo $USER``, ``id -un``, ``vercel whoami``; and the line a command that prints a credential
  prints: ``heroku auth:token``, ``gh auth token``, ``pass show bank`` (data/identity_commands.toml).

The value must read as a login (no word of a language or of code, no service account, template or placeholder):
"log in as admin", "sign in as a guest" and "connect as root" stay readable.
"""

from __future__ import annotations

import functools

import regex

from .._data import data_path, load_toml, word_list
from ..spans import Span
from .keep import kept_by
from .tables import by_key
from .validators import (caps_login, initial_and_surname, login_word, made_from_name, name_like, named_login, person_handle, person_login,
                         personal_part)
from .vocabulary import dictionary_words, identifier_words, phrase_alternation, plain_words, vocabulary_words, word_set

LOGIN_PHRASES = "login-phrases"
_KEEPS = ("is_templated", "is_placeholder_value", "is_service_username", "is_code_word", "is_product_name")
_SECRET_KEEPS = ("is_templated", "is_placeholder_value", "is_documented_example", "is_path")
_VALUE = r"""(?:<(?:b|strong|em|i|code)>|[«"'`“])?(?P<v>[A-Za-z][\w.-]{1,38}[A-Za-z0-9])(?![\w@/\\-]|\.\w)"""


@functools.cache
def _phrase() -> regex.Pattern[str]:
    # a hyphen in a phrase matches blanks too ("connecte-toi", "connecte toi")
    alternation = phrase_alternation(w.replace("-", " ") for w in vocabulary_words("cues", "login_as"))
    # "Logged into "https://api.example:6443" as "adesai"": a server between the phrase and its login
    # "✓ Logged in to github.com account octo-dev (keyring)" (gh auth status)
    server = r"(?:logged|signed|logging)[^\S\n]+in(?:[^\S\n]+to|to)?[^\S\n]+[\"']?[^\s\"']{1,200}[\"']?[^\S\n]+(?:as|account)"
    # (a Markdown emphasis may open the phrase: "_Signed in as flehmann_")
    return regex.compile(rf"(?i)(?<![\p{{L}}\p{{N}}-])(?:{alternation}|{server}):?[^\S\n]+(?:the[^\S\n]+user[^\S\n]+)?(?:[\w.-]{{1,40}}\\{{1,2}})?{_VALUE}")


@functools.cache
def _my_account() -> regex.Pattern[str]:
    """A possessive, at most two words (old, work, GitHub …), an account word, then the login (cues.toml [my_account])."""
    owners: list[str] = []
    nouns: list[str] = []
    for entry in vocabulary_words("cues", "my_account"):
        mine, _, words = entry.partition("|")
        owners.extend(w.strip() for w in mine.split(",") if w.strip())
        nouns.extend(w.strip() for w in words.split(",") if w.strip())
    owner, noun = phrase_alternation(owners), phrase_alternation(nouns)
    return regex.compile(
        rf"(?i)(?<![\w-])(?:{owner})(?:[^\S\n]+[\w-]{{2,20}}){{0,2}}?[^\S\n]+(?:{noun})(?:[^\S\n]+(?:antigua|antiguo|vecchia|vecchio))?"
        rf"(?:[^\S\n]+(?:is|ist|est|es|è|era|war|was|était)|[^\S\n]*[:(,])?[^\S\n]*(?<![\w.-]){_VALUE}")


def _columns(table: str) -> tuple[list[str], list[str], list[str]]:
    """The three comma lists of each ``a, b | c, d | e`` entry of cues.toml's ``[table]``, joined over its entries."""
    out: tuple[list[str], list[str], list[str]] = ([], [], [])
    for entry in vocabulary_words("cues", table):
        for words, column in zip(out, entry.split("|"), strict=True):
            words += [w.strip() for w in column.split(",") if w.strip()]
    return out


@functools.cache
def _login_noun() -> regex.Pattern[str]:
    """A determiner, a login noun, at most four words saying where, a link, then the login (cues.toml
    [login_noun])."""
    dets, nouns, links = _columns("login_noun")
    det, noun, link = phrase_alternation(dets), phrase_alternation(nouns), phrase_alternation(w for w in links if w != ":")
    return regex.compile(
        # the words may name the machine: "Mon identifiant sur db-prod-01.internal est …"
        rf"(?i)(?<![\w-])(?:{det})(?:(?<=['’])|[^\S\n]+)(?:{noun})(?![\w-])"
        # (one word each, read once: an atomic run of a word's characters, no split between alternatives)
        rf"(?:[^\S\n]+(?>[\p{{L}}\p{{N}}'’._-]{{1,63}})(?![\p{{L}}\p{{N}}'’._-])){{0,4}}?"
        rf"(?:[^\S\n]+(?:{link})(?![\w-])[^\S\n]*:?|[^\S\n]*:)[^\S\n]*(?<![\w.-]){_VALUE}")


@functools.cache
def _credential_of() -> regex.Pattern[str]:
    """A credential noun, a preposition, maybe an account word, then the login (cues.toml [credential_of])."""
    noun, prep, account = (phrase_alternation(words) for words in _columns("credential_of"))
    return regex.compile(rf"(?i)(?<![\w-])(?:{noun})[^\S\n]+(?:{prep})(?:(?<=['’])|[^\S\n]+)"
                         rf"(?:(?:{account})(?:(?<=['’])|[^\S\n]+))?(?<![\w.-]){_VALUE}")


def _named_login(value: str) -> bool:
    """A handle made of a person's name: a part (digits aside) that no dictionary holds and that is a name, an initial
    and a surname, or a login made of a name (:func:`.validators.personal_part`)."""
    parts = [p.rstrip("0123456789") for p in regex.split(r"[._-]+", value.lower())]
    words = word_list("dictionary_words")
    return any(len(p) >= 3 and p not in words and (name_like(p) or personal_part(p)) for p in parts)


def _handle_shaped(value: str) -> bool:
    """A login as people make them: a digit or a . _ - inside, an initial and a known surname ("jsmith", "hkrause"), a
    first name and an initial or two ("cosimoz")."""
    if any(c.isdigit() or c in "._-" for c in value):
        return True
    low = value.lower()
    return initial_and_surname(low) or made_from_name(low) and low not in dictionary_words() and low not in plain_words()


# the groups a system or a distribution makes, no one's own primary group
_SYSTEM_GROUPS = frozenset({"root", "wheel", "staff", "users", "admin", "sudo", "docker", "adm", "everyone", "nogroup",
                            "daemon", "bin", "sys", "www-data", "vagrant", "ubuntu", "ec2-user", "centos", "runner",
                            "node", "app", "git", "nobody", "user", "dialout", "plugdev", "lpadmin", "sambashare"})


@functools.cache
def _command(kind: str) -> regex.Pattern[str]:
    """``kind``: "login", "logins" or "secret", the commands of data/identity_commands.toml that print one (or, for
    "logins", a line of them)."""
    commands = load_toml(data_path("identity_commands.toml"))[kind]
    # a blank in an entry is any run of blanks (an entry that needs a blank inside a class writes \s)
    alternation = "|".join(c.replace(" ", r"[^\S\n]+") for c in commands)
    if kind == "primary_group":
        # `groups` and `id -Gn` print the user's groups, their own primary group first (named as their login on
        # most systems: "ltino developers docker")
        return regex.compile(rf"(?<=[$#%>❯➜»][^\S\n]{{0,4}})(?:{alternation})[^\S\n]*\r?\n[^\S\n]*"
                             rf"(?P<v>[a-z_][\w.-]{{0,30}}[\w])(?=[^\S\n]+[a-z_]|[^\S\n]*(?:\r?\n|$))")
    value = (r"(?:[\w.-]{1,40}\\{1,2})?(?P<v>[A-Za-z_][\w.$-]{0,38}[\w$])" if kind == "login"
             else r"(?P<v>[A-Za-z_][\w.-]{0,38}[\w](?:[^\S\n]+[A-Za-z_][\w.-]{0,38}[\w]){0,30})" if kind == "logins"
             else r"(?P<v>(?![\"'])\S{6,512}?)")  # to its line's end: "blue(fish)2024", "x\"y" (no quote first)
    # the prompt, the command alone on its line, then the printed value alone on the next (a login after a Windows
    # domain)
    # found from the command (a prompt's sign right before it, or "sudo "): a search from every line start for a
    # prompt would cost a scan of the line's head at each line
    # a "#" a Markdown heading opens ("# users") is no root's prompt: for a list of logins it follows the prompt's host
    prompt = r"(?:[$%>❯➜»]|(?<=\S)#)" if kind == "logins" else r"[$#%>❯➜»]"
    # a CLI's warnings on stderr before the value (heroku's " ›   Warning: token will expire …")
    warnings = r"(?:[^\S\n]*(?:›|▸|[Ww]arning:|WARNING:)[^\n]*\r?\n){0,4}" if kind == "secret" else ""
    return regex.compile(
        rf"(?<={prompt}[^\S\n]{{0,4}}(?:sudo[^\S\n]+)?)(?:{alternation})[^\S\n]*(?:\r?\n|(?:\\r)?\\n){warnings}[^\S\n]*"
        rf"{value}[^\S\n]*(?=\r?\n|\\[rn]|$|[\"'](?:[,}}\]\s]|$))")


@functools.cache
def _access_list() -> regex.Pattern[str]:
    """A directive of cues.toml [access_lists] at a line's start, and the rest of its line (group ``v``)."""
    words = sorted({w.lower() for w in vocabulary_words("cues", "access_lists")}, key=lambda w: (-len(w), w))
    alternation = "|".join(regex.escape(w).replace("\\ ", " ").replace(" ", r"[ \t]*") for w in words)
    return regex.compile(rf"(?im)^[ \t]*(?:{alternation})(?P<v>[ \t,][^\n\r]{{0,2000}})")


# a JSON list whose key names people (a pull request's reviewers and assignees, a project's maintainers): its
# strings are their logins (teams have their own keys: team_reviewers)
_PEOPLE_LIST = regex.compile(r'"(?:reviewers|assignees|approvers|watchers|subscribers|maintainers|owners|members|'
                             r'collaborators|requested_reviewers|mentions|moderators|mods|admins|administrators|operators|'
                             r'ops|whitelist|allowlist|banned|blocklist|players)"[ \t]*:[ \t]*\[(?P<items>[^\[\]\n]{1,4000}?)\]')
# a key that says who did something (booked_by = …, "signed_off_by": "…", letto_da: …): tables.by_key decides
_BY_ASSIGN = regex.compile(
    r"""(?m)(?<![\w.$-])["']?(?P<k>[A-Za-zÀ-ÿ][A-Za-zÀ-ÿ_. -]{2,40}[_. -](?i:by|da|von|par|por))["']?[ \t]*(?:=|:(?!:))"""
    r"""[ \t]*["']?@?(?P<v>[A-Za-z][A-Za-z0-9._-]{1,38}[A-Za-z0-9])["']?(?=[ \t]*(?:[,;}\]#]|$))""")
# who did it, in a sentence or a comment: a past participle, its "by" in one of five languages, then a login
# ("maintained by ch1974", "gestito da lombardinid", "gepflegt von vogelsang_s", "maintenu par theo.delacroix")
_BY_PHRASE = regex.compile(r"(?<![\w.-])(?P<p>\p{L}{3,20})[ \t]+(?P<by>by|da|von|par|por)[ \t]+@?"
                           r"(?P<v>[a-z][a-z0-9._-]{1,38}[a-z0-9])(?=[ \t]*(?:[,;:)\]–—-]|\s|$))")
# a login of initials and a birth year: ch1974, rq1950
_INITIALS_YEAR = regex.compile(r"[a-z]{1,3}(?:19[4-9]\d|200\d|201[0-2])")
_BY_HINT = regex.compile(r"(?i)[_. -](?:by|da|von|par|por)\b")
_QUOTED_ITEM = regex.compile(r'"(?P<v>[A-Za-z][\w.-]{0,38}[A-Za-z0-9])"')
# the same list inline under an unquoted key: TOML's users = ["a", "b"], YAML's admins: [a, b], Python's ADMINS = [...]
_PEOPLE_INLINE = regex.compile(
    r"(?im)(?<![\w\"'.-])(?P<k>reviewers|assignees|approvers|watchers|subscribers|maintainers|owners|members|"
    r"collaborators|moderators|admins|administrators|operators|developers|committers|sudoers|users|admin_users|"
    r"sudo_users|allowed_users|authorized_users)[ \t]*(?:=|:(?!:))[ \t]*\[(?P<items>[^\[\]\n]{1,4000}?)\]")
_INLINE_ITEM = regex.compile(r"""(?<=[\[,][ \t]*)(?P<q>["']?)(?P<v>[A-Za-z][\w.-]{0,38}[A-Za-z0-9])(?P=q)(?=[ \t]*(?:,|$))""")


# a YAML key that names people (Puppet Hiera's "profile::admins:", a role's "maintainers:", "users:"), then its block
# list, one scalar per line ("  - 'agnieszka.zielinska'"): each item is a login (a team or a mapping is no item)
_PEOPLE_KEY = regex.compile(
    r"(?m)^(?P<ind>[ \t]*)(?:[\w-]+(?:::|\.))*(?P<k>admins|administrators|maintainers|owners|members|reviewers|"
    r"approvers|assignees|sudoers|operators|developers|collaborators|committers|users|admin_users|sudo_users|"
    r"allowed_users|authorized_users)[ \t]*:[ \t]*(?:#[^\n]*)?\r?\n")
_YAML_ITEM = regex.compile(r"(?P<ind>[ \t]*)-[ \t]+(?P<q>[\"']?)(?P<v>[A-Za-z][\w.-]{0,38}[A-Za-z0-9])(?P=q)[ \t]*(?:#[^\n]*)?\r?$")
# Spark's and Hadoop's security manager log who may view or change a job ("Changing view acls to: dkrueger",
# "users with view permissions: Set(dkrueger, mlee)"): the logins listed, up to the line's ';'
_ACL_LOG = regex.compile(r"(?:acls(?:[ \t]+groups)?[ \t]+to|users[ \t]+with[ \t]+(?:view|modify)[ \t]+permissions)"
                         r"[ \t]*:[ \t]*(?:Set\()?(?P<v>[^;()\n]{1,2000})")
_ACL_ITEM = regex.compile(r"(?<![\w.@-])[A-Za-z][\w.-]{0,38}[A-Za-z0-9](?![\w.@-])")


# a login named by its noun in a sentence, no link word ("… and user jyilmaz, same result", "e l'utente piorag,
# stesso risultato"): a lower-case word no dictionary holds, then the sentence goes on with a comma, a stop or "and"
_USER_NAMED = regex.compile(
    r"(?i)(?<![\w-])(?:user|utente|benutzer|utilisateur|usuario|login)[^\S\n]+(?P<v>(?-i:[a-z][a-z0-9._-]{3,30}[a-z0-9]))"
    r"(?=[,;)]|\.(?:\s|$)|[^\S\n]+(?:and|e|und|et|y|with|con|mit|avec|too|anche|auch|aussi|también|as well)\b)")
# a JAAS login module's entry up to its ';' (Kafka's PlainLoginModule lists its accounts as user_<login>="password")
_JAAS_ENTRY = regex.compile(r"LoginModule[ \t]+(?:required|requisite|sufficient|optional)\b[^;]{0,8000};")
_JAAS_USER = regex.compile(r"(?<![\w-])user_(?P<v>[A-Za-z][\w.-]{0,38}[A-Za-z0-9])[ \t]*=[ \t]*\"(?P<p>(?:[^\"\\\n]|\\.){0,200})\"")
# a broker's or a servlet container's users file named on its own line (Artemis and ActiveMQ users.properties,
# Jetty's realm.properties: login = password; their roles or groups file: role = login, login), then its lines
_USERS_FILE = regex.compile(
    r"(?im)^(?:[ \t]*(?:\#|//|;|--|==>)[^\n]{0,120}?|[^\n]{0,80}?\b(?:cat|less|more|head|tail|bat|vi|vim|nano|type|"
    r"Get-Content)\b[^\n]{0,120}?|[^\n]{0,120}?)(?<![\w-])(?P<f>(?:artemis-|activemq-|login-)?(?P<kind>users|realm|roles|groups)"
    r"\.properties)\b[^\n]*\r?\n")
_PROPERTIES_LINE = regex.compile(r"(?P<k>[A-Za-z][\w.@-]{0,62}[A-Za-z0-9])[ \t]*[=:][ \t]*(?P<v>[^\s#][^\r\n]{0,300}?)[ \t]*\r?$")


# a login of an access list: a word of login characters between blanks or commas (not "@staff", "deploy@10.0.0.0/8")
_LIST_ITEM = regex.compile(r"(?<=[ \t,])[A-Za-z][\w.-]{0,38}[A-Za-z0-9](?=[ \t,\r]|$)")


# a dotted name of code after "the login is" ("config.auth.login_name", "auth.views.login"), an adjective of code
_CODE_NAME = regex.compile(r"[a-z_]+(?:\.[a-z_]+){2,}|[a-z]+-(?:safe|aware|based|free|only|like)")


# sshd's unknown account ("Invalid user X from", "Failed password for invalid user X from"): the word typed at the
# login prompt, which a person sometimes fills with their password
# sudo's log lines: "sudo:    ndo : TTY=pts/0 ; PWD=…" and pam's "session opened for user root(uid=0) by ndo(uid=1001)"
_SUDO_USER = regex.compile(r"(?<=\bsudo(?:\[\d+\])?:[ \t]{1,8})[A-Za-z_][\w.-]{0,31}(?=[ \t]+:[ \t]+(?:TTY|PWD|USER|COMMAND)=)"
                           r"|(?<=[ \t]by[ \t])[A-Za-z_][\w.-]{0,31}(?=\(uid=\d+\))")
# ("Connection closed by invalid user X 198.51.100.7 port 22 [preauth]", "input_userauth_request: invalid user X
# [preauth]")
_UNKNOWN_USER = regex.compile(r"(?<![\w-])(?:[Ii]nvalid|[Ii]llegal)[ ]user[ ](?P<v>\S{1,128})[ ]"
                              r"(?:from[ ]|(?=[0-9a-fA-F.:]{3,45}[ ]port[ ])|(?=\[preauth\]))")


# a credentials file printed (OpenVPN's auth-user-pass file, a credentials.txt): its path on a line, then the login
# and the password alone on the next two
_CREDENTIAL_FILE = regex.compile(
    r"(?i)(?:(?<=[/\s#$>])|^)(?:auth(?:[_-]user[_-]pass)?|credentials?|login|creds)(?:\.txt|\.conf)?[ \t]*(?:#[^\n]*)?\r?\n"
    r"[ \t]*(?P<u>[A-Za-z][\w.@-]{1,62}[\w])[ \t]*\r?\n[ \t]*(?P<p>[^\s]{6,128})[ \t]*(?=\r?\n|$)")


# words joined in lower case ("pkce-flow", "escritura_v2"): an option's name, not a password
# "… è dstavrou e la password è …": a password named right after the login (five languages) makes it one, whatever
# its shape
_PASSWORD_FOLLOWS = regex.compile(
    r"(?i)[^\S\n]*[,;]?[^\S\n]+(?:and|et|e|ed|y|und|,)[^\S\n]+(?:(?:the|my|le|mon|la|il|mi|das|mein|el|su|its)[^\S\n]+)?"
    r"(?:password|passwort|kennwort|mot[^\S\n]+de[^\S\n]+passe|mdp|contraseña|clave|pwd|passphrase)(?![\w-])")
_WORD_PAIR = regex.compile(r"[a-z]+(?:[-_][a-z0-9]+)+")


@functools.cache
def _pair() -> regex.Pattern[str]:
    words = sorted({w.lower() for w in vocabulary_words("cues", "credential_pair")}, key=lambda w: (-len(w), w))
    alternation = "|".join(regex.escape(w).replace("\\ ", " ").replace(" ", r"[ \t]+") for w in words)
    # the words, at most 60 characters of the same line, then "user / password" or "user:password" (the password
    # one word)
    return regex.compile(
        rf"(?i)(?<![\w-])(?:{alternation})(?![\w-])[^\n]{{0,60}}?(?<![\w.@+:/-])"
        rf"(?P<u>[A-Za-z][\w.+-]{{1,63}}(?:@[\w-]+(?:\.[\w-]+)+)?)(?:[ \t]+/[ \t]+|:(?![/\\])|(?:</code>|`)[ \t]+/[ \t]+(?:<code>|`))(?P<p>[^\s\"'`<]{{6,128}})")


def login_at(text: str, s: int, e: int, strict: bool = False) -> bool:
    """``text[s:e]`` reads as a login where a slot names one: no word of a language or of code, no service account,
    template, placeholder or product (``strict``: no capitalised word either, "log in as Maria" is the person rule's)."""
    value = text[s:e]
    if not login_word(value) or kept_by(text, s, e, _KEEPS) is not None:
        return False
    return not strict or not value.isalpha() or value.islower() or caps_login(value)


class LoginPhraseDetector:
    """Logins named by a sign-in phrase or printed by a command that prints the current user."""

    name = LOGIN_PHRASES
    produces = frozenset({"username", "secret"})

    def detect(self, text: str) -> list[Span]:
        """The logins of ``text``'s sign-in phrases and identity commands."""
        out: list[Span] = []
        for m in _phrase().finditer(text):
            s, e = m.span("v")
            if login_at(text, s, e, strict=True):
                out.append(Span(s, e, "username", f"{self.name}:sentence", 0.8))
        for m in _UNKNOWN_USER.finditer(text):  # the login slot of a failed sign-in holds whatever was typed there
            s, e = m.span("v")
            value = text[s:e]
            if regex.fullmatch(r"[A-Za-z0-9][\w.@-]*", value) is None:
                if len(value) >= 6 and kept_by(text, s, e, _SECRET_KEEPS) is None:
                    out.append(Span(s, e, "secret", f"{self.name}:typed-password", 0.8))  # a password typed as the login
            elif login_at(text, s, e, strict=False):
                out.append(Span(s, e, "username", f"{self.name}:sentence", 0.8))
        for m in _SUDO_USER.finditer(text):
            s, e = m.span()
            if login_at(text, s, e, strict=False):
                out.append(Span(s, e, "username", f"{self.name}:sentence", 0.8))
        for m in _login_noun().finditer(text):
            s, e = m.span("v")
            if ((_handle_shaped(text[s:e]) or _PASSWORD_FOLLOWS.match(text, e)) and login_at(text, s, e, strict=True)
                    and kept_by(text, s, e, ("is_code_identifier", "is_code_word", "is_path")) is None
                    and not _CODE_NAME.fullmatch(text[s:e])):
                out.append(Span(s, e, "username", f"{self.name}:sentence", 0.8))
        for m in _credential_of().finditer(text):
            s, e = m.span("v")
            if (_handle_shaped(text[s:e]) and _named_login(text[s:e]) and login_at(text, s, e, strict=True)
                    and kept_by(text, s, e, ("is_code_identifier", "is_code_word", "is_path")) is None):
                out.append(Span(s, e, "username", f"{self.name}:credential-of", 0.8))
        if "\": [" in text or "\":[" in text:
            for m in _PEOPLE_LIST.finditer(text):  # "reviewers": ["vaidehi-iyengar", "wobblyjelly"]
                for item in _QUOTED_ITEM.finditer(text, m.start("items"), m.end("items")):
                    s, e = item.span("v")
                    if login_at(text, s, e, strict=True):
                        out.append(Span(s, e, "username", f"{self.name}:people-list", 0.8))
        if _BY_HINT.search(text):
            for m in _BY_ASSIGN.finditer(text):  # last_run_by = jonasmuller, "booked_by": "erik_l34", Booked in by: fairba75
                s, e = m.span("v")
                if (by_key([w.lower() for w in identifier_words(m["k"])]) and named_login(text[s:e])
                        and kept_by(text, s, e, _KEEPS) is None):
                    out.append(Span(s, e, "username", f"{self.name}:done-by-key", 0.8))
            for m in _BY_PHRASE.finditer(text):  # "# maintained by ch1974 –", "gestito da lombardinid", "gepflegt von x"
                s, e = m.span("v")
                value = text[s:e]
                if (m["p"].lower() in word_set("rules", "by_people_words") and by_key([m["p"].lower(), m["by"].lower()])
                        and (named_login(value) or _INITIALS_YEAR.fullmatch(value) is not None
                             or ("_" in value or "." in value) and person_handle(value))
                        and kept_by(text, s, e, _KEEPS) is None):
                    out.append(Span(s, e, "username", f"{self.name}:done-by-phrase", 0.75))
        if "[" in text:
            for m in _PEOPLE_INLINE.finditer(text):  # users = ["smit.f", "nils80"], admins: [alice.k, bob77]
                # a workspace's members, an image's owners, a list's operators are crates, accounts and functions
                # as often as people: an item there must be made of a person's name
                for item in _INLINE_ITEM.finditer(text, m.start("items"), m.end("items")):
                    s, e = item.span("v")
                    if named_login(text[s:e]) and login_at(text, s, e, strict=True):
                        out.append(Span(s, e, "username", f"{self.name}:people-list", 0.8))
        for m in _my_account().finditer(text):
            s, e = m.span("v")
            if _handle_shaped(text[s:e]) and login_at(text, s, e, strict=True):
                out.append(Span(s, e, "username", f"{self.name}:sentence", 0.8))
        for m in _CREDENTIAL_FILE.finditer(text):
            us, ue = m.span("u")
            ps, pe = m.span("p")
            if (login_at(text, us, ue, strict=False) or "@" in text[us:ue]) and kept_by(text, ps, pe, _SECRET_KEEPS) is None \
                    and not text[ps:pe].startswith(("-", "#", "<", "[")):
                if "@" not in text[us:ue]:
                    out.append(Span(us, ue, "username", f"{self.name}:file", 0.8))
                out.append(Span(ps, pe, "secret", f"{self.name}:file", 0.8))
        for m in _pair().finditer(text):
            us, ue = m.span("u")
            ps, pe = m.span("p")
            while pe > ps and text[pe - 1] in ".,;:)":
                pe -= 1  # the sentence's full stop
            password = text[ps:pe]
            email = "@" in text[us:ue]
            if (pe - ps < 6 or "/" in password or _WORD_PAIR.fullmatch(password)
                    or not (email or login_at(text, us, ue, strict=False))
                    or not any(c.isdigit() or not c.isalnum() for c in password)
                    or kept_by(text, ps, pe, _SECRET_KEEPS) is not None):
                continue  # "the account page / settings menu": no login, no password
            if not email:
                out.append(Span(us, ue, "username", f"{self.name}:pair", 0.8))
            out.append(Span(ps, pe, "secret", f"{self.name}:pair", 0.8))
        for m in _command("login").finditer(text):
            s, e = m.span("v")
            if login_at(text, s, e, strict=False):
                out.append(Span(s, e, "username", f"{self.name}:command", 0.85))
        for m in _access_list().finditer(text):  # "Require user iolawale soikonomou", "AllowUsers a b"
            for w in _LIST_ITEM.finditer(text, m.start("v"), m.end("v")):
                s, e = w.span()
                if login_at(text, s, e, strict=False):
                    out.append(Span(s, e, "username", f"{self.name}:access-list", 0.8))
        if "acls" in text or "permissions:" in text:
            for m in _ACL_LOG.finditer(text):
                for w in _ACL_ITEM.finditer(text, m.start("v"), m.end("v")):
                    s, e = w.span()
                    if text[s:e] != "EMPTY" and login_at(text, s, e, strict=False):
                        out.append(Span(s, e, "username", f"{self.name}:access-list", 0.8))
        for m in _PEOPLE_KEY.finditer(text):
            out.extend(self._yaml_people(text, m))
        for m in _USER_NAMED.finditer(text):
            s, e = m.span("v")
            value = text[s:e].lower()
            if (login_at(text, s, e, strict=True) and (_handle_shaped(value) or made_from_name(value))
                    and value not in word_list("dictionary_words") and value.rstrip("s") not in word_list("dictionary_words")
                    and kept_by(text, s, e, ("is_code_identifier", "is_code_word", "is_path")) is None):
                out.append(Span(s, e, "username", f"{self.name}:sentence", 0.8))
        if "LoginModule" in text:
            for entry in _JAAS_ENTRY.finditer(text):
                for u in _JAAS_USER.finditer(text, entry.start(), entry.end()):
                    s, e = u.span("v")
                    if login_at(text, s, e, strict=False):
                        out.append(Span(s, e, "username", f"{self.name}:jaas", 0.85))
                    ps, pe = u.span("p")  # the account's password, whoever it is
                    if pe - ps >= 4 and kept_by(text, ps, pe, _SECRET_KEEPS) is None:
                        out.append(Span(ps, pe, "secret", f"{self.name}:jaas", 0.85))
        if ".properties" in text:
            done = 0  # a file's lines are read once, whatever headers follow inside them
            for m in _USERS_FILE.finditer(text):
                if m.start() < done:
                    continue
                found, done = self._properties_users(text, m)
                out.extend(found)
        for m in _command("logins").finditer(text):  # "$ users" / "ilundgren alundgren mgreco"
            for w in regex.finditer(r"\S+", m.group("v")):
                s, e = m.start("v") + w.start(), m.start("v") + w.end()
                if login_at(text, s, e, strict=False):
                    out.append(Span(s, e, "username", f"{self.name}:command", 0.85))
        for m in _command("primary_group").finditer(text):
            s, e = m.span("v")
            if text[s:e] not in _SYSTEM_GROUPS and login_at(text, s, e, strict=False):
                out.append(Span(s, e, "username", f"{self.name}:command", 0.8))
        for m in _command("secret").finditer(text):
            s, e = m.span("v")
            if kept_by(text, s, e, _SECRET_KEEPS) is None:
                out.append(Span(s, e, "secret", f"{self.name}:command", 0.85))
        return out

    def _properties_users(self, text: str, head: regex.Match[str]) -> tuple[list[Span], int]:
        """The lines of a users file after the line naming it, to a blank line or another file (at most 200): in a
        users or realm file each key is a login and its value the password (Jetty's ``password, role``); in a roles
        or groups file each value lists logins."""
        out: list[Span] = []
        users = head["kind"].lower() in ("users", "realm")
        pos = head.end()
        for _ in range(200):
            line_end = text.find("\n", pos)
            line_end = len(text) if line_end < 0 else line_end
            if text.startswith("#", pos) or text.startswith("!", pos):
                if _USERS_FILE.match(text, pos):
                    break
                pos = line_end + 1
                continue  # a comment in the file
            line = _PROPERTIES_LINE.fullmatch(text, pos, line_end)
            if line is None:
                break
            ks, ke = line.span("k")
            vs, ve = line.span("v")
            if users:
                # a property file's own keys are no logins (server.port, spring.application.name)
                if login_at(text, ks, ke, strict=False) and person_login(text[ks:ke]):
                    out.append(Span(ks, ke, "username", f"{self.name}:users-file", 0.8))
                    if "," in text[vs:ve]:
                        ve = text.index(",", vs, ve)  # Jetty's and Karaf's "password, role1, role2" / ",_g_:group"
                    value = text[vs:ve].strip()
                    if (len(value) >= 6 and not value.upper().startswith(("ENC(", "OBF:", "MD5:", "CRYPT:"))
                            and kept_by(text, vs, vs + len(value), _SECRET_KEEPS) is None):
                        out.append(Span(vs, vs + len(value), "secret", f"{self.name}:users-file", 0.8))
            else:
                for w in _ACL_ITEM.finditer(text, vs, ve):
                    s, e = w.span()
                    if login_at(text, s, e, strict=False):
                        out.append(Span(s, e, "username", f"{self.name}:users-file", 0.8))
            pos = line_end + 1
        return out, pos

    def _yaml_people(self, text: str, key: regex.Match[str]) -> list[Span]:
        """The logins of the block list under a YAML key naming people (at most 100 items, indented at least as the
        key; a line that is no scalar item ends it). A generic ``users:`` list must hold logins by their shape."""
        out: list[Span] = []
        pos, strict = key.end(), key["k"] == "users"
        for _ in range(100):
            line_end = text.find("\n", pos)
            line_end = len(text) if line_end < 0 else line_end
            item = _YAML_ITEM.fullmatch(text, pos, line_end)
            if item is None or len(item["ind"]) < len(key["ind"]):
                break
            s, e = item.span("v")
            if login_at(text, s, e, strict=strict) and (not strict or _handle_shaped(text[s:e])):
                out.append(Span(s, e, "username", f"{self.name}:people-list", 0.8))
            pos = line_end + 1
        return out
