"""Does an object fit a description?  (CR 109, 115.1, 205)

"another nonblack creature you don't control", "creature card in your
graveyard", "a card with a kicker ability" (K19): an
:class:`~cardtext.grammar.ast.ObjectFilter` matched against one object, seen from a
player ("you") and a source object ("another").
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from cardtext.grammar import ast as A

from .characteristics import Chars, chars, chars_in, keyword_name, keywords, power_toughness
from .errors import Unsupported
from .objects import CREATURE_TYPES, GameObject, ObjectId, PlayerId
from .zone_changes import ZONE_EVENTS, quality_fits
from .zone_changes import filter_problem as zone_change_problem

if TYPE_CHECKING:
    from .state import Game

CARD_TYPES = {"artifact", "creature", "enchantment", "land", "planeswalker", "instant", "sorcery", "battle", "kindred"}
PERMANENT_TYPES = {"artifact", "creature", "enchantment", "land", "planeswalker", "battle"}
COLOR_WORDS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}

PlayerResolver = Callable[[object], list[PlayerId]]

OUTLAW_TYPES = frozenset({"Assassin", "Mercenary", "Pirate", "Rogue", "Warlock"})
"""The creature types an "outlaw" has one of (the batch word of Outlaws of
Thunder Junction's rules, like "historic", 700.6)."""


OPPONENT_GROUPS = frozenset({
    "each_opponent", "an_opponent", "defending", "your_opponents", "opponents", "all_opponents",
    "any_opponent", "another_opponent", "each_other_opponent", "another_player", "each_other_player",
})  # fmt: skip
"""Groups of players that are the opponents of "you" in a two-player game
(102.2, 102.3; the defending player, 506.2, is the opponent attacked)."""

ALL_PLAYER_GROUPS = frozenset({"each_player", "a_player", "all_players", "players", "any_player"})
"""Groups that are every player (102.1)."""


def group_players(game: Game, which: str, you: PlayerId) -> list[PlayerId]:
    """The players a group ("your opponents", "each player", "the active
    player") is, seen from ``you``; Unsupported for a group the engine has
    no meaning for ("no player", "your team"), never every player by default."""
    if which in OPPONENT_GROUPS:
        return game.opponents(you)
    if which in ALL_PLAYER_GROUPS:
        return list(game.state.players)
    if which == "active":
        return [game.state.active]
    raise Unsupported(f"the players '{which.replace('_', ' ')}'")


def simple_players(game: Game, you: PlayerId) -> PlayerResolver:
    """Who "you" and "an opponent" are, for filters outside a resolving ability."""

    def resolve(ref: object) -> list[PlayerId]:
        if isinstance(ref, A.You):
            return [you]
        if isinstance(ref, A.PlayerGroup):
            return group_players(game, ref.which, you)
        raise Unsupported(f"a player reference the interpreter can't resolve here: {type(ref).__name__}")

    return resolve


def compare(value: int, comparison: A.Comparison, amount: int) -> bool:
    """ "2 or less", "3 or greater", "less than 4", "other than 0", "X"."""
    op = comparison.op
    if op in ("le", "le_words"):
        return value <= amount
    if op in ("ge", "ge_words"):
        return value >= amount
    if op == "lt":
        return value < amount
    if op == "gt":
        return value > amount
    if op == "ne":
        return value != amount
    return value == amount


def _has_kicker(card: A.Card) -> bool:
    """K19: a kicker or multikicker keyword ability, not a mention of kicking."""
    return any(isinstance(a, A.Kicker) for a in card.abilities)


ObjectResolver = Callable[[object], list[ObjectId]]


def matches(
    game: Game,
    filt: A.ObjectFilter,
    obj: GameObject,
    *,
    you: PlayerId,
    source: ObjectId | None,
    players: PlayerResolver | None = None,
    quantity: Callable[[A.Quantity], int] | None = None,
    objects: ObjectResolver | None = None,
    anywhere: bool = False,
) -> bool:
    """Does ``obj`` fit the description, seen from player ``you`` and object
    ``source``?  ``anywhere``: the object is known to be where the
    instruction looks (a library searched, a hand), so where it is isn't
    checked; ``objects`` resolves "from among them"."""
    if filt.controller is not None and filt.controller.past:
        raise Unsupported("who controlled an object before (608.2h): 'a permanent you controlled'")
    c = chars_in(game, obj)
    types = set(c.types)
    zone = obj.zone
    nouns = [n.lower() for n in filt.nouns]
    # where the object must be
    if anywhere:
        pass
    elif filt.zone is not None:
        from .context import zone_names

        if zone not in zone_names(filt.zone):
            return False
        if filt.zone.owner is not None:
            owners = (players or simple_players(game, you))(filt.zone.owner)
            if obj.owner not in owners:
                return False
    elif filt.card or "card" in nouns:
        if zone == "battlefield" or zone == "stack":
            return False
    elif filt.spell or "spell" in nouns:
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
                # "permanent spell": a spell that becomes a permanent as it resolves (608.3);
                # "permanent card": a card of a permanent type, wherever it is (110.4b)
                ok = zone == "battlefield" or bool(types & PERMANENT_TYPES)
            elif noun in CARD_TYPES:
                ok = noun in types
            elif noun in ("player", "opponent"):
                ok = False
            elif noun == "outlaw":
                ok = bool(OUTLAW_TYPES & set(c.subtypes))
            elif noun == "token":  # "if it isn't a token", "a token you control" (111.1)
                ok = obj.token
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
        if not _quality(game, q, obj, c, you=you, source=source, quantity=quantity, objects=objects,
                        who=players or simple_players(game, you)):
            return False
    if filt.controller is not None:
        who = (players or simple_players(game, you))(filt.controller.player)
        inside = obj.controller in who
        if inside == filt.controller.negated:
            return False
    return True


def _own_stat(game: Game, obj: GameObject, c: Chars, stat: str) -> int:
    """An object's own power, toughness or mana value, compared within its
    own description."""
    if stat == "mana value":
        return c.mana_value
    if stat not in ("power", "toughness"):
        raise Unsupported(f"a description by its {stat}")
    p, t = power_toughness(game, obj)
    value = p if stat == "power" else t
    return value or 0


def _lesser(game: Game, q: A.WithLesser, obj: GameObject, c: Chars, source: ObjectId | None) -> bool:
    """ "with lesser power", "with greater toughness" than the source object
    (``than`` "this creature"): the object's own value against the source's,
    as it is or as it last existed (608.2h)."""
    if not isinstance(q.than, A.SelfRef) or source is None:
        raise Unsupported(f"object quality WithLesser compared with {type(q.than).__name__}")
    src = game.get(source)
    if src is not None:
        theirs = _own_stat(game, src, chars_in(game, src), q.stat)
    else:
        lki = game.state.lki.get(source)
        if lki is None:
            return False
        value = lki.mana_value if q.stat == "mana value" else lki.power if q.stat == "power" else lki.toughness
        theirs = value or 0
    mine = _own_stat(game, obj, c, q.stat)
    return mine < theirs if q.word == "lesser" else mine > theirs


def _amount(quantity: Callable[[A.Quantity], int] | None, q: A.Quantity) -> int:
    if quantity is not None:
        return quantity(q)
    if isinstance(q, A.Number):
        return q.value
    raise Unsupported(f"a number the interpreter can't work out here: {type(q).__name__}")


def _quality(
    game: Game,
    q: A.Node,
    obj: GameObject,
    c: Chars,
    *,
    you: PlayerId,
    source: ObjectId | None,
    quantity: Callable[[A.Quantity], int] | None,
    objects: ObjectResolver | None,
    who: PlayerResolver,
) -> bool:
    """One quality after the nouns ("with flying", "with mana value 2 or
    less", "of the chosen type", "from among them", "your opponents cast")."""
    if isinstance(q, RELATIONS):
        seen = Seen(game, you, source, quantity, objects, who)
        return _relation(seen, q, obj)
    if isinstance(q, A.CastBy):
        # 601.2: a spell is cast by its controller; "this turn" asks about spells gone from the stack too
        if q.this_turn or q.have:
            raise Unsupported("spells cast this turn")
        return obj.zone == "stack" and obj.controller in who(q.player)
    if isinstance(q, A.ExiledWith):
        return _exiled_with(game, q, obj, source)
    if isinstance(q, A.WithKeyword):
        return (keyword_name(q.keyword) in keywords(game, obj)) != q.negated
    if isinstance(q, A.WithKicker):
        return obj.face_down is None and _has_kicker(obj.copy_of or obj.card)
    if isinstance(q, A.HasAdventure):
        return obj.face_down is None and (obj.copy_of or obj.card).layout == "adventure"  # 715.1: an adventurer card
    if isinstance(q, A.WithCounter):
        # 122.1: "with three or more ki counters on it", "with no counters on it"
        have = obj.counters.get(q.kind, 0) if q.kind else sum(n for n in obj.counters.values() if n > 0)
        need = _amount(quantity, q.count) if q.count is not None else 1
        if q.how == "no":
            fits = have == 0
        elif q.how == "or fewer":
            fits = have <= need
        elif q.how == "exactly":
            fits = have == need
        else:  # "a counter", "two counters", "one or more counters": at least that many
            fits = have >= max(need, 1)
        return fits != q.negated
    if isinstance(q, A.WithStat):
        if q.stat == "mana value":
            value: int | None = c.mana_value
        elif q.stat in ("power", "toughness"):
            p, t = power_toughness(game, obj)
            value = p if q.stat == "power" else t
        else:
            raise Unsupported(f"a description by {q.stat}")
        if value is None:
            return False
        against = q.comparison.value
        if isinstance(against, A.PowerOf) and isinstance(against.object, A.ItRef):
            # "with toughness greater than its power": "its" is the object
            # described, whatever "it" means around the description
            return compare(value, q.comparison, _own_stat(game, obj, c, against.stat))
        return compare(value, q.comparison, _amount(quantity, against))
    if isinstance(q, A.WithLesser):
        # "with lesser power than this creature" (mentor, 702.134a; skulk, 702.118a): compared with the source's
        return _lesser(game, q, obj, c, source)
    if isinstance(q, A.ThatIsColors):
        # 105.2: "a spell that's one or more colors"
        return len(c.colors) >= _amount(quantity, q.count)
    if isinstance(q, A.CreatedWith):
        # 607.2c: only what the linked ability of that object made
        maker = _maker(game, q.object, source)
        return maker is not None and obj.id in game.linked(maker).created_by(None)
    if isinstance(q, ChosenValue):
        # "of the creature type of your choice", chosen as the instruction resolved (608.2d)
        return q.value in c.subtypes if q.kind == "creature type" else COLOR_WORDS.get(q.value.lower(), q.value) in c.colors
    if isinstance(q, A.OfChoice) and q.whose in ("your", "their"):
        # "sacrifices two creatures of their choice": who picks is the instruction's (OWN_CHOICE); any object fits
        return True
    if isinstance(q, A.OfChosen):
        chosen = game.linked(source).chosen_by(None) if source is not None else None
        if chosen is None:
            return False  # 607.5a: a choice never made matches nothing
        if q.what in ("type", "creature type"):
            return chosen in c.subtypes
        if q.what in ("color", "colors"):
            return COLOR_WORDS.get(str(chosen).lower(), chosen) in c.colors
        raise Unsupported(f"'of the chosen {q.what}'")
    if isinstance(q, A.NamedSelf):
        # 201.2: "a card named [this]": the name of the object the text is on
        me = game.state.objects.get(source[0]) if source is not None else None
        named = me is not None and obj.face_down is None and c.name == (me.copy_of or me.card).name
        return named != q.negated
    if isinstance(q, A.WithChosenName):
        chosen = game.linked(source).chosen_by(None) if source is not None else None
        return chosen is not None and c.name == chosen
    if isinstance(q, A.SameNameAs) and objects is not None:
        # 201.2: "with the same name as that creature"; a nameless object (face down) shares no name
        names = set()
        for oid in objects(q.other):
            other = game.get(oid) or game.state.lki.get(oid)
            name = chars(other).name if isinstance(other, GameObject) else getattr(other, "name", "")
            if name:
                names.add(name)
        return (bool(c.name) and c.name in names) != q.negated
    if isinstance(q, A.DoneThisWay) and objects is not None:
        # "revealed this way": one of the objects an earlier instruction did that to (608.2c)
        return obj.id in objects(q)
    if isinstance(q, A.Among) and q.what is not None and objects is not None:
        # "from among them": one of the objects named before (608.2c)
        return obj.id in objects(q.what)
    if isinstance(q, A.DidThisTurn) and q.event in ZONE_EVENTS:
        # "creatures that entered this turn", "creature cards in your graveyard that died under your control this turn"
        return quality_fits(game, q, obj, who)
    if isinstance(q, A.DidThisTurn) and q.event in TURN_RECORDS and q.by is None and q.control is None:
        # "creature that attacked this turn", "that was dealt damage this turn": the same object (400.7)
        return obj.id in TURN_RECORDS[q.event](game)
    raise Unsupported(f"object quality {type(q).__name__}")


@dataclass(frozen=True, slots=True)
class Seen:
    """What a description is seen from: the player "you", the object the
    text is on ("[this]", "enchanted creature"), and the resolvers of the
    ability that reads it (its numbers, its "them", its players)."""

    game: Game
    you: PlayerId
    source: ObjectId | None
    quantity: Callable[[A.Quantity], int] | None
    objects: ObjectResolver | None
    who: PlayerResolver


RELATED_REFS = (A.SelfRef, A.AttachedRef, A.AnObject, A.Each, A.ObjectFilter, A.You, A.PlayerGroup)
"""The references a quality relating an object to another can name, read
wherever the description is (an ability resolving or not): the object the
text is on, the one it is attached to, a description, a group of players."""


def ref_problem(ref: object) -> str | None:
    """What :func:`fits_ref` can't tell of a reference a quality names
    ("other than [this]", "that targets you or a creature you control")."""
    if isinstance(ref, A.BothRef) and ref.conj == "or":
        return ref_problem(ref.first) or ref_problem(ref.second)
    if isinstance(ref, A.AnObject | A.Each):
        return filter_problem(ref.filter)
    if isinstance(ref, A.ObjectFilter):
        return filter_problem(ref)
    if isinstance(ref, A.PlayerGroup) and ref.which not in OPPONENT_GROUPS | ALL_PLAYER_GROUPS | {"active"}:
        return f"the players '{ref.which.replace('_', ' ')}'"
    if isinstance(ref, RELATED_REFS):
        return None
    return f"'{type(ref).__name__}'"


def fits_ref(seen: Seen, ref: object, value: ObjectId | PlayerId | None) -> bool:
    """Is ``value`` (an object's id or a player) what ``ref`` names?
    "[this]" is the object the text is on, "enchanted creature" the one it
    is attached to, "a creature you control" any that fits (109.2), "you"
    and "an opponent" those players (102.1)."""
    game = seen.game
    if value is None:
        return False
    if isinstance(ref, A.BothRef) and ref.conj == "or":
        return fits_ref(seen, ref.first, value) or fits_ref(seen, ref.second, value)
    if isinstance(ref, A.SelfRef):
        return seen.source is not None and value == seen.source
    if isinstance(ref, A.AttachedRef):
        me = game.get(seen.source) if seen.source is not None else None
        return me is not None and me.attached_to is not None and value == me.attached_to
    if isinstance(ref, A.You | A.PlayerGroup):
        return isinstance(value, str) and value in seen.who(ref)
    filt = ref.filter if isinstance(ref, A.AnObject | A.Each) else ref
    if isinstance(filt, A.ObjectFilter):
        o = game.get(value) if isinstance(value, tuple) else None
        return o is not None and matches(game, filt, o, you=seen.you, source=seen.source, players=seen.who,
                                         quantity=seen.quantity, objects=seen.objects, anywhere=True)  # fmt: skip
    if seen.objects is not None:
        return value in seen.objects(ref)
    raise Unsupported(f"a quality relating objects to {type(ref).__name__} here")


def _relation(seen: Seen, q: A.Node, obj: GameObject) -> bool:
    """A quality that relates ``obj`` to another object or a player."""
    game = seen.game
    if isinstance(q, A.OwnedBy):
        # 108.3: the owner of a card; "you own but don't control" (``not_controlled``), "both own and control"
        owned = obj.owner in seen.who(q.player)
        if q.not_controlled:
            return owned and obj.controller not in seen.who(q.player)
        if q.or_controlled:  # "target permanent you own or control": either will do
            return owned or obj.controller in seen.who(q.player)
        if q.controlled:  # "you both own and control"
            return owned and obj.controller in seen.who(q.player)
        return owned != q.negated
    if isinstance(q, A.OtherThan):
        # "a creature other than [this]", "a card other than a basic land card"
        return not fits_ref(seen, q.other, obj.id)
    if isinstance(q, A.AttachedTo):
        # 301.5a, 303.4a: "each Aura attached to it"
        return obj.attached_to is not None and fits_ref(seen, q.to, obj.attached_to)
    if isinstance(q, A.ThatTargets):
        # 115.1: a spell targets what was chosen for its targets (601.2c)
        chosen = spell_targets(game, obj)
        if q.only:
            return bool(chosen) and all(fits_ref(seen, q.what, v) for v in chosen)
        return any(fits_ref(seen, q.what, v) for v in chosen)
    if isinstance(q, A.InCombatWith):
        return _in_combat_with(seen, q, obj)
    if isinstance(q, A.ThatShares):
        # "each other creature that shares a creature type with it": a creature type, color or card type
        # in common with the object named (105.4, 205.3m); that object itself is not one of them
        named = _named_ids(seen, q.other)
        mine = _shared(chars_in(game, obj), q.what)
        return obj.id not in named and any(
            mine & _shared(chars_in(game, o), q.what) for o in (game.get(i) for i in named) if o is not None
        )  # fmt: skip
    if isinstance(q, A.DealtDamageThisTurn):
        # 120.3: "a creature dealt damage by [this] this turn" (as the object it is now, 400.7)
        return any(to == obj.id and (q.by is None or by is not None and fits_ref(seen, q.by, by))
                   for by, to in game.state.damaged_this_turn)  # fmt: skip
    raise Unsupported(f"object quality {type(q).__name__}")


SHARED = {"creature type": "subtypes", "color": "colors", "card type": "types"}
"""What "that shares a [kind] with ..." compares (105.4, 205.3m, 205.2a)."""


_CREATURE_TYPE_SET = frozenset(CREATURE_TYPES)


def _shared(c: Chars, what: str) -> set[str]:
    values = set(getattr(c, SHARED[what]))
    if what == "creature type":
        return values & _CREATURE_TYPE_SET
    if what == "card type":
        return values & CARD_TYPES
    return values


def _named_ids(seen: Seen, ref: object) -> list[ObjectId]:
    """The objects a quality's reference names: the object the text is on,
    the one it is attached to, or what the ability refers to."""
    if isinstance(ref, A.SelfRef):
        return [seen.source] if seen.source is not None else []
    if isinstance(ref, A.AttachedRef):
        me = seen.game.get(seen.source) if seen.source is not None else None
        return [me.attached_to] if me is not None and isinstance(me.attached_to, tuple) else []
    if seen.objects is not None:
        return seen.objects(ref)
    raise Unsupported(f"a quality relating objects to {type(ref).__name__} here")


def spell_targets(game: Game, obj: GameObject) -> list[ObjectId | PlayerId]:
    """The objects and players the spell ``obj`` targets (115.1, 601.2c):
    nothing if it isn't a spell on the stack."""
    if obj.zone != "stack":
        return []
    for item in game.state.stack:
        if item.kind == "spell" and item.source == obj.id:
            return [v for slot in item.targets for v in slot]
    return []


def _in_combat_with(seen: Seen, q: A.InCombatWith, obj: GameObject) -> bool:
    """506.4, 509.1: "creatures attacking you", "a creature blocking [this]",
    "each creature blocking or blocked by it"."""
    combat = seen.game.state.combat
    if combat is None:
        return False
    if q.how == "attacking":
        return obj.id in combat.attackers and fits_ref(seen, q.other, combat.attackers[obj.id])
    blocking = any(fits_ref(seen, q.other, a) for a in combat.blockers.get(obj.id, ()))
    if q.how == "blocking":
        return blocking
    blocked_by = obj.id in combat.attackers and any(
        obj.id in blocked and fits_ref(seen, q.other, b) for b, blocked in combat.blockers.items()
    )  # fmt: skip
    return blocked_by if q.how == "blocked by" else blocking or blocked_by


RELATIONS = (A.OwnedBy, A.OtherThan, A.AttachedTo, A.ThatTargets, A.InCombatWith, A.DealtDamageThisTurn, A.ThatShares)
"""The qualities :func:`_relation` reads."""

RELATION_FIELDS: dict[type, str] = {
    A.OtherThan: "other", A.AttachedTo: "to", A.ThatTargets: "what", A.InCombatWith: "other",
    A.DealtDamageThisTurn: "by", A.ThatShares: "other",
}  # fmt: skip
"""The field of each of :data:`RELATIONS` that names what it relates an
object to (OwnedBy names a player, read as ControlledBy's)."""


def _relation_problem(q: Any) -> str | None:
    field = RELATION_FIELDS.get(type(q))
    named = getattr(q, field) if field is not None else None
    if isinstance(q, A.ThatShares):
        if q.what not in SHARED:
            return f"object quality ThatShares of a {q.what}"
        if named is None:
            return "object quality ThatShares with each other ('two creatures that share a creature type')"
        if not isinstance(named, A.SelfRef | A.AttachedRef):
            return f"object quality ThatShares of '{type(named).__name__}'"
        return None
    problem = ref_problem(named) if named is not None else None
    return None if problem is None else f"object quality {type(q).__name__} of {problem}"


BACK_REFS = (A.ItRef, A.ThatRef, A.CostPaidRef)
"""The references of "that shares a color with it", "with the sacrificed
creature" a resolving instruction reads (608.2c, through :meth:`cardtext.interpreter.context.Ctx.objects`)."""


def resolving_shares(node: Any) -> Any:
    """The support check's view of a description in a resolving instruction:
    "that shares a creature type with it" names the object the instruction
    means by "it", which the engine resolves as the instruction is carried
    out — read as "[this]"."""
    if isinstance(node, A.ThatShares) and isinstance(node.other, BACK_REFS):
        return replace(node, other=A.SelfRef())
    return node


def it_as_affected(q: Any) -> Any:
    """A number of a static ability's "[objects] get +N/+N for each ... [it]"
    as the support check reads it: "it" in a quality there is the object the
    ability affects, which the engine names (characteristics.power_toughness);
    read as the object named, like "[this]"."""
    if not isinstance(q, A.CountOf) or not isinstance(q.filter, A.ObjectFilter):
        return q
    post = tuple(
        replace(p, **{RELATION_FIELDS[type(p)]: A.SelfRef()})
        if type(p) in RELATION_FIELDS and isinstance(getattr(p, RELATION_FIELDS[type(p)]), A.ItRef) else p
        for p in q.filter.post
    )  # fmt: skip
    return replace(q, filter=replace(q.filter, post=post))
TURN_RECORDS: dict[str, Callable[[Game], list[ObjectId]]] = {
    "attacked": lambda game: [oid for _, oid in game.state.attacked],  # declared as an attacker this turn (508.1)
    "was dealt damage": lambda game: game.state.damaged(),
}
"""The events of a :class:`~cardtext.grammar.ast.DidThisTurn` quality the
turn's records tell of a permanent: the objects it happened to this turn."""


_STATUS_WORDS = frozenset({
    "tapped", "untapped", "face-down", "face-up", "token", "nontoken", "attacking", "nonattacking",
    "blocking", "blocked", "unblocked", "kicked", "modified", "historic", "suspected",
})  # fmt: skip
"""The status words :func:`_adjective` reads ("tapped creature", "attacking creature")."""

_ADJECTIVES = (A.AdjGroup, A.ColorAdj, A.TypeAdj, A.SubtypeAdj, A.StatusAdj)

@dataclass(frozen=True, slots=True)
class ChosenValue(A.Node):
    """ "of the creature type of your choice", "of the color of your choice"
    once the value is chosen, as the instruction resolves (608.2d):
    :func:`chosen_as_resolving` puts it in the description."""

    kind: str
    value: str


RESOLUTION_CHOICES = frozenset({"creature type", "color"})
"""The values "of the [kind] of your choice" names, chosen as an instruction resolves."""


def _chosen_field(value: object) -> bool:
    """A description ("all creatures of the creature type of your choice")
    with a value of the controller's choice in it, not a target's (chosen as
    it is put on the stack, 601.2c)."""
    filt = value.filter if isinstance(value, A.Each | A.AnObject) else None
    return isinstance(filt, A.ObjectFilter) and any(
        isinstance(q, A.OfChoice) and q.whose in RESOLUTION_CHOICES for q in filt.post)  # fmt: skip


def resolution_choice_fields(action: A.Node) -> list[str]:
    """The fields of an instruction that describe objects by a value of the
    controller's choice (:func:`chosen_as_resolving` chooses it)."""
    return [f for f in action.__dataclass_fields__ if f != "span" and _chosen_field(getattr(action, f))]


def without_resolution_choice(value: Any) -> Any:
    """The description without its "of the [kind] of your choice" (the support check's view of it)."""
    post = tuple(q for q in value.filter.post if not (isinstance(q, A.OfChoice) and q.whose in RESOLUTION_CHOICES))
    return replace(value, filter=replace(value.filter, post=post))


def chosen_as_resolving(action: A.Node, choose: Callable[[str], str]) -> A.Node:
    """608.2d: "Destroy all creatures of the creature type of your choice":
    the controller chooses the value (``choose(kind)``) as the instruction
    resolves; the description then names it."""
    changes: dict[str, Any] = {}
    for f in resolution_choice_fields(action):
        value = getattr(action, f)
        post = tuple(ChosenValue(q.whose, choose(q.whose)) if isinstance(q, A.OfChoice) and q.whose in RESOLUTION_CHOICES
                     else q for q in value.filter.post)  # fmt: skip
        changes[f] = replace(value, filter=replace(value.filter, post=post))
    return replace(action, **changes) if changes else action


_QUALITIES: dict[type, Callable[[Any], str | None]] = {
    ChosenValue: lambda q: None,
    A.CastBy: lambda q: "spells cast this turn" if q.this_turn or q.have else None,
    A.ExiledWith: lambda q: None,
    A.WithKeyword: lambda q: None,
    A.WithKicker: lambda q: None,
    A.HasAdventure: lambda q: None,
    A.WithCounter: lambda q: None,
    A.WithStat: lambda q: (
        None if q.stat in ("mana value", "power", "toughness") else f"a description by {q.stat}"),
    A.CreatedWith: lambda q: None,
    A.ThatIsColors: lambda q: None,
    A.OfChosen: lambda q: (
        None if q.what in ("type", "creature type", "color", "colors") else f"'of the chosen {q.what}'"),
    A.NamedSelf: lambda q: None,
    A.WithLesser: lambda q: (
        None if isinstance(q.than, A.SelfRef) and q.stat in ("power", "toughness", "mana value")
        and q.word in ("lesser", "greater") else "object quality WithLesser"),
    **{kind: _relation_problem for kind in RELATIONS},
    # "of their choice": who picks, read only where it is the instruction's own chooser (OWN_CHOICE)
    A.OfChoice: lambda q: "object quality OfChoice",
    A.WithChosenName: lambda q: None,
    # "that doesn't have the same name as a token you control": no object of a description shares it
    A.SameNameAs: lambda q: (
        "'doesn't have the same name as' any object of a description" if q.negated and isinstance(q.other, A.AnObject)
        else None),
    A.DoneThisWay: lambda q: None if q.by is None else "'[objects] [a player] [did] this way': those of one player",
    A.Among: lambda q: (
        None if isinstance(q.what, A.Node) else "a card chosen at random" if q.what == "at random"
        else "object quality Among"),
    # "each creature it devoured": read by its count (cardtext.interpreter.quantities, 702.82b);
    # "that entered / died under your control this turn": by filter_problem (cardtext.interpreter.zone_changes)
    A.DidThisTurn: lambda q: None if q.event == "devoured" or q.event in ZONE_EVENTS
    or (q.event in TURN_RECORDS and q.by is None and q.control is None) else "object quality DidThisTurn",
}  # fmt: skip
"""The qualities :func:`_quality` reads, each with what it can't read of one
(read from the quality alone): the support check's table."""


def filter_problem(filt: A.ObjectFilter) -> str | None:
    """What :func:`matches` can't tell of a description, read from the
    description alone (None: it tells every object that fits): the support
    check's view of :func:`_quality` and :func:`_adjective`."""
    if filt.controller is not None and filt.controller.past:
        return "who controlled an object before (608.2h): 'a permanent you controlled'"
    for adj in filt.adjectives:
        problem = _adjective_problem(adj)
        if problem is not None:
            return problem
    for q in filt.qualities:
        check = _QUALITIES.get(type(q))
        problem = f"object quality {type(q).__name__}" if check is None else check(q)
        if problem is None and isinstance(q, A.DidThisTurn) and q.event in ZONE_EVENTS:
            problem = zone_change_problem(filt, q)
        if problem is not None:
            return problem
    return None


def _adjective_problem(adj: object) -> str | None:
    if isinstance(adj, A.AdjGroup):
        for part in adj.items:
            problem = _adjective_problem(part)
            if problem is not None:
                return problem
        return None
    if isinstance(adj, A.StatusAdj):
        return None if adj.status.lower() in _STATUS_WORDS else f"status '{adj.status}'"
    if not isinstance(adj, _ADJECTIVES):
        return f"adjective {type(adj).__name__}"
    return None


def _exiled_with(game: Game, q: A.ExiledWith, obj: GameObject, source: ObjectId | None) -> bool:
    """607.2a: "exiled with [this]": a card in exile that an ability of this
    object exiled (the same object: 400.7)."""
    maker = _maker(game, q.object, source)
    return maker is not None and obj.zone == "exile" and obj.id in game.linked(maker).exiled_by(None)


def _maker(game: Game, ref: object, source: ObjectId | None) -> ObjectId | None:
    if isinstance(ref, A.SelfRef | A.ItRef):
        return source
    raise Unsupported(f"'created with' {type(ref).__name__}")


def _adjective(game: Game, adj: A.Adjective, obj: GameObject, c: Chars) -> bool:
    if isinstance(adj, A.AdjGroup):
        # "red or green" (either), "red and white" (both)
        results = (_adjective(game, item, obj, c) for item in adj.items)
        return all(results) if adj.conj == "and" else any(results)
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
        elif s in ("attacking", "nonattacking", "blocking", "blocked", "unblocked"):
            ok = _in_combat(game, obj, s)
        elif s == "kicked":
            ok = obj.zone == "stack" and bool(game.linked(obj.id).kicks)  # "a kicked spell" (702.33)
        elif s == "modified":
            ok = _modified(game, obj)
        elif s == "suspected":  # 701.60b: a designation a permanent keeps until it leaves the battlefield
            ok = obj.zone == "battlefield" and "suspected" in obj.marks
        elif s == "historic":  # 700.6: artifacts, legendaries and Sagas
            ok = "artifact" in c.types or "legendary" in c.supertypes or "Saga" in c.subtypes
        else:
            raise Unsupported(f"status '{adj.status}'")
        return ok != adj.negated
    raise Unsupported(f"adjective {type(adj).__name__}")


def _modified(game: Game, obj: GameObject) -> bool:
    """700.9: a modified permanent has a counter on it, is equipped, or is
    enchanted by an Aura its controller controls."""
    if any(n > 0 for n in obj.counters.values()):
        return True
    for other in game.battlefield():
        if other.attached_to != obj.id:
            continue
        subtypes = chars_in(game, other).subtypes
        if "Equipment" in subtypes or "Aura" in subtypes and other.controller == obj.controller:
            return True
    return False


def _in_combat(game: Game, obj: GameObject, status: str) -> bool:
    """506.4: attacking and blocking creatures are those declared (and still
    on the battlefield as the same object) until combat ends; an attacking
    creature is blocked once a blocker was declared for it (509.1h) and
    unblocked if blockers were declared and none blocks it (509.1h)."""
    combat = game.state.combat
    if combat is None:
        return status == "nonattacking"
    attacking = obj.id in combat.attackers
    if status == "attacking":
        return attacking
    if status == "nonattacking":
        return not attacking
    if status == "blocking":
        return obj.id in combat.blockers
    if status == "blocked":
        return attacking and obj.id in combat.blocked
    return attacking and combat.blockers_declared and obj.id not in combat.blocked


def adjective_words(adj: object) -> str:
    """An adjective of a description in words ("nonblack", "untapped", "red or green")."""
    if isinstance(adj, A.AdjGroup):
        return f" {adj.conj} ".join(adjective_words(a) for a in adj.items)
    word = getattr(adj, "type", None) or getattr(adj, "status", None) or getattr(adj, "subtype", None) or getattr(adj, "color", "")
    return ("non" if getattr(adj, "negated", False) else "") + str(word)


def describe_filter(f: A.ObjectFilter) -> str:
    """A description's adjectives and nouns in words ("untapped Vampire", "creature card")."""
    words = [adjective_words(a) for a in f.adjectives]
    noun = " or ".join(f.nouns) + (" card" if f.card else " spell" if f.spell else "") if f.nouns else (
        "card" if f.card or not f.spell else "spell"
    )
    return " ".join(w for w in [*words, noun.strip()] if w)


def _static_number(game: Game, src: GameObject) -> Callable[[A.Quantity], int]:
    """The numbers of a static ability's description, worked out as it applies
    ("creatures with power less than [this]'s power")."""
    from .quantities import static_quantity

    return lambda q: q.value if isinstance(q, A.Number) else static_quantity(game, src, q)


def matches_ref_static(game: Game, src: GameObject, what: object, obj: GameObject) -> bool:
    """Is ``obj`` one of the objects a static ability of ``src`` affects?"""
    if isinstance(what, A.Each):
        return matches(game, what.filter, obj, you=src.controller, source=src.id, quantity=_static_number(game, src))
    if isinstance(what, (A.SelfRef, A.ItRef)):
        return obj.id == src.id
    if isinstance(what, A.AttachedRef):
        return src.attached_to == obj.id
    if isinstance(what, A.ObjectFilter):
        return matches(game, what, obj, you=src.controller, source=src.id, quantity=_static_number(game, src))
    if isinstance(what, A.BothRef):
        # "Saproling creatures and other Treefolk creatures": either description (each object once)
        return matches_ref_static(game, src, what.first, obj) or matches_ref_static(game, src, what.second, obj)
    raise Unsupported(f"static ability affecting {type(what).__name__}")


def static_ref_problem(what: object) -> str | None:
    """What :func:`matches_ref_static` can't read of the objects a static
    ability affects ("You have hexproof": a player, 702.11d), or None."""
    if isinstance(what, A.BothRef):
        return static_ref_problem(what.first) or static_ref_problem(what.second)
    if what is None or isinstance(what, A.Each | A.SelfRef | A.ItRef | A.AttachedRef | A.ObjectFilter):
        return None
    return f"static ability affecting {type(what).__name__}"


AT_RANDOM: dict[type, Callable[[Any], list[Any]]] = {}
"""The instructions and cost parts that pick cards described "at random"
themselves ("discard a card at random"), each with the descriptions in it
that it picks so (an ObjectFilter or AnObject it holds): filled where each
is carried out; the support check reads those descriptions without their
"at random", and reports it anywhere else (:data:`_QUALITIES`)."""


OWN_CHOICE: dict[type, Callable[[Any], tuple[str, list[Any]]]] = {}
"""The instructions whose acting player picks the objects they describe
("each player sacrifices two creatures of their choice", 701.21a), each
with the word that names that player in "of [whose] choice" ("their" for
the player the instruction names, "your" for you) and the descriptions
(AnObject) it picks: filled where each is carried out; the support check
reads those descriptions without their "of [whose] choice", and reports it
anywhere else (another player's choice, a target's)."""


def without_choice(what: Any, whose: str) -> Any:
    """A description without its "of [whose] choice" (the instruction's own chooser)."""
    if not isinstance(what, A.AnObject):
        return what
    post = tuple(q for q in what.filter.post if not (isinstance(q, A.OfChoice) and q.whose == whose))
    return replace(what, filter=replace(what.filter, post=post))


def at_random(filt: object) -> bool:
    """Is a card described "at random" ("discard a card at random", "a
    creature card at random from your graveyard"): the instruction picks it,
    no player (701.9b for a discard)?"""
    f = filt.filter if isinstance(filt, A.AnObject) else filt
    return isinstance(f, A.ObjectFilter) and any(isinstance(q, A.Among) and q.what == "at random" for q in f.post)


def without_random(filt: Any) -> Any:
    """The description without its "at random": what a card picked at random
    must be (the instruction that picks it says how it is picked)."""
    if isinstance(filt, A.AnObject):
        return replace(filt, filter=without_random(filt.filter))
    if not isinstance(filt, A.ObjectFilter):
        return filt
    return replace(filt, post=tuple(q for q in filt.post if not (isinstance(q, A.Among) and q.what == "at random")))


def pick_at_random(game: Game, cands: list[GameObject], n: int) -> list[GameObject]:
    """``n`` of ``cands`` (all, if there are no more) chosen at random, each
    as likely as another, by the game's seeded random numbers: a scenario's
    ``seed`` decides them, and the same game picks the same cards again."""
    import random

    if n >= len(cands):
        return list(cands)
    rng = random.Random(game.state.seed * 7919 + game.state.clock)
    picked = set(rng.sample(range(len(cands)), max(n, 0)))
    return [o for i, o in enumerate(cands) if i in picked]


__all__ = [
    "AT_RANDOM", "OWN_CHOICE", "adjective_words", "it_as_affected", "at_random", "compare", "describe_filter", "group_players", "matches", "matches_ref_static",
    "pick_at_random", "simple_players", "without_choice", "without_random",
]
