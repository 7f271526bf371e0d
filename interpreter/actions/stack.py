"""Instructions on the stack (CR 405): counter a spell (701.6), copy a spell
(707.10), and ward's "counter it unless its controller pays" (702.21a)."""

from __future__ import annotations

from typing import Any

from cardtext.grammar import ast as A

from ..choices import Decision, ask
from ..context import Ctx
from ..keywords import CounterUnlessPays
from .common import not_you
from .registry import carries_out


@carries_out(A.CounterSpell, limits=(
    ("'unless its controller pays' life", lambda a: a.unless_life is not None),
))
def _counter(ctx: Ctx, a: A.CounterSpell) -> bool:
    """701.6: counter the spells named; a later "it" ("Its controller puts
    the top four cards of their library into their graveyard") is the
    spell countered, known as it last existed on the stack (608.2c, 608.2h)."""
    from ..stack import counter_spell

    done = False
    oids = ctx.objects(a.what)
    countered = []
    for oid in oids:
        if counter_spell(ctx, oid, a):
            done = True
            countered.append(oid)
    ctx.it, ctx.that, ctx.them, ctx.named = list(oids), list(oids), list(oids), True
    ctx.done["countered"] = countered  # "for each spell countered this way" (608.2c)
    return done


@carries_out(A.CopySpell, limits=(
    ("another player copying a spell", lambda a: not_you(a.player)),
))
def _copy_spell(ctx: Ctx, a: A.CopySpell) -> bool:
    """707.10: copy the spell; "copy it twice", "copy this spell for each
    creature sacrificed this way": that many copies, one after another
    (707.10c: each may get new targets if the instruction allows it)."""
    from ..copies import copy_spell

    times = 1
    if a.times is not None:
        times = ctx.quantity(a.times)
    elif a.per is not None:
        times = ctx.quantity(a.per)
    done = False
    for oid in ctx.objects(a.what):
        for _ in range(max(0, times)):
            done = copy_spell(ctx, oid, new_targets=a.new_targets) or done
    return done


@carries_out(CounterUnlessPays)
def _counter_unless_pays(ctx: Ctx, a: Any) -> bool:
    """702.21a, 701.6: counter the spell or ability that triggered ward unless
    its controller pays the cost (their choice)."""
    from ..costs import describe, mana_parts, pay_mana, pay_other
    from ..errors import IllegalAction
    from ..mana import need_of
    from ..stack import remove_from_stack

    game = ctx.game
    item = game.stack_item(ctx.trigger_spell) if ctx.trigger_spell is not None else None
    if item is None:
        game.say("  the spell or ability it countered has already left the stack")
        return False
    what = describe(a.cost)
    d = Decision("may", item.controller, f"pay {what} so that {item.name} isn't countered (ward)?")
    if ask(game, d):
        try:
            with game.transaction():
                pay_mana(game, item.controller, need_of(mana_parts(a.cost)), None, what)
                paid: dict[str, list[Any]] = {}
                for part in a.cost.parts:
                    if not isinstance(part, A.ManaCost):
                        pay_other(game, item.controller, part, None, paid)
            return False
        except IllegalAction as exc:
            game.say(f"  {item.controller} can't pay: {exc}")
    remove_from_stack(game, item)
    return True
