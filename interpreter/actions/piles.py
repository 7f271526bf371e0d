"""Instructions about face-down piles, and turning a permanent face up.

The exile, shuffle and manifest instructions of :mod:`.zones`,
:mod:`.library` and :mod:`.facedown` hand their pile forms to this module.

* "Exile [cards] in a face-down pile, shuffle that pile, then manifest those
  cards" (Jeskai Infiltrator, Ghastly Conscription; 406.3, 701.40a): the
  cards are exiled face down together, put in a random order, then
  manifested one at a time in that order (M7) under the control of the
  player carrying out the instruction.  "Manifest those cards" manifests the
  cards the instruction before acted on, wherever they are.
* "Turn [a permanent you control] face up" as an instruction (708.8): no cost
  is paid; the permanent keeps being the same object (M11) and "when it is
  turned face up" abilities trigger.  A face-down instant or sorcery card is
  revealed and stays face down (701.40c, M8).
"""

from __future__ import annotations

import random

from cardtext.grammar import ast as A

from ..characteristics import display_name, front_chars
from ..choices import Decision, ask
from ..context import Ctx
from ..errors import Unsupported
from ..objects import GameObject
from ..state import TurnedFaceUp
from ..zones import top_of_library
from .common import acted, current, exile_linked
from .registry import carries_out


def _pile_cards(ctx: Ctx, ref: object) -> list[GameObject]:
    """The cards a pile is made of: "it and the top card of your library",
    "all creature cards from target player's graveyard"."""
    if isinstance(ref, A.BothRef):
        first = _pile_cards(ctx, ref.first)
        return first + [o for o in _pile_cards(ctx, ref.second) if o not in first]
    if isinstance(ref, A.TopOfLibrary):
        if ref.bottom:
            raise Unsupported("a pile of the bottom cards of a library")
        n = ctx.quantity(ref.count) if ref.count is not None else 1
        return [o for p in ctx.players(ref.whose) for o in top_of_library(ctx.game, p, n)]
    return current(ctx, ctx.objects(ref))


def exile_pile(ctx: Ctx, a: A.Exile) -> bool:
    """406.3: exile the cards face down, in one pile; "those cards" are them."""
    if a.until is not None or a.until_leaves or a.with_counters is not None:
        raise Unsupported("exiling a pile for a while or with counters")
    pile = [exile_linked(ctx, o, face_down=True) for o in _pile_cards(ctx, a.what) if o.zone != "exile"]
    ctx.game.say(f"  exiles {len(pile)} card{'s' if len(pile) != 1 else ''} in a face-down pile")
    acted(ctx, pile)
    return bool(pile)


def shuffle_pile(ctx: Ctx) -> bool:
    """ "shuffle that pile": the cards named before, in a random order."""
    game = ctx.game
    pile = list(ctx.that)
    random.Random(game.state.seed * 7919 + game.state.clock).shuffle(pile)
    game.tick()
    ctx.it, ctx.that, ctx.them = list(pile), list(pile), list(pile)
    game.say("  shuffles the pile")
    return True


def manifest_named(ctx: Ctx, a: A.Manifest) -> bool:
    """701.40a, M7: manifest the cards named before, one at a time, in order."""
    from ..facedown import manifest_cards

    cards = current(ctx, ctx.objects(a.what))
    players = ctx.players(a.player)
    made = manifest_cards(ctx, players[0] if players else ctx.controller, cards, cloak=a.cloak)
    acted(ctx, made)
    return bool(made)


@carries_out(A.TurnFace, limits=(
    ("turning a permanent face down", lambda a: not a.up),
    ("turning face up something other than a permanent", lambda a: a.passive),
))
def _turn_face_up(ctx: Ctx, a: A.TurnFace) -> bool:
    """708.8, 701.40c: turn a face-down permanent face up, paying nothing."""
    game = ctx.game
    who = ctx.players(a.player)[0] if a.player is not None else ctx.controller
    if isinstance(a.what, A.AnObject):
        down = [o for o in ctx.each(a.what.filter) if o.face_down is not None and o.zone == "battlefield"]
        if not down:
            game.say(f"  {who} has no face-down permanent to turn face up")
            return False
        d = Decision("pick", who, "turn which permanent face up", [o.id for o in down],
                     [display_name(o) for o in down], 1, 1)  # fmt: skip
        picked = set(ask(game, d))
        objs = [o for o in down if o.id in picked]
    else:
        objs = [o for o in current(ctx, ctx.objects(a.what)) if o.face_down is not None and o.zone == "battlefield"]
    done = False
    for o in objs:
        front = front_chars(o)
        if "instant" in front.types or "sorcery" in front.types:
            game.say(f"  {who} reveals {display_name(o)}: it is {front.name}, an instant or sorcery card; it stays face down (M8)")
            continue
        label = display_name(o)
        o.face_down = None
        game.say(f"  {who} turns {label} face up: it is {front.name} (708.8)")
        game.events.append(TurnedFaceUp(o.id, who))
        done = True
    return done


__all__ = ["exile_pile", "manifest_named", "shuffle_pile"]
