"""The node walk that the link and engine-support checks stand on.

:func:`cardtext.grammar.node.children_of` reads only the fields whose annotation
allows a node; these tests hold it to a reader of every field, over every
node of the bundled cards and the real corpus, so that a field annotated as
text but holding a node can't hide part of a card from the checks.
"""

from __future__ import annotations

from dataclasses import fields
from pathlib import Path
from typing import Any

import pytest

from cardtext.grammar import ast as A
from cardtext.grammar.node import Node, children_of, remembering_children
from cardtext.grammar.parser import parse_text
from cardtext.library import bundled_cards, read_jsonl

CORPUS = Path(__file__).resolve().parent.parent / "benchmarks" / "data" / "cards.jsonl"


def every_child(node: Node, without: str = "") -> tuple[Node, ...]:
    """The reference: every field but ``span`` read and searched for nodes."""
    out: list[Node] = []

    def add(value: Any) -> None:
        if isinstance(value, Node):
            out.append(value)
        elif type(value) is tuple:
            for v in value:
                add(v)

    for f in fields(node):  # type: ignore[arg-type]
        if f.name not in ("span", without):
            add(getattr(node, f.name))
    return tuple(out)


def _all_nodes(cards: list[A.Card]) -> list[Node]:
    nodes: list[Node] = []
    stack: list[Node] = list(cards)
    while stack:
        node = stack.pop()
        nodes.append(node)
        stack.extend(every_child(node))
    return nodes


@pytest.fixture(scope="module")
def corpus_nodes() -> list[Node]:
    cards = list(bundled_cards())
    for card in read_jsonl(CORPUS):
        cards.extend(parse_text(card.text, card.name).cards)
    return _all_nodes(cards)


def test_children_are_every_node_held_in_any_field(corpus_nodes: list[Node]) -> None:
    assert len(corpus_nodes) > 10_000
    for node in corpus_nodes:
        assert children_of(node) == every_child(node), type(node).__name__
        assert children_of(node, "written") == every_child(node, "written"), type(node).__name__


def test_remembered_children_are_the_same_and_forgotten_after() -> None:
    (card,) = parse_text("Shock {R}\nInstant\nShock deals 2 damage to any target.\n").cards
    fresh = [children_of(n) for n in _all_nodes([card])]
    with remembering_children():
        with remembering_children():  # nested: the outer block keeps the memory
            first = [children_of(n) for n in _all_nodes([card])]
        again = [children_of(n) for n in _all_nodes([card])]
        assert all(a is b for a, b in zip(first, again, strict=True))  # read once, then remembered
    assert first == fresh
    after = [children_of(n) for n in _all_nodes([card])]
    assert after == fresh and not all(a is b for a, b in zip(first, after, strict=True) if a)
