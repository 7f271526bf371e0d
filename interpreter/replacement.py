"""Putting a permanent onto the battlefield, with its enters replacement
effects (CR 614.1c, 614.12): "enters with N counters [for each time it was
kicked]", "If it was kicked, it enters with ...", "enters tapped".

The linked information a resolving spell passes on (kicks, X, mana spent)
is in place *before* the replacement effects are applied, so "for each time
it was kicked" sees the kicks of the spell that became this permanent
(K12); a permanent that wasn't cast has none (K11), and neither has one that
enters as a copy (K16).  A face-down permanent has no abilities, so none of
its own enters replacements apply (708.2).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cardtext.grammar import ast as A
from cardtext.grammar.render import render_node

from . import sagas
from .characteristics import chars, display_name, keyword_name, printed_chars
from .context import Ctx
from .errors import Unsupported
from .filters import matches
from .linked import Linked
from .objects import COLOR_WORDS, CREATURE_TYPES, GameObject, ObjectId, PlayerId
from .state import AttachedTo, Game
from .zones import move, put_counters, sacrifice


def put_onto_battlefield(
    game: Game,
    obj: GameObject,
    controller: PlayerId,
    *,
    linked: Linked | None = None,
    face_down: str | None = None,
    tapped: bool = False,
    attach_to: ObjectId | None = None,
    counters: tuple[tuple[str, int], ...] = (),
) -> GameObject:
    """Put ``obj`` onto the battlefield under ``controller``'s control with its
    enters replacement effects.  An Aura enters attached to ``attach_to`` (a
    resolving Aura spell's target, 608.3a); an Aura put onto the battlefield
    any other way is attached to an object its controller chooses as it
    enters, without targeting, and with nothing it could enchant it stays
    where it is (303.4f).  ``counters`` are the counters the words put on it
    as it enters (614.1c).  An instant or sorcery card put onto the
    battlefield face up stays where it is (304.4, 307.4); face down, as a
    manifested 2/2, it may enter (701.40a, 708.2)."""
    if face_down is None and cant_enter(obj):
        where = "exile" if obj.zone == "exile" else f"the {obj.zone}"
        game.say(f"  {obj.card.name} stays in {where}: an instant or sorcery card can't enter the battlefield (304.4, 307.4)")
        return obj
    if face_down is None and attach_to is None and "Aura" in chars(obj).subtypes and obj.zone != "stack":
        from .attach import can_enchant
        from .choices import Decision, ask

        cands = [o for o in game.battlefield() if o.id != obj.id and can_enchant(game, obj, o, controller)]
        if not cands:
            game.say(f"  {display_name(obj)} stays in the {obj.zone}: there is nothing it could enchant (303.4f)")
            return obj
        d = Decision("pick", controller, f"{display_name(obj)} enters attached to which permanent (303.4f)",
                     [o.id for o in cands], [display_name(o) for o in cands], 1, 1)  # fmt: skip
        attach_to = ask(game, d)[0]
    new = move(game, obj, "battlefield", controller=controller, face_down=face_down, tapped=tapped)
    for kind, n in counters:  # "with two +1/+1 counters on it": it enters with them (614.1c, 122.6)
        if n > 0:
            put_counters(game, new, kind, n)
            game.say(f"  {display_name(new)} enters with {n} {kind} counter{'s' if n != 1 else ''}")
    if attach_to is not None:
        new.attached_to = attach_to
        host = game.get(attach_to)
        game.say(f"  {display_name(new)} enters attached to {display_name(host) if host else '?'}")
        game.events.append(AttachedTo(new.id, attach_to))  # 303.4f: it becomes attached as it enters
    if linked is not None:
        game.set_linked(new.id, linked)
    apply_enters_replacements(game, new)
    return new


def cant_enter(obj: GameObject) -> bool:
    """304.4, 307.4: is ``obj`` an instant or sorcery card, which can't enter
    the battlefield face up?  Its face-up characteristics count, whatever
    face it showed where it was (a face-down manifested instant, 708.9)."""
    types = printed_chars(obj.copy_of or obj.card).types
    return "instant" in types or "sorcery" in types


def create_on_battlefield(
    game: Game,
    card: A.Card,
    controller: PlayerId,
    *,
    token: bool = True,
    copy_of: A.Card | None = None,
    colors: tuple[str, ...] | None = None,
    tapped: bool = False,
    linked: Linked | None = None,
    attach_to: ObjectId | None = None,
) -> GameObject:
    """A new object (a token, or a copy of a permanent spell becoming one,
    111.1, 707.10c) entering the battlefield: events and replacements as for
    any other; ``attach_to``: the object it enters attached to (303.4f)."""
    from .state import Entered
    from .zone_changes import record_entered
    from .zones import create_object

    obj = create_object(game, card, controller, "battlefield", controller=controller, token=token)
    obj.copy_of = copy_of
    obj.token_colors = colors
    obj.tapped = tapped
    obj.sick = True
    obj.attached_to = attach_to
    if attach_to is not None:
        host = game.get(attach_to)
        game.say(f"  {display_name(obj)} enters attached to {display_name(host) if host else '?'}")
    if linked is not None:
        game.set_linked(obj.id, linked)
    game.events.append(Entered(obj.id, None))
    if attach_to is not None:
        game.events.append(AttachedTo(obj.id, attach_to))
    record_entered(game, obj)  # "if a creature entered under your control this turn" (700.4)
    apply_enters_replacements(game, obj)
    return obj




def choice_options(game: Game, kind: str) -> list[str]:
    if kind == "color":
        return list(COLOR_WORDS)
    names: set[str] = set()
    for o in game.state.objects.values():
        c = o.copy_of or o.card
        if kind == "card name":
            names.add(c.name)
        elif "Creature" in c.type_line.types or "Kindred" in c.type_line.types:
            names.update(c.type_line.subtypes)
    if kind == "creature type":
        names.update(CREATURE_TYPES)
    return sorted(names)


def _as_enters(game: Game, obj: GameObject, index: int, ab: A.AsEnters) -> None:
    """614.12: "As [this] enters, choose ... / pay any amount of life" — the
    choice or payment is linked to the abilities that refer to it (607.2d, 607.2g)."""
    from .choices import Decision, ask

    action = ab.action
    name = display_name(obj)
    if isinstance(action, A.ChooseValue):
        options = choice_options(game, action.kind)
        d = Decision("word", obj.controller, f"as {name} enters, choose a {action.kind}", options, options)
        value = ask(game, d)
        game.set_linked(obj.id, game.linked(obj.id).with_chosen(index, value))
        game.say(f"  as {name} enters, {obj.controller} chooses {value}")
        return
    if isinstance(action, A.PayAnyLife):
        life = game.player(obj.controller).life
        d = Decision("x", obj.controller, f"as {name} enters, pay how much life (0 to {max(life, 0)})")
        amount = ask(game, d)
        if amount > max(life, 0):
            from .errors import IllegalAction

            raise IllegalAction(f"can't pay {amount} life with {life} life")
        game.change_life(obj.controller, -amount)
        game.set_linked(obj.id, game.linked(obj.id).with_paid(index, amount))
        game.say(f"  as {name} enters, {obj.controller} pays {amount} life")
        return
    from .effects import ACTIONS, run_sentence

    if action is not None and type(as_enters_instruction(action)) not in ACTIONS:
        raise Unsupported(f"'As it enters' with {type(action).__name__}")
    if action is None and not isinstance(ab.body, A.Sentence):
        raise Unsupported("'As it enters' with no instruction")
    problem = as_enters_then_problem(ab)
    if problem is not None:
        raise Unsupported(problem)
    # 614.12: an instruction carried out as it enters ("As [this] enters, mill two cards")
    game.say(f"  as {name} enters:")
    body = ab.body if isinstance(ab.body, A.Sentence) else A.Sentence((action,))
    ctx = Ctx(game, obj.controller, obj.id, index)
    run_sentence(ctx, body)
    for sentence in ab.then.sentences if ab.then is not None else ():
        # "If you don't, it enters tapped": a replacement of the same event, as
        # the instruction before it was (or wasn't) carried out (614.12, 608.2d)
        if isinstance(sentence, A.IfSentence):
            if not ctx.holds(sentence.condition):
                continue
            sentence = sentence.body
        assert isinstance(sentence, A.Sentence)
        replacement = sentence.actions[0]
        if isinstance(replacement, A.EntersTapped):
            _tapped(game, obj, index, replacement)
            game.say(f"  {name} enters tapped")
        else:
            assert isinstance(replacement, A.EntersWithCounters)
            if sentence.where_x is not None:
                ctx.x = ctx.quantity(sentence.where_x)
            _put_entering_counters(game, obj, ctx, replacement)


def as_enters_instruction(action: A.Node) -> A.Node:
    """The instruction an "As [this] enters" carries out: that of "you may
    [instruction]" (608.2d)."""
    return action.action if isinstance(action, A.MayDo) else action


def as_enters_then_problem(ab: A.AsEnters) -> str | None:
    """What the engine can't do of the sentences after "As [this] enters,
    [instruction]": each is a replacement of the same event, about this
    permanent, maybe under "If you do" / "If you don't" ("If you don't, it
    enters tapped", "It enters with a +1/+1 counter on it for each card
    revealed this way", 614.12)."""
    if ab.then is None:
        return None
    for sentence in ab.then.sentences:
        if isinstance(sentence, A.IfSentence) and not sentence.instead and not sentence.trailing:
            if not isinstance(sentence.condition, A.YouDo) or sentence.condition.who != "you":
                return "'As it enters, ...' followed by a replacement under a condition other than 'if you do' (614.12)"
            sentence = sentence.body
        if not isinstance(sentence, A.Sentence) or len(sentence.actions) != 1:
            return "'As it enters, ...' followed by more sentences (614.12)"
        replacement = sentence.actions[0]
        if not isinstance(replacement, A.EntersTapped | A.EntersWithCounters) or not isinstance(
            replacement.object, A.SelfRef | A.ItRef
        ):  # fmt: skip
            return "'As it enters, ...' followed by more sentences (614.12)"
        if isinstance(replacement, A.EntersTapped) and (replacement.unless is not None or replacement.no_untap):
            return "'As it enters, ...' followed by 'enters tapped unless' or 'and doesn't untap' (614.12)"
        if isinstance(replacement, A.EntersWithCounters) and (replacement.condition is not None or replacement.tapped):
            return "'As it enters, ...' followed by 'enters with counters' under a condition (614.12)"
    return None


def _enters_as_copy(game: Game, obj: GameObject, ab: A.EntersAsCopy) -> None:
    """706.2/614.1c: it enters as a copy of the chosen creature — its copiable
    values only; the copied object's kicked status is not copied (K16)."""
    from .choices import Decision, ask
    from .copies import copiable_card, exception_problem, with_exception

    if ab.exception is not None and (problem := exception_problem(ab.exception)) is not None:
        raise Unsupported(problem)
    what = ab.of
    filt = what.filter if isinstance(what, A.AnObject | A.Each) else None
    # "with mana value less than or equal to the amount of mana spent to cast this creature": numbers of the
    # entering object, worked out as it enters
    ctx = Ctx(game, obj.controller, obj.id)
    cands = [
        o for o in game.battlefield()
        if o.id != obj.id and (filt is None or matches(game, filt, o, you=obj.controller, source=obj.id,
                                                       quantity=ctx.quantity))
    ]  # fmt: skip
    name = display_name(obj)
    if not cands:
        game.say(f"  {name} enters as itself: there is nothing to copy")
        return
    d = Decision("may", obj.controller, f"have {name} enter as a copy of a creature?")
    if not ask(game, d):
        return
    d = Decision("pick", obj.controller, f"{name} enters as a copy of which creature",
                 [o.id for o in cands], [display_name(o) for o in cands], 1, 1)  # fmt: skip
    picked = ask(game, d)[0]
    target = game.get(picked)
    assert target is not None
    copied = copiable_card(target)
    obj.copy_of = copied if ab.exception is None else with_exception(copied, ab.exception)
    game.say(f"  {name} enters as a copy of {display_name(target)}" + (f", except {render_node(ab.exception)}" if ab.exception is not None else ""))


def _with_counters(game: Game, obj: GameObject, index: int, ab: A.EntersWithCounters) -> None:
    """614.1c: "[this] enters with N counters on it [for each time it was kicked]"."""
    about = ab.object
    if isinstance(about, A.Each):
        return  # about the other permanents that enter after it: _others_with_counters
    if not isinstance(about, A.SelfRef | A.ItRef):
        raise Unsupported(f"'enters with counters' about {type(about).__name__}")
    # 614.12: a condition ("if you control a creature with power 4 or
    # greater") is checked as the replacement applies, before the permanent
    # is on the battlefield, so it doesn't count itself
    _put_entering_counters(game, obj, Ctx(game, obj.controller, obj.id, excluded=frozenset({obj.id})), ab)


def _others_with_counters(game: Game, obj: GameObject) -> None:
    """614.1c: "Each other creature you control of the chosen type enters
    with an additional +1/+1 counter on it" — a replacement effect of a
    permanent already on the battlefield, applied to each other permanent
    entering that fits the description."""
    for src in game.battlefield():
        if src.id == obj.id or src.face_down is not None:
            continue
        for ab in chars(src).abilities:
            if (isinstance(ab, A.EntersWithCounters) and isinstance(ab.object, A.Each)
                    and matches(game, ab.object.filter, obj, you=src.controller, source=src.id)):  # fmt: skip
                if ab.keywords or ab.abilities:
                    raise Unsupported("other permanents entering with abilities")
                _put_entering_counters(game, obj, Ctx(game, src.controller, src.id), ab)


def _put_entering_counters(game: Game, obj: GameObject, ctx: Ctx, ab: A.EntersWithCounters) -> None:
    if ab.condition is not None and not ctx.holds(ab.condition):
        return
    if ab.tapped:  # "enters tapped with ..." — two replacements in one sentence
        obj.tapped = True
    if ab.where_x is not None:
        ctx.x = ctx.quantity(ab.where_x)
    n = ctx.quantity(ab.amount)
    if n > 0:
        put_counters(game, obj, ab.kind, n)  # 122.6: counters it enters with are "put on" it
        game.say(f"  {display_name(obj)} enters with {n} {ab.kind} counter{'s' if n != 1 else ''}")
    if ab.keywords:
        # 614.1c: it enters with these abilities and has them while it stays on the battlefield
        obj.became = (*obj.became, A.Becomes(ab.object, (), ab.keywords))
        game.say(f"  {display_name(obj)} enters with {', '.join(keyword_name(k) for k in ab.keywords)}")
    if ab.abilities:
        # 614.1c: it enters with the quoted abilities and has them until it leaves (400.7)
        obj.granted = (*obj.granted, *ab.abilities)
        game.say(f"  {display_name(obj)} enters with {len(ab.abilities)} more abilit{'y' if len(ab.abilities) == 1 else 'ies'}")


def _may_enter_with(game: Game, obj: GameObject, index: int, ab: A.StaticAbility) -> None:
    """614.1c, 614.12: "You may have [this] enter with a +1/+1 counter on it"
    (unleash, 702.98a): its controller chooses as it enters."""
    from .choices import Decision, ask
    from .statics import MayEnterWith, rules_of

    for rule in rules_of(ab)[0]:
        if isinstance(rule, MayEnterWith):
            r = rule.replacement
            question = f"have {display_name(obj)} enter with {render_node(r.amount)} {r.kind} counter(s) on it (614.1c)?"
            if ask(game, Decision("may", obj.controller, question)):
                _with_counters(game, obj, index, r)
            else:
                game.say(f"  {obj.controller} chooses not to have {display_name(obj)} enter with counters")


def _tapped(game: Game, obj: GameObject, index: int, ab: A.EntersTapped) -> None:
    """614.1c: "[this] enters tapped"; "... unless you control a Swamp": the
    condition is checked as the replacement applies, before the permanent is
    on the battlefield (614.12), so it doesn't count itself."""
    if ab.no_untap:
        raise Unsupported("'enters tapped and doesn't untap'")
    if ab.unless is not None:
        ctx = Ctx(game, obj.controller, obj.id, excluded=frozenset({obj.id}))
        if ctx.holds(ab.unless):
            game.say(f"  {display_name(obj)} enters untapped (614.1c)")
            return
    obj.tapped = True


def _as_enters_if(game: Game, obj: GameObject, index: int, ab: A.AsEnters) -> None:
    if ab.turned_up:
        raise Unsupported("'as [this] is turned face up'")
    if ab.condition is None or Ctx(game, obj.controller, obj.id).holds(ab.condition):
        _as_enters(game, obj, index, ab)


def _as_copy(game: Game, obj: GameObject, index: int, ab: A.EntersAsCopy) -> None:
    """Applied first, on its own (see :func:`apply_enters_replacements`)."""


def _devour(game: Game, obj: GameObject, index: int, kw: A.KeywordNumber) -> None:
    """702.82a: "Devour N" — as it enters, its controller may sacrifice any
    number of (other) creatures; it enters with N +1/+1 counters for each.
    The creatures sacrificed are those it devoured (702.82b), kept in its
    linked record for "each creature it devoured"."""
    from .choices import Decision, ask

    per = Ctx(game, obj.controller, obj.id).quantity(kw.amount)
    cands = [o for o in game.battlefield()
             if o.id != obj.id and o.controller == obj.controller and "creature" in chars(o).types]  # fmt: skip
    name = display_name(obj)
    picked: list[ObjectId] = []
    if cands:
        d = Decision("pick", obj.controller, f"{name} devours: sacrifice any number of creatures (702.82a)",
                     [o.id for o in cands], [display_name(o) for o in cands], 0, len(cands))  # fmt: skip
        picked = list(ask(game, d))
    devoured = []
    for oid in picked:
        victim = game.get(oid)
        if victim is None:
            continue
        game.say(f"  {name} devours {display_name(victim)}")
        devoured.append(victim.id)
        sacrifice(game, victim)
    game.set_linked(obj.id, game.linked(obj.id).with_paid(index, (("devoured", tuple(devoured)),)))
    if devoured and per > 0:
        obj.counters["+1/+1"] = obj.counters.get("+1/+1", 0) + per * len(devoured)
        game.say(f"  {name} enters with {per * len(devoured)} +1/+1 counter(s)")


def _amplify(game: Game, obj: GameObject, index: int, kw: A.KeywordNumber) -> None:
    """702.38a: "Amplify N" — as this enters, its controller may reveal any
    number of cards from their hand that share a creature type with it; it
    enters with N +1/+1 counters on it for each card revealed (not itself:
    it is entering, not in the hand)."""
    from .choices import Decision, ask

    per = Ctx(game, obj.controller, obj.id).quantity(kw.amount)
    mine = set(chars(obj).subtypes)
    cands = [o for o in game.zone_objects("hand", obj.controller)
             if "creature" in chars(o).types and mine & set(chars(o).subtypes)]  # fmt: skip
    name = display_name(obj)
    picked: list[ObjectId] = []
    if cands:
        d = Decision("pick", obj.controller, f"{name} amplifies: reveal any number of cards that share a creature "
                     "type with it (702.38a)", [o.id for o in cands], [display_name(o) for o in cands], 0, len(cands))  # fmt: skip
        picked = list(ask(game, d))
    shown = [o for o in cands if o.id in picked]
    if shown:
        game.say(f"  {obj.controller} reveals {', '.join(display_name(o) for o in shown)}")
    if shown and per > 0:
        obj.counters["+1/+1"] = obj.counters.get("+1/+1", 0) + per * len(shown)
        game.say(f"  {name} enters with {per * len(shown)} +1/+1 counter(s) (amplify {per}, 702.38a)")


ENTERS_KEYWORDS: dict[str, Callable[[Game, GameObject, int, Any], None]] = {"devour": _devour, "amplify": _amplify}
"""Keyword abilities with a number that are enters replacements (614.1c), by name."""


def devoured(game: Game, oid: ObjectId) -> list[ObjectId]:
    """702.82b: the creatures the object ``oid`` devoured as it entered."""
    out: list[ObjectId] = []
    for _, value in game.linked(oid).paid:
        if isinstance(value, tuple) and value and isinstance(value[0], tuple) and value[0][0] == "devoured":
            out.extend(value[0][1])
    return out


def _sunburst(game: Game, obj: GameObject) -> None:
    """702.44a: "Sunburst" — this enters with a +1/+1 counter on it for each
    color of mana spent to cast it if it's a creature, otherwise with that
    many charge counters (614.1c); a permanent that wasn't cast gets none
    (702.44b).  The mana spent is its spell's (601.2h, 607.2j)."""
    colors = {u for u in game.linked(obj.id).mana_units if u in "WUBRG"}
    kind = "+1/+1" if "creature" in chars(obj).types else "charge"
    if colors:
        obj.counters[kind] = obj.counters.get(kind, 0) + len(colors)
    game.say(f"  {display_name(obj)} enters with {len(colors)} {kind} counter(s): sunburst, "
             f"{len(colors)} color(s) of mana spent to cast it (702.44a)")


def _riot(game: Game, obj: GameObject) -> None:
    """702.136a: "Riot" means "You may have this permanent enter with an
    additional +1/+1 counter on it.  If you don't, it gains haste." (614.1c;
    the haste lasts as long as it is this permanent, :func:`cardtext.interpreter.characteristics.keywords`)."""
    from .choices import Decision, ask

    name = display_name(obj)
    if ask(game, Decision("may", obj.controller, f"riot: have {name} enter with a +1/+1 counter (if not, it gains haste)?")):
        obj.counters["+1/+1"] = obj.counters.get("+1/+1", 0) + 1
        game.say(f"  {name} enters with a +1/+1 counter (riot, 702.136a)")
    else:
        obj.marks = obj.marks | {"riot haste"}
        game.say(f"  {name} gains haste (riot, 702.136a)")


def _keyword_line(game: Game, obj: GameObject, index: int, line: A.KeywordLine) -> None:
    for kw in line.keywords:
        if isinstance(kw, A.KeywordNumber) and kw.name.lower() in ENTERS_KEYWORDS:
            ENTERS_KEYWORDS[kw.name.lower()](game, obj, index, kw)
        elif isinstance(kw, A.Keyword) and kw.name.lower() == "sunburst":
            _sunburst(game, obj)
        elif isinstance(kw, A.Keyword) and kw.name.lower() == "riot":
            _riot(game, obj)


ENTERS_REPLACEMENTS: dict[type, Callable[[Game, GameObject, int, Any], None]] = {
    A.EntersAsCopy: _as_copy,
    A.AsEnters: _as_enters_if,
    A.EntersWithCounters: _with_counters,
    A.EntersTapped: _tapped,
}


def _loyalty(obj: GameObject) -> None:
    """306.5b: a planeswalker enters with its printed loyalty in loyalty counters."""
    card = obj.copy_of or obj.card
    if obj.face_down is not None or "planeswalker" not in chars(obj).types or card.loyalty is None:
        return
    value = card.loyalty.value
    if not str(value).isdigit():
        raise Unsupported(f"a planeswalker with loyalty {value}")
    obj.counters["loyalty"] = obj.counters.get("loyalty", 0) + int(value)


def apply_enters_replacements(game: Game, obj: GameObject) -> None:
    """614.12: the replacement effects of the permanent itself; "enter as a
    copy" first, as the copy's own abilities are the ones that then apply (706.2, 614.1c)."""
    _loyalty(obj)
    if obj.face_down is None:
        for ab in chars(obj).abilities:
            if isinstance(ab, A.EntersAsCopy):
                _enters_as_copy(game, obj, ab)
                break
    for index, ab in enumerate(chars(obj).abilities):
        fn = ENTERS_REPLACEMENTS.get(type(ab))
        if fn is not None:
            fn(game, obj, index, ab)
        elif isinstance(ab, A.KeywordLine):
            _keyword_line(game, obj, index, ab)
        elif isinstance(ab, A.StaticAbility):
            _may_enter_with(game, obj, index, ab)
    _others_with_counters(game, obj)
    sagas.enters(game, obj)  # 714.3a: as it enters, after the replacements that make it what it is


__all__ = ["as_enters_instruction", "as_enters_then_problem", "ENTERS_KEYWORDS", "ENTERS_REPLACEMENTS", "devoured", "apply_enters_replacements", "create_on_battlefield", "put_onto_battlefield"]
