"""Delayed (CR 603.7) and reflexive (603.12) triggered abilities.

An instruction written with "at the beginning of the next end step" ("Exile
it at the beginning of the next end step.") isn't carried out as the spell
or ability resolves: it creates a delayed triggered ability, which triggers
once, the next time that step begins (603.7b, 603.7c), and is then put on
the stack like any triggered ability (603.3).  It is controlled by the
controller of the effect that created it (603.7d), and its source is that
effect's source (603.7e).  The objects it refers to ("it") are the ones the
instruction meant when the delayed ability was created (603.7c): if such an
object has changed zones since, it is a new object (400.7) and the
instruction does nothing to it.

A reflexive triggered ability ("As an additional cost to cast this spell,
you may sacrifice one or more creatures.  When you do, copy this spell for
each creature sacrificed this way.") triggers on the action just taken and
waits, like any triggered ability, to be put on the stack the next time a
player would receive priority (603.3, 603.12); it is controlled by the
player who took the action, and its source is the object that made it.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, cast

from cardtext.grammar import ast as A

from .actions.common import source_name
from .context import Ctx
from .errors import Unsupported
from .objects import ObjectId, PlayerId
from .state import Event, Game, PendingTrigger, StepBegan

DELAYED_WHOSE = frozenset({"the next", "your next", "the next turn's"})
"""Whose next step a delayed instruction can wait for: the next one of any
player's turn, the next one of its controller's turn, or the one of the
turn after this one ("at the beginning of the next turn's upkeep")."""


@dataclass(frozen=True, slots=True)
class DelayedTrigger:
    """A delayed triggered ability waiting for ``step`` to begin (603.7)."""

    controller: PlayerId
    source: ObjectId
    ability: int
    node: A.TriggeredAbility
    name: str
    step: str
    yours: bool
    about: ObjectId | None  # what "it" meant as it was created (603.7c)
    about_all: tuple[ObjectId, ...] = ()  # what "them" meant as it was created (603.7c)
    after_turn: int | None = None  # "the next turn's": it waits for a turn after this one
    player: PlayerId | None = None  # the player "that player" / "target player" meant as it was created (603.7c)


END_OF_COMBAT = A.PhaseTrigger("end of combat", False, "the next")
""""[instruction] at end of combat": a delayed triggered ability that triggers
as the next end of combat step begins (603.7, 511.2)."""


PERMANENTS_ONLY = (A.Sacrifice, A.Destroy)
"""Instructions that act only on permanents: delayed, their "them" means the
permanents it meant as the delayed ability was created ("Sacrifice them at
the beginning of the next end step", 603.7c); one that left the battlefield
since is a new object (400.7), which the instruction doesn't find."""


_REFS = (A.ItRef, A.ThatRef, A.ThemRef)
"""The references a delayed instruction fixes as it is created (603.7c)."""


def delayed_problem(when: A.PhaseTrigger, action: A.Node | None = None) -> str | None:
    """What the engine can't carry out of "[instruction] at the beginning of ..."."""
    from .bind import walk
    from .context import OBJECT_FIELDS
    from .triggers import PHASE_STEPS

    node = action.action if isinstance(action, A.MayDo) else action
    if any(isinstance(getattr(node, name, None), A.ThemRef) for name in OBJECT_FIELDS) and not isinstance(
            node, PERMANENTS_ONLY):  # fmt: skip
        return "a delayed instruction about several objects"

    for name in OBJECT_FIELDS:
        ref = getattr(node, name, None)
        if isinstance(ref, A.Node) and not isinstance(ref, _REFS) and any(isinstance(n, _REFS) for n in walk(ref)):
            # "Destroy it and [this] at end of combat": what "it" means is fixed as it is created (603.7c)
            return "a delayed instruction about 'it' joined with other objects"
    if isinstance(node, A.KeywordAction) and node.verb.startswith("flip"):
        # "flip a coin at the beginning of the next end step. If you lose the flip, ...":
        # the flip is read by a sentence after it, which would be carried out now
        return "a delayed coin flip"
    if when.step not in PHASE_STEPS or when.whose not in DELAYED_WHOSE or when.end_of or when.player is not None:
        step = {"end": "end step", "second_main": "second main phase", "main": "main phase"}.get(when.step, when.step)
        return f"an instruction delayed until the beginning of {when.whose} {step}"
    return None


def _alone(sentence: A.Sentence, i: int) -> A.Sentence:
    """Instruction ``i`` of ``sentence`` as a sentence of its own, without the
    tail that delays it."""
    form = sentence.forms[i] if i < len(sentence.forms) else A.ClauseForm()
    tails = tuple(t for t in form.tails if not (isinstance(t, A.Tail) and t.word == "at") and t != "at end of combat")
    return replace(sentence, actions=(sentence.actions[i],), joiners=(), forms=(replace(form, tails=tails),))


def create_delayed(ctx: Ctx, sentence: A.Sentence, i: int, when: A.PhaseTrigger) -> bool:
    """603.7a: the resolving spell or ability creates the delayed triggered ability."""
    problem = delayed_problem(when, sentence.actions[i])
    if problem is not None:
        raise Unsupported(problem)
    about = _about(ctx, sentence.actions[i])
    about_all = _about_all(ctx, sentence.actions[i])
    action, player = _bind_player(ctx, sentence.actions[i])
    alone = _alone(sentence, i)
    node = A.TriggeredAbility("At", when, A.Effect((replace(alone, actions=(action,)),)))
    name = source_name(ctx)
    if about_all is not None and not about_all:
        ctx.game.say(f"  {name}: the delayed instruction is about no object; nothing waits (603.7c)")
        return False
    ctx.game.state.delayed.append(DelayedTrigger(
        ctx.controller, ctx.source, ctx.ability, node, name, when.step, when.whose == "your next", about,
        tuple(about_all or ()), ctx.game.state.turn if when.whose == "the next turn's" else None, player,
    ))  # fmt: skip
    step = "end of combat step" if when.step == "end of combat" else f"{when.step} step"
    ctx.game.say(f"  {name}: a delayed triggered ability waits for the beginning of {when.whose} {step} (603.7)")
    return True


def _about(ctx: Ctx, action: A.Node) -> ObjectId | None:
    """The object "it" / "that creature" of the delayed instruction means now
    (603.7c); None if the instruction names none of those."""
    from .context import OBJECT_FIELDS

    node = action.action if isinstance(action, A.MayDo) else action
    for name in OBJECT_FIELDS:
        ref = getattr(node, name, None)
        if isinstance(ref, A.ItRef | A.ThatRef):
            objects = ctx.objects(ref)
            if len(objects) > 1 and _plural(ref):
                return None  # "those cards": all of them (_about_all)
            if len(objects) > 1:
                raise Unsupported("a delayed instruction about several objects")
            return objects[0] if objects else None
        if isinstance(ref, A.ThemRef) and not isinstance(node, PERMANENTS_ONLY):
            raise Unsupported("a delayed instruction about several objects")
    return None


BOUND_PLAYERS = (A.ThatPlayer, A.TheirRef, A.Target, A.ControllerOf, A.OwnerOf)
"""The players a delayed instruction names that are fixed as it is created
(603.7c): "That player draws a card at the beginning of the next turn's
upkeep" is about the player meant then, not the player whose turn it is."""


def _bind_player(ctx: Ctx, action: A.Node) -> tuple[A.Node, PlayerId | None]:
    """The instruction with the player it names ("that player", "target
    player", "its controller") fixed as the one meant now (603.7c), and that
    player; the instruction unchanged and None if it names none of those."""
    may = action if isinstance(action, A.MayDo) else None
    node = action.action if isinstance(action, A.MayDo) else action
    refs = [may.player] if may is not None else []
    refs.append(getattr(node, "player", None))
    bound: PlayerId | None = None
    for ref in refs:
        if isinstance(ref, BOUND_PLAYERS):
            players = ctx.players(ref)
            if len(players) != 1 or (bound is not None and players[0] != bound):
                raise Unsupported("a delayed instruction about a player other than one")
            bound = players[0]
    if bound is None:
        return action, None
    that = A.ThatPlayer()
    if isinstance(getattr(node, "player", None), BOUND_PLAYERS):
        node = replace(cast(Any, node), player=that)
    if may is not None:
        return replace(may, action=node, player=that if isinstance(may.player, BOUND_PLAYERS) else may.player), bound
    return node, bound


def _about_all(ctx: Ctx, action: A.Node) -> list[ObjectId] | None:
    """The objects "them" of the delayed instruction means now (603.7c);
    None if it names no "them"."""
    from .context import OBJECT_FIELDS

    node = action.action if isinstance(action, A.MayDo) else action
    for name in OBJECT_FIELDS:
        ref = getattr(node, name, None)
        if isinstance(ref, A.ThemRef) or (isinstance(ref, A.ThatRef) and _plural(ref)):
            return list(ctx.objects(ref))
    return None


def _plural(ref: A.Node) -> bool:
    """ "those cards", "those tokens": a reference to several objects."""
    return isinstance(ref, A.ThatRef) and any(isinstance(w, A.Noun) and w.plural for w in ref.what.words)


def reflexive(game: Game, controller: PlayerId, source: ObjectId, ability: int, name: str, effect: A.Effect,
              *, amount: int | None = None, about: ObjectId | None = None) -> None:
    """603.12: each "When you do, [sentence]" of ``effect`` triggers now;
    ``amount`` and ``about`` are what the instruction it answers did: "that
    many" (the cards discarded) and "it" (the creature sacrificed)."""
    for s in effect.sentences:
        if not isinstance(s, A.ReflexiveTrigger):
            raise Unsupported(f"'{type(s).__name__}' after an additional cost")
        node = A.TriggeredAbility(s.word, s, A.Effect((s.body,)))
        game.state.pending.append(PendingTrigger(controller, source, ability, node, name, trigger_object=about,
                                                 order=len(game.state.pending), trigger_amount=amount))  # fmt: skip
        game.say(f"  {name}: a reflexive triggered ability triggers (603.12)")


def collect_delayed(game: Game, event: Event) -> None:
    """603.7c: a delayed triggered ability triggers only once, the next time
    its step begins; it then waits to be put on the stack (603.3)."""
    if not isinstance(event, StepBegan) or not game.state.delayed:
        return
    keep: list[DelayedTrigger] = []
    for d in game.state.delayed:
        if d.step != event.step or (d.yours and event.active != d.controller) or (
                d.after_turn is not None and game.state.turn <= d.after_turn):  # fmt: skip
            keep.append(d)
            continue
        game.state.pending.append(PendingTrigger(
            d.controller, d.source, d.ability, d.node, d.name, trigger_object=d.about, trigger_objects=d.about_all,
            trigger_player=event.active if d.player is None else d.player, order=len(game.state.pending),
        ))  # fmt: skip
    game.state.delayed = keep


__all__ = ["DELAYED_WHOSE", "END_OF_COMBAT", "DelayedTrigger", "collect_delayed", "create_delayed", "delayed_problem", "reflexive"]
