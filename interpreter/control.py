"""Control-changing effects (CR 613.1b, layer 2): of resolved spells and
abilities ("Gain control of target creature", "... until end of turn")
and of static abilities ("You control enchanted creature").

Each effect is recorded with the controller the permanent had before it;
the permanent's controller is that of the latest effect still applying, or,
with none left, the one it had before the first.  A permanent that comes
under another player's control can't attack or use {T} abilities until
that player has controlled it continuously since their most recent turn
began (302.6), and it is removed from combat (506.4).  An effect about an
object ends when the object leaves the battlefield (400.7); one "until end
of turn" ends in the cleanup step (514.2).  A static ability's effect
applies while the ability does (611.3a); all of them apply in timestamp
order (613.7): a static ability's has the timestamp of its source
(613.7a), a resolved one the time it began (613.7b).
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
    at: int = 0  # its timestamp (613.7b)


def _set_controller(game: Game, obj: GameObject, player: PlayerId) -> None:
    if obj.controller == player:
        return
    obj.controller = player
    obj.controlled = game.tick()  # it came under this player's control now (702.30a)
    obj.sick = True  # 302.6: not continuously controlled since the turn began
    remove_from_combat(game, obj.id)


def gain_control(game: Game, obj: GameObject, player: PlayerId, *, until_eot: bool) -> None:
    """613.1b: ``player`` controls ``obj`` from now on (until end of turn)."""
    game.state.control.append(ControlEffect(obj.id, player, obj.controller, until_eot, game.tick()))
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
        if obj.static_base is not None:
            # a static ability's effect applies too: what it gives back to, and the latest of all
            obj.static_base = player
            player = _latest(game, obj, _static_controls(game).get(oid, []))
        if player != obj.controller:
            game.say(f"  {display_name(obj)} returns to {player}'s control (514.2)")
            _set_controller(game, obj, player)


def _static_controls(game: Game) -> dict[ObjectId, list[tuple[int, PlayerId]]]:
    """613.1b: the permanents static abilities' control-changing effects
    apply to now, each with the effects' timestamps and players."""
    from .conditions import static_condition_holds
    from .filters import matches_ref_static
    from .statics import ControlRule, active_rules

    rules = [(src, rule) for src, _, rule in active_rules(game) if isinstance(rule, ControlRule)]
    out: dict[ObjectId, list[tuple[int, PlayerId]]] = {}
    if not rules:
        return out
    objs = game.battlefield()
    for src, rule in rules:
        if rule.condition is not None and not static_condition_holds(game, src, rule.condition):
            continue
        for obj in objs:
            if matches_ref_static(game, src, rule.what, obj):
                out.setdefault(obj.id, []).append((src.arrived, src.controller))
    return out


def _latest(game: Game, obj: GameObject, statics: list[tuple[int, PlayerId]]) -> PlayerId:
    """613.7: the player of the latest control-changing effect on ``obj``
    (static or resolved); with none, its controller without them."""
    found = [*statics, *((e.at, e.player) for e in game.state.control if e.obj == obj.id)]
    if not found:
        return obj.static_base if obj.static_base is not None else obj.controller
    return max(found, key=lambda f: f[0])[1]


def refresh_control(game: Game) -> None:
    """613.1b: each permanent's controller as the control-changing effects of
    static abilities that apply now leave it, with those of resolved
    instructions (in timestamp order); one no static effect applies to any
    more goes back to the controller it would have without them."""
    statics = _static_controls(game)
    for obj in game.battlefield():
        mine = statics.get(obj.id)
        if not mine and obj.static_base is None:
            continue
        if mine and obj.static_base is None:
            obj.static_base = obj.controller
        player = _latest(game, obj, mine or [])
        if not mine:
            obj.static_base = None
        if player != obj.controller:
            game.say(f"  {player} controls {display_name(obj)} (613.1b)")
            _set_controller(game, obj, player)


def _register() -> None:
    from .characteristics import REFRESHED_FIRST

    if refresh_control not in REFRESHED_FIRST:
        REFRESHED_FIRST.append(refresh_control)


_register()


__all__ = ["ControlEffect", "end_of_turn", "gain_control", "refresh_control"]
