"""What the support check says of references the engine can't read as
objects: a player among the objects that gain an ability (702.11d)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from card_helpers import gap_texts, one_ability_card

REPO = Path(__file__).resolve().parents[1]


def test_a_player_gaining_an_ability_is_a_gap_not_an_error_in_play() -> None:
    """ "You and permanents you control gain hexproof": a player with
    hexproof (702.11d) is a gap the check names, not a refusal in play."""
    card = one_ability_card("You and permanents you control gain hexproof until end of turn.", "Instant")
    assert gap_texts(card) == [
        "instruction Pump: a player gaining an ability ('You and permanents you control gain hexproof', 702.11d)"
        " (line 3, column 32)"
    ]


def test_permanents_alone_gaining_an_ability_is_no_gap() -> None:
    card = one_ability_card("Permanents you control gain hexproof until end of turn.", "Instant")
    assert gap_texts(card) == []


def test_mana_added_to_another_players_pool_is_a_gap() -> None:
    """106.4: "that player adds {G}{G}" puts mana in another player's pool,
    which the engine doesn't keep for them: a gap, not a refusal in play."""
    card = one_ability_card("At the beginning of each player's precombat main phase, that player adds {G}{G}.",
                            "Enchantment")
    assert [g.split(" (line")[0] for g in gap_texts(card)] == [
        "instruction AddMana: mana added to another player's pool ('that player adds {G}{G}', 106.4)"
    ]


def test_an_aura_with_enchant_player_is_a_gap() -> None:
    """303.4: an Aura that enchants a player (a Curse) is not played yet: the
    check says so, where casting it would be refused."""
    card = one_ability_card("Enchant player", "Enchantment — Aura Curse")
    assert [g.split(" (line")[0] for g in gap_texts(card)] == ["keyword an Aura with enchant player"]


def test_608_2c_that_noun_taken_from_the_event_must_be_that_kind(tmp_path: Path) -> None:
    """ "Whenever a creature enters, tap that land.": the event's object is a
    creature, so "that land" names nothing (608.2c); the engine used to tap
    the creature.  Now an error naming the reference, and the creature stays
    untapped: "that creature" in the same place taps it."""
    from cardtext.scenario import ScenarioError, run_scenario_file

    cards = REPO / "tests" / "cards"
    body = f"""description = "that [noun] from the event"
cards = ["t.card", {json.dumps(str(cards))}]
[players.A]
battlefield = ["Forest", "Forest", "Odd Trap"]
hand = ["Grizzly Bears"]
[[steps]]
cast = "Grizzly Bears"
[[steps]]
resolve = "all"
[[expect]]
player = "A"
zone = "battlefield"
card = "Grizzly Bears"
tapped = true
"""
    (tmp_path / "s.toml").write_text(body, encoding="utf-8")
    trap = "Odd Trap {1}{R}\nEnchantment\nWhenever a creature enters, tap that NOUN.\n"
    (tmp_path / "t.card").write_text(trap.replace("NOUN", "land"), encoding="utf-8")
    with pytest.raises(ScenarioError, match=r"'that land' with no land named before it \(the object it would refer "
                                            r"to is a creature\)"):  # fmt: skip
        run_scenario_file(tmp_path / "s.toml", quiet=True)
    (tmp_path / "t.card").write_text(trap.replace("NOUN", "creature"), encoding="utf-8")
    assert run_scenario_file(tmp_path / "s.toml", quiet=True).ok
