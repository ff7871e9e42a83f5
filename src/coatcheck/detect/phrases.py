"""Secrets given in a sentence or on a command line without a key: ``the password is …``, ``das Passwort lautet
…``, ``le mot de passe est …``, ``here is the key: …``; ``sshpass -p …``, ``redis-cli -a …``, ``rabbitmqctl
add_user USER PASS``.

Whatever the value looks like, the phrase or the option says what it is (issue 24: "the slot decides"). The words are
data: nouns, links and the words that say something *about* a password ("the password is wrong") in
``data/vocab/credentials.toml``, the programs and their credential options in ``data/cli_credentials.toml``.
A value must be 6 characters or more; a plain word passes only after a password noun, and never a word of the
language; placeholders, templates and documented examples stay (the keep filters every value detector uses).
"""

from __future__ import annotations

import functools
import re
from typing import Any
import shlex

import ahocorasick
import regex

from .._data import data_path, load_toml, word_list
from ..spans import Span
from .keep import kept_by
from .vocabulary import all_plain_words, credential_words, is_credential_key, phrase_alternation, vocabulary_words

# in a sentence or after a program's credential option a dotted word is a passphrase, not an attribute of some object
_SENTENCE_KEEPS = ("is_templated", "is_placeholder_value", "is_documented_example", "is_path")
_MIN_LEN = 6
_TRAILING = ".,;:!?)]}>\"'`"
# words after a credential noun that make the label about passwords in general ("password hashing: argon2id")
_ABOUT_PASSWORDS = frozenset(("hashing", "hash", "hashes", "hashed", "encryption", "algorithm", "storage", "manager",
                              "requirements", "complexity", "generator", "strength", "field", "prompt", "reset",
                              # a public key's label: "la deploy key c'est la partie publique : ssh-ed25519 …"
                              "public", "publique", "pubblica", "pubblico", "öffentliche", "öffentlicher", "pública",
                              "público"))
_PASSWORD_NOUNS = ("pass", "kennwort", "contraseña", "pin", "parola", "secret", "geheim", "code")


@functools.cache
def _phrase() -> regex.Pattern[str]:
    nouns = phrase_alternation(vocabulary_words("credentials", "phrase_nouns"))
    links = phrase_alternation(vocabulary_words("credentials", "phrase_links"))
    leads = phrase_alternation(vocabulary_words("credentials", "phrase_leads"))
    # "the password is …" (a noun, a link word, the value) or "here is the key: …" (a lead, the noun, the value); a
    # bare "password: …" or "password = …" is an assignment, which the context detector reads with its own rules
    # only the nouns of passwords proper: "secret db-credentials" (kubectl) and "code 5-A" name other things
    passwords = phrase_alternation(tuple(n for n in vocabulary_words("credentials", "phrase_nouns")
                             if any(p in n.lower() for p in ("pass", "kennwort", "contraseña", "parola"))))
    spaced = phrase_alternation(tuple(n for n in vocabulary_words("credentials", "phrase_nouns")
                                      if regex.search(r"[ '’]", n) and any(
                                          p in n.lower() for p in ("pass", "kennwort", "contraseña", "parola"))))
    words = phrase_alternation(tuple(_WORD_SECRETS))
    keys = phrase_alternation(_KEY_NOUNS)
    return regex.compile(
        rf"(?i)(?:(?<![\w-])(?P<noun>{nouns})(?![\w-])[^\S\n]*(?:\([^)\n]{{0,30}}\)[^\S\n]*)?"
        rf"(?:{links})(?![\w-])[^\S\n]*[:=]?"
        # "here is the key: …", "Hier ist der Token für die Mail-API: …" (the lead, the noun, a few words, a colon)
        rf"|(?<![\w-])(?:{leads})[^\S\n]+(?P<noun2>{nouns})(?![\w-])"
        rf"(?:(?P<qualifiers2>(?:[^\S\n]+[\p{{L}}'’-]+){{1,6}}?)[^\S\n]*(?=:))?[^\S\n]*[:=]?"
        rf"(?![^\S\n]*(?:{links})(?![\w-]))"  # "new password is …": the link form reads it
        # "Password temporanea: …", "contraseña de la base de datos: …": a label of a few words and a colon
        rf"|(?<![\w-])(?P<noun3>{nouns})(?P<qualifiers>(?:[^\S\n]+[\p{{L}}'’-]+){{1,8}}?)[^\S\n]*:"
        # "Mot de passe: …", "Parola d'ordine: …": a password's noun of several words and a bare colon (a key of one
        # word, "Password: …", is an assignment the context detector reads; a key has no blanks)
        rf"|(?<![\w-])(?P<noun7>{spaced})(?![\w-])[^\S\n]*:"
        # "passphrase coffee_kangaroo_…", "Passwort 8orQX^@DCm": a password noun and a value with a digit, a symbol
        # or joined words right after it
        rf"|(?<![\w-])(?P<noun4>{passwords})(?![\w-])(?=[^\S\n]+[^\s\"'`]*[\d_.!@#$%^&*~+=-])"
        # "memorable word: periwinkle": a secret that is a word by design, after a bare colon
        rf"|(?<![\w-])(?P<noun5>{words})(?![\w-])[^\S\n]*[:=]"
        # "done, api key 8ccf9a24…": a key's or a token's two-word noun, then a long random value right after it
        # (no UUID, no identifier of words joined by "_", no digest's name; a hex run only where the sentence ends with
        # it, as a commit's SHA does not: "the api key a3f5c9e2… commit broke CI")
        rf"|(?<![\w-])(?P<noun6>{keys})(?![\w-])(?=[^\S\n]+(?![0-9a-fA-F]{{8}}-[0-9a-fA-F]{{4}}-)(?!sha\d+-)"
        rf"(?-i:(?=[A-Za-z-]*\d)(?=\d*[A-Za-z])(?=[0-9a-f-]*[g-zA-Z])[A-Za-z0-9-]{{20,}}(?![\w.-])"
        rf"|[0-9a-f]{{32,64}}(?![\w.-])(?![^\S\n]+\p{{L}}))))"
        rf"[^\S\n]*[\"'`«„“]?[^\S\n]*(?P<value>[^\s\"'`«»“”„]+)")


# a value of one word, at most 128 characters, read possessively: each attempt costs a constant
_VALUE = r"""["'`«„“]?(?P<value>[^\s"'`«»“”„]{6,128}+)(?![^\s"'`«»“”„])"""
_FIRST = regex.compile(r"""[^\s"'`«»“”„]{6,128}$""")


@functools.cache
def _loose_phrases() -> tuple[regex.Pattern[str], regex.Pattern[str], regex.Pattern[str]]:
    """The forms whose words also join other things, so that their value needs a shape (:func:`_shaped`), each with
    a password's own noun only (a key, a token or a PIN is named so in too many sentences about code): a weak link
    ("le mot de passe à …", "reset the password to …"), a label of a few words and a strong link ("pw for the
    staging box is …"), auxiliaries and a participle of setting ("the password was reset to …"), the value first ("save … as the queue password", "… comme mot de passe": found from "as"
    and read back); and the sign-in phrases ("log in with …", "melde dich mit … an"), which hold no noun."""
    nouns = phrase_alternation(tuple(n for n in vocabulary_words("credentials", "phrase_nouns")
                         if any(p in n.lower() for p in ("pass", "kennwort", "contraseña", "parola")) or n == "pw"))
    weak = phrase_alternation(vocabulary_words("credentials", "phrase_weak_links"))
    strong = phrase_alternation(vocabulary_words("credentials", "phrase_strong_links"))
    as_words = phrase_alternation(vocabulary_words("credentials", "phrase_as"))
    login = phrase_alternation(vocabulary_words("credentials", "phrase_login"))
    adverbs = phrase_alternation(vocabulary_words("credentials", "phrase_adverbs"))
    with_noun = regex.compile(
        rf"(?i)(?<![\w-])(?:{nouns})(?![\w-])"
        # a label of a few words (an account's address among them) and a strong link, an adverb after it
        rf"(?:[^\S\n]+(?:{weak})|(?:[^\S\n]+(?:[\p{{L}}'’-]+|[\w.+-]{{1,64}}+@[\w-]{{1,63}}+(?:\.[\w-]{{1,63}}+){{1,8}}+)){{1,5}}?[^\S\n]+(?:{strong})"
        rf"(?:[^\S\n]+(?:{adverbs})(?![\w-]))?"
        # "was set to", "è stata cambiata in", "wurde zurückgesetzt auf": auxiliaries, a participle, its preposition
        rf"|[^\S\n]+{change_link()})"
        rf"(?![\w-])[^\S\n]*:?[^\S\n]*{_VALUE}")
    value_first = regex.compile(
        rf"(?i)(?<=[^\s\"'`«»“”„])[\"'`»”]?[^\S\n]+(?:{as_words})[^\S\n]+(?:[\p{{L}}'’-]+[^\S\n]+){{0,2}}?(?:{nouns})(?![\w-])")
    sign_in = regex.compile(rf"(?i)(?<![\w-])(?:{login})[^\S\n]+{_VALUE}")
    return with_noun, value_first, sign_in


@functools.cache
def change_link() -> str:
    """The words that say a credential was set to a value, as a pattern fragment (no group, no blank before it):
    auxiliaries, a participle of setting and its preposition ("was set to", "è stata cambiata in", "wurde
    zurückgesetzt auf"; ``[phrase_change_*]`` of data/vocab/credentials.toml)."""
    aux = phrase_alternation(vocabulary_words("credentials", "phrase_change_aux"))
    verbs = phrase_alternation(vocabulary_words("credentials", "phrase_change_verbs"))
    preps = phrase_alternation(vocabulary_words("credentials", "phrase_change_preps"))
    return rf"(?:(?:{aux})(?![\w-])[^\S\n]+){{0,3}}(?:{verbs})[^\S\n]+(?:{preps})"


# the nouns of secrets that are words by design (a bank's memorable word, a security question's answer)
_WORD_SECRETS = frozenset({"memorable word", "memorable information", "memorable answer", "security answer",
                           "secret answer"})
# the two-word nouns of keys and tokens after which a long random value is one, with no link word between
_KEY_NOUNS = ("api key", "api token", "access key", "access token", "auth token", "secret key", "client secret",
              "bearer token", "refresh token", "app secret", "webhook secret", "signing secret")
# a Windows variable (%DB_PASS%), a printf or Python field (%s, %(password)s): a "%" that opens a template
_PERCENT_TEMPLATE = regex.compile(r"%(?:\w+%|\(\w+\)[sdr]|[-#0-9.]*[sdifxXr](?![A-Za-z]))")


# what a sentence about passwords changes them to when it is no password: a hashing scheme or a file
_ALGORITHM_OR_FILE = regex.compile(r"(?i)(?:argon2(?:id|i|d)?|bcrypt\w{0,4}|scrypt|pbkdf2[\w-]{0,12}|sha-?\d{1,3}(?:-\d+)?|md5|"
                                   r"blake2\w?|yescrypt)|[\w.-]+\.(?:tsx?|jsx?|py|rb|go|java|kt|cs|php|json|ya?ml|toml|md|txt|html?|css|sh)")


_ADDRESS = regex.compile(r"(?:\d{1,3}\.){3}\d{1,3}(?::\d{1,5})?|\[?[0-9a-fA-F:]*::[0-9a-fA-F:]*\]?(?::\d{1,5})?")


def _opens_template(value: str) -> bool:
    """``${DB_PASSWORD}``, ``<your-password>``, ``{{ token }}``, ``%DB_PASS%``, ``(…)``: a reference, not the value
    (a password that begins with "%" and is no template, ``%Mo:gWFp…``, is one)."""
    if value[:1] == "%":
        return _PERCENT_TEMPLATE.match(value) is not None
    return value[:1] in "$<{[(])"


def _shaped(value: str) -> bool:
    """A value the loose forms accept: a digit or a sign in it (not "_", "=" or "(": an identifier, a setting, a
    call), or three capitalised words joined that no dictionary holds (``TambourGaletPhare``, not ``GitHubEnterprise``)."""
    if any(c in "=(" for c in value):
        return False
    if any(c.isdigit() for c in value) or any(not c.isalnum() and c != "_" for c in value):
        return True
    parts = regex.findall(r"\p{Lu}\p{Ll}+", value)
    dictionary = word_list("dictionary_words")
    return len(parts) >= 3 and "".join(parts) == value and not any(p.lower() in dictionary for p in parts)


@functools.cache
def _nouns() -> ahocorasick.Automaton:
    """Every word of every credential noun, lower case (a line without one holds no phrase)."""
    automaton = ahocorasick.Automaton()
    for noun in vocabulary_words("credentials", "phrase_nouns"):
        for word in regex.split(r"[\s'-]+", noun.lower()):
            if len(word) >= 3 or word == "pw":  # not "de" of "mot de passe": every line would be read
                automaton.add_word(word, word)
    automaton.make_automaton()
    return automaton


@functools.cache
def cli_credentials() -> dict[str, Any]:
    """data/cli_credentials.toml, read once: programs and their credential options, stdin readers, config setters."""
    return load_toml(data_path("cli_credentials.toml"))


def _password_value(text: str, a: int, b: int, shortest: int) -> bool:
    """Whether ``text[a:b]``, given where a password goes, is one: long enough, not a variable, template, command
    substitution or run of stars, no dotted attribute a sentence keeps."""
    value = text[a:b]
    return (len(value) >= shortest and not value.startswith(("$", "<", "{", "%", "`")) and set(value) != {"*"}
            and kept_by(text, a, b, _SENTENCE_KEEPS) is None)


@functools.cache
def _cli() -> tuple[regex.Pattern[str] | None, dict[str, dict[str, object]]]:
    table = cli_credentials()["programs"]
    names = "|".join(regex.escape(p) for p in sorted(table, key=len, reverse=True) if not table[p].get("any_case"))
    # IRC services are written in any case (NickServ, nickserv)
    any_case = "|".join(regex.escape(p) for p in sorted(table, key=len, reverse=True) if table[p].get("any_case"))
    if any_case:
        names = f"{names}|(?i:{any_case})" if names else f"(?i:{any_case})"
    # a program run from the working folder (./codecov) too
    # a folder of the same name (C:\\Program Files\\Unity\\Hub) is no program: the name ends its path
    pattern = regex.compile(rf"(?<![\w./-])(?:\./)?(?P<prog>{names})(?:\.exe)?(?![\w\\/-])") if names else None
    return pattern, table


class CredentialPhraseDetector:
    """Values a sentence or a program's option names as a credential."""

    name = "phrases"
    produces = frozenset({"secret"})

    def detect(self, text: str) -> list[Span]:
        out: list[Span] = []
        pattern = _phrase()
        done = -1
        # only lines holding a credential noun are read with the phrase pattern (one C-speed scan for the nouns)
        for end, _ in _nouns().iter(text.lower()):
            if end < done:
                continue
            ls = text.rfind("\n", 0, end) + 1
            le = text.find("\n", end)
            done = le = len(text) if le < 0 else le
            out += [s for m in pattern.finditer(text, ls, le) if (s := self._phrase_value(text, m)) is not None]
            with_noun, value_first, _ = _loose_phrases()
            out += [s for m in with_noun.finditer(text, ls, le) if (s := self._loose_value(text, *m.span("value")))]
            for m in value_first.finditer(text, ls, le):  # the value is the word that ends where "as …" begins
                first = _FIRST.search(text, max(ls, m.start() - 128), m.start())
                if first is not None and (s := self._loose_value(text, first.start(), m.start())):
                    out.append(s)
        out += [s for m in _loose_phrases()[2].finditer(text) if (s := self._loose_value(text, *m.span("value")))]
        out += self._cli_values(text)
        out += _stdin_values(text)
        out += _wifi_values(text)
        out += _config_set_values(text)
        return out

    @staticmethod
    def _loose_value(text: str, s: int, e: int) -> Span | None:
        value = text[s:e]
        if value[:1] in "\"'`«„“":
            s, value = s + 1, value[1:]
        while value and value[-1] in _TRAILING:
            value = value[:-1]
        e = s + len(value)
        if (len(value) < _MIN_LEN or not _shaped(value) or _opens_template(value) or "://" in value
                or _ALGORITHM_OR_FILE.fullmatch(value) or "@" in value[1:]
                and "." in value.rsplit("@", 1)[-1] or value.lower() in credential_words("phrase_not_values")
                or kept_by(text, s, e, _SENTENCE_KEEPS) is not None):
            return None  # an address, a template or a word about passwords is no password
        return Span(s, e, "secret", "phrases:loose", 0.7)

    def _phrase_value(self, text: str, m: regex.Match[str]) -> Span | None:
        s, e = m.span("value")
        value = text[s:e]
        if _opens_template(value) or "://" in value or kept_by(text, s, e, _SENTENCE_KEEPS) is not None:
            return None  # ${DB_PASSWORD}, <your-password>, {{ token }}: a template, not the value
        while value and value[-1] in _TRAILING:
            value = value[:-1]
        e = s + len(value)
        noun = (m.group("noun") or m.group("noun2") or m.group("noun3") or m.group("noun4") or m.group("noun5")
                or m.group("noun6") or m.group("noun7") or "").lower()
        if len(value) < _MIN_LEN or value.lower() in credential_words("phrase_not_values"):
            return None
        if _ADDRESS.fullmatch(value):
            return None  # "radtest testing password 127.0.0.1": the word after the password is a server's address
        if m.group("qualifiers2") and not any(c.isdigit() for c in value):
            return None  # "here is the key difference: Promise.allSettled …": a word about something, not a key
        qualifiers = m.group("qualifiers") or m.group("qualifiers2")
        if qualifiers and any(w in credential_words("not_a_value") or w in _ABOUT_PASSWORDS
                              for w in qualifiers.lower().split()):
            return None  # "password hashing: bcrypt-12", "password policy: …": about passwords, not one
        letters_only = value.isalpha()
        random_letters = len(value) >= 12 and not (value.islower() or value.isupper() or value.istitle())
        if letters_only and noun in _WORD_SECRETS and len(value) >= 4:
            return Span(s, e, "secret", "phrases:sentence", 0.75)  # "memorable word: periwinkle": the secret is a word
        if letters_only and (all_plain_words([value.lower()])
                             or not any(n in noun for n in _PASSWORD_NOUNS) and not random_letters):
            return None  # "the key is important": a word, not a key
        if not letters_only and not any(c.isdigit() for c in value) and value.islower() and "_" not in value \
                and "." not in value and "-" not in value:
            return None
        if kept_by(text, s, e, _SENTENCE_KEEPS) is not None:
            return None
        return Span(s, e, "secret", "phrases:sentence", 0.75)

    def _cli_values(self, text: str) -> list[Span]:
        pattern, table = _cli()
        if pattern is None:
            return []
        out: list[Span] = []
        read_to = -1  # the end of the last command read: a program's name inside it is one of its arguments
        for m in pattern.finditer(text):
            if m.start() < read_to:
                continue
            line_end = text.find("\n", m.end())
            line_end = len(text) if line_end < 0 else line_end
            stop = _COMMAND_END.search(text, m.end(), line_end)
            read_to = stop.start() if stop else line_end
            spec = table[m.group("prog").lower()]
            start, quote = m.end(), text[m.end():m.end() + 1]
            words = _argv(text, start, line_end) if quote in ("\"", "'") else None
            if words is None and quote in ("\"", "'") and text.count(quote, text.rfind("\n", 0, start) + 1, start) % 2:
                start += 1  # "C:\Program Files\Unity\Editor\Unity.exe" -serial …: the quote closes the program's path
            out += _cli_spans(text, start, line_end, spec, words)
        return out


_COMMAND_END = regex.compile(r"[|;&]")
# a program run at the start of a command: the line's start, a prompt's sign, sudo, a pipe or a list before its name
# (searched on the line before the name, which ends the search)
_COMMAND_START = regex.compile(r"(?m)(?:^|[$#%>❯➜»|;&`(]|\bsudo)[ \t]*+(?:\./)?[\w.-]+(?:\.exe)?[ \t]*+$")
# a shell word: quoted, an option glued to one quoted part (-p'secret', /p:"x", --pw='x'), bare; or a separator
_WORD = re.compile(r"""'[^']*'|"(?:[^"\\]|\\.)*"|(?:-{1,2}[\w-]+=?|/\w+:)(?:'[^'\n]*'|"(?:[^"\\\n]|\\.)*")"""
                   r"""|[^\s'"|;&]+|[|;&]""")
_REDIRECT = regex.compile(r"\d?[<>]")
# the items of an argument vector after its program's: ["sshpass", "-p", "…"] (strace, exec-form CMD, JSON),
# a0="curl" a1="-u" a2="…" (auditd EXECVE records)
_ARGV_ITEM = re.compile(r"""[ \t]*,?[ \t]*(?:a\d+=)?(["'])((?:\\.|(?!\1)[^\\\n])*)\1""")


def _argv(text: str, start: int, end: int) -> list[tuple[int, int, str]] | None:
    """The words of an argument vector whose program's item closes at ``start``; None when the program's name was
    not an item of one (a quoted command line: its words are read the shell's way)."""
    pos, out = start + 1, []
    while (m := _ARGV_ITEM.match(text, pos, end)) is not None:
        out.append((m.start(2), m.end(2), m.group(2)))
        pos = m.end()
    return out or None


def _tokens(text: str, start: int, end: int) -> list[tuple[int, int, str]]:
    """``(start, end, value)`` of each shell word from ``start`` to the end of the command (``|``, ``;``, ``&&``)."""
    out: list[tuple[int, int, str]] = []
    for m in _WORD.finditer(text[start:end]):
        word = m.group()
        if word in ("|", ";", "&"):
            break
        a, b = start + m.start(), start + m.end()
        if word[:1] in "'\"" and len(word) >= 2:
            try:
                value = shlex.split(word)[0]
            except ValueError:
                value = word
            out.append((a + 1, b - 1, value))
        else:
            out.append((a, b, word))
    return out


def _list(value: object) -> list[object]:
    return list(value) if isinstance(value, (list, tuple)) else []


def _cli_spans(text: str, start: int, end: int, spec: dict[str, object],
               words: list[tuple[int, int, str]] | None = None) -> list[Span]:
    if words is None:
        words = _tokens(text, start, end)
    options = {str(o) for o in _list(spec.get("options"))}
    attached = {str(o) for o in _list(spec.get("attached"))}
    positional = spec.get("positional", {})
    out: list[Span] = []

    defaults = {str(v) for v in _list(spec.get("defaults"))}

    def add(a: int, b: int, value: str) -> None:
        if len(value) >= 2 and value[0] in "'\"" and value[-1] == value[0] and b - a == len(value):
            a, b, value = a + 1, b - 1, value[1:-1]  # -p'secret', /p:"secret", --password='x': the quotes are the shell's
        prefix = str(spec.get("value_prefix", ""))
        if prefix and value.startswith(prefix):
            a, value = a + len(prefix), value[len(prefix):]
        if value in defaults:
            return  # a program's documented default (SNMP's community "public"): everyone's, no secret
        if _password_value(text, a, b, 4):
            out.append(Span(a, b, "secret", "phrases:cli", 0.8))

    valued = {str(o) for o in _list(spec.get("takes_value"))}  # options whose next word is theirs (htpasswd -C 12)
    switch = str(spec.get("switch", "-"))  # Windows programs' options start with "/" (net use … /user:x)
    # a redirection (>nul, 2>&1, <in.txt) is the shell's, no argument
    plain = [w for i, w in enumerate(words) if not w[2].startswith(("-", switch)) and not (i and words[i - 1][2] in valued)
             and not _REDIRECT.match(w[2])]
    needed = spec.get("subcommand")
    if isinstance(needed, str) and (not plain or plain[0][2] != needed):
        return out
    if isinstance(positional, dict):
        for sub, index in positional.items():
            if plain and plain[0][2] == sub and len(plain) > int(index):
                a, b, value = plain[int(index)]
                add(a, b, value)
    last_after = {str(v) for v in _list(spec.get("last_after"))}  # IDENTIFY [account] password: the last word
    if plain and last_after:
        first = plain[0][2].lower().lstrip(":")  # PRIVMSG NickServ :IDENTIFY …
        two = f"{first} {plain[1][2].lower()}" if len(plain) > 1 else ""
        if first in last_after and len(plain) > 1 or two in last_after and len(plain) > 2:
            add(*plain[-1])
    # mkpasswd PASSWORD, wpa_passphrase SSID PASSPHRASE; nmcli … password PASS: only where the program is run (a
    # sentence about it, "mkpasswd generates hashes", gives no argument), and not where an option selects a field
    command = _COMMAND_START.search(text, text.rfind("\n", 0, start) + 1, start) is not None
    argument = spec.get("argument")
    if command and isinstance(argument, int) and len(plain) > argument:
        add(*plain[argument])
    after_word = {str(v) for v in _list(spec.get("after_word"))}
    for i, item in enumerate(plain[:-1] if command and not any(w[2] in ("-g", "--get-values") for w in words) else []):
        if item[2] in after_word:
            add(*plain[i + 1])
    share = spec.get("share_password")  # net use [Z:] \\host\share PASSWORD /user:…: the word after the share
    if isinstance(share, str) and plain and plain[0][2].lower() == share:
        at = next((i for i, w in enumerate(plain) if text.startswith("\\\\", w[0])), None)  # as written, quoted or not
        if at is not None and at + 1 < len(plain) and plain[at + 1][2] != "*":
            add(*plain[at + 1])
    batch = spec.get("batch")  # htpasswd -b FILE USER PASSWORD (-nb USER PASSWORD): a flag letter moves it in
    if isinstance(batch, dict):
        letters = "".join(w[2][1:] for w in words if w[2].startswith("-") and not w[2].startswith("--"))
        if str(batch["flag"]) in letters:
            index = int(batch["index"]) - (1 if str(batch.get("no_file", "")) and str(batch["no_file"]) in letters else 0)
            if len(plain) > index:
                add(*plain[index])
    user_pass = spec.get("user_pass")  # -u user:password (curl), -u user,password (lftp), -U user%password (smbclient)
    if isinstance(user_pass, dict):
        for i, (ua, ub, uv) in enumerate(words):
            name, eq, inline = uv.partition("=")
            sep = user_pass.get(name)
            glued = next((o for o in user_pass if len(o) == 2 and uv.startswith(o) and len(uv) > 2), None)
            if not isinstance(sep, str) and glued is not None and isinstance(user_pass[glued], str):
                sep, ua, uv = str(user_pass[glued]), ua + 2, uv[2:]  # curl -ubob:password
                if sep in uv:
                    add(ua + uv.index(sep) + 1, ub, uv[uv.index(sep) + 1:])
                continue
            if not isinstance(sep, str):
                continue
            if eq:
                ua, uv = ua + len(name) + 1, inline
            elif i + 1 < len(words):
                ua, ub, uv = words[i + 1]
            else:
                continue
            if sep in uv:
                cut = uv.index(sep) + 1
                add(ua + cut, ub, uv[cut:])
    for i, (a, b, w) in enumerate(words):
        name, eq, inline = w.partition("=")
        if name in options:
            if eq:
                add(a + len(name) + 1, b, inline)
            elif i + 1 < len(words):
                add(*words[i + 1])
        elif w[-1:] in "'\"" and (glued := next((o for o in options if w.startswith(o) and w[len(o):len(o) + 1] in "'\""),
                                               None)) is not None:
            add(a + len(glued), b, w[len(glued):])  # sshpass -p'secret': the shell joins the option and its quoted value
        for flag in attached:
            if w.startswith(flag) and len(w) > len(flag) and w not in options:
                add(a + len(flag), b, w[len(flag):])
    return out


@functools.cache
def _stdin_table() -> tuple[regex.Pattern[str], dict[str, dict[str, object]]]:
    table: dict[str, dict[str, object]] = cli_credentials()["stdin"]
    names = "|".join(regex.escape(p) for p in sorted(table, key=len, reverse=True))
    word = r"""(?:'[^'\n]*'|"(?:[^"\\\n]|\\.)*"|[^\s'"|;&<>]+)"""
    # echo [-n] VALUE | [sudo [-opts]] PROGRAM ARGS; printf FORMAT VALUE | …; PROGRAM ARGS <<< VALUE
    pattern = regex.compile(
        rf"(?<![\w-])(?:(?:echo(?:[ \t]+-[neE]{{1,3}})?|printf(?:[ \t]+(?P<fmt>{word}))?)[ \t]+(?P<v>{word})[ \t]*\|[ \t]*"
        rf"(?:sudo(?:[ \t]+-[A-Za-z]+)*[ \t]+)?(?P<prog>{names})(?![\w-])(?P<args>[^\n|;&]*)"
        rf"|(?P<prog2>{names})(?![\w-])(?P<args2>[^\n|;&<]*)<<<[ \t]*(?P<v2>{word}))")
    return pattern, table


def _stdin_values(text: str) -> list[Span]:
    """A password handed to a program on its standard input: ``echo 'pw' | sudo -S …``, ``echo "u:pw" | chpasswd``,
    ``docker login -u x --password-stdin <<< "pw"``: the echoed word is the password when the program reads one there."""
    if "|" not in text and "<<<" not in text:
        return []
    pattern, table = _stdin_table()
    out: list[Span] = []
    for m in pattern.finditer(text):
        prog, args, group = (m.group("prog"), m.group("args"), "v") if m.group("prog") else (m.group("prog2"), m.group("args2"), "v2")
        if group == "v" and m.group("fmt") is not None and "%" not in m.group("fmt"):
            continue  # printf VALUE: the format is the value, no argument after it is read
        spec = table[prog]
        words = args.split()
        if prog == "sudo":  # sudo's own options only: "sudo -u postgres psql -S" gives psql its -S, not sudo
            own: list[str] = []
            for i, w in enumerate(words):
                if not w.startswith("-") and not (i and words[i - 1] in ("-u", "-g", "-h", "-p", "-C", "-r", "-t")):
                    break
                own.append(w)
            words = own
        flags = [str(f) for f in _list(spec.get("flags"))]
        if not any(f == "" or f in words or f.startswith("--") and any(w.startswith(f + "=") for w in words)
                   or len(f) == 2 and f[0] == "-" and f[1] != "-" and any(w.startswith("-") and not w.startswith("--")
                                                                           and f[1] in w[1:] for w in words)
                   for f in flags):
            continue
        a, b = m.span(group)
        value = text[a:b]
        if value[:1] in "'\"" and len(value) >= 2 and value[-1] == value[0]:
            a, b = a + 1, b - 1
        if value[:1] not in "'\"":  # a bare word: \n and the shell's escapes end it
            while b > a and text[b - 1] in ";":
                b -= 1
        if text.startswith("\\n", b - 2) and b - 2 > a:
            b -= 2  # echo -e 'pw\n'
        sep = spec.get("user_pass")
        if isinstance(sep, str) and sep in text[a:b]:
            a = text.index(sep, a, b) + 1
        if _password_value(text, a, b, 4):
            out.append(Span(a, b, "secret", "phrases:stdin", 0.8))
    return out


@functools.cache
def _config_set() -> regex.Pattern[str]:
    verbs = [str(v) for v in cli_credentials()["config_set"]["verbs"]]
    alternation = "|".join(r"[ \t]+".join(regex.escape(w) for w in v.split()) for v in sorted(verbs, key=len, reverse=True))
    return regex.compile(rf"(?<![\w./-])[\w.-]+[ \t]+(?:{alternation})[ \t]+(?P<key>[^\s=]{{2,120}})[ \t]+"
                         rf"(?P<v>'[^'\n]*'|\"[^\"\n]*\"|[^\s'\"|;&]+)(?:[ \t]++--?[\w-]++(?:[ =][\w.-]++)?)*+[ \t]*+\r?"
                         rf"(?=$|[\n|;&#])", regex.MULTILINE)


_PUBLIC_SETTING = regex.compile(r"(?i)(?:signingkey|keyid|key_id|keyfile|key_file|keypath|key_path|account|helper)$")


def _config_set_values(text: str) -> list[Span]:
    """``yarn config set npmAuthToken VALUE``, ``aws configure set aws_secret_access_key VALUE``, ``pulumi config set
    --secret dbPassword VALUE``: a tool's setting named for a credential, given its value on the command line."""
    if "config" not in text:
        return []
    out: list[Span] = []
    for m in _config_set().finditer(text):
        key = m.group("key").rsplit(".", 1)[-1].rsplit("/", 1)[-1].rsplit(":", 1)[-1].lstrip("_")
        if not is_credential_key(key) or _PUBLIC_SETTING.search(key) or "@" in m.group("v"):
            continue  # user.signingKey (a key's id), an account's address: public values
        a, b = m.span("v")
        if text[a] in "'\"":
            a, b = a + 1, b - 1
        if _password_value(text, a, b, 6):
            out.append(Span(a, b, "secret", "phrases:config-set", 0.8))
    return out


# a code's dotted name (cfg.wifi_key_material) or an error code (0x8004005E, 80070005), not a passphrase
_DOTTED_NAME = regex.compile(r"[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+")
_HEX_CODE = regex.compile(r"(?:0x)?[0-9A-Fa-f]{8}")
_CODE_ROOTS = frozenset({"cfg", "conf", "config", "settings", "self", "this", "os", "env", "secrets", "params", "args",
                         "opts", "options", "creds", "wifi", "wlan", "net", "network"})


@functools.cache
def _wifi() -> tuple[regex.Pattern[str], regex.Pattern[str]]:
    cues = phrase_alternation(vocabulary_words("credentials", "wifi_cues"))
    keys = phrase_alternation(vocabulary_words("credentials", "wifi_keys"))
    links = phrase_alternation(vocabulary_words("credentials", "phrase_links"))
    cue = regex.compile(rf"(?i)(?<![\w-])(?:{cues})(?![\w-])")
    value = regex.compile(
        rf"(?i)(?<![\w-])(?:{keys})(?![\w-])[^\S\n]*(?:[:=]|(?<=\s)(?:{links})(?![\w-])[^\S\n]*:?)[^\S\n]*"
        r"[\"'«“„`]?[^\S\n]*(?P<value>[^\s\"'«»“”„`]{8,63})")
    return cue, value


def _wifi_values(text: str) -> list[Span]:
    """A wireless network's passphrase in a sentence that names the network: "Wi-Fi invités « Atelier », clé :
    …", "Gäste-WLAN "Nordlicht", Schlüssel: …", "guest Wi-Fi password is …" (8 to 63 characters, as WPA wants)."""
    cue, value = _wifi()
    out: list[Span] = []
    done = -1
    for c in cue.finditer(text):
        if c.start() < done:
            continue
        le = text.find("\n", c.end())
        done = le = len(text) if le < 0 else le
        for m in value.finditer(text, c.end(), le):
            s, e = m.span("value")
            while e > s and text[e - 1] in _TRAILING:
                e -= 1
            v = text[s:e]
            if (len(v) >= 8 and not all_plain_words([v.lower()]) and not _opens_template(v) and "://" not in v
                    and not (_DOTTED_NAME.fullmatch(v) and v.split(".", 1)[0].lower() in _CODE_ROOTS)
                    and not _HEX_CODE.fullmatch(v)
                    and kept_by(text, s, e, _SENTENCE_KEEPS) is None):
                out.append(Span(s, e, "secret", "phrases:wifi", 0.8))
    return out
