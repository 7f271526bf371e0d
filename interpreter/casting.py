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
from collections.abc import Container
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from cardtext.grammar import ast as A

from .additional import announce as announce_additional
from .additional import as_mana
from .as_cast import note_controlled
from .bind import kicker_costs, walk
from .cast_timing import cast_rules
from .cast_timing import refusal as cast_refusal
from .characteristics import (
    chars,
    display_name,
    has_keyword,
    power_toughness,
    printed_chars,
    refresh_granted,
)
from .choices import Decision, ask
from .context import Ctx
from .costs import (
    cost_modifiers,
    describe,
    mana_parts,
    modify_cost,
    pay_mana,
    pay_other,
    x_in_parts,
)
from .delayed import reflexive
from .errors import IllegalAction, Unsupported
from .facedown import CAST_FACE_DOWN_AS, morph_cost
from .linked import Linked
from .mana import ManaNeed, Payment, Spending, cost_text, need_of
from .modes import choose_modes, count_range, modes_of
from .modes import describe as describe_modes
from .objects import GameObject, ObjectId, PlayerId, Zone
from .stack import spell_effect
from .state import Cast, Game, KeywordActed, Kicked, StackItem, targeted
from .statics import cast_ban, spend_rule, x_requirements
from .targets import choose_targets, label, slot_index
from .this_turn import CANT_CAST, has_rule
from .triggers import settle
from .zones import move

if TYPE_CHECKING:
    from .cast_permissions import Permission


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


def _became_cast(game: Game, player: PlayerId, spell: GameObject, from_zone: Zone) -> None:
    """601.2i: what the game remembers of how the spell was cast, for the
    conditions that ask it later ("if you cast it from your hand", "if you
    cast this spell during your main phase", 505.1): the zone, the caster,
    and whether it was the caster's main phase."""
    state = game.state
    main = state.active == player and state.step in ("main", "main2")
    game.set_linked(spell.id, replace(game.linked(spell.id), cast_from=from_zone, caster=player, main_phase=main))


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
    face: int | None = None,
) -> StackItem:
    """Cast the card ``oid`` (face down with morph if ``face_down``; as its
    face ``face`` — a split card's half, an Adventure, a modal double-faced
    card's back — if given); all or nothing.  From a zone other than a
    hand it needs a permission (:mod:`cardtext.interpreter.cast_permissions`)."""
    with game.transaction():
        refresh_granted(game)  # 613.1f: abilities given in quotation marks, as the game now is
        if face_down:
            item = _cast_face_down(game, player, oid, from_zone, only)
        else:
            card_obj = _castable(game, player, oid, from_zone)
            from .cast_permissions import aftermath_faces

            card = card_obj.copy_of or card_obj.card
            if face is not None and face in aftermath_faces(card) and from_zone != "graveyard":
                # 702.127a: "This half of this split card can't be cast from any zone other than a graveyard"
                raise IllegalAction(f"can't cast {card.faces[face].name}: a half with aftermath is cast only from a "
                                    "graveyard (702.127a)")  # fmt: skip
            permission = None
            if from_zone != "hand":
                from .cast_permissions import choose_permission

                permission = choose_permission(game, player, card_obj, face)
            item = cast_with(game, player, card_obj, permission, face, only)
        settle(game)
        return item


def _castable(game: Game, player: PlayerId, oid: ObjectId, from_zone: Zone) -> GameObject:
    """The card to cast, if it is where the player says (601.2, 601.3)."""
    card_obj = game.get(oid)
    if card_obj is None:
        raise IllegalAction("that card is no longer there")
    name = display_name(card_obj)
    if card_obj.zone != from_zone:
        raise IllegalAction(f"can't cast {name}: it is in the {card_obj.zone}, not the {from_zone}")
    if from_zone == "hand" and card_obj.owner != player:
        raise IllegalAction(f"can't cast {name}: it belongs to {card_obj.owner}")
    return card_obj


CASTABLE_FACES = {"split": (0, 1), "aftermath": (0, 1), "adventure": (0, 1), "omen": (0, 1), "modal": (0, 1)}
"""The faces a multi-face card may be cast as, by layout: either half of a
split card (709.3; of an aftermath card, the second half only from a
graveyard, 702.127a), the creature or its Adventure (715.3) or Omen, either face of a
modal double-faced card (712.11b); a transforming, flip or meld card only
as its front face (712.11a, 710.2)."""


def spell_face(card_obj: GameObject, face: int | None) -> tuple[int | None, A.Card]:
    """The face a card is cast as (None: the card as it is) and the card whose
    characteristics the spell has (709.3b, 715.3b, 712.11b)."""
    card = card_obj.copy_of or card_obj.card
    name = display_name(card_obj)
    if not card.faces:
        if face:
            raise IllegalAction(f"can't cast {name} as face {face + 1}: it has one face")
        return None, card
    layout = card.layout
    if layout in ("split", "aftermath"):
        if face is None:
            raise IllegalAction(f"can't cast {name}: say which half is cast (709.3) — "
                                f"{card.faces[0].name} or {card.faces[1].name}")  # fmt: skip
        return face, card.faces[face]
    if face and face not in CASTABLE_FACES.get(layout, (0,)):
        raise IllegalAction(f"can't cast {name} as {card.faces[face].name}: a {layout} card is cast "
                            "only by its front face (712.11a)")  # fmt: skip
    if not face:
        return None, card.faces[0]
    return face, card.faces[face]


MORPH_COST = A.ManaCost((A.GenericMana(3),))
"""The alternative cost of a spell cast face down with morph or megamorph (702.37c)."""


def _cast_face_down(game: Game, player: PlayerId, oid: ObjectId, from_zone: Zone,
                    only: list[ObjectId] | None) -> StackItem:  # fmt: skip
    """702.37c, 708.4: cast a card with morph face down for {3}."""
    card_obj = _castable(game, player, oid, from_zone)
    name = card_obj.card.name
    found = morph_cost(card_obj.card)
    if found is None:
        raise IllegalAction(f"can't cast {name} face down: it has no morph, megamorph or disguise (702.37c, 702.168a)")
    keyword = found[0]
    # 708.4, 601.3e: the face-down characteristics decide whether it may be
    # cast now — a creature spell without flash.
    why = sorcery_timing_ok(game, player)
    if why:
        raise IllegalAction(f"can't cast {name} face down now: {why} (a face-down creature spell has no flash, 307.1)")
    holder = split_second(game)
    if holder:
        raise IllegalAction(f"can't cast {name} face down: {holder} has split second (702.61a)")

    # 601.2a, 708.4: turned face down, then put on the stack.
    spell = move(game, card_obj, "stack", controller=player, face_down=CAST_FACE_DOWN_AS[keyword])
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
    what = "a 2/2 creature spell with ward {2} (702.168a)" if keyword == "disguise" else "a 2/2 creature spell (702.37c)"
    game.say(f"{player} casts a card face down with {keyword}: {shown}, {what}; "
             f"total cost {need.text()} rather than its mana cost")  # fmt: skip

    # 601.2g-h
    try:
        payment = pay_mana(game, player, need, only, f"{shown}'s total cost {need.text()}")
    except IllegalAction as exc:
        raise IllegalAction(f"can't cast {name} face down: {exc}") from None
    game.set_linked(spell.id, Linked(cast=True, mana_spent=payment.mana_spent, mana_units=payment.units))
    expend(game, player, payment.mana_spent)

    # 601.2i
    _became_cast(game, player, spell, from_zone)
    game.state.stack.append(item)
    game.events.append(Cast(item.sid, player, len(game.state.cast_this_turn)))
    game.state.cast_this_turn.append(spell.clone())
    return item


def cast_with(game: Game, player: PlayerId, card_obj: GameObject, permission: Permission | None,
              face: int | None, only: list[ObjectId] | None) -> StackItem:  # fmt: skip
    """601.2a-i: cast ``card_obj`` as its face ``face``, from a hand
    (``permission`` None) or as ``permission`` allows (an alternative cost
    or none, 118.9; the timing rules ignored while an effect resolves,
    608.2g)."""
    face, card = spell_face(card_obj, face)
    name = card.name
    # a card cast as a face, or from face down in exile (turned face up as it is cast), has its printed characteristics
    c = printed_chars(card) if face is not None or card_obj.face_down is not None else chars(card_obj)
    if "land" in c.types:
        raise IllegalAction(f"can't cast {name}: lands are played, not cast (305.1)")
    rule = has_rule(game, player, CANT_CAST) if game.state.turn_rules else None
    if rule is not None:
        raise IllegalAction(f"can't cast {name}: {player} can't cast spells this turn ({rule.source}; 101.2)")
    banned = cast_ban(game, player, card_obj)
    if banned is not None:
        raise IllegalAction(f"can't cast {name}: {display_name(banned)} says {player} can't cast it (101.2)")
    alternative = permission is not None and (permission.free or permission.cost is not None)
    if c.mana_cost is None and not alternative:
        raise IllegalAction(f"can't cast {name}: it has no mana cost (202.1b, 118.6)")
    resolving = permission is not None and permission.resolving
    if not resolving and "instant" not in c.types and "flash" not in c.printed_keywords and not has_keyword(game, card_obj, "flash"):
        why = sorcery_timing_ok(game, player)
        if why:
            from .statics import flash_permission

            by = flash_permission(game, player, card_obj)
            if by is None:
                raise IllegalAction(f"can't cast {name} now: {why} (307.1)")
            game.say(f"  {display_name(by)}: {name} may be cast as though it had flash (601.3, 702.8a)")
    if permission is not None and permission.sorcery and not resolving and (why := sorcery_timing_ok(game, player)):
        raise IllegalAction(f"can't cast {name} with {permission.kind} now: {why} (702.170d)")
    if permission is not None and permission.kind == "flashback" and not {"instant", "sorcery"} & set(c.types):
        raise IllegalAction(f"can't cast {name} with flashback: it isn't an instant or sorcery spell (702.34a)")
    if permission is not None and permission.kind == "harmonize" and not {"instant", "sorcery"} & set(c.types):
        # 702.180a: a permanent spell cast with harmonize would be exiled as it resolves; not played yet
        raise Unsupported(f"casting {name}, a permanent card, with harmonize (702.180a)")
    holder = split_second(game)
    if holder and not resolving:
        raise IllegalAction(f"can't cast {name}: {holder} has split second (702.61a)")
    for cast_rule in cast_rules(c.abilities):
        # 601.3: the card's own rule of when it may be cast ("Cast this spell only during combat.")
        why = cast_refusal(game, player, card_obj.id, cast_rule)
        if why is not None:
            raise IllegalAction(f"can't cast {name} now: {why} (601.3)")

    # 601.2a: announce — the card becomes a spell on the stack, with only the
    # characteristics of the face it is cast as (709.3b, 715.3b, 712.11b).
    from_zone = card_obj.zone
    spell = move(game, card_obj, "stack", controller=player, face=face)
    effect = spell_effect(card)
    item = StackItem(game.new_id(), "spell", player, spell.id, -1, effect, name)
    via = permission.kind if permission is not None else ""
    if permission is not None:
        where = "exile" if from_zone == "exile" else f"the {from_zone}"
        game.say(f"{player} casts {name} from {where} {permission.describe()} (601.3)")

    # 601.2b: kicker intentions, the value of X and the modes (K8); an
    # alternative cost replaces the mana cost, and kicker costs are added to
    # it (601.2f, K14).
    kicks = _announce_kicks(game, player, card)
    paid_kickers = [kicker_costs(card)[k].cost for k in kicks]
    base_costs: list[A.ManaCost] = []
    alt_parts: list[A.CostPart] = []
    chosen_alt, alt_keyword = None, ""
    if permission is None or (permission.cost is None and not permission.free):
        # 118.9, 601.2b: an alternative cost the player may pay instead (only one: 118.9a)
        chosen_alt, alt_keyword = _choose_alternative(game, player, name,
                                                       alternative_costs(game, player, spell, from_zone))
    alt_cost = permission.cost if permission is not None and permission.cost is not None else chosen_alt
    if alt_cost is not None:
        base_costs = mana_parts(alt_cost)
        alt_parts = [p for p in alt_cost.parts if not isinstance(p, A.ManaCost)]
    elif not (permission is not None and permission.free) and c.mana_cost is not None:
        base_costs = [c.mana_cost]
    mana_costs = base_costs + [m for k in paid_kickers for m in mana_parts(k)]
    x: int | None = None
    additional_parts = [p for ab in c.abilities if isinstance(ab, A.AdditionalCost) and isinstance(ab.cost, A.Cost)
                        for p in ab.cost.parts]  # fmt: skip
    if _has_x(mana_costs) or x_in_parts([*alt_parts, *additional_parts, *(p for k in paid_kickers for p in k.parts)]):
        # 601.2b: X in the mana cost, or in a cost paid as it is cast ("As an additional cost ..., discard X cards")
        x = ask(game, Decision("x", player, f"{name}: choose the value of X", main=True))
    elif c.mana_cost is not None and _has_x([c.mana_cost]):
        x = 0  # 107.3b: cast without paying its mana cost (or for a cost without X), X is 0
    game.set_linked(spell.id, Linked(kicks=kicks, cast=True, x=x, via=via, alternative=alt_keyword, cast_from=from_zone))
    item.x = x
    ctx = Ctx(game, player, spell.id, -1, item, slot_index(effect) if effect else {}, x=x)
    entwine = keyword_mana_cost(c.abilities, "entwine")
    try:
        item.modes = choose_modes(ctx, effect, main=True, who=name, entwine=entwine is not None)
    except IllegalAction as exc:
        raise IllegalAction(f"can't cast {name}: {exc}") from None
    mana_costs += spree_costs(effect, item.modes)
    escalate = keyword_mana_cost(c.abilities, "escalate")
    if escalate is not None and item.modes is not None and len(item.modes) > 1:
        # 702.120a: "Pay this cost for each mode chosen beyond the first" — an additional cost (601.2f)
        game.say(f"  {player} pays the escalate cost {cost_text(escalate)} of {name} {len(item.modes) - 1} time(s) (702.120a)")
        mana_costs.extend([escalate] * (len(item.modes) - 1))
    node = modes_of(effect) if entwine is not None and item.modes is not None else None
    if entwine is not None and node is not None and item.modes is not None and (
            len(item.modes) == len(node.modes) > count_range(ctx, node)[1]):
        # 702.42a: all the modes chosen with entwine: its cost is an additional cost (601.2f)
        game.say(f"  {player} chooses all the modes of {name} and pays its entwine cost {cost_text(entwine)} (702.42a)")
        mana_costs.append(entwine)

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
    # the additional costs announced (601.2b) are known as the total cost is worked out ("if it's bargained")
    game.set_linked(spell.id, replace(game.linked(spell.id), additional=additional.times))
    mods = cost_modifiers(game, spell, item) + affinity(game, player, spell)
    if mods:
        need = modify_cost(need, [m for _, m in mods])
        game.say(f"  {name}'s cost is changed by " + ", ".join(
            f"{display_name(src)} ({m.change} {cost_text(m.amount)})" for src, m in mods) + " (601.2f)")
    parts: list[A.CostPart] = alt_parts + [p for k in extra + paid_kickers for p in k.parts if not isinstance(p, A.ManaCost)]
    if permission is not None and permission.kind in ("retrace", "jump-start"):
        from .cast_permissions import discard_cost

        parts.append(discard_cost(permission.kind))  # 702.81a, 702.133a: a card discarded, in addition to its other costs
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
        allowed = Spending(game, player, spell, kicked=bool(kicks))  # 106.6: mana only for some spells
        spend_any = permission.spend_any if permission is not None else ""  # 609.4b
        if spend_any:
            game.say(f"  {player} may spend mana as though it were mana of any {spend_any} to cast {name} (609.4b)")
        paid: dict[str, list[Any]] = {}
        if permission is not None and permission.kind == "harmonize":
            need = harmonize_tap(game, player, need, name, paid)
        need = convoke(game, player, spell, need, name, paid, only, allowed, spend_any)
        need = delve(game, player, spell, need, name, paid)
        need = improvise(game, player, spell, need, name, paid)
        payment = _pay_spell_mana(game, player, c.abilities, mana_costs, need, x, only, name, allowed, spend_any)
        for part in parts:
            pay_other(game, player, part, None, paid, x)
    except IllegalAction as exc:
        raise IllegalAction(f"can't cast {name}: {exc}") from None
    controlled = note_controlled(game, spell, player)  # "controlled a Dragon as you cast" (601.2i)
    if controlled:
        paid["controlled"] = controlled
    info = game.linked(spell.id)
    expend(game, player, payment.mana_spent)
    game.set_linked(spell.id, Linked(
        kicks=kicks, cast=True, x=x, mana_spent=payment.mana_spent, mana_units=payment.units,
        paid=((-1, tuple(sorted((k, tuple(v)) for k, v in paid.items()))),) if paid else info.paid, via=via,
        additional=additional.times, alternative=alt_keyword, cast_from=from_zone,
    ))  # fmt: skip
    for then in additional.reflexive:
        reflexive(game, player, spell.id, -1, name, then)  # 603.12: "When you do, ..." of a cost just paid

    # 601.2i: it becomes cast.
    _became_cast(game, player, spell, from_zone)
    game.state.stack.append(item)
    game.events.append(Cast(item.sid, player, len(game.state.cast_this_turn)))
    game.state.cast_this_turn.append(spell.clone())
    targeted(game, item)
    for k in kicks:
        game.events.append(Kicked(item.sid, player, k))
    return item


def keyword_mana_cost(abilities: tuple[A.Ability, ...], keyword: str) -> A.ManaCost | None:
    """The mana cost of a spell's entwine (702.42a) or escalate (702.120a)
    keyword, None without one; Unsupported for a cost that isn't mana alone,
    or for two such keywords."""
    found = [kw for ab in abilities if isinstance(ab, A.KeywordLine) for kw in ab.keywords
             if isinstance(kw, A.KeywordWithCost) and kw.name.lower() == keyword]  # fmt: skip
    if not found:
        return None
    if len(found) > 1 or not all(isinstance(p, A.ManaCost) for p in found[0].cost.parts) or len(found[0].cost.parts) != 1:
        raise Unsupported(f"an {keyword} cost other than one mana cost")
    part = found[0].cost.parts[0]
    assert isinstance(part, A.ManaCost)
    return part


def spree_costs(effect: A.Effect | None, modes: tuple[int, ...] | None) -> list[A.ManaCost]:
    """702.172b: the additional cost of each mode of a spree spell chosen
    (601.2f), added to its total cost."""
    from .keywords import SpreeModes
    from .modes import modes_of

    node = modes_of(effect)
    if not isinstance(node, SpreeModes) or not modes:
        return []
    chosen = [node.costs[m] for m in modes]
    if _has_x(chosen):
        raise Unsupported("a spree mode's additional cost with X")
    return chosen


def alternative_costs(game: Game, player: PlayerId, spell: GameObject,
                      from_zone: Zone = "hand") -> list[tuple[GameObject, A.AlternativeCost]]:  # fmt: skip
    """118.9: the alternative costs ``player`` may cast ``spell`` for now,
    each with the object whose ability offers it: the spell's own ("You may
    pay 1 life and exile a blue card from your hand rather than pay this
    spell's mana cost."; a keyword's that functions only as the card is cast
    from a hand — warp, 702.185a — only if cast ``from_zone`` "hand") and
    those of permanents the player controls ("You may pay {W}{U}{B}{R}{G}
    rather than pay the mana cost for spells that you cast."), those whose
    condition holds ("If you control a Plains, ...")."""
    from .conditions import holds
    from .filters import matches_ref_static
    from .keywords import KeywordAlternative

    out: list[tuple[GameObject, A.AlternativeCost]] = []
    found = [(spell, ab) for ab in chars(spell).abilities if isinstance(ab, A.AlternativeCost) and not ab.form]
    found += [(src, ab) for src in game.battlefield() if src.controller == player and src.face_down is None
              for ab in chars(src).abilities if isinstance(ab, A.AlternativeCost) and ab.form == "for"]  # fmt: skip
    for src, ab in found:
        problem = alternative_cost_problem(ab)
        if problem is not None:
            raise Unsupported(problem)
        if ab.form == "for" and not matches_ref_static(game, src, ab.object, spell):
            continue
        if isinstance(ab, KeywordAlternative) and ab.from_hand and from_zone != "hand":
            continue
        if ab.condition is not None and not holds(Ctx(game, player, src.id), ab.condition):
            continue
        out.append((src, ab))
    return out


def alternative_cost_problem(ab: A.AlternativeCost) -> str | None:
    """What the engine can't do of an alternative cost (118.9), read from the
    ability alone (its cost's parts and its condition are checked as any are)."""
    if not isinstance(ab.player, A.You):
        return f"an alternative cost paid by {type(ab.player).__name__}"
    whose = ab.object.object if isinstance(ab.object, A.Possessive) else ab.object  # "this spell's mana cost"
    if not ab.form and not isinstance(whose, A.SelfRef):
        return f"an alternative cost of the mana cost of {type(whose).__name__}"
    if any(isinstance(p, A.PayManaCost) and p.any_number for p in ab.cost.parts):
        return "an alternative cost paid any number of times"
    if any(isinstance(n, A.VarX) for p in ab.cost.parts if not isinstance(p, A.ManaCost | A.PayManaCost) for n in walk(p)):
        # "exile a red card with mana value X from your hand": X is what the card paid has (107.3)
        return "an alternative cost whose X is set by what is paid"
    if ab.form == "for" and not isinstance(ab.object, A.Each | A.ObjectFilter | A.BothRef):
        return f"an alternative cost for spells described as {type(ab.object).__name__}"
    return None


def _choose_alternative(game: Game, player: PlayerId, name: str,
                        options: list[tuple[GameObject, A.AlternativeCost]]) -> tuple[A.Cost | None, str]:  # fmt: skip
    """601.2b: the player announces whether the spell is cast for an
    alternative cost, and which (118.9a: only one): with one, a "you may"
    (`true` pays it); with several, a pick by the cost's words, or
    "its mana cost".  With the cost, the keyword it is of ("warp"; "" for
    none)."""
    from .keywords import KeywordAlternative

    if not options:
        return None, ""
    if len(options) == 1:
        src, ab = options[0]
        whose = "" if src.zone == "stack" else f" ({display_name(src)})"
        if not ask(game, Decision("may", player, f"{name}: {describe(ab.cost)}{whose} rather than pay its mana cost (118.9)?")):
            return None, ""
        chosen = ab
    else:
        labels = ["its mana cost"] + [describe(ab.cost) + ("" if src.zone == "stack" else f" ({display_name(src)})")
                                      for src, ab in options]  # fmt: skip
        d = Decision("word", player, f"{name}: cast it for which cost (118.9, 601.2b)", labels, labels)
        picked = labels.index(ask(game, d))
        if picked == 0:
            return None, ""
        chosen = options[picked - 1][1]
    keyword = chosen.keyword if isinstance(chosen, KeywordAlternative) else ""
    game.say(f"  {player} casts {name} for its {keyword + ' cost' if keyword else 'alternative cost'} "
             f"({describe(chosen.cost)}) rather than its mana cost (118.9)")  # fmt: skip
    return as_mana(chosen.cost), keyword  # "pay {U}": the mana it pays (118.1)


def _pay_spell_mana(game: Game, player: PlayerId, abilities: tuple[A.Ability, ...], mana_costs: list[A.ManaCost],
                    need: ManaNeed, x: int | None, only: list[ObjectId] | None, name: str,
                    allowed: Container[str], spend_any: str = "") -> Payment:  # fmt: skip
    """601.2g-h: pay the total cost; with "Spend only colored mana on X. No
    more than one mana of each color may be spent this way." (107.3), X is
    paid by colored mana of different colors, the first such way that can be
    paid.  ``spend_any``: the spell's permission lets mana be spent as
    though it were mana of any type or color (609.4b)."""

    rule = spend_rule(abilities)
    what = f"{name}'s total cost {need.text()}"
    if rule is None or not x:
        return pay_mana(game, player, need, only, what, allowed, spend_any)
    x_count = sum(1 for m in mana_costs for s in m.symbols if isinstance(s, A.VariableMana)) * x
    rest = replace(need, generic=max(0, need.generic - x_count))
    ways = x_requirements(rule, x_count)
    if not ways:
        raise IllegalAction(f"can't pay X={x} with one mana of each color: there are five colors (107.3)")
    for way in ways:
        try:
            return pay_mana(game, player, replace(rest, specific=rest.specific + way), only, what, allowed, spend_any)
        except IllegalAction:
            continue
    raise IllegalAction(f"can't pay {what}: X must be paid with colored mana, one of each color (107.3, 601.2g)")


def affinity(game: Game, player: PlayerId, spell: GameObject) -> list[tuple[GameObject, A.CostModifier]]:
    """702.41a: "Affinity for [text]" means "This spell costs {1} less to
    cast for each [text] you control." — a static ability that functions
    while the spell is on the stack, a reduction of the generic part of its
    total cost (601.2f, 118.7d), counted as the total cost is worked out."""
    from .filters import matches

    out: list[tuple[GameObject, A.CostModifier]] = []
    for ab in chars(spell).abilities:
        if not isinstance(ab, A.KeywordLine):
            continue
        for kw in ab.keywords:
            if isinstance(kw, A.Affinity):
                n = sum(1 for o in game.battlefield()
                        if o.controller == player and matches(game, kw.what, o, you=player, source=spell.id))  # fmt: skip
                if n:
                    out.append((spell, A.CostModifier(None, A.ManaCost((A.GenericMana(n),)), "less")))
    return out


def expend(game: Game, player: PlayerId, spent: int) -> None:
    """700.14: a player expends N as they spend their Nth total mana to cast
    spells during a turn: an event for each number reached ("Whenever you
    expend 4")."""
    p = game.player(player)
    before = p.spent_on_spells
    p.spent_on_spells += spent
    for n in range(before + 1, p.spent_on_spells + 1):
        game.events.append(KeywordActed(f"expend {n}", player))
def harmonize_tap(game: Game, player: PlayerId, need: ManaNeed, name: str, paid: dict[str, list[Any]]) -> ManaNeed:
    """702.180: as a spell is cast with harmonize, its caster may tap an
    untapped creature they control to reduce the total cost by an amount of
    generic mana equal to that creature's power (601.2f, tapped as the cost
    is paid, 601.2h)."""
    from .zones import tap

    cands = [o for o in game.battlefield() if o.controller == player and not o.tapped and "creature" in chars(o).types]
    if not cands or not need.generic:
        return need
    d = Decision("pick", player, f"{name}: harmonize — tap an untapped creature you control to reduce the cost by "
                 "its power (702.180)?", [o.id for o in cands], [display_name(o) for o in cands], 0, 1,
                 refusable=True)  # fmt: skip
    chosen = [o for o in cands if o.id in ask(game, d)]
    if not chosen:
        return need
    (creature,) = chosen
    power = power_toughness(game, creature)[0] or 0
    tap(game, creature)
    paid.setdefault("tapped", []).append(creature.id)
    rest = replace(need, generic=max(0, need.generic - max(power, 0)))
    game.say(f"  {player} taps {display_name(creature)} (power {power}) for harmonize: {rest.text()} is left to pay (702.180)")
    return rest


def convoke(game: Game, player: PlayerId, spell: GameObject, need: ManaNeed, name: str, paid: dict[str, list[Any]],
            only: list[ObjectId] | None, allowed: Container[str], spend_any: str) -> ManaNeed:  # fmt: skip
    """702.51a-b: a spell with convoke may have untapped creatures its caster
    controls tapped as its total cost is paid (601.2g-h); each pays for {1}
    or for one mana of one of that creature's colors.  Convoke doesn't
    change the total cost (702.51b): it pays part of it.  The player chooses
    the creatures; which symbol each pays is worked out the way the mana
    abilities that pay the rest are (:func:`cardtext.interpreter.mana.find_payment`):
    a way that leaves a rest the player's mana can pay.  A creature that
    could pay for nothing left (the cost is paid already, or it has none of
    the colors asked and no generic mana is left) can't be tapped for it,
    and the cast is refused.  The creatures are remembered as those that
    "convoked" the spell (``paid["convoked"]``)."""
    from .mana import find_payment
    from .zones import tap

    if need.total == 0 or not has_keyword(game, spell, "convoke"):
        return need
    colored = frozenset(c for r in need.specific if not r.generic2 for c in r.colors) - {"C"}
    cands = [o for o in game.battlefield()
             if o.controller == player and not o.tapped and "creature" in chars(o).types
             and (need.generic or colored & set(chars(o).colors))]  # fmt: skip
    if not cands:
        return need
    d = Decision("pick", player, f"{name}: convoke — tap which untapped creatures you control "
                 "(each pays for {1} or one mana of its color, 702.51a)",
                 [o.id for o in cands], [display_name(o) for o in cands], 0, min(len(cands), need.total),
                 refusable=True)  # fmt: skip
    chosen_ids = ask(game, d)
    chosen = [o for o in cands if o.id in chosen_ids]
    if not chosen:
        return need
    rests = _convoke_rests(need, [frozenset(chars(o).colors) for o in chosen])
    if not rests:
        raise IllegalAction(
            f"can't convoke with {', '.join(display_name(o) for o in chosen)}: each creature tapped for convoke "
            f"pays for {{1}} or one mana of its color of the total cost {need.text()}, and not all of them can (702.51a)")
    for o in chosen:
        tap(game, o)
        paid.setdefault("convoked", []).append(o.id)
    rest = next((r for r in rests if find_payment(game, player, r, only, allowed, spend_any) is not None), rests[0])
    game.say(f"  {player} taps {', '.join(display_name(o) for o in chosen)} for convoke, paying "
             f"{need.total - rest.total} of {need.text()}; {rest.text()} is left to pay (702.51a)")  # fmt: skip
    return rest


def delve(game: Game, player: PlayerId, spell: GameObject, need: ManaNeed, name: str,
          paid: dict[str, list[Any]]) -> ManaNeed:  # fmt: skip
    """702.66a-b: a spell with delve may have cards exiled from its caster's
    graveyard as its total cost is paid (601.2g-h), each paying for {1} of
    the generic mana in it (none of its colored mana); delve doesn't change
    the total cost (702.66b).  The player chooses the cards, no more than
    the generic mana left; they are remembered as those delved
    (``paid["delved"]``)."""

    if not need.generic or not has_keyword(game, spell, "delve"):
        return need
    cards = [game.obj(cid) for cid in game.zone("graveyard", player)]
    if not cards:
        return need
    d = Decision("pick", player, f"{name}: delve — exile which cards from your graveyard (each pays for {{1}}, 702.66a)",
                 [o.id for o in cards], [display_name(o) for o in cards], 0, min(len(cards), need.generic))  # fmt: skip
    picked = set(ask(game, d))
    chosen = [o for o in cards if o.id in picked]
    if not chosen:
        return need
    for o in chosen:
        paid.setdefault("delved", []).append(move(game, o, "exile").id)
    rest = replace(need, generic=need.generic - len(chosen))
    game.say(f"  {player} exiles {', '.join(display_name(o) for o in chosen)} from their graveyard for delve, paying "
             f"{len(chosen)} of {need.text()}; {rest.text()} is left to pay (702.66a)")  # fmt: skip
    return rest


def improvise(game: Game, player: PlayerId, spell: GameObject, need: ManaNeed, name: str,
              paid: dict[str, list[Any]]) -> ManaNeed:  # fmt: skip
    """702.126a-b: a spell with improvise may have untapped artifacts its
    caster controls tapped as its total cost is paid, each paying for {1} of
    the generic mana in it; improvise doesn't change the total cost
    (702.126b).  The player chooses the artifacts, no more than the generic
    mana left (``paid["improvised"]``)."""
    from .zones import tap

    if not need.generic or not has_keyword(game, spell, "improvise"):
        return need
    cands = [o for o in game.battlefield() if o.controller == player and not o.tapped and "artifact" in chars(o).types]
    if not cands:
        return need
    d = Decision("pick", player, f"{name}: improvise — tap which untapped artifacts you control "
                 "(each pays for {1}, 702.126a)",
                 [o.id for o in cands], [display_name(o) for o in cands], 0, min(len(cands), need.generic))  # fmt: skip
    picked = set(ask(game, d))
    chosen = [o for o in cands if o.id in picked]
    if not chosen:
        return need
    for o in chosen:
        tap(game, o)
        paid.setdefault("improvised", []).append(o.id)
    rest = replace(need, generic=need.generic - len(chosen))
    game.say(f"  {player} taps {', '.join(display_name(o) for o in chosen)} for improvise, paying "
             f"{len(chosen)} of {need.text()}; {rest.text()} is left to pay (702.126a)")  # fmt: skip
    return rest


def _convoke_rests(need: ManaNeed, colors: list[frozenset[str]]) -> list[ManaNeed]:
    """What may be left of ``need`` once a creature of each of ``colors``
    has paid for {1} or for a symbol one of its colors pays (702.51a): every
    way, those leaving the fewest colored symbols first."""

    states = {(need.specific, need.generic)}
    for cs in colors:
        nxt: set[tuple[tuple[Any, ...], int]] = set()
        for specific, generic in states:
            if generic:
                nxt.add((specific, generic - 1))
            for i, req in enumerate(specific):
                if not req.generic2 and req.colors & cs - {"C"} and req not in specific[:i]:
                    nxt.add((specific[:i] + specific[i + 1:], generic))
        states = nxt
    return [replace(need, specific=s, generic=g) for s, g in sorted(states, key=lambda st: (len(st[0]), st[1], str(st[0])))]


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


__all__ = ["CASTABLE_FACES", "MORPH_COST", "alternative_cost_problem", "alternative_costs", "cast", "cast_with", "kicker_label", "sorcery_timing_ok", "spell_face", "split_second"]
