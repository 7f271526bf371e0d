"""Instructions on libraries and hands (CR 401, 701): draw (121), discard
(701.9), mill (701.17), look at the top, reveal (701.16), search (701.23),
shuffle (701.20), the keyword actions carried out (scry, 701.22), and
putting cards on the top or bottom of a library (401.4)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from cardtext.grammar import ast as A

from ..choices import Decision, ask
from ..context import Ctx, chosen_at_random
from ..errors import Unsupported
from ..filters import AT_RANDOM, at_random, matches, pick_at_random, without_random
from ..objects import GameObject, ObjectId, PlayerId, Zone
from ..state import KeywordActed
from ..zones import discard, draw, move
from .common import acted, choose_cards, choose_up_to, current, not_you, source_name
from .piles import shuffle_pile
from .registry import Limit, carries_out


@carries_out(A.Draw, limits=(
    ("drawing up to a number of cards (the player's choice of how many)", lambda a: a.up_to),
))
def _draw(ctx: Ctx, a: A.Draw) -> bool:
    n = ctx.quantity(a.amount)
    drawn: list[ObjectId] = []
    for p in ctx.players(a.player):
        before = set(ctx.game.zone("hand", p))
        draw(ctx.game, p, n)
        drawn += [ctx.game.obj(c).id for c in ctx.game.zone("hand", p) if c not in before]
    ctx.amount = len(drawn)  # "draw a card for each Island you control, then discard that many cards"
    ctx.done["drawn"] = drawn  # "for each card drawn this way" (608.2c)
    return n > 0  # "draw a card for each ..." of nothing: not done


_DISCARD_REFS = (A.ItRef, A.ThatRef, A.ThemRef)
"""References to cards named before that a discard may name ("that player
discards that card", "discard it")."""

AT_RANDOM[A.Discard] = lambda a: [a.filter] if at_random(a.filter) else []  # "discard a card at random" (701.9b)


def _discard_what_problem(a: A.Discard) -> str | None:
    """What :func:`_discard` can't discard of the cards a discard names
    ("discard it", "discards all cards of that color", "discard any number
    of cards"), read from the instruction alone."""
    what = a.what
    if what is None or (isinstance(what, tuple) and what[:1] == ("hand",)):
        return None
    if isinstance(what, _DISCARD_REFS):
        return None
    if isinstance(what, A.Each):
        zone = what.filter.zone
        return None if zone is None or zone.zone == "hand" else "discarding cards from somewhere other than a hand"
    if isinstance(what, A.AnObject):
        if at_random(what):
            return "discarding a number of cards at random that the player chooses"
        zone = what.filter.zone
        if zone is not None and zone.zone != "hand":
            return "discarding cards from somewhere other than a hand"
        return None if what.any_number or what.up_to else "discarding a number of cards described another way"
    return "discarding cards named before"


@carries_out(A.Discard, limits=(
    ("discarding cards named before", lambda a: _discard_what_problem(a) is not None),
))
def _discard(ctx: Ctx, a: A.Discard) -> bool:
    """701.9: the player discards cards of their choice ("two cards", "a
    creature card"), or their whole hand; cards chosen at random ("discard a
    card at random", 701.9b: no player chooses them); cards named before
    that are in their hand ("that player discards that card", 608.2c);
    every card of their hand described ("discards all cards of that
    color"); or as many as they choose of those described ("discard any
    number of cards", "discard up to two cards").  Done if any card was
    discarded."""
    game = ctx.game
    done = False
    discarded: list[ObjectId] = []
    random = a.random or at_random(a.filter)
    for p in ctx.players(a.player):
        hand = game.zone_objects("hand", p)
        if a.what is not None and not (isinstance(a.what, tuple) and a.what[:1] == ("hand",)):
            victims = _named_discards(ctx, a.what, p, hand)
        elif a.amount is None:
            victims = list(hand)
        else:
            if a.filter is not None:
                filt = without_random(a.filter)
                hand = [o for o in hand if ctx.fits(filt, o, you=p, anywhere=True)]
            n = ctx.quantity(a.amount)
            if random:
                victims = pick_at_random(game, hand, n)
                if victims:
                    game.say(f"  {p} discards {len(victims)} card(s) at random")
            else:
                victims = choose_cards(ctx, p, f"discard {n} card{'s' if n != 1 else ''}", hand, n)
        if not victims:
            game.say(f"  {p} has no card to discard")
        for v in victims:
            discard(game, p, v, by=ctx.controller)
            discarded.append(game.state.objects[v.cid].id)
        done = done or bool(victims)
    ctx.done["discarded"] = discarded  # "for each land card discarded this way" (608.2c)
    ctx.amount = len(discarded)
    return done


def _named_discards(ctx: Ctx, what: object, p: PlayerId, hand: list[GameObject]) -> list[GameObject]:
    """The cards of ``p``'s hand that a discard names: those named before
    still in that hand (a card that left it is a new object, 400.7, and
    isn't discarded), every card described, or those ``p`` picks of them."""
    game = ctx.game
    if isinstance(what, _DISCARD_REFS):
        named = set(ctx.objects(what))
        return [o for o in hand if o.id in named]
    assert isinstance(what, A.Each | A.AnObject)
    filt = what.filter
    saved = ctx.that_player
    ctx.that_player = [p]  # "all the cards in their hand": the hand of the player discarding
    try:
        if filt.zone is not None and filt.zone.owner is not None and p not in ctx.players(filt.zone.owner):
            return []
        fits = [o for o in hand if matches(game, filt, o, you=ctx.controller, source=ctx.source, players=ctx.players,
                                           quantity=ctx.quantity, objects=ctx.objects, anywhere=True)]  # fmt: skip
    finally:
        ctx.that_player = saved
    if isinstance(what, A.Each):
        return fits
    most = len(fits) if what.any_number else min(ctx.quantity(what.count), len(fits))
    return choose_up_to(ctx, p, f"discard up to {most} card{'s' if most != 1 else ''}", fits, most)


@carries_out(A.Mill)
def _mill(ctx: Ctx, a: A.Mill) -> bool:
    """701.17a: each player named puts the top N cards of their library into
    their graveyard; the cards in the graveyard are "the milled cards" and
    what a later "it" or "them" means (608.2c)."""
    n = ctx.quantity(a.amount)
    milled: list[GameObject] = []
    for p in ctx.players(a.player):
        for o in [ctx.game.obj(c) for c in ctx.game.zone("library", p)[: max(n, 0)]]:
            milled.append(move(ctx.game, o, "graveyard"))
        ctx.game.say(f"  {p} mills {n}")
    ctx.done["milled"] = [o.id for o in milled]
    acted(ctx, milled)
    return True


def to_library(ctx: Ctx, cards: list[GameObject], dest: A.Destination, chooser: PlayerId | None = None) -> bool:
    """401: cards go on the top or bottom of their owners' libraries (the
    choice of ``chooser``, the player putting them, for each with "on the
    top or bottom"); several put on the same end of a library together go
    in an order their owner chooses (401.4) unless it is random."""
    import random

    game = ctx.game
    who = chooser if chooser is not None else ctx.controller
    if dest.where == "top or bottom":
        for o in cards:
            d = Decision("word", who, f"put {o.card.name} on the top or the bottom of {o.owner}'s library",
                         ["top", "bottom"], ["top", "bottom"])  # fmt: skip
            end = ask(game, d)
            move(game, o, "library", bottom=end == "bottom")
            game.say(f"  puts a card on the {end} of {o.owner}'s library")
        return bool(cards)
    if dest.where == "back":
        return _put_back(ctx, cards, who)
    nth = nth_from_top(ctx, dest)
    if nth is not None:
        return _put_nth_from_top(ctx, cards, nth)
    if dest.where not in ("top", "bottom"):
        raise Unsupported(f"putting a card {dest.where or 'somewhere'} in a library")
    owners = list(dict.fromkeys(o.owner for o in cards))
    for owner in owners:
        mine = [o for o in cards if o.owner == owner]
        if dest.order == "a random":
            random.Random(game.state.seed * 7919 + game.state.clock).shuffle(mine)
        elif len(mine) > 1:
            last = "the bottom card" if dest.where == "bottom" else "the top card"
            d = Decision("pick", owner, f"order the cards for the {dest.where} of your library (the last named is {last})",
                         [o.id for o in mine], [o.card.name for o in mine], len(mine), len(mine), ordered=True)  # fmt: skip
            order = ask(game, d)
            mine = [next(o for o in mine if o.id == oid) for oid in order]
        for o in mine:
            move(game, o, "library", bottom=dest.where == "bottom")
        game.say(f"  puts {len(mine)} card(s) on the {dest.where} of {owner}'s library")
    return bool(cards)


ORDINAL_POSITIONS = {"second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7}
"""The ordinal words of "into its owner's library third from the top"."""


def nth_place(dest: A.Destination) -> bool:
    """Does ``dest`` put a card into a library at a place counted from its
    top ("second from the top", "third from the top", "N from the top")?"""
    if dest.zone != "library":
        return False
    if dest.where == "second":
        return True
    if dest.where == "from the top":
        return dest.nth is not None
    word, _, rest = dest.where.partition(" ")
    return rest == "from the top" and word in ORDINAL_POSITIONS


def nth_from_top(ctx: Ctx, dest: A.Destination) -> int | None:
    """The place from the top of a library ``dest`` puts a card in (2 for
    "second from the top"), or None for another place."""
    if not nth_place(dest):
        return None
    if dest.where == "second":
        return 2
    if dest.where == "from the top":
        return ctx.quantity(dest.nth)
    return ORDINAL_POSITIONS[dest.where.partition(" ")[0]]


def _put_nth_from_top(ctx: Ctx, cards: list[GameObject], n: int) -> bool:
    """"Put target creature into its owner's library second from the top":
    the card goes under the top N-1 cards of its owner's library; into a
    library with fewer than N cards, at its bottom (401.7)."""
    game = ctx.game
    if len(cards) > 1:
        raise Unsupported("putting several cards into a library at a place counted from its top")
    for o in cards:
        owner = o.owner
        new = move(game, o, "library", bottom=True)
        library = game.zone("library", owner)
        if len(library) > n:
            library.remove(new.cid)
            library.insert(n - 1, new.cid)
            game.say(f"  puts {new.card.name} into {owner}'s library {n} from the top")
        else:
            game.say(f"  puts {new.card.name} on the bottom of {owner}'s library: it has fewer than {n} cards (401.7)")
    return bool(cards)


def _put_back(ctx: Ctx, cards: list[GameObject], who: PlayerId) -> bool:
    """"Look at the top three cards of your library, then put them back in
    any order": the cards looked at, still on top of their library, go back
    there in the order the player putting them chooses (the last named is
    the top card)."""
    game = ctx.game
    elsewhere = [o for o in cards if o.zone != "library"]
    if elsewhere:
        raise Unsupported(f"putting {elsewhere[0].card.name} back into the {elsewhere[0].zone}")
    for owner in dict.fromkeys(o.owner for o in cards):
        mine = [o for o in cards if o.owner == owner]
        if len(mine) > 1:
            d = Decision("pick", who, f"{source_name(ctx)}: order the cards for the top of {owner}'s library "
                         "(the last named is the top card)", [o.id for o in mine], [o.card.name for o in mine],
                         len(mine), len(mine), ordered=True)  # fmt: skip
            order = ask(game, d)
            mine = [next(o for o in mine if o.id == oid) for oid in order]
        library = game.zone("library", owner)
        for o in mine:
            library.remove(o.cid)
            library.insert(0, o.cid)  # the same objects, reordered on top: no zone change (401.2)
        game.say(f"  puts {len(mine)} card(s) back on top of {owner}'s library")
    return bool(cards)


KeywordFn = TypeVar("KeywordFn", bound=Callable[[Ctx, A.KeywordAction], bool])

KEYWORD_VERBS: dict[str, Callable[[Ctx, A.KeywordAction], bool]] = {}
"""Keyword actions (701) the engine carries out, by the verb the AST names
them with (scry here; others where they belong, as they are imported); the
others are gaps."""

KEYWORD_LIMITS: dict[str, tuple[Limit, ...]] = {}
"""For each verb of :data:`KEYWORD_VERBS`, the parts of it the engine can't
carry out yet (what, test), as :data:`~.registry.LIMITS` has them for
instructions."""


PERMANENT_SUBJECTS: set[str] = set()
"""The keyword actions whose subject is a permanent, not a player ("it
explores", 701.44a; "Anafenza endures 2", 701.63a)."""


def keyword_action(*verbs: str, limits: tuple[Limit, ...] = (), permanent: bool = False) -> Callable[[KeywordFn], KeywordFn]:
    """Register the decorated function as what carries out the keyword
    actions ``verbs`` (701), with the parts of them it can't carry out;
    ``permanent``: the action's subject is a permanent."""

    def register(fn: KeywordFn) -> KeywordFn:
        if permanent:
            PERMANENT_SUBJECTS.update(verbs)
        for verb in verbs:
            if verb in KEYWORD_VERBS:
                raise ValueError(f"two functions carry out the keyword action '{verb}'")
            KEYWORD_VERBS[verb] = fn
            KEYWORD_LIMITS[verb] = limits
        return fn

    return register


def keyword_problem(a: A.KeywordAction) -> str | None:
    """What the engine can't carry out of a keyword action: its verb, if no
    function carries it out, or the first of its limits that applies."""
    if a.verb not in KEYWORD_VERBS:
        return f"the keyword action '{a.verb}' (701)"
    for what, test in KEYWORD_LIMITS.get(a.verb, ()):
        if test(a):
            return what if isinstance(what, str) else what(a)
    return None


@carries_out(A.KeywordAction, limits=(
    (lambda a: keyword_problem(a) or "", lambda a: keyword_problem(a) is not None),
))
def _keyword_action(ctx: Ctx, a: A.KeywordAction) -> bool:
    fn = KEYWORD_VERBS.get(a.verb)
    if fn is None:
        raise Unsupported(f"keyword action '{a.verb}'")
    return fn(ctx, a)


@keyword_action("scry", "surveil", limits=(
    ("another player scrying or surveilling", lambda a: not_you(a.player)),
    ("scry or surveil for a while", lambda a: a.duration is not None or a.what is not None or a.extra),
))
def _scry(ctx: Ctx, a: A.KeywordAction) -> bool:
    """701.22a: scry N — look at the top N cards of your library, put any
    number of them on the bottom in any order and the rest on top in any
    order.  Surveil N (701): the same, but into your graveyard."""
    game = ctx.game
    surveil = a.verb == "surveil"
    n = ctx.quantity(a.amount) if a.amount is not None else 1
    for p in ctx.players(a.player) if a.player is not None else [ctx.controller]:
        if p != ctx.controller:
            raise Unsupported(f"another player {'surveilling' if surveil else 'scrying'}")
        top = [game.obj(c) for c in game.zone("library", p)[:n]]
        game.say(f"  {p} {'surveils' if surveil else 'scries'} {n}")
        if n > 0:
            game.events.append(KeywordActed(a.verb, p))  # "Whenever you scry" (701.22b: scry 0 is no scry event)
        if not top:
            continue
        where = "into your graveyard" if surveil else "on the bottom of your library"
        d = Decision("pick", p, f"{a.verb} {n}: which cards go {where}",
                     [o.id for o in top], [o.card.name for o in top], 0, len(top))  # fmt: skip
        chosen = ask(game, d)
        away = [o for o in top if o.id in chosen]
        keep = [o for o in top if o.id not in chosen]
        if away and surveil:
            for o in away:
                move(game, o, "graveyard")
            game.say(f"  {p} puts {', '.join(o.card.name for o in away)} into their graveyard")
        elif away:
            to_library(ctx, away, A.Destination("library", where="bottom"))
        if len(keep) > 1:  # the rest go back on top, in an order the player chooses
            to_library(ctx, keep, A.Destination("library", where="top"))
    return True




@carries_out(A.LookAtTop)
def _look(ctx: Ctx, a: A.LookAtTop) -> bool:
    """"Look at the top N cards of your library": what later instructions of
    the ability call "them", "one of them", "the rest" (607.1); "the top
    card" is one."""
    n = 1 if a.amount is None else ctx.quantity(a.amount)
    whose = ctx.players(a.whose if a.whose is not None else a.player)
    if len(whose) != 1 or (a.player is not None and ctx.players(a.player) != [ctx.controller]):
        raise Unsupported("looking at several libraries, or another player looking")
    ctx.looked = [ctx.game.obj(c).id for c in ctx.game.zone("library", whose[0])[:n]]
    mine = "their" if whose[0] == ctx.controller else f"{whose[0]}'s"
    ctx.game.say(f"  {ctx.controller} looks at the top {len(ctx.looked)} card(s) of {mine} library")
    acted(ctx, ctx.looked_cards())
    return True


def _one_player(ctx: Ctx, ref: object, verb: str) -> PlayerId:
    """The one player a reference means; "an opponent" with several is the
    controller's pick (a choice, not a target, 115.10)."""
    players = ctx.players(ref)
    if len(players) == 1:
        return players[0]
    if not players:
        raise Unsupported(f"{verb} the hand of no player")
    d = Decision("pick", ctx.controller, f"{source_name(ctx)}: {verb} whose hand", list(players), list(players), 1, 1)
    return str(ask(ctx.game, d)[0])


def _hand(ctx: Ctx, player: PlayerId, verb: str) -> list[GameObject]:
    """A player's hand, now seen by the controller (or by all, revealed): what
    "it" and "from it" then mean (608.2c)."""
    hand = ctx.game.zone_objects("hand", player)
    names = ", ".join(o.card.name for o in hand) or "no cards"
    ctx.game.say(f"  {verb}: {names}")
    acted(ctx, hand)
    return hand


@carries_out(A.LookAt, limits=(
    ("looking at something other than a player's hand", lambda a: not a.hand),
    ("another player looking", lambda a: not_you(a.player)),
    ("looking for a while (a permission that lasts)", lambda a: a.duration is not None),
))
def _look_at(ctx: Ctx, a: A.LookAt) -> bool:
    """"look at an opponent's hand", "look at target player's hand": the
    controller sees the cards (hidden information, 402.3, shown to that
    player only); "from it" later means them."""
    whose = a.what.object if isinstance(a.what, A.Possessive) else a.what
    player = _one_player(ctx, whose, "look at")
    _hand(ctx, player, f"{ctx.controller} looks at {player}'s hand")
    return True


def until_fits_problem(what: object, until: object, verb: str, player: object = None) -> str | None:
    """What the engine can't carry out of "[reveal/exile] cards from the top
    of your library until you [reveal/exile] a [card]" (701.16); ``verb`` is
    the verb's base form; ``player`` the subject ("target player reveals
    cards from the top of their library until they reveal ...")."""
    doing = verb.removesuffix("e") + "ing"
    if player is not None and not isinstance(player, A.You) and not one_player(player):
        return f"several players {doing} cards from the top of their libraries until"
    parts = until if isinstance(until, tuple | list) else (until,)
    wanted = parts[-1] if parts else None
    own: tuple[type, ...] = (A.You,) if player is None or isinstance(player, A.You) else UNTIL_THEY
    if len(parts) != 2 or not isinstance(parts[0], own) or not isinstance(wanted, A.AnObject):
        return f"{doing} until someone other than the player {doing} {verb}s something"
    if wanted.count is not None and not (isinstance(wanted.count, A.Number) and wanted.count.value == 1):
        return f"{doing} until several cards are found"
    zone = what.filter.zone if isinstance(what, A.Each) else None
    if zone is None or zone.how != "top" or not (zone.owner is None or isinstance(zone.owner, own)):
        return f"{doing} until, from somewhere other than the top of their own library"
    return None


def one_player(ref: object) -> bool:
    """Does ``ref`` name one player ("target player", "that creature's
    controller", "defending player")?"""
    if isinstance(ref, A.Target):
        return ref.count is None and isinstance(ref.spec, A.PlayerFilter)
    if isinstance(ref, A.ControllerOf | A.OwnerOf):
        return not ref.plural
    if isinstance(ref, A.PlayerGroup):
        return ref.which in ("defending", "active")
    return isinstance(ref, A.You | A.ThatPlayer)


UNTIL_THEY = (A.ThemRef, A.TheirRef, A.ThatPlayer)
"""How "[a player] reveals cards from the top of *their* library until
*they* reveal ..." names the player revealing, after a subject other than you."""


def _reveal_until_problem(a: A.Reveal) -> str | None:
    return until_fits_problem(a.what, a.until, "reveal", a.player)


def until_fits(ctx: Ctx, until: object, player: PlayerId | None = None) -> tuple[list[GameObject], list[GameObject]]:
    """The cards of ``player``'s library (the controller's if None) from
    the top, one at a time, until one fits what ``until`` describes or the
    library has no more: all of them, and the one that fit (none if none
    did).  "you" in the description is still the controller."""
    parts = until if isinstance(until, tuple | list) else (until,)
    wanted = parts[-1]
    assert isinstance(wanted, A.AnObject)  # until_fits_problem
    game = ctx.game
    passed: list[GameObject] = []
    for cid in list(game.zone("library", player or ctx.controller)):  # from the top card (the first)
        o = game.obj(cid)
        passed.append(o)
        if matches(game, wanted.filter, o, you=ctx.controller, source=ctx.source, players=ctx.players,
                   quantity=ctx.quantity, objects=ctx.objects, anywhere=True):  # fmt: skip
            return passed, [o]
    return passed, []


@carries_out(A.Reveal, limits=(
    ("several players revealing the top of their libraries",
     lambda a: (a.top or a.amount is not None) and a.until is None and isinstance(a.player, A.PlayerGroup)),
    ("revealing the top of a library that isn't one player's",
     lambda a: (a.top or a.amount is not None) and a.until is None and isinstance(
         a.whose.object if isinstance(a.whose, A.Possessive) else a.whose, A.PlayerGroup)),
    ("revealing the top of a library until", lambda a: a.until is not None and _reveal_until_problem(a) is not None),
    ("revealing a hand other than the revealing player's", lambda a: a.hand and not isinstance(a.what, A.TheirRef | A.You | None)),
    ("revealing something other than cards named before or one of them",
     lambda a: not a.hand and a.until is None and not a.top and a.amount is None and not isinstance(a.what, A.ItRef | A.ThemRef | A.ThatRef | A.Target | A.AnObject)),
    ("revealing a card not named before ('from among them')",
     lambda a: not a.hand and a.until is None and not a.top and a.amount is None and isinstance(a.what, A.AnObject)
     and not any(isinstance(q, A.Among) and q.what is not None for q in a.what.filter.qualities)
     and not _from_own_hand(a)),
))
def _reveal(ctx: Ctx, a: A.Reveal) -> bool:
    """701.16: reveal cards named before ("reveal it"), or one the player
    picks that fits a description from among them ("reveal a creature card
    from among them"): what later instructions call "it"; "target opponent
    reveals their hand": every card of it (701.16a)."""
    if a.hand:
        player = _one_player(ctx, a.player, "reveal")
        _hand(ctx, player, f"{player} reveals their hand")
        return True
    if a.until is None and (a.top or a.amount is not None):
        return _reveal_top(ctx, a)
    what = a.what
    if a.until is None and chosen_at_random(what):
        return _reveal_at_random(ctx, a, what)
    if a.until is not None:
        return _reveal_until(ctx, a)
    if a.player is not None and ctx.players(a.player) != [ctx.controller]:
        raise Unsupported("another player revealing cards")
    if isinstance(what, A.ItRef | A.ThemRef | A.ThatRef | A.Target):
        shown = current(ctx, ctx.objects(what))
        for o in shown:
            ctx.game.say(f"  reveals {o.card.name}")
        acted(ctx, shown)
        return bool(shown)
    if not isinstance(what, A.AnObject):
        raise Unsupported(f"revealing {type(what).__name__}")
    among = [q.what for q in what.filter.qualities if isinstance(q, A.Among) and q.what is not None]
    if not among and _from_own_hand(a):
        return _reveal_from_hand(ctx, what)
    if not among:
        raise Unsupported("revealing a card not named before ('from among them')")
    pool = [o for ref in among for o in current(ctx, ctx.objects(ref))]
    cands = [o for o in pool if matches(ctx.game, what.filter, o, you=ctx.controller, source=ctx.source,
                                        players=ctx.players, quantity=ctx.quantity, objects=ctx.objects, anywhere=True)]  # fmt: skip
    if not cands:
        ctx.game.say("  no card fits; nothing is revealed")
        acted(ctx, [])
        return False
    n = ctx.quantity(what.count) if what.count is not None else 1
    hi = min(n, len(cands))
    d = Decision("pick", ctx.controller, "reveal which card" if hi == 1 else f"reveal which {hi} cards",
                 [o.id for o in cands], [o.card.name for o in cands], 0 if what.up_to else hi, hi)  # fmt: skip
    picked = ask(ctx.game, d)
    shown = [o for o in cands if o.id in picked]
    for o in shown:
        ctx.game.say(f"  reveals {o.card.name}")
    acted(ctx, shown)
    return bool(shown)


def _from_own_hand(a: A.Reveal) -> bool:
    """ "Reveal a creature card from your hand", "you may reveal any number of
    blue cards in your hand": cards the revealing player (you) picks from
    their own hand (701.16a)."""
    what = a.what
    if not isinstance(what, A.AnObject) or not isinstance(a.player, A.You | None):
        return False
    zone = what.filter.zone
    return zone is not None and zone.zone == "hand" and isinstance(zone.owner, A.You) and not chosen_at_random(what)


def _reveal_from_hand(ctx: Ctx, what: A.AnObject) -> bool:
    """701.16a: the player picks that many of the cards of their hand that
    fit ("a Giant card", "any number of red cards", "X black cards") and
    shows them to all; they stay in the hand.  They are what a later "that
    card" means and the cards "revealed this way" (608.2c); a player who
    has fewer than the number revealed none — "If you do" is then false
    (608.2d, 701.16a)."""
    n = None if what.count is None or what.any_number or what.up_to else ctx.quantity(what.count)
    fitting = [oid for oid in ctx.game.zone("hand", ctx.controller)
               if ctx.fits(what.filter, ctx.game.obj(oid), anywhere=True)]  # fmt: skip
    if n is not None and len(fitting) < n:
        ctx.game.say(f"  {ctx.controller} has fewer than {n} such cards in hand; nothing is revealed")
        acted(ctx, [])
        ctx.done["revealed"] = []
        return False
    shown = current(ctx, ctx.choose_cards(what))
    for o in shown:
        ctx.game.say(f"  {ctx.controller} reveals {o.card.name} from their hand")
    acted(ctx, shown)
    ctx.done["revealed"] = [o.id for o in shown]
    return bool(shown)


AT_RANDOM[A.Reveal] = lambda a: chosen_at_random(a.what) if not a.hand and not a.top and a.amount is None and a.until is None else []


def _reveal_at_random(ctx: Ctx, a: A.Reveal, what: A.AnObject) -> bool:
    """701.16a: "target opponent reveals a card at random from their hand":
    each player named reveals that many of the cards described, picked at
    random (no player chooses them); "their" is that player, and the cards
    are what a later "it" means and those "revealed this way" (608.2c)."""
    players = ctx.players(a.player) if a.player is not None else [ctx.controller]
    saved = ctx.that_player
    shown: list[GameObject] = []
    try:
        for p in players:
            ctx.that_player = [p]
            for o in current(ctx, ctx.choose_cards(what)):
                ctx.game.say(f"  {p} reveals {o.card.name}")
                shown.append(o)
    finally:
        ctx.that_player = saved
    if not shown:
        ctx.game.say("  no card fits; nothing is revealed")
    acted(ctx, shown)
    ctx.done["revealed"] = [o.id for o in shown]
    return bool(shown)


def _reveal_top(ctx: Ctx, a: A.Reveal) -> bool:
    """701.16a: "[a player] reveals the top N cards of [whose] library": the
    cards stay there, shown to all; they are what a later "it", "that card"
    and "them" mean, the cards "revealed this way", and those whose "rest"
    is the cards among them not put elsewhere yet (608.2c).  "their" is the
    player revealing."""
    game = ctx.game
    players = ctx.players(a.player) if a.player is not None else [ctx.controller]
    if len(players) != 1:
        raise Unsupported("several players revealing the top of their libraries")
    saved = ctx.that_player
    if a.player is not None:
        ctx.that_player = list(players)
    try:
        whose = ctx.players(a.whose) if a.whose is not None else list(players)
    finally:
        ctx.that_player = saved
    if len(whose) != 1:
        raise Unsupported("revealing the top of a library that isn't one player's")
    n = ctx.quantity(a.amount) if a.amount is not None else 1
    shown = [game.obj(cid) for cid in game.zone("library", whose[0])[: max(n, 0)]]
    game.say(f"  {players[0]} reveals the top of {whose[0]}'s library: "
             + (", ".join(o.card.name for o in shown) or "nothing, it is empty"))  # fmt: skip
    ctx.looked = [o.id for o in shown]
    ctx.done["revealed"] = [o.id for o in shown]
    acted(ctx, shown)
    return bool(shown)


def _reveal_until(ctx: Ctx, a: A.Reveal) -> bool:
    """701.16: "reveal cards from the top of your library until you reveal a
    creature card": one at a time from the top, until one fits or the
    library has no more; the cards stay in the library, revealed.  The card
    that fit is what "that card" then means; all of them are the cards
    "revealed this way" (608.2c)."""
    problem = _reveal_until_problem(a)
    if problem is not None:
        raise Unsupported(problem)
    players = ctx.players(a.player) if a.player is not None else [ctx.controller]
    if len(players) > 1:
        raise Unsupported("several players revealing cards from the top of their libraries until")
    if not players:
        return False  # "target player" whose target is no longer legal: no one reveals (608.2b)
    (player,) = players
    saved = ctx.that_player
    ctx.that_player = [player]  # "until they reveal a land card": the player revealing
    try:
        revealed, found = until_fits(ctx, a.until, player)
    finally:
        ctx.that_player = saved
    ctx.game.say(f"  {player} reveals " + (", ".join(o.card.name for o in revealed) or "nothing: the library is empty")
                 + ("" if found or not revealed else " (none fits)"))  # fmt: skip
    ctx.done["revealed"] = [o.id for o in revealed]
    ctx.looked = [o.id for o in revealed]  # "and the rest on the bottom of their library": those still there
    acted(ctx, found)
    ctx.those = ([o.id for o in found], [o.id for o in revealed])  # "then puts those cards into their graveyard"
    return bool(revealed)


def _searched_player(ctx: Ctx, a: A.Search) -> PlayerId:
    """Whose library is searched: yours, or the player it names ("target
    player's library"); "that player's library" in an "instead" sentence is
    the player the sentence it replaces names (:meth:`Ctx.replaced_player`)."""
    if a.whose is None:
        return ctx.controller
    players = ctx.players(a.whose)
    if len(players) != 1:
        raise Unsupported("a search of several players' libraries")
    return players[0]


@carries_out(A.Search, limits=(
    ("searching a zone other than a library", lambda a: a.zones != "library"),
    ("searching a library for cards not described", lambda a: not isinstance(a.what, A.AnObject)),
))
def _search(ctx: Ctx, a: A.Search) -> bool:
    """701.23: search a library for cards that fit; they are what the next
    instructions call "it" or "them" ("put it onto the battlefield", "exile
    them").  A search for cards with a stated quality, or for "up to" N
    cards, may find fewer than there are (701.23b); the searching player
    picks which.  Another player's library searched is "that player"'s."""
    game = ctx.game
    what = a.what
    assert isinstance(what, A.AnObject)  # LIMITS
    if a.player is not None and ctx.players(a.player) != [ctx.controller]:
        raise Unsupported("another player searching a library")
    whose = _searched_player(ctx, a)
    if not isinstance(a.whose, A.You | None):
        ctx.that_player = [whose]  # "then that player shuffles"
    n = ctx.quantity(what.count) if what.count is not None else 1
    filt = what.filter
    library = game.zone_objects("library", whose)
    cands = [o for o in library if ctx.fits(filt, o, anywhere=True)]
    stated = bool(filt.adjectives or filt.qualities or [x for x in filt.nouns if x.lower() != "card"])
    hi = min(n, len(cands))
    lo = 0 if stated or what.up_to else hi
    found: list[GameObject] = []
    mine = "your library" if whose == ctx.controller else f"{whose}'s library"
    if hi > 0:
        d = Decision("pick", ctx.controller, f"search {mine}: find up to {min(n, len(cands))} (none to find nothing)"
                     if lo == 0 else f"search {mine}: find {hi}",
                     [o.id for o in cands], [o.card.name for o in cands], lo, hi)  # fmt: skip
        picked = ask(game, d)
        found = [o for o in cands if o.id in picked]
    ctx.done["searched library"] = [o.id for o in found]  # "If you search your library this way" (701.23)
    # "put one into your hand and the other into your graveyard": "one", "the
    # other" and "the rest" are of the cards found, still in the library (607.1)
    ctx.looked = [o.id for o in found]
    if found:
        game.say(f"  {ctx.controller} searches {mine} and finds {', '.join(o.card.name for o in found)}")
    else:
        game.say(f"  {ctx.controller} searches {mine} and finds nothing")
    acted(ctx, found)
    return bool(found)


def _shuffled_objects(a: A.Shuffle) -> bool:
    """ "shuffle [objects] into your library" / "into its owner's library"?"""
    from ..context import OBJECT_REFS

    return (isinstance(a.what, OBJECT_REFS) and a.form == ""
            and (isinstance(a.into, A.You | A.OwnerOf | A.Possessive)
                 # "Its owner shuffles it into their library": the player shuffling is the owner
                 or isinstance(a.into, A.TheirRef) and isinstance(a.player, A.OwnerOf | A.ThatPlayer)))  # fmt: skip


SHUFFLED_ZONES: dict[str, tuple[Zone, ...]] = {"graveyard": ("graveyard",), "hand and graveyard": ("hand", "graveyard")}
"""The zones of "shuffle your graveyard into your library", "each player
shuffles their hand and graveyard into their library", by ``Shuffle.form``."""


def _shuffled_zones(a: A.Shuffle) -> bool:
    """ "shuffle [a player's] graveyard (hand and graveyard) into [the same
    player's] library"?"""
    return a.form in SHUFFLED_ZONES and (
        isinstance(a.what, A.You) and isinstance(a.into, A.You)
        or isinstance(a.what, A.TheirRef) and isinstance(a.into, A.TheirRef)
    )  # fmt: skip


@carries_out(A.Shuffle, limits=(
    ("shuffling cards into a library other than objects into their owner's",
     lambda a: a.what is not None and not _shuffled_objects(a) and not _shuffled_zones(a)
     or a.form not in ("", "library", "it", "that pile", *SHUFFLED_ZONES) or a.form in SHUFFLED_ZONES and not _shuffled_zones(a)),
    ("shuffling another player's library", lambda a: a.what is None and a.form == "" and a.into is not None),
))
def _shuffle(ctx: Ctx, a: A.Shuffle) -> bool:
    """701.20: each player named shuffles their library ("then shuffle",
    "then that player shuffles", "shuffle your library", "each player who
    searched their library this way shuffles it"); "shuffle [cards]
    into your library" puts each into its owner's library (400.3) — those
    revealed there stay — and that library is shuffled."""
    import random

    if a.form == "that pile":
        return shuffle_pile(ctx)
    game = ctx.game
    if _shuffled_zones(a):
        players = ctx.players(a.what)
        moved = 0
        for p in players:
            for zone in SHUFFLED_ZONES[a.form]:
                for o in list(game.zone_objects(zone, p)):
                    move(game, o, "library")
                    moved += 1
            game.say(f"  {p} puts their {a.form} into their library")
        ctx.amount = moved
    elif a.what is not None:
        if not _shuffled_objects(a):
            raise Unsupported("shuffling cards into a library other than objects into their owner's")
        objs = current(ctx, ctx.objects(a.what))
        owners: list[PlayerId] = []
        for o in objs:
            if o.zone != "library":
                move(game, o, "library")
            if o.owner not in owners:
                owners.append(o.owner)
        ctx.amount = len(objs)  # "shuffle the cards from your hand into your library, then draw that many cards"
        if not owners and isinstance(a.into, A.You):
            owners = [ctx.controller]  # "shuffle all other cards revealed this way into your library": none, still shuffled
        players = owners
    else:
        players = ctx.players(a.into) if a.form == "library" and a.into is not None else ctx.players(a.player)
    for p in players:
        lib = game.zone("library", p)
        random.Random(game.state.seed * 7919 + game.state.clock).shuffle(lib)
        game.tick()
        game.say(f"  {p} shuffles their library (701.20)")
    return True
