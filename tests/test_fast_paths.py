"""The fast paths of the parser's error messages give exactly the answers of
the plain computations they stand for."""

from __future__ import annotations

import difflib
import random

import pytest

from grammar import messages, vocabulary


def _near(word: str, rng: random.Random, alphabet: str) -> str:
    """``word`` with up to three letters inserted, deleted or replaced."""
    letters = list(word)
    for _ in range(rng.randint(0, 3)):
        at = rng.randrange(len(letters) + 1)
        kind = rng.randint(0, 2)
        if kind == 0:
            letters.insert(at, rng.choice(alphabet))
        elif letters:
            at = min(at, len(letters) - 1)
            if kind == 1:
                del letters[at]
            else:
                letters[at] = rng.choice(alphabet)
    return "".join(letters)


def _difflib(word: str, words: tuple[str, ...], cutoff: float) -> str:
    found = difflib.get_close_matches(word, words, n=1, cutoff=cutoff)
    return found[0] if found else ""


@pytest.mark.parametrize("source", ["grammar words", "subtypes", "odd characters"])
def test_closest_is_difflibs_closest_match(source: str) -> None:
    rng = random.Random(7)
    if source == "grammar words":
        words = messages.grammar_words()
    elif source == "subtypes":
        words = tuple(vocabulary.types().subtypes)
    else:  # the separator of the joined words must be a character none of them has
        words = ("a\nb", "\n\x0b\x0c", "ab", "", "ba\n", "\x0b", "abc\x0c", "—x", "x—y")
    alphabet = "abcdefghijklmnopqrstuvwxyz'-\n\x0b\x0c—"
    for _ in range(1500):
        word = _near(rng.choice(words), rng, alphabet)
        for cutoff in (0.6, 0.75, 0.8):
            assert messages.closest(word, words, cutoff) == _difflib(word, words, cutoff), (word, cutoff)
