"""Requirements on blocking made by instructions (CR 509.1c).

"[That creature] blocks this turn if able" (Timely Interference): until the
cleanup step (514.2), the creature is in ``GameState.must_block``; when its
controller declares blockers, a declaration that leaves it out though it
could have blocked an attacker doesn't obey as many requirements as
possible, and is refused (:func:`cardtext.interpreter.combat.requirement_refusal`).
Other requirements ("attacks each combat if able", "must be blocked") are
reported by the limits it is registered with.
"""

from __future__ import annotations

from cardtext.grammar import ast as A

from ..characteristics import display_name
from ..context import Ctx
from .registry import carries_out


@carries_out(A.Requirement, limits=(
    ("a requirement other than 'blocks this turn if able'", lambda a: a.rule != "blocks this turn if able"),
    ("a requirement with a duration or another creature", lambda a: a.duration is not None or a.other is not None),
))
def _requirement(ctx: Ctx, a: A.Requirement) -> bool:
    """509.1c: the creature must block this turn if able."""
    objs = [o for o in (ctx.game.get(oid) for oid in ctx.objects(a.what)) if o is not None and o.zone == "battlefield"]
    for o in objs:
        ctx.game.state.must_block.append(o.id)
        ctx.game.say(f"  {display_name(o)} blocks this turn if able (509.1c)")
    return bool(objs)


__all__: list[str] = []
