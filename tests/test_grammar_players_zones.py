"""Grammar-level tests of wordings about players, their choices and the
zones cards go to: each parses a wording, asserts what the AST holds, and
that it renders back byte-identical (grammar/lang/*)."""

from __future__ import annotations

import pytest
from card_helpers import ability, gap_texts, one, one_ability_card, round_trips

from cardtext.grammar import ast as A

# --------------------------------------------------------------------------
# "any number of them", "put one into your hand and the other ..." (607.1)
# --------------------------------------------------------------------------


def test_any_number_of_them_is_of_the_cards_looked_at() -> None:
    """607.1: "any number of them" — as many of the cards looked at as the player picks."""
    text = ("Look at the top five cards of your library. Put any number of them into your graveyard "
            "and the rest back on top of your library in any order.")
    put = [n for n in ability(text, type_line="Sorcery").walk() if isinstance(n, A.LookedCards)]
    assert [(n.word, n.any_number) for n in put] == [("them", True), ("the rest", False)]
    round_trips(text, type_line="Sorcery")


@pytest.mark.parametrize(
    "text",
    [
        "Search your library for two cards. Put one into your hand and the other into your graveyard. Then shuffle.",
        "Search your library for up to two basic land cards, reveal those cards, and put one onto the battlefield "
        "tapped and the other into your hand. Then shuffle.",
    ],
)
def test_put_one_of_the_cards_found(text: str) -> None:
    """607.1: "put one into your hand" is one of the cards found, "of them" unsaid."""
    looked = [n for n in ability(text, type_line="Sorcery").walk() if isinstance(n, A.LookedCards)]
    assert looked[0].bare and looked[0].count.value == 1
    assert looked[1].word == "the other"
    round_trips(text, type_line="Sorcery")


def test_tapped_and_attacking_still_one_way_to_enter() -> None:
    """508.4: "tapped and attacking" is one way a permanent enters, not two instructions."""
    text = "Put target creature card from a graveyard onto the battlefield tapped and attacking."
    dest = one(ability(text, type_line="Sorcery"), A.Destination)
    assert "tapped and attacking" in dest.mods
    round_trips(text, type_line="Sorcery")


# --------------------------------------------------------------------------
# "put into a graveyard this way", "put there from the battlefield this turn"
# --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "form"),
    [
        ("Create a 3/3 green Beast creature token for each creature put into your graveyard from the battlefield "
         "this turn.", "bare"),
        ("Target player loses 2 life for each creature card put into your graveyard this way.", "this way"),
        ("Return to your hand all creature cards in your graveyard that were put there from the battlefield "
         "this turn.", "there"),
        ("Return target creature card in your graveyard that was put into your graveyard from the battlefield "
         "this turn to your hand.", "that"),
    ],
)
def test_put_into_a_zone_as_a_quality(text: str, form: str) -> None:
    """700.4, 608.2c: a card described by how it came to a graveyard; reported as not played."""
    q = one(ability(text, type_line="Sorcery"), A.PutIntoThisTurn)
    assert q.form == form and (q.zone is None) == (form == "there")
    round_trips(text, type_line="Sorcery")
    assert any("PutIntoThisTurn" in g for g in gap_texts(one_ability_card(text, "Sorcery")))
