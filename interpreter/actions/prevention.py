"""Prevention and "can't" instructions (CR 615, 101.2): "prevent all combat
damage that would be dealt this turn", "prevent the next N damage that would
be dealt to [any target] this turn", "damage can't be prevented this turn",
"[this] doesn't affect combat damage that would be dealt by [sources]".

A "can't" instruction (:class:`~cardtext.grammar.ast.Restriction`) is carried out by
the function its rule names in :data:`RESTRICTIONS`; any other rule is one
the engine can't carry out yet (a limit, reported by
:mod:`cardtext.interpreter.support`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal

from cardtext.grammar import ast as A

from ..characteristics import ATTACK_RESTRICTIONS
from ..context import Ctx
from ..errors import Unsupported
from ..objects import ObjectId, PlayerId
from ..prevention import Prevention, add_prevention, except_combat_sources
from ..this_turn import CANT_BE_TARGETED, CANT_CAST, CANT_GAIN_LIFE, PAIR_RULES, TurnRule, add_rule
from .common import acted, source_name
from .registry import carries_out

PREVENTION_KINDS: dict[str, Literal["combat", "noncombat"] | None] = {
    "all": None, "all combat": "combat", "all noncombat": "noncombat",
    "next": None, "next combat": "combat", "next noncombat": "noncombat",
}  # fmt: skip
"""The prevention instructions carried out: all [combat / noncombat] damage, the next N [combat / noncombat] damage (615.7)."""


def _this_turn(duration: object) -> bool:
    return isinstance(duration, A.Duration) and duration.kind == "this turn" and duration.object is None


def _named(ctx: Ctx, ref: object) -> tuple[ObjectId | PlayerId, ...]:
    """The objects and players an instruction names, a target "creature or
    player" included (its replaced sentence's, in an "instead" sentence)."""
    if isinstance(ref, A.ThatRef) and ctx.replaced is not None and ctx.replaced_target() is not None:
        ref = ctx.replaced_target()
    if isinstance(ref, A.BothRef) and ref.conj == "and":  # "to you and creatures you control"
        return _named(ctx, ref.first) + _named(ctx, ref.second)
    if isinstance(ref, A.Target):
        return tuple(ctx.slot_values(ref))
    if isinstance(ref, A.You | A.PlayerGroup | A.ThatPlayer | A.TheirRef | A.ControllerOf | A.OwnerOf):
        return tuple(ctx.players(ref))
    return tuple(ctx.objects(ref))


def _describe(ctx: Ctx, a: A.PreventDamage, amount: int | None, to: tuple[Any, ...] | None,
              sources: tuple[Any, ...] | None) -> str:  # fmt: skip
    from ..targets import label

    what = " ".join(("the next", str(amount), *a.kind.split()[1:], "damage")) if amount is not None else f"{a.kind} damage"
    if to is not None:
        what += " to " + (", ".join(label(ctx, v) for v in to) or "nothing")
    if sources is not None:
        what += " by " + (", ".join(label(ctx, v) for v in sources) or "nothing")
    return f"{source_name(ctx)}: prevent {what} this turn"


@carries_out(A.PreventDamage, limits=(
    ("preventing damage other than all [combat / noncombat] or the next N [combat / noncombat]",
     lambda a: a.kind not in PREVENTION_KINDS),
    ("a prevention effect lasting other than this turn", lambda a: not _this_turn(a.duration)),
    ("damage dealt to and dealt by the same object", lambda a: "to and by" in a.form),
    ("a player named as doing the preventing", lambda a: a.player is not None),
    ("the next N damage divided among objects and players (601.2d)", lambda a: a.divided),
))
def _prevent_damage(ctx: Ctx, a: A.PreventDamage) -> bool:
    """615.1a: a prevention effect of this turn; "the next N damage" is a
    shield that is used up by the damage it prevents (615.7).  The objects
    and players it is about are fixed now, as it resolves (608.2h)."""
    if a.kind not in PREVENTION_KINDS:
        raise Unsupported(f"preventing '{a.kind}' damage")
    amount = max(0, ctx.quantity(a.amount)) if a.kind.startswith("next") else None
    to = _named(ctx, a.to) if a.to is not None else None
    sources = tuple(v for v in _named(ctx, a.by) if isinstance(v, tuple)) if a.by is not None else None
    if to == () or sources == ():
        ctx.game.say(f"  {source_name(ctx)}: nothing to prevent damage {'to' if to == () else 'from'}")
        return False
    effect = Prevention(
        _describe(ctx, a, amount, to, sources), ctx.controller, ctx.source,
        ctx.item.sid if ctx.item is not None else None, PREVENTION_KINDS[a.kind], sources, to, amount,
    )  # fmt: skip
    add_prevention(ctx.game, effect)
    return True


# --------------------------------------------------------------------------
# "can't" instructions
# --------------------------------------------------------------------------


def unpreventable_problem(sentence: A.Node | None) -> str | None:
    """What the engine can't carry out of "the damage can't be prevented" in
    ``sentence``: the damage must be dealt in the same sentence (a sentence
    of its own after the damage comes too late for it), or None."""
    if not isinstance(sentence, A.Sentence):
        return None
    the = [a for a in sentence.actions if isinstance(a, A.Restriction) and isinstance(a.what, A.DamageRef)
           and a.what.the and a.rule == "can't be prevented"]  # fmt: skip
    if the and not any(isinstance(x, A.DealDamage) for x in sentence.actions):
        return "'the damage can't be prevented' with no damage before it in its sentence (615.12)"
    return None


def _cant_be_prevented(ctx: Ctx, a: A.Restriction) -> bool:
    """615.12: "Damage can't be prevented this turn" — every prevention
    effect stops applying for the rest of the turn; "the damage can't be
    prevented" after a damage instruction is that damage's (carried out by
    it, :func:`cardtext.interpreter.actions.damage_life.unpreventable_here`)."""
    if a.what.the:
        problem = unpreventable_problem(ctx.sentence)
        if problem is not None:
            raise Unsupported(problem)
        ctx.game.say("  (that damage couldn't be prevented, 615.12)")
        return True
    ctx.game.state.no_prevention = True
    ctx.game.say(f"  {source_name(ctx)}: damage can't be prevented this turn (615.12)")
    return True


def _cant_be_prevented_problem(a: A.Restriction) -> str | None:
    if not isinstance(a.what, A.DamageRef):
        return "'can't be prevented' about something other than damage"
    if not a.what.the and not _this_turn(a.duration):
        return "'damage can't be prevented' lasting other than this turn"
    return None


def _doesnt_affect(ctx: Ctx, a: A.Restriction) -> bool:
    """"[this] doesn't affect combat damage that would be dealt by red
    creatures": the prevention effects this resolution made don't apply to
    damage from those sources, judged as it would be dealt (615)."""
    made_by = ctx.item.sid if ctx.item is not None else None
    n = except_combat_sources(ctx.game, made_by, ctx.source, a.other.filter)
    if not n:
        raise Unsupported("'doesn't affect damage' with no prevention effect made before it")
    ctx.game.say(f"  {source_name(ctx)}'s prevention doesn't affect combat damage dealt by those")
    return True


def _doesnt_affect_problem(a: A.Restriction) -> str | None:
    if not isinstance(a.what, A.SelfRef) or not isinstance(a.other, A.Each):
        return "'doesn't affect damage' of something other than this spell or ability, or by other than a description"
    return None


def for_this_turn(duration: object) -> bool:
    """ "this turn" / "until end of turn": a rule that ends in the cleanup step (514.2)."""
    return isinstance(duration, A.Duration) and duration.kind in ("this turn", "until end of turn") and duration.object is None


def turn_rule_subjects(ctx: Ctx, what: object) -> list[Any]:
    """The objects on the battlefield and the players a "... this turn" rule
    is about, fixed as it resolves (611.2c)."""
    out: list[Any] = []
    for v in _named(ctx, what):
        if isinstance(v, str):
            out.append(v)
        else:
            o = ctx.game.get(v)
            if o is not None and o.zone == "battlefield":
                out.append(v)
    return out


def make_turn_rules(ctx: Ctx, what: object, rules: tuple[str, ...], by: frozenset[PlayerId] = frozenset(),
                    words: str = "") -> bool:  # fmt: skip
    """611.2a: a "can't ... this turn" instruction: a rule of this turn about each object and player it names."""
    from ..targets import label

    about = turn_rule_subjects(ctx, what)
    name = source_name(ctx)
    for v in about:
        for rule in rules:
            add_rule(ctx.game, TurnRule(rule, v, by, name))
        ctx.game.say(f"  {label(ctx, v)} {words or ' and '.join(rules)} this turn ({name})")
    objs = [o for o in (ctx.game.get(v) for v in about if isinstance(v, tuple)) if o is not None]
    if objs or not about:
        acted(ctx, objs)  # "Target creature can't be blocked this turn. If that creature is a Snake, ..." (608.2c)
    return bool(about)


_SPELLS_OR_ABILITIES = frozenset({("spell",), ("ability",), ("spell", "ability")})


def _whose_spells(other: object) -> A.PlayerRef | None | bool:
    """ "spells or abilities [your opponents] control": the players named
    (None: any player's); False for any other description."""
    filt = other.filter if isinstance(other, A.Each) else None
    if filt is None or filt.adjectives or (tuple(filt.nouns) not in _SPELLS_OR_ABILITIES and not (filt.spell and not filt.nouns)):
        return False
    if filt.qualities:
        return False
    ctl = filt.controller
    if ctl is None:
        return None
    return ctl.player if isinstance(ctl, A.ControlledBy) and not ctl.negated else False


def _cant_be_targeted(ctx: Ctx, a: A.Restriction) -> bool:
    """115.4, 611.2a: "[it] can't be the target of spells or abilities your
    opponents control this turn"."""
    whose = _whose_spells(a.other)
    players = ctx.players(whose) if isinstance(whose, A.Node) else list(ctx.game.state.players)
    words = f"can't be the target of spells or abilities {', '.join(players)} control{'s' if len(players) == 1 else ''}"
    return make_turn_rules(ctx, a.what, (CANT_BE_TARGETED,), frozenset(players), words)


def _cant_be_targeted_problem(a: A.Restriction) -> str | None:
    if not for_this_turn(a.duration):
        return "'can't be the target of' lasting other than this turn"
    if _whose_spells(a.other) is False:
        return "'can't be the target of' something other than spells or abilities [a player] controls"
    return None


def _cant_cast(ctx: Ctx, a: A.Restriction) -> bool:
    """101.2, 611.2a: "[player] can't cast spells this turn"."""
    return make_turn_rules(ctx, a.what, (CANT_CAST,))


def _cant_cast_problem(a: A.Restriction) -> str | None:
    filt = a.other.filter if isinstance(a.other, A.Each) else None
    if (filt is None or filt.adjectives or filt.qualities or filt.controller is not None
            or tuple(filt.nouns) not in ((), ("spell",)) or not filt.spell):  # fmt: skip
        return "'can't cast' spells of a kind"
    if not for_this_turn(a.duration):
        return "'can't cast spells' lasting other than this turn"
    return None


def _combat_rule(ctx: Ctx, a: A.Restriction) -> bool:
    """508.1c, 509.1b, 611.2a: "[it] can't attack [or block] this turn"."""
    return make_turn_rules(ctx, a.what, ATTACK_RESTRICTIONS[a.rule], words=a.rule)


def _combat_rule_problem(a: A.Restriction) -> str | None:
    return None if for_this_turn(a.duration) else f"'{a.rule}' as an instruction lasting other than this turn"


_PAIR_REFS = (A.SelfRef, A.ItRef, A.ThatRef, A.Target, A.AttachedRef)
"""The other creature of a blocking rule named as a reference, fixed as it resolves."""


def _pair_rule(ctx: Ctx, a: A.Restriction) -> bool:
    """509.1b, 611.2a: "Target creature can't block [this creature] this
    turn", "Target creature you control can't be blocked by creatures with
    power 2 or less this turn": a rule of this turn between the creatures
    named (fixed as it resolves, 611.2c) and the other creature — named
    then, or a description judged as blockers are declared."""
    from cardtext.grammar.render import render_node

    from ..this_turn import PairOther

    words = render_node(a.other)
    if isinstance(a.other, _PAIR_REFS):
        other = PairOther(ids=frozenset(ctx.self_objects(a.other) if isinstance(a.other, A.SelfRef) else ctx.objects(a.other)),
                          words=words)  # fmt: skip
    else:
        filt = a.other.filter if isinstance(a.other, A.Each | A.AnObject) else a.other
        other = PairOther(what=filt, you=ctx.controller, source=ctx.source, words=words)
    from ..targets import label

    about = turn_rule_subjects(ctx, a.what)
    name = source_name(ctx)
    for v in about:
        add_rule(ctx.game, TurnRule(a.rule, v, frozenset(), name, other=other))
        ctx.game.say(f"  {label(ctx, v)} {a.rule} {words} this turn ({name})")
    objs = [o for o in (ctx.game.get(v) for v in about if isinstance(v, tuple)) if o is not None]
    acted(ctx, objs)
    return bool(about)


def _pair_rule_problem(a: A.Restriction) -> str | None:
    if not for_this_turn(a.duration):
        return f"'{a.rule}' as an instruction lasting other than this turn"
    if isinstance(a.other, _PAIR_REFS):
        return None
    filt = a.other.filter if isinstance(a.other, A.Each | A.AnObject) else a.other
    if not isinstance(filt, A.ObjectFilter):
        return f"'{a.rule}' [creatures] described as {type(a.other).__name__}"
    return None


def _restriction_entry(a: A.Restriction) -> tuple[Callable[[Ctx, A.Restriction], bool], Callable[[A.Restriction], str | None]] | None:
    """The function that carries out a "can't" instruction and its test, by
    its rule (a blocking rule between two creatures when it names the other,
    509.1b)."""
    if a.rule in PAIR_RULES and a.other is not None:
        return _pair_rule, _pair_rule_problem
    return RESTRICTIONS.get(a.rule)


def _cant_gain_life(ctx: Ctx, a: A.Restriction) -> bool:
    """119.7, 611.2a: "Players can't gain life this turn": a rule of this
    turn about each player named (:meth:`cardtext.interpreter.state.Game.change_life`)."""
    return make_turn_rules(ctx, a.what, (CANT_GAIN_LIFE,))


def _cant_gain_life_problem(a: A.Restriction) -> str | None:
    return None if for_this_turn(a.duration) else "'can't gain life' lasting other than this turn"


RESTRICTIONS: dict[str, tuple[Callable[[Ctx, A.Restriction], bool], Callable[[A.Restriction], str | None]]] = {
    "can't gain life": (_cant_gain_life, _cant_gain_life_problem),
    "can't be prevented": (_cant_be_prevented, _cant_be_prevented_problem),
    "doesn't affect combat damage that would be dealt by": (_doesnt_affect, _doesnt_affect_problem),
    "can't be the target of": (_cant_be_targeted, _cant_be_targeted_problem),
    "can't cast": (_cant_cast, _cant_cast_problem),
    **{rule: (_combat_rule, _combat_rule_problem) for rule in ATTACK_RESTRICTIONS},
}
"""Each "can't" rule carried out as an instruction: the function that does
it, and the test of the parts of it the engine can't carry out yet."""


def _restriction_problem(a: A.Restriction) -> str | None:
    entry = _restriction_entry(a)
    if entry is None:
        return f"'{a.rule}'"
    return entry[1](a)


@carries_out(A.Restriction, limits=(
    ("a 'can't' instruction of this kind", lambda a: _restriction_problem(a) is not None),
))
def _restriction(ctx: Ctx, a: A.Restriction) -> bool:
    problem = _restriction_problem(a)
    if problem is not None:
        raise Unsupported(f"the 'can't' instruction {problem}")
    entry = _restriction_entry(a)
    assert entry is not None
    return entry[0](ctx, a)


__all__ = ["PREVENTION_KINDS", "RESTRICTIONS", "for_this_turn", "make_turn_rules"]
