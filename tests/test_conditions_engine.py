"""Conditions the engine asks of the game: whose turn it is (102.1, 500.1)
and who lost life this turn (119.3), each with its quantifier."""

from __future__ import annotations

import pytest

from cardtext.grammar import ast as A
from cardtext.grammar.parser import parse_card
from cardtext.interpreter import ScriptedChooser, add_card, cast, new_game, resolve_top
from cardtext.interpreter.support import gaps


def _card(text: str) -> A.Card:
    card = parse_card(text, "t.card")
    assert not gaps(card), gaps(card)
    return card


@pytest.mark.parametrize(("wording", "active", "draws"), [
    ("it's your turn", "A", 1), ("it's your turn", "B", 0),
    ("it's not your turn", "A", 0), ("it's not your turn", "B", 1),
    ("it's an opponent's turn", "B", 1), ("it's an opponent's turn", "A", 0),
])  # fmt: skip
def test_whose_turn_it_is(wording: str, active: str, draws: int) -> None:
    """500.1: the active player is the player whose turn it is."""
    spell_card = _card(f"Test Spell {{0}}\nInstant\nDraw a card if {wording}.")
    game = new_game(chooser=ScriptedChooser())
    for _ in range(3):
        add_card(game, spell_card, "A", "library")
    game.state.active = active
    spell = add_card(game, spell_card, "A", "hand")
    cast(game, "A", spell.id)
    resolve_top(game)
    assert len(game.zone("hand", "A")) == draws


@pytest.mark.parametrize(("who", "losers", "draws"), [
    ("an opponent", ("B",), 1), ("an opponent", (), 0),
    ("each opponent", ("B",), 0), ("each opponent", ("B", "C"), 1),
    ("you", ("B", "C"), 0), ("you", ("A",), 1),
])  # fmt: skip
def test_who_lost_life_this_turn(who: str, losers: tuple[str, ...], draws: int) -> None:
    """119.3: "an opponent" asks it of one opponent, "each opponent" of all."""
    spell_card = _card(f"Test Spell {{0}}\nInstant\nDraw a card if {who} lost life this turn.")
    game = new_game(("A", "B", "C"), chooser=ScriptedChooser())
    for _ in range(3):
        add_card(game, spell_card, "A", "library")
    for p in losers:
        game.state.life_changes.append((p, -1))
    spell = add_card(game, spell_card, "A", "hand")
    cast(game, "A", spell.id)
    resolve_top(game)
    assert len(game.zone("hand", "A")) == draws


@pytest.mark.parametrize(("wording", "active", "has"), [
    ("During your turn, this creature has first strike.", "A", True),
    ("During your turn, this creature has first strike.", "B", False),
    ("During each of your turns, this creature has first strike.", "B", False),
    ("During turns other than yours, this creature has first strike.", "B", True),
    ("During turns other than yours, this creature has first strike.", "A", False),
    ("This creature has first strike during your turn.", "A", True),
])  # fmt: skip
def test_a_static_ability_during_a_turn_applies_only_then(wording: str, active: str, has: bool) -> None:
    """611.3a: a static ability's effect "during your turn" applies as long
    as it's that turn, and not at other times."""
    from cardtext.interpreter.characteristics import has_keyword, power_toughness

    card = _card(f"Test Knight {{1}}{{W}}\nCreature — Human Knight\n{wording}\n2/2")
    assert isinstance(card.abilities[0], A.StaticEffect) and isinstance(card.abilities[0].condition, A.Turn)
    game = new_game(chooser=ScriptedChooser())
    knight = add_card(game, card, "A", "battlefield")
    game.state.active = active
    assert has_keyword(game, knight, "first strike") is has
    assert power_toughness(game, knight) == (2, 2)


@pytest.mark.parametrize(("gains", "draws"), [((2,), 0), ((2, 1), 1), ((3,), 1)])
def test_youve_gained_n_or_more_life_this_turn(gains: tuple[int, ...], draws: int) -> None:
    """119.3: the life gained this turn, added up, against the amount."""
    spell_card = _card("Test Spell {0}\nInstant\nDraw a card if you've gained 3 or more life this turn.")
    game = new_game(chooser=ScriptedChooser())
    for _ in range(3):
        add_card(game, spell_card, "A", "library")
    game.state.life_changes.extend(("A", n) for n in gains)
    spell = add_card(game, spell_card, "A", "hand")
    cast(game, "A", spell.id)
    resolve_top(game)
    assert len(game.zone("hand", "A")) == draws
