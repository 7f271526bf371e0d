"""Targets (CR 115, 601.2c, 603.3d, 608.2b).

The targets of a spell or ability are the ``target`` phrases of its effect,
in order: each is a *slot*.  A slot inside "If it was kicked, ..." is chosen
only if the spell is kicked, and a slot of a sentence that a kicked
"instead" replaces only if it isn't (rule K7); a spell can't be kicked if
such a slot has no legal choice.  A slot of a mode of a modal spell or
ability is chosen only if that mode is chosen (700.2c).  On resolution each target is checked again;
if every target is illegal the spell or ability does nothing (608.2b).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

from cardtext.grammar import ast as A

from .cache import per_node
from .characteristics import chars, display_name, keywords
from .choices import Decision, ask
from .errors import IllegalAction, Unsupported
from .filters import describe_filter, matches
from .objects import GameObject
from .this_turn import cant_target

if TYPE_CHECKING:
    from .context import Ctx


@dataclass(frozen=True, slots=True)
class Slot:
    node: A.Target
    when: Literal["always", "kicked", "unkicked"] = "always"
    condition: A.KickedCondition | None = None
    where_x: A.Quantity | None = None
    mode: int | None = None  # the mode it belongs to (from 0), for a modal effect


def targets_in(node: A.Node) -> list[A.Target]:
    """The target phrases of a sentence, each once: a subject shared by two
    instructions ("Target player draws a card and loses 1 life") is one
    target (115.1, 601.2c)."""
    out: list[A.Target] = []
    seen: set[int] = set()
    for n in _outside_quotes(node):
        if isinstance(n, A.Target) and id(n) not in seen and id(n) not in _shared_subjects(node):
            seen.add(id(n))
            out.append(n)
    return out


def _land_you_control(a: A.KeywordAction) -> A.Target:
    return A.Target(A.ObjectFilter((A.Noun("land", False),), (A.ControlledBy(A.You()),)))


def _other_creatures(a: A.KeywordAction) -> A.Target:
    return A.Target(A.ObjectFilter((A.StatusAdj("other"), A.Noun("creature", True)), ()), count=a.amount, up_to=True)


IMPLIED_TARGETS: dict[str, Callable[[A.KeywordAction], A.Target]] = {
    "earthbend": _land_you_control,  # 701.66a: "target land you control becomes ..."
    "support": _other_creatures,  # 701.41a: "... on each of up to N other target creatures"
}
"""Keyword actions whose definition has a target the card doesn't write:
the target each one's definition names, by verb."""

_IMPLIED: dict[int, tuple[A.KeywordAction, A.Target]] = {}


def implied_target(action: A.KeywordAction) -> A.Target | None:
    """The target a keyword action's definition has (:data:`IMPLIED_TARGETS`),
    one node for each action, so that it is chosen (601.2c) and read
    (608.2b) as any target written on the card is."""
    make = IMPLIED_TARGETS.get(action.verb)
    if make is None:
        return None
    hit = _IMPLIED.get(id(action))
    if hit is None or hit[0] is not action:
        hit = _IMPLIED[id(action)] = (action, make(action))
    return hit[1]


def _outside_quotes(node: A.Node) -> list[A.Node]:
    """The nodes below ``node``, depth first in written order, without the
    abilities in quotation marks it grants: their targets are chosen when
    those abilities are put on the stack or activated (113.1c, 601.2c,
    603.3d), not with this spell's or ability's."""
    out: list[A.Node] = []
    stack = [node]
    while stack:
        n = stack.pop()
        out.append(n)
        if isinstance(n, A.KeywordAction) and (implied := implied_target(n)) is not None:
            out.append(implied)
        if not isinstance(n, A.Quoted):
            stack.extend(reversed(n.children()))
    return out


def _subject(action: A.Node) -> object:
    node = action.action if isinstance(action, A.MayDo) else action
    return getattr(node, node.SUBJECT, None) if node.SUBJECT else None


@per_node
def _shared_subjects(node: A.Node) -> dict[int, A.Target]:
    """Targets written once as the subject of several instructions, but held
    by each as a node of its own: id of the later one → the first."""
    out: dict[int, A.Target] = {}
    for sentence in node.walk():
        if not isinstance(sentence, A.Sentence):
            continue
        for i in range(1, len(sentence.actions)):
            form = sentence.forms[i] if i < len(sentence.forms) else None
            if form is None or form.subject not in ("shared", "elided"):
                continue
            first, later = _subject(sentence.actions[i - 1]), _subject(sentence.actions[i])
            if isinstance(later, A.Target) and isinstance(first, A.Target) and later is not first and later == first:
                out[id(later)] = out.get(id(first), first)
    return out


def _own_kicked(s: A.IfSentence) -> A.KickedCondition | None:
    """K7: "if this spell was kicked" about the spell itself makes its
    instruction a kicked-only part; "Counter target spell if it was kicked"
    asks about the target, and its target is always chosen."""
    from .conditions import sentence_condition

    cond = sentence_condition(s)
    if isinstance(cond, A.KickedCondition) and isinstance(cond.subject, A.SelfRef | A.ItRef):
        return cond
    return None


@per_node
def slots_of(effect: A.Effect) -> tuple[Slot, ...]:
    return tuple(_slots(effect, None))


def _slots(effect: A.Effect, mode: int | None) -> list[Slot]:
    out: list[Slot] = []
    sentences = effect.sentences
    for i, s in enumerate(sentences):
        if isinstance(s, A.Modes):
            for m, sub in enumerate(s.modes):
                out.extend(_slots(sub, m))
            continue
        if isinstance(s, A.ReflexiveTrigger | A.DelayedTrigger):
            continue  # 603.12, 603.7c: its targets are chosen as it is put on the stack
        body = s.body if isinstance(s, A.IfSentence | A.LeadSentence) else s
        when: Literal["always", "kicked", "unkicked"] = "always"
        cond: A.KickedCondition | None = None
        own = _own_kicked(s) if isinstance(s, A.IfSentence) else None
        if isinstance(s, A.IfSentence) and own is not None:
            cond = own
            when = "unkicked" if cond.negated != (s.trailing == "unless") else "kicked"
        elif i + 1 < len(sentences):
            nxt = sentences[i + 1]
            nxt_own = _own_kicked(nxt) if isinstance(nxt, A.IfSentence) else None
            if isinstance(nxt, A.IfSentence) and nxt.instead and nxt_own is not None and targets_in(nxt.body):
                cond = nxt_own
                when = "kicked" if cond.negated else "unkicked"
        for t in targets_in(body):
            out.append(Slot(t, when, cond, body.where_x, mode))
    return out


@per_node
def slot_index(effect: A.Effect) -> dict[int, int]:
    index = {id(s.node): i for i, s in enumerate(slots_of(effect))}
    for alias, first in _shared_subjects(effect).items():
        if id(first) in index:
            index[alias] = index[id(first)]
    return index


def slot_active(ctx: Ctx, slot: Slot, *, ignore_modes: bool = False) -> bool:
    """Are this slot's targets chosen: its mode was chosen (700.2c), and it
    is not a kicked-only part of an unkicked spell or the reverse (K7)?"""
    if slot.mode is not None and not ignore_modes:
        chosen = ctx.item.modes if ctx.item is not None else None
        if not chosen or slot.mode not in chosen:
            return False
    if slot.when == "always" or slot.condition is None:
        return True
    from .conditions import kicked

    positive = A.KickedCondition(slot.condition.subject, slot.condition.cost, slot.condition.times, False)
    return kicked(ctx, positive) == (slot.when == "kicked")


def _targetable(ctx: Ctx, obj: GameObject) -> bool:
    """702.11 hexproof / 702.18 shroud, protection (702.16b) and hexproof
    from a quality (702.11d); a spell can't target itself (115.5);
    "can't be the target of spells or abilities your opponents control this
    turn" (115.4, :mod:`cardtext.interpreter.this_turn`)."""
    if obj.id == ctx.source and obj.zone == "stack":
        return False
    if ctx.game.state.turn_rules and cant_target(ctx.game, obj.id, ctx.controller) is not None:
        return False
    kws = keywords(ctx.game, obj)
    if "shroud" in kws:
        return False
    if "hexproof" in kws and obj.controller != ctx.controller:
        return False
    if any(" from " in k for k in kws):
        # 702.16b, 702.11d: not the target of a spell with the quality, or of
        # an ability whose source has it (for hexproof, one an opponent controls)
        from .protection import hexproof_from, protection_from

        source = ctx.game.get(ctx.source) if ctx.source is not None else None
        if protection_from(ctx.game, obj, source) or hexproof_from(ctx.game, obj, source, ctx.controller):
            return False
    return True


def _object_ok(ctx: Ctx, spec: object, obj: GameObject, earlier: list[Any], another: bool) -> bool:
    game = ctx.game
    if isinstance(spec, A.ObjectFilter):
        if not matches(game, spec, obj, you=ctx.controller, source=ctx.source, players=ctx.players,
                       quantity=ctx.quantity):  # fmt: skip
            return False
    elif isinstance(spec, A.AnyTarget | A.CreatureOrPlayer | A.PlayerOrPlaneswalker):
        if obj.zone != "battlefield":
            return False
        types = chars(obj).types
        allowed = {"planeswalker", "battle"} if isinstance(spec, A.PlayerOrPlaneswalker) else {"creature", "planeswalker", "battle"}
        if not allowed & set(types):
            return False
    else:
        return False
    if another and obj.id in earlier:
        return False
    return _targetable(ctx, obj)


def _player_ok(ctx: Ctx, spec: object, player: str) -> bool:
    if ctx.game.player(player).lost:
        return False
    if ctx.game.state.turn_rules and cant_target(ctx.game, player, ctx.controller) is not None:
        return False
    if isinstance(spec, A.PlayerFilter):
        if spec.post and not damaged_players_only(spec):
            raise Unsupported("a target player described by what they did or have")
        if not all(_dealt_damage_by(ctx, q, player) for q in spec.post):
            return False
        return not spec.opponent or player != ctx.controller
    if isinstance(spec, A.PlayerOrPlaneswalker):
        return not spec.opponent or player != ctx.controller
    return not isinstance(spec, A.ObjectFilter)


def damaged_players_only(spec: A.PlayerFilter) -> bool:
    """Is each quality of a target player "dealt damage [by this] this turn"
    (120.3), which :func:`_player_ok` reads?"""
    return all(isinstance(q, A.DealtDamageThisTurn) and isinstance(q.by, A.SelfRef | None) for q in spec.post)


def _dealt_damage_by(ctx: Ctx, q: object, player: str) -> bool:
    """120.3: "target player dealt damage by [this] this turn": a source
    (this object, as the object it is now, 400.7) dealt that player damage."""
    assert isinstance(q, A.DealtDamageThisTurn)
    return any(to == player and (q.by is None or by == ctx.source) for by, to in ctx.game.state.damaged_this_turn)


def _another(spec: object) -> bool:
    """ "another target creature", "any other target": not a target chosen before for this spell (115.3)."""
    if isinstance(spec, A.ObjectFilter):
        return spec.another
    return bool(getattr(spec, "other", False))


def candidates(ctx: Ctx, node: A.Target, earlier: list[Any]) -> list[Any]:
    """Every legal choice for one target slot, objects in arrival order, then players."""
    from .context import where_described

    game = ctx.game
    spec = node.spec
    another = _another(spec)
    players = [v for v in earlier if isinstance(v, str)]
    if players and not ctx.that_player and any(isinstance(n, A.ThatPlayer) for n in spec.walk()):
        # "target player and ... up to one target creature that player controls": the player chosen
        # for the earlier target (601.2c)
        saved = ctx.that_player
        ctx.that_player = [players[-1]]
        try:
            return candidates(ctx, node, earlier)
        finally:
            ctx.that_player = saved
    out: list[Any] = []
    if not isinstance(spec, A.PlayerFilter):
        pool = where_described(game, spec, ctx.players) if isinstance(spec, A.ObjectFilter) else game.battlefield()
        pool = sorted(pool, key=lambda o: o.arrived)
        out.extend(o.id for o in pool if _object_ok(ctx, spec, o, earlier, another))
    if isinstance(spec, A.PlayerFilter | A.AnyTarget | A.CreatureOrPlayer | A.PlayerOrPlaneswalker):
        out.extend(p for p in game.state.players if _player_ok(ctx, spec, p) and not (another and p in earlier))
    return out


def still_legal(ctx: Ctx, node: A.Target, value: Any) -> bool:
    """608.2b: is a chosen target still a legal target?"""
    if isinstance(value, str):
        return _player_ok(ctx, node.spec, value)
    obj = ctx.game.get(value)
    if obj is None:
        return False
    return _object_ok(ctx, node.spec, obj, [], False)


def label(ctx: Ctx, value: Any) -> str:
    if isinstance(value, str):
        return f"player {value}"
    obj = ctx.game.get(value)
    if obj is None:
        return str(value)
    return f"{obj.controller}:{display_name(obj)} ({obj.zone})"


def count_choice_range(count: A.CountChoice) -> tuple[int, int]:
    """The fewest and most targets of "one, two, or three target ..." (601.2c);
    Unsupported for numbers that aren't each written, one after another."""
    problem = count_choice_problem(count)
    if problem is not None:
        raise Unsupported(problem)
    values = [c.value for c in count.counts]
    return min(values), max(values)


def count_choice_problem(count: A.CountChoice) -> str | None:
    """What :func:`count_choice_range` can't read of a choice of numbers of targets."""
    values = [c.value for c in count.counts if isinstance(c, A.Number)]
    if len(values) != len(count.counts) or sorted(values) != list(range(min(values), max(values) + 1)):
        return "a choice of numbers of targets other than consecutive numbers ('one, two, or three')"
    return None


def count_range(ctx: Ctx, slot: Slot) -> tuple[int, int]:
    node = slot.node
    if node.any_number:
        # "any number of targets" (115.1): none or more, each once; damage
        # divided among them gives each at least 1 (601.2d), so no more than it
        most = len(candidates(ctx, node, []))
        divided = _divided_amount(ctx, slot)
        return 0, most if divided is None else min(most, divided)
    if isinstance(node.count, A.CountChoice):
        # "one, two, or three target creatures": any of those numbers of targets (601.2c)
        low, high = count_choice_range(node.count)
        return (0 if node.up_to else low), high
    per = _chosen_per(ctx.item.effect).get(id(node)) if ctx.item is not None and ctx.item.effect is not None else None
    if node.count is None and per is None:
        n = 1
    else:
        saved = ctx.x
        if slot.where_x is not None:
            ctx.x = ctx.quantity(slot.where_x)
        try:
            n = ctx.quantity(node.count) if node.count is not None else 1
            if per is not None:
                n *= ctx.quantity(per)  # "choose another target ... for each time it was kicked"
        finally:
            ctx.x = saved
    return (0 if node.up_to else n), n


@per_node
def _chosen_per(effect: A.Effect) -> dict[int, A.Quantity]:
    """ "Choose another target creature or player for each time [this] was
    kicked": the count of the "for each", by the id of its target phrase (601.2c)."""
    return {
        id(n.what): n.per for n in effect.walk()
        if isinstance(n, A.Choose) and isinstance(n.what, A.Target) and n.per is not None
    }  # fmt: skip


def describe_target(node: A.Target) -> str:
    spec = node.spec
    if isinstance(spec, A.ObjectFilter):
        return ("another target " if spec.another else "target ") + describe_filter(spec)
    if isinstance(spec, A.PlayerFilter):
        return "target opponent" if spec.opponent else "target player"
    if isinstance(spec, A.AnyTarget):
        return "any other target" if spec.other else "any target"
    if isinstance(spec, A.CreatureOrPlayer):
        return "target creature or player"
    return "target player or planeswalker"


def choose_targets(ctx: Ctx, effect: A.Effect | None, *, main: bool, who: str) -> tuple[tuple[Any, ...], ...]:
    """601.2c / 603.3d: choose every active slot's targets, in order.

    Raises :class:`IllegalAction` when a required slot has no legal choice
    (the caller decides what that means: a spell can't be cast, a trigger is
    removed from the stack).
    """
    if effect is None:
        return ()
    chosen: list[tuple[Any, ...]] = []
    earlier: list[Any] = []
    for slot in slots_of(effect):
        if not slot_active(ctx, slot):
            chosen.append(())
            continue
        lo, hi = count_range(ctx, slot)
        opts = candidates(ctx, slot.node, earlier)
        what = describe_target(slot.node)
        if len(opts) < lo:
            part = " (the kicked part)" if slot.when == "kicked" else ""
            if slot.mode is not None:
                raise IllegalAction(f"{who}: mode {slot.mode + 1} can't be chosen: no legal target for '{what}'{part} (700.2a)")
            raise IllegalAction(f"{who}: no legal target for '{what}'{part}")
        if hi == 0:
            chosen.append(())
            continue
        d = Decision(
            "targets", ctx.controller, f"{who}: choose {what}" + (f" (up to {hi})" if node_up_to(slot) else ""),
            opts, [label(ctx, o) for o in opts], lo, min(hi, len(opts)) if node_up_to(slot) else hi, main=main,
        )  # fmt: skip
        picks = ask(ctx.game, d)
        chosen.append(tuple(picks))
        earlier.extend(picks)
    if ctx.item is not None and not ctx.item.division:  # a copy keeps the original's division (707.10)
        ctx.item.division = choose_division(ctx, effect, tuple(chosen), who)
    return tuple(chosen)


def node_up_to(slot: Slot) -> bool:
    return slot.node.up_to or slot.node.any_number


@per_node
def _divided_damage(effect: A.Effect) -> dict[int, A.DealDamage | A.DistributeCounters]:
    """The instructions "N damage divided as you choose among [targets]" and
    "distribute N +1/+1 counters among [targets]" (601.2d), by the id of
    their target phrase."""
    out: dict[int, A.DealDamage | A.DistributeCounters] = {
        id(n.to): n for n in effect.walk() if isinstance(n, A.DealDamage) and n.divided and isinstance(n.to, A.Target)}
    out.update({id(n.among): n for n in effect.walk() if isinstance(n, A.DistributeCounters) and isinstance(n.among, A.Target)})
    return out


def _divided_what(action: A.DealDamage | A.DistributeCounters) -> str:
    return "damage" if isinstance(action, A.DealDamage) else f"{action.kind} counters"


def _divided_amount(ctx: Ctx, slot: Slot) -> int | None:
    """The damage divided among a slot's targets, or None if it isn't divided."""
    effect = ctx.item.effect if ctx.item is not None else None
    action = _divided_damage(effect).get(id(slot.node)) if effect is not None else None
    return None if action is None else ctx.quantity(action.amount)


def choose_division(ctx: Ctx, effect: A.Effect, chosen: tuple[tuple[Any, ...], ...], who: str) -> tuple[tuple[int, ...], ...]:
    """601.2d: for "N damage divided as you choose among [targets]", the
    player announces how much each chosen target is dealt, at least 1 each."""
    divided = _divided_damage(effect)
    if not divided:
        return ()
    out: list[tuple[int, ...]] = []
    for slot, values in zip(slots_of(effect), chosen, strict=True):
        action = divided.get(id(slot.node))
        if action is None or not values:
            out.append(())
            continue
        total = ctx.quantity(action.amount)
        what = _divided_what(action)
        if total < len(values):
            raise IllegalAction(f"{who}: {total} {what} can't be divided among {len(values)} targets, 1 at least each (601.2d)")
        d = Decision("divide", ctx.controller, f"{who}: divide {total} {what} among the targets (at least 1 each, 601.2d)",
                     list(values), [label(ctx, v) for v in values], total=total, at_least=1)  # fmt: skip
        split = ask(ctx.game, d)
        out.append(tuple(split[v] for v in values))
        ctx.game.say(f"  {who}: divides {total} {what}: " + ", ".join(f"{split[v]} to {label(ctx, v)}" for v in values))
    return tuple(out)


def divided_among(ctx: Ctx, node: A.Target) -> list[tuple[Any, int]]:
    """608.2b: the targets of a divided-damage slot that are still legal, each
    with the amount announced for it; those no longer legal are dealt none."""
    slot = ctx.slots.get(id(node))
    item = ctx.item
    if slot is not None and item is not None and slot < len(item.division) and not item.division[slot] \
            and not (item.targets[slot] if slot < len(item.targets) else ()):  # fmt: skip
        return []  # "among any number of target creatures": none were chosen, none is dealt damage
    if slot is None or item is None or slot >= len(item.division) or not item.division[slot]:
        raise Unsupported("damage divided as you choose, with no division announced as it was put on the stack")
    values = item.targets[slot] if slot < len(item.targets) else ()
    return [(v, n) for v, n in zip(values, item.division[slot], strict=False) if still_legal(ctx, node, v)]


def require_supported(effect: A.Effect) -> None:
    for n in effect.walk():
        if isinstance(n, A.Target) and not isinstance(
            n.spec, A.ObjectFilter | A.PlayerFilter | A.AnyTarget | A.CreatureOrPlayer | A.PlayerOrPlaneswalker
        ):
            raise Unsupported(f"target kind {type(n.spec).__name__}")


__all__ = [
    "Slot", "candidates", "choose_division", "choose_targets", "count_range", "divided_among", "describe_target", "label", "slot_active",
    "slot_index", "slots_of", "still_legal", "targets_in",
]  # fmt: skip
