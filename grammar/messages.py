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
        if hint.startswith("did you mean '") and hint.endswith("'?"):
            note = difference_note(text, hint[len("did you mean '") : -2])
            hint = f"{hint} ({note})" if note else hint
        return cls(message, loc, text=_shown(text), hint=hint, expected=shown)

    if kind == "end":
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
        printed = ch if ch.isprintable() else f"U+{ord(ch):04X}"
        return err(f"unexpected character '{printed}'", ch)
    word_m = re.match(r"[\w'/+\-*{}\ue000\ue001]+", rest)
    word = word_m.group(0) if word_m else value
    low = word.lower()
    if value and value[0] in "\ue000\ue001":
        return err("the card's name is not expected here", value)
    if _BARE_SYMBOLS.fullmatch(word) and any("mana symbol" in e for e in expected):
        symbols = "".join("{" + s + "}" for s in re.findall(r"\d+|[WUBRGCX]", word))
        return err("mana cost without braces", word, f"mana costs are written in braces: {symbols}")
    if low in ("enter", "enter the battlefield") and "'enters'" in expected:
        return err(f"unexpected '{word}'", word, "write 'enters' (\"[this] enters ...\")")
    if low in ("kicker", "multikicker") and word[:1].islower() and column == 1:
        return err(f"write '{word.capitalize()}' with a capital letter", word)
    if kind == "WORD":
        guess = _close_expected(low, expected) or _close_word(low)
        if guess:
            return err(f"unknown word '{word}'", word, f"did you mean '{guess}'?")
        if word[:1].isupper():
            from . import vocabulary

            subtype = closest(word, tuple(vocabulary.types().subtypes), 0.8)
            hint = f"did you mean '{subtype}'?" if subtype else (
                "a capitalised word here would be a subtype; this one isn't one the rules list "
                "or a type line of these cards declares"
            )
            return err(f"unknown word '{word}'", word, hint)
        return err(f"unknown word '{word}'", word, cls=NotUnderstood)
    guess = _close_expected(low, expected)
    if guess:
        return err(f"unexpected '{word}'", word, f"did you mean '{guess}'?")
    return err(f"not understood yet: '{word}' here", word,
               "this wording may be valid Oracle text that the card language doesn't cover yet",
               cls=NotUnderstood)


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
