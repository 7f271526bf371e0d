"""Delayed triggered abilities written in an effect as a sentence of their own (603.7).

"Whenever that creature deals combat damage this turn, ..." is made as the
sentence is carried out, with "that creature" fixed then (603.7c), lasting
this turn; its source and controller are those of the spell or ability that
made it (603.7d-e).  Other delayed triggers ("at the beginning of the next
end step", "when you do") are reported by :func:`delayed_trigger_problem`.
Delayed instructions ("Exile it at the beginning of the next end step")
are :mod:`cardtext.interpreter.delayed`'s.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from cardtext.grammar import ast as A

from .characteristics import display_name
from .context import Ctx
from .errors import Unsupported
from .state import DelayedTrigger
from .triggers import BoundObjects


def delayed_trigger_problem(s: A.DelayedTrigger) -> str | None:
    """What the engine can't carry out in a delayed triggered ability written
    in an effect (None if it can): it knows those that last "this turn" and
    name their event with a subject."""
    t = s.trigger
    if not isinstance(t, A.DurationTrigger):
        return f"a delayed trigger '{s.word} {type(t).__name__}' (603.7)"
    if not isinstance(t.duration, A.Duration) or t.duration.kind != "this turn" or t.duration.object is not None:
        return "a delayed trigger with a duration other than 'this turn' (603.7)"
    if not isinstance(t.trigger, A.EventTrigger) or len(t.trigger.events) != 1:
        return "a delayed trigger of a kind other than an event (603.7)"
    if s.condition is not None:
        return "a delayed trigger with a condition of its own"
    return None


def _intervening(body: Any) -> tuple[A.Effect, A.Condition | None]:
    """603.4: "Whenever ..., if [condition], [effect]": the condition is an
    intervening "if" of the delayed ability."""
    if isinstance(body, A.IfSentence) and not (body.instead or body.trailing or body.then):
        return A.Effect((body.body,)), body.condition
    if isinstance(body, A.Effect):
        return body, None
    return A.Effect((body,)), None


def _bind(ctx: Ctx, subject: object) -> object:
    """603.7c: "that creature" in a delayed trigger means the object it meant
    as the ability was made."""
    if isinstance(subject, A.ThatRef | A.ItRef | A.ThemRef):
        return BoundObjects(tuple(ctx.objects(subject)))
    return subject


def make_delayed(ctx: Ctx, s: A.DelayedTrigger, before: A.Instruction | None) -> None:
    problem = delayed_trigger_problem(s)
    if problem is not None:
        raise Unsupported(problem)
    assert isinstance(s.trigger, A.DurationTrigger)
    inner = s.trigger.trigger
    trigger = replace(inner, subject=_bind(ctx, inner.subject))
    effect, condition = _intervening(s.body)
    node = A.TriggeredAbility(s.word, trigger, effect, condition)
    src = ctx.game.state.objects.get(ctx.source[0])
    name = display_name(src) if src is not None else "?"
    ctx.game.state.delayed_events.append(DelayedTrigger(ctx.controller, ctx.source, ctx.ability, node, name))
    ctx.game.say(f"  {name} makes a delayed triggered ability that lasts this turn (603.7)")


__all__ = ["delayed_trigger_problem", "make_delayed"]
