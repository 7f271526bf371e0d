"""Speed (CR 702.179, start your engines!) and max speed (702.178).

A player has no speed until they control a permanent with start your
engines!; then their speed becomes 1, as a state-based action
(:func:`cardtext.interpreter.sba.check`).  Losing that permanent doesn't take
the speed away.  Each player who has a speed has an inherent triggered
ability: "Whenever one or more opponents lose life during your turn, if your
speed is less than 4, your speed increases by 1.  This ability triggers only
once each turn."  It uses the stack like any triggered ability (603.3); it
has no source object, so it is kept under :data:`SPEED_SOURCE`.  Speed is
never more than 4; a player whose speed is 4 "has max speed", and
"Max speed — [ability]" means "As long as you have max speed, this object
has [ability]" (702.178a; :func:`cardtext.interpreter.keywords.reading`).  An
effect that reads the speed of a player who has none reads 0.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from cardtext.grammar import ast as A

from .objects import MAX_SPEED, ObjectId, PlayerId
from .state import LostLife, PendingTrigger

if TYPE_CHECKING:
    from .context import Ctx
    from .state import Event, Game

SPEED_SOURCE: ObjectId = (0, 0)
"""The source of a player's speed ability: no object (ids start at 1)."""


@dataclass(frozen=True, slots=True)
class OpponentsLoseLifeOnYourTurn(A.Node):
    """The speed ability's event: one or more opponents lose life during your turn (702.179)."""


@dataclass(frozen=True, slots=True)
class IncreaseSpeed(A.Node):
    """ "your speed increases by 1" — to no more than 4 (702.179)."""


SPEED_ABILITY = A.TriggeredAbility("Whenever", OpponentsLoseLifeOnYourTurn(),
                                   A.Effect((A.Sentence((IncreaseSpeed(),)),)))  # fmt: skip
"""The inherent triggered ability of a player who has a speed (702.179)."""


def speed_of(game: Game, player: PlayerId) -> int:
    """A player's speed; 0 for one who has none."""
    return game.player(player).speed or 0


def speed_trigger(game: Game, event: Event) -> None:
    """702.179: an opponent of the active player lost life during their turn:
    the active player's speed ability triggers, if their speed is less than
    4, once each turn."""
    if not isinstance(event, LostLife) or event.amount <= 0:
        return
    active = game.state.active
    p = game.player(active)
    if (p.speed is None or p.speed >= MAX_SPEED or p.speed_turn == game.state.turn or p.lost
            or event.player not in game.opponents(active)):  # fmt: skip
        return
    p.speed_turn = game.state.turn
    game.state.pending.append(PendingTrigger(active, SPEED_SOURCE, -1, SPEED_ABILITY, f"{active}'s speed",
                                             order=len(game.state.pending)))  # fmt: skip


def _increase_speed(ctx: Ctx, a: IncreaseSpeed) -> bool:
    p = ctx.game.player(ctx.controller)
    if p.speed is None or p.speed >= MAX_SPEED:
        return False  # 603.4: "if your speed is less than 4", checked again as it resolves
    p.speed += 1
    ctx.game.say(f"  {p.name}'s speed increases to {p.speed}" + (" (max speed, 702.178)" if p.speed == MAX_SPEED else "")
                 + " (702.179)")  # fmt: skip
    return True


def _register() -> None:
    from .actions.registry import carries_out

    carries_out(IncreaseSpeed)(_increase_speed)


_register()

__all__ = ["SPEED_ABILITY", "SPEED_SOURCE", "speed_of", "speed_trigger"]
