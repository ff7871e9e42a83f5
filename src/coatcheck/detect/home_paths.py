"""User names in home directory paths, in every encoding a path reaches a model in (data/home_paths.toml).

``/home/u``, ``\\/home\\/u`` (JSON), ``%2Fhome%2Fu`` (URL), ``C:\\Users\\u`` and ``C:\\\\Users\\\\u``, ``C:/Users/u``,
``~u/``, and Claude Code's project folders ``-home-u-repo`` / ``C--Users-u-repo``, whose dashes cannot say where the
name ends. One pass reads every encoding; the names read where the path says where they end are then looked for in the
ambiguous encodings (a slug, ``~u``), so a name found once is masked in each encoding it appears in. A slug whose name
no other encoding gives is masked to its end: its first part is somebody's name, and where that name stops cannot be
known.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from typing import Any

import regex

from .._data import data_path, load_toml
from ..errors import ConfigError
from ..spans import Span
from .keep import kept_by

HOME_PATH_DETECTOR = "home-path-user"  # each span's detector: this, ":" and the encoding
_KEEPS = ("is_service_username", "is_templated", "is_placeholder_value", "is_code_word")
# Characters that end a user-name segment whatever the encoding: separators of every encoding, quotes, space, markup
_STOP = r"/\\\s\"'`:*?<>|${}%&#=,;()\[\]"
_SEGMENT = rf"[^{_STOP}]{{1,64}}"
_DRIVE_SEGMENT = rf"[^{_STOP}]{{1,64}}(?: [^{_STOP}]{{1,64}}){{0,3}}"  # C:\Users\Marta Kowalczyk\ (Windows allows spaces)
_SLUG_CHARS = "[A-Za-z0-9-]"
# a root starts a path: not inside a word ("the-home-page", "x/home/"); a JSON string's escaped tab or line break
# before it is no word ("\\n\\t/home/chen_s/src/main.go" in a logged stack trace)
_BEFORE = r"(?:(?<![\w.~-])|(?<=\\[ntr]))"
_NOT_SLUG_NAME = re.compile(r"[^A-Za-z0-9]")


@dataclass(frozen=True)
class Encoding:
    """One way of writing a home path (a record of data/home_paths.toml)."""

    id: str
    sep: str
    drive: bool
    colon: str
    slug: bool
    ignore_case: bool
    rooted: bool = False


@dataclass(frozen=True)
class _Compiled:
    encoding: Encoding
    pattern: regex.Pattern[str]


def _root(root: str, sep: str) -> str:
    return regex.escape(sep).join(regex.escape(part) for part in root.split("/"))


def _encodings(data: dict[str, Any]) -> list[Encoding]:
    out = []
    for i, rec in enumerate(data.get("encoding", [])):
        unknown = set(rec) - {"id", "sep", "drive", "colon", "name", "ignore_case", "rooted"}
        if unknown or not isinstance(rec.get("id"), str) or not isinstance(rec.get("sep"), str) or not rec["sep"]:
            raise ConfigError(f"data/home_paths.toml: encoding #{i} ({rec.get('id', '?')}): needs id and sep"
                              + (f", unknown {sorted(unknown)}" if unknown else ""))
        if rec.get("name", "segment") not in ("segment", "slug") or (
                rec.get("drive") and not rec.get("colon") and not rec.get("rooted")) or (
                rec.get("rooted") and (not rec.get("drive") or rec.get("colon"))):
            raise ConfigError(f"data/home_paths.toml: encoding {rec['id']!r}: name is segment or slug; a drive "
                              f"encoding needs colon unless rooted, and a rooted one is a drive encoding with no colon")
        out.append(Encoding(rec["id"], rec["sep"], bool(rec.get("drive", False)), rec.get("colon", ""),
                            rec.get("name", "segment") == "slug", bool(rec.get("ignore_case", False)),
                            bool(rec.get("rooted", False))))
    return out


@cache
def _load() -> tuple[list[_Compiled], regex.Pattern[str], dict[str, Any]]:
    """The compiled encodings, the ``~user`` pattern and the file's examples."""
    data = load_toml(data_path("home_paths.toml"))
    roots, drive_roots = data.get("roots", []), data.get("drive_roots", [])
    compiled = []
    for enc in _encodings(data):
        sep = regex.escape(enc.sep)
        if enc.drive:
            alt = "|".join(_root(r, enc.sep) for r in drive_roots)
            if enc.rooted:  # no drive letter, colon or share before the root; "." (a relative ".\Users\u") may be
                prefix = rf"(?:(?<![\w:\\/%$.-])|(?<![\w.])\.){sep}(?i:{alt}){sep}"
            else:
                prefix = rf"(?<![\w])[A-Za-z]{regex.escape(enc.colon)}{sep}(?:{alt}){sep}"
        else:
            alt = "|".join(_root(r, enc.sep) for r in roots)
            prefix = rf"{_BEFORE}{sep}(?:{alt}){sep}"
        if enc.slug:
            name = rf"(?P<v>{_SLUG_CHARS}+)(?!{_SLUG_CHARS})"
            prefix = prefix.replace(r"(?<![\w])", r"(?<![\w-])")
        elif enc.rooted:  # (a profile's own folder next, or the path's end: no namespace's class)
            children = "|".join(regex.escape(c) for c in data.get("rooted_children", []))
            name = rf"(?P<v>{_SEGMENT})(?={sep}(?i:{children})(?:{sep}|[\"'`\s,;)]|$)|[\"'`\s,;)]|$)"
        elif enc.drive:
            name = rf"(?P<v>{_DRIVE_SEGMENT}(?={sep}|[\"'`\s]|$)|{_SEGMENT})"
        else:
            name = rf"(?P<v>{_SEGMENT})"
        flags = regex.IGNORECASE if enc.ignore_case else 0
        compiled.append(_Compiled(enc, regex.compile(prefix + name, flags)))
    tilde = regex.escape(data.get("tilde", {}).get("prefix", "~"))
    tilde_re = regex.compile(rf"(?<![\w~$\\/]){tilde}(?P<v>[A-Za-z_][A-Za-z0-9._-]{{0,63}})(?=/|(?P<end>[\s\"'`]|$))")
    return compiled, tilde_re, data.get("examples", {})


@cache
def _shared_folders() -> frozenset[str]:
    """Folders under a home root that no user owns (data/home_paths.toml ``shared_folders``)."""
    return frozenset(str(f).lower() for f in load_toml(data_path("home_paths.toml")).get("shared_folders", ()))


def examples() -> dict[str, list[str]]:
    """The positive and negative examples of data/home_paths.toml (a parametrised test runs them)."""
    return _load()[2]


def slug_form(name: str) -> str:
    """``name`` as Claude Code writes it in a project folder's name: every character but a letter or digit as ``-``."""
    return _NOT_SLUG_NAME.sub("-", name)


class HomePathDetector:
    """User names in home paths, every encoding of data/home_paths.toml."""

    name = "home-paths"
    produces = frozenset({"username"})

    def detect(self, text: str) -> list[Span]:
        compiled, tilde, _ = _load()
        shared = _shared_folders()
        out: list[Span] = []
        names: set[str] = set()
        slugs: list[tuple[int, int]] = []
        for c in compiled:
            for m in c.pattern.finditer(text):
                s, e = m.span("v")
                if c.encoding.slug:
                    slugs.append((s, e))
                    continue
                if text[s:e].lower() not in shared and kept_by(text, s, e, _KEEPS) is None:
                    names.add(text[s:e])
                    out.append(Span(s, e, "username", f"{HOME_PATH_DETECTOR}:{c.encoding.id}", 0.9))
        for m in tilde.finditer(text):
            s, e = m.span("v")
            # ~u/…: a home path; ~u alone ("~approximately") only when another encoding gave the name
            if (m.group("end") is None or text[s:e] in names) and kept_by(text, s, e, _KEEPS) is None:
                names.add(text[s:e])
                out.append(Span(s, e, "username", f"{HOME_PATH_DETECTOR}:tilde", 0.85))
        out.extend(self._slugs(text, slugs, names))
        return out

    @staticmethod
    def _slugs(text: str, slugs: list[tuple[int, int]], names: set[str]) -> list[Span]:
        """The user name at the start of each slug: a name another encoding gave (longest first), else the slug to its
        end, unless its first part is a service account or a placeholder (``-home-runner-work-app``)."""
        known = sorted({slug_form(n) for n in names}, key=len, reverse=True)
        out = []
        for s, e in slugs:
            rest = text[s:e]
            hit = next((k for k in known if rest == k or rest.startswith(k + "-")), None)
            if hit is not None:
                out.append(Span(s, s + len(hit), "username", f"{HOME_PATH_DETECTOR}:slug", 0.9))
                continue
            first = rest.split("-", 1)[0]
            if not first or kept_by(text, s, s + len(first), _KEEPS) is not None:
                continue
            out.append(Span(s, e, "username", f"{HOME_PATH_DETECTOR}:slug-rest", 0.8))
        return out
