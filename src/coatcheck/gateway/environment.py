"""The user's own name as this machine spells it, for the gateway to mask wherever it appears.

The gateway runs as the user whose agent it serves: its login name and the last part of its home folder are the
user name that every client prompt carries (the working directory, Claude Code's project slug
``-home-first-last-repo``, Codex's workspace roots), under whatever path the home folder sits (``/home``, ``/Users``,
``/nfs/home``, a temp folder). They are masked as known values of every session, in the spellings the clients use
(dots and underscores as dashes in a slug). Shared accounts (``root``, ``runner``: ``data/keep/shared_logins.txt``)
and names too short to be told from a word are left out.
"""

from __future__ import annotations

import getpass
import os
import re
from collections.abc import Mapping

from .._data import word_list
from ..detect.vocabulary import all_plain_words

_MIN_LEN = 3


def user_names(env: Mapping[str, str] | None = None) -> dict[str, str]:
    """``{spelling: "username"}`` for the login name and the home folder's name of the user running this process."""
    env = os.environ if env is None else env
    found: set[str] = set()
    for key in ("USER", "LOGNAME", "USERNAME"):
        if env.get(key):
            found.add(env[key])
    if env is os.environ:
        try:
            found.add(getpass.getuser())
        except (KeyError, OSError):  # no passwd entry (a container with an arbitrary uid)
            pass
    home = env.get("HOME") or env.get("USERPROFILE")
    if home:
        found.add(re.split(r"[/\\]", home.rstrip("/\\"))[-1])
    shared = word_list("shared_logins")
    common = word_list("common_words_lower")
    out: dict[str, str] = {}
    for name in found:
        low = name.lower()
        if (len(name) < _MIN_LEN or low in shared or low in common or all_plain_words([low])
                or not re.fullmatch(r"[\w.@ -]+", name)):
            continue  # a shared account, or a word ("home") that would be masked in every sentence
        out[name] = "username"
        dashed = re.sub(r"[._ ]", "-", name)  # Claude Code's project slug spells /home/first.last as -home-first-last
        if len(dashed) >= _MIN_LEN:
            out.setdefault(dashed, "username")
    return out
