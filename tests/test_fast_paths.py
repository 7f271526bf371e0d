"""The fast paths of the lexer and of the parser's error messages give
exactly the answers of the plain computations they stand for."""

from __future__ import annotations

import difflib
import json
import random
import re
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from cardtext.grammar import messages, vocabulary
from cardtext.grammar.lexer import CardLexer
from cardtext.grammar.parser import driver, parse_text
from cardtext.grammar.tables import tables


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


def test_a_states_close_keyword_is_difflibs_closest_match_among_its_keywords() -> None:
    """The "did you mean" of a parser state, found among the grammar's
    keyword index narrowed to the state's keywords, as difflib finds it
    among the state's keywords themselves (words in quotes that are no
    keyword of the grammar, like "', then'", included)."""
    rng = random.Random(11)
    keywords = sorted({f"'{t.pattern.value}'" for t in tables().terminals if t.pattern.type == "str"})
    alphabet = "abcdefghijklmnopqrstuvwxyz' ,"
    for _ in range(300):
        expected = tuple(rng.sample(keywords, rng.randint(1, 300))) + ("', then'", "a number", "''s'")
        words = tuple(e.strip("'") for e in expected if e.startswith("'"))
        for _ in range(5):
            word = _near(rng.choice(words), rng, alphabet)
            found = _difflib(word, words, 0.75)
            assert messages._close_expected(word, expected) == (found if found != word else ""), (word, expected)


# --------------------------------------------------------------------------
# The lexer's caches and combined patterns
# --------------------------------------------------------------------------

ROOT = Path(__file__).resolve().parent.parent


def _card_files() -> list[str]:
    """Card files of every kind: the test cards, and the benchmark cards written as card files."""
    texts = [path.read_text(encoding="utf-8") for path in sorted((ROOT / "tests" / "cards").glob("*.card"))]
    for raw in (ROOT / "benchmarks" / "data" / "cards.jsonl").read_text(encoding="utf-8").splitlines():
        card = json.loads(raw)
        head = card["name"] + (" " + card["mana_cost"] if card.get("mana_cost") else "")
        stats = f"{card['power']}/{card['toughness']}" if card.get("power") is not None else ""
        texts.append("\n".join(part for part in (head, card["type_line"], card["oracle_text"], stats) if part))
    return texts


def _outcome(text: str) -> tuple[Any, ...]:
    result = parse_text(text, "cards.card")
    errors = [(str(e), e.hint, e.text, e.expected) for e in result.errors]
    return tuple(result.cards), tuple(errors)


def test_the_lexer_reads_the_same_with_its_caches_warm_or_empty(monkeypatch: pytest.MonkeyPatch) -> None:
    """The words a state has read before (its cache of words), its look-ahead
    terminals by first character and its expected terminals are remembered
    across paragraphs and files: each file read by a new lexer (nothing
    remembered) gives the same cards and errors as the shared one."""
    texts = _card_files()
    warm = [_outcome(text) for text in texts]
    drv = driver()
    for text, expected in zip(texts, warm, strict=True):
        monkeypatch.setattr(drv, "lexer", CardLexer(SimpleNamespace(terminals=tables("ability").terminals)))
        assert _outcome(text) == expected


GLIMMERHOUND = "Glimmerhound {1}{W}\nCreature — Glimmerhound\nOther Glimmerhounds you control get +1/+1.\n2/2"
BEARS = "Grizzly Bears {1}{G}\nCreature — Bear\nOther Glimmerhounds you control get +1/+1.\n2/2"


@pytest.mark.parametrize("order", [(GLIMMERHOUND, BEARS, GLIMMERHOUND), (BEARS, GLIMMERHOUND, BEARS)])
def test_a_subtype_declared_by_a_file_is_not_remembered_for_the_next(order: tuple[str, ...]) -> None:
    for text in order:
        errors = parse_text(text).errors
        if text == GLIMMERHOUND:
            assert errors == []
        else:
            assert [e.message for e in errors] == ["unknown word 'Glimmerhounds'"]


def test_the_phrases_of_a_state_as_one_pattern_match_as_tried_one_by_one() -> None:
    """A state's phrases ("until end of turn", "this turn") are tried as the
    alternatives of one pattern, longest first: the same phrase matches as
    when each is tried in that order."""
    lexer = driver().lexer
    names = tuple(sorted(lexer.phrases, key=lambda n: -len(lexer.phrases[n].pattern)))
    pattern = lexer._phrase_pattern(names)
    alone = [(n, re.compile(lexer.phrases[n].pattern, lexer.phrases[n].flags)) for n in names]  # each on its own
    text = "\n".join(_card_files()) + " At least AT END OF COMBAT this  turn Until\tend of turn"
    for pos in range(len(text)):
        m = pattern.match(text, pos)
        one_by_one = next(((n, r.match(text, pos)) for n, r in alone if r.match(text, pos)), None)
        if one_by_one is None:
            assert m is None
        else:
            assert m is not None and (m.lastgroup, m.group()) == (one_by_one[0], one_by_one[1].group())


@pytest.mark.parametrize(("symbol", "read"), [("{T/G}", "{T/G}"), ("{P/U}", "{P/U}"), ("{T", "{T: Add {G}")])
def test_a_symbol_that_is_no_mana_symbol_is_an_error_each_time_it_is_read(symbol: str, read: str) -> None:
    """A state remembers the terminal of each mana symbol read there; one
    that is no mana symbol is remembered as such, and stays an error."""
    text = f"Grizzly Bears\nCreature — Bear\n{{2}}{{G}}, {{T}}: Add {{G}}.\n{symbol}: Add {{G}}.\n2/2"
    for _ in range(2):
        (error,) = parse_text(text, "bears.card").errors
        assert (str(error), error.text) == (f"bears.card:4:1: error: unknown mana symbol {read}", read)


def test_a_repeated_part_grows_its_list_in_place() -> None:
    """ "part*" becomes "_x: _x part": each item extends the list on the stack
    (a new list per item made a paragraph of n items cost n² steps: a keyword
    line of 16,000 items took 10 s).  Every such rule's callback returns the
    list it was given, and a long keyword line reads every item."""
    from cardtext.grammar.driver import _callback, _Inline

    grown = 0
    for rule in tables("ability").rules:
        origin, expansion = str(rule.origin), rule.expansion
        if not (origin.startswith("_") and rule.alias is None and expansion and str(expansion[0][0]) == origin
                and not rule.empty_indices):  # fmt: skip
            continue
        callback, _ = _callback(rule, SimpleNamespace())
        head = _Inline(["a"])
        rest = [_Inline(["b"]) if not is_term and sym.startswith("_") else "b" for sym, is_term in expansion[1:]]
        out = callback(None, [head, *rest])
        assert out is head and len(out) >= 2, origin
        grown += 1
    assert grown > 5
    keywords = ", ".join(["flying"] * 16_000)
    (card,) = parse_text(f"Bird {{W}}\nCreature — Bird\n{keywords}\n1/1\n").cards
    assert len(card.abilities[0].keywords) == 16_000
