"""Damage and life (CR 120, 119, 701.14): "deals N damage", "gains / loses
N life", "fights"."""

from __future__ import annotations

from functools import partial

from cardtext.grammar import ast as A

from ..characteristics import chars, display_name, has_keyword, power_toughness
from ..context import Ctx
from ..errors import Unsupported
from ..objects import GameObject, ObjectId, PlayerId
from ..protection import protection_from
from .common import current
from .registry import carries_out


def _recipients(ctx: Ctx, ref: object) -> tuple[list[GameObject], list[PlayerId]]:
    if isinstance(ref, A.BothRef):
        # "each creature without flying and each player": both groups, each once
        objs, players = _recipients(ctx, ref.first)
        saved = ctx.it, ctx.that, ctx.named
        if objs:
            # "target creature and each other creature that shares a color with it": "it" is the first (608.2c)
            ctx.it, ctx.that, ctx.named = [o.id for o in objs], [o.id for o in objs], True
        try:
            more_objs, more_players = _recipients(ctx, ref.second)
        finally:
            ctx.it, ctx.that, ctx.named = saved
        seen = {o.id for o in objs}
        objs += [o for o in more_objs if o.id not in seen]
        players += [p for p in more_players if p not in players]
        return objs, players
    if isinstance(ref, A.EachOf) and not ref.one and ref.count is None:
        # "each of them": every object and player named before (608.2c)
        objs = current(ctx, ctx.objects(ref.of))
        return objs, list(ctx.them_players) if isinstance(ref.of, A.ThemRef) else []
    if isinstance(ref, A.ThatRef) and ctx.replaced is not None and ctx.replaced_target() is not None:
        ref = ctx.replaced_target()  # "that creature or player" in an "instead" sentence: its target (608.2c)
    if isinstance(ref, A.Target):
        values = ctx.slot_values(ref)
        return current(ctx, [v for v in values if isinstance(v, tuple)]), [v for v in values if isinstance(v, str)]
    chosen = [slot for slot in ctx.item.targets if slot] if ctx.item is not None else []
    if isinstance(ref, A.ThatRef) and any(n.lower() == "player" for n in ref.what.nouns) and len(chosen) == 1:
        # "Choose any target, then mill three cards. [This] deals damage to that permanent or player": the one
        # target of the ability, whatever the instructions between named (608.2c)
        named = list(chosen[0])
        return current(ctx, [v for v in named if isinstance(v, tuple)]), [v for v in named if isinstance(v, str)]
    if isinstance(ref, A.You | A.PlayerGroup | A.ThatPlayer | A.TheirRef | A.ControllerOf | A.OwnerOf):
        return [], ctx.players(ref)
    if isinstance(ref, A.ThemRef) and not (ctx.them or ctx.that or ctx.named) and (ctx.that_player or ctx.trigger_player):
        # "Whenever an opponent draws a card, [this] deals 1 damage to them": the player (608.2c)
        return [], ctx.players(ref)
    return current(ctx, ctx.objects(ref)), []


def deal_damage(ctx: Ctx, source_name: str, amount: int, objs: list[GameObject], players: list[PlayerId],
                source: GameObject | None = None, *, event: bool = True, combat: bool = False,
                unpreventable: bool = False, recipient_events: bool = True,
                dealt: list[ObjectId] | None = None, source_id: ObjectId | None = None,
                lifelink: bool = True) -> int:  # fmt: skip
    """120.3: damage to a creature is marked on it, to a planeswalker removes
    loyalty, to a player is lost life (from a source with wither or infect,
    -1/-1 counters on a creature, and from one with infect, poison counters
    for a player: 702.80b, 702.90b); a source with lifelink also gains its
    controller that much life (702.15b); a creature dealt damage by a source
    with deathtouch is destroyed by the next state-based action check (704.5h).
    Damage replacement effects of static abilities change the damage to
    each recipient first ("it deals double that damage instead", 614.1a,
    :func:`cardtext.interpreter.statics.replaced_damage`); then prevention
    effects prevent what they can of it (615, :func:`cardtext.interpreter.prevention.prevent`), unless it can't
    be prevented (615.12).  The source's "deals damage" event carries the
    total dealt (603.7c); ``event=False`` leaves it to the caller (combat
    damage, dealt at once).  Each permanent dealt damage has a "was dealt
    damage" event, unless ``recipient_events`` is False (combat damage: one
    for all of a step's damage to it).  Each recipient dealt damage has a
    "deals damage to" event of the source (``source_id`` names a source that
    is no longer there, judged by its last known information).
    ``lifelink=False`` leaves lifelink's gain to the caller (damage dealt to
    several recipients at once: one life gain, :func:`gain_for_lifelink`).
    Returns the total dealt."""
    from ..prevention import no_prevention_too, prevent
    from ..state import CountersPut, DamageDealtTo, DealtDamage, WasDealtDamage
    from ..statics import replaced_damage

    game = ctx.game
    if amount <= 0:
        if objs or players:
            game.say(f"  {source_name} would deal 0 damage: no damage is dealt (120.8)")
        return 0
    deathtouch = source is not None and has_keyword(game, source, "deathtouch")
    infect = source is not None and has_keyword(game, source, "infect")
    as_counters = infect or source is not None and has_keyword(game, source, "wither")
    total = 0
    sid = source.id if source is not None else source_id
    for o in objs:
        shield = None if unpreventable else protection_from(game, o, source)
        if shield is not None:
            # 702.16e: damage from a source with the quality is prevented
            game.say(f"  {source_name}'s {amount} damage to {display_name(o)} is prevented: it has {shield} (702.16e)")
            continue
        n = replaced_damage(game, source, o, amount, combat, partial(no_prevention_too, game, source, o, combat))
        n = prevent(game, source, o, n, combat=combat, unpreventable=unpreventable)
        if n <= 0:
            continue
        c = chars(o)
        if "creature" in c.types and as_counters:
            # 702.80b, 702.90b, 120.3d: damage from a source with wither or
            # infect is dealt to a creature as that many -1/-1 counters
            o.counters["-1/-1"] = o.counters.get("-1/-1", 0) + n
            o.deathtouched = o.deathtouched or deathtouch
            game.events.append(CountersPut(o.id, "-1/-1", n, o.counters["-1/-1"]))  # they are put on it (122.6)
        elif "creature" in c.types:
            o.damage += n
            o.deathtouched = o.deathtouched or deathtouch
        if "planeswalker" in c.types:
            o.counters["loyalty"] = max(0, o.counters.get("loyalty", 0) - n)
        total += n
        game.state.damaged_this_turn.append((sid, o.id))  # "a creature that was dealt damage this turn" (120.3)
        if dealt is not None:
            dealt.append(o.id)  # "a creature dealt damage this way"
        game.say(f"  {source_name} deals {n} damage to {display_name(o)}"
                 + (f" (as {n} -1/-1 counter{'s' if n != 1 else ''}, 120.3d)" if as_counters and "creature" in c.types else ""))
        if recipient_events:
            game.events.append(WasDealtDamage(o.id, n, combat))
        if sid is not None:
            game.events.append(DamageDealtTo(sid, o.id, n, combat))
    for p in players:
        n = replaced_damage(game, source, p, amount, combat, partial(no_prevention_too, game, source, p, combat))
        n = prevent(game, source, p, n, combat=combat, unpreventable=unpreventable)
        if n <= 0:
            continue
        total += n
        game.state.damaged_this_turn.append((sid, p))  # "if an opponent was dealt damage this turn" (120.3)
        if recipient_events:
            game.events.append(WasDealtDamage(p, n, combat))
        if sid is not None:
            game.events.append(DamageDealtTo(sid, p, n, combat))
        if infect:
            # 702.90b, 120.3b: damage from a source with infect is dealt to a
            # player as that many poison counters (704.5c: ten or more lose)
            game.player(p).poison += n
            game.say(f"  {source_name} deals {n} damage to {p} as {n} poison counter{'s' if n != 1 else ''} "
                     f"(poison {game.player(p).poison}, 702.90b)")
            continue
        game.change_life(p, -n)
        game.say(f"  {source_name} deals {n} damage to {p} (life {game.player(p).life})")
    if event and source is not None and total:
        game.events.append(DealtDamage(source.id, total))
    if lifelink:
        gain_for_lifelink(ctx, source, total)
    return total


def gain_for_lifelink(ctx: Ctx, source: GameObject | None, total: int) -> None:
    """702.15b: damage dealt by a source with lifelink also causes its
    controller to gain that much life — one gain for all the damage the
    source dealt at once (120.3f)."""
    game = ctx.game
    if source is not None and total and has_keyword(game, source, "lifelink"):
        before = game.player(source.controller).life
        gained = game.change_life(source.controller, total) - before
        game.say(f"  lifelink: {source.controller} {'gains' if gained >= 0 else 'loses'} {abs(gained)} life")


@carries_out(A.DealDamage, limits=(
    ("combat damage as an instruction", lambda a: a.combat),
    ("damage divided as you choose among other than targets", lambda a: a.divided and not isinstance(a.to, A.Target)),
    ("damage divided as you choose to a second recipient", lambda a: a.divided and a.second is not None),
))
def _deal_damage(ctx: Ctx, a: A.DealDamage) -> bool:
    """120.3: "[source] deals N damage to [recipients]"; "it deals 4 damage
    instead" changes only the amount of the instruction it replaces; "N
    damage divided as you choose among any number of targets" deals each
    target the amount announced for it (601.2d).  "... and M damage to
    [others]" (Arc Trail, Chandra's Outrage) is dealt at the same time, one
    damage event of the source (120.3); in the second recipient "that
    creature" is the first ("and 2 damage to that creature's controller",
    608.2c)."""
    if a.to is None:
        # "it deals 4 damage instead": the sentence it replaces says to whom
        before = ctx.replaced_sentence()
        prior = [x for x in (before.actions if isinstance(before, A.Sentence) else ()) if isinstance(x, A.DealDamage)]
        if not prior:
            raise Unsupported("'deals N damage instead' with no damage before it")
        a = A.DealDamage(prior[0].source, a.amount, prior[0].to, second=prior[0].second)
    src_ids = [ctx.source] if isinstance(a.source, A.ItRef) else ctx.objects(a.source)
    if not src_ids:
        return False
    if a.divided and isinstance(a.to, A.Target):
        return _deal_divided(ctx, a, src_ids[0])
    saved_it = ctx.it
    named_it = isinstance(a.to, A.ItRef) and (bool(saved_it) or ctx.named)
    ctx.it = [src_ids[0]]  # "its power", "its controller": the damage source's
    try:
        amount = ctx.quantity(a.amount)
        if a.to is None:
            raise Unsupported("damage with no recipient")
        if not named_it:
            objs, players = _recipients(ctx, a.to)
            groups = _with_second(ctx, a, amount, objs, players)
    finally:
        ctx.it = saved_it
    if named_it:
        # "... deals 5 damage to it instead": "it" is what was named before (608.2c), not the source
        objs, players = _recipients(ctx, a.to)
        groups = _with_second(ctx, a, amount, objs, players)
    src = ctx.obj_or_lki(src_ids[0])
    source = src if isinstance(src, GameObject) else None
    name = (display_name(src) if isinstance(src, GameObject) else getattr(src, "name", "?")) or "face-down"
    dealt: list[ObjectId] = []
    total = 0
    for n, to_objs, to_players in groups:
        total += deal_damage(ctx, name, n, to_objs, to_players, source, event=len(groups) == 1,
                             unpreventable=unpreventable_here(ctx), dealt=dealt, source_id=src_ids[0],
                             lifelink=len(groups) == 1)  # fmt: skip
    if len(groups) > 1:
        from ..state import DealtDamage

        if source is not None and total:
            ctx.game.events.append(DealtDamage(source.id, total))
        gain_for_lifelink(ctx, source, total)
    ctx.done["dealt damage"] = dealt  # "Creatures dealt damage this way can't be regenerated this turn" (608.2c)
    if objs:
        ctx.that = [o.id for o in objs]  # "It also deals 2 damage to that creature's controller"
    return True


def _with_second(ctx: Ctx, a: A.DealDamage, amount: int, objs: list[GameObject],
                 players: list[PlayerId]) -> list[tuple[int, list[GameObject], list[PlayerId]]]:  # fmt: skip
    """The recipients of one damage instruction, with its second ("... and 1
    damage to that creature's controller"), in which "that creature" is the
    first recipient (608.2c)."""
    groups = [(amount, objs, players)]
    if a.second is not None:
        saved = ctx.that, ctx.named
        if objs:
            ctx.that, ctx.named = [o.id for o in objs], True
        try:
            second_amount, second_to = a.second
            groups.append((ctx.quantity(second_amount), *_recipients(ctx, second_to)))
        finally:
            ctx.that, ctx.named = saved
    return groups


def _deal_divided(ctx: Ctx, a: A.DealDamage, src_id: tuple[int, int]) -> bool:
    """601.2d, 608.2b: each target still legal is dealt its share; the shares
    of targets that became illegal are not dealt to anyone.  All of it is
    one damage event of the source (120.3)."""
    from ..state import DealtDamage
    from ..targets import divided_among

    assert isinstance(a.to, A.Target)
    src = ctx.obj_or_lki(src_id)
    source = src if isinstance(src, GameObject) else None
    name = (display_name(src) if isinstance(src, GameObject) else getattr(src, "name", "?")) or "face-down"
    total = 0
    ctx.done["dealt damage"] = []
    for value, n in divided_among(ctx, a.to):
        objs = current(ctx, [value]) if isinstance(value, tuple) else []
        players = [value] if isinstance(value, str) else []
        total += deal_damage(ctx, name, n, objs, players, source, event=False, unpreventable=unpreventable_here(ctx),
                             dealt=ctx.done.setdefault("dealt damage", []), source_id=src_id, lifelink=False)
    if source is not None and total:
        ctx.game.events.append(DealtDamage(source.id, total))
    gain_for_lifelink(ctx, source, total)
    return True


def unpreventable_here(ctx: Ctx) -> bool:
    """615.12: "... deals 10 damage to that creature or player and the damage
    can't be prevented": the damage of this sentence can't be prevented."""
    sentence = ctx.sentence
    return sentence is not None and any(
        isinstance(a, A.Restriction) and isinstance(a.what, A.DamageRef) and a.what.the and a.rule == "can't be prevented"
        for a in sentence.actions
    )  # fmt: skip


@carries_out(A.GainLife)
def _gain_life(ctx: Ctx, a: A.GainLife) -> bool:
    n = max(0, ctx.quantity(a.amount))  # 107.1b: a negative amount counts as 0
    for p in ctx.players(a.player):
        before = ctx.game.player(p).life
        after = ctx.game.change_life(p, n)
        # the gain as replacement effects left it (119.10: "twice that much life")
        gained = after - before
        ctx.game.say(f"  {p} {'gains' if gained >= 0 else 'loses'} {abs(gained)} life (life {after})")
    return True


@carries_out(A.LoseLife)
def _lose_life(ctx: Ctx, a: A.LoseLife) -> bool:
    """119.3: each player loses that much life; the total is what "the life
    lost this way" means later in the same effect."""
    players = ctx.players(a.player)
    lost = 0
    for p in players:
        saved = ctx.that_player
        ctx.that_player = [p]  # "loses half their life": their own life total
        try:
            n = max(0, ctx.quantity(a.amount))  # 107.1b
        finally:
            ctx.that_player = saved
        ctx.game.change_life(p, -n)
        ctx.life_lost += n
        lost += n
        ctx.game.say(f"  {p} loses {n} life (life {ctx.game.player(p).life})")
    ctx.amount = lost  # "each opponent loses 1 life and you gain that much life": the total (608.2c)
    return True


@carries_out(A.SetLifeTotal)
def _set_life_total(ctx: Ctx, a: A.SetLifeTotal) -> bool:
    """119.5: a player whose life total becomes N gains or loses the
    difference (so "you gained life" counts it); each player named, with
    "they" and "their" that player as the number is counted."""
    whose = a.whose.object if isinstance(a.whose, A.Possessive) else a.whose
    changed = False
    for p in ctx.players(whose):
        saved = ctx.that_player
        ctx.that_player = [p]
        try:
            n = ctx.quantity(a.amount)
        finally:
            ctx.that_player = saved
        delta = n - ctx.game.player(p).life
        ctx.game.change_life(p, delta)
        changed = changed or delta != 0
        ctx.game.say(f"  {p}'s life total becomes {n} ({'gains' if delta >= 0 else 'loses'} {abs(delta)} life, 119.5)")
    return changed


@carries_out(A.Fight, limits=(("a fight that doesn't name both creatures", lambda a: a.first is None or a.second is None),))
def _fight(ctx: Ctx, a: A.Fight) -> bool:
    """701.14: each deals damage equal to its power to the other."""
    first = current(ctx, ctx.objects(a.first))
    second = current(ctx, ctx.objects(a.second))
    if not first or not second:
        return False
    x, y = first[0], second[0]
    if x.zone != "battlefield" or y.zone != "battlefield":
        return False
    px, _ = power_toughness(ctx.game, x)
    py, _ = power_toughness(ctx.game, y)
    deal_damage(ctx, display_name(x), px or 0, [y], [], x)
    deal_damage(ctx, display_name(y), py or 0, [x], [], y)
    return True
