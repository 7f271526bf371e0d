"""Instructions on turns (CR 500.7): skip a turn."""

from __future__ import annotations

from cardtext.grammar import ast as A

from ..context import Ctx
from .registry import carries_out


@carries_out(A.SkipTurn, limits=(
    ("skipping a step", lambda a: a.step != "turn"),
    ("skipping several turns", lambda a: a.amount is not None),
))
def _skip_turn(ctx: Ctx, a: A.SkipTurn) -> bool:
    """500.7: "You skip your next turn" — the turn after this one that would be yours doesn't happen."""
    for p in ctx.players(a.player):
        ctx.game.player(p).skip_turns += 1
        ctx.game.say(f"  {p} will skip their next turn")
    return True


@carries_out(A.ExtraTurn)
def _extra_turn(ctx: Ctx, a: A.ExtraTurn) -> bool:
    """500.7: "take an extra turn after this one"."""
    for p in ctx.players(a.player):
        ctx.game.state.extra_turns.append(p)
        ctx.game.say(f"  {p} will take an extra turn after this one (500.7)")
    return True
