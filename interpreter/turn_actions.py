"""Instructions about turns and what lasts for them.

* "Take an extra turn after this one" (500.7): the turn goes in
  ``GameState.extra_turns``; the most recently created extra turn is taken
  first (:mod:`interpreter.turns`).
* A delayed triggered ability written in an effect, "Whenever that creature
  deals combat damage this turn, ..." (603.7): made as the sentence is
  carried out, with "that creature" fixed then (603.7c), lasting this turn;
  its source and controller are those of the spell or ability that made it
  (603.7d-e).  Other delayed triggers ("at the beginning of the next end
  step", "when you do") are reported by :func:`delayed_problem`.
* Abilities gained until end of turn ('gain "When this creature dies, ..."',
  611.2a, 113.10): added to each object's abilities and removed in the
  cleanup step (514.2, :func:`interpreter.turns.end_turn_effects`).
* "Double its power and toughness" (701.10d): it gets +X/+Y where X and Y
  are its power and toughness as the instruction is carried out.
* "Otherwise, ..." (608.2c): carried out when the "if" sentence just before
  it wasn't.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from grammar import ast as A

from . import effects
from .characteristics import display_name, power_toughness
from .context import Ctx
from .errors import Unsupported
from .state import DelayedTrigger, EotEffect
from .triggers import BoundObjects


def _extra_turn(ctx: Ctx, a: A.ExtraTurn) -> bool:
    """500.7: "take an extra turn after this one"."""
    for p in ctx.players(a.player):
        ctx.game.state.extra_turns.append(p)
        ctx.game.say(f"  {p} will take an extra turn after this one (500.7)")
    return True


# --------------------------------------------------------------------------
# Delayed triggered abilities (603.7)
# --------------------------------------------------------------------------


def delayed_problem(s: A.DelayedTrigger) -> str | None:
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


def _make_delayed(ctx: Ctx, s: A.DelayedTrigger, before: A.Instruction | None) -> None:
    problem = delayed_problem(s)
    if problem is not None:
        raise Unsupported(problem)
    assert isinstance(s.trigger, A.DurationTrigger)
    inner = s.trigger.trigger
    trigger = replace(inner, subject=_bind(ctx, inner.subject))
    effect, condition = _intervening(s.body)
    node = A.TriggeredAbility(s.word, trigger, effect, condition)
    src = ctx.game.state.objects.get(ctx.source[0])
    name = display_name(src) if src is not None else "?"
    ctx.game.state.delayed.append(DelayedTrigger(ctx.controller, ctx.source, ctx.ability, node, name))
    ctx.game.say(f"  {name} makes a delayed triggered ability that lasts this turn (603.7)")


# --------------------------------------------------------------------------
# Abilities gained until end of turn (611.2a, 113.10)
# --------------------------------------------------------------------------


def _grant_quoted(ctx: Ctx, a: A.Pump) -> bool:
    """'[creatures] gain "[ability]" until end of turn': each object on the
    battlefield now gains the abilities (611.2c: objects that arrive later
    don't), until the cleanup step; any P/T change or keyword of the same
    instruction is carried out as well."""
    abilities = _quoted_abilities(a.quoted)
    objs = [o for o in (ctx.game.get(oid) for oid in ctx.objects(a.what)) if o is not None and o.zone == "battlefield"]
    for o in objs:
        o.granted = (*o.granted, *abilities)
        ctx.game.state.granted_eot.append((o.id, abilities))
        ctx.game.say(f"  {display_name(o)} gains {len(abilities)} quoted abilit{'y' if len(abilities) == 1 else 'ies'} until end of turn")
    if a.power is not None or a.toughness is not None or a.keywords:
        _PUMP(ctx, replace(a, quoted=()))
    ctx.it, ctx.that, ctx.them, ctx.named = [o.id for o in objs], [o.id for o in objs], [o.id for o in objs], True
    return bool(objs)


def _quoted_abilities(quoted: object) -> tuple[A.Ability, ...]:
    if isinstance(quoted, A.Quoted):
        return tuple(quoted.abilities)
    if isinstance(quoted, tuple):
        return tuple(ab for q in quoted for ab in _quoted_abilities(q))
    return (quoted,) if isinstance(quoted, A.Node) else ()


_PUMP = effects.ACTIONS[A.Pump]


def _pump(ctx: Ctx, a: A.Pump) -> bool:
    return _grant_quoted(ctx, a) if a.quoted else _PUMP(ctx, a)


# --------------------------------------------------------------------------
# Double (701.10)
# --------------------------------------------------------------------------


def _double(ctx: Ctx, a: A.KeywordAction) -> bool:
    """701.10d: to double a creature's power and toughness, it gets +X/+Y,
    X and Y its power and toughness now (a negative value doubles too);
    until end of turn (514.2)."""
    if not effects.until_end_of_turn(a):
        raise Unsupported("doubling power and toughness without 'until end of turn'")
    objs = [o for o in (ctx.game.get(oid) for oid in ctx.objects(a.what)) if o is not None and o.zone == "battlefield"]
    for o in objs:
        p, t = power_toughness(ctx.game, o)
        eff = EotEffect(o.id, p or 0, t or 0, (), ctx.game.tick())
        ctx.game.state.eot.append(eff)
        ctx.game.say(f"  {display_name(o)}'s power and toughness are doubled: it gets {eff.power:+d}/{eff.toughness:+d} until end of turn (701.10d)")
    return bool(objs)


KEYWORD_VERBS = {"double power and toughness": _double}
"""Keyword actions (701) carried out here, by the verb the AST names them with."""

_KEYWORD_ACTION = effects.ACTIONS[A.KeywordAction]


def _keyword_action(ctx: Ctx, a: A.KeywordAction) -> bool:
    fn = KEYWORD_VERBS.get(a.verb)
    return fn(ctx, a) if fn is not None else _KEYWORD_ACTION(ctx, a)


# --------------------------------------------------------------------------
# "Otherwise, ..." (608.2c)
# --------------------------------------------------------------------------

_LEAD = effects.INSTRUCTIONS[A.LeadSentence]


def _run_lead(ctx: Ctx, s: A.LeadSentence, before: A.Instruction | None) -> None:
    """ "[If C, X.] Otherwise, Y.": Y is carried out when X's condition didn't apply."""
    if s.kind != "otherwise":
        _LEAD(ctx, s, before)
        return
    if not isinstance(before, A.IfSentence) or ctx.last_if is None:
        raise Unsupported("'Otherwise' after a sentence that isn't an 'if' sentence")
    if not ctx.last_if:
        effects.run_sentence(ctx, s.body)


effects.ACTIONS[A.ExtraTurn] = _extra_turn
effects.ACTIONS[A.Pump] = _pump
effects.ACTIONS[A.KeywordAction] = _keyword_action
effects.KEYWORD_ACTIONS = effects.KEYWORD_ACTIONS | frozenset(KEYWORD_VERBS)
effects.INSTRUCTIONS[A.DelayedTrigger] = _make_delayed
effects.INSTRUCTIONS[A.LeadSentence] = _run_lead

__all__ = ["KEYWORD_VERBS", "delayed_problem"]
