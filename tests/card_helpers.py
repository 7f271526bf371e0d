"""Helpers the grammar-level tests share: find nodes in an AST, and parse a
card of one ability line that must render back exactly as written."""

from __future__ import annotations

from typing import Any

from cardtext.grammar import ast as A
from cardtext.grammar.node import Node
from cardtext.grammar.parser import parse_text
from cardtext.grammar.render import render_card
from cardtext.interpreter.support import gaps
from cardtext.testing import parse_ability, parse_card, wrap_ability


def nodes(tree: Node, cls: type) -> list[Any]:
    """Every node of ``tree`` that is a ``cls``."""
    return [n for n in tree.walk() if isinstance(n, cls)]


def one(tree: Node, cls: type) -> Any:
    """The one node of ``tree`` that is a ``cls`` (fails if none or several)."""
    found = nodes(tree, cls)
    assert len(found) == 1, f"expected one {cls.__name__}, found {len(found)} in {tree!r}"
    return found[0]


def ability(text: str, **options: Any) -> Any:
    """One ability line, parsed in a minimal card (no link check)."""
    return parse_ability(text, link=False, **options)


def round_trips(text: str, **options: Any) -> None:
    """The ability renders back exactly as written."""
    result = parse_text(wrap_ability(text, **options) + "\n")
    assert not result.errors, result.errors
    lines = render_card(result.cards[0]).splitlines()
    assert text in lines


def one_ability_card(text: str, type_line: str = "Creature — Human Rogue", *, name: str = "Test Card") -> A.Card:
    """A card whose one ability line is ``text``, asserted to render back
    byte-identical (a creature gets 2/2)."""
    pt = "\n2/2" if "Creature" in type_line else ""
    card = parse_card(f"{name} {{2}}{{B}}\n{type_line}\n{text}{pt}", link=False)
    assert render_card(card).splitlines()[2] == text
    return card


def gap_texts(card: A.Card) -> list[str]:
    """What the support check says the engine can't carry out on ``card``."""
    return [str(g) for g in gaps(card)]
