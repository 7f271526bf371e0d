"""Engine pieces added for single real cards, checked below the scenario level."""

from __future__ import annotations

from grammar import ast as A
from interpreter import Game, ScriptedChooser, add_card, new_game, resolve_top
from interpreter.characteristics import chars, display_name
from interpreter.combat import declare_attackers


def _game(**kw: object) -> Game:
    return new_game(chooser=ScriptedChooser(**kw))  # type: ignore[arg-type]


def test_exile_top_face_down_hides_the_card(pool: dict[str, A.Card]) -> None:
    """406.3: Bomat Courier's attack trigger exiles the top card face down: no name, no types."""
    game = _game()
    courier = add_card(game, pool["Bomat Courier"], "A", "battlefield")
    add_card(game, pool["Shock"], "A", "library")
    declare_attackers(game, "A", [courier.id])
    resolve_top(game)
    (exiled,) = game.zone_objects("exile", "A")
    assert exiled.face_down == "exiled"
    assert exiled.card.name == "Shock"
    assert chars(exiled).name == "" and chars(exiled).types == ()
    assert display_name(exiled).startswith("face-down card")
    assert game.linked(courier.id).exiled_by(None) == [exiled.id]
