"""Documented examples stay readable: a credential framed as documentation on its own line (``# e.g. …``,
"sample value", "not a real key") or inside a block that a documentation cue introduces ("for example:" before
a code fence, a docstring's ``Example:`` with ``>>>`` lines). The cues are data/vocab/cues.toml's, every language.

Only secrets are kept this way, and only when the frame is explicit: the same value as live configuration
elsewhere in the text is still masked (its other occurrence has no frame; repeats do not cross a frame)."""

from __future__ import annotations

import bisect

import regex

from ..spans import Span
from .tables import text_lines
from .vocabulary import alternation, vocab_cache, vocabulary_words

_ABBREVIATION_DOT = regex.compile(r"\\\.(?=.)")


def _cue_regex(phrase: str) -> str:
    """A cue phrase of data/vocab/cues.toml [example] as a regex: a space is any whitespace, a full stop inside an
    abbreviation may be followed by one (``e.g.`` finds "e. g.")."""
    return r"\s+".join(_ABBREVIATION_DOT.sub(r"\\.\\s?", regex.escape(w)) for w in phrase.split())


@vocab_cache
def _cues() -> tuple[regex.Pattern[str], regex.Pattern[str]]:
    """(the documentation cue, a line that introduces a block: "for example:", "Example:", "Beispiel:", a markdown
    heading about examples), from data/vocab/cues.toml."""
    phrases = sorted(set(vocabulary_words("cues", "example")), key=lambda w: (-len(w), w))
    cue = r"(?<![\w.@/-])(?:" + "|".join(_cue_regex(p) for p in phrases) + r")(?![\w-]*\.[a-z]{2,}\b)(?![\w-])"
    heading = alternation(vocabulary_words("cues", "example_heading"))
    intro = r"(?i)(?:" + cue + r")[^\n]{0,60}[:：]\s*$|^\s*#{1,6}\s[^\n]*\b" + heading + r"\b"
    return regex.compile("(?i)" + cue), regex.compile(intro)


@vocab_cache
def _contrast() -> regex.Pattern[str]:
    """A clause boundary that sets what follows against an example (data/vocab/cues.toml [contrast])."""
    return regex.compile(r"(?i)(?<![\w-])(?:" + alternation(vocabulary_words("cues", "contrast")) + r")(?![\w-])")


_SENTENCE_END = regex.compile(r"[.?!;](?:\s|$)")
_FENCE = regex.compile(r"^\s*(?:```|~~~)")
_DOCTEST = regex.compile(r"^\s*(?:>>>|\.\.\.)\s")
_LOOKBACK_LINES = 6
_COMMENT_MARK = r"^\s*(?:#|//|;|--|REM\s)"
_COMMENT = regex.compile(_COMMENT_MARK)
# a "#" line indented as code (four spaces or a tab): a comment of the code block, never a markdown heading (it
# introduces a block only as "# for example:" does, by its colon)
_CODE_COMMENT_HEADING = regex.compile(r"^(?: {4,}|\t)[ \t]*#")
# a comment that holds a setting itself ("# AWS_ACCESS_KEY_ID=AKIA…EXAMPLE", "# example from the docs: TOKEN=…",
# "# docs example: access_key_id: AKIA…EXAMPLE")
_COMMENTED_SETTING = regex.compile(_COMMENT_MARK + r"[^\n]*?(?<![\w.-])(?:[\w.-]+[ \t]*=[ \t]*\S"
                                   # (YAML's and TOML-less configs' colon: a key that is a setting's, not a word of prose)
                                   r"|[A-Za-z][\w.-]*(?:[_.-]|[a-z][A-Z])[\w.-]*:[ \t]+\S{8,}[ \t]*$)")


def documented(text: str, start: int, end: int) -> bool:
    """``text[start:end]`` sits in an explicit documentation frame. Lines end at newlines and at literal ``\\n``
    escapes: a file read into a tool result's JSON string is one physical line, and a cue on one of its lines frames
    that line, not the whole file."""
    bounds = text_lines(text)
    k = bisect.bisect_right([a for a, _ in bounds], start) - 1
    ls, le = bounds[k]
    before = text[ls:start]
    turns = list(_contrast().finditer(before))
    turn = turns[-1] if turns else None
    after = text[end:le]
    if turn is not None:  # "the example is X, but ours is <value>. Why does only the example work?": the cue
        before = before[turn.end():]  # frames X, not this value, whose clause ends at the sentence's end
        after = _SENTENCE_END.split(after, maxsplit=1)[0]
    line_rest = before + " " + after
    cue, intro = _cues()
    if cue.search(line_rest):
        return True
    if turn is not None:
        return False
    # the block this line belongs to: walk up through a fence or doctest lines to an introducing line
    in_block = _DOCTEST.match(text[ls:le]) is not None
    live_line = _COMMENT.match(text[ls:le]) is None
    commented = False  # a commented-out setting passed on the way up
    opened = False  # the fence that opens this line's block was passed: its introduction must come next
    for _ in range(_LOOKBACK_LINES):
        if k == 0:
            return False
        k -= 1
        ps, pe = bounds[k]
        prev = text[ps:pe]
        if opened and not prev.strip():
            continue  # "For example:", a blank line, then the fence
        introduces = intro.search(prev) is not None and not (
            _CODE_COMMENT_HEADING.match(prev) and not prev.rstrip().endswith((":", "：")))
        if opened and not introduces:
            # a second fence closes an earlier block, and a line that introduces nothing is that block's or prose:
            # a cue beyond them frames what they frame, not this block
            return False
        if live_line and not in_block and _COMMENTED_SETTING.match(prev):
            # "# example:", the example commented out (or on the cue's own line), then the live setting: the example
            # was the block, and a comment's "# example …" is no markdown heading (a prose or fenced introduction
            # still frames its whole block, comments and all)
            if introduces:
                return False
            commented = True
        if introduces:
            return not (commented and not in_block and _COMMENT.match(prev) is not None)
        if _FENCE.match(prev):
            in_block = opened = True
        elif not prev.strip() and not in_block:
            return False  # a blank line ends the paragraph the cue would have to be in
    return False


def drop_documented(text: str, spans: list[Span]) -> list[Span]:
    """``spans`` without the secrets that sit in a documentation frame, unless the same value also occurs
    outside one (live configuration): then every occurrence stays masked."""
    if not any(s.category == "secret" for s in spans) or _cues()[0].search(text) is None:
        return spans
    framed = {i for i, s in enumerate(spans) if s.category == "secret" and documented(text, s.start, s.end)}
    if not framed:
        return spans
    live = {text[s.start : s.end] for i, s in enumerate(spans) if s.category == "secret" and i not in framed}
    return [s for i, s in enumerate(spans) if i not in framed or text[s.start : s.end] in live]
