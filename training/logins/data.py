"""Examples for the login classifier: every candidate token of the carrier catalogue's renderings (labelled by
their gold items) and of real material on this machine (negatives).

    python training/logins/data.py OUT.jsonl [--renders 40] [--per-file 60] [--max-files 12000] [--git DIR ...]

Splits: the catalogue's held-back records (``Carrier.held_back``) are "test" (the card's figures on formats never
trained on); the others are "train". Real material is split by its file's path, as the keyless classifier's harvest
does, so held-back material shares no file with training. Each row is one candidate: its line, the token's index,
its label (0 O, 1 USER, 2 ACCOUNT), the split and the source.

Labels from the catalogue: a token that is exactly a login item is USER, exactly a person-bound number ACCOUNT;
a token inside another item to mask (a name, an address, a URL, an encoded copy) is left out (other detectors own
it); every other token, readable neighbours included, is O. Real material is O: installed software, its docs and
git logs, and the output of tools run here (whose users are this machine's service accounts).
"""

from __future__ import annotations

import argparse
import getpass
import gzip
import json
import re
import random
import subprocess
import sys
import sysconfig
from collections.abc import Callable, Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "keyless"))
from harvest import files, git_logs, read, split_of  # type: ignore[import-not-found]  # noqa: E402

from coatcheck.bench.carriers import catalogue, render  # noqa: E402
from coatcheck.detect.logins_features import (MAX_LINE, candidates, is_candidate, line_context, line_tokens,  # noqa: E402
                                              use_live_vocabulary)

LABEL = {"username": 1, "account": 2}
_ME = "" if getpass.getuser() in ("root", "runner", "ubuntu") else getpass.getuser()


def record_split(carrier_id: str, held_back: bool) -> str:
    """A catalogue record's split: "test" when held back, else "train" (the dev split is real material only: it sets
    the thresholds; a sixth of the formats kept out of training, as before 2026-12-03, cost 4 points of recall on
    the held-back formats and left out both sshd log formats)."""
    return "test" if held_back else "train"


Item = tuple[int, int, str, str, object]  # start, end, cls, cat, encoded_of
Judge = Callable[[Item, bool], "int | None"]


def labelled_tokens(text: str, items: list[Item], judge: Judge) -> Iterator[tuple[str, int, str, str, str, int]]:
    """``(line, i, prev, next, token, label)`` for each candidate token of ``text``: ``judge(item, exact)`` says, for
    each gold item the token overlaps (``exact``: the token is the item, not an encoded copy), the label it gives
    (0 for none) or None to leave the token out."""
    for ls, le, prev, nxt in line_context(text):
        line = text[ls:le]
        for i, (s, e, tok) in enumerate(line_tokens(line)):
            if not is_candidate(tok):
                continue
            a, b = ls + s, ls + e
            label: int | None = 0
            for item in items:
                x, y, _, _, enc = item
                if y <= a or b <= x:
                    continue
                verdict = judge(item, (x, y) == (a, b) and enc is None)
                if verdict is None:
                    label = None
                    break
                label = max(label, verdict)
            if label is not None:
                yield line, i, prev, nxt, tok, label


def _catalogue_judge(item: Item, exact: bool) -> int | None:
    """A login or a person-bound number item labels the token that is exactly it; any other item to mask leaves the
    token out (other detectors own it); readable and ambiguous items say nothing."""
    _, _, cls, cat, _ = item
    if cls != "MUST_MASK":
        return 0
    return LABEL[cat] if exact and cat in LABEL else None


def catalogue_rows(renders: int, seed: int) -> Iterator[dict[str, object]]:
    for c in catalogue():
        split = record_split(c.id, c.held_back)
        for k in range(renders):
            doc = render(c, random.Random(f"{seed}:{c.id}:{k}"))
            items = [(it["start"], it["end"], it["cls"], it["cat"], it.get("encoded_of")) for it in doc["items"]]
            for line, i, prev, nxt, _, label in labelled_tokens(doc["text"], items, _catalogue_judge):
                yield {"line": line, "i": i, "prev": prev, "next": nxt, "label": label, "split": split,
                       "source": f"carrier:{c.id}"}


_NUMBERED = re.compile(r"\d{3}")  # a number's digits: the sets' unlabelled numbers are no evidence either way
BLIND_SETS = Path(__file__).resolve().parent / "blind_sets.txt"


def blind_set_names() -> list[str]:
    """The independent sets the classifier learns from, as ``blind_sets.txt`` names them (one a line, ``#`` comments)."""
    return [ln.strip() for ln in BLIND_SETS.read_text(encoding="utf-8").splitlines() if ln.strip() and not ln.startswith("#")]


def blind_split(name: str) -> str:
    """An independent set's split: every eighth set by number is "test" (the card's figures on builders never trained
    on), the others "train"."""
    return "test" if int(re.sub(r"\D", "", name) or 0) % 8 == 0 else "train"


def _blind_judge(item: Item, exact: bool) -> int | None:
    """A login item labels the token that is exactly it; any other item but a readable one leaves the token out."""
    _, _, cls, cat, _ = item
    if cls == "MUST_MASK" and exact and cat == "username":
        return 1
    return 0 if cls == "MUST_KEEP" else None


def blind_rows(folder: Path, names: list[str]) -> Iterator[dict[str, object]]:
    """Candidate tokens of the independent agent-traffic sets named in ``blind_sets.txt`` (built by helpers from the
    specification alone; the sets still held for evaluation are never listed): a token that is exactly a login item
    is USER; a token inside or across any other item (a person-bound number among them) or an AMBIGUOUS one is left
    out; every other token is O, but for those with three digits in a row (an unlabelled number there is no
    evidence that it is no person's). Their numbers teach no ACCOUNT: builders label them less
    consistently than logins (a record's own numbers, amounts and codes beside labelled ones), and ids learned from
    them took numbers in brackets after a name, a product's tax code and organisations' ids on 2026-12-06."""
    for name in names:
        path = folder / f"{name}.jsonl.gz"
        split = blind_split(name)
        with gzip.open(path, "rt", encoding="utf-8") as f:
            for raw in f:
                doc = json.loads(raw)
                items = [(it["start"], it["end"], it["cls"], it["cat"], it.get("encoded_of")) for it in doc["items"]]
                for line, i, prev, nxt, tok, label in labelled_tokens(doc["text"], items, _blind_judge):
                    if label or not _NUMBERED.search(tok):
                        yield {"line": line, "i": i, "prev": prev, "next": nxt, "label": label, "split": split,
                               "source": f"carrier-blind:{name}"}


def tool_outputs() -> Iterator[tuple[str, str]]:
    """Real output of tools run here: listings, processes, accounts of this machine (service accounts only)."""
    cmds = [["ls", "-la", "/usr/lib"], ["ls", "-l", "/etc"], ["ls", "-ln", "/var"], ["ls", "-la", "--time-style=long-iso", "/usr/bin"],
            ["ps", "aux"], ["ps", "-ef"], ["id"], ["groups"], ["getent", "passwd"], ["getent", "group"], ["df", "-h"],
            ["mount"], ["uname", "-a"], ["find", "/etc", "-maxdepth", "2", "-ls"], ["stat", "/etc/passwd", "/usr/bin"],
            ["pip", "list"], ["pip", "show", "pip", "setuptools"], ["git", "--version"], ["locale"]]
    for cmd in cmds:
        try:
            out = subprocess.run(cmd, capture_output=True, text=True, timeout=60, errors="replace").stdout
        except (OSError, subprocess.TimeoutExpired):
            continue
        yield "tool:" + " ".join(cmd), out[:400_000]


def real_rows(text: str, source: str, per_file: int, rng: random.Random) -> Iterator[dict[str, object]]:
    found = []
    for ls, le, prev, nxt in line_context(text):
        line = text[ls:le]
        if _ME and _ME in line:
            continue  # this machine's own login, were it a person's, is no negative (and not ours to keep)
        found += [(line, i, prev, nxt) for _, i in candidates(line)]
    if len(found) > per_file:
        found = rng.sample(found, per_file)
    split = split_of(source)
    for line, i, prev, nxt in found:
        yield {"line": line[:MAX_LINE], "i": i, "prev": prev, "next": nxt, "label": 0, "split": split, "source": source}


def main() -> None:
    ap = argparse.ArgumentParser()
    use_live_vocabulary()  # the word lists as data/ holds them now; training freezes them beside the weights
    ap.add_argument("out")
    ap.add_argument("--renders", type=int, default=40)
    ap.add_argument("--per-file", type=int, default=60)
    ap.add_argument("--max-files", type=int, default=12000)
    ap.add_argument("--git", nargs="*", default=[])
    ap.add_argument("--seed", type=int, default=11)
    ap.add_argument("--blind", type=Path, default=Path(__file__).resolve().parents[2] / "bench" / "blind" / "sets",
                    help="folder of the independent sets (those named in blind_sets.txt are read)")
    a = ap.parse_args()
    rng = random.Random(a.seed)
    counts: dict[str, int] = {}
    with open(a.out, "w", encoding="utf-8") as out:
        def put(row: dict[str, object]) -> None:
            key = f"{row['split']}:{row['label']}:{'carrier' if str(row['source']).startswith('carrier') else 'real'}"
            counts[key] = counts.get(key, 0) + 1
            out.write(json.dumps(row, ensure_ascii=False) + "\n")

        for row in catalogue_rows(a.renders, a.seed):
            put(row)
        for row in blind_rows(a.blind, blind_set_names()):
            put(row)
        roots = [Path(sysconfig.get_paths()["purelib"]), Path("/usr/share/doc")]
        for p in files(roots, a.max_files, rng):
            text = read(p)
            if text:
                for row in real_rows(text, str(p), a.per_file, rng):
                    put(row)
        for src, text in [*git_logs([Path(g) for g in a.git]), *tool_outputs()]:
            for row in real_rows(text, src, a.per_file * 4, rng):
                put(row)
    print(json.dumps(dict(sorted(counts.items())), indent=1), file=sys.stderr)


if __name__ == "__main__":
    main()
