"""The Masker: detect, then replace each detected value with its vault placeholder."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, replace, field

from .detect.base import Detector
from .detect.pipeline import Pipeline
from .errors import CoatcheckError, MaskingError
from .normalize import needs_view, normalized_view, partial_view
from .policy import Policy
from .restore import RestoreResult, restore
from .spans import Span, resolve
from .vault import PLACEHOLDER_RE, Vault


@dataclass
class MaskResult:
    """``text`` is the masked text; ``spans`` are the masked ranges of the original text."""

    text: str
    spans: list[Span] = field(default_factory=list)

    def counts(self) -> dict[str, int]:
        """Masked values per category (safe to log: no values)."""
        return dict(Counter(s.category for s in self.spans))


def _escape_bounds(text: str, i: int) -> tuple[int, int] | None:
    """If offset ``i`` falls strictly inside a backslash escape (``\\n``, ``\\"``, ``\\u00e9``), its bounds."""
    for back in range(1, 6):
        p = i - back
        if p < 0:
            break
        if text[p] != "\\":
            continue
        run = 0
        while p - run >= 0 and text[p - run] == "\\":
            run += 1
        if run % 2 == 0:
            return None  # an escaped backslash, not the start of an escape
        nxt = text[p + 1] if p + 1 < len(text) else ""
        length = 6 if nxt == "u" and all(c in "0123456789abcdefABCDEF" for c in text[p + 2 : p + 6]) else 2
        return (p, p + length) if p < i < p + length else None
    return None


def _escape_safe(text: str, span: Span) -> Span:
    """Widen a span so it never cuts a backslash escape in half (keeps JSON and string literals valid)."""
    start, end = span.start, span.end
    b = _escape_bounds(text, start)
    if b:
        start = b[0]
    b = _escape_bounds(text, end)
    if b:
        end = b[1]
    elif end > 0 and text[end - 1] == "\\":
        run = 0
        while end - 1 - run >= start and text[end - 1 - run] == "\\":
            run += 1
        if run % 2 == 1 and end < len(text):
            end += 1
    if (start, end) == (span.start, span.end):
        return span
    return replace(span, start=start, end=end)


class Masker:
    """Masks secrets and personal data; restores them. Thread-safe and reusable.

    >>> m = Masker()
    >>> r = m.mask("mail giulia.ferraro@acme-dev.it")
    >>> r.text.startswith("mail EMAIL_"), m.restore(r.text)
    (True, 'mail giulia.ferraro@acme-dev.it')
    """

    def __init__(self, policy: Policy | None = None, vault: Vault | None = None, extra: list[Detector] | None = None,
                 pipeline: Pipeline | None = None) -> None:
        self.policy = policy if policy is not None else Policy.builtin("agent")
        self.vault = vault if vault is not None else Vault()
        # A pipeline is stateless and costly to build: many maskers (one per gateway session) can share one.
        self.pipeline = pipeline if pipeline is not None else Pipeline(self.policy, extra)

    def detect(self, text: str, extra_spans: list[Span] | None = None) -> list[Span]:
        """The spans that ``mask`` would replace (original offsets, disjoint, sorted); ``extra_spans`` are
        added before resolution (e.g. values a caller already knows to be sensitive)."""
        spans = self.pipeline.detect(text) + list(extra_spans or [])
        spans += [Span(m.start(), m.end(), "literal", "literal:placeholder-lookalike", 1.0) for m in PLACEHOLDER_RE.finditer(text)]
        view = partial_view(text, needs_view, normalized_view)
        if view is not None:  # look-alikes written with zero-width, fullwidth or homoglyph characters are escaped too
            for m in PLACEHOLDER_RE.finditer(view.text):
                start, end = view.to_original(m.start(), m.end())
                spans.append(Span(start, end, "literal", "literal:placeholder-lookalike", 1.0))
        return resolve([_escape_safe(text, s) for s in resolve(spans)])

    def mask(self, text: str, extra_spans: list[Span] | None = None, value_of: Callable[[str], str] | None = None) -> MaskResult:
        """Replace every detected value with its placeholder. Raises MaskingError (never returns
        partially masked text) if anything fails.

        ``value_of`` maps the masked slice to what the vault stores (default: the slice itself); the gateway
        uses it to store JSON-decoded values when it masks JSON source text.
        """
        try:
            spans = self.detect(text, extra_spans)
            out: list[str] = []
            pos = 0
            for s in spans:
                out.append(text[pos : s.start])
                out.append(self._replace(text[s.start : s.end], s.category, value_of))
                pos = s.end
            out.append(text[pos:])
            return MaskResult("".join(out), spans)
        except CoatcheckError:
            raise
        except Exception as exc:  # fail closed: the caller must not forward the input
            raise MaskingError(f"masking failed ({exc.__class__.__name__}); nothing was forwarded") from None

    def _replace(self, value: str, cat: str, value_of: Callable[[str], str] | None = None) -> str:
        """Mask line by line, so line counts (and diff hunks) stay as they were."""
        parts = []
        for line, ph in zip(value.split("\n"), self._line_placeholders(value, cat, value_of), strict=False):
            if ph is None:
                parts.append(line)
                continue
            body = line.rstrip("\r")
            core = body.strip()
            lead = body[: len(body) - len(body.lstrip())]
            trail = body[len(lead) + len(core) :]
            parts.append(lead + ph + trail + line[len(body) :])
        return "\n".join(parts)

    def _line_placeholders(self, value: str, cat: str, value_of: Callable[[str], str] | None) -> list[str | None]:
        out: list[str | None] = []
        for line in value.split("\n"):
            core = line.rstrip("\r").strip()
            out.append(self.vault.placeholder(cat, value_of(core) if value_of else core) if core else None)
        return out

    def placeholders(self, value: str, cat: str, value_of: Callable[[str], str] | None = None) -> list[str]:
        """The placeholder(s) ``mask`` writes for ``value`` (one per non-blank line)."""
        return [p for p in self._line_placeholders(value, cat, value_of) if p]

    def restore(self, text: str) -> str:
        """Put back the originals of every placeholder this masker's vault knows."""
        return restore(text, self.vault).text

    def restore_result(self, text: str, *, json_string: bool = False) -> RestoreResult:
        return restore(text, self.vault, json_string=json_string)
