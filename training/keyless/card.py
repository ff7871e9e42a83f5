"""Write MODEL_CARD_KEYLESS.md from the training run's model.toml and curve.json, with a speed measurement.

    python training/keyless/card.py OUTDIR CARD.md
"""

from __future__ import annotations

import datetime
import json
import platform
import sys
import time
import tomllib
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from steps import installed_source  # type: ignore[import-not-found]  # noqa: E402

from coatcheck.detect.keyless import KeylessDetector, KeylessModel
from coatcheck.detect.keyless_features import candidates


def speed() -> tuple[float, int]:
    """Milliseconds per 30,000 characters of installed Python source, and the candidates scored in them."""
    text = installed_source()
    import numpy as np

    out = Path(sys.argv[1])
    meta = tomllib.loads((out / "model.toml").read_text())
    det = KeylessDetector(KeylessModel(np.load(out / "weights.npy"), meta["bias"], meta["threshold"]))
    t0 = time.perf_counter()
    det.detect(text[:300_000])
    ms = (time.perf_counter() - t0) * 1000 / 10
    return ms, sum(1 for _ in candidates(text[:30_000]))


def main() -> None:
    out, card = Path(sys.argv[1]), Path(sys.argv[2])
    meta = tomllib.loads((out / "model.toml").read_text())
    curve = json.loads((out / "curve.json").read_text())
    ms, n = speed()
    at = curve["at_threshold"]
    rows = "\n".join(f"| {p['threshold']:.3f} | {p['precision']:.4f} | {p['recall']:.4f} | {100 * p['fpr_real']:.3f}% |"
                     for p in curve["points"])
    fams = "\n".join(f"| {k} | {100 * v:.1f}% |" for k, v in curve["recall_by_family"].items())
    card.write_text(f"""# Model card: keyless-secret classifier

`src/coatcheck/data/keyless/` (weights.npy, model.toml), used by `coatcheck.detect.keyless`. Written by
`training/keyless/card.py` on {datetime.date.today().isoformat()} ({platform.machine()}, Python {platform.python_version()}).
Re-run: `training/keyless/README.md` (the data is the machine's own material, so a re-run gives close, not identical, weights).

## What it does
Scores tokens that no provider rule claims (8–256 characters, not a URL, path, e-mail address or number, with
digits, mixed case or symbols) as secret or not, from the token's characters and its context. At or above the
threshold, and not a placeholder, template, documented example, UUID, version or date, the token is masked.

## Model
Logistic regression over {meta['buckets']:,} hashed feature buckets (crc32), trained with torch (Adam, {meta['epochs']}
epochs, seed {meta['seed']}), shipped as float32 weights read with numpy. Features (`coatcheck/detect/keyless_features.py`,
version {meta['features_version']}):
- the token: character-class composition, length, entropy (and entropy relative to length), digit/upper/symbol
  fractions, class changes, hex/base64/base64url alphabets, each symbol, n-grams of its class runs (runs of one class
  with a length bucket), its first and last four classes,
  first characters, dictionary words in it (keep/prose_words, keep/code_words) and the share of characters in them;
- the context on its line: the key or flag it is given to (parts of the name), the six words before and three
  after, the characters around it, the line's first word; crossed with the token's composition.

## Data
- Negatives, real material on this machine: every candidate token in installed Python packages and /usr/share/doc
  (at most 40 per file), git logs of real repositories, and the output of real tools (checksum programs, git
  plumbing, base64 of real files, ssh-keygen keys and fingerprints, openssl digests and certificate fingerprints,
  and the digest formats of package managers and protocols computed over real files).
- Positives: generated secrets (hex, base62, base64, base64url, upper case with digits, grouped, prefixed with a
  made-up prefix, random and human-made passwords, short keys) in context templates of five languages, and in real
  lines in place of one of their tokens; hex only where a credential word says so (a hex string is a digest unless
  something says otherwise). Template negatives: placeholders, documented examples, ids, digests, and random values
  under identifier and digest keys (uid, trace_id, checksum, integrity …).
- Splits by file or source (crc32 of its path) and by template: 70% train, 10% dev, 20% test; the test split
  shares no file, tool run or template with training. Counts: train {meta['train_negative']:,} negative /
  {meta['train_positive']:,} positive, dev {meta['dev_negative']:,} / {meta['dev_positive']:,}, test
  {meta['test_negative']:,} / {meta['test_positive']:,} ({curve['n']['real_negative']:,} of the test negatives real material).

## Threshold
{meta['threshold']:.3f}: the lowest score whose false-positive rate on the dev split's real material is at most
{100 * meta['fpr_target']:.1f}% (and at least 0.5). Findings on real code are what a user sees, so the threshold is set
there rather than at the best F1.

## Held-back test split
At the threshold: precision {at['precision']:.4f}, recall {at['recall']:.4f}, false positives on real material
{100 * at['fpr_real']:.3f}% of candidates. Precision counts template negatives too; recall is on generated secrets,
so it says how well the shapes are told apart, not how many secrets of the world are found (the agent-traffic and
scanner-fixture measurements in BENCHMARKS.md say that).

| threshold | precision | recall | false positives on real material |
|---|---|---|---|
{rows}

Recall by generator family at the threshold:

| family | recall |
|---|---|
{fams}

## Speed
{ms:.1f} ms per 30,000 characters of installed Python source ({n} candidates scored in the first 30,000), one
core, pure Python feature extraction and a numpy gather.

## Limits
- A linear model: it adds evidence, it does not reason. A random-looking identifier in code with no cue around it
  (`Bx512xHxW`, model names with digits) can pass; a short secret with no cue is missed.
- Hex strings need a credential word around them: an unlabelled 32-character hex key is read as a digest.
- Trained on the packages installed here: other languages' ecosystems (Java, Go, .NET) are seen only through docs.
""")
    print(f"wrote {card}", file=sys.stderr)


if __name__ == "__main__":
    main()
