"""Engine tests of instructions: prevention (615), damage that can't be
prevented, "can't be countered", divided damage (601.2d), named tokens
(111.4), delayed and reflexive triggers (603.7, 603.12), several copies
(707.10), revealing until (701.20), "except for" after a mass instruction."""

from __future__ import annotations

import pytest

from cardtext.grammar import ast as A
from cardtext.interpreter import (
    Game,
    GameObject,
    ScriptedChooser,
    add_card,
    cast,
    new_game,
    resolve_top,
)
from cardtext.interpreter.characteristics import chars


def _game(**kw: object) -> Game:
    return new_game(chooser=ScriptedChooser(**kw))  # type: ignore[arg-type]


def _lands(game: Game, player: str, name: str, n: int, pool: dict[str, A.Card]) -> None:
    for _ in range(n):
        add_card(game, pool[name], player, "battlefield")


def test_cr111_4_named_token_is_legendary_with_that_name(pool: dict[str, A.Card]) -> None:
    """111.4, 205.4: "create Karox Bladewing, a legendary 4/4 red Dragon
    creature token" — the token's name is the one given, its supertype legendary."""
    game = _game(kick=[0])
    _lands(game, "A", "Mountain", 7, pool)
    cast(game, "A", add_card(game, pool["Verix Bladewing"], "A", "hand").id)
    while game.state.stack:
        resolve_top(game)
    (token,) = [o for o in game.battlefield() if o.token]
    c = chars(token)
    assert c.name == "Karox Bladewing"
    assert token.card.type_line.supertypes == ("Legendary",)
    assert c.subtypes == ("Dragon",)


def test_cr603_7c_delayed_trigger_triggers_once(pool: dict[str, A.Card]) -> None:
    """603.7c: "Exile it at the beginning of the next end step" triggers at
    the first end step only; the token made is exiled then, and nothing waits
    for a later end step."""
    from cardtext.interpreter import pass_priority

    game = _game(kick=[])
    _lands(game, "A", "Mountain", 4, pool)
    cast(game, "A", add_card(game, pool["Elemental Appeal"], "A", "hand").id)
    resolve_top(game)
    assert len(game.state.delayed) == 1
    assert [chars(o).name for o in game.battlefield() if o.token] == ["Elemental Token"]
    pass_priority(game)  # the end step begins: it triggers
    assert game.state.delayed == [] and len(game.state.stack) == 1
    resolve_top(game)
    assert not [o for o in game.battlefield() if o.token]
    for _ in range(8):  # through B's turn and its end step
        pass_priority(game)
    assert game.state.stack == [] and game.state.pending == []


def _fight_with_fire(pool: dict[str, A.Card], division: dict[object, int] | None = None) -> tuple[Game, GameObject, GameObject]:
    """Fight with Fire kicked, aimed at Hill Giant and B, in A's hand (not cast yet)."""
    game = new_game()
    _lands(game, "A", "Mountain", 9, pool)
    giant = add_card(game, pool["Hill Giant"], "B", "battlefield")
    game.chooser = ScriptedChooser(kick=[0], targets=[[giant.id, "B"]], choices=[division or {giant.id: 3, "B": 7}])
    spell = add_card(game, pool["Fight with Fire"], "A", "hand")
    return game, spell, giant


def test_cr601_2d_each_target_of_divided_damage_gets_at_least_one(pool: dict[str, A.Card]) -> None:
    """601.2d: a division that gives a target nothing is refused, and the game is as it was."""
    from cardtext.interpreter.errors import UnansweredDecision

    game, spell, giant = _fight_with_fire(pool)
    game.chooser = ScriptedChooser(kick=[0], targets=[[giant.id, "B"]], choices=[{giant.id: 0, "B": 10}])
    before = game.state.clone()
    with pytest.raises(UnansweredDecision, match="at least 1"):
        cast(game, "A", spell.id)
    assert game.state == before


def test_cr608_2b_share_of_an_illegal_target_is_not_dealt(pool: dict[str, A.Card]) -> None:
    """608.2b: a target gone by resolution is dealt nothing, and its share
    goes to no one else; the legal target gets its own share only."""
    from cardtext.interpreter.zones import move

    game, spell, giant = _fight_with_fire(pool)
    cast(game, "A", spell.id)
    move(game, giant, "hand")
    resolve_top(game)
    assert game.player("B").life == 13


def test_cr615_combat_damage_prevention_leaves_noncombat_damage(pool: dict[str, A.Card]) -> None:
    """615: "prevent all combat damage target creature would deal this turn"
    doesn't touch the damage it deals otherwise (120.3)."""
    from cardtext.interpreter.actions.damage_life import deal_damage
    from cardtext.interpreter.context import Ctx

    game = _game(kick=[])
    _lands(game, "B", "Forest", 3, pool)
    giant = add_card(game, pool["Hill Giant"], "A", "battlefield")
    cast(game, "B", add_card(game, pool["Falling Timber"], "B", "hand").id)
    resolve_top(game)
    ctx = Ctx(game, "A", giant.id)
    assert deal_damage(ctx, "Hill Giant", 3, [], ["B"], giant, combat=True) == 0
    assert deal_damage(ctx, "Hill Giant", 3, [], ["B"], giant) == 3
    assert game.player("B").life == 17


def test_cr616_1_affected_player_orders_prevention_effects() -> None:
    """616.1: with a shield and an 'all damage' effect both applying, the
    affected player chooses which applies first; choosing the 'all' effect
    leaves the shield unused (615.7)."""
    from cardtext.interpreter.prevention import Prevention, prevent

    for first, left in ((1, 2), (0, 0)):
        game = new_game(chooser=ScriptedChooser(choices=[first]))
        game.state.prevention = [
            Prevention("a shield of 2", "A", (99, 0), None, to=("A",), remaining=2),
            Prevention("all damage", "A", (98, 0), None),
        ]
        assert prevent(game, None, "A", 3) == 0
        assert game.state.prevention[0].remaining == left
