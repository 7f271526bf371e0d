"""Does an object fit a description?  (CR 109, 115.1, 205)

"another nonblack creature you don't control", "creature card in your
graveyard", "a card with a kicker ability" (K19): an
:class:`~grammar.ast.ObjectFilter` matched against one object, seen from a
player ("you") and a source object ("another").
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from grammar import ast as A

from .characteristics import chars, keywords, power_toughness
from .errors import Unsupported
from .objects import GameObject, ObjectId, PlayerId

if TYPE_CHECKING:
    from .state import Game

CARD_TYPES = {"artifact", "creature", "enchantment", "land", "planeswalker", "instant", "sorcery", "battle", "kindred"}
PERMANENT_TYPES = {"artifact", "creature", "enchantment", "land", "planeswalker", "battle"}
COLOR_WORDS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}

PlayerResolver = Callable[[object], list[PlayerId]]


def simple_players(game: Game, you: PlayerId) -> PlayerResolver:
    """Who "you" and "an opponent" are, for filters outside a resolving ability."""

    def resolve(ref: object) -> list[PlayerId]:
        if isinstance(ref, A.You):
            return [you]
        if isinstance(ref, A.PlayerGroup):
            if ref.which in ("each_opponent", "an_opponent", "defending"):
                return game.opponents(you)
            return list(game.state.players)
        raise Unsupported(f"a player reference the interpreter can't resolve here: {type(ref).__name__}")

    return resolve


def _compare(value: int, comparison: A.Comparison, amount: int) -> bool:
    if comparison.op == "le":
        return value <= amount
    if comparison.op == "ge":
        return value >= amount
    return value == amount


def _has_kicker(card: A.Card) -> bool:
    """K19: a kicker or multikicker keyword ability, not a mention of kicking."""
    return any(isinstance(a, A.Kicker) for a in card.abilities)


def matches(
    game: Game,
    filt: A.ObjectFilter,
    obj: GameObject,
    *,
    you: PlayerId,
    source: ObjectId | None,
    players: PlayerResolver | None = None,
    quantity: Callable[[A.Quantity], int] | None = None,
) -> bool:
    c = chars(obj)
    types = set(c.types)
    zone = obj.zone
    nouns = [n.lower() for n in filt.nouns]
    # where the object must be
    if filt.zone is not None:
        if zone != filt.zone.zone:
            return False
        if filt.zone.owner is not None:
            owners = (players or simple_players(game, you))(filt.zone.owner)
            if obj.owner not in owners:
                return False
    elif filt.card or "card" in nouns:
        if zone == "battlefield" or zone == "stack":
            return False
    elif "spell" in nouns:
        if zone != "stack":
            return False
    elif zone != "battlefield":
        return False
    # what it must be: a disjunction of nouns
    if nouns:
        ok = False
        for noun in nouns:
            if noun in ("card", "spell", "object"):
                ok = True
            elif noun == "permanent":
                ok = zone == "battlefield"
            elif noun in CARD_TYPES:
                ok = noun in types
            elif noun == "player":
                ok = False
            else:
                ok = noun.capitalize() in c.subtypes or noun in (s.lower() for s in c.subtypes)
            if ok:
                break
        if not ok:
            return False
    if filt.another and source is not None and obj.id == source:
        return False
    for adj in filt.adjectives:
        if not _adjective(game, adj, obj, c):
            return False
    for q in filt.qualities:
        if isinstance(q, A.WithKeyword):
            if (q.keyword.lower() in keywords(game, obj)) == q.negated:
                return False
        elif isinstance(q, A.WithKicker):
            if obj.face_down is not None or not _has_kicker(obj.copy_of or obj.card):
                return False
        elif isinstance(q, A.WithCounter):
            if obj.counters.get(q.kind, 0) <= 0:
                return False
        elif isinstance(q, A.WithManaValue):
            if quantity is None:
                amount = q.comparison.value.value if isinstance(q.comparison.value, A.Number) else 0
            else:
                amount = quantity(q.comparison.value)
            if not _compare(c.mana_value, q.comparison, amount):
                return False
        elif isinstance(q, A.WithPower):
            p, _ = power_toughness(game, obj)
            amount = quantity(q.comparison.value) if quantity else getattr(q.comparison.value, "value", 0)
            if p is None or not _compare(p, q.comparison, amount):
                return False
        elif isinstance(q, A.CreatedWith):
            # 607.2c: only what the linked ability of that object made
            maker = _maker(game, q.object, source)
            if maker is None or obj.id not in game.linked(maker).created_by(None):
                return False
        elif isinstance(q, A.OfChosenType):
            chosen = game.linked(source).chosen_by(None) if source is not None else None
            if chosen is None or chosen not in c.subtypes:
                return False  # 607.5a: a choice never made matches nothing
        elif isinstance(q, A.NamedSelf):
            # 201.2: "a card named [this]": the name of the object the text is on
            me = game.state.objects.get(source[0]) if source is not None else None
            if me is None or obj.face_down is not None or c.name != (me.copy_of or me.card).name:
                return False
        elif isinstance(q, A.WithChosenName):
            chosen = game.linked(source).chosen_by(None) if source is not None else None
            if chosen is None or c.name != chosen:
                return False
        else:
            raise Unsupported(f"object quality {type(q).__name__}")
    if filt.controller is not None:
        who = (players or simple_players(game, you))(filt.controller.player)
        inside = obj.controller in who
        if inside == filt.controller.negated:
            return False
    return True


def _maker(game: Game, ref: object, source: ObjectId | None) -> ObjectId | None:
    if isinstance(ref, A.SelfRef | A.ItRef):
        return source
    raise Unsupported(f"'created with' {type(ref).__name__}")


def _adjective(game: Game, adj: A.Adjective, obj: GameObject, c: object) -> bool:
    from .characteristics import Chars

    assert isinstance(c, Chars)
    if isinstance(adj, A.ColorAdj):
        word = adj.color.lower()
        if word == "colorless":
            ok = not c.colors
        elif word == "multicolored":
            ok = len(c.colors) > 1
        elif word == "monocolored":
            ok = len(c.colors) == 1
        else:
            ok = COLOR_WORDS.get(word, word) in c.colors
        return ok != adj.negated
    if isinstance(adj, A.TypeAdj):
        t = adj.type.lower()
        if t in CARD_TYPES:
            ok = t in c.types
        elif t in ("basic", "legendary", "snow", "world"):
            ok = t in c.supertypes
        elif t == "token":
            ok = obj.token
        else:
            ok = t in c.types or t in c.supertypes
        return ok != adj.negated
    if isinstance(adj, A.SubtypeAdj):
        ok = adj.subtype in c.subtypes
        return ok != adj.negated
    if isinstance(adj, A.StatusAdj):
        s = adj.status.lower()
        if s == "tapped":
            ok = obj.tapped
        elif s == "untapped":
            ok = not obj.tapped
        elif s == "face-down":
            ok = obj.face_down is not None
        elif s == "face-up":
            ok = obj.face_down is None
        elif s == "token":
            ok = obj.token
        elif s == "nontoken":
            ok = not obj.token
        elif s in ("attacking", "blocking"):
            ok = False  # combat is not modelled: nothing is attacking or blocking
        else:
            raise Unsupported(f"status '{adj.status}'")
        return ok != adj.negated
    raise Unsupported(f"adjective {type(adj).__name__}")


def matches_ref_static(game: Game, src: GameObject, what: object, obj: GameObject) -> bool:
    """Is ``obj`` one of the objects a static ability of ``src`` affects?"""
    if isinstance(what, A.Each):
        return matches(game, what.filter, obj, you=src.controller, source=src.id)
    if isinstance(what, (A.SelfRef, A.ItRef)):
        return obj.id == src.id
    if isinstance(what, A.AttachedRef):
        return src.attached_to == obj.id
    if isinstance(what, A.ObjectFilter):
        return matches(game, what, obj, you=src.controller, source=src.id)
    if isinstance(what, A.BothRef):
        # "Saproling creatures and other Treefolk creatures": either description (each object once)
        return matches_ref_static(game, src, what.first, obj) or matches_ref_static(game, src, what.second, obj)
    raise Unsupported(f"static ability affecting {type(what).__name__}")


__all__ = ["matches", "matches_ref_static", "simple_players"]
