"""Property tests: render and parse are inverse, and no text crashes the parser.

- ``parse(render(card)) == card`` for generated ASTs (tests/strategies.py) and
  for every real card of the corpus that parses (tests/data/cards.jsonl,
  Scryfall field names) and of the bundled card files;
- rendering is idempotent: ``render(parse(render(card))) == render(card)``;
- any text at all — random, built from card words and symbols, or a real card
  with words and characters deleted, duplicated or swapped (the text
  strategies of :mod:`cardtext.strategies`) — makes
  ``parse_text``/``parse_card`` either succeed or raise a
  :class:`~grammar.errors.CardTextError`, never anything else.
"""

from __future__ import annotations

import contextlib
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from strategies import cards

from cardtext.library import BUNDLED, read_jsonl
from cardtext.strategies import card_like_texts, mutated_texts
from grammar import ast as A
from grammar.errors import CardTextError
from grammar.parser import parse_card, parse_text
from grammar.render import format_text, render_card

DATA = Path(__file__).parent / "data" / "cards.jsonl"

PROPERTY = settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
FUZZ = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def reparse(card: A.Card) -> A.Card:
    return parse_card(render_card(card) + "\n")


# --------------------------------------------------------------------------
# Generated ASTs
# --------------------------------------------------------------------------


@PROPERTY
@given(cards())
def test_parse_of_render_is_the_same_ast(card: A.Card) -> None:
    assert reparse(card) == card


@PROPERTY
@given(cards())
def test_rendering_is_idempotent(card: A.Card) -> None:
    text = render_card(card)
    assert render_card(parse_card(text + "\n")) == text


@PROPERTY
@given(st.lists(cards(), min_size=1, max_size=3, unique_by=lambda c: c.name))
def test_format_text_of_rendered_cards_is_a_fixed_point(batch: list[A.Card]) -> None:
    text = "\n\n".join(render_card(c) for c in batch) + "\n"
    assert format_text(text) == text
    assert parse_text(text).cards == batch


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


def test_a_good_part_of_the_corpus_parses() -> None:
    """A floor, not a target: it rises as the grammar grows."""
    assert len(PARSING) >= 80


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
