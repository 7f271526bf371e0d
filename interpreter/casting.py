"""Casting a spell, step by step (CR 601.2).

a. announce: the card moves to the stack (a new object);
b. kicker intentions and the multikicker count, the value of X, and the
   modes of a modal spell, announced in the same step (601.2b, 700.2a, K8):
   the kicks are asked first, so that "If this spell was kicked, choose any
   number instead" counts the modes against the kicks announced with them;
c. targets — a kicked-only part's targets only if kicked (K7), a mode's
   only if that mode is chosen (700.2c);
f. the total cost: mana cost + kicker costs, once per time kicked
   (+ increases − reductions; 601.2f, K13, K14);
g-h. mana abilities are activated and the total cost paid — mana first, then
   sacrifices, discards, life, tapping (K20);
i. the spell becomes cast: "whenever you cast" and "whenever a player kicks
   a spell" trigger, the latter once per kicker payment (K17, K18).

A card with morph or megamorph may instead be cast face down (702.37c,
708.4): it is turned face down before it is put on the stack, so the spell
is a 2/2 creature with no text, no name, no subtypes and no mana cost, and
its timing and cost are those of that spell: sorcery timing (it has no
flash), the alternative cost {3} in place of a mana cost (601.2b, 601.2f),
cost changes that apply to creature spells, and nothing of the card's own —
no kicker, no additional costs, no X, no targets.

Any impossible step refuses the whole cast with a message saying why, and
the game is exactly as before (601.2, :meth:`Game.transaction`).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from grammar import ast as A

from .additional import announce as announce_additional
from .bind import kicker_costs
from .characteristics import chars, display_name, has_keyword
from .choices import Decision, ask
from .context import Ctx
from .costs import cost_modifiers, describe, mana_parts, modify_cost, pay_mana, pay_other
from .delayed import reflexive
from .errors import IllegalAction, Unsupported
from .facedown import morph_cost
from .linked import Linked
from .mana import cost_text, need_of
from .modes import choose_modes
from .modes import describe as describe_modes
from .objects import GameObject, ObjectId, PlayerId, Zone
from .stack import spell_effect
from .state import Cast, Game, Kicked, StackItem, targeted
from .targets import choose_targets, label, slot_index
from .triggers import settle
from .zones import move


def kicker_label(card: A.Card, index: int) -> str:
    k = kicker_costs(card)[index]
    return f"{'Multikicker' if k.multi else 'Kicker'} {describe(k.cost)}"


def _has_x(costs: list[A.ManaCost]) -> bool:
    return any(isinstance(s, A.VariableMana) for c in costs for s in c.symbols)


def sorcery_timing_ok(game: Game, player: PlayerId) -> str | None:
    """307.1: why a sorcery-speed action can't be taken now (or None if it can)."""
    if game.state.active != player:
        return f"it is {game.state.active}'s turn"
    if game.state.stack:
        return "the stack is not empty"
    if game.state.step not in ("main", "main2"):
        return f"it is the {game.state.step} step, not a main phase"
    return None


def split_second(game: Game) -> str | None:
    """702.61a: while a spell with split second is on the stack, players can't
    cast other spells or activate abilities that aren't mana abilities.  The
    name of such a spell, if there is one."""
    for o in game.zone_objects("stack"):
        if has_keyword(game, o, "split second"):
            return display_name(o)
    return None


def cast(
    game: Game,
    player: PlayerId,
    oid: ObjectId,
    *,
    from_zone: Zone = "hand",
    only: list[ObjectId] | None = None,
    face_down: bool = False,
) -> StackItem:
    """Cast the card ``oid`` (face down with morph if ``face_down``); all or nothing."""
    with game.transaction():
        if face_down:
            item = _cast_face_down(game, player, oid, from_zone, only)
        else:
            item = _cast(game, player, oid, from_zone, only)
        settle(game)
        return item


def _castable(game: Game, player: PlayerId, oid: ObjectId, from_zone: Zone) -> GameObject:
    """The card to cast, if it is where the player may cast it from (601.2, 601.3)."""
    card_obj = game.get(oid)
    if card_obj is None:
        raise IllegalAction("that card is no longer there")
    name = display_name(card_obj)
    if card_obj.zone != from_zone:
        raise IllegalAction(f"can't cast {name}: it is in the {card_obj.zone}, not the {from_zone}")
    if card_obj.owner != player:
        raise IllegalAction(f"can't cast {name}: it belongs to {card_obj.owner}")
    if from_zone != "hand":
        raise IllegalAction(f"can't cast {name} from the {from_zone}: no effect allows it")
    return card_obj


MORPH_COST = A.ManaCost((A.GenericMana(3),))
"""The alternative cost of a spell cast face down with morph or megamorph (702.37c)."""


def _cast_face_down(game: Game, player: PlayerId, oid: ObjectId, from_zone: Zone,
                    only: list[ObjectId] | None) -> StackItem:  # fmt: skip
    """702.37c, 708.4: cast a card with morph face down for {3}."""
    card_obj = _castable(game, player, oid, from_zone)
    name = card_obj.card.name
    if morph_cost(card_obj.card) is None:
        raise IllegalAction(f"can't cast {name} face down: it has no morph or megamorph (702.37c)")
    # 708.4, 601.3e: the face-down characteristics decide whether it may be
    # cast now — a creature spell without flash.
    why = sorcery_timing_ok(game, player)
    if why:
        raise IllegalAction(f"can't cast {name} face down now: {why} (a face-down creature spell has no flash, 307.1)")
    holder = split_second(game)
    if holder:
        raise IllegalAction(f"can't cast {name} face down: {holder} has split second (702.61a)")

    # 601.2a, 708.4: turned face down, then put on the stack.
    spell = move(game, card_obj, "stack", controller=player, face_down="morph")
    shown = display_name(spell)
    item = StackItem(game.new_id(), "spell", player, spell.id, -1, None, shown)
    game.set_linked(spell.id, Linked(cast=True))

    # 601.2b, 601.2f: the alternative cost {3}, changed by what applies to it.
    need = need_of([MORPH_COST])
    mods = cost_modifiers(game, spell)
    if mods:
        need = modify_cost(need, [m for _, m in mods])
        game.say(f"  {shown}'s cost is changed by " + ", ".join(
            f"{display_name(src)} ({m.change} {cost_text(m.amount)})" for src, m in mods) + " (601.2f)")  # fmt: skip
    game.say(f"{player} casts a card face down with morph: {shown}, a 2/2 creature spell "
             f"(702.37c); total cost {need.text()} rather than its mana cost")  # fmt: skip

    # 601.2g-h
    try:
        payment = pay_mana(game, player, need, only, f"{shown}'s total cost {need.text()}")
    except IllegalAction as exc:
        raise IllegalAction(f"can't cast {name} face down: {exc}") from None
    game.set_linked(spell.id, Linked(cast=True, mana_spent=payment.mana_spent))

    # 601.2i
    game.state.stack.append(item)
    game.events.append(Cast(item.sid, player))
    return item


def _cast(game: Game, player: PlayerId, oid: ObjectId, from_zone: Zone, only: list[ObjectId] | None) -> StackItem:
    card_obj = _castable(game, player, oid, from_zone)
    name = display_name(card_obj)
    c = chars(card_obj)
    if "land" in c.types:
        raise IllegalAction(f"can't cast {name}: lands are played, not cast (305.1)")
    if c.mana_cost is None:
        raise IllegalAction(f"can't cast {name}: it has no mana cost (202.1b)")
    if "instant" not in c.types and not has_keyword(game, card_obj, "flash"):
        why = sorcery_timing_ok(game, player)
        if why:
            raise IllegalAction(f"can't cast {name} now: {why} (307.1)")
    holder = split_second(game)
    if holder:
        raise IllegalAction(f"can't cast {name}: {holder} has split second (702.61a)")
    card = card_obj.card
    if any(isinstance(s, A.CastOnly) for ab in c.abilities if isinstance(ab, A.SpellAbility) for s in ab.effect.sentences):
        raise Unsupported(f"{name}: 'Cast this spell only ...' (601.3) isn't checked by the interpreter yet")

    # 601.2a: announce — the card becomes a spell on the stack.
    spell = move(game, card_obj, "stack", controller=player)
    effect = spell_effect(card)
    item = StackItem(game.new_id(), "spell", player, spell.id, -1, effect, card.name)

    # 601.2b: kicker intentions, the value of X and the modes (K8).
    kicks = _announce_kicks(game, player, card)
    paid_kickers = [kicker_costs(card)[k].cost for k in kicks]
    mana_costs = [c.mana_cost] + [m for k in paid_kickers for m in mana_parts(k)]
    x: int | None = None
    if _has_x(mana_costs):
        x = ask(game, Decision("x", player, f"{name}: choose the value of X", main=True))
    game.set_linked(spell.id, Linked(kicks=kicks, cast=True, x=x))
    item.x = x
    ctx = Ctx(game, player, spell.id, -1, item, slot_index(effect) if effect else {}, x=x)
    try:
        item.modes = choose_modes(ctx, effect, main=True, who=name)
    except IllegalAction as exc:
        raise IllegalAction(f"can't cast {name}: {exc}") from None

    # 601.2c: targets (K7: a kicked part's targets only if kicked; 700.2c:
    # a mode's targets only if it is chosen).
    try:
        item.targets = choose_targets(ctx, effect, main=True, who=name)
    except IllegalAction as exc:
        if kicks and "kicked part" in str(exc):
            raise IllegalAction(f"can't kick {name}: {exc} (K7)") from None
        raise IllegalAction(f"can't cast {name}: {exc}") from None

    # 601.2f: total cost = mana cost + additional costs (kicker × times,
    # "as an additional cost to cast this spell", 601.2b).
    additional = announce_additional(game, player, name, c.abilities)
    extra = additional.costs
    mana_costs += [m for e in extra for m in mana_parts(e)]
    need = need_of(mana_costs, x)
    mods = cost_modifiers(game, spell)
    if mods:
        need = modify_cost(need, [m for _, m in mods])
        game.say(f"  {name}'s cost is changed by " + ", ".join(
            f"{display_name(src)} ({m.change} {cost_text(m.amount)})" for src, m in mods) + " (601.2f)")
    parts: list[A.CostPart] = [p for k in extra + paid_kickers for p in k.parts if not isinstance(p, A.ManaCost)]
    kick_text = _kick_text(card, kicks)
    target_text = ", ".join(label(ctx, v) for slot in item.targets for v in slot)
    game.say(
        f"{player} casts {name}" + (f" {kick_text}" if kick_text else "")
        + (f", X={x}" if x is not None else "")
        + (f", choosing {describe_modes(item.modes)}" if item.modes is not None else "")
        + (f", targeting {target_text}" if target_text else "")
        + f"; total cost {need.text()}" + ("".join(f", {describe(A.Cost((p,)))}" for p in parts))
    )  # fmt: skip

    # 601.2g-h: activate mana abilities and pay.
    try:
        allowed = frozenset({"kicked"}) if kicks else frozenset()  # 106.6: mana only for kicked spells
        payment = pay_mana(game, player, need, only, f"{name}'s total cost {need.text()}", allowed)
        paid: dict[str, list[Any]] = {}
        for part in parts:
            pay_other(game, player, part, None, paid)
    except IllegalAction as exc:
        raise IllegalAction(f"can't cast {name}: {exc}") from None
    info = game.linked(spell.id)
    game.set_linked(spell.id, Linked(
        kicks=kicks, cast=True, x=x, mana_spent=payment.mana_spent,
        paid=((-1, tuple(sorted((k, tuple(v)) for k, v in paid.items()))),) if paid else info.paid,
        additional=additional.times,
    ))  # fmt: skip
    for then in additional.reflexive:
        reflexive(game, player, spell.id, -1, name, then)  # 603.12: "When you do, ..." of a cost just paid

    # 601.2i: it becomes cast.
    game.state.stack.append(item)
    game.events.append(Cast(item.sid, player))
    targeted(game, item)
    for k in kicks:
        game.events.append(Kicked(item.sid, player, k))
    return item


def _announce_kicks(game: Game, player: PlayerId, card: A.Card) -> tuple[int, ...]:
    costs = kicker_costs(card)
    if not costs:
        return ()
    labels = [kicker_label(card, k.index) for k in costs]
    d = Decision(
        "kick", player, f"{card.name}: which kicker costs to pay (and how many times for multikicker)",
        [k.index for k in costs], labels, 0, 99, repeat=True,
    )  # fmt: skip
    answer = ask(game, d)
    counts = Counter(answer)
    for index, n in counts.items():
        if n > 1 and not costs[index].multi:
            raise IllegalAction(
                f"can't kick {card.name} {n} times: {labels[index]} can be paid only once "
                "(only Multikicker can be paid more than once, 702.33c)"
            )
    return tuple(answer)


def _kick_text(card: A.Card, kicks: tuple[int, ...]) -> str:
    if not kicks:
        return ""
    counts = Counter(kicks)
    parts = []
    for index, n in sorted(counts.items()):
        parts.append(kicker_label(card, index) + (f" ×{n}" if n > 1 else ""))
    total = len(kicks)
    return f"kicked {total} time{'s' if total != 1 else ''} ({'; '.join(parts)})"


__all__ = ["MORPH_COST", "cast", "kicker_label", "sorcery_timing_ok", "split_second"]
