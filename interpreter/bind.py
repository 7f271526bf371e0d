"""Binding: which ability a reference is linked to (CR 607, 702.33).

Everything here is worked out from a card's AST alone and cached per card:
the kicker costs of a card in order (two per "Kicker A and/or B", K2), which
kicker cost "if it was kicked with its {1}{U} kicker" means (K6, 607.2i),
which ability exiled "the exiled card" (607.2a).  The static link check of
card files (:mod:`interpreter.links`) reports references with nothing to
refer to; at run time a missing link is simply "nothing".
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from grammar import ast as A

T = TypeVar("T")


def per_node(fn: Callable[..., T]) -> Callable[..., T]:
    """Cache a function of an AST node (and plain arguments) by the node's
    identity: AST nodes live as long as the card pool, and hashing a frozen
    tree walks all of it."""
    cache: dict[tuple[Any, ...], tuple[Any, T]] = {}

    def wrapper(node: Any, *args: Any) -> T:
        key = (id(node), *args)
        hit = cache.get(key)
        if hit is not None and hit[0] is node:
            return hit[1]
        value = fn(node, *args)
        cache[key] = (node, value)
        return value

    wrapper.__doc__ = fn.__doc__
    wrapper.__name__ = fn.__name__
    return wrapper


@dataclass(frozen=True, slots=True)
class KickerCost:
    """One payable kicker cost: ``index`` in the card's order, ``multi`` for Multikicker."""

    index: int
    cost: A.Cost
    multi: bool
    ability: int


@per_node
def kicker_costs(card: A.Card) -> tuple[KickerCost, ...]:
    out: list[KickerCost] = []
    for ai, ab in enumerate(card.abilities):
        if isinstance(ab, A.Kicker):
            for cost in ab.costs:
                out.append(KickerCost(len(out), cost, ab.multi, ai))
    return tuple(out)


def kicker_index(card: A.Card, cost: A.Cost) -> int | None:
    """K6: the kicker cost a "kicked with its [cost] kicker" phrase names."""
    for k in kicker_costs(card):
        if k.cost == cost:
            return k.index
    return None


def _contains(node: A.Node, kind: type) -> bool:
    return any(isinstance(n, kind) for n in node.walk())


def _exiles_found(node: A.Node) -> bool:
    """A search that exiles the cards it finds (701.23) is an exiling ability too."""
    return any(isinstance(n, A.SearchLibrary) and n.zone == "exile" for n in node.walk())


@per_node
def linked_exile_ability(card: A.Card, referring: int) -> int | None:
    """607.2a: the ability of ``card`` that exiles the cards "the exiled card"
    in ability ``referring`` means (another ability with an Exile instruction)."""
    from .keywords import all_abilities

    candidates = [
        i for i, ab in enumerate(all_abilities(card))
        if i != referring and (_contains(ab, A.Exile) or _contains(ab, A.ExileTop) or _exiles_found(ab))
    ]  # fmt: skip
    if not candidates:
        return -2  # nothing is linked: no card is "exiled with" it
    if len(candidates) == 1:
        return candidates[0]
    return None  # several: each of them (607.4)


def ability_effect(card: A.Card, index: int) -> A.Effect | None:
    from .keywords import all_abilities

    if index < 0:
        for ab in card.abilities:
            if isinstance(ab, A.SpellAbility):
                return ab.effect
        return None
    ab = all_abilities(card)[index]
    return getattr(ab, "effect", None)


__all__ = ["KickerCost", "per_node", "ability_effect", "kicker_costs", "kicker_index", "linked_exile_ability"]
