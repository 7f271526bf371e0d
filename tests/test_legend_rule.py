"""704.5j, the legend rule, as a state-based action (interpreter/sba.py)."""

from __future__ import annotations

from cardtext.grammar.parser import parse_card
from cardtext.interpreter import ScriptedChooser, add_card, new_game
from cardtext.interpreter.sba import check

LEGEND = parse_card("Ryusei Watcher {2}{R}\nLegendary Creature — Dragon\nFlying\n3/3\n")
OTHER = parse_card("Kiyo Sentinel {1}{W}\nLegendary Creature — Human Samurai\n2/2\n")


def test_704_5j_the_controller_keeps_one_of_two_legends_with_the_same_name() -> None:
    game = new_game(chooser=ScriptedChooser())
    a = add_card(game, LEGEND, "A", "battlefield").id
    b = add_card(game, LEGEND, "A", "battlefield")
    game.chooser = ScriptedChooser(choices=[[b.id]])
    assert check(game)
    assert game.get(b.id) is not None and game.get(b.id).zone == "battlefield"  # type: ignore[union-attr]
    assert [o.card.name for o in game.zone_objects("graveyard", "A")] == ["Ryusei Watcher"]
    assert game.get(a) is None  # a new object in the graveyard (400.7)
    assert any("legend rule (704.5j)" in line for line in game.log)


def test_704_5j_other_names_and_other_controllers_stay() -> None:
    game = new_game(chooser=ScriptedChooser())
    add_card(game, LEGEND, "A", "battlefield")
    add_card(game, LEGEND, "B", "battlefield")
    add_card(game, OTHER, "A", "battlefield")
    assert not check(game)
    assert len(game.battlefield()) == 3
