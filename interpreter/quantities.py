"""Numbers in card text (CR 107): fixed numbers, X, "the number of times it
was kicked" (K9), "the amount of mana spent to cast it" (K14), counts,
power, life totals and arithmetic on them."""

from __future__ import annotations

from typing import TYPE_CHECKING

from grammar import ast as A

from .characteristics import chars, power_toughness
from .errors import Unsupported
from .objects import GameObject

if TYPE_CHECKING:
    from .context import Ctx
    from .state import Game


def _one(ctx: Ctx, ref: object) -> object | None:
    ids = ctx.objects(ref)
    if not ids:
        return None
    return ctx.obj_or_lki(ids[0])


def evaluate(ctx: Ctx, q: A.Quantity) -> int:
    game = ctx.game
    if isinstance(q, A.Number):
        return q.value
    if isinstance(q, A.VarX):
        if ctx.x is None:
            raise Unsupported("X has no value here")
        return ctx.x
    if isinstance(q, A.TimesKicked):
        ids = ctx.self_objects(q.object)
        return game.linked(ids[0]).times_kicked if ids else 0
    if isinstance(q, A.ManaSpent):
        ref = getattr(q, "object", None)
        ids = ctx.self_objects(ref) if ref is not None else [ctx.source]
        return game.linked(ids[0]).mana_spent if ids else 0
    if isinstance(q, A.LifePaid):
        # 607.2g: the life paid as that object entered, by its "As ... enters" ability
        ids = ctx.self_objects(q.object)
        value = game.linked(ids[0]).paid_by(None) if ids else None
        return int(value or 0)
    if isinstance(q, A.HighestAmong):
        values = []
        for o in ctx.each(q.filter):
            if q.stat == "mana_value":
                values.append(chars(o).mana_value)
            else:
                values.append(power_toughness(game, o)[0] or 0)
        return max(values, default=0)
    if isinstance(q, A.CountersOn):
        o = _one(ctx, q.object)
        if isinstance(o, GameObject):
            return o.counters.get(q.kind, 0)
        if o is not None:
            return dict(o.counters).get(q.kind, 0)  # type: ignore[attr-defined]
        return 0
    if isinstance(q, A.CountOf):
        return len(ctx.each(q.filter))
    if isinstance(q, A.PowerOf):
        o = _one(ctx, q.object)
        if o is None:
            return 0
        if isinstance(o, GameObject):
            if q.stat == "mana_value":
                return chars(o).mana_value
            p, t = power_toughness(game, o)
            value = p if q.stat == "power" else t
        else:
            value = o.power if q.stat == "power" else o.toughness  # type: ignore[attr-defined]
        return max(0, value or 0) if q.stat == "power" else (value or 0)
    if isinstance(q, A.LifeTotal):
        ps = ctx.players(q.player)
        return game.player(ps[0]).life if ps else 0
    if isinstance(q, A.HighestLife):
        return max(p.life for p in game.state.players.values())
    if isinstance(q, A.Half):
        v = evaluate(ctx, q.of)
        return (v + 1) // 2 if q.round_up else v // 2
    if isinstance(q, A.Twice):
        return 2 * evaluate(ctx, q.of)
    if isinstance(q, A.Difference):
        return evaluate(ctx, q.left) - evaluate(ctx, q.right)
    if isinstance(q, A.ForEach):
        return evaluate(ctx, q.base) * evaluate(ctx, q.per)
    raise Unsupported(f"quantity {type(q).__name__}")


def static_quantity(game: Game, src: GameObject, q: A.Quantity) -> int:
    """A number in a static ability of ``src`` ("+1/+1 for each ...")."""
    from .context import Ctx

    return evaluate(Ctx(game, src.controller, src.id), q)


__all__ = ["evaluate", "static_quantity"]
