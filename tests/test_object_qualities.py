"""The support check on qualities relating objects, choices of the acting
player, costs of one part or another and mana spent (CR 109.2, 115.1,
118.3, 601.2b, 601.2h, 614.1a, 701.21a): what the engine plays, and what it
reports as a gap (the game results are in tests/scenarios/)."""

from __future__ import annotations

import pytest

from cardtext.testing import parse_card
from tests.card_helpers import gap_texts, one_ability_card


@pytest.mark.parametrize("line", [
    "Whenever you cast a spell that targets Test Card, put a +1/+1 counter on Test Card.",
    "{T}: Destroy target creature other than Test Card.",
    "Whenever a creature dealt damage by Test Card this turn dies, you gain 1 life.",
    "{T}: Exile target creature that's attacking you.",
    "When Test Card enters, sacrifice it unless {U} was spent to cast it.",
    "When Test Card enters, if you control two or fewer other lands, draw a card.",
    "When Test Card enters, if you control a Mountain or a Plains, draw a card.",
    "Test Card gets +2/+2 for each Aura attached to it.",
    "Other creatures you control that share a creature type with Test Card get +1/+1.",
])  # fmt: skip
def test_109_2_constructs_the_engine_plays(line: str) -> None:
    """109.2, 115.1, 601.2h: no gap."""
    assert gap_texts(one_ability_card(line)) == []


@pytest.mark.parametrize("lines", [
    "Each player sacrifices two creatures of their choice.",
    "As an additional cost to cast this spell, discard a card or pay 3 life.\nDraw a card.",
    "Lava Coil deals 4 damage to target creature. If that creature would die this turn, exile it instead.",
])  # fmt: skip
def test_601_2b_spells_the_engine_plays(lines: str) -> None:
    """601.2b, 614.1a, 701.21a: no gap."""
    card = parse_card(f"Lava Coil {{1}}{{R}}\nSorcery\n{lines}", link=False)
    assert gap_texts(card) == []


def test_701_21a_another_players_choice_is_a_gap() -> None:
    """701.21a: "Target player sacrifices a creature of your choice" is no
    choice of the sacrificing player's."""
    card = parse_card("Lava Coil {1}{R}\nSorcery\nTarget player sacrifices a creature of your choice.", link=False)
    assert any("OfChoice" in g for g in gap_texts(card)), gap_texts(card)


@pytest.mark.parametrize(("line", "gap"), [
    # who picks is another player than the one acting: not the instruction's own choice
    ("{T}: Prevent all damage a source of your choice would deal this turn.", "object quality OfChoice"),
    # "it" of a quality is not read where nothing binds it (a resolving instruction's "it")
    ("{T}: Target creature gets +1/+1 until end of turn for each Aura attached to it.", "object quality AttachedTo of 'ItRef'"),
    ("{T}: Destroy two creatures that share a creature type.", "ThatShares"),
    # two whole costs, not one part or another
    ("{3}, {T} or {R}, {T}: Test Card deals 1 damage to any target.", "a cost of mana symbols or another part"),
    # a replacement about every creature, not those named before
    ("{T}: If a creature would die this turn, exile it instead.", "about creatures not named before"),
])  # fmt: skip
def test_614_1a_what_the_engine_reports(line: str, gap: str) -> None:
    """614.1a, 118.1: what stays a gap is named."""
    found = gap_texts(one_ability_card(line))
    assert any(gap in g for g in found), found
