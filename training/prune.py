"""Step 3: prune the 250k-piece vocabulary to the pieces our languages and code actually use.

Keeps every piece used when tokenizing the training/dev/test data, a Faker corpus per locale (names, addresses,
companies, lorem words; MIT) and coatcheck's own source tree (code vocabulary), plus all single-character pieces and
the special tokens. Writes keep_ids.npy (old ids, ascending) and a pruned tokenizer.json.

    python training/prune.py --base training/work/base --data training/work/data --out training/work/pruned
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import numpy as np
from faker import Faker
from tokenizers import Tokenizer, models

from data import LOCALES


def corpus(data: Path, repo: Path) -> list[str]:
    texts = []
    for split in ("train", "dev", "test"):
        with (data / f"{split}.jsonl").open(encoding="utf-8") as fh:
            texts.extend(json.loads(line)["text"] for line in fh)
    for loc in LOCALES.values():
        f = Faker(loc)
        f.seed_instance(99)
        for _ in range(4000):
            texts.append(f"{f.name()} {f.street_address()} {f.postcode()} {f.city()} {f.company()} {f.job()} {f.sentence(nb_words=12)}")
        for word in f.words(nb=3000, unique=False):
            texts.extend([word, word.capitalize()])
    # code vocabulary: coatcheck's own sources and the Python standard library's top-level modules (only used to
    # choose which existing vocabulary pieces to keep; no text from them is shipped)
    import sysconfig

    code = sorted(repo.joinpath("src").rglob("*.py")) + sorted(Path(sysconfig.get_paths()["stdlib"]).glob("*.py"))
    for path in code:
        texts.extend(path.read_text(encoding="utf-8", errors="ignore").splitlines())
    return texts


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--base", type=Path, default=Path("training/work/base"))
    ap.add_argument("--data", type=Path, default=Path("training/work/data"))
    ap.add_argument("--repo", type=Path, default=Path("."))
    ap.add_argument("--out", type=Path, default=Path("training/work/pruned"))
    args = ap.parse_args()
    tok = Tokenizer.from_file(str(args.base / "tokenizer.json"))
    cfg = json.loads((args.base / "config.json").read_text())
    spec = json.loads(tok.to_str())
    vocab = spec["model"]["vocab"]  # [[piece, score], ...]
    used: set[int] = {cfg["bos"], cfg["eos"], cfg["pad"], cfg["unk"]}
    texts = corpus(args.data, args.repo)
    for i in range(0, len(texts), 2000):
        for enc in tok.encode_batch(texts[i : i + 2000]):
            used.update(enc.ids)
    for i, (piece, _score) in enumerate(vocab):
        core = piece.replace("▁", "")
        if len(core) <= 1:
            used.add(i)
    keep = np.array(sorted(used), dtype=np.int64)
    remap = {int(old): new for new, old in enumerate(keep)}
    new_vocab = [vocab[i] for i in keep]
    pruned = Tokenizer(models.Unigram([tuple(v) for v in new_vocab], unk_id=remap[cfg["unk"]], byte_fallback=False))
    pruned.normalizer, pruned.pre_tokenizer, pruned.decoder = tok.normalizer, tok.pre_tokenizer, tok.decoder
    spec2 = json.loads(pruned.to_str())
    spec2["post_processor"] = spec["post_processor"]
    for sp in spec2["post_processor"]["special_tokens"].values():
        sp["ids"] = [remap[i] for i in sp["ids"]]
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "tokenizer.json").write_text(json.dumps(spec2, ensure_ascii=False))
    np.save(args.out / "keep_ids.npy", keep)
    new_cfg = {**cfg, "VOC": len(keep), "bos": remap[cfg["bos"]], "eos": remap[cfg["eos"]], "pad": remap[cfg["pad"]], "unk": remap[cfg["unk"]]}
    (args.out / "config.json").write_text(json.dumps(new_cfg, indent=2))
    # how much longer do texts get with the pruned vocabulary?
    sample = texts[:: max(1, len(texts) // 5000)]
    before = sum(len(e.ids) for e in tok.encode_batch(sample))
    after = sum(len(e.ids) for e in Tokenizer.from_file(str(args.out / "tokenizer.json")).encode_batch(sample))
    print(f"kept {len(keep):,} of {len(vocab):,} pieces; tokens on a sample +{100 * (after - before) / before:.2f}%")


if __name__ == "__main__":
    main()
