"""The model detector: a compact multilingual token classifier (person, address) run with onnxruntime.

Files live in ``coatcheck/data/model`` (model.onnx, tokenizer.json, labels.json), produced by ``training/``.
Loaded once per process and shared (onnxruntime sessions and tokenizers are thread-safe). Long texts are cut
into overlapping windows of at most ``max_len`` tokens, batched; each token takes its probabilities from the
window where it sits farthest from an edge; BIO tags are decoded with constraints (an I- that does not continue
its own entity starts one) and mapped back to exact character offsets. Lines that cannot hold a name (base64,
minified, very long tokens) are skipped.
"""

from __future__ import annotations

import functools
import json
import logging
import os
import threading
from collections import OrderedDict
from collections.abc import Callable
from functools import lru_cache
from importlib import resources
from pathlib import Path

import numpy as np
import regex

from ..errors import ConfigError
from ..spans import Span
from .dates import date_ranges
from .vocabulary import (all_plain_words, alternation, company_suffixes, composed_labels, is_product, name_particles, name_roles,
                         plain_words, vocab_cache, vocabulary_labels, vocabulary_words)

CATEGORY = {"PER": "person", "ADDR": "address"}
_SKIP_LINE = regex.compile(r"^\s*\S{120,}\s*$")
# A name or a street address needs a capitalised word that is not a call, an attribute or an identifier part.
_CAP_WORD = regex.compile(r"(?<![\w.$@/\\-])\p{Lu}\p{Ll}+(?:[-'’]\p{L}+)?(?![\w(.]\w|[\w(])")
_TWO_CAPS = regex.compile(r"(?<![\w.$@/\\-])\p{Lu}\p{Ll}+[ \t]+(?:\p{Ll}{1,4}[ \t]+)?\p{Lu}\p{Ll}+")


@vocab_cache
def address_cue() -> regex.Pattern[str]:
    """A street word of data/vocab/streets.toml with a number: after the number ("12 Main Street", "3 rue Royale"),
    before it ("Via Roma 12"), or ending a one-word street name ("Hauptstraße 5")."""
    before = vocabulary_words("streets", "before")
    either = alternation((*before, *vocabulary_words("streets", "after")))
    compound = alternation(vocabulary_words("streets", "compound"))
    # bounded distances: on a long line with many digits an unbounded ".*" is read again from every digit
    return regex.compile(rf"(?i)\d.{{0,80}}?\b{either}\b|\b{alternation(before)}\b.{{0,80}}?\d|\p{{L}}+{compound}\s{{0,3}}\d")


def _worth_a_look(line: str, caps: list[str] | None = None) -> bool:
    """Cheap gate: the model only sees lines that could hold a name or an address. ``caps``: the line's
    capitalised words, when the caller found them already."""
    if caps is None:
        caps = [m.group() for m in _CAP_WORD.finditer(line)]
    if not caps or _SKIP_LINE.match(line):
        return False
    if _TWO_CAPS.search(line) or address_cue().search(line):
        return True
    names = _known_names()
    return any(w in names for w in caps)


@lru_cache(maxsize=1)
def _known_names() -> frozenset[str]:
    """Gazetteer names that are not also code or prose words ("True", "Date", "Branch"): the lists' own, not the
    census's (a rare surname is a word of another language as often: "Feld", "Menge", "Campione"; the model's
    gate and its one-word names were tuned on the lists)."""
    from .._data import word_list

    names = (word_list("first_names_base") | word_list("last_names_base")) - word_list("common_words")
    other = plain_words()
    return frozenset(n for n in names if n.lower() not in other)


_LOCK = threading.Lock()


def model_dir() -> Path:
    return Path(str(resources.files("coatcheck").joinpath("data", "model")))


def available(path: Path | None = None) -> bool:
    p = path or model_dir()
    return all((p / f).exists() for f in ("model.onnx", "tokenizer.json", "labels.json"))


log = logging.getLogger("coatcheck.model")
_GPU_PROVIDERS = ("CUDAExecutionProvider",)


def choose_providers(available: list[str], want: str | None = None) -> tuple[list[str], str | None]:
    """The execution providers to ask for, and a one-line note when a GPU was wanted but cannot be used.

    ``want`` is ``$COATCHECK_DEVICE``: ``auto`` (default: the GPU when onnxruntime-gpu sees one), ``cpu`` or ``gpu``.
    The CPU provider is always last, so a session that fails to start on the GPU still runs."""
    want = (want or "auto").strip().lower()
    if want not in ("auto", "cpu", "gpu", "cuda"):
        raise ConfigError(f"COATCHECK_DEVICE must be auto, cpu or gpu, not {want!r}")
    gpu = [p for p in _GPU_PROVIDERS if p in available]
    if want == "cpu":
        return ["CPUExecutionProvider"], None
    if gpu:
        return [*gpu, "CPUExecutionProvider"], None
    if want in ("gpu", "cuda"):
        return ["CPUExecutionProvider"], "GPU requested but onnxruntime has no CUDA provider (install coatcheck[gpu]); running on CPU"
    return ["CPUExecutionProvider"], None


def runtime_conflict() -> str | None:
    """A note when both the CPU and the GPU onnxruntime distributions are installed: they share one module, so
    whichever was installed last wins and the CUDA provider may vanish (onnxruntime issue #26996)."""
    from importlib import metadata

    have = set()
    for dist in ("onnxruntime", "onnxruntime-gpu"):
        try:
            metadata.version(dist)
            have.add(dist)
        except metadata.PackageNotFoundError:
            pass
    if len(have) == 2:
        return ("onnxruntime and onnxruntime-gpu are both installed and share one module; for the GPU run "
                "`pip uninstall -y onnxruntime onnxruntime-gpu && pip install onnxruntime-gpu`")
    return None


def session_options(threads: int | None = None):
    """Options for a latency-bound tagger on a few cores: every graph optimisation, sequential execution, and
    ``$COATCHECK_MODEL_THREADS`` intra-op threads (default: one per core but one, which the rule detectors use
    while the model runs beside them; see pipeline._OVERLAP_CHARS)."""
    import onnxruntime as ort

    opts = ort.SessionOptions()
    opts.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_ALL
    opts.execution_mode = ort.ExecutionMode.ORT_SEQUENTIAL
    env = threads if threads is not None else os.environ.get("COATCHECK_MODEL_THREADS")
    if env:
        try:
            n = int(env)
        except ValueError:
            raise ConfigError(f"COATCHECK_MODEL_THREADS must be a whole number, not {env!r}") from None
        opts.intra_op_num_threads = max(1, n)
    else:
        opts.intra_op_num_threads = max(1, (os.cpu_count() or 2) - 1)
    return opts


@lru_cache(maxsize=4)
def _load(path: str):
    import onnxruntime as ort
    from tokenizers import Tokenizer

    providers, note = choose_providers(ort.get_available_providers(), os.environ.get("COATCHECK_DEVICE"))
    if note:
        log.warning(note)
    if providers[0] != "CPUExecutionProvider" and hasattr(ort, "preload_dlls"):
        try:  # CUDA and cuDNN from the nvidia-* wheels or torch, when the system has none on its library path
            ort.preload_dlls()
        except Exception as exc:  # a missing library shows up below as a CPU fallback
            log.debug("preload_dlls: %s", exc.__class__.__name__)
    session = ort.InferenceSession(str(Path(path) / "model.onnx"), session_options(), providers=providers)
    if providers[0] != "CPUExecutionProvider" and session.get_providers()[0] == "CPUExecutionProvider":
        log.warning("the CUDA provider did not start (driver or CUDA libraries missing); the model runs on CPU")
    tok = Tokenizer.from_file(str(Path(path) / "tokenizer.json"))
    meta = json.loads((Path(path) / "labels.json").read_text())
    return session, tok, meta


def active_provider(path: Path | None = None) -> str:
    """The execution provider the shipped model runs on in this process (for ``coatcheck doctor``)."""
    session = _load(str(path or model_dir()))[0]
    return str(session.get_providers()[0])


_STREET_WORD = regex.compile(r"\p{Lu}\p{Ll}{2,}")

_WORD_AND_SPACE = regex.compile(r"(\S+)\s+")
_LABELLED_ID = regex.compile(r"\S+\s+\d{6,},?\s+")  # "Steuer-ID 31951072463, " before the address


@vocab_cache
def _address_labels() -> frozenset[str]:
    return frozenset(vocabulary_labels("address"))


@vocab_cache
def _number_label() -> regex.Pattern[str]:
    """A person-bound number's label ("Kundennummer", "n. socio"): an address holds none, a run of labelled ids does
    ("KD-955900, Patientennummer 237628196")."""
    return regex.compile(r"(?<!\w)" + (composed_labels("account") or "(?!)"), regex.IGNORECASE)


@vocab_cache
def _street_name_prefixes() -> frozenset[str]:
    return frozenset(vocabulary_words("streets", "name_prefixes"))


def _trim_address(text: str, start: int, end: int) -> int:
    """Move an address span's start past leading words that are not part of it ("Il habite", "Adresse:")."""
    from .._data import word_list

    while start < end:
        m = _LABELLED_ID.match(text, start, end) or _WORD_AND_SPACE.match(text, start, end)
        if m is None:
            break
        word = m.group(1) if m.re is not _LABELLED_ID else None
        if word is not None and word in _street_name_prefixes() and text[m.end():m.end() + 1].isupper():
            break  # "Am Kirchberg 40": the preposition begins the street's name
        if word is not None and (word[0].isdigit() or (word[0].isupper() and word not in word_list("common_words")
                                 and not word.endswith(":") and word.lower().strip(":") not in _address_labels())):
            break
        start = m.end()
    return start


# A commit SHA or another hex digest: letters and digits of [0-9a-f], seven or more (git log --oneline's "1eaa458").
_LONG_NUMBER = regex.compile(r"(?<![\w-])\d{7,}(?![\w-])")
_HEX_ID = regex.compile(r"(?<![\w-])(?=[0-9a-f]*[a-f])(?=[0-9a-f]*\d)[0-9a-f]{7,64}(?![\w-])")


def _house_number(value: str) -> bool:
    """The digits an address needs come from a house number or a postcode, not from a commit SHA or a hex id: the
    digest's digits are no street number ("1eaa458 Initial Django skeleton" is a git log line)."""
    # a run of 7+ digits alone is an id (an all-digit commit SHA, an order number), never a house number
    return any(c.isdigit() for c in _LONG_NUMBER.sub(" ", _HEX_ID.sub(" ", value)))


# a table's cells (three blanks in a row) or a process table's start stamp ("Ss   Mar31"): no address
_CELLS_OR_STAMP = regex.compile(r"[ \t]{3}|\t|(?i:\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)\d{1,2}\b)")


# a cell of an aligned table's row: up to a tab or a run of two blanks
_CELL = regex.compile(r"[^\t]+?(?=\t|[ ]{2,}|$)")


def _refine(text: str, start: int, end: int, kind: str) -> tuple[int, int] | None:
    """Precision filters after decoding: whole words only; no product or placeholder names; person spans trimmed of
    leading articles and trailing lower-case words or company suffixes, and a one-word person must be a known first
    or last name; an address needs a capitalised word and a digit, no e-mail or phone material, and not a date."""
    from .._data import word_list

    if (start > 0 and text[start - 1].isalnum()) or (end < len(text) and text[end].isalnum()):
        return None  # a fragment of a word ("ra" in "signora")
    if is_product(text[start:end]):
        return None
    if kind == "ADDR":
        start = _trim_address(text, start, end)
        end = _cut_address_tail(text, start, end)
        cells = [m for m in _CELL.finditer(text[start:end]) if m.group().strip()]
        if len(cells) > 1:
            # an aligned table's row read as one address ("WO-487739  Isla Brennan  (512) 317-8068  140 Willow Lane"):
            # the address is the last cell that has a house number and a street word
            cell = next((m for m in reversed(cells) if _house_number(m.group()) and _STREET_WORD.search(m.group())), None)
            if cell is None:
                return None
            start, end = start + cell.start() + len(cell.group()) - len(cell.group().lstrip()), start + cell.end()
        value = text[start:end]
        before = regex.search(r"[\w-]+[ \t]+$", text[max(0, start - 40):start])
        if before is not None and is_product(before.group() + value):
            return None  # a product's name with a number in it ("Office 365 Exchange Online")
        # an address has words (no token alone: "MqHLKwNH39Li….recvd-i543y" is a message id) and closes what it opens
        # ("MacBook Pro (14-inch" is a model's name cut at its comma)
        ok = (_house_number(value) and _STREET_WORD.search(value) is not None and len(value) <= 120
              and regex.search(r"[\s,]", value) is not None and value.count("(") == value.count(")")
              and not any(c in value for c in "@+#|\\\n") and not date_ranges(value)
              and _number_label().search(value) is None and _CELLS_OR_STAMP.search(value) is None)
        return (start, end) if ok else None
    words = [(m.start(), m.end()) for m in regex.finditer(r"\S+", text[start:end])]
    if len(words) >= 2 and regex.match(r"[ \t]*:", text[end:end + 8]):
        gap = text[start + words[-2][1]:start + words[-1][0]]
        if "\t" in gap or len(gap) >= 2:
            words.pop()  # the next field's label of a form ("Nom : MERCIER   Prénom : Nicolas"): not the name's
    common = word_list("common_words")
    roles = name_roles()
    while words and (text[start + words[0][0] : start + words[0][1]] in common or text[start + words[0][0]].islower()
                     or text[start + words[0][0] : start + words[0][1]].lower() in roles):
        words.pop(0)  # an article, a role or a title: "Patient Jane Miller", "Dr. Bob Stone", "Mme Claire Martin"
    tail = _TOKEN_REST.match(text, end)  # the model's span may stop inside "S.p.A"
    last = text[start + words[-1][0] : start + words[-1][1]] + tail.group() if words else ""
    after = _WORD_AFTER.match(text, end)
    if _company_suffix(last.strip(",")) or after is not None and _company_suffix(after.group(1)):
        return None  # "Metalmeccanica Adriatica S.p.A", "Limpiezas Brillo S.L.": a company, not a person
    while words and text[start + words[-1][0] : start + words[-1][1]].lower().strip(".,") in company_suffixes():
        words.pop()  # a suffix written in lower case is the next word of the sentence ("… sa sœur"): not the name's
    while words:
        w = text[start + words[-1][0] : start + words[-1][1]]
        if not w[0].isupper() or w in common:
            words.pop()  # a name ends with a capitalised word, never with a particle ("... Alvarez superó la")
        else:
            break
    if not words:
        return None
    particles = name_particles()
    if any(text[start + a].islower() and text[start + a : start + b] not in particles for a, b in words):
        return None  # "Damen und Herren": a lower-case word inside is not a name
    new_start, new_end = start + words[0][0], start + words[-1][1]
    value = text[new_start:new_end]
    if is_product(value) or any(is_product(text[start + a : start + b]) for a, b in words):
        return None
    if not _could_be_a_name(text, new_start, new_end, [text[start + a : start + b].strip(".,") for a, b in words]):
        return None
    if len(words) == 1:
        w = value.strip(".,")
        w = w.title() if w.isupper() and len(w) >= 4 else w  # a surname in capitals, as forms write it ("MERCIER")
        known = (len(w) >= 3 and (w in word_list("first_names_base") or w in word_list("last_names_base")) and w not in common
                 and w not in word_list("ambiguous_first_names"))
        return (new_start, new_end) if known and not _quoted_alone(text, new_start, new_end) else None
    return new_start, new_end


# where an address the model reads too far ends: a sentence's end, or before a run of nine digits or more (a phone, a
# card: "Hauptstraße 178, 34289 Leipzig, Rückruf unter 0157 7706 7448. Bezahlt mit Karte …")
# (a sentence ends after a word of three lower-case letters or more, three digits or a code, not after "St." or "17.")
_SENTENCE_END = regex.compile(r"(?<=\p{Ll}{3}|\d{3}|[A-Z0-9]{5})\.[ \t]+\p{Lu}\p{Ll}|\n")
_DIALLED_RUN = regex.compile(r"(?<!\d)(?!\d{5}-\d{4}(?!\d))\+?\d(?:[ ./-]?\d){8,}")  # not a ZIP+4, not "Via Roma 123 00184"


def _cut_address_tail(text: str, start: int, end: int) -> int:
    """``end``, or where the model's address span should have stopped (see above); ``start`` when nothing is left."""
    if (m := _SENTENCE_END.search(text, start, end)) is not None:
        end = m.start()
    if (n := _DIALLED_RUN.search(text, start, end)) is not None:
        comma = text.rfind(",", start, n.start())
        end = comma if comma > start else start
    return end


_WORD_AFTER = regex.compile(r",?[ ]([\p{L}.&]+)(?![\w-])")


@vocab_cache
def _company_suffixes_undotted() -> frozenset[str]:
    return frozenset(x.replace(".", "") for x in company_suffixes())


def _company_suffix(word: str) -> bool:
    """``word`` is a legal form as a company writes it, with a capital ("S.p.A", "GmbH", "Co.", "SA"): "sa sœur",
    "sa che", "co-signed" are words of a sentence."""
    return any(c.isupper() for c in word) and word.lower().replace(".", "") in _company_suffixes_undotted()
_TOKEN_REST = regex.compile(r"[\p{L}.&]*")
# A delimited row: two or more field separators with no space after them ("17,Marta,Kowalczyk"), or a tab; an address
# in prose writes ", " between its parts.
_ROW = regex.compile(r"[^\n]*(?:\t|(?P<sep>[,;|])(?! )[^\n]*(?P=sep)(?! ))[^\n]*")


def _row_separators(text: str, start: int, end: int) -> str:
    """The field separators of the delimited row (CSV, TSV) that ``[start, end)`` (one line) sits in, or ""."""
    ls = text.rfind("\n", 0, start) + 1
    le = text.find("\n", end)
    line = text[ls : le if le >= 0 else len(text)]
    if not _ROW.fullmatch(line):
        return ""
    return "\t" + "".join(c for c in ",;|" if line.count(c) >= 2)


def _cut(text: str, start: int, end: int, at: Callable[[int], bool]) -> list[tuple[int, int]]:
    pieces, a = [], start
    for i in range(start, end):
        if at(i):
            pieces.append((a, i))
            a = i + 1
    pieces.append((a, end))
    return [(p, q) for p, q in pieces if q > p]


def _field_end(text: str, seps: str, i: int) -> bool:
    """``text[i]`` ends a field of a row whose separators are ``seps`` (a tab, or one with no space after it)."""
    return text[i] in seps and (text[i] == "\t" or text[i + 1 : i + 2] != " ")


def _unquoted_pieces(text: str, start: int, end: int) -> list[tuple[int, int]]:
    """``[start, end)`` cut at every double quote, line break and, in a delimited row, field separator (one with no
    space after it: "12 Main St, Leeds" in a quoted cell stays whole): no name or address holds one, in JSON or code a
    ``"`` ends a string, and a CSV cell ends at its separator, so an entity the tagger ran across one
    (``6.9e-268, "Author``; ``1042,Marta``: a customer id and a first name) is judged piece by piece and a span never
    swallows a delimiter."""
    out = []
    for a, b in _cut(text, start, end, lambda i: text[i] in '"\n'):
        seps = _row_separators(text, a, b)
        if not seps:
            out.append((a, b))
            continue
        out.extend(_cut(text, a, b, functools.partial(_field_end, text, seps)))
    return out


def _quoted_alone(text: str, start: int, end: int) -> bool:
    """One capitalised word alone in a string literal ("Gelu", 'Darwin'): an enum value, an operator or a platform
    name in code. A person's name in a field ("name": "Carlos") is the rules' job (name fields)."""
    before, after = text[start - 1 : start], text[end : end + 1]
    return before in ("'", '"', "`") and after == before


def _word_char(c: str) -> bool:
    return c.isalnum() or c in "-'’"


def _whole_words(text: str, start: int, end: int) -> tuple[int, int]:
    """Snap a span to whole words by their first piece, as the tagger was trained: a word belongs to the span when
    its first character does ("Esteban Qui|roga" takes all of "Quiroga"; "Belle|cour" gives nothing of "Bellecour")."""
    if start > 0 and _word_char(text[start - 1]) and _word_char(text[start]):
        while start < end and _word_char(text[start]):
            start += 1
        while start < end and text[start].isspace():
            start += 1
    if start < end and _word_char(text[end - 1]):
        while end < len(text) and _word_char(text[end]):
            end += 1
    return start, end


# An identifier part: a capital after three lower-case letters (EmailHeaderLexer, StableDiffusion); McDonald, DeVito
# and LaToya keep theirs after one or two.
_CAMEL = regex.compile(r"\p{Ll}{3}\p{Lu}")


def _could_be_a_name(text: str, start: int, end: int, words: list[str]) -> bool:
    """What no person's name looks like: a list ("Chebyshev, Laguerre", "True, False"), a number ("PEP 3115"), an
    alternative in a pattern ("Jan|Feb"), a code keyword or type word, a CamelCase identifier."""
    value = text[start:end].rstrip(".,")
    if "," in value or any(c.isdigit() for c in value) or "|" in text[max(0, start - 1) : start] + text[end : end + 1]:
        return False
    return not (any(_CAMEL.search(w) for w in words) or all_plain_words(words))


# A piece of text the gate judges on its own: a line, or a part of a line between escaped newlines ("\\n" in a JSON
# string holding a whole file is a line break too).
_PIECE = regex.compile(r"(?:[^\n\\]|\\(?!n))*(?:\n|\\n)?")
_Found = tuple[int, int, str, str, float]  # (start, end, category, detector, score) relative to its region


class _RegionCache:
    """Results per region text, least recently used first out. Agents resend the whole conversation on every turn,
    and the normalised view repeats most of the original: a region seen before costs a dictionary look-up. Held in
    this process's memory only, like the vault."""

    def __init__(self, max_chars: int = 4_000_000) -> None:
        self.max_chars = max_chars
        self._items: OrderedDict[str, tuple[_Found, ...]] = OrderedDict()
        self._chars = 0
        self._lock = threading.Lock()

    def get(self, key: str) -> tuple[_Found, ...] | None:
        with self._lock:
            hit = self._items.get(key)
            if hit is not None:
                self._items.move_to_end(key)
            return hit

    def put(self, key: str, value: tuple[_Found, ...]) -> None:
        with self._lock:
            if key in self._items or len(key) > self.max_chars:
                return
            self._items[key] = value
            self._chars += len(key)
            while self._chars > self.max_chars:
                old, _ = self._items.popitem(last=False)
                self._chars -= len(old)

    def __len__(self) -> int:
        return len(self._items)


class ModelDetector:
    name = "model"

    def __init__(self, path: Path | None = None, batch_tokens: int = 2048, stride: int = 32, parts: tuple | None = None,
                 cache_chars: int | None = None) -> None:
        """``parts`` = (session, tokenizer, meta) replaces loading from ``path`` (tests use a stand-in session).
        ``batch_tokens`` bounds rows x length of one inference batch (windows of similar length go together).
        ``cache_chars`` bounds the region cache (default ``$COATCHECK_MODEL_CACHE_CHARS`` or 4,000,000; 0 turns it off)."""
        self.path = path or model_dir()
        if parts is not None:
            self.session, self.tok, self.meta = parts
        else:
            with _LOCK:
                self.session, self.tok, self.meta = _load(str(self.path))
        self.labels: list[str] = self.meta["labels"]
        self.max_len = int(self.meta.get("max_len", 128))
        self.thresholds: dict[str, float] = self.meta.get("thresholds", {})
        self.batch_tokens = max(batch_tokens, self.max_len)
        self.stride = stride
        bos, eos = self.tok.token_to_id("<s>"), self.tok.token_to_id("</s>")
        if bos is None or eos is None:
            raise ConfigError("the model's tokenizer has no <s>/</s> tokens")
        self.bos, self.eos = bos, eos
        self.pad = int(self.meta.get("pad", 1))
        self._kinds = sorted({lab.split("-", 1)[1] for lab in self.labels if lab != "O"})
        self.produces = frozenset(CATEGORY[k] for k in self._kinds)  # from the label map
        self._columns = {k: [i for i, lab in enumerate(self.labels) if lab.endswith("-" + k)] for k in self._kinds}
        if cache_chars is None:
            env = os.environ.get("COATCHECK_MODEL_CACHE_CHARS", "4000000")
            try:
                cache_chars = int(env)
            except ValueError:
                raise ConfigError(f"COATCHECK_MODEL_CACHE_CHARS must be a whole number, not {env!r}") from None
        self.cache = _RegionCache(cache_chars)

    def _regions(self, text: str, max_chars: int = 4000) -> list[tuple[int, int]]:
        """Runs of consecutive lines (or escaped-newline pieces) that could hold a name or an address."""
        caps = [(m.start(), m.group()) for m in _CAP_WORD.finditer(text)]  # one pass: most pieces have none
        out: list[tuple[int, int]] = []
        start = 0
        open_ = False
        k = 0
        for m in _PIECE.finditer(text):
            pos, end = m.span()
            if pos == end:
                continue
            while k < len(caps) and caps[k][0] < pos:
                k += 1
            if text.startswith("\\n", pos - 2):
                # a piece after an escaped newline starts with "n" in the whole text: judge it on its own
                useful = _worth_a_look(m.group())
            else:
                j = k
                while j < len(caps) and caps[j][0] < end:
                    j += 1
                useful = j > k and _worth_a_look(m.group(), [w for _, w in caps[k:j]])
            if useful and not open_:
                start, open_ = pos, True
            elif not useful and open_:
                out.append((start, pos))
                open_ = False
            if open_ and end - start >= max_chars:
                out.append((start, end))
                open_ = False
        if open_:
            out.append((start, len(text)))
        return out

    def clear_cache(self) -> None:
        """Forget the regions read before."""
        self.cache = _RegionCache(self.cache.max_chars)

    def detect(self, text: str) -> list[Span]:
        spans: list[Span] = []
        todo: list[str] = []
        where: dict[str, list[int]] = {}
        for s, e in self._regions(text):
            key = text[s:e]
            hit = self.cache.get(key)
            if hit is None:
                if key not in where:
                    todo.append(key)
                where.setdefault(key, []).append(s)
                continue
            spans.extend(Span(s + a, s + b, c, d, sc) for a, b, c, d, sc in hit)
        for key, found in zip(todo, self._infer(todo), strict=True):
            self.cache.put(key, found)
            for s in where[key]:
                spans.extend(Span(s + a, s + b, c, d, sc) for a, b, c, d, sc in found)
        return sorted(spans, key=lambda x: (x.start, x.end))

    def _infer(self, regions: list[str]) -> list[tuple[_Found, ...]]:
        """Tag each region text; results have offsets relative to their region."""
        if not regions:
            return []
        windows: list[tuple[int, list[int], int]] = []  # (region index, token ids, first token index)
        encodings = self.tok.encode_batch(regions, add_special_tokens=False)
        size = self.max_len - 2
        step = max(1, size - self.stride)
        for r, enc in enumerate(encodings):
            n = len(enc.ids)
            for first in range(0, max(1, n - self.stride), step) if n > size else [0]:
                windows.append((r, enc.ids[first : first + size], first))
        # A batch holds windows of one region only. The int8 model quantises its activations per batch (one scale
        # for the whole tensor, padding included), so a window's result would otherwise depend on its neighbours in
        # the batch: the same text could be masked differently from one run, worker or cache state to the next.
        probs_by_region = [np.zeros((len(enc.ids), len(self.labels)), dtype=np.float32) for enc in encodings]
        best_margin = [np.full(len(enc.ids), -1, dtype=np.int32) for enc in encodings]
        b = 0
        while b < len(windows):
            e = b + 1
            while e < len(windows) and windows[e][0] == windows[b][0] and (e + 1 - b) * (len(windows[e][1]) + 2) <= self.batch_tokens:
                e += 1
            chunk = windows[b:e]
            b = e
            T = max(len(w[1]) for w in chunk) + 2
            ids = np.full((len(chunk), T), self.pad, dtype=np.int64)
            att = np.zeros((len(chunk), T), dtype=np.int64)
            for k, (_, wid, _) in enumerate(chunk):
                ids[k, : len(wid) + 2] = [self.bos, *wid, self.eos]
                att[k, : len(wid) + 2] = 1
            out = self.session.run(["probs"], {"input_ids": ids, "attention_mask": att})[0]
            for k, (r, wid, first) in enumerate(chunk):
                n = len(wid)
                j = np.arange(n, dtype=np.int32)
                margin = np.minimum(j, n - 1 - j)  # each token takes the window where it sits farthest from an edge
                seg = best_margin[r][first : first + n]
                better = margin > seg
                seg[better] = margin[better]
                probs_by_region[r][first : first + n][better] = out[k, 1 : n + 1][better]
        return [tuple((sp.start, sp.end, sp.category, sp.detector, sp.score) for sp in self._decode(region, 0, enc.offsets, probs))
                for region, enc, probs in zip(regions, encodings, probs_by_region, strict=True)]

    def _decode(self, text: str, base: int, offsets, probs: np.ndarray) -> list[Span]:
        """Entities from per-token probabilities: a run of non-O tokens is one entity until a B- tag starts the next;
        its type is the one with the most probability mass over its tokens (an I-PER inside an address does not cut
        it); ADDR pieces a few characters apart are one address."""
        tags = probs.argmax(-1)
        kinds, columns = self._kinds, self._columns
        raw: list[list] = []  # [type, start, end, scores]: entities above threshold, character offsets
        seg: list[int] | None = None  # [first token, last token]

        def close() -> None:
            if seg is None:
                return
            a, z = seg
            mass = {k: probs[a : z + 1][:, cols].sum(axis=1) for k, cols in columns.items()}
            kind = max(kinds, key=lambda k: float(mass[k].sum()))
            scores = [float(x) for x in mass[kind]]
            if float(np.mean(scores)) < self.thresholds.get(kind, 0.5):
                return
            start, end = offsets[a][0], offsets[z][1]
            gap = text[base + raw[-1][2] : base + start] if raw else ""
            if kind == "ADDR" and raw and raw[-1][0] == kind and len(gap) <= 8 and "\n" not in gap:
                raw[-1][2] = end  # "14 Orchard Lane, | Bath BA1 5LT": one address the tagger cut in two
                raw[-1][3] = raw[-1][3] + scores
            else:
                raw.append([kind, start, end, scores])

        for t, tag in enumerate(tags):
            label = self.labels[tag]
            if label == "O":
                close()
                seg = None
            elif label.startswith("B-") or seg is None:
                close()
                seg = [t, t]
            else:
                seg[1] = t
        close()
        out: list[Span] = []
        for kind, first, last, scores in raw:
            for start, end in _unquoted_pieces(text, base + first, base + last):
                while start < end and text[start].isspace():
                    start += 1
                while end > start and text[end - 1] in ".,;:!?)\"'":
                    end -= 1
                start, end = _whole_words(text, start, end)
                refined = _refine(text, start, end, kind) if end > start else None
                if refined is not None:
                    out.append(Span(refined[0], refined[1], CATEGORY[kind], f"model:{kind}", float(np.mean(scores))))
        return out
