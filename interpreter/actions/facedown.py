"""Putting cards onto the battlefield face down (CR 701.40 manifest, 701.62
manifest dread, 701.58 cloak); the rules of face-down permanents are
:mod:`cardtext.interpreter.facedown`."""

from __future__ import annotations

from cardtext.grammar import ast as A

from ..context import Ctx
from ..errors import Unsupported
from ..objects import GameObject, PlayerId
from .common import acted, choose_cards, looked_cards
from .piles import manifest_named
from .registry import carries_out


def _zone_of(what: object) -> str | None:
    filt = what.filter if isinstance(what, A.AnObject) else None
    return filt.zone.zone if filt is not None and filt.zone is not None else None


def manifest_from_hand(ctx: Ctx, player: PlayerId, n: int, *, cloak: bool = False) -> list[GameObject]:
    """"Cloak a card from your hand" (701.58a, 701.40a): the player picks the
    card(s) in their hand, which go onto the battlefield face down one at a
    time (M7).  An empty hand gives nothing."""
    from ..facedown import manifest_cards

    game = ctx.game
    verb = "cloak" if cloak else "manifest"
    hand = game.zone_objects("hand", player)
    if not hand:
        game.say(f"  {player}'s hand is empty: nothing to {verb}")
        return []
    picked = choose_cards(ctx, player, f"{verb} which card from your hand", hand, n)
    return manifest_cards(ctx, player, picked, cloak=cloak)


def _whose(ctx: Ctx, whose: object, subject: PlayerId) -> list[PlayerId]:
    """The players a library's "their" names in an instruction whose subject
    is ``subject`` ("Its controller manifests the top card of their library",
    701.40a): "their" is the subject."""
    saved = ctx.that_player
    ctx.that_player = [subject]
    try:
        return ctx.players(whose)
    finally:
        ctx.that_player = saved


@carries_out(A.Manifest, limits=(
    ("manifesting or cloaking cards other than from the top of a library, a hand or cards named before",
     lambda a: a.what is not None and _zone_of(a.what) != "hand" and not isinstance(a.what, A.ThatRef | A.ThemRef)),
))
def _manifest(ctx: Ctx, a: A.Manifest) -> bool:
    """701.40a manifest, 701.62a manifest dread, 701.58a cloak: the top card(s)
    of the player's library, cards looked at ("manifest one of those
    cards"), or a card from their hand ("cloak a card from your hand")."""
    from ..facedown import manifest, manifest_cards, manifest_dread

    if isinstance(a.what, A.ThatRef | A.ThemRef):
        return manifest_named(ctx, a)  # "then manifest those cards" (a pile)
    made: list[GameObject] = []
    verb = "cloak" if a.cloak else "manifest"
    if a.looked is not None:
        made = manifest_cards(ctx, ctx.controller, looked_cards(ctx, a.looked, verb), cloak=a.cloak)
        acted(ctx, made)
        return bool(made)
    from_hand = a.from_hand
    n = ctx.quantity(a.amount) if a.amount is not None else 1
    if a.what is not None:
        zone = a.what.filter.zone if isinstance(a.what, A.AnObject) else None
        if zone is None or zone.zone != "hand" or not isinstance(zone.owner, A.You | A.Possessive | None):
            raise Unsupported(f"{verb} {type(a.what).__name__}")
        from_hand = True
        n = ctx.quantity(a.what.count) if a.what.count is not None else 1
    for p in ctx.players(a.player):
        if a.whose is not None and _whose(ctx, a.whose, p) != [p]:
            raise Unsupported(f"{verb} the top of another player's library")
        if a.dread:
            made.extend(manifest_dread(ctx, p))
        elif from_hand:
            made.extend(manifest_from_hand(ctx, p, n, cloak=a.cloak))
        else:
            made.extend(manifest(ctx, p, n, cloak=a.cloak))
    acted(ctx, made)
    return bool(made)
