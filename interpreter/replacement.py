"""Putting a permanent onto the battlefield, with its enters replacement
effects (CR 614.1c, 614.12): "enters with N counters [for each time it was
kicked]", "If it was kicked, it enters with ...", "enters tapped".

The linked information a resolving spell passes on (kicks, X, mana spent)
is in place *before* the replacement effects are applied, so "for each time
it was kicked" sees the kicks of the spell that became this permanent
(K12); a permanent that wasn't cast has none (K11), and neither has one that
enters as a copy (K16).  A face-down permanent has no abilities, so none of
its own enters replacements apply (708.2).
"""

from __future__ import annotations

from grammar import ast as A

from .characteristics import chars, display_name
from .context import Ctx
from .linked import Linked
from .objects import GameObject, PlayerId
from .state import Game
from .zones import move


def put_onto_battlefield(
    game: Game,
    obj: GameObject,
    controller: PlayerId,
    *,
    linked: Linked | None = None,
    face_down: str | None = None,
    tapped: bool = False,
) -> GameObject:
    new = move(game, obj, "battlefield", controller=controller, face_down=face_down, tapped=tapped)
    if linked is not None:
        game.set_linked(new.id, linked)
    apply_enters_replacements(game, new)
    return new


def create_on_battlefield(
    game: Game,
    card: A.Card,
    controller: PlayerId,
    *,
    token: bool = True,
    copy_of: A.Card | None = None,
    colors: tuple[str, ...] | None = None,
    tapped: bool = False,
    linked: Linked | None = None,
) -> GameObject:
    """A new object (a token, or a copy of a permanent spell becoming one,
    111.1, 707.10c) entering the battlefield: events and replacements as for any other."""
    from .state import Entered
    from .zones import create_object

    obj = create_object(game, card, controller, "battlefield", controller=controller, token=token)
    obj.copy_of = copy_of
    obj.token_colors = colors
    obj.tapped = tapped
    obj.sick = True
    if linked is not None:
        game.set_linked(obj.id, linked)
    game.events.append(Entered(obj.id, None))
    apply_enters_replacements(game, obj)
    return obj


def apply_enters_replacements(game: Game, obj: GameObject) -> None:
    ctx = Ctx(game, obj.controller, obj.id)
    for ab in chars(obj).abilities:
        if isinstance(ab, A.EntersWithCounters):
            if ab.condition is not None and not ctx.holds(ab.condition):
                continue
            n = ctx.quantity(ab.amount)
            if n > 0:
                obj.counters[ab.kind] = obj.counters.get(ab.kind, 0) + n
                game.say(f"  {display_name(obj)} enters with {n} {ab.kind} counter{'s' if n != 1 else ''}")
        elif isinstance(ab, A.EntersTapped):
            obj.tapped = True


__all__ = ["apply_enters_replacements", "create_on_battlefield", "put_onto_battlefield"]
