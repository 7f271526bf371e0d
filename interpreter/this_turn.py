"""Rules that a resolved instruction makes for the rest of the turn (CR
611.2a, 514.2): "Target creature can't block this turn", "Target player
can't cast spells this turn", "Target creature can't be the target of
spells or abilities your opponents control this turn", "It can't be
regenerated this turn".

Each is a :class:`TurnRule` about one object or player, fixed as the
instruction resolves (611.2c); one about an object ends when it leaves the
battlefield (400.7, it is a new object), and all of them in the cleanup
step (514.2).  The rules of the game read them where they apply: declaring
attackers and blockers (:func:`cardtext.interpreter.characteristics.restrictions`),
choosing targets (:mod:`cardtext.interpreter.targets`), casting
(:mod:`cardtext.interpreter.casting`) and regeneration (:mod:`cardtext.interpreter.destroy`).
"""

from __future__ import annotations

from dataclasses import dataclass

from .objects import ObjectId, PlayerId
from .state import Game

CANT_BE_TARGETED = "can't be the target of"
CANT_CAST = "can't cast spells"
CANT_BE_REGENERATED = "can't be regenerated"
COMBAT_RULES = frozenset({"can't attack", "can't block", "can't be blocked"})
"""The rules of declaring attackers and blockers a turn rule can state (508.1c, 509.1b)."""


@dataclass(frozen=True, slots=True)
class TurnRule:
    """``rule`` applies to ``about`` (an object or a player) for the rest of
    the turn; ``by`` are the players whose spells and abilities it is about
    (:data:`CANT_BE_TARGETED`); ``source`` says where it came from, for the log."""

    rule: str
    about: ObjectId | PlayerId
    by: frozenset[PlayerId] = frozenset()
    source: str = ""


def add_rule(game: Game, rule: TurnRule) -> None:
    game.state.turn_rules.append(rule)


def has_rule(game: Game, about: ObjectId | PlayerId, rule: str) -> TurnRule | None:
    """The first rule of this turn of kind ``rule`` about ``about``."""
    for r in game.state.turn_rules:
        if r.about == about and r.rule == rule:
            return r
    return None


def combat_rules(game: Game, about: ObjectId) -> frozenset[str]:
    """The combat restrictions of this turn on an object (508.1c, 509.1b)."""
    rules = game.state.turn_rules
    if not rules:
        return frozenset()
    return frozenset(r.rule for r in rules if r.about == about and r.rule in COMBAT_RULES)


def cant_target(game: Game, about: ObjectId | PlayerId, controller: PlayerId) -> TurnRule | None:
    """A rule of this turn that a spell or ability ``controller`` controls
    can't target ``about`` (115.4)."""
    for r in game.state.turn_rules:
        if r.about == about and r.rule == CANT_BE_TARGETED and controller in r.by:
            return r
    return None


def end_of_turn(game: Game) -> None:
    """514.2: the rules of this turn end."""
    game.state.turn_rules = []


__all__ = [
    "CANT_BE_REGENERATED", "CANT_BE_TARGETED", "CANT_CAST", "COMBAT_RULES", "TurnRule", "add_rule", "cant_target",
    "combat_rules", "end_of_turn", "has_rule",
]  # fmt: skip
