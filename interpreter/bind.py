"""Binding: which ability a reference is linked to (CR 607, 702.33).

Everything here is worked out from a card's AST alone and cached per card:
the kicker costs of a card in order (two per "Kicker A and/or B", K2), which
kicker cost "if it was kicked with its {1}{U} kicker" means (K6, 607.2i),
which ability exiled "the exiled card" (607.2a).  The static link check of
card files (:mod:`cardtext.interpreter.links`) reports references with nothing to
refer to; at run time a missing link is simply "nothing".
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from cardtext.grammar import ast as A
from cardtext.grammar.node import children_of, is_remembering, walk_of

from .cache import per_node
from .keywords import all_abilities


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


def children(node: A.Node) -> tuple[A.Node, ...]:
    """The child nodes that carry meaning: all of them but ``written`` (the
    sentences a static ability or replacement was written as, kept for
    rendering; they say the same thing again)."""
    return children_of(node, "written")


def walk(node: A.Node) -> Iterator[A.Node]:
    """Every node below and including ``node``, depth first, without the
    ``written`` copies (:func:`children`); walked once per node while a card
    is checked (:func:`cardtext.grammar.node.remembering_children`)."""
    return iter(walk_of(node, "written")) if is_remembering() else _walk(node)


def _walk(node: A.Node) -> Iterator[A.Node]:
    stack: list[A.Node] = [node]
    pop = stack.pop
    extend = stack.extend
    while stack:
        n = pop()
        yield n
        kids = children(n)
        if kids:
            extend(kids[::-1])


EXILING_KEYWORDS = frozenset({"hideaway"})
"""Keyword abilities whose own rules text exiles a card that another
ability of the card refers to ("the exiled card": hideaway, 702.75)."""


def exiles(node: A.Node) -> bool:
    """Does this ability exile something (607.2a)?  An "exile" instruction
    (of a card, the top of a library, a pile), or a "put ... into exile"
    (the cards a search found, 701.23), a cost that exiles ("Exile a
    creature card from your graveyard: ..."), or a keyword that exiles
    (hideaway)."""
    for n in walk(node):
        if isinstance(n, A.Exile | A.ExileTop | A.ExileCost | A.ExileTopCost):
            return True
        if isinstance(n, A.Keyword | A.KeywordNumber) and n.name in EXILING_KEYWORDS:
            return True
        if isinstance(n, A.PutInZone) and isinstance(n.to, A.Destination) and n.to.zone == "exile":
            return True
    return False


@per_node
def linked_exile_ability(card: A.Card, referring: int) -> int | None:
    """607.2a: the ability of ``card`` that exiles the cards "the exiled card"
    in ability ``referring`` means (another ability with an Exile instruction)."""
    candidates = [
        i for i, ab in enumerate(all_abilities(card))
        if i != referring and exiles(ab)
    ]  # fmt: skip
    if not candidates:
        return -2  # nothing is linked: no card is "exiled with" it
    if len(candidates) == 1:
        return candidates[0]
    return None  # several: each of them (607.4)


def ability_effect(card: A.Card, index: int) -> A.Effect | None:
    """The instructions of ability ``index`` of ``card``; ``-1`` is the spell's
    own instructions (:func:`spell_instructions`)."""
    if index < 0:
        return spell_instructions(card)
    ab = all_abilities(card)[index]
    return getattr(ab, "effect", None)


@per_node
def spell_instructions(card: A.Card) -> A.Effect | None:
    """An instant's or sorcery's instructions: every spell-ability paragraph,
    in printed order, as one effect (608.2c: a spell's instructions are
    followed in the order written)."""
    effects = [ab.effect for ab in all_abilities(card) if isinstance(ab, A.SpellAbility)]
    if len(effects) <= 1:
        return effects[0] if effects else None
    return A.Effect(tuple(s for e in effects for s in e.sentences), span=effects[0].span)


__all__ = [
    "KickerCost", "ability_effect", "children", "exiles", "kicker_costs", "kicker_index", "linked_exile_ability",
    "per_node", "spell_instructions", "walk",
]  # fmt: skip


SELF_LEAVES_FROM = ("graveyard", "exile")
"""The zones other than a hand that an ability may say it moves its own
object out of, and so functions in (113.6k)."""


@per_node
def zone_left_by_self(ab: A.Node) -> str | None:
    """113.6k: an ability whose cost or effect moves the object it is on out
    of a particular zone ("Return [this] from your graveyard to your hand",
    "Exile this card from your graveyard: ...")
    functions only in that zone; None when it says no such thing.  Abilities
    in quotation marks it grants are not its own words."""
    stack: list[A.Node] = [ab]
    while stack:
        node = stack.pop()
        if isinstance(node, A.Quoted):
            continue
        if (isinstance(node, A.ReturnTo) and isinstance(node.what, A.SelfRef) and isinstance(node.from_zone, A.ZonePlace)
                and not node.from_zone.second and node.from_zone.zone in SELF_LEAVES_FROM):  # fmt: skip
            return node.from_zone.zone
        if (isinstance(node, A.ExileCost) and isinstance(node.what, A.SelfRef) and isinstance(node.zone, A.ZonePlace)
                and not node.zone.second and node.zone.zone in SELF_LEAVES_FROM):  # fmt: skip
            return node.zone.zone  # "Exile this card from your graveyard: ..." (a cost)
        stack.extend(children(node))
    return None
