"""The model detector's windowing, offsets and BIO decoding, with a stand-in session (no model file needed):
the stand-in tags every capitalised word piece as a person (B- on the first, I- on following capitalised pieces)."""

from __future__ import annotations

import numpy as np
from tokenizers import Regex, Tokenizer, models, normalizers, pre_tokenizers, processors

from coatcheck.detect.model import ModelDetector

LABELS = ["O", "B-PER", "I-PER", "B-ADDR", "I-ADDR"]
PIECES = ["<s>", "<pad>", "</s>", "<unk>"] + [f"▁{c}" for c in "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"] + \
    list("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.,:;!?'\"()-_/\\@😀") + ["▁Giulia", "▁Ferraro", "▁Hans", "▁Becker", "▁"]


def tokenizer() -> Tokenizer:
    t = Tokenizer(models.Unigram([(p, -1.0 if len(p) > 2 else -5.0) for p in PIECES], unk_id=3, byte_fallback=False))
    t.normalizer = normalizers.Replace(Regex(r"\s"), " ")  # as the real tokenizer: whitespace becomes a space
    t.pre_tokenizer = pre_tokenizers.Metaspace(replacement="▁", prepend_scheme="always")
    t.post_processor = processors.TemplateProcessing(single="<s> $A </s>", special_tokens=[("<s>", 0), ("</s>", 2)])
    return t


class StandIn:
    """Person = a run of pieces that start with '▁' + capital letter and are longer than 2 chars."""

    def __init__(self, tok: Tokenizer) -> None:
        self.vocab = {i: p for p, i in tok.get_vocab().items()}
        self.calls = 0

    def run(self, _names, feeds):
        self.calls += 1
        ids = feeds["input_ids"]
        out = np.zeros((*ids.shape, len(LABELS)), dtype=np.float32)
        out[..., 0] = 1.0
        for b in range(ids.shape[0]):
            prev = False
            for t in range(ids.shape[1]):
                piece = self.vocab.get(int(ids[b, t]), "")
                name = piece.startswith("▁") and len(piece) > 2 and piece[1].isupper()
                if name:
                    out[b, t] = 0
                    out[b, t, 2 if prev else 1] = 0.9
                    out[b, t, 0] = 0.1
                prev = name
        return [out]


def detector(max_len: int = 128, stride: int = 32, batch_tokens: int = 2048) -> tuple[ModelDetector, StandIn]:
    tok = tokenizer()
    session = StandIn(tok)
    meta = {"labels": LABELS, "max_len": max_len, "thresholds": {"PER": 0.5, "ADDR": 0.5}, "pad": 1}
    return ModelDetector(parts=(session, tok, meta), stride=stride, batch_tokens=batch_tokens), session


def found(text: str, **kw) -> list[str]:
    d, _ = detector(**kw)
    return [text[s.start : s.end] for s in d.detect(text)]


def test_offsets_are_exact():
    text = "ping Giulia Ferraro now"
    assert found(text) == ["Giulia Ferraro"]


def test_window_boundaries_do_not_split_or_lose_entities():
    filler = " ".join("abc" for _ in range(150))
    text = f"{filler} Hans Becker {filler} Giulia Ferraro {filler}"
    d, session = detector(max_len=32, stride=8, batch_tokens=64)
    spans = d.detect(text)
    assert [text[s.start : s.end] for s in spans] == ["Hans Becker", "Giulia Ferraro"]
    assert session.calls >= 2  # several batches of windows


def test_emoji_crlf_and_non_ascii():
    text = "😀 ok\r\nHans Becker\r\nbye 😀"
    assert found(text) == ["Hans Becker"]


def test_very_long_tokens_and_base64_lines_are_skipped():
    blob = "QmFzZTY0" * 40
    d, session = detector()
    assert d.detect(blob + "\n") == [] and session.calls == 0
    assert found(blob + "\nGiulia Ferraro\n") == ["Giulia Ferraro"]


def test_i_without_b_starts_an_entity():
    d, _ = detector()
    probs = np.zeros((3, len(LABELS)), dtype=np.float32)
    probs[0, 2] = probs[1, 2] = 0.9  # I-PER I-PER
    probs[2, 0] = 1.0
    spans = d._decode("Hans Beck x", 0, [(0, 4), (4, 9), (10, 11)], probs)
    assert [(s.start, s.end, s.category) for s in spans] == [(0, 9, "person")]


def test_threshold_filters_low_scores():
    d, _ = detector()
    d.thresholds["PER"] = 0.95
    assert d.detect("ping Giulia Ferraro now") == []


class Shapes(StandIn):
    """Records the shape of every batch."""

    def __init__(self, tok: Tokenizer) -> None:
        super().__init__(tok)
        self.shapes: list[tuple[int, int]] = []

    def run(self, names, feeds):
        self.shapes.append(feeds["input_ids"].shape)
        return super().run(names, feeds)


def test_batches_stay_within_the_token_budget_and_group_similar_lengths():
    tok = tokenizer()
    session = Shapes(tok)
    meta = {"labels": LABELS, "max_len": 32, "thresholds": {"PER": 0.5, "ADDR": 0.5}, "pad": 1}
    d = ModelDetector(parts=(session, tok, meta), stride=8, batch_tokens=96)
    lines = [f"Hans Becker {'abc ' * n}".strip() for n in (0, 1, 2, 30, 31, 0, 1)]
    text = "\n\nx = 1\n\n".join(lines)  # separate regions of different lengths
    spans = d.detect(text)
    assert sum(1 for s in spans if text[s.start : s.end] == "Hans Becker") == len(lines)
    assert all(rows * length <= 96 or rows == 1 for rows, length in session.shapes)
    assert len(session.shapes) >= 3


def test_a_region_seen_before_is_answered_from_the_cache():
    d, session = detector()
    text = "note: Hans Becker called\nstatus: fine"
    first = d.detect(text)
    calls = session.calls
    again = d.detect("prefix line 1\n" + text)
    assert session.calls == calls  # no inference: the region's text was seen
    assert [(s.end - s.start, s.category) for s in again] == [(s.end - s.start, s.category) for s in first]
    assert ["Hans Becker"] == [("prefix line 1\n" + text)[s.start : s.end] for s in again]


def test_the_cache_evicts_the_oldest_regions_past_its_size():
    tok = tokenizer()
    session = StandIn(tok)
    meta = {"labels": LABELS, "max_len": 128, "thresholds": {"PER": 0.5, "ADDR": 0.5}, "pad": 1}
    d = ModelDetector(parts=(session, tok, meta), cache_chars=60)
    for n in range(10):
        d.detect(f"Hans Becker wrote {n}")
    assert 1 <= len(d.cache) <= 3


def test_escaped_newlines_split_a_json_string_for_the_gate():
    d, session = detector()
    body = "\\n".join(["x = compute(y)"] * 200 + ["# owner Hans Becker"] + ["z = 1"] * 200)
    text = '{"content": "' + body + '"}'
    spans = d.detect(text)
    assert [text[s.start : s.end] for s in spans] == ["Hans Becker"]
    regions = d._regions(text)
    assert sum(e - s for s, e in regions) < 60  # only the piece with the name, not the whole 3 KB line


def _probs(tags: list[str]) -> np.ndarray:
    out = np.zeros((len(tags), len(LABELS)), dtype=np.float32)
    for i, t in enumerate(tags):
        out[i, LABELS.index(t)] = 0.9
        out[i, 0] += 0.1
    return out


def _words(text: str) -> list[tuple[int, int]]:
    import re

    return [m.span() for m in re.finditer(r"\S+", text)]


def test_a_run_of_tags_is_one_entity_of_its_majority_type():
    d, _ = detector()
    text = "ship to 14 Orchard Lane today"
    tags = ["O", "O", "B-ADDR", "I-ADDR", "I-PER", "O"]  # the tagger wavered on one word inside the address
    spans = d._decode(text, 0, _words(text), _probs(tags))
    assert [(text[s.start : s.end], s.category) for s in spans] == [("14 Orchard Lane", "address")]


def test_address_pieces_a_few_characters_apart_are_one_address():
    d, _ = detector()
    text = "to 14 Orchard Lane, Bath BA1 5LT now"
    tags = ["O", "B-ADDR", "I-ADDR", "I-ADDR", "B-ADDR", "I-ADDR", "I-ADDR", "O"]
    words = _words(text)
    probs = _probs(tags)
    probs[3] = _probs(["O"])[0]  # "Lane," left out by the tagger
    spans = d._decode(text, 0, words, probs)
    assert [text[s.start : s.end] for s in spans] == ["14 Orchard Lane, Bath BA1 5LT"]


def test_a_b_tag_starts_a_new_person():
    d, _ = detector()
    text = "Hans Becker Giulia Ferraro"
    spans = d._decode(text, 0, _words(text), _probs(["B-PER", "I-PER", "B-PER", "I-PER"]))
    assert [text[s.start : s.end] for s in spans] == ["Hans Becker", "Giulia Ferraro"]


def test_spans_snap_to_whole_words_by_their_first_piece():
    from coatcheck.detect.model import _whole_words

    text = "da Esteban Quiroga durante Bellecour"
    s = text.index("Esteban")
    assert text[slice(*_whole_words(text, s, text.index("roga")))] == "Esteban Quiroga"  # "Qui|roga" takes the word
    b = text.index("cour")
    a, e = _whole_words(text, b, len(text))
    assert a >= e  # the tail of "Bellecour" is no word of its own


def test_person_filters_reject_what_no_name_looks_like():
    from coatcheck.detect.model import _refine

    for text in ("see PEP 3115 here", "uses Chebyshev, Laguerre basis", "class EmailHeaderLexer Parser", "# Line Comment",
                 'x = "Darwin"'):
        words = [w for w in text.replace("(", " ").replace(")", " ").replace('"', " ").split() if w[0].isupper()]
        start = text.index(words[0])
        end = text.index(words[-1]) + len(words[-1])
        assert _refine(text, start, end, "PER") is None, text
    alternation = r"\s+(Jan|Feb|Mar)\s+"
    assert _refine(alternation, alternation.index("Jan"), alternation.index("Jan") + 3, "PER") is None
    ok = "reviewed by Giulia Read today"
    assert _refine(ok, ok.index("Giulia"), ok.index(" today"), "PER") is not None
