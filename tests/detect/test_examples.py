"""Documented examples stay readable; the same value as live configuration does not. Values are made up."""

import pytest

from coatcheck import Masker

KEY = "ghp_aB3dE5fG7hI9jK1lM3nO5pQ7rS9tU1vW3xY5"


@pytest.fixture(scope="module")
def masker() -> Masker:
    return Masker()


FRAMED = [
    f"# e.g. GITHUB_TOKEN={KEY}  (sample value from the docs, not a real key)\n",
    f"For example:\n\n```bash\nexport GITHUB_TOKEN={KEY}\n```\n",
    f'def connect(token):\n    """Open a client.\n\n    Example:\n        >>> connect("{KEY}")\n    """\n',
    f"Per esempio: GITHUB_TOKEN={KEY}\n",
    f"Zum Beispiel:\n    GITHUB_TOKEN={KEY}\n",
    f"Par exemple : GITHUB_TOKEN={KEY}\n",
    f"Por ejemplo: GITHUB_TOKEN={KEY}\n",
    f"GITHUB_TOKEN={KEY}  # illustrative example, not a real credential\n",
]


@pytest.mark.parametrize("text", FRAMED)
def test_a_framed_example_stays(masker: Masker, text: str) -> None:
    assert masker.mask(text).text == text


LIVE = [
    f"GITHUB_TOKEN={KEY}\n",
    f"curl -H 'Authorization: Bearer {KEY}' https://api.example.com/v1\n",  # a reserved domain is not a cue
    f"For example:\n\n```bash\nexport GITHUB_TOKEN={KEY}\n```\n\nGITHUB_TOKEN={KEY}\n",  # live elsewhere
    f"# sample app\n\nGITHUB_TOKEN={KEY}\n",  # a cue in another paragraph
]


@pytest.mark.parametrize("text", LIVE)
def test_live_configuration_is_masked_everywhere(masker: Masker, text: str) -> None:
    assert KEY not in masker.mask(text).text
