"""Activating abilities (CR 602) and mana abilities (605).

``number`` counts a permanent's activated abilities from 1 in printed order,
with a basic land's intrinsic mana ability (305.6) first.  A mana ability
doesn't use the stack: its mana is added at once (605.3).  Other abilities
follow the casting steps (602.2b → 601.2b-h): X and the modes of a modal
ability (700.2a), targets, total cost, payment, then the ability is on the
stack.  A face-down permanent has no abilities (708.2).
"""

from __future__ import annotations

from dataclasses import replace

from cardtext.grammar import ast as A
from cardtext.grammar.render import render_node

from .bind import SELF_LEAVES_FROM, zone_left_by_self
from .characteristics import BASIC_LAND_MANA, chars, display_name
from .choices import Decision, ask
from .conditions import holds
from .context import Ctx
from .costs import (
    check_other_part,
    choose_parts,
    describe,
    during,
    mana_parts,
    pay_mana,
    pay_other,
    produce,
    times_cost,
    x_in_parts,
)
from .errors import IllegalAction, Unsupported
from .keywords import CyclingAbility, ExhaustAbility
from .mana import Spending, mana_ability_of, need_of, sacrifices_source, units_text
from .modes import choose_modes
from .modes import describe as describe_modes
from .objects import GameObject, ObjectId, PlayerId
from .quantities import evaluate
from .state import Cycled, Game, StackItem, targeted
from .statics import own_activation_change, own_activation_problem
from .targets import choose_targets, label, slot_index
from .triggers import settle

Activatable = A.ActivatedAbility | A.LoyaltyAbility


def functions_in(ab: Activatable) -> str:
    """The zone an activated ability functions in (113.6): one whose cost
    discards the card it is on ("{2}, Discard this card: Draw a card.",
    cycling, 702.29a) moves the card out of a hand, so it functions only in
    a hand (113.6k); one whose effect returns it from a graveyard or exile
    ("{2}{B}: Return [this] from your graveyard to your hand") functions
    only there (113.6k); any other only on the battlefield (113.6)."""
    if isinstance(ab, A.ActivatedAbility) and any(
        isinstance(p, A.DiscardCost) and isinstance(p.what, A.SelfRef) for p in ab.cost.parts
    ):
        return "hand"
    if isinstance(ab, A.ActivatedAbility):
        left = zone_left_by_self(ab)
        if left is not None:
            return left
    return "battlefield"


def activated_abilities(obj: GameObject) -> list[tuple[int, Activatable | None]]:
    """(ability index, node) per activated ability that functions in the
    zone ``obj`` is in (113.6), loyalty abilities included (606.2); index
    -1 / None is the intrinsic one of a basic land."""
    c = chars(obj)
    zone = obj.zone if obj.zone in ("hand", *SELF_LEAVES_FROM) else "battlefield"
    out: list[tuple[int, Activatable | None]] = []
    if zone == "battlefield" and "land" in c.types and any(s in BASIC_LAND_MANA for s in c.subtypes):
        out.append((-1, None))
    for i, ab in enumerate(c.abilities):
        if isinstance(ab, A.ActivatedAbility | A.LoyaltyAbility) and functions_in(ab) == zone:
            out.append((i, ab))
    return out


def loyalty_cost(ab: A.LoyaltyAbility) -> tuple[int, bool]:
    """606.4: a loyalty ability's cost as (signed number of loyalty counters,
    whether it is X): "+2" is (2, False), "−X" (-1, True), "0" (0, False)."""
    text = ab.cost.strip().replace("\u2212", "-").replace("\u2013", "-")
    sign = -1 if text.startswith("-") else 1
    body = text.lstrip("+-")
    if body.upper() == "X":
        return sign, True
    if not body.isdigit():
        raise Unsupported(f"a loyalty cost '{ab.cost}'")
    return sign * int(body), False


def _loyalty_timing(game: Game, player: PlayerId, obj: GameObject) -> str | None:
    """606.3: a loyalty ability only as a sorcery, and only if none of that
    permanent's loyalty abilities has been activated this turn."""
    why = _sorcery(game, player, 0)
    if why is not None:
        return why
    loyal = {i for i, ab in enumerate(chars(obj).abilities) if isinstance(ab, A.LoyaltyAbility)}
    if any(oid == obj.id and i in loyal for oid, i in game.state.activations):
        return "a loyalty ability of this permanent was activated this turn already"
    return None


def _pay_loyalty(game: Game, obj: GameObject, node: A.LoyaltyAbility, x: int | None) -> None:
    """606.4: put or remove the loyalty counters of the cost; more can't be
    removed than it has (118.3)."""
    n, is_x = loyalty_cost(node)
    amount = n * (x or 0) if is_x else n
    have = obj.counters.get("loyalty", 0)
    if amount < 0 and have < -amount:
        raise IllegalAction(f"can't remove {-amount} loyalty counters: it has {have}")
    obj.counters["loyalty"] = have + amount
    game.say(f"  {'puts' if amount >= 0 else 'removes'} {abs(amount)} loyalty counter(s) "
             f"({'on' if amount >= 0 else 'from'} {display_name(obj)}: loyalty {obj.counters['loyalty']})")  # fmt: skip


def _sorcery(game: Game, player: PlayerId, done: int) -> str | None:
    from .casting import sorcery_timing_ok

    return sorcery_timing_ok(game, player)


def _your_turn(game: Game, player: PlayerId, done: int) -> str | None:
    return None if game.state.active == player else f"it is {game.state.active}'s turn"


def _your_upkeep(game: Game, player: PlayerId, done: int) -> str | None:
    return _your_turn(game, player, done) or (None if game.state.step == "upkeep" else "it is not the upkeep")


def _once(game: Game, player: PlayerId, done: int) -> str | None:
    return None if done < 1 else "it was activated once this turn already"


def _twice(game: Game, player: PlayerId, done: int) -> str | None:
    return None if done < 2 else "it was activated twice this turn already"


def _thrice(game: Game, player: PlayerId, done: int) -> str | None:
    return None if done < 3 else "it was activated three times this turn already"


def _before_attackers(game: Game, player: PlayerId, done: int) -> str | None:
    """"Activate only before attackers are declared": in this turn, before its
    declare attackers step begins (506.1, 508.1) — its upkeep, draw step, main
    phase or beginning of combat step."""
    if game.state.step in ("upkeep", "main", "combat"):
        return None
    return "this turn's declare attackers step has begun (508.1)"


TIMINGS = {
    "as a sorcery": _sorcery,
    "any time you could cast a sorcery": _sorcery,
    "any time they could cast a sorcery": _sorcery,  # "Any player may activate this ability but only ...": the one who does
    "during your turn": _your_turn,
    "during your upkeep": _your_upkeep,
    "once each turn": _once,
    "twice each turn": _twice,
    "three times each turn": _thrice,
    "before attackers are declared": _before_attackers,
}
"""The "Activate only ..." restrictions the engine checks (602.5b, 307.1), by
their words: each says why the ability can't be activated now (None if it can)."""


def any_player_rule(node: object) -> A.AnyPlayerMayActivate | None:
    """602.2: "Any player may activate this ability [but only ...]." in an
    activated ability's text: the player who activates it controls it, and
    pays its costs (602.2a, 602.2b)."""
    effect = getattr(node, "effect", None)
    if not isinstance(node, A.ActivatedAbility) or not isinstance(effect, A.Effect):
        return None
    return next((s for s in effect.sentences if isinstance(s, A.AnyPlayerMayActivate)), None)


def _their_turn(t: object) -> bool:
    """"during their turn": the turn of the player who activates it."""
    whose = t.whose.object if isinstance(t, A.StepTiming) and isinstance(t.whose, A.Possessive) else None
    return isinstance(t, A.StepTiming) and t.prep == "during" and t.step == "turn" and isinstance(whose, A.TheirRef)


def any_player_problem(rule: A.AnyPlayerMayActivate) -> str | None:
    """What the engine can't tell of "... but only [timing]" (None if it can)."""
    t = rule.timing
    if t is None or isinstance(t, str) and t in TIMINGS or _their_turn(t):
        return None
    return f"'Any player may activate this ability but only {t if isinstance(t, str) else type(t).__name__}'"


def any_player_timing(game: Game, player: PlayerId, rule: A.AnyPlayerMayActivate) -> str | None:
    """Why ``player`` can't activate the ability now by "... but only [timing]"."""
    problem = any_player_problem(rule)
    if problem is not None:
        raise Unsupported(problem)
    t = rule.timing
    if _their_turn(t):
        return _your_turn(game, player, 0)
    assert isinstance(t, str)
    return TIMINGS[t](game, player, 0)


def activation_condition_ok(t: A.Node) -> bool:
    """Is an "Activate only if [condition]" one the engine can tell (a
    condition of :data:`cardtext.interpreter.conditions.CONDITIONS`)?"""
    from .conditions import CONDITIONS, condition_problem

    return type(t) in CONDITIONS and condition_problem(t) is None


def own_cost_changes(ctx: Ctx, obj: GameObject, effect: A.Effect) -> list[tuple[GameObject, A.CostModifier]]:
    """602.2b, 601.2f: the changes an activated ability makes to its own cost
    ("This ability costs {1} less to activate for each Island you control."),
    worked out once its targets are chosen: those that apply now (their turn,
    611.3a, and condition), each counted "for each ..." as the game is."""
    out: list[tuple[GameObject, A.CostModifier]] = []
    for s in effect.sentences:
        found = own_activation_change(s)
        if found is None:
            continue
        mod, condition = found
        problem = own_activation_problem(mod)
        if problem is not None:
            raise Unsupported(problem)
        if not during(ctx.game, obj, mod.duration) or condition is not None and not holds(ctx, condition):
            continue
        times = 1 if mod.per is None else evaluate(ctx, mod.per)
        if times > 0:
            out.append((obj, replace(mod, amount=times_cost(mod.amount, times), per=None)))
    return out


def timing_problem(game: Game, player: PlayerId, rule: A.ActivateOnly, key: tuple[ObjectId, int]) -> str | None:
    """Why an "Activate only ..." restriction forbids activating now (602.5), or None."""
    done = sum(1 for k in game.state.activations if k == key)
    for t in rule.timings:
        if isinstance(t, A.Node) and activation_condition_ok(t):
            # "Activate only if you control an artifact" (602.5b): a condition, checked now
            from .conditions import holds

            if not holds(Ctx(game, player, key[0], key[1]), t):
                return f"the condition 'if {render_node(t)}' doesn't hold"
            continue
        fn = TIMINGS.get(t) if isinstance(t, str) else None
        if fn is None:
            raise Unsupported(f"'Activate only {t if isinstance(t, str) else type(t).__name__}' (602.5)")
        why = fn(game, player, done)
        if why is not None:
            return why
    return None


def _unplayed_keywords(obj: GameObject) -> list[str]:
    """The keywords of ``obj`` the interpreter has no piece for (each as the
    support check names it: "keyword crew")."""
    from .characteristics import chars
    from .support import keyword_gaps

    return [gap.what for ab in chars(obj).abilities if isinstance(ab, A.KeywordLine) for gap in keyword_gaps(ab)]


def activate(game: Game, player: PlayerId, oid: ObjectId, number: int = 1, *,
             only: list[ObjectId] | None = None) -> StackItem | None:  # fmt: skip
    """Activate the ``number``-th activated ability of ``oid``; all or nothing.
    Returns the ability on the stack, or None for a mana ability."""
    from .characteristics import refresh_granted

    with game.transaction():
        refresh_granted(game)  # 613.1f: the abilities static abilities give it now
        item = _activate(game, player, oid, number, only)
        settle(game)
        return item


def _activate(game: Game, player: PlayerId, oid: ObjectId, number: int, only: list[ObjectId] | None) -> StackItem | None:
    obj = game.get(oid)
    if obj is not None and obj.zone in ("hand", *SELF_LEAVES_FROM) and obj.owner == player and activated_abilities(obj):
        # 113.6k: an ability that discards the card functions in its owner's
        # hand; one that returns it from a graveyard or exile, there (its
        # owner activates it, 113.8)
        pass
    elif obj is None or obj.zone != "battlefield":
        raise IllegalAction("can't activate: it is not on the battlefield")
    name = display_name(obj)
    abilities = activated_abilities(obj)
    anyone = any_player_rule(abilities[number - 1][1]) if 1 <= number <= len(abilities) else None
    if obj.zone == "battlefield" and obj.controller != player and anyone is None:
        raise IllegalAction(f"can't activate {name}'s ability: {obj.controller} controls it")
    if anyone is not None and anyone.timing is not None and (why := any_player_timing(game, player, anyone)) is not None:
        raise IllegalAction(f"can't activate {name}'s ability now: {why} (602.5)")
    if number > len(abilities) and obj.face_down is None:
        unknown = _unplayed_keywords(obj)
        if unknown:
            # a keyword the interpreter can't play may be the activated ability asked for (Crew, 702.122a)
            raise Unsupported(f"{name}'s {unknown[0]}, which may be the activated ability asked for")
    if not abilities:
        zones = {functions_in(ab) for ab in chars(obj).abilities if isinstance(ab, A.ActivatedAbility)} - {"battlefield"}
        if obj.face_down is None and zones == {"hand"}:
            raise IllegalAction(f"{name}'s activated abilities function only in a hand, where their cost discards it (113.6k)")
        if obj.face_down is None and zones:
            raise IllegalAction(f"{name}'s activated abilities function only in a {' or '.join(sorted(zones))}, "
                                "from where they move it (113.6k)")  # fmt: skip
        raise IllegalAction(f"{name} has no activated abilities" + (" (face-down permanents have none, 708.2)" if obj.face_down else ""))
    if not 1 <= number <= len(abilities):
        raise IllegalAction(f"{name} has {len(abilities)} activated abilit{'y' if len(abilities) == 1 else 'ies'}, not {number}")
    index, node = abilities[number - 1]
    if isinstance(node, A.LoyaltyAbility):
        return _activate_loyalty(game, player, obj, index, node)
    if isinstance(node, ExhaustAbility):
        # 702.177a: activated only once (the record is rolled back with a refused activation)
        info = game.linked(obj.id)
        if index in info.exhausted:
            raise IllegalAction(f"can't activate {name}'s exhaust ability: it was activated already (702.177a)")
        game.set_linked(obj.id, replace(info, exhausted=(*info.exhausted, index)))
    is_mana = node is None or mana_ability_of(node) is not None
    from .statics import activation_ban, activation_cost_changes

    banned = activation_ban(game, obj, is_mana)
    if banned is not None:
        raise IllegalAction(f"can't activate {name}'s ability: {banned}")
    changes = activation_cost_changes(game, obj, is_mana)
    if is_mana and node is not None and any(own_activation_change(s) is not None for s in node.effect.sentences):
        raise Unsupported(f"a mana ability's change of its own cost ({name}, 605)")
    if changes and is_mana:
        raise Unsupported(f"a cost change of {name}'s mana ability (605)")
    if (node is None or mana_ability_of(node) is not None and (all(
        isinstance(p, A.TapCost) for p in node.cost.parts
    ) or isinstance(node, A.ActivatedAbility) and sacrifices_source(node))):
        # 605.3: a mana ability resolves at once.
        if node is not None:
            check_other_part(game, player, A.TapCost(), obj)
        elif obj.tapped:
            raise IllegalAction(f"can't activate {name}'s mana ability: it is tapped")
        units = produce(game, player, obj, index)
        game.say(f"{player} taps {name} for {units_text(units)} (mana ability, 605)")
        return None
    assert node is not None
    from .casting import split_second

    holder = split_second(game)
    if holder:
        raise IllegalAction(f"can't activate {name}'s ability: {holder} has split second (702.61a)")
    cost = node.cost
    effect = node.effect
    for s in effect.sentences:
        if isinstance(s, A.ActivateOnly):
            why = timing_problem(game, player, s, (obj.id, index))
            if why is not None:
                raise IllegalAction(f"can't activate {name}'s ability now: {why} (602.5)")
    item = StackItem(game.new_id(), "ability", player, obj.id, index, effect, name)
    x = None
    if any(isinstance(s, A.VariableMana) for m in mana_parts(cost) for s in m.symbols) or x_in_parts(cost.parts):
        # 602.2b, 601.2b: X in the mana cost, or in another part ("Sacrifice X lands")
        x = ask(game, Decision("x", player, f"{name}: choose the value of X", main=True))
    item.x = x
    ctx = Ctx(game, player, obj.id, index, item, slot_index(effect), x=x)
    try:
        item.modes = choose_modes(ctx, effect, main=True, who=f"{name}'s ability")  # 700.2a
        item.targets = choose_targets(ctx, effect, main=True, who=f"{name}'s ability")
    except IllegalAction as exc:
        raise IllegalAction(f"can't activate {name}'s ability: {exc}") from None
    cost = choose_parts(game, player, f"{name}'s ability", cost, obj)  # 602.2b, 601.2b
    for part in cost.parts:
        if not isinstance(part, A.ManaCost):
            check_other_part(game, player, part, obj, x)
    need = need_of(mana_parts(cost), x)
    changes = changes + own_cost_changes(ctx, obj, effect)
    if changes:
        from .costs import modify_cost
        from .mana import cost_text

        need = modify_cost(need, [m for _, m in changes])
        game.say(f"  {name}'s ability's cost is changed by " + ", ".join(
            f"{display_name(src)} ({m.change} {cost_text(m.amount)})" for src, m in changes) + " (601.2f, 602.2b)")  # fmt: skip
    targets = ", ".join(label(ctx, v) for slot in item.targets for v in slot)
    game.say(f"{player} activates {name}'s ability ({describe(cost)})"
             + (f", choosing {describe_modes(item.modes)}" if item.modes is not None else "")
             + (f", targeting {targets}" if targets else ""))  # fmt: skip
    try:
        # 106.6: mana "only to activate abilities" pays for it
        pay_mana(game, player, need, only, f"{name}'s ability", Spending(game, player, activating=True))
        paid: dict[str, list] = {}
        for part in cost.parts:
            if not isinstance(part, A.ManaCost):
                pay_other(game, player, part, obj, paid, x)
    except IllegalAction as exc:
        raise IllegalAction(f"can't activate {name}'s ability: {exc}") from None
    item.paid = tuple((verb, tuple(ids)) for verb, ids in paid.items())  # "the cards exiled this way"
    if isinstance(node, CyclingAbility) and paid.get("discarded"):
        # 702.29c-d: cycling is activating the ability; the card is in its owner's graveyard now
        game.events.append(Cycled(player, paid["discarded"][0], x))
    if mana_ability_of(node) is not None and not item.targets:
        from .effects import run

        run(ctx, effect)
        return None
    game.state.stack.append(item)
    game.state.activations.append((obj.id, index))
    targeted(game, item)
    return item


def _activate_loyalty(game: Game, player: PlayerId, obj: GameObject, index: int, node: A.LoyaltyAbility) -> StackItem:
    """606: a loyalty ability follows the steps of 602.2 with its cost in
    loyalty counters (606.4), as a sorcery and once per turn for the
    permanent (606.3)."""
    from .casting import split_second
    from .statics import activation_ban, activation_cost_changes

    name = display_name(obj)
    banned = activation_ban(game, obj, False)
    if banned is not None:
        raise IllegalAction(f"can't activate {name}'s ability: {banned}")
    if activation_cost_changes(game, obj, False):
        raise Unsupported(f"a mana cost change of {name}'s loyalty ability (606.4)")
    holder = split_second(game)
    if holder:
        raise IllegalAction(f"can't activate {name}'s ability: {holder} has split second (702.61a)")
    why = _loyalty_timing(game, player, obj)
    if why is not None:
        raise IllegalAction(f"can't activate {name}'s loyalty ability now: {why} (606.3)")
    effect = node.effect
    item = StackItem(game.new_id(), "ability", player, obj.id, index, effect, name)
    _, is_x = loyalty_cost(node)
    x = ask(game, Decision("x", player, f"{name}: choose the value of X", main=True)) if is_x else None
    item.x = x
    ctx = Ctx(game, player, obj.id, index, item, slot_index(effect), x=x)
    try:
        item.modes = choose_modes(ctx, effect, main=True, who=f"{name}'s ability")
        item.targets = choose_targets(ctx, effect, main=True, who=f"{name}'s ability")
    except IllegalAction as exc:
        raise IllegalAction(f"can't activate {name}'s ability: {exc}") from None
    targets = ", ".join(label(ctx, v) for slot in item.targets for v in slot)
    game.say(f"{player} activates {name}'s loyalty ability ({node.cost}" + (f", X={x}" if x is not None else "") + ")"
             + (f", targeting {targets}" if targets else ""))  # fmt: skip
    try:
        _pay_loyalty(game, obj, node, x)
    except IllegalAction as exc:
        raise IllegalAction(f"can't activate {name}'s ability: {exc}") from None
    game.state.stack.append(item)
    game.state.activations.append((obj.id, index))
    targeted(game, item)
    return item


__all__ = ["activate", "activated_abilities", "loyalty_cost"]
