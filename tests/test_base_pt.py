"""Base power and toughness (CR 613.4b, layer 7b) in the card language: the
forms that set it, their AST and their exact round trip, and what the
support check says of them."""

from __future__ import annotations

from typing import Any

import pytest

from cardtext.grammar import ast as A
from cardtext.grammar.render import render_card
from cardtext.interpreter.bind import walk
from cardtext.interpreter.support import gaps
from cardtext.testing import parse_card


def _round_trip(line: str, type_line: str = "Creature — Bear", pt: str = "\n2/2") -> A.Card:
    card = parse_card(f"Test Card {{2}}{{G}}\n{type_line}\n{line}{pt}")
    lines = render_card(card, reminders=False).splitlines()
    assert line in lines, lines
    return card


def _nodes(card: A.Card, cls: type) -> list[Any]:
    return [n for n in walk(card) if isinstance(n, cls)]


@pytest.mark.parametrize(
    ("line", "pt", "types", "additional"),
    [("Until end of turn, target artifact or creature becomes a Dinosaur artifact creature with base power and "
      "toughness 4/3 in addition to its other types.", "4/3", ("Dinosaur", "artifact", "creature"), True),
     ("{1}{W}: This creature becomes a Human Detective with base power and toughness 4/4 and gains vigilance.",
      "4/4", ("Human", "Detective"), False),
     ("Until end of turn, target creature becomes a white Rabbit with base power and toughness 0/1.",
      "0/1", ("Rabbit",), False),
     ("Artifacts you control become artifact creatures with base power and toughness 5/5 until end of turn.",
      "5/5", ("artifact", "creature"), False),
     ("Until end of turn, target creature you control becomes a blue Dragon Illusion with base power and "
      "toughness 4/4, loses all abilities, and gains flying.", "4/4", ("Dragon", "Illusion"), False),
     ("{X}: Target artifact becomes an artifact creature with base power and toughness X/X until end of turn.",
      "X/X", ("artifact", "creature"), False)],
)  # fmt: skip
def test_613_4b_becomes_with_base_power_and_toughness(line: str, pt: str, types: tuple[str, ...], additional: bool) -> None:
    """613.4b: "becomes a [types] with base power and toughness N/N" — the
    same change as "becomes a N/N [types]", written after the words."""
    card = _round_trip(line)
    (becomes,) = [n for n in _nodes(card, A.Becomes) if n.pt]
    assert (becomes.pt, becomes.types, becomes.additional, becomes.base_pt) == (pt, types, additional, True)


@pytest.mark.parametrize(
    ("line", "pt", "special"),
    [("Enchanted artifact is a Golem creature with base power and toughness 5/4 in addition to its other types.",
      "5/4", "in addition"),
     ("Enchanted creature is a Treefolk with base power and toughness 0/4 and loses all abilities.", "0/4", "a type"),
     ("Enchanted creature is an Insect artifact creature with base power and toughness 0/1.", "0/1", "a type")],
)  # fmt: skip
def test_613_4b_is_a_type_with_base_power_and_toughness(line: str, pt: str, special: str) -> None:
    """613.4b, 205.1a: "is a Golem creature with base power and toughness 5/4
    [in addition to its other types]"."""
    card = _round_trip(line, "Enchantment — Aura", "")
    (is_type,) = _nodes(card, A.IsType)
    assert (is_type.pt, is_type.special) == (pt, special)


def test_613_4b_a_static_type_change_with_base_pt_plays() -> None:
    """A static "is a ... with base power and toughness 5/4" is a type change
    (layer 4) and a base P/T (layer 7b) the engine applies both of; one with
    P/T "equal to" a number is still a gap, never the type alone."""
    card = _round_trip("Enchanted artifact is a Golem creature with base power and toughness 5/4 in addition to its other types.",
                       "Enchantment — Aura", "")  # fmt: skip
    assert not gaps(card)
    equal = _round_trip("Each noncreature artifact is an artifact creature with power and toughness each equal to its "
                        "mana value.", "Enchantment", "")  # fmt: skip
    assert gaps(equal)


def test_613_4b_base_pt_of_star_is_a_gap() -> None:
    """A base power and toughness of "*" set by an instruction has no value:
    a gap, not a 0/0."""
    card = _round_trip("{1}: This creature becomes a Spirit with base power and toughness */* until end of turn.")
    assert any("'*'" in str(g) for g in gaps(card))


@pytest.mark.parametrize(
    "line",
    ["{1}: Target creature has base power and toughness 1/1 until end of turn.",
     "{X}: Creatures you control have base power and toughness X/X until end of turn.",
     "{G/W}: This creature becomes a Kithkin Scout with base power and toughness 2/3.",
     "{2}: This creature becomes a 2/2 white Bird artifact creature with flying until end of turn."],
)  # fmt: skip
def test_613_4b_instructions_that_set_base_pt_play(line: str) -> None:
    """The engine carries out each of these (613.4b): no gap."""
    card = _round_trip(line)
    assert not gaps(card)
