"""Mana instructions (CR 106): add mana, and "spend this mana only ..."
(106.6)."""

from __future__ import annotations

from grammar import ast as A

from ..context import Ctx
from ..mana import units_text
from .registry import carries_out


@carries_out(A.AddMana)
@carries_out(A.AddManaAnyColor)
def _add_mana(ctx: Ctx, a: A.AddMana | A.AddManaAnyColor) -> bool:
    """106.4: mana goes into the controller's pool; "one mana of any color" is
    the controller's choice as the ability resolves (106.1b)."""
    from ..costs import choose_mana

    src = ctx.source_obj()
    if src is None:
        return False
    units = choose_mana(ctx.game, ctx.controller, src, a)
    pool = ctx.game.player(ctx.controller).pool
    for u in units:
        pool[u] = pool.get(u, 0) + 1
    ctx.added_mana = list(units)
    ctx.game.say(f"  {ctx.controller} adds {units_text(list(units))}")
    return True


@carries_out(A.SpendOnly)
def _spend_only(ctx: Ctx, a: A.SpendOnly) -> bool:
    """106.6: "Spend this mana only to cast kicked spells" — the mana the
    ability just added carries the restriction, which the payment solver
    respects (:mod:`interpreter.mana`)."""
    from ..mana import restriction_tag, tagged

    tag = restriction_tag(a)
    pool = ctx.game.player(ctx.controller).pool
    for u in ctx.added_mana:
        if pool.get(u, 0) > 0:
            pool[u] -= 1
            if not pool[u]:
                del pool[u]
            (t,) = tagged((u,), tag)
            pool[t] = pool.get(t, 0) + 1
    ctx.added_mana = []
    return True
