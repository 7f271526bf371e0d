"""The typed AST of card text.

Every node is a frozen, slotted dataclass named after the grammar rule that
builds it.  Source positions live in ``span`` and take no part in equality, so
two cards worded the same compare equal wherever they were written.

The interpreter sees only these classes, never a ``lark.Tree``.  References
that rules 607 and 702.33 link to another ability are explicit nodes
(:class:`KickedCondition` names the kicker cost it means, :class:`ExiledCards`
means "the cards exiled with this object"), so binding never looks at text.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field, fields
from typing import Literal, TypeAlias

Color: TypeAlias = Literal["W", "U", "B", "R", "G"]
COLORS: tuple[Color, ...] = ("W", "U", "B", "R", "G")
COLOR_NAMES: dict[str, Color] = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}


@dataclass(frozen=True, slots=True)
class Span:
    """Where a node was written: 1-based line and column, end exclusive."""

    line: int
    column: int
    end_line: int
    end_column: int


@dataclass(frozen=True, slots=True)
class Node:
    span: Span | None = field(default=None, compare=False, repr=False, kw_only=True)

    def children(self) -> tuple[Node, ...]:
        """The child nodes, in field order (for walks that need no per-node code)."""
        out: list[Node] = []
        for f in fields(self):
            if f.name == "span":
                continue
            value = getattr(self, f.name)
            if isinstance(value, Node):
                out.append(value)
            elif isinstance(value, tuple):
                out.extend(v for v in value if isinstance(v, Node))
        return tuple(out)

    def walk(self) -> Iterator[Node]:
        """Every node below and including this one, depth first."""
        stack: list[Node] = [self]
        while stack:
            node = stack.pop()
            yield node
            stack.extend(reversed(node.children()))


# --------------------------------------------------------------------------
# Mana (CR 107.4, 202)
# --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class GenericMana(Node):
    """{N}: N generic mana."""

    amount: int


@dataclass(frozen=True, slots=True)
class ColoredMana(Node):
    """{W} {U} {B} {R} {G}."""

    color: Color


@dataclass(frozen=True, slots=True)
class ColorlessMana(Node):
    """{C}: one colorless mana (not generic)."""


@dataclass(frozen=True, slots=True)
class SnowMana(Node):
    """{S}: one mana from a snow source."""


@dataclass(frozen=True, slots=True)
class VariableMana(Node):
    """{X} (or {Y}, {Z}): a number chosen as the spell is cast (601.2b)."""

    letter: str = "X"


@dataclass(frozen=True, slots=True)
class HybridMana(Node):
    """{W/U}: one mana of either color."""

    first: Color
    second: Color


@dataclass(frozen=True, slots=True)
class GenericHybridMana(Node):
    """{2/W}: two generic mana or one mana of the color."""

    color: Color


@dataclass(frozen=True, slots=True)
class PhyrexianMana(Node):
    """{W/P} (or {G/U/P}): one mana of the color(s) or 2 life."""

    color: Color
    hybrid: Color | None = None


ManaSymbol: TypeAlias = (
    GenericMana
    | ColoredMana
    | ColorlessMana
    | SnowMana
    | VariableMana
    | HybridMana
    | GenericHybridMana
    | PhyrexianMana
)


@dataclass(frozen=True, slots=True)
class ManaCost(Node):
    """A sequence of mana symbols, as printed ({2}{G}{G})."""

    symbols: tuple[ManaSymbol, ...]

    @property
    def mana_value(self) -> int:
        """CR 202.3: X counts as 0; hybrid counts its largest part."""
        total = 0
        for s in self.symbols:
            if isinstance(s, GenericMana):
                total += s.amount
            elif isinstance(s, GenericHybridMana):
                total += 2
            elif isinstance(s, VariableMana):
                continue
            else:
                total += 1
        return total


# --------------------------------------------------------------------------
# Type line (CR 205)
# --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TypeLine(Node):
    supertypes: tuple[str, ...]
    types: tuple[str, ...]
    subtypes: tuple[str, ...]


# --------------------------------------------------------------------------
# Referring to objects and players
# --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SelfRef(Node):
    """The object the text is printed on.

    ``form`` keeps how it was written: ``name`` (its full name), ``short``
    (a legendary card's name before the comma) or ``this`` with ``noun``
    ("this spell", "this creature").  All of them mean the same object.
    """

    form: Literal["name", "short", "this"] = "name"
    noun: str = ""


@dataclass(frozen=True, slots=True)
class ItRef(Node):
    """ "it" / "its": the object the sentence or trigger is already about."""


@dataclass(frozen=True, slots=True)
class ThatRef(Node):
    """ "that creature", "the creature", "those creatures", "that spell": an
    object named earlier in the same ability (a target, the triggering object)."""

    noun: str
    word: Literal["that", "the", "those"] = "that"


@dataclass(frozen=True, slots=True)
class ExiledCards(Node):
    """ "the exiled card" / "cards exiled with [this]": linked to the ability of
    this object that exiled them (607.2a)."""

    plural: bool = False
    with_self: bool = False
    all: bool = False  # "all cards exiled with [this]"


@dataclass(frozen=True, slots=True)
class CostPaidRef(Node):
    """ "the sacrificed creature", "the discarded card": what was sacrificed
    or discarded to pay this spell's additional cost or kicker cost (linked
    to :class:`AdditionalCost` or :class:`Kicker`, 607.2i, 607.2j)."""

    verb: Literal["sacrificed", "discarded"] = "sacrificed"
    noun: str = "creature"


@dataclass(frozen=True, slots=True)
class LookedCards(Node):
    """The cards this ability looked at ("look at the top two cards of your
    library"): "one of them", "one of those cards", "the other", "the rest".
    Like a linked reference (607.1), it means only what the "look at"
    instruction of the same ability saw, and only those still in the library.
    With ``count`` the player picks that many of them; without, all that remain."""

    word: Literal["them", "those cards", "the other", "the rest"]
    count: Quantity | None = None


@dataclass(frozen=True, slots=True)
class BothRef(Node):
    """"Saproling creatures and other Treefolk creatures": the objects of either description."""

    first: ObjectRef
    second: ObjectRef


@dataclass(frozen=True, slots=True)
class AttachedRef(Node):
    """ "enchanted creature" / "equipped creature"."""

    how: Literal["enchanted", "equipped"]
    noun: str = "creature"


@dataclass(frozen=True, slots=True)
class ThemRef(Node):
    """ "them" / "they": the objects the previous instruction acted on."""

    word: Literal["them", "they"] = "them"


@dataclass(frozen=True, slots=True)
class You(Node):
    """The controller of the ability (or of the spell)."""


@dataclass(frozen=True, slots=True)
class PlayerGroup(Node):
    """ "each player", "each opponent", "a player", "an opponent", "defending player"."""

    which: Literal[
        "each_player", "each_opponent", "a_player", "an_opponent", "defending", "your_opponents"
    ]


@dataclass(frozen=True, slots=True)
class TheirRef(Node):
    """ "their": the player the sentence is about ("each player loses half their life")."""


@dataclass(frozen=True, slots=True)
class ThatPlayer(Node):
    """ "that player": the player named earlier in the ability."""


@dataclass(frozen=True, slots=True)
class ControllerOf(Node):
    """ "its controller", "that creature's controller"."""

    object: ObjectRef


@dataclass(frozen=True, slots=True)
class OwnerOf(Node):
    """ "its owner", "the exiled card's owner"."""

    object: ObjectRef


@dataclass(frozen=True, slots=True)
class PlayerFilter(Node):
    """What a targeted player must be: any player or an opponent."""

    opponent: bool = False


# --- filters: what an object must be (CR 109, 115.1) ----------------------


@dataclass(frozen=True, slots=True)
class ColorAdj(Node):
    """ "black", "nonblack", "colorless", "multicolored"."""

    color: str
    negated: bool = False


@dataclass(frozen=True, slots=True)
class TypeAdj(Node):
    """ "nonland", "nonbasic", "artifact" (as in "artifact creature"), "legendary"."""

    type: str
    negated: bool = False


@dataclass(frozen=True, slots=True)
class SubtypeAdj(Node):
    """ "Goblin", "non-Human", "Saproling" before a noun."""

    subtype: str
    negated: bool = False


@dataclass(frozen=True, slots=True)
class StatusAdj(Node):
    """ "tapped", "untapped", "attacking", "blocking", "face-down", "nontoken", "token"."""

    status: str
    negated: bool = False


Adjective: TypeAlias = ColorAdj | TypeAdj | SubtypeAdj | StatusAdj


@dataclass(frozen=True, slots=True)
class WithKeyword(Node):
    """ "with flying"; "without flying" when negated."""

    keyword: str
    negated: bool = False


@dataclass(frozen=True, slots=True)
class WithManaValue(Node):
    """ "with mana value 2 or less" (older: "converted mana cost")."""

    comparison: Comparison


@dataclass(frozen=True, slots=True)
class WithCounter(Node):
    """ "with a +1/+1 counter on it"."""

    kind: str


@dataclass(frozen=True, slots=True)
class WithKicker(Node):
    """ "with a kicker ability": a kicker or multikicker keyword (rule K19)."""


@dataclass(frozen=True, slots=True)
class WithPower(Node):
    """ "with power 2 or less"."""

    comparison: Comparison


@dataclass(frozen=True, slots=True)
class OfChosenType(Node):
    """ "of the chosen type": linked to this object's "choose a creature type" (607.2d)."""


@dataclass(frozen=True, slots=True)
class WithChosenName(Node):
    """ "with the chosen name": linked to this object's "choose a card name" (607.2d)."""


@dataclass(frozen=True, slots=True)
class CreatedWith(Node):
    """ "created with [this]" / "put onto the battlefield with [this]": linked to
    this object's ability that made them (607.2c)."""

    object: ObjectRef
    put: bool = False


@dataclass(frozen=True, slots=True)
class NamedSelf(Node):
    """"a card named [this card's name]" (201.2)."""


Quality: TypeAlias = (
    NamedSelf
    | CreatedWith
    | WithKeyword
    | WithManaValue
    | WithCounter
    | WithKicker
    | WithPower
    | OfChosenType
    | WithChosenName
)


@dataclass(frozen=True, slots=True)
class Comparison(Node):
    """ "2 or less", "3 or greater", "X"."""

    value: Quantity
    op: Literal["eq", "le", "ge"] = "eq"


@dataclass(frozen=True, slots=True)
class ControlledBy(Node):
    """ "you control", "you don't control", "an opponent controls", "target player controls"."""

    player: PlayerRef
    negated: bool = False


@dataclass(frozen=True, slots=True)
class InZone(Node):
    """ "from your graveyard", "in your graveyard", "from your hand"."""

    zone: Literal["graveyard", "hand", "library", "exile", "battlefield"]
    owner: PlayerRef | None  # None: every player's ("on the battlefield", "in all graveyards")
    preposition: Literal["from", "in", "on"] = "from"


@dataclass(frozen=True, slots=True)
class ObjectFilter(Node):
    """A description of objects: "another nonblack creature you don't control".

    ``nouns`` is a disjunction ("artifact or enchantment"); ``card`` marks
    "creature card" (an object in a zone other than the battlefield).
    """

    nouns: tuple[str, ...]
    adjectives: tuple[Adjective, ...] = ()
    another: bool = False
    card: bool = False
    qualities: tuple[Quality, ...] = ()
    controller: ControlledBy | None = None
    zone: InZone | None = None
    qualities_last: bool = False  # "creature you control with a +1/+1 counter on it"
    spell: bool = False  # "instant or sorcery spell": the nouns describe a spell


@dataclass(frozen=True, slots=True)
class AnyTarget(Node):
    """ "any target": a creature, player, planeswalker or battle (115.4)."""


@dataclass(frozen=True, slots=True)
class CreatureOrPlayer(Node):
    """ "target creature or player" (older wording)."""

    planeswalker: bool = False


@dataclass(frozen=True, slots=True)
class PlayerOrPlaneswalker(Node):
    """ "target player or planeswalker"."""


TargetSpec: TypeAlias = (
    ObjectFilter | PlayerFilter | AnyTarget | CreatureOrPlayer | PlayerOrPlaneswalker
)


@dataclass(frozen=True, slots=True)
class Target(Node):
    """ "target creature", "up to two target creatures", "another target land"."""

    spec: TargetSpec
    count: Quantity | None = None
    up_to: bool = False


@dataclass(frozen=True, slots=True)
class Each(Node):
    """ "each creature", "all creatures", "creatures you control": every object
    that fits, at the time the instruction is carried out."""

    filter: ObjectFilter
    quantifier: Literal["each", "all", "bare"] = "each"


@dataclass(frozen=True, slots=True)
class AnObject(Node):
    """ "a creature", "two lands": objects the acting player picks as it happens
    (sacrifice, discard) — not targets."""

    filter: ObjectFilter
    count: Quantity | None = None
    any: bool = False  # "any creature on the battlefield"
    up_to: bool = False  # "up to two basic land cards": that many or fewer


ObjectRef: TypeAlias = (
    SelfRef
    | ItRef
    | ThatRef
    | ExiledCards
    | CostPaidRef
    | LookedCards
    | AttachedRef
    | BothRef
    | ThemRef
    | Target
    | Each
    | AnObject
)
PlayerRef: TypeAlias = You | PlayerGroup | ThatPlayer | TheirRef | ControllerOf | OwnerOf | Target


# --------------------------------------------------------------------------
# Quantities
# --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Number(Node):
    """A fixed number; ``form`` keeps how it was written: ``digits`` ("2"),
    ``word`` ("two") or ``article`` ("a"/"an", always 1)."""

    value: int
    form: Literal["digits", "word", "article"] = "word"


@dataclass(frozen=True, slots=True)
class VarX(Node):
    """X: from the mana cost or a kicker cost (601.2b), or defined by the
    sentence's "where X is ..." clause."""


@dataclass(frozen=True, slots=True)
class TimesKicked(Node):
    """ "the number of times it was kicked" (702.33, rule K9)."""

    object: ObjectRef


@dataclass(frozen=True, slots=True)
class ManaSpent(Node):
    """ "the amount of mana spent to cast it" (includes additional costs, K14)."""

    object: ObjectRef


@dataclass(frozen=True, slots=True)
class CountersOn(Node):
    """ "the number of +1/+1 counters on it"."""

    kind: str
    object: ObjectRef


@dataclass(frozen=True, slots=True)
class CountOf(Node):
    """ "the number of attacking creatures", "the number of cards in your hand"."""

    filter: ObjectFilter


@dataclass(frozen=True, slots=True)
class PowerOf(Node):
    """ "its power", "that creature's power", "the sacrificed creature's power"."""

    object: ObjectRef
    stat: Literal["power", "toughness", "mana_value"] = "power"
    of_form: bool = False  # "the mana value of the exiled card"


@dataclass(frozen=True, slots=True)
class LifeTotal(Node):
    """ "half their life" and friends: a player's life total."""

    player: PlayerRef


@dataclass(frozen=True, slots=True)
class HighestLife(Node):
    """ "the highest life total among players"."""


@dataclass(frozen=True, slots=True)
class Half(Node):
    """ "half [quantity], rounded up/down"."""

    of: Quantity
    round_up: bool = True


@dataclass(frozen=True, slots=True)
class Twice(Node):
    """ "twice [quantity]"."""

    of: Quantity


@dataclass(frozen=True, slots=True)
class Difference(Node):
    """ "20 minus [quantity]"."""

    left: Quantity
    right: Quantity


@dataclass(frozen=True, slots=True)
class LifePaid(Node):
    """ "the life paid as [this] entered": linked to its "As [this] enters, pay
    any amount of life" (607.2g)."""

    object: ObjectRef


@dataclass(frozen=True, slots=True)
class ThatMuch(Node):
    """"that much": the amount of the event that triggered the ability
    ("Whenever [this] deals damage, you gain that much life", 603.7c)."""


@dataclass(frozen=True, slots=True)
class LifeLostThisWay(Node):
    """"the life lost this way": what the sentence before made a player lose (608.2c)."""


@dataclass(frozen=True, slots=True)
class HighestAmong(Node):
    """ "the highest mana value among cards in your graveyard", "the greatest
    power among creatures they control"."""

    stat: Literal["mana_value", "power"]
    filter: ObjectFilter


@dataclass(frozen=True, slots=True)
class ForEach(Node):
    """ "[base] for each [thing]": base × the count (``per`` is the count)."""

    base: Quantity
    per: Quantity


Quantity: TypeAlias = (
    Number
    | VarX
    | TimesKicked
    | ManaSpent
    | CountersOn
    | CountOf
    | PowerOf
    | LifeTotal
    | HighestLife
    | Half
    | Twice
    | Difference
    | HighestAmong
    | ThatMuch
    | LifeLostThisWay
    | LifePaid
    | ForEach
)


# --------------------------------------------------------------------------
# Costs (CR 118, 601.2f-h)
# --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TapCost(Node):
    """{T}."""


@dataclass(frozen=True, slots=True)
class UntapCost(Node):
    """{Q}."""


@dataclass(frozen=True, slots=True)
class SacrificeCost(Node):
    """ "Sacrifice a creature", "Sacrifice two lands", "Sacrifice [this]"."""

    what: ObjectRef


@dataclass(frozen=True, slots=True)
class DiscardCost(Node):
    """ "Discard a creature card", "Discard your hand"."""

    what: ObjectRef | None  # None: "your hand"


@dataclass(frozen=True, slots=True)
class PayLifeCost(Node):
    """ "Pay 3 life"."""

    amount: Quantity


@dataclass(frozen=True, slots=True)
class TapObjectCost(Node):
    """ "Tap an untapped Vampire you control"."""

    what: ObjectRef


@dataclass(frozen=True, slots=True)
class RemoveCountersCost(Node):
    """ "Remove a +1/+1 counter from [this]"."""

    amount: Quantity
    kind: str
    source: ObjectRef


CostPart: TypeAlias = (
    ManaCost
    | TapCost
    | UntapCost
    | SacrificeCost
    | DiscardCost
    | PayLifeCost
    | TapObjectCost
    | RemoveCountersCost
)


@dataclass(frozen=True, slots=True)
class Cost(Node):
    """A cost made of parts, paid together ("{2}{R}, Sacrifice a land")."""

    parts: tuple[CostPart, ...]

    @property
    def mana(self) -> ManaCost | None:
        for p in self.parts:
            if isinstance(p, ManaCost):
                return p
        return None


# --------------------------------------------------------------------------
# Conditions
# --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class KickedCondition(Node):
    """ "if it was kicked", "if this spell was kicked", "if [name] was kicked",
    "if it was kicked with its {1}{U} kicker", "if it was kicked twice",
    "unless it was kicked", "if it wasn't kicked".

    ``cost`` links the condition to one kicker cost of the same object (K6,
    607.2i); ``None`` means any of them.  ``times`` asks for at least that many
    kicks.  ``subject`` says whose kicked status is asked (the object itself,
    or "that spell" in a cast trigger).
    """

    subject: ObjectRef
    cost: Cost | None = None
    times: int | None = None
    negated: bool = False


@dataclass(frozen=True, slots=True)
class YouDo(Node):
    """ "If you do": the preceding optional instruction was carried out."""


@dataclass(frozen=True, slots=True)
class IsCreature(Node):
    """ "if it's a creature"."""

    object: ObjectRef


@dataclass(frozen=True, slots=True)
class IsTapped(Node):
    """ "if [this] is tapped"."""

    object: ObjectRef


@dataclass(frozen=True, slots=True)
class ControlNone(Node):
    """ "if you control no face-down permanents"."""

    filter: ObjectFilter


@dataclass(frozen=True, slots=True)
class IsEquipped(Node):
    """ "as long as [this] is equipped"."""

    object: ObjectRef


Condition: TypeAlias = KickedCondition | YouDo | IsCreature | IsTapped | ControlNone | IsEquipped


# --------------------------------------------------------------------------
# Effects: instructions a spell or ability carries out
# --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class DealDamage(Node):
    """ "[source] deals N damage to [target]"."""

    source: ObjectRef
    amount: Quantity
    to: ObjectRef | PlayerRef | None  # None: "deals N damage instead" (amount changed only)
    amount_after: bool = False  # "deals damage to X equal to Y" wording
    also: bool = False  # "it also deals 4 damage to ...": in addition to the sentence before


@dataclass(frozen=True, slots=True)
class Destroy(Node):
    what: ObjectRef


@dataclass(frozen=True, slots=True)
class Exile(Node):
    what: ObjectRef
    until_leaves: bool = False  # "until [this] leaves the battlefield" (610.3)


@dataclass(frozen=True, slots=True)
class ReturnTo(Node):
    """ "Return [what] to its owner's hand" / "to the battlefield [under ...]" / "to your hand"."""

    what: ObjectRef
    zone: Literal["hand", "battlefield"]
    owners: bool = True  # "its owner's hand" vs "your hand"
    under_owner: bool = False  # "under its owner's control"
    under_you: bool = False  # "under your control"
    verb: Literal["return", "put"] = "return"  # "Put all cards exiled with ... into their owners' hands"


@dataclass(frozen=True, slots=True)
class Draw(Node):
    amount: Quantity
    player: PlayerRef | None = None  # None: imperative, the controller


@dataclass(frozen=True, slots=True)
class Discard(Node):
    """ "discards two cards", "discard your hand", "discard a card"."""

    amount: Quantity | None  # None: the whole hand
    player: PlayerRef | None = None
    filter: ObjectFilter | None = None  # "discard a creature card"; None: any cards


@dataclass(frozen=True, slots=True)
class Mill(Node):
    amount: Quantity
    player: PlayerRef | None = None


@dataclass(frozen=True, slots=True)
class GainLife(Node):
    amount: Quantity
    player: PlayerRef | None = None


@dataclass(frozen=True, slots=True)
class LoseLife(Node):
    amount: Quantity
    player: PlayerRef | None = None


@dataclass(frozen=True, slots=True)
class Sacrifice(Node):
    """ "sacrifice [this]", "target player sacrifices a creature"."""

    what: ObjectRef
    player: PlayerRef | None = None


@dataclass(frozen=True, slots=True)
class PutCounters(Node):
    """ "put N [kind] counters on [what]"."""

    amount: Quantity
    kind: str
    on: ObjectRef


@dataclass(frozen=True, slots=True)
class RemoveCounters(Node):
    """ "remove N [kind] counters from [what]"."""

    amount: Quantity
    kind: str
    source: ObjectRef


@dataclass(frozen=True, slots=True)
class TokenSpec(Node):
    """ "1/1 green Saproling creature token(s) with flying"."""

    power: str
    toughness: str
    colors: tuple[str, ...]
    subtypes: tuple[str, ...]
    types: tuple[str, ...] = ("creature",)
    keywords: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class CreateTokens(Node):
    """ "create two 1/1 green Saproling creature tokens"; ``spec`` None means
    "of those tokens" (the same as the sentence before)."""

    amount: Quantity
    spec: TokenSpec | None
    tapped: bool = False
    player: PlayerRef | None = None


@dataclass(frozen=True, slots=True)
class CreateTokenCopy(Node):
    """ "create a token that's a copy of target creature"."""

    amount: Quantity
    of: ObjectRef
    tapped: bool = False


@dataclass(frozen=True, slots=True)
class Pump(Node):
    """ "[what] gets +N/+N [and gains flying] until end of turn".

    ``power``/``toughness`` are signed numbers or quantities (for "+1/+1 for
    each ..."), ``None`` when only abilities are gained.  Without ``until_eot``
    it is a static effect (an anthem).
    """

    what: ObjectRef
    power: int | SignedX | None
    toughness: int | SignedX | None
    keywords: tuple[str, ...] = ()
    per: Quantity | None = None
    until_eot: bool = True
    verb: Literal["get", "gain", "have"] = "get"
    also: bool = False  # "that creature also gains hexproof"


@dataclass(frozen=True, slots=True)
class SignedX(Node):
    """"+X" or "-X" in a power/toughness change ("gets +X/+X", "-X/-0"): the
    value of X, with a sign."""

    sign: Literal[1, -1] = 1


@dataclass(frozen=True, slots=True)
class CantBlock(Node):
    """ "[what] can't block" / "can't be blocked"."""

    what: ObjectRef
    blocked: bool = False


@dataclass(frozen=True, slots=True)
class CantBeRegenerated(Node):
    """ "It can't be regenerated." (701.19c)."""

    what: ObjectRef


@dataclass(frozen=True, slots=True)
class TapObjects(Node):
    what: ObjectRef


@dataclass(frozen=True, slots=True)
class UntapObjects(Node):
    what: ObjectRef


@dataclass(frozen=True, slots=True)
class CounterSpell(Node):
    """ "Counter target spell [unless its controller pays {2}]" (701.6)."""

    what: ObjectRef
    unless_pays: ManaCost | None = None
    unless_per: Quantity | None = None


@dataclass(frozen=True, slots=True)
class CopySpell(Node):
    """ "copy that spell" (707.10); ``new_targets`` adds "You may choose new
    targets for the copy."."""

    what: ObjectRef
    new_targets: bool = False


@dataclass(frozen=True, slots=True)
class Manifest(Node):
    """ "manifest the top [N] card(s) of [player's] library" (701.40) or
    "manifest dread" (701.62); ``cloak`` for cloak (701.58)."""

    amount: Quantity | None
    player: PlayerRef | None = None
    dread: bool = False
    cloak: bool = False
    looked: LookedCards | None = None  # "manifest one of those cards": from the cards looked at
    from_hand: bool = False  # "Cloak a card from your hand": a card its player picks from hand


@dataclass(frozen=True, slots=True)
class Becomes(Node):
    """ "it becomes an Aura with enchant creature": a type-changing effect
    (205.1b: the new types are in addition to the old ones) that may also
    give abilities; from a resolved ability with no stated duration it lasts
    as long as the object stays on the battlefield (611.2a, 400.7)."""

    what: ObjectRef
    types: tuple[str, ...]
    keywords: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Fight(Node):
    """ "[a] fights [b]"; ``have`` for "you may have it fight ..."."""

    first: ObjectRef
    second: ObjectRef


@dataclass(frozen=True, slots=True)
class LookAtTop(Node):
    """ "look at the top N cards of your library"."""

    amount: Quantity


@dataclass(frozen=True, slots=True)
class RevealPutInHand(Node):
    """ "reveal a [filter] from among them and put it into your hand"."""

    what: AnObject


@dataclass(frozen=True, slots=True)
class PutLooked(Node):
    """ "put one of them into your hand", "put the other on the top or bottom
    of your library", "[and] the rest on the bottom of your library in any
    order": cards looked at go to a hand or a library end (401.4: the player
    chooses the order of cards put on the bottom together unless it says
    "random").  ``verb`` is False when the instruction shares the "put" of
    the one before it ("Put one of them into your hand and the rest on ...")."""

    what: LookedCards
    to: Literal["hand", "top or bottom", "bottom"]
    order: Literal["", "any", "a random"] = ""
    verb: bool = True


@dataclass(frozen=True, slots=True)
class PutRestOnBottom(Node):
    """ "Put the rest on the bottom of your library in a random order / in any order"."""

    random: bool = True


@dataclass(frozen=True, slots=True)
class Attach(Node):
    """ "attach [this] to it"."""

    what: ObjectRef
    to: ObjectRef


@dataclass(frozen=True, slots=True)
class AddMana(Node):
    """ "Add {G}", "Add {C} for each charge counter on [this]" (106)."""

    mana: ManaCost
    per: Quantity | None = None


@dataclass(frozen=True, slots=True)
class AddManaAnyColor(Node):
    """ "Add one mana of any color" (106.1)."""

    amount: Quantity


@dataclass(frozen=True, slots=True)
class Regenerate(Node):
    """"Regenerate [this]": the next time it would be destroyed this turn,
    instead tap it, remove it from combat and remove all damage from it (701.19)."""

    what: ObjectRef


@dataclass(frozen=True, slots=True)
class SpendOnly(Node):
    """"Spend this mana only to cast kicked spells": a restriction on the mana
    the ability makes (106.6)."""

    filter: ObjectFilter
    kicked: bool = False


@dataclass(frozen=True, slots=True)
class ExileTop(Node):
    """"exile the top card of your library [face down]" (406.3: a face-down
    exiled card can't be looked at)."""

    amount: Quantity
    whose: PlayerRef
    face_down: bool = False


@dataclass(frozen=True, slots=True)
class SkipTurn(Node):
    """ "you skip your next turn"."""


@dataclass(frozen=True, slots=True)
class SearchLibrary(Node):
    """ "search your library for [what], put [it] onto the battlefield [tapped] /
    into your hand, then shuffle" (701.23)."""

    what: ObjectRef
    put: ObjectRef
    zone: Literal["battlefield", "hand", "exile"]
    tapped: bool = False
    whose: PlayerRef | None = None  # "Search target player's library ...": None is your own


@dataclass(frozen=True, slots=True)
class ChooseValue(Node):
    """ "choose a creature type", "choose a color", "name a card" (607.2d)."""

    kind: Literal["creature type", "color", "card name"]


@dataclass(frozen=True, slots=True)
class PayAnyLife(Node):
    """ "pay any amount of life" (as this enters, 607.2g)."""


Action: TypeAlias = (
    DealDamage
    | Regenerate
    | Destroy
    | Exile
    | ReturnTo
    | Draw
    | Discard
    | Mill
    | GainLife
    | LoseLife
    | Sacrifice
    | PutCounters
    | RemoveCounters
    | CreateTokens
    | CreateTokenCopy
    | Pump
    | CantBlock
    | CantBeRegenerated
    | TapObjects
    | UntapObjects
    | CounterSpell
    | CopySpell
    | Manifest
    | Fight
    | Becomes
    | LookAtTop
    | RevealPutInHand
    | PutRestOnBottom
    | PutLooked
    | Attach
    | AddMana
    | AddManaAnyColor
    | SkipTurn
    | SpendOnly
    | ExileTop
    | SearchLibrary
)


@dataclass(frozen=True, slots=True)
class MayDo(Node):
    """ "you may [action]" / "you may have [it] [action]": the player chooses (K8)."""

    action: Action
    player: PlayerRef | None = None
    have: bool = False


@dataclass(frozen=True, slots=True)
class Sentence(Node):
    """Instructions carried out in order: "A, then B." / "A and B." / "A."."""

    actions: tuple[Action | MayDo, ...]
    joiner: Literal["then", "and", ""] = ""
    where_x: Quantity | None = None  # ", where X is ..."


@dataclass(frozen=True, slots=True)
class IfSentence(Node):
    """ "If [condition], [instructions]." — ``instead`` when it replaces the
    sentence before it ("..., instead ..." or "... instead.")."""

    condition: Condition
    body: Sentence
    instead: Literal["", "before", "after"] = ""
    trailing: Literal["", "if", "unless"] = ""  # "Counter target spell if it was kicked."
    then: bool = False  # "Then if it wasn't kicked, discard three cards."


@dataclass(frozen=True, slots=True)
class Modes(Node):
    """"Choose one —" and a line for each mode (700.2): the modes are chosen
    as the spell is cast (601.2b, rule K8) or the ability is put on the stack
    (603.3c).  ``count_if`` is "If this spell was kicked, choose any number
    instead.": with ``condition`` true, ``count_if`` replaces ``count``."""

    count: Literal["one", "two", "three", "one or both", "one or more", "any number"]
    modes: tuple[Effect, ...]
    condition: Condition | None = None
    count_if: Literal["one", "two", "three", "one or both", "one or more", "any number"] | None = None


Instruction: TypeAlias = Sentence | IfSentence | Modes


@dataclass(frozen=True, slots=True)
class Effect(Node):
    """One or more sentences of instructions, carried out in order (608.2c)."""

    sentences: tuple[Instruction, ...]


# --------------------------------------------------------------------------
# Triggers (CR 603)
# --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class EntersTrigger(Node):
    """ "When [this] enters" (also "enters the battlefield"); ``filter`` for
    "Whenever a face-down permanent you control enters"."""

    object: ObjectRef


@dataclass(frozen=True, slots=True)
class LeavesTrigger(Node):
    """ "When [this] leaves the battlefield"."""

    object: ObjectRef


@dataclass(frozen=True, slots=True)
class DealsDamageTrigger(Node):
    """"Whenever [this] deals damage" (any damage, 120.3; 603.2)."""

    object: ObjectRef


@dataclass(frozen=True, slots=True)
class DiesTrigger(Node):
    """ "When [this] dies"."""

    object: ObjectRef


@dataclass(frozen=True, slots=True)
class PhaseTrigger(Node):
    """ "At the beginning of your end step" / "of the end step" / "of combat on your turn"."""

    step: Literal["end", "upkeep", "combat", "second_main"]
    yours: bool = True


@dataclass(frozen=True, slots=True)
class KicksTrigger(Node):
    """ "Whenever a player kicks a spell" (K17): once per kicker cost paid."""

    player: PlayerRef


@dataclass(frozen=True, slots=True)
class CastTrigger(Node):
    """ "Whenever you cast a [kicked] spell" (K18) / "When you cast this spell"."""

    player: PlayerRef
    kicked: bool = False
    this_spell: bool = False
    filter: ObjectFilter | None = None  # "Whenever you cast a spell of the chosen type"


@dataclass(frozen=True, slots=True)
class TurnedFaceUpTrigger(Node):
    """A trigger on turning face up (708.8): "Whenever a permanent you control
    is turned face up", or "When [this] is turned face up" (``self_ref``, no
    filter)."""

    filter: ObjectFilter | None
    you_turn: bool = False  # "Whenever you turn a permanent face up"
    self_ref: SelfRef | None = None


@dataclass(frozen=True, slots=True)
class AttacksTrigger(Node):
    """ "Whenever [this] attacks"."""

    object: ObjectRef


@dataclass(frozen=True, slots=True)
class DealsCombatDamageTrigger(Node):
    """ "Whenever [this] deals combat damage to a player"."""

    object: ObjectRef


Trigger: TypeAlias = (
    EntersTrigger
    | DealsDamageTrigger
    | LeavesTrigger
    | DiesTrigger
    | PhaseTrigger
    | KicksTrigger
    | CastTrigger
    | TurnedFaceUpTrigger
    | AttacksTrigger
    | DealsCombatDamageTrigger
)


# --------------------------------------------------------------------------
# Abilities (CR 113)
# --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Keyword(Node):
    """A keyword ability without a cost: "flying", "first strike", "islandwalk"."""

    name: str


@dataclass(frozen=True, slots=True)
class KeywordWithCost(Node):
    """ "Equip {2}", "Ward {2}", "Morph {4}{G}", "Megamorph {2}"."""

    name: str
    cost: Cost


@dataclass(frozen=True, slots=True)
class Champion(Node):
    """ "Champion a Goblin" (702.72): two linked abilities (607.2k, rule L-k) —
    exile another such permanent you control or sacrifice this one; when this
    leaves the battlefield, the exiled card returns."""

    what: AnObject


@dataclass(frozen=True, slots=True)
class KeywordLine(Node):
    """A line of keywords: "Hexproof, haste"."""

    keywords: tuple[Keyword | KeywordWithCost | Champion, ...]


@dataclass(frozen=True, slots=True)
class Kicker(Node):
    """Kicker and Multikicker (702.33): one parametrised ability.

    ``costs`` has one entry ("Kicker {2}{G}") or two ("Kicker {1}{U} and/or
    {2}{B}", rule K2, which is two kicker abilities).  ``multi`` is
    Multikicker: the cost may be paid any number of times (K3).
    """

    costs: tuple[Cost, ...]
    multi: bool = False


@dataclass(frozen=True, slots=True)
class SpellAbility(Node):
    """The instructions of an instant or sorcery (or any spell paragraph)."""

    effect: Effect


@dataclass(frozen=True, slots=True)
class TriggeredAbility(Node):
    """ "When/Whenever/At [trigger], [if condition,] [effect]" (603).

    ``condition`` is an intervening "if" (603.4), checked when the trigger
    event happens and again on resolution.
    """

    word: Literal["When", "Whenever", "At"]
    trigger: Trigger
    effect: Effect
    condition: Condition | None = None
    ability_word: str = ""  # "Landfall — ", no rules meaning (207.2c)


@dataclass(frozen=True, slots=True)
class ActivatedAbility(Node):
    """ "[cost]: [effect]" (602)."""

    cost: Cost
    effect: Effect


@dataclass(frozen=True, slots=True)
class EntersWithCounters(Node):
    """ "[this] enters with N [kind] counters on it [for each ...]" and "If [this]
    was kicked, it enters with ..." — a replacement effect (614.1c)."""

    object: ObjectRef
    amount: Quantity
    kind: str
    condition: Condition | None = None
    keywords: tuple[str, ...] = ()  # "and with first strike"
    keywords_first: bool = False  # "enters with flying and with X +1/+1 counters on it"
    abilities: tuple[Ability, ...] = ()  # 'and with "Pay 3 life: Regenerate [this]."'
    where_x: Quantity | None = None  # ", where X is the discarded card's mana value"


@dataclass(frozen=True, slots=True)
class EntersTapped(Node):
    """ "[this] enters tapped" (614.1c)."""

    object: ObjectRef


@dataclass(frozen=True, slots=True)
class CantBeCountered(Node):
    """ "This spell can't be countered." (101.2)."""

    object: ObjectRef


@dataclass(frozen=True, slots=True)
class AsEnters(Node):
    """ "As [this] enters, choose a color." — a replacement effect (614.12) whose
    choice or payment later abilities of the object refer to (607.2d, 607.2g)."""

    object: ObjectRef
    action: ChooseValue | PayAnyLife | Action
    condition: Condition | None = None


@dataclass(frozen=True, slots=True)
class AdditionalCost(Node):
    """ "As an additional cost to cast [this], sacrifice a creature." (601.2b, 601.2f)."""

    object: ObjectRef
    cost: Cost
    optional: bool = False


@dataclass(frozen=True, slots=True)
class CostModifier(Node):
    """A cost increase or reduction, applied when the total cost is worked out
    (601.2f): "Creature spells of the chosen type cost {2} less to cast."."""

    what: ObjectRef
    amount: ManaCost
    change: Literal["less", "more"]


@dataclass(frozen=True, slots=True)
class PTEqual(Node):
    """ "[this]'s power and toughness are each equal to [quantity]" (604.3)."""

    object: ObjectRef
    amount: Quantity


@dataclass(frozen=True, slots=True)
class EntersAsCopy(Node):
    """ "You may have [this] enter as a copy of any creature on the battlefield"
    (706.2, 614.1c); the copy is not kicked (707.2, rule K16)."""

    object: ObjectRef
    of: ObjectRef


@dataclass(frozen=True, slots=True)
class SetPT(Node):
    """"Enchanted creature is 8/8": sets its base power and toughness (613.4b)."""

    what: ObjectRef
    power: str
    toughness: str


@dataclass(frozen=True, slots=True)
class StaticEffect(Node):
    """A continuous effect from a static ability (611.3): an anthem, "can't
    block", "has haste as long as ..."."""

    action: Pump | CantBlock | SetPT
    condition: Condition | None = None
    more: tuple[Pump | CantBlock | SetPT, ...] = ()  # "gets +1/+0 and can't be blocked": more effects of the same ability

    @property
    def effects(self) -> tuple[Pump | CantBlock | SetPT, ...]:
        """Every effect of the ability, in printed order (one ability, 113.3d)."""
        return (self.action, *self.more)


Ability: TypeAlias = (
    KeywordLine
    | Kicker
    | SpellAbility
    | TriggeredAbility
    | ActivatedAbility
    | EntersWithCounters
    | EntersTapped
    | CantBeCountered
    | StaticEffect
    | AsEnters
    | AdditionalCost
    | PTEqual
    | EntersAsCopy
    | CostModifier
)


# --------------------------------------------------------------------------
# The card
# --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PowerToughness(Node):
    """ "2/2", "*/3", "1+*/1+*"."""

    power: str
    toughness: str


@dataclass(frozen=True, slots=True)
class Loyalty(Node):
    value: str


@dataclass(frozen=True, slots=True)
class Card(Node):
    name: str
    mana_cost: ManaCost | None
    type_line: TypeLine
    abilities: tuple[Ability, ...]
    pt: PowerToughness | None = None
    loyalty: Loyalty | None = None

    @property
    def short_name(self) -> str:
        """The part of a legendary name before the comma (201.5)."""
        return self.name.split(",", 1)[0]

    def kickers(self) -> tuple[Kicker, ...]:
        return tuple(a for a in self.abilities if isinstance(a, Kicker))
