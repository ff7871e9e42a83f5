"""The scorer: leak and keep per category, document-level rates, structure checks, bootstrap intervals.

Rules (bench spec): a MUST_MASK item is masked when every letter and digit of it is covered by predicted
spans; otherwise it leaks. A MUST_KEEP item is kept when no character of it is covered. AMBIGUOUS items
are never scored. Labels are ignored.
"""

from __future__ import annotations

import json
import re
from collections import defaultdict
from dataclasses import dataclass, field

import numpy as np

from .schema import Document, Item, Prediction, PredSpan

_HUNK = re.compile(r"^@@ -\d+(?:,(\d+))? \+\d+(?:,(\d+))? @@")


def covered_mask(length: int, spans: list[PredSpan]) -> bytearray:
    cov = bytearray(length)
    for s in spans:
        for i in range(max(0, s["start"]), min(length, s["end"])):
            cov[i] = 1
    return cov


def item_masked(text: str, item: Item, cov: bytearray) -> bool:
    return all(cov[i] for i in range(item["start"], item["end"]) if text[i].isalnum())


def item_kept(item: Item, cov: bytearray) -> bool:
    return not any(cov[item["start"] : item["end"]])


def hunks_consistent(text: str) -> bool:
    """Every ``@@ -a,b +c,d @@`` header still matches the number of old/new lines that follow it."""
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()  # the text ends with a newline: no line after it
    i = 0
    while i < len(lines):
        m = _HUNK.match(lines[i])
        if not m:
            i += 1
            continue
        old_n, new_n = int(m.group(1) or 1), int(m.group(2) or 1)
        old = new = 0
        i += 1
        while i < len(lines) and (old < old_n or new < new_n) and not _HUNK.match(lines[i]):
            tag = lines[i][:1]
            old += tag in (" ", "-", "")
            new += tag in (" ", "+", "")
            i += 1
        if old != old_n or new != new_n:
            return False
    return True


@dataclass
class DocScore:
    mask_total: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    mask_leaked: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    keep_total: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    keep_broken: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    # MUST_MASK items by their optional "sub" label (a syntax, a provider family): "secret/env", "secret/Azure"
    sub_total: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    sub_leaked: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    encoded_total: int = 0
    encoded_leaked: int = 0
    clean: bool = False
    clean_touched: bool = False
    outside_chars: int = 0
    chars: int = 0
    is_json: bool = False
    json_ok: bool = True
    is_diff: bool = False
    diff_ok: bool = True
    failed: bool = False


def score_doc(doc: Document, pred: Prediction | None) -> DocScore:
    text = doc["text"]
    ds = DocScore(chars=len(text))
    if pred is None or "spans" not in pred:
        ds.failed = True
        pred = {"spans": [], "masked_text": text}
    cov = covered_mask(len(text), pred["spans"])
    items = doc.get("items", [])
    in_item = bytearray(len(text))
    for it in items:
        for i in range(it["start"], it["end"]):
            in_item[i] = 1
        if it["cls"] == "MUST_MASK":
            ds.mask_total[it["cat"]] += 1
            leaked = not item_masked(text, it, cov)
            ds.mask_leaked[it["cat"]] += leaked
            for sub in _subs(it):
                ds.sub_total[sub] += 1
                ds.sub_leaked[sub] += leaked
            if it.get("encoded_of") is not None:
                ds.encoded_total += 1
                ds.encoded_leaked += leaked
        elif it["cls"] == "MUST_KEEP":
            ds.keep_total[it["cat"]] += 1
            ds.keep_broken[it["cat"]] += not item_kept(it, cov)
    ds.clean = not any(it["cls"] == "MUST_MASK" for it in items)
    ds.clean_touched = ds.clean and any(cov)
    ds.outside_chars = sum(1 for i in range(len(text)) if cov[i] and not in_item[i] and not text[i].isspace())
    if "masked_text" not in pred:  # a span-only tool: structure checks do not apply
        return ds
    masked = pred["masked_text"]
    stripped = text.strip()
    if stripped.startswith(("{", "[")):
        try:
            json.loads(stripped)
            ds.is_json = True
        except ValueError:
            pass
    if ds.is_json:
        try:
            json.loads(masked.strip())
        except ValueError:
            ds.json_ok = False
    if "\n@@ -" in "\n" + text:
        ds.is_diff = hunks_consistent(text)
        ds.diff_ok = hunks_consistent(masked) if ds.is_diff else True
    return ds


def _subs(item: Item) -> list[str]:
    """The item's "sub" labels: a string, or a list (one item can be counted per syntax and per family)."""
    sub = item.get("sub")
    if not sub:
        return []
    return [sub] if isinstance(sub, str) else [str(x) for x in sub]


def _rate(num: int, den: int) -> float | None:
    return num / den if den else None


def aggregate(scores: list[DocScore]) -> dict:
    cats_m: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    cats_k: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for s in scores:
        for c, n in s.mask_total.items():
            cats_m[c][0] += n
            cats_m[c][1] += s.mask_leaked[c]
        for c, n in s.keep_total.items():
            cats_k[c][0] += n
            cats_k[c][1] += s.keep_broken[c]
    subs: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for s in scores:
        for c, n in s.sub_total.items():
            subs[c][0] += n
            subs[c][1] += s.sub_leaked[c]
    mt = sum(v[0] for v in cats_m.values())
    ml = sum(v[1] for v in cats_m.values())
    kt = sum(v[0] for v in cats_k.values())
    kb = sum(v[1] for v in cats_k.values())
    docs_with_mask = [s for s in scores if not s.clean]
    clean = [s for s in scores if s.clean]
    return {
        "docs": len(scores),
        "failed_docs": sum(s.failed for s in scores),
        "leak_rate": _rate(ml, mt),
        "keep_rate": _rate(kt - kb, kt),
        "mask_items": mt,
        "keep_items": kt,
        "docs_with_leak": _rate(sum(1 for s in docs_with_mask if any(s.mask_leaked.values())), len(docs_with_mask)),
        "clean_docs_touched": _rate(sum(s.clean_touched for s in clean), len(clean)),
        "outside_chars_per_1000": 1000 * sum(s.outside_chars for s in scores) / max(1, sum(s.chars for s in scores)),
        "encoded_leak_rate": _rate(sum(s.encoded_leaked for s in scores), sum(s.encoded_total for s in scores)),
        "json_parse_rate": _rate(sum(s.json_ok for s in scores if s.is_json), sum(1 for s in scores if s.is_json)),
        "diff_consistent_rate": _rate(sum(s.diff_ok for s in scores if s.is_diff), sum(1 for s in scores if s.is_diff)),
        "leak_by_category": {c: {"items": v[0], "leaked": v[1], "leak_rate": _rate(v[1], v[0])} for c, v in sorted(cats_m.items())},
        "keep_by_category": {c: {"items": v[0], "broken": v[1], "keep_rate": _rate(v[0] - v[1], v[0])} for c, v in sorted(cats_k.items())},
        "leak_by_sub": {c: {"items": v[0], "leaked": v[1], "leak_rate": _rate(v[1], v[0])} for c, v in sorted(subs.items())},
    }


def _totals(scores: list[DocScore]) -> np.ndarray:
    """Per document: MUST_MASK items, leaked, MUST_KEEP items, broken (an n × 4 integer array)."""
    return np.array([(sum(s.mask_total.values()), sum(s.mask_leaked.values()), sum(s.keep_total.values()),
                      sum(s.keep_broken.values())) for s in scores], dtype=np.int64).reshape(-1, 4)


def _rates(totals: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Leak and keep rate per row of summed totals (``... × 4``); NaN where a denominator is zero (no item of
    that kind in the resample: the rate is undefined, not 0 or 1)."""
    mt, ml, kt, kb = totals[..., 0], totals[..., 1], totals[..., 2], totals[..., 3]
    with np.errstate(invalid="ignore", divide="ignore"):
        leak = np.where(mt > 0, ml / np.maximum(mt, 1), np.nan)
        keep = np.where(kt > 0, (kt - kb) / np.maximum(kt, 1), np.nan)
    return leak, keep


def _resampled(per_doc: list[np.ndarray], resamples: int, seed: int) -> list[tuple[np.ndarray, np.ndarray]]:
    """Leak and keep rates of ``resamples`` bootstrap resamples of documents, the same resamples for every
    array in ``per_doc`` (paired comparisons)."""
    n = len(per_doc[0])
    rng = np.random.default_rng(seed)
    idx = rng.integers(0, n, size=(resamples, n)) if n else np.zeros((resamples, 0), dtype=np.int64)
    return [_rates(t[idx].sum(axis=1)) for t in per_doc]


def _interval(xs: np.ndarray) -> tuple[float, float]:
    xs = xs[~np.isnan(xs)]
    if not xs.size:
        return float("nan"), float("nan")
    lo, hi = np.percentile(xs, [2.5, 97.5])
    return float(lo), float(hi)


def bootstrap(scores: list[DocScore], resamples: int = 1000, seed: int = 12345) -> dict[str, tuple[float, float]]:
    """95% percentile intervals for overall leak and keep rates, resampling documents."""
    ((leak, keep),) = _resampled([_totals(scores)], resamples, seed)
    return {"leak_rate": _interval(leak), "keep_rate": _interval(keep)}


def strata_metrics(docs: list[Document], preds: dict[str, Prediction]) -> dict:
    """Code-strata rates: live recall, example silence, pair success, placeholder silence, clean false positives."""
    by_role: dict[str, list[bool]] = defaultdict(list)
    live_ok: dict[str, bool] = {}
    example_ok: dict[str, bool] = {}
    for d in docs:
        role = d.get("role")
        if role is None:
            continue
        text = d["text"]
        cov = covered_mask(len(text), _pred_spans(preds, d))
        if role == "live":
            ok = all(item_masked(text, it, cov) for it in d["items"] if it["cls"] == "MUST_MASK")
            live_ok[str(d.get("pair_id"))] = ok
        elif role == "example":
            ok = all(item_kept(it, cov) for it in d["items"] if it["cat"] == "example_value")
            example_ok[str(d.get("pair_id"))] = ok
        else:  # placeholder / clean: silent means nothing masked at all
            ok = not any(cov)
        by_role[role].append(ok)
    pairs = [p for p in live_ok if p in example_ok]
    return {
        "live_recall": _rate(sum(by_role["live"]), len(by_role["live"])),
        "example_silence": _rate(sum(by_role["example"]), len(by_role["example"])),
        "pair_success": _rate(sum(live_ok[p] and example_ok[p] for p in pairs), len(pairs)),
        "placeholder_silence": _rate(sum(by_role["placeholder"]), len(by_role["placeholder"])),
        "clean_false_positive_docs": _rate(len(by_role["clean"]) - sum(by_role["clean"]), len(by_role["clean"])),
        "docs": {r: len(v) for r, v in by_role.items()},
    }


def char_metrics(docs: list[Document], preds: dict[str, Prediction]) -> dict:
    """Character-level recall / precision / F2 / F1 / F0.5 over MUST_MASK characters (labels ignored),
    per dataset (the ``dataset`` field, default "all"), with macro average and leave-one-dataset-out range."""
    per: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0])  # gold chars, covered gold chars, masked chars
    for d in docs:
        text = d["text"]
        cov = covered_mask(len(text), _pred_spans(preds, d))
        gold = bytearray(len(text))
        for it in d.get("items", []):
            if it["cls"] == "MUST_MASK":
                for i in range(it["start"], it["end"]):
                    gold[i] = 1
        acc = per[d.get("dataset", "all")]
        acc[0] += sum(gold)
        acc[1] += sum(1 for i in range(len(text)) if gold[i] and cov[i])
        acc[2] += sum(cov)

    def f(beta: float, r: float, p: float) -> float:
        return (1 + beta**2) * p * r / (beta**2 * p + r) if p + r else 0.0

    rows = {}
    for name, (g, c, m) in sorted(per.items()):
        r = c / g if g else 0.0
        p = c / m if m else 0.0
        rows[name] = {"recall": r, "precision": p, "f2": f(2, r, p), "f1": f(1, r, p), "f05": f(0.5, r, p)}
    macro = {k: sum(v[k] for v in rows.values()) / len(rows) for k in ("recall", "precision", "f2", "f1", "f05")} if rows else {}
    lodo = None
    if len(rows) > 1:
        vals = [sum(v["f2"] for n, v in rows.items() if n != out) / (len(rows) - 1) for out in rows]
        lodo = (min(vals), max(vals))
    return {"datasets": rows, "macro": macro, "macro_f2_leave_one_out": lodo}


def paired_difference(a: list[DocScore], b: list[DocScore], resamples: int = 1000, seed: int = 12345) -> dict[str, tuple[float, float, float]]:
    """Leak and keep rate of tool A minus tool B on the same documents: point estimate and 95% interval
    from resampling documents (the same resample for both tools). A difference is a win or a loss only
    when its interval excludes 0. Resamples where a rate is undefined (no item of its kind) are left out,
    as in :func:`bootstrap`."""
    assert len(a) == len(b)
    ta, tb = _totals(a), _totals(b)
    (la, ka), (lb, kb) = _rates(ta.sum(axis=0)), _rates(tb.sum(axis=0))
    (ra_l, ra_k), (rb_l, rb_k) = _resampled([ta, tb], resamples, seed)
    lo_l, hi_l = _interval(ra_l - rb_l)
    lo_k, hi_k = _interval(ra_k - rb_k)
    return {"leak_rate": (float(la - lb), lo_l, hi_l), "keep_rate": (float(ka - kb), lo_k, hi_k)}


def _pred_spans(preds: dict[str, Prediction], doc: Document) -> list[PredSpan]:
    pred = preds.get(str(doc["id"]))
    return pred.get("spans", []) if pred else []


def score(docs: list[Document], preds: dict[str, Prediction]) -> tuple[dict, list[DocScore]]:
    scores = [score_doc(d, preds.get(str(d["id"]))) for d in docs]
    return aggregate(scores), scores
