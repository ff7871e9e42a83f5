"""Step 4: fine-tune the first N encoder layers (pruned vocabulary) for BIO token classification of PER and ADDR.

    python training/train.py --epochs 3 --layers 4 --out training/work/model

A fixed number of epochs (not a time budget), so the same data and seed give the same run on any machine.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from pathlib import Path

import numpy as np
import torch
from tokenizers import Tokenizer

from model import Encoder

LABELS = ["O", "B-PER", "I-PER", "B-ADDR", "I-ADDR"]
MAX_LEN = 128


def encode(tok: Tokenizer, text: str, spans: list, max_len: int = MAX_LEN) -> tuple[list[int], list[int]]:
    enc = tok.encode(text)
    labels = []
    inside: dict[int, str] = {}
    for s, e, lab in spans:
        for i in range(s, e):
            inside[i] = lab
    started: set[tuple] = set()
    for s, e in enc.offsets:
        chars = [i for i in range(s, e) if not text[i].isspace()] if e > s else []
        labs = {inside.get(i) for i in chars} - {None}
        if not labs:
            labels.append(0)
            continue
        lab = sorted(labs)[0]
        span = next(sp for sp in spans if sp[0] <= chars[0] < sp[1])
        key = (span[0], span[1])
        labels.append(LABELS.index(("I-" if key in started else "B-") + lab))
        started.add(key)
    ids = enc.ids[:max_len]
    labels = labels[:max_len]
    labels[0] = labels[-1] = -100 if len(ids) > 1 else labels[0]  # no loss on <s> and </s>
    return ids, labels


def load(path: Path, tok: Tokenizer) -> list[tuple[list[int], list[int]]]:
    out = []
    with path.open(encoding="utf-8") as fh:
        for line in fh:
            d = json.loads(line)
            out.append(encode(tok, d["text"], d["spans"]))
    return out


def batches(data: list, size: int, pad: int, rnd: random.Random):
    order = list(range(len(data)))
    rnd.shuffle(order)
    for i in range(0, len(order), size):
        chunk = [data[j] for j in order[i : i + size]]
        T = max(len(ids) for ids, _ in chunk)
        ids = torch.full((len(chunk), T), pad, dtype=torch.long)
        lab = torch.full((len(chunk), T), -100, dtype=torch.long)
        att = torch.zeros((len(chunk), T), dtype=torch.long)
        for k, (a, b) in enumerate(chunk):
            ids[k, : len(a)] = torch.tensor(a)
            lab[k, : len(b)] = torch.tensor(b)
            att[k, : len(a)] = 1
        yield ids, att, lab


def token_f1(model: Encoder, data: list, pad: int) -> float:
    model.eval()
    tp = fp = fn = 0
    with torch.no_grad():
        for ids, att, lab in batches(data, 64, pad, random.Random(0)):
            pred = model(ids, att).argmax(-1)
            m = lab != -100
            p, g = pred[m], lab[m]
            tp += int(((p > 0) & (p == g)).sum())
            fp += int(((p > 0) & (p != g)).sum())
            fn += int(((g > 0) & (p != g)).sum())
    model.train()
    return 2 * tp / max(1, 2 * tp + fp + fn)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--base", type=Path, default=Path("training/work/base"))
    ap.add_argument("--pruned", type=Path, default=Path("training/work/pruned"))
    ap.add_argument("--data", type=Path, default=Path("training/work/data"))
    ap.add_argument("--out", type=Path, default=Path("training/work/model"))
    ap.add_argument("--layers", type=int, default=4)
    ap.add_argument("--epochs", type=int, default=3)
    ap.add_argument("--lr", type=float, default=8e-5)
    ap.add_argument("--batch", type=int, default=16)
    ap.add_argument("--seed", type=int, default=13)
    args = ap.parse_args()
    torch.manual_seed(args.seed)
    torch.set_num_threads(2)
    tok = Tokenizer.from_file(str(args.pruned / "tokenizer.json"))
    cfg = json.loads((args.pruned / "config.json").read_text())
    keep = np.load(args.pruned / "keep_ids.npy")
    model = Encoder.from_base(args.base, n_layers=args.layers, n_labels=len(LABELS), keep_ids=keep)
    train, dev = load(args.data / "train.jsonl", tok), load(args.data / "dev.jsonl", tok)
    opt = torch.optim.AdamW(model.parameters(), lr=args.lr, weight_decay=0.01)
    loss_fn = torch.nn.CrossEntropyLoss(ignore_index=-100)
    rnd = random.Random(args.seed)
    t0 = time.time()
    steps, tokens, best = 0, 0, -1.0
    total_steps = args.epochs * ((len(train) + args.batch - 1) // args.batch)
    args.out.mkdir(parents=True, exist_ok=True)
    for epoch in range(1, args.epochs + 1):
        for ids, att, lab in batches(train, args.batch, cfg["pad"], rnd):
            for g in opt.param_groups:  # linear warm-up then linear decay to 5%
                g["lr"] = args.lr * min(1.0, steps / 50) * max(0.05, 1 - steps / total_steps)
            loss = loss_fn(model(ids, att).view(-1, len(LABELS)), lab.view(-1))
            opt.zero_grad()
            loss.backward()
            torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
            opt.step()
            steps += 1
            tokens += int(att.sum())
            if steps % 100 == 0:
                print(f"step {steps}/{total_steps} epoch {epoch} loss {loss.item():.4f} {tokens / (time.time() - t0):.0f} tok/s", flush=True)
        f1 = token_f1(model, dev, cfg["pad"])
        print(f"epoch {epoch}: dev token F1 {f1:.4f}", flush=True)
        if f1 > best:
            best = f1
            torch.save(model.state_dict(), args.out / "model.pt")
    minutes = (time.time() - t0) / 60
    (args.out / "train.json").write_text(json.dumps({"layers": args.layers, "steps": steps, "epochs": epoch, "dev_token_f1": best,
                                                      "epochs_asked": args.epochs, "minutes": round(minutes, 1), "lr": args.lr, "batch": args.batch, "labels": LABELS, "config": {**cfg, "NL": args.layers}}, indent=2))
    print(f"done: {steps} steps, best dev token F1 {best:.4f}")


if __name__ == "__main__":
    main()
