"""Morph and megamorph (CR 702.37, 708): casting face down, turning face up,
revealing; refused actions leave the game exactly as it was (M5, M12, M13)."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardtext.grammar import ast as A
from cardtext.interpreter import (
    Game,
    GameObject,
    IllegalAction,
    ScriptedChooser,
    add_card,
    cast,
    chars,
    new_game,
    resolve_top,
    turn_face_up,
)
from cardtext.scenario import ScenarioError, run_scenario_file

CARDS_DIR = Path(__file__).parent / "cards"



def face_down_on_battlefield(pool: dict[str, A.Card], name: str, lands: list[str]) -> tuple[Game, GameObject]:
    """``name`` cast face down with the first three lands and resolved."""
    game = new_game(chooser=ScriptedChooser())
    for land in lands:
        add_card(game, pool[land], "A", "battlefield")
    card = add_card(game, pool[name], "A", "hand")
    cast(game, "A", card.id, face_down=True)
    resolve_top(game)
    (down,) = [o for o in game.battlefield() if o.face_down]
    return game, down


def test_m2_face_down_spell_characteristics_and_alternative_cost(pool: dict[str, A.Card]) -> None:
    """702.37c: {3} rather than the mana cost; a 2/2 with no name, color,
    subtypes, mana cost or abilities; nothing of the card's kicker is asked."""
    game = new_game(chooser=ScriptedChooser())  # no answers: any decision would fail
    for land in ["Forest", "Forest", "Forest"]:
        add_card(game, pool[land], "A", "battlefield")
    scout = add_card(game, pool["Mistveil Scout"], "A", "hand")
    item = cast(game, "A", scout.id, face_down=True)
    spell = game.get(item.source)
    assert spell is not None and spell.face_down == "morph"
    c = chars(spell)
    assert (c.name, c.types, c.subtypes, c.colors, c.mana_cost, c.abilities) == ("", ("creature",), (), (), None, ())
    assert (c.base_power, c.base_toughness, c.mana_value) == (2, 2, 0)
    assert game.linked(spell.id).kicks == ()
    assert game.linked(spell.id).mana_spent == 3
    assert all(o.tapped for o in game.battlefield())
    assert "Mistveil Scout" not in "\n".join(game.log)  # the log doesn't name the face-down card


def test_refused_face_down_cast_leaves_the_game_as_it_was(pool: dict[str, A.Card]) -> None:
    game = new_game(chooser=ScriptedChooser())
    add_card(game, pool["Forest"], "A", "battlefield")
    add_card(game, pool["Forest"], "A", "battlefield")
    aven = add_card(game, pool["Icefeather Aven"], "A", "hand")
    bears = add_card(game, pool["Grizzly Bears"], "A", "hand")
    before = game.state.clone()
    with pytest.raises(IllegalAction, match="needs 3 mana"):
        cast(game, "A", aven.id, face_down=True)
    assert game.state == before
    with pytest.raises(IllegalAction, match="no morph, megamorph or disguise"):
        cast(game, "A", bears.id, face_down=True)
    assert game.state == before


@pytest.mark.parametrize(
    ("how", "lands", "message"),
    [
        ("mana", ["Forest"] * 3 + ["Forest", "Island"], "only its morph cost"),
        ("morph", ["Forest"] * 3 + ["Forest", "Island"], "needs 3 mana"),
    ],
)
def test_m5_refused_turn_face_up_leaves_the_game_as_it_was(
    pool: dict[str, A.Card], how: str, lands: list[str], message: str
) -> None:
    """A morph-cast permanent: its mana cost {G}{U} could be paid but is not
    allowed (702.37e); its morph cost {1}{G}{U} can't be paid."""
    game, down = face_down_on_battlefield(pool, "Icefeather Aven", lands)
    before = game.state.clone()
    log_len = len(game.log)
    with pytest.raises(IllegalAction, match=message):
        turn_face_up(game, "A", down.id, how=how)
    assert game.state == before
    assert len(game.log) == log_len


def test_only_the_controller_turns_it_face_up(pool: dict[str, A.Card]) -> None:
    game, down = face_down_on_battlefield(pool, "Mistveil Scout", ["Forest"] * 5)
    before = game.state.clone()
    with pytest.raises(IllegalAction, match="A controls it, not B"):
        turn_face_up(game, "B", down.id, how="morph")
    assert game.state == before


def test_m12_a_morph_that_dies_is_revealed_in_the_log(pool: dict[str, A.Card]) -> None:
    """708.9: it goes to the graveyard as its card, and the log reveals it."""
    game, down = face_down_on_battlefield(pool, "Mistveil Scout", ["Forest"] * 3)
    for _ in range(3):
        add_card(game, pool["Swamp"], "B", "battlefield")
    murder = add_card(game, pool["Murder"], "B", "hand")
    game.chooser = ScriptedChooser(targets=[[down.id]])
    cast(game, "B", murder.id)
    resolve_top(game)
    (dead,) = [o for o in game.zone_objects("graveyard", "A")]
    assert dead.card.name == "Mistveil Scout" and dead.face_down is None
    assert any("is revealed: Mistveil Scout (708.9)" in line for line in game.log)


def test_m12_a_countered_face_down_spell_is_revealed_in_the_log(pool: dict[str, A.Card]) -> None:
    result = run_scenario_file(Path(__file__).parent / "scenarios" / "m12_countered_morph_revealed.toml", quiet=True)
    assert result.ok, result.failures
    assert any("face-down spell" in line and "is revealed: Icefeather Aven (708.9)" in line for line in result.log)


def test_m13_cast_with_morph_is_recorded_through_resolution(pool: dict[str, A.Card]) -> None:
    game, down = face_down_on_battlefield(pool, "Ainok Survivalist", ["Forest"] * 3)
    assert down.face_down == "morph"
    assert game.linked(down.id).cast


SCENARIO = """\
description = "x"
cards = ["{cards}"]

[players.A]
battlefield = ["Forest", "Forest", "Forest"]
hand = ["Icefeather Aven"]

[[steps]]
player = "A"
{step}
"""


@pytest.mark.parametrize(
    "step",
    ['cast = "Icefeather Aven"\nface_down = "yes"', 'resolve = "all"\nface_down = true'],
)
def test_face_down_key_belongs_on_a_cast_step(tmp_path: Path, step: str) -> None:
    p = tmp_path / "s.toml"
    p.write_text(SCENARIO.replace("{cards}", str(CARDS_DIR)).replace("{step}", step), encoding="utf-8")
    with pytest.raises(ScenarioError, match="face_down = true goes on a cast step") as err:
        run_scenario_file(p, quiet=True)
    assert err.value.line == 11
