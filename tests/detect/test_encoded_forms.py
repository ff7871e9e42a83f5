"""Encoded copies found by encoding the values: base64 at every alignment, hex, URL and JSON escapes."""

from __future__ import annotations

import base64
import json
from urllib.parse import quote

from hypothesis import given, settings
from hypothesis import strategies as st

from coatcheck import Masker
from coatcheck.detect.encoded_forms import EncodedFormFinder, encoded_forms
from coatcheck.spans import Span

LOGIN = Span(0, 0, "username", "test", 0.9)


@settings(max_examples=150, deadline=None)
@given(value=st.text(alphabet="abcdefghijklmnopqrstuvwxyz0123456789._", min_size=5, max_size=24),
       before=st.binary(max_size=7), after=st.binary(max_size=7), urlsafe=st.booleans())
def test_a_value_base64_encoded_inside_any_blob_is_found(value: str, before: bytes, after: bytes, urlsafe: bool) -> None:
    blob = (base64.urlsafe_b64encode if urlsafe else base64.b64encode)(before + value.encode() + after).decode()
    text = f"payload: {blob} (end)"
    spans = EncodedFormFinder({value: LOGIN}).spans(text)
    assert any(text[s.start:s.end] == blob for s in spans)


def test_hex_url_and_json_escapes_are_found() -> None:
    value = "b.kasper@corp.example"
    finder = EncodedFormFinder({value: LOGIN})
    for form in (value.encode().hex(), value.encode().hex().upper(), quote(value, safe=""),
                 "".join(f"\\u{ord(c):04x}" for c in value)):
        text = f"x={form};"
        assert finder.spans(text), form
    for v in ("é", "abc", "b.kasper", "Zoë 😀"):  # a form is never the value itself nor shorter than six
        assert all(len(f) >= 6 and f != v for f in encoded_forms(v))
    escaped = next(f for f, kind in encoded_forms("Zoë 😀").items() if kind == "json" and f.count("\\u") == 6)
    assert json.loads(f'"{escaped}"') == "Zoë 😀"  # past the BMP: a surrogate pair


def test_a_short_login_copied_in_base64_is_masked_with_it() -> None:
    text = "tvasko34@dev-7:~$ kubectl get secret cfg -o jsonpath='{.data.user}'\n" + base64.b64encode(b"tvasko34").decode() + "\n"
    masker = Masker()
    result = masker.mask(text)
    assert base64.b64encode(b"tvasko34").decode() not in result.text
    assert masker.restore(result.text) == text


def test_the_encoded_copy_of_a_value_that_does_not_spread_is_still_found() -> None:
    from coatcheck import Masker

    text = "user tazevedo2 logged in\nredis key sess:74617a657665646f32 expired"  # hex of the login
    out = Masker().mask(text).text
    assert "74617a657665646f32" not in out and "tazevedo2" not in out


def test_the_encoded_copy_of_a_value_before_a_neighbour_joined_its_span_is_found() -> None:
    from coatcheck import Masker

    text = ("normalisation du numéro +33 (0)1 78 62 52 15 de Romain\n"
            "redirect /login?next=%2Faccount&hint=%2B33%20%280%291%2078%2062%2052%2015")
    out = Masker().mask(text).text
    assert "%2B33%20%280%291%2078%2062%2052%2015" not in out
