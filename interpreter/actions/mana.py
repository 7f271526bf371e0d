"""Mana instructions (CR 106): add mana, and "spend this mana only ..."
(106.6)."""

from __future__ import annotations

from cardtext.grammar import ast as A

from ..context import Ctx
from ..keywords import FirebendMana, PayCost, PayPerCounter
from ..mana import (
    AddsMana,
    combination_units,
    resolving_mana_supported,
    restriction_supported,
    special_mana_supported,
    units_text,
)
from .common import source_name
from .registry import carries_out

_ADDITIONAL = ("'adds an additional {G}' (mana beyond what a mana ability makes, 106.12a)", lambda a: a.additional)
_ANOTHER = ("mana added to another player's pool ('that player adds {G}{G}', 106.4)",
            lambda a: a.player is not None and not isinstance(a.player, A.You))


@carries_out(A.AddManaSpecial, limits=(
    ("a form of 'Add ...' other than 'N mana in any combination of colors', 'one mana of the chosen color' "
     "or 'an amount of {G} equal to ...'",
     lambda a: not a.additional and not resolving_mana_supported(a)),
    _ADDITIONAL, _ANOTHER,
))
@carries_out(A.AddMana, limits=(_ADDITIONAL, _ANOTHER))
@carries_out(A.AddManaAnyColor, limits=(_ADDITIONAL, _ANOTHER))
@carries_out(A.AddManaChoice, limits=(("'Add {R} and/or {G}'", lambda a: a.andor), _ADDITIONAL, _ANOTHER))
def _add_mana(ctx: Ctx, a: AddsMana) -> bool:
    """106.4: mana goes into the controller's pool; "one mana of any color"
    and "Add {B} or {R}" are the controller's choice as the ability
    resolves (106.1b)."""
    from ..costs import choose_mana

    src = ctx.source_obj()
    if src is None:
        return False
    if isinstance(a, A.AddManaSpecial) and a.kind == "amount of":
        # "an amount of {B} equal to the sacrificed artifact's mana value": the number as the ability resolves
        units: tuple[str, ...] = (_amount_unit(a),) * max(ctx.quantity(a.amount), 0)
    elif isinstance(a, A.AddManaSpecial) and not special_mana_supported(a):
        units = _combination(ctx, a, src)
    elif isinstance(a, A.AddManaAnyColor) and not isinstance(a.amount, A.Number):
        units = _of_one_color(ctx, a)
    elif isinstance(a, A.AddMana) and a.per is not None:
        # "Add {C}{C} for each card revealed this way": the number as the instruction resolves (608.2c)
        from dataclasses import replace

        units = choose_mana(ctx.game, ctx.controller, src, replace(a, per=None)) * max(ctx.quantity(a.per), 0)
    else:
        units = choose_mana(ctx.game, ctx.controller, src, a)
    pool = ctx.game.player(ctx.controller).pool
    for u in units:
        pool[u] = pool.get(u, 0) + 1
    ctx.added_mana = list(units)
    ctx.game.say(f"  {ctx.controller} adds {units_text(list(units))}")
    return True


def _of_one_color(ctx: Ctx, a: A.AddManaAnyColor) -> tuple[str, ...]:
    """106.1b: "Add X mana of any one color, where X is ...": X as the
    instruction resolves, all of the one color the controller chooses."""
    from ..choices import Decision, ask
    from ..costs import COLOR_NAMES

    n = max(ctx.quantity(a.amount), 0)
    if n == 0:
        return ()
    words = [COLOR_NAMES[c] for c in "WUBRG"]
    d = Decision("word", ctx.controller, f"{source_name(ctx)}: add {n} mana of which color", words, words)
    color = "WUBRG"[words.index(ask(ctx.game, d))]
    return (color,) * n


def _combination(ctx: Ctx, a: A.AddManaSpecial, src: object) -> tuple[str, ...]:
    """106.1a, 106.1b: "X mana in any combination of {B} and/or {R}, where
    X is ...": X as the instruction resolves, and the controller's choice of
    how many of each kind."""
    from itertools import combinations_with_replacement

    from ..choices import Decision, ask
    from ..costs import COLOR_NAMES

    kinds = combination_units(a)
    assert kinds is not None  # resolving_mana_supported
    n = max(ctx.quantity(a.amount), 0)
    if n == 0:
        return ()
    options = list(combinations_with_replacement(kinds, n))
    words = [units_text(o) if len(o) > 1 else COLOR_NAMES.get(o[0], o[0]) for o in options]
    d = Decision("word", ctx.controller, f"{source_name(ctx)}: add which {n} mana", words, words)
    return options[words.index(ask(ctx.game, d))]


def _amount_unit(a: A.AddManaSpecial) -> str:
    return "C" if isinstance(a.of, A.ColorlessMana) else str(getattr(a.of, "color", "C"))


@carries_out(A.SpendOnly, limits=(
    ("a mana spending restriction other than 'only to cast [spells]' or 'only to activate abilities'",
     lambda a: not restriction_supported(a)),
))
def _spend_only(ctx: Ctx, a: A.SpendOnly) -> bool:
    """106.6: "Spend this mana only to cast creature spells" — the mana the
    ability just added carries the restriction, which the payment solver
    respects (:mod:`cardtext.interpreter.mana`)."""
    from ..mana import restriction_tag, tagged

    tag = restriction_tag(a, ctx.source)
    pool = ctx.game.player(ctx.controller).pool
    for u in ctx.added_mana:
        if pool.get(u, 0) > 0:
            pool[u] -= 1
            if not pool[u]:
                del pool[u]
            (t,) = tagged((u,), tag)
            pool[t] = pool.get(t, 0) + 1
    ctx.added_mana = []
    return True


def _per_counter_problem(a: PayPerCounter) -> bool:
    return not all(isinstance(p, A.ManaCost) and not any(isinstance(s, A.VariableMana) for s in p.symbols)
                   or isinstance(p, A.PayLifeCost) and isinstance(p.amount, A.Number) for p in a.cost.parts)  # fmt: skip


@carries_out(PayPerCounter, limits=(
    ("a cumulative upkeep cost other than mana or life", _per_counter_problem),
))  # fmt: skip
def _pay_per_counter(ctx: Ctx, a: PayPerCounter) -> bool:
    """702.24a: "pay [cost] for each age counter on it": the cost once per
    counter on the source (none: nothing to pay, and it is paid); a player
    who can't pay all of it pays none (118.3)."""
    from ..costs import pay_mana
    from ..errors import IllegalAction
    from ..mana import need_of

    game = ctx.game
    src = game.get(ctx.source) if ctx.source is not None else None
    n = src.counters.get(a.kind, 0) if src is not None and src.zone == "battlefield" else 0
    mana = [s for p in a.cost.parts if isinstance(p, A.ManaCost) for s in p.symbols] * n
    life = sum(p.amount.value for p in a.cost.parts if isinstance(p, A.PayLifeCost) and isinstance(p.amount, A.Number)) * n
    p = ctx.controller
    if life > game.player(p).life:
        game.say(f"  {p} can't pay {life} life with {game.player(p).life} life (119.4)")
        return False
    if mana:
        need = need_of([A.ManaCost(tuple(mana))])
        try:
            pay_mana(game, p, need, None, need.text())
        except IllegalAction as exc:
            game.say(f"  {p} doesn't pay: {exc} (118.3)")
            return False
    if life:
        game.change_life(p, -life)
        game.say(f"  {p} pays {life} life (life {game.player(p).life})")
    game.say(f"  {p} pays the upkeep cost for {n} {a.kind} counter{'s' if n != 1 else ''} (702.24a)")
    return True


def _pay_cost_problem(a: PayCost) -> bool:
    from ..costs import cost_part_problem

    return any(
        any(isinstance(s, A.VariableMana) for s in p.symbols) if isinstance(p, A.ManaCost) else cost_part_problem(p) is not None
        for p in a.cost.parts
    )  # fmt: skip


@carries_out(PayCost, limits=(
    ("paying a cost with {X} or a part the engine doesn't pay as an instruction", _pay_cost_problem),
))  # fmt: skip
def _pay_cost(ctx: Ctx, a: PayCost) -> bool:
    """118.1, 118.3: "pay [cost]" as an instruction (echo's cost, 702.30a):
    its mana (601.2g-h), then its other parts in the order written, by the
    source of the ability ("sacrifice two lands", "discard a card").  All
    or nothing: a player who can't pay every part pays none of it, and the
    instruction isn't done."""
    from ..costs import describe, pay_mana, pay_other
    from ..errors import IllegalAction
    from ..mana import need_of
    from ..objects import ObjectId

    game = ctx.game
    p = ctx.controller
    mana = [part for part in a.cost.parts if isinstance(part, A.ManaCost)]
    try:
        with game.transaction():
            if mana:
                need = need_of(mana)
                pay_mana(game, p, need, None, need.text())
            paid: dict[str, list[ObjectId]] = {}
            for part in a.cost.parts:
                if not isinstance(part, A.ManaCost):
                    pay_other(game, p, part, ctx.source_obj(), paid)
    except IllegalAction as exc:
        game.say(f"  {p} can't pay {describe(a.cost)}: {exc} (118.3)")
        return False
    game.say(f"  {p} pays {describe(a.cost)}")
    return True


def _energy(ctx: Ctx, p: str, a: A.Pay) -> bool:
    """107.14, 122.1h: "you get {E}{E}" gives the player that many energy
    counters; "pay {E}{E}" removes them, only from a player who has that
    many (118.3: otherwise nothing is paid, and "if you do" is false)."""
    from ..costs import pay_energy
    from ..errors import IllegalAction

    n = ctx.quantity(a.amount)
    player = ctx.game.player(p)
    if a.get:
        player.add_counters("energy", n)
        ctx.game.say(f"  {p} gets {n} energy (energy {player.counter('energy')})")
        return n > 0
    try:
        pay_energy(ctx.game, p, n)
    except IllegalAction as exc:
        ctx.game.say(f"  {p} doesn't pay: {exc}")
        return False
    return True


@carries_out(A.Pay, limits=(
    ("paying something other than mana, life or energy",
     lambda a: a.what not in ("mana", "life", "energy") or (a.get and a.what != "energy")),
    ("paying an amount of life that isn't a number", lambda a: a.what == "life" and not isinstance(a.amount, A.Number | A.VarX)),
    ("paying something other than a mana cost", lambda a: a.what == "mana" and not isinstance(a.amount, A.ManaCost)),
    ("paying {X} as an instruction (X chosen as it is paid)",
     lambda a: isinstance(a.amount, A.ManaCost) and any(isinstance(s, A.VariableMana) for s in a.amount.symbols)),
))  # fmt: skip
def _pay(ctx: Ctx, a: A.Pay) -> bool:
    """118.1, 118.3: "[you may] pay {2}", "pay 3 life" as an instruction — its
    mana abilities activated and the mana spent (601.2g-h), or the life lost
    (119.4: only with at least that much life).  A player without the means
    pays nothing, and the instruction isn't done ("If you do" is false,
    118.3a)."""
    from ..costs import pay_mana
    from ..errors import IllegalAction
    from ..mana import need_of

    done = False
    for p in ctx.players(a.player):
        if a.what == "energy":
            done = _energy(ctx, p, a) or done
            continue
        if a.what == "life":
            n = ctx.quantity(a.amount)
            if ctx.game.player(p).life < n:
                ctx.game.say(f"  {p} can't pay {n} life with {ctx.game.player(p).life} life (119.4)")
                continue
            ctx.game.change_life(p, -n)
            ctx.game.say(f"  {p} pays {n} life (life {ctx.game.player(p).life})")
            done = True
            continue
        need = need_of([a.amount])
        try:
            pay_mana(ctx.game, p, need, None, need.text())
        except IllegalAction as exc:
            ctx.game.say(f"  {p} doesn't pay: {exc} (118.3)")
            continue
        done = True
    return done


@carries_out(FirebendMana)
def _firebend(ctx: Ctx, a: FirebendMana) -> bool:
    """702.189a: firebending's "add N {R}. This mana lasts until end of
    combat": the mana stays in the pool as the steps of combat end, until
    the end of combat step ends (cardtext.interpreter.turns)."""
    n = max(0, ctx.quantity(a.amount))
    player = ctx.game.player(ctx.controller)
    player.pool["R"] = player.pool.get("R", 0) + n
    player.until_end_of_combat["R"] = player.until_end_of_combat.get("R", 0) + n
    ctx.game.say(f"  {ctx.controller} adds {'{R}' * n} (firebending: it lasts until end of combat, 702.189a)")
    return n > 0
