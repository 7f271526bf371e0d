""""Choose target creature or player, then choose another target creature or
player for each time [this] was kicked." (CR 601.2c, 115.1): targets written
as an instruction of their own.

The targets themselves are chosen as the spell is cast or the ability put on
the stack (601.2c, 603.3d; :mod:`interpreter.targets` counts a "for each"
after the instruction as the number of targets of that phrase).  Carried
out, the instruction names them: a later "them" / "each of them" means every
target chosen by the "choose" instructions of the sentence that are still
legal (608.2b), objects and players alike.
"""

from __future__ import annotations

from grammar import ast as A

from ..context import Ctx
from .common import acted, current
from .registry import carries_out


def _previous_choose(ctx: Ctx, a: A.Choose) -> bool:
    """Does ``a`` follow another "choose target ..." in its sentence ("..., then choose another ...")?"""
    sentence = ctx.sentence
    if sentence is None:
        return False
    actions = [x.action if isinstance(x, A.MayDo) else x for x in sentence.actions]
    i = next((k for k, x in enumerate(actions) if x is a), 0)
    return i > 0 and isinstance(actions[i - 1], A.Choose) and isinstance(actions[i - 1].what, A.Target)


@carries_out(A.Choose, limits=(
    ("'choose' of something other than targets", lambda a: a.kind != "object" or not isinstance(a.what, A.Target)),
    ("another player choosing targets", lambda a: a.player is not None and not isinstance(a.player, A.You)),
    ("choosing a number of targets within bounds", lambda a: a.low is not None or a.high is not None),
))
def _choose_targets(ctx: Ctx, a: A.Choose) -> bool:
    """601.2c: the targets were chosen as it was put on the stack; now they are what "them" means."""
    assert isinstance(a.what, A.Target)
    values = ctx.slot_values(a.what)
    objs = [v for v in values if isinstance(v, tuple)]
    players = [v for v in values if isinstance(v, str)]
    if _previous_choose(ctx, a):
        objs = list(ctx.them) + objs
        players = list(ctx.them_players) + players
    acted(ctx, current(ctx, objs))
    ctx.them_players = players
    return bool(values)


__all__: list[str] = []
