"""This turn's zone changes of permanents (700.4, 603.10a): which entered
the battlefield and under whose control, which left it and where they went.

"If a creature entered under your control this turn", "the number of
creatures that entered the battlefield under your control this turn", "for
each creature that died under your control this turn", "each creature card
in your graveyard that died this turn" are read from these records
(:data:`~cardtext.interpreter.state.GameState.entered_this_turn`,
:data:`~cardtext.interpreter.state.GameState.left_this_turn`): a permanent
that entered is judged as it is now if it is still on the battlefield, else
as it last existed there; one that left, as it last existed there (608.2h).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from cardtext.grammar import ast as A

from .errors import Unsupported
from .objects import GameObject, ObjectId, PlayerId

if TYPE_CHECKING:
    from .state import Game

ZONE_EVENTS = frozenset({"entered", "died", "left the battlefield"})
"""The events of a :class:`~cardtext.grammar.ast.DidThisTurn` quality these
records tell ("that entered this turn", "that died under your control this
turn", "that left the battlefield this turn")."""


@dataclass(frozen=True, slots=True)
class ZoneChange:
    """One permanent's entering or leaving the battlefield this turn: the
    object as it is judged (now, or as it last existed on the battlefield),
    the player it was controlled by then, and the object it became (None
    for one that entered: it is ``obj`` itself, or gone)."""

    obj: GameObject
    controller: PlayerId
    became: ObjectId | None = None


def record_entered(game: Game, obj: GameObject) -> None:
    """``obj`` entered the battlefield, under its controller's control (110.2)."""
    game.state.entered_this_turn.append((obj.id, obj.controller, obj.arrived))


def entered(game: Game) -> Iterator[ZoneChange]:
    """The permanents that entered the battlefield this turn (after the turn
    began: those there as a scenario starts didn't), each judged as it is
    now, or by last known information if it has left."""
    began = game.state.turn_began
    for oid, controller, at in game.state.entered_this_turn:
        if at <= began:
            continue
        obj = game.get(oid)
        if obj is None or obj.zone != "battlefield":
            lki = game.state.lki.get(oid)
            obj = lki.last if lki is not None else None
        if obj is not None:
            yield ZoneChange(obj, controller)


def left(game: Game, event: str) -> Iterator[ZoneChange]:
    """The permanents that left the battlefield this turn, as they last
    existed there; "died": those put into a graveyard (700.4)."""
    for lki, to, became in game.state.left_this_turn:
        if lki.last is None or (event == "died" and to != "graveyard"):
            continue
        yield ZoneChange(lki.last, lki.controller, became)


def changes(game: Game, event: str) -> Iterator[ZoneChange]:
    return entered(game) if event == "entered" else left(game, event)


def zone_quality(filt: A.ObjectFilter) -> A.DidThisTurn | None:
    """The quality of ``filt`` these records tell, if it has one."""
    for q in filt.qualities:
        if isinstance(q, A.DidThisTurn) and q.event in ZONE_EVENTS:
            return q
    return None


def without(filt: A.ObjectFilter, q: A.Node) -> A.ObjectFilter:
    """``filt`` without the quality ``q`` (which the records tell themselves)."""
    return replace(filt, post=tuple(p for p in filt.post if p is not q))


def control_problem(whose: object) -> str | None:
    """What the engine can't tell of "under [whose] control" (None: it can)."""
    if whose is None:
        return None
    who = whose.object if isinstance(whose, A.Possessive) else whose
    if isinstance(who, A.You | A.TheirRef | A.ThatPlayer):
        return None
    if isinstance(who, A.PlayerGroup) and who.which in ("an_opponent", "opponents", "your_opponents", "a_player",
                                                        "players", "any_opponent", "any_player"):
        return None
    return f"'under {type(who).__name__} control' of a zone change"


def fits(
    change: ZoneChange,
    whose: object,
    players: Callable[[object], list[PlayerId]],
) -> bool:
    """Was the permanent under the control of one of the players of "under
    [whose] control" (any, when the words don't say)?"""
    return whose is None or change.controller in players(whose)


def count(
    game: Game,
    filt: A.ObjectFilter,
    q: A.DidThisTurn,
    *,
    you: PlayerId,
    source: ObjectId | None,
    players: Callable[[object], list[PlayerId]],
    quantity: Callable[[A.Quantity], int] | None = None,
) -> int:
    """ "the number of creatures that entered the battlefield under your
    control this turn", "for each creature that died this turn": the zone
    changes of this turn whose permanent fits the rest of the description
    ("another": not the object the ability is on, 400.7)."""
    from .filters import matches

    if filt.zone is not None:
        raise Unsupported("counting zone changes of this turn of objects in a zone")
    rest = without(filt, q)
    n = 0
    for change in changes(game, q.event):
        if rest.another and source is not None and change.obj.cid == source[0]:
            continue
        if not fits(change, q.control, players):
            continue
        if matches(game, rest, change.obj, you=you, source=None, players=players,
                   quantity=quantity, anywhere=True):  # fmt: skip
            n += 1
    return n


def quality_fits(game: Game, q: A.DidThisTurn, obj: GameObject, who: Callable[[object], list[PlayerId]]) -> bool:
    """Does the object ``obj`` (where it is now) fit "that entered [under
    your control] this turn", or, in a graveyard or other zone, "that died
    / left the battlefield [under your control] this turn"?"""
    if q.event == "entered":
        return obj.zone == "battlefield" and any(
            oid == obj.id and (q.control is None or controller in who(q.control))
            for oid, controller, at in game.state.entered_this_turn if at > game.state.turn_began)
    return any(change.became == obj.id and fits(change, q.control, who) for change in left(game, q.event))


def filter_problem(filt: A.ObjectFilter, q: A.DidThisTurn) -> str | None:
    """What the engine can't tell of a description with a zone change of this
    turn, outside a count of them (:func:`count`): a permanent that entered
    is on the battlefield; one that died or left, in the zone the
    description names."""
    problem = control_problem(q.control)
    if problem is not None:
        return problem
    if q.event != "entered" and filt.zone is None:
        return f"objects that {q.event} this turn, other than counted"
    return None


__all__ = ["ZONE_EVENTS", "ZoneChange", "changes", "count", "entered", "filter_problem", "left", "quality_fits",
           "record_entered", "zone_quality"]
