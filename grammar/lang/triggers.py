"""Triggered abilities (CR 603): trigger events, nodes, builders, wording.
Grammar: ``triggers.lark``.

A trigger is a subject and an event ("[this] enters", "a creature you
control dies", "you cast a kicked spell"), or a point of the turn.  The
events the engine plays have nodes of their own (:class:`EntersTrigger`,
:class:`CastTrigger`, ...); every other event is an :class:`EventTrigger`
naming its event, so nothing written is lost.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..node import BUILDERS, Node, builds, renders
from ..transformer import TextError, span
from . import concern
from .objects import (
    AnObject,
    Each,
    ObjectFilter,
    SelfRef,
    StatusAdj,
    You,
    is_plural,
    possessive_text,
    verb,
)


@dataclass(frozen=True, slots=True)
class Event(Node):
    """What happens to a trigger's subject: "enters", "dies", "attacks",
    "becomes blocked by [a Wall]" (``other``), "is put into a graveyard from
    the battlefield" (``place``)."""

    kind: str
    other: Any = None
    place: Any = None


@dataclass(frozen=True, slots=True)
class EnteredTrigger(Node):
    pass


@dataclass(frozen=True, slots=True)
class EntersTrigger(Node):
    """ "When [this] enters" (also "enters the battlefield")."""

    object: Any


@dataclass(frozen=True, slots=True)
class LeavesTrigger(Node):
    """ "When [this] leaves the battlefield"."""

    object: Any


@dataclass(frozen=True, slots=True)
class DealsDamageTrigger(Node):
    """"Whenever [this] deals damage" (any damage, 120.3; 603.2)."""

    object: Any


@dataclass(frozen=True, slots=True)
class DiesTrigger(Node):
    """ "When [this] dies"; ``control``: "When it dies under your control
    this turn" — whose control the creature died under (700.4, 603.10a)."""

    object: Any
    control: Any = None


@dataclass(frozen=True, slots=True)
class AttacksTrigger(Node):
    """ "Whenever [this] attacks"."""

    object: Any


@dataclass(frozen=True, slots=True)
class DealsCombatDamageTrigger(Node):
    """ "Whenever [this] deals combat damage to a player"."""

    object: Any


@dataclass(frozen=True, slots=True)
class KicksTrigger(Node):
    """ "Whenever a player kicks a spell" (K17): once per kicker cost paid."""

    player: Any


@dataclass(frozen=True, slots=True)
class CastTrigger(Node):
    """ "Whenever you cast a [kicked] spell" (K18) / "When you cast this spell"."""

    player: Any
    kicked: bool = False
    this_spell: bool = False
    filter: Any = None
    what: Any = None  # the spell as written


@dataclass(frozen=True, slots=True)
class TurnedFaceUpTrigger(Node):
    """A trigger on turning face up (708.8)."""

    filter: Any
    you_turn: bool = False
    self_ref: Any = None
    what: Any = None  # the subject as written


@dataclass(frozen=True, slots=True)
class EventTrigger(Node):
    """Any other subject and event ("Whenever a creature you control becomes
    blocked", "Whenever you gain life"); ``events`` several joined by "or"."""

    subject: Any
    events: tuple[Event, ...]
    contracted: bool = False  # "you're dealt combat damage"


@dataclass(frozen=True, slots=True)
class StateTrigger(Node):
    """A state trigger (603.8): "When there are no creatures on the
    battlefield", "When there are four or more page counters on [this]" —
    it triggers whenever the game state matches ``condition``."""

    condition: Any


@dataclass(frozen=True, slots=True)
class PhaseTrigger(Node):
    """ "At the beginning of your upkeep" / "of each end step" / "of combat on
    your turn" (``step``; ``whose`` as written: "your", "each", "the", "each
    player's", "each opponent's", "the next", "your next")."""

    step: str
    yours: bool = True
    whose: str = "your"
    end_of: bool = False
    player: Any = None


@dataclass(frozen=True, slots=True)
class TriggerOr(Node):
    """Two triggers of one ability: "When [this] enters or dies" with
    different subjects ("Whenever you cast a spell or a creature dies")."""

    first: Any
    second: Any
    conj: str = "or"


@dataclass(frozen=True, slots=True)
class WhileTrigger(Node):
    """A trigger that triggers only while a condition holds as its event
    happens (603.2): "Whenever this creature attacks while you control two or
    more artifacts", "When this card dies while it's your turn", and "attacks
    while saddled" (702.171c: ``condition`` None, ``saddled``)."""

    trigger: Any
    condition: Any = None
    saddled: bool = False


@dataclass(frozen=True, slots=True)
class DuringTrigger(Node):
    """A trigger that triggers only during a turn or step (603.2): "Whenever
    you cast a spell during an opponent's turn", "... during your turn",
    "... during combat" (``when`` as written after "during")."""

    trigger: Any
    when: str


@dataclass(frozen=True, slots=True)
class NthTimeTrigger(Node):
    """A trigger that triggers only the ``ordinal`` time its event happens in
    a span (603.2): "Whenever this creature attacks for the first time each
    turn", "Whenever you gain life for the first time during each of your
    turns" (``per`` "each turn" or "during each of your turns")."""

    trigger: Any
    ordinal: str
    per: str = "each turn"


@dataclass(frozen=True, slots=True)
class NextOne(Node):
    """ "your next instant or sorcery spell": the next object of its kind a
    player casts (a delayed trigger's event, 603.7)."""

    whose: Any
    what: Any


@dataclass(frozen=True, slots=True)
class NthEachTurn(Node):
    """The Nth object of its kind a player casts or draws in a turn (603.2):
    "your second spell each turn", "their first instant or sorcery spell
    each turn", "your second card each turn" (``whose`` the possessive,
    ``what`` the description)."""

    whose: Any
    ordinal: str
    what: Any


@dataclass(frozen=True, slots=True)
class TriggeredAbility(Node):
    """ "When/Whenever/At [trigger], [if condition,] [effect]" (603).

    ``condition`` is an intervening "if" (603.4), checked when the trigger
    event happens and again on resolution.
    """

    word: str
    trigger: Any
    effect: Any
    condition: Any = None
    ability_word: str = ""


# --------------------------------------------------------------------------
# Builders
# --------------------------------------------------------------------------

_EVENTS = {
    "ev_enters": "enters", "ev_enters_or_attacks": "enters or attacks", "ev_leaves": "leaves the battlefield",
    "ev_dies": "dies", "ev_put_into_from_battlefield": "is put into from the battlefield",
    "ev_put_into_from_anywhere": "is put into from anywhere", "ev_put_into": "is put into",
    "ev_attacks": "attacks", "ev_attacks_alone": "attacks alone",
    "ev_attacks_unblocked": "attacks and isn't blocked", "ev_attacks_or_blocks": "attacks or blocks",
    "ev_blocks": "blocks", "ev_blocks_or_blocked": "blocks or becomes blocked",
    "ev_becomes_blocked": "becomes blocked", "ev_becomes_tapped": "becomes tapped",
    "ev_becomes_untapped": "becomes untapped", "ev_becomes_creature": "becomes a creature",
    "ev_becomes_monstrous": "becomes monstrous", "ev_dealt_damage": "is dealt damage",
    "ev_dealt_combat_damage": "is dealt combat damage", "ev_deals_damage": "deals damage",
    "ev_deals_combat_damage": "deals combat damage", "ev_turned_face_up": "is turned face up",
    "ev_turned_face_down": "is turned face down", "ev_gains_life": "gains life",
    "ev_loses_life": "loses life", "ev_draws": "draws a card", "ev_searches": "searches library",
    "ev_shuffles": "shuffles library", "ev_tapped_for_mana": "is tapped for mana",
    "ev_becomes_monarch": "becomes the monarch", "ev_exiled": "is exiled",
    "ev_countered": "is countered", "ev_returned_to_hand": "is returned to hand",
    "ev_explores": "explores", "ev_scries": "scries", "ev_surveils": "surveils",
    "ev_put_onto_battlefield": "is put onto the battlefield", "ev_fights": "fights",
    "ev_transforms": "transforms", "ev_wins_flip": "wins a coin flip",
    "ev_loses_flip": "loses a coin flip", "ev_clashes": "clashes", "ev_does": "does",
    "ev_rolls_chaos": "rolls {CHAOS}", "ev_gains_or_loses_life": "gains or loses life",
    "ev_commits_crime": "commits a crime", "ev_becomes_saddled": "becomes saddled",
    "ev_becomes_crewed": "becomes crewed", "ev_becomes_plotted": "becomes plotted",
    "ev_becomes_renowned": "becomes renowned", "ev_leaves_without_dying": "leaves the battlefield without dying",
    "ev_rolls_die": "rolls a die", "ev_rolls_dice": "rolls one or more dice",
    "ev_is_attacked": "is attacked", "ev_dealt_noncombat_damage": "is dealt noncombat damage",
    # 120.4a: damage dealt to a creature beyond lethal damage, or to a planeswalker beyond its loyalty
    "ev_dealt_excess_damage": "is dealt excess damage",
    "ev_dealt_excess_noncombat_damage": "is dealt excess noncombat damage",
    "ev_collects_evidence": "collects evidence", "ev_forages": "forages", "ev_discovers": "discovers",
    "ev_gives_gift": "gives a gift", "ev_exiled_from_battlefield": "is exiled from the battlefield",
    "ev_evolves": "evolves", "ev_regenerates": "regenerates",  # 702.100, 701.19
    "ev_phases_in": "phases in", "ev_phases_out": "phases out",  # 702.26
}  # fmt: skip
_EVENTS_WITH = {
    "ev_enters_under": "enters under control", "ev_dies_under": "dies under control", "ev_attacks_whom": "attacks",
    "ev_blocks_whom": "blocks", "ev_becomes_blocked_by": "becomes blocked by",
    "ev_becomes_target": "becomes the target of", "ev_dealt_damage_by": "is dealt damage by",
    "ev_deals_damage_to": "deals damage to", "ev_deals_combat_damage_to": "deals combat damage to",
    "ev_deals_noncombat_damage_to": "deals noncombat damage to", "ev_casts": "casts",
    "ev_kicks": "kicks", "ev_copies": "copies", "ev_activates": "activates",
    "ev_discards": "discards", "ev_sacrifices": "sacrifices", "ev_cycles": "cycles",
    "ev_cycles_or_discards": "cycles or discards", "ev_taps_for_mana": "taps for mana",
    "ev_plays": "plays", "ev_puts_into_graveyard": "puts into graveyard", "ev_mills": "mills",
    "ev_creates": "creates", "ev_controls": "controls",
    "ev_turns_face_up": "turns face up", "ev_championed": "is championed with",
    "ev_sets_in_motion": "sets in motion", "ev_expends": "expends", "ev_saddles": "saddles",
    "ev_crews": "crews", "ev_unlocks": "unlocks", "ev_fully_unlocks": "fully unlocks", "ev_solves": "solves",
    "ev_attacks_with": "attacks with", "ev_transforms_into": "transforms into",
    "ev_next_casts": "next casts", "ev_encounters": "encounters", "ev_next_activates": "next activates", "ev_exerts": "exerts",
    "ev_becomes_attached": "becomes attached to", "ev_becomes_unattached": "becomes unattached from",
    "ev_explores_card": "explores", "ev_taps": "taps",
    "ev_gains_control": "gains control of", "ev_loses_control": "loses control of",
    "ev_dealt_n_damage": "is dealt or more damage", "ev_deals_n_damage": "deals or more damage",
    "ev_planeswalks_to": "planeswalks to", "ev_planeswalks_away": "planeswalks away from",  # 901.8
    "ev_exploits": "exploits",  # 702.110
    "ev_puts_onto_battlefield": "puts onto the battlefield",  # older wording of "enters" (603.6a)
}  # fmt: skip

for _rule, _kind in _EVENTS.items():
    BUILDERS[_rule] = (lambda k: lambda meta, *a: Event(k, place=a[0] if a else None, span=span(meta)))(_kind)
for _rule, _kind in _EVENTS_WITH.items():
    BUILDERS[_rule] = (lambda k: lambda meta, other: Event(k, other, span=span(meta)))(_kind)
BUILDERS["ev_becomes_level"] = lambda meta, n: Event("becomes level", int(n), span=span(meta))  # a Class, 716.2c
BUILDERS["ev_casts_from"] = lambda meta, what, zone: Event("casts", what, zone, span=span(meta))
BUILDERS["ev_blocks_or_blocked_by"] = lambda meta, other: Event("blocks or becomes blocked by", other, span=span(meta))
BUILDERS["ev_put_into_from"] = lambda meta, a, b: Event("is put into from", a, b, span=span(meta))
BUILDERS["ev_counters_put_on"] = lambda meta, kind, on: Event("counters are put on", on, kind, span=span(meta))
BUILDERS["ev_attacks_whom_with"] = lambda meta, whom, what: Event("attacks with", what, whom, span=span(meta))
BUILDERS["ev_causes_discard"] = lambda meta, who, what: Event("causes to discard", who, what, span=span(meta))
BUILDERS["ev_gains_control_from"] = lambda meta, what, whom: Event("gains control of", what, whom, span=span(meta))
BUILDERS["ev_enters_from"] = lambda meta, zone: Event("enters from", place=zone, span=span(meta))
BUILDERS["ev_leaves_zone"] = lambda meta, zone: Event("leaves", place=zone, span=span(meta))


def _nth_each_turn(kind: str) -> Any:
    def build(meta: Any, whose: Any, ordinal: str, what: Any) -> Event:
        return Event(kind, NthEachTurn(_poss(whose), ordinal, what, span=span(meta)), span=span(meta))

    return build


BUILDERS["ev_casts_nth"] = _nth_each_turn("casts")
BUILDERS["ev_casts_next"] = lambda meta, whose, what: Event(
    "casts", NextOne(_poss(whose), what, span=span(meta)), span=span(meta)
)  # "When you cast your next instant spell this turn"
BUILDERS["ev_draws_nth"] = _nth_each_turn("draws")
BUILDERS["ev_puts_counters"] = lambda meta, kind, on: Event("puts counters on", on, kind, span=span(meta))


def _event_node(subject: Any, ev: Event, meta: Any) -> Any:
    k = ev.kind
    if k == "enters":
        return EntersTrigger(subject, span=span(meta))
    if k == "leaves the battlefield":
        return LeavesTrigger(subject, span=span(meta))
    if k == "dies":
        return DiesTrigger(subject, span=span(meta))
    if k == "dies under control":
        return DiesTrigger(subject, ev.other, span=span(meta))
    if k == "attacks" and ev.other is None and not _is_player(subject):
        # "Whenever you attack" is a player's event (508.1m), not a creature's
        return AttacksTrigger(subject, span=span(meta))
    if k == "deals damage" and ev.other is None:
        return DealsDamageTrigger(subject, span=span(meta))
    if k == "deals combat damage to" and _is_a_player(ev.other):
        return DealsCombatDamageTrigger(subject, span=span(meta))
    if k == "kicks" and _is_a_spell(ev.other):
        return KicksTrigger(subject, span=span(meta))
    if k == "casts" and ev.place is None:
        return _cast_trigger(subject, ev.other, meta)
    if k == "is turned face up":
        if isinstance(subject, SelfRef):
            return TurnedFaceUpTrigger(None, self_ref=subject, span=span(meta))
        if isinstance(subject, AnObject | Each) and not isinstance(subject, SelfRef):
            return TurnedFaceUpTrigger(subject.filter, what=subject, span=span(meta))
    return EventTrigger(subject, (ev,), span=span(meta))


def _is_player(np: Any) -> bool:
    from .objects import ControllerOf, OwnerOf, PlayerFilter, PlayerGroup, ThatPlayer, TheirRef

    return isinstance(np, You | PlayerGroup | TheirRef | ThatPlayer | ControllerOf | OwnerOf | PlayerFilter)


def _is_a_player(np: Any) -> bool:
    from .objects import PlayerGroup

    return isinstance(np, PlayerGroup) and np.which == "a_player"


def _is_a_spell(np: Any) -> bool:
    return (
        isinstance(np, AnObject) and np.filter.spell and not np.filter.nouns
        and not np.filter.adjectives and not np.filter.post
    )  # fmt: skip


def _cast_trigger(player: Any, what: Any, meta: Any) -> Any:
    if isinstance(what, SelfRef) and what.form == "this":
        return CastTrigger(player, this_spell=True, what=what, span=span(meta))
    if isinstance(what, AnObject) and what.count is not None and not what.how:
        f = what.filter
        kicked = any(isinstance(a, StatusAdj) and a.status == "kicked" for a in f.adjectives)
        if kicked and f.spell and not f.nouns and len(f.adjectives) == 1 and not f.post:
            return CastTrigger(player, kicked=True, what=what, span=span(meta))
        return CastTrigger(player, filter=f, what=what, span=span(meta))
    return EventTrigger(player, (Event("casts", what),), span=span(meta))


@builds("event_trigger")
def _event_trigger(meta: Any, subject: Any, *events: Any) -> Any:
    check_agreement = concern("sentences").check_agreement

    events = tuple(e for e in events if isinstance(e, Event))
    bare = subject.filter if isinstance(subject, Each) and subject.quantifier == "bare" else subject
    if isinstance(bare, ObjectFilter) and bare.nouns and not is_plural(bare):
        raise TextError("a trigger's subject in the singular needs a word before it", span=subject.span,
                        hint="'a creature', 'another creature', 'this creature'")  # fmt: skip
    for e in events:
        check_agreement(subject, e)  # "When this creature enter" is malformed
    if len(events) == 1:
        return _event_node(subject, events[0], meta)
    return EventTrigger(subject, tuple(events), span=span(meta))


@builds("counters_put_trigger")
def _counters_put_trigger(meta: Any, count: Any, kind: str, on: Any) -> EventTrigger:
    if getattr(count, "value", None) != 1:
        raise TextError("not understood yet: a number of counters other than 'one or more'", span=count.span)
    return EventTrigger(None, (Event("one or more counters are put on", on, kind),), span=span(meta))


@dataclass(frozen=True, slots=True)
class AttacksTogetherTrigger(Node):
    """ "Whenever [this] and at least two other creatures attack" (battalion,
    508.1m: it attacks along with at least ``count`` other creatures that
    fit ``others``)."""

    object: Any
    count: Any
    others: Any


@builds("attacks_with_others_trigger")
def _attacks_with_others(meta: Any, subject: Any, count: Any, others: Any) -> AttacksTogetherTrigger:
    return AttacksTogetherTrigger(subject, count, others, span=span(meta))


@renders(AttacksTogetherTrigger)
def _r_attacks_together(r: Any, n: AttacksTogetherTrigger, **ctx: Any) -> str:
    many = getattr(n.count, "value", None) != 1
    return f"{r(n.object)} and at least {r(n.count)} other {r(n.others, plural=many)} attack"


@dataclass(frozen=True, slots=True)
class ThisWayTrigger(Node):
    """A reflexive trigger on what the instruction before did (603.12): "When
    you discard a card this way", "When a creature is put onto the battlefield
    this way" — it triggers only on the events that instruction caused."""

    trigger: Any


@builds("trigger_this_way")
def _trigger_this_way(meta: Any, trigger: Any) -> ThisWayTrigger:
    return ThisWayTrigger(trigger, span=span(meta))


@renders(ThisWayTrigger)
def _r_this_way_trigger(r: Any, n: ThisWayTrigger, **ctx: Any) -> str:
    return f"{r(n.trigger)} this way"


@builds("state_trigger")
def _state_trigger(meta: Any, condition: Any) -> StateTrigger:
    """ "When you have 10 or less life" (603.8: a state trigger)."""
    return StateTrigger(condition, span=span(meta))


@builds("nth_ordinal")
def _nth_ordinal(meta: Any, *words: Any) -> str:
    return " ".join(str(w) for w in words).lower()


@builds("state_trigger_there")
def _state_trigger_there(meta: Any, what: Any) -> StateTrigger:
    there_are = concern("conditions").ThereAre
    return StateTrigger(there_are(None, "", what, span=span(meta)), span=span(meta))


@builds("youre_trigger")
def _youre_trigger(meta: Any, event: Event) -> EventTrigger:
    return EventTrigger(You("you", span=span(meta)), (event,), contracted=True, span=span(meta))


def _counter_count(count: Any) -> None:
    if getattr(count, "value", None) != 1 or getattr(count, "form", "") != "article":
        raise TextError("not understood yet: a number of counters other than 'a'", span=count.span)


@builds("counter_put_trigger")
def _counter_put_trigger(meta: Any, count: Any, kind: Any, on: Any) -> EventTrigger:
    """ "Whenever a +1/+1 counter is put on [this]" (once per counter, 122.6)."""
    _counter_count(count)
    return EventTrigger(None, (Event("a counter is put on", on, kind, span=span(meta)),), span=span(meta))


@builds("counter_removed_trigger")
def _counter_removed_trigger(meta: Any, count: Any, kind: Any, on: Any) -> EventTrigger:
    """ "Whenever a time counter is removed from [this]" (702.62, suspend)."""
    _counter_count(count)
    return EventTrigger(None, (Event("a counter is removed from", on, kind, span=span(meta)),), span=span(meta))


@builds("last_counter_removed_trigger")
def _last_counter_removed_trigger(meta: Any, kind: Any, on: Any) -> EventTrigger:
    """ "When the last time counter is removed from [this]" (702.62a)."""
    return EventTrigger(None, (Event("the last counter is removed from", on, kind, span=span(meta)),), span=span(meta))


@builds("event_trigger_duration")
def _event_trigger_duration(meta: Any, trigger: Any, duration: Any) -> Any:
    if getattr(duration, "kind", None) == "during your turn":
        return DuringTrigger(trigger, "your turn", span=span(meta))
    return DurationTrigger(trigger, duration, span=span(meta))


@builds("trigger_while")
def _trigger_while(meta: Any, trigger: Any, condition: Any) -> WhileTrigger:
    return WhileTrigger(trigger, condition, span=span(meta))


@builds("trigger_while_saddled")
def _trigger_while_saddled(meta: Any, trigger: Any) -> WhileTrigger:
    return WhileTrigger(trigger, saddled=True, span=span(meta))


@builds("trigger_during")
def _trigger_during(meta: Any, trigger: Any, when: str) -> DuringTrigger:
    return DuringTrigger(trigger, when, span=span(meta))


@builds("during_when")
def _during_when(meta: Any, *words: Any) -> str:
    return " ".join(str(w) for w in words).lower()


@builds("trigger_nth_time")
def _trigger_nth_time(meta: Any, trigger: Any, ordinal: str, per: str) -> NthTimeTrigger:
    return NthTimeTrigger(trigger, ordinal, per, span=span(meta))


@builds("nth_per")
def _nth_per(meta: Any, *words: Any) -> str:
    return " ".join(str(w) for w in words).lower()


@dataclass(frozen=True, slots=True)
class DurationTrigger(Node):
    """ "When target creature dies this turn, ..." (a delayed trigger that
    lasts this turn, 603.7c)."""

    trigger: Any
    duration: Any


@renders(DurationTrigger)
def _r_duration_trigger(r: Any, n: DurationTrigger, **ctx: Any) -> str:
    return f"{r(n.trigger)} {r(n.duration)}"


@builds("trigger_or")
def _trigger_or(meta: Any, a: Any, b: Any) -> TriggerOr:
    return TriggerOr(a, b, span=span(meta))


@builds("trigger_or_word")
def _trigger_or_word(meta: Any, a: Any, word: str, b: Any) -> TriggerOr:
    """ "When you planeswalk to [this] or at the beginning of your upkeep",
    "At the beginning of your upkeep or whenever you cast a spell"."""
    return TriggerOr(a, b, f"or {word.lower()}", span=span(meta))


@builds("trigger_and_word")
def _trigger_and_word(meta: Any, a: Any, word: str, b: Any) -> TriggerOr:
    """ "When this creature enters and whenever it attacks" (603.2: either
    event triggers the ability)."""
    return TriggerOr(a, b, f"and {word.lower()}", span=span(meta))


@builds("trigger_and")
def _trigger_and(meta: Any, a: Any, b: Any) -> TriggerOr:
    return TriggerOr(a, b, "and", span=span(meta))


@builds("trigger_word")
def _trigger_word(meta: Any, tok: Any) -> str:
    return str(tok).capitalize()


_OLD_STEPS = {"end step": "end", "upkeep": "upkeep", "second main phase": "second_main"}


def _step(step: str) -> str:
    """A step as the AST names it (an older wording's name mapped to it)."""
    return _OLD_STEPS.get(step, step)


def _phase(whose: str, yours: bool) -> Any:
    def build(meta: Any, *args: Any) -> PhaseTrigger:
        step = args[-1]
        player = args[0] if len(args) > 1 else None
        if player is not None:
            from .objects import Possessive

            player = player.object if isinstance(player, Possessive) else player
            is_you = isinstance(player, You)
            return PhaseTrigger(_step(step), is_you, "possessive" if not is_you else "your",
                                player=None if is_you else player, span=span(meta))  # fmt: skip
        return PhaseTrigger(_step(step), yours, whose, span=span(meta))

    return build


BUILDERS["phase_of"] = _phase("your", True)
BUILDERS["phase_the_of"] = lambda meta, step, player: PhaseTrigger(
    _step(step), False, "the ... of", player=player, span=span(meta)
)  # "the upkeep of enchanted creature's controller"
BUILDERS["phase_each"] = _phase("each", False)
BUILDERS["phase_the"] = _phase("the", False)
BUILDERS["phase_next"] = _phase("the next", False)
@builds("phase_next_of")
def _phase_next_of(meta: Any, whose: Any, step: str) -> PhaseTrigger:
    """ "your next upkeep", "your next turn", "their next end step"."""
    player = _poss(whose)
    if not isinstance(player, You):
        return PhaseTrigger(_step(step), False, "possessive next", player=player, span=span(meta))
    if step == "turn":
        return PhaseTrigger("turn", True, "your next turn", span=span(meta))
    return PhaseTrigger(_step(step), True, "your next", span=span(meta))


@builds("step_of_next_turn")
def _step_of_next_turn(meta: Any, step: str) -> PhaseTrigger:
    """ "the end step of your next turn", "the upkeep of your next turn"."""
    if step == "end step":
        return PhaseTrigger("end", True, "the end step of your next turn", span=span(meta))
    return PhaseTrigger(_step(step), True, "the ... of your next turn", span=span(meta))


BUILDERS["phase_that_turn"] = _phase("that turn's", False)
BUILDERS["phase_each_player"] = _phase("each player's", False)
BUILDERS["phase_each_opponent"] = _phase("each opponent's", False)
BUILDERS["phase_each_of"] = lambda meta, whose, step: PhaseTrigger(_step(step), False, "each of your", span=span(meta))
BUILDERS["phase_next_turn"] = _phase("the next turn's", False)
BUILDERS["your_combat"] = lambda meta: PhaseTrigger("combat", True, "combat on your turn", span=span(meta))
BUILDERS["opponent_combat"] = lambda meta: PhaseTrigger("combat", False, "combat on each opponent's turn", span=span(meta))
BUILDERS["each_combat"] = lambda meta: PhaseTrigger("combat", False, "combat", span=span(meta))


@builds("phase_trigger")
def _phase_trigger(meta: Any, phase: PhaseTrigger) -> PhaseTrigger:
    return phase


@builds("phase_trigger_duration")
def _phase_trigger_duration(meta: Any, phase: PhaseTrigger, duration: Any) -> DurationTrigger:
    """ "At the beginning of each combat this turn" (a delayed trigger, 603.7)."""
    return DurationTrigger(phase, duration, span=span(meta))


@builds("phase_end_trigger")
def _phase_end_trigger(meta: Any, phase: PhaseTrigger) -> PhaseTrigger:
    import dataclasses

    return dataclasses.replace(phase, end_of=True)


BUILDERS["end_of_combat_trigger"] = lambda meta: PhaseTrigger("end of combat", False, "end of combat", span=span(meta))


def make_triggered(word: str, trigger: Any, effect: Any, condition: Any, where: Any) -> TriggeredAbility:

    if word == "When" and isinstance(trigger, EntersTrigger | DiesTrigger | LeavesTrigger | AttacksTrigger):
        subject = trigger.object
        if isinstance(subject, Each) and subject.quantifier == "bare":
            raise TextError(
                "this is not the card's name (check its spelling), and 'When' needs one object",
                span=subject.span,
            )
    return TriggeredAbility(word, trigger, effect, condition, span=where)


# --------------------------------------------------------------------------
# Wording
# --------------------------------------------------------------------------

_ = ObjectFilter


def _subject_verb(r: Any, subject: Any, phrase: str) -> str:
    """ "[subject] enters" with the verb agreeing ("creatures ... enter")."""
    head, _, rest = phrase.partition(" ")
    if head in ("is", "are"):
        head = "are" if is_plural(subject) else "is"
    elif head == "becomes":
        head = "become" if is_plural(subject) else "becomes"
    else:
        base = _BASES.get(head, head[:-1] if head.endswith("s") else head)
        head = verb(subject, base)
    return f"{r(subject)} {head}{' ' + rest if rest else ''}"


_BASES = {"does": "do", "dies": "die", "copies": "copy", "scries": "scry", "clashes": "clash", "searches": "search"}


@renders(EntersTrigger)
def _r_enters(r: Any, n: EntersTrigger, **ctx: Any) -> str:
    return _subject_verb(r, n.object, "enters")


@renders(LeavesTrigger)
def _r_leaves(r: Any, n: LeavesTrigger, **ctx: Any) -> str:
    return _subject_verb(r, n.object, "leaves the battlefield")


@renders(DiesTrigger)
def _r_dies(r: Any, n: DiesTrigger, **ctx: Any) -> str:
    if n.control is not None:
        return _subject_verb(r, n.object, "dies") + f" under {possessive_text(r, n.control)} control"
    return _subject_verb(r, n.object, "dies")


@renders(AttacksTrigger)
def _r_attacks(r: Any, n: AttacksTrigger, **ctx: Any) -> str:
    return _subject_verb(r, n.object, "attacks")


@renders(DealsDamageTrigger)
def _r_deals_damage(r: Any, n: DealsDamageTrigger, **ctx: Any) -> str:
    return _subject_verb(r, n.object, "deals damage")


@renders(DealsCombatDamageTrigger)
def _r_deals_combat(r: Any, n: DealsCombatDamageTrigger, **ctx: Any) -> str:
    return _subject_verb(r, n.object, "deals combat damage to a player")


@renders(KicksTrigger)
def _r_kicks(r: Any, n: KicksTrigger, **ctx: Any) -> str:
    return _subject_verb(r, n.player, "kicks a spell")


@renders(CastTrigger)
def _r_cast(r: Any, n: CastTrigger, **ctx: Any) -> str:
    what = r(n.what) if n.what is not None else ("this spell" if n.this_spell else "a kicked spell")
    return f"{_subject_verb(r, n.player, 'casts')} {what}"


@renders(TurnedFaceUpTrigger)
def _r_face_up(r: Any, n: TurnedFaceUpTrigger, **ctx: Any) -> str:
    if n.self_ref is not None:
        return f"{r(n.self_ref)} is turned face up"
    if n.what is not None:
        return _subject_verb(r, n.what, "is turned face up")
    plural = False
    return f"{_article_filter(r, n.filter, plural)} is turned face up"


def _article_filter(r: Any, f: Any, plural: bool) -> str:
    from ..render import article

    text = r(f)
    return f"{article(text)} {text}"


@renders(Event)
def _r_event(r: Any, n: Event, **ctx: Any) -> str:
    subject = ctx.get("subject")
    k = n.kind
    if k == "enters under control":
        return _agree(subject, "enters") + f" under {possessive_text(r, _poss(n.other))} control"
    if k.startswith("is put into"):
        rest = k[len("is put into"):]
        if rest == " from":
            return f"{_agree(subject, 'is')} put into {r(n.other)} from {r(n.place)}"
        return f"{_agree(subject, 'is')} put into {r(n.place)}{rest}"
    if k == "counters are put on":
        kind = f"{r(n.place)} " if n.place is not None else ""
        return f"one or more {kind}counters are put on {r(n.other)}"
    if k == "one or more counters are put on":
        kind = f"{n.place} " if n.place else ""
        return f"one or more {kind}counters are put on {r(n.other)}"
    if k == "turns face up":
        return f"{_agree(subject, 'turns')} {r(n.other)} face up"
    if k == "puts counters on":
        kind = f"{n.place} " if n.place else ""
        return f"{_agree(subject, 'puts')} one or more {kind}counters on {r(n.other)}"
    if k in ("searches library", "shuffles library"):
        return f"{_agree(subject, k.split()[0])} {possessive_text(r, _poss(n.place))} library"
    if k == "is returned to hand":
        return f"{_agree(subject, 'is')} returned to {possessive_text(r, _poss(n.place))} hand"
    if k == "taps for mana":
        return f"{_agree(subject, 'taps')} {r(n.other)} for mana"
    if k == "puts into graveyard":
        return f"{_agree(subject, 'puts')} {r(n.other)} into {possessive_text(r, _poss(n.place))} graveyard"
    if k == "blocks or becomes blocked by":
        return f"{_agree(subject, 'blocks')} or {_agree(subject, 'becomes')} blocked by {r(n.other)}"
    if k == "cycles or discards":
        return f"{_agree(subject, 'cycles')} or {_agree(subject, 'discards')} {r(n.other)}"
    if k == "gains or loses life":
        return f"{_agree(subject, 'gains')} or {_agree(subject, 'loses')} life"
    if k == "attacks with" and n.place is not None:
        return f"{_agree(subject, 'attacks')} {r(n.place)} with {r(n.other)}"
    if k == "leaves" and n.place is not None:
        return f"{_agree(subject, 'leaves')} {r(n.place)}"
    if k in ("a counter is put on", "a counter is removed from", "the last counter is removed from"):
        lead, _, rest = k.partition(" counter ")
        kind = "" if n.place is None else f"{n.place if isinstance(n.place, str) else r(n.place)} "
        return f"{lead} {kind}counter {rest} {r(n.other)}"
    if k in ("is dealt or more damage", "deals or more damage"):
        head = _agree(subject, k.split()[0])
        dealt = " dealt" if k.startswith("is") else ""
        return f"{head}{dealt} {r(n.other)} or more damage"
    if k == "causes to discard":
        return f"{_agree(subject, 'causes')} {r(n.other)} to discard {r(n.place)}"
    if k == "gains control of" and n.place is not None:
        return f"{_agree(subject, 'gains')} control of {r(n.other)} from {r(n.place)}"
    if k == "enters from":
        return f"{_agree(subject, 'enters')} from {r(n.place)}"
    if k in ("next casts", "next activates"):
        return f"next {_agree(subject, k.split()[1])} {r(n.other)}"
    if k == "puts onto the battlefield":
        return f"{_agree(subject, 'puts')} {r(n.other)} onto the battlefield"
    if k == "fully unlocks":
        return f"fully {_agree(subject, 'unlocks')} {r(n.other)}"
    if k == "expends":
        return f"{_agree(subject, 'expends')} {r(n.other)}"
    if k == "sets in motion":  # a scheme (701.25, 314)
        return f"{_agree(subject, 'sets')} {r(n.other)} in motion"
    if k == "casts" and n.place is not None:
        return f"{_agree(subject, 'casts')} {r(n.other)} from {r(n.place)}"
    if k == "becomes level":
        return f"{_agree(subject, 'becomes')} level {n.other}"
    words = k.split(" ")
    head = _agree(subject, words[0])
    rest = " ".join(words[1:])
    text = head + (" " + rest if rest else "")
    if n.other is not None:
        text += " " + r(n.other)
    return text


def _poss(x: Any) -> Any:
    from .objects import Possessive

    return x.object if isinstance(x, Possessive) else x


def _agree(subject: Any, word: str) -> str:
    if subject is None or not is_plural(subject):
        return word
    if word in ("is",):
        return "are"
    if word == "becomes":
        return "become"
    return _BASES.get(word, word[:-1] if word.endswith("s") else word)


@renders(StateTrigger)
def _r_state_trigger(r: Any, n: StateTrigger, **ctx: Any) -> str:
    return r(n.condition)


@renders(EventTrigger)
def _r_event_trigger(r: Any, n: EventTrigger, **ctx: Any) -> str:
    if n.contracted:  # "you're dealt damage": the event's words after "is"
        return "you're " + " ".join(r(e, subject=None) for e in n.events).removeprefix("is ")
    events = " or ".join(r(e, subject=n.subject) for e in n.events)
    if n.subject is None:
        return events
    return f"{r(n.subject)} {events}"


_STEP_TEXT = {"end": "end step", "second_main": "second main phase"}


@renders(PhaseTrigger)
def _r_phase(r: Any, n: PhaseTrigger, **ctx: Any) -> str:
    step = _STEP_TEXT.get(n.step, n.step)
    lead = "the end of" if n.end_of else "the beginning of"
    if n.whose == "end of combat":
        return "end of combat"
    if n.whose in ("combat on your turn", "combat on each opponent's turn", "combat", "your next turn",
                   "the end step of your next turn"):  # fmt: skip
        return f"{lead} {n.whose}"
    if n.whose == "possessive":
        return f"{lead} {possessive_text(r, n.player)} {step}"
    if n.whose == "possessive next":
        return f"{lead} {possessive_text(r, n.player)} next {step}"
    if n.whose == "the ... of your next turn":
        return f"{lead} the {step} of your next turn"
    if n.whose == "the ... of":
        return f"{lead} the {step} of {r(n.player)}"
    return f"{lead} {n.whose} {step}"


@renders(WhileTrigger)
def _r_while(r: Any, n: WhileTrigger, **ctx: Any) -> str:
    return f"{r(n.trigger)} while {'saddled' if n.saddled else r(n.condition)}"


@renders(DuringTrigger)
def _r_during(r: Any, n: DuringTrigger, **ctx: Any) -> str:
    return f"{r(n.trigger)} during {n.when}"


@renders(NthTimeTrigger)
def _r_nth_time(r: Any, n: NthTimeTrigger, **ctx: Any) -> str:
    return f"{r(n.trigger)} for the {n.ordinal} time {n.per}"


@renders(NextOne)
def _r_next_one(r: Any, n: NextOne, **ctx: Any) -> str:
    return f"{possessive_text(r, n.whose)} next {r(n.what)}"


@renders(NthEachTurn)
def _r_nth_each_turn(r: Any, n: NthEachTurn, **ctx: Any) -> str:
    return f"{possessive_text(r, n.whose)} {n.ordinal} {r(n.what)} each turn"


@renders(TriggerOr)
def _r_trigger_or(r: Any, n: TriggerOr, **ctx: Any) -> str:
    return f"{r(n.first)} {n.conj} {r(n.second)}"


@renders(TriggeredAbility)
def _r_triggered(r: Any, n: TriggeredAbility, **ctx: Any) -> str:
    effect_text = concern("sentences").effect_text

    cond = f" if {r(n.condition)}," if n.condition is not None else ""
    body = effect_text(r, n.effect, capital=False)
    word = f"{n.ability_word} — " if n.ability_word else ""
    return f"{word}{n.word} {r(n.trigger)},{cond} {body}"
