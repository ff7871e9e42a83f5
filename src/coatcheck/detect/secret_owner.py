"""The login a secret is paired with: ``"rebecca-ashdown:ghp_rc1T…"`` (Bundler's and npm's per-host credentials,
``.git-credentials`` lines, ``curl -u``'s argument, a Basic credential before encoding). Where another stage found a
token right after a colon, the word glued before that colon, from a quote, a blank or an ``=``, is whose token it is:
its login, unless it names the field itself (``apikey:``, ``token:``), is a service account, a placeholder or a word
code and prose write."""

from __future__ import annotations

import functools

import regex

from ..spans import Span
from .keep import kept_by
from .validators import login_word
from .vocabulary import is_credential_key

NAME = "secret-owner"
_LOGIN_BEFORE = regex.compile(r"(?:^|(?<=[\s\"'=]))(?P<v>[A-Za-z0-9][A-Za-z0-9._-]{1,38}[A-Za-z0-9])$")
_KEEPS = ("is_service_username", "is_templated", "is_placeholder_value", "is_code_word", "is_product_name",
          "is_fictional_person")


@functools.cache
def _providers() -> frozenset[str]:
    """The services the provider rules name (sendgrid, linode, twilio …): ``sendgrid:SG.…`` labels its key."""
    from .rules import load_rules

    return frozenset(r.id.split("-")[0].lower() for r in load_rules()) | frozenset(
        w for r in load_rules() for w in r.keywords if w.isalpha())


def secret_owners(text: str, spans: list[Span]) -> list[Span]:
    """Logins glued by a colon before the secrets among ``spans``."""
    out: list[Span] = []
    for s in spans:
        if s.category != "secret" or s.start < 3 or text[s.start - 1] != ":":
            continue
        m = _LOGIN_BEFORE.search(text, max(0, s.start - 41), s.start - 1)
        if m is None:
            continue
        a, b = m.span("v")
        value = text[a:b]
        if (value.isupper() or value.isdigit() or is_credential_key(value) or not login_word(value)
                or value.lower() in _providers()
                or "://" in text[max(0, a - 3):a + 3]
                or kept_by(text, a, b, _KEEPS) is not None):
            continue
        out.append(Span(a, b, "username", NAME, 0.8))
    return out
