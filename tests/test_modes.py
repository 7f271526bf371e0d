"""Modal spells and abilities (700.2): choosing modes as a spell is cast
(601.2b, K8) or a triggered ability is put on the stack (603.3c), refusals
that leave the game as it was, resolution in printed order, copies (700.2g,
K15), the scenario key ``modes`` and the engine coverage check."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardtext.grammar import ast as A
from cardtext.grammar.parser import parse_text
from cardtext.interpreter import (
    Game,
    IllegalAction,
    ScriptedChooser,
    add_card,
    cast,
    effects,
    new_game,
    resolve_top,
)
from cardtext.interpreter.support import gaps
from cardtext.scenario import (
    ScenarioError,
    run_scenario_file,
    translate_answer,
)

CARDS_DIR = Path(__file__).parent / "cards"



def one(text: str) -> A.Card:
    result = parse_text(text, "t.card")
    assert not result.errors, result.errors
    (card,) = result.cards
    return card


def ruin_board(pool: dict[str, A.Card], **answers: object) -> tuple[Game, int]:
    game = new_game(chooser=ScriptedChooser(translate=translate_answer, **answers))  # type: ignore[arg-type]
    for _ in range(7):
        add_card(game, pool["Swamp"], "A", "battlefield")
    ruin = add_card(game, pool["Inscription of Ruin"], "A", "hand")
    add_card(game, pool["Grizzly Bears"], "A", "graveyard")
    add_card(game, pool["Grizzly Bears"], "B", "battlefield")
    for name in ("Forest", "Island"):
        add_card(game, pool[name], "B", "hand")
    return game, ruin.id


def test_k8_two_modes_unkicked_refused_and_the_game_is_exactly_as_before(pool: dict[str, A.Card]) -> None:
    game, ruin = ruin_board(pool, modes=[1, 3], targets=["B", "B:Grizzly Bears"])
    before = game.state.clone()
    log_len = len(game.log)
    with pytest.raises(IllegalAction, match=r"2 modes chosen, but it says 'choose one'.*\(700\.2, 601\.2b\)"):
        cast(game, "A", ruin)
    assert game.state == before
    assert len(game.log) == log_len


def test_k8_kicked_allows_the_same_modes(pool: dict[str, A.Card]) -> None:
    game, ruin = ruin_board(pool, kick=True, modes=[1, 3], targets=["B", "B:Grizzly Bears"])
    item = cast(game, "A", ruin)
    assert item.modes == (0, 2)
    # only the chosen modes' targets: mode 2's slot is empty (700.2c)
    assert [len(t) for t in item.targets] == [1, 0, 1]
    assert "choosing modes 1 and 3" in game.log[-2]


def test_modes_are_kept_in_printed_order_whatever_order_they_are_named_in(pool: dict[str, A.Card]) -> None:
    game, ruin = ruin_board(pool, kick=True, modes=[3, 1], targets=["B", "B:Grizzly Bears"])
    assert cast(game, "A", ruin).modes == (0, 2)


def test_any_number_allows_no_mode_at_all(pool: dict[str, A.Card]) -> None:
    """700.2 sets no minimum for "choose any number": a kicked Inscription may
    be cast with no mode, and does nothing when it resolves."""
    game, ruin = ruin_board(pool, kick=True, modes=[])
    item = cast(game, "A", ruin)
    assert item.modes == () and item.targets == ((), (), ())
    resolve_top(game)
    assert [o.card.name for o in game.zone_objects("graveyard", "A")] == ["Grizzly Bears", "Inscription of Ruin"]
    assert len(game.zone_objects("hand", "B")) == 2
    assert "(no mode)" in game.log[-1]


def test_a_mode_chosen_twice_is_refused(pool: dict[str, A.Card]) -> None:
    game, ruin = ruin_board(pool, kick=True, modes=[3, 3], targets=["B:Grizzly Bears"])
    before = game.state.clone()
    with pytest.raises(IllegalAction, match=r"mode 3 is chosen twice.*700\.2d"):
        cast(game, "A", ruin)
    assert game.state == before


def test_a_mode_with_no_legal_target_cant_be_chosen(pool: dict[str, A.Card]) -> None:
    game, ruin = ruin_board(pool, modes=[2])
    for o in game.zone_objects("graveyard", "A"):
        from cardtext.interpreter.zones import move

        move(game, o, "exile")
    before = game.state.clone()
    with pytest.raises(IllegalAction, match=r"mode 2 can't be chosen: no legal target for .*\(700\.2a\)"):
        cast(game, "A", ruin)
    assert game.state == before


def test_only_the_chosen_modes_happen_and_a_mode_whose_target_left_does_nothing(pool: dict[str, A.Card]) -> None:
    """608.2b: the destroy mode's target is gone; the discard mode still happens."""
    game, ruin = ruin_board(pool, kick=True, modes=[1, 3], targets=["B", "B:Grizzly Bears"])
    cast(game, "A", ruin)
    bears = next(o for o in game.battlefield() if o.card.name == "Grizzly Bears")
    from cardtext.interpreter.zones import move

    move(game, bears, "exile")
    resolve_top(game)
    assert {o.card.name for o in game.zone_objects("graveyard", "B")} == {"Forest", "Island"}
    assert [o.card.name for o in game.zone_objects("exile", "B")] == ["Grizzly Bears"]
    # mode 2 was not chosen: A's Grizzly Bears is still in the graveyard
    assert "Grizzly Bears" in [o.card.name for o in game.zone_objects("graveyard", "A")]


def test_a_modal_spell_without_an_answer_is_an_unanswered_decision(pool: dict[str, A.Card]) -> None:
    from cardtext.interpreter.errors import UnansweredDecision

    game, ruin = ruin_board(pool)
    before = game.state.clone()
    with pytest.raises(UnansweredDecision) as err:
        cast(game, "A", ruin)
    assert "'modes = [...]' on the step" in str(err.value)
    assert game.state == before


# --------------------------------------------------------------------------
# Triggered abilities (603.3c, 700.2b)
# --------------------------------------------------------------------------

PICKY = """\
Picky Herald {W}
Creature — Human
When this creature enters, choose one —
• Destroy target artifact.
• Put a +1/+1 counter on target creature you don't control.
1/1
"""


def herald_game(pool: dict[str, A.Card], choices: list) -> tuple[Game, int]:
    game = new_game(chooser=ScriptedChooser(translate=translate_answer, choices=choices))
    add_card(game, pool["Plains"], "A", "battlefield")
    herald = add_card(game, one(PICKY), "A", "hand")
    return game, herald.id


def test_a_modal_trigger_with_no_mode_that_can_be_chosen_is_removed(pool: dict[str, A.Card]) -> None:
    game, herald = herald_game(pool, [])
    cast(game, "A", herald)
    resolve_top(game)
    assert not game.state.stack
    assert "none of its modes can be chosen (603.3c, 700.2b)" in game.log[-1]


def test_a_modal_trigger_chooses_its_mode_as_it_goes_on_the_stack(pool: dict[str, A.Card]) -> None:
    game, herald = herald_game(pool, [[2], "B:Grizzly Bears"])
    add_card(game, pool["Grizzly Bears"], "B", "battlefield")
    cast(game, "A", herald)
    resolve_top(game)
    (item,) = game.state.stack
    assert item.modes == (1,) and [len(t) for t in item.targets] == [0, 1]
    resolve_top(game)
    bears = next(o for o in game.battlefield() if o.card.name == "Grizzly Bears")
    assert bears.counters == {"+1/+1": 1}


def test_a_modal_trigger_with_an_illegal_mode_chosen_refuses_the_action(pool: dict[str, A.Card]) -> None:
    """Mode 1 has no artifact to target: choosing it is an illegal choice, and
    the resolution that triggered the ability is refused as a whole."""
    game, herald = herald_game(pool, [[1]])
    add_card(game, pool["Grizzly Bears"], "B", "battlefield")
    cast(game, "A", herald)
    before = game.state.clone()
    with pytest.raises(IllegalAction, match=r"mode 1 can't be chosen.*700\.2a"):
        resolve_top(game)
    assert game.state == before


# --------------------------------------------------------------------------
# Scenarios: the key `modes`
# --------------------------------------------------------------------------

SCENARIO = """\
description = "x"
cards = ["{cards}"]

[players.A]
battlefield = ["Swamp", "Swamp", "Swamp"]
hand = ["Inscription of Ruin", "Murder"]

[players.B]
battlefield = ["Grizzly Bears"]

[[steps]]
player = "A"
{step}
"""


def scenario(tmp_path: Path, step: str) -> Path:
    p = tmp_path / "s.toml"
    p.write_text(SCENARIO.replace("{cards}", str(CARDS_DIR)).replace("{step}", step), encoding="utf-8")
    return p


def test_scenario_modal_cast_without_modes_names_the_decision(tmp_path: Path) -> None:
    p = scenario(tmp_path, 'cast = "Inscription of Ruin"\ntargets = ["B:Grizzly Bears"]')
    with pytest.raises(ScenarioError) as err:
        run_scenario_file(p, quiet=True)
    text = str(err.value)
    assert "choose one of its 3 modes" in text and "'modes = [...]' on the step" in text
    assert "1. Target opponent discards two cards." in text
    assert err.value.line == 13


@pytest.mark.parametrize(
    ("step", "message", "line"),
    [
        ('cast = "Inscription of Ruin"\nmodes = [4]', "modes: 4 is not a mode number", 14),
        ('cast = "Inscription of Ruin"\nmodes = ["1"]', "modes: '1' is not a mode number", 14),
        ('cast = "Murder"\nmodes = [1]\ntargets = ["B:Grizzly Bears"]', "was not used: the spell cast is not modal", 14),
        ('resolve = 1\nmodes = [1]', "modes = [...] goes on a cast step", 14),
    ],
)
def test_scenario_modes_key_mistakes_are_located(tmp_path: Path, step: str, message: str, line: int) -> None:
    with pytest.raises(ScenarioError) as err:
        run_scenario_file(scenario(tmp_path, step), quiet=True)
    assert message in str(err.value)
    assert err.value.line == line


def test_scenario_modes_answer_a_cast_and_the_log_shows_them(tmp_path: Path) -> None:
    p = scenario(tmp_path, 'cast = "Inscription of Ruin"\nmodes = [3]\ntargets = ["B:Grizzly Bears"]')
    result = run_scenario_file(p, quiet=True)
    assert result.ok
    assert any("choosing mode 3, targeting B:Grizzly Bears" in line for line in result.log)


# --------------------------------------------------------------------------
# Coverage: the check reads the engine's sentence dispatch
# --------------------------------------------------------------------------


def test_the_coverage_check_knows_modes_through_the_engines_dispatch(
    pool: dict[str, A.Card], monkeypatch: pytest.MonkeyPatch
) -> None:
    ruin = pool["Inscription of Ruin"]
    assert gaps(ruin) == []
    monkeypatch.delitem(effects.INSTRUCTIONS, A.Modes)
    assert [g.what for g in gaps(ruin)] == ["sentence Modes"]


def test_a_modal_activated_ability_chooses_its_modes_as_it_is_activated(pool: dict[str, A.Card]) -> None:
    """700.2a: the grammar gives modes to spells and triggered abilities; the
    engine chooses them for an activated ability too (an AST built by hand)."""
    from dataclasses import replace

    from cardtext.interpreter import activate

    base = one("Relic {1}\nArtifact\n{T}: Draw a card.")
    (ability,) = base.abilities
    assert isinstance(ability, A.ActivatedAbility)
    ruin = pool["Inscription of Ruin"]
    modal = next(ab for ab in ruin.abilities if isinstance(ab, A.SpellAbility)).effect
    relic_card = replace(base, abilities=(replace(ability, effect=modal),))
    game = new_game(chooser=ScriptedChooser(translate=translate_answer, modes=[1, 3], targets=["B", "B:Grizzly Bears"]))
    relic = add_card(game, relic_card, "A", "battlefield")
    add_card(game, pool["Grizzly Bears"], "B", "battlefield")
    add_card(game, pool["Forest"], "B", "hand")
    before = game.state.clone()
    with pytest.raises(IllegalAction, match="2 modes chosen, but it says 'choose one'"):
        activate(game, "A", relic.id)  # "if this spell was kicked": an ability is never kicked
    assert game.state == before
    game.chooser = ScriptedChooser(translate=translate_answer, modes=[3], targets=["B:Grizzly Bears"])
    item = activate(game, "A", relic.id)
    assert item is not None and item.modes == (2,)
    assert "choosing mode 3" in game.log[-1]
    resolve_top(game)
    assert [o.card.name for o in game.zone_objects("graveyard", "B")] == ["Grizzly Bears"]
