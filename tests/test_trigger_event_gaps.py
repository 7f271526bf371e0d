"""Trigger events the engine can't tell, or can't carry out, are gaps of the
support check (603.2, 603.8, 605.1b), never a trigger that silently never fires."""

from __future__ import annotations

import pytest

from cardtext.grammar.parser import parse_text
from cardtext.interpreter.support import gaps


def _gaps(text: str) -> list[str]:
    (card,) = parse_text(text).cards
    return [g.what for g in gaps(card)]


def test_605_1b_a_triggered_mana_ability_is_a_gap() -> None:
    """ "Whenever a player taps a land for mana, that player adds ...": a
    mana ability of its own (605.1b), not played; a non-mana trigger on the
    same event is no gap."""
    found = _gaps("Test Card {2}{G}\nEnchantment\nWhenever a player taps a land for mana, that player adds {G}.")
    assert any(w.startswith("a triggered mana ability (605.1b") for w in found)
    assert _gaps("Test Card {3}{R}\nEnchantment\nWhenever a player taps a land for mana, "
                 "Test Card deals 1 damage to that player.") == []  # fmt: skip


@pytest.mark.parametrize(
    ("line", "what"),
    [
        # 603.8: a state trigger about a described object would have to say which one "it" is
        ("Whenever a creature has four or more fuse counters on it, destroy it.",
         "a state trigger (603.8) about AnObject"),
        # 603.8: a state trigger joined with an event
        ("When you control no Islands or whenever you draw a card, sacrifice Test Card.",
         "a state trigger (603.8) joined with another trigger or narrowed by one"),
    ],
)
def test_603_8_state_triggers_the_engine_cant_watch_are_gaps(line: str, what: str) -> None:
    assert what in _gaps(f"Test Card {{2}}\nEnchantment\n{line}")


@pytest.mark.parametrize(
    "line",
    [
        "When you control no Islands, sacrifice Test Card.",  # 603.8
        "When there are no creatures on the battlefield, sacrifice Test Card.",  # 603.8
        "Whenever a creature without flying blocks Test Card, it gets -1/-1 until end of turn.",  # 509.3b
        "Whenever Test Card deals combat damage to a creature, destroy that creature.",  # 510.2
        "Whenever you're dealt damage, put that many charge counters on Test Card.",  # 120.3
        "Whenever a card is put into an opponent's graveyard from anywhere, you gain 1 life.",  # 603.6c
        "Whenever a creature is put into your graveyard from the battlefield, you gain 1 life.",  # 603.10a
        "Whenever a creature attacks you or a planeswalker you control, you gain 1 life.",  # 508.1m
        "Whenever you attack with three or more creatures, you gain 1 life.",  # 508.1m, 603.2c
    ],
)
def test_603_2_trigger_events_the_engine_plays_are_no_gaps(line: str) -> None:
    assert _gaps(f"Test Card {{2}}\nCreature — Test\n{line}\n2/2") == []
