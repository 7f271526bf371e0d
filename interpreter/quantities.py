"""Numbers in card text (CR 107): fixed numbers, X, "the number of times it
was kicked" (K9), "the amount of mana spent to cast it" (K14), counts,
power, life totals and arithmetic on them."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from cardtext.grammar import ast as A

from .characteristics import chars, power_toughness
from .errors import Unsupported
from .objects import GameObject, ObjectId
from .zone_changes import count as count_changes
from .zone_changes import zone_quality

if TYPE_CHECKING:
    from .context import Ctx
    from .state import Game


def _one(ctx: Ctx, ref: object) -> object | None:
    ids = ctx.objects(ref)
    if not ids:
        return None
    return ctx.obj_or_lki(ids[0])


def _number(ctx: Ctx, q: A.Number) -> int:
    return q.value


def _var_x(ctx: Ctx, q: A.VarX) -> int:
    """The X of this spell or ability; in a permanent's ability ("When [this]
    enters, ... create X tokens"), the X chosen as it was cast, Kicker {X}
    included (107.3m).  A permanent that wasn't cast has no such value: 0 (107.3m, K11)."""
    if q.letter != ctx.x_letter:
        raise Unsupported(f"{q.letter} with no value here")
    if ctx.x is None and ctx.x_later is not None:
        later, ctx.x_later = ctx.x_later, None
        ctx.x = later()
    if ctx.x is not None:
        return ctx.x
    linked = ctx.game.state.linked.get(ctx.source)
    if linked is not None and linked.x is not None:
        return linked.x
    obj = ctx.obj_or_lki(ctx.source)
    if obj is not None and obj.zone == "battlefield":
        return 0
    raise Unsupported("X has no value here")


def _times_kicked(ctx: Ctx, q: A.TimesKicked) -> int:
    """K9: how many times its controller chose to pay its kicker costs."""
    ids = ctx.self_objects(q.object)
    return ctx.game.linked(ids[0]).times_kicked if ids else 0


def _mana_spent(ctx: Ctx, q: A.ManaSpent) -> int:
    """K14: mana spent to cast it, additional costs included; "the amount of
    {R} spent" counts that symbol, "the number of colors of mana spent"
    (converge, an ability word) the colors among it ({C} is no color, 105.1)."""
    ref = getattr(q, "object", None)
    ids = ctx.self_objects(ref) if ref is not None else [ctx.source]
    if not ids:
        return 0
    linked = ctx.game.linked(ids[0])
    if q.colors:
        return len({s for s in linked.mana_units if s in "WUBRG"})
    if q.symbol is not None:
        if not isinstance(q.symbol, A.ColoredMana):
            raise Unsupported(f"mana spent of the kind {type(q.symbol).__name__}")
        return sum(1 for s in linked.mana_units if s == q.symbol.color)
    return linked.mana_spent


def _life_paid(ctx: Ctx, q: A.LifePaid) -> int:
    """607.2g: the life paid as that object entered, by its "As ... enters" ability."""
    ids = ctx.self_objects(q.object)
    value = ctx.game.linked(ids[0]).paid_by(None) if ids else None
    return int(value or 0)


def _highest_among(ctx: Ctx, q: A.HighestAmong) -> int:
    """ "the greatest power among creatures you control", "the highest mana
    value among those cards" (the objects named before, 608.2c)."""
    values = []
    if not isinstance(q.filter, A.ObjectFilter):
        # "among those cards": the objects named, as they last existed if they have left (608.2h)
        for oid in ctx.objects(q.filter):
            o = ctx.obj_or_lki(oid)
            if o is None:
                continue
            if q.stat != "mana value":
                raise Unsupported(f"the highest {q.stat} among the objects named")
            values.append(chars(o).mana_value if isinstance(o, GameObject) else o.mana_value)
        return max(values, default=0)
    for o in ctx.each(q.filter):
        if q.stat == "mana value":
            values.append(chars(o).mana_value)
        elif q.stat in ("power", "toughness"):
            p, t = power_toughness(ctx.game, o)
            values.append((p if q.stat == "power" else t) or 0)
        else:
            raise Unsupported(f"the highest {q.stat} among objects")
    return max(values, default=0)


def _counters_on(ctx: Ctx, q: A.CountersOn) -> int:
    """ "the number of +1/+1 counters on it"; "counters on it": of every kind (122.1)."""
    o = _one(ctx, q.object)
    if isinstance(o, GameObject):
        counters = dict(o.counters)
    elif o is not None:
        counters = dict(o.counters)  # type: ignore[attr-defined]
    else:
        return 0
    return sum(counters.values()) if not q.kind else counters.get(q.kind, 0)


CHARACTERISTIC_COUNTS = {
    (): "color", (A.TypeAdj("card"),): "card type", (A.TypeAdj("permanent"),): "permanent type",
    (A.TypeAdj("basic"), A.TypeAdj("land")): "basic land type",
}
"""What "the number of [colors / card types / ...] among [objects]" counts
(105.1, 300.1, 110.4a, 305.6), by the words before "type" (none before "color")."""

PERMANENT_TYPES = frozenset({"artifact", "battle", "creature", "enchantment", "land", "planeswalker"})
BASIC_LAND_TYPES = frozenset({"Plains", "Island", "Swamp", "Mountain", "Forest"})


def characteristic_counted(q: A.CountOf) -> str | None:
    """ "colors among permanents you control" (vivid), "card types among cards
    in your graveyard" (delirium; also "card types in your graveyard"),
    "permanent types among ...", "basic land types among lands you
    control": a count of the colors or types the objects described have
    between them — its kind (a value of :data:`CHARACTERISTIC_COUNTS`); ""
    for a count of characteristics the engine can't make; None for a count
    of objects."""
    filt = q.filter
    if filt.nouns == ("color",):
        kind = CHARACTERISTIC_COUNTS.get(()) if not filt.adjectives else None
    elif filt.nouns == ("type",):
        kind = CHARACTERISTIC_COUNTS.get(filt.adjectives)
    elif any(n in ("color", "type", "subtype") for n in filt.nouns):
        return ""
    else:
        return None
    if kind is None or q.names or q.total or _counted_among(filt) is None:
        return ""
    return kind


def _counted_among(filt: A.ObjectFilter) -> A.ObjectFilter | None:
    """The objects whose characteristics are counted: "among [objects]", or
    the cards in a zone ("card types in your graveyard")."""
    if len(filt.post) != 1:
        return None
    (post,) = filt.post
    if isinstance(post, A.Among) and isinstance(post.what, A.Each):
        return post.what.filter
    if isinstance(post, A.InZone):
        return A.ObjectFilter((A.Noun("card", True),), (post,))
    return None


def _characteristics_among(ctx: Ctx, q: A.CountOf, kind: str) -> int:
    """105.1, 300.1, 110.4a, 305.6: the different colors, or types, among the objects described."""
    from .filters import CARD_TYPES

    among = _counted_among(q.filter)
    assert among is not None
    found: set[str] = set()
    for o in ctx.each(among):
        c = chars(o)
        if kind == "color":
            found.update(c.colors)
        elif kind == "basic land type":
            found.update(t for t in c.subtypes if t in BASIC_LAND_TYPES)
        else:
            found.update(t for t in c.types if t in (CARD_TYPES if kind == "card type" else PERMANENT_TYPES))
    return len(found)


def _count_of(ctx: Ctx, q: A.CountOf) -> int:
    kind = characteristic_counted(q)
    if kind == "":
        raise Unsupported("counting characteristics other than colors and card, permanent or basic land types among objects")
    if kind is not None:
        return _characteristics_among(ctx, q, kind)
    if q.names:
        # 201.2: the different names among them (a face-down permanent has none, 708.2)
        return len({(o.copy_of or o.card).name for o in ctx.each(q.filter) if o.face_down is None})
    did = [x for x in q.filter.qualities if isinstance(x, A.DidThisTurn) and x.event == "devoured"]
    if did:
        return _devoured_count(ctx, q.filter, did[0])
    if any(isinstance(x, A.DoneThisWay) for x in q.filter.qualities):
        return len(ctx.done_objects(q.filter))  # "for each creature sacrificed this way": those gone count too
    from .filters import TURN_RECORDS

    recorded = [x for x in q.filter.qualities if isinstance(x, A.DidThisTurn) and x.event in TURN_RECORDS]
    if recorded and q.filter.zone is None:
        return _recorded_count(ctx, q.filter, recorded[0].event)
    change = zone_quality(q.filter)
    if change is not None and q.filter.zone is None:
        # "for each creature that died under your control this turn": this turn's zone changes, those gone too (700.4)
        return count_changes(ctx.game, q.filter, change, you=ctx.controller, source=ctx.source, players=ctx.players,
                             quantity=ctx.quantity)  # fmt: skip
    counted = ctx.each(q.filter)
    ctx.counted = [o.id for o in counted]
    return len(counted)


def _recorded_count(ctx: Ctx, filt: A.ObjectFilter, event: str) -> int:
    """ "for each creature that attacked this turn": each permanent the
    turn's records name that fits, those that have left the battlefield
    since too, judged as they last existed there (608.2h)."""
    from .filters import TURN_RECORDS, matches

    n = 0
    for oid in dict.fromkeys(TURN_RECORDS[event](ctx.game)):
        o = ctx.game.get(oid)
        if o is None or o.zone != "battlefield":
            lki = ctx.game.state.lki.get(oid)
            o = lki.last if lki is not None else None
        if o is not None and matches(ctx.game, filt, o, you=ctx.controller, source=ctx.source, players=ctx.players,
                                     quantity=ctx.quantity):  # fmt: skip
            n += 1
    return n


def _devoured_count(ctx: Ctx, filt: A.ObjectFilter, did: A.DidThisTurn) -> int:
    """702.82b: "each creature it devoured": the creatures sacrificed to its
    devour ability as it entered (they are in a graveyard by now)."""
    from .replacement import devoured

    if filt.nouns != ("creature",) or len(filt.qualities) != 1 or filt.adjectives or filt.controller is not None:
        raise Unsupported("counting devoured creatures of a kind")
    ids = ctx.self_objects(did.by) if did.by is not None else [ctx.source]
    return len(devoured(ctx.game, ids[0])) if ids else 0


def _power_of(ctx: Ctx, q: A.PowerOf) -> int:
    o = _one(ctx, q.object)
    if o is None:
        return 0
    if q.stat not in ("power", "toughness", "mana value"):
        raise Unsupported(f"the {q.stat} of an object")
    if isinstance(o, GameObject):
        if q.stat == "mana value":
            return chars(o).mana_value
        p, t = power_toughness(ctx.game, o)
        value = p if q.stat == "power" else t
    elif q.stat == "mana value":
        return o.mana_value  # type: ignore[attr-defined]  # its last known information (608.2h)
    else:
        value = o.power if q.stat == "power" else o.toughness  # type: ignore[attr-defined]
    return max(0, value or 0) if q.stat == "power" else (value or 0)


def _total_stat(ctx: Ctx, q: A.TotalStat) -> int:
    """ "the total power of creatures you control", "the total mana value of
    noncreature artifacts you control": the sum over the objects described."""
    if q.stat not in ("power", "toughness", "mana value") or not isinstance(q.of, A.Each):
        raise Unsupported(f"the total {q.stat} of objects")
    total = 0
    for o in ctx.each(q.of.filter):
        if q.stat == "mana value":
            total += chars(o).mana_value
        else:
            p, t = power_toughness(ctx.game, o)
            total += (p if q.stat == "power" else t) or 0
    return total


def total_stat_problem(q: A.TotalStat) -> str | None:
    if q.stat not in ("power", "toughness", "mana value") or not isinstance(q.of, A.Each):
        return f"the total {q.stat} of objects"
    return None


def _life_total(ctx: Ctx, q: A.LifeTotal) -> int:
    ps = ctx.players(q.player)
    return ctx.game.player(ps[0]).life if ps else 0


def _player_counters(ctx: Ctx, q: A.PlayerCounters) -> int:
    """122.1: the counters of a kind the players named have, together
    ("for each poison counter your opponents have", "the amount of {E}
    you have")."""
    return sum(ctx.game.player(p).counter(q.kind) for p in ctx.players(q.player))


def _highest_life(ctx: Ctx, q: A.HighestLife) -> int:
    return max(p.life for p in ctx.game.state.players.values())


def _half(ctx: Ctx, q: A.Half) -> int:
    """107.1a: "half [N], rounded up/down"."""
    v = evaluate(ctx, q.of)
    if q.round_up is None:
        raise Unsupported("half of a number with no rounding")
    return (v + 1) // 2 if q.round_up else v // 2


def _twice(ctx: Ctx, q: A.Twice) -> int:
    """ "twice [N]", "three times [N]"."""
    return q.times * evaluate(ctx, q.of)


def _difference(ctx: Ctx, q: A.Difference) -> int:
    return evaluate(ctx, q.left) - evaluate(ctx, q.right)


def _sum(ctx: Ctx, q: A.Sum) -> int:
    return evaluate(ctx, q.left) + evaluate(ctx, q.right)


def _equal_to(ctx: Ctx, q: A.EqualTo) -> int:
    """ "damage equal to its power", "a number of tokens equal to ...": the amount is the value."""
    return evaluate(ctx, q.value)


def _for_each(ctx: Ctx, q: A.ForEach) -> int:
    return evaluate(ctx, q.base) * evaluate(ctx, q.per)


def _that_much(ctx: Ctx, q: A.ThatMuch) -> int:
    """603.7c: "that much" — the amount of the event that triggered the
    ability; in an ability not triggered by an amount, the amount of the
    instruction before it (608.2c): the life lost ("each opponent loses 1
    life and you gain that much life"), the cards drawn, the objects it
    acted on ("Sacrifice any number of Mountains. [This] deals that much
    damage ...")."""
    if ctx.trigger_amount is not None:
        return ctx.trigger_amount
    if ctx.amount is None:
        raise Unsupported("'that much' outside an ability triggered by an amount, with no amount before it")
    return ctx.amount


def _life_lost_this_way(ctx: Ctx, q: A.LifeLostThisWay) -> int:
    """"the life lost this way": the life players lost through the earlier
    instructions of the same effect (119.3, 608.2c)."""
    return ctx.life_lost


def _additional_paid(ctx: Ctx, q: A.GameCount) -> int:
    """ "for each additional {1}{G} you paid": how many times the spell's
    additional cost that pays that mana was paid as it was cast (601.2b)."""
    from .additional import additional_paid

    return additional_paid(ctx.source_card(), ctx.game.linked(ctx.source).additional, q.of)


def _opponents_you_have(ctx: Ctx, q: A.GameCount) -> int:
    """ "for each opponent you have": the controller's opponents still in
    the game (102.2, 104.2: a player who lost has left it)."""
    return sum(1 for p in ctx.game.opponents(ctx.controller) if not ctx.game.player(p).lost)


def _speed(ctx: Ctx, q: A.GameCount) -> int:
    """ "your speed" (702.179): 0 for a player who has none (:mod:`cardtext.interpreter.speed`)."""
    players = ctx.players(q.of) if q.of is not None else [ctx.controller]
    if len(players) != 1:
        raise Unsupported("the speed of several players")
    return ctx.game.player(players[0]).speed or 0


def _basic_land_types(ctx: Ctx, q: A.GameCount) -> int:
    """305.6 (domain): "the number of basic land types among lands you
    control": the different basic land types the objects described have
    between them."""
    if isinstance(q.of, A.Each):
        objs = ctx.each(q.of.filter)
    else:  # "among them": the objects named before (608.2c)
        objs = [o for oid in ctx.objects(q.of) if (o := ctx.game.get(oid)) is not None]
    return len({t for o in objs for t in chars(o).subtypes if t in BASIC_LAND_TYPES})


def _attacking_creatures(ctx: Ctx, q: A.GameCount) -> int:
    """ "for each attacking creature", "the number of attacking creatures":
    the creatures in combat as attackers now (506.4, 508.1); none outside
    combat."""
    combat = ctx.game.state.combat
    if combat is None:
        return 0
    return sum(1 for oid in combat.attackers if (o := ctx.game.get(oid)) is not None and o.zone == "battlefield"
               and "creature" in chars(o).types)  # fmt: skip


def _life_gained_this_turn(ctx: Ctx, q: A.GameCount) -> int:
    """119.3: "the amount of life you gained this turn": the total of the
    controller's gains of life this turn (each counted as it was gained,
    whatever they lost since)."""
    return sum(n for p, n in ctx.game.state.life_changes if p == ctx.controller and n > 0)


GAME_COUNTS: dict[str, Callable[[Ctx, Any], int]] = {
    "additional paid": _additional_paid,
    "opponent you have": _opponents_you_have,
    "speed": _speed,
    "basic land type": _basic_land_types,
    "attacking creature": _attacking_creatures,
    "life you gained this turn": _life_gained_this_turn,
}
"""The counts the game keeps that a :class:`~cardtext.grammar.ast.GameCount` can name, by its words."""


def _game_count(ctx: Ctx, q: A.GameCount) -> int:
    fn = GAME_COUNTS.get(q.what)
    if fn is None:
        raise Unsupported(f"the count '{q.what}'")
    return fn(ctx, q)


QUANTITIES: dict[type, Callable[[Ctx, Any], int]] = {
    A.GameCount: _game_count,
    A.LifeLostThisWay: _life_lost_this_way,
    A.ThatMuch: _that_much,
    A.Number: _number,
    A.VarX: _var_x,
    A.TimesKicked: _times_kicked,
    A.ManaSpent: _mana_spent,
    A.LifePaid: _life_paid,
    A.HighestAmong: _highest_among,
    A.CountersOn: _counters_on,
    A.CountOf: _count_of,
    A.PowerOf: _power_of,
    A.LifeTotal: _life_total,
    A.TotalStat: _total_stat,
    A.HighestLife: _highest_life,
    A.PlayerCounters: _player_counters,
    A.Half: _half,
    A.Twice: _twice,
    A.Difference: _difference,
    A.Sum: _sum,
    A.EqualTo: _equal_to,
    A.ForEach: _for_each,
}


def evaluate(ctx: Ctx, q: A.Quantity) -> int:
    fn = QUANTITIES.get(type(q))
    if fn is None:
        raise Unsupported(f"quantity {type(q).__name__}")
    return fn(ctx, q)


def static_quantity(game: Game, src: GameObject, q: A.Quantity, it: ObjectId | None = None) -> int:
    """A number in a static ability of ``src`` ("+1/+1 for each ..."); ``it``:
    the object the ability affects, which "it" in the number names ("[this]
    gets +2/+2 for each Aura attached to it", 608.2c)."""
    from .context import Ctx

    if it is not None:
        return evaluate(Ctx(game, src.controller, src.id, it=[it], named=True), q)
    return evaluate(Ctx(game, src.controller, src.id), q)


__all__ = ["CHARACTERISTIC_COUNTS", "GAME_COUNTS", "QUANTITIES", "characteristic_counted", "evaluate", "static_quantity", "total_stat_problem"]
