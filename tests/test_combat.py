"""Combat (CR 506-511) at the engine's level: who declares what and when, no
silent damage division, beginning-of-combat triggers, rollback."""

from __future__ import annotations

import pytest

from cardtext.grammar import ast as A
from cardtext.grammar.parser import parse_text
from cardtext.interpreter import (
    Game,
    IllegalAction,
    ScriptedChooser,
    add_card,
    new_game,
    pass_priority,
    resolve_top,
)
from cardtext.interpreter.combat import declare_attackers, declare_blockers
from cardtext.interpreter.errors import UnansweredDecision


def card(text: str) -> A.Card:
    result = parse_text(text, "t.card")
    assert not result.errors, result.errors
    (c,) = result.cards
    return c


def duel(pool: dict[str, A.Card], mine: list[str], theirs: list[str], **kw: object) -> Game:
    game = new_game(chooser=ScriptedChooser(**kw))  # type: ignore[arg-type]
    for name in mine:
        add_card(game, pool[name], "A", "battlefield")
    for name in theirs:
        add_card(game, pool[name], "B", "battlefield")
    return game


def ids(game: Game, player: str, name: str) -> list[tuple[int, int]]:
    return [o.id for o in game.battlefield() if o.controller == player and o.card.name == name]


def test_only_the_active_player_attacks_and_only_the_defending_player_blocks(pool: dict[str, A.Card]) -> None:
    game = duel(pool, ["Grizzly Bears"], ["Grizzly Bears"])
    before = game.state.clone()
    with pytest.raises(IllegalAction, match="it is A's turn"):
        declare_attackers(game, "B", ids(game, "B", "Grizzly Bears"))
    assert game.state == before
    declare_attackers(game, "A", ids(game, "A", "Grizzly Bears"))
    assert game.state.step == "declare_attackers"
    before = game.state.clone()
    with pytest.raises(IllegalAction, match="B is the defending player"):
        declare_blockers(game, "A", [])
    with pytest.raises(IllegalAction, match="can block only one attacker|isn't a creature B controls"):
        declare_blockers(game, "B", [(ids(game, "A", "Grizzly Bears")[0], ids(game, "A", "Grizzly Bears")[0])])
    assert game.state == before
    with pytest.raises(IllegalAction, match="declare_attackers step"):
        declare_attackers(game, "A", [])


def test_two_blockers_divide_damage_only_as_the_chooser_says(pool: dict[str, A.Card]) -> None:
    """510.1c: with two blockers the division is a decision; unanswered, the
    step is an error, never a default."""
    game = duel(pool, ["Hill Giant"], ["Grizzly Bears", "Grizzly Bears"])
    declare_attackers(game, "A", ids(game, "A", "Hill Giant"))
    (giant,) = ids(game, "A", "Hill Giant")
    first, second = ids(game, "B", "Grizzly Bears")
    declare_blockers(game, "B", [(first, giant), (second, giant)])
    before = game.state.clone()
    with pytest.raises(UnansweredDecision, match="divide Hill Giant's 3 combat damage"):
        pass_priority(game)
    assert game.state == before
    game.chooser = ScriptedChooser(choices=[{first: 3, second: 0}])
    pass_priority(game)
    assert [o.card.name for o in game.zone_objects("graveyard", "B")] == ["Grizzly Bears"]
    assert game.obj(second[0]).damage == 0
    assert game.zone_objects("graveyard", "A")[0].card.name == "Hill Giant"


def test_beginning_of_combat_triggers_before_attackers_are_declared(pool: dict[str, A.Card]) -> None:
    """507.1: "at the beginning of combat on your turn" goes on the stack
    first; attackers are declared once it has resolved."""
    herald = card("Dawn Herald {W}\nCreature — Human\nAt the beginning of combat on your turn, you gain 1 life.\n1/1")
    game = duel(pool, ["Grizzly Bears"], [])
    add_card(game, herald, "A", "battlefield")
    declare_attackers(game, "A", ids(game, "A", "Grizzly Bears"))
    assert game.state.step == "combat" and len(game.state.stack) == 1 and game.state.combat is None
    resolve_top(game)
    assert game.player("A").life == 21
    declare_attackers(game, "A", ids(game, "A", "Grizzly Bears"))
    pass_priority(game)  # no blockers
    pass_priority(game)  # combat damage
    assert game.player("B").life == 18
    pass_priority(game)
    pass_priority(game)
    assert game.state.step == "main2" and game.state.combat is None


def test_a_blocked_attacker_whose_blocker_left_deals_no_damage(pool: dict[str, A.Card]) -> None:
    """509.1h: it stays blocked; without trample it assigns no combat damage."""
    from cardtext.interpreter.zones import move

    game = duel(pool, ["Grizzly Bears"], ["Grizzly Bears"])
    declare_attackers(game, "A", ids(game, "A", "Grizzly Bears"))
    declare_blockers(game, "B", [(ids(game, "B", "Grizzly Bears")[0], ids(game, "A", "Grizzly Bears")[0])])
    move(game, game.obj(ids(game, "B", "Grizzly Bears")[0][0]), "hand")
    pass_priority(game)
    assert game.player("B").life == 20
