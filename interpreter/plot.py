"""Plot (CR 702.170): a special action from the hand, then a free cast from exile.

"Plot [cost]" means "Any time you have priority during your main phase while
the stack is empty, you may exile this card from your hand and pay [cost].
It becomes a plotted card." (702.170a).  Plotting is a special action: it
doesn't use the stack (702.170b, 116.2k).  A plotted card's owner may cast it
from exile without paying its mana cost during their main phase while the
stack is empty, on any turn after the turn it became plotted (702.170d) —
whatever its type: an instant is cast then too.  The plotted designation is
a :class:`~cardtext.interpreter.cast_permissions.Permission` of kind "plot" bound to
the exiled card: a card that leaves exile is a new object and is no longer
plotted (400.7).
"""

from __future__ import annotations

from cardtext.grammar import ast as A

from .cast_permissions import Permission, grant, keyword_cost
from .casting import sorcery_timing_ok
from .characteristics import display_name, refresh_granted
from .costs import describe, mana_parts, pay_mana, pay_other
from .errors import IllegalAction
from .mana import need_of
from .objects import GameObject, ObjectId, PlayerId
from .state import Game
from .triggers import settle
from .zones import move


def plot_cost(obj: GameObject) -> A.Cost | None:
    """The plot cost of a card (702.170a); None if it has no plot."""
    if obj.face_down is not None or not obj.is_card:
        return None
    return keyword_cost(obj.copy_of or obj.card, "plot")


def make_plotted(game: Game, exiled: GameObject) -> None:
    """702.170c-d: the card in exile becomes plotted: its owner may cast it
    without paying its mana cost as a sorcery on a later turn."""
    grant(game, Permission("plot", exiled.owner, "exile", exiled.id, free=True, after_turn=game.state.turn,
                           sorcery=True, source=display_name(exiled)))  # fmt: skip


def plot(game: Game, player: PlayerId, oid: ObjectId, *, only: list[ObjectId] | None = None) -> None:
    """The special action of 702.170a-b (116.2k); all or nothing."""
    with game.transaction():
        refresh_granted(game)  # 613.1f: abilities given in quotation marks, as the game now is
        obj = game.get(oid)
        if obj is None or obj.zone != "hand" or obj.owner != player:
            raise IllegalAction(f"can't plot it: it is not in {player}'s hand (702.170a)")
        name = display_name(obj)
        cost = plot_cost(obj)
        if cost is None:
            raise IllegalAction(f"can't plot {name}: it has no plot ability (702.170a)")
        why = sorcery_timing_ok(game, player)
        if why:
            raise IllegalAction(f"can't plot {name} now: {why} (702.170a)")
        what = f"its plot cost {describe(cost)}"
        game.say(f"{player} plots {name} (special action, 702.170b) for {what}")
        pay_mana(game, player, need_of(mana_parts(cost)), only, what)
        paid: dict[str, list[ObjectId]] = {}
        for part in cost.parts:
            if not isinstance(part, A.ManaCost):
                pay_other(game, player, part, obj, paid)
        exiled = move(game, obj, "exile")
        make_plotted(game, exiled)
        game.say(f"  {name} is exiled and becomes plotted: {player} may cast it without paying its mana cost "
                 "on a later turn, as a sorcery (702.170d)")  # fmt: skip
        settle(game)


__all__ = ["make_plotted", "plot", "plot_cost"]
