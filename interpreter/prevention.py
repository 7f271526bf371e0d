"""Prevention effects (CR 615) and damage that can't be prevented.

A resolved "Prevent ..." instruction makes a prevention effect that lasts
this turn (615.1a; it ends in the cleanup step, 514.2):

* "prevent all [combat / noncombat] damage that would be dealt [to X]
  [by Y] this turn" — every such damage event is reduced to 0 (615.1);
* "prevent the next N damage that would be dealt to X this turn" — a
  prevention shield: it prevents up to N damage in all, and once it has
  prevented N it is used up (615.7).

Each effect remembers who controls it (its "you", 615.5), the objects and
players it is limited to, and the exceptions added to it afterwards by the
same effect ("Undergrowth doesn't affect combat damage that would be dealt
by red creatures"), which are judged as the damage would be dealt.  When
several prevention effects would apply to one damage event, the affected
player, or the controller of the affected object, chooses the order
(616.1); each applies to what the earlier ones left.

Damage "can't be prevented" (615.12): either one instruction's damage ("it
deals 10 damage to that creature or player and the damage can't be
prevented") or all damage this turn ("Damage can't be prevented this
turn"); prevention effects then don't apply to it and shields are not used
up by it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Literal

from cardtext.grammar import ast as A

from .characteristics import display_name
from .choices import Decision, ask
from .filters import matches
from .objects import GameObject, ObjectId, PlayerId
from .state import Game


@dataclass(frozen=True, slots=True)
class Prevention:
    """One prevention effect of this turn (615.1a, 615.7).

    ``combat`` limits it to combat or noncombat damage (None: any);
    ``sources`` to damage dealt by those objects, ``to`` to damage dealt to
    those objects and players (None: not limited); ``remaining`` is what a
    shield can still prevent (None: all); ``combat_exceptions`` are
    descriptions of sources whose combat damage it doesn't affect;
    ``made_by`` the stack object whose resolution made it.
    """

    label: str
    controller: PlayerId
    source: ObjectId
    made_by: int | None
    combat: Literal["combat", "noncombat"] | None = None
    sources: tuple[ObjectId, ...] | None = None
    to: tuple[ObjectId | PlayerId, ...] | None = None
    remaining: int | None = None
    combat_exceptions: tuple[A.ObjectFilter, ...] = ()


def add_prevention(game: Game, effect: Prevention) -> None:
    game.state.prevention.append(effect)
    game.say(f"  {effect.label} (615)")


def except_combat_sources(game: Game, made_by: int | None, source: ObjectId, filt: A.ObjectFilter) -> int:
    """"[this] doesn't affect combat damage that would be dealt by [sources]":
    the prevention effects the same resolution made leave that damage alone.
    Returns how many effects were changed."""
    n = 0
    for i, e in enumerate(game.state.prevention):
        if e.made_by == made_by and e.source == source:
            game.state.prevention[i] = replace(e, combat_exceptions=e.combat_exceptions + (filt,))
            n += 1
    return n


def _applies(game: Game, e: Prevention, source: GameObject | None, recipient: GameObject | PlayerId,
             combat: bool) -> bool:  # fmt: skip
    if e.remaining == 0:
        return False
    if e.combat == "combat" and not combat or e.combat == "noncombat" and combat:
        return False
    if e.sources is not None and (source is None or source.id not in e.sources):
        return False
    key = recipient.id if isinstance(recipient, GameObject) else recipient
    if e.to is not None and key not in e.to:
        return False
    return not (combat and source is not None and any(
        matches(game, f, source, you=e.controller, source=e.source, anywhere=True) for f in e.combat_exceptions))  # fmt: skip


def prevent(game: Game, source: GameObject | None, recipient: GameObject | PlayerId, amount: int, *,
            combat: bool = False, unpreventable: bool = False) -> int:  # fmt: skip
    """The damage left of ``amount`` from ``source`` to ``recipient`` once the
    prevention effects that apply — this turn's, and those of static
    abilities (:func:`cardtext.interpreter.statics.static_preventions`) —
    have prevented what they can, each once (615.6, 615.7, 616.1); all of
    it if it can't be prevented (615.12)."""
    from .statics import prevented_by, static_preventions

    state = game.state
    if amount <= 0:
        return max(amount, 0)
    if unpreventable or state.no_prevention:
        return amount
    statics = static_preventions(game, source, recipient, combat)
    if not state.prevention and not statics:
        return amount
    used: set[int] = set()
    whom = display_name(recipient) if isinstance(recipient, GameObject) else recipient
    while amount > 0:
        ready = [i for i, e in enumerate(state.prevention)
                 if i not in used and _applies(game, e, source, recipient, combat)]  # fmt: skip
        ready += [-1 - j for j in range(len(statics)) if -1 - j not in used]
        if not ready:
            break
        i = ready[0] if len(ready) == 1 else _first(game, recipient, ready, amount, statics)
        used.add(i)
        if i < 0:
            src, rule = statics[-1 - i]
            stopped = prevented_by(game, src, rule, amount)
            label = f"{display_name(src)}'s static ability (615.1a)"
        else:
            e = state.prevention[i]
            stopped = amount if e.remaining is None else min(e.remaining, amount)
            if e.remaining is not None:
                state.prevention[i] = replace(e, remaining=e.remaining - stopped)
            label = e.label
        amount -= stopped
        game.say(f"  {stopped} damage to {whom} is prevented: {label}")
    return amount


def _first(game: Game, recipient: GameObject | PlayerId, ready: list[int], amount: int,
           statics: Sequence[tuple[GameObject, object]]) -> int:  # fmt: skip
    """616.1: the affected player, or the controller of the affected object,
    chooses which prevention effect applies first (a negative index: one of
    ``statics``, a static ability's)."""
    chooser = recipient.controller if isinstance(recipient, GameObject) else recipient
    whom = display_name(recipient) if isinstance(recipient, GameObject) else f"player {recipient}"
    labels = [game.state.prevention[i].label if i >= 0 else f"{display_name(statics[-1 - i][0])}'s static ability"
              for i in ready]  # fmt: skip
    d = Decision("pick", chooser, f"{amount} damage would be dealt to {whom}: which prevention effect applies first (616.1)",
                 ready, labels, 1, 1)  # fmt: skip
    (picked,) = ask(game, d)
    return int(picked)


def end_of_turn(game: Game) -> None:
    """514.2: prevention effects of this turn end, and so does "damage can't
    be prevented this turn"."""
    game.state.prevention = []
    game.state.no_prevention = False


__all__ = ["Prevention", "add_prevention", "end_of_turn", "except_combat_sources", "prevent"]


def no_prevention_too(game: Game, source: GameObject | None, recipient: GameObject | PlayerId, combat: bool) -> None:
    """616.1: the affected player orders replacement and prevention effects
    together; the engine doesn't offer that order yet, so damage that both
    a replacement and a prevention effect apply to is refused."""
    from .errors import Unsupported

    state = game.state
    if state.no_prevention:
        return
    from .statics import static_preventions

    if any(_applies(game, e, source, recipient, combat) for e in state.prevention) \
            or static_preventions(game, source, recipient, combat):  # fmt: skip
        raise Unsupported("a damage replacement effect and a prevention effect on one damage event (616.1: their order)")
