"""Costs: adding them up and paying them (CR 118, 601.2f-h, 602.2b).

A :class:`~cardtext.grammar.ast.Cost` is a list of parts paid together: mana, {T},
sacrificing, discarding, paying life, tapping an untapped creature you
control, removing counters.  The total cost of a spell is its mana cost plus
increases (kicker costs, once per time kicked) minus reductions (601.2f,
rule K14); mana is paid first (mana abilities are activated during 601.2g),
then the other parts, in the order written.  Anything that can't be paid
raises :class:`~cardtext.interpreter.errors.IllegalAction` with the reason.
"""

from __future__ import annotations

from collections.abc import Callable, Container, Iterable
from dataclasses import replace as _replace
from typing import TYPE_CHECKING, Any

from cardtext.grammar import ast as A
from cardtext.grammar.render import render_node

from .characteristics import BASIC_LAND_MANA, chars, display_name
from .choices import Decision, ask
from .errors import IllegalAction, Unsupported
from .filters import AT_RANDOM, at_random, matches, pick_at_random, without_random
from .keywords import CrewCost
from .mana import (
    AddsMana,
    ManaNeed,
    Payment,
    _add_mana_units,
    cost_text,
    explain_shortfall,
    find_payment,
    units_text,
)
from .objects import GameObject, ObjectId, PlayerId
from .state import BecameUntapped, TappedForMana
from .statics import TURN_DURATIONS, spell_cost_changes, spell_cost_problem, x_cost_change
from .targets import slot_index
from .zones import end_held_tapped, end_while_tapped, remove_counters, sacrifice, tap

if TYPE_CHECKING:
    from .state import Game, StackItem


def describe(cost: A.Cost) -> str:
    """A cost in words, for the log and for messages."""
    out: list[str] = []
    for p in cost.parts:
        if isinstance(p, A.ManaCost):
            out.append(cost_text(p))
        elif isinstance(p, A.TapCost):
            out.append("{T}")
        elif isinstance(p, A.UntapCost):
            out.append("{Q}")
        elif isinstance(p, A.EnergyCost):
            out.append(("pay " if p.pay else "") + "{E}" * p.amount)
        elif isinstance(p, A.SacrificeCost):
            out.append("sacrifice " + describe_ref(p.what))
        elif isinstance(p, A.DiscardCost):
            out.append("discard " + (describe_ref(p.what) if p.what else "your hand"))
        elif isinstance(p, A.ExileCost):
            out.append("exile " + describe_ref(p.what))
        elif isinstance(p, A.PayLifeCost):
            amount = p.amount.value if isinstance(p.amount, A.Number) else "X"
            out.append(f"pay {amount} life")
        elif isinstance(p, A.TapObjectCost):
            out.append("tap " + describe_ref(p.what))
        elif isinstance(p, A.ReturnCost):
            out.append(f"return {describe_ref(p.what)} to its owner's hand")
        elif isinstance(p, A.RemoveCountersCost):
            out.append(f"remove {p.kind} counters")
        elif isinstance(p, CrewCost):
            out.append(f"{p.act} {p.power}")
        elif isinstance(p, A.ActionCost):
            out.append(render_node(p.action))  # "collect evidence 6"
        else:
            out.append(type(p).__name__)
    return ", ".join(out)


def fixed_count(count: object, x: int | None = None) -> int:
    """How many objects a cost names ("two creatures": 2; none written: 1;
    "X cards": the value of X announced as the spell was cast or the
    ability activated, ``x``, 601.2b, 602.2b).  A number worked out some
    other way ("that many") is a payment the engine doesn't make yet
    (601.2f–h), never one object."""
    if count is None:
        return 1
    if isinstance(count, A.Number):
        return count.value
    if isinstance(count, A.VarX) and x is not None:
        return max(0, x)
    raise Unsupported(f"a cost of a number of objects given as {type(count).__name__}")


def describe_ref(ref: object) -> str:
    """What a cost names, in the card's own words ("an artifact", "two
    untapped creatures you control", "this creature")."""
    if isinstance(ref, A.Node):
        return render_node(ref)
    return type(ref).__name__


def mana_parts(cost: A.Cost) -> list[A.ManaCost]:
    return [p for p in cost.parts if isinstance(p, A.ManaCost)]


# --------------------------------------------------------------------------
# Mana
# --------------------------------------------------------------------------


def produce(game: Game, player: PlayerId, obj: GameObject, ability: int,
            units: tuple[str, ...] | None = None) -> list[str]:  # fmt: skip
    """Activate a mana ability of ``obj`` whose cost is {T} (605.3): tap it, add
    the mana (and sacrifice it, if that is the rest of the cost: a Treasure).  ``units`` is the mana a payment chose to make with it (which of
    its options, 106.1b); without it, a color left open is asked of the player."""
    if units is not None:
        pass
    elif ability == -1:
        units = tuple(BASIC_LAND_MANA[s] for s in chars(obj).subtypes if s in BASIC_LAND_MANA)[:1]
    else:
        from .mana import mana_ability_of, spend_restriction, tagged

        c = chars(obj)
        add = mana_ability_of(c.abilities[ability])
        assert add is not None
        units = tagged(choose_mana(game, player, obj, add), spend_restriction(c.abilities[ability], obj.id))
    tap(game, obj)
    game.events.append(TappedForMana(obj.id, player))  # "whenever a player taps a land for mana" (106.12)
    pool = game.player(player).pool
    for u in units:
        pool[u] = pool.get(u, 0) + 1
    if ability >= 0:
        from .mana import sacrifices_source

        ab = chars(obj).abilities[ability]
        if isinstance(ab, A.ActivatedAbility) and sacrifices_source(ab):
            from .zones import sacrifice

            game.say(f"  {player} sacrifices {display_name(obj)} for mana")
            sacrifice(game, obj)
    return list(units)


def cost_modifiers(game: Game, spell: GameObject, item: StackItem | None = None) -> list[tuple[GameObject, A.CostModifier]]:
    """The cost increases and reductions that apply to casting ``spell``
    (601.2f), each with its source and the amount it changes the cost by:
    the static abilities of permanents whose description fits it, and —
    with ``item``, the spell being cast, its targets chosen — the spell's
    own ("This spell costs {1} less to cast if it targets a tapped
    creature"), which function while it is on the stack.  A change "for
    each ..." is its amount that many times, counted now; one whose
    condition doesn't hold, or that is counted zero times, changes nothing."""
    out = []
    for src in game.battlefield():
        if src.face_down is not None:
            continue
        for ab in chars(src).abilities:
            if isinstance(ab, A.FirstSpellCost) and _nth_of_turn(game, src, ab, spell):
                out.append((src, A.CostModifier(None, ab.amount, ab.change)))
            for mod, condition in spell_cost_changes(ab):
                if isinstance(mod.what, A.SelfRef):
                    continue  # a spell's change of its own cost: it functions on the stack
                found = _applied(game, src, mod, condition, spell, item)
                if found is not None:
                    out.append((src, found))
    if item is not None and spell.face_down is None:
        for ab in chars(spell).abilities:
            for mod, condition in spell_cost_changes(ab):
                if isinstance(mod.what, A.SelfRef):
                    found = _applied(game, spell, mod, condition, spell, item)
                    if found is not None:
                        out.append((spell, found))
    return out


def _applied(game: Game, src: GameObject, mod: A.CostModifier, condition: A.Node | None, spell: GameObject,
             item: StackItem | None) -> A.CostModifier | None:  # fmt: skip
    """The change ``mod`` of ``src`` makes to the cost of ``spell`` now, its
    amount counted (None when it makes none): the spell fits its description,
    it is the turn it lasts for (611.3a), its condition holds, and "for each
    ..." counts at least one.  "It", "its" and "that spell" in what it counts
    or its condition are the spell ("for each artifact its controller
    controls")."""
    from .conditions import holds
    from .context import Ctx
    from .filters import matches_ref_static
    from .quantities import evaluate

    problem = spell_cost_problem(mod)
    if problem is not None:
        raise Unsupported(problem)
    if not isinstance(mod.what, A.SelfRef) and not matches_ref_static(game, src, mod.what, spell):
        return None
    if not during(game, src, mod.duration):
        return None
    own = src.id == spell.id
    ctx = Ctx(game, src.controller, src.id, -1, item if own else None,
              slot_index(item.effect) if own and item is not None and item.effect else {},
              it=[] if own else [spell.id], that=[] if own else [spell.id], x=item.x if own and item else None)  # fmt: skip
    if condition is not None and not holds(ctx, condition):
        return None
    if mod.per is None:
        return mod
    if isinstance(mod.per, A.TargetsBeyondFirst):
        # "for each target beyond the first" (strive, 207.2c): the spell's targets, less one
        times = max(0, sum(len(slot) for slot in item.targets) - 1) if item is not None else 0
    else:
        times = evaluate(ctx, mod.per)
    if times <= 0:
        return None
    return _replace(mod, amount=times_cost(mod.amount, times), per=None)


def times_cost(cost: A.ManaCost, times: int) -> A.ManaCost:
    """A mana cost ``times`` times over, its generic mana as one symbol ("{1}" three times: "{3}")."""
    generic = sum(s.amount for s in cost.symbols if isinstance(s, A.GenericMana)) * times
    rest = tuple(s for s in cost.symbols if not isinstance(s, A.GenericMana)) * times
    return A.ManaCost(((A.GenericMana(generic),) if generic else ()) + rest)


def during(game: Game, src: GameObject, duration: A.Duration | None) -> bool:
    """Does a static ability of ``src`` that lasts ``duration`` ("during your
    turn", "during turns other than yours") apply now (611.3a)?"""
    if duration is None:
        return True
    yours = TURN_DURATIONS.get(duration.kind)
    if yours is None:
        raise Unsupported(f"a cost change lasting '{duration.kind}'")
    return (game.state.active == src.controller) == yours


def _nth_of_turn(game: Game, src: GameObject, ab: A.FirstSpellCost, spell: GameObject) -> bool:
    """"The first kicked spell you cast each turn costs {1} less to cast", "The
    second spell you cast each turn costs {1} less to cast" (601.2f):
    ``spell`` fits the description, and as many spells before it less one,
    cast this turn by the same player, did, as they were when cast (601.2i)."""
    if not isinstance(ab.amount, A.ManaCost):
        raise Unsupported("a cost change of the first spell each turn not in mana")
    if not matches(game, ab.what, spell, you=src.controller, source=src.id):
        return False
    earlier = sum(
        1 for other in game.state.cast_this_turn
        if other.id != spell.id and other.controller == spell.controller
        and matches(game, ab.what, other, you=src.controller, source=src.id)
    )  # fmt: skip
    return earlier == _ORDINALS.index(ab.ordinal)


_ORDINALS = ("first", "second", "third", "fourth", "fifth")


def modify_cost(need: ManaNeed, mods: list[A.CostModifier]) -> ManaNeed:
    """601.2f, rule K14: total cost = the cost + increases − reductions, in that
    order.  A generic reduction lowers only the generic part (118.7d: it can't
    pay colored requirements); a colored one removes a requirement of that
    color, or else one generic."""
    from .mana import need_of

    specific = list(need.specific)
    generic = need.generic
    for m in mods:
        if m.change == "more":
            extra = need_of([m.amount])
            specific.extend(extra.specific)
            generic += extra.generic
    for m in mods:
        if m.change != "less":
            continue
        for sym in m.amount.symbols:
            if isinstance(sym, A.GenericMana):
                generic = max(0, generic - sym.amount)
            elif isinstance(sym, A.ColoredMana):
                hit = next((r for r in specific if r.colors == frozenset(sym.color)), None)
                if hit is not None:
                    specific.remove(hit)
                else:
                    generic = max(0, generic - 1)
            else:
                raise Unsupported(f"a cost reduction of {type(sym).__name__}")
    return _replace(need, specific=tuple(specific), generic=generic)


COLOR_NAMES = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}


def choose_mana(game: Game, player: PlayerId, obj: GameObject, add: AddsMana) -> tuple[str, ...]:
    """The mana a mana ability adds; "one mana of any color" asks which color
    (106.1b), "Add {B} or {R}" which option (answered by the color's name, or
    by the symbols of an option of several: "{R}{R}")."""
    from .mana import mana_options

    if add.player is not None and not isinstance(add.player, A.You):
        raise Unsupported("mana added to another player's pool")
    if not isinstance(add, A.AddManaAnyColor | A.AddManaChoice) and not (
        isinstance(add, A.AddManaSpecial) and add.kind != "amount of"
    ):  # fmt: skip
        return _add_mana_units(game, obj, add)
    options = mana_options(game, obj, add)
    if not options:
        return ()
    words = [COLOR_NAMES[o[0]] if len(o) == 1 and o[0] in COLOR_NAMES else units_text(o) for o in options]
    d = Decision("word", player, f"{display_name(obj)}: add mana of which color", words, words)
    return options[words.index(ask(game, d))]


def pay_mana(game: Game, player: PlayerId, need: ManaNeed, only: list[ObjectId] | None, what: str,
             allowed: Container[str] = frozenset(), spend_any: str = "") -> Payment:  # fmt: skip
    """601.2g-h: activate mana abilities, then spend mana from the pool.
    Mana with a spending restriction (106.6) pays only if ``allowed`` holds its
    tag (``"kicked"``: this is a kicked spell being cast); with ``spend_any``
    ("type" or "color") mana may be spent as though it were mana of any type
    or color (609.4b)."""
    if need.total == 0:
        return Payment((), (), 0)
    payment = find_payment(game, player, need, only, allowed, spend_any)
    if payment is None:
        raise IllegalAction(f"can't pay {what}: " + explain_shortfall(game, player, need, only, spend_any))
    tapped: list[str] = []
    for oid, ability, made in payment.taps:
        obj = game.get(oid)
        assert obj is not None
        units = produce(game, player, obj, ability, made)
        tapped.append(f"{display_name(obj)} → {units_text(units)}")
    pool = game.player(player).pool
    for u in payment.spend:
        pool[u] -= 1
        if pool[u] == 0:
            del pool[u]
    if payment.life:
        game.change_life(player, -payment.life)
    spent = units_text(payment.spend)
    detail = f"tapping {', '.join(tapped)}" if tapped else "from the mana pool"
    life = f" and {payment.life} life" if payment.life else ""
    game.say(f"  pays {spent}{life} for {need.text()} ({detail})")
    return payment


# --------------------------------------------------------------------------
# Other parts
# --------------------------------------------------------------------------


def _self_on_battlefield(source: GameObject | None, verb: str) -> GameObject:
    """The source itself for "[verb] [this]" as a cost (118.1): it must be on the battlefield."""
    if source is None or source.zone != "battlefield":
        raise IllegalAction(f"can't {verb} it: it is not on the battlefield")
    return source


def _pick(game: Game, player: PlayerId, prompt: str, candidates: list[GameObject], n: int,
          most: int | None = None) -> list[GameObject]:  # fmt: skip
    """``n`` of the candidates, or from ``n`` to ``most`` ("one or more creatures")."""
    most = n if most is None else most
    if len(candidates) < n:
        raise IllegalAction(f"can't {prompt}: only {len(candidates)} available")
    d = Decision(
        "pick", player, prompt, [o.id for o in candidates], [display_name(o) for o in candidates], n,
        min(most, len(candidates)),
    )
    chosen = ask(game, d)
    return [o for o in candidates if o.id in chosen]


def x_in_parts(parts: Iterable[object]) -> bool:
    """Does a non-mana part of a cost name X ("Sacrifice X lands", "discard
    X cards")?  Then X is announced as the spell is cast or the ability
    activated (601.2b, 602.2b)."""
    from .bind import walk

    return any(isinstance(n, A.VarX) for p in parts if isinstance(p, A.Node) and not isinstance(p, A.ManaCost)
               for n in walk(p))  # fmt: skip


def check_other_part(game: Game, player: PlayerId, part: A.CostPart, source: GameObject | None,
                     x: int | None = None) -> None:  # fmt: skip
    """Raise if a non-mana part certainly can't be paid (used before a payment
    starts); ``x`` the value of X announced."""
    if isinstance(part, A.TapCost):
        from .mana import can_tap_for_cost

        if source is None or not can_tap_for_cost(game, source):
            raise IllegalAction(f"can't pay {{T}}: {display_name(source) if source else 'it'} is tapped or can't be tapped yet")
    if isinstance(part, A.RevealCost) and isinstance(part.what, A.AnObject):
        n = fixed_count(part.what.count, x)
        have = [o for o in game.zone_objects("hand", player) if _card_matches(game, part.what.filter, o, player)]
        if len(have) < n:
            raise IllegalAction(f"can't reveal {describe_ref(part.what)}: only {len(have)} in hand")
    if isinstance(part, A.DiscardCost) and isinstance(part.what, A.AnObject) and isinstance(part.what.count, A.Number | None):
        n = fixed_count(part.what.count, x)
        filt = without_random(part.what.filter)
        have = [o for o in game.zone_objects("hand", player) if _card_matches(game, filt, o, player)]
        if len(have) < n:
            raise IllegalAction(f"can't discard {describe_ref(part.what)}: only {len(have)} in hand")
    if isinstance(part, A.SacrificeCost) and isinstance(part.what, A.AnObject) and isinstance(part.what.count, A.Number | None):
        n = fixed_count(part.what.count, x)
        src_id = source.id if source is not None else None
        have = [o for o in game.battlefield()
                if o.controller == player and matches(game, part.what.filter, o, you=player, source=src_id)]  # fmt: skip
        if len(have) < n:
            raise IllegalAction(f"can't sacrifice {describe_ref(part.what)}: only {len(have)} to sacrifice")
    if (isinstance(part, A.PayLifeCost) and isinstance(part.amount, A.Number)
            and game.player(player).life < part.amount.value):  # fmt: skip
        raise IllegalAction(f"can't pay {part.amount.value} life with {game.player(player).life} life")
    if isinstance(part, A.EnergyCost) and game.player(player).counter("energy") < part.amount:
        raise IllegalAction(f"can't pay {part.amount} energy with {game.player(player).counter('energy')} (107.14)")
    if (isinstance(part, A.ActionCost) and getattr(part.action, "verb", "") == "blight"
            and not any(o.controller == player and "creature" in chars(o).types for o in game.battlefield())):  # fmt: skip
        raise IllegalAction(f"can't blight: {player} controls no creature (701.68a)")
    if (isinstance(part, A.ActionCost) and getattr(part.action, "verb", "") == "forage"
            and len(game.zone("graveyard", player)) < 3
            and not any(o.controller == player and "Food" in chars(o).subtypes for o in game.battlefield())):  # fmt: skip
        raise IllegalAction(f"can't forage: {player} has fewer than three cards in their graveyard and no Food (701.61a)")
    if (isinstance(part, A.ActionCost) and getattr(part.action, "verb", "") == "collect evidence"
            and isinstance(part.action.amount, A.Number)
            and sum(chars(o).mana_value for o in _evidence(game, player)) < part.action.amount.value):  # fmt: skip
        raise IllegalAction(f"can't collect evidence {part.action.amount.value}: too little mana value in the graveyard")


def _count_problem(count: object) -> str | None:
    """:func:`fixed_count`'s refusal, read from the cost alone ("X": the
    value announced, 601.2b)."""
    if count is None or isinstance(count, A.Number | A.VarX):
        return None
    return f"a cost of a number of objects given as {type(count).__name__}"


def _objects_problem(verb: str, what: object, *, self_ok: bool = False, none_ok: bool = False) -> str | None:
    if (self_ok and isinstance(what, A.SelfRef)) or (none_ok and what is None):
        return None
    if not isinstance(what, A.AnObject):
        return f"{verb} cost of {type(what).__name__}"
    return _count_problem(what.count)


def _self_from_graveyard(part: A.ExileCost) -> bool:
    """ "Exile this card from your graveyard" (118.1, 113.6k): the card the
    ability is on, from its owner's graveyard, where the ability functions."""
    zone = part.zone
    return (isinstance(part.what, A.SelfRef) and isinstance(zone, A.ZonePlace) and zone.zone == "graveyard"
            and not zone.second and zone.how == "possessive"
            and isinstance(zone.owner.object if isinstance(zone.owner, A.Possessive) else zone.owner, A.You))  # fmt: skip


PAID_PARTS: dict[type, Callable[[Any], str | None]] = {
    A.TapCost: lambda part: None,
    A.EnergyCost: lambda part: None,
    A.UntapCost: lambda part: None,
    A.PayLifeCost: lambda part: (
        None if isinstance(part.amount, A.Number) else "a life cost that is not a fixed number"),
    A.SacrificeCost: lambda part: _objects_problem("sacrifice", part.what, self_ok=True),
    A.DiscardCost: lambda part: _objects_problem("discard", part.what, self_ok=True, none_ok=True),
    A.RevealCost: lambda part: _objects_problem("reveal", part.what),
    A.ExileCost: lambda part: (
        "a cost part 'exile [an object] from a zone' other than [this] from a graveyard"
        if part.zone is not None and not _self_from_graveyard(part)
        else _objects_problem("exile", part.what, self_ok=True)),
    A.TapObjectCost: lambda part: _objects_problem("tap", part.what),
    A.ReturnCost: lambda part: _objects_problem("return", part.what, self_ok=True),
    CrewCost: lambda part: None,
    A.ActionCost: lambda part: _action_cost_problem(part),
    A.RemoveCountersCost: lambda part: (
        "removing counters other than a number of one kind from this object as a cost"
        if part.all or not part.kind or not isinstance(part.source, A.SelfRef) else _count_problem(part.amount)),
}  # fmt: skip
"""The non-mana cost parts :func:`pay_other` pays (118.3), each with what it
can't pay of such a part, read from the part alone: the support check reads
this table (:func:`cost_part_problem`), and :func:`pay_other` refuses by it."""

def _action_cost_problem(part: A.ActionCost) -> str | None:
    """A keyword action paid as a cost (118.1): "collect evidence N" (701.59a)
    and "waterbend {N}" (701.67a) are paid."""
    action = part.action
    if getattr(action, "verb", "") == "collect evidence":
        return None if isinstance(action.amount, A.Number) else "collecting evidence of a number other than a fixed one"
    if getattr(action, "verb", "") == "waterbend":
        return waterbend_problem(action)
    if getattr(action, "verb", "") == "blight":
        return None if isinstance(action.amount, A.Number) and action.what is None and action.player is None else (
            "blighting other than a fixed number")
    if getattr(action, "verb", "") == "forage":
        return None if action.amount is None and action.what is None and action.player is None else (
            "foraging with more than the action")
    return f"a cost part '{getattr(action, 'verb', type(action).__name__)}' (a keyword action as a cost)"


def waterbend_problem(action: A.KeywordAction) -> str | None:
    """What :func:`waterbend` can't pay of "waterbend [cost]": a cost other than generic mana of a fixed amount."""
    cost = action.what
    if not isinstance(cost, A.ManaCost) or not all(isinstance(s, A.GenericMana) for s in cost.symbols):
        return "waterbending for other than a fixed amount of generic mana"
    if (action.player is not None and not isinstance(action.player, A.You)) or action.amount is not None \
            or action.extra or action.duration is not None:  # fmt: skip
        return "waterbending by another player, or for a while"
    return None


def waterbend(game: Game, player: PlayerId, cost: A.ManaCost, source: GameObject | None,
              paid: dict[str, list[Any]]) -> None:  # fmt: skip
    """701.67a: "waterbend {N}" — pay {N}; while paying it, the player may tap
    any untapped artifacts and creatures they control, each paying for {1}
    (the player picks them; the rest is paid with mana, 601.2g-h)."""
    from .mana import need_of

    n = sum(s.amount for s in cost.symbols if isinstance(s, A.GenericMana))
    cands = [o for o in game.battlefield()
             if o.controller == player and not o.tapped and {"artifact", "creature"} & set(chars(o).types)]
    chosen: list[GameObject] = []
    if cands and n:
        d = Decision("pick", player, f"waterbend {{{n}}}: tap which untapped artifacts and creatures you control "
                     "(each pays for {1}, 701.67a)", [o.id for o in cands], [display_name(o) for o in cands],
                     0, min(n, len(cands)))  # fmt: skip
        picked = ask(game, d)
        chosen = [o for o in cands if o.id in picked]
    for o in chosen:
        tap(game, o)
        paid.setdefault("tapped", []).append(o.id)
    rest = n - len(chosen)
    if chosen:
        game.say(f"  {player} taps {', '.join(display_name(o) for o in chosen)} to waterbend, paying {len(chosen)} of {{{n}}}")
    if rest:
        need = need_of([A.ManaCost((A.GenericMana(rest),))])
        pay_mana(game, player, need, None, f"waterbend {{{n}}}")


def blight(game: Game, player: PlayerId, n: int, paid: dict[str, list[Any]] | None = None) -> GameObject:
    """701.68a: "blight N" — put N -1/-1 counters on a creature you control
    (not a target: the player picks it as they blight); one who controls no
    creature can't blight."""
    from .zones import put_counters

    mine = [o for o in game.battlefield() if o.controller == player and "creature" in chars(o).types]
    if not mine:
        raise IllegalAction(f"can't blight {n}: {player} controls no creature (701.68a)")
    d = Decision("pick", player, f"blight {n}: put {n} -1/-1 counter(s) on which creature you control (701.68a)",
                 [o.id for o in mine], [display_name(o) for o in mine], 1, 1)  # fmt: skip
    picked = set(ask(game, d))
    o = next(o for o in mine if o.id in picked)
    put_counters(game, o, "-1/-1", n)
    game.say(f"  {player} blights {n}: {n} -1/-1 counter(s) on {display_name(o)}")
    if paid is not None:
        paid.setdefault("blighted", []).append(o.id)
    return o


def forage(game: Game, player: PlayerId, paid: dict[str, list[Any]] | None = None) -> None:
    """701.61a: to forage, exile three cards from your graveyard or
    sacrifice a Food — the player's choice of one they can do; one who can
    do neither can't forage."""
    from .zones import move

    graveyard = list(game.zone_objects("graveyard", player))
    foods = [o for o in game.battlefield() if o.controller == player and "Food" in chars(o).subtypes]
    options = (["exile"] if len(graveyard) >= 3 else []) + (["food"] if foods else [])
    if not options:
        raise IllegalAction(f"can't forage: {player} has fewer than three cards in their graveyard and no Food (701.61a)")
    labels = {"exile": "exile three cards from your graveyard", "food": "sacrifice a Food"}
    how = options[0] if len(options) == 1 else ask(game, Decision(
        "pick", player, "forage", options, [labels[o] for o in options], 1, 1))[0]  # fmt: skip
    if how == "exile":
        d = Decision("pick", player, "forage: exile three cards from your graveyard", [o.id for o in graveyard],
                     [display_name(o) for o in graveyard], 3, 3)  # fmt: skip
        picked = set(ask(game, d))
        cards = [o for o in graveyard if o.id in picked]
        for o in cards:
            new = move(game, o, "exile")
            if paid is not None:
                paid.setdefault("exiled", []).append(new.id)
        game.say(f"  {player} forages: exiles {', '.join(display_name(o) for o in cards)} from their graveyard")
        return
    d = Decision("pick", player, "forage: sacrifice a Food", [o.id for o in foods], [display_name(o) for o in foods], 1, 1)
    picked = set(ask(game, d))
    food = next(o for o in foods if o.id in picked)
    game.say(f"  {player} forages: sacrifices {display_name(food)}")
    if paid is not None:
        paid.setdefault("sacrificed", []).append(food.id)
    sacrifice(game, food)


def _evidence(game: Game, player: PlayerId) -> list[GameObject]:
    return list(game.zone_objects("graveyard", player))


def collect_evidence(game: Game, player: PlayerId, n: int, paid: dict[str, list[Any]]) -> None:
    """701.59a: "collect evidence N" — exile any number of cards from your
    graveyard with total mana value N or greater; the player picks them."""
    from .zones import move

    cards = _evidence(game, player)
    if sum(chars(o).mana_value for o in cards) < n:
        raise IllegalAction(f"can't collect evidence {n}: the cards in the graveyard have less total mana value")
    d = Decision("pick", player, f"collect evidence {n}: exile cards with total mana value {n} or greater",
                 [o.id for o in cards], [display_name(o) for o in cards], 1 if n > 0 else 0, len(cards))  # fmt: skip
    picked = ask(game, d)
    chosen = [o for o in cards if o.id in picked]
    total = sum(chars(o).mana_value for o in chosen)
    if total < n:
        raise IllegalAction(f"can't collect evidence {n} with cards of total mana value {total}")
    for v in chosen:
        game.say(f"  exiles {display_name(v)} (evidence)")
        paid.setdefault("exiled", []).append(move(game, v, "exile").id)
    paid.setdefault("evidence", []).append((n, total))


AT_RANDOM[A.DiscardCost] = lambda part: (  # "Discard a card at random" (701.9b): pay_other picks it
    [part.what] if isinstance(part.what, A.AnObject) and at_random(part.what) else [])


def cost_part_problem(part: A.Node) -> str | None:
    """What :func:`pay_other` can't pay of a non-mana cost part (None: it pays it)."""
    check = PAID_PARTS.get(type(part))
    if check is None:
        return f"cost part {type(part).__name__}"
    return check(part)


def pay_other(game: Game, player: PlayerId, part: A.CostPart, source: GameObject | None, paid: dict[str, list[ObjectId]],
              x: int | None = None) -> None:  # fmt: skip
    """Pay one non-mana part of a cost (118.3: only what can be done can be
    paid); ``x`` the value of X announced ("Sacrifice X lands", 601.2b)."""
    from .zones import discard

    problem = cost_part_problem(part)
    if problem is not None:
        raise Unsupported(problem)
    you = player
    src_id = source.id if source else None
    if isinstance(part, A.TapCost):
        check_other_part(game, player, part, source)
        assert source is not None
        tap(game, source)
        return
    if isinstance(part, A.EnergyCost):
        pay_energy(game, player, part.amount)
        return
    if isinstance(part, A.UntapCost):
        if source is None or not source.tapped:
            raise IllegalAction("can't pay {Q}: it is untapped")
        source.tapped = False
        end_while_tapped(game, source.id)
        game.events.append(BecameUntapped(source.id))  # 701.26b: "whenever ... becomes untapped"
        end_held_tapped(game, source)
        return
    if isinstance(part, A.PayLifeCost):
        amount = part.amount.value if isinstance(part.amount, A.Number) else None
        if amount is None:
            raise Unsupported("a life cost that is not a fixed number")
        if game.player(player).life < amount:
            raise IllegalAction(f"can't pay {amount} life with {game.player(player).life} life")
        game.change_life(player, -amount)
        game.say(f"  pays {amount} life")
        paid.setdefault("life", []).append((amount, 0))
        return
    if isinstance(part, A.SacrificeCost):
        if isinstance(part.what, A.SelfRef):
            victims = [_self_on_battlefield(source, "sacrifice")]
        elif isinstance(part.what, A.AnObject):
            # "Sacrifice a creature" may be the source itself, if it fits;
            # only "another" leaves it out (109.2b, through the filter)
            n = fixed_count(part.what.count, x)
            cands = [
                o for o in game.battlefield()
                if o.controller == you and matches(game, part.what.filter, o, you=you, source=src_id)
            ]  # fmt: skip
            most = len(cands) if part.what.how == "or more" else None  # "sacrifice one or more creatures"
            victims = _pick(game, player, "sacrifice " + describe_ref(part.what), cands, n, most)
        else:
            raise Unsupported(f"sacrifice cost of {type(part.what).__name__}")
        for v in victims:
            game.say(f"  sacrifices {display_name(v)}")
            paid.setdefault("sacrificed", []).append(v.id)
            sacrifice(game, v)
        return
    if isinstance(part, A.ExileCost):
        # 118.1, 406.2: "Exile [this]", "Exile a creature card from your
        # graveyard", "Exile a card from your hand": the objects move to exile
        from .zones import move

        if isinstance(part.what, A.SelfRef) and part.zone is not None:
            # "Exile this card from your graveyard" (113.6k: the ability functions there)
            if source is None or source.zone != "graveyard" or source.owner != you:
                raise IllegalAction("can't exile it: it is not in your graveyard")
            victims = [source]
        elif isinstance(part.what, A.SelfRef):
            victims = [_self_on_battlefield(source, "exile")]
        else:
            assert isinstance(part.what, A.AnObject)  # PAID_PARTS
            n = fixed_count(part.what.count, x)
            seen = [*game.battlefield(), *game.zone_objects("graveyard", you), *game.zone_objects("hand", you)]
            cands = [o for o in seen if matches(game, part.what.filter, o, you=you, source=src_id)
                     and (o.zone != "battlefield" or o.controller == you)]  # fmt: skip
            victims = _pick(game, player, "exile " + describe_ref(part.what), cands, n)
        for v in victims:
            game.say(f"  exiles {display_name(v)}")
            paid.setdefault("exiled", []).append(move(game, v, "exile").id)
        return
    if isinstance(part, A.DiscardCost):
        hand = game.zone_objects("hand", you)
        if isinstance(part.what, A.SelfRef):
            # "Discard this card" (cycling, 702.29a): the card the ability is on, from its owner's hand
            if source is None or source.zone != "hand" or source.owner != you:
                raise IllegalAction("can't discard it: it is not in your hand")
            victims = [source]
        elif part.what is None:
            victims = list(hand)
        elif isinstance(part.what, A.AnObject) and at_random(part.what):
            # "Discard a card at random" (701.9b): no player chooses; only what can be done is paid (118.3)
            n = fixed_count(part.what.count, x)
            cands = [o for o in hand if _card_matches(game, without_random(part.what.filter), o, you)]
            if len(cands) < n:
                raise IllegalAction(f"can't discard {n} card(s) at random: only {len(cands)} in hand")
            victims = pick_at_random(game, cands, n)
        elif isinstance(part.what, A.AnObject):
            n = fixed_count(part.what.count, x)
            cands = [o for o in hand if _card_matches(game, part.what.filter, o, you)]
            victims = _pick(game, player, "discard " + describe_ref(part.what), cands, n)
        else:
            raise Unsupported(f"discard cost of {type(part.what).__name__}")
        for v in victims:
            # the card in the graveyard (in exile, with madness: 702.35a) is what "the discarded card"
            # means (a hand has no last known information)
            paid.setdefault("discarded", []).append(discard(game, you, v, by=you).id)
        return
    if isinstance(part, A.RevealCost):
        # 601.2b, 701.16a: a card of the player's hand is shown; it stays there
        if not isinstance(part.what, A.AnObject):
            raise Unsupported(f"reveal cost of {type(part.what).__name__}")
        n = fixed_count(part.what.count, x)
        cands = [o for o in game.zone_objects("hand", you) if _card_matches(game, part.what.filter, o, you)]
        for v in _pick(game, player, "reveal " + describe_ref(part.what), cands, n):
            game.say(f"  reveals {v.card.name}")
            paid.setdefault("revealed", []).append(v.id)
        return
    if isinstance(part, A.TapObjectCost):
        if not isinstance(part.what, A.AnObject):
            raise Unsupported(f"tap cost of {type(part.what).__name__}")
        n = fixed_count(part.what.count, x)
        cands = [
            o for o in game.battlefield()
            if o.controller == you and not o.tapped and matches(game, part.what.filter, o, you=you, source=src_id)
        ]  # fmt: skip
        for v in _pick(game, player, "tap " + describe_ref(part.what), cands, n):
            tap(game, v)
            paid.setdefault("tapped", []).append(v.id)  # "the number of creatures tapped this way"
            game.say(f"  taps {display_name(v)}")
        return
    if isinstance(part, A.ReturnCost):
        # 118.1, 400.3: "Return an Island you control to its owner's hand": permanents the
        # player controls, each to its owner's hand
        from .zones import move

        if isinstance(part.what, A.SelfRef):
            victims = [_self_on_battlefield(source, "return")]
        else:
            assert isinstance(part.what, A.AnObject)  # PAID_PARTS
            n = fixed_count(part.what.count, x)
            cands = [o for o in game.battlefield()
                     if o.controller == you and matches(game, part.what.filter, o, you=you, source=src_id)]  # fmt: skip
            victims = _pick(game, player, "return " + describe_ref(part.what), cands, n)
        for v in victims:
            game.say(f"  returns {display_name(v)} to {v.owner}'s hand")
            paid.setdefault("returned", []).append(move(game, v, "hand").id)
        return
    if isinstance(part, CrewCost):
        _crew(game, player, part, source)
        return
    if isinstance(part, A.ActionCost) and part.action.verb == "waterbend":
        waterbend(game, player, part.action.what, source, paid)
        return
    if isinstance(part, A.ActionCost) and part.action.verb == "blight":
        blight(game, player, part.action.amount.value, paid)
        return
    if isinstance(part, A.ActionCost) and part.action.verb == "forage":
        forage(game, player, paid)
        return
    if isinstance(part, A.ActionCost):
        collect_evidence(game, player, part.action.amount.value, paid)  # the one PAID_PARTS lets through
        return
    if isinstance(part, A.RemoveCountersCost):
        if part.all or part.any_number or not part.kind or not isinstance(part.source, A.SelfRef):
            raise Unsupported("removing counters other than a number of one kind from this object as a cost")
        amount = fixed_count(part.amount, x)  # "Remove X storage counters": the X announced (601.2b)
        if source is None or source.counters.get(part.kind, 0) < amount:
            raise IllegalAction(f"can't remove {amount} {part.kind} counter(s): not enough on it")
        remove_counters(game, source, part.kind, amount)
        return
    raise Unsupported(f"cost part {type(part).__name__}")


def pay_energy(game: Game, player: PlayerId, n: int) -> None:
    """107.14, 122.1h: pay {E} N times — remove that many energy counters
    from the player (only a player who has them can, 118.3)."""
    p = game.player(player)
    if p.counter("energy") < n:
        raise IllegalAction(f"can't pay {n} energy with {p.counter('energy')} (107.14)")
    p.add_counters("energy", -n)
    game.say(f"  {player} pays {n} energy (energy {p.counter('energy')})")


def _crew(game: Game, player: PlayerId, part: CrewCost, source: GameObject | None) -> None:
    """702.122a (crew), 702.171a (saddle): tap any number of other untapped
    creatures you control with total power N or greater (a creature that
    came under your control this turn may: it's no {T} cost of its own,
    302.6); each creature's power as its static abilities count it ("crews
    Vehicles as though its power were 2 greater")."""
    from .statics import crew_power

    rule = "702.171a" if part.act == "saddle" else "702.122a"
    cands = [
        o for o in game.battlefield()
        if o.controller == player and not o.tapped and (source is None or o.id != source.id) and "creature" in chars(o).types
    ]  # fmt: skip
    power = {o.id: max(0, crew_power(game, o, part.act)) for o in cands}
    if sum(power.values()) < part.power:
        raise IllegalAction(f"can't {part.act} {part.power}: the untapped creatures {player} controls have total power "
                            f"{sum(power.values())} ({rule})")  # fmt: skip
    d = Decision("pick", player, f"{part.act} {part.power}: tap which untapped creatures (total power {part.power} or more)",
                 [o.id for o in cands], [display_name(o) for o in cands], 1, len(cands))  # fmt: skip
    chosen = ask(game, d)
    total = sum(power[oid] for oid in chosen)
    if total < part.power:
        raise IllegalAction(f"can't {part.act} {part.power} with total power {total} ({rule})")
    from .state import Crewed

    for o in cands:
        if o.id in chosen:
            tap(game, o)
            game.say(f"  taps {display_name(o)} to {part.act}")
            if source is not None:
                game.events.append(Crewed(o.id, source.id, part.act))  # "whenever [this] crews a Vehicle"


def _branch(part: A.Node) -> A.Node:
    """One side of "discard a card or pay {2}" as it is paid: "pay {2}" is its mana (118.1)."""
    return part.mana if isinstance(part, A.PayManaCost) else part


def cost_or_problem(part: A.CostOr) -> str | None:
    """What :func:`choose_parts` can't offer of "[one part] or [another]"
    (None: either side is a part :func:`pay_other` pays, or "pay [mana]")."""
    for side in (part.first, part.second):
        if isinstance(side, A.CostOr):
            problem = cost_or_problem(side)
        elif isinstance(side, A.ManaCost):
            # "{3}, {T} or {R}, {T}": the mana symbols of a whole cost, not one part of it
            problem = "a cost of mana symbols or another part ('{3}, {T} or {R}, {T}': two whole costs)"
        elif isinstance(side, A.PayManaCost):
            problem = "paying mana any number of times as one side of a choice" if side.any_number else None
        else:
            problem = cost_part_problem(side)
        if problem is not None:
            return problem
    return None


def choose_parts(game: Game, player: PlayerId, name: str, cost: A.Cost, source: GameObject | None) -> A.Cost:
    """601.2b, 602.2b: a cost of "[one part] or [another]" ("discard a card
    or pay 3 life", "sacrifice a creature or pay {3}{B}") is one of them, the
    payer's choice, announced before the total cost is worked out; a side
    that certainly can't be paid (no card to discard, too little life) is not
    offered (118.3).  The cost with each such choice made."""
    if not any(isinstance(p, A.CostOr) for p in cost.parts):
        return cost
    parts: list[A.Node] = []
    for part in cost.parts:
        while isinstance(part, A.CostOr):
            problem = cost_or_problem(part)
            if problem is not None:
                raise Unsupported(problem)
            sides = [_branch(side) for side in (part.first, part.second)]
            payable = []
            for side in sides:
                try:
                    if not isinstance(side, A.ManaCost | A.CostOr):
                        check_other_part(game, player, side, source)
                except IllegalAction:
                    continue
                payable.append(side)
            if not payable:
                raise IllegalAction(f"can't pay {describe_or(part)}: neither can be paid")
            words = [describe_or(side) for side in payable]
            picked = ask(game, Decision("word", player, f"{name}: pay which cost", words, words))
            if picked not in words:
                raise IllegalAction(f"{name}: {picked!r} is not one of {', '.join(words)}")
            part = payable[words.index(picked)]
            game.say(f"  {player} chooses to {words[words.index(picked)]} (601.2b)")
        parts.append(part)
    return _replace(cost, parts=tuple(parts))


def describe_or(part: A.Node) -> str:
    """One side of a cost's choice in words ("discard a card", "{2}")."""
    if isinstance(part, A.CostOr):
        return f"{describe_or(_branch(part.first))} or {describe_or(_branch(part.second))}"
    return describe(A.Cost((_branch(part),)))


def _card_matches(game: Game, filt: A.ObjectFilter, obj: GameObject, you: PlayerId) -> bool:
    """A filter for a card in hand ("discard a creature card")."""
    return matches(game, filt, obj, you=you, source=None, anywhere=True)


__all__ = [
    "PAID_PARTS", "check_other_part", "choose_parts", "cost_or_problem", "pay_energy", "waterbend", "waterbend_problem", "collect_evidence", "choose_mana", "cost_modifiers", "cost_part_problem", "describe", "during",
    "spell_cost_problem", "mana_parts", "modify_cost", "pay_mana", "pay_other", "produce", "spell_cost_changes", "times_cost",
    "x_cost_change",
]  # fmt: skip
