"""Additional costs of a spell (CR 601.2b, 601.2f-h, 118.8).

"As an additional cost to cast this spell, sacrifice a creature." is paid
with the mana cost; "..., you may pay {2}{R}" is paid only if its
controller chooses to as the spell is cast (601.2b), and "you may pay
{1}{G} any number of times" as many times as the player announces
(601.2b, the way multikicker is, 702.33c).  "Pay {2}{R}" written in words
is mana like any other.  How many times each additional cost was paid is
remembered with the spell (607.2i/j, :class:`~cardtext.interpreter.linked.Linked`)
for "if its additional cost was paid" and "for each additional {1}{G} you
paid".

An additional cost may be followed by "When you do, ..." (603.12): a
reflexive triggered ability that triggers when the cost is paid, and is put
on the stack the next time a player would receive priority — above the
spell (:func:`cardtext.interpreter.delayed.reflexive`).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from cardtext.grammar import ast as A

from .choices import Decision, ask
from .costs import check_other_part, choose_parts, describe
from .errors import IllegalAction, Unsupported
from .objects import PlayerId
from .state import Game


@dataclass
class AdditionalCosts:
    """What a player announced of a spell's additional costs (601.2b):
    ``costs`` to pay with the rest of the total cost, ``times`` how many
    times each additional cost ability (in printed order) is paid, and the
    "When you do, ..." effects of those paid."""

    costs: list[A.Cost] = field(default_factory=list)
    times: tuple[int, ...] = ()
    reflexive: list[A.Effect] = field(default_factory=list)


def as_mana(cost: A.Cost) -> A.Cost:
    """ "pay {2}{R}" as the mana symbols it pays (118.1)."""
    parts = tuple(p.mana if isinstance(p, A.PayManaCost) else p for p in cost.parts)
    return replace(cost, parts=parts)


def _any_number(cost: A.Cost) -> bool:
    return any(isinstance(p, A.PayManaCost) and p.any_number for p in cost.parts)


def _times(game: Game, player: PlayerId, name: str, ab: A.AdditionalCost) -> int:
    """601.2b: whether (or how many times) the player pays an optional cost."""
    from .keywords import GiftPromise

    what = describe(as_mana(ab.cost))
    if not ab.optional:
        return 1
    if isinstance(ab, GiftPromise):
        # 702.174a: nothing to pay; the opponent promised is the only one (a game of two players)
        promised = ask(game, Decision("may", player, f"{name}: promise an opponent a gift (702.174a)?"))
        if promised and len([p for p in game.state.players if p != player]) != 1:
            raise Unsupported(f"{name}: a gift promised to one of several opponents (702.174a)")
        return 1 if promised else 0
    if not _payable(game, player, ab.cost):
        game.say(f"  {name}: the additional cost {what} can't be paid (601.2b)")
        return 0
    if _any_number(ab.cost):
        n = ask(game, Decision("x", player, f"{name}: how many times to pay the additional cost {what} (601.2b)"))
        if not isinstance(n, int) or isinstance(n, bool) or n < 0:
            raise Unsupported(f"{name}: the number of times to pay {what} must be a whole number")
        return n
    return 1 if ask(game, Decision("may", player, f"{name}: pay the additional cost {what}?")) else 0


def _payable(game: Game, player: PlayerId, cost: A.Cost) -> bool:
    """601.2b: an optional additional cost is offered only if its other
    parts aren't certainly impossible to pay (no card to reveal, say)."""
    try:
        for part in cost.parts:
            if not isinstance(part, A.ManaCost | A.CostOr):
                check_other_part(game, player, part, None)
    except IllegalAction:
        return False
    return True


def announce(game: Game, player: PlayerId, name: str, abilities: tuple[A.Ability, ...]) -> AdditionalCosts:
    """601.2b: the additional costs the player will pay, each as many times as announced."""
    out = AdditionalCosts()
    times: list[int] = []
    for ab in abilities:
        if not isinstance(ab, A.AdditionalCost):
            continue
        n = _times(game, player, name, ab)
        times.append(n)
        # each time paid, its "[one part] or [another]" chosen anew (601.2b)
        out.costs += [as_mana(choose_parts(game, player, name, ab.cost, None)) for _ in range(n)]
        if ab.then is not None and n:
            out.reflexive.append(ab.then)
    out.times = tuple(times)
    return out


def additional_paid(card: A.Card, times: tuple[int, ...], of: A.ManaCost | None = None) -> int:
    """How many times the additional costs of ``card`` were paid — those
    that pay ``of``, if given ("for each additional {1}{G} you paid")."""
    costs = [ab for ab in card.abilities if isinstance(ab, A.AdditionalCost)]
    total = 0
    for ab, n in zip(costs, times, strict=False):
        if of is None or any(isinstance(p, A.PayManaCost) and p.mana == of or p == of for p in ab.cost.parts):
            total += n
    return total


__all__ = ["AdditionalCosts", "additional_paid", "announce", "as_mana"]
