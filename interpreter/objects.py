"""Game objects and their identity (CR 109, 400.7).

A physical card (or a token, or a copy of a spell) has a ``cid`` that never
changes.  Each time it changes zones it becomes a new object: its zone-change
counter ``zcc`` goes up, and everything the game remembered about the old
object (tapped, counters, damage, face-down status, linked information) is
gone.  ``(cid, zcc)`` — an :data:`ObjectId` — names one object for as long as
it exists, and is the key of everything linked to it (rule 607,
:mod:`cardtext.interpreter.linked`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal, TypeAlias

from cardtext.grammar import ast as A


def _creature_types() -> tuple[str, ...]:
    """The creature types (CR 205.3m), from the package's data file."""
    text = (Path(__file__).parent / "data" / "creature_types.txt").read_text(encoding="utf-8")
    return tuple(ln.strip() for ln in text.splitlines() if ln.strip() and not ln.startswith("#"))


CREATURE_TYPES = _creature_types()
COLOR_WORDS = ("white", "blue", "black", "red", "green")

ObjectId: TypeAlias = tuple[int, int]
PlayerId: TypeAlias = str

ZONES = ("library", "hand", "battlefield", "graveyard", "stack", "exile")
Zone: TypeAlias = Literal["library", "hand", "battlefield", "graveyard", "stack", "exile"]

FaceDown: TypeAlias = Literal["manifested", "manifested dread", "cloaked", "morph", "disguised", "exiled"]
"""How an object became face down (M13); ``"exiled"`` is a card exiled face down (406.3)."""


@dataclass(slots=True)
class GameObject:
    """One card, token or spell copy in one zone.

    ``card`` is what is printed (for a token, what the effect that created it
    said).  ``copy_of`` holds copiable values set by a copy effect (706.2);
    ``face_down`` says how it became face down (708, rule M13), ``None`` when
    face up.  Characteristics are never stored here: they are computed by
    :mod:`cardtext.interpreter.characteristics`.
    """

    cid: int
    zcc: int
    card: A.Card
    owner: PlayerId
    controller: PlayerId
    zone: Zone
    tapped: bool = False
    counters: dict[str, int] = field(default_factory=dict)
    damage: int = 0
    token: bool = False
    spell_copy: bool = False
    face_down: FaceDown | None = None
    copy_of: A.Card | None = None
    token_colors: tuple[str, ...] | None = None
    arrived: int = 0
    sick: bool = False
    attached_to: ObjectId | None = None
    became: tuple[A.Becomes, ...] = ()  # "it becomes an Aura ...": type changes on this object (611.2a)
    deathtouched: bool = False  # dealt damage by a source with deathtouch since the last check (704.5h)
    granted: tuple[A.Ability, ...] = ()  # abilities it entered with ('enters with "..."', 614.1c)
    face: int | None = None  # the face of a multi-face card it shows: cast by a face (709.3, 712.11b, 715.3b), transformed (712.8)
    transformed: int = -1  # the next stack id when it last transformed (701.27f); -1 if it hasn't on the battlefield
    from_statics: tuple[A.Ability, ...] = ()  # abilities static abilities give it ('Creatures you control have "..."', 613.1f)
    controlled: int = 0  # the clock when its controller last changed without a zone change (613.1b; echo, 702.30a)
    marks: frozenset[str] = frozenset()  # designations it has until it leaves the battlefield: "monstrous" (701.37b), "suspected" (701.60b)
    static_types: tuple[Any, ...] = ()  # type and color changes of static abilities that apply to it (613.1d-e, cardtext.interpreter.characteristics.refresh_types)
    static_base: PlayerId | None = None  # while a static ability's control-changing effect applies to it: its controller without such effects (613.1b)
    doors: tuple[int, ...] | None = None  # a Room permanent's unlocked doors, by face (709.5); None for any other object

    @property
    def id(self) -> ObjectId:
        return (self.cid, self.zcc)

    def clone(self) -> GameObject:
        return GameObject(
            self.cid, self.zcc, self.card, self.owner, self.controller, self.zone, self.tapped,
            dict(self.counters), self.damage, self.token, self.spell_copy, self.face_down,
            self.copy_of, self.token_colors, self.arrived, self.sick, self.attached_to, self.became,
            self.deathtouched, self.granted, self.face, self.transformed, self.from_statics, self.controlled,
            self.marks,
            self.static_types, self.static_base,
            self.doors,
        )  # fmt: skip

    @property
    def is_card(self) -> bool:
        """A physical card (not a token, not a copy of a spell): conserved across zones."""
        return not self.token and not self.spell_copy


MAX_SPEED = 4
"""A player's speed is never more than 4; at 4 they have max speed (702.178, 702.179)."""


@dataclass(slots=True)
class Player:
    name: PlayerId
    life: int = 20
    pool: dict[str, int] = field(default_factory=dict)
    lost: bool = False
    poison: int = 0
    skip_turns: int = 0  # "skip your next turn" (500.7)
    drew_from_empty: bool = False  # tried to draw from an empty library since the last check (704.5b)
    drawn_this_turn: int = 0  # cards drawn this turn ("your second card each turn", 603.2)
    counters: dict[str, int] = field(default_factory=dict)  # counters of other kinds: energy, experience, rad (122.1)
    until_end_of_combat: dict[str, int] = field(default_factory=dict)  # of the pool, the mana that lasts until end of combat (702.189a)
    spent_on_spells: int = 0  # the mana spent to cast spells this turn ("Whenever you expend 4", 700.14)
    speed: int | None = None  # 702.179: None until the player has a speed (an effect reads 0 for none)
    speed_turn: int = 0  # the last turn the player's speed ability triggered (702.179: once each turn)

    def clone(self) -> Player:
        return Player(self.name, self.life, dict(self.pool), self.lost, self.poison, self.skip_turns,
                      self.drew_from_empty, self.drawn_this_turn, dict(self.counters), dict(self.until_end_of_combat),
                      self.spent_on_spells, self.speed, self.speed_turn)  # fmt: skip

    def counter(self, kind: str) -> int:
        """122.1: how many counters of ``kind`` the player has."""
        return self.poison if kind == "poison" else self.counters.get(kind, 0)

    def add_counters(self, kind: str, n: int) -> None:
        """122.1: the player gets (``n`` > 0) or loses (``n`` < 0) counters of ``kind``."""
        if kind == "poison":
            self.poison = max(0, self.poison + n)
        else:
            self.counters[kind] = max(0, self.counters.get(kind, 0) + n)


@dataclass(frozen=True, slots=True)
class Lki:
    """Last known information of an object that left a zone (CR 608.2h, 603.10)."""

    id: ObjectId
    name: str
    controller: PlayerId
    owner: PlayerId
    power: int | None
    toughness: int | None
    types: tuple[str, ...]
    counters: tuple[tuple[str, int], ...]
    abilities: tuple[A.Ability, ...]
    face_down: FaceDown | None
    zone: Zone
    mana_value: int = 0
    arrived: int = 0  # when the object came into the zone it left (the order REFs number objects by)
    last: GameObject | None = None  # the object as it last existed there, for descriptions judged by LKI (603.10a)


MANA_COLOR_WORDS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}


def quoted_abilities(quoted: object) -> tuple[A.Ability, ...]:
    """The abilities written in quotation marks (113.1a): of a Quoted node,
    or of several."""
    if isinstance(quoted, A.Quoted):
        return tuple(quoted.abilities)
    if isinstance(quoted, tuple):
        return tuple(ab for q in quoted for ab in quoted_abilities(q))
    return ()


def of_permanent(ab: A.Ability) -> A.Ability:
    """A quoted ability of a token, which is a permanent: a paragraph of
    sentences is a static ability (604.1), as on a permanent card."""
    if not isinstance(ab, A.SpellAbility):
        return ab
    from cardtext.grammar.lang.statics import static_form

    found = static_form(ab.effect, True)
    return found if found is not None else A.StaticAbility(ab.effect, span=ab.span)


def token_card(spec: A.TokenSpec) -> A.Card:
    """The card-like definition of a token (CR 111.4): the name the effect
    gives it ("create Karox Bladewing, a legendary 4/4 ... token"), else its
    subtypes + "Token"; its supertype ("legendary", 205.4) as written."""
    name = spec.named or (" ".join(spec.subtypes) + " Token" if spec.subtypes else "Token")
    abilities: tuple[A.Ability, ...] = ()
    if spec.keywords:
        abilities = (A.KeywordLine(tuple(A.Keyword(k) if isinstance(k, str) else k for k in spec.keywords)),)
    abilities += tuple(of_permanent(ab) for ab in quoted_abilities(spec.abilities))  # 'with "{T}: Add {G}."' (111.4)
    types = tuple(t.capitalize() for t in spec.types)
    pt = A.PowerToughness(spec.power, spec.toughness) if "Creature" in types else None
    supertypes = (spec.supertype.capitalize(),) if spec.supertype else ()
    return A.Card(name, None, A.TypeLine(supertypes, types, tuple(spec.subtypes)), abilities, pt)


def token_colors(spec: A.TokenSpec) -> tuple[str, ...]:
    """The token's colors, as written ("blue and red": the joining words are not colors; 111.4)."""
    return tuple(MANA_COLOR_WORDS[c] for c in spec.colors if c in MANA_COLOR_WORDS)


__all__ = [
    "MAX_SPEED", "FaceDown", "GameObject", "Lki", "ObjectId", "Player", "PlayerId", "ZONES", "Zone",
    "of_permanent", "quoted_abilities", "token_card", "token_colors",
]  # fmt: skip
