"""Conditions: "if it was kicked [with its {1}{U} kicker]" (702.33, 607.2i,
rules K5, K6, K9), "if you do", "if it's a creature", "as long as [this] is
equipped"."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from grammar import ast as A

from .bind import kicker_index, per_node
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


def _you_do(ctx: Ctx, cond: A.YouDo) -> bool:
    """608.2d: "If you do" / "If you don't": whether the optional instruction
    before it was carried out."""
    if cond.who != "you" or cond.verb != "do":
        raise Unsupported(f"'if {cond.who} {cond.verb}'")
    return bool(ctx.you_did) != cond.negated


def _one(ctx: Ctx, ref: object) -> GameObject | None:
    ids = ctx.objects(ref)
    return ctx.game.get(ids[0]) if ids else None


def _is_creature(ctx: Ctx, cond: A.IsCreature) -> bool:
    o = _one(ctx, cond.object)
    return o is not None and "creature" in chars(o).types


def _is_tapped(ctx: Ctx, cond: A.IsTapped) -> bool:
    o = _one(ctx, cond.object)
    return o is not None and o.tapped


def _control_none(ctx: Ctx, cond: A.ControlNone) -> bool:
    return not any(o.controller == ctx.controller for o in ctx.each(cond.filter))


def _is_equipped(ctx: Ctx, cond: A.IsEquipped | A.IsState) -> bool:
    ids = ctx.objects(cond.object)
    return bool(ids) and any(
        o.attached_to == ids[0] and "Equipment" in chars(o).subtypes for o in ctx.game.battlefield()
    )


STATES: dict[str, Callable[[Ctx, Any], bool]] = {
    "equipped": _is_equipped,
    "tapped": _is_tapped,
}
"""The states "[it] is [state]" can ask about, by word."""


def state_word(cond: A.IsState) -> str | None:
    """The word of an "is [state]" condition the interpreter knows ("equipped"), else None."""
    state = cond.state
    word = state.word if isinstance(state, A.State | A.StateWord) and state.what is None else None
    return word if word in STATES else None


def _is_state(ctx: Ctx, cond: A.IsState) -> bool:
    """ "as long as [this] is equipped", "if [this] is tapped"."""
    word = state_word(cond)
    if word is None:
        raise Unsupported(f"condition '[it] is {getattr(cond.state, 'word', type(cond.state).__name__)}'")
    return STATES[word](ctx, cond) != cond.negated


def _additional_cost_paid(ctx: Ctx, cond: A.Happened) -> bool:
    """601.2b, 607.2i: "if its additional cost was paid" — whether the spell's
    controller paid an additional cost of it as it was cast."""
    from .additional import additional_paid

    ids = ctx.self_objects(cond.subject.object if isinstance(cond.subject, A.Possessive) else cond.subject)
    if not ids:
        return False
    o = ctx.game.state.objects.get(ids[0][0])
    card = (o.copy_of or o.card) if o is not None else ctx.source_card()
    return additional_paid(card, ctx.game.linked(ids[0]).additional) > 0


HAPPENINGS: dict[str, Callable[[Ctx, Any], bool]] = {
    "additional cost was paid": _additional_cost_paid,
}
"""The events "if [it] ..." / "[it] ... this turn" can ask about, by their words."""


def _happened(ctx: Ctx, cond: A.Happened) -> bool:
    fn = HAPPENINGS.get(cond.event)
    if fn is None:
        raise Unsupported(f"condition '{cond.event}'")
    return fn(ctx, cond)


CONDITIONS: dict[type, Callable[[Ctx, Any], bool]] = {
    A.Happened: _happened,
    A.KickedCondition: kicked,
    A.YouDo: _you_do,
    A.IsCreature: _is_creature,
    A.IsTapped: _is_tapped,
    A.ControlNone: _control_none,
    A.IsEquipped: _is_equipped,
    A.IsState: _is_state,
}


def holds(ctx: Ctx, cond: A.Condition) -> bool:
    fn = CONDITIONS.get(type(cond))
    if fn is None:
        raise Unsupported(f"condition {type(cond).__name__}")
    return fn(ctx, cond)


_SUBJECT_FIELDS = ("what", "on", "of", "first", "source")


def _acted_on(sentence: A.Sentence) -> A.Node | None:
    """The object the first instruction of a sentence acts on ("counter
    *target spell*", "sacrifice *Skizzik*")."""
    for action in sentence.actions:
        node = action.action if isinstance(action, A.MayDo) else action
        for name in _SUBJECT_FIELDS:
            value = getattr(node, name, None)
            if isinstance(value, A.Node):
                return value
    return None


@per_node
def sentence_condition(s: A.IfSentence) -> A.Condition:
    """The condition of an "if" sentence, its "it" made explicit: after the
    instruction ("Counter target spell if it was kicked", "sacrifice Skizzik
    unless it was kicked") "it" is what the instruction acts on; before it
    ("If it was kicked, ...") the object the text is on."""
    cond = s.condition
    if s.trailing and isinstance(cond, A.KickedCondition) and isinstance(cond.subject, A.ItRef):
        subject = _acted_on(s.body)
        if subject is not None and not isinstance(subject, A.ItRef):
            return replace(cond, subject=subject)
    return cond


def static_condition_holds(game: Game, src: GameObject, cond: A.Condition) -> bool:
    from .context import Ctx

    return holds(Ctx(game, src.controller, src.id), cond)


__all__ = ["CONDITIONS", "HAPPENINGS", "STATES", "holds", "kicked", "sentence_condition", "state_word", "static_condition_holds"]
