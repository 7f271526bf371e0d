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
from ..keywords import (
    BlockersBeyondFirst,
    CascadeExile,
    ExileInsteadOfLeaving,
    MyriadCopies,
    OpponentsAttacked,
    RenownCounters,
    StormCopies,
    SuspendCast,
)
from ..objects import GameObject, ObjectId, PlayerId
from ..quantities import QUANTITIES
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


@keyword_action("remove from combat", limits=(
    ("another player removing a creature from combat", lambda a: not_you(a.player)),
    ("removing from combat with more than the creatures", lambda a: a.what is None or a.amount is not None or a.extra
     or a.duration is not None),
))  # fmt: skip
def _remove_from_combat(ctx: Ctx, a: A.KeywordAction) -> bool:
    """506.4: a permanent removed from combat stops being an attacking,
    blocking, blocked or unblocked creature; an attacker that was blocked
    stays blocked for the creatures blocking it (506.4, 509.1h) — they
    remain blocking creatures, blocking no one, and deal no combat damage
    to it (510.1c) — and a removed blocker no longer blocks its attackers."""
    from ..destroy import remove_from_combat

    game = ctx.game
    combat = game.state.combat
    objs = [o for o in (game.get(oid) for oid in ctx.objects(a.what)) if o is not None and o.zone == "battlefield"]
    removed = []
    for o in objs:
        if combat is None or (o.id not in combat.attackers and o.id not in combat.blockers):
            game.say(f"  {display_name(o)} isn't in combat (506.4)")
            continue
        remove_from_combat(game, o.id)
        removed.append(o)
        game.say(f"  {display_name(o)} is removed from combat (506.4)")
    acted(ctx, removed)
    return bool(removed)


@carries_out(CascadeExile)
def _cascade(ctx: Ctx, a: CascadeExile) -> bool:
    """702.85a: exile cards from the top of your library until you exile a
    nonland card whose mana value is less than the cascading spell's (as it
    is on the stack, or as it last existed there if it has left, 608.2h);
    you may cast that card without paying its mana cost, while the ability
    resolves (608.2g), if the resulting spell's mana value is less than the
    spell's; then the exiled cards not cast go on the bottom of your
    library in a random order."""
    from ..cast_permissions import Permission, cast_while_resolving
    from .library import to_library

    game = ctx.game
    p = ctx.controller
    spell = ctx.source_obj()
    if spell is not None and spell.zone == "stack":
        value = chars(spell).mana_value
    else:
        lki = ctx.lki(ctx.source)
        value = lki.mana_value if lki is not None else 0
    exiled: list[GameObject] = []
    found: GameObject | None = None
    for cid in list(game.zone("library", p)):
        o = move(game, game.obj(cid), "exile")
        exiled.append(o)
        c = chars(o)
        if "land" not in c.types and c.mana_value < value:
            found = o
            break
    game.say(f"  {p} cascades (mana value {value}): exiles {', '.join(display_name(o) for o in exiled) or 'nothing'}")
    if found is not None and ask(game, Decision("may", p, f"cascade: cast {display_name(found)} without paying its mana cost?")):
        permission = Permission("effect", p, "exile", found.id, free=True, resolving=True, source="cascade")
        cast_while_resolving(game, p, found, permission)
    rest = [o for o in (game.get(e.id) for e in exiled) if o is not None and o.zone == "exile"]
    if rest:
        to_library(ctx, rest, A.Destination("library", where="bottom", order="a random"))
    game.events.append(KeywordActed("cascade", p))
    return True


@carries_out(RenownCounters)
def _renown(ctx: Ctx, a: RenownCounters) -> bool:
    """702.112a: put N +1/+1 counters on the creature with renown and it
    becomes renowned (702.112b: a designation it keeps until it leaves the
    battlefield), which "Whenever a creature you control becomes renowned"
    sees.  A creature that has left the battlefield gets nothing."""
    game = ctx.game
    src = ctx.source_obj()
    if src is None or src.zone != "battlefield":
        game.say("  renown: the creature is no longer on the battlefield")
        return False
    n = max(0, ctx.quantity(a.amount))
    put_counters(game, src, "+1/+1", n)
    src.marks = src.marks | {"renowned"}
    game.events.append(KeywordActed("renown", ctx.controller, src.id))
    game.say(f"  {display_name(src)} gets {n} +1/+1 counter(s) and becomes renowned (702.112a)")
    return True


@carries_out(StormCopies)
def _storm(ctx: Ctx, a: StormCopies) -> bool:
    """702.40a: copy the spell with storm once for each other spell cast
    before it this turn (the spells cast this turn, in the order they became
    cast, 601.2i); the controller may choose new targets for each copy
    (707.10c).  The copies are of the spell as it is on the stack."""
    from ..copies import copy_spell
    from ..errors import Unsupported

    game = ctx.game
    before = next((i for i, spell in enumerate(game.state.cast_this_turn) if spell.id == ctx.source), None)
    if before is None:
        raise Unsupported("storm of a spell that wasn't cast this turn")
    spell = game.get(ctx.source)
    if before and (spell is None or spell.zone != "stack"):
        # the copies are made even so, from what it was as it last existed on the stack (608.2h)
        raise Unsupported("storm copies of a spell that has left the stack")
    game.say(f"  storm: {before} spell(s) were cast before it this turn (702.40a)")
    done = False
    for _ in range(before):
        done = copy_spell(ctx, ctx.source, new_targets=True) or done
    return done


@carries_out(ExileInsteadOfLeaving)
def _exile_instead_of_leaving(ctx: Ctx, a: ExileInsteadOfLeaving) -> bool:
    """702.84a: the permanent unearth returned ("it") is exiled if it would
    leave the battlefield, instead of going anywhere else — a replacement
    effect (614.1a) that lasts as long as it is that permanent (400.7),
    :func:`cardtext.interpreter.zones.move`."""
    game = ctx.game
    objs = [o for o in (game.get(oid) for oid in ctx.it) if o is not None and o.zone == "battlefield"]
    for o in objs:
        o.marks = o.marks | {"unearthed"}
    return bool(objs)


@keyword_action("connive", permanent=True, limits=(
    ("a player or group conniving", lambda a: a.player is not None and not isinstance(a.player, _PERMANENT_SUBJECT)),
    ("conniving with more than the permanent and a number", lambda a: a.what is not None or a.extra
     or a.duration is not None),
))  # fmt: skip
def _connive(ctx: Ctx, a: A.KeywordAction) -> bool:
    """701.50a: a permanent connives — its controller draws a card, then
    discards a card; if a nonland card was discarded, they put a +1/+1
    counter on the permanent.  701.50e: "connives N" draws and discards N
    and puts a counter for each nonland card discarded.  701.50c: a
    permanent that has left the battlefield still connives (its controller
    as it last existed draws and discards; no counter is put on it)."""
    from ..zones import discard, draw

    game = ctx.game
    n = max(0, ctx.quantity(a.amount)) if a.amount is not None else 1
    ids = _exploring(ctx, a)
    for oid in ids:
        p = _controller_of(ctx, oid)
        draw(game, p, n)
        hand = [game.obj(c) for c in game.zone("hand", p)]
        picked: list[GameObject] = []
        if hand:
            k = min(n, len(hand))
            d = Decision("pick", p, f"connive: discard {k} card(s)", [o.id for o in hand], [display_name(o) for o in hand], k, k)
            chosen = set(ask(game, d))
            picked = [o for o in hand if o.id in chosen]
        nonland = 0
        for o in picked:
            if "land" not in chars(o).types:
                nonland += 1
            discard(game, p, o)
        perm = game.get(oid)
        if nonland and perm is not None and perm.zone == "battlefield":
            put_counters(game, perm, "+1/+1", nonland)
            game.say(f"  {display_name(perm)} connives: {nonland} nonland card(s) discarded, {nonland} +1/+1 counter(s) on it")
        game.events.append(KeywordActed("connive", p, oid))
    return bool(ids)


@keyword_action("forage", limits=(
    ("another player foraging, or with more than the action", lambda a: not_you(a.player) or a.what is not None
     or a.amount is not None or a.extra or a.duration is not None),
))  # fmt: skip
def _forage(ctx: Ctx, a: A.KeywordAction) -> bool:
    """701.61a: to forage, exile three cards from your graveyard or
    sacrifice a Food (:func:`cardtext.interpreter.costs.forage`); one who can
    do neither doesn't forage (a "you may forage. If you do, ..." then does
    nothing more, 608.2c)."""
    from ..costs import forage
    from ..errors import IllegalAction

    game = ctx.game
    try:
        with game.transaction():
            forage(game, ctx.controller)
    except IllegalAction as exc:
        game.say(f"  {exc}")
        return False
    game.events.append(KeywordActed("forage", ctx.controller))
    return True


@keyword_action("blight", limits=(
    ("another player blighting, or with more than a number", lambda a: not_you(a.player) or a.what is not None
     or a.amount is None or a.extra or a.duration is not None),
))  # fmt: skip
def _blight(ctx: Ctx, a: A.KeywordAction) -> bool:
    """701.68a: "blight N" — put N -1/-1 counters on a creature you control
    (:func:`cardtext.interpreter.costs.blight`); one who controls no creature
    doesn't blight."""
    from ..costs import blight
    from ..errors import IllegalAction

    game = ctx.game
    n = max(0, ctx.quantity(a.amount))
    try:
        o = blight(game, ctx.controller, n)
    except IllegalAction as exc:
        game.say(f"  {exc}")
        return False
    game.events.append(KeywordActed("blight", ctx.controller, o.id))
    acted(ctx, [o])
    return True


_AIRBEND_COST = A.Cost((A.ManaCost((A.GenericMana(2),)),))
"""Airbend's alternative cost: {2} (701.65a)."""


@keyword_action("airbend", limits=(
    ("another player airbending, or for a while", lambda a: not_you(a.player) or a.amount is not None or a.extra
     or a.duration is not None),
    ("airbending a spell", lambda a: a.what is None or "spell" in {n.lower() for n in getattr(
        getattr(a.what, "spec", getattr(a.what, "filter", None)), "nouns", ())}),
))  # fmt: skip
def _airbend(ctx: Ctx, a: A.KeywordAction) -> bool:
    """701.65a: to airbend a permanent, exile it; while it remains exiled,
    its owner may cast it for {2} rather than its mana cost (an alternative
    cost, 118.9).  A token exiled ceases to exist (704.5d)."""
    from ..cast_permissions import Permission, grant

    game = ctx.game
    objs = [o for o in (game.get(oid) for oid in ctx.objects(a.what)) if o is not None and o.zone == "battlefield"]
    for o in objs:
        name = display_name(o)
        exiled = move(game, o, "exile")
        if exiled.zone == "exile" and exiled.is_card:
            grant(game, Permission("airbend", exiled.owner, "exile", exiled.id, cost=_AIRBEND_COST, source=name))
            game.say(f"  {name} is airbent: exiled, its owner may cast it for {{2}} (701.65a)")
        else:
            game.say(f"  {name} is airbent: exiled (701.65a)")
    game.events.append(KeywordActed("airbend", ctx.controller))
    acted(ctx, objs)
    return bool(objs)


def _blockers_beyond_first(ctx: Ctx, q: BlockersBeyondFirst) -> int:
    """702.23a-b: the creatures blocking the creature with rampage ("it")
    beyond the first, as the ability resolves."""
    combat = ctx.game.state.combat
    oid = ctx.source
    if combat is None:
        return 0
    blocking = [b for b, blocked in combat.blockers.items() if oid in blocked and ctx.game.get(b) is not None]
    return max(0, len(blocking) - 1)


QUANTITIES[BlockersBeyondFirst] = _blockers_beyond_first


def _opponents_attacked(ctx: Ctx, q: OpponentsAttacked) -> int:
    """702.121a: the opponents of the ability's controller that creatures
    they control attack this combat (each once)."""
    game = ctx.game
    combat = game.state.combat
    if combat is None:
        return 0
    opponents = set(game.opponents(ctx.controller))
    return len({d for oid, d in combat.attackers.items() if d in opponents
                and (o := game.get(oid)) is not None and o.controller == ctx.controller})  # fmt: skip


QUANTITIES[OpponentsAttacked] = _opponents_attacked



@keyword_action("detain", limits=(
    ("another player detaining, or detaining other than permanents", lambda a: not_you(a.player) or a.what is None
     or a.amount is not None or a.extra or a.duration is not None),
))  # fmt: skip
def _detain(ctx: Ctx, a: A.KeywordAction) -> bool:
    """701.35a: to detain a permanent — until your next turn, it can't
    attack or block and its activated abilities can't be activated (611.2b:
    rules that end as that player's next turn begins, :mod:`cardtext.interpreter.this_turn`)."""
    from ..this_turn import CANT_ACTIVATE, TurnRule, add_rule

    game = ctx.game
    objs = [o for o in (game.get(oid) for oid in ctx.objects(a.what)) if o is not None and o.zone == "battlefield"]
    src = game.state.objects.get(ctx.source[0])
    name = display_name(src) if src is not None else ""
    for o in objs:
        for rule in ("can't attack", "can't block", CANT_ACTIVATE):
            add_rule(game, TurnRule(rule, o.id, source=name, until_turn_of=ctx.controller))
        game.say(f"  {display_name(o)} is detained until {ctx.controller}'s next turn: it can't attack or block and "
                 "its activated abilities can't be activated (701.35a)")  # fmt: skip
    acted(ctx, objs)
    return bool(objs)


@keyword_action("goad", limits=(
    ("another player goading, or goading other than creatures", lambda a: not_you(a.player) or a.what is None
     or a.amount is not None or a.extra or a.duration is not None),
))  # fmt: skip
def _goad(ctx: Ctx, a: A.KeywordAction) -> bool:
    """701.15a: to goad a creature — until your next turn, it attacks each
    combat if able and attacks a player other than you if able (611.2b; a
    requirement of declaring attackers, 508.1d, :func:`cardtext.interpreter.characteristics.combat_requirements`).
    701.15c: a creature goaded again by the same player isn't changed."""
    from ..this_turn import GOADED, TurnRule, add_rule

    game = ctx.game
    objs = [o for o in (game.get(oid) for oid in ctx.objects(a.what)) if o is not None and o.zone == "battlefield"]
    src = game.state.objects.get(ctx.source[0])
    name = display_name(src) if src is not None else ""
    for o in objs:
        add_rule(game, TurnRule(GOADED, o.id, source=name, until_turn_of=ctx.controller))
        game.say(f"  {display_name(o)} is goaded until {ctx.controller}'s next turn: it attacks each combat if able (701.15a)")
    acted(ctx, objs)
    return bool(objs)


@carries_out(SuspendCast)
def _suspend_cast(ctx: Ctx, a: SuspendCast) -> bool:
    """702.62a: as the last time counter is removed from the suspended card
    (still in exile), its owner may cast it without paying its mana cost,
    ignoring the timing rules (608.2g); if they don't, or can't, it remains
    exiled.  The spell is cast "via" suspend (a creature spell so cast gains
    haste, :mod:`cardtext.interpreter.suspend`)."""
    from ..cast_permissions import Permission, cast_while_resolving

    game = ctx.game
    card = game.get(ctx.trigger_object) if ctx.trigger_object is not None else ctx.source_obj()
    if card is None or card.zone != "exile":
        game.say(f"  {a.keyword}: the card is no longer in exile (400.7)")
        return False
    name = display_name(card)
    p = card.owner
    rule = "702.62a" if a.keyword == "suspend" else "702.88a"
    if not ask(game, Decision("may", p, f"{a.keyword}: cast {name} without paying its mana cost?")):
        game.say(f"  {p} doesn't cast {name}: it remains exiled ({rule})")
        return False
    permission = Permission(a.keyword, p, "exile", card.id, free=True, resolving=True, source=a.keyword)
    return cast_while_resolving(game, p, card, permission)


@carries_out(MyriadCopies)
def _myriad(ctx: Ctx, a: MyriadCopies) -> bool:
    """702.116a: one token copy for each opponent other than the defending
    player — in a two-player game the defending player is the only
    opponent, so none is created."""
    from ..errors import Unsupported

    game = ctx.game
    defending = ctx.trigger_player  # the player it attacked as it triggered (508.1m)
    others = [p for p in game.opponents(ctx.controller) if p != defending]
    if others:
        raise Unsupported("myriad with opponents other than the defending player (a game of more than two players)")
    game.say("  myriad: there is no opponent other than the defending player, so no token is created (702.116a)")
    return False
