"""Conditions: "if it was kicked [with its {1}{U} kicker]" (702.33, 607.2i,
rules K5, K6, K9), "if you do", "if it's a creature", "as long as [this] is
equipped"."""

from __future__ import annotations

from typing import TYPE_CHECKING

from grammar import ast as A

from .bind import kicker_index
from .characteristics import chars
from .errors import Unsupported
from .objects import GameObject

if TYPE_CHECKING:
    from .context import Ctx
    from .state import Game


def kicked(ctx: Ctx, cond: A.KickedCondition) -> bool:
    """K5/K6/L-i: only the kicker ability printed on the same object counts,
    and with a named cost only that cost."""
    ids = ctx.self_objects(cond.subject)
    if not ids:
        return cond.negated
    game = ctx.game
    oid = ids[0]
    info = game.linked(oid)
    kicks = info.kicks
    if cond.cost is not None:
        o = game.state.objects.get(oid[0])
        card = (o.copy_of or o.card) if o is not None else ctx.source_card()
        idx = kicker_index(card, cond.cost)
        kicks = tuple(k for k in kicks if k == idx)
    need = cond.times or 1
    result = len(kicks) >= need
    return result != cond.negated


def holds(ctx: Ctx, cond: A.Condition) -> bool:
    game = ctx.game
    if isinstance(cond, A.KickedCondition):
        return kicked(ctx, cond)
    if isinstance(cond, A.YouDo):
        return bool(ctx.you_did)
    if isinstance(cond, A.IsCreature):
        ids = ctx.objects(cond.object)
        o = game.get(ids[0]) if ids else None
        return o is not None and "creature" in chars(o).types
    if isinstance(cond, A.IsTapped):
        ids = ctx.objects(cond.object)
        o = game.get(ids[0]) if ids else None
        return o is not None and o.tapped
    if isinstance(cond, A.ControlNone):
        return not any(o.controller == ctx.controller for o in ctx.each(cond.filter))
    if isinstance(cond, A.IsEquipped):
        ids = ctx.objects(cond.object)
        return bool(ids) and any(
            o.attached_to == ids[0] and "Equipment" in chars(o).subtypes for o in game.battlefield()
        )
    raise Unsupported(f"condition {type(cond).__name__}")


def static_condition_holds(game: Game, src: GameObject, cond: A.Condition) -> bool:
    from .context import Ctx

    return holds(Ctx(game, src.controller, src.id), cond)


__all__ = ["holds", "kicked", "static_condition_holds"]
