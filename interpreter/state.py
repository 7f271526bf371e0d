"""The game state and the :class:`Game` that plays it.

:class:`GameState` is plain data: players, objects, zones, the stack, linked
information, continuous effects with a duration, triggered abilities waiting
to be put on the stack.  It can be cloned and compared, which is how a refused
action leaves the game exactly as it was (:meth:`Game.transaction`).

:class:`Game` adds what is not game state: the chooser that answers
decisions, the log, and the events of the action being carried out.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Literal, TypeAlias

from cardtext.grammar import ast as A
from cardtext.grammar.errors import CardTextError

from .linked import EMPTY, Linked
from .objects import GameObject, Lki, ObjectId, Player, PlayerId, Zone

TargetValue: TypeAlias = "ObjectId | PlayerId"


@dataclass(slots=True)
class StackItem:
    """A spell or an ability on the stack (CR 405, 113.7).

    For a spell, ``source`` is the spell object itself and its kicks and X
    are in the spell's :class:`~cardtext.interpreter.linked.Linked` record.  For an
    ability, ``source`` is the object it comes from and ``ability`` the index
    of the ability in that object's abilities.  ``targets`` has one tuple
    per target slot of the effect (:mod:`cardtext.interpreter.targets`); an empty tuple
    is a slot with nothing chosen (a kicked-only part of an unkicked spell,
    K7, or "up to" with none; a mode that wasn't chosen, 700.2c).  ``modes``
    are the chosen modes of a modal spell or ability, from 0 in printed
    order (700.2, :mod:`cardtext.interpreter.modes`); None when it isn't modal.
    ``division`` has, for a slot of "N damage divided as you choose among
    [targets]", the amount each of its targets is to be dealt, announced
    with the targets (601.2d); an empty tuple for any other slot.
    """

    sid: int
    kind: Literal["spell", "ability"]
    controller: PlayerId
    source: ObjectId
    ability: int
    effect: A.Effect | None
    name: str
    targets: tuple[tuple[Any, ...], ...] = ()
    x: int | None = None
    condition: A.Condition | None = None
    trigger_object: ObjectId | None = None
    trigger_spell: int | None = None
    trigger_player: PlayerId | None = None
    modes: tuple[int, ...] | None = None
    trigger_amount: int | None = None  # "that much": the amount of the triggering event (603.7c)
    division: tuple[tuple[int, ...], ...] = ()  # per target slot, the amount each target gets (601.2d)
    paid: tuple[tuple[str, tuple[ObjectId, ...]], ...] = ()  # what an activated ability's cost sacrificed, exiled, ... (602.2b)
    trigger_objects: tuple[ObjectId, ...] = ()  # what a delayed ability's "them" meant as it was created (603.7c)
    trigger_moved: ObjectId | None = None  # the new object the trigger object became in a public zone (400.7d)

    def clone(self) -> StackItem:
        return StackItem(
            self.sid, self.kind, self.controller, self.source, self.ability, self.effect, self.name,
            self.targets, self.x, self.condition, self.trigger_object, self.trigger_spell,
            self.trigger_player, self.modes, self.trigger_amount, self.division, self.paid, self.trigger_objects,
            self.trigger_moved,
        )  # fmt: skip


@dataclass(frozen=True, slots=True)
class EotEffect:
    """A continuous effect from a resolved spell or ability that lasts until
    end of turn (611.2a, 514.2): "+3/+3 until end of turn"; or, ``lasting``,
    one written without a duration, which lasts as long as its object stays
    the same object (611.2, 400.7): "It gains indestructible".  With
    ``sets``, ``power`` and ``toughness`` are the base power and toughness
    it sets (layer 7b, 613.4b: "has base power and toughness 1/1 until end
    of turn", "becomes a 4/4 ... creature") rather than a change of them
    (layer 7c).  ``keywords`` are those it gives the object, ``loses``
    those it takes away (layer 6, 613.1f)."""

    target: ObjectId
    power: int
    toughness: int
    keywords: tuple[str, ...]
    timestamp: int
    lasting: bool = False
    sets: bool = False
    loses: tuple[str, ...] = ()  # keywords it loses ("loses flying until end of turn", 613.1f)
    switch: bool = False  # "switch its power and toughness until end of turn" (layer 7d, 613.4d)
    combat: bool = False  # "until end of combat": it ends with the end of combat step (511.3) too
    while_tapped: ObjectId | None = None  # "for as long as [this] remains tapped": it ends as that untaps or leaves (611.2b)


@dataclass(frozen=True, slots=True)
class PendingTrigger:
    """A triggered ability that triggered and waits to be put on the stack
    the next time a player would receive priority (603.3)."""

    controller: PlayerId
    source: ObjectId
    ability: int
    node: A.TriggeredAbility
    name: str
    trigger_object: ObjectId | None = None
    trigger_spell: int | None = None
    trigger_player: PlayerId | None = None
    order: int = 0
    trigger_amount: int | None = None
    x: int | None = None  # the X of the cost paid in the triggering event ("When you cycle this card, ... X")
    trigger_objects: tuple[ObjectId, ...] = ()  # a delayed ability's "them" (603.7c)
    trigger_moved: ObjectId | None = None  # the new object the trigger object became in a public zone (400.7d)


@dataclass(frozen=True, slots=True)
class DelayedTrigger:
    """A delayed triggered ability (603.7): made by a resolving spell or
    ability, it triggers once its event happens, for as long as it lasts
    ("this turn": until the cleanup step).  ``about`` are the objects its
    "that creature" means, fixed as it was made (603.7c); ``source`` and
    ``controller`` are those of the spell or ability that made it (603.7d);
    ``x`` and ``kicks`` what that spell knew, for its own conditions."""

    controller: PlayerId
    source: ObjectId
    ability: int
    node: A.TriggeredAbility
    name: str
    about: tuple[ObjectId, ...] = ()
    this_turn: bool = True


@dataclass(slots=True)
class Combat:
    """The combat of the current turn (CR 506-511), from the declaration of
    attackers to the end of combat (511.3: then creatures stop being
    attacking and blocking).

    ``attackers`` maps each attacking creature to the player it attacks, in
    the order declared; ``blockers`` maps each blocking creature to the
    attackers it blocks, in the order declared (one, unless an ability lets
    it block more, 509.1a);
    ``blocked`` are the attackers that became blocked — they stay blocked
    even if their blockers leave (509.1h).  ``struck_first`` holds the creatures that had first strike or double strike as it began
    (702.7b, 702.4b).  A creature that leaves the battlefield is a new object
    (400.7), so it is no longer in combat (506.4).
    """

    attackers: dict[ObjectId, PlayerId] = field(default_factory=dict)
    blockers: dict[ObjectId, tuple[ObjectId, ...]] = field(default_factory=dict)
    blocked: frozenset[ObjectId] = frozenset()
    struck_first: frozenset[ObjectId] = frozenset()
    blockers_declared: bool = False

    def clone(self) -> Combat:
        return Combat(dict(self.attackers), dict(self.blockers), self.blocked, self.struck_first,
                      self.blockers_declared)  # fmt: skip


LIFE_GAIN_REPLACEMENTS: list[Callable[[Game, PlayerId, int], tuple[int, bool]]] = []
"""119.10: what changes a life gain before it happens — each function takes
the game, the player and the amount, and gives the amount and whether it is
lost instead (filled by :mod:`cardtext.interpreter.statics`, which reads the
static abilities that replace it)."""


@dataclass(slots=True)
class GameState:
    players: dict[PlayerId, Player]
    objects: dict[int, GameObject] = field(default_factory=dict)
    zones: dict[str, list[int]] = field(default_factory=dict)
    stack: list[StackItem] = field(default_factory=list)
    linked: dict[ObjectId, Linked] = field(default_factory=dict)
    lki: dict[ObjectId, Lki] = field(default_factory=dict)
    eot: list[EotEffect] = field(default_factory=list)
    until_leaves: list[tuple[ObjectId, ObjectId, Zone]] = field(default_factory=list)  # (source, exiled card, the zone it came from)
    pending: list[PendingTrigger] = field(default_factory=list)
    active: PlayerId = "A"
    step: str = "main"
    turn: int = 1
    next_id: int = 1
    clock: int = 0
    seed: int = 0
    combat: Combat | None = None
    shields: list[ObjectId] = field(default_factory=list)  # regeneration shields for this turn (701.19a)
    activations: list[tuple[ObjectId, int]] = field(default_factory=list)  # (object, ability) activated this turn (602.5b)
    permissions: list[Any] = field(default_factory=list)  # cast permissions granted by effects (601.2, :mod:`cardtext.interpreter.cast_permissions`)
    attacked: list[tuple[PlayerId, ObjectId]] = field(default_factory=list)  # attackers declared this turn, by player (508.1)
    resolutions: list[tuple[ObjectId, int]] = field(default_factory=list)  # (object, ability) resolved this turn
    turn_began: int = 0  # the clock as this turn began: what arrived after it "entered this turn"
    extra_turns: list[PlayerId] = field(default_factory=list)  # 500.7: extra turns to take, the last created first
    delayed_events: list[DelayedTrigger] = field(default_factory=list)  # delayed triggered abilities of an event, this turn (603.7, cardtext.interpreter.delayed_events)
    haunting: list[tuple[ObjectId, ObjectId]] = field(default_factory=list)  # (exiled card, creature it haunts) (702.55b)
    granted_eot: list[tuple[ObjectId, tuple[A.Ability, ...]]] = field(default_factory=list)  # abilities gained until end of turn
    must_block: list[ObjectId] = field(default_factory=list)  # "blocks this turn if able" (509.1c)
    must_attack: list[ObjectId] = field(default_factory=list)  # "attacks this turn if able" (508.1d)
    skip_untap: list[tuple[ObjectId, PlayerId | None]] = field(default_factory=list)  # "doesn't untap during its controller's (your) next untap step" (502.3)
    cast_this_turn: list[GameObject] = field(default_factory=list)  # each spell cast this turn, as it was cast (601.2i)
    life_changes: list[tuple[PlayerId, int]] = field(default_factory=list)  # each gain (+) and loss (-) of life this turn (119.3, 119.4)
    delayed: list[Any] = field(default_factory=list)  # delayed triggered abilities of a step, waiting (603.7, cardtext.interpreter.delayed)
    prevention: list[Any] = field(default_factory=list)  # prevention effects of this turn (615, cardtext.interpreter.prevention)
    no_prevention: bool = False  # "Damage can't be prevented this turn" (615.12)
    turn_rules: list[Any] = field(default_factory=list)  # "can't ... this turn" made by instructions (cardtext.interpreter.this_turn)
    became_eot: list[tuple[ObjectId, A.Becomes]] = field(default_factory=list)  # type changes until end of turn (611.2a)
    control: list[Any] = field(default_factory=list)  # control-changing effects of resolved instructions (613.1b, cardtext.interpreter.control)
    left_this_turn: list[tuple[Lki, Zone, ObjectId]] = field(default_factory=list)  # each permanent that left the battlefield this turn, where it went and the object it became (700.4, 603.10a)
    upkeeps: dict[PlayerId, tuple[int, int]] = field(default_factory=dict)  # per player, the clock as their upkeep before the last one and their last one began (702.30a)
    entered_this_turn: list[tuple[ObjectId, PlayerId, int]] = field(default_factory=list)  # each permanent that entered the battlefield this turn, under whose control, and when (700.4, cardtext.interpreter.zone_changes)
    trigger_hits: list[tuple[ObjectId, int, str, Any]] = field(default_factory=list)  # (source, ability, what, where written): each time this turn an ability triggered or met its event (603.2, cardtext.interpreter.triggers)
    to_graveyard_this_turn: list[tuple[ObjectId, PlayerId]] = field(default_factory=list)  # each card put into a graveyard this turn from anywhere, and its owner ("if you descended this turn", 700.11)
    damaged_this_turn: list[tuple[ObjectId | None, ObjectId | PlayerId]] = field(default_factory=list)  # (source, permanent or player): each time this turn damage was dealt, by a source (None: none known) to a permanent or a player (120.3: "creatures dealt damage by [this] this turn", "that was dealt damage this turn", "if an opponent was dealt damage this turn"; :meth:`damaged`, :meth:`damaged_players`)
    saddled: list[ObjectId] = field(default_factory=list)  # the permanents saddled this turn: the designation lasts until end of turn or until it leaves the battlefield (702.171b)
    must_block_whom: list[tuple[ObjectId, ObjectId]] = field(default_factory=list)  # (blocker, attacker): "blocks [that creature] this turn if able" (509.1c)
    must_be_blocked: list[ObjectId] = field(default_factory=list)  # "must be blocked this turn if able" (509.1c)
    lures: list[tuple[ObjectId, Any, PlayerId, ObjectId]] = field(default_factory=list)  # (attacker, filter, controller, source): "all creatures able to block it this turn do so" (509.1c)
    no_combat_damage: list[ObjectId] = field(default_factory=list)  # "assigns no combat damage this turn" (510.1)
    held_tapped: list[tuple[ObjectId, ObjectId, str, PlayerId]] = field(default_factory=list)  # (permanent, source, duration, controller): "doesn't untap during its controller's untap step for as long as [this] remains tapped" (502.3, 611.2b)
    blocked_this_turn: list[ObjectId] = field(default_factory=list)  # each creature declared as a blocker this turn ("if [this] attacked or blocked this turn", 509.1)
    crimes: list[PlayerId] = field(default_factory=list)  # each crime committed this turn, by whom ("if you've committed a crime this turn", 700.13)
    sacrificed_this_turn: list[tuple[PlayerId, Lki]] = field(default_factory=list)  # each permanent sacrificed this turn, by whom, as it last existed ("if you've sacrificed an artifact this turn", 701.21a)
    cast_last_turn: list[GameObject] = field(default_factory=list)  # each spell cast in the turn before this one, as it was cast ("if no spells were cast last turn", 601.2i)
    life_changes_last_turn: list[tuple[PlayerId, int]] = field(default_factory=list)  # each gain and loss of life of the turn before this one ("if you lost life last turn", 119.3)

    def damaged(self) -> list[ObjectId]:
        """Each permanent dealt damage this turn, once ("that was dealt damage this turn", 120.3)."""
        return list(dict.fromkeys(to for _, to in self.damaged_this_turn if isinstance(to, tuple)))

    def damaged_players(self) -> list[tuple[ObjectId | None, PlayerId]]:
        """(source, player): each time this turn a player was dealt damage
        ("if an opponent was dealt damage this turn", "if [this] dealt damage
        to an opponent this turn", 120.3)."""
        return [(by, to) for by, to in self.damaged_this_turn if isinstance(to, str)]

    def clone(self, *, share_records: bool = False) -> GameState:
        """A copy of the state that shares nothing that changes in place; with
        ``share_records``, one that shares :data:`RECORDS` (for a
        :class:`Transaction`, which puts them back its own way)."""
        share = share_records
        return GameState(
            {k: p.clone() for k, p in self.players.items()},
            {k: o.clone() for k, o in self.objects.items()},
            {k: list(v) for k, v in self.zones.items()},
            [s.clone() for s in self.stack],
            self.linked if share else dict(self.linked),
            self.lki if share else dict(self.lki),
            list(self.eot),
            list(self.until_leaves),
            list(self.pending),
            self.active, self.step, self.turn, self.next_id, self.clock, self.seed,
            self.combat.clone() if self.combat is not None else None,
            list(self.shields),
            self.activations if share else list(self.activations),
            list(self.permissions),
            self.attacked if share else list(self.attacked),
            self.resolutions if share else list(self.resolutions),
            self.turn_began,
            list(self.extra_turns),
            list(self.delayed_events),
            list(self.haunting),
            list(self.granted_eot),
            list(self.must_block),
            list(self.must_attack),
            list(self.skip_untap),
            self.cast_this_turn if share else list(self.cast_this_turn),
            self.life_changes if share else list(self.life_changes),
            list(self.delayed),
            list(self.prevention),
            self.no_prevention,
            list(self.turn_rules),
            list(self.became_eot),
            list(self.control),
            self.left_this_turn if share else list(self.left_this_turn),
            dict(self.upkeeps),
            self.entered_this_turn if share else list(self.entered_this_turn),
            self.trigger_hits if share else list(self.trigger_hits),
            self.to_graveyard_this_turn if share else list(self.to_graveyard_this_turn),
            self.damaged_this_turn if share else list(self.damaged_this_turn),
            list(self.saddled),
            list(self.must_block_whom),
            list(self.must_be_blocked),
            list(self.lures),
            list(self.no_combat_damage),
            list(self.held_tapped),
            self.blocked_this_turn if share else list(self.blocked_this_turn),
            self.crimes if share else list(self.crimes),
            self.sacrificed_this_turn if share else list(self.sacrificed_this_turn),
            list(self.cast_last_turn),
            list(self.life_changes_last_turn),
        )  # fmt: skip


APPENDED = ("activations", "attacked", "resolutions", "cast_this_turn", "life_changes", "left_this_turn", "entered_this_turn", "trigger_hits",
            "to_graveyard_this_turn", "damaged_this_turn", "blocked_this_turn", "crimes",
            "sacrificed_this_turn")
"""The lists of the game state that are only ever appended to (until a new
turn replaces them with new lists): what this turn did."""

RECORDS = ("linked", "lki", *APPENDED)
"""The containers of the game state that grow over a game and that a
:class:`Transaction` doesn't copy: the lists of :data:`APPENDED`; ``lki``,
to which last known information is only ever added (each object leaves a
zone once, 400.7); ``linked``, changed only by :meth:`Game.set_linked`,
which keeps the old values while a transaction is open.  A transaction
costs what the objects in play cost, not what the game has done so far."""


# --------------------------------------------------------------------------
# Events: what happened during an action, for triggered abilities (603.2)
# --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Entered:
    obj: ObjectId
    from_zone: Zone | None


@dataclass(frozen=True, slots=True)
class Left:
    """``lki`` left its zone for ``to_zone``, where it is ``new``; ``attached``
    are the permanents that were attached to it as it left ("Whenever
    equipped creature dies", 603.10a)."""

    lki: Lki
    to_zone: Zone
    new: ObjectId
    attached: tuple[ObjectId, ...] = ()


@dataclass(frozen=True, slots=True)
class PutInto:
    """The card or token now ``obj`` was put into ``to_zone`` from
    ``from_zone``; ``owner`` owns it (its graveyard, hand or library is the
    one it went to, 400.3).  The first of the objects that moved together
    between the same zones (603.2c) has them all in ``together`` and their
    number in ``amount`` ("that many"); the others none."""

    obj: ObjectId
    from_zone: Zone
    to_zone: Zone
    owner: PlayerId
    together: tuple[ObjectId, ...] = ()
    amount: int = 0


@dataclass(frozen=True, slots=True)
class TappedForMana:
    """``player`` activated a mana ability of ``obj`` with {T} in its cost
    (106.12: they tapped it for mana)."""

    obj: ObjectId
    player: PlayerId


@dataclass(frozen=True, slots=True)
class CounterPut:
    """One counter of ``kind`` put on ``obj``: each of the counters of a
    :class:`CountersPut` ("Whenever a +1/+1 counter is put on [this]"
    triggers once for each, 122.6)."""

    obj: ObjectId
    kind: str


@dataclass(frozen=True, slots=True)
class AttachedTo:
    """The Aura, Equipment or Fortification ``obj`` became attached to ``to`` (701.3a)."""

    obj: ObjectId
    to: ObjectId


@dataclass(frozen=True, slots=True)
class UnattachedFrom:
    """``obj`` became unattached from ``host`` (701.3d: moved, its host left,
    it left the battlefield, or a state-based action)."""

    obj: ObjectId
    host: ObjectId


@dataclass(frozen=True, slots=True)
class Cast:
    """``player`` cast the spell ``sid`` (601.2i); ``index`` is its place in
    this turn's list of spells cast (``cast_this_turn``), for "your second
    spell each turn" (603.2)."""

    sid: int
    player: PlayerId
    index: int = -1


@dataclass(frozen=True, slots=True)
class Kicked:
    """One kicker payment (K17: "whenever a player kicks a spell" counts each)."""

    sid: int
    player: PlayerId
    index: int


@dataclass(frozen=True, slots=True)
class Sacrificed:
    """``player`` sacrificed a permanent (701.21a); ``lki`` is it as it last
    existed on the battlefield."""

    player: PlayerId
    lki: Lki


@dataclass(frozen=True, slots=True)
class GainedLife:
    """``player`` gained ``amount`` life at once (119.9): one event, "that much"."""

    player: PlayerId
    amount: int


@dataclass(frozen=True, slots=True)
class LostLife:
    """``player`` lost ``amount`` life at once (119.3: damage, paying life and
    losing it alike): one event, "that much"."""

    player: PlayerId
    amount: int


@dataclass(frozen=True, slots=True)
class DrewCard:
    """``player`` drew a card (121.2): one event for each card drawn;
    ``nth`` is how many cards they have drawn this turn with it ("your
    second card each turn", 603.2)."""

    player: PlayerId
    nth: int = 0


@dataclass(frozen=True, slots=True)
class PlayerAttacked:
    """``player`` declared one or more attackers (508.1, "whenever you attack")."""

    player: PlayerId


@dataclass(frozen=True, slots=True)
class BecameTapped:
    """A permanent became tapped (701.26a) — not one that entered tapped."""

    obj: ObjectId


@dataclass(frozen=True, slots=True)
class BecameUntapped:
    """A permanent became untapped (701.26b) — in an untap step, by an
    instruction or by paying {Q}."""

    obj: ObjectId


@dataclass(frozen=True, slots=True)
class BecameSaddled:
    """A permanent became saddled (702.171b); ``by``: the creatures tapped
    to pay its saddle cost (702.171a), if it was saddled so."""

    obj: ObjectId
    by: tuple[ObjectId, ...] = ()


@dataclass(frozen=True, slots=True)
class DoorUnlocked:
    """``player`` unlocked the door ``door`` (a face) of the Room ``obj``
    (709.5c-f, 709.5h); ``fully``: with it, every door of the Room is unlocked (709.5i)."""

    obj: ObjectId
    door: int
    player: PlayerId
    fully: bool = False


@dataclass(frozen=True, slots=True)
class Crewed:
    """A creature was tapped to pay the crew (702.122a) or saddle (702.171a)
    cost of ``vehicle``: it "crews a Vehicle" / "saddles a Mount" (``act``,
    702.122b, 702.171c)."""

    creature: ObjectId
    vehicle: ObjectId
    act: str


@dataclass(frozen=True, slots=True)
class TurnedFaceUp:
    obj: ObjectId
    player: PlayerId


@dataclass(frozen=True, slots=True)
class StepBegan:
    """The beginning of a step of ``active``'s turn (503.1a, 513.1a)."""

    step: str
    active: PlayerId


@dataclass(frozen=True, slots=True)
class BecameTarget:
    """An object or a player became a target of the spell or ability ``sid`` controlled by ``player`` (115.1)."""

    sid: int
    obj: ObjectId | PlayerId
    player: PlayerId


@dataclass(frozen=True, slots=True)
class Attacked:
    """``obj`` was declared as an attacker, attacking ``defender`` (508.1m)."""

    obj: ObjectId
    defender: PlayerId


@dataclass(frozen=True, slots=True)
class DealtCombatDamage:
    """``obj`` dealt ``amount`` combat damage to the player ``to`` (510.2):
    "that much" in what it triggers (603.7c)."""

    obj: ObjectId
    to: PlayerId
    amount: int = 0


@dataclass(frozen=True, slots=True)
class DealtDamage:
    """``obj`` dealt ``amount`` damage, all its recipients together, in one
    event (120.3; combat damage is dealt at once, 510.2)."""

    obj: ObjectId
    amount: int


@dataclass(frozen=True, slots=True)
class DamageDealtTo:
    """``source`` dealt ``amount`` damage to the recipient ``to`` (an object
    or a player) in one damage event (120.3, 510.2): one event for each
    source and recipient, "Whenever a source deals damage to you" (603.2);
    ``combat`` when it was combat damage."""

    source: ObjectId
    to: ObjectId | PlayerId
    amount: int
    combat: bool = False


@dataclass(frozen=True, slots=True)
class Cycled:
    """``player`` cycled the card ``card`` (now the card in their graveyard,
    400.7): they activated its cycling ability, typecycling too (702.29c-e)."""

    player: PlayerId
    card: ObjectId
    x: int | None = None  # the X of the cycling cost paid: the X of "When you cycle this card, ..." (107.3)


@dataclass(frozen=True, slots=True)
class CommittedCrime:
    """``player`` committed a crime (700.13): the spell or ability ``sid`` they
    cast, activated or put on the stack targets an opponent of theirs,
    something an opponent controls, or a card in an opponent's graveyard.
    One event for each such spell or ability, however many such targets."""

    player: PlayerId
    sid: int


@dataclass(frozen=True, slots=True)
class WasDealtDamage:
    """The permanent or player ``obj`` was dealt ``amount`` damage, by all the
    sources that dealt damage at once together (120.3; the combat damage of
    one step is one event per recipient, 510.2); ``combat`` when it was
    combat damage."""

    obj: ObjectId | PlayerId
    amount: int
    combat: bool = False


@dataclass(frozen=True, slots=True)
class CombatDamageDealt:
    """``obj`` dealt combat damage in one combat damage step (510.2): to each
    recipient its amount; ``amount`` is the total."""

    obj: ObjectId
    to: tuple[tuple[ObjectId | PlayerId, int], ...]
    amount: int


@dataclass(frozen=True, slots=True)
class CombatDamageStep:
    """All the combat damage of one step, dealt at once (510.2): each
    (source, recipient, amount).  "Whenever one or more creatures deal
    combat damage to a player" triggers once on it (603.2c)."""

    dealt: tuple[tuple[ObjectId, ObjectId | PlayerId, int], ...]


@dataclass(frozen=True, slots=True)
class ExiledWithMadness:
    """A discarded card ``obj`` (now in exile) was exiled by its madness
    ability instead of being put into a graveyard (702.35a)."""

    obj: ObjectId


@dataclass(frozen=True, slots=True)
class BecameBlocked:
    """The attacking creature ``obj`` became blocked (509.1h), once however many creatures block it (509.3c)."""

    obj: ObjectId


@dataclass(frozen=True, slots=True)
class NotBlocked:
    """The attacking creature ``obj``, attacking ``defender``, became an
    unblocked creature as blockers were declared (509.1h): no creature was
    declared to block it."""

    obj: ObjectId
    defender: PlayerId


@dataclass(frozen=True, slots=True)
class Blocks:
    """``blocker`` was declared as a blocker (509.1), of ``attackers``;
    "Whenever [a creature] blocks" triggers once on it (509.3a)."""

    blocker: ObjectId
    attackers: tuple[ObjectId, ...]


@dataclass(frozen=True, slots=True)
class BlocksAttacker:
    """``blocker`` blocks ``attacker``: "Whenever [a creature] blocks a
    creature" triggers once for each attacker it blocks (509.3b)."""

    blocker: ObjectId
    attacker: ObjectId


@dataclass(frozen=True, slots=True)
class Championed:
    """``obj`` (now in exile) was exiled with the champion ``champion``'s ability (702.72a)."""

    obj: ObjectId
    champion: ObjectId


@dataclass(frozen=True, slots=True)
class CountersPut:
    """``amount`` counters of ``kind`` were put on ``obj`` (122.6: also as it entered)."""

    obj: ObjectId
    kind: str
    amount: int
    total: int = 0  # how many of that kind it has after they were put on it (714.2b)


@dataclass(frozen=True, slots=True)
class CountersRemoved:
    """``amount`` counters of ``kind`` were removed from ``obj``; ``left``:
    how many of that kind it has after (the last time counter removed,
    702.63a)."""

    obj: ObjectId
    kind: str
    amount: int
    left: int = 0


@dataclass(frozen=True, slots=True)
class Discarded:
    """``player`` discarded ``card`` (701.9a; the card where it went).
    ``amount``: on the first card of cards discarded together, how many
    they are ("Whenever you discard one or more cards, put that many ...",
    603.2c); 0 on the others.  ``by``: the controller of the spell or
    ability that made them discard it (the player, for a cost they paid),
    None when no spell or ability did."""

    player: PlayerId
    card: ObjectId
    amount: int = 1
    by: PlayerId | None = None


@dataclass(frozen=True, slots=True)
class KeywordActed:
    """A keyword action was done (701): ``verb`` as the AST names it, by
    ``player``, with or to the object ``obj`` ("When this creature becomes
    monstrous", 701.37; "Whenever a creature you control explores", 701.44)."""

    verb: str
    player: PlayerId
    obj: ObjectId | None = None


Event: TypeAlias = (
    Entered | Left | Cast | Kicked | TurnedFaceUp | StepBegan | BecameTarget | Attacked | DealtCombatDamage
    | DealtDamage | CombatDamageDealt | CombatDamageStep | BecameBlocked | Championed | CountersPut
    | ExiledWithMadness | WasDealtDamage | Blocks | BlocksAttacker | NotBlocked | BecameTapped | BecameUntapped | GainedLife | DrewCard
    | PlayerAttacked | Sacrificed | DamageDealtTo | Cycled | CommittedCrime | LostLife | KeywordActed | BecameSaddled | Crewed | DoorUnlocked
    | Discarded | PutInto | TappedForMana | CounterPut | AttachedTo | UnattachedFrom | CountersRemoved
)


def targeted(game: Game, item: StackItem) -> None:
    """Record that the objects ``item`` targets became its targets (for ward,
    702.21a), as it is cast, activated or put on the stack; and that its
    controller committed a crime, if it targets an opponent of theirs, a
    permanent or spell an opponent controls, or a card in an
    opponent's graveyard (700.13: once, however many such targets)."""
    crime = False
    for slot in item.targets:
        for value in slot:
            if isinstance(value, tuple | str):
                game.events.append(BecameTarget(item.sid, value, item.controller))
            crime = crime or _is_crime(game, item.controller, value)
    if crime:
        game.events.append(CommittedCrime(item.controller, item.sid))
        game.state.crimes.append(item.controller)  # "if you've committed a crime this turn" (700.13)


def _is_crime(game: Game, player: PlayerId, value: TargetValue) -> bool:
    """Is targeting ``value`` a crime of ``player`` (700.13)?"""
    opponents = game.opponents(player)
    if isinstance(value, str):
        return value in opponents
    obj = game.get(value)
    if obj is None:
        return False
    if obj.zone in ("battlefield", "stack"):
        return obj.controller in opponents
    return obj.zone == "graveyard" and obj.owner in opponents


class Game:
    """A game in progress: state, chooser, log and the card pool."""

    def __init__(self, state: GameState, chooser: Any = None) -> None:
        self.state = state
        self.chooser = chooser
        self.log: list[str] = []
        self.events: list[Event] = []
        self.linked_undo: list[tuple[ObjectId, Linked | None]] | None = None  # while a transaction is open

    # --- objects and zones ---------------------------------------------------

    def obj(self, cid: int) -> GameObject:
        return self.state.objects[cid]

    def get(self, oid: ObjectId) -> GameObject | None:
        """The object ``oid`` if it still exists (same zone-change count)."""
        o = self.state.objects.get(oid[0])
        if o is None or o.zcc != oid[1]:
            return None
        return o

    def zone(self, zone: Zone, player: PlayerId | None = None) -> list[int]:
        key = zone if zone in ("battlefield", "stack") else f"{player}:{zone}"
        return self.state.zones.setdefault(key, [])

    def zone_objects(self, zone: Zone, player: PlayerId | None = None) -> list[GameObject]:
        return [self.state.objects[c] for c in self.zone(zone, player)]

    def battlefield(self) -> list[GameObject]:
        return [self.state.objects[c] for c in self.zone("battlefield")]

    def linked(self, oid: ObjectId) -> Linked:
        return self.state.linked.get(oid, EMPTY)

    def set_linked(self, oid: ObjectId, value: Linked) -> None:
        """Remember ``value`` for ``oid`` (the only way ``linked`` changes, see :data:`RECORDS`)."""
        if self.linked_undo is not None:
            self.linked_undo.append((oid, self.state.linked.get(oid)))
        self.state.linked[oid] = value

    def change_life(self, player: PlayerId, amount: int) -> int:
        """119.3, 119.4: ``player`` gains (``amount`` > 0) or loses life
        (damage, paying life and losing it alike), remembered for "if you
        gained life this turn"; returns the new life total."""
        p = self.state.players[player]
        if amount > 0 and any(r.about == player and r.rule == "can't gain life" for r in self.state.turn_rules):
            self.say(f"  {player} can't gain life this turn (119.7)")
            return p.life
        if amount > 0:
            # 119.10: life gain replacement effects of static abilities ("twice that much")
            for replaced in LIFE_GAIN_REPLACEMENTS:
                amount, lost = replaced(self, player, amount)
                if lost:
                    amount = -amount
                    break
        p.life += amount
        if amount:
            self.state.life_changes.append((player, amount))
        if amount > 0:
            self.events.append(GainedLife(player, amount))
        elif amount < 0:
            self.events.append(LostLife(player, -amount))
        return p.life

    def opponents(self, player: PlayerId) -> list[PlayerId]:
        return [p for p in self.state.players if p != player]

    def player(self, name: PlayerId) -> Player:
        return self.state.players[name]

    def tick(self) -> int:
        self.state.clock += 1
        return self.state.clock

    def new_id(self) -> int:
        n = self.state.next_id
        self.state.next_id += 1
        return n

    def stack_item(self, sid: int) -> StackItem | None:
        for item in self.state.stack:
            if item.sid == sid:
                return item
        return None

    # --- log ----------------------------------------------------------------

    def say(self, line: str) -> None:
        self.log.append(line)

    # --- transactions ---------------------------------------------------------

    def transaction(self) -> Transaction:
        """Do an action all or nothing: on any :class:`CardTextError` the state,
        the log and pending events are put back as they were, then the error
        goes on (601.2: an illegal cast is reversed, 728 in spirit)."""
        return Transaction(self)


class Transaction:
    """The context of :meth:`Game.transaction`: a clone of the state that
    shares the :data:`RECORDS` (with their lengths, and a mark in the undo
    list of ``linked``), the length of the log and the pending events, put
    back on a :class:`CardTextError`."""

    __slots__ = ("game", "saved", "log_len", "events", "lengths", "undo_mark", "outermost")

    def __init__(self, game: Game) -> None:
        self.game = game

    def __enter__(self) -> None:
        game = self.game
        state = game.state
        self.saved = state.clone(share_records=True)
        self.lengths = (len(state.lki), *(len(getattr(state, name)) for name in APPENDED))
        self.outermost = game.linked_undo is None
        if game.linked_undo is None:
            game.linked_undo = []
        self.undo_mark = len(game.linked_undo)
        self.log_len = len(game.log)
        self.events = list(game.events)

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None, tb: object) -> None:
        game = self.game
        undo = game.linked_undo
        assert undo is not None
        if kind is not None and issubclass(kind, CardTextError):
            saved = self.saved
            while len(undo) > self.undo_mark:
                oid, old = undo.pop()
                if old is None:
                    del saved.linked[oid]
                else:
                    saved.linked[oid] = old
            lki_len, *appended = self.lengths
            while len(saved.lki) > lki_len:
                saved.lki.popitem()  # the last added first
            for name, length in zip(APPENDED, appended, strict=True):
                del getattr(saved, name)[length:]
            game.state = saved
            del game.log[self.log_len :]
            game.events = self.events
        if self.outermost:
            game.linked_undo = None


__all__ = [
    "Attacked", "BecameBlocked", "BecameTarget", "Championed", "CombatDamageDealt", "CombatDamageStep", "CountersPut",
    "DelayedTrigger", "Cast", "Combat", "DealtCombatDamage", "Entered", "EotEffect", "Event", "Game", "GameState", "Kicked", "Left",
    "PendingTrigger", "StackItem", "StepBegan", "targeted", "BecameUntapped", "NotBlocked", "TargetValue", "TurnedFaceUp", "WasDealtDamage", "Blocks",
    "BlocksAttacker", "CommittedCrime", "Cycled", "DamageDealtTo",
]  # fmt: skip
