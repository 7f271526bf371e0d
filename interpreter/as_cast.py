"""What was true as a spell was cast, for "if you revealed a Dragon card or
controlled a Dragon as you cast [this]" (CR 601.2b, 601.2f-h, 607.2j).

Revealing a card as an additional cost (601.2b: "As an additional cost to
cast this spell, you may reveal a Dragon card from your hand") is paid with
the other costs (:func:`cardtext.interpreter.costs.pay_other`, recorded as
``"revealed"``); what its caster controlled is noted here as the spell
becomes cast (601.2i), for each description a condition of the card asks
about, as ``"controlled"``.  Both are kept in the spell's linked ``paid``
record (607.2j), which the permanent it becomes keeps (702.33 / 607.2j), so
the condition is answered as the spell resolves or the permanent's enters
trigger does.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardtext.grammar import ast as A

from .bind import per_node, walk
from .errors import Unsupported
from .filters import matches
from .objects import GameObject, ObjectId, PlayerId

if TYPE_CHECKING:
    from .context import Ctx
    from .state import Game

EVENT = "revealed or controlled"


@per_node
def _controlled_filters(card: A.Card) -> tuple[A.ObjectFilter, ...]:
    """The descriptions "controlled [a Dragon] as you cast [this]" of the card's conditions ask about."""
    out: list[A.ObjectFilter] = []
    for node in walk(card):
        if isinstance(node, A.Happened) and node.event == EVENT and isinstance(node.other[1], A.AnObject):
            out.append(node.other[1].filter)
    return tuple(out)


def note_controlled(game: Game, spell: GameObject, player: PlayerId) -> list[ObjectId]:
    """601.2i: the permanents ``player`` controls as ``spell`` becomes cast that
    fit a description a condition of the card asks about."""
    filters = _controlled_filters(spell.copy_of or spell.card)
    if not filters:
        return []
    return [
        o.id for o in game.battlefield()
        if o.controller == player and any(matches(game, f, o, you=player, source=spell.id) for f in filters)
    ]  # fmt: skip


def supported(cond: A.Happened) -> bool:
    return (cond.event == EVENT and isinstance(cond.subject, A.You) and len(cond.other) == 3
            and all(isinstance(x, A.AnObject) for x in cond.other[:2]) and isinstance(cond.other[2], A.SelfRef))  # fmt: skip


def revealed_or_controlled(ctx: Ctx, cond: A.Happened) -> bool:
    """"if you revealed a Dragon card or controlled a Dragon as you cast [this]":
    a card fitting the first description was revealed to pay its cost, or a
    permanent fitting the second was controlled as it was cast."""
    if not supported(cond):
        raise Unsupported(f"condition '{cond.event}'")
    paid = dict(ctx.game.linked(ctx.source).paid_by(-1) or ())
    revealed_filter = cond.other[0].filter
    for oid in paid.get("revealed", ()):
        o = ctx.game.state.objects.get(oid[0])
        if o is not None and matches(ctx.game, revealed_filter, o, you=ctx.controller, source=ctx.source, anywhere=True):
            return True
    return bool(paid.get("controlled", ()))


__all__ = ["note_controlled", "revealed_or_controlled", "supported"]
