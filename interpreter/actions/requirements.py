"""Requirements on blocking made by instructions (CR 509.1c).

"[That creature] blocks this turn if able" (Timely Interference): until the
cleanup step (514.2), the creature is in ``GameState.must_block``; when its
controller declares blockers, a declaration that leaves it out though it
could have blocked an attacker doesn't obey as many requirements as
possible, and is refused (:func:`cardtext.interpreter.combat.requirement_refusal`).
"[Target creature] blocks [this creature] this turn if able" likewise, in
``GameState.must_block_whom``: it must block that creature if it can.
"[Target creature] must be blocked this turn if able" in
``GameState.must_be_blocked``: some creature must block it if one can.
"All creatures able to block [it] this turn do so" in ``GameState.lures``:
each creature of that description that can block it must.
"[That creature] attacks this turn if able" (508.1d) likewise, in
``GameState.must_attack``, read as attackers are declared
(:func:`cardtext.interpreter.combat.attack_requirement_refusal`).
"[It] doesn't untap during its controller's next untap step" (502.3) is
kept in ``GameState.skip_untap`` until that untap step; "... untap step
for as long as [this] remains tapped" in ``GameState.held_tapped`` while
that lasts (611.2b).  Other requirements
are reported by the limits it is registered with.
"""

from __future__ import annotations

from cardtext.grammar import ast as A
from cardtext.grammar.render import render_node

from ..characteristics import display_name
from ..context import Ctx
from ..errors import Unsupported
from ..objects import PlayerId
from ..zones import HELD_DURATIONS
from .registry import carries_out

NEXT_UNTAP = "doesn't untap during next untap step"
HELD = "doesn't untap during untap step"
NO_DAMAGE = "assigns no combat damage"
MUST_BE_BLOCKED = "must be blocked this turn if able"
LURE = "able to block do so"
TURN_REQUIREMENTS = ("blocks this turn if able", "attacks this turn if able", NEXT_UNTAP, MUST_BE_BLOCKED, LURE)
"""The requirements an instruction can make that the engine carries out."""


def _whose_untap(a: A.Requirement) -> str | None:
    """Whose untap step "doesn't untap during ... next untap step" is about:
    "its controller's" / "their controllers'" ("controller"), "your" ("you"),
    else None (a gap)."""
    other = a.other.object if isinstance(a.other, A.Possessive) else a.other
    if isinstance(other, A.ControllerOf) and isinstance(other.object, A.ItRef | A.ThemRef | A.ThatRef | A.SelfRef | A.TheirRef):
        return "controller"
    if isinstance(other, A.You):
        return "you"
    if isinstance(other, A.ThatPlayer | A.TheirRef):
        return "player"  # "during that player's next untap step", "their next untap step"
    return None


def _held(a: A.Requirement) -> bool:
    """502.3, 611.2b: "[it] doesn't untap during its controller's untap step
    for as long as [this] remains tapped" (or "you control [this]", "[this]
    remains on the battlefield")."""
    d = a.duration
    return (a.rule == HELD and isinstance(d, A.Duration) and d.kind in HELD_DURATIONS
            and isinstance(d.object, A.SelfRef) and _whose_untap(a) == "controller")  # fmt: skip


def _no_damage(a: A.Requirement) -> bool:
    """510.1: "[this creature] assigns no combat damage this turn"."""
    d = a.duration
    return a.rule == NO_DAMAGE and a.other is None and isinstance(d, A.Duration) and d.kind == "this turn" and d.object is None


def _limit(a: A.Requirement) -> bool:
    if _held(a) or _no_damage(a):
        return False
    if a.rule not in TURN_REQUIREMENTS or a.duration is not None:
        return True
    if a.rule == LURE:
        # "All creatures able to block [it] this turn do so"
        return not (a.form == "this turn" and isinstance(a.what, A.Each) and a.what.quantifier == "all"
                    and _one_object(a.other))  # fmt: skip
    if a.rule == NEXT_UNTAP:
        return _whose_untap(a) is None
    if a.rule == "blocks this turn if able" and a.other is not None:
        return not _one_object(a.other)  # "blocks [this creature] this turn if able"
    return a.other is not None


def _one_object(ref: object) -> bool:
    """A reference to one object: the attacker "blocks [this creature] this
    turn if able" names."""
    return isinstance(ref, A.SelfRef | A.ItRef | A.ThatRef | A.Target) and not (
        isinstance(ref, A.Target) and (ref.count is not None or ref.up_to or ref.any_number))  # fmt: skip


def _untap_player(ctx: Ctx, a: A.Requirement) -> PlayerId | None:
    """The player whose next untap step it is, None for each permanent's
    controller's."""
    kind = _whose_untap(a)
    if kind == "you":
        return ctx.controller
    if kind == "player":
        other = a.other.object if isinstance(a.other, A.Possessive) else a.other
        players = ctx.players(other)
        if len(players) != 1:
            raise Unsupported("'doesn't untap during [a player's] next untap step' naming other than one player")
        return players[0]
    return None


@carries_out(A.Requirement, limits=(
    ("a requirement other than 'blocks / attacks this turn if able', 'blocks [a creature] this turn if able', "
     "'must be blocked this turn if able', 'all creatures able to block [it] this turn do so', "
     "'assigns no combat damage this turn' and "
     "'doesn't untap during its controller's (your) next untap step (untap step for as long as [this] remains tapped)'",
     _limit),
))
def _requirement(ctx: Ctx, a: A.Requirement) -> bool:
    """509.1c: the creature must block this turn if able; 508.1d: it must
    attack this turn if able; 502.3: the permanent doesn't untap during its
    controller's next untap step (or the next untap step of the player
    whose ability it is, "your next untap step"), an effect that ends as
    that step does."""
    game = ctx.game
    if a.rule == LURE:
        lured = [o for o in (game.get(oid) for oid in ctx.objects(a.other)) if o is not None and o.zone == "battlefield"]
        assert isinstance(a.what, A.Each)
        for o in lured:
            game.state.lures.append((o.id, a.what.filter, ctx.controller, ctx.source))
            game.say(f"  all {render_node(a.what.filter)} able to block {display_name(o)} this turn do so (509.1c)")
        return bool(lured)
    objs = [o for o in (game.get(oid) for oid in ctx.objects(a.what)) if o is not None and o.zone == "battlefield"]
    for o in objs:
        if _no_damage(a):
            game.state.no_combat_damage.append(o.id)
            game.say(f"  {display_name(o)} assigns no combat damage this turn (510.1)")
            continue
        if _held(a):
            assert isinstance(a.duration, A.Duration)
            game.state.held_tapped.append((o.id, ctx.source, a.duration.kind, ctx.controller))
            source = game.get(ctx.source)
            what = display_name(source) if source is not None else "its source"
            kind = a.duration.kind.replace("for as long as ", "")
            kind = f"you control {what}" if kind == "you control" else f"{what} {kind}"
            game.say(f"  {display_name(o)} doesn't untap during its controller's untap step for as long as {kind} (502.3)")
            continue
        if a.rule == MUST_BE_BLOCKED:
            game.state.must_be_blocked.append(o.id)
            game.say(f"  {display_name(o)} must be blocked this turn if able (509.1c)")
            continue
        if a.rule == "blocks this turn if able" and a.other is not None:
            for aid in ctx.objects(a.other):
                attacker = game.get(aid)
                if attacker is not None and attacker.zone == "battlefield":
                    game.state.must_block_whom.append((o.id, aid))
                    game.say(f"  {display_name(o)} blocks {display_name(attacker)} this turn if able (509.1c)")
        elif a.rule == "blocks this turn if able":
            game.state.must_block.append(o.id)
            game.say(f"  {display_name(o)} blocks this turn if able (509.1c)")
        elif a.rule == "attacks this turn if able":
            game.state.must_attack.append(o.id)
            game.say(f"  {display_name(o)} attacks this turn if able (508.1d)")
        else:
            whose = _untap_player(ctx, a)
            game.state.skip_untap.append((o.id, whose))
            step = f"{whose}'s" if whose is not None else "its controller's"
            game.say(f"  {display_name(o)} doesn't untap during {step} next untap step (502.3)")
    return bool(objs)


__all__ = ["LURE", "MUST_BE_BLOCKED", "NEXT_UNTAP", "TURN_REQUIREMENTS"]
