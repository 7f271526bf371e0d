"""The stack and resolution (CR 405, 608), countering (701.6).

The top object resolves: its targets are checked again, and if all of them
are illegal it does nothing (608.2b); an instant or sorcery carries out its
effect and goes to its owner's graveyard; a permanent spell becomes a
permanent (608.3) carrying its cast-time linked information (kicks, X, mana
spent), and a copy of a permanent spell becomes a token (707.10c, rule K15).
A triggered ability with an intervening "if" does nothing if the condition
is false now (603.4).  Of a modal spell or ability, only the modes chosen
for it happen, in printed order (700.2, :mod:`cardtext.interpreter.modes`).
"""

from __future__ import annotations

from typing import Any

from cardtext.grammar import ast as A

from .attach import aura_spell_effect
from .bind import ability_effect
from .cast_permissions import EXILED_AFTER
from .characteristics import chars, display_name, has_keyword, refresh_granted
from .choices import Decision, ask
from .context import Ctx
from .costs import pay_mana
from .errors import IllegalAction
from .mana import cost_text, need_of
from .modes import describe
from .objects import GameObject, ObjectId
from .replacement import put_onto_battlefield
from .state import Game, KeywordActed, Sacrificed, StackItem
from .targets import slot_index, slots_of, still_legal
from .triggers import settle
from .zones import move

PERMANENT_TYPES = ("artifact", "creature", "enchantment", "land", "planeswalker", "battle")


def item_ctx(game: Game, item: StackItem) -> Ctx:
    x = item.x
    if item.kind == "spell":
        x = game.linked(item.source).x
    return Ctx(
        game, item.controller, item.source, item.ability, item, slot_index(item.effect) if item.effect else {},
        x=x, trigger_object=item.trigger_object, trigger_spell=item.trigger_spell, trigger_player=item.trigger_player,
        trigger_amount=item.trigger_amount, them=list(item.trigger_objects), trigger_moved=item.trigger_moved,
    )  # fmt: skip


def _all_targets_illegal(ctx: Ctx, item: StackItem) -> bool:
    if item.effect is None or not any(item.targets):
        return False
    for slot, chosen in zip(slots_of(item.effect), item.targets, strict=False):
        for value in chosen:
            if still_legal(ctx, slot.node, value):
                return False
    return True


def resolve_top(game: Game) -> None:
    """608.2: resolve the top object of the stack, then let the game settle."""
    if not game.state.stack:
        raise IllegalAction("nothing to resolve: the stack is empty")
    with game.transaction():
        refresh_granted(game)  # 613.1f: abilities given in quotation marks, as the game now is
        item = game.state.stack.pop()
        ctx = item_ctx(game, item)
        if item.kind == "spell":
            _resolve_spell(game, item, ctx)
        else:
            _resolve_ability(game, item, ctx)
        settle(game)


def _resolve_ability(game: Game, item: StackItem, ctx: Ctx) -> None:
    if item.condition is not None and not ctx.holds(item.condition):
        game.say(f"{item.name}'s ability resolves and does nothing: its 'if' condition is false now (603.4)")
        return
    if _all_targets_illegal(ctx, item):
        game.say(f"{item.name}'s ability does nothing: all its targets are illegal now (608.2b)")
        return
    game.say(f"{item.name}'s ability resolves" + _modes_text(item))
    game.state.resolutions.append((item.source, item.ability))  # "the first time this ability has resolved this turn"
    if item.effect is not None:
        from .effects import run

        events, start = game.events, len(game.events)
        run(ctx, item.effect)
        if game.events is events and _is_exploit(game, item):
            _exploited(game, item, events[start:])


def _is_exploit(game: Game, item: StackItem) -> bool:
    """Is ``item`` the ability of the exploit keyword of its source (702.110a)?"""
    from .keywords import exploit_ability

    src = game.get(item.source)
    known = game.state.lki.get(item.source)
    abilities = chars(src).abilities if src is not None else known.abilities if known is not None else ()
    if not 0 <= item.ability < len(abilities) or abilities[item.ability] != exploit_ability():
        return False
    return any(isinstance(ab, A.KeywordLine) and any(str(getattr(kw, "name", "")).lower() == "exploit" for kw in ab.keywords)
               for ab in abilities)  # fmt: skip


def _exploited(game: Game, item: StackItem, events: list[Any]) -> None:
    """702.110b: a creature with exploit "exploits a creature" when the
    controller of its exploit ability sacrifices a creature as that ability
    resolves (itself too: its abilities look back, 603.10a)."""
    for e in events:
        if isinstance(e, Sacrificed) and e.player == item.controller and "creature" in e.lki.types:
            game.events.append(KeywordActed("exploit", item.controller, item.source))
            return


def _resolve_spell(game: Game, item: StackItem, ctx: Ctx) -> None:
    from .effects import run

    spell = game.get(item.source)
    if spell is None:
        return
    name = display_name(spell)
    if _all_targets_illegal(ctx, item):
        game.say(f"{name} doesn't resolve: all its targets are illegal (608.2b)")
        _leave_stack(game, spell.id)
        return
    c = chars(spell)
    if any(t in c.types for t in PERMANENT_TYPES):
        info = game.linked(spell.id).cast_info()
        via = game.linked(spell.id).via
        if spell.spell_copy:
            spell.spell_copy = False
            spell.token = True  # 707.10c: a copy of a permanent spell becomes a token
            game.say(f"{name} resolves and becomes a token permanent")
        else:
            game.say(f"{name} resolves and enters the battlefield")
        attach_to = None
        if item.effect is not None and spell.face_down is None and "Aura" in c.subtypes:
            from .attach import aura_target

            # 608.3a: an Aura spell enters attached to its (still legal) target
            legal = [v for v in ctx.slot_values(aura_target(item.effect)) if isinstance(v, tuple)]
            attach_to = legal[0] if legal else None
        permanent = put_onto_battlefield(game, spell, item.controller, linked=info, face_down=spell.face_down,
                                         attach_to=attach_to)  # fmt: skip
        if info.alternative == "warp" and permanent.zone == "battlefield":
            from .cast_permissions import warp_delayed

            warp_delayed(game, permanent)
        if via == "suspend" and permanent.zone == "battlefield" and "creature" in chars(permanent).types:
            # 702.62a: "it gains haste until you lose control of the spell or the permanent it becomes"
            permanent.marks = permanent.marks | {"suspend haste"}
        if info.alternative == "dash" and permanent.zone == "battlefield":
            from .cast_permissions import dash_delayed

            dash_delayed(game, permanent)
        return
    game.say(f"{name} resolves" + _modes_text(item))
    from .keywords import gifts, keyword_cost_paid

    if keyword_cost_paid(c.abilities, game.linked(spell.id).additional, "gift"):
        for gift in gifts(c.abilities):
            game.say("  the gift was promised: the opponent gets it before the spell's other effects (702.174b)")
            run(ctx, gift)
    if item.effect is not None:
        run(ctx, item.effect)
    _leave_stack(game, spell.id, resolved=True)


def _modes_text(item: StackItem) -> str:
    if item.modes is None:
        return ""
    return f" ({describe(item.modes)}" + (", in printed order)" if len(item.modes) > 1 else ")")


def _leave_stack(game: Game, oid: ObjectId, *, resolved: bool = False) -> None:
    """An instant or sorcery spell leaves the stack for its owner's graveyard
    (608.2n, 701.6a) — a copy ceases to exist there (704.5e) — unless the
    permission it was cast with says otherwise: a flashback spell is exiled
    whenever it would leave the stack (702.34a); an Adventure that resolves
    is exiled, and its owner may cast the creature from exile (715.3d); an
    Omen that resolves is shuffled into its owner's library (its reminder:
    "Then shuffle this card into its owner's library.")."""
    spell = game.get(oid)
    if spell is None or spell.zone != "stack":
        return
    via = game.linked(oid).via
    name = display_name(spell)
    if via in EXILED_AFTER and not spell.spell_copy:
        move(game, spell, "exile")
        game.say(f"  {name} is exiled instead of going anywhere else: it was cast with {via} (702.34a, 702.180a, 702.133a, 702.127a)")
        return
    card = spell.copy_of or spell.card
    if card.layout == "adventure" and spell.face == 1 and resolved and not spell.spell_copy:
        from .cast_permissions import Permission, grant

        owner = spell.owner
        exiled = move(game, spell, "exile")
        grant(game, Permission("adventure", owner, "exile", exiled.id, face=0, source=name))
        game.say(f"  {name} is exiled on an adventure: {owner} may cast {display_name(exiled)} from exile (715.3d)")
        return
    if card.layout == "omen" and spell.face == 1 and resolved and not spell.spell_copy:
        import random

        owner = spell.owner
        move(game, spell, "library")
        random.Random(game.state.seed * 7919 + game.state.clock).shuffle(game.zone("library", owner))
        game.tick()
        game.say(f"  {name} is an Omen: it is shuffled into {owner}'s library")
        return
    if resolved and not spell.spell_copy and game.linked(oid).cast_from == "hand" and has_keyword(game, spell, "rebound"):
        from .cast_permissions import rebound_delayed

        # 702.88a: cast from its owner's hand, it is exiled instead as it resolves
        exiled = move(game, spell, "exile")
        rebound_delayed(game, exiled)
        return
    if resolved and not spell.spell_copy and bought_back(game, spell):
        move(game, spell, "hand")
        game.say(f"  {name} is put into {spell.owner}'s hand instead of the graveyard: its buyback cost was paid (702.27a)")
        return
    move(game, spell, "graveyard")


def bought_back(game: Game, spell: GameObject) -> bool:
    """702.27a: was the buyback cost of ``spell`` paid as it was cast?  Its
    additional costs are counted in the order of its abilities
    (:func:`cardtext.interpreter.additional.announce`)."""
    from .keywords import keyword_cost_paid

    return keyword_cost_paid(chars(spell).abilities, game.linked(spell.id).additional, "buyback")


def can_be_countered(game: Game, oid: ObjectId) -> bool:
    spell = game.get(oid)
    if spell is None:
        return False
    return not any(isinstance(ab, A.CantBeCountered) for ab in chars(spell).abilities)


def counter_spell(ctx: Ctx, oid: ObjectId, action: A.CounterSpell) -> bool:
    """701.6: a countered spell is removed from the stack — all of it, however
    many times it was kicked (K10); "can't be countered" spells stay (101.2)."""
    game = ctx.game
    item = next((s for s in game.state.stack if s.source == oid), None)
    spell = game.get(oid)
    if item is None or spell is None:
        return False
    name = display_name(spell)
    if not can_be_countered(game, oid):
        game.say(f"  {name} can't be countered")
        return False
    if action.unless_pays is not None:
        # "unless its controller pays {1} for each creature you control": the
        # cost once per thing counted as the instruction is carried out (608.2h)
        times = 1 if action.unless_per is None else max(0, ctx.quantity(action.unless_per))
        need = need_of([action.unless_pays] * times)
        what = cost_text(action.unless_pays) + (f" ×{times} (total {need.text()})" if action.unless_per is not None else "")
        d = Decision("may", item.controller, f"pay {what} so that {name} isn't countered?")
        if ask(game, d):
            try:
                with game.transaction():
                    pay_mana(game, item.controller, need, None, what)
                return False
            except IllegalAction as exc:
                game.say(f"  {item.controller} can't pay: {exc}")
    game.state.stack.remove(item)
    game.say(f"  counters {name}")
    _leave_stack(game, oid)
    return True


def remove_from_stack(game: Game, item: StackItem) -> None:
    """701.6a: a countered spell goes to its owner's graveyard; a countered
    ability just leaves the stack."""
    game.state.stack.remove(item)
    game.say(f"  counters {item.name}" + ("'s ability" if item.kind == "ability" else ""))
    if item.kind == "spell":
        _leave_stack(game, item.source)


def spell_effect(card: A.Card) -> A.Effect | None:
    """The instructions of an instant or sorcery (its spell ability), or an
    Aura spell's target and attachment (303.4a, :func:`cardtext.interpreter.attach.aura_spell_effect`)."""
    return ability_effect(card, -1) or aura_spell_effect(card)


__all__ = ["can_be_countered", "counter_spell", "remove_from_stack", "item_ctx", "resolve_top", "spell_effect"]
