"""Suspend (CR 702.62): a special action from the hand, time counters in
exile, and a free cast as the last one is removed.

"Suspend N—[cost]" means "If you could begin to cast this card by putting it
onto the stack from your hand, you may pay [cost] and exile it with N time
counters on it.  This action doesn't use the stack," "At the beginning of
your upkeep, if this card is suspended, remove a time counter from it," and
"When the last time counter is removed from this card, if it's exiled, you
may play it without paying its mana cost if able.  If you don't, it remains
exiled.  If you cast a creature spell this way, it gains haste until you
lose control of the spell or the permanent it becomes." (702.62a).  A card
is suspended while it is in exile with suspend and a time counter on it
(702.62b).  The two triggered abilities are those of
:func:`cardtext.interpreter.keywords.suspend_abilities`, which function in
exile; the spell cast is remembered as cast "via" suspend, so that the
creature it becomes has haste until its controller changes
(:func:`cardtext.interpreter.characteristics.keywords`).
"""

from __future__ import annotations

from cardtext.grammar import ast as A

from .casting import sorcery_timing_ok
from .characteristics import chars, display_name, has_keyword, refresh_granted
from .costs import describe, mana_parts, pay_mana, pay_other
from .errors import IllegalAction
from .mana import need_of
from .objects import GameObject, ObjectId, PlayerId
from .state import Game
from .triggers import settle
from .zones import move, put_counters


def suspend_keyword(obj: GameObject) -> A.KeywordNumberCost | None:
    """The card's suspend keyword (702.62a), None without one."""
    if obj.face_down is not None or not obj.is_card:
        return None
    for ab in (obj.copy_of or obj.card).abilities:
        if isinstance(ab, A.KeywordLine):
            for kw in ab.keywords:
                if isinstance(kw, A.KeywordNumberCost) and kw.name.lower() == "suspend":
                    return kw
    return None


def suspend(game: Game, player: PlayerId, oid: ObjectId, *, only: list[ObjectId] | None = None) -> None:
    """The special action of 702.62a (116.2f): all or nothing."""
    with game.transaction():
        refresh_granted(game)  # 613.1f: abilities given in quotation marks, as the game now is
        obj = game.get(oid)
        if obj is None or obj.zone != "hand" or obj.owner != player:
            raise IllegalAction(f"can't suspend it: it is not in {player}'s hand (702.62a)")
        name = display_name(obj)
        kw = suspend_keyword(obj)
        if kw is None:
            raise IllegalAction(f"can't suspend {name}: it has no suspend ability (702.62a)")
        if not isinstance(kw.amount, A.Number):
            raise IllegalAction(f"can't suspend {name}: its number of time counters isn't written out")
        # "if you could begin to cast this card by putting it onto the stack from your hand": its timing (307.1, 702.8a)
        if "instant" not in chars(obj).types and not has_keyword(game, obj, "flash"):
            why = sorcery_timing_ok(game, player)
            if why:
                raise IllegalAction(f"can't suspend {name} now: {why} (702.62a)")
        what = f"its suspend cost {describe(kw.cost)}"
        game.say(f"{player} suspends {name} (special action, 702.62a) for {what}")
        pay_mana(game, player, need_of(mana_parts(kw.cost)), only, what)
        paid: dict[str, list[ObjectId]] = {}
        for part in kw.cost.parts:
            if not isinstance(part, A.ManaCost):
                pay_other(game, player, part, obj, paid)
        exiled = move(game, obj, "exile")
        put_counters(game, exiled, "time", kw.amount.value)
        game.say(f"  {name} is exiled with {kw.amount.value} time counter(s) on it: it is suspended (702.62b)")
        settle(game)


__all__ = ["suspend", "suspend_keyword"]
