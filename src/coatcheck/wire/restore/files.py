"""Which files a secret may be written into: not the ones that run by themselves or are code to execute.

A secret restored into ``.git/hooks/pre-push``, a ``postinstall`` script, a Makefile, a shell start-up file, a CI
config or a notebook next to a command the model wrote leaves the machine the next time that file runs, with no
tool call left to decide. The list is data (``[files] auto_run`` in ``data/sinks.toml``); a file whose new content
starts with ``#!`` is a script wherever it lives. A file the value was read from is the exception: it holds the
value already, so writing it there again hands nobody anything new (and keeps edits around it working).
"""

from __future__ import annotations

import fnmatch
import os
import functools
import posixpath
import re

from ..._data import data_path, load_toml

# Codex reads each patch line trimmed ("tolerant of extra padding"): a header may be indented
_PATCH_FILE = re.compile(r"^[ \t]*\*\*\*[ \t]*(?:Add|Update|Delete) File:[ \t]*(.+?)\s*$|^[ \t]*\*\*\*[ \t]*Move to:[ \t]*(.+?)\s*$",
                         re.MULTILINE)


@functools.cache
def file_facts() -> dict[str, tuple[str, ...]]:
    """``[files]`` of ``data/sinks.toml``: auto_run, path_fields, match_fields, whole_file_readers, host_keys."""
    return {k: tuple(v) for k, v in load_toml(data_path("sinks.toml"))["files"].items()}


def _patterns() -> tuple[str, ...]:
    return file_facts()["auto_run"]


def match_field(field: str) -> bool:
    """The field only matches text already in a file (Edit's ``old_string``)."""
    return field in file_facts()["match_fields"]


def normalise(path: str) -> str:
    """A path as compared here: forward slashes, no ``./`` or ``..`` segments, no trailing slash."""
    return posixpath.normpath(path.replace("\\", "/")) if path else path


@functools.lru_cache(maxsize=4096)  # decided once per path, not once per placeholder of a call
def auto_run(path: str) -> str | None:
    """The ``auto_run`` pattern ``path`` matches (a file that runs by itself or is code), else None."""
    p = normalise(path).lower()
    name = p.rsplit("/", 1)[-1]
    for pat in _patterns():
        pat = pat.lower()
        if "/" in pat:
            if fnmatch.fnmatchcase(p, pat) or fnmatch.fnmatchcase(p, "*/" + pat):
                return pat
        elif fnmatch.fnmatchcase(name, pat):
            return pat
    return None


def resolved(path: str) -> str:
    """An absolute path with its symbolic links followed (the gateway runs on the machine the agent writes to): a
    harmless name an earlier call linked to ``~/.bashrc`` or ``.git/hooks`` is judged by what it writes. Relative
    paths (the tool's working directory is not known here) are returned as they are."""
    if not os.path.isabs(path):
        return path
    try:
        return os.path.realpath(path)
    except (OSError, ValueError):
        return path


def target_path(args: object) -> str | None:
    """The file a file tool's argument object writes, if it names one."""
    if isinstance(args, dict):
        for key in file_facts()["path_fields"]:
            value = args.get(key)
            if isinstance(value, str) and value:
                return value
    return None


def patch_section_is_script(patch: str, start: int) -> bool:
    """The patch section starting at ``start`` adds a file whose first line is ``#!``."""
    for line in patch[start:].split("\n")[1:]:
        stripped = line.strip()
        if stripped.startswith("***") or stripped.startswith("@@"):
            continue
        return line.startswith("+") and line[1:].lstrip().startswith("#!")
    return False


def patch_files(patch: str) -> list[tuple[int, str]]:
    """``(offset, path)`` for each file section of a Codex ``apply_patch`` text: the section starting at that offset
    writes that path (a ``Move to:`` line adds its destination)."""
    return [(m.start(), m.group(1) or m.group(2)) for m in _PATCH_FILE.finditer(patch)]
