"""Pieces that instructions of several families share (CR 608.2c): the
objects still there of those named, what a later "it" means, a player's
pick among cards, exiling linked to the ability (607.2a), the cards looked
at (607.1), and the test of LIMITS for "another player does it"."""

from __future__ import annotations

from cardtext.grammar import ast as A

from ..characteristics import display_name
from ..choices import Decision, ask
from ..context import Ctx
from ..objects import GameObject, ObjectId, PlayerId
from ..zones import move


def source_name(ctx: Ctx) -> str:
    o = ctx.game.state.objects.get(ctx.source[0])
    return display_name(o) if o is not None else "?"


def current(ctx: Ctx, ids: list[ObjectId]) -> list[GameObject]:
    """The objects of ``ids`` that still exist; the object that triggered a
    zone-change ability, as the new object it became where it went, if that
    zone is public and it is still there (400.7d)."""
    out = []
    for oid in ids:
        o = ctx.game.get(oid)
        if o is None and oid == ctx.trigger_object and ctx.trigger_moved is not None:
            o = ctx.game.get(ctx.trigger_moved)
        if o is not None:
            out.append(o)
    return out


def acted(ctx: Ctx, objs: list[GameObject]) -> None:
    """Later "it" / "that creature" / "them" mean what this instruction acted
    on — nothing, if it acted on nothing (608.2c)."""
    ctx.it = [o.id for o in objs]
    ctx.that = list(ctx.it)
    ctx.them = list(ctx.it)
    ctx.named = True


def not_you(player: object) -> bool:
    return player is not None and not isinstance(player, A.You)


def choose_cards(ctx: Ctx, player: PlayerId, prompt: str, cands: list[GameObject], n: int) -> list[GameObject]:
    """A player picks ``n`` of ``cands`` (all of them if there are no more:
    the only legal answer, taken without asking by :func:`~cardtext.interpreter.choices.ask`,
    which uses up an answer written for it)."""
    if not cands:
        return []
    n = min(n, len(cands))
    d = Decision("pick", player, prompt, [o.id for o in cands], [display_name(o) for o in cands], n, n)
    picked = ask(ctx.game, d)
    return [o for o in cands if o.id in picked]


def choose_up_to(ctx: Ctx, player: PlayerId, prompt: str, cands: list[GameObject], n: int) -> list[GameObject]:
    """A player picks none to ``n`` of ``cands`` ("any number of", "up to N")."""
    if not cands:
        return []
    d = Decision("pick", player, prompt, [o.id for o in cands], [display_name(o) for o in cands], 0, min(n, len(cands)))
    picked = ask(ctx.game, d)
    return [o for o in cands if o.id in picked]


def exile_linked(ctx: Ctx, o: GameObject, *, face_down: bool = False) -> GameObject:
    """Exile ``o``; the card in exile is linked to this ability (607.2a) —
    face down, no player may look at it (406.3)."""
    game = ctx.game
    new = move(game, o, "exile", face_down="exiled" if face_down else None)
    game.set_linked(ctx.source, game.linked(ctx.source).with_exiled(ctx.ability, new.id))
    return new


def looked_cards(ctx: Ctx, ref: A.LookedCards, verb: str) -> list[GameObject]:
    """The cards the ability looked at that are still in the library (each
    still the object it looked at, 400.7); "one of them" is the controller's
    pick among those, "the other" / "the rest" are all of them."""
    remaining = ctx.looked_cards()
    if ref.count is None and not ref.any_number:
        return remaining
    n = len(remaining) if ref.any_number else ctx.quantity(ref.count)
    if not remaining or n <= 0:
        return []
    least = 0 if ref.any_number else min(n, len(remaining))  # "any number of them": none too
    d = Decision("pick", ctx.controller, f"{source_name(ctx)}: {verb} which of the cards you looked at",
                 [o.id for o in remaining], [o.card.name for o in remaining],
                 least, min(n, len(remaining)))  # fmt: skip
    picked = ask(ctx.game, d)
    return [o for o in remaining if o.id in picked]
