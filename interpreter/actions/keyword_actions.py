"""Keyword actions (CR 701) that stand alone: flip a coin (705), clash
(701.30), monstrosity (701.37), explore (701.44), discover (701.57), suspect
(701.60), endure (701.63), earthbend (701.66), waterbend (701.67) as an instruction.

Each is one function registered in :data:`~.library.KEYWORD_VERBS` by the
verb the AST names it with, with the parts of it the engine can't carry out
beside it (:data:`~.library.KEYWORD_LIMITS`): the support check reads the
same table (:func:`~.library.keyword_problem`).  The outcome of a clash or
coin flip is kept for the effect's later "if you win", "if you win the
flip", "if you lose the flip" (:attr:`cardtext.interpreter.context.Ctx.won`).
"""

from __future__ import annotations

import random

from cardtext.grammar import ast as A

from ..characteristics import chars, display_name
from ..choices import Decision, ask
from ..context import Ctx
from ..costs import waterbend, waterbend_problem
from ..objects import GameObject, ObjectId, PlayerId
from ..state import KeywordActed
from ..zones import move, put_counters
from .common import acted, not_you
from .library import keyword_action
from .registry import carries_out


def _coin(ctx: Ctx) -> bool:
    """705.3: one flip, heads or tails equally likely, by the game's seeded
    random numbers (a scenario's ``seed`` decides it; the same game flips the
    same again): whether it comes up as the flipper called it."""
    game = ctx.game
    return random.Random(game.state.seed * 7919 + game.tick()).random() < 0.5


@keyword_action("flip a coin", limits=(
    ("flipping more than one coin, or for a while", lambda a: a.what is not None or a.amount is not None or a.extra
     or a.duration is not None),
))  # fmt: skip
def _flip(ctx: Ctx, a: A.KeywordAction) -> bool:
    """705.1: the player flips a coin and calls it; they win the flip if the
    call matches the result, and lose it otherwise.  "If you win the flip"
    and "If you lose the flip" after it read the outcome."""
    players = ctx.players(a.player) if a.player is not None else [ctx.controller]
    for p in players:
        won = _coin(ctx)
        ctx.won[p] = won
        ctx.game.events.append(KeywordActed("win the flip" if won else "lose the flip", p))
        ctx.game.say(f"  {p} flips a coin and {'wins' if won else 'loses'} the flip (705.1)")
    return bool(players)


@keyword_action("clash", limits=(
    ("clashing with other than an opponent", lambda a: not isinstance(a.what, A.PlayerGroup)
     or a.what.which not in ("an_opponent", "target_opponent")),
    ("another player clashing", lambda a: not_you(a.player)),
))  # fmt: skip
def _clash(ctx: Ctx, a: A.KeywordAction) -> bool:
    """701.30: "clash with an opponent" — the controller chooses an opponent
    (not a target, 701.30b), and each of the two reveals the top card of
    their library (701.30a); in APNAP order each decides whether to put it on
    the bottom (701.30c); a player whose card has a higher mana value than
    every other revealed wins (701.30d)."""
    game = ctx.game
    opponents = ctx.players(a.what)
    if not opponents:
        game.say("  clash: no opponent to clash with")
        return False
    other = opponents[0]
    if len(opponents) > 1:
        d = Decision("pick", ctx.controller, "clash with which opponent (701.30b)", list(opponents), list(opponents), 1, 1)
        other = str(ask(game, d)[0])
    clashing: list[PlayerId] = [ctx.controller, other]
    order = sorted(clashing, key=lambda p: p != game.state.active)  # APNAP (101.4)
    revealed: dict[PlayerId, GameObject | None] = {}
    for p in clashing:
        top = game.zone("library", p)[:1]
        card = game.obj(top[0]) if top else None
        revealed[p] = card
        shown = display_name(card) if card is not None else "nothing (an empty library)"
        game.say(f"  {p} clashes: reveals {shown}")
    bottom = []
    for p in order:
        card = revealed[p]
        if card is not None and ask(game, Decision("may", p, f"clash: put {display_name(card)} on the bottom of your library?")):
            bottom.append(card)
    for card in bottom:
        move(game, card, "library", bottom=True)
        game.say(f"  {card.owner} puts {display_name(card)} on the bottom of their library")
    values = {p: chars(o).mana_value if o is not None else -1 for p, o in revealed.items()}
    for p in clashing:
        ctx.won[p] = revealed[p] is not None and all(values[p] > v for q, v in values.items() if q != p)
        game.events.append(KeywordActed("clash", p))
    winners = [p for p in clashing if ctx.won[p]]
    game.say(f"  {winners[0]} wins the clash (701.30d)" if winners else "  no one wins the clash (701.30d)")
    return True


@keyword_action("monstrosity", limits=(
    ("monstrosity of another permanent or player", lambda a: a.what is not None or a.player is not None or a.extra
     or a.duration is not None),
))  # fmt: skip
def _monstrosity(ctx: Ctx, a: A.KeywordAction) -> bool:
    """701.37a: "Monstrosity N" — if this permanent isn't monstrous, put N
    +1/+1 counters on it and it becomes monstrous (a designation it keeps
    until it leaves the battlefield, 701.37b), which "When [this] becomes
    monstrous" sees; X is the X paid for the ability (701.37c)."""
    game = ctx.game
    src = ctx.source_obj()
    if src is None or src.zone != "battlefield":
        game.say("  monstrosity: its source is no longer on the battlefield")
        return False
    if "monstrous" in src.marks:
        game.say(f"  {display_name(src)} is monstrous already: nothing happens (701.37a)")
        return False
    n = max(0, ctx.quantity(a.amount))
    put_counters(game, src, "+1/+1", n)
    src.marks = src.marks | {"monstrous"}
    game.events.append(KeywordActed("monstrosity", ctx.controller, src.id))
    game.say(f"  {display_name(src)} gets {n} +1/+1 counter(s) and becomes monstrous (701.37a)")
    return True


def _exploring(ctx: Ctx, a: A.KeywordAction) -> list[ObjectId]:
    """The permanents a keyword action with a permanent as its subject is
    done by ("it explores", "target creature you control explores",
    "Anafenza endures 2"): the source when none is written."""
    return ctx.objects(a.player) if a.player is not None else [ctx.source]


def _controller_of(ctx: Ctx, oid: ObjectId) -> PlayerId:
    """The permanent's controller, or, if it has left, its controller as it
    last existed (608.2h)."""
    o = ctx.game.get(oid)
    if o is not None:
        return o.controller
    lki = ctx.lki(oid)
    return lki.controller if lki is not None else ctx.controller


_PERMANENT_SUBJECT = (A.ItRef, A.SelfRef, A.Target, A.ThatRef)
"""The permanents "[a permanent] explores / endures N" may name."""


@keyword_action("explore", permanent=True, limits=(
    ("a player or group exploring", lambda a: a.player is not None and not isinstance(a.player, _PERMANENT_SUBJECT)),
    ("exploring with more than the permanent", lambda a: a.what is not None or a.amount is not None or a.extra
     or a.duration is not None),
))  # fmt: skip
def _explore(ctx: Ctx, a: A.KeywordAction) -> bool:
    """701.44a: a permanent explores — its controller reveals the top card of
    their library; a land card goes into their hand; otherwise the
    permanent gets a +1/+1 counter and the player may put the card into
    their graveyard.  701.44b: a permanent that has left the battlefield
    still explores (no counter is put on it)."""
    game = ctx.game
    ids = _exploring(ctx, a)
    for oid in ids:
        p = _controller_of(ctx, oid)
        top = game.zone("library", p)[:1]
        o = game.get(oid)
        name = display_name(o) if o is not None else "the permanent"
        if not top:
            game.say(f"  {name} explores: {p}'s library is empty")
        card = game.obj(top[0]) if top else None
        if card is not None:
            game.say(f"  {name} explores: {p} reveals {display_name(card)}")
        if card is not None and "land" in chars(card).types:
            move(game, card, "hand")
            game.say(f"  {p} puts {display_name(card)} into their hand")
        else:
            if o is not None and o.zone == "battlefield":
                put_counters(game, o, "+1/+1", 1)
                game.say(f"  puts a +1/+1 counter on {name}")
            if card is not None and ask(game, Decision("may", p, f"explore: put {display_name(card)} into your graveyard?")):
                move(game, card, "graveyard")
                game.say(f"  {p} puts {display_name(card)} into their graveyard")
        game.events.append(KeywordActed("explore", p, oid))
    return bool(ids)


def _spirit(n: int) -> A.Card:
    """The N/N white Spirit creature token endure creates (701.63a)."""
    return A.Card("Spirit Token", None, A.TypeLine((), ("Creature",), ("Spirit",)), (), A.PowerToughness(str(n), str(n)))


@keyword_action("endure", permanent=True, limits=(
    ("a player or group enduring", lambda a: a.player is not None and not isinstance(a.player, _PERMANENT_SUBJECT)),
    ("enduring with more than the permanent and a number", lambda a: a.what is not None or a.extra
     or a.duration is not None),
))  # fmt: skip
def _endure(ctx: Ctx, a: A.KeywordAction) -> bool:
    """701.63a: "[a permanent] endures N" — its controller puts N +1/+1
    counters on it or creates an N/N white Spirit creature token; 701.63b: if
    it isn't on the battlefield, they create the token."""
    from ..replacement import create_on_battlefield

    game = ctx.game
    n = max(0, ctx.quantity(a.amount))
    done = False
    for oid in _exploring(ctx, a):
        p = _controller_of(ctx, oid)
        o = game.get(oid)
        counters = o is not None and o.zone == "battlefield"
        if counters and o is not None:
            options = ["counters", "token"]
            labels = [f"put {n} +1/+1 counter(s) on {display_name(o)}", f"create a {n}/{n} white Spirit creature token"]
            counters = ask(game, Decision("pick", p, f"endure {n}", options, labels, 1, 1))[0] == "counters"
        if counters and o is not None:
            put_counters(game, o, "+1/+1", n)
            game.say(f"  {display_name(o)} endures {n}: {n} +1/+1 counter(s) on it (701.63a)")
        else:
            token = create_on_battlefield(game, _spirit(n), p, colors=("W",))
            game.set_linked(ctx.source, game.linked(ctx.source).with_created(ctx.ability, token.id))
            game.say(f"  {p} creates a {n}/{n} white Spirit creature token (endure {n}, 701.63a)")
        game.events.append(KeywordActed("endure", p, oid))
        done = True
    return done


@keyword_action("suspect", limits=(
    ("suspecting for a while, or other than permanents", lambda a: a.what is None or a.player is not None
     or a.amount is not None or a.extra or a.duration is not None),
))  # fmt: skip
def _suspect(ctx: Ctx, a: A.KeywordAction) -> bool:
    """701.60a: "suspect [permanents]" — each becomes suspected (a
    designation it keeps until it leaves the battlefield); 701.60c: a
    suspected permanent has menace and can't block
    (:func:`cardtext.interpreter.characteristics.keywords`,
    :func:`~cardtext.interpreter.characteristics.restrictions`).  A
    permanent suspected already doesn't become suspected again (701.60d)."""
    game = ctx.game
    objs = [o for o in (game.get(oid) for oid in ctx.objects(a.what)) if o is not None and o.zone == "battlefield"]
    for o in objs:
        if "suspected" in o.marks:
            game.say(f"  {display_name(o)} is suspected already (701.60d)")
            continue
        o.marks = o.marks | {"suspected"}
        game.say(f"  {display_name(o)} becomes suspected: it has menace and can't block (701.60c)")
    acted(ctx, objs)
    return bool(objs)


@carries_out(A.NoLongerSuspected, limits=(
    ("no longer suspected with nothing named", lambda a: a.what is None),
))  # fmt: skip
def _no_longer_suspected(ctx: Ctx, a: A.NoLongerSuspected) -> bool:
    """701.60b: "[it] is no longer suspected" — each permanent loses the
    suspected designation (and with it menace and "can't block", 701.60c)."""
    game = ctx.game
    objs = [o for o in (game.get(oid) for oid in ctx.objects(a.what))
            if o is not None and o.zone == "battlefield" and "suspected" in o.marks]  # fmt: skip
    for o in objs:
        o.marks = o.marks - {"suspected"}
        game.say(f"  {display_name(o)} is no longer suspected (701.60b)")
    acted(ctx, objs)
    return bool(objs)


@keyword_action("discover", limits=(
    ("discovering by another player, or for a while", lambda a: not_you(a.player) or a.what is not None or a.extra
     or a.duration is not None),
))  # fmt: skip
def _discover(ctx: Ctx, a: A.KeywordAction) -> bool:
    """701.57a: "discover N" — exile cards from the top of your library until
    you exile a nonland card with mana value N or less; cast it without
    paying its mana cost (while the effect resolves, 608.2g) or put it into
    your hand; put the rest on the bottom of your library in a random order.
    701.57b: a card not cast (declined, or it can't be) goes into the hand."""
    from ..cast_permissions import Permission, cast_while_resolving
    from .library import to_library

    game = ctx.game
    p = ctx.controller
    n = ctx.quantity(a.amount)
    exiled: list[GameObject] = []
    found: GameObject | None = None
    for cid in list(game.zone("library", p)):
        o = move(game, game.obj(cid), "exile")
        exiled.append(o)
        c = chars(o)
        if "land" not in c.types and c.mana_value <= n:
            found = o
            break
    game.say(f"  {p} discovers {n}: exiles {', '.join(display_name(o) for o in exiled) or 'nothing'}")
    if found is not None:
        name = display_name(found)
        cast = False
        if ask(game, Decision("may", p, f"discover {n}: cast {name} without paying its mana cost (if not, it goes into your hand)?")):
            permission = Permission("effect", p, "exile", found.id, free=True, resolving=True, source=f"discover {n}")
            cast = cast_while_resolving(game, p, found, permission)
        if not cast and (now := game.get(found.id)) is not None and now.zone == "exile":
            move(game, now, "hand")
            game.say(f"  {p} puts {name} into their hand (701.57b)")
    rest = [o for o in (game.get(e.id) for e in exiled if found is None or e.id != found.id) if o is not None]
    if rest:
        to_library(ctx, rest, A.Destination("library", where="bottom", order="a random"))
    game.events.append(KeywordActed("discover", p))
    return True


@keyword_action("waterbend", limits=(
    (lambda a: waterbend_problem(a) or "", lambda a: waterbend_problem(a) is not None),
))
def _waterbend(ctx: Ctx, a: A.KeywordAction) -> bool:
    """701.67a: "waterbend {N}" as an instruction ("unless you waterbend
    {2}"): the player pays {N}, tapping artifacts and creatures they control
    for {1} each if they like; one who can't pays nothing (118.3)."""
    from ..errors import IllegalAction

    game = ctx.game
    try:
        with game.transaction():
            waterbend(game, ctx.controller, a.what, ctx.source_obj(), {})
    except IllegalAction as exc:
        game.say(f"  {ctx.controller} can't waterbend: {exc} (118.3)")
        return False
    return True


_RETURN_TAPPED = A.Effect((A.Sentence((A.ReturnTo(A.ItRef(), "battlefield", destination=A.Destination(
    "battlefield", form="to", mods=("tapped",))),)),))
"""Earthbend's "return it to the battlefield tapped" (701.66a)."""


@keyword_action("earthbend", limits=(
    ("earthbending by another player, or for a while", lambda a: not_you(a.player) or a.what is not None or a.extra
     or a.duration is not None),
))  # fmt: skip
def _earthbend(ctx: Ctx, a: A.KeywordAction) -> bool:
    """701.66a: "earthbend N" — target land you control (the target its
    definition has, :func:`cardtext.interpreter.targets.implied_target`)
    becomes a 0/0 creature with haste that's still a land; put N +1/+1
    counters on it; when it dies or is exiled, return it to the battlefield
    tapped (a delayed triggered ability, 603.7, that triggers once)."""
    from ..state import DelayedTrigger
    from ..targets import implied_target
    from ..triggers import DiesOrExiled
    from .registry import do

    game = ctx.game
    target = implied_target(a)
    assert target is not None
    lands = [o for o in (game.get(v) for v in ctx.slot_values(target) if isinstance(v, tuple))
             if o is not None and o.zone == "battlefield"]  # fmt: skip
    if not lands:
        game.say("  earthbend: its target is gone")
        return False
    n = max(0, ctx.quantity(a.amount))
    acted(ctx, lands)
    becomes = A.Becomes(A.ItRef(), ("creature",), (A.Keyword("haste"),), pt="0/0", additional=True)
    do(ctx, becomes)  # "that's still a land": a creature in addition to its types (205.1b)
    for o in lands:
        put_counters(game, o, "+1/+1", n)
        game.say(f"  {display_name(o)} is earthbent: a 0/0 creature with haste that's still a land, with {n} +1/+1 counter(s)")
    node = A.TriggeredAbility("When", DiesOrExiled(tuple(o.id for o in lands)), _RETURN_TAPPED)
    src = game.state.objects.get(ctx.source[0])
    name = display_name(src) if src is not None else "?"
    game.state.delayed_events.append(DelayedTrigger(ctx.controller, ctx.source, ctx.ability, node, name, this_turn=False))
    acted(ctx, lands)
    return True
