"""Language vocabularies (data/vocab/*.toml): every word list that depends on a language, loaded once.

A vocabulary file holds tables; each table has one key per declared language (``languages.toml``), possibly an empty
list, and may have an ``other`` key for words of no declared language. A missing key, an unknown one or a list that is
not a list of words is a :class:`ConfigError` naming the file and the table. Detectors build their regexes from these
lists once (:func:`vocab_cache`).

Extra vocabulary, with no change to the package: a folder laid out like ``data/vocab`` (a ``languages.toml`` declaring
new languages, and any of the vocabulary files holding the tables to extend) named by ``$COATCHECK_VOCAB_DIR``
(several folders separated by ``os.pathsep``) or passed to :func:`use_vocabulary`. Its lists are added to the shipped
ones, table by table and language by language.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from functools import cache, lru_cache
from pathlib import Path
from typing import Any, TypeVar

import regex

from .._data import data_path, load_toml, word_list
from ..errors import ConfigError

ENV_VAR = "COATCHECK_VOCAB_DIR"
OTHER = "other"  # the key for words of no declared language

_T = TypeVar("_T")
_CLEARS: list[Callable[[], None]] = []
_extra: tuple[Path, ...] | None = None  # None: $COATCHECK_VOCAB_DIR not read yet


def vocab_cache(fn: Callable[..., _T]) -> Callable[..., _T]:
    """:func:`functools.cache` for anything built from the vocabulary (a word set, a compiled regex): built once,
    built again after :func:`use_vocabulary`."""
    cached = cache(fn)
    _CLEARS.append(cached.cache_clear)
    return cached


def vocab_lru(maxsize: int) -> Callable[[Callable[..., _T]], Callable[..., _T]]:
    """:func:`vocab_cache` with at most ``maxsize`` entries, least recently used out: for lookups keyed by text."""
    def wrap(fn: Callable[..., _T]) -> Callable[..., _T]:
        cached = lru_cache(maxsize=maxsize)(fn)
        _CLEARS.append(cached.cache_clear)
        return cached
    return wrap


def extra_dirs() -> tuple[Path, ...]:
    """The extra vocabulary folders in use: those of the last :func:`use_vocabulary`, else ``$COATCHECK_VOCAB_DIR``."""
    global _extra
    if _extra is None:
        _extra = _checked_dirs(p for p in os.environ.get(ENV_VAR, "").split(os.pathsep) if p.strip())
    return _extra


def use_vocabulary(*dirs: str | os.PathLike[str]) -> None:
    """Use the shipped vocabulary plus the lists in the folders ``dirs``, in place of any given before or in
    ``$COATCHECK_VOCAB_DIR``; with no folder, go back to the default (``$COATCHECK_VOCAB_DIR``, else the shipped
    vocabulary alone). Every regex and word set built from the vocabulary is built again, and the whole vocabulary is
    checked now: a bad list raises ConfigError here and the vocabulary in use stays as it was. Call it before building
    a :class:`~coatcheck.Masker`: one built earlier keeps the rule and name patterns it compiled. Not thread-safe."""
    global _extra
    previous = _extra
    _extra = _checked_dirs(dirs) if dirs else None
    _clear()
    try:
        check_vocabulary()
    except ConfigError:
        _extra = previous
        _clear()
        raise


def _clear() -> None:
    for clear in _CLEARS:
        clear()


def _checked_dirs(dirs: Iterable[str | os.PathLike[str]]) -> tuple[Path, ...]:
    out = []
    shipped = {f.name for f in data_path("vocab").iterdir() if f.name.endswith(".toml")}
    for d in dirs:
        p = Path(d).expanduser()
        if not p.is_dir():
            raise ConfigError(f"vocabulary folder {p} does not exist ({ENV_VAR} or use_vocabulary)")
        unknown = sorted(f.name for f in p.glob("*.toml") if f.name not in shipped)
        if unknown:
            raise ConfigError(f"vocabulary folder {p}: {', '.join(unknown)} is no vocabulary file "
                              f"(known: {', '.join(sorted(shipped))})")
        out.append(p)
    return tuple(out)


def _sources(name: str) -> list[tuple[str, dict[str, Any]]]:
    """(where, parsed TOML) of vocabulary file ``name``: the shipped one, then each extra folder's, when it has one."""
    out: list[tuple[str, dict[str, Any]]] = [(f"data/vocab/{name}", load_toml(data_path("vocab", name)))]
    for d in extra_dirs():
        if (d / name).is_file():
            out.append((str(d / name), load_toml(d / name)))
    return out


@vocab_cache
def languages() -> tuple[str, ...]:
    """The declared languages: the shipped ``languages.toml``, then each extra folder's."""
    out: list[str] = []
    for where, data in _sources("languages.toml"):
        langs = data.get("languages")
        if not isinstance(langs, list) or not all(isinstance(x, str) and x.strip() and x != OTHER for x in langs):
            raise ConfigError(f"{where}: 'languages' must be a list of language codes")
        out.extend(langs)
    return tuple(dict.fromkeys(out))


@vocab_cache
def _vocab_file(name: str) -> dict[str, dict[str, tuple[str, ...]]]:
    """Vocabulary file ``name`` (``labels.toml``…) with the extra folders' lists merged in, checked."""
    langs = languages()
    tables: dict[str, dict[str, list[str]]] = {}
    sources = _sources(name)
    for i, (where, data) in enumerate(sources):
        for table, lists in data.items():
            if not isinstance(lists, dict):
                raise ConfigError(f"{where}: {table!r} must be a table [{table}] of per-language lists")
            if i > 0 and table not in tables:
                raise ConfigError(f"{where}: [{table}] is no list of data/vocab/{name}")
            merged = tables.setdefault(table, {})
            for lang, words in lists.items():
                if lang not in langs and lang != OTHER:
                    raise ConfigError(f"{where}: [{table}] has a list for {lang!r}, which is no declared language "
                                      f"(languages.toml: {', '.join(langs)})")
                if not isinstance(words, list) or not all(isinstance(w, str) and w.strip() for w in words):
                    raise ConfigError(f"{where}: [{table}] {lang} must be a list of words")
                merged.setdefault(lang, []).extend(words)
    files = " + ".join(where for where, _ in sources)
    for table, lists in tables.items():
        for lang in langs:
            if lang not in lists:
                raise ConfigError(f"{files}: [{table}] has no list for language {lang!r} (an empty list if it has "
                                  f"no such words)")
    return {t: {lang: tuple(dict.fromkeys(ws)) for lang, ws in lists.items()} for t, lists in tables.items()}


def vocabulary_files() -> tuple[str, ...]:
    """The names of the shipped vocabulary files, ``languages.toml`` aside."""
    return tuple(sorted(f.name for f in data_path("vocab").iterdir()
                        if f.name.endswith(".toml") and f.name != "languages.toml"))


def check_vocabulary() -> None:
    """Load and check every vocabulary file now (``use_vocabulary``, tests)."""
    for name in vocabulary_files():
        _vocab_file(name)


def vocabulary_words(file: str, table: str, only: tuple[str, ...] | None = None) -> tuple[str, ...]:
    """The entries of ``[table]`` in vocabulary file ``file`` (``"labels"``, ``"dates"``…), every declared language
    and ``other`` (or the languages ``only``) in order, without repeats. An unknown table is a ConfigError."""
    lists = _vocab_file(f"{file}.toml").get(table)
    if lists is None:
        raise ConfigError(f"data/vocab/{file}.toml: no list [{table}]")
    out: list[str] = []
    for lang in only if only is not None else (*languages(), OTHER):
        if only is not None and lang not in lists:
            raise ConfigError(f"data/vocab/{file}.toml: [{table}] has no list for language {lang!r}")
        out.extend(lists.get(lang, ()))
    return tuple(dict.fromkeys(out))


def vocabulary_tables(file: str) -> tuple[str, ...]:
    """The names of the tables of vocabulary file ``file``."""
    return tuple(_vocab_file(f"{file}.toml"))


@vocab_cache
def word_set(file: str, table: str) -> frozenset[str]:
    """``[table]`` of ``file`` in lower case, every language: for membership tests."""
    return frozenset(w.lower() for w in vocabulary_words(file, table))


def alternation(words: Iterable[str]) -> str:
    """A regex alternation ``(?:…)`` of ``words``, each escaped and literal, longest first; ``(?!)``, which matches
    nothing, when there are none."""
    ordered = sorted(set(words), key=lambda w: (-len(w), w))
    return "(?:" + "|".join(regex.escape(w) for w in ordered) + ")" if ordered else "(?!)"


def phrase_alternation(words: Iterable[str]) -> str:
    """The bare alternation (no group) of phrases ``words``, lower case, escaped, longest first, for case-insensitive
    patterns: a space matches any run of blanks or hyphens, an apostrophe either apostrophe."""
    parts = sorted({w.lower() for w in words}, key=lambda w: (-len(w), w))
    return "|".join(regex.escape(w).replace("\\ ", " ").replace(" ", r"[\s-]+").replace("'", "['’]") for w in parts)


def vocabulary_labels(name: str, languages: tuple[str, ...] | None = None) -> tuple[str, ...]:
    """Every label of list ``name`` of labels.toml (every language, or ``languages``); an unknown list or a missing
    language is a ConfigError."""
    if name not in _vocab_file("labels.toml"):
        raise ConfigError(f"labels.toml: no label list {name!r}")
    return vocabulary_words("labels", name, languages)


# label lists of labels.toml that a vocabulary file composes further: holder nouns x number markers (numbers.toml)
_COMPOSED = {"account": "numbers"}


def _phrase(words: Iterable[str]) -> str:
    """An alternation of phrases whose spaces match any run of space, ``_``, ``.`` or ``-`` (or none: German
    compounds), longest first; ``(?!)`` for none."""
    parts = ["[\\s_.-]*".join(regex.escape(w, special_only=True) for w in p.split())
             for p in sorted(set(words), key=lambda w: (-len(w), w))]
    return "(?:" + "|".join(parts) + ")" if parts else "(?!)"


@vocab_cache
def composed_labels(name: str) -> str | None:
    """A regex for the labels of list ``name`` that a vocabulary file composes (``account``: a holder with a number
    marker of the same language, in that language's order: "patient number", "Mitgliedsnr", "n. cartella clinica",
    "numéro de police", "nº de socio"), case-insensitive; None for a list with no composition."""
    file = _COMPOSED.get(name)
    if file is None:
        return None
    sep = "[\\s_.-]*"
    # a label ends its word, or is a REST path's collection of such numbers ("/claimant_numbers/CLM-…")
    end = "(?:(?!\\w)|(?=s/))"
    out = []
    for lang in languages():
        holders = vocabulary_words(file, "holders", (lang,))
        before = vocabulary_words(file, "markers", (lang,))
        after = vocabulary_words(file, "markers_after", (lang,))
        joins = vocabulary_words(file, "joins", (lang,))
        if not holders:
            continue
        h = _phrase(holders)
        if after:
            out.append(f"{h}{sep}{_phrase(after)}{end}")  # customer no, Kunden-Nr, Mitgliedsnummer, socio nº
        if before:
            j = f"(?:{_phrase(joins)}{sep})?" if joins else ""
            out.append(f"{_phrase(before)}{sep}{j}{h}{end}")  # numero cliente, n° de police, nº de socio
        if id_holders := vocabulary_words(file, "id_holders", (lang,)):
            out.append(f"{_phrase(id_holders)}{sep}id{end}")  # driver_id, crewId, pilot ID
    standalone = vocabulary_words(file, "standalone")
    if standalone:
        out.append(_phrase(standalone) + "(?!\\w)")
    bare = vocabulary_words(file, "bare")
    if bare:  # a holder alone, or an abbreviated one ("emp.", "Kd."), with a marker before or after it or not ("Nº emp.",
        # "Kd.-Nr.")
        markers = [*vocabulary_words(file, "markers"), *vocabulary_words(file, "markers_after")]
        after_any = _phrase(vocabulary_words(file, "markers_after"))
        out.append(f"(?:{_phrase(markers)}{sep})?{_phrase(bare)}\\.?(?:{sep}{after_any}\\.?)?(?!\\w)")
    return "(?:" + "|".join(out) + ")"


def composed_keywords(name: str) -> tuple[str, ...]:
    """The words a text holds when one of ``name``'s composed labels is in it (for a rule's keyword prefilter)."""
    file = _COMPOSED.get(name)
    if file is None:
        return ()
    words = [*vocabulary_words(file, "holders"), *vocabulary_words(file, "standalone"), *vocabulary_words(file, "bare")]
    # an abbreviation ("emp", "kd", "matr") is no keyword: it is inside too many words ("template", "temp") to narrow
    # the search; a label made of one is found where a longer keyword stands near it
    found = [k for w in words if len(k := max(w.lower().split(), key=len)) >= 5]
    found += [w.lower() for w in vocabulary_words(file, "id_holders")]  # (each is a whole role: "crew" of crew_id)
    return tuple(dict.fromkeys(found))


def name_particles() -> frozenset[str]:
    """Lower-case particles inside personal names, every language (data/vocab/names.toml)."""
    return _names_set("particles")


def document_particles() -> frozenset[str]:
    """The name particles and those only documents read as such (names.toml [document_particles])."""
    return name_particles() | _names_set("document_particles")


# what may open a surname before its capital: Mc, Mac, O', D', L', N', Dell', and the particles that CamelCase glues on
# ("DaSilva", "DeLuca", "LaFleur", "VanDyke", "FitzGerald": the particle followed by a capitalised word)
SURNAME_PREFIX = r"(?:Mc|Mac|[ODLN]['’]|Dell['’]|(?:Da|De|Di|Du|La|Le|Van|Von|Fitz)(?=\p{Lu}\p{Ll}))"


def document_particle_regex() -> str:
    """An alternation of :func:`document_particles`, longest first (case as the caller's pattern says)."""
    return alternation(document_particles())


@vocab_cache
def _names_set(table: str) -> frozenset[str]:
    return frozenset(vocabulary_words("names", table))


def phrase_regex(table: str) -> str:
    """An alternation of the phrases of names.toml's ``table`` (honorifics, greetings), escaped, longest first."""
    return alternation(_names_set(table))


@vocab_cache
def calendar_words() -> frozenset[str]:
    """Month and weekday names of data/vocab/dates.toml, every language, lower case."""
    return frozenset(vocabulary_words("dates", "months")) | frozenset(vocabulary_words("dates", "weekdays"))


@vocab_cache
def title_abbreviations() -> frozenset[str]:
    """The titles written with a full stop (``dr.``, ``prof.``, ``med.``, ``sig.ra``): a word one of them names is a
    title, never a name; lower case, the stop included."""
    return frozenset(w for w in name_roles() if w.endswith("."))


@vocab_cache
def name_roles() -> frozenset[str]:
    """Roles and titles written before a name (``patient``, ``docteur``, ``Richterin``, ``Dr.``), lower case."""
    return frozenset(w.lower() for w in _names_set("roles")) | frozenset(w.lower() for w in _names_set("honorifics"))


def company_suffixes() -> frozenset[str]:
    """Legal-form suffixes (``GmbH``, ``S.p.A.``, ``Ltd``) in lower case, every language."""
    return _names_set("company_suffixes")


def particle_regex() -> str:
    """An alternation of the name particles, longest first."""
    return alternation(name_particles())


def is_product(value: str) -> bool:
    """A product, bot or organisation name (keep/product_names.txt, ``dependabot[bot]``, ``… bot``): the one
    product check for rules, keep predicates, validators, the model's refinement and repeats."""
    low = value.strip().lower()
    return low in word_list("product_names") or low.endswith(("[bot]", " bot")) or _vehicle_model(low)


def _vehicle_model(low: str) -> bool:
    """A car's make and model ("toyota yaris hybrid", "kia niro", "mercedes-benz vito 116 cdi", "bmw 320d touring")
    or a model and its trim ("octavia combi"), anywhere in the words: a dealer's, a rental's or a fleet's product."""
    words = low.replace("\n", " ").split()
    if len(words) < 2:
        return False
    makes, models = word_list("vehicle_makes"), word_list("vehicle_models")
    trims = _vehicle_trims()
    for i in range(len(words) - 1):
        pair, nxt = words[i], words[i + 1]
        two = f"{pair} {nxt}"
        after = words[i + 2] if i + 2 < len(words) else ""
        if (pair in makes or two in makes) and (nxt in models or after in models or any(c.isdigit() for c in nxt)):
            return True
        if pair in models and nxt in trims and pair not in trims:
            return True
    return False


@cache
def _vehicle_trims() -> frozenset[str]:
    text = data_path("keep", "vehicle_models.txt").read_text(encoding="utf-8")
    return frozenset(line.strip() for line in text.split("# trims and bodies", 1)[1].splitlines()[1:]
                     if line.strip() and not line.startswith("#"))


def all_plain_words(words: list[str]) -> bool:
    """True when every word is one that technical prose writes in lower case (keep/prose_words.txt) or a code word
    (keep/code_words.txt): "Line Comment", "True False", "Branch" are a heading or code, not a person's name."""
    plain = plain_words()
    return bool(words) and all(w.strip(".,:;'\"()").lower() in plain for w in words)


@cache
def first_names() -> frozenset[str]:
    """The gazetteer's first names (keep/first_names.txt) that are no common word (keep/common_words.txt)."""
    return word_list("first_names") - word_list("common_words")


def syllabic_given_name(word: str) -> bool:
    """A romanised East Asian given name of two syllables joined by a hyphen, as Korean and many Chinese names are
    written (``Sung-min``, ``Jae-won``, ``Mei-Lin``, ``Xiao-Ling``): two different syllables of keep/given_name_syllables.txt,
    the first capitalised. The name lists hold few of them (their short syllables are no entries of their own)."""
    first, sep, second = word.partition("-")
    if not sep or "-" in second or first == second.capitalize() or not first[:1].isupper() or not first[1:].islower():
        return False
    if not (second.islower() or second[:1].isupper() and second[1:].islower()):
        return False
    syllables = word_list("given_name_syllables")
    return first.lower() in syllables and second.lower() in syllables


@cache
def plain_words() -> frozenset[str]:
    """Lower-case words that are no name: keep/prose_words.txt and keep/code_words.txt."""
    return word_list("prose_words") | word_list("code_words")


@cache
def dictionary_words() -> frozenset[str]:
    """:func:`plain_words` and keep/dictionary_words.txt: the words a dictionary, prose or code writes (one set, built
    once: the union of ~15,000 words is too dear to build per call)."""
    return word_list("dictionary_words") | plain_words()


def label_lists() -> tuple[str, ...]:
    """The names of every label list."""
    return vocabulary_tables("labels")


def operation_key(key: str) -> bool:
    """A credential key written as an operation's name, a verb first (``sendOtp``, ``verify_token``'s handler
    ``issueToken``): a log line names its logger or its function so (credentials.toml [operation_verbs])."""
    words = _key_words(key)
    return len(words) > 1 and words[0] in credential_words("operation_verbs") and key[:1].islower()


def credential_words(kind: str) -> frozenset[str]:
    """A word list from data/vocab/credentials.toml in lower case, every language: ``words``, ``passwords``,
    ``qualifiers`` or ``not_a_value``."""
    return word_set("credentials", kind)


_SPLIT = regex.compile(r"\p{Lu}?[\p{Ll}0-9]+|\p{Lu}+(?!\p{Ll})")  # letters with case of any script: "requête", "Schlüssel"
# Identifier words that name a credential by position, not by meaning (is_credential_key below).
_AFTER_QUALIFIER = ("key", "auth", "cookie", "seed", "schlüssel", "schluessel")
_WHOLE_KEY = ("connectionstring", "connstr")


def _key_words(key: str) -> list[str]:
    """A key's words in lower case, its signs and dots as separators (``DB_PASSWORD``, ``apiKey``, ``client-secret``)."""
    return [w.lower() for w in _SPLIT.findall(key.strip("$@-_.").replace("-", "_").replace(".", "_"))]


def identifier_words(name: str) -> list[str]:
    """The words of an identifier as written (``PDFSHIFT_KEY`` → PDFSHIFT, KEY; ``apiKey`` → api, Key)."""
    return _SPLIT.findall(name)


def is_credential_key(key: str) -> bool:
    """True when ``key`` names a credential: ``DB_PASSWORD``, ``apiKey``, ``client-secret``, ``auth_token`` …
    but not ``password_min_length``, ``max_tokens``, ``secret_name``, ``token_url``."""
    key = key.strip("$@-_.")
    words = _key_words(key)
    if not words:
        return False
    cred, qualifiers = credential_words("words"), credential_words("qualifiers")
    if words[0] in ("nopasswd", "nopassword", "nopass") or words[0] == "no" and len(words) > 1:
        return False  # sudoers' NOPASSWD: tag, NO_PASSWORD: a setting that there is none, never a value
    if any((" " + " ".join(words)).endswith(" " + c) for c in credential_words("credential_ids")):
        return True  # AWS_ACCESS_KEY_ID
    if words[-1] in credential_words("not_a_value"):
        return False
    if any(w in credential_words("describing") for w in words):
        return False  # _comment_credentials, password_description: a text about the credential (help, doc, note: as
        # the last word only, [not_a_value]; HELP_DESK_PASSWORD is a password)
    if access_code_words(words):
        return True
    # a credential noun of several words written as a key's parts: mot_de_passe_retrait, mot-de-passe
    if any("".join(words[i:j]) in cred for i in range(len(words)) for j in (i + 2, i + 3) if j <= len(words)):
        return True
    for i, w in enumerate(words):
        if w == "pw" and i < len(words) - 1:
            continue  # PW_TEST_HTML_REPORT_OPEN (Playwright), pw_gecos: "pw" names a password only as the last word
        # PGPASSWORD, dbpassword, and German compounds: Initialpasswort, Einmalkennwort
        if w in cred or w.endswith(("password", "passwd", "passwort", "kennwort")):
            return True
        if w.endswith("pass") and w[:-4] in _GLUED_PASS_OWNERS:
            return True  # Moodle's $CFG->dbpass and smtppass, a script's ftppass: a service's password glued to its name
        if w in _AFTER_QUALIFIER and (i == 0 and w == "auth" or i > 0 and words[i - 1] in qualifiers):
            return True
    # REDISCLI_AUTH, BASIC_AUTH: "auth" as the last word is the credential itself
    return words[-1] == "auth" or len(words) == 1 and words[0] in _WHOLE_KEY


# what a password glued to "pass" belongs to in configs (dbpass, smtppass, ftppass, rootpass; not "bypass", "compass")
_GLUED_PASS_OWNERS = frozenset({"db", "smtp", "mail", "ftp", "sftp", "root", "admin", "user", "sql", "mysql", "pg",
                                "ldap", "wifi", "wlan", "proxy", "vpn", "imap", "pop", "redis", "mongo", "api", "app",
                                "sys", "bind", "rpc", "web", "ssh", "sa"})


def access_code_words(words: list[str]) -> bool:
    """The words of a key (lower case) name a code that opens a place or the one typed at a keypad: "code" last after
    a qualifier (gate_code, masterCode; not master_code_branch, portal_code) or after a panel's numbered user slot
    (user01.code), or "code" then the door or the typing (code_entered, code_portail)."""
    if len(words) >= 2 and words[-1] == "code" and words[-2] in credential_words("code_qualifiers"):
        return True
    # a panel's numbered user slot: user01.code, user_03_code
    slot = words[-3:-1] if len(words) >= 3 and words[-2].isdigit() else words[-2:-1]
    if (len(words) >= 2 and words[-1] == "code" and slot and (name := "".join(slot).rstrip("0123456789")) != "".join(slot)
            and name in credential_words("code_numbered")):
        return True
    return len(words) >= 2 and words[-2] == "code" and words[-1] in credential_words("code_after")


@vocab_cache
def credential_stems() -> tuple[str, ...]:
    """Lower-case strings at least one of which occurs in every key :func:`is_credential_key` accepts (``pass``
    covers password, passwort and motdepasse): the generic credential detector reads only lines holding one."""
    words = set(credential_words("words")) | set(_AFTER_QUALIFIER) | set(_WHOLE_KEY)
    # the keys [credential_ids] accepts: session_id, sess_id, secret_id, access_key_id ("access" alone: "access" and
    # "key" are both there, and "key" is a stem already)
    words |= {c.split()[0] for c in credential_words("credential_ids") if c.split()[0] != "access"}
    return tuple(sorted(w for w in words if not any(v != w and v in w for v in words)))


@vocab_cache
def _function_words_by_language() -> dict[str, frozenset[str]]:
    return {lang: frozenset(w.lower() for w in vocabulary_words("stopwords", "common", only=(lang,))) for lang in languages()}


_LOWER_WORD = regex.compile(r"(?<![\p{L}])\p{Ll}+(?![\p{L}])")


def guess_language(text: str, sample: int = 4000) -> str | None:
    """The language of ``text`` whose frequent words (stopwords.toml [common]) it writes most in its first
    ``sample`` characters: None where fewer than five are found or a second language comes close."""
    counts = dict.fromkeys(languages(), 0)
    sets = _function_words_by_language()
    for m in _LOWER_WORD.finditer(text, 0, min(len(text), sample)):
        word = m.group()
        for lang, words in sets.items():
            if word in words:
                counts[lang] += 1
    ranked = sorted(counts.items(), key=lambda kv: kv[1], reverse=True)
    if ranked[0][1] < 5 or ranked[1][1] * 1.5 >= ranked[0][1]:
        return None
    return ranked[0][0]


@vocab_cache
def first_names_of(lang: str) -> frozenset[str]:
    """keep/first_names_by_language.toml's names of ``lang`` (built by training/lists/first_names_by_language.py)."""
    names = load_toml(data_path("keep", "first_names_by_language.toml")).get(lang)
    return frozenset(names) if names else frozenset()


_LINE_START = regex.compile(r"(?:^|\n)[ \t]*$")


# classifications numbered in Roman ("Killip I. Ecocardiograma…", "NYHA II", "Stadium IV", "grado III")
_CLASS_BEFORE = regex.compile(r"(?i)(?:killip|nyha|stage|stadium|grade|grad|grado|class|classe|clase|klasse|type|typ|tipo|"
                              r"forrest|fontaine|gleason|figo|tnm|ccs|asa|gcs|bi-rads|lugano|ann[ ]arbor)[ ]$")


def roman_heading(text: str, start: int) -> bool:
    """``text[start:]`` opens a line with a section's Roman number ("I. ALLEGED VIOLATION", "V. Ecocardiograma") or
    ends a classification's ("Killip I. Ecocardiograma"), not a name's initial."""
    return (text[start:start + 1] in ("I", "V", "X") and text[start + 1:start + 2] == "."
            and (_LINE_START.search(text, max(0, start - 12), start) is not None
                 or _CLASS_BEFORE.search(text, max(0, start - 12), start) is not None))


@cache
def country_names() -> frozenset[str]:
    """The names of the world's countries and territories in the five languages (``Romania``, ``Rumänien``,
    ``Turquie``), from phonenumbers' geocoding data: a state, as a party of a case, is no person."""
    import phonenumbers
    from phonenumbers import geocoder

    names: set[str] = set()
    for region in phonenumbers.SUPPORTED_REGIONS:
        example = phonenumbers.example_number(region)
        if example is None:
            continue
        for lang in ("en", "fr", "de", "it", "es"):
            if name := geocoder.country_name_for_number(example, lang):
                names.add(name)
    return frozenset(names)

