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
from typing import TYPE_CHECKING

from cardtext.grammar import ast as A

from .errors import Unsupported
from .objects import ObjectId, PlayerId
from .state import Game

if TYPE_CHECKING:
    from .context import Ctx

CANT_BE_TARGETED = "can't be the target of"
CANT_CAST = "can't cast spells"
CANT_GAIN_LIFE = "can't gain life"
"""119.7: a player who can't gain life gains none (:meth:`cardtext.interpreter.state.Game.change_life`)."""
CANT_BE_REGENERATED = "can't be regenerated"
EXILED_IF_IT_WOULD_DIE = "is exiled if it would die"
"""614.1a, 614.6: "If that creature would die this turn, exile it instead":
the creature is exiled rather than put into a graveyard from the battlefield
(:func:`cardtext.interpreter.zones.move`)."""
CANT_ACTIVATE = "its activated abilities can't be activated"
"""602.5: a permanent's activated abilities, mana abilities among them, can't
be activated (detain, 701.35a)."""
GOADED = "is goaded"
"""701.15a: until the goading player's next turn, the creature attacks each
combat if able and attacks a player other than that player if able (in a
two-player game, its controller's only opponent: the requirement to attack
is all there is of it)."""
COMBAT_RULES = frozenset({"can't attack", "can't block", "can't be blocked"})
"""The rules of declaring attackers and blockers a turn rule can state (508.1c, 509.1b)."""


@dataclass(frozen=True, slots=True)
class TurnRule:
    """``rule`` applies to ``about`` (an object or a player) for the rest of
    the turn, or with ``until_turn_of`` until that player's next turn begins
    (611.2b: "until your next turn", detain, 701.35a); ``by`` are the players
    whose spells and abilities it is about (:data:`CANT_BE_TARGETED`);
    ``source`` says where it came from, for the log."""

    rule: str
    about: ObjectId | PlayerId
    by: frozenset[PlayerId] = frozenset()
    source: str = ""
    until_turn_of: PlayerId | None = None  # "until your next turn": it lasts until that player's next turn begins
    other: PairOther | None = None  # a rule between two creatures (:data:`PAIR_RULES`): the other one


@dataclass(frozen=True, slots=True)
class PairOther:
    """The other creature of a blocking rule between two (509.1b): the
    objects named as it resolved (``ids``), or a description judged as
    blockers are declared (``what``, seen from ``you`` and ``source``)."""

    ids: frozenset[ObjectId] = frozenset()
    what: A.ObjectFilter | None = None
    you: PlayerId = ""
    source: ObjectId | None = None
    words: str = ""


PAIR_RULES = frozenset({"can't block", "can't be blocked by", "can't be blocked except by"})
"""509.1b: "[it] can't block [this creature] this turn", "[it] can't be
blocked by [creatures] this turn", "... except by [creatures]": rules of
this turn about a blocker and an attacker (:func:`pair_refusal`)."""


def _pair_fits(game: Game, other: PairOther, obj: object) -> bool:
    from .filters import matches
    from .objects import GameObject

    if not isinstance(obj, GameObject):
        return False
    if other.what is None:
        return obj.id in other.ids
    return matches(game, other.what, obj, you=other.you, source=other.source)


def pair_refusal(game: Game, blocker: object, attacker: object) -> str | None:
    """509.1b: why a rule of this turn keeps ``blocker`` from blocking
    ``attacker`` (None if none does)."""
    from .characteristics import display_name
    from .objects import GameObject

    if not isinstance(blocker, GameObject) or not isinstance(attacker, GameObject):
        return None
    for r in game.state.turn_rules:
        if r.other is None:
            continue
        if r.rule == "can't block" and r.about == blocker.id and _pair_fits(game, r.other, attacker):
            return f"it can't block {display_name(attacker)} this turn ({r.source}, 509.1b)"
        if r.rule.startswith("can't be blocked") and r.about == attacker.id:
            fits = _pair_fits(game, r.other, blocker)
            if fits == (r.rule == "can't be blocked by"):
                return f"{display_name(attacker)} {r.rule} {r.other.words} this turn ({r.source}, 509.1b)"
    return None


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
    return frozenset(r.rule for r in rules if r.about == about and r.rule in COMBAT_RULES and r.other is None)


def cant_target(game: Game, about: ObjectId | PlayerId, controller: PlayerId) -> TurnRule | None:
    """A rule of this turn that a spell or ability ``controller`` controls
    can't target ``about`` (115.4)."""
    for r in game.state.turn_rules:
        if r.about == about and r.rule == CANT_BE_TARGETED and controller in r.by:
            return r
    return None


def would_die_problem(s: A.IfSentence) -> str | None:
    """What :func:`would_die` can't make of an "If [objects] would [event]
    ..., [instruction] instead." sentence (None: it makes the replacement)."""
    cond = s.condition
    assert isinstance(cond, A.Would)
    body = s.body
    shape = ("a replacement 'If ... would ..., ... instead' (614.1a) other than "
             "'If [that creature] would die this turn, exile it instead'")
    if not (isinstance(cond.event, A.KeywordAction) and cond.event.verb == "die" and not cond.passive
            and cond.event.what is None and cond.event.amount is None and cond.event.player is None):  # fmt: skip
        return shape
    if not (isinstance(cond.duration, A.Duration) and cond.duration.kind == "this turn" and cond.duration.object is None):
        return shape
    if not (s.instead and isinstance(body, A.Sentence) and len(body.actions) == 1 and not body.where_x
            and body.actions[0] == A.Exile(what=A.ItRef())):  # fmt: skip
        return shape
    subject = cond.subject
    if isinstance(subject, A.AnObject):
        # "a creature dealt damage this way": those an instruction before did that to (608.2c)
        if not any(isinstance(q, A.DoneThisWay) for q in subject.filter.qualities):
            return "'If a creature would die this turn, ...' about creatures not named before (614.1a)"
        return None
    if not isinstance(subject, A.ThatRef | A.ItRef | A.ThemRef | A.Target):
        return f"'If {type(subject).__name__} would die this turn, ...'"
    return None


def would_die(ctx: Ctx, s: A.IfSentence) -> None:
    """614.1a: "If that creature would die this turn, exile it instead" makes
    a replacement effect for the rest of the turn about each creature named
    before, as the sentence is carried out (611.2c: a creature that arrives
    later is a new object, 400.7)."""
    problem = would_die_problem(s)
    if problem is not None:
        raise Unsupported(problem)
    cond = s.condition
    assert isinstance(cond, A.Would)
    subject = cond.subject
    ids = ctx.done_objects(subject.filter) if isinstance(subject, A.AnObject) else ctx.objects(subject)
    src = ctx.game.state.objects.get(ctx.source[0])
    for oid in ids:
        o = ctx.game.get(oid)
        if o is not None and o.zone == "battlefield":
            add_rule(ctx.game, TurnRule(EXILED_IF_IT_WOULD_DIE, oid, source=src.card.name if src is not None else ""))


def end_of_turn(game: Game) -> None:
    """514.2: the rules of this turn end; those "until [a player's] next
    turn" go on."""
    game.state.turn_rules = [r for r in game.state.turn_rules if r.until_turn_of is not None]


def turn_begins(game: Game, active: PlayerId) -> None:
    """611.2b: the rules that last "until your next turn" of the player whose
    turn begins end."""
    if game.state.turn_rules:
        game.state.turn_rules = [r for r in game.state.turn_rules if r.until_turn_of != active]


__all__ = [
    "CANT_ACTIVATE", "GOADED", "CANT_BE_REGENERATED", "CANT_BE_TARGETED", "CANT_CAST", "COMBAT_RULES", "EXILED_IF_IT_WOULD_DIE", "TurnRule", "add_rule",
    "CANT_GAIN_LIFE", "PAIR_RULES", "PairOther", "cant_target", "combat_rules", "pair_refusal", "end_of_turn", "has_rule", "turn_begins", "would_die", "would_die_problem",
]  # fmt: skip
