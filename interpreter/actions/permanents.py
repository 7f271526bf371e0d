"""Instructions that change permanents on the battlefield: "gets +N/+N"
(611.2a, 613.4c), tap / untap (701.26), "becomes" (205.1b), and the
instructions written as static abilities' words ("can't block", "can't be
regenerated")."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from cardtext.grammar import ast as A

from ..characteristics import color_letters, display_name, given_keyword_name, power_toughness
from ..context import Ctx, names_player
from ..errors import Unsupported
from ..objects import GameObject
from ..protection import choose_qualities
from ..state import EotEffect
from ..this_turn import CANT_BE_REGENERATED
from ..zones import exert, tap, untap
from .common import acted, current, source_name
from .library import keyword_action
from .prevention import for_this_turn, make_turn_rules
from .registry import carries_out


def _change(ctx: Ctx, value: int | A.SignedX | None) -> int:
    """One side of "+2/-1" or "+X/+X": X is the spell's or ability's X (601.2b)."""
    if isinstance(value, A.SignedX):
        return value.sign * ctx.quantity(A.VarX())
    return value or 0


def until_end_of_turn(a: A.Node) -> bool:
    """Does the instruction last until end of turn (514.2)?"""
    duration = getattr(a, "duration", None)
    return bool(getattr(a, "until_eot", False)) or (
        isinstance(duration, A.Duration) and duration.kind == "until end of turn" and duration.object is None
    )


def lasting(a: A.Node) -> bool:
    """Is the instruction's effect written without a duration, so that it
    lasts indefinitely (611.2: "It gains indestructible", "That token gains
    haste")?"""
    return not until_end_of_turn(a) and getattr(a, "duration", None) is None


def while_tapped(a: A.Node) -> bool:
    """Does the instruction last "for as long as [this] remains tapped" (611.2b)?"""
    duration = getattr(a, "duration", None)
    return isinstance(duration, A.Duration) and duration.kind == "for as long as remains tapped" and isinstance(
        duration.object, A.SelfRef)  # fmt: skip


def until_end_of_combat(a: A.Node) -> bool:
    """Does the instruction last until end of combat (511.3)?"""
    duration = getattr(a, "duration", None)
    return isinstance(duration, A.Duration) and duration.kind == "until end of combat" and duration.object is None


@carries_out(A.Pump, limits=(
    ("a P/T change or ability grant for a duration other than 'until end of turn' inside a resolving effect",
     lambda a: not until_end_of_turn(a) and not lasting(a) and not until_end_of_combat(a) and not while_tapped(a)),
    ("a P/T change with another effect", lambda a: a.extra is not None),
    ("abilities in quotation marks granted for as long as [this] remains tapped", lambda a: a.quoted and while_tapped(a)),
    ("a player gaining an ability ('You and permanents you control gain hexproof', 702.11d)",
     lambda a: names_player(a.what)),
    ("a choice of keywords", lambda a: a.keyword_conj == "or" and len(a.keywords) > 1),
    ("a choice of keywords ('your choice of flying or haste')",
     lambda a: a.your_choice or any(isinstance(k, A.KeywordChoice) for k in a.keywords)),
))
def _pump(ctx: Ctx, a: A.Pump) -> bool:
    """611.2a, 613.4c: "[what] gets +N/+N [and gains flying] until end of
    turn"; without a duration, for as long as the object stays on the
    battlefield (611.2, 400.7: "It gains indestructible")."""
    if a.quoted:
        return _grant_quoted(ctx, a)
    times = ctx.quantity(a.per) if a.per is not None else 1
    power, toughness = _change(ctx, a.power), _change(ctx, a.toughness)
    objs = [o for o in current(ctx, ctx.objects(a.what)) if o.zone == "battlefield"]
    tapped_source = ctx.source if while_tapped(a) else None
    if tapped_source is not None and not ((src := ctx.source_obj()) is not None and src.zone == "battlefield" and src.tapped):
        # 611.2b: "for as long as [this] remains tapped" with it untapped already: the effect does nothing
        ctx.game.say(f"  {source_name(ctx)} isn't tapped: the effect doesn't begin (611.2b)")
        acted(ctx, objs)
        return False
    linked = ctx.game.linked(ctx.source)
    chosen = linked.chosen_by(ctx.ability) or linked.chosen_by(None)  # "Choose a color. ... the chosen color" (607.2d)
    keywords = choose_qualities(ctx.game, ctx.controller, a.keywords, source_name(ctx), chosen) if objs else a.keywords
    for o in objs:
        eff = EotEffect(o.id, power * times, toughness * times,
                        tuple(given_keyword_name(k) for k in keywords), ctx.game.tick(), lasting(a) or tapped_source is not None,
                        combat=until_end_of_combat(a), while_tapped=tapped_source)  # fmt: skip
        ctx.game.state.eot.append(eff)
        ctx.game.say(f"  {display_name(o)} gets {eff.power:+d}/{eff.toughness:+d}"
                     + (f" and {', '.join(eff.keywords)}" if eff.keywords else "")
                     + (f" for as long as {source_name(ctx)} remains tapped" if eff.while_tapped is not None
                        else " (no duration: for as long as it is on the battlefield, 611.2)" if eff.lasting
                        else " until end of combat" if eff.combat else " until end of turn"))
    acted(ctx, objs)  # "Creatures you control get +1/+1 ... . Untap those creatures."
    return bool(objs)


def _lost_problem(a: A.LoseAbilities) -> str | None:
    """Why the engine can't take the keywords away (None if it can): only
    keywords it reads by name (flying, defender, ...) are lost by their name;
    one that stands for abilities (ward, bushido) would keep them."""
    for kw in a.keywords:
        if isinstance(kw, A.KeywordChoice):
            return "a choice of keywords lost ('loses first strike or swampwalk')"
        try:
            given_keyword_name(kw)  # a keyword kept by its name only (613.1f)
        except Unsupported as exc:
            return str(exc)
    return None


@carries_out(A.LoseAbilities, limits=(
    ("losing all abilities (613.1f)", lambda a: not a.keywords),
    ("losing all other abilities", lambda a: a.other),
    ("losing abilities for a duration other than 'until end of turn'", lambda a: not until_end_of_turn(a) and not lasting(a)),
    ("a choice of keywords lost ('loses first strike or swampwalk')",
     lambda a: any(isinstance(k, A.KeywordChoice) for k in a.keywords)),
    ("losing a keyword that stands for abilities", lambda a: _lost_problem(a) is not None),
))
def _lose(ctx: Ctx, a: A.LoseAbilities) -> bool:
    """613.1f (layer 6): "[it] loses flying [until end of turn]" — the object
    doesn't have the keyword while the effect lasts, from its timestamp on
    (613.7: an ability given to it later is had again); without a duration,
    for as long as it stays on the battlefield (611.2, 400.7)."""
    from ..characteristics import keyword_name

    problem = _lost_problem(a)
    if problem is not None or not a.keywords or a.other:
        raise Unsupported(problem or "losing all abilities (613.1f)")
    names = tuple(keyword_name(k) for k in a.keywords)
    objs = [o for o in current(ctx, ctx.objects(a.what)) if o.zone == "battlefield"]
    for o in objs:
        ctx.game.state.eot.append(EotEffect(o.id, 0, 0, (), ctx.game.tick(), lasting(a), loses=names))
        ctx.game.say(f"  {display_name(o)} loses {', '.join(names)}" + ("" if lasting(a) else " until end of turn"))
    acted(ctx, objs)
    return bool(objs)


def _stat_value(ctx: Ctx, text: str) -> int:
    """One side of "1/1" or "X/X" in an effect that sets power and toughness:
    X is the spell's or ability's X (601.2b, 107.3)."""
    if text == "X":
        return ctx.quantity(A.VarX())
    if not text.isdigit():
        raise Unsupported(f"a power or toughness of '{text}' set by an instruction")
    return int(text)


def set_base_pt(ctx: Ctx, objs: list[Any], power: int, toughness: int, a: A.Node) -> None:
    """613.4b: each of ``objs`` has base power and toughness ``power``/``toughness``
    (layer 7b: before "+N/+N" changes and counters, 613.4c-d), until end of
    turn, or without a duration for as long as it stays on the battlefield
    (611.2, 400.7); its values were fixed as the effect began (608.2h)."""
    for o in objs:
        eff = EotEffect(o.id, power, toughness, (), ctx.game.tick(), lasting(a), sets=True)
        ctx.game.state.eot.append(eff)
        ctx.game.say(f"  {display_name(o)} has base power and toughness {power}/{toughness}"
                     + (" (no duration: for as long as it is on the battlefield, 611.2)" if eff.lasting else " until end of turn"))


def _set_pt_values(ctx: Ctx, a: A.SetPT) -> tuple[int, int]:
    if a.amounts is not None:
        return ctx.quantity(a.amounts[0]), ctx.quantity(a.amounts[1])
    return _stat_value(ctx, a.power), _stat_value(ctx, a.toughness)


@carries_out(A.SetPT, limits=(
    ("a power/toughness-setting effect for a duration other than 'until end of turn'",
     lambda a: not until_end_of_turn(a) and not lasting(a)),
    ("a power or toughness of '*' set by an instruction", lambda a: a.amounts is None and "*" in a.power + a.toughness),
))
def _set_pt(ctx: Ctx, a: A.SetPT) -> bool:
    """613.4b: "[what] has base power and toughness 1/1 until end of turn",
    "[it] is 4/4 and has flying" as an instruction (layer 7b)."""
    power, toughness = _set_pt_values(ctx, a)
    objs = [o for o in current(ctx, ctx.objects(a.what)) if o.zone == "battlefield"]
    set_base_pt(ctx, objs, power, toughness, a)
    names = tuple(given_keyword_name(k) for k in a.keywords)
    if names:
        for o in objs:
            ctx.game.state.eot.append(EotEffect(o.id, 0, 0, names, ctx.game.tick(), lasting(a)))
            ctx.game.say(f"  {display_name(o)} has {', '.join(names)}")
    acted(ctx, objs)
    return bool(objs)


@carries_out(A.TapObjects)
@carries_out(A.UntapObjects, limits=(("untapping all permanents you control", lambda a: a.all_yours),))
def _tap(ctx: Ctx, a: A.TapObjects | A.UntapObjects) -> bool:
    """701.26: tap or untap the permanents named."""
    tapped = isinstance(a, A.TapObjects)
    objs = [o for o in current(ctx, ctx.objects(a.what)) if o.zone == "battlefield"]
    for o in objs:
        if tapped:
            tap(ctx.game, o)
            ctx.game.say(f"  taps {display_name(o)}")
        elif o.tapped and o.counters.get("stun", 0):
            untap(ctx.game, o)  # 122.1d: a stun counter is removed instead
        else:
            untap(ctx.game, o)
            ctx.game.say(f"  untaps {display_name(o)}")
    acted(ctx, objs)
    return bool(objs)


@carries_out(A.TapOrUntap, limits=(("tapping or untapping all objects of a kind", lambda a: isinstance(a.what, A.Each)),))
def _tap_or_untap(ctx: Ctx, a: A.TapOrUntap) -> bool:
    """701.26: "tap or untap target permanent" — the player carrying out the
    instruction chooses, for each permanent, whether it is tapped or untapped."""
    from ..choices import Decision, ask
    from .common import source_name

    objs = [o for o in current(ctx, ctx.objects(a.what)) if o.zone == "battlefield"]
    for o in objs:
        words = ["tap", "untap"]
        how = ask(ctx.game, Decision("word", ctx.controller, f"{source_name(ctx)}: tap or untap {display_name(o)}",
                                     words, words))  # fmt: skip
        if how == "tap":
            if tap(ctx.game, o):
                ctx.game.say(f"  taps {display_name(o)}")
        elif untap(ctx.game, o):
            ctx.game.say(f"  untaps {display_name(o)}")
    acted(ctx, objs)
    return bool(objs)


def _pt_problem(a: A.Becomes | A.IsType) -> str | None:
    """Why the engine can't set the P/T "becomes a 3/3 ... creature" or "is a
    Golem with base power and toughness 5/4" names (None if it can)."""
    if not a.pt:
        return None
    power, _, toughness = a.pt.partition("/")
    if not all(side == "X" or side.isdigit() for side in (power, toughness)):
        return f"a power or toughness of '{a.pt}' set by an instruction"
    return None


def _pt_values(ctx: Ctx, pt: str) -> tuple[int, int]:
    power, _, toughness = pt.partition("/")
    return _stat_value(ctx, power), _stat_value(ctx, toughness)


def _color_problem(a: A.Becomes) -> str | None:
    words = a.words if isinstance(a.words, tuple) else ()
    for w in words:
        if isinstance(w, A.ColorAdj) and (w.negated or w.color.lower() in ("multicolored", "monocolored")):
            return f"becoming '{w.color}'"
    return None


def _about_spells(what: object) -> bool:
    """Does the description take in spells ("target spell or permanent")?"""
    filt = what.spec if isinstance(what, A.Target) else getattr(what, "filter", None)
    return isinstance(filt, A.ObjectFilter) and (filt.spell or "spell" in filt.nouns)


CHOSEN_CHANGES = {"the color of your choice": "color", "the creature type of your choice": "creature type"}
"""Changes whose color or creature type is chosen as the instruction is carried out (608.2d)."""


def _chosen_change(ctx: Ctx, a: A.Becomes) -> A.Becomes:
    """The change "becomes the color (creature type) of your choice" is, once
    the controller has chosen: a new color replaces its colors (105.3), a new
    creature type its creature types (205.1a)."""
    from ..choices import Decision, ask
    from ..replacement import choice_options
    from .common import source_name

    kind = CHOSEN_CHANGES[a.special]
    options = choice_options(ctx.game, kind)
    value = str(ask(ctx.game, Decision("word", ctx.controller, f"{source_name(ctx)}: choose a {kind}", options, options)))
    ctx.game.say(f"  {ctx.controller} chooses {value}")
    if kind == "color":
        return replace(a, special="", color=value.lower())
    return replace(a, special="", types=(value,))


@carries_out(A.Becomes, limits=(
    ("a change of power and toughness of '*'", lambda a: _pt_problem(a) is not None),
    ("a change of color other than to colors named", lambda a: a.color and color_letters(a.color) is None
     or _color_problem(a) is not None),
    ("a change of a spell's characteristics", lambda a: _about_spells(a.what)),
    ("a change of that kind", lambda a: a.special and a.special not in CHOSEN_CHANGES and a.special != "saddled"),
    ("becoming saddled with other changes, or for other than until end of turn (702.171b)", lambda a: a.special == "saddled"
     and (a.types or a.keywords or a.pt or a.color or a.quoted is not None or a.of is not None
          or a.duration is None or a.duration.kind != "until end of turn")),
    ("becoming a copy", lambda a: a.of is not None),
    ("becoming every creature type (205.3m)", lambda a: a.all_types),
    ("a type change lasting other than until end of turn", lambda a: a.duration is not None and not for_this_turn(a.duration)),
    ("becoming an object with abilities in quotation marks", lambda a: a.quoted is not None),
    ("a change of color and types", lambda a: "colors" in a.kept),
))
def _becomes(ctx: Ctx, a: A.Becomes) -> bool:
    """A type-changing effect on permanents (205.1a, 205.1b, 611.2a): it lasts
    while each stays the same object on the battlefield, or until end of turn
    (514.2: ended in the cleanup step).  "Becomes a 3/3 ... creature" also
    sets its base power and toughness (613.4b, layer 7b; X fixed as it
    resolves, 608.2h), and the colors it names replace its colors (105.3);
    "becomes the color (creature type) of your choice": the controller
    chooses one as it resolves (608.2d), which is then the change."""
    objs = [o for o in current(ctx, ctx.objects(a.what)) if o.zone == "battlefield"]
    if a.special == "saddled":
        return _become_saddled(ctx, objs)
    if a.special in CHOSEN_CHANGES and objs:
        a = _chosen_change(ctx, a)
    names = [given_keyword_name(k) for k in a.keywords]
    eot = a.duration is not None
    stats = _pt_values(ctx, a.pt) if a.pt else None
    for o in objs:
        o.became = (*o.became, a)
        if eot:
            ctx.game.state.became_eot.append((o.id, a))
        ctx.game.say(f"  {display_name(o)} becomes {' '.join(w for w in (a.pt, a.color, *a.types) if w)}"
                     + (f" with {', '.join(names)}" if names else "")
                     + (" until end of turn" if eot else ""))  # fmt: skip
    if stats is not None:
        set_base_pt(ctx, objs, stats[0], stats[1], a)
    if a.pt_equal is not None:
        _set_pt_each_equal(ctx, objs, a)
    return bool(objs)


def _become_saddled(ctx: Ctx, objs: list[GameObject]) -> bool:
    """702.171b: "[this] becomes saddled until end of turn" — the saddled
    designation, which the permanent keeps until the turn ends or it leaves
    the battlefield (a saddled permanent may become saddled again)."""
    from ..state import BecameSaddled

    state = ctx.game.state
    for o in objs:
        if o.id not in state.saddled:
            state.saddled.append(o.id)
        ctx.game.events.append(BecameSaddled(o.id))
        ctx.game.say(f"  {display_name(o)} becomes saddled until end of turn (702.171b)")
    return bool(objs)


def _set_pt_each_equal(ctx: Ctx, objs: list[Any], a: A.Becomes) -> None:
    """"... with power and toughness each equal to its mana value": the
    amount of each object ("its" is that object), fixed as the effect
    begins (608.2h), is its base power and toughness (613.4b)."""
    saved_it = ctx.it
    try:
        for o in objs:
            ctx.it = [o.id]
            n = ctx.quantity(a.pt_equal)
            set_base_pt(ctx, [o], n, n, a)
    finally:
        ctx.it = saved_it


def _type_words(a: A.IsType) -> tuple[str, ...] | None:
    """The types "[it] is a Nightmare in addition to its other types" adds, or None."""
    words = a.words if isinstance(a.words, tuple) else ()
    if not words or not all(isinstance(w, A.Noun) for w in words):
        return None
    return tuple(w.word for w in words)


@carries_out(A.IsType, limits=(
    ("a type change other than 'is a [type] in addition to its other types'",
     lambda a: a.special != "in addition" or _type_words(a) is None),
    ("a change of color and types", lambda a: "colors" in a.kept),
    ("a type change with a duration", lambda a: a.duration is not None),
    ("a power or toughness of '*' set by an instruction", lambda a: _pt_problem(a) is not None),
    ("'is a [type] with power and toughness each equal to [N]'", lambda a: a.pt_equal is not None),
))  # fmt: skip
def _is_type(ctx: Ctx, a: A.IsType) -> bool:
    """"That creature is a Nightmare in addition to its other types": a
    type-changing effect of a resolved ability with no duration, which lasts
    while it stays the same object on the battlefield (205.1b, 611.2a, 613.1d);
    "... is a Golem creature with base power and toughness 5/4 in addition to
    its other types" also sets its base P/T (613.4b, layer 7b)."""
    types = _type_words(a) or ()
    stats = _pt_values(ctx, a.pt) if a.pt else None
    objs = [o for o in current(ctx, ctx.objects(a.what)) if o.zone == "battlefield"]
    for o in objs:
        o.became = (*o.became, A.Becomes(a.what, types, additional=True))
        ctx.game.say(f"  {display_name(o)} is a {' '.join(types)} in addition to its other types")
    if stats is not None:
        set_base_pt(ctx, objs, stats[0], stats[1], a)
    return bool(objs)


def _control_duration_problem(a: A.GainControl) -> str | None:
    if a.verb != "gain control of":
        return f"'{a.verb}' as an instruction"
    if a.duration is not None and not for_this_turn(a.duration):
        return "gaining control for a duration other than until end of turn"
    return None


@carries_out(A.GainControl, limits=(
    ("gaining control for a duration other than until end of turn, or as a static ability",
     lambda a: _control_duration_problem(a) is not None),
))
def _gain_control(ctx: Ctx, a: A.GainControl) -> bool:
    """613.1b: "[you] gain control of [permanents] [until end of turn]" (:mod:`cardtext.interpreter.control`)."""
    from ..control import gain_control

    problem = _control_duration_problem(a)
    if problem is not None:
        raise Unsupported(problem)
    players = ctx.players(a.player) if a.player is not None else [ctx.controller]
    if len(players) != 1:
        raise Unsupported("gaining control by several players")
    objs = [o for o in current(ctx, ctx.objects(a.what)) if o.zone == "battlefield"]
    for o in objs:
        gain_control(ctx.game, o, players[0], until_eot=a.duration is not None)
    acted(ctx, objs)
    return bool(objs)


@carries_out(A.CantBlock, limits=(
    ("'can't block' as an instruction lasting other than this turn", lambda a: not for_this_turn(a.duration)),
))
def _cant_block(ctx: Ctx, a: A.CantBlock) -> bool:
    """509.1b, 611.2a: "[it] can't block this turn" / "can't be blocked this
    turn": a rule of this turn (:mod:`cardtext.interpreter.this_turn`); as a static
    ability it is read by :func:`cardtext.interpreter.characteristics.restrictions`."""
    if not for_this_turn(a.duration):
        raise Unsupported("'can't block' as an instruction lasting other than this turn")
    rule = "can't be blocked" if a.blocked else "can't block"
    return make_turn_rules(ctx, a.what, (rule,))


@carries_out(A.CantBeRegenerated, limits=(
    ("'can't be regenerated' lasting other than this turn",
     lambda a: a.duration is not None and not for_this_turn(a.duration)),
))
def _no_regeneration(ctx: Ctx, a: Any) -> bool:
    """701.19c: "It can't be regenerated" is read by the destroy instruction of
    the same effect (:func:`cardtext.interpreter.actions.zones._destroy`); as an
    instruction of its own it does nothing more.  "[It] can't be regenerated
    this turn" is a rule of this turn (:mod:`cardtext.interpreter.this_turn`)."""
    if a.duration is not None:
        return make_turn_rules(ctx, a.what, (CANT_BE_REGENERATED,))
    ctx.game.say("  (it can't be regenerated: the destruction above allowed no regeneration, 701.19c)")
    return True


# --------------------------------------------------------------------------
# Abilities gained until end of turn (611.2a, 113.10)
# --------------------------------------------------------------------------


def _grant_quoted(ctx: Ctx, a: A.Pump) -> bool:
    """'[creatures] gain "[ability]" until end of turn': each object on the
    battlefield now gains the abilities (611.2c: objects that arrive later
    don't), until the cleanup step; any P/T change or keyword of the same
    instruction is carried out as well."""
    abilities = _quoted_abilities(a.quoted)
    objs = [o for o in (ctx.game.get(oid) for oid in ctx.objects(a.what)) if o is not None and o.zone == "battlefield"]
    for o in objs:
        o.granted = (*o.granted, *abilities)
        if not lasting(a):
            ctx.game.state.granted_eot.append((o.id, abilities))
        ctx.game.say(f"  {display_name(o)} gains {len(abilities)} quoted abilit{'y' if len(abilities) == 1 else 'ies'}"
                     + (" (no duration: for as long as it is on the battlefield, 611.2)" if lasting(a) else " until end of turn"))
    if a.power is not None or a.toughness is not None or a.keywords:
        _pump(ctx, replace(a, quoted=()))
    acted(ctx, objs)
    return bool(objs)


def _quoted_abilities(quoted: object) -> tuple[A.Ability, ...]:
    if isinstance(quoted, A.Quoted):
        return tuple(quoted.abilities)
    if isinstance(quoted, tuple):
        return tuple(ab for q in quoted for ab in _quoted_abilities(q))
    return (quoted,) if isinstance(quoted, A.Node) else ()


# --------------------------------------------------------------------------
# Double (701.10)
# --------------------------------------------------------------------------


@keyword_action("double power and toughness", "double power", "double toughness")
def _double(ctx: Ctx, a: A.KeywordAction) -> bool:
    """701.10d-e: to double a creature's power (or toughness, or both), it
    gets +X/+0 (+0/+Y, +X/+Y), X and Y its power and toughness now (a
    negative value doubles too); until end of turn (514.2)."""
    stat = a.verb.removeprefix("double ")
    if not until_end_of_turn(a):
        raise Unsupported(f"doubling {stat} without 'until end of turn'")
    objs = [o for o in (ctx.game.get(oid) for oid in ctx.objects(a.what)) if o is not None and o.zone == "battlefield"]
    for o in objs:
        p, t = power_toughness(ctx.game, o)
        dp = (p or 0) if stat != "toughness" else 0
        dt = (t or 0) if stat != "power" else 0
        eff = EotEffect(o.id, dp, dt, (), ctx.game.tick())
        ctx.game.state.eot.append(eff)
        ctx.game.say(f"  {display_name(o)}'s {stat} doubled: it gets {eff.power:+d}/{eff.toughness:+d} until end of turn (701.10d)")
    return bool(objs)




# --------------------------------------------------------------------------
# Exert (701.43)
# --------------------------------------------------------------------------


@keyword_action("exert")
def _exert(ctx: Ctx, a: A.KeywordAction) -> bool:
    """701.43a: "exert [permanents]"."""
    if a.extra or a.duration is not None or a.amount is not None:
        raise Unsupported("exerting with more than the permanents to exert")
    objs = [o for o in (ctx.game.get(oid) for oid in ctx.objects(a.what)) if o is not None and o.zone == "battlefield"]
    for o in objs:
        exert(ctx.game, o)
    acted(ctx, objs)
    return bool(objs)


@keyword_action("unlock a locked door of")
def _unlock_door(ctx: Ctx, a: A.KeywordAction) -> bool:
    """709.5f: "unlock a locked door of [a Room]" (its controller's choice of
    door when both are locked)."""
    from ..rooms import unlock_by_instruction

    rooms = [o for o in current(ctx, ctx.objects(a.what)) if o.zone == "battlefield" and o.doors is not None]
    return unlock_by_instruction(ctx.game, ctx.controller, rooms)


@keyword_action("lock or unlock a door of")
def _lock_or_unlock_door(ctx: Ctx, a: A.KeywordAction) -> bool:
    """ "lock or unlock a door of [a Room]": a door of its choice (709.5f, 709.5g)."""
    from ..rooms import lock_or_unlock

    rooms = [o for o in current(ctx, ctx.objects(a.what)) if o.zone == "battlefield" and o.doors is not None]
    return lock_or_unlock(ctx.game, ctx.controller, rooms)


@carries_out(A.SwitchPT, limits=(
    ("switching power and toughness for other than 'until end of turn'",
     lambda a: not (isinstance(a.duration, A.Duration) and a.duration.kind in ("until end of turn", "this turn")
                    and a.duration.object is None)),
))
def _switch_pt(ctx: Ctx, a: A.SwitchPT) -> bool:
    """613.4d (layer 7d): "Switch target creature's power and toughness
    until end of turn" — applied after every other change to them."""
    objs = [o for o in current(ctx, ctx.objects(a.whose)) if o.zone == "battlefield"]
    for o in objs:
        ctx.game.state.eot.append(EotEffect(o.id, 0, 0, (), ctx.game.tick(), switch=True))
        ctx.game.say(f"  {display_name(o)}'s power and toughness are switched until end of turn")
    acted(ctx, objs)
    return bool(objs)
