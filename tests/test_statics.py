"""Engine tests of static abilities that are rules of the game and of
loyalty abilities (interpreter/statics.py, interpreter/activation.py):
refusals leave the game as it was, loyalty costs (606.4), and the gaps the
support check reports for the shapes the engine doesn't read."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardtext.grammar import ast as A
from cardtext.grammar.parser import parse_text
from cardtext.interpreter import (
    IllegalAction,
    ScriptedChooser,
    activate,
    add_card,
    new_game,
    resolve_top,
)
from cardtext.interpreter.support import gaps


def _card(text: str) -> A.Card:
    result = parse_text(text, "t.card")
    assert not result.errors, result.errors
    (card,) = result.cards
    return card


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(loyalty=st.integers(min_value=1, max_value=8), x=st.integers(min_value=0, max_value=8))
def test_cr606_4_minus_x_removes_x_loyalty_or_is_refused_unchanged(pool: dict[str, A.Card], loyalty: int, x: int) -> None:
    """606.4: "−X" removes X loyalty counters; more than it has can't be
    removed, and the refused activation leaves the game exactly as it was;
    with none left it is put into the graveyard (704.5i)."""
    game = new_game(chooser=ScriptedChooser(x=x))
    ashiok = add_card(game, pool["Ashiok, Nightmare Weaver"], "A", "battlefield", counters={"loyalty": loyalty})
    before = game.state.clone()
    if x > loyalty:
        with pytest.raises(IllegalAction, match="loyalty"):
            activate(game, "A", ashiok.id, 2)
        assert game.state == before
    else:
        activate(game, "A", ashiok.id, 2)
        if x < loyalty:
            assert ashiok.counters["loyalty"] == loyalty - x
        else:
            assert ashiok.zone == "graveyard"  # no loyalty left (704.5i)


def test_cr606_3_one_loyalty_ability_a_turn_refusal_changes_nothing(pool: dict[str, A.Card]) -> None:
    """606.3: a second loyalty ability of the same planeswalker in one turn is
    refused, with the game as it was."""
    game = new_game(chooser=ScriptedChooser(x=0))
    add_card(game, pool["Forest"], "B", "library")
    ashiok = add_card(game, pool["Ashiok, Nightmare Weaver"], "A", "battlefield")
    assert ashiok.counters["loyalty"] == 3
    activate(game, "A", ashiok.id, 1)
    resolve_top(game)
    before = game.state.clone()
    with pytest.raises(IllegalAction, match="606.3"):
        activate(game, "A", ashiok.id, 2)
    assert game.state == before


def test_cr606_3_loyalty_abilities_only_as_a_sorcery(pool: dict[str, A.Card]) -> None:
    """606.3: not with a spell on the stack, not in the opponent's turn."""
    game = new_game(chooser=ScriptedChooser())
    ashiok = add_card(game, pool["Ashiok, Nightmare Weaver"], "B", "battlefield")
    with pytest.raises(IllegalAction, match="A's turn"):
        activate(game, "B", ashiok.id, 1)


def test_cr602_5_pithing_needle_refusal_leaves_the_game_as_it_was(pool: dict[str, A.Card]) -> None:
    game = new_game(chooser=ScriptedChooser(choices=["Elvish Lantern"]))
    needle = add_card(game, pool["Pithing Needle"], "A", "hand")
    for _ in range(2):
        add_card(game, pool["Island"], "A", "battlefield")
    lantern = add_card(game, pool["Elvish Lantern"], "B", "battlefield")
    add_card(game, pool["Forest"], "B", "battlefield")
    from cardtext.interpreter import cast

    cast(game, "A", needle.id)
    resolve_top(game)
    before = game.state.clone()
    with pytest.raises(IllegalAction, match="602.5"):
        activate(game, "B", lantern.id, 2)
    assert game.state == before


@pytest.mark.parametrize(
    ("text", "gap"),
    [
        ("Meter {2}\nArtifact\nActivated abilities of artifacts cost {1} more to activate.",
         "a cost change of mana abilities"),
        ("Snare {U}\nEnchantment — Aura\nEnchant creature\nEnchanted creature doesn't untap during your next untap step.",
         "doesn't untap during next untap step"),
        ("Seal {W}\nEnchantment\nPlayers can't gain life.", "can't gain life"),
    ],
)  # fmt: skip
def test_static_shapes_the_engine_doesnt_read_are_gaps(text: str, gap: str) -> None:
    """Never a silent no-op: a static ability the engine can't apply is reported by the support check."""
    assert any(gap in g.what for g in gaps(_card(text)))
