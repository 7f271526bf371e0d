"""The "choose" instruction (CR 608.2c).

* A value that a later "the chosen ..." refers to (607.2d): a card name, a
  color, a creature type.
* Objects picked without targeting ("you choose a nonland card from it",
  115.10), which a later "that card" means (608.2c).
* Targets written as an instruction of their own: "Choose target creature
  or player, then choose another target creature or player for each time
  [this] was kicked." (601.2c, 115.1).  The targets themselves are chosen as
  the spell is cast or the ability put on the stack (601.2c, 603.3d;
  :mod:`cardtext.interpreter.targets` counts a "for each" after the instruction as
  the number of targets of that phrase).  Carried out, the instruction names
  them: a later "them" / "each of them" means every target chosen by the
  "choose" instructions of the sentence that are still legal (608.2b),
  objects and players alike.
"""

from __future__ import annotations

from cardtext.grammar import ast as A

from ..characteristics import display_name
from ..choices import Decision, ask
from ..context import Ctx, chosen_at_random
from ..filters import AT_RANDOM, matches
from ..objects import GameObject
from .common import acted, current, source_name
from .registry import carries_out

VALUE_KINDS = frozenset({"card name", "color", "creature type"})
"""The values a "choose" instruction can name that the engine offers (the
names are those of the cards in the game)."""


def _value_kind(a: A.Choose) -> bool:
    return a.kind in VALUE_KINDS and (a.what is None or isinstance(a.what, A.AnObject))


def _object_kind(a: A.Choose) -> bool:
    """ "choose a creature you control", "chooses up to two creatures they
    control", "choose one of them" (cards looked at or revealed)."""
    return a.kind == "object" and (
        isinstance(a.what, A.AnObject) or isinstance(a.what, A.LookedCards) and a.what.count is not None)


CHOOSER_REFS = (A.You, A.PlayerGroup, A.Target, A.ThatPlayer, A.TheirRef, A.ThemRef, A.ControllerOf, A.OwnerOf)
"""Who may choose objects ("target opponent chooses a creature they
control", "each player chooses", "that player chooses")."""


def _other_chooser_problem(a: A.Choose) -> bool:
    return a.player is not None and not isinstance(a.player, A.You) and not (
        _object_kind(a) and isinstance(a.player, CHOOSER_REFS))  # fmt: skip


def _target_kind(a: A.Choose) -> bool:
    return a.kind == "object" and isinstance(a.what, A.Target)


def _player_kind(a: A.Choose) -> bool:
    """ "choose an opponent", "choose a player" (a group of players to pick one of)."""
    return a.kind == "player" and isinstance(a.what, A.PlayerGroup) and a.what.which in PICKED_GROUPS


PICKED_GROUPS = frozenset({"an_opponent", "a_player", "another_player", "any_player", "any_opponent", "another_opponent"})
"""The groups "choose [one of them]" picks a player from (102.1, 102.2)."""


@carries_out(A.Choose, limits=(
    ("a choice other than of a card name, a color, a creature type, objects described or targets",
     lambda a: not (_value_kind(a) or _object_kind(a) or _target_kind(a) or _player_kind(a))),
    ("another player choosing", _other_chooser_problem),
    ("choosing several values", lambda a: not _target_kind(a) and (a.per is not None or a.low is not None)),
    ("choosing a number of targets within bounds", lambda a: _target_kind(a) and (a.low is not None or a.high is not None)),
))  # fmt: skip
def _choose(ctx: Ctx, a: A.Choose) -> bool:
    if _target_kind(a):
        return _choose_targets(ctx, a)
    if _player_kind(a):
        return _choose_player(ctx, a)
    if a.kind == "object":
        return _choose_objects(ctx, a)
    from ..replacement import choice_options

    options = choice_options(ctx.game, a.kind)
    d = Decision("word", ctx.controller, f"{source_name(ctx)}: choose a {a.kind}", options, options)
    value = ask(ctx.game, d)
    game = ctx.game
    # 607.2d: the value is linked to this ability of the object ("the chosen name")
    game.set_linked(ctx.source, game.linked(ctx.source).with_chosen(ctx.ability, value))
    game.say(f"  {ctx.controller} chooses {value}")
    return True


def _choose_player(ctx: Ctx, a: A.Choose) -> bool:
    """ "As [this] enters, choose an opponent" (607.2d, 614.12), "Choose a
    player. That player ...": one player of the group, linked to this
    ability of the object ("the chosen player"), and "that player" after it (608.2c)."""
    from ..filters import group_players

    assert isinstance(a.what, A.PlayerGroup)
    game = ctx.game
    options = group_players(game, a.what.which, ctx.controller)
    if a.what.which.startswith("another"):
        options = [p for p in options if p != ctx.controller]
    if not options:
        game.say("  there is no such player: none is chosen")
        return False
    d = Decision("word", ctx.controller, f"{source_name(ctx)}: choose {a.what.which.replace('_', ' ')}", options, options)
    value = ask(game, d)
    game.set_linked(ctx.source, game.linked(ctx.source).with_chosen(ctx.ability, value))
    ctx.that_player = [value]
    game.say(f"  {ctx.controller} chooses {value}")
    return True


AT_RANDOM[A.Choose] = lambda a: chosen_at_random(a.what) if a.kind == "object" else []


def _choose_objects(ctx: Ctx, a: A.Choose) -> bool:
    """"you choose a nonland card from it": a pick among the objects named
    before ("from it", "from among them", "one of them": the cards looked
    at), or among those described, without targeting (115.10); "that card"
    then means it.  "Target opponent chooses a creature they control",
    "each player chooses three permanents they control": each player named
    picks (in turn order, 101.4), "they" being that player, and what is
    chosen is what the instruction names (608.2c); "the rest" then means
    the objects that fit and weren't chosen ("Destroy the rest")."""
    what = a.what
    if isinstance(what, A.AnObject) and chosen_at_random(what):
        # "choose a card at random in your graveyard": no player chooses it
        at_random = current(ctx, ctx.choose_cards(what))
        acted(ctx, at_random)
        return bool(at_random)
    others = a.player is not None and not isinstance(a.player, A.You)
    choosers = _in_turn_order(ctx, ctx.players(a.player)) if others else [ctx.controller]
    chosen: list[GameObject] = []
    rest: list[GameObject] | None = None
    saved = ctx.that_player
    try:
        for p in choosers:
            if others:
                ctx.that_player = [p]  # "they control", "their graveyard": the player choosing
            picked, left = _pick_objects(ctx, p, what)
            chosen += picked
            if left is not None:
                rest = (rest or []) + left
    finally:
        ctx.that_player = saved
    if _previous_choose(ctx, a, objects=True):
        # "choose a creature card in an opponent's graveyard, then that player chooses ...": both (608.2c)
        chosen = current(ctx, list(ctx.them)) + [o for o in chosen if o.id not in ctx.them]
    acted(ctx, chosen)
    ctx.rest = [o.id for o in rest] if rest is not None else None
    return bool(chosen)


def _in_turn_order(ctx: Ctx, players: list[str]) -> list[str]:
    """101.4: players choose in turn order, from the active player."""
    order = list(ctx.game.state.players)
    start = order.index(ctx.game.state.active) if ctx.game.state.active in order else 0
    return sorted(players, key=lambda p: (order.index(p) - start) % len(order) if p in order else 0)


def _pick_objects(ctx: Ctx, chooser: str, what: object) -> tuple[list[GameObject], list[GameObject] | None]:
    """``chooser``'s pick of the objects ``what`` describes: those picked,
    and those that fit but weren't (permanents described: "the rest"; None
    for cards named before, whose rest is what was looked at)."""
    if isinstance(what, A.LookedCards):
        cands = ctx.looked_cards()
        n, lo = ctx.quantity(what.count), None
        on_field = False
    else:
        assert isinstance(what, A.AnObject)
        among = [q.what for q in what.filter.qualities if isinstance(q, A.Among) and q.what is not None]
        if among:
            pool = [o for ref in among for o in current(ctx, ctx.objects(ref))]
        else:
            pool = ctx.each(what.filter)
        cands = [o for o in pool if matches(ctx.game, what.filter, o, you=ctx.controller, source=ctx.source,
                                            players=ctx.players, quantity=ctx.quantity, objects=ctx.objects,
                                            anywhere=bool(among))]  # fmt: skip
        n = len(cands) if what.any_number else ctx.quantity(what.count) if what.count is not None else 1
        lo = 0 if what.any_number or what.up_to else None
        on_field = not among and what.filter.zone is None
    if not cands:
        ctx.game.say("  nothing fits; nothing is chosen")
        return [], [] if on_field else None
    hi = min(n, len(cands))
    d = Decision("pick", chooser, f"{source_name(ctx)}: {chooser} chooses " + ("a card" if hi == 1 else f"{hi} cards"),
                 [o.id for o in cands], [display_name(o) for o in cands], hi if lo is None else lo, hi)  # fmt: skip
    picked = ask(ctx.game, d)
    chosen = [o for o in cands if o.id in picked]
    ctx.game.say(f"  {chooser} chooses {', '.join(display_name(o) for o in chosen) or 'nothing'}")
    return chosen, [o for o in cands if o.id not in picked] if on_field else None


def _previous_choose(ctx: Ctx, a: A.Choose, *, objects: bool = False) -> bool:
    """Does ``a`` follow another "choose target ..." (``objects``: a choice
    of objects described) in its sentence ("..., then choose another ...")?"""
    sentence = ctx.sentence
    if sentence is None:
        return False
    actions = [x.action if isinstance(x, A.MayDo) else x for x in sentence.actions]
    i = next((k for k, x in enumerate(actions) if x is a), 0)
    if i == 0 or not isinstance(actions[i - 1], A.Choose):
        return False
    before = actions[i - 1]
    return isinstance(before.what, A.Target) if not objects else _object_kind(before)


def _choose_targets(ctx: Ctx, a: A.Choose) -> bool:
    """601.2c: the targets were chosen as it was put on the stack; now they are what "them" means."""
    assert isinstance(a.what, A.Target)
    values = ctx.slot_values(a.what)
    objs = [v for v in values if isinstance(v, tuple)]
    players = [v for v in values if isinstance(v, str)]
    if _previous_choose(ctx, a):
        objs = list(ctx.them) + objs
        players = list(ctx.them_players) + players
    chosen = current(ctx, objs)
    acted(ctx, chosen)
    ctx.them_players = players
    named = [display_name(o) for o in chosen] + list(players)
    ctx.game.say(f"  the targets chosen: {', '.join(named)}" if named else "  no target is still legal (608.2b)")
    return bool(values)


__all__: list[str] = []
