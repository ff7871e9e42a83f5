from __future__ import annotations

import base64
import codecs
import hashlib
import json
import random
import string
import uuid
from collections.abc import Callable

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from coatcheck.detect.taint import TaintFinder, is_weak_run

MIN_RUN = 8
ALPHABETS = [
    string.ascii_letters + string.digits,
    "0123456789abcdef",
    string.ascii_letters + string.digits + "+/=",
    string.ascii_letters + string.digits + "-_",
    string.ascii_lowercase + string.digits,
    string.ascii_letters + string.digits + "!#$%&*@^~.:",
]
PREFIXES = ["", "ghp_", "sk-", "AKIA", "xoxb-", "glpat-"]
SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def token(seed: int) -> str:
    """A random realistic secret: provider prefix, 20-60 characters of one alphabet."""
    r = random.Random(seed)
    alphabet = r.choice(ALPHABETS)
    return r.choice(PREFIXES) + "".join(r.choice(alphabet) for _ in range(r.randint(20, 60)))


def findable(piece: str) -> bool:
    """The piece holds a run that is a needle (a weak run alone is no evidence: see is_weak_run)."""
    return any(not is_weak_run(piece[i:j]) for i in range(len(piece)) for j in range(i + MIN_RUN, len(piece) + 1))


# Each transform as the Unix tool writes it for `echo VALUE | tool`: (output, start, end) where output[start:end]
# is the part that depends on the value alone, which must be covered.
Transform = Callable[[str], tuple[str, int, int]]


def whole(out: str) -> tuple[str, int, int]:
    body = out.rstrip("\n")
    return out, 0, len(body)


def rev(v: str) -> tuple[str, int, int]:
    return whole(v[::-1] + "\n")


def fold(k: int) -> Transform:
    return lambda v: whole("\n".join(v[i : i + k] for i in range(0, len(v), k)) + "\n")


def od_u1(v: str) -> tuple[str, int, int]:
    data = (v + "\n").encode()
    lines = ["".join(f"{b:4d}" for b in data[i : i + 16]) for i in range(0, len(data), 16)]
    out = "\n".join(lines) + "\n"
    return out, 0, out.rindex("  10")  # the echoed newline is not the value


def xxd_p(v: str) -> tuple[str, int, int]:
    h = (v + "\n").encode().hex()
    out = "\n".join(h[i : i + 60] for i in range(0, len(h), 60)) + "\n"
    return out, 0, out.rindex("0a")


def rot13(v: str) -> tuple[str, int, int]:
    return whole(codecs.encode(v, "rot13") + "\n")


def upper(v: str) -> tuple[str, int, int]:
    return whole(v.upper() + "\n")


def b64(prefix: bytes) -> Transform:
    """`printf PREFIX; echo VALUE` | base64 (wrapped at 76): the characters made of value bits only must go."""

    def run(v: str) -> tuple[str, int, int]:
        data = v.encode()
        enc = base64.b64encode(prefix + data + b"\n").decode()
        first, last = -(-8 * len(prefix) // 6), 8 * (len(prefix) + len(data)) // 6
        wrapped = "\n".join(enc[i : i + 76] for i in range(0, len(enc), 76)) + "\n"
        at = [i for i, c in enumerate(wrapped) if c != "\n"]  # encoded index -> output index
        return wrapped, at[first], at[last - 1] + 1

    return run


TRANSFORMS: dict[str, Transform] = {
    "rev": rev,
    "od -An -tu1": od_u1,
    "xxd -p": xxd_p,
    "tr rot13": rot13,
    "tr a-z A-Z": upper,
    **{f"fold -w {k}": fold(k) for k in range(1, 13)},
    **{f"base64 after {n} bytes": b64(b"x" * n) for n in range(3)},
}

surround = st.text(alphabet=string.printable, max_size=40)


def assert_covered(text: str, start: int, end: int, finder: TaintFinder) -> None:
    """One span covers text[start:end] (less the whitespace at its ends, od's padding)."""
    while text[start].isspace():
        start += 1
    while text[end - 1].isspace():
        end -= 1
    spans = finder.spans(text)
    assert any(s.start <= start and end <= s.end for s in spans), (start, end, [(s.start, s.end) for s in spans])


@SETTINGS
@given(seed=st.integers(0, 2**32), name=st.sampled_from(sorted(TRANSFORMS)), before=surround, after=surround)
def test_transformed_value_is_covered(seed: int, name: str, before: str, after: str) -> None:
    value = token(seed)
    assume(findable(value))
    out, start, end = TRANSFORMS[name](value)
    text = before + "\n" + out + after
    assert_covered(text, len(before) + 1 + start, len(before) + 1 + end, TaintFinder({value: "secret"}))


@SETTINGS
@given(seed=st.integers(0, 2**32), data=st.data(), before=surround, after=surround)
def test_cut_range_is_covered(seed: int, data: st.DataObject, before: str, after: str) -> None:
    value = token(seed)
    a = data.draw(st.integers(0, len(value) - MIN_RUN))
    b = data.draw(st.integers(a + MIN_RUN, len(value)))
    piece = value[a:b]
    assume(findable(piece))
    text = before + "\n" + piece + "\n" + after
    assert_covered(text, len(before) + 1, len(before) + 1 + len(piece), TaintFinder({value: "secret"}))


@SETTINGS
@given(seed=st.integers(0, 2**32), suffix=st.text(alphabet=string.ascii_letters + "_", min_size=1, max_size=6))
def test_glued_suffix_and_reversed_fold_are_covered(seed: int, suffix: str) -> None:
    value = token(seed)
    assume(findable(value))
    finder = TaintFinder({value: "secret"})
    text = f"$ echo {value}{suffix}\n{value}{suffix}\n"
    assert_covered(text, text.index(value), text.index(value) + len(value), finder)
    folded = "\n".join(value[::-1][i : i + 5] for i in range(0, len(value), 5))
    assert_covered(f"x {folded} y", 2, 2 + len(folded), finder)


def test_encodings_with_separators_and_prefixes() -> None:
    value = token(7)
    finder = TaintFinder({value: "secret"})
    data = value.encode()
    forms = [
        ", ".join(f"0x{b:02x}" for b in data),
        "".join(f"\\x{b:02X}" for b in data),
        ":".join(f"{b:02x}" for b in data),
        json.dumps(list(data)),
        " ".join(f"{b:03o}" for b in data),
        base64.urlsafe_b64encode(data).decode().rstrip("="),
    ]
    for form in forms:
        text = f"out: {form}\n"
        spans = finder.spans(text)
        assert spans, form[:12]
        assert spans[0].start <= 5 + 6 and spans[-1].end >= 5 + len(form) - 6


def test_spans_are_in_original_offsets_with_odd_whitespace() -> None:
    value = "Zq8vKp2LmX4wNb7RtY3s"
    finder = TaintFinder({value: "secret"})
    chunks = [value[i : i + 3] for i in range(0, len(value), 3)]
    body = "\r\n".join(chunks[:3]) + "\t \t" + "\r\n\r\n".join(chunks[3:])
    text = "header\r\n\tvalue:\t" + body + "\r\n\ttrailer"
    [span] = finder.spans(text)
    assert (span.start, span.end) == (text.index(body), text.index(body) + len(body))
    assert "".join(text[span.start : span.end].split()) == value
    assert span.category == "secret" and span.detector == "taint"


def test_short_values_are_ignored_and_spans_sorted_disjoint() -> None:
    a, b = token(1), token(2)
    finder = TaintFinder({"Ab3$xY7": "secret", a: "secret", b: "password"})
    assert finder.spans("Ab3$xY7 and 7Yx$3bA") == []
    text = f"{b[::-1]} then {a.upper()} then {a}"
    spans = finder.spans(text)
    assert [(s.start, s.end) for s in spans] == sorted((s.start, s.end) for s in spans)
    assert all(x.end <= y.start for x, y in zip(spans, spans[1:], strict=False))
    assert len(spans) == 3 and spans[0].category == "password"


def _fixture() -> str:
    """Real-ish material that holds none of the values: code, logs, hashes, UUIDs, encoded unrelated data."""
    r = random.Random(99)
    lines = []
    for i in range(300):
        digest = hashlib.sha256(str(i).encode()).hexdigest()
        lines += [
            f"2026-12-01T17:{i % 60:02d}:{(i * 7) % 60:02d}.{i:03d}Z INFO worker[{1000 + i}] request_id={uuid.UUID(int=r.getrandbits(128))}"
            f" status=200 bytes={r.randint(100, 99999)} sha256={digest}",
            f"    def handle_request_{i}(self, password: str, username: str) -> bool:",
            f'        """Check the password against the stored hash (bcrypt, cost {10 + i % 4})."""',
            f"commit {hashlib.sha1(str(i).encode()).hexdigest()}\nAuthor: Dev Person <dev{i}@example.com>",
            f"    {base64.b64encode(f'unrelated payload number {i} with some text'.encode()).decode()}",
            f"    {' '.join(str(b) for b in f'row {i} of the table, nothing secret'.encode())}",
            f"    {bytes(range(i % 200, i % 200 + 24)).hex(' ')}",
            "The dragon flew over the sunshine valley; correct configuration of the monkey patch matters.",
        ]
    return "\n".join(lines)


def test_precision_on_realistic_fixture() -> None:
    r = random.Random(5)
    values = {token(r.getrandbits(32)): "secret" for _ in range(100)}
    words = ["sunshine", "dragon", "monkey", "password", "welcome", "letmein", "football", "shadow", "master",
             "correct", "horse", "battery", "valley", "summer", "winter", "configuration"]
    for _ in range(30):
        w = "".join(r.choice(words).capitalize() for _ in range(r.randint(1, 3)))
        values[w + str(r.randint(0, 9999)) + r.choice(["", "!", "#"])] = "password"
    spans = TaintFinder(values).spans(_fixture())
    assert spans == []


@pytest.mark.parametrize("run", ["password", "12345678", "aaaaaaaa", "qwertyui", "2026-12-01", "deEncode"])
def test_weak_runs(run: str) -> None:
    assert is_weak_run(run)


@pytest.mark.parametrize("run", ["ghp_aB3d", "x9Kq2LmP", "7f3a9c1e"])
def test_strong_runs(run: str) -> None:
    assert not is_weak_run(run)
