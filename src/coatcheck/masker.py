"""The Masker: run the pipeline, then replace each span it returns with its vault placeholder."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field

from .detect.base import Detector
from .detect.pipeline import Pipeline, ValueFinder
from .errors import CoatcheckError, MaskingError
from .policy import Policy
from .restore import RestoreResult, restore
from .spans import Span
from .vault import Vault


@dataclass
class MaskResult:
    """``text`` is the masked text; ``spans`` are the masked ranges of the original text; ``placeholders[i]`` are
    the placeholders written for ``spans[i]`` (one per non-blank line of its value)."""

    text: str
    spans: list[Span] = field(default_factory=list)
    placeholders: list[tuple[str, ...]] = field(default_factory=list)

    def counts(self) -> dict[str, int]:
        """Masked values per category (safe to log: no values)."""
        return dict(Counter(s.category for s in self.spans))


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

    def detect(self, text: str, known: ValueFinder | None = None) -> list[Span]:
        """The spans that ``mask`` would replace (original offsets, disjoint, sorted); ``known``: a finder of values the
        caller already knows to be sensitive (a gateway session's), with their categories (``ValueFinder(values,
        categories=...)``): they are masked wherever they occur, verbatim or encoded."""
        return self.pipeline.detect(text, known)

    def mask(self, text: str, known: ValueFinder | None = None, value_of: Callable[[str], str] | None = None,
             scope: str = "") -> MaskResult:
        """Replace every detected value with its placeholder. Raises MaskingError (never returns
        partially masked text) if anything fails.

        ``value_of`` maps the masked slice to what the vault stores (default: the slice itself); the gateway
        uses it to store JSON-decoded values when it masks JSON source text. ``scope``: the placeholder namespace
        (:meth:`Vault.placeholder`); the gateway gives each text from the network its own.
        """
        try:
            spans = self.pipeline.detect(text, known)
            out: list[str] = []
            written: list[tuple[str, ...]] = []
            pos = 0
            for s in spans:
                out.append(text[pos : s.start])
                replaced, placeholders = self._replace(text[s.start : s.end], s.category, value_of, scope)
                out.append(replaced)
                written.append(placeholders)
                pos = s.end
            out.append(text[pos:])
            return MaskResult("".join(out), spans, written)
        except CoatcheckError:
            raise
        except Exception as exc:  # fail closed: the caller must not forward the input
            raise MaskingError(f"masking failed ({exc.__class__.__name__}); nothing was forwarded") from None

    def mask_whole(self, text: str, cat: str, value_of: Callable[[str], str] | None = None, scope: str = "") -> MaskResult:
        """``text`` masked as one value of category ``cat`` (each non-blank line a placeholder): for text that must
        not be read at all but must still come back exactly (binary output of a command that held a value)."""
        if not text.strip():
            return MaskResult(text)
        replaced, placeholders = self._replace(text, cat, value_of, scope)
        return MaskResult(replaced, [Span(0, len(text), cat, "withheld", 1.0)], [placeholders])

    def _replace(self, value: str, cat: str, value_of: Callable[[str], str] | None, scope: str = "") -> tuple[str, tuple[str, ...]]:
        """Mask line by line, so line counts (and diff hunks) stay as they were; also the placeholders written."""
        parts: list[str] = []
        written: list[str] = []
        for line in value.split("\n"):
            body = line.rstrip("\r")
            core = body.strip()
            if not core:
                parts.append(line)
                continue
            ph = self.vault.placeholder(cat, value_of(core) if value_of else core, scope)
            written.append(ph)
            lead = body[: len(body) - len(body.lstrip())]
            trail = body[len(lead) + len(core) :]
            parts.append(lead + ph + trail + line[len(body) :])
        return "\n".join(parts), tuple(written)

    def restore(self, text: str) -> str:
        """Put back the originals of every placeholder this masker's vault knows."""
        return restore(text, self.vault).text

    def restore_result(self, text: str, *, json_string: bool = False) -> RestoreResult:
        return restore(text, self.vault, json_string=json_string)
