"""Conditions: "if it was kicked [with its {1}{U} kicker]" (702.33, 607.2i,
rules K5, K6, K9), "if you do", "if it's a creature", "as long as [this] is
equipped"."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from cardtext.grammar import ast as A

from .bind import kicker_index, per_node
from .characteristics import chars
from .errors import Unsupported
from .objects import GameObject

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
    before it was carried out."""
    if cond.who != "you" or cond.verb != "do":
        raise Unsupported(f"'if {cond.who} {cond.verb}'")
    return bool(ctx.you_did) != cond.negated


def _one(ctx: Ctx, ref: object) -> GameObject | None:
    ids = ctx.objects(ref)
    return ctx.game.get(ids[0]) if ids else None


def _is_creature(ctx: Ctx, cond: A.IsCreature) -> bool:
    o = _one(ctx, cond.object)
    return o is not None and "creature" in chars(o).types


def _is_tapped(ctx: Ctx, cond: A.IsTapped) -> bool:
    o = _one(ctx, cond.object)
    return o is not None and o.tapped


def _control_none(ctx: Ctx, cond: A.ControlNone) -> bool:
    return not any(o.controller == ctx.controller for o in ctx.each(cond.filter))


def _controls(ctx: Ctx, cond: A.Controls) -> bool:
    """"you control no other creatures", "defending player controls an
    Island", "you control two or more artifacts", "you control another
    Spirit" (one besides the source, its description says): how many permanents of
    that description the player controls (109.4, 406)."""
    problem = controls_problem(cond)
    if problem is not None:
        raise Unsupported(problem)
    what = cond.what
    players = ctx.players(cond.player)
    count = sum(1 for o in ctx.each(what.filter)
                if o.controller in players and o.zone == "battlefield" and o.id not in ctx.excluded)  # fmt: skip
    if what.how == "no":
        result = count == 0
    else:
        result = count >= (ctx.quantity(what.count) if what.count is not None else 1)
    return result != cond.negated


def controls_problem(cond: A.Controls) -> str | None:
    """What the engine can't tell in a "[player] controls ..." condition."""
    if cond.compare:
        return f"condition 'controls {cond.compare} ... than'"
    what = cond.what
    if not isinstance(what, A.AnObject) or what.how not in ("", "no", "or more", "at least", "another"):
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
    count = len(ctx.each(what.filter))
    if what.how == "no":
        return count == 0
    return count >= (ctx.quantity(what.count) if what.count is not None else 1)


def there_are_problem(cond: A.ThereAre) -> str | None:
    """What the engine can't tell in a "there are ..." condition."""
    what = cond.what
    if cond.amount is not None or cond.op or not isinstance(what, A.AnObject) or what.how not in ("", "no", "or more", "at least"):
        return "condition 'there are' other than no, one, or N or more objects described"
    return None


def _entered(ctx: Ctx, cond: A.Happened) -> bool:
    """"As long as [this] entered this turn" (400.7: the object that came onto
    the battlefield after the turn began)."""
    ids = ctx.self_objects(cond.subject)
    o = ctx.game.get(ids[0]) if ids else None
    return o is not None and o.zone == "battlefield" and o.arrived > ctx.game.state.turn_began


def _entered_supported(cond: A.Happened) -> bool:
    return cond.other is None and isinstance(cond.subject, A.SelfRef | A.ItRef)


def _nth_resolution(ctx: Ctx, cond: A.NthResolution) -> bool:
    """"if this is the first time this ability has resolved this turn": the
    resolutions of this object's ability this turn, this one included."""
    n = ORDINALS.get(cond.ordinal)
    if n is None:
        raise Unsupported(f"condition 'the {cond.ordinal} time this ability has resolved'")
    return ctx.game.state.resolutions.count((ctx.source, ctx.ability)) == n


ORDINALS = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5}


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


STATES: dict[str, Callable[[Ctx, Any], bool]] = {
    "equipped": _is_equipped,
    "tapped": _is_tapped,
    "in": _is_in,
}
"""The states "[it] is [state]" can ask about, by word."""


def state_word(cond: A.IsState) -> str | None:
    """The word of an "is [state]" condition the interpreter knows ("equipped"), else None."""
    state = cond.state
    word = state.word if isinstance(state, A.State | A.StateWord) and state.what is None else None
    if isinstance(state, A.State) and state.word == "in" and isinstance(state.what, A.ZonePlace):
        word = "in" if state.what.zone in ("graveyard", "exile", "hand", "library") and not state.what.second else None
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


def _as_cast(ctx: Ctx, cond: A.Happened) -> bool:
    """"if you revealed a Dragon card or controlled a Dragon as you cast
    [this]" (:mod:`cardtext.interpreter.as_cast`)."""
    from .as_cast import revealed_or_controlled

    return revealed_or_controlled(ctx, cond)


def _as_cast_supported(cond: A.Happened) -> bool:
    from .as_cast import supported

    return supported(cond)


def _attacked_with(ctx: Ctx, cond: A.Happened) -> bool:
    """"if you attacked with three or more creatures this turn": the creatures
    the player declared as attackers this turn (508.1), counted however many
    have left since."""
    players = ctx.players(cond.subject)
    n = sum(1 for who, _ in ctx.game.state.attacked if who in players)
    what = cond.other
    need = what.count.value if isinstance(what.count, A.Number) else 1
    return n <= need if what.how == "or fewer" else n >= need


def _attacked_with_supported(cond: A.Happened) -> bool:
    what = cond.other
    return (isinstance(what, A.AnObject) and isinstance(what.count, A.Number | None)
            and what.how in ("", "or more", "or fewer") and isinstance(cond.subject, A.You)
            and what.filter.nouns == ("creature",) and not what.filter.post and not what.filter.adjectives
            and len(what.filter.words) == 1)  # fmt: skip


def _life_changed(ctx: Ctx, cond: A.Happened) -> bool:
    """119.3: "if you gained life this turn", "if you gained 3 or more life
    this turn", "if you lost life this turn", "if an opponent lost life this
    turn", "if each opponent lost life this turn": the gains or losses of
    life of this turn of each player (damage and paying life are losses of
    life, 119.3, 119.4), added up; "a"/"an" asks it of one of the players,
    "each" of all of them."""
    changes = ctx.game.state.life_changes
    gained = cond.event.startswith("gained")
    need = max(ctx.quantity(cond.other) if cond.event == "gained or more life" else 1, 1)

    def changed(player: object) -> bool:
        return sum(abs(n) for who, n in changes if who == player and (n > 0) == gained) >= need

    players = ctx.players(cond.subject)
    if isinstance(cond.subject, A.PlayerGroup) and cond.subject.which in _EACH_GROUPS:
        return all(changed(p) for p in players)
    return any(changed(p) for p in players)


_EACH_GROUPS = frozenset({"each_player", "each_opponent"})
_ANY_GROUPS = frozenset({"a_player", "an_opponent", "any_player", "any_opponent"})


def _life_changed_supported(cond: A.Happened) -> bool:
    subject = cond.subject
    return isinstance(subject, A.You) or (
        isinstance(subject, A.PlayerGroup) and subject.which in _EACH_GROUPS | _ANY_GROUPS)


HAPPENED: dict[str, tuple[Callable[[Ctx, Any], bool], Callable[[Any], bool]]] = {
    "gained life": (_life_changed, _life_changed_supported),
    "gained or more life": (_life_changed, _life_changed_supported),
    "lost life": (_life_changed, _life_changed_supported),
    "attacked with": (_attacked_with, _attacked_with_supported),
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
    """122.1f: "if defending player is poisoned" (one or more poison
    counters), "if you have three or more poison counters", "if an opponent
    has no poison counters": of several players named, any one."""
    problem = has_counters_problem(cond)
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

    found = any(has(ctx.game.player(p).poison) for p in ctx.players(cond.object))
    return found != (cond.form == "not")


def has_counters_problem(cond: A.HasCounters) -> str | None:
    if cond.on is not None:
        return "condition HasCounters"  # counters on an object
    if cond.kind != "poison":
        return f"condition '{cond.kind or 'any'} counters' a player has (only poison counters are kept)"
    return None


CONDITIONS: dict[type, Callable[[Ctx, Any], bool]] = {
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
    A.Turn: _turn,
    A.PlayersTurn: _players_turn,
    A.HasCounters: _player_has_counters,
}


def condition_problem(cond: A.Node) -> str | None:
    """The part of a condition of a known kind the engine can't tell (None if it can)."""
    if isinstance(cond, A.Controls):
        return controls_problem(cond)
    if isinstance(cond, A.ThereAre):
        return there_are_problem(cond)
    if isinstance(cond, A.HasCounters):
        return has_counters_problem(cond)
    if isinstance(cond, A.IsState) and isinstance(cond.object, A.AnObject) and state_word(cond) == "in":
        return counted_in_problem(cond)
    if isinstance(cond, A.Happened) and not happened_supported(cond):
        return f"condition '{cond.event}'"
    if isinstance(cond, A.NthResolution) and cond.ordinal not in ORDINALS:
        return f"condition 'the {cond.ordinal} time this ability has resolved'"
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


@per_node
def sentence_condition(s: A.IfSentence) -> A.Condition:
    """The condition of an "if" sentence, its "it" made explicit: after the
    instruction ("Counter target spell if it was kicked", "sacrifice Skizzik
    unless it was kicked") "it" is what the instruction acts on; before it
    ("If it was kicked, ...") the object the text is on."""
    cond = s.condition
    if s.trailing and isinstance(cond, A.KickedCondition) and isinstance(cond.subject, A.ItRef):
        subject = _acted_on(s.body)
        if subject is not None and not isinstance(subject, A.ItRef):
            return replace(cond, subject=subject)
    return cond


def static_condition_holds(game: Game, src: GameObject, cond: A.Condition) -> bool:
    from .context import Ctx

    return holds(Ctx(game, src.controller, src.id), cond)


__all__ = [
    "CONDITIONS", "HAPPENED", "STATES", "condition_problem", "happened_supported", "holds", "kicked",
    "sentence_condition", "state_word", "static_condition_holds",
]  # fmt: skip
