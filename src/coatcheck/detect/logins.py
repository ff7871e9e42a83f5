"""Logins, handles and person-bound numbers wherever developer tools print them, read from their place on the line.

A candidate (:func:`.logins_features.candidates`) is scored by a softmax over hashed features of its characters and
its neighbours (``data/logins/``, trained by ``training/logins/`` on the carrier catalogue against real material of
this machine; ``MODEL_CARD_LOGINS.md``): a login (category ``username``), a person-bound number (``account``) or
neither. Service accounts, placeholders, templates, versions and dates stay readable whatever the score.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

import numpy as np
import regex

from ..errors import ConfigError
from ..spans import Intervals, Span
from .hashed_model import bundled_weights
from .._data import word_list
from .keep import kept_by
from .lines import LineCache
from .phrases import cli_credentials
from .keyless import ID_COLUMN_WORDS
from .row_keys import names_a_record
from .validators import caps_login, login_made_of_name
from .tables import column_categories, column_name, norm_header, thing_numbers
from .vocabulary import dictionary_words, plain_words, vocab_cache, word_set
from .logins_features import (MAX_LINE, BUCKETS, FEATURES_VERSION, LABELS, LineFeatures, hashed, is_candidate, line_context,
                              line_tokens)

CATEGORY = {"USER": "username", "ACCOUNT": "account"}
_USER = LABELS.index("USER")
# a login below its threshold but this likely: no finding alone, a row of a column of them (column_mates)
_SOFT = 0.25
_Finding = tuple[int, int, str, float, bool]  # start, end on the line, category, probability, sure (at its threshold)
_EMAIL = regex.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+")
# an issue tracker's key (BILL-6413, KYC-12, ServiceNow's INC0043699): a ticket, never a person's number (those have five digits or more)
_TICKET = regex.compile(r"[A-Z][A-Z0-9]{1,9}-\d{1,4}|(?:INC|CHG|PRB|RITM|REQ|SCTASK|CTASK|PTASK|STRY|KB)\d{7}")  # ServiceNow
# twelve hex digits or more, letters and digits both: an id (Node-RED's node ids, object ids), written by a program
# capitals and two groups of digits or more, hyphenated: a ring's, a tag's or a register's code (logins have letters)
_GROUPED_CODE = regex.compile(r"[A-Z]{0,4}\d*(?:-\d+){2,}[A-Z]?|[A-Z]{1,4}-\d+(?:-\d+)+")
_PROSE_CELL = regex.compile(r"[ ]\p{Ll}{2,}")  # a word goes on after the token in its cell
# a category's code a results table, a school or a shop lists in a column: a letter or three and a small number
_CLASS_CODE = regex.compile(r"[A-Z]{1,3}\d{1,3}")
_HEX_ID = regex.compile(r"(?=[0-9a-f]*[a-f])(?=[0-9a-f]*[0-9])[0-9a-f]{12,}|[A-Z]?(?=[0-9A-F]*[A-F])(?=[0-9A-F]*[0-9])[0-9A-F]{12,}")
# what follows a package's name in a package spec (prisma@latest, left-pad@^1.3.0): the token is a package
_PACKAGE_VERSION = regex.compile(r"@(?:latest|next|beta|canary|[\^~]?\d)")
# a file's mode as ls prints it, and a dpkg -l row's status before its package's name
_FILE_MODE = regex.compile(r"[-dlcbpsD][r-][w-][xsS-][r-][w-][xsS-][r-][w-][xtT-][.+@]?")
_DPKG_ROW = regex.compile(r"(?:ii|rc|hi|un|pn|iU|iF|iH|iW|iT)[ \t]{1,4}")
# a line's prompt ("$ ", "user@host:~$ ", "PS C:\\> ", "% "), sudo aside: the word after it is the program run
_AT_PROMPT = regex.compile(r"[ \t]*(?:\S{0,80}?[$%❯>]|PS[ \t][^>\n]{0,80}>)[ \t]+(?:sudo[ \t]+)?$")
_KEEPS = ("is_service_username", "is_templated", "is_placeholder_value", "is_documented_example", "is_uuid",
          "is_version", "is_date", "is_code_word", "is_public_token", "is_order_number", "is_thing_field_value",
          "is_platform_name")


def _in_path(tokens: list[tuple[int, int, str]], i: int) -> bool:
    """Token ``i`` is joined to a slash or backslash on either side (``a/b``, ``src\\x``)."""
    start, end, _ = tokens[i]
    before = i > 0 and tokens[i - 1][2] in "/\\" and tokens[i - 1][1] == start
    after = i + 1 < len(tokens) and tokens[i + 1][2] in "/\\" and tokens[i + 1][0] == end
    return before or after


@vocab_cache
def _device_words() -> frozenset[str]:
    return frozenset(w.lower() for w in word_set("names", "device_words"))


@vocab_cache
def _work_items() -> frozenset[str]:
    return word_set("handles", "work_items")


def _after_work_item(lf: LineFeatures, i: int) -> bool:
    """The nearest word before token ``i``, past at most three signs (``"ticket":"``, ``booking_id=``), names an order,
    an invoice, a ticket, a booking …: the word itself or, for a key made of words, its last word that is no id word."""
    signs = 0
    for j in range(i - 1, -1, -1):
        word = lf.tokens[j][2]
        if not any(c.isalnum() for c in word):
            signs += 1
            if signs > 3:
                return False
            continue
        return _names_work_item(word)
    return False


def _names_work_item(key: str) -> bool:
    """``key`` is a work item's word, or a key whose last word is one, past any id words (``booking_id``,
    ``order_no``; "booking" is an id word too)."""
    items = _work_items()
    for part in reversed([p for p in regex.split(r"[._-]+", key.lower()) if p]):
        if part in items:
            return True
        if part not in ID_COLUMN_WORDS:
            return False
    return False


_ROW_LEAD = regex.compile(r"[ \t│┃║|]*")
_DIVIDER_LINE = regex.compile(r"[\s\-=+|:─━═┼┿╋╪├┤┬┴┌┐└┘╞╡╤╧╘╛╒╕]*")
_BOX = str.maketrans({c: " " for c in "│┃║|"})
_LONGEST_ROW = 2_000  # a row of a table quoted in a JSON string is no longer than this


def _line_start(text: str, pos: int) -> int:
    """Where the line holding ``text[pos]`` starts: after a line break or a JSON string's escaped one (a tool's
    result quoted in a tool call: ``" booking | name\\n R6325307 | …``), looked for within the real line only."""
    lo = max(0, pos - _LONGEST_ROW)
    real = text.rfind("\n", lo, pos)
    real = real + 1 if real >= 0 else lo  # (no row is longer: a window's start is no row's, and reads as none)
    escaped = text.rfind("\\n", real, pos)
    return max(real, escaped + 2 if escaped >= 0 else 0)


def _first_column_names_work_item(text: str, pos: int, memo: dict[int, bool]) -> bool:
    """``text[pos]`` starts the first cell of a table's row (aligned, psql's or a box table's) whose header's first
    word names a work item (``booking``, ``ticket``) or a thing (``ref``): the row's own, no person's number.
    ``memo``: each line start already walked past, with its table's answer (one walk per table, not per row)."""
    ls = _line_start(text, pos)
    if _ROW_LEAD.fullmatch(text, ls, pos) is None:
        return False
    # up past the table's rows and its divider to the header line (at most 200 rows up)
    seen: list[int] = []
    end = ls
    answer = False
    for _ in range(200):
        if end in memo:
            answer = memo[end]
            break
        seen.append(end)
        if end <= 0:
            break
        prev_end = end - 2 if text[end - 2:end] == "\\n" else end - 1
        start = _line_start(text, prev_end)
        line = text[start:prev_end]
        end = start
        if _DIVIDER_LINE.fullmatch(line):
            continue
        head = line.rsplit('": "', 1)[-1].translate(_BOX).split()  # a JSON line's string: the table in it
        if not head:
            break
        if any(c.isdigit() for c in head[0]):
            continue  # another row
        answer = _names_work_item(head[0]) or _thing_header(head[0])
        break
    for k in seen:
        memo[k] = answer
    return answer


def _thing_header(header: str) -> bool:
    """A table's first header names a thing's number (``ref``, ``asset_tag``, ``plot``, ``visit_id``: numbers.toml
    [thing_numbers]), not a person-bound column of the vocabulary (``policy_no``, ``member_id`` stay persons')."""
    name = norm_header(header)
    if not name or name in column_categories():
        return False
    parts = [w for w in name.split("_") if w]
    words = [w for w in parts if w not in ID_COLUMN_WORDS] or parts[-1:]  # "ref" alone is an id word and the noun
    return bool(words) and words[-1] in thing_numbers() and not any(w in _person_column_words() for w in words)


class LoginModel:
    """The shipped weights: ``batch(candidates)``, each candidate's probabilities over :data:`LABELS`."""

    def __init__(self, weights: np.ndarray, bias: np.ndarray, thresholds: dict[str, float]) -> None:
        if weights.shape != (BUCKETS, len(LABELS)):
            raise ConfigError(f"login model: weights of shape {weights.shape}, the features need {(BUCKETS, len(LABELS))}")
        self.weights = weights
        self.bias = bias
        self.thresholds = thresholds

    @classmethod
    @functools.cache
    def bundled(cls) -> LoginModel:
        """The model shipped in ``data/logins/``; weights of another feature version are refused (ConfigError)."""
        meta, weights = bundled_weights("logins", FEATURES_VERSION, "login model")
        return cls(weights, np.asarray(meta["bias"], dtype=np.float32), {k: float(v) for k, v in meta["thresholds"].items()})

    def batch(self, candidates: list[list[str]]) -> np.ndarray:
        """One row of label probabilities per candidate: one gather and one sum for them all."""
        idx = [hashed(names) for names in candidates]
        starts = np.cumsum([0, *map(len, idx[:-1])])
        z = np.add.reduceat(self.weights[[b for row in idx for b in row]], starts, axis=0) + self.bias
        z = np.exp(z - z.max(axis=1, keepdims=True))
        return z / z.sum(axis=1, keepdims=True)


# keys whose value is a record's id ("_id": "MnRDSeEBWMDWu8kxb", "rid": …), never a login
# (a person's own id keys, user_id or from_id, are not among them: their values are person-bound numbers)
_ID_KEY = regex.compile(r"""(?<![\w-])["']?(?:_id|id|rid|uuid|guid|(?:message|msg|room|channel|thread|request|trace|event|"""
                        r"""span|job|run|build|commit|object|record|doc|document)[_-]?[Ii][Dd])["']?[ \t]*[:=][ \t]*["']?$""")
_SPACED_ASSIGNMENT = regex.compile(r"[ \t]+=[ \t]")
# keys whose value is a machine's, a reader's or a vehicle's id (a device's *name* may be its owner's: "iPhone von
# Matthias", and stays the person rules')
_DEVICE_KEY = regex.compile(r"""(?i)(?<![\w-])["']?(?:device|device[_-]?id|terminal|terminal[_-]?id|"""
                            r"""sensor|sensor[_-]?id|tracker|tracker[_-]?id|gateway[_-]?id|node[_-]?id|asset|asset[_-]?id|"""
                            r"""station|station[_-]?id|checkpoint|vehicle|vehicle[_-]?id)["']?[ \t]*[:=][ \t]*["']?$""")
# keys whose value names an organisation, a group or a project, never a person's login
# a key whose value is a state or a kind ("status": "operational", state=degraded_performance, level=warn)
_STATE_KEY = regex.compile(r"""(?i)(?<![\w-])["']?(?:status|state|phase|health|severity|level|condition|outcome|result|"""
                           r"""indicator|mode|kind|type|stage)["']?[ \t]*[:=][ \t]*["']?$""")
# a log line's level and the component that logs after it ("INFO  remesas: validación …", "WARN sync-worker: …")
_LOGGER_AFTER_LEVEL = regex.compile(r"(?i)(?<![\w])(?:trace|debug|info|notice|warn|warning|error|err|fatal|crit|critical)\]?[ \t]+$")
_GROUP_KEY = regex.compile(r"""(?i)(?<![\w-])["']?(?:org|orgs|organi[sz]ation|business|enterprise|company|team|teams|repo|"""
                           r"""repository|project|workspace|namespace|group|tenant|department|vendor|publisher|"""
                           # a pair record's field name ({"key": "birthdate", "value": …}, "field": "plan"): no login
                           r"""key|field|field_?name|param|parameter|property|attribute|variable)["']?"""
                           r"""[ \t]*[:=][ \t]*["']?$""")


@functools.cache
def _programs() -> frozenset[str]:
    """The programs data/cli_credentials.toml knows (sshpass, ipmitool, racadm …): names of programs, no logins."""
    return frozenset(p.lower() for p in cli_credentials()["programs"])


# a long option's value right before the candidate, and the options whose value is whose (--user, --author, --as)
_OPTION_BEFORE = regex.compile(r"(?<![\w-])--(?P<opt>[a-z][a-z0-9-]*)[= ]$")
_IDENTITY_OPTION = regex.compile(r"user|login|author|owner|as$|account|name|email|committer|assignee|reviewer|member|"
                                 r"creator|principal|uid|by$|for$|to$|who")


_PERSONAL_COLUMNS = frozenset({"account", "username", "national_id", "passport", "driver_license", "person"})


@vocab_cache
def _person_column_words() -> frozenset[str]:
    """The words of the headers of person-bound columns (columns.toml) that are no id word: customer, patient,
    matricola, kunden …"""
    words = {w for name, cat in column_categories().items() if cat in _PERSONAL_COLUMNS for w in name.split("_")}
    return frozenset(words - ID_COLUMN_WORDS - {""})


# the key right before a value on its line ("accession": "…", dossier=…) and an HL7 message's header segment
_KEY_BEFORE = regex.compile(r"""["']?(?P<k>[\p{L}_][\w.-]{0,40})["']?[ \t]*[:=][ \t]*["']?$""")
_HL7_HEADER = regex.compile(r"(?:^|\n)MSH\|[^\n]*$")


def _record_keyed(text: str, start: int) -> bool:
    """The value at ``start`` is a record's own reference: its key names a record ("accession": "ACC85761878"), or
    it stands in an HL7 message's header segment (MSH-10, the message's control id)."""
    before = text[max(0, start - 60):start]
    return ((m := _KEY_BEFORE.search(before)) is not None and names_a_record(m.group("k"))
            or _HL7_HEADER.search(text, max(0, start - 300), start) is not None)


def _thing_id_column(name: str | None) -> bool:
    """A header naming the id of a thing, not of a person (``id_echantillon``, ``order_no``, ``sample_id``, ``station``):
    an id word and another word, or a thing's word last, none of them a person-bound column's. Its cells are no
    person's number however they look."""
    if not name or name in column_categories():
        return False
    words = [w for w in name.split("_") if w]
    if any(w in _person_column_words() for w in words):
        return False
    # a header whose last word names a thing, with or without its id word ("station", "vehicle_no": names.toml
    # [thing_keys])
    core = [w for w in words if w not in ID_COLUMN_WORDS]
    if core and core[-1] in word_set("names", "thing_keys") or _names_work_item(name):
        return True
    return len(words) >= 2 and any(w in ID_COLUMN_WORDS for w in words)


def _town(value: str) -> bool:
    """A town's name in lower case that is no surname ("berlin", "padova"; "jordan" is a surname too; a first name
    alone is no login either)."""
    low = value.lower()
    return value.isalpha() and low in word_list("places_lower") and low not in word_list("last_names_lower")


# a word and its number or its machine ("node18", "linux_x64", "worker-3"): a program's, a platform's or a pool's
_WORD_NUMBERED = regex.compile(r"([A-Za-z]{3,})[_-]?(?:\d{1,4}|x64|x86|amd64|arm64)")
# what a sentence's predicate follows: a copula of the five languages; a counted noun: a count after a word
# and its label ("June: 41 signups", not a listing's link count "drwxr-x--- 27 okwuosa" nor lsof's "nginx 4021 okwuosa")
_COUNTED = regex.compile(r"\p{L}:[ \t]+\d{1,6}[ \t]+$")
# a row of five lower-case words or more, one space or a comma apart (pygments' keyword rows; ls's columns of logins
# are two spaces apart)
_WORD_LIST = regex.compile(r"[ \t]*(?:[a-z]{2,}(?:,[ ]?|[ ])){4,}[a-z]{2,},?[ \t]*")
# a chat line's speaker: the line's start or its time in brackets before, a colon or two spaces and a time after
_SPEAKER_BEFORE = regex.compile(r"(?:^|^[ \t]*\[[\d:. T/-]{4,25}\][ \t]*|^[ \t]*[\d:. T/-]{4,25}[ \t]+)\Z")
_SPEAKER_AFTER = regex.compile(r":|[ \t]{2,}\d{1,2}:\d{2}")
_MONTH_DAY = regex.compile(r"(?i)(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)\d{2}")  # ps's START: Mar01
_PREDICATE_BEFORE = regex.compile(r"(?i)(?<![\w-])(?:is|are|was|è|sono|era|es|está|ist|sind|est|sont|était)[ \t]+$")


@functools.cache
def _curated_names() -> frozenset[str]:
    """The curated first and last names, lower case (not the census's, whose surnames spell words)."""
    return word_list("first_names_base_lower") | word_list("last_names_base_lower")


def _english(word: str) -> bool:
    """``word`` (lower case) is an English word or one's plural (web2 lists no plurals: ``activities``, ``renewals``)."""
    words = word_list("english_words")
    return word in words or word.endswith("s") and (
        word[:-1] in words or word.endswith("es") and word[:-2] in words or word.endswith("ies") and word[:-3] + "y" in words)


def _language_word(word: str) -> bool:
    """A word of English prose or of code, a tool's or a product's name (``retries``, ``config``, ``eslint``,
    ``webhook``)."""
    return (_english(word) or word in plain_words() or word in dictionary_words() or word in word_list("code_words_lower")
            or word in word_list("tool_stems_lower") or word in word_list("product_names_lower")
            or word in word_list("route_words_lower"))


def _named_login(line: str, start: int, end: int) -> bool:
    """A login the model may take by its place alone. Letters only: a word of no language list (``okwuosa``) or made
    of a name (:func:`.validators.login_made_of_name`); a word of English, of code or a tool's name is one only where
    it is a name too (``jonas``): "lunch  12:30" in a channel, "(marketing)" after a name, "[t] webhook:" stay, and so
    do a word after a copula ("la contraseña es incorrecta"), a counted noun ("June: 41 signups"), a word alone as a
    chat's speaker ("[09:12] grazie:"), a keyword list's words and a placeholder (``myuser``). A dotted one: a part
    is a first name or an initial and none a word of the language that is no name (``jordi.puigdemunt``, not
    ``pdfminer.pdfpage``, ``max.retries``); an underscored one: a part made of a name (``siobhan_gallagher``, not
    ``y_true``). A word of prose or code with a number or a machine after it is a program's or a pool's (``node18``,
    ``linux_x64``) unless the word is a name (``gianmarco3``); a month and a day are a date (``Mar01``, ps's START)."""
    token = line[start:end]
    if token.isalpha():
        low = token.lower()
        if not token.islower():
            return True
        if low.startswith("my") and (_english(low[2:]) or low[2:] in plain_words()):
            return False  # myuser, mydb, myapp: how documentation writes a placeholder
        if _language_word(low):
            # a word of the language is a login only where it is a name too ("jonas", "mark"), never made of one
            # ("using" = Usi + ng, "lines" = Line + s)
            return low in _curated_names()
        if login_made_of_name(low):
            return True
        if (_WORD_LIST.fullmatch(line[:MAX_LINE]) or _SPEAKER_BEFORE.search(line, 0, start)
                and _SPEAKER_AFTER.match(line, end)):
            # a keyword list's word, or a word alone as a chat's speaker ("[09:12] grazie:", "riunione  10:30": the
            # places where a channel's words in any language stand as often as logins)
            return False
        return not (_PREDICATE_BEFORE.search(line, max(0, start - 12), start)
                    or _COUNTED.search(line, max(0, start - 16), start))
    if "_" in token and not any(c.isdigit() for c in token):
        # a code identifier's words and letters (y_true, n_unique), not a handle (siobhan_gallagher,
        # the_real_baptiste, hdrozd_k): some part is made of a name, or none is a word of the language
        parts = [p for p in token.lower().split("_") if p]
        return any(len(p) >= 3 and login_made_of_name(p) and not _language_word(p) for p in parts) or not any(
            len(p) >= 2 and _language_word(p) for p in parts)
    if "." in token and not any(c.isdigit() for c in token):
        firsts = word_list("first_names_lower")
        parts = [p for p in regex.split(r"[._-]", token.lower()) if p]
        return any(len(p) == 1 or p in firsts for p in parts) and not any(
            _language_word(p) and p not in _curated_names() for p in parts if len(p) > 1)
    if _MONTH_DAY.fullmatch(token):
        return False
    if (m := _WORD_NUMBERED.fullmatch(token)) is not None:
        head = m.group(1).lower()
        if head in word_list("first_names_lower") or head in word_list("last_names_lower"):
            return True
        # a word, or two run together (fileserver1, webnode2): a machine's or a program's
        return not (_language_word(head) or any(_language_word(head[:k]) and _language_word(head[k:])
                                                for k in range(3, len(head) - 2)))
    return True


# a word in capitals that may be a login (ERP systems, mainframes, tills write them so: LOMBARDOC, HAGEDORNJ), of
# validators.caps_login's length; a word of its own: not a part of ROOFTOP-DOOR, LS_OPEN or a path (a login may stand
# before its host: LOMBARDOC@erp)
_CAPS_TOKEN = regex.compile(r"(?<![\w$.\-/\\])[A-Z]{6,16}(?![\w$.\-/\\])")


def lower_caps_logins(line: str) -> str:
    """``line`` with its :func:`.validators.caps_login` words in lower case, the same length: such a login is read by
    its place on the line as its lower-case form would be ("User LOMBARDOC locked", "|EWOJCIK||")."""
    return _CAPS_TOKEN.sub(lambda m: m.group().lower() if caps_login(m.group()) else m.group(), line)


class LoginDetector:
    """Logins and person-bound numbers by their place on the line."""

    name = "logins"
    produces = frozenset({"username", "account"})

    def __init__(self, model: LoginModel | None = None) -> None:
        self.model = model or LoginModel.bundled()
        # a line's findings depend on it and on its neighbours' first words: those three are the cache's key
        self._lines: LineCache[tuple[_Finding, ...]] = LineCache(self._scan)

    def clear_cache(self) -> None:
        """Forget the findings of the lines seen before."""
        self._lines.clear()

    def detect(self, text: str) -> list[Span]:
        """The logins and person-bound numbers of ``text``: the candidates of every line not seen before are
        scored together (one gather and one sum), then each line's findings are remembered."""
        keyed = [(ls, f"{prev}\0{nxt}\0{text[ls:le]}") for ls, le, prev, nxt in line_context(text)]
        fresh_keys = dict.fromkeys(key for _, key in keyed if self._lines.peek(key) is None)  # a repeated line once
        todo = {key: self._candidates(key) for key in fresh_keys}
        rows = [names for cands in todo.values() for _, _, names in cands]
        probs = list(self.model.batch(rows)) if rows else []
        fresh: dict[str, tuple[_Finding, ...]] = {}  # read from here: the cache keeps no line over CACHED_LINE
        k = 0
        for key, cands in todo.items():
            fresh[key] = self._decide(cands, probs[k:k + len(cands)])
            self._lines.put(key, fresh[key])
            k += len(cands)
        out: list[Span] = []
        soft: list[Span] = []
        for ls, key in keyed:
            for s, e, category, p, sure in (fresh[key] if key in fresh else self._lines.get(key)):
                (out if sure else soft).append(Span(ls + s, ls + e, category, self.name, p))
        if (out or len(soft) >= _COLUMN_FOUND) and "\n" in text:
            out.extend(column_mates(text, out, soft))
        if any(s.category == "account" for s in out):
            separated = any(sep in text for sep in ",;\t|")
            memo: dict[int, bool] = {}
            out = [s for s in out if s.category != "account" or not (
                separated and (_thing_id_column(name := column_name(text, s.start)) or names_a_record(name))
                or _first_column_names_work_item(text, s.start, memo) or _record_keyed(text, s.start))]
        return out

    def _scan(self, key: str) -> tuple[_Finding, ...]:
        """One line's findings (``key``: the neighbours' first words and the line, ``\\0``-joined)."""
        cands = self._candidates(key)
        return self._decide(cands, list(self.model.batch([names for _, _, names in cands]))) if cands else ()

    @staticmethod
    def _candidates(key: str) -> list[tuple[str, tuple[int, int, bool], list[str]]]:
        """The line's candidates that no cheap rule settles first, with their features: not an address's local
        part, an issue key or a number after an order, invoice or ticket word."""
        prev, nxt, line = key.split("\0", 2)
        if _CAPS_TOKEN.search(line):
            line = lower_caps_logins(line)
        emails = [m.span() for m in _EMAIL.finditer(line)] if "@" in line else []
        tokens = line_tokens(line)
        picked = [i for i, (start, _, t) in enumerate(tokens) if is_candidate(t)
                  and not any(a <= start < b for a, b in emails) and not _TICKET.fullmatch(t)]
        if not picked:
            return []
        lf = LineFeatures(tokens, prev, nxt)
        return [(line, (tokens[i][0], tokens[i][1], _in_path(tokens, i)), lf.names(i)) for i in picked
                if not _after_work_item(lf, i)]

    def _decide(self, cands: list[tuple[str, tuple[int, int, bool], list[str]]], probs: list[np.ndarray]) -> tuple[_Finding, ...]:
        out = []
        for (line, (start, end, in_path), _), p in zip(cands, probs, strict=True):
            k = int(p.argmax())
            label = LABELS[k]
            soft = False
            if label == "O" or p[k] < self.model.thresholds[label]:
                if p[_USER] < _SOFT:
                    continue
                k, label, soft = _USER, "USER", True  # below the threshold: only a column of such rows decides
            if label == "ACCOUNT" and not any(c.isdigit() for c in line[start:end]):
                continue  # "N° prospect": a header's word after a number sign; a person's number has digits
            if label == "USER" and not _named_login(line, start, end):
                continue  # a word of the language, a module's dotted path: no login whatever its place
            if label == "USER" and in_path:
                continue  # a path's segment (flatpages/default.html); home directories are the home-path detector's
            if label == "USER" and (_GROUP_KEY.search(line, max(0, start - 40), start)
                                    or _ID_KEY.search(line, max(0, start - 40), start)):
                continue  # "org": "kestrelvine", "_id": "MnRDSe…": an organisation's name or a record's id, not a login
            if label == "USER" and (_STATE_KEY.search(line, max(0, start - 40), start)
                                    or _LOGGER_AFTER_LEVEL.search(line, max(0, start - 12), start)
                                    and line[end:end + 1] == ":" and not any(c.isdigit() for c in line[start:end])):
                continue  # "status": "operational", "INFO  remesas: …": a state's word, a logger's name
            if label == "USER" and _AT_PROMPT.match(line[:start]) is not None:
                continue  # "$ zerotier-cli listnetworks": the program a prompt runs, no login
            if label == "USER" and line[start:end].lower() in _work_items():
                continue  # "RE: invoice 4471": the word of what is worked on, no login
            if label == "USER" and line[start:end].lower() in _programs():
                continue  # "510  sshpass -p …": a program the command runs, not its user
            if label == "USER" and line[start:end].lower() in _device_words():
                continue  # "deploy@laptop billing %": a device word names the host, not its user
            if _FILE_MODE.fullmatch(line, start, end) or (row := _DPKG_ROW.match(line)) is not None and row.end() == start:
                continue  # "lrwxrwxrwx": a file's mode; "ii  bsdutils  1:2.38…": dpkg -l's package
            if label == "USER" and (m := _OPTION_BEFORE.search(line, max(0, start - 40), start)) is not None \
                    and not _IDENTITY_OPTION.search(m.group("opt")):
                continue  # git log --format=fuller, --output=json: an option's value, not a login (--user=jdoe is one)
            if label == "USER" and _SPACED_ASSIGNMENT.match(line, end):
                continue  # "vehicle = M-GW 6016": an INI or a config file's key, not a login
            if label == "USER" and _PROSE_CELL.match(line, end) and line[start:end].isalpha() and line[start:end].islower() \
                    and sum(line.count(c) for c in ",;\t|") >= 2:
                continue  # "…;anello oro 750 gr;…", "\tallergie crustacés\t": a cell's words, in any language
            if _DEVICE_KEY.search(line, max(0, start - 40), start):
                continue  # device=GT-96005, "terminal_id": "T-4471": a machine's id, no person's login or number
            if label == "USER" and _GROUPED_CODE.fullmatch(line, start, end):
                continue  # DV-01529-23-2546, IT-2024-938133: a register's code in digit groups, no one's login
            if _HEX_ID.fullmatch(line, start, end):
                continue  # be0094ac69129218: a node's or an object's id in hex, no login and no person's number
            if (label == "USER" and line[start:end].isalpha() and line[start:end].islower()
                    and (_CODED_AFTER.match(line, end) or _NUMBERED_AFTER.match(line, end) and line[start:end] in dictionary_words())):
                continue  # "district D1:", "chamber CH-01", "next defrost 02:00": a noun and the thing's number
            if label == "USER" and (_PACKAGE_VERSION.match(line, end)
                                    or line[start - 1:start] == "-" and line[start - 2:start - 1] in ("", " ", "\t")):
                continue  # npm i prisma@latest, openssl … -sha256: a package's or an option's name
            if label == "USER" and _town(line[start:end]):
                continue  # "…,10367,berlin,de,…": a town's name in a row, no login
            if kept_by(line, start, end, _KEEPS) is None:
                out.append((start, end, CATEGORY[label], round(float(p[k]), 3), not soft))
        return tuple(out)


# a token with a digit right after a word ("district D1", "defrost 02:00", "zone 3")
_NUMBERED_AFTER = regex.compile(r"[ \t]+[A-Za-z]{0,4}[-_]?\d")
# ... and the code that says so whatever the word: a unit's or a zone's in capitals ("D1", "CH-01"); a time after a
# word of the dictionary only ("next defrost 02:00"; a roster's "okaforl 06:00-14:00" is a person's shift)
_CODED_AFTER = regex.compile(r"[ \t]+[A-Z]{1,4}-?\d{1,4}(?![\w.@-])")
_FIELD = regex.compile(r"\S+")
_FIELD_PUNCT = "\"'`()[]{},;<>"
_COLUMN_ROWS = 3  # a table: three rows or more
_COLUMN_FOUND = 2  # ... of which two or more, and half or more, hold a login in that column
_SOFT_COLUMN = 0.4  # a column of logins scored below the threshold only: their mean score at least this


def column_mates(text: str, found: Sequence[Span], soft: Sequence[Span] = ()) -> list[Span]:
    """Logins and person-bound numbers of a headerless table's column, from the column's rows together.

    Tools print one kind of value per column (``who``, ``last``, a group file's members, a queue's owners). A column
    (the same whitespace-separated field of a block's rows) is a login column when two or more rows and at least half
    of them hold a finding of one category, or a login the classifier scored below its threshold (``soft``: at least
    :data:`_SOFT`); a column of such scores alone needs their mean at :data:`_SOFT_COLUMN` or more. Then the column's
    other rows are taken too: its scored rows, and the fields of a login's or a number's shape that nothing keeps (a
    service account, a placeholder, a date, a version, a code word stays). A block is a run of non-empty lines;
    above the column's first finding, a row with no digit is a header or a command.
    """
    at: dict[tuple[int, int], tuple[str, float | None]] = {(s.start, s.end): (s.category, s.score) for s in soft}
    at.update({(s.start, s.end): (s.category, None) for s in found})
    taken = Intervals((s.start, s.end) for s in found)
    out: list[Span] = []
    pos = 0
    block: list[tuple[int, list[tuple[int, int]]]] = []
    for line in [*text.split("\n"), ""]:
        if not any(c.isalnum() for c in line) and line.strip():
            pass  # a table's rule (+----+, ───): part of the block, no row
        elif line.strip():
            block.append((pos, [(pos + m.start(), pos + m.end()) for m in _FIELD.finditer(line)]))
        else:
            if len(block) >= _COLUMN_ROWS:
                out.extend(_block_mates(text, block, at, taken))
            block = []
        pos += len(line) + 1
    return out


def _inner(text: str, a: int, b: int) -> tuple[int, int]:
    """A field without the quotes, brackets and separators around it."""
    while a < b and text[a] in _FIELD_PUNCT:
        a += 1
    while b > a and text[b - 1] in _FIELD_PUNCT:
        b -= 1
    return a, b


def _block_mates(text: str, block: list[tuple[int, list[tuple[int, int]]]],
                 at: dict[tuple[int, int], tuple[str, float | None]], taken: Intervals) -> list[Span]:
    out: list[Span] = []
    width = max(len(fields) for _, fields in block)
    digits = [any(c.isdigit() for c in text[fields[0][0]:fields[-1][1]]) for _, fields in block]
    for k in range(width):
        rows = [(fields[k], d) for (_, fields), d in zip(block, digits, strict=True) if len(fields) > k]
        marks = [at.get(_inner(text, a, b)) for (a, b), _ in rows]
        if not any(marks) or all(m is not None and m[1] is None for m in marks):
            continue  # nothing found in the column, or every row found already
        # above the column's first finding, a row with no digit is a header or the command (member_no, USER)
        first_hit = next(n for n, m in enumerate(marks) if m is not None)
        body = [(row, m) for n, ((row, d), m) in enumerate(zip(rows, marks, strict=True)) if n >= first_hit or d]
        hits = [m for _, m in body if m is not None]
        scores = [m[1] for m in hits if m[1] is not None]
        if (len(body) < _COLUMN_ROWS or len(hits) < _COLUMN_FOUND or 2 * len(hits) < len(body)
                or len({m[0] for m in hits}) != 1
                or len(scores) == len(hits) and (sum(scores) < _SOFT_COLUMN * len(scores)
                                                 or len({text[a:b] for (a, b), m in body if m is not None}) < 2)):
            continue  # a column of guesses alone needs their mean and two values at least (not a "Mar01" column)
        category = hits[0][0]
        for (a, b), mark in body:
            if mark is not None:
                if mark[1] is not None:  # a row the classifier scored below its threshold: the column decides
                    a, b = _inner(text, a, b)
                    if category == "username" and _CLASS_CODE.fullmatch(text, a, b):
                        continue  # a class's, a grade's or a size's code (M20, W35, U12): no one's login
                    out.append(Span(a, b, category, "logins:column", 0.5))
                continue
            a, b = _inner(text, a, b)
            if b <= a or taken.overlaps(a, b):
                continue
            value = text[a:b]
            if not is_candidate(value) or _EMAIL.fullmatch(value) or _TICKET.fullmatch(value) or _HEX_ID.fullmatch(value):
                continue
            ls = text.rfind("\n", 0, a) + 1
            le = text.find("\n", b)
            line = text[ls:le if le >= 0 else len(text)]
            if kept_by(line, a - ls, b - ls, _KEEPS) is None:
                out.append(Span(a, b, category, "logins:column", 0.5))
    return out
