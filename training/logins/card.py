"""Write MODEL_CARD_LOGINS.md from the training run's model.toml and figures.json, with a speed measurement.

    python training/logins/card.py OUTDIR CARD.md
"""

from __future__ import annotations

import datetime
import json
import platform
import sys
import time
import tomllib
from collections import Counter
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from steps import installed_source  # type: ignore[import-not-found]  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
from data import blind_set_names, blind_split  # type: ignore[import-not-found]  # noqa: E402

from coatcheck.bench.carriers import catalogue
from coatcheck.detect.logins import LoginDetector, LoginModel


def speed(out: Path) -> float:
    """Milliseconds per 30,000 characters of installed Python source, first read (no line cached)."""
    text = installed_source()
    meta = tomllib.loads((out / "model.toml").read_text())
    det = LoginDetector(LoginModel(np.load(out / "weights.npy"), np.asarray(meta["bias"], dtype=np.float32), meta["thresholds"]))
    t0 = time.perf_counter()
    det.detect(text[:300_000])
    return (time.perf_counter() - t0) * 1000 / 10


def pct(x: float | None) -> str:
    return "n/a" if x is None else f"{100 * x:.1f}%"


def main() -> None:
    out, card = Path(sys.argv[1]), Path(sys.argv[2])
    figs = json.loads((out / "figures.json").read_text())
    cat = catalogue()
    held = [c for c in cat if c.held_back]
    fam = Counter(c.family for c in cat)
    ms = speed(out)
    rows = []
    blind = blind_set_names()
    held_sets = [w for w in blind if blind_split(w) == "test"]
    for split, what in (("dev", "dev: real material of the split (sets the thresholds)"),
                        ("test", f"test: the {len(held)} held-back formats, never trained or tuned on"),
                        ("test_blind", f"test: the {len(held_sets)} independent sets held out of training "
                                       f"({', '.join(held_sets)})")):
        f = figs.get(split)
        if not f:
            continue
        for lab in ("USER", "ACCOUNT"):
            g = f[lab]
            shown = (pct(g['precision']), pct(g['recall'])) if g['gold'] else ("—", "—")
            rows.append(f"| {what} | {lab} | {g['gold']} | {shown[0]} | {shown[1]} | "
                        f"{g['real_fp']} of {f['real_candidates']} ({100 * g['real_fpr']:.3f}%) |")
    text = f"""# coatcheck login classifier — model card

Trained {datetime.date.today().isoformat()} on {platform.machine()} CPU ({platform.python_version()}), torch, with
`.venv-train/bin/python training/logins/pipeline.py all` ({figs['train_seconds']} s of training). Shipped in
`src/coatcheck/data/logins/` (weights.npy, model.toml); runtime `src/coatcheck/detect/logins.py`, features
`src/coatcheck/detect/logins_features.py` (the same code computes them for training and at run time).

## What it does
Labels each candidate token (a word with digits or separators, a lower-case word no dictionary holds, a number of
five digits or more, a prefixed number; never a host name, a file name, a version, a constant's or a header's
name) **USER** (a login or handle: category `username`), **ACCOUNT** (a person-bound number: `account`) or **O**,
from the token's shape (character-class runs, digits and years, which of its parts are known first or last names,
initials, names glued to an initial) and its place: the four tokens before and three after on its line, pairs of
them, the words before, its column, whether it repeats on the line, the line's pattern around it in coarse classes
(`^ C @ x : ~` is a prompt whatever the host is called), and the first words of the lines before and after (a
manifest's `version` after its `name`), crossed with its shape. Neighbours are read as themselves only when they
are vocabulary words (prose and code words, every label and cue word of `data/vocab/` in five languages); any other
neighbour (a host, a path part, a name, an id) is read by its shape, so that the model learns places rather than
the values its training data put around them. A softmax over 262,144 hashed feature buckets x 3 labels (3 MB).
Service accounts, placeholders, templates, versions, dates, UUIDs, code words and issue keys (`BILL-6413`) stay
readable whatever the score; an e-mail's local part is the e-mail's; a path segment is no login. A bare lower-case
word of English (web2, `data/keep/english_words.txt`), of code or a tool's name is a login only where it is a name
too (`jonas`; "lunch  12:30" in a channel, "[t] webhook:" stay); any other only where it is made of a name or stands
in no chat speaker's place ("[09:12] grazie:"), keyword list, predicate ("la contraseña es incorrecta") or count
("June: 41 signups"); a dotted one only when a part is a first name or an initial and none a word of the language
(`max.retries`, `pdfminer.pdfpage` stay); an underscored one when a part is made of a name or none is a word of the
language (`y_true` stays); a word with a number only when the word, or the two run together in it, is no word of
the language or is a name (`node18`, `fileserver1` stay). A login found with probability 0.99 or more is also masked where it recurs in the text; the label lists and
slot rules stay beside it.

## Data
- Positives and their neighbours: the carrier catalogue (`src/coatcheck/bench/carriers/catalogue/`, {len(cat)}
  formats: {', '.join(f'{k} {v}' for k, v in fam.most_common())}), each trained record rendered 40 times with the
  generator's values (`coatcheck.bench.carriers`: people from `bench/data/people.toml`, handles made from them the
  ways people make them, person-bound numbers of several shapes, host names from parts; its handle forms are its
  own list, not `detect/handles.py`'s). Every token of a rendering is an example: a login item is USER, a
  person-bound number ACCOUNT, readable neighbours and literal text O.
- Logins in the places independent builders put them: the agent-traffic sets of `bench/blind/sets/` named in
  `training/logins/blind_sets.txt` ({len(blind)} sets of 110 documents, each built by a helper from the specification
  alone; the sets still held for evaluation are never listed). A token that is exactly a login item is USER; one
  inside or across any other item or an AMBIGUOUS one is left out; every other token is O, except those with three
  digits in a row (the builders label numbers less consistently than logins: a record's own numbers, amounts and
  codes sit unlabelled beside labelled ones, and ids learned from them took numbers in brackets after a name and a
  product's tax code). Every eighth set is held out of training for the figures below.
- Negatives from real material on this machine: candidate tokens of installed Python packages, /usr/share/doc and
  the git logs of the repositories here, and the output of tools run here (`ls -l`, `ps`, `id`, `getent`, `find
  -ls`, `stat`, `pip`...; their users are this machine's service accounts). Split by file.
- Splits: {len(held)} of {len(cat)} formats are held back (a hash of the id; `Carrier.held_back`), never trained
  or tuned on (test); the rest are trained on. Real material: a file's path decides (the keyless classifier's split), so test files share nothing
  with training.
- Counts: {json.dumps(figs['counts'])}.

## Threshold
Per label, the lowest probability at which at most {100 * figs['fpr_target']:.2f}% of the dev split's real candidates are taken for that
label (findings in real code and docs are what a user sees), at least 0.5 and at most 0.7 (the rate's threshold moves with
the size of the harvest; above 0.7 it costs logins of unfamiliar formats for a few real tokens); ACCOUNT at least 0.8
(at 0.5 it took a product's tax code and a registration's own key once the independent sets' logins were learned):
{json.dumps(figs['thresholds'])}. A login scored below its threshold but at 0.25 or more is no finding alone: a column
of them in a headerless table is read together (`logins.column_mates`).

## Figures
Precision and recall per label over candidate tokens of the classifier alone (the catalogue is our own generator's: a
smoke test, not the result; the pipeline's figures on independent sets are in BENCHMARKS.md); false positives on
real material of the split (never trained on) counted over every real candidate.

| split | label | gold | precision | recall | real material taken for it |
|---|---|---:|---:|---:|---|
{chr(10).join(rows)}

Speed: {ms:.1f} ms per 30,000 characters of installed Python source, first read ({platform.processor() or platform.machine()});
lines already seen cost a dictionary lookup.

## Known weaknesses
- Trained on one generator's values, three writers' templates and the independent sets' builders: formats unlike any
  of them, and handles that are English words (`falcon`), are read less well; words of Italian, German, French or
  Spanish alone in a login's place have no dictionary to tell them from a login (web2 is English).
- A login inside a URL path is read by its place only (`github.com/<x>` is an organisation as often as a person).
"""
    card.write_text(text)
    print(f"wrote {card}")


if __name__ == "__main__":
    main()
