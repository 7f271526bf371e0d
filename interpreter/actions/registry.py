"""The registry of instructions (CR 608.2c): each kind of instruction, the
function that carries it out, and the parts of it the engine can't carry out
yet.

A family module registers each of its functions with :func:`carries_out`, its
gaps beside it::

    @carries_out(A.Fight, limits=(
        ("a fight that doesn't name both creatures", lambda a: a.first is None or a.second is None),
    ))
    def _fight(ctx: Ctx, a: A.Fight) -> bool: ...

:func:`do` carries out an instruction through :data:`ACTIONS`, raising
:class:`~cardtext.interpreter.errors.Unsupported` for an instruction of a kind it
doesn't know or a part of one named in :data:`LIMITS`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar, cast

from cardtext.grammar import ast as A

from ..errors import Unsupported

if TYPE_CHECKING:
    from ..context import Ctx

Limit = tuple[str | Callable[[Any], str], Callable[[Any], object]]
"""A part of an instruction the engine can't carry out yet: (what, test);
``what`` is a phrase, or a function of the instruction that writes one
(to name the verb of a keyword action, say)."""

ActionFn = TypeVar("ActionFn", bound=Callable[..., bool])

ACTIONS: dict[type, Callable[[Ctx, Any], bool]] = {}
"""Each instruction (608.2c) and the function that carries it out; it
returns whether the instruction was done (for "if you do", 608.2d)."""

LIMITS: dict[type, tuple[Limit, ...]] = {}
"""For each kind of instruction, the parts of it the interpreter can't
carry out yet: (what, test); :func:`do` raises
:class:`~cardtext.interpreter.errors.Unsupported` naming the first that applies, and
:mod:`cardtext.interpreter.support` reports it without playing."""


def carries_out(kind: type, *, limits: tuple[Limit, ...] = ()) -> Callable[[ActionFn], ActionFn]:
    """Register the decorated function as what carries out instructions of
    ``kind``, with the parts of them it can't carry out (``limits``)."""

    def register(fn: ActionFn) -> ActionFn:
        if kind in ACTIONS:
            raise ValueError(f"two functions carry out {kind.__name__}")
        ACTIONS[kind] = fn
        if limits:
            LIMITS[kind] = limits
        return fn

    return register


def do(ctx: Ctx, action: A.Action) -> bool:
    """Carry out one instruction; whether it was done (608.2d).  An
    instruction that acted on nothing and said nothing gets a log line saying
    so: no instruction is skipped in silence."""
    fn = ACTIONS.get(type(action))
    if fn is None:
        raise Unsupported(f"the interpreter can't carry out '{type(action).__name__}' yet")
    problem = limit(action)
    if problem is not None:
        raise Unsupported(f"the interpreter can't carry out {problem} yet")
    said = len(ctx.game.log)
    action = _values_chosen(ctx, action)
    _name_possessed_target(ctx, action)
    about = about_players(action)
    before = (ctx.it, ctx.that, ctx.named)
    recorded = dict(ctx.done)
    done = fn(ctx, action) if about is None else _for_each_player(ctx, action, fn, about)
    if all(now is then for now, then in zip((ctx.it, ctx.that, ctx.named), before, strict=True)):
        for verb in DONE_VERBS.get(type(action), ()):
            # it acted on nothing ("you may tap any number of untapped Gates": none): none were done this way
            if recorded.get(verb) is ctx.done.get(verb):
                ctx.done[verb] = []
        _name_targets(ctx, action)
    elif ctx.named and ctx.it is not before[0]:
        ctx.amount = len(ctx.it)  # "sacrifice any number of lands ... up to that many": the objects it acted on
        _record_done(ctx, action, {v for v, ids in ctx.done.items() if recorded.get(v) is not ids})
    if not done and len(ctx.game.log) == said:
        # Nothing to act on (no target chosen, 0 cards, nothing found): the log
        # says so, so that no instruction passes unseen.
        ctx.game.say(f"  {describe_action(action)}: nothing to do")
    return done


def _values_chosen(ctx: Ctx, action: A.Action) -> A.Action:
    """608.2d: "creatures of the creature type of your choice get +3/+3":
    the controller chooses the value as the instruction resolves."""
    from ..choices import Decision, ask
    from ..filters import chosen_as_resolving, resolution_choice_fields
    from ..replacement import choice_options

    if not resolution_choice_fields(action):
        return action

    def choose(kind: str) -> str:
        options = choice_options(ctx.game, kind)
        value = str(ask(ctx.game, Decision("word", ctx.controller, f"choose a {kind}", options, options)))
        ctx.game.say(f"  {ctx.controller} chooses {value}")
        return value

    return chosen_as_resolving(action, choose)


PLAYER_BACK_REFS = (A.ThatPlayer, A.TheirRef, A.ThemRef)
"""The words that name a player mentioned before: "that player", "their", "they"."""

_PLAYER_REFS = (A.PlayerGroup, A.Target, A.ControllerOf, A.OwnerOf)
"""References to players that an instruction may be about."""


def refers_back(nodes: tuple[object, ...]) -> bool:
    """Does "that player", "their" or "they" occur in ``nodes`` (not in an
    ability in quotation marks, which is read where it is put)?"""
    from ..bind import children

    stack = [n for n in nodes if isinstance(n, A.Node)]
    while stack:
        n = stack.pop()
        if isinstance(n, PLAYER_BACK_REFS):
            return True
        if not isinstance(n, A.Quoted):
            stack.extend(children(n))
    return False


def about_players(action: A.Node) -> str | None:
    """608.2c: the field of an instruction naming the players it is about
    whom a "that player", "their" or "they" inside the same instruction
    means — its subject ("*each player* draws a card for each creature card
    in *their* graveyard", "*target opponent* exiles the top card of *their*
    library") or, for damage, its recipient ("deals damage to *each
    opponent* equal to the number of Islands *that player* controls",
    "deals 1 damage to *each opponent* and each creature *they* control").
    None if the instruction has no such reference."""
    if action.SUBJECT == "player":
        name = "player"
    elif isinstance(action, A.DealDamage):
        name = "to"
    else:
        return None
    written = getattr(action, name, None)
    ref, inside = written, cast(tuple[Any, ...], ())
    if isinstance(written, A.BothRef) and isinstance(written.first, _PLAYER_REFS):
        ref, inside = written.first, (written.second,)  # "each opponent and each creature they control"
    if not isinstance(ref, _PLAYER_REFS):
        return None
    others = tuple(getattr(action, f) for f in action.__dataclass_fields__ if f not in ("span", name))
    return name if refers_back(others + inside) else None


def _for_each_player(ctx: Ctx, action: A.Node, fn: Callable[[Ctx, Any], bool], name: str) -> bool:
    """Carry out ``action`` once for each player its field ``name`` names,
    with "that player", "their" and "they" meaning that player (608.2c);
    one player (a target): once, with them named."""
    from dataclasses import replace

    written = getattr(action, name)
    ref = written.first if isinstance(written, A.BothRef) else written
    if isinstance(ref, A.Target):
        players = [v for v in ctx.slot_values(ref) if isinstance(v, str)]
        if len(players) != 1 or len(ctx.slot_values(ref)) != 1:
            return fn(ctx, action)  # an object as "any target", or several: no one player named
        each = [(players[0], action)]
    else:
        that = A.ThatPlayer()
        put = replace(written, first=that) if isinstance(written, A.BothRef) else that
        fields: dict[str, Any] = {name: put}
        each = [(p, replace(action, **fields)) for p in ctx.players(ref)]
    done = False
    saved = ctx.that_player
    acted_on: list[Any] = []  # what the instruction acted on, for every player: "those creatures" after it (608.2c)
    rest: list[Any] | None = None
    try:
        for p, one in each:
            ctx.that_player = [p]
            it, left = ctx.it, ctx.rest
            done = bool(fn(ctx, one)) or done
            if ctx.it is not it:
                acted_on += [oid for oid in ctx.it if oid not in acted_on]
            if ctx.rest is not left and ctx.rest is not None:
                rest = (rest or []) + ctx.rest
    finally:
        ctx.that_player = saved
    if len(each) > 1 and acted_on:
        ctx.it, ctx.that, ctx.them, ctx.named = list(acted_on), list(acted_on), list(acted_on), True
    if len(each) > 1 and rest is not None:
        ctx.rest = rest
    return done


def _name_possessed_target(ctx: Ctx, action: A.Node) -> None:
    """608.2c: in "Target creature's owner puts it on the top of their
    library", "the owner of target permanent shuffles it into their
    library", the instruction's subject names the target object, which "it"
    then means (unless an instruction before named objects)."""
    if ctx.named or getattr(action, "SUBJECT", "") != "player":
        return
    player = getattr(action, "player", None)
    if isinstance(player, A.OwnerOf | A.ControllerOf) and isinstance(player.object, A.Target):
        ids = [v for v in ctx.chosen(player.object) if isinstance(v, tuple)]
        if ids:
            ctx.it, ctx.that, ctx.them, ctx.named = list(ids), list(ids), list(ids), True


def _name_targets(ctx: Ctx, action: A.Node) -> None:
    """608.2c: after an instruction about a target object that didn't say
    what it acted on ("Put a +1/+1 counter on target creature", "Regenerate
    target creature"), a later "it" or "that creature" means that object —
    as it was chosen, so that one that has left is known by its last known
    information (608.2h)."""
    from ..context import OBJECT_FIELDS
    from ..targets import targets_in

    fields = [getattr(action, name, None) for name in OBJECT_FIELDS]
    named = [v for v in fields if isinstance(v, A.Target)][:1]
    if not named and not any(isinstance(v, A.Node) for v in fields):
        # "Prevent all damage that would be dealt this turn by target creature"
        named = targets_in(action)[:1]
    for target in named:
        ids = [v for v in ctx.chosen(target) if isinstance(v, tuple)]
        if ids:
            ctx.it, ctx.that, ctx.them, ctx.named = list(ids), list(ids), list(ids), True


DONE_VERBS: dict[type, tuple[str, ...]] = {
    A.Destroy: ("destroyed", "died"),
    A.Exile: ("exiled",),
    A.ExileTop: ("exiled",),
    A.Sacrifice: ("sacrificed",),
    A.ReturnTo: ("returned",),
    A.TapObjects: ("tapped",),
    A.UntapObjects: ("untapped",),
}
"""The instructions whose objects "[objects] [verb] this way" means, by the
verbs that say what was done to them (608.2c): each records the objects it
acted on as it is carried out."""

RECORDED_VERBS = frozenset({verb for verbs in DONE_VERBS.values() for verb in verbs} | {"discarded", "drawn", "countered", "revealed", "milled", "dealt damage"})
"""Every verb of "[objects] [verb] this way" an instruction records what it
did for (discards, draws and counters record their own)."""


def _record_done(ctx: Ctx, action: A.Node, own: set[str]) -> None:
    """ "for each permanent destroyed this way": what this instruction did,
    by its verb — of the objects it was about, those it destroyed (not
    those indestructible or regenerated, 701.8), and of those, the
    creatures put into a graveyard ("died", 700.4)."""
    verbs = DONE_VERBS.get(type(action))
    if verbs is None:
        return
    ids = list(ctx.it)
    if isinstance(action, A.Destroy):
        # the objects it acted on, as they are now: those still on the battlefield weren't destroyed
        now = [(oid, ctx.game.get(oid)) for oid in ids]
        gone = [oid for oid, o in now if o is None or o.zone != "battlefield"]
        ctx.done["destroyed"] = gone
        ctx.done["died"] = [oid for oid, o in now if o is not None and o.zone == "graveyard"]
        return
    for verb in verbs:
        if verb not in own:  # what the instruction recorded itself ("exile cards ... until ...": every card exiled)
            ctx.done[verb] = ids


def limit(action: A.Node) -> str | None:
    """The part of an instruction of a kind in :data:`ACTIONS` that the
    interpreter has no piece for (:data:`LIMITS`), or None."""
    for what, test in LIMITS.get(type(action), ()):
        if test(action):
            return what if isinstance(what, str) else what(action)
    return None


def describe_action(action: A.Action) -> str:
    """An instruction in words, for the log ("remove 1 fade counter(s)", "draw")."""
    name = type(action).__name__
    words = "".join(" " + c.lower() if c.isupper() else c for c in name).strip()
    if isinstance(action, A.RemoveCounters):
        return f"remove {getattr(action.amount, 'value', 'X')} {action.kind} counter(s)"
    if isinstance(action, A.Exile):
        return "exile the target"
    from ..keywords import PayCost, PayPerCounter

    if isinstance(action, PayPerCounter):
        return f"pay the upkeep cost for each {action.kind} counter"
    if isinstance(action, PayCost):
        from ..costs import describe

        return f"pay {describe(action.cost)}"
    return words


__all__ = ["ACTIONS", "LIMITS", "Limit", "about_players", "carries_out", "describe_action", "do", "limit", "refers_back", "DONE_VERBS", "RECORDED_VERBS"]
