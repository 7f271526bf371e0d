"""Instructions, effects and costs (grammar/lang/verbs.lark, mana.lark): each
construct parses into its node, renders back byte-identical, and is played by
the engine or reported by the support check as a gap."""

from __future__ import annotations

from typing import Any

import pytest

from cardtext.testing import parse_card
from grammar import ast as A
from grammar.node import Node
from grammar.render import render_card
from interpreter.support import gaps


def nodes(tree: Node, cls: type) -> list[Any]:
    """Every node of a class in a tree, in order."""
    return [n for n in tree.walk() if isinstance(n, cls)]


def one(tree: Node, cls: type) -> Any:
    found = nodes(tree, cls)
    assert len(found) == 1, f"expected one {cls.__name__}, found {len(found)} in {tree!r}"
    return found[0]


def line(text: str, type_line: str = "Creature — Human Wizard", pt: str = "\n2/2") -> A.Card:
    """A one-ability card whose ability line renders back byte-identical."""
    card = parse_card(f"Test Card {{2}}{{G}}\n{type_line}\n{text}{pt}", link=False)
    assert render_card(card).splitlines()[2] == text
    return card


def spell(text: str) -> A.Card:
    return line(text, "Sorcery", "")


# --------------------------------------------------------------------------
# Adding mana (106)
# --------------------------------------------------------------------------


@pytest.mark.parametrize("text", [
    "Whenever a player taps a land for mana, that player adds one mana of any type that land produced.",
    "At the beginning of your upkeep, target player adds {G}{G}.",
    "At the beginning of your upkeep, each player adds {C} for each artifact they control.",
])  # fmt: skip
def test_a_player_adds_mana(text: str) -> None:
    """106.1: "Add" with a subject, the verb agreeing with it ("that player adds")."""
    card = line(text)
    added = nodes(card, A.AddMana) + nodes(card, A.AddManaSpecial)
    assert len(added) == 1 and added[0].player is not None


@pytest.mark.parametrize(("text", "cls"), [
    ("Whenever a Forest is tapped for mana, its controller adds an additional {G}.", A.AddMana),
    ("Whenever a Forest is tapped for mana, its controller adds an additional one mana of any color.", A.AddManaAnyColor),
    ("Whenever a land is tapped for mana, its controller adds an additional two mana in any combination of colors.",
     A.AddManaSpecial),
    ("{T}: Add {B}, then add an additional {B} for each charge counter on Test Card.", A.AddMana),
])  # fmt: skip
def test_an_additional_mana(text: str, cls: type) -> None:
    """106.12a: mana beyond what the ability makes — "adds an additional {G}";
    the engine reports it as a gap rather than adding the plain amount."""
    card = line(text)
    assert [n.additional for n in nodes(card, cls)][-1] is True
    assert any("additional" in str(g) or "AddManaSpecial" in str(g) for g in gaps(card)), gaps(card)


def test_x_mana_in_any_combination() -> None:
    """106.1: "X mana in any combination of colors", X any amount ("where X is ...")."""
    card = line("{T}: Add X mana in any combination of colors, where X is the number of creatures you control.")
    added = one(card, A.AddManaSpecial)
    assert added.kind == "any combination of colors" and not added.additional


def test_x_mana_of_any_one_color_is_an_amount() -> None:
    card = line("{T}: Add X mana of any one color, where X is Test Card's power.")
    assert one(card, A.AddManaAnyColor).one_color


# --------------------------------------------------------------------------
# Libraries (401)
# --------------------------------------------------------------------------


@pytest.mark.parametrize("text", [
    "Search your library for a card, then shuffle your library and put that card on top of it.",
    "Search your library for up to three cards, then shuffle your library and put those cards on top of it in any order.",
])  # fmt: skip
def test_on_top_of_it(text: str) -> None:
    """401.4, 701.20: "shuffle your library and put that card on top of it" —
    the older wording keeps the library "it" names; the card goes on top."""
    card = spell(text)
    put = one(card, A.PutInZone)
    assert put.to.zone == "library" and put.to.where == "top" and put.to.form == "it"
    assert one(card, A.Shuffle).form == "library"
