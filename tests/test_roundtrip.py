"""Property tests: render and parse are inverse, and no text crashes the parser.

- wordings composed from the language's pieces (tests/strategies.py) parse
  and render back word for word;
- ``parse(render(card)) == card`` for every real card of the corpus that parses (tests/data/cards.jsonl,
  Scryfall field names) and of the bundled card files;
- rendering is idempotent: ``render(parse(render(card))) == render(card)``;
- any text at all — random, built from card words and symbols, or a real card
  with words and characters deleted, duplicated or swapped (the text
  strategies of :mod:`cardtext.strategies`) — makes
  ``parse_text``/``parse_card`` either succeed or raise a
  :class:`~cardtext.grammar.errors.CardTextError`, never anything else.
"""

from __future__ import annotations

import contextlib
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from strategies import spell_texts

from cardtext.grammar import ast as A
from cardtext.grammar.errors import CardTextError
from cardtext.grammar.parser import parse_card, parse_text
from cardtext.grammar.render import format_text, render_card
from cardtext.library import BUNDLED, read_jsonl
from cardtext.strategies import card_like_texts, mutated_texts

DATA = Path(__file__).parent / "data" / "cards.jsonl"

PROPERTY = settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
FUZZ = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def reparse(card: A.Card) -> A.Card:
    return parse_card(render_card(card) + "\n")


# --------------------------------------------------------------------------
# Composed wordings (tests/strategies.py)
# --------------------------------------------------------------------------


def _spell(text: str) -> str:
    return f"Test Spell {{2}}{{R}}\nSorcery\n{text}\n"


@PROPERTY
@given(spell_texts())
def test_composed_wording_parses_and_renders_back_exactly(text: str) -> None:
    """Any amount in any numeric slot, any countable after "for each", any
    subject before its verb: the grammar takes the composition and the
    renderer writes it back word for word."""
    result = parse_text(_spell(text))
    assert not result.errors, result.errors[0]
    (card,) = result.cards
    assert render_card(card).splitlines()[2] == text
    assert reparse(card) == card


@PROPERTY
@given(st.lists(spell_texts(), min_size=1, max_size=3))
def test_format_text_of_composed_cards_is_a_fixed_point(texts: list[str]) -> None:
    text = "\n".join(f"Test Spell {i} {{2}}{{R}}\nSorcery\n{t}\n" for i, t in enumerate(texts))
    assert format_text(text) == text


# --------------------------------------------------------------------------
# Real cards
# --------------------------------------------------------------------------


def _corpus() -> list[tuple[str, str]]:
    return [(c.name, c.text) for c in read_jsonl(DATA)]


def _parsing_corpus() -> list[tuple[str, str]]:
    return [(name, text) for name, text in _corpus() if not parse_text(text).errors]


CORPUS = _corpus()
PARSING = _parsing_corpus()


def test_corpus_is_the_192_card_copy() -> None:
    assert len(CORPUS) == 192
    assert len({name for name, _ in CORPUS}) == 192


def test_every_card_of_the_corpus_parses() -> None:
    assert len(PARSING) == 192


@pytest.mark.parametrize(("name", "text"), PARSING, ids=[n for n, _ in PARSING])
def test_corpus_card_roundtrips(name: str, text: str) -> None:
    (card,) = parse_text(text).cards
    assert card.name == name
    rendered = render_card(card)
    assert parse_card(rendered + "\n") == card
    assert render_card(parse_card(rendered + "\n")) == rendered


BUNDLED_TEXTS = {p.name: p.read_text(encoding="utf-8") for p in sorted(BUNDLED.glob("*.card"))}
BUNDLED_CARDS = [c for text in BUNDLED_TEXTS.values() for c in parse_text(text).cards]


@pytest.mark.parametrize("card", BUNDLED_CARDS, ids=[c.name for c in BUNDLED_CARDS])
def test_bundled_card_roundtrips(card: A.Card) -> None:
    assert reparse(card) == card


# --------------------------------------------------------------------------
# No text crashes the parser
# --------------------------------------------------------------------------


def must_not_crash(text: str) -> None:
    """Parse both ways; only CardTextError may come out."""
    with contextlib.suppress(CardTextError):
        parse_text(text)
    with contextlib.suppress(CardTextError):
        parse_card(text)


REAL_TEXTS = [text for _, text in CORPUS] + list(BUNDLED_TEXTS.values())


@FUZZ
@given(st.text(max_size=300))
def test_arbitrary_text_raises_only_card_text_errors(text: str) -> None:
    must_not_crash(text)


@FUZZ
@given(card_like_texts())
def test_card_like_text_raises_only_card_text_errors(text: str) -> None:
    must_not_crash(text)


@FUZZ
@given(mutated_texts(REAL_TEXTS))
def test_mutated_real_cards_raise_only_card_text_errors(text: str) -> None:
    must_not_crash(text)


def test_parse_text_collects_one_error_per_bad_card() -> None:
    text = "Good {G}\nSorcery\nDraw a card.\n\nBad {G}\nSorcery\nDraw a card\n\nWorse {G}\nSorcery\nKicker 2G\n"
    result = parse_text(text)
    assert [c.name for c in result.cards] == ["Good"]
    assert [e.line for e in result.errors] == [7, 11]
