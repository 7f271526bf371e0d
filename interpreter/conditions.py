"""Conditions: "if it was kicked [with its {1}{U} kicker]" (702.33, 607.2i,
rules K5, K6, K9), "if you do", "if it's a creature", "as long as [this] is
equipped"."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import cache
from typing import TYPE_CHECKING, Any

from cardtext.grammar import ast as A

from .bind import kicker_index, per_node
from .characteristics import chars
from .errors import Unsupported
from .keywords import CameUnderControlSinceUpkeep
from .objects import MAX_SPEED, GameObject, ObjectId
from .quantities import characteristic_counted

if TYPE_CHECKING:
    from .context import Ctx
    from .state import Game


def kicked(ctx: Ctx, cond: A.KickedCondition) -> bool:
    """K5/K6/L-i: only the kicker ability printed on the same object counts,
    and with a named cost only that cost."""
    ids = ctx.self_objects(cond.subject)
    if not ids:
        return cond.negated
    game = ctx.game
    oid = ids[0]
    info = game.linked(oid)
    kicks = info.kicks
    if cond.cost is not None:
        o = game.state.objects.get(oid[0])
        card = (o.copy_of or o.card) if o is not None else ctx.source_card()
        idx = kicker_index(card, cond.cost)
        kicks = tuple(k for k in kicks if k == idx)
    need = cond.times or 1
    result = len(kicks) >= need
    return result != cond.negated


def _you_do(ctx: Ctx, cond: A.YouDo) -> bool:
    """608.2d: "If you do" / "If you don't": whether the optional instruction
    before it was carried out; "If that player does" (or "they", "the
    player"): whether the player the instruction before it named did it —
    chose to, if it was optional ("that player may pay {2}. If the player
    doesn't, ..."), or could ("Target opponent sacrifices a creature. If
    that player does, ..."); "If you can't" / "If the player can't": the
    instruction before it couldn't be carried out ("remove a fade counter
    from it. If you can't, sacrifice it", 702.32a)."""
    problem = you_do_problem(cond)
    if problem is not None:
        raise Unsupported(problem)
    if cond.verb == "can't":
        return not ctx.last_done
    if cond.who == "you":
        return bool(ctx.you_did) != cond.negated
    done = ctx.you_did if ctx.last_optional else ctx.last_done
    return bool(done) != cond.negated


def you_do_problem(cond: A.YouDo) -> str | None:
    """What the engine can't tell of "if [a player] does": whether one of
    several players did ("If a player does", "If no one does")."""
    if cond.verb not in ("do", "can't"):
        return f"condition 'if ... {cond.verb}'"
    if cond.who == "you" or isinstance(cond.who, A.ThatPlayer | A.ThemRef | A.TheirRef):
        return None
    if isinstance(cond.who, A.ThatRef) and cond.who.what.is_player:
        return None  # "the player"
    return "'if a player does' after a choice several players make (whether any of them did)"


def _one(ctx: Ctx, ref: object) -> GameObject | None:
    ids = ctx.objects(ref)
    return ctx.game.get(ids[0]) if ids else None


def _is_creature(ctx: Ctx, cond: A.IsCreature) -> bool:
    o = _one(ctx, cond.object)
    return o is not None and "creature" in chars(o).types


def _is_tapped(ctx: Ctx, cond: A.IsTapped) -> bool:
    o = _one(ctx, cond.object)
    return o is not None and o.tapped


def _is_saddled(ctx: Ctx, cond: A.IsState) -> bool:
    """ "if [it] is saddled", "as long as [this] is saddled" (702.171b)."""
    o = _one(ctx, cond.object)
    return o is not None and o.id in ctx.game.state.saddled


def _control_none(ctx: Ctx, cond: A.ControlNone) -> bool:
    return not any(o.controller == ctx.controller for o in ctx.each(cond.filter))


def _controls(ctx: Ctx, cond: A.Controls) -> bool:
    """"you control no other creatures", "defending player controls an
    Island", "you control two or more artifacts", "you control another
    Spirit" (one besides the source, its description says), "you control two
    or fewer other lands", "you control exactly one creature": how many
    permanents of that description the player controls (109.4, 406); "you
    control a Mountain or a Plains": either (both, for "and")."""
    problem = controls_problem(cond)
    if problem is not None:
        raise Unsupported(problem)
    if cond.compare:
        return _controls_compared(ctx, cond) != cond.negated
    what = cond.what
    if isinstance(what, A.BothRef):
        sides = (_controls(ctx, replace(cond, what=side, negated=False)) for side in (what.first, what.second))
        return (all(sides) if what.conj == "and" else any(sides)) != cond.negated
    nobody = isinstance(cond.player, A.PlayerGroup) and cond.player.which in _NO_PLAYER
    # "no opponent controls a white creature": none of them controls one
    players = ctx.players(A.PlayerGroup(_NO_PLAYER[cond.player.which]) if nobody else cond.player)
    count = sum(1 for o in ctx.each(what.filter)
                if o.controller in players and o.zone == "battlefield" and o.id not in ctx.excluded)  # fmt: skip
    if nobody:
        result = count == 0
    else:
        result = count_fits(ctx, count, "" if what.how == "another" else what.how, what.count)
    return result != cond.negated


_NO_PLAYER = {"no_player": "each_player", "no_opponent": "each_opponent"}
"""The players "no player" and "no opponent" say none of controls something."""


def _controls_compared(ctx: Ctx, cond: A.Controls) -> bool:
    """"if an opponent controls more lands than you", "if that player
    controls more lands than each other player", "if an opponent controls
    fewer creatures than you": the permanents of that description each
    player controls, counted and compared; "each other player" are the
    players other than the one compared (of several named, one that fits
    is enough, "an opponent")."""
    filt = cond.what
    on_battlefield = [o for o in ctx.each(filt) if o.zone == "battlefield" and o.id not in ctx.excluded]

    def count(player: Any) -> int:
        return sum(1 for o in on_battlefield if o.controller == player)

    def fits(n: int, m: int) -> bool:
        return n > m if cond.compare == "more" else n < m if cond.compare == "fewer" else n >= m

    def beats(player: Any) -> bool:
        than = cond.than
        if isinstance(than, A.PlayerGroup) and than.which == "each_other_player":
            return all(fits(count(player), count(q)) for q in ctx.game.state.players if q != player)
        return _each_or_any(ctx, than, lambda q: fits(count(player), count(q)), anyone=True)

    return _each_or_any(ctx, cond.player, beats, anyone=True)


def controls_problem(cond: A.Controls) -> str | None:
    """What the engine can't tell in a "[player] controls ..." condition."""
    if cond.compare:
        from .filters import filter_problem

        if not isinstance(cond.what, A.ObjectFilter) or filter_problem(cond.what) is not None:
            return f"condition 'controls {cond.compare} ... than' of something not described"
        than_ok = isinstance(cond.than, A.PlayerGroup) and cond.than.which == "each_other_player"
        if _player_problem(cond.player, "controls") is not None or not than_ok and _player_problem(cond.than, "than") is not None:
            return f"condition 'controls {cond.compare} ... than' of {type(cond.player).__name__} and {type(cond.than).__name__}"
        return None
    what = cond.what
    if isinstance(what, A.BothRef):
        return controls_problem(replace(cond, what=what.first)) or controls_problem(replace(cond, what=what.second))
    if not isinstance(what, A.AnObject) or what.how not in COUNT_WORDS | {"another"} or what.up_to or what.any_number:
        return "condition 'controls' of something not described"
    if not isinstance(cond.player, A.You | A.PlayerGroup | A.Target | A.ThatPlayer):
        return f"condition 'controls' by {type(cond.player).__name__}"
    return None


def _there_are(ctx: Ctx, cond: A.ThereAre) -> bool:
    """"there are seven or more cards in your graveyard", "there are no
    creatures on the battlefield": how many objects fit the description,
    where it says they are (109.2)."""
    problem = there_are_problem(cond)
    if problem is not None:
        raise Unsupported(problem)
    what = cond.what
    counted = A.CountOf(what.filter)
    if characteristic_counted(counted) is not None:
        # "four or more card types among cards in your graveyard" (delirium): the card types, not objects
        count = ctx.quantity(counted)
    else:
        count = len(ctx.each(what.filter))
    if what.how == "no":
        return count == 0
    return count >= (ctx.quantity(what.count) if what.count is not None else 1)


def there_are_problem(cond: A.ThereAre) -> str | None:
    """What the engine can't tell in a "there are ..." condition."""
    what = cond.what
    if cond.amount is not None or cond.op or not isinstance(what, A.AnObject) or what.how not in ("", "no", "or more", "at least"):
        return "condition 'there are' other than no, one, or N or more objects described"
    if characteristic_counted(A.CountOf(what.filter)) == "":
        return "counting characteristics other than colors and card, permanent or basic land types among objects"
    return None


def _entered(ctx: Ctx, cond: A.Happened) -> bool:
    """"As long as [this] entered this turn" (400.7: the object that came onto
    the battlefield after the turn began); "if a creature entered under your
    control this turn", "if two or more nonland permanents entered the
    battlefield under your control this turn", "if you had a land enter the
    battlefield under your control this turn" (700.4): the permanents that
    entered this turn (cardtext.interpreter.zone_changes), each judged as it
    is now or as it last existed on the battlefield; "another" leaves out
    the object the ability is on."""
    if isinstance(cond.subject, A.AnObject):
        return _zone_changes_fit(ctx, cond)
    ids = ctx.self_objects(cond.subject)
    o = ctx.game.get(ids[0]) if ids else None
    if o is None or o.zone != "battlefield" or o.arrived <= ctx.game.state.turn_began:
        return False
    if cond.control is None:
        return True
    from .zone_changes import entered

    return any(ch.obj.id == o.id and ch.controller in ctx.players(cond.control) for ch in entered(ctx.game))


def _entered_supported(cond: A.Happened) -> bool:
    from .zone_changes import control_problem

    if control_problem(cond.control) is not None:
        return False
    if isinstance(cond.subject, A.AnObject):
        return _zone_changes_supported(cond)
    return cond.other is None and isinstance(cond.subject, A.SelfRef | A.ItRef)


def _zone_changes_fit(ctx: Ctx, cond: A.Happened) -> bool:
    """A count of this turn's zone changes against the words of the
    condition: "a creature", "two or more nonland permanents", "another
    creature"; "if an opponent had two or more lands enter the battlefield
    under their control": for each of the players named, the permanents
    that entered under that player's control."""
    what = cond.subject
    filt = what.filter
    other = filt.another or what.how == "another"
    how = "" if what.how == "another" else what.how
    if cond.form == "had":
        def count_for(player: Any) -> int:
            return _count_changes(ctx, cond, filt, other, lambda ch: ch.controller == player)

        return _each_or_any(ctx, cond.other, lambda p: count_fits(ctx, count_for(p), how, what.count))
    whose = ctx.players(cond.control) if cond.control is not None else None
    n = _count_changes(ctx, cond, filt, other, lambda ch: whose is None or ch.controller in whose)
    return count_fits(ctx, n, how, what.count)


def _count_changes(ctx: Ctx, cond: A.Happened, filt: A.ObjectFilter, other: bool, under: Callable[[Any], bool]) -> int:
    from .filters import matches
    from .zone_changes import changes

    n = 0
    for ch in changes(ctx.game, cond.event):
        if other and ch.obj.cid == ctx.source[0]:
            continue
        if under(ch) and matches(ctx.game, filt, ch.obj, you=ctx.controller, source=None, players=ctx.players,
                                 quantity=ctx.quantity, anywhere=True):  # fmt: skip
            n += 1
    return n


def _zone_changes_supported(cond: A.Happened) -> bool:
    from .filters import filter_problem

    what = cond.subject
    if what.how not in COUNT_WORDS | {"another"} or what.up_to:
        return False
    if cond.form == "had" and not isinstance(cond.other, A.You | A.ThatPlayer | A.TheirRef | A.PlayerGroup):
        return False
    if cond.form == "had" and isinstance(cond.other, A.PlayerGroup) and cond.other.which not in _EACH_GROUPS | _ANY_GROUPS:
        return False
    return filter_problem(what.filter) is None


def _nth_resolution(ctx: Ctx, cond: A.NthResolution) -> bool:
    """"if this is the first time this ability has resolved this turn": the
    resolutions of this object's ability this turn, this one included."""
    n = ORDINALS.get(cond.ordinal)
    if n is None:
        raise Unsupported(f"condition 'the {cond.ordinal} time this ability has resolved'")
    return ctx.game.state.resolutions.count((ctx.source, ctx.ability)) == n


ORDINALS = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5}


def _activated_times(ctx: Ctx, cond: A.ActivatedTimes) -> bool:
    """"if this ability has been activated four or more times this turn"
    (602.1): this object's activations of this ability this turn, the one
    resolving included."""
    return ctx.game.state.activations.count((ctx.source, ctx.ability)) >= ctx.quantity(cond.amount)


def _is_equipped(ctx: Ctx, cond: A.IsEquipped | A.IsState) -> bool:
    ids = ctx.objects(cond.object)
    return bool(ids) and any(
        o.attached_to == ids[0] and "Equipment" in chars(o).subtypes for o in ctx.game.battlefield()
    )


def _is_in(ctx: Ctx, cond: A.IsState) -> bool:
    """"if [this] is in your graveyard" (113.6b: the ability functions there);
    "as long as seven or more cards are in your graveyard" (threshold): how
    many objects fit the description in that zone (109.2)."""
    place = cond.state.what
    if isinstance(cond.object, A.AnObject):
        problem = counted_in_problem(cond)
        if problem is not None:
            raise Unsupported(problem)
        what = cond.object
        count = len(ctx.each(_counted_in_filter(cond)))
        if what.how == "no":
            return count == 0
        return count >= (ctx.quantity(what.count) if what.count is not None else 1)
    o = _one(ctx, cond.object)
    if o is None or o.zone != place.zone:
        return False
    owner = place.owner.object if isinstance(place.owner, A.Possessive) else place.owner
    return owner is None or o.owner in ctx.players(owner)


def counted_in_problem(cond: A.IsState) -> str | None:
    """What the engine can't tell of "N or more [objects] are in [a zone]"."""
    what, place = cond.object, cond.state.what
    if what.how not in ("", "no", "or more", "at least") or place.second or what.up_to or what.any_number:
        return "condition '[objects] are in [a zone]' other than no, one, or N or more objects described"
    return None


@per_node
def _counted_in_filter(cond: A.IsState) -> A.ObjectFilter:
    """The description of "seven or more cards are in your graveyard" with its
    zone: "cards in your graveyard"."""
    place = cond.state.what
    owner = place.owner.object if isinstance(place.owner, A.Possessive) else place.owner
    zone = A.InZone(place.zone, owner, "in", place.how)
    return replace(cond.object.filter, post=(*cond.object.filter.post, zone))


@per_node
def is_a_filter(state: A.Node) -> A.ObjectFilter:
    """The description "[it] is a [description]" asks about ("it's a
    Zombie", "that card is a land card"), or "[it] is [adjective]" ("it's
    untapped", "it's red"), as a description of objects."""
    if isinstance(state, A.StateWord):
        return A.ObjectFilter(tuple(state.what))
    assert isinstance(state, A.StatusAdj | A.ColorAdj)
    return A.ObjectFilter((state,))


def _is_a(ctx: Ctx, cond: A.IsState) -> bool:
    """"as long as [this] is a Zombie", "if that card is a creature card":
    whether the object fits the description now, wherever it is (its types
    and subtypes with the effects that change them, 613.1d); one that has
    left its zone by its last known information (608.2h)."""
    from .filters import matches

    ids = ctx.objects(cond.object)
    if not ids:
        return False
    o = ctx.game.get(ids[0])
    if o is None:
        lki = ctx.game.state.lki.get(ids[0])
        o = lki.last if lki is not None else None
    if o is None:
        return False
    return matches(ctx.game, is_a_filter(cond.state), o, you=ctx.controller, source=ctx.source, anywhere=True)


def _on_battlefield(ctx: Ctx, cond: A.IsState) -> bool:
    """"if an enchantment is on the battlefield", "as long as [this] is on
    the battlefield": how many objects of that description are on the
    battlefield (109.2), or whether the one object is."""
    what = cond.object
    if isinstance(what, A.AnObject):
        if what.how not in COUNT_WORDS or what.up_to or what.any_number:
            raise Unsupported("condition '[objects] are on the battlefield' other than a number of objects described")
        return count_fits(ctx, len(ctx.each(what.filter)), what.how, what.count)
    o = _one(ctx, what)
    return o is not None and o.zone == "battlefield"


def _has_status(ctx: Ctx, cond: A.IsState) -> bool:
    """ "if [this] is attacking", "only if [this] is untapped", "if it's
    red", "if it's legendary": the adjective read of the object itself
    (506.4, 302.6, 105.2, 205.4) — one that has left its zone as it was last
    known (608.2h: "Return target permanent to its owner's hand. If that
    permanent is red, ...")."""
    from .filters import _adjective

    o = _as_last_known(ctx, cond.object)
    return o is not None and _adjective(ctx.game, cond.state, o, chars(o))


def _attacking_or_blocking(ctx: Ctx, cond: A.IsState) -> bool:
    """ "only if [this] is attacking or blocking" (506.4)."""
    from .filters import _in_combat

    o = _one(ctx, cond.object)
    return o is not None and (_in_combat(ctx.game, o, "attacking") or _in_combat(ctx.game, o, "blocking"))


def _fits_adjectives(ctx: Ctx, cond: A.IsState) -> bool:
    """ "if [this] is attacking or blocking", "is tapped and attacking":
    status words joined by "or" (any of them) or "and" (all)."""
    from .filters import _adjective

    o = _as_last_known(ctx, cond.object)
    if o is None:
        return False
    c = chars(o)
    found = [_adjective(ctx.game, w, o, c) for w in cond.state.words if not isinstance(w, A.Coord)]
    return any(found) if _joined_by_or(cond.state) else all(found)


def _joined_by_or(state: A.ObjectFilter) -> bool:
    return any(isinstance(w, A.Coord) and "or" in w.word.split() for w in state.words)


def _adjectives_only(state: A.ObjectFilter) -> bool:
    """Status words the engine reads, joined all by "or" or all by "and"."""
    from .filters import _adjective_problem

    words = [w for w in state.words if not isinstance(w, A.Coord)]
    joins = {"or" in w.word.split() for w in state.words if isinstance(w, A.Coord)}
    return (not state.qualities and bool(words) and len(joins) <= 1
            and all(isinstance(w, A.StatusAdj | A.ColorAdj | A.TypeAdj) and _adjective_problem(w) is None
                    and not (isinstance(w, A.StatusAdj) and w.status in ("other", "last")) for w in words))  # fmt: skip


def _is_marked(ctx: Ctx, cond: A.IsState) -> bool:
    """ "as long as [this] is monstrous" (701.37b), "if it isn't renowned"
    (702.112b), "if this creature is suspected" (701.60b): a designation the
    permanent has until it leaves the battlefield."""
    o = _one(ctx, cond.object)
    return o is not None and o.zone == "battlefield" and cond.state.word in o.marks


def _is_enchanted(ctx: Ctx, cond: A.IsState) -> bool:
    """ "as long as [this] is enchanted" (303.4): an Aura is attached to it."""
    ids = ctx.objects(cond.object)
    return bool(ids) and any(o.attached_to == ids[0] and "Aura" in chars(o).subtypes for o in ctx.game.battlefield())


def _in_or_on_battlefield(ctx: Ctx, cond: A.IsState) -> bool:
    """ "if [this] is in your graveyard or on the battlefield" (113.6b: the
    ability functions in both): the object is on the battlefield, or in
    that zone (of that owner)."""
    o = _one(ctx, cond.object)
    if o is None:
        return False
    if o.zone == "battlefield":
        return True
    place = cond.state.what
    owner = place.owner.object if isinstance(place.owner, A.Possessive) else place.owner
    return o.zone == place.zone and (owner is None or o.owner in ctx.players(owner))


def _attached_to(ctx: Ctx, cond: A.IsState) -> bool:
    """301.5, 303.4: "as long as two or more Equipment are attached to it":
    how many objects of that description are attached to the object named."""
    what, to = cond.object, cond.state.what
    ids = ctx.objects(to)
    n = sum(1 for o in ctx.each(what.filter) if ids and o.attached_to == ids[0] and o.zone == "battlefield")
    return count_fits(ctx, n, what.how, what.count)


def _attached_to_supported(cond: A.IsState) -> bool:
    """"[objects] are attached to [this]"; not "[it] is attached to a
    creature", whose creature a later "that creature" names (608.2c), which
    the engine doesn't refer to."""
    from .filters import filter_problem

    what, to = cond.object, cond.state.what
    return (isinstance(what, A.AnObject) and what.how in COUNT_WORDS and not what.up_to and not what.any_number
            and filter_problem(what.filter) is None and isinstance(to, A.ItRef | A.SelfRef))  # fmt: skip


STATES: dict[str, Callable[[Ctx, Any], bool]] = {
    "in or on the battlefield": _in_or_on_battlefield,
    "attached to": _attached_to,
    "enchanted": _is_enchanted,
    "monstrous": _is_marked,
    "renowned": _is_marked,
    "suspected": _is_marked,
    "on the battlefield": _on_battlefield,
    "equipped": _is_equipped,
    "tapped": _is_tapped,
    "saddled": _is_saddled,
    "in": _is_in,
    "a": _is_a,
    "attacking or blocking": _attacking_or_blocking,
    "description": _fits_adjectives,
    "status": _has_status,
}
"""The states "[it] is [state]" can ask about, by word."""


def state_word(cond: A.IsState) -> str | None:
    """The word of an "is [state]" condition the interpreter knows ("equipped"), else None."""
    state = cond.state
    if isinstance(state, A.StatusAdj | A.ColorAdj | A.TypeAdj):
        # "it's untapped", "[this] is attacking", "it's red", "if it's legendary": one
        # adjective, read directly (105.2, 205.4; a description of that one word would
        # take it for its noun)
        from .filters import _adjective_problem

        ok = _adjective_problem(state) is None and not (isinstance(state, A.StatusAdj) and state.status in ("other", "last"))
        return "status" if ok else None
    if isinstance(state, A.ObjectFilter):
        return "description" if _adjectives_only(state) else None
    word = state.word if isinstance(state, A.State | A.StateWord) and state.what is None else None
    if isinstance(state, A.StateWord) and state.word == "a" and state.what:
        word = "a"
    if isinstance(state, A.State) and state.word == "in" and isinstance(state.what, A.ZonePlace):
        word = "in" if state.what.zone in ("graveyard", "exile", "hand", "library") and not state.what.second else None
    if isinstance(state, A.State) and state.word == "in or on the battlefield":
        place = state.what
        ok = isinstance(place, A.ZonePlace) and place.zone in ("graveyard", "exile", "hand", "library") and not place.second
        word = state.word if ok else None
    if isinstance(state, A.State) and state.word == "attached to":
        word = state.word if _attached_to_supported(cond) else None
    return word if word in STATES else None


def _is_state(ctx: Ctx, cond: A.IsState) -> bool:
    """ "as long as [this] is equipped", "if [this] is tapped"."""
    word = state_word(cond)
    if word is None:
        raise Unsupported(f"condition '[it] is {getattr(cond.state, 'word', type(cond.state).__name__)}'")
    return STATES[word](ctx, cond) != cond.negated


def _additional_cost_paid(ctx: Ctx, cond: A.Happened) -> bool:
    """601.2b, 607.2i: "if its additional cost was paid" — whether the spell's
    controller paid an additional cost of it as it was cast."""
    from .additional import additional_paid

    ids = ctx.self_objects(cond.subject.object if isinstance(cond.subject, A.Possessive) else cond.subject)
    if not ids:
        return False
    o = ctx.game.state.objects.get(ids[0][0])
    card = (o.copy_of or o.card) if o is not None else ctx.source_card()
    return additional_paid(card, ctx.game.linked(ids[0]).additional) > 0


def _came_under_control(ctx: Ctx, cond: CameUnderControlSinceUpkeep) -> bool:
    """Echo's "if this came under your control since the beginning of your
    last upkeep" (702.30a): the permanent entered the battlefield, or came
    under its controller's control, after the beginning of that player's
    upkeep before the one now (the clock, :attr:`GameState.upkeeps`)."""
    o = ctx.source_obj()
    if o is None or o.zone != "battlefield" or o.controller != ctx.controller:
        return False
    since = ctx.game.state.upkeeps.get(ctx.controller, (0, 0))[0]
    return max(o.arrived, o.controlled) > since


def _won(ctx: Ctx, cond: A.Won) -> bool:
    """ "if you win", "if you win the clash" (701.30d): whether a player named
    won the clash (or coin flip, 705.1) of this effect before; not having
    clashed is not having won."""
    return any(ctx.won.get(p, False) for p in ctx.players(cond.player))


def _targets(ctx: Ctx, cond: A.Targets) -> bool:
    """ "if it targets a tapped creature", "if it targets a permanent you
    control" (115.1, 601.2c): the spell or ability has, among the targets
    chosen for it, an object that fits the description now — "it" the
    object the text is about (the spell whose cost is being worked out,
    601.2f)."""
    from .filters import matches

    problem = targets_problem(cond)
    if problem is not None:
        raise Unsupported(problem)
    what = cond.what
    assert isinstance(what, A.AnObject)
    for oid in ctx.objects(cond.object):
        item = ctx.item if ctx.item is not None and ctx.item.source == oid else next(
            (i for i in reversed(ctx.game.state.stack) if i.kind == "spell" and i.source == oid), None)
        for value in (v for slot in item.targets for v in slot) if item is not None else ():
            o = ctx.game.get(value) if isinstance(value, tuple) else None
            if o is not None and matches(ctx.game, what.filter, o, you=ctx.controller, source=ctx.source):
                return True
    return False


def targets_problem(cond: A.Targets) -> str | None:
    what = cond.what
    if not isinstance(cond.object, A.ItRef | A.SelfRef | A.ThatRef):
        return f"condition 'targets' of {type(cond.object).__name__}"
    one = what.count is None or isinstance(what.count, A.Number) and what.count.value == 1 if isinstance(what, A.AnObject) else False
    if not isinstance(what, A.AnObject) or not isinstance(what.filter, A.ObjectFilter) or what.up_to or what.any_number or what.how or not one:
        return "condition 'targets' other than of an object described"
    return None


def _keyword_cast(ctx: Ctx, cond: A.KeywordCast) -> bool:
    """ "if this spell was bargained", "if it wasn't bargained" (702.166b):
    whether the keyword's additional cost was paid as the object was cast
    (a permanent keeps what its spell paid, 607.2j)."""
    from .keywords import ALTERNATIVE_WORDS, PAID_WORDS

    problem = keyword_cast_problem(cond)
    if problem is not None:
        raise Unsupported(problem)
    if cond.word in ALTERNATIVE_WORDS:
        return _cast_for_alternative(ctx, cond, ALTERNATIVE_WORDS[cond.word]) != (cond.form == "wasn't")
    subject = A.ItRef("it") if cond.subject is None else cond.subject  # "if it's bargained"
    return _keyword_paid(ctx, subject, PAID_WORDS[cond.word]) != (cond.form == "wasn't")


def _keyword_paid(ctx: Ctx, subject: object, keyword: str) -> bool:
    from .keywords import keyword_cost_paid

    ids = ctx.self_objects(subject)
    o = ctx.game.state.objects.get(ids[0][0]) if ids else None
    if o is None:
        return False
    return keyword_cost_paid(chars(o).abilities, ctx.game.linked(ids[0]).additional, keyword)


def _cast_for_alternative(ctx: Ctx, cond: A.KeywordCast, keyword: str) -> bool:
    """ "if a spell was warped this turn" (702.185b): a spell that fits the
    description was cast this turn for the keyword's alternative cost (the
    spells cast this turn, as they were cast, 601.2i); "if this spell was
    warped": this object's spell was."""
    from .filters import matches

    if cond.this_turn:
        filt = cond.subject.filter
        return any(ctx.game.linked(spell.id).alternative == keyword
                   and matches(ctx.game, filt, spell, you=ctx.controller, source=None, anywhere=True)
                   for spell in ctx.game.state.cast_this_turn)  # fmt: skip
    subject = A.ItRef("it") if cond.subject is None else cond.subject
    ids = ctx.self_objects(subject)
    return bool(ids) and ctx.game.linked(ids[0]).alternative == keyword


def keyword_cast_problem(cond: A.KeywordCast) -> str | None:
    from .filters import filter_problem
    from .keywords import ALTERNATIVE_WORDS, PAID_WORDS

    if cond.word in ALTERNATIVE_WORDS and cond.this_turn:
        what = cond.subject
        if (isinstance(what, A.AnObject) and isinstance(what.count, A.Number) and what.count.value == 1
                and not what.up_to and not what.any_number and not what.how and filter_problem(what.filter) is None):  # fmt: skip
            return None
        return f"condition 'was {cond.word}' this turn of {type(what).__name__}"
    if cond.word in ALTERNATIVE_WORDS and (isinstance(cond.subject, A.SelfRef | A.ItRef) or cond.subject is None
                                           and cond.form == "it's"):  # fmt: skip
        return None
    subject_ok = isinstance(cond.subject, A.SelfRef | A.ItRef) or cond.subject is None and cond.form == "it's"
    if cond.word not in PAID_WORDS or cond.this_turn or not subject_ok:
        return f"condition 'was {cond.word}'" + (" this turn" if cond.this_turn else "")
    return None


def _has_max_speed(ctx: Ctx, cond: A.HasMaxSpeed) -> bool:
    """ "you have max speed" (702.178): the player's speed is 4 (a player
    with no speed has none, :mod:`cardtext.interpreter.speed`)."""
    return all((ctx.game.player(p).speed or 0) == MAX_SPEED for p in ctx.players(cond.player)) != cond.negated


def _keyword_cost_paid(ctx: Ctx, cond: A.KeywordCostPaid) -> bool:
    """ "if its offspring cost was paid" (702.175a): the keyword's additional
    cost was paid as the object was cast (a permanent keeps what its spell
    paid, 607.2j)."""
    from .keywords import ALTERNATIVE_KEYWORDS

    problem = keyword_cost_paid_problem(cond)
    if problem is not None:
        raise Unsupported(problem)
    if cond.keyword.lower() == "madness":
        # "if its madness cost was paid" (702.35b): it was cast with its madness permission, for that cost
        ids = ctx.self_objects(_possessed(cond.subject))
        return bool(ids) and ctx.game.linked(ids[0]).cast and ctx.game.linked(ids[0]).via == "madness"
    if cond.keyword.lower() in ALTERNATIVE_KEYWORDS:
        # "if that creature was cast for its warp cost" (118.9): the alternative cost its spell was cast for
        ids = ctx.self_objects(cond.subject)
        return bool(ids) and ctx.game.linked(ids[0]).alternative == cond.keyword.lower()
    return _keyword_paid(ctx, cond.subject, cond.keyword)


def _possessed(ref: object) -> object:
    """"its" of "its madness cost": the object it names."""
    return ref.object if isinstance(ref, A.Possessive) else ref


def _gift_promised(ctx: Ctx, cond: A.GiftPromised) -> bool:
    """ "if the gift was promised" (702.174b): its caster promised the gift as
    the spell was cast (a permanent keeps what its spell chose, 607.2j)."""
    return _keyword_paid(ctx, A.SelfRef(), "gift") != cond.negated


def _evidence_collected(ctx: Ctx, cond: A.EvidenceCollected) -> bool:
    """701.59b: "if evidence was collected" — an additional cost of the spell
    that collects evidence was paid as it was cast (a permanent keeps what
    its spell paid, 607.2j)."""
    o = ctx.game.state.objects.get(ctx.source[0])
    card = (o.copy_of or o.card) if o is not None else ctx.source_card()
    costs = [ab for ab in card.abilities if isinstance(ab, A.AdditionalCost)]
    collects = [any(isinstance(p, A.ActionCost) and getattr(p.action, "verb", "") == "collect evidence"
                    for p in ab.cost.parts) for ab in costs]  # fmt: skip
    if not any(collects):
        raise Unsupported("'if evidence was collected' of an object whose additional costs collect no evidence")
    times = ctx.game.linked(ctx.source).additional
    return any(c and n > 0 for c, n in zip(collects, times, strict=False))


def keyword_cost_paid_problem(cond: A.KeywordCostPaid) -> str | None:
    from .keywords import ALTERNATIVE_KEYWORDS, KEYWORD_COSTS

    if (cond.keyword.lower() in ALTERNATIVE_KEYWORDS and cond.form in ("paid", "cast for")
            and cond.player is None and isinstance(cond.subject, A.SelfRef | A.ItRef | A.ThatRef)):  # fmt: skip
        return None
    if (cond.keyword.lower() == "madness" and cond.form == "paid" and cond.player is None
            and isinstance(_possessed(cond.subject), A.SelfRef | A.ItRef)):  # fmt: skip
        return None

    if (cond.keyword.lower() not in KEYWORD_COSTS or cond.form != "paid" or cond.player is not None
            or not isinstance(cond.subject, A.SelfRef | A.ItRef)):  # fmt: skip
        return f"condition 'its {cond.keyword} cost was paid' ({cond.form})"
    return None


def _as_cast(ctx: Ctx, cond: A.Happened) -> bool:
    """"if you revealed a Dragon card or controlled a Dragon as you cast
    [this]" (:mod:`cardtext.interpreter.as_cast`)."""
    from .as_cast import revealed_or_controlled

    return revealed_or_controlled(ctx, cond)


def _as_cast_supported(cond: A.Happened) -> bool:
    from .as_cast import supported

    return supported(cond)


def _attackers_fit(ctx: Ctx, filt: A.ObjectFilter, players: list[Any] | None) -> int:
    """How many of the creatures declared as attackers this turn (508.1) by
    the players named fit the description — each as it is now, or as it
    last existed on the battlefield if it has left (608.2h)."""
    from .filters import matches

    n = 0
    for who, oid in ctx.game.state.attacked:
        if players is not None and who not in players:
            continue
        o = ctx.game.get(oid)
        if o is None:
            lki = ctx.game.state.lki.get(oid)
            o = lki.last if lki is not None else None
        if o is not None and matches(ctx.game, filt, o, you=ctx.controller, source=None, anywhere=True):
            n += 1
    return n


def _attacked_with(ctx: Ctx, cond: A.Happened) -> bool:
    """"if you attacked with three or more creatures this turn", "as long as
    you attacked with three or more Merfolk this turn", "if you attacked
    with a Spacecraft this turn": the creatures the player declared as
    attackers this turn (508.1) that fit the description, counted however
    many have left since."""
    what = cond.other
    return count_fits(ctx, _attackers_fit(ctx, what.filter, ctx.players(cond.subject)), what.how, what.count)


def _attacked_with_supported(cond: A.Happened) -> bool:
    from .filters import filter_problem

    what = cond.other
    return (isinstance(what, A.AnObject) and what.how in COUNT_WORDS and not what.up_to and not what.any_number
            and isinstance(cond.subject, A.You) and filter_problem(what.filter) is None)  # fmt: skip


def _attacked(ctx: Ctx, cond: A.Happened) -> bool:
    """508.1: "if you attacked this turn" (raid): the player declared one or
    more creatures as attackers this turn, whatever became of them since;
    "if [this] attacked this turn": this object was declared an attacker
    (a new object, 400.7, hasn't; one put onto the battlefield attacking
    wasn't declared, 508.4)."""
    attacked = ctx.game.state.attacked
    if isinstance(cond.subject, A.AnObject):
        # "if no creatures attacked this turn": the attackers declared by anyone
        what = cond.subject
        return count_fits(ctx, _attackers_fit(ctx, what.filter, None), what.how, what.count)
    if _is_this(cond.subject):
        return any(oid == ctx.source for _, oid in attacked)
    if isinstance(cond.subject, A.ItRef):
        # "sacrifice this creature unless it attacked this turn": the object "it" names
        ids = ctx.objects(cond.subject)
        return any(oid in ids for _, oid in attacked)
    players = ctx.players(cond.subject)
    return any(who in players for who, _ in attacked)


def _attacked_or_blocked(ctx: Ctx, cond: A.Happened) -> bool:
    """508.1, 509.1: "if [this] attacked or blocked this turn", "exile target
    creature if it attacked or blocked this turn": the object was declared
    as an attacker or a blocker this turn (as the object it is now, 400.7)."""
    state = ctx.game.state
    ids = ctx.objects(cond.subject)
    return any(oid in ids for _, oid in state.attacked) or any(oid in ids for oid in state.blocked_this_turn)


def _attacked_supported(cond: A.Happened) -> bool:
    subject = cond.subject
    if cond.other is not None:
        return False
    if isinstance(subject, A.AnObject):
        from .filters import filter_problem

        return subject.how in COUNT_WORDS and not subject.up_to and not subject.any_number and filter_problem(subject.filter) is None
    if isinstance(subject, A.ItRef):
        return True
    if isinstance(subject, A.PlayerGroup):
        return subject.which in ("an_opponent", "any_opponent")  # any one of them
    return isinstance(subject, A.You) or _is_this(subject)


def _is_this(subject: object) -> bool:
    """[this] ("if this creature attacked this turn")."""
    return isinstance(subject, A.SelfRef)


def _life_changed(ctx: Ctx, cond: A.Happened) -> bool:
    """119.3: "if you gained life this turn", "if you gained 3 or more life
    this turn", "if you lost life this turn", "if an opponent lost life this
    turn", "if each opponent lost life this turn", "if you gained or lost
    life this turn" (either), "if you gained and lost life this turn"
    (both): the gains or losses of
    life of this turn of each player (damage and paying life are losses of
    life, 119.3, 119.4), added up; "a"/"an" asks it of one of the players,
    "each" of all of them."""
    changes = ctx.game.state.life_changes
    need = max(ctx.quantity(cond.other) if cond.event == "gained or more life" else 1, 1)

    def total(player: object, gained: bool) -> int:
        return sum(abs(n) for who, n in changes if who == player and (n > 0) == gained)

    def changed(player: object) -> bool:
        if cond.event == "gained or lost life":
            return total(player, True) >= 1 or total(player, False) >= 1
        if cond.event == "gained and lost life":
            return total(player, True) >= 1 and total(player, False) >= 1
        return total(player, cond.event.startswith("gained")) >= need

    players = ctx.players(cond.subject)
    if isinstance(cond.subject, A.PlayerGroup) and cond.subject.which in _EACH_GROUPS:
        return all(changed(p) for p in players)
    return any(changed(p) for p in players)


_EACH_GROUPS = frozenset({"each_player", "each_opponent"})
_ANY_GROUPS = frozenset({"a_player", "an_opponent", "any_player", "any_opponent"})


def _life_changed_supported(cond: A.Happened) -> bool:
    subject = cond.subject
    return isinstance(subject, A.You | A.ThatPlayer | A.TheirRef | A.ThemRef | A.Target) or (
        isinstance(subject, A.PlayerGroup) and subject.which in _EACH_GROUPS | _ANY_GROUPS)


def _cast_this_turn(ctx: Ctx, cond: A.Happened) -> bool:
    """"if you've cast a creature spell this turn", "unless you've cast
    another red spell this turn", "if you haven't cast a spell from your
    hand this turn": the spells the players cast this turn, as they were
    cast (601.2i), that fit the description (cast from the zone named,
    601.2a); "another" leaves out the card the ability is on (the spell it
    was, 400.7)."""
    what = cond.other
    players = ctx.players(cond.subject)
    filt = what.filter
    other = filt.another or what.how == "another"
    n = sum(1 for spell in ctx.game.state.cast_this_turn
            if spell.controller in players and not (other and spell.cid == ctx.source[0])
            and _spell_fits(ctx, spell, filt))  # fmt: skip
    fits = count_fits(ctx, n, "" if what.how == "another" else what.how, what.count)
    return fits != (cond.event == "not cast")


def _cast_this_turn_supported(cond: A.Happened) -> bool:
    from .filters import filter_problem

    what = cond.other
    return (isinstance(what, A.AnObject) and what.how in COUNT_WORDS | {"another"} and not what.up_to
            and isinstance(cond.subject, A.You | A.PlayerGroup) and filter_problem(what.filter) is None
            and _cast_zone_ok(what.filter))  # fmt: skip


def _cast_zone_ok(filt: A.ObjectFilter) -> bool:
    """The zones "a spell from your hand" names are ones :func:`_spell_fits` tells."""
    from .context import zone_names

    try:
        for q in filt.post:
            if isinstance(q, A.InZone) and q.preposition == "from":
                zone_names(q)
    except Unsupported:
        return False
    return True


LEFT_EVENTS = ("died", "left the battlefield")
"""The events of :func:`_left_this_turn`, whose description may say who
controlled the permanent ("a permanent you controlled")."""


def without_past_controller(what: A.AnObject) -> A.AnObject:
    """"a permanent you controlled" without "you controlled", which
    :func:`_left_this_turn` judges by last known information itself."""
    filt = what.filter
    if filt.controller is None or not filt.controller.past:
        return what
    return replace(what, filter=replace(filt, post=tuple(q for q in filt.post if q is not filt.controller)))


def _left_this_turn(ctx: Ctx, cond: A.Happened) -> bool:
    """"if a creature died this turn" (700.4: put into a graveyard from the
    battlefield), "if a permanent you controlled left the battlefield this
    turn", "if a creature died under an opponent's control this turn": the
    permanents that left the battlefield this turn, each judged as it last
    existed there (603.10a, 608.2h) — who controlled it then too; "another"
    leaves out the object the ability is on."""
    what = cond.subject
    filt = what.filter
    past = filt.controller if filt.controller is not None and filt.controller.past else None
    if past is not None:
        filt = replace(filt, post=tuple(q for q in filt.post if q is not past))
    whose = ctx.players(cond.control) if cond.control is not None else None

    def under(ch: Any) -> bool:
        if past is not None and (ch.controller in ctx.players(past.player)) == past.negated:
            return False
        return whose is None or ch.controller in whose

    n = _count_changes(ctx, cond, filt, filt.another or what.how == "another", under)
    return count_fits(ctx, n, "" if what.how == "another" else what.how, what.count)


def _left_this_turn_supported(cond: A.Happened) -> bool:
    from .filters import filter_problem
    from .zone_changes import control_problem

    what = cond.subject
    if not isinstance(what, A.AnObject) or what.how not in COUNT_WORDS | {"another"} or what.up_to or cond.other is not None:
        return False
    return control_problem(cond.control) is None and filter_problem(without_past_controller(what).filter) is None


def _done_this_way(ctx: Ctx, cond: A.Happened) -> bool:
    """608.2c: "If a creature card is exiled this way, ...", "if you
    sacrificed a creature this way": the objects an earlier instruction of
    this effect did that to (as it recorded them), those that fit the
    description counted — judged as they are now, or by last known
    information if they have left their zone; "by player" counts only the
    objects that player controlled.  Nothing recorded: the instruction
    wasn't carried out ("you may ..." declined), so nothing was done."""
    verb = cond.event.removesuffix(" this way")
    what = cond.subject
    if isinstance(what, A.SelfRef):
        # "If [this] is destroyed this way": the object the text is on is among them (as the card it became, 400.7)
        try:
            done = ctx.done_this_way(verb)
        except Unsupported:
            done = []
        return any(oid[0] == ctx.source[0] for oid in done)
    filt = replace(what.filter, post=what.filter.post + (A.DoneThisWay(verb),))
    try:
        ids = ctx.done_objects(filt)
    except Unsupported:
        ids = []
    if cond.form == "by player":
        players = ctx.players(cond.other)
        ids = [oid for oid in ids if _controlled_by(ctx, oid, players)]
    if what.filter.another or what.how == "another":
        # "if another Desert was returned this way": not the object the text is on, whatever it became
        ids = [oid for oid in ids if oid[0] != ctx.source[0]]
    return count_fits(ctx, len(ids), "" if what.how == "another" else what.how, what.count)


def _controlled_by(ctx: Ctx, oid: Any, players: list[Any]) -> bool:
    obj = ctx.game.get(oid)
    if obj is not None and obj.zone == "battlefield":
        return obj.controller in players
    lki = ctx.lki(oid)
    return (lki.controller if lki is not None else obj.controller if obj is not None else None) in players


THIS_WAY_VERBS = ("tapped", "untapped", "sacrificed", "exiled", "revealed", "discarded", "destroyed", "milled",
                  "returned", "drawn", "countered")
"""The verbs of "if [an object] is [verb] this way" the engine tells: those
the instructions record what they did for (every one of them is in
:data:`~cardtext.interpreter.actions.registry.RECORDED_VERBS`)."""


def _done_this_way_supported(cond: A.Happened) -> bool:
    from .filters import filter_problem

    what = cond.subject
    if isinstance(what, A.SelfRef):
        return cond.event.removesuffix(" this way") in THIS_WAY_VERBS and cond.form != "by player"
    return (cond.event.removesuffix(" this way") in THIS_WAY_VERBS and isinstance(what, A.AnObject)
            and what.how in COUNT_WORDS | {"another"} and not what.up_to and filter_problem(what.filter) is None
            and (cond.form != "by player" or isinstance(cond.other, A.You | A.PlayerGroup)))  # fmt: skip


def _searched(ctx: Ctx, cond: A.Happened) -> bool:
    """701.23: "If you search your library this way, shuffle.": whether the
    search this effect offered was made (a "you may search" declined is no
    search)."""
    return "searched library" in ctx.done


def _descended(ctx: Ctx, cond: A.Happened) -> bool:
    """700.11: "if you descended this turn" — a permanent card was put into
    that player's graveyard from anywhere this turn (a token is no card)."""
    from .characteristics import front_chars
    from .filters import PERMANENT_TYPES

    players = set(ctx.players(cond.subject))
    objects = ctx.game.state.objects
    return any(owner in players and cid in objects and any(t in front_chars(objects[cid]).types for t in PERMANENT_TYPES)
               for (cid, _), owner in ctx.game.state.to_graveyard_this_turn)  # fmt: skip


def _spells_fit(ctx: Ctx, spells: list[GameObject], filt: A.ObjectFilter, players: list[Any] | None) -> int:
    """How many of the spells (as they were cast, 601.2i) fit the description,
    of those the players named cast."""
    return sum(1 for spell in spells if (players is None or spell.controller in players) and _spell_fits(ctx, spell, filt))


def _spell_fits(ctx: Ctx, spell: GameObject, filt: A.ObjectFilter) -> bool:
    """A spell cast (as it was cast, 601.2i) fits the description — "a spell
    from your hand": one cast from there (601.2a)."""
    from .context import zone_names
    from .filters import matches

    if not matches(ctx.game, filt, spell, you=ctx.controller, source=None, anywhere=True):
        return False
    for q in filt.post:
        if isinstance(q, A.InZone) and q.preposition == "from":
            info = ctx.game.linked(spell.id)
            if info.cast_from not in zone_names(q):
                return False
            if q.owner is not None and spell.owner not in ctx.players(q.owner):
                return False
    return True


def _cast_last_turn(ctx: Ctx, cond: A.Happened) -> bool:
    """"if no spells were cast last turn", "if a player cast two or more
    spells last turn", "if an opponent cast a creature spell last turn",
    "if a spell was cast last turn": the spells cast during the turn before
    this one, whoever's it was (500.1), as they were cast (601.2i); a
    player group asks it of one of them ("a player"), or of each."""
    spells = ctx.game.state.cast_last_turn
    if cond.event == "none cast last turn":
        return _spells_fit(ctx, spells, cond.subject, None) == 0
    if cond.other is None:
        what = cond.subject
        return count_fits(ctx, _spells_fit(ctx, spells, what.filter, None), what.how, what.count)
    what = cond.other
    return _each_or_any(ctx, cond.subject, lambda p: count_fits(
        ctx, _spells_fit(ctx, spells, what.filter, [p]), what.how, what.count), anyone=True)


def _cast_last_turn_supported(cond: A.Happened) -> bool:
    from .filters import filter_problem

    if cond.event == "none cast last turn":
        return isinstance(cond.subject, A.ObjectFilter) and filter_problem(cond.subject) is None and _cast_zone_ok(cond.subject)
    what = cond.subject if cond.other is None else cond.other
    if not isinstance(what, A.AnObject) or what.how not in COUNT_WORDS or what.up_to or what.any_number:
        return False
    if cond.other is not None and _player_problem(cond.subject, "cast last turn") is not None:
        return False
    return filter_problem(what.filter) is None and _cast_zone_ok(what.filter)


def _lost_life_last_turn(ctx: Ctx, cond: A.Happened) -> bool:
    """"if you lost life last turn", "if an opponent lost life last turn"
    (119.3): a loss of life during the turn before this one (damage and
    paying life included, 119.3)."""
    changes = ctx.game.state.life_changes_last_turn
    return _each_or_any(ctx, cond.subject, lambda p: any(who == p and n < 0 for who, n in changes), anyone=True)


def _dealt_damage_this_turn(ctx: Ctx, cond: A.Happened) -> bool:
    """"if an opponent was dealt damage this turn" (bloodthirst, 702.54a),
    "if [this] was dealt damage this turn": damage was dealt to that player,
    or to that permanent as the object it is now (120.3, 400.7), this turn —
    damage that was prevented isn't dealt (615)."""
    subject = cond.subject
    if _is_object_ref(subject):
        return any(oid in ctx.game.state.damaged() for oid in ctx.objects(subject))
    damaged = {p for _, p in ctx.game.state.damaged_players()}
    return _each_or_any(ctx, subject, lambda p: p in damaged, anyone=True)


def _is_object_ref(ref: object) -> bool:
    return isinstance(ref, A.SelfRef | A.ItRef) or isinstance(ref, A.ThatRef) and not ref.what.is_player


def _dealt_damage_supported(cond: A.Happened) -> bool:
    return cond.other is None and (_is_object_ref(cond.subject)
                                   or _player_problem(cond.subject, "was dealt damage") is None)  # fmt: skip


def _cast_during_main_phase(ctx: Ctx, cond: A.Happened) -> bool:
    """ "if you cast this spell during your main phase" (505.1): the spell's
    caster cast it during their own main phase, precombat or postcombat (as
    the game remembers of it, 601.2i)."""
    what, _whose = cond.other
    ids = ctx.self_objects(what)
    if not ids:
        return False
    info = ctx.game.linked(ids[0])
    return info.cast and info.main_phase and info.caster in ctx.players(cond.subject)


def _cast_during_main_phase_supported(cond: A.Happened) -> bool:
    what, whose = cond.other
    return (isinstance(cond.subject, A.You) and isinstance(what, A.SelfRef | A.ItRef)
            and isinstance(whose, A.Possessive) and isinstance(whose.object, A.You))  # fmt: skip


def _sacrificed_this_turn(ctx: Ctx, cond: A.Happened) -> bool:
    """701.21a: "if you've sacrificed an artifact this turn", "if you
    sacrificed one or more permanents this turn": the permanents the players
    sacrificed this turn, each as it last existed on the battlefield."""
    from .filters import matches

    what = cond.other
    players = ctx.players(cond.subject)
    n = sum(1 for who, lki in ctx.game.state.sacrificed_this_turn if who in players and lki.last is not None
            and matches(ctx.game, what.filter, lki.last, you=ctx.controller, source=None, anywhere=True))  # fmt: skip
    ctx.amount = n  # "... deals that much damage": the permanents counted (608.2c)
    return count_fits(ctx, n, what.how, what.count)


def _sacrificed_supported(cond: A.Happened) -> bool:
    from .filters import filter_problem

    what = cond.other
    return (isinstance(cond.subject, A.You) and isinstance(what, A.AnObject) and what.how in COUNT_WORDS
            and not what.up_to and not what.any_number and filter_problem(what.filter) is None)  # fmt: skip


def _dealt_damage_to(ctx: Ctx, cond: A.Happened) -> bool:
    """120.3: "if [this] dealt damage to an opponent this turn": damage this
    object (as the object it is now, 400.7) dealt to one of those players."""
    players = set(_group_players(ctx, cond.other))
    return any(sid == ctx.source and p in players for sid, p in ctx.game.state.damaged_players())


def _group_players(ctx: Ctx, who: object) -> list[Any]:
    if isinstance(who, A.PlayerGroup):
        from .filters import group_players

        return group_players(ctx.game, who.which, ctx.controller)
    return ctx.players(who)


HAPPENED: dict[str, tuple[Callable[[Ctx, Any], bool], Callable[[Any], bool]]] = {
    "sacrificed": (_sacrificed_this_turn, _sacrificed_supported),
    "dealt damage to": (_dealt_damage_to, lambda cond: isinstance(cond.subject, A.SelfRef)
                        and isinstance(cond.other, A.PlayerGroup) and cond.other.which in _ANY_GROUPS),
    "not cast": (_cast_this_turn, lambda cond: _cast_this_turn_supported(cond)),
    "none cast last turn": (_cast_last_turn, _cast_last_turn_supported),
    "cast last turn": (_cast_last_turn, _cast_last_turn_supported),
    "lost life last turn": (_lost_life_last_turn, lambda cond: _player_problem(cond.subject, "lost life") is None),
    "was dealt damage": (_dealt_damage_this_turn, _dealt_damage_supported),
    "cast during main phase": (_cast_during_main_phase, _cast_during_main_phase_supported),
    "descended": (_descended, lambda cond: cond.other is None and cond.control is None
                  and isinstance(cond.subject, A.You | A.PlayerGroup | A.ThatPlayer)),
    **{f"{verb} this way": (_done_this_way, _done_this_way_supported) for verb in THIS_WAY_VERBS},
    "searched library this way": (_searched, lambda cond: isinstance(cond.subject, A.You)
                                  and isinstance(getattr(cond.other, "object", None), A.You)),
    **{event: (_left_this_turn, _left_this_turn_supported) for event in LEFT_EVENTS},
    "cast": (_cast_this_turn, _cast_this_turn_supported),
    "gained life": (_life_changed, _life_changed_supported),
    "gained or more life": (_life_changed, _life_changed_supported),
    "lost life": (_life_changed, _life_changed_supported),
    "gained or lost life": (_life_changed, _life_changed_supported),
    "gained and lost life": (_life_changed, _life_changed_supported),
    "attacked with": (_attacked_with, _attacked_with_supported),
    "attacked": (_attacked, _attacked_supported),
    "attacked or blocked": (_attacked_or_blocked, lambda cond: cond.other is None
                            and isinstance(cond.subject, A.SelfRef | A.ItRef | A.Target)),
    "entered": (_entered, _entered_supported),
    "revealed or controlled": (_as_cast, _as_cast_supported),
    "additional cost was paid": (_additional_cost_paid, lambda cond: True),
}
"""The events a :class:`~cardtext.grammar.ast.Happened` condition can ask about ("if
you attacked with ... this turn", "if its additional cost was paid"), by
their words: how to tell, and which wordings of it the engine reads."""


def happened_supported(cond: A.Happened) -> bool:
    entry = HAPPENED.get(cond.event)
    return entry is not None and entry[1](cond)


def _happened(ctx: Ctx, cond: A.Happened) -> bool:
    if not happened_supported(cond):
        raise Unsupported(f"condition '{cond.event}'")
    return HAPPENED[cond.event][0](ctx, cond)


def _turn(ctx: Ctx, cond: A.Turn) -> bool:
    """ "it's your turn", "it's not your turn", "it's an opponent's turn":
    who the active player is (102.1, 500.1)."""
    active = ctx.game.state.active
    if cond.whose == "yours":
        return active == ctx.controller
    if cond.whose == "not yours":
        return active != ctx.controller
    if cond.whose == "an opponent's":
        return active in ctx.game.opponents(ctx.controller)
    raise Unsupported(f"condition 'it's {cond.whose} turn'")


def _players_turn(ctx: Ctx, cond: A.PlayersTurn) -> bool:
    """ "it's their turn", "it's not that player's turn": whether the one
    player named is the active player (102.1)."""
    players = ctx.players(cond.player)
    if len(players) != 1:
        raise Unsupported("'it's [a player's] turn' naming other than one player")
    return (players[0] == ctx.game.state.active) != cond.negated


def _player_has_counters(ctx: Ctx, cond: A.HasCounters) -> bool:
    """122.1: "if defending player is poisoned" (one or more poison
    counters, 122.1f), "if you have three or more poison counters", "if an
    opponent has no poison counters", "if you have eight or more energy
    counters" (122.1h): of several players named, any one."""
    problem = _player_counters_problem(cond)
    if problem is not None:
        raise Unsupported(problem)
    need = 1 if cond.amount is None else ctx.quantity(cond.amount)

    def has(n: int) -> bool:
        if cond.how == "no":
            return n == 0
        if cond.how == "exactly":
            return n == need
        if cond.how == "or fewer":
            return n <= need
        return n >= need  # "a poison counter", "three or more", "poisoned"

    found = any(has(ctx.game.player(p).counter(cond.kind)) for p in ctx.players(cond.object))
    return found != (cond.form == "not")


def _player_counters_problem(cond: A.HasCounters) -> str | None:
    if not cond.kind:
        return "condition 'counters' a player has, of any kind"
    return None


def count_fits(ctx: Ctx, count: int, how: str, amount: A.Quantity | None) -> bool:
    """A count against the words of a condition: "no" (none), "exactly N",
    "N or fewer", and "a", "N", "N or more", "at least N" (that many or
    more)."""
    if how == "no":
        return count == 0
    need = ctx.quantity(amount) if amount is not None else 1
    if how == "or fewer":
        return count <= need
    if how == "exactly":
        return count == need
    return count >= need


COUNT_WORDS = frozenset({"", "no", "or more", "at least", "or fewer", "exactly"})
"""The words of a count a condition can be read with (:func:`count_fits`)."""


def _each_or_any(ctx: Ctx, who: object, test: Callable[[Any], bool], *, anyone: bool = False) -> bool:
    """A condition about a player group: all of them for "each opponent",
    one of them for "an opponent" (and for the one player otherwise);
    with ``anyone``, "a player" is any one of the players in the game, not
    the player an ability triggered for ("At the beginning of each upkeep,
    if a player cast two or more spells last turn")."""
    if anyone and isinstance(who, A.PlayerGroup):
        from .filters import group_players

        players = group_players(ctx.game, who.which, ctx.controller)
    else:
        players = ctx.players(who)
    if isinstance(who, A.PlayerGroup) and who.which in _EACH_GROUPS:
        return all(test(p) for p in players)
    return any(test(p) for p in players)


_ONE_PLAYER = (A.You, A.ThatPlayer, A.TheirRef, A.Target)
"""The references to one player a player condition is read for."""


def _player_problem(who: object, what: str) -> str | None:
    if isinstance(who, _ONE_PLAYER):
        return None
    if isinstance(who, A.PlayerGroup) and who.which in _EACH_GROUPS | _ANY_GROUPS:
        return None
    return f"condition '{what}' of {type(who).__name__}"


def _hand_words(what: object) -> tuple[str, A.Quantity | None] | None:
    """"no cards in hand" and ("or more", N) / ("or fewer", N): the count of
    a player's hand a :class:`~grammar.ast.HasObjects` asks about."""
    if what == "no cards in hand":
        return "no", None
    if isinstance(what, tuple) and len(what) == 2 and what[0] in ("or more", "or fewer"):
        return what[0], what[1]
    return None


@per_node
def in_zone_of_anyone(what: A.AnObject) -> A.ObjectFilter:
    """"cards in hand" (the zone of the player who has them): the
    description in the zone of any player, the owner judged apart."""
    post = tuple(replace(q, owner=None, how="") if isinstance(q, A.InZone) and q.how == "bare" else q for q in what.filter.post)
    return replace(what.filter, post=post)


def _has_objects(ctx: Ctx, cond: A.HasObjects) -> bool:
    """"you have no cards in hand", "an opponent has seven or more cards in
    hand", "you have 200 or more cards in your library": how many objects
    of that description are in the player's zone (402, 401, 109.2)."""
    problem = has_objects_problem(cond)
    if problem is not None:
        raise Unsupported(problem)
    if _chosen_name(cond.what):
        return _has_chosen_name(ctx, cond) != cond.negated
    hand = _hand_words(cond.what)

    def fits(player: Any) -> bool:
        if hand is not None:
            return count_fits(ctx, len(ctx.game.zone_objects("hand", player)), *hand)
        what = cond.what
        zone = next(q for q in what.filter.post if isinstance(q, A.InZone))
        if zone.how == "possessive" and _players_own_zone(cond.player, zone.owner):
            # "you have 200 or more cards in your library", "an opponent has ten or more
            # cards in their graveyard": the zone of the player who has them
            found = ctx.each(in_zone_of_the_player(what))
            return count_fits(ctx, sum(1 for o in found if o.owner == player), what.how, what.count)
        bare = zone.how == "bare"
        found = ctx.each(in_zone_of_anyone(what))
        n = sum(1 for o in found if not bare or o.owner == player)
        return count_fits(ctx, n, what.how, what.count)

    return _each_or_any(ctx, cond.player, fits) != cond.negated


def _chosen_name(what: object) -> bool:
    """"the chosen name" (607.2d)."""
    return (isinstance(what, A.LinkedRef) and what.verb == "chosen" and isinstance(what.what, A.ObjectFilter)
            and what.what.nouns == ("name",) and not what.what.post)  # fmt: skip


def _has_chosen_name(ctx: Ctx, cond: A.HasObjects) -> bool:
    """ "Choose a card name, then ... If that card has the chosen name, ..."
    (201.2, 607.2d): the card's name, as it was last known, is the name this
    ability chose (a face-down object has no name, 708.2)."""
    o = _as_last_known(ctx, cond.player)
    info = ctx.game.linked(ctx.source)
    chosen = info.chosen_by(ctx.ability)
    if chosen is None:
        chosen = info.chosen_by(None)
    return o is not None and chosen is not None and o.face_down is None and chars(o).name == chosen


def has_objects_problem(cond: A.HasObjects) -> str | None:
    """What the engine can't tell in a "[player] has [objects]" condition."""
    if _chosen_name(cond.what):
        if isinstance(cond.player, A.ThatRef | A.ItRef | A.SelfRef | A.Target):
            return None
        return f"condition 'has the chosen name' of {type(cond.player).__name__}"
    problem = _player_problem(cond.player, "has")
    if problem is not None:
        return problem
    if _hand_words(cond.what) is not None:
        return None
    what = cond.what
    if not isinstance(what, A.AnObject) or what.up_to or what.any_number or what.how not in COUNT_WORDS:
        return "condition '[player] has' other than a number of objects described"
    zones = [q for q in what.filter.post if isinstance(q, A.InZone)]
    if len(zones) != 1 or zones[0].how not in ("", "bare") and not (
            zones[0].how == "possessive" and _players_own_zone(cond.player, zones[0].owner)):  # fmt: skip
        return "condition '[player] has' of objects other than in one zone"
    return None


def _players_own_zone(player: object, owner: object) -> bool:
    """"you have ... in your graveyard", "an opponent has ... in their
    graveyard": the zone named is that of the player who has the objects."""
    if isinstance(player, A.You):
        return isinstance(owner, A.You)
    return isinstance(player, A.PlayerGroup | A.ThatPlayer) and isinstance(owner, A.TheirRef)


@per_node
def in_zone_of_the_player(what: A.AnObject) -> A.ObjectFilter:
    """"cards in your graveyard" as "cards in a graveyard", the owner judged
    apart (the player who has them, :func:`_has_objects`)."""
    post = tuple(replace(q, owner=None, how="") if isinstance(q, A.InZone) else q for q in what.filter.post)
    return replace(what.filter, post=post)


def _counter_count(ctx: Ctx, cond: A.HasCounters) -> int | None:
    """How many counters of the kind are on the object (122.1); "had" (the
    object has left the battlefield): on it as it last existed there
    (603.10a, 608.2h); None if there's no such object."""
    ids = ctx.objects(cond.on)
    if not ids:
        return None
    o = ctx.game.get(ids[0])
    if o is not None and (cond.form != "had" or o.zone == "battlefield"):
        counters = dict(o.counters)
    else:
        lki = ctx.game.state.lki.get(ids[0])
        if lki is None and o is not None and o.zone != "battlefield":
            # "Destroy target creature. If that creature had a +1/+1 counter on it": the card
            # it became, as the permanent it was last existed (400.7, 608.2h)
            lki = ctx.game.state.lki.get((ids[0][0], ids[0][1] - 1))
            lki = lki if lki is not None and lki.zone == "battlefield" else None
        if lki is None:
            if o is not None:
                raise Unsupported("'had counters on it' of an object that hasn't left the battlefield")
            return None
        counters = dict(lki.counters)
    if not cond.kind:
        return sum(counters.values())
    return counters.get(cond.kind, 0)


def _has_counters(ctx: Ctx, cond: A.HasCounters) -> bool:
    """"as long as it has a +1/+1 counter on it", "if it had a -1/-1 counter
    on it" (603.10a), "if there are two or more ki counters on [this]", "if
    it doesn't have a flying counter on it": the counters on an object (122.1)."""
    if cond.on is None:
        return _player_has_counters(ctx, cond)  # counters a player has (122.1f)
    problem = has_counters_problem(cond)
    if problem is not None:
        raise Unsupported(problem)
    if isinstance(cond.object, A.AnObject):
        return _objects_have_counters(ctx, cond) != (cond.form == "not")
    if _counters_of_named(cond):
        cond = replace(cond, on=cond.object)  # "if that creature has a +1/+1 counter on it": on that creature
    n = _counter_count(ctx, cond)
    if n is None:
        return cond.form == "not" or cond.how == "no"
    if cond.amount is None:
        result = n > 0 if cond.how != "no" else n == 0
    else:
        result = count_fits(ctx, n, cond.how, cond.amount)
    return result != (cond.form == "not")


def _counters_of_named(cond: A.HasCounters) -> bool:
    """"that creature has a +1/+1 counter on it", "if target creature had a
    counter on it": the object named has the counters ("it" is that object)."""
    return (isinstance(cond.object, A.ThatRef | A.Target | A.AttachedRef) and isinstance(cond.on, A.ItRef)
            and cond.object != cond.on)  # fmt: skip


def _objects_have_counters(ctx: Ctx, cond: A.HasCounters) -> bool:
    """"if two or more permanents you don't control have an aim counter on
    them": how many objects of that description have that many counters of
    the kind (122.1) on them, against the count."""
    what = cond.object
    need = 1 if cond.amount is None else ctx.quantity(cond.amount)
    n = sum(1 for o in ctx.each(what.filter) if o.zone == "battlefield"
            and (sum(o.counters.values()) if not cond.kind else o.counters.get(cond.kind, 0)) >= need)  # fmt: skip
    return count_fits(ctx, n, what.how, what.count)


def has_counters_problem(cond: A.HasCounters) -> str | None:
    if cond.on is None:
        return _player_counters_problem(cond)
    if isinstance(cond.object, A.AnObject):
        from .filters import filter_problem

        what = cond.object
        ok = (isinstance(cond.on, A.ThemRef | A.ItRef) and cond.how == "" and cond.form == "" and what.how in COUNT_WORDS
              and not what.up_to and not what.any_number and filter_problem(what.filter) is None)  # fmt: skip
        return None if ok else "condition '[objects] have counters on them' other than a number of objects described"
    if _counters_of_named(cond):
        return None
    if cond.object is not None and cond.object != cond.on and not isinstance(cond.object, A.ItRef | A.SelfRef):
        return "condition 'has counters on' another object"
    if cond.how not in COUNT_WORDS:
        return f"condition 'has {cond.how} counters'"
    return None


def _life(ctx: Ctx, player: Any) -> int:
    return ctx.game.state.players[player].life


def _life_compare(ctx: Ctx, cond: A.LifeCompare) -> bool:
    """119: "you have 10 or less life", "an opponent has 25 or more life",
    "your life total is 5 or less", "you have more life than an opponent",
    "you have less life than each opponent": the players' life totals."""
    from .filters import compare

    problem = life_compare_problem(cond)
    if problem is not None:
        raise Unsupported(problem)
    if cond.form == "total":
        comparison = cond.amount
        return _each_or_any(ctx, cond.player,
                            lambda p: compare(_life(ctx, p), comparison, ctx.quantity(comparison.value)))  # fmt: skip
    if cond.than is not None:
        more = cond.op == "more"

        def beats(p: Any) -> bool:
            def against(q: Any) -> bool:
                return _life(ctx, p) > _life(ctx, q) if more else _life(ctx, p) < _life(ctx, q)

            than = cond.than
            if isinstance(than, A.PlayerGroup) and than.which == "each_other_player":
                # "a player has more life than each other player": the others of that player
                return all(against(q) for q in ctx.game.state.players if q != p)
            return _each_or_any(ctx, than, against, anyone=True)

        return _each_or_any(ctx, cond.player, beats, anyone=True)
    need = ctx.quantity(cond.amount)
    if cond.op == "less":
        return _each_or_any(ctx, cond.player, lambda p: _life(ctx, p) <= need)
    return _each_or_any(ctx, cond.player, lambda p: _life(ctx, p) >= need)


PAST_AMOUNT = "an amount as it was ('if its toughness was less than 1'): of an object as it last existed (608.2h)"


def _compare_amount(ctx: Ctx, cond: A.CompareAmount) -> bool:
    """ "if its toughness is 3 or less", "if X is 5 or more": a number the
    game tells, compared (107.1)."""
    from .filters import compare

    if not isinstance(cond.comparison, A.Comparison):
        raise Unsupported(f"condition CompareAmount with {type(cond.comparison).__name__}")
    if cond.was:
        raise Unsupported(PAST_AMOUNT)
    comparison = cond.comparison
    return compare(ctx.quantity(cond.amount), comparison, ctx.quantity(comparison.value))


def life_compare_problem(cond: A.LifeCompare) -> str | None:
    problem = _player_problem(cond.player, "has life")
    if problem is not None:
        return problem
    if cond.form == "total":
        if not isinstance(cond.amount, A.Comparison):
            return "condition 'life total is' other than a comparison with a number"
        return None
    if cond.than is not None:
        if isinstance(cond.than, A.PlayerGroup) and cond.than.which == "each_other_player":
            return None  # "than each other player": the others of the player compared
        if not isinstance(cond.player, A.You) and not isinstance(cond.than, A.You):
            return "condition 'has more life than' said of players other than you"
        return _player_problem(cond.than, "has more life than")
    if cond.op not in ("less", "more"):
        return f"condition 'has N or {cond.op} life'"
    return None


@dataclass(frozen=True, slots=True)
class Unless(A.Node):
    """The condition of "unless [condition]" (the written one negated), for
    a condition that has no negated form of its own: "[this] can't attack
    unless there are seven or more cards in your graveyard"."""

    condition: A.Node


def _unless(ctx: Ctx, cond: Unless) -> bool:
    return not holds(ctx, cond.condition)


def negated(cond: A.Node) -> A.Node:
    """The condition of "unless [cond]"."""
    if isinstance(cond, Unless):
        return cond.condition
    if hasattr(cond, "negated"):
        return replace(cond, negated=not cond.negated)  # type: ignore[call-arg]
    return Unless(cond, span=cond.span)


def _cond_and(ctx: Ctx, cond: A.CondAnd) -> bool:
    """Two conditions joined by "and" (both hold) or "or" / "or if" (either does)."""
    if cond.conj in ("or", "or if"):
        return holds(ctx, cond.first) or holds(ctx, cond.second)
    return holds(ctx, cond.first) and holds(ctx, cond.second)


def _spent_on(ctx: Ctx, ref: object) -> list[ObjectId]:
    """The spell or permanent "cast it" names: the object the text is on,
    the spell that triggered "Whenever you cast a spell, if ... was spent to
    cast it" (603.4), or what the instruction before names."""
    if isinstance(ref, A.ItRef) and not (ctx.it or ctx.named) and ctx.trigger_spell is not None:
        item = ctx.game.stack_item(ctx.trigger_spell)
        if item is None:
            raise Unsupported("the mana spent to cast a spell that has left the stack")
        return [item.source]
    return ctx.self_objects(ref)


def _spent_to_cast(ctx: Ctx, cond: A.SpentToCast) -> bool:
    """601.2h: "if {R} was spent to cast it" (that mana among what paid its
    total cost), "if no mana was spent to cast it", "if at least four mana
    was spent to cast it"; a permanent keeps what its spell was cast with."""
    ids = _spent_on(ctx, cond.object)
    info = ctx.game.linked(ids[0]) if ids else None
    spent = info.mana_units if info is not None else ()
    what = cond.what
    if isinstance(what, A.ManaCost):
        need = Counter(s.color for s in what.symbols if isinstance(s, A.ColoredMana))
        have = Counter(spent)
        return all(have[color] >= n for color, n in need.items())
    return count_fits(ctx, len(spent), what.how, what.count)


def _is_mana(filt: A.ObjectFilter) -> bool:
    """ "mana" as the whole of a description ("no mana", "at least four mana")."""
    words = filt.words
    return (len(words) == 1 and isinstance(words[0], A.StatusAdj) and words[0].status == "mana"
            and not words[0].negated and not filt.post)  # fmt: skip


def spent_to_cast_problem(cond: A.SpentToCast) -> str | None:
    """What :func:`_spent_to_cast` can't tell of "... was spent to cast it"."""
    what = cond.what
    if isinstance(what, A.ManaCost):
        if not what.symbols or not all(isinstance(s, A.ColoredMana) for s in what.symbols):
            return "condition '[mana] was spent to cast it' of mana other than colored symbols"
    elif not (isinstance(what, A.AnObject) and what.how in COUNT_WORDS and not what.up_to and not what.any_number
              and _is_mana(what.filter)):  # fmt: skip
        return "condition '[mana] was spent to cast it' other than of a color or an amount of mana"
    if not isinstance(cond.object, A.SelfRef | A.ItRef | A.ThatRef | A.Target):
        return f"condition '[mana] was spent to cast' {type(cond.object).__name__}"
    return None


def _cast_info(ctx: Ctx, ref: object) -> Any:
    """What the game remembers of how the object a condition names was cast
    (:func:`cardtext.interpreter.casting._became_cast`, 601.2i): the spell
    the text is on, or the permanent it became (a permanent keeps what its
    spell was cast with, 607.2j); None if it wasn't cast (a copy, a card put
    onto the battlefield, 702.33 K11); "Whenever a creature you control
    enters, if you cast it": "it" is the object that entered."""
    if isinstance(ref, A.ItRef) and ctx.trigger_object is not None and not (ctx.it or ctx.named):
        ids = [ctx.trigger_object]
    else:
        ids = _spent_on(ctx, ref)
    info = ctx.game.linked(ids[0]) if ids else None
    return info if info is not None and info.cast else None


def _cast_from(ctx: Ctx, cond: A.CastFrom) -> bool:
    """601.2a: "if you cast it from your hand", "if this spell was cast from
    a graveyard", "if it was cast from your graveyard": the zone the card
    was in as it was cast, whose it was ("your": the card's owner), and
    for "you cast it" who cast it."""
    problem = cast_from_problem(cond)
    if problem is not None:
        raise Unsupported(problem)
    info = _cast_info(ctx, cond.object)
    place = cond.zone
    if info is None or info.cast_from != place.zone:
        return False
    if cond.who is not None and info.caster not in ctx.players(cond.who):
        return False
    if isinstance(place.owner, A.Possessive):
        ids = _spent_on(ctx, cond.object)
        o = ctx.obj_or_lki(ids[0]) if ids else None
        return o is not None and o.owner in ctx.players(place.owner)
    return True


def cast_from_problem(cond: A.CastFrom) -> str | None:
    place = cond.zone
    if not isinstance(cond.object, A.SelfRef | A.ItRef | A.ThatRef):
        return f"condition 'cast from' of {type(cond.object).__name__}"
    if not isinstance(place, A.ZonePlace) or place.second or place.zone not in ("hand", "graveyard", "library", "exile"):
        return "condition 'cast from' of a zone other than a hand, graveyard, library or exile"
    if place.owner is not None and not isinstance(place.owner, A.Possessive):
        return "condition 'cast from' of a zone named otherwise than by its owner"
    if cond.who is not None and not isinstance(cond.who, A.You):
        return f"condition '[a player] cast it from' of {type(cond.who).__name__}"
    return None


def does_action_kind(cond: A.DoesAction) -> str | None:
    """The conditions a :class:`~cardtext.grammar.ast.DoesAction` is read as
    when its clause states a fact rather than an action someone takes:
    "if you cast it" ("cast"), "as long as enchanted creature is blue",
    "if all nonland permanents you control are white" ("color"), "if that
    creature is 1/1" ("pt"); None for any other."""
    action = cond.action
    if cond.tails or cond.where_x is not None or getattr(action, "duration", None) is not None:
        return None
    if (isinstance(action, A.CastCard) and isinstance(cond.subject, A.You) and isinstance(action.what, A.ItRef | A.SelfRef)
            and not (action.free or action.play or action.look or action.form)):  # fmt: skip
        return "cast"
    subject_ok = isinstance(cond.subject, A.SelfRef | A.ItRef | A.ThatRef | A.AttachedRef | A.Each)
    if (isinstance(action, A.IsType) and subject_ok and action.words is None and not action.kept and not action.pt
            and action.pt_equal is None and action.special in _COLOR_STATES):  # fmt: skip
        return "color"
    if (isinstance(action, A.SetPT) and subject_ok and not action.base and not action.keywords and action.amounts is None
            and action.power.isdigit() and action.toughness.isdigit()):  # fmt: skip
        return "pt"
    return None


_COLOR_STATES = frozenset({"white", "blue", "black", "red", "green", "colorless", "multicolored", "monocolored"})


def _does_action(ctx: Ctx, cond: A.DoesAction) -> bool:
    """"if you cast it" (601.2i: the permanent was a spell its controller
    cast, not one put onto the battlefield or a copy); "as long as enchanted
    creature is red" (105.2, its colors with the effects that change them);
    "if all nonland permanents you control are white" (each of them, none
    being no exception); "if that creature is 1/1" (its power and toughness
    now, 208.1)."""
    from .characteristics import power_toughness
    from .filters import _adjective

    kind = does_action_kind(cond)
    if kind is None:
        raise Unsupported(f"condition DoesAction ({type(cond.action).__name__})")
    if kind == "cast":
        info = _cast_info(ctx, cond.action.what)
        return info is not None and info.caster == ctx.controller
    objs = [o for o in (ctx.game.get(oid) for oid in ctx.objects(cond.subject)) if o is not None]
    if kind == "color":
        color = _color_adjective(cond.action.special)
        fits = [_adjective(ctx.game, color, o, chars(o)) for o in objs]
    else:
        pt = (int(cond.action.power), int(cond.action.toughness))
        fits = [power_toughness(ctx.game, o) == pt for o in objs]
    if isinstance(cond.subject, A.Each):
        return all(fits)
    return bool(fits) and fits[0]


@cache
def _color_adjective(color: str) -> A.ColorAdj:
    return A.ColorAdj(color)


def _as_last_known(ctx: Ctx, ref: object) -> GameObject | None:
    """The object a "was" condition asks about, as it was last known
    (608.2h): as it is, if it is still where it was; as it last existed on
    the battlefield or the stack, if it left; a card that left another zone
    (a graveyard, a hand) has the characteristics it had there."""
    ids = ctx.objects(ref)
    if not ids:
        return None
    o = ctx.game.get(ids[0])
    if o is not None:
        return o
    lki = ctx.game.state.lki.get(ids[0])
    if lki is not None:
        return lki.last
    return ctx.game.state.objects.get(ids[0][0])


PAST_STATES = ("tapped", "untapped", "attacking", "blocking", "suspected", "nonbasic", "legendary")
"""The words of "if it was [state]" the engine tells (608.2h)."""


def _was_state(ctx: Ctx, cond: A.WasState) -> bool:
    """608.2h: "if it was tapped", "if that land was nonbasic", "if the
    sacrificed creature was a Human", "if it wasn't a land card", "draw a
    card if it was attacking": the state the object had as it was last
    known — now, if it is still where it was; as it last existed there, if
    it left (a creature that died was attacking if it was when it died,
    506.4)."""
    from .filters import _in_combat, matches

    problem = was_state_problem(cond)
    if problem is not None:
        raise Unsupported(problem)
    o = _as_last_known(ctx, cond.object)
    if o is None:
        return False
    state = cond.state
    if state in ("tapped", "untapped"):
        result = o.tapped == (state == "tapped")
    elif state in ("attacking", "blocking"):
        result = _in_combat(ctx.game, o, state)
    elif state == "suspected":
        result = state in o.marks
    elif state in ("nonbasic", "legendary"):
        result = ("basic" not in chars(o).supertypes) if state == "nonbasic" else "legendary" in chars(o).supertypes
    else:
        result = matches(ctx.game, is_a_filter(state), o, you=ctx.controller, source=ctx.source, anywhere=True)
    return result != cond.negated


def was_state_problem(cond: A.WasState) -> str | None:
    from .filters import filter_problem

    if not isinstance(cond.object, A.SelfRef | A.ItRef | A.ThatRef | A.CostPaidRef):
        return f"condition 'was [state]' of {type(cond.object).__name__}"
    state = cond.state
    if isinstance(state, str):
        return None if state in PAST_STATES else f"condition 'was {state}'"
    if isinstance(state, A.StateWord) and state.word == "a" and state.what:
        return filter_problem(is_a_filter(state))
    return f"condition 'was' {type(state).__name__}"


def _shares_with(ctx: Ctx, cond: A.SharesWith) -> bool:
    """ "if it shares a creature type with [this]" (kinship), "if it shares a
    color with a creature you control", "if it shares a card type with the
    card exiled this way": a creature type, color or card type in common
    (105.4, 205.3m, 205.2a) with the other object — with one of the objects
    described, for "a creature you control"; each as it was last known
    if it has left its zone (608.2h)."""
    from .filters import _shared

    problem = shares_with_problem(cond)
    if problem is not None:
        raise Unsupported(problem)
    o = _as_last_known(ctx, cond.object)
    if o is None:
        return False
    mine = _shared(chars(o), cond.what)
    other = cond.other
    if isinstance(other, A.AnObject):
        others: list[GameObject] = [x for x in ctx.each(other.filter) if x.id != o.id]
    else:
        found = _as_last_known(ctx, other)
        others = [found] if found is not None else []
    return any(mine & _shared(chars(x), cond.what) for x in others)


def shares_with_problem(cond: A.SharesWith) -> str | None:
    from .filters import SHARED, filter_problem

    if cond.what not in SHARED:
        return f"condition 'shares a {cond.what} with'"
    if not isinstance(cond.object, A.SelfRef | A.ItRef | A.ThatRef | A.Target):
        return f"condition 'shares a {cond.what} with' of {type(cond.object).__name__}"
    other = cond.other
    if isinstance(other, A.AnObject):
        one = isinstance(other.count, A.Number) and other.count.value == 1
        if not one or other.how or other.up_to or other.any_number or filter_problem(other.filter) is not None:
            return f"condition 'shares a {cond.what} with' an object not described"
        return None
    if not isinstance(other, A.SelfRef | A.ItRef | A.ThatRef | A.AttachedRef | A.Target):
        return f"condition 'shares a {cond.what} with' {type(other).__name__}"
    return None


def _hand_compare(ctx: Ctx, cond: A.HandCompare) -> bool:
    """402: "if you have more cards in hand than each opponent", "if an
    opponent has more cards in hand than you", "fewer cards": the numbers
    of cards in the players' hands compared (of several named, one that
    fits is enough, "an opponent"; "each", all of them)."""
    problem = hand_compare_problem(cond)
    if problem is not None:
        raise Unsupported(problem)

    def size(player: Any) -> int:
        return len(ctx.game.zone("hand", player))

    def beats(p: Any) -> bool:
        return _each_or_any(ctx, cond.than, lambda q: size(p) > size(q) if cond.op == "more" else size(p) < size(q),
                            anyone=True)  # fmt: skip

    return _each_or_any(ctx, cond.player, beats, anyone=True)


def hand_compare_problem(cond: A.HandCompare) -> str | None:
    if cond.op not in ("more", "fewer"):
        return f"condition 'has {cond.op} cards in hand than'"
    if not isinstance(cond.player, A.You) and not isinstance(cond.than, A.You):
        # "a player has more cards in hand than each other player": the others of that player
        return "condition 'has more cards in hand than' of players other than you"
    return _player_problem(cond.player, "has cards in hand") or _player_problem(cond.than, "than")


def _total_power(ctx: Ctx, cond: A.TotalPower) -> bool:
    """ "if creatures you control have total power 8 or greater" (formidable):
    the powers of the creatures described, added up (208.1; a negative power
    counts as it is, 107.1b), against the amount."""
    from .characteristics import power_toughness

    total = sum(power_toughness(ctx.game, o)[0] or 0 for o in ctx.each(cond.what.filter) if o.zone == "battlefield")
    return total >= ctx.quantity(cond.amount)


def total_power_problem(cond: A.TotalPower) -> str | None:
    from .filters import filter_problem

    if not isinstance(cond.what, A.Each) or filter_problem(cond.what.filter) is not None:
        return "condition 'have total power' of objects not described"
    return None


def _most_common_colors(ctx: Ctx, among: A.Each) -> set[str]:
    """The colors most common among the objects described, those tied for
    most common included (105.1: each object counts once for each of its
    colors; with no permanent of any color, all five are tied)."""
    from .filters import COLOR_WORDS

    counts = Counter(color for o in ctx.each(among.filter) if o.zone == "battlefield" for color in set(chars(o).colors))
    most = max(counts[c] for c in COLOR_WORDS.values())
    return {c for c in COLOR_WORDS.values() if counts[c] == most}


def _most_common_color(ctx: Ctx, cond: A.MostCommonColor) -> bool:
    """ "as long as black is the most common color among all permanents or is
    tied for most common"; "if it shares a color with the most common color
    among all permanents or a color tied for most common": the object's
    colors (as last known, 608.2h) against the most common ones."""
    from .filters import COLOR_WORDS

    problem = most_common_color_problem(cond)
    if problem is not None:
        raise Unsupported(problem)
    most = _most_common_colors(ctx, cond.among)
    if cond.form == "is":
        return COLOR_WORDS[cond.subject.filter.words[0].color.lower()] in most
    o = _as_last_known(ctx, cond.subject)
    return o is not None and bool(set(chars(o).colors) & most)


def most_common_color_problem(cond: A.MostCommonColor) -> str | None:
    from .filters import COLOR_WORDS, filter_problem

    if not isinstance(cond.among, A.Each) or filter_problem(cond.among.filter) is not None:
        return "condition 'the most common color among' objects not described"
    if cond.form == "is":
        words = cond.subject.filter.words if isinstance(cond.subject, A.Each) else ()
        if len(words) != 1 or not isinstance(words[0], A.ColorAdj) or words[0].color.lower() not in COLOR_WORDS:
            return "condition '[color] is the most common color' of other than one color"
        return None
    if not isinstance(cond.subject, A.SelfRef | A.ItRef | A.ThatRef | A.Target | A.AttachedRef):
        return f"condition 'shares a color with the most common color' of {type(cond.subject).__name__}"
    return None


def _youve_this_turn(ctx: Ctx, cond: A.YouveThisTurn) -> bool:
    """ "if you've committed a crime this turn" (700.13: targeted an opponent,
    anything they control or a card in their graveyard), "as long as you've
    drawn two or more cards this turn" (121.1)."""
    if cond.what == "committed a crime":
        return ctx.controller in ctx.game.state.crimes
    if cond.what == "drawn cards":
        return ctx.game.player(ctx.controller).drawn_this_turn >= ctx.quantity(cond.amount)
    raise Unsupported(f"condition 'you've {cond.what} this turn'")


def _has_keyword(ctx: Ctx, cond: A.HasKeyword) -> bool:
    """702: "if that creature has infect", "if it had flying": the object
    has the keyword now (with the effects that grant or remove it, 613.1f);
    one that has left its zone, or "had", as it was last known (608.2h)."""
    from .characteristics import has_keyword

    problem = has_keyword_problem(cond)
    if problem is not None:
        raise Unsupported(problem)
    o = _as_last_known(ctx, cond.object)
    if cond.past or o is not None and o.zone not in ("battlefield", "stack"):
        ids = ctx.objects(cond.object)
        lki = ctx.game.state.lki.get(ids[0]) if ids else None
        if lki is None and ids:
            lki = ctx.game.state.lki.get((ids[0][0], ids[0][1] - 1))  # the permanent the card was (400.7)
        if lki is not None and lki.last is not None:
            o = lki.last
    return o is not None and has_keyword(ctx.game, o, cond.keyword.name.lower())


def has_keyword_problem(cond: A.HasKeyword) -> str | None:
    if not isinstance(cond.object, A.SelfRef | A.ItRef | A.ThatRef | A.Target | A.AttachedRef):
        return f"condition 'has [keyword]' of {type(cond.object).__name__}"
    if type(cond.keyword) is not A.Keyword:
        return "condition 'has [keyword]' of a keyword with a number or cost"
    return None


CONDITIONS: dict[type, Callable[[Ctx, Any], bool]] = {
    A.HasKeyword: _has_keyword,
    A.YouveThisTurn: _youve_this_turn,
    A.MostCommonColor: _most_common_color,
    A.HandCompare: _hand_compare,
    A.TotalPower: _total_power,
    A.SharesWith: _shares_with,
    A.WasState: _was_state,
    A.CastFrom: _cast_from,
    A.DoesAction: _does_action,
    A.Happened: _happened,
    A.KickedCondition: kicked,
    A.YouDo: _you_do,
    A.IsCreature: _is_creature,
    A.IsTapped: _is_tapped,
    A.ControlNone: _control_none,
    A.IsEquipped: _is_equipped,
    A.IsState: _is_state,
    A.Controls: _controls,
    A.ThereAre: _there_are,
    A.NthResolution: _nth_resolution,
    A.ActivatedTimes: _activated_times,
    A.Turn: _turn,
    A.PlayersTurn: _players_turn,
    A.HasObjects: _has_objects,
    A.HasCounters: _has_counters,
    A.LifeCompare: _life_compare,
    A.CompareAmount: _compare_amount,
    A.CondAnd: _cond_and,
    Unless: _unless,
    CameUnderControlSinceUpkeep: _came_under_control,
    A.KeywordCast: _keyword_cast,
    A.HasMaxSpeed: _has_max_speed,
    A.KeywordCostPaid: _keyword_cost_paid,
    A.GiftPromised: _gift_promised,
    A.EvidenceCollected: _evidence_collected,
    A.Targets: _targets,
    A.Won: _won,
    A.SpentToCast: _spent_to_cast,
}


def condition_problem(cond: A.Node) -> str | None:
    """The part of a condition of a known kind the engine can't tell (None if it can)."""
    told = CONDITION_PROBLEMS.get(type(cond))
    if told is not None:
        return told(cond)
    if isinstance(cond, A.CompareAmount) and not isinstance(cond.comparison, A.Comparison):
        return f"condition CompareAmount with {type(cond.comparison).__name__}"
    if isinstance(cond, A.CompareAmount) and cond.was:
        return PAST_AMOUNT
    if isinstance(cond, A.IsState) and state_word(cond) is None:
        return f"condition '[it] is {getattr(cond.state, 'word', type(cond.state).__name__)}'"
    if isinstance(cond, A.IsState) and isinstance(cond.object, A.AnObject) and state_word(cond) == "in":
        return counted_in_problem(cond)
    if isinstance(cond, A.Happened) and not happened_supported(cond):
        return f"condition '{cond.event}'"
    if isinstance(cond, A.IsState) and isinstance(cond.object, A.AnObject) and state_word(cond) == "on the battlefield":
        what = cond.object
        if what.how not in COUNT_WORDS or what.up_to or what.any_number:
            return "condition '[objects] are on the battlefield' other than a number of objects described"
    if isinstance(cond, A.IsState) and state_word(cond) == "a":
        from .filters import filter_problem

        return filter_problem(is_a_filter(cond.state))
    if isinstance(cond, A.YouveThisTurn) and (cond.what not in ("committed a crime", "drawn cards")
                                              or cond.what == "drawn cards" and cond.amount is None):  # fmt: skip
        return f"condition 'you've {cond.what} this turn'"
    if isinstance(cond, A.DoesAction) and does_action_kind(cond) is None:
        return "condition DoesAction"
    if isinstance(cond, A.NthResolution) and cond.ordinal not in ORDINALS:
        return f"condition 'the {cond.ordinal} time this ability has resolved'"
    return None


CONDITION_PROBLEMS: dict[type, Callable[[Any], str | None]] = {
    A.Controls: controls_problem,
    A.ThereAre: there_are_problem,
    A.HasCounters: has_counters_problem,
    A.HasObjects: has_objects_problem,
    A.LifeCompare: life_compare_problem,
    A.YouDo: you_do_problem,
    A.KeywordCast: keyword_cast_problem,
    A.Targets: targets_problem,
    A.KeywordCostPaid: keyword_cost_paid_problem,
    A.SpentToCast: spent_to_cast_problem,
    A.CastFrom: cast_from_problem,
    A.WasState: was_state_problem,
    A.SharesWith: shares_with_problem,
    A.HandCompare: hand_compare_problem,
    A.HasKeyword: has_keyword_problem,
    A.MostCommonColor: most_common_color_problem,
    A.TotalPower: total_power_problem,
}
"""What the engine can't tell of a condition of each kind, by its own check."""


def condition_gap(cond: A.Node) -> str | None:
    """Why the engine can't tell a condition (None if it can), the
    conditions it is made of included: the support check's view of a
    condition that a rule of the game reads (interpreter.statics)."""
    if type(cond) not in CONDITIONS:
        return f"condition {type(cond).__name__}"
    if isinstance(cond, A.IsState) and state_word(cond) is None:
        return f"condition '[it] is {getattr(cond.state, 'word', type(cond.state).__name__)}'"
    problem = condition_problem(cond)
    if problem is not None:
        return problem
    if isinstance(cond, A.CondAnd):
        return condition_gap(cond.first) or condition_gap(cond.second)
    if isinstance(cond, Unless):
        return condition_gap(cond.condition)
    return None


def holds(ctx: Ctx, cond: A.Condition) -> bool:
    fn = CONDITIONS.get(type(cond))
    if fn is None:
        raise Unsupported(f"condition {type(cond).__name__}")
    return fn(ctx, cond)


_SUBJECT_FIELDS = ("what", "on", "of", "first", "source")


def _acted_on(sentence: A.Sentence) -> A.Node | None:
    """The object the first instruction of a sentence acts on ("counter
    *target spell*", "sacrifice *Skizzik*")."""
    for action in sentence.actions:
        node = action.action if isinstance(action, A.MayDo) else action
        for name in _SUBJECT_FIELDS:
            value = getattr(node, name, None)
            if isinstance(value, A.Node):
                return value
    return None


_TRAILING_SUBJECTS: dict[type, str] = {A.SharesWith: "object", A.MostCommonColor: "subject"}
_OBJECT_EVENTS = frozenset({"attacked or blocked"})
"""The events of a :class:`~cardtext.grammar.ast.Happened` whose subject after
an instruction is what the instruction acts on ("exile target creature if
it attacked or blocked this turn")."""
"""The conditions whose "it" or "that [object]" after an instruction is what
the instruction acts on (the field that names it)."""


def _names_acted_on(ref: object, acted: A.Node) -> bool:
    """Is ``ref`` ("it", "that permanent") the object ``acted`` (the
    instruction's "target permanent") names?"""
    if isinstance(acted, A.ItRef | A.SelfRef):
        return False
    if isinstance(ref, A.ItRef):
        return True
    return (isinstance(ref, A.ThatRef) and ref.word == "that" and isinstance(acted, A.Target)
            and isinstance(acted.spec, A.ObjectFilter) and ref.what.nouns == acted.spec.nouns)  # fmt: skip


@per_node
def sentence_condition(s: A.IfSentence) -> A.Condition:
    """The condition of an "if" sentence, its "it" made explicit: after the
    instruction ("Counter target spell if it was kicked", "sacrifice Skizzik
    unless it was kicked", "destroy target creature if it has mana value 2
    or less") "it" is what the instruction acts on; before it
    ("If it was kicked, ...") the object the text is on."""
    cond = s.condition
    if s.trailing and isinstance(cond, A.KickedCondition) and isinstance(cond.subject, A.ItRef):
        subject = _acted_on(s.body)
        if subject is not None and not isinstance(subject, A.ItRef):
            return replace(cond, subject=subject)
    field = _TRAILING_SUBJECTS.get(type(cond))
    if isinstance(cond, A.Happened) and cond.event in _OBJECT_EVENTS:
        field = "subject"
    if s.trailing and field is not None:
        # "Counter target spell if it shares a color with ...", "Return target permanent to its
        # owner's hand if that permanent shares a color with ...": the object the instruction acts on
        subject = _acted_on(s.body)
        if subject is not None and _names_acted_on(getattr(cond, field), subject):
            return replace(cond, **{field: subject})
    if s.trailing and isinstance(cond, A.SpentToCast) and isinstance(cond.object, A.ItRef):
        # "Counter target spell if no mana was spent to cast it": the spell the instruction acts on
        subject = _acted_on(s.body)
        if subject is not None and not isinstance(subject, A.ItRef | A.SelfRef):
            return replace(cond, object=subject)
    if (s.trailing and isinstance(cond, A.CompareAmount) and isinstance(cond.amount, A.PowerOf)
            and isinstance(cond.amount.object, A.ItRef)):  # fmt: skip
        # "Destroy target creature if it has mana value 2 or less" ("if its power is ..."): that creature's
        subject = _acted_on(s.body)
        if subject is not None and not isinstance(subject, A.ItRef | A.SelfRef):
            return replace(cond, amount=replace(cond.amount, object=subject))
    return cond


def static_condition_holds(game: Game, src: GameObject, cond: A.Condition) -> bool:
    from .context import Ctx

    return holds(Ctx(game, src.controller, src.id), cond)


__all__ = [
    "CONDITIONS", "COUNT_WORDS", "condition_gap", "HAPPENED", "STATES", "condition_problem", "count_fits", "happened_supported", "holds",
    "in_zone_of_anyone", "is_a_filter", "LEFT_EVENTS", "without_past_controller", "kicked", "negated", "Unless",
    "sentence_condition", "state_word", "static_condition_holds",
]  # fmt: skip
