"""Wallet recovery phrases: twelve to twenty-four words of a BIP-39 word list in a row ("ribbon crisp velvet …"),
in English, French, Italian or Spanish.

The words are common ones, but a run of twelve that all belong to one 2,048-word list and no other word between
them is what a wallet prints and nothing else writes (the lists leave out the words prose joins its words with:
"the", "and", "of"). Whoever holds the phrase holds the wallet: the run is one secret. The word lists are the
``mnemonic`` package's (Trezor's reference implementation of BIP-39, MIT).
"""

from __future__ import annotations

import functools

import regex

from ..spans import Span

_LANGUAGES = ("english", "french", "italian", "spanish")
_MIN_WORDS = 12
# a run of words joined by blanks or commas (a phrase on one line, a comma-separated list, one word per line,
# numbered lines), in any case: the separator, then a word, read possessively
_SEP = r"(?:[ \t]{1,3}|,[ \t]?|\r?\n[ \t]*(?:\d{1,2}[.):][ \t]+|[-*][ \t]+)?)"
_RUN = regex.compile(rf"(?<![\p{{L}}\d_-])\p{{L}}{{3,10}}+(?:{_SEP}\p{{L}}{{3,10}}+){{11,}}(?![\p{{L}}\d_-])")
_WORD = regex.compile(r"\p{L}+")


@functools.cache
def _word_lists() -> tuple[frozenset[str], ...]:
    from mnemonic import Mnemonic

    return tuple(frozenset(Mnemonic(lang).wordlist) for lang in _LANGUAGES)


def _public(run: list[tuple[int, int, str]]) -> bool:
    """The test phrases everyone uses (one word repeated and a last one: ``test … junk``, ``abandon … about``) and a
    word list printed in its order: no one's wallet."""
    words = [w for _, _, w in run]
    return len(set(words[:-1])) == 1 or words == sorted(words)


class SeedPhraseDetector:
    """Runs of twelve or more words of one BIP-39 word list."""

    name = "seed-phrases"
    produces = frozenset({"secret"})

    def detect(self, text: str) -> list[Span]:
        out: list[Span] = []
        for m in _RUN.finditer(text):
            words = [(w.start(), w.end(), w.group().lower()) for w in _WORD.finditer(text, m.start(), m.end())]
            for wordlist in _word_lists():
                run: list[tuple[int, int, str]] = []
                for w in [*words, None]:
                    if w is not None and w[2] in wordlist:
                        run.append(w)
                        continue
                    if len(run) >= _MIN_WORDS and not _public(run):
                        out.append(Span(run[0][0], run[-1][1], "secret", self.name, 0.9))
                    run = []
        return out
