"""Naming objects and players (CR 109, 115, 201.5): nodes, builders, wording.

Grammar: ``objects.lark``.  A description (:class:`ObjectFilter`) keeps its
words as written (normalised: "Elves" is the subtype Elf, "creatures" the
noun creature) and its qualities in order, so it renders back exactly; what
it means — the nouns it allows, the adjectives they must have, who controls
them, where they are — is worked out from those words once, when the node
is made (:meth:`ObjectFilter.__post_init__`).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any, Literal, TypeAlias, cast

from lark import Token

from .. import vocabulary
from ..node import BUILDERS as _BUILDERS
from ..node import Node, builds, renders
from ..render import article, or_list, third_person
from ..transformer import TextError, span, tok_span
from . import concern

# --------------------------------------------------------------------------
# Words of a description
# --------------------------------------------------------------------------

TYPE_WORDS = frozenset({
    "artifact", "creature", "enchantment", "land", "planeswalker", "instant", "sorcery",
    "battle", "kindred", "tribal", "scheme",
})  # fmt: skip
CLASS_NOUNS = frozenset({"card", "spell", "token", "source", "ability", "object"})
"""Nouns that say what kind of object, after the types that describe it
("creature card", "instant or sorcery spell", "Zombie token")."""
PLAYER_NOUNS = frozenset({"player", "opponent"})
_SINGULAR = {
    "creatures": "creature", "artifacts": "artifact", "enchantments": "enchantment",
    "lands": "land", "planeswalkers": "planeswalker", "permanents": "permanent",
    "spells": "spell", "players": "player", "opponents": "opponent", "cards": "card",
    "instants": "instant", "sorceries": "sorcery", "sources": "source", "tokens": "token",
    "battles": "battle", "abilities": "ability", "objects": "object", "types": "type",
    "colors": "color", "names": "name", "copies": "copy", "schemes": "scheme", "outlaws": "outlaw",
}  # fmt: skip
_PLURAL = {v: k for k, v in _SINGULAR.items()}
_COLORS = {"white", "blue", "black", "red", "green"}
_STATUS = {
    "tapped", "untapped", "attacking", "blocking", "blocked", "unblocked", "nonattacking",
    "face-down", "face-up", "token", "nontoken", "activated", "triggered", "mana", "loyalty", "exhaust",
    "other", "kicked", "last", "historic", "modified", "suspended", "suspected",
}  # fmt: skip
_SUPERTYPE_ADJ = {"basic", "legendary", "snow", "world"}


@dataclass(frozen=True, slots=True)
class Noun(Node):
    """A noun of a description: a card type ("creature"), a subtype ("Goblin"),
    or a kind of object ("card", "spell", "permanent", "player")."""

    word: str
    plural: bool | None = None  # as written ("creatures", "Elves"); None: not written


@dataclass(frozen=True, slots=True)
class ColorAdj(Node):
    """ "black", "nonblack", "colorless", "multicolored", "monocolored"."""

    color: str
    negated: bool = False


@dataclass(frozen=True, slots=True)
class TypeAdj(Node):
    """ "nonland", "nonbasic", "artifact" (as in "artifact creature"), "legendary"."""

    type: str
    negated: bool = False


@dataclass(frozen=True, slots=True)
class SubtypeAdj(Node):
    """ "Goblin", "non-Human" before a noun."""

    subtype: str
    negated: bool = False


@dataclass(frozen=True, slots=True)
class StatusAdj(Node):
    """ "tapped", "untapped", "attacking", "blocking", "face-down", "nontoken",
    "token", "other" (not this object)."""

    status: str
    negated: bool = False


@dataclass(frozen=True, slots=True)
class Coord(Node):
    """How two words of a description are joined: "or", "and", "and/or", a
    comma, or a comma before the last of a list (", or")."""

    word: str


@dataclass(frozen=True, slots=True)
class AdjGroup(Node):
    """Adjectives joined by "or"/"and": "red or green" (either), "red and white" (both)."""

    items: tuple[Any, ...]
    conj: str = "or"


Adjective: TypeAlias = ColorAdj | TypeAdj | SubtypeAdj | StatusAdj | AdjGroup
Word: TypeAlias = Noun | ColorAdj | TypeAdj | SubtypeAdj | StatusAdj | Coord


def _word(tok: Any) -> Any:
    """A descriptor token → its node (a noun or an adjective, decided later)."""
    text = str(tok)
    low = text.lower()
    where = tok_span(tok) if isinstance(tok, Token) else None
    if isinstance(tok, Token) and tok.type == "SUBTYPE":
        name = vocabulary.subtype(text)
        if name is None:
            raise TextError(f"'{text}' is not a subtype", tok)
        plural = text != name if vocabulary.plural(name) != name else None  # "Aetherborn": either
        return Noun(name, plural, span=where)
    if isinstance(tok, Token) and tok.type == "NONSUBTYPE":
        name = vocabulary.non_subtype(text)
        if name is None:
            raise TextError(f"'{text[4:]}' is not a subtype", tok)
        return SubtypeAdj(name, True, span=where)
    plural = low in _SINGULAR
    low = _SINGULAR.get(low, low)
    if low in _COLORS or low in ("colorless", "multicolored", "monocolored"):
        return ColorAdj(low, span=where)
    if low.startswith("non") and low[3:] in _COLORS | {"colorless", "multicolored"}:
        return ColorAdj(low[3:], True, span=where)
    if low.startswith("non") and low[3:] in TYPE_WORDS | _SUPERTYPE_ADJ | {"token"}:
        if low == "nontoken":
            return StatusAdj("token", True, span=where)
        return TypeAdj(low[3:], True, span=where)
    if low in _SUPERTYPE_ADJ:
        return TypeAdj(low, span=where)
    if low in _STATUS and low != "token":
        return StatusAdj(low, span=where)
    return Noun(low, plural, span=where)


# --------------------------------------------------------------------------
# Qualities (what follows the nouns)
# --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ControlledBy(Node):
    """ "you control", "you don't control", "an opponent controls"; ``past``:
    "a permanent you controlled" (who controlled it when it was last on the
    battlefield, 608.2h)."""

    player: Any
    negated: bool = False
    past: bool = False


@dataclass(frozen=True, slots=True)
class OwnedBy(Node):
    """ "you own", "you don't own", "you own but don't control" (``not_controlled``),
    "you own or control" (``or_controlled``), "you both own and control" (``controlled``)."""

    player: Any
    negated: bool = False
    not_controlled: bool = False
    or_controlled: bool = False
    controlled: bool = False


@dataclass(frozen=True, slots=True)
class CastBy(Node):
    """ "spells you cast", "spells your opponents cast this turn", "spells
    that you cast" (``that``), "spells you've cast this turn" (``have``)."""

    player: Any
    this_turn: bool = False
    that: bool = False
    have: bool = False


@dataclass(frozen=True, slots=True)
class InZone(Node):
    """ "from your graveyard", "in your graveyard", "on the battlefield",
    "in a graveyard", "in all graveyards", "from exile".

    ``owner`` is whose zone (None: any player's); ``how`` says how that was
    written: a possessive, "a", "all", or nothing.  ``zone`` may name two
    zones ("graveyard or hand")."""

    zone: str
    owner: Any = None
    preposition: Literal["from", "in", "on", "from among", "on top of"] = "from"
    how: Literal["possessive", "a", "a single", "all", "plural", "", "the", "bare"] = "possessive"
    joiner: str = ""


@dataclass(frozen=True, slots=True)
class WithKeyword(Node):
    """ "with flying"; "without flying" when negated."""

    keyword: Any
    negated: bool = False


@dataclass(frozen=True, slots=True)
class WithStat(Node):
    """ "with power 2 or less", "with mana value 3 or greater", "with
    toughness greater than its power"; ``stat`` "power or toughness" too."""

    stat: str
    comparison: Any
    form: str = ""  # "that": "cards that have mana value 9" (the verb agrees with the nouns)


@dataclass(frozen=True, slots=True)
class SameStatAs(Node):
    """ "with the same mana value as the sacrificed creature", "with the
    same power as [it]": equal to that object's (202.3)."""

    stat: str
    other: Any


@dataclass(frozen=True, slots=True)
class WithLesser(Node):
    """ "with lesser mana value", "with greater power than it": compared
    with another object's (``than``; None: the object the ability is about)."""

    word: str  # "lesser", "greater"
    stat: str
    than: Any = None


@dataclass(frozen=True, slots=True)
class WithCounter(Node):
    """ "with a +1/+1 counter on it", "with no counters on it", "without a
    fate counter on it", "with three or more ki counters on them" (122.1;
    ``kind`` "" for counters of any kind)."""

    kind: str
    count: Any = None  # None: "counters" (one or more)
    them: bool = False
    how: Literal["", "or more", "or fewer", "exactly", "no"] = ""  # "with three or more ki counters on it"
    negated: bool = False  # "without a fate counter on it"


@dataclass(frozen=True, slots=True)
class WithKicker(Node):
    """ "with a kicker ability": a kicker or multikicker keyword (rule K19)."""


@dataclass(frozen=True, slots=True)
class HasAdventure(Node):
    """ "[a card] that has an Adventure" (715.1): an adventurer card, with an
    Adventure beside its main part.  ``plural``: written "that have"."""

    plural: bool = False


@dataclass(frozen=True, slots=True)
class NotOnBattlefield(Node):
    """ "[cards you own] that aren't on the battlefield": in any zone but
    the battlefield (400.1); ``plural`` for "aren't"."""

    plural: bool = False


@dataclass(frozen=True, slots=True)
class ItBecomes(Node):
    """ "the permanent it becomes": the permanent a resolving permanent
    spell becomes (608.3, 110.1)."""


@dataclass(frozen=True, slots=True)
class WithSingleTarget(Node):
    """ "with a single target": a spell or ability whose one target is one
    object or player (115.7)."""


@dataclass(frozen=True, slots=True)
class WithMostVotes(Node):
    """ "with the most votes or tied for most votes": the objects a vote
    chose (701.38)."""


@dataclass(frozen=True, slots=True)
class SameNameAs(Node):
    """ "with the same name as [that creature]"; ``negated``: "that doesn't
    have the same name as a token you control" (201.2)."""

    other: Any
    negated: bool = False


@dataclass(frozen=True, slots=True)
class WithChosenName(Node):
    """ "with the chosen name": linked to this object's "choose a card name" (607.2d)."""


@dataclass(frozen=True, slots=True)
class WithThatName(Node):
    """ "with that name"."""


@dataclass(frozen=True, slots=True)
class WithExtreme(Node):
    """ "with the greatest power among creatures you control", "the player
    with the most life", "with the lowest mana value" (``among`` None: among
    the objects the description is about)."""

    word: str
    stat: str
    among: Any
    tied: bool = False  # "... or tied for the greatest power": every object at the top


@dataclass(frozen=True, slots=True)
class OfChosen(Node):
    """ "of the chosen type" / "of the chosen color": linked to this object's
    choice (607.2d); ``what`` says which was written."""

    what: Literal["type", "color", "colors", "creature type"] = "type"


@dataclass(frozen=True, slots=True)
class OfThat(Node):
    """ "of that type", "of that color"."""

    what: Literal["type", "color"]


@dataclass(frozen=True, slots=True)
class OfChoice(Node):
    """ "of your choice", "of their choice", "of the creature type of your
    choice", "of an opponent's choice" (``player``: whose choice, when it is
    neither "your" nor "their")."""

    whose: Literal["your", "their", "creature type", "color", "player"] = "your"
    player: Any = None


@dataclass(frozen=True, slots=True)
class CreatedWith(Node):
    """ "created with [this]" / "put onto the battlefield with [this]": linked to
    this object's ability that made them (607.2c)."""

    object: Any
    put: bool = False


@dataclass(frozen=True, slots=True)
class ExiledWith(Node):
    """ "exiled with [this]" as a quality: linked to the exiling ability (607.2a)."""

    object: Any


@dataclass(frozen=True, slots=True)
class NamedSelf(Node):
    """ "a card named [this card's name]" (201.2); ``negated`` for "not named"."""

    negated: bool = False


@dataclass(frozen=True, slots=True)
class Named(Node):
    """ "named Plains", "not named Forest" (201.2)."""

    name: str
    negated: bool = False


@dataclass(frozen=True, slots=True)
class OtherThan(Node):
    """ "other than [this]"."""

    other: Any


@dataclass(frozen=True, slots=True)
class AttachedTo(Node):
    """ "attached to it"."""

    to: Any


@dataclass(frozen=True, slots=True)
class InCombatWith(Node):
    """ "attacking you", "blocking it", "blocked by [this]", "blocking or blocked by [this]"."""

    how: Literal["attacking", "blocking", "blocked by", "blocking or blocked by"]
    other: Any
    that: bool = False  # written as a relative clause: "that's attacking you"
    its_blocking: bool = False  # "target creature it's blocking": blocked by it, so written


@dataclass(frozen=True, slots=True)
class DealtDamageThisTurn(Node):
    """ "dealt damage this turn", "dealt damage by [this] this turn"."""

    by: Any = None


@dataclass(frozen=True, slots=True)
class Among(Node):
    """ "among them", "among creatures you control", "from among them", "from it"."""

    what: Any = None
    how: str = ""


@dataclass(frozen=True, slots=True)
class ThatIs(Node):
    """ "that's attacking", "that isn't a Zombie"; ``word`` as written."""

    state: Any
    negated: bool = False
    word: str = "that's"


@dataclass(frozen=True, slots=True)
class DidThisTurn(Node):
    """ "that attacked this turn", "that entered the battlefield this turn",
    "that was dealt damage this turn", "that was cast this turn";
    ``control`` the possessive of "that died under your control this turn",
    "that entered under an opponent's control this turn": whose control the
    permanent was under as it entered or left the battlefield (700.4, 603.10a)."""

    event: str
    by: Any = None
    control: Any = None


@dataclass(frozen=True, slots=True)
class ThatIsColors(Node):
    """ "a spell that's one or more colors", "that's two or more colors"
    (105.2): how many colors the object is."""

    count: Any


@dataclass(frozen=True, slots=True)
class ThatTargets(Node):
    """ "that targets [this]", "that targets only [it]"."""

    what: Any
    only: bool = False


@dataclass(frozen=True, slots=True)
class ThatShares(Node):
    """ "that shares a creature type with it"; ``other`` None: "two
    creatures that share a creature type" (with each other)."""

    what: str
    other: Any


@dataclass(frozen=True, slots=True)
class ThatHas(Node):
    """ "that has flying", "that doesn't have flying"."""

    keyword: Any
    negated: bool = False
    word: str = "has"


@dataclass(frozen=True, slots=True)
class ThatCouldTarget(Node):
    what: Any


@dataclass(frozen=True, slots=True)
class PutIntoThisTurn(Node):
    """ "that was put into a graveyard from the battlefield this turn"; as a
    participle, "creature cards put into your graveyard from the battlefield
    this turn" (``form`` "bare"), "creatures put into a graveyard this way"
    ("this way": by the instruction before, 608.2c), and "cards in your
    graveyard that were put there from the battlefield this turn" ("there":
    the zone the description names, ``zone`` None)."""

    zone: Any
    form: Literal["that", "bare", "this way", "there"] = "that"


Quality: TypeAlias = Any


@dataclass(frozen=True, slots=True)
class Comparison(Node):
    """ "2 or less", "3 or greater", "X", "less than its power"."""

    value: Any
    op: Literal["eq", "le", "ge", "lt", "gt", "le_words", "ge_words", "ne"] = "eq"
    word: str = ""  # as written ("or less", "or fewer", "less than", ...)


# --------------------------------------------------------------------------
# Descriptions
# --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ObjectFilter(Node):
    """A description of objects: "another nonblack creature you don't control".

    ``words`` are the adjectives and nouns as written, with their
    coordinators; ``post`` the qualities after them, in order.  The rest is
    what they mean, worked out when the node is made: ``nouns`` a
    disjunction ("artifact or enchantment"), ``adjectives`` (each must hold),
    ``card`` for "creature card" (an object in a zone other than the
    battlefield), ``spell``, ``another`` for "other"/"another".
    """

    words: tuple[Word, ...]
    post: tuple[Quality, ...] = ()
    nouns: tuple[str, ...] = field(init=False, compare=False, repr=False)
    adjectives: tuple[Adjective, ...] = field(init=False, compare=False, repr=False)
    card: bool = field(init=False, compare=False, repr=False)
    spell: bool = field(init=False, compare=False, repr=False)
    another: bool = field(init=False, compare=False, repr=False)
    conj: str = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        words = self.words
        if len(words) == 1 and type(only := words[0]) is Noun and only.word not in CLASS_NOUNS:
            # one noun, the most common description ("creature"): what the
            # general case below works out for it, without its lists
            object.__setattr__(self, "nouns", (only.word,))
            object.__setattr__(self, "adjectives", ())
            object.__setattr__(self, "card", False)
            object.__setattr__(self, "spell", False)
            object.__setattr__(self, "another", False)
            object.__setattr__(self, "conj", "or")
            return
        paired = _paired_kinds(words)
        if paired is not None:
            # "Angel spells and Human spells": spells of either kind
            object.__setattr__(self, "nouns", paired[0])
            object.__setattr__(self, "adjectives", paired[1])
            object.__setattr__(self, "card", paired[2] == "card")
            object.__setattr__(self, "spell", paired[2] == "spell")
            object.__setattr__(self, "another", False)
            object.__setattr__(self, "conj", "or")
            return
        head, adjectives = _split(words)
        heads = [w.word for w in head if isinstance(w, Noun)]
        conj = next((w.word.strip(", ") for w in head if isinstance(w, Coord)), "or")
        card = spell = False
        nouns = heads
        if heads and heads[-1] in CLASS_NOUNS and len(heads) == 1:
            kind = heads[-1]
            card = kind == "card"
            spell = kind == "spell"
            # the types before it are the nouns ("creature or planeswalker card")
            typed = [a for a in adjectives if isinstance(a, TypeAdj | SubtypeAdj) and not a.negated]
            groups = [a for a in adjectives if isinstance(a, AdjGroup)
                      and all(isinstance(i, TypeAdj | SubtypeAdj) for i in a.items)]  # fmt: skip
            if groups and not typed:
                g = groups[-1]
                nouns = [i.type if isinstance(i, TypeAdj) else i.subtype for i in g.items]
                adjectives = [a for a in adjectives if a is not g]
                conj = g.conj
            elif typed:
                t = typed[-1]
                nouns = [t.type if isinstance(t, TypeAdj) else t.subtype]
                adjectives = [a for a in adjectives if a is not t]
            else:
                nouns = [] if kind in ("card", "spell") else [kind]
            if kind == "token":
                adjectives = [*adjectives, StatusAdj("token")]
        other = any(isinstance(a, StatusAdj) and a.status == "other" for a in adjectives)
        adjectives = [a for a in adjectives if not (isinstance(a, StatusAdj) and a.status == "other")]
        object.__setattr__(self, "nouns", tuple(nouns))
        object.__setattr__(self, "adjectives", tuple(adjectives))
        object.__setattr__(self, "card", card or "card" in heads)
        object.__setattr__(self, "spell", spell)
        object.__setattr__(self, "another", other)
        object.__setattr__(self, "conj", conj)

    @property
    def qualities(self) -> tuple[Quality, ...]:
        return tuple(q for q in self.post if not isinstance(q, ControlledBy | InZone))

    @property
    def controller(self) -> ControlledBy | None:
        return next((q for q in self.post if isinstance(q, ControlledBy)), None)

    @property
    def zone(self) -> InZone | None:
        return next((q for q in self.post if isinstance(q, InZone)), None)

    @property
    def is_player(self) -> bool:
        return bool(self.nouns) and all(n in PLAYER_NOUNS for n in self.nouns)

    @staticmethod
    def of(*nouns: str, post: tuple[Quality, ...] = ()) -> ObjectFilter:
        """A description of the given nouns joined by "or" ("creature or planeswalker")."""
        words: list[Word] = []
        for i, n in enumerate(nouns):
            if i:
                words.append(Coord("or" if len(nouns) == 2 else (", or" if i == len(nouns) - 1 else ",")))
            words.append(Noun(n))
        return ObjectFilter(tuple(words), post)


def _paired_kinds(words: tuple[Word, ...]) -> tuple[tuple[str, ...], tuple[Adjective, ...], str] | None:
    """ "Angel spells and Human spells", "green spells and blue spells": a
    type (or a color) and a kind of object, said again for each, joined by
    "and" or "or" — objects of that kind of any of them: the types as
    nouns, or the colors as one group of adjectives joined by "or", and
    the kind; None for words of another shape."""
    if len(words) < 5 or len(words) % 3 != 2:
        return None
    kinds = {w.word.lower() for w in words[1::3] if isinstance(w, Noun)}
    if len(kinds) != 1 or not kinds <= {"spell", "card"} or len(words[1::3]) != len(words[0::3]):
        return None
    for i, w in enumerate(words):
        if i % 3 == 2 and (not isinstance(w, Coord) or w.word.strip(", ") not in ("and", "or", "")):
            return None
        if i % 3 == 1 and not isinstance(w, Noun):
            return None
    firsts = words[0::3]
    if all(isinstance(w, Noun) and w.word.lower() not in CLASS_NOUNS for w in firsts):
        return tuple(w.word for w in firsts if isinstance(w, Noun)), (), kinds.pop()
    if all(isinstance(w, ColorAdj) for w in firsts):
        return (), (AdjGroup(tuple(firsts), "or"),), kinds.pop()
    return None


def _split(words: tuple[Word, ...]) -> tuple[list[Word], list[Adjective]]:
    """The head group (the nouns at the end, with their coordinators) and the
    adjectives before it (coordinated adjectives grouped)."""
    items = list(words)
    # the head: the last word, and every word joined to it by a coordinator
    i = len(items) - 1
    while i >= 2 and isinstance(prev := items[i - 1], Coord) and prev.word != "," + "adj":
        if isinstance(items[i - 2], Coord):
            break
        i -= 2
    head = items[i:]
    rest = items[:i]
    if len(head) > 1 and not all(isinstance(w, (Noun, Coord)) for w in head):
        # "red or green creature": the coordinated words are adjectives
        pass
    # adjectives: words joined by "or"/"and" (or by the commas of such a
    # list) make one group; words side by side each hold ("nonblack
    # attacking creature"), as do words after a comma between adjectives.
    groups: list[tuple[list[Any], str]] = []
    join = False
    for w in rest:
        if isinstance(w, Coord):
            word = w.word.strip()
            if word == "adj,":
                join = False
            else:
                join = True
                if word != "," and groups:
                    groups[-1] = (groups[-1][0], word.strip(", "))
            continue
        if join and groups:
            groups[-1][0].append(_adjective(w))
        else:
            groups.append(([_adjective(w)], "or"))
        join = False
    adjectives = [_group(run, conj) for run, conj in groups]
    return head, adjectives


def _group(run: list[Any], conj: str) -> Adjective:
    return run[0] if len(run) == 1 else AdjGroup(tuple(run), conj)


def _adjective(w: Any) -> Any:
    """A noun used before another noun describes it: "artifact creature", "Goblin token"."""
    if isinstance(w, Noun):
        if w.word in TYPE_WORDS:
            return TypeAdj(w.word, span=w.span)
        if w.word == "token":
            return StatusAdj("token", span=w.span)
        if w.word[:1].isupper():
            return SubtypeAdj(w.word, span=w.span)
        return TypeAdj(w.word, span=w.span)
    return w


# --------------------------------------------------------------------------
# References
# --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SelfRef(Node):
    """The object the text is printed on.

    ``form`` keeps how it was written: ``name`` (its full name), ``short``
    (a legendary card's name before the comma) or ``this`` with ``noun``
    ("this spell", "this creature", "this Equipment").  All of them mean the
    same object.
    """

    form: Literal["name", "short", "this"] = "name"
    noun: str = ""


@dataclass(frozen=True, slots=True)
class ItRef(Node):
    """ "it" / "itself": the object the sentence or trigger is already about;
    a character card's "he", "him", "she", "her" mean the same."""

    word: Literal["it", "itself", "he", "him", "his", "she", "her"] = "it"


@dataclass(frozen=True, slots=True)
class ThemRef(Node):
    """ "them" / "they" / "themselves": the objects the previous instruction acted on."""

    word: Literal["them", "they", "themselves", "those"] = "them"


@dataclass(frozen=True, slots=True)
class ThatRef(Node):
    """ "that creature", "the creature", "those creatures", "these cards": an
    object named earlier in the same ability (a target, the triggering object)."""

    what: ObjectFilter
    word: Literal["that", "the", "those", "these", "both"] = "that"

    @property
    def noun(self) -> str:
        if self.what.nouns:
            return self.what.nouns[0]
        return "card" if self.what.card else "spell" if self.what.spell else ""


@dataclass(frozen=True, slots=True)
class ExiledCards(Node):
    """ "the exiled card(s)" / "cards exiled with [this]": linked to the ability of
    this object that exiled them (607.2a)."""

    plural: bool = False
    with_self: bool = False
    all: bool = False  # "all cards exiled with [this]"
    noun: str = "card"
    self_ref: Any = None  # how [this] is written after "exiled with" (its name, "this enchantment")


@dataclass(frozen=True, slots=True)
class CostPaidRef(Node):
    """ "the sacrificed creature", "the discarded card": what was sacrificed
    or discarded to pay this spell's additional cost or kicker cost (607.2i, j)."""

    verb: Literal["sacrificed", "discarded", "exiled", "revealed", "tapped", "returned"] = "sacrificed"
    noun: str = "creature"


@dataclass(frozen=True, slots=True)
class LookedCards(Node):
    """The cards this ability looked at: "one of them", "the other", "the rest"
    (607.1: only what the "look at" instruction of the same ability saw)."""

    word: Literal["them", "those cards", "the other", "the rest", "those"]
    count: Any = None
    bare: bool = False  # "put one into your hand": "one" written without "of them"
    any_number: bool = False  # "any number of them": as many as the player picks


@dataclass(frozen=True, slots=True)
class BothRef(Node):
    """Two noun phrases joined: "target creature and target player",
    "Saproling creatures and other Treefolk creatures"."""

    first: Any
    second: Any
    conj: Literal["and", "or", "and/or"] = "and"


@dataclass(frozen=True, slots=True)
class AttachedRef(Node):
    """ "enchanted creature" / "equipped creature" / "fortified land"."""

    how: Literal["enchanted", "equipped", "fortified"]
    noun: str = "creature"
    plural: bool = False  # "enchanted creatures": each object so attached


@dataclass(frozen=True, slots=True)
class TopOfLibrary(Node):
    """ "the top card of your library", "the top three cards of target player's library"."""

    whose: Any
    count: Any = None
    bottom: bool = False
    libraries: bool = False  # "the top card of their libraries": of each player's library


@dataclass(frozen=True, slots=True)
class TopDescribed(Node):
    """ "the top creature card of your graveyard": the card of that kind
    nearest the top of a zone kept in order (401.2, 404.1; older cards'
    graveyard order)."""

    kind: Any
    whose: Any
    zone: str = "graveyard"


@dataclass(frozen=True, slots=True)
class EachOf(Node):
    """ "each of them", "one of them" (``one``)."""

    of: Any
    one: bool = False
    count: Any = None


@dataclass(frozen=True, slots=True)
class You(Node):
    """The controller of the ability (or of the spell); ``word`` "yourself" too."""

    word: Literal["you", "yourself"] = "you"


@dataclass(frozen=True, slots=True)
class PlayerGroup(Node):
    """ "each player", "each opponent", "a player", "an opponent", "defending
    player", "your opponents", "the active player"."""

    which: str


@dataclass(frozen=True, slots=True)
class TheirRef(Node):
    """ "their": the player the sentence is about ("each player loses half their life")."""


@dataclass(frozen=True, slots=True)
class ThatPlayer(Node):
    """ "that player" ("that opponent"): the player named earlier in the ability."""

    word: str = "player"


@dataclass(frozen=True, slots=True)
class ControllerOf(Node):
    """ "its controller", "that creature's controller" (``plural``: "their controllers")."""

    object: Any
    plural: bool = False
    of: bool = False  # written "the controller of [object]"


@dataclass(frozen=True, slots=True)
class ActivatedAbilitiesOf(Node):
    """ "its activated abilities", "enchanted creature's activated abilities"
    (602.5: "... can't be activated")."""

    whose: Any


@dataclass(frozen=True, slots=True)
class OwnerOf(Node):
    """ "its owner", "the exiled card's owner", "the owner of target
    creature" (108.3)."""

    object: Any
    plural: bool = False
    of: bool = False  # written "the owner of [object]"


@dataclass(frozen=True, slots=True)
class PlayerFilter(Node):
    """What a player must be: any player or an opponent; ``other`` for
    "another target player"; ``post`` qualities ("player who ...")."""

    opponent: bool = False
    other: bool = False
    post: tuple[Any, ...] = ()


@dataclass(frozen=True, slots=True)
class AnyTarget(Node):
    """ "any target": a creature, player, planeswalker or battle (115.4);
    ``other`` for "any other target", or "another target" (``another``) when
    it follows a sentence with any target ("... If this spell was kicked, it
    deals 3 damage to another target.")."""

    other: bool = False
    another: bool = False


@dataclass(frozen=True, slots=True)
class CreatureOrPlayer(Node):
    """ "target creature or player" (older wording), "target creature,
    player, or planeswalker"; ``other`` for "another"; ``player_last`` for
    the order "creature, planeswalker, or player"."""

    planeswalker: bool = False
    other: bool = False
    player_last: bool = False


@dataclass(frozen=True, slots=True)
class PlayerOrPlaneswalker(Node):
    """ "target player or planeswalker"."""

    opponent: bool = False


@dataclass(frozen=True, slots=True)
class Target(Node):
    """ "target creature", "up to two target creatures", "another target land",
    "any number of target players"."""

    spec: Any
    count: Any = None
    up_to: bool = False
    any_number: bool = False


@dataclass(frozen=True, slots=True)
class Each(Node):
    """ "each creature", "all creatures", "creatures you control": every object
    that fits, at the time the instruction is carried out."""

    filter: ObjectFilter
    quantifier: Literal["each", "all", "bare", "all the", "a number of"] = "each"


@dataclass(frozen=True, slots=True)
class AnObject(Node):
    """ "a creature", "two lands", "up to two basic land cards", "any number of
    cards": objects the acting player picks as it happens (sacrifice,
    discard) — not targets.  ``how`` keeps the comparison words of
    "three or more creatures" (a count in a condition)."""

    filter: ObjectFilter
    count: Any = None
    any: bool = False  # "any creature on the battlefield"
    up_to: bool = False
    any_number: bool = False
    how: Literal["", "or more", "or fewer", "exactly", "at least", "no", "another"] = ""


ObjectRef: TypeAlias = Any
PlayerRef: TypeAlias = Any

# --------------------------------------------------------------------------
# Builders
# --------------------------------------------------------------------------


@builds("descriptors")
def _descriptors(meta: Any, *items: Any) -> tuple[Word, ...]:
    out: list[Word] = []
    for it in items:
        if isinstance(it, (Coord, Node)):
            # the descriptor rules build only nouns, adjectives and coordinators
            out.append(cast(Word, it))
        else:
            out.append(_word(it))
    return tuple(out)


@builds("coord")
def _coord(meta: Any, *toks: Any) -> Coord:
    words = [str(t).lower() for t in toks]
    kinds = [t.type for t in toks if isinstance(t, Token)]
    words = [w for w, k in zip(words, kinds, strict=False) if k not in ("LIST_COMMA", "ADJ_COMMA")]
    if "ADJ_COMMA" in kinds:
        return Coord(",", span=span(meta))
    text = " ".join(w for w in words if w != ",")
    if "LIST_COMMA" in kinds:
        return Coord(", " + text if text else ",", span=span(meta))
    return Coord(text, span=span(meta))


@builds("noun_word", "adjective")
def _descriptor_word(meta: Any, *toks: Any) -> Any:
    if len(toks) == 3:  # "instant and sorcery"
        return Noun("instant and sorcery", span=span(meta))
    return _word(toks[0])


@builds("subtype_word", "nonsubtype_word")
def _subtype_word(meta: Any, tok: Any) -> Any:
    return _word(tok)


@builds("nominal")
def _nominal(meta: Any, words: tuple[Word, ...], *post: Any) -> ObjectFilter:
    _check_head(words, meta)
    if post and any(type(q) is _Qualities for q in post):
        post = tuple(x for q in post for x in (q if type(q) is _Qualities else (q,)))
    if any(isinstance(q, SameNameAs) for q in post):
        post = _zone_after_that(tuple(post))
    return ObjectFilter(words, tuple(post), span=span(meta))


def _zone_after_that(post: tuple[Any, ...]) -> tuple[Any, ...]:
    """ "a card with the same name as that spell from your graveyard": the
    zone is where the cards described are, not "that spell" (an object
    named before, wherever it is) — the words are the same, read so."""
    out: list[Any] = []
    for q in post:
        other = q.other if isinstance(q, SameNameAs) else None
        if isinstance(other, ThatRef) and isinstance(other.what, ObjectFilter) and other.what.post \
                and isinstance(other.what.post[-1], InZone):  # fmt: skip
            zone = other.what.post[-1]
            inner = dataclasses.replace(other.what, post=other.what.post[:-1])
            out += [dataclasses.replace(q, other=dataclasses.replace(other, what=inner)), zone]
        else:
            out.append(q)
    return tuple(out)


def _check_head(words: tuple[Word, ...], meta: Any) -> None:
    """A description may end with an adjective used as a noun ("protection
    from black", "red": red objects); it may not end with a coordinator."""
    if isinstance(words[-1], Coord):
        raise TextError("a description doesn't end with 'and' or 'or'", span=span(meta))


def _filter_noun(f: ObjectFilter) -> str:
    return f.nouns[0] if f.nouns else ""


# ---- self-reference and pronouns ----------------------------------------


@builds("self_name")
def _self_name(meta: Any, tok: Any) -> SelfRef:
    return SelfRef("name", span=tok_span(tok))


@builds("self_short")
def _self_short(meta: Any, tok: Any) -> SelfRef:
    return SelfRef("short", span=tok_span(tok))


@builds("self_this")
def _self_this(meta: Any, noun: Any) -> SelfRef:
    word = noun.word if isinstance(noun, Noun) else str(noun)
    return SelfRef("this", word, span=span(meta))


@builds("subtype_noun")
def _subtype_noun(meta: Any, tok: Any) -> Noun:
    return Noun(str(tok), span=tok_span(tok))


@builds("door_noun")
def _door_noun(meta: Any) -> Noun:
    """ "this door": one half of a Room, the ability's own (709.5)."""
    return Noun("door", span=span(meta))


@builds("it_ref")
def _it_ref(meta: Any) -> ItRef:
    return ItRef(span=span(meta))


@builds("itself_ref")
def _itself_ref(meta: Any) -> ItRef:
    return ItRef("itself", span=span(meta))


_BUILDERS["gendered"] = lambda meta, tok: str(tok).lower()
_BUILDERS["gendered_ref"] = lambda meta, word: ItRef(word, span=span(meta))


@builds("them_ref")
def _them_ref(meta: Any) -> ThemRef:
    return ThemRef(span=span(meta))


@builds("they_ref")
def _they_ref(meta: Any) -> ThemRef:
    return ThemRef("they", span=span(meta))


@builds("themselves_ref")
def _themselves_ref(meta: Any) -> ThemRef:
    return ThemRef("themselves", span=span(meta))


@builds("those_bare")
def _those_bare(meta: Any) -> ThemRef:
    return ThemRef("those", span=span(meta))


@builds("you_ref")
def _you_ref(meta: Any) -> You:
    return You(span=span(meta))


@builds("yourself_ref")
def _yourself_ref(meta: Any) -> You:
    return You("yourself", span=span(meta))


@builds("both_ref")
def _both_ref(meta: Any) -> ThemRef:
    raise TextError("'both' needs what it means here", span=span(meta))


@builds("each_of")
def _each_of(meta: Any, of: Any) -> EachOf:
    return EachOf(of, span=span(meta))


@builds("one_of")
def _one_of(meta: Any, of: Any) -> Any:
    Number = concern("quantities").Number

    return _n_of(meta, Number(1, "word"), of)


@builds("n_of")
def _n_of(meta: Any, count: Any, of: Any) -> Any:
    """ "one of them", "two of those cards": some of the cards the ability
    looked at or named (607.1)."""
    if isinstance(of, ThemRef) and of.word == "them":
        return LookedCards("them", count, span=span(meta))
    if isinstance(of, ThatRef) and of.word == "those" and of.what.card and len(of.what.words) == 1 \
            and not of.what.post:
        return LookedCards("those cards", count, span=span(meta))
    return EachOf(of, True, count, span=span(meta))


@dataclass(frozen=True, slots=True)
class OnePile(Node):
    """ "Put one pile into your hand and the other into your graveyard": one
    of the two piles the cards were separated into (700.3)."""


@builds("one_pile")
def _one_pile(meta: Any) -> OnePile:
    return OnePile(span=span(meta))


@renders(OnePile)
def _r_one_pile(r: Any, n: OnePile, **ctx: Any) -> str:
    return "one pile"


@dataclass(frozen=True, slots=True)
class RestOfRevealed(Node):
    """ "the rest of the revealed cards": the cards the ability revealed
    that the instructions before didn't move (607.1, 608.2c)."""


@builds("rest_of_revealed")
def _rest_of_revealed(meta: Any) -> RestOfRevealed:
    return RestOfRevealed(span=span(meta))


@renders(RestOfRevealed)
def _r_rest_of_revealed(r: Any, n: RestOfRevealed, **ctx: Any) -> str:
    return "the rest of the revealed cards"


@builds("any_number_of_them")
def _any_number_of_them(meta: Any) -> LookedCards:
    """ "any number of them": as many of the cards the ability looked at as
    the player picks (607.1)."""
    return LookedCards("them", any_number=True, span=span(meta))


def one_bare(meta: Any) -> LookedCards:
    """ "put one into your hand and the other into your graveyard": one of
    the cards the ability looked at (607.1), "of them" left unsaid."""
    Number = concern("quantities").Number

    return LookedCards("them", Number(1, "word"), bare=True, span=span(meta))


@builds("defending_player")
def _defending(meta: Any) -> PlayerGroup:
    return PlayerGroup("defending", span=span(meta))


@builds("your_opponents")
def _your_opponents(meta: Any) -> PlayerGroup:
    return PlayerGroup("your_opponents", span=span(meta))


@builds("your_team")
def _your_team(meta: Any) -> PlayerGroup:
    return PlayerGroup("your_team", span=span(meta))


@dataclass(frozen=True, slots=True)
class DamageRef(Node):
    """ "damage", "the damage" as a subject ("Damage can't be prevented this turn")."""

    the: bool = False


@renders(DamageRef)
def _r_damage_ref(r: Any, n: DamageRef, **ctx: Any) -> str:
    return "the damage" if n.the else "damage"


@dataclass(frozen=True, slots=True)
class HauntedRef(Node):
    """ "the creature it haunts" (702.55)."""


@renders(HauntedRef)
def _r_haunted(r: Any, n: HauntedRef, **ctx: Any) -> str:
    return "the creature it haunts"


_BUILDERS["damage_ref"] = lambda meta: DamageRef(span=span(meta))
_BUILDERS["the_damage_ref"] = lambda meta: DamageRef(True, span=span(meta))
_BUILDERS["haunted_ref"] = lambda meta: HauntedRef(span=span(meta))
_BUILDERS["the_copy"] = lambda meta: CopyRef("the", span=span(meta))
_BUILDERS["that_copy"] = lambda meta: CopyRef("that", span=span(meta))
_BUILDERS["the_copies"] = lambda meta: CopyRef("the", True, span=span(meta))


@dataclass(frozen=True, slots=True)
class CopyRef(Node):
    """ "the copy", "that copy", "the copies": the copy or copies the
    instruction before made (707.10)."""

    word: str = "the"
    plural: bool = False


@renders(CopyRef)
def _r_copy_ref(r: Any, n: CopyRef, **ctx: Any) -> str:
    return f"{n.word} {'copies' if n.plural else 'copy'}"
_BUILDERS["any_number_targets"] = lambda meta: Target(AnyTarget(), any_number=True, span=span(meta))
_BUILDERS["n_targets"] = lambda meta, counts: Target(AnyTarget(), counts, span=span(meta))
# "up to three targets" (115.1, 601.2c): any targets, as many as that or fewer
_BUILDERS["n_targets_up_to"] = lambda meta, counts: Target(AnyTarget(), counts, up_to=True, span=span(meta))
_BUILDERS["devoured_by"] = lambda meta, who: DidThisTurn("devoured", who, span=span(meta))
_BUILDERS["that_zone"] = lambda meta, zone: ZonePlace(zone, None, "that", span=span(meta))


class _Qualities(tuple):
    """Several qualities from one rule, spliced into the description's."""

    __slots__ = ()


@builds("of_np")
def _of_np(meta: Any, what: Any) -> Any:
    if isinstance(what, ThatRef) and what.word == "that" and len(what.what.words) == 1 and \
            isinstance(what.what.words[0], Noun) and what.what.words[0].word in ("type", "color"):  # fmt: skip
        # "cards of that type from their graveyard": the qualities after
        # "type" describe the cards, not the type.
        of = OfThat(what.what.words[0].word, span=what.what.words[0].span)  # type: ignore[arg-type]
        return _Qualities((of, *what.what.post)) if what.what.post else of
    return OfObject(what, span=span(meta))


@dataclass(frozen=True, slots=True)
class OfObject(Node):
    """ "abilities of sources with the chosen name": whose (or what) they are."""

    what: Any


@renders(OfObject)
def _r_of_object(r: Any, n: OfObject, **ctx: Any) -> str:
    return f"of {r(n.what)}"


@builds("your_commander")
def _your_commander(meta: Any) -> PlayerGroup:
    return PlayerGroup("your_commander", span=span(meta))


@builds("active_player")
def _active_player(meta: Any) -> PlayerGroup:
    return PlayerGroup("active", span=span(meta))


def _library_count(count: Any, end: str) -> Any:
    """The number of "the top [N] cards" (``end`` "top" or "bottom"): none for
    one card ("the top card"), never an article ("the top a card" is not English)."""
    if getattr(count, "form", None) == "article":
        raise TextError(f"'the {end} {count.text} ...' is not card text", span=count.span,
                        hint=f"one card is 'the {end} card'; more are 'the {end} two cards', 'the {end} X cards'")  # fmt: skip
    return count


@builds("top_of_library")
def _top_of_library(meta: Any, count: Any, whose: Any) -> TopOfLibrary:
    return TopOfLibrary(whose, _library_count(count, "top"), span=span(meta))


@builds("top_described")
def _top_described(meta: Any, kind: Any, whose: Any, zone: str) -> TopDescribed:
    return TopDescribed(kind, whose, zone, span=span(meta))
@builds("top_of_libraries")
def _top_of_libraries(meta: Any, count: Any, whose: Any) -> TopOfLibrary:
    return TopOfLibrary(whose, _library_count(count, "top"), libraries=True, span=span(meta))


@builds("bottom_of_library")
def _bottom_of_library(meta: Any, count: Any, whose: Any) -> TopOfLibrary:
    return TopOfLibrary(whose, _library_count(count, "bottom"), True, span=span(meta))


@builds("rest_of_looked")
def _rest_of_looked(meta: Any, word: Any) -> LookedCards:
    return LookedCards("the rest" if str(word).lower() == "rest" else "the other", span=span(meta))


@builds("looked_rest")
def _looked_rest(meta: Any, tok: Any) -> str:
    return str(tok).lower()


@builds("those_ref")
def _those_ref(meta: Any, f: ObjectFilter) -> Any:
    return ThatRef(f, "those", span=span(meta))


@builds("both_those_ref")
def _both_those_ref(meta: Any, f: ObjectFilter) -> Any:
    """ "both creatures": the two objects named before (a soulbond pair, 702.95)."""
    return ThatRef(f, "both", span=span(meta))


@builds("these_ref")
def _these_ref(meta: Any, f: ObjectFilter) -> Any:
    return ThatRef(f, "these", span=span(meta))


@builds("that_ref")
def _that_ref(meta: Any, f: ObjectFilter) -> Any:
    if f.is_player and not f.post and len(f.words) == 1:
        return ThatPlayer(f.nouns[0], span=span(meta))
    return ThatRef(f, "that", span=span(meta))


_LINKED_ADJ = {"exiled", "sacrificed", "discarded", "revealed", "tapped", "returned", "chosen"}


@builds("the_ref")
def _the_ref(meta: Any, f: ObjectFilter) -> Any:
    return ThatRef(f, "the", span=span(meta))


def _attached(how: str) -> Any:
    def build(meta: Any, f: ObjectFilter) -> AttachedRef:
        if f.post or len(f.words) != 1:
            raise TextError(f"'{how} ...' names one kind of object, like '{how} creature'", span=span(meta))
        word = f.words[0]
        plural = isinstance(word, Noun) and word.plural is True
        return AttachedRef(how, _filter_noun(f) or "permanent", plural, span=span(meta))  # type: ignore[arg-type]

    return build



for _how in ("enchanted", "equipped", "fortified"):
    _BUILDERS[f"{_how}_ref"] = _attached(_how)


@builds("owner_of")
def _owner_of(meta: Any, whose: Any) -> OwnerOf:
    return OwnerOf(_possessed(whose), span=span(meta))


_BUILDERS["the_owner_of"] = lambda meta, what: OwnerOf(what, of=True, span=span(meta))
_BUILDERS["the_controller_of"] = lambda meta, what: ControllerOf(what, of=True, span=span(meta))


@builds("controller_of")
def _controller_of(meta: Any, whose: Any) -> ControllerOf:
    return ControllerOf(_possessed(whose), span=span(meta))


def _possessed(whose: Any) -> Any:
    """ "its" → it; "that creature's" → that creature."""
    return whose.object if isinstance(whose, Possessive) else whose


@dataclass(frozen=True, slots=True)
class Possessive(Node):
    """A possessive before a noun: "its", "your", "their", "that creature's",
    "each player's"; ``object`` is whose."""

    object: Any
    word: str = ""  # "its", "your", "their", "his or her", "'s", "'" (plural)


def _poss(word: str, obj_factory: Any) -> Any:
    def build(meta: Any, *args: Any) -> Possessive:
        return Possessive(obj_factory(meta, *args), word, span=span(meta))

    return build


_BUILDERS["poss_it"] = _poss("its", lambda m: ItRef(span=span(m)))
_BUILDERS["gendered_poss"] = lambda meta, tok: str(tok).lower()
_BUILDERS["poss_gendered"] = lambda meta, word: Possessive(ItRef(word, span=span(meta)), word, span=span(meta))
_BUILDERS["poss_you"] = _poss("your", lambda m: You(span=span(m)))
_BUILDERS["poss_their"] = _poss("their", lambda m: TheirRef(span=span(m)))
_BUILDERS["poss_his_or_her"] = _poss("their", lambda m: TheirRef(span=span(m)))
_BUILDERS["poss_their_owners"] = _poss("their owners'", lambda m: OwnerOf(ThemRef(), True, span=span(m)))
_BUILDERS["activated_abilities_of"] = lambda meta, whose: ActivatedAbilitiesOf(_possessed(whose), span=span(meta))
_BUILDERS["poss_their_controllers"] = _poss("their controllers'", lambda m: ControllerOf(ThemRef(), True, span=span(m)))
_BUILDERS["poss_your_opponents"] = _poss("'", lambda m: PlayerGroup("your_opponents", span=span(m)))
_BUILDERS["poss_players"] = _poss("players'", lambda m: PlayerGroup("players", span=span(m)))
_BUILDERS["poss_opponents"] = _poss("opponents'", lambda m: PlayerGroup("opponents", span=span(m)))
_BUILDERS["poss_all_opponents"] = _poss("all opponents'", lambda m: PlayerGroup("all_opponents", span=span(m)))
_BUILDERS["poss_of"] = _poss("'s", lambda m, obj: obj)
_BUILDERS["poss_each_player"] = _poss("'s", lambda m: PlayerGroup("each_player", span=span(m)))
_BUILDERS["poss_each_opponent"] = _poss("'s", lambda m: PlayerGroup("each_opponent", span=span(m)))
_BUILDERS["poss_an_opponent"] = _poss("'s", lambda m: PlayerGroup("an_opponent", span=span(m)))
_BUILDERS["poss_a_player"] = _poss("'s", lambda m: PlayerGroup("a_player", span=span(m)))
_BUILDERS["poss_defending"] = _poss("'s", lambda m: PlayerGroup("defending", span=span(m)))
_BUILDERS["poss_active"] = _poss("'s", lambda m: PlayerGroup("active", span=span(m)))


# ---- determiners ----------------------------------------------------------


def _player_target_spec(f: ObjectFilter) -> Any:
    """ "player", "opponent", "player or planeswalker", "creature or player";
    a description with no noun ("target other") names nothing to target."""
    nouns = set(f.nouns)
    if not nouns and not f.card and not f.spell:
        raise TextError("a target needs a noun that says what it is", span=f.span,
                        hint="e.g. 'target other creature', 'target other player', 'another target permanent'")  # fmt: skip
    if f.is_player:
        return PlayerFilter(nouns == {"opponent"}, f.another, f.qualities)
    if len(nouns) < 2 or f.adjectives or f.post:  # none of the pairs below
        return f
    if nouns == {"player", "planeswalker"}:
        return PlayerOrPlaneswalker()
    if nouns == {"opponent", "planeswalker"}:
        return PlayerOrPlaneswalker(opponent=True)
    if nouns == {"creature", "player"}:
        return CreatureOrPlayer(other=f.another)
    if nouns == {"creature", "player", "planeswalker"}:
        return CreatureOrPlayer(planeswalker=True, other=f.another, player_last=f.nouns[-1] == "player")
    return f


@builds("target_one")
def _target_one(meta: Any, f: ObjectFilter) -> Target:
    return Target(_player_target_spec(f), span=span(meta))


@builds("target_n")
def _target_n(meta: Any, count: Any, f: ObjectFilter) -> Target:
    return Target(_player_target_spec(f), count, span=span(meta))


@builds("target_up_to")
def _target_up_to(meta: Any, count: Any, f: ObjectFilter) -> Target:
    return Target(_player_target_spec(f), count, up_to=True, span=span(meta))


@builds("target_up_to_other")
def _target_up_to_other(meta: Any, count: Any, f: ObjectFilter) -> Target:
    """ "up to one other target creature" (115.1: a target other than [this])."""
    return Target(_player_target_spec(_with_other(f)), count, up_to=True, span=span(meta))


@builds("target_n_other")
def _target_n_other(meta: Any, count: Any, f: ObjectFilter) -> Target:
    """ "two other target creatures"."""
    return Target(_player_target_spec(_with_other(f)), count, span=span(meta))


@builds("target_any_number")
def _target_any_number(meta: Any, f: ObjectFilter) -> Target:
    return Target(_player_target_spec(f), any_number=True, span=span(meta))


@builds("another_target")
def _another_target(meta: Any, f: ObjectFilter) -> Target:
    f = _with_other(f)
    return Target(_player_target_spec(f), span=span(meta))


@builds("any_other_target")
def _any_other_target(meta: Any, f: ObjectFilter) -> Target:
    return Target(_player_target_spec(_with_other(f)), any_number=False, span=span(meta))


@builds("any_target")
def _any_target(meta: Any) -> Target:
    return Target(AnyTarget(), span=span(meta))


@builds("any_other_target_bare")
def _any_other_target_bare(meta: Any) -> Target:
    return Target(AnyTarget(True), span=span(meta))


@builds("another_any_target")
def _another_any_target(meta: Any) -> Target:
    return Target(AnyTarget(True, another=True), span=span(meta))


def _with_other(f: ObjectFilter) -> ObjectFilter:
    """ "another X" = "other X": the description says "other".  Said twice
    ("another other creature") it is one word too many: the description
    can't hold it, so it is an error, not one "other" dropped."""
    twice = next((w for w in f.words if isinstance(w, StatusAdj) and w.status == "other"), None)
    if twice is not None:
        raise TextError("'other' is said twice: 'another' already means 'other'", span=twice.span or f.span,
                        hint="write 'another creature' or 'other creatures'")  # fmt: skip
    return ObjectFilter((StatusAdj("other"), *f.words), f.post, span=f.span)


_GROUP = {
    ("each", "player"): "each_player", ("each", "opponent"): "each_opponent",
    ("a", "player"): "a_player", ("a", "opponent"): "an_opponent",
    ("all", "player"): "all_players", ("all", "opponent"): "all_opponents",
    ("bare", "player"): "players", ("bare", "opponent"): "opponents",
    ("another", "player"): "another_player", ("another", "opponent"): "another_opponent",
    ("any", "player"): "any_player", ("any", "opponent"): "any_opponent",
    ("each", "other player"): "each_other_player", ("each", "other opponent"): "each_other_opponent",
    ("no", "player"): "no_player", ("no", "opponent"): "no_opponent",
}  # fmt: skip


def _group_of(quantifier: str, f: ObjectFilter) -> PlayerGroup | None:
    if not f.is_player or len(f.nouns) != 1 or f.adjectives or f.post:
        return None
    noun = ("other " if f.another else "") + f.nouns[0]
    which = _GROUP.get((quantifier, noun))
    return PlayerGroup(which, span=f.span) if which else None


@builds("each_ref")
def _each_ref(meta: Any, f: ObjectFilter) -> Any:
    group = _group_of("each", f)
    if group is not None:
        return PlayerGroup(group.which, span=span(meta))
    return Each(f, "each", span=span(meta))


@builds("all_ref")
def _all_ref(meta: Any, f: ObjectFilter) -> Any:
    group = _group_of("all", f)
    if group is not None:
        return PlayerGroup(group.which, span=span(meta))
    return Each(f, "all", span=span(meta))


@builds("all_the")
def _all_the(meta: Any, f: ObjectFilter) -> Each:
    return Each(f, "all the", span=span(meta))


@builds("a_number_of")
def _a_number_of(meta: Any, f: ObjectFilter) -> Each:
    """ "discards a number of cards equal to ...": the cards as "cards" is,
    their number given by the instruction's amount."""
    return Each(f, "a number of", span=span(meta))


@builds("bare_ref")
def _bare_ref(meta: Any, f: ObjectFilter) -> Any:
    group = _group_of("bare", f)
    if group is not None:
        return PlayerGroup(group.which, span=span(meta))
    return Each(f, "bare", span=span(meta))


@builds("another_ref")
def _another_ref(meta: Any, f: ObjectFilter) -> Any:
    group = _group_of("another", f)
    if group is not None:
        return PlayerGroup(group.which, span=span(meta))
    return AnObject(_with_other(f), how="another", span=span(meta))


@builds("an_object")
def _an_object(meta: Any, count: Any, f: ObjectFilter) -> Any:
    Number = concern("quantities").Number

    if isinstance(count, Number) and count.value == 1 and count.form == "article":
        group = _group_of("a", f)
        if group is not None:
            return PlayerGroup(group.which, span=span(meta))
    return AnObject(f, count, span=span(meta))


@builds("up_to_objects")
def _up_to_objects(meta: Any, count: Any, f: ObjectFilter) -> AnObject:
    return AnObject(f, count, up_to=True, span=span(meta))


@builds("any_number_of")
def _any_number_of(meta: Any, f: ObjectFilter) -> AnObject:
    return AnObject(f, any_number=True, span=span(meta))


@builds("any_object")
def _any_object(meta: Any, f: ObjectFilter) -> Any:
    group = _group_of("any", f)
    if group is not None:
        return PlayerGroup(group.which, span=span(meta))
    return AnObject(f, any=True, span=span(meta))


@builds("no_object")
def _no_object(meta: Any, f: ObjectFilter) -> Any:
    group = _group_of("no", f)
    if group is not None:
        return PlayerGroup(group.which, span=span(meta))
    return AnObject(f, how="no", span=span(meta))


def _counted(how: str) -> Any:
    def build(meta: Any, count: Any, f: ObjectFilter) -> AnObject:
        return AnObject(f, count, how=how, span=span(meta))  # type: ignore[arg-type]

    return build


_BUILDERS["n_or_more"] = _counted("or more")
_BUILDERS["n_or_fewer"] = _counted("or fewer")
_BUILDERS["exactly_n"] = _counted("exactly")
_BUILDERS["at_least_n"] = _counted("at least")


@builds("np_and")
def _np_and(meta: Any, a: Any, b: Any) -> BothRef:
    return BothRef(a, b, "and", span=span(meta))


@builds("np_or")
def _np_or(meta: Any, a: Any, b: Any) -> BothRef:
    return BothRef(a, b, "or", span=span(meta))


@builds("np_andor")
def _np_andor(meta: Any, a: Any, b: Any) -> BothRef:
    return BothRef(a, b, "and/or", span=span(meta))


# ---- qualities ------------------------------------------------------------


@builds("controlled_by")
def _controlled_by(meta: Any, who: Any) -> ControlledBy:
    return ControlledBy(who, span=span(meta))


@builds("controlled_by_past")
def _controlled_by_past(meta: Any, who: Any) -> ControlledBy:
    return ControlledBy(who, past=True, span=span(meta))


@builds("not_controlled_by")
def _not_controlled_by(meta: Any, who: Any) -> ControlledBy:
    return ControlledBy(who, True, span=span(meta))


@builds("owned_by")
def _owned_by(meta: Any, who: Any) -> OwnedBy:
    return OwnedBy(who, span=span(meta))


@builds("not_owned_by")
def _not_owned_by(meta: Any, who: Any) -> OwnedBy:
    return OwnedBy(who, True, span=span(meta))


@builds("owned_or_controlled")
def _owned_or_controlled(meta: Any, who: Any) -> OwnedBy:
    return OwnedBy(who, or_controlled=True, span=span(meta))


@builds("owned_not_controlled")
def _owned_not_controlled(meta: Any, who: Any) -> OwnedBy:
    return OwnedBy(who, not_controlled=True, span=span(meta))


@builds("owned_and_controlled")
def _owned_and_controlled(meta: Any, who: Any) -> OwnedBy:
    return OwnedBy(who, controlled=True, span=span(meta))


@builds("cast_by")
def _cast_by(meta: Any, who: Any) -> CastBy:
    return CastBy(who, span=span(meta))


@builds("cast_by_this_turn")
def _cast_by_this_turn(meta: Any, who: Any) -> CastBy:
    return CastBy(who, True, span=span(meta))


@builds("cast_by_that")
def _cast_by_that(meta: Any) -> CastBy:
    return CastBy(You(), that=True, span=span(meta))


@builds("youve_cast_this_turn_q")
def _youve_cast(meta: Any) -> CastBy:
    return CastBy(You(), True, have=True, span=span(meta))


@builds("with_keyword")
def _with_keyword(meta: Any, kw: Any) -> WithKeyword:
    return WithKeyword(kw, span=span(meta))


@builds("without_keyword")
def _without_keyword(meta: Any, kw: Any) -> WithKeyword:
    return WithKeyword(kw, True, span=span(meta))


def _with_stat(stat: str) -> Any:
    def build(meta: Any, comparison: Any) -> WithStat:
        return WithStat(stat, comparison, span=span(meta))

    return build


@builds("with_lesser")
def _with_lesser(meta: Any, word: Any, stat: Any, than: Any = None) -> WithLesser:
    return WithLesser(str(word).lower(), str(stat), than, span=span(meta))


_BUILDERS["lesser_word"] = lambda meta, tok: str(tok).lower()
_BUILDERS["with_mana_value"] = _with_stat("mana value")
_BUILDERS["with_power"] = _with_stat("power")
_BUILDERS["with_toughness"] = _with_stat("toughness")
_BUILDERS["with_power_or_toughness"] = _with_stat("power or toughness")
_BUILDERS["with_power_and_toughness"] = _with_stat("power and toughness")
# "up to two target creature cards with total mana value 4 or less": the sum
# over the objects chosen together, not a quality of each (601.2c)
_BUILDERS["with_total_mana_value"] = _with_stat("total mana value")
_BUILDERS["with_total_power"] = _with_stat("total power")
_BUILDERS["with_total_toughness"] = _with_stat("total toughness")


@builds("with_counter")
def _with_counter(meta: Any, spec: Any, it: str) -> WithCounter:
    how, count, kind = spec
    return WithCounter(kind, count, it == "them", how, span=span(meta))


@builds("without_counter")
def _without_counter(meta: Any, spec: Any, it: str) -> WithCounter:
    how, count, kind = spec
    return WithCounter(kind, count, it == "them", how, negated=True, span=span(meta))


_BUILDERS["it_them"] = lambda meta, tok: str(tok).lower()


_BUILDERS["same_stat_as"] = lambda meta, stat, other: SameStatAs(stat, other, span=span(meta))


@builds("that_has_stat")
def _that_has_stat(meta: Any, stat: str, comparison: Any) -> WithStat:
    return WithStat(stat, comparison, "that", span=span(meta))


@builds("same_name_as")
def _same_name_as(meta: Any, other: Any) -> SameNameAs:
    return SameNameAs(other, span=span(meta))


@builds("with_extreme_or_tied")
def _with_extreme_or_tied(meta: Any, word: Any, stat: Any, word2: Any, stat2: Any) -> WithExtreme:
    """ "the creature with the greatest power or tied for the greatest power"."""
    if (word, stat) != (word2, stat2):
        raise TextError(f"'tied for the {word2} {stat2}' after 'the {word} {stat}': the same words twice",
                        span=span(meta))
    return WithExtreme(word, stat, None, True, span=span(meta))


_BUILDERS["with_extreme"] = lambda meta, word, stat, among=None: WithExtreme(word, stat, among, span=span(meta))
_BUILDERS["with_most_life"] = lambda meta: WithExtreme("most", "life", None, span=span(meta))
_BUILDERS["with_extreme_life"] = lambda meta, word: WithExtreme(word, "life total", None, span=span(meta))


@builds("stat")
def _stat(meta: Any, *toks: Any) -> str:
    words = [str(t).lower() for t in toks]
    return "mana value" if words[0] in ("mana", "converted") else words[0]


_BUILDERS["of_chosen_type"] = lambda meta, *t: OfChosen(
    "creature type" if len(t) > 0 else "type", span=span(meta)
)
_BUILDERS["of_chosen_color"] = lambda meta: OfChosen("color", span=span(meta))
_BUILDERS["of_that_type"] = lambda meta: OfThat("type", span=span(meta))
_BUILDERS["of_that_color"] = lambda meta: OfThat("color", span=span(meta))


@builds("of_whose_choice")
def _of_whose_choice(meta: Any, whose: Any) -> OfChoice:
    """ "of your choice", "of their choice", "of an opponent's choice" (the player who chooses)."""
    if isinstance(whose, Possessive) and whose.word in ("your", "their"):
        return OfChoice(whose.word, span=span(meta))  # type: ignore[arg-type]
    return OfChoice("player", whose, span=span(meta))


@dataclass(frozen=True, slots=True)
class WithDifferent(Node):
    """ "cards with different names", "creatures with different powers":
    no two of the objects alike in that (201.2, 208.1)."""

    what: str


_BUILDERS["with_different"] = lambda meta, what: WithDifferent(what, span=span(meta))
_BUILDERS["differing"] = lambda meta, *toks: " ".join(str(t).lower() for t in toks)
_BUILDERS["of_type_of_choice"] = lambda meta: OfChoice("creature type", span=span(meta))
_BUILDERS["of_color_of_choice"] = lambda meta: OfChoice("color", span=span(meta))
_BUILDERS["with_chosen_name"] = lambda meta: WithChosenName(span=span(meta))
_BUILDERS["with_that_name"] = lambda meta: WithThatName(span=span(meta))
_BUILDERS["with_kicker"] = lambda meta: WithKicker(span=span(meta))


_BUILDERS["that_has_adventure"] = lambda meta: HasAdventure(span=span(meta))
_BUILDERS["that_have_adventure"] = lambda meta: HasAdventure(True, span=span(meta))
_BUILDERS["not_on_battlefield"] = lambda meta: NotOnBattlefield(span=span(meta))
_BUILDERS["not_on_battlefield_plural"] = lambda meta: NotOnBattlefield(True, span=span(meta))
_BUILDERS["it_becomes"] = lambda meta: ItBecomes(span=span(meta))
_BUILDERS["with_single_target"] = lambda meta: WithSingleTarget(span=span(meta))
_BUILDERS["with_most_votes"] = lambda meta: WithMostVotes(span=span(meta))
_BUILDERS["created_with"] = lambda meta, obj: CreatedWith(obj, span=span(meta))
_BUILDERS["put_onto_battlefield_with"] = lambda meta, obj: CreatedWith(obj, True, span=span(meta))
_BUILDERS["exiled_with_q"] = lambda meta, obj: ExiledWith(obj, span=span(meta))
_BUILDERS["named_self"] = lambda meta, tok: NamedSelf(span=span(meta))
_BUILDERS["not_named_self"] = lambda meta, tok: NamedSelf(True, span=span(meta))
_BUILDERS["named"] = lambda meta, name: Named(name, span=span(meta))
_BUILDERS["not_named"] = lambda meta, name: Named(name, True, span=span(meta))
_BUILDERS["card_name"] = lambda meta, *toks: " ".join(str(t) for t in toks)
_BUILDERS["other_than"] = lambda meta, other: OtherThan(other, span=span(meta))
_BUILDERS["attached_to"] = lambda meta, to: AttachedTo(to, span=span(meta))
_BUILDERS["attacking_whom"] = lambda meta, o: InCombatWith("attacking", o, span=span(meta))
_BUILDERS["blocking_whom"] = lambda meta, o: InCombatWith("blocking", o, span=span(meta))
_BUILDERS["that_is_attacking_whom"] = lambda meta, o: InCombatWith("attacking", o, True, span=span(meta))
_BUILDERS["that_is_blocking_whom"] = lambda meta, o: InCombatWith("blocking", o, True, span=span(meta))
_BUILDERS["blocked_by"] = lambda meta, o: InCombatWith("blocked by", o, span=span(meta))
_BUILDERS["its_blocking"] = lambda meta: InCombatWith("blocked by", ItRef(span=span(meta)), its_blocking=True, span=span(meta))
_BUILDERS["blocking_or_blocked_by"] = lambda meta, o: InCombatWith("blocking or blocked by", o, span=span(meta))
_BUILDERS["dealt_damage_this_turn"] = lambda meta: DealtDamageThisTurn(span=span(meta))
_BUILDERS["dealt_damage_by_this_turn"] = lambda meta, by: DealtDamageThisTurn(by, span=span(meta))
_BUILDERS["among_them"] = lambda meta: Among(span=span(meta))
_BUILDERS["among"] = lambda meta, what: Among(what, span=span(meta))
_BUILDERS["at_random_q"] = lambda meta: Among("at random", span=span(meta))
_BUILDERS["from_among"] = lambda meta, what: Among(what, "from among", span=span(meta))
_BUILDERS["from_it"] = lambda meta: Among(ItRef(), "from", span=span(meta))
_BUILDERS["from_them"] = lambda meta: Among(ThemRef(), "from", span=span(meta))
_BUILDERS["linked_verb"] = lambda meta, tok: str(tok).lower()


@builds("linked_ref")
def _linked_ref(meta: Any, verb_: str, f: ObjectFilter) -> Any:
    """ "the exiled card", "the sacrificed creature", "the discarded card",
    "the chosen player": what this object's linked ability acted on (607.2)."""
    plural = any(isinstance(w, Noun) and w.plural for w in f.words)
    noun = words_text_plain(f)
    if verb_ == "exiled" and not f.post:
        return ExiledCards(plural, noun=noun.removesuffix("s") if plural else noun, span=span(meta))
    if verb_ in ("sacrificed", "discarded") and not f.post:
        return CostPaidRef(verb_, noun, span=span(meta))  # type: ignore[arg-type]
    return LinkedRef(verb_, f, span=span(meta))


def words_text_plain(f: ObjectFilter) -> str:
    from ..render import Renderer

    return Renderer().r(ObjectFilter(f.words))


@dataclass(frozen=True, slots=True)
class LinkedRef(Node):
    """ "the chosen player", "the revealed card", "the destroyed creature":
    what an earlier instruction or linked ability acted on (607.2, 608.2c)."""

    verb: str
    what: ObjectFilter


@renders(LinkedRef)
def _r_linked_ref(r: Any, n: LinkedRef, **ctx: Any) -> str:
    return f"the {n.verb} {r(n.what)}"


@dataclass(frozen=True, slots=True)
class CountChoice(Node):
    """ "one, two, or three target creatures": any of those numbers (601.2c)."""

    counts: tuple[Any, ...]


@renders(CountChoice)
def _r_count_choice(r: Any, n: CountChoice, **ctx: Any) -> str:
    return or_list([r(c) for c in n.counts], "or")


_BUILDERS["count_choice"] = lambda meta, *counts: CountChoice(tuple(c for c in counts if not isinstance(c, Token)), span=span(meta))
_BUILDERS["count_or"] = lambda meta, a, b: CountChoice((a, b), span=span(meta))
_BUILDERS["done_this_way"] = lambda meta, word: DoneThisWay(word, span=span(meta))
_BUILDERS["done_this_way_by"] = lambda meta, who, word: DoneThisWay(word, by=who, span=span(meta))
_BUILDERS["that_was_done_this_way"] = lambda meta, was, word: DoneThisWay(word, str(was).lower(), span=span(meta))
_BUILDERS["tapped_this_way"] = lambda meta: DoneThisWay("tapped", span=span(meta))
_BUILDERS["dealt_damage_this_way"] = lambda meta: DoneThisWay("dealt damage", span=span(meta))
_BUILDERS["this_way_verb"] = lambda meta, tok: str(tok).lower()
_BUILDERS["done_verb"] = lambda meta, tok: str(tok).lower()
_BUILDERS["was_word"] = lambda meta, tok: str(tok).lower()


@dataclass(frozen=True, slots=True)
class Who(Node):
    """ "who": the subject of a condition that describes a player ("each
    player who controls ..."), singular or plural as its verb is written."""

    plural: bool = False


@dataclass(frozen=True, slots=True)
class WhoQuality(Node):
    """ "who searched their library this way", "who controls more creatures
    than you": a player described by a condition (conditions.lark) whose
    subject is :class:`Who`."""

    condition: Any


def _who_subject(meta: Any) -> Who:
    """The subject "who" of a relative clause, plural when its verb is
    written so ("players who control", "a player who controls")."""
    from ..node import Span
    from ..transformer import word_at
    from .sentences import _singular_form, _verb_forms

    where = span(meta)
    word = word_at(Span(where.line, where.column + 4, where.line, where.column + 4)) if where else None
    low = (word or "").lower()
    return Who(low in _verb_forms() and not _singular_form(low), span=where)


def _who_builder(condition: str) -> Any:
    def build(meta: Any, *parts: Any) -> WhoQuality:
        made = _BUILDERS[condition](meta, _who_subject(meta), *parts)
        return WhoQuality(made, span=span(meta))

    return build


for _name in ("controls", "doesnt_control", "you_cast_this_turn_cond", "controls_more", "controls_fewer", "more_life_than", "more_cards_than", "lost_life",
              "player_sacrificed_this_way", "player_discarded_this_way"):
    _BUILDERS[f"who_{_name}"] = _who_builder(_name)


@builds("who_searched_this_way")
def _who_searched(meta: Any, whose: Any) -> WhoQuality:
    Happened = concern("conditions").Happened

    return WhoQuality(Happened(_who_subject(meta), "searched library this way", whose, "searched", span=span(meta)),
                      span=span(meta))


@renders(Who)
def _r_who(r: Any, n: Who, **ctx: Any) -> str:
    return "who"


@renders(WhoQuality)
def _r_who_quality(r: Any, n: WhoQuality, **ctx: Any) -> str:
    return r(n.condition)


@dataclass(frozen=True, slots=True)
class DoneThisWay(Node):
    """ "tapped this way", "sacrificed this way": the objects the instruction
    before acted on (608.2c); ``that`` "was"/"were" where it is written as a
    relative clause ("creatures that were destroyed this way")."""

    verb: str
    that: str = ""
    by: Any = None  # "all cards they exiled this way": the player who did it


@renders(DoneThisWay)
def _r_done_this_way(r: Any, n: DoneThisWay, **ctx: Any) -> str:
    that = "that " if n.that == "that" else f"that {n.that} " if n.that else ""
    by = f"{r(n.by)} " if n.by is not None else ""
    return f"{that}{by}{n.verb} this way"


def _that_is_builder(negated: bool) -> Any:
    def build(meta: Any, state: Any) -> ThatIs:
        return ThatIs(state, negated, span=span(meta))

    return build


_BUILDERS["that_is"] = _that_is_builder(False)
_BUILDERS["that_is_not"] = _that_is_builder(True)


def _did(event: str) -> Any:
    def build(meta: Any, *args: Any) -> DidThisTurn:
        return DidThisTurn(event, args[0] if args else None, span=span(meta))

    return build


for _rule, _event in (
    ("that_attacked", "attacked"), ("that_attacked_or_blocked", "attacked or blocked"),
    ("that_blocked", "blocked"), ("that_was_dealt_damage", "was dealt damage"), ("that_dealt_damage", "dealt damage"),
    ("that_dealt_damage_to", "dealt damage to"),
    ("that_was_dealt_damage_by", "was dealt damage by"), ("that_entered", "entered"),
    ("that_was_cast", "was cast"), ("you_cast_this_turn", "you cast"), ("that_died", "died"),
):  # fmt: skip
    _BUILDERS[_rule] = _did(_event)

_BUILDERS["that_was_put_into"] = lambda meta, zone: PutIntoThisTurn(zone, span=span(meta))
_BUILDERS["that_was_put_there"] = lambda meta: PutIntoThisTurn(None, "there", span=span(meta))
_BUILDERS["put_into_this_turn"] = lambda meta, zone: PutIntoThisTurn(zone, "bare", span=span(meta))
_BUILDERS["put_into_this_way"] = lambda meta, zone: PutIntoThisTurn(zone, "this way", span=span(meta))
_BUILDERS["under_control"] = lambda meta, whose: whose
_BUILDERS["that_entered_under"] = lambda meta, whose: DidThisTurn("entered", control=whose, span=span(meta))
_BUILDERS["that_died_under"] = lambda meta, whose: DidThisTurn("died", control=whose, span=span(meta))
_BUILDERS["that_left"] = lambda meta: DidThisTurn("left the battlefield", span=span(meta))
_BUILDERS["that_is_colors"] = lambda meta, count: ThatIsColors(count, span=span(meta))
_BUILDERS["that_crewed"] = lambda meta, word, what: DidThisTurn(str(word).lower(), by=what, span=span(meta))
_BUILDERS["crewed_word"] = lambda meta, tok: str(tok).lower()
_BUILDERS["that_left_under"] = lambda meta, whose: DidThisTurn("left the battlefield", control=whose, span=span(meta))
_BUILDERS["that_targets"] = lambda meta, what: ThatTargets(what, span=span(meta))
_BUILDERS["that_targets_only"] = lambda meta, what: ThatTargets(what, True, span=span(meta))
_BUILDERS["that_shares"] = lambda meta, what, other: ThatShares(what, other, span=span(meta))
# "two target creatures that share a creature type": with each other (no other object named)
_BUILDERS["that_share_together"] = lambda meta, what: ThatShares(what, None, span=span(meta))
_BUILDERS["that_died_this_way"] = lambda meta: DoneThisWay("died", "that", span=span(meta))
_BUILDERS["share_what"] = lambda meta, *toks: " ".join(str(t).lower() for t in toks)
_BUILDERS["that_has"] = lambda meta, kw: ThatHas(kw, span=span(meta))
_BUILDERS["that_lacks"] = lambda meta, kw: ThatHas(kw, True, span=span(meta))
_BUILDERS["not_same_name_as"] = lambda meta, other: SameNameAs(other, True, span=span(meta))
_BUILDERS["that_could_target"] = lambda meta, what: ThatCouldTarget(what, span=span(meta))


@dataclass(frozen=True, slots=True)
class StateWord(Node):
    """A state of an object in a relative clause or condition: "attacking",
    "attacking or blocking", "enchanted", "a creature"."""

    word: str
    what: Any = None


_BUILDERS["attacking_or_blocking"] = lambda meta: StateWord("attacking or blocking", span=span(meta))
_BUILDERS["pred_enchanted"] = lambda meta: StateWord("enchanted", span=span(meta))
_BUILDERS["pred_equipped"] = lambda meta: StateWord("equipped", span=span(meta))
_BUILDERS["pred_a"] = lambda meta, word: StateWord("a", _word(word) if isinstance(word, Token) else word, span=span(meta))


# ---- zones ----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ZonePlace(Node):
    """A zone named in a phrase: "your graveyard", "a graveyard", "all
    graveyards", "exile", "your graveyard or hand"."""

    zone: str
    owner: Any = None
    how: str = "possessive"
    second: str = ""
    joiner: str = ""


_BUILDERS["zone_word"] = lambda meta, tok: str(tok).lower()
_BUILDERS["zone_words"] = lambda meta, tok: str(tok).lower()
_BUILDERS["zone_of"] = lambda meta, whose, zone: ZonePlace(zone, whose, span=span(meta))
_BUILDERS["a_zone"] = lambda meta, zone: ZonePlace(zone, None, "a", span=span(meta))
# "cards from a single graveyard": all of them from one player's graveyard (the chooser's pick of which)
_BUILDERS["a_single_zone"] = lambda meta, zone: ZonePlace(zone, None, "a single", span=span(meta))
_SINGULAR_ZONE = {"graveyards": "graveyard", "hands": "hand", "libraries": "library"}
_PLURAL_ZONE = {v: k for k, v in _SINGULAR_ZONE.items()}
# "in all graveyards": the zone is a graveyard, every player's
_BUILDERS["all_zones"] = lambda meta, zones: ZonePlace(_SINGULAR_ZONE[zones], None, "all", span=span(meta))
# "cards in graveyards": every player's (the plural alone, as "all graveyards")
_BUILDERS["plural_zones"] = lambda meta, zones: ZonePlace(_SINGULAR_ZONE[zones], None, "plural", span=span(meta))
_BUILDERS["exile_zone"] = lambda meta: ZonePlace("exile", None, "", span=span(meta))
# "seven or more cards in hand": whose hand the sentence's player is (the owner isn't written)
_BUILDERS["bare_hand"] = lambda meta: ZonePlace("hand", None, "bare", span=span(meta))
_BUILDERS["command_zone"] = lambda meta: ZonePlace("command zone", None, "the", span=span(meta))
# 400.11: "from outside the game" (a player's sideboard, not a zone), as "the wishes" name it
_BUILDERS["outside_game"] = lambda meta: ZonePlace("outside the game", None, "", span=span(meta))
_BUILDERS["anywhere"] = lambda meta: ZonePlace("anywhere", None, "", span=span(meta))
_BUILDERS["top_of_library_zone"] = lambda meta, whose: ZonePlace("top of library", _possessed(whose), "top", span=span(meta))
_BUILDERS["zone_of_either"] = lambda meta, whose, a, b: ZonePlace(a, whose, second=b, joiner="or", span=span(meta))
_BUILDERS["zone_of_andor"] = lambda meta, whose, a, b: ZonePlace(a, whose, second=b, joiner="and/or", span=span(meta))
_BUILDERS["zone_of_both"] = lambda meta, whose, a, b: ZonePlace(a, whose, second=b, joiner="and", span=span(meta))


def _in_zone(preposition: str) -> Any:
    def build(meta: Any, place: ZonePlace) -> InZone:
        owner = place.owner.object if isinstance(place.owner, Possessive) else place.owner
        zone = place.zone if not place.second else f"{place.zone} {place.joiner} {place.second}"
        return InZone(zone, owner, preposition, place.how, span=span(meta))  # type: ignore[arg-type]

    return build


_BUILDERS["from_zone"] = _in_zone("from")
_BUILDERS["in_zone"] = _in_zone("in")
_BUILDERS["from_among_zone"] = _in_zone("from among")
_BUILDERS["on_battlefield"] = lambda meta: InZone("battlefield", None, "on", "", span=span(meta))
_BUILDERS["on_top_of_library"] = lambda meta, whose: InZone(
    "library", _possessed(whose), "on top of", span=span(meta)
)


# ---- comparisons ------------------------------------------------------------

_OPS = {"or less": "le", "or fewer": "le", "or greater": "ge", "or more": "ge"}
_WORD_OPS = {
    "less than": "lt", "greater than": "gt", "more than": "gt", "fewer than": "lt",
    "less than or equal to": "le_words", "greater than or equal to": "ge_words",
    "equal to or less than": "le_words", "equal to or greater than": "ge_words",
}  # fmt: skip


@builds("comparison")
def _comparison(meta: Any, value: Any, op: Any = None) -> Comparison:
    word = op or ""
    return Comparison(value, _OPS.get(word, "eq"), word, span=span(meta))  # type: ignore[arg-type]


@builds("comparison_op", "comparison_word")
def _comparison_op(meta: Any, *toks: Any) -> str:
    return " ".join(str(t).lower() for t in toks)


@builds("comparison_words")
def _comparison_words(meta: Any, word: str, value: Any) -> Comparison:
    return Comparison(value, _WORD_OPS[word], word, span=span(meta))  # type: ignore[arg-type]


@builds("comparison_equal_to")
def _comparison_equal_to(meta: Any, value: Any) -> Comparison:
    return Comparison(value, "eq", "equal to", span=span(meta))


# --------------------------------------------------------------------------
# Wording
# --------------------------------------------------------------------------


def is_plural(node: Any) -> bool:
    """Does a noun phrase take a plural verb ("creatures you control get")?"""
    Number = concern("quantities").Number

    if isinstance(node, You):
        return True
    if isinstance(node, Who):
        return node.plural
    if isinstance(node, ThemRef | ActivatedAbilitiesOf):
        return True
    if isinstance(node, ThatRef):
        return node.word in ("those", "these", "both")
    written = _written_plural(node)
    if written is not None:
        return written
    if isinstance(node, Each):
        return node.quantifier in ("all", "bare", "all the", "a number of")
    if isinstance(node, BothRef):
        if isinstance(node.first, Each) and isinstance(node.second, Each):
            return not (node.first.quantifier == node.second.quantifier == "each")
        return node.conj != "or"
    if isinstance(node, PlayerGroup):
        return node.which in ("your_opponents", "players", "opponents", "all_players", "all_opponents", "your_team")
    if isinstance(node, AnObject | Target):
        if getattr(node, "any_number", False):
            return True
        if isinstance(node, AnObject) and node.how in ("or more", "or fewer"):
            return True
        c = node.count
        return c is not None and not (isinstance(c, Number) and c.value == 1)
    if isinstance(node, ExiledCards):
        return node.plural or node.all
    if isinstance(node, LookedCards):
        return node.word in ("them", "the rest", "those cards")
    if isinstance(node, ControllerOf | OwnerOf):
        return node.plural
    return False


def _written_plural(node: Any) -> bool | None:
    """Whether the head noun of a noun phrase was written plural, when known."""
    f = getattr(node, "filter", None) if isinstance(node, Each | AnObject) else None
    if isinstance(node, Target) and isinstance(node.spec, ObjectFilter):
        f = node.spec
    if f is None or not f.words:
        return None
    last = f.words[-1]
    return last.plural if isinstance(last, Noun) else None


def verb(subject: Any, base: str) -> str:
    """The verb form a subject takes: "draw" after "you", "draws" after "target player"."""
    if subject is None or is_plural(subject):
        return base
    return third_person(base)


def _noun_text(word: str, plural: bool) -> str:
    if not plural:
        return word
    if word[:1].isupper():
        return vocabulary.plural(word)
    if word == "ability":
        return "abilities"
    if word == "instant and sorcery":
        return word
    return _PLURAL.get(word, word + "s")


@renders(Noun)
def _r_noun(r: Any, n: Noun, **ctx: Any) -> str:
    return _noun_text(n.word, ctx.get("plural", False))


@renders(ColorAdj)
def _r_color(r: Any, n: ColorAdj, **ctx: Any) -> str:
    return ("non" if n.negated else "") + n.color


@renders(TypeAdj)
def _r_type_adj(r: Any, n: TypeAdj, **ctx: Any) -> str:
    return ("non" if n.negated else "") + n.type


@renders(SubtypeAdj)
def _r_subtype_adj(r: Any, n: SubtypeAdj, **ctx: Any) -> str:
    return ("non-" if n.negated else "") + n.subtype


@renders(StatusAdj)
def _r_status(r: Any, n: StatusAdj, **ctx: Any) -> str:
    if n.status == "token" and n.negated:
        return "nontoken"
    return ("non" if n.negated else "") + n.status


@renders(Coord)
def _r_coord(r: Any, n: Coord, **ctx: Any) -> str:
    return n.word


@renders(AdjGroup)
def _r_adj_group(r: Any, n: AdjGroup, **ctx: Any) -> str:
    return f" {n.conj} ".join(r(i) for i in n.items)


def words_text(r: Any, words: tuple[Word, ...], plural: bool) -> str:
    """The words of a description; the head nouns plural when the phrase is
    (or as written, when the words say how they were written)."""
    if any(isinstance(w, Noun) and w.plural is not None for w in words):
        return _joined(r, words, lambda i, w: r(w, plural=bool(getattr(w, "plural", False))))
    head_start = len(words) - 1
    while head_start >= 2 and isinstance(prev := words[head_start - 1], Coord) and prev.word != ",":
        head_start -= 2
    out = ""
    for i, w in enumerate(words):
        if isinstance(w, Coord):
            text = w.word
            out += text if text.startswith(",") else " " + text
            continue
        text = r(w, plural=plural and i >= head_start)
        out += (" " if out else "") + text
    return out


def _joined(r: Any, words: tuple[Word, ...], text_of: Any) -> str:
    out = ""
    for i, w in enumerate(words):
        if isinstance(w, Coord):
            out += w.word if w.word.startswith(",") else " " + w.word
            continue
        out += (" " if out else "") + text_of(i, w)
    return out


@renders(ObjectFilter)
def _r_filter(r: Any, n: ObjectFilter, **ctx: Any) -> str:
    plural = ctx.get("plural", False)
    text = words_text(r, n.words, plural)
    for q in n.post:
        text += " " + r(q, plural=plural)
    return text


def _count_text(r: Any, count: Any) -> str:
    return r(count)


@renders(SelfRef)
def _r_self(r: Any, n: SelfRef, **ctx: Any) -> str:
    if n.form == "short":
        return r.short_name
    if n.form == "this":
        return f"this {n.noun}"
    return r.name


@renders(ItRef)
def _r_it(r: Any, n: ItRef, **ctx: Any) -> str:
    return n.word


@renders(ThemRef)
def _r_them(r: Any, n: ThemRef, **ctx: Any) -> str:
    return n.word


@renders(ThatRef)
def _r_that(r: Any, n: ThatRef, **ctx: Any) -> str:
    return f"{n.word} {r(n.what, plural=n.word in ('those', 'these', 'both'))}"


@renders(ExiledCards)
def _r_exiled(r: Any, n: ExiledCards, **ctx: Any) -> str:
    if n.with_self:
        this = r(n.self_ref) if n.self_ref is not None else r.name
        return ("all " if n.all else "") + f"{n.noun}s exiled with {this}"
    return f"the exiled {n.noun}" + ("s" if n.plural else "")


@renders(CostPaidRef)
def _r_cost_paid(r: Any, n: CostPaidRef, **ctx: Any) -> str:
    return f"the {n.verb} {n.noun}"


@renders(LookedCards)
def _r_looked(r: Any, n: LookedCards, **ctx: Any) -> str:
    if n.any_number:
        return f"any number of {n.word}"
    if n.bare:
        return r(n.count)
    if n.count is not None:
        return f"{r(n.count)} of {n.word}"
    return n.word


@renders(BothRef)
def _r_both(r: Any, n: BothRef, **ctx: Any) -> str:
    return f"{r(n.first)} {n.conj} {r(n.second)}"


@renders(AttachedRef)
def _r_attached(r: Any, n: AttachedRef, **ctx: Any) -> str:
    return f"{n.how} {_noun_text(n.noun, n.plural)}"


@renders(TopOfLibrary)
def _r_top(r: Any, n: TopOfLibrary, **ctx: Any) -> str:
    end = "bottom" if n.bottom else "top"
    library = "libraries" if n.libraries else "library"
    if n.count is None:
        return f"the {end} card of {r(n.whose)} {library}"
    return f"the {end} {r(n.count)} cards of {r(n.whose)} {library}"


@renders(TopDescribed)
def _r_top_described(r: Any, n: TopDescribed, **ctx: Any) -> str:
    return f"the top {r(n.kind)} card of {r(n.whose)} {n.zone}"


@renders(EachOf)
def _r_each_of(r: Any, n: EachOf, **ctx: Any) -> str:
    if n.count is not None:
        return f"{r(n.count)} of {r(n.of)}"
    return f"{'one' if n.one else 'each'} of {r(n.of)}"


@renders(You)
def _r_you(r: Any, n: You, **ctx: Any) -> str:
    return n.word


_GROUP_TEXT = {
    "each_player": "each player", "each_opponent": "each opponent", "a_player": "a player",
    "an_opponent": "an opponent", "defending": "defending player",
    "your_opponents": "your opponents", "your_team": "your team", "active": "the active player",
    "all_players": "all players", "all_opponents": "all opponents", "players": "players",
    "opponents": "opponents", "another_player": "another player",
    "another_opponent": "another opponent", "any_player": "any player",
    "any_opponent": "any opponent", "each_other_player": "each other player",
    "each_other_opponent": "each other opponent", "no_player": "no player",
    "no_opponent": "no opponent", "your_commander": "your commander",
}  # fmt: skip


@renders(PlayerGroup)
def _r_group(r: Any, n: PlayerGroup, **ctx: Any) -> str:
    return _GROUP_TEXT[n.which]


@renders(TheirRef)
def _r_their(r: Any, n: TheirRef, **ctx: Any) -> str:
    return "them"


@renders(ThatPlayer)
def _r_that_player(r: Any, n: ThatPlayer, **ctx: Any) -> str:
    return f"that {n.word}"


@renders(ControllerOf)
def _r_controller(r: Any, n: ControllerOf, **ctx: Any) -> str:
    if n.of:
        return f"the controller of {r(n.object)}"
    return f"{possessive_text(r, n.object)} controller" + ("s" if n.plural else "")


@renders(OwnerOf)
def _r_owner(r: Any, n: OwnerOf, **ctx: Any) -> str:
    if n.of:
        return f"the owner of {r(n.object)}"
    if n.plural and isinstance(n.object, ThemRef):
        return "their owners"
    return f"{possessive_text(r, n.object)} owner" + ("s" if n.plural else "")


@renders(Possessive)
def _r_possessive(r: Any, n: Possessive, **ctx: Any) -> str:
    if n.word in ("its", "his", "her", "your", "their", "their owners'", "players'", "opponents'", "all opponents'"):
        return n.word
    return possessive_text(r, n.object)


def possessive_text(r: Any, whose: Any) -> str:
    """ "its", "your", "their", "that creature's", "your opponents'"."""
    if isinstance(whose, Possessive):
        return r(whose)
    if isinstance(whose, ItRef):
        return "his" if whose.word in ("he", "him", "his") else "its"
    if isinstance(whose, You):
        return "your"
    if isinstance(whose, TheirRef | ThemRef):
        return "their"
    text = r(whose)
    return text + ("'" if text.endswith("s") and is_plural(whose) else "'s")


@renders(PlayerFilter)
def _r_player_filter(r: Any, n: PlayerFilter, **ctx: Any) -> str:
    noun = "opponent" if n.opponent else "player"
    if ctx.get("plural"):
        noun += "s"
    text = ("other " if n.other and not ctx.get("another") else "") + noun
    for q in n.post:
        text += " " + r(q)
    return text


@renders(AnyTarget)
def _r_any_target(r: Any, n: AnyTarget, **ctx: Any) -> str:
    if n.another:
        return "another target"
    return "any other target" if n.other else "any target"


@renders(CreatureOrPlayer)
def _r_creature_or_player(r: Any, n: CreatureOrPlayer, **ctx: Any) -> str:
    if n.planeswalker:
        return "creature, planeswalker, or player" if n.player_last else "creature, player, or planeswalker"
    return "creatures or players" if ctx.get("plural") else "creature or player"


@renders(PlayerOrPlaneswalker)
def _r_player_or_pw(r: Any, n: PlayerOrPlaneswalker, **ctx: Any) -> str:
    word = "opponent" if n.opponent else "player"
    return f"{word}s or planeswalkers" if ctx.get("plural") else f"{word} or planeswalker"


def _spec_text(r: Any, spec: Any, plural: bool, another: bool) -> str:
    if isinstance(spec, ObjectFilter) and another:
        words = tuple(w for w in spec.words if not (isinstance(w, StatusAdj) and w.status == "other"))
        return r(ObjectFilter(words, spec.post), plural=plural)
    if isinstance(spec, PlayerFilter) and another:
        return r(spec, plural=plural, another=True)
    return r(spec, plural=plural)


def _is_other(spec: Any) -> bool:
    if isinstance(spec, CreatureOrPlayer):
        return spec.other
    if isinstance(spec, ObjectFilter):
        return bool(spec.words) and isinstance(spec.words[0], StatusAdj) and spec.words[0].status == "other"
    if isinstance(spec, PlayerFilter):
        return spec.other
    return False


@renders(Target)
def _r_target(r: Any, n: Target, **ctx: Any) -> str:
    if isinstance(n.spec, AnyTarget):
        if n.any_number:
            return "any number of targets"
        if n.count is not None:
            return ("up to " if n.up_to else "") + f"{r(n.count)} targets"
        return r(n.spec)
    plural = is_plural(n)
    if n.any_number:
        return f"any number of target {r(n.spec, plural=True)}"
    if n.count is None and _is_other(n.spec):
        return f"another target {_spec_text(r, n.spec, False, True)}"
    spec = r(n.spec, plural=plural)
    if n.count is None:
        return f"target {spec}"
    head = f"up to {r(n.count)}" if n.up_to else r(n.count)
    if _is_other(n.spec):
        return f"{head} other target {_spec_text(r, n.spec, plural, True)}"
    return f"{head} target {spec}"


@renders(Each)
def _r_each(r: Any, n: Each, **ctx: Any) -> str:
    if n.quantifier == "each":
        return f"each {r(n.filter)}"
    text = r(n.filter, plural=True)
    if n.quantifier == "bare":
        return text
    return f"{n.quantifier} {text}"


@renders(AnObject)
def _r_an_object(r: Any, n: AnObject, **ctx: Any) -> str:
    Number = concern("quantities").Number

    if n.how == "another":
        return f"another {_spec_text(r, n.filter, False, True)}"
    if n.how == "no":
        return f"no {r(n.filter, plural=not _singular_no(n.filter))}"
    if n.any_number:
        return f"any number of {r(n.filter, plural=True)}"
    if n.any:
        return f"any {r(n.filter)}"
    plural = n.count is not None and not (isinstance(n.count, Number) and n.count.value == 1)
    text = r(n.filter, plural=plural)
    if n.count is None:
        return text
    count = r(n.count, before=text)
    if n.up_to:
        return f"up to {count} {text}"
    if n.how in ("or more", "or fewer"):
        return f"{count} {n.how} {text}"
    if n.how in ("exactly", "at least"):
        return f"{n.how} {count} {text}"
    return f"{count} {text}"


def _singular_no(f: ObjectFilter) -> bool:
    return False


# ---- qualities -----------------------------------------------------------


@renders(ControlledBy)
def _r_controlled_by(r: Any, n: ControlledBy, **ctx: Any) -> str:
    who = r(n.player)
    if n.past:
        return f"{who} controlled"
    if n.negated:
        return f"{who} {'don' if is_plural(n.player) else 'doesn'}'t control"
    return f"{who} {verb(n.player, 'control')}"


@renders(OwnedBy)
def _r_owned_by(r: Any, n: OwnedBy, **ctx: Any) -> str:
    who = r(n.player)
    dont = "don't" if is_plural(n.player) else "doesn't"
    if n.not_controlled:
        return f"{who} {verb(n.player, 'own')} but {dont} control"
    if n.or_controlled:
        return f"{who} {verb(n.player, 'own')} or {verb(n.player, 'control')}"
    if n.controlled:
        return f"{who} both {verb(n.player, 'own')} and {verb(n.player, 'control')}"
    if n.negated:
        return f"{who} {dont} own"
    return f"{who} {verb(n.player, 'own')}"


@renders(CastBy)
def _r_cast_by(r: Any, n: CastBy, **ctx: Any) -> str:
    that = "that " if n.that else ""
    if n.have:
        return f"{that}you've cast" + (" this turn" if n.this_turn else "")
    return f"{that}{r(n.player)} {verb(n.player, 'cast')}" + (" this turn" if n.this_turn else "")


@renders(InZone)
def _r_in_zone(r: Any, n: InZone, **ctx: Any) -> str:
    if n.zone == "battlefield":
        return "on the battlefield"
    if n.how == "top":
        return f"{n.preposition} the top of {possessive_text(r, n.owner)} library"
    if n.preposition == "on top of":
        return f"on top of {possessive_text(r, n.owner)} library"
    if n.how == "that":
        place = f"that {n.zone}"
    elif n.how in ("a", "a single"):
        place = f"{n.how} {n.zone}"
    elif n.how == "all":
        place = f"all {_PLURAL_ZONE.get(n.zone, n.zone)}"
    elif n.how == "plural":
        place = _PLURAL_ZONE.get(n.zone, n.zone)
    elif n.how == "the":
        place = f"the {n.zone}"
    elif n.how in ("", "bare"):
        place = n.zone
    else:
        place = f"{possessive_text(r, n.owner)} {n.zone}"
    return f"{n.preposition} {place}"


@renders(ZonePlace)
def _r_zone_place(r: Any, n: ZonePlace, **ctx: Any) -> str:
    zone = n.zone if not n.second else f"{n.zone} {n.joiner} {n.second}"
    if n.how == "top":
        return f"the top of {possessive_text(r, n.owner)} library"
    if n.how == "that":
        return f"that {zone}"
    if n.how in ("a", "a single"):
        return f"{n.how} {zone}"
    if n.how == "all":
        return f"all {_PLURAL_ZONE.get(zone, zone)}"
    if n.how == "plural":
        return _PLURAL_ZONE.get(zone, zone)
    if n.how == "the":
        return f"the {zone}"
    if n.how in ("", "bare"):
        return zone
    return f"{r(n.owner)} {zone}"


@renders(WithKeyword)
def _r_with_keyword(r: Any, n: WithKeyword, **ctx: Any) -> str:
    return ("without " if n.negated else "with ") + r(n.keyword)


@renders(WithLesser)
def _r_with_lesser(r: Any, n: WithLesser, **ctx: Any) -> str:
    than = f" than {r(n.than)}" if n.than is not None else ""
    return f"with {n.word} {n.stat}{than}"


@renders(WithStat)
def _r_with_stat(r: Any, n: WithStat, **ctx: Any) -> str:
    if n.form == "that":
        return f"that {'have' if ctx.get('plural', False) else 'has'} {n.stat} {r(n.comparison)}"
    return f"with {n.stat} {r(n.comparison)}"


@renders(SameStatAs)
def _r_same_stat_as(r: Any, n: SameStatAs, **ctx: Any) -> str:
    return f"with the same {n.stat} as {r(n.other)}"


@renders(Comparison)
def _r_comparison(r: Any, n: Comparison, **ctx: Any) -> str:
    value = r(n.value, slot="digits")
    if not n.word:
        return value
    if n.word == "equal to":
        return f"equal to {value}"
    if n.op in ("le", "ge"):
        return f"{value} {n.word}"
    return f"{n.word} {value}"


@renders(WithCounter)
def _r_with_counter(r: Any, n: WithCounter, **ctx: Any) -> str:
    counters = concern("quantities").counters_spec_text(r, n.how, n.count, n.kind)
    return f"with{'out' if n.negated else ''} {counters} on {'them' if n.them else 'it'}"


@renders(HasAdventure)
def _r_has_adventure(r: Any, n: HasAdventure, **ctx: Any) -> str:
    return f"that {'have' if n.plural else 'has'} an Adventure"


@renders(WithKicker)
def _r_with_kicker(r: Any, n: WithKicker, **ctx: Any) -> str:
    return "with a kicker ability"


@renders(NotOnBattlefield)
def _r_not_on_battlefield(r: Any, n: NotOnBattlefield, **ctx: Any) -> str:
    return "that aren't on the battlefield" if n.plural else "that isn't on the battlefield"


@renders(ItBecomes)
def _r_it_becomes(r: Any, n: ItBecomes, **ctx: Any) -> str:
    return "it becomes"


@renders(WithSingleTarget)
def _r_with_single_target(r: Any, n: WithSingleTarget, **ctx: Any) -> str:
    return "with a single target"


@renders(WithMostVotes)
def _r_with_most_votes(r: Any, n: WithMostVotes, **ctx: Any) -> str:
    return "with the most votes or tied for most votes"


@renders(SameNameAs)
def _r_same_name(r: Any, n: SameNameAs, **ctx: Any) -> str:
    if n.negated:
        return f"that {'don' if ctx.get('plural', False) else 'doesn'}'t have the same name as {r(n.other)}"
    return f"with the same name as {r(n.other)}"


@renders(WithChosenName)
def _r_chosen_name(r: Any, n: WithChosenName, **ctx: Any) -> str:
    return "with the chosen name"


@renders(WithThatName)
def _r_that_name(r: Any, n: WithThatName, **ctx: Any) -> str:
    return "with that name"


@renders(WithExtreme)
def _r_extreme(r: Any, n: WithExtreme, **ctx: Any) -> str:
    among = f" among {r(n.among)}" if n.among is not None else ""
    tied = f" or tied for the {n.word} {n.stat}" if n.tied else ""
    return f"with the {n.word} {n.stat}{among}{tied}"


@renders(OfChosen)
def _r_of_chosen(r: Any, n: OfChosen, **ctx: Any) -> str:
    return f"of the chosen {n.what}"


@renders(OfThat)
def _r_of_that(r: Any, n: OfThat, **ctx: Any) -> str:
    return f"of that {n.what}"


@renders(OfChoice)
def _r_of_choice(r: Any, n: OfChoice, **ctx: Any) -> str:
    if n.whose == "creature type":
        return "of the creature type of your choice"
    if n.whose == "color":
        return "of the color of your choice"
    if n.whose == "player":
        return f"of {r(n.player)} choice"
    return f"of {n.whose} choice"


@renders(WithDifferent)
def _r_with_different(r: Any, n: WithDifferent, **ctx: Any) -> str:
    return f"with different {n.what}"


@renders(CreatedWith)
def _r_created_with(r: Any, n: CreatedWith, **ctx: Any) -> str:
    return ("put onto the battlefield with " if n.put else "created with ") + r(n.object)


@renders(ExiledWith)
def _r_exiled_with(r: Any, n: ExiledWith, **ctx: Any) -> str:
    return f"exiled with {r(n.object)}"


@renders(NamedSelf)
def _r_named_self(r: Any, n: NamedSelf, **ctx: Any) -> str:
    return ("not named " if n.negated else "named ") + r.name


@renders(Named)
def _r_named(r: Any, n: Named, **ctx: Any) -> str:
    return ("not named " if n.negated else "named ") + n.name


@renders(OtherThan)
def _r_other_than(r: Any, n: OtherThan, **ctx: Any) -> str:
    return f"other than {r(n.other)}"


@renders(AttachedTo)
def _r_attached_to(r: Any, n: AttachedTo, **ctx: Any) -> str:
    return f"attached to {r(n.to)}"


@renders(ActivatedAbilitiesOf)
def _r_activated_abilities_of(r: Any, n: ActivatedAbilitiesOf, **ctx: Any) -> str:
    return f"{possessive_text(r, n.whose)} activated abilities"


@renders(InCombatWith)
def _r_in_combat(r: Any, n: InCombatWith, **ctx: Any) -> str:
    if n.its_blocking:
        return "it's blocking"
    return f"{'that' + chr(39) + 's ' if n.that else ''}{n.how} {r(n.other)}"


@renders(DealtDamageThisTurn)
def _r_dealt_damage(r: Any, n: DealtDamageThisTurn, **ctx: Any) -> str:
    if n.by is not None:
        return f"dealt damage by {r(n.by)} this turn"
    return "dealt damage this turn"


@renders(Among)
def _r_among(r: Any, n: Among, **ctx: Any) -> str:
    if n.what == "at random":
        return "at random"
    if n.how:
        return f"{n.how} {r(n.what)}"
    return "among them" if n.what is None else f"among {r(n.what)}"


@renders(ThatIs)
def _r_that_is(r: Any, n: ThatIs, **ctx: Any) -> str:
    plural = ctx.get("plural", False)
    if n.negated:
        return f"that {'aren' if plural else 'isn'}'t {r(n.state)}"
    return f"that {'are' if plural else 'is'} {r(n.state)}" if plural else f"that's {r(n.state)}"


@renders(StateWord)
def _r_state_word(r: Any, n: StateWord, **ctx: Any) -> str:
    if n.word == "a":
        text = words_text(r, n.what, False) if isinstance(n.what, tuple) else r(n.what)
        return f"{article(text)} {text}"
    return n.word


@renders(DidThisTurn)
def _r_did(r: Any, n: DidThisTurn, **ctx: Any) -> str:
    plural = ctx.get("plural", False)
    event = n.event
    if event.startswith("was ") and plural:
        event = "were " + event[4:]
    if event == "you cast":
        return "that you cast this turn"
    if event == "devoured":
        return f"{r(n.by)} devoured"
    if event in ("was dealt damage by", "were dealt damage by", "crewed", "saddled", "dealt damage to"):
        return f"that {event} {r(n.by)} this turn"
    under = f" under {possessive_text(r, n.control)} control" if n.control is not None else ""
    return f"that {event}{under} this turn"


@renders(ThatIsColors)
def _r_that_is_colors(r: Any, n: ThatIsColors, **ctx: Any) -> str:
    that = "that are" if ctx.get("plural", False) else "that's"
    return f"{that} {r(n.count)} or more colors"


@renders(PutIntoThisTurn)
def _r_put_into(r: Any, n: PutIntoThisTurn, **ctx: Any) -> str:
    that = f"that {'were' if ctx.get('plural') else 'was'} "
    if n.form == "there":
        return f"{that}put there from the battlefield this turn"
    if n.form == "this way":
        return f"put into {r(n.zone)} this way"
    return f"{'' if n.form == 'bare' else that}put into {r(n.zone)} from the battlefield this turn"


@renders(ThatTargets)
def _r_that_targets(r: Any, n: ThatTargets, **ctx: Any) -> str:
    verb_ = "target" if ctx.get("plural") else "targets"
    return f"that {verb_} {'only ' if n.only else ''}{r(n.what)}"


@renders(ThatShares)
def _r_that_shares(r: Any, n: ThatShares, **ctx: Any) -> str:
    verb_ = "share" if ctx.get("plural") or n.other is None else "shares"
    if n.other is None:
        return f"that {verb_} a {n.what}"
    return f"that {verb_} a {n.what} with {r(n.other)}"


@renders(ThatHas)
def _r_that_has(r: Any, n: ThatHas, **ctx: Any) -> str:
    plural = ctx.get("plural", False)
    if n.negated:
        return f"that {'don' if plural else 'doesn'}'t have {r(n.keyword)}"
    return f"that {'have' if plural else 'has'} {r(n.keyword)}"


@renders(ThatCouldTarget)
def _r_that_could_target(r: Any, n: ThatCouldTarget, **ctx: Any) -> str:
    return f"that could target {r(n.what)}"


