"""Where the gateway keeps its session vaults when ``--vault`` is not given: a folder that outlives the process,
so a client that resumes, continues or compacts a conversation after a restart meets a gateway that still knows
the conversation's values (without one, a value the gateway restored into a tool call goes back upstream in
clear once the context that revealed it is gone).

The launchers use one folder per project (the git work tree the client runs in, else the current directory), so
two projects never share a vault; ``coatcheck serve``, which serves every project, one folder per user. Both live
under ``$XDG_STATE_HOME/coatcheck/vaults`` (default ``~/.local/state``). The files in them are encrypted with the
vault key (``--key-file``, ``$COATCHECK_VAULT_KEY``) exactly as with an explicit ``--vault``.
"""

from __future__ import annotations

import hashlib
import os
import re
from pathlib import Path


def vaults_root() -> Path:
    """``$XDG_STATE_HOME/coatcheck/vaults``, default ``~/.local/state/coatcheck/vaults``."""
    state = os.environ.get("XDG_STATE_HOME") or str(Path.home() / ".local" / "state")
    return Path(state) / "coatcheck" / "vaults"


def project_root(cwd: Path | None = None) -> Path:
    """The git work tree ``cwd`` (default: the current directory) lies in, else ``cwd`` itself (resolved)."""
    here = (cwd or Path.cwd()).resolve()
    for folder in (here, *here.parents):
        if (folder / ".git").exists():
            return folder
    return here


def project_vault_dir(cwd: Path | None = None) -> Path:
    """The launchers' default vault folder for the project ``cwd`` lies in: ``<root>/<name>-<hash of the path>``
    (the name for the reader, the hash so two projects of the same name never share one)."""
    root = project_root(cwd)
    name = re.sub(r"[^A-Za-z0-9._-]+", "-", root.name).strip("-.")[:40] or "root"
    return vaults_root() / f"{name}-{hashlib.sha256(str(root).encode('utf-8', 'surrogateescape')).hexdigest()[:12]}"


def serve_vault_dir() -> Path:
    """``coatcheck serve``'s default vault folder (one per user: the gateway serves every project)."""
    return vaults_root() / "serve"
