"""What a parse error says: where, what was expected in words, a hint for
common mistakes, "did you mean ...?" for a misspelled word (by edit distance
over the grammar's own words), and whether the wording is malformed or
valid-looking English the grammar doesn't cover yet ("not understood yet")."""

from __future__ import annotations

import difflib
import functools
import itertools
import re
from typing import Any

from .errors import CardParseError, Location, NotUnderstood
from .lookalike import difference_note

_Index = tuple[str, dict[int, tuple[tuple[str, ...], str]]]
"""Words by length, each group also as one string: its words joined by the
first str (a character none of the words has)."""

_BARE_SYMBOLS = re.compile(r"(?:\d{1,3}|[WUBRGCX])[WUBRGCX]{0,10}")


@functools.cache
def grammar_words() -> tuple[str, ...]:
    """Every word the grammar knows (its keywords)."""
    from .tables import tables

    words = set()
    for t in tables().terminals:
        if t.pattern.type == "str" and re.fullmatch(r"[A-Za-z][A-Za-z'-]+", t.pattern.value):
            words.add(t.pattern.value.lower())
    return tuple(sorted(words))


@functools.lru_cache(maxsize=1024)
def _by_length(words: tuple[str, ...]) -> _Index:
    """The words by length, each group also as one string: its words joined
    by a character none of the words has (returned first)."""
    chars = set().union(*words)
    sep = next(chr(code) for code in itertools.count(10) if chr(code) not in chars)
    index: dict[int, list[str]] = {}
    for w in words:
        index.setdefault(len(w), []).append(w)
    return sep, {n: (tuple(ws), sep.join(ws)) for n, ws in index.items()}


@functools.lru_cache(maxsize=1024)
def _most_left(length: int, n: int, cutoff: float) -> int:
    """The most letters a word of ``length`` letters may have that a word of
    ``n`` letters lacks for their ratio to reach ``cutoff`` (-1: none)."""
    left = length
    while left >= 0 and 2.0 * (length - left) / (length + n) < cutoff:
        left -= 1
    return left


def closest(word: str, words: tuple[str, ...], cutoff: float) -> str:
    """The word of ``words`` most like ``word`` (difflib's ratio at least
    ``cutoff``), or ""."""
    if not word:
        return ""
    return _best(word, _candidates(word, _by_length(words), cutoff), cutoff)


def _candidates(word: str, indexed: _Index, cutoff: float) -> list[str]:
    """The words of an index (:func:`_by_length`) that may reach ``cutoff``
    against ``word``. Only words whose length allows that ratio are
    compared: the ratio is at most 2·min(a, b)/(a + b) for lengths a, b."""
    n = len(word)
    low, high = n * cutoff / (2 - cutoff), n * (2 - cutoff) / cutoff
    sep, index = indexed
    # difflib's quick_ratio counts the letters the two words share (with
    # their multiplicity); the letters of a candidate found in ``word`` at
    # all are at least as many: a candidate whose bound is under the cutoff
    # would fail quick_ratio, so it is not handed to difflib (which then
    # picks among the same words).  The bound reaches the cutoff when the
    # letters left after deleting those of ``word`` are at most
    # :func:`_most_left`; they are deleted from all the candidates of one
    # length at once (one translate of the joined words: a translate per
    # word costs several times more).
    delete = dict.fromkeys(map(ord, word))
    delete.pop(ord(sep), None)
    pool: list[str] = []
    for length, (ws, joined) in index.items():
        if low - 1e-9 <= length <= high + 1e-9:
            most = _most_left(length, n, cutoff)
            left = map(len, joined.translate(delete).split(sep))
            pool.extend(itertools.compress(ws, map(most.__ge__, left)))
    return pool


def _best(word: str, pool: list[str], cutoff: float) -> str:
    """difflib's closest match to ``word`` among ``pool``, or "". It picks
    the highest ratio, a tie going to the greater word: the order of
    ``pool`` and words in it twice make no difference."""
    if not pool:
        return ""  # what difflib finds among no words
    found = difflib.get_close_matches(word, pool, n=1, cutoff=cutoff)
    return found[0] if found else ""


def braces_hint(symbol: str) -> str:
    """For a symbol that is several symbols in one pair of braces ("{2G}",
    "{WU}"): a hint with each one in its own ("{2}{G}"), else ""."""
    inner = symbol.strip("{}")
    if len(inner) < 2 or not _BARE_SYMBOLS.fullmatch(inner):
        return ""
    parts = re.findall(r"\d+|[WUBRGCX]", inner)
    if len(parts) < 2:
        return ""
    return "each mana symbol has its own braces: " + "".join("{" + p + "}" for p in parts)


def _shown(text: str) -> str:
    return text.replace("\ue000", "~").replace("\ue001", "~")


def explain(filename: str, source: dict[int, str], line: int, column: int, value: str, kind: str,
            expected: tuple[str, ...]) -> CardParseError:  # fmt: skip
    """The error for an unexpected token (``kind`` its terminal, "end", or "char")."""
    src = source.get(line, "")
    rest = src[column - 1 :]
    loc = Location(filename, line, column, _shown(src))

    shown = expected if len(expected) <= 12 else (*expected[:12], f"... ({len(expected) - 12} more)")

    def err(message: str, text: str = "", hint: str = "", cls: type[CardParseError] = CardParseError) -> CardParseError:
        message = _LONG_QUOTED.sub(_shortened, message)
        if hint.startswith("did you mean '") and hint.endswith("'?"):
            note = difference_note(text, hint[len("did you mean '") : -2])
            hint = f"{hint} ({note})" if note else hint
        return cls(message, loc, text=_shown(text), hint=hint, expected=shown)

    if kind == "end":
        if value.strip() and not value.strip().strip("\ue000\ue001 "):  # the whole line was the card's name
            return err("this line is read as the card's name (a card's text names the card by its name), "
                       "so it is a sentence without a verb", "",
                       "a card named like a keyword or a word of the rules can't use that word on its own; "
                       "rename the card, or write 'this creature' (or 'this spell', ...) where it names itself")
        if "'.'" in expected:
            return err("missing '.' at the end of the sentence", " ")
        return err("the line ends too early")
    if kind == "char":
        ch = rest[:1]
        if ch == "{":
            close = rest.find("}")
            if close < 0:
                return err("unclosed brace '{'", "{", "close the mana symbol with '}'")
            symbol = rest[: close + 1]
            return err(f"unknown mana symbol {symbol}", symbol, braces_hint(symbol) or
                       "mana symbols are {2}, {G}, {X}, {W/U}, {2/W}, {G/P}, {C}, {S}, {T}")  # fmt: skip
        if ch == "(":
            return err("unclosed parenthesis '('", "(", "reminder text is closed with ')' on the same line")
        if ch in "–‐‑":
            return err(f"'{ch}' is not a dash the card language uses", ch, "write an em dash '—' (or '--')")
        if ch in "’‘“”":
            return err(f"'{ch}' is a typographic quote", ch, "write a straight quote: ' or \"")
        if ch in "\u00a0":
            return err("a no-break space (U+00A0)", ch, "write an ordinary space")
        if ch == "\x00":
            return err("a NUL character (U+0000)", ch)
        if ch == "'" and src[: column - 1].count('"') % 2:
            # Oracle quotes an ability inside a quoted ability with single quotes
            return err("an ability in single quotes inside a quoted ability is not read yet", ch, _NOT_YET,
                       cls=NotUnderstood)  # fmt: skip
        printed = ch if ch.isprintable() else f"U+{ord(ch):04X}"
        return err(f"unexpected character '{printed}'", ch)
    word_m = re.match(r"[\w'/+\-*{}\ue000\ue001]+", rest)
    word = word_m.group(0) if word_m else value
    low = word.lower()
    if value and value[0] in "\ue000\ue001":
        return err("the card's name is not expected here", value, cls=NotUnderstood)
    if _BARE_SYMBOLS.fullmatch(word) and any("mana symbol" in e for e in expected):
        symbols = "".join("{" + s + "}" for s in re.findall(r"\d+|[WUBRGCX]", word))
        return err("mana cost without braces", word, f"mana costs are written in braces: {symbols}")
    if low in ("enter", "enter the battlefield") and "'enters'" in expected:
        return err(f"unexpected '{word}'", word, "write 'enters' (\"[this] enters ...\")")
    if low in ("kicker", "multikicker") and word[:1].islower() and column == 1:
        return err(f"write '{word.capitalize()}' with a capital letter", word)
    if kind == "WORD":
        guess = _close_expected(low, expected) or _close_word(low)
        if guess and is_typo(low, guess):
            return err(f"unknown word '{word}'", word, f"did you mean '{guess}'?")
        if guess and not word[:1].isupper():
            return err(f"unknown word '{word}'", word, _NOT_YET, cls=NotUnderstood)
        if word[:1].isupper():
            from . import vocabulary

            subtype = closest(word, tuple(vocabulary.types().subtypes), 0.8)
            if _sentence_start(src, column) and not (subtype and is_typo(low, subtype.lower())):
                # "Separate all creatures into two piles": a word that starts a sentence
                return err(f"unknown word '{word}'", word, _NOT_YET, cls=NotUnderstood)
            hint = f"did you mean '{subtype}'?" if subtype else (
                "a capitalised word here would be a subtype; this one isn't one the rules list "
                "or a type line of these cards declares"
            )
            return err(f"unknown word '{word}'", word, hint)
        return err(f"unknown word '{word}'", word, cls=NotUnderstood)
    guess = _close_expected(low, expected)
    if guess and is_typo(low, guess):
        return err(f"unexpected '{word}'", word, f"did you mean '{guess}'?")
    return err(f"not understood yet: '{word}' here", word, _NOT_YET, cls=NotUnderstood)


_LONG_QUOTED = re.compile(r"'([^'\n]{41,})'")


def _shortened(m: re.Match[str]) -> str:
    """A quoted word of thousands of characters, as a message shows it: its start and its length."""
    word = m.group(1)
    return f"'{word[:30]}…' ({len(word):,} characters)"


_NOT_YET = "this wording may be valid Oracle text that the card language doesn't cover yet"
_SENTENCE_START = re.compile(r'(?:^|[.:—•"(]|--)\s*$')


def _sentence_start(line: str, column: int) -> bool:
    """Whether the word at ``column`` (from 1) of ``line`` starts a sentence
    (or a line, a mode, a quoted ability, the text after a dash or a colon)."""
    return bool(_SENTENCE_START.search(line[: column - 1]))

_SUFFIXES = ("", "s", "es", "d", "ed", "ing", "er", "ers", "est", "ly", "n", "en", "ion", "ions", "ment")
"""Endings of an English word's other forms ("enter", "entering", "enters")."""


def _stems(word: str) -> set[str]:
    """What ``word`` may be a form of: itself without one of :data:`_SUFFIXES`
    (a doubled last consonant or a dropped "e" undone: "tapped" → "tap",
    "dying" → "dy"/"die")."""
    out = set()
    for suffix in _SUFFIXES:
        if suffix and word.endswith(suffix) and len(word) - len(suffix) >= 2:
            stem = word[: -len(suffix)]
            out.update({stem, stem + "e"})
            if len(stem) > 2 and stem[-1] == stem[-2]:
                out.add(stem[:-1])
            if stem.endswith("i"):
                out.add(stem[:-1] + "y")
                out.add(stem[:-1] + "e")
        elif not suffix:
            out.add(word)
    return out


def _distance(a: str, b: str) -> int:
    """The Damerau-Levenshtein distance (optimal string alignment) of two words."""
    prev2: list[int] = []
    prev = list(range(len(b) + 1))
    for i in range(1, len(a) + 1):
        row = [i] + [0] * len(b)
        for j in range(1, len(b) + 1):
            cost = a[i - 1] != b[j - 1]
            row[j] = min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + cost)
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                row[j] = min(row[j], prev2[j - 2] + 1)
        prev2, prev = prev, row
    return prev[-1]


@functools.lru_cache(maxsize=4096)
def is_typo(word: str, guess: str) -> bool:
    """Whether ``word`` is ``guess`` mistyped — a letter or two wrong,
    missing, extra or swapped ("destory", "creture", "Flyng") — rather than
    another English word the grammar doesn't read yet: a form of it
    ("entering" for "enter", "that's" for "that"), a contraction ("you're"),
    or a word further away ("their" for "the").  A typo is malformed card
    text; the other is "not understood yet"."""
    word, guess = word.lower(), guess.lower()
    if "'" in word or "'" in guess or word == guess or word in _known_words():
        return False  # a word the grammar knows, out of its place
    if _stems(word) & _stems(guess):
        return False  # two forms of one word
    if (word in guess or guess in word) and abs(len(word) - len(guess)) > 1:
        return False  # "move" in "remove": another word
    if word[1:] == guess or guess[1:] == word:
        return False  # a first letter more or less ("again", "gain"; "he", "the"): another word
    changed = [(x, y) for x, y in zip(word, guess, strict=False) if x != y] if len(word) == len(guess) else []
    if len(changed) == 1 and changed[0][0] in "aeiouy" and changed[0][1] in "aeiouy":
        return False  # a vowel for another: most often another word ("effect", "affect")
    if len(guess) <= 5:
        # a short word with one letter changed is most often another word
        # ("hand", "land"); a letter missing, added or swapped is a typo
        return len(word) != len(guess) and _distance(word, guess) == 1 or _swapped(word, guess)
    if len(word) == len(guess) and len(changed) == 2 and not _swapped(word, guess):
        return False  # two letters changed in place ("exploits", "explores"): another word
    return _distance(word, guess) <= 2


def _swapped(a: str, b: str) -> bool:
    """Two words that differ by two neighbouring letters swapped ("drwa", "draw")."""
    if len(a) != len(b) or sorted(a) != sorted(b):
        return False
    diff = [i for i, (x, y) in enumerate(zip(a, b, strict=True)) if x != y]
    return len(diff) == 2 and diff[1] == diff[0] + 1


@functools.cache
def _known_words() -> frozenset[str]:
    return frozenset(grammar_words())


@functools.lru_cache(maxsize=4096)
def _close_word(word: str) -> str:
    return closest(word, grammar_words(), 0.8)


@functools.lru_cache(maxsize=4096)
def _close_expected(word: str, expected: tuple[str, ...]) -> str:
    if not word:
        return ""
    index, unindexed = _keywords_of(expected)
    pool = _candidates(word, index, 0.75)
    pool.extend(unindexed)  # difflib weighs these itself
    found = _best(word, pool, 0.75)
    return found if found != word else ""



@functools.lru_cache(maxsize=1024)
def _keywords_of(expected: tuple[str, ...]) -> tuple[_Index, tuple[str, ...]]:
    """The keywords among what a parser state takes ("'destroy'" → "destroy")
    indexed as :func:`_by_length` does, and the words in quotes it takes
    that aren't the grammar's keywords (like "', then'"), worked out once
    per state: its errors ask for them again and again.

    The index is the grammar's (:func:`_keyword_index`) with only this
    state's keywords kept, made by operations on whole sets: cheaper than
    indexing them anew, word by word, one state after another (the order
    of the words makes no difference to difflib's answer)."""
    sep, by_length, unquoted = _keyword_index()
    names = frozenset(expected)
    keywords = frozenset(map(unquoted.get, names))
    index: dict[int, tuple[tuple[str, ...], str]] = {}
    for length, words in by_length.items():
        kept = tuple(words & keywords)
        if kept:
            index[length] = (kept, sep.join(kept))
    others = sorted(e.strip("'") for e in names.difference(unquoted) if e.startswith("'"))
    return (sep, index), tuple(others)


@functools.cache
def _keyword_index() -> tuple[str, dict[int, frozenset[str]], dict[str, str]]:
    """The grammar's keywords by length (with a character none of them has,
    to join them by), and each keyword as a parser state's expected ones
    name it ("'destroy'") → the keyword as a word ("destroy")."""
    from .tables import tables

    unquoted = {}
    for t in tables().terminals:
        if t.pattern.type == "str":
            quoted = f"'{t.pattern.value}'"
            unquoted[quoted] = quoted.strip("'")
    sep, index = _by_length(tuple(sorted(set(unquoted.values()))))
    return sep, {length: frozenset(words) for length, (words, _joined) in index.items()}, unquoted


_ = Any
