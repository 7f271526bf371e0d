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
from .common import acted, current, source_name
from .registry import carries_out

VALUE_KINDS = frozenset({"card name", "color", "creature type"})
"""The values a "choose" instruction can name that the engine offers (the
names are those of the cards in the game)."""


def _value_kind(a: A.Choose) -> bool:
    return a.kind in VALUE_KINDS and (a.what is None or isinstance(a.what, A.AnObject))


def _object_kind(a: A.Choose) -> bool:
    return a.kind == "object" and isinstance(a.what, A.AnObject) and not a.what.any_number and not a.what.up_to


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
    ("another player choosing", lambda a: a.player is not None and not isinstance(a.player, A.You)),
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
    before ("from it", "from among them"), or among those described, without
    targeting (115.10); "that card" then means it."""
    what = a.what
    assert isinstance(what, A.AnObject)
    if chosen_at_random(what):
        # "choose a card at random in your graveyard": no player chooses it
        chosen = current(ctx, ctx.choose_cards(what))
        acted(ctx, chosen)
        return bool(chosen)
    among = [q.what for q in what.filter.qualities if isinstance(q, A.Among) and q.what is not None]
    if among:
        pool = [o for ref in among for o in current(ctx, ctx.objects(ref))]
        anywhere = True
    else:
        pool = ctx.each(what.filter)
        anywhere = False
    cands = [o for o in pool if matches(ctx.game, what.filter, o, you=ctx.controller, source=ctx.source,
                                        players=ctx.players, quantity=ctx.quantity, objects=ctx.objects,
                                        anywhere=anywhere)]  # fmt: skip
    n = ctx.quantity(what.count) if what.count is not None else 1
    if not cands:
        ctx.game.say("  nothing fits; nothing is chosen")
        acted(ctx, [])
        return False
    hi = min(n, len(cands))
    d = Decision("pick", ctx.controller, f"{source_name(ctx)}: choose " + ("a card" if hi == 1 else f"{hi} cards"),
                 [o.id for o in cands], [o.card.name for o in cands], hi, hi)  # fmt: skip
    picked = ask(ctx.game, d)
    chosen = [o for o in cands if o.id in picked]
    ctx.game.say(f"  {ctx.controller} chooses {', '.join(o.card.name for o in chosen)}")
    acted(ctx, chosen)
    return True


def _previous_choose(ctx: Ctx, a: A.Choose) -> bool:
    """Does ``a`` follow another "choose target ..." in its sentence ("..., then choose another ...")?"""
    sentence = ctx.sentence
    if sentence is None:
        return False
    actions = [x.action if isinstance(x, A.MayDo) else x for x in sentence.actions]
    i = next((k for k, x in enumerate(actions) if x is a), 0)
    return i > 0 and isinstance(actions[i - 1], A.Choose) and isinstance(actions[i - 1].what, A.Target)


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
