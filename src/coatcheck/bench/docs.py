"""The document benchmark (``coatcheck bench docs``): character-level recall, precision, F2 (F1 and F0.5 beside it)
on span-gold document sets, labels ignored, per set and macro over sets, with the leave-one-set-out range of the macro
F2 and 95% bootstrap intervals (documents resampled within each set, 1,000 times, fixed seed); each tool against the
first one on the same resamples.

A document set is JSONL, one document per line::

    {"id": "...", "set": "mapa-de", "lang": "de", "split": "dev" | "test", "text": "...",
     "spans": [{"start": 0, "end": 5, "label": "person", ...}], "ignore": [...]}

``spans`` are the gold (persons, contact details, addresses, dates, identifiers, URLs, IPs, secrets); ``ignore``
holds what the source annotates outside that space (organisations, places that are no address, occupations): it is
neither gold nor excused, masking it costs precision as masking any other character does (docs/bench-spec.md).

``meta.annotated_core_labels`` names the core labels a document was annotated for (a named-entity corpus marks
persons and dates, not e-mail addresses). A tool's span whose label maps to a core label the document was not
annotated for (:data:`CORE_LABEL`) is left out before scoring, for every tool alike: a date masked in a corpus that
never marked dates is no error the gold can show. Spans of labels outside the core space (an organisation) count.
``annotated_only=False`` scores every span.
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from .schema import Document, Item, Prediction

BETAS = {"f2": 2.0, "f1": 1.0, "f05": 0.5}
CORE = ("person", "contact", "address", "date", "identifier", "url", "ip", "secret")
# Each tool's labels in the core space: coatcheck's categories, Presidio's entity types. A label not here (ALL,
# ORGANIZATION, NRP, LOCATION) stays whatever the document was annotated for.
CORE_LABEL = {
    **dict.fromkeys(("person",), "person"),
    **dict.fromkeys(("email", "phone", "username"), "contact"),
    **dict.fromkeys(("address",), "address"),
    **dict.fromkeys(("date", "birth_date"), "date"),
    **dict.fromkeys(("account", "national_id", "passport", "driver_license", "iban", "card", "identifier"), "identifier"),
    **dict.fromkeys(("url",), "url"),
    **dict.fromkeys(("ip", "mac"), "ip"),
    **dict.fromkeys(("secret",), "secret"),
    # Presidio
    "PERSON": "person", "EMAIL_ADDRESS": "contact", "PHONE_NUMBER": "contact", "DATE_TIME": "date", "URL": "url",
    "IP_ADDRESS": "ip", "IBAN_CODE": "identifier", "CREDIT_CARD": "identifier", "US_SSN": "identifier",
    "US_PASSPORT": "identifier", "US_DRIVER_LICENSE": "identifier", "US_BANK_NUMBER": "identifier", "UK_NHS": "identifier",
    "ES_NIF": "identifier", "ES_NIE": "identifier", "IT_FISCAL_CODE": "identifier", "IT_IDENTITY_CARD": "identifier",
    "IT_PASSPORT": "identifier", "IT_DRIVER_LICENSE": "identifier", "IT_VAT_CODE": "identifier", "MEDICAL_LICENSE": "identifier",
    "US_ITIN": "identifier", "CRYPTO": "secret",
}


def load_docsets(paths: Iterable[Path], split: str | None = None) -> list[Document]:
    """The documents of every file (only those of ``split``, when given) as bench documents: each gold span a
    MUST_MASK item, ``dataset`` the set's name, ``annotated`` the core labels it was annotated for (every core label
    when the file does not say). A span outside its text is an error that names the document."""
    out: list[Document] = []
    for path in paths:
        with Path(path).open(encoding="utf-8") as fh:
            for n, line in enumerate(fh, 1):
                if not line.strip():
                    continue
                rec = json.loads(line)
                if split is not None and rec.get("split") != split:
                    continue
                text, name = rec["text"], rec.get("set", Path(path).stem)
                items: list[Item] = []
                for s in rec.get("spans", []):
                    if not 0 <= s["start"] < s["end"] <= len(text):
                        raise ValueError(f"{path}:{n}: span {s['start']}-{s['end']} outside the text")
                    items.append({"start": s["start"], "end": s["end"], "cls": "MUST_MASK", "cat": s.get("label", "pii"),
                                  "encoded_of": None})
                doc: Document = {"id": f"{name}/{rec.get('id', n)}", "text": text, "items": items, "dataset": name}
                doc["annotated"] = list((rec.get("meta") or {}).get("annotated_core_labels") or CORE)
                if rec.get("lang"):
                    doc["lang"] = rec["lang"]
                out.append(doc)
    return out


def doc_counts(doc: Document, pred: Prediction | None, annotated_only: bool = True) -> tuple[int, int, int]:
    """(gold characters, gold characters masked, characters masked) of one document; whitespace counts as any
    character does. A document the tool failed on masks nothing."""
    text = doc["text"]
    cov = np.zeros(len(text), dtype=bool)
    allowed = set(doc.get("annotated", CORE)) if annotated_only else set(CORE)
    for sp in pred.get("spans", []) if pred else []:
        core = CORE_LABEL.get(sp.get("label", ""))
        if core is None or core in allowed:
            cov[max(0, sp["start"]):max(0, sp["end"])] = True
    gold = np.zeros(len(text), dtype=bool)
    for it in doc["items"]:
        if it["cls"] == "MUST_MASK":
            gold[it["start"]:it["end"]] = True
    return int(gold.sum()), int((gold & cov).sum()), int(cov.sum())


def _f(beta: float, r: np.ndarray | float, p: np.ndarray | float) -> np.ndarray:
    r, p = np.asarray(r, dtype=float), np.asarray(p, dtype=float)
    den = beta**2 * p + r
    return np.where(den > 0, (1 + beta**2) * p * r / np.where(den > 0, den, 1), 0.0)


def _rates(totals: np.ndarray) -> dict[str, np.ndarray]:
    """recall, precision and the F scores from summed (gold, hit, masked) along the last axis."""
    g, c, m = totals[..., 0], totals[..., 1], totals[..., 2]
    r = np.where(g > 0, c / np.where(g > 0, g, 1), 0.0)
    p = np.where(m > 0, c / np.where(m > 0, m, 1), 0.0)
    return {"recall": r, "precision": p, **{k: _f(b, r, p) for k, b in BETAS.items()}}


@dataclass
class DocTable:
    """One tool's figures: per set, macro, leave-one-set-out range, intervals."""

    sets: dict[str, dict[str, float]]
    macro: dict[str, float]
    leave_one_out: tuple[float, float] | None
    intervals: dict[str, tuple[float, float]]
    failed: int

    def as_dict(self) -> dict:
        return {"sets": self.sets, "macro": self.macro, "macro_f2_leave_one_out": self.leave_one_out,
                "intervals": self.intervals, "failed_docs": self.failed}


def _per_set(docs: Sequence[Document], preds: dict[str, Prediction], annotated_only: bool = True) -> dict[str, np.ndarray]:
    rows: dict[str, list[tuple[int, int, int]]] = defaultdict(list)
    for d in docs:
        rows[d.get("dataset", "all")].append(doc_counts(d, preds.get(str(d["id"])), annotated_only))
    return {name: np.array(v, dtype=float).reshape(-1, 3) for name, v in sorted(rows.items())}


def _resample_index(per_set: dict[str, np.ndarray], resamples: int, seed: int) -> dict[str, np.ndarray]:
    rng = np.random.default_rng(seed)
    return {name: rng.integers(0, len(a), size=(resamples, len(a))) for name, a in per_set.items()}


def _macro_samples(per_set: dict[str, np.ndarray], index: dict[str, np.ndarray]) -> dict[str, np.ndarray]:
    """Each metric's macro average over sets, for every resample."""
    per_metric: dict[str, list[np.ndarray]] = defaultdict(list)
    for name, a in per_set.items():
        for k, v in _rates(a[index[name]].sum(axis=1)).items():
            per_metric[k].append(v)
    return {k: np.mean(np.stack(v), axis=0) for k, v in per_metric.items()}


def _interval(xs: np.ndarray) -> tuple[float, float]:
    return float(np.percentile(xs, 2.5)), float(np.percentile(xs, 97.5))


def doc_table(docs: Sequence[Document], preds: dict[str, Prediction], resamples: int = 1000, seed: int = 12345,
              annotated_only: bool = True) -> DocTable:
    """One tool's figures on ``docs``."""
    per_set = _per_set(docs, preds, annotated_only)
    sets = {name: {k: float(v) for k, v in _rates(a.sum(axis=0)).items()} | {"docs": len(a), "gold_chars": int(a[:, 0].sum())}
            for name, a in per_set.items()}
    metrics = ("recall", "precision", *BETAS)
    macro = {k: float(np.mean([s[k] for s in sets.values()])) for k in metrics} if sets else {}
    lodo = None
    if len(sets) > 1:
        vals = [float(np.mean([s["f2"] for n, s in sets.items() if n != out])) for out in sets]
        lodo = (min(vals), max(vals))
    samples = _macro_samples(per_set, _resample_index(per_set, resamples, seed)) if per_set else {}
    failed = sum(1 for d in docs if "spans" not in (preds.get(str(d["id"])) or {}))
    return DocTable(sets, macro, lodo, {k: _interval(v) for k, v in samples.items()}, failed)


def paired_macro(docs: Sequence[Document], a: dict[str, Prediction], b: dict[str, Prediction], resamples: int = 1000,
                 seed: int = 12345, annotated_only: bool = True) -> dict[str, tuple[float, float, float]]:
    """Tool A minus tool B, macro recall, precision and F2: the point estimate and a 95% interval from the same
    resamples of documents for both. A difference is a win or a loss only when its interval excludes 0."""
    pa, pb = _per_set(docs, a, annotated_only), _per_set(docs, b, annotated_only)
    index = _resample_index(pa, resamples, seed)
    sa, sb = _macro_samples(pa, index), _macro_samples(pb, index)
    ta = {k: float(np.mean([_rates(x.sum(axis=0))[k] for x in pa.values()])) for k in sa}
    tb = {k: float(np.mean([_rates(x.sum(axis=0))[k] for x in pb.values()])) for k in sb}
    return {k: (ta[k] - tb[k], *_interval(sa[k] - sb[k])) for k in ("recall", "precision", "f2")}


def markdown(tables: dict[str, DocTable], diffs: dict[str, dict[str, tuple[float, float, float]]], first: str) -> str:
    """The report: one row per tool and set, the macro rows, then each tool against ``first``."""
    sets = sorted({s for t in tables.values() for s in t.sets})
    lines = ["| tool | " + " | ".join(sets) + " | macro F2 [95%] | leave-one-set-out | macro R / P | F1 / F0.5 | failed |",
             "|---|" + "---:|" * (len(sets) + 5)]
    for tool, t in tables.items():
        cells = [f"{t.sets[s]['f2']:.3f} (R {t.sets[s]['recall']:.2f} P {t.sets[s]['precision']:.2f})" if s in t.sets else "n/a" for s in sets]
        lo, hi = t.intervals.get("f2", (float("nan"), float("nan")))
        lodo = f"{t.leave_one_out[0]:.3f}–{t.leave_one_out[1]:.3f}" if t.leave_one_out else "n/a"
        lines.append(f"| {tool} | " + " | ".join(cells) + f" | {t.macro.get('f2', 0):.3f} [{lo:.3f}, {hi:.3f}] | {lodo} | "
                     f"{t.macro.get('recall', 0):.3f} / {t.macro.get('precision', 0):.3f} | "
                     f"{t.macro.get('f1', 0):.3f} / {t.macro.get('f05', 0):.3f} | {t.failed} |")
    if diffs:
        lines += ["", f"| {first} minus | macro F2 [95%] | recall [95%] | precision [95%] |", "|---|---:|---:|---:|"]
        for tool, d in diffs.items():
            lines.append(f"| {tool} | " + " | ".join(f"{d[k][0]:+.3f} [{d[k][1]:+.3f}, {d[k][2]:+.3f}]" for k in ("f2", "recall", "precision")) + " |")
    return "\n".join(lines) + "\n"
