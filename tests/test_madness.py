"""Madness (CR 702.35) at the engine's level: what the scenarios don't reach —
a card that can't be cast, a card that left exile before its trigger
resolved, and no default for the owner's choice."""

from __future__ import annotations

import pytest

from cardtext.grammar import ast as A
from cardtext.interpreter import Game, ScriptedChooser, add_card, new_game, resolve_top
from cardtext.interpreter.errors import UnansweredDecision
from cardtext.interpreter.triggers import settle
from cardtext.interpreter.zones import discard, move


def _discarded(pool: dict[str, A.Card], name: str, **kw: object) -> Game:
    """A game where A has just discarded ``name`` and its madness trigger is on the stack."""
    game = new_game(chooser=ScriptedChooser(**kw))  # type: ignore[arg-type]
    card = add_card(game, pool[name], "A", "hand")
    exiled = discard(game, "A", card)
    assert exiled.zone == "exile"
    settle(game)
    assert len(game.state.stack) == 1
    return game


def test_702_35a_a_card_without_madness_is_discarded_into_the_graveyard(pool: dict[str, A.Card]) -> None:
    """701.9a: without madness, a discarded card goes to its owner's graveyard and nothing triggers."""
    game = new_game()
    card = add_card(game, pool["Shock"], "A", "hand")
    assert discard(game, "A", card).zone == "graveyard"
    settle(game)
    assert not game.state.stack


def test_702_35a_madness_card_that_cant_be_cast_goes_to_the_graveyard(pool: dict[str, A.Card]) -> None:
    """702.35a: "If that player doesn't [cast it]" — A chooses to, but has no
    mana for {R}: nothing is cast, and the card is put into A's graveyard."""
    game = _discarded(pool, "Fiery Temper", choices=[True], targets=["B"])
    resolve_top(game)
    assert not game.state.stack
    assert [o.card.name for o in game.zone_objects("graveyard", "A")] == ["Fiery Temper"]
    assert not game.zone_objects("exile", "A")


def test_702_35a_the_owner_chooses_and_nothing_is_assumed(pool: dict[str, A.Card]) -> None:
    """The choice to cast it is the owner's decision: unanswered, it is an
    error and the game is left as it was, never a default."""
    game = _discarded(pool, "Fiery Temper")
    before = game.state.clone()
    with pytest.raises(UnansweredDecision, match="madness cost"):
        resolve_top(game)
    assert game.state == before


def test_702_35a_a_card_that_left_exile_is_not_cast_nor_moved(pool: dict[str, A.Card]) -> None:
    """400.7: once the exiled card has left exile it is a new object; the
    madness trigger does nothing to it (it stays in the hand it went to)."""
    game = _discarded(pool, "Fiery Temper", choices=[True])
    (exiled,) = game.zone_objects("exile", "A")
    move(game, exiled, "hand")
    resolve_top(game)
    assert [o.card.name for o in game.zone_objects("hand", "A")] == ["Fiery Temper"]
    assert not game.zone_objects("graveyard", "A")
    assert any("no longer in exile" in line for line in game.log)
