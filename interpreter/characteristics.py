"""Computed characteristics (CR 109.3, 613).

An object's characteristics are never stored: they are worked out each time
from the layers that apply, in order:

1. the printed card (or a token's definition), or the copiable values a copy
   effect gave it (layer 1, 706.2);
2. the face-down overlay (708.2, rules M1, M2): a 2/2 creature with no name,
   no subtypes, no color, no mana cost (mana value 0) and no abilities
   (cloaked: ward {2}, 701.58);
3. continuous effects from static abilities — "is 8/8" (layer 7b), anthems,
   "+1/+1 for each ...", "has haste as long as ..." (layer 6 and 7c) — and from resolved spells
   that last until end of turn;
4. counters (layer 7d).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from cardtext.grammar import ast as A

from .bind import per_node
from .cache import remember
from .keywords import (
    BargainCost,
    BuybackCost,
    CyclingAbility,
    ExhaustAbility,
    GiftPromise,
    KeywordAlternative,
    OffspringCost,
)
from .objects import GameObject, ObjectId, PlayerId

if TYPE_CHECKING:
    from .state import EotEffect, Game

BASIC_LAND_MANA = {"Plains": "W", "Island": "U", "Swamp": "B", "Mountain": "R", "Forest": "G"}


@dataclass(frozen=True, slots=True)
class Chars:
    """Characteristics other than power and toughness (which need the whole board)."""

    name: str
    supertypes: tuple[str, ...]
    types: tuple[str, ...]
    subtypes: tuple[str, ...]
    colors: tuple[str, ...]
    mana_cost: A.ManaCost | None
    abilities: tuple[A.Ability, ...]
    printed_keywords: tuple[str, ...]
    base_power: int | None
    base_toughness: int | None

    @property
    def mana_value(self) -> int:
        return self.mana_cost.mana_value if self.mana_cost is not None else 0

    def is_type(self, t: str) -> bool:
        return t.lower() in self.types


def _stat(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        return 0  # "*" without a characteristic-defining ability the interpreter knows


def mana_colors(cost: A.ManaCost | None) -> tuple[str, ...]:
    """CR 202.2: an object's colors are those of the mana symbols in its cost."""
    if cost is None:
        return ()
    found: set[str] = set()
    for s in cost.symbols:
        if isinstance(s, A.ColoredMana):
            found.add(s.color)
        elif isinstance(s, A.HybridMana):
            found.update((s.first, s.second))
        elif isinstance(s, A.GenericHybridMana):
            found.add(s.color)
        elif isinstance(s, A.PhyrexianMana):
            found.add(s.color)
            if s.hybrid:
                found.add(s.hybrid)
    return tuple(c for c in A.COLORS if c in found)


PROTECTION_NODES: dict[str, A.Protection] = {}
"""Each name of a protection or hexproof-from keyword ("protection from
red"), and the keyword it names (its qualities, 702.16a)."""


def keyword_name(kw: object) -> str:
    """A keyword ability's name in lower case, as rules text refers to it
    ("flying", "ward", "protection from red", "enchant creature"; "champion"
    for Champion, 702.72)."""
    if isinstance(kw, str):
        return kw.lower()
    if isinstance(kw, A.Champion):
        return "champion"
    if isinstance(kw, A.Protection):
        # the name is all an object's keywords keep: the node it stands for is
        # remembered, for its qualities (cardtext.interpreter.protection)
        protection = kw.name.lower()
        PROTECTION_NODES.setdefault(protection, kw)
        return protection
    name = getattr(kw, "name", None)  # Keyword, KeywordWithCost, KeywordNumber; Protection and Enchant say it
    if isinstance(kw, A.Node) and isinstance(name, str):
        return name.lower()
    from .errors import Unsupported

    raise Unsupported(f"a keyword ability the interpreter can't name: {type(kw).__name__}")


def given_keyword_name(kw: object) -> str:
    """The name of a keyword given to an object (613.1f: until end of turn,
    by a static ability, by a type change), which is all the object keeps:
    Unsupported for one that stands for abilities (bushido, ward, cycling),
    not for one read by name (flying, protection) or by what it allows (an
    Aura's enchant ability, read from its type change: 303.4a),
    which would be given without them (the support check reports it too,
    :func:`cardtext.interpreter.support._given`)."""
    name = keyword_name(kw)
    if not isinstance(kw, A.Protection | A.Enchant) and name not in _name_read():
        from .errors import Unsupported

        raise Unsupported(f"the keyword {name} given to an object (613.1f): the abilities it stands for")
    return name


_NAME_READ: list[frozenset[str]] = []


def _name_read() -> frozenset[str]:
    if not _NAME_READ:
        from .support import NAME_READ

        _NAME_READ.append(frozenset(NAME_READ))
    return _NAME_READ[0]


def keywords_of(abilities: tuple[A.Ability, ...]) -> tuple[str, ...]:
    out: list[str] = []
    for ab in abilities:
        if isinstance(ab, A.KeywordLine):
            for kw in ab.keywords:
                out.append(keyword_name(kw))
        elif isinstance(ab, A.DefinedKeyword):
            out.append(ab.name.lower())
    return tuple(out)


FACE_DOWN_TYPE = A.TypeLine((), ("Creature",), ())
CLOAK_WARD = A.KeywordLine((A.KeywordWithCost("ward", A.Cost((A.ManaCost((A.GenericMana(2),)),))),))


WARDED_FACE_DOWN = ("cloaked", "disguised")
"""701.58a, 702.168a: the face-down permanents that have ward {2}."""
FACE_DOWN_CARD = A.Card("", None, FACE_DOWN_TYPE, (), A.PowerToughness("2", "2"))
"""708.2a, 707.2: the copiable values of a face-down permanent or spell — a
2/2 creature with no name, mana cost, subtypes or abilities."""
CLOAKED_CARD = A.Card("", None, FACE_DOWN_TYPE, (CLOAK_WARD,), A.PowerToughness("2", "2"))
"""701.58a, 702.168a, 708.2a: a cloaked or disguised permanent's copiable values add ward {2}."""

_PRINTED: dict[tuple[int, tuple[str, ...] | None], tuple[A.Card, Chars]] = {}


def printed_chars(card: A.Card, colors: tuple[str, ...] | None = None) -> Chars:
    """The characteristics a card (or token definition) has on its own (cached
    per card object: AST nodes are immutable and live as long as the card pool)."""
    key = (id(card), colors)
    hit = _PRINTED.get(key)
    if hit is not None and hit[0] is card:
        return hit[1]
    value = _printed_chars(card, colors)
    remember(_PRINTED, key, (card, value))
    return value


_FACE_DOWN = Chars("", (), ("creature",), (), (), None, (), (), 2, 2)


def _printed_chars(card: A.Card, colors: tuple[str, ...] | None) -> Chars:
    from .keywords import all_abilities

    if card.faces:
        if card.layout in ("split", "aftermath"):
            return _split_chars(card, colors)  # 709.4: an aftermath card is a split card (702.127)
        # 712.8a, 715.4, 711.4a: outside the stack (and face up on the
        # battlefield, until it transforms) a double-faced, adventurer or flip
        # card has only its front face's characteristics
        return _printed_chars(card.faces[0], colors)
    tl = card.type_line
    pt = card.pt
    abilities = all_abilities(card)
    printed_keywords = keywords_of(abilities)
    if "devoid" in printed_keywords:
        # 702.114a: devoid is a characteristic-defining ability, "this object
        # is colorless", which functions in every zone (604.3)
        colors = ()
    return Chars(
        name=card.name,
        supertypes=tuple(s.lower() for s in tl.supertypes),
        types=tuple(t.lower() for t in tl.types),
        subtypes=_every_creature_type(tl.subtypes, abilities),
        colors=colors if colors is not None else _printed_colors(card),
        mana_cost=card.mana_cost,
        abilities=abilities,
        printed_keywords=printed_keywords,
        base_power=_stat(pt.power) if pt else None,
        base_toughness=_stat(pt.toughness) if pt else None,
    )


def _printed_colors(card: A.Card) -> tuple[str, ...]:
    """202.2, 204.2: the colors of a card's mana cost and of its color indicator."""
    found = mana_colors(card.mana_cost)
    if not card.color_indicator:
        return found
    return tuple(c for c in A.COLORS if c in found or c in card.color_indicator)


def _every_creature_type(subtypes: tuple[str, ...], abilities: tuple[A.Ability, ...]) -> tuple[str, ...]:
    """702.73a, 604.3: "[this] is every creature type" (changeling, or the
    sentence itself) is a characteristic-defining ability, which functions
    in every zone: the card's subtypes are its own and every creature type."""
    for ab in abilities:
        if not isinstance(ab, A.StaticAbility) or not isinstance(ab.effect, A.Effect):
            continue
        sentences = ab.effect.sentences
        if len(sentences) != 1 or not isinstance(sentences[0], A.Sentence) or len(sentences[0].actions) != 1:
            continue
        action = sentences[0].actions[0]
        if isinstance(action, A.IsType) and action.special == "every creature type" and isinstance(action.what, A.SelfRef):
            from .objects import CREATURE_TYPES

            return (*subtypes, *sorted(t for t in CREATURE_TYPES if t not in subtypes))
    return subtypes


def _split_chars(card: A.Card, colors: tuple[str, ...] | None) -> Chars:
    """709.4: in every zone but the stack a split card has the characteristics
    of its two halves combined: both names, one mana cost of all the symbols
    (so its mana value is their total, 709.4a), every color, type and
    ability of either half."""
    halves = [_printed_chars(f, colors) for f in card.faces]

    def union(values: list[tuple[str, ...]]) -> tuple[str, ...]:
        return tuple(dict.fromkeys(v for vs in values for v in vs))

    symbols = tuple(sym for f in card.faces if f.mana_cost is not None for sym in f.mana_cost.symbols)
    return Chars(
        name=card.name,
        supertypes=union([h.supertypes for h in halves]),
        types=union([h.types for h in halves]),
        subtypes=union([h.subtypes for h in halves]),
        colors=colors if colors is not None else tuple(c for c in A.COLORS if any(c in h.colors for h in halves)),
        mana_cost=A.ManaCost(symbols) if symbols else None,
        abilities=tuple(ab for h in halves for ab in h.abilities),
        printed_keywords=union([h.printed_keywords for h in halves]),
        base_power=None,
        base_toughness=None,
    )


def is_room(card: A.Card) -> bool:
    """709.5: a split card whose halves are Rooms, each half a door."""
    return card.layout == "split" and bool(card.faces) and all("Room" in f.type_line.subtypes for f in card.faces)


_ROOM_VIEWS: dict[tuple[int, tuple[int, ...]], tuple[A.Card, A.Card]] = {}


def room_view(card: A.Card, doors: tuple[int, ...]) -> A.Card:
    """709.5, 709.5a: a Room permanent has the characteristics of its unlocked
    doors only (both: the halves combined, 709.4); with every door locked,
    no name, no mana cost and no abilities, but still its types."""
    if len(doors) == len(card.faces):
        return card
    if len(doors) == 1:
        return card.faces[doors[0]]
    key = (id(card), doors)
    hit = _ROOM_VIEWS.get(key)
    if hit is None or hit[0] is not card:
        hit = (card, A.Card("", None, card.faces[0].type_line, (), None))
        _ROOM_VIEWS[key] = hit
    return hit[1]


def face_card(obj: GameObject) -> A.Card:
    """The card whose characteristics ``obj`` has: the face it shows (cast by
    a face, 709.3, 712.11b, 715.3b; transformed, 712.8), else the card (a
    multi-face card's front face, or a split card's halves combined, is
    worked out by :func:`printed_chars`)."""
    card = obj.copy_of if obj.copy_of is not None else obj.card
    if obj.face is not None and card.faces:
        return card.faces[obj.face]
    return card


_FACE_DOWN_IN_EXILE = Chars("", (), (), (), (), None, (), (), None, None)
"""406.3: a card exiled face down has no characteristics anyone can see."""

_CLOAKED: list[Chars] = []


def _cloaked() -> Chars:
    """708.2 with 701.58a: a cloaked permanent is a face-down 2/2 with ward {2}."""
    if not _CLOAKED:
        from .keywords import keyword_abilities

        abilities = (CLOAK_WARD,) + keyword_abilities(CLOAK_WARD)
        _CLOAKED.append(Chars("", (), ("creature",), (), (), None, abilities, ("ward",), 2, 2))
    return _CLOAKED[0]


def chars(obj: GameObject) -> Chars:
    """Layers 1 and the face-down overlay (708.2): what the object *is*; then
    the type changes it underwent ("it becomes an Aura with enchant creature",
    layer 4 and 6)."""
    if obj.face_down is not None:
        if obj.face_down == "exiled":
            return _FACE_DOWN_IN_EXILE
        down = _FACE_DOWN if obj.face_down not in WARDED_FACE_DOWN else _cloaked()
        return _with_types(down, obj.static_types, 0) if obj.static_types else down
    if obj.doors is not None:
        base = printed_chars(room_view(obj.copy_of or obj.card, obj.doors), obj.token_colors if obj.copy_of is None else None)
    elif obj.face is not None:
        base = printed_chars(face_card(obj), obj.token_colors if obj.copy_of is None else None)
    elif obj.copy_of is not None:
        base = printed_chars(obj.copy_of)
    else:
        card = obj.card
        hit = _PRINTED.get((id(card), obj.token_colors))  # printed_chars(card, colors), inline: the common case
        base = hit[1] if hit is not None and hit[0] is card else printed_chars(card, obj.token_colors)
    if obj.static_types:
        base = _with_types(base, obj.static_types, len(base.abilities))
    if obj.granted:
        base = _with_granted(base, obj.granted)
    if obj.from_statics:
        base = _with_granted(base, obj.from_statics)
    if obj.counters.get("charge") and obj.zone == "battlefield" and "creature" not in base.types:
        base = _stationed(base, obj)
    return _became(base, obj.became) if obj.became else base


def _stationed(c: Chars, obj: GameObject) -> Chars:
    """702.184: a Spacecraft with its last station symbol beside its power and
    toughness is an artifact creature as long as it has at least that many
    charge counters ("It's an artifact creature at 12+.")."""
    from .keywords import station_threshold

    need = station_threshold(obj.copy_of or obj.card) if obj.face is None else None
    if need is None or obj.counters.get("charge", 0) < need:
        return c
    return replace(c, types=(*c.types, *(t for t in ("artifact", "creature") if t not in c.types)))


@lru_cache(maxsize=512)
def _with_granted(c: Chars, granted: tuple[A.Ability, ...]) -> Chars:
    """614.1c: abilities a permanent entered with ('enters with "Pay 3 life:
    Regenerate [this]."'), after its printed ones, so the printed abilities
    keep their indexes; they last as long as it stays on the battlefield."""
    return replace(c, abilities=c.abilities + granted)


CARD_TYPE_WORDS = frozenset({"artifact", "creature", "enchantment", "land", "planeswalker", "instant", "sorcery", "battle"})


def becomes_colors(change: A.Becomes) -> tuple[str, ...] | None:
    """The colors "becomes a 2/2 white and blue Bird artifact creature" makes
    it (105.3: they replace its colors; "colorless": none), or None when the
    change names no color."""
    if change.color:
        return color_letters(change.color)
    words = change.words if isinstance(change.words, tuple) else ()
    named = [w for w in words if isinstance(w, A.ColorAdj)]
    if not named:
        return None
    from .objects import COLOR_WORDS

    letters = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
    found = {letters[w.color.lower()] for w in named if w.color.lower() in COLOR_WORDS}
    return tuple(c for c in A.COLORS if c in found)


_LETTERS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}


def color_letters(text: str) -> tuple[str, ...] | None:
    """105.1, 105.2c: the colors "becomes red", "becomes white and blue",
    "becomes colorless" names, in WUBRG order; None for words that aren't
    colors ("the color of your choice")."""
    if text.lower() == "colorless":
        return ()
    words = [w.strip() for w in text.lower().replace(", and ", ",").replace(" and ", ",").split(",") if w.strip()]
    if not words or any(w not in _LETTERS for w in words):
        return None
    found = {_LETTERS[w] for w in words}
    return tuple(c for c in A.COLORS if c in found)


def _subtype_kind(word: str) -> str:
    """Which card type a subtype goes with (205.3d): "creature", "land", or
    "other" (artifact, enchantment, planeswalker and battle types)."""
    from .keywords import LAND_TYPES
    from .objects import CREATURE_TYPES

    if word in CREATURE_TYPES:
        return "creature"
    return "land" if word in LAND_TYPES else "other"


def _kept_subtype(word: str, types: list[str]) -> bool:
    """205.1a: a subtype stays while the object has a card type it goes with."""
    kind = _subtype_kind(word)
    if kind == "creature":
        return "creature" in types or "kindred" in types or "tribal" in types
    if kind == "land":
        return "land" in types
    return any(t in types for t in ("artifact", "enchantment", "planeswalker", "battle"))


def _became(c: Chars, changes: tuple[A.Becomes, ...]) -> Chars:
    """Type-changing effects (205.1a, 205.1b), in the order they began.  One
    that says "in addition to its other types" adds its types; one that names
    only subtypes ("becomes an Aura") adds them and keeps the card types.
    Otherwise its card types replace the old ones (205.1a: "becomes a 2/4
    Soldier creature" is no longer an enchantment), and the old subtypes stay
    only while a card type they go with does ("that's still a land": all
    stay, 205.1b).  New creature types replace the
    old creature types, new land types the old land types (205.1a). Colors it
    names replace the old colors (105.3); abilities it grants are added
    (613.1f)."""
    types, subtypes, kws = list(c.types), list(c.subtypes), list(c.printed_keywords)
    colors = c.colors
    for change in changes:
        new_types = [w.lower() for w in change.types if w.lower() in CARD_TYPE_WORDS]
        new_subtypes = [w for w in change.types if w.lower() not in CARD_TYPE_WORDS]
        if not change.additional and change.still is None:  # 205.1b: "that's still a land" keeps them all
            if new_types:
                types = list(dict.fromkeys(new_types))
                subtypes = [t for t in subtypes if _kept_subtype(t, types)]
            kinds = {_subtype_kind(w) for w in new_subtypes} - {"other"}
            subtypes = [t for t in subtypes if _subtype_kind(t) not in kinds]
        for word in new_types:
            if word not in types:
                types.append(word)
        subtypes.extend(w for w in new_subtypes if w not in subtypes)
        kws.extend(name for name in map(given_keyword_name, change.keywords) if name not in kws)
        named = becomes_colors(change)
        if named is not None and "colors" not in change.kept:
            colors = named
    return replace(c, types=tuple(types), subtypes=tuple(subtypes), printed_keywords=tuple(kws), colors=colors)


@dataclass(frozen=True, slots=True)
class TypeChange:
    """613.1d, 613.1e: what a static ability's type-changing or
    color-changing effect does to an object (layers 4 and 5): the card
    types, subtypes and supertypes it gives (``additional``: in addition to
    the object's other types, else each kind named replaces that kind,
    205.1a), and the colors it gives (None: none named; ``add_colors``: in
    addition to its other colors, else they replace them, 105.3)."""

    types: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()
    supertypes: tuple[str, ...] = ()
    colors: tuple[str, ...] | None = None
    additional: bool = False
    add_colors: bool = False


SUPERTYPE_WORDS = frozenset({"legendary", "snow", "basic", "world"})
"""The supertypes a static ability can give (205.4a)."""


def type_change(action: A.IsType) -> TypeChange | str:
    """The change "[objects] is/are ..." makes (a :class:`TypeChange`), or
    why the engine can't make it: "is an Angel in addition to its other
    types", "are Mountains", "is a colorless Forest land", "is legendary",
    "are black", "is a white Angel in addition to its other colors and types"."""
    special = action.special
    if special not in ("in addition", "type", "a type"):
        named = color_letters(special)
        if named is None or action.words:
            return f"'is {special}' as a static ability"
        return TypeChange(colors=named)
    if action.pt_equal is not None:
        return "a static type change with power and toughness equal to a number"
    types: list[str] = []
    subtypes: list[str] = []
    supertypes: list[str] = []
    colors: list[str] | None = None
    for w in action.words or ():
        if isinstance(w, A.Noun):
            word = w.word
            if word.lower() in CARD_TYPE_WORDS:
                types.append(word.lower())
            elif word[:1].isupper():
                subtypes.append(word)
            else:
                return f"a static type change to '{word}'"
        elif isinstance(w, A.TypeAdj) and not w.negated and w.type.lower() in SUPERTYPE_WORDS:
            supertypes.append(w.type.lower())
        elif isinstance(w, A.ColorAdj) and (letters := color_letters(w.color)) is not None:
            colors = [*(colors or ()), *letters]
        elif isinstance(w, A.Coord):
            continue
        else:
            return f"a static type change to {type(w).__name__}"
    additional = special == "in addition"
    if additional and colors is not None and "colors" not in action.kept:
        return "a static type change adding colors 'in addition to its other types' only"
    found = tuple(c for c in A.COLORS if c in (colors or ())) if colors is not None else None
    return TypeChange(tuple(types), tuple(subtypes), tuple(supertypes), found, additional, additional)


@lru_cache(maxsize=512)
def _with_types(c: Chars, changes: tuple[TypeChange, ...], printed: int) -> Chars:
    """Layers 4 and 5 for static abilities' effects (613.1d, 613.1e), in the
    order they apply (:func:`refresh_types`): types added, or each kind of
    type named replacing that kind (205.1a: new creature types replace the
    old creature types, card types the card types); a land whose land type
    is set to basic land types loses its other land types and the abilities
    of its rules text (its first ``printed`` abilities) and has the mana
    ability of each (305.7, read from its subtypes by
    :mod:`cardtext.interpreter.mana`); colors added or replaced (105.3)."""
    supertypes, types, subtypes = list(c.supertypes), list(c.types), list(c.subtypes)
    colors, abilities = c.colors, c.abilities
    keywords = c.printed_keywords
    for change in changes:
        supertypes.extend(t for t in change.supertypes if t not in supertypes)
        if not change.additional:
            if change.types:
                types = list(dict.fromkeys(change.types))
                subtypes = [t for t in subtypes if _kept_subtype(t, types)]
            kinds = {_subtype_kind(w) for w in change.subtypes} - {"other"}
            if "land" in kinds and "land" in types and any(w in BASIC_LAND_MANA for w in change.subtypes):
                abilities = abilities[printed:]  # 305.7
                keywords = keywords_of(abilities)
                printed = 0
            subtypes = [t for t in subtypes if _subtype_kind(t) not in kinds]
        types.extend(t for t in change.types if t not in types)
        subtypes.extend(t for t in change.subtypes if t not in subtypes)
        if change.colors is not None:
            colors = tuple(x for x in A.COLORS if x in change.colors or change.add_colors and x in colors)
    return replace(c, supertypes=tuple(supertypes), types=tuple(types), subtypes=tuple(subtypes), colors=colors,
                   abilities=abilities, printed_keywords=keywords)  # fmt: skip


def refresh_types(game: Game) -> None:
    """613.1d, 613.1e: the type- and color-changing effects of static
    abilities, worked out again for each permanent.  They apply one at a
    time in timestamp order (613.7; an effect's timestamp is its source's,
    613.7a), each to the objects it describes once those before it applied
    (613.6); an effect that depends on another applies after it (613.8a:
    the other changes whether it exists or what it applies to), unless
    each depends on the other (613.8b).  A permanent that a resolved
    instruction's type change also changes ("becomes a Forest") would need
    the order of the two (613.7b): refused."""
    from .statics import TypeRule, active_rules

    objs = game.battlefield()
    for o in objs:
        o.static_types = ()
    effects: list[tuple[GameObject, Any, Any]] = [
        (src, index, rule) for src, index, rule in active_rules(game) if isinstance(rule, TypeRule)]
    # "Equipped creature gets +2/+2 and is a Spider Hero in addition to its other types": the
    # type change of a static effect, its ability the key that it still exists by
    effects += [(src, eff, TypeRule(action.what, type_change(action), eff.condition))
                for src, eff, action in _static_effects(game) if isinstance(action, A.IsType)]  # fmt: skip
    if not effects:
        return
    effects.sort(key=lambda e: e[0].arrived)
    # layer 4 (types), then layer 5 (colors): an effect with parts in both
    # applies its colors to the objects it changed the types of (613.6)
    typing = [(src, index, replace(rule, change=replace(rule.change, colors=None)))
              for src, index, rule in effects if _types_part(rule.change)]  # fmt: skip
    applied = _apply_layer(game, objs, typing)
    coloring = [(src, index, replace(rule, change=TypeChange(colors=rule.change.colors, add_colors=rule.change.add_colors)))
                for src, index, rule in effects if rule.change.colors is not None]  # fmt: skip
    _apply_layer(game, objs, coloring, applied)
    for o in objs:
        if o.static_types and o.became:
            from .errors import Unsupported

            raise Unsupported(f"{display_name(o)}: type changes of a static ability and of a resolved instruction "
                              "on one object (613.7: their timestamps)")  # fmt: skip


def _types_part(change: TypeChange) -> bool:
    return bool(change.types or change.subtypes or change.supertypes)


def _apply_layer(game: Game, objs: list[GameObject], effects: list[tuple[GameObject, Any, Any]],
                 began: dict[tuple[int, int], list[GameObject]] | None = None) -> dict[tuple[int, int], list[GameObject]]:  # fmt: skip
    """The effects of one layer, one at a time in timestamp order, an effect
    that depends on another after it (613.7, 613.8); ``began``: the objects
    each effect applied to in an earlier layer (613.6), by its source and
    ability.  Returns the objects each effect applied to."""
    out: dict[tuple[int, int], list[GameObject]] = {}
    while effects:
        pick = next((e for e in effects if not any(
            _depends(game, objs, e, other) and not _depends(game, objs, other, e) for other in effects if other is not e)),
            effects[0])  # fmt: skip
        effects.remove(pick)
        src, index, rule = pick
        key = (src.cid, index if isinstance(index, int) else id(index))
        earlier = began.get(key) if began is not None else None
        found = [(o, rule.change) for o in earlier] if earlier is not None else _applied(game, objs, pick)
        out[key] = [o for o, _ in found]
        for o, change in found:
            o.static_types = (*o.static_types, change)
    return out


def _applied(game: Game, objs: list[GameObject], effect: tuple[GameObject, Any, Any]) -> list[tuple[GameObject, Any]]:
    """The objects a type-changing effect applies to now, each with the
    change: none if its source no longer has the ability (613.8a)."""
    from .conditions import static_condition_holds
    from .filters import matches_ref_static
    from .statics import rules

    src, index, rule = effect
    abilities = chars(src).abilities
    if src.zone != "battlefield":
        return []
    if not isinstance(index, int):
        if not any(eff is index for eff, _, _ in _statics_of(abilities)[0]):  # a static effect's ability, gone (613.8a)
            return []
    elif index >= len(abilities) or not isinstance(abilities[index], A.StaticAbility) \
            or not any(isinstance(r, type(rule)) and r.what == rule.what for r in rules(abilities[index])):  # fmt: skip
        return []
    if rule.condition is not None and not static_condition_holds(game, src, rule.condition):
        return []
    return [(o, rule.change) for o in objs if matches_ref_static(game, src, rule.what, o)]


def _depends(game: Game, objs: list[GameObject], first: tuple[GameObject, Any, Any], other: tuple[GameObject, Any, Any]) -> bool:
    """613.8a: would applying ``other`` change whether ``first`` exists or
    which objects it applies to?"""
    before = [o for o, _ in _applied(game, objs, first)]
    saved = [(o, o.static_types) for o in objs]
    try:
        for o, change in _applied(game, objs, other):
            o.static_types = (*o.static_types, change)
        after = [o for o, _ in _applied(game, objs, first)]
    finally:
        for o, types in saved:
            o.static_types = types
    return [o.id for o in before] != [o.id for o in after]


def front_chars(obj: GameObject) -> Chars:
    """The characteristics of the card itself, face-down or not (for turning it
    face up, 701.40b: "show that it is a creature card" ignores type-changing effects)."""
    if obj.copy_of is not None:
        return printed_chars(obj.copy_of)
    return printed_chars(obj.card, obj.token_colors)


GRANTABLE = (A.ActivatedAbility, A.TriggeredAbility)
"""The kinds of ability a static ability can give objects in quotation marks
(613.1f), kept by :func:`refresh_granted`."""


def granted_problem(action: A.Pump) -> str | None:
    """Why the engine can't give the quoted abilities of a static ability
    (None if it can): only activated and triggered abilities are given; one
    that names the card giving it ("Sacrifice Blazing Torch") names another
    object than the one that has it."""
    from .keywords import reading
    from .objects import quoted_abilities

    for ab in quoted_abilities(action.quoted):
        read = reading(ab)
        if not isinstance(read, GRANTABLE):
            return f"a static ability that grants a quoted {type(read).__name__}"
        if not isinstance(action.what, A.SelfRef | A.ItRef) and any(
            isinstance(n, A.SelfRef) and n.form == "name" for n in _walk(read)
        ):
            return "a quoted ability given to another object that names the card giving it"
    return None


def _walk(node: object) -> list[object]:
    from .bind import walk

    return list(walk(node))  # type: ignore[arg-type]


def _pump_effect(action: A.Pump) -> str | None:
    """Layers 6 and 7c: "[what] get(s) +N/+N", "[what] has [keyword]", "[what]
    has "[ability]"" (613.1f)."""
    if action.quoted and (problem := granted_problem(action)) is not None:
        return problem
    if isinstance(action.power, A.SignedX) or isinstance(action.toughness, A.SignedX):
        return "+X/+X in a static ability: X has no value there"
    if action.duration is not None or action.until_eot:
        return "a static P/T change with a duration"
    return None


def _restriction(action: A.CantBlock) -> str | None:
    """"[what] can't block", "[what] can't be blocked": restrictions on
    declaring blockers (509.1b), read by :func:`restrictions`."""
    return None if action.duration is None else "a static restriction with a duration"


def _set_pt(action: A.SetPT) -> str | None:
    """Layer 7b: "Enchanted creature is 8/8" sets base power and toughness (613.4b)."""
    if action.amounts is not None or action.duration is not None:
        return "a power/toughness-setting effect the interpreter can't apply"
    if not (action.power.isdigit() and action.toughness.isdigit()):
        return "a static power/toughness-setting effect of X or *"
    return None


ATTACK_RESTRICTIONS = {"can't attack": ("can't attack",), "can't attack or block": ("can't attack", "can't block"),
                       "can't be blocked by more than one creature": ("can't be blocked by more than one creature",)}
"""Restrictions on attacking (508.1c) and on blocking (509.1b) a static
ability can state, and the restrictions each one is."""


def _attack_restriction(action: A.Restriction) -> str | None:
    """"[what] can't attack": a restriction on declaring attackers (508.1c),
    read by :func:`restrictions`; or one of which creatures can block which
    (509.1b), read by :func:`block_pair_refusal`."""
    if action.rule in PAIR_RESTRICTIONS and action.other is not None:
        return _pair_problem(action)
    if action.rule not in ATTACK_RESTRICTIONS or action.duration is not None:
        return f"a static '{action.rule}'"
    if action.other is not None and (action.rule != "can't attack" or not _attacks_you(action.other)):
        return f"a static '{action.rule}' of attacks on {type(action.other).__name__}"
    return None


def _attacks_you(other: object) -> bool:
    """"can't attack you", "can't attack you or planeswalkers you control"
    (508.1c): attacks on the ability's controller (the engine's creatures
    attack players only, 506.1, so the planeswalkers add nothing)."""
    if isinstance(other, A.You):
        return True
    if isinstance(other, A.BothRef) and other.conj == "or" and isinstance(other.first, A.You):
        second = other.second
        filt = second.filter if isinstance(second, A.AnObject | A.Each) else None
        return (isinstance(filt, A.ObjectFilter) and filt.nouns == ("planeswalker",) and not filt.qualities
                and isinstance(filt.controller, A.ControlledBy) and isinstance(filt.controller.player, A.You)
                and not filt.controller.negated)  # fmt: skip
    return False


PAIR_RESTRICTIONS = ("can't be blocked by", "can't be blocked except by", "can't block")
"""Restrictions on blocking (509.1b) between a blocker and an attacker, each
with the creatures ``other`` describes: "[this] can't be blocked by
[creatures]", "can't be blocked except by [creatures]", "[creatures] can't
block [creatures]"; with "can block only [creatures]" (a Requirement),
read by :func:`block_pair_refusal`."""

BLOCK_ONLY = "can block only"

_PAIR_OTHERS = (A.Each, A.SelfRef, A.ItRef, A.AttachedRef, A.ObjectFilter, A.BothRef)
"""The descriptions of the other creature of a pair restriction the engine
matches (:func:`cardtext.interpreter.filters.matches_ref_static`)."""


def _pair_problem(action: A.Restriction | A.Requirement) -> str | None:
    if action.duration is not None:
        return f"a static '{action.rule}' with a duration"
    if not isinstance(action.other, _PAIR_OTHERS):
        return f"a static '{action.rule}' of {type(action.other).__name__}"
    return None


def block_pair_refusal(game: Game, blocker: GameObject, attacker: GameObject) -> str | None:
    """509.1b: why a static ability keeps ``blocker`` from blocking
    ``attacker`` (None if none does): the attacker "can't be blocked by" such
    creatures or "can't be blocked except by" them; the blocker "can't block"
    such creatures or "can block only" them."""
    from cardtext.grammar.render import render_node

    from .filters import matches_ref_static

    for src, eff, action in _static_effects(game):
        if isinstance(action, A.Restriction) and action.rule in PAIR_RESTRICTIONS and action.other is not None:
            rule = action.rule
        elif isinstance(action, A.Requirement) and action.rule == BLOCK_ONLY:
            rule = BLOCK_ONLY
        else:
            continue
        if rule.startswith("can't be blocked"):
            if not _affects(game, src, eff, action, attacker):
                continue
            other = matches_ref_static(game, src, action.other, blocker)
            if other == (rule == "can't be blocked by"):
                return f"{display_name(attacker)} {rule} {render_node(action.other)} (509.1b)"
        else:
            if not _affects(game, src, eff, action, blocker):
                continue
            other = matches_ref_static(game, src, action.other, attacker)
            if other != (rule == "can't block"):
                continue
            if rule == BLOCK_ONLY:
                return f"it can block only {render_node(action.other)}, and {display_name(attacker)} isn't one (509.1b)"
            if isinstance(action.other, A.SelfRef | A.ItRef):
                return f"{display_name(src)}: \"{render_node(eff.written or action)}\" (509.1b)"
            return f"it can't block {render_node(action.other)}, and {display_name(attacker)} is one (509.1b)"
    return None


BLOCK_ANY_NUMBER = "can block any number of creatures"
BLOCK_ADDITIONAL = "can block an additional creature each combat"
BLOCK_ADDITIONAL_N = "can block an additional creatures each combat"
BLOCK_COUNTS = (BLOCK_ANY_NUMBER, BLOCK_ADDITIONAL, BLOCK_ADDITIONAL_N)
"""Static abilities that let a creature block more than one attacker (509.1a)."""


def _block_count(action: A.Requirement) -> str | None:
    """509.1a: "[this] can block any number of creatures", "can block an
    additional creature each combat" (or N additional creatures): how many
    attackers a creature may block, read by :func:`block_capacity`; 509.1b:
    "can block only [creatures]", read by :func:`block_pair_refusal`."""
    if action.rule == BLOCK_ONLY:
        return _pair_problem(action)
    if action.rule in COMBAT_REQUIREMENTS or action.rule in (ATTACKS_DESPITE_DEFENDER, STATIC_MUST_BE_BLOCKED):
        return None if action.duration is None and action.other is None else f"a static '{action.rule}' of another creature"
    if action.rule == STATIC_LURE:
        # "All creatures able to block [this creature] do so"
        if (action.duration is None and not action.form and isinstance(action.what, A.Each) and action.what.quantifier == "all"
                and isinstance(action.other, A.SelfRef | A.AttachedRef)):  # fmt: skip
            return None
        return f"a static '{action.rule}' of other than all creatures and this or the enchanted creature"
    if action.rule not in BLOCK_COUNTS or action.duration is not None:
        return f"a static '{action.rule}'" + (" with a duration" if action.duration is not None else "")
    if action.rule == BLOCK_ADDITIONAL_N and not isinstance(action.other, A.Number):
        return "'can block an additional N creatures' with an N that isn't a number"
    return None


COMBAT_REQUIREMENTS = {"attacks each combat if able": "attack", "blocks each combat if able": "block"}
"""Requirements a static ability can state (508.1d, 509.1c), and what they
require, read by :func:`combat_requirements`."""


STATIC_MUST_BE_BLOCKED = "must be blocked if able"
STATIC_LURE = "able to block do so"
"""509.1c: "[this creature] must be blocked if able" and "All creatures able
to block [this creature] do so" as static abilities, read as blockers are
declared (:func:`must_be_blocked`, :func:`lures`)."""


def must_be_blocked(game: Game, obj: GameObject) -> bool:
    """509.1c: must some creature block ``obj`` if one can, by a static ability?"""
    return any(isinstance(action, A.Requirement) and action.rule == STATIC_MUST_BE_BLOCKED
               and _affects(game, src, eff, action, obj) for src, eff, action in _static_effects(game))  # fmt: skip


def lures(game: Game, attackers: Iterable[ObjectId]) -> list[tuple[ObjectId, Any, PlayerId, ObjectId]]:
    """509.1c: "All creatures able to block [this creature] do so": each
    attacker it is about, with the creatures that must block it (a filter,
    read for the ability's controller and source)."""
    out = []
    for src, eff, action in _static_effects(game):
        if not (isinstance(action, A.Requirement) and action.rule == STATIC_LURE and isinstance(action.what, A.Each)):
            continue
        for aid in attackers:
            attacker = game.get(aid)
            if attacker is not None and _affects(game, src, eff, replace(action, what=action.other), attacker):
                out.append((aid, action.what.filter, src.controller, src.id))
    return out


ATTACKS_DESPITE_DEFENDER = "can attack as though it didn't have defender"
"""702.3b: a static ability that lets a creature with defender attack."""


def attacks_despite_defender(game: Game, obj: GameObject) -> bool:
    """702.3b: may ``obj`` attack "as though it didn't have defender"?"""
    return any(isinstance(action, A.Requirement) and action.rule == ATTACKS_DESPITE_DEFENDER
               and _affects(game, src, eff, action, obj) for src, eff, action in _static_effects(game))  # fmt: skip


def combat_requirements(game: Game, obj: GameObject) -> frozenset[str]:
    """508.1d, 509.1c: what static abilities require of ``obj`` — ``"attack"``
    ("attacks each combat if able") and ``"block"`` ("blocks each combat if
    able") — and goad (701.15a) until the goading player's next turn."""
    from .this_turn import GOADED, has_rule

    out: set[str] = set()
    for src, eff, action in _static_effects(game):
        if isinstance(action, A.Requirement) and action.rule in COMBAT_REQUIREMENTS and _affects(game, src, eff, action, obj):
            out.add(COMBAT_REQUIREMENTS[action.rule])
    if game.state.turn_rules and has_rule(game, obj.id, GOADED) is not None:
        out.add("attack")  # 701.15a: a goaded creature attacks each combat if able
    return frozenset(out)


def _static_type(action: A.IsType) -> str | None:
    """Layers 4 and 5 (613.1d, 613.1e): "[objects] is a Knight in addition to
    its other types" as an effect of a static ability, applied with the
    others by :func:`refresh_types`."""
    from .statics import SELF_TYPES

    if action.duration is not None or action.pt or action.special in SELF_TYPES:
        return "a static type change with a duration, power and toughness, or a chosen type"
    change = type_change(action)
    return change if isinstance(change, str) else None


def _lose_keywords(action: A.LoseAbilities) -> str | None:
    """Layer 6 (613.1f): "All creatures lose flying", "Enchanted creature
    loses flying and islandwalk" — keywords the engine reads by name, lost
    in timestamp order with those gained (:func:`keywords`); "loses all
    abilities" and keywords that stand for abilities are not."""
    if action.duration is not None or action.other:
        return "a static loss of abilities with a duration or of 'all other' abilities"
    if not action.keywords:
        return "'loses all abilities' as a static ability"
    for kw in action.keywords:
        if isinstance(kw, A.Protection | A.Enchant) or keyword_name(kw) not in _name_read():
            return f"losing the keyword {keyword_name(kw)} (the abilities it stands for)"
    return None


def _cost_change(action: A.CostModifier) -> str | None:
    """601.2f: a change to the cost of casting spells, applied as the total
    cost is worked out (:func:`cardtext.interpreter.costs.cost_modifiers`), not a
    continuous effect on objects."""
    from .statics import spell_cost_problem

    if action.activate:
        return "a cost change of activated abilities with a condition"
    return spell_cost_problem(action)


STATIC_ACTIONS: dict[type, Callable[..., str | None]] = {
    A.Pump: _pump_effect, A.CantBlock: _restriction, A.SetPT: _set_pt, A.Restriction: _attack_restriction,
    A.Requirement: _block_count, A.CostModifier: _cost_change, A.LoseAbilities: _lose_keywords,
    A.IsType: _static_type,
}  # fmt: skip
"""The continuous effects a static ability can have (611.3), by kind, each
with a check that says why one of them can't be applied (None when it can);
a kind not here, or an effect its check refuses, raises
:class:`~cardtext.interpreter.errors.Unsupported`."""


def static_problem(action: A.Node) -> str | None:
    """Why the interpreter can't apply this effect of a static ability (None if it can)."""
    fn = STATIC_ACTIONS.get(type(action))
    if fn is None:
        return f"static effect {type(action).__name__}"
    from .filters import static_ref_problem

    what = getattr(action, "what", None)
    return fn(action) or (static_ref_problem(what) if isinstance(action, A.Pump) else None)


@per_node
def static_actions(ab: A.StaticEffect) -> tuple[A.Node, ...]:
    """Each continuous effect of a static ability, in printed order (one
    ability, 113.3d): "gets +1/+0 and can't be blocked" is a P/T change and a
    restriction on the same objects; "is 8/8 and has trample" sets P/T
    (613.4b) and grants an ability (613.1f)."""
    out: list[A.Node] = []
    about = _condition_object(ab.condition)
    for action in ab.effects:
        if about is not None and isinstance(getattr(action, "what", None), A.ItRef):
            # "As long as equipped creature is a Human, it has lifelink": "it"
            # is the object the condition is about
            action = replace(action, what=about)
        out.append(action)
        extra = getattr(action, "extra", None)
        if isinstance(action, A.Pump) and isinstance(extra, A.Node):
            out.append(replace(extra, what=action.what) if getattr(extra, "what", 0) is None else extra)  # type: ignore[call-arg]
        if isinstance(action, A.SetPT) and action.keywords:
            out.append(A.Pump(action.what, None, None, action.keywords, verb="have"))
    return tuple(out)


_CONDITION_OBJECTS = {A.IsState: "object", A.IsTapped: "object", A.IsCreature: "object", A.IsEquipped: "object",
                      A.HasCounters: "on", A.DoesAction: "subject"}  # fmt: skip
"""The conditions about one object, and the field that names it."""


def _condition_object(cond: object) -> A.Node | None:
    """The object a static ability's condition is about, when it is another
    than the ability's source ("As long as enchanted creature is a Human"):
    the "it" of the effect that follows (None if there is none)."""
    if isinstance(cond, A.CondAnd):
        return _condition_object(cond.first)
    name = _CONDITION_OBJECTS.get(type(cond))
    about = getattr(cond, name) if name is not None else None
    if isinstance(about, A.Node) and not isinstance(about, A.ItRef | A.SelfRef):
        return about
    return None


def _self_only(what: object) -> bool:
    return isinstance(what, A.SelfRef | A.ItRef)



StaticAction = A.Pump | A.CantBlock | A.SetPT | A.Restriction | A.Requirement | A.LoseAbilities | A.IsType


ABILITY_KINDS: tuple[type, ...] = (
    A.KeywordLine, A.Kicker, A.AdditionalCost, A.AlternativeCost, A.SpellAbility, A.TriggeredAbility, A.ActivatedAbility,
    A.CantBeCountered, A.StaticEffect, A.CostModifier, A.PTEqual, A.EntersWithCounters, A.EntersTapped,
    A.AsEnters, A.EntersAsCopy, A.ReminderOnly, A.StaticAbility, A.FirstSpellCost, A.LoyaltyAbility,
    A.DefinedKeyword, A.ExertAsAttacks, BuybackCost, BargainCost, OffspringCost, GiftPromise, CyclingAbility,
    ExhaustAbility, KeywordAlternative,
)  # fmt: skip
"""The kinds of ability (113) the engine carries out, each where it applies
(:data:`cardtext.interpreter.support.ABILITIES` says where).  A permanent or spell
with an ability of another kind can't be played faithfully: working out
the game's continuous effects then raises
:class:`~cardtext.interpreter.errors.Unsupported` rather than leaving it out."""


def _static_effects(game: Game) -> list[tuple[GameObject, A.StaticEffect, StaticAction]]:
    """Static abilities' effects that apply, each with its source and ability
    ("gets +1/+0 and can't be blocked" is one ability with two effects):
    those of permanents on the battlefield, and those of a spell about itself
    while it is on the stack ("If this spell was kicked, it has split
    second", 113.6a/112.6)."""
    out: list[tuple[GameObject, A.StaticEffect, StaticAction]] = []
    for src in game.battlefield() + game.zone_objects("stack"):
        if src.face_down is not None:
            continue
        effects, problem, of_object = _statics_of(chars(src).abilities)
        if problem is not None:
            from .errors import Unsupported

            raise Unsupported(f"{display_name(src)} {problem}" if of_object else problem)
        on_stack = src.zone == "stack"
        for ab, action, about_itself in effects:
            if not on_stack or about_itself:
                out.append((src, ab, action))
    return out


_StaticsOf = tuple[tuple[tuple[A.StaticEffect, StaticAction, bool], ...], str | None, bool]


@per_node
def _statics_of(abilities: tuple[A.Ability, ...]) -> _StaticsOf:
    """The continuous effects of the static abilities among ``abilities``
    (an object's characteristics), each with its ability and whether it is
    about the object itself; then why the interpreter can't carry them out
    (None if it can), and whether that is said of the object (an ability
    of a kind it doesn't know) rather than of an effect it can't apply."""
    from .statics import Continuous, rules

    out: list[tuple[A.StaticEffect, StaticAction, bool]] = []
    for ab in abilities:
        if isinstance(ab, A.StaticAbility):
            # rules of the game, applied where the rules look (cardtext.interpreter.statics);
            # continuous effects written as clauses of its sentence, applied here
            for rule in rules(ab):
                if isinstance(rule, Continuous):
                    for action in static_actions(rule.effect):
                        problem = static_problem(action)
                        if problem is not None:
                            return (), problem, False
                        out.append((rule.effect, action, _self_only(getattr(action, "what", None))))  # type: ignore[arg-type]
            continue
        if not isinstance(ab, A.StaticEffect):
            if not isinstance(ab, ABILITY_KINDS):
                return (), f"has an ability the interpreter can't carry out: {type(ab).__name__}", True
            continue
        for action in static_actions(ab):
            problem = static_problem(action)
            if problem is not None:
                return (), problem, False
            if isinstance(action, A.Pump | A.CantBlock | A.SetPT | A.Restriction | A.Requirement | A.LoseAbilities | A.IsType):
                out.append((ab, action, _self_only(getattr(action, "what", None))))
    return tuple(out), None, False


def granted_keyword(game: Game, word: str) -> bool:
    """May an effect now give some object the keyword ``word`` (a static
    ability's grant or one until end of turn)?  When not, an object has it
    only if it is printed on it."""
    return any(word in e.keywords for e in game.state.eot) or any(
        word in (given_keyword_name(k) for k in pump.keywords) for _, _, pump in _static_pumps(game))


def _static_pumps(game: Game) -> list[tuple[GameObject, A.StaticEffect, A.Pump]]:
    """Static effects that change P/T or grant keywords (layers 6 and 7c)."""
    return [(src, ab, action) for src, ab, action in _static_effects(game) if isinstance(action, A.Pump)]


REFRESHED_FIRST: list[Callable[[Game], None]] = []
"""What :func:`refresh_granted` works out again before the types and the
abilities given: the control-changing effects of static abilities (layer
2, 613.1b), registered by :mod:`cardtext.interpreter.control`."""


def refresh_granted(game: Game) -> None:
    """613.1f: the abilities static abilities give permanents in quotation
    marks ('Creatures you control have "{T}: Add {G}."', 'Enchanted creature
    has "At the beginning of your upkeep, ..."'), worked out again for each
    permanent: they come after its own abilities (so those keep their
    indexes), for as long as the static ability applies.  Called whenever
    state-based actions are checked (117.5) and before an action is taken,
    so the abilities are those of the game as it is."""
    from .keywords import reading
    from .objects import quoted_abilities

    if _no_continuous_effects(game):
        return  # nothing to work out again: no static ability anywhere, none applied before
    for refresh in REFRESHED_FIRST:
        refresh(game)  # layer 2 (613.1b): cardtext.interpreter.control.refresh_control
    refresh_types(game)  # layers 4 and 5 (613.1d, 613.1e)
    effects = [(src, eff, action) for src, eff, action in _static_effects(game)
               if isinstance(action, A.Pump) and action.quoted]  # fmt: skip
    if effects:
        # a condition not about the object affected holds or not for all of them: told once
        effects = [e for e in effects if isinstance(e[2].what, A.AttachedRef) or _holds_for(game, e[0], e[1])]
    for obj in game.battlefield():
        given: list[A.Ability] = []
        if effects:
            for src, eff, action in effects:
                if _affects(game, src, eff, action, obj, told=not isinstance(action.what, A.AttachedRef)):
                    given.extend(reading(ab) for ab in quoted_abilities(action.quoted))
        found = tuple(given)
        if found != obj.from_statics:
            obj.from_statics = found


@per_node
def _has_continuous(abilities: tuple[A.Ability, ...]) -> bool:
    """Whether abilities include one that :func:`_statics_of` reads (a static
    ability, or one of a kind the interpreter doesn't know, which it refuses)."""
    return any(isinstance(ab, A.StaticAbility | A.StaticEffect) or not isinstance(ab, ABILITY_KINDS) for ab in abilities)


def _no_continuous_effects(game: Game) -> bool:
    """Whether :func:`refresh_granted` would change nothing: no face-up
    permanent or spell has a static ability, and no permanent keeps what
    one gave it before (types, control, abilities)."""
    for o in game.battlefield():
        if o.static_types or o.from_statics or o.static_base is not None:
            return False
        if o.face_down is None and _has_continuous(chars(o).abilities):
            return False
    return not any(o.face_down is None and _has_continuous(chars(o).abilities) for o in game.zone_objects("stack"))


def restrictions(game: Game, obj: GameObject) -> frozenset[str]:
    """509.1b, 508.1c: the restrictions on ``obj`` from static abilities and
    from instructions of this turn — ``"can't block"``, ``"can't be
    blocked"``, ``"can't be blocked by more than one creature"`` and
    ``"can't attack"``."""
    from .this_turn import combat_rules

    if obj.zone != "battlefield":
        return frozenset()
    out: set[str] = set(combat_rules(game, obj.id))  # "can't block this turn" (611.2a)
    if "suspected" in obj.marks:
        out.add("can't block")  # 701.60c: "This creature can't block" while it is suspected
    for src, eff, action in _static_effects(game):
        if isinstance(action, A.CantBlock) and _affects(game, src, eff, action, obj):
            out.add("can't be blocked" if action.blocked else "can't block")
        if isinstance(action, A.Restriction) and action.rule in ATTACK_RESTRICTIONS and _affects(game, src, eff, action, obj):
            if action.other is not None and src.controller not in game.opponents(obj.controller):
                continue  # "can't attack you": it attacks another player (508.1c)
            out.update(ATTACK_RESTRICTIONS[action.rule])
    return frozenset(out)


def block_capacity(game: Game, obj: GameObject) -> int | None:
    """509.1a: how many attackers ``obj`` may block — one, plus one for each
    "can block an additional creature each combat" (N for "an additional N
    creatures") that applies to it; None for "can block any number of
    creatures"."""
    total = 1
    for src, eff, action in _static_effects(game):
        if not isinstance(action, A.Requirement) or not _affects(game, src, eff, action, obj):
            continue
        if action.rule == BLOCK_ANY_NUMBER:
            return None
        total += action.other.value if action.rule == BLOCK_ADDITIONAL_N else 1
    return total


def _holds_for(game: Game, src: GameObject, eff: A.StaticEffect) -> bool:
    """Does the condition of a static effect hold (none: it does)?"""
    from .conditions import holds
    from .context import Ctx

    return eff.condition is None or holds(Ctx(game, src.controller, src.id), eff.condition)


def _affects(game: Game, src: GameObject, eff: A.StaticEffect, action: StaticAction, obj: GameObject,
             *, told: bool = False) -> bool:  # fmt: skip
    """Does the static effect apply to ``obj``: its condition holds (``told``:
    it is known to) and ``obj`` is one of the objects it is about?"""
    from .conditions import holds
    from .context import Ctx
    from .filters import matches_ref_static

    if eff.condition is not None and not told:
        ctx = Ctx(game, src.controller, src.id)
        if isinstance(action.what, A.AttachedRef) and isinstance(src.attached_to, tuple):
            # "Enchanted creature has trample as long as it's a Human": "it"
            # in the condition is the object the effect is about
            ctx.it = [src.attached_to]
        if not holds(ctx, eff.condition):
            return False
    return matches_ref_static(game, src, action.what, obj)


def _pt_equal(game: Game, obj: GameObject, ab: A.PTEqual, power: int, tough: int) -> tuple[int, int]:
    """604.3, 613.4a: "[this]'s power and toughness are each equal to [N]",
    "[this]'s power is equal to [N]" (the other the printed one), "... and
    its toughness is equal to [M]" — a characteristic-defining ability, applied in every zone before any
    other effect changes P/T."""
    from .errors import Unsupported
    from .quantities import static_quantity

    if not _self_only(ab.object):
        raise Unsupported("a power/toughness-defining ability about another object")
    n = static_quantity(game, obj, ab.amount)
    if ab.stat == "power":
        return n, tough  # "[this]'s power is equal to ...": its toughness is the printed one
    if ab.stat == "toughness":
        return power, n
    if ab.stat == "power, toughness":
        return n, static_quantity(game, obj, ab.second)
    return n, n


CHARACTERISTIC_DEFINING: dict[type, Callable[..., tuple[int, int]]] = {A.PTEqual: _pt_equal}
"""Characteristic-defining abilities (604.3), by kind (layer 7a)."""


def power_toughness(game: Game, obj: GameObject) -> tuple[int | None, int | None]:
    """Layer 7: base P/T and characteristic-defining abilities (7a), effects
    that set P/T ("is 8/8", 7b, in timestamp order), static and
    until-end-of-turn changes and +1/+1 and -1/-1 counters (7c), then
    switching power and toughness (7d)."""
    c = chars(obj)
    sets: list[tuple[int, int, int]] = []
    statics: list[tuple[GameObject, A.StaticEffect, StaticAction]] = []
    resolved: list[EotEffect] = []
    if obj.zone == "battlefield":
        statics = _static_effects(game)
        sets = [
            (src.arrived, _stat(setter.power), _stat(setter.toughness))
            for src, eff, setter in statics
            if isinstance(setter, A.SetPT) and _affects(game, src, eff, setter, obj)
        ]
        sets.extend(_own_stats(game, obj, c))
        # 613.4b: base P/T set by resolved spells and abilities ("has base
        # power and toughness 1/1 until end of turn", "becomes a 4/4 ...")
        resolved = [e for e in game.state.eot if e.target == obj.id]
        sets.extend((e.timestamp, e.power, e.toughness) for e in resolved if e.sets)
    if c.base_power is None and (not sets or not c.is_type("creature")):
        return None, None  # 208.3: a noncreature permanent has no power or toughness
    power, tough = c.base_power or 0, c.base_toughness or 0
    for ab in c.abilities:
        cda = CHARACTERISTIC_DEFINING.get(type(ab))
        if cda is not None:
            power, tough = cda(game, obj, ab, power, tough)
    if obj.zone == "battlefield":
        for _, p, t in sorted(sets, key=lambda t: t[0]):  # 613.7: timestamp order
            power, tough = p, t
        for src, eff, pump in statics:
            if not isinstance(pump, A.Pump) or (pump.power is None and pump.toughness is None):
                continue
            if not _affects(game, src, eff, pump, obj):
                continue
            times = 1
            if pump.per is not None:
                from .quantities import static_quantity

                times = static_quantity(game, src, pump.per, it=obj.id)  # "for each Aura attached to it": obj
            power += (pump.power or 0) * times
            tough += (pump.toughness or 0) * times
        for e in resolved:
            if not e.sets:
                power += e.power
                tough += e.toughness
    plus = obj.counters.get("+1/+1", 0)
    minus = obj.counters.get("-1/-1", 0)
    power, tough = power + plus - minus, tough + plus - minus
    if sum(1 for e in resolved if e.switch) % 2:
        # 613.4d: switched after every other change (each switch undoes the one before)
        power, tough = tough, power
    return power, tough


def _own_stats(game: Game, obj: GameObject, c: Chars) -> list[tuple[int, int, int]]:
    """613.4b: "[this] has the power and toughness of the last creature card
    exiled with [this]" (:class:`cardtext.interpreter.statics.StatsOfExiled`), as
    (timestamp, power, toughness)."""
    if not any(isinstance(ab, A.StaticAbility) for ab in c.abilities):
        return []
    from .statics import StatsOfExiled, last_exiled_creature, self_rules

    out = []
    for index, rule in self_rules(c):
        if isinstance(rule, StatsOfExiled) and rule.power:
            card = last_exiled_creature(game, obj, index)
            if card is not None:
                p, t = power_toughness(game, card)
                out.append((obj.arrived, p or 0, t or 0))
    return out


def chars_in(game: Game, obj: GameObject) -> Chars:
    """:func:`chars` with the static abilities of the object about its own
    types that need the game to be worked out (layer 4, 613.1d): "[this] is
    the chosen type in addition to its other types" (607.2d), "[this] has
    the creature types of the last creature card exiled with [this]. It's
    still a Shapeshifter." (607.2a, 205.1b)."""
    c = chars(obj)
    if obj.face_down is not None or obj.zone != "battlefield" or not any(isinstance(a, A.StaticAbility) for a in c.abilities):
        return c
    from .statics import SelfType, StatsOfExiled, last_exiled_creature, self_rules

    subtypes = list(c.subtypes)
    for index, rule in self_rules(c):
        if isinstance(rule, SelfType):
            chosen = game.linked(obj.id).chosen_by(None)
            new = [str(chosen)] if rule.chosen and chosen is not None else list(rule.words)
            subtypes.extend(t for t in new if t not in subtypes)
        elif isinstance(rule, StatsOfExiled) and rule.creature_types:
            card = last_exiled_creature(game, obj, index)
            if card is None:
                continue
            from .objects import CREATURE_TYPES

            kept = [t for t in subtypes if t not in CREATURE_TYPES or t in rule.still]
            subtypes = kept + [t for t in chars(card).subtypes if t in CREATURE_TYPES and t not in kept]
    return replace(c, subtypes=tuple(subtypes))


_KEYWORDS_SO_FAR: dict[tuple[int, tuple[int, int]], set[str]] = {}
"""The keywords of objects whose keywords are being worked out, as far as
they are: what a description by keyword ("creatures you control with first
strike") sees of them while the effects that grant keywords apply."""


def keywords(game: Game, obj: GameObject) -> frozenset[str]:
    """Printed keywords plus those granted by static abilities and until-end-of-turn
    effects.  Effects that grant keywords apply one by one (613.1f, 613.7): whether
    "creatures you control with first strike have double strike" applies to an
    object is judged by the keywords it has from the effects applied before it
    (those it depends on first, 613.8), so an effect never waits on itself."""
    key = (id(game), obj.id)
    partial = _KEYWORDS_SO_FAR.get(key)
    if partial is not None:
        return frozenset(partial)
    c = chars(obj)
    out = set(c.printed_keywords)
    if obj.zone in ("battlefield", "stack"):
        # layer 6 in timestamp order (613.7): a static ability's effect has its
        # object's timestamp (613.7a), a resolved one the time it began (613.7b)
        changes: list[tuple[int, tuple[str, ...], tuple[str, ...]]] = [
            (e.timestamp, e.keywords, e.loses) for e in game.state.eot if e.target == obj.id]
        seen = set(out).union(*(gained for _, gained, _ in changes))
        _KEYWORDS_SO_FAR[key] = seen
        try:
            statics = _static_effects(game)  # worked out once, for the grants and the losses
            pumps = [(src, eff, pump) for src, eff, pump in statics if isinstance(pump, A.Pump) and pump.keywords]
            while pumps:
                # an effect that another depends on applies first (613.8): one that grants
                # first strike before "creatures with first strike have double strike"
                now = [_affects(game, src, eff, pump, obj) for src, eff, pump in pumps]
                if not any(now):
                    break
                for (src, _, pump), hit in zip(pumps, now, strict=True):
                    if hit:
                        gained = tuple(given_keyword_name(k) for k in pump.keywords)
                        changes.append((src.arrived, gained, ()))
                        seen.update(gained)
                pumps = [p for p, hit in zip(pumps, now, strict=True) if not hit]
            # layer 6 too: keywords lost by static abilities ("All creatures lose flying")
            changes.extend((src.arrived, (), tuple(keyword_name(k) for k in lose.keywords))
                           for src, eff, lose in statics
                           if isinstance(lose, A.LoseAbilities) and _affects(game, src, eff, lose, obj))  # fmt: skip
        finally:
            del _KEYWORDS_SO_FAR[key]
        if any(lost for _, _, lost in changes):
            changes.sort(key=lambda t: t[0])
        for _, gained, lost in changes:
            out.update(gained)
            out.difference_update(lost)
    if obj.zone == "battlefield" and "suspected" in obj.marks:
        out.add("menace")  # 701.60c: a suspected permanent has menace
    if obj.zone == "battlefield" and "riot haste" in obj.marks:
        out.add("haste")  # 702.136a: riot's "If you don't, it gains haste"
    if obj.zone == "battlefield" and "suspend haste" in obj.marks and obj.controlled < obj.arrived:
        out.add("haste")  # 702.62a: haste until its controller loses control of it
    return frozenset(out)


def has_keyword(game: Game, obj: GameObject, word: str) -> bool:
    return word in keywords(game, obj)


def display_name(obj: GameObject) -> str:
    """How the log names an object: face-down permanents and spells have no name (M10)."""
    if obj.face_down is not None:
        kind = {"stack": "spell", "battlefield": "permanent"}.get(obj.zone, "card")
        return f"face-down {kind} [id {obj.cid}]"
    card = face_card(obj)
    base = card.faces[0].name if card.faces and card.layout not in ("split", "aftermath") else card.name
    if obj.spell_copy:
        return f"copy of {base}"
    return base


__all__ = [
    "ABILITY_KINDS", "ATTACKS_DESPITE_DEFENDER", "attacks_despite_defender", "BASIC_LAND_MANA", "CLOAKED_CARD", "FACE_DOWN_CARD", "WARDED_FACE_DOWN", "BLOCK_COUNTS", "block_capacity", "CHARACTERISTIC_DEFINING", "COMBAT_REQUIREMENTS", "STATIC_ACTIONS", "STATIC_LURE", "STATIC_MUST_BE_BLOCKED", "lures", "must_be_blocked", "Chars", "combat_requirements", "chars", "chars_in", "display_name", "face_card", "front_chars", "has_keyword",
    "color_letters", "given_keyword_name", "refresh_types", "type_change", "TypeChange", "granted_keyword", "granted_problem", "keyword_name", "refresh_granted", "keywords", "mana_colors", "power_toughness", "printed_chars", "restrictions",
    "static_actions", "static_problem", "is_room", "room_view",
]  # fmt: skip
