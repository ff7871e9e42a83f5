from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from coatcheck import Masker, StreamRestorer, Vault, restore

KEY = "ghp_aB3dE5fG7hI9jK1lM3nO5pQ7rS9tU1vW3xY5"


def _masked():
    m = Masker(vault=Vault(b"r" * 32))
    text = f'use {KEY} and "quote\\" \n ünï {KEY}'
    return m, text, m.mask(f"token {KEY} mail giulia.ferraro@acme-dev.it").text


def test_unknown_placeholders_are_left_and_reported():
    v = Vault(b"r" * 32)
    r = restore("keep SECRET_abcdefgh22 as is", v)
    assert r.text == "keep SECRET_abcdefgh22 as is" and r.unknown == ["SECRET_abcdefgh22"] and r.restored == 0


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(min_value=1, max_value=7), min_size=1, max_size=40))
def test_stream_restore_any_chunking(sizes):
    m, _, masked = _masked()
    expected = m.restore(masked)
    sr = StreamRestorer(m.vault)
    out, pos, i = [], 0, 0
    while pos < len(masked):
        n = sizes[i % len(sizes)]
        out.append(sr.feed(masked[pos : pos + n]))
        pos += n
        i += 1
    out.append(sr.flush())
    assert "".join(out) == expected


def test_stream_holds_back_only_a_possible_prefix():
    m, _, masked = _masked()
    sr = StreamRestorer(m.vault)
    assert sr.feed("hello wor") == "hello wor"
    assert sr.feed("ld SECR") == "ld "
    assert sr.feed("xyz") == "SECRxyz"


def test_json_string_mode_escapes_values():
    v = Vault(b"j" * 32)
    value = 'a "quoted"\\ value\nwith ünïcode'
    p = v.placeholder("secret", value)
    sr = StreamRestorer(v, json_string=True)
    body = sr.feed('{"arg": "' + p[:5]) + sr.feed(p[5:] + '"}') + sr.flush()
    assert json.loads(body) == {"arg": value}


def test_placeholder_lookalikes_with_invisible_or_fullwidth_characters_are_escaped():
    from coatcheck import Masker

    m = Masker()
    for text in ("see SEC\u200bRET_abcdefghi2 here", "see ＳＥＣＲＥＴ_abcdefghi2 here", "see SECRET_abcdefghi\u200d2"):
        r = m.mask(text)
        assert "LITERAL_" in r.text and m.restore(r.text) == text
