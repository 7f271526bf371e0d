"""Instructions that move permanents and cards between zones (CR 400-406,
701): destroy (701.8), exile (406), return, put into a zone, sacrifice
(701.21), regenerate (701.19), attach (701.3), and champion's exile
(702.72a)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from cardtext.grammar import ast as A
from cardtext.grammar.render import render_node

from ..characteristics import display_name
from ..choices import Decision, ask
from ..context import DONE_VERBS, Ctx, chosen_at_random
from ..errors import Unsupported
from ..filters import AT_RANDOM, OWN_CHOICE, matches
from ..keywords import ChampionExile
from ..objects import GameObject, PlayerId
from ..replacement import put_onto_battlefield
from ..state import AttachedTo, Championed, UnattachedFrom
from ..zones import move, sacrifice
from .common import (
    acted,
    choose_cards,
    choose_up_to,
    current,
    exile_linked,
    looked_cards,
    not_you,
    source_name,
)
from .counters_tokens import tokens_instead
from .library import keyword_action, nth_place, to_library, until_fits, until_fits_problem
from .piles import exile_pile
from .registry import carries_out, do


@carries_out(A.Destroy)
def _destroy(ctx: Ctx, a: A.Destroy) -> bool:
    """701.8: put into the graveyard, unless a regeneration shield replaces it
    (701.19b) — which "It can't be regenerated" in the same effect forbids (701.19c)."""
    from ..destroy import destroy

    effect = ctx.item.effect if ctx.item is not None else None
    regenerable = effect is None or not any(isinstance(n, A.CantBeRegenerated) for n in effect.walk())
    objs = [o for o in current(ctx, ctx.objects(a.what)) if o.zone == "battlefield"]
    for o in objs:
        ctx.game.say(f"  destroys {display_name(o)}")
        destroy(ctx.game, o, regenerable=regenerable)
    acted(ctx, objs)
    return bool(objs)


# "exile a card at random from your graveyard", "return two creature cards at
# random from your graveyard to your hand": Ctx.choose_cards picks them
AT_RANDOM[A.Exile] = lambda a: chosen_at_random(a.what)
AT_RANDOM[A.ReturnTo] = lambda a: chosen_at_random(a.what)


@carries_out(A.Exile, limits=(
    ("exiling with counters", lambda a: a.with_counters is not None),
    ("exiling until something other than this leaves",
     lambda a: a.until is not None and not isinstance(a.until, A.SelfRef | A.ItRef)),
    ("another player exiling", lambda a: not_you(a.player) and _other_exiler_problem(a)),
    (lambda a: until_fits_problem(a.what, a.until_found, "exile", a.player) or "",
     lambda a: a.until_found is not None and until_fits_problem(a.what, a.until_found, "exile", a.player) is not None),
))
def _exile(ctx: Ctx, a: A.Exile) -> bool:
    """406, 607.2a: exile, linked to this ability; "until [this] leaves the
    battlefield" (610.3) does nothing if it already has."""
    if a.pile:
        return exile_pile(ctx, a)  # "exile ... in a face-down pile" (406.3)
    if a.until_found is not None:
        return _exile_until_found(ctx, a)
    game = ctx.game
    if not_you(a.player) and isinstance(a.what, A.AnObject):
        return _exile_chosen_by(ctx, a, a.what)
    if a.until_leaves:
        src = ctx.source_obj()
        if src is None or src.zone != "battlefield":
            game.say(f"  {source_name(ctx)} has left the battlefield: nothing is exiled (610.3c)")
            return False
    # "exile one of them": cards looked at, chosen now (701.16); else the objects named
    objs = looked_cards(ctx, a.what, "exile") if isinstance(a.what, A.LookedCards) else current(ctx, ctx.objects(a.what))
    done = []
    for o in objs:
        name = display_name(o)
        came_from = o.zone
        new = exile_linked(ctx, o, face_down=a.face_down)
        done.append(new)
        if a.until_leaves:
            game.state.until_leaves.append((ctx.source, new.id, came_from))
        game.say(f"  exiles {name} with {source_name(ctx)}" + (" face down" if a.face_down else ""))
    acted(ctx, done)
    return bool(done)


def _other_exiler_problem(a: A.Exile) -> bool:
    """What another player exiling can't be: a pile, "until [this] leaves",
    a card or object not named by a description or a reference."""
    return bool(a.pile or a.until_leaves or a.face_down and isinstance(a.what, A.AnObject)) or not isinstance(
        a.what, A.AnObject | A.Each | A.ItRef | A.ThatRef | A.ThemRef | A.Target)  # fmt: skip


def _exile_chosen_by(ctx: Ctx, a: A.Exile, what: A.AnObject) -> bool:
    """ "Target player exiles a card from their graveyard", "defending player
    exiles two permanents they control": each player named picks that many
    of the objects that fit — in the zone named, or permanents they control
    — and exiles them, linked to this ability (406, 607.2a, 608.2c)."""
    from ..filters import describe_filter

    game = ctx.game
    done: list[GameObject] = []
    saved = ctx.that_player
    try:
        for p in ctx.players(a.player):
            ctx.that_player = [p]  # "their graveyard", "they control": the player exiling
            if what.filter.zone is not None:
                picked = current(ctx, ctx.choose_cards(what, chooser=p))
            else:
                cands = [o for o in game.battlefield() if o.controller == p and ctx.fits(what.filter, o)]
                picked = ctx.pick_for(p, what, f"{source_name(ctx)}: exile {describe_filter(what.filter)}", cands)
            for o in current(ctx, [o.id for o in picked]):
                name = display_name(o)
                done.append(exile_linked(ctx, o))
                game.say(f"  {p} exiles {name} with {source_name(ctx)}")
    finally:
        ctx.that_player = saved
    acted(ctx, done)
    return bool(done)


def _exile_until_found(ctx: Ctx, a: A.Exile) -> bool:
    """"Exile cards from the top of your library until you exile a nonland
    card": one at a time from the top until one fits or the library has no
    more, each linked to this ability (607.2a).  The card that fit is what
    "that card" then means; all of them are the cards "exiled this way"
    (608.2c)."""
    problem = until_fits_problem(a.what, a.until_found, "exile", a.player)
    if problem is not None:
        raise Unsupported(problem)
    players = ctx.players(a.player) if a.player is not None else [ctx.controller]
    if len(players) > 1:
        raise Unsupported("several players exiling cards from the top of their libraries until")
    if not players:
        return False  # "target opponent" whose target is no longer legal (608.2b)
    (player,) = players
    saved = ctx.that_player
    ctx.that_player = [player]  # "until they exile a nonland card": the player exiling
    try:
        passed, found = until_fits(ctx, a.until_found, player)
    finally:
        ctx.that_player = saved
    exiled = [exile_linked(ctx, o) for o in passed]
    ctx.game.say(f"  {player} exiles " + (", ".join(o.card.name for o in exiled) or "nothing: the library is empty")
                 + ("" if found or not exiled else " (none fits)"))  # fmt: skip
    ctx.done["exiled"] = [o.id for o in exiled]
    acted(ctx, exiled[-1:] if found else [])
    return bool(exiled)


@carries_out(A.ExileGraveyard, limits=(("another player exiling", lambda a: not_you(a.player)),))
def _exile_graveyard(ctx: Ctx, a: A.ExileGraveyard) -> bool:
    """"Exile target player's graveyard": every card in it goes to exile,
    linked to this ability (404.1, 607.2a)."""
    game = ctx.game
    done: list[GameObject] = []
    for p in ctx.players(a.whose):
        for cid in list(game.zone("graveyard", p)):
            done.append(exile_linked(ctx, game.obj(cid)))
        game.say(f"  exiles {p}'s graveyard")
    acted(ctx, done)
    return bool(done)


@carries_out(A.ExileTop)
def _exile_top(ctx: Ctx, a: A.ExileTop) -> bool:
    """"Exile the top N cards of [whose] library [face down]": each card goes
    to exile, linked to this ability (607.2a); exiled face down, no player
    may look at it there (406.3) and it has no characteristics until it
    leaves exile (708.2 is for permanents and spells only)."""
    game = ctx.game
    n = ctx.quantity(a.amount) if a.amount is not None else 1
    done: list[GameObject] = []
    for p in ctx.players(a.whose):
        for cid in list(game.zone("library", p)[:n]):
            new = exile_linked(ctx, game.obj(cid), face_down=a.face_down)
            done.append(new)
            game.say(f"  exiles the top card of {p}'s library" + (" face down" if a.face_down else f": {new.card.name}"))
    acted(ctx, done)
    return bool(done)


def _controller_under(ctx: Ctx, under: object, obj: GameObject) -> PlayerId | None:
    """Whose control "under [whose] control" puts a permanent (110.2a); None
    when the words don't say."""
    if under is None:
        return None
    if under == "owner" or isinstance(under, A.OwnerOf):
        return obj.owner  # "under its owner's control", "under their owners' control"
    if under == "you" or isinstance(under, A.You):
        return ctx.controller
    players = ctx.players(under)
    if len(players) != 1:
        raise Unsupported("putting a permanent under the control of several players")
    return players[0]


def _mod_problem(mod: object) -> bool:
    """Whether a way a permanent is put onto the battlefield is one
    :func:`_entering` can't carry out: it does "tapped", "under [whose]
    control" and "with N [kind] counters on it"; attacking, face down,
    transformed and attached aren't done here."""
    if mod in ("tapped", "under your control"):
        return False
    return not (isinstance(mod, tuple) and mod[0] in ("under", "with"))


def _entering(ctx: Ctx, dest: A.Destination | None, obj: GameObject,
              controller: PlayerId) -> tuple[PlayerId, bool, tuple[tuple[str, int], ...]]:
    """How ``obj`` enters the battlefield by the destination's words: its
    controller (110.2a: the player who puts it there unless the words say
    otherwise), whether it is tapped, and the counters it enters with
    (614.1c)."""
    if dest is None:
        return controller, False, ()
    controller = _controller_under(ctx, dest.under, obj) or controller
    tapped = False
    counters: list[tuple[str, int]] = []
    for mod in dest.mods:
        if mod == "tapped":
            tapped = True
        elif mod == "under your control":
            controller = ctx.controller
        elif isinstance(mod, tuple) and mod[0] == "under":
            controller = _controller_under(ctx, mod[1], obj) or controller
        elif isinstance(mod, tuple) and mod[0] == "with":
            amount, kind, *_ = mod[1]  # "with two additional +1/+1 counters on it": N of them
            counters.append((kind, ctx.quantity(amount)))
        else:
            raise Unsupported(f"putting a permanent onto the battlefield {mod}")
    return controller, tapped, tuple(counters)


_FROM_ZONES = ("graveyard", "hand", "library", "exile")


def _from_zone_problem(place: A.ZonePlace) -> bool:
    """Whether :func:`_in_zone` can't tell if an object is in the zone a
    "return [this] from your graveyard" names."""
    zones = [place.zone] + ([place.second] if place.second else [])
    return any(z not in _FROM_ZONES for z in zones) or (place.owner is not None and place.how != "possessive")


def _in_zone(ctx: Ctx, objs: list[GameObject], place: A.ZonePlace) -> list[GameObject]:
    """400.7: "Return [this] from your graveyard to your hand" moves it only
    if it is in that zone now (an object that has left it is a new object,
    and one still elsewhere isn't returned from there)."""
    zones = {place.zone} | ({place.second} if place.second else set())
    owners = ctx.players(place.owner) if place.owner is not None else None
    kept = [o for o in objs if o.zone in zones and (owners is None or o.owner in owners)]
    for o in objs:
        if o not in kept:
            ctx.game.say(f"  {display_name(o)} isn't in {render_node(place)}: it isn't returned (400.7)")
    return kept


@carries_out(A.ReturnTo, limits=(
    ("returning a card to a zone other than a hand or the battlefield", lambda a: a.zone not in ("hand", "battlefield")),
    ("returning a permanent attacking, face down, transformed or attached",
     lambda a: a.destination is not None and any(_mod_problem(m) for m in a.destination.mods)),
    ("returning a card from a zone other than a player's graveyard, hand, library or exile",
     lambda a: a.from_zone is not None and _from_zone_problem(a.from_zone)),
    ("another player returning a card",
     lambda a: not_you(a.player) and not isinstance(a.what, A.AnObject | A.Each | A.ItRef | A.ThatRef | A.ThemRef)),
))
def _return(ctx: Ctx, a: A.ReturnTo) -> bool:
    """400.7: return a card to a hand (its owner's, 400.3) or to the
    battlefield, under the control of the player the words name, else of
    the player who puts it there (110.2a).  "Each player returns a creature
    they control to its owner's hand", "target player returns all creature
    cards from their graveyard to the battlefield": each player named picks
    what they return, and puts it onto the battlefield under their control."""
    if not_you(a.player):
        done: list[GameObject] = []
        saved = ctx.that_player
        try:
            for p in ctx.players(a.player):
                ctx.that_player = [p]  # "they control", "their graveyard": the player returning
                done += _returned(ctx, a, p, _chosen_by(ctx, a.what, p, "return"))
        finally:
            ctx.that_player = saved
        acted(ctx, done)
        return bool(done)
    done = _returned(ctx, a, ctx.controller, current(ctx, ctx.objects(a.what)))
    acted(ctx, done)
    return bool(done)


def _chosen_by(ctx: Ctx, what: object, p: PlayerId, verb: str) -> list[GameObject]:
    """What ``what`` names for player ``p``, who picks among a description's
    objects (608.2c): in the zone named, or permanents they control."""
    from ..filters import describe_filter

    if not isinstance(what, A.AnObject) or chosen_at_random(what):
        return current(ctx, ctx.objects(what))
    if what.filter.zone is not None:
        return current(ctx, ctx.choose_cards(what, chooser=p))
    cands = [o for o in ctx.game.battlefield() if o.controller == p and ctx.fits(what.filter, o)]
    return ctx.pick_for(p, what, f"{source_name(ctx)}: {verb} {describe_filter(what.filter)}", cands)


def _returned(ctx: Ctx, a: A.ReturnTo, by: PlayerId, objs: list[GameObject]) -> list[GameObject]:
    """Return ``objs``, ``by`` putting them there (110.2a); the objects that moved."""
    game = ctx.game
    dest = a.destination
    if a.from_zone is not None:
        objs = _in_zone(ctx, objs, a.from_zone)
    done = []
    for o in objs:
        name = display_name(o)
        if a.zone == "hand":
            if o.zone == "hand":
                continue
            new = move(game, o, "hand")
            game.say(f"  {'puts' if a.verb == 'put' else 'returns'} {new.card.name} into {new.owner}'s hand")
        else:
            if o.zone == "battlefield":
                continue
            controller = ctx.controller if a.under_you else by if not (a.under_owner or a.owners) else o.owner
            if a.under_owner:
                controller = o.owner
            controller, tapped, counters = _entering(ctx, dest, o, controller)
            new = put_onto_battlefield(game, o, controller, tapped=tapped, counters=counters)
            if new.zone != "battlefield":
                continue  # it stays where it was (303.4f, 304.4, 307.4)
            game.say(f"  returns {name} to the battlefield{' tapped' if tapped else ''} under {controller}'s control")
        done.append(new)
    return done


_PUT_REFS = (A.ItRef, A.ThemRef, A.ThatRef, A.SelfRef, A.Target, A.ExiledCards, A.CostPaidRef)
"""The references to objects named before that a "put" instruction moves."""


_AMONG_REFS = (A.ItRef, A.ThemRef, A.ThatRef, A.Target, A.ExiledCards, A.Each)
"""What "from among [them]" may name for a "put" to choose from: objects named before."""


def _put_what_problem(a: A.PutInZone) -> bool:
    """Whether :func:`_objects_to_put` can't find what a "put" instruction
    names: it finds objects named before ("it", "them", "that card"), cards
    looked at, "the top N cards of [a player's] library", "each ..." and
    "all ... revealed this way", and a number of objects described ("a
    creature card from your hand", "up to two creature cards from among them")."""
    what = a.what
    if isinstance(what, A.AnObject):
        return any(isinstance(q, A.Among) and isinstance(q.what, A.Node) and not isinstance(q.what, _AMONG_REFS)
                   and not (isinstance(q.what, A.LinkedRef) and q.what.verb in DONE_VERBS)
                   for q in what.filter.qualities)  # fmt: skip
    if isinstance(what, (A.LookedCards, A.TopOfLibrary, A.Each, *_PUT_REFS)):
        return False
    # "put twelve of those tokens onto the battlefield instead" (older wording for creating them)
    return not (isinstance(what, A.EachOf) and what.count is not None and isinstance(what.of, A.ThatRef))


def _objects_to_put(ctx: Ctx, what: object, verb: str, chooser: PlayerId) -> list[GameObject]:
    """The objects a "put" instruction moves: those named before ("it",
    "them", "that card"), cards looked at ("one of them", "the rest"), the
    top (or bottom) cards of a library, every object described ("all cards
    revealed this way"), or those ``chooser`` picks of the objects described."""
    if isinstance(what, A.LookedCards):
        return looked_cards(ctx, what, verb)
    if isinstance(what, _PUT_REFS):
        return current(ctx, ctx.objects(what))
    if isinstance(what, A.TopOfLibrary):
        return _top_of_library(ctx, what)
    if isinstance(what, A.Each):
        return current(ctx, ctx.objects(what))
    if isinstance(what, A.AnObject) and what.filter.zone is not None and what.filter.zone.zone == "top of library":
        return current(ctx, ctx.objects(what))  # "that many cards from the top of their library" (401.1)
    if isinstance(what, A.AnObject):
        return _described_to_put(ctx, what, verb, chooser)
    raise Unsupported(f"putting {type(what).__name__} somewhere")


def _top_of_library(ctx: Ctx, what: A.TopOfLibrary) -> list[GameObject]:
    """401.2: "the top N cards of [a player's] library" (or the bottom N):
    as many as there are, top card first."""
    game = ctx.game
    n = ctx.quantity(what.count) if what.count is not None else 1
    out: list[GameObject] = []
    for p in ctx.players(what.whose):
        library = list(game.zone("library", p))
        cids = (library[::-1] if what.bottom else library)[: max(n, 0)]
        out.extend(game.obj(cid) for cid in cids)
    return out


def _described_to_put(ctx: Ctx, what: A.AnObject, verb: str, chooser: PlayerId) -> list[GameObject]:
    """"Put a creature card from your hand onto the battlefield", "put up to
    two creature cards from among them into your hand": the player putting
    them picks that many of the objects described (608.2c) — any number of
    them, or fewer, for "any number of" and "up to"; cards "exiled with
    [this]" are looked for in exile (607.2a), cards "from among them" among
    those named before."""
    game = ctx.game
    filt = what.filter
    among = [q.what for q in filt.qualities if isinstance(q, A.Among) and isinstance(q.what, A.Node)]
    if among:
        pool = [o for ref in among for o in current(ctx, ctx.objects(ref))]
    elif any(isinstance(q, A.ExiledWith) for q in filt.qualities):
        pool = [o for p in game.state.players for o in game.zone_objects("exile", p)]
    else:
        pool = None
    if pool is not None:
        cands = [o for o in pool if matches(game, filt, o, you=ctx.controller, source=ctx.source, players=ctx.players,
                                            quantity=ctx.quantity, objects=ctx.objects, anywhere=True)]  # fmt: skip
    else:
        cands = ctx.each(filt)
    if not cands:
        game.say(f"  nothing fits to {verb}")
        return []
    if what.any_number:
        hi = len(cands)
    else:
        hi = min(ctx.quantity(what.count) if what.count is not None else 1, len(cands))
    lo = 0 if what.up_to or what.any_number else hi
    if hi <= 0:
        return []
    d = Decision("pick", chooser, f"{source_name(ctx)}: {verb} which", [o.id for o in cands],
                 [display_name(o) for o in cands], lo, hi)  # fmt: skip
    picked = ask(game, d)
    return [o for o in cands if o.id in picked]


def _own_choice_of_end(a: A.PutInZone) -> bool:
    """"Target creature's owner puts it on their choice of the top or bottom
    of their library": the player putting it chooses (608.2c: "their" is
    that player)."""
    return (a.to.where == "choice of the top or bottom" and a.player is not None
            and isinstance(a.to.under, A.TheirRef))  # fmt: skip


@carries_out(A.PutInZone, limits=(
    ("putting a card somewhere else", lambda a: not isinstance(a.to, A.Destination)
     or a.to.zone not in ("hand", "battlefield", "graveyard", "exile", "library")),
    ("putting a permanent onto the battlefield attacking, face down, transformed or attached",
     lambda a: isinstance(a.to, A.Destination) and any(_mod_problem(m) for m in a.to.mods)),
    ("putting a card into a library other than on top, at the bottom, back or at a place counted from the top",
     lambda a: isinstance(a.to, A.Destination) and a.to.zone == "library"
     and a.to.where not in ("top", "bottom", "top or bottom", "back") and not nth_place(a.to)
     and not _own_choice_of_end(a)),
    ("putting several cards into a library at a place counted from its top",
     lambda a: isinstance(a.to, A.Destination) and nth_place(a.to) and isinstance(a.what, (A.ThemRef, A.Each, A.LookedCards))),
    ("putting objects not named before, nor described", _put_what_problem),
))
def _put_in_zone(ctx: Ctx, a: A.PutInZone) -> bool:
    """Put cards into a zone (400.3: a card goes to its owner's hand,
    library or graveyard): "put it onto the battlefield tapped", "put one of
    them into your hand", "the rest on the bottom of your library in any
    order", "exile them" after a search (linked, 607.2a), "target player
    puts the top three cards of their library into their graveyard".  The
    player the instruction names does it (each of them in turn, in APNAP
    order, 101.4), making its choices; "their" is that player (608.2c),
    and a permanent they put onto the battlefield is theirs to control
    unless the words say otherwise (110.2a)."""
    players = ctx.players(a.player) if a.player is not None else [ctx.controller]
    if len(players) > 1:
        players = _in_turn_order(ctx, players)
    saved = ctx.that_player
    done: list[GameObject] = []
    acted_any = False
    try:
        for p in players:
            if a.player is not None:
                ctx.that_player = [p]
            moved, did = _put_by(ctx, a, p)
            done.extend(moved)
            acted_any = acted_any or did
    finally:
        ctx.that_player = saved
    if done or not acted_any:
        acted(ctx, done)
    return acted_any


def _in_turn_order(ctx: Ctx, players: list[PlayerId]) -> list[PlayerId]:
    """101.4: several players doing something at once do it in turn order,
    the active player first."""
    order = list(ctx.game.state.players)
    first = order.index(ctx.game.state.active) if ctx.game.state.active in order else 0
    turn = order[first:] + order[:first]
    return sorted(players, key=lambda p: turn.index(p) if p in turn else len(turn))


def _put_by(ctx: Ctx, a: A.PutInZone, chooser: PlayerId) -> tuple[list[GameObject], bool]:
    """One player's "put": the objects it moved, and whether it was done."""
    game = ctx.game
    dest = a.to
    verb = {"hand": "put into your hand", "battlefield": "put onto the battlefield"}.get(dest.zone, "put on your library")
    what = a.what
    if (dest.zone == "battlefield" and isinstance(what, A.EachOf) and what.count is not None
            and isinstance(what.of, A.ThatRef) and "token" in (n.lower() for n in what.of.what.nouns)):  # fmt: skip
        # "put twelve of those tokens onto the battlefield instead": older
        # wording for creating them (111.1)
        again = tokens_instead(ctx, what.count)
        if again is not None:
            return [], do(ctx, again)
    cards = _objects_to_put(ctx, a.what, verb, chooser)
    done: list[GameObject] = []
    if dest.zone == "library":
        if _own_choice_of_end(a):
            dest = replace(dest, where="top or bottom")  # the choice of ``chooser``, the player putting it
        did = to_library(ctx, cards, dest, chooser)
        ctx.amount = len(cards)  # "put the cards in your hand on the bottom of your library, then draw that many"
        return [], did
    for o in cards:
        name = o.card.name
        if dest.zone == "hand":
            new = move(game, o, "hand")
            game.say(f"  puts {name} into {new.owner}'s hand")
        elif dest.zone == "battlefield":
            controller, tapped, counters = _entering(ctx, dest, o, chooser)
            new = put_onto_battlefield(game, o, controller, tapped=tapped, counters=counters)
            if new.zone != "battlefield":
                continue  # an Aura with nothing to enchant, an instant or sorcery card, stays where it was (303.4f, 304.4)
            game.say(f"  puts {name} onto the battlefield" + (" tapped" if tapped else ""))
        elif dest.zone == "graveyard":
            new = move(game, o, "graveyard")
            game.say(f"  puts {name} into {new.owner}'s graveyard")
        elif dest.zone == "exile":
            new = exile_linked(ctx, o)
            game.say(f"  exiles {name} with {source_name(ctx)}")
        else:
            raise Unsupported(f"putting a card into the {dest.zone}")
        done.append(new)
    return done, bool(done)


OWN_CHOICE[A.Sacrifice] = lambda a: (  # 701.21a: each player sacrificing picks what they sacrifice
    "your" if a.player is None or isinstance(a.player, A.You) else "their", [a.what])


@carries_out(A.Sacrifice)
def _sacrifice(ctx: Ctx, a: A.Sacrifice) -> bool:
    """701.21a: "sacrifice it", "sacrifice all creatures you control", "each
    player sacrifices a creature": a player sacrifices only permanents they
    control — of the objects named, those the player controls."""
    game = ctx.game
    done = False
    if not isinstance(a.what, A.AnObject):
        who = ctx.players(a.player) if a.player is not None else [ctx.controller]
        named = ctx.self_objects(a.what) if isinstance(a.what, A.SelfRef) else ctx.objects(a.what)
        gone = [o for o in current(ctx, named) if o.zone == "battlefield" and o.controller in who]
        for o in gone:
            game.say(f"  {o.controller} sacrifices {display_name(o)}")
            sacrifice(game, o)
        acted(ctx, gone)
        return bool(gone)
    n = ctx.quantity(a.what.count) if a.what.count is not None else 1
    sacrificed: list[GameObject] = []
    for p in ctx.players(a.player):
        cands = [
            o for o in game.battlefield()
            if o.controller == p and ctx.fits(a.what.filter, o, you=p)
        ]  # fmt: skip
        if a.what.any_number or a.what.up_to:
            # "Sacrifice any number of Mountains", "up to two creatures": the player's choice of how many
            most = len(cands) if a.what.any_number else n
            chosen = choose_up_to(ctx, p, f"sacrifice {'any number' if a.what.any_number else f'up to {n}'}", cands, most)
        else:
            chosen = choose_cards(ctx, p, f"sacrifice {n}", cands, n)
        for v in chosen:
            game.say(f"  {p} sacrifices {display_name(v)}")
            sacrificed.append(v)
            sacrifice(game, v)
            done = True
    # "sacrifices a creature, then gains life equal to that creature's
    # toughness": the creature as it last existed (608.2c, 608.2h)
    acted(ctx, sacrificed)
    return done


@carries_out(A.Regenerate)
def _regenerate(ctx: Ctx, a: A.Regenerate) -> bool:
    """701.19a: "Regenerate [permanent]" — a shield for the next time it would be destroyed this turn."""
    from ..destroy import add_shield

    ids = [ctx.source] if a.what is None else ctx.objects(a.what)
    objs = [o for o in current(ctx, ids) if o.zone == "battlefield"]
    for o in objs:
        add_shield(ctx.game, o)
    return bool(objs)


@carries_out(A.Attach)
def _attach(ctx: Ctx, a: A.Attach) -> bool:
    """701.3a: put an Aura or Equipment on an object; one that can't be
    attached to it (or has left the battlefield) doesn't move (701.3b)."""
    from ..attach import attach_problem

    what = current(ctx, ctx.objects(a.what))
    to = current(ctx, ctx.objects(a.to))
    if not what or not to:
        ctx.game.say("  nothing is attached: one of them is gone (701.3b)")
        return False
    problem = attach_problem(ctx.game, what[0], to[0])
    if problem is not None:
        ctx.game.say(f"  {display_name(what[0])} isn't attached to {display_name(to[0])}: {problem} (701.3b)")
        return False
    before = what[0].attached_to
    if before == to[0].id:
        ctx.game.say(f"  {display_name(what[0])} is attached to {display_name(to[0])} already (701.3b)")
        return False
    what[0].attached_to = to[0].id
    ctx.game.say(f"  attaches {display_name(what[0])} to {display_name(to[0])}")
    if before is not None:
        ctx.game.events.append(UnattachedFrom(what[0].id, before))  # 701.3d: moved to another object
    ctx.game.events.append(AttachedTo(what[0].id, to[0].id))
    return True


@carries_out(ChampionExile)
def _champion_exile(ctx: Ctx, a: Any) -> bool:
    """702.72a: sacrifice it unless you exile another such permanent you control."""
    game = ctx.game
    src = ctx.source_obj()
    what = a.exile.what
    cands = [o for o in game.battlefield() if ctx.fits(what.filter, o)]
    name = source_name(ctx)
    if cands and ask(game, Decision("may", ctx.controller, f"{name}: champion (exile) another permanent? If not, sacrifice {name}")):
        chosen = choose_cards(ctx, ctx.controller, f"{name}: exile which one", cands, 1)
        for o in chosen:
            label = display_name(o)
            new = exile_linked(ctx, o)
            game.say(f"  {name} champions {label}: exiled with {name}")
            game.events.append(Championed(new.id, ctx.source))  # "When a [Faerie] is championed with [this]"
        return True
    if src is not None and src.zone == "battlefield":
        game.say(f"  {ctx.controller} sacrifices {name} (nothing championed)")
        sacrifice(game, src)
    return False


@keyword_action("collect evidence", limits=(
    ("collecting evidence of other than a fixed number, or by another player",
     lambda a: not isinstance(a.amount, A.Number) or not_you(a.player) or a.what is not None or a.extra
     or a.duration is not None),
))  # fmt: skip
def _collect_evidence(ctx: Ctx, a: A.KeywordAction) -> bool:
    """701.59a: "collect evidence N" as an instruction — exile cards with
    total mana value N or greater from your graveyard; a player whose
    graveyard holds less can't, and nothing is done."""
    from ..characteristics import chars
    from ..costs import collect_evidence

    n = ctx.quantity(a.amount)
    if sum(chars(o).mana_value for o in ctx.game.zone_objects("graveyard", ctx.controller)) < n:
        ctx.game.say(f"  {ctx.controller} can't collect evidence {n} (701.59a)")
        return False
    paid: dict[str, list[Any]] = {}
    collect_evidence(ctx.game, ctx.controller, n, paid)
    acted(ctx, [o for o in (ctx.game.get(oid) for oid in paid.get("exiled", [])) if o is not None])
    return True


