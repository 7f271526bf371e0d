"""Triggered abilities (CR 603).

Events recorded while an action is carried out are matched against the
triggered abilities of the objects that could see them: permanents on the
battlefield, a spell being cast ("when you cast this spell"), and an object
that just left the battlefield for its own leaves-the-battlefield abilities
(603.10a, which "look back in time").  An intervening "if" (603.4) is
checked when the event happens and again on resolution.

Triggered abilities wait in ``state.pending`` until a player would receive
priority; then they are put on the stack, active player's first (APNAP,
603.3b), and their modes (603.3c) and targets chosen at that moment
(603.3d, rule K12).  A player with several different triggered abilities
chooses their order (a ``"order"`` decision); identical ones need no choice.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from typing import Any

from cardtext.grammar import ast as A
from cardtext.grammar.node import Span

from . import control as _control  # noqa: F401  -- registers the layer-2 refresh (613.1b)
from . import sba
from .bind import walk, zone_left_by_self
from .cache import per_node, remember
from .characteristics import chars, display_name
from .choices import Decision, ask
from .combat import COMBAT_STEPS
from .context import Ctx
from .delayed import collect_delayed
from .errors import IllegalAction, Unsupported
from .filters import ALL_PLAYER_GROUPS, OPPONENT_GROUPS, group_players, matches
from .keywords import (
    AttacksMostLife,
    BecomesTarget,
    ChapterTrigger,
    ExiledThisWay,
    LastCounterRemoved,
)
from .modes import can_choose, choose_modes, modes_of
from .modes import describe as describe_modes
from .objects import GameObject, Lki, ObjectId, PlayerId
from .speed import speed_trigger
from .state import (
    AttachedTo,
    Attacked,
    BecameBlocked,
    BecameSaddled,
    BecameTapped,
    BecameTarget,
    BecameUntapped,
    Blocks,
    BlocksAttacker,
    Cast,
    Championed,
    CombatDamageDealt,
    CombatDamageStep,
    CommittedCrime,
    CounterPut,
    CountersPut,
    CountersRemoved,
    Crewed,
    Cycled,
    DamageDealtTo,
    DealtCombatDamage,
    DealtDamage,
    Discarded,
    DoorUnlocked,
    DrewCard,
    Entered,
    Event,
    ExiledWithMadness,
    GainedLife,
    Game,
    KeywordActed,
    Kicked,
    Left,
    LostLife,
    NotBlocked,
    PendingTrigger,
    PlayerAttacked,
    PutInto,
    Sacrificed,
    StackItem,
    StepBegan,
    TappedForMana,
    TurnedFaceUp,
    UnattachedFrom,
    WasDealtDamage,
    targeted,
)
from .targets import choose_targets, slot_index
from .until import return_exiled

_TRIGGERED: dict[int, tuple[tuple[A.Ability, ...], list[tuple[int, A.TriggeredAbility]]]] = {}


def _abilities(obj: GameObject) -> list[tuple[int, A.TriggeredAbility]]:
    abilities = chars(obj).abilities
    hit = _TRIGGERED.get(id(abilities))
    if hit is not None and hit[0] is abilities:
        return hit[1]
    found = [(i, ab) for i, ab in enumerate(abilities) if isinstance(ab, A.TriggeredAbility)]
    remember(_TRIGGERED, id(abilities), (abilities, found))
    return found


def _player_matches(game: Game, ref: A.PlayerRef, controller: PlayerId, actor: PlayerId) -> bool:
    if isinstance(ref, A.You):
        return actor == controller
    if isinstance(ref, A.PlayerGroup):
        return actor in group_players(game, ref.which, controller)
    return False


def _is_self(ref: object) -> bool:
    return isinstance(ref, A.SelfRef | A.ItRef)


def _filter_of(ref: object) -> A.ObjectFilter | None:
    if isinstance(ref, A.Each | A.AnObject):
        return ref.filter
    if isinstance(ref, A.ObjectFilter):
        return ref
    return None


Hit = tuple[bool, ObjectId | None, int | None, PlayerId | None]
NO: Hit = (False, None, None, None)


def or_parts(subject: object) -> tuple[object, ...]:
    """The subjects a trigger's subject joins with "or" (603.2: "this creature
    or another enchantment you control" is about either one), each on its
    own; a subject that joins none is itself."""
    if isinstance(subject, A.BothRef) and subject.conj == "or":
        return (*or_parts(subject.first), *or_parts(subject.second))
    return (subject,)


def _enters(game: Game, src_id: ObjectId, controller: PlayerId, t: A.EntersTrigger, event: Event,
            spell_self: int | None) -> Hit:  # fmt: skip
    """603.6a: "When [this] enters" / "Whenever a [filter] enters" /
    "Whenever [this] or another [filter] enters"."""
    if not isinstance(event, Entered):
        return NO
    return _is_subject(game, t.object, event.obj, controller, src_id), event.obj, None, None


def enters_supported(t: A.EntersTrigger) -> bool:
    """Does the engine know what an enters trigger is about: [this], a
    description, or several of them joined by "or"?"""
    return all(_is_self(p) or _filter_of(p) is not None for p in or_parts(t.object))


def _leaves(game: Game, src_id: ObjectId, controller: PlayerId, t: A.LeavesTrigger | A.DiesTrigger, event: Event,
            spell_self: int | None) -> Hit:  # fmt: skip
    """603.6c, 603.10a: leaves-the-battlefield abilities look back in time; "dies"
    is a creature put into a graveyard from the battlefield (700.4)."""
    if not isinstance(event, Left) or event.lki.zone != "battlefield":
        return NO
    dies = event.to_zone == "graveyard"
    if isinstance(t, A.DiesTrigger) and not (dies and "creature" in event.lki.types):
        return NO
    lki = event.lki
    if isinstance(t, A.DiesTrigger) and t.control is not None and not _player_matches(
            game, _possessed_player(t.control), controller, lki.controller):  # fmt: skip
        return NO  # "dies under your control": controlled by that player as it last existed (603.10a)
    for subject in or_parts(t.object):
        if _is_self(subject):
            ok = lki.id == src_id
        elif isinstance(subject, A.HauntedRef):
            # 702.55c, 113.6k: "the creature it haunts" — from exile, the card haunting it
            ok = (src_id, lki.id) in game.state.haunting
        elif isinstance(subject, BoundObjects):
            ok = lki.id in subject.ids
        elif isinstance(subject, A.AttachedRef):
            ok = _was_attached(game, src_id, event)  # "When enchanted creature dies" (603.10a)
        else:
            filt = _filter_of(subject)
            # 603.10a: "Whenever a creature you control dies" judges the object as it last existed on the battlefield
            ok = filt is not None and lki.last is not None and matches(game, filt, lki.last, you=controller, source=src_id)
        if ok:
            return True, lki.id, None, None
    return NO


def _possessed_player(whose: object) -> Any:
    return whose.object if isinstance(whose, A.Possessive) else whose


def _was_attached(game: Game, src_id: ObjectId, event: Left) -> bool:
    """Was ``src_id`` attached to the permanent that left, as it left (603.10a:
    the Aura or Equipment still there, or one that left with it)?"""
    if src_id in event.attached:
        return True
    known = game.state.lki.get(src_id)
    return known is not None and known.last is not None and known.last.attached_to == event.lki.id


def leaves_supported(t: A.LeavesTrigger | A.DiesTrigger) -> bool:
    """Does the engine know what a leaves-the-battlefield trigger is about:
    [this], "the creature it haunts" (702.55c), "enchanted creature" /
    "equipped creature", a description ("another creature you control"), or
    several of them joined by "or"; and "dies under [whose] control", a
    player it can name?"""
    control = getattr(t, "control", None)
    if control is not None and not isinstance(_possessed_player(control), A.You | A.PlayerGroup):
        return False
    return all(
        _is_self(p) or isinstance(p, A.HauntedRef | BoundObjects) or _filter_of(p) is not None
        or (isinstance(p, A.AttachedRef) and _object_subject(p))
        for p in or_parts(t.object)
    )


def _cast(game: Game, src_id: ObjectId, controller: PlayerId, t: A.CastTrigger, event: Event,
          spell_self: int | None) -> Hit:  # fmt: skip
    """601.2i: "Whenever you cast a [kicked] spell [of the chosen type]" (K18),
    "When you cast this spell"."""
    if not isinstance(event, Cast):
        return NO
    item = game.stack_item(event.sid)
    if item is None:
        return NO
    if t.this_spell:
        return spell_self == event.sid, None, event.sid, event.player
    if spell_self is not None:
        return NO
    if not _player_matches(game, t.player, controller, event.player):
        return NO
    if t.kicked and not game.linked(item.source).kicks:
        return NO
    spell = game.get(item.source)
    filt = t.filter if t.filter is not None else _filter_of(t.what)
    if filt is not None and (spell is None or not matches(game, filt, spell, you=controller, source=src_id)):
        return NO
    return True, None, event.sid, event.player


def _kicks(game: Game, src_id: ObjectId, controller: PlayerId, t: A.KicksTrigger, event: Event,
           spell_self: int | None) -> Hit:  # fmt: skip
    """K17: once for each kicker payment."""
    if not isinstance(event, Kicked) or spell_self is not None:
        return NO
    return _player_matches(game, t.player, controller, event.player), None, event.sid, event.player


def _turned_face_up(game: Game, src_id: ObjectId, controller: PlayerId, t: A.TurnedFaceUpTrigger, event: Event,
                    spell_self: int | None) -> Hit:  # fmt: skip
    """708.8: "When [this] is turned face up" (the permanent itself, which has
    its abilities once it is face up), "Whenever a permanent you control is
    turned face up", "Whenever you turn a permanent face up"."""
    if not isinstance(event, TurnedFaceUp):
        return NO
    obj = game.get(event.obj)
    if obj is None:
        return NO
    filt = t.filter if t.filter is not None else _filter_of(t.what)
    if t.self_ref is not None:
        ok = event.obj == src_id
    elif t.you_turn:
        ok = event.player == controller and (filt is None or matches(game, filt, obj, you=controller, source=src_id))
    elif filt is not None:
        ok = matches(game, filt, obj, you=controller, source=src_id)
    else:
        return NO  # names no permanent: reported by cardtext.interpreter.support
    return ok, event.obj, None, event.player


def face_up_supported(t: A.TurnedFaceUpTrigger) -> bool:
    """Does a "turned face up" trigger name what it is about (708.8)?"""
    return t.self_ref is not None or t.you_turn or t.filter is not None or _filter_of(t.what) is not None


PHASE_STEPS = frozenset({"upkeep", "draw step", "precombat main phase", "combat", "end of combat", "second_main", "end"})
"""The steps and phases whose beginning the engine announces (:mod:`cardtext.interpreter.turns`)."""
PHASE_WHOSE = frozenset({"your", "each", "the", "combat on your turn", "combat", "each player's", "each opponent's",
                         "end of combat"})  # fmt: skip
"""Whose step a phase trigger can name: the controller's ("your", "combat on
your turn"), every player's ("each", "the", "each combat", "each
player's", "At end of combat", 511.2) or each opponent's."""


def phase_supported(t: A.PhaseTrigger) -> bool:
    """Can the engine tell when this "At the beginning of ..." triggers?"""
    if t.step not in PHASE_STEPS or t.end_of:
        return False
    if t.player is not None:
        if t.whose == "possessive" and _chosen_player(t.player):
            return True
        return t.whose in ("the ... of", "possessive") and _attached_controller(t.player)
    return t.whose in PHASE_WHOSE


def _attached_controller(ref: object) -> bool:
    """ "enchanted creature's controller", "the upkeep of equipped creature's controller"."""
    return (isinstance(ref, A.ControllerOf) and not ref.plural and isinstance(ref.object, A.AttachedRef)
            and not ref.object.plural and ref.object.noun != "player")  # fmt: skip


def _chosen_player(ref: object) -> bool:
    """ "the chosen player": the player this object's ability chose (607.2d)."""
    if not (isinstance(ref, A.LinkedRef) and ref.verb == "chosen" and isinstance(ref.what, A.ObjectFilter)):
        return False
    words = ref.what.words
    return not ref.what.post and len(words) == 1 and isinstance(words[0], A.Noun) and words[0].word in ("player", "opponent")


def _phase(game: Game, src_id: ObjectId, controller: PlayerId, t: A.PhaseTrigger, event: Event,
           spell_self: int | None) -> Hit:  # fmt: skip
    """503.1a, 513.1a: "At the beginning of [your] upkeep / end step"."""
    if not isinstance(event, StepBegan) or event.step != t.step or not phase_supported(t):
        return NO
    if t.yours and controller != event.active:
        return NO
    if t.whose == "each opponent's" and controller == event.active:
        return NO
    if t.player is not None and _attached_controller(t.player):
        # "At the beginning of the upkeep of enchanted creature's controller": whoever
        # controls it as the step begins; "that creature" is it
        src = game.get(src_id)
        attached = game.get(src.attached_to) if src is not None and src.attached_to is not None else None
        if attached is None or attached.controller != event.active:
            return NO
        return True, attached.id, None, event.active
    if t.player is not None and game.linked(src_id).chosen_by(None) != event.active:
        return NO  # "At the beginning of the chosen player's upkeep" (607.2d)
    return True, None, None, event.active  # "that player": the player whose step it is


def _becomes_target(game: Game, src_id: ObjectId, controller: PlayerId, t: BecomesTarget, event: Event,
                    spell_self: int | None) -> Hit:  # fmt: skip
    """702.21a: it becomes the target of a spell or ability an opponent controls."""
    if not isinstance(event, BecameTarget) or event.obj != src_id or event.player == controller:
        return NO
    return True, event.obj, event.sid, event.player


def _attacks(game: Game, src_id: ObjectId, controller: PlayerId, t: A.AttacksTrigger, event: Event,
             spell_self: int | None) -> Hit:  # fmt: skip
    """508.1m, 508.3a: "Whenever [this] attacks" / "Whenever a [filter] attacks"
    trigger as attackers are declared; "defending player" is the player it attacks."""
    if not isinstance(event, Attacked):
        return NO
    return _is_subject(game, t.object, event.obj, controller, src_id), event.obj, None, event.defender


def _attacks_most_life(game: Game, src_id: ObjectId, controller: PlayerId, t: AttacksMostLife, event: Event,
                       spell_self: int | None) -> Hit:  # fmt: skip
    """702.105a: dethrone's trigger — this creature attacks a player whose
    life total is the highest of all players' or tied for it, as it attacks."""
    hit = _attacks(game, src_id, controller, t, event, spell_self)
    if not hit[0] or not isinstance(hit[3], str):
        return NO
    most = max(game.player(p).life for p in game.state.players)
    return hit if game.player(hit[3]).life == most else NO


def _last_counter_removed(game: Game, src_id: ObjectId, controller: PlayerId, t: LastCounterRemoved, event: Event,
                          spell_self: int | None) -> Hit:  # fmt: skip
    """702.63a: "When the last time counter is removed from this permanent":
    counters of the kind are removed from it and it has none of them left."""
    if not isinstance(event, CountersRemoved) or event.obj != src_id or event.kind != t.kind or event.left:
        return NO
    return True, src_id, None, None


def _deals_combat_damage(game: Game, src_id: ObjectId, controller: PlayerId, t: A.DealsCombatDamageTrigger,
                         event: Event, spell_self: int | None) -> Hit:  # fmt: skip
    """510.3a, 603.2: "Whenever [this] deals combat damage to a player"; "that
    player" is the player dealt damage.  "Whenever one or more creatures you
    control deal combat damage to a player" triggers once for all the damage
    of a step (603.2c), for the first player dealt damage."""
    if _one_or_more(t.object):
        if not isinstance(event, CombatDamageStep):
            return NO
        for source, to, amount in event.dealt:
            if isinstance(to, str) and amount > 0 and _is_subject(game, t.object, source, controller, src_id):
                return True, source, None, to
        return NO
    if not isinstance(event, DealtCombatDamage):
        return NO
    return _is_subject(game, t.object, event.obj, controller, src_id), event.obj, None, event.to


def _one_or_more(ref: object) -> bool:
    """ "one or more [creatures]" (603.2c): the event happens once, however many did it."""
    return isinstance(ref, A.AnObject) and ref.how == "or more"


def _deals_damage(game: Game, src_id: ObjectId, controller: PlayerId, t: A.DealsDamageTrigger,
                  event: Event, spell_self: int | None) -> Hit:  # fmt: skip
    """120.3, 603.2: "Whenever [this] deals damage" — any damage, combat or
    not, to any recipient; "that much" is the amount it dealt (603.7c)."""
    if not isinstance(event, DealtDamage):
        return NO
    return _is_subject(game, t.object, event.obj, controller, src_id), event.obj, None, None


def _is_turned_face_up(game: Game, src_id: ObjectId, controller: PlayerId, subject: object, e: A.Event,
                       event: Event) -> Hit:  # fmt: skip
    """708.8: "Whenever [this] or another creature you control is turned
    face up", "When enchanted creature is turned face up": the permanent
    turned face up is the subject, or one of its parts; "it" is that permanent."""
    if not isinstance(event, TurnedFaceUp):
        return NO
    return _is_subject(game, subject, event.obj, controller, src_id), event.obj, None, event.player


def _you_turn_face_up(game: Game, src_id: ObjectId, controller: PlayerId, subject: object, e: A.Event,
                      event: Event) -> Hit:  # fmt: skip
    """708.8: "Whenever you turn a permanent face up"."""
    if not isinstance(event, TurnedFaceUp) or not isinstance(subject, A.You) or event.player != controller:
        return NO
    obj = game.get(event.obj)
    filt = _filter_of(e.other)
    if obj is None or (filt is not None and not matches(game, filt, obj, you=controller, source=src_id)):
        return NO
    return True, event.obj, None, event.player


@dataclass(frozen=True, slots=True)
class BoundObjects(A.Node):
    """The objects a delayed triggered ability's "that creature" means, fixed
    as the ability was made (603.7c)."""

    ids: tuple[ObjectId, ...] = ()


OBJECT_SUBJECTS: tuple[type, ...] = (
    A.SelfRef, A.ItRef, A.AnObject, A.Each, A.ObjectFilter, A.ThatRef, BoundObjects, A.AttachedRef,
)  # fmt: skip
"""The subjects an event about an object can have: [this], a description
("a creature you control"), "enchanted creature" / "equipped creature", or,
in a delayed trigger, "that creature" (603.7c)."""


def _object_subject(p: object) -> bool:
    """One subject (of several joined by "or") the engine can tell the object of."""
    if isinstance(p, A.AttachedRef):
        return not p.plural and p.noun != "player"
    return isinstance(p, OBJECT_SUBJECTS) and _source_supported(p)


def _recipient_matches(game: Game, other: object, to: ObjectId | PlayerId, controller: PlayerId,
                       src_id: ObjectId) -> bool:  # fmt: skip
    """Whether a recipient of damage is what the event names: a player of a
    group ("a player", "an opponent") or an object of a description
    ("one or more blocking creatures")."""
    if isinstance(to, str):
        return isinstance(other, A.PlayerGroup) and to in group_players(game, other.which, controller)
    filt = _filter_of(other)
    obj = game.get(to)
    return filt is not None and obj is not None and matches(game, filt, obj, you=controller, source=src_id)


def _combat_damage_to(game: Game, src_id: ObjectId, controller: PlayerId, subject: object, e: A.Event,
                      event: Event) -> Hit:  # fmt: skip
    """510.2, 603.2c: "Whenever [this] deals combat damage to one or more
    blocking creatures" — once for the step's damage it dealt, if any of it
    went to a recipient of that description; "to an opponent": that player.
    "Whenever [this] deals combat damage to a creature", "Whenever a creature
    deals combat damage to you": once for each recipient of that combat
    damage that fits (510.2, 603.2), as :func:`_deals_damage_to`."""
    if _each_recipient(e):
        if not isinstance(event, DamageDealtTo) or not event.combat:
            return NO
        return _deals_damage_to(game, src_id, controller, subject, e, event)
    if not isinstance(event, CombatDamageDealt) or not _is_subject(game, subject, event.obj, controller, src_id):
        return NO
    for to, amount in event.to:
        if amount > 0 and _recipient_matches(game, e.other, to, controller, src_id):
            return True, event.obj, None, to if isinstance(to, str) else None
    return NO


def _each_recipient(e: A.Event) -> bool:
    """Combat damage to each recipient of its own ("to a creature", "to
    you"), not to a group of players nor to "one or more" objects (603.2c)."""
    return not isinstance(e.other, A.PlayerGroup) and not _one_or_more(e.other)


def _combat_recipient_supported(subject: object, e: A.Event) -> bool:
    """A recipient the engine can tell: a group of players, "one or more"
    objects of a description (one trigger for the step, 603.2c), or each
    recipient of its own as "deals damage to" knows them."""
    if isinstance(e.other, A.PlayerGroup) or (_one_or_more(e.other) and _filter_of(e.other) is not None):
        return True
    return _each_recipient(e) and e.other is not None and _damage_recipient_supported(subject, e)


def _combat_damage(game: Game, src_id: ObjectId, controller: PlayerId, subject: object, e: A.Event,
                   event: Event) -> Hit:  # fmt: skip
    """510.2, 603.2: "Whenever [it] deals combat damage" — to any recipient,
    once a step; "that damage" is all it dealt (603.7c)."""
    if not isinstance(event, CombatDamageDealt) or event.amount <= 0:
        return NO
    return _is_subject(game, subject, event.obj, controller, src_id), event.obj, None, None


def _attacks_alone(game: Game, src_id: ObjectId, controller: PlayerId, subject: object, e: A.Event,
                   event: Event) -> Hit:  # fmt: skip
    """506.5, 508.1m: a creature attacks alone if it's the only creature
    declared as an attacker in the declare attackers step."""
    combat = game.state.combat
    if not isinstance(event, Attacked) or combat is None or len(combat.attackers) != 1:
        return NO
    return _is_subject(game, subject, event.obj, controller, src_id), event.obj, None, event.defender


def _becomes_blocked(game: Game, src_id: ObjectId, controller: PlayerId, subject: object, e: A.Event,
                     event: Event) -> Hit:  # fmt: skip
    """509.1h, 509.3c: "Whenever [a creature] becomes blocked" — once as
    blockers are declared, however many creatures block it."""
    if not isinstance(event, BecameBlocked):
        return NO
    return _is_subject(game, subject, event.obj, controller, src_id), event.obj, None, None


def _enters_under(game: Game, src_id: ObjectId, controller: PlayerId, subject: object, e: A.Event,
                  event: Event) -> Hit:  # fmt: skip
    """603.6a: "Whenever a creature enters (the battlefield) under your
    control" / "under an opponent's control": the object fits the subject
    and is controlled, as it enters, by the player named ("that player")."""
    if not isinstance(event, Entered) or not isinstance(e.other, A.Possessive):
        return NO
    obj = game.get(event.obj)
    if obj is None or not _player_matches(game, e.other.object, controller, obj.controller):
        return NO
    return _is_subject(game, subject, event.obj, controller, src_id), event.obj, None, obj.controller  # "that player"


def _whose_control_supported(e: A.Event) -> bool:
    """"under your control", "under an opponent's control": a player the engine can name."""
    return isinstance(e.other, A.Possessive) and isinstance(e.other.object, A.You | A.PlayerGroup)


def _blocks(game: Game, src_id: ObjectId, controller: PlayerId, subject: object, e: A.Event,
            event: Event) -> Hit:  # fmt: skip
    """509.3a: "Whenever [a creature] blocks" — once as it is declared a
    blocker ("it" is the blocker); 509.3b: "Whenever [a creature] blocks a
    creature [with flying]" — once for each attacker it blocks that fits
    ("that creature" is the attacker); "Whenever a creature without
    flanking blocks [this]" (702.25a) — once for each creature that blocks
    it that fits ("that creature", "the blocking creature" is the blocker)."""
    if e.other is None:
        if not isinstance(event, Blocks):
            return NO
        return _is_subject(game, subject, event.blocker, controller, src_id), event.blocker, None, None
    if isinstance(e.other, A.AnObject) and e.other.how == "or more":
        # 509.3a, 603.2c: "Whenever [this] blocks two or more creatures": once as
        # it is declared a blocker, if it blocks that many that fit
        if not isinstance(event, Blocks) or not _is_subject(game, subject, event.blocker, controller, src_id):
            return NO
        need = e.other.count.value if isinstance(e.other.count, A.Number) else 1
        fit = sum(1 for a in event.attackers if _is_subject(game, e.other, a, controller, src_id))
        return fit >= need, event.blocker, None, None
    if not isinstance(event, BlocksAttacker) or not _is_subject(game, e.other, event.attacker, controller, src_id):
        return NO
    if not _is_subject(game, subject, event.blocker, controller, src_id):
        return NO
    return True, event.blocker if _described(subject) and not _described(e.other) else event.attacker, None, None


def _blocks_supported(subject: object, e: A.Event) -> bool:
    """ "blocks" alone, "blocks a creature [with flying]", or "blocks [this]"
    / "blocks equipped creature" (any object the engine can tell)."""
    if e.other is None:
        return True
    if isinstance(e.other, A.AnObject) and e.other.how == "or more":
        return e.place is None and isinstance(e.other.count, A.Number) and _filter_of(e.other) is not None
    return e.place is None and all(_object_subject(p) for p in or_parts(e.other))


def _attacks_or_blocks(game: Game, src_id: ObjectId, controller: PlayerId, subject: object, e: A.Event,
                       event: Event) -> Hit:  # fmt: skip
    """"Whenever [this] attacks or blocks" (508.3a, 509.3a)."""
    hit = _blocks(game, src_id, controller, subject, A.Event("blocks"), event)
    return hit if hit[0] else _attacks(game, src_id, controller, A.AttacksTrigger(subject), event, None)


def _blocks_or_becomes_blocked(game: Game, src_id: ObjectId, controller: PlayerId, subject: object, e: A.Event,
                               event: Event) -> Hit:  # fmt: skip
    """"Whenever [this] blocks or becomes blocked" (509.3a, 509.3c)."""
    hit = _blocks(game, src_id, controller, subject, A.Event("blocks"), event)
    return hit if hit[0] else _becomes_blocked(game, src_id, controller, subject, e, event)


def _is_dealt_damage(game: Game, src_id: ObjectId, controller: PlayerId, subject: object, e: A.Event,
                     event: Event) -> Hit:  # fmt: skip
    """120.3, 603.2: "Whenever [this] is dealt damage" — once for all the
    damage dealt to it at once (510.2); "that much" is the amount (603.7c);
    "is dealt combat damage" only for combat damage, "noncombat" only for
    the other.  "Whenever you're dealt
    damage", "Whenever an opponent is dealt damage": a player, once for all
    the damage dealt to them at once; "that player" is them."""
    if not isinstance(event, WasDealtDamage) or (e.kind == "is dealt combat damage" and not event.combat):
        return NO
    if e.kind == "is dealt noncombat damage" and event.combat:
        return NO
    if isinstance(event.obj, str):
        if not isinstance(subject, PLAYER_SUBJECTS) or not _player_matches(game, subject, controller, event.obj):
            return NO
        return True, None, None, event.obj
    if isinstance(subject, PLAYER_SUBJECTS):
        return NO
    return _is_subject(game, subject, event.obj, controller, src_id), event.obj, None, None


def _becomes_target_of(game: Game, src_id: ObjectId, controller: PlayerId, subject: object, e: A.Event,
                       event: Event) -> Hit:  # fmt: skip
    """115.1, 603.2: "When [this] becomes the target of a spell [an opponent
    controls]" — as the spell is cast (601.2c) or its targets change."""
    if not isinstance(event, BecameTarget):
        return NO
    if isinstance(event.obj, str) != isinstance(subject, PLAYER_SUBJECTS):
        return NO  # "Whenever you become the target of ...": a player targeted; else an object
    if isinstance(event.obj, str):
        if not _player_matches(game, subject, controller, event.obj):
            return NO
    elif not _is_subject(game, subject, event.obj, controller, src_id):
        return NO
    item = game.stack_item(event.sid)
    filt = _filter_of(e.other)
    if item is None or filt is None:
        return NO
    if _stack_object_nouns(filt):
        # "a spell or ability you control": any object on the stack, by who controls it (113.1, 601.2c)
        ctl = filt.controller
        if ctl is not None and not _player_matches(game, ctl.player, controller, item.controller):
            return NO
        if "spell" not in _nouns(filt) and item.kind == "spell":
            return NO
        return True, None if isinstance(event.obj, str) else event.obj, event.sid, event.player
    if item.kind != "spell":
        return NO
    spell = game.get(item.source)
    if spell is None or not matches(game, filt, spell, you=controller, source=src_id):
        return NO
    return True, None if isinstance(event.obj, str) else event.obj, event.sid, event.player


def _nouns(filt: A.ObjectFilter) -> tuple[str, ...]:
    return tuple(n.lower() for n in filt.nouns)


def _stack_object_nouns(filt: A.ObjectFilter) -> bool:
    """ "a spell or ability", "an ability": what is on the stack, not only spells."""
    return _nouns(filt) in (("spell", "ability"), ("ability",))


def _spell_described(e: A.Event) -> bool:
    """ "a spell" of a description the engine matches, or "a spell or
    ability [a player] controls" (known only by who controls it)."""
    filt = _filter_of(e.other)
    if filt is None:
        return False
    if _stack_object_nouns(filt):
        ctl = filt.controller
        return not filt.adjectives and not filt.qualities and (
            ctl is None or (not ctl.negated and not ctl.past and isinstance(ctl.player, A.You | A.PlayerGroup))
        )  # fmt: skip
    return filt.spell and not filt.nouns


def _championed(game: Game, src_id: ObjectId, controller: PlayerId, subject: object, e: A.Event,
                event: Event) -> Hit:  # fmt: skip
    """702.72a, 607.2k: "When a [Faerie] is championed with [this]" — the
    card exiled by this permanent's champion ability."""
    if not isinstance(event, Championed) or not _is_self(e.other) or event.champion != src_id:
        return NO
    filt = _filter_of(subject)
    obj = game.get(event.obj)
    if filt is not None and (obj is None or not matches(game, filt, obj, you=controller, source=src_id, anywhere=True)):
        return NO  # the card is in exile now: "a Faerie" describes the card championed
    return True, event.obj, None, None


def _counters_put_on(game: Game, src_id: ObjectId, controller: PlayerId, subject: object, e: A.Event,
                     event: Event) -> Hit:  # fmt: skip
    """122.6, 603.2c: "Whenever one or more [+1/+1] counters are put on [a
    creature you control]" — once for each object counters were put on,
    whether by an instruction or as it entered."""
    if not isinstance(event, CountersPut) or (e.place and e.place != event.kind):
        return NO
    return _is_subject(game, e.other, event.obj, controller, src_id), event.obj, None, None


def _counter_put_on(game: Game, src_id: ObjectId, controller: PlayerId, subject: object, e: A.Event,
                    event: Event) -> Hit:  # fmt: skip
    """122.6, 603.2: "Whenever a +1/+1 counter is put on [this]", "Whenever a
    -1/-1 counter is put on a creature" — once for each counter."""
    if not isinstance(event, CounterPut) or (e.place and e.place != event.kind):
        return NO
    return _is_subject(game, e.other, event.obj, controller, src_id), event.obj, None, None


def _returned_to_hand(game: Game, src_id: ObjectId, controller: PlayerId, subject: object, e: A.Event,
                      event: Event) -> Hit:  # fmt: skip
    """603.6c, 603.10a: "Whenever a permanent is returned to a player's hand"
    — a permanent put into its owner's hand from the battlefield, judged as
    it last existed there; "that player" is the owner."""
    if not isinstance(event, Left) or event.lki.zone != "battlefield" or event.to_zone != "hand":
        return NO
    owner = event.lki.owner
    if isinstance(e.place, A.Possessive) and not _player_matches(game, e.place.object, controller, owner):
        return NO
    hit = _leaves(game, src_id, controller, A.LeavesTrigger(subject), event, None)
    return (True, hit[1], None, owner) if hit[0] else NO


def _becomes_saddled(game: Game, src_id: ObjectId, controller: PlayerId, subject: object, e: A.Event,
                     event: Event) -> Hit:  # fmt: skip
    """702.171b, 603.2: "Whenever [this] becomes saddled"."""
    if not isinstance(event, BecameSaddled):
        return NO
    return _is_subject(game, subject, event.obj, controller, src_id), event.obj, None, None


def _crews(act: str) -> Callable[..., Hit]:
    """702.122b, 702.171c: "Whenever [this] crews a Vehicle" / "saddles a
    Mount" — as it is tapped to pay that permanent's crew or saddle cost;
    "that Vehicle" / "that Mount" is the permanent crewed or saddled."""

    def hit(game: Game, src_id: ObjectId, controller: PlayerId, subject: object, e: A.Event, event: Event) -> Hit:
        if not isinstance(event, Crewed) or event.act != act:
            return NO
        filt = _filter_of(e.other)
        vehicle = game.get(event.vehicle)
        if filt is not None and (vehicle is None or not matches(game, filt, vehicle, you=controller, source=src_id)):
            return NO
        return _is_subject(game, subject, event.creature, controller, src_id), event.vehicle, None, None

    return hit


def _unlocks(fully: bool) -> Callable[..., Hit]:
    """709.5h: "When you unlock this door" — as that door of this Room
    becomes unlocked (cast by it, it enters so, 709.5d); 709.5i: "whenever you fully
    unlock a Room" — as the last locked door of a Room becomes unlocked."""

    def hit(game: Game, src_id: ObjectId, controller: PlayerId, subject: object, e: A.Event, event: Event) -> Hit:
        from .rooms import this_door

        if not isinstance(event, DoorUnlocked) or (fully and not event.fully):
            return NO
        if not isinstance(subject, PLAYER_SUBJECTS) or not _player_matches(game, subject, controller, event.player):
            return NO
        room = game.get(event.obj)
        if room is None:
            return NO
        if _is_self(e.other):
            if event.obj != src_id or (not fully and this_door(room.copy_of or room.card, e) != event.door):
                return NO
        else:
            filt = _filter_of(e.other)
            if filt is None or not matches(game, filt, room, you=controller, source=src_id):
                return NO
        return True, event.obj, None, event.player

    return hit


def _becomes_tapped(game: Game, src_id: ObjectId, controller: PlayerId, subject: object, e: A.Event,
                    event: Event) -> Hit:  # fmt: skip
    """701.26a, 603.2: "Whenever [a creature you control] becomes tapped" —
    tapped by any means, but not entering tapped."""
    if not isinstance(event, BecameTapped):
        return NO
    return _is_subject(game, subject, event.obj, controller, src_id), event.obj, None, None


def _becomes_untapped(game: Game, src_id: ObjectId, controller: PlayerId, subject: object, e: A.Event,
                      event: Event) -> Hit:  # fmt: skip
    """701.26b, 603.2: "Whenever [this creature] becomes untapped" — untapped
    by any means: in its controller's untap step (502.3), by an instruction,
    or by paying {Q}."""
    if not isinstance(event, BecameUntapped):
        return NO
    return _is_subject(game, subject, event.obj, controller, src_id), event.obj, None, None


def _attacks_unblocked(game: Game, src_id: ObjectId, controller: PlayerId, subject: object, e: A.Event,
                       event: Event) -> Hit:  # fmt: skip
    """509.1h, 603.2: "Whenever [this creature] attacks and isn't blocked" —
    as blockers are declared, for an attacking creature no creature blocks
    (one put onto the battlefield attacking too); "defending player" is the
    player it attacks."""
    if not isinstance(event, NotBlocked):
        return NO
    return _is_subject(game, subject, event.obj, controller, src_id), event.obj, None, event.defender


def _put_into_from_battlefield(game: Game, src_id: ObjectId, controller: PlayerId, subject: object, e: A.Event,
                               event: Event) -> Hit:  # fmt: skip
    """603.6c, 603.10a: "When [this] is put into a graveyard from the
    battlefield", "Whenever a creature is put into an opponent's graveyard
    from the battlefield" — a leaves-the-battlefield ability, judged as the
    object last existed on the battlefield; a graveyard named by whose it is
    is its owner's (404.1: "that player")."""
    if not isinstance(event, Left) or event.lki.zone != "battlefield" or not isinstance(e.place, A.ZonePlace):
        return NO
    if not _zone_fits(game, e.place, event.to_zone, event.lki.owner, controller):
        return NO
    hit = _leaves(game, src_id, controller, A.LeavesTrigger(subject), event, None)
    if not hit[0]:
        return NO
    return True, hit[1], None, _named_owner(e.place, event.lki.owner)


def _put_into_supported(e: A.Event) -> bool:
    """"into a graveyard" (the owner's, 404.1), or into the graveyard of a
    player the engine can name ("your graveyard", "an opponent's graveyard")."""
    return _plain_zone(e.place) and e.place.zone == "graveyard"


def _plain_zone(place: object, *, anywhere: bool = False) -> bool:
    """One zone ("a graveyard", "your library", "exile"; "anywhere" with
    ``anywhere``), of no one or of a player the engine can name."""
    if not isinstance(place, A.ZonePlace) or place.second or place.joiner or place.how not in ("possessive", "a", ""):
        return False
    if place.zone == "anywhere":
        return anywhere
    owner = place.owner
    return place.zone in ("graveyard", "library", "hand", "exile") and (
        owner is None or (isinstance(owner, A.Possessive) and isinstance(owner.object, A.You | A.PlayerGroup))
    )  # fmt: skip


def _zone_fits(game: Game, place: A.ZonePlace, zone: str, owner: PlayerId, controller: PlayerId) -> bool:
    """Is ``zone``, of the player ``owner``, the zone ``place`` names ("an opponent's graveyard")?"""
    if place.zone != zone:
        return False
    whose = place.owner
    return whose is None or (isinstance(whose, A.Possessive) and _player_matches(game, whose.object, controller, owner))


def _named_owner(place: object, owner: PlayerId) -> PlayerId | None:
    """ "that player": the owner of the zone named by whose it is ("a player's graveyard")."""
    if isinstance(place, A.ZonePlace) and isinstance(place.owner, A.Possessive):
        return owner
    return None


def _put_into_from(game: Game, src_id: ObjectId, controller: PlayerId, subject: object, e: A.Event,
                   event: Event) -> Hit:  # fmt: skip
    """603.2, 603.6c: "Whenever a card is put into an opponent's graveyard
    from anywhere", "When [this] is put into your graveyard from your
    library" — the card as it is in the zone it was put into (an ability
    that triggers on a card put into a zone "from anywhere" is no
    leaves-the-battlefield ability, 603.6c); "that card" is it there, "that
    player" the owner of a zone named by whose it is."""
    if not isinstance(event, PutInto) or not isinstance(e.other, A.ZonePlace) or not isinstance(e.place, A.ZonePlace):
        return NO
    if not _zone_fits(game, e.other, event.to_zone, event.owner, controller):
        return NO
    if e.place.zone != "anywhere" and not _zone_fits(game, e.place, event.from_zone, event.owner, controller):
        return NO
    return _card_hit(game, subject, event, controller, src_id, e.other)


def _card_hit(game: Game, subject: object, event: PutInto, controller: PlayerId, src_id: ObjectId,
              named: object) -> Hit:  # fmt: skip
    """A zone-change event's card (or, for "one or more", the cards moved
    together, once for them all, 603.2c: "Whenever one or more cards are put
    into exile from your graveyard") fits the subject; "that player" is the
    owner of the zone ``named`` says whose it is."""
    if _one_or_more(subject):
        if any(_card_fits(game, subject, oid, controller, src_id) for oid in event.together):
            return True, None, None, _named_owner(named, event.owner)
        return NO
    if not _card_fits(game, subject, event.obj, controller, src_id):
        return NO
    return True, event.obj, None, _named_owner(named, event.owner)


def _card_fits(game: Game, subject: object, oid: ObjectId, controller: PlayerId, src_id: ObjectId) -> bool:
    """The card a zone-change event is about is the subject: [this], or a card described (as it is now, anywhere)."""
    if _is_self(subject):
        return oid == src_id
    filt = _filter_of(subject)
    card = game.get(oid)
    if card is not None and card.face_down is not None:
        # 603.10a: a card that left a graveyard is judged as it was there, not as the face-down object it became
        raise Unsupported("a card described that moved to a zone face down (judged as it was before, 603.10a)")
    return filt is not None and card is not None and matches(game, filt, card, you=controller, source=src_id,
                                                              anywhere=True)  # fmt: skip


def _leaves_zone(game: Game, src_id: ObjectId, controller: PlayerId, subject: object, e: A.Event,
                 event: Event) -> Hit:  # fmt: skip
    """603.2, 603.10a: "Whenever a card leaves your graveyard", "Whenever one
    or more creature cards leave your graveyard" (once for the cards that
    leave together, 603.2c; "that many" their number) — to any zone; "that
    card" is it where it went, "that player" the owner of a zone named by
    whose it is."""
    if not isinstance(event, PutInto) or not isinstance(e.place, A.ZonePlace):
        return NO
    if not _zone_fits(game, e.place, event.from_zone, event.owner, controller):
        return NO
    return _card_hit(game, subject, event, controller, src_id, e.place)


def _cards_described(subject: object, *, together: bool) -> bool:
    """[this], a card described, or (``together``) "one or more" of them."""
    from .filters import filter_problem

    if _is_self(subject):
        return True
    if not isinstance(subject, A.AnObject) or subject.up_to or subject.any_number:
        return False
    if filter_problem(subject.filter) is not None:
        return False
    if subject.how == "or more":
        return together and isinstance(subject.count, A.Number) and subject.count.value == 1
    return subject.how in ("", "another") and (
        subject.count is None or (isinstance(subject.count, A.Number) and subject.count.value == 1)
    )  # fmt: skip


def _leaves_zone_supported(subject: object, e: A.Event) -> bool:
    """"leaves [a zone]": one zone the engine can name (not the battlefield: that is "leaves the battlefield")."""
    return e.other is None and _plain_zone(e.place) and _cards_described(subject, together=True)


def _enters_from(game: Game, src_id: ObjectId, controller: PlayerId, subject: object, e: A.Event,
                 event: Event) -> Hit:  # fmt: skip
    """603.6a, 603.2: "When [this] enters from a graveyard", "Whenever
    another permanent enters from your graveyard": an enters event of the
    permanent that came from that zone."""
    if not isinstance(event, Entered) or event.from_zone is None or not isinstance(e.place, A.ZonePlace):
        return NO
    obj = game.get(event.obj)
    if obj is None or not _zone_fits(game, e.place, event.from_zone, obj.owner, controller):
        return NO
    return _enters(game, src_id, controller, A.EntersTrigger(subject), event, None)


def _leaves_without_dying(game: Game, src_id: ObjectId, controller: PlayerId, subject: object, e: A.Event,
                          event: Event) -> Hit:  # fmt: skip
    """603.6c, 603.10a, 700.4: "Whenever [this] or another creature you
    control leaves the battlefield without dying" — to any zone but a
    graveyard, or a noncreature one to a graveyard; judged as it last existed."""
    if not isinstance(event, Left) or event.lki.zone != "battlefield":
        return NO
    if event.to_zone == "graveyard" and "creature" in event.lki.types:
        return NO
    return _leaves(game, src_id, controller, A.LeavesTrigger(subject), event, None)


def _put_into_from_supported(subject: object, e: A.Event) -> bool:
    """Into one zone, from one zone or "anywhere" (from the battlefield is
    the leaves-the-battlefield event of its own); of [this], or of a card
    (or cards) described, each one its own event, or "one or more" of them
    put there together (603.2c)."""
    if not _plain_zone(e.other) or not _plain_zone(e.place, anywhere=True):
        return False
    return _cards_described(subject, together=True)


def _permanent_put_into(game: Game, src_id: ObjectId, controller: PlayerId, subject: object, e: A.Event,
                        event: Event) -> Hit:  # fmt: skip
    """ "Whenever a permanent you control is put into a graveyard", "When
    enchanted Forest is put into a graveyard": a permanent is only on the
    battlefield (110.1), so it is put into the graveyard from there — a
    leaves-the-battlefield ability, judged as it last existed (603.6c, 603.10a)."""
    return _put_into_from_battlefield(game, src_id, controller, subject, e, event)


def _permanent_subject(subject: object) -> bool:
    """A subject that is a permanent: "enchanted Forest", "a creature you
    control", "a permanent" (not a card, a spell, or [this], which may be
    a card elsewhere)."""
    def one(p: object) -> bool:
        if isinstance(p, A.AttachedRef):
            return not p.plural and p.noun != "player"
        filt = _filter_of(p)
        if filt is None or not isinstance(p, A.AnObject) or p.how not in ("", "another") or filt.card or filt.spell:
            return False
        return bool(filt.nouns) and all(n.lower() not in ("card", "spell", "source") for n in filt.nouns)

    return all(one(p) for p in or_parts(subject))


def _player_event(*kinds: type[GainedLife | LostLife | DrewCard | PlayerAttacked]) -> Callable[..., Hit]:
    """603.2: an event a player does ("Whenever you gain life", "Whenever an
    opponent draws a card", "Whenever you attack"): the subject is a player
    or a group of them; "that player" is the one who did it, "that much" the
    amount (603.7c)."""

    def hit(game: Game, src_id: ObjectId, controller: PlayerId, subject: object, e: A.Event, event: Any) -> Hit:
        if not isinstance(event, kinds) or not isinstance(subject, PLAYER_SUBJECTS):
            return NO
        player: PlayerId = event.player
        if not _player_matches(game, subject, controller, player):
            return NO
        return True, None, None, player

    return hit


PLAYER_SUBJECTS = (A.You, A.PlayerGroup)


def _attacks_event(game: Game, src_id: ObjectId, controller: PlayerId, subject: object, e: A.Event,
                   event: Event) -> Hit:  # fmt: skip
    """"Whenever you attack" (a player's, 508.1), or "Whenever a creature
    attacks you or a planeswalker you control" (508.1m, 508.3a): a creature
    declared as an attacker whose defender fits; "defending player" is the
    player it attacks.  "Whenever one or more creatures attack you": once
    as attackers are declared (603.2c)."""
    if isinstance(subject, PLAYER_SUBJECTS):
        return _player_event(PlayerAttacked)(game, src_id, controller, subject, e, event)
    if _one_or_more(subject):
        combat = game.state.combat
        if not isinstance(event, PlayerAttacked) or combat is None:
            return NO
        for aid, defender in combat.attackers.items():
            if _recipient_is(game, e.other, defender, controller, src_id) and _is_subject(
                    game, subject, aid, controller, src_id):  # fmt: skip
                return True, None, None, defender
        return NO
    if not isinstance(event, Attacked) or not _recipient_is(game, e.other, event.defender, controller, src_id):
        return NO
    return _is_subject(game, subject, event.obj, controller, src_id), event.obj, None, event.defender


def _attacks_together(game: Game, src_id: ObjectId, controller: PlayerId, t: A.AttacksTogetherTrigger, event: Event,
                      spell_self: int | None) -> Hit:  # fmt: skip
    """508.1m, 603.2 (battalion): "Whenever [this] and at least two other
    creatures attack" — as attackers are declared, if it is one of them and
    at least that many other attackers fit the description; "defending
    player" is the player it attacks."""
    combat = game.state.combat
    if not isinstance(event, Attacked) or combat is None or not isinstance(t.count, A.Number):
        return NO
    if not _is_subject(game, t.object, event.obj, controller, src_id):
        return NO
    others = sum(1 for aid in combat.attackers if aid != event.obj and (o := game.get(aid)) is not None
                 and matches(game, t.others, o, you=controller, source=src_id))  # fmt: skip
    return others >= t.count.value, event.obj, None, event.defender


def _attacks_together_supported(t: A.AttacksTogetherTrigger) -> bool:
    """[this] (or an object the engine can tell), a number, and the other attackers described."""
    from .filters import filter_problem

    return (isinstance(t.count, A.Number) and isinstance(t.others, A.ObjectFilter) and filter_problem(t.others) is None
            and all(_object_subject(p) for p in or_parts(t.object)))  # fmt: skip


def _attacks_with(game: Game, src_id: ObjectId, controller: PlayerId, subject: object, e: A.Event,
                  event: Event) -> Hit:  # fmt: skip
    """508.1, 603.2c: "Whenever you attack with three or more creatures",
    "Whenever a player attacks with one or more Lizards" — once as that
    player declares attackers, if that many of them fit; "that player" is
    the attacking player."""
    combat = game.state.combat
    if not isinstance(event, PlayerAttacked) or combat is None or not isinstance(subject, PLAYER_SUBJECTS):
        return NO
    if not _player_matches(game, subject, controller, event.player) or not isinstance(e.other, A.AnObject):
        return NO
    count = e.other.count
    need = count.value if isinstance(count, A.Number) else 1
    fit = sum(1 for aid in combat.attackers if _is_subject(game, e.other, aid, controller, src_id))
    return fit >= need, None, None, event.player


def _attacks_with_supported(e: A.Event) -> bool:
    """"with N or more [creatures]" (a number, objects described)."""
    from .filters import filter_problem

    what = e.other
    return (e.place is None and isinstance(what, A.AnObject) and what.how == "or more" and isinstance(what.count, A.Number)
            and not what.up_to and not what.any_number and filter_problem(what.filter) is None)  # fmt: skip


def _attacks_supported(subject: object, e: A.Event) -> bool:
    """"you attack" (as before, whatever follows), or an attacking creature
    and whom it attacks: you, a group of players, one of them, or a
    planeswalker described (the engine's creatures attack players only)."""
    if isinstance(subject, PLAYER_SUBJECTS):
        return True
    if e.place is not None or e.other is None:
        return False
    for p in or_parts(e.other):
        p = _one_of_group(p)
        if isinstance(p, A.PlayerGroup):
            if p.which not in OPPONENT_GROUPS | ALL_PLAYER_GROUPS:
                return False
        elif not isinstance(p, A.You) and (_filter_of(p) is None or _one_or_more(p)):
            return False
    return True


def _sacrifices(game: Game, src_id: ObjectId, controller: PlayerId, subject: object, e: A.Event,
                event: Event) -> Hit:  # fmt: skip
    """701.21a, 603.2: "Whenever you sacrifice a creature" — once for each
    permanent sacrificed that fits the description, judged as it last
    existed on the battlefield (603.10a); "that creature" is it."""
    if not isinstance(event, Sacrificed) or not isinstance(subject, PLAYER_SUBJECTS):
        return NO
    if not _player_matches(game, subject, controller, event.player):
        return NO
    if _is_self(e.other):
        # "When you sacrifice [this]": it looks back at its own leaving (603.10a)
        return event.lki.id == src_id, event.lki.id, None, event.player
    filt = _filter_of(e.other)
    last = event.lki.last
    if filt is None or last is None or not matches(game, filt, last, you=controller, source=src_id):
        return NO
    return True, event.lki.id, None, event.player
"""The subjects of an event a player does: you, or a group ("an opponent", "a player")."""

OBJECT_OR_PLAYER_SUBJECTS = (*OBJECT_SUBJECTS, *PLAYER_SUBJECTS)
"""The subjects of an event that happens to an object or to a player ("is dealt damage")."""


def _recipient_is(game: Game, other: object, to: ObjectId | PlayerId, controller: PlayerId, src_id: ObjectId) -> bool:
    """Whether the recipient of damage is what the trigger names: you, a
    player of a group ("an opponent", "a player"), [this], "enchanted
    creature", an object of a description ("a creature", "a Dinosaur"), or
    one of several joined by "or" ("you or a planeswalker you control")."""
    if isinstance(other, A.BothRef) and other.conj == "or":
        return any(_recipient_is(game, p, to, controller, src_id) for p in or_parts(other))
    other = _one_of_group(other)
    if isinstance(to, str):
        if isinstance(other, A.You):
            return to == controller
        return isinstance(other, A.PlayerGroup) and to in group_players(game, other.which, controller)
    if isinstance(other, A.You | A.PlayerGroup):
        return False
    return _is_subject(game, other, to, controller, src_id, lki=True)


def _one_of_group(ref: object) -> object:
    """ "one of your opponents": a player of that group, as "an opponent"."""
    if isinstance(ref, A.EachOf) and ref.one and isinstance(ref.of, A.PlayerGroup):
        count = ref.count
        if count is None or (isinstance(count, A.Number) and count.value == 1):
            return ref.of
    return ref


def _described(ref: object) -> bool:
    """Some part of a subject or recipient is an object of a description, not a known one."""
    return any(_filter_of(p) is not None for p in or_parts(ref))


def _deals_damage_to(game: Game, src_id: ObjectId, controller: PlayerId, subject: object, e: A.Event,
                     event: Event) -> Hit:  # fmt: skip
    """120.3, 603.2: "Whenever [a source] deals damage to [a recipient]" —
    once for each source and each recipient it dealt damage to in one event
    (combat damage or not; "noncombat damage" only the other); the source is
    judged as it was when it dealt the damage (a spell now in a graveyard,
    608.2h).  "That player" is the player dealt damage, "that much" the
    amount (603.7c); "that creature" the recipient when the source is a
    known one ([this], "equipped creature"), else the source ("Whenever a
    creature deals damage to you, destroy it")."""
    if not isinstance(event, DamageDealtTo) or event.amount <= 0:
        return NO
    if e.kind == "deals noncombat damage to" and event.combat:
        return NO
    if not _is_subject(game, subject, event.source, controller, src_id, lki=True):
        return NO
    if not _recipient_is(game, e.other, event.to, controller, src_id):
        return NO
    to = event.to
    if isinstance(to, str):
        return True, event.source, None, to
    return True, to if not _described(subject) else event.source, None, None


def _damage_recipient_supported(subject: object, e: A.Event) -> bool:
    """A recipient the engine can tell, each part of it: you, a group of
    players it knows, or an object ([this], "enchanted creature", a
    description of objects, not "one or more" of them, 603.2c); and, when
    the recipient is an object of a description, a subject that isn't one
    too (both would be "that creature")."""
    for p in or_parts(e.other):
        p = _one_of_group(p)
        if isinstance(p, A.You):
            continue
        if isinstance(p, A.PlayerGroup):
            if p.which not in OPPONENT_GROUPS | ALL_PLAYER_GROUPS:
                return False
            continue
        filt = _filter_of(p)
        if not _object_subject(p) or _one_or_more(p):
            return False
        if filt is not None and (_described(subject) or any(n.lower() in ("player", "opponent") for n in filt.nouns)):
            return False
    return True


def _becomes_blocked_by(game: Game, src_id: ObjectId, controller: PlayerId, subject: object, e: A.Event,
                        event: Event) -> Hit:  # fmt: skip
    """509.3d: "Whenever [a creature] becomes blocked by a [creature]" —
    once for each creature blocking it that fits ("that creature" is the
    blocker); 603.2c: "by one or more [creatures]" once, as blockers are
    declared, if any of its blockers fits."""
    if _one_or_more(e.other):
        combat = game.state.combat
        if not isinstance(event, BecameBlocked) or combat is None:
            return NO
        if not _is_subject(game, subject, event.obj, controller, src_id):
            return NO
        blockers = [b for b, aids in combat.blockers.items() if event.obj in aids]
        if any(_is_subject(game, e.other, b, controller, src_id) for b in blockers):
            return True, event.obj, None, None
        return NO
    if not isinstance(event, BlocksAttacker):
        return NO
    if _is_subject(game, subject, event.attacker, controller, src_id) and _is_subject(
        game, e.other, event.blocker, controller, src_id
    ):
        return True, event.blocker, None, None
    return NO


def _blocks_or_becomes_blocked_by(game: Game, src_id: ObjectId, controller: PlayerId, subject: object, e: A.Event,
                                  event: Event) -> Hit:  # fmt: skip
    """509.3b, 509.3d: "Whenever [this] blocks or becomes blocked by a
    [creature]" — once for each such creature it blocks or that blocks it
    ("that creature" is the other one); "by one or more [creatures]" once
    for its blocking and once for its becoming blocked (603.2c)."""
    if _one_or_more(e.other):
        if isinstance(event, Blocks) and _is_subject(game, subject, event.blocker, controller, src_id):
            if any(_is_subject(game, e.other, a, controller, src_id) for a in event.attackers):
                return True, event.blocker, None, None
            return NO
        return _becomes_blocked_by(game, src_id, controller, subject, e, event)
    if (
        isinstance(event, BlocksAttacker)
        and _is_subject(game, subject, event.blocker, controller, src_id)
        and _is_subject(game, e.other, event.attacker, controller, src_id)
    ):
        return True, event.attacker, None, None
    return _becomes_blocked_by(game, src_id, controller, subject, e, event)


def _blocker_described(e: A.Event) -> bool:
    return _filter_of(e.other) is not None


ORDINALS = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5}
"""The ordinal words of "your second spell each turn" (603.2)."""


def _ordinals(nth: A.NthEachTurn) -> frozenset[int]:
    return frozenset(ORDINALS[w] for w in nth.ordinal.split(" or "))


def _nth_supported(subject: object, e: A.Event, noun: str) -> bool:
    """"your second spell each turn", "their first or second card each
    turn": a player (you, or a group, whose "their" is that player), known
    ordinals, and a description the engine can judge (of cards drawn: just
    "card")."""
    nth = e.other
    if not isinstance(nth, A.NthEachTurn) or e.place is not None:
        return False
    if not all(w in ORDINALS for w in nth.ordinal.split(" or ")):
        return False
    whose_ok = (isinstance(subject, A.You) and isinstance(nth.whose, A.You)) or (
        isinstance(subject, A.PlayerGroup) and subject.which in OPPONENT_GROUPS | ALL_PLAYER_GROUPS
        and isinstance(nth.whose, A.TheirRef)
    )  # fmt: skip
    filt = nth.what
    if not whose_ok or not isinstance(filt, A.ObjectFilter):
        return False
    if noun == "card":
        return filt.card and not filt.nouns and not filt.adjectives and not filt.post
    return filt.spell or "spell" in (n.lower() for n in filt.nouns)


def _casts(game: Game, src_id: ObjectId, controller: PlayerId, subject: object, e: A.Event,
           event: Event) -> Hit:  # fmt: skip
    """601.2i, 603.2: "Whenever you cast your second spell each turn" —
    the spells that player cast this turn, as they were cast, that fit the
    description, counted up to this one; "Whenever you cast a noncreature
    spell or a Dragon spell": either description."""
    if not isinstance(event, Cast) or not isinstance(subject, PLAYER_SUBJECTS):
        return NO
    if not _player_matches(game, subject, controller, event.player):
        return NO
    item = game.stack_item(event.sid)
    cast = game.state.cast_this_turn
    if not 0 <= event.index < len(cast):
        return NO
    spell = cast[event.index]
    nth = e.other
    if isinstance(nth, A.NthEachTurn):
        filt = nth.what

        def fits(o: GameObject) -> bool:
            return matches(game, filt, o, you=controller, source=None, anywhere=True)

        if not fits(spell):
            return NO
        rank = sum(1 for o in cast[: event.index + 1] if o.controller == event.player and fits(o))
        return rank in _ordinals(nth), None, event.sid if item is not None else None, event.player
    live = game.get(item.source) if item is not None else None
    if live is None:
        return NO
    if any(matches(game, f, live, you=controller, source=src_id) for f in map(_filter_of, or_parts(nth)) if f is not None):
        return True, None, event.sid, event.player
    return NO


def _casts_supported(subject: object, e: A.Event) -> bool:
    """"your second spell each turn", or spell descriptions joined by "or"."""
    if isinstance(e.other, A.NthEachTurn):
        return _nth_supported(subject, e, "spell")
    parts = or_parts(e.other)
    return e.place is None and len(parts) > 1 and all(
        isinstance(p, A.AnObject) and p.how == "" and _spell_described(A.Event("casts", p)) for p in parts
    )  # fmt: skip


def _draws_nth(game: Game, src_id: ObjectId, controller: PlayerId, subject: object, e: A.Event,
               event: Event) -> Hit:  # fmt: skip
    """121.2, 603.2: "Whenever you draw your second card each turn" — the
    card that player drew that is their second this turn."""
    if not isinstance(event, DrewCard) or not isinstance(subject, PLAYER_SUBJECTS):
        return NO
    if not isinstance(e.other, A.NthEachTurn) or not _player_matches(game, subject, controller, event.player):
        return NO
    return event.nth in _ordinals(e.other), None, None, event.player


def _cycles(game: Game, src_id: ObjectId, controller: PlayerId, subject: object, e: A.Event,
            event: Event) -> Hit:  # fmt: skip
    """702.29c-d: "When you cycle [this card]" (it triggers from the
    graveyard the card was discarded to), "Whenever a player cycles a card"
    (typecycling too, 702.29e); "that player" is the one who cycled."""
    if not isinstance(event, Cycled) or not isinstance(subject, PLAYER_SUBJECTS):
        return NO
    if not _player_matches(game, subject, controller, event.player):
        return NO
    if _is_self(e.other):
        ok = event.card == src_id
    else:
        filt = _filter_of(e.other)
        card = game.get(event.card)
        if card is None:
            known = game.state.lki.get(event.card)
            card = known.last if known is not None else None
        ok = filt is not None and card is not None and matches(game, filt, card, you=controller, source=src_id,
                                                                anywhere=True)  # fmt: skip
    return ok, event.card, None, event.player


def _cycled_supported(e: A.Event) -> bool:
    """"this card" (its own name), or a description of cards ("a card")."""
    other = e.other
    if e.place is not None:
        return False
    if _is_self(other):
        return True
    return isinstance(other, A.AnObject) and other.how == "" and (
        other.filter.card or "card" in (n.lower() for n in other.filter.nouns)
    )


def _commits_crime(game: Game, src_id: ObjectId, controller: PlayerId, subject: object, e: A.Event,
                   event: Event) -> Hit:  # fmt: skip
    """700.13: "Whenever you commit a crime" — once for each spell or
    ability that player casts, activates or puts on the stack that targets
    an opponent of theirs, something an opponent controls, or a card in an
    opponent's graveyard."""
    if not isinstance(event, CommittedCrime) or not isinstance(subject, PLAYER_SUBJECTS):
        return NO
    return _player_matches(game, subject, controller, event.player), None, None, event.player


def _object_acted(verb: str) -> Callable[..., Hit]:
    """A keyword action done with or to an object ("When this creature
    becomes monstrous", 701.37): the object is the subject; "it" means it."""

    def hit(game: Game, src_id: ObjectId, controller: PlayerId, subject: object, e: A.Event, event: Event) -> Hit:
        if not isinstance(event, KeywordActed) or event.verb != verb or event.obj is None:
            return NO
        return _is_subject(game, subject, event.obj, controller, src_id), event.obj, None, None

    return hit


def _transforms(game: Game, src_id: ObjectId, controller: PlayerId, subject: object, e: A.Event, event: Event) -> Hit:
    """701.27a, 603.2: "Whenever [this] transforms", "When this creature
    transforms into [this face]" (its face with the ability is up),
    "Whenever a permanent you control transforms into a non-Human
    creature" — the permanent as it is once transformed."""
    if not isinstance(event, KeywordActed) or event.verb != "transform" or event.obj is None:
        return NO
    if not _is_subject(game, subject, event.obj, controller, src_id):
        return NO
    if e.other is not None and not _is_subject(game, e.other, event.obj, controller, src_id):
        return NO
    return True, event.obj, None, None


def _becomes_attached(game: Game, src_id: ObjectId, controller: PlayerId, subject: object, e: A.Event,
                      event: Event) -> Hit:  # fmt: skip
    """701.3a, 603.2: "Whenever an Aura becomes attached to [this]" — as it
    is attached (entering attached too, 303.4f); "that Aura" is it."""
    if not isinstance(event, AttachedTo) or not _is_subject(game, e.other, event.to, controller, src_id):
        return NO
    return _is_subject(game, subject, event.obj, controller, src_id), event.obj, None, None


def _becomes_unattached(game: Game, src_id: ObjectId, controller: PlayerId, subject: object, e: A.Event,
                        event: Event) -> Hit:  # fmt: skip
    """701.3d, 603.2, 603.10a: "Whenever [this] becomes unattached from a
    permanent, sacrifice that permanent" — moved to another, its host gone,
    it left the battlefield itself (its ability looks back), or unattached
    by a state-based action; "that permanent" is the host, as it last was."""
    if not isinstance(event, UnattachedFrom) or not _is_subject(game, subject, event.obj, controller, src_id, lki=True):
        return NO
    if e.other is not None and not _is_subject(game, e.other, event.host, controller, src_id, lki=True):
        return NO
    return True, event.host, None, None


def _unattached_lki(game: Game, event: UnattachedFrom) -> list[Any]:
    """603.10a: an Equipment or Aura that left the battlefield became
    unattached as it left: its abilities about that, as it last existed."""
    if game.get(event.obj) is not None:
        return []
    lki = game.state.lki.get(event.obj)
    if lki is None or lki.face_down is not None:
        return []
    own = [(i, ab) for i, ab in enumerate(lki.abilities) if isinstance(ab, A.TriggeredAbility) and _unattaches(ab.trigger)]
    return [(lki.id, lki.controller, own, lki.name, None)] if own else []


@per_node
def _unattaches(trigger: A.Node) -> bool:
    """A trigger with the event "[this] becomes unattached from ..."."""
    return any(isinstance(n, A.Event) and n.kind == "becomes unattached from" for n in walk(trigger))


def _a_permanent_described(ref: object) -> bool:
    """ "a creature", "a Warrior you control": one permanent of a description."""
    from .filters import filter_problem

    return isinstance(ref, A.AnObject) and ref.how in ("", "another") and not ref.up_to and not ref.any_number and (
        filter_problem(ref.filter) is None and (ref.count is None or isinstance(ref.count, A.Number) and ref.count.value == 1)
    )  # fmt: skip


def _a_creature(ref: object) -> bool:
    """ "a creature", no more said of it (what exploit sacrifices, 702.110b)."""
    if not isinstance(ref, A.AnObject) or ref.how or ref.up_to or ref.any_number:
        return False
    words = ref.filter.words
    return not ref.filter.post and len(words) == 1 and isinstance(words[0], A.Noun) and words[0].word == "creature"


def _acted_lki(game: Game, event: KeywordActed) -> list[Any]:
    """702.110b, 603.10a: a creature that exploited itself sees it: its
    abilities as it last existed on the battlefield."""
    if event.verb != "exploit" or event.obj is None or game.get(event.obj) is not None:
        return []
    lki = game.state.lki.get(event.obj)
    if lki is None or lki.face_down is not None:
        return []
    own = [(i, ab) for i, ab in enumerate(lki.abilities) if isinstance(ab, A.TriggeredAbility)]
    return [(lki.id, lki.controller, own, lki.name, None)] if own else []


def _taps_for_mana(game: Game, src_id: ObjectId, controller: PlayerId, subject: object, e: A.Event,
                   event: Event) -> Hit:  # fmt: skip
    """106.12, 605.1a: "Whenever a player taps a land for mana", "Whenever
    you tap [this] for mana" — as that player activates a mana ability of it
    with {T} in its cost; "that player" is them, "that land" the permanent."""
    if not isinstance(event, TappedForMana) or not isinstance(subject, PLAYER_SUBJECTS):
        return NO
    if not _player_matches(game, subject, controller, event.player):
        return NO
    return _is_subject(game, e.other, event.obj, controller, src_id), event.obj, None, event.player


def _tapped_thing_supported(e: A.Event) -> bool:
    """[this], or one permanent described ("a nonbasic land", "an Island")."""
    from .filters import filter_problem

    what = e.other
    if e.place is not None:
        return False
    if _is_self(what):
        return True
    return isinstance(what, A.AnObject) and what.how == "" and not what.up_to and not what.any_number and (
        filter_problem(what.filter) is None and (not isinstance(what.count, A.Number) or what.count.value == 1)
    )  # fmt: skip


MANA_EVENTS = frozenset({"taps for mana", "is tapped for mana"})
"""The events of tapping a permanent for mana (106.12), whose triggered abilities may be mana abilities (605.1b)."""


@per_node
def mana_trigger_problem(ab: A.TriggeredAbility) -> str | None:
    """605.1b: a triggered ability that triggers on a mana ability and adds
    mana is a mana ability of its own, resolving at once: not played yet."""
    if not any(isinstance(n, A.Event) and n.kind in MANA_EVENTS for n in walk(ab.trigger)):
        return None
    if any(type(n).__name__.startswith("AddMana") for n in walk(ab.effect)):
        return "a triggered mana ability (605.1b: it adds mana as the mana ability it triggers on resolves)"
    return None


def _sacrificed_lki(game: Game, event: Sacrificed) -> list[Any]:
    """603.10a: "When you sacrifice [this]": the permanent sacrificed sees
    it, its abilities as it last existed on the battlefield (only those
    about its own sacrifice: others were watched as it left)."""
    lki = event.lki
    if lki.face_down is not None:
        return []
    own = [(i, ab) for i, ab in enumerate(lki.abilities) if isinstance(ab, A.TriggeredAbility) and _sacrifices_self(ab.trigger)]
    return [(lki.id, lki.controller, own, lki.name, None)] if own else []


@per_node
def _sacrifices_self(trigger: A.Node) -> bool:
    return any(isinstance(n, A.Event) and n.kind == "sacrifices" and _is_self(n.other) for n in walk(trigger))


def _player_acts_on(verb: str) -> Callable[..., Hit]:
    """A keyword action a player does to an object ("Whenever you exert a
    creature", 701.43): the player is the subject, the object described;
    "that creature" is it, "that player" them."""

    def hit(game: Game, src_id: ObjectId, controller: PlayerId, subject: object, e: A.Event, event: Event) -> Hit:
        if not isinstance(event, KeywordActed) or event.verb != verb or event.obj is None:
            return NO
        if not isinstance(subject, PLAYER_SUBJECTS) or not _player_matches(game, subject, controller, event.player):
            return NO
        return _is_subject(game, e.other, event.obj, controller, src_id), event.obj, None, event.player

    return hit


def _player_acted(verb: str) -> Callable[..., Hit]:
    """A keyword action a player does ("Whenever you clash", 701.30): the
    player is the subject; "that player" means them."""

    def hit(game: Game, src_id: ObjectId, controller: PlayerId, subject: object, e: A.Event, event: Event) -> Hit:
        if not isinstance(event, KeywordActed) or event.verb != verb or not isinstance(subject, PLAYER_SUBJECTS):
            return NO
        return _player_matches(game, subject, controller, event.player), None, None, event.player

    return hit


def _discards(game: Game, src_id: ObjectId, controller: PlayerId, subject: object, e: A.Event, event: Event) -> Hit:
    """701.9a, 603.2c: "Whenever you discard a card" — once for each card
    that fits; "Whenever you discard one or more cards" (or "one or more
    players discard ...") — once for the cards discarded together, "that
    many" their number; "that player" the one who discarded.  "Whenever you
    cycle or discard a card" is the same: cycling a card discards it
    (702.29a), once."""
    if not isinstance(event, Discarded) or not isinstance(subject, PLAYER_SUBJECTS):
        return NO
    if not _player_matches(game, subject, controller, event.player):
        return NO
    what = e.other
    if isinstance(what, A.AnObject) and what.how == "or more":
        return event.amount > 0, None, None, event.player
    filt = _filter_of(what)
    card = game.get(event.card)
    if filt is None or card is None or not matches(game, filt, card, you=controller, source=src_id, anywhere=True):
        return NO
    return True, event.card, None, event.player


def _causes_to_discard(game: Game, src_id: ObjectId, controller: PlayerId, subject: object, e: A.Event,
                       event: Event) -> Hit:  # fmt: skip
    """701.9a, 603.2: "When a spell or ability an opponent controls causes
    you to discard [this]" (it triggers from the graveyard it was discarded
    to), "Whenever a spell or ability an opponent controls causes you to
    discard a card" — once for each card; "that player" is the one who
    discarded."""
    if not isinstance(event, Discarded) or event.by is None:
        return NO
    filt = _filter_of(subject)
    ctl = filt.controller if filt is not None else None
    if ctl is not None and not _player_matches(game, ctl.player, controller, event.by):
        return NO
    if not isinstance(e.other, PLAYER_SUBJECTS) or not _player_matches(game, e.other, controller, event.player):
        return NO
    if not _card_fits(game, e.place, event.card, controller, src_id):
        return NO
    return True, event.card, None, event.player


def _causes_to_discard_supported(subject: object, e: A.Event) -> bool:
    """"a spell or ability [a player] controls" (known by who controls it)
    causes [a player] to discard [this] or a card described."""
    filt = _filter_of(subject)
    if not isinstance(subject, A.AnObject) or subject.how or filt is None or not _stack_object_nouns(filt):
        return False
    if "spell" not in _nouns(filt) or not _spell_described(A.Event("becomes the target of", subject)):
        return False
    return isinstance(e.other, PLAYER_SUBJECTS) and _cards_described(e.place, together=False)


@per_node
def _discarded_self(trigger: A.Node) -> bool:
    """A trigger with the event "... causes you to discard [this]"."""
    return any(isinstance(n, A.Event) and n.kind == "causes to discard" and _is_self(n.place) for n in walk(trigger))


def _discarded_card(game: Game, event: Discarded, sources: list[Any]) -> list[Any]:
    """ "When a spell or ability an opponent controls causes you to discard
    [this]": the card triggers from the zone it was discarded to."""
    card = game.get(event.card)
    if card is None or card.face_down is not None:
        return []
    watched = {idx for src, _, abilities, _, _ in sources if src == card.id for idx, _ in abilities}
    own = [(i, ab) for i, ab in _abilities(card) if i not in watched and _discarded_self(ab.trigger)]
    return [(card.id, card.owner, own, display_name(card), None)] if own else []


def _discards_supported(e: A.Event) -> bool:
    """"a card", "a creature card", "one or more cards": one card described, or cards counted together."""
    from .filters import filter_problem

    what = e.other
    if e.place is not None or not isinstance(what, A.AnObject) or what.up_to or what.any_number:
        return False
    one = what.how in ("", "another") and (what.count is None or (isinstance(what.count, A.Number) and what.count.value == 1))
    together = what.how == "or more" and isinstance(what.count, A.Number) and what.count.value == 1
    return (one or together) and filter_problem(what.filter) is None


def _expends(game: Game, src_id: ObjectId, controller: PlayerId, subject: object, e: A.Event, event: Event) -> Hit:
    """700.14: "Whenever you expend 4" — as that player spends their fourth
    total mana to cast spells this turn (:func:`cardtext.interpreter.casting.expend`)."""
    if not isinstance(event, KeywordActed) or not isinstance(subject, PLAYER_SUBJECTS) or not isinstance(e.other, A.Number):
        return NO
    if event.verb != f"expend {e.other.value}":
        return NO
    return _player_matches(game, subject, controller, event.player), None, None, event.player


EVENTS: dict[str, tuple[Callable[..., Hit], tuple[type, ...]]] = {
    "discards": (_discards, PLAYER_SUBJECTS),
    "cycles or discards": (_discards, PLAYER_SUBJECTS),  # 702.29a: to cycle a card is to discard it
    "expends": (_expends, PLAYER_SUBJECTS),
    "explores": (_object_acted("explore"), OBJECT_SUBJECTS),
    "becomes monstrous": (_object_acted("monstrosity"), OBJECT_SUBJECTS),
    "exploits": (_object_acted("exploit"), OBJECT_SUBJECTS),
    "transforms": (_transforms, OBJECT_SUBJECTS),
    "becomes attached to": (_becomes_attached, OBJECT_SUBJECTS),
    "becomes unattached from": (_becomes_unattached, OBJECT_SUBJECTS),
    "transforms into": (_transforms, OBJECT_SUBJECTS),
    "causes to discard": (_causes_to_discard, (A.AnObject,)),
    "taps for mana": (_taps_for_mana, PLAYER_SUBJECTS),
    "becomes renowned": (_object_acted("renown"), OBJECT_SUBJECTS),
    "clashes": (_player_acted("clash"), PLAYER_SUBJECTS),
    "scries": (_player_acted("scry"), PLAYER_SUBJECTS),
    "surveils": (_player_acted("surveil"), PLAYER_SUBJECTS),
    "exerts": (_player_acts_on("exert"), PLAYER_SUBJECTS),
    "wins a coin flip": (_player_acted("win the flip"), PLAYER_SUBJECTS),
    "loses a coin flip": (_player_acted("lose the flip"), PLAYER_SUBJECTS),
    "gains life": (_player_event(GainedLife), PLAYER_SUBJECTS),
    "loses life": (_player_event(LostLife), PLAYER_SUBJECTS),
    "gains or loses life": (_player_event(GainedLife, LostLife), PLAYER_SUBJECTS),
    "draws a card": (_player_event(DrewCard), PLAYER_SUBJECTS),
    "attacks": (_attacks_event, OBJECT_OR_PLAYER_SUBJECTS),
    "attacks with": (_attacks_with, PLAYER_SUBJECTS),
    "sacrifices": (_sacrifices, PLAYER_SUBJECTS),
    "becomes tapped": (_becomes_tapped, OBJECT_SUBJECTS),
    "becomes untapped": (_becomes_untapped, OBJECT_SUBJECTS),
    "attacks and isn't blocked": (_attacks_unblocked, OBJECT_SUBJECTS),
    "becomes saddled": (_becomes_saddled, OBJECT_SUBJECTS),
    "saddles": (_crews("saddle"), OBJECT_SUBJECTS),
    "unlocks": (_unlocks(False), PLAYER_SUBJECTS),
    "fully unlocks": (_unlocks(True), PLAYER_SUBJECTS),
    "crews": (_crews("crew"), OBJECT_SUBJECTS),
    "is put into from the battlefield": (_put_into_from_battlefield, OBJECT_SUBJECTS),
    "is put into": (_permanent_put_into, OBJECT_SUBJECTS),
    "is put into from": (_put_into_from, (A.SelfRef, A.ItRef, A.AnObject)),
    "leaves": (_leaves_zone, (A.SelfRef, A.ItRef, A.AnObject)),
    "enters from": (_enters_from, OBJECT_SUBJECTS),
    "leaves the battlefield without dying": (_leaves_without_dying, OBJECT_SUBJECTS),
    "turns face up": (_you_turn_face_up, (A.You,)),
    "is turned face up": (_is_turned_face_up, OBJECT_SUBJECTS),
    "deals combat damage to": (_combat_damage_to, OBJECT_SUBJECTS),
    "deals combat damage": (_combat_damage, OBJECT_SUBJECTS),
    "attacks alone": (_attacks_alone, OBJECT_SUBJECTS),
    "becomes blocked": (_becomes_blocked, OBJECT_SUBJECTS),
    "is dealt damage": (_is_dealt_damage, OBJECT_OR_PLAYER_SUBJECTS),
    "enters under control": (_enters_under, OBJECT_SUBJECTS),
    "blocks": (_blocks, OBJECT_SUBJECTS),
    "attacks or blocks": (_attacks_or_blocks, OBJECT_SUBJECTS),
    "blocks or becomes blocked": (_blocks_or_becomes_blocked, OBJECT_SUBJECTS),
    "is dealt combat damage": (_is_dealt_damage, OBJECT_OR_PLAYER_SUBJECTS),
    "is dealt noncombat damage": (_is_dealt_damage, OBJECT_OR_PLAYER_SUBJECTS),
    "becomes the target of": (_becomes_target_of, OBJECT_OR_PLAYER_SUBJECTS),
    "is championed with": (_championed, (A.AnObject,)),
    "one or more counters are put on": (_counters_put_on, (type(None),)),
    "a counter is put on": (_counter_put_on, (type(None),)),
    "is returned to hand": (_returned_to_hand, OBJECT_SUBJECTS),
    "deals damage to": (_deals_damage_to, OBJECT_SUBJECTS),
    "deals noncombat damage to": (_deals_damage_to, OBJECT_SUBJECTS),
    "becomes blocked by": (_becomes_blocked_by, OBJECT_SUBJECTS),
    "blocks or becomes blocked by": (_blocks_or_becomes_blocked_by, OBJECT_SUBJECTS),
    "casts": (_casts, PLAYER_SUBJECTS),
    "draws": (_draws_nth, PLAYER_SUBJECTS),
    "cycles": (_cycles, PLAYER_SUBJECTS),
    "commits a crime": (_commits_crime, PLAYER_SUBJECTS),
    "controls": (lambda *args: NO, PLAYER_SUBJECTS),  # a state trigger (603.8): :func:`check_state_triggers`
}
"""What happens in a trigger written as a subject and an event ("Whenever
you turn a permanent face up"), by the event's words: the function that
matches it, and the kinds of subject it knows."""


EVENT_CHECKS: dict[str, Callable[[A.Event], bool]] = {
    "expends": lambda e: isinstance(e.other, A.Number) and e.place is None,
    "discards": _discards_supported,
    "cycles or discards": _discards_supported,
    "explores": lambda e: e.other is None and e.place is None,
    "becomes monstrous": lambda e: e.other is None and e.place is None,
    "exploits": lambda e: e.place is None and _a_creature(e.other),
    "transforms": lambda e: e.other is None and e.place is None,
    "becomes attached to": lambda e: e.place is None and (_is_self(e.other) or _a_permanent_described(e.other)),
    "becomes unattached from": lambda e: e.place is None and (e.other is None or _a_permanent_described(e.other)),
    "transforms into": lambda e: e.place is None and (_is_self(e.other) or _a_permanent_described(e.other)),
    "taps for mana": _tapped_thing_supported,
    "becomes renowned": lambda e: e.other is None and e.place is None,
    "clashes": lambda e: e.other is None and e.place is None,
    "scries": lambda e: e.other is None and e.place is None,
    "surveils": lambda e: e.other is None and e.place is None,
    "exerts": lambda e: e.place is None and (_is_self(e.other) or _a_permanent_described(e.other)),
    "wins a coin flip": lambda e: e.other is None and e.place is None,
    "loses a coin flip": lambda e: e.other is None and e.place is None,
    "gains life": lambda e: e.other is None and e.place is None,
    "loses life": lambda e: e.other is None and e.place is None,
    "gains or loses life": lambda e: e.other is None and e.place is None,
    "sacrifices": lambda e: e.place is None and (
        _is_self(e.other) or isinstance(e.other, A.AnObject) and e.other.how in ("", "another")),
    "draws a card": lambda e: e.other is None and e.place is None,
    "is put into from the battlefield": _put_into_supported,
    "is put into": _put_into_supported,
    "becomes the target of": _spell_described,
    "is championed with": lambda e: _is_self(e.other),
    "enters under control": _whose_control_supported,
    "one or more counters are put on": lambda e: _filter_of(e.other) is not None or _is_self(e.other),
    "a counter is put on": lambda e: (isinstance(e.place, str) or e.place is None) and (
        _is_self(e.other) or _a_permanent_described(e.other)),
    "is returned to hand": lambda e: e.other is None and (
        e.place is None or isinstance(e.place, A.Possessive) and isinstance(e.place.object, A.You | A.PlayerGroup)),
    "becomes blocked by": _blocker_described,
    "blocks or becomes blocked by": _blocker_described,
    "cycles": _cycled_supported,
    "commits a crime": lambda e: e.other is None and e.place is None,
    "controls": lambda e: e.place is None and _controls_state_problem(e) is None,
    "attacks with": _attacks_with_supported,
    "unlocks": lambda e: e.place is None and (_is_self(e.other) or isinstance(e.other, A.AnObject) and not e.other.how),
    "fully unlocks": lambda e: e.place is None and (_is_self(e.other) or isinstance(e.other, A.AnObject) and not e.other.how),
    "saddles": lambda e: e.place is None and (e.other is None or isinstance(e.other, A.AnObject) and not e.other.how),
    "crews": lambda e: e.place is None and (e.other is None or isinstance(e.other, A.AnObject) and not e.other.how),
}
"""For events whose words name a second thing (a recipient, a spell, a
champion), whether the engine can tell which."""


SUBJECT_CHECKS: dict[str, Callable[[object, A.Event], bool]] = {
    "blocks": _blocks_supported,
    "causes to discard": _causes_to_discard_supported,
    "attacks": _attacks_supported,
    "is put into": lambda subject, e: _permanent_subject(subject),
    "is put into from": _put_into_from_supported,
    "leaves": _leaves_zone_supported,
    "enters from": lambda subject, e: (e.other is None and _plain_zone(e.place) and e.place.zone == "graveyard"
                                       and enters_supported(A.EntersTrigger(subject))),
    "leaves the battlefield without dying": lambda subject, e: (
        e.other is None and e.place is None and not _one_or_more(subject) and leaves_supported(A.LeavesTrigger(subject))),
    "deals damage to": _damage_recipient_supported,
    "deals combat damage to": _combat_recipient_supported,
    "deals noncombat damage to": _damage_recipient_supported,
    "casts": _casts_supported,
    "draws": lambda subject, e: _nth_supported(subject, e, "card"),
}
"""For events whose second thing is judged with the subject (which is
"that creature", whose "their"), whether the engine can tell it."""


def _turned_face_up_of(subject: object, span: Span | None) -> A.Node:
    """ "[this] is turned face up" written as one event of several (708.8)."""
    if isinstance(subject, A.SelfRef):
        return A.TurnedFaceUpTrigger(None, self_ref=subject, span=span)
    return A.TurnedFaceUpTrigger(_filter_of(subject), what=subject, span=span)


SINGLE_EVENTS: dict[str, tuple[Callable[..., A.Node], ...]] = {
    "enters": (A.EntersTrigger,), "leaves the battlefield": (A.LeavesTrigger,), "dies": (A.DiesTrigger,),
    "attacks": (A.AttacksTrigger,), "deals damage": (A.DealsDamageTrigger,),
    "enters or attacks": (A.EntersTrigger, A.AttacksTrigger),
    "is turned face up": (_turned_face_up_of,),
}  # fmt: skip
"""Events that are triggers of their own when written alone ("When [this]
dies"), by their words, for a trigger that joins them with others ("When
[this] enters or dies", "When [this] enters or is turned face up"): each is
matched as that trigger, made from the subject and the event's place."""


@per_node
def _alone(t: A.EventTrigger) -> tuple[tuple[A.Node, ...] | None, ...]:
    """For each event of ``t``, the triggers it is when written alone (None
    for an event of :data:`EVENTS`)."""
    out: list[tuple[A.Node, ...] | None] = []
    for e in t.events:
        if _casts_self(t.subject, e):
            out.append((A.CastTrigger(t.subject, this_spell=True, what=e.other, span=e.span),))
            continue
        makers = SINGLE_EVENTS.get(e.kind) if e.other is None and e.place is None else None
        if makers is not None and isinstance(t.subject, PLAYER_SUBJECTS) and e.kind in EVENTS:
            makers = None  # "Whenever you attack": what a player does (:data:`EVENTS`)
        if e.kind == "is turned face up" and not isinstance(t.subject, A.SelfRef) and _filter_of(t.subject) is None:
            makers = None  # "[this] or another creature you control", "enchanted creature": :data:`EVENTS`
        out.append(None if makers is None else tuple(make(t.subject, span=e.span) for make in makers))
    return tuple(out)


def _casts_self(subject: object, e: A.Event) -> bool:
    """ "When you cast [this]" (601.2i): the trigger of the spell itself, "When you cast this spell"."""
    return e.kind == "casts" and isinstance(subject, A.You) and _is_self(e.other) and e.place is None


def _alone_supported(node: A.Node) -> bool:
    if isinstance(node, A.LeavesTrigger | A.DiesTrigger):
        return leaves_supported(node)
    if isinstance(node, A.EntersTrigger):
        return enters_supported(node)
    if isinstance(node, A.TurnedFaceUpTrigger):
        return face_up_supported(node)
    if isinstance(node, A.AttacksTrigger | A.DealsDamageTrigger):
        return all(_object_subject(p) for p in or_parts(node.object))
    return True


def event_supported(t: A.EventTrigger, e: A.Event) -> bool:
    """Can the engine tell when this event of the trigger happens?"""
    alone = _alone(t)[t.events.index(e)]
    if alone is not None:
        return all(_alone_supported(node) for node in alone)
    entry = EVENTS.get(e.kind)
    check = EVENT_CHECKS.get(e.kind)
    if entry is None or (check is not None and not check(e)):
        return False
    pair = SUBJECT_CHECKS.get(e.kind)
    if pair is not None and not pair(t.subject, e):
        return False
    if entry[1] is OBJECT_SUBJECTS:  # matched by _is_subject, which knows subjects joined by "or"
        return all(_object_subject(p) for p in or_parts(t.subject))
    if entry[1] is OBJECT_OR_PLAYER_SUBJECTS:  # an object the engine can tell, or a player
        return isinstance(t.subject, PLAYER_SUBJECTS) or all(_object_subject(p) for p in or_parts(t.subject))
    return isinstance(t.subject, entry[1])


def _event(game: Game, src_id: ObjectId, controller: PlayerId, t: A.EventTrigger, event: Event,
           spell_self: int | None) -> Hit:  # fmt: skip
    """603.2: a trigger named by its subject and one or more events joined by
    "or"; watched on the stack (``spell_self``), only "When you cast [this]"."""
    for e, alone in zip(t.events, _alone(t), strict=True):
        if alone is not None:
            for node in alone:
                hit = TRIGGERS[type(node)](game, src_id, controller, node, event, spell_self)
                if hit[0]:
                    return hit
            continue
        if spell_self is not None:
            continue
        hit = EVENTS[e.kind][0](game, src_id, controller, t.subject, e, event)
        if hit[0]:
            return hit
    return NO


def _is_subject(game: Game, subject: object, obj_id: ObjectId, controller: PlayerId, src_id: ObjectId, *,
                lki: bool = False) -> bool:  # fmt: skip
    """Whether the object an event is about is the trigger's subject: [this]
    itself, "enchanted creature" / "equipped creature" (the object this is
    attached to), or an object that fits its description ("a Goblin you
    control", "a source an opponent controls"), or one of several subjects
    joined by "or" (603.2).  With ``lki``, an object that has left its zone
    since the event is judged as it last existed there (a spell that dealt
    damage and went to a graveyard, 608.2h)."""
    if isinstance(subject, A.BothRef) and subject.conj == "or":
        return any(_is_subject(game, p, obj_id, controller, src_id, lki=lki) for p in or_parts(subject))
    if _is_self(subject):
        return obj_id == src_id
    if isinstance(subject, BoundObjects):
        return obj_id in subject.ids
    if isinstance(subject, A.AttachedRef):
        src = game.get(src_id)
        return src is not None and src.attached_to is not None and src.attached_to == obj_id
    filt = _filter_of(subject)
    obj = game.get(obj_id)
    if obj is None and lki:
        known = game.state.lki.get(obj_id)
        obj = known.last if known is not None else None
    return filt is not None and obj is not None and _fits(game, filt, obj, controller, src_id)


def _fits(game: Game, filt: A.ObjectFilter, obj: GameObject, controller: PlayerId, src_id: ObjectId) -> bool:
    """``obj`` fits a subject's description; "a source" (of damage, 120.1) is
    any object, wherever it is: the rest of the description still counts
    ("a source an opponent controls", "a red source")."""
    if "source" in (n.lower() for n in filt.nouns):
        if len(filt.nouns) != 1:
            return False  # reported by the support check (_source_supported)
        words = tuple(w for w in filt.words if not (isinstance(w, A.Noun) and w.word.lower() == "source"))
        return matches(game, replace(filt, words=words), obj, you=controller, source=src_id, anywhere=True)
    return matches(game, filt, obj, you=controller, source=src_id)


def _source_supported(subject: object) -> bool:
    """"a source" alone as the noun of a description (not "a source or creature")."""
    return all(
        (filt := _filter_of(p)) is None or "source" not in (n.lower() for n in filt.nouns) or len(filt.nouns) == 1
        for p in or_parts(subject)
    )


def _either(game: Game, src_id: ObjectId, controller: PlayerId, t: A.TriggerOr, event: Event,
            spell_self: int | None, watch: Watch | None = None) -> Hit:  # fmt: skip
    """603.2: "When [this] enters or the creature it haunts dies" — two
    trigger conditions of one ability; either event triggers it."""
    first = _hit(game, src_id, controller, t.first, event, spell_self, watch)
    if first[0]:
        return first
    return _hit(game, src_id, controller, t.second, event, spell_self, watch)


def _chapter(game: Game, src_id: ObjectId, controller: PlayerId, t: ChapterTrigger, event: Event,
             spell_self: int | None = None) -> Hit:  # fmt: skip
    """714.2b: a chapter ability triggers as lore counters put on its Saga
    bring their number from below its chapter number to at least it."""
    if not isinstance(event, CountersPut) or event.kind != "lore" or event.obj != src_id:
        return NO
    before = event.total - event.amount
    reached = [n for n in t.chapters if before < n <= event.total]
    if len(reached) > 1:
        raise Unsupported("a chapter ability of several chapters reached by one group of lore counters (714.2c)")
    return bool(reached), None, None, None


def _exiled_this_way(game: Game, src_id: ObjectId, controller: PlayerId, node: ExiledThisWay, event: Event,
                     spell_self: int | None = None) -> Hit:  # fmt: skip
    """702.35a: "When this card is exiled this way" — the card itself was
    exiled by its madness ability as it was discarded."""
    if isinstance(event, ExiledWithMadness) and event.obj == src_id:
        return True, event.obj, None, None
    return NO


@dataclass(frozen=True, slots=True)
class Watch:
    """The triggered ability an event is matched against as the game is
    played: its index among its source's abilities (the context of a
    "while" condition, 603.2), and whether the times its event happens are
    recorded ("for the first time each turn"); a check that only asks
    (:func:`_left_together`) records nothing."""

    ability: int = -1
    record: bool = True


def _hit(game: Game, src_id: ObjectId, controller: PlayerId, t: A.Node, event: Event, spell_self: int | None,
         watch: Watch | None) -> Hit:  # fmt: skip
    """The match of one trigger (or part of one) with an event, by :data:`TRIGGERS`."""
    fn = TRIGGERS.get(type(t))
    if fn is None:
        return NO
    if type(t) in NARROWING:
        return fn(game, src_id, controller, t, event, spell_self, watch)
    return fn(game, src_id, controller, t, event, spell_self)


def _while(game: Game, src_id: ObjectId, controller: PlayerId, t: A.WhileTrigger, event: Event,
           spell_self: int | None, watch: Watch | None = None) -> Hit:  # fmt: skip
    """603.2: "Whenever [this] attacks while you control a Dinosaur" — the
    condition is part of the trigger event, judged as the event happens
    (not an intervening "if", 603.4: it isn't checked again on resolution);
    "it", "that player" in it are those of the event.  "Whenever [this]
    attacks while saddled": the creature the event is of is saddled as it
    happens (702.171b)."""
    hit = _hit(game, src_id, controller, t.trigger, event, spell_self, watch)
    if t.saddled:
        return hit if hit[0] and (hit[1] or src_id) in game.state.saddled else NO
    if not hit[0] or t.condition is None:
        return NO
    ok, tobj, tspell, tplayer = hit
    ctx = Ctx(game, controller, src_id, watch.ability if watch is not None else -1, trigger_object=tobj,
              trigger_spell=tspell, trigger_player=tplayer, trigger_amount=getattr(event, "amount", None))  # fmt: skip
    return hit if ctx.holds(t.condition) else NO


DURING: dict[str, Callable[[Game, PlayerId], bool]] = {
    "your turn": lambda game, you: game.state.active == you,
    "an opponent's turn": lambda game, you: game.state.active in game.opponents(you),
    "combat": lambda game, you: game.state.step in COMBAT_STEPS,
    "your main phase": lambda game, you: game.state.active == you and game.state.step in ("main", "main2"),
}
"""The spans of a turn a trigger can be limited to ("during your turn",
"during combat"), as ``DuringTrigger.when`` writes them, and whether the
game is in one now for the trigger's controller."""


def _during(game: Game, src_id: ObjectId, controller: PlayerId, t: A.DuringTrigger, event: Event,
            spell_self: int | None, watch: Watch | None = None) -> Hit:  # fmt: skip
    """603.2: "Whenever you cast a spell during an opponent's turn" — the
    event, only when it happens in that turn, phase or step."""
    during = DURING.get(t.when)
    if during is None or not during(game, controller):
        return NO
    return _hit(game, src_id, controller, t.trigger, event, spell_self, watch)


def _nth_time(game: Game, src_id: ObjectId, controller: PlayerId, t: A.NthTimeTrigger, event: Event,
              spell_self: int | None, watch: Watch | None = None) -> Hit:  # fmt: skip
    """603.2: "Whenever [this] attacks for the first time each turn",
    "Whenever [this] becomes the target of a spell or ability you control
    for the first time each turn" (valiant) — the event, the time it is of
    its kind this turn counted by this ability of this object (a new object,
    400.7, counts anew); "during each of your turns" counts only in its
    controller's turns.  Each time the event happens it is counted, whether
    or not the ability then triggers (an intervening "if", 603.4)."""
    if t.per == "during each of your turns" and game.state.active != controller:
        return NO
    hit = _hit(game, src_id, controller, t.trigger, event, spell_self, watch)
    if not hit[0]:
        return NO
    ability = watch.ability if watch is not None else -1
    key = (src_id, ability, "time", t.span)
    times = 1 + sum(1 for k in game.state.trigger_hits if k == key)
    if watch is not None and watch.record:
        game.state.trigger_hits.append(key)
    return hit if times == ORDINALS[t.ordinal] else NO


NTH_PER = frozenset({"each turn", "during each of your turns"})
"""The spans "for the first time ..." counts in."""


NARROWING = frozenset({A.WhileTrigger, A.DuringTrigger, A.NthTimeTrigger, A.TriggerOr})
"""The triggers made of other triggers, matched with the :class:`Watch` of the ability they are part of."""


def _inner(t: object) -> object:
    """The trigger a "while", "during" or "for the first time" narrows (603.2), unwrapped."""
    while isinstance(t, A.WhileTrigger | A.DuringTrigger | A.NthTimeTrigger):
        t = t.trigger
    return t


def _about_self(t: object) -> bool:
    """A trigger whose event is about [this] alone ("[this] attacks",
    "[this] becomes the target of ..."): nothing happened to it before it
    was this object (400.7)."""
    t = _inner(t)
    subject = getattr(t, "object", None) if not isinstance(t, A.EventTrigger) else t.subject
    return _is_self(subject)


@dataclass(frozen=True, slots=True)
class DiesOrExiled(A.Node):
    """ "When it dies or is exiled" of a delayed triggered ability about the
    objects ``ids``, fixed as it was made (603.7c): earthbend's (701.66a)."""

    ids: tuple[ObjectId, ...] = ()


def _dies_or_exiled(game: Game, src_id: ObjectId, controller: PlayerId, t: DiesOrExiled, event: Event,
                    spell_self: int | None) -> Hit:  # fmt: skip
    """700.4: one of the objects put into a graveyard from the battlefield as
    a creature, or exiled from the battlefield; "it" is the card where it
    went (400.7, 603.7c: if it has left that zone, "it" is gone)."""
    if not isinstance(event, Left) or event.lki.zone != "battlefield" or event.lki.id not in t.ids:
        return NO
    if event.to_zone == "exile" or (event.to_zone == "graveyard" and "creature" in event.lki.types):
        return True, event.new, None, None
    return NO


TRIGGERS: dict[type, Callable[..., Hit]] = {
    DiesOrExiled: _dies_or_exiled,
    A.TriggerOr: _either,
    A.DealsDamageTrigger: _deals_damage,
    A.AttacksTrigger: _attacks,
    AttacksMostLife: _attacks_most_life,
    LastCounterRemoved: _last_counter_removed,
    A.DealsCombatDamageTrigger: _deals_combat_damage,
    BecomesTarget: _becomes_target,
    ExiledThisWay: _exiled_this_way,
    ChapterTrigger: _chapter,
    A.EntersTrigger: _enters,
    A.LeavesTrigger: _leaves,
    A.DiesTrigger: _leaves,
    A.CastTrigger: _cast,
    A.KicksTrigger: _kicks,
    A.TurnedFaceUpTrigger: _turned_face_up,
    A.PhaseTrigger: _phase,
    A.EventTrigger: _event,
    A.WhileTrigger: _while,
    A.DuringTrigger: _during,
    A.NthTimeTrigger: _nth_time,
    A.StateTrigger: lambda *args: NO,  # 603.8: no event; :func:`check_state_triggers`
    A.AttacksTogetherTrigger: _attacks_together,
}


EITHER_CONJ = ("or", "or at", "or when", "or whenever", "and at", "and when", "and whenever")
"""How two trigger conditions of one ability are joined where either event
triggers it (603.2): "enters or dies", "enters and whenever it attacks"."""


def trigger_problems(trigger: A.Node) -> tuple[tuple[A.Node, str], ...]:
    """What the engine can't watch for in a trigger (603.2): each part it has
    no event for, with what it is.  :mod:`cardtext.interpreter.support` reports these,
    and :func:`collect` stops with them where the ability would be watched,
    so the check and the game agree."""
    out: list[tuple[A.Node, str]] = []
    if isinstance(trigger, A.TriggerOr) and trigger.conj in EITHER_CONJ:
        state = [(t, STATE_JOINED) for t in (trigger.first, trigger.second) if _state_part(t)]
        return (*state, *trigger_problems(trigger.first), *trigger_problems(trigger.second))
    if type(trigger) in TRIGGERS and isinstance(trigger, A.WhileTrigger | A.DuringTrigger | A.NthTimeTrigger):
        if _state_part(trigger.trigger):
            out.append((trigger, STATE_JOINED))
        narrowing = _narrowing_problem(trigger)
        if narrowing is not None:
            out.append((trigger, narrowing))
        return (*out, *trigger_problems(trigger.trigger))
    if type(trigger) not in TRIGGERS or isinstance(trigger, A.TriggerOr):
        joined = f" joined by '{trigger.conj}'" if isinstance(trigger, A.TriggerOr) else ""
        out.append((trigger, f"trigger {type(trigger).__name__}{joined}"))
    elif isinstance(trigger, A.LeavesTrigger | A.DiesTrigger) and not leaves_supported(trigger):
        word = "dies" if isinstance(trigger, A.DiesTrigger) else "leaves the battlefield"
        out.append((trigger, f"trigger '{word}' of {type(trigger.object).__name__}"))
    elif isinstance(trigger, A.EntersTrigger) and not enters_supported(trigger):
        out.append((trigger, f"trigger 'enters' of {type(trigger.object).__name__}"))
    elif isinstance(trigger, A.AttacksTogetherTrigger) and not _attacks_together_supported(trigger):
        out.append((trigger, "trigger 'and at least N other creatures attack' of something the engine can't tell"))
    elif isinstance(trigger, A.StateTrigger):
        problem = _state_condition_problem(trigger.condition)
        if problem is not None:
            out.append((trigger, problem))
    elif isinstance(trigger, A.EventTrigger):
        if _state_part(trigger) and not is_state_trigger(trigger):
            out.append((trigger, STATE_JOINED))
        for e in trigger.events:
            if not event_supported(trigger, e):
                of = f" of {type(trigger.subject).__name__}" if e.kind in EVENTS else ""
                out.append((trigger, f"trigger event '{e.kind}'{of}"))
    elif isinstance(trigger, A.AttacksTrigger | A.DealsDamageTrigger | A.DealsCombatDamageTrigger) and not all(
        _object_subject(p) for p in or_parts(trigger.object)
    ):
        out.append((trigger, f"trigger {type(trigger).__name__} of {type(trigger.object).__name__}"))
    elif isinstance(trigger, A.PhaseTrigger) and not phase_supported(trigger):
        out.append((trigger, f"trigger 'at the beginning of {trigger.whose} {trigger.step}'"))
    elif isinstance(trigger, A.TurnedFaceUpTrigger) and not face_up_supported(trigger):
        out.append((trigger, "trigger 'is turned face up' that names no permanent"))
    return tuple(out)


def _saddled_subject(t: A.Node) -> bool:
    """Is ``t`` a trigger whose event is an object's, which "while saddled"
    asks about (702.171b): "[this] attacks", "[a Mount] attacks or blocks"?"""
    return isinstance(t, A.AttacksTrigger) or (
        isinstance(t, A.EventTrigger) and not isinstance(t.subject, PLAYER_SUBJECTS)
    )


def _narrowing_problem(t: A.WhileTrigger | A.DuringTrigger | A.NthTimeTrigger) -> str | None:
    """What the engine can't tell of a "while", "during" or "for the first
    time" that narrows a trigger (603.2); the condition of a "while" is
    checked where the support check finds conditions."""
    if isinstance(t, A.WhileTrigger) and t.saddled and not _saddled_subject(t.trigger):
        return "trigger 'while saddled' of an event with no object of its own (702.171b)"
    if isinstance(t, A.DuringTrigger):
        if t.when not in DURING:
            return f"trigger during {t.when}"
        if t.when == "your main phase" and any(
            isinstance(n, A.Event) and n.kind.startswith("draws") for n in walk(t.trigger)
        ):  # fmt: skip
            return "a draw during your main phase (the engine's draw step is part of its main phase)"
    if isinstance(t, A.NthTimeTrigger):
        if t.ordinal not in ORDINALS or t.per not in NTH_PER:
            return f"trigger 'for the {t.ordinal} time {t.per}'"
        if not _about_self(t.trigger):
            # the event may have happened this turn before this object had the ability or existed
            return "trigger 'for the first time each turn' of an event not about [this] (the times before it was watched)"
    return None


_watch_problems = per_node(trigger_problems)
""":func:`trigger_problems` of a trigger in play, worked out once per trigger."""


def _triggers_on(game: Game, src_id: ObjectId, controller: PlayerId, node: A.TriggeredAbility, event: Event,
                 spell_self: int | None = None, watch: Watch | None = None) -> Hit:  # fmt: skip
    """Does ``node`` (on object ``src_id``) trigger on ``event``?  Returns
    (triggers, triggering object, triggering spell, triggering player).  A
    trigger the interpreter has no event for never
    triggers; :mod:`cardtext.interpreter.support` reports such cards."""
    problems = _watch_problems(node.trigger)
    if problems:
        # the ability is watched here, and the engine can't tell when it triggers
        raise Unsupported("; ".join(what for _, what in problems))
    mana = mana_trigger_problem(node)
    if mana is not None:
        raise Unsupported(mana)
    return _hit(game, src_id, controller, node.trigger, event, spell_self, watch)


def _left_together(game: Game, events: list[Event]) -> None:
    """603.10a: a permanent's leaves-the-battlefield abilities look back in
    time, so one that left along with others would see them leave too.  The
    engine judges a leaves-the-battlefield ability of a description ("Whenever
    another creature you control dies") only for permanents still on the
    battlefield (and for the one that left, about itself); when another
    permanent that left in the same action would have seen one leave, it says
    so rather than leave the ability out."""
    left = [e for e in events if isinstance(e, Left) and e.lki.zone == "battlefield"]
    if len(left) < 2:
        return
    for watcher in left:
        lki = watcher.lki
        if lki.face_down is not None:
            continue
        for ab in lki.abilities:
            if not isinstance(ab, A.TriggeredAbility) or not _looks_back_at_others(ab.trigger):
                continue
            seen_events: list[Event] = [e for e in left if e is not watcher]
            seen_events += [e for e in events if isinstance(e, Sacrificed) and e.lki.id != lki.id]
            for seen in seen_events:
                if _triggers_on(game, lki.id, lki.controller, ab, seen, None, Watch(record=False))[0]:
                    raise Unsupported(
                        f"{lki.name}'s leaves-the-battlefield ability seeing {seen.lki.name} leave in the same action "  # type: ignore[union-attr]
                        "(603.10a: they left together)"
                    )


def _looks_back_at_others(t: object) -> bool:
    """A leaves-the-battlefield trigger about a description ("Whenever
    another creature you control dies"), which could see another object leave (603.10a)."""
    t = _inner(t)
    if isinstance(t, A.TriggerOr):
        return _looks_back_at_others(t.first) or _looks_back_at_others(t.second)
    if isinstance(t, A.LeavesTrigger | A.DiesTrigger):
        return any(_filter_of(p) is not None for p in or_parts(t.object))
    if isinstance(t, A.EventTrigger) and any(e.kind == "sacrifices" for e in t.events):
        return True  # "whenever you sacrifice ...": a sacrificed permanent leaves the battlefield (603.6c)
    if isinstance(t, A.EventTrigger):
        leaves = any(e.kind in ("is put into from the battlefield", "is put into") or (a is not None and any(
            isinstance(n, A.LeavesTrigger | A.DiesTrigger) for n in a)) for e, a in zip(t.events, _alone(t), strict=True))
        return leaves and any(_filter_of(p) is not None for p in or_parts(t.subject))
    return False


STATE_JOINED = "a state trigger (603.8) joined with another trigger or narrowed by one"
"""The gap of a state trigger that is part of a trigger with an event."""


def _state_part(t: object) -> bool:
    """Is ``t`` a state trigger (603.8), or an event trigger with a state among its events?"""
    if isinstance(t, A.StateTrigger):
        return True
    return isinstance(t, A.EventTrigger) and any(e.kind in STATE_EVENTS for e in t.events)


STATE_EVENTS = frozenset({"controls"})
"""The "events" of a trigger that are states of the game (603.8: "When you control no Islands")."""


def is_state_trigger(t: object) -> bool:
    """A trigger that is a state of the game alone (603.8): "When there are
    no creatures on the battlefield", "When you control no Islands"."""
    return isinstance(t, A.StateTrigger) or (
        isinstance(t, A.EventTrigger) and bool(t.events) and all(e.kind in STATE_EVENTS for e in t.events)
    )  # fmt: skip


def _controls_state_problem(e: A.Event) -> str | None:
    """What the engine can't tell of "[a player] controls [objects]" as a state (603.8)."""
    from .conditions import controls_problem

    return controls_problem(A.Controls(A.ThatPlayer(), e.other))


def _state_condition_problem(cond: object) -> str | None:
    """What the engine can't tell of a state trigger's condition (603.8): one
    about a described object ("Whenever a creature has four or more fuse
    counters on it") would have to say which object "it" is; the condition
    itself is checked where the support check finds conditions."""
    for attr in ("object", "on"):
        ref = getattr(cond, attr, None)
        if ref is not None and not isinstance(ref, A.SelfRef | A.ItRef | A.You):
            return f"a state trigger (603.8) about {type(ref).__name__}"
    if isinstance(getattr(cond, "on", None), A.ItRef) and not isinstance(getattr(cond, "object", None), A.SelfRef):
        return "a state trigger (603.8) about ItRef"
    return None


def _state_holds(game: Game, src_id: ObjectId, controller: PlayerId, idx: int, t: A.Node) -> tuple[bool, PlayerId | None]:
    """Does the game state match a state trigger's condition now (603.8)?
    With the player it is about ("When an opponent controls a creature with
    power 4 or greater": the first such opponent, "that player")."""
    if isinstance(t, A.StateTrigger):
        return Ctx(game, controller, src_id, idx).holds(t.condition), None
    assert isinstance(t, A.EventTrigger)
    subject = t.subject
    players = [controller] if isinstance(subject, A.You) else [
        p for p in game.state.players if _player_matches(game, subject, controller, p)
    ]  # fmt: skip
    for e in t.events:
        for p in players:
            if Ctx(game, controller, src_id, idx, trigger_player=p).holds(A.Controls(A.ThatPlayer(), e.other)):
                return True, p
    return False, None


def check_state_triggers(game: Game) -> None:
    """603.8: a state trigger triggers as soon as the game state matches its
    condition, and doesn't trigger again until that ability has resolved,
    been countered, or otherwise left the stack (so not while it waits to
    be put on the stack, or is on it).  Watched on the battlefield."""
    for o in game.battlefield():
        for idx, node in _abilities(o):
            if not is_state_trigger(node.trigger):
                continue
            problems = _watch_problems(node.trigger)
            if problems:
                raise Unsupported(f"{display_name(o)}'s triggered ability: " + "; ".join(w for _, w in problems))
            if any(i.kind == "ability" and i.source == o.id and i.ability == idx and i.effect is node.effect
                   for i in game.state.stack) or any(
                    p.source == o.id and p.ability == idx for p in game.state.pending):  # fmt: skip
                continue
            ok, player = _state_holds(game, o.id, o.controller, idx, node.trigger)
            if not ok:
                continue
            pending = PendingTrigger(o.controller, o.id, idx, node, display_name(o), None, None, player,
                                     len(game.state.pending))  # fmt: skip
            if node.condition is not None and not _ctx_for(game, pending).holds(node.condition):
                continue  # 603.4: an intervening "if" that is false: it doesn't trigger
            if _triggered_once(game, pending):
                continue
            game.state.pending.append(pending)


def collect(game: Game) -> None:
    """Turn the events recorded so far into pending triggered abilities."""
    events = game.events
    if not events:
        return
    game.events = []
    events = _each_counter(_moved_together(_discarded_together(events)))
    # the permanents that saw these events: those there as they happened,
    # not the cards that return to the battlefield because of them (603.10a, 610.3c)
    on_battlefield: list[tuple[ObjectId, PlayerId, list[tuple[int, A.TriggeredAbility]], str, int | None]] = []
    for o in game.battlefield():
        abilities = _abilities(o)
        if abilities:
            on_battlefield.append((o.id, o.controller, abilities, display_name(o), None))
    elsewhere = _elsewhere(game)
    # where in these events each object that left the battlefield or the stack arrived in its new zone
    arrived = {e.new: i for i, e in enumerate(events) if isinstance(e, Left)}
    return_exiled(game, events)  # 610.3c: part of the exiling effect, before any trigger
    _left_together(game, events)
    for at, event in enumerate(events):
        collect_delayed(game, event)
        speed_trigger(game, event)  # 702.179: a player's inherent speed ability
        sources = list(on_battlefield)
        unsure: set[ObjectId] = set()
        for src in elsewhere:
            came = arrived.get(src[0])
            if came is not None and at <= came:
                continue  # a card in a graveyard or exile sees what happens after it arrived there (113.6b)
            if came is not None and _left_together_with(events[came], event):
                unsure.add(src[0])
            sources.append(src)
        if isinstance(event, Left):
            lki: Lki = event.lki
            own = [(i, ab) for i, ab in enumerate(lki.abilities) if isinstance(ab, A.TriggeredAbility)]
            if own and lki.face_down is None:
                sources.append((lki.id, lki.controller, own, lki.name, None))
            sources.extend(_attached_with(game, events, event))
        if isinstance(event, Cast):
            item = game.stack_item(event.sid)
            spell = game.get(item.source) if item else None
            if spell is not None and spell.face_down is None:
                sources.append((spell.id, spell.controller, _abilities(spell), display_name(spell), event.sid))
        if isinstance(event, Cycled):
            sources.extend(_cycled_card(game, event, sources))
        if isinstance(event, PutInto):
            sources.extend(_put_card(game, event, sources))
        if isinstance(event, KeywordActed):
            sources.extend(_acted_lki(game, event))
        if isinstance(event, Sacrificed):
            sources.extend(_sacrificed_lki(game, event))
        if isinstance(event, UnattachedFrom):
            sources.extend(_unattached_lki(game, event))
        if isinstance(event, Discarded):
            sources.extend(_discarded_card(game, event, sources))
        for src_id, controller, abilities, name, spell_self in sources:
            for idx, node in abilities:
                try:
                    ok, tobj, tspell, tplayer = _triggers_on(game, src_id, controller, node, event, spell_self,
                                                             Watch(idx))  # fmt: skip
                except Unsupported as exc:
                    raise Unsupported(f"{name}'s triggered ability: {exc}") from None
                if not ok:
                    continue
                if src_id in unsure:
                    raise Unsupported(
                        f"{name}'s triggered ability seeing {event.lki.name} leave the battlefield in the action "  # type: ignore[union-attr]
                        f"that put {name} where its ability functions (603.10a: whether they left together)"
                    )
                if tplayer is None and tobj is not None:
                    tplayer = controller_named(game, node.trigger, tobj)
                pending = PendingTrigger(controller, src_id, idx, node, name, tobj, tspell, tplayer,
                                         len(game.state.pending), getattr(event, "amount", None),
                                         getattr(event, "x", None), trigger_moved=_moved_to(event, tobj))  # fmt: skip
                if node.condition is not None and not _ctx_for(game, pending).holds(node.condition):
                    continue  # 603.4: an intervening "if" that is false: it doesn't trigger
                if _triggered_once(game, pending):
                    continue
                game.state.pending.append(pending)
        _delayed(game, event)


def _discarded_together(events: list[Event]) -> list[Event]:
    """603.2c: the cards one player discards one after another, with nothing
    else happening between, are discarded together: the first of them says
    how many ("Whenever you discard one or more cards" triggers once, "that
    many" that number), each still an event of its own ("Whenever you
    discard a card")."""
    out = list(events)
    i = 0
    while i < len(out):
        first = out[i]
        if not isinstance(first, Discarded):
            i += 1
            continue
        j, n = i + 1, 1
        while j < len(out):
            later = out[j]
            if isinstance(later, PutInto | ExiledWithMadness):
                j += 1  # the move of the next card discarded (hand to graveyard, or to exile with madness)
                continue
            if not isinstance(later, Discarded) or later.player != first.player:
                break
            out[j] = replace(later, amount=0)
            j, n = j + 1, n + 1
        out[i] = replace(first, amount=n)
        i = j
    return out


def _each_counter(events: list[Event]) -> list[Event]:
    """122.6: the counters put on an object at once are each a counter put
    on it ("Whenever a +1/+1 counter is put on [this]" triggers once for
    each): after the event of them all, one for each."""
    if not any(isinstance(e, CountersPut) for e in events):
        return events
    out: list[Event] = []
    for e in events:
        out.append(e)
        if isinstance(e, CountersPut):
            out.extend(CounterPut(e.obj, e.kind) for _ in range(e.amount))
    return out


def _moved_together(events: list[Event]) -> list[Event]:
    """603.2c: the cards of one player that move from one zone to another
    one after another, with nothing else moving between, move together
    ("Whenever one or more creature cards leave your graveyard" triggers
    once): the first of them lists them all."""
    out = list(events)
    i = 0
    while i < len(out):
        first = out[i]
        if not isinstance(first, PutInto):
            i += 1
            continue
        key = (first.from_zone, first.to_zone, first.owner)
        j = i + 1
        while j < len(out):
            later = out[j]
            if isinstance(later, PutInto) and (later.from_zone, later.to_zone, later.owner) != key:
                break
            if not isinstance(later, PutInto | Left | Entered | Sacrificed | UnattachedFrom | AttachedTo | Discarded):
                break  # something else happened between: not the same move (a move's own events go along)
            j += 1
        ids = tuple(e.obj for e in out[i:j] if isinstance(e, PutInto))
        out[i] = replace(first, together=ids, amount=len(ids))
        i = j
    return out


def _attached_with(game: Game, events: list[Event], event: Left) -> list[Any]:
    """603.10a: the Auras and Equipment that were attached to a permanent as
    it left the battlefield and that left the battlefield in the same
    action: their leaves-the-battlefield abilities look back in time ("When
    enchanted creature dies"), as they last existed."""
    if event.lki.zone != "battlefield":
        return []
    out = []
    for other in events:
        if not isinstance(other, Left) or other is event or other.lki.zone != "battlefield":
            continue
        lki = other.lki
        if lki.face_down is not None or not (lki.id in event.attached or (
                lki.last is not None and lki.last.attached_to == event.lki.id)):
            continue
        own = [(i, ab) for i, ab in enumerate(lki.abilities) if isinstance(ab, A.TriggeredAbility)]
        if own:
            out.append((lki.id, lki.controller, own, lki.name, None))
    return out


def _left_together_with(arrival: Event, event: Event) -> bool:
    """Did ``event``, a permanent leaving the battlefield after a card left it
    (``arrival``) in one action, maybe happen at the same time (a "destroy
    all", state-based actions, 704.3)?  Then the card, watched where it went,
    may not have been there yet (603.10a)."""
    return (isinstance(arrival, Left) and arrival.lki.zone == "battlefield"
            and isinstance(event, Left) and event.lki.zone == "battlefield")  # fmt: skip


def _cycled_card(game: Game, event: Cycled, sources: list[Any]) -> list[Any]:
    """702.29c: "When you cycle [this card]" triggers from the graveyard the
    card was discarded to (its abilities not already watched there)."""
    card = game.get(event.card)
    if card is None or card.face_down is not None:
        return []
    watched = {idx for src, _, abilities, _, _ in sources if src == card.id for idx, _ in abilities}
    own = [(i, ab) for i, ab in _abilities(card) if i not in watched and _cycles_self(ab.trigger)]
    return [(card.id, card.owner, own, display_name(card), None)] if own else []


def _put_card(game: Game, event: PutInto, sources: list[Any]) -> list[Any]:
    """ "When [this] is put into a graveyard from anywhere": the card
    triggers from the zone it was put into, the one the event is about
    (603.6c); its abilities not already watched there."""
    card = game.get(event.obj)
    if card is None or card.face_down is not None:
        return []
    watched = {idx for src, _, abilities, _, _ in sources if src == card.id for idx, _ in abilities}
    own = [(i, ab) for i, ab in _abilities(card) if i not in watched and _put_self(ab.trigger)]
    return [(card.id, card.owner, own, display_name(card), None)] if own else []


@per_node
def _put_self(trigger: A.Node) -> bool:
    """A trigger with the event "[this] is put into [a zone] from [a zone]"."""
    return any(
        isinstance(n, A.EventTrigger) and _is_self(n.subject) and any(e.kind == "is put into from" for e in n.events)
        for n in walk(trigger)
    )  # fmt: skip


def _cycles_self(trigger: A.Node) -> bool:
    """A trigger with the event "you cycle [this card]" (702.29c)."""
    return any(isinstance(n, A.Event) and n.kind == "cycles" and _is_self(n.other) for n in walk(trigger))


def controller_named(game: Game, trigger: A.Node, tobj: ObjectId) -> PlayerId | None:
    """608.2c: "Whenever a creature *an opponent controls* dies, *that
    player* loses 2 life": a trigger whose object is described by who
    controls it names that player, the object's controller as the event
    happened (its last known information if it left, 603.10a)."""
    subject = getattr(_inner(trigger), "object", None)
    filt = getattr(subject, "filter", subject)
    if not isinstance(filt, A.ObjectFilter) or not any(
        isinstance(q, A.ControlledBy) and isinstance(q.player, A.PlayerGroup) and not q.negated for q in filt.post
    ):
        return None
    o = game.get(tobj)
    if o is not None:
        return o.controller
    lki = game.state.lki.get(tobj)
    return lki.controller if lki is not None else None


def _delayed(game: Game, event: Event) -> None:
    """603.7: delayed triggered abilities trigger like any other; their
    source and controller are those of the spell or ability that made them
    (603.7d-e)."""
    for d in list(game.state.delayed_events):
        ok, tobj, tspell, tplayer = _triggers_on(game, d.source, d.controller, d.node, event, None, Watch(d.ability))
        if not ok:
            continue
        if not d.this_turn:
            game.state.delayed_events.remove(d)  # 603.7b: with no duration, it triggers only once
        if tplayer is None and tobj is not None:
            tplayer = controller_named(game, d.node.trigger, tobj)
        pending = PendingTrigger(d.controller, d.source, d.ability, d.node, d.name, tobj, tspell, tplayer,
                                 len(game.state.pending), getattr(event, "amount", None))  # fmt: skip
        if d.node.condition is not None and not _ctx_for(game, pending).holds(d.node.condition):
            continue  # 603.4
        if _triggered_once(game, pending):
            continue
        game.state.pending.append(pending)


def once_each_turn(ab: A.TriggeredAbility) -> A.TriggersOnce | None:
    """ "This ability triggers only once each turn." among the sentences of a
    triggered ability's own effect, if it has it."""
    return next((s for s in getattr(ab.effect, "sentences", ()) if isinstance(s, A.TriggersOnce)), None)


def _triggered_once(game: Game, p: PendingTrigger) -> bool:
    """603.2: "This ability triggers only once each turn." — whether this
    ability of this object (a new object, 400.7, is another) has triggered
    already this turn; if not, it triggers now, and that is recorded."""
    once = once_each_turn(p.node)
    if once is None:
        return False
    key = (p.source, p.ability, "once", once.span)
    if key in game.state.trigger_hits:
        game.say(f"  {p.name}'s triggered ability has triggered this turn already: it triggers only once each turn")
        return True
    game.state.trigger_hits.append(key)
    return False


def _functions_in(ab: A.TriggeredAbility) -> str | None:
    """The zone other than the battlefield a triggered ability functions in,
    if it says so: "if [this] is in your graveyard" (113.6b), "the creature
    it haunts dies" (from exile, 113.6k, 702.55c)."""
    for cond in (ab.condition, ab.trigger.condition if isinstance(ab.trigger, A.WhileTrigger) else None):
        # an intervening "if", or the condition of the trigger event ("Whenever
        # a creature you control dies while this card is in your graveyard")
        if isinstance(cond, A.IsState) and _is_self(cond.object) and not cond.negated:
            state = cond.state
            if isinstance(state, A.State) and state.word == "in" and isinstance(state.what, A.ZonePlace):
                return state.what.zone
    if any(isinstance(n, A.HauntedRef) for n in _trigger_parts(ab.trigger)) or isinstance(ab.trigger, ExiledThisWay):
        return "exile"  # 702.35a: madness's trigger functions in exile
    left = zone_left_by_self(ab.effect)
    if left is not None and not any(isinstance(n, A.SelfRef) for n in walk(ab.trigger)):
        # 113.6k: "When a Dragon enters, you may return [this] from your
        # graveyard to the battlefield" — unless the trigger event is its own
        # arrival there ("When [this] dies, ...")
        return left
    return None


def functions_in(ab: A.TriggeredAbility) -> str | None:
    """The zone other than the battlefield (and a spell's own stack) where
    the engine watches a triggered ability (113.6b, 113.6k), or None."""
    return _functions_in(ab)


def is_own_cast(trigger: object) -> bool:
    """ "When you cast this spell" (601.2i), every part of it: watched on the stack."""
    if isinstance(trigger, A.TriggerOr):
        return is_own_cast(trigger.first) and is_own_cast(trigger.second)
    trigger = _inner(trigger)
    if isinstance(trigger, A.EventTrigger):
        return all(_casts_self(trigger.subject, e) for e in trigger.events)
    return isinstance(trigger, A.CastTrigger) and trigger.this_spell


def is_own_cycle(trigger: object) -> bool:
    """ "When you cycle this card" (702.29c), every part of it: watched where the card is discarded to."""
    if isinstance(trigger, A.TriggerOr):
        return is_own_cycle(trigger.first) and is_own_cycle(trigger.second)
    trigger = _inner(trigger)
    return isinstance(trigger, A.EventTrigger) and all(e.kind == "cycles" and _is_self(e.other) for e in trigger.events)


def is_own_move(trigger: object) -> bool:
    """ "When [this] is put into a graveyard from anywhere", "When a spell or
    ability an opponent controls causes you to discard [this]", every part
    of it: watched where the card went (603.6c)."""
    if isinstance(trigger, A.TriggerOr):
        return is_own_move(trigger.first) and is_own_move(trigger.second)
    trigger = _inner(trigger)
    return isinstance(trigger, A.EventTrigger) and all(
        (e.kind == "is put into from" and _is_self(trigger.subject)) or (e.kind == "causes to discard" and _is_self(e.place))
        for e in trigger.events
    )  # fmt: skip


def _trigger_parts(t: object) -> Iterator[object]:
    t = _inner(t)
    if isinstance(t, A.TriggerOr):
        yield from _trigger_parts(t.first)
        yield from _trigger_parts(t.second)
    else:
        yield getattr(t, "object", None)


_ELSEWHERE: dict[int, tuple[tuple[A.Ability, ...], list[tuple[int, A.TriggeredAbility]]]] = {}


def _elsewhere(game: Game) -> list[tuple[ObjectId, PlayerId, list[tuple[int, A.TriggeredAbility]], str, int | None]]:
    """Cards outside the battlefield with triggered abilities that function
    where they are (113.6b, 113.6k); their controller is their owner (113.8)."""
    out: list[tuple[ObjectId, PlayerId, list[tuple[int, A.TriggeredAbility]], str, int | None]] = []
    for player in game.state.players:
        for zone in ("graveyard", "exile"):
            for o in game.zone_objects(zone, player):
                if o.face_down is not None:
                    continue
                abilities = chars(o).abilities
                hit = _ELSEWHERE.get(id(abilities))
                if hit is None or hit[0] is not abilities:
                    found = [(i, ab) for i, ab in _abilities(o) if _functions_in(ab) is not None]
                    hit = (abilities, found)
                    remember(_ELSEWHERE, id(abilities), hit)
                here = [(i, ab) for i, ab in hit[1] if _functions_in(ab) == zone]
                if here:
                    out.append((o.id, o.owner, here, display_name(o), None))
    return out


PUBLIC_ZONES = ("battlefield", "graveyard", "exile", "stack")
"""The zones whose cards every player may see (400.2; a face-down card in exile aside)."""


def _moved_to(event: Event, tobj: ObjectId | None) -> ObjectId | None:
    """400.7d: an ability that triggers on an object's moving from one zone
    to another can find the new object it became in the zone it moved to,
    if that zone is public ("When this creature dies, return it to the
    battlefield")."""
    if isinstance(event, Left) and tobj is not None and tobj == event.lki.id and event.to_zone in PUBLIC_ZONES:
        return event.new
    return None


def _ctx_for(game: Game, p: PendingTrigger, item: StackItem | None = None) -> Ctx:
    effect = p.node.effect
    return Ctx(
        game, p.controller, p.source, p.ability, item, slot_index(effect),
        trigger_object=p.trigger_object, trigger_spell=p.trigger_spell, trigger_player=p.trigger_player,
        trigger_amount=p.trigger_amount, x=p.x, them=list(p.trigger_objects), trigger_moved=p.trigger_moved,
    )  # fmt: skip


def _arrived(game: Game, oid: ObjectId) -> tuple[int, ObjectId]:
    """When the object ``oid`` arrived in its zone (the one it has left, for
    last known information), then its id: the order REFs number objects of
    one name in ("Grizzly Bears#2")."""
    o = game.get(oid)
    if o is not None:
        return (o.arrived, oid)
    lki = game.state.lki.get(oid)
    return (lki.arrived if lki is not None else 0, oid)


def order_labels(game: Game, items: list[PendingTrigger]) -> list[str]:
    """The label of each triggered ability in an "order" decision: its
    source's name; "Name#1", "Name#2" when sources of one name are different
    objects (two copies of a card, or an object and the new object it became
    after a zone change, 400.7), numbered in the order they arrived, as REFs
    number them; and " (ability N)" when one source has several of them."""
    sources_by_name: dict[str, list[ObjectId]] = {}
    for p in items:
        sources = sources_by_name.setdefault(p.name, [])
        if p.source not in sources:
            sources.append(p.source)
    for sources in sources_by_name.values():
        sources.sort(key=lambda oid: _arrived(game, oid))
    labels = []
    for p in items:
        sources = sources_by_name[p.name]
        label = p.name + (f"#{sources.index(p.source) + 1}" if len(sources) > 1 else "")
        if any(q.source == p.source and q.ability != p.ability for q in items):
            label += f" (ability {p.ability + 1})"
        labels.append(label)
    return labels


def _order(game: Game, player: PlayerId, items: list[PendingTrigger]) -> list[PendingTrigger]:
    kinds = {(p.source, p.ability) for p in items}
    if len(kinds) <= 1:
        return items
    labels = order_labels(game, items)
    d = Decision(
        "order", player, "order your triggered abilities (the first listed is put on the stack first and resolves last)",
        list(range(len(items))), labels, len(items), len(items),
    )  # fmt: skip
    picked = ask(game, d)
    return [items[i] for i in picked]


def put_on_stack(game: Game) -> None:
    """603.3b: APNAP order; targets are chosen now (603.3d)."""
    pending = game.state.pending
    game.state.pending = []
    players = list(game.state.players)
    active = game.state.active
    order = [active] + [p for p in players if p != active]
    for player in order:
        mine = [p for p in pending if p.controller == player]
        if not mine:
            continue
        # "Name#2" for the second object of a name, so the log tells them apart too
        names = {id(p): label.split(" (ability ")[0] for p, label in zip(mine, order_labels(game, mine), strict=True)}
        for p in _order(game, player, mine):
            name = names[id(p)]
            item = StackItem(
                game.new_id(), "ability", p.controller, p.source, p.ability, p.node.effect, p.name,
                condition=p.node.condition, trigger_object=p.trigger_object,
                trigger_spell=p.trigger_spell, trigger_player=p.trigger_player, trigger_amount=p.trigger_amount,
                x=p.x,
                trigger_objects=p.trigger_objects, trigger_moved=p.trigger_moved,
            )  # fmt: skip
            ctx = _ctx_for(game, p, item)
            who = f"{name}'s triggered ability"
            if modes_of(p.node.effect) is not None:
                # 603.3c, 700.2b: the modes are chosen now; a mode that can't be
                # chosen isn't offered by the rules, and with none chosen the
                # ability is removed from the stack.
                if not can_choose(ctx, p.node.effect):
                    game.say(f"{who} is removed from the stack: none of its modes can be chosen (603.3c, 700.2b)")
                    continue
                item.modes = choose_modes(ctx, p.node.effect, main=False, who=who)
                if not item.modes:
                    game.say(f"{who} is removed from the stack: no mode was chosen (700.2b)")
                    continue
            try:
                item.targets = choose_targets(ctx, p.node.effect, main=False, who=who)
            except IllegalAction as exc:
                game.say(f"{who} is removed from the stack: {exc} (603.3d)")
                continue
            game.state.stack.append(item)
            targeted(game, item)
            game.say(f"{who} ({_trigger_words(p.node)}) goes on the stack"
                     + (f", choosing {describe_modes(item.modes)}" if item.modes is not None else "")
                     + _targets_text(game, item))  # fmt: skip


def _trigger_words(node: A.TriggeredAbility) -> str:
    return _words_of(node.trigger)


def _words_of(trigger: object) -> str:
    if isinstance(trigger, A.WhileTrigger | A.DuringTrigger | A.NthTimeTrigger):
        return _words_of(trigger.trigger)
    if isinstance(trigger, A.TriggerOr):
        return f"{_words_of(trigger.first)} or {_words_of(trigger.second)}"
    if isinstance(trigger, A.EventTrigger):
        return " or ".join(e.kind for e in trigger.events)
    name = type(trigger).__name__.replace("Trigger", "").lower()
    return {"kicks": "a spell was kicked", "cast": "a spell was cast", "enters": "it entered",
            "leaves": "it left the battlefield", "dies": "it died", "turnedfaceup": "a permanent was turned face up", "phase": "a step began",
            "attacks": "it attacked", "dealscombatdamage": "it dealt combat damage to a player",
            "dealsdamage": "it dealt damage", "reflexivetrigger": "its controller did it, 603.12",
            "exiledthisway": "it was exiled with madness", "chapter": "a lore counter reached its chapter",
            "becomestarget": "it became the target of a spell or ability an opponent controls",
            }.get(name) or _words(type(trigger).__name__.replace("Trigger", ""))  # fmt: skip


def _words(camel: str) -> str:
    """ "ExiledThisWay" as words: "exiled this way"."""
    return "".join(" " + c.lower() if c.isupper() else c for c in camel).strip()


def _targets_text(game: Game, item: StackItem) -> str:
    from .targets import label

    ctx = Ctx(game, item.controller, item.source)
    chosen = [label(ctx, v) for slot in item.targets for v in slot]
    return f", targeting {', '.join(chosen)}" if chosen else ""


def settle(game: Game) -> None:
    """117.5: before a player receives priority, state-based actions are
    performed and triggered abilities are put on the stack, until neither happens."""
    from .characteristics import refresh_granted

    for _ in range(1000):
        # 603.2: an ability triggers as its event happens, before the
        # state-based actions the event leads to (a creature dealt lethal
        # damage still sees the damage dealt to it)
        refresh_granted(game)
        collect(game)
        changed = sba.check(game)
        refresh_granted(game)  # 613.1f: abilities given in quotation marks, as the game now is
        collect(game)
        check_state_triggers(game)
        if game.state.pending:
            put_on_stack(game)
            continue
        if not changed and not game.events:
            return
    raise RuntimeError("state-based actions and triggers did not settle")


__all__ = [
    "EVENTS", "PHASE_STEPS", "BoundObjects", "enters_supported", "leaves_supported", "or_parts", "trigger_problems", "PHASE_WHOSE", "TRIGGERS", "collect", "event_supported", "face_up_supported",
    "phase_supported",
    "put_on_stack", "settle",
]  # fmt: skip
