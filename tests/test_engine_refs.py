"""What the support check says of references the engine can't read as
objects: a player among the objects that gain an ability (702.11d)."""

from __future__ import annotations

from card_helpers import gap_texts, one_ability_card


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
