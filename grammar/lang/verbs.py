"""Instructions (CR 608.2c) and keyword actions (CR 701): nodes, builders,
wording.  Grammar: ``verbs.lark``.

Each instruction node names, in class variables (grammar/node.py), the field
its clause's subject fills (``SUBJECT``: "target player draws" → ``player``),
the field "for each" and "equal to" change (``AMOUNT``), and whether it takes
a duration (``DURATION``: "until end of turn").  Keyword actions (scry,
investigate, goad, ...) are one node, :class:`KeywordAction`, named by verb.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, ClassVar

from lark import Token

from ..node import BUILDERS, Node, builds, renders, replace
from ..render import article, capitalize, or_list
from ..transformer import TextError, span, tok_span
from . import concern
from .objects import ItRef, ThemRef, You, is_plural, possessive_text, verb
from .quantities import (
    EqualTo,
    ForEach,
    Number,
    Sum,
    Twice,
    cards_text,
    counters_text,
    measure,
    whole_number,
)

# --------------------------------------------------------------------------
# Damage and life
# --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class DealDamage(Node):
    """ "[source] deals N damage to [target]"; ``to`` None for "deals N damage
    instead"; ``combat`` for "combat damage"; ``divided`` for "divided as you
    choose among ..."."""

    SUBJECT: ClassVar[str] = "source"
    AMOUNT: ClassVar[str] = "amount"

    source: Any
    amount: Any
    to: Any
    amount_after: bool = False
    also: bool = False
    combat: bool = False
    divided: bool = False
    second: Any = None  # "... and N damage to [another]"
    double: bool = False  # "deals double that damage": ``amount`` twice what follows "double"


@dataclass(frozen=True, slots=True)
class GainLife(Node):
    SUBJECT: ClassVar[str] = "player"
    AMOUNT: ClassVar[str] = "amount"

    amount: Any
    player: Any = None


@dataclass(frozen=True, slots=True)
class LoseLife(Node):
    SUBJECT: ClassVar[str] = "player"
    AMOUNT: ClassVar[str] = "amount"

    amount: Any
    player: Any = None


@dataclass(frozen=True, slots=True)
class GameResult(Node):
    """ "you win the game", "that player loses the game" (104.2, 104.3)."""

    SUBJECT: ClassVar[str] = "player"

    win: bool
    player: Any = None


@dataclass(frozen=True, slots=True)
class Pay(Node):
    """ "pay 3 life", "pay {2}", "pay {E}{E}" as an instruction (118.1);
    ``get`` for "you get {E}{E}" (energy, 107.14)."""

    SUBJECT: ClassVar[str] = "player"
    AMOUNT: ClassVar[str] = "amount"

    what: str  # "life", "mana", "energy"; "mana and life", "mana or life" (``amount`` the two)
    amount: Any
    player: Any = None
    get: bool = False


@dataclass(frozen=True, slots=True)
class SetLifeTotal(Node):
    """ "Your life total becomes 20.", "Each player's life total becomes the
    number of creatures they control.", "your life total becomes equal to
    your starting life total" (119.5: the player gains or loses the
    difference); ``whose`` the possessive as written."""

    whose: Any
    amount: Any
    equal: bool = False


@dataclass(frozen=True, slots=True)
class LifeFloor(Node):
    """ "Damage that would reduce your life total to less than 1 reduces it
    to 1 instead" (615, 614.1a): damage to that player is lessened so that
    their life total doesn't go below ``floor``; ``below`` the number written
    after "less than"."""

    DURATION: ClassVar[bool] = True

    whose: Any
    below: Any
    floor: Any
    duration: Any = None


@dataclass(frozen=True, slots=True)
class CantHaveOrGain(Node):
    """ "[Creatures your opponents control] can't have or gain trample"
    (613.1f, 613.7: an effect that keeps abilities away, whenever they would
    be granted)."""

    SUBJECT: ClassVar[str] = "what"
    DURATION: ClassVar[bool] = True

    what: Any
    keywords: tuple[Any, ...]
    duration: Any = None


@dataclass(frozen=True, slots=True)
class GetCounters(Node):
    """ "that player gets a poison counter", "you get an experience counter",
    "defending player gets two poison counters", "gets another poison
    counter": counters a player is given (122.1, 122.1f poison, 122.1g
    experience); ``another`` for "another [kind] counter"."""

    SUBJECT: ClassVar[str] = "player"
    AMOUNT: ClassVar[str] = "amount"

    amount: Any
    kind: str
    player: Any = None
    another: bool = False


@dataclass(frozen=True, slots=True)
class Fight(Node):
    """ "[a] fights [b]" (701.14); ``second`` None for "fight each other"."""

    SUBJECT: ClassVar[str] = "first"

    first: Any
    second: Any


@dataclass(frozen=True, slots=True)
class PreventDamage(Node):
    """Prevention (615): "prevent all combat damage that would be dealt this
    turn", "prevent the next 3 damage that would be dealt to any target this
    turn", "prevent that damage"."""

    SUBJECT: ClassVar[str] = "player"
    AMOUNT: ClassVar[str] = "amount"

    kind: str  # "all combat", "all", "next", "next combat", "that", "all but", "some"
    amount: Any = None
    to: Any = None
    by: Any = None
    duration: Any = None
    player: Any = None
    form: str = ""
    divided: bool = False  # "..., divided as you choose" (the next N damage shared out among them, 601.2d)
    rounding: str = ""  # "prevent half that damage, rounded up" ("up" or "down", 107.1a)


@dataclass(frozen=True, slots=True)
class RedirectDamage(Node):
    """Redirection (614.9): damage that would be dealt, named as prevention
    names it (``kind``, ``amount``, ``to``, ``by``, ``duration`` and
    ``form`` as in :class:`PreventDamage`), is dealt to ``onto`` instead:
    "All damage that would be dealt to you is dealt to [this] instead.",
    "The next 1 damage that would be dealt to target creature this turn is
    dealt to another target creature instead."."""

    kind: str  # "all", "all combat", "all noncombat", "next", "next combat", "next noncombat"
    onto: Any
    amount: Any = None
    to: Any = None
    by: Any = None
    duration: Any = None
    form: str = ""


@dataclass(frozen=True, slots=True)
class ChangeTarget(Node):
    """ "Change the target of target spell with a single target." (115.7)."""

    SUBJECT: ClassVar[str] = "player"

    what: Any
    player: Any = None


@dataclass(frozen=True, slots=True)
class TextSwap(Node):
    """One replacement of a text-changing effect (612.2): every instance of
    one word of ``kind`` ("color word", "basic land type", "creature type")
    by another (``to`` None) or by the word ``to``."""

    kind: str
    to: str | None = None


@dataclass(frozen=True, slots=True)
class ChangeText(Node):
    """ "Change the text of target spell or permanent by replacing all
    instances of one color word with another [or one basic land type with
    another] until end of turn." (612); without a duration it lasts
    indefinitely."""

    SUBJECT: ClassVar[str] = "player"
    DURATION: ClassVar[bool] = True

    what: Any
    swaps: tuple[TextSwap, ...]
    duration: Any = None
    player: Any = None


@dataclass(frozen=True, slots=True)
class Vote(Node):
    """A vote (701.38): "starting with [first], [voters] votes for" one of
    the ``options`` (words) or for an object that fits ``candidates``."""

    first: Any
    voters: Any
    options: tuple[str, ...] = ()
    candidates: Any = None


# --------------------------------------------------------------------------
# Zones
# --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Destroy(Node):
    SUBJECT: ClassVar[str] = "player"

    what: Any
    player: Any = None


@dataclass(frozen=True, slots=True)
class Exile(Node):
    SUBJECT: ClassVar[str] = "player"

    what: Any
    until_leaves: bool = False  # "until [this] leaves the battlefield" (610.3)
    player: Any = None
    face_down: bool = False
    until: Any = None
    with_counters: Any = None  # "exile it with three time counters on it" (702.62, suspend)
    pile: bool = False  # "in a face-down pile" (701.40b)
    # "exile cards from the top of your library until you exile a nonland
    # card": (who, what fits), as "reveal ... until" (701.16)
    until_found: Any = None


@dataclass(frozen=True, slots=True)
class ExileGraveyard(Node):
    """"exile target player's graveyard", "exile each opponent's graveyard":
    every card in it (404.1, 406.3)."""

    SUBJECT: ClassVar[str] = "player"

    whose: Any
    player: Any = None


@dataclass(frozen=True, slots=True)
class ExileTop(Node):
    """"exile the top card of your library [face down]" (406.3)."""

    SUBJECT: ClassVar[str] = "player"
    AMOUNT: ClassVar[str] = "amount"

    amount: Any
    whose: Any
    face_down: bool = False
    player: Any = None


@dataclass(frozen=True, slots=True)
class Destination(Node):
    """Where a card goes: "to its owner's hand", "onto the battlefield tapped",
    "on top of your library", "into your graveyard"."""

    zone: str  # "hand", "battlefield", "graveyard", "library", "exile"
    whose: Any = None
    where: str = ""  # library: "top", "bottom", "top or bottom", "second", "nth"; battlefield: mods
    form: str = ""  # the wording chosen ("to", "into", "onto", "on", "under")
    order: str = ""
    mods: tuple[str, ...] = ()
    under: Any = None
    nth: Any = None
    back: bool = False  # "put it back on top of ...": where the card was before (older wording)


@dataclass(frozen=True, slots=True)
class ReturnTo(Node):
    """ "Return [what] to its owner's hand" / "to the battlefield [under ...]"."""

    SUBJECT: ClassVar[str] = "player"

    what: Any
    zone: str
    owners: bool = True
    under_owner: bool = False
    under_you: bool = False
    verb: str = "return"
    destination: Any = None
    from_zone: Any = None
    player: Any = None
    first: bool = False  # "return to the battlefield [what]" order


@dataclass(frozen=True, slots=True)
class PutInZone(Node):
    """ "put it into your hand", "put that card onto the battlefield", "put it
    on the bottom of its owner's library"."""

    SUBJECT: ClassVar[str] = "player"

    what: Any
    to: Destination
    player: Any = None


@dataclass(frozen=True, slots=True)
class Sacrifice(Node):
    """ "sacrifice [this]", "target player sacrifices a creature"."""

    SUBJECT: ClassVar[str] = "player"

    what: Any
    player: Any = None


@dataclass(frozen=True, slots=True)
class Shuffle(Node):
    """ "shuffle" (701.20), "shuffle your library", "shuffle it into its owner's
    library", "shuffle your graveyard into your library"."""

    SUBJECT: ClassVar[str] = "player"

    what: Any = None
    into: Any = None
    player: Any = None
    form: str = ""


@dataclass(frozen=True, slots=True)
class SeparatePiles(Node):
    """ "An opponent separates those cards into two piles." (700.3)"""

    SUBJECT: ClassVar[str] = "player"

    what: Any
    player: Any = None


@dataclass(frozen=True, slots=True)
class DoTheSame(Node):
    """ "[each opponent attacking that player] does the same": the
    instructions before, carried out by this subject (``what``: "for
    enchantment cards", with those objects instead)."""

    SUBJECT: ClassVar[str] = "player"

    what: Any = None
    player: Any = None


@dataclass(frozen=True, slots=True)
class CounterSpell(Node):
    """ "Counter target spell [unless its controller pays {2}]" (701.6)."""

    what: Any
    unless_pays: Any = None
    unless_per: Any = None
    unless_life: Any = None


@dataclass(frozen=True, slots=True)
class CopySpell(Node):
    """ "copy that spell" (707.10); ``new_targets`` adds "You may choose new
    targets for the copy."; ``times`` for "copy it twice"."""

    SUBJECT: ClassVar[str] = "player"

    what: Any
    new_targets: bool = False
    times: Any = None
    per: Any = None
    player: Any = None
    targets_for: Any = None  # as written: "the copy", "that copy", "the copies"


@dataclass(frozen=True, slots=True)
class CastCard(Node):
    """ "cast that card [without paying its mana cost]", "play it" (601, 305).
    With a ``duration`` ("you may play that card this turn", "until end of
    turn, you may cast it", "for as long as it remains exiled") it is a
    permission that lasts that long, not a cast while the effect resolves
    (611.2, 601.2).  ``look``: "look at and cast that card" — the player may
    also look at the card, which was exiled face down (406.3)."""

    SUBJECT: ClassVar[str] = "player"
    DURATION: ClassVar[bool] = True

    what: Any
    free: bool = False
    play: bool = False
    player: Any = None
    form: str = ""
    duration: Any = None
    look: bool = False


@dataclass(frozen=True, slots=True)
class SpendAsThough(Node):
    """"[You may] spend mana as though it were mana of any type to cast that
    spell" (609.4b): a rule of how the spell a permission just granted lets
    the player cast may be paid for — any mana pays any mana symbol
    (``kind`` "type"), or any mana pays a colored symbol (``kind``
    "color"); the cost itself and the mana spent don't change.  A
    ``duration`` comes from a sentence led by one ("Until end of turn, you
    may cast that card and you may spend mana ...")."""

    SUBJECT: ClassVar[str] = "player"
    DURATION: ClassVar[bool] = True

    what: Any
    kind: str = "type"
    player: Any = None
    duration: Any = None
    form: str = ""  # "can be spent": "mana of any type can be spent to cast that spell"; "can be spent this way"


@dataclass(frozen=True, slots=True)
class Regenerate(Node):
    """"Regenerate [this]" (701.19)."""

    what: Any


# --------------------------------------------------------------------------
# Cards
# --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Draw(Node):
    SUBJECT: ClassVar[str] = "player"
    AMOUNT: ClassVar[str] = "amount"

    amount: Any
    player: Any = None
    additional: bool = False
    up_to: bool = False  # "each player may draw up to two cards": any number from none to that many


@dataclass(frozen=True, slots=True)
class Discard(Node):
    """ "discards two cards", "discard your hand" (``amount`` None), "discard a
    creature card", "discard it" (``what``), "discard a card at random"."""

    SUBJECT: ClassVar[str] = "player"
    AMOUNT: ClassVar[str] = "amount"

    amount: Any
    player: Any = None
    filter: Any = None
    what: Any = None
    random: bool = False


@dataclass(frozen=True, slots=True)
class Mill(Node):
    SUBJECT: ClassVar[str] = "player"
    AMOUNT: ClassVar[str] = "amount"

    amount: Any
    player: Any = None


@dataclass(frozen=True, slots=True)
class LookAtTop(Node):
    """ "look at the top N cards of your library"."""

    SUBJECT: ClassVar[str] = "player"
    AMOUNT: ClassVar[str] = "amount"

    amount: Any
    whose: Any = None
    player: Any = None


@dataclass(frozen=True, slots=True)
class LookAt(Node):
    """ "look at target player's hand", "look at it"; ``duration``: "you may
    look at that card for as long as it remains exiled" (a permission that
    lasts, 406.3)."""

    SUBJECT: ClassVar[str] = "player"
    DURATION: ClassVar[bool] = True

    what: Any
    player: Any = None
    hand: bool = False
    duration: Any = None


@dataclass(frozen=True, slots=True)
class Reveal(Node):
    """ "reveal it", "reveal your hand", "reveal the top three cards of your
    library", "reveal cards from the top of your library until you reveal ..."."""

    SUBJECT: ClassVar[str] = "player"
    AMOUNT: ClassVar[str] = "amount"

    what: Any = None
    player: Any = None
    top: bool = False
    amount: Any = None
    whose: Any = None
    until: Any = None
    hand: bool = False
    form: str = ""


@dataclass(frozen=True, slots=True)
class Search(Node):
    """ "search your library for a card" (701.23): what is found, the next
    instruction puts ("put it into your hand")."""

    SUBJECT: ClassVar[str] = "player"

    whose: Any
    what: Any
    player: Any = None
    zones: str = "library"


@dataclass(frozen=True, slots=True)
class KeywordAction(Node):
    """A keyword action named by its verb (701): "scry 2", "investigate",
    "explore", "proliferate", "goad target creature", "amass Zombies 2",
    "venture into the dungeon", "become the monarch", "flip a coin"."""

    SUBJECT: ClassVar[str] = "player"
    AMOUNT: ClassVar[str] = "amount"
    DURATION: ClassVar[bool] = True

    verb: str
    what: Any = None
    amount: Any = None
    player: Any = None
    extra: str = ""
    duration: Any = None


# --------------------------------------------------------------------------
# Counters and tokens
# --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PutCounters(Node):
    """ "put N [kind] counters on [what]"."""

    SUBJECT: ClassVar[str] = "player"
    AMOUNT: ClassVar[str] = "amount"

    amount: Any
    kind: str
    on: Any
    player: Any = None
    additional: bool = False
    also: tuple[tuple[Any, str], ...] = ()  # counters of other kinds put with them: (amount, kind) (122.1)


@dataclass(frozen=True, slots=True)
class CountersInstead(Node):
    """What a replacement of putting counters puts instead (614.1a, 122.6):
    "twice that many +1/+1 counters are put on it" (``form`` "passive"), "it
    puts twice that many of those counters on that permanent" ("put"), "you
    get that many plus one of each of those kinds of counters" ("get", on
    the player).  ``amount`` counts from the replaced event's counters
    ("that many"); ``kind`` the counters' kind, or ``those`` "those counters"
    / "each of those kinds of counters" (the kinds of the event replaced)."""

    SUBJECT: ClassVar[str] = "player"
    AMOUNT: ClassVar[str] = "amount"

    amount: Any
    kind: str
    on: Any
    those: str = ""
    form: str = "passive"
    player: Any = None


@dataclass(frozen=True, slots=True)
class BaseBecomes(Node):
    """ "this creature's base power becomes equal to the number of Towns you
    control", "their base power and toughness become equal to ..." (613.4b:
    an effect that sets base power, layer 7b).  ``stats`` "power" or "power
    and toughness"."""

    DURATION: ClassVar[bool] = True

    what: Any
    stats: str
    amount: Any
    duration: Any = None


@dataclass(frozen=True, slots=True)
class NoLongerSuspected(Node):
    """ "[it] is no longer suspected", "they're no longer suspected", "have
    it become no longer suspected" (701.60b): the permanents lose the
    suspected designation.  ``word`` the verb as written: "is" ("is" or
    "are", as the subject takes it), "become", or with its pronoun, "it's",
    "they're"."""

    SUBJECT: ClassVar[str] = "what"

    what: Any
    word: str = "is"


@dataclass(frozen=True, slots=True)
class TokensInstead(Node):
    """What a replacement of creating tokens creates instead (614.1a, 111.2):
    "twice that many of those tokens are created" (``amount`` of the tokens
    of the event replaced), "those tokens plus a Clue token are created"
    (``amount`` None: those tokens, and ``plus`` more: (count, token spec))."""

    amount: Any
    plus: Any = None


@dataclass(frozen=True, slots=True)
class RemoveCounters(Node):
    """ "remove N [kind] counters from [what]"; ``kind`` "" for "counters"."""

    SUBJECT: ClassVar[str] = "player"
    AMOUNT: ClassVar[str] = "amount"

    amount: Any
    kind: str
    source: Any
    player: Any = None
    all: bool = False
    any_number: bool = False  # "remove any number of charge counters": the player picks how many


@dataclass(frozen=True, slots=True)
class DistributeCounters(Node):
    """ "distribute three +1/+1 counters among one, two, or three target
    creatures" (122.1, 601.2d: the division is announced as the spell is
    cast, at least one counter to each target); ``amount`` an
    :class:`EqualTo` (where "inline") for "a number of ... equal to Q"."""

    SUBJECT: ClassVar[str] = "player"
    AMOUNT: ClassVar[str] = "amount"

    amount: Any
    kind: str
    among: Any
    player: Any = None


@dataclass(frozen=True, slots=True)
class DoubleCounters(Node):
    """ "double the number of +1/+1 counters on it"."""

    kind: str
    on: Any


@dataclass(frozen=True, slots=True)
class MoveCounters(Node):
    """ "put those counters on [it]"; "put its counters on target creature"
    (``source`` whose counters: all of them); "move a +1/+1 counter from
    [this] onto target creature" (``amount`` and ``kind``, 122.5)."""

    SUBJECT: ClassVar[str] = "player"

    on: Any
    source: Any = None
    amount: Any = None
    kind: str = ""
    any_number: bool = False  # "move any number of +1/+1 counters from ... onto ...": the player's choice
    player: Any = None


@dataclass(frozen=True, slots=True)
class TokenSpec(Node):
    """ "1/1 green Saproling creature token(s) with flying"; ``colors`` as
    written ("blue and red"), ``named`` a token's name, ``abilities`` quoted
    abilities it has."""

    power: str
    toughness: str
    colors: tuple[str, ...]
    subtypes: tuple[str, ...]
    types: tuple[str, ...] = ("creature",)
    keywords: tuple[Any, ...] = ()
    supertype: str = ""
    named: str = ""
    abilities: tuple[Any, ...] = ()
    extra: tuple[Any, ...] = ()
    order: tuple[str, ...] = ()  # the kinds of what follows "token", as written
    role: str = ""  # a Role token's name before its subtype ("Royal" of "a Royal Role token", 111.10, 303.7)


@dataclass(frozen=True, slots=True)
class CreateTokens(Node):
    """ "create two 1/1 green Saproling creature tokens"; ``spec`` None means
    "of those tokens" (the same as the sentence before)."""

    SUBJECT: ClassVar[str] = "player"
    AMOUNT: ClassVar[str] = "amount"

    amount: Any
    spec: Any
    tapped: bool = False
    player: Any = None
    attacking: str = ""  # "", "tapped and attacking", "that are tapped and attacking", "tapped and attacking before" (the spec)
    attached: Any = None  # "... token attached to [object]": an Aura or Equipment token created attached (303.4f, 301.5c)


@dataclass(frozen=True, slots=True)
class CreateTokenCopy(Node):
    """ "create a token that's a copy of target creature" (707.2, 111.10)."""

    SUBJECT: ClassVar[str] = "player"
    AMOUNT: ClassVar[str] = "amount"

    amount: Any
    of: Any
    tapped: bool = False
    player: Any = None
    exception: Any = None
    attacking: bool = False
    then_exile: bool = False
    plural_form: bool = False


@dataclass(frozen=True, slots=True)
class Exception_(Node):
    """ ", except it isn't legendary" (707.9b)."""

    what: str
    value: Any = None


@dataclass(frozen=True, slots=True)
class Exceptions(Node):
    """Several exceptions of one copy, in the order written ("except it's an
    Illusion in addition to its other types and it gains '...'", 707.9b)."""

    parts: tuple[Exception_, ...]


# --------------------------------------------------------------------------
# Continuous effects on objects
# --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SignedX(Node):
    """"+X" or "-X" in a power/toughness change ("gets +X/+X")."""

    sign: int = 1


@dataclass(frozen=True, slots=True)
class Pump(Node):
    """ "[what] gets +N/+N [and gains flying] until end of turn", "[what] gains
    flying", "[what] has haste" (``verb``).

    ``power``/``toughness`` are signed numbers (or :class:`SignedX`), None
    when only abilities are gained.  ``until_eot`` and ``duration`` say how
    long; without a duration it is a static effect (an anthem, 611.3).
    ``quoted`` are abilities in quotation marks it gains or has.
    """

    SUBJECT: ClassVar[str] = "what"
    AMOUNT: ClassVar[str] = "per"
    DURATION: ClassVar[bool] = True

    what: Any
    power: Any
    toughness: Any
    keywords: tuple[Any, ...] = ()
    per: Any = None
    until_eot: bool = False
    verb: str = "get"
    also: bool = False
    duration: Any = None
    quoted: tuple[Any, ...] = ()
    second_verb: str = ""  # "gets +1/+1 and gains/has ..."
    mod: str = ""  # the change as written ("-4/-0")
    extra: Any = None  # "gets +1/+0 and can't be blocked"
    additional: bool = False  # "gets an additional +3/+0"
    keyword_conj: str = "and"
    gain_first: bool = False  # "gains trample and gets +X/+X": the abilities written first
    your_choice: bool = False  # "gains your choice of flying or first strike": one of ``keywords``, chosen


@dataclass(frozen=True, slots=True)
class LoseAbilities(Node):
    """ "[it] loses flying", "loses all abilities" (``keywords`` empty)."""

    SUBJECT: ClassVar[str] = "what"
    DURATION: ClassVar[bool] = True

    what: Any
    keywords: tuple[Any, ...] = ()
    duration: Any = None
    other: bool = False


@dataclass(frozen=True, slots=True)
class HaveAbilitiesOf(Node):
    """ "has all activated abilities of [those cards]"."""

    SUBJECT: ClassVar[str] = "what"
    DURATION: ClassVar[bool] = True

    what: Any
    of: Any
    what_of: str = "all activated abilities"
    duration: Any = None


@dataclass(frozen=True, slots=True)
class GainControl(Node):
    """ "gain control of target creature [until end of turn]" (613.1b);
    ``verb`` "control" for the static "You control enchanted creature"."""

    SUBJECT: ClassVar[str] = "player"
    DURATION: ClassVar[bool] = True

    what: Any
    player: Any = None
    duration: Any = None
    verb: str = "gain control of"


@dataclass(frozen=True, slots=True)
class ChooseNotUntap(Node):
    """ "You may choose not to untap [this] during your untap step." (502.3)."""

    SUBJECT: ClassVar[str] = "player"

    what: Any
    whose: Any
    player: Any = None


@renders(ChooseNotUntap)
def _r_choose_not_untap(r: Any, n: ChooseNotUntap, **ctx: Any) -> str:
    return f"{subj(r, n, 'choose', ctx)} not to untap {r(n.what)} during {possessive_text(r, n.whose)} untap step"


@dataclass(frozen=True, slots=True)
class ExchangeControl(Node):
    """ "exchange control of target artifact and target creature"."""

    what: Any
    second: Any = None
    duration: Any = None


@dataclass(frozen=True, slots=True)
class TapObjects(Node):
    SUBJECT: ClassVar[str] = "player"

    what: Any
    player: Any = None


@dataclass(frozen=True, slots=True)
class UntapObjects(Node):
    SUBJECT: ClassVar[str] = "player"

    what: Any
    player: Any = None
    all_yours: bool = False


@dataclass(frozen=True, slots=True)
class TapOrUntap(Node):
    what: Any


@dataclass(frozen=True, slots=True)
class Attach(Node):
    """ "attach [this] to it"."""

    SUBJECT: ClassVar[str] = "player"

    what: Any
    to: Any
    player: Any = None


@dataclass(frozen=True, slots=True)
class Unattach(Node):
    what: Any


@dataclass(frozen=True, slots=True)
class AllCreatureTypes(Node):
    """ "[it] gains all creature types", "loses all creature types" (205.3m,
    205.1b): every creature type given, or every one taken away."""

    SUBJECT: ClassVar[str] = "what"
    DURATION: ClassVar[bool] = True

    what: Any
    lose: bool = False
    duration: Any = None


@dataclass(frozen=True, slots=True)
class GainThisAbility(Node):
    """ "[it] becomes a copy of target creature and gains this ability": the
    ability that says so, which the object has as well (707.9b, 113.10)."""

    SUBJECT: ClassVar[str] = "what"
    DURATION: ClassVar[bool] = True

    what: Any
    duration: Any = None


@dataclass(frozen=True, slots=True)
class Becomes(Node):
    """ "[it] becomes an Aura with enchant creature", "becomes a 4/4 Elemental
    creature", "becomes red", "becomes tapped" (205.1b, 611.2a)."""

    SUBJECT: ClassVar[str] = "what"
    DURATION: ClassVar[bool] = True

    what: Any
    types: tuple[str, ...]
    keywords: tuple[Any, ...] = ()
    pt: str = ""
    additional: bool = False
    duration: Any = None
    words: Any = None  # the description as written
    color: str = ""
    special: str = ""  # "tapped", "the color of your choice", "a copy of"
    of: Any = None
    quoted: Any = None  # 'becomes a 2/1 ... creature with "..."': the abilities in quotation marks it has
    kept: str = ""  # with ``additional``: "in addition to its other colors and types" as written
    base_pt: bool = False  # ``pt`` written after the words: "becomes a Frog with base power and toughness 1/1" (613.4b)
    pt_equal: Any = None  # "becomes an artifact creature with power and toughness each equal to [amount]" (613.4b)
    still: Any = None  # "becomes a 3/3 creature that's still a land": the words after "still a" (205.1b)
    all_types: bool = False  # "becomes a 2/2 creature with all creature types" (205.3m)


@dataclass(frozen=True, slots=True)
class SetPT(Node):
    """"Enchanted creature is 8/8", "has base power and toughness 1/1" (613.4b)."""

    SUBJECT: ClassVar[str] = "what"
    DURATION: ClassVar[bool] = True

    what: Any
    power: str
    toughness: str
    base: bool = False
    keywords: tuple[Any, ...] = ()
    duration: Any = None
    amounts: Any = None


@dataclass(frozen=True, slots=True)
class IsType(Node):
    """ "is a Zombie in addition to its other types", "is red", "is every
    creature type", "is indestructible" (613.1d-f)."""

    SUBJECT: ClassVar[str] = "what"
    DURATION: ClassVar[bool] = True

    what: Any
    words: Any = None
    special: str = ""
    duration: Any = None
    kept: str = ""  # "in addition to their other creature types" as written
    article: bool = False  # "is an Island" (not "are Mountains", "is legendary")
    pt: str = ""  # "is a Golem creature with base power and toughness 5/4" (613.4b)
    pt_equal: Any = None  # "is an artifact creature with power and toughness each equal to [amount]" (613.4b)


@dataclass(frozen=True, slots=True)
class CantBlock(Node):
    """ "[what] can't block" / "can't be blocked"."""

    SUBJECT: ClassVar[str] = "what"
    DURATION: ClassVar[bool] = True

    what: Any
    blocked: bool = False
    duration: Any = None


@dataclass(frozen=True, slots=True)
class CrewsAs(Node):
    """ "[This creature] saddles Mounts and crews Vehicles as though its power
    were 2 greater" / "using its toughness rather than its power": how its
    power counts toward the total power a crew (702.122a) or saddle
    (702.171a) cost taps.  ``acts`` are "saddle" and/or "crew"; ``greater``
    the amount added, or None where its toughness is used instead."""

    SUBJECT: ClassVar[str] = "what"
    DURATION: ClassVar[bool] = True

    what: Any
    acts: tuple[str, ...]
    greater: Any = None
    duration: Any = None


@dataclass(frozen=True, slots=True)
class Restriction(Node):
    """ "[what] can't attack", "can't attack or block", "can't be blocked
    except by two or more creatures", "can't cast spells", "can't gain life"
    (``rule`` names which; ``other`` what it mentions)."""

    SUBJECT: ClassVar[str] = "what"
    DURATION: ClassVar[bool] = True

    what: Any
    rule: str
    other: Any = None
    duration: Any = None


@dataclass(frozen=True, slots=True)
class Requirement(Node):
    """ "attacks each combat if able", "blocks this turn if able", "must be
    blocked if able", "can block an additional creature each combat"."""

    SUBJECT: ClassVar[str] = "what"
    DURATION: ClassVar[bool] = True

    what: Any
    rule: str
    other: Any = None
    duration: Any = None
    form: str = ""


@dataclass(frozen=True, slots=True)
class GetEmblem(Node):
    """ "You get an emblem with "..."" (114.1, 114.2): an emblem in the
    command zone with the quoted abilities."""

    SUBJECT: ClassVar[str] = "player"

    abilities: Any
    player: Any = None


@dataclass(frozen=True, slots=True)
class CantBeRegenerated(Node):
    """ "It can't be regenerated." (701.19c)."""

    SUBJECT: ClassVar[str] = "what"
    DURATION: ClassVar[bool] = True

    what: Any
    duration: Any = None


@dataclass(frozen=True, slots=True)
class SwitchPT(Node):
    """ "switch its power and toughness until end of turn" (613.4d)."""

    DURATION: ClassVar[bool] = True

    whose: Any
    duration: Any = None


@dataclass(frozen=True, slots=True)
class TurnFace(Node):
    """ "turn it face up", "turn target creature face down", "[it] is turned face up"."""

    SUBJECT: ClassVar[str] = "player"

    what: Any
    up: bool = True
    player: Any = None
    passive: bool = False


@dataclass(frozen=True, slots=True)
class Manifest(Node):
    """ "manifest the top [N] card(s) of [player's] library" (701.40),
    "manifest dread" (701.62), cloak (701.58)."""

    SUBJECT: ClassVar[str] = "player"
    AMOUNT: ClassVar[str] = "amount"

    amount: Any
    player: Any = None
    dread: bool = False
    cloak: bool = False
    looked: Any = None
    from_hand: bool = False
    whose: Any = None
    what: Any = None


@dataclass(frozen=True, slots=True)
class Choose(Node):
    """ "choose a color", "choose a creature type", "name a card", "choose
    target creature" (607.2d: a later "the chosen ..." refers to it)."""

    SUBJECT: ClassVar[str] = "player"
    AMOUNT: ClassVar[str] = "per"

    kind: str
    what: Any = None
    player: Any = None
    form: str = "choose"
    low: Any = None
    high: Any = None
    per: Any = None


@dataclass(frozen=True, slots=True)
class ChooseValue(Node):
    """ "choose a creature type", "choose a color", "name a card" (607.2d),
    kept for "As [this] enters, ..."."""

    kind: str


@dataclass(frozen=True, slots=True)
class PayAnyLife(Node):
    """ "pay any amount of life" (as this enters, 607.2g)."""


@dataclass(frozen=True, slots=True)
class AddMana(Node):
    """ "Add {G}", "Add {C} for each charge counter on [this]" (106)."""

    SUBJECT: ClassVar[str] = "player"
    AMOUNT: ClassVar[str] = "per"

    mana: Any
    per: Any = None
    player: Any = None
    old: bool = False
    additional: bool = False  # "adds an additional {G}" (106.12a)


@dataclass(frozen=True, slots=True)
class AddManaChoice(Node):
    """ "Add {W} or {U}", "Add {G}, {U}, or {B}" (106.1): one of the options."""

    SUBJECT: ClassVar[str] = "player"
    AMOUNT: ClassVar[str] = "per"

    options: tuple[Any, ...]
    per: Any = None
    player: Any = None
    andor: bool = False
    old: bool = False
    additional: bool = False


@dataclass(frozen=True, slots=True)
class AddManaAnyColor(Node):
    """ "Add one mana of any color" (106.1)."""

    SUBJECT: ClassVar[str] = "player"
    AMOUNT: ClassVar[str] = "amount"

    amount: Any
    player: Any = None
    one_color: bool = False
    additional: bool = False


@dataclass(frozen=True, slots=True)
class AddManaSpecial(Node):
    """Other "Add ..." forms: "X mana in any combination of colors", "one mana
    of the chosen color", "mana of any type that land produced"."""

    SUBJECT: ClassVar[str] = "player"
    AMOUNT: ClassVar[str] = "amount"

    kind: str
    amount: Any = None
    of: Any = None
    player: Any = None
    additional: bool = False


@dataclass(frozen=True, slots=True)
class SpendOnly(Node):
    """"Spend this mana only to cast kicked spells" (106.6): a restriction on
    the mana the ability makes; ``purpose`` what it may pay for ("cast",
    "activate", "cast or activate", "on", "pay"), ``what`` as written."""

    filter: Any
    kicked: bool = False
    purpose: str = "cast"
    what: Any = None
    second: Any = None


@dataclass(frozen=True, slots=True)
class SkipTurn(Node):
    """ "you skip your next turn", "skip your next untap step", "skip your
    draw step" (every one, ``next`` False), "skip that draw" (``whose``
    None, the draw an event would be): skipping is a replacement effect
    (614.1b, 614.10).  ``step`` is the turn, step or phase as written."""

    SUBJECT: ClassVar[str] = "player"
    DURATION: ClassVar[bool] = True

    player: Any = None
    step: str = "turn"
    whose: Any = None
    amount: Any = None
    next: bool = True
    duration: Any = None


@dataclass(frozen=True, slots=True)
class ExtraTurn(Node):
    SUBJECT: ClassVar[str] = "player"

    player: Any = None


@dataclass(frozen=True, slots=True)
class RepeatProcess(Node):
    """ "Repeat this process." (608.2c: the instructions before it in the
    ability, again): ``times`` "" (once more, as written plainly), "once",
    "more" (``amount`` more times) or "any number of times"."""

    times: str = ""
    amount: Any = None


@dataclass(frozen=True, slots=True)
class AdditionalCombat(Node):
    """ "After this phase, there is an additional combat phase." (500.8):
    ``count`` extra combat phases after ``after`` ("this phase", "this main
    phase"), ``lead`` when "after ..." is written first, ``main`` when each
    is "followed by an additional main phase"."""

    count: Any
    after: str
    lead: bool = False
    main: bool = False


@dataclass(frozen=True, slots=True)
class Note(Node):
    """ "note [it]", "vote for [a creature]"."""

    SUBJECT: ClassVar[str] = "player"

    verb: str
    what: Any
    player: Any = None


# --------------------------------------------------------------------------
# Builders
# --------------------------------------------------------------------------


def build(cls: type, **fixed: Any) -> Any:
    """A builder that makes ``cls`` from the rule's children in field order
    (after the ``fixed`` fields)."""
    names = [f.name for f in dataclasses.fields(cls) if f.name != "span" and f.name not in fixed]

    def make(meta: Any, *args: Any) -> Any:
        return cls(**dict(zip(names, args, strict=False)), **fixed, span=span(meta))

    return make


def _reg(rule: str, fn: Any) -> None:
    BUILDERS[rule] = fn


def _source_self() -> Any:
    return None


_reg("deal_damage", lambda m, amount, to: DealDamage(None, amount, to, span=span(m)))
_reg("deal_damage_split", lambda m, a1, to1, a2, to2: DealDamage(None, a1, to1, second=(a2, to2), span=span(m)))
_reg("deal_damage_equal", lambda m, eq, to: DealDamage(None, eq, to, span=span(m)))
_reg("deal_damage_to_equal", lambda m, to, eq: DealDamage(
    None, EqualTo(eq.value, "end", span=eq.span), to, amount_after=True, span=span(m)))
_reg("deal_damage_instead", lambda m, amount: DealDamage(None, amount, None, span=span(m)))
_reg("deal_damage_each_equal", lambda m, to1, a1, to2, a2: DealDamage(
    None, EqualTo(a1, "end"), to1, amount_after=True, second=(EqualTo(a2, "end"), to2), span=span(m)))
_reg("becomes_color_word", lambda m, tok: str(tok).lower())
_reg("deal_damage_unmeasured", lambda m, to: DealDamage(None, None, to, span=span(m)))
_reg("deal_damage_divided", lambda m, amount, to: DealDamage(None, amount, to, divided=True, span=span(m)))
_reg("deal_combat_damage", lambda m, amount, to: DealDamage(None, amount, to, combat=True, span=span(m)))
_reg("deal_combat_damage_unmeasured", lambda m, to: DealDamage(None, None, to, combat=True, span=span(m)))
_reg("also_deal_damage", lambda m, amount, to: DealDamage(None, amount, to, also=True, span=span(m)))
# 120.3, 614.1a: a replacement's new amount, "deals double that damage [to ...]
# instead", "deals that much damage plus 1 [to ...] instead"
_reg("deal_double", lambda m, amount, to=None: DealDamage(None, Twice(amount, span=span(m)), to, double=True, span=span(m)))
_reg("deal_damage_plus", lambda m, amount, more, to=None: DealDamage(
    None, Sum(amount, more, "damage plus", span=span(m)), to, span=span(m)))
_reg("deal_damage_plus_equal", lambda m, amount, more, to=None: DealDamage(
    None, Sum(amount, more, "damage plus an amount of damage equal to", span=span(m)), to, span=span(m)))
_reg("gain_life", build(GainLife))
_reg("gain_life_equal", build(GainLife))
_reg("gain_life_unmeasured", lambda m: GainLife(None, span=span(m)))
_reg("lose_life", build(LoseLife))
_reg("lose_life_equal", build(LoseLife))


@builds("lose_half_life")
def _lose_half_life(meta: Any, whose: Any, rounding: Any = None) -> LoseLife:
    Possessive = concern("objects").Possessive
    from .quantities import Half, LifeTotal

    p = whose.object if isinstance(whose, Possessive) else whose
    up = None if rounding is None else rounding == "up"
    return LoseLife(Half(LifeTotal(p), up), span=span(meta))


_reg("lose_game", lambda m: GameResult(False, span=span(m)))
_reg("win_game", lambda m: GameResult(True, span=span(m)))
_reg("pay_life", lambda m, amount: Pay("life", amount, span=span(m)))
_reg("pay_mana", lambda m, mana: Pay("mana", mana, span=span(m)))
# 118.1: "pay {W}{B} and 2 life" (both), "pay {R}{R} or 2 life" (the payer's choice)
_reg("pay_mana_and_life", lambda m, mana, life: Pay("mana and life", (mana, life), span=span(m)))
_reg("pay_mana_or_life", lambda m, mana, life: Pay("mana or life", (mana, life), span=span(m)))
_reg("pay_energy", lambda m, *toks: Pay("energy", Number(len(toks), "digits"), span=span(m)))
_reg("get_energy", lambda m, *toks: Pay("energy", Number(len(toks), "digits"), get=True, span=span(m)))
_reg("life_floor", lambda m, whose, below, floor: LifeFloor(whose, below, floor, span=span(m)))
_reg("set_life_total", lambda m, whose, amount: SetLifeTotal(whose, amount, span=span(m)))
_reg("set_life_total_equal", lambda m, whose, amount: SetLifeTotal(whose, amount, True, span=span(m)))
_reg("get_counters", lambda m, amount, kind: GetCounters(amount, kind, span=span(m)))
_reg("get_another_counter", lambda m, kind: GetCounters(Number(1, "article"), kind, another=True, span=span(m)))
_reg("fight", lambda m, other: Fight(None, other, span=span(m)))
_reg("fight_each_other", lambda m: Fight(None, None, span=span(m)))
_reg("prevent_kind", lambda m, *toks: " ".join(str(t).lower() for t in toks))
_reg("prevent_all", lambda m, kind: ("all " + kind.removesuffix("damage").strip()).strip() if kind != "damage" else "all")
_reg("prevent_next", lambda m, amount, kind: (("next " + kind.removesuffix("damage")).strip(), amount))
_reg("prevent_to", lambda m, np: ("to", np))
_reg("prevent_to_and_by", lambda m, np: ("to and by", np))
_reg("prevent_by", lambda m, np: ("by", np))
_reg("prevent_during_by", lambda m, d, np: (d, ("by", np)))  # "... to you this turn by creatures"


def _during_by(mod: Any) -> bool:
    return isinstance(mod, tuple) and len(mod) == 2 and not isinstance(mod[0], str)


def _damage_named(what: Any, mods: tuple[Any, ...]) -> tuple[str, Any, Any, Any, Any, str]:
    """The damage a prevention or a redirection names: its kind, amount, the
    object or player it would be dealt to, by, the duration, and the order
    its qualifications were written in."""
    kind, amount = (what, None) if isinstance(what, str) else what
    to = by = duration = None
    order: list[str] = []
    for mod in (m for mods_ in mods for m in (mods_ if _during_by(mods_) else (mods_,))):
        if isinstance(mod, tuple):
            word, np = mod
            if word == "by":
                by = np
            else:
                to = np
                if word == "to and by":
                    by = np
            order.append(word)
        else:
            duration = mod
            order.append("duration")
    return kind, amount, to, by, duration, ",".join(order)


@builds("prevent_damage")
def _prevent_damage(meta: Any, what: Any, *mods: Any) -> PreventDamage:
    kind, amount, to, by, duration, form = _damage_named(what, mods)
    return PreventDamage(kind, amount, to, by, duration, form=form, span=span(meta))


@builds("redirect_damage")
def _redirect_damage(meta: Any, what: Any, *rest: Any) -> RedirectDamage:
    *mods, onto = rest
    kind, amount, to, by, duration, form = _damage_named(what, tuple(mods))
    return RedirectDamage(kind, onto, amount, to, by, duration, form=form, span=span(meta))


_reg("prevent_all_from", lambda m, kind, by, d=None: PreventDamage(
    "all" if kind == "damage" else "all " + kind.removesuffix(" damage"), by=by, duration=d, form="would deal", span=span(m)))
# "Prevent all damage a source of your choice would deal to you this turn" (615.1a)
_reg("prevent_all_from_to", lambda m, kind, by, to, d=None: PreventDamage(
    "all" if kind == "damage" else "all " + kind.removesuffix(" damage"), to=to, by=by, duration=d, form="would deal to",
    span=span(m)))
_reg("redirect_that_damage", lambda m, onto: RedirectDamage("that", onto, span=span(m)))
_reg("prevent_that", lambda m: PreventDamage("that", span=span(m)))
_reg("prevent_all_but", lambda m, amount: PreventDamage("all but", amount, span=span(m)))
_reg("prevent_half", lambda m, rounding: PreventDamage("half", rounding=str(rounding), span=span(m)))


@builds("prevent_damage_divided")
def _prevent_damage_divided(meta: Any, what: Any, *mods: Any) -> PreventDamage:
    kind, amount, to, by, duration, form = _damage_named(what, mods)
    return PreventDamage(kind, amount, to, by, duration, form=form, divided=True, span=span(meta))


_reg("prevent_some", lambda m, amount: PreventDamage("some", amount, span=span(m)))

# ---- targets and text ----
_reg("change_target", lambda m, what: ChangeTarget(what, span=span(m)))
_reg("text_word_kind", lambda m, *toks: " ".join(str(t).lower() for t in toks))
_reg("swap_another", lambda m, kind: TextSwap(kind, span=span(m)))
_reg("swap_to", lambda m, kind, word: TextSwap(kind, str(word), span=span(m)))
_reg("change_text", lambda m, what, *swaps: ChangeText(what, tuple(swaps), span=span(m)))

# ---- votes ----
_reg("vote_for_object", lambda m, first, voters, what: Vote(first, voters, candidates=what, span=span(m)))
_reg("vote_for_option", lambda m, first, voters, *words: Vote(first, voters, tuple(str(w) for w in words), span=span(m)))

# ---- zones ----
_reg("destroy", build(Destroy))
@builds("exile")
def _exile(meta: Any, what: Any) -> Any:
    from .objects import TopOfLibrary

    if isinstance(what, TopOfLibrary) and not what.bottom:
        return ExileTop(what.count, what.whose, span=span(meta))
    return Exile(what, span=span(meta))


@builds("exile_face_down")
def _exile_face_down(meta: Any, what: Any) -> Any:
    from .objects import TopOfLibrary

    if isinstance(what, TopOfLibrary) and not what.bottom:
        return ExileTop(what.count, what.whose, True, span=span(meta))
    return Exile(what, face_down=True, span=span(meta))
_reg("exile_graveyard", lambda m, whose: ExileGraveyard(_whose(whose), span=span(m)))
_reg("exile_until", lambda m, what, until: Exile(what, True, until=until, span=span(m)))
_reg("exile_until_found", lambda m, what, who, found: Exile(what, until_found=(who, found), span=span(m)))


def _whose(p: Any) -> Any:
    Possessive = concern("objects").Possessive

    return p.object if isinstance(p, Possessive) else p


def _return(meta: Any, what: Any, dest: Destination, from_zone: Any = None, first: bool = False) -> ReturnTo:
    from .objects import OwnerOf

    under_owner = dest.under == "owner" or isinstance(dest.under, OwnerOf)
    under_you = dest.under == "you"
    owners = dest.form in ("owners", "owner's") or (dest.zone == "hand" and not _is_you(dest.whose))
    return ReturnTo(what, dest.zone, owners, under_owner, under_you, destination=dest,
                    from_zone=from_zone, first=first, span=span(meta))  # fmt: skip


def _is_you(p: Any) -> bool:
    from .objects import You

    return isinstance(p, You)


_reg("return_to", lambda m, what, dest: _return(m, what, dest))
_reg("return_from", lambda m, what, zone, dest: _return(m, what, dest, zone))
_reg("return_to_first", lambda m, dest, what: _return(m, what, dest, first=True))
_reg("sacrifice", build(Sacrifice))
_reg("put_in_zone", lambda m, what, dest: PutInZone(what, dest, span=span(m)))
_reg("on_bottom_of_that_in_order", lambda m, order: Destination("library", None, "bottom", "on", order, under="that", span=span(m)))
_reg("put_hand_rest_graveyard", lambda m, what, w1, w2: PutInZone(
    what, Destination("hand", _whose(w1), "rest graveyard", under=_whose(w2)), span=span(m)))
_reg("put_onto_battlefield_mods", lambda m, what, mods: PutInZone(
    what, _battlefield("onto", mods), span=span(m)))
_reg("put_one_in_zone", lambda m, dest: PutInZone(concern("objects").one_bare(m), dest, span=span(m)))
_reg("put_one_onto_battlefield_mods", lambda m, mods: PutInZone(
    concern("objects").one_bare(m), _battlefield("onto", mods), span=span(m)))


@builds("put_exiled_into_hands")
def _put_exiled_into_hands(meta: Any, obj: Any) -> ReturnTo:
    from .objects import ExiledCards

    return ReturnTo(ExiledCards(True, True, True, self_ref=obj), "hand", True, verb="put", span=span(meta))


_reg("shuffle_into", lambda m, what, whose: Shuffle(what, _whose(whose), span=span(m)))
_reg("shuffle_into_owners", lambda m, what: Shuffle(what, None, form="owners' libraries", span=span(m)))
_reg("shuffle_it_into", lambda m, whose: Shuffle(ItRef(), _whose(whose), span=span(m)))
_reg("shuffle_two_into", lambda m, a, b, whose: Shuffle((a, b), _whose(whose), span=span(m)))
_reg("shuffle_plain", lambda m: Shuffle(span=span(m)))
_reg("do_the_same", lambda m: DoTheSame(span=span(m)))
_reg("separate_piles", lambda m, what: SeparatePiles(what, span=span(m)))
_reg("do_the_same_for", lambda m, what: DoTheSame(what, span=span(m)))
# "each player who searched their library this way shuffles it": the library searched (701.20)
_reg("shuffle_it", lambda m: Shuffle(form="it", span=span(m)))
@builds("shuffle_library")
def _shuffle_library(meta: Any, whose: Any) -> Shuffle:
    """ "shuffle your library", the older wording of "shuffle" (701.20): the
    sentence (sentences.py) keeps it only where "and" follows ("shuffle your
    library and put that card on top of it" names the library "it" is)."""
    return Shuffle(None, _whose(whose), form="library", span=span(meta))


def older_shuffle(action: Any) -> bool:
    """ "shuffle your library" as its clause wrote it (701.20: "shuffle")."""
    return isinstance(action, Shuffle) and action.form == "library" and isinstance(action.into, You)
_reg("shuffle_graveyard_into", lambda m, w1, w2: Shuffle(_whose(w1), _whose(w2), form="graveyard", span=span(m)))
_reg("shuffle_hand_graveyard_into", lambda m, w1, w2: Shuffle(_whose(w1), _whose(w2), form="hand and graveyard", span=span(m)))
_reg("counter_spell", lambda m, what: CounterSpell(what, span=span(m)))
_reg("counter_unless", lambda m, what, cost: CounterSpell(what, cost, span=span(m)))
_reg("counter_unless_per", lambda m, what, cost, per: CounterSpell(what, cost, per.per, span=span(m)))
_reg("counter_unless_life", lambda m, what, amount: CounterSpell(what, unless_life=amount, span=span(m)))
_reg("copy_spell", lambda m, what: CopySpell(what, span=span(m)))
_reg("copy_spell_times", lambda m, what, times: CopySpell(what, times=times, span=span(m)))
# "copy it twice", "investigate twice": two times, as written
_reg("copy_spell_twice", lambda m, what: CopySpell(what, times=Number(2, text="twice", span=span(m)), span=span(m)))
_reg("investigate_twice", lambda m: KeywordAction("investigate", amount=Number(2, text="twice", span=span(m)), span=span(m)))
_reg("copy_spell_per", lambda m, what, per: CopySpell(what, per=per, span=span(m)))
_reg("cast_card", lambda m, what: CastCard(what, span=span(m)))
_reg("play_card", lambda m, what: CastCard(what, play=True, span=span(m)))


def _free(play: bool, their: bool) -> Any:
    """ "cast/play X without paying its mana cost" — "their mana costs" after
    a plural X: the pronoun agrees with what is cast, as the renderer
    writes it, so a mismatch is an error, not a reading of either form."""

    def make(meta: Any, what: Any) -> CastCard:
        plural = is_plural(what)
        if plural != their:
            said, means, wanted = ("its", "more than one card", "their mana costs") if plural \
                else ("their", "one card", "its mana cost")  # fmt: skip
            raise TextError(f"'{said}' here stands for {means}", span=span(meta),
                            hint=f"write 'without paying {wanted}'")
        return CastCard(what, True, play, span=span(meta))

    return make


_reg("cast_free", _free(False, False))
_reg("cast_free_their", _free(False, True))
_reg("play_free", _free(True, False))
_reg("play_free_their", _free(True, True))
_reg("regenerate", build(Regenerate))
_reg("regenerate_self", lambda m: Regenerate(None, span=span(m)))


# destinations
def _dest(zone: str, form: str = "", where: str = "") -> Any:
    def make(meta: Any, *args: Any) -> Destination:
        whose = _whose(args[0]) if args else None
        return Destination(zone, whose, where, form, span=span(meta))

    return make


_reg("to_hand", _dest("hand", "to"))
_reg("to_graveyard", _dest("graveyard", "to"))
_reg("to_library_top", _dest("library", "to", "top"))
_reg("to_owners_hands", _dest("hand", "owners"))
_reg("to_owners_hand", _dest("hand", "owner's"))


@builds("to_battlefield")
def _to_battlefield(meta: Any, mods: Any = None) -> Destination:
    return dataclasses.replace(_battlefield("to", tuple(mods or ())), span=span(meta))


def _battlefield(form: str, mods: tuple[Any, ...]) -> Destination:
    """The battlefield as a destination with its modifications in the
    card's order.  "Under [whose] control" (110.2a) given first is the
    destination's ``under`` ("you", "owner" for "their owners'", or the
    player); given after another modification it stays in ``mods`` as
    ``("under", whose)``, where it was written."""
    from .objects import OwnerOf

    under: Any = None
    if mods and isinstance(mods[0], tuple) and mods[0][0] == "under":
        whose = mods[0][1]
        mods = mods[1:]
        if form == "to" and isinstance(whose, OwnerOf) and whose.plural:
            return Destination("battlefield", form="owners'", under="owner", mods=mods)
        under = "you" if _is_you(whose) else whose
    return Destination("battlefield", form=form, mods=mods, under=under)
_reg("to_battlefield_under_owner", lambda m: Destination("battlefield", form="owner's", under="owner", span=span(m)))
_reg("into_hand", _dest("hand", "into"))
_reg("into_graveyard", _dest("graveyard", "into"))
_reg("into_library", _dest("library", "into"))
_reg("into_owners_hands", _dest("hand", "owners"))
_reg("into_owners_hand", _dest("hand", "owner's"))
_reg("into_owners_graveyard", _dest("graveyard", "owner's"))
_reg("into_owners_graveyards", _dest("graveyard", "owners"))
_reg("onto_battlefield", _dest("battlefield", "onto"))
_reg("on_top_of_library_dest", _dest("library", "on", "top"))
_reg("on_bottom_of_library", _dest("library", "on", "bottom"))
_reg("on_top_or_bottom", _dest("library", "on", "top or bottom"))
_reg("on_choice_of_top_or_bottom", lambda m, chooser, whose: Destination(
    "library", _whose(whose), "choice of the top or bottom", "on", under=_whose(chooser), span=span(m)))  # 401.4
_reg("second_from_top", _dest("library", "on", "second"))
_reg("into_hand_or_graveyard", _dest("hand or graveyard", "into"))
_reg("into_exile", _dest("exile", "into"))
_reg("on_top_of_owners_libraries", lambda m: Destination("library", None, "top", "owners' libraries", span=span(m)))
_reg("on_bottom_of_owners_libraries", lambda m: Destination("library", None, "bottom", "owners' libraries", span=span(m)))
_reg("on_top_of_it", lambda m, order="": Destination("library", None, "top", "it", order, span=span(m)))
_reg("on_top_bare", lambda m, order="": Destination("library", None, "top", "top", order, span=span(m)))
_reg("on_bottom_bare", lambda m, order="": Destination("library", None, "bottom", "bottom", order, span=span(m)))


@builds("on_bottom_in_order", "on_top_in_order")
def _in_order(meta: Any, whose: Any, order: str) -> Destination:
    return Destination("library", _whose(whose), "bottom", "on", order, span=span(meta))


_reg("on_top_in_order", lambda m, whose, order: Destination("library", _whose(whose), "top", "on", order, span=span(m)))
_reg("into_library_nth", lambda m, whose, n, fr: Destination("library", _whose(whose), fr, "into", nth=n, span=span(m)))
_reg("into_library_ordinal", lambda m, whose, nth, fr: Destination("library", _whose(whose), f"{nth} {fr}", "into", span=span(m)))
_reg("back_dest", lambda m, *order: Destination("library", None, "back", "back", order[0] if order else "", span=span(m)))
_reg("back_to", lambda m, dest: dataclasses.replace(dest, back=True, span=span(m)))
_reg("order", lambda m, *toks: " ".join(str(t).lower() for t in toks))
_reg("ordinal_from_top", lambda m, *toks: " ".join(str(t).lower() for t in toks))
_reg("battlefield_mods", lambda m, *mods: tuple(mods))


@builds("battlefield_mod")
def _battlefield_mod(meta: Any, *toks: Any) -> Any:
    from lark import Token

    words = [str(t).lower() for t in toks if isinstance(t, Token)]
    nodes = [t for t in toks if not isinstance(t, Token)]
    if nodes:
        if words[0] == "under":
            return ("under", _whose(nodes[0]))
        return ("attached" if words[0] == "attached" else "with", nodes[0])
    return " ".join(words)


_reg("counters_with", lambda m, amount, kind: (amount, kind))
_reg("additional_counter", lambda m, amount, kind: (amount, kind, "additional"))

# ---- cards ----
_reg("draw", build(Draw))
_reg("draw_up_to", lambda m, amount: Draw(amount, up_to=True, span=span(m)))
_reg("draw_equal", lambda m, eq: Draw(eq, span=span(m)))


@builds("draw_per")
def _draw_per(meta: Any, per: Any) -> Draw:
    from .quantities import ForEach

    return Draw(ForEach(Number(1, "article"), per), span=span(meta))


_reg("draw_additional", lambda m: Draw(Number(1, "article"), additional=True, span=span(m)))


@builds("discard")
def _discard(meta: Any, what: Any) -> Discard:
    from .objects import AnObject

    if isinstance(what, AnObject) and not what.how and not what.any and not what.any_number and not what.up_to:
        return Discard(what.count, None, what.filter, span=span(meta))
    return Discard(None, what=what, span=span(meta))


_reg("discard_hand", lambda m, whose: Discard(None, what=("hand", _whose(whose)), span=span(m)))
_reg("discard_random", lambda m, *a: Discard(a[0] if a else Number(1, "article"), random=True, span=span(m)))
_reg("discard_that", lambda m: Discard(None, what="that card", span=span(m)))
_reg("mill", build(Mill))
_reg("mill_equal", lambda m, eq: Mill(eq, span=span(m)))
@builds("look_at")
def _look_at(meta: Any, what: Any) -> Any:
    from .objects import TopOfLibrary

    if isinstance(what, TopOfLibrary) and not what.bottom:
        return LookAtTop(what.count, what.whose, span=span(meta))
    return LookAt(what, span=span(meta))
_reg("look_at_hand", lambda m, whose: LookAt(_whose(whose), hand=True, span=span(m)))
@builds("reveal")
def _reveal(meta: Any, what: Any) -> Any:
    from .objects import TopOfLibrary

    if isinstance(what, TopOfLibrary) and not what.bottom:
        return Reveal(None, top=True, amount=what.count, whose=what.whose, span=span(meta))
    return Reveal(what, span=span(meta))
_reg("reveal_hand", lambda m, whose: Reveal(_whose(whose), hand=True, span=span(m)))
_reg("reveal_until", lambda m, what, who, until: Reveal(what, until=(who, until), form="until", span=span(m)))
_reg("search", lambda m, whose, what: Search(_whose(whose), what, span=span(m)))
_reg("search_in_zones", lambda m, whose, zones, what: Search(_whose(whose), what, zones=zones, span=span(m)))
_reg("zone_join", lambda m, tok: str(tok).lower())


@builds("search_zones")
def _search_zones(meta: Any, *parts: Any) -> str:
    """The zones as written ("library and/or graveyard", "graveyard, hand, and library")."""
    words = [str(p).lower() for p in parts if p is not None]
    *zones, join, last = [w for w in words if w != ","]
    comma = "," if len(words) > 1 and words[-3] == "," else ""
    return ", ".join(zones) + comma + f" {join} {last}"


def _kw_action(verb_: str, *fields_: str, extra: str = "") -> Any:
    def make(meta: Any, *args: Any) -> KeywordAction:
        values = dict(zip(fields_, args, strict=False))
        return KeywordAction(verb_, extra=extra, span=span(meta), **values)

    return make


for _rule, _verb, _fields in (
    ("scry", "scry", ("amount",)), ("surveil", "surveil", ("amount",)),
    ("investigate", "investigate", ()), ("investigate_times", "investigate", ("amount",)),
    ("explore", "explore", ()), ("proliferate", "proliferate", ()), ("populate", "populate", ()),
    ("clash", "clash", ("what",)), ("amass", "amass", ("amount",)), ("learn", "learn", ()),
    ("venture", "venture into the dungeon", ()), ("connive", "connive", ()),
    ("adapt", "adapt", ("amount",)), ("bolster", "bolster", ("amount",)),
    ("support", "support", ("amount",)), ("detain", "detain", ("what",)),
    ("goad", "goad", ("what",)), ("exert", "exert", ("what",)),
    ("incubate", "incubate", ("amount",)),
    ("earthbend", "earthbend", ("amount",)), ("waterbend", "waterbend", ("what",)),
    ("airbend", "airbend", ("what",)), ("blight", "blight", ("amount",)),
    ("behold", "behold", ("what",)), ("endure", "endure", ("amount",)),
    ("time_travel", "time travel", ()),
    ("discover", "discover", ("amount",)), ("seek", "seek", ("what",)),
    ("suspect", "suspect", ("what",)), ("forage", "forage", ()),
    ("collect_evidence", "collect evidence", ("amount",)), ("open_attraction", "open an Attraction", ()),
    ("roll_planar_die", "roll the planar die", ()), ("roll_d20", "roll a d20", ()),
    ("flip_coin", "flip a coin", ()), ("become_monarch", "become the monarch", ()),
    ("take_initiative", "take the initiative", ()), ("monstrosity", "monstrosity", ("amount",)),
    ("planeswalk", "planeswalk", ()), ("die", "die", ()), ("leave_battlefield", "leave the battlefield", ()), ("abandon", "abandon", ("what",)),
    ("set_in_motion", "set in motion", ("what",)), ("transform", "transform", ("what",)),
    ("transform_self", "transform", ()),
    ("flip_permanent", "flip", ("what",)),  # a flip card turned 180 degrees (710.4)
    ("unlock_door", "unlock a locked door of", ("what",)),  # a Room's door (709.5)
    ("lock_or_unlock_door", "lock or unlock a door of", ("what",)),
):  # fmt: skip
    _reg(_rule, _kw_action(_verb, *_fields))
# "then it explores again" (701.44): one more exploration, the same keyword action
_reg("explore_again", _kw_action("explore", extra="again"))


@builds("amass_type")
def _amass_type(meta: Any, tok: Any, amount: Any) -> KeywordAction:
    return KeywordAction("amass", amount=amount, extra=str(tok), span=span(meta))


@builds("manifest_dread")
def _manifest_dread(meta: Any) -> Manifest:
    return Manifest(None, dread=True, span=span(meta))


_reg("skip_step", lambda m, whose, step: SkipTurn(None, step, _whose(whose), span=span(m)))
_reg("skip_steps", lambda m, whose, amount, step: SkipTurn(None, step, _whose(whose), amount, span=span(m)))
_reg("skip_each_step", lambda m, whose, step: SkipTurn(None, step, _whose(whose), next=False, span=span(m)))
_reg("skip_that_one", lambda m, what: SkipTurn(None, f"that {what}", next=False, span=span(m)))
_reg("skip_what", lambda m, *toks: " ".join(str(t).lower() for t in toks))
_reg("skip_that", lambda m, tok: str(tok).lower())
_reg("extra_turn", lambda m: ExtraTurn(span=span(m)))
_reg("additional_combat_after", lambda m, after, count, follow: AdditionalCombat(
    count, after, True, follow is not None, span=span(m)))
_reg("additional_combat", lambda m, count, after, follow: AdditionalCombat(
    count, after, False, follow is not None, span=span(m)))
_reg("repeat_process", lambda m: RepeatProcess(span=span(m)))
_reg("repeat_process_more", lambda m, n: RepeatProcess("more", n, span=span(m)))
_reg("repeat_process_once", lambda m: RepeatProcess("once", span=span(m)))
_reg("repeat_process_any", lambda m: RepeatProcess("any number of times", span=span(m)))
_reg("this_phase", lambda m, *toks: " ".join(str(t).lower() for t in toks))
_reg("phase_follow", lambda m, *toks: "followed by an additional main phase")
_reg("control_vp", lambda m, what: GainControl(what, verb="control", span=span(m)))
_reg("win_flip", lambda m: KeywordAction("win the flip", span=span(m)))
_reg("lose_flip", lambda m: KeywordAction("lose the flip", span=span(m)))
_reg("choose_not_untap", lambda m, what, whose: ChooseNotUntap(what, _whose(whose), span=span(m)))
_reg("pump_additional", lambda m, mod: _pump(m, mod, additional=True))
_reg("exile_with_counters", lambda m, what, counters: Exile(what, with_counters=counters, span=span(m)))
_reg("look_at_and_cast", lambda m, what: CastCard(what, look=True, span=span(m)))
_reg("look_at_and_play", lambda m, what: CastCard(what, play=True, look=True, span=span(m)))
_reg("spend_any_type", lambda m, what: SpendAsThough(what, "type", span=span(m)))
_reg("spend_any_color", lambda m, what: SpendAsThough(what, "color", span=span(m)))
_reg("spend_kind", lambda m, tok: str(tok).lower())
_reg("mana_can_be_spent", lambda m, kind, what: SpendAsThough(what, kind, form="can be spent", span=span(m)))
_reg("mana_can_be_spent_this_way", lambda m, kind, what: SpendAsThough(
    what, kind, form="can be spent this way", span=span(m)))
_reg("doesnt_affect_combat_damage", lambda m, by: Restriction(None, "doesn't affect combat damage that would be dealt by", by, span=span(m)))
_reg("no_max_hand_size", lambda m: KeywordAction("have no maximum hand size", span=span(m)))
_reg("lose_this_ability", lambda m: LoseAbilities(None, ("this ability",), span=span(m)))
_reg("step_name", lambda m, *toks: " ".join(str(t).lower() for t in toks))

# ---- counters and tokens ----
_reg("put_counters", lambda m, amount, kind, on: PutCounters(amount, kind, on, span=span(m)))
_reg("put_counters_kinds", lambda m, amount, kind, *rest: PutCounters(
    amount, kind, rest[-1], also=tuple(rest[:-1]), span=span(m)))
_reg("more_counters", lambda m, amount, kind: (amount, kind))
_reg("put_counters_equal", lambda m, kind, on, eq: PutCounters(
    EqualTo(eq.value, "number_of", span=eq.span), kind, on, span=span(m)))
_reg("put_counters_equal_end", lambda m, kind, on, eq: PutCounters(
    EqualTo(eq.value, "end", span=eq.span), kind, on, span=span(m)))
# "put a number of +1/+1 counters equal to its power on each creature ..."
_reg("put_counters_equal_inline", lambda m, kind, eq, on: PutCounters(
    EqualTo(eq.value, "inline", span=eq.span), kind, on, span=span(m)))


_reg("put_additional_counter", lambda m, kind, on: PutCounters(Number(1, "article"), kind, on, additional=True, span=span(m)))
_reg("put_those_counters", lambda m, on: MoveCounters(on, span=span(m)))
_reg("those_counters", lambda m, *toks: " ".join(str(t).lower() for t in toks))
_reg("put_counters_of_those", lambda m, amount, those, on: CountersInstead(amount, "", on, those, "put", span=span(m)))
_reg("get_counters_of_those", lambda m, amount, those: CountersInstead(amount, "", None, those, "get", span=span(m)))
_reg("counters_are_put", lambda m, amount, kind, on: CountersInstead(amount, kind, on, span=span(m)))
_reg("counters_of_those_are_put", lambda m, amount, those, on: CountersInstead(amount, "", on, those, span=span(m)))
_reg("base_stats", lambda m, *toks: " ".join(str(t).lower() for t in toks))
_reg("base_becomes", lambda m, whose, stats, amount: BaseBecomes(_whose(whose), stats, amount, span=span(m)))
_reg("no_longer_suspected", lambda m: NoLongerSuspected(None, span=span(m)))
_reg("become_no_longer_suspected", lambda m: NoLongerSuspected(None, "become", span=span(m)))
_reg("its_no_longer_suspected", lambda m: NoLongerSuspected(ItRef(), "it's", span=span(m)))
_reg("theyre_no_longer_suspected", lambda m: NoLongerSuspected(ThemRef("they"), "they're", span=span(m)))
_reg("tokens_are_created", lambda m, amount: TokensInstead(amount, span=span(m)))
_reg("tokens_plus_are_created", lambda m, count, spec: TokensInstead(None, (count, spec), span=span(m)))
_reg("put_whose_counters", lambda m, whose, on: MoveCounters(on, _whose(whose), span=span(m)))
_reg("move_counters", lambda m, amount, kind, source, on: MoveCounters(on, source, amount, kind, span=span(m)))
_reg("move_any_number_counters", lambda m, kind, source, on: MoveCounters(
    on, source, None, kind, any_number=True, span=span(m)))
_reg("remove_counters", lambda m, amount, kind, source: RemoveCounters(amount, kind, source, span=span(m)))
_reg("remove_any_counters", lambda m, amount, source: RemoveCounters(amount, "", source, span=span(m)))
_reg("remove_all_counters", lambda m, kind, source: RemoveCounters(None, kind, source, all=True, span=span(m)))
_reg("remove_any_number_counters", lambda m, kind, source: RemoveCounters(
    None, kind, source, any_number=True, span=span(m)))
_reg("distribute_counters", lambda m, amount, kind, among: DistributeCounters(amount, kind, among, span=span(m)))
_reg("distribute_counters_equal", lambda m, kind, eq, among: DistributeCounters(
    EqualTo(eq.value, "inline", span=eq.span), kind, among, span=span(m)))
_reg("remove_every_counter", lambda m, source: RemoveCounters(None, "", source, all=True, span=span(m)))


@builds("remove_from_combat")
def _remove_from_combat(meta: Any, what: Any) -> KeywordAction:
    return KeywordAction("remove from combat", what, span=span(meta))


_reg("double_counters", lambda m, kind, on: DoubleCounters(kind, on, span=span(m)))
_reg("counter_pt", lambda m, tok: str(tok))
_reg("counter_named", lambda m, tok: str(tok).lower())
_reg("create_tokens", lambda m, amount, spec: CreateTokens(amount, spec, span=span(m)))
_reg("create_tokens_equal", lambda m, spec, eq: CreateTokens(EqualTo(eq.value, "number_of", span=eq.span), spec, span=span(m)))
_reg("create_tokens_attached", lambda m, amount, spec, to: CreateTokens(amount, spec, attached=to, span=span(m)))
_reg("create_tapped_tokens_equal", lambda m, spec, eq: CreateTokens(EqualTo(eq.value, "number_of", span=eq.span), spec, True, span=span(m)))
_reg("create_tapped_tokens", lambda m, amount, spec: CreateTokens(amount, spec, True, span=span(m)))
# mobilize's wording (702.181a): "create two tapped and attacking 1/1 red Warrior creature tokens"
_reg("create_attacking_tokens", lambda m, amount, spec: CreateTokens(amount, spec, attacking="tapped and attacking before",
                                                                     span=span(m)))
_reg("create_tokens_attacking", lambda m, amount, spec: CreateTokens(amount, spec, attacking="tapped and attacking", span=span(m)))
_reg("create_tokens_attacking_that", lambda m, amount, spec: CreateTokens(amount, spec, attacking="that's tapped and attacking", span=span(m)))
_reg("create_more_tokens", lambda m, amount: CreateTokens(amount, None, span=span(m)))
_reg("copy_of", lambda m: "copy of")
_reg("create_token_copy", lambda m, amount, _, of: CreateTokenCopy(amount, of, span=span(m)))
_reg("create_tapped_token_copy", lambda m, amount, _, of: CreateTokenCopy(amount, of, True, span=span(m)))
@builds("put_token_copy")
def _put_token_copy(meta: Any, what: Any, of: Any) -> CreateTokenCopy:
    """ "Put a token onto the battlefield that's a copy of ..." (older wording of create)."""
    from .objects import AnObject

    if not (isinstance(what, AnObject) and what.filter.nouns in ((), ("token",)) and "token" in [
            getattr(w, "word", "") for w in what.filter.words]):  # fmt: skip
        raise TextError("only a token is put onto the battlefield as a copy this way", span=span(meta))
    return CreateTokenCopy(what.count, of, span=span(meta))


@builds("gain_life_plus")
def _gain_life_plus(meta: Any, base: Any, more: Any, per: Any) -> GainLife:
    """ "3 life plus an additional 3 life for each ...": base + more × count."""
    from .quantities import ForEach, Sum

    return GainLife(Sum(base, ForEach(more, per.per), form="plus an additional"), span=span(meta))
# "that much life plus 1", "that many cards plus one": an amount, then more of the same (a Sum written after its noun)
_reg("gain_life_plus_amount", lambda m, base, more: GainLife(Sum(base, more, form="life plus"), span=span(m)))
_reg("draw_plus", lambda m, base, more: Draw(Sum(base, more, form="cards plus"), span=span(m)))
_reg("put_tokens", lambda m, amount, spec: CreateTokens(amount, spec, span=span(m)))
_reg("put_more_tokens", lambda m, amount: CreateTokens(amount, None, span=span(m)))
_reg("create_named_token", lambda m, name, count, spec: CreateTokens(Number(1, "article"), dataclasses.replace(spec, named=name, order=("name first", *spec.order)), span=span(m)))
_reg("exile_in_pile", lambda m, what: Exile(what, pile=True, span=span(m)))
_reg("shuffle_pile", lambda m: Shuffle(None, None, form="that pile", span=span(m)))
_reg("double_pt", lambda m, whose, stat: KeywordAction(f"double {stat}", _whose(whose), span=span(m)))
_reg("double_pt_of", lambda m, stat, what: KeywordAction(f"double {stat}", what, extra="of", span=span(m)))
_reg("double_stat", lambda m, *toks: " ".join(str(t).lower() for t in toks))
_reg("has_characteristics_of", lambda m, of: HaveAbilitiesOf(None, of, "the power, toughness, and creature types", span=span(m)))
_reg("create_token_copy_except", lambda m, amount, _, of, exc: CreateTokenCopy(amount, of, exception=exc, span=span(m)))
_reg("create_token_copy_attacking", lambda m, amount, _, of: CreateTokenCopy(amount, of, attacking=True, span=span(m)))
_reg("except_not_legendary", lambda m: Exception_("it isn't legendary", span=span(m)))
_reg("except_power", lambda m, amount: Exception_("its power is", amount, span=span(m)))
_reg("except_is", lambda m, pt, words: Exception_("it's a", (str(pt), words), span=span(m)))
_reg("except_has", lambda m, kw: Exception_("it has", kw, span=span(m)))
_reg("except_has_quoted", lambda m, q: Exception_("it has", q, span=span(m)))
_reg("except_has_both", lambda m, kws, q: Exception_("it has", (kws, q), span=span(m)))
_reg("except_gains", lambda m, kw: Exception_("it gains", kw, span=span(m)))
_reg("except_gains_quoted", lambda m, q: Exception_("it gains", q, span=span(m)))
_reg("except_also_type_a", lambda m, words, kept: Exception_("it's also", (words, str(kept), True), span=span(m)))
_reg("except_also_type", lambda m, words, kept: Exception_("it's also", (words, str(kept), False), span=span(m)))
_reg("exceptions_two", lambda m, a, b: Exceptions((a, b), span=span(m)))
_reg("exceptions_list", lambda m, *parts: Exceptions(parts, span=span(m)))


@builds("token_spec")
def _token_spec(meta: Any, sup: Any, pt: Any, colors: Any, role: Any, types: Any, *extra: Any) -> TokenSpec:
    subtypes = tuple(t for t in types if t[:1].isupper())
    kinds = tuple(t for t in types if not t[:1].isupper())
    power, toughness = str(pt).split("/") if pt is not None else ("", "")
    keywords: tuple[Any, ...] = ()
    abilities: tuple[Any, ...] = ()
    named = ""
    others: list[Any] = []
    order = tuple(e[0] for e in extra)
    for e in extra:
        kind, value = e
        if kind == "keywords":
            keywords = value
        elif kind == "ability":
            abilities = value
        elif kind == "both":
            keywords, abilities = value
        elif kind == "named":
            named = value
        else:
            others.append(e)
    if pt is not None and "creature" not in kinds and "Vehicle" not in subtypes:
        raise TextError("a token with power/toughness is a creature (or a Vehicle)", span=span(meta))
    return TokenSpec(power, toughness, tuple(colors or ()), subtypes, kinds, keywords, sup or "",
                     named, abilities, tuple(others), order, str(role or ""), span=span(meta))  # fmt: skip


_reg("token_super", lambda m, tok: str(tok).lower())
_reg("token_colors", lambda m, c: (c,))
_reg("token_two_colors", lambda m, a, b: (a, "and", b))
_reg("token_three_colors", lambda m, a, b, c: (a, ",", b, ", and", c))
_reg("token_types", lambda m, *ts: tuple(ts))
_reg("token_subtype", lambda m, tok: _token_subtype(tok))
_reg("type_noun", lambda m, tok: str(tok).lower())
_reg("token_with_keywords", lambda m, kws: ("keywords", kws))
_reg("token_with_ability", lambda m, q: ("ability", q))
_reg("token_with_both", lambda m, kws, q: ("both", (kws, q)))
_reg("token_named", lambda m, name: ("named", name))
_reg("token_all_types", lambda m: ("all types", None))
# "a 1/1 creature token of the chosen color and type" (607.2d: this object's choices)
_reg("token_of_chosen", lambda m: ("of chosen color and type", None))
_reg("token_base_pt", lambda m, amount: ("base pt", amount))


def _token_subtype(tok: Any) -> str:
    from .. import vocabulary

    name = vocabulary.subtype(str(tok))
    if name is None:
        raise TextError(f"'{tok}' is not a subtype", tok)
    return name


# ---- continuous effects ----


def _signed(text: str, where: Any = None) -> tuple[Any, Any]:
    def one(part: str) -> Any:
        sign = -1 if part[0] in "-−" else 1
        body = part[1:]
        if body == "X":
            return SignedX(sign, span=where)
        return sign * whole_number(body, where=where)

    p, t = str(text).split("/")
    return one(p), one(t)


def _pump(meta: Any, mod: Any, **kw: Any) -> Pump:
    power, toughness = _signed(mod, tok_span(mod) if isinstance(mod, Token) else span(meta))
    return Pump(None, power, toughness, mod=str(mod), span=span(meta), **kw)


_reg("pump", lambda m, mod: _pump(m, mod))
_reg("pump_gain", lambda m, mod, kws: _pump(m, mod, keywords=kws, second_verb="gain"))
_reg("pump_gain_choice", lambda m, mod, kws: _pump(m, mod, keywords=kws, second_verb="gain", your_choice=True))
_reg("pump_have", lambda m, mod, kws: _pump(m, mod, keywords=kws, second_verb="have"))
_reg("pump_gain_quoted", lambda m, mod, q: _pump(m, mod, quoted=q, second_verb="gain"))
_reg("pump_have_quoted", lambda m, mod, q: _pump(m, mod, quoted=q, second_verb="have"))
_reg("pump_gain_both", lambda m, mod, kws, q: _pump(m, mod, keywords=kws, quoted=q, second_verb="gain"))
_reg("pump_have_both", lambda m, mod, kws, q: _pump(m, mod, keywords=kws, quoted=q, second_verb="have"))
_reg("pump_unblockable", lambda m, mod: _pump(m, mod, extra=CantBlock(None, True)))
_reg("pump_cant_block", lambda m, mod: _pump(m, mod, extra=CantBlock(None, False)))
# "gets +0/+2 and can't be blocked by more than one creature", "gets -3/-0 and loses all abilities"
_reg("pump_unblockable_by_more", lambda m, mod: _pump(m, mod, extra=Restriction(
    None, "can't be blocked by more than one creature")))
_reg("pump_lose", lambda m, mod, lost: _pump(m, mod, extra=lost))
_reg("pump_must_attack", lambda m, mod: _pump(m, mod, extra=Requirement(None, "attacks each combat if able")))
_reg("pump_is_type", lambda m, mod, words, kept: _pump(m, mod, extra=IsType(None, words, "in addition", kept=_kept(kept))))
# "gets +2/+0 and can't be blocked by creatures with flying": the second change is the object's too
_reg("pump_and", lambda m, mod, second: _pump(m, mod, extra=second))
_reg("gain_pump", lambda m, kws, mod: _pump(m, mod, keywords=kws, second_verb="gain", gain_first=True))
_reg("gain_quoted_pump", lambda m, q, mod: _pump(m, mod, quoted=q, second_verb="gain", gain_first=True))
_reg("gain_keyword_choice", lambda m, kws: Pump(None, None, None, kws, verb="gain", your_choice=True, span=span(m)))
_reg("gain_keywords", lambda m, kws: Pump(None, None, None, kws, verb="gain", span=span(m)))
_reg("gain_quoted", lambda m, q: Pump(None, None, None, (), verb="gain", quoted=q, span=span(m)))
_reg("get_emblem", lambda m, q: GetEmblem(q, span=span(m)))
_reg("also_gain_keywords", lambda m, kws: Pump(None, None, None, kws, verb="gain", also=True, span=span(m)))
_reg("gain_keywords_quoted", lambda m, kws, q: Pump(None, None, None, kws, verb="gain", quoted=q, span=span(m)))
_reg("have_keywords", lambda m, kws: Pump(None, None, None, kws, verb="have", span=span(m)))
_reg("have_quoted", lambda m, q: Pump(None, None, None, (), verb="have", quoted=q, span=span(m)))
_reg("have_keywords_quoted", lambda m, kws, q: Pump(None, None, None, kws, verb="have", quoted=q, span=span(m)))
_reg("have_abilities_of", lambda m, of: HaveAbilitiesOf(None, of, span=span(m)))
_reg("cant_have_or_gain", lambda m, kws: CantHaveOrGain(None, tuple(kws), span=span(m)))
_reg("lose_keywords", lambda m, kws: LoseAbilities(None, kws, span=span(m)))


@dataclass(frozen=True, slots=True)
class KeywordChoice(Node):
    """ "first strike or swampwalk": one of the keywords."""

    keywords: tuple[Any, ...]


@renders(KeywordChoice)
def _r_keyword_choice(r: Any, n: KeywordChoice, **ctx: Any) -> str:
    return or_list([r(k) for k in n.keywords], "or")
_reg("lose_all_abilities", lambda m: LoseAbilities(None, (), span=span(m)))
_reg("lose_all_other_abilities", lambda m: LoseAbilities(None, ("all other abilities",), span=span(m)))
_reg("gain_control", lambda m, what: GainControl(what, span=span(m)))
_reg("exchange_control", lambda m, what: ExchangeControl(what, span=span(m)))
_reg("exchange_control_two", lambda m, a, b: ExchangeControl(a, b, span=span(m)))
_reg("untap", lambda m, *a: UntapObjects(a[0], span=span(m)) if a else UntapObjects(None, all_yours=True, span=span(m)))
_reg("tap", lambda m, what: TapObjects(what, span=span(m)))
_reg("tap_or_untap", lambda m, what: TapOrUntap(what, span=span(m)))
_reg("attach", lambda m, what, to: Attach(what, to, span=span(m)))
_reg("unattach", lambda m, what: Unattach(what, span=span(m)))
_reg("gain_this_ability", lambda m: GainThisAbility(None, span=span(m)))
_reg("becomes_tapped", lambda m: Becomes(None, (), special="tapped", span=span(m)))
BUILDERS["crew_act"] = lambda meta, verb, noun: "saddle" if str(verb).lower() == "saddles" else "crew"
BUILDERS["crew_acts"] = lambda meta, *acts: tuple(acts)
_reg("crews_as_though", lambda m, acts, amount: CrewsAs(None, acts, amount, span=span(m)))
_reg("crews_with_toughness", lambda m, acts: CrewsAs(None, acts, span=span(m)))
# a keyword's designation: saddled (702.171b, until end of turn), plotted (702.170d, a card in exile)
_reg("becomes_saddled", lambda m: Becomes(None, (), special="saddled", span=span(m)))
_reg("becomes_plotted", lambda m: Becomes(None, (), special="plotted", span=span(m)))


@builds("descriptor_phrase")
def _descriptor_phrase(meta: Any, count: Any, words: Any, keywords: Any = None) -> Any:
    return (count, words, keywords or ())


def _types_of(words: Any) -> tuple[str, ...]:
    from .objects import Noun

    out: list[str] = []
    for w in words:
        if isinstance(w, Noun):
            out.append(w.word)
        elif hasattr(w, "type"):
            out.append(w.type)
        elif hasattr(w, "subtype"):
            out.append(w.subtype)
    return tuple(out)


@builds("becomes")
def _becomes(meta: Any, phrase: Any) -> Becomes:
    count, words, kws = phrase
    return Becomes(None, _types_of(words), kws, words=words, span=span(meta))


@builds("becomes_additional")
def _becomes_additional(meta: Any, phrase: Any, kept: str) -> Becomes:
    count, words, kws = phrase
    return Becomes(None, _types_of(words), kws, additional=True, words=words, kept=_kept(kept), span=span(meta))


@builds("also_types")
def _also_types(meta: Any, tok: Any) -> str:
    return " ".join(str(tok).lower().split())


def _kept(kept: str) -> str:
    """The words of "in addition to ..." kept only where they aren't the
    usual "its other types" / "their other types" (which the subject decides)."""
    return "" if kept in ("in addition to its other types", "in addition to their other types") else kept


_reg("becomes_pt", lambda m, pt, words: Becomes(None, _types_of(words), (), str(pt), words=words, span=span(m)))
_reg("becomes_pt_keywords", lambda m, pt, words, kws: Becomes(None, _types_of(words), kws, str(pt), words=words, span=span(m)))
_reg("becomes_pt_all_types", lambda m, pt, words: Becomes(
    None, _types_of(words), (), str(pt), words=words, all_types=True, span=span(m)))
_reg("gain_all_types", lambda m: AllCreatureTypes(None, span=span(m)))
_reg("lose_all_types", lambda m: AllCreatureTypes(None, lose=True, span=span(m)))
_reg("becomes_pt_still", lambda m, pt, words, still: Becomes(
    None, _types_of(words), (), str(pt), words=words, still=still, span=span(m)))
_reg("becomes_pt_keywords_still", lambda m, pt, words, kws, still: Becomes(
    None, _types_of(words), kws, str(pt), words=words, still=still, span=span(m)))
_reg("becomes_pt_quoted", lambda m, pt, words, q: Becomes(None, _types_of(words), (), str(pt), words=words, quoted=q, span=span(m)))
_reg("becomes_pt_both", lambda m, pt, words, kws, q: Becomes(
    None, _types_of(words), kws, str(pt), words=words, quoted=q, span=span(m)))
@builds("becomes_base_pt")
def _becomes_base_pt(meta: Any, count: Any, words: Any, pt: Any) -> Becomes:
    return Becomes(None, _types_of(words), (), str(pt), words=words, base_pt=True, span=span(meta))


@builds("becomes_base_pt_additional")
def _becomes_base_pt_additional(meta: Any, count: Any, words: Any, pt: Any, kept: str) -> Becomes:
    return Becomes(None, _types_of(words), (), str(pt), additional=True, words=words, kept=_kept(kept),
                   base_pt=True, span=span(meta))  # fmt: skip


@builds("becomes_base_pt_plural")
def _becomes_base_pt_plural(meta: Any, words: Any, pt: Any) -> Becomes:
    return Becomes(None, _types_of(words), (), str(pt), words=words, base_pt=True, span=span(meta))


_reg("becomes_pt_equal", lambda m, count, words, amount: Becomes(
    None, _types_of(words), (), words=words, pt_equal=amount, span=span(m)))
_reg("becomes_pt_equal_plural", lambda m, words, amount: Becomes(
    None, _types_of(words), (), words=words, pt_equal=amount, span=span(m)))
_reg("is_pt_equal", lambda m, words, amount: IsType(None, words, "a type", pt_equal=amount, span=span(m)))
_reg("is_base_pt", lambda m, words, pt: IsType(None, words, "a type", pt=str(pt), span=span(m)))
_reg("is_base_pt_additional", lambda m, words, pt, kept: IsType(
    None, words, "in addition", kept=_kept(kept), pt=str(pt), span=span(m)))


_reg("becomes_color_choice", lambda m: Becomes(None, (), special="the color of your choice", span=span(m)))
# 105.3: one color or more, chosen as it resolves (608.2d)
_reg("becomes_colors_choice", lambda m: Becomes(None, (), special="the color or colors of your choice", span=span(m)))
# "Choose a creature type. ... becomes that type": the type chosen before (608.2d, 205.1a)
_reg("becomes_that_type", lambda m: Becomes(None, (), special="that type", span=span(m)))
_reg("becomes_type_choice", lambda m: Becomes(None, (), special="the creature type of your choice", span=span(m)))
_reg("becomes_land_type_choice", lambda m: Becomes(None, (), special="the basic land type of your choice", span=span(m)))
_reg("becomes_copy", lambda m, of: Becomes(None, (), special="a copy of", of=of, span=span(m)))
_reg("becomes_color", lambda m, color: Becomes(None, (), color=color, span=span(m)))


@builds("set_pt")
def _set_pt(meta: Any, pt: Any) -> SetPT:
    p, t = str(pt).split("/")
    return SetPT(None, p, t, span=span(meta))


@builds("set_pt_keywords")
def _set_pt_keywords(meta: Any, pt: Any, kws: Any) -> SetPT:
    p, t = str(pt).split("/")
    return SetPT(None, p, t, keywords=kws, span=span(meta))


@builds("set_base_pt")
def _set_base_pt(meta: Any, pt: Any) -> SetPT:
    p, t = str(pt).split("/")
    return SetPT(None, p, t, base=True, span=span(meta))


_reg("set_base_pt_amount", lambda m, a, b: SetPT(None, "", "", base=True, amounts=(a, b), span=span(m)))
_reg("is_indestructible", lambda m: IsType(None, special="indestructible", span=span(m)))
_reg("is_also_type", lambda m, words, kept: IsType(None, words, "in addition", kept=_kept(kept), span=span(m)))
_reg("is_chosen_type", lambda m, kept: IsType(None, special="the chosen type", kept=_kept(kept), span=span(m)))
# "Enchanted land is the chosen type" (205.1a): that type instead of its others of that kind
_reg("is_chosen_type_alone", lambda m: IsType(None, special="the chosen type alone", span=span(m)))
# "That land is a Swamp for as long as it has a mire counter on it" (205.1a,
# 305.7): a type-changing effect for a while, its duration written after it
_reg("is_a_type_for", lambda m, words, d: IsType(None, words, "type", d, article=True, span=span(m)))
_reg("is_color", lambda m, color: IsType(None, special=color, span=span(m)))
_reg("is_every_type", lambda m: IsType(None, special="every creature type", span=span(m)))
_reg("cant_block", lambda m: CantBlock(None, span=span(m)))
_reg("cant_be_blocked", lambda m: CantBlock(None, True, span=span(m)))


def _restrict(rule: str) -> Any:
    def make(meta: Any, *args: Any) -> Restriction:
        return Restriction(None, rule, args[0] if args else None, args[1] if len(args) > 1 else None,
                           span=span(meta))  # fmt: skip

    return make


for _rule, _text in (
    ("cant_attack", "can't attack"), ("cant_attack_or_block", "can't attack or block"),
    ("cant_attack_or_block_alone", "can't attack or block alone"),
    ("cant_attack_alone", "can't attack alone"), ("cant_block_alone", "can't block alone"),
    ("cant_attack_whom", "can't attack"), ("cant_block_whom", "can't block"),
    ("cant_be_blocked_except", "can't be blocked except by"),
    ("cant_be_blocked_by", "can't be blocked by"),
    ("cant_be_blocked_by_more_than_one", "can't be blocked by more than one creature"),
    ("cant_be_countered_vp", "can't be countered"), ("cant_be_target", "can't be the target of"),
    # 115.4 with a plural subject ("Creatures can't be the targets of spells"); 613.1f, an ability kept away
    ("cant_be_targets", "can't be the targets of"),
    ("cant_be_enchanted", "can't be enchanted by"), ("cant_be_sacrificed", "can't be sacrificed"),
    ("cant_transform", "can't transform"), ("cant_cast", "can't cast"),
    ("cant_cast_duration", "can't cast"), ("cant_play", "can't play"),
    ("cant_gain_life", "can't gain life"), ("cant_lose_life", "can't lose life"),
    ("cant_lose_game", "can't lose the game"), ("cant_win_game", "can't win the game"),
    ("cant_draw_more", "can't draw more than one card each turn"),
    ("cant_search", "can't search libraries"), ("cant_activate", "can't activate"),
    ("cant_untap", "can't untap"), ("cant_turn_face_up", "can't be turned face up"),
    ("cant_be_prevented", "can't be prevented"), ("cant_be_activated", "can't be activated"),
    ("blocked_only_by_n", "can't be blocked except by or more creatures"),
    ("cant_be_countered_old", "can't be countered by spells or abilities"),
):  # fmt: skip
    _reg(_rule, _restrict(_text))
_reg("cant_be_regenerated", lambda m: CantBeRegenerated(None, span=span(m)))
# 510.1c-d: "[it] assigns its combat damage as though it weren't blocked"
# (``other`` the duration written before "as though"), "... to a creature
# defending player controls" (``other`` whom)
AS_UNBLOCKED = "assigns its combat damage as though it weren't blocked"
ASSIGNS_TO = "assigns its combat damage to"
_reg("assigns_as_unblocked", lambda m, d=None: Requirement(None, AS_UNBLOCKED, d, span=span(m)))
_reg("assigns_damage_to", lambda m, whom: Requirement(None, ASSIGNS_TO, whom, span=span(m)))


def _require(rule: str) -> Any:
    def make(meta: Any, *args: Any) -> Requirement:
        other = args[0] if len(args) == 1 else (tuple(args) if args else None)
        return Requirement(None, rule, other, span=span(meta))

    return make


for _rule, _text in (
    ("block_additional", "can block an additional creature each combat"),
    # 509.1a: an effect that lasts the turn ("{1}{G}: ... can block an additional creature this turn")
    ("block_additional_turn", "can block an additional creature this turn"),
    ("block_additional_n", "can block an additional creatures each combat"),
    ("block_any_number", "can block any number of creatures"),
    ("can_block_only", "can block only"), ("block_as_though", "can block as though it had"),
    ("attack_as_though", "can attack as though it didn't have defender"),
    ("attack_as_though_they", "can attack as though they didn't have defender"),
    ("blocked_only_by", "can be blocked only by"),
    ("must_be_blocked", "must be blocked if able"), ("must_be_blocked_by", "must be blocked by if able"),
    ("must_block_whom", "blocks this turn if able"),
    ("doesnt_untap", "doesn't untap during untap step"),
    ("doesnt_untap_next", "doesn't untap during next untap step"),
    ("assigns_no_damage", "assigns no combat damage"),
    ("assigns_by_toughness", "assigns combat damage equal to its toughness rather than its power"),
    ("phase_out", "phases out"),
):  # fmt: skip
    _reg(_rule, _require(_text))

def _requirement_when(verb: str) -> Any:
    """ "attacks each combat if able" (older "each turn" is "each combat"),
    "blocks this turn if able", "must be blocked this turn if able"."""

    def make(meta: Any, when: str) -> Requirement:
        when = "each combat" if when == "each turn" else when
        rule = f"must be blocked {when} if able" if verb == "blocked" else f"{verb} {when} if able"
        return Requirement(None, rule, span=span(meta))

    return make


# "All creatures able to block [this] do so" (509.1c: a requirement on each
# creature that could block it; ``form`` "this turn" where it lasts the turn).
_reg("able_to_block_do_so", lambda m, whom: Requirement(None, "able to block do so", whom, span=span(m)))
_reg("able_to_block_do_so_turn", lambda m, whom: Requirement(
    None, "able to block do so", whom, form="this turn", span=span(m)))
_reg("requirement_when", lambda m, tok: " ".join(str(tok).lower().split()))
_reg("must_attack_when", _requirement_when("attacks"))
_reg("must_block_when", _requirement_when("blocks"))
_reg("must_be_blocked_when", _requirement_when("blocked"))
_reg("switch_pt", lambda m, whose: SwitchPT(_whose(whose), span=span(m)))
_reg("is_turned_face_up", lambda m: TurnFace(None, passive=True, span=span(m)))
_reg("turn_face_up", lambda m, what: TurnFace(what, span=span(m)))
_reg("turn_face_down", lambda m, what: TurnFace(what, False, span=span(m)))
def _manifest(cloak: bool) -> Any:
    def make(meta: Any, what: Any) -> Manifest:
        from .objects import LookedCards, TopOfLibrary

        if isinstance(what, TopOfLibrary) and not what.bottom:
            return Manifest(what.count, cloak=cloak, whose=what.whose, span=span(meta))
        if isinstance(what, LookedCards):
            return Manifest(None, cloak=cloak, looked=what, span=span(meta))
        return Manifest(None, cloak=cloak, what=what, span=span(meta))

    return make


_reg("manifest_np", _manifest(False))
_reg("cloak_np", _manifest(True))
_reg("note", lambda m, what: Note("note", what, span=span(m)))
_reg("vote", lambda m, what: Note("vote for", what, span=span(m)))

# ---- choices ----
@builds("choose")
def _choose(meta: Any, what: Any) -> Choose:
    """ "choose a creature type", "choose a color", "choose two colors",
    "choose a card name": a choice of a value (607.2d); "choose target
    creature": a choice of objects."""
    return Choose(_choice_kind(what), what, span=span(meta))


def _choice_kind(what: Any) -> str:
    """What a "choose ..." chooses: a value ("creature type", "color", "card
    name", "card type" — 607.2d links "the chosen ..." to it) or objects."""
    from .objects import (
        PLAYER_NOUNS,
        TYPE_WORDS,
        AnObject,
        BothRef,
        ColorAdj,
        Coord,
        Each,
        Noun,
        ObjectFilter,
        OfObject,
        OtherThan,
        PlayerGroup,
        ThatRef,
    )

    if isinstance(what, PlayerGroup):
        return "player"
    if isinstance(what, BothRef):  # "choose a color and an opponent"
        return f"{_choice_kind(what.first)} and {_choice_kind(what.second)}"
    if isinstance(what, AnObject) and what.filter.words:
        head = what.filter.words[-1]
        if isinstance(head, Noun) and head.word in ("type", "color", "name"):
            kind = " ".join(_kind_word(w) for w in what.filter.words)
            if not what.filter.post:
                return kind
            if all(isinstance(p, OtherThan) for p in what.filter.post):
                # "choose a card type other than creature": a value, some excluded
                return f"{kind} other than"
    if (isinstance(what, ThatRef) and what.word == "the" and isinstance(what.what, ObjectFilter)
            and [w.word for w in what.what.words if isinstance(w, Noun)] == ["name"]
            and len(what.what.post) == 1 and isinstance(what.what.post[0], OfObject)):
        return "card name of"  # "choose the name of a nonland card revealed this way" (607.2d)
    if isinstance(what, Each) and what.quantifier == "bare" and not what.filter.post:
        words = [w for w in what.filter.words if not isinstance(w, Coord)]
        if words and all(isinstance(w, ColorAdj) and not w.negated for w in words):
            return "color"  # "choose black or red": one of these colors
        if words and all(isinstance(w, Noun) and w.word in TYPE_WORDS for w in words):
            return "card type"  # "choose artifact, creature, or land"
        if words and all(isinstance(w, Noun) and w.word[:1].isupper() for w in words):
            return "subtype"  # "choose Island or Swamp": one of these subtypes
    if isinstance(what, AnObject | Each) and what.filter.nouns and all(n in PLAYER_NOUNS for n in what.filter.nouns):
        return "player"
    return "object"


def _kind_word(word: Any) -> str:
    """One word of a chosen value's kind as written, its negation kept
    ("nonland" in "choose a nonland card name": 205.4b, a "non-" word
    describes what the value is not)."""
    from .objects import ColorAdj, Noun, StatusAdj, SubtypeAdj, TypeAdj

    if isinstance(word, Noun):
        return word.word
    if isinstance(word, SubtypeAdj):
        return ("non-" if word.negated else "") + word.subtype
    if isinstance(word, TypeAdj | ColorAdj | StatusAdj):
        value = word.type if isinstance(word, TypeAdj) else word.color if isinstance(word, ColorAdj) else word.status
        return ("non" if word.negated else "") + value
    raise TextError(f"{type(word).__name__} can't describe a value to choose", span=getattr(word, "span", None))


_reg("choose_new_targets", lambda m, what: Choose("new targets", what, span=span(m)))
# "may choose a new target for that copy": a copy of a spell with one target (707.10c)
_reg("choose_a_new_target", lambda m, what: Choose("a new target", what, span=span(m)))
for _rule, _kind in (
    ("choose_number", "number"), ("choose_odd_even", "odd or even"),
    ("choose_left_right", "left or right"),
):  # fmt: skip
    _reg(_rule, (lambda k: lambda m: Choose(k, span=span(m)))(_kind))
_reg("choose_number_between", lambda m, lo, hi: Choose("number", low=lo, high=hi, span=span(m)))
_reg("name_a_card", lambda m: Choose("card name", form="name", span=span(m)))
_reg("name_nonland", lambda m: Choose("nonland card name", form="name", span=span(m)))
_reg("name_creature_type", lambda m: Choose("creature type", form="name", span=span(m)))
_reg("choose_type_other_than", lambda m, tok: Choose("creature type other than", str(tok), span=span(m)))

# ---- mana ----
_reg("mana_one", lambda m, c: (c,))
_reg("mana_or", lambda m, *cs: cs)
_reg("mana_andor", lambda m, *cs: ("and/or", *cs))


@builds("add_mana")
def _add_mana(meta: Any, options: Any) -> Any:
    return _mana_options(meta, options, False)


@builds("add_mana_old")
def _add_mana_old(meta: Any, options: Any) -> Any:
    return _mana_options(meta, options, True)


_reg("add_verb", lambda m, *toks: "an additional" if len(toks) > 1 else "")


def _mana_options(meta: Any, options: Any, old: bool) -> Any:
    andor = options[0] == "and/or"
    if andor:
        options = options[1:]
    if len(options) == 1:
        return AddMana(options[0], old=old, span=span(meta))
    return AddManaChoice(tuple(options), andor=andor, old=old, span=span(meta))


_reg("add_mana_or_old", lambda m, a, b: AddManaChoice((a, b), old=True, span=span(m)))
_reg("add_any_color", lambda m, amount: AddManaAnyColor(amount, span=span(m)))
_reg("add_any_one_color", lambda m, amount: AddManaAnyColor(amount, one_color=True, span=span(m)))
_reg("add_any_one_color_per", lambda m, amount, per: AddManaSpecial("any one color for each", amount, per, span=span(m)))
_reg("add_any_combination", lambda m, amount: AddManaSpecial("any combination of colors", amount, span=span(m)))
_reg("add_combination_of", lambda m, amount, of: AddManaSpecial("combination of", amount, of, span=span(m)))
_reg("mana_or_list", lambda m, *cs: cs)
_reg("add_chosen_color", lambda m, amount: AddManaSpecial("the chosen color", amount, span=span(m)))
_reg("add_could_produce", lambda m, amount, what: AddManaSpecial("any type could produce", amount, what, span=span(m)))
_reg("add_color_could_produce", lambda m, amount, what: AddManaSpecial("any color could produce", amount, what, span=span(m)))
# "one mana of any color that a land an opponent controls could produce" (106.7): "that" written
_reg("add_could_produce_that", lambda m, amount, count, what: AddManaSpecial(
    "any type that could produce", amount, BUILDERS["an_object"](m, count, what), span=span(m)))
_reg("add_color_could_produce_that", lambda m, amount, count, what: AddManaSpecial(
    "any color that could produce", amount, BUILDERS["an_object"](m, count, what), span=span(m)))
_reg("add_opponent_land_color", lambda m: AddManaSpecial("opponent land color", span=span(m)))
_reg("add_that_color", lambda m, amount: AddManaSpecial("that color", amount, span=span(m)))
_reg("add_that_type", lambda m, amount: AddManaSpecial("that type", amount, span=span(m)))
_reg("add_amount_equal", lambda m, sym, amount: AddManaSpecial("amount of", amount, sym, span=span(m)))
_reg("add_type_produced", lambda m, amount, what: AddManaSpecial("any type produced", amount, what, span=span(m)))


def _adding(fn: Any) -> Any:
    """The builder of an "add" rule, its first child the verb (``add_verb``):
    "an additional" marks the node."""

    def make(meta: Any, how: str, *args: Any) -> Any:
        node = fn(meta, *args)
        return dataclasses.replace(node, additional=True) if how else node

    return make


for _rule in ("add_mana", "add_any_one_color", "add_any_color", "add_any_combination", "add_combination_of",
              "add_chosen_color", "add_could_produce", "add_color_could_produce", "add_could_produce_that",
              "add_color_could_produce_that", "add_type_produced", "add_that_color",
              "add_that_type", "add_amount_equal", "add_any_one_color_per", "add_mana_or_old", "add_mana_old"):
    BUILDERS[_rule] = _adding(BUILDERS[_rule])


# --------------------------------------------------------------------------
# Wording
# --------------------------------------------------------------------------


def subj(r: Any, node: Any, base: str, ctx: dict[str, Any]) -> str:
    """The verb as the clause's subject takes it (the subject itself is
    written by the clause, sentences.py): "draw" / "draws"."""
    subject = getattr(node, node.SUBJECT, None) if node.SUBJECT else None
    if ctx.get("imperative") or subject is None:
        return base
    return verb(subject, base)


def _to(r: Any, to: Any) -> str:
    return r(to)


@renders(DealDamage)
def _r_deal_damage(r: Any, n: DealDamage, **ctx: Any) -> str:
    v = ("also " if n.also else "") + subj(r, n, "deal", ctx)
    word = "combat damage" if n.combat else "damage"
    if n.double and isinstance(n.amount, Twice):
        amount = f"double {r(n.amount.of)}"
    elif isinstance(n.amount, Sum) and n.amount.form.startswith("damage plus"):
        amount = f"{measure(r, n.amount.left, word)}{n.amount.form[len('damage'):]} {r(n.amount.right)}"
    else:
        amount = measure(r, n.amount, word)
    if n.divided:
        return f"{v} {amount} divided as you choose among {r(n.to)}"
    if n.to is None:
        return f"{v} {amount}"
    text = f"{v} {amount} to {r(n.to)}"
    if n.second is not None and n.amount_after and isinstance(n.amount, EqualTo):
        text += f" equal to {r(n.amount.value)}"
    if n.second is not None:
        second = n.second[0]
        if isinstance(second, EqualTo) and second.where == "end":
            text += f" and damage to {r(n.second[1])} equal to {r(second.value)}"
        else:
            text += f" and {measure(r, second, word)} to {r(n.second[1])}"
    return text


@renders(GainLife)
def _r_gain_life(r: Any, n: GainLife, **ctx: Any) -> str:
    from .quantities import Sum, per_text

    if isinstance(n.amount, Sum) and n.amount.form == "plus an additional":
        more = n.amount.right
        return (f"{subj(r, n, 'gain', ctx)} {r(n.amount.left)} life plus an additional "
                f"{r(more.base)} life {per_text(r, more.per)}")  # fmt: skip
    if isinstance(n.amount, Sum) and n.amount.form == "life plus":
        return f"{subj(r, n, 'gain', ctx)} {r(n.amount.left)} life plus {r(n.amount.right)}"
    return f"{subj(r, n, 'gain', ctx)} {measure(r, n.amount, 'life')}"


@renders(LoseLife)
def _r_lose_life(r: Any, n: LoseLife, **ctx: Any) -> str:
    from .quantities import Half, LifeTotal

    v = subj(r, n, "lose", ctx)
    if isinstance(n.amount, Half) and isinstance(n.amount.of, LifeTotal):
        tail = "" if n.amount.round_up is None else (", rounded up" if n.amount.round_up else ", rounded down")
        return f"{v} half {possessive_text(r, n.amount.of.player)} life{tail}"
    return f"{v} {measure(r, n.amount, 'life')}"


@renders(GameResult)
def _r_game_result(r: Any, n: GameResult, **ctx: Any) -> str:
    return f"{subj(r, n, 'win' if n.win else 'lose', ctx)} the game"


@renders(Pay)
def _r_pay(r: Any, n: Pay, **ctx: Any) -> str:
    if n.what == "energy":
        # "{E}{E}" written as symbols; "for each ..." is the clause's tail
        symbols = n.amount.base if isinstance(n.amount, ForEach) else n.amount
        return f"{subj(r, n, 'get' if n.get else 'pay', ctx)} " + "{E}" * symbols.value
    if n.what == "mana":
        return f"{subj(r, n, 'pay', ctx)} {r(n.amount)}"
    if n.what in ("mana and life", "mana or life"):
        mana, life = n.amount
        return f"{subj(r, n, 'pay', ctx)} {r(mana)} {n.what.split()[1]} {measure(r, life, 'life')}"
    return f"{subj(r, n, 'pay', ctx)} {measure(r, n.amount, 'life')}"


@renders(LifeFloor)
def _r_life_floor(r: Any, n: LifeFloor, **ctx: Any) -> str:
    return (f"damage that would reduce {possessive_text(r, n.whose)} life total to less than {r(n.below)} "
            f"reduces it to {r(n.floor)} instead")


@renders(SetLifeTotal)
def _r_set_life_total(r: Any, n: SetLifeTotal, **ctx: Any) -> str:
    return f"{possessive_text(r, n.whose)} life total becomes {'equal to ' if n.equal else ''}{r(n.amount)}"


@renders(GetCounters)
def _r_get_counters(r: Any, n: GetCounters, **ctx: Any) -> str:
    v = subj(r, n, "get", ctx)
    if n.another:
        return f"{v} another {n.kind} counter"
    return f"{v} {counters_text(r, n.amount, n.kind)}"


@renders(Fight)
def _r_fight(r: Any, n: Fight, **ctx: Any) -> str:
    v = subj(r, n, "fight", ctx)
    return f"{v} each other" if n.second is None else f"{v} {r(n.second)}"


@renders(PreventDamage)
def _r_prevent(r: Any, n: PreventDamage, **ctx: Any) -> str:
    v = subj(r, n, "prevent", ctx)
    dur = f" {r(n.duration)}" if n.duration is not None else ""
    if n.kind == "that":
        return f"{v} that damage"
    if n.kind == "all but":
        return f"{v} all but {r(n.amount)} of that damage"
    if n.kind == "some":
        return f"{v} {r(n.amount)} of that damage"
    if n.kind == "half":
        return f"{v} half that damage, rounded {n.rounding}"
    if n.form == "would deal":
        return f"{v} {_damage_words(r, n)} {r(n.by)} would deal{dur}"
    if n.form == "would deal to":
        return f"{v} {_damage_words(r, n)} {r(n.by)} would deal to {r(n.to)}{dur}"
    return f"{v} {_damage_that_would_be_dealt(r, n)}" + (", divided as you choose" if n.divided else "")


def _damage_words(r: Any, n: PreventDamage | RedirectDamage) -> str:
    """ "all combat damage", "the next 3 damage"."""
    if n.kind.startswith("next"):
        return " ".join(("the next", r(n.amount), *n.kind.split()[1:], "damage"))
    return f"{n.kind} damage"


def _damage_that_would_be_dealt(r: Any, n: PreventDamage | RedirectDamage) -> str:
    """ "all damage that would be dealt to you this turn by creatures", its
    qualifications in the order written."""
    text = f"{_damage_words(r, n)} that would be dealt"
    for word in (n.form.split(",") if n.form else ()):
        if word == "to":
            text += f" to {r(n.to)}"
        elif word == "to and by":
            text += f" to and dealt by {r(n.to)}"
        elif word == "by":
            text += f" by {r(n.by)}"
        elif word == "duration":
            text += f" {r(n.duration)}"
    return text


@renders(RedirectDamage)
def _r_redirect(r: Any, n: RedirectDamage, **ctx: Any) -> str:
    if n.kind == "that":  # the damage the sentence named, "instead" written after the sentence
        return f"that damage is dealt to {r(n.onto)}"
    return f"{_damage_that_would_be_dealt(r, n)} is dealt to {r(n.onto)} instead"


@renders(ChangeTarget)
def _r_change_target(r: Any, n: ChangeTarget, **ctx: Any) -> str:
    return f"{subj(r, n, 'change', ctx)} the target of {r(n.what)}"


@renders(TextSwap)
def _r_text_swap(r: Any, n: TextSwap, **ctx: Any) -> str:
    return f"one {n.kind} with {'another' if n.to is None else n.to}"


@renders(ChangeText)
def _r_change_text(r: Any, n: ChangeText, **ctx: Any) -> str:
    swaps = " or ".join(r(s) for s in n.swaps)
    return f"{subj(r, n, 'change', ctx)} the text of {r(n.what)} by replacing all instances of {swaps}"


@renders(Vote)
def _r_vote(r: Any, n: Vote, **ctx: Any) -> str:
    choice = r(n.candidates) if n.candidates is not None else " or ".join(n.options)
    return f"starting with {r(n.first)}, {r(n.voters)} votes for {choice}"


@renders(Destroy)
def _r_destroy(r: Any, n: Destroy, **ctx: Any) -> str:
    return f"{subj(r, n, 'destroy', ctx)} {r(n.what)}"


@renders(Exile)
def _r_exile(r: Any, n: Exile, **ctx: Any) -> str:
    text = f"{subj(r, n, 'exile', ctx)} {r(n.what)}"
    if n.face_down:
        text += " face down"
    if n.with_counters is not None:
        text += " " + _with_counters(r, n.with_counters)
    if n.pile:
        text += " in a face-down pile"
    if n.until_leaves:
        until = n.until if n.until is not None else None
        who = r(until) if until is not None else r.name
        text += f" until {who} leaves the battlefield"
    if n.until_found is not None:
        who, found = n.until_found
        text += f" until {r(who)} {verb(who, 'exile')} {r(found)}"
    return text


@renders(ExileGraveyard)
def _r_exile_graveyard(r: Any, n: ExileGraveyard, **ctx: Any) -> str:
    return f"{subj(r, n, 'exile', ctx)} {possessive_text(r, n.whose)} graveyard"


@renders(ExileTop)
def _r_exile_top(r: Any, n: ExileTop, **ctx: Any) -> str:
    text = f"{subj(r, n, 'exile', ctx)} the top {cards_text(r, n.amount, top=True)} of {possessive_text(r, n.whose)} library"
    return text + (" face down" if n.face_down else "")


@renders(Destination)
def _r_destination(r: Any, n: Destination, **ctx: Any) -> str:
    if n.form == "owners' libraries":  # each card on its owner's library (400.3)
        return f"on {'top' if n.where == 'top' else 'the bottom'} of their owners' libraries"
    if n.form == "it":  # "on top of it": the library named before
        return "on top of it" + (f" in {n.order} order" if n.order else "")
    if n.form in ("top", "bottom"):  # "on top", "on the bottom": the library named before (the cards' owner's)
        where = "on top" if n.form == "top" else "on the bottom"
        return where + (f" in {n.order} order" if n.order else "")
    if n.back:
        return "back " + _r_destination(r, dataclasses.replace(n, back=False), **ctx)
    if n.where == "back":  # "put them back in any order": on top of the library they were looked at in
        return "back" + (f" in {n.order} order" if n.order else "")
    whose = possessive_text(r, n.whose) if n.whose is not None else ""
    if n.zone == "battlefield":
        mods = "".join(" " + _mod_text(r, m) for m in n.mods)
        prep = "onto" if n.form == "onto" else "to"
        if n.under == "owner":
            who = "their owners'" if n.form == "owners'" else "its owner's"
            return f"{prep} the battlefield under {who} control{mods}"
        if n.under is not None:
            who = "your" if n.under == "you" else possessive_text(r, n.under)
            return f"{prep} the battlefield under {who} control{mods}"
        return f"{prep} the battlefield{mods}"
    if n.form == "owners":
        prep = "to" if ctx.get("verb") == "return" else "into"
        return f"{prep} their owners' {n.zone}s"
    if n.form == "owner's":
        prep = "to" if ctx.get("verb") == "return" else "into"
        return f"{prep} its owner's {n.zone}"
    if n.where == "rest graveyard":
        return f"into {whose} hand and the rest into {possessive_text(r, n.under)} graveyard"
    if n.zone == "library" and n.under == "that":
        return f"on the bottom of that library in {n.order} order"
    if n.zone == "library":
        if n.form == "to":
            return f"to the top of {whose} library"
        if n.nth is not None:
            return f"into {whose} library {r(n.nth)} {n.where}"
        if n.form == "into" and n.where.endswith(("from the top", "from the bottom")):  # "third from the top"
            return f"into {whose} library {n.where}"
        if n.where == "top":
            text = f"on top of {whose} library"
        elif n.where == "bottom":
            text = f"on the bottom of {whose} library"
        elif n.where == "top or bottom":
            text = f"on the top or bottom of {whose} library"
        elif n.where == "choice of the top or bottom":  # whose choice: ``under``
            text = f"on {possessive_text(r, n.under)} choice of the top or bottom of {whose} library"
        elif n.where == "second":
            text = f"second from the top of {whose} library"
        else:
            text = f"into {whose} library"
        if n.order:
            text += f" in {n.order} order"
        return text
    if n.zone == "exile":
        return "into exile"
    return f"{n.form} {whose} {n.zone}"


def _mod_text(r: Any, mod: Any) -> str:
    """A way a permanent is put onto the battlefield: "tapped", "with two
    +1/+1 counters on it", "attached to a creature you control" (303.4f)."""
    if isinstance(mod, str):
        return mod
    if mod[0] == "attached":
        return f"attached to {r(mod[1])}"
    if mod[0] == "under":
        return "under your control" if _is_you(mod[1]) else f"under {possessive_text(r, mod[1])} control"
    return _with_counters(r, mod[1])


def _with_counters(r: Any, value: Any) -> str:
    amount, kind, *additional = value
    if additional:  # "with two additional +1/+1 counters on it": beyond those it would have
        return f"with {counters_text(r, amount, f'additional {kind}')} on it"
    return f"with {counters_text(r, amount, kind)} on it"


@renders(ReturnTo)
def _r_return(r: Any, n: ReturnTo, **ctx: Any) -> str:
    from .objects import ExiledCards

    if n.verb == "put" and isinstance(n.what, ExiledCards):
        return f"{subj(r, n, 'put', ctx)} {r(n.what)} into their owners' hands"
    v = subj(r, n, "return", ctx)
    dest = r(n.destination, verb="return") if n.destination is not None else _old_dest(r, n)
    source = f" from {r(n.from_zone)}" if n.from_zone is not None else ""
    if n.first:
        return f"{v} {dest} {r(n.what)}"
    return f"{v} {r(n.what)}{source} {dest}"


def _old_dest(r: Any, n: ReturnTo) -> str:
    if n.zone == "hand":
        return "to its owner's hand" if n.owners else "to your hand"
    if n.under_owner:
        return "to the battlefield under its owner's control"
    if n.under_you:
        return "to the battlefield under your control"
    return "to the battlefield"


@renders(PutInZone)
def _r_put(r: Any, n: PutInZone, **ctx: Any) -> str:
    return f"{subj(r, n, 'put', ctx)} {r(n.what)} {r(n.to)}"


@renders(Sacrifice)
def _r_sacrifice(r: Any, n: Sacrifice, **ctx: Any) -> str:
    return f"{subj(r, n, 'sacrifice', ctx)} {r(n.what)}"


@renders(Shuffle)
def _r_shuffle(r: Any, n: Shuffle, **ctx: Any) -> str:
    v = subj(r, n, "shuffle", ctx)
    if n.form == "library":
        return f"{v} {possessive_text(r, n.into)} library"
    if n.form == "that pile":
        return f"{v} that pile"
    if n.form == "it":
        return f"{v} it"
    if n.form == "owners' libraries":
        return f"{v} {r(n.what)} into their owners' libraries"
    if n.form == "graveyard":
        return f"{v} {possessive_text(r, n.what)} graveyard into {possessive_text(r, n.into)} library"
    if n.form == "hand and graveyard":
        return f"{v} {possessive_text(r, n.what)} hand and graveyard into {possessive_text(r, n.into)} library"
    if n.what is None:
        return v
    if isinstance(n.what, tuple):
        return f"{v} {r(n.what[0])} and {r(n.what[1])} into {possessive_text(r, n.into)} library"
    return f"{v} {r(n.what)} into {possessive_text(r, n.into)} library"


@renders(SeparatePiles)
def _r_separate_piles(r: Any, n: SeparatePiles, **ctx: Any) -> str:
    return f"{subj(r, n, 'separate', ctx)} {r(n.what)} into two piles"


@renders(DoTheSame)
def _r_do_the_same(r: Any, n: DoTheSame, **ctx: Any) -> str:
    what = f" for {r(n.what)}" if n.what is not None else ""
    return f"{subj(r, n, 'do', ctx)} the same{what}"


@renders(CounterSpell)
def _r_counter(r: Any, n: CounterSpell, **ctx: Any) -> str:
    from .quantities import per_text

    text = f"counter {r(n.what)}"
    if n.unless_pays is not None:
        text += f" unless its controller pays {r(n.unless_pays)}"
        if n.unless_per is not None:
            text += " " + per_text(r, n.unless_per)
    if n.unless_life is not None:
        text += f" unless its controller pays {r(n.unless_life)} life"
    return text


def _times_text(r: Any, times: Any) -> str:
    """ "three times", "X times", or "twice" as written."""
    return "twice" if isinstance(times, Number) and times.text == "twice" else f"{r(times)} times"


@renders(CopySpell)
def _r_copy(r: Any, n: CopySpell, **ctx: Any) -> str:
    from .quantities import per_text

    text = f"{subj(r, n, 'copy', ctx)} {r(n.what)}"
    if n.times is not None:
        text += " " + _times_text(r, n.times)
    if n.per is not None:
        text += " " + per_text(r, n.per)
    return text


@renders(CastCard)
def _r_cast(r: Any, n: CastCard, **ctx: Any) -> str:
    verb = "play" if n.play else "cast"
    if n.look:
        text = f"{subj(r, n, 'look', ctx)} at and {verb} {r(n.what)}"
    else:
        text = f"{subj(r, n, verb, ctx)} {r(n.what)}"
    if n.free:
        text += " without paying " + ("their mana costs" if is_plural(n.what) else "its mana cost")
    return text


@renders(SpendAsThough)
def _r_spend_as_though(r: Any, n: SpendAsThough, **ctx: Any) -> str:
    if n.form.startswith("can be spent"):
        way = " this way" if n.form.endswith("this way") else ""
        return f"mana of any {n.kind} can be spent to cast {r(n.what)}{way}"
    return f"{subj(r, n, 'spend', ctx)} mana as though it were mana of any {n.kind} to cast {r(n.what)}"


@renders(Regenerate)
def _r_regenerate(r: Any, n: Regenerate, **ctx: Any) -> str:
    if n.what is None:
        return "regenerates"
    return f"regenerate {r(n.what)}"


@renders(Draw)
def _r_draw(r: Any, n: Draw, **ctx: Any) -> str:
    v = subj(r, n, "draw", ctx)
    if n.additional:
        return f"{v} an additional card"
    if n.up_to:
        return f"{v} up to {cards_text(r, n.amount)}"
    if isinstance(n.amount, Sum) and n.amount.form == "cards plus":
        return f"{v} {cards_text(r, n.amount.left)} plus {r(n.amount.right)}"
    return f"{v} {cards_text(r, n.amount)}"


@renders(Discard)
def _r_discard(r: Any, n: Discard, **ctx: Any) -> str:
    v = subj(r, n, "discard", ctx)
    if n.random:
        return f"{v} {cards_text(r, n.amount)} at random"
    if isinstance(n.what, tuple):
        return f"{v} {possessive_text(r, n.what[1])} hand"
    if n.what == "that card":
        return f"{v} that card"
    if n.what is not None:
        return f"{v} {r(n.what)}"
    if n.filter is not None:
        from .objects import AnObject

        return f"{v} {r(AnObject(n.filter, n.amount))}"
    return f"{v} {cards_text(r, n.amount)}"


@renders(Mill)
def _r_mill(r: Any, n: Mill, **ctx: Any) -> str:
    return f"{subj(r, n, 'mill', ctx)} {cards_text(r, n.amount)}"


@renders(LookAtTop)
def _r_look_at_top(r: Any, n: LookAtTop, **ctx: Any) -> str:
    return f"{subj(r, n, 'look', ctx)} at the top {cards_text(r, n.amount, top=True)} of {possessive_text(r, n.whose)} library"


@renders(LookAt)
def _r_look_at(r: Any, n: LookAt, **ctx: Any) -> str:
    if n.hand:
        return f"{subj(r, n, 'look', ctx)} at {possessive_text(r, n.what)} hand"
    return f"{subj(r, n, 'look', ctx)} at {r(n.what)}"


@renders(Reveal)
def _r_reveal(r: Any, n: Reveal, **ctx: Any) -> str:
    v = subj(r, n, "reveal", ctx)
    if n.hand:
        return f"{v} {possessive_text(r, n.what)} hand"
    if n.form == "until":
        who, until = n.until
        return f"{v} {r(n.what)} until {r(who)} {verb(who, 'reveal')} {r(until)}"
    if n.top:
        return f"{v} the top {cards_text(r, n.amount, top=True)} of {possessive_text(r, n.whose)} library"
    return f"{v} {r(n.what)}"


@renders(Search)
def _r_search(r: Any, n: Search, **ctx: Any) -> str:
    zones = "library" if n.zones == "library" else n.zones
    return f"{subj(r, n, 'search', ctx)} {possessive_text(r, n.whose)} {zones} for {r(n.what)}"


@renders(KeywordAction)
def _r_keyword_action(r: Any, n: KeywordAction, **ctx: Any) -> str:
    v = subj(r, n, n.verb, ctx) if " " not in n.verb else _multi_word_verb(r, n, ctx)
    if n.verb == "explore" and n.extra == "again":
        return f"{v} again"
    if n.verb == "amass" and n.extra:
        return f"{v} {n.extra} {r(n.amount)}"
    if _unmeasured_for_each(n.amount):
        # "investigates for each creature exiled this way": no number of its
        # own, the "for each" is written at the clause's end (sentences.py)
        return f"{v} {r(n.what)}" if n.what is not None else v
    if n.verb == "investigate" and n.amount is not None:
        return f"{v} {_times_text(r, n.amount)}"
    if n.verb == "remove from combat":
        return f"{subj(r, n, 'remove', ctx)} {r(n.what)} from combat"
    if n.verb in ("win the flip", "lose the flip"):
        head, _, rest = n.verb.partition(" ")
        return f"{subj(r, n, head, ctx)} {rest}"
    if n.verb in ("double power", "double toughness", "double power and toughness"):
        stat = n.verb.removeprefix("double ")
        if n.extra == "of":  # "double the power of target creature"
            return f"{subj(r, n, 'double', ctx)} the {stat} of {r(n.what)}"
        return f"{subj(r, n, 'double', ctx)} {possessive_text(r, n.what)} {stat}"
    if n.verb == "have no maximum hand size":
        return f"{subj(r, n, 'have', ctx)} no maximum hand size"
    if n.verb == "set in motion":
        return f"set {r(n.what)} in motion"
    if n.verb == "clash" and n.what is not None:  # 701.30a: "clash with an opponent"
        return f"{v} with {r(n.what)}"
    if n.what is not None:
        return f"{v} {r(n.what)}"
    if n.amount is not None:
        return f"{v} {r(n.amount)}"
    return v


def _unmeasured_for_each(amount: Any) -> bool:
    """A "for each" on an action written with no number ("investigate for
    each ..."): its base is the article the clause tail gave it."""
    from .quantities import ForEach, Number

    return isinstance(amount, ForEach) and isinstance(amount.base, Number) and amount.base.form == "article"


def _multi_word_verb(r: Any, n: KeywordAction, ctx: dict[str, Any]) -> str:
    head, _, rest = n.verb.partition(" ")
    return f"{subj(r, n, head, ctx)} {rest}"


@renders(PutCounters)
def _r_put_counters(r: Any, n: PutCounters, **ctx: Any) -> str:
    v = subj(r, n, "put", ctx)
    if n.additional:
        return f"{v} an additional {n.kind} counter on {r(n.on)}"
    if isinstance(n.amount, EqualTo) and n.amount.where == "inline":
        kind = f"{n.kind} " if n.kind else ""
        return f"{v} a number of {kind}counters equal to {r(n.amount.value)} on {r(n.on)}"
    if n.also:
        groups = [counters_text(r, n.amount, n.kind)] + [counters_text(r, a, k) for a, k in n.also]
        listed = groups[0] + " and " + groups[1] if len(groups) == 2 else ", ".join(groups[:-1]) + ", and " + groups[-1]
        return f"{v} {listed} on {r(n.on)}"
    return f"{v} {counters_text(r, n.amount, n.kind)} on {r(n.on)}"


@renders(CountersInstead)
def _r_counters_instead(r: Any, n: CountersInstead, **ctx: Any) -> str:
    counters = f"{r(n.amount)} of {n.those}" if n.those else counters_text(r, n.amount, n.kind)
    if n.form == "passive":
        return f"{counters} are put on {r(n.on)}"
    if n.form == "get":
        return f"{subj(r, n, 'get', ctx)} {counters}"
    return f"{subj(r, n, 'put', ctx)} {counters} on {r(n.on)}"


@renders(BaseBecomes)
def _r_base_becomes(r: Any, n: BaseBecomes, **ctx: Any) -> str:
    become = "become" if is_plural(n.what) or n.stats != "power" else "becomes"
    return f"{possessive_text(r, n.what)} base {n.stats} {become} equal to {r(n.amount)}"


@renders(NoLongerSuspected)
def _r_no_longer_suspected(r: Any, n: NoLongerSuspected, **ctx: Any) -> str:
    if n.word in ("it's", "they're", "become"):
        return f"{n.word} no longer suspected"
    subject = ctx.get("subject", n.what)
    be = "are" if subject is not None and is_plural(subject) else "is"
    return f"{be} no longer suspected"


@renders(TokensInstead)
def _r_tokens_instead(r: Any, n: TokensInstead, **ctx: Any) -> str:
    from .quantities import is_one

    if n.plus is None:
        return f"{r(n.amount)} of those tokens are created"
    count, spec = n.plus
    return f"those tokens plus {r(count, before=r(spec, plural=not is_one(count)))} {r(spec, plural=not is_one(count))} are created"


@renders(DistributeCounters)
def _r_distribute_counters(r: Any, n: DistributeCounters, **ctx: Any) -> str:
    v = subj(r, n, "distribute", ctx)
    kind = f"{n.kind} " if n.kind else ""
    if isinstance(n.amount, EqualTo) and n.amount.where == "inline":
        return f"{v} a number of {kind}counters equal to {r(n.amount.value)} among {r(n.among)}"
    return f"{v} {counters_text(r, n.amount, n.kind)} among {r(n.among)}"


@renders(RemoveCounters)
def _r_remove_counters(r: Any, n: RemoveCounters, **ctx: Any) -> str:
    if n.any_number:
        return f"{subj(r, n, 'remove', ctx)} any number of {n.kind} counters from {r(n.source)}"
    v = subj(r, n, "remove", ctx)
    if n.all:
        kind = f"{n.kind} " if n.kind else ""
        return f"{v} all {kind}counters from {r(n.source)}"
    return f"{v} {counters_text(r, n.amount, n.kind)} from {r(n.source)}"


@renders(DoubleCounters)
def _r_double_counters(r: Any, n: DoubleCounters, **ctx: Any) -> str:
    return f"double the number of {n.kind} counters on {r(n.on)}"


@renders(MoveCounters)
def _r_move_counters(r: Any, n: MoveCounters, **ctx: Any) -> str:
    if n.any_number:
        kind = f"{n.kind} " if n.kind else ""
        return f"{subj(r, n, 'move', ctx)} any number of {kind}counters from {r(n.source)} onto {r(n.on)}"
    if n.amount is not None:
        return f"{subj(r, n, 'move', ctx)} {counters_text(r, n.amount, n.kind)} from {r(n.source)} onto {r(n.on)}"
    if n.source is not None:
        return f"{subj(r, n, 'put', ctx)} {possessive_text(r, n.source)} counters on {r(n.on)}"
    return f"put those counters on {r(n.on)}"


def _colors_text(colors: tuple[str, ...]) -> str:
    out = ""
    for c in colors:
        if c in ("and", ", and"):
            out += " and " if c == "and" else ", and "
        elif c == ",":
            out += ", "
        else:
            out += c
    return out


@renders(TokenSpec)
def _r_token_spec(r: Any, n: TokenSpec, **ctx: Any) -> str:
    plural = ctx.get("plural", False)
    parts: list[str] = []
    if n.supertype:
        parts.append(n.supertype)
    if n.power:
        parts.append(f"{n.power}/{n.toughness}")
    if n.colors:
        parts.append(_colors_text(n.colors))
    if n.role:
        parts.append(n.role)
    parts.extend(n.subtypes)
    parts.extend(n.types)
    parts.append("tokens" if plural else "token")
    text = " ".join(parts)
    if "name first" in n.order:
        return f"{n.named}, {article(text)} {text}" + "".join(
            _token_extra(r, n, k) for k in n.order if k not in ("name first", "named"))
    order = n.order or tuple(k for k, v in (("named", n.named), ("both", n.keywords and n.abilities),
                                            ("keywords", n.keywords), ("ability", n.abilities)) if v)  # fmt: skip
    extra = dict(n.extra)
    for kind in order:
        if kind == "named":
            text += f" named {n.named}"
        elif kind == "all types":
            text += " with all creature types"
        elif kind == "of chosen color and type":
            text += " of the chosen color and type"
        elif kind == "base pt":
            text += f" with base power and toughness each equal to {r(extra[kind])}"
        elif kind == "both":
            text += f" with {keyword_list_text(r, n.keywords)} and {quoted_text(r, n.abilities)}"
        elif kind == "keywords":
            text += f" with {keyword_list_text(r, n.keywords)}"
        elif kind == "ability":
            text += f" with {quoted_text(r, n.abilities)}"
    return text


def keyword_list_text(r: Any, kws: tuple[Any, ...]) -> str:
    return or_list([r(k) for k in kws], "and")


def quoted_text(r: Any, q: Any) -> str:
    return r(q)


def _token_extra(r: Any, n: TokenSpec, kind: str) -> str:
    if kind == "keywords":
        return f" with {keyword_list_text(r, n.keywords)}"
    if kind == "ability":
        return f" with {quoted_text(r, n.abilities)}"
    if kind == "both":
        return f" with {keyword_list_text(r, n.keywords)} and {quoted_text(r, n.abilities)}"
    return ""


@renders(CreateTokens)
def _r_create_tokens(r: Any, n: CreateTokens, **ctx: Any) -> str:
    from .quantities import is_one

    v = subj(r, n, "create", ctx)
    if n.spec is None:
        return f"{v} {r(n.amount)} of those tokens"
    if "name first" in n.spec.order:
        return f"{v} {r(n.spec)}"
    amount = n.amount.base if hasattr(n.amount, "base") and n.amount.base is not None and type(n.amount).__name__ == "ForEach" else n.amount
    if isinstance(amount, EqualTo):
        spec = r(n.spec, plural=True)
        return f"{v} a number of {'tapped ' if n.tapped else ''}{spec}" + _attacking(n)
    plural = not is_one(amount)
    spec = r(n.spec, plural=plural)
    tapped = "tapped and attacking " if n.attacking == "tapped and attacking before" else "tapped " if n.tapped else ""
    attached = f" attached to {r(n.attached)}" if n.attached is not None else ""
    return f"{v} {r(amount, before=tapped + spec)} {tapped}{spec}" + _attacking(n) + attached


def _attacking(n: CreateTokens) -> str:
    if not n.attacking or n.attacking == "tapped and attacking before":
        return ""
    if n.attacking.startswith("that"):
        from .quantities import is_one

        return " that's tapped and attacking" if is_one(n.amount) else " that are tapped and attacking"
    return " " + n.attacking


@renders(CreateTokenCopy)
def _r_create_token_copy(r: Any, n: CreateTokenCopy, **ctx: Any) -> str:
    from .quantities import is_one

    v = subj(r, n, "create", ctx)
    one = is_one(n.amount)
    tapped = "tapped " if n.tapped else ""
    noun = "token" if one else "tokens"
    copy = "that's a copy of" if one else "that are copies of"
    text = f"{v} {r(n.amount, before=tapped + noun)} {tapped}{noun} {copy} {r(n.of)}"
    if n.exception is not None:
        text += f", except {r(n.exception)}"
    if n.attacking:
        text += " and that's tapped and attacking"
    if n.then_exile:
        text += ", then exile it"
    return text


@renders(Exception_)
def _r_exception(r: Any, n: Exception_, **ctx: Any) -> str:
    from .objects import words_text

    if n.what == "its power is":
        return f"its power is {r(n.value)}"
    if n.what == "it's a":
        pt, words = n.value
        return f"it's {article(pt)} {pt} {words_text(r, words, False)}"
    if n.what in ("it has", "it gains") and _keywords_and_quoted(n.value):
        keywords, quoted = n.value  # 'it has haste and "..."'
        return f"{n.what} {keyword_list_text(r, keywords)} and {r(quoted)}"
    if n.what in ("it has", "it gains") and isinstance(n.value, tuple):
        return f"{n.what} {keyword_list_text(r, n.value)}"  # "it gains haste and dethrone"
    if n.what in ("it has", "it gains"):
        return f"{n.what} {r(n.value)}"
    if n.what == "it's also":
        words, kept, with_article = n.value
        text = words_text(r, words, False)
        return f"it's {article(text)} {text} {kept}" if with_article else f"it's {text} {kept}"
    return n.what


def _keywords_and_quoted(value: Any) -> bool:
    """Is an exception's value keywords and an ability in quotation marks ('it has haste and "..."')?"""
    return isinstance(value, tuple) and len(value) == 2 and isinstance(value[0], tuple) and type(value[1]).__name__ == "Quoted"


@renders(Exceptions)
def _r_exceptions(r: Any, n: Exceptions, **ctx: Any) -> str:
    parts = [r(p) for p in n.parts]
    if len(parts) == 2:
        return f"{parts[0]} and {parts[1]}"
    return ", ".join(parts[:-1]) + ", and " + parts[-1]


@renders(SignedX)
def _r_signed_x(r: Any, n: SignedX, **ctx: Any) -> str:
    return ("+" if n.sign > 0 else "-") + "X"


def pt_mod_text(power: Any, toughness: Any) -> str:
    def one(v: Any) -> str:
        if isinstance(v, SignedX):
            return ("+" if v.sign > 0 else "-") + "X"
        return f"+{v}" if v >= 0 else f"-{-v}"

    return f"{one(power)}/{one(toughness)}"


@renders(Pump)
def _r_pump(r: Any, n: Pump, **ctx: Any) -> str:
    parts: list[str] = []
    also = "also " if n.also else ""
    if n.power is not None and n.gain_first:
        return (f"{also}{subj(r, n, 'gain', ctx)} {_abilities_text(r, n)} "
                f"and {subj(r, n, 'get', ctx)} {n.mod or pt_mod_text(n.power, n.toughness)}")  # fmt: skip
    if n.power is not None:
        more = "an additional " if n.additional else ""
        parts.append(f"{subj(r, n, 'get', ctx)} {more}{n.mod or pt_mod_text(n.power, n.toughness)}")
        if n.keywords or n.quoted:
            choice = "your choice of " if n.your_choice else ""
            parts.append(f"and {subj(r, n, n.second_verb or 'gain', ctx)} {choice}{_abilities_text(r, n)}")
        if n.extra is not None:
            # the second verb agrees with the subject the two share ("gets +2/+0 and loses flying")
            extra = replace(n.extra, what=n.what) if getattr(n.extra, "what", 0) is None else n.extra
            parts.append("and " + r(extra, imperative=False, subject=n.what))
        return also + " ".join(parts)
    choice = "your choice of " if n.your_choice else ""
    return f"{also}{subj(r, n, n.verb, ctx)} {choice}{_abilities_text(r, n)}"


def _abilities_text(r: Any, n: Pump) -> str:
    kws = [r(k) for k in n.keywords]
    if n.quoted:
        if kws:
            return f"{or_list(kws, 'and')} and {r(n.quoted)}"
        return r(n.quoted)
    return or_list(kws, n.keyword_conj)


@renders(LoseAbilities)
def _r_lose_abilities(r: Any, n: LoseAbilities, **ctx: Any) -> str:
    subject = n.what if n.what is not None else ctx.get("subject")  # "gets -3/-0 and loses all abilities"
    v = "lose" if ctx.get("imperative") or subject is None else verb(subject, "lose")
    if not n.keywords:
        return f"{v} all abilities"
    return f"{v} {or_list([k if isinstance(k, str) else r(k) for k in n.keywords], 'and')}"


@renders(CantHaveOrGain)
def _r_cant_have_or_gain(r: Any, n: CantHaveOrGain, **ctx: Any) -> str:
    return f"can't have or gain {or_list([k if isinstance(k, str) else r(k) for k in n.keywords], 'and')}"


@renders(HaveAbilitiesOf)
def _r_have_abilities_of(r: Any, n: HaveAbilitiesOf, **ctx: Any) -> str:
    return f"{subj(r, n, 'have', ctx)} {n.what_of} of {r(n.of)}"


@renders(GainControl)
def _r_gain_control(r: Any, n: GainControl, **ctx: Any) -> str:
    if n.verb == "control":
        return f"{subj(r, n, 'control', ctx)} {r(n.what)}"
    return f"{subj(r, n, 'gain', ctx)} control of {r(n.what)}"


@renders(ExchangeControl)
def _r_exchange_control(r: Any, n: ExchangeControl, **ctx: Any) -> str:
    if n.second is not None:
        return f"exchange control of {r(n.what)} and {r(n.second)}"
    return f"exchange control of {r(n.what)}"


@renders(TapObjects)
def _r_tap(r: Any, n: TapObjects, **ctx: Any) -> str:
    return f"{subj(r, n, 'tap', ctx)} {r(n.what)}"


@renders(UntapObjects)
def _r_untap(r: Any, n: UntapObjects, **ctx: Any) -> str:
    if n.all_yours:
        return f"{subj(r, n, 'untap', ctx)} all permanents you control"
    return f"{subj(r, n, 'untap', ctx)} {r(n.what)}"


@renders(TapOrUntap)
def _r_tap_or_untap(r: Any, n: TapOrUntap, **ctx: Any) -> str:
    return f"tap or untap {r(n.what)}"


@renders(Attach)
def _r_attach(r: Any, n: Attach, **ctx: Any) -> str:
    return f"{subj(r, n, 'attach', ctx)} {r(n.what)} to {r(n.to)}"


@renders(Unattach)
def _r_unattach(r: Any, n: Unattach, **ctx: Any) -> str:
    return f"unattach {r(n.what)}"


@renders(AllCreatureTypes)
def _r_all_creature_types(r: Any, n: AllCreatureTypes, **ctx: Any) -> str:
    return f"{subj(r, n, 'lose' if n.lose else 'gain', ctx)} all creature types"


@renders(GainThisAbility)
def _r_gain_this_ability(r: Any, n: GainThisAbility, **ctx: Any) -> str:
    return f"{subj(r, n, 'gain', ctx)} this ability"


@renders(CrewsAs)
def _r_crews_as(r: Any, n: CrewsAs, **ctx: Any) -> str:
    words = {"saddle": ("saddle", "Mounts"), "crew": ("crew", "Vehicles")}
    acts = []
    for act in n.acts:
        word, noun = words[act]
        acts.append(f"{subj(r, n, word, ctx)} {noun}")
    how = "using its toughness rather than its power" if n.greater is None else \
        f"as though its power were {r(n.greater)} greater"  # fmt: skip
    return " and ".join(acts) + " " + how


def _with_article(text: str, words: Any) -> str:
    """The words of "a Frog" / "artifact creatures": an article unless the
    head noun was written in the plural."""
    from .objects import Noun

    if any(isinstance(w, Noun) and w.plural for w in words):
        return text
    return f"{article(text)} {text}"


@renders(Becomes)
def _r_becomes(r: Any, n: Becomes, **ctx: Any) -> str:
    from .objects import words_text

    v = subj(r, n, "become", ctx)
    if n.special == "tapped":
        return f"{v} tapped"
    if n.special == "a copy of":
        return f"{v} a copy of {r(n.of)}"
    if n.special:
        return f"{v} {n.special}"
    if n.color:
        return f"{v} {n.color}"
    words = words_text(r, n.words, False)
    if n.pt_equal is not None:
        return f"{v} {_with_article(words, n.words)} with power and toughness each equal to {r(n.pt_equal)}"
    if n.base_pt:
        text = f"{v} {_with_article(words, n.words)} with base power and toughness {n.pt}"
        return text + (" " + (n.kept or "in addition to its other types") if n.additional else "")
    elif n.pt:
        text = f"{v} {article(n.pt)} {n.pt} {words}"
    else:
        text = f"{v} {article(words)} {words}"
    if n.all_types:
        text += " with all creature types"
    if n.keywords and n.quoted is not None:
        text += f" with {keyword_list_text(r, n.keywords)} and {r(n.quoted)}"
    elif n.keywords:
        text += f" with {keyword_list_text(r, n.keywords)}"
    elif n.quoted is not None:
        text += f" with {r(n.quoted)}"
    if n.still is not None:
        still = words_text(r, n.still, False)
        text += f" that's still {article(still)} {still}"
    if n.additional:
        text += " " + (n.kept or "in addition to its other types")
    return text


@renders(SetPT)
def _r_set_pt(r: Any, n: SetPT, **ctx: Any) -> str:
    subject = getattr(n, "what", None)
    plural = subject is not None and is_plural(subject)
    if n.base:
        have = "have" if plural or subject is None else "has"
        if n.amounts is not None:
            return f"{have} base power and toughness {r(n.amounts[0])}/{r(n.amounts[1])}"
        return f"{have} base power and toughness {n.power}/{n.toughness}"
    be = "are" if plural else "is"
    text = f"{be} {n.power}/{n.toughness}"
    if n.keywords:
        text += f" and {'have' if plural else 'has'} {keyword_list_text(r, n.keywords)}"
    return text


@renders(IsType)
def _r_is_type(r: Any, n: IsType, **ctx: Any) -> str:
    from .objects import words_text

    subject = ctx.get("subject", n.what)
    plural = subject is not None and is_plural(subject)
    be = "are" if plural else "is"
    kept = n.kept or f"in addition to {'their' if plural else 'its'} other types"
    if n.pt_equal is not None:
        words = _with_article(words_text(r, n.words, plural), n.words)
        return f"{be} {words} with power and toughness each equal to {r(n.pt_equal)}"
    if n.pt:
        text = f"{be} {_with_article(words_text(r, n.words, plural), n.words)} with base power and toughness {n.pt}"
        return f"{text} {kept}" if n.special == "in addition" else text
    if n.special == "in addition":
        words = words_text(r, n.words, plural)
        if plural:
            return f"{be} {words} {kept}"
        return f"{be} {article(words)} {words} {kept}"
    if n.special == "the chosen type":
        return f"{be} the chosen type {kept}"
    if n.special == "the chosen type alone":
        return f"{be} the chosen type"
    if n.special == "not a":  # "isn't a creature" (205.1a)
        words = words_text(r, n.words, plural)
        return f"aren't {words}" if plural else f"isn't {article(words)} {words}"
    if n.special == "type":  # "is an Island", "are Mountains", "is legendary" (205.1a, 305.7)
        words = words_text(r, n.words, plural)
        return f"{be} {article(words)} {words}" if n.article else f"{be} {words}"
    return f"{be} {n.special}"


@renders(CantBlock)
def _r_cant_block(r: Any, n: CantBlock, **ctx: Any) -> str:
    return "can't be blocked" if n.blocked else "can't block"


@renders(Restriction)
def _r_restriction(r: Any, n: Restriction, **ctx: Any) -> str:
    rule = n.rule
    if rule == "can't be blocked except by or more creatures":
        return f"can't be blocked except by {r(n.other)} or more creatures"
    if n.other is not None:
        text = f"{rule} {r(n.other)}"
        if n.duration is not None and rule == "can't cast":
            pass
        return text
    return rule


@renders(Requirement)
def _r_requirement(r: Any, n: Requirement, **ctx: Any) -> str:
    subject = ctx.get("subject", n.what)
    plural = subject is not None and is_plural(subject) or bool(ctx.get("imperative"))
    rule = n.rule
    if rule in ("doesn't untap during untap step", "doesn't untap during next untap step"):
        from .objects import ControllerOf, Possessive

        whose = possessive_text(r, n.other) if n.other is not None else _controller_poss(subject)
        owner = n.other.object if isinstance(n.other, Possessive) else n.other
        steps = "steps" if isinstance(owner, ControllerOf) and owner.plural else "step"
        nxt = "next " if "next" in rule else ""
        return f"{'don' if plural else 'doesn'}'t untap during {whose} {nxt}untap {steps}"
    if rule == "can block an additional creatures each combat":
        return f"can block an additional {r(n.other)} creatures each combat"
    if rule in ("can block only", "can be blocked only by"):
        return f"{rule} {r(n.other)}"
    if rule == "can block as though it had":
        whom, keyword = n.other
        return f"can block {r(whom)} as though it had {r(keyword)}"
    if rule == "able to block do so":
        turn = f" {n.form}" if n.form else ""
        return f"able to block {r(n.other)}{turn} do so"
    if rule == AS_UNBLOCKED:
        during = f" {r(n.other)}" if n.other is not None else ""
        return f"{'assign' if plural else 'assigns'} its combat damage{during} as though it weren't blocked"
    if rule == ASSIGNS_TO:
        return f"{'assign' if plural else 'assigns'} its combat damage to {r(n.other)}"
    if rule == "must be blocked by if able":
        return f"must be blocked by {r(n.other)} if able"
    if rule == "blocks this turn if able" and n.other is not None:
        return f"{'block' if plural else 'blocks'} {r(n.other)} this turn if able"
    if plural:
        for single, many in (("attacks", "attack"), ("blocks", "block"), ("assigns", "assign"), ("phases", "phase")):
            if rule.startswith(single):
                return many + rule[len(single):]
    return rule


def _controller_poss(subject: Any) -> str:
    from .objects import You

    if isinstance(subject, You):
        return "your"
    if subject is not None and is_plural(subject):
        return "their controllers'"
    return "its controller's"


@renders(GetEmblem)
def _r_get_emblem(r: Any, n: GetEmblem, **ctx: Any) -> str:
    subject = ctx.get("subject", n.player)
    plural = subject is None or is_plural(subject) or bool(ctx.get("imperative"))
    return f"{'get' if plural else 'gets'} an emblem with {r(n.abilities)}"


@renders(CantBeRegenerated)
def _r_cant_be_regenerated(r: Any, n: CantBeRegenerated, **ctx: Any) -> str:
    return "can't be regenerated"


@renders(SwitchPT)
def _r_switch(r: Any, n: SwitchPT, **ctx: Any) -> str:
    return f"switch {possessive_text(r, n.whose)} power and toughness"


@renders(TurnFace)
def _r_turn_face(r: Any, n: TurnFace, **ctx: Any) -> str:
    if n.passive:
        return "is turned face up"
    return f"{subj(r, n, 'turn', ctx)} {r(n.what)} face {'up' if n.up else 'down'}"


@renders(Manifest)
def _r_manifest(r: Any, n: Manifest, **ctx: Any) -> str:
    word = "cloak" if n.cloak else "manifest"
    v = subj(r, n, word, ctx)
    if n.dread:
        return f"{v} dread"
    if n.what is not None:
        return f"{v} {r(n.what)}"
    if n.looked is not None:
        return f"{v} {r(n.looked)}"
    if n.from_hand:
        return f"{v} a card from your hand"
    return f"{v} the top {cards_text(r, n.amount, top=True)} of {possessive_text(r, n.whose)} library"


@renders(Choose)
def _r_choose(r: Any, n: Choose, **ctx: Any) -> str:
    if n.form == "name":
        v = subj(r, n, "name", ctx)
        return {"card name": f"{v} a card", "nonland card name": f"{v} a nonland card",
                "creature type": f"{v} a creature type"}[n.kind]  # fmt: skip
    v = subj(r, n, "choose", ctx)
    if n.kind == "new targets":
        return f"{v} new targets for {r(n.what)}"
    if n.kind == "a new target":
        return f"{v} a new target for {r(n.what)}"
    if n.what is not None:
        return f"{v} {r(n.what)}"
    if n.kind == "number" and n.low is not None:
        return f"{v} a number between {r(n.low)} and {r(n.high)}"
    if n.kind == "creature type other than":
        return f"{v} a creature type other than {n.what}"
    if n.kind in ("odd or even", "left or right", "two colors"):
        return f"{v} {n.kind}"
    return f"{v} a {n.kind}"


@renders(ChooseValue)
def _r_choose_value(r: Any, n: ChooseValue, **ctx: Any) -> str:
    if n.kind == "card name":
        return "name a card"
    return f"choose a {n.kind}"


@renders(PayAnyLife)
def _r_pay_any_life(r: Any, n: PayAnyLife, **ctx: Any) -> str:
    return "pay any amount of life"


def _mana_tail(n: Any) -> str:
    return " to your mana pool" if getattr(n, "old", False) else ""


def _add_verb(r: Any, n: Any, ctx: dict[str, Any]) -> str:
    """ "add", "adds" (with a subject), "add an additional"."""
    return subj(r, n, "add", ctx) + (" an additional" if n.additional else "")


@renders(AddMana)
def _r_add_mana(r: Any, n: AddMana, **ctx: Any) -> str:
    return f"{_add_verb(r, n, ctx)} {r(n.mana)}{_mana_tail(n)}"


@renders(AddManaChoice)
def _r_add_mana_choice(r: Any, n: AddManaChoice, **ctx: Any) -> str:
    return f"{_add_verb(r, n, ctx)} {or_list([r(o) for o in n.options], 'and/or' if n.andor else 'or')}{_mana_tail(n)}"


@renders(AddManaAnyColor)
def _r_add_any_color(r: Any, n: AddManaAnyColor, **ctx: Any) -> str:
    one = " one" if n.one_color else ""
    return f"{_add_verb(r, n, ctx)} {r(n.amount)} mana of any{one} color"


@renders(AddManaSpecial)
def _r_add_special(r: Any, n: AddManaSpecial, **ctx: Any) -> str:
    v = _add_verb(r, n, ctx)
    k = n.kind
    if k == "any one color for each":
        from .quantities import per_text

        return f"{v} {r(n.amount)} mana of any one color {per_text(r, n.of)}"
    if k == "any combination of colors":
        return f"{v} {r(n.amount)} mana in any combination of colors"
    if k == "combination of":
        return f"{v} {r(n.amount)} mana in any combination of {or_list([r(c) for c in n.of], 'and/or')}"
    if k == "the chosen color":
        return f"{v} {r(n.amount)} mana of the chosen color"
    if k == "any type could produce":
        return f"{v} {r(n.amount)} mana of any type {r(n.of)} could produce"
    if k == "any type produced":
        return f"{v} {r(n.amount)} mana of any type {r(n.of)} produced"
    if k == "any color could produce":
        return f"{v} {r(n.amount)} mana of any color {r(n.of)} could produce"
    if k in ("any type that could produce", "any color that could produce"):
        return f"{v} {r(n.amount)} mana of any {k.split()[1]} that {r(n.of)} could produce"
    if k == "opponent land color":
        return f"{v} one mana of any color that a land an opponent controls could produce"
    if k == "that color":
        return f"{v} {r(n.amount)} mana of that color"
    if k == "that type":
        return f"{v} {r(n.amount)} mana of that type"
    if k == "amount of":
        return f"{v} an amount of {r(n.of)} equal to {r(n.amount)}"
    return f"{v} {k}"


@renders(SpendOnly)
def _r_spend_only(r: Any, n: SpendOnly, **ctx: Any) -> str:
    if n.what is None:
        return f"spend this mana only to cast {'kicked ' if n.kicked else ''}{r(n.filter, plural=True)}"
    if n.purpose == "cast or activate":
        return f"spend this mana only to cast {r(n.what)} or activate {r(n.second)}"
    if n.purpose == "on":
        return f"spend this mana only on {r(n.what)}"
    return f"spend this mana only to {n.purpose} {r(n.what)}"


def _spend(purpose: str) -> Any:
    def make(meta: Any, what: Any, second: Any = None) -> Any:
        from .objects import StatusAdj

        f = getattr(what, "filter", None)
        kicked = f is not None and any(isinstance(a, StatusAdj) and a.status == "kicked" for a in f.adjectives)
        return (purpose, what, second, f, kicked)

    return make


for _rule, _purpose in (("spend_to_cast", "cast"), ("spend_to_activate", "activate"),
                        ("spend_to_cast_or_activate", "cast or activate"), ("spend_on", "on"),
                        ("spend_to_pay", "pay")):  # fmt: skip
    _reg(_rule, _spend(_purpose))


@builds("spend_only")
def _spend_only(meta: Any, purpose: Any) -> SpendOnly:
    kind, what, second, f, kicked = purpose
    return SpendOnly(f, kicked, kind, what, second, span=span(meta))


@renders(SkipTurn)
def _r_skip(r: Any, n: SkipTurn, **ctx: Any) -> str:
    v = subj(r, n, "skip", ctx)
    if n.step.startswith("that "):
        return f"{v} {n.step}"
    whose = possessive_text(r, n.whose) if n.whose is not None else "your"
    if not n.next:
        return f"{v} {whose} {n.step}"
    if n.amount is not None:
        return f"{v} {whose} next {r(n.amount)} {n.step}"
    return f"{v} {whose} next {n.step}"


@renders(ExtraTurn)
def _r_extra_turn(r: Any, n: ExtraTurn, **ctx: Any) -> str:
    return f"{subj(r, n, 'take', ctx)} an extra turn after this one"


@renders(RepeatProcess)
def _r_repeat_process(r: Any, n: RepeatProcess, **ctx: Any) -> str:
    if n.times == "more":
        return f"repeat this process {r(n.amount)} more times"
    return "repeat this process" + (f" {n.times}" if n.times else "")


@renders(AdditionalCombat)
def _r_additional_combat(r: Any, n: AdditionalCombat, **ctx: Any) -> str:
    one = isinstance(n.count, Number) and n.count.value == 1
    phases = f"{'an' if one else r(n.count)} additional combat phase{'' if one else 's'}"
    there = f"there {'is' if one else 'are'} {phases}"
    follow = " followed by an additional main phase" if n.main else ""
    if n.lead:
        return f"after {n.after}, {there}{follow}"
    return f"{there} after {n.after}{follow}"


@renders(Note)
def _r_note(r: Any, n: Note, **ctx: Any) -> str:
    head, _, rest = n.verb.partition(" ")
    return f"{subj(r, n, head, ctx)}{' ' + rest if rest else ''} {r(n.what)}"


_ = (capitalize, ItRef)
