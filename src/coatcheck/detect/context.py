"""Credentials assigned to credential-named keys, in every syntax an agent sees.

``.env`` lines, shell ``export``, ``docker -e``, YAML, JSON, TOML, INI, Python/JS/Go assignments and
keyword arguments, XML elements, and CLI flags such as ``--password=…``. A value is reported when the
key names a credential (split into words, so ``max_tokens`` or ``password_min_length`` do not count)
and the value is not something the agent needs to read (a template, a placeholder, a code reference,
a number, a path, a documented example).
"""

from __future__ import annotations

import bisect
import functools
import re
from collections.abc import Iterator

import regex

from .._data import word_list
from ..spans import Span
from .entropy import shannon_entropy
from .grammar import DECLARED_TYPE, KEY_CLOSE
from .vocabulary import (access_code_words, alternation, credential_stems, credential_words, identifier_words,
                         is_credential_key, operation_key, vocab_cache)
from .keep import file_name_key, is_code_word, kept_by, prose_follows
from .tables import DIGEST_COLUMNS, column_name

# Words of the command lines and files this module reads besides assignments (mysql -p…, .netrc).
_FORMAT_WORDS = ("mysql", "login", "machine")
# a code's key joined to the word that makes it a credential (gate_code, code_entered: vocabulary.is_credential_key)
_CODE_KEYS = ("_code", "code_", "-code", "code-", ".code")


@vocab_cache
def _trigger() -> regex.Pattern[str]:
    """A line is read only when it holds one of these: every credential word of data/vocab/credentials.toml (a key
    that names a credential holds one), anywhere, in any case."""
    return regex.compile("(?i)" + alternation((*credential_stems(), *_FORMAT_WORDS, *_CODE_KEYS)))


# The key's closing quote/bracket and a declared type come from the shared grammar (detect/grammar.py); the
# operator is captured so that a comparison (==) or a code-style assignment can be told apart.
# an "&" inside a bare value ("password=Sol&Sombra677" in a log line), not a query string's next parameter
# ("&next=/", "&redirect_uri%3D…"), a shell's "&&" or "&>", an HTML entity ("&amp;", "&#x27;") or a trailing "&" that
# puts a command in the background
AMPERSAND_IN_VALUE = r"&(?![&>\s]|$)(?![\w.\-\[\]%]{1,40}(?:=|%3[Dd]))(?!(?:amp|quot|lt|gt|apos|\#\d+|\#[xX][0-9a-fA-F]+);)"
_ASSIGN = regex.compile(
    rf"""(?x)
    (?<![\w$@])(?<![\w)\]]\.)(?<!\w-)  # not an attribute (obj.password); RouterOS' " .passphrase=" is a key
    (?:["'`]?)(?P<key>[A-Za-z_@$][\w.\-$]{{0,80}}?){KEY_CLOSE}(?:\[\d{{0,4}}\])?{DECLARED_TYPE}
    [ \t]*(?P<sep>::=|:=|\?=|\.=|=>|[!=]==?|=|:)(?!//)[ \t]*
    (?P<mk><(?:code|kbd|samp|tt|b|strong|em|i|mark)>[ \t]*)?  # a mail's or a page's inline markup: Passwort: <code>…</code>
    (?:
        @?"(?P<dq>(?:[^"\\\n]|\\.){{1,512}})"
      | @?'(?P<sq>[^'\n]{{1,512}})'
      | `(?P<bq>[^`\n]{{1,512}})`
      | (?P<bare>(?:[^\s"'`,;&)\]<>\\]|\\(?![\\nrt"]))(?:[^\s"'`,;&)\]<>\\]|\\(?![\\nrt"])|{AMPERSAND_IN_VALUE}){{0,511}})
    )"""
)
# a literal compared with a credential-named variable, the literal first: if ("v" == password), "v" !== secret
_REVERSED_COMPARISON = regex.compile(
    r"""(?:"(?P<dq>[^"\\\n]{1,512})"|'(?P<sq>[^'\n]{1,512})')[ \t]*[!=]==?[ \t]*(?P<key>[A-Za-z_][\w.]{0,80})(?![\w(.])"""
)
# a log message's next word after an operation's first one ("generated code 737068", "Error: RateLimit…")
_MESSAGE_GOES_ON = regex.compile(r"[ \t]+\S")
_COMPARISONS = frozenset({"==", "===", "!=", "!=="})
# setProperty("db.password", "v"), os.environ.setdefault("DB_PASSWORD", "v"), getenv("API_TOKEN", "fallback"), an
# Erlang/Elixir tuple {password, "v"} (or a binary, <<"v">>)
# In JSON, ``"kind":"Secret","metadata":`` holds a value then a key: no pair (the "key" follows a colon, the "value"
# comes before one).
# the rest of a progress message after its first word ("Refreshing state...", "Creating... [id=…]")
_PROGRESS_FOLLOWS = regex.compile(r"(?:[ \t]+\p{Ll}+)?(?:\.{3}|…)")
_COLOUR = regex.compile(r"#(?:[0-9A-Fa-f]{3,4}|[0-9A-Fa-f]{6}|[0-9A-Fa-f]{8})")
_DUNDER = regex.compile(r"__[a-z][a-z0-9_]*__")
_CALL_PAIR = regex.compile(
    r"""(?:(?<!:[ \t]*)["'](?P<key>[A-Za-z_][\w.-]{0,80})["']|(?<=\{[ \t]*)(?P<key>[a-z_]\w{0,80}))[ \t]*,[ \t]*"""
    r"""(?:"(?P<dq>[^"\\\n]{1,512})"|'(?P<sq>[^'\n]{1,512})'|<<"(?P<bq>[^"\\\n]{1,512})">>)(?![ \t]*:)"""
)
# Gradle/Kotlin DSL and friends: password "v", token 'v' (a quoted value with no space in it)
_SPACED = regex.compile(r"""(?<![\w.$@-])(?P<key>[A-Za-z_][\w.-]{0,60})[ \t]+(?:"(?P<dq>[^"\s\\]{1,512})"|'(?P<sq>[^'\s]{1,512})')""")
# .netrc: machine h login u password p (one line or one entry per line)
_NETRC = regex.compile(r"""(?<!\S)(?P<key>password|passwd)[ \t]+(?P<bare>[^\s"'`]\S{0,511})""")
_NETRC_ALONE = regex.compile(r"[ \t]*(?:password|passwd)[ \t]+\S+[ \t]*")
# a .netrc entry's line: it names a machine (or the default), starts with an entry's keyword, or pairs a login and
# a password; not a sentence that says "login" and "the password using …"
_NETRC_LINE = regex.compile(r"(?:^|\s)(?:machine|default)(?:\s|$)|^[ \t]*(?:login|account)\s"
                            r"|(?<!\S)login[ \t]+\S+[ \t]+(?:password|passwd)[ \t]")
_FLAG = regex.compile(
    r"""(?x)(?<![\w-])--?(?P<key>[A-Za-z][\w-]{0,60})(?:=|[ \t]+)
    (?:"(?P<dq>(?:[^"\\\n]|\\.){1,512})"|'(?P<sq>[^'\n]{1,512})'|(?P<bare>[^\s"'`-][^\s"'`]{0,511}))"""
)
_XML = regex.compile(r"<(?P<key>[\w:.-]{1,60})>(?P<bare>[^<>\n]{1,512})</(?P=key)>")
# an HTML table's header cell and its value's cell: <th>Password</th><td>v</td>, <dt>API key</dt><dd>v</dd> (not two
# data cells: an API reference's table writes "token | Bearer-only")
_HTML_CELLS = regex.compile(r"<(?P<kt>th|dt)(?:[ \t][^<>\n]{0,80})?>[ \t]*(?P<key>[\w][\w .:()-]{0,58}[\w):])[ \t]*"
                            r"</(?P=kt)>[ \t]*<(?:td|dd)(?:[ \t][^<>\n]{0,80})?>(?P<bare>[^<>\n]{1,512})</(?:td|dd)>")
# a Markdown key/value table's row of two cells: | Password | hunter2x | (one token as the value: a documentation
# table's "| password | The user's password |" describes the field)
_MD_CELLS = regex.compile(r"^[ \t]*\|[ \t]*(?P<key>[\w][\w .:()/-]{0,58}[\w):])[ \t]*\|[ \t]*(?P<bare>[^|\s]{1,512})[ \t]*\|[ \t]*$")
# an argument vector's option and its value as two items: CMD ["app", "--db-password", "v"], ['--token', 'v'],
# args: ["--password", "v"] (read as "--db-password v" would be on a command line)
_ARGV_FLAG = regex.compile(
    r"""(?P<q>["'])--?(?P<key>[A-Za-z][\w-]{0,60})(?P=q)[ \t]*,[ \t]*(?:"(?P<dq>(?!-)(?:[^"\\\n]|\\.){1,512})"|'(?P<sq>(?!-)[^'\n]{1,512})')"""
)
# fish's "set -gx NAME value" and csh's "setenv NAME value" (the value is the rest of the command)
_SHELL_SET = regex.compile(
    r"""(?m)(?:^|[;&|({])[ \t]*+(?:set(?:[ \t]++-[gxlUuS]{1,4}|[ \t]++--(?:global|export|local|universal))+"""
    r"""|setenv)[ \t]++(?P<key>[A-Za-z_]\w{0,80})[ \t]++(?P<v>"[^"\n]*"|'[^'\n]*'|[^\s"'#;|&$(][^\s;|&]*)[ \t]*+\r?(?=$|[;|&#])"""
)
# a property list's entry: <key>NAME</key> then <string>value</string> (Info.plist, GoogleService-Info.plist)
_PLIST_PAIR = regex.compile(r"<key>(?P<key>[A-Za-z_][\w.-]{0,80})</key>[ \t]*+(?:\r?\n[ \t]*+)?<string>(?P<v>[^<>\n]{1,512})</string>")
# the same in a YAML block list: "- --password" then "- v" on the next line, at the same indent
_YAML_ARGV_FLAG = regex.compile(
    r"""(?m)^(?P<ind>[ \t]*+)-[ \t]++(?P<q>["']?)--?(?P<key>[A-Za-z][\w-]{0,60})(?P=q)[ \t]*+\r?\n"""
    r"""(?P=ind)-[ \t]++(?P<v>"(?!-)[^"\n]*"|'(?!-)[^'\n]*'|[^\s"'#-](?:[^\n#]*[^\s#])?)[ \t]*+(?:#[^\n]*)?\r?$"""
)
_XML_ATTR = regex.compile(
    r"""(?i)key\s*=\s*"(?P<key>[^"]{1,60})"\s+value\s*=\s*"(?P<dq>[^"]{1,512})\""""
)
# an element named by its attribute, the value its text: Guacamole's <param name="password">v</param>, Hibernate's
# <property name="hibernate.connection.password">v</property>, Java's properties XML <entry key="db.password">v</entry>
_XML_NAMED = regex.compile(
    r"""<(?P<tag>[\w:.-]{1,40})[ \t][^<>\n]{0,120}?(?<![\w-])(?:name|key)[ \t]*=[ \t]*(?P<q>["'])(?P<key>[^"'<>\n]{1,80})(?P=q)[^<>\n]{0,120}>"""
    r"""(?P<bare>[^<>\s]{1,512})</(?P=tag)>"""
)
_TYPE_ANNOTATION = regex.compile(
    r"(?:str|bytes|int|float|bool|SecretStr|SecretBytes|Any|None|string|number|boolean|unknown)(?:\s*\|\s*None)?|"
    r"(?:Optional|Union|list|List|dict|Dict|Annotated|Sequence|Mapping)\[[\w\[\], .|]+\]"
)
# An annotation cut at its first comma (auth: Union[str, …], key: tuple[bytes, …]) or a CamelCase type
# (auth: AuthTypes, private_key: CertificateIssuerPrivateKeyTypes): code, not a value
_TYPE_NAME = regex.compile(r"[A-Za-z_][\w.]*\[[\w\[\], .|]*|[A-Z][a-z]+(?:[A-Z][a-z]*)+|[A-Za-z_][\w.]*Types?")
_ENV_NAME = regex.compile(r"[A-Z][A-Z0-9_]*")
_ENV_LINE = regex.compile(r"^\s*(?:export\s+|set\s+|-e\s+|ENV\s+|ARG\s+|-[ \t]+)?$")  # (- KEY=v: a compose list)
# a name/value pair: k8s env (- name: DB_PASSWORD / value: …), HAR and API headers ({"name": "api-key", "value": …}),
# CloudFormation parameters (ParameterKey=DbPassword,ParameterValue=…): the name's slot holds the value
_NAMED_VALUE = regex.compile(
    r"""(?ix)["']?(?:name|key|parameterkey|variable|header)["']?[ \t]*[:=][ \t]*["']?(?P<key>[A-Za-z_][\w.-]{0,80})["']?
    [ \t]*,?[ \t]*(?:\r?\n[ \t]*(?:-[ \t]+)?)?["']?(?:value|parametervalue|secretvalue)["']?[ \t]*[:=][ \t]*
    (?:"(?P<dq>[^"\n]{1,512})"|'(?P<sq>[^'\n]{1,512})'|(?P<bare>[^\s"',}\]]{1,4096})(?![^\s"',}\]]))"""
)
# the same pair as XML elements: TR-069's <Name>…KeyPassphrase</Name><Value>…</Value>, <Key>…</Key><Value>…</Value>
_NAMED_ELEMENT = regex.compile(
    r"(?i)<(?P<tag>name|key|parameter|field)>(?P<key>[A-Za-z_][\w.-]{0,200})</(?P=tag)>[ \t]*(?:\r?\n[ \t]*)?"
    r"<value(?:[ \t][^<>\n]{0,80})?>(?P<dq>[^<\n]{1,512})</value>"
)
# the default of a credential variable: process.env.API_KEY || 'v', ${DB_PASSWORD:-v}
_ENV_DEFAULT = regex.compile(
    r"""(?:process\.env\.(?P<key>[A-Za-z_]\w{0,80})[ \t]*(?:\|\||\?\?)[ \t]*(?:"(?P<dq>[^"\n]{1,512})"|'(?P<sq>[^'\n]{1,512})'|`(?P<bq>[^`\n]{1,512})`))"""
)
# a row of a CLI's table: the label column, then the value (aws configure list: "secret_key  ****…  shared-credentials-file")
# a two-column listing (aws configure list, pulumi config: "project:dbPassword   v")
_COLUMN = regex.compile(r"^[ \t]*(?P<key>[A-Za-z_][\w.-]{0,40}(?::[A-Za-z_][\w.-]{0,40})?)[ \t]{2,}(?P<bare>[^\s]{6,512})(?=[ \t]|$)")
# a secret a tool stores braced: Jenkins' encrypted credentials ({AQAAABAAAA…=}), not an object or a template
_BRACED_SECRET = regex.compile(r"\{[A-Za-z0-9+/]{20,}={0,2}\}")


def _opens_structure(value: str) -> bool:
    """The value opens an object, a list or a call (``{…``, ``[…``, ``(…``), unless it is a braced secret."""
    return value.startswith(("{", "[", "(")) and not _BRACED_SECRET.fullmatch(value)


_MARKUP_TICKS = regex.compile(r"`[A-Za-z_][\w.:()-]*`")  # :data:`h11.CLIENT`, ``repr``
_MYSQL_P = regex.compile(r"\bmysql(?:dump|admin|import|check)?\b[^\n]*?[ \t]-p(?P<bare>[^\s-][^\s]{2,})")


def _value_span(m: regex.Match[str]) -> tuple[int, int, bool] | None:
    for g, quoted in (("dq", True), ("sq", True), ("bq", True), ("bare", False)):
        try:
            s, e = m.span(g)
        except IndexError:
            continue
        if s >= 0:
            return s, e, quoted
    return None


# a name, attribute path or subscript (tokens[idx], colors['base0']), possibly cut at an opener (Union[)
_VARIABLE = regex.compile(r"[A-Za-z_][A-Za-z_]*(?:\.[A-Za-z_]\w*|\[[^\]\s]*\]?)*[\[(]?")
_FORMAT_FIELD = regex.compile(r"\{[A-Za-z_][\w.]*(?:![rsa])?(?::[^{}]*)?\}")
_SNAKE_ENUM = regex.compile(r"[a-z]+(?:_[a-z]+)+")


_USERINFO_PASSWORD = regex.compile(r"^[a-z][a-z0-9+.-]*://[^:/@\s]*:(?P<p>[^@\s]*)@")


def _templated_userinfo(value: str) -> bool:
    """A URL whose userinfo password is a reference (``${PG_PASSWORD}``, ``{{ .pw }}``) or a placeholder."""
    m = _USERINFO_PASSWORD.match(value)
    if m is None or not m.group("p"):
        return False
    return kept_by(value, m.start("p"), m.end("p"), ("is_templated", "is_placeholder_value")) is not None


_BRACKET_PAIRS = {")": "(", "]": "[", "}": "{"}
_REGEX_LIKE = regex.compile(r"\\[sdwSDWbB]|\{\d+,\d*\}|\[\^")


def _open_brackets(value: str) -> int | None:
    """How many of ``value``'s brackets are left open, when every closer closes the last opener still open; None
    when one does not."""
    stack: list[str] = []
    for c in value:
        if c in "([{":
            stack.append(c)
        elif c in _BRACKET_PAIRS:
            if not stack or stack.pop() != _BRACKET_PAIRS[c]:
                return None
    return len(stack)


def _balanced(value: str) -> bool:
    """Every bracket of ``value`` closes, in order: ``{"a": [1]}``, not ``(j*c#w+(a(2r``."""
    return _open_brackets(value) == 0


def _nests(value: str) -> bool:
    """The brackets of ``value`` could be code's or a template's: every closer closes the last opener still open
    (openers left open are allowed: a call cut at the line's end). ``m{{h}o)p${e]nob(`` does not nest: a password
    of punctuation, not a call, an f-string or a ``${VAR}``."""
    return _open_brackets(value) is not None


def _looks_like_variable(value: str) -> bool:
    """A bare identifier in code (``password = pwd``) is a variable, not a value."""
    return bool(_VARIABLE.fullmatch(value))


_VALUE_KEEPS = ("is_templated", "is_placeholder_value", "is_documented_example", "is_code_reference",
                "is_boolean_or_number", "is_path")


def keep_value(text: str, s: int, e: int) -> bool:
    """The keep-filters that apply to an assigned value."""
    return kept_by(text, s, e, _VALUE_KEEPS) is not None


_KEY_NAME = regex.compile(r"[A-Za-z_][\w.-]*")
_SLOT_KEEPS = (*(k for k in _VALUE_KEEPS if k != "is_code_reference"), "is_environment_reference")
# a CamelCase word under a password key is a type annotation only when it reads like one (password: SecretStr)
_TYPE_SUFFIX = regex.compile(r"(?:Str|String|Type|Field|Secret|SecretStr|Model|Config|Password|Token|Key|Bytes|Int|"
                             r"Dict|List|Optional|Any|None|Value|Hash|Input|Schema|Enum|Class|Var)$")


def _config_slot(line: str, m: regex.Match[str], quoted: bool, env_line: bool) -> bool:
    """The value sits in a configuration slot, not in code: a quoted string, a YAML/JSON ``key: value``, a ``.env``
    line, a properties key (``spring.datasource.password = …``) or an all-caps INI key (``PWD = …``). There a
    bare or dotted word is the value itself, never a variable or an attribute (``password: k3.if.wc5t``)."""
    if quoted:
        return True
    key = m.group("key")
    sep = m.group("sep") if "sep" in m.groupdict() and m.group("sep") else ""
    if sep == ":":
        return True
    if sep != "=" or line[: m.start("key")].strip():
        return False
    tight = line[m.end("key"):m.start("sep")] == "" and line[m.end("sep"):m.end("sep") + 1] not in (" ", "\t")
    return tight and env_line or "." in key or key.isupper()


# words of letters, digits and the punctuation of passwords; no operator of code (str | None = None, -> bool)
_PASSPHRASE_REST = regex.compile(r"(?:[ \t]+[\w'.!?@%^*+~-]+){1,7}[ \t]*(?=$|[ \t]#)")
_FUNCTION_WORDS = frozenset(
    "the a an of for to is be are and or with your this that in on by as at it from not if else none null set via "
    "see use used uses when only optional required default".split())


# a YAML local tag: in "key: !tag arg" the value is the tagged node, a reference, never a plain password
_YAML_TAG = regex.compile(r"![A-Za-z][\w.]*")
# a PowerShell command's name (Verb-Noun): unquoted after "$x =" it is a command run, its output assigned
_CMDLET = regex.compile(r"[A-Z][a-z]+(?:To|From)?-[A-Z][A-Za-z]+")
_TAG_ARGUMENT = regex.compile(r"[ \t]+[\w.-]+[ \t]*(?:#|$)")
_REFERENCE_TAGS = frozenset({"secret", "env_var", "env", "include", "vault", "ref", "sub", "getatt", "importvalue",
                             "reference", "sops"})
# Google's app passwords as shown to be copied: "abcd efgh ijkl mnop" (16 letters in groups of four)
_APP_PASSWORD = regex.compile(r"[a-z]{4}(?: [a-z]{4}){3}(?![\w-])")


def _passphrase_end(line: str, s: int, e: int, key: str) -> int | None:
    """Where a YAML plain scalar of several words starting at ``s`` (its first word ends at ``e``) ends, before a
    `` #`` comment, if it reads as a passphrase rather than a description: three words or more, all lower case, no
    function word, not the key's own word, no full stop at the end ("password: The Redis password." is a docstring)."""
    m = _PASSPHRASE_REST.match(line, e)
    if m is None:
        return None
    words = [line[s:e], *m.group().split()]
    key_words = {w.lower() for w in regex.findall(r"[A-Za-z]+", key)}
    if (len(words) < 3 or words[-1].endswith(".") or any(w != w.lower() for w in words)
            or any(w in _FUNCTION_WORDS or w == "-" or w.strip(".,;:") in key_words for w in words)):
        return None
    return m.end() - (len(m.group()) - len(m.group().rstrip()))


_MARKED_WORD = regex.compile(r"\p{L}+[.:!,]?|[\p{L}\d]+(?:-[\p{L}\d]+)+|\d+\+?|\S*://\S*")


def _password_key(key: str) -> bool:
    """The key names a password or a secret proper: under it even plain words are the value (a passphrase)."""
    low = key.lower()
    return any(w in low for w in credential_words("passwords")) or _PASS_PART.search(key) is not None or _pin_key(key)


# a PIN's key (pin_app, app_pin, sim_pin, passcode): its value is digits, and the digits are the PIN
_PIN_WORDS = frozenset({"pin", "puk", "passcode"})


def _pin_key(key: str) -> bool:
    """A PIN's or an access code's key: four digits there are the code (pin_app = 4471, gate_code: 0451)."""
    return bool(_PIN_WORDS & {w.lower() for w in identifier_words(key)}) or _access_code_key(key)


def _access_code_key(key: str) -> bool:
    """A code that opens a place or the one typed at a keypad (gate_code, code_entered): a number there is the code."""
    return access_code_words([w.lower() for w in identifier_words(key)])


# "pass" as a key's last part (DB_PASS, smtp-pass), not inside a word (bypass, compass), an attribute (result.pass,
# renderPass) nor alone (a test runner's "--- PASS: TestX")
_PASS_PART = regex.compile(r"(?<=\w)[_-](?i:pass)$")


def _reference(value: str) -> bool:
    """A dotted value that reads a setting in code (``settings.DB_PASSWORD``, ``self.password``)."""
    head, dot, _ = value.partition(".")
    return bool(dot) and head.lower() in credential_words("code_roots")


_OPENER = re.compile(r"[({\[]")
_SESSION_ID_KEY = regex.compile(r"(?i)[\w.-]*sess(?:ion)?[_.-]?id")
_UUID_VALUE = regex.compile(r"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}")
_COUNTER_VALUE = regex.compile(r"[0-9a-fA-F]{1,10}")
_ACCOUNTING_SESSION = regex.compile(r"(?i)acct[_.-]?session[_.-]?id")
_NAMES_AN_OBJECT = regex.compile(r"(?:Key|Secret|Name|Ref|_key|_secret|_name|_ref|-key|-secret|-name|-ref)$")
_NEXT_PAIR = regex.compile(r",[A-Z][A-Z0-9_]{2,}=")
_PAIRS_VALUE = regex.compile(r"[A-Z][A-Z0-9_]{2,}=[^,=\s]+(?:,[A-Z][A-Z0-9_]{2,}=[^,=\s]+)*$")
# the start of a colon-separated resource name (ARN, URN) that runs, unbroken, up to a key: that "key" is one of its
# segments (arn:aws:secretsmanager:…:secret:name), not a key given a value
_NAME_SEGMENT = regex.compile(r"(?<![\w:/-])(?:arn|urn):[^\s\"'`]*:$")


def _token_at(line: str, i: int, lo: int, hi: int) -> str:
    """The blank-delimited token of ``line[lo:hi]`` around offset ``i``."""
    a = max(line.rfind(" ", lo, i), line.rfind("\t", lo, i)) + 1 or lo
    b = min((x for x in (line.find(" ", i, hi), line.find("\t", i, hi)) if x >= 0), default=hi)
    return line[max(a, lo):b]


_TEST_VERDICT = regex.compile(r"[ \t]*(?:---|===)[ \t]+")


def _assignments(line: str) -> Iterator[regex.Match[str]]:
    """``_ASSIGN`` matches in order. The search goes on inside a value that holds a call or a literal
    (``conn = connect(password=…)``, ``{password: …}``) or, under a key that is no credential, a credential
    word (``"command": "API_TOKEN=… ./run.sh"``), so the first candidate does not swallow the second. Other
    matches do not overlap, which keeps a line of ``password=password=…`` linear with a small constant."""
    pos = 0
    while (m := _ASSIGN.search(line, pos)) is not None:
        pos = m.end()
        if m.group("key") == "PASS" and _TEST_VERDICT.fullmatch(line, 0, m.start("key")):
            continue  # "--- PASS: TestHandler_Unauthorized (0.00s)": go test's verdict on a test, no password
        yield m
        vs = _value_span(m)
        if vs is None:
            continue
        if not is_credential_key(m.group("key")) and (t := _trigger().search(line, vs[0], vs[1])) is not None \
                and "://" not in _token_at(line, t.start(), vs[0], vs[1]):
            pos = vs[0]  # "command": "API_TOKEN=… ./run.sh", "msg": "link https://… password=…": a credential
            continue  # assigned inside another value (not a URL's own userinfo or query)
        opener = _OPENER.search(line, vs[0], vs[1]) if not vs[2] else None
        if opener is not None:
            pos = opener.end()


# options named for a password that take no password: where it comes from, how it is checked or kept
_NOT_A_VALUE_FLAG = regex.compile(
    r"(?i)[-_](?:stdin|file|path|env|var|from|source|command|cmd|prompt|length|len|min|max|policy|reset|expiry|"
    r"expires?|age|mode|type|store|helper|manager|hash|algorithm|rounds|cost|format|id|ids|name|names|arn|ref|version|label|stage|region|scope|provider|backend|engine|mount|dir)$|^(?:no|ask|prompt)[-_]")
# "--secret" names a stored secret in many CLIs (gcloud --secret=db-pass, docker build --secret id=…): only the
# options named for a password take one
_FLAG_PASSWORD_WORDS = ("password", "passwd", "passphrase", "passwort", "kennwort", "pwd")


def _value_flag(key: str, line: str, at: int) -> bool:
    """``--password 'v.k.r77'``, ``--auth-password x``: a long option named for a password takes the password itself,
    whatever it looks like (swaks, wget, any CLI), short of the options that name its file, its source or its rules."""
    low = key.lower()
    return (line[max(0, at - 2):at] == "--" and _NOT_A_VALUE_FLAG.search(key) is None
            and any(w in low for w in _FLAG_PASSWORD_WORDS))


class _WordEnds:
    """The end of the whitespace-free run at an offset of one line, each run scanned once however many values
    start inside it."""

    def __init__(self, line: str) -> None:
        self.line = line
        self.start = self.end = -1

    def at(self, i: int) -> int:
        if not self.start <= i <= self.end:
            m = _NEXT_SPACE.search(self.line, i)
            self.start, self.end = i, (m.start() if m else len(self.line))
        return self.end


# the stdlib's \s is exactly str.isspace (regex's leaves out \x1c-\x1f); a "\n" escape inside a JSON string
# ends a value too, escaped once or more (a JSON string inside a JSON string: \\n)
_NEXT_SPACE = re.compile(r"\s|(?<!\\)\\+[nrt\"]")  # from a run's first backslash only: linear on a run of them


# the quotes of a line a JSON string encloses (a value after "token:" inside it ends at the string's quote)
def _unescaped_quotes(line: str, start: int = 0, end: int | None = None) -> Iterator[int]:
    """Positions of the double quotes of ``line[start:end]`` that no backslash escapes."""
    end = len(line) if end is None else end
    i = line.find('"', start, end)
    while i >= 0:
        k = i
        while k > start and line[k - 1] == "\\":
            k -= 1
        if (i - k) % 2 == 0:
            yield i
        i = line.find('"', i + 1, end)


def _closing_quote(line: str, start: int, end: int) -> int:
    """The first unescaped double quote in ``line[start:end]`` that closes a JSON string (a comma, a brace, a bracket
    or a colon after it), or ``end``."""
    return next((i for i in _unescaped_quotes(line, start, end) if line[i + 1:i + 2] in (",", "}", "]", ":", "")), end)


@functools.lru_cache(maxsize=4)
def _quote_positions(line: str) -> list[int]:
    return list(_unescaped_quotes(line))


def _inside_string(line: str, at: int) -> bool:
    """``line[at]`` stands inside a double-quoted string: an odd number of unescaped quotes before it (the quotes
    of a line are found once, however many values it holds)."""
    return bisect.bisect_left(_quote_positions(line), at) % 2 == 1


class ContextDetector:
    """Finds values assigned to credential-named keys."""

    name = "context"
    produces = frozenset({"secret"})

    def _candidates(self, line: str) -> list[tuple[regex.Match[str], str]]:
        found = [(m, "assign") for m in _assignments(line)]
        found += [(m, "flag") for m in _FLAG.finditer(line)]
        if "-" in line and ("\"" in line or "'" in line):
            found += [(m, "flag") for m in _ARGV_FLAG.finditer(line)]
        found += [(m, "xml") for m in _XML.finditer(line)]
        if "</t" in line or "</dt" in line:
            found += [(m, "xml") for m in _HTML_CELLS.finditer(line)]
        if line.count("|") == 3 and (md := _MD_CELLS.match(line)) is not None \
                and kept_by(line, md.start("bare"), md.end("bare"), ("is_plain_word", "is_dictionary_word")) is None:
            found.append((md, "xml"))
        found += [(m, "xml") for m in _XML_ATTR.finditer(line)]
        if "=\"" in line or "='" in line or "= \"" in line:
            found += [(m, "xml") for m in _XML_NAMED.finditer(line)]
        found += [(m, "pair") for m in _CALL_PAIR.finditer(line)]
        found += [(m, "spaced") for m in _SPACED.finditer(line)]
        if _NETRC_LINE.search(line) or _NETRC_ALONE.fullmatch(line):
            found += [(m, "netrc") for m in _NETRC.finditer(line)]
        if "==" in line or "!=" in line:
            found += [(m, "comparison") for m in _REVERSED_COMPARISON.finditer(line)]
        return found

    def detect(self, text: str) -> list[Span]:
        out: list[Span] = self.named_values(text) + self._yaml_argv(text) + self._shell_sets(text) + self._plist(text)
        done_to = 0  # end of the last line examined: triggers come in order, so each line is read once and the
        # search for a line's start never goes back past it (a long line with many triggers stays linear)
        for t in _trigger().finditer(text):
            if t.start() < done_to:
                continue
            ls = text.rfind("\n", done_to, t.start()) + 1 or done_to
            le = text.find("\n", t.end())
            le = len(text) if le < 0 else le
            done_to = le
            line = text[ls:le]
            ends = _WordEnds(line)
            last: Span | None = None
            for m, kind in self._candidates(line):
                if not is_credential_key(m.group("key")) or file_name_key(line, m.start("key"), m.group("key")):
                    continue  # "src/secret.rs": "…" is a checksum map's entry
                if _NAME_SEGMENT.search(line, max(0, m.start("key") - 200), m.start("key")):
                    continue  # arn:aws:secretsmanager:eu-west-1:2958…:secret:prod/db: a segment of a resource's name
                vs = _value_span(m)
                if vs is None:
                    continue
                s, e, quoted = vs
                span = self._check(line, m, s, e, quoted, kind, ends, last)
                if span is not None:
                    out.append(span.shifted(ls))
                    last = span
            for m in _COLUMN.finditer(line):
                s, e = m.span("bare")
                if (is_credential_key(m.group("key")) and not prose_follows(line, e)
                        and ((col := column_name(text, ls + s)) is None or col.rsplit("_", 1)[-1] not in DIGEST_COLUMNS)
                        and kept_by(line, s, e, ("is_plain_word",)) is None
                        and (span := self._slot_value(line, s, e, "column")) is not None):
                    out.append(span.shifted(ls))
            for m in _ENV_DEFAULT.finditer(line):
                if is_credential_key(m.group("key")) and (vs := _value_span(m)) is not None:
                    span = self._slot_value(line, vs[0], vs[1], "env-default", _password_key(m.group("key")))
                    if span is not None:
                        out.append(span.shifted(ls))
            for m in _MYSQL_P.finditer(line):
                s, e = m.span("bare")
                if not keep_value(line, s, e):
                    out.append(Span(s + ls, e + ls, "secret", "context:mysql-p", 0.8))
        return out

    def _yaml_argv(self, text: str) -> list[Span]:
        """A YAML list's option item and the value item after it (a container's ``args:``), read as the command
        line ``--option value`` they make."""
        out: list[Span] = []
        if "- " not in text:
            return out
        for y in _YAML_ARGV_FLAG.finditer(text):
            dashes = text[y.start("key") - 2:y.start("key")].count("-")
            line = f"{'-' * dashes}{y.group('key')} {y.group('v')}"
            m = _FLAG.match(line)
            if m is None or not is_credential_key(m.group("key")) or (vs := _value_span(m)) is None:
                continue
            span = self._check(line, m, *vs, "flag")
            if span is not None:
                out.append(span.shifted(y.start("v") - len(line) + len(y.group("v"))))
        return out

    def _shell_sets(self, text: str) -> list[Span]:
        """fish's ``set -gx NAME value`` and csh's ``setenv NAME value``, read as the ``NAME=value`` they mean."""
        out: list[Span] = []
        if "set" not in text:
            return out
        for y in _SHELL_SET.finditer(text):
            span = self._assigned(f"{y.group('key')}={y.group('v')}", y.start("v") - len(y.group("key")) - 1)
            if span is not None:
                out.append(span)
        return out

    def _plist(self, text: str) -> list[Span]:
        """A property list's ``<key>NAME</key><string>value</string>``, read as ``NAME = "value"``."""
        out: list[Span] = []
        if "<key>" not in text:
            return out
        for y in _PLIST_PAIR.finditer(text):
            if is_credential_key(y.group("key")):
                span = self._assigned(f'{y.group("key")} = "{y.group("v")}"', y.start("v") - len(y.group("key")) - 4,
                                      named=True)
                if span is not None:
                    out.append(span)
        return out

    def _assigned(self, line: str, shift: int, named: bool = False) -> Span | None:
        """``line``, a carrier's pair rewritten as the ``NAME=value`` it means, read as the assignment at its start;
        the span shifted by ``shift`` back into the text. ``named``: the caller found NAME a credential key."""
        for m in _assignments(line):
            if m.start("key") != 0 or not (named or is_credential_key(m.group("key"))) or (vs := _value_span(m)) is None:
                continue
            span = self._check(line, m, *vs, "assign")
            return span.shifted(shift) if span is not None else None
        return None

    def named_values(self, text: str) -> list[Span]:
        """Values of name/value pairs whose name is a credential key."""
        out: list[Span] = []
        if "value" not in text.lower():
            return out
        for m in (*_NAMED_VALUE.finditer(text), *_NAMED_ELEMENT.finditer(text)):
            key = m.group("key").rsplit(".", 1)[-1]  # a parameter's path: its last part names it
            if is_credential_key(key) and (vs := _value_span(m)) is not None:
                span = self._slot_value(text, vs[0], vs[1], "named-value", _password_key(key))
                if span is not None:
                    out.append(span)
        return out

    @staticmethod
    def _compared(line: str, s: int, e: int, quoted: bool) -> Span | None:
        """A quoted literal that a credential is compared with is the credential (``if (password == "…")``), unless
        it reads as a word, a placeholder, a template or code (``token == 'root'``, ``secret != ""``)."""
        value = line[s:e]
        if (not quoted or len(value) < 6 or keep_value(line, s, e) or is_code_word(line, s, e)
                or kept_by(line, s, e, ("is_plain_word",)) is not None
                or _FORMAT_FIELD.search(value) and _nests(value) or shannon_entropy(value) < 2.5):
            return None
        return Span(s, e, "secret", "context:comparison", 0.75)

    @staticmethod
    def _slot_value(text: str, s: int, e: int, kind: str, password: bool = False) -> Span | None:
        """A credential slot's value: whatever it looks like, 6 characters or more, short of a placeholder,
        template, documented example, number or path."""
        value = text[s:e]
        if len(value) < 6 or value.startswith(("{", "[", "(", "$")) or kept_by(text, s, e, _SLOT_KEEPS) is not None:
            return None
        if "://" in value and _templated_userinfo(regex.match(r"\S*", text, pos=s).group()):
            return None  # postgresql://etl:${PG_PASSWORD}@db:5432/w: the password is a reference, the rest no secret
        if (not password and kept_by(text, s, e, ("is_plain_word",)) is not None
                or _TYPE_ANNOTATION.fullmatch(value) or _TYPE_NAME.fullmatch(value)):
            return None  # process.env.API_KEY || 'development', value: Optional, secret  Optional[str]
        return Span(s, e, "secret", f"context:{kind}-slot", 0.8)

    def _check(self, line: str, m: regex.Match[str], s: int, e: int, quoted: bool, kind: str,
               ends: _WordEnds | None = None, last: Span | None = None) -> Span | None:
        """The span of the value ``m`` assigns, or None. ``last``: the line's previous span; a value inside it adds
        nothing and is not examined again (keeps a long line of overlapping candidates linear)."""
        if kind == "comparison" or kind == "assign" and m.group("sep") in _COMPARISONS:
            return self._compared(line, s, e, quoted)
        if m.groupdict().get("mk") and (not _password_key(m.group("key")) or _MARKED_WORD.fullmatch(line, s, e)):
            # "credentials: <code>a-okafor</code> / <code>…</code>": markup after a password's label only; and a
            # policy's emphasised word is no password ("Password: <b>must</b> be 12 characters")
            return None
        value = line[s:e]
        if _SESSION_ID_KEY.fullmatch(m.group("key")) and (_UUID_VALUE.fullmatch(value.strip("\"'")) or (
                _ACCOUNTING_SESSION.fullmatch(m.group("key")) and _COUNTER_VALUE.fullmatch(value.strip("\"'")))):
            # "session_id": "01a239f2-…": a conversation's or a trace's id (Codex sends one), no cookie; a RADIUS
            # Acct-Session-Id "C3C47567": an accounting record's counter, too short to let anyone in
            return None
        if (kind == "assign" and m.group("sep") == ":" and m.end("sep") == s
                and value.lower() in credential_words("subcommand_verbs")):
            return None  # eas secret:create, heroku config:set: a command's name, no key and value
        if (kind == "assign" and m.group("sep") == ":" and line[max(0, m.start("key") - 2):m.start("key")] == "${"
                and line[m.end("sep"):m.end("sep") + 1] in ("?", "+")):
            return None  # ${PGPASSWORD:?missing}: a shell expansion's error message, not a default value
        if kind == "assign" and not quoted and m.group("key").startswith("$") and _CMDLET.fullmatch(value):
            return None  # $pw = ConvertTo-SecureString '…' -AsPlainText: a cmdlet, the value is its argument
        if kind == "assign" and m.group("sep") == ":" and _YAML_TAG.fullmatch(value) and (
                value[1:].lower() in _REFERENCE_TAGS or _TAG_ARGUMENT.match(line, e)):
            return None  # password: !secret wifi_password (ESPHome, Home Assistant): a reference to another file
        # a password's own slot decides: whatever its value looks like, short of a placeholder (issue 24)
        strong = _password_key(m.group("key"))
        env_line = False
        if kind == "assign" and not quoted:
            sep0 = m.group("sep")
            env_line = sep0 == "=" and _ENV_LINE.match(line, 0, m.start("key")) is not None  # no slice copy per candidate
            opener = line[m.start("key") - 1 : m.start("key")]
            if (opener in ("\"", "'") and sep0 == "=" and (closing := line.find(opener, e)) >= 0
                    and not any(c.isspace() for c in line[e:closing])):
                e = closing  # "POSTGRES_PASSWORD=6972;Falcon*Rakete" inside a string: the value runs to its quote
                value = line[s:e]
            elif strong and (app := _APP_PASSWORD.match(line, s)) is not None:
                e = app.end()  # an app password as its provider shows it: four groups of four letters
                value = line[s:e]
            elif (sep0 == ":" or env_line) and not line[m.end("key") : m.start("sep")].strip("\"' \t"):
                # YAML and .env lines: the value runs to the next whitespace (may hold & ; , # ) ] >)
                e = (ends or _WordEnds(line)).at(e)
                if m.group("mk") and (shut := line.find("</", s, e)) >= 0:
                    e = shut  # the markup that opened before the value closes after it
                if '"' in line[s:e] and _inside_string(line, m.start("key")):
                    e = _closing_quote(line, s, e)  # "msg":"… token: v","ts":…: a JSON string's quote ends the value
                if last is not None and last.start <= s and e <= last.end:
                    return None
                if strong and sep0 == ":" and (words := _passphrase_end(line, s, e, m.group("key"))) is not None:
                    e = words  # a YAML plain scalar under a password key: a passphrase of words
                value = line[s:e]
            # a delimiter that ends the value is not part of it: "'token': token," in a dict, "x = y;"
            before = None
            while before != value:
                before = value
                value = value.rstrip(",;")
                if value[-1:] in ("\"", "'", "`") and value.count(value[-1]) == 1:
                    value = value[:-1]  # a stray closing quote: passwd: v3ry$ecret`
                for close, open_ in (("}", "{"), (")", "("), ("]", "[")):
                    while value.endswith(close) and value.count(close) > value.count(open_):
                        value = value[:-1]
            if line[max(0, m.start("key") - 3):m.start("key")] == "://" and (at := value.find("@")) > 0:
                value = value[:at]  # https://x-access-token:ghp_…@github.com/o/r.git: userinfo ends at "@", the host is public
            e = s + len(value)
            sep = m.group("sep")
            if line[m.start("key") - 1 : m.start("key")] == '"' and sep == ":":
                # a bare JSON value (number, true, null) is not a credential string; a password given as a JSON
                # number stays too: its placeholder would leave the document no longer JSON
                return None
            # an .env or compose line's value is no call whatever brackets it holds ("(%*^cz9@*fk85py+np0#@": a Django
            # key); one that opens with $( or ` is a command's output
            # (an environment variable's name is upper case: x = f(y)[0] and key_password=certs[0][2], are code)
            env_value = (env_line and strong and not value.startswith(("$", "`")) and _ENV_NAME.fullmatch(m.group("key"))
                         is not None and line[m.start("sep") - 1:m.start("sep")] not in (" ", "\t"))
            if "(" in value and _nests(value) and not env_value:  # a call, not a value
                return None
            code_style = sep in (":=", "=>") or (sep == "=" and line[m.start("sep") - 1 : m.start("sep")] == " ")
            slot = strong and _config_slot(line, m, quoted, env_line)
            if code_style and _looks_like_variable(value) and not slot:
                return None
        if (kind == "assign" and (nxt := _NEXT_PAIR.search(value)) is not None
                and is_credential_key(value[nxt.start() + 1:nxt.end() - 1])):
            e = s + nxt.start()  # A=db-password:latest,API_TOKEN=…: the next credential pair of a list ends the value
            value = line[s:e]
        if kind == "flag" and _PAIRS_VALUE.match(value):
            return None  # --set-secrets 'DB_PASSWORD=db-password:latest,…': pairs, each read as its own assignment
        if (kind == "flag" and not quoted and _looks_like_variable(value) and "-" not in value
                and not ("." in value and _value_flag(m.group("key"), line, m.start("key")))):
            # --token-file path or --password-stdin style flags take no secret; a dotted word after --password is
            # one (a shell has no dotted variables)
            if len(value) < 12:
                return None
        if ("`" in value and (not quoted or _MARKUP_TICKS.search(value))) or _FORMAT_FIELD.search(value) and _nests(value):
            return None  # :data:`h11.CLIENT`, f'{user}:{secret}@': markup or a template
        if kind == "pair" and _TYPE_NAME.fullmatch(value):
            return None  # __all__ = ["StaticToken", "EnvToken"]
        slot = (strong and (kind in ("assign", "xml", "spaced") and _config_slot(line, m, quoted, env_line)
                            or kind == "flag" and _value_flag(m.group("key"), line, m.start("key"))) and len(value) >= 6
                and (quoted or env_line and not value.startswith(("$", "`")) and _ENV_NAME.fullmatch(m.group("key")) is not None
                     and line[m.start("sep") - 1:m.start("sep")] != " "
                     or (not any(c in value for c in "()[]{}$`") or not _nests(value)) and not _reference(value)))
        if kind == "assign" and (_TYPE_ANNOTATION.fullmatch(value.rstrip(";,")) or
                                 not quoted and m.group("sep") == ":" and _TYPE_NAME.fullmatch(value)
                                 and (not slot or _TYPE_SUFFIX.search(value) or "[" in value)):
            return None  # def f(secret: str) / token: Optional[str]
        if slot and _KEY_NAME.fullmatch(value) and is_credential_key(value.strip("_")) and (
                "-" not in value or _NAMES_AN_OBJECT.search(m.group("key"))):
            # redis_password=_redis_password, "ssl_password": "ssl.key.password": a name, not a value; words joined
            # by hyphens are a passphrase (DB_PASSWORD=velvet-harbor-pass) unless the key names a secret object or a
            # key in one (adminPasswordKey: postgres-password, passwordSecret: mongo-admin-password)
            return None
        if slot and prose_follows(line, e):
            return None  # ":param ssl_password: Optional password to be used …": a docstring
        if (slot and value.rstrip(".…").isalpha() and "." in m.group("key").strip(".")
                and (value.endswith(("...", "…")) or _PROGRESS_FOLLOWS.match(line, e))):
            return None  # "random_password.admin: Refreshing state...": a resource's address and a tool's progress
        if (strong and value.isdigit() and (len(value) >= 6 or len(value) >= 4 and _pin_key(m.group("key")))
                and kind in ("assign", "xml", "pair", "flag")
                and not kept_by(line, s, e, ("is_placeholder_value",))):
            return Span(s, e, "secret", f"context:{kind}-number", 0.8)  # a numeric password: password=152103
        if slot and _REGEX_LIKE.search(value):
            return None  # PASSWORD_RE = r"[^\s)(]{8,}": a pattern for passwords, not one
        if slot:  # no shape veto: only placeholders, templates, documented examples, numbers, paths stay
            # a quoted string opens a structure only when its brackets close: "(j*c#w+(a(2r%d!…" is a Django key
            structure = _opens_structure(value) and (not quoted or _balanced(value))
            if structure or kept_by(line, s, e, _SLOT_KEEPS) is not None:
                return None
            return Span(s, e, "secret", f"context:{kind}-slot", 0.8)
        if len(value) < 4 or _opens_structure(value) or keep_value(line, s, e) or is_code_word(line, s, e):
            return None
        if _COLOUR.fullmatch(value) or _DUNDER.fullmatch(value):
            return None  # Token: "#d8dee9" (a style's colour), ROOT_KEY = "__root__" (a name Python reserves)
        if (kind == "pair" and value.isalpha() and value.lower() in word_list("dictionary_words")
                and not any(w in m.group("key").lower() for w in credential_words("passwords"))):
            return None  # __slots__ = ("next_token", "position"): a list of names, not a name and its value
        if not quoted and _VARIABLE.fullmatch(value) and (value[-1:] in "[(" or "[" in value):
            return None  # Union[ …, tokens[idx], colors['base0']: an expression
        key_low = m.group("key").lower()
        if key_low.rsplit(".", 1)[-1] in ("auth", "authentication", "auth_type", "authtype", "phase2", "eap") and (
                (value.isalpha() and value.lower() in word_list("dictionary_words"))
                or (len(value) <= 10 and value.isalnum() and value.isupper())):
            return None  # auth="Container", auth=MSCHAPV2: a method's name or a word, under a key that names the method
        if _SNAKE_ENUM.fullmatch(value) and not any(w in key_low for w in credential_words("passwords")):
            return None  # auth="user_oauth", token_type: "refresh_token": an enum, not a credential
        if value.isalpha() and prose_follows(line, e):
            return None  # ":param lock_token: registration used to …": prose
        if (m.groupdict().get("sep") == ":" and operation_key(m.group("key")) and value.rstrip(":").isalpha()
                and _MESSAGE_GOES_ON.match(line, e)):
            return None  # "sendOtp: generated code …", "sendOtp: Error: Rate…": a function's log line, its message
        if kind == "spaced" and (key_low in ("pass", "token", "key", "secret") or not quoted):
            return None  # "pass '--{name}'", "the token 'abc'": prose verbs and nouns, not a Gradle-style assignment
        if value.lower() == m.group("key").lower():
            return None
        ent = shannon_entropy(value)
        if ent < 1.5:
            return None
        return Span(s, e, "secret", f"context:{kind}", min(0.85, 0.4 + ent / 10))
