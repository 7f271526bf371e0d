"""Control-changing effects of resolved spells and abilities (CR 613.1b,
layer 2): "Gain control of target creature", "... until end of turn".

Each effect is recorded with the controller the permanent had before it;
the permanent's controller is that of the latest effect still applying, or,
with none left, the one it had before the first.  A permanent that comes
under another player's control can't attack or use {T} abilities until
that player has controlled it continuously since their most recent turn
began (302.6), and it is removed from combat (506.4).  An effect about an
object ends when the object leaves the battlefield (400.7); one "until end
of turn" ends in the cleanup step (514.2).
"""

from __future__ import annotations

from dataclasses import dataclass

from .characteristics import display_name
from .destroy import remove_from_combat
from .objects import GameObject, ObjectId, PlayerId
from .state import Game


@dataclass(frozen=True, slots=True)
class ControlEffect:
    obj: ObjectId
    player: PlayerId
    before: PlayerId
    until_eot: bool


def _set_controller(game: Game, obj: GameObject, player: PlayerId) -> None:
    if obj.controller == player:
        return
    obj.controller = player
    obj.controlled = game.tick()  # it came under this player's control now (702.30a)
    obj.sick = True  # 302.6: not continuously controlled since the turn began
    remove_from_combat(game, obj.id)


def gain_control(game: Game, obj: GameObject, player: PlayerId, *, until_eot: bool) -> None:
    """613.1b: ``player`` controls ``obj`` from now on (until end of turn)."""
    game.state.control.append(ControlEffect(obj.id, player, obj.controller, until_eot))
    before = obj.controller
    _set_controller(game, obj, player)
    how = " until end of turn" if until_eot else ""
    if before == player:
        game.say(f"  {player} gains control of {display_name(obj)}{how} (they control it already)")
    else:
        game.say(f"  {player} gains control of {display_name(obj)}{how}")


def end_of_turn(game: Game) -> None:
    """514.2: control effects "until end of turn" end; each permanent they
    were about goes back to the controller the remaining effects give it."""
    effects = [e for e in game.state.control if game.get(e.obj) is not None]
    ending = [e for e in effects if e.until_eot]
    game.state.control = [e for e in effects if not e.until_eot]
    for oid in dict.fromkeys(e.obj for e in ending):
        obj = game.get(oid)
        if obj is None or obj.zone != "battlefield":
            continue
        mine = [e for e in effects if e.obj == oid]
        left = [e for e in mine if not e.until_eot]
        player = left[-1].player if left else mine[0].before
        if player != obj.controller:
            game.say(f"  {display_name(obj)} returns to {player}'s control (514.2)")
            _set_controller(game, obj, player)


__all__ = ["ControlEffect", "end_of_turn", "gain_control"]
